"""The package installs offline with pip and imports from the install: into
a directory (pure wheel, library named by WARRULES_LIBRARY), and into a
fresh venv with no environment variable (the wheel builds and carries
libwarrules.so.1 from this source tree)."""
import os
import shutil
import subprocess
import sys
import tempfile
import unittest

import warrules

from .support import PACKAGE_ROOT, REPO


def _pip_available():
    return subprocess.run([sys.executable, "-m", "pip", "--version"], capture_output=True).returncode == 0


def _venv_available():
    return subprocess.run([sys.executable, "-c", "import ensurepip, venv"], capture_output=True).returncode == 0


def _version_from_header():
    sys.path.insert(0, os.path.join(PACKAGE_ROOT, "warrules"))
    try:
        import _version  # the package's reader of core.h, alone
        return _version.version_from_header(os.path.join(REPO, "include", "warrules", "core.h"))
    finally:
        sys.path.pop(0)
        sys.modules.pop("_version", None)


EXPECTED = f"{_version_from_header()} (42, 420) [4]"
CHECK = ("import warrules, os; "
         "assert os.path.dirname(warrules.__file__) == os.path.join(%r, 'warrules'), warrules.__file__; "
         "assert warrules.__version__ == warrules.version(); "
         "print(warrules.version(), warrules.combat_percent(14, 28, 10), "
         "list(warrules.terrain_speed_batch([1])[0]))")


# The variables through which a process finds libwarrules or another copy of
# the package. A developer with libwarrules installed in a prefix of their own
# has them pointing there; the subprocesses here start without them and are
# given only what each test means to try.
LOCATING = ("LD_LIBRARY_PATH", "DYLD_LIBRARY_PATH", "PKG_CONFIG_PATH", "PKG_CONFIG_LIBDIR",
            "WARRULES_LIBRARY", "WARRULES_BUNDLE_LIBRARY", "PYTHONPATH")


def _bare_env():
    return {name: value for name, value in os.environ.items() if name not in LOCATING}


def _clean_env():
    return dict(_bare_env(), PIP_NO_INDEX="1", PIP_DISABLE_PIP_VERSION_CHECK="1", PIP_NO_CACHE_DIR="1")


@unittest.skipUnless(_pip_available(), "pip is not available")
class OfflineInstall(unittest.TestCase):
    def test_pip_install_no_index_and_import(self):
        with tempfile.TemporaryDirectory() as tmp:
            target = os.path.join(tmp, "site")
            env = _clean_env()
            env["WARRULES_BUNDLE_LIBRARY"] = "0"  # a pure wheel: the library comes from WARRULES_LIBRARY
            env["WARRULES_LIBRARY"] = warrules._lib.path  # the library under test
            proc = subprocess.run(
                [sys.executable, "-m", "pip", "install", "--no-index", "--no-deps", "--target", target,
                 PACKAGE_ROOT], capture_output=True, text=True, env=env, cwd=tmp, timeout=300)
            self.assertEqual(proc.returncode, 0, proc.stdout + proc.stderr)
            self.assertTrue(os.path.exists(os.path.join(target, "warrules", "_native.py")))
            self.assertTrue(os.path.exists(os.path.join(target, "warrules", "py.typed")))
            self.assertFalse(os.path.exists(os.path.join(target, "warrules", "libwarrules.so.1")))
            self.assertFalse(os.path.exists(os.path.join(target, "tests")))
            env["PYTHONPATH"] = target
            proc = subprocess.run([sys.executable, "-c", CHECK % target], capture_output=True, text=True,
                                  env=env, cwd=tmp, timeout=60)
            self.assertEqual(proc.returncode, 0, proc.stderr)
            self.assertEqual(proc.stdout.strip(), EXPECTED)

    @unittest.skipUnless(_venv_available() and shutil.which("cmake"), "venv or cmake is not available")
    def test_venv_install_imports_with_no_variable(self):
        """The issue's command: python3 -m venv v && v/bin/pip install bindings/python &&
        v/bin/python -c "import warrules; ..." with no WARRULES_LIBRARY."""
        with tempfile.TemporaryDirectory() as tmp:
            env = _clean_env()
            venv = os.path.join(tmp, "v")
            subprocess.run([sys.executable, "-m", "venv", venv], check=True, env=env, timeout=120)
            python = os.path.join(venv, "bin", "python")
            proc = subprocess.run([python, "-m", "pip", "install", "--no-index", PACKAGE_ROOT],
                                  capture_output=True, text=True, env=env, cwd=tmp, timeout=600)
            self.assertEqual(proc.returncode, 0, proc.stdout + proc.stderr)
            site = subprocess.run([python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                                  capture_output=True, text=True, env=env, check=True).stdout.strip()
            self.assertTrue(os.path.exists(os.path.join(site, "warrules", "libwarrules.so.1")))
            proc = subprocess.run([python, "-c", CHECK % site + "; print(warrules._lib.path)"],
                                  capture_output=True, text=True, env=env, cwd=tmp, timeout=60)
            self.assertEqual(proc.returncode, 0, proc.stderr)
            lines = proc.stdout.strip().splitlines()
            self.assertEqual(lines[0], EXPECTED)
            self.assertEqual(lines[1], os.path.join(site, "warrules", "libwarrules.so.1"))


# Put before a subprocess's script: ctypes.util.find_library finds no
# libwarrules, as where none is installed in the system loader's paths.
NO_SYSTEM_LIBRARY = ("import ctypes.util; find = ctypes.util.find_library; "
                     "ctypes.util.find_library = lambda name: None if name == 'warrules' else find(name); ")


class FindsAnInstalledLibrary(unittest.TestCase):
    @unittest.skipUnless(shutil.which("pkg-config") and os.environ.get("WARRULES_LIBRARY"),
                         "pkg-config or the library under test is missing")
    def test_pkg_config_libdir(self):
        """With no variable, no bundled library and none that the system loader
        knows (ctypes.util.find_library answers None, whatever is installed on
        the machine), pkg-config's libdir is tried."""
        libdir = os.path.dirname(os.path.realpath(os.environ["WARRULES_LIBRARY"]))
        if not os.path.exists(os.path.join(libdir, "libwarrules.so.1")):
            self.skipTest("the library under test has no libwarrules.so.1 beside it")
        with tempfile.TemporaryDirectory() as tmp:
            with open(os.path.join(tmp, "warrules.pc"), "w", encoding="utf-8") as f:
                f.write(f"libdir={libdir}\nName: warrules\nDescription: test\nVersion: 1.1.0\n"
                        f"Libs: -L${{libdir}} -lwarrules\n")
            env = dict(_bare_env(), PKG_CONFIG_PATH=tmp, PKG_CONFIG_LIBDIR=tmp, PYTHONPATH=PACKAGE_ROOT)
            probe = NO_SYSTEM_LIBRARY + "import warrules; print(warrules._lib.path)"
            proc = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, env=env,
                                  cwd=tmp, timeout=60)
            self.assertEqual(proc.returncode, 0, proc.stderr)
            self.assertEqual(proc.stdout.strip(), os.path.join(libdir, "libwarrules.so.1"))


if __name__ == "__main__":
    unittest.main()
