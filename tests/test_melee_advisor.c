/* Fantasy Warlord hand-to-hand combat: the charge advisor
   (wr_charge_advisor_*): its ranking against brute force (every legal
   choice built as a melee phase, its exact odds read through the public
   getters, the score computed in exact decimals here, sorted), with and
   without pruning; the odds and reasons of a choice; the question of the
   knights on the orcs' flank while the spearmen hold their front, or
   doubling up on the goblins; bad input. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "warrules/melee.h"

#include "invalid.h"

/* ---- exact decimals: DIGITS digits after the point, INT before ----------- */

#define DIGITS 1000
#define INT 12
typedef struct dec {
    int negative;
    unsigned char d[INT + DIGITS]; /* most significant first */
} dec;

static void dec_zero(dec *x)
{
    memset(x, 0, sizeof *x);
}

static void dec_parse(const char *s, dec *x)
{
    dec_zero(x);
    const char *point = strchr(s, '.');
    size_t whole = point ? (size_t)(point - s) : strlen(s);
    assert_true(whole <= INT);
    for (size_t i = 0; i < whole; i++)
        x->d[INT - whole + i] = (unsigned char)(s[i] - '0');
    if (point)
        for (size_t i = 0; point[1 + i] != '\0'; i++) {
            assert_true(i < DIGITS);
            x->d[INT + i] = (unsigned char)(point[1 + i] - '0');
        }
}

/* |x| += |y| * w */
static void mag_add(unsigned char *x, const unsigned char *y, int w)
{
    int carry = 0;
    for (int i = INT + DIGITS - 1; i >= 0; i--) {
        int v = x[i] + y[i] * w + carry;
        x[i] = (unsigned char)(v % 10);
        carry = v / 10;
    }
    assert_int_equal(carry, 0);
}

static int mag_cmp(const unsigned char *x, const unsigned char *y)
{
    return memcmp(x, y, INT + DIGITS);
}

/* |x| -= |y|, |x| >= |y| */
static void mag_sub(unsigned char *x, const unsigned char *y)
{
    int borrow = 0;
    for (int i = INT + DIGITS - 1; i >= 0; i--) {
        int v = x[i] - y[i] - borrow;
        borrow = v < 0;
        x[i] = (unsigned char)(borrow ? v + 10 : v);
    }
}

/* x += w * y (signed) */
static void dec_addw(dec *x, const dec *y, int w)
{
    int neg = y->negative ^ (w < 0);
    int aw = w < 0 ? -w : w;
    if (aw == 0)
        return;
    dec t;
    dec_zero(&t);
    mag_add(t.d, y->d, aw);
    if (x->negative == neg) {
        mag_add(x->d, t.d, 1);
        return;
    }
    if (mag_cmp(x->d, t.d) >= 0) {
        mag_sub(x->d, t.d);
    } else {
        mag_sub(t.d, x->d);
        memcpy(x->d, t.d, sizeof t.d);
        x->negative = neg;
    }
}

static int dec_cmp(const dec *x, const dec *y)
{
    int zx = 1, zy = 1;
    for (int i = 0; i < INT + DIGITS; i++) {
        zx &= x->d[i] == 0;
        zy &= y->d[i] == 0;
    }
    int sx = zx ? 0 : (x->negative ? -1 : 1), sy = zy ? 0 : (y->negative ? -1 : 1);
    if (sx != sy)
        return sx < sy ? -1 : 1;
    int c = mag_cmp(x->d, y->d);
    return sx < 0 ? -c : c;
}

/* floor(|x| * 10^digits), for a non-negative x */
static uint64_t dec_floor(const dec *x, int digits)
{
    uint64_t v = 0;
    for (int i = 0; i < INT + digits; i++)
        v = v * 10 + x->d[i];
    return v;
}

/* ---- units --------------------------------------------------------------- */

static wr_profile *profile(wr_race race, int bcp)
{
    wr_profile *p = NULL;
    assert_int_equal(wr_profile_new(race, &p), WR_OK);
    assert_int_equal(wr_profile_set_bcp(p, 0, 0, bcp), WR_OK);
    assert_int_equal(wr_profile_set_bcp(p, 1, 0, bcp + 7), WR_OK);
    assert_int_equal(wr_profile_set_modifier(p, WR_MOD_CHARGED, 12), WR_OK);
    assert_int_equal(wr_profile_set_modifier(p, WR_MOD_FLANK, 15), WR_OK);
    assert_int_equal(wr_profile_set_modifier(p, WR_MOD_REAR, 25), WR_OK);
    assert_int_equal(wr_profile_set_morale_modifier(p, WR_MORALE_PER_FIGURE_LOST, -6), WR_OK);
    assert_int_equal(wr_profile_set_morale_modifier(p, WR_MORALE_ATTACKED_FLANK, -15), WR_OK);
    assert_int_equal(wr_profile_set_retire_band(p, 10), WR_OK);
    return p;
}

