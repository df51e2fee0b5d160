"""The exact odds of a melee phase (MeleePhase.odds, MeleePhaseOdds) and the
charge advisor (ChargeAdvisor, advise_charges): a phase of one fight has its
engagement's odds; the advisor's best choice is the best of every choice's
phase odds computed here; bad input raises the status's error."""
import unittest
from fractions import Fraction

import warrules as wr

from .test_battlesystem import raises


def profile(race, bcp):
    p = wr.Profile(race)
    p.set_bcp(0, 0, bcp)
    p.set_modifier(wr.MOD_CHARGED, 12)
    p.set_modifier(wr.MOD_FLANK, 15)
    p.set_morale_modifier(wr.MORALE_PER_FIGURE_LOST, -6)
    return p


class PhaseOdds(unittest.TestCase):
    def test_one_fight_is_its_engagement(self):
        men, orc = profile(wr.RACE_HUMAN, 33), profile(wr.RACE_ORC, 36)
        a = wr.MeleeUnit(men, figures=6, files=3)
        b = wr.MeleeUnit(orc, figures=9, files=3)
        e = wr.Engagement(a, b, wr.Situation(side=[wr.combatant_situation(in_contact=3, charged=True),
                                                   wr.combatant_situation(in_contact=3, attacked_in=wr.FACING_FLANK)]))
        want = e.odds(5)
        p = wr.MeleePhase()
        p.add(wr.phase_combatant(a, in_contact=3, contact=wr.CONTACT_CHARGE),
              wr.phase_combatant(b, wr.FACING_FLANK, in_contact=3))
        got = p.odds(5)
        self.assertEqual(got.exponent, want.exponent)
        for end in wr.MeleeEnd:
            if end == wr.END_COUNT:
                continue
            self.assertEqual(got.fight_end_exact(0, end), want.end_exact(end))
        for x in range(10):
            self.assertEqual(got.unit_figures(b, x), want.figures(1, x))
        self.assertEqual(got.unit_fate(b, wr.FATE_ROUTS), want.end(wr.END_B_ROUTS))
        self.assertEqual(sum(got.unit_fate(a, f) for f in range(wr.FATE_COUNT)), 1)
        lost = got.expected_lost(b)
        self.assertEqual(got.expected_lost_e9(b), int(lost * 10**9))
        self.assertIsInstance(got.fight_end(0, wr.END_B_ROUTS), Fraction)
        self.assertGreater(got.unit_fate_e18(b, wr.FATE_ROUTS), 0)

    def test_deep_column_flank(self):
        men, orc = profile(wr.RACE_HUMAN, 33), profile(wr.RACE_ORC, 36)
        a = wr.MeleeUnit(men, figures=10, files=5)
        column = wr.MeleeUnit(orc, figures=18, files=3)
        # an engagement prices it (more figures along the flank than files)
        e = wr.Engagement(a, column, wr.Situation(side=[
            wr.combatant_situation(in_contact=5, charged=True),
            wr.combatant_situation(in_contact=5, attacked_in=wr.FACING_FLANK)]))
        self.assertEqual(e.strike(1).fighting, 5)
        self.assertEqual(sum(e.odds(4).end(end) for end in range(wr.END_COUNT)), 1)

    def test_bad_input(self):
        men = profile(wr.RACE_HUMAN, 33)
        a, b = wr.MeleeUnit(men, figures=4, files=4), wr.MeleeUnit(men, figures=4, files=4)
        p = wr.MeleePhase()
        raises(self, "WR_ERR_STATE", p.odds, 3)  # no fight
        p.add(wr.phase_combatant(a, in_contact=4, contact=wr.CONTACT_CHARGE), wr.phase_combatant(b, in_contact=4))
        raises(self, "WR_ERR_RANGE", p.odds, 0)
        o = p.odds(2)
        raises(self, "WR_ERR_RANGE", o.fight_end_e18, 1, wr.END_A_ROUTS)
        raises(self, "WR_ERR_INVALID", o.unit_fate_e18, a, 9)
        raises(self, "WR_ERR_RANGE", o.unit_figures_e18, a, 5)
        other = wr.MeleeUnit(men, figures=4, files=4)
        raises(self, "WR_ERR_INVALID", o.expected_lost_e9, other)


