#!/usr/bin/env python3
"""ctest bindings_gen_selftest: the generator's own guarantees, on copies of
the headers: a declaration it cannot read fails with the file and line, and
a new header function that no binding reaches fails binding_coverage."""
import os
import shutil
import subprocess
import sys
import tempfile
import unittest

sys.dont_write_bytecode = True
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import cheaders  # noqa: E402


def _copy_headers(tmp, module, declaration):
    """include/warrules copied to tmp with `declaration` added to module.h."""
    target = os.path.join(tmp, "warrules")
    shutil.copytree(cheaders.INCLUDE, target)
    path = os.path.join(target, module + ".h")
    with open(path, encoding="utf-8") as f:
        text = f.read()
    at = text.rindex("#ifdef __cplusplus")
    with open(path, "w", encoding="utf-8") as f:
        f.write(text[:at] + declaration + "\n\n" + text[at:])
    return target, text[:at].count("\n") + 1


class Generator(unittest.TestCase):
    def test_the_real_headers_are_read(self):
        h = cheaders.Headers()
        self.assertGreater(len(h.functions), 250)
        self.assertIn("wr_rng_roll", {f.name for f in h.functions})

    def test_an_unreadable_declaration_names_its_file_and_line(self):
        with tempfile.TemporaryDirectory() as tmp:
            target, line = _copy_headers(tmp, "melee", "WR_API wr_status wr_melee_probe(int (*odd)[3]);")
            with self.assertRaises(cheaders.HeaderError) as caught:
                cheaders.Headers(target)
            self.assertRegex(str(caught.exception), r"include/warrules/melee\.h:%d:|melee\.h:%d:" % (line, line))

    def test_a_constant_that_is_no_integer_names_its_file_and_line(self):
        with tempfile.TemporaryDirectory() as tmp:
            target, line = _copy_headers(tmp, "campaign", "#define WR_PLAN_PROBE 1.5")
            with self.assertRaises(cheaders.HeaderError) as caught:
                cheaders.Headers(target)
            self.assertIn(f"campaign.h:{line}:", str(caught.exception))

    def test_a_type_the_bindings_cannot_map_names_its_file_and_line(self):
        with tempfile.TemporaryDirectory() as tmp:
            target, line = _copy_headers(tmp, "melee", "WR_API wr_status wr_melee_probe(long value);")
            with self.assertRaises(cheaders.HeaderError) as caught:
                cheaders.Headers(target)
            self.assertIn(f"melee.h:{line}: type 'long'", str(caught.exception))

    def test_a_new_unbound_function_fails_binding_coverage(self):
        with tempfile.TemporaryDirectory() as tmp:
            target, _ = _copy_headers(tmp, "melee", "WR_API wr_status wr_melee_unit_probe(int value, int *out);")
            proc = subprocess.run([sys.executable, os.path.join(HERE, "check_coverage.py")],
                                  env=dict(os.environ, WARRULES_HEADERS=target), capture_output=True, text=True)
            self.assertNotEqual(proc.returncode, 0, proc.stdout)
            self.assertRegex(proc.stdout, r"wr_melee_unit_probe \(melee\.h:\d+\): not reachable from python")
            self.assertRegex(proc.stdout, r"wr_melee_unit_probe \(melee\.h:\d+\): not reachable from lua")

    def test_more_hand_written_lua_wrappers_than_the_limit_fail(self):
        import contextlib
        import io
        import check_coverage
        count = len(check_coverage.lua_hand_wrappers())
        self.assertLessEqual(count, check_coverage.LUA_HAND_WRAPPERS_MAX)
        saved = check_coverage.LUA_HAND_WRAPPERS_MAX
        check_coverage.LUA_HAND_WRAPPERS_MAX = count - 1
        out = io.StringIO()
        argv, sys.argv = sys.argv, sys.argv[:1]  # no library to read
        try:
            with contextlib.redirect_stdout(out), self.assertRaises(SystemExit) as caught:
                check_coverage.main()
        finally:
            check_coverage.LUA_HAND_WRAPPERS_MAX = saved
            sys.argv = argv
        self.assertEqual(caught.exception.code, 1)
        self.assertIn(f"bindings/lua: {count} hand-written wrappers", out.getvalue())

    def test_the_real_bindings_cover_the_real_headers(self):
        proc = subprocess.run([sys.executable, os.path.join(HERE, "check_coverage.py")],
                              capture_output=True, text=True)
        self.assertEqual(proc.returncode, 0, proc.stdout)


if __name__ == "__main__":
    unittest.main()
