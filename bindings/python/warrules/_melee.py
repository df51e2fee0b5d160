"""Fantasy Warlord hand-to-hand combat (warrules/melee.h): the pinned counting
rules, profiles, hit charts and wounds, units, engagements and rounds, the
exact odds, and the batch form of many rounds."""
from __future__ import annotations

import array
import ctypes
from collections import namedtuple
from typing import Any, Callable, Iterable, List, Optional, Sequence, Tuple, Union
from fractions import Fraction

from ._enums import promote
from ._core import Allocator, Rng, Handle, keep_allocator, make_handle
from ._deprecated import renamed_keyword
from ._guard import callback_failed
from ._errors import WarrulesError
from ._native import (ENGAGEMENT, HIT_CHART, MELEE_ODDS, MELEE_PHASE, MELEE_UNIT, MORALE_FN,
                      ODDS_WORKSPACE, PROFILE, CombatantSituation, KillOdds, MeleeBatchCombatant,
                      MeleeBatchOut, MeleeEvent, MeleeRound, MeleeUnitDesc, MoraleOdds, MoraleTest,
                      PhaseCombatant, PhaseFight, PhaseUnit, Situation, Strike, Wounds, lib)
from ._util import ResultColumns, flag, give_back, int_array, int_columns, int_out, ints_out

from ._header_melee import *  # noqa: E402,F401,F403  (the constants of melee.h, generated)
_ENUMS = promote(globals())  # the constants as IntEnum/IntFlag members

__all__ = [name for name in list(globals()) if name.isupper() and not name.startswith("_")
           and name not in ("ENGAGEMENT", "HIT_CHART", "MELEE_ODDS", "MELEE_UNIT", "MORALE_FN",
                            "PROFILE", "MELEE_PHASE", "ODDS_WORKSPACE")]
__all__ += _ENUMS
__all__ += [
    "Wounds", "MeleeUnitDesc", "MeleeEvent", "CombatantSituation", "Situation", "MoraleTest",
    "MoraleOdds", "Strike", "MeleeRound", "KillOdds",
    "reach_ranks", "fighting_figures", "complete_ranks", "combat_percent", "kills_from_percent",
    "Profile", "HitChart", "wounds_add", "melee_unit_desc_default", "MeleeUnit", "melee_may_start",
    "advance_stop", "melee_rule_name", "melee_rule_source", "modifier_name", "melee_event_text",
    "morale_sample", "combatant_situation", "Engagement", "MeleeOdds", "OddsWorkspace",
    "melee_rounds_batch", "MeleeBatch", "MeleeBatchCombatantResult",
    "PhaseCombatant", "PhaseFight", "PhaseUnit", "phase_combatant", "MeleePhase",
]


# ---- pinned ------------------------------------------------------------------

def reach_ranks(weapon: int, disordered: bool = False) -> int:
    """Ranks that fight with this weapon: OTHER 1, SPEAR 2, POLEARM 2, PIKE 3; 1 when disordered."""
    return int_out(lib.wr_reach_ranks, weapon, 1 if disordered else 0)


def fighting_figures(figures: int, files: int, in_contact: int, weapon: int, self_flags: int = 0,
                     enemy_flags: int = 0) -> int:
    """How many figures of a side fight this round."""
    return int_out(lib.wr_fighting_figures, figures, files, in_contact, weapon, self_flags,
                   enemy_flags)


def complete_ranks(figures: int, files: int, self_flags: int = 0) -> int:
    """Complete ranks for the rank modifier (at most 1 when flanked)."""
    return int_out(lib.wr_complete_ranks, figures, files, self_flags)


def combat_percent(bcp: int, modifiers: int, fighting: int) -> Tuple[int, int]:
    """(MCP, FCP): the modified and the final combat percentage."""
    return ints_out(lib.wr_combat_percent, 2, bcp, modifiers, fighting)


def kills_from_percent(fcp: int, d100: int) -> int:
    """Figures killed by a final combat percentage with the remainder roll d100."""
    return int_out(lib.wr_kills_from_percent, fcp, d100)


# ---- profiles ----------------------------------------------------------------

