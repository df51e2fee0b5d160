"""AD&D Battlesystem ratings and terrain (warrules/battlesystem.h)."""
import ctypes
from fractions import Fraction

from ._core import Handle
from ._native import FIGURE, lib

__all__ = ["STAT_AR", "STAT_HD", "STAT_AC", "STAT_MV", "STAT_SA", "STAT_SD",
           "TERRAIN_CLEAR", "TERRAIN_ROAD", "TERRAIN_WOODS", "TERRAIN_ROUGH", "TERRAIN_SWAMP",
           "TERRAIN_WATER", "TRAIT_WOODLAND", "TRAIT_MOUNTAIN", "TRAIT_SWAMP", "TRAIT_AQUATIC",
           "Figure", "rate_cavalry", "rate_chariot", "terrain_speed"]

STAT_AR, STAT_HD, STAT_AC, STAT_MV, STAT_SA, STAT_SD = range(6)
TERRAIN_CLEAR, TERRAIN_ROAD, TERRAIN_WOODS, TERRAIN_ROUGH, TERRAIN_SWAMP, TERRAIN_WATER = range(6)
TRAIT_WOODLAND = 0x01
TRAIT_MOUNTAIN = 0x02
TRAIT_SWAMP = 0x04
TRAIT_AQUATIC = 0x08

_STATS = {"ar": STAT_AR, "hd": STAT_HD, "ac": STAT_AC, "mv": STAT_MV, "sa": STAT_SA, "sd": STAT_SD}


def _to_c_int(value):
    """SA and SD are 32-bit patterns: pass 0..2**32-1 as the C int of the same bits."""
    value &= 0xFFFFFFFF
    return value - (1 << 32) if value >= (1 << 31) else value


class Figure(Handle):
    """A rated figure (wr_figure): AR, HD, AC, MV, SA, SD and damage dice."""

    _free = staticmethod(lambda p: lib.wr_figure_free(p))

    def __init__(self, ar=0, hd=0, ac=0, mv=0, sa=0, sd=0, damage=()):
        ptr = FIGURE()
        lib.wr_figure_new(ctypes.byref(ptr))
        super().__init__(ptr)
        try:
            for name, value in (("ar", ar), ("hd", hd), ("ac", ac), ("mv", mv), ("sa", sa), ("sd", sd)):
                setattr(self, name, value)
            for dice, sides, bonus in damage:
                self.add_damage(dice, sides, bonus)
        except Exception:
            self.close()
            raise

    @classmethod
    def _adopt(cls, ptr):
        fig = cls.__new__(cls)
        Handle.__init__(fig, ptr)
        return fig

    def _get(self, stat):
        out = ctypes.c_int()
        lib.wr_figure_get(self._handle(), stat, ctypes.byref(out))
        return out.value & 0xFFFFFFFF if stat in (STAT_SA, STAT_SD) else out.value

    def _set(self, stat, value):
        if stat in (STAT_SA, STAT_SD):
            value = _to_c_int(value)
        lib.wr_figure_set(self._handle(), stat, value)

    def add_damage(self, dice, sides, bonus=0):
        """Adds dice d sides + bonus to the figure's damage."""
        lib.wr_figure_add_damage(self._handle(), dice, sides, bonus)

    @property
    def damage_range(self):
        """(min, max) damage."""
        lo, hi = ctypes.c_int(), ctypes.c_int()
        lib.wr_figure_damage_range(self._handle(), ctypes.byref(lo), ctypes.byref(hi))
        return lo.value, hi.value

    def __repr__(self):
        if self.closed:
            return "Figure(<closed>)"
        return "Figure(ar={}, hd={}, ac={}, mv={}, sa={:#x}, sd={:#x}, damage_range={})".format(
            self.ar, self.hd, self.ac, self.mv, self.sa, self.sd, self.damage_range)


def _stat_property(stat):
    return property(lambda self: self._get(stat), lambda self, v: self._set(stat, v))


for _name, _stat in _STATS.items():
    setattr(Figure, _name, _stat_property(_stat))


def rate_cavalry(rider, mount):
    """[11.2] The cavalry figure of a rider on a mount."""
    out = FIGURE()
    lib.wr_rate_cavalry(rider._handle(), mount._handle(), ctypes.byref(out))
    return Figure._adopt(out)


def rate_chariot(passengers, pullers):
    """[11.3] The chariot figure of its passengers and the creatures pulling it."""
    passengers, pullers = list(passengers), list(pullers)
    pa = (FIGURE * max(1, len(passengers)))(*[p._handle() for p in passengers])
    pu = (FIGURE * max(1, len(pullers)))(*[p._handle() for p in pullers])
    out = FIGURE()
    lib.wr_rate_chariot(pa, len(passengers), pu, len(pullers), ctypes.byref(out))
    return Figure._adopt(out)


def terrain_speed(terrain, traits=0):
    """Table 14: the fraction of normal movement in a terrain, as a Fraction."""
    num, den = ctypes.c_int(), ctypes.c_int()
    lib.wr_terrain_speed(terrain, traits, ctypes.byref(num), ctypes.byref(den))
    return Fraction(num.value, den.value)
