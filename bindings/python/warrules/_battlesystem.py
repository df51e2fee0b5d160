"""AD&D Battlesystem ratings, units, formations and terrain (warrules/battlesystem.h)."""
from __future__ import annotations

import array
import ctypes
import operator
from collections import namedtuple
from typing import Any, Iterable, List, Optional, Sequence, Tuple, Union
from fractions import Fraction

from ._enums import promote
from ._core import Allocator, Handle, Rng, keep_allocator, make_handle
from ._errors import RangeError, WarrulesError
from ._native import (FIGURE, FORMATION, UNIT, FireArea, FireOrigin, FormationInfo,
                      MissileModifiers, MissileTable, MovementPhase, MovementPhaseCosts,
                      TacticalLeg, TacticalResult, BattleUnitDesc, lib)
from ._util import flag, int_array, int_columns, int_out, ints_out, new_ints

__all__ = [
    # enums and flags
    "STAT_AR", "STAT_HD", "STAT_AC", "STAT_MV", "STAT_SA", "STAT_SD",
    "FIGURE_MAX_DICE", "FIGURE_MAX_BONUS", "PART_RIDER", "PART_STEED",
    "UNIT_TYPE_FOOT", "UNIT_TYPE_CAVALRY", "UNIT_TYPE_CHARIOT",
    "EQUIP_LARGE_SHIELDS", "EQUIP_SPEARS", "EQUIP_CHARGE_WEAPONS",
    "TRAIT_WOODLAND", "TRAIT_MOUNTAIN", "TRAIT_SWAMP", "TRAIT_AQUATIC",
    "ORDER_OPEN", "ORDER_CLOSED", "SPECIAL_NONE", "SPECIAL_SHIELD_WALL", "SPECIAL_SET_SPEARS",
    "FACE_FRONT", "FACE_LEFT", "FACE_RIGHT", "FACE_REAR", "FACE_ALL",
    "FROM_FRONT", "FROM_LEFT", "FROM_RIGHT", "FROM_REAR", "FROM_ABOVE",
    "ATTACK_MELEE", "ATTACK_MISSILE", "ATTACK_ARTILLERY", "ATTACK_OTHER",
    "DECLARE_OK", "DECLARE_NOT_IN_COMMAND", "DECLARE_NOT_CLOSED", "DECLARE_NO_EQUIPMENT",
    "DECLARE_MOVED", "DECLARE_ALREADY", "DECLARE_NO_TURN", "TURN_COST_DEFAULT",
    "TERRAIN_CLEAR", "TERRAIN_ROAD", "TERRAIN_WOODS", "TERRAIN_ROUGH", "TERRAIN_SWAMP",
    "TERRAIN_WATER", "TERRAIN_COUNT", "LEN_PER_INCH", "MOVE_PER_INCH",
    "TACTICAL_FLAG_CHARGE", "TACTICAL_FLAG_ON_ROAD",
    "TACTICAL_OK", "TACTICAL_IMMOBILE", "TACTICAL_CHARGE_UPHILL", "TACTICAL_CHARGE_OBSTACLE",
    "TACTICAL_CHARGE_WOODS", "TACTICAL_WATER", "TACTICAL_CLOSED_ORDER", "TACTICAL_TOO_FAR",
    "WOODS_OUT", "WOODS_EDGE", "WOODS_IN", "FIRE_WIND_CALM", "FIRE_WIND_LIGHT",
    "FIRE_WIND_STRONG", "FIRE_CIRCLE", "FIRE_RECTANGLE", "FIRE_PER_INCH",
    "LOW_NONE", "LOW_DITCH", "LOW_FORD", "LOW_SWAMP",
    # structs
    "BattleUnitDesc", "FormationInfo", "TacticalLeg", "TacticalResult", "FireArea", "MissileTable",
    "MovementPhase", "MovementPhaseCosts", "movement_phase_costs_default", "FireOrigin",
    "forest_fire_has_reached", "MissileModifiers", "missile_modifiers_unset", "missile_modifiers_set",
    "missile_modifiers_get",
    # handles and functions
    "Figure", "BattleUnit", "Formation", "rate_cavalry", "rate_chariot", "mounted_removed",
    "battle_unit_desc_default", "terrain_speed", "woods_may_shoot", "woods_firing_figures",
    "woods_sight_range", "woods_melee_modifier", "forest_fire_area", "low_ground_ar_modifier",
    "missile_table_default", "missile_terrain_modifier",
    # batch forms
    "terrain_speed_batch", "tactical_check_batch", "TacticalBatch",
]