class Profile(Handle):
    """A race's profile sheet (wr_profile): weapon rows, BCP table, combat and
    morale modifiers, hated foes, retire band. Profile(race) is empty (every
    number 0); Profile.sample(SAMPLE_DWARF_VETERANS) holds the worked example's numbers."""

    _free = staticmethod(lambda p: lib.wr_profile_free(p))

    def __init__(self, race: int = RACE_OTHER, *, allocator: Optional[Allocator] = None) -> None:
        ptr = make_handle(lib.wr_profile_new, lib.wr_profile_new_ex, PROFILE, allocator, race)
        super().__init__(ptr)
        keep_allocator(self, allocator)

    @classmethod
    def sample(cls, which: int) -> Profile:
        """A labelled sample profile of the worked example (SAMPLE_*)."""
        ptr = PROFILE()
        lib.wr_profile_new_sample(which, ctypes.byref(ptr))
        return cls._adopt(ptr)

    @property
    def race(self) -> int:
        return int_out(lib.wr_profile_race, self._handle())

    def set_weapon(self, weapon_type: int, reach: int, allowed: bool = True) -> None:
        """Sets a weapon row (0..15): its reach class and whether the race may use it."""
        lib.wr_profile_set_weapon(self._handle(), weapon_type, reach, flag(allowed))

    def weapon(self, weapon_type: int) -> Tuple[int, bool]:
        """(reach, allowed) of a weapon row."""
        reach, allowed = ints_out(lib.wr_profile_weapon, 2, self._handle(), weapon_type)
        return reach, bool(allowed)

    def set_bcp(self, weapon_type: int, armour: int, bcp: int) -> None:
        """Sets one cell of the Basic Combat Percentage table."""
        lib.wr_profile_set_bcp(self._handle(), weapon_type, armour, bcp)

    def bcp(self, weapon_type: int, armour: int) -> int:
        return int_out(lib.wr_profile_bcp, self._handle(), weapon_type, armour)

    def set_modifier(self, modifier: int, value: int) -> None:
        """Sets a combat modifier's value (MOD_*)."""
        lib.wr_profile_set_modifier(self._handle(), modifier, value)

    def modifier(self, modifier: int) -> int:
        return int_out(lib.wr_profile_modifier, self._handle(), modifier)

    def set_hated(self, enemy: int, hated: bool = True) -> None:
        """Marks a race as a hated foe (or not)."""
        lib.wr_profile_set_hated(self._handle(), enemy, flag(hated))

    def hated(self, enemy: int) -> bool:
        return bool(int_out(lib.wr_profile_hated, self._handle(), enemy))

    def set_morale_modifier(self, modifier: int, value: int) -> None:
        """Sets a morale modifier's value (MORALE_* of wr_morale_modifier)."""
        lib.wr_profile_set_morale_modifier(self._handle(), modifier, value)

    def morale_modifier(self, modifier: int) -> int:
        return int_out(lib.wr_profile_morale_modifier, self._handle(), modifier)

    @property
    def retire_band(self) -> int:
        return int_out(lib.wr_profile_retire_band, self._handle())

    @retire_band.setter
    def retire_band(self, band: int) -> None:
        lib.wr_profile_set_retire_band(self._handle(), band)

    def __repr__(self):
        return "Profile(<closed>)" if self.closed else f"Profile(race={self.race})"


# ---- hit charts and wounds ---------------------------------------------------

class HitChart(Handle):
    """A hit chart (wr_hit_chart): d100 for the location, d4 for the severity."""

    _free = staticmethod(lambda p: lib.wr_hit_chart_free(p))

    def __init__(self, locations: Iterable[Any] = (), *, allocator: Optional[Allocator] = None) -> None:
        """locations: (lo, hi, location, (w1, w2, w3, w4)) entries, each one add() call."""
        ptr = make_handle(lib.wr_hit_chart_new, lib.wr_hit_chart_new_ex, HIT_CHART, allocator)
        super().__init__(ptr)
        keep_allocator(self, allocator)
        try:
            for entry in locations:
                self.add(*entry)
        except BaseException:
            self.close()
            raise

    def add(self, lo: int, hi: int, location: int, severity: Iterable[int]) -> None:
        """Adds a location: d100 results lo..hi with the wound (WOUND_*) for each d4 result."""
        severity = list(severity)
        if len(severity) != 4:
            raise WarrulesError(3, "WR_ERR_INVALID", "wr_hit_chart_add: severity needs 4 wounds")
        lib.wr_hit_chart_add(self._handle(), lo, hi, location, int_array(severity, "severity"))

    def is_complete(self) -> bool:
        """Whether every d100 result has a location."""
        return bool(int_out(lib.wr_hit_chart_is_complete, self._handle()))

    def lookup(self, d100: int, d4: int) -> Tuple[int, int]:
        """(location, wound) of one hit."""
        return ints_out(lib.wr_hit_chart_lookup, 2, self._handle(), d100, d4)


