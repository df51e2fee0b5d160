/* Campaign module, route plans against a brute-force search over (hex,
   day, points, formation) written from the text, on small random maps: the
   arrival field and every route from each start, from random start states
   with blocked hexes and sides (each route replayed), and the plain costs
   against a plain Dijkstra. The tests share one planner (the group's). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include <cmocka.h>

#include "warrules/campaign.h"

#include "fixtures.h"

/* ------------------------------------------------------------------------ */
/* Brute force over (hex, day, points, formation), written from the text:
   each day the force has its daily points plus what it saved; it enters a
   hex when it has the points; at night it keeps its unused points if it
   moved that day or could not afford a move (it presses on), else loses
   them; whole-day crossings and rally days start at the beginning of a day;
   a rally day ends the force formed at the end of the day; a crossing ends
   it on the far bank (a node of its own here) at the end of its last day,
   from where it enters the far hex with the next day's points ([Crossing]:
   the crossing is "in addition to" the hex's entry), formed or unformed as
   it was. It takes the moves from wr_map_moves(). */

typedef struct bf_graph {
    int32_t n;     /* hexes */
    int32_t total; /* hexes and far banks */
    int P;
    int unformed_ok;
    int maxstep;
    int *count;
    wr_plan_edge *edges; /* total x WR_PLAN_MAX_EDGES */
    int32_t *bank;       /* by edge: the far bank of a whole-day edge */
} bf_graph;

static void bf_build(bf_graph *g, const wr_map *m, const wr_plan_params *p)
{
    int w = 0, h = 0;
    OK(wr_map_size(m, &w, &h));
    g->n = w * h;
    g->P = p->costs.daily_points;
    g->unformed_ok = (p->options & WR_PLAN_UNFORMED) != 0;
    size_t cap = (size_t)g->n * (1u + WR_PLAN_MAX_EDGES);
    g->count = calloc(cap, sizeof *g->count);
    g->edges = calloc(cap * WR_PLAN_MAX_EDGES, sizeof *g->edges);
    g->bank = calloc(cap * WR_PLAN_MAX_EDGES, sizeof *g->bank);
    g->maxstep = 1;
    g->total = g->n;
    for (int32_t i = 0; i < g->n; i++) {
        wr_hex hx;
        size_t c = 0;
        OK(wr_map_hex(m, i, &hx));
        OK(wr_map_moves(m, p, hx, g->edges + (size_t)i * WR_PLAN_MAX_EDGES, WR_PLAN_MAX_EDGES, &c));
        g->count[i] = (int)c;
        for (size_t k = 0; k < c; k++) {
            wr_plan_edge *e = &g->edges[(size_t)i * WR_PLAN_MAX_EDGES + k];
            if (e->points > g->maxstep)
                g->maxstep = e->points;
            if (e->days > 0) { /* the far bank, with its one move into the hex */
                int32_t bank = g->total++;
                wr_plan_edge entry = {e->to, e->points, 0, e->flags};
                g->edges[(size_t)bank * WR_PLAN_MAX_EDGES] = entry;
                g->count[bank] = 1;
                g->bank[(size_t)i * WR_PLAN_MAX_EDGES + k] = bank;
            }
        }
    }
}

static void bf_free(bf_graph *g)
{
    free(g->count);
    free(g->edges);
    free(g->bank);
}

/* Earliest formed arrival (day, points) at every node from a force's state
   (NULL: the start of day 1); day -1 when not within dmax days. */
