#!/usr/bin/env python3
"""Summarises the per-frame Stage3D timing lines of a Ruffle run.

Both builds write one line per frame (target `stage3d_timing`): the patched one with
`RUST_LOG=stage3d_timing=debug` (molehill-ruffle's `timing` module), the unpatched snapshot with
`tools/own-stage3d-timing.patch` applied and `RUST_LOG=stage3d_timing=info`:

    stage3d frame: 14 calls 0.140 ms (0.131 ms CPU), present 3.104 ms (0.912 ms CPU), together 3.244 ms (1.043 ms CPU)

Usage: stage3d_timing.py [--skip N] [--pool] LOG...   (N first frames of each log left out;
default 1, the frame that compiles the shaders). Prints frames, calls per frame and min / median
/ max ms per frame of each column, wall and CPU: one summary per log, or with --pool one of all
the logs' frames together (rounds of one test).
"""
import re
import statistics
import sys

LINE = re.compile(
    r"stage3d frame: (\d+) calls ([\d.]+) ms \(([\d.]+) ms CPU\), present ([\d.]+) ms "
    r"\(([\d.]+) ms CPU\), together ([\d.]+) ms \(([\d.]+) ms CPU\)"
)
COLUMNS = ["calls", "calls CPU", "present", "present CPU", "together", "together CPU"]


def summary(values):
    return "%.2f / %.2f / %.2f" % (min(values), statistics.median(values), max(values))


def frames(path, skip):
    """The timing lines of the log at `path`, parsed, its first `skip` left out."""
    with open(path, errors="replace") as f:
        return [m.groups() for m in map(LINE.search, f) if m][skip:]


def report(label, rows, skip):
    if not rows:
        print(f"{label}: no timing lines (after skipping {skip})")
        return
    calls = [int(r[0]) for r in rows]
    cells = [summary([float(r[i + 1]) for r in rows]) for i in range(len(COLUMNS))]
    print(f"{label}: {len(rows)} frames, {statistics.median(calls):g} calls/frame (median)")
    for name, cell in zip(COLUMNS, cells):
        print(f"  {name:13} {cell} ms")


def main(argv):
    skip = 1
    pool = False
    while argv[:1] in (["--skip"], ["--pool"]):
        if argv[0] == "--skip":
            skip = int(argv[1])
            argv = argv[2:]
        else:
            pool = True
            argv = argv[1:]
    if not argv:
        sys.exit(__doc__)
    if pool:
        report(f"{len(argv)} logs", [row for path in argv for row in frames(path, skip)], skip)
        return
    for path in argv:
        report(path, frames(path, skip), skip)


if __name__ == "__main__":
    main(sys.argv[1:])
