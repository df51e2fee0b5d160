"""Every campaign wrapper beyond the pinned four: hexes, the map, move point
tables, marches, planning on a map and over a game's own graph."""
import array
import unittest

import warrules as wr

from .support import skip_unless_module
from .test_battlesystem import raises


@skip_unless_module("campaign")
class Hexes(unittest.TestCase):
    def test_coordinates(self):
        self.assertEqual(wr.hex_distance((0, 0), (3, -1)), 3)
        self.assertEqual(wr.hex_distance(wr.Hex(1, 1), (1, 1)), 0)
        self.assertEqual([wr.hex_neighbor((0, 0), d) for d in range(6)],
                         [(1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)])
        self.assertEqual(wr.hex_direction((0, 0), (-1, 1)), 4)
        raises(self, "WR_ERR_INVALID", wr.hex_direction, (0, 0), (2, 0))
        raises(self, "WR_ERR_RANGE", wr.hex_neighbor, (0, 0), 6)
        self.assertEqual(wr.hex_ring((0, 0), 0), [(0, 0)])
        ring = wr.hex_ring((2, 2), 3)
        self.assertEqual(len(ring), 18)
        self.assertTrue(all(wr.hex_distance((2, 2), h) == 3 for h in ring))
        rng = wr.hex_range((0, 0), 2)
        self.assertEqual(len(rng), 19)
        self.assertEqual(rng, sorted(rng))
        line = wr.hex_line((0, 0), (4, -2))
        self.assertEqual((len(line), line[0], line[-1]), (5, (0, 0), (4, -2)))
        self.assertTrue(all(wr.hex_distance(a, b) == 1 for a, b in zip(line, line[1:])))
        raises(self, "WR_ERR_RANGE", wr.hex_ring, (0, 0), wr.HEX_RADIUS_MAX + 1)
        for col, row in ((0, 0), (3, 3), (5, 4)):
            self.assertEqual(wr.hex_to_offset(wr.hex_from_offset(col, row)), (col, row))
        raises(self, "WR_ERR_RANGE", wr.hex_distance, (wr.HEX_COORD_MAX + 1, 0), (0, 0))


def small_map():
    m = wr.Map(8, 6)
    m.set_terrain((2, 1), wr.HEX_FOREST)
    m.set_hexside((1, 1), 0, (wr.RIVER_MINOR, wr.CROSS_FORD, 0, 0))
    return m


