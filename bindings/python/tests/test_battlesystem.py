"""Every battlesystem wrapper: figures, ratings, units, formations, moves, woods, fire."""
import gc
import unittest
from fractions import Fraction

import warrules as wr


def raises(test, name, fn, *args, **kwargs):
    with test.assertRaises(wr.WarrulesError) as ctx:
        fn(*args, **kwargs)
    test.assertEqual(ctx.exception.name, name)
    test.assertEqual(ctx.exception.status, getattr(wr, name[3:]))
    return ctx.exception


class Figures(unittest.TestCase):
    def test_stats_and_damage(self):
        f = wr.Figure(ar=-3, hd=4, ac=2, mv=9, sa=0xDEADBEEF, sd=1, damage=[(1, 8, 1), (1, 8, 0), (2, 4, -1)])
        self.assertEqual((f.ar, f.hd, f.ac, f.mv, f.sa, f.sd), (-3, 4, 2, 9, 0xDEADBEEF, 1))
        self.assertEqual(f.damage_groups, [(2, 4), (2, 8)])
        self.assertEqual(f.damage_totals, (4, 0))
        self.assertEqual(f.damage_range, (4, 24))
        self.assertEqual(f.damage_rolls([1, 2, 3, 4]), 10)
        raises(self, "WR_ERR_INVALID", f.damage_rolls, [1, 2])
        raises(self, "WR_ERR_RANGE", f.damage_rolls, [5, 1, 1, 1])
        with wr.Rng(3) as rng:
            d = f.damage_rng(rng)
        self.assertTrue(4 <= d <= 24)
        g = f.clone()
        g.ar = 5
        self.assertEqual((f.ar, g.ar), (-3, 5))
        self.assertEqual(g.damage_groups, f.damage_groups)
        self.assertIn("Figure(", repr(g))

    def test_bad_values(self):
        f = wr.Figure()
        raises(self, "WR_ERR_RANGE", setattr, f, "ar", 101)
        raises(self, "WR_ERR_RANGE", setattr, f, "hd", -1)
        raises(self, "WR_ERR_RANGE", setattr, f, "mv", 2**40)  # never cut to the low bits
        raises(self, "WR_ERR_RANGE", f.add_damage, 0, 6)
        raises(self, "WR_ERR_RANGE", f.add_damage, 1, 6, 1001)
        raises(self, "WR_ERR_RANGE", wr.Figure, hd=1001)
        with self.assertRaises(TypeError):
            f.ar = 1.5

    def test_cavalry_example(self):
        # [11.2]: rider's AR, HD ceil((1 + 2) / 2), the poorer AC, the mount's MV
        rider = wr.Figure(ar=12, hd=1, ac=5, mv=12, damage=[(1, 8, 0)])
        mount = wr.Figure(ar=14, hd=2, ac=7, mv=24, damage=[(1, 8, 1)])
        with wr.rate_cavalry(rider, mount) as cav:
            self.assertEqual((cav.ar, cav.hd, cav.ac, cav.mv), (12, 2, 7, 24))
            self.assertEqual(cav.damage_groups, [(2, 8)])
        self.assertTrue(cav.closed)

    def test_charge_doubles_rider_weapons_only(self):
        # [11.4] the rider's lance doubles in a charge, the horse's hooves do not
        rider = wr.Figure(hd=1, mv=12, damage=[(1, 8, 0)])
        mount = wr.Figure(hd=2, mv=24, damage=[(1, 8, 1)])
        with wr.rate_cavalry(rider, mount) as cav:
            self.assertEqual(cav.damage_parts, [(1, 1)])
            self.assertEqual(cav.damage_rolls([5, 3]), 9)
            self.assertEqual(cav.charge_damage_rolls([5, 3]), 2 * 5 + 3 + 1)
            self.assertEqual(cav.charge_damage_rolls([5, 3], multiplier=1), 9)
            raises(self, "WR_ERR_RANGE", cav.charge_damage_rolls, [5, 3], 3)
            self.assertGreaterEqual(cav.charge_damage_rng(wr.Rng(1)), 4)

    def test_chariot_hd_and_exact_movement(self):
        # [11.3] pullers 2 and 3, passengers 1 and 2: 2.5 + 1.5 = 4, rounded once
        pullers = [wr.Figure(hd=2, mv=10), wr.Figure(hd=3, mv=10)]
        passengers = [wr.Figure(hd=1), wr.Figure(hd=2)]
        with wr.rate_chariot(passengers, pullers) as ch:
            self.assertEqual(ch.hd, 4)
            self.assertEqual((ch.mv, ch.move_points), (6, 320))  # 2/3 of 10" kept exact

    def test_movement_phase(self):
        # [11.6] in closed formation at the beginning of the Movement Phase
        u = wr.BattleUnit(wr.Figure(mv=12), figures=20,
                          equipment=wr.EQUIP_LARGE_SHIELDS | wr.EQUIP_SPEARS)
        f = wr.Formation(wr.ORDER_OPEN, 10)
        raises(self, "WR_ERR_STATE", f.movement_phase_declare_shield_wall, u)
        f.movement_phase_begin(u)
        self.assertEqual(f.movement_phase.start_order, wr.ORDER_OPEN)
        raises(self, "WR_ERR_FORBIDDEN", f.movement_phase_set_order, u, wr.ORDER_CLOSED, wr.TERRAIN_WOODS)
        self.assertEqual(f.movement_phase_set_order(u, wr.ORDER_CLOSED), 288)
        raises(self, "WR_ERR_FORBIDDEN", f.movement_phase_declare_shield_wall, u)
        self.assertEqual(f.movement_phase_turn(u, 45), 288)
        raises(self, "WR_ERR_FORBIDDEN", f.movement_phase_spend, u, 1)
        self.assertEqual(f.info.spent, 576)
        f.movement_phase_begin(u)
        f.movement_phase_declare_spears(u)
        self.assertEqual(f.movement_phase_turn(u, 90), wr.TURN_COST_DEFAULT)
        self.assertEqual(f.info.spent, 288 + 1)
        f.break_special()
        self.assertEqual(f.movement_phase_wheel(u, 30, 12), 48)

    def test_fire_position_and_missile_modifiers(self):
        self.assertTrue(wr.forest_fire_has_reached(wr.FIRE_WIND_CALM, 1, (0, 0, 0, 0), 9, 0))
        self.assertFalse(wr.forest_fire_has_reached(wr.FIRE_WIND_CALM, 1, (0, 0, 0, 0), 10, 0))
        self.assertTrue(wr.forest_fire_has_reached(wr.FIRE_WIND_LIGHT, 0, (0, 0, 1, 0), 12, 3))
        self.assertFalse(wr.forest_fire_has_reached(wr.FIRE_WIND_LIGHT, 0, (0, 0, 1, 0), -1, 0))
        raises(self, "WR_ERR_INVALID", wr.forest_fire_has_reached, wr.FIRE_WIND_LIGHT, 0, (0, 0, 0, 0), 0, 0)
        t = wr.missile_modifiers_unset()
        raises(self, "WR_ERR_STATE", wr.missile_modifiers_get, t, wr.TERRAIN_WOODS)
        wr.missile_modifiers_set(t, wr.TERRAIN_WOODS, 2)
        self.assertEqual(wr.missile_modifiers_get(t, wr.TERRAIN_WOODS), 2)

    def test_chariot_bad_counts(self):
        q = wr.Figure(hd=1)
        raises(self, "WR_ERR_RANGE", wr.rate_chariot, [q], [])
        raises(self, "WR_ERR_RANGE", wr.rate_chariot, [q] * 65, [q])

    def test_mounted_removed(self):
        self.assertFalse(wr.mounted_removed(0))
        self.assertTrue(wr.mounted_removed(wr.PART_STEED))
        self.assertTrue(wr.mounted_removed(wr.PART_RIDER | wr.PART_STEED))
        raises(self, "WR_ERR_INVALID", wr.mounted_removed, 4)

    def test_close_twice_and_del(self):
        f = wr.Figure()
        f.close()
        f.close()
        f.__del__()
        with self.assertRaises(ValueError):
            f.ar
        del f
        gc.collect()