def wounds_add(wounds: Wounds, wound: int, character: bool = False) -> bool:
    """Adds one hit to a Wounds record in place and applies the death rules;
    returns whether the record is now dead."""
    return bool(int_out(lib.wr_wounds_add, ctypes.byref(wounds), wound, flag(character)))


# ---- units -------------------------------------------------------------------

def melee_unit_desc_default() -> MeleeUnitDesc:
    """The default MeleeUnitDesc: troops, 1 figure in 1 file, weapon row 0, armour 0,
    on foot, regular, no flags, sample morale 50, 4 legs, a 20x20 mm base."""
    return lib.wr_melee_unit_desc_default()


class MeleeUnit(Handle):
    """A unit, monster or character in hand-to-hand combat (wr_melee_unit).

    MeleeUnit(profile, desc=None, **fields): desc is a MeleeUnitDesc
    (default melee_unit_desc_default()); keyword fields (kind, figures, files,
    weapon_type, armour, mount, troop_class, flags, morale, legs,
    base_width_mm, base_depth_mm) override it. The profile is kept alive
    while the unit is open."""

    _free = staticmethod(lambda p: lib.wr_melee_unit_free(p))

    def __init__(self, profile: Profile, desc: Optional[MeleeUnitDesc] = None, *,
                 allocator: Optional[Allocator] = None, **fields: Any) -> None:
        if "definition" in fields:  # the older keyword
            desc = renamed_keyword("MeleeUnit", "definition", fields.pop("definition"), desc)
        d = melee_unit_desc_default() if desc is None else MeleeUnitDesc.from_buffer_copy(desc)
        d.set_fields(fields, "MeleeUnit")
        ptr = make_handle(lib.wr_melee_unit_new, lib.wr_melee_unit_new_ex, MELEE_UNIT, allocator,
                          profile._handle(), ctypes.byref(d))
        super().__init__(ptr)
        keep_allocator(self, allocator)
        self._pin(profile)
        self._chart: Optional[HitChart] = None

    @property
    def desc(self) -> MeleeUnitDesc:
        """The unit's current MeleeUnitDesc (figures and disorder as they are now)."""
        d = MeleeUnitDesc()
        lib.wr_melee_unit_get(self._handle(), ctypes.byref(d))
        return d

    @property
    def figures(self) -> int:
        return self.desc.figures

    @figures.setter
    def figures(self, value: int) -> None:
        lib.wr_melee_unit_set_figures(self._handle(), value)

    @property
    def disordered(self) -> bool:
        return bool(self.desc.flags & UNIT_DISORDERED)

    @disordered.setter
    def disordered(self, value: int) -> None:
        lib.wr_melee_unit_set_disordered(self._handle(), flag(value))

    @property
    def hit_chart(self) -> Optional[HitChart]:
        return self._chart

    @hit_chart.setter
    def hit_chart(self, chart: Optional[HitChart]) -> None:
        """Sets (or with None removes) the hit chart; it is kept alive meanwhile."""
        lib.wr_melee_unit_set_hit_chart(self._handle(), None if chart is None else chart._handle())
        if self._chart is not None:
            self._unpin(self._chart)
        self._chart = chart
        if chart is not None:
            self._pin(chart)

    @property
    def wounds(self) -> Wounds:
        """The Wounds a monster or character has taken (a copy)."""
        w = Wounds()
        lib.wr_melee_unit_wounds(self._handle(), ctypes.byref(w))
        return w

    @wounds.setter
    def wounds(self, value: Wounds) -> None:
        lib.wr_melee_unit_set_wounds(self._handle(), ctypes.byref(value))

    @property
    def may_leave(self) -> bool:
        """Whether the unit may be ordered out of combat (fliers at Combat Height)."""
        return bool(int_out(lib.wr_melee_unit_may_leave, self._handle()))

    def dead_monster(self, in_flight: bool = False, d8: int = 1) -> Tuple[int, int, int]:
        """(remains, fall, direction) of this dead monster; d8 is read only for a topple."""
        return ints_out(lib.wr_dead_monster, 3, self._handle(), flag(in_flight), d8)

    def dead_monster_rng(self, in_flight: bool, rng: Rng) -> Tuple[int, int, int]:
        """dead_monster() rolling the d8 on a Rng."""
        return ints_out(lib.wr_dead_monster_rng, 3, self._handle(), flag(in_flight), rng._handle())

    def __repr__(self):
        return "MeleeUnit(<closed>)" if self.closed else f"MeleeUnit({self.desc!r})"


