/* The charge advisor: every legal choice of charges, each the melee phase of
   the fights going on and its charges, ranked by the exact odds of that
   phase fought turn after turn (phase_odds*.c). Groups of fights sharing no
   unit are independent, so a choice's score is the sum of its groups'
   scores, and a group's odds serve every choice that has it. A choice is
   pruned when bounds from its groups' first turn show that it cannot enter
   the top [Casualties: phase ten], [Continuing]. */
#include <stdlib.h>
#include <string.h>

#include "bignum.h"
#include "phase_odds.h"

#define MAXO WR_CHARGE_ADVISOR_MAX_OPTIONS
#define MAXA WRI_PO_FIGHTS

/* A group of fights of some choice: the fights going on (a mask) and the
   options taken (a mask), with what it adds to a choice's score. */
typedef struct part {
    unsigned fixed;
    uint64_t options;
    int zero; /* adds nothing whatever its odds: not computed */
    int have_exact, have_bound;
    uint32_t *p, *inflicted, *lost; /* exact: the target's break, enemy and own figures lost */
    uint32_t *lo[3], *hi[3];        /* bounds of the same three after the first turn */
} part;

/* A ranked choice: its options (by attacker, -1 to hold back), its exact
   parts summed, and its index in the enumeration (for ties). */
typedef struct ranked {
    int option[MAXA];
    long index;
    uint32_t *p, *inflicted, *lost, *pos, *neg;
} ranked;

/* What a unit was when the ranking was made. */
typedef struct unit_mark {
    const wr_melee_unit *unit;
    int figures;
    unsigned flags;
} unit_mark;

struct wr_charge_advisor {
    wr_allocator alloc;
    wr_morale_fn morale;
    void *morale_user;
    int n_fixed;
    wr_phase_fight fixed[MAXA];
    int n_options;
    wr_charge_option option[MAXO];
    wr_phase_fight option_fight[MAXO];
    int attacker_of[MAXO];
    int n_attackers;
    wr_melee_unit *attacker[MAXA];
    int n_opts[MAXA];
    int opts[MAXA][MAXO];
    /* the ranking */
    int is_ranked;
    wr_charge_advisor_params params;
    int E, W; /* every exact number of the ranking is n / 10^E, in W words */
    part *parts;
    int n_parts, cap_parts;
    ranked *top;
    int n_top, cap_top;
    unit_mark marks[2 * MAXA];
    int n_marks;
};

/* ---- making ------------------------------------------------------------- */

wr_status wr_charge_advisor_new_ex(const wr_allocator *alloc, wr_charge_advisor **out)
{
    if (out == NULL)
        return WRI_NULL(out);
    wr_status st;
    wr_charge_advisor *adv =
        wri_new_handle(alloc, sizeof *adv, offsetof(wr_charge_advisor, alloc), &st);
    if (adv != NULL)
        *out = adv;
    return WRI_PASS(st);
}

wr_status wr_charge_advisor_new(wr_charge_advisor **out)
{
    return WRI_PASS(wr_charge_advisor_new_ex(NULL, out));
}

static void free_number(const wr_allocator *a, uint32_t **x, int words)
{
    wri_free(a, *x, (size_t)words, sizeof(uint32_t));
    *x = NULL;
}

static void discard(wr_charge_advisor *adv)
{
    const wr_allocator *a = &adv->alloc;
    for (int k = 0; k < adv->n_parts; k++) {
        part *p = &adv->parts[k];
        free_number(a, &p->p, adv->W);
        free_number(a, &p->inflicted, adv->W);
        free_number(a, &p->lost, adv->W);
        for (int j = 0; j < 3; j++) {
            free_number(a, &p->lo[j], adv->W);
            free_number(a, &p->hi[j], adv->W);
        }
    }
    wri_free(a, adv->parts, (size_t)adv->cap_parts, sizeof *adv->parts);
    for (int k = 0; k < adv->n_top; k++) {
        ranked *r = &adv->top[k];
        free_number(a, &r->p, adv->W);
        free_number(a, &r->inflicted, adv->W);
        free_number(a, &r->lost, adv->W);
        free_number(a, &r->pos, adv->W);
        free_number(a, &r->neg, adv->W);
    }
    wri_free(a, adv->top, (size_t)adv->cap_top, sizeof *adv->top);
    adv->parts = NULL;
    adv->top = NULL;
    adv->n_parts = adv->cap_parts = adv->n_top = adv->cap_top = 0;
    adv->is_ranked = 0;
}

void wr_charge_advisor_free(wr_charge_advisor *advisor)
{
    if (advisor == NULL)
        return;
    discard(advisor);
    wr_allocator a = advisor->alloc;
    wri_free(&a, advisor, 1, sizeof *advisor);
}

wr_status wr_charge_advisor_set_morale(wr_charge_advisor *advisor, wr_morale_fn fn, void *user)
{
    if (advisor == NULL)
        return WRI_NULL(advisor);
    discard(advisor);
    advisor->morale = fn;
    advisor->morale_user = user;
    return WR_OK;
}

/* 1: the game's unit; 2: the enemy's; 0: neither. */
static int role_of(const wr_charge_advisor *adv, const wr_melee_unit *u)
{
    for (int k = 0; k < adv->n_fixed; k++) {
        if (adv->fixed[k].side[0].unit == u)
            return 1;
        if (adv->fixed[k].side[1].unit == u)
            return 2;
    }
    for (int k = 0; k < adv->n_options; k++) {
        if (adv->option[k].attacker == u)
            return 1;
        if (adv->option[k].enemy == u)
            return 2;
    }
    return 0;
}

static int attacker_index(const wr_charge_advisor *adv, const wr_melee_unit *u)
{
    for (int i = 0; i < adv->n_attackers; i++)
        if (adv->attacker[i] == u)
            return i;
    return -1;
}

