/* Melee handles: profiles, hit charts, units, engagements and exact odds
   made, changed, fought, applied and freed in any order decoded from the
   input (the lifetimes the header asks for are kept: units before their
   profile, engagements before their units), with an allocator that fails
   when the input says so and morale models that return any odds. Checks: a
   failed call leaves its outputs and the handles as they were; results stay
   in their documented ranges; probabilities add up; every block is freed. */
#include <limits.h>
#include <stdlib.h>

#include "fuzz_alloc.h"
#include "fuzz_input.h"
#include "warrules/melee.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define SENT (-0x5A5A5A5)
#define NP 3
#define NC 2
#define NU 4
#define NE 3
#define E18 UINT64_C(1000000000000000000)

typedef struct model {
    wr_morale_odds odds;
    wr_status status;
} model;

static wr_status fixed_model(void *user, const wr_morale_test *test, wr_morale_odds *odds)
{
    const model *m = user;
    REQUIRE(test != NULL && odds != NULL && (test->side == 0 || test->side == 1));
    REQUIRE(test->figures >= 0 && test->lost >= 0 && test->enemy_lost >= 0 && test->round >= 1);
    if (m->status != WR_OK)
        return m->status;
    *odds = m->odds;
    return WR_OK;
}

typedef struct world {
    wr_profile *p[NP];
    wr_hit_chart *c[NC];
    wr_melee_unit *u[NU];
    int u_profile[NU];
    int u_chart[NU]; /* -1 for none */
    wr_engagement *e[NE];
    int e_unit[NE][2];
    model models[NE];
    wr_melee_round round[NE]; /* the last round fought, per engagement */
    int have_round[NE];
    wr_rng *rng;
    fuzz_alloc fa;
    int64_t budget; /* work left for this input: exact odds and Monte Carlo spend it */
} world;

/* Work for one input, so that the target runs at least 10,000 inputs a
   second: a unit is one move of mass in an exact-odds chain step; one
   figure's part of one simulated round costs eight. */
#define WORK_PER_INPUT 3000

/* Whether the work is within what is left; takes it when it is. */
static int spend(world *w, int64_t work)
{
    if (work > w->budget)
        return 0;
    w->budget -= work;
    return 1;
}

static int pick(fuzz_input *in, int n)
{
    return (int)((unsigned)fuzz_small(in, n) % (unsigned)n);
}

static int any_value(fuzz_input *in, int lim)
{
    return fuzz_small(in, 4) == 0 ? fuzz_int(in) : fuzz_small(in, lim);
}

static void free_engagement(world *w, int i)
{
    wr_engagement_free(w->e[i]);
    w->e[i] = NULL;
    w->have_round[i] = 0;
}

static void free_unit(world *w, int i)
{
    for (int e = 0; e < NE; e++)
        if (w->e[e] != NULL && (w->e_unit[e][0] == i || w->e_unit[e][1] == i))
            free_engagement(w, e);
    wr_melee_unit_free(w->u[i]);
    w->u[i] = NULL;
}

static void check_def(const wr_melee_unit_desc *d)
{
    REQUIRE(d->figures >= 0 && d->figures <= 100000 && d->files >= 1 && d->files <= 100000);
    REQUIRE(d->weapon_type >= 0 && d->weapon_type < WR_PROFILE_WEAPONS);
    REQUIRE(d->armour >= 0 && d->armour < WR_PROFILE_ARMOURS);
    REQUIRE(!(d->flags & ~WR_UNIT_ALL_FLAGS));
    if (d->kind != WR_UNIT_TROOPS)
        REQUIRE(d->figures <= 1 && d->files == 1);
}

static void check_wounds(const wr_wounds *w)
{
    REQUIRE(w->hits >= 0 && w->counted >= 0 && w->counted <= w->hits && w->serious >= 0 &&
            w->critical >= 0 && w->serious + w->critical <= w->counted);
    REQUIRE((w->unconscious == 0 || w->unconscious == 1) && (w->dead == 0 || w->dead == 1));
}

