"""Strategic movement on hex maps (warrules/campaign.h): the pinned river
crossing, straggler and raft rules, hex coordinates, the hex map, move point
tables, marches, and route planning on a map or over a game's own graph.

Hexes are given as any (q, r) pair (a tuple or a Hex) and returned as
(q, r) tuples."""
from __future__ import annotations

import array
import ctypes
from collections import namedtuple
from typing import Any, Callable, Iterable, Iterator, List, Mapping, Optional, Sequence, Tuple, Union

from ._enums import promote
from ._core import Allocator, Rng, Handle, keep_allocator, make_handle
from ._guard import callback_failed
from ._errors import WarrulesError
from ._native import (PLAN_BLOCKED_FN, ForceState, PlanQuery, PlanResult)
from ._native import (MAP, PLAN_MOVES_FN, PLANNER, Arrival, Hex, HexDesc, March, MoveCosts,
                      PlanEdge, PlanGraph, PlanParams, Route, Hexside, Step, lib)
from ._util import flag, int_array, int_out, ints_out

HexLike = Union[Hex, Tuple[int, int], Sequence[int]]  # a hex as a Hex or any (q, r) pair
_Blocked = Optional[Callable[[int, int], Any]]  # blocked(from_index, to_index)

from ._header_campaign import *  # noqa: E402,F401,F403  (the constants of campaign.h, generated)
_ENUMS = promote(globals())  # the constants as IntEnum/IntFlag members

__all__ = [name for name in list(globals()) if name.isupper() and not name.startswith("_")
           and name not in ("MAP", "PLANNER", "PLAN_MOVES_FN", "PLAN_BLOCKED_FN")]
__all__ += _ENUMS
__all__ += [
    "Hex", "Hexside", "MoveCosts", "March", "PlanParams", "Step", "Route", "Arrival", "PlanEdge",
    "PlanGraph", "HexDesc", "PlannedRoute",
    "river_crossing", "half_die", "stragglers", "raft_timber",
    "hex_distance", "hex_neighbor", "hex_direction", "hex_ring", "hex_range", "hex_line",
    "hex_from_offset", "hex_to_offset", "Map", "move_costs_default", "land_entry",
    "march_start", "stragglers_gathered", "half_die_rng", "raft_defence", "getting_lost",
    "getting_lost_rng", "plan_params_default", "Planner", "hex_desc_moves",
    "ForceState", "PlanQuery", "PlanResult", "force_start", "Plan",
]


# ---- pinned ------------------------------------------------------------------

def river_crossing(arm: int, river: int, crossing: int, daily_points: int) -> Tuple[int, int, int]:
    """(extra_points, days, unformed) of a river crossing."""
    return ints_out(lib.wr_river_crossing, 3, arm, river, crossing, daily_points)


def half_die(d6: int) -> int:
    """A half-die: ceil(d6 / 2)."""
    return int_out(lib.wr_half_die, d6)


def stragglers(figures: int, half_die: int) -> int:
    """Figures lost to stragglers in one day of unformed movement."""
    return int_out(lib.wr_stragglers, figures, half_die)


def raft_timber(d6: int, in_forest_or_swamp: bool = False) -> bool:
    """Whether there is timber enough for rafts."""
    return bool(int_out(lib.wr_raft_timber, d6, 1 if in_forest_or_swamp else 0))


# ---- hex coordinates -----------------------------------------------------------

def _hex(h):
    if isinstance(h, Hex):
        return h
    q, r = h
    return Hex(q, r)


def _pair(h):
    return (h.q, h.r)


def hex_distance(a: HexLike, b: HexLike) -> int:
    """(|dq| + |dr| + |dq + dr|) / 2."""
    return int_out(lib.wr_hex_distance, _hex(a), _hex(b))


def hex_neighbor(h: HexLike, direction: int) -> Tuple[int, int]:
    """The neighbour of a hex in a direction 0..5."""
    out = Hex()
    lib.wr_hex_neighbor(_hex(h), direction, ctypes.byref(out))
    return _pair(out)


def hex_direction(a: HexLike, b: HexLike) -> int:
    """The direction 0..5 from a hex to an adjacent one (WR_ERR_INVALID when not adjacent)."""
    return int_out(lib.wr_hex_direction, _hex(a), _hex(b))


