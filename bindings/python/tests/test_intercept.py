"""Where forces meet: Planner.intercept (interception, pursuit, meeting the
enemy formed) and Planner.danger, on the worked cases of tests/test_intercept.c."""
import unittest

import warrules as wr

from .support import skip_unless_module
from .test_battlesystem import raises


def row(width):
    return wr.Map(width, 1)


# the enemy coming west along a row of 12 clear hexes, two hexes a day
HEAD_ON = [((11, 0), 1), ((10, 0), 1), ((9, 0), 1), ((8, 0), 2), ((7, 0), 2), ((6, 0), 3),
           ((5, 0), 3), ((4, 0), 4), ((3, 0), 4), ((2, 0), 5)]


@skip_unless_module("campaign")
class Intercept(unittest.TestCase):
    def test_head_on(self):
        inf = wr.plan_params_default(wr.MOVER_INFANTRY)
        with row(12) as m, wr.Planner() as p:
            got = p.intercept(m, inf, (0, 0), HEAD_ON)
            self.assertTrue(got.found)
            self.assertEqual((got.day, got.during_own_move, got.hex, got.enemy_index),
                             (3, True, (5, 0), 6))
            self.assertEqual(got.enemy_hex, (5, 0))
            self.assertFalse(got.non_rallied)
            self.assertEqual((got.contact.day, got.contact.points_spent, got.contact.points_saved),
                             (3, 12, 0))
            self.assertEqual(got.plan.route.hexes, [(c, 0) for c in range(6)])
            self.assertIsNone(got.enemy_plan)
            got = p.intercept(m, inf, (0, 0), HEAD_ON, meeting=wr.MEETING_ADJACENT)
            self.assertEqual((got.day, got.during_own_move, got.hex, got.enemy_index),
                             (3, False, (4, 0), 6))
            got = p.intercept(m, inf, (0, 0), HEAD_ON, meeting=wr.Meeting.ADJACENT,
                              order=wr.DAY_OWN_FIRST)
            self.assertEqual((got.day, got.during_own_move, got.hex), (3, True, (6, 0)))
            # positions as ForcePosition values too
            pos = [wr.ForcePosition(wr.Hex(*h), d) for h, d in HEAD_ON]
            self.assertEqual(p.intercept(m, inf, (0, 0), pos).day, 3)

    def test_the_replay_reaches_the_state_at_contact(self):
        inf = wr.plan_params_default(wr.MOVER_INFANTRY)
        with row(12) as m, wr.Planner() as p:
            got = p.intercept(m, inf, (0, 0), HEAD_ON, meeting=wr.MEETING_ADJACENT)
            s = wr.force_start()
            i = 1
            while i < len(got.plan.moves):
                if s.move(12, got.plan.moves[i]):
                    i += 1
                else:
                    s.end_day(12)
            self.assertEqual(s, got.plan.arrival)
            while s.day < got.day:
                s.end_day(12, halt=True)
            self.assertEqual(s.contact(12), got.non_rallied)
            self.assertEqual(s, got.contact)

    def test_before_a_hex_and_impossible(self):
        inf = wr.plan_params_default(wr.MOVER_INFANTRY)
        east = [((4, 0), 1), ((5, 0), 1), ((6, 0), 1), ((7, 0), 2), ((8, 0), 2), ((9, 0), 3),
                ((10, 0), 3), ((11, 0), 4)]
        with row(12) as m, wr.Planner() as p:
            got = p.intercept(m, inf, (0, 0), east, objective=wr.INTERCEPT_BEFORE, guard=(10, 0))
            self.assertFalse(got.found)
            self.assertIsNone(got.day)
            self.assertEqual(p.intercept(m, inf, (0, 0), east).day, 6)
            self.assertTrue(p.intercept(m, inf, (11, 0), east, objective=wr.INTERCEPT_BEFORE,
                                        guard=(10, 0)).found)

    def test_pursuit(self):
        cav = wr.plan_params_default(wr.MOVER_CAVALRY)
        inf = wr.plan_params_default(wr.MOVER_INFANTRY)
        with row(20) as m, wr.Planner() as p:
            enemy = wr.PlannedForce(inf, (3, 0), (19, 0))
            got = p.intercept(m, cav, (0, 0), enemy)
            self.assertEqual((got.day, got.hex, got.during_own_move), (3, (9, 0), True))
            self.assertEqual(len(got.enemy_plan.route), 17)
            self.assertEqual(got.enemy_plan.route[got.enemy_index].hex, (9, 0))
            # blocked hexes of the enemy's own query: it cannot march, so stays
            stuck = wr.PlannedForce(inf, (3, 0), (19, 0), blocked_hexes=[(4, 0)])
            got = p.intercept(m, cav, (0, 0), stuck)
            self.assertIsNone(got.enemy_plan)
            self.assertEqual((got.day, got.hex), (1, (3, 0)))

    def test_meeting_formed(self):
        inf = wr.plan_params_default(wr.MOVER_INFANTRY)
        inf.options = wr.PLAN_UNFORMED
        s = wr.force_start()
        s.day, s.unformed, s.unformed_days = 2, 1, 1
        with row(12) as m, wr.Planner() as p:
            got = p.intercept(m, inf, (0, 0), [((3, 0), 1)], state=s)
            self.assertEqual((got.day, got.non_rallied), (3, True))
            got = p.intercept(m, inf, (0, 0), [((3, 0), 1)], state=s, objective=wr.INTERCEPT_FORMED)
            self.assertEqual((got.day, got.non_rallied), (4, False))
            self.assertTrue(got.plan.moves[1].flags & wr.STEP_RALLY)
            got = p.intercept(m, inf, (2, 0), [((3, 0), 1)], state=s, meeting=wr.MEETING_ADJACENT,
                              objective=wr.InterceptObjective.FORMED)
            self.assertFalse(got.found)

    def test_bad_input(self):
        inf = wr.plan_params_default(wr.MOVER_INFANTRY)
        with row(6) as m, wr.Planner() as p:
            raises(self, "WR_ERR_INVALID", p.intercept, m, inf, (0, 0), [((3, 0), 1)], objective=4)
            raises(self, "WR_ERR_INVALID", p.intercept, m, inf, (0, 0), [((3, 0), 1)], meeting=3)
            raises(self, "WR_ERR_INVALID", p.intercept, m, inf, (0, 0), [((3, 0), 1)], order=2)
            raises(self, "WR_ERR_RANGE", p.intercept, m, inf, (0, 0), [])
            raises(self, "WR_ERR_RANGE", p.intercept, m, inf, (0, 0), [((9, 0), 1)])
            raises(self, "WR_ERR_INVALID", p.intercept, m, inf, (0, 0), [((3, 0), 2), ((4, 0), 1)])
            raises(self, "WR_ERR_RANGE", p.intercept, m, inf, (0, 0), [((3, 0), 1)],
                   objective=wr.INTERCEPT_BEFORE, guard=(7, 0))
            raises(self, "WR_ERR_RANGE", p.intercept, m, inf, (0, 5), [((3, 0), 1)])
            m.set_terrain((5, 0), wr.HEX_LAKE)
            raises(self, "WR_ERR_FORBIDDEN", p.intercept, m, inf, (0, 0),
                   wr.PlannedForce(inf, (5, 0), (0, 0)))
            self.assertRaises(TypeError, p.danger, m, [("not", "a", "force")])
            raises(self, "WR_ERR_RANGE", p.danger, m, [])

    def test_callback_errors_are_raised(self):
        inf = wr.plan_params_default(wr.MOVER_INFANTRY)

        def broken(a, b):
            raise KeyError("blocked")

        with row(6) as m, wr.Planner() as p:
            self.assertRaises(KeyError, p.intercept, m, inf, (0, 0), [((3, 0), 1)], blocked=broken)
            enemy = wr.PlannedForce(inf, (5, 0), (0, 0), blocked=broken)
            self.assertRaises(KeyError, p.intercept, m, inf, (0, 0), enemy)
            self.assertRaises(KeyError, p.danger, m, [enemy])


