"""Finding and loading libwarrules, and the one table of its C functions.

Each row of FUNCTIONS is (name, restype, argtypes); a string row names the
module (header) the rows after it belong to. The rows are the headers' own
signatures (_generated.py, from bindings/gen/gen_bindings.py), each C type
given its ctypes type by the rule of _ctype(). Functions returning
wr_status raise the WarrulesError subclass of the status, carrying the
library's detail (wr_last_error_detail) read on the same thread right after
the call. Every call goes through the guard of _guard.py. A symbol the
loaded library lacks is reported by name when it is first called.
"""
import ctypes
import ctypes.util
import enum
import operator
import os
import subprocess

from . import _enums, _generated, _guard
from ._errors import RangeError, WarrulesError, WarrulesLibraryError, error_class
from ._params import PARAMS
from ._reads import READS
from ._version import VERSION

P = ctypes.POINTER
_RANGES = {}  # ctypes integer type -> (lo, hi)
# The C spelling of a ctypes integer type's name, for messages ("a C int").
_C_NAMES = {"c_int": "int", "c_uint": "unsigned int", "c_ulong": "size_t", "c_size_t": "size_t",
            "c_int32": "int32_t", "c_uint32": "uint32_t", "c_uint64": "uint64_t", "c_long": "long",
            "c_int64": "int64_t", "c_ushort": "unsigned short", "c_short": "short",
            "c_ubyte": "unsigned char", "c_byte": "signed char"}


def _c_name(ctype_name):
    return _C_NAMES.get(ctype_name, ctype_name)


def _range_of(ctype):
    bits = 8 * ctypes.sizeof(ctype)
    signed = ctype(-1).value < 0
    return (-(1 << (bits - 1)), (1 << (bits - 1)) - 1) if signed else (0, (1 << bits) - 1)


def as_index(value):
    """An integer of any Python type as a plain int: a NumPy integer, a 0-d
    integer array or any object with __index__ through operator.index (so
    that its whole value is range-checked; ctypes would cut it to the low
    bits of the C type); anything else (bool and int included) unchanged."""
    if type(value) is int or isinstance(value, (int, float, str, bytes)) or value is None:
        return value
    if hasattr(type(value), "__index__"):
        try:
            return operator.index(value)
        except TypeError:  # an array of more than one item: left to ctypes to refuse
            return value
    return value


def _checked(base, lo, hi):
    """A ctypes integer type for arguments: the call wrapper refuses a Python
    int the C type cannot hold (ctypes would silently cut it to the low
    bits) with RangeError, so 2**32 + 5 never reaches C as 5."""

    def from_param(cls, value):
        value = as_index(value)
        if isinstance(value, int) and not lo <= value <= hi:
            raise RangeError(2, "WR_ERR_RANGE",
                             message=f"{value} does not fit a C {_c_name(base.__name__)} ({lo}..{hi})")
        return base.from_param(value)

    t = type(base.__name__, (base,), {"from_param": classmethod(from_param), "_wr_range_": (lo, hi)})
    return t


c_int = _checked(ctypes.c_int, -2**31, 2**31 - 1)
c_uint = _checked(ctypes.c_uint, 0, 2**32 - 1)
c_size = _checked(ctypes.c_size_t, 0, 2**64 - 1)
c_i32 = _checked(ctypes.c_int32, -2**31, 2**31 - 1)
c_u32 = _checked(ctypes.c_uint32, 0, 2**32 - 1)
c_u64 = _checked(ctypes.c_uint64, 0, 2**64 - 1)
ci = ctypes.c_int  # plain types for struct fields and pointers (Struct checks the fields)
cu = ctypes.c_uint
cz = ctypes.c_size_t


class _Opaque(ctypes.Structure):
    """Base of the opaque handle types: only pointers to them are used."""


def opaque(name):
    return P(type(name, (_Opaque,), {}))


RNG = opaque("wr_rng")
FIGURE = opaque("wr_figure")
UNIT = opaque("wr_battle_unit")
FORMATION = opaque("wr_formation")
PROFILE = opaque("wr_profile")
HIT_CHART = opaque("wr_hit_chart")
MELEE_UNIT = opaque("wr_melee_unit")
ENGAGEMENT = opaque("wr_engagement")
MELEE_ODDS = opaque("wr_melee_odds")
MELEE_PHASE = opaque("wr_melee_phase")
MELEE_PHASE_ODDS = opaque("wr_melee_phase_odds")
CHARGE_ADVISOR = opaque("wr_charge_advisor")
ODDS_WORKSPACE = opaque("wr_odds_workspace")
MAP = opaque("wr_map")
PLANNER = opaque("wr_planner")

