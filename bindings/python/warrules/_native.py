"""Finding and loading libwarrules, and the one table of its C functions.

Each row of FUNCTIONS is (name, restype, argtypes); a string row names the
module (header) the rows after it belong to. Functions returning
wr_status raise WarrulesError on any status but WR_OK. A symbol the loaded
library lacks is reported by name when it is first called.
"""
import ctypes
import ctypes.util
import os

from ._errors import WarrulesError, WarrulesLibraryError

P = ctypes.POINTER


def _checked(base, lo, hi):
    """A ctypes integer type whose from_param refuses a Python int the C type
    cannot hold (ctypes would silently cut it to the low bits) with
    WarrulesError(WR_ERR_RANGE), so 2**32 + 5 never reaches C as 5."""

    def from_param(cls, value):
        if isinstance(value, int) and not lo <= value <= hi:
            raise WarrulesError(2, "WR_ERR_RANGE", f"argument {value} does not fit a C {base.__name__}")
        return base.from_param(value)

    return type(base.__name__, (base,), {"from_param": classmethod(from_param)})


c_int = _checked(ctypes.c_int, -2**31, 2**31 - 1)
c_uint = _checked(ctypes.c_uint, 0, 2**32 - 1)
c_size = _checked(ctypes.c_size_t, 0, 2**64 - 1)
c_i32 = _checked(ctypes.c_int32, -2**31, 2**31 - 1)
c_u32 = _checked(ctypes.c_uint32, 0, 2**32 - 1)
c_u64 = ctypes.c_uint64
ci = ctypes.c_int  # plain types for struct fields and pointers
cu = ctypes.c_uint
cz = ctypes.c_size_t


class _Opaque(ctypes.Structure):
    """Base of the opaque handle types: only pointers to them are used."""


def opaque(name):
    return P(type(name, (_Opaque,), {}))


RNG = opaque("wr_rng")
FIGURE = opaque("wr_figure")
UNIT = opaque("wr_unit")
FORMATION = opaque("wr_formation")
PROFILE = opaque("wr_profile")
HIT_CHART = opaque("wr_hit_chart")
MELEE_UNIT = opaque("wr_melee_unit")
ENGAGEMENT = opaque("wr_engagement")
MELEE_ODDS = opaque("wr_melee_odds")
MAP = opaque("wr_map")
PLANNER = opaque("wr_planner")

c_ptr = ctypes.c_void_p
c_str = ctypes.c_char_p


class Struct(ctypes.Structure):
    """Base of the struct mirrors: each declares its C name in _c_name_ and
    mirrors the header field for field (tests/test_layout.py checks offsets)."""

    _c_name_ = ""

    def as_dict(self):
        """The fields as a dict (nested structs and arrays converted too)."""
        return {name: _plain(getattr(self, name)) for name, _ in self._fields_}

    def __repr__(self):
        inner = ", ".join(f"{k}={v!r}" for k, v in self.as_dict().items())
        return f"{type(self).__name__}({inner})"

    def __eq__(self, other):
        return type(self) is type(other) and bytes(self) == bytes(other)

    __hash__ = None


def _plain(value):
    if isinstance(value, Struct):
        return value.as_dict()
    if isinstance(value, ctypes.Array):
        return [_plain(v) for v in value]
    return value


def struct(c_name, fields):
    """A Struct mirror named after the C type (wr_unit_def -> UnitDef)."""
    py_name = "".join(part.capitalize() for part in c_name[3:].split("_"))
    return type(py_name, (Struct,), {"_c_name_": c_name, "_fields_": fields})


# core.h
ALLOC_FN = ctypes.CFUNCTYPE(c_ptr, c_ptr, c_ptr, cz, cz)
Allocator = struct("wr_allocator", [("fn", ALLOC_FN), ("user", c_ptr)])