from ._header_battlesystem import *  # noqa: E402,F401,F403  (the constants of battlesystem.h, generated)
_ENUMS = promote(globals())  # the constants as IntEnum/IntFlag members
__all__ += _ENUMS

_STATS = {"ar": STAT_AR, "hd": STAT_HD, "ac": STAT_AC, "mv": STAT_MV, "sa": STAT_SA, "sd": STAT_SD}


def _to_c_int(value):
    """SA and SD are 32-bit patterns: pass 0..2**32-1 (or a C int) as the C int of the same bits."""
    if not isinstance(value, int):
        try:
            value = operator.index(value)  # a NumPy integer: its whole value, never its low bits
        except TypeError:
            return value  # not an integer: wr_figure_set's argument check raises TypeError
    if not -2**31 <= value < 2**32:
        raise RangeError(2, "WR_ERR_RANGE", "wr_figure_set", message=(
            f"wr_figure_set: a 32-bit pattern (sa, sd) = {value} is outside -2**31..2**32-1"))
    value &= 0xFFFFFFFF
    return value - (1 << 32) if value >= (1 << 31) else value


class Figure(Handle):
    """A rated figure (wr_figure): AR, HD, AC, MV, SA, SD and damage dice.

    Figure(ar=0, hd=0, ac=0, mv=0, sa=0, sd=0, damage=()) where damage is a
    sequence of (dice, sides, bonus) triples, each one add_damage() call.
    The statistics are attributes of those names (sa and sd as unsigned
    32-bit values)."""

    _free = staticmethod(lambda p: lib.wr_figure_free(p))
    _clone = "clone"  # copy.copy() and copy.deepcopy() make an independent figure

    def __init__(self, ar: int = 0, hd: int = 0, ac: int = 0, mv: int = 0, sa: int = 0, sd: int = 0,
                 damage: Iterable[Sequence[int]] = (), *, allocator: Optional[Allocator] = None) -> None:
        ptr = make_handle(lib.wr_figure_new, lib.wr_figure_new_ex, FIGURE, allocator)
        super().__init__(ptr)
        keep_allocator(self, allocator)
        try:
            for name, value in (("ar", ar), ("hd", hd), ("ac", ac), ("mv", mv), ("sa", sa), ("sd", sd)):
                setattr(self, name, value)
            for dice, sides, bonus in damage:
                self.add_damage(dice, sides, bonus)
        except BaseException:
            self.close()
            raise

    @classmethod
    def _borrow(cls, ptr, owner):
        """A read-only view of a figure that `owner` holds (it is never freed here)."""
        fig = cls.__new__(cls)
        Handle.__init__(fig, ptr)
        fig._borrowed = True
        fig._pin(owner)
        return fig

    def close(self) -> None:
        if self.__dict__.get("_borrowed"):
            ptr, self._ptr = self.__dict__.get("_ptr"), None
            if ptr:
                self._unpin_all()
            return
        super().close()

    def _get(self, stat):
        out = int_out(lib.wr_figure_get, self._handle(), stat)
        return out & 0xFFFFFFFF if stat in (STAT_SA, STAT_SD) else out

    def _set(self, stat, value):
        if self.__dict__.get("_borrowed"):
            raise AttributeError("the figure of a unit is read-only; set the unit's figure when making it")
        if stat in (STAT_SA, STAT_SD):
            value = _to_c_int(value)
        lib.wr_figure_set(self._handle(), stat, value)

    def add_damage(self, dice: int, sides: int, bonus: int = 0) -> None:
        """Adds `dice`d`sides` + bonus to the figure's damage (groups of the same sides merge)."""
        if self.__dict__.get("_borrowed"):
            raise AttributeError("the figure of a unit is read-only")
        lib.wr_figure_add_damage(self._handle(), dice, sides, bonus)

    def clone(self) -> Figure:
        """An independent copy, damage dice included."""
        ptr = FIGURE()
        lib.wr_figure_clone(self._handle(), ctypes.byref(ptr))
        return keep_allocator(Figure._adopt(ptr), self.__dict__.get("_allocator"))

    @property
    def damage_range(self) -> Tuple[int, int]:
        """(min, max) damage."""
        return ints_out(lib.wr_figure_damage_range, 2, self._handle())

    @property
    def damage_groups(self) -> List[Tuple[int, int]]:
        """The damage dice as [(dice, sides), ...] in order of increasing sides."""
        n = ctypes.c_size_t()
        lib.wr_figure_damage_groups(self._handle(), ctypes.byref(n))
        return [ints_out(lib.wr_figure_damage_group, 2, self._handle(), i) for i in range(n.value)]

    @property
    def damage_totals(self) -> Tuple[int, int]:
        """(total dice, total bonus)."""
        return ints_out(lib.wr_figure_damage_totals, 2, self._handle())

    def damage_rolls(self, rolls: Iterable[int]) -> int:
        """[11.5] The one damage roll from the caller's dice: one roll per die,
        group by group in order of increasing sides."""
        rolls = list(rolls)
        buf = int_array(rolls, "rolls")
        return int_out(lib.wr_figure_damage_rolls, self._handle(), buf, len(rolls))

    def damage_rng(self, rng: Rng) -> int:
        """[11.5] The one damage roll, rolled on a Rng."""
        return int_out(lib.wr_figure_damage_rng, self._handle(), rng._handle())

    @property
    def move_points(self):
        """[11.3] The movement rate in move points (48ths of an inch), exact
        where mv in whole inches is rounded down (a chariot at 2/3 of MV 10: 320)."""
        return int_out(lib.wr_figure_move_points, self._handle())

    @property
    def damage_parts(self):
        """[11.4] For each damage group, (rider's dice, steed's dice); in the
        rolls of a group the rider's dice come first."""
        n = ctypes.c_size_t()
        lib.wr_figure_damage_groups(self._handle(), ctypes.byref(n))
        return [ints_out(lib.wr_figure_damage_group_parts, 2, self._handle(), i)
                for i in range(n.value)]

    def charge_damage_rolls(self, rolls, multiplier=2):
        """[11.4] The damage roll of a charge: the rider's weapon dice times
        multiplier (BattleUnit.charge_damage_multiplier), the steed's dice once."""
        rolls = list(rolls)
        buf = int_array(rolls, "rolls")
        return int_out(lib.wr_figure_charge_damage_rolls, self._handle(), multiplier, buf,
                       len(rolls))

    def charge_damage_rng(self, rng, multiplier=2):
        """[11.4] charge_damage_rolls with the dice rolled on a Rng."""
        return int_out(lib.wr_figure_charge_damage_rng, self._handle(), multiplier,
                       rng._handle())

    def __repr__(self):
        if self.closed:
            return "Figure(<closed>)"
        return "Figure(ar={}, hd={}, ac={}, mv={}, sa={:#x}, sd={:#x}, damage={})".format(
            self.ar, self.hd, self.ac, self.mv, self.sa, self.sd, self.damage_groups)


