"""Fantasy Warlord hand-to-hand combat (warrules/melee.h, since 1.2): the
exact odds of a melee phase fought turn after turn (MeleePhase.odds(),
MeleePhaseOdds) and the charge advisor (ChargeAdvisor, advise_charges)."""
from __future__ import annotations

import ctypes
from collections import namedtuple
from fractions import Fraction
from typing import Any, Iterable, List, Optional, Sequence

from ._core import Allocator, Handle, keep_allocator, make_handle
from ._enums import promote
from . import _melee
from ._melee import Engagement, MeleePhase, MeleeUnit, _exact, melee_event_text, melee_rule_source
from ._native import (CHARGE_ADVISOR, MELEE_PHASE_ODDS, ChargeAdvisorInfo, ChargeAdvisorParams,
                      ChargeChoice, ChargeOption, ChargeReason, PhaseFight, lib)
from ._util import int_out

from ._melee import CHARGE_AIM_FIGURES, FATE_DESTROYED, FATE_ROUTS  # melee.h's constants are _melee's
_ENUMS = promote(globals())

__all__ = [name for name in list(globals()) if name.isupper() and not name.startswith("_")
           and name not in ("CHARGE_ADVISOR", "MELEE_PHASE_ODDS", "CHARGE_AIM_FIGURES", "FATE_DESTROYED",
                            "FATE_ROUTS")]
__all__ += _ENUMS
__all__ += ["MeleePhaseOdds", "ChargeOption", "ChargeAdvisorParams", "ChargeAdvisorInfo",
            "ChargeChoice", "ChargeReason", "ChargeAdvisor", "charge_option",
            "charge_advisor_params_default", "advise_charges", "ChargeAdvice", "Choice", "Reason"]


class MeleePhaseOdds(Handle):
    """The exact outcome distribution of a melee phase fought turn after turn
    (wr_melee_phase_odds): each fight's end, each unit's fate and figures
    left; every probability is n / 10**exponent, given exactly as a Fraction
    or a decimal string, or rounded down to 10**-18 (`_e18`)."""

    _free = staticmethod(lambda p: lib.wr_melee_phase_odds_free(p))

    @property
    def exponent(self) -> int:
        return int_out(lib.wr_melee_phase_odds_exponent, self._handle())

    def fight_end_e18(self, fight: int, end: int) -> int:
        """The probability that a fight ends in `end` (END_ONGOING: at the round cap)."""
        p = ctypes.c_uint64()
        lib.wr_melee_phase_odds_fight_end(self._handle(), fight, end, ctypes.byref(p))
        return p.value

    def fight_end_exact(self, fight: int, end: int) -> str:
        return _exact(lib.wr_melee_phase_odds_fight_end_exact, self._handle(), fight, end)

    def fight_end(self, fight: int, end: int) -> Fraction:
        """The same as a Fraction."""
        return Fraction(self.fight_end_exact(fight, end))

    def unit_fate_e18(self, unit: MeleeUnit, fate: int) -> int:
        """The probability of a unit's fate (FATE_*), in units of 10**-18."""
        p = ctypes.c_uint64()
        lib.wr_melee_phase_odds_unit_fate(self._handle(), unit._handle(), fate, ctypes.byref(p))
        return p.value

    def unit_fate_exact(self, unit: MeleeUnit, fate: int) -> str:
        return _exact(lib.wr_melee_phase_odds_unit_fate_exact, self._handle(), unit._handle(), fate)

    def unit_fate(self, unit: MeleeUnit, fate: int) -> Fraction:
        """The same as a Fraction."""
        return Fraction(self.unit_fate_exact(unit, fate))

    def unit_figures_e18(self, unit: MeleeUnit, figures: int) -> int:
        """The probability that a unit has exactly `figures` left, in units of 10**-18."""
        p = ctypes.c_uint64()
        lib.wr_melee_phase_odds_unit_figures(self._handle(), unit._handle(), figures,
                                             ctypes.byref(p))
        return p.value

    def unit_figures_exact(self, unit: MeleeUnit, figures: int) -> str:
        return _exact(lib.wr_melee_phase_odds_unit_figures_exact, self._handle(), unit._handle(),
                      figures)

    def unit_figures(self, unit: MeleeUnit, figures: int) -> Fraction:
        """The same as a Fraction."""
        return Fraction(self.unit_figures_exact(unit, figures))

    def expected_lost_e9(self, unit: MeleeUnit) -> int:
        """The expected figures a unit loses, rounded down to units of 10**-9."""
        v = ctypes.c_uint64()
        lib.wr_melee_phase_odds_expected_lost(self._handle(), unit._handle(), ctypes.byref(v))
        return v.value

    def figures_distribution(self, unit: MeleeUnit) -> List[Fraction]:
        """[P(0 figures left), P(1), ...] exactly, up to the unit's figures when the phase began."""
        out: List[Fraction] = []
        while True:
            try:
                out.append(self.unit_figures(unit, len(out)))
            except Exception:  # RangeError: past the figures it began with
                if not out:
                    raise
                return out

    def expected_lost(self, unit: MeleeUnit) -> Fraction:
        """The expected figures a unit loses, exactly."""
        dist = self.figures_distribution(unit)
        start = len(dist) - 1
        return sum(((start - x) * p for x, p in enumerate(dist)), Fraction(0))

    def __repr__(self):
        return "MeleePhaseOdds(<closed>)" if self.closed else f"MeleePhaseOdds(exponent={self.exponent})"


