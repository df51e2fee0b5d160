#!/usr/bin/env python3
"""Checks that no circle of calls joins the files of src/ (issue #29): file
A calls file B when A names a function that B defines with external linkage
(a name A defines itself, static or not, stays A's). Headers' inline
functions belong to the files that include them and are not counted.
Prints each circle (a strongly connected group of files) and exits 1 when
there is one that --allow does not name (its files, comma-separated, as
printed); --graph prints every file's calls.

Usage: check-call-cycles.py [--graph] [--allow FILE,FILE...]... [SRC_DIR]
"""
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from c_source import functions, strip  # noqa: E402

WORD = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


def read(root):
    defined = {}  # file -> names it defines
    exported = {}  # name -> file defining it with external linkage
    words = {}  # file -> identifiers it uses (calls, tables of functions)
    for folder, _, files in sorted(os.walk(root)):
        for name in sorted(files):
            if not name.endswith(".c"):
                continue
            path = os.path.relpath(os.path.join(folder, name), root)
            with open(os.path.join(folder, name), encoding="utf-8") as f:
                text = strip(f.read())
            defined[path] = set()
            words[path] = set()
            for func, is_static, _, _, _ in functions(text):
                defined[path].add(func)
                if not is_static:
                    exported.setdefault(func, path)
            words[path].update(WORD.findall(text))
    calls = {}
    for path, used in words.items():
        calls[path] = sorted({exported[w] for w in used
                              if w in exported and w not in defined[path] and exported[w] != path})
    return calls


def circles(graph):
    """Tarjan's strongly connected components with more than one file."""
    index, low, stack, on_stack, found = {}, {}, [], set(), []
    counter = [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on_stack.add(v)
        for w in graph.get(v, []):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    sys.setrecursionlimit(10000)
    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def main(argv):
    args = list(argv[1:])
    show = "--graph" in args
    if show:
        args.remove("--graph")
    allowed = []
    while "--allow" in args:
        i = args.index("--allow")
        allowed.append(sorted(args[i + 1].split(",")))
        del args[i:i + 2]
    root = args[0] if args else os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "src")
    calls = read(root)
    if show:
        for path in sorted(calls):
            print(f"{path} -> {' '.join(calls[path])}")
    found = circles(calls)
    known = [g for g in found if g in allowed]
    found = [g for g in found if g not in allowed]
    for group in known + found:
        members = set(group)
        print(("allowed circle: " if group in known else "circle: ") + ", ".join(group))
        for path in group:
            inner = [c for c in calls[path] if c in members]
            print(f"  {path} -> {' '.join(inner)}")
    print(f"check-call-cycles: {len(calls)} files, {len(found)} circle(s): {'FAILED' if found else 'ok'}")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
