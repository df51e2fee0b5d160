"""The constants as IntEnum and IntFlag classes (plain ints to C).

Each module keeps its constants as module-level names (warrules.WEAPON_PIKE);
promote(namespace) turns each name listed in SPEC into a member of its
class (Weapon.PIKE is warrules.WEAPON_PIKE, repr <Weapon.PIKE: 3>) and adds
the class to the namespace. A constant not listed stays a plain int (limits
such as RACE_MAX). SPEC mirrors the headers: tests/test_enums.py checks it
against them; `python3 bindings/python/tests/gen_enums.py` prints it anew.
"""
import enum
import os

SPEC = [
    # melee.h
    ('Weapon', 'enum', ['WEAPON_OTHER', 'WEAPON_SPEAR', 'WEAPON_POLEARM', 'WEAPON_PIKE']),
    ('Race', 'enum', ['RACE_OTHER', 'RACE_HUMAN', 'RACE_DWARF', 'RACE_HIGH_ELF', 'RACE_WOOD_ELF',
        'RACE_ORC', 'RACE_GOBLIN']),
    ('Modifier', 'enum', ['MOD_CHARGED', 'MOD_HATED_FOE', 'MOD_CAVALRY_VS_INFANTRY',
        'MOD_PER_RANK', 'MOD_FLANK', 'MOD_REAR', 'MOD_FIGHTING_MONSTER', 'MOD_CHARACTER_PRESENT',
        'MOD_COVER_LIGHT', 'MOD_COVER_MEDIUM', 'MOD_COVER_HEAVY', 'MOD_ELITE_VETERAN',
        'MOD_C_CLASS', 'MOD_ENEMY_SHIELD', 'MOD_ENEMY_ARMOURED_MOUNT', 'MOD_ENEMY_DISORDERED',
        'MOD_COUNT']),
    ('MoraleModifier', 'enum', ['MORALE_LOST_ROUND', 'MORALE_PER_FIGURE_LOST',
        'MORALE_ATTACKED_FLANK', 'MORALE_ATTACKED_REAR', 'MORALE_DISORDERED',
        'MORALE_CHARACTER_PRESENT', 'MORALE_FIGHTING_MONSTER', 'MORALE_COUNT']),
    ('SampleProfile', 'enum', ['SAMPLE_DWARF_VETERANS', 'SAMPLE_ORC_URUCKS']),
    ('Wound', 'enum', ['WOUND_NONE', 'WOUND_NICKED', 'WOUND_STUNNED', 'WOUND_BLINDED',
        'WOUND_LIGHT', 'WOUND_SERIOUS', 'WOUND_CRITICAL', 'WOUND_UNCONSCIOUS', 'WOUND_KILLED']),
    ('MeleeUnitKind', 'enum', ['UNIT_TROOPS', 'UNIT_MONSTER', 'UNIT_CHARACTER']),
    ('Mount', 'enum', ['MOUNT_NONE', 'MOUNT_UNARMOURED', 'MOUNT_ARMOURED']),
    ('TroopClass', 'enum', ['TROOP_REGULAR', 'TROOP_ELITE', 'TROOP_VETERAN', 'TROOP_C_CLASS']),
    ('ContactMove', 'enum', ['MOVE_CHARGE', 'MOVE_PUSHBACK', 'MOVE_PURSUIT', 'MOVE_ADVANCE',
        'MOVE_OTHER']),
    ('Remains', 'enum', ['REMAINS_WALL', 'REMAINS_IMPASSABLE']),
    ('Fall', 'enum', ['FALL_COLLAPSE', 'FALL_TOPPLE', 'FALL_CRASH']),
    ('MeleeRule', 'enum', ['RULE_BCP', 'RULE_MODIFIER', 'RULE_MCP', 'RULE_FIGHTING', 'RULE_FCP',
        'RULE_CERTAIN_KILLS', 'RULE_REMAINDER_HIT', 'RULE_REMAINDER_MISS', 'RULE_KILLS_CAPPED',
        'RULE_WOUND', 'RULE_SLAIN', 'RULE_DISORDERED', 'RULE_NOT_DISORDERED', 'RULE_FLANK_TEST',
        'RULE_ONE_RANK', 'RULE_LOST_ROUND', 'RULE_DRAWN', 'RULE_PUSHED_BACK', 'RULE_MORALE_TEST',
        'RULE_MORALE_PASSED', 'RULE_RETIRES', 'RULE_ROUTS', 'RULE_PURSUIT', 'RULE_DESTROYED',
        'RULE_COUNT', 'RULE_ONCE_PER_TURN', 'RULE_DISORDERED_ELSEWHERE', 'RULE_BLOOD_LUST',
        'RULE_LEFT_FIGHT', 'RULE_NO_CHARGE_BONUS', 'RULE_LIMIT']),
    ('Facing', 'enum', ['FACING_FRONT', 'FACING_FLANK', 'FACING_REAR']),
    ('Cover', 'enum', ['COVER_NONE', 'COVER_LIGHT', 'COVER_MEDIUM', 'COVER_HEAVY']),
    ('MoraleReason', 'enum', ['MORALE_REASON_LOST_ROUND', 'MORALE_REASON_FLANK',
        'MORALE_REASON_REAR']),
    ('MeleeEnd', 'enum', ['END_ONGOING', 'END_A_ROUTS', 'END_A_RETIRES', 'END_B_ROUTS',
        'END_B_RETIRES', 'END_A_DESTROYED', 'END_B_DESTROYED', 'END_BOTH_DESTROYED', 'END_COUNT']),
    ('MoraleResult', 'enum', ['MORALE_NONE', 'MORALE_PASS', 'MORALE_RETIRE', 'MORALE_ROUT']),
    ('PhaseContact', 'enum', ['CONTACT_CONTINUING', 'CONTACT_CHARGE', 'CONTACT_PURSUIT',
        'CONTACT_PUSHBACK']),
    ('CombatantFlag', 'flag', ['COMBATANT_MOUNTED', 'COMBATANT_DISORDERED', 'COMBATANT_SWARM',
        'COMBATANT_FLYING', 'COMBATANT_FLANKED']),
    ('UnitFlag', 'flag', ['UNIT_SHIELDS', 'UNIT_DISORDERED', 'UNIT_FLYING', 'UNIT_COMBAT_HEIGHT',
        'UNIT_SWARM', 'UNIT_GIANT', 'UNIT_BLOOD_LUST', 'UNIT_ALL_FLAGS']),
    # battlesystem.h
    ('Stat', 'enum', ['STAT_AR', 'STAT_HD', 'STAT_AC', 'STAT_MV', 'STAT_SA', 'STAT_SD']),
    ('BattleUnitType', 'enum', ['UNIT_TYPE_FOOT', 'UNIT_TYPE_CAVALRY', 'UNIT_TYPE_CHARIOT']),
    ('FormationOrder', 'enum', ['ORDER_OPEN', 'ORDER_CLOSED']),
    ('FormationSpecial', 'enum', ['SPECIAL_NONE', 'SPECIAL_SHIELD_WALL', 'SPECIAL_SET_SPEARS']),
    ('AttackFrom', 'enum', ['FROM_FRONT', 'FROM_LEFT', 'FROM_RIGHT', 'FROM_REAR', 'FROM_ABOVE']),
    ('AttackKind', 'enum', ['ATTACK_MELEE', 'ATTACK_MISSILE', 'ATTACK_ARTILLERY', 'ATTACK_OTHER']),
    ('DeclareProblem', 'enum', ['DECLARE_OK', 'DECLARE_NOT_IN_COMMAND', 'DECLARE_NOT_CLOSED',
        'DECLARE_NO_EQUIPMENT', 'DECLARE_MOVED', 'DECLARE_ALREADY', 'DECLARE_NO_TURN']),
    ('Terrain', 'enum', ['TERRAIN_CLEAR', 'TERRAIN_ROAD', 'TERRAIN_WOODS', 'TERRAIN_ROUGH',
        'TERRAIN_SWAMP', 'TERRAIN_WATER']),
    ('TacticalProblem', 'enum', ['TACTICAL_OK', 'TACTICAL_IMMOBILE', 'TACTICAL_CHARGE_UPHILL',
        'TACTICAL_CHARGE_OBSTACLE', 'TACTICAL_CHARGE_WOODS', 'TACTICAL_WATER',
        'TACTICAL_CLOSED_ORDER', 'TACTICAL_TOO_FAR']),
    ('WoodsPos', 'enum', ['WOODS_OUT', 'WOODS_EDGE', 'WOODS_IN']),
    ('FireWind', 'enum', ['FIRE_WIND_CALM', 'FIRE_WIND_LIGHT', 'FIRE_WIND_STRONG']),
    ('FireShape', 'enum', ['FIRE_CIRCLE', 'FIRE_RECTANGLE']),
    ('LowGround', 'enum', ['LOW_NONE', 'LOW_DITCH', 'LOW_FORD', 'LOW_SWAMP']),
    ('Part', 'flag', ['PART_RIDER', 'PART_STEED']),
    ('Equipment', 'flag', ['EQUIP_LARGE_SHIELDS', 'EQUIP_SPEARS', 'EQUIP_CHARGE_WEAPONS']),
    ('Trait', 'flag', ['TRAIT_WOODLAND', 'TRAIT_MOUNTAIN', 'TRAIT_SWAMP', 'TRAIT_AQUATIC']),
    ('Face', 'flag', ['FACE_FRONT', 'FACE_LEFT', 'FACE_RIGHT', 'FACE_REAR', 'FACE_ALL']),
    ('TacticalFlag', 'flag', ['TACTICAL_FLAG_CHARGE', 'TACTICAL_FLAG_ON_ROAD']),
    # campaign.h
    ('Arm', 'enum', ['ARM_INFANTRY', 'ARM_CAVALRY']),
    ('River', 'enum', ['RIVER_MINOR', 'RIVER_MAJOR']),
    ('Crossing', 'enum', ['CROSS_OPEN', 'CROSS_BRIDGE', 'CROSS_FERRY', 'CROSS_FORD']),
    ('HexTerrain', 'enum', ['HEX_CLEAR', 'HEX_FOREST', 'HEX_SWAMP', 'HEX_HILLS', 'HEX_MOUNTAINS',
        'HEX_SEA', 'HEX_COAST', 'HEX_LAKE']),
    ('Zone', 'enum', ['ZONE_LAND', 'ZONE_COAST', 'ZONE_COASTAL_WATERS', 'ZONE_OPEN_SEA',
        'ZONE_LAKE']),
    ('Mover', 'enum', ['MOVER_INFANTRY', 'MOVER_CAVALRY', 'MOVER_LONGSHIP', 'MOVER_GALLEY',
        'MOVER_SAILING_SHIP', 'MOVER_TRANSPORT', 'MOVER_RIVER_BOAT']),
    ('RouteKind', 'enum', ['ROUTE_NONE', 'ROUTE_ROAD', 'ROUTE_TRACK']),
    ('Landing', 'enum', ['LANDING_BEACH', 'LANDING_ANCHOR', 'LANDING_DOCK']),
    ('Tide', 'enum', ['TIDE_NONE', 'TIDE_FLOOD', 'TIDE_EBB', 'TIDE_HIGH']),
    ('PlanObjective', 'enum', ['OBJECTIVE_EARLIEST_FORMED', 'OBJECTIVE_EARLIEST',
        'OBJECTIVE_FEWEST_UNFORMED']),
    ('Feature', 'flag', ['FEATURE_PORT', 'FEATURE_CHANNEL', 'FEATURE_MUD_FLAT', 'FEATURE_ALL']),
    ('Water', 'flag', ['WATER_UNNAVIGABLE', 'WATER_CATARACT', 'WATER_TIDAL', 'WATER_ALL']),
    ('Force', 'flag', ['FORCE_ELLRIENDI', 'FORCE_LIZARD_MEN', 'FORCE_ALL']),
    ('PlanOption', 'flag', ['PLAN_UNFORMED', 'PLAN_RAFTS_ANYWHERE', 'PLAN_BRIDGING_TRAIN',
        'PLAN_PLAIN_COSTS', 'PLAN_ALL']),
    ('StepFlag', 'flag', ['STEP_START', 'STEP_UNFORMED', 'STEP_ROAD', 'STEP_TRACK', 'STEP_FORD',
        'STEP_SWIM', 'STEP_BRIDGE', 'STEP_FERRY', 'STEP_RAFTS', 'STEP_BRIDGING', 'STEP_RALLY',
        'STEP_UPSTREAM', 'STEP_DOWNSTREAM', 'STEP_OPEN_SEA', 'STEP_NIGHT']),
]

