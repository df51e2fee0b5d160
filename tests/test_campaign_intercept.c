/* Where forces meet (wr_planner_intercept(), wr_planner_danger()): worked
   cases, then random maps, states and enemies against an oracle written
   here from the day-by-day rules, which moves both forces a day at a time
   and does not call the planner; every plan replayed with wr_force_move(),
   wr_force_rally(), wr_force_end_day() and wr_force_contact(). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "warrules/campaign.h"

#include "fixtures.h"

/* ------------------------------------------------------------------------ */
/* The oracle. Day by day from the force's start state, as the rules say:
   each day the force has its daily points and what it saved; it enters a
   hex when it has the points (wr_map_moves() gives the moves and their
   costs); at night it keeps its points when it moved that day or presses
   towards a move it cannot afford, else loses them; whole-day crossings and
   rally days start in the morning of a day without movement; a rally day
   makes it formed at the end of its move; a crossing leaves it on the far
   bank (a node of its own, standing for the near hex) at the end of its
   last day, from where it pays the far hex's entry. The enemy stands in its
   positions and enters them on their days. A day is the two moves in the
   order asked; contact is checked as each force enters a hex and, in the
   enemy's move, against every hex the force may stand in: standing since
   the morning, ended its own move in, rallying, or crossing from. A force
   in contact moves no further (that branch ends). */

typedef struct crossing_run {
    int d0, days;
    int32_t near, bank;
    int f;
    unsigned flags;
    int dead;
} crossing_run;

typedef struct oracle {
    const wr_map *map;
    int32_t n, total;
    int P, unformed_ok, formed_only, maxstep;
    int *count;
    wr_plan_edge *edges; /* total x WR_PLAN_MAX_EDGES */
    int32_t *bank;       /* by edge: the far bank of a whole-day move */
    int32_t *near;       /* by node: the hex it stands for */
    unsigned char *meets; /* n x n */
    const int32_t *enode, *eday;
    size_t en;
    int enemy_first;
} oracle;

typedef struct omoment {
    int day, move; /* day -1: none */
    long long within;
} omoment;

typedef struct oracle_out {
    omoment *m;  /* by hex: the earliest contact */
    int *nr;     /* non-rallied at it: 0 when some branch meets formed */
    omoment *mf; /* by hex: the earliest formed contact */
    int *day_formed, *pts_formed, *day_any, *pts_any; /* arrivals (no enemy) */
} oracle_out;

static int meets_hexes(const wr_map *m, int meeting, int32_t a, int32_t b)
{
    if (a == b)
        return 1;
    if (meeting == WR_MEETING_SAME_HEX)
        return 0;
    wr_hex ha, hb;
    int dist = 0, dir = 0;
    OK(wr_map_hex(m, a, &ha));
    OK(wr_map_hex(m, b, &hb));
    OK(wr_hex_distance(ha, hb, &dist));
    if (dist != 1)
        return 0;
    if (meeting == WR_MEETING_ADJACENT)
        return 1;
    wr_hexside sd;
    OK(wr_hex_direction(ha, hb, &dir));
    OK(wr_map_hexside(m, ha, dir, &sd));
    return sd.river == WR_NO_RIVER;
}

static void oracle_build(oracle *o, const wr_map *m, const wr_plan_params *p,
                         const uint8_t *hexes, const uint8_t *sides, int meeting, int formed_only)
{
    int w = 0, h = 0;
    OK(wr_map_size(m, &w, &h));
    memset(o, 0, sizeof *o);
    o->map = m;
    o->n = w * h;
    o->P = p->costs.daily_points;
    o->unformed_ok = (p->options & WR_PLAN_UNFORMED) != 0;
    o->formed_only = formed_only;
    size_t cap = (size_t)o->n * (1u + WR_PLAN_MAX_EDGES);
    o->count = calloc(cap, sizeof *o->count);
    o->edges = calloc(cap * WR_PLAN_MAX_EDGES, sizeof *o->edges);
    o->bank = calloc(cap * WR_PLAN_MAX_EDGES, sizeof *o->bank);
    o->near = calloc(cap, sizeof *o->near);
    o->meets = calloc((size_t)o->n * (size_t)o->n, 1);
    o->maxstep = 1;
    o->total = o->n;
    for (int32_t i = 0; i < o->n; i++) {
        wr_hex hx;
        size_t c = 0;
        o->near[i] = i;
        for (int32_t j = 0; j < o->n; j++)
            o->meets[(size_t)i * (size_t)o->n + (size_t)j] = (unsigned char)meets_hexes(m, meeting, i, j);
        OK(wr_map_hex(m, i, &hx));
        wr_plan_edge all[WR_PLAN_MAX_EDGES];
        OK(wr_map_moves(m, p, hx, all, WR_PLAN_MAX_EDGES, &c));
        int k = 0;
        for (size_t j = 0; j < c; j++) {
            const wr_plan_edge *e = &all[j];
            wr_hex to;
            int dir = 0;
            int32_t sidx = 0;
            OK(wr_map_hex(m, e->to, &to));
            OK(wr_hex_direction(hx, to, &dir));
            OK(wr_map_hexside_index(m, hx, dir, &sidx));
            if ((hexes && (hexes[e->to / 8] >> (e->to % 8) & 1)) ||
                (sides && (sides[sidx / 8] >> (sidx % 8) & 1)))
                continue; /* blocked for this query */
            if (e->points > o->maxstep)
                o->maxstep = e->points;
            size_t at = (size_t)i * WR_PLAN_MAX_EDGES + (size_t)k;
            o->edges[at] = *e;
            if (e->days > 0) { /* the far bank, with its one move into the hex */
                int32_t b = o->total++;
                wr_plan_edge entry = {e->to, e->points, 0, e->flags};
                o->edges[(size_t)b * WR_PLAN_MAX_EDGES] = entry;
                o->count[b] = 1;
                o->near[b] = i;
                o->bank[at] = b;
            }
            k++;
        }
        o->count[i] = k;
    }
}

static void oracle_free(oracle *o)
{
    free(o->count);
    free(o->edges);
    free(o->bank);
    free(o->near);
    free(o->meets);
}

static int oracle_meets(const oracle *o, int32_t node, int32_t enemy)
{
    return o->meets[(size_t)o->near[node] * (size_t)o->n + (size_t)enemy];
}

/* The enemy's hex after its moves of the days up to x. */
static int32_t enemy_at(const oracle *o, long long x)
{
    size_t k = 0;
    for (size_t i = 0; i < o->en; i++)
        if (o->eday[i] <= x)
            k = i;
    return o->enode[k];
}

static int omoment_less(const omoment *a, const omoment *b)
{
    if (b->day < 0)
        return a->day >= 0;
    if (a->day < 0)
        return 0;
    if (a->day != b->day)
        return a->day < b->day;
    if (a->move != b->move)
        return a->move < b->move;
    return a->within < b->within;
}

static int omoment_same(const omoment *a, const omoment *b)
{
    return a->day == b->day && a->move == b->move && a->within == b->within;
}