def _stat_property(stat):
    return property(lambda self: self._get(stat), lambda self, v: self._set(stat, v))


for _name, _stat in _STATS.items():
    setattr(Figure, _name, _stat_property(_stat))


def rate_cavalry(rider: Figure, mount: Figure, *, allocator: Optional[Allocator] = None) -> Figure:
    """[11.2] The cavalry figure of a rider on a mount."""
    out = make_handle(lib.wr_rate_cavalry, lib.wr_rate_cavalry_ex, FIGURE, allocator,
                      rider._handle(), mount._handle())
    return keep_allocator(Figure._adopt(out), allocator)


def rate_chariot(passengers: Iterable[Figure], pullers: Iterable[Figure], *,
                 allocator: Optional[Allocator] = None) -> Figure:
    """[11.3] The chariot figure of its passengers and the creatures pulling it."""
    passengers, pullers = list(passengers), list(pullers)
    pa = (FIGURE * max(1, len(passengers)))(*[p._handle() for p in passengers])
    pu = (FIGURE * max(1, len(pullers)))(*[p._handle() for p in pullers])
    out = make_handle(lib.wr_rate_chariot, lib.wr_rate_chariot_ex, FIGURE, allocator,
                      pa, len(passengers), pu, len(pullers))
    return keep_allocator(Figure._adopt(out), allocator)