static void profile_ops(fuzz_input *in, world *w)
{
    int i = pick(in, NP), op = pick(in, 10);
    wr_allocator a;
    if (op == 0) {
        if (w->p[i] != NULL)
            return;
        wr_profile *out = (wr_profile *)&a;
        wr_status st;
        if (fuzz_small(in, 2) & 1)
            st = wr_profile_new_sample((wr_sample_profile)fuzz_small(in, 2), &out);
        else
            st = wr_profile_new_ex((wr_race)any_value(in, 64), fuzz_pick_alloc(in, &w->fa, &a), &out);
        if (st == WR_OK)
            w->p[i] = out;
        else
            REQUIRE(out == (wr_profile *)&a);
        return;
    }
    if (op == 1) {
        for (int u = 0; u < NU; u++)
            if (w->u[u] != NULL && w->u_profile[u] == i)
                free_unit(w, u);
        wr_profile_free(w->p[i]);
        w->p[i] = NULL;
        return;
    }
    wr_profile *p = w->p[i];
    if (p == NULL)
        return;
    int row = any_value(in, 16), col = any_value(in, 8), v = fuzz_shift(any_value(in, 200), -50);
    int got = SENT, got2 = SENT;
    wr_weapon reach = (wr_weapon)SENT;
    wr_status st;
    switch (op) {
    case 2: {
        int r = fuzz_small(in, 4), allowed = fuzz_small(in, 2);
        int old_allowed = SENT;
        wr_weapon old = (wr_weapon)SENT;
        int had = wr_profile_weapon(p, row, &old, &old_allowed) == WR_OK;
        st = wr_profile_set_weapon(p, row, (wr_weapon)r, allowed);
        if (wr_profile_weapon(p, row, &reach, &got) == WR_OK) {
            REQUIRE(had);
            if (st == WR_OK)
                REQUIRE((int)reach == r && got == (allowed != 0));
            else
                REQUIRE(reach == old && got == old_allowed);
        } else {
            REQUIRE(!had && st != WR_OK && (int)reach == SENT && got == SENT);
        }
        return;
    }
    case 3:
        st = wr_profile_set_bcp(p, row, col, v);
        if (wr_profile_bcp(p, row, col, &got) == WR_OK) {
            REQUIRE(got >= 0 && got <= 1000);
            if (st == WR_OK)
                REQUIRE(got == v);
        } else {
            REQUIRE(st != WR_OK && got == SENT);
        }
        return;
    case 4: {
        int m = fuzz_small(in, WR_MOD_COUNT);
        int before = SENT;
        (void)wr_profile_modifier(p, (wr_modifier)m, &before);
        st = wr_profile_set_modifier(p, (wr_modifier)m, v);
        if (wr_profile_modifier(p, (wr_modifier)m, &got) == WR_OK)
            REQUIRE(got == (st == WR_OK ? v : before) && got >= -1000 && got <= 1000);
        else
            REQUIRE(st == WR_ERR_INVALID && got == SENT);
        return;
    }
    case 5: {
        int race = any_value(in, 64), h = fuzz_small(in, 2);
        st = wr_profile_set_hated(p, (wr_race)race, h);
        if (wr_profile_hated(p, (wr_race)race, &got) == WR_OK)
            REQUIRE(st == WR_OK && got == (h != 0));
        else
            REQUIRE(st == WR_ERR_RANGE && got == SENT);
        return;
    }
    case 6: {
        int m = fuzz_small(in, WR_MORALE_COUNT);
        int before = SENT;
        (void)wr_profile_morale_modifier(p, (wr_morale_modifier)m, &before);
        st = wr_profile_set_morale_modifier(p, (wr_morale_modifier)m, v);
        if (wr_profile_morale_modifier(p, (wr_morale_modifier)m, &got) == WR_OK)
            REQUIRE(got == (st == WR_OK ? v : before));
        else
            REQUIRE(st == WR_ERR_INVALID && got == SENT);
        return;
    }
    case 7: {
        int before = SENT;
        REQUIRE(wr_profile_retire_band(p, &before) == WR_OK);
        st = wr_profile_set_retire_band(p, v);
        REQUIRE(wr_profile_retire_band(p, &got) == WR_OK && got == (st == WR_OK ? v : before));
        REQUIRE(got >= 0 && got <= 100);
        return;
    }
    default: {
        wr_race race = (wr_race)SENT;
        REQUIRE(wr_profile_race(p, &race) == WR_OK && (int)race >= 0 && (int)race <= WR_RACE_MAX);
        (void)got2;
        return;
    }
    }
}