static void record(oracle_out *out, int32_t hex, int day, int move, long long within, int nr)
{
    omoment c = {day, move, within};
    if (omoment_less(&c, &out->m[hex])) {
        out->m[hex] = c;
        out->nr[hex] = nr;
    } else if (omoment_same(&c, &out->m[hex]) && nr < out->nr[hex]) {
        out->nr[hex] = nr;
    }
    if (!nr && omoment_less(&c, &out->mf[hex]))
        out->mf[hex] = c;
}

/* May state (formation f) take move e? */
static int oracle_allows(const oracle *o, int f, const wr_plan_edge *e)
{
    const int needs = (e->flags & WR_STEP_UNFORMED) != 0;
    if (o->formed_only)
        return !f && !needs;
    return !(needs && !f && !o->unformed_ok);
}

static void oracle_run(const oracle *o, int32_t src, const wr_force_state *fs, int dmax,
                       oracle_out *out)
{
    const int P = o->P;
    const int D = fs->day, f0 = fs->unformed;
    const int A = P + fs->points_saved - fs->points_spent;
    const int moved0 = fs->points_spent > 0 || fs->unformed_today;
    const int pmax = (P + o->maxstep + 1 > A + 1) ? P + o->maxstep + 1 : A + 1;
    const size_t nst = (size_t)o->total * 2 * (size_t)pmax;
    const int own = o->enemy_first ? 1 : 0, enemy_move = 1 - own;
    const int contact = o->en > 0;
#define IX(h, f, p) ((((size_t)(h)) * 2 + (size_t)(f)) * (size_t)pmax + (size_t)(p))
    unsigned char *start = calloc(nst, 1), *moved = calloc(nst, 1), *nstart = calloc(nst, 1);
    unsigned char *rallied = calloc((size_t)o->n, 1);
    size_t *stack = malloc(nst * sizeof *stack);
    size_t run_cap = 1024, runs = 0;
    crossing_run *run = malloc(run_cap * sizeof *run);
    for (int32_t i = 0; i < o->n; i++) {
        omoment none = {-1, 0, 0};
        out->m[i] = none;
        out->mf[i] = none;
        out->nr[i] = 1;
        out->day_formed[i] = out->day_any[i] = -1;
        out->pts_formed[i] = out->pts_any[i] = 0;
    }
    if (!moved0)
        start[IX(src, f0, A)] = 1;
    for (int d = D; d <= dmax; d++) {
        memset(moved, 0, nst);
        memset(rallied, 0, (size_t)o->n);
        if (d == D && moved0)
            moved[IX(src, f0, A)] = 1;
        /* crossings whose last day was yesterday: on the far bank this morning */
        for (size_t r = 0; r < runs; r++)
            if (!run[r].dead && run[r].d0 + run[r].days == d)
                start[IX(run[r].bank, run[r].f, P)] = 1;

        /* the enemy's move when it moves first (it has made the start day's) */
        if (contact && o->enemy_first && d > D) {
            for (size_t i = 1; i < o->en; i++) {
                if (o->eday[i] != d)
                    continue;
                for (size_t s = 0; s < nst; s++) {
                    if (!start[s])
                        continue;
                    int32_t h = (int32_t)(s / (size_t)pmax / 2);
                    int f = (int)((s / (size_t)pmax) % 2);
                    if (oracle_meets(o, h, o->enode[i])) {
                        record(out, o->near[h], d, enemy_move, (long long)i, f);
                        start[s] = 0;
                    }
                }
                for (size_t r = 0; r < runs; r++) {
                    crossing_run *c = &run[r];
                    if (c->dead || d < c->d0 + 1 || d > c->d0 + c->days - 1)
                        continue;
                    if (oracle_meets(o, c->near, o->enode[i])) {
                        int left = c->days - (d - c->d0);
                        record(out, c->near, d, enemy_move, (long long)i,
                               (c->flags & WR_STEP_RAFTS) && left != 1 ? c->f : 1);
                        c->dead = 1;
                    }
                }
            }
        }

        /* the force's own move */
        const int32_t target = contact ? enemy_at(o, o->enemy_first ? d : d - 1) : -1;
        size_t sp = 0;
        for (size_t s = 0; s < nst; s++) {
            if (!start[s] && !moved[s])
                continue;
            int32_t h = (int32_t)(s / (size_t)pmax / 2);
            int f = (int)((s / (size_t)pmax) % 2);
            int p = (int)(s % (size_t)pmax);
            if (contact && oracle_meets(o, h, target)) {
                record(out, o->near[h], d, own, (long long)d * P - p, f);
                start[s] = 0;
                moved[s] = 0;
                continue;
            }
            stack[sp++] = s;
        }
        /* whole-day moves and rally days from the morning's states */
        for (int32_t h = 0; h < o->n; h++) {
            for (int f = 0; f < 2; f++) {
                int any = 0;
                for (int p = 0; p < pmax; p++)
                    any |= start[IX(h, f, p)];
                if (!any)
                    continue;
                if (f == 1)
                    rallied[h] = 1;
                for (int k = 0; k < o->count[h]; k++) {
                    const wr_plan_edge *e = &o->edges[(size_t)h * WR_PLAN_MAX_EDGES + (size_t)k];
                    if (e->days == 0 || !oracle_allows(o, f, e))
                        continue;
                    if (runs == run_cap) {
                        run_cap *= 2;
                        run = realloc(run, run_cap * sizeof *run);
                    }
                    crossing_run c = {d, e->days, h, o->bank[(size_t)h * WR_PLAN_MAX_EDGES + (size_t)k],
                                      f, e->flags, 0};
                    run[runs++] = c;
                }
            }
        }
        while (sp > 0) {
            size_t s = stack[--sp];
            int p = (int)(s % (size_t)pmax);
            int f = (int)((s / (size_t)pmax) % 2);
            int32_t h = (int32_t)(s / (size_t)pmax / 2);
            for (int k = 0; k < o->count[h]; k++) {
                const wr_plan_edge *e = &o->edges[(size_t)h * WR_PLAN_MAX_EDGES + (size_t)k];
                if (e->days != 0 || e->points > p || !oracle_allows(o, f, e))
                    continue;
                int nf = (f || (e->flags & WR_STEP_UNFORMED)) ? 1 : 0;
                size_t t = IX(e->to, nf, p - e->points);
                if (moved[t])
                    continue;
                if (contact && oracle_meets(o, e->to, target)) {
                    record(out, e->to, d, own, (long long)d * P - (p - e->points), nf);
                    continue;
                }
                moved[t] = 1;
                stack[sp++] = t;
            }
        }

        /* the enemy's move when it moves second; a rallying force is still
           unformed in it */
        if (contact && !o->enemy_first) {
            for (size_t i = 1; i < o->en; i++) {
                if (o->eday[i] != d)
                    continue;
                for (size_t s = 0; s < nst; s++) {
                    if (!start[s] && !moved[s])
                        continue;
                    int32_t h = (int32_t)(s / (size_t)pmax / 2);
                    int f = (int)((s / (size_t)pmax) % 2);
                    if (oracle_meets(o, h, o->enode[i])) {
                        record(out, o->near[h], d, enemy_move, (long long)i, f);
                        start[s] = 0;
                        moved[s] = 0;
                    }
                }
                for (int32_t h = 0; h < o->n; h++) {
                    if (rallied[h] && oracle_meets(o, h, o->enode[i])) {
                        record(out, h, d, enemy_move, (long long)i, 1);
                        rallied[h] = 0;
                    }
                }
                for (size_t r = 0; r < runs; r++) {
                    crossing_run *c = &run[r];
                    if (c->dead || d < c->d0 || d > c->d0 + c->days - 1)
                        continue;
                    if (oracle_meets(o, c->near, o->enode[i])) {
                        int left = c->days - (d - c->d0);
                        record(out, c->near, d, enemy_move, (long long)i,
                               (c->flags & WR_STEP_RAFTS) && left != 1 ? c->f : 1);
                        c->dead = 1;
                    }
                }
            }
        }
        /* the rally days end: formed, no points */
        for (int32_t h = 0; h < o->n; h++)
            if (rallied[h])
                moved[IX(h, 0, 0)] = 1;

        /* arrivals of the day */
        for (int32_t h = 0; h < o->n; h++) {
            for (int f = 0; f < 2; f++) {
                int bp = -1;
                for (int p = 0; p < pmax; p++)
                    if (moved[IX(h, f, p)] || start[IX(h, f, p)])
                        bp = p;
                if (bp < 0)
                    continue;
                if (f == 0 && out->day_formed[h] < 0) {
                    out->day_formed[h] = d;
                    out->pts_formed[h] = bp;
                }
                if (out->day_any[h] < 0 || (out->day_any[h] == d && bp > out->pts_any[h])) {
                    out->day_any[h] = d;
                    out->pts_any[h] = bp;
                }
            }
        }
        /* the night */
        memset(nstart, 0, nst);
        for (int32_t h = 0; h < o->total; h++) {
            for (int f = 0; f < 2; f++) {
                for (int p = 0; p < pmax; p++) {
                    if (moved[IX(h, f, p)]) {
                        int c = p + P < pmax ? p + P : pmax - 1;
                        nstart[IX(h, f, c)] = 1;
                    }
                    if (start[IX(h, f, p)]) {
                        int pressing = 0;
                        for (int k = 0; k < o->count[h]; k++) {
                            const wr_plan_edge *e = &o->edges[(size_t)h * WR_PLAN_MAX_EDGES + (size_t)k];
                            pressing |= e->days == 0 && e->points > p && oracle_allows(o, f, e);
                        }
                        int c = pressing ? (p + P < pmax ? p + P : pmax - 1) : P;
                        nstart[IX(h, f, c)] = 1;
                    }
                }
            }
        }
        unsigned char *tmp = start;
        start = nstart;
        nstart = tmp;
    }
#undef IX
    free(start);
    free(moved);
    free(nstart);
    free(rallied);
    free(stack);
    free(run);
}