/* What wr_melee_phase_add() would check of the fight an option makes. */
static wr_status check_option(const wr_charge_option *o)
{
    int face = (int)o->face;
    if (face < WR_FACING_FRONT || face > WR_FACING_REAR)
        return WRI_FAIL_VALUE(WR_ERR_INVALID, "option->face", face, "a wr_facing value");
    if (o->attacker == o->enemy)
        return WRI_FAIL(WR_ERR_INVALID, "option->enemy", "a unit other than the attacker");
    if (o->attacker->def.figures < 1)
        return WRI_FAIL_VALUE(WR_ERR_STATE, "option->attacker", o->attacker->def.figures,
                              "a unit with figures left");
    if (o->enemy->def.figures < 1)
        return WRI_FAIL_VALUE(WR_ERR_STATE, "option->enemy", o->enemy->def.figures,
                              "a unit with figures left");
    if (o->in_contact < 0 || o->in_contact > wri_melee_face_most(o->attacker, WR_FACING_FRONT))
        return WRI_FAIL_VALUE(WR_ERR_RANGE, "option->in_contact", o->in_contact,
                              "0..min(files, figures) of the attacker");
    if (o->enemy_in_contact < 0 || o->enemy_in_contact > wri_melee_face_most(o->enemy, o->face))
        return WRI_FAIL_VALUE(WR_ERR_RANGE, "option->enemy_in_contact", o->enemy_in_contact,
                              "0..the enemy's figures on that face (files on the front or rear, "
                              "ranks along a flank)");
    if (wri_melee_swarm_meets_flier(o->attacker, o->enemy))
        return WRI_FAIL(WR_ERR_INVALID, "option->enemy",
                        "[Who fights] swarms and fliers fight only with missile weapons");
    return WR_OK;
}

wr_status wr_charge_advisor_add_fight(wr_charge_advisor *advisor, const wr_phase_fight *fight)
{
    if (advisor == NULL)
        return WRI_NULL(advisor);
    if (fight == NULL)
        return WRI_NULL(fight);
    wr_charge_advisor *adv = advisor;
    wr_status st = wri_melee_fight_check(fight);
    if (st != WR_OK)
        return WRI_PASS(st);
    for (int i = 0; i < 2; i++) {
        int role = role_of(adv, fight->side[i].unit);
        if (role != 0 && role != i + 1)
            return WRI_FAIL(WR_ERR_INVALID, i ? "fight->side[1].unit" : "fight->side[0].unit",
                            "side 0 the game's unit, side 1 the enemy's, as in the other fights "
                            "and options");
    }
    if (attacker_index(adv, fight->side[0].unit) >= 0)
        return WRI_FAIL(WR_ERR_FORBIDDEN, "fight->side[0].unit",
                        "[Continuing] a unit not ordered to charge: engaged units cannot be "
                        "ordered to leave their combat");
    if (adv->n_fixed + adv->n_attackers >= MAXA)
        return WRI_FAIL(WR_ERR_RANGE, "advisor",
                        "at most WR_PHASE_ODDS_MAX_FIGHTS (4) fights with the attackers");
    discard(adv);
    adv->fixed[adv->n_fixed++] = *fight;
    return WR_OK;
}

wr_status wr_charge_advisor_add_option(wr_charge_advisor *advisor, const wr_charge_option *option,
                                       int *index)
{
    if (advisor == NULL)
        return WRI_NULL(advisor);
    if (option == NULL)
        return WRI_NULL(option);
    if (index == NULL)
        return WRI_NULL(index);
    wr_charge_advisor *adv = advisor;
    if (option->attacker == NULL)
        return WRI_NULL(option->attacker);
    if (option->enemy == NULL)
        return WRI_NULL(option->enemy);
    int contact = (int)option->contact;
    if (contact < WR_CONTACT_CHARGE || contact > WR_CONTACT_PUSHBACK)
        return WRI_FAIL_VALUE(WR_ERR_INVALID, "option->contact", contact,
                              "WR_CONTACT_CHARGE, WR_CONTACT_PURSUIT or WR_CONTACT_PUSHBACK");
    wr_phase_fight f;
    memset(&f, 0, sizeof f);
    f.side[0].unit = option->attacker;
    f.side[0].face = WR_FACING_FRONT;
    f.side[0].in_contact = option->in_contact;
    f.side[0].corner_fights = WR_PHASE_DEFAULT;
    f.side[0].contact = option->contact;
    f.side[1].unit = option->enemy;
    f.side[1].face = option->face;
    f.side[1].in_contact = option->enemy_in_contact;
    f.side[1].corner_fights = WR_PHASE_DEFAULT;
    f.side[1].contact = WR_CONTACT_CONTINUING;
    wr_status st = check_option(option);
    if (st != WR_OK)
        return WRI_PASS(st);
    if (role_of(adv, option->attacker) == 2 || role_of(adv, option->enemy) == 1)
        return WRI_FAIL(WR_ERR_INVALID, "option",
                        "an attacker of the game's and an enemy of the enemy's, as in the other "
                        "fights and options");
    for (int k = 0; k < adv->n_fixed; k++)
        if (adv->fixed[k].side[0].unit == option->attacker)
            return WRI_FAIL(WR_ERR_FORBIDDEN, "option->attacker",
                            "[Continuing] a unit not in a fight going on: engaged units cannot be "
                            "ordered to leave their combat");
    for (int k = 0; k < adv->n_options; k++) {
        const wr_charge_option *o = &adv->option[k];
        if (o->attacker == option->attacker && o->enemy == option->enemy && o->face == option->face)
            return WRI_FAIL(WR_ERR_INVALID, "option",
                            "an attacker, enemy and face not already given");
    }
    if (adv->n_options == MAXO)
        return WRI_FAIL(WR_ERR_RANGE, "advisor",
                        "at most WR_CHARGE_ADVISOR_MAX_OPTIONS (64) options");
    int a = attacker_index(adv, option->attacker);
    if (a < 0 && adv->n_fixed + adv->n_attackers >= MAXA)
        return WRI_FAIL(WR_ERR_RANGE, "advisor",
                        "at most WR_PHASE_ODDS_MAX_FIGHTS (4) fights with the attackers");
    discard(adv);
    if (a < 0) {
        a = adv->n_attackers++;
        adv->attacker[a] = option->attacker;
        adv->n_opts[a] = 0;
    }
    int k = adv->n_options++;
    adv->option[k] = *option;
    adv->option_fight[k] = f;
    adv->attacker_of[k] = a;
    adv->opts[a][adv->n_opts[a]++] = k;
    *index = k;
    return WR_OK;
}