def _phase_odds(self, max_rounds: int = 6, *, allocator: Optional[Allocator] = None) -> MeleePhaseOdds:
    """The exact MeleePhaseOdds of the phase's fights fought turn after turn
    (wr_melee_phase_odds_new), for at most max_rounds turns, under the
    phase's morale model; the phase is not changed."""
    ptr = self._call(make_handle, lib.wr_melee_phase_odds_new, lib.wr_melee_phase_odds_new_ex,
                     MELEE_PHASE_ODDS, allocator, self._handle(), max_rounds)
    return keep_allocator(MeleePhaseOdds._adopt(ptr), allocator)


MeleePhase.odds = _phase_odds  # type: ignore[attr-defined]


def charge_option(attacker: MeleeUnit, enemy: MeleeUnit, face: int = _melee.FACING_FRONT,
                  in_contact: int = 0, enemy_in_contact: int = 0,
                  contact: int = _melee.CONTACT_CHARGE):
    """An option for ChargeAdvisor.add_option() and advise_charges(): the
    game's `attacker` may strike `enemy` on `face` (FACING_*) with
    `in_contact` figures, `enemy_in_contact` of the enemy's touching it."""
    return (attacker, enemy, ChargeOption(None, None, face, in_contact, enemy_in_contact, contact))


def charge_advisor_params_default() -> ChargeAdvisorParams:
    """The default ranking: CHARGE_AIM_FIGURES, fates routs or destroyed,
    weights 1, 1, 1, 6 turns, the top 5."""
    return lib.wr_charge_advisor_params_default()


class ChargeAdvisor(Handle):
    """The charge advisor (wr_charge_advisor): the charges the game's units
    may make this turn and the fights already going on; rank() orders every
    legal choice by the exact odds of its melee phase. Units are kept alive
    while it is open."""

    _free = staticmethod(lambda p: lib.wr_charge_advisor_free(p))

    def __init__(self, *, allocator: Optional[Allocator] = None) -> None:
        ptr = make_handle(lib.wr_charge_advisor_new, lib.wr_charge_advisor_new_ex, CHARGE_ADVISOR,
                          allocator)
        super().__init__(ptr)
        keep_allocator(self, allocator)
        self._morale = None
        self._morale_error = None
        self._options: List[Any] = []

    set_morale = Engagement.set_morale
    _call: Any = Engagement._call

    def _set_morale_c(self, callback):
        lib.wr_charge_advisor_set_morale(self._handle(), callback, None)

    def _keep(self, *units):
        for unit in units:
            if unit not in self._pinned:
                self._pin(unit)

    def add_fight(self, a, b) -> None:
        """Adds a fight going on (two phase_combatant() pairs: side 0 the game's
        unit, side 1 the enemy's), fought in every choice."""
        fight = PhaseFight()
        for i, (unit, side) in enumerate((a, b)):
            fight.side[i] = side  # type: ignore[index]
            fight.side[i].unit = unit._handle()
        lib.wr_charge_advisor_add_fight(self._handle(), ctypes.byref(fight))
        self._keep(a[0], b[0])

    def add_option(self, option) -> int:
        """Adds a charge_option() (or an (attacker, enemy, ChargeOption)
        triple); returns its index."""
        attacker, enemy, o = option
        o = ChargeOption.from_buffer_copy(o)
        o.attacker = attacker._handle()
        o.enemy = enemy._handle()
        index = ctypes.c_int()
        lib.wr_charge_advisor_add_option(self._handle(), ctypes.byref(o), ctypes.byref(index))
        self._keep(attacker, enemy)
        self._options.append((attacker, enemy, o))
        return index.value

    def rank(self, params: Optional[ChargeAdvisorParams] = None, *, target: Optional[MeleeUnit] = None,
             **fields) -> ChargeAdvisorInfo:
        """Ranks every legal choice; params (default charge_advisor_params_default())
        with any field given by keyword; target is a MeleeUnit. Returns the
        ChargeAdvisorInfo (choices, evaluated, pruned, groups, bounds, ranked)."""
        p = charge_advisor_params_default() if params is None else ChargeAdvisorParams.from_buffer_copy(params)
        p.set_fields(fields, "rank")
        if target is not None:
            p.target = target._handle()
        info = ChargeAdvisorInfo()
        self._call(lib.wr_charge_advisor_rank, self._handle(), ctypes.byref(p), ctypes.byref(info))
        return info

    def choice(self, rank: int) -> ChargeChoice:
        """The ChargeChoice ranked `rank` (0 the best)."""
        c = ChargeChoice()
        self._call(lib.wr_charge_advisor_choice, self._handle(), rank, ctypes.byref(c))
        return c

    def reason(self, rank: int, index: int) -> ChargeReason:
        """One ChargeReason of a ranked choice (a rule of its first turn)."""
        r = ChargeReason()
        self._call(lib.wr_charge_advisor_reason, self._handle(), rank, index, ctypes.byref(r))
        return r

    def odds(self, rank: int) -> MeleePhaseOdds:
        """The exact MeleePhaseOdds of a ranked choice's phase."""
        ptr = MELEE_PHASE_ODDS()
        self._call(lib.wr_charge_advisor_odds, self._handle(), rank, ctypes.byref(ptr))
        return keep_allocator(MeleePhaseOdds._adopt(ptr), self.__dict__.get("_allocator"))