def melee_may_start(move: int) -> bool:
    """Whether a move (MOVE_*) may start hand-to-hand combat."""
    return bool(int_out(lib.wr_melee_may_start, move))


def advance_stop(gap_mm: int, move_a_mm: int, move_b_mm: int) -> Tuple[int, int]:
    """(a_mm, b_mm): how far two units advancing into each other move."""
    return ints_out(lib.wr_advance_stop, 2, gap_mm, move_a_mm, move_b_mm)


# ---- explanations ------------------------------------------------------------

def melee_rule_name(rule: int) -> str:
    return lib.wr_melee_rule_name(rule).decode()


def melee_rule_source(rule: int) -> str:
    return lib.wr_melee_rule_source(rule).decode()


def modifier_name(modifier: int) -> str:
    return lib.wr_modifier_name(modifier).decode()


def melee_event_text(event: MeleeEvent) -> str:
    """One English sentence for a MeleeEvent."""
    n = ctypes.c_size_t()
    lib.wr_melee_event_text(ctypes.byref(event), None, 0, ctypes.byref(n))
    buf = ctypes.create_string_buffer(n.value + 1)
    lib.wr_melee_event_text(ctypes.byref(event), buf, len(buf), ctypes.byref(n))
    return buf.value.decode()


def _round_events(self):
    """The round's explanation as MeleeEvent structs."""
    return list(self.events[:self.n_events])


def _round_explain(self):
    """The round's explanation as English sentences."""
    return [melee_event_text(e) for e in _round_events(self)]


MeleeRound.event_list = _round_events  # type: ignore[assignment]
MeleeRound.explain = _round_explain  # type: ignore[assignment]


# ---- engagements -------------------------------------------------------------

def morale_sample(test: MoraleTest) -> MoraleOdds:
    """The sample morale model's MoraleOdds for a MoraleTest."""
    odds = MoraleOdds()
    lib.wr_morale_sample(None, ctypes.byref(test), ctypes.byref(odds))
    return odds


def combatant_situation(in_contact: int = 0, charged: bool = False, attacked_in: int = FACING_FRONT,
                        cover: int = COVER_NONE, character_present: bool = False) -> CombatantSituation:
    """One combatant's CombatantSituation."""
    return CombatantSituation(in_contact, flag(charged), attacked_in, cover, flag(character_present))


def _situation(situation):
    if situation is None:
        return Situation()
    if isinstance(situation, Situation):
        return situation
    sides = []
    for side in situation:
        if isinstance(side, CombatantSituation):
            sides.append(side)
        elif isinstance(side, dict):
            sides.append(combatant_situation(**side))
        else:
            sides.append(combatant_situation(*side))
    if len(sides) != 2:
        raise WarrulesError(3, "WR_ERR_INVALID", "wr_engagement_new: a situation has two sides")
    return Situation((CombatantSituation * 2)(*sides))