def _hex_list(fn, *args):
    count = ctypes.c_size_t()
    try:
        fn(*args, None, 0, ctypes.byref(count))
    except WarrulesError as exc:
        if exc.status != 2 or count.value == 0:
            raise
    buf = (Hex * max(1, count.value))()
    fn(*args, buf, count.value, ctypes.byref(count))
    return [(h.q, h.r) for h in buf[:count.value]]


def hex_ring(center: HexLike, radius: int) -> List[Tuple[int, int]]:
    """The hexes at exactly `radius` from a centre, in the library's order."""
    return _hex_list(lib.wr_hex_ring, _hex(center), radius)


def hex_range(center: HexLike, radius: int) -> List[Tuple[int, int]]:
    """The hexes within `radius` of a centre, ordered by q then r."""
    return _hex_list(lib.wr_hex_range, _hex(center), radius)


def hex_line(a: HexLike, b: HexLike) -> List[Tuple[int, int]]:
    """The hexes on the straight line from a to b, both included."""
    return _hex_list(lib.wr_hex_line, _hex(a), _hex(b))


def hex_from_offset(col: int, row: int) -> Tuple[int, int]:
    """The hex of an "odd-r" offset position."""
    out = Hex()
    lib.wr_hex_from_offset(col, row, ctypes.byref(out))
    return _pair(out)


def hex_to_offset(h: HexLike) -> Tuple[int, int]:
    """The (col, row) offset position of a hex."""
    return ints_out(lib.wr_hex_to_offset, 2, _hex(h))


# ---- the map -------------------------------------------------------------------

def _side(side):
    if isinstance(side, Hexside):
        return side
    if isinstance(side, dict):
        return Hexside(**{k: int(flag(v)) for k, v in side.items()})
    return Hexside(*[int(flag(v)) for v in side])


