/* The exact odds of a melee phase fought turn after turn: the result handle
   (phase_odds.c, its numbers in phase_odds_numbers.c), the planning of a turn (phase_odds_plan.c) and the chain
   (phase_odds_chain.c); the charge advisor (advisor.c) computes its groups
   of fights through the same calls. */
#ifndef WARRULES_SRC_MELEE_PHASE_ODDS_H
#define WARRULES_SRC_MELEE_PHASE_ODDS_H

#include "internal.h"

#define WRI_PO_UNITS WR_PHASE_ODDS_MAX_UNITS
#define WRI_PO_FIGHTS WR_PHASE_ODDS_MAX_FIGHTS
_Static_assert(WRI_PO_UNITS >= 2 * WRI_PO_FIGHTS, "two units a fight");

/* The odds of some fights of a phase (a group sharing units, or all of
   them). Numbers, each `limbs` words over 10^exponent: for each unit u,
   WR_FATE_COUNT x (start[u] + 1) numbers from unit_at[u], the probability
   of each fate with each number of figures left; then, from ends_at, for
   each fight WR_END_COUNT numbers. */
struct wr_melee_phase_odds {
    wr_allocator alloc;
    int limbs, exponent;
    int n_units, n_fights;
    const wr_melee_unit *unit[WRI_PO_UNITS];
    int start[WRI_PO_UNITS];
    size_t unit_at[WRI_PO_UNITS];
    size_t ends_at;
    size_t numbers;
    uint32_t *num;
};

/* A group of fights of a phase that share units, as the chain reads it. */
typedef struct wri_po_group {
    int nf, nu;
    const wr_phase_fight *fight[WRI_PO_FIGHTS];
    int unit_of[WRI_PO_FIGHTS][2]; /* the group's index of each fight side's unit */
    int index[WRI_PO_FIGHTS];      /* each fight's index in the caller's list (for events) */
    const wr_melee_unit *unit[WRI_PO_UNITS];
    int start[WRI_PO_UNITS];            /* figures when the phase began */
    int fresh[WRI_PO_FIGHTS];           /* 1: a side came into contact this turn (round 1) */
    int disordered_after[WRI_PO_UNITS]; /* disordered in the turns after the first */
    size_t states;                      /* product of (start + 1) */
    wr_morale_fn morale;
    void *morale_user;
    const char *arg; /* the public parameter its failures name ("phase", "advisor") */
} wri_po_group;

/* The strikes of one turn: each fight's snapshot with the figures shared
   out, and each side's Final Combat Percentage. */
typedef struct wri_po_plan {
    wri_snapshot snap[WRI_PO_FIGHTS];
    int fcp[WRI_PO_FIGHTS][2];
} wri_po_plan;

/* Makes the group of the given fights (pointers into the phase's list, in
   its order): units in order of first appearance; WR_ERR_RANGE beyond the
   limits (troops only, figures, states). */
wr_status wri_po_group_make(const wr_phase_fight *const *fights, int n, wr_morale_fn fn, void *user,
                            const char *arg, wri_po_group *g);
/* The plan of a turn on the figures `figs` (by group unit) for the fights in
   the mask `live`: the phase's first turn (its contacts, corners and
   assignments) when `first`, else a later turn. The first call, with
   `first`, also sets g->disordered_after. */
wr_status wri_po_plan_make(wri_po_group *g, const int *figs, unsigned live, int first,
                           wri_po_plan *pl, const wri_events *ev_by_fight);
/* Whether side i of fight f takes the flank or rear test in the first turn. */
int wri_po_test_due(const wri_po_group *g, const wri_po_plan *pl, int f, int i);

/* Working memory kept from group to group. */
typedef struct wri_po_scratch wri_po_scratch;
wri_po_scratch *wri_po_scratch_new(const wr_allocator *a);
void wri_po_scratch_free(wri_po_scratch *s);

/* The odds of one group of fights, allocated with `a`. */
wr_status wri_po_group_odds(const wri_po_group *g, int max_rounds, wri_po_scratch *s,
                            const wr_allocator *a, wr_melee_phase_odds **out);
/* Where a unit or fight of combined odds comes from: a part, and its index there. */
typedef struct wri_po_ref {
    int part, index;
} wri_po_ref;
/* The odds of several groups as one, at the largest exponent: its units and
   fights, in the order given, are those the references name. */
wr_status wri_po_combine(const wr_melee_phase_odds *const *parts, const wri_po_ref *units,
                         int n_units, const wri_po_ref *fights, int n_fights, const wr_allocator *a,
                         wr_melee_phase_odds **out);
wr_melee_phase_odds *wri_po_odds_alloc(const wr_allocator *a, int limbs, int n_units,
                                       const int *start, int n_fights);
uint32_t *wri_po_number(const wr_melee_phase_odds *o, int unit, int fate, int figures);
uint32_t *wri_po_end(const wr_melee_phase_odds *o, int fight, int end);
/* The morale model's odds for t (one place to adapt when its signature changes). */
wr_status wri_po_morale(const wri_po_group *g, const wr_morale_test *t, wr_morale_odds *o);

#endif