wr_charge_advisor_params wr_charge_advisor_params_default(void)
{
    wr_charge_advisor_params p;
    memset(&p, 0, sizeof p);
    p.aim = WR_CHARGE_AIM_FIGURES;
    p.target = NULL;
    p.fates = 1u << WR_FATE_ROUTS | 1u << WR_FATE_DESTROYED;
    p.break_weight = 1;
    p.inflicted_weight = 1;
    p.lost_weight = 1;
    p.max_rounds = 6;
    p.top = 5;
    return p;
}

/* ---- choices and their groups ------------------------------------------ */

/* A choice's phase: the fights going on, then each charge by attacker. */
typedef struct choice_phase {
    int n;
    const wr_phase_fight *fight[MAXA];
    int is_fixed[MAXA], which[MAXA]; /* the fight going on, or the option */
    int n_groups;
    unsigned group_fixed[MAXA];
    uint64_t group_options[MAXA];
    int group_of[MAXA];
} choice_phase;

static const wr_melee_unit *side_unit(const choice_phase *c, int f, int i)
{
    return c->fight[f]->side[i].unit;
}

static void make_choice(const wr_charge_advisor *adv, const int *option, choice_phase *c)
{
    memset(c, 0, sizeof *c);
    for (int k = 0; k < adv->n_fixed; k++) {
        c->fight[c->n] = &adv->fixed[k];
        c->is_fixed[c->n] = 1;
        c->which[c->n++] = k;
    }
    for (int a = 0; a < adv->n_attackers; a++)
        if (option[a] >= 0) {
            c->fight[c->n] = &adv->option_fight[option[a]];
            c->which[c->n++] = option[a];
        }
    /* groups: fights joined by a shared unit */
    int parent[MAXA];
    for (int f = 0; f < c->n; f++)
        parent[f] = f;
    for (int f = 0; f < c->n; f++)
        for (int g = 0; g < f; g++)
            for (int i = 0; i < 2; i++)
                for (int j = 0; j < 2; j++)
                    if (side_unit(c, f, i) == side_unit(c, g, j)) {
                        int x = f, y = g;
                        while (parent[x] != x)
                            x = parent[x];
                        while (parent[y] != y)
                            y = parent[y];
                        if (x != y)
                            parent[x > y ? x : y] = x < y ? x : y;
                    }
    int group_of_root[MAXA];
    for (int f = 0; f < c->n; f++)
        group_of_root[f] = -1;
    for (int f = 0; f < c->n; f++) {
        int r = f;
        while (parent[r] != r)
            r = parent[r];
        if (group_of_root[r] < 0)
            group_of_root[r] = c->n_groups++;
        int g = group_of_root[r];
        c->group_of[f] = g;
        if (c->is_fixed[f])
            c->group_fixed[g] |= 1u << c->which[f];
        else
            c->group_options[g] |= UINT64_C(1) << c->which[f];
    }
}

/* The group g of a choice as the chain reads it. */
static wr_status make_group(const wr_charge_advisor *adv, const choice_phase *c, int g,
                            wri_po_group *out)
{
    const wr_phase_fight *list[MAXA] = {NULL, NULL, NULL, NULL};
    int index[MAXA], m = 0;
    for (int f = 0; f < c->n; f++)
        if (c->group_of[f] == g) {
            index[m] = f;
            list[m++] = c->fight[f];
        }
    wr_status st = wri_po_group_make(list, m, adv->morale, adv->morale_user, "advisor", out);
    for (int j = 0; st == WR_OK && j < m; j++)
        out->index[j] = index[j];
    return st;
}

static int wants_target(const wr_charge_advisor_params *p)
{
    return p->aim == WR_CHARGE_AIM_BREAK || (p->aim == WR_CHARGE_AIM_SCORE && p->break_weight > 0);
}

/* The weights of the three terms: the target's break, enemy figures lost,
   own figures lost. */
static void weights_of(const wr_charge_advisor_params *p, uint32_t w[3])
{
    w[0] = w[1] = w[2] = 0;
    if (p->aim == WR_CHARGE_AIM_BREAK)
        w[0] = 1;
    else if (p->aim == WR_CHARGE_AIM_FIGURES)
        w[1] = w[2] = 1;
    else {
        w[0] = (uint32_t)p->break_weight;
        w[1] = (uint32_t)p->inflicted_weight;
        w[2] = (uint32_t)p->lost_weight;
    }
    if (p->target == NULL)
        w[0] = 0;
}

/* ---- numbers ------------------------------------------------------------ */

static uint32_t *number(const wr_allocator *a, int words)
{
    return wri_alloc_zero(a, (size_t)words, sizeof(uint32_t));
}

static int compare(const uint32_t *x, const uint32_t *y, int words)
{
    for (int k = words - 1; k >= 0; k--)
        if (x[k] != y[k])
            return x[k] < y[k] ? -1 : 1;
    return 0;
}

static void add_to(uint32_t *dst, const uint32_t *x, int words)
{
    big_muladd1(dst, x, words - 1, 1);
}

/* x - y for x >= y */
static void subtract(uint32_t *dst, const uint32_t *x, const uint32_t *y, int words)
{
    uint32_t borrow = 0;
    for (int k = 0; k < words; k++) {
        uint32_t s = y[k] + borrow;
        borrow = x[k] < s;
        dst[k] = borrow ? x[k] + BASE - s : x[k] - s;
    }
}

/* pos - neg over 10^E, times 10^9: rounded down (up when `up`). */
static int64_t signed_e9(const uint32_t *pos, const uint32_t *neg, int words, int E, int up)
{
    uint32_t d[WRI_ODDS_MAX_EXPONENT / 9 + 16];
    int negative = compare(pos, neg, words) < 0;
    subtract(d, negative ? neg : pos, negative ? pos : neg, words);
    uint64_t q = wri_odds_scaled(d, words, E, 9);
    /* is anything below the 10^-9 unit? */
    int q_digits = E - 9, k = q_digits / 9, r = q_digits % 9, rest = 0;
    static const uint32_t pow10[9] = {1,      10,      100,      1000,     10000,
                                      100000, 1000000, 10000000, 100000000};
    for (int j = 0; j < k && j < words; j++)
        rest |= d[j] != 0;
    if (k < words)
        rest |= d[k] % pow10[r] != 0;
    int64_t v = (int64_t)q;
    if (negative)
        return -(v + (!up && rest));
    return v + (up && rest);
}

