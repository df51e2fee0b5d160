"""The study of a sweep: unit definitions as plain data, the variants each
side takes over the axes, the matchup grid, the check of every variant
before any work is sent out, and the computation of one chunk of matchups
(which runs in worker processes, so it takes and returns plain data only)."""
import ctypes
import hashlib
import itertools
import threading
import weakref
from typing import Any, Dict, Iterable, List, Optional, Sequence, Tuple

import warrules as wr
from ._native import lib as _lib

UNIT_FIELDS = ("kind", "figures", "files", "weapon_type", "armour", "mount", "troop_class",
               "flags", "morale", "legs", "base_width_mm", "base_depth_mm")
SITUATION_FIELDS = ("in_contact", "charged", "attacked_in", "cover", "character_present")
PROFILE_KEYS = ("sample", "race", "weapons", "bcp", "modifiers", "hated", "morale_modifiers",
                "retire_band")
OTHER_KEYS = ("name", "profile", "row")
SAMPLES = ("dwarf-veterans", "orc-urucks")  # SAMPLE_DWARF_VETERANS, SAMPLE_ORC_URUCKS

END_NAMES = ("ongoing", "a_routs", "a_retires", "b_routs", "b_retires", "a_destroyed",
             "b_destroyed", "both_destroyed")
A_WINS = ("b_routs", "b_retires", "b_destroyed")
B_WINS = ("a_routs", "a_retires", "a_destroyed")


class SweepInputError(ValueError):
    """Unit definitions or axes that the library (or the sweep) refuses,
    found before any work is sent out. .problems lists one (row, message)
    pair per bad variant: row names the unit definition that holds it.
    Each problem is listed once (a unit on both sides, refused the same way
    for each, is one problem)."""

    def __init__(self, problems: Iterable[Tuple[str, str]]) -> None:
        self.problems = list(dict.fromkeys(problems))
        lines = [f"{row}: {message}" for row, message in self.problems[:20]]
        if len(self.problems) > 20:
            lines.append(f"... and {len(self.problems) - 20} more")
        super().__init__("sweep input refused:\n  " + "\n  ".join(lines))


def plain(value: Any) -> Any:
    """A value as plain Python data: an IntEnum or other int subclass as an
    int, lists as tuples, dicts with plain keys and values."""
    if isinstance(value, bool) or value is None or isinstance(value, str):
        return value
    if isinstance(value, int):
        return int(value)
    if isinstance(value, float):
        return float(value)
    if isinstance(value, (list, tuple)):
        return tuple(plain(v) for v in value)
    if isinstance(value, dict):
        return {plain(k): plain(v) for k, v in value.items()}
    return value


def _items(value: Any) -> Tuple[Tuple[Any, Any], ...]:
    """A dict or a sequence of pairs as a sorted tuple of pairs."""
    pairs = value.items() if isinstance(value, dict) else value
    return tuple(sorted((plain(k), plain(v)) for k, v in pairs))


def canonical_profile(profile: Any) -> Any:
    """A profile description (a dict of PROFILE_KEYS, or a sample's name or
    number alone) as a canonical tuple (hashable, picklable, comparable)."""
    if isinstance(profile, (str, int)):
        profile = {"sample": profile}
    if not isinstance(profile, dict):
        raise TypeError("a profile is a dict of " + ", ".join(PROFILE_KEYS))
    unknown = sorted(set(profile) - set(PROFILE_KEYS))
    if unknown:
        raise KeyError(f"unknown profile key {unknown[0]!r} (known: {', '.join(PROFILE_KEYS)})")
    sample = profile.get("sample")
    if isinstance(sample, str):
        if sample not in SAMPLES:
            raise KeyError(f"unknown sample {sample!r} (known: {', '.join(SAMPLES)})")
        sample = (wr.SAMPLE_DWARF_VETERANS, wr.SAMPLE_ORC_URUCKS)[SAMPLES.index(sample)]
    weapons = tuple((row, tuple(v) if isinstance(v, (tuple, list)) else (v, True))
                    for row, v in _items(profile.get("weapons", {})))
    return (("sample", plain(sample)), ("race", plain(profile.get("race"))), ("weapons", weapons),
            ("bcp", _items(profile.get("bcp", {}))),
            ("modifiers", _items(profile.get("modifiers", {}))),
            ("hated", tuple(sorted(plain(tuple(profile.get("hated", ())))))),
            ("morale_modifiers", _items(profile.get("morale_modifiers", {}))),
            ("retire_band", plain(profile.get("retire_band"))))


