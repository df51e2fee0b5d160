#!/usr/bin/env python3
"""The public names against the grammar of CONTRIBUTING.md ("The public grammar").

Reads the exported functions of the shared library (its dynamic symbols),
the types, enum values and macros of the public headers, and checks each
name against the grammar. The deprecated names are listed once, below; each
must be declared deprecated in its header, and nothing else may break the
grammar. Usage: api_grammar.py LIBRARY INCLUDE_DIR
"""
import re
import subprocess
import sys

# Objects a function may begin with: handles and structs, then the rule
# texts' terms for pure rule functions (longest match wins).
OBJECTS = """
    battle_unit battle_unit_desc figure formation movement_phase movement_phase_costs
    missile_modifiers tactical rate mounted terrain shield_wall spears charge charger
    woods forest_fire low_ground
    hex hex_desc map move_costs land_entry march force plan_params planner river
    half_die stragglers raft getting_lost
    status version last_error rng
    reach fighting complete combat kills profile hit_chart wounds melee_unit
    melee_unit_desc melee melee_rule melee_event melee_odds melee_phase modifier morale
    advance dead_monster engagement odds_workspace melee_phase_odds charge_advisor
""".split()

# Words with one meaning each; the retired words may appear only in deprecated names.
RETIRED_WORDS = {"side", "def"}

DEPRECATED = """
    wr_clear_error wr_figure_damage_from_rolls wr_figure_damage_roll
    wr_figure_charge_damage_from_rolls wr_figure_charge_damage_roll wr_unit_desc_default
    wr_unit_new wr_unit_new_ex wr_unit_free wr_unit_get_desc wr_unit_set_desc wr_unit_figure
    wr_unit_kill_parts wr_set_spears_check wr_set_spears_declare wr_set_spears_multiplier
    wr_movement_costs_default wr_movement_spend wr_movement_set_order wr_movement_turn
    wr_movement_wheel wr_movement_shield_wall wr_movement_set_spears wr_woods_missile_allowed
    wr_forest_fire wr_forest_fire_reaches wr_missile_table_default wr_missile_terrain_modifier
    wr_map_contains wr_map_set_side wr_map_side wr_map_side_index wr_map_sight wr_map_on_route
    wr_half_die_roll wr_getting_lost_roll wr_moves_from wr_profile_hates wr_hit_chart_complete
    wr_unit_def_default wr_melee_unit_def wr_engagement_fight wr_melee_odds_new_ws
    wr_melee_simulate wr_melee_phase_resolve
    wr_side wr_unit wr_unit_desc wr_unit_type wr_movement_costs wr_missile_table wr_unit_def
    wr_unit_kind wr_side_situation wr_phase_side wr_melee_batch_side
    WR_SIDE_MOUNTED WR_SIDE_DISORDERED WR_SIDE_SWARM WR_SIDE_FLYING WR_SIDE_FLANKED
    WR_MAP_MAX_SIDE WR_RIVERS_SIDE_ON_COURSE
""".split()

# Groups a constant may begin with (WR_<GROUP>_...).
GROUPS = """
    VERSION ERR OK API ALLOW DEPRECATED PRAGMA
    FIGURE PART EQUIP TRAIT FACE TURN TERRAIN LEN MOVE TACTICAL FIRE STAT UNIT ORDER SPECIAL
    FROM ATTACK DECLARE WOODS LOW
    NO HEX FEATURE WATER MAP MOVER FORCE PLAN WIND STEP OBJECTIVE RIVERS ARM RIVER CROSS
    ZONE ROUTE LANDING TIDE INTERCEPT MEETING DAY DANGER
    COMBATANT RACE PROFILE SAMPLE ADVANCE ROUND ODDS PHASE WEAPON MOD MORALE WOUND MOUNT
    TROOP CONTACT REMAINS FALL RULE FACING COVER END FATE CHARGE
""".split()

SNAKE = re.compile(r"^wr_[a-z][a-z0-9]*(_[a-z0-9]+)*$")
UPPER = re.compile(r"^WR_[A-Z][A-Z0-9]*(_[A-Z0-9]+)*$")


def words(name):
    return name.split("_")[1:]


def object_of(name):
    best = None
    for obj in OBJECTS:
        if name == "wr_" + obj or name.startswith("wr_" + obj + "_"):
            if best is None or len(obj) > len(best):
                best = obj
    return best


def check_function(name, params):
    problems = []
    if not SNAKE.match(name):
        return [f"{name}: not lower_snake_case with the wr_ prefix"]
    obj = object_of(name)
    if obj is None:
        return [f"{name}: begins with no object of the grammar"]
    rest = name[len("wr_" + obj):].lstrip("_").split("_") if name != "wr_" + obj else []
    for i, w in enumerate(rest):
        if w == "get" and (i != 0 or len(rest) != 1):
            problems.append(f"{name}: 'get' only as the whole verb (wr_{obj}_get); a getter is wr_{obj}_<attribute>")
        if w == "set" and i != 0:
            problems.append(f"{name}: 'set' only right after the object, as a setter")
    if set(words(name)) & RETIRED_WORDS:
        problems.append(f"{name}: uses a retired word ({', '.join(sorted(set(words(name)) & RETIRED_WORDS))})")
    if rest and rest[-1] == "roll" and obj != "rng":
        problems.append(f"{name}: a dice variant ends in _rolls (the caller's dice) or _rng")
    if "from_rolls" in name:
        problems.append(f"{name}: the caller's dice are the _rolls suffix, not from_rolls")
    if params is not None:
        takes_rng = re.search(r"\bwr_rng\s*\*", params) is not None
        takes_rolls = re.search(r"const int \*rolls\b", params) is not None
        if takes_rng and obj != "rng" and not name.endswith("_rng"):
            problems.append(f"{name}: takes a wr_rng, so it ends in _rng")
        if takes_rolls and not name.endswith("_rolls"):
            problems.append(f"{name}: takes the caller's rolls, so it ends in _rolls")
    return problems


