"""The constants and their IntEnum/IntFlag classes, for type checkers only
(the modules make them at run time; warrules/__init__.py imports this stub
under TYPE_CHECKING). Regenerate with
`python3 bindings/python/tests/gen_stub.py --constants > bindings/python/warrules/_constants.pyi`
(tests/test_enums.py checks it lists every constant)."""
import enum


class Weapon(enum.IntEnum):
    OTHER = 0
    SPEAR = 1
    POLEARM = 2
    PIKE = 3

class Race(enum.IntEnum):
    OTHER = 0
    HUMAN = 1
    DWARF = 2
    HIGH_ELF = 3
    WOOD_ELF = 4
    ORC = 5
    GOBLIN = 6

class Modifier(enum.IntEnum):
    CHARGED = 0
    HATED_FOE = 1
    CAVALRY_VS_INFANTRY = 2
    PER_RANK = 3
    FLANK = 4
    REAR = 5
    FIGHTING_MONSTER = 6
    CHARACTER_PRESENT = 7
    COVER_LIGHT = 8
    COVER_MEDIUM = 9
    COVER_HEAVY = 10
    ELITE_VETERAN = 11
    C_CLASS = 12
    ENEMY_SHIELD = 13
    ENEMY_ARMOURED_MOUNT = 14
    ENEMY_DISORDERED = 15
    COUNT = 16

class MoraleModifier(enum.IntEnum):
    LOST_ROUND = 0
    PER_FIGURE_LOST = 1
    ATTACKED_FLANK = 2
    ATTACKED_REAR = 3
    DISORDERED = 4
    CHARACTER_PRESENT = 5
    FIGHTING_MONSTER = 6
    COUNT = 7

class SampleProfile(enum.IntEnum):
    DWARF_VETERANS = 0
    ORC_URUCKS = 1

class Wound(enum.IntEnum):
    NONE = 0
    NICKED = 1
    STUNNED = 2
    BLINDED = 3
    LIGHT = 4
    SERIOUS = 5
    CRITICAL = 6
    UNCONSCIOUS = 7
    KILLED = 8

class MeleeUnitKind(enum.IntEnum):
    TROOPS = 0
    MONSTER = 1
    CHARACTER = 2

class Mount(enum.IntEnum):
    NONE = 0
    UNARMOURED = 1
    ARMOURED = 2

class TroopClass(enum.IntEnum):
    REGULAR = 0
    ELITE = 1
    VETERAN = 2
    C_CLASS = 3

class ContactMove(enum.IntEnum):
    CHARGE = 0
    PUSHBACK = 1
    PURSUIT = 2
    ADVANCE = 3
    OTHER = 4

class Remains(enum.IntEnum):
    WALL = 0
    IMPASSABLE = 1

class Fall(enum.IntEnum):
    COLLAPSE = 0
    TOPPLE = 1
    CRASH = 2

class MeleeRule(enum.IntEnum):
    BCP = 0
    MODIFIER = 1
    MCP = 2
    FIGHTING = 3
    FCP = 4
    CERTAIN_KILLS = 5
    REMAINDER_HIT = 6
    REMAINDER_MISS = 7
    KILLS_CAPPED = 8
    WOUND = 9
    SLAIN = 10
    DISORDERED = 11
    NOT_DISORDERED = 12
    FLANK_TEST = 13
    ONE_RANK = 14
    LOST_ROUND = 15
    DRAWN = 16
    PUSHED_BACK = 17
    MORALE_TEST = 18
    MORALE_PASSED = 19
    RETIRES = 20
    ROUTS = 21
    PURSUIT = 22
    DESTROYED = 23
    COUNT = 24
    ONCE_PER_TURN = 25
    DISORDERED_ELSEWHERE = 26
    BLOOD_LUST = 27
    LEFT_FIGHT = 28
    NO_CHARGE_BONUS = 29
    LIMIT = 30

class Facing(enum.IntEnum):
    FRONT = 0
    FLANK = 1
    REAR = 2

class Cover(enum.IntEnum):
    NONE = 0
    LIGHT = 1
    MEDIUM = 2
    HEAVY = 3

class MoraleReason(enum.IntEnum):
    LOST_ROUND = 0
    FLANK = 1
    REAR = 2

class MeleeEnd(enum.IntEnum):
    ONGOING = 0
    A_ROUTS = 1
    A_RETIRES = 2
    B_ROUTS = 3
    B_RETIRES = 4
    A_DESTROYED = 5
    B_DESTROYED = 6
    BOTH_DESTROYED = 7
    COUNT = 8

