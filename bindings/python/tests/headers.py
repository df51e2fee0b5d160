"""The public headers as the generators and the layout tests read them, and
their deprecated names: the declarations marked WR_DEPRECATED("use wr_new")
and the constants defined as WR_DEPRECATED_MACRO("...") WR_NEW."""
import os
import re

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
MODULES = ("core", "melee", "battlesystem", "campaign")


def text(module):
    """A header's text without its comments."""
    with open(os.path.join(REPO, "include", "warrules", module + ".h"), encoding="utf-8") as f:
        return re.sub(r"/\*.*?\*/", "", f.read(), flags=re.S)


def _signature(returns, params):
    """The return and parameter types of a declaration, names and spacing left out."""
    types = [re.sub(r"\b\w+\s*((\[[^\]]*\])?)$", r"\1", p.strip()) for p in params.split(",")]
    return " ".join(returns.split()), tuple(" ".join(t.split()) for t in types)


def deprecated_functions(module):
    """{old: new} of the functions a header declares WR_DEPRECATED("use new")."""
    return {m.group(2): m.group(1) for m in re.finditer(
        r'WR_DEPRECATED\("use (wr_\w+)"\)\s*WR_API\s+[^;(]*?\b(wr_\w+)\s*\(', text(module))}


def renamed_functions(module):
    """{old: new} of the deprecated functions that are their replacement's call
    under an older name (same return and parameter types): the binding
    needs no row for them, the new function's row serves."""
    body = text(module)
    signatures = {m.group(2): _signature(m.group(1), m.group(3)) for m in re.finditer(
        r"WR_API\s+([^;(]*?)\b(wr_\w+)\s*\(([^)]*)\)", body)}
    return {old: new for old, new in deprecated_functions(module).items()
            if old in signatures and signatures.get(new) == signatures[old]}


def renamed_constants(module):
    """{OLD: NEW}, without WR_, of the #define constants kept as deprecated
    names of new ones (#define WR_OLD WR_DEPRECATED_MACRO("...") WR_NEW)."""
    return dict(re.findall(r"#define WR_(\w+) WR_DEPRECATED_MACRO\(\"[^\"]*\"\) WR_(\w+)\s*$",
                           text(module), re.M))


def renamed_types(module):
    """{old: new} of the typedefs kept as deprecated names of new types."""
    return {old: new for new, old in re.findall(
        r'typedef WR_DEPRECATED\("use (wr_\w+)"\) \1 (wr_\w+);', text(module))}
