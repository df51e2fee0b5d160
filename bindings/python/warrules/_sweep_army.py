"""Army lists as CSV files for warrules.sweep: one unit a line, so that a unit
the library refuses is reported with the file and line that hold it."""
import csv
from typing import Any, Dict, List, Union

import warrules as wr

TRUE = ("yes", "true", "on")
FALSE = ("no", "false", "off")


class ArmyListError(ValueError):
    """A cell of an army list that is not a value (FILE:LINE: column: text)."""


def _value(text: str, where: str) -> Union[bool, int, str]:
    """A cell: an int, yes/no, a warrules constant's name (WEAPON_SPEAR),
    names or ints joined by '|' (UNIT_SHIELDS|UNIT_GIANT), or text."""
    text = text.strip()
    if text.lower() in TRUE:
        return True
    if text.lower() in FALSE:
        return False
    parts = [p.strip() for p in text.split("|")]
    values = []
    for part in parts:
        try:
            values.append(int(part, 0))
            continue
        except ValueError:
            pass
        if part.isupper() and isinstance(getattr(wr, part, None), int):
            values.append(int(getattr(wr, part)))
        elif len(parts) == 1:
            return text
        else:
            raise ArmyListError(f"{where}: {part!r} is not a number or a warrules constant")
    result = 0
    for v in values:
        result |= v
    return result


def read_army_csv(path: str) -> List[Dict[str, Any]]:
    """The units of an army list CSV, for sweep.run / sweep.plan.

    The header names each column with a unit key (name, profile, figures,
    files, weapon_type, armour, mount, troop_class, flags, morale,
    in_contact, charged, attacked_in, cover, character_present) or a dotted
    profile key: profile.race, profile.retire_band, profile.modifiers.MOD,
    profile.morale_modifiers.MOD, profile.bcp.ROW.ARMOUR,
    profile.weapons.ROW (the reach), profile.hated (races joined by '|').
    `profile` is a sample's name or empty. An empty cell leaves the key
    unset. Each unit's "row" is "PATH:LINE"."""
    units: List[Dict[str, Any]] = []
    with open(path, newline="", encoding="utf-8") as f:
        reader = csv.DictReader(f)
        for record in reader:
            line = reader.line_num
            unit: Dict[str, Any] = {"row": f"{path}:{line}"}
            for column, cell in record.items():
                if column is None or cell is None or not cell.strip():
                    continue
                column = column.strip()
                where = f"{path}:{line}: {column}"
                if column == "name":
                    unit["name"] = cell.strip()
                    continue
                if column == "profile":
                    if isinstance(unit.get("profile"), dict):
                        unit["profile"]["sample"] = cell.strip()
                    else:
                        unit["profile"] = cell.strip()
                    continue
                value = _value(cell, where)
                if column.startswith("profile."):
                    _profile_key(unit, column[len("profile."):], value, where, cell)
                else:
                    unit[column] = value
            units.append(unit)
    return units


def _profile_key(unit: Dict[str, Any], key: str, value: Union[bool, int, str], where: str,
                 cell: str) -> None:
    profile: Any = unit.get("profile")
    profile = {"sample": profile} if isinstance(profile, str) else dict(profile or {})
    parts = key.split(".")
    try:
        if parts[0] in ("race", "retire_band", "sample") and len(parts) == 1:
            profile[parts[0]] = value
        elif parts[0] == "hated" and len(parts) == 1:
            profile["hated"] = [int(_value(p, where)) for p in cell.split("|")]
        elif parts[0] in ("modifiers", "morale_modifiers", "weapons") and len(parts) == 2:
            profile.setdefault(parts[0], {})[int(_value(parts[1], where))] = value
        elif parts[0] == "bcp" and len(parts) == 3:
            profile.setdefault("bcp", {})[(int(parts[1]), int(parts[2]))] = value
        else:
            raise ArmyListError(f"{where}: unknown profile column")
    except (TypeError, ValueError) as exc:
        if isinstance(exc, ArmyListError):
            raise
        raise ArmyListError(f"{where}: {exc}") from None
    unit["profile"] = profile
