"""The public headers (include/warrules/*.h) as the binding generator reads
them: functions, constants, enum and flag groups, structs and handles.

Input conventions (a header that breaks one fails the build, naming the
file and line):
- a function is one declaration `WR_API <return type> wr_<name>(<params>);`
  (it may span lines; a deprecated one is preceded by WR_DEPRECATED(...));
- a parameter is `<type> <name>` or `<type> <name>[<n>]`, the type spelled
  with `const`, `*` and one of void, char, int, unsigned, size_t, int32_t,
  uint32_t, uint64_t or a `wr_` struct, handle, enum or callback type the
  headers define (a new scalar needs its rule in _native.py's _SCALARS and
  _POINTERS first);
- an enum is `typedef enum wr_<name> { WR_A = <value>, ... } wr_<name>;`,
  each member with an explicit value or one more than the previous one;
- a constant is `#define WR_<NAME> <value>` where the value is an integer
  literal (decimal or 0x hex, optional u suffix), a parenthesised integer
  expression over literals and earlier WR_ constants (+ - * << | ~), or a
  string literal; a deprecated one is
  `#define WR_OLD WR_DEPRECATED_MACRO("...") WR_NEW`;
- hexadecimal constants are flags: the group is the word after WR_.
Only the Python standard library is needed.
"""
import os
import re

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
INCLUDE = os.path.join(REPO, "include", "warrules")
MODULES = ("core", "melee", "battlesystem", "campaign")


class HeaderError(Exception):
    """A header breaks the generator's input conventions: file:line: what."""


def _strip_comments(text):
    """The text with comments blanked, newlines kept (so lines still count)."""
    def blank(m):
        return re.sub(r"[^\n]", " ", m.group(0))
    text = re.sub(r"/\*.*?\*/", blank, text, flags=re.S)
    return re.sub(r"//[^\n]*", blank, text)


class Function:
    def __init__(self, module, name, returns, params, line, deprecated):
        self.module, self.name, self.returns, self.params = module, name, returns, params
        self.line, self.deprecated = line, deprecated

    def __repr__(self):
        return f"Function({self.name}: {self.returns} <- {self.params})"


class Constant:
    def __init__(self, module, name, value, line, kind, group=None, replacement=None):
        self.module, self.name, self.value, self.line = module, name, value, line
        self.kind = kind  # "enum", "flag", "define", "string", "deprecated"
        self.group = group  # the enum type (wr_weapon) or flag group (UNIT)
        self.replacement = replacement


_EXPR = re.compile(r"^[\s0-9A-Fa-fxXuU()+\-*<>|~A-Z_]*$")


def _evaluate(expr, known, where):
    expr = expr.strip()
    if not _EXPR.match(expr):
        raise HeaderError(f"{where}: constant value {expr!r} is not an integer expression")
    py = re.sub(r"\b(0[xX][0-9A-Fa-f]+|\d+)[uU]?\b", r"\1", expr)

    def name(m):
        if m.group(1) not in known:
            raise HeaderError(f"{where}: {m.group(0)} is not a constant defined before")
        return str(known[m.group(1)])
    py = re.sub(r"\bWR_(\w+)\b", name, py)
    try:
        return int(eval(py, {"__builtins__": {}}, {}))  # only literals and operators remain
    except Exception as exc:  # noqa: BLE001
        raise HeaderError(f"{where}: cannot evaluate {expr!r}: {exc}") from None


def _split_param(param, where):
    param = " ".join(param.split())
    if param == "void":
        return None
    m = re.match(r"^(.*?)\s*\b(\w+)\s*(\[[^\]]*\])?$", param)
    if not m or not m.group(1):
        raise HeaderError(f"{where}: parameter {param!r} is not `<type> <name>`")
    ctype = m.group(1).strip()
    if m.group(3):
        ctype += " *"
    ctype = re.sub(r"\s*\*", " *", ctype).replace("* *", "**").replace("* *", "**")
    return ctype, m.group(2)


def _norm_type(t):
    t = " ".join(t.replace("*", " * ").split())
    return t.replace("* *", "**").replace("* *", "**")


