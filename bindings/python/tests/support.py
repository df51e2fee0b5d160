"""Shared by the tests: where the source tree is, which modules the library has."""
import os
import re
import shutil

import warrules
from warrules import _native

from . import headers

HERE = os.path.dirname(os.path.abspath(__file__))
PACKAGE_ROOT = os.path.dirname(HERE)
REPO = os.path.dirname(os.path.dirname(PACKAGE_ROOT))
INCLUDE = os.path.join(REPO, "include")
HEADERS = {m: os.path.join(INCLUDE, "warrules", m + ".h")
           for m in ("core", "melee", "battlesystem", "campaign")}


def module_built(module):
    """Whether the loaded library has every function of a module."""
    return all(_native.lib.has(name) for name, m in _native.lib.module_of.items() if m == module)


def have_headers():
    return all(os.path.exists(h) for h in HEADERS.values())


def c_compiler():
    for cc in (os.environ.get("CC"), "cc", "gcc", "clang"):
        if cc and shutil.which(cc):
            return cc
    return None


def header_text(module):
    with open(HEADERS[module], encoding="utf-8") as f:
        return f.read()


def public_functions(module, deprecated=False):
    """The names of the WR_API functions a header declares, without the
    deprecated ones (WR_DEPRECATED) unless `deprecated`."""
    text = re.sub(r"/\*.*?\*/", "", header_text(module), flags=re.S)
    names = re.findall(r"WR_API\s+[^;(]*?\b(wr_\w+)\s*\(", text)
    old = () if deprecated else headers.deprecated_functions(module)
    return [name for name in names if name not in old]


def header_constants(module):
    """(name without WR_, value) of every enum value and numeric #define of a header."""
    text = re.sub(r"/\*.*?\*/", "", header_text(module), flags=re.S)
    out = []
    for m in re.finditer(r"typedef enum \w+ \{(.*?)\}", text, re.S):
        for e in re.finditer(r"(WR_\w+)\s*=\s*(-?\w+)", m.group(1)):
            out.append((e.group(1)[3:], int(e.group(2), 0)))
    for m in re.finditer(r"#define (WR_\w+) \(?(-?(?:0x[0-9A-Fa-f]+|\d+))u?\)?\s*$", text, re.M):
        if not m.group(1).startswith("WR_VERSION"):
            out.append((m.group(1)[3:], int(m.group(2), 0)))
    return out


def skip_unless_module(module):
    import unittest
    return unittest.skipUnless(module_built(module), f"the library was built without {module}")


__all__ = ["warrules", "module_built", "have_headers", "c_compiler", "public_functions",
           "header_constants", "skip_unless_module", "REPO", "INCLUDE", "PACKAGE_ROOT"]