def mounted_removed(killed_parts: int) -> bool:
    """[11.1] Whether a cavalry or chariot figure is removed when these parts
    (PART_RIDER, PART_STEED) are killed."""
    return bool(int_out(lib.wr_mounted_removed, killed_parts))


def battle_unit_desc_default() -> BattleUnitDesc:
    """The default BattleUnitDesc: one figure on foot, nothing carried, no traits, in command."""
    return lib.wr_battle_unit_desc_default()


def _desc(desc, fields):
    d = battle_unit_desc_default() if desc is None else BattleUnitDesc.from_buffer_copy(desc)
    fields = {k: int(flag(v)) if k in ("single_creature", "in_command") else v
              for k, v in fields.items() if v is not None}
    return d.set_fields(fields, "BattleUnit")


class BattleUnit(Handle):
    """A Battlesystem unit (wr_battle_unit): figures of one rated figure, with what
    they carry and what they are.

    BattleUnit(figure, desc=None, **fields): desc is a BattleUnitDesc (default
    battle_unit_desc_default()); keyword fields (type, figures, equipment, traits,
    single_creature, in_command) override it. The unit keeps its own copy of
    the figure."""

    _free = staticmethod(lambda p: lib.wr_battle_unit_free(p))

    def __init__(self, figure: Figure, desc: Optional[BattleUnitDesc] = None, *,
                 allocator: Optional[Allocator] = None, **fields: Any) -> None:
        d = _desc(desc, fields)
        ptr = make_handle(lib.wr_battle_unit_new, lib.wr_battle_unit_new_ex, UNIT, allocator, figure._handle(),
                          ctypes.byref(d))
        super().__init__(ptr)
        keep_allocator(self, allocator)

    @property
    def desc(self) -> BattleUnitDesc:
        """What the unit is, as a BattleUnitDesc copy."""
        d = BattleUnitDesc()
        lib.wr_battle_unit_get(self._handle(), ctypes.byref(d))
        return d

    @desc.setter
    def desc(self, value: BattleUnitDesc) -> None:
        lib.wr_battle_unit_set(self._handle(), ctypes.byref(value))

    def update(self, **fields: Any) -> None:
        """Changes some fields of the description (checked as by BattleUnit())."""
        self.desc = _desc(self.desc, fields)

    @property
    def figures(self) -> int:
        return self.desc.figures

    @property
    def figure(self) -> Figure:
        """The unit's own rated figure (read-only, valid while the unit is open)."""
        ptr = FIGURE()
        lib.wr_battle_unit_figure(self._handle(), ctypes.byref(ptr))
        return Figure._borrow(ptr, self)

    def kill_parts(self, killed_parts: int, figures_hit: int) -> int:
        """[11.1] Kills riders and/or steeds in figures_hit figures; returns the figures removed."""
        return int_out(lib.wr_battle_unit_kill_parts, self._handle(), killed_parts, figures_hit)

    def charge_damage_multiplier(self) -> int:
        """[11.4] 2 with EQUIP_CHARGE_WEAPONS, else 1."""
        return int_out(lib.wr_charge_damage_multiplier, self._handle())

    def charge_ar_modifier(self, defender: Formation, charge_from: int = FROM_FRONT) -> int:
        """[11.4] AR modifier of this unit charging a defender's formation."""
        return int_out(lib.wr_charge_ar_modifier, self._handle(), defender._handle(), charge_from)

    def charge_check(self, legs: Any) -> int:
        """[11.8] TACTICAL_OK or the reason a charge along these legs is not allowed."""
        arr, n = _legs(legs)
        return int_out(lib.wr_charge_check, self._handle(), arr, n)

    def __repr__(self):
        return "BattleUnit(<closed>)" if self.closed else f"BattleUnit({self.desc!r})"