c_ptr = ctypes.c_void_p
c_str = ctypes.c_char_p


class _CheckedArray:
    """Mixin of the integer array types of struct fields: an item that the
    C type cannot hold raises RangeError instead of being cut."""

    def __setitem__(self, key, value):
        lo, hi = _range_of(self._type_)
        if isinstance(key, slice):
            value = values = [as_index(v) for v in value]
        else:
            value = as_index(value)
            values = [value]
        for v in values:
            if isinstance(v, int) and not lo <= v <= hi:
                raise RangeError(2, "WR_ERR_RANGE", message=(
                    f"{self._wr_field_}[{key}] = {v} does not fit a C {_c_name(self._type_.__name__)} ({lo}..{hi})"))
        super().__setitem__(key, value)


def _checked_field(ctype, label):
    """The field type to use in a Struct: integer arrays become checked arrays."""
    if issubclass(ctype, ctypes.Array):
        inner = _checked_field(ctype._type_, label)
        base = ctype if inner is ctype._type_ else inner * ctype._length_
        if issubclass(base._type_, (ctypes.c_int, ctypes.c_uint, ctypes.c_int8, ctypes.c_int16,
                                    ctypes.c_int64, ctypes.c_uint8, ctypes.c_uint16,
                                    ctypes.c_uint64, ctypes.c_size_t, ctypes.c_int32,
                                    ctypes.c_uint32)):
            return type(base.__name__, (_CheckedArray, base), {"_wr_field_": label})
        return base
    return ctype


def _leaf(array_type):
    while issubclass(array_type, ctypes.Array):
        array_type = array_type._type_
    return array_type


def _convert(ftype, value, label):
    """A tuple, list or dict for a struct or array field, converted here so
    that a bad item raises its own RangeError or TypeError (ctypes would
    wrap it in a RuntimeError)."""
    if isinstance(ftype, type) and issubclass(ftype, Struct):
        return ftype(**value) if isinstance(value, dict) else ftype(*value)
    if isinstance(ftype, type) and issubclass(ftype, ctypes.Array) and not isinstance(value, dict):
        if len(value) > ftype._length_:
            raise TypeError(f"{label} holds {ftype._length_} items, not {len(value)}")
        arr = ftype()
        for i, item in enumerate(value):
            if isinstance(item, (tuple, list, dict)):
                item = _convert(ftype._type_, item, f"{label}[{i}]")
            arr[i] = item
        return arr
    return value


def _is_int_type(ctype):
    return (isinstance(ctype, type) and issubclass(ctype, ctypes._SimpleCData)
            and ctype._type_ in "bBhHiIlLqQnN" and ctype is not ctypes.c_char)


