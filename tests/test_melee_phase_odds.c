/* Fantasy Warlord hand-to-hand combat: the exact odds of a melee phase
   fought turn after turn (wr_melee_phase_odds_*). A phase of one fight has
   the odds of its engagement, digit for digit; a phase of several fights
   has the odds that every dice sequence of wr_melee_phase_resolve_rolls
   gives, turn after turn (brute force), and that Monte Carlo resolution
   with wr_melee_phase_resolve_rng agrees with; a flank charge on a deep
   column is priced by the engagement's odds too. Bad input: every status,
   outputs untouched. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "warrules/melee.h"

#include "fixtures.h"
#include "invalid.h"

/* ---- helpers ----------------------------------------------------------- */

static wr_melee_unit *armoured_troops(const wr_profile *p, int figures, int files,
                                      int weapon_type, int armour)
{
    wr_melee_unit_desc d = wr_melee_unit_desc_default();
    d.figures = figures;
    d.files = files;
    d.weapon_type = weapon_type;
    d.armour = armour;
    wr_melee_unit *u = NULL;
    assert_int_equal(wr_melee_unit_new(p, &d, &u), WR_OK);
    return u;
}

static int figures_now(const wr_melee_unit *u)
{
    wr_melee_unit_desc d;
    assert_int_equal(wr_melee_unit_get(u, &d), WR_OK);
    return d.figures;
}

/* A morale model whose odds change with the losses, the figures left and
   the turn (a pure function of the test). */
static wr_status shifting_morale(void *user, const wr_morale_test *t, wr_morale_odds *o)
{
    (void)user;
    int pass = 70 - 9 * t->lost + t->figures - 3 * t->round;
    if (t->reason != WR_MORALE_REASON_LOST_ROUND)
        pass = 55 + t->figures;
    pass = pass < 0 ? 0 : (pass > 100 ? 100 : pass);
    int retire = (100 - pass) / 3;
    o->pass = pass;
    o->retire = retire;
    o->rout = 100 - pass - retire;
    return WR_OK;
}

/* ---- a phase of one fight is its engagement --------------------------- */

typedef struct one_fight {
    int figures[2], files[2], weapon[2], contact[2];
    wr_facing face1;   /* where side 1 is struck (side 0 is struck in front) */
    int charged0;      /* side 0 charged this turn */
    int rounds;
} one_fight;

static void compare_one(const one_fight *x, wr_morale_fn fn)
{
    wr_profile *men = profile(WR_RACE_HUMAN), *orc = profile(WR_RACE_ORC);
    assert_int_equal(wr_profile_set_bcp(men, 1, 0, 37), WR_OK);
    assert_int_equal(wr_profile_set_bcp(men, 0, 0, 23), WR_OK);
    assert_int_equal(wr_profile_set_bcp(orc, 0, 0, 31), WR_OK);
    assert_int_equal(wr_profile_set_bcp(orc, 1, 0, 44), WR_OK);
    assert_int_equal(wr_profile_set_modifier(men, WR_MOD_CHARGED, 15), WR_OK);
    assert_int_equal(wr_profile_set_modifier(men, WR_MOD_FLANK, 10), WR_OK);
    assert_int_equal(wr_profile_set_modifier(men, WR_MOD_REAR, 20), WR_OK);
    assert_int_equal(wr_profile_set_modifier(orc, WR_MOD_PER_RANK, 3), WR_OK);
    assert_int_equal(wr_profile_set_modifier(men, WR_MOD_ENEMY_DISORDERED, 7), WR_OK);
    wr_melee_unit *a = armoured_troops(men, x->figures[0], x->files[0], x->weapon[0], 0);
    wr_melee_unit *b = armoured_troops(orc, x->figures[1], x->files[1], x->weapon[1], 0);

    wr_situation s;
    memset(&s, 0, sizeof s);
    s.side[0].in_contact = x->contact[0];
    s.side[0].charged = x->charged0;
    s.side[1].in_contact = x->contact[1];
    s.side[1].attacked_in = x->face1;
    wr_engagement *e = NULL;
    assert_int_equal(wr_engagement_new(a, b, &s, &e), WR_OK);
    assert_int_equal(wr_engagement_set_morale(e, fn, NULL), WR_OK);
    wr_melee_odds *eo = NULL;
    assert_int_equal(wr_melee_odds_new(e, x->rounds, &eo), WR_OK);

    wr_melee_phase *p = NULL;
    assert_int_equal(wr_melee_phase_new(&p), WR_OK);
    assert_int_equal(wr_melee_phase_set_morale(p, fn, NULL), WR_OK);
    phase_add(p, phase_combatant(a, WR_FACING_FRONT, x->contact[0],
                     x->charged0 ? WR_CONTACT_CHARGE : WR_CONTACT_CONTINUING),
        phase_combatant(b, x->face1, x->contact[1], WR_CONTACT_CONTINUING));
    wr_melee_phase_odds *po = NULL;
    assert_int_equal(wr_melee_phase_odds_new(p, x->rounds, &po), WR_OK);

    int e1 = -1, e2 = -2;
    assert_int_equal(wr_melee_odds_exponent(eo, &e1), WR_OK);
    assert_int_equal(wr_melee_phase_odds_exponent(po, &e2), WR_OK);
    assert_int_equal(e1, e2);
    char want[2000], got[2000];
    size_t len = 0;
    for (int end = 0; end < WR_END_COUNT; end++) {
        assert_int_equal(wr_melee_odds_end_exact(eo, (wr_melee_end)end, want, sizeof want, &len),
                         WR_OK);
        assert_int_equal(wr_melee_phase_odds_fight_end_exact(po, 0, (wr_melee_end)end, got,
                                                             sizeof got, &len),
                         WR_OK);
        assert_string_equal(got, want);
    }
    wr_melee_unit *u[2] = {a, b};
    for (int i = 0; i < 2; i++)
        for (int f = 0; f <= x->figures[i]; f++) {
            assert_int_equal(wr_melee_odds_figures_exact(eo, i, f, want, sizeof want, &len), WR_OK);
            assert_int_equal(wr_melee_phase_odds_unit_figures_exact(po, u[i], f, got, sizeof got,
                                                                    &len),
                             WR_OK);
            assert_string_equal(got, want);
            uint64_t p1 = 0, p2 = 1;
            assert_int_equal(wr_melee_odds_figures(eo, i, f, &p1), WR_OK);
            assert_int_equal(wr_melee_phase_odds_unit_figures(po, u[i], f, &p2), WR_OK);
            assert_true(p1 == p2);
        }
    /* the fates are the ends seen from each unit */
    static const wr_melee_end routs[2] = {WR_END_A_ROUTS, WR_END_B_ROUTS};
    for (int i = 0; i < 2; i++) {
        assert_int_equal(wr_melee_odds_end_exact(eo, routs[i], want, sizeof want, &len), WR_OK);
        assert_int_equal(wr_melee_phase_odds_unit_fate_exact(po, u[i], WR_FATE_ROUTS, got,
                                                             sizeof got, &len),
                         WR_OK);
        assert_string_equal(got, want);
    }
    assert_int_equal(wr_melee_odds_end_exact(eo, WR_END_ONGOING, want, sizeof want, &len), WR_OK);
    assert_int_equal(wr_melee_phase_odds_unit_fate_exact(po, a, WR_FATE_FIGHTING, got,
                                                         sizeof got, &len),
                     WR_OK);
    assert_string_equal(got, want);

    wr_melee_phase_odds_free(po);
    wr_melee_phase_free(p);
    wr_melee_odds_free(eo);
    wr_engagement_free(e);
    wr_melee_unit_free(a);
    wr_melee_unit_free(b);
    wr_profile_free(men);
    wr_profile_free(orc);
}