def _legs(legs):
    """Legs as a C array: TacticalLeg values or (terrain, length, obstacles, rises) tuples."""
    legs = [leg if isinstance(leg, TacticalLeg) else TacticalLeg(*leg) for leg in legs]
    return (TacticalLeg * max(1, len(legs)))(*legs), len(legs)


class Formation(Handle):
    """How a unit stands (wr_formation): order, frontage, facing, special
    formation and what it spent this Movement Phase."""

    _free = staticmethod(lambda p: lib.wr_formation_free(p))

    def __init__(self, order: int = ORDER_OPEN, frontage: int = 1, facing: int = 0, *,
                 allocator: Optional[Allocator] = None) -> None:
        ptr = make_handle(lib.wr_formation_new, lib.wr_formation_new_ex, FORMATION, allocator,
                          order, frontage, facing)
        super().__init__(ptr)
        keep_allocator(self, allocator)

    @property
    def info(self) -> FormationInfo:
        """A FormationInfo copy: order, frontage, facing, special, sides, spent, turned."""
        info = FormationInfo()
        lib.wr_formation_get(self._handle(), ctypes.byref(info))
        return info

    @property
    def order(self) -> int:
        return self.info.order

    @order.setter
    def order(self, value: int) -> None:
        lib.wr_formation_set_order(self._handle(), value)

    @property
    def frontage(self) -> int:
        return self.info.frontage

    @frontage.setter
    def frontage(self, value: int) -> None:
        lib.wr_formation_set_frontage(self._handle(), value)

    def ranks(self, unit: BattleUnit) -> Tuple[int, int]:
        """(ranks, figures in the front rank) of a unit standing in this formation."""
        return ints_out(lib.wr_formation_ranks, 2, self._handle(), unit._handle())

    def begin_phase(self) -> None:
        """Starts a Movement Phase: nothing spent, nothing turned."""
        lib.wr_formation_begin_phase(self._handle())

    def break_special(self) -> None:
        """Ends a shield wall or set spears (the order stays)."""
        lib.wr_formation_break(self._handle())

    def available(self, unit: BattleUnit) -> int:
        """Move points the unit may still spend in this phase."""
        return int_out(lib.wr_formation_available, self._handle(), unit._handle())

    def turn(self, unit: BattleUnit, degrees: int) -> None:
        """Turns the unit (clockwise positive, -180..180)."""
        lib.wr_formation_turn(self._handle(), unit._handle(), degrees)

    def shield_wall_check(self, unit: BattleUnit, all_round: bool = False,
                          turn_cost: int = TURN_COST_DEFAULT) -> int:
        """[11.6] DECLARE_OK or the first reason a shield wall may not be declared."""
        return int_out(lib.wr_shield_wall_check, unit._handle(), self._handle(), flag(all_round),
                       turn_cost)

    def shield_wall_declare(self, unit: BattleUnit, all_round: bool = False,
                            turn_cost: int = TURN_COST_DEFAULT) -> None:
        """[11.6] Declares a shield wall (WR_ERR_FORBIDDEN when the check gives a problem)."""
        lib.wr_shield_wall_declare(unit._handle(), self._handle(), flag(all_round), turn_cost)

    def shield_wall_ac_modifier(self, kind: int, attack_from: int) -> int:
        """[11.6] The AC modifier this formation's shield wall gives against an attack."""
        return int_out(lib.wr_shield_wall_ac_modifier, self._handle(), kind, attack_from)

    def spears_check(self, unit: BattleUnit, sides: int = FACE_FRONT,
                     turn_cost: int = TURN_COST_DEFAULT) -> int:
        """[11.7] DECLARE_OK or the first reason set spears may not be declared."""
        return int_out(lib.wr_spears_check, unit._handle(), self._handle(), sides, turn_cost)

    def spears_declare(self, unit: BattleUnit, sides: int = FACE_FRONT,
                       turn_cost: int = TURN_COST_DEFAULT) -> None:
        """[11.7] Declares set spears or pikes protecting `sides`."""
        lib.wr_spears_declare(unit._handle(), self._handle(), sides, turn_cost)

    def spears_multiplier(self, charge_from: int = FROM_FRONT) -> int:
        """[11.7] 2 when set spears protect that side against a charge, else 1."""
        return int_out(lib.wr_spears_multiplier, self._handle(), charge_from)

    def charger_strikers(self, charger: BattleUnit, in_contact: int, losses: int) -> int:
        """[11.7] Figures of a charger (standing in this formation) that strike back after losses."""
        return int_out(lib.wr_charger_strikers, charger._handle(), self._handle(), in_contact, losses)

    def tactical_check(self, unit: BattleUnit, legs: Any, flags: int = 0) -> TacticalResult:
        """[11.8] The cost and legality of a move (a TacticalResult); nothing changes."""
        arr, n = _legs(legs)
        r = TacticalResult()
        lib.wr_tactical_check(unit._handle(), self._handle(), arr, n, flags, ctypes.byref(r))
        return r

    # the Movement Phase: every action charged to info.spent

    def movement_phase_begin(self, unit):
        """Begins the unit's Movement Phase, recording its order and command."""
        lib.wr_movement_phase_begin(unit._handle(), self._handle())

    @property
    def movement_phase(self):
        """The MovementPhase record: begun, start_order, start_in_command."""
        ph = MovementPhase()
        lib.wr_movement_phase_get(self._handle(), ctypes.byref(ph))
        return ph

    def movement_phase_spend(self, unit, points):
        """Charges move points the engine prices itself (WR_ERR_FORBIDDEN beyond what is left)."""
        lib.wr_movement_phase_spend(unit._handle(), self._handle(), points)

    def movement_phase_set_order(self, unit, order, standing=TERRAIN_CLEAR, costs=None):
        """Changes order in the phase; returns the move points charged."""
        costs = costs if costs is not None else movement_phase_costs_default()
        return int_out(lib.wr_movement_phase_set_order, unit._handle(), self._handle(),
                       ctypes.byref(costs), order, standing)

    def movement_phase_turn(self, unit, degrees, costs=None):
        """Changes facing in the phase; returns the move points charged."""
        costs = costs if costs is not None else movement_phase_costs_default()
        return int_out(lib.wr_movement_phase_turn, unit._handle(), self._handle(), ctypes.byref(costs),
                       degrees)

    def movement_phase_wheel(self, unit, degrees, arc, terrain=TERRAIN_CLEAR):
        """Wheels, the outer flank travelling `arc` twelfths of an inch; returns the cost."""
        return int_out(lib.wr_movement_phase_wheel, unit._handle(), self._handle(), degrees, arc, terrain)

    def movement_phase_declare_shield_wall(self, unit, all_round=False, costs=None):
        """[11.6] Declares a shield wall in a begun phase."""
        costs = costs if costs is not None else movement_phase_costs_default()
        lib.wr_movement_phase_declare_shield_wall(unit._handle(), self._handle(),
                                                  ctypes.byref(costs), flag(all_round))

    def movement_phase_declare_spears(self, unit, sides=FACE_FRONT, costs=None):
        """[11.7] Declares set spears or pikes in a begun phase."""
        costs = costs if costs is not None else movement_phase_costs_default()
        lib.wr_movement_phase_declare_spears(unit._handle(), self._handle(), ctypes.byref(costs), sides)

    def tactical_apply(self, unit: BattleUnit, legs: Any, flags: int = 0) -> TacticalResult:
        """[11.8] Makes a legal move (WR_ERR_FORBIDDEN otherwise) and returns its TacticalResult."""
        arr, n = _legs(legs)
        r = TacticalResult()
        lib.wr_tactical_apply(unit._handle(), self._handle(), arr, n, flags, ctypes.byref(r))
        return r

    def __repr__(self):
        return "Formation(<closed>)" if self.closed else f"Formation({self.info!r})"


