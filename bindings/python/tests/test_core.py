import gc
import os
import subprocess
import sys
import unittest

import warrules


class CoreTest(unittest.TestCase):
    def test_version(self):
        major, minor, patch = (int(x) for x in warrules.__version__.split("."))
        self.assertEqual(warrules.version(), warrules.__version__)
        self.assertEqual(warrules.version_number(), major * 10000 + minor * 100 + patch)

    def test_status_names(self):
        self.assertEqual(warrules.status_name(warrules.ERR_RANGE), "WR_ERR_RANGE")
        self.assertEqual(warrules.status_name(99), "WR_UNKNOWN")
        self.assertTrue(warrules.status_str(warrules.ERR_NULL).endswith("."))

    def test_rng_pinned_sequence(self):
        with warrules.Rng(0) as rng:
            self.assertEqual([rng.roll(6) for _ in range(10)], [4, 5, 1, 3, 5, 6, 3, 4, 6, 6])
        rng = warrules.Rng(42)
        self.assertEqual([rng.roll(100) for _ in range(5)], [9, 38, 69, 93, 100])
        copy = rng.clone()
        self.assertEqual([rng.roll(100) for _ in range(5)], [copy.roll(100) for _ in range(5)])
        rng.close()
        rng.close()  # twice is harmless
        with self.assertRaises(ValueError):
            rng.roll(6)
        del copy
        gc.collect()

    def test_rng_bad_sides(self):
        rng = warrules.Rng(1)
        for sides in (1, 0, -5, 1000001):
            with self.assertRaises(warrules.WarrulesError) as ctx:
                rng.roll(sides)
            self.assertEqual(ctx.exception.status, warrules.ERR_RANGE)
            self.assertEqual(ctx.exception.name, "WR_ERR_RANGE")
            self.assertIsInstance(ctx.exception, ValueError)

    def test_library_not_found_says_what_it_tried(self):
        env = dict(os.environ, WARRULES_LIBRARY="/nonexistent/libwarrules.so.1")
        here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
        proc = subprocess.run([sys.executable, "-c", "import warrules"], env=env, cwd=here,
                              capture_output=True, text=True)
        self.assertNotEqual(proc.returncode, 0)
        self.assertIn("/nonexistent/libwarrules.so.1", proc.stderr)
        self.assertIn("WARRULES_LIBRARY", proc.stderr)

    def test_missing_symbol_reported_by_name(self):
        from warrules import _native
        call = _native._missing("wr_not_there", "libx.so")
        with self.assertRaises(warrules.WarrulesLibraryError) as ctx:
            call()
        self.assertIn("wr_not_there", str(ctx.exception))
        # a library built without a module lacks that module's functions only
        lib = warrules._native.lib
        for name in lib.missing:
            module = lib.module_of[name]
            self.assertTrue(all(not lib.has(n) for n, m in lib.module_of.items() if m == module),
                            name)
        self.assertTrue(warrules.has_function("wr_version"))


class Allocators(unittest.TestCase):
    def test_counting_allocator_sees_every_handle(self):
        alloc = warrules.CountingAllocator()
        with warrules.Rng(42, allocator=alloc) as rng:
            self.assertEqual(alloc.live_blocks, 1)
            copy = rng.clone()
            self.assertEqual(alloc.live_blocks, 2)
            self.assertEqual(rng.roll(100), copy.roll(100))
            copy.close()
        fig = warrules.Figure(hd=2, damage=[(1, 6, 0)], allocator=alloc)
        cav = warrules.rate_cavalry(fig, fig, allocator=alloc)
        ch = warrules.rate_chariot([fig], [fig], allocator=alloc)
        unit = warrules.BattleUnit(fig, figures=3, allocator=alloc)
        form = warrules.Formation(allocator=alloc)
        prof = warrules.Profile(warrules.RACE_HUMAN, allocator=alloc)
        chart = warrules.HitChart(allocator=alloc)
        a = warrules.MeleeUnit(prof, figures=5, files=5, allocator=alloc)
        b = warrules.MeleeUnit(prof, figures=5, files=5, allocator=alloc)
        e = warrules.Engagement(a, b, [(5,), (5,)], allocator=alloc)
        odds = e.odds(1, allocator=alloc)
        self.assertGreater(alloc.live_blocks, 10)
        for h in (odds, e, a, b, chart, prof, form, unit, ch, cav, fig):
            h.close()
        # every block comes back (live_bytes is not checked: merging damage groups in
        # src/battlesystem/figure.c frees a block with a smaller old_size than it allocated)
        self.assertEqual(alloc.live_blocks, 0)

    def test_failing_allocator_gives_nomem(self):
        for ctor in (lambda al: warrules.Rng(1, allocator=al),
                     lambda al: warrules.Figure(allocator=al),
                     lambda al: warrules.Profile(allocator=al),
                     lambda al: warrules.Formation(allocator=al)):
            alloc = warrules.CountingAllocator(fail_after=0)
            with self.assertRaises(warrules.WarrulesError) as ctx:
                ctor(alloc)
            self.assertEqual(ctx.exception.name, "WR_ERR_NOMEM")
            self.assertEqual(alloc.live_blocks, 0)
        broken = warrules.Allocator(lambda ptr, old, new: 1 / 0)  # an exception is a failure
        with self.assertRaises(ZeroDivisionError) as ctx:  # raised again once C returned
            warrules.Rng(1, allocator=broken)
        self.assertIsInstance(ctx.exception.__cause__, warrules.NoMemoryError)

    def test_out_of_range_ints_are_refused(self):
        with warrules.Rng(1) as rng:
            for sides in (2**32 + 6, -2**31 - 1):
                with self.assertRaises(warrules.WarrulesError) as ctx:
                    rng.roll(sides)
                self.assertEqual(ctx.exception.name, "WR_ERR_RANGE")
            with self.assertRaises(TypeError):
                rng.roll("6")
            with self.assertRaises(TypeError):
                rng.roll(6.0)


if __name__ == "__main__":
    unittest.main()