# battlesystem.h
UnitDesc = struct("wr_unit_desc", [
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

# melee.h
Wounds = struct("wr_wounds", [
    ("hits", ci), ("counted", ci), ("serious", ci), ("critical", ci),
    ("unconscious", ci), ("dead", ci)])
UnitDef = struct("wr_unit_def", [
    ("kind", ci), ("figures", ci), ("files", ci), ("weapon_type", ci),
    ("armour", ci), ("mount", ci), ("troop_class", ci), ("flags", cu),
    ("morale", ci), ("legs", ci), ("base_width_mm", ci), ("base_depth_mm", ci)])
MeleeEvent = struct("wr_melee_event", [
    ("rule", ci), ("side", ci), ("value", ci), ("detail", ci)])
SideSituation = struct("wr_side_situation", [
    ("in_contact", ci), ("charged", ci), ("attacked_in", ci), ("cover", ci),
    ("character_present", ci)])
Situation = struct("wr_situation", [("side", SideSituation * 2)])
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
MeleeBatchSide = struct("wr_melee_batch_side", [
    ("figures", PI), ("files", PI), ("in_contact", PI), ("weapon", PI), ("flags", PU),
    ("bcp", PI), ("modifiers", PI), ("d100", PI)])
MeleeBatchOut = struct("wr_melee_batch_out", [
    ("fighting", PI), ("mcp", PI), ("fcp", PI), ("kills", PI), ("lost", PI)])
MORALE_FN = ctypes.CFUNCTYPE(ci, c_ptr, P(MoraleTest), P(MoraleOdds))

# campaign.h
i32 = ctypes.c_int32
u32 = ctypes.c_uint32
Hex = struct("wr_hex", [("q", ci), ("r", ci)])
Side = struct("wr_side", [("river", ci), ("crossing", ci), ("road", ci), ("track", ci)])
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

STRUCTS = [Allocator, UnitDesc, FormationInfo, TacticalLeg, TacticalResult, FireArea,
           MissileTable, Wounds, UnitDef, MeleeEvent, SideSituation, Situation, MoraleTest,
           MoraleOdds, Strike, MeleeRound, KillOdds, MeleeBatchSide, MeleeBatchOut, Hex, Side,
           MoveCosts, March, PlanParams, Step, Route, Arrival, PlanEdge, PlanGraph, HexDesc,
           ForceState, PlanQuery, PlanResult]

STATUS = "status"  # restype marker: an int status checked by errcheck
ALLOC = P(Allocator)

FUNCTIONS = [
    "core",  # a string starts the rows of one module (core.h, melee.h, ...)
    ("wr_status_name", c_str, [c_int]),
    ("wr_status_str", c_str, [c_int]),
    ("wr_version", c_str, []),
    ("wr_version_number", ci, []),
    ("wr_last_error", c_str, []),
    ("wr_last_error_detail", ci, [c_ptr]),
    ("wr_clear_error", None, []),
    ("wr_rng_new", STATUS, [c_u64, P(RNG)]),
    ("wr_rng_new_ex", STATUS, [c_u64, ALLOC, P(RNG)]),
    ("wr_rng_free", None, [RNG]),
    ("wr_rng_roll", STATUS, [RNG, c_int, PI]),
    ("wr_rng_clone", STATUS, [RNG, P(RNG)]),
    "melee",
    # melee.h: pinned
    ("wr_reach_ranks", STATUS, [c_int, c_int, PI]),
    ("wr_fighting_figures", STATUS, [c_int, c_int, c_int, c_int, c_uint, c_uint, PI]),
    ("wr_complete_ranks", STATUS, [c_int, c_int, c_uint, PI]),
    ("wr_combat_percent", STATUS, [c_int, c_int, c_int, PI, PI]),
    ("wr_kills_from_percent", STATUS, [c_int, c_int, PI]),
    # melee.h: profiles
    ("wr_profile_new", STATUS, [c_int, P(PROFILE)]),
    ("wr_profile_new_ex", STATUS, [c_int, ALLOC, P(PROFILE)]),
    ("wr_profile_new_sample", STATUS, [c_int, P(PROFILE)]),
    ("wr_profile_free", None, [PROFILE]),
    ("wr_profile_race", STATUS, [PROFILE, PI]),
    ("wr_profile_set_weapon", STATUS, [PROFILE, c_int, c_int, c_int]),
    ("wr_profile_weapon", STATUS, [PROFILE, c_int, PI, PI]),
    ("wr_profile_set_bcp", STATUS, [PROFILE, c_int, c_int, c_int]),
    ("wr_profile_bcp", STATUS, [PROFILE, c_int, c_int, PI]),
    ("wr_profile_set_modifier", STATUS, [PROFILE, c_int, c_int]),
    ("wr_profile_modifier", STATUS, [PROFILE, c_int, PI]),
    ("wr_profile_set_hated", STATUS, [PROFILE, c_int, c_int]),
    ("wr_profile_hates", STATUS, [PROFILE, c_int, PI]),
    ("wr_profile_set_morale_modifier", STATUS, [PROFILE, c_int, c_int]),
    ("wr_profile_morale_modifier", STATUS, [PROFILE, c_int, PI]),
    ("wr_profile_set_retire_band", STATUS, [PROFILE, c_int]),
    ("wr_profile_retire_band", STATUS, [PROFILE, PI]),
    # melee.h: hit charts and wounds
    ("wr_hit_chart_new", STATUS, [P(HIT_CHART)]),
    ("wr_hit_chart_new_ex", STATUS, [ALLOC, P(HIT_CHART)]),
    ("wr_hit_chart_free", None, [HIT_CHART]),
    ("wr_hit_chart_add", STATUS, [HIT_CHART, c_int, c_int, c_int, PI]),
    ("wr_hit_chart_complete", STATUS, [HIT_CHART, PI]),
    ("wr_hit_chart_lookup", STATUS, [HIT_CHART, c_int, c_int, PI, PI]),
    ("wr_wounds_add", STATUS, [P(Wounds), c_int, c_int, PI]),
    # melee.h: units
    ("wr_unit_def_default", UnitDef, []),
    ("wr_melee_unit_new", STATUS, [PROFILE, P(UnitDef), P(MELEE_UNIT)]),
    ("wr_melee_unit_new_ex", STATUS, [PROFILE, P(UnitDef), ALLOC, P(MELEE_UNIT)]),
    ("wr_melee_unit_free", None, [MELEE_UNIT]),
    ("wr_melee_unit_def", STATUS, [MELEE_UNIT, P(UnitDef)]),
    ("wr_melee_unit_set_figures", STATUS, [MELEE_UNIT, c_int]),
    ("wr_melee_unit_set_disordered", STATUS, [MELEE_UNIT, c_int]),
    ("wr_melee_unit_set_hit_chart", STATUS, [MELEE_UNIT, HIT_CHART]),
    ("wr_melee_unit_wounds", STATUS, [MELEE_UNIT, P(Wounds)]),
    ("wr_melee_unit_set_wounds", STATUS, [MELEE_UNIT, P(Wounds)]),
    ("wr_melee_unit_may_leave", STATUS, [MELEE_UNIT, PI]),
    ("wr_melee_may_start", STATUS, [c_int, PI]),
    ("wr_advance_stop", STATUS, [c_int, c_int, c_int, PI, PI]),
    ("wr_dead_monster", STATUS, [MELEE_UNIT, c_int, c_int, PI, PI, PI]),
    ("wr_dead_monster_rng", STATUS, [MELEE_UNIT, c_int, RNG, PI, PI, PI]),
    # melee.h: explanations
    ("wr_melee_rule_name", c_str, [c_int]),
    ("wr_melee_rule_source", c_str, [c_int]),
    ("wr_modifier_name", c_str, [c_int]),
    ("wr_melee_event_text", STATUS, [P(MeleeEvent), c_str, c_size, PZ]),
    # melee.h: engagements and rounds
    ("wr_morale_sample", STATUS, [c_ptr, P(MoraleTest), P(MoraleOdds)]),
    ("wr_engagement_new", STATUS, [MELEE_UNIT, MELEE_UNIT, P(Situation), P(ENGAGEMENT)]),
    ("wr_engagement_new_ex", STATUS, [MELEE_UNIT, MELEE_UNIT, P(Situation), ALLOC, P(ENGAGEMENT)]),
    ("wr_engagement_free", None, [ENGAGEMENT]),
    ("wr_engagement_set_morale", STATUS, [ENGAGEMENT, MORALE_FN, c_ptr]),
    ("wr_engagement_strike", STATUS, [ENGAGEMENT, c_int, P(Strike)]),
    ("wr_engagement_fight_rolls", STATUS, [ENGAGEMENT, PI, c_size, PZ, P(MeleeRound)]),
    ("wr_engagement_fight", STATUS, [ENGAGEMENT, RNG, P(MeleeRound)]),
    ("wr_engagement_apply", STATUS, [ENGAGEMENT, P(MeleeRound)]),
    ("wr_engagement_status", STATUS, [ENGAGEMENT, PI, PI]),
    ("wr_engagement_kill_odds", STATUS, [ENGAGEMENT, c_int, P(KillOdds)]),
    # melee.h: exact odds
    ("wr_melee_odds_new", STATUS, [ENGAGEMENT, c_int, P(MELEE_ODDS)]),
    ("wr_melee_odds_new_ex", STATUS, [ENGAGEMENT, c_int, ALLOC, P(MELEE_ODDS)]),
    ("wr_melee_odds_free", None, [MELEE_ODDS]),
    ("wr_melee_odds_exponent", STATUS, [MELEE_ODDS, PI]),
    ("wr_melee_odds_end", STATUS, [MELEE_ODDS, c_int, P(ctypes.c_uint64)]),
    ("wr_melee_odds_end_exact", STATUS, [MELEE_ODDS, c_int, c_str, c_size, PZ]),
    ("wr_melee_odds_figures", STATUS, [MELEE_ODDS, c_int, c_int, P(ctypes.c_uint64)]),
    ("wr_melee_odds_figures_exact", STATUS, [MELEE_ODDS, c_int, c_int, c_str, c_size, PZ]),
    ("wr_melee_simulate", STATUS, [ENGAGEMENT, c_int, RNG, c_int, P(ctypes.c_uint64)]),
    # melee.h: batch forms
    ("wr_melee_rounds_batch", STATUS, [c_size, P(MeleeBatchSide), P(MeleeBatchSide),
                                       P(MeleeBatchOut), P(MeleeBatchOut), PI, PZ]),
    "battlesystem",
    # battlesystem.h: figures and ratings
    ("wr_figure_new", STATUS, [P(FIGURE)]),
    ("wr_figure_new_ex", STATUS, [ALLOC, P(FIGURE)]),
    ("wr_figure_clone", STATUS, [FIGURE, P(FIGURE)]),
    ("wr_figure_free", None, [FIGURE]),
    ("wr_figure_set", STATUS, [FIGURE, c_int, c_int]),
    ("wr_figure_get", STATUS, [FIGURE, c_int, PI]),
    ("wr_figure_add_damage", STATUS, [FIGURE, c_int, c_int, c_int]),
    ("wr_figure_damage_range", STATUS, [FIGURE, PI, PI]),
    ("wr_figure_damage_groups", STATUS, [FIGURE, PZ]),
    ("wr_figure_damage_group", STATUS, [FIGURE, c_size, PI, PI]),
    ("wr_figure_damage_totals", STATUS, [FIGURE, PI, PI]),
    ("wr_figure_damage_from_rolls", STATUS, [FIGURE, PI, c_size, PI]),
    ("wr_figure_damage_roll", STATUS, [FIGURE, RNG, PI]),
    ("wr_rate_cavalry", STATUS, [FIGURE, FIGURE, P(FIGURE)]),
    ("wr_rate_cavalry_ex", STATUS, [FIGURE, FIGURE, ALLOC, P(FIGURE)]),
    ("wr_rate_chariot", STATUS, [P(FIGURE), c_size, P(FIGURE), c_size, P(FIGURE)]),
    ("wr_rate_chariot_ex", STATUS, [P(FIGURE), c_size, P(FIGURE), c_size, ALLOC, P(FIGURE)]),
    ("wr_mounted_removed", STATUS, [c_uint, PI]),
    # battlesystem.h: units
    ("wr_unit_desc_default", UnitDesc, []),
    ("wr_unit_new", STATUS, [FIGURE, P(UnitDesc), P(UNIT)]),
    ("wr_unit_new_ex", STATUS, [FIGURE, P(UnitDesc), ALLOC, P(UNIT)]),
    ("wr_unit_free", None, [UNIT]),
    ("wr_unit_get_desc", STATUS, [UNIT, P(UnitDesc)]),
    ("wr_unit_set_desc", STATUS, [UNIT, P(UnitDesc)]),
    ("wr_unit_figure", STATUS, [UNIT, P(FIGURE)]),
    ("wr_unit_kill_parts", STATUS, [UNIT, c_uint, c_int, PI]),
    # battlesystem.h: formations
    ("wr_formation_new", STATUS, [c_int, c_int, c_int, P(FORMATION)]),
    ("wr_formation_new_ex", STATUS, [c_int, c_int, c_int, ALLOC, P(FORMATION)]),
    ("wr_formation_free", None, [FORMATION]),
    ("wr_formation_get", STATUS, [FORMATION, P(FormationInfo)]),
    ("wr_formation_set_order", STATUS, [FORMATION, c_int]),
    ("wr_formation_set_frontage", STATUS, [FORMATION, c_int]),
    ("wr_formation_ranks", STATUS, [FORMATION, UNIT, PI, PI]),
    ("wr_formation_begin_phase", STATUS, [FORMATION]),
    ("wr_formation_break", STATUS, [FORMATION]),
    ("wr_formation_available", STATUS, [FORMATION, UNIT, PI]),
    ("wr_formation_turn", STATUS, [FORMATION, UNIT, c_int]),
    ("wr_shield_wall_check", STATUS, [UNIT, FORMATION, c_int, c_int, PI]),
    ("wr_shield_wall_declare", STATUS, [UNIT, FORMATION, c_int, c_int]),
    ("wr_shield_wall_ac_modifier", STATUS, [FORMATION, c_int, c_int, PI]),
    ("wr_set_spears_check", STATUS, [UNIT, FORMATION, c_uint, c_int, PI]),
    ("wr_set_spears_declare", STATUS, [UNIT, FORMATION, c_uint, c_int]),
    ("wr_set_spears_multiplier", STATUS, [FORMATION, c_int, PI]),
    ("wr_charger_strikers", STATUS, [UNIT, FORMATION, c_int, c_int, PI]),
    # battlesystem.h: charges, terrain and movement
    ("wr_charge_ar_modifier", STATUS, [UNIT, FORMATION, c_int, PI]),
    ("wr_charge_damage_multiplier", STATUS, [UNIT, PI]),
    ("wr_terrain_speed", STATUS, [c_int, c_uint, PI, PI]),
    ("wr_tactical_check", STATUS, [UNIT, FORMATION, P(TacticalLeg), c_size, c_uint, P(TacticalResult)]),
    ("wr_tactical_apply", STATUS, [UNIT, FORMATION, P(TacticalLeg), c_size, c_uint, P(TacticalResult)]),
    ("wr_charge_check", STATUS, [UNIT, P(TacticalLeg), c_size, PI]),
    # battlesystem.h: woods, fire, [11.9]
    ("wr_woods_missile_allowed", STATUS, [c_int, c_int, PI]),
    ("wr_woods_firing_figures", STATUS, [c_int, c_int, c_int, c_int, PI]),
    ("wr_woods_sight_range", STATUS, [c_uint, PI]),
    ("wr_woods_melee_modifier", STATUS, [c_int, c_int, PI]),
    ("wr_forest_fire", STATUS, [c_int, c_int, P(FireArea)]),
    ("wr_low_ground_ar_modifier", STATUS, [c_int, c_int, PI]),
    ("wr_missile_table_default", MissileTable, []),
    ("wr_missile_terrain_modifier", STATUS, [P(MissileTable), c_int, PI]),
    # battlesystem.h: batch forms
    ("wr_terrain_speed_batch", STATUS, [c_size, PI, PU, PI, PI, PZ]),
    ("wr_tactical_check_batch", STATUS, [UNIT, FORMATION, P(TacticalLeg), c_size, PI, c_size,
                                         c_uint, P(TacticalResult), PZ]),
    "campaign",
    # campaign.h: pinned
    ("wr_river_crossing", STATUS, [c_int, c_int, c_int, c_int, PI, PI, PI]),
    ("wr_half_die", STATUS, [c_int, PI]),
    ("wr_stragglers", STATUS, [c_int, c_int, PI]),
    ("wr_raft_timber", STATUS, [c_int, c_int, PI]),
    # campaign.h: hex coordinates
    ("wr_hex_distance", STATUS, [Hex, Hex, PI]),
    ("wr_hex_neighbor", STATUS, [Hex, c_int, P(Hex)]),
    ("wr_hex_direction", STATUS, [Hex, Hex, PI]),
    ("wr_hex_ring", STATUS, [Hex, c_int, P(Hex), c_size, PZ]),
    ("wr_hex_range", STATUS, [Hex, c_int, P(Hex), c_size, PZ]),
    ("wr_hex_line", STATUS, [Hex, Hex, P(Hex), c_size, PZ]),
    ("wr_hex_from_offset", STATUS, [c_int, c_int, P(Hex)]),
    ("wr_hex_to_offset", STATUS, [Hex, PI, PI]),
    # campaign.h: the hex map
    ("wr_map_new", STATUS, [c_int, c_int, P(MAP)]),
    ("wr_map_new_ex", STATUS, [c_int, c_int, ALLOC, P(MAP)]),
    ("wr_map_free", None, [MAP]),
    ("wr_map_size", STATUS, [MAP, PI, PI]),
    ("wr_map_contains", STATUS, [MAP, Hex, PI]),
    ("wr_map_index", STATUS, [MAP, Hex, P(i32)]),
    ("wr_map_hex", STATUS, [MAP, c_i32, P(Hex)]),
    ("wr_map_set_terrain", STATUS, [MAP, Hex, c_int]),
    ("wr_map_terrain", STATUS, [MAP, Hex, PI]),
    ("wr_map_set_features", STATUS, [MAP, Hex, c_uint]),
    ("wr_map_features", STATUS, [MAP, Hex, PU]),
    ("wr_map_set_regions", STATUS, [MAP, Hex, c_u32]),
    ("wr_map_regions", STATUS, [MAP, Hex, P(u32)]),
    ("wr_map_set_side", STATUS, [MAP, Hex, c_int, P(Side)]),
    ("wr_map_side", STATUS, [MAP, Hex, c_int, P(Side)]),
    ("wr_map_set_watercourse", STATUS, [MAP, Hex, c_int, c_uint]),
    ("wr_map_watercourse", STATUS, [MAP, Hex, PI, PU]),
    ("wr_map_zone", STATUS, [MAP, Hex, PI]),
    ("wr_map_sight", STATUS, [MAP, Hex, Hex, PI]),
    # campaign.h: movers and move point tables
    ("wr_move_costs_default", STATUS, [c_int, P(MoveCosts)]),
    ("wr_land_entry", STATUS, [P(MoveCosts), c_int, c_uint, c_int, c_int, c_int, PI, PI]),
    ("wr_map_landing", STATUS, [MAP, c_int, Hex, PI]),
    # campaign.h: spending and saving, unformed movement, getting lost
    ("wr_march_start", STATUS, [c_int, P(March)]),
    ("wr_march_enter", STATUS, [P(March), c_int, c_int, PI]),
    ("wr_march_end_day", STATUS, [P(March), c_int]),
    ("wr_march_contact", STATUS, [P(March), PI]),
    ("wr_march_rally", STATUS, [P(March)]),
    ("wr_stragglers_gathered", STATUS, [c_int, c_int, c_int, PI]),
    ("wr_half_die_roll", STATUS, [RNG, PI]),
    ("wr_raft_defence", STATUS, [c_int, c_int, PI]),
    ("wr_getting_lost", STATUS, [c_int, c_int, c_int, c_int, PI]),
    ("wr_getting_lost_roll", STATUS, [c_int, c_int, c_int, RNG, PI]),
    ("wr_map_on_route", STATUS, [MAP, Hex, c_int, PI]),
    # campaign.h: route planning
    ("wr_plan_params_default", STATUS, [c_int, P(PlanParams)]),
    ("wr_planner_new", STATUS, [P(PLANNER)]),
    ("wr_planner_new_ex", STATUS, [ALLOC, P(PLANNER)]),
    ("wr_planner_free", None, [PLANNER]),
    ("wr_planner_route", STATUS, [PLANNER, MAP, P(PlanParams), Hex, Hex, P(Route)]),
    ("wr_planner_field", STATUS, [PLANNER, MAP, P(PlanParams), Hex, P(Arrival), c_size]),
    ("wr_planner_reachable", STATUS, [PLANNER, MAP, P(PlanParams), Hex, c_int, P(P(Hex)), PZ]),
    ("wr_planner_route_graph", STATUS, [PLANNER, P(PlanGraph), P(PlanParams), c_i32, c_i32, P(Route)]),
    ("wr_map_moves", STATUS, [MAP, P(PlanParams), Hex, P(PlanEdge), c_size, PZ]),
    ("wr_moves_from", STATUS, [P(PlanParams), P(HexDesc), P(HexDesc), P(Side), P(i32), P(PlanEdge),
                               c_size, PZ]),
    # campaign.h: a force's state, plans from it, and their replay
    ("wr_force_start", STATUS, [P(ForceState)]),
    ("wr_force_check", STATUS, [P(ForceState), c_int]),
    ("wr_force_move", STATUS, [P(ForceState), c_int, P(PlanEdge), PI]),
    ("wr_force_end_day", STATUS, [P(ForceState), c_int, c_int, c_int, c_int, PI]),
    ("wr_force_rally", STATUS, [P(ForceState), c_int]),
    ("wr_force_contact", STATUS, [P(ForceState), c_int, PI]),
    ("wr_map_side_index", STATUS, [MAP, Hex, c_int, P(i32)]),
    ("wr_planner_plan", STATUS, [PLANNER, MAP, P(PlanParams), P(PlanQuery), Hex, Hex,
                                 P(PlanResult)]),
    ("wr_planner_plan_field", STATUS, [PLANNER, MAP, P(PlanParams), P(PlanQuery), Hex, P(Arrival),
                                       c_size]),
    ("wr_map_check_rivers", STATUS, [MAP, PI, P(Hex), PI]),

]



def _candidates():
    """Where to look, in order: WARRULES_LIBRARY, next to the package, the system loader."""
    env = os.environ.get("WARRULES_LIBRARY")
    if env:
        yield "WARRULES_LIBRARY=" + env, env
        return
    here = os.path.dirname(os.path.abspath(__file__))
    for name in ("libwarrules.so.1", "libwarrules.so", "libwarrules.dylib", "warrules.dll"):
        yield "next to the package", os.path.join(here, name)
    found = ctypes.util.find_library("warrules")
    for name in ([found] if found else []) + ["libwarrules.so.1"]:
        yield "the system loader", name


def _open():
    tried = []
    for where, path in _candidates():
        try:
            return ctypes.CDLL(path), path
        except OSError as exc:
            tried.append(f"{path} ({where}): {exc}")
    raise WarrulesLibraryError(
        "could not load libwarrules; set WARRULES_LIBRARY to its path. Tried:\n  " + "\n  ".join(tried))


def _errcheck(result, func, args):
    if result != 0:
        raise WarrulesError(result, _status_name(result), func.__name__)
    return result


def _missing(name, path):
    def call(*args):
        raise WarrulesLibraryError(f"the library {path} lacks the symbol {name}")
    call.__name__ = name
    return call


class _Library:
    def __init__(self):
        self.cdll, self.path = _open()
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
            if restype == STATUS:
                fn.restype = ci
                fn.errcheck = _errcheck
            else:
                fn.restype = restype
            setattr(self, name, _guarded(fn, name))

    def has(self, name):
        """Whether the loaded library exports the C function `name`."""
        return name in self.module_of and name not in self.missing


def _guarded(fn, name):
    """Calls fn; an argument that a C integer cannot hold raises
    WarrulesError(WR_ERR_RANGE) rather than ctypes.ArgumentError, a value of
    the wrong type TypeError."""

    def call(*args):
        try:
            return fn(*args)
        except ctypes.ArgumentError as exc:
            if "WR_ERR_RANGE" in str(exc):
                raise WarrulesError(2, "WR_ERR_RANGE", name) from None
            raise TypeError(f"{name}: {exc}") from None

    call.__name__ = name
    call.c_function = fn
    return call


lib = _Library()


def _status_name(code):
    return lib.wr_status_name(code).decode()