static void one_fight_is_its_engagement(void **state)
{
    (void)state;
    static const one_fight cases[] = {
        /* figures, files, weapon, contact, face of side 1, charged, rounds */
        {{6, 5}, {3, 5}, {0, 0}, {3, 5}, WR_FACING_FRONT, 1, 1},
        {{6, 5}, {3, 5}, {0, 0}, {3, 5}, WR_FACING_FRONT, 1, 6},
        {{8, 9}, {4, 3}, {1, 1}, {4, 3}, WR_FACING_FRONT, 0, 5},
        {{7, 9}, {7, 3}, {0, 1}, {3, 3}, WR_FACING_FLANK, 1, 6},  /* flank test, one rank */
        {{7, 9}, {7, 3}, {0, 1}, {3, 3}, WR_FACING_REAR, 1, 4},   /* rear test */
        {{5, 12}, {5, 2}, {1, 0}, {5, 5}, WR_FACING_FLANK, 1, 7}, /* deep column: 5 > 2 files */
        {{12, 10}, {6, 5}, {1, 1}, {6, 5}, WR_FACING_FRONT, 1, 10},
    };
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        compare_one(&cases[k], NULL);
        /* a fight without a charge is one from an earlier turn: round 2 in
           a phase (reading 26), so a model that reads the round differs */
        if (cases[k].charged0)
            compare_one(&cases[k], shifting_morale);
    }
}

/* ---- the engagement prices a flank charge on a deep column ------------- */

static void engagement_prices_a_flank_charge_on_a_column(void **state)
{
    (void)state;
    wr_profile *dwarf = profile(WR_RACE_DWARF), *orc = profile(WR_RACE_ORC);
    assert_int_equal(wr_profile_set_bcp(dwarf, WR_WEAPON_SPEAR, 0, 30), WR_OK);
    assert_int_equal(wr_profile_set_bcp(orc, WR_WEAPON_SPEAR, 0, 30), WR_OK);
    assert_int_equal(wr_profile_set_modifier(dwarf, WR_MOD_FLANK, 10), WR_OK);
    wr_melee_unit *dwarfs = armoured_troops(dwarf, 10, 5, WR_WEAPON_SPEAR, 0);
    wr_melee_unit *orcs = armoured_troops(orc, 18, 3, WR_WEAPON_SPEAR, 0);
    wr_situation s;
    memset(&s, 0, sizeof s);
    s.side[0].in_contact = 5;
    s.side[0].charged = 1;
    s.side[1].in_contact = 5; /* along six ranks of three */
    s.side[1].attacked_in = WR_FACING_FLANK;
    wr_engagement *e = NULL;
    assert_int_equal(wr_engagement_new(dwarfs, orcs, &s, &e), WR_OK);
    wr_strike k;
    assert_int_equal(wr_engagement_strike(e, 1, &k), WR_OK);
    assert_int_equal(k.fighting, 5); /* the five in contact fight, one rank */
    assert_int_equal(k.ranks, 1);
    wr_melee_odds *o = NULL;
    assert_int_equal(wr_melee_odds_new(e, 8, &o), WR_OK);
    uint64_t total = 0, p = 0;
    for (int end = 0; end < WR_END_COUNT; end++) {
        assert_int_equal(wr_melee_odds_end(o, (wr_melee_end)end, &p), WR_OK);
        total += p;
    }
    assert_true(total <= UINT64_C(1000000000000000000) &&
                total > UINT64_C(1000000000000000000) - WR_END_COUNT);
    wr_melee_odds_free(o);
    wr_engagement_free(e);
    wr_melee_unit_free(dwarfs);
    wr_melee_unit_free(orcs);
    wr_profile_free(dwarf);
    wr_profile_free(orc);
}


/* ---- several fights: turn after turn through the phase itself --------- */

/* Fights given once; each turn is a new wr_melee_phase of the fights still
   going on, resolved by wr_melee_phase_resolve_rolls (every dice sequence)
   or wr_melee_phase_resolve_rng (Monte Carlo), with the rules the odds
   follow between turns: a unit that retires or routs leaves every fight,
   a unit whose enemies have all gone holds, later turns continue (contact
   capped at the figures left, corner figures shared among the fights still
   going on). */
#define MAXU 6
#define MAXF 4

typedef struct world {
    int nu, nf;
    wr_melee_unit *unit[MAXU];
    wr_phase_fight fight[MAXF];
    wr_morale_fn fn;
    void *user;
} world;

typedef struct wstate {
    int figs[MAXU];     /* 0: out */
    int disordered[MAXU];
} wstate;

static int unit_no(const world *w, const wr_melee_unit *u)
{
    for (int v = 0; v < w->nu; v++)
        if (w->unit[v] == u)
            return v;
    fail();
    return -1;
}

static void set_units(const world *w, const wstate *s)
{
    for (int u = 0; u < w->nu; u++) {
        if (s->figs[u] == 0)
            continue;
        assert_int_equal(wr_melee_unit_set_figures(w->unit[u], s->figs[u]), WR_OK);
        assert_int_equal(wr_melee_unit_set_disordered(w->unit[u], s->disordered[u]), WR_OK);
    }
}

/* The phase of the fights still going on in state s, turn t. */
static wr_melee_phase *turn_phase(const world *w, const wstate *s, int t, int *which, int *n)
{
    wr_melee_phase *p = NULL;
    assert_int_equal(wr_melee_phase_new(&p), WR_OK);
    assert_int_equal(wr_melee_phase_set_morale(p, w->fn, w->user), WR_OK);
    *n = 0;
    for (int f = 0; f < w->nf; f++) {
        wr_phase_fight x = w->fight[f];
        if (s->figs[unit_no(w, x.side[0].unit)] == 0 || s->figs[unit_no(w, x.side[1].unit)] == 0)
            continue;
        if (t > 0)
            for (int i = 0; i < 2; i++) {
                wr_phase_combatant *c = &x.side[i];
                int u = unit_no(w, c->unit), all = 0;
                for (int g = 0; g < w->nf; g++)
                    for (int j = 0; j < 2; j++)
                        if (w->fight[g].side[j].unit == c->unit &&
                            s->figs[unit_no(w, w->fight[g].side[1 - j].unit)] > 0)
                            all += w->fight[g].side[j].corner;
                c->contact = WR_CONTACT_CONTINUING;
                c->in_contact = c->in_contact < s->figs[u] ? c->in_contact : s->figs[u];
                c->corner = c->corner < all - c->corner ? c->corner : all - c->corner;
                c->corner = c->corner < c->in_contact ? c->corner : c->in_contact;
                c->corner_fights = WR_PHASE_DEFAULT;
            }
        int index = -1;
        assert_int_equal(wr_melee_phase_add(p, &x, &index), WR_OK);
        which[(*n)++] = f;
    }
    return p;
}