static void out_alloc(oracle_out *out, int32_t n)
{
    out->m = calloc((size_t)n, sizeof *out->m);
    out->mf = calloc((size_t)n, sizeof *out->mf);
    out->nr = calloc((size_t)n, sizeof *out->nr);
    out->day_formed = calloc((size_t)n, sizeof(int));
    out->pts_formed = calloc((size_t)n, sizeof(int));
    out->day_any = calloc((size_t)n, sizeof(int));
    out->pts_any = calloc((size_t)n, sizeof(int));
}

static void out_free(oracle_out *out)
{
    free(out->m);
    free(out->mf);
    free(out->nr);
    free(out->day_formed);
    free(out->pts_formed);
    free(out->day_any);
    free(out->pts_any);
}

/* ------------------------------------------------------------------------ */
/* Checking a result: its plan replayed, and its contact found again by
   walking the plan's steps against the enemy's positions day by day. */

/* The enemy's track of a result: its positions, or its plan's steps. */
typedef struct track {
    int32_t *node, *day;
    size_t n;
} track;

static void track_of(const wr_map *m, const wr_force_desc *e, const wr_intercept_result *r, track *t)
{
    if (e->positions != NULL) {
        t->n = e->position_count;
        t->node = malloc(t->n * sizeof *t->node);
        t->day = malloc(t->n * sizeof *t->day);
        for (size_t i = 0; i < t->n; i++) {
            OK(wr_map_index(m, e->positions[i].hex, &t->node[i]));
            t->day[i] = e->positions[i].day;
        }
    } else if (r->enemy_plan.outcome == WR_PLAN_FOUND) {
        t->n = r->enemy_plan.route.step_count;
        t->node = malloc(t->n * sizeof *t->node);
        t->day = malloc(t->n * sizeof *t->day);
        for (size_t i = 0; i < t->n; i++) {
            t->node[i] = r->enemy_plan.route.steps[i].node;
            t->day[i] = r->enemy_plan.route.steps[i].day;
        }
    } else {
        t->n = 1;
        t->node = malloc(sizeof *t->node);
        t->day = malloc(sizeof *t->day);
        OK(wr_map_index(m, e->from, &t->node[0]));
        t->day[0] = e->query && e->query->start ? e->query->start->day : 1;
    }
}

static void track_free(track *t)
{
    free(t->node);
    free(t->day);
}

static int32_t track_at(const track *t, long long x)
{
    size_t k = 0;
    for (size_t i = 0; i < t->n; i++)
        if (t->day[i] <= x)
            k = i;
    return (int32_t)k;
}

/* The first contact of the plan's route (then waiting in its last hex) with
   the enemy: its moment and the force's hex. */
static void first_contact(const wr_map *m, int meeting, int enemy_first, const wr_plan_result *r,
                          const wr_force_state *start, int P, const track *t, int last_day,
                          omoment *at, int32_t *hex)
{
    const wr_route *rt = &r->route;
    const int own = enemy_first ? 1 : 0, enemy_move = 1 - own;
    at->day = -1;
    for (int d = start->day; d <= last_day; d++) {
        /* where the force stands at the start of the day, and after its move */
        int32_t before = rt->steps[0].node, after = rt->steps[0].node;
        for (size_t i = 0; i < rt->step_count; i++) {
            if (rt->steps[i].day < d)
                before = rt->steps[i].node;
            if (rt->steps[i].day <= d)
                after = rt->steps[i].node;
        }
        for (int move = 0; move < 2; move++) {
            if (move == own) {
                int32_t e = t->node[track_at(t, enemy_first ? d : d - 1)];
                for (size_t i = 0; i < rt->step_count; i++) {
                    const wr_step *s = &rt->steps[i];
                    if ((i > 0 && s->day != d) || (i == 0 && d != start->day) ||
                        (s->flags & WR_STEP_RALLY))
                        continue;
                    if (meets_hexes(m, meeting, s->node, e)) {
                        at->day = d;
                        at->move = own;
                        at->within = (long long)d * P - s->points_left;
                        *hex = s->node;
                        return;
                    }
                }
            } else if (!(enemy_first && d == start->day)) {
                int32_t here = enemy_first ? before : after;
                for (size_t i = 1; i < t->n; i++) {
                    if (t->day[i] == d && meets_hexes(m, meeting, here, t->node[i])) {
                        at->day = d;
                        at->move = enemy_move;
                        at->within = (long long)i;
                        *hex = here;
                        return;
                    }
                }
            }
        }
    }
}