class Map(Handle):
    """A strategic hex map (wr_map), width x height hexes in the "odd-r" layout."""

    _free = staticmethod(lambda p: lib.wr_map_free(p))

    def __init__(self, width: int, height: int, *, allocator: Optional[Allocator] = None) -> None:
        ptr = make_handle(lib.wr_map_new, lib.wr_map_new_ex, MAP, allocator, width, height)
        super().__init__(ptr)
        keep_allocator(self, allocator)

    @property
    def size(self) -> Tuple[int, int]:
        """(width, height)."""
        return ints_out(lib.wr_map_size, 2, self._handle())

    def has_hex(self, h: HexLike) -> bool:
        return bool(int_out(lib.wr_map_has_hex, self._handle(), _hex(h)))

    def __contains__(self, h):
        return self.has_hex(h)

    def index(self, h: HexLike) -> int:
        """The index of a hex: r * width + q + floor(r / 2)."""
        out = ctypes.c_int32()
        lib.wr_map_index(self._handle(), _hex(h), ctypes.byref(out))
        return out.value

    def hex(self, index: int) -> Tuple[int, int]:
        """The hex of an index."""
        out = Hex()
        lib.wr_map_hex(self._handle(), index, ctypes.byref(out))
        return _pair(out)

    def set_terrain(self, h: HexLike, terrain: int) -> None:
        lib.wr_map_set_terrain(self._handle(), _hex(h), terrain)

    def terrain(self, h: HexLike) -> int:
        return int_out(lib.wr_map_terrain, self._handle(), _hex(h))

    def set_features(self, h: HexLike, features: int) -> None:
        lib.wr_map_set_features(self._handle(), _hex(h), features)

    def features(self, h: HexLike) -> int:
        out = ctypes.c_uint()
        lib.wr_map_features(self._handle(), _hex(h), ctypes.byref(out))
        return out.value

    def set_regions(self, h: HexLike, tags: int) -> None:
        lib.wr_map_set_regions(self._handle(), _hex(h), tags)

    def regions(self, h: HexLike) -> int:
        out = ctypes.c_uint32()
        lib.wr_map_regions(self._handle(), _hex(h), ctypes.byref(out))
        return out.value

    def set_hexside(self, h: HexLike, direction: int,
                    side: Union[Hexside, Mapping[str, int], Sequence[int]]) -> None:
        """Sets a hexside: a Hexside, a dict or a (river, crossing, road, track) tuple."""
        s = _side(side)
        lib.wr_map_set_hexside(self._handle(), _hex(h), direction, ctypes.byref(s))

    def hexside(self, h: HexLike, direction: int) -> Hexside:
        s = Hexside()
        lib.wr_map_hexside(self._handle(), _hex(h), direction, ctypes.byref(s))
        return s

    def set_watercourse(self, h: HexLike, downstream: int, flags: int = 0) -> None:
        lib.wr_map_set_watercourse(self._handle(), _hex(h), downstream, flags)

    def watercourse(self, h: HexLike) -> Tuple[int, int]:
        """(downstream direction or NO_WATERCOURSE, flags)."""
        d, f = ctypes.c_int(), ctypes.c_uint()
        lib.wr_map_watercourse(self._handle(), _hex(h), ctypes.byref(d), ctypes.byref(f))
        return d.value, f.value

    def zone(self, h: HexLike) -> int:
        return int_out(lib.wr_map_zone, self._handle(), _hex(h))

    def is_visible(self, a: HexLike, b: HexLike) -> bool:
        return bool(int_out(lib.wr_map_is_visible, self._handle(), _hex(a), _hex(b)))

    def landing(self, mover: int, h: HexLike) -> int:
        """How a vessel may put in at a hex (LANDING_*; WR_ERR_FORBIDDEN when it cannot)."""
        return int_out(lib.wr_map_landing, self._handle(), mover, _hex(h))

    def is_on_route(self, h: HexLike, direction: int) -> bool:
        return bool(int_out(lib.wr_map_is_on_route, self._handle(), _hex(h), direction))

    def hexside_index(self, h: HexLike, direction: int) -> int:
        """The index of a hexside for Planner.plan(blocked_sides=...)."""
        out = ctypes.c_int32()
        lib.wr_map_hexside_index(self._handle(), _hex(h), direction, ctypes.byref(out))
        return out.value

    def check_rivers(self) -> Tuple[int, Optional[Tuple[int, int]], Optional[int]]:
        """(problem, hex, direction): RIVERS_OK with None, None when each river
        is drawn once, else the first water course hex at fault."""
        problem = ctypes.c_int()
        h = Hex()
        d = ctypes.c_int()
        lib.wr_map_check_rivers(self._handle(), ctypes.byref(problem), ctypes.byref(h),
                                ctypes.byref(d))
        if problem.value == RIVERS_OK:
            return RIVERS_OK, None, None
        return problem.value, (h.q, h.r), d.value

    def moves(self, params: PlanParams, h: HexLike) -> List[PlanEdge]:
        """The PlanEdge moves the planner considers from a hex."""
        out = (PlanEdge * PLAN_MAX_EDGES)()
        n = ctypes.c_size_t()
        lib.wr_map_moves(self._handle(), ctypes.byref(params), _hex(h), out, PLAN_MAX_EDGES,
                         ctypes.byref(n))
        return [PlanEdge.from_buffer_copy(e) for e in out[:n.value]]

    def __repr__(self):
        return "Map(<closed>)" if self.closed else "Map(width={}, height={})".format(*self.size)


# ---- move point tables, marches ----------------------------------------------------

def move_costs_default(mover: int) -> MoveCosts:
    """The library's labelled DEFAULT MoveCosts for a mover (the text's table is missing)."""
    out = MoveCosts()
    lib.wr_move_costs_default(mover, ctypes.byref(out))
    return out


def land_entry(costs: MoveCosts, arm: int, terrain: int, traits: int = 0, home_region: bool = False,
               route: int = ROUTE_NONE) -> Tuple[int, bool]:
    """(cost, formed) of a land force entering a hex."""
    cost, formed = ints_out(lib.wr_land_entry, 2, ctypes.byref(costs), arm, traits, terrain,
                            flag(home_region), route)
    return cost, bool(formed)


def march_start(daily_points: int) -> March:
    """A new March: day 1, the daily points, formed."""
    m = March()
    lib.wr_march_start(daily_points, ctypes.byref(m))
    return m


def _march_enter(self, cost, unformed=False):
    """Tries to enter the next hex; True when it entered (points spent)."""
    return bool(int_out(lib.wr_march_enter, ctypes.byref(self), cost, flag(unformed)))


