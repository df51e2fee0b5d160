/* Fantasy Warlord, hand-to-hand combat: the exact odds: kill odds, the odds
   of a melee against brute-force enumeration of every die, the odds of the
   worked example adding up to exactly one, Monte Carlo with wr_rng within
   sampling error, a big melee. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "warrules/melee.h"

#include "fixtures.h"

/* ---- exact odds -------------------------------------------------------- */

static void kill_odds(void **state)
{
    example *x = *state;
    wr_kill_odds o;
    assert_int_equal(wr_engagement_kill_odds(x->e, 0, &o), WR_OK);
    assert_int_equal(o.hits[0], 4);
    assert_int_equal(o.hits[1], 5);
    assert_int_equal(o.percent[0], 80);
    assert_int_equal(o.percent[1], 20);
    assert_int_equal(o.kills[1], 5);
    assert_int_equal(wr_engagement_kill_odds(x->e, 1, &o), WR_OK);
    assert_int_equal(o.hits[0], 2);
    assert_int_equal(o.hits[1], 3);
    assert_int_equal(o.percent[0], 4);
    assert_int_equal(o.percent[1], 96);
    duel d;
    duel_setup(&d, 5, 300, 3, 100);
    assert_int_equal(wr_engagement_kill_odds(d.e, 0, &o), WR_OK);
    assert_int_equal(o.hits[0], 15);
    assert_int_equal(o.hits[1], 15);
    assert_int_equal(o.kills[0], 3);
    assert_int_equal(o.percent[0], 100);
    assert_int_equal(o.percent[1], 0);
    duel_teardown(&d);
}

/* Brute force: every die the round reads is tried at each of its values
   through wr_engagement_fight_rolls, round after round, adding up the dice
   sequences that lead to each state. A d100 value weighs 1/100, a d4 value
   25/100; a round's dice that a path does not read count as certain, so
   every path of a round has the same denominator (10^digits). Counts are
   128-bit. */
#define BRUTE_STATES 256
typedef struct bstate {
    int figures[2];
    wr_wounds wounds[2];
    u128 w;
} bstate;

typedef struct brute {
    int n;
    bstate s[BRUTE_STATES];
    u128 ends[WR_END_COUNT];
    u128 figs[2][64];
} brute;

static void brute_live(brute *out, const bstate *st)
{
    for (int i = 0; i < out->n; i++)
        if (memcmp(out->s[i].figures, st->figures, sizeof st->figures) == 0 &&
            memcmp(out->s[i].wounds, st->wounds, sizeof st->wounds) == 0) {
            out->s[i].w += st->w;
            return;
        }
    assert_true(out->n < BRUTE_STATES);
    out->s[out->n++] = *st;
}

/* Whether the die at `depth` is a d4: a 5 there fails while plenty of 1s
   after it cannot run short. */
static int next_die_is_d4(wr_engagement *e, int *rolls, int depth)
{
    size_t used = 0;
    wr_melee_round r;
    rolls[depth] = 5;
    for (int i = depth + 1; i < depth + 40; i++)
        rolls[i] = 1;
    return wr_engagement_fight_rolls(e, rolls, (size_t)depth + 40, &used, &r) == WR_ERR_RANGE;
}

static void brute_walk(wr_engagement *e, int *rolls, int depth, u128 w, int digits, brute *out)
{
    size_t used = 99;
    wr_melee_round r;
    wr_status st = wr_engagement_fight_rolls(e, rolls, (size_t)depth, &used, &r);
    if (st == WR_ERR_RANGE) { /* needs another die */
        assert_true(depth < 24);
        int d4 = next_die_is_d4(e, rolls, depth);
        for (int v = 1; v <= (d4 ? 4 : 100); v++) {
            rolls[depth] = v;
            brute_walk(e, rolls, depth + 1, d4 ? w * 25 : w, digits, out);
        }
        return;
    }
    assert_int_equal(st, WR_OK);
    assert_int_equal(used, (size_t)depth);
    assert_true(2 * depth <= digits);
    bstate next;
    next.w = w * pow10u(digits - 2 * depth);
    for (int i = 0; i < 2; i++) {
        next.figures[i] = r.figures_before[i] - r.lost[i];
        next.wounds[i] = r.wounds_after[i];
    }
    if (r.end != WR_END_ONGOING) {
        out->ends[r.end] += next.w;
        out->figs[0][next.figures[0]] += next.w;
        out->figs[1][next.figures[1]] += next.w;
    } else {
        brute_live(out, &next);
    }
}