/* The result's plan replayed, the state at contact, and the contact found
   again along the plan's route. */
static void check_result(const wr_map *m, const wr_plan_params *p, const wr_force_state *s0,
                         const wr_intercept_params *how, const wr_intercept_result *r,
                         const track *t)
{
    const int P = p->costs.daily_points;
    assert_int_equal(r->outcome, WR_INTERCEPT_FOUND);
    const wr_route *rt = &r->plan.route;
    assert_true(rt->step_count >= 1);
    wr_hex last = rt->steps[rt->step_count - 1].hex;
    assert_int_equal(last.q, r->hex.q);
    assert_int_equal(last.r, r->hex.r);
    assert_true(r->enemy_index >= 0 && (size_t)r->enemy_index < t->n);
    wr_hex eh;
    OK(wr_map_hex(m, t->node[r->enemy_index], &eh));
    assert_int_equal(eh.q, r->enemy_hex.q);
    assert_int_equal(eh.r, r->enemy_hex.r);
    wr_plan_query q0;
    memset(&q0, 0, sizeof q0);
    q0.start = s0;
    (void)replay_plan(m, p, &q0, &r->plan, s0, 0); /* reaches the predicted arrival */
    wr_force_state f = r->plan.arrival;
    int lost = 0, nr = 0;
    assert_true(f.day <= r->day);
    while (f.day < r->day)
        OK(wr_force_end_day(&f, P, 1, 0, 2, &lost));
    OK(wr_force_contact(&f, P, &nr));
    assert_memory_equal(&f, &r->contact, sizeof f);
    assert_int_equal(nr, r->non_rallied);
    if (how->objective & WR_INTERCEPT_FORMED)
        assert_int_equal(r->non_rallied, 0);
    omoment at;
    int32_t hex = -1;
    first_contact(m, how->meeting, how->order == WR_DAY_ENEMY_FIRST, &r->plan, s0, P, t, r->day,
                  &at, &hex);
    const int own = how->order == WR_DAY_ENEMY_FIRST ? 1 : 0;
    if (at.day != r->day || at.move != (r->during_own_move ? own : 1 - own))
        fail_msg("the plan meets the enemy on day %d move %d, the result says day %d (own %d)",
                 at.day, at.move, r->day, r->during_own_move);
    int32_t want = -1;
    OK(wr_map_index(m, r->hex, &want));
    assert_int_equal(hex, want);
    if (!r->during_own_move)
        assert_int_equal(at.within, r->enemy_index);
}

/* ------------------------------------------------------------------------ */
/* Worked cases */

/* A row of clear hexes, width x 1. */
static wr_map *row(int width)
{
    wr_map *m = NULL;
    OK(wr_map_new(width, 1, &m));
    return m;
}

static wr_force_desc positions_of(const wr_force_position *pos, size_t n)
{
    wr_force_desc e;
    memset(&e, 0, sizeof e);
    e.positions = pos;
    e.position_count = n;
    return e;
}

static wr_intercept_params meeting(int objective, int meet, int order)
{
    wr_intercept_params how;
    memset(&how, 0, sizeof how);
    how.objective = objective;
    how.meeting = meet;
    how.order = order;
    return how;
}

/* Infantry (12 points, clear 6: two hexes a day) from col 0 against an
   enemy coming the other way along a row of 12 clear hexes, two hexes a day
   from col 11 on day 1. */
static const wr_force_position head_on_track[10] = {
    {{11, 0}, 1}, {{10, 0}, 1}, {{9, 0}, 1}, {{8, 0}, 2}, {{7, 0}, 2},
    {{6, 0}, 3},  {{5, 0}, 3},  {{4, 0}, 4}, {{3, 0}, 4}, {{2, 0}, 5}};

static wr_intercept_result head_on(wr_planner *pl, int meet, int order)
{
    wr_map *m = row(12);
    const wr_plan_params p = params_for(WR_MOVER_INFANTRY);
    const wr_force_desc e = positions_of(head_on_track, 10);
    const wr_intercept_params how = meeting(WR_INTERCEPT_EARLIEST, meet, order);
    wr_intercept_result r;
    OK(wr_planner_intercept(pl, m, &p, NULL, O(0, 0), &e, &how, &r));
    assert_int_equal(r.outcome, WR_INTERCEPT_FOUND);
    wr_map_free(m);
    return r;
}

/* The enemy moves first: day 1 it ends in col 9, the force in col 2; day 2
   the enemy ends in col 7, the force in col 4; day 3 the enemy enters col 6
   and col 5, then the force enters col 5; contact takes its day's points. */
static void head_on_in_one_hex_when_the_enemy_moves_first(void **state)
{
    wr_intercept_result r = head_on(*state, WR_MEETING_SAME_HEX, WR_DAY_ENEMY_FIRST);
    assert_int_equal(r.day, 3);
    assert_int_equal(r.during_own_move, 1);
    assert_int_equal(r.hex.q, O(5, 0).q);
    assert_int_equal(r.enemy_index, 6);
    assert_int_equal(r.enemy_hex.q, O(5, 0).q);
    assert_int_equal(r.plan.route.step_count, 6);
    assert_int_equal(r.non_rallied, 0);
    assert_int_equal(r.contact.day, 3);
    assert_int_equal(r.contact.points_spent, 12);
    assert_int_equal(r.contact.points_saved, 0);
}

/* Neighbours meet: day 3 the enemy enters col 5 next to the force standing
   in col 4 since day 2. */
static void head_on_in_neighbouring_hexes(void **state)
{
    wr_intercept_result r = head_on(*state, WR_MEETING_ADJACENT, WR_DAY_ENEMY_FIRST);
    assert_int_equal(r.day, 3);
    assert_int_equal(r.during_own_move, 0);
    assert_int_equal(r.enemy_index, 6);
    assert_int_equal(r.hex.q, O(4, 0).q);
    assert_int_equal(r.contact.day, 3);
}

/* The force moves first: day 2 it reaches col 4, then the enemy ends in col
   7; day 3 the force enters col 5, then col 6, next to col 7. */
static void head_on_in_neighbouring_hexes_moving_first(void **state)
{
    wr_intercept_result r = head_on(*state, WR_MEETING_ADJACENT, WR_DAY_OWN_FIRST);
    assert_int_equal(r.day, 3);
    assert_int_equal(r.during_own_move, 1);
    assert_int_equal(r.hex.q, O(6, 0).q);
    assert_int_equal(r.enemy_index, 4);
}

/* In one hex, the force moving first: day 3 it ends in col 6, which the
   enemy then enters. */
static void head_on_in_one_hex_moving_first(void **state)
{
    wr_intercept_result r = head_on(*state, WR_MEETING_SAME_HEX, WR_DAY_OWN_FIRST);
    assert_int_equal(r.day, 3);
    assert_int_equal(r.during_own_move, 0);
    assert_int_equal(r.hex.q, O(6, 0).q);
    assert_int_equal(r.enemy_index, 5);
}

/* The enemy marching east from col 4, two hexes a day from day 1; the ford
   it must not reach first in col 10. */
