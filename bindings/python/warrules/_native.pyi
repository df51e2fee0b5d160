"""Types of warrules._native for type checkers: the struct mirrors and their
fields (ctypes builds the classes at run time). Names not listed here (rows
and structs added since) type as Any. Regenerate with
`python3 bindings/python/tests/gen_stub.py > bindings/python/warrules/_native.pyi`
(tests/test_enums.py checks it lists every struct and field)."""
import ctypes
from typing import Any, Dict, List, Mapping, Sequence, Union

IntArray = Sequence[int]


class Struct(ctypes.Structure):
    _c_name_: str
    def __init__(self, *args: Any, **kwargs: Any) -> None: ...
    def set_fields(self, fields: Mapping[str, Any], caller: str) -> "Struct": ...
    def as_dict(self) -> Dict[str, Any]: ...


class _Library:
    path: str
    missing: List[str]
    module_of: Dict[str, str]
    def has(self, name: str) -> bool: ...
    def __getattr__(self, name: str) -> Any: ...


lib: _Library
FUNCTIONS: List[Any]
STRUCTS: List[type]
VERSION: str


def __getattr__(name: str) -> Any: ...


class Allocator(Struct):
    fn: Any
    user: Any

class Error(Struct):
    status: int
    function: Any
    argument: Any
    value: int
    has_value: int
    expected: Any

class BattleUnitDesc(Struct):
    type: int
    figures: int
    equipment: int
    traits: int
    single_creature: int
    in_command: int

class FormationInfo(Struct):
    order: int
    frontage: int
    facing: int
    special: int
    sides: int
    spent: int
    turned: int

class TacticalLeg(Struct):
    terrain: int
    length: int
    obstacles: int
    rises: int

class TacticalResult(Struct):
    legal: int
    problem: int
    cost: int
    available: int
    left: int
    order: int
    road: int
    breaks_formation: int

class FireArea(Struct):
    shape: int
    width: int
    length: int
    area: int
    area_pi: int

class MissileTable(Struct):
    modifier: IntArray

class Wounds(Struct):
    hits: int
    counted: int
    serious: int
    critical: int
    unconscious: int
    dead: int

class MeleeUnitDesc(Struct):
    kind: int
    figures: int
    files: int
    weapon_type: int
    armour: int
    mount: int
    troop_class: int
    flags: int
    morale: int
    legs: int
    base_width_mm: int
    base_depth_mm: int

class MeleeEvent(Struct):
    rule: int
    side: int
    value: int
    detail: int

class CombatantSituation(Struct):
    in_contact: int
    charged: int
    attacked_in: int
    cover: int
    character_present: int

class Situation(Struct):
    side: Sequence[CombatantSituation]

class MoraleTest(Struct):
    reason: int
    side: int
    round: int
    figures: int
    lost: int
    enemy_lost: int
    disordered: int
    character_present: int
    enemy_monster: int
    unit: Any
    enemy: Any

class MoraleOdds(Struct):
    pass_: int
    retire: int
    rout: int

class Strike(Struct):
    bcp: int
    modifiers: int
    mod: IntArray
    ranks: int
    mcp: int
    fighting: int
    fighting_case: int
    fcp: int
    roll: int
    hits: int
    kills: int

class MeleeRound(Struct):
    round: int
    figures_before: IntArray
    flank_test: IntArray
    flank_roll: IntArray
    disordered: IntArray
    fought: int
    strike: Sequence[Strike]
    lost: IntArray
    n_wounds: IntArray
    wound: Sequence[IntArray]
    wound_location: Sequence[IntArray]
    wounds_before: Sequence[Wounds]
    wounds_after: Sequence[Wounds]
    loser: int
    pushed_back: int
    morale: int
    morale_roll: int
    morale_odds: MoraleOdds
    end: int
    pursuit: int
    n_events: int
    events_truncated: int
    events: Sequence[MeleeEvent]
    def event_list(self) -> List[MeleeEvent]: ...
    def explain(self) -> List[str]: ...

class KillOdds(Struct):
    hits: IntArray
    kills: IntArray
    percent: IntArray

class MeleeBatchCombatant(Struct):
    figures: Any
    files: Any
    in_contact: Any
    weapon: Any
    flags: Any
    bcp: Any
    modifiers: Any
    d100: Any

class MeleeBatchOut(Struct):
    fighting: Any
    mcp: Any
    fcp: Any
    kills: Any
    lost: Any

class PhaseCombatant(Struct):
    unit: Any
    face: int
    in_contact: int
    corner: int
    corner_fights: int
    contact: int
    cover: int
    character_present: int

class PhaseFight(Struct):
    side: Sequence[PhaseCombatant]

class PhaseUnit(Struct):
    fights: int
    figures_before: int
    fighting: int
    lost: int
    disordered: int
    worst: int

class Hex(Struct):
    q: int
    r: int
    def __iter__(self) -> Any: ...
    def __len__(self) -> int: ...
    def __getitem__(self, i: int) -> int: ...

class Hexside(Struct):
    river: int
    crossing: int
    road: int
    track: int

class MoveCosts(Struct):
    daily_points: int
    enter: IntArray
    road: int
    track: int
    upstream: int
    downstream: int
    sail_percent: int

class March(Struct):
    daily_points: int
    points: int
    day: int
    marching: int
    unformed: int
    unformed_today: int
    unformed_days: int
    @staticmethod
    def start(daily_points: int) -> March: ...
    def enter(self, cost: int, unformed: bool = ...) -> bool: ...
    def end_day(self, halt: bool = ...) -> None: ...
    def contact(self) -> bool: ...
    def rally(self) -> None: ...

class PlanParams(Struct):
    mover: int
    costs: MoveCosts
    traits: int
    home_regions: int
    options: int
    bridging_days: int
    tide: int
    wind: int
    figures: int

class Step(Struct):
    hex: Hex
    node: int
    day: int
    points_left: int
    nights: int
    flags: int

class Route(Struct):
    steps: Any
    step_count: int
    arrival_day: int
    points_left: int
    rally_days: int
    unformed_days: int
    stragglers: int
    escort_lost: int

class Arrival(Struct):
    day: int
    points_left: int

class PlanEdge(Struct):
    to: int
    points: int
    days: int
    flags: int

class PlanGraph(Struct):
    node_count: int
    moves: Any
    node_hex: Any
    user: Any

class HexDesc(Struct):
    on_map: int
    terrain: int
    features: int
    regions: int
    downstream: int
    water: int
    coastal: int

class ForceState(Struct):
    day: int
    points_spent: int
    points_saved: int
    unformed: int
    unformed_today: int
    unformed_days: int
    at_rally: int
    rally_days: int
    pressing: int
    crossing_days: int
    far_bank: int
    crossing: int
    @staticmethod
    def start() -> ForceState: ...
    def check(self, daily_points: int) -> None: ...
    def move(self, daily_points: int, move: Any) -> bool: ...
    def end_day(self, daily_points: int, halt: bool = ..., figures: int = ..., half_die: int = ...) -> int: ...
    def rally(self, daily_points: int) -> None: ...
    def contact(self, daily_points: int) -> bool: ...

class PlanQuery(Struct):
    start: Any
    objective: int
    blocked_hexes: Any
    blocked_hexes_size: int
    blocked_sides: Any
    blocked_sides_size: int
    blocked: Any
    user: Any

class PlanResult(Struct):
    outcome: int
    route: Route
    moves: Any
    arrival: ForceState


HexLike = Union[Hex, Sequence[int]]
