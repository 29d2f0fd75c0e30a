#!/usr/bin/env python3
"""Prints the ActionScript files an app reaches, dependencies first and the app last.

    closure.py SRC_DIR APP.as

Follows `import a.b.C;` (and `import a.b.*;` by the names used), names of classes in the
same package and of top-level classes (which need no import), through SRC_DIR (package a.b.C lives in SRC_DIR/a/b/C.as). Names that SRC_DIR
does not hold (flash.*, top-level classes) are the compiler's business.

A class's base class and interfaces always come before it (ASC compiling one unit of `-in`
files refuses a forward reference to a base class, #1181); otherwise the order is that of a
depth-first walk, which import cycles leave partly arbitrary.
"""
import os
import re
import sys

IMPORT = re.compile(r"^\s*import\s+([\w.]+(?:\.\*)?)\s*;", re.M)
PACKAGE = re.compile(r"^\s*package\s+([\w.]*)", re.M)
WORD = re.compile(r"\b[A-Za-z_]\w*\b")
COMMENT = re.compile(r"/\*.*?\*/|//[^\n]*", re.S)
STRING = re.compile(r'"(?:[^"\\\n]|\\.)*"' + r"|'(?:[^'\\\n]|\\.)*'")
HEADER = re.compile(
    r"\b(?:class|interface)\s+\w+\s*((?:extends|implements)\s+[\w.\s,]+?)\s*\{")


def main():
    src, app = sys.argv[1], sys.argv[2]
    by_package = {}
    for root, _, files in os.walk(src):
        for name in files:
            if name.endswith(".as"):
                rel = os.path.relpath(root, src)
                package = "" if rel == "." else rel.replace(os.sep, ".")
                by_package.setdefault(package, {})[name[:-3]] = os.path.join(root, name)
    order, seen, bases = [], set(), {}

    def visit(path):
        if path in seen:
            return
        seen.add(path)
        text = STRING.sub('""', COMMENT.sub("", open(path, encoding="utf-8-sig", errors="replace").read()))
        m = PACKAGE.search(text)
        package = m.group(1) if m else ""
        words = set(WORD.findall(text))
        deps = []
        resolve = dict(by_package.get(package, {}))
        for imp in IMPORT.findall(text):
            pkg, _, cls = imp.rpartition(".")
            if cls == "*":
                for c, p in by_package.get(pkg, {}).items():
                    resolve.setdefault(c, p)
        for imp in IMPORT.findall(text):
            pkg, _, cls = imp.rpartition(".")
            if cls != "*" and cls in by_package.get(pkg, {}):
                resolve[cls] = by_package[pkg][cls]
        bases[path] = set()
        for clause in HEADER.findall(text):
            for name in re.split(r"[\s,]+", re.sub(r"\b(?:extends|implements)\b", " ", clause)):
                name = name.rpartition(".")[2]
                if name in resolve and resolve[name] != path:
                    bases[path].add(resolve[name])
        for imp in IMPORT.findall(text):
            pkg, _, cls = imp.rpartition(".")
            classes = by_package.get(pkg, {})
            if cls == "*":
                deps += [p for c, p in classes.items() if c in words]
            elif cls in classes:
                deps.append(classes[cls])
        deps += [p for c, p in by_package.get(package, {}).items() if c in words]
        # Top-level classes (package "") need no import from any package.
        deps += [p for c, p in by_package.get("", {}).items() if c in words]
        for dep in sorted(set(deps)):
            if dep != path:
                visit(dep)
        order.append(path)

    visit(app)
    # Base classes and interfaces first, the walk's order otherwise.
    placed, out = set(), []

    def place(path, trail=()):
        if path in placed:
            return
        if path in trail:
            sys.exit("closure.py: inheritance cycle through " + path)
        for base in sorted(bases.get(path, ()), key=order.index):
            place(base, trail + (path,))
        placed.add(path)
        out.append(path)

    for path in order:
        place(path)
    print("\n".join(out))


if __name__ == "__main__":
    main()