static void brute_set(wr_melee_unit *u, int figures, const wr_wounds *w)
{
    wr_melee_unit_desc d;
    assert_int_equal(wr_melee_unit_get(u, &d), WR_OK);
    if (d.kind == WR_UNIT_TROOPS)
        assert_int_equal(wr_melee_unit_set_figures(u, figures), WR_OK);
    else
        assert_int_equal(wr_melee_unit_set_wounds(u, w), WR_OK);
}

/* Fights `rounds` rounds: the first on e1 (digits1 digits of dice), later
   ones on e2 (the same units and facing, no charge; digits_later). */
static void brute_force(wr_engagement *e1, wr_engagement *e2, wr_melee_unit *const u[2],
                        int rounds, int digits1, int digits_later, brute *out)
{
    memset(out, 0, sizeof *out);
    bstate first;
    memset(&first, 0, sizeof first);
    for (int i = 0; i < 2; i++) {
        wr_melee_unit_desc d;
        assert_int_equal(wr_melee_unit_get(u[i], &d), WR_OK);
        first.figures[i] = d.figures;
        assert_int_equal(wr_melee_unit_wounds(u[i], &first.wounds[i]), WR_OK);
    }
    first.w = 1;
    out->n = 1;
    out->s[0] = first;
    brute *next = malloc(sizeof *next);
    assert_non_null(next);
    for (int r = 0; r < rounds; r++) {
        int digits = r == 0 ? digits1 : digits_later;
        memcpy(next, out, sizeof *next);
        next->n = 0;
        for (int i = 0; i < WR_END_COUNT; i++)
            next->ends[i] *= pow10u(digits);
        for (int side = 0; side < 2; side++)
            for (int f = 0; f < 64; f++)
                next->figs[side][f] *= pow10u(digits);
        for (int i = 0; i < out->n; i++) {
            for (int side = 0; side < 2; side++)
                brute_set(u[side], out->s[i].figures[side], &out->s[i].wounds[side]);
            int rolls[64];
            brute_walk(r == 0 ? e1 : e2, rolls, 0, out->s[i].w, digits, next);
        }
        memcpy(out, next, sizeof *next);
    }
    free(next);
    for (int i = 0; i < out->n; i++) {
        out->ends[WR_END_ONGOING] += out->s[i].w;
        out->figs[0][out->s[i].figures[0]] += out->s[i].w;
        out->figs[1][out->s[i].figures[1]] += out->s[i].w;
    }
    for (int side = 0; side < 2; side++)
        brute_set(u[side], first.figures[side], &first.wounds[side]);
}

static void compare_with_brute(wr_engagement *e1, wr_engagement *e2, wr_melee_unit *u0,
                               wr_melee_unit *u1, int rounds, int digits1, int digits_later)
{
    wr_melee_unit *const u[2] = {u0, u1};
    brute *b = malloc(sizeof *b);
    assert_non_null(b);
    brute_force(e1, e2, u, rounds, digits1, digits_later, b);
    int digits = digits1 + digits_later * (rounds - 1);
    assert_true(digits <= 38);
    wr_melee_odds *o = NULL;
    assert_int_equal(wr_melee_odds_new(e1, rounds, &o), WR_OK);
    char want[64], got[400];
    size_t len = 0;
    u128 total = 0;
    for (int end = 0; end < WR_END_COUNT; end++) {
        exact_decimal(b->ends[end], digits, want);
        assert_int_equal(wr_melee_odds_end_exact(o, (wr_melee_end)end, got, sizeof got, &len), WR_OK);
        assert_string_equal(got, want);
        total += b->ends[end];
        uint64_t e18 = 0;
        assert_int_equal(wr_melee_odds_end(o, (wr_melee_end)end, &e18), WR_OK);
        u128 scaled = digits <= 18 ? b->ends[end] * pow10u(18 - digits)
                                   : b->ends[end] / pow10u(digits - 18);
        assert_true((u128)e18 == scaled);
    }
    assert_true(total == pow10u(digits));
    for (int s = 0; s < 2; s++) {
        wr_melee_unit_desc d;
        assert_int_equal(wr_melee_unit_get(u[s], &d), WR_OK);
        for (int f = 0; f <= d.figures; f++) {
            exact_decimal(b->figs[s][f], digits, want);
            assert_int_equal(wr_melee_odds_figures_exact(o, s, f, got, sizeof got, &len), WR_OK);
            assert_string_equal(got, want);
        }
    }
    wr_melee_odds_free(o);
    free(b);
}