@skip_unless_module("campaign")
class Maps(unittest.TestCase):
    def test_map_cells(self):
        with small_map() as m:
            self.assertEqual(m.size, (8, 6))
            self.assertIn((0, 0), m)
            self.assertNotIn((-1, 0), m)
            self.assertEqual(m.hex(m.index((1, 2))), (1, 2))
            self.assertEqual(m.terrain((2, 1)), wr.HEX_FOREST)
            raises(self, "WR_ERR_INVALID", m.set_terrain, (0, 0), wr.HEX_TERRAIN_COUNT)
            raises(self, "WR_ERR_RANGE", m.terrain, (100, 0))
            self.assertEqual(m.hexside((2, 1), 3).crossing, wr.CROSS_FORD)  # the shared hexside
            raises(self, "WR_ERR_INVALID", m.set_hexside, (0, 0), 0, dict(river=wr.RIVER_MAJOR, crossing=wr.CROSS_FORD))
            m.set_hexside((0, 0), 0, dict(road=True))
            self.assertEqual(m.hexside((0, 0), 0).road, 1)
            self.assertTrue(m.is_on_route((0, 0), 0))
            m.set_terrain((4, 4), wr.HEX_COAST)
            m.set_features((4, 4), wr.FEATURE_PORT)
            self.assertEqual(m.features((4, 4)), wr.FEATURE_PORT)
            raises(self, "WR_ERR_INVALID", m.set_features, (4, 4), 0x08)
            m.set_regions((3, 3), 0xFFFFFFFF)
            self.assertEqual(m.regions((3, 3)), 0xFFFFFFFF)
            m.set_watercourse((3, 3), 0, wr.WATER_TIDAL)
            self.assertEqual(m.watercourse((3, 3)), (0, wr.WATER_TIDAL))
            self.assertEqual(m.watercourse((0, 0)), (wr.NO_WATERCOURSE, 0))
            self.assertEqual(m.zone((4, 4)), wr.ZONE_COAST)
            self.assertTrue(m.is_visible((0, 0), (4, 4)))
            self.assertEqual(m.landing(wr.MOVER_TRANSPORT, (4, 4)), wr.LANDING_DOCK)
            raises(self, "WR_ERR_INVALID", m.landing, wr.MOVER_INFANTRY, (4, 4))
        raises(self, "WR_ERR_RANGE", wr.Map, 0, 5)

    def test_costs_and_marches(self):
        costs = wr.move_costs_default(wr.MOVER_INFANTRY)
        self.assertEqual((costs.daily_points, costs.enter[wr.HEX_CLEAR]), (12, 6))
        self.assertEqual(wr.land_entry(costs, wr.ARM_INFANTRY, wr.HEX_FOREST), (9, True))
        self.assertEqual(wr.land_entry(costs, wr.ARM_CAVALRY, wr.HEX_FOREST)[1], False)
        self.assertEqual(wr.land_entry(costs, wr.ARM_INFANTRY, wr.HEX_SWAMP, wr.FORCE_LIZARD_MEN)[0], 6)
        raises(self, "WR_ERR_FORBIDDEN", wr.land_entry, costs, wr.ARM_INFANTRY, wr.HEX_SEA)
        raises(self, "WR_ERR_INVALID", wr.move_costs_default, wr.MOVER_COUNT)
        m = wr.march_start(12)
        self.assertTrue(m.enter(6))
        self.assertFalse(m.enter(9))  # 6 left: it presses on, the points are saved
        m.end_day()
        self.assertEqual((m.day, m.points), (2, 18))
        raises(self, "WR_ERR_STATE", m.rally)  # a formed force has nothing to rally
        self.assertTrue(m.enter(9, unformed=True))
        raises(self, "WR_ERR_STATE", m.rally)  # it moved today
        m.end_day(halt=True)
        m.rally()
        self.assertEqual(m.unformed, 0)
        self.assertTrue(m.enter(6, unformed=True))
        self.assertTrue(m.contact())  # unformed: it meets the enemy non-rallied
        self.assertEqual(m.points, 0)
        m.daily_points = 0
        raises(self, "WR_ERR_INVALID", m.enter, 1)
        self.assertEqual(wr.stragglers_gathered(100, 3, 2), 3)
        self.assertEqual(wr.raft_defence(10, 1), 3)
        self.assertEqual(wr.raft_defence(10, 3), 10)
        self.assertTrue(wr.getting_lost(True, False, 30, 30))
        self.assertFalse(wr.getting_lost(False, False, 100, 1))
        with wr.Rng(9) as rng:
            self.assertIn(wr.half_die_rng(rng), (1, 2, 3))
            self.assertFalse(wr.getting_lost_rng(True, True, 100, rng))