def build_profile(canon: Any) -> Any:
    """A Profile from a canonical profile description."""
    p = dict(canon)
    if p["sample"] is not None:
        profile = wr.Profile.sample(p["sample"])
    else:
        profile = wr.Profile(wr.RACE_OTHER if p["race"] is None else p["race"])
    try:
        for row, (reach, allowed) in p["weapons"]:
            profile.set_weapon(row, reach, allowed)
        for (row, armour), bcp in p["bcp"]:
            profile.set_bcp(row, armour, bcp)
        for modifier, value in p["modifiers"]:
            profile.set_modifier(modifier, value)
        for race in p["hated"]:
            profile.set_hated(race, True)
        for modifier, value in p["morale_modifiers"]:
            profile.set_morale_modifier(modifier, value)
        if p["retire_band"] is not None:
            profile.retire_band = p["retire_band"]
    except BaseException:
        profile.close()
        raise
    return profile


def _set_path(unit: Any, path: str, value: Any) -> Any:
    """A copy of a unit dict with the dotted path set ("figures",
    "profile.modifiers.0", "profile.bcp.0.2"); digit segments are int keys."""
    keys = [int(k) if k.lstrip("-").isdigit() else k for k in path.split(".")]
    if keys[:2] == ["profile", "bcp"] and len(keys) == 4:
        keys = keys[:2] + [tuple(keys[2:])]   # profile.bcp.ROW.ARMOUR
    unit = dict(unit)
    node = unit
    for key in keys[:-1]:
        child = node.get(key, {})
        if isinstance(child, (str, int)) and key == "profile":
            child = {"sample": child}
        child = dict(child) if isinstance(child, dict) else dict(child or {})
        node[key] = child
        node = child
    node[keys[-1]] = value
    return unit


class Variant:
    """One side's unit in one cell of the axes: plain data only."""

    __slots__ = ("unit", "name", "row", "axes", "profile", "fields", "situation")

    def __init__(self, unit: int, name: str, row: str, axes: Any, profile: Any, fields: Any,
                 situation: Any) -> None:
        self.unit, self.name, self.row, self.axes = unit, name, row, axes
        self.profile, self.fields, self.situation = profile, fields, situation

    def key(self) -> Tuple[Any, Any, Any]:
        return (self.profile, self.fields, self.situation)

    def label(self) -> str:
        values = ", ".join(f"{k}={v}" for k, v in self.axes)
        return f"{self.name} ({values})" if values else self.name


def make_variant(unit_index: int, unit: Any, axes_values: Any) -> "Variant":
    """The Variant of unit number unit_index (0-based) with the axes set."""
    row = unit.get("row") or f"unit {unit_index + 1}"
    name = str(unit.get("name", f"unit{unit_index + 1}"))
    for path, value in axes_values:
        unit = _set_path(unit, path, value)
    unknown = sorted(set(unit) - set(UNIT_FIELDS) - set(SITUATION_FIELDS) - set(OTHER_KEYS))
    if unknown:
        raise KeyError(f"unknown unit key {unknown[0]!r}")
    if "profile" not in unit:
        raise KeyError("a unit needs a 'profile'")
    fields = tuple((k, plain(unit[k])) for k in UNIT_FIELDS if k in unit)
    situation = tuple((k, plain(unit[k])) for k in SITUATION_FIELDS
                      if k in unit and unit[k] is not None)
    axes = tuple((path, plain(value)) for path, value in axes_values)
    return Variant(unit_index, name, row, axes, canonical_profile(unit["profile"]), fields,
                   situation)


def combatant_situation(variant: "Variant", definition: Any) -> Any:
    """The variant's CombatantSituation; in_contact unset means the full frontage
    (min(files, figures))."""
    s = dict(variant.situation)
    if "in_contact" not in s:
        s["in_contact"] = max(0, min(definition.files, definition.figures))
    return wr.combatant_situation(**s)