/* What a resolved turn did: the next state, each unit that left (fate,
   figures; fate WR_FATE_COUNT for none), each fight's end (-1: not over or
   not fought). */
typedef struct turn_out {
    wstate next;
    int live;
    wr_melee_fate fate[MAXU];
    int fate_figs[MAXU];
    int end[MAXF];
} turn_out;

static void after_turn(const world *w, const wstate *s, wr_melee_phase *p, const int *which,
                       int n, turn_out *o)
{
    memset(o, 0, sizeof *o);
    for (int f = 0; f < MAXF; f++)
        o->end[f] = -1;
    for (int u = 0; u < w->nu; u++) {
        o->fate[u] = WR_FATE_COUNT;
        if (s->figs[u] == 0)
            continue;
        wr_phase_unit r;
        int in = 0;
        for (int k = 0; k < n; k++)
            in |= w->fight[which[k]].side[0].unit == w->unit[u] ||
                  w->fight[which[k]].side[1].unit == w->unit[u];
        assert_true(in);
        assert_int_equal(wr_melee_phase_unit(p, w->unit[u], &r), WR_OK);
        wr_melee_unit_desc d;
        assert_int_equal(wr_melee_unit_get(w->unit[u], &d), WR_OK);
        o->next.figs[u] = d.figures;
        o->next.disordered[u] = (d.flags & WR_UNIT_DISORDERED) != 0;
        if (d.figures == 0)
            o->fate[u] = WR_FATE_DESTROYED;
        else if (r.worst == WR_MORALE_RETIRE || r.worst == WR_MORALE_ROUT)
            o->fate[u] = r.worst == WR_MORALE_ROUT ? WR_FATE_ROUTS : WR_FATE_RETIRES;
        o->fate_figs[u] = d.figures;
    }
    for (int k = 0; k < n; k++) {
        int f = which[k];
        wr_melee_round r;
        assert_int_equal(wr_melee_phase_round(p, k, &r), WR_OK);
        int end = (int)r.end;
        for (int i = 0; i < 2 && end == WR_END_ONGOING; i++) {
            wr_melee_fate x = o->fate[unit_no(w, w->fight[f].side[i].unit)];
            if (x == WR_FATE_RETIRES || x == WR_FATE_ROUTS)
                end = (int)(x == WR_FATE_ROUTS ? (i ? WR_END_B_ROUTS : WR_END_A_ROUTS)
                                                : (i ? WR_END_B_RETIRES : WR_END_A_RETIRES));
        }
        o->end[f] = end == WR_END_ONGOING ? -1 : end;
    }
    for (int u = 0; u < w->nu; u++)
        if (o->fate[u] != WR_FATE_COUNT)
            o->next.figs[u] = 0;
    for (int u = 0; u < w->nu; u++) {
        if (o->next.figs[u] == 0)
            continue;
        int fights = 0;
        for (int f = 0; f < w->nf; f++) {
            int a = unit_no(w, w->fight[f].side[0].unit), b = unit_no(w, w->fight[f].side[1].unit);
            fights += (a == u || b == u) && o->next.figs[a] > 0 && o->next.figs[b] > 0;
        }
        if (fights == 0) {
            o->fate[u] = WR_FATE_HOLDS;
            o->fate_figs[u] = o->next.figs[u];
            o->next.figs[u] = 0;
        }
    }
    for (int u = 0; u < w->nu; u++)
        o->live |= o->next.figs[u] > 0;
}

/* Exact counts (the brute force): 128-bit numerators over 10^digits. */
#define BSTATES 512
typedef struct tally {
    int n;
    wstate s[BSTATES];
    u128 w[BSTATES];
    u128 fate[MAXU][WR_FATE_COUNT][64];
    u128 end[MAXF][WR_END_COUNT];
} tally;

static void tally_live(tally *t, const wstate *s, u128 w)
{
    for (int i = 0; i < t->n; i++)
        if (memcmp(&t->s[i], s, sizeof *s) == 0) {
            t->w[i] += w;
            return;
        }
    assert_true(t->n < BSTATES);
    t->s[t->n] = *s;
    t->w[t->n++] = w;
}

static void tally_turn(tally *t, const turn_out *o, u128 w)
{
    for (int u = 0; u < MAXU; u++)
        if (o->fate[u] != WR_FATE_COUNT)
            t->fate[u][o->fate[u]][o->fate_figs[u]] += w;
    for (int f = 0; f < MAXF; f++)
        if (o->end[f] >= 0)
            t->end[f][o->end[f]] += w;
    if (o->live)
        tally_live(t, &o->next, w);
}

/* Dice classes: every remainder and every morale threshold of the test
   worlds is 50, so a d100 of 50 or below and one above are the only two
   outcomes of any die. */
static void walk(const world *w, const wstate *s, int t, int *rolls, int depth, u128 weight,
                 int dice, tally *out)
{
    set_units(w, s);
    int which[MAXF], n = 0;
    wr_melee_phase *p = turn_phase(w, s, t, which, &n);
    size_t used = 0;
    wr_status st = wr_melee_phase_resolve_rolls(p, rolls, (size_t)depth, &used);
    if (st == WR_ERR_RANGE) {
        wr_melee_phase_free(p);
        assert_true(depth < dice);
        for (int v = 50; v <= 100; v += 50) {
            rolls[depth] = v;
            walk(w, s, t, rolls, depth + 1, weight * 50, dice, out);
        }
        return;
    }
    assert_int_equal(st, WR_OK);
    assert_int_equal(used, (size_t)depth);
    turn_out o;
    after_turn(w, s, p, which, n, &o);
    wr_melee_phase_free(p);
    tally_turn(out, &o, weight * pow10u(2 * (dice - depth)));
}

static wstate start_of(const world *w)
{
    wstate s;
    memset(&s, 0, sizeof s);
    for (int u = 0; u < w->nu; u++) {
        wr_melee_unit_desc d;
        assert_int_equal(wr_melee_unit_get(w->unit[u], &d), WR_OK);
        s.figs[u] = d.figures;
        s.disordered[u] = (d.flags & WR_UNIT_DISORDERED) != 0;
    }
    return s;
}

/* Every dice sequence of `turns` turns; dice[t] bounds the dice of turn t. */
static tally *brute(const world *w, int turns, const int *dice, int *digits)
{
    wstate first = start_of(w);
    tally *cur = calloc(1, sizeof *cur), *next = calloc(1, sizeof *next);
    assert_non_null(cur);
    assert_non_null(next);
    cur->n = 1;
    cur->s[0] = first;
    cur->w[0] = 1;
    *digits = 0;
    for (int t = 0; t < turns; t++) {
        *next = *cur;
        next->n = 0;
        u128 scale = pow10u(2 * dice[t]);
        for (int u = 0; u < MAXU; u++)
            for (int f = 0; f < WR_FATE_COUNT; f++)
                for (int x = 0; x < 64; x++)
                    next->fate[u][f][x] *= scale;
        for (int f = 0; f < MAXF; f++)
            for (int e = 0; e < WR_END_COUNT; e++)
                next->end[f][e] *= scale;
        for (int i = 0; i < cur->n; i++) {
            int rolls[64];
            walk(w, &cur->s[i], t, rolls, 0, cur->w[i], dice[t], next);
        }
        tally *x = cur;
        cur = next;
        next = x;
        *digits += 2 * dice[t];
    }
    for (int i = 0; i < cur->n; i++) {
        turn_out o;
        memset(&o, 0, sizeof o);
        for (int u = 0; u < MAXU; u++) {
            o.fate[u] = cur->s[i].figs[u] > 0 ? WR_FATE_FIGHTING : WR_FATE_COUNT;
            o.fate_figs[u] = cur->s[i].figs[u];
        }
        for (int f = 0; f < MAXF; f++) {
            o.end[f] = -1;
            if (f < w->nf && cur->s[i].figs[unit_no(w, w->fight[f].side[0].unit)] > 0 &&
                cur->s[i].figs[unit_no(w, w->fight[f].side[1].unit)] > 0)
                o.end[f] = WR_END_ONGOING;
        }
        tally_turn(cur, &o, cur->w[i]);
    }
    free(next);
    set_units(w, &first);
    return cur;
}

