"""warrules.sweep on local processes: the table against matchups computed
alone, runners and chunk sizes, bad input, resume after an interruption,
a dying worker, the CSV, the heatmap, the progress bar and a missing Dask."""
import contextlib
import csv
import io
import json
import os
import re
import signal
import subprocess
import sys
import tempfile
import time
import unittest
import xml.etree.ElementTree as ET
from unittest import mock

import warrules as wr
from warrules import sweep, _sweep_study

from .sweep_support import AXES, SIZE, UNITS, direct_ends

DYING_MARKER = None


def dying_chunk(study, indices):
    """compute_chunk that kills its process the first time it runs."""
    if DYING_MARKER and not os.path.exists(DYING_MARKER):
        open(DYING_MARKER, "w").close()
        os._exit(3)
    return REAL_COMPUTE_CHUNK(study, indices)


REAL_COMPUTE_CHUNK = _sweep_study.compute_chunk


class SweepLocal(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.serial = sweep.run(UNITS, AXES, workers=1, progress=False)

    def test_table_shape_and_order(self):
        r = self.serial
        self.assertEqual(len(r), SIZE)
        self.assertEqual([row["index"] for row in r.rows], list(range(SIZE)))
        self.assertEqual(r.columns[:7], ["index", "a", "b", "a.figures", "a.charged",
                                         "b.figures", "b.charged"])
        first, last = r.rows[0], r.rows[-1]
        self.assertEqual((first["a"], first["a.figures"], first["a.charged"]), ("dwarfs", 4, False))
        self.assertEqual((last["b"], last["b.figures"], last["b.charged"]), ("militia", 12, True))
        for row in r.rows:
            self.assertIsNone(row["error"])
            ends = [row[n] for n in sweep.END_NAMES]
            self.assertTrue(all(isinstance(v, int) for v in ends))
            self.assertLessEqual(sum(ends), 10**18)
            self.assertGreaterEqual(sum(ends), 10**18 - 8)  # eight ends, each rounded down
            self.assertAlmostEqual(row["a_wins"] + row["b_wins"] + row["neither"], 1.0)

    def test_identical_to_each_matchup_alone(self):
        by_name = {u["name"]: u for u in UNITS}
        for row in self.serial.rows[::37] + self.serial.rows[-1:]:
            a = dict(by_name[row["a"]], figures=row["a.figures"], charged=row["a.charged"])
            b = dict(by_name[row["b"]], figures=row["b.figures"], charged=row["b.charged"])
            self.assertEqual(tuple(row[n] for n in sweep.END_NAMES), direct_ends(a, b),
                             f"matchup {row['index']}")

    def test_identical_whatever_the_workers_and_chunks(self):
        for workers, chunk in ((2, None), (2, 7), (1, 1000)):
            r = sweep.run(UNITS, AXES, workers=workers, chunk_size=chunk, progress=False)
            self.assertEqual(r.rows, self.serial.rows, (workers, chunk))
        self.assertEqual(r.chunks, 1)

    def test_sides_and_rounds(self):
        r = sweep.run(UNITS, {"figures": [6]}, a=["urucks"], b=["dwarfs", "militia"], rounds=3,
                      workers=1)
        self.assertEqual([(row["a"], row["b"]) for row in r.rows],
                         [("urucks", "dwarfs"), ("urucks", "militia")])
        self.assertGreater(r.rows[0]["ongoing"], 0)   # 3 rounds do not settle it
        self.assertEqual(len(r.grid()), 1)
        self.assertEqual(len(r.grid()[0]), 2)

    def test_axes_of_one_side(self):
        r = sweep.run(UNITS, {"figures": [4, 8]}, axes_a={"charged": [False, True]},
                      axes_b={"files": [2, 4]}, a=["dwarfs"], b=["urucks"], workers=1)
        self.assertEqual(len(r), 4 * 4)
        self.assertEqual(r.columns[3:7], ["a.figures", "a.charged", "b.figures", "b.files"])
        self.assertEqual([(x["a.charged"], x["b.files"]) for x in r.rows[:4]],
                         [(False, 2), (False, 4), (False, 2), (False, 4)])
        self.assertNotIn("b.charged", r.rows[0])
        with self.assertRaises(sweep.SweepInputError):
            sweep.plan(UNITS, {"figures": [4]}, axes_a={"figures": [5]})

    def test_profile_axis(self):
        r = sweep.run(UNITS, {"figures": [8], "profile.modifiers.0": [0, 40]}, a=["militia"],
                      b=["urucks"], workers=1)
        calm, keen = r.rows[0], r.rows[2]   # a keen charger against the same urucks
        self.assertEqual((calm["a.profile.modifiers.0"], keen["a.profile.modifiers.0"]), (0, 40))
        self.assertEqual(r.rows[0]["b.profile.modifiers.0"], 0)

    def test_pairs_the_rules_refuse_are_rows_with_an_error(self):
        units = [dict(UNITS[0], attacked_in=wr.FACING_FLANK), dict(UNITS[1], name="u2")]
        r = sweep.run(units, {"figures": [5], "attacked_in": [wr.FACING_FRONT, wr.FACING_FLANK]},
                      workers=1)
        bad = [row for row in r.rows if row["error"]]
        self.assertEqual(len(bad), 4)   # both sides flanked
        for row in bad:
            self.assertEqual((row["a.attacked_in"], row["b.attacked_in"]), (1, 1))
            self.assertIn("WR_ERR_INVALID", row["error"])
            self.assertIsNone(row["a_wins"])
        self.assertIsNone(r.grid()[1][1])


class SweepBadInput(unittest.TestCase):
    def refused(self, units, axes=None, **kw):
        with tempfile.TemporaryDirectory() as tmp:
            path = os.path.join(tmp, "partial.jsonl")
            with self.assertRaises(sweep.SweepInputError) as cm:
                sweep.run(units, axes, checkpoint=path, workers=1, **kw)
            self.assertFalse(os.path.exists(path), "work started before the input was checked")
        return cm.exception

    def test_library_refusals_name_the_row(self):
        units = [UNITS[0], dict(UNITS[1], weapon_type=wr.WEAPON_PIKE, row="army.csv:3"),
                 dict(UNITS[2], armour=9)]
        err = self.refused(units, {"figures": [4, 6]})
        rows = [row for row, _ in err.problems]
        self.assertEqual(rows, ["army.csv:3", "army.csv:3", "unit 3", "unit 3"])
        self.assertIn("wr_melee_unit_new", err.problems[0][1])
        self.assertIn("urucks (figures=4)", err.problems[0][1])
        self.assertIn("army.csv:3: urucks (figures=6)", str(err))

    def test_each_problem_is_listed_once(self):
        # the unit is on both sides: one problem, one line (issue #30)
        err = self.refused([dict(UNITS[0], figurs=3)], {"figures": [4]})
        self.assertEqual(err.problems, [("unit 1", "dwarfs: unknown unit key 'figurs'")])
        self.assertEqual(str(err).count("figurs"), 1)
        err = self.refused(UNITS[:1], a=["ents"], b=["ents"])
        self.assertEqual(len(err.problems), 2)   # one per side: they differ
        self.assertEqual(len(set(err.problems)), 2)

    def test_axis_values_the_library_refuses(self):
        err = self.refused(UNITS[:1], {"figures": [5, 201, -1]})
        self.assertEqual(len(err.problems), 2)
        self.assertIn("at most 200", err.problems[0][1])
        self.assertIn("WR_ERR_RANGE", err.problems[1][1])
        err = self.refused(UNITS[:1], {"in_contact": [9]})
        self.assertIn("wr_engagement_new", err.problems[0][1])

    def test_bad_keys_sides_and_rounds(self):
        self.assertIn("unknown unit key 'figurs'",
                      self.refused(UNITS[:1], {"figurs": [3]}).problems[0][1])
        self.assertIn("unknown sample", self.refused([dict(UNITS[0], profile="elves")]).problems[0][1])
        self.assertIn("needs a 'profile'", self.refused([{"name": "x"}]).problems[0][1])
        self.assertIn("no unit named 'ents'", self.refused(UNITS, a=["ents"]).problems[0][1])
        self.assertEqual(self.refused(UNITS, rounds=41).problems[0][0], "rounds")
        self.assertIn("list of values", self.refused(UNITS, {"figures": []}).problems[0][1])


class SweepArmyList(unittest.TestCase):
    HEADER = ("name,profile,files,weapon_type,armour,troop_class,flags,morale,profile.race,"
              "profile.weapons.0,profile.bcp.0.1,profile.bcp.0.2,profile.modifiers.MOD_CHARGED,"
              "profile.retire_band\n")
    LINES = ["dwarfs,dwarf-veterans,5,WEAPON_SPEAR,2,TROOP_VETERAN,UNIT_SHIELDS,,,,,,,\n",
             "urucks,orc-urucks,5,WEAPON_POLEARM,2,TROOP_ELITE,,,,,,,,\n",
             "militia,,4,,1,,,40,RACE_HUMAN,WEAPON_OTHER,20,16,10,20\n"]

    def army(self, lines):
        tmp = tempfile.TemporaryDirectory()
        self.addCleanup(tmp.cleanup)
        path = os.path.join(tmp.name, "army.csv")
        with open(path, "w") as f:
            f.write(self.HEADER + "".join(lines))
        return path

    def test_the_list_of_the_tests(self):
        units = sweep.read_army_csv(self.army(self.LINES))
        self.assertEqual(units[2]["profile"]["bcp"], {(0, 1): 20, (0, 2): 16})
        self.assertEqual(units[0]["flags"], wr.UNIT_SHIELDS)
        self.assertTrue(units[1]["row"].endswith("army.csv:3"))
        r = sweep.run(units, AXES, workers=1)
        self.assertEqual(r.rows, sweep.run(UNITS, AXES, workers=1).rows)

    def test_refusals_name_the_line(self):
        bad = self.LINES[1].replace("WEAPON_POLEARM", "WEAPON_PIKE")
        path = self.army([self.LINES[0], bad, self.LINES[2].replace(",40,", ",101,")])
        with self.assertRaises(sweep.SweepInputError) as cm:
            sweep.plan(sweep.read_army_csv(path), {"figures": [5]})
        rows = [row for row, _ in cm.exception.problems]
        self.assertEqual(rows, [path + ":3", path + ":4"])
        self.assertIn("WR_ERR_FORBIDDEN", cm.exception.problems[0][1])

    def test_bad_cells(self):
        with self.assertRaises(sweep.ArmyListError) as cm:
            sweep.read_army_csv(self.army([self.LINES[0].replace("UNIT_SHIELDS", "UNIT_SHIELDS|x")]))
        self.assertIn("army.csv:2: flags: 'x'", str(cm.exception))
        path = self.army([self.LINES[0]])
        with open(path, "a") as f:
            f.write("x,,1,,,,,,,,,,,\n")
        self.assertEqual(len(sweep.read_army_csv(path)), 2)

    def test_bcp_axis(self):
        r = sweep.run(sweep.read_army_csv(self.army(self.LINES)),
                      {"figures": [8], "profile.bcp.0.2": [16, 60]},
                      a=["militia"], b=["dwarfs"], workers=1)
        # each side takes both values: the dwarfs' (unused) row 0 as well
        self.assertEqual(r.rows[0]["a_wins"], r.rows[1]["a_wins"])
        self.assertLess(r.rows[0]["a_wins"], r.rows[2]["a_wins"])
        self.assertEqual(r.rows[2]["a.profile.bcp.0.2"], 60)


class SweepResume(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.path = os.path.join(self.tmp.name, "partial.jsonl")
        self.full = sweep.run(UNITS, AXES, workers=1, chunk_size=20, checkpoint=self.path)

    def tearDown(self):
        self.tmp.cleanup()

    def test_file_holds_every_matchup(self):
        with open(self.path) as f:
            lines = f.read().splitlines()
        header = json.loads(lines[0])
        self.assertEqual(header["matchups"], SIZE)
        self.assertEqual(sorted(json.loads(x)["i"] for x in lines[1:]), list(range(SIZE)))
        again = sweep.run(UNITS, AXES, workers=2, checkpoint=self.path)
        self.assertEqual((again.computed, again.chunks), (0, 0))
        self.assertEqual(again.rows, self.full.rows)

    def test_resume_after_a_cut_file(self):
        with open(self.path, "rb") as f:
            data = f.read()
        lines = data.split(b"\n")
        cut = b"\n".join(lines[:101]) + b"\n" + lines[101][:9]   # 100 results and half a line
        with open(self.path, "wb") as f:
            f.write(cut)
        resumed = sweep.run(UNITS, AXES, workers=2, checkpoint=self.path)
        self.assertEqual(resumed.computed, SIZE - 100)
        self.assertEqual(resumed.rows, self.full.rows)
        with open(self.path) as f:
            self.assertEqual(len(f.read().splitlines()), SIZE + 1)

    def test_resume_after_the_process_is_killed(self):
        os.remove(self.path)
        script = (
            "import sys, time\n"
            "from warrules import sweep, _sweep_study\n"
            "from tests.sweep_support import UNITS, AXES\n"
            "real = _sweep_study.compute_chunk\n"
            "def slow(study, indices):\n"
            "    time.sleep(0.05)\n"
            "    return real(study, indices)\n"
            "_sweep_study.compute_chunk = slow\n"
            "sweep.run(UNITS, AXES, workers=1, chunk_size=8, checkpoint=sys.argv[1])\n")
        here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
        env = dict(os.environ, PYTHONPATH=os.pathsep.join([here] + sys.path))
        proc = subprocess.Popen([sys.executable, "-c", script, self.path], env=env)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if os.path.exists(self.path):
                with open(self.path) as f:
                    if f.read().count("\n") > 40:
                        break
            time.sleep(0.02)
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        with open(self.path) as f:
            done = f.read().count("\n") - 1
        self.assertGreater(done, 0)
        self.assertLess(done, SIZE)
        resumed = sweep.run(UNITS, AXES, workers=1, checkpoint=self.path)
        self.assertEqual(resumed.computed, SIZE - done)
        self.assertEqual(resumed.rows, self.full.rows)

    def test_another_study_is_refused(self):
        with self.assertRaises(sweep.CheckpointMismatch):
            sweep.run(UNITS, {"figures": [4]}, workers=1, checkpoint=self.path)
        with open(self.path, "a") as f:
            f.write('{"i": 99999, "e": [0]}\n')
        with self.assertRaises(sweep.CheckpointMismatch) as cm:
            sweep.run(UNITS, AXES, workers=1, checkpoint=self.path)
        self.assertIn(f"partial.jsonl:{SIZE + 2}: not a result", str(cm.exception))


class SweepWorkerDies(unittest.TestCase):
    def test_chunk_of_a_dead_worker_is_sent_again(self):
        global DYING_MARKER
        expected = sweep.run(UNITS, AXES, workers=1)
        with tempfile.TemporaryDirectory() as tmp:
            DYING_MARKER = os.path.join(tmp, "died")
            try:
                with mock.patch.object(_sweep_study, "compute_chunk", dying_chunk):
                    r = sweep.run(UNITS, AXES, workers=2, chunk_size=30)
                self.assertTrue(os.path.exists(DYING_MARKER))
            finally:
                DYING_MARKER = None
        self.assertEqual(r.rows, expected.rows)

    def test_a_worker_that_always_dies_stops_the_sweep(self):
        with mock.patch.object(_sweep_study, "compute_chunk", always_dies):
            with self.assertRaises(sweep.WorkerLost):
                sweep.run(UNITS[:1], {"figures": [4]}, workers=2, retries=1)


def always_dies(study, indices):
    os._exit(3)


def dies_from(first):
    """compute_chunk whose process is killed (SIGKILL) for every chunk that
    holds a matchup index of `first` or more."""
    def compute(study, indices):
        if max(indices) >= first:
            os.kill(os.getpid(), signal.SIGKILL)
        return REAL_COMPUTE_CHUNK(study, indices)
    return compute


# A large study (its pickle is hundreds of KB) whose first chunk kills its
# worker: the table must be complete and the interpreter must exit.
KILLED_WORKER_SCRIPT = """
import os, signal, sys
from warrules import sweep, _sweep_study
from tests.sweep_support import UNITS
marker = sys.argv[1]
def fake(study, indices):
    if not os.path.exists(marker):
        open(marker, "w").close()
        os.kill(os.getpid(), signal.SIGKILL)
    return [(i, (10**18, 0, 0, 0, 0, 0, 0, 0), None) for i in indices]
_sweep_study.compute_chunk = fake
study = sweep.plan(UNITS, {"figures": list(range(2, 40)), "charged": [False, True],
                           "morale": [30, 40, 50]})
r = sweep.run(study, workers=2, chunk_size=2048)
print(len(r.rows), len(study), r.rows[-1]["ongoing"], flush=True)
"""


class SweepWorkersKilled(unittest.TestCase):
    """Issue 25, item 5: a killed worker process never hangs the
    interpreter, and a sweep that loses its workers says what it lost and
    resumes from its checkpoint."""

    def test_the_interpreter_exits_after_a_worker_is_killed(self):
        here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
        env = dict(os.environ, PYTHONPATH=os.pathsep.join([here] + sys.path))
        with tempfile.TemporaryDirectory() as tmp:
            marker = os.path.join(tmp, "killed")
            try:
                run = subprocess.run([sys.executable, "-c", KILLED_WORKER_SCRIPT, marker], env=env,
                                     capture_output=True, text=True, timeout=120)
            except subprocess.TimeoutExpired as exc:
                self.fail(f"the sweep's interpreter did not exit after a worker was killed "
                          f"(it printed {exc.stdout!r})")
            self.assertTrue(os.path.exists(marker))
        self.assertEqual(run.returncode, 0, run.stderr[-2000:])
        rows, size, ongoing = run.stdout.split()
        self.assertEqual(rows, size)
        self.assertEqual(int(ongoing), 10**18)

    def test_worker_lost_names_the_dead_process_and_the_matchups(self):
        with mock.patch.object(_sweep_study, "compute_chunk", dies_from(0)):
            with self.assertRaises(sweep.WorkerLost) as cm:
                sweep.run(UNITS[:1], {"figures": [4, 5]}, workers=2, retries=1)
        text = str(cm.exception)
        self.assertIn("killed by SIGKILL", text)
        self.assertIn("4 matchups in 1 chunks were left undone (indices 0..3)", text)
        with mock.patch.object(_sweep_study, "compute_chunk", always_dies):
            with self.assertRaises(sweep.WorkerLost) as cm:
                sweep.run(UNITS[:1], {"figures": [4, 5]}, workers=2, retries=0)
        self.assertIn("exited with status 3", str(cm.exception))

    def test_resume_after_the_workers_are_lost(self):
        expected = sweep.run(UNITS, AXES, workers=1)
        with tempfile.TemporaryDirectory() as tmp:
            path = os.path.join(tmp, "partial.jsonl")
            with mock.patch.object(_sweep_study, "compute_chunk", dies_from(200)):
                with self.assertRaises(sweep.WorkerLost) as cm:
                    sweep.run(UNITS, AXES, workers=2, chunk_size=20, retries=1, checkpoint=path)
            # the chunks still in flight when the pool broke may be undone too
            # (contiguous ranges are printed merged, as "180..323")
            undone = set()
            for first, last in re.findall(r"(\d+)\.\.(\d+)", str(cm.exception)):
                undone.update(range(int(first), int(last) + 1))
            self.assertTrue(set(range(200, SIZE)) <= undone, str(cm.exception))
            resumed = sweep.run(UNITS, AXES, workers=2, checkpoint=path)
            self.assertGreaterEqual(resumed.computed, SIZE - 200)
            self.assertEqual(resumed.rows, expected.rows)


class SweepCheckpointLines(unittest.TestCase):
    """Issue 25, item 5: a checkpoint line that does not parse into the
    study's shape is refused with its line number."""

    def test_bad_lines_are_refused_with_their_number(self):
        with tempfile.TemporaryDirectory() as tmp:
            path = os.path.join(tmp, "partial.jsonl")
            sweep.run(UNITS[:1], {"figures": [4, 5]}, workers=1, checkpoint=path)
            with open(path) as f:
                good = f.read()
            zero = [0] * wr.END_COUNT
            bad_lines = {
                "short e": {"i": 0, "e": [0, 0]},
                "long e": {"i": 0, "e": zero + [0]},
                "10**30": {"i": 0, "e": [10**30] + zero[1:]},
                "negative": {"i": 0, "e": [-1] + zero[1:]},
                "a float": {"i": 0, "e": [0.5] + zero[1:]},
                "a bool": {"i": 0, "e": [True] + zero[1:]},
                "more than 10**18 in all": {"i": 0, "e": [10**18, 1] + zero[2:]},
                "error null": {"i": 0, "error": None},
                "error empty": {"i": 0, "error": ""},
                "both": {"i": 0, "e": zero, "error": "x"},
                "neither": {"i": 0},
                "another key": {"i": 0, "e": zero, "x": 1},
                "index true": {"i": True, "e": zero},
                "index out of range": {"i": 4, "e": zero},
                "index a float": {"i": 1.0, "e": zero},
                "a list": [0, zero],
                "another result for a done matchup": {"i": 1, "e": [10**18] + zero[1:]},
            }
            raw_lines = {"NaN": '{"i": 0, "e": [NaN, 0, 0, 0, 0, 0, 0, 0]}',
                         "Infinity": '{"i": 0, "e": [Infinity, 0, 0, 0, 0, 0, 0, 0]}',
                         "not JSON": '{"i": 0, "e": [0, 0'}
            cases = {k: json.dumps(v) for k, v in bad_lines.items()}
            cases.update(raw_lines)
            number = good.count("\n") + 1
            for label, line in cases.items():
                with self.subTest(label):
                    with open(path, "w") as f:
                        f.write(good + line + "\n")
                    with self.assertRaises(sweep.CheckpointMismatch) as cm:
                        sweep.run(UNITS[:1], {"figures": [4, 5]}, workers=1, checkpoint=path)
                    self.assertIn(f"partial.jsonl:{number}:", str(cm.exception))
            with open(path, "w") as f:
                f.write(good + good.splitlines()[2] + "\n")  # the same result twice is harmless
            again = sweep.run(UNITS[:1], {"figures": [4, 5]}, workers=1, checkpoint=path)
            self.assertEqual(again.computed, 0)


class SweepOutputs(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.r = sweep.run(UNITS, AXES, workers=1)

    def test_csv(self):
        buf = io.StringIO()
        self.r.write_csv(buf)
        rows = list(csv.DictReader(io.StringIO(buf.getvalue())))
        self.assertEqual(len(rows), SIZE)
        self.assertEqual(list(rows[0]), self.r.columns)
        self.assertEqual(int(rows[5]["b_routs"]), self.r.rows[5]["b_routs"])
        self.assertEqual(rows[5]["error"], "")

    def test_heatmap_svg(self):
        svg = self.r.heatmap_svg()
        self.assertEqual(svg, sweep.run(UNITS, AXES, workers=2).heatmap_svg())
        root = ET.fromstring(svg)
        ns = "{http://www.w3.org/2000/svg}"
        cells = [e for e in root.iter(ns + "rect") if e.get("class") == "cell"]
        self.assertEqual(len(cells), SIZE)
        labels = [e.text for e in root.iter(ns + "text") if "row" in (e.get("class") or "")]
        self.assertEqual(labels[0], "dwarfs (figures=4, charged=False)")
        self.assertEqual(len(labels), 18)
        for cell, row in zip(cells, self.r.rows):
            tip = cell.find(ns + "title").text
            pct = row["a_wins_e18"] // 10**14
            self.assertTrue(tip.endswith(f"side a wins {pct // 100}.{pct % 100:02d}%"), tip)
            self.assertEqual(cell.get("fill"), sweep._sweep_svg.colour(row["a_wins_e18"] // 10**15))
        self.assertEqual(sweep._sweep_svg.colour(0), "#2166ac")
        self.assertEqual(sweep._sweep_svg.colour(500), "#f7f7f7")
        self.assertEqual(sweep._sweep_svg.colour(1000), "#b2182b")
        # 12 dwarfs who charge beat 4 who do not; the reverse is blue
        strong = self.r.rows[5 * 18 + 0]
        self.assertEqual((strong["a.figures"], strong["a.charged"], strong["b.figures"]), (12, True, 4))
        self.assertGreater(strong["a_wins"], 0.9)

    def test_write_svg(self):
        with tempfile.TemporaryDirectory() as tmp:
            path = os.path.join(tmp, "h.svg")
            self.r.write_svg(path, title="t & <u>")
            ET.parse(path)

    def test_pandas_only_when_installed(self):
        with mock.patch.dict(sys.modules, {"pandas": None}):
            with self.assertRaises(ImportError):
                self.r.to_pandas()


class SweepProgressAndDask(unittest.TestCase):
    def test_progress_only_on_a_terminal(self):
        err = io.StringIO()
        with contextlib.redirect_stderr(err):
            sweep.run(UNITS[:1], {"figures": [4, 5]}, workers=1)
        self.assertEqual(err.getvalue(), "")
        with contextlib.redirect_stderr(err):
            sweep.run(UNITS[:1], {"figures": [4, 5]}, workers=1, progress=True)
        self.assertIn("4/4 matchups", err.getvalue())

    def test_without_dask_the_local_path_works_and_dask_says_so(self):
        with mock.patch.dict(sys.modules, {"distributed": None, "dask": None}):
            r = sweep.run(UNITS[:1], {"figures": [4, 5]}, workers=2)
            self.assertEqual(len(r), 4)
            with self.assertRaises(sweep.DaskMissingError) as cm:
                sweep.run(UNITS[:1], {"figures": [4, 5]}, client=object())
        self.assertIn("Dask is not installed", str(cm.exception))
        self.assertIsInstance(cm.exception, ImportError)


if __name__ == "__main__":
    unittest.main()