class Units(unittest.TestCase):
    def setUp(self):
        self.fig = wr.Figure(ar=10, hd=1, ac=5, mv=12)

    def tearDown(self):
        self.fig.close()

    def test_unit_desc(self):
        d = wr.battle_unit_desc_default()
        self.assertEqual((d.type, d.figures, d.in_command), (wr.UNIT_TYPE_FOOT, 1, 1))
        u = wr.BattleUnit(self.fig, type=wr.UNIT_TYPE_CAVALRY, figures=10, traits=wr.TRAIT_WOODLAND)
        self.assertEqual(u.figures, 10)
        self.assertEqual(u.desc.traits, wr.TRAIT_WOODLAND)
        u.update(figures=8, in_command=False)
        self.assertEqual((u.desc.figures, u.desc.in_command), (8, 0))
        raises(self, "WR_ERR_RANGE", u.update, figures=100001)
        raises(self, "WR_ERR_INVALID", wr.BattleUnit, self.fig, type=3)
        self.assertEqual(u.figure.mv, 12)
        # [11.1]: steeds die in 3 figures of a cavalry unit: 3 figures removed
        self.assertEqual(u.kill_parts(wr.PART_STEED, 3), 3)
        self.assertEqual(u.figures, 5)
        raises(self, "WR_ERR_RANGE", u.kill_parts, wr.PART_RIDER, 6)
        self.assertEqual(u.charge_damage_multiplier(), 1)
        u.close()
        u.close()

    def test_unit_figure_outlives_close(self):
        u = wr.BattleUnit(self.fig, figures=3)
        f = u.figure
        u.close()
        self.assertTrue(u.closed)
        self.assertEqual(f.ar, 10)  # the C unit lives until its figure view is closed
        with self.assertRaises(AttributeError):
            f.ar = 3
        f.close()
        self.assertIsNone(u._ptr)

    def test_formations(self):
        u = wr.BattleUnit(self.fig, figures=20, equipment=wr.EQUIP_LARGE_SHIELDS | wr.EQUIP_SPEARS)
        with wr.Formation(wr.ORDER_CLOSED, 10, 90) as fo:
            self.assertEqual((fo.order, fo.frontage, fo.info.facing), (wr.ORDER_CLOSED, 10, 90))
            self.assertEqual(fo.ranks(u), (2, 10))
            self.assertEqual(fo.available(u), 12 * wr.MOVE_PER_INCH)
            self.assertEqual(fo.shield_wall_check(u), wr.DECLARE_OK)
            fo.shield_wall_declare(u)
            self.assertEqual(fo.info.special, wr.SPECIAL_SHIELD_WALL)
            self.assertEqual(fo.available(u), 6 * wr.MOVE_PER_INCH)
            self.assertEqual(fo.shield_wall_ac_modifier(wr.ATTACK_MISSILE, wr.FROM_FRONT), -4)
            self.assertEqual(fo.shield_wall_ac_modifier(wr.ATTACK_MELEE, wr.FROM_FRONT), -2)
            self.assertEqual(fo.shield_wall_ac_modifier(wr.ATTACK_MELEE, wr.FROM_REAR), 0)
            self.assertEqual(fo.shield_wall_check(u), wr.DECLARE_ALREADY)
            raises(self, "WR_ERR_FORBIDDEN", fo.shield_wall_declare, u)
            fo.break_special()
            self.assertEqual(fo.info.special, wr.SPECIAL_NONE)
            self.assertEqual(fo.spears_check(u), wr.DECLARE_OK)
            fo.spears_declare(u)
            self.assertEqual(fo.spears_multiplier(wr.FROM_FRONT), 2)
            self.assertEqual(fo.spears_multiplier(wr.FROM_LEFT), 1)
            charger = wr.BattleUnit(self.fig, type=wr.UNIT_TYPE_CAVALRY, figures=10)
            self.assertEqual(charger.charge_ar_modifier(fo, wr.FROM_FRONT), 0)
            self.assertEqual(charger.charge_ar_modifier(fo, wr.FROM_REAR), -2)
            raises(self, "WR_ERR_INVALID", charger.charge_ar_modifier, fo, 7)
            fo.begin_phase()
            fo.order = wr.ORDER_OPEN
            self.assertEqual(fo.info.special, wr.SPECIAL_NONE)
            fo.frontage = 5
            self.assertEqual(fo.frontage, 5)
            raises(self, "WR_ERR_RANGE", setattr, fo, "frontage", 0)
            raises(self, "WR_ERR_INVALID", setattr, fo, "order", 2)
            fo.turn(u, 45)
            self.assertEqual(fo.info.turned, 45)
            raises(self, "WR_ERR_RANGE", fo.turn, u, 181)
            self.assertEqual(fo.charger_strikers(charger, 5, 2), 3)
        raises(self, "WR_ERR_RANGE", wr.Formation, wr.ORDER_OPEN, 10, 360)

    def test_moves(self):
        u = wr.BattleUnit(self.fig, figures=20)
        fo = wr.Formation(wr.ORDER_OPEN, 10)
        inch = wr.LEN_PER_INCH
        r = fo.tactical_check(u, [(wr.TERRAIN_CLEAR, 3 * inch, 0, 0), wr.TacticalLeg(wr.TERRAIN_WOODS, 2 * inch)])
        self.assertEqual(r.cost, (3 + 3) * wr.MOVE_PER_INCH)
        self.assertTrue(r.legal)
        r = fo.tactical_check(u, [(wr.TERRAIN_WATER, inch, 0, 0)])
        self.assertEqual((r.legal, r.problem), (0, wr.TACTICAL_WATER))
        raises(self, "WR_ERR_FORBIDDEN", fo.tactical_apply, u, [(wr.TERRAIN_WATER, inch, 0, 0)])
        applied = fo.tactical_apply(u, [(wr.TERRAIN_CLEAR, 2 * inch, 1, 0)])
        self.assertEqual(fo.info.spent, applied.cost)
        raises(self, "WR_ERR_INVALID", fo.tactical_check, u, [(6, 1, 0, 0)])
        raises(self, "WR_ERR_RANGE", fo.tactical_check, u, [(0, -1, 0, 0)])
        self.assertEqual(u.charge_check([(wr.TERRAIN_CLEAR, inch, 0, 1)]), wr.TACTICAL_CHARGE_UPHILL)
        self.assertEqual(u.charge_check([]), wr.TACTICAL_OK)
        fo.close()
        u.close()


