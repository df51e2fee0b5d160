/* Private structures and helpers of the melee module. */
#ifndef WARRULES_SRC_MELEE_INTERNAL_H
#define WARRULES_SRC_MELEE_INTERNAL_H

#include "core/error.h"
#include "core/memory.h"
#include "warrules/melee.h"

#define WRI_MAX_FIGURES 100000

struct wr_profile {
    wr_allocator alloc;
    int race;
    unsigned char reach[WR_PROFILE_WEAPONS];
    unsigned char allowed[WR_PROFILE_WEAPONS];
    int bcp[WR_PROFILE_WEAPONS][WR_PROFILE_ARMOURS];
    int mod[WR_MOD_COUNT];
    int morale_mod[WR_MORALE_COUNT];
    int retire_band;
    uint64_t hated; /* bit r: race r is a hated foe */
};

struct wr_hit_chart {
    wr_allocator alloc;
    unsigned char covered[100];
    int location[100];
    unsigned char wound[100][4];
};

struct wr_melee_unit {
    wr_allocator alloc;
    const wr_profile *profile;
    const wr_hit_chart *chart;
    wr_melee_unit_desc def;
    wr_wounds wounds;
};

struct wr_engagement {
    wr_allocator alloc;
    wr_melee_unit *unit[2];
    wr_situation situation;
    wr_morale_fn morale;
    void *morale_user;
    int rounds;
    wr_melee_end end;
};

/* What a round needs to know of one side: a copy, so that the odds and the
   Monte Carlo can vary the figures without touching the handles. */
typedef struct wri_side {
    const wr_melee_unit *unit;
    const wr_profile *profile;
    const wr_hit_chart *chart;
    int kind;
    int figures;
    int disordered; /* the unit's own disorder, before this round's attack */
    wr_wounds wounds;
} wri_side;

typedef struct wri_snapshot {
    wri_side side[2];
    wr_situation situation;
    int round; /* the round about to be fought, from 1 */
    /* Set by a melee phase only (all zero for a lone engagement): */
    int along_face[2]; /* in_contact is counted along the side's face, not capped at its files */
    int cap[2];        /* 1 + the most figures the side may fight with here; 0: no cap */
    int elsewhere[2];  /* 1 + the phase fight whose flank or rear attack disordered the side */
    int no_bonus[2]; /* 1 + the wr_phase_contact that brought the side in without a charge bonus */
    const char *arg; /* the public parameter that holds the fight, for the details:
                           "engagement" or "phase" */
} wri_snapshot;

/* Dice: a wr_rng or the caller's list. */
typedef struct wri_dice {
    wr_rng *rng;
    const int *rolls;
    size_t n;
    size_t used;
} wri_dice;

/* Where explanations go; NULL sink means none are kept. */
typedef struct wri_events {
    wr_melee_event *buf;
    int *n;
    int *truncated;
} wri_events;

/* The most figures of a unit on a face: its files on the front or rear, one
   a rank along a flank (phase.c). */
int wri_melee_face_most(const wr_melee_unit *u, wr_facing face);
/* Whether one unit is a swarm and the other flies [Who fights]. */
int wri_melee_swarm_meets_flier(const wr_melee_unit *a, const wr_melee_unit *b);
/* What wr_melee_phase_add() checks of a fight alone (its sides, their
   figures, contact and corners), naming "fight->side[i]...". */
wr_status wri_melee_fight_check(const wr_phase_fight *f);

/* The death rules on a record's counts [Wounds] (not the killed result nor
   the unconscious rule, which depend on the last hit). */
int wri_melee_counts_kill(const wr_wounds *w, int character);
/* Whether a wound record is one wr_wounds_add could have made. */
int wri_melee_wounds_sane(const wr_wounds *w);

void wri_melee_event(const wri_events *ev, wr_melee_rule rule, int side, int value, int detail);

/* wr_fighting_figures without checks, also telling which case applied. */
int wri_melee_fighting(int figures, int files, int in_contact, wr_weapon weapon, unsigned self,
                       unsigned enemy, int *which_case);

void wri_melee_snapshot(const wr_engagement *e, wri_snapshot *s);
/* WR_OK when the engagement goes on and both sides have figures, else WR_ERR_STATE. */
wr_status wri_melee_ready(const wr_engagement *e);
/* The morale test reason for the side's flank or rear attack. */
wr_morale_reason wri_melee_flank_reason(const wri_snapshot *s, int side);
int wri_melee_disorders(const wri_snapshot *s, int side, int *reason);
int wri_melee_flank_test_due(const wri_snapshot *s, int side);
wr_status wri_melee_strike(const wri_snapshot *s, int side, wr_strike *st, const wri_events *ev);
wr_status wri_melee_round(const wri_snapshot *s, wri_dice *dice, wr_morale_fn fn, void *user,
                          wr_melee_round *r, const wri_events *ev);
void wri_melee_morale_test(const wri_snapshot *s, int side, wr_morale_reason reason, int lost,
                           int enemy_lost, wr_morale_test *t);
/* The model's odds for test t; bad odds are refused naming arg, the public
   parameter holding the model ("engagement" or "phase"). */
wr_status wri_melee_morale_odds(wr_morale_fn fn, void *user, const wr_morale_test *t,
                                wr_morale_odds *o, const char *arg);
wr_melee_end wri_melee_end_of(int side, wr_morale_result res);
/* The state after a round: casualties, wounds, disorder, the next round. */
void wri_melee_advance(wri_snapshot *s, const wr_melee_round *r);

/* What a unit has after every fight of a melee phase: the end of each of
   its fights and its loser's test count these [Casualties: phase ten]. */
typedef struct wri_phase_after {
    int figures[2]; /* figures left after the whole phase, per side of the fight */
    int lost[2];    /* figures lost over the whole phase */
} wri_phase_after;

/* The parts of wri_melee_round: the start (r cleared, figures and wounds
   noted, disorder and its events; no dice), the strikes (remainders,
   wounds, losses) of a round whose flank tests were passed, and the result
   (destroyed, drawn or lost, the loser's test) with this round's numbers,
   or with the phase's when phase is not NULL. */
void wri_melee_round_start(const wri_snapshot *s, wr_melee_round *r, const wri_events *ev);
wr_status wri_melee_round_strikes(const wri_snapshot *s, wri_dice *dice, wr_melee_round *r,
                                  const wri_events *ev);
wr_status wri_melee_round_result(const wri_snapshot *s, wri_dice *dice, wr_morale_fn fn, void *user,
                                 wr_melee_round *r, const wri_events *ev,
                                 const wri_phase_after *phase);
/* One die from the caller's list or the rng. */
wr_status wri_melee_roll(wri_dice *dice, int sides, int *out);
/* The morale result of a d100 under the odds. */
wr_morale_result wri_melee_morale_outcome(const wr_morale_odds *o, int d100);
/* The morale outcome's events: passed, retires or routs (and pursuit). */
void wri_melee_morale_events(const wri_events *ev, int side, wr_morale_result res);
/* The record `now` plus what a round added to `before`, death rules on the
   sum; 0 when the numbers are not a round's. */
int wri_melee_merge_wounds(const wr_wounds *now, const wr_wounds *before, const wr_wounds *after,
                           int character, wr_wounds *out);
/* Whether a unit is in Blood Lust (disordered by it, whatever its kind). */
int wri_melee_blood_lust(const wr_melee_unit *u);

/* The fights and morale model of a phase, for its exact odds (phase.c). */
void wri_melee_phase_fights(const wr_melee_phase *p, const wr_phase_fight **fights, int *n,
                            wr_morale_fn *fn, void **user, int *resolved);

#endif