def _march_end_day(self, halt=False):
    """Ends the day (points are saved unless the force stayed or halts)."""
    lib.wr_march_end_day(ctypes.byref(self), flag(halt))


def _march_contact(self):
    """Enemy contact: excess points are lost; True when the force is non-rallied."""
    return bool(int_out(lib.wr_march_contact, ctypes.byref(self)))


def _march_rally(self):
    """Spends the day at a rally point reforming."""
    lib.wr_march_rally(ctypes.byref(self))


March.start = staticmethod(march_start)  # type: ignore[assignment]
March.enter = _march_enter  # type: ignore[assignment]
March.end_day = _march_end_day  # type: ignore[assignment]
March.contact = _march_contact  # type: ignore[assignment]
March.rally = _march_rally  # type: ignore[assignment]


def stragglers_gathered(figures: int, missing: int, half_die: int) -> int:
    return int_out(lib.wr_stragglers_gathered, figures, missing, half_die)


def half_die_rng(rng: Rng) -> int:
    return int_out(lib.wr_half_die_rng, rng._handle())


def raft_defence(figures: int, raft_day: int) -> int:
    return int_out(lib.wr_raft_defence, figures, raft_day)


def getting_lost(small_unit: bool, on_route: bool, chance_percent: int, d100: int) -> bool:
    return bool(int_out(lib.wr_getting_lost, flag(small_unit), flag(on_route), chance_percent, d100))


def getting_lost_rng(small_unit: bool, on_route: bool, chance_percent: int, rng: Rng) -> bool:
    return bool(int_out(lib.wr_getting_lost_rng, flag(small_unit), flag(on_route),
                        chance_percent, rng._handle()))


# ---- planning ------------------------------------------------------------------

def plan_params_default(mover: int) -> PlanParams:
    """Default PlanParams for a mover: its default table, no traits or options."""
    out = PlanParams()
    lib.wr_plan_params_default(mover, ctypes.byref(out))
    return out


class PlannedRoute:
    """A planned route, as a Python value: it iterates, indexes and counts
    its steps (Step copies, the start first: `for step in route`,
    `route[-1].day`), `.hexes` lists their (q, r), and the totals of
    wr_route are attributes (arrival_day, points_left, rally_days,
    unformed_days, stragglers, escort_lost). Its repr shows the hexes."""

    _fields = ("steps", "arrival_day", "points_left", "rally_days", "unformed_days", "stragglers",
               "escort_lost")
    __slots__ = _fields

    def __init__(self, steps: List[Step], arrival_day: int, points_left: int, rally_days: int,
                 unformed_days: int, stragglers: int, escort_lost: bool) -> None:
        self.steps = steps
        self.arrival_day, self.points_left, self.rally_days = arrival_day, points_left, rally_days
        self.unformed_days, self.stragglers, self.escort_lost = unformed_days, stragglers, escort_lost

    @property
    def hexes(self) -> List[Tuple[int, int]]:
        return [tuple(step.hex) for step in self.steps]  # type: ignore[misc]

    def __iter__(self) -> Iterator[Step]:
        return iter(self.steps)

    def __len__(self) -> int:
        return len(self.steps)

    def __getitem__(self, index: int) -> Step:
        return self.steps[index]

    def as_dict(self) -> dict:
        return {name: getattr(self, name) for name in self._fields}

    def __eq__(self, other: object) -> bool:
        return isinstance(other, PlannedRoute) and self.as_dict() == other.as_dict()

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        totals = ", ".join(f"{name}={getattr(self, name)!r}" for name in self._fields[1:])
        return f"PlannedRoute(hexes={self.hexes!r}, {totals})"


def _planned(route, node_hex=None):
    steps = [Step.from_buffer_copy(route.steps[i]) for i in range(route.step_count)]
    if node_hex is not None:
        for step in steps:
            step.hex = _hex(node_hex(step.node))
    return PlannedRoute(steps, route.arrival_day, route.points_left, route.rally_days,
                        route.unformed_days, route.stragglers, bool(route.escort_lost))