class UnitMaker:
    """Builds (and caches, within one chunk) the MeleeUnit of each variant."""

    def __init__(self) -> None:
        self.profiles: Dict[Any, Any] = {}
        self.units: Dict[Any, Any] = {}

    def profile(self, canon: Any) -> Any:
        if canon not in self.profiles:
            self.profiles[canon] = build_profile(canon)
        return self.profiles[canon]

    def unit(self, side: int, variant: "Variant") -> Any:
        key = (side, variant.key())
        if key not in self.units:
            unit = wr.MeleeUnit(self.profile(variant.profile), **dict(variant.fields))
            self.units[key] = (unit, combatant_situation(variant, unit.desc))
        return self.units[key]

    def close(self) -> None:
        for unit, _ in self.units.values():
            unit.close()
        for profile in self.profiles.values():
            profile.close()


def error_text(exc: BaseException) -> str:
    """A one-line description of an exception from the library or a bad key."""
    if isinstance(exc, KeyError) and exc.args:
        return str(exc.args[0])
    name = getattr(exc, "name", None)
    function = getattr(exc, "function", None)
    if isinstance(exc, wr.WarrulesError) and name:
        return f"{name} from {function}" if function else str(name)
    return f"{type(exc).__name__}: {exc}"


class Study:
    """The matchup grid of a sweep: side a's variants by side b's variants,
    a-major (matchup index = a_index * len(b) + b_index). Plain data: it
    pickles to worker processes and Dask workers."""

    def __init__(self, units: Sequence[Any], axes: Any = None, a: Any = None, b: Any = None,
                 rounds: int = 30, axes_a: Any = None, axes_b: Any = None) -> None:
        self.rounds = rounds
        shared = list((axes or {}).items())
        side_axes = (shared + list((axes_a or {}).items()), shared + list((axes_b or {}).items()))
        self.axis_names = tuple(tuple(path for path, _ in ax) for ax in side_axes)
        units = list(units)
        names = [str(u.get("name", f"unit{i + 1}")) if isinstance(u, dict) else None
                 for i, u in enumerate(units)]
        problems: List[Tuple[str, str]] = []
        for i, u in enumerate(units):
            if not isinstance(u, dict):
                problems.append((f"unit {i + 1}", "a unit definition is a dict"))
        if not isinstance(rounds, int) or not 1 <= rounds <= wr.ODDS_MAX_ROUNDS:
            problems.append(("rounds", f"{rounds!r} is not 1..{wr.ODDS_MAX_ROUNDS}"))
        for ax in side_axes:
            for path, values in ax:
                if not isinstance(path, str) or not path or not list(values):
                    problems.append((f"axis {path!r}", "an axis is a dotted key with a list of values"))
            if len(set(path for path, _ in ax)) != len(ax):
                problems.append(("axes", "a side varies a key twice"))
        if problems:
            raise SweepInputError(problems)
        cells = [list(itertools.product(*[[(path, v) for v in values] for path, values in ax]))
                 for ax in side_axes]
        self.a = self._side(units, names, a, cells[0], problems, "a")
        self.b = self._side(units, names, b, cells[1], problems, "b")
        if problems:
            raise SweepInputError(problems)
        self.check(problems)
        if problems:
            raise SweepInputError(problems)

    def _side(self, units: Sequence[Any], names: Any, chosen: Any, cells: Any,
              problems: List[Tuple[str, str]], label: str) -> List["Variant"]:
        if chosen is None:
            chosen = names
        variants: List[Variant] = []
        for name in chosen:
            if name not in names:
                problems.append((f"side {label}", f"no unit named {name!r}"))
                continue
            index = names.index(name)
            for cell in cells:
                try:
                    variants.append(make_variant(index, units[index], cell))
                except (KeyError, TypeError, ValueError) as exc:
                    row = units[index].get("row") or f"unit {index + 1}"
                    problems.append((row, f"{name}: {error_text(exc)}"))
        return variants

    def check(self, problems: List[Tuple[str, str]]) -> None:
        """Builds every distinct variant's profile, unit and situation once
        (against a twin in front contact) and records what the library refuses."""
        maker = UnitMaker()
        seen = set()
        try:
            for side, variants in ((0, self.a), (1, self.b)):
                for v in variants:
                    if v.key() in seen:
                        continue
                    seen.add(v.key())
                    try:
                        unit, situation = maker.unit(side, v)
                        figures = unit.desc.figures
                        if figures > wr.ODDS_MAX_FIGURES:
                            raise ValueError(f"figures={figures}: the exact odds take at most "
                                             f"{wr.ODDS_MAX_FIGURES} a side")
                        twin = wr.MeleeUnit(maker.profile(v.profile), **dict(v.fields))
                        try:
                            wr.Engagement(unit, twin, [situation, wr.combatant_situation()]).close()
                        finally:
                            twin.close()
                    except (KeyError, TypeError, ValueError) as exc:
                        problems.append((v.row, f"{v.label()}: {error_text(exc)}"))
        finally:
            maker.close()

    def __len__(self) -> int:
        return len(self.a) * len(self.b)

    def fingerprint(self) -> str:
        """A digest of everything that decides the results (not the labels)."""
        text = repr((self.rounds, [v.key() for v in self.a], [v.key() for v in self.b]))
        return hashlib.sha256(text.encode()).hexdigest()[:32]

    def keys(self, index: int) -> Dict[str, Any]:
        """The plain-value columns that name a matchup."""
        va, vb = self.a[index // len(self.b)], self.b[index % len(self.b)]
        row: Dict[str, Any] = {"index": index, "a": va.name, "b": vb.name}
        for label, v in (("a", va), ("b", vb)):
            for path, value in v.axes:
                row[f"{label}.{path}"] = value
        return row


class _ChunkState:
    """What the chunks of one study share in one thread of a worker: the
    units built so far and an odds workspace (the chain's working memory,
    kept from one matchup to the next)."""

    def __init__(self, study: "Study") -> None:
        self.study = weakref.ref(study)
        self.maker = UnitMaker()
        self.workspace: Any = wr.OddsWorkspace()  # type: ignore[no-untyped-call]

    def close(self) -> None:
        self.maker.close()
        self.workspace.close()


_STATE = threading.local()


def _chunk_state(study: "Study") -> _ChunkState:
    """This thread's _ChunkState for the study (a new one, the last one
    closed, when the study is another)."""
    state: Optional[_ChunkState] = getattr(_STATE, "state", None)
    if state is not None and state.study() is study:
        return state
    release_chunk_state()
    state = _ChunkState(study)
    _STATE.state = state
    return state


def release_chunk_state() -> None:
    """Closes this thread's units and workspace (kept between chunks)."""
    state = getattr(_STATE, "state", None)
    _STATE.state = None
    if state is not None:
        state.close()


def compute_chunk(study: "Study", indices: Sequence[int]) -> List[Tuple[int, Any, Optional[str]]]:
    """The odds of the matchups `indices` of a study: a list of
    (index, ends, error) with ends the END_COUNT probabilities in units of
    10**-18 (rounded down), or None and the refusal's text. The units and
    the odds workspace stay with the thread for the study's next chunk."""
    # (the work is in a function of its own: this one may be pickled by
    # value, and its globals must then pickle too)
    return _compute_chunk(study, indices)


def _compute_chunk(study: "Study", indices: Sequence[int]) -> List[Tuple[int, Any, Optional[str]]]:
    state = _chunk_state(study)
    maker, workspace = state.maker, state.workspace
    out: List[Tuple[int, Any, Optional[str]]] = []
    nb = len(study.b)
    # the ends read straight from C: the odds are this thread's own, just
    # made, and every end is valid, so the binding's per-call guard (which
    # holds shared handles while C runs) has nothing to guard here
    odds_end, p = _lib.cdll.wr_melee_odds_end, ctypes.c_uint64()
    p_ref, end_range = ctypes.byref(p), range(wr.END_COUNT)
    try:
        for index in indices:
            try:
                a, sa = maker.unit(0, study.a[index // nb])
                b, sb = maker.unit(1, study.b[index % nb])
                with wr.Engagement(a, b, [sa, sb]) as fight, \
                        fight.odds(study.rounds, workspace=workspace) as odds:
                    handle = odds._handle()
                    ends: List[int] = []
                    for e in end_range:
                        if odds_end(handle, e, p_ref) != 0:  # cannot happen: as end_e18 then
                            ends = [odds.end_e18(e) for e in end_range]
                            break
                        ends.append(p.value)
                out.append((index, tuple(ends), None))
            except (KeyError, TypeError, ValueError) as exc:
                out.append((index, None, error_text(exc)))
    except BaseException:
        release_chunk_state()
        raise
    return out
