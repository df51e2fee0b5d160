"""warrules.sweep on a Dask LocalCluster on this machine, against the local
result. When this Python has no dask.distributed but the system's Python
has (Debian's python3-distributed serves /usr/bin/python3), these tests are
run there in a subprocess; skipped, saying so, when neither has it."""
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import unittest
from unittest import mock

from warrules import sweep, _sweep_run, _sweep_study

from .support import PACKAGE_ROOT
from .sweep_support import AXES, SIZE, UNITS

try:
    import dask
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

    def test_a_scheduler_address(self):
        # issue #30: the address string, connected for the run and closed after
        made, real = [], distributed.Client

        def client(*args, **kwargs):
            made.append(real(*args, **kwargs))
            return made[-1]
        with mock.patch.object(distributed, "Client", client):
            r = sweep.run(UNITS, AXES, client=self.cluster.scheduler_address, chunk_size=50)
        self.assertEqual(r.rows, self.local.rows)
        self.assertEqual(len(made), 1)
        self.assertEqual(made[0].status, "closed", "the run's own client is closed")

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


def dies_from(first, real=_sweep_study.compute_chunk):
    """compute_chunk (sent to the Dask workers by value) whose worker
    process is killed for every chunk holding an index of `first` or more."""
    def compute(study, indices):
        if max(indices) >= first:
            os.kill(os.getpid(), signal.SIGKILL)
        return real(study, indices)
    return compute


@unittest.skipIf(distributed is None, MISSING if distributed is None else "")
class SweepLosesItsDaskWorkers(unittest.TestCase):
    """Issue 25, item 5: a sweep whose Dask workers die says which chunks it
    lost (never a bare CancelledError), keeps the rest, and resumes."""

    def cluster(self, restart):
        cluster = distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                           dashboard_address=None, silence_logs=50)
        if not restart:
            for nanny in cluster.workers.values():
                nanny.close_gracefully()  # a worker that dies is not started again
        self.addCleanup(cluster.close)
        client = distributed.Client(cluster)
        self.addCleanup(client.close)
        return client

    def test_every_worker_dies(self):
        expected = sweep.run(UNITS, AXES, workers=1)
        client = self.cluster(restart=False)
        with tempfile.TemporaryDirectory() as tmp:
            path = os.path.join(tmp, "partial.jsonl")
            with mock.patch.object(_sweep_study, "compute_chunk", dies_from(150)):
                with self.assertRaises(sweep.WorkerLost) as cm:
                    sweep.run(UNITS, AXES, client=client, chunk_size=30, checkpoint=path)
            text = str(cm.exception)
            self.assertIn("the Dask cluster lost", text)
            self.assertIn("no worker is left", text)
            with open(path) as f:
                done = f.read().count("\n") - 1
            self.assertLess(done, SIZE)
            resumed = sweep.run(UNITS, AXES, workers=1, checkpoint=path)
            self.assertEqual(resumed.computed, SIZE - done)
            self.assertEqual(resumed.rows, expected.rows)

    def test_one_chunk_kills_every_worker_it_meets(self):
        with dask.config.set({"distributed.scheduler.allowed-failures": 1}):
            client = self.cluster(restart=True)
            with mock.patch.object(_sweep_study, "compute_chunk", dies_from(SIZE - 1)):
                with self.assertRaises(sweep.WorkerLost) as cm:
                    sweep.run(UNITS, AXES, client=client, chunk_size=30)
        text = str(cm.exception)
        # the chunk that kills its workers is lost (and, when the study was
        # lost with them, the chunks that were waiting for it)
        self.assertRegex(text, r"the Dask cluster lost \d+ of 11 chunks")
        self.assertRegex(text, rf"indices [0-9., ]*\.\.{SIZE - 1}\b")
        self.assertIn("KilledWorker", text)


class DaskLostResult(unittest.TestCase):
    """A future whose worker died under load can fail in distributed's own
    result() with "exceptions must derive from BaseException": that chunk
    is lost (WorkerLost), while a TypeError raised anywhere else is the
    caller's and propagates."""

    @staticmethod
    def raised_in(filename, statement):
        code = compile(statement, filename, "exec")
        try:
            exec(code, {})
        except TypeError as exc:
            return exc
        raise AssertionError("no TypeError")

    def test_only_distributed_losing_the_result_counts_as_lost(self):
        inside = os.path.join(os.sep + "usr", "lib", "distributed", "client.py")
        exc = self.raised_in(inside, "raise None")
        self.assertTrue(_sweep_run._dask_lost_its_result(exc))
        self.assertFalse(_sweep_run._dask_lost_its_result(self.raised_in("mine.py", "raise None")))
        self.assertFalse(_sweep_run._dask_lost_its_result(self.raised_in(inside, "len(3)")))


class SweepClientArgument(unittest.TestCase):
    """client= takes a Client or a scheduler's address; anything else is
    refused before any work, saying what is accepted; without Dask, any
    client= says Dask is missing (issue #30)."""

    @unittest.skipIf(distributed is None, MISSING if distributed is None else "")
    def test_other_values_are_refused(self):
        for bad in (8786, ["tcp://h:1"], object()):
            with self.assertRaises(TypeError) as cm:
                sweep.run(UNITS, AXES, client=bad)
            self.assertIn("distributed.Client", str(cm.exception))
            self.assertIn("'tcp://host:port'", str(cm.exception))

    @unittest.skipIf(distributed is not None, "dask.distributed is here: SweepOnLocalCluster connects")
    def test_an_address_without_dask(self):
        with self.assertRaises(sweep.DaskMissingError) as cm:
            sweep.run(UNITS, AXES, client="tcp://127.0.0.1:8786")
        self.assertIn("Dask is not installed", str(cm.exception))

    @unittest.skipIf(distributed is None, MISSING if distributed is None else "")
    def test_an_address_where_nothing_answers(self):
        with self.assertRaises(OSError) as cm:
            _sweep_run.connect(distributed, "tcp://127.0.0.1:9", timeout=1)
        self.assertIn("tcp://127.0.0.1:9", str(cm.exception))


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
        run = subprocess.run([exe, "-m", "unittest", "-v", "tests.test_sweep_dask.SweepOnLocalCluster",
                              "tests.test_sweep_dask.SweepLosesItsDaskWorkers"], cwd=PACKAGE_ROOT,
                             env=env, capture_output=True, text=True, timeout=600)
        self.assertEqual(run.returncode, 0, run.stderr[-3000:])
        self.assertIn("test_same_table_as_local_processes", run.stderr)
        self.assertIn("test_every_worker_dies", run.stderr)
        self.assertIn("Ran 5 tests", run.stderr)
        self.assertNotIn("skipped", run.stderr)


if __name__ == "__main__":
    unittest.main()
