"""Prints the SPEC table of warrules/_enums.py from the headers: each C enum
type becomes an IntEnum, each group of hexadecimal #define flags an IntFlag."""
import os
import re

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
FLAG_CLASSES = {"UNIT": "UnitFlag", "PART": "Part", "EQUIP": "Equipment",
                "TRAIT": "Trait", "FACE": "Face", "TACTICAL": "TacticalFlag", "FEATURE": "Feature",
                "WATER": "Water", "FORCE": "Force", "PLAN": "PlanOption", "STEP": "StepFlag"}


def spec(module):
    """[(class name, "enum" or "flag", [constant names without WR_])] of one header."""
    with open(os.path.join(REPO, "include", "warrules", module + ".h"), encoding="utf-8") as f:
        text = re.sub(r"/\*.*?\*/", "", f.read(), flags=re.S)
    out = []
    for e in re.finditer(r"typedef enum wr_(\w+) \{(.*?)\}", text, re.S):
        name = "".join(p.capitalize() for p in e.group(1).split("_"))
        out.append((name, "enum", [n[3:] for n in re.findall(r"(WR_\w+)\s*=", e.group(2))]))
    groups = {}
    for d in re.finditer(r"#define (WR_\w+) \(?0x[0-9A-Fa-f]+u?\)?\s*$", text, re.M):
        groups.setdefault(d.group(1)[3:].split("_")[0], []).append(d.group(1)[3:])
    for prefix, names in groups.items():
        out.append((FLAG_CLASSES.get(prefix, prefix.capitalize() + "Flag"), "flag", names))
    return out


def main():
    for module in ("melee", "battlesystem", "campaign"):
        print(f"    # {module}.h")
        for name, kind, names in spec(module):
            lines, line = [], f"    ({name!r}, {kind!r}, ["
            for n in names:
                item = f"{n!r}, "
                if len(line) + len(item) > 100:
                    lines.append(line.rstrip())
                    line = "        "
                line += item
            lines.append(line.rstrip(", ") + "]),")
            print("\n".join(lines))


if __name__ == "__main__":
    main()