static void compare_with_brute(const world *w, int turns, const int *dice)
{
    int digits = 0;
    tally *b = brute(w, turns, dice, &digits);
    assert_true(digits <= 38);
    wr_melee_phase *p = NULL;
    assert_int_equal(wr_melee_phase_new(&p), WR_OK);
    assert_int_equal(wr_melee_phase_set_morale(p, w->fn, w->user), WR_OK);
    for (int f = 0; f < w->nf; f++)
        phase_add(p, w->fight[f].side[0], w->fight[f].side[1]);
    wr_melee_phase_odds *o = NULL;
    assert_int_equal(wr_melee_phase_odds_new(p, turns, &o), WR_OK);
    char want[64], got[2000];
    size_t len = 0;
    for (int f = 0; f < w->nf; f++) {
        u128 total = 0;
        for (int e = 0; e < WR_END_COUNT; e++) {
            exact_decimal(b->end[f][e], digits, want);
            assert_int_equal(wr_melee_phase_odds_fight_end_exact(o, f, (wr_melee_end)e, got,
                                                                 sizeof got, &len),
                             WR_OK);
            assert_string_equal(got, want);
            total += b->end[f][e];
        }
        assert_true(total == pow10u(digits));
    }
    for (int u = 0; u < w->nu; u++) {
        int start = start_of(w).figs[u];
        u128 total = 0;
        for (int x = 0; x <= start; x++) {
            u128 sum = 0;
            for (int k = 0; k < WR_FATE_COUNT; k++)
                sum += b->fate[u][k][x];
            exact_decimal(sum, digits, want);
            assert_int_equal(wr_melee_phase_odds_unit_figures_exact(o, w->unit[u], x, got,
                                                                    sizeof got, &len),
                             WR_OK);
            assert_string_equal(got, want);
            total += sum;
        }
        assert_true(total == pow10u(digits));
        for (int k = 0; k < WR_FATE_COUNT; k++) {
            u128 sum = 0;
            for (int x = 0; x <= start; x++)
                sum += b->fate[u][k][x];
            exact_decimal(sum, digits, want);
            assert_int_equal(wr_melee_phase_odds_unit_fate_exact(o, w->unit[u], (wr_melee_fate)k,
                                                                 got, sizeof got, &len),
                             WR_OK);
            assert_string_equal(got, want);
        }
        /* floor(sum of (start - x) * n_x / 10^(digits - 9)), without overflow */
        assert_true(digits >= 9);
        u128 unit9 = pow10u(digits - 9), whole = 0, part = 0;
        for (int k = 0; k < WR_FATE_COUNT; k++)
            for (int x = 0; x <= start; x++) {
                whole += b->fate[u][k][x] / unit9 * (u128)(unsigned)(start - x);
                part += b->fate[u][k][x] % unit9 * (u128)(unsigned)(start - x);
            }
        uint64_t lost_e9 = 0;
        assert_int_equal(wr_melee_phase_odds_expected_lost(o, w->unit[u], &lost_e9), WR_OK);
        assert_true((u128)lost_e9 == whole + part / unit9);
    }
    wr_melee_phase_odds_free(o);
    wr_melee_phase_free(p);
    free(b);
}

/* Profiles whose every Modified Combat Percentage is a multiple of 50, so
   every remainder is 0 or 50. */
static wr_profile *fifty(wr_race race)
{
    wr_profile *p = profile(race);
    assert_int_equal(wr_profile_set_bcp(p, 0, 0, 50), WR_OK);
    assert_int_equal(wr_profile_set_bcp(p, 1, 0, 100), WR_OK);
    assert_int_equal(wr_profile_set_modifier(p, WR_MOD_CHARGED, 50), WR_OK);
    assert_int_equal(wr_profile_set_modifier(p, WR_MOD_FLANK, 50), WR_OK);
    return p;
}

/* Morale thresholds at 50 only: pass or fail on a d100 of 50; a unit low
   on figures retires, else routs; a flank test retires. */
static wr_status fifty_morale(void *user, const wr_morale_test *t, wr_morale_odds *o)
{
    (void)user;
    o->pass = t->figures > 6 || t->reason != WR_MORALE_REASON_LOST_ROUND ? 50 : 0;
    if (t->lost >= 4)
        o->pass = 0;
    int fail = 100 - o->pass;
    o->retire = t->figures <= 3 || t->reason != WR_MORALE_REASON_LOST_ROUND ? fail : 0;
    o->rout = fail - o->retire;
    if (o->pass == 0 && o->retire == 100) {
        o->retire = 50;
        o->rout = 50;
    }
    return WR_OK;
}

static wr_phase_fight fight_of(wr_phase_combatant a, wr_phase_combatant b)
{
    wr_phase_fight f;
    f.side[0] = a;
    f.side[1] = b;
    return f;
}

/* Knights on the orcs' flank while spearmen hold their front; the goblins
   fight elsewhere. */
static void brute_force_front_and_flank(void **state)
{
    (void)state;
    wr_profile *men = fifty(WR_RACE_HUMAN), *orc = fifty(WR_RACE_ORC);
    world w;
    memset(&w, 0, sizeof w);
    w.nu = 3;
    w.unit[0] = armoured_troops(men, 5, 5, 1, 0);  /* spearmen */
    w.unit[1] = armoured_troops(men, 3, 3, 0, 0);  /* knights (on foot here) */
    w.unit[2] = armoured_troops(orc, 9, 3, 0, 0);  /* orcs */
    w.nf = 2;
    w.fight[0] = fight_of(phase_combatant(w.unit[0], WR_FACING_FRONT, 3, WR_CONTACT_CONTINUING),
                          phase_combatant(w.unit[2], WR_FACING_FRONT, 3, WR_CONTACT_CONTINUING));
    w.fight[1] = fight_of(phase_combatant(w.unit[1], WR_FACING_FRONT, 2, WR_CONTACT_CHARGE),
                          phase_combatant(w.unit[2], WR_FACING_FLANK, 2, WR_CONTACT_CONTINUING));
    w.fight[1].side[1].corner = 1; /* the orcs' front corner figure touches both */
    w.fight[0].side[1].corner = 1;
    w.fn = fifty_morale;
    const int dice[3] = {7, 6, 6};
    compare_with_brute(&w, 1, dice);
    compare_with_brute(&w, 2, dice);
    compare_with_brute(&w, 3, dice);
    for (int u = 0; u < w.nu; u++)
        wr_melee_unit_free(w.unit[u]);
    wr_profile_free(men);
    wr_profile_free(orc);
}