class Engagement(Handle):
    """Two units in hand-to-hand combat and their situation (wr_engagement).

    Engagement(a, b, situation): situation is a Situation or a pair of
    CombatantSituation, dicts of combatant_situation() keywords, or tuples. The units
    are kept alive while the engagement is open. Side 0 (a) strikes first."""

    _free = staticmethod(lambda p: lib.wr_engagement_free(p))

    def __init__(self, a: MeleeUnit, b: MeleeUnit, situation: Any = None, *,
                 allocator: Optional[Allocator] = None) -> None:
        s = _situation(situation)
        ptr = make_handle(lib.wr_engagement_new, lib.wr_engagement_new_ex, ENGAGEMENT, allocator,
                          a._handle(), b._handle(), ctypes.byref(s))
        super().__init__(ptr)
        keep_allocator(self, allocator)
        self._pin(a, exclusive=True)
        self._pin(b, exclusive=True)
        self.units = (a, b)
        self._morale = None

    def set_morale(self, model: Optional[Callable[[MoraleTest], Union[MoraleOdds, Sequence[int]]]] = None) -> None:
        """Sets the morale model: a callable taking a MoraleTest and returning a
        MoraleOdds or a (pass, retire, rout) tuple of percentages; None for the
        sample model. It must be a pure function of the test (the exact odds
        call it for many states). An exception it raises, or a result of the
        wrong type, fails the C call, and the exception is raised again, once
        C returns, by the call that ran the model."""
        if model is None:
            self._set_morale_c(MORALE_FN())
            self._morale = None
            return

        model_fn = model

        def trampoline(user, test, odds):
            try:
                result = model_fn(MoraleTest.from_buffer_copy(test.contents))
                if not isinstance(result, MoraleOdds):
                    if not isinstance(result, (tuple, list)):
                        raise TypeError(f"the morale model returned {result!r}; it must return a "
                                        f"MoraleOdds or a (pass, retire, rout) tuple")
                    result = MoraleOdds(*result)
                odds[0] = result
                return 0
            except BaseException as exc:  # never let an exception cross C
                callback_failed(exc)
                return exc.status if isinstance(exc, WarrulesError) and exc.status > 0 else 3

        callback = MORALE_FN(trampoline)
        self._set_morale_c(callback)
        self._morale = callback  # kept alive as long as the engagement

    def _set_morale_c(self, callback):
        lib.wr_engagement_set_morale(self._handle(), callback, None)

    def _call(self, fn, *args):
        return fn(*args)  # the guard raises a morale model's exception once C returns

    def strike(self, side: int) -> Strike:
        """One side's Strike as it stands now (without the remainder roll)."""
        k = Strike()
        lib.wr_engagement_strike(self._handle(), side, ctypes.byref(k))
        return k

    def fight_rolls(self, rolls: Iterable[int]) -> Tuple[MeleeRound, int]:
        """Fights one round with the caller's dice; returns (MeleeRound, rolls used).
        Nothing changes until apply()."""
        rolls = list(rolls)
        buf = int_array(rolls, "rolls")
        used = ctypes.c_size_t()
        r = MeleeRound()
        self._call(lib.wr_engagement_fight_rolls, self._handle(), buf, len(rolls),
                   ctypes.byref(used), ctypes.byref(r))
        return r, used.value

    def fight_rng(self, rng: Rng) -> MeleeRound:
        """Fights one round rolling on a Rng; returns the MeleeRound."""
        r = MeleeRound()
        self._call(lib.wr_engagement_fight_rng, self._handle(), rng._handle(), ctypes.byref(r))
        return r

    def apply(self, melee_round: MeleeRound) -> None:
        """Applies a round: casualties, wounds, disorder."""
        lib.wr_engagement_apply(self._handle(), ctypes.byref(melee_round))

    @property
    def status(self) -> Tuple[int, int]:
        """(end, rounds applied): END_ONGOING or how it ended."""
        return ints_out(lib.wr_engagement_status, 2, self._handle())

    def kill_odds(self, side: int) -> KillOdds:
        """One side's KillOdds for the next round."""
        k = KillOdds()
        lib.wr_engagement_kill_odds(self._handle(), side, ctypes.byref(k))
        return k

    def odds(self, max_rounds: int, *, allocator: Optional[Allocator] = None,
             workspace: Optional["OddsWorkspace"] = None) -> MeleeOdds:
        """The exact MeleeOdds of the melee from its current state; with an
        OddsWorkspace, computed in its working memory (wr_melee_odds_new_in_workspace),
        kept from call to call (the odds then come from its allocator)."""
        if workspace is not None:
            ptr = MELEE_ODDS()
            self._call(lib.wr_melee_odds_new_in_workspace, self._handle(), max_rounds,
                       workspace._handle(), ctypes.byref(ptr))
            return keep_allocator(MeleeOdds._adopt(ptr), workspace.__dict__.get("_allocator"))
        ptr = self._call(make_handle, lib.wr_melee_odds_new, lib.wr_melee_odds_new_ex, MELEE_ODDS,
                         allocator, self._handle(), max_rounds)
        return keep_allocator(MeleeOdds._adopt(ptr), allocator)

    def simulate_rng(self, max_rounds: int, rng: Rng, trials: int) -> List[int]:
        """Monte Carlo: a list of END_COUNT counts of each end over `trials` melees."""
        counts = (ctypes.c_uint64 * END_COUNT)()
        self._call(lib.wr_engagement_simulate_rng, self._handle(), max_rounds, rng._handle(), trials,
                   counts)
        return list(counts)

    def __repr__(self):
        if self.closed:
            return "Engagement(<closed>)"
        end, rounds = self.status
        return f"Engagement(end={end}, rounds={rounds})"