static wr_melee_unit *troops(const wr_profile *p, int figures, int files, int weapon)
{
    wr_melee_unit_desc d = wr_melee_unit_desc_default();
    d.figures = figures;
    d.files = files;
    d.weapon_type = weapon;
    wr_melee_unit *u = NULL;
    assert_int_equal(wr_melee_unit_new(p, &d, &u), WR_OK);
    return u;
}

static wr_charge_option option(wr_melee_unit *a, wr_melee_unit *e, wr_facing face, int contact,
                               int enemy_contact)
{
    wr_charge_option o;
    memset(&o, 0, sizeof o);
    o.attacker = a;
    o.enemy = e;
    o.face = face;
    o.in_contact = contact;
    o.enemy_in_contact = enemy_contact;
    o.contact = WR_CONTACT_CHARGE;
    return o;
}

static wr_phase_fight front_fight(wr_melee_unit *a, int ca, wr_melee_unit *b, int cb)
{
    wr_phase_fight f;
    memset(&f, 0, sizeof f);
    f.side[0].unit = a;
    f.side[0].in_contact = ca;
    f.side[0].corner_fights = WR_PHASE_DEFAULT;
    f.side[1].unit = b;
    f.side[1].in_contact = cb;
    f.side[1].corner_fights = WR_PHASE_DEFAULT;
    return f;
}

/* ---- brute force ---------------------------------------------------------- */

#define MAXA WR_PHASE_ODDS_MAX_FIGHTS

typedef struct game {
    int n_fixed;
    wr_phase_fight fixed[MAXA];
    int n_options;
    wr_charge_option option[16];
    int n_attackers;
    wr_melee_unit *attacker[MAXA];
    int n_opts[MAXA], opts[MAXA][16];
    int n_enemies;
    const wr_melee_unit *enemy[8];
    int n_own;
    const wr_melee_unit *own[8];
} game;

static void note(const wr_melee_unit **list, int *n, const wr_melee_unit *u)
{
    for (int i = 0; i < *n; i++)
        if (list[i] == u)
            return;
    list[(*n)++] = u;
}

static void game_option(game *g, wr_charge_advisor *adv, wr_charge_option o)
{
    int index = -1;
    assert_int_equal(wr_charge_advisor_add_option(adv, &o, &index), WR_OK);
    assert_int_equal(index, g->n_options);
    g->option[g->n_options] = o;
    int a = -1;
    for (int i = 0; i < g->n_attackers; i++)
        if (g->attacker[i] == o.attacker)
            a = i;
    if (a < 0) {
        a = g->n_attackers++;
        g->attacker[a] = o.attacker;
    }
    g->opts[a][g->n_opts[a]++] = g->n_options++;
    note(g->enemy, &g->n_enemies, o.enemy);
    note(g->own, &g->n_own, o.attacker);
}

static void game_fight(game *g, wr_charge_advisor *adv, wr_phase_fight f)
{
    assert_int_equal(wr_charge_advisor_add_fight(adv, &f), WR_OK);
    g->fixed[g->n_fixed++] = f;
    note(g->own, &g->n_own, f.side[0].unit);
    note(g->enemy, &g->n_enemies, f.side[1].unit);
}

typedef struct scored {
    int option[MAXA];
    long index;
    dec score, p, inflicted, lost;
} scored;

static int start_figures(const wr_melee_unit *u)
{
    wr_melee_unit_desc d;
    assert_int_equal(wr_melee_unit_get(u, &d), WR_OK);
    return d.figures;
}

static int in_phase(const wr_melee_phase_odds *o, const wr_melee_unit *u)
{
    uint64_t p = 0;
    return wr_melee_phase_odds_unit_fate(o, u, WR_FATE_FIGHTING, &p) == WR_OK;
}