static void odds_match_brute_force_one_round(void **state)
{
    (void)state;
    /* both remainders and the morale roll random: all 100^3 dice */
    wr_profile *p = profile(WR_RACE_HUMAN);
    assert_int_equal(wr_profile_set_bcp(p, 0, 1, 37), WR_OK);
    assert_int_equal(wr_profile_set_bcp(p, 0, 0, 25), WR_OK);
    wr_melee_unit_desc armoured = wr_melee_unit_desc_default();
    armoured.figures = 2;
    armoured.files = 2;
    armoured.armour = 1;
    wr_melee_unit *a = troops(p, 3, 3, 0), *b = from_def(p, &armoured);
    wr_situation s = front(3, 2);
    wr_engagement *e = engage(a, b, &s);
    wr_morale_odds odds = {40, 30, 30};
    assert_int_equal(wr_engagement_set_morale(e, fixed_morale, &odds), WR_OK);
    compare_with_brute(e, e, a, b, 1, 6, 6);
    wr_engagement_free(e);
    wr_melee_unit_free(a);
    wr_melee_unit_free(b);
    wr_profile_free(p);
}

static void odds_match_brute_force_rounds(void **state)
{
    (void)state;
    /* three rounds, a charge in the first, the sample morale model whose
       odds change with the losses; side 1's FCP has no remainder */
    wr_profile *p = profile(WR_RACE_HUMAN), *q = profile(WR_RACE_ORC);
    assert_int_equal(wr_profile_set_bcp(p, WR_WEAPON_SPEAR, 0, 25), WR_OK);
    assert_int_equal(wr_profile_set_modifier(p, WR_MOD_CHARGED, 20), WR_OK);
    assert_int_equal(wr_profile_set_bcp(q, 0, 0, 100), WR_OK);
    assert_int_equal(wr_profile_set_morale_modifier(p, WR_MORALE_PER_FIGURE_LOST, -15), WR_OK);
    assert_int_equal(wr_profile_set_morale_modifier(q, WR_MORALE_LOST_ROUND, -10), WR_OK);
    assert_int_equal(wr_profile_set_morale_modifier(q, WR_MORALE_PER_FIGURE_LOST, -20), WR_OK);
    assert_int_equal(wr_profile_set_retire_band(p, 20), WR_OK);
    assert_int_equal(wr_profile_set_retire_band(q, 15), WR_OK);
    wr_melee_unit *a = troops(p, 6, 3, WR_WEAPON_SPEAR), *b = troops(q, 6, 6, 0);
    wr_situation s1 = front(3, 1), s2 = s1;
    s1.side[0].charged = 1;
    wr_engagement *e1 = engage(a, b, &s1), *e2 = engage(a, b, &s2);
    compare_with_brute(e1, e2, a, b, 3, 6, 6);
    /* one round only, and the round cap leaves mass undecided */
    compare_with_brute(e1, e2, a, b, 1, 6, 6);
    wr_engagement_free(e1);
    wr_engagement_free(e2);
    wr_melee_unit_free(a);
    wr_melee_unit_free(b);
    wr_profile_free(p);
    wr_profile_free(q);
}

static void odds_match_brute_force_flank(void **state)
{
    (void)state;
    /* a flank charge: the flank test stage, then two rounds */
    wr_profile *p = profile(WR_RACE_HUMAN);
    assert_int_equal(wr_profile_set_bcp(p, 0, 0, 100), WR_OK);
    assert_int_equal(wr_profile_set_modifier(p, WR_MOD_FLANK, 50), WR_OK);
    assert_int_equal(wr_profile_set_morale_modifier(p, WR_MORALE_ATTACKED_FLANK, -25), WR_OK);
    assert_int_equal(wr_profile_set_retire_band(p, 10), WR_OK);
    wr_melee_unit *a = troops(p, 2, 2, 0), *b = troops(p, 8, 4, WR_WEAPON_SPEAR);
    wr_situation s1 = front(2, 1), s2;
    s1.side[0].charged = 1;
    s1.side[1].attacked_in = WR_FACING_FLANK;
    s2 = s1;
    s2.side[0].charged = 0;
    wr_engagement *e1 = engage(a, b, &s1), *e2 = engage(a, b, &s2);
    compare_with_brute(e1, e2, a, b, 2, 8, 6);
    int exponent = 0;
    wr_melee_odds *o = NULL;
    assert_int_equal(wr_melee_odds_new(e1, 2, &o), WR_OK);
    assert_int_equal(wr_melee_odds_exponent(o, &exponent), WR_OK);
    assert_int_equal(exponent, 2 + 6 + 6);
    wr_melee_odds_free(o);
    wr_engagement_free(e1);
    wr_engagement_free(e2);
    wr_melee_unit_free(a);
    wr_melee_unit_free(b);
    wr_profile_free(p);
}