static const wr_force_position eastward_track[8] = {
    {{4, 0}, 1}, {{5, 0}, 1}, {{6, 0}, 1}, {{7, 0}, 2},
    {{8, 0}, 2}, {{9, 0}, 3}, {{10, 0}, 3}, {{11, 0}, 4}};

static wr_intercept_result eastward(wr_planner *pl, int from_col, int objective, int guard_col)
{
    wr_map *m = row(12);
    const wr_plan_params p = params_for(WR_MOVER_INFANTRY);
    const wr_force_desc e = positions_of(eastward_track, 8);
    wr_intercept_params how = meeting(objective, WR_MEETING_SAME_HEX, WR_DAY_ENEMY_FIRST);
    how.guard = O(guard_col, 0);
    wr_intercept_result r;
    OK(wr_planner_intercept(pl, m, &p, NULL, O(from_col, 0), &e, &how, &r));
    wr_map_free(m);
    return r;
}

/* From col 0 the force follows two hexes behind: it meets the enemy only
   where it stops (col 11, day 6), too late for the ford. */
static void follower_is_too_late_for_the_ford(void **state)
{
    wr_intercept_result r = eastward(*state, 0, WR_INTERCEPT_BEFORE, 10);
    assert_int_equal(r.outcome, WR_INTERCEPT_IMPOSSIBLE);
    r = eastward(*state, 0, WR_INTERCEPT_EARLIEST, 10);
    assert_int_equal(r.outcome, WR_INTERCEPT_FOUND);
    assert_int_equal(r.hex.q, O(11, 0).q);
    assert_int_equal(r.day, 6);
}

/* From col 11 the force meets it coming, in col 8 on day 2: before the ford. */
static void meeting_it_coming_is_before_the_ford(void **state)
{
    wr_intercept_result r = eastward(*state, 11, WR_INTERCEPT_BEFORE, 10);
    assert_int_equal(r.outcome, WR_INTERCEPT_FOUND);
    assert_int_equal(r.day, 2);
    assert_int_equal(r.hex.q, O(8, 0).q);
}

/* An enemy that starts in the guarded hex cannot be met before it; one
   that never enters it can be met any time. */
static void guard_where_the_enemy_starts_or_never_goes(void **state)
{
    assert_int_equal(eastward(*state, 11, WR_INTERCEPT_BEFORE, 4).outcome,
                     WR_INTERCEPT_IMPOSSIBLE);
    assert_int_equal(eastward(*state, 11, WR_INTERCEPT_BEFORE, 0).outcome, WR_INTERCEPT_FOUND);
}

/* Pursuit: cavalry (18 points, three hexes a day) three hexes behind
   infantry (two a day) marching away along a row of 20 clear hexes gains a
   hex a day: the infantry ends day 3 in col 9, which the cavalry enters. */
static void cavalry_catches_infantry_marching_away(void **state)
{
    wr_map *m = row(20);
    const wr_plan_params cav = params_for(WR_MOVER_CAVALRY), inf = params_for(WR_MOVER_INFANTRY);
    wr_force_desc e;
    memset(&e, 0, sizeof e);
    e.params = &inf;
    e.from = O(3, 0);
    e.to = O(19, 0);
    wr_intercept_result r;
    OK(wr_planner_intercept(*state, m, &cav, NULL, O(0, 0), &e, NULL, &r));
    assert_int_equal(r.enemy_plan.outcome, WR_PLAN_FOUND);
    assert_int_equal(r.enemy_plan.route.step_count, 17);
    assert_int_equal(r.outcome, WR_INTERCEPT_FOUND);
    assert_int_equal(r.day, 3);
    assert_int_equal(r.hex.q, O(9, 0).q);
    assert_int_equal(r.during_own_move, 1);
    wr_map_free(m);
}

/* Infantry behind infantry never catches it before it stops. */
static void infantry_never_catches_infantry_before_it_stops(void **state)
{
    wr_map *m = row(20);
    const wr_plan_params inf = params_for(WR_MOVER_INFANTRY);
    wr_force_desc e;
    memset(&e, 0, sizeof e);
    e.params = &inf;
    e.from = O(3, 0);
    e.to = O(19, 0);
    wr_intercept_params how = meeting(WR_INTERCEPT_BEFORE, WR_MEETING_SAME_HEX, WR_DAY_ENEMY_FIRST);
    how.guard = O(19, 0);
    wr_intercept_result r;
    OK(wr_planner_intercept(*state, m, &inf, NULL, O(0, 0), &e, &how, &r));
    assert_int_equal(r.outcome, WR_INTERCEPT_IMPOSSIBLE);
    assert_int_equal(r.enemy_plan.outcome, WR_PLAN_FOUND);
    wr_map_free(m);
}

/* An enemy that cannot reach its target stays where it is. */
static void enemy_without_a_route_stays(void **state)
{
    wr_map *m = row(20);
    OK(wr_map_set_terrain(m, O(10, 0), WR_HEX_LAKE));
    const wr_plan_params cav = params_for(WR_MOVER_CAVALRY), inf = params_for(WR_MOVER_INFANTRY);
    wr_force_desc e;
    memset(&e, 0, sizeof e);
    e.params = &inf;
    e.from = O(3, 0);
    e.to = O(19, 0);
    wr_intercept_result r;
    OK(wr_planner_intercept(*state, m, &cav, NULL, O(0, 0), &e, NULL, &r));
    assert_int_equal(r.enemy_plan.outcome, WR_PLAN_NO_ROUTE);
    assert_int_equal(r.outcome, WR_INTERCEPT_FOUND);
    assert_int_equal(r.hex.q, O(3, 0).q);
    assert_int_equal(r.day, 1);
    wr_map_free(m);
}

/* An unformed force on day 2 (infantry that may move unformed) and an enemy
   standing in col 3. */
static wr_intercept_result unformed_against_standing(wr_planner *pl, int from_col, int objective,
                                                     int meet)
{
    wr_map *m = row(12);
    wr_plan_params p = params_for(WR_MOVER_INFANTRY);
    p.options = WR_PLAN_UNFORMED;
    wr_force_state s0;
    OK(wr_force_start(&s0));
    s0.day = 2;
    s0.unformed = 1;
    s0.unformed_days = 1;
    wr_plan_query q;
    memset(&q, 0, sizeof q);
    q.start = &s0;
    static const wr_force_position standing[1] = {{{3, 0}, 1}};
    const wr_force_desc e = positions_of(standing, 1);
    const wr_intercept_params how = meeting(objective, meet, WR_DAY_ENEMY_FIRST);
    wr_intercept_result r;
    OK(wr_planner_intercept(pl, m, &p, &q, O(from_col, 0), &e, &how, &r));
    if (r.outcome == WR_INTERCEPT_FOUND)
        (void)replay_plan(m, &p, &q, &r.plan, &s0, 0);
    wr_map_free(m);
    return r;
}

/* Unformed it enters col 3 on day 3 and begins the engagement non-rallied. */
static void unformed_force_meets_non_rallied(void **state)
{
    wr_intercept_result r = unformed_against_standing(*state, 0, WR_INTERCEPT_EARLIEST,
                                                      WR_MEETING_SAME_HEX);
    assert_int_equal(r.day, 3);
    assert_int_equal(r.non_rallied, 1);
    assert_int_equal(r.contact.unformed, 1);
}