/* Two attackers on one defender and a third fight beside them. */
static void brute_force_three_fights(void **state)
{
    (void)state;
    wr_profile *men = fifty(WR_RACE_HUMAN), *orc = fifty(WR_RACE_ORC);
    world w;
    memset(&w, 0, sizeof w);
    w.nu = 5;
    w.unit[0] = armoured_troops(men, 4, 4, 0, 0);
    w.unit[1] = armoured_troops(men, 3, 3, 1, 0);
    w.unit[2] = armoured_troops(orc, 8, 4, 0, 0);
    w.unit[3] = armoured_troops(men, 4, 2, 0, 0);
    w.unit[4] = armoured_troops(orc, 4, 4, 1, 0);
    w.nf = 3;
    w.fight[0] = fight_of(phase_combatant(w.unit[0], WR_FACING_FRONT, 4, WR_CONTACT_CHARGE),
                          phase_combatant(w.unit[2], WR_FACING_FRONT, 4, WR_CONTACT_CONTINUING));
    w.fight[1] = fight_of(phase_combatant(w.unit[1], WR_FACING_FRONT, 2, WR_CONTACT_CHARGE),
                          phase_combatant(w.unit[2], WR_FACING_REAR, 3, WR_CONTACT_CONTINUING));
    w.fight[2] = fight_of(phase_combatant(w.unit[3], WR_FACING_FRONT, 2, WR_CONTACT_PUSHBACK),
                          phase_combatant(w.unit[4], WR_FACING_FRONT, 4, WR_CONTACT_CONTINUING));
    w.fn = fifty_morale;
    const int dice[2] = {10, 9};
    compare_with_brute(&w, 1, dice);
    compare_with_brute(&w, 2, dice);
    for (int u = 0; u < w.nu; u++)
        wr_melee_unit_free(w.unit[u]);
    wr_profile_free(men);
    wr_profile_free(orc);
}

/* ---- Monte Carlo: resolve_rng over many seeds --------------------------- */

/* One game fought turn after turn on the rng. */
static void play(const world *w, const wstate *first, wr_rng *rng, int turns, int *figs_at_end)
{
    wstate s = *first;
    for (int u = 0; u < w->nu; u++)
        figs_at_end[u] = s.figs[u];
    for (int t = 0; t < turns; t++) {
        int live = 0;
        for (int u = 0; u < w->nu; u++)
            live |= s.figs[u] > 0;
        if (!live)
            break;
        set_units(w, &s);
        int which[MAXF], n = 0;
        wr_melee_phase *p = turn_phase(w, &s, t, which, &n);
        assert_int_equal(wr_melee_phase_resolve_rng(p, rng), WR_OK);
        turn_out o;
        after_turn(w, &s, p, which, n, &o);
        wr_melee_phase_free(p);
        for (int u = 0; u < w->nu; u++) {
            if (o.fate[u] != WR_FATE_COUNT)
                figs_at_end[u] = o.fate_figs[u];
            else if (o.next.figs[u] > 0)
                figs_at_end[u] = o.next.figs[u];
        }
        s = o.next;
    }
    set_units(w, first);
}

static void monte_carlo_agrees(void **state)
{
    (void)state;
    wr_profile *men = profile(WR_RACE_HUMAN), *orc = profile(WR_RACE_ORC);
    assert_int_equal(wr_profile_set_bcp(men, 0, 0, 27), WR_OK);
    assert_int_equal(wr_profile_set_bcp(men, 1, 0, 33), WR_OK);
    assert_int_equal(wr_profile_set_bcp(orc, 0, 0, 38), WR_OK);
    assert_int_equal(wr_profile_set_modifier(men, WR_MOD_CHARGED, 12), WR_OK);
    assert_int_equal(wr_profile_set_modifier(men, WR_MOD_REAR, 15), WR_OK);
    assert_int_equal(wr_profile_set_modifier(orc, WR_MOD_PER_RANK, 2), WR_OK);
    assert_int_equal(wr_profile_set_morale_modifier(orc, WR_MORALE_PER_FIGURE_LOST, -6), WR_OK);
    assert_int_equal(wr_profile_set_morale_modifier(men, WR_MORALE_PER_FIGURE_LOST, -5), WR_OK);
    assert_int_equal(wr_profile_set_morale_modifier(orc, WR_MORALE_ATTACKED_REAR, -10), WR_OK);
    assert_int_equal(wr_profile_set_retire_band(orc, 15), WR_OK);
    world w;
    memset(&w, 0, sizeof w);
    w.nu = 5;
    w.unit[0] = armoured_troops(men, 8, 4, 1, 0);
    w.unit[1] = armoured_troops(men, 6, 3, 0, 0);
    w.unit[2] = armoured_troops(orc, 12, 4, 0, 0);
    w.unit[3] = armoured_troops(men, 6, 3, 0, 0);
    w.unit[4] = armoured_troops(orc, 7, 7, 0, 0);
    w.nf = 3;
    w.fight[0] = fight_of(phase_combatant(w.unit[0], WR_FACING_FRONT, 4, WR_CONTACT_CONTINUING),
                          phase_combatant(w.unit[2], WR_FACING_FRONT, 4, WR_CONTACT_CONTINUING));
    w.fight[1] = fight_of(phase_combatant(w.unit[1], WR_FACING_FRONT, 3, WR_CONTACT_CHARGE),
                          phase_combatant(w.unit[2], WR_FACING_REAR, 3, WR_CONTACT_CONTINUING));
    w.fight[2] = fight_of(phase_combatant(w.unit[3], WR_FACING_FRONT, 3, WR_CONTACT_CHARGE),
                          phase_combatant(w.unit[4], WR_FACING_FLANK, 1, WR_CONTACT_CONTINUING));
    const int turns = 6, trials = 20000;
    wr_melee_phase *p = NULL;
    assert_int_equal(wr_melee_phase_new(&p), WR_OK);
    for (int f = 0; f < w.nf; f++)
        phase_add(p, w.fight[f].side[0], w.fight[f].side[1]);
    wr_melee_phase_odds *o = NULL;
    assert_int_equal(wr_melee_phase_odds_new(p, turns, &o), WR_OK);
    static int count[MAXU][64];
    memset(count, 0, sizeof count);
    const wstate first = start_of(&w);
    for (int t = 0; t < trials; t++) {
        wr_rng *rng = NULL;
        assert_int_equal(wr_rng_new(UINT64_C(0x5eed0000) + (uint64_t)t, &rng), WR_OK);
        int figs[MAXU];
        play(&w, &first, rng, turns, figs);
        for (int u = 0; u < w.nu; u++)
            count[u][figs[u]]++;
        wr_rng_free(rng);
    }
    /* each probability within five standard deviations of the sample's,
       plus one trial for the smallest */
    for (int u = 0; u < w.nu; u++) {
        int start = first.figs[u];
        uint64_t sum = 0;
        for (int x = 0; x <= start; x++) {
            uint64_t e18 = 0;
            assert_int_equal(wr_melee_phase_odds_unit_figures(o, w.unit[u], x, &e18), WR_OK);
            sum += e18;
            /* |seen - N p| - 1 <= 5 sqrt(N p (1 - p)), squared (no libm) */
            double p_exact = (double)e18 / 1e18, n = (double)trials;
            double off = (double)count[u][x] - n * p_exact;
            off = (off < 0 ? -off : off) - 1.0;
            int ok = off <= 0 || off * off <= 25.0 * n * p_exact * (1.0 - p_exact);
            if (!ok)
                fprintf(stderr, "unit %d, %d figures: exact %.6f, seen %.6f\n", u, x, p_exact,
                        (double)count[u][x] / n);
            assert_true(ok);
        }
        assert_true(sum <= UINT64_C(1000000000000000000) &&
                    sum + 64 >= UINT64_C(1000000000000000000));
    }
    wr_melee_phase_odds_free(o);
    wr_melee_phase_free(p);
    for (int u = 0; u < w.nu; u++)
        wr_melee_unit_free(w.unit[u]);
    wr_profile_free(men);
    wr_profile_free(orc);
}