/* ---- a group's part of the score --------------------------------------- */

static int find_part(const wr_charge_advisor *adv, unsigned fixed, uint64_t options)
{
    for (int k = 0; k < adv->n_parts; k++)
        if (adv->parts[k].fixed == fixed && adv->parts[k].options == options)
            return k;
    return -1;
}

/* The three terms of odds o (a group's) at the ranking's exponent: the
   target's break, enemy and own figures lost; with `bound`, their lower
   and upper bounds for any number of turns from the first turn's odds. */
static wr_status terms(wr_charge_advisor *adv, const wr_melee_phase_odds *o, int bound,
                       uint32_t **out_lo, uint32_t **out_hi)
{
    const wr_allocator *a = &adv->alloc;
    const wr_charge_advisor_params *p = &adv->params;
    for (int j = 0; j < 3; j++) {
        out_lo[j] = number(a, adv->W);
        out_hi[j] = bound ? number(a, adv->W) : NULL;
        if (out_lo[j] == NULL || (bound && out_hi[j] == NULL))
            return WRI_NOMEM();
    }
    int n = o->limbs < adv->W - 1 ? o->limbs : adv->W - 1;
    for (int u = 0; u < o->n_units; u++) {
        int role = role_of(adv, o->unit[u]);
        for (int fate = 0; fate < WR_FATE_COUNT; fate++)
            for (int x = 0; x <= o->start[u]; x++) {
                const uint32_t *v = wri_po_number(o, u, fate, x);
                int fighting = bound && fate == WR_FATE_FIGHTING;
                /* mass still fighting may yet end in any fate: in the upper bound only */
                if (o->unit[u] == p->target && !fighting && (p->fates >> fate & 1u))
                    big_muladd1(out_lo[0], v, n, 1);
                if (o->unit[u] == p->target && bound && (fighting || (p->fates >> fate & 1u)))
                    big_muladd1(out_hi[0], v, n, 1);
                int t = role == 2 ? 1 : 2;
                big_muladd1(out_lo[t], v, n, (uint32_t)(o->start[u] - x));
                if (bound)
                    big_muladd1(out_hi[t], v, n,
                                (uint32_t)(fighting ? o->start[u] : o->start[u] - x));
            }
    }
    for (int j = 0; j < 3; j++) {
        big_scale_pow10(out_lo[j], adv->E - o->exponent, adv->W);
        if (bound)
            big_scale_pow10(out_hi[j], adv->E - o->exponent, adv->W);
    }
    return WR_OK;
}

static wr_status new_part(wr_charge_advisor *adv, unsigned fixed, uint64_t options, int *k)
{
    if (adv->n_parts == adv->cap_parts) {
        int grown = adv->cap_parts ? 2 * adv->cap_parts : 16;
        part *p = wri_realloc_array(&adv->alloc, adv->parts, (size_t)adv->cap_parts, (size_t)grown,
                                    sizeof *p);
        if (p == NULL)
            return WRI_NOMEM();
        memset(p + adv->cap_parts, 0, (size_t)(grown - adv->cap_parts) * sizeof *p);
        adv->parts = p;
        adv->cap_parts = grown;
    }
    *k = adv->n_parts++;
    part *p = &adv->parts[*k];
    memset(p, 0, sizeof *p);
    p->fixed = fixed;
    p->options = options;
    return WR_OK;
}

/* The odds of group g of choice c over `rounds` turns. */
static wr_status group_odds(const wr_charge_advisor *adv, const choice_phase *c, int g, int rounds,
                            wri_po_scratch *s, wr_melee_phase_odds **out)
{
    wri_po_group group;
    wr_status st = make_group(adv, c, g, &group);
    if (st == WR_OK)
        st = wri_po_group_odds(&group, rounds, s, &adv->alloc, out);
    return st;
}

/* Makes sure the parts of choice c are known: exactly, or their bounds;
   with `all` also those that add nothing to the score (for its report). */
static wr_status need_parts(wr_charge_advisor *adv, const choice_phase *c, int exact, int all,
                            wri_po_scratch *s, wr_charge_advisor_info *info, int *which)
{
    uint32_t w[3];
    weights_of(&adv->params, w);
    for (int g = 0; g < c->n_groups; g++) {
        int k = find_part(adv, c->group_fixed[g], c->group_options[g]);
        wr_status st;
        if (k < 0) {
            if ((st = new_part(adv, c->group_fixed[g], c->group_options[g], &k)) != WR_OK)
                return st;
            int has_target = 0;
            for (int f = 0; f < c->n; f++)
                if (c->group_of[f] == g)
                    has_target |= side_unit(c, f, 0) == adv->params.target ||
                                  side_unit(c, f, 1) == adv->params.target;
            adv->parts[k].zero = (w[0] == 0 || !has_target) && w[1] == 0 && w[2] == 0;
        }
        which[g] = k;
        part *p = &adv->parts[k];
        if ((p->zero && !all) || p->have_exact || (!exact && p->have_bound))
            continue;
        int rounds = exact ? adv->params.max_rounds : 1;
        wr_melee_phase_odds *o = NULL;
        if ((st = group_odds(adv, c, g, rounds, s, &o)) != WR_OK)
            return st;
        if (exact || rounds == adv->params.max_rounds) {
            uint32_t *t[3] = {NULL, NULL, NULL}, *unused[3] = {NULL, NULL, NULL};
            st = terms(adv, o, 0, t, unused);
            p->p = t[0];
            p->inflicted = t[1];
            p->lost = t[2];
            p->have_exact = st == WR_OK;
            info->groups++;
        } else {
            st = terms(adv, o, 1, p->lo, p->hi);
            p->have_bound = st == WR_OK;
            info->bounds++;
        }
        wr_melee_phase_odds_free(o);
        if (st != WR_OK)
            return st;
    }
    return WR_OK;
}

