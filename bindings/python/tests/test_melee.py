"""Every melee wrapper: profiles, hit charts, wounds, units, engagements,
morale callbacks, exact odds, and the worked example of the text."""
import gc
import unittest
from fractions import Fraction

import warrules as wr

from .test_battlesystem import raises

BODY = (wr.WOUND_NICKED, wr.WOUND_LIGHT, wr.WOUND_SERIOUS, wr.WOUND_CRITICAL)
HEAD = (wr.WOUND_STUNNED, wr.WOUND_BLINDED, wr.WOUND_UNCONSCIOUS, wr.WOUND_KILLED)


def example():
    """The dwarfs (10 veteran spearmen in 5 files, charging) against the orc
    urucks (9 elite polearms), 5 and 4 in contact, with the sample profiles."""
    dwarf = wr.Profile.sample(wr.SAMPLE_DWARF_VETERANS)
    orc = wr.Profile.sample(wr.SAMPLE_ORC_URUCKS)
    dwarfs = wr.MeleeUnit(dwarf, figures=10, files=5, weapon_type=wr.WEAPON_SPEAR,
                          armour=wr.SAMPLE_ARMOUR_CHAINMAIL, flags=wr.UNIT_SHIELDS,
                          troop_class=wr.TROOP_VETERAN)
    urucks = wr.MeleeUnit(orc, figures=9, files=5, weapon_type=wr.WEAPON_POLEARM,
                          armour=wr.SAMPLE_ARMOUR_CHAINMAIL, troop_class=wr.TROOP_ELITE)
    e = wr.Engagement(dwarfs, urucks, [dict(in_contact=5, charged=True), dict(in_contact=4)])
    return e


class Profiles(unittest.TestCase):
    def test_profile_tables(self):
        with wr.Profile(wr.RACE_ORC) as p:
            self.assertEqual(p.race, wr.RACE_ORC)
            self.assertEqual(p.weapon(wr.WEAPON_PIKE), (wr.WEAPON_PIKE, False))  # no pikes for orcs
            self.assertEqual(p.weapon(wr.WEAPON_SPEAR), (wr.WEAPON_SPEAR, True))
            p.set_weapon(7, wr.WEAPON_POLEARM, allowed=True)
            self.assertEqual(p.weapon(7), (wr.WEAPON_POLEARM, True))
            p.set_bcp(7, 3, 55)
            self.assertEqual(p.bcp(7, 3), 55)
            p.set_modifier(wr.MOD_FLANK, 12)
            self.assertEqual(p.modifier(wr.MOD_FLANK), 12)
            p.set_hated(wr.RACE_DWARF)
            self.assertTrue(p.hated(wr.RACE_DWARF))
            self.assertFalse(p.hated(wr.RACE_HUMAN))
            p.set_morale_modifier(wr.MORALE_LOST_ROUND, -10)
            self.assertEqual(p.morale_modifier(wr.MORALE_LOST_ROUND), -10)
            p.retire_band = 20
            self.assertEqual(p.retire_band, 20)
            raises(self, "WR_ERR_RANGE", p.set_bcp, 16, 0, 1)
            raises(self, "WR_ERR_RANGE", p.set_bcp, 0, 8, 1)
            raises(self, "WR_ERR_RANGE", p.set_bcp, 0, 0, 1001)
            raises(self, "WR_ERR_INVALID", p.set_modifier, wr.MOD_COUNT, 1)
            raises(self, "WR_ERR_INVALID", p.set_weapon, 0, 4)
            raises(self, "WR_ERR_RANGE", p.set_hated, wr.RACE_MAX + 1)
            raises(self, "WR_ERR_RANGE", setattr, p, "retire_band", 101)
        self.assertTrue(p.closed)
        raises(self, "WR_ERR_RANGE", wr.Profile, 64)
        raises(self, "WR_ERR_INVALID", wr.Profile.sample, 2)
        with wr.Profile.sample(wr.SAMPLE_DWARF_VETERANS) as d:
            self.assertEqual(d.bcp(wr.WEAPON_SPEAR, wr.SAMPLE_ARMOUR_CHAINMAIL), 14)
            self.assertEqual(d.modifier(wr.MOD_CHARGED), 10)