class Struct(ctypes.Structure):
    """Base of the struct mirrors: each declares its C name in _c_name_ and
    mirrors the header field for field (tests/test_layout.py checks offsets).

    Every integer field is range-checked on assignment (in the constructor
    too): a value its C type cannot hold raises RangeError rather than being
    cut to its low bits; a keyword that names no field raises TypeError, an
    assignment to one AttributeError."""

    _c_name_ = ""

    def __init__(self, *args, **kwargs):
        names = self._field_names_()
        for key in kwargs:
            if key not in names:
                raise TypeError(f"{type(self).__name__}() got an unexpected keyword argument {key!r} "
                                f"(its fields: {', '.join(names)})")
        if len(args) > len(names):
            raise TypeError(f"{type(self).__name__}() takes at most {len(names)} values, {len(args)} given")
        super().__init__(*args, **kwargs)

    @classmethod
    def _field_names_(cls):
        return [name for name, _ in cls._fields_]

    def __setattr__(self, name, value):
        ranges = type(self).__dict__.get("_wr_ranges_")
        if ranges is None:
            ranges = {n: _range_of(t) for n, t in type(self)._fields_ if _is_int_type(t)}
            type(self)._wr_ranges_ = ranges
        bounds = ranges.get(name)
        if bounds is not None:
            if not isinstance(value, int) and hasattr(value, "__index__"):
                value = operator.index(value)  # a NumPy integer
            if isinstance(value, int) and not bounds[0] <= value <= bounds[1]:
                raise RangeError(2, "WR_ERR_RANGE", message=(
                    f"{type(self).__name__}.{name} = {value} does not fit its C type "
                    f"({bounds[0]}..{bounds[1]})"))
            if not isinstance(value, int):
                raise TypeError(f"{type(self).__name__}.{name} must be an int, "
                                f"not {type(value).__name__} {value!r}")
        elif isinstance(value, (tuple, list, dict)) and name in type(self)._field_names_():
            value = _convert(dict(type(self)._fields_)[name], value, f"{type(self).__name__}.{name}")
        elif isinstance(value, ctypes.Array):
            ftype = dict(type(self)._fields_).get(name)
            if (ftype is not None and type(value) is not ftype and issubclass(ftype, ctypes.Array)
                    and ctypes.sizeof(value) == ctypes.sizeof(ftype)
                    and _leaf(type(value)) is _leaf(ftype)):
                value = ftype.from_buffer_copy(value)  # the same C array, as the checked type
        elif name not in type(self)._field_names_() and not hasattr(type(self), name):
            raise AttributeError(f"{type(self).__name__} has no field {name!r} "
                                 f"(its fields: {', '.join(type(self)._field_names_())})")
        super().__setattr__(name, value)

    def set_fields(self, fields, caller):
        """Sets fields from a dict of keyword arguments; a name that is no
        field raises TypeError naming `caller`."""
        names = self._field_names_()
        for name, value in fields.items():
            if name not in names:
                raise TypeError(f"{caller}() got an unexpected keyword argument {name!r}")
            setattr(self, name, value)
        return self

    def as_dict(self):
        """The fields as a dict (nested structs and arrays converted too)."""
        return {name: _plain(getattr(self, name)) for name, _ in self._fields_}

    def __repr__(self):
        parts = []
        for name, _ in self._fields_:
            value = getattr(self, name)
            cls = _enums.field_class(type(self).__name__, name)
            if cls is not None:
                try:
                    value = cls(value)
                except ValueError:
                    pass
            parts.append(f"{name}={_shown(value)}")
        return f"{type(self).__name__}({', '.join(parts)})"

    def __eq__(self, other):
        return type(self) is type(other) and bytes(self) == bytes(other)

    __hash__ = None


def _shown(value):
    """How a field prints: a hex as a (q, r) tuple, an array as a list."""
    if isinstance(value, Struct) and type(value).__name__ == "Hex":
        return repr(tuple(value))
    if isinstance(value, ctypes.Array):
        return "[" + ", ".join(_shown(v) for v in value) + "]"
    if isinstance(value, enum.Enum):
        return f"{type(value).__name__}.{value.name}" if value.name else repr(int(value))
    return repr(value)


def _plain(value):
    if isinstance(value, Struct):
        return value.as_dict()
    if isinstance(value, ctypes.Array):
        return [_plain(v) for v in value]
    return value


def struct(c_name, fields):
    """A Struct mirror named after the C type (wr_melee_unit_desc -> MeleeUnitDesc)."""
    py_name = "".join(part.capitalize() for part in c_name[3:].split("_"))
    fields = [(name, _checked_field(t, f"{py_name}.{name}")) for name, t in fields]
    return type(py_name, (Struct,), {"_c_name_": c_name, "_fields_": fields})


# core.h
ALLOC_FN = ctypes.CFUNCTYPE(c_ptr, c_ptr, c_ptr, cz, cz)
Allocator = struct("wr_allocator", [("fn", ALLOC_FN), ("user", c_ptr)])
Error = struct("wr_error", [
    ("status", ci), ("function", c_str), ("argument", c_str), ("value", ctypes.c_longlong),
    ("has_value", ci), ("expected", c_str)])

# battlesystem.h
BattleUnitDesc = struct("wr_battle_unit_desc", [
    ("type", ci), ("figures", ci), ("equipment", cu), ("traits", cu),
    ("single_creature", ci), ("in_command", ci)])
FormationInfo = struct("wr_formation_info", [
    ("order", ci), ("frontage", ci), ("facing", ci), ("special", ci),
    ("sides", cu), ("spent", ci), ("turned", ci)])
TacticalLeg = struct("wr_tactical_leg", [
    ("terrain", ci), ("length", ci), ("obstacles", ci), ("rises", ci)])
TacticalResult = struct("wr_tactical_result", [
    ("legal", ci), ("problem", ci), ("cost", ci), ("available", ci),
    ("left", ci), ("order", ci), ("road", ci), ("breaks_formation", ci)])
