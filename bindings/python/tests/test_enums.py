"""Constants as IntEnum/IntFlag (plain ints to C), __all__, and reprs that
print like Python values."""
import os
import sys
import unittest

import warrules as wr
from warrules import _enums

from .support import REPO, header_constants, skip_unless_module


class Constants(unittest.TestCase):
    @unittest.skipUnless(os.path.exists(os.path.join(REPO, "include", "warrules", "core.h")), "no headers")
    def test_spec_matches_the_headers(self):
        from . import gen_enums
        expected = []
        for module in ("melee", "battlesystem", "campaign"):
            expected += gen_enums.spec(module)
        self.assertEqual(sorted(_enums.SPEC), sorted(expected))

    def test_members_keep_their_names_and_values(self):
        for module in ("melee", "battlesystem", "campaign"):
            for name, value in header_constants(module):
                if hasattr(wr, name):
                    with self.subTest(name):
                        self.assertEqual(getattr(wr, name), value)
                        self.assertIsInstance(getattr(wr, name), int)
        self.assertIs(wr.WEAPON_PIKE, wr.Weapon.PIKE)
        self.assertEqual(repr(wr.WEAPON_PIKE), "<Weapon.PIKE: 3>")
        self.assertEqual(wr.reach_ranks(wr.WEAPON_PIKE), 3)
        self.assertIsInstance(wr.STEP_ROAD | wr.STEP_FORD, wr.StepFlag)
        self.assertEqual((wr.STEP_ROAD | wr.STEP_FORD).name, "ROAD|FORD")
        self.assertIs(type(wr.RACE_MAX), int)  # a limit stays a plain int

    def test_all_lists_classes_and_functions(self):
        for name in ("Figure", "Planner", "Map", "Engagement", "combat_percent", "WarrulesError",
                     "RangeError", "HandleInUseError", "Weapon", "StepFlag", "WEAPON_PIKE", "version"):
            self.assertIn(name, wr.__all__)
        for name in wr.__all__:
            self.assertTrue(hasattr(wr, name), name)
        self.assertEqual(wr.__version__, wr.version())


@skip_unless_module("campaign")
class RoutesPrint(unittest.TestCase):
    def test_steps_print_hexes_as_tuples_and_flags_by_name(self):
        m = wr.Map(8, 8)
        m.set_hexside((0, 0), 0, dict(road=True))
        with wr.Planner() as planner:
            route = planner.route(m, wr.plan_params_default(wr.MOVER_INFANTRY), (0, 0), (3, 0))
        self.assertEqual(route.hexes, [(0, 0), (1, 0), (2, 0), (3, 0)])
        self.assertEqual([tuple(step.hex) for step in route], route.hexes)
        self.assertEqual((len(route), route[-1].hex), (4, (3, 0)))
        self.assertTrue(repr(route).startswith("PlannedRoute(hexes=[(0, 0), (1, 0), (2, 0), (3, 0)], arrival_day="))
        first = route.steps[0]
        q, r = first.hex
        self.assertEqual((q, r), (0, 0))
        self.assertEqual(first.hex, (0, 0))
        self.assertIn("hex=(0, 0)", repr(first))
        self.assertIn("flags=StepFlag.START", repr(first))
        self.assertIn("StepFlag.ROAD", repr(route.steps[1]))


if __name__ == "__main__":
    unittest.main()


class TypeStubs(unittest.TestCase):
    """py.typed ships with stubs where ctypes hides the types; they are
    generated from the package and must be regenerated when it changes."""

    def _generated(self, *args):
        import subprocess
        import sys
        proc = subprocess.run([sys.executable, os.path.join(os.path.dirname(__file__), "gen_stub.py"), *args],
                              capture_output=True, text=True, check=True)
        return proc.stdout

    def test_stubs_are_current(self):
        package = os.path.dirname(wr.__file__)
        self.assertTrue(os.path.exists(os.path.join(package, "py.typed")))
        for args, name in (((), "_native.pyi"), (("--constants",), "_constants.pyi")):
            with open(os.path.join(package, name), encoding="utf-8") as f:
                self.assertEqual(f.read(), self._generated(*args),
                                 f"{name} is stale: python3 bindings/python/tests/gen_stub.py "
                                 f"{' '.join(args)} > bindings/python/warrules/{name}")

    @unittest.skipUnless(__import__("importlib.util").util.find_spec("mypy"),
                         "mypy is not installed (Debian: python3-mypy)")
    def test_mypy_accepts_the_package_and_checks_a_caller(self):
        import subprocess
        import tempfile
        package_root = os.path.dirname(os.path.dirname(wr.__file__))
        with tempfile.TemporaryDirectory() as tmp:
            caller = os.path.join(tmp, "caller.py")
            with open(caller, "w", encoding="utf-8") as f:
                f.write("import warrules as wr\n"
                        "r = wr.Planner().route(wr.Map(4, 4), wr.plan_params_default(wr.MOVER_INFANTRY), (0, 0), (1, 0))\n"
                        "day: int = r.steps[0].day\n"
                        "kind: wr.Weapon = wr.WEAPON_PIKE\n"
                        "wrong: str = wr.combat_percent(14, 28, 10)\n")
            env = dict(os.environ, MYPYPATH=package_root)
            proc = subprocess.run([sys.executable, "-m", "mypy", "--no-error-summary", "--cache-dir", os.path.join(tmp, "cache"),
                                   "--ignore-missing-imports", os.path.join(package_root, "warrules"), caller],
                                  capture_output=True, text=True, env=env, cwd=tmp, timeout=300)
            lines = [line for line in proc.stdout.splitlines() if "error" in line]
            self.assertEqual(len(lines), 1, proc.stdout)
            self.assertIn("caller.py:5", lines[0])