/* A monster (and a character) against troops: each round one hit on it,
   looked up on its chart with a d100 and a d4, and one kill on the troops;
   two rounds of every die against the exact odds. */
static void odds_match_brute_force_wounds(void **state)
{
    (void)state;
    wr_profile *p = profile(WR_RACE_HUMAN), *m = profile(WR_RACE_OTHER);
    assert_int_equal(wr_profile_set_bcp(p, 0, 0, 100), WR_OK);
    assert_int_equal(wr_profile_set_bcp(m, 0, 0, 100), WR_OK);
    wr_hit_chart *c = sample_chart();
    for (int kind = WR_UNIT_MONSTER; kind <= WR_UNIT_CHARACTER; kind++) {
        wr_melee_unit *men = troops(p, 3, 3, 0);
        wr_melee_unit_desc d = wr_melee_unit_desc_default();
        d.kind = (wr_melee_unit_kind)kind;
        wr_melee_unit *beast = from_def(m, &d);
        assert_int_equal(wr_melee_unit_set_hit_chart(beast, c), WR_OK);
        wr_situation s = front(1, 1);
        wr_engagement *e = engage(men, beast, &s);
        wr_morale_odds odds = {60, 25, 15};
        assert_int_equal(wr_engagement_set_morale(e, fixed_morale, &odds), WR_OK);
        /* a round: one wound (4 digits), two remainders and a morale test (6) */
        compare_with_brute(e, e, men, beast, 2, 10, 10);
        /* from a wounded start: one serious wound already */
        wr_wounds w;
        memset(&w, 0, sizeof w);
        int dead = 0;
        assert_int_equal(wr_wounds_add(&w, WR_WOUND_SERIOUS, kind == WR_UNIT_CHARACTER, &dead), WR_OK);
        assert_int_equal(wr_melee_unit_set_wounds(beast, &w), WR_OK);
        compare_with_brute(e, e, men, beast, 1, 10, 10);
        wr_engagement_free(e);
        wr_melee_unit_free(men);
        wr_melee_unit_free(beast);
    }
    wr_hit_chart_free(c);
    wr_profile_free(p);
    wr_profile_free(m);
}

/* Adds decimal fractions ("0.25", "1", "0") exactly. */
static void add_decimal(int *sum, int digits, const char *text)
{
    if (strcmp(text, "1") == 0) {
        sum[0] += 1;
        return;
    }
    if (strcmp(text, "0") == 0)
        return;
    int n = (int)strlen(text) - 2;
    for (int i = 0; i < n && i < digits; i++)
        sum[i + 1] += text[i + 2] - '0';
    for (int i = digits; i > 0; i--) {
        sum[i - 1] += sum[i] / 10;
        sum[i] %= 10;
    }
}

static void odds_of_the_example(void **state)
{
    example *x = *state;
    wr_melee_odds *o = NULL;
    assert_int_equal(wr_melee_odds_new(x->e, 30, &o), WR_OK);
    int exponent = 0;
    assert_int_equal(wr_melee_odds_exponent(o, &exponent), WR_OK);
    assert_true(exponent > 0 && exponent <= 180);
    /* the exact probabilities add up to exactly one */
    int sum[200] = {0};
    char text[300];
    size_t len = 0;
    for (int end = 0; end < WR_END_COUNT; end++) {
        assert_int_equal(wr_melee_odds_end_exact(o, (wr_melee_end)end, text, sizeof text, &len), WR_OK);
        add_decimal(sum, exponent, text);
    }
    assert_int_equal(sum[0], 1);
    for (int i = 1; i <= exponent; i++)
        assert_int_equal(sum[i], 0);
    memset(sum, 0, sizeof sum);
    for (int f = 0; f <= 10; f++) {
        assert_int_equal(wr_melee_odds_figures_exact(o, 0, f, text, sizeof text, &len), WR_OK);
        add_decimal(sum, exponent, text);
    }
    assert_int_equal(sum[0], 1);
    /* the first round alone: the orcs lose it unless ... (exactly as the kill odds say) */
    wr_melee_odds *one = NULL;
    assert_int_equal(wr_melee_odds_new(x->e, 1, &one), WR_OK);
    assert_int_equal(wr_melee_odds_end_exact(one, WR_END_ONGOING, text, sizeof text, &len), WR_OK);
    /* orcs lose every combination (4 or 5 kills against 2 or 3): they test at
       the sample's 50% pass and all-or-nothing rout, so one half goes on */
    assert_string_equal(text, "0.5");
    assert_int_equal(wr_melee_odds_end_exact(one, WR_END_B_ROUTS, text, sizeof text, &len), WR_OK);
    assert_string_equal(text, "0.5");
    /* 10 dwarfs: 7 left with 96%, 8 with 4% */
    assert_int_equal(wr_melee_odds_figures_exact(one, 0, 7, text, sizeof text, &len), WR_OK);
    assert_string_equal(text, "0.96");
    uint64_t e18 = 0;
    assert_int_equal(wr_melee_odds_figures(one, 0, 8, &e18), WR_OK);
    assert_true(e18 == UINT64_C(40000000000000000));
    assert_int_equal(wr_melee_odds_end(one, WR_END_A_ROUTS, &e18), WR_OK);
    assert_true(e18 == 0);
    /* too small a buffer */
    assert_int_equal(wr_melee_odds_figures_exact(one, 0, 7, text, 4, &len), WR_ERR_RANGE);
    assert_int_equal(len, 4);
    wr_melee_odds_free(one);
    wr_melee_odds_free(o);
}

