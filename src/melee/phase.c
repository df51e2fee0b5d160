/* A melee phase: every fight of one turn resolved together. Flank and rear
   attacks first (disorder, then the Morale Tests), disorder seen by all of
   a unit's fights, no figure fighting twice, then the blows, and only then
   the losses [Starting], [Flank and rear], [Casualties: phase ten]. */
#include <stdlib.h>
#include <string.h>

#include "internal.h"
#include "core/rng.h"

struct wr_melee_phase {
    wr_allocator alloc;
    wr_phase_fight *fights;
    int n, cap;
    wr_morale_fn morale;
    void *morale_user;
    int resolved;
    wr_melee_round *rounds;      /* n, once resolved */
    wr_melee_unit **units;       /* n_units, once resolved */
    wr_phase_unit *unit_results; /* n_units, once resolved */
    int n_units;
};

/* What the phase decides before any die: who is who, who is disordered by
   which fight, and each fight's snapshot with the figures shared out. */
typedef struct plan {
    int n, n_units;
    wr_melee_unit **units; /* 2n at most */
    int *unit_of;          /* [2 * fight + side] -> index in units */
    int *disordered_by;    /* per unit: 1 + the fight whose attack disorders it, or 0 */
    int *used;             /* per unit: figures already given a fight */
    wri_snapshot *snap;    /* per fight */
} plan;

static const wr_phase_combatant *side_of(const wr_melee_phase *p, int f, int i)
{
    return &p->fights[f].side[i];
}

static int ceil_div(int a, int b)
{
    return (a + b - 1) / b;
}

/* The most figures of a unit on a face: a front or rear holds its files,
   a flank one figure per rank [Flank and rear: "only count its figures in
   base-to-base contact"]. */
int wri_melee_face_most(const wr_melee_unit *u, wr_facing face)
{
    int figures = u->def.figures, files = u->def.files;
    int along = face == WR_FACING_FLANK ? ceil_div(figures, files) : files;
    return along < figures ? along : figures;
}

/* How a side fails to fit its unit: 0 (it fits), MISFIT_FIGURES (the unit
   has no figures left) or MISFIT_CONTACT (in_contact is more than its face
   holds). Checked when a fight is added and again when the phase is read,
   its units perhaps changed since; each caller names what it was given. */
#define MISFIT_FIGURES 1
#define MISFIT_CONTACT 2
static int misfit(const wr_phase_combatant *s)
{
    if (s->unit->def.figures < 1)
        return MISFIT_FIGURES;
    int most = wri_melee_face_most(s->unit, s->face);
    return s->in_contact < 0 || s->in_contact > most ? MISFIT_CONTACT : 0;
}

int wri_melee_swarm_meets_flier(const wr_melee_unit *a, const wr_melee_unit *b)
{
    unsigned fa = a->def.flags, fb = b->def.flags;
    return ((fa & WR_UNIT_SWARM) && (fb & WR_UNIT_FLYING)) ||
           ((fa & WR_UNIT_FLYING) && (fb & WR_UNIT_SWARM));
}