# struct fields shown by name in reprs: (struct, field) -> class
FIELDS = {
    ("Step", "flags"): "StepFlag", ("TacticalResult", "problem"): "TacticalProblem",
    ("TacticalResult", "order"): "FormationOrder", ("BattleUnitDesc", "type"): "BattleUnitType",
    ("BattleUnitDesc", "equipment"): "Equipment", ("BattleUnitDesc", "traits"): "Trait",
    ("FormationInfo", "order"): "FormationOrder", ("FormationInfo", "special"): "FormationSpecial",
    ("FormationInfo", "sides"): "Face", ("MeleeUnitDesc", "kind"): "MeleeUnitKind",
    ("MeleeUnitDesc", "mount"): "Mount", ("MeleeUnitDesc", "troop_class"): "TroopClass",
    ("MeleeUnitDesc", "flags"): "UnitFlag",
    ("MeleeEvent", "rule"): "MeleeRule", ("MeleeRound", "end"): "MeleeEnd",
    ("MeleeRound", "morale"): "MoraleResult", ("MoraleTest", "reason"): "MoraleReason",
    ("PlanEdge", "flags"): "StepFlag", ("PlanParams", "mover"): "Mover",
    ("PlanParams", "options"): "PlanOption", ("PlanParams", "traits"): "Force",
    ("HexDesc", "terrain"): "HexTerrain", ("HexDesc", "features"): "Feature", ("HexDesc", "water"): "Water",
    ("Hexside", "crossing"): "Crossing", ("FireArea", "shape"): "FireShape",
}

