#!/usr/bin/env bash
# Regenerates patches/*.patch from a Ruffle working copy: a git work tree whose history holds the
# commit the patches are made against (tools/prepare.sh's ruffle_commit; a clone of Ruffle or a
# worktree of one), or, failing that, whose first commit is a pristine copy of that commit.
# Each commit above that one becomes one patch, NNNN-<its subject>.patch, in order (the series
# as a reviewer reads it); changes not committed are refused. Only Cargo.toml, core/Cargo.toml,
# core/src, render/src and render/wgpu/src are compared. Maintainers' tool; `run` only applies them.
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
paths=(Cargo.toml core/Cargo.toml core/src render/src render/wgpu/src)
if [ -n "$(git status --porcelain -- "${paths[@]}")" ]; then
    echo "make_patches.sh: $work has changes not committed (git status); commit them as the patch they belong to" >&2
    exit 2
fi
commits=$(git rev-list --reverse "$base..HEAD")
[ -n "$commits" ] || { echo "make_patches.sh: no commit above ${base:0:10} in $work" >&2; exit 2; }
rm -f "$here"/patches/*.patch
n=0
for commit in $commits; do
    n=$((n + 1))
    slug=$(git log -1 --format=%s "$commit" | sed 's/:.*//' | tr 'A-Z' 'a-z' | sed 's/[^a-z0-9]\{1,\}/-/g; s/^-//; s/-$//' | cut -c1-60 | sed 's/-$//')
    file=$(printf '%s/patches/%04d-%s.patch' "$here" "$n" "$slug")
    { git log -1 --format='%s%n%n%b' "$commit" | sed 's/^/# /; s/ $//'; git diff "$commit^" "$commit" -- "${paths[@]}"; } > "$file"
done
wc -l "$here"/patches/*.patch