wr_status wri_melee_fight_check(const wr_phase_fight *f)
{
    for (int i = 0; i < 2; i++) {
        const wr_phase_combatant *s = &f->side[i];
        int face = (int)s->face, contact = (int)s->contact, cover = (int)s->cover;
        if (s->unit == NULL)
            return WRI_FAIL(WR_ERR_NULL, i ? "fight->side[1].unit" : "fight->side[0].unit",
                            "a non-NULL pointer");
        if (face < WR_FACING_FRONT || face > WR_FACING_REAR)
            return WRI_FAIL_VALUE(WR_ERR_INVALID, i ? "fight->side[1].face" : "fight->side[0].face",
                                  face, "a wr_facing value");
        if (contact < WR_CONTACT_CONTINUING || contact > WR_CONTACT_PUSHBACK)
            return WRI_FAIL_VALUE(WR_ERR_INVALID,
                                  i ? "fight->side[1].contact" : "fight->side[0].contact", contact,
                                  "a wr_phase_contact value");
        if (cover < WR_COVER_NONE || cover > WR_COVER_HEAVY)
            return WRI_FAIL_VALUE(WR_ERR_INVALID,
                                  i ? "fight->side[1].cover" : "fight->side[0].cover", cover,
                                  "a wr_cover value");
    }
    if (f->side[0].unit == f->side[1].unit)
        return WRI_FAIL(WR_ERR_INVALID, "fight->side[1].unit", "a unit other than side 0's");
    for (int i = 0; i < 2; i++) {
        const wr_phase_combatant *s = &f->side[i];
        int how = misfit(s);
        if (how == MISFIT_FIGURES)
            return WRI_FAIL_VALUE(WR_ERR_STATE, i ? "fight->side[1].unit" : "fight->side[0].unit",
                                  s->unit->def.figures, "a unit with figures left");
        if (how == MISFIT_CONTACT)
            return WRI_FAIL_VALUE(WR_ERR_RANGE,
                                  i ? "fight->side[1].in_contact" : "fight->side[0].in_contact",
                                  s->in_contact,
                                  "0..the figures on that face (files on the front or rear, ranks "
                                  "along a flank)");
        if (s->corner < 0 || s->corner > s->in_contact)
            return WRI_FAIL_VALUE(WR_ERR_RANGE,
                                  i ? "fight->side[1].corner" : "fight->side[0].corner", s->corner,
                                  "0..in_contact");
        if (s->corner_fights != WR_PHASE_DEFAULT &&
            (s->corner_fights < 0 || s->corner_fights > s->corner))
            return WRI_FAIL_VALUE(
                WR_ERR_RANGE, i ? "fight->side[1].corner_fights" : "fight->side[0].corner_fights",
                s->corner_fights, "WR_PHASE_DEFAULT or 0..corner");
    }
    if (f->side[0].face != WR_FACING_FRONT && f->side[1].face != WR_FACING_FRONT)
        return WRI_FAIL(WR_ERR_INVALID, "fight->side[1].face",
                        "WR_FACING_FRONT when side 0 is attacked in flank or rear");
    if (wri_melee_swarm_meets_flier(f->side[0].unit, f->side[1].unit))
        return WRI_FAIL(WR_ERR_INVALID, "fight->side[1].unit",
                        "[Who fights] swarms and fliers fight only with missile weapons");
    return WR_OK;
}

/* A fight alone, then against the phase's fights. */
static wr_status check_fight(const wr_melee_phase *p, const wr_phase_fight *f)
{
    wr_status st = wri_melee_fight_check(f);
    if (st != WR_OK)
        return st;
    for (int g = 0; g < p->n; g++)
        for (int i = 0; i < 2; i++)
            for (int j = 0; j < 2; j++) {
                const wr_phase_combatant *old = side_of(p, g, j), *old_enemy = side_of(p, g, 1 - j);
                if (old->unit == f->side[i].unit && old_enemy->unit == f->side[1 - i].unit &&
                    old->face == f->side[i].face)
                    return WRI_FAIL_VALUE(
                        WR_ERR_INVALID, i ? "fight->side[1].face" : "fight->side[0].face",
                        f->side[i].face,
                        "a face on which the unit does not already fight this enemy");
            }
    return WR_OK;
}

wr_status wr_melee_phase_new_ex(const wr_allocator *alloc, wr_melee_phase **out)
{
    if (out == NULL)
        return WRI_NULL(out);
    wr_status st;
    wr_melee_phase *p = wri_new_handle(alloc, sizeof *p, offsetof(wr_melee_phase, alloc), &st);
    if (p != NULL)
        *out = p;
    return WRI_PASS(st);
}

wr_status wr_melee_phase_new(wr_melee_phase **out)
{
    return WRI_PASS(wr_melee_phase_new_ex(NULL, out));
}

static void free_results(const wr_allocator *a, wr_melee_round *rounds, int n,
                         wr_melee_unit **units, wr_phase_unit *results, int n_units)
{
    wri_free(a, rounds, (size_t)n, sizeof *rounds);
    wri_free(a, units, (size_t)n_units, sizeof *units);
    wri_free(a, results, (size_t)n_units, sizeof *results);
}

void wr_melee_phase_free(wr_melee_phase *phase)
{
    if (phase == NULL)
        return;
    wr_allocator a = phase->alloc;
    if (phase->resolved)
        free_results(&a, phase->rounds, phase->n, phase->units, phase->unit_results,
                     phase->n_units);
    wri_free(&a, phase->fights, (size_t)phase->cap, sizeof *phase->fights);
    wri_free(&a, phase, 1, sizeof *phase);
}

wr_status wr_melee_phase_set_morale(wr_melee_phase *phase, wr_morale_fn fn, void *user)
{
    if (phase == NULL)
        return WRI_NULL(phase);
    phase->morale = fn;
    phase->morale_user = user;
    return WR_OK;
}