static void chart_ops(fuzz_input *in, world *w)
{
    int i = pick(in, NC), op = pick(in, 5);
    wr_allocator a;
    if (op == 0) {
        if (w->c[i] != NULL)
            return;
        wr_hit_chart *out = (wr_hit_chart *)&a;
        wr_status st = wr_hit_chart_new_ex(fuzz_pick_alloc(in, &w->fa, &a), &out);
        if (st == WR_OK)
            w->c[i] = out;
        else
            REQUIRE(out == (wr_hit_chart *)&a);
        return;
    }
    if (op == 1) {
        for (int u = 0; u < NU; u++)
            if (w->u[u] != NULL && w->u_chart[u] == i) {
                REQUIRE(wr_melee_unit_set_hit_chart(w->u[u], NULL) == WR_OK);
                w->u_chart[u] = -1;
            }
        wr_hit_chart_free(w->c[i]);
        w->c[i] = NULL;
        return;
    }
    wr_hit_chart *c = w->c[i];
    if (c == NULL)
        return;
    if (op == 2) {
        int lo = fuzz_small(in, 100), hi = fuzz_shift(lo, fuzz_small(in, 40));
        wr_wound sev[4];
        for (int k = 0; k < 4; k++)
            sev[k] = (wr_wound)fuzz_small(in, 9);
        int complete = SENT;
        REQUIRE(wr_hit_chart_is_complete(c, &complete) == WR_OK);
        wr_status st = wr_hit_chart_add(c, lo, hi, any_value(in, 10), sev);
        if (st == WR_OK) {
            int loc = SENT;
            wr_wound wd = (wr_wound)SENT;
            REQUIRE(wr_hit_chart_lookup(c, lo, 1, &loc, &wd) == WR_OK && wd == sev[0]);
        } else {
            int now = SENT;
            REQUIRE(wr_hit_chart_is_complete(c, &now) == WR_OK && now == complete);
        }
        return;
    }
    int loc = SENT;
    wr_wound wd = (wr_wound)SENT;
    wr_status st = wr_hit_chart_lookup(c, fuzz_small(in, 100), fuzz_small(in, 4), &loc, &wd);
    if (st == WR_OK)
        REQUIRE(loc >= 0 && loc <= 1000000 && (int)wd >= 1 && (int)wd <= 8);
    else
        REQUIRE(loc == SENT && (int)wd == SENT);
}

/* Mostly a valid definition (so that engagements get made), sometimes wild. */
static wr_melee_unit_desc some_def(fuzz_input *in)
{
    wr_melee_unit_desc d = wr_melee_unit_desc_default();
    if (fuzz_small(in, 4) != 0) {
        d.kind = (wr_melee_unit_kind)(fuzz_small(in, 8) == 0 ? pick(in, 3) : WR_UNIT_TROOPS);
        d.figures = d.kind == WR_UNIT_TROOPS ? pick(in, 40) : 1;
        d.files = d.kind == WR_UNIT_TROOPS ? pick(in, 8) + 1 : 1;
        d.weapon_type = pick(in, 3);
        d.armour = pick(in, 8);
        d.troop_class = (wr_troop_class)pick(in, 4);
        d.flags = (unsigned)pick(in, 4) | (fuzz_small(in, 8) == 0 ? WR_UNIT_FLYING : 0u);
        d.morale = pick(in, 101);
        return d;
    }
    d.kind = (wr_melee_unit_kind)fuzz_small(in, 3);
    d.figures = any_value(in, 30);
    d.files = any_value(in, 8);
    d.weapon_type = fuzz_small(in, 16);
    d.armour = fuzz_small(in, 8);
    d.mount = (wr_mount)fuzz_small(in, 3);
    d.troop_class = (wr_troop_class)fuzz_small(in, 4);
    d.flags = (unsigned)fuzz_small(in, 64);
    d.morale = any_value(in, 100);
    d.legs = fuzz_small(in, 5);
    d.base_width_mm = any_value(in, 60);
    d.base_depth_mm = any_value(in, 60);
    return d;
}

