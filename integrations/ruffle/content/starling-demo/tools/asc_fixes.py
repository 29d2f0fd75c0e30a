#!/usr/bin/env python3
"""Compile fixes for Ruffle's playerglobal_import.abc, applied in place to a source tree.

    asc_fixes.py SRC_DIR

ASC `-AS3` refuses code that names Flash API members Ruffle's playerglobal lacks or declares
twice; each fix below keeps what the code does in Flash (the member is looked up at run time
instead) and applies only where its pattern occurs. Prints what it changed.

One more is ASC's, not Ruffle's: its multi-file compiler rejects an override in a user
namespace declared in the sources (Starling 2's `override starling_internal function updateTransformationMatrices`:
"Error #1004: Namespace was not found or is not a compile-time constant"), which mxmlc
compiles. Every method or accessor some file overrides in a user namespace is declared
`public` instead, in every file, and qualified uses `NS::NAME` of it become `NAME`: the same
member, reached the same way from code that uses the namespace.
"""
import os
import re
import sys

FIXES = [
    # Ruffle declares String.fromCharCode in two namespaces: "ambiguous reference" under -AS3.
    (re.compile(r"\bString\.fromCharCode\("), "Object(String).fromCharCode(",
     "String.fromCharCode -> Object(String).fromCharCode"),
    # Ruffle's flash.ui.Mouse has no `cursor`.
    (re.compile(r"\bMouse\.cursor\b"), 'Mouse["cursor"]', 'Mouse.cursor -> Mouse["cursor"]'),
    # Ruffle's VideoTexture has no videoWidth / videoHeight.
    (re.compile(r"\b(base|_base|videoTexture)\.video(Width|Height)\b"), r'\1["video\2"]',
     'VideoTexture.videoWidth/Height -> ["videoWidth"]/["videoHeight"]'),
]


ACCESS = {"public", "protected", "private", "internal", "final", "static", "native"}
NS_OVERRIDE = re.compile(
    r"\b(?:override\s+(\w+)|(\w+)\s+override)\s+function\s+(?:(?:get|set)\s+)?(\w+)\b")


COMMENT = re.compile(r"/\*.*?\*/|//[^\n]*", re.S)
NAMESPACE = re.compile(r"\bnamespace\s+(\w+)")


def namespace_overrides(texts):
    """The (namespace, name) pairs overridden in a namespace declared in the tree, as fixes
    (namespaces of the imported playerglobal, such as flash_proxy, compile as they are)."""
    code = [COMMENT.sub("", text) for text in texts]
    declared = {ns for text in code for ns in NAMESPACE.findall(text)}
    pairs = set()
    for text in code:
        for a, b, name in NS_OVERRIDE.findall(text):
            ns = a or b
            if ns in declared and ns not in ACCESS:
                pairs.add((ns, name))
    fixes = []
    for ns, name in sorted(pairs):
        fixes.append((re.compile(
            r"\b(?:(override)\s+%s|%s\s+(override)|%s)(\s+function\s+(?:(?:get|set)\s+)?%s\b)"
            % (ns, ns, ns, name)),
            lambda m: ("override public" if (m.group(1) or m.group(2)) else "public") + m.group(3),
            "%s function %s -> public (an override in a user namespace)" % (ns, name)))
        fixes.append((re.compile(r"\b%s::%s\b" % (ns, name)), name, "%s::%s -> %s" % (ns, name, name)))
    return fixes


def main():
    root = sys.argv[1]
    paths = [os.path.join(d, n) for d, _, names in os.walk(root) for n in names if n.endswith(".as")]
    texts = {p: open(p, encoding="utf-8-sig").read() for p in paths}
    fixes = FIXES + namespace_overrides(texts.values())
    for path in sorted(paths):
        text = new = texts[path]
        for pattern, repl, what in fixes:
            new, n = pattern.subn(repl, new)
            if n:
                print("asc_fixes: %s: %s (%d)" % (os.path.relpath(path, root), what, n), file=sys.stderr)
        if new != text:
            open(path, "w", encoding="utf-8").write(new)


if __name__ == "__main__":
    main()