CLASSES = {}  # name -> class, of every module promoted


def _prefix(names):
    """The longest common prefix of the names that ends with "_"."""
    prefix = os.path.commonprefix(names)
    prefix = prefix[:prefix.rfind("_") + 1] if "_" in prefix else ""
    if any(n == prefix.rstrip("_") or n[len(prefix):][:1].isdigit() for n in names):
        prefix = ""
    return prefix


def promote(namespace):
    """Turns the constants of SPEC that `namespace` defines into members of
    their IntEnum/IntFlag class, and adds the classes to it; returns their names."""
    added = []
    for name, kind, names in SPEC:
        present = [n for n in names if isinstance(namespace.get(n), int) and not isinstance(namespace[n], enum.Enum)]
        if not present or name in namespace:
            continue
        prefix = _prefix(present) if len(present) > 1 else present[0][:present[0].rfind("_") + 1]
        members = [(n[len(prefix):] or n, int(namespace[n])) for n in present]
        base = enum.IntFlag if kind == "flag" else enum.IntEnum
        cls = base(name, members, module=namespace.get("__name__", __name__).rsplit(".", 1)[0])
        cls.__doc__ = f"The {', '.join(present[:3])}{', ...' if len(present) > 3 else ''} constants (plain ints to C)."
        for n, (member, _) in zip(present, members):
            namespace[n] = cls[member]
        namespace[name] = cls
        CLASSES[name] = cls
        added.append(name)
    return added


def field_class(struct_name, field):
    """The enum class whose names a struct field's repr shows, or None."""
    return CLASSES.get(FIELDS.get((struct_name, field), ""))
