#!/usr/bin/env bash
# Regenerates patches/*.patch from a Ruffle working copy: a git work tree whose history holds the
# commit the patches are made against (tools/prepare.sh's ruffle_commit; a clone of Ruffle or a
# worktree of one), or, failing that, whose first commit is a pristine copy of that commit.
# Maintainers' tool; `run` only applies them.
#   tools/make_patches.sh RUFFLE_WORK_DIR
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
work=${1:?usage: make_patches.sh RUFFLE_WORK_DIR}
# shellcheck source=prepare.sh
. "$here/tools/prepare.sh"
cd "$work"
if ! base=$(git rev-parse -q --verify "$ruffle_commit^{commit}"); then
    base=$(git rev-list --max-parents=0 HEAD)
fi
git add -A >/dev/null
git diff --cached "$base" -- Cargo.toml core/Cargo.toml > "$here/patches/0001-depend-on-molehill-ruffle.patch"
git diff --cached "$base" -- core/src > "$here/patches/0002-stage3d-on-molehill.patch"
git reset -q
wc -l "$here"/patches/*.patch
