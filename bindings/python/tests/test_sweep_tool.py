"""`warrules sweep examples/balance.sweep` (C) against warrules.sweep
(Python) on the same study: the same probabilities, matchup by matchup.
The tool is $WARRULES_TOOL or src/tool/warrules beside the loaded library
in a CMake build tree; skipped when neither exists."""
import csv
import io
import os
import subprocess
import tempfile
import unittest

from warrules import sweep

from .support import REPO
from .sweep_support import AXES, UNITS


def find_tool():
    lib = os.environ.get("WARRULES_LIBRARY", "")
    for path in (os.environ.get("WARRULES_TOOL"),
                 os.path.join(os.path.dirname(lib), "src", "tool", "warrules") if lib else None):
        if path and os.access(path, os.X_OK):
            return path
    return None


TOOL = find_tool()
STUDY = os.path.join(REPO, "examples", "balance.sweep")


@unittest.skipIf(TOOL is None or not os.path.exists(STUDY),
                 "no warrules tool beside the library (set WARRULES_TOOL)")
class ToolAgainstPackage(unittest.TestCase):
    def test_same_odds(self):
        out = subprocess.run([TOOL, "sweep", STUDY, "--rounds", "12"], check=True,
                             capture_output=True, text=True).stdout
        tool_rows = list(csv.DictReader(io.StringIO(out)))
        rows = sweep.run(UNITS, AXES, rounds=12, workers=1).rows
        self.assertEqual(len(tool_rows), len(rows))
        for mine, theirs in zip(rows, tool_rows):
            self.assertEqual((mine["a"], mine["b"], str(mine["a.figures"]), str(mine["b.figures"])),
                             (theirs["a"], theirs["b"], theirs["a.figures"], theirs["b.figures"]))
            self.assertEqual(theirs["a.charged"], "yes" if mine["a.charged"] else "no")
            for name in sweep.END_NAMES + ("a_wins_e18", "b_wins_e18"):
                self.assertEqual(mine[name], int(theirs[name]), (mine["index"], name))


    def test_axes_of_one_side(self):
        with open(STUDY) as f:
            text = f.read().replace("vary.charged = no, yes", "vary.a.charged = no, yes\nvary.b.files = 2, 4")
        with tempfile.TemporaryDirectory() as tmp:
            path = os.path.join(tmp, "sides.sweep")
            with open(path, "w") as f:
                f.write(text)
            out = subprocess.run([TOOL, "sweep", path, "--rounds", "6"], check=True,
                                 capture_output=True, text=True).stdout
        tool_rows = list(csv.DictReader(io.StringIO(out)))
        rows = sweep.run(UNITS, {"figures": AXES["figures"]}, axes_a={"charged": AXES["charged"]},
                         axes_b={"files": [2, 4]}, rounds=6, workers=1).rows
        self.assertEqual(list(tool_rows[0])[3:6], ["a.figures", "a.charged", "b.figures"])
        self.assertEqual(len(tool_rows), len(rows))
        for mine, theirs in zip(rows, tool_rows):
            self.assertEqual(str(mine["b.files"]), theirs["b.files"])
            for name in sweep.END_NAMES:
                self.assertEqual(mine[name], int(theirs[name]), (mine["index"], name))

if __name__ == "__main__":
    unittest.main()
