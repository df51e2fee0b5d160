"""Where forces meet (warrules/campaign.h, 1.2): the earliest contact of a
force with a moving enemy (interception, pursuit, meeting it formed) and the
danger field of several enemy forces: Planner.intercept and Planner.danger.

An enemy is a PlannedForce (planned from its start to its target, from its
own state) or its positions by day: a sequence of (hex, day) pairs in the
order it enters them."""
from __future__ import annotations

import array
import ctypes
from collections import namedtuple
from typing import Any, Iterable, List, Optional, Sequence, Tuple, Union

from ._campaign import (OBJECTIVE_EARLIEST_FORMED, HexLike, Map, Plan, Planner, _Blocked, _hex,
                        _planned, _query)
from ._enums import promote
from ._native import (Danger, ForceDesc, ForcePosition, ForceState, InterceptParams,
                      InterceptResult, PlanEdge, PlanParams, lib)

from ._campaign import (DAY_ENEMY_FIRST, INTERCEPT_EARLIEST, INTERCEPT_FOUND,  # campaign.h's constants
                        MEETING_SAME_HEX)  # are _campaign's
_ENUMS = promote(globals())  # the constants as IntEnum/IntFlag members

PlannedForce = namedtuple("PlannedForce", [
    "params", "start", "target", "state", "objective", "blocked_hexes", "blocked_sides", "blocked"],
    defaults=(None, None, OBJECTIVE_EARLIEST_FORMED, None, None, None))
PlannedForce.__doc__ = (
    "A force to plan (wr_force_desc without positions): PlanParams, its start hex, its target "
    "(an enemy of Planner.intercept; Planner.danger does not read it), and its query: state (a "
    "ForceState or None), objective, blocked_hexes, blocked_sides and blocked as for Planner.plan.")

Interception = namedtuple("Interception", [
    "found", "day", "during_own_move", "hex", "enemy_hex", "enemy_index", "non_rallied", "contact",
    "plan", "enemy_plan"])
Interception.__doc__ = (
    "The answer of Planner.intercept. found: False when no contact meets the objective (then "
    "only enemy_plan is set, the rest None). day: the day of contact; during_own_move: True "
    "when it comes in the force's own move; hex and enemy_hex: (q, r) of both forces; "
    "enemy_index: the enemy's position (or plan step) at contact; non_rallied: True when the "
    "force begins the engagement non-rallied; contact: its ForceState after contact; plan: its "
    "Plan to the contact hex; enemy_plan: a planned enemy's Plan (None when it cannot reach its "
    "target, or for positions).")

__all__ = [name for name in list(globals()) if name.isupper() and not name.startswith("_")
           and name not in ("OBJECTIVE_EARLIEST_FORMED", "DAY_ENEMY_FIRST", "INTERCEPT_EARLIEST",
                            "INTERCEPT_FOUND", "MEETING_SAME_HEX")]  # _campaign's
__all__ += _ENUMS
__all__ += ["ForcePosition", "ForceDesc", "InterceptParams", "InterceptResult", "Danger",
            "PlannedForce", "Interception"]


def _plan_of(res) -> Optional[Plan]:
    if res.outcome != 0 or res.route.step_count == 0:
        return None
    n = res.route.step_count
    moves = [PlanEdge.from_buffer_copy(res.moves[i]) for i in range(n)]
    return Plan(_planned(res.route), moves, ForceState.from_buffer_copy(res.arrival))


def _desc(map: Map, force: PlannedForce, keep: List[Any], errors: List[List[BaseException]]) -> ForceDesc:
    """The ForceDesc of a PlannedForce; keep holds what the call needs alive."""
    if not isinstance(force, PlannedForce):
        raise TypeError(f"a PlannedForce, not {type(force).__name__}")
    sub: List[Any] = []
    q = _query(map, force.state, force.objective, force.blocked_hexes, force.blocked_sides,
               force.blocked, sub)
    keep.append(sub)
    keep.append(q)
    if force.blocked is not None:
        errors.append(sub[-1])
    d = ForceDesc()
    d.params = ctypes.pointer(force.params)
    d.query = ctypes.pointer(q)
    d.from_ = _hex(force.start)
    if force.target is not None:
        d.to = _hex(force.target)
    keep.append(d)
    return d