def phase_combatant(unit, face=FACING_FRONT, in_contact=0, corner=0, corner_fights=PHASE_DEFAULT,
               contact=CONTACT_CONTINUING, cover=COVER_NONE, character_present=False):
    """A (MeleeUnit, PhaseCombatant keywords) pair for MeleePhase.add()."""
    return unit, PhaseCombatant(None, face, in_contact, corner, corner_fights, contact, cover,
                           1 if character_present else 0)


class MeleePhase(Handle):
    """Every fight of one turn, resolved together (wr_melee_phase): flank and
    rear attacks first, disorder seen by all of a unit's fights, no figure
    fighting twice, then the blows; losses applied to the units at the end.

    add(a, b) takes two phase_combatant() pairs; the units are kept alive while
    the phase is open."""

    _free = staticmethod(lambda p: lib.wr_melee_phase_free(p))

    def __init__(self, *, allocator=None):
        ptr = make_handle(lib.wr_melee_phase_new, lib.wr_melee_phase_new_ex, MELEE_PHASE,
                          allocator)
        super().__init__(ptr)
        keep_allocator(self, allocator)
        self._morale = None
        self._morale_error = None

    set_morale = Engagement.set_morale
    _call = Engagement._call

    def _set_morale_c(self, callback):
        lib.wr_melee_phase_set_morale(self._handle(), callback, None)

    def add(self, a, b):
        """Adds a fight of two phase_combatant() pairs; returns its index."""
        fight = PhaseFight()
        units = []
        for i, (unit, side) in enumerate((a, b)):
            if not isinstance(unit, MeleeUnit):
                raise TypeError(f"MeleePhase.add: side {i} needs a MeleeUnit, not {type(unit).__name__}")
            fight.side[i] = side
            units.append(unit)
        # pinned (by identity) before C sees them, so that C never holds a unit Python does not
        pinned = []
        try:
            for unit in units:
                self._pin(unit, exclusive=True, member=True)
                pinned.append(unit)
            for i, unit in enumerate(units):
                fight.side[i].unit = unit._handle()
            index = ctypes.c_int()
            lib.wr_melee_phase_add(self._handle(), ctypes.byref(fight), ctypes.byref(index))
        except BaseException:
            for unit in pinned:
                self._unpin(unit)
            raise
        return index.value

    def __len__(self):
        return int_out(lib.wr_melee_phase_count, self._handle())

    def strike(self, fight, side):
        """One side's Strike in a fight as the phase will resolve it, before any die."""
        k = Strike()
        lib.wr_melee_phase_strike(self._handle(), fight, side, ctypes.byref(k))
        return k

    def dice_needed(self):
        """The most dice resolve_rolls() can read."""
        most = ctypes.c_size_t()
        lib.wr_melee_phase_dice_needed(self._handle(), ctypes.byref(most))
        return most.value

    def resolve_rolls(self, rolls):
        """Resolves the phase with the caller's dice; returns the rolls used."""
        rolls = list(rolls)
        buf = int_array(rolls, "rolls")
        used = ctypes.c_size_t()
        self._call(lib.wr_melee_phase_resolve_rolls, self._handle(), buf, len(rolls),
                   ctypes.byref(used))
        return used.value

    def resolve_rng(self, rng):
        """Resolves the phase rolling on a Rng."""
        self._call(lib.wr_melee_phase_resolve_rng, self._handle(), rng._handle())

    def round(self, fight):
        """The MeleeRound of a fight of the resolved phase."""
        r = MeleeRound()
        lib.wr_melee_phase_round(self._handle(), fight, ctypes.byref(r))
        return r

    def unit(self, unit):
        """The PhaseUnit summary of a unit of the resolved phase."""
        out = PhaseUnit()
        lib.wr_melee_phase_unit(self._handle(), unit._handle(), ctypes.byref(out))
        return out


