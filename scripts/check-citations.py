#!/usr/bin/env python3
"""Checks that docs/rules/ cites the rule texts one way.

Each page docs/rules/<module>.md opens with a tag table (a Markdown table
whose first column is "tag"): every tag it names stands for a part of the
rule text. The checker then verifies that

- every rule line of the page (each bullet, numbered item and table row
  after the tag table) cites at least one tag of the table;
- every bracketed citation in the page, and in the doc comments of the
  matching header include/warrules/<module>.h, is made of tags of the table.

A citation is a bracket holding one tag or several separated by ", "; a
numbered tag may be given as a range ([Casualties 2-3] for [Casualties 2]
and [Casualties 3]). A table row may define a numbered run of tags as
"[Casualties 1] ... [Casualties 8]".

Usage: check-citations.py [repository root]   (default: the script's parent)
Exits 0 when every page passes, 1 otherwise, printing each problem as
file:line: message.
"""

import os
import re
import sys

MODULES = ("battlesystem", "campaign", "melee")

BRACKET = re.compile(r"\[([^\[\]]+)\]")
CODE_SPAN = re.compile(r"`[^`]*`")
LINK_TAIL = re.compile(r"\]\(")
ITEM_START = re.compile(r"^\s*(?:[-*+]|\d+\.)\s+")
TABLE_ROW = re.compile(r"^\s*\|")
TABLE_RULE = re.compile(r"^\s*\|[\s:|-]+\|\s*$")
NUMBERED_TAG = re.compile(r"^(.*\S)\s+(\d+)$")
RUN = re.compile(r"^\[([^\[\]]+)\]\s*(?:\.\.\.|…)\s*\[([^\[\]]+)\]$")


def cells(line):
    """The cells of a Markdown table row."""
    return [c.strip() for c in line.strip().strip("|").split("|")]


def strip_code(text):
    """The text with its inline code spans blanked out."""
    return CODE_SPAN.sub(lambda m: " " * len(m.group(0)), text)


class Tags:
    """The tags of one page's table, and the parsing of citations against them."""

    def __init__(self):
        self.tags = set()
        self.order = []

    def add(self, tag):
        if tag not in self.tags:
            self.tags.add(tag)
            self.order.append(tag)

    def add_cell(self, cell):
        """Adds the tags of a table's first cell; returns an error or None."""
        cell = strip_code(cell).strip()
        run = RUN.match(cell)
        if run:
            first, last = NUMBERED_TAG.match(run.group(1)), NUMBERED_TAG.match(run.group(2))
            if not first or not last or first.group(1) != last.group(1):
                return "a run of tags must be [Name m] ... [Name n]: %s" % cell
            for n in range(int(first.group(2)), int(last.group(2)) + 1):
                self.add("%s %d" % (first.group(1), n))
            return None
        found = BRACKET.findall(cell)
        if not found or BRACKET.sub("", cell).strip(" ,"):
            return "the tag cell must hold bracketed tags only: %s" % cell
        for tag in found:
            self.add(tag.strip())
        return None

    def parse(self, content):
        """The tags a bracket's content cites, or None when it is not a citation."""
        content = " ".join(content.split())
        cited = []
        rest = content
        longest = sorted(self.tags, key=len, reverse=True)
        while rest:
            for tag in longest:
                if rest == tag or rest.startswith(tag + ", "):
                    cited.append(tag)
                    rest = rest[len(tag):]
                    break
            else:
                m = re.match(r"^(.*?\S)\s+(\d+)-(\d+)(?=$|, )", rest)
                if not m:
                    return None
                name, a, b = m.group(1), int(m.group(2)), int(m.group(3))
                if a >= b:
                    return None
                run = ["%s %d" % (name, n) for n in range(a, b + 1)]
                if any(t not in self.tags for t in run):
                    return None
                cited.extend(run)
                rest = rest[len(m.group(0)):]
            if rest.startswith(", "):
                rest = rest[2:]
                if not rest:
                    return None
        return cited


def read_page(path):
    with open(path, encoding="utf-8") as f:
        return f.read().split("\n")


def find_tag_table(lines):
    """(first row index, index after the table) of the tag table, or None."""
    for i, line in enumerate(lines):
        if TABLE_ROW.match(line) and cells(line)[0].lower() == "tag":
            if i + 1 >= len(lines) or not TABLE_RULE.match(lines[i + 1]):
                continue
            end = i + 2
            while end < len(lines) and TABLE_ROW.match(lines[end]):
                end += 1
            return i, end
    return None