static void unit_ops(fuzz_input *in, world *w)
{
    int i = pick(in, NU), op = pick(in, 12);
    wr_allocator a;
    if (op == 0) {
        int pi = pick(in, NP);
        if (w->u[i] != NULL || w->p[pi] == NULL)
            return;
        wr_melee_unit_desc d = some_def(in);
        wr_melee_unit *out = (wr_melee_unit *)&a;
        wr_status st = wr_melee_unit_new_ex(w->p[pi], &d, fuzz_pick_alloc(in, &w->fa, &a), &out);
        if (st != WR_OK) {
            REQUIRE(out == (wr_melee_unit *)&a);
            return;
        }
        wr_melee_unit_desc got;
        REQUIRE(wr_melee_unit_get(out, &got) == WR_OK && memcmp(&got, &d, sizeof d) == 0);
        check_def(&got);
        w->u[i] = out;
        w->u_profile[i] = pi;
        w->u_chart[i] = -1;
        return;
    }
    if (op == 1) {
        free_unit(w, i);
        return;
    }
    wr_melee_unit *u = w->u[i];
    if (u == NULL)
        return;
    wr_melee_unit_desc before;
    wr_wounds wb;
    REQUIRE(wr_melee_unit_get(u, &before) == WR_OK && wr_melee_unit_wounds(u, &wb) == WR_OK);
    check_def(&before);
    check_wounds(&wb);
    wr_status st = WR_OK;
    switch (op) {
    case 2:
        st = wr_melee_unit_set_figures(u, any_value(in, 30));
        break;
    case 3:
        st = wr_melee_unit_set_disordered(u, fuzz_small(in, 2));
        break;
    case 4: {
        int ci = pick(in, NC + 1) - 1;
        const wr_hit_chart *c = ci >= 0 ? w->c[ci] : NULL;
        REQUIRE(wr_melee_unit_set_hit_chart(u, c) == WR_OK);
        w->u_chart[i] = c != NULL ? ci : -1;
        return;
    }
    case 5: {
        wr_wounds nw = {any_value(in, 5), fuzz_small(in, 5), fuzz_small(in, 3), fuzz_small(in, 3),
                        fuzz_small(in, 2), fuzz_small(in, 2)};
        st = wr_melee_unit_set_wounds(u, &nw);
        if (st == WR_OK) {
            wr_wounds got;
            wr_melee_unit_desc d;
            REQUIRE(wr_melee_unit_wounds(u, &got) == WR_OK && memcmp(&got, &nw, sizeof nw) == 0);
            REQUIRE(wr_melee_unit_get(u, &d) == WR_OK && d.figures == (nw.dead ? 0 : 1));
            return;
        }
        break;
    }
    case 6: {
        int may = SENT;
        REQUIRE(wr_melee_unit_may_leave(u, &may) == WR_OK && (may == 0 || may == 1));
        return;
    }
    case 7:
    case 8: {
        wr_remains r = (wr_remains)SENT;
        wr_fall f = (wr_fall)SENT;
        int dir = SENT;
        if (op == 7)
            st = wr_dead_monster(u, fuzz_small(in, 2), fuzz_small(in, 8), &r, &f, &dir);
        else
            st = wr_dead_monster_rng(u, fuzz_small(in, 2), w->rng, &r, &f, &dir);
        if (st == WR_OK)
            REQUIRE((int)r >= 0 && (int)r <= 1 && (int)f >= 0 && (int)f <= 2 &&
                    (f == WR_FALL_TOPPLE ? (dir >= 1 && dir <= 8) : dir == 0));
        else
            REQUIRE((int)r == SENT && (int)f == SENT && dir == SENT);
        break;
    }
    default: { /* the sample morale model on this unit, any numbers */
        wr_morale_test t;
        memset(&t, 0, sizeof t);
        t.reason = (wr_morale_reason)fuzz_small(in, 3);
        t.side = fuzz_small(in, 2);
        t.round = any_value(in, 10);
        t.figures = any_value(in, 30);
        t.lost = any_value(in, 30);
        t.enemy_lost = any_value(in, 30);
        t.disordered = fuzz_small(in, 2);
        t.character_present = fuzz_small(in, 2);
        t.enemy_monster = fuzz_small(in, 2);
        t.unit = u;
        t.enemy = w->u[pick(in, NU)];
        wr_morale_odds o = {SENT, SENT, SENT};
        st = wr_morale_sample(NULL, &t, &o);
        if (st == WR_OK)
            REQUIRE(o.pass >= 0 && o.retire >= 0 && o.rout >= 0 &&
                    o.pass + o.retire + o.rout == 100);
        else
            REQUIRE(o.pass == SENT && o.retire == SENT && o.rout == SENT);
        return;
    }
    }
    wr_melee_unit_desc now;
    wr_wounds wn;
    REQUIRE(wr_melee_unit_get(u, &now) == WR_OK && wr_melee_unit_wounds(u, &wn) == WR_OK);
    check_def(&now);
    check_wounds(&wn);
    if (st != WR_OK)
        REQUIRE(memcmp(&now, &before, sizeof now) == 0 && memcmp(&wn, &wb, sizeof wn) == 0);
}