wr_status wr_melee_phase_add(wr_melee_phase *phase, const wr_phase_fight *fight, int *index)
{
    if (phase == NULL)
        return WRI_NULL(phase);
    if (fight == NULL)
        return WRI_NULL(fight);
    if (index == NULL)
        return WRI_NULL(index);
    if (phase->resolved)
        return WRI_FAIL(WR_ERR_STATE, "phase", "a phase not yet resolved");
    wr_status st = check_fight(phase, fight);
    if (st != WR_OK)
        return WRI_PASS(st);
    if (phase->n == phase->cap) {
        if (phase->n >= WR_PHASE_MAX_FIGHTS)
            return WRI_FAIL_VALUE(WR_ERR_RANGE, "phase", phase->n,
                                  "at most WR_PHASE_MAX_FIGHTS (10000) fights");
        int grown = phase->cap ? phase->cap * 2 : 4;
        if (grown > WR_PHASE_MAX_FIGHTS)
            grown = WR_PHASE_MAX_FIGHTS;
        wr_phase_fight *f = wri_realloc_array(&phase->alloc, phase->fights, (size_t)phase->cap,
                                              (size_t)grown, sizeof *f);
        if (f == NULL)
            return WRI_NOMEM();
        phase->fights = f;
        phase->cap = grown;
    }
    phase->fights[phase->n] = *fight;
    *index = phase->n++;
    return WR_OK;
}

wr_status wr_melee_phase_count(const wr_melee_phase *phase, int *count)
{
    if (phase == NULL)
        return WRI_NULL(phase);
    if (count == NULL)
        return WRI_NULL(count);
    *count = phase->n;
    return WR_OK;
}

/* ---- planning ---------------------------------------------------------- */

static void plan_free(const wr_allocator *a, plan *pl)
{
    size_t two = 2 * (size_t)pl->n;
    wri_free(a, pl->units, two, sizeof *pl->units);
    wri_free(a, pl->unit_of, two, sizeof *pl->unit_of);
    wri_free(a, pl->disordered_by, two, sizeof *pl->disordered_by);
    wri_free(a, pl->used, two, sizeof *pl->used);
    wri_free(a, pl->snap, (size_t)pl->n, sizeof *pl->snap);
    memset(pl, 0, sizeof *pl);
}

static void base_snapshot(const wr_melee_phase *p, int f, wri_snapshot *s)
{
    memset(s, 0, sizeof *s);
    s->arg = "phase";
    int fresh = 0;
    for (int i = 0; i < 2; i++) {
        const wr_phase_combatant *ps = side_of(p, f, i);
        const wr_melee_unit *u = ps->unit;
        wri_side *d = &s->side[i];
        d->unit = u;
        d->profile = u->profile;
        d->chart = u->chart;
        d->kind = (int)u->def.kind;
        d->figures = u->def.figures;
        d->disordered = (u->def.flags & WR_UNIT_DISORDERED) != 0 || wri_melee_blood_lust(u);
        d->wounds = u->wounds;
        wr_combatant_situation *sit = &s->situation.side[i];
        sit->in_contact = ps->in_contact;
        sit->charged = ps->contact == WR_CONTACT_CHARGE || ps->contact == WR_CONTACT_PURSUIT;
        sit->attacked_in = ps->face;
        sit->cover = ps->cover;
        sit->character_present = ps->character_present != 0;
        s->along_face[i] = 1;
        if (ps->contact == WR_CONTACT_PUSHBACK)
            s->no_bonus[i] = 1 + (int)WR_CONTACT_PUSHBACK;
        fresh |= ps->contact != WR_CONTACT_CONTINUING;
    }
    /* The round the charge bonus and the flank test belong to: contact made this turn. */
    s->round = fresh ? 1 : 2;
}

/* A fight side, keyed for sharing out its unit's figures: a unit's sides
   front, flank, rear, then in the order added (reading 20 of
   docs/rules/melee.md). k is 2 * fight + side. */
typedef struct side_key {
    int unit, face, k;
} side_key;

static int key_order(const void *x, const void *y)
{
    const side_key *a = x, *b = y;
    if (a->unit != b->unit)
        return a->unit < b->unit ? -1 : 1;
    if (a->face != b->face)
        return a->face < b->face ? -1 : 1;
    return (a->k > b->k) - (a->k < b->k);
}

