"""A small reader of the project's C sources for the checks in scripts/:
comments and literals blanked, function definitions found by matching
braces (the code is C11; no macro opens a brace it does not close)."""
import re

_NAME = re.compile(r"([A-Za-z_][A-Za-z0-9_]*)\s*\([^;{}]*\)\s*$", re.S)
_NOT_FUNCTIONS = ("if", "for", "while", "switch", "return", "sizeof")


def _blank(text):
    return re.sub(r"[^\n]", " ", text)


def strip(text):
    """The text with comments, strings, character literals and preprocessor
    lines blanked, newlines kept (line numbers stay)."""
    out = []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith("/*", i):
            j = text.find("*/", i + 2)
            j = n if j < 0 else j + 2
            out.append(_blank(text[i:j]))
            i = j
        elif text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
            out.append(" " * (j - i))
            i = j
        elif c in "\"'":
            j = i + 1
            while j < n and text[j] != c and text[j] != "\n":
                j += 2 if text[j] == "\\" else 1
            out.append(c + _blank(text[i + 1:j]) + c)
            i = j + 1
        else:
            out.append(c)
            i += 1
    return re.sub(r"(?m)^[ \t]*#(?:[^\n]*\\\n)*[^\n]*", lambda m: _blank(m.group(0)), "".join(out))


def functions(text):
    """Yields (name, is_static, first line, last line, body) for each
    function defined in stripped C text; first is the line of its name."""
    depth = 0
    start = 0  # where the declaration before the next top-level brace begins
    current = None
    for i, c in enumerate(text):
        if c == "{":
            if depth == 0:
                head = text[start:i]
                m = _NAME.search(head)
                current = None
                if m and not re.search(r"=\s*$", head) and m.group(1) not in _NOT_FUNCTIONS:
                    first = text.count("\n", 0, start + m.start()) + 1
                    is_static = re.search(r"\bstatic\b", head[: m.start()]) is not None
                    current = (m.group(1), is_static, first, i)
            depth += 1
        elif c == "}":
            depth -= 1
            if depth == 0:
                if current:
                    name, is_static, first, body_at = current
                    last = text.count("\n", 0, i) + 1
                    yield name, is_static, first, last, text[body_at:i + 1]
                    current = None
                start = i + 1
        elif c == ";" and depth == 0:
            start = i + 1