class ChartsAndWounds(unittest.TestCase):
    def test_hit_chart(self):
        c = wr.HitChart([(1, 50, 1, BODY)])
        self.assertFalse(c.is_complete())
        raises(self, "WR_ERR_INVALID", c.add, 50, 60, 2, HEAD)  # overlaps
        raises(self, "WR_ERR_INVALID", c.add, 51, 60, 2, HEAD[:3])
        raises(self, "WR_ERR_INVALID", c.add, 51, 60, 2, (0, 1, 1, 1))
        c.add(51, 100, 2, HEAD)
        self.assertTrue(c.is_complete())
        self.assertEqual(c.lookup(10, 3), (1, wr.WOUND_SERIOUS))
        self.assertEqual(c.lookup(99, 4), (2, wr.WOUND_KILLED))
        raises(self, "WR_ERR_RANGE", c.lookup, 0, 1)
        raises(self, "WR_ERR_RANGE", c.lookup, 1, 5)
        with wr.HitChart() as empty:
            raises(self, "WR_ERR_STATE", empty.lookup, 1, 1)
        c.close()
        c.close()

    def test_wounds_add(self):
        w = wr.Wounds()
        self.assertFalse(wr.wounds_add(w, wr.WOUND_SERIOUS))
        self.assertTrue(wr.wounds_add(w, wr.WOUND_CRITICAL))  # monster: critical + serious
        self.assertEqual((w.hits, w.counted, w.serious, w.critical, w.dead), (2, 2, 1, 1, 1))
        c = wr.Wounds()
        self.assertFalse(wr.wounds_add(c, wr.WOUND_NICKED, character=True))
        self.assertEqual(c.counted, 0)
        raises(self, "WR_ERR_INVALID", wr.wounds_add, c, wr.WOUND_NONE)
        raises(self, "WR_ERR_INVALID", wr.wounds_add, c, 9)


class Units(unittest.TestCase):
    def test_unit_life(self):
        p = wr.Profile(wr.RACE_HUMAN)
        d = wr.melee_unit_desc_default()
        self.assertEqual((d.kind, d.figures, d.morale, d.legs), (wr.UNIT_TROOPS, 1, 50, 4))
        u = wr.MeleeUnit(p, d, figures=12, files=4, weapon_type=wr.WEAPON_PIKE)
        self.assertEqual(u.figures, 12)
        u.figures = 8
        self.assertEqual(u.desc.figures, 8)
        u.disordered = True
        self.assertTrue(u.disordered)
        u.disordered = False
        self.assertFalse(u.may_leave)
        self.assertEqual(u.wounds, wr.Wounds())
        raises(self, "WR_ERR_INVALID", setattr, u, "wounds", wr.Wounds(1, 1))  # troops take none
        raises(self, "WR_ERR_RANGE", setattr, u, "figures", 100001)
        raises(self, "WR_ERR_INVALID", wr.MeleeUnit, p, kind=wr.UNIT_MONSTER, figures=2)
        raises(self, "WR_ERR_FORBIDDEN", wr.MeleeUnit, wr.Profile(wr.RACE_ORC), weapon_type=wr.WEAPON_PIKE)
        raises(self, "WR_ERR_INVALID", wr.MeleeUnit, p, flags=0x80)
        # the profile stays alive while the unit is open
        p.close()
        self.assertTrue(p.closed)
        self.assertEqual(u.figures, 8)
        u.close()
        self.assertIsNone(p._ptr)

    def test_monster(self):
        m = wr.Profile(wr.RACE_OTHER)
        beast = wr.MeleeUnit(m, kind=wr.UNIT_MONSTER, legs=2, base_width_mm=40, base_depth_mm=60,
                             flags=wr.UNIT_FLYING | wr.UNIT_COMBAT_HEIGHT)
        self.assertTrue(beast.may_leave)
        chart = wr.HitChart([(1, 100, 1, BODY)])
        beast.hit_chart = chart
        self.assertIs(beast.hit_chart, chart)
        chart.close()  # kept alive by the monster
        self.assertEqual(chart._users, 1)
        beast.hit_chart = None
        self.assertIsNone(chart._ptr)
        beast.wounds = wr.Wounds(hits=1, counted=1, serious=1)
        self.assertEqual(beast.wounds.serious, 1)
        raises(self, "WR_ERR_RANGE", setattr, beast, "wounds", wr.Wounds(hits=1, counted=2))
        self.assertEqual(beast.dead_monster(in_flight=True), (wr.REMAINS_IMPASSABLE, wr.FALL_CRASH, 0))
        self.assertEqual(beast.dead_monster(False, 3), (wr.REMAINS_IMPASSABLE, wr.FALL_TOPPLE, 3))
        raises(self, "WR_ERR_RANGE", beast.dead_monster, False, 9)
        with wr.Rng(5) as rng:
            remains, fall, direction = beast.dead_monster_rng(False, rng)
        self.assertTrue(1 <= direction <= 8)
        troops = wr.MeleeUnit(m)
        raises(self, "WR_ERR_INVALID", troops.dead_monster)

    def test_starting(self):
        self.assertTrue(wr.melee_may_start(wr.MOVE_CHARGE))
        self.assertFalse(wr.melee_may_start(wr.MOVE_ADVANCE))
        raises(self, "WR_ERR_INVALID", wr.melee_may_start, 5)
        a, b = wr.advance_stop(250, 200, 200)
        self.assertEqual(a + b, 250 - wr.ADVANCE_STOP_MM)
        self.assertEqual(wr.advance_stop(100, 10, 10), (10, 10))  # no contact: full moves
        raises(self, "WR_ERR_RANGE", wr.advance_stop, -1, 0, 0)


