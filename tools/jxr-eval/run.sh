#!/bin/sh
# Runs every check of the jxr evaluation (README.md). Needs rustup's 1.99.1 toolchain
# (rust-toolchain.toml pins it), Debian's libjxr-tools (JxrEncApp, JxrDecApp), libclang-dev
# (the jpegxr crate's bindgen) and Python 3. Writes its results under out/.
set -eu
cd "$(dirname "$0")"
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$(cd ../.. && pwd)/target}"
mkdir -p out
cargo build --release
BIN="$CARGO_TARGET_DIR/release/jxr-eval"
SHARED="${MOLEHILL_SHARED:-../../../shared}"

echo "== 1. ATF files (tests/conformance/textures/atf, $SHARED/atf)"
"$BIN" atf | tee out/atf-result.txt | grep -E "ATF|total|ONLY|only|DIFF|differ" || true

echo "== 2. generated sweep (JxrEncApp options)"
[ -d out/sweep ] || python3 make_sweep.py out/sweep --big
"$BIN" dir out/sweep > out/sweep-result.txt || true
tail -1 out/sweep-result.txt
grep -E "ONLY|only jxrlib|[1-9][0-9]* different" out/sweep-result.txt || true

echo "== 3. robustness (jxr only; mutated inputs)"
SEEDS="../../tests/conformance/textures/atf out/sweep"
[ -d "$SHARED/atf" ] && SEEDS="$SEEDS $SHARED/atf"
/usr/bin/time -v "$BIN" fuzz --seconds "${FUZZ_SECONDS:-150}" $SEEDS 2> out/fuzz-time.txt | tee out/fuzz-result.txt
grep -E "Maximum resident" out/fuzz-time.txt
"$BIN" fuzz-jxrlib --max "${JXRLIB_MUTATIONS:-3000}" $SEEDS | tail -1 | tee out/fuzz-jxrlib.txt
for f in out/sweep/rgb_mixed_130x70_q1_l1_f.jxr out/sweep/gray_mixed_53x29_q0p5_l1_f.jxr; do
  for s in "4096 4096" "16384 16384" "65536 65536"; do
    "$BIN" bigheader $f $s; "$BIN" bigheader $f $s --default-limits
  done
done | tee out/bigheader.txt

echo "== 4. speed (noisy on a shared machine: min / median)"
BENCH="out/sweep/big/*.jxr"
[ -f "$SHARED/atf/ruffle_logo.compressed_alpha.atf" ] && BENCH="$BENCH $SHARED/atf/ruffle_logo.compressed_alpha.atf"
"$BIN" bench --iters "${BENCH_ITERS:-9}" $BENCH | tee out/bench-result.txt

echo "== 5. weight and wasm32"
cargo tree -p jxr -e normal,build | tee out/jxr-tree.txt
rustup target add wasm32-unknown-unknown >/dev/null 2>&1 || true
(cd wasm-smoke && cargo build --release --target wasm32-unknown-unknown)
F="out/sweep/big/rgb_mixed_1024_q0p8.jxr out/sweep/rgb_mixed_130x70_q0p5_s3_l2_U22.jxr out/sweep/bgra_mixed_61x37_a3_q0p8.jxr"
"$BIN" checksum $F
node wasm-smoke/run.mjs "$CARGO_TARGET_DIR/wasm32-unknown-unknown/release/jxr_wasm_smoke.wasm" $F