/* To meet it formed it rallies on day 2 where it stands, then marches two
   hexes on day 3 and the third on day 4. */
static void formed_objective_rallies_first(void **state)
{
    wr_intercept_result r = unformed_against_standing(*state, 0, WR_INTERCEPT_FORMED,
                                                      WR_MEETING_SAME_HEX);
    assert_int_equal(r.outcome, WR_INTERCEPT_FOUND);
    assert_int_equal(r.day, 4);
    assert_int_equal(r.non_rallied, 0);
    assert_true(r.plan.moves[1].flags & WR_STEP_RALLY);
    assert_int_equal(r.plan.route.steps[1].day, 2);
    assert_int_equal(r.plan.route.rally_days, 1);
}

/* Next to the enemy before its rally is over, the force cannot meet it
   formed; met at once, it is non-rallied. */
static void found_before_its_rally_the_force_is_non_rallied(void **state)
{
    wr_intercept_result r = unformed_against_standing(*state, 2, WR_INTERCEPT_FORMED,
                                                      WR_MEETING_ADJACENT);
    assert_int_equal(r.outcome, WR_INTERCEPT_IMPOSSIBLE);
    r = unformed_against_standing(*state, 2, WR_INTERCEPT_EARLIEST, WR_MEETING_ADJACENT);
    assert_int_equal(r.outcome, WR_INTERCEPT_FOUND);
    assert_int_equal(r.day, 2);
    assert_int_equal(r.non_rallied, 1);
    assert_int_equal(r.plan.route.step_count, 1);
}

/* A major river between col 2 and col 3, the enemy standing in col 3. */
static wr_intercept_result across_the_river(wr_planner *pl, int meet)
{
    wr_map *m = row(6);
    const wr_hexside river = {WR_RIVER_MAJOR, WR_CROSS_OPEN, 0, 0};
    OK(wr_map_set_hexside(m, O(2, 0), 0, &river));
    wr_plan_params p = params_for(WR_MOVER_INFANTRY);
    p.options = WR_PLAN_RAFTS_ANYWHERE;
    static const wr_force_position standing[1] = {{{3, 0}, 1}};
    const wr_force_desc e = positions_of(standing, 1);
    const wr_intercept_params how = meeting(WR_INTERCEPT_EARLIEST, meet, WR_DAY_ENEMY_FIRST);
    wr_intercept_result r;
    OK(wr_planner_intercept(pl, m, &p, NULL, O(0, 0), &e, &how, &r));
    wr_map_free(m);
    return r;
}

/* Neighbours across a river meet... */
static void neighbours_meet_across_a_river(void **state)
{
    wr_intercept_result r = across_the_river(*state, WR_MEETING_ADJACENT);
    assert_int_equal(r.outcome, WR_INTERCEPT_FOUND);
    assert_int_equal(r.day, 1);
    assert_int_equal(r.hex.q, O(2, 0).q);
}

/* ...unless the river keeps them apart: then by rafts, days 2 to 4, and
   col 3 on day 5. */
static void a_river_between_neighbours_keeps_them_apart(void **state)
{
    wr_intercept_result r = across_the_river(*state, WR_MEETING_ADJACENT_NO_RIVER);
    assert_int_equal(r.outcome, WR_INTERCEPT_FOUND);
    assert_int_equal(r.hex.q, O(3, 0).q);
    assert_int_equal(r.day, 5);
    assert_true(r.plan.route.steps[r.plan.route.step_count - 1].flags & WR_STEP_RAFTS);
}

/* Infantry from col 0 (two hexes a day) and cavalry from col 9 (three) on a
   row of 10: cols 0..2 the infantry's on day 1, 6..9 the cavalry's; col 4 both
   on day 2, the lower index. */
static void danger_keeps_the_earliest_day_and_the_force(void **state)
{
    wr_map *m = row(10);
    const wr_plan_params inf = params_for(WR_MOVER_INFANTRY), cav = params_for(WR_MOVER_CAVALRY);
    wr_force_desc f[2];
    memset(f, 0, sizeof f);
    f[0].params = &inf;
    f[0].from = O(0, 0);
    f[1].params = &cav;
    f[1].from = O(9, 0);
    wr_danger field[10];
    OK(wr_planner_danger(*state, m, f, 2, field, 10));
    assert_int_equal(field[0].day, 1);
    assert_int_equal(field[0].force, 0);
    assert_int_equal(field[2].force, 0);
    assert_int_equal(field[6].day, 1);
    assert_int_equal(field[6].force, 1);
    assert_int_equal(field[4].day, 2);
    assert_int_equal(field[4].force, 0);
    assert_int_equal(field[5].force, 1);
    wr_map_free(m);
}

/* Each force's own blocked hexes: behind col 3 nobody arrives. */
static void danger_blocks_per_force(void **state)
{
    wr_map *m = row(10);
    const wr_plan_params inf = params_for(WR_MOVER_INFANTRY);
    uint8_t blocked[2] = {0x08, 0}; /* col 3 */
    wr_plan_query q;
    memset(&q, 0, sizeof q);
    q.blocked_hexes = blocked;
    q.blocked_hexes_size = 2;
    wr_force_desc f;
    memset(&f, 0, sizeof f);
    f.params = &inf;
    f.from = O(0, 0);
    f.query = &q;
    wr_danger field[10];
    OK(wr_planner_danger(*state, m, &f, 1, field, 10));
    assert_int_equal(field[2].day, 1);
    assert_int_equal(field[3].day, -1);
    assert_int_equal(field[3].force, -1);
    assert_int_equal(field[4].day, -1);
    wr_map_free(m);
}

/* ------------------------------------------------------------------------ */
/* Random cases against the oracle */

/* A random walk of the enemy: from a random hex, 1 to 14 positions, each a
   neighbour or the same hex, 0 to 2 days after the one before. */
static size_t random_walk(unsigned *s, const wr_map *m, wr_force_position *pos)
{
    int w = 0, h = 0;
    OK(wr_map_size(m, &w, &h));
    wr_hex at;
    OK(wr_map_hex(m, (int32_t)(rnd(s) % (unsigned)(w * h)), &at));
    int day = 1 + (int)(rnd(s) % 5);
    size_t n = 1 + rnd(s) % 14;
    for (size_t i = 0; i < n; i++) {
        pos[i].hex = at;
        pos[i].day = day;
        for (int tries = 0; tries < 8; tries++) {
            wr_hex nb;
            int inside = 0;
            OK(wr_hex_neighbor(at, (int)(rnd(s) % 6), &nb));
            OK(wr_map_has_hex(m, nb, &inside));
            if (inside) {
                at = nb;
                break;
            }
        }
        day += (int)(rnd(s) % 3);
    }
    return n;
}

enum { ORACLE_DAYS = 90 };

typedef struct tally {
    int compared, found, impossible, formed_obj, before_obj, own_move, enemy_move, non_rallied,
        planned, waited;
} tally;