def movement_phase_costs_default():
    """The default MovementPhaseCosts: half the normal rate for a change of order and
    for each change of facing of up to 90 degrees, TURN_COST_DEFAULT for figures turning."""
    return lib.wr_movement_phase_costs_default()


def terrain_speed(terrain: int, traits: int = 0) -> Fraction:
    """Table 14: the fraction of normal movement in a terrain, as a Fraction."""
    num, den = ints_out(lib.wr_terrain_speed, 2, terrain, traits)
    return Fraction(num, den)


def woods_may_shoot(shooter: int, target: int) -> bool:
    """Whether a figure at `shooter` (WOODS_*) may shoot one at `target`."""
    return bool(int_out(lib.wr_woods_may_shoot, shooter, target))


def woods_firing_figures(out_figures: int, edge_figures: int, in_figures: int, target: int) -> int:
    """Figures of a unit, out of, at the edge of and in the woods, that may fire at a target."""
    return int_out(lib.wr_woods_firing_figures, out_figures, edge_figures, in_figures, target)


def woods_sight_range(traits: int = 0) -> int:
    """Sight and spell range in woods, in twelfths of an inch."""
    return int_out(lib.wr_woods_sight_range, traits)


def woods_melee_modifier(attacker: int, defender: Formation) -> int:
    """The AR modifier woods give melee (always 0)."""
    return int_out(lib.wr_woods_melee_modifier, attacker, defender)