/* Monte Carlo with wr_rng agrees with the exact odds within sampling error
   (five standard deviations, plus one). */
static void monte_carlo_agrees(void **state)
{
    example *x = *state;
    wr_profile *dp = NULL;
    (void)dp;
    wr_morale_odds odds = {55, 25, 20};
    assert_int_equal(wr_engagement_set_morale(x->e, fixed_morale, &odds), WR_OK);
    const int rounds = 12, trials = 40000;
    wr_melee_odds *o = NULL;
    assert_int_equal(wr_melee_odds_new(x->e, rounds, &o), WR_OK);
    wr_rng *rng = NULL;
    assert_int_equal(wr_rng_new(77, &rng), WR_OK);
    uint64_t counts[WR_END_COUNT];
    assert_int_equal(wr_engagement_simulate_rng(x->e, rounds, rng, trials, counts), WR_OK);
    uint64_t total = 0;
    for (int end = 0; end < WR_END_COUNT; end++) {
        uint64_t e18 = 0;
        assert_int_equal(wr_melee_odds_end(o, (wr_melee_end)end, &e18), WR_OK);
        double p = (double)e18 / 1e18;
        double mean = p * trials, sd = 0;
        double var = trials * p * (1 - p);
        while (sd * sd < var)
            sd += 0.01;
        double diff = (double)counts[end] - mean;
        if (diff < 0)
            diff = -diff;
        assert_true(diff <= 5 * sd + 1);
        total += counts[end];
    }
    assert_true(total == (uint64_t)trials);
    /* the same seed gives the same tallies */
    uint64_t again[WR_END_COUNT];
    wr_rng_free(rng);
    assert_int_equal(wr_rng_new(77, &rng), WR_OK);
    assert_int_equal(wr_engagement_simulate_rng(x->e, rounds, rng, trials, again), WR_OK);
    assert_memory_equal(counts, again, sizeof counts);
    wr_rng_free(rng);
    wr_melee_odds_free(o);
}