/* The exact terms of one choice through a phase of its own. */
static void score_choice(const game *g, const int *opt, const wr_charge_advisor_params *params,
                         wr_morale_fn fn, scored *out)
{
    wr_melee_phase *p = NULL;
    assert_int_equal(wr_melee_phase_new(&p), WR_OK);
    assert_int_equal(wr_melee_phase_set_morale(p, fn, NULL), WR_OK);
    int index = 0;
    for (int k = 0; k < g->n_fixed; k++)
        assert_int_equal(wr_melee_phase_add(p, &g->fixed[k], &index), WR_OK);
    for (int a = 0; a < g->n_attackers; a++) {
        if (opt[a] < 0)
            continue;
        const wr_charge_option *o = &g->option[opt[a]];
        wr_phase_fight f = front_fight(o->attacker, o->in_contact, o->enemy, o->enemy_in_contact);
        f.side[0].contact = o->contact;
        f.side[1].face = o->face;
        assert_int_equal(wr_melee_phase_add(p, &f, &index), WR_OK);
    }
    dec_zero(&out->p);
    dec_zero(&out->inflicted);
    dec_zero(&out->lost);
    int count = 0;
    assert_int_equal(wr_melee_phase_count(p, &count), WR_OK);
    if (count > 0) {
        wr_melee_phase_odds *o = NULL;
        assert_int_equal(wr_melee_phase_odds_new(p, params->max_rounds, &o), WR_OK);
        static char buf[2 * DIGITS];
        size_t len = 0;
        dec v;
        for (int side = 0; side < 2; side++) {
            const wr_melee_unit *const *list = side ? g->enemy : g->own;
            int n = side ? g->n_enemies : g->n_own;
            for (int k = 0; k < n; k++) {
                if (!in_phase(o, list[k]))
                    continue;
                int start = start_figures(list[k]);
                for (int x = 0; x < start; x++) {
                    assert_int_equal(wr_melee_phase_odds_unit_figures_exact(o, list[k], x, buf,
                                                                            sizeof buf, &len),
                                     WR_OK);
                    dec_parse(buf, &v);
                    dec_addw(side ? &out->inflicted : &out->lost, &v, start - x);
                }
            }
        }
        if (params->target != NULL && in_phase(o, params->target))
            for (int f = 0; f < WR_FATE_COUNT; f++) {
                if (!(params->fates >> f & 1u))
                    continue;
                assert_int_equal(wr_melee_phase_odds_unit_fate_exact(o, params->target,
                                                                     (wr_melee_fate)f, buf,
                                                                     sizeof buf, &len),
                                 WR_OK);
                dec_parse(buf, &v);
                dec_addw(&out->p, &v, 1);
            }
        wr_melee_phase_odds_free(o);
    }
    wr_melee_phase_free(p);
    int w[3] = {0, 0, 0};
    if (params->aim == WR_CHARGE_AIM_BREAK)
        w[0] = 1;
    else if (params->aim == WR_CHARGE_AIM_FIGURES)
        w[1] = w[2] = 1;
    else {
        w[0] = params->break_weight;
        w[1] = params->inflicted_weight;
        w[2] = params->lost_weight;
    }
    if (params->target == NULL)
        w[0] = 0;
    dec_zero(&out->score);
    dec_addw(&out->score, &out->p, w[0]);
    dec_addw(&out->score, &out->inflicted, w[1]);
    dec_addw(&out->score, &out->lost, -w[2]);
}

static int by_score(const void *x, const void *y)
{
    const scored *a = x, *b = y;
    int c = dec_cmp(&a->score, &b->score);
    if (c != 0)
        return -c;
    return (a->index > b->index) - (a->index < b->index);
}

/* Every legal choice in the advisor's order: attacker 0's option varies
   fastest, holding back first. */
static scored *brute_rank(const game *g, const wr_charge_advisor_params *params, wr_morale_fn fn,
                          long *count)
{
    scored *all = calloc(4096, sizeof *all);
    assert_non_null(all);
    long n = 0;
    int digit[MAXA] = {0};
    for (;;) {
        int opt[MAXA] = {-1, -1, -1, -1}, legal = 1;
        for (int a = 0; a < g->n_attackers; a++)
            opt[a] = digit[a] == 0 ? -1 : g->opts[a][digit[a] - 1];
        for (int a = 0; a < g->n_attackers; a++)
            for (int b = 0; b < a; b++)
                if (opt[a] >= 0 && opt[b] >= 0 && g->option[opt[a]].enemy == g->option[opt[b]].enemy &&
                    g->option[opt[a]].face == g->option[opt[b]].face)
                    legal = 0;
        for (int a = 0; a < g->n_attackers; a++)
            for (int k = 0; k < g->n_fixed; k++)
                if (opt[a] >= 0 && g->fixed[k].side[1].unit == g->option[opt[a]].enemy &&
                    g->fixed[k].side[1].face == g->option[opt[a]].face)
                    legal = 0;
        if (legal) {
            assert_true(n < 4096);
            memcpy(all[n].option, opt, sizeof opt);
            all[n].index = n;
            score_choice(g, opt, params, fn, &all[n]);
            n++;
        }
        int a = 0;
        while (a < g->n_attackers && ++digit[a] > g->n_opts[a])
            digit[a++] = 0;
        if (a == g->n_attackers)
            break;
    }
    qsort(all, (size_t)n, sizeof *all, by_score);
    *count = n;
    return all;
}