/* One random case; returns 1 when compared with the oracle. */
static int random_case(wr_planner *pl, unsigned *s, tally *t)
{
    const int vessel = rnd(s) % 5 == 0;
    const int w = 3 + (int)(rnd(s) % 5), h = 2 + (int)(rnd(s) % 5);
    wr_map *m = vessel ? random_water_map(s, w, h) : random_land_map(s, w, h);
    wr_plan_params p;
    random_params(s, &p, vessel);
    const int P = p.costs.daily_points;
    wr_force_state s0;
    random_start(s, P, &s0);
    wr_plan_query q;
    memset(&q, 0, sizeof q);
    q.start = &s0;
    q.objective = (int)(rnd(s) % 3); /* not read */
    uint8_t *bh = NULL, *bs = NULL;
    if (rnd(s) % 3 == 0)
        random_blocks(s, m, 10u, &bh, &bs, &q);
    wr_hex from;
    OK(wr_map_hex(m, (int32_t)(rnd(s) % (unsigned)(w * h)), &from));

    wr_force_position pos[16];
    wr_force_desc e;
    memset(&e, 0, sizeof e);
    wr_plan_params ep;
    wr_force_state es;
    wr_plan_query eq;
    const int planned = rnd(s) % 3 == 0;
    if (planned) {
        random_params(s, &ep, vessel);
        random_start(s, ep.costs.daily_points, &es);
        memset(&eq, 0, sizeof eq);
        eq.start = &es;
        eq.objective = (int)(rnd(s) % 3);
        e.params = &ep;
        e.query = &eq;
        OK(wr_map_hex(m, (int32_t)(rnd(s) % (unsigned)(w * h)), &e.from));
        OK(wr_map_hex(m, (int32_t)(rnd(s) % (unsigned)(w * h)), &e.to));
    } else {
        e.positions = pos;
        e.position_count = random_walk(s, m, pos);
    }
    wr_intercept_params how;
    how.objective = (int)(rnd(s) % WR_INTERCEPT_OBJECTIVE_COUNT);
    how.meeting = (int)(rnd(s) % WR_MEETING_COUNT);
    how.order = (int)(rnd(s) % WR_DAY_ORDER_COUNT);
    OK(wr_map_hex(m, (int32_t)(rnd(s) % (unsigned)(w * h)), &how.guard));

    wr_intercept_result r;
    wr_status st = wr_planner_intercept(pl, m, &p, &q, from, &e, &how, &r);
    int compared = 0;
    if (st == WR_ERR_FORBIDDEN) /* a mover that cannot be at its start */
        goto done;
    OK(st);
    track tr;
    track_of(m, &e, &r, &tr);
    if (planned && r.enemy_plan.outcome == WR_PLAN_FOUND) {
        /* the enemy's steps are its moves replayed */
        (void)replay_plan(m, &ep, &eq, &r.enemy_plan, &es, 0);
    }
    oracle o;
    const int formed = (how.objective & WR_INTERCEPT_FORMED) != 0;
    oracle_build(&o, m, &p, bh, bs, how.meeting, formed);
    o.enode = tr.node;
    o.eday = tr.day;
    o.en = tr.n;
    o.enemy_first = how.order == WR_DAY_ENEMY_FIRST;
    oracle_out out;
    out_alloc(&out, o.n);
    int32_t src = 0;
    OK(wr_map_index(m, from, &src));
    oracle_run(&o, src, &s0, ORACLE_DAYS, &out);
    /* the oracle's answer: the earliest contact (formed only for the formed
       objectives), within the guard for the others */
    omoment best = {-1, 0, 0};
    for (int32_t i = 0; i < o.n; i++) {
        const omoment *c = formed ? &out.mf[i] : &out.m[i];
        if (omoment_less(c, &best))
            best = *c;
    }
    if (best.day >= 0 && (how.objective & WR_INTERCEPT_BEFORE)) {
        int32_t g = 0;
        OK(wr_map_index(m, how.guard, &g));
        const int enemy_move = o.enemy_first ? 0 : 1;
        if (tr.node[0] == g) {
            best.day = -1;
        } else {
            for (size_t i = 1; i < tr.n; i++) {
                if (tr.node[i] == g) {
                    omoment entry = {tr.day[i], enemy_move, (long long)i};
                    if (omoment_less(&entry, &best))
                        best.day = -1;
                    break;
                }
            }
        }
    }
    if (r.outcome == WR_INTERCEPT_IMPOSSIBLE) {
        if (best.day >= 0)
            fail_msg("impossible, but the oracle meets the enemy on day %d (move %d, %lld)",
                     best.day, best.move, best.within);
        t->impossible++;
        compared = 1;
    } else if (r.day <= ORACLE_DAYS - 2) {
        check_result(m, &p, &s0, &how, &r, &tr);
        const int own = o.enemy_first ? 1 : 0;
        omoment got = {r.day, r.during_own_move ? own : 1 - own,
                       r.during_own_move ? (long long)r.plan.route.arrival_day * P -
                                               r.plan.route.points_left
                                         : (long long)r.enemy_index};
        if (best.day < 0 || !omoment_same(&got, &best))
            fail_msg("objective %d meeting %d order %d: day %d move %d (%lld); oracle day %d "
                     "move %d (%lld)",
                     how.objective, how.meeting, how.order, got.day, got.move, got.within,
                     best.day, best.move, best.within);
        int32_t hx = 0;
        OK(wr_map_index(m, r.hex, &hx));
        const omoment *mine = formed ? &out.mf[hx] : &out.m[hx];
        assert_true(omoment_same(mine, &best));
        if (!formed && out.nr[hx] != r.non_rallied)
            fail_msg("non-rallied %d at contact, the oracle %d", r.non_rallied, out.nr[hx]);
        t->found++;
        t->own_move += r.during_own_move;
        t->enemy_move += !r.during_own_move;
        t->non_rallied += r.non_rallied;
        t->waited += r.plan.route.arrival_day < r.day;
        compared = 1;
    }
    if (compared) {
        t->compared++;
        t->formed_obj += formed;
        t->before_obj += (how.objective & WR_INTERCEPT_BEFORE) != 0;
        t->planned += planned;
    }
    out_free(&out);
    oracle_free(&o);
    track_free(&tr);
done:
    free(bh);
    free(bs);
    wr_map_free(m);
    return compared;
}

static void intercept_agrees_with_the_oracle(void **state)
{
    unsigned s = 20240611u;
    tally t;
    memset(&t, 0, sizeof t);
    int trials = 0;
    while (t.compared < 1200) {
        assert_true(++trials < 5000);
        random_case(*state, &s, &t);
    }
    print_message("intercept vs oracle: %d cases (%d found: %d in the force's move, %d in the "
                  "enemy's, %d non-rallied, %d waiting; %d impossible; %d formed objectives, "
                  "%d before a hex, %d planned enemies)\n",
                  t.compared, t.found, t.own_move, t.enemy_move, t.non_rallied, t.waited,
                  t.impossible, t.formed_obj, t.before_obj, t.planned);
    /* the cases cover every kind of answer */
    assert_true(t.found > 400 && t.impossible > 50);
    assert_true(t.own_move > 100 && t.enemy_move > 100 && t.non_rallied > 20 && t.waited > 50);
}