/* The Monte Carlo also fights monsters (wounds on its chart). */
static void monte_carlo_monster(void **state)
{
    (void)state;
    wr_profile *p = profile(WR_RACE_HUMAN), *m = profile(WR_RACE_OTHER);
    assert_int_equal(wr_profile_set_bcp(p, 0, 0, 30), WR_OK);
    assert_int_equal(wr_profile_set_bcp(m, 0, 0, 120), WR_OK);
    wr_melee_unit *men = troops(p, 8, 4, 0);
    wr_melee_unit_desc d = wr_melee_unit_desc_default();
    d.kind = WR_UNIT_MONSTER;
    wr_melee_unit *ogre = from_def(m, &d);
    wr_situation s = front(4, 1);
    wr_engagement *e = engage(men, ogre, &s);
    wr_rng *rng = NULL;
    assert_int_equal(wr_rng_new(3, &rng), WR_OK);
    uint64_t counts[WR_END_COUNT];
    assert_int_equal(wr_engagement_simulate_rng(e, 20, rng, 100, counts), WR_ERR_STATE); /* no chart */
    wr_hit_chart *c = sample_chart();
    assert_int_equal(wr_melee_unit_set_hit_chart(ogre, c), WR_OK);
    assert_int_equal(wr_engagement_simulate_rng(e, 20, rng, 2000, counts), WR_OK);
    uint64_t total = 0;
    for (int end = 0; end < WR_END_COUNT; end++)
        total += counts[end];
    assert_true(total == 2000);
    assert_true(counts[WR_END_B_DESTROYED] > 0);
    /* the exact odds of the same melee agree with it */
    wr_melee_odds *o = NULL;
    assert_int_equal(wr_melee_odds_new(e, 20, &o), WR_OK);
    const int trials = 20000;
    assert_int_equal(wr_engagement_simulate_rng(e, 20, rng, trials, counts), WR_OK);
    for (int end = 0; end < WR_END_COUNT; end++) {
        uint64_t e18 = 0;
        assert_int_equal(wr_melee_odds_end(o, (wr_melee_end)end, &e18), WR_OK);
        double p18 = (double)e18 / 1e18, sd = 0;
        double var = trials * p18 * (1 - p18), diff = (double)counts[end] - p18 * trials;
        while (sd * sd < var)
            sd += 0.01;
        assert_true((diff < 0 ? -diff : diff) <= 5 * sd + 1);
    }
    uint64_t alive = 0;
    assert_int_equal(wr_melee_odds_figures(o, 1, 1, &alive), WR_OK);
    assert_true(alive > 0);
    assert_int_equal(wr_melee_odds_figures(o, 1, 2, &alive), WR_ERR_RANGE); /* one figure */
    wr_melee_odds_free(o);
    wr_rng_free(rng);
    wr_engagement_free(e);
    wr_hit_chart_free(c);
    wr_melee_unit_free(men);
    wr_melee_unit_free(ogre);
    wr_profile_free(p);
    wr_profile_free(m);
}

/* The odds of a big melee: quick, and bounded memory. */
static void odds_large(void **state)
{
    (void)state;
    wr_profile *p = profile(WR_RACE_HUMAN);
    assert_int_equal(wr_profile_set_bcp(p, WR_WEAPON_PIKE, 0, 17), WR_OK);
    assert_int_equal(wr_profile_set_bcp(p, 0, 0, 23), WR_OK);
    assert_int_equal(wr_profile_set_retire_band(p, 30), WR_OK);
    assert_int_equal(wr_profile_set_morale_modifier(p, WR_MORALE_PER_FIGURE_LOST, -3), WR_OK);
    wr_melee_unit *a = troops(p, WR_ODDS_MAX_FIGURES, 20, WR_WEAPON_PIKE);
    wr_melee_unit *b = troops(p, 150, 30, 0);
    wr_situation s = front(20, 20);
    wr_engagement *e = engage(a, b, &s);
    wr_melee_odds *o = NULL;
    assert_int_equal(wr_melee_odds_new(e, WR_ODDS_MAX_ROUNDS, &o), WR_OK);
    uint64_t sum = 0, e18 = 0;
    for (int end = 0; end < WR_END_COUNT; end++) {
        assert_int_equal(wr_melee_odds_end(o, (wr_melee_end)end, &e18), WR_OK);
        sum += e18;
    }
    assert_true(sum <= UINT64_C(1000000000000000000));
    assert_true(sum >= UINT64_C(1000000000000000000) - WR_END_COUNT);
    wr_melee_odds_free(o);
    assert_int_equal(wr_melee_unit_set_figures(a, WR_ODDS_MAX_FIGURES + 1), WR_OK);
    assert_int_equal(wr_melee_odds_new(e, 3, &o), WR_ERR_RANGE);
    wr_engagement_free(e);
    wr_melee_unit_free(a);
    wr_melee_unit_free(b);
    wr_profile_free(p);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(kill_odds, example_setup, example_teardown),
        cmocka_unit_test(odds_match_brute_force_one_round),
        cmocka_unit_test(odds_match_brute_force_rounds),
        cmocka_unit_test(odds_match_brute_force_flank),
        cmocka_unit_test(odds_match_brute_force_wounds),
        cmocka_unit_test_setup_teardown(odds_of_the_example, example_setup, example_teardown),
        cmocka_unit_test_setup_teardown(monte_carlo_agrees, example_setup, example_teardown),
        cmocka_unit_test(monte_carlo_monster),
        cmocka_unit_test(odds_large),
    };
    return cmocka_run_group_tests_name("melee_odds", tests, NULL, NULL);
}