class Advisor(unittest.TestCase):
    def setUp(self):
        self.men, self.orc = profile(wr.RACE_HUMAN, 33), profile(wr.RACE_ORC, 36)
        self.spears = wr.MeleeUnit(self.men, figures=8, files=4)
        self.knights = wr.MeleeUnit(self.men, figures=4, files=4)
        self.archers = wr.MeleeUnit(self.men, figures=5, files=5)
        self.orcs = wr.MeleeUnit(self.orc, figures=9, files=3)
        self.goblins = wr.MeleeUnit(self.orc, figures=7, files=7)
        self.options = [
            wr.charge_option(self.knights, self.orcs, wr.FACING_FLANK, 3, 3),
            wr.charge_option(self.knights, self.goblins, wr.FACING_FRONT, 4, 7),
            wr.charge_option(self.archers, self.goblins, wr.FACING_FLANK, 3, 1),
            wr.charge_option(self.archers, self.orcs, wr.FACING_REAR, 3, 3),
        ]
        self.fights = [(wr.phase_combatant(self.spears, in_contact=4), wr.phase_combatant(self.orcs, in_contact=3))]

    def choice_phase(self, taken):
        p = wr.MeleePhase()
        for a, b in self.fights:
            p.add(a, b)
        for k in taken:
            attacker, enemy, o = self.options[k]
            p.add(wr.phase_combatant(attacker, in_contact=o.in_contact, contact=o.contact),
                  wr.phase_combatant(enemy, o.face, in_contact=o.enemy_in_contact))
        return p

    def test_best_break_is_brute_force(self):
        advice = wr.advise_charges(self.options, fights=self.fights, aim=wr.CHARGE_AIM_BREAK,
                                   target=self.orcs, max_rounds=3, top=3)
        self.assertEqual(advice.info.choices, 9)
        self.assertEqual(advice.info.evaluated + advice.info.pruned, 9)
        # every choice by hand: knights none/0/1, archers none/2/3
        best = None
        for k in (None, 0, 1):
            for a in (None, 2, 3):
                taken = [x for x in (k, a) if x is not None]
                p = self.choice_phase(taken)
                o = p.odds(3)
                breaks = o.unit_fate(self.orcs, wr.FATE_ROUTS) + o.unit_fate(self.orcs, wr.FATE_DESTROYED)
                if best is None or breaks > best[0]:
                    best = (breaks, taken)
        top = advice.choices[0]
        self.assertEqual([c[0] for c in top.charges], best[1])
        self.assertEqual(top.break_probability, Fraction(int(best[0] * 10**18), 10**18))
        self.assertTrue(top.reasons)
        for r in top.reasons:
            self.assertTrue(r.source.startswith("["))
            self.assertTrue(r.text)
        odds = top.odds
        self.assertEqual(odds.unit_fate(self.orcs, wr.FATE_ROUTS)
                         + odds.unit_fate(self.orcs, wr.FATE_DESTROYED), best[0])
        scores = [c.score for c in advice.choices]
        self.assertEqual(scores, sorted(scores, reverse=True))

    def test_figures_and_score(self):
        advice = wr.advise_charges(self.options, fights=self.fights, max_rounds=2, top=20, odds=False)
        self.assertEqual(len(advice.choices), 9)
        self.assertEqual(advice.info.pruned, 0)
        for c in advice.choices:
            self.assertIsNone(c.odds)
            self.assertLess(abs(c.score - (c.inflicted - c.lost)), Fraction(3, 10**9))
        weighted = wr.advise_charges(self.options, fights=self.fights, aim=wr.CHARGE_AIM_SCORE,
                                     target=self.goblins, weights=(10, 1, 2), max_rounds=2, top=1,
                                     morale=lambda t: (60, 10, 30))
        self.assertEqual(len(weighted.choices), 1)

    def test_handle_and_bad_input(self):
        adv = wr.ChargeAdvisor()
        raises(self, "WR_ERR_STATE", adv.choice, 0)
        adv.add_fight(*self.fights[0])
        self.assertEqual(adv.add_option(self.options[0]), 0)
        raises(self, "WR_ERR_INVALID", adv.add_option, self.options[0])  # twice
        raises(self, "WR_ERR_FORBIDDEN", adv.add_option,
               wr.charge_option(self.spears, self.goblins, wr.FACING_FRONT, 4, 4))
        raises(self, "WR_ERR_RANGE", adv.add_option,
               wr.charge_option(self.archers, self.orcs, wr.FACING_FLANK, 3, 4))
        raises(self, "WR_ERR_NULL", adv.rank, aim=wr.CHARGE_AIM_BREAK)
        raises(self, "WR_ERR_INVALID", adv.rank, aim=wr.CHARGE_AIM_BREAK, target=self.knights)
        raises(self, "WR_ERR_RANGE", adv.rank, top=0)
        info = adv.rank(max_rounds=2)
        self.assertEqual(info.choices, 2)
        c = adv.choice(0)
        self.assertEqual(c.attackers, 1)
        raises(self, "WR_ERR_RANGE", adv.choice, 2)
        raises(self, "WR_ERR_RANGE", adv.reason, 0, -1)
        self.assertIsInstance(adv.odds(0), wr.MeleePhaseOdds)
        self.assertEqual(wr.charge_advisor_params_default().top, 5)
        adv.close()


if __name__ == "__main__":
    unittest.main()
