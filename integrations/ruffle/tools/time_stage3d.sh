#!/usr/bin/env bash
# Times the Stage3D work per frame of Ruffle tests, Ruffle's own Stage3D against Molehill's
# (GL and wgpu), one test at a time, rounds alternating in one session; prints
# tools/stage3d_timing.py's summary (wall and CPU time of the VM's thread) per test and build.
#
#   tools/time_stage3d.sh [--rounds N] [--out DIR] TEST...
#
# TEST is a runner test name (avm2/stage3d_raytrace). Needs both builds made first:
#   MOLEHILL_RUFFLE_OWN   the unpatched snapshot with tools/own-stage3d-timing.patch applied and its
#                         test runner built (`cargo test -p tests --features imgtests,jpegxr,lzma
#                         --test tests --no-run`, into the same target folder); default ../ruffle-own
#                         (its build's output saved as ../ruffle-own.build.log names the runner)
#   MOLEHILL_RUFFLE_SCRATCH  the patched tree `run` made and built (default ../ruffle-scratch)
#   MOLEHILL_RUFFLE_TARGET   the one target folder of both (default ../ruffle-target)
# A test that exists only in another Ruffle tree (run --ruffle DIR) must be in both trees.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
repo=$(cd "$here/../.." && pwd)
own=${MOLEHILL_RUFFLE_OWN:-$(dirname "$repo")/ruffle-own}
scratch=${MOLEHILL_RUFFLE_SCRATCH:-$(dirname "$repo")/ruffle-scratch}
export CARGO_TARGET_DIR=${MOLEHILL_RUFFLE_TARGET:-$(dirname "$repo")/ruffle-target}
rounds=3
out=""
tests=()
while [ $# -gt 0 ]; do
    case "$1" in
        --rounds) rounds=$2; shift 2 ;;
        --out) out=$2; mkdir -p "$out"; shift 2 ;;
        -h|--help) sed -n '1d;/^#/!q;p' "$0"; exit 0 ;;
        *) tests+=("$1"); shift ;;
    esac
done
[ ${#tests[@]} -gt 0 ] || { echo "time_stage3d: name at least one test" >&2; exit 2; }
[ -n "$out" ] || out=$(mktemp -d)

# The newest test runner each tree's build log names, else the newest one cargo would run;
# nothing (and the check below says so) when neither names one.
runner_of() {
    local tree=$1 log=$2
    if [ -f "$log" ]; then
        "$here/tools/runner_of_log" "$log"
    else
        (cd "$tree" && cargo test -p tests --features imgtests,jpegxr,lzma --test tests --no-run 2>&1) \
            | "$here/tools/runner_of_log"
    fi
}
own_runner=$(runner_of "$own" "$own.build.log")
mh_runner=$(runner_of "$scratch" "$scratch.build.log")
[ -x "$own_runner" ] && [ -x "$mh_runner" ] || { echo "time_stage3d: build both trees first" >&2; exit 2; }
export XDG_RUNTIME_DIR=${XDG_RUNTIME_DIR:-$(mktemp -d)}
export RUFFLE_TEST_OPTS="${RUFFLE_TEST_OPTS:---compile-mode=use-precompiled}"

for round in $(seq 1 "$rounds"); do
    for t in "${tests[@]}"; do
        name=${t//\//_}
        (cd "$own/tests" && RUST_LOG=stage3d_timing=info "$own_runner" --exact "$t" --test-threads 1) \
            > "$out/own-$name-$round.log" 2>&1 || true
        for backend in gl wgpu; do
            (cd "$scratch/tests" && MOLEHILL_BACKEND=$backend RUST_LOG=stage3d_timing=debug \
                "$mh_runner" --exact "$t" --test-threads 1) > "$out/$backend-$name-$round.log" 2>&1 || true
        done
    done
done
for t in "${tests[@]}"; do
    name=${t//\//_}
    for build in own gl wgpu; do
        # This run's rounds together (not older logs in an --out folder), each round's first
        # frame (shader compiles) left out.
        logs=()
        for round in $(seq 1 "$rounds"); do logs+=("$out/$build-$name-$round.log"); done
        echo "== $t, $build"
        python3 "$here/tools/stage3d_timing.py" --skip 1 --pool "${logs[@]}"
    done
done
echo "logs: $out"