@skip_unless_module("campaign")
class Planning(unittest.TestCase):
    def test_route_field_reachable(self):
        m = small_map()
        params = wr.plan_params_default(wr.MOVER_INFANTRY)
        with wr.Planner() as planner:
            route = planner.route(m, params, (0, 0), (5, 3))
            self.assertEqual(route.steps[0].flags & wr.STEP_START, wr.STEP_START)
            self.assertEqual(route.steps[-1].hex.as_dict(), {"q": 5, "r": 3})
            self.assertEqual(route.steps[-1].day, route.arrival_day)
            days, points = planner.field(m, params, (0, 0))
            self.assertIsInstance(days, array.array)
            self.assertEqual(len(days), 48)
            self.assertEqual(days[m.index((5, 3))], route.arrival_day)
            self.assertEqual(days[m.index((0, 0))], 1)
            reach = planner.reachable(m, params, (0, 0), 1)
            self.assertEqual(reach[0], (0, 0))
            self.assertTrue(all(days[m.index(h)] == 1 for h in reach))
            edges = m.moves(params, (0, 0))
            self.assertTrue(all(isinstance(e, wr.PlanEdge) for e in edges))
            raises(self, "WR_ERR_RANGE", planner.route, m, params, (0, 0), (50, 50))
            m.set_terrain(wr.hex_from_offset(7, 5), wr.HEX_LAKE)
            raises(self, "WR_ERR_FORBIDDEN", planner.route, m, params, (0, 0), wr.hex_from_offset(7, 5))
        m.close()

    def test_landmarks_same_route(self):
        m = small_map()
        params = wr.plan_params_default(wr.MOVER_INFANTRY)
        params.options = wr.PLAN_PLAIN_COSTS
        with wr.Planner() as planner, wr.Planner() as plain:
            self.assertEqual(planner.landmarks(), (0, 0))
            planner.prepare_landmarks(m, params, 4)
            count, size = planner.landmarks()
            self.assertEqual(count, 4)
            self.assertEqual(size, 48 * 4 * 2)
            a = planner.route(m, params, (0, 0), (5, 3))
            b = plain.route(m, params, (0, 0), (5, 3))
            self.assertEqual([s.hex.as_dict() for s in a.steps], [s.hex.as_dict() for s in b.steps])
            self.assertEqual(a.arrival_day, b.arrival_day)
            self.assertGreater(planner.settled(), 0)
            raises(self, "WR_ERR_RANGE", planner.prepare_landmarks, m, params, 17)
        m.close()

    def test_route_graph_callbacks(self):
        params = wr.plan_params_default(wr.MOVER_INFANTRY)
        planner = wr.Planner()

        def line(node):  # ten nodes in a row, 6 points each
            return [(node + 1, 6, 0, 0)] if node < 9 else []

        route = planner.route_graph(10, line, params, 0, 9, node_hex=lambda n: (n, 0))
        self.assertEqual(route.arrival_day, 5)  # 9 moves of 6 at 12 points a day
        self.assertEqual([s.hex.q for s in route.steps], list(range(10)))
        self.assertEqual([s.node for s in route.steps], list(range(10)))
        # a whole-day crossing in the middle
        route = planner.route_graph(3, lambda n: [wr.PlanEdge(n + 1, 0, 2, 0)] if n < 2 else [],
                                    params, 0, 2)
        self.assertEqual(route.arrival_day, 4)

        def broken(node):
            raise KeyError(node)

        with self.assertRaises(KeyError):
            planner.route_graph(3, broken, params, 0, 2)
        raises(self, "WR_ERR_INVALID", planner.route_graph, 3, lambda n: [(7, 1, 0, 0)], params, 0, 2)
        raises(self, "WR_ERR_INVALID", planner.route_graph, 3, lambda n: [(1, 1, 0, 0)] * 33, params, 0, 2)
        raises(self, "WR_ERR_FORBIDDEN", planner.route_graph, 3, lambda n: [], params, 0, 2)
        planner.close()
        planner.close()

    def test_moves_from_matches_the_map(self):
        m = small_map()
        params = wr.plan_params_default(wr.MOVER_INFANTRY)
        here = (1, 1)

        def desc(h):
            if h not in m:
                return wr.HexDesc()
            downstream, water = m.watercourse(h)
            return wr.HexDesc(1, m.terrain(h), m.features(h), m.regions(h), downstream, water, 0)

        neighbors = [wr.hex_neighbor(here, d) for d in range(6)]
        sides = [m.hexside(here, d) if n in m else wr.Hexside() for d, n in enumerate(neighbors)]
        nodes = [m.index(n) if n in m else -1 for n in neighbors]
        got = wr.hex_desc_moves(params, desc(here), [desc(n) for n in neighbors], sides, nodes)
        self.assertEqual(sorted(e.as_dict().items().__repr__() for e in got),
                         sorted(e.as_dict().items().__repr__() for e in m.moves(params, here)))
        raises(self, "WR_ERR_INVALID", wr.hex_desc_moves, params, wr.HexDesc(), [desc(n) for n in neighbors],
               sides, nodes)