/* Shares out one unit's corner figures and its figures among its fight
   sides keys[from..to), which are in sharing order. */
static wr_status share_unit(const wr_melee_phase *p, plan *pl, const side_key *keys, int from,
                            int to)
{
    long long total_corner = 0, assigned = 0;
    for (int j = from; j < to; j++) {
        const wr_phase_combatant *s = side_of(p, keys[j].k / 2, keys[j].k % 2);
        total_corner += s->corner;
        if (s->corner_fights != WR_PHASE_DEFAULT)
            assigned += s->corner_fights;
    }
    for (int j = from; j < to; j++) {
        const wr_phase_combatant *s = side_of(p, keys[j].k / 2, keys[j].k % 2);
        if (s->corner > total_corner - s->corner)
            return WRI_FAIL_VALUE(WR_ERR_INVALID, "phase", s->corner,
                                  "a side's corner figures: figures that also touch an enemy in "
                                  "another fight of the unit");
    }
    long long corner_figures = total_corner / 2;
    if (assigned > corner_figures)
        return WRI_FAIL_VALUE(WR_ERR_INVALID, "phase", assigned,
                              "[Starting] no figure may fight more than once in a turn: a unit's "
                              "corner_fights at most its corner figures");
    long long default_left = corner_figures - assigned;
    const int u = keys[from].unit;
    const wr_melee_unit *unit = pl->units[u];
    for (int j = from; j < to; j++) {
        int f = keys[j].k / 2, i = keys[j].k % 2;
        const wr_phase_combatant *s = side_of(p, f, i);
        int corner_here = s->corner_fights;
        if (corner_here == WR_PHASE_DEFAULT) {
            corner_here = s->corner < default_left ? s->corner : (int)default_left;
            default_left -= corner_here;
        }
        wri_snapshot *snap = &pl->snap[f];
        wr_strike k;
        snap->cap[i] = 0;
        wr_status st = wri_melee_strike(snap, i, &k, NULL);
        if (st != WR_OK)
            return st;
        int here = k.fighting - (s->corner - corner_here);
        if (here < 0)
            here = 0;
        int left = unit->def.figures - pl->used[u];
        if (here > left)
            here = left;
        pl->used[u] += here;
        snap->cap[i] = here < k.fighting ? here + 1 : 0;
    }
    return WR_OK;
}

static wr_status share_all(const wr_melee_phase *p, plan *pl)
{
    int two = 2 * p->n;
    side_key *keys = wri_alloc_zero(&p->alloc, (size_t)two, sizeof *keys);
    if (keys == NULL)
        return WRI_NOMEM();
    for (int k = 0; k < two; k++) {
        keys[k].unit = pl->unit_of[k];
        keys[k].face = (int)side_of(p, k / 2, k % 2)->face;
        keys[k].k = k;
    }
    qsort(keys, (size_t)two, sizeof *keys, key_order);
    wr_status st = WR_OK;
    for (int from = 0; from < two && st == WR_OK;) {
        int to = from + 1;
        while (to < two && keys[to].unit == keys[from].unit)
            to++;
        st = share_unit(p, pl, keys, from, to);
        from = to;
    }
    wri_free(&p->alloc, keys, (size_t)two, sizeof *keys);
    return st;
}