FireArea = struct("wr_fire_area", [
    ("shape", ci), ("width", ci), ("length", ci), ("area", ci), ("area_pi", ci)])
MissileTable = struct("wr_missile_table", [("modifier", ci * 6)])
FireOrigin = struct("wr_fire_origin", [("x", ci), ("y", ci), ("wind_x", ci), ("wind_y", ci)])
MissileModifiers = struct("wr_missile_modifiers", [("modifier", ci * 6), ("set", cu)])
MovementPhase = struct("wr_movement_phase", [
    ("begun", ci), ("start_order", ci), ("start_in_command", ci)])
MovementPhaseCosts = struct("wr_movement_phase_costs", [
    ("order_num", ci), ("order_den", ci), ("turn_num", ci), ("turn_den", ci),
    ("figures_turn", ci)])

# melee.h
Wounds = struct("wr_wounds", [
    ("hits", ci), ("counted", ci), ("serious", ci), ("critical", ci),
    ("unconscious", ci), ("dead", ci)])
MeleeUnitDesc = struct("wr_melee_unit_desc", [
    ("kind", ci), ("figures", ci), ("files", ci), ("weapon_type", ci),
    ("armour", ci), ("mount", ci), ("troop_class", ci), ("flags", cu),
    ("morale", ci), ("legs", ci), ("base_width_mm", ci), ("base_depth_mm", ci)])
MeleeEvent = struct("wr_melee_event", [
    ("rule", ci), ("side", ci), ("value", ci), ("detail", ci)])
CombatantSituation = struct("wr_combatant_situation", [
    ("in_contact", ci), ("charged", ci), ("attacked_in", ci), ("cover", ci),
    ("character_present", ci)])
Situation = struct("wr_situation", [("side", CombatantSituation * 2)])
MoraleTest = struct("wr_morale_test", [
    ("reason", ci), ("side", ci), ("round", ci), ("figures", ci), ("lost", ci),
    ("enemy_lost", ci), ("disordered", ci), ("character_present", ci),
    ("enemy_monster", ci), ("unit", c_ptr), ("enemy", c_ptr)])
MoraleOdds = struct("wr_morale_odds", [("pass_", ci), ("retire", ci), ("rout", ci)])
MoraleOdds._c_fields_ = {"pass_": "pass"}  # `pass` is a Python keyword
Strike = struct("wr_strike", [
    ("bcp", ci), ("modifiers", ci), ("mod", ci * 16), ("ranks", ci), ("mcp", ci),
    ("fighting", ci), ("fighting_case", ci), ("fcp", ci), ("roll", ci),
    ("hits", ci), ("kills", ci)])
MeleeRound = struct("wr_melee_round", [
    ("round", ci), ("figures_before", ci * 2), ("flank_test", ci * 2),
    ("flank_roll", ci * 2), ("disordered", ci * 2), ("fought", ci),
    ("strike", Strike * 2), ("lost", ci * 2), ("n_wounds", ci * 2),
    ("wound", (ci * 32) * 2), ("wound_location", (ci * 32) * 2),
    ("wounds_before", Wounds * 2), ("wounds_after", Wounds * 2), ("loser", ci),
    ("pushed_back", ci), ("morale", ci), ("morale_roll", ci),
    ("morale_odds", MoraleOdds), ("end", ci), ("pursuit", ci), ("n_events", ci),
    ("events_truncated", ci), ("events", MeleeEvent * 96)])
KillOdds = struct("wr_kill_odds", [("hits", ci * 2), ("kills", ci * 2), ("percent", ci * 2)])
PI = P(ci)
PU = P(cu)
PZ = P(cz)
MeleeBatchCombatant = struct("wr_melee_batch_combatant", [
    ("figures", PI), ("files", PI), ("in_contact", PI), ("weapon", PI), ("flags", PU),
    ("bcp", PI), ("modifiers", PI), ("d100", PI)])
MeleeBatchOut = struct("wr_melee_batch_out", [
    ("fighting", PI), ("mcp", PI), ("fcp", PI), ("kills", PI), ("lost", PI)])
MORALE_FN = ctypes.CFUNCTYPE(ci, c_ptr, P(MoraleTest), P(MoraleOdds))
PhaseCombatant = struct("wr_phase_combatant", [
    ("unit", MELEE_UNIT), ("face", ci), ("in_contact", ci), ("corner", ci),
    ("corner_fights", ci), ("contact", ci), ("cover", ci), ("character_present", ci)])
