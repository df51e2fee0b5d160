#!/usr/bin/env python3
"""Checks the size of every function in src/ (issue #29): at most MAX_LONG
functions over LONG lines, none over LIMIT. A function counts from the line
of its name to its closing brace (scripts/c_source.py finds them). Prints
the functions over LONG lines, longest first; exits 1 when a limit is
broken. A long function that must stay whole says why in a comment.

Usage: check-function-sizes.py [--list N] [SRC_DIR]
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from c_source import functions, strip  # noqa: E402

LONG = 100  # lines a reader holds at once
LIMIT = 160  # no function longer, whatever it does
MAX_LONG = 3  # functions allowed between LONG and LIMIT


def main(argv):
    listing = None
    args = list(argv[1:])
    if args[:1] == ["--list"]:
        listing = int(args[1])
        args = args[2:]
    root = args[0] if args else os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "src")
    sizes = []
    for folder, _, files in sorted(os.walk(root)):
        for name in sorted(files):
            if name.endswith((".c", ".h")):
                path = os.path.join(folder, name)
                with open(path, encoding="utf-8") as f:
                    text = strip(f.read())
                for func, _, first, last, _ in functions(text):
                    sizes.append((last - first + 1, os.path.relpath(path, root), first, func))
    sizes.sort(key=lambda s: (-s[0], s[1], s[2]))
    shown = sizes[:listing] if listing else [s for s in sizes if s[0] > LONG]
    for lines, path, first, func in shown:
        print(f"{lines:5d}  {path}:{first}  {func}")
    long = [s for s in sizes if s[0] > LONG]
    over = [s for s in sizes if s[0] > LIMIT]
    ok = len(long) <= MAX_LONG and not over
    print(f"check-function-sizes: {len(sizes)} functions, {len(long)} over {LONG} lines "
          f"(at most {MAX_LONG}), {len(over)} over {LIMIT} (none): {'ok' if ok else 'FAILED'}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
