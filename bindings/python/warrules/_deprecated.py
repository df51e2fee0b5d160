"""The package's older names, each beside the grammatical one that replaced it.

The Python names follow the C names (CONTRIBUTING.md, "The public grammar"): a function is the C name
without `wr_`, a method the C name without the handle's object, a class the
C type in CamelCase, a constant the C macro without `WR_`. The names they
replaced still work and give the same object or result, but each use raises
DeprecationWarning, at the caller's line, naming the replacement; they go
in 2.0, as the C aliases in each header's "Deprecated names" section do.

RENAMED is the one table: under None, the package's module-level names
(functions, classes, enum classes, constants; warrules.__getattr__ reads
it); under a class name, that class's old methods and properties (install()
puts a descriptor in the class for each), which are also the old keyword
arguments of the class's constructor. A new name written "name()" marks a
property that became a method: the old property still gives the value.
"""
import warnings

RENAMED = {
    None: {
        # melee.h
        "UnitDef": "MeleeUnitDesc",
        "UnitKind": "MeleeUnitKind",
        "unit_def_default": "melee_unit_desc_default",
        "SideSituation": "CombatantSituation",
        "side_situation": "combatant_situation",
        "PhaseSide": "PhaseCombatant",
        "phase_side": "phase_combatant",
        "MeleeBatchSideResult": "MeleeBatchCombatantResult",
        "SideFlag": "CombatantFlag",
        "SIDE_MOUNTED": "COMBATANT_MOUNTED",
        "SIDE_DISORDERED": "COMBATANT_DISORDERED",
        "SIDE_SWARM": "COMBATANT_SWARM",
        "SIDE_FLYING": "COMBATANT_FLYING",
        "SIDE_FLANKED": "COMBATANT_FLANKED",
        # battlesystem.h
        "Unit": "BattleUnit",
        "UnitDesc": "BattleUnitDesc",
        "UnitType": "BattleUnitType",
        "unit_desc_default": "battle_unit_desc_default",
        "MovementCosts": "MovementPhaseCosts",
        "movement_costs_default": "movement_phase_costs_default",
        "woods_missile_allowed": "woods_may_shoot",
        "forest_fire": "forest_fire_area",
        "forest_fire_reaches": "forest_fire_has_reached",
        # campaign.h
        "Side": "Hexside",
        "MAP_MAX_SIDE": "MAP_MAX_EXTENT",
        "RIVERS_SIDE_ON_COURSE": "RIVERS_HEXSIDE_ON_COURSE",
        "half_die_roll": "half_die_rng",
        "getting_lost_roll": "getting_lost_rng",
        "moves_from": "hex_desc_moves",
    },
    "Figure": {
        "damage_from_rolls": "damage_rolls",
        "damage_roll": "damage_rng",
        "charge_damage_from_rolls": "charge_damage_rolls",
        "charge_damage_roll": "charge_damage_rng",
    },
    "Formation": {
        "set_spears_check": "spears_check",
        "set_spears_declare": "spears_declare",
        "set_spears_multiplier": "spears_multiplier",
        "movement_begin": "movement_phase_begin",
        "spend": "movement_phase_spend",
        "change_order": "movement_phase_set_order",
        "movement_turn": "movement_phase_turn",
        "wheel": "movement_phase_wheel",
        "movement_shield_wall": "movement_phase_declare_shield_wall",
        "movement_set_spears": "movement_phase_declare_spears",
    },
    "Profile": {"hates": "hated"},
    "HitChart": {"complete": "is_complete()"},
    "MeleeUnit": {"definition": "desc"},
    "Engagement": {"fight": "fight_rng", "simulate": "simulate_rng"},
    "MeleePhase": {"resolve": "resolve_rng"},
    "Map": {
        "contains": "has_hex",
        "set_side": "set_hexside",
        "side": "hexside",
        "side_index": "hexside_index",
        "sight": "is_visible",
        "on_route": "is_on_route",
    },
}


def _warn(old, new, stacklevel):
    warnings.warn(f"{old} is deprecated: use {new}", DeprecationWarning, stacklevel=stacklevel + 1)


def module_attribute(namespace, name):
    """The value of an old module-level name of the package, with its
    warning (for warrules.__getattr__, whose caller the warning names)."""
    new = RENAMED[None].get(name)
    if new is None:
        raise AttributeError(f"module 'warrules' has no attribute {name!r}")
    _warn(f"warrules.{name}", f"warrules.{new}", 3)
    return namespace[new]


class _Renamed:
    """An old method or property name of a class: reading it (on the class
    or an instance) warns and gives the new attribute, as setting it sets
    the new one."""

    def __init__(self, owner, old, new):
        self.owner, self.old = owner, old
        self.new, self.call = new.rstrip("()"), new.endswith("()")
        self.__doc__ = f"Deprecated: use {owner}.{new}."

    def __get__(self, obj, objtype=None):
        _warn(f"{self.owner}.{self.old}", f"{self.owner}.{self.new}{'()' if self.call else ''}", 2)
        if obj is None:
            return getattr(objtype, self.new)
        value = getattr(obj, self.new)
        return value() if self.call else value

    def __set__(self, obj, value):
        _warn(f"{self.owner}.{self.old}", f"{self.owner}.{self.new}", 2)
        setattr(obj, self.new, value)


def install(namespace):
    """Puts the old method and property names into the package's classes."""
    for owner, names in RENAMED.items():
        if owner is not None:
            for old, new in names.items():
                setattr(namespace[owner], old, _Renamed(owner, old, new))


def renamed_keyword(owner, old, value, current):
    """The value of an old keyword argument of a class's constructor, with its
    warning (naming the constructor's caller); `current` is the new keyword's."""
    new = RENAMED[owner][old]
    if current is not None:
        raise TypeError(f"{owner}() got both {old!r} and {new!r}")
    _warn(f"{owner}({old}=...)", f"{owner}({new}=...)", 3)
    return value