class OddsWorkspace(Handle):
    """Working memory for exact odds (wr_odds_workspace), kept from one
    Engagement.odds(..., workspace=) call to the next; one thread at a time."""

    _free = staticmethod(lambda p: lib.wr_odds_workspace_free(p))

    def __init__(self, *, allocator=None):
        ptr = make_handle(lib.wr_odds_workspace_new, lib.wr_odds_workspace_new_ex,
                          ODDS_WORKSPACE, allocator)
        super().__init__(ptr)
        keep_allocator(self, allocator)


class MeleeOdds(Handle):
    """The exact outcome distribution of a melee (wr_melee_odds); every
    probability is n / 10**exponent, given exactly as a Fraction or a decimal string."""

    _free = staticmethod(lambda p: lib.wr_melee_odds_free(p))

    @property
    def exponent(self) -> int:
        return int_out(lib.wr_melee_odds_exponent, self._handle())

    def end_e18(self, end: int) -> int:
        """The probability of an end, rounded down to units of 10**-18."""
        p = ctypes.c_uint64()
        lib.wr_melee_odds_end(self._handle(), end, ctypes.byref(p))
        return p.value

    def end_exact(self, end: int) -> str:
        """The exact probability of an end as a decimal string."""
        return _exact(lib.wr_melee_odds_end_exact, self._handle(), end)

    def end(self, end: int) -> Fraction:
        """The exact probability of an end as a Fraction."""
        return Fraction(self.end_exact(end))

    def figures_e18(self, side: int, figures: int) -> int:
        """The probability that a side has exactly `figures` left, in units of 10**-18."""
        p = ctypes.c_uint64()
        lib.wr_melee_odds_figures(self._handle(), side, figures, ctypes.byref(p))
        return p.value

    def figures_exact(self, side: int, figures: int) -> str:
        return _exact(lib.wr_melee_odds_figures_exact, self._handle(), side, figures)

    def figures(self, side: int, figures: int) -> Fraction:
        """The same as a Fraction."""
        return Fraction(self.figures_exact(side, figures))


def _exact(fn, *args):
    """Calls an `_exact` function with a buffer large enough (it tells the
    length it needs through WR_ERR_RANGE when the first one is too small)."""
    n = ctypes.c_size_t()
    buf = ctypes.create_string_buffer(64)
    try:
        fn(*args, buf, len(buf), ctypes.byref(n))
    except WarrulesError as exc:
        if exc.status != ERR_RANGE_STATUS or n.value < len(buf):
            raise
        buf = ctypes.create_string_buffer(n.value + 1)
        fn(*args, buf, len(buf), ctypes.byref(n))
    return buf.value.decode()


from ._header_core import ERR_RANGE as ERR_RANGE_STATUS  # noqa: E402


# ---- batch form --------------------------------------------------------------

_SIDE_COLUMNS = ("figures", "files", "in_contact", "weapon", "flags", "bcp", "modifiers", "d100")
MeleeBatchCombatantResult = namedtuple("MeleeBatchCombatantResult",
                                       ["fighting", "mcp", "fcp", "kills", "lost"])
MeleeBatch = namedtuple("MeleeBatch", ["a", "b", "loser"])


def _side_columns(side, label):
    if isinstance(side, dict):
        get = side.get
    else:
        def get(name, default=None):
            return getattr(side, name, default)
    cols = {}
    for name in _SIDE_COLUMNS:
        value = get(name, 0 if name in ("flags", "modifiers") else None)
        if value is None:
            raise WarrulesError(1, "WR_ERR_NULL", f"melee_rounds_batch: side {label} has no {name}")
        cols[f"{label}.{name}"] = value
    return cols


