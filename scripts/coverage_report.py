#!/usr/bin/env python3
"""Line and branch coverage of the parts of src/ from a --coverage build.

    scripts/coverage_report.py BUILD PART...            # one summary line a part
    scripts/coverage_report.py BUILD --missed REGEX     # what is left, by file

Reads every .gcda under BUILD through gcc's own `gcov --json-format`, which
keeps each function's lines and branches apart, and counts:

- lines: each line of each function once (the same function compiled into
  several objects, as the planner's helpers in planner_ring.h are, is one
  function: its counts add up). The instances of a template header
  (src/campaign/search_core.h, included once per search with other macros)
  are different functions on the same lines and count once each: a search
  that no test runs shows as missed lines, even where another search runs
  the same text.
- branches: each outcome of each condition of each function (of each
  instance), taken when its count is above 0.

As gcovr's --exclude-unreachable-branches, a line of braces only has no
branches and such a line never run is no line; C has no exception branches.
The markers of gcovr and lcov exclude what they mark: `GCOVR_EXCL_LINE`,
`GCOVR_EXCL_START` ... `GCOVR_EXCL_STOP` (lines and branches),
`GCOVR_EXCL_BR_LINE`, `GCOVR_EXCL_BR_START` ... `GCOVR_EXCL_BR_STOP`
(branches only); docs/reliability.md lists every one and why.

gcov's text output (what gcovr 5 reads) leaves out the branches of
functions that begin on the same line, which dropped every branch of the
search_core.h instances: hence this reader.
"""
import argparse
import collections
import concurrent.futures
import json
import os
import re
import subprocess
import sys

MARKER = re.compile(r"\b(?:GCOVR?|LCOV)_EXCL_(BR_)?(LINE|START|STOP)\b")
CPP_COMMENT = re.compile(r"//.*$")
C_COMMENT = re.compile(r"/\*.*?\*/")


def strip_comments(text):
    return C_COMMENT.sub("", CPP_COMMENT.sub("", text)).strip()


def is_non_code(text):
    """gcovr's test: a line that holds no code (a brace, else, a comment)."""
    return strip_comments(text) in ("", "{", "}", "else")


def may_branch(text):
    """gcovr's test for --exclude-unreachable-branches."""
    return strip_comments(text).replace(" ", "") not in ("", "{", "}", "{}")


class Source:
    """A source file's text and its exclusion markers."""

    def __init__(self, path, markers=True):
        with open(path, encoding="utf-8", errors="replace") as f:
            self.text = f.read().split("\n")
        self.no_line = set()
        self.no_branch = set()
        open_at = {"": None, "BR_": None}
        for n, text in enumerate(self.text if markers else [], 1):
            for m in MARKER.finditer(text):
                kind, what = m.group(1) or "", m.group(2)
                if what == "LINE":
                    (self.no_branch if kind else self.no_line).add(n)
                elif what == "START":
                    open_at[kind] = n
                elif open_at[kind] is not None:
                    span = range(open_at[kind], n + 1)
                    (self.no_branch if kind else self.no_line).update(span)
                    open_at[kind] = None
        self.no_branch |= self.no_line

    def line(self, n):
        return self.text[n - 1] if 0 < n <= len(self.text) else ""


def run_gcov(gcda):
    out = subprocess.run(["gcov", "--json-format", "--branch-probabilities", "--stdout", gcda],
                         cwd=os.path.dirname(gcda), capture_output=True, check=True)
    return json.loads(out.stdout)


def collect(build, root):
    gcdas = []
    for d, _, files in os.walk(build):
        gcdas += [os.path.join(d, f) for f in files if f.endswith(".gcda")]
    lines = collections.defaultdict(int)       # (file, line, function) -> count
    branches = {}                              # (file, line, function) -> [counts]
    src = os.path.join(root, "src") + os.sep
    with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
        for data in pool.map(run_gcov, sorted(gcdas)):
            for f in data["files"]:
                path = os.path.normpath(os.path.join(data["current_working_directory"], f["file"]))
                if not path.startswith(src):
                    continue
                rel = os.path.relpath(path, root)
                for ln in f["lines"]:
                    key = (rel, ln["line_number"], ln.get("function_name", ""))
                    lines[key] += ln["count"]
                    arcs = [b["count"] for b in ln["branches"] if not b.get("throw")]
                    if not arcs:
                        continue
                    old = branches.get(key)
                    if old is None:
                        branches[key] = arcs
                    elif len(old) == len(arcs):
                        branches[key] = [a + b for a, b in zip(old, arcs)]
                    else:  # another shape of the same line: kept apart
                        branches[key + (len(arcs),)] = arcs
    return lines, branches


def measure(build, root, markers=True):
    lines, branches = collect(build, root)
    sources = {}

    def source(rel):
        if rel not in sources:
            sources[rel] = Source(os.path.join(root, rel), markers)
        return sources[rel]

    line_rows = {}
    for (rel, n, fn), count in lines.items():
        s = source(rel)
        if n in s.no_line or (count == 0 and is_non_code(s.line(n))):
            continue
        line_rows[(rel, n, fn)] = count
    branch_rows = {}
    for key, arcs in branches.items():
        rel, n = key[0], key[1]
        s = source(rel)
        if n in s.no_branch or not may_branch(s.line(n)):
            continue
        branch_rows[key] = arcs
    return line_rows, branch_rows


def percent(hit, total):
    return "--" if total == 0 else f"{100.0 * hit / total:.1f}%"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("build")
    ap.add_argument("parts", nargs="*", help="folders of src/ (core, campaign, ...)")
    ap.add_argument("--root", default=".", help="the source tree (default: .)")
    ap.add_argument("--missed", metavar="REGEX",
                    help="list the lines and branches not run in the files that match")
    ap.add_argument("--no-markers", action="store_true",
                    help="ignore the exclusion markers (to see what they exclude)")
    args = ap.parse_args()
    root = os.path.abspath(args.root)
    line_rows, branch_rows = measure(os.path.abspath(args.build), root, not args.no_markers)

    if args.parts:
        print(f"{'part':<18} {'lines':>8} {'branches':>8}   lines (run/all), branches (taken/all)")
    for part in args.parts:
        prefix = f"src/{part}/"
        lt = [c for (rel, _, _), c in line_rows.items() if rel.startswith(prefix)]
        bt = [a for key, arcs in branch_rows.items() if key[0].startswith(prefix) for a in arcs]
        lh = sum(1 for c in lt if c > 0)
        bh = sum(1 for a in bt if a > 0)
        print(f"{'src/' + part:<18} {percent(lh, len(lt)):>8} {percent(bh, len(bt)):>8}"
              f"   {lh}/{len(lt)}, {bh}/{len(bt)}")

    if args.missed:
        pat = re.compile(args.missed)
        rows = collections.defaultdict(list)
        for (rel, n, fn), c in line_rows.items():
            if c == 0 and pat.search(rel):
                rows[rel].append((n, fn, "line not run", ""))
        for key, arcs in branch_rows.items():
            rel, n, fn = key[0], key[1], key[2]
            if pat.search(rel) and 0 in arcs:
                taken = sum(1 for a in arcs if a > 0)
                rows[rel].append((n, fn, f"branches {taken}/{len(arcs)}", arcs))
        for rel in sorted(rows):
            s = Source(os.path.join(root, rel))
            for n, fn, what, arcs in sorted(rows[rel], key=lambda r: (r[0], r[1])):
                print(f"{rel}:{n}: {fn}: {what} {arcs}\n    {s.line(n).strip()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
