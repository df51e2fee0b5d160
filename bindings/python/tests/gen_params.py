"""Prints warrules/_params.py from the headers: the C parameter names of each
function, so that the binding's own refusals name the argument."""
import os
import re

try:
    from . import headers
except ImportError:  # run as a script
    import headers

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
HEADER = '''"""The C parameter names of each function, for messages that name the
argument ("wr_map_set_terrain: terrain = 4294967298 does not fit a C int").
A function missing here is named by position. tests/test_hostile.py checks
every row against the headers; regenerate with
`python3 bindings/python/tests/gen_params.py > bindings/python/warrules/_params.py`."""'''


def params(module):
    """{function: (parameter names)} of one header (a deprecated name of a
    function is left out: its new name's row serves)."""
    with open(os.path.join(REPO, "include", "warrules", module + ".h"), encoding="utf-8") as f:
        text = re.sub(r"/\*.*?\*/", "", f.read(), flags=re.S)
    renamed = headers.renamed_functions(module)
    out = {}
    for m in re.finditer(r"WR_API\s+[^;(]*?\b(wr_\w+)\s*\(([^)]*)\)", text):
        if m.group(1) in renamed:
            continue
        names = []
        for param in m.group(2).split(","):
            p = re.search(r"(\w+)\s*(\[[^\]]*\])?\s*$", param.strip())
            if p and param.strip() != "void":
                names.append(p.group(1))
        if names:
            out[m.group(1)] = tuple(names)
    return out


def main():
    print(HEADER + "\n\nPARAMS = {")
    for module in ("core", "melee", "battlesystem", "campaign"):
        for name, names in params(module).items():
            print(f'    "{name}": {names!r},')
    print("}")


if __name__ == "__main__":
    main()
