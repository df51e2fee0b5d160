"""warrules.sweep on a Dask LocalCluster on this machine, against the local
result. Skipped (saying so) when this Python has no dask.distributed."""
import os
import tempfile
import unittest

from warrules import sweep

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


if __name__ == "__main__":
    unittest.main()