def check_type(name):
    if not SNAKE.match(name):
        return [f"{name}: not lower_snake_case with the wr_ prefix"]
    if set(words(name)) & RETIRED_WORDS:
        return [f"{name}: uses a retired word"]
    if re.match(r"^wr_unit_(desc|def|type|kind)$", name):
        return [f"{name}: name the unit's module (battle_unit, melee_unit)"]
    return []


def check_constant(name):
    if not UPPER.match(name):
        return [f"{name}: not UPPER_SNAKE_CASE with the WR_ prefix"]
    group = name.split("_")[1]
    problems = []
    if group not in GROUPS:
        problems.append(f"{name}: WR_{group}_ is no group of the grammar")
    if "SIDE" in name.split("_")[1:]:
        problems.append(f"{name}: uses the retired word SIDE (HEXSIDE, COMBATANT, EXTENT)")
    return problems


def self_test():
    """The rules refuse what they are for (so that the check can fail)."""
    bad_functions = [("wr_map_get_terrain", None), ("wr_half_die_roll", None),
                     ("wr_figure_damage_from_rolls", None), ("wr_map_side", None),
                     ("wr_set_spears_check", None), ("wr_engagement_fight", "const wr_engagement *e, wr_rng *rng"),
                     ("wr_melee_phase_resolve", "wr_melee_phase *p, const int *rolls, size_t n"),
                     ("wr_widget_new", None), ("wr_Map_new", None)]
    for name, params in bad_functions:
        assert check_function(name, params), f"self-test: {name} should break the grammar"
    good = [("wr_map_terrain", None), ("wr_map_set_terrain", None), ("wr_figure_get", None),
            ("wr_engagement_fight_rng", "const wr_engagement *e, wr_rng *rng"), ("wr_rng_roll", "wr_rng *rng")]
    for name, params in good:
        assert not check_function(name, params), f"self-test: {name} fits the grammar"
    assert check_type("wr_side") and check_type("wr_unit_desc") and not check_type("wr_hexside")
    assert check_constant("WR_SIDE_MOUNTED") and check_constant("WR_WIDGET_X")
    assert not check_constant("WR_COMBATANT_MOUNTED")


def main():
    self_test()
    library, include = sys.argv[1], sys.argv[2]
    headers = [f"{include}/warrules/{h}.h" for h in ("core", "battlesystem", "campaign", "melee")]
    text = "\n".join(open(h, encoding="utf-8").read() for h in headers)
    code = re.sub(r"/\*.*?\*/", "", text, flags=re.S)

    nm = subprocess.run(["nm", "-D", "--defined-only", library], capture_output=True, text=True, check=True)
    exported = sorted({line.split()[2].split("@")[0] for line in nm.stdout.splitlines()
                       if len(line.split()) == 3 and line.split()[1] in "TDBR"})
    prototypes = {m.group(2): m.group(3) for m in
                  re.finditer(r"WR_API\s+([^;{}]*?)\b(wr_\w+)\s*\(([^;]*?)\)\s*;", code, re.S)}
    marked = set(re.findall(r"WR_DEPRECATED\(\"[^\"]*\"\)\s+WR_API\s+[^;(]*?\b(wr_\w+)\s*\(", code))
    marked |= set(re.findall(r"typedef\s+(?:struct\s+)?WR_DEPRECATED\(\"[^\"]*\"\)\s+[^;]*?\b(wr_\w+)\s*;", code))
    marked |= set(re.findall(r"typedef struct WR_DEPRECATED\(\"[^\"]*\"\) (wr_\w+) \{", code))
    marked |= set(re.findall(r"#define\s+(WR_\w+)[\s\\]+WR_DEPRECATED_MACRO\(", code))
    types = set(re.findall(r"\}\s*(wr_\w+)\s*;", code)) | set(re.findall(r"typedef\s+[^;{}]*?\b(wr_\w+)\s*;", code))
    types |= set(re.findall(r"\(\s*\*\s*(wr_\w+)\s*\)", code))
    constants = set(re.findall(r"#\s*define\s+(WR_\w+)", code))
    constants |= set(re.findall(r"^\s*(WR_\w+)\s*(?:=|,|$)", code, re.M))

    problems = []
    deprecated = set(DEPRECATED)
    for name in sorted(deprecated - marked):
        problems.append(f"{name}: in the deprecated list but not declared with WR_DEPRECATED")
    for name in sorted(marked - deprecated):
        problems.append(f"{name}: declared deprecated but missing from the deprecated list")
    for name in sorted(set(prototypes) - set(exported)):
        problems.append(f"{name}: declared WR_API but not exported")
    for name in exported:
        if not name.startswith("wr_"):
            problems.append(f"{name}: exported without the wr_ prefix")
        elif name not in deprecated:
            problems += check_function(name, prototypes.get(name))
    for name in sorted(types - deprecated):
        problems += check_type(name)
    for name in sorted(constants - deprecated):
        problems += check_constant(name)
    checked = len(exported) + len(types) + len(constants)
    if problems:
        print("\n".join(problems))
        print(f"api_grammar: {len(problems)} problems in {checked} names")
        return 1
    print(f"api_grammar: {checked} names ({len(exported)} functions, {len(types)} types, "
          f"{len(constants)} constants) fit the grammar; {len(deprecated)} deprecated names kept")
    return 0


if __name__ == "__main__":
    sys.exit(main())