static void check_against_brute(wr_charge_advisor *adv, const game *g,
                                const wr_charge_advisor_params *params, wr_morale_fn fn,
                                wr_charge_advisor_info *info)
{
    long n = 0;
    scored *want = brute_rank(g, params, fn, &n);
    assert_int_equal(wr_charge_advisor_rank(adv, params, info), WR_OK);
    assert_int_equal(info->choices, n);
    int top = params->top < n ? params->top : (int)n;
    assert_int_equal(info->ranked, top);
    assert_int_equal(info->evaluated + info->pruned, n);
    for (int r = 0; r < top; r++) {
        wr_charge_choice c;
        assert_int_equal(wr_charge_advisor_choice(adv, r, &c), WR_OK);
        assert_int_equal(c.attackers, g->n_attackers);
        for (int a = 0; a < g->n_attackers; a++)
            assert_int_equal(c.option[a], want[r].option[a]);
        assert_true(c.break_e18 == dec_floor(&want[r].p, 18));
        assert_true(c.inflicted_e9 == dec_floor(&want[r].inflicted, 9));
        assert_true(c.lost_e9 == dec_floor(&want[r].lost, 9));
        int64_t score = (int64_t)dec_floor(&want[r].score, 9);
        assert_true(c.score_e9 == (want[r].score.negative ? -score : score));
    }
    free(want);
}

/* ---- the knights: the orcs' flank or the goblins ------------------------- */

typedef struct table {
    wr_profile *men, *orc, *gob;
    wr_melee_unit *spears, *knights, *archers, *orcs, *goblins;
} table;

static void table_new(table *t)
{
    t->men = profile(WR_RACE_HUMAN, 33);
    t->orc = profile(WR_RACE_ORC, 36);
    t->gob = profile(WR_RACE_GOBLIN, 22);
    t->spears = troops(t->men, 8, 4, 1);
    t->knights = troops(t->men, 4, 4, 0);
    t->archers = troops(t->men, 5, 5, 0);
    t->orcs = troops(t->orc, 9, 3, 0);
    t->goblins = troops(t->gob, 7, 7, 0);
}

static void table_free(table *t)
{
    wr_melee_unit_free(t->spears);
    wr_melee_unit_free(t->knights);
    wr_melee_unit_free(t->archers);
    wr_melee_unit_free(t->orcs);
    wr_melee_unit_free(t->goblins);
    wr_profile_free(t->men);
    wr_profile_free(t->orc);
    wr_profile_free(t->gob);
}

/* The spearmen hold the orcs' front; the knights may take the orcs' flank
   or the goblins' front; the archers may join on the goblins' flank or
   the orcs' rear. */
static void setup(const table *t, wr_charge_advisor *adv, game *g)
{
    memset(g, 0, sizeof *g);
    game_fight(g, adv, front_fight(t->spears, 4, t->orcs, 3));
    game_option(g, adv, option(t->knights, t->orcs, WR_FACING_FLANK, 3, 3));
    game_option(g, adv, option(t->knights, t->goblins, WR_FACING_FRONT, 4, 7));
    game_option(g, adv, option(t->archers, t->goblins, WR_FACING_FLANK, 3, 1));
    game_option(g, adv, option(t->archers, t->orcs, WR_FACING_REAR, 3, 3));
    game_option(g, adv, option(t->archers, t->goblins, WR_FACING_FRONT, 5, 7));
}

static void ranking_is_brute_force(void **state)
{
    (void)state;
    table t;
    table_new(&t);
    wr_charge_advisor *adv = NULL;
    assert_int_equal(wr_charge_advisor_new(&adv), WR_OK);
    game g;
    setup(&t, adv, &g);
    wr_charge_advisor_params p = wr_charge_advisor_params_default();
    wr_charge_advisor_info info;
    /* every choice, exactly: no pruning */
    p.top = 100;
    p.max_rounds = 3;
    check_against_brute(adv, &g, &p, NULL, &info);
    assert_int_equal(info.pruned, 0);
    /* the orcs' break */
    p.aim = WR_CHARGE_AIM_BREAK;
    p.target = t.orcs;
    check_against_brute(adv, &g, &p, NULL, &info);
    p.fates = 1u << WR_FATE_ROUTS | 1u << WR_FATE_RETIRES | 1u << WR_FATE_DESTROYED;
    check_against_brute(adv, &g, &p, NULL, &info);
    /* a weighted score */
    p.aim = WR_CHARGE_AIM_SCORE;
    p.break_weight = 20;
    p.inflicted_weight = 2;
    p.lost_weight = 3;
    p.max_rounds = 4;
    check_against_brute(adv, &g, &p, NULL, &info);
    wr_charge_advisor_free(adv);
    table_free(&t);
}