/* pos and neg of a choice from its three terms. */
static void score_of(const wr_charge_advisor *adv, const uint32_t *t0, const uint32_t *t1,
                     const uint32_t *t2, uint32_t *pos, uint32_t *neg)
{
    uint32_t w[3];
    weights_of(&adv->params, w);
    int n = adv->W - 1;
    memset(pos, 0, (size_t)adv->W * sizeof *pos);
    memset(neg, 0, (size_t)adv->W * sizeof *neg);
    if (w[0])
        big_muladd1(pos, t0, n, w[0]);
    if (w[1])
        big_muladd1(pos, t1, n, w[1]);
    if (w[2])
        big_muladd1(neg, t2, n, w[2]);
}

/* ---- ranking ------------------------------------------------------------- */

typedef struct candidate {
    long index;
    int64_t hi_e9, lo_e9;
} candidate;

static int by_hi(const void *x, const void *y)
{
    const candidate *a = x, *b = y;
    if (a->hi_e9 != b->hi_e9)
        return a->hi_e9 > b->hi_e9 ? -1 : 1;
    return (a->index > b->index) - (a->index < b->index);
}

/* Every legal choice, as options by attacker; NULL to count them only. */
static long enumerate(const wr_charge_advisor *adv, int (*list)[MAXA], long cap)
{
    int digit[MAXA] = {0};
    long n = 0;
    for (;;) {
        int option[MAXA] = {-1, -1, -1, -1}, legal = 1;
        for (int a = 0; a < adv->n_attackers; a++)
            option[a] = digit[a] == 0 ? -1 : adv->opts[a][digit[a] - 1];
        for (int a = 0; a < adv->n_attackers && legal; a++) {
            if (option[a] < 0)
                continue;
            const wr_charge_option *o = &adv->option[option[a]];
            for (int b = 0; b < a && legal; b++)
                legal = option[b] < 0 || adv->option[option[b]].enemy != o->enemy ||
                        adv->option[option[b]].face != o->face;
            for (int k = 0; k < adv->n_fixed && legal; k++)
                legal =
                    adv->fixed[k].side[1].unit != o->enemy || adv->fixed[k].side[1].face != o->face;
        }
        if (legal) {
            if (list != NULL && n < cap)
                memcpy(list[n], option, sizeof option);
            n++;
        }
        int a = 0;
        while (a < adv->n_attackers && ++digit[a] > adv->n_opts[a])
            digit[a++] = 0;
        if (a == adv->n_attackers)
            return n;
    }
}

static int better(const wr_charge_advisor *adv, const uint32_t *pos_a, const uint32_t *neg_a,
                  long index_a, const ranked *b, uint32_t *s1, uint32_t *s2)
{
    int W = adv->W;
    memcpy(s1, pos_a, (size_t)W * sizeof *s1);
    add_to(s1, b->neg, W);
    memcpy(s2, b->pos, (size_t)W * sizeof *s2);
    add_to(s2, neg_a, W);
    int c = compare(s1, s2, W);
    return c > 0 || (c == 0 && index_a < b->index);
}

/* Puts a choice with its exact terms into the top, if it belongs there. */
static wr_status offer(wr_charge_advisor *adv, const int *option, long index, uint32_t *const t[3],
                       uint32_t *scratch)
{
    int W = adv->W, cap = adv->params.top;
    uint32_t *pos = scratch, *neg = scratch + W, *s1 = scratch + 2 * W, *s2 = scratch + 3 * W;
    score_of(adv, t[0], t[1], t[2], pos, neg);
    int at = adv->n_top;
    while (at > 0 && better(adv, pos, neg, index, &adv->top[at - 1], s1, s2))
        at--;
    if (at >= cap)
        return WR_OK;
    ranked entry;
    if (adv->n_top == cap) { /* reuse the last one's numbers */
        entry = adv->top[--adv->n_top];
    } else {
        memset(&entry, 0, sizeof entry);
        entry.p = number(&adv->alloc, W);
        entry.inflicted = number(&adv->alloc, W);
        entry.lost = number(&adv->alloc, W);
        entry.pos = number(&adv->alloc, W);
        entry.neg = number(&adv->alloc, W);
        if (entry.p == NULL || entry.inflicted == NULL || entry.lost == NULL || entry.pos == NULL ||
            entry.neg == NULL) {
            free_number(&adv->alloc, &entry.p, W);
            free_number(&adv->alloc, &entry.inflicted, W);
            free_number(&adv->alloc, &entry.lost, W);
            free_number(&adv->alloc, &entry.pos, W);
            free_number(&adv->alloc, &entry.neg, W);
            return WRI_NOMEM();
        }
    }
    memcpy(entry.option, option, sizeof entry.option);
    entry.index = index;
    memcpy(entry.p, t[0], (size_t)W * sizeof(uint32_t));
    memcpy(entry.inflicted, t[1], (size_t)W * sizeof(uint32_t));
    memcpy(entry.lost, t[2], (size_t)W * sizeof(uint32_t));
    memcpy(entry.pos, pos, (size_t)W * sizeof(uint32_t));
    memcpy(entry.neg, neg, (size_t)W * sizeof(uint32_t));
    memmove(&adv->top[at + 1], &adv->top[at], (size_t)(adv->n_top - at) * sizeof entry);
    adv->top[at] = entry;
    adv->n_top++;
    return WR_OK;
}

/* The exact terms of a choice whose parts are known; t has 3 x W words. */
static void sum_exact(const wr_charge_advisor *adv, const choice_phase *c, const int *which,
                      uint32_t *t)
{
    memset(t, 0, 3 * (size_t)adv->W * sizeof *t);
    for (int g = 0; g < c->n_groups; g++) {
        const part *p = &adv->parts[which[g]];
        if (!p->have_exact) /* adds nothing to the score: not computed */
            continue;
        add_to(t, p->p, adv->W);
        add_to(t + adv->W, p->inflicted, adv->W);
        add_to(t + 2 * adv->W, p->lost, adv->W);
    }
}