class MoraleResult(enum.IntEnum):
    NONE = 0
    PASS = 1
    RETIRE = 2
    ROUT = 3

class PhaseContact(enum.IntEnum):
    CONTINUING = 0
    CHARGE = 1
    PURSUIT = 2
    PUSHBACK = 3

class MeleeFate(enum.IntEnum):
    FIGHTING = 0
    HOLDS = 1
    RETIRES = 2
    ROUTS = 3
    DESTROYED = 4
    COUNT = 5

class ChargeAim(enum.IntEnum):
    BREAK = 0
    FIGURES = 1
    SCORE = 2
    COUNT = 3

class CombatantFlag(enum.IntFlag):
    MOUNTED = 1
    DISORDERED = 2
    SWARM = 4
    FLYING = 8
    FLANKED = 16

class UnitFlag(enum.IntFlag):
    SHIELDS = 1
    DISORDERED = 2
    FLYING = 4
    COMBAT_HEIGHT = 8
    SWARM = 16
    GIANT = 32
    BLOOD_LUST = 64
    ALL_FLAGS = 127

class Stat(enum.IntEnum):
    AR = 0
    HD = 1
    AC = 2
    MV = 3
    SA = 4
    SD = 5

class BattleUnitType(enum.IntEnum):
    FOOT = 0
    CAVALRY = 1
    CHARIOT = 2

class FormationOrder(enum.IntEnum):
    OPEN = 0
    CLOSED = 1

class FormationSpecial(enum.IntEnum):
    NONE = 0
    SHIELD_WALL = 1
    SET_SPEARS = 2

class AttackFrom(enum.IntEnum):
    FRONT = 0
    LEFT = 1
    RIGHT = 2
    REAR = 3
    ABOVE = 4

class AttackKind(enum.IntEnum):
    MELEE = 0
    MISSILE = 1
    ARTILLERY = 2
    OTHER = 3

class DeclareProblem(enum.IntEnum):
    OK = 0
    NOT_IN_COMMAND = 1
    NOT_CLOSED = 2
    NO_EQUIPMENT = 3
    MOVED = 4
    ALREADY = 5
    NO_TURN = 6

class Terrain(enum.IntEnum):
    CLEAR = 0
    ROAD = 1
    WOODS = 2
    ROUGH = 3
    SWAMP = 4
    WATER = 5

class TacticalProblem(enum.IntEnum):
    OK = 0
    IMMOBILE = 1
    CHARGE_UPHILL = 2
    CHARGE_OBSTACLE = 3
    CHARGE_WOODS = 4
    WATER = 5
    CLOSED_ORDER = 6
    TOO_FAR = 7

class WoodsPos(enum.IntEnum):
    OUT = 0
    EDGE = 1
    IN = 2

class FireWind(enum.IntEnum):
    CALM = 0
    LIGHT = 1
    STRONG = 2

class FireShape(enum.IntEnum):
    CIRCLE = 0
    RECTANGLE = 1

class LowGround(enum.IntEnum):
    NONE = 0
    DITCH = 1
    FORD = 2
    SWAMP = 3

class Part(enum.IntFlag):
    RIDER = 1
    STEED = 2

class Equipment(enum.IntFlag):
    LARGE_SHIELDS = 1
    SPEARS = 2
    CHARGE_WEAPONS = 4

class Trait(enum.IntFlag):
    WOODLAND = 1
    MOUNTAIN = 2
    SWAMP = 4
    AQUATIC = 8

class Face(enum.IntFlag):
    FRONT = 1
    LEFT = 2
    RIGHT = 4
    REAR = 8
    ALL = 15

class TacticalFlag(enum.IntFlag):
    CHARGE = 1
    ON_ROAD = 2

class Arm(enum.IntEnum):
    INFANTRY = 0
    CAVALRY = 1

class River(enum.IntEnum):
    MINOR = 1
    MAJOR = 2

class Crossing(enum.IntEnum):
    OPEN = 0
    BRIDGE = 1
    FERRY = 2
    FORD = 3

class HexTerrain(enum.IntEnum):
    CLEAR = 0
    FOREST = 1
    SWAMP = 2
    HILLS = 3
    MOUNTAINS = 4
    SEA = 5
    COAST = 6
    LAKE = 7

class Zone(enum.IntEnum):
    LAND = 0
    COAST = 1
    COASTAL_WATERS = 2
    OPEN_SEA = 3
    LAKE = 4