/* Fights that share no unit: each has the odds it has alone. */
static void independent_fights_apart(void **state)
{
    (void)state;
    wr_profile *men = profile(WR_RACE_HUMAN);
    assert_int_equal(wr_profile_set_bcp(men, 0, 0, 41), WR_OK);
    wr_melee_unit *a = armoured_troops(men, 6, 3, 0, 0), *b = armoured_troops(men, 5, 5, 0, 0);
    wr_melee_unit *c = armoured_troops(men, 4, 4, 0, 0), *d = armoured_troops(men, 7, 7, 0, 0);
    wr_melee_phase *both = NULL, *one = NULL, *two = NULL;
    assert_int_equal(wr_melee_phase_new(&both), WR_OK);
    assert_int_equal(wr_melee_phase_new(&one), WR_OK);
    assert_int_equal(wr_melee_phase_new(&two), WR_OK);
    wr_phase_combatant ka = phase_combatant(a, WR_FACING_FRONT, 3, WR_CONTACT_CHARGE);
    wr_phase_combatant kb = phase_combatant(b, WR_FACING_FRONT, 3, WR_CONTACT_CONTINUING);
    wr_phase_combatant kc = phase_combatant(c, WR_FACING_FRONT, 4, WR_CONTACT_CHARGE);
    wr_phase_combatant kd = phase_combatant(d, WR_FACING_FLANK, 1, WR_CONTACT_CONTINUING);
    phase_add(both, ka, kb);
    phase_add(both, kc, kd);
    phase_add(one, ka, kb);
    phase_add(two, kc, kd);
    wr_melee_phase_odds *ob = NULL, *o1 = NULL, *o2 = NULL;
    assert_int_equal(wr_melee_phase_odds_new(both, 5, &ob), WR_OK);
    assert_int_equal(wr_melee_phase_odds_new(one, 5, &o1), WR_OK);
    assert_int_equal(wr_melee_phase_odds_new(two, 5, &o2), WR_OK);
    int eb = 0, e1 = 0, e2 = 0;
    assert_int_equal(wr_melee_phase_odds_exponent(ob, &eb), WR_OK);
    assert_int_equal(wr_melee_phase_odds_exponent(o1, &e1), WR_OK);
    assert_int_equal(wr_melee_phase_odds_exponent(o2, &e2), WR_OK);
    assert_int_equal(eb, e1 > e2 ? e1 : e2); /* not their sum: computed apart */
    char want[2000], got[2000];
    size_t len = 0;
    const struct {
        wr_melee_unit *u;
        wr_melee_phase_odds *alone;
        int fight_alone, fight_both;
    } units[4] = {{a, o1, 0, 0}, {b, o1, 0, 0}, {c, o2, 0, 1}, {d, o2, 0, 1}};
    for (int k = 0; k < 4; k++) {
        for (int x = 0; x <= 7 && x <= figures_now(units[k].u); x++) {
            assert_int_equal(wr_melee_phase_odds_unit_figures_exact(units[k].alone, units[k].u, x,
                                                                    want, sizeof want, &len),
                             WR_OK);
            assert_int_equal(wr_melee_phase_odds_unit_figures_exact(ob, units[k].u, x, got,
                                                                    sizeof got, &len),
                             WR_OK);
            assert_string_equal(got, want);
        }
        for (int e = 0; e < WR_END_COUNT; e++) {
            assert_int_equal(wr_melee_phase_odds_fight_end_exact(units[k].alone,
                                                                 units[k].fight_alone,
                                                                 (wr_melee_end)e, want,
                                                                 sizeof want, &len),
                             WR_OK);
            assert_int_equal(wr_melee_phase_odds_fight_end_exact(ob, units[k].fight_both,
                                                                 (wr_melee_end)e, got, sizeof got,
                                                                 &len),
                             WR_OK);
            assert_string_equal(got, want);
        }
    }
    wr_melee_phase_odds_free(ob);
    wr_melee_phase_odds_free(o1);
    wr_melee_phase_odds_free(o2);
    wr_melee_phase_free(both);
    wr_melee_phase_free(one);
    wr_melee_phase_free(two);
    wr_melee_unit_free(a);
    wr_melee_unit_free(b);
    wr_melee_unit_free(c);
    wr_melee_unit_free(d);
    wr_profile_free(men);
}

/* ---- bad input ----------------------------------------------------------- */

static wr_status failing_morale(void *user, const wr_morale_test *t, wr_morale_odds *o)
{
    (void)user;
    (void)t;
    (void)o;
    return WR_ERR_FORBIDDEN;
}

static wr_status bad_morale(void *user, const wr_morale_test *t, wr_morale_odds *o)
{
    (void)user;
    (void)t;
    o->pass = 60;
    o->retire = 30;
    o->rout = 30;
    return WR_OK;
}

#define SENTINEL_U64 UINT64_C(0xfeedfacecafebeef)