static wr_status check_params(const wr_charge_advisor *adv, const wr_charge_advisor_params *p)
{
    int aim = (int)p->aim;
    if (aim < 0 || aim >= WR_CHARGE_AIM_COUNT)
        return WRI_FAIL_VALUE(WR_ERR_INVALID, "params->aim", aim, "a wr_charge_aim value");
    if (p->fates < 1 || p->fates > 31)
        return WRI_FAIL_VALUE(WR_ERR_INVALID, "params->fates", p->fates,
                              "a mask of (1u << wr_melee_fate), 1..31");
    const int w[3] = {p->break_weight, p->inflicted_weight, p->lost_weight};
    static const char *const names[3] = {"params->break_weight", "params->inflicted_weight",
                                         "params->lost_weight"};
    for (int j = 0; aim == WR_CHARGE_AIM_SCORE && j < 3; j++)
        if (w[j] < 0 || w[j] > 1000)
            return WRI_FAIL_VALUE(WR_ERR_RANGE, names[j], w[j], "0..1000");
    if (p->max_rounds < 1 || p->max_rounds > WR_ODDS_MAX_ROUNDS)
        return WRI_FAIL_VALUE(WR_ERR_RANGE, "params->max_rounds", p->max_rounds,
                              "1..WR_ODDS_MAX_ROUNDS (40)");
    if (p->top < 1 || p->top > WR_CHARGE_ADVISOR_MAX_TOP)
        return WRI_FAIL_VALUE(WR_ERR_RANGE, "params->top", p->top,
                              "1..WR_CHARGE_ADVISOR_MAX_TOP (4096)");
    if (wants_target(p) && p->target == NULL)
        return WRI_NULL(params->target);
    if (p->target != NULL && role_of(adv, p->target) != 2)
        return WRI_FAIL(WR_ERR_INVALID, "params->target", "an enemy unit of the advisor");
    return WR_OK;
}

/* Every unit still fits its fights and options (they may have changed). */
static wr_status check_units(const wr_charge_advisor *adv)
{
    for (int k = 0; k < adv->n_fixed + adv->n_options; k++) {
        const wr_phase_fight *f =
            k < adv->n_fixed ? &adv->fixed[k] : &adv->option_fight[k - adv->n_fixed];
        for (int i = 0; i < 2; i++) {
            const wr_melee_unit *u = f->side[i].unit;
            int figures = u->def.figures, files = u->def.files;
            int along = f->side[i].face == WR_FACING_FLANK ? figures / files + (figures % files > 0)
                                                           : files;
            int most = along < figures ? along : figures;
            if (figures < 1 || f->side[i].in_contact > most)
                return WRI_FAIL(WR_ERR_STATE, "advisor",
                                "units that still fit their fights and options");
        }
    }
    return WR_OK;
}

static void mark_units(wr_charge_advisor *adv)
{
    adv->n_marks = 0;
    for (int k = 0; k < adv->n_fixed + adv->n_options; k++) {
        const wr_phase_fight *f =
            k < adv->n_fixed ? &adv->fixed[k] : &adv->option_fight[k - adv->n_fixed];
        for (int i = 0; i < 2; i++) {
            const wr_melee_unit *u = f->side[i].unit;
            int seen = 0;
            for (int m = 0; m < adv->n_marks; m++)
                seen |= adv->marks[m].unit == u;
            if (!seen && adv->n_marks < 2 * MAXA) {
                unit_mark *m = &adv->marks[adv->n_marks++];
                m->unit = u;
                m->figures = u->def.figures;
                m->flags = u->def.flags;
            }
        }
    }
}

static int units_unchanged(const wr_charge_advisor *adv)
{
    for (int m = 0; m < adv->n_marks; m++)
        if (adv->marks[m].unit->def.figures != adv->marks[m].figures ||
            adv->marks[m].unit->def.flags != adv->marks[m].flags)
            return 0;
    return 1;
}

static wr_status rank(wr_charge_advisor *adv, wr_charge_advisor_info *info, wri_po_scratch *s,
                      int (*list)[MAXA], long n, candidate *order, uint32_t *work)
{
    const int W = adv->W;
    int which[MAXA];
    choice_phase c;
    wr_status st = WR_OK;
    uint32_t *t = work, *rest = work + 6 * W; /* t: three terms, or six bounds */
    int bounded = adv->params.top < n && adv->params.max_rounds > 1;
    for (long i = 0; i < n; i++) {
        order[i].index = i;
        order[i].hi_e9 = order[i].lo_e9 = 0;
    }
    if (bounded) {
        for (long i = 0; i < n && st == WR_OK; i++) {
            make_choice(adv, list[i], &c);
            if (c.n > 0 && (st = need_parts(adv, &c, 0, 0, s, info, which)) != WR_OK)
                break;
            uint32_t *lo = t, *hi = t + 3 * W;
            memset(lo, 0, 6 * (size_t)W * sizeof *lo);
            for (int g = 0; g < c.n_groups; g++) {
                const part *p = &adv->parts[which[g]];
                if (p->zero)
                    continue;
                for (int j = 0; j < 3; j++) {
                    add_to(lo + j * W,
                           p->have_exact ? (j == 0   ? p->p
                                            : j == 1 ? p->inflicted
                                                     : p->lost)
                                         : p->lo[j],
                           W);
                    add_to(hi + j * W,
                           p->have_exact ? (j == 0   ? p->p
                                            : j == 1 ? p->inflicted
                                                     : p->lost)
                                         : p->hi[j],
                           W);
                }
            }
            uint32_t *pos = rest, *neg = rest + W, *pos2 = rest + 2 * W, *neg2 = rest + 3 * W;
            /* the highest score: terms 0 and 1 high, own losses low */
            score_of(adv, hi, hi + W, lo + 2 * W, pos, neg);
            order[i].hi_e9 = signed_e9(pos, neg, W, adv->E, 1);
            score_of(adv, lo, lo + W, hi + 2 * W, pos2, neg2);
            order[i].lo_e9 = signed_e9(pos2, neg2, W, adv->E, 0);
        }
        if (st != WR_OK)
            return st;
        qsort(order, (size_t)n, sizeof *order, by_hi);
    }
    for (long k = 0; k < n && st == WR_OK; k++) {
        long i = order[k].index;
        if (bounded && adv->n_top == adv->params.top) {
            const ranked *last = &adv->top[adv->n_top - 1];
            if (order[k].hi_e9 < signed_e9(last->pos, last->neg, W, adv->E, 0)) {
                info->pruned += n - k;
                break;
            }
        }
        make_choice(adv, list[i], &c);
        if (c.n > 0 && (st = need_parts(adv, &c, 1, 0, s, info, which)) != WR_OK)
            break;
        sum_exact(adv, &c, which, t);
        uint32_t *terms3[3] = {t, t + W, t + 2 * W};
        st = offer(adv, list[i], i, terms3, rest);
        info->evaluated++;
    }
    /* the kept choices' reports count every group, those that add nothing too */
    for (int k = 0; k < adv->n_top && st == WR_OK; k++) {
        ranked *r = &adv->top[k];
        make_choice(adv, r->option, &c);
        if (c.n > 0 && (st = need_parts(adv, &c, 1, 1, s, info, which)) != WR_OK)
            break;
        sum_exact(adv, &c, which, t);
        memcpy(r->p, t, (size_t)W * sizeof *t);
        memcpy(r->inflicted, t + W, (size_t)W * sizeof *t);
        memcpy(r->lost, t + 2 * W, (size_t)W * sizeof *t);
    }
    return st;
}

