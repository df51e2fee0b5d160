"""The package installs offline with pip and imports from the install."""
import os
import subprocess
import sys
import tempfile
import unittest

from .support import PACKAGE_ROOT


def _pip_available():
    return subprocess.run([sys.executable, "-m", "pip", "--version"], capture_output=True).returncode == 0


@unittest.skipUnless(_pip_available(), "pip is not available")
class OfflineInstall(unittest.TestCase):
    def test_pip_install_no_index_and_import(self):
        with tempfile.TemporaryDirectory() as tmp:
            target = os.path.join(tmp, "site")
            env = dict(os.environ, PIP_NO_INDEX="1", PIP_DISABLE_PIP_VERSION_CHECK="1",
                       PIP_NO_CACHE_DIR="1")
            env.pop("PYTHONPATH", None)
            proc = subprocess.run(
                [sys.executable, "-m", "pip", "install", "--no-index", "--no-deps", "--target", target,
                 PACKAGE_ROOT], capture_output=True, text=True, env=env, cwd=tmp, timeout=300)
            self.assertEqual(proc.returncode, 0, proc.stdout + proc.stderr)
            self.assertTrue(os.path.exists(os.path.join(target, "warrules", "_native.py")))
            self.assertFalse(os.path.exists(os.path.join(target, "tests")))
            env["PYTHONPATH"] = target
            code = ("import warrules, os; "
                    "assert os.path.dirname(warrules.__file__) == os.path.join(%r, 'warrules'), warrules.__file__; "
                    "print(warrules.version(), warrules.combat_percent(14, 28, 10), "
                    "list(warrules.terrain_speed_batch([1])[0]))" % target)
            proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env,
                                  cwd=tmp, timeout=60)
            self.assertEqual(proc.returncode, 0, proc.stderr)
            self.assertEqual(proc.stdout.strip(), "1.1.0 (42, 420) [4]")


if __name__ == "__main__":
    unittest.main()