static wr_status make_plan(const wr_melee_phase *p, plan *pl)
{
    memset(pl, 0, sizeof *pl);
    if (p->resolved)
        return WRI_FAIL(WR_ERR_STATE, "phase", "a phase not yet resolved");
    for (int f = 0; f < p->n; f++)
        for (int i = 0; i < 2; i++) {
            const wr_phase_combatant *s = side_of(p, f, i);
            int how = misfit(s);
            if (how == MISFIT_FIGURES)
                return WRI_FAIL_VALUE(WR_ERR_STATE, "phase", s->unit->def.figures,
                                      i ? "figures left in the unit of side 1 of each fight"
                                        : "figures left in the unit of side 0 of each fight");
            if (how == MISFIT_CONTACT)
                return WRI_FAIL_VALUE(WR_ERR_STATE, "phase", s->in_contact,
                                      i ? "each side 1 in_contact within the figures now on its "
                                          "unit's face"
                                        : "each side 0 in_contact within the figures now on its "
                                          "unit's face");
        }
    if (p->n == 0)
        return WR_OK;
    const wr_allocator *a = &p->alloc;
    size_t two = 2 * (size_t)p->n;
    pl->n = p->n;
    pl->units = wri_alloc_zero(a, two, sizeof *pl->units);
    pl->unit_of = wri_alloc_zero(a, two, sizeof *pl->unit_of);
    pl->disordered_by = wri_alloc_zero(a, two, sizeof *pl->disordered_by);
    pl->used = wri_alloc_zero(a, two, sizeof *pl->used);
    pl->snap = wri_alloc_zero(a, (size_t)p->n, sizeof *pl->snap);
    if (pl->units == NULL || pl->unit_of == NULL || pl->disordered_by == NULL || pl->used == NULL ||
        pl->snap == NULL) {
        plan_free(a, pl);
        return WRI_NOMEM();
    }
    for (int k = 0; k < 2 * p->n; k++) {
        wr_melee_unit *u = side_of(p, k / 2, k % 2)->unit;
        int found = -1;
        for (int v = 0; v < pl->n_units && found < 0; v++)
            if (pl->units[v] == u)
                found = v;
        if (found < 0) {
            found = pl->n_units++;
            pl->units[found] = u;
        }
        pl->unit_of[k] = found;
    }
    /* [Flank and rear] "immediately becomes disordered": every fight of the unit sees it. */
    for (int f = 0; f < p->n; f++) {
        base_snapshot(p, f, &pl->snap[f]);
        for (int i = 0; i < 2; i++) {
            int reason = 0, u = pl->unit_of[2 * f + i];
            if (wri_melee_disorders(&pl->snap[f], i, &reason) && pl->disordered_by[u] == 0)
                pl->disordered_by[u] = f + 1;
        }
    }
    for (int f = 0; f < p->n; f++)
        for (int i = 0; i < 2; i++) {
            wri_snapshot *s = &pl->snap[f];
            int reason = 0, by = pl->disordered_by[pl->unit_of[2 * f + i]];
            if (by > 0 && !s->side[i].disordered && !wri_melee_disorders(s, i, &reason)) {
                s->side[i].disordered = 1;
                s->elsewhere[i] = by;
            }
        }
    wr_status st = share_all(p, pl);
    if (st != WR_OK)
        plan_free(a, pl);
    return st;
}

/* Whether side i of fight f takes the flank or rear Morale Test: an enemy
   came onto its flank or rear this turn, by any move [Flank and rear]. */
static int test_due(const wr_melee_phase *p, const wri_snapshot *s, int f, int i)
{
    wr_facing face = side_of(p, f, i)->face;
    if (face == WR_FACING_FRONT || side_of(p, f, 1 - i)->contact == WR_CONTACT_CONTINUING)
        return 0;
    int kind = s->side[i].kind;
    return kind == WR_UNIT_TROOPS || (kind == WR_UNIT_MONSTER && face == WR_FACING_REAR);
}

static wr_status check_fight_index(const wr_melee_phase *p, int fight)
{
    if (fight < 0 || fight >= p->n)
        return WRI_FAIL_VALUE(WR_ERR_RANGE, "fight", fight, "0..the fights added - 1");
    return WR_OK;
}

wr_status wr_melee_phase_strike(const wr_melee_phase *phase, int fight, int side, wr_strike *strike)
{
    if (phase == NULL)
        return WRI_NULL(phase);
    if (strike == NULL)
        return WRI_NULL(strike);
    wr_status st = check_fight_index(phase, fight);
    if (st != WR_OK)
        return WRI_PASS(st);
    if (side < 0 || side > 1)
        return WRI_FAIL_VALUE(WR_ERR_RANGE, "side", side, "0 or 1");
    plan pl;
    if ((st = make_plan(phase, &pl)) != WR_OK)
        return WRI_PASS(st);
    wr_strike k;
    st = wri_melee_strike(&pl.snap[fight], side, &k, NULL);
    plan_free(&phase->alloc, &pl);
    if (st != WR_OK)
        return WRI_PASS(st);
    *strike = k;
    return WR_OK;
}