static void pruning_keeps_the_top(void **state)
{
    (void)state;
    table t;
    table_new(&t);
    wr_charge_advisor *adv = NULL;
    assert_int_equal(wr_charge_advisor_new(&adv), WR_OK);
    game g;
    setup(&t, adv, &g);
    wr_charge_advisor_params p = wr_charge_advisor_params_default();
    wr_charge_advisor_info info;
    long pruned = 0;
    p.max_rounds = 5;
    /* every top, for each aim: the pruned ranking's head is the whole one's */
    for (int aim = 0; aim < WR_CHARGE_AIM_COUNT; aim++)
        for (int target = 0; target < 2; target++)
            for (p.top = 1; p.top <= 8; p.top++) {
                p.aim = (wr_charge_aim)aim;
                p.target = target ? t.goblins : t.orcs;
                p.break_weight = 7;
                p.inflicted_weight = 1;
                p.lost_weight = 2;
                check_against_brute(adv, &g, &p, NULL, &info);
                assert_true(info.evaluated + info.pruned == info.choices);
                pruned += info.pruned;
                if (info.pruned > 0)
                    assert_true(info.bounds > 0);
            }
    assert_true(pruned > 0);
    wr_charge_advisor_free(adv);
    table_free(&t);
}

/* The knights on the orcs' flank while the spearmen hold their front,
   against doubling up on the goblins: the advisor prices both exactly. */
static void knights_on_the_flank_or_the_goblins(void **state)
{
    (void)state;
    table t;
    table_new(&t);
    wr_charge_advisor *adv = NULL;
    assert_int_equal(wr_charge_advisor_new(&adv), WR_OK);
    game g;
    setup(&t, adv, &g);
    wr_charge_advisor_params p = wr_charge_advisor_params_default();
    p.aim = WR_CHARGE_AIM_BREAK;
    p.target = t.orcs;
    p.top = 1;
    wr_charge_advisor_info info;
    check_against_brute(adv, &g, &p, NULL, &info); /* ranks it */
    wr_charge_choice c;
    assert_int_equal(wr_charge_advisor_choice(adv, 0, &c), WR_OK);
    /* best for breaking the orcs: the knights on their flank while the
       spearmen hold their front (the archers' rear charge would rather
       make them retire than rout) */
    assert_int_equal(c.option[0], 0);
    assert_int_equal(c.option[1], -1);
    assert_true(c.break_e18 > UINT64_C(800000000000000000));
    assert_true(c.reasons > 0);
    int flank_test = 0, disordered = 0, flank_bonus = 0;
    for (int i = 0; i < c.reasons; i++) {
        wr_charge_reason r;
        assert_int_equal(wr_charge_advisor_reason(adv, 0, i, &r), WR_OK);
        assert_true(r.fight >= 0 && r.fight < 2);
        assert_true(wr_melee_rule_source(r.event.rule)[0] == '[');
        char text[200];
        size_t len = 0;
        assert_int_equal(wr_melee_event_text(&r.event, text, sizeof text, &len), WR_OK);
        if (r.event.rule == WR_RULE_FLANK_TEST) /* due, not rolled */
            assert_non_null(strstr(text, "due, "));
        flank_test |= r.event.rule == WR_RULE_FLANK_TEST && r.fight == 1;
        disordered |= r.event.rule == WR_RULE_DISORDERED && r.fight == 1;
        flank_bonus |= r.event.rule == WR_RULE_MODIFIER && r.event.detail == WR_MOD_FLANK;
    }
    assert_true(flank_test && disordered && flank_bonus);
    /* its odds are its phase's */
    wr_melee_phase_odds *o = NULL;
    assert_int_equal(wr_charge_advisor_odds(adv, 0, &o), WR_OK);
    wr_melee_phase *ph = NULL;
    assert_int_equal(wr_melee_phase_new(&ph), WR_OK);
    int index = 0;
    assert_int_equal(wr_melee_phase_add(ph, &g.fixed[0], &index), WR_OK);
    for (int k = 0; k < 2; k++) {
        if (c.option[k] < 0)
            continue;
        const wr_charge_option *x = &g.option[c.option[k]];
        wr_phase_fight f = front_fight(x->attacker, x->in_contact, x->enemy, x->enemy_in_contact);
        f.side[0].contact = WR_CONTACT_CHARGE;
        f.side[1].face = x->face;
        assert_int_equal(wr_melee_phase_add(ph, &f, &index), WR_OK);
    }
    wr_melee_phase_odds *want = NULL;
    assert_int_equal(wr_melee_phase_odds_new(ph, p.max_rounds, &want), WR_OK);
    char a[2000], b[2000];
    size_t len = 0;
    int fights = 0;
    assert_int_equal(wr_melee_phase_count(ph, &fights), WR_OK);
    assert_int_equal(fights, 2);
    for (int f = 0; f < fights; f++)
        for (int e = 0; e < WR_END_COUNT; e++) {
            assert_int_equal(wr_melee_phase_odds_fight_end_exact(o, f, (wr_melee_end)e, a,
                                                                 sizeof a, &len),
                             WR_OK);
            assert_int_equal(wr_melee_phase_odds_fight_end_exact(want, f, (wr_melee_end)e, b,
                                                                 sizeof b, &len),
                             WR_OK);
            assert_string_equal(a, b);
        }
    uint64_t routs = 0;
    assert_int_equal(wr_melee_phase_odds_unit_fate(want, t.orcs, WR_FATE_ROUTS, &routs), WR_OK);
    wr_melee_phase_odds_free(o);
    wr_melee_phase_odds_free(want);
    wr_melee_phase_free(ph);
    /* a unit that changed since: its odds are refused */
    assert_int_equal(wr_melee_unit_set_figures(t.orcs, 8), WR_OK);
    o = NULL;
    assert_int_equal(wr_charge_advisor_odds(adv, 0, &o), WR_ERR_STATE);
    assert_null(o);
    assert_int_equal(wr_melee_unit_set_figures(t.orcs, 9), WR_OK);
    wr_charge_advisor_free(adv);
    table_free(&t);
}