def rule_lines(lines, start):
    """(line number, text) of each bullet, numbered item and table row from start.

    A bullet or numbered item runs over its continuation lines (the lines up
    to a blank line, a heading, a table row or the next item). Table headers
    and their rule lines are left out.
    """
    items = []
    i = start
    in_fence = False
    while i < len(lines):
        line = lines[i]
        if line.lstrip().startswith("```"):
            in_fence = not in_fence
            i += 1
            continue
        if in_fence:
            i += 1
            continue
        if TABLE_ROW.match(line):
            if i + 1 < len(lines) and TABLE_RULE.match(lines[i + 1]):
                i += 2  # a table's header and its rule
                continue
            items.append((i + 1, line))
            i += 1
            continue
        if ITEM_START.match(line):
            text = [line]
            j = i + 1
            while j < len(lines):
                nxt = lines[j]
                if (not nxt.strip() or nxt.lstrip().startswith("#") or TABLE_ROW.match(nxt)
                        or ITEM_START.match(nxt) or nxt.lstrip().startswith("```")):
                    break
                text.append(nxt)
                j += 1
            items.append((i + 1, " ".join(t.strip() for t in text)))
            i = j
            continue
        i += 1
    return items


def page_citations(lines, skip):
    """(line number, bracket content) of every bracket in the page outside code."""
    found = []
    in_fence = False
    for n, line in enumerate(lines, 1):
        if line.lstrip().startswith("```"):
            in_fence = not in_fence
            continue
        if in_fence or (skip[0] <= n - 1 < skip[1]):
            continue
        text = strip_code(line)
        for m in BRACKET.finditer(text):
            if LINK_TAIL.match(text, m.end() - 1):
                continue  # a Markdown link [text](address)
            found.append((n, m.group(1)))
    return found


COMMENT = re.compile(r"/\*.*?\*/|//[^\n]*", re.S)
CITATION_SHAPED = re.compile(r"^(?:\d+\.\d+|[A-Z])")
NOT_CITATION = re.compile(r"^(?:WR_\w*|[A-Z0-9_]+)$")


def header_citations(path):
    """(line number, bracket content) of the citation-shaped brackets in doc comments.

    Brackets right after a name or another bracket are array subscripts
    (`mod[WR_MOD_COUNT]`), `@param[out]` is a direction, and a bracket whose
    content is a macro name or a number is code, not a citation.
    """
    with open(path, encoding="utf-8") as f:
        source = f.read()
    found = []
    for c in COMMENT.finditer(source):
        body = c.group(0)
        # Join the comment's lines (dropping the leading " * ") so that a
        # citation broken over two lines is read whole; keep each
        # character's line number.
        chars, lines_of = [], []
        line = source.count("\n", 0, c.start()) + 1
        at_line_start = False
        for ch in body:
            if ch == "\n":
                line += 1
                chars.append(" ")
                lines_of.append(line)
                at_line_start = True
                continue
            if at_line_start and ch in " \t*":
                continue
            at_line_start = False
            chars.append(ch)
            lines_of.append(line)
        text = strip_code("".join(chars))
        for m in BRACKET.finditer(text):
            before = text[m.start() - 1] if m.start() > 0 else " "
            content = m.group(1).strip()
            if before.isalnum() or before in "_])":
                continue
            if not CITATION_SHAPED.match(content) or NOT_CITATION.match(content):
                continue
            found.append((lines_of[m.start()], content))
    return found


def check_module(root, module):
    problems = []
    page = os.path.join("docs", "rules", module + ".md")
    header = os.path.join("include", "warrules", module + ".h")
    lines = read_page(os.path.join(root, page))

    table = find_tag_table(lines)
    if table is None:
        return ["%s: no tag table (a table whose first column is \"tag\")" % page]
    tags = Tags()
    for n in range(table[0] + 2, table[1]):
        row = cells(lines[n])
        error = tags.add_cell(row[0])
        if error:
            problems.append("%s:%d: %s" % (page, n + 1, error))
        if len(row) < 2 or not row[1]:
            problems.append("%s:%d: the tag row says nowhere where in the text it is" % (page, n + 1))

    for n, content in page_citations(lines, table):
        if tags.parse(content) is None:
            problems.append("%s:%d: [%s] is not a tag of the table" % (page, n, content))

    for n, text in rule_lines(lines, table[1]):
        cited = [tags.parse(m.group(1)) for m in BRACKET.finditer(strip_code(text))]
        if not any(cited):
            shown = text.strip()
            shown = shown if len(shown) <= 72 else shown[:69] + "..."
            problems.append("%s:%d: a rule line cites no tag: %s" % (page, n, shown))

    for n, content in header_citations(os.path.join(root, header)):
        if tags.parse(content) is None:
            problems.append("%s:%d: [%s] is not a tag of %s's table" % (header, n, content, page))
    return problems


def main(argv):
    root = argv[1] if len(argv) > 1 else os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    problems = []
    for module in MODULES:
        problems.extend(check_module(root, module))
    for p in problems:
        print(p)
    if problems:
        print("check-citations: %d problem(s)" % len(problems))
        return 1
    print("check-citations: docs/rules/ and the headers cite the tag tables (%s)" % ", ".join(MODULES))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
