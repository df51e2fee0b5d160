"""The pinned functions (names, values and results that never change) through the binding."""
import unittest
from fractions import Fraction

import warrules as wr

from .support import skip_unless_module


class MeleePinned(unittest.TestCase):
    def test_reach_ranks(self):
        self.assertEqual([wr.reach_ranks(w) for w in range(4)], [1, 2, 2, 3])
        self.assertEqual(wr.reach_ranks(wr.WEAPON_PIKE, disordered=True), 1)
        with self.assertRaises(wr.WarrulesError):
            wr.reach_ranks(4)

    def test_fighting_figures_examples(self):
        # boar riders: 8 mounted in 2 ranks, 4 in contact; swordsmen 10 in 2 ranks, 5 in contact
        self.assertEqual(wr.fighting_figures(8, 4, 4, wr.WEAPON_SPEAR, self_flags=wr.COMBATANT_MOUNTED), 4)
        self.assertEqual(wr.fighting_figures(10, 5, 5, wr.WEAPON_OTHER, enemy_flags=wr.COMBATANT_MOUNTED), 5)
        # Lawkland: 12 polearms in 2 ranks of 6
        self.assertEqual(wr.fighting_figures(12, 6, 6, wr.WEAPON_POLEARM), 12)
        # flanked orc spearmen: 4 in contact
        self.assertEqual(wr.fighting_figures(20, 5, 4, wr.WEAPON_SPEAR, self_flags=wr.COMBATANT_FLANKED), 4)
        self.assertEqual(wr.fighting_figures(10, 5, 5, wr.WEAPON_SPEAR, self_flags=wr.COMBATANT_SWARM,
                                             enemy_flags=wr.COMBATANT_FLYING), 0)

    def test_ranks_and_percentages(self):
        self.assertEqual(wr.complete_ranks(10, 5), 2)
        self.assertEqual(wr.complete_ranks(20, 5, wr.COMBATANT_FLANKED), 1)
        self.assertEqual(wr.combat_percent(14, 28, 10), (42, 420))
        self.assertEqual(wr.combat_percent(25, 12, 8), (37, 296))
        self.assertEqual(wr.combat_percent(5, -20, 3), (0, 0))
        self.assertEqual(wr.kills_from_percent(420, 34), 4)
        self.assertEqual(wr.kills_from_percent(296, 84), 3)
        with self.assertRaises(wr.WarrulesError) as ctx:
            wr.kills_from_percent(420, 0)
        self.assertEqual(ctx.exception.name, "WR_ERR_RANGE")


class BattlesystemPinned(unittest.TestCase):
    def test_terrain_speed(self):
        self.assertEqual(wr.terrain_speed(wr.TERRAIN_ROAD), Fraction(4, 3))
        self.assertEqual(wr.terrain_speed(wr.TERRAIN_WOODS), Fraction(2, 3))
        self.assertEqual(wr.terrain_speed(wr.TERRAIN_WOODS, wr.TRAIT_WOODLAND), 1)
        self.assertEqual(wr.terrain_speed(wr.TERRAIN_WATER, wr.TRAIT_AQUATIC), 1)
        with self.assertRaises(wr.WarrulesError) as ctx:
            wr.terrain_speed(wr.TERRAIN_WATER)
        self.assertEqual(ctx.exception.status, wr.ERR_FORBIDDEN)

    def test_cavalry(self):
        rider = wr.Figure(ar=12, hd=1, ac=5, mv=12, sa=0x3, sd=0x5, damage=[(1, 8, 0)])
        mount = wr.Figure(ar=14, hd=2, ac=7, mv=24, sa=0x4, sd=0x4, damage=[(1, 8, 1)])
        cav = wr.rate_cavalry(rider, mount)
        self.assertEqual((cav.ar, cav.hd, cav.ac, cav.mv), (12, 2, 7, 24))
        self.assertEqual((cav.sa, cav.sd), (0x7, 0x4))
        self.assertEqual(cav.damage_range, (3, 17))
        with cav:
            pass
        self.assertTrue(cav.closed)

    def test_chariot_and_patterns(self):
        p = wr.Figure(ar=-1, hd=1, ac=-1, sa=0xFFFFFFFF, sd=0xFFFFFFFF)
        q = wr.Figure(ar=-2, hd=2, ac=-2, mv=18, sa=1, sd=0x80000001)
        self.assertEqual(p.sa, 0xFFFFFFFF)
        ch = wr.rate_chariot([p], [q])
        self.assertEqual(ch.ar, -2)  # floor(-1.5)
        self.assertEqual(ch.ac, -4)  # floor(-1.5) - 2
        self.assertEqual(ch.hd, 3)
        self.assertEqual(ch.mv, 12)  # pullers' HD 2 < 3 * 1: 2/3 of 18
        self.assertEqual(ch.sd, 0x80000001)
        with self.assertRaises(wr.WarrulesError):
            wr.rate_chariot([], [q])


@skip_unless_module("campaign")
class CampaignPinned(unittest.TestCase):
    def test_crossings(self):
        self.assertEqual(wr.river_crossing(wr.ARM_INFANTRY, wr.RIVER_MINOR, wr.CROSS_FORD, 12), (6, 0, 1))
        self.assertEqual(wr.river_crossing(wr.ARM_CAVALRY, wr.RIVER_MINOR, wr.CROSS_OPEN, 13), (7, 0, 1))
        self.assertEqual(wr.river_crossing(wr.ARM_INFANTRY, wr.RIVER_MAJOR, wr.CROSS_FERRY, 12), (0, 2, 1))
        self.assertEqual(wr.river_crossing(wr.ARM_CAVALRY, wr.RIVER_MAJOR, wr.CROSS_BRIDGE, 12), (0, 0, 0))
        with self.assertRaises(wr.WarrulesError) as ctx:
            wr.river_crossing(wr.ARM_INFANTRY, wr.RIVER_MAJOR, wr.CROSS_FORD, 12)
        self.assertEqual(ctx.exception.name, "WR_ERR_INVALID")

    def test_dice_helpers(self):
        self.assertEqual([wr.half_die(d) for d in range(1, 7)], [1, 1, 2, 2, 3, 3])
        self.assertEqual(wr.stragglers(101, 3), 16)
        self.assertIs(wr.raft_timber(1, in_forest_or_swamp=True), True)
        self.assertIs(wr.raft_timber(4), False)
        self.assertIs(wr.raft_timber(5), True)


if __name__ == "__main__":
    unittest.main()