wr_status wr_charge_advisor_rank(wr_charge_advisor *advisor, const wr_charge_advisor_params *params,
                                 wr_charge_advisor_info *info)
{
    if (advisor == NULL)
        return WRI_NULL(advisor);
    if (params == NULL)
        return WRI_NULL(params);
    wr_charge_advisor *adv = advisor;
    wr_status st = check_params(adv, params);
    if (st == WR_OK)
        st = check_units(adv);
    if (st != WR_OK)
        return WRI_PASS(st);
    long n = enumerate(adv, NULL, 0); /* at most 17^4: 64 options on 4 attackers */
    discard(adv);
    adv->params = *params;
    adv->E = 8 + 6 * MAXA * params->max_rounds;
    adv->W = words_for(adv->E + 12);
    const wr_allocator *a = &adv->alloc;
    int(*list)[MAXA] = wri_alloc_zero(a, (size_t)n, sizeof *list);
    candidate *order = wri_alloc_zero(a, (size_t)n, sizeof *order);
    uint32_t *work = number(a, 10 * adv->W);
    int cap = params->top < n ? params->top : (int)n;
    adv->top = wri_alloc_zero(a, (size_t)cap, sizeof *adv->top);
    adv->cap_top = cap;
    wri_po_scratch *s = wri_po_scratch_new(a);
    wr_charge_advisor_info got;
    memset(&got, 0, sizeof got);
    got.choices = n;
    if (list == NULL || order == NULL || work == NULL || adv->top == NULL || s == NULL)
        st = WRI_NOMEM();
    if (st == WR_OK) {
        enumerate(adv, list, n);
        st = rank(adv, &got, s, list, n, order, work);
    }
    wri_po_scratch_free(s);
    wri_free(a, list, (size_t)n, sizeof *list);
    wri_free(a, order, (size_t)n, sizeof *order);
    free_number(a, &work, 10 * adv->W);
    if (st != WR_OK) {
        discard(adv);
        if (st == WR_ERR_NOMEM)
            return WRI_NOMEM();
        return WRI_PASS(st);
    }
    got.ranked = adv->n_top;
    mark_units(adv);
    adv->is_ranked = 1;
    if (info != NULL)
        *info = got;
    return WR_OK;
}

/* ---- reading a ranking -------------------------------------------------- */

static wr_status check_rank(const wr_charge_advisor *adv, int rank)
{
    if (!adv->is_ranked)
        return WRI_FAIL(WR_ERR_STATE, "advisor", "a ranked advisor (wr_charge_advisor_rank)");
    if (rank < 0 || rank >= adv->n_top)
        return WRI_FAIL_VALUE(WR_ERR_RANGE, "rank", rank, "0..the choices ranked - 1");
    return WR_OK;
}

static int keep_reason(const wr_melee_event *e)
{
    switch (e->rule) {
    case WR_RULE_MODIFIER: return e->value != 0;
    case WR_RULE_FIGHTING:
    case WR_RULE_FCP:
    case WR_RULE_ONE_RANK:
    case WR_RULE_ONCE_PER_TURN:
    case WR_RULE_NO_CHARGE_BONUS:
    case WR_RULE_DISORDERED:
    case WR_RULE_NOT_DISORDERED:
    case WR_RULE_DISORDERED_ELSEWHERE:
    case WR_RULE_BLOOD_LUST:
    case WR_RULE_FLANK_TEST: return 1;
    default: return 0;
    }
}

/* The reasons of a choice, into out (up to WR_CHARGE_ADVISOR_MAX_REASONS). */
static wr_status reasons_of(const wr_charge_advisor *adv, const int *option, wr_charge_reason *out,
                            int *count)
{
    choice_phase c;
    make_choice(adv, option, &c);
    *count = 0;
    for (int g = 0; g < c.n_groups; g++) {
        wri_po_group group;
        wr_status st = make_group(adv, &c, g, &group);
        if (st != WR_OK)
            return st;
        static const wr_melee_round zero;
        wr_melee_round r[MAXA];
        wri_events ev[MAXA];
        for (int f = 0; f < group.nf; f++) {
            r[f] = zero;
            ev[f].buf = r[f].events;
            ev[f].n = &r[f].n_events;
            ev[f].truncated = &r[f].events_truncated;
        }
        wri_po_plan plan;
        wr_melee_round start;
        wri_events sev = {start.events, &start.n_events, &start.events_truncated};
        if ((st = wri_po_plan_make(&group, group.start, (1u << group.nf) - 1, 1, &plan, ev)) !=
            WR_OK)
            return st;
        for (int f = 0; f < group.nf; f++) {
            start.n_events = 0;
            start.events_truncated = 0;
            wri_melee_round_start(&plan.snap[f], &start, &sev);
            start.n_events =
                start.n_events < WR_ROUND_MAX_EVENTS ? start.n_events : WR_ROUND_MAX_EVENTS;
            for (int i = 0; i < 2; i++) {
                if (!wri_po_test_due(&group, &plan, f, i))
                    continue;
                const wri_snapshot *s = &plan.snap[f];
                wr_morale_test t;
                wr_morale_odds o;
                wri_melee_morale_test(s, i, wri_melee_flank_reason(s, i), 0, 0, &t);
                if ((st = wri_po_morale(&group, &t, &o)) != WR_OK)
                    return st;
                wri_melee_event(&sev, WR_RULE_FLANK_TEST, i, o.pass, 0);
            }
            const wr_melee_round *lists[2] = {&start, &r[f]};
            for (int l = 0; l < 2; l++)
                for (int e = 0; e < lists[l]->n_events; e++) {
                    if (!keep_reason(&lists[l]->events[e]) ||
                        *count >= WR_CHARGE_ADVISOR_MAX_REASONS)
                        continue;
                    out[*count].fight = group.index[f];
                    out[(*count)++].event = lists[l]->events[e];
                }
        }
    }
    return WR_OK;
}