class Planner(Handle):
    """A route planner (wr_planner), reused from query to query; one per thread."""

    _free = staticmethod(lambda p: lib.wr_planner_free(p))

    def __init__(self, *, allocator: Optional[Allocator] = None) -> None:
        ptr = make_handle(lib.wr_planner_new, lib.wr_planner_new_ex, PLANNER, allocator)
        super().__init__(ptr)
        keep_allocator(self, allocator)

    def route(self, map: Map, params: PlanParams, start: HexLike, target: HexLike) -> PlannedRoute:
        """The earliest arrival from start to target on a Map: a PlannedRoute."""
        r = Route()
        lib.wr_planner_route(self._handle(), map._handle(), ctypes.byref(params), _hex(start),
                             _hex(target), ctypes.byref(r))
        return _planned(r)

    def field(self, map: Map, params: PlanParams, start: HexLike) -> Tuple[array.array, array.array]:
        """The earliest arrival at every hex, by map index: (days, points_left),
        two array.array('i') (day -1 where unreachable)."""
        width, height = map.size
        n = width * height
        buf = array.array("i", [0]) * (2 * n)
        arr = (Arrival * n).from_buffer(buf)
        lib.wr_planner_field(self._handle(), map._handle(), ctypes.byref(params), _hex(start),
                             arr, n)
        return buf[0::2], buf[1::2]

    def reachable(self, map: Map, params: PlanParams, start: HexLike, days: int) -> List[Tuple[int, int]]:
        """The hexes reached, formed, within `days` days, in order of arrival."""
        hexes = ctypes.POINTER(Hex)()
        n = ctypes.c_size_t()
        lib.wr_planner_reachable(self._handle(), map._handle(), ctypes.byref(params), _hex(start),
                                 days, ctypes.byref(hexes), ctypes.byref(n))
        return [(hexes[i].q, hexes[i].r) for i in range(n.value)]

    def prepare_landmarks(self, map: Map, params: PlanParams, count: int) -> None:
        """Prepares count landmarks (0..PLAN_MAX_LANDMARKS) for routes over plain
        costs on this map as it stands, with these params: the same routes, fewer
        states settled (wr_planner_prepare_landmarks)."""
        lib.wr_planner_prepare_landmarks(self._handle(), map._handle(), ctypes.byref(params), count)

    def landmarks(self) -> Tuple[int, int]:
        """The landmarks held and their bytes: (count, bytes)."""
        count = ctypes.c_int()
        size = ctypes.c_size_t()
        lib.wr_planner_landmarks(self._handle(), ctypes.byref(count), ctypes.byref(size))
        return count.value, size.value

    def settled(self) -> int:
        """The states the last route search over plain costs settled."""
        n = ctypes.c_size_t()
        lib.wr_planner_settled(self._handle(), ctypes.byref(n))
        return n.value

    def route_graph(self, node_count: int,
                    moves: Callable[[int], Iterable[Union[PlanEdge, Sequence[int]]]],
                    params: PlanParams, start: int, target: int,
                    node_hex: Optional[Callable[[int], HexLike]] = None) -> PlannedRoute:
        """The earliest arrival over a game's own graph of nodes 0..node_count-1.

        moves(node) returns the moves from a node: PlanEdge values or
        (to, points, days, flags) tuples, at most PLAN_MAX_EDGES. node_hex(node),
        when given, names the (q, r) of each step's node. An exception either
        raises (or a wrong result, or a use of this planner from inside
        moves) is raised again by this call once C returns."""
        errors = []

        def trampoline(user, node, out, capacity):
            try:
                edges = list(moves(node))
                if len(edges) > capacity:
                    raise WarrulesError(3, "WR_ERR_INVALID", "moves", message=(
                        f"moves({node}) gave {len(edges)} moves, at most {capacity}"))
                for i, e in enumerate(edges):
                    out[i] = e if isinstance(e, PlanEdge) else PlanEdge(*e)
                return len(edges)
            except BaseException as exc:  # never let an exception cross C
                callback_failed(exc)
                errors.append(exc)
                return -1

        callback = PLAN_MOVES_FN(trampoline)
        graph = PlanGraph(node_count, callback, None, None)
        r = Route()
        try:
            lib.wr_planner_route_graph(self._handle(), ctypes.byref(graph), ctypes.byref(params),
                                       start, target, ctypes.byref(r))
        except WarrulesError:
            if errors:
                raise errors[0]
            raise
        if errors:
            raise errors[0]
        return _planned(r, node_hex)

    def plan(self, map: Map, params: PlanParams, start: HexLike, target: HexLike, *,
             state: Optional[ForceState] = None, objective: int = OBJECTIVE_EARLIEST_FORMED,
             blocked_hexes: Optional[Iterable[HexLike]] = None,
             blocked_sides: Optional[Iterable[Tuple[HexLike, int]]] = None,
             blocked: _Blocked = None) -> Optional["Plan"]:
        """A plan from a force's state (a ForceState, or None for the start of
        day 1), or None when no route exists (a normal outcome; a mover that
        cannot be at the start raises WarrulesError). blocked_hexes: hexes not
        to enter; blocked_sides: (hex, direction) sides not to cross; blocked:
        a function (from_index, to_index) -> bool, for this query only."""
        keep: List[Any] = []
        q = _query(map, state, objective, blocked_hexes, blocked_sides, blocked, keep)
        res = PlanResult()
        lib.wr_planner_plan(self._handle(), map._handle(), ctypes.byref(params), ctypes.byref(q),
                            _hex(start), _hex(target), ctypes.byref(res))
        if blocked is not None and keep[-1]:
            raise keep[-1][0]
        if res.outcome == PLAN_NO_ROUTE:
            return None
        n = res.route.step_count
        moves = [PlanEdge.from_buffer_copy(res.moves[i]) for i in range(n)]
        return Plan(_planned(res.route), moves, ForceState.from_buffer_copy(res.arrival))

    def plan_field(self, map: Map, params: PlanParams, start: HexLike, *,
                   state: Optional[ForceState] = None, objective: int = OBJECTIVE_EARLIEST_FORMED,
                   blocked_hexes: Optional[Iterable[HexLike]] = None,
                   blocked_sides: Optional[Iterable[Tuple[HexLike, int]]] = None,
                   blocked: _Blocked = None) -> Tuple[array.array, array.array]:
        """The arrival field from a force's state: (days, points_left) by map
        index, as Planner.field; OBJECTIVE_EARLIEST gives the field of an
        unformed force (scouting)."""
        keep: List[Any] = []
        q = _query(map, state, objective, blocked_hexes, blocked_sides, blocked, keep)
        width, height = map.size
        n = width * height
        buf = array.array("i", [0]) * (2 * n)
        arr = (Arrival * n).from_buffer(buf)
        lib.wr_planner_plan_field(self._handle(), map._handle(), ctypes.byref(params),
                                  ctypes.byref(q), _hex(start), arr, n)
        if blocked is not None and keep[-1]:
            raise keep[-1][0]
        return buf[0::2], buf[1::2]

    def intercept(self, map: Map, params: PlanParams, start: HexLike, enemy: Any, *,
                  state: Optional[ForceState] = None, objective: int = 0, meeting: int = 0,
                  order: int = 0, guard: Optional[HexLike] = None,
                  blocked_hexes: Optional[Iterable[HexLike]] = None,
                  blocked_sides: Optional[Iterable[Tuple[HexLike, int]]] = None,
                  blocked: _Blocked = None) -> Any:
        """The earliest contact of a force with an enemy (a PlannedForce, or its
        (hex, day) positions): an Interception. See warrules.intercept's
        INTERCEPT_*, MEETING_* and DAY_* constants; the rest as Planner.plan."""
        from ._intercept import intercept
        return intercept(self, map, params, start, enemy, state=state, objective=objective,
                         meeting=meeting, order=order, guard=guard, blocked_hexes=blocked_hexes,
                         blocked_sides=blocked_sides, blocked=blocked)

    def danger(self, map: Map, forces: Sequence[Any]) -> Tuple[array.array, array.array, array.array]:
        """The danger field of several PlannedForce: (days, points_left, force)
        by map index, three array.array('i') (-1 where none reaches a hex)."""
        from ._intercept import danger
        return danger(self, map, forces)


