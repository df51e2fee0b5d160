"""The binding against the headers: every public function has a row in the
table, every constant its value, every struct mirror the C layout."""
import ctypes
import os
import re
import subprocess
import tempfile
import unittest

import warrules
from warrules import _native

from .support import (INCLUDE, c_compiler, have_headers, header_constants, header_text,
                      module_built, public_functions)

MODULES = ["core", "melee", "battlesystem"] + (["campaign"] if module_built("campaign") else [])


@unittest.skipUnless(have_headers(), "the headers of the source tree are not here")
class TableMatchesHeaders(unittest.TestCase):
    def test_every_public_function_has_a_row(self):
        rows = {name for name, module in _native.lib.module_of.items()}
        for module in MODULES:
            for name in public_functions(module):
                self.assertIn(name, rows, f"{name} of {module}.h has no row in _native.FUNCTIONS")
                self.assertEqual(_native.lib.module_of[name], module)

    def test_rows_name_real_functions(self):
        declared = set()
        for module in ("core", "melee", "battlesystem", "campaign"):
            declared.update(public_functions(module, deprecated=True))
        for name in _native.lib.module_of:
            self.assertIn(name, declared, f"{name} is in the table but in no header")

    def test_built_modules_have_every_symbol(self):
        for module in MODULES:
            missing = [n for n, m in _native.lib.module_of.items() if m == module and not _native.lib.has(n)]
            self.assertEqual(missing, [], module)

    def test_constants(self):
        for module in ("melee", "battlesystem") + (("campaign",) if module_built("campaign") else ()):
            for name, value in header_constants(module):
                if module == "campaign" and not hasattr(warrules, name):
                    continue
                self.assertTrue(hasattr(warrules, name), f"warrules.{name} is missing")
                self.assertEqual(getattr(warrules, name), value, name)
        for name, value in header_constants("core"):
            if name.startswith("ERR_") or name == "OK":
                self.assertEqual(getattr(warrules, name), value)


def _header_of(struct):
    """The module whose header defines a struct mirror."""
    for module in ("core", "melee", "battlesystem", "campaign"):
        if re.search(r"\}\s*" + struct._c_name_ + r"\s*;", header_text(module)):
            return module
    raise AssertionError(f"no header defines {struct._c_name_}")


def _c_program(structs, modules):
    lines = ["#include <stddef.h>", "#include <stdio.h>"]
    lines += [f"#include <warrules/{m}.h>" for m in modules]
    lines += ["int main(void) {"]
    for s in structs:
        c_fields = getattr(s, "_c_fields_", {})
        lines.append(f'    printf("{s._c_name_} sizeof %zu\\n", sizeof({s._c_name_}));')
        for name, _ in s._fields_:
            c = c_fields.get(name, name)
            lines.append(f'    printf("{s._c_name_} {name} %zu\\n", offsetof({s._c_name_}, {c}));')
    lines += ["    return 0;", "}"]
    return "\n".join(lines) + "\n"


@unittest.skipUnless(have_headers() and c_compiler(), "needs the headers and a C compiler")
class StructLayout(unittest.TestCase):
    def test_mirrors_match_the_c_compiler(self):
        structs = [s for s in _native.STRUCTS if _header_of(s) in MODULES]
        self.assertGreaterEqual(len(structs), 19)
        with tempfile.TemporaryDirectory() as tmp:
            src = os.path.join(tmp, "layout.c")
            exe = os.path.join(tmp, "layout")
            with open(src, "w") as f:
                f.write(_c_program(structs, MODULES))
            subprocess.run([c_compiler(), "-std=c11", "-I", INCLUDE, src, "-o", exe], check=True)
            out = subprocess.run([exe], check=True, capture_output=True, text=True).stdout
        seen = 0
        for line in out.splitlines():
            c_name, field, value = line.split()
            s = next(s for s in structs if s._c_name_ == c_name)
            if field == "sizeof":
                self.assertEqual(ctypes.sizeof(s), int(value), f"sizeof({c_name})")
            else:
                self.assertEqual(getattr(s, field).offset, int(value), f"{c_name}.{field}")
            seen += 1
        self.assertEqual(seen, sum(1 + len(s._fields_) for s in structs))


class StructBasics(unittest.TestCase):
    def test_every_struct_has_a_c_name_and_compares_by_value(self):
        for s in _native.STRUCTS:
            self.assertTrue(s._c_name_.startswith("wr_"))
        a, b = warrules.Wounds(1, 1), warrules.Wounds(1, 1)
        self.assertEqual(a, b)
        b.serious = 1
        self.assertNotEqual(a, b)
        self.assertEqual(a.as_dict()["hits"], 1)
        self.assertIn("hits=1", repr(a))


if __name__ == "__main__":
    unittest.main()