PhaseFight = struct("wr_phase_fight", [("side", PhaseCombatant * 2)])
PhaseUnit = struct("wr_phase_unit", [
    ("fights", ci), ("figures_before", ci), ("fighting", ci), ("lost", ci),
    ("disordered", ci), ("worst", ci)])
ChargeOption = struct("wr_charge_option", [
    ("attacker", MELEE_UNIT), ("enemy", MELEE_UNIT), ("face", ci), ("in_contact", ci),
    ("enemy_in_contact", ci), ("contact", ci)])
ChargeAdvisorParams = struct("wr_charge_advisor_params", [
    ("aim", ci), ("target", MELEE_UNIT), ("fates", cu), ("break_weight", ci),
    ("inflicted_weight", ci), ("lost_weight", ci), ("max_rounds", ci), ("top", ci)])
ChargeAdvisorInfo = struct("wr_charge_advisor_info", [
    ("choices", ctypes.c_longlong), ("evaluated", ctypes.c_longlong),
    ("pruned", ctypes.c_longlong), ("groups", ci), ("bounds", ci), ("ranked", ci)])
ChargeChoice = struct("wr_charge_choice", [
    ("attackers", ci), ("option", ci * 4), ("score_e9", ctypes.c_int64),
    ("break_e18", ctypes.c_uint64), ("inflicted_e9", ctypes.c_uint64),
    ("lost_e9", ctypes.c_uint64), ("reasons", ci)])
ChargeReason = struct("wr_charge_reason", [("fight", ci), ("event", MeleeEvent)])

# campaign.h
i32 = ctypes.c_int32
u32 = ctypes.c_uint32
Hex = struct("wr_hex", [("q", ci), ("r", ci)])
Hex.__iter__ = lambda self: iter((self.q, self.r))
Hex.__len__ = lambda self: 2
Hex.__getitem__ = lambda self, i: (self.q, self.r)[i]
Hex.__eq__ = lambda self, other: (tuple(self) == tuple(other)
                                  if isinstance(other, (Hex, tuple)) else NotImplemented)
Hex.__doc__ = "A hex (wr_hex, axial q, r); it unpacks, indexes and compares like a (q, r) tuple."
Hexside = struct("wr_hexside", [("river", ci), ("crossing", ci), ("road", ci), ("track", ci)])
MoveCosts = struct("wr_move_costs", [
    ("daily_points", ci), ("enter", ci * 8), ("road", ci), ("track", ci), ("upstream", ci),
    ("downstream", ci), ("sail_percent", ci)])
March = struct("wr_march", [
    ("daily_points", ci), ("points", ci), ("day", ci), ("marching", ci), ("unformed", ci),
    ("unformed_today", ci), ("unformed_days", ci)])
PlanParams = struct("wr_plan_params", [
    ("mover", ci), ("costs", MoveCosts), ("traits", cu), ("home_regions", u32), ("options", cu),
    ("bridging_days", ci), ("tide", ci), ("wind", ci), ("figures", ci)])
Step = struct("wr_step", [
    ("hex", Hex), ("node", i32), ("day", ci), ("points_left", ci), ("nights", ci), ("flags", cu)])
Route = struct("wr_route", [
    ("steps", P(Step)), ("step_count", cz), ("arrival_day", ci), ("points_left", ci),
    ("rally_days", ci), ("unformed_days", ci), ("stragglers", ci), ("escort_lost", ci)])
Arrival = struct("wr_arrival", [("day", i32), ("points_left", i32)])
PlanEdge = struct("wr_plan_edge", [("to", i32), ("points", i32), ("days", i32), ("flags", u32)])
PLAN_MOVES_FN = ctypes.CFUNCTYPE(ci, c_ptr, i32, P(PlanEdge), ci)
# ctypes callbacks cannot return a struct: the binding passes node_hex as NULL
# and maps nodes to hexes in Python; the field keeps the C layout.
PLAN_NODE_HEX_FN = c_ptr
PlanGraph = struct("wr_plan_graph", [
    ("node_count", i32), ("moves", PLAN_MOVES_FN), ("node_hex", PLAN_NODE_HEX_FN), ("user", c_ptr)])
HexDesc = struct("wr_hex_desc", [
    ("on_map", ci), ("terrain", ci), ("features", cu), ("regions", u32), ("downstream", ci),
    ("water", cu), ("coastal", ci)])
