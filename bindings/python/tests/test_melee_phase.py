"""The melee phase wrapper (MeleePhase): every fight of one turn resolved
together; the first case of [Starting] ("No figure may fight more than once
in a turn") and the phase's bad input."""
import unittest

import warrules as wr

from .test_battlesystem import raises


class Phase(unittest.TestCase):
    def units(self):
        men, orc = wr.Profile(wr.RACE_HUMAN), wr.Profile(wr.RACE_ORC)
        swords = wr.MeleeUnit(men, figures=5, files=5)
        ahead = wr.MeleeUnit(orc, figures=5, files=5)
        flanker = wr.MeleeUnit(orc, figures=4, files=2)
        return swords, ahead, flanker

    def test_no_figure_fights_twice(self):
        swords, ahead, flanker = self.units()
        p = wr.MeleePhase()
        front = p.add(wr.phase_combatant(ahead, in_contact=5),
                      wr.phase_combatant(swords, in_contact=5, corner=1))
        flank = p.add(wr.phase_combatant(flanker, in_contact=1, contact=wr.CONTACT_CHARGE),
                      wr.phase_combatant(swords, wr.FACING_FLANK, in_contact=1, corner=1))
        self.assertEqual(len(p), 2)
        self.assertEqual(p.strike(front, 1).fighting + p.strike(flank, 1).fighting, 5)
        p.set_morale(lambda test: (100, 0, 0))
        most = p.dice_needed()
        used = p.resolve_rolls([50] * most)
        self.assertLessEqual(used, most)
        self.assertEqual(p.unit(swords).fighting, 5)
        self.assertEqual(p.unit(swords).fights, 2)
        r = p.round(flank)
        self.assertEqual(r.flank_test[1], wr.MORALE_PASS)
        self.assertTrue(any(e.rule == wr.RULE_ONCE_PER_TURN for e in r.events[:r.n_events]))
        self.assertTrue(swords.disordered)
        raises(self, "WR_ERR_STATE", p.resolve_rolls, [50] * most)

    def test_bad_input(self):
        swords, ahead, flanker = self.units()
        p = wr.MeleePhase()
        raises(self, "WR_ERR_RANGE", p.add, wr.phase_combatant(ahead, in_contact=6),
               wr.phase_combatant(swords, in_contact=5))
        p.add(wr.phase_combatant(ahead, in_contact=5), wr.phase_combatant(swords, in_contact=5))
        raises(self, "WR_ERR_INVALID", p.add, wr.phase_combatant(ahead, in_contact=5),
               wr.phase_combatant(swords, in_contact=5))
        raises(self, "WR_ERR_STATE", p.round, 0)
        rng = wr.Rng(3)
        p.resolve_rng(rng)
        raises(self, "WR_ERR_STATE", p.add, wr.phase_combatant(flanker, in_contact=1),
               wr.phase_combatant(swords, wr.FACING_FLANK, in_contact=1))
        self.assertEqual(len(p), 1)


if __name__ == "__main__":
    unittest.main()