static void check_round(const wr_melee_round *r)
{
    for (int s = 0; s < 2; s++) {
        REQUIRE(r->figures_before[s] >= 0 && r->lost[s] >= 0 && r->lost[s] <= r->figures_before[s]);
        REQUIRE(r->strike[s].kills >= 0 && r->strike[s].hits >= r->strike[s].kills - 1);
        REQUIRE(r->n_wounds[s] >= 0);
        check_wounds(&r->wounds_after[s]);
    }
    REQUIRE(r->loser >= -1 && r->loser <= 1 && (int)r->end >= 0 && (int)r->end < WR_END_COUNT);
    REQUIRE(r->n_events >= 0 && r->n_events <= WR_ROUND_MAX_EVENTS);
    for (int k = 0; k < r->n_events; k++) {
        char buf[256];
        size_t len = 0;
        REQUIRE(wr_melee_event_text(&r->events[k], buf, sizeof buf, &len) == WR_OK);
    }
}

static int troops(const wr_melee_unit *u)
{
    wr_melee_unit_desc d;
    REQUIRE(wr_melee_unit_get(u, &d) == WR_OK);
    return d.kind == WR_UNIT_TROOPS;
}

static int unit_figures(const wr_melee_unit *u)
{
    wr_melee_unit_desc d;
    REQUIRE(wr_melee_unit_get(u, &d) == WR_OK);
    return d.figures;
}

static void check_odds(const wr_melee_odds *o, int f0, int f1)
{
    uint64_t sum = 0, p = 0;
    int exponent = SENT;
    REQUIRE(wr_melee_odds_exponent(o, &exponent) == WR_OK && exponent >= 0 && exponent <= 1800);
    for (int end = 0; end < WR_END_COUNT; end++) {
        REQUIRE(wr_melee_odds_end(o, (wr_melee_end)end, &p) == WR_OK && p <= E18);
        sum += p;
        size_t len = 0;
        REQUIRE(wr_melee_odds_end_exact(o, (wr_melee_end)end, NULL, 0, &len) == WR_ERR_RANGE ||
                len == 0);
        REQUIRE(len >= 1 && len <= (size_t)exponent + 2);
        char *buf = malloc(len + 1);
        REQUIRE(buf != NULL);
        size_t len2 = 0;
        REQUIRE(wr_melee_odds_end_exact(o, (wr_melee_end)end, buf, len + 1, &len2) == WR_OK &&
                len2 == len && strlen(buf) == len);
        REQUIRE(buf[0] == '0' || buf[0] == '1');
        free(buf);
    }
    REQUIRE(sum <= E18 && sum + WR_END_COUNT >= E18);
    const int start[2] = {f0, f1};
    for (int side = 0; side < 2; side++) {
        sum = 0;
        for (int f = 0; f <= start[side]; f++) {
            REQUIRE(wr_melee_odds_figures(o, side, f, &p) == WR_OK && p <= E18);
            sum += p;
            char buf[8];
            size_t len = 0;
            wr_status st = wr_melee_odds_figures_exact(o, side, f, buf, sizeof buf, &len);
            REQUIRE(st == WR_OK ? strlen(buf) == len : (st == WR_ERR_RANGE && len >= sizeof buf));
        }
        REQUIRE(sum <= E18 && sum + (uint64_t)start[side] + 1 >= E18);
        p = UINT64_MAX;
        REQUIRE(wr_melee_odds_figures(o, side, start[side] + 1, &p) == WR_ERR_RANGE &&
                p == UINT64_MAX);
    }
    p = UINT64_MAX;
    REQUIRE(wr_melee_odds_end(o, WR_END_COUNT, &p) == WR_ERR_INVALID && p == UINT64_MAX);
}