def melee_rounds_batch(a: Any, b: Any, out: Optional[Any] = None) -> MeleeBatch:
    """Resolves many independent rounds of troops in one C call
    (wr_melee_rounds_batch), exactly as the pinned functions item by item.

    a and b are side 0 and side 1: dicts (or objects with attributes) of the
    columns figures, files, in_contact, weapon, flags (default 0), bcp,
    modifiers (default 0) and d100. Each column is an array.array('i'), a
    buffer of 4-byte ints, a list (converted once), or one int for every
    round. Returns MeleeBatch(a, b, loser): for each side a
    MeleeBatchCombatantResult of array.array('i') columns (fighting, mcp, fcp,
    kills, lost) and loser, an array.array('i') of 0, 1 or -1 for a draw.
    The first bad round raises WarrulesError with .index (nothing returned).

    out: a MeleeBatch from an earlier call with the same number of rounds,
    whose arrays are written again and returned (no allocation), for an
    engine that resolves batch after batch. Nothing is written on an error.

    Without out, the columns are new to the caller, and its own; those of
    the last result are kept and used again once the caller has dropped
    every reference to them (see _util.ResultColumns), which spares the
    allocator and the page faults of fresh memory."""
    columns = _side_columns(a, "a")
    columns.update(_side_columns(b, "b"))
    taken: List[Any] = []  # the arrays lent to list columns, given back after the call
    n, cols = int_columns(columns, "melee_rounds_batch", unsigned=("a.flags", "b.flags"),
                          taken=taken)
    try:
        return _rounds_batch(n, cols, out)
    finally:
        del cols
        give_back(taken)


def _rounds_batch(n, cols, out):
    """melee_rounds_batch() once its columns are C ints."""
    if out is not None:
        arrays = _out_columns(out, n)
    else:
        arrays = _RESULTS.take(n, _BATCH_OUTPUTS)
    if n:
        ints = ctypes.c_int * n
        pointers = [ints.from_buffer(arr) for arr in arrays]
        sides = [_batch_struct(MeleeBatchCombatant, _SIDE_COLUMNS,
                               [cols[f"{label}.{name}"][1] for name in _SIDE_COLUMNS])
                 for label in ("a", "b")]
        outs = [_batch_struct(MeleeBatchOut, MeleeBatchCombatantResult._fields, pointers[k:k + 5])
                for k in (0, 5)]
        bad = ctypes.c_size_t(2**64 - 1)
        try:
            lib.wr_melee_rounds_batch(n, ctypes.byref(sides[0]), ctypes.byref(sides[1]),
                                      ctypes.byref(outs[0]), ctypes.byref(outs[1]), pointers[10],
                                      ctypes.byref(bad))
        except WarrulesError as exc:
            index = bad.value if bad.value != 2**64 - 1 else None
            raise exc.at_index("wr_melee_rounds_batch", index) from None
    if out is None:
        _RESULTS.keep(arrays)
    return MeleeBatch(MeleeBatchCombatantResult(*arrays[:5]),
                      MeleeBatchCombatantResult(*arrays[5:10]), arrays[10])


_BATCH_OUTPUTS = 2 * len(MeleeBatchCombatantResult._fields) + 1  # both sides' columns and loser
_RESULTS = ResultColumns()  # melee_rounds_batch's last result, used again once dropped
_set_field = ctypes.Structure.__setattr__


def _batch_struct(struct_type, names, pointers):
    """A MeleeBatchCombatant or MeleeBatchOut of ctypes arrays (each keeps its
    buffer exported, so it cannot be resized or freed until C returns): its
    fields are pointers, with no range to check, so set without the
    Struct mirror's per-field checks."""
    s = struct_type()
    for name, p in zip(names, pointers):
        _set_field(s, name, p)
    return s


def _out_columns(out, n):
    """The 11 columns of an earlier MeleeBatch given as out=, checked."""
    arrays = [*out.a, *out.b, out.loser]
    if len(out.a) != 5 or len(out.b) != 5 or not all(
            isinstance(arr, array.array) and arr.typecode == "i" and len(arr) == n for arr in arrays):
        raise WarrulesError(3, "WR_ERR_INVALID",
                            f"melee_rounds_batch: out needs array.array('i') columns of {n} items")
    return arrays