class Mover(enum.IntEnum):
    INFANTRY = 0
    CAVALRY = 1
    LONGSHIP = 2
    GALLEY = 3
    SAILING_SHIP = 4
    TRANSPORT = 5
    RIVER_BOAT = 6

class RouteKind(enum.IntEnum):
    NONE = 0
    ROAD = 1
    TRACK = 2

class Landing(enum.IntEnum):
    BEACH = 1
    ANCHOR = 2
    DOCK = 3

class Tide(enum.IntEnum):
    NONE = 0
    FLOOD = 1
    EBB = 2
    HIGH = 3

class PlanObjective(enum.IntEnum):
    EARLIEST_FORMED = 0
    EARLIEST = 1
    FEWEST_UNFORMED = 2

class InterceptObjective(enum.IntEnum):
    EARLIEST = 0
    FORMED = 1
    BEFORE = 2
    FORMED_BEFORE = 3

class Meeting(enum.IntEnum):
    SAME_HEX = 0
    ADJACENT = 1
    ADJACENT_NO_RIVER = 2

class DayOrder(enum.IntEnum):
    ENEMY_FIRST = 0
    OWN_FIRST = 1

class Feature(enum.IntFlag):
    PORT = 1
    CHANNEL = 2
    MUD_FLAT = 4
    ALL = 7

class Water(enum.IntFlag):
    UNNAVIGABLE = 1
    CATARACT = 2
    TIDAL = 4
    ALL = 7

class Force(enum.IntFlag):
    ELLRIENDI = 1
    LIZARD_MEN = 2
    ALL = 3

class PlanOption(enum.IntFlag):
    UNFORMED = 1
    RAFTS_ANYWHERE = 2
    BRIDGING_TRAIN = 4
    PLAIN_COSTS = 8
    ALL = 15

class StepFlag(enum.IntFlag):
    START = 1
    UNFORMED = 2
    ROAD = 4
    TRACK = 8
    FORD = 16
    SWIM = 32
    BRIDGE = 64
    FERRY = 128
    RAFTS = 256
    BRIDGING = 512
    RALLY = 1024
    UPSTREAM = 2048
    DOWNSTREAM = 4096
    OPEN_SEA = 8192
    NIGHT = 16384