wr_status wr_melee_phase_dice_needed(const wr_melee_phase *phase, size_t *most)
{
    if (phase == NULL)
        return WRI_NULL(phase);
    if (most == NULL)
        return WRI_NULL(most);
    plan pl;
    wr_status st = make_plan(phase, &pl);
    if (st != WR_OK)
        return WRI_PASS(st);
    uint64_t dice = 0; /* at most 10000 fights x 4000002 dice */
    for (int f = 0; f < phase->n && st == WR_OK; f++) {
        const wri_snapshot *s = &pl.snap[f];
        for (int i = 0; i < 2 && st == WR_OK; i++) {
            wr_strike k;
            dice += (uint64_t)test_due(phase, s, f, i);
            if ((st = wri_melee_strike(s, i, &k, NULL)) != WR_OK)
                break;
            int rem = k.fcp % 100;
            dice += rem > 0;
            if (s->side[1 - i].kind != WR_UNIT_TROOPS)
                dice += 2 * ((uint64_t)(k.fcp / 100) + (rem > 0));
        }
        dice += 1; /* the loser's morale test */
    }
    plan_free(&phase->alloc, &pl);
    if (st != WR_OK)
        return WRI_PASS(st);
    *most = dice > SIZE_MAX ? SIZE_MAX : (size_t)dice;
    return WR_OK;
}

/* ---- resolving --------------------------------------------------------- */

static wri_events events_of(wr_melee_round *r)
{
    wri_events ev = {r->events, &r->n_events, &r->events_truncated};
    return ev;
}

/* Step 2: the flank and rear tests of every fight, before any blow. */
static wr_status flank_tests(const wr_melee_phase *p, const plan *pl, wri_dice *dice,
                             wr_melee_round *r, wr_morale_result *failed, int *failed_at)
{
    for (int f = 0; f < p->n; f++)
        for (int i = 0; i < 2; i++) {
            const wri_snapshot *s = &pl->snap[f];
            int u = pl->unit_of[2 * f + i];
            if (!test_due(p, s, f, i) || failed[u] != WR_MORALE_NONE)
                continue;
            wri_events ev = events_of(&r[f]);
            wr_morale_test t;
            wr_morale_odds o;
            wri_melee_morale_test(s, i, wri_melee_flank_reason(s, i), 0, 0, &t);
            wr_status st = wri_melee_morale_odds(p->morale, p->morale_user, &t, &o, "phase");
            if (st == WR_OK)
                st = wri_melee_roll(dice, 100, &r[f].flank_roll[i]);
            if (st != WR_OK)
                return st;
            r[f].flank_test[i] = wri_melee_morale_outcome(&o, r[f].flank_roll[i]);
            wri_melee_event(&ev, WR_RULE_FLANK_TEST, i, o.pass, r[f].flank_roll[i]);
            wri_melee_morale_events(&ev, i, r[f].flank_test[i]);
            if (r[f].flank_test[i] != WR_MORALE_PASS) {
                failed[u] = r[f].flank_test[i];
                failed_at[u] = f;
                r[f].end = wri_melee_end_of(i, r[f].flank_test[i]);
                r[f].pursuit = r[f].flank_test[i] == WR_MORALE_ROUT ? 1 - i : -1;
            }
        }
    return WR_OK;
}

/* The side of fight f whose unit failed a flank or rear test, or -1. */
static int gone_side(const plan *pl, int f, const wr_morale_result *failed)
{
    for (int i = 0; i < 2; i++)
        if (failed[pl->unit_of[2 * f + i]] != WR_MORALE_NONE)
            return i;
    return -1;
}

/* Step 4: the blows of every fight whose units both still stand. */
static wr_status blows(const wr_melee_phase *p, const plan *pl, wri_dice *dice, wr_melee_round *r,
                       const wr_morale_result *failed, const int *failed_at)
{
    for (int f = 0; f < p->n; f++) {
        wri_events ev = events_of(&r[f]);
        int gone = gone_side(pl, f, failed);
        if (gone < 0) {
            wr_status st = wri_melee_round_strikes(&pl->snap[f], dice, &r[f], &ev);
            if (st != WR_OK)
                return st;
            continue;
        }
        if (r[f].end != WR_END_ONGOING)
            continue; /* the test failed in this very fight */
        int u = pl->unit_of[2 * f + gone];
        wri_melee_event(&ev, WR_RULE_LEFT_FIGHT, gone, (int)failed[u], failed_at[u]);
        r[f].end = wri_melee_end_of(gone, failed[u]);
        r[f].pursuit = failed[u] == WR_MORALE_ROUT ? 1 - gone : -1;
        if (failed[u] == WR_MORALE_ROUT)
            wri_melee_event(&ev, WR_RULE_PURSUIT, 1 - gone, 0, 0);
    }
    return WR_OK;
}