def hex_desc_moves(params: PlanParams, here: HexDesc, neighbors: Sequence[HexDesc],
                   sides: Sequence[Union[Hexside, Mapping[str, int], Sequence[int]]],
                   nodes: Sequence[int]) -> List[PlanEdge]:
    """The PlanEdge moves of a force from one hex of a game's own map: here a
    HexDesc, neighbors six HexDesc, sides six Hexside (or tuples), nodes six ints."""
    nb = (HexDesc * 6)(*neighbors)
    sd = (Hexside * 6)(*[_side(s) for s in sides])
    nd = int_array(nodes, "nodes", ctypes.c_int32, 6)
    out = (PlanEdge * PLAN_MAX_EDGES)()
    n = ctypes.c_size_t()
    lib.wr_hex_desc_moves(ctypes.byref(params), ctypes.byref(here), nb, sd, nd, out, PLAN_MAX_EDGES,
                          ctypes.byref(n))
    return [PlanEdge.from_buffer_copy(e) for e in out[:n.value]]


# ---- a force's state, plans from it, and their replay ----------------------------

def force_start() -> ForceState:
    """A new ForceState: day 1, nothing spent or saved, formed."""
    s = ForceState()
    lib.wr_force_start(ctypes.byref(s))
    return s


def _force_check(self: ForceState, daily_points: int) -> None:
    """Raises WarrulesError when the state cannot exist for these daily points."""
    lib.wr_force_check(ctypes.byref(self), daily_points)