WEAPON_OTHER: Weapon
WEAPON_SPEAR: Weapon
WEAPON_POLEARM: Weapon
WEAPON_PIKE: Weapon
COMBATANT_MOUNTED: CombatantFlag
COMBATANT_DISORDERED: CombatantFlag
COMBATANT_SWARM: CombatantFlag
COMBATANT_FLYING: CombatantFlag
COMBATANT_FLANKED: CombatantFlag
RACE_OTHER: Race
RACE_HUMAN: Race
RACE_DWARF: Race
RACE_HIGH_ELF: Race
RACE_WOOD_ELF: Race
RACE_ORC: Race
RACE_GOBLIN: Race
RACE_MAX: int
PROFILE_WEAPONS: int
PROFILE_ARMOURS: int
SAMPLE_ARMOUR_CHAINMAIL: int
MOD_CHARGED: Modifier
MOD_HATED_FOE: Modifier
MOD_CAVALRY_VS_INFANTRY: Modifier
MOD_PER_RANK: Modifier
MOD_FLANK: Modifier
MOD_REAR: Modifier
MOD_FIGHTING_MONSTER: Modifier
MOD_CHARACTER_PRESENT: Modifier
MOD_COVER_LIGHT: Modifier
MOD_COVER_MEDIUM: Modifier
MOD_COVER_HEAVY: Modifier
MOD_ELITE_VETERAN: Modifier
MOD_C_CLASS: Modifier
MOD_ENEMY_SHIELD: Modifier
MOD_ENEMY_ARMOURED_MOUNT: Modifier
MOD_ENEMY_DISORDERED: Modifier
MOD_COUNT: Modifier
MORALE_LOST_ROUND: MoraleModifier
MORALE_PER_FIGURE_LOST: MoraleModifier
MORALE_ATTACKED_FLANK: MoraleModifier
MORALE_ATTACKED_REAR: MoraleModifier
MORALE_DISORDERED: MoraleModifier
MORALE_CHARACTER_PRESENT: MoraleModifier
MORALE_FIGHTING_MONSTER: MoraleModifier
MORALE_COUNT: MoraleModifier
SAMPLE_DWARF_VETERANS: SampleProfile
SAMPLE_ORC_URUCKS: SampleProfile
WOUND_NONE: Wound
WOUND_NICKED: Wound
WOUND_STUNNED: Wound
WOUND_BLINDED: Wound
WOUND_LIGHT: Wound
WOUND_SERIOUS: Wound
WOUND_CRITICAL: Wound
WOUND_UNCONSCIOUS: Wound
WOUND_KILLED: Wound
UNIT_TROOPS: MeleeUnitKind
UNIT_MONSTER: MeleeUnitKind
UNIT_CHARACTER: MeleeUnitKind
MOUNT_NONE: Mount
MOUNT_UNARMOURED: Mount
MOUNT_ARMOURED: Mount
TROOP_REGULAR: TroopClass
TROOP_ELITE: TroopClass
TROOP_VETERAN: TroopClass
TROOP_C_CLASS: TroopClass
UNIT_SHIELDS: UnitFlag
UNIT_DISORDERED: UnitFlag
UNIT_FLYING: UnitFlag
UNIT_COMBAT_HEIGHT: UnitFlag
UNIT_SWARM: UnitFlag
UNIT_GIANT: UnitFlag
UNIT_BLOOD_LUST: UnitFlag
UNIT_ALL_FLAGS: UnitFlag
MOVE_CHARGE: ContactMove
MOVE_PUSHBACK: ContactMove
MOVE_PURSUIT: ContactMove
MOVE_ADVANCE: ContactMove
MOVE_OTHER: ContactMove
ADVANCE_STOP_MM: int
REMAINS_WALL: Remains
REMAINS_IMPASSABLE: Remains
FALL_COLLAPSE: Fall
FALL_TOPPLE: Fall
FALL_CRASH: Fall
RULE_BCP: MeleeRule
RULE_MODIFIER: MeleeRule
RULE_MCP: MeleeRule
RULE_FIGHTING: MeleeRule
RULE_FCP: MeleeRule
RULE_CERTAIN_KILLS: MeleeRule
RULE_REMAINDER_HIT: MeleeRule
RULE_REMAINDER_MISS: MeleeRule
RULE_KILLS_CAPPED: MeleeRule
RULE_WOUND: MeleeRule
RULE_SLAIN: MeleeRule
RULE_DISORDERED: MeleeRule
RULE_NOT_DISORDERED: MeleeRule
RULE_FLANK_TEST: MeleeRule
RULE_ONE_RANK: MeleeRule
RULE_LOST_ROUND: MeleeRule
RULE_DRAWN: MeleeRule
RULE_PUSHED_BACK: MeleeRule
RULE_MORALE_TEST: MeleeRule
RULE_MORALE_PASSED: MeleeRule
RULE_RETIRES: MeleeRule
RULE_ROUTS: MeleeRule
RULE_PURSUIT: MeleeRule
RULE_DESTROYED: MeleeRule
RULE_COUNT: MeleeRule
RULE_ONCE_PER_TURN: MeleeRule
RULE_DISORDERED_ELSEWHERE: MeleeRule
RULE_BLOOD_LUST: MeleeRule
RULE_LEFT_FIGHT: MeleeRule
RULE_NO_CHARGE_BONUS: MeleeRule
RULE_LIMIT: MeleeRule
FACING_FRONT: Facing
FACING_FLANK: Facing
FACING_REAR: Facing
COVER_NONE: Cover
COVER_LIGHT: Cover
COVER_MEDIUM: Cover
COVER_HEAVY: Cover
MORALE_REASON_LOST_ROUND: MoraleReason
MORALE_REASON_FLANK: MoraleReason
MORALE_REASON_REAR: MoraleReason
ROUND_MAX_WOUNDS: int
ROUND_MAX_EVENTS: int
END_ONGOING: MeleeEnd
END_A_ROUTS: MeleeEnd
END_A_RETIRES: MeleeEnd
END_B_ROUTS: MeleeEnd
END_B_RETIRES: MeleeEnd
END_A_DESTROYED: MeleeEnd
END_B_DESTROYED: MeleeEnd
END_BOTH_DESTROYED: MeleeEnd
END_COUNT: MeleeEnd
MORALE_NONE: MoraleResult
MORALE_PASS: MoraleResult
MORALE_RETIRE: MoraleResult
MORALE_ROUT: MoraleResult
ODDS_MAX_FIGURES: int
ODDS_MAX_ROUNDS: int
CONTACT_CONTINUING: PhaseContact
CONTACT_CHARGE: PhaseContact
CONTACT_PURSUIT: PhaseContact
CONTACT_PUSHBACK: PhaseContact
PHASE_DEFAULT: int
PHASE_MAX_FIGHTS: int
PHASE_ODDS_MAX_UNITS: int
PHASE_ODDS_MAX_FIGHTS: int
PHASE_ODDS_MAX_STATES: int
FATE_FIGHTING: MeleeFate
FATE_HOLDS: MeleeFate
FATE_RETIRES: MeleeFate
FATE_ROUTS: MeleeFate
FATE_DESTROYED: MeleeFate
FATE_COUNT: MeleeFate
CHARGE_ADVISOR_MAX_OPTIONS: int
CHARGE_ADVISOR_MAX_TOP: int
CHARGE_ADVISOR_MAX_REASONS: int
CHARGE_AIM_BREAK: ChargeAim
CHARGE_AIM_FIGURES: ChargeAim
CHARGE_AIM_SCORE: ChargeAim
CHARGE_AIM_COUNT: ChargeAim
STAT_AR: Stat
STAT_HD: Stat
STAT_AC: Stat
STAT_MV: Stat
STAT_SA: Stat
STAT_SD: Stat
FIGURE_MAX_DICE: int
FIGURE_MAX_BONUS: int
PART_RIDER: Part
PART_STEED: Part
UNIT_TYPE_FOOT: BattleUnitType
UNIT_TYPE_CAVALRY: BattleUnitType
UNIT_TYPE_CHARIOT: BattleUnitType
EQUIP_LARGE_SHIELDS: Equipment
EQUIP_SPEARS: Equipment
EQUIP_CHARGE_WEAPONS: Equipment
TRAIT_WOODLAND: Trait
TRAIT_MOUNTAIN: Trait
TRAIT_SWAMP: Trait
TRAIT_AQUATIC: Trait
ORDER_OPEN: FormationOrder
ORDER_CLOSED: FormationOrder
SPECIAL_NONE: FormationSpecial
SPECIAL_SHIELD_WALL: FormationSpecial
SPECIAL_SET_SPEARS: FormationSpecial
FACE_FRONT: Face
FACE_LEFT: Face
FACE_RIGHT: Face
FACE_REAR: Face
FACE_ALL: Face
FROM_FRONT: AttackFrom
FROM_LEFT: AttackFrom
FROM_RIGHT: AttackFrom
FROM_REAR: AttackFrom
FROM_ABOVE: AttackFrom
ATTACK_MELEE: AttackKind
ATTACK_MISSILE: AttackKind
ATTACK_ARTILLERY: AttackKind
ATTACK_OTHER: AttackKind
DECLARE_OK: DeclareProblem
DECLARE_NOT_IN_COMMAND: DeclareProblem
DECLARE_NOT_CLOSED: DeclareProblem
DECLARE_NO_EQUIPMENT: DeclareProblem
DECLARE_MOVED: DeclareProblem
DECLARE_ALREADY: DeclareProblem
DECLARE_NO_TURN: DeclareProblem
TURN_COST_DEFAULT: int
TERRAIN_CLEAR: Terrain
TERRAIN_ROAD: Terrain
TERRAIN_WOODS: Terrain
TERRAIN_ROUGH: Terrain
TERRAIN_SWAMP: Terrain
TERRAIN_WATER: Terrain
TERRAIN_COUNT: int
LEN_PER_INCH: int
MOVE_PER_INCH: int
TACTICAL_FLAG_CHARGE: TacticalFlag
TACTICAL_FLAG_ON_ROAD: TacticalFlag
TACTICAL_OK: TacticalProblem
TACTICAL_IMMOBILE: TacticalProblem
TACTICAL_CHARGE_UPHILL: TacticalProblem
TACTICAL_CHARGE_OBSTACLE: TacticalProblem
TACTICAL_CHARGE_WOODS: TacticalProblem
TACTICAL_WATER: TacticalProblem
TACTICAL_CLOSED_ORDER: TacticalProblem
TACTICAL_TOO_FAR: TacticalProblem
WOODS_OUT: WoodsPos
WOODS_EDGE: WoodsPos
WOODS_IN: WoodsPos
FIRE_WIND_CALM: FireWind
FIRE_WIND_LIGHT: FireWind
FIRE_WIND_STRONG: FireWind
FIRE_CIRCLE: FireShape
FIRE_RECTANGLE: FireShape
FIRE_PER_INCH: int
LOW_NONE: LowGround
LOW_DITCH: LowGround
LOW_FORD: LowGround
LOW_SWAMP: LowGround
ARM_INFANTRY: Arm
ARM_CAVALRY: Arm
RIVER_MINOR: River
RIVER_MAJOR: River
NO_RIVER: int
CROSS_OPEN: Crossing
CROSS_BRIDGE: Crossing
CROSS_FERRY: Crossing
CROSS_FORD: Crossing
HEX_COORD_MAX: int
HEX_RADIUS_MAX: int
HEX_CLEAR: HexTerrain
HEX_FOREST: HexTerrain
HEX_SWAMP: HexTerrain
HEX_HILLS: HexTerrain
HEX_MOUNTAINS: HexTerrain
HEX_SEA: HexTerrain
HEX_COAST: HexTerrain
HEX_LAKE: HexTerrain
HEX_TERRAIN_COUNT: int
FEATURE_PORT: Feature
FEATURE_CHANNEL: Feature
FEATURE_MUD_FLAT: Feature
FEATURE_ALL: Feature
NO_WATERCOURSE: int
WATER_UNNAVIGABLE: Water
WATER_CATARACT: Water
WATER_TIDAL: Water
WATER_ALL: Water
ZONE_LAND: Zone
ZONE_COAST: Zone
ZONE_COASTAL_WATERS: Zone
ZONE_OPEN_SEA: Zone
ZONE_LAKE: Zone
MAP_MAX_EXTENT: int
MAP_MAX_HEXES: int
MOVER_INFANTRY: Mover
MOVER_CAVALRY: Mover
MOVER_LONGSHIP: Mover
MOVER_GALLEY: Mover
MOVER_SAILING_SHIP: Mover
MOVER_TRANSPORT: Mover
MOVER_RIVER_BOAT: Mover
MOVER_COUNT: int
FORCE_ELLRIENDI: Force
FORCE_LIZARD_MEN: Force
FORCE_ALL: Force
ROUTE_NONE: RouteKind
ROUTE_ROAD: RouteKind
ROUTE_TRACK: RouteKind
LANDING_BEACH: Landing
LANDING_ANCHOR: Landing
LANDING_DOCK: Landing
PLAN_UNFORMED: PlanOption
PLAN_RAFTS_ANYWHERE: PlanOption
PLAN_BRIDGING_TRAIN: PlanOption
PLAN_PLAIN_COSTS: PlanOption
PLAN_ALL: PlanOption
TIDE_NONE: Tide
TIDE_FLOOD: Tide
TIDE_EBB: Tide
TIDE_HIGH: Tide
WIND_NONE: int
PLAN_MAX_DAYS: int
STEP_START: StepFlag
STEP_UNFORMED: StepFlag
STEP_ROAD: StepFlag
STEP_TRACK: StepFlag
STEP_FORD: StepFlag
STEP_SWIM: StepFlag
STEP_BRIDGE: StepFlag
STEP_FERRY: StepFlag
STEP_RAFTS: StepFlag
STEP_BRIDGING: StepFlag
STEP_RALLY: StepFlag
STEP_UPSTREAM: StepFlag
STEP_DOWNSTREAM: StepFlag
STEP_OPEN_SEA: StepFlag
STEP_NIGHT: StepFlag
PLAN_MAX_LANDMARKS: int
PLAN_MAX_EDGES: int
PLAN_MAX_EDGE_POINTS: int
PLAN_MAX_EDGE_DAYS: int
OBJECTIVE_EARLIEST_FORMED: PlanObjective
OBJECTIVE_EARLIEST: PlanObjective
OBJECTIVE_FEWEST_UNFORMED: PlanObjective
OBJECTIVE_COUNT: int
PLAN_FOUND: int
PLAN_NO_ROUTE: int
RIVERS_OK: int
RIVERS_HEXSIDE_ON_COURSE: int
RIVERS_DEAD_END: int
INTERCEPT_EARLIEST: InterceptObjective
INTERCEPT_FORMED: InterceptObjective
INTERCEPT_BEFORE: InterceptObjective
INTERCEPT_FORMED_BEFORE: InterceptObjective
INTERCEPT_OBJECTIVE_COUNT: int
MEETING_SAME_HEX: Meeting
MEETING_ADJACENT: Meeting
MEETING_ADJACENT_NO_RIVER: Meeting
MEETING_COUNT: int
DAY_ENEMY_FIRST: DayOrder
DAY_OWN_FIRST: DayOrder
DAY_ORDER_COUNT: int
FORCE_MAX_POSITIONS: int
DANGER_MAX_FORCES: int
INTERCEPT_FOUND: int
INTERCEPT_IMPOSSIBLE: int