def forest_fire_area(wind: int, turns: int) -> FireArea:
    """The FireArea a forest fire burns after some turns."""
    area = FireArea()
    lib.wr_forest_fire_area(wind, turns, ctypes.byref(area))
    return area


def low_ground_ar_modifier(attacker_in: int, target_at_edge: bool = False) -> int:
    """[11.9] AR modifier of a unit in low ground (LOW_*) attacking a unit at its edge."""
    return int_out(lib.wr_low_ground_ar_modifier, attacker_in, flag(target_at_edge))


def missile_table_default() -> MissileTable:
    """The placeholder MissileTable: 0 for every terrain."""
    return lib.wr_missile_table_default()


def missile_terrain_modifier(table: Union[MissileTable, Sequence[int]], target: int) -> int:
    """[11.9] The AR modifier for missile fire at a target in a terrain; table
    is a MissileTable or a sequence of TERRAIN_COUNT ints."""
    if not isinstance(table, MissileTable):
        table = MissileTable(int_array(table, "table", length=TERRAIN_COUNT))
    return int_out(lib.wr_missile_terrain_modifier, ctypes.byref(table), target)


def forest_fire_has_reached(wind, turns, origin, x, y):
    """Whether a fire started at origin (a FireOrigin or (x, y, wind_x, wind_y),
    twelfths of an inch) reaches the point (x, y) after some turns."""
    if not isinstance(origin, FireOrigin):
        origin = FireOrigin(*origin)
    return bool(int_out(lib.wr_forest_fire_has_reached, wind, turns, ctypes.byref(origin), x, y))


def missile_modifiers_unset():
    """[11.9] A MissileModifiers table with no entry set."""
    return lib.wr_missile_modifiers_unset()


def missile_modifiers_set(table, terrain, modifier):
    """Sets one entry of a MissileModifiers table (in place)."""
    lib.wr_missile_modifiers_set(ctypes.byref(table), terrain, modifier)


def missile_modifiers_get(table, target):
    """[11.9] The entry for a target's terrain; WR_ERR_STATE when it is not set."""
    return int_out(lib.wr_missile_modifiers_get, ctypes.byref(table), target)


# ---- batch forms ----------------------------------------------------------

