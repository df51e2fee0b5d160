"""The package's version, from its one source: the WR_VERSION_* macros of
include/warrules/core.h. In the source tree this file reads the header; the
build backend (_build/warrules_build.py) writes the number into the wheel's
copy of this file."""
import os
import re

VERSION = None  # set by the build backend in a wheel


def version_from_header(path):
    """"MAJOR.MINOR.PATCH" from the WR_VERSION_MAJOR/MINOR/PATCH macros of core.h."""
    with open(path, encoding="utf-8") as f:
        text = f.read()
    parts = [re.search(rf"#define WR_VERSION_{part}\s+(\d+)", text) for part in ("MAJOR", "MINOR", "PATCH")]
    if not all(parts):
        raise ValueError(f"{path} lacks a WR_VERSION_MAJOR, _MINOR or _PATCH macro")
    return ".".join(m.group(1) for m in parts)


if VERSION is None:
    _HEADER = os.path.join(os.path.dirname(os.path.abspath(__file__)), os.pardir, os.pardir, os.pardir,
                           "include", "warrules", "core.h")
    VERSION = version_from_header(os.path.normpath(_HEADER))
