"""Strategic movement on hex maps (warrules/campaign.h)."""
import ctypes

from ._native import lib

__all__ = ["ARM_INFANTRY", "ARM_CAVALRY", "RIVER_MINOR", "RIVER_MAJOR",
           "CROSS_OPEN", "CROSS_BRIDGE", "CROSS_FERRY", "CROSS_FORD",
           "river_crossing", "half_die", "stragglers", "raft_timber"]

ARM_INFANTRY = 0
ARM_CAVALRY = 1
RIVER_MINOR = 1
RIVER_MAJOR = 2
CROSS_OPEN = 0
CROSS_BRIDGE = 1
CROSS_FERRY = 2
CROSS_FORD = 3


def _int_out(fn, *args):
    out = ctypes.c_int()
    fn(*args, ctypes.byref(out))
    return out.value


def river_crossing(arm, river, crossing, daily_points):
    """(extra_points, days, unformed) of a river crossing."""
    extra, days, unformed = ctypes.c_int(), ctypes.c_int(), ctypes.c_int()
    lib.wr_river_crossing(arm, river, crossing, daily_points,
                          ctypes.byref(extra), ctypes.byref(days), ctypes.byref(unformed))
    return extra.value, days.value, unformed.value


def half_die(d6):
    """A half-die: ceil(d6 / 2)."""
    return _int_out(lib.wr_half_die, d6)


def stragglers(figures, half_die):
    """Figures lost to stragglers in one day of unformed movement."""
    return _int_out(lib.wr_stragglers, figures, half_die)


def raft_timber(d6, in_forest_or_swamp=False):
    """Whether there is timber enough for rafts."""
    return bool(_int_out(lib.wr_raft_timber, d6, 1 if in_forest_or_swamp else 0))