ForceState = struct("wr_force_state", [
    ("day", ci), ("points_spent", ci), ("points_saved", ci), ("unformed", ci),
    ("unformed_today", ci), ("unformed_days", ci), ("at_rally", ci), ("rally_days", ci),
    ("pressing", ci), ("crossing_days", ci), ("far_bank", ci), ("crossing", cu)])
PLAN_BLOCKED_FN = ctypes.CFUNCTYPE(ci, c_ptr, i32, i32)
PlanQuery = struct("wr_plan_query", [
    ("start", P(ForceState)), ("objective", ci), ("blocked_hexes", P(ctypes.c_uint8)),
    ("blocked_hexes_size", cz), ("blocked_sides", P(ctypes.c_uint8)), ("blocked_sides_size", cz),
    ("blocked", PLAN_BLOCKED_FN), ("user", c_ptr)])
PlanResult = struct("wr_plan_result", [
    ("outcome", ci), ("route", Route), ("moves", P(PlanEdge)), ("arrival", ForceState)])
ForcePosition = struct("wr_force_position", [("hex", Hex), ("day", ci)])
ForceDesc = struct("wr_force_desc", [
    ("params", P(PlanParams)), ("query", P(PlanQuery)), ("from_", Hex), ("to", Hex),
    ("positions", P(ForcePosition)), ("position_count", cz)])
ForceDesc._c_fields_ = {"from_": "from"}
InterceptParams = struct("wr_intercept_params", [
    ("objective", ci), ("meeting", ci), ("order", ci), ("guard", Hex)])
InterceptResult = struct("wr_intercept_result", [
    ("outcome", ci), ("day", ci), ("during_own_move", ci), ("hex", Hex), ("enemy_hex", Hex),
    ("enemy_index", i32), ("non_rallied", ci), ("contact", ForceState), ("plan", PlanResult),
    ("enemy_plan", PlanResult)])
Danger = struct("wr_danger", [("day", i32), ("points_left", i32), ("force", i32)])

STRUCTS = [Allocator, Error, BattleUnitDesc, FormationInfo, TacticalLeg, TacticalResult, FireArea,
           MissileTable, Wounds, MeleeUnitDesc, MeleeEvent, CombatantSituation, Situation, MoraleTest,
           MoraleOdds, Strike, MeleeRound, KillOdds, MeleeBatchCombatant, MeleeBatchOut, PhaseCombatant,
           PhaseFight, PhaseUnit, ChargeOption, ChargeAdvisorParams, ChargeAdvisorInfo,
           ChargeChoice, ChargeReason, Hex, Hexside,
           MoveCosts, March, PlanParams, Step, Route, Arrival, PlanEdge, PlanGraph, HexDesc,
           ForceState, PlanQuery, PlanResult, ForcePosition, ForceDesc, InterceptParams,
           InterceptResult, Danger]

STATUS = "status"  # restype marker: an int status checked by errcheck
ALLOC = P(Allocator)

# The ctypes type of each C type the headers spell, by rule: a handle
# `wr_x *` is the opaque pointer X (wr_battle_unit: UNIT), a struct
# `wr_x_y` its mirror XY, an enum a checked int, a callback `wr_x_fn` X_FN,
# `T *` a pointer to T's type (`char *` a string, `void *` c_ptr).
_SCALARS = {"int": c_int, "unsigned": c_uint, "size_t": c_size, "int32_t": c_i32,
            "uint32_t": c_u32, "uint64_t": c_u64}
_POINTERS = {"int": PI, "unsigned": PU, "size_t": PZ, "int32_t": P(i32), "uint32_t": P(u32),
             "uint64_t": P(ctypes.c_uint64), "void": c_ptr, "char": c_str}
_HANDLES = {"wr_battle_unit": "UNIT"}  # the handles whose type name is not WR_X's X
# Rows whose status the binding reads itself instead of raising it.
_RAW_STATUS = {"wr_last_error_detail"}


