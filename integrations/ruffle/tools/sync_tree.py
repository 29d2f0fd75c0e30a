#!/usr/bin/env python3
"""Make DST hold what SRC holds, touching only the files whose bytes differ.

Cargo decides what to rebuild from file modification times: copying a whole Ruffle tree anew
would rebuild every Ruffle crate (minutes). This copies new and changed files, removes the
files SRC lacks, and leaves every identical file (and its time) alone.

usage: sync_tree.py SRC DST [--keep NAME]...
  --keep NAME   a path (relative to DST) never removed or overwritten when DST has it
                (the scratch tree's Cargo.lock, which cargo completes on the first build).
"""
import filecmp
import os
import shutil
import sys


def main(argv):
    args = list(argv[1:])
    keep = set()
    while "--keep" in args:
        i = args.index("--keep")
        keep.add(args[i + 1])
        del args[i : i + 2]
    if len(args) != 2:
        sys.exit(__doc__)
    src, dst = args
    changed = removed = 0
    for root, dirs, files in os.walk(src):
        rel = os.path.relpath(root, src)
        out = os.path.normpath(os.path.join(dst, rel))
        os.makedirs(out, exist_ok=True)
        for name in files:
            r = os.path.normpath(os.path.join(rel, name))
            s, d = os.path.join(root, name), os.path.join(out, name)
            if r in keep and os.path.exists(d):
                continue
            if not os.path.exists(d) or not filecmp.cmp(s, d, shallow=False):
                shutil.copy2(s, d)
                changed += 1
    for root, dirs, files in os.walk(dst, topdown=True):
        rel = os.path.relpath(root, dst)
        for name in list(dirs):
            r = os.path.normpath(os.path.join(rel, name))
            if not os.path.isdir(os.path.join(src, r)) and r not in keep:
                shutil.rmtree(os.path.join(root, name))
                dirs.remove(name)
                removed += 1
        for name in files:
            r = os.path.normpath(os.path.join(rel, name))
            if not os.path.exists(os.path.join(src, r)) and r not in keep:
                os.remove(os.path.join(root, name))
                removed += 1
    print(f"sync: {changed} files written, {removed} removed", file=sys.stderr)


if __name__ == "__main__":
    main(sys.argv)