def _raise_callback_errors(errors: List[List[BaseException]]) -> None:
    for errs in errors:
        if errs:
            raise errs[0]


def intercept(self: Planner, map: Map, params: PlanParams, start: HexLike,
               enemy: Union[PlannedForce, Sequence[Union[ForcePosition, Tuple[HexLike, int]]]], *,
               state: Optional[ForceState] = None, objective: int = INTERCEPT_EARLIEST,
               meeting: int = MEETING_SAME_HEX, order: int = DAY_ENEMY_FIRST,
               guard: Optional[HexLike] = None,
               blocked_hexes: Optional[Iterable[HexLike]] = None,
               blocked_sides: Optional[Iterable[Tuple[HexLike, int]]] = None,
               blocked: _Blocked = None) -> Interception:
    """The earliest contact of a force (params, start hex, state, blocked hexes and sides as
    for Planner.plan) with an enemy: a PlannedForce, or its (hex, day) positions in order.
    objective: INTERCEPT_EARLIEST, INTERCEPT_FORMED, INTERCEPT_BEFORE (no later than the enemy
    enters `guard`) or INTERCEPT_FORMED_BEFORE; meeting: MEETING_SAME_HEX, MEETING_ADJACENT or
    MEETING_ADJACENT_NO_RIVER; order: DAY_ENEMY_FIRST or DAY_OWN_FIRST. Returns an
    Interception (found False when no contact meets the objective). Pursuit: an enemy
    PlannedForce marching away."""
    keep: List[Any] = []
    errors: List[List[BaseException]] = []
    q = _query(map, state, 0, blocked_hexes, blocked_sides, blocked, keep)
    if blocked is not None:
        errors.append(keep[-1])
    if isinstance(enemy, PlannedForce):
        e = _desc(map, enemy, keep, errors)
    else:
        pos = list(enemy)
        arr = (ForcePosition * max(len(pos), 1))()
        for i, p in enumerate(pos):
            arr[i] = p if isinstance(p, ForcePosition) else ForcePosition(_hex(p[0]), p[1])
        keep.append(arr)
        e = ForceDesc()
        e.positions = arr
        e.position_count = len(pos)
    how = InterceptParams()
    how.objective, how.meeting, how.order = objective, meeting, order
    if guard is not None:
        how.guard = _hex(guard)
    res = InterceptResult()
    lib.wr_planner_intercept(self._handle(), map._handle(), ctypes.byref(params), ctypes.byref(q),
                             _hex(start), ctypes.byref(e), ctypes.byref(how), ctypes.byref(res))
    _raise_callback_errors(errors)
    enemy_plan = _plan_of(res.enemy_plan) if isinstance(enemy, PlannedForce) else None
    if res.outcome != INTERCEPT_FOUND:
        return Interception(False, None, None, None, None, None, None, None, None, enemy_plan)
    return Interception(True, res.day, bool(res.during_own_move), tuple(res.hex),
                        tuple(res.enemy_hex), res.enemy_index, bool(res.non_rallied),
                        ForceState.from_buffer_copy(res.contact), _plan_of(res.plan), enemy_plan)


def danger(self: Planner, map: Map,
            forces: Sequence[PlannedForce]) -> Tuple[array.array, array.array, array.array]:
    """The danger field of several PlannedForce: for every hex by map index the earliest day
    any of them reaches it (-1: none), that force's points saved on that day, and which force
    (its index, the lowest on a tie; -1: none), as three array.array('i')."""
    keep: List[Any] = []
    errors: List[List[BaseException]] = []
    forces = list(forces)
    descs = (ForceDesc * max(len(forces), 1))()
    for i, f in enumerate(forces):
        descs[i] = _desc(map, f, keep, errors)
    width, height = map.size
    n = width * height
    buf = array.array("i", [0]) * (3 * n)
    out = (Danger * n).from_buffer(buf)
    lib.wr_planner_danger(self._handle(), map._handle(), descs, len(forces), out, n)
    _raise_callback_errors(errors)
    return buf[0::3], buf[1::3], buf[2::3]