def _force_move(self: ForceState, daily_points: int,
                move: Union[PlanEdge, Sequence[int]]) -> bool:
    """Makes (or goes on with) one move of a plan; True when the hex was entered."""
    move = move if isinstance(move, PlanEdge) else PlanEdge(*move)
    return bool(int_out(lib.wr_force_move, ctypes.byref(self), daily_points, ctypes.byref(move)))


def _force_end_day(self: ForceState, daily_points: int, halt: bool = False, figures: int = 0,
                   half_die: int = 2) -> int:
    """Ends the day; returns the stragglers lost (after a day of unformed movement)."""
    return int_out(lib.wr_force_end_day, ctypes.byref(self), daily_points, flag(halt), figures,
                   half_die)


def _force_rally(self: ForceState, daily_points: int) -> None:
    """Spends the day at a rally point (the first reforms the force)."""
    lib.wr_force_rally(ctypes.byref(self), daily_points)


def _force_contact(self: ForceState, daily_points: int) -> bool:
    """Enemy contact: the day's points are lost; True when non-rallied."""
    return bool(int_out(lib.wr_force_contact, ctypes.byref(self), daily_points))


ForceState.start = staticmethod(force_start)  # type: ignore[assignment]
ForceState.check = _force_check  # type: ignore[assignment]
ForceState.move = _force_move  # type: ignore[assignment]
ForceState.end_day = _force_end_day  # type: ignore[assignment]
ForceState.rally = _force_rally  # type: ignore[assignment]
ForceState.contact = _force_contact  # type: ignore[assignment]

Plan = namedtuple("Plan", ["route", "moves", "arrival"])
Plan.__doc__ = ("A plan from a force's state: route (a PlannedRoute), moves (the PlanEdge of "
                "each step, for ForceState.move) and arrival (the ForceState on arrival).")


def _query(map, state, objective, blocked_hexes, blocked_sides, blocked, keep):
    """A PlanQuery; keep holds what must live as long as the call."""
    q = PlanQuery()
    q.objective = objective
    if state is not None:
        q.start = ctypes.pointer(state)
    width, height = map.size
    n = width * height
    if blocked_hexes is not None:
        bits = (ctypes.c_uint8 * ((n + 7) // 8))()
        for h in blocked_hexes:
            i = map.index(h)
            bits[i // 8] |= 1 << (i % 8)
        q.blocked_hexes = bits
        q.blocked_hexes_size = len(bits)
        keep.append(bits)
    if blocked_sides is not None:
        bits = (ctypes.c_uint8 * ((3 * n + 7) // 8))()
        for h, direction in blocked_sides:
            i = map.hexside_index(h, direction)
            bits[i // 8] |= 1 << (i % 8)
        q.blocked_sides = bits
        q.blocked_sides_size = len(bits)
        keep.append(bits)
    if blocked is not None:
        errors = []

        def trampoline(user, a, b):
            try:
                return 1 if blocked(a, b) else 0
            except BaseException as exc:  # never let an exception cross C
                callback_failed(exc)
                errors.append(exc)
                return 1

        fn = PLAN_BLOCKED_FN(trampoline)
        q.blocked = fn
        keep.append(fn)
        keep.append(errors)
    return q