class Terrain(unittest.TestCase):
    def test_table14(self):
        self.assertEqual(wr.terrain_speed(wr.TERRAIN_ROUGH, wr.TRAIT_MOUNTAIN), Fraction(1))
        self.assertEqual(wr.terrain_speed(wr.TERRAIN_SWAMP), Fraction(1, 2))
        raises(self, "WR_ERR_INVALID", wr.terrain_speed, 6)
        raises(self, "WR_ERR_INVALID", wr.terrain_speed, 0, 0x10)
        raises(self, "WR_ERR_RANGE", wr.terrain_speed, 0, -1)

    def test_woods(self):
        self.assertTrue(wr.woods_may_shoot(wr.WOODS_EDGE, wr.WOODS_OUT))
        self.assertFalse(wr.woods_may_shoot(wr.WOODS_IN, wr.WOODS_OUT))
        self.assertEqual(wr.woods_firing_figures(3, 4, 5, wr.WOODS_EDGE), 7)
        self.assertEqual(wr.woods_sight_range(wr.TRAIT_WOODLAND), 72)
        self.assertEqual(wr.woods_sight_range(), 12)
        self.assertEqual(wr.woods_melee_modifier(wr.WOODS_IN, wr.WOODS_OUT), 0)
        raises(self, "WR_ERR_INVALID", wr.woods_may_shoot, 3, 0)

    def test_fire_low_ground_missiles(self):
        calm = wr.forest_fire_area(wr.FIRE_WIND_CALM, 1)
        # the edge moves 1/2" a turn: 1/2" + 2 * 1/2" across after one turn
        self.assertEqual((calm.shape, calm.width, calm.length), (wr.FIRE_CIRCLE, 6, 6))
        self.assertEqual(calm.area_pi, 9)
        strong = wr.forest_fire_area(wr.FIRE_WIND_STRONG, 1)
        self.assertEqual((strong.width, strong.length, strong.area), (6, 12, 72))
        raises(self, "WR_ERR_RANGE", wr.forest_fire_area, wr.FIRE_WIND_CALM, 1001)
        self.assertEqual(wr.low_ground_ar_modifier(wr.LOW_DITCH, True), 4)
        self.assertEqual(wr.low_ground_ar_modifier(wr.LOW_NONE, True), 0)
        raises(self, "WR_ERR_INVALID", wr.low_ground_ar_modifier, wr.LOW_DITCH, 2)
        table = wr.missile_table_default()
        self.assertEqual(list(table.modifier), [0] * 6)
        table.modifier[wr.TERRAIN_WOODS] = -2
        self.assertEqual(wr.missile_terrain_modifier(table, wr.TERRAIN_WOODS), -2)
        self.assertEqual(wr.missile_terrain_modifier([0, 0, 0, 3, 0, 0], wr.TERRAIN_ROUGH), 3)
        raises(self, "WR_ERR_RANGE", wr.missile_terrain_modifier, [0, 0, 0, 101, 0, 0], wr.TERRAIN_ROUGH)


if __name__ == "__main__":
    unittest.main()
