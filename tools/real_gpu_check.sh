#!/bin/bash
# Molehill on a machine with a real GPU: the conformance suite on every backend, then both
# baselines (and Ruffle's Stage3D, when its bench binary is given), each log written to OUT.
#
#   tools/real_gpu_check.sh [--molehill BIN] [--ruffle-bench BIN] [--out DIR] [--frames N]
#
# BIN defaults to target/release/molehill (build it with `cargo build --release -p molehill-cli`;
# the binary needs only glibc 2.34, so one built on Debian 12 runs on Ubuntu 24.04). The GPU's
# Vulkan ICD and EGL vendor library must be installed (libvulkan1, libegl1; on NVIDIA's
# containers set VK_DRIVER_FILES and __EGL_VENDOR_LIBRARY_FILENAMES to the driver's JSON files).
# What each step found on an NVIDIA H200: docs/conformance.md, "On a real GPU".
set -u
molehill=target/release/molehill ruffle_bench="" out=real-gpu-logs frames=100
while [ $# -gt 0 ]; do
    case "$1" in
        --molehill) molehill=$2; shift 2 ;;
        --ruffle-bench) ruffle_bench=$2; shift 2 ;;
        --out) out=$2; shift 2 ;;
        --frames) frames=$2; shift 2 ;;
        -h|--help) sed -n '2,11p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "real_gpu_check.sh: unknown argument $1 (see --help)" >&2; exit 2 ;;
    esac
done
[ -x "$molehill" ] || { echo "real_gpu_check.sh: no molehill binary at $molehill (cargo build --release -p molehill-cli)" >&2; exit 2; }
mkdir -p "$out"
: "${XDG_RUNTIME_DIR:=$(mktemp -d)}"; export XDG_RUNTIME_DIR
export RUST_LOG=${RUST_LOG:-warn}
status=0
step() {
    local name=$1 limit=$2; shift 2
    echo "=== $name: $*"
    local start=$SECONDS
    timeout "$limit" "$@" >"$out/$name.log" 2>&1
    local rc=$?
    echo "rc $rc, $((SECONDS - start)) s"
    [ $rc -eq 0 ] || status=1
    grep -E '^(FAIL|SKIP)' "$out/$name.log" | cut -c1-200
    tail -n 1 "$out/$name.log"
}
for backend in gl wgpu wgpu-gl; do
    step "replay-$backend" 300 "$molehill" replay tests/conformance --backend "$backend"
done
for backend in wgpu gl; do
    step "bench-$backend" 600 "$molehill" bench --baseline --backend "$backend" --frames "$frames" --rounds 5
    grep -E 'draws per frame|ratio molehill/raw|pictures' "$out/bench-$backend.log"
done
if [ -n "$ruffle_bench" ]; then
    step ruffle-bench 600 "$ruffle_bench" --frames 30 --rounds 5
    sed -n '/^scenario/,$p' "$out/ruffle-bench.log"
fi
exit $status
