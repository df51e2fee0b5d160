"""warrules.sweep on a Dask LocalCluster on this machine, against the local
result. When this Python has no dask.distributed but the system's Python
has (Debian's python3-distributed serves /usr/bin/python3), these tests are
run there in a subprocess; skipped, saying so, when neither has it."""
import os
import shutil
import subprocess
import sys
import tempfile
import unittest

from warrules import sweep

from .support import PACKAGE_ROOT
from .sweep_support import AXES, SIZE, UNITS

try:
    import distributed
except ImportError as exc:  # the Debian packages serve /usr/bin/python3
    distributed = None
    MISSING = f"dask.distributed is not installed for this Python ({exc})"


@unittest.skipIf(distributed is None, MISSING if distributed is None else "")
class SweepOnLocalCluster(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.cluster = distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=False,
                                               dashboard_address=None)
        cls.client = distributed.Client(cls.cluster)
        cls.local = sweep.run(UNITS, AXES, workers=2)

    @classmethod
    def tearDownClass(cls):
        cls.client.close()
        cls.cluster.close()

    def test_same_table_as_local_processes(self):
        r = sweep.run(UNITS, AXES, client=self.client, chunk_size=25)
        self.assertEqual(len(r), SIZE)
        self.assertEqual(r.chunks, -(-SIZE // 25))
        self.assertEqual(r.rows, self.local.rows)
        self.assertEqual(r.heatmap_svg(), self.local.heatmap_svg())

    def test_resume_on_the_cluster(self):
        with tempfile.TemporaryDirectory() as tmp:
            path = os.path.join(tmp, "partial.jsonl")
            sweep.run(UNITS, AXES, workers=1, chunk_size=50, checkpoint=path)
            with open(path) as f:
                lines = f.read().splitlines()
            with open(path, "w") as f:
                f.write("\n".join(lines[:151]) + "\n")
            r = sweep.run(UNITS, AXES, client=self.client, checkpoint=path)
            self.assertEqual(r.computed, SIZE - 150)
            self.assertEqual(r.rows, self.local.rows)


def python_with_dask():
    """Another Python on this machine that imports dask.distributed, or None."""
    for exe in ("/usr/bin/python3", shutil.which("python3")):
        if exe and os.path.exists(exe) and os.path.realpath(exe) != os.path.realpath(sys.executable):
            found = subprocess.run([exe, "-c", "import distributed"], capture_output=True)
            if found.returncode == 0:
                return exe
    return None


@unittest.skipIf(distributed is not None, "dask.distributed is here: SweepOnLocalCluster runs")
class SweepOnLocalClusterInTheSystemPython(unittest.TestCase):
    def test_local_cluster_tests_pass_there(self):
        exe = python_with_dask()
        if exe is None:
            self.skipTest(MISSING + ", nor for any other python3 on this machine")
        env = dict(os.environ, PYTHONPATH=os.pathsep.join(
            [PACKAGE_ROOT] + [p for p in os.environ.get("PYTHONPATH", "").split(os.pathsep) if p]))
        run = subprocess.run([exe, "-m", "unittest", "-v", "tests.test_sweep_dask.SweepOnLocalCluster"], cwd=PACKAGE_ROOT,
                             env=env, capture_output=True, text=True, timeout=600)
        self.assertEqual(run.returncode, 0, run.stderr[-3000:])
        self.assertIn("test_same_table_as_local_processes", run.stderr)
        self.assertIn("Ran 2 tests", run.stderr)
        self.assertNotIn("skipped", run.stderr)


if __name__ == "__main__":
    unittest.main()