wr_status wr_charge_advisor_choice(const wr_charge_advisor *advisor, int rank,
                                   wr_charge_choice *choice)
{
    if (advisor == NULL)
        return WRI_NULL(advisor);
    if (choice == NULL)
        return WRI_NULL(choice);
    const wr_charge_advisor *adv = advisor;
    wr_status st = check_rank(adv, rank);
    if (st != WR_OK)
        return WRI_PASS(st);
    const ranked *r = &adv->top[rank];
    wr_charge_reason *reasons =
        wri_alloc_zero(&adv->alloc, WR_CHARGE_ADVISOR_MAX_REASONS, sizeof *reasons);
    if (reasons == NULL)
        return WRI_NOMEM();
    int n = 0;
    st = reasons_of(adv, r->option, reasons, &n);
    wri_free(&adv->alloc, reasons, WR_CHARGE_ADVISOR_MAX_REASONS, sizeof *reasons);
    if (st != WR_OK)
        return WRI_PASS(st);
    wr_charge_choice c;
    memset(&c, 0, sizeof c);
    c.attackers = adv->n_attackers;
    for (int a = 0; a < MAXA; a++)
        c.option[a] = a < adv->n_attackers ? r->option[a] : -1;
    c.score_e9 = signed_e9(r->pos, r->neg, adv->W, adv->E, 0);
    if (c.score_e9 < 0) /* toward zero */
        c.score_e9 = -signed_e9(r->neg, r->pos, adv->W, adv->E, 0);
    c.break_e18 = wri_odds_e18(r->p, adv->W, adv->E);
    c.inflicted_e9 = wri_odds_scaled(r->inflicted, adv->W, adv->E, 9);
    c.lost_e9 = wri_odds_scaled(r->lost, adv->W, adv->E, 9);
    c.reasons = n;
    *choice = c;
    return WR_OK;
}

wr_status wr_charge_advisor_reason(const wr_charge_advisor *advisor, int rank, int index,
                                   wr_charge_reason *reason)
{
    if (advisor == NULL)
        return WRI_NULL(advisor);
    if (reason == NULL)
        return WRI_NULL(reason);
    const wr_charge_advisor *adv = advisor;
    wr_status st = check_rank(adv, rank);
    if (st != WR_OK)
        return WRI_PASS(st);
    wr_charge_reason *reasons =
        wri_alloc_zero(&adv->alloc, WR_CHARGE_ADVISOR_MAX_REASONS, sizeof *reasons);
    if (reasons == NULL)
        return WRI_NOMEM();
    int n = 0;
    st = reasons_of(adv, adv->top[rank].option, reasons, &n);
    if (st == WR_OK && (index < 0 || index >= n))
        st = WRI_FAIL_VALUE(WR_ERR_RANGE, "index", index, "0..the choice's reasons - 1");
    if (st == WR_OK)
        *reason = reasons[index];
    wri_free(&adv->alloc, reasons, WR_CHARGE_ADVISOR_MAX_REASONS, sizeof *reasons);
    return WRI_PASS(st);
}

wr_status wr_charge_advisor_odds(const wr_charge_advisor *advisor, int rank,
                                 wr_melee_phase_odds **out)
{
    if (advisor == NULL)
        return WRI_NULL(advisor);
    if (out == NULL)
        return WRI_NULL(out);
    const wr_charge_advisor *adv = advisor;
    wr_status st = check_rank(adv, rank);
    if (st != WR_OK)
        return WRI_PASS(st);
    if (!units_unchanged(adv))
        return WRI_FAIL(WR_ERR_STATE, "advisor", "units unchanged since the ranking");
    choice_phase c;
    make_choice(adv, adv->top[rank].option, &c);
    wr_melee_phase_odds *parts[MAXA] = {NULL};
    wri_po_ref units[WRI_PO_UNITS], fights[MAXA];
    const wr_melee_unit *seen[2 * MAXA];
    int n_units = 0;
    wri_po_scratch *s = wri_po_scratch_new(&adv->alloc);
    if (s == NULL)
        return WRI_NOMEM();
    for (int g = 0; g < c.n_groups && st == WR_OK; g++)
        st = group_odds(adv, &c, g, adv->params.max_rounds, s, &parts[g]);
    for (int f = 0; f < c.n && st == WR_OK; f++) {
        int g = c.group_of[f], m = 0;
        for (int h = 0; h < f; h++)
            m += c.group_of[h] == g;
        fights[f].part = g;
        fights[f].index = m;
        for (int i = 0; i < 2 && st == WR_OK; i++) {
            const wr_melee_unit *u = side_unit(&c, f, i);
            int known = 0;
            for (int v = 0; v < n_units; v++)
                known |= seen[v] == u;
            if (known)
                continue;
            seen[n_units] = u;
            units[n_units].part = g;
            for (int j = 0; j < parts[g]->n_units; j++)
                if (parts[g]->unit[j] == u)
                    units[n_units].index = j;
            n_units++;
        }
    }
    if (st == WR_OK)
        st = wri_po_combine((const wr_melee_phase_odds *const *)parts, units, n_units, fights, c.n,
                            &adv->alloc, out);
    for (int g = 0; g < MAXA; g++)
        wr_melee_phase_odds_free(parts[g]);
    wri_po_scratch_free(s);
    if (st == WR_ERR_NOMEM)
        return WRI_NOMEM();
    return WRI_PASS(st);
}