static void brute_force_from(const bf_graph *g, int32_t src, const wr_force_state *fs, int dmax,
                             int *best_day, int *best_pts)
{
    const int P = g->P;
    const int D = fs ? fs->day : 1, f0 = fs ? fs->unformed : 0;
    const int A = fs ? P + fs->points_saved - fs->points_spent : P;
    const int moved0 = fs && (fs->points_spent > 0 || fs->unformed_today);
    const int pmax = (P + g->maxstep + 1 > A + 1) ? P + g->maxstep + 1 : A + 1;
    const size_t nst = (size_t)g->total * 2 * (size_t)pmax;
#define IX(h, f, p) ((((size_t)(h)) * 2 + (size_t)(f)) * (size_t)pmax + (size_t)(p))
#define AT(d, h, f) ((((size_t)(d)) * (size_t)g->total + (size_t)(h)) * 2 + (size_t)(f))
    unsigned char *start = calloc(nst, 1), *moved = calloc(nst, 1), *nstart = calloc(nst, 1);
    unsigned char *arrive = calloc((size_t)(dmax + 2) * (size_t)g->total * 2, 1);
    unsigned char *banked = calloc((size_t)(dmax + 2) * (size_t)g->total * 2, 1);
    size_t *stack = malloc(nst * sizeof *stack);
    for (int32_t i = 0; i < g->n; i++) {
        best_day[i] = -1;
        best_pts[i] = 0;
    }
    if (!moved0)
        start[IX(src, f0, A)] = 1;
    for (int d = D; d <= dmax; d++) {
        memset(moved, 0, nst);
        size_t sp = 0;
        if (d == D && moved0) { /* it moved today: no whole day before tomorrow */
            moved[IX(src, f0, A)] = 1;
            stack[sp++] = IX(src, f0, A);
        }
        /* crossings that ended last night: on the far bank with the day's points */
        for (int32_t h = g->n; h < g->total; h++)
            for (int f = 0; f < 2; f++)
                if (banked[AT(d, h, f)])
                    start[IX(h, f, P)] = 1;
        /* whole-day moves and rally days begin this morning */
        for (int32_t h = 0; h < g->n; h++) {
            for (int f = 0; f < 2; f++) {
                int any = 0;
                for (int p = 0; p < pmax; p++)
                    any |= start[IX(h, f, p)];
                if (!any)
                    continue;
                if (f == 1)
                    arrive[AT(d, h, 0)] = 1;
                for (int k = 0; k < g->count[h]; k++) {
                    const wr_plan_edge *e = &g->edges[(size_t)h * WR_PLAN_MAX_EDGES + (size_t)k];
                    if (e->days == 0)
                        continue;
                    int needs = (e->flags & WR_STEP_UNFORMED) != 0;
                    if (needs && !f && !g->unformed_ok)
                        continue;
                    int ad = d + e->days;
                    if (ad <= dmax)
                        banked[AT(ad, g->bank[(size_t)h * WR_PLAN_MAX_EDGES + (size_t)k], f)] = 1;

                }
            }
        }
        /* rally days ending today: formed, no points */
        for (int32_t h = 0; h < g->n; h++)
            for (int f = 0; f < 2; f++)
                if (arrive[AT(d, h, f)] && !moved[IX(h, f, 0)]) {
                    moved[IX(h, f, 0)] = 1;
                    stack[sp++] = IX(h, f, 0);
                }
        /* moves from the morning's states, then from every state reached */
        for (size_t s = 0; s < nst; s++)
            if (start[s])
                stack[sp++] = s | ((size_t)1 << 62);
        while (sp > 0) {
            size_t s = stack[--sp] & ~((size_t)1 << 62);
            int p = (int)(s % (size_t)pmax);
            int f = (int)((s / (size_t)pmax) % 2);
            int32_t h = (int32_t)(s / (size_t)pmax / 2);
            for (int k = 0; k < g->count[h]; k++) {
                const wr_plan_edge *e = &g->edges[(size_t)h * WR_PLAN_MAX_EDGES + (size_t)k];
                if (e->days != 0 || e->points > p)
                    continue;
                int needs = (e->flags & WR_STEP_UNFORMED) != 0;
                if (needs && !f && !g->unformed_ok)
                    continue;
                size_t t = IX(e->to, (f || needs) ? 1 : 0, p - e->points);
                if (!moved[t]) {
                    moved[t] = 1;
                    stack[sp++] = t;
                }
            }
        }
        /* arrivals of the day */
        for (int32_t h = 0; h < g->n; h++) {
            if (best_day[h] != -1)
                continue;
            int bp = -1;
            for (int p = 0; p < pmax; p++)
                if (moved[IX(h, 0, p)] || start[IX(h, 0, p)])
                    bp = p;
            if (bp >= 0) {
                best_day[h] = d;
                best_pts[h] = bp;
            }
        }
        /* the night */
        memset(nstart, 0, nst);
        for (int32_t h = 0; h < g->total; h++) {
            for (int f = 0; f < 2; f++) {
                for (int p = 0; p < pmax; p++) {
                    if (moved[IX(h, f, p)]) {
                        int c = p + P < pmax ? p + P : pmax - 1;
                        nstart[IX(h, f, c)] = 1;
                    }
                    if (start[IX(h, f, p)]) {
                        int pressing = 0;
                        for (int k = 0; k < g->count[h]; k++) {
                            const wr_plan_edge *e = &g->edges[(size_t)h * WR_PLAN_MAX_EDGES + (size_t)k];
                            pressing |= e->days == 0 && e->points > p;
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
#undef AT
    free(start);
    free(moved);
    free(nstart);
    free(arrive);
    free(banked);
    free(stack);
}

static void brute_force(const bf_graph *g, int32_t src, int dmax, int *best_day, int *best_pts)
{
    brute_force_from(g, src, NULL, dmax, best_day, best_pts);
}

/* Removes the moves a query blocks (hexes and sides by bitset). */
static void bf_block(bf_graph *g, const wr_map *m, const uint8_t *hexes, const uint8_t *sides)
{
    for (int32_t i = 0; i < g->n; i++) {
        int k = 0;
        for (int j = 0; j < g->count[i]; j++) {
            wr_plan_edge *e = &g->edges[(size_t)i * WR_PLAN_MAX_EDGES + (size_t)j];
            wr_hex a, b;
            int dir = 0;
            int32_t side = 0;
            OK(wr_map_hex(m, i, &a));
            OK(wr_map_hex(m, e->to, &b));
            OK(wr_hex_direction(a, b, &dir));
            OK(wr_map_hexside_index(m, a, dir, &side));
            if ((hexes && (hexes[e->to / 8] >> (e->to % 8) & 1)) ||
                (sides && (sides[side / 8] >> (side % 8) & 1)))
                continue;
            g->bank[(size_t)i * WR_PLAN_MAX_EDGES + (size_t)k] =
                g->bank[(size_t)i * WR_PLAN_MAX_EDGES + (size_t)j];
            g->edges[(size_t)i * WR_PLAN_MAX_EDGES + (size_t)k++] = *e;
        }
        g->count[i] = k;
    }
}

/* ------------------------------------------------------------------------ */
/* Routes and fields from the start of day 1 */

/* The field against the brute force from every start, and each route
   against the field. */
static void check_against_brute_force(wr_planner *pl, wr_map *m, const wr_plan_params *p, int dmax)
{
    bf_graph g;
    bf_build(&g, m, p);
    int *bd = malloc((size_t)g.n * sizeof *bd), *bp = malloc((size_t)g.n * sizeof *bp);
    wr_arrival *field = malloc((size_t)g.n * sizeof *field);
    for (int32_t src = 0; src < g.n; src++) {
        wr_hex from;
        OK(wr_map_hex(m, src, &from));
        wr_status st = wr_planner_field(pl, m, p, from, field, (size_t)g.n);
        if (st == WR_ERR_FORBIDDEN)
            continue; /* the mover cannot be here */
        OK(st);
        brute_force(&g, src, dmax, bd, bp);
        for (int32_t t = 0; t < g.n; t++) {
            if (field[t].day > dmax) /* beyond the brute force's horizon */
                continue;
            if (field[t].day != bd[t] || field[t].points_left != bp[t])
                fail_msg("mover %d options %u from %d to %d: planner (%d, %d), brute force (%d, %d)",
                         p->mover, p->options, src, t, field[t].day, field[t].points_left, bd[t],
                         bp[t]);
            wr_hex to;
            OK(wr_map_hex(m, t, &to));
            wr_route r;
            st = wr_planner_route(pl, m, p, from, to, &r);
            if (field[t].day < 0) {
                assert_int_equal(st, WR_ERR_FORBIDDEN);
                continue;
            }
            OK(st);
            assert_int_equal(r.arrival_day, field[t].day);
            assert_int_equal(r.points_left, field[t].points_left);
            assert_int_equal(r.steps[0].node, src);
            assert_int_equal(r.steps[r.step_count - 1].node, t);
            /* each step is one of the moves of the hex before, or a rally */
            for (size_t i = 1; i < r.step_count; i++) {
                int32_t a = r.steps[i - 1].node, b = r.steps[i].node;
                assert_true(r.steps[i].day >= r.steps[i - 1].day);
                if (r.steps[i].flags & WR_STEP_RALLY) {
                    assert_int_equal(a, b);
                    continue;
                }
                int found = 0;
                for (int k = 0; k < g.count[a]; k++)
                    found |= g.edges[(size_t)a * WR_PLAN_MAX_EDGES + (size_t)k].to == b;
                assert_true(found);
            }
        }
    }
    free(bd);
    free(bp);
    free(field);
    bf_free(&g);
}

static void plan_brute_force_land(void **state)
{
    wr_planner *pl = *state;
    unsigned s = 12345;
    for (int trial = 0; trial < 120; trial++) {
        wr_map *m = random_land_map(&s, 3 + (int)(rnd(&s) % 4), 2 + (int)(rnd(&s) % 4));
        wr_plan_params p;
        random_params(&s, &p, 0);
        check_against_brute_force(pl, m, &p, 120);
        wr_map_free(m);
    }
}

static void plan_brute_force_water(void **state)
{
    wr_planner *pl = *state;
    unsigned s = 777;
    for (int trial = 0; trial < 120; trial++) {
        wr_map *m = random_water_map(&s, 3 + (int)(rnd(&s) % 4), 2 + (int)(rnd(&s) % 4));
        wr_plan_params p;
        random_params(&s, &p, 1);
        check_against_brute_force(pl, m, &p, 60);
        wr_map_free(m);
    }
}

/* A plain Dijkstra (quadratic, for small maps) over the same moves. */
static void plain_dijkstra(const bf_graph *g, int32_t src, int64_t *dist)
{
    unsigned char *done = calloc((size_t)g->n, 1);
    for (int32_t i = 0; i < g->n; i++)
        dist[i] = INT64_MAX;
    dist[src] = 0;
    for (;;) {
        int32_t u = -1;
        for (int32_t i = 0; i < g->n; i++)
            if (!done[i] && dist[i] != INT64_MAX && (u < 0 || dist[i] < dist[u]))
                u = i;
        if (u < 0)
            break;
        done[u] = 1;
        for (int k = 0; k < g->count[u]; k++) {
            const wr_plan_edge *e = &g->edges[(size_t)u * WR_PLAN_MAX_EDGES + (size_t)k];
            if ((e->flags & WR_STEP_UNFORMED) && !g->unformed_ok)
                continue;
            int64_t nd = dist[u] + e->points + (int64_t)e->days * g->P;
            if (nd < dist[e->to])
                dist[e->to] = nd;
        }
    }
    free(done);
}

static void plan_plain_costs(void **state)
{
    wr_planner *pl = *state;
    unsigned s = 4242;
    for (int trial = 0; trial < 60; trial++) {
        wr_map *m = random_land_map(&s, 4 + (int)(rnd(&s) % 8), 3 + (int)(rnd(&s) % 8));
        wr_plan_params p;
        random_params(&s, &p, 0);
        p.options |= WR_PLAN_PLAIN_COSTS;
        if (trial % 4 == 3) /* moves of 0xff points or more: not in the planner's bytes */
            p.costs.daily_points = 60 + (int)(rnd(&s) % 300);
        bf_graph g;
        bf_build(&g, m, &p);
        int64_t *dist = malloc((size_t)g.n * sizeof *dist);
        wr_arrival *field = malloc((size_t)g.n * sizeof *field);
        for (int32_t src = 0; src < g.n; src += 3) {
            wr_hex from;
            OK(wr_map_hex(m, src, &from));
            if (wr_planner_field(pl, m, &p, from, field, (size_t)g.n) != WR_OK)
                continue;
            plain_dijkstra(&g, src, dist);
            for (int32_t t = 0; t < g.n; t++) {
                if (dist[t] == INT64_MAX) {
                    assert_int_equal(field[t].day, -1);
                } else {
                    int64_t T = (int64_t)field[t].day * p.costs.daily_points - field[t].points_left;
                    assert_int_equal(T, dist[t]);
                }
            }
        }
        free(dist);
        free(field);
        bf_free(&g);
        wr_map_free(m);
    }
}

/* ------------------------------------------------------------------------ */
/* Plans from a force's state, hexes and sides blocked */

/* The field and routes from random start states with random blocked hexes
   and sides against the brute force; each route replayed exactly. */
static void check_states_against_brute_force(wr_planner *pl, wr_map *m, const wr_plan_params *p, int dmax,
                                             unsigned *s)
{
    bf_graph g;
    bf_build(&g, m, p);
    wr_plan_query q;
    memset(&q, 0, sizeof q);
    uint8_t *hexes = NULL, *sides = NULL;
    int blocked = rnd(s) % 2;
    if (blocked) {
        random_blocks(s, m, 8u, &hexes, &sides, &q);
        bf_block(&g, m, hexes, sides);
    }
    int *bd = malloc((size_t)g.n * sizeof *bd), *bp = malloc((size_t)g.n * sizeof *bp);
    wr_arrival *field = malloc((size_t)g.n * sizeof *field);
    for (int32_t src = 0; src < g.n; src++) {
        wr_hex from;
        OK(wr_map_hex(m, src, &from));
        wr_force_state fs;
        random_start(s, p->costs.daily_points, &fs);
        q.start = &fs;
        q.objective = WR_OBJECTIVE_EARLIEST_FORMED;
        wr_status st = wr_planner_plan_field(pl, m, p, &q, from, field, (size_t)g.n);
        if (st == WR_ERR_FORBIDDEN)
            continue;
        OK(st);
        brute_force_from(&g, src, &fs, dmax, bd, bp);
        for (int32_t t = 0; t < g.n; t++) {
            if (field[t].day > dmax)
                continue;
            if (field[t].day != bd[t] || field[t].points_left != bp[t])
                fail_msg("mover %d options %u from %d (day %d spent %d saved %d unformed %d) to %d: "
                         "planner (%d, %d), brute force (%d, %d)",
                         p->mover, p->options, src, fs.day, fs.points_spent, fs.points_saved,
                         fs.unformed, t, field[t].day, field[t].points_left, bd[t], bp[t]);
            wr_hex to;
            OK(wr_map_hex(m, t, &to));
            wr_plan_result r;
            OK(wr_planner_plan(pl, m, p, &q, from, to, &r));
            if (field[t].day < 0) {
                assert_int_equal(r.outcome, WR_PLAN_NO_ROUTE);
                continue;
            }
            assert_int_equal(r.outcome, WR_PLAN_FOUND);
            assert_int_equal(r.route.arrival_day, field[t].day);
            assert_int_equal(r.route.points_left, field[t].points_left);
            for (size_t i = 1; i < r.route.step_count; i++) {
                int32_t a = r.route.steps[i - 1].node, b = r.route.steps[i].node;
                if (r.moves[i].flags & WR_STEP_RALLY) {
                    assert_int_equal(a, b);
                    continue;
                }
                int found = 0;
                for (int k = 0; k < g.count[a]; k++) {
                    const wr_plan_edge *e = &g.edges[(size_t)a * WR_PLAN_MAX_EDGES + (size_t)k];
                    found |= e->to == b && e->points == r.moves[i].points &&
                             e->days == r.moves[i].days && e->flags == r.moves[i].flags;
                }
                assert_true(found); /* one of the hex's moves, not blocked */
            }
            if (t % 3 == 0) {
                int lost = replay_plan(m, p, &q, &r, &fs, t % 9 == 0);
                if (!fs.unformed_today)
                    assert_int_equal(lost, r.route.stragglers);
            }
        }
    }
    free(bd);
    free(bp);
    free(field);
    free(hexes);
    free(sides);
    bf_free(&g);
}

static void plan_states_brute_force_land(void **state)
{
    wr_planner *pl = *state;
    unsigned s = 2026;
    for (int trial = 0; trial < 60; trial++) {
        wr_map *m = random_land_map(&s, 3 + (int)(rnd(&s) % 4), 2 + (int)(rnd(&s) % 4));
        wr_plan_params p;
        random_params(&s, &p, 0);
        p.figures = (int)(rnd(&s) % 500);
        check_states_against_brute_force(pl, m, &p, 124, &s);
        wr_map_free(m);
    }
}

static void plan_states_brute_force_water(void **state)
{
    wr_planner *pl = *state;
    unsigned s = 1111;
    for (int trial = 0; trial < 60; trial++) {
        wr_map *m = random_water_map(&s, 3 + (int)(rnd(&s) % 4), 2 + (int)(rnd(&s) % 4));
        wr_plan_params p;
        random_params(&s, &p, 1);
        check_states_against_brute_force(pl, m, &p, 64, &s);
        wr_map_free(m);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(plan_brute_force_land),
        cmocka_unit_test(plan_brute_force_water),
        cmocka_unit_test(plan_plain_costs),
        cmocka_unit_test(plan_states_brute_force_land),
        cmocka_unit_test(plan_states_brute_force_water),
    };
    return cmocka_run_group_tests_name("campaign_brute_force", tests, planner_setup, planner_teardown);
}
