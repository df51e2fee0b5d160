"""A typed game script passes `python3 -m mypy --strict`: the package
re-exports its common names explicitly, types Rng and its roll, and the
sweep modules are annotated (checked strictly too). The package's other
modules are read for their interface only, as mypy reads an installed
package (ignore_errors for warrules.*)."""
import importlib.util
import os
import subprocess
import sys
import tempfile
import unittest

import warrules as wr

GAME = '''"""A typed game script: the common names of warrules."""
import warrules
from warrules import (RangeError, Rng, Status, WarrulesError, last_error, status_name, status_str,
                      version, version_number)
from warrules import sweep


def main() -> int:
    rng: Rng = Rng(7)
    roll: int = rng.roll(6)
    copy: Rng = rng.clone()
    try:
        warrules.combat_percent(14, 28, 10)
    except RangeError as exc:
        print(exc, last_error())
    except WarrulesError as exc:
        print(exc.status)
        return 1
    mcp, fcp = warrules.combat_percent(14, 28, 10)
    total: int = mcp + fcp + roll + version_number()
    kind: warrules.Weapon = warrules.WEAPON_PIKE
    print(version(), status_name(Status.ERR_RANGE), status_str(2), kind, total, copy)
    print(sweep.__name__)
    return 0
'''

SWEEP = ("warrules.sweep", "warrules._sweep_army", "warrules._sweep_run", "warrules._sweep_store",
         "warrules._sweep_study", "warrules._sweep_svg")

CONFIG = f'''[mypy]
[mypy-warrules.*]
ignore_errors = True
[mypy-{",".join(SWEEP)}]
ignore_errors = False
[mypy-pandas.*,numpy.*,dask.*,distributed.*]
ignore_missing_imports = True
'''


@unittest.skipUnless(importlib.util.find_spec("mypy"), "mypy is not installed (Debian: python3-mypy)")
class StrictTyping(unittest.TestCase):
    def test_a_typed_game_script_passes_mypy_strict(self):
        package_root = os.path.dirname(os.path.dirname(wr.__file__))
        with tempfile.TemporaryDirectory() as tmp:
            for name, text in (("game.py", GAME), ("mypy.ini", CONFIG)):
                with open(os.path.join(tmp, name), "w", encoding="utf-8") as f:
                    f.write(text)
            env = dict(os.environ, MYPYPATH=package_root)
            proc = subprocess.run([sys.executable, "-m", "mypy", "--strict", "--config-file", "mypy.ini",
                                   "--cache-dir", os.path.join(tmp, "cache"), "game.py"],
                                  capture_output=True, text=True, env=env, cwd=tmp, timeout=300)
            self.assertEqual(proc.returncode, 0, proc.stdout + proc.stderr)


if __name__ == "__main__":
    unittest.main()
