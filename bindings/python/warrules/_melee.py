"""Fantasy Warlord hand-to-hand combat (warrules/melee.h)."""
import ctypes

from ._native import lib

__all__ = ["WEAPON_OTHER", "WEAPON_SPEAR", "WEAPON_POLEARM", "WEAPON_PIKE",
           "SIDE_MOUNTED", "SIDE_DISORDERED", "SIDE_SWARM", "SIDE_FLYING", "SIDE_FLANKED",
           "reach_ranks", "fighting_figures", "complete_ranks", "combat_percent",
           "kills_from_percent"]

WEAPON_OTHER = 0
WEAPON_SPEAR = 1
WEAPON_POLEARM = 2
WEAPON_PIKE = 3

SIDE_MOUNTED = 0x01
SIDE_DISORDERED = 0x02
SIDE_SWARM = 0x04
SIDE_FLYING = 0x08
SIDE_FLANKED = 0x10


def _int_out(fn, *args):
    out = ctypes.c_int()
    fn(*args, ctypes.byref(out))
    return out.value


def reach_ranks(weapon, disordered=False):
    """Ranks that fight with this weapon: OTHER 1, SPEAR 2, POLEARM 2, PIKE 3; 1 when disordered."""
    return _int_out(lib.wr_reach_ranks, weapon, 1 if disordered else 0)


def fighting_figures(figures, files, in_contact, weapon, self_flags=0, enemy_flags=0):
    """How many figures of a side fight this round."""
    return _int_out(lib.wr_fighting_figures, figures, files, in_contact, weapon, self_flags, enemy_flags)


def complete_ranks(figures, files, self_flags=0):
    """Complete ranks for the rank modifier (at most 1 when flanked)."""
    return _int_out(lib.wr_complete_ranks, figures, files, self_flags)


def combat_percent(bcp, modifiers, fighting):
    """(MCP, FCP): the modified and the final combat percentage."""
    mcp, fcp = ctypes.c_int(), ctypes.c_int()
    lib.wr_combat_percent(bcp, modifiers, fighting, ctypes.byref(mcp), ctypes.byref(fcp))
    return mcp.value, fcp.value


def kills_from_percent(fcp, d100):
    """Figures killed by a final combat percentage with the remainder roll d100."""
    return _int_out(lib.wr_kills_from_percent, fcp, d100)
