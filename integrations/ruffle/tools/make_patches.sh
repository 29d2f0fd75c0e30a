#!/usr/bin/env bash
# Regenerates patches/*.patch from a Ruffle working copy that is a git repository whose
# first commit is the pristine snapshot (maintainers' tool; `run` only applies them).
#   tools/make_patches.sh RUFFLE_WORK_DIR
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
work=${1:?usage: make_patches.sh RUFFLE_WORK_DIR}
cd "$work"
git add -A >/dev/null
base=$(git rev-list --max-parents=0 HEAD)
git diff --cached "$base" -- Cargo.toml core/Cargo.toml > "$here/patches/0001-depend-on-molehill-ruffle.patch"
git diff --cached "$base" -- core/src > "$here/patches/0002-stage3d-on-molehill.patch"
git reset -q
wc -l "$here"/patches/*.patch