if __name__ == "__main__":
    unittest.main()


@skip_unless_module("campaign")
class PlansFromAState(unittest.TestCase):
    def test_plan_replay_and_outcomes(self):
        with wr.Map(4, 1) as m, wr.Planner() as p:
            m.set_terrain((1, 0), wr.HEX_MOUNTAINS)
            inf = wr.plan_params_default(wr.MOVER_INFANTRY)
            self.assertIsNone(p.plan(m, inf, (0, 0), (3, 0)))  # no route: an outcome
            inf.options = wr.PLAN_UNFORMED
            plan = p.plan(m, inf, (0, 0), (3, 0))
            self.assertEqual(plan.route.rally_days, 1)
            quick = p.plan(m, inf, (0, 0), (3, 0), objective=wr.OBJECTIVE_EARLIEST)
            self.assertLess(quick.route.arrival_day, plan.route.arrival_day)
            self.assertEqual(quick.arrival.unformed, 1)
            # replay: each step on its day, the arrival as predicted
            f = wr.force_start()
            i = 1
            while i < len(plan.moves):
                mv = plan.moves[i]
                if mv.flags & wr.STEP_RALLY:
                    if f.points_spent or f.unformed_today:
                        f.end_day(inf.costs.daily_points)
                    else:
                        f.rally(inf.costs.daily_points)
                        i += 1
                elif f.move(inf.costs.daily_points, mv):
                    self.assertEqual(f.day, plan.route.steps[i].day)
                    i += 1
                else:
                    f.end_day(inf.costs.daily_points)
            self.assertEqual(f, plan.arrival)
            # a start state, blocked hexes and sides, a callback
            s = wr.force_start()
            s.day = 3
            again = p.plan(m, inf, (0, 0), (3, 0), state=s)
            self.assertEqual(again.route.arrival_day, plan.route.arrival_day + 2)
            self.assertIsNone(p.plan(m, inf, (0, 0), (3, 0), blocked_hexes=[(2, 0)]))
            self.assertIsNone(p.plan(m, inf, (0, 0), (3, 0), blocked_sides=[((1, 0), 0)]))
            self.assertIsNone(p.plan(m, inf, (0, 0), (3, 0), blocked=lambda a, b: b == 3))
            days, _ = p.plan_field(m, inf, (0, 0), objective=wr.OBJECTIVE_EARLIEST)
            self.assertEqual(days[1], 1)
            s.points_saved = 99  # more than a day's worth
            raises(self, "WR_ERR_RANGE", p.plan, m, inf, (0, 0), (3, 0), state=s)
            raises(self, "WR_ERR_INVALID", p.plan, m, inf, (0, 0), (3, 0), objective=7)
            m.set_terrain((0, 0), wr.HEX_LAKE)
            raises(self, "WR_ERR_FORBIDDEN", p.plan, m, inf, (0, 0), (3, 0))  # a bad start

    def test_rivers_checked(self):
        with wr.Map(3, 1) as m:
            self.assertEqual(m.check_rivers(), (wr.RIVERS_OK, None, None))
            m.set_watercourse((0, 0), 0)
            self.assertEqual(m.check_rivers(), (wr.RIVERS_DEAD_END, (0, 0), 0))
            m.set_hexside((0, 0), 0, (wr.RIVER_MINOR, wr.CROSS_OPEN, 0, 0))
            self.assertEqual(m.check_rivers(), (wr.RIVERS_HEXSIDE_ON_COURSE, (0, 0), 0))
