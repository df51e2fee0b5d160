"""Prints warrules/_reads.py from the headers: for each C function, the
opaque handle types it takes only through `const T *` parameters."""
import os
import re

try:
    from . import headers
except ImportError:  # run as a script
    import headers

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
HANDLES = {"wr_rng", "wr_figure", "wr_battle_unit", "wr_formation", "wr_profile", "wr_hit_chart",
           "wr_melee_unit", "wr_engagement", "wr_melee_odds", "wr_melee_phase", "wr_odds_workspace",
           "wr_map", "wr_planner"}
HEADER = '''"""The handles each C function only reads (its `const` handle parameters):
the guard (_guard.py) holds those shared, so threads may read one handle at
once; every other handle a call takes is held exclusively. A function missing
here holds all its handles exclusively, which is always safe.
tests/test_hostile.py checks every row against the headers; regenerate with
`python3 bindings/python/tests/gen_reads.py > bindings/python/warrules/_reads.py`."""'''


def reads(module):
    """{function: sorted handle types passed only as const T *} of one header
    (a deprecated name of a function is left out: its new name's row serves)."""
    path = os.path.join(REPO, "include", "warrules", module + ".h")
    with open(path, encoding="utf-8") as f:
        text = re.sub(r"/\*.*?\*/", "", f.read(), flags=re.S)
    renamed = headers.renamed_functions(module)
    out = {}
    for m in re.finditer(r"WR_API\s+[^;(]*?\b(wr_\w+)\s*\(([^)]*)\)", text):
        if m.group(1) in renamed:
            continue
        const, written = set(), set()
        for param in m.group(2).split(","):
            p = re.match(r"(const\s+)?(wr_\w+)\s*\*(?!\s*\*)", param.strip())
            if p and p.group(2) in HANDLES:
                (const if p.group(1) else written).add(p.group(2))
        if const - written:
            out[m.group(1)] = sorted(const - written)
    return out


def main():
    print(HEADER + "\n\nREADS = {")
    for module in ("core", "melee", "battlesystem", "campaign"):
        for name, types in reads(module).items():
            print(f'    "{name}": frozenset({types!r}),')
    print("}")


if __name__ == "__main__":
    main()