static void engagement_ops(fuzz_input *in, world *w)
{
    int i = pick(in, NE), op = pick(in, 12);
    wr_allocator a;
    if (op == 0) {
        int ua = pick(in, NU), ub = pick(in, NU);
        if (w->e[i] != NULL || w->u[ua] == NULL || w->u[ub] == NULL)
            return;
        wr_situation s;
        const int tame = fuzz_small(in, 4) != 0;
        for (int k = 0; k < 2; k++) {
            wr_melee_unit_desc d;
            REQUIRE(wr_melee_unit_get(w->u[k ? ub : ua], &d) == WR_OK);
            int most = d.files < d.figures ? d.files : d.figures;
            s.side[k].in_contact = tame ? pick(in, most + 1) : any_value(in, 8);
            s.side[k].charged = fuzz_small(in, 2);
            s.side[k].attacked_in = (wr_facing)fuzz_small(in, 3);
            s.side[k].cover = (wr_cover)fuzz_small(in, 4);
            s.side[k].character_present = fuzz_small(in, 2);
        }
        wr_engagement *out = (wr_engagement *)&a;
        wr_status st = wr_engagement_new_ex(w->u[ua], w->u[ub], &s, fuzz_pick_alloc(in, &w->fa, &a),
                                            &out);
        if (st != WR_OK) {
            REQUIRE(out == (wr_engagement *)&a);
            return;
        }
        REQUIRE(ua != ub);
        w->e[i] = out;
        w->e_unit[i][0] = ua;
        w->e_unit[i][1] = ub;
        w->have_round[i] = 0;
        if (fuzz_small(in, 2) & 1) {
            model *m = &w->models[i];
            m->odds.pass = fuzz_small(in, 100);
            m->odds.retire = fuzz_small(in, 100);
            /* fuzz_small() can return any int: the rest of 100 in 64 bits */
            long long rest = 100LL - m->odds.pass - m->odds.retire;
            m->odds.rout = fuzz_small(in, 2) ? (rest >= INT_MIN && rest <= INT_MAX ? (int)rest : INT_MIN)
                                             : fuzz_small(in, 100);
            m->status = fuzz_small(in, 8) == 0 ? (wr_status)fuzz_small(in, 7) : WR_OK;
            REQUIRE(wr_engagement_set_morale(out, fixed_model, m) == WR_OK);
        }
        return;
    }
    if (op == 1) {
        free_engagement(w, i);
        return;
    }
    wr_engagement *e = w->e[i];
    if (e == NULL)
        return;
    wr_melee_end end0 = (wr_melee_end)SENT;
    int rounds0 = SENT;
    REQUIRE(wr_engagement_status(e, &end0, &rounds0) == WR_OK);
    REQUIRE((int)end0 >= 0 && (int)end0 < WR_END_COUNT && rounds0 >= 0);
    const int f0 = unit_figures(w->u[w->e_unit[i][0]]), f1 = unit_figures(w->u[w->e_unit[i][1]]);
    wr_status st;
    switch (op) {
    case 2:
    case 3: {
        int side = fuzz_small(in, 2);
        wr_strike k;
        wr_kill_odds ko;
        memset(&k, 0x5A, sizeof k);
        memset(&ko, 0x5A, sizeof ko);
        wr_strike ks = k;
        wr_kill_odds kos = ko;
        st = wr_engagement_strike(e, side, &k);
        if (st == WR_OK)
            REQUIRE(k.mcp >= 0 && k.fighting >= 0 && k.fcp >= 0 && k.kills >= 0 &&
                    k.fighting_case >= 1 && k.fighting_case <= 7 && k.roll == 0);
        else
            REQUIRE(memcmp(&k, &ks, sizeof k) == 0);
        st = wr_engagement_kill_odds(e, side, &ko);
        if (st == WR_OK)
            REQUIRE(ko.percent[0] >= 0 && ko.percent[1] >= 0 && ko.percent[0] + ko.percent[1] == 100 &&
                    ko.kills[0] <= ko.kills[1] && ko.hits[0] <= ko.hits[1]);
        else
            REQUIRE(memcmp(&ko, &kos, sizeof ko) == 0);
        return;
    }
    case 4:
    case 5: {
        int rolls[64];
        size_t n = (size_t)pick(in, 64);
        for (size_t k = 0; k < n; k++)
            rolls[k] = fuzz_small(in, 100);
        size_t used = (size_t)-1;
        wr_melee_round *r = &w->round[i];
        if (op == 4) {
            st = wr_engagement_fight_rolls(e, n ? rolls : NULL, n, &used, r);
            if (st == WR_OK)
                REQUIRE(used <= n);
            else
                REQUIRE(used == (size_t)-1);
        } else {
            st = wr_engagement_fight_rng(e, w->rng, r);
        }
        if (st == WR_OK) {
            check_round(r);
            REQUIRE(r->figures_before[0] == f0 && r->figures_before[1] == f1);
            w->have_round[i] = 1;
        }
        break;
    }
    case 6: {
        if (!w->have_round[i])
            return;
        wr_melee_round *r = &w->round[i];
        if (fuzz_small(in, 4) == 0) { /* a damaged round */
            int field = pick(in, 4);
            int v = any_value(in, 40);
            if (field == 0)
                r->lost[pick(in, 2)] = v;
            else if (field == 1)
                r->n_wounds[pick(in, 2)] = v;
            else if (field == 2)
                r->round = v;
            else
                r->wounds_after[pick(in, 2)].hits = v;
        }
        st = wr_engagement_apply(e, r);
        if (st == WR_OK) {
            w->have_round[i] = 0;
            wr_melee_end end = (wr_melee_end)SENT;
            int rounds = SENT;
            REQUIRE(wr_engagement_status(e, &end, &rounds) == WR_OK && rounds == rounds0 + 1);
            REQUIRE(unit_figures(w->u[w->e_unit[i][0]]) >= 0);
        } else {
            REQUIRE(st == WR_ERR_STATE);
            REQUIRE(unit_figures(w->u[w->e_unit[i][0]]) == f0 &&
                    unit_figures(w->u[w->e_unit[i][1]]) == f1);
        }
        break;
    }
    case 7: {
        uint64_t counts[WR_END_COUNT];
        for (int k = 0; k < WR_END_COUNT; k++)
            counts[k] = UINT64_MAX;
        int trials = pick(in, 40) + (fuzz_small(in, 8) == 0 ? -1 : 1);
        int rounds = fuzz_shift(pick(in, 12), fuzz_small(in, 8) == 0 ? 990 : 0);
        if (!spend(w, (int64_t)rounds * trials * (f0 + f1 + 2) * 8))
            return;
        st = wr_engagement_simulate_rng(e, rounds, w->rng, trials, counts);
        uint64_t total = 0;
        for (int k = 0; k < WR_END_COUNT; k++)
            total += counts[k];
        if (st == WR_OK)
            REQUIRE(total == (uint64_t)trials);
        else
            for (int k = 0; k < WR_END_COUNT; k++)
                REQUIRE(counts[k] == UINT64_MAX);
        break;
    }
    case 8:
    case 9: {
        int rounds = pick(in, 4) + (fuzz_small(in, 8) == 0 ? 40 : 0);
        if (f0 > 60 || f1 > 60) {
            if (f0 <= 200 && f1 <= 200)
                return;
            rounds = 1; /* refused for the figures: cheap */
        } else {
            /* a chain step moves every (figures a, figures b) cell to every
               pair of kills: long chains only for small sides; a monster's
               or a character's wounds multiply the cells round by round
               (three rounds against 8 troops: 1 ms), so one */
            const int64_t a0 = f0 > 0 ? f0 + 1 : 1, a1 = f1 > 0 ? f1 + 1 : 1;
            const int64_t r = rounds > 0 ? rounds : 1;
            int all_troops = troops(w->u[w->e_unit[i][0]]) && troops(w->u[w->e_unit[i][1]]);
            if (!all_troops && r > 1)
                return;
            if (!spend(w, all_troops ? a0 * a1 * a0 * a1 * r : WORK_PER_INPUT / 2))
                return;
        }
        wr_melee_odds *o = (wr_melee_odds *)&a;
        st = wr_melee_odds_new_ex(e, rounds, fuzz_pick_alloc(in, &w->fa, &a), &o);
        if (st != WR_OK) {
            REQUIRE(o == (wr_melee_odds *)&a);
            break;
        }
        const int s0 = f0 > 0 ? f0 : 0, s1 = f1 > 0 ? f1 : 0;
        check_odds(o, s0, s1);
        wr_melee_odds_free(o);
        break;
    }
    default: {
        int m = pick(in, 2);
        REQUIRE(wr_engagement_set_morale(e, m ? fixed_model : NULL, &w->models[i]) == WR_OK);
        return;
    }
    }
    wr_melee_end end = (wr_melee_end)SENT;
    int rounds = SENT;
    REQUIRE(wr_engagement_status(e, &end, &rounds) == WR_OK);
    if (op != 6 || st != WR_OK)
        REQUIRE(end == end0 && rounds == rounds0);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_input in = {data, size, 0};
    static world w; /* the round records are large */
    memset(&w, 0, sizeof w);
    w.fa.countdown = -1;
    w.budget = WORK_PER_INPUT;
    for (int u = 0; u < NU; u++)
        w.u_chart[u] = -1;
    if (wr_rng_new(fuzz_u64(&in), &w.rng) != WR_OK)
        return 0;
    /* a starting position the operations change: the two sample profiles,
       a complete sample hit chart, two troop units and an engagement */
    if (wr_profile_new_sample(WR_SAMPLE_DWARF_VETERANS, &w.p[0]) != WR_OK ||
        wr_profile_new_sample(WR_SAMPLE_ORC_URUCKS, &w.p[1]) != WR_OK ||
        wr_hit_chart_new(&w.c[0]) != WR_OK)
        __builtin_trap();
    const wr_wound body[4] = {WR_WOUND_NICKED, WR_WOUND_LIGHT, WR_WOUND_SERIOUS, WR_WOUND_CRITICAL};
    const wr_wound head[4] = {WR_WOUND_STUNNED, WR_WOUND_BLINDED, WR_WOUND_UNCONSCIOUS,
                              WR_WOUND_KILLED};
    REQUIRE(wr_hit_chart_add(w.c[0], 1, 50, 1, body) == WR_OK);
    REQUIRE(wr_hit_chart_add(w.c[0], 51, 100, 2, head) == WR_OK);
    for (int k = 0; k < 2; k++) {
        wr_melee_unit_desc d = wr_melee_unit_desc_default();
        d.figures = pick(&in, 20) + 1;
        d.files = pick(&in, 5) + 1;
        d.weapon_type = k ? WR_WEAPON_POLEARM : WR_WEAPON_SPEAR;
        d.armour = WR_SAMPLE_ARMOUR_CHAINMAIL;
        REQUIRE(wr_melee_unit_new(w.p[k], &d, &w.u[k]) == WR_OK);
        w.u_profile[k] = k;
    }
    wr_situation s;
    memset(&s, 0, sizeof s);
    s.side[0].charged = pick(&in, 2);
    s.side[0].in_contact = 1;
    s.side[1].in_contact = 1;
    REQUIRE(wr_engagement_new(w.u[0], w.u[1], &s, &w.e[0]) == WR_OK);
    w.e_unit[0][0] = 0;
    w.e_unit[0][1] = 1;
    wr_melee_unit_desc md = wr_melee_unit_desc_default();
    md.kind = pick(&in, 2) ? WR_UNIT_MONSTER : WR_UNIT_CHARACTER;
    REQUIRE(wr_melee_unit_new(w.p[1], &md, &w.u[2]) == WR_OK);
    REQUIRE(wr_melee_unit_set_hit_chart(w.u[2], w.c[0]) == WR_OK);
    w.u_profile[2] = 1;
    w.u_chart[2] = 0;
    s.side[1].in_contact = 1;
    REQUIRE(wr_engagement_new(w.u[0], w.u[2], &s, &w.e[1]) == WR_OK);
    w.e_unit[1][0] = 0;
    w.e_unit[1][1] = 2;
    for (int steps = 0; steps < 64 && fuzz_more(&in); steps++) {
        int op = pick(&in, 8);
        if (getenv("FUZZ_TRACE") != NULL)
            fprintf(stderr, "step %d: family %d\n", steps, op);
        if (op == 0)
            profile_ops(&in, &w);
        else if (op == 1)
            chart_ops(&in, &w);
        else if (op < 4)
            unit_ops(&in, &w);
        else
            engagement_ops(&in, &w);
    }
    for (int e = 0; e < NE; e++)
        free_engagement(&w, e);
    for (int u = 0; u < NU; u++)
        free_unit(&w, u);
    for (int c = 0; c < NC; c++)
        wr_hit_chart_free(w.c[c]);
    for (int p = 0; p < NP; p++)
        wr_profile_free(w.p[p]);
    wr_rng_free(w.rng);
    REQUIRE(w.fa.live == 0);
    return 0;
}