def _batch_call(fn, name, *args):
    bad = ctypes.c_size_t(2**64 - 1)
    try:
        fn(*args, ctypes.byref(bad))
    except WarrulesError as exc:
        index = bad.value if bad.value != 2**64 - 1 else None
        raise exc.at_index(name, index) from None


def terrain_speed_batch(terrain: Any, traits: Any = 0) -> Tuple[array.array, array.array]:
    """Table 14 for many items in one C call: (num, den), two array.array('i')
    with num[i] / den[i] == terrain_speed(terrain[i], traits[i]).

    terrain and traits are array.array('i'), buffers of 4-byte ints, lists,
    or a single int for every item. The first bad item raises WarrulesError
    with .index set (and nothing is returned)."""
    n, cols = int_columns({"terrain": terrain, "traits": traits}, "terrain_speed_batch",
                          unsigned=("traits",))
    num, pnum = new_ints(n)
    den, pden = new_ints(n)
    if n:
        _batch_call(lib.wr_terrain_speed_batch, "wr_terrain_speed_batch", n,
                    cols["terrain"][1], cols["traits"][1], pnum, pden)
    return num, den


TacticalBatch = namedtuple("TacticalBatch", [f for f, _ in TacticalResult._fields_])  # type: ignore[misc]
TacticalBatch.__doc__ = "Results of tactical_check_batch: one array.array('i') per field of TacticalResult."


def tactical_check_batch(unit: BattleUnit, formation: Formation, legs: Any, leg_counts: Any = None, flags: int = 0) -> TacticalBatch:
    """[11.8] Many alternative moves of one unit from one formation in one C
    call (nothing is spent).

    legs: the moves' legs one after another, as an array.array('i') or
    buffer of 4 ints per leg (terrain, length, obstacles, rises), or a
    sequence of TacticalLeg or 4-tuples (converted once). leg_counts: the
    legs of each move (default: one leg per move). Returns a TacticalBatch of
    array.array('i') columns (legal, problem, cost, available, left, order,
    road, breaks_formation). A bad move raises WarrulesError with .index."""
    raw, n_legs = _leg_buffer(legs)
    counts = array.array("i", [1]) * n_legs if leg_counts is None else leg_counts
    if isinstance(counts, int):
        raise TypeError("tactical_check_batch: leg_counts is a sequence of counts, one per move")
    n_moves, cols = int_columns({"leg_counts": counts}, "tactical_check_batch")
    out = array.array("i", bytes(n_moves * ctypes.sizeof(TacticalResult)))
    pres = (TacticalResult * n_moves).from_buffer(out) if n_moves else None
    pleg = (TacticalLeg * n_legs).from_buffer(raw) if n_legs else None
    _batch_call(lib.wr_tactical_check_batch, "wr_tactical_check_batch", unit._handle(),
                formation._handle(), pleg, n_legs, cols["leg_counts"][1] if n_moves else None,
                n_moves, flags, pres)
    k = len(TacticalResult._fields_)
    return TacticalBatch(*[out[i::k] for i in range(k)])


def _leg_buffer(legs):
    """Legs as a writable buffer of 4 C ints per leg, and their number."""
    if isinstance(legs, ctypes.Array) and legs._type_ is TacticalLeg:
        return legs, len(legs)
    try:
        view = memoryview(legs)
    except TypeError:
        view = None
    if view is None:
        flat = array.array("i")
        for leg in legs:
            flat.extend(leg if not isinstance(leg, TacticalLeg) else
                        (leg.terrain, leg.length, leg.obstacles, leg.rises))
        if len(flat) % 4:
            raise WarrulesError(3, "WR_ERR_INVALID", "tactical_check_batch: each leg needs 4 ints")
        return flat, len(flat) // 4
    n, cols = int_columns({"legs": legs}, "tactical_check_batch")
    if n % 4:
        raise WarrulesError(3, "WR_ERR_INVALID", "tactical_check_batch: the legs buffer needs 4 ints per leg")
    return cols["legs"][0], n // 4