/* ---- bad input ----------------------------------------------------------- */

static wr_status failing_morale(void *user, const wr_morale_test *test, wr_morale_odds *odds)
{
    (void)user;
    (void)test;
    (void)odds;
    return WR_ERR_FORBIDDEN;
}

static wr_status bad_morale(void *user, const wr_morale_test *test, wr_morale_odds *odds)
{
    (void)user;
    (void)test;
    odds->pass = 70;
    odds->retire = 20;
    odds->rout = 20;
    return WR_OK;
}

static void advisor_bad_input(void **state)
{
    (void)state;
    table t;
    table_new(&t);
    wr_charge_advisor *adv = NULL, *untouched = (wr_charge_advisor *)&t, *out = untouched;
    assert_status(wr_charge_advisor_new(NULL), WR_ERR_NULL);
    assert_status(wr_charge_advisor_new_ex(NULL, NULL), WR_ERR_NULL);
    wr_allocator none = {NULL, NULL};
    assert_status(wr_charge_advisor_new_ex(&none, &out), WR_ERR_INVALID);
    assert_ptr_equal(out, untouched);
    assert_int_equal(wr_charge_advisor_new(&adv), WR_OK);
    wr_charge_advisor_free(NULL);
    assert_status(wr_charge_advisor_set_morale(NULL, NULL, NULL), WR_ERR_NULL);

    /* options */
    int index = WR_SENTINEL;
    wr_charge_option o = option(t.knights, t.orcs, WR_FACING_FLANK, 3, 3);
    assert_status(wr_charge_advisor_add_option(NULL, &o, &index), WR_ERR_NULL);
    assert_status(wr_charge_advisor_add_option(adv, NULL, &index), WR_ERR_NULL);
    assert_status(wr_charge_advisor_add_option(adv, &o, NULL), WR_ERR_NULL);
    wr_charge_option bad = o;
    bad.attacker = NULL;
    assert_status(wr_charge_advisor_add_option(adv, &bad, &index), WR_ERR_NULL);
    bad = o;
    bad.enemy = NULL;
    assert_status(wr_charge_advisor_add_option(adv, &bad, &index), WR_ERR_NULL);
    bad = o;
    bad.contact = WR_CONTACT_CONTINUING;
    assert_status(wr_charge_advisor_add_option(adv, &bad, &index), WR_ERR_INVALID);
    bad.contact = (wr_phase_contact)9;
    assert_status(wr_charge_advisor_add_option(adv, &bad, &index), WR_ERR_INVALID);
    bad = o;
    bad.face = (wr_facing)5;
    assert_status(wr_charge_advisor_add_option(adv, &bad, &index), WR_ERR_INVALID);
    bad = o;
    bad.enemy = t.knights;
    assert_status(wr_charge_advisor_add_option(adv, &bad, &index), WR_ERR_INVALID);
    bad = o;
    bad.in_contact = 5; /* four knights */
    assert_status(wr_charge_advisor_add_option(adv, &bad, &index), WR_ERR_RANGE);
    bad = o;
    bad.enemy_in_contact = 4; /* the orcs' flank holds 3 */
    assert_status(wr_charge_advisor_add_option(adv, &bad, &index), WR_ERR_RANGE);
    assert_int_equal(index, WR_SENTINEL);
    assert_int_equal(wr_charge_advisor_add_option(adv, &o, &index), WR_OK);
    assert_int_equal(index, 0);
    index = WR_SENTINEL;
    assert_status(wr_charge_advisor_add_option(adv, &o, &index), WR_ERR_INVALID); /* twice */
    bad = option(t.orcs, t.archers, WR_FACING_FRONT, 3, 3); /* the enemy as an attacker */
    assert_status(wr_charge_advisor_add_option(adv, &bad, &index), WR_ERR_INVALID);
    bad = option(t.spears, t.knights, WR_FACING_FRONT, 3, 3); /* our knights as an enemy */
    assert_status(wr_charge_advisor_add_option(adv, &bad, &index), WR_ERR_INVALID);
    assert_int_equal(wr_melee_unit_set_figures(t.archers, 0), WR_OK);
    bad = option(t.archers, t.goblins, WR_FACING_FRONT, 0, 0);
    assert_status(wr_charge_advisor_add_option(adv, &bad, &index), WR_ERR_STATE);
    assert_int_equal(wr_melee_unit_set_figures(t.archers, 5), WR_OK);
    assert_int_equal(index, WR_SENTINEL);

    /* fights going on */
    wr_phase_fight f = front_fight(t.spears, 4, t.orcs, 3);
    assert_status(wr_charge_advisor_add_fight(NULL, &f), WR_ERR_NULL);
    assert_status(wr_charge_advisor_add_fight(adv, NULL), WR_ERR_NULL);
    wr_phase_fight badf = f;
    badf.side[1].in_contact = 4;
    assert_status(wr_charge_advisor_add_fight(adv, &badf), WR_ERR_RANGE);
    badf = front_fight(t.knights, 3, t.goblins, 3); /* the knights have an option */
    assert_status(wr_charge_advisor_add_fight(adv, &badf), WR_ERR_FORBIDDEN);
    badf = front_fight(t.orcs, 3, t.spears, 3); /* the orcs are the enemy's */
    assert_status(wr_charge_advisor_add_fight(adv, &badf), WR_ERR_INVALID);
    assert_int_equal(wr_charge_advisor_add_fight(adv, &f), WR_OK);
    bad = option(t.spears, t.goblins, WR_FACING_FRONT, 3, 3); /* the spearmen are engaged */
    assert_status(wr_charge_advisor_add_option(adv, &bad, &index), WR_ERR_FORBIDDEN);
    /* four fights at most, with the attackers */
    wr_melee_unit *more[4];
    for (int k = 0; k < 4; k++)
        more[k] = troops(t.men, 4, 4, 0);
    assert_int_equal(wr_charge_advisor_add_fight(adv, &(wr_phase_fight){0}), WR_ERR_NULL);
    wr_phase_fight m1 = front_fight(more[0], 3, t.goblins, 3);
    assert_int_equal(wr_charge_advisor_add_fight(adv, &m1), WR_OK);
    wr_phase_fight m2 = front_fight(more[1], 3, t.goblins, 3);
    m2.side[1].face = WR_FACING_REAR;
    assert_int_equal(wr_charge_advisor_add_fight(adv, &m2), WR_OK);
    assert_status(wr_charge_advisor_add_fight(adv, &m1), WR_ERR_RANGE);
    bad = option(more[3], t.goblins, WR_FACING_FLANK, 1, 1);
    assert_status(wr_charge_advisor_add_option(adv, &bad, &index), WR_ERR_RANGE);
    assert_int_equal(index, WR_SENTINEL);

    /* ranking */
    wr_charge_advisor_params p = wr_charge_advisor_params_default();
    wr_charge_advisor_info info;
    memset(&info, 0x5a, sizeof info);
    wr_charge_advisor_info before = info;
    assert_status(wr_charge_advisor_rank(NULL, &p, &info), WR_ERR_NULL);
    assert_status(wr_charge_advisor_rank(adv, NULL, &info), WR_ERR_NULL);
    wr_charge_advisor_params bp = p;
    bp.aim = WR_CHARGE_AIM_COUNT;
    assert_status(wr_charge_advisor_rank(adv, &bp, &info), WR_ERR_INVALID);
    bp = p;
    bp.fates = 0;
    assert_status(wr_charge_advisor_rank(adv, &bp, &info), WR_ERR_INVALID);
    bp.fates = 32;
    assert_status(wr_charge_advisor_rank(adv, &bp, &info), WR_ERR_INVALID);
    bp = p;
    bp.aim = WR_CHARGE_AIM_BREAK;
    assert_status(wr_charge_advisor_rank(adv, &bp, &info), WR_ERR_NULL); /* no target */
    bp.target = t.knights; /* ours */
    assert_status(wr_charge_advisor_rank(adv, &bp, &info), WR_ERR_INVALID);
    bp = p;
    bp.aim = WR_CHARGE_AIM_SCORE;
    bp.lost_weight = 1001;
    assert_status(wr_charge_advisor_rank(adv, &bp, &info), WR_ERR_RANGE);
    bp.lost_weight = -1;
    assert_status(wr_charge_advisor_rank(adv, &bp, &info), WR_ERR_RANGE);
    bp = p;
    bp.max_rounds = 0;
    assert_status(wr_charge_advisor_rank(adv, &bp, &info), WR_ERR_RANGE);
    bp.max_rounds = WR_ODDS_MAX_ROUNDS + 1;
    assert_status(wr_charge_advisor_rank(adv, &bp, &info), WR_ERR_RANGE);
    bp = p;
    bp.top = 0;
    assert_status(wr_charge_advisor_rank(adv, &bp, &info), WR_ERR_RANGE);
    bp.top = WR_CHARGE_ADVISOR_MAX_TOP + 1;
    assert_status(wr_charge_advisor_rank(adv, &bp, &info), WR_ERR_RANGE);
    assert_int_equal(wr_melee_unit_set_figures(t.orcs, 2), WR_OK); /* no longer fits */
    assert_status(wr_charge_advisor_rank(adv, &p, &info), WR_ERR_STATE);
    assert_int_equal(wr_melee_unit_set_figures(t.orcs, 9), WR_OK);
    assert_memory_equal(&info, &before, sizeof info);

    /* the morale model's status, or odds that do not sum to 100; a monster */
    assert_int_equal(wr_charge_advisor_set_morale(adv, failing_morale, NULL), WR_OK);
    assert_status(wr_charge_advisor_rank(adv, &p, &info), WR_ERR_FORBIDDEN);
    assert_int_equal(wr_charge_advisor_set_morale(adv, bad_morale, NULL), WR_OK);
    assert_status(wr_charge_advisor_rank(adv, &p, &info), WR_ERR_INVALID);
    assert_int_equal(wr_charge_advisor_set_morale(adv, NULL, NULL), WR_OK);
    assert_memory_equal(&info, &before, sizeof info);
    {
        wr_charge_advisor *mon = NULL;
        assert_int_equal(wr_charge_advisor_new(&mon), WR_OK);
        wr_melee_unit_desc d = wr_melee_unit_desc_default();
        d.kind = WR_UNIT_MONSTER;
        wr_melee_unit *ogre = NULL;
        assert_int_equal(wr_melee_unit_new(t.orc, &d, &ogre), WR_OK);
        wr_charge_option om = option(t.knights, ogre, WR_FACING_FRONT, 1, 1);
        assert_int_equal(wr_charge_advisor_add_option(mon, &om, &index), WR_OK);
        assert_status(wr_charge_advisor_rank(mon, &p, &info), WR_ERR_RANGE);
        assert_memory_equal(&info, &before, sizeof info);
        wr_charge_advisor_free(mon);
        wr_melee_unit_free(ogre);
    }

    /* reading without a ranking, or out of range */
    wr_charge_choice c;
    memset(&c, 0x5a, sizeof c);
    wr_charge_choice cbefore = c;
    wr_charge_reason r;
    memset(&r, 0x5a, sizeof r);
    wr_charge_reason rbefore = r;
    wr_melee_phase_odds *odds = (wr_melee_phase_odds *)&t, *odds_before = odds;
    assert_status(wr_charge_advisor_choice(adv, 0, &c), WR_ERR_STATE);
    assert_status(wr_charge_advisor_reason(adv, 0, 0, &r), WR_ERR_STATE);
    assert_status(wr_charge_advisor_odds(adv, 0, &odds), WR_ERR_STATE);
    assert_int_equal(wr_charge_advisor_rank(adv, &p, &info), WR_OK);
    assert_status(wr_charge_advisor_choice(NULL, 0, &c), WR_ERR_NULL);
    assert_status(wr_charge_advisor_choice(adv, 0, NULL), WR_ERR_NULL);
    assert_status(wr_charge_advisor_choice(adv, -1, &c), WR_ERR_RANGE);
    assert_status(wr_charge_advisor_choice(adv, info.ranked, &c), WR_ERR_RANGE);
    assert_status(wr_charge_advisor_reason(NULL, 0, 0, &r), WR_ERR_NULL);
    assert_status(wr_charge_advisor_reason(adv, 0, 0, NULL), WR_ERR_NULL);
    assert_status(wr_charge_advisor_reason(adv, info.ranked, 0, &r), WR_ERR_RANGE);
    assert_status(wr_charge_advisor_reason(adv, 0, -1, &r), WR_ERR_RANGE);
    assert_status(wr_charge_advisor_reason(adv, 0, WR_CHARGE_ADVISOR_MAX_REASONS, &r),
                  WR_ERR_RANGE);
    assert_status(wr_charge_advisor_odds(NULL, 0, &odds), WR_ERR_NULL);
    assert_status(wr_charge_advisor_odds(adv, 0, NULL), WR_ERR_NULL);
    assert_status(wr_charge_advisor_odds(adv, -1, &odds), WR_ERR_RANGE);
    assert_memory_equal(&c, &cbefore, sizeof c);
    assert_memory_equal(&r, &rbefore, sizeof r);
    assert_ptr_equal(odds, odds_before);
    /* adding discards the ranking */
    assert_int_equal(wr_charge_advisor_set_morale(adv, NULL, NULL), WR_OK);
    assert_status(wr_charge_advisor_choice(adv, 0, &c), WR_ERR_STATE);

    wr_charge_advisor_free(adv);
    for (int k = 0; k < 4; k++)
        wr_melee_unit_free(more[k]);
    table_free(&t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(ranking_is_brute_force),
        cmocka_unit_test(pruning_keeps_the_top),
        cmocka_unit_test(knights_on_the_flank_or_the_goblins),
        cmocka_unit_test(advisor_bad_input),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