static wr_morale_result worse(wr_morale_result a, wr_morale_result b)
{
    return (int)a > (int)b ? a : b;
}

/* Step 5: each fight's result once every casualty of the phase is known:
   destroyed, drawn or lost, and the loser's Morale Test counting the
   figures its unit has left after all its fights [Casualties: phase ten]. */
static wr_status results(const wr_melee_phase *p, const plan *pl, wri_dice *dice, wr_melee_round *r,
                         const wr_morale_result *failed, const wr_melee_unit_desc *defs,
                         const wr_phase_unit *res)
{
    for (int f = 0; f < p->n; f++) {
        if (gone_side(pl, f, failed) >= 0)
            continue;
        wri_phase_after after;
        for (int i = 0; i < 2; i++) {
            int u = pl->unit_of[2 * f + i];
            after.figures[i] = defs[u].figures;
            after.lost[i] = res[u].lost;
        }
        wri_events ev = events_of(&r[f]);
        wr_status st = wri_melee_round_result(&pl->snap[f], dice, p->morale, p->morale_user, &r[f],
                                              &ev, &after);
        if (st != WR_OK)
            return st;
    }
    return WR_OK;
}

/* Each unit's figures, wounds and disorder after the phase (step 6 applies them). */
static wr_status sum_units(const wr_melee_phase *p, const plan *pl, const wr_melee_round *r,
                           wr_phase_unit *res, wr_melee_unit_desc *defs, wr_wounds *wounds)
{
    for (int u = 0; u < pl->n_units; u++) {
        const wr_melee_unit *unit = pl->units[u];
        wr_phase_unit *o = &res[u];
        memset(o, 0, sizeof *o);
        o->figures_before = unit->def.figures;
        defs[u] = unit->def;
        wounds[u] = unit->wounds;
        long long lost = 0;
        int disordered = (unit->def.flags & WR_UNIT_DISORDERED) != 0;
        for (int k = 0; k < 2 * p->n; k++) {
            if (pl->unit_of[k] != u)
                continue;
            const wr_melee_round *rf = &r[k / 2];
            int i = k % 2;
            o->fights++;
            if (rf->fought)
                o->fighting += rf->strike[i].fighting;
            lost += rf->lost[i];
            disordered |= rf->disordered[i];
            o->worst = worse(o->worst, rf->flank_test[i]);
            if (rf->loser == i)
                o->worst = worse(o->worst, rf->morale);
            if (unit->def.kind != WR_UNIT_TROOPS &&
                !wri_melee_merge_wounds(&wounds[u], &rf->wounds_before[i], &rf->wounds_after[i],
                                        unit->def.kind == WR_UNIT_CHARACTER, &wounds[u]))
                return WRI_FAIL(WR_ERR_STATE, "phase", "wound records within 1000000 hits");
        }
        if (unit->def.kind == WR_UNIT_TROOPS) {
            o->lost = lost > o->figures_before ? o->figures_before : (int)lost;
            defs[u].figures = o->figures_before - o->lost;
        } else {
            o->lost = wounds[u].dead && o->figures_before > 0 ? 1 : 0;
            defs[u].figures = wounds[u].dead ? 0 : o->figures_before;
        }
        if (disordered && unit->def.kind != WR_UNIT_CHARACTER)
            defs[u].flags |= WR_UNIT_DISORDERED;
        o->disordered = (defs[u].flags & WR_UNIT_DISORDERED) != 0 || wri_melee_blood_lust(unit);
    }
    return WR_OK;
}