def _ctype(c_type, result=False):
    """The ctypes type (or STATUS, or None for void) of a C type as _generated spells it."""
    base = c_type.replace("const", " ").replace("*", " ").split()
    stars = c_type.count("*")
    base = base[0] if len(base) == 1 else " ".join(base)
    mirror = "".join(part.capitalize() for part in base[3:].split("_"))
    if result and stars == 0:
        if base == "wr_status":
            return STATUS
        if base == "void":
            return None
        if base == "int" or (base.startswith("wr_") and not isinstance(globals().get(mirror), type)):
            return ci
    if stars == 0 and base.startswith("wr_") and base.endswith("_fn"):
        return globals()[base[3:].upper()]
    if base == "wr_allocator" and stars == 1:
        return ALLOC
    if base.startswith("wr_") and isinstance(globals().get(mirror), type) and issubclass(globals()[mirror], Struct):
        t = globals()[mirror]
    elif base.startswith("wr_") and isinstance(globals().get(_HANDLES.get(base, base[3:].upper())), type) \
            and stars >= 1:
        t = globals()[_HANDLES.get(base, base[3:].upper())]
        stars -= 1
    elif base.startswith("wr_"):  # an enum
        t = c_int if stars == 0 else PI
        stars = max(stars - 1, 0)
    elif stars == 0:
        t = _SCALARS[base]
    else:
        t = _POINTERS[base]
        stars -= 1
    for _ in range(stars):
        t = P(t)
    return t


def _rows(generated):
    """FUNCTIONS: the rows of _generated.FUNCTIONS with ctypes types."""
    rows = []
    for row in generated:
        if isinstance(row, str):
            rows.append(row)
            continue
        name, returns, params = row
        restype = ci if name in _RAW_STATUS else _ctype(returns, result=True)
        rows.append((name, restype, [_ctype(p) for p in params]))
    return rows


FUNCTIONS = _rows(_generated.FUNCTIONS)



LIBRARY_NAMES = ("libwarrules.so.1", "libwarrules.so", "libwarrules.1.dylib", "libwarrules.dylib",
                 "warrules.dll")


def _pkg_config_libdir():
    try:
        proc = subprocess.run(["pkg-config", "--variable=libdir", "warrules"], capture_output=True,
                              text=True, timeout=10)
    except (OSError, subprocess.SubprocessError):
        return None
    return proc.stdout.strip() if proc.returncode == 0 and proc.stdout.strip() else None


def _candidates():
    """Where to look, in order: WARRULES_LIBRARY (alone when set), the library
    the wheel carries next to the package, the system loader
    (ctypes.util.find_library), pkg-config's libdir, and libwarrules.so.1."""
    env = os.environ.get("WARRULES_LIBRARY")
    if env:
        yield "WARRULES_LIBRARY=" + env, env
        return
    here = os.path.dirname(os.path.abspath(__file__))
    for name in LIBRARY_NAMES:
        path = os.path.join(here, name)
        if os.path.exists(path):
            yield "next to the package", path
    found = ctypes.util.find_library("warrules")
    if found:
        yield "ctypes.util.find_library", found
    libdir = _pkg_config_libdir()
    if libdir:
        for name in LIBRARY_NAMES[:2]:
            yield "pkg-config warrules libdir", os.path.join(libdir, name)
    yield "the system loader", "libwarrules.so.1"


def _version_tuple(text):
    return tuple(int(part) for part in text.split(".")[:3])


