#!/usr/bin/env python3
"""Prints the ActionScript files an app reaches, dependencies first and the app last.

    closure.py SRC_DIR APP.as

Follows `import a.b.C;` (and `import a.b.*;` by the names used), and names of classes in the
same package, through SRC_DIR (package a.b.C lives in SRC_DIR/a/b/C.as). Names that SRC_DIR
does not hold (flash.*, top-level classes) are the compiler's business.
"""
import os
import re
import sys

IMPORT = re.compile(r"^\s*import\s+([\w.]+(?:\.\*)?)\s*;", re.M)
PACKAGE = re.compile(r"^\s*package\s+([\w.]*)", re.M)
WORD = re.compile(r"\b[A-Za-z_]\w*\b")
COMMENT = re.compile(r"/\*.*?\*/|//[^\n]*", re.S)


def main():
    src, app = sys.argv[1], sys.argv[2]
    by_package = {}
    for root, _, files in os.walk(src):
        for name in files:
            if name.endswith(".as"):
                rel = os.path.relpath(root, src)
                package = "" if rel == "." else rel.replace(os.sep, ".")
                by_package.setdefault(package, {})[name[:-3]] = os.path.join(root, name)
    order, seen = [], set()

    def visit(path):
        if path in seen:
            return
        seen.add(path)
        text = COMMENT.sub("", open(path, encoding="utf-8", errors="replace").read())
        m = PACKAGE.search(text)
        package = m.group(1) if m else ""
        words = set(WORD.findall(text))
        deps = []
        for imp in IMPORT.findall(text):
            pkg, _, cls = imp.rpartition(".")
            classes = by_package.get(pkg, {})
            if cls == "*":
                deps += [p for c, p in classes.items() if c in words]
            elif cls in classes:
                deps.append(classes[cls])
        deps += [p for c, p in by_package.get(package, {}).items() if c in words]
        for dep in sorted(set(deps)):
            if dep != path:
                visit(dep)
        order.append(path)

    visit(app)
    print("\n".join(order))


if __name__ == "__main__":
    main()
