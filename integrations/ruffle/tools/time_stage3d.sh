#!/usr/bin/env bash
# Times the Stage3D work per frame of Ruffle tests, Ruffle's own Stage3D against Molehill's
# (GL and wgpu), one test at a time, rounds alternating in one session; prints
# tools/stage3d_timing.py's summary (wall and CPU time of the VM's thread) per test and build.
#
#   tools/time_stage3d.sh --ruffle DIR [--rounds N] [--out DIR] TEST...
#
# TEST is a runner test name (avm2/stage3d_raytrace). DIR is the Ruffle checkout (as for `run`;
# the same checks): both builds are made from it, each into its own copy, into the one target
# folder, before the rounds:
#   MOLEHILL_RUFFLE_OWN      DIR with tools/own-stage3d-timing.patch applied: Ruffle's own
#                            Stage3D, timed the same way (default target/ruffle-own in the repository)
#   MOLEHILL_RUFFLE_SCRATCH  DIR patched to play Stage3D on Molehill, the tree `run` makes
#                            (default target/ruffle-scratch)
#   MOLEHILL_RUFFLE_TARGET   the one target folder of both (default target/ruffle-target)
# A test folder added to DIR (the content demos' install scripts) is in both builds.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
repo=$(cd "$here/../.." && pwd)
ruffle=""
rounds=3
out=""
tests=()
while [ $# -gt 0 ]; do
    case "$1" in
        --ruffle) ruffle=${2:?--ruffle needs a folder}; shift 2 ;;
        --ruffle=*) ruffle=${1#--ruffle=}; shift ;;
        --rounds) rounds=${2:?--rounds needs a number}; shift 2 ;;
        --out) out=${2:?--out needs a folder}; mkdir -p "$out"; shift 2 ;;
        -h|--help) sed -n '1d;/^#/!q;p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        -*) echo "time_stage3d: unknown option $1" >&2; exit 2 ;;
        *) tests+=("$1"); shift ;;
    esac
done
[ ${#tests[@]} -gt 0 ] || { echo "time_stage3d: name at least one test" >&2; exit 2; }
case "$rounds" in ''|*[!0-9]*|0) echo "time_stage3d: --rounds must be a positive number" >&2; exit 2 ;; esac
[ -n "$out" ] || out=$(mktemp -d)

tool=time_stage3d
backend=gl # both backends run: check for EGL too
# shellcheck source=prepare.sh
. "$here/tools/prepare.sh"
check_ruffle_checkout
check_build_tools "$runner_features"
prepare_own
build_runner "$own.build.log"
own_runner=$runner
prepare_scratch
build_runner "$scratch.build.log" "$molehill_feature"
mh_runner=$runner
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