class Engagements(unittest.TestCase):
    def test_worked_example(self):
        e = example()
        k0, k1 = e.strike(0), e.strike(1)
        self.assertEqual((k0.bcp, k0.modifiers, k0.mcp, k0.fighting, k0.fcp), (14, 28, 42, 10, 420))
        self.assertEqual(k0.mod[wr.MOD_CHARGED], 10)
        self.assertEqual((k1.bcp, k1.modifiers, k1.mcp, k1.fighting, k1.fcp), (25, 12, 37, 8, 296))
        odds = e.kill_odds(1)
        self.assertEqual((list(odds.hits), list(odds.percent)), ([2, 3], [4, 96]))
        r, used = e.fight_rolls([34, 84, 10, 99])
        self.assertEqual(used, 3)
        self.assertEqual((r.strike[0].kills, r.strike[1].kills), (4, 3))
        self.assertEqual((r.lost[0], r.lost[1], r.loser, r.pushed_back), (3, 4, 1, 1))
        self.assertEqual(r.morale, wr.MORALE_PASS)
        rules = [ev.rule for ev in r.event_list()]
        self.assertIn(wr.RULE_REMAINDER_MISS, rules)
        self.assertIn(wr.RULE_LOST_ROUND, rules)
        text = r.explain()
        self.assertEqual(len(text), r.n_events)
        self.assertTrue(all(isinstance(t, str) and t for t in text))
        self.assertEqual(e.status, (wr.END_ONGOING, 0))
        e.apply(r)
        self.assertEqual(e.status, (wr.END_ONGOING, 1))
        self.assertEqual(e.units[1].figures, 5)
        raises(self, "WR_ERR_STATE", e.apply, r)  # not the next round
        raises(self, "WR_ERR_RANGE", e.fight_rolls, [])
        raises(self, "WR_ERR_RANGE", e.strike, 2)

    def test_explanations(self):
        self.assertEqual(wr.melee_rule_name(wr.RULE_MCP), "Modified Combat Percentage")
        self.assertEqual(wr.melee_rule_name(99), "unknown rule")
        self.assertTrue(wr.melee_rule_source(wr.RULE_BCP))
        self.assertEqual(wr.melee_rule_source(99), "")
        self.assertEqual(wr.modifier_name(wr.MOD_HATED_FOE), "Fighting a hated foe")
        ev = wr.MeleeEvent(wr.RULE_MCP, 0, 42, 0)
        self.assertIn("42", wr.melee_event_text(ev))
        raises(self, "WR_ERR_INVALID", wr.melee_event_text, wr.MeleeEvent(99, 0, 0, 0))

    def test_situations_and_bad_engagements(self):
        p = wr.Profile(wr.RACE_HUMAN)
        a, b = wr.MeleeUnit(p, figures=5, files=5), wr.MeleeUnit(p, figures=5, files=5)
        s = wr.Situation()
        s.side[0] = wr.combatant_situation(5)
        s.side[1] = wr.combatant_situation(5, attacked_in=wr.FACING_FLANK)
        with wr.Engagement(a, b, s) as e:
            self.assertEqual(e.status, (wr.END_ONGOING, 0))
        raises(self, "WR_ERR_RANGE", wr.Engagement, a, b, [(6,), (5,)])
        raises(self, "WR_ERR_INVALID", wr.Engagement, a, a, [(5,), (5,)])
        raises(self, "WR_ERR_INVALID", wr.Engagement, a, b, [(5, 0, 3), (5,)])
        raises(self, "WR_ERR_INVALID", wr.Engagement, a, b, [(5,)])
        # closing the units while an engagement uses them defers their release
        e = wr.Engagement(a, b, [(5,), (5,)])
        a.close()
        b.close()
        self.assertIsNotNone(a._ptr)
        e.close()
        e.close()
        self.assertIsNone(a._ptr)
        self.assertIsNone(b._ptr)
        del e
        gc.collect()

    def test_morale_callback(self):
        e = example()
        seen = []

        def always_rout(test):
            seen.append((test.reason, test.side, test.lost, test.enemy_lost))
            return wr.MoraleOdds(0, 0, 100)

        e.set_morale(always_rout)
        gc.collect()  # the callback is kept alive by the engagement
        r, _ = e.fight_rolls([34, 84, 10])
        self.assertEqual(seen, [(wr.MORALE_REASON_LOST_ROUND, 1, 4, 3)])
        self.assertEqual((r.morale, r.end), (wr.MORALE_ROUT, wr.END_B_ROUTS))
        self.assertEqual(r.morale_odds.rout, 100)
        # a tuple works too; the sample model agrees with morale_sample()
        e.set_morale(lambda t: (100, 0, 0))
        self.assertEqual(e.fight_rolls([34, 84, 10])[0].morale, wr.MORALE_PASS)
        sampled = []

        def delegate(test):
            sampled.append(wr.morale_sample(test))
            bad = wr.MoraleTest.from_buffer_copy(test)
            bad.reason = 7
            with self.assertRaises(wr.WarrulesError) as ctx:
                wr.morale_sample(bad)
            sampled.append(ctx.exception.name)
            return sampled[0]

        e.set_morale(delegate)
        self.assertEqual(e.fight_rolls([34, 84, 10])[0].morale, wr.MORALE_PASS)
        self.assertEqual(sampled[0].pass_ + sampled[0].retire + sampled[0].rout, 100)
        self.assertEqual(sampled[1], "WR_ERR_INVALID")
        raises(self, "WR_ERR_NULL", wr.morale_sample, wr.MoraleTest())

        # exceptions raised in the callback come back out of the call
        def broken(test):
            raise KeyError("no sheet")

        e.set_morale(broken)
        with self.assertRaises(KeyError):
            e.fight_rolls([34, 84, 10])

        def refuses(test):
            raise wr.WarrulesError(wr.ERR_STATE, "WR_ERR_STATE")

        e.set_morale(refuses)
        raises(self, "WR_ERR_STATE", e.odds, 2)
        e.set_morale(lambda t: (60, 30, 20))  # does not sum to 100
        raises(self, "WR_ERR_INVALID", e.odds, 2)
        e.set_morale(None)
        self.assertEqual(e.fight_rolls([34, 84, 10])[0].morale, wr.MORALE_PASS)

    def test_exact_odds_and_simulation(self):
        e = example()
        with e.odds(3) as odds:
            self.assertEqual(odds.exponent, 18)
            total = sum(odds.end(end) for end in range(wr.END_COUNT))
            self.assertEqual(total, 1)
            p = odds.end(wr.END_B_ROUTS)
            self.assertIsInstance(p, Fraction)
            self.assertEqual(odds.end_e18(wr.END_B_ROUTS), p.numerator * 10**18 // p.denominator)
            self.assertEqual(Fraction(odds.end_exact(wr.END_B_ROUTS)), p)
            figs = sum(odds.figures(1, n) for n in range(10))
            self.assertEqual(figs, 1)
            self.assertEqual(odds.figures_e18(1, 9), 0)  # the urucks lose figures in round 1
            raises(self, "WR_ERR_RANGE", odds.figures, 1, 10)
            raises(self, "WR_ERR_INVALID", odds.end, wr.END_COUNT)
        raises(self, "WR_ERR_RANGE", e.odds, 0)
        raises(self, "WR_ERR_RANGE", e.odds, wr.ODDS_MAX_ROUNDS + 1)
        with wr.Rng(7) as rng:
            counts = e.simulate_rng(3, rng, 2000)
        self.assertEqual(sum(counts), 2000)
        with e.odds(3) as odds:
            for end in range(wr.END_COUNT):
                self.assertAlmostEqual(counts[end] / 2000, float(odds.end(end)), delta=0.05)
        with wr.Rng(7) as rng:
            r1 = e.fight_rng(rng)
        self.assertEqual(r1.round, 1)
        raises(self, "WR_ERR_RANGE", e.simulate_rng, 0, wr.Rng(1), 10)

    def test_exact_odds_in_a_workspace(self):
        e = example()
        with wr.OddsWorkspace() as ws:
            for rounds in (30, 2, 30):  # a smaller melee in memory a larger one used
                with e.odds(rounds) as a, e.odds(rounds, workspace=ws) as b:
                    self.assertEqual(a.exponent, b.exponent)
                    for end in range(wr.END_COUNT):
                        self.assertEqual(a.end_exact(end), b.end_exact(end))
                    for n in range(11):
                        self.assertEqual(a.figures_exact(0, n), b.figures_exact(0, n))
            raises(self, "WR_ERR_RANGE", e.odds, 0, workspace=ws)
            kept = e.odds(3, workspace=ws)
        self.assertEqual(sum(kept.end(end) for end in range(wr.END_COUNT)), 1)  # outlives ws
        kept.close()


if __name__ == "__main__":
    unittest.main()