@skip_unless_module("campaign")
class Danger(unittest.TestCase):
    def test_earliest_of_any_force(self):
        inf = wr.plan_params_default(wr.MOVER_INFANTRY)
        cav = wr.plan_params_default(wr.MOVER_CAVALRY)
        with row(10) as m, wr.Planner() as p:
            days, left, who = p.danger(m, [wr.PlannedForce(inf, (0, 0)), wr.PlannedForce(cav, (9, 0))])
            self.assertEqual(list(days), [1, 1, 1, 2, 2, 2, 1, 1, 1, 1])
            self.assertEqual(list(who), [0, 0, 0, 0, 0, 1, 1, 1, 1, 1])
            self.assertEqual(left[4], 0)
            # each force with its own query; the field matches plan_field for one force
            f = wr.PlannedForce(inf, (0, 0), blocked_hexes=[(3, 0)], objective=wr.OBJECTIVE_EARLIEST)
            days, left, who = p.danger(m, [f])
            self.assertEqual((days[3], who[3], days[9]), (-1, -1, -1))
            one = p.plan_field(m, inf, (0, 0), blocked_hexes=[(3, 0)], objective=wr.OBJECTIVE_EARLIEST)
            self.assertEqual((list(days), list(left)), (list(one[0]), list(one[1])))


if __name__ == "__main__":
    unittest.main()