static wr_status resolve(wr_melee_phase *p, wri_dice *dice)
{
    plan pl;
    wr_status st = make_plan(p, &pl);
    if (st != WR_OK)
        return st;
    if (p->n == 0)
        return WRI_FAIL(WR_ERR_STATE, "phase", "a phase with at least one fight");
    const wr_allocator *a = &p->alloc;
    size_t nu = (size_t)pl.n_units;
    wr_melee_round *r = wri_alloc_zero(a, (size_t)p->n, sizeof *r);
    wr_melee_unit **units = wri_alloc_zero(a, nu, sizeof *units);
    wr_phase_unit *res = wri_alloc_zero(a, nu, sizeof *res);
    wr_melee_unit_desc *defs = wri_alloc_zero(a, nu, sizeof *defs);
    wr_wounds *wounds = wri_alloc_zero(a, nu, sizeof *wounds);
    wr_morale_result *failed = wri_alloc_zero(a, nu, sizeof *failed);
    int *failed_at = wri_alloc_zero(a, nu, sizeof *failed_at);
    if (r == NULL || units == NULL || res == NULL || defs == NULL || wounds == NULL ||
        failed == NULL || failed_at == NULL)
        st = WRI_NOMEM();
    if (st == WR_OK) {
        for (int f = 0; f < p->n; f++) {
            wri_events ev = events_of(&r[f]);
            wri_melee_round_start(&pl.snap[f], &r[f], &ev);
        }
        st = flank_tests(p, &pl, dice, r, failed, failed_at);
    }
    if (st == WR_OK)
        st = blows(p, &pl, dice, r, failed, failed_at);
    if (st == WR_OK)
        st = sum_units(p, &pl, r, res, defs, wounds);
    if (st == WR_OK)
        st = results(p, &pl, dice, r, failed, defs, res);
    if (st == WR_OK)
        st = sum_units(p, &pl, r, res, defs, wounds);
    if (st == WR_OK) {
        for (int u = 0; u < pl.n_units; u++) {
            units[u] = pl.units[u];
            units[u]->def = defs[u];
            units[u]->wounds = wounds[u];
        }
        p->rounds = r;
        p->units = units;
        p->unit_results = res;
        p->n_units = pl.n_units;
        p->resolved = 1;
    } else {
        free_results(a, r, p->n, units, res, (int)nu);
    }
    wri_free(a, defs, nu, sizeof *defs);
    wri_free(a, wounds, nu, sizeof *wounds);
    wri_free(a, failed, nu, sizeof *failed);
    wri_free(a, failed_at, nu, sizeof *failed_at);
    plan_free(a, &pl);
    return st;
}

wr_status wr_melee_phase_resolve_rolls(wr_melee_phase *phase, const int *rolls, size_t n_rolls,
                                       size_t *used)
{
    if (phase == NULL)
        return WRI_NULL(phase);
    if (used == NULL)
        return WRI_NULL(used);
    if (rolls == NULL && n_rolls > 0)
        return WRI_NULL(rolls);
    wri_dice dice = {NULL, rolls, n_rolls, 0};
    wr_status st = resolve(phase, &dice);
    if (st == WR_OK)
        *used = dice.used;
    return WRI_PASS(st);
}

wr_status wr_melee_phase_resolve_rng(wr_melee_phase *phase, wr_rng *rng)
{
    if (phase == NULL)
        return WRI_NULL(phase);
    if (rng == NULL)
        return WRI_NULL(rng);
    wr_rng work = *rng; /* written back only on success */
    wri_dice dice = {&work, NULL, 0, 0};
    wr_status st = resolve(phase, &dice);
    if (st == WR_OK)
        *rng = work;
    return WRI_PASS(st);
}

wr_status wr_melee_phase_round(const wr_melee_phase *phase, int fight, wr_melee_round *round)
{
    if (phase == NULL)
        return WRI_NULL(phase);
    if (round == NULL)
        return WRI_NULL(round);
    wr_status st = check_fight_index(phase, fight);
    if (st != WR_OK)
        return WRI_PASS(st);
    if (!phase->resolved)
        return WRI_FAIL(WR_ERR_STATE, "phase", "a resolved phase");
    *round = phase->rounds[fight];
    return WR_OK;
}

wr_status wr_melee_phase_unit(const wr_melee_phase *phase, const wr_melee_unit *unit,
                              wr_phase_unit *result)
{
    if (phase == NULL)
        return WRI_NULL(phase);
    if (unit == NULL)
        return WRI_NULL(unit);
    if (result == NULL)
        return WRI_NULL(result);
    if (!phase->resolved)
        return WRI_FAIL(WR_ERR_STATE, "phase", "a resolved phase");
    for (int u = 0; u < phase->n_units; u++)
        if (phase->units[u] == unit) {
            *result = phase->unit_results[u];
            return WR_OK;
        }
    return WRI_FAIL(WR_ERR_INVALID, "unit", "a unit of a fight of the phase");
}

/* The fights and morale model of a phase, for its exact odds (phase_odds.c). */
void wri_melee_phase_fights(const wr_melee_phase *p, const wr_phase_fight **fights, int *n,
                            wr_morale_fn *fn, void **user, int *resolved)
{
    *fights = p->fights;
    *n = p->n;
    *fn = p->morale;
    *user = p->morale_user;
    *resolved = p->resolved;
}