def _check_version(cdll, path):
    """The loaded library must have the package's major version and at least
    its minor one (a newer minor only adds functions)."""
    try:
        fn = cdll.wr_version_number
    except AttributeError:
        raise WarrulesLibraryError(f"{path} is not libwarrules (no wr_version_number)") from None
    fn.restype, fn.argtypes = ctypes.c_int, []
    number = fn()
    have = (number // 10000, number // 100 % 100, number % 100)
    want = _version_tuple(VERSION)
    if have[0] != want[0] or have[1] < want[1]:
        raise WarrulesLibraryError(
            f"{path} is libwarrules {'.'.join(map(str, have))}; the warrules package {VERSION} needs "
            f"{want[0]}.{want[1]} or a later {want[0]}.x")


def _open():
    tried = []
    for where, path in _candidates():
        try:
            cdll = ctypes.CDLL(path)
        except OSError as exc:
            tried.append(f"{path} ({where}): {exc}")
            continue
        _check_version(cdll, path)
        return cdll, path
    raise WarrulesLibraryError(
        "could not load libwarrules: install it (cmake --install, or pip install bindings/python "
        "with CMake and a C compiler present) or set WARRULES_LIBRARY to its path. Tried:\n  "
        + "\n  ".join(tried))


def _text(raw):
    return raw.decode("utf-8", "replace") if raw else ""


def _detail(cdll):
    """This thread's wr_error, as a dict, or None when the library has no detail."""
    try:
        fn = cdll.wr_last_error_detail
    except AttributeError:
        return None
    out = Error()
    if fn(ctypes.byref(out)) != 0 or out.status == 0:
        return None
    return {"status": out.status, "function": _text(out.function), "argument": _text(out.argument),
            "value": out.value if out.has_value else None, "expected": _text(out.expected)}


def _status_error(result, name, cdll):
    """The exception of a failing status: the library's own sentence
    (wr_last_error) when it recorded one for this call, on this thread."""
    detail = _detail(cdll)
    text = None
    if detail and detail["function"] in ("", name) and detail["status"] == result:
        try:
            text = _text(cdll.wr_last_error()) or None
        except AttributeError:
            text = None
    else:
        detail = None
    status_name = _status_name(result)
    if text is None:
        text = f"{name}: {status_name}: {_status_sentence(result)}"
    return error_class(result)(result, status_name, name, None, detail, text)


def _missing(name, path):
    def call(*args):
        raise WarrulesLibraryError(f"the library {path} lacks the symbol {name}")
    call.__name__ = name
    return call


class _Library:
    def __init__(self):
        self.cdll, self.path = _open()
        self.cdll.wr_last_error.restype = c_str
        self.cdll.wr_last_error.argtypes = []
        self.cdll.wr_last_error_detail.restype = ci
        self.cdll.wr_last_error_detail.argtypes = [P(Error)]
        self.missing = []
        self.module_of = {}
        module = None
        for row in FUNCTIONS:
            if isinstance(row, str):
                module = row
                continue
            name, restype, argtypes = row
            self.module_of[name] = module
            try:
                fn = getattr(self.cdll, name)
            except AttributeError:
                self.missing.append(name)
                setattr(self, name, _missing(name, self.path))
                continue
            fn.argtypes = argtypes
            fn.restype = ci if restype == STATUS else restype
            setattr(self, name, _guarded(fn, name, restype == STATUS, self.cdll))

    def has(self, name):
        """Whether the loaded library exports the C function `name`."""
        return name in self.module_of and name not in self.missing


def _describe_value(value):
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _type_error(name, argnames, args, exc):
    """The TypeError of a ctypes.ArgumentError, naming the parameter and value."""
    position = str(exc).split(":")[0]
    index = int(position.split()[-1]) - 1 if position.split()[-1].isdigit() else None
    if index is not None and index < len(args):
        where = f"{argnames[index]} = {_describe_value(args[index])}"
    else:
        where = position
    return TypeError(f"{name}: {where}: wrong type ({exc})")


def _guarded(fn, name, returns_status, cdll):
    """The Python callable of one C function: it holds the handles passed
    (see _guard), refuses an int the C parameter cannot hold with
    RangeError and a value of the wrong type with TypeError (both naming the
    argument's position and value), raises the status's WarrulesError with
    the library's detail, and raises a callback's exception once C returns."""
    names = PARAMS.get(name, ())
    argnames = [names[i] if i < len(names) else f"argument {i + 1}" for i in range(len(fn.argtypes or ()))]
    ranges = [(i, t._wr_range_, _c_name(t.__name__), argnames[i]) for i, t in enumerate(fn.argtypes or ())
              if hasattr(t, "_wr_range_")]
    reads = READS.get(name, frozenset())

    def call(*args):
        for i, (lo, hi), cname, arg in ranges:
            if i < len(args):
                a = args[i]
                if not isinstance(a, int):
                    a = as_index(a)
                    if a is not args[i]:  # a NumPy integer or __index__ object: its whole value
                        args = args[:i] + (a,) + args[i + 1:]
                if isinstance(a, int) and not lo <= a <= hi:
                    raise RangeError(2, "WR_ERR_RANGE", name, detail={
                        "argument": arg, "value": a, "expected": f"{lo}..{hi}"},
                        message=f"{name}: {arg} = {a} does not fit a C {cname} ({lo}..{hi})")
        frame, held = _guard.enter(name, reads, args)
        failure = None
        try:
            result = fn(*args)
            if returns_status and result != 0:
                failure = _status_error(result, name, cdll)
        except ctypes.ArgumentError as exc:
            failure = _type_error(name, argnames, args, exc)
        finally:
            _guard.leave(frame, held)
        if frame.errors:
            raise frame.errors[0] from failure
        if failure is not None:
            raise failure
        return result

    call.__name__ = name
    call.c_function = fn
    return call


lib = _Library()


def _status_name(code):
    return _text(lib.cdll.wr_status_name(code)) if hasattr(lib, "cdll") else f"WR_{code}"


def _status_sentence(code):
    return _text(lib.cdll.wr_status_str(code))
