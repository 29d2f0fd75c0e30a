#!/usr/bin/env python3
"""Say which failed tests of a Ruffle runner log are known differences from Ruffle's stubs.

usage: known_differences.py LIST.toml RUN.log

Reads the runner's `failures:` section (`---- NAME ----` and the error lines under it) and,
for each failed test, prints one line:

  known difference: NAME (image `output`, 1092 outliers): what differs. Why: ...
  not explained: NAME: ...            (a listed test that failed otherwise, or beyond
                                       its max_outliers)

A failed test is a known difference when LIST names it and every error line of its failure is
the image comparison LIST names (`IMAGE failed: Number of outliers (N) ...`) with N at most the
listed max_outliers. Unlisted failures print nothing (the runner's own lines say why). The last
line is `known differences: K of F failed (LIST)` (always printed). The evidence for each
stays in LIST. Exit status 0.
"""
import re
import sys
import tomllib

IMAGE_FAILURE = re.compile(
    r"^(?P<image>\S+) failed: Number of outliers \((?P<outliers>\d+)\) is bigger than "
    r"allowed limit of \d+\. Max difference is (?P<max>\d+)$"
)


def failures(log_text):
    """{test name: [error lines]} from the runner's failures section."""
    out = {}
    current = None
    for line in log_text.splitlines():
        m = re.match(r"^---- (.+) ----$", line)
        if m:
            current = m.group(1)
            out[current] = []
            continue
        if current is None:
            continue
        if line == "failures:" or line.startswith("test result: "):
            current = None
            continue
        if line.strip():
            out[current].append(line.strip())
    return out


def main(argv):
    if len(argv) != 3:
        sys.exit(__doc__)
    with open(argv[1], "rb") as f:
        listed = {d["test"]: d for d in tomllib.load(f).get("difference", [])}
    with open(argv[2], encoding="utf-8", errors="replace") as f:
        failed = failures(f.read())
    known = 0
    for name, lines in failed.items():
        entry = listed.get(name)
        if entry is None:
            continue
        matches = [IMAGE_FAILURE.match(l) for l in lines]
        ok = (
            bool(matches)
            and all(m and m.group("image") == entry["image"] for m in matches)
            and all(int(m.group("outliers")) <= entry["max_outliers"] for m in matches)
        )
        if ok:
            known += 1
            outliers = ", ".join(m.group("outliers") for m in matches)
            print(
                f"known difference: {name} (image `{entry['image']}`, {outliers} outliers): "
                f"{entry['differs']}. Why: {entry['why']}."
            )
        else:
            print(
                f"not explained: {name} is a known difference only when its image "
                f"`{entry['image']}` alone fails with at most {entry['max_outliers']} "
                f"outliers; it failed with: {' | '.join(lines) or '(no message)'}"
            )
    print(f"known differences: {known} of {len(failed)} failed ({argv[1]})")


if __name__ == "__main__":
    main(sys.argv)