/* The danger field against the oracle's arrivals of each force. */
static void danger_agrees_with_the_oracle(void **state)
{
    unsigned s = 99u;
    int compared = 0;
    for (int trial = 0; trial < 300; trial++) {
        const int vessel = rnd(&s) % 5 == 0;
        const int w = 3 + (int)(rnd(&s) % 5), h = 2 + (int)(rnd(&s) % 5);
        wr_map *m = vessel ? random_water_map(&s, w, h) : random_land_map(&s, w, h);
        const size_t nf = 1 + rnd(&s) % 4;
        wr_plan_params p[4];
        wr_force_state st[4];
        wr_plan_query q[4];
        wr_force_desc f[4];
        uint8_t *bh[4] = {0}, *bs[4] = {0};
        memset(f, 0, sizeof f);
        for (size_t k = 0; k < nf; k++) {
            random_params(&s, &p[k], vessel);
            random_start(&s, p[k].costs.daily_points, &st[k]);
            memset(&q[k], 0, sizeof q[k]);
            q[k].start = &st[k];
            q[k].objective = (int)(rnd(&s) % 2);
            if (rnd(&s) % 3 == 0)
                random_blocks(&s, m, 10u, &bh[k], &bs[k], &q[k]);
            f[k].params = &p[k];
            f[k].query = &q[k];
            OK(wr_map_hex(m, (int32_t)(rnd(&s) % (unsigned)(w * h)), &f[k].from));
        }
        wr_danger *field = malloc((size_t)(w * h) * sizeof *field);
        wr_status status = wr_planner_danger(*state, m, f, nf, field, (size_t)(w * h));
        if (status != WR_ERR_FORBIDDEN) {
            OK(status);
            int32_t *day = malloc((size_t)(w * h) * sizeof *day);
            int32_t *pts = malloc((size_t)(w * h) * sizeof *pts);
            int32_t *who = malloc((size_t)(w * h) * sizeof *who);
            for (int i = 0; i < w * h; i++) {
                day[i] = -1;
                pts[i] = 0;
                who[i] = -1;
            }
            for (size_t k = 0; k < nf; k++) {
                oracle o;
                oracle_build(&o, m, &p[k], bh[k], bs[k], WR_MEETING_SAME_HEX, 0);
                oracle_out out;
                out_alloc(&out, o.n);
                int32_t src = 0;
                OK(wr_map_index(m, f[k].from, &src));
                oracle_run(&o, src, &st[k], ORACLE_DAYS, &out);
                const int *od = q[k].objective == WR_OBJECTIVE_EARLIEST ? out.day_any : out.day_formed;
                const int *op = q[k].objective == WR_OBJECTIVE_EARLIEST ? out.pts_any : out.pts_formed;
                for (int i = 0; i < w * h; i++) {
                    if (od[i] >= 0 && (day[i] < 0 || od[i] < day[i])) {
                        day[i] = od[i];
                        pts[i] = op[i];
                        who[i] = (int32_t)k;
                    }
                }
                out_free(&out);
                oracle_free(&o);
            }
            for (int i = 0; i < w * h; i++) {
                if (field[i].day > ORACLE_DAYS - 2)
                    continue;
                if (field[i].day != day[i] || field[i].points_left != pts[i] ||
                    field[i].force != who[i])
                    fail_msg("hex %d: danger (%d, %d, force %d), oracle (%d, %d, force %d)", i,
                             field[i].day, field[i].points_left, field[i].force, day[i], pts[i],
                             who[i]);
            }
            free(day);
            free(pts);
            free(who);
            compared++;
        }
        free(field);
        for (size_t k = 0; k < nf; k++) {
            free(bh[k]);
            free(bs[k]);
        }
        wr_map_free(m);
    }
    assert_true(compared > 150);
}

/* The planner allocates for a larger map, then nothing per query. */
static void *counting_alloc(void *user, void *ptr, size_t old_size, size_t new_size)
{
    (void)old_size;
    if (new_size == 0) {
        free(ptr);
        return NULL;
    }
    ++*(int *)user;
    return realloc(ptr, new_size);
}

static void no_allocation_per_query(void **state)
{
    (void)state;
    int count = 0;
    wr_allocator a = {counting_alloc, &count};
    wr_planner *pl = NULL;
    OK(wr_planner_new_ex(&a, &pl));
    wr_map *m = row(16);
    const wr_plan_params p = params_for(WR_MOVER_INFANTRY);
    wr_force_position pos[] = {{O(15, 0), 1}, {O(14, 0), 2}, {O(13, 0), 3}};
    wr_force_desc e = positions_of(pos, 3);
    wr_force_desc planned;
    memset(&planned, 0, sizeof planned);
    planned.params = &p;
    planned.from = O(15, 0);
    planned.to = O(8, 0);
    wr_intercept_result r;
    wr_danger field[16];
    wr_force_desc forces[2] = {planned, planned};
    OK(wr_planner_intercept(pl, m, &p, NULL, O(0, 0), &e, NULL, &r));
    OK(wr_planner_intercept(pl, m, &p, NULL, O(0, 0), &planned, NULL, &r));
    OK(wr_planner_danger(pl, m, forces, 2, field, 16));
    const int after_first = count;
    for (int i = 0; i < 5; i++) {
        OK(wr_planner_intercept(pl, m, &p, NULL, O(i, 0), &e, NULL, &r));
        OK(wr_planner_intercept(pl, m, &p, NULL, O(i, 0), &planned, NULL, &r));
        OK(wr_planner_danger(pl, m, forces, 2, field, 16));
    }
    assert_int_equal(count, after_first);
    wr_planner_free(pl);
    wr_map_free(m);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(head_on_in_one_hex_when_the_enemy_moves_first),
        cmocka_unit_test(head_on_in_neighbouring_hexes),
        cmocka_unit_test(head_on_in_neighbouring_hexes_moving_first),
        cmocka_unit_test(head_on_in_one_hex_moving_first),
        cmocka_unit_test(follower_is_too_late_for_the_ford),
        cmocka_unit_test(meeting_it_coming_is_before_the_ford),
        cmocka_unit_test(guard_where_the_enemy_starts_or_never_goes),
        cmocka_unit_test(cavalry_catches_infantry_marching_away),
        cmocka_unit_test(infantry_never_catches_infantry_before_it_stops),
        cmocka_unit_test(enemy_without_a_route_stays),
        cmocka_unit_test(unformed_force_meets_non_rallied),
        cmocka_unit_test(formed_objective_rallies_first),
        cmocka_unit_test(found_before_its_rally_the_force_is_non_rallied),
        cmocka_unit_test(neighbours_meet_across_a_river),
        cmocka_unit_test(a_river_between_neighbours_keeps_them_apart),
        cmocka_unit_test(danger_keeps_the_earliest_day_and_the_force),
        cmocka_unit_test(danger_blocks_per_force),
        cmocka_unit_test(intercept_agrees_with_the_oracle),
        cmocka_unit_test(danger_agrees_with_the_oracle),
        cmocka_unit_test(no_allocation_per_query),
    };
    return cmocka_run_group_tests_name("campaign_intercept", tests, planner_setup, planner_teardown);
}