Reason = namedtuple("Reason", ["fight", "event", "text", "source"])
Choice = namedtuple("Choice", ["rank", "charges", "score", "break_probability",
                               "inflicted", "lost", "reasons", "odds"])
ChargeAdvice = namedtuple("ChargeAdvice", ["choices", "info"])


def advise_charges(options: Iterable, *, fights: Iterable = (), aim: int = CHARGE_AIM_FIGURES,
                   target: Optional[MeleeUnit] = None,
                   fates: Sequence[int] = (FATE_ROUTS, FATE_DESTROYED),
                   weights: Sequence[int] = (1, 1, 1), max_rounds: int = 6, top: int = 5,
                   morale=None, odds: bool = True,
                   allocator: Optional[Allocator] = None) -> ChargeAdvice:
    """Ranks every legal choice of charges by the exact odds of its melee
    phase (wr_charge_advisor_rank) and returns the best `top`.

    options: charge_option() triples; fights: (phase_combatant, phase_combatant) pairs
    of the fights going on (side 0 the game's unit); aim: CHARGE_AIM_BREAK
    (the probability that `target` ends in one of `fates`), CHARGE_AIM_FIGURES
    (expected enemy figures lost minus own) or CHARGE_AIM_SCORE (weights =
    (break, inflicted, lost), integers 0..1000); morale: a model as for
    Engagement.set_morale (None: the sample). Each Choice gives its charges
    ((option index, attacker, enemy, face) per unit that charges), score,
    break_probability, inflicted and lost (Fractions, the library's values
    rounded down to 10**-9, 10**-18 for the probability), its reasons
    (fight index, MeleeEvent, text, source in the rules) and, unless
    odds=False, its MeleePhaseOdds."""
    with ChargeAdvisor(allocator=allocator) as adv:
        if morale is not None:
            adv.set_morale(morale)
        for a, b in fights:
            adv.add_fight(a, b)
        for option in options:
            adv.add_option(option)
        mask = 0
        for fate in fates:
            mask |= 1 << int(fate)
        w = list(weights)
        if len(w) != 3:
            raise TypeError("weights are (break, inflicted, lost)")
        info = adv.rank(aim=aim, target=target, fates=mask, break_weight=w[0],
                        inflicted_weight=w[1], lost_weight=w[2], max_rounds=max_rounds, top=top)
        choices = []
        for r in range(info.ranked):
            c = adv.choice(r)
            charges = []
            for k in range(c.attackers):
                if c.option[k] >= 0:
                    attacker, enemy, o = adv._options[c.option[k]]
                    charges.append((c.option[k], attacker, enemy, o.face))
            reasons = []
            for i in range(c.reasons):
                x = adv.reason(r, i)
                reasons.append(Reason(x.fight, x.event, melee_event_text(x.event),
                                      melee_rule_source(x.event.rule)))
            choices.append(Choice(r, charges, Fraction(c.score_e9, 10**9),
                                  Fraction(c.break_e18, 10**18), Fraction(c.inflicted_e9, 10**9),
                                  Fraction(c.lost_e9, 10**9), reasons,
                                  adv.odds(r) if odds else None))
        return ChargeAdvice(choices, info)

