"""Finding and loading libwarrules, and the one table of its C functions.

Each row of FUNCTIONS is (name, restype, argtypes). Functions returning
wr_status raise WarrulesError on any status but WR_OK. A symbol the loaded
library lacks is reported by name when it is first called.
"""
import ctypes
import ctypes.util
import os

from ._errors import WarrulesError, WarrulesLibraryError

c_int = ctypes.c_int
c_uint = ctypes.c_uint
c_size = ctypes.c_size_t
c_u64 = ctypes.c_uint64
P = ctypes.POINTER


class _Opaque(ctypes.Structure):
    """Base of the opaque handle types: only pointers to them are used."""


def opaque(name):
    return P(type(name, (_Opaque,), {}))


RNG = opaque("wr_rng")
FIGURE = opaque("wr_figure")

STATUS = "status"  # restype marker: an int status checked by errcheck

FUNCTIONS = [
    # core
    ("wr_status_name", ctypes.c_char_p, [c_int]),
    ("wr_status_str", ctypes.c_char_p, [c_int]),
    ("wr_version", ctypes.c_char_p, []),
    ("wr_version_number", c_int, []),
    ("wr_rng_new", STATUS, [c_u64, P(RNG)]),
    ("wr_rng_free", None, [RNG]),
    ("wr_rng_roll", STATUS, [RNG, c_int, P(c_int)]),
    ("wr_rng_clone", STATUS, [RNG, P(RNG)]),
    # melee (pinned)
    ("wr_reach_ranks", STATUS, [c_int, c_int, P(c_int)]),
    ("wr_fighting_figures", STATUS, [c_int, c_int, c_int, c_int, c_uint, c_uint, P(c_int)]),
    ("wr_complete_ranks", STATUS, [c_int, c_int, c_uint, P(c_int)]),
    ("wr_combat_percent", STATUS, [c_int, c_int, c_int, P(c_int), P(c_int)]),
    ("wr_kills_from_percent", STATUS, [c_int, c_int, P(c_int)]),
    # battlesystem (pinned)
    ("wr_figure_new", STATUS, [P(FIGURE)]),
    ("wr_figure_free", None, [FIGURE]),
    ("wr_figure_set", STATUS, [FIGURE, c_int, c_int]),
    ("wr_figure_get", STATUS, [FIGURE, c_int, P(c_int)]),
    ("wr_figure_add_damage", STATUS, [FIGURE, c_int, c_int, c_int]),
    ("wr_figure_damage_range", STATUS, [FIGURE, P(c_int), P(c_int)]),
    ("wr_rate_cavalry", STATUS, [FIGURE, FIGURE, P(FIGURE)]),
    ("wr_rate_chariot", STATUS, [P(FIGURE), c_size, P(FIGURE), c_size, P(FIGURE)]),
    ("wr_terrain_speed", STATUS, [c_int, c_uint, P(c_int), P(c_int)]),
    # campaign (pinned)
    ("wr_river_crossing", STATUS, [c_int, c_int, c_int, c_int, P(c_int), P(c_int), P(c_int)]),
    ("wr_half_die", STATUS, [c_int, P(c_int)]),
    ("wr_stragglers", STATUS, [c_int, c_int, P(c_int)]),
    ("wr_raft_timber", STATUS, [c_int, c_int, P(c_int)]),
]


def _candidates():
    """Where to look, in order: WARRULES_LIBRARY, next to the package, the system loader."""
    env = os.environ.get("WARRULES_LIBRARY")
    if env:
        yield "WARRULES_LIBRARY=" + env, env
        return
    here = os.path.dirname(os.path.abspath(__file__))
    for name in ("libwarrules.so.1", "libwarrules.so", "libwarrules.dylib", "warrules.dll"):
        yield "next to the package", os.path.join(here, name)
    found = ctypes.util.find_library("warrules")
    for name in ([found] if found else []) + ["libwarrules.so.1"]:
        yield "the system loader", name


def _open():
    tried = []
    for where, path in _candidates():
        try:
            return ctypes.CDLL(path), path
        except OSError as exc:
            tried.append(f"{path} ({where}): {exc}")
    raise WarrulesLibraryError(
        "could not load libwarrules; set WARRULES_LIBRARY to its path. Tried:\n  " + "\n  ".join(tried))


def _errcheck(result, func, args):
    if result != 0:
        raise WarrulesError(result, _status_name(result), func.__name__)
    return result


def _missing(name, path):
    def call(*args):
        raise WarrulesLibraryError(f"the library {path} lacks the symbol {name}")
    call.__name__ = name
    return call


class _Library:
    def __init__(self):
        self.cdll, self.path = _open()
        self.missing = []
        for name, restype, argtypes in FUNCTIONS:
            try:
                fn = getattr(self.cdll, name)
            except AttributeError:
                self.missing.append(name)
                setattr(self, name, _missing(name, self.path))
                continue
            fn.argtypes = argtypes
            if restype == STATUS:
                fn.restype = c_int
                fn.errcheck = _errcheck
            else:
                fn.restype = restype
            setattr(self, name, fn)


lib = _Library()


def _status_name(code):
    return lib.wr_status_name(code).decode()