class Headers:
    def __init__(self, include=INCLUDE):
        self.functions = []
        self.constants = []
        self.structs = {}   # wr_name -> module
        self.struct_fields = {}  # wr_name -> [(C type, field name, array length or None)]
        self.handles = {}   # wr_name -> module (opaque: `typedef struct wr_x wr_x;`)
        self.enums = {}     # wr_name -> module
        self.callbacks = {}  # wr_name_fn -> module
        self.aliases = {}  # deprecated type name -> its replacement
        for module in MODULES:
            self._read(module, os.path.join(include, module + ".h"))

    def _read(self, module, path):
        with open(path, encoding="utf-8") as f:
            raw = f.read()
        text = _strip_comments(raw)
        rel = os.path.relpath(path, REPO)
        if rel.startswith(".."):
            rel = path

        def line_of(pos):
            return text.count("\n", 0, pos) + 1

        known = {c.name: c.value for c in self.constants if isinstance(c.value, int)}
        for m in re.finditer(r"typedef\s+struct\s+(wr_\w+)\s+(wr_\w+)\s*;", text):
            self.handles[m.group(2)] = module
        for m in re.finditer(r"typedef\s+struct\s+(?:WR_DEPRECATED\([^)]*\)\s*)?(wr_\w+)\s*\{", text):
            self.structs[m.group(1)] = module
        for m in re.finditer(r"typedef\s+struct\s+(?:WR_DEPRECATED\([^)]*\)\s*)?(wr_\w+)\s*\{(.*?)\}\s*\w+\s*;",
                             text, re.S):
            fields = []
            for decl in m.group(2).split(";"):
                decl = " ".join(decl.split())
                fm = re.match(r"^(.*?)\s*\b(\w+)\s*((?:\[[^\]]*\])*)$", decl)
                if decl and fm and "(" not in decl:
                    fields.append((_norm_type(fm.group(1)), fm.group(2), fm.group(3) or None))
                elif decl:
                    fields.append((decl, None, None))  # a callback member: no field the tables map
            self.struct_fields[m.group(1)] = fields
        for m in re.finditer(r'typedef\s+WR_DEPRECATED\("[^"]*"\)\s*(wr_\w+)\s+(wr_\w+)\s*;', text):
            self.aliases[m.group(2)] = m.group(1)  # a deprecated name of a type
        for m in re.finditer(r"typedef\s+[^;]*?\(\s*\*\s*(wr_\w+)\s*\)", text):
            self.callbacks[m.group(1)] = module
        events = []
        for m in re.finditer(r"typedef\s+enum\s+(wr_\w+)\s*\{(.*?)\}\s*(\w+)\s*;", text, re.S):
            events.append((m.start(), "enum", m))
        # (a definition may go on over lines ending in a backslash)
        for m in re.finditer(r"^[ \t]*#[ \t]*define[ \t]+WR_(\w+)[ \t]+((?:[^\n]*\\\n)*[^\n]*)$", text, re.M):
            events.append((m.start(), "define", m))
        for pos, kind, m in sorted(events, key=lambda e: e[0]):
            if kind == "enum":
                enum_name = m.group(1)
                self.enums[enum_name] = module
                value = -1
                body_start = m.start(2)
                for item in re.finditer(r"([^,]+)", m.group(2)):
                    entry = item.group(1).strip()
                    if not entry:
                        continue
                    where = f"{rel}:{line_of(body_start + item.start())}"
                    em = re.match(r"^WR_(\w+)\s*(?:=\s*(.+))?$", entry, re.S)
                    if not em:
                        raise HeaderError(f"{where}: enum member {entry!r} is not WR_NAME [= value]")
                    value = _evaluate(em.group(2), known, where) if em.group(2) else value + 1
                    known[em.group(1)] = value
                    self.constants.append(Constant(module, em.group(1), value, line_of(body_start + item.start()),
                                                   "enum", enum_name))
                continue
            name, body = m.group(1), " ".join(m.group(2).replace("\\\n", " ").split())
            where = f"{rel}:{line_of(pos)}"
            if "(" in name or m.group(0).split("WR_" + name, 1)[1].startswith("("):
                continue  # a function-like macro (WR_PRAGMA)
            if name in ("API", "DEPRECATED", "DEPRECATED_MACRO", "ALLOW_DEPRECATED") or not body:
                continue
            dm = re.match(r'^WR_DEPRECATED_MACRO\("[^"]*"\)\s*WR_(\w+)$', body)
            if dm:
                self.constants.append(Constant(module, name, known.get(dm.group(1)), line_of(pos),
                                               "deprecated", replacement=dm.group(1)))
                continue
            if body.startswith("WR_DEPRECATED") or body.startswith("__attribute__") or \
                    body.startswith("_Pragma") or body.startswith("__declspec") or body.startswith("[["):
                continue
            if body.startswith('"'):
                self.constants.append(Constant(module, name, body.strip('"'), line_of(pos), "string"))
                continue
            value = _evaluate(body, known, where)
            known[name] = value
            flag = re.match(r"^\(?0[xX][0-9A-Fa-f]+[uU]?\)?$", body)
            self.constants.append(Constant(module, name, value, line_of(pos), "flag" if flag else "define",
                                           name.split("_")[0] if flag else None))
        for m in re.finditer(r"((?:WR_DEPRECATED\([^)]*\)\s*)?)WR_API\s+([^;(]*?)\b(wr_\w+)\s*\(([^)]*)\)\s*;",
                             text):
            where = f"{rel}:{line_of(m.start())}"
            params = [p for p in (_split_param(p, where) for p in m.group(4).split(",")) if p]
            for ctype in [m.group(2)] + [t for t, _ in params]:
                self._check_type(ctype, where)
            self.functions.append(Function(module, m.group(3), _norm_type(m.group(2)), params,
                                           line_of(m.start()), bool(m.group(1))))
        declared = len(re.findall(r"\bWR_API\s+[^;]*?\bwr_\w+\s*\(", text))
        found = sum(1 for f in self.functions if f.module == module)
        if declared != found:
            for m in re.finditer(r"\bWR_API\b", text):
                line = line_of(m.start())
                if not any(f.module == module and f.line <= line <= f.line + 1 for f in self.functions):
                    tail = text[m.start():m.start() + 200].split(";")[0]
                    if re.search(r"\bwr_\w+\s*\(", tail):
                        raise HeaderError(f"{rel}:{line}: a WR_API declaration the generator cannot read")

    SCALARS = ("void", "char", "int", "unsigned", "size_t", "int32_t", "uint32_t", "uint64_t")

    def _check_type(self, ctype, where):
        """A type the bindings map by rule: a scalar of SCALARS or a wr_ type
        the headers define (read so far), with const and pointers."""
        base = " ".join(w for w in ctype.replace("*", " ").split() if w != "const")
        base = self.aliases.get(base, base)
        if base in self.SCALARS or base in self.structs or base in self.handles or \
                base in self.enums or base in self.callbacks:
            return
        raise HeaderError(f"{where}: type {ctype!r} is no scalar the bindings map "
                          f"({', '.join(self.SCALARS)}) nor a wr_ type a header defines")

    def function(self, name):
        return next(f for f in self.functions if f.name == name)


if __name__ == "__main__":
    h = Headers()
    print(len(h.functions), "functions,", len(h.constants), "constants")
