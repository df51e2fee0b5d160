"""sweep_heatmap.py TOOL OUTDIR SWEEP [ARG...]: `warrules sweep SWEEP ARG...
--csv --svg` draws, for each matchup, side a's wins as the table has them:
every cell of the heatmap, in matchup order, says "side a wins P%" with P
the sum of the table's b_routs, b_retires and b_destroyed (each a whole
number of 10^-18, the sum rounded down to hundredths of a percent) and has
the colour of that sum; a refused matchup says so in grey. The table's own
a_wins_e18 and b_wins_e18 are checked against the ends too. With
--need-b-retires, some matchup must have side b retire (else the check could
not see retirements left out of the wins)."""
import csv
import os
import subprocess
import sys
import xml.etree.ElementTree as ET

NS = "{http://www.w3.org/2000/svg}"
A_WINS = ("b_routs", "b_retires", "b_destroyed")
B_WINS = ("a_routs", "a_retires", "a_destroyed")


def colour(permille):
    """The heatmap's colour of a win probability in thousandths (src/tool/sweep.c)."""
    blue, white, red = (33, 102, 172), (247, 247, 247), (178, 24, 43)
    rgb = []
    for c in range(3):
        if permille < 0:
            rgb.append(150)
        elif permille <= 500:
            rgb.append(blue[c] + int((white[c] - blue[c]) * permille / 500))
        else:
            rgb.append(white[c] + int((red[c] - white[c]) * (permille - 500) / 500))
    return "#%02x%02x%02x" % tuple(rgb)


def main():
    tool, outdir, sweep = sys.argv[1:4]
    args = [a for a in sys.argv[4:] if a != "--need-b-retires"]
    need_retires = "--need-b-retires" in sys.argv[4:]
    os.makedirs(outdir, exist_ok=True)
    table, picture = os.path.join(outdir, "heatmap.csv"), os.path.join(outdir, "heatmap.svg")
    run = subprocess.run([tool, "sweep", sweep, *args, "--csv", table, "--svg", picture],
                         capture_output=True, text=True)
    if run.returncode != 0:
        print("sweep failed:", run.stderr)
        return 1
    with open(table, newline="") as f:
        rows = list(csv.DictReader(f))
    cells = [e for e in ET.parse(picture).getroot().iter(NS + "rect") if e.get("class") == "cell"]
    if len(cells) != len(rows):
        print(f"{len(cells)} cells for {len(rows)} matchups")
        return 1
    problems, retires = [], 0
    for row, cell in zip(rows, cells):
        tip = cell.find(NS + "title").text
        if row["error"]:
            want_tip, want_fill = ": refused by the rules", colour(-1)
        else:
            a = sum(int(row[k]) for k in A_WINS)
            b = sum(int(row[k]) for k in B_WINS)
            retires += int(row["b_retires"]) > 0
            if (int(row["a_wins_e18"]), int(row["b_wins_e18"])) != (a, b):
                problems.append(f"matchup {row['index']}: a_wins_e18, b_wins_e18 = "
                                f"{row['a_wins_e18']}, {row['b_wins_e18']}; the ends give {a}, {b}")
            hundredths = a // 10**14
            want_tip = f": side a wins {hundredths // 100}.{hundredths % 100:02d}%"
            want_fill = colour(a // 10**15)
        if not tip.endswith(want_tip) or cell.get("fill") != want_fill:
            problems.append(f"matchup {row['index']}: the cell says {tip!r} in {cell.get('fill')}; "
                            f"the table gives {want_tip!r} in {want_fill}")
    if need_retires and retires == 0:
        problems.append("no matchup has side b retire: the check cannot see retirements")
    for p in problems[:10]:
        print(p)
    if len(problems) > 10:
        print(f"... and {len(problems) - 10} more")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