static void phase_odds_bad_input(void **state)
{
    (void)state;
    wr_profile *men = profile(WR_RACE_HUMAN), *beast = profile(WR_RACE_OTHER);
    assert_int_equal(wr_profile_set_bcp(men, 0, 0, 40), WR_OK);
    wr_melee_unit *a = armoured_troops(men, 6, 3, 0, 0), *b = armoured_troops(men, 6, 3, 0, 0);
    wr_melee_phase *p = NULL, *empty = NULL;
    assert_int_equal(wr_melee_phase_new(&p), WR_OK);
    assert_int_equal(wr_melee_phase_new(&empty), WR_OK);
    phase_add(p, phase_combatant(a, WR_FACING_FRONT, 3, WR_CONTACT_CHARGE),
        phase_combatant(b, WR_FACING_FRONT, 3, WR_CONTACT_CONTINUING));
    wr_melee_phase_odds *untouched = (wr_melee_phase_odds *)&p, *out = untouched;

    /* making */
    assert_status(wr_melee_phase_odds_new(NULL, 3, &out), WR_ERR_NULL);
    assert_status(wr_melee_phase_odds_new(p, 3, NULL), WR_ERR_NULL);
    assert_status(wr_melee_phase_odds_new(p, 0, &out), WR_ERR_RANGE);
    assert_status(wr_melee_phase_odds_new(p, WR_ODDS_MAX_ROUNDS + 1, &out), WR_ERR_RANGE);
    assert_status(wr_melee_phase_odds_new(empty, 3, &out), WR_ERR_STATE);
    wr_allocator none = {NULL, NULL};
    assert_status(wr_melee_phase_odds_new_ex(p, 3, &none, &out), WR_ERR_INVALID);
    assert_ptr_equal(out, untouched);
    /* a unit that changed so that the fight no longer fits it */
    assert_int_equal(wr_melee_unit_set_figures(b, 2), WR_OK);
    assert_status(wr_melee_phase_odds_new(p, 3, &out), WR_ERR_STATE);
    assert_int_equal(wr_melee_unit_set_figures(b, 6), WR_OK);
    /* the morale model's status; odds that do not sum to 100 */
    assert_int_equal(wr_melee_phase_set_morale(p, failing_morale, NULL), WR_OK);
    assert_status(wr_melee_phase_odds_new(p, 3, &out), WR_ERR_FORBIDDEN);
    assert_int_equal(wr_melee_phase_set_morale(p, bad_morale, NULL), WR_OK);
    assert_status(wr_melee_phase_odds_new(p, 3, &out), WR_ERR_INVALID);
    assert_int_equal(wr_melee_phase_set_morale(p, NULL, NULL), WR_OK);
    assert_ptr_equal(out, untouched);

    /* limits: five fights; a monster; 201 figures; 10^6 states */
    wr_melee_unit *many[8];
    for (int k = 0; k < 8; k++)
        many[k] = armoured_troops(men, 4, 4, 0, 0);
    wr_melee_phase *big = NULL;
    assert_int_equal(wr_melee_phase_new(&big), WR_OK);
    for (int k = 0; k < 4; k++)
        phase_add(big, phase_combatant(many[2 * k], WR_FACING_FRONT, 4, WR_CONTACT_CHARGE),
            phase_combatant(many[2 * k + 1], WR_FACING_FRONT, 4, WR_CONTACT_CONTINUING));
    wr_melee_phase_odds *eight = NULL; /* 8 units in 4 fights: held */
    assert_status(wr_melee_phase_odds_new(big, 2, &eight), WR_OK);
    wr_melee_phase_odds_free(eight);
    phase_add(big, phase_combatant(many[0], WR_FACING_FRONT, 4, WR_CONTACT_CHARGE),
        phase_combatant(many[3], WR_FACING_FRONT, 4, WR_CONTACT_CONTINUING));
    assert_status(wr_melee_phase_odds_new(big, 2, &out), WR_ERR_RANGE); /* 5 fights */
    wr_melee_phase_free(big);
    wr_melee_unit_desc d = wr_melee_unit_desc_default();
    d.kind = WR_UNIT_MONSTER;
    wr_melee_unit *ogre = NULL;
    assert_int_equal(wr_melee_unit_new(beast, &d, &ogre), WR_OK);
    wr_melee_unit *huge = armoured_troops(men, 201, 10, 0, 0);
    wr_melee_unit *wide[4];
    for (int k = 0; k < 4; k++)
        wide[k] = armoured_troops(men, 40, 10, 0, 0);
    wr_melee_phase *mon = NULL, *hug = NULL, *states = NULL;
    assert_int_equal(wr_melee_phase_new(&mon), WR_OK);
    assert_int_equal(wr_melee_phase_new(&hug), WR_OK);
    assert_int_equal(wr_melee_phase_new(&states), WR_OK);
    phase_add(mon, phase_combatant(a, WR_FACING_FRONT, 1, WR_CONTACT_CHARGE),
        phase_combatant(ogre, WR_FACING_FRONT, 1, WR_CONTACT_CONTINUING));
    phase_add(hug, phase_combatant(a, WR_FACING_FRONT, 3, WR_CONTACT_CHARGE),
        phase_combatant(huge, WR_FACING_FRONT, 3, WR_CONTACT_CONTINUING));
    for (int k = 0; k < 3; k++) /* 41^4 = 2825761 states in one group */
        phase_add(states, phase_combatant(wide[k], WR_FACING_FRONT, 3, WR_CONTACT_CHARGE),
            phase_combatant(wide[3], (wr_facing)k, 3, WR_CONTACT_CONTINUING));
    assert_status(wr_melee_phase_odds_new(mon, 2, &out), WR_ERR_RANGE);
    assert_status(wr_melee_phase_odds_new(hug, 2, &out), WR_ERR_RANGE);
    assert_status(wr_melee_phase_odds_new(states, 2, &out), WR_ERR_RANGE);
    assert_ptr_equal(out, untouched);
    /* corner figures no other fight has (as the phase refuses them) */
    wr_melee_phase *corner = NULL;
    assert_int_equal(wr_melee_phase_new(&corner), WR_OK);
    wr_phase_combatant cb = phase_combatant(b, WR_FACING_FRONT, 3, WR_CONTACT_CONTINUING);
    cb.corner = 2;
    phase_add(corner, phase_combatant(a, WR_FACING_FRONT, 3, WR_CONTACT_CHARGE), cb);
    wr_strike ks;
    assert_int_equal(wr_melee_phase_strike(corner, 0, 0, &ks), WR_ERR_INVALID);
    assert_status(wr_melee_phase_odds_new(corner, 2, &out), WR_ERR_INVALID);
    assert_ptr_equal(out, untouched);
    /* resolved */
    wr_melee_phase *done = NULL;
    assert_int_equal(wr_melee_phase_new(&done), WR_OK);
    phase_add(done, phase_combatant(a, WR_FACING_FRONT, 3, WR_CONTACT_CHARGE),
        phase_combatant(b, WR_FACING_FRONT, 3, WR_CONTACT_CONTINUING));
    wr_rng *rng = NULL;
    assert_int_equal(wr_rng_new(1, &rng), WR_OK);
    assert_int_equal(wr_melee_phase_resolve_rng(done, rng), WR_OK);
    assert_status(wr_melee_phase_odds_new(done, 2, &out), WR_ERR_STATE);
    assert_ptr_equal(out, untouched);
    wr_melee_phase_free(done);
    wr_rng_free(rng);
    assert_int_equal(wr_melee_unit_set_figures(a, 6), WR_OK);
    assert_int_equal(wr_melee_unit_set_figures(b, 6), WR_OK);
    assert_int_equal(wr_melee_unit_set_disordered(a, 0), WR_OK);
    assert_int_equal(wr_melee_unit_set_disordered(b, 0), WR_OK);

    /* reading */
    wr_melee_phase_odds *o = NULL;
    assert_status(wr_melee_phase_odds_new(p, 2, &o), WR_OK);
    int exponent = -7;
    assert_status(wr_melee_phase_odds_exponent(NULL, &exponent), WR_ERR_NULL);
    assert_status(wr_melee_phase_odds_exponent(o, NULL), WR_ERR_NULL);
    assert_int_equal(exponent, -7);
    uint64_t v = SENTINEL_U64;
    assert_status(wr_melee_phase_odds_fight_end(NULL, 0, WR_END_A_ROUTS, &v), WR_ERR_NULL);
    assert_status(wr_melee_phase_odds_fight_end(o, 0, WR_END_A_ROUTS, NULL), WR_ERR_NULL);
    assert_status(wr_melee_phase_odds_fight_end(o, 1, WR_END_A_ROUTS, &v), WR_ERR_RANGE);
    assert_status(wr_melee_phase_odds_fight_end(o, -1, WR_END_A_ROUTS, &v), WR_ERR_RANGE);
    assert_status(wr_melee_phase_odds_fight_end(o, 0, WR_END_COUNT, &v), WR_ERR_INVALID);
    assert_status(wr_melee_phase_odds_fight_end(o, 0, (wr_melee_end)-1, &v), WR_ERR_INVALID);
    assert_status(wr_melee_phase_odds_unit_fate(NULL, a, WR_FATE_ROUTS, &v), WR_ERR_NULL);
    assert_status(wr_melee_phase_odds_unit_fate(o, NULL, WR_FATE_ROUTS, &v), WR_ERR_NULL);
    assert_status(wr_melee_phase_odds_unit_fate(o, a, WR_FATE_ROUTS, NULL), WR_ERR_NULL);
    assert_status(wr_melee_phase_odds_unit_fate(o, ogre, WR_FATE_ROUTS, &v), WR_ERR_INVALID);
    assert_status(wr_melee_phase_odds_unit_fate(o, a, WR_FATE_COUNT, &v), WR_ERR_INVALID);
    assert_status(wr_melee_phase_odds_unit_figures(NULL, a, 0, &v), WR_ERR_NULL);
    assert_status(wr_melee_phase_odds_unit_figures(o, NULL, 0, &v), WR_ERR_NULL);
    assert_status(wr_melee_phase_odds_unit_figures(o, a, 0, NULL), WR_ERR_NULL);
    assert_status(wr_melee_phase_odds_unit_figures(o, ogre, 0, &v), WR_ERR_INVALID);
    assert_status(wr_melee_phase_odds_unit_figures(o, a, 7, &v), WR_ERR_RANGE);
    assert_status(wr_melee_phase_odds_unit_figures(o, a, -1, &v), WR_ERR_RANGE);
    assert_status(wr_melee_phase_odds_expected_lost(NULL, a, &v), WR_ERR_NULL);
    assert_status(wr_melee_phase_odds_expected_lost(o, NULL, &v), WR_ERR_NULL);
    assert_status(wr_melee_phase_odds_expected_lost(o, a, NULL), WR_ERR_NULL);
    assert_status(wr_melee_phase_odds_expected_lost(o, ogre, &v), WR_ERR_INVALID);
    assert_true(v == SENTINEL_U64);

    char buf[8] = "xxxxxxx";
    size_t len = 99;
    assert_status(wr_melee_phase_odds_fight_end_exact(NULL, 0, WR_END_A_ROUTS, buf, 8, &len),
                     WR_ERR_NULL);
    assert_status(wr_melee_phase_odds_fight_end_exact(o, 0, WR_END_A_ROUTS, buf, 8, NULL),
                     WR_ERR_NULL);
    assert_status(wr_melee_phase_odds_fight_end_exact(o, 0, WR_END_A_ROUTS, NULL, 8, &len),
                     WR_ERR_NULL);
    assert_status(wr_melee_phase_odds_fight_end_exact(o, 2, WR_END_A_ROUTS, buf, 8, &len),
                     WR_ERR_RANGE);
    assert_status(wr_melee_phase_odds_fight_end_exact(o, 0, WR_END_COUNT, buf, 8, &len),
                     WR_ERR_INVALID);
    assert_int_equal(len, 99);
    assert_status(wr_melee_phase_odds_unit_fate_exact(NULL, a, WR_FATE_ROUTS, buf, 8, &len),
                     WR_ERR_NULL);
    assert_status(wr_melee_phase_odds_unit_fate_exact(o, NULL, WR_FATE_ROUTS, buf, 8, &len),
                     WR_ERR_NULL);
    assert_status(wr_melee_phase_odds_unit_fate_exact(o, a, WR_FATE_ROUTS, buf, 8, NULL),
                     WR_ERR_NULL);
    assert_status(wr_melee_phase_odds_unit_fate_exact(o, a, WR_FATE_ROUTS, NULL, 8, &len),
                     WR_ERR_NULL);
    assert_status(wr_melee_phase_odds_unit_fate_exact(o, ogre, WR_FATE_ROUTS, buf, 8, &len),
                     WR_ERR_INVALID);
    assert_status(wr_melee_phase_odds_unit_fate_exact(o, a, (wr_melee_fate)9, buf, 8, &len),
                     WR_ERR_INVALID);
    assert_status(wr_melee_phase_odds_unit_figures_exact(NULL, a, 0, buf, 8, &len),
                     WR_ERR_NULL);
    assert_status(wr_melee_phase_odds_unit_figures_exact(o, NULL, 0, buf, 8, &len),
                     WR_ERR_NULL);
    assert_status(wr_melee_phase_odds_unit_figures_exact(o, a, 0, buf, 8, NULL), WR_ERR_NULL);
    assert_status(wr_melee_phase_odds_unit_figures_exact(o, a, 0, NULL, 8, &len), WR_ERR_NULL);
    assert_status(wr_melee_phase_odds_unit_figures_exact(o, ogre, 0, buf, 8, &len),
                     WR_ERR_INVALID);
    assert_status(wr_melee_phase_odds_unit_figures_exact(o, a, 9, buf, 8, &len), WR_ERR_RANGE);
    assert_int_equal(len, 99);
    assert_string_equal(buf, "xxxxxxx");
    /* a cap too small: the length is told, the buffer untouched */
    assert_status(wr_melee_phase_odds_unit_figures_exact(o, a, 6, buf, 1, &len), WR_ERR_RANGE);
    assert_true(len >= 1);
    assert_string_equal(buf, "xxxxxxx");
    size_t need = 0;
    assert_status(wr_melee_phase_odds_fight_end_exact(o, 0, WR_END_B_ROUTS, NULL, 0, &need),
                     WR_ERR_RANGE);
    assert_true(need >= 1);
    wr_melee_phase_odds_free(o);
    wr_melee_phase_odds_free(NULL);

    wr_melee_phase_free(p);
    wr_melee_phase_free(empty);
    wr_melee_phase_free(mon);
    wr_melee_phase_free(hug);
    wr_melee_phase_free(states);
    wr_melee_phase_free(corner);
    for (int k = 0; k < 8; k++)
        wr_melee_unit_free(many[k]);
    for (int k = 0; k < 4; k++)
        wr_melee_unit_free(wide[k]);
    wr_melee_unit_free(huge);
    wr_melee_unit_free(ogre);
    wr_melee_unit_free(a);
    wr_melee_unit_free(b);
    wr_profile_free(men);
    wr_profile_free(beast);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(one_fight_is_its_engagement),
        cmocka_unit_test(engagement_prices_a_flank_charge_on_a_column),
        cmocka_unit_test(brute_force_front_and_flank),
        cmocka_unit_test(brute_force_three_fights),
        cmocka_unit_test(monte_carlo_agrees),
        cmocka_unit_test(independent_fights_apart),
        cmocka_unit_test(phase_odds_bad_input),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
