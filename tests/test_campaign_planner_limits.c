/* The planner at its limits: arrivals at WR_PLAN_MAX_DAYS and beyond,
   plans from a force that pressed on for many days (A* gives way to
   Dijkstra's search, the bucket ring grows), vessels on plain costs, their
   reachable sets and an unformed start, many labels waiting at once on a
   game's graph, a planner reused until its marks wrap, a late start, and
   the queries each search refuses. Every route is checked against another
   search (the field of the same query) or replayed with the wr_force_
   functions. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "warrules/campaign.h"

#define OK(call) assert_int_equal((call), WR_OK)

static wr_hex at(int q)
{
    wr_hex h = {q, 0};
    return h;
}

static wr_map *strip(int width, wr_hex_terrain terrain)
{
    wr_map *m = NULL;
    OK(wr_map_new(width, 1, &m));
    for (int q = 0; q < width && terrain != WR_HEX_CLEAR; q++)
        OK(wr_map_set_terrain(m, at(q), terrain));
    return m;
}

/* Sea with a coast hex every third hex: coastal waters all along, where
   longships go. */
static wr_map *coastal_strip(int width)
{
    wr_map *m = strip(width, WR_HEX_SEA);
    for (int q = 0; q < width; q += 3)
        OK(wr_map_set_terrain(m, at(q), WR_HEX_COAST));
    return m;
}

static int moved_today(const wr_force_state *f)
{
    return f->points_spent > 0 || f->unformed_today;
}

/* Carries a plan out with wr_force_move(), wr_force_end_day() and
   wr_force_rally() from its start: every step on its day with its points
   left and formation, the state on arrival as the plan predicted. */
static void replay(const wr_plan_params *p, const wr_plan_result *r, const wr_force_state *start)
{
    const int P = p->costs.daily_points;
    wr_force_state f = *start;
    size_t i = 1;
    for (int guard = 0; i < r->route.step_count; guard++) {
        assert_true(guard < 100000);
        const wr_plan_edge *mv = &r->moves[i];
        const wr_step *sp = &r->route.steps[i];
        int lost = 0, in = 0;
        if (mv->flags & WR_STEP_RALLY) {
            if (moved_today(&f)) {
                OK(wr_force_end_day(&f, P, 0, 0, 2, &lost));
            } else {
                OK(wr_force_rally(&f, P));
                assert_int_equal(f.day - 1, sp->day);
                i++;
            }
        } else {
            OK(wr_force_move(&f, P, mv, &in));
            if (in) {
                assert_int_equal(f.day, sp->day);
                assert_int_equal(P + f.points_saved - f.points_spent, sp->points_left);
                assert_int_equal(f.unformed, (sp->flags & WR_STEP_UNFORMED) != 0);
                i++;
            } else {
                OK(wr_force_end_day(&f, P, 0, 0, 2, &lost));
            }
        }
    }
    assert_memory_equal(&f, &r->arrival, sizeof f);
}

/* The arrival of a plan equals its field's at the target. */
static void same_as_field(wr_planner *pl, const wr_map *m, const wr_plan_params *p,
                          const wr_plan_query *q, wr_hex from, const wr_plan_result *r)
{
    int w = 0, h = 0;
    OK(wr_map_size(m, &w, &h));
    wr_arrival *field = calloc((size_t)(w * h), sizeof *field);
    assert_non_null(field);
    wr_route route = r->route; /* the planner's buffers are reused by the field */
    const wr_hex to = route.steps[route.step_count - 1].hex;
    const int day = route.arrival_day, left = route.points_left;
    OK(wr_planner_plan_field(pl, m, p, q, from, field, (size_t)(w * h)));
    int32_t idx = -1;
    OK(wr_map_index(m, to, &idx));
    assert_int_equal(field[idx].day, day);
    assert_int_equal(field[idx].points_left, left);
    free(field);
}

/* ---- WR_PLAN_MAX_DAYS ---- */

/* A strip of 5003 clear hexes entered for 200 points each by a force of 1
   point a day: hex k is reached on day 200 k, so hex 5000 on day 1000000
   (WR_PLAN_MAX_DAYS, the last day a plan reaches) and hex 5001 never, on
   foot or by a ferry from 5000. Every search agrees. */
#define FAR 5000
static wr_map *far_strip(wr_plan_params *p, int ferry_at_the_end)
{
    wr_map *m = strip(FAR + 3, WR_HEX_CLEAR);
    wr_hexside ferry = {WR_RIVER_MINOR, WR_CROSS_FERRY, 0, 0};
    if (ferry_at_the_end)
        OK(wr_map_set_hexside(m, at(FAR), 0, &ferry));
    OK(wr_plan_params_default(WR_MOVER_INFANTRY, p));
    p->costs.daily_points = 1;
    p->costs.enter[WR_HEX_CLEAR] = 200;
    return m;
}

static void arrivals_end_at_the_last_plan_day(void **state)
{
    (void)state;
    wr_plan_params p;
    wr_map *m = far_strip(&p, 0);
    wr_planner *pl = NULL;
    OK(wr_planner_new(&pl));
    wr_arrival *field = calloc(FAR + 3, sizeof *field);
    assert_non_null(field);
    const unsigned options[3] = {0, WR_PLAN_PLAIN_COSTS, WR_PLAN_UNFORMED};
    for (int i = 0; i < 6; i++) {
        if (i == 3) {
            wr_map_free(m);
            m = far_strip(&p, 1);
        }
        p.options = options[i % 3];
        OK(wr_planner_field(pl, m, &p, at(0), field, FAR + 3));
        assert_int_equal(field[1].day, 200);
        assert_int_equal(field[FAR].day, WR_PLAN_MAX_DAYS);
        assert_int_equal(field[FAR].points_left, 0);
        assert_int_equal(field[FAR + 1].day, -1);
        assert_int_equal(field[FAR + 2].day, -1);
        wr_route r;
        OK(wr_planner_route(pl, m, &p, at(0), at(FAR), &r));
        assert_int_equal(r.arrival_day, WR_PLAN_MAX_DAYS);
        assert_int_equal(r.step_count, FAR + 1);
        assert_int_equal(wr_planner_route(pl, m, &p, at(0), at(FAR + 1), &r), WR_ERR_FORBIDDEN);
        const wr_hex *hexes = NULL;
        size_t n = 0;
        OK(wr_planner_reachable(pl, m, &p, at(0), WR_PLAN_MAX_DAYS, &hexes, &n));
        assert_int_equal(n, FAR + 1);
    }
    /* the plans, by each objective, and a field with a blocked hex */
    p.options = WR_PLAN_UNFORMED;
    for (int objective = 0; objective < WR_OBJECTIVE_COUNT; objective++) {
        wr_plan_query q;
        memset(&q, 0, sizeof q);
        q.objective = objective;
        wr_plan_result r;
        OK(wr_planner_plan(pl, m, &p, &q, at(0), at(FAR + 1), &r));
        assert_int_equal(r.outcome, WR_PLAN_NO_ROUTE);
        OK(wr_planner_plan(pl, m, &p, &q, at(0), at(FAR), &r));
        assert_int_equal(r.outcome, WR_PLAN_FOUND);
        assert_int_equal(r.route.arrival_day, WR_PLAN_MAX_DAYS);
    }
    uint8_t blocked[(FAR + 3 + 7) / 8];
    memset(blocked, 0, sizeof blocked);
    blocked[(FAR + 2) / 8] = (uint8_t)(1u << ((FAR + 2) % 8));
    wr_plan_query q;
    memset(&q, 0, sizeof q);
    q.blocked_hexes = blocked;
    q.blocked_hexes_size = sizeof blocked;
    OK(wr_planner_plan_field(pl, m, &p, &q, at(0), field, FAR + 3));
    assert_int_equal(field[FAR].day, WR_PLAN_MAX_DAYS);
    assert_int_equal(field[FAR + 1].day, -1);
    free(field);
    wr_planner_free(pl);
    wr_map_free(m);
}

/* [Units, Formed and Unformed] cavalry in forest moves unformed only and
   reforms with a day at a rally point: in a forest strip of 200 points a
   hex it is at hex 1 formed on day 201, and it reaches hex 5000 unformed
   on day 1000000, too late to reform. */
static void unformed_arrivals_end_there_too(void **state)
{
    (void)state;
    wr_map *m = strip(FAR + 2, WR_HEX_FOREST);
    wr_plan_params p;
    OK(wr_plan_params_default(WR_MOVER_CAVALRY, &p));
    p.costs.daily_points = 1;
    p.costs.enter[WR_HEX_FOREST] = 200;
    p.options = WR_PLAN_UNFORMED;
    wr_planner *pl = NULL;
    OK(wr_planner_new(&pl));
    wr_arrival *field = calloc(FAR + 2, sizeof *field);
    assert_non_null(field);
    OK(wr_planner_field(pl, m, &p, at(0), field, FAR + 2));
    assert_int_equal(field[1].day, 201);
    assert_int_equal(field[FAR].day, -1);
    wr_plan_query q;
    memset(&q, 0, sizeof q);
    q.objective = WR_OBJECTIVE_EARLIEST;
    OK(wr_planner_plan_field(pl, m, &p, &q, at(0), field, FAR + 2));
    assert_int_equal(field[FAR].day, WR_PLAN_MAX_DAYS);
    assert_int_equal(field[FAR + 1].day, -1);
    uint8_t blocked[(FAR + 2 + 7) / 8];
    memset(blocked, 0, sizeof blocked);
    blocked[0] = 1; /* the start's own hex: nothing enters it */
    q.blocked_hexes = blocked;
    q.blocked_hexes_size = sizeof blocked;
    OK(wr_planner_plan_field(pl, m, &p, &q, at(0), field, FAR + 2));
    assert_int_equal(field[FAR].day, WR_PLAN_MAX_DAYS);
    assert_int_equal(field[FAR + 1].day, -1);
    wr_plan_result r;
    OK(wr_planner_plan(pl, m, &p, &q, at(0), at(FAR), &r));
    assert_int_equal(r.outcome, WR_PLAN_FOUND);
    assert_int_equal(r.route.arrival_day, WR_PLAN_MAX_DAYS);
    assert_int_equal(r.arrival.unformed, 1);
    q.objective = WR_OBJECTIVE_EARLIEST_FORMED;
    OK(wr_planner_plan(pl, m, &p, &q, at(0), at(FAR), &r));
    assert_int_equal(r.outcome, WR_PLAN_NO_ROUTE);
    free(field);
    wr_planner_free(pl);
    wr_map_free(m);
}

/* The same for vessels (a sailing ship on open sea, 200 points a hex) and
   for a game's graph (a chain of crossings of 1000 days each). */
static int chain_moves(void *user, int32_t node, wr_plan_edge *out, int capacity)
{
    const int32_t *count = user;
    (void)capacity;
    if (node + 1 >= *count)
        return 0;
    wr_plan_edge e = {node + 1, 0, WR_PLAN_MAX_EDGE_DAYS, WR_STEP_FERRY};
    out[0] = e;
    return 1;
}

static void vessels_and_graphs_end_there_too(void **state)
{
    (void)state;
    wr_map *m = strip(FAR + 2, WR_HEX_SEA);
    wr_plan_params p;
    OK(wr_plan_params_default(WR_MOVER_SAILING_SHIP, &p));
    p.costs.daily_points = 1;
    p.costs.enter[WR_HEX_SEA] = 200;
    wr_planner *pl = NULL;
    OK(wr_planner_new(&pl));
    wr_arrival *field = calloc(FAR + 2, sizeof *field);
    assert_non_null(field);
    for (int plain = 0; plain <= 1; plain++) {
        p.options = plain ? WR_PLAN_PLAIN_COSTS : 0u;
        OK(wr_planner_field(pl, m, &p, at(0), field, FAR + 2));
        assert_int_equal(field[FAR].day, WR_PLAN_MAX_DAYS);
        assert_int_equal(field[FAR + 1].day, -1);
        wr_route r;
        OK(wr_planner_route(pl, m, &p, at(0), at(FAR), &r));
        assert_int_equal(r.arrival_day, WR_PLAN_MAX_DAYS);
        assert_int_equal(wr_planner_route(pl, m, &p, at(0), at(FAR + 1), &r), WR_ERR_FORBIDDEN);
    }
    free(field);
    int32_t count = 1002;
    wr_plan_graph g = {count, chain_moves, NULL, &count};
    wr_route r;
    OK(wr_planner_route_graph(pl, &g, &p, 0, 1000, &r));
    assert_int_equal(r.arrival_day, WR_PLAN_MAX_DAYS);
    assert_int_equal(wr_planner_route_graph(pl, &g, &p, 0, 1001, &r), WR_ERR_FORBIDDEN);
    wr_planner_free(pl);
    wr_map_free(m);
}

/* ---- a force that pressed on for many days ---- */

/* Day 20 with 19 days of points saved, pressing on ("Saving Move
   Points"): every move today is paid from the savings, but a crossing's
   whole days start only on a fresh day, far beyond them. */
static wr_force_state long_press(int day, int P)
{
    wr_force_state f;
    OK(wr_force_start(&f));
    f.day = day;
    f.points_saved = (day - 1) * P;
    f.pressing = 1;
    OK(wr_force_check(&f, P));
    return f;
}

/* A* keys its queue by label + distance; a crossing from such a start
   lands far past its ring, and the plan falls back to Dijkstra's search:
   the route is the field's, and replays move by move. The field's own
   search grows its ring for the same jump, with and without a blocked hex
   (which takes the general search). */
static void a_long_press_then_a_crossing(void **state)
{
    (void)state;
    wr_map *m = strip(8, WR_HEX_CLEAR);
    wr_hexside ferry = {WR_RIVER_MAJOR, WR_CROSS_FERRY, 0, 0}; /* two days, no swimming */
    OK(wr_map_set_hexside(m, at(2), 0, &ferry));
    OK(wr_map_set_terrain(m, at(5), WR_HEX_FOREST));
    OK(wr_map_set_terrain(m, at(6), WR_HEX_FOREST));
    const wr_mover movers[2] = {WR_MOVER_INFANTRY, WR_MOVER_CAVALRY};
    for (int k = 0; k < 2; k++) {
        wr_plan_params p;
        OK(wr_plan_params_default(movers[k], &p));
        p.options = WR_PLAN_UNFORMED; /* cavalry enters forest unformed */
        const int P = p.costs.daily_points;
        wr_force_state start = long_press(20, P);
        wr_plan_query q;
        memset(&q, 0, sizeof q);
        q.start = &start;
        wr_planner *pl = NULL;
        OK(wr_planner_new(&pl));
        for (int objective = 0; objective < 2; objective++) {
            q.objective = objective;
            wr_plan_result r;
            OK(wr_planner_plan(pl, m, &p, &q, at(0), at(7), &r));
            assert_int_equal(r.outcome, WR_PLAN_FOUND);
            assert_true(r.route.arrival_day > 20);
            replay(&p, &r, &start);
            wr_plan_result again = r;
            same_as_field(pl, m, &p, &q, at(0), &again);
        }
        uint8_t blocked[1] = {1u << 4}; /* hex 4: no way round on a strip */
        q.blocked_hexes = blocked;
        q.blocked_hexes_size = 1;
        q.objective = WR_OBJECTIVE_EARLIEST_FORMED;
        wr_arrival field[8];
        OK(wr_planner_plan_field(pl, m, &p, &q, at(0), field, 8));
        assert_true(field[3].day > 20);
        assert_int_equal(field[4].day, -1);
        assert_int_equal(field[7].day, -1);
        wr_planner_free(pl);
    }
    wr_map_free(m);
}

/* The same on ground of mixed terrain, 12 x 10 hexes with a river and a
   lake (Dijkstra's search drops entries whose state got a smaller label
   since): every hex's route from the long press is its field's; the lake
   is no route at all. */
static void a_long_press_across_mixed_ground(void **state)
{
    (void)state;
    wr_map *m = NULL;
    OK(wr_map_new(12, 10, &m));
    const wr_hex_terrain kinds[5] = {WR_HEX_CLEAR, WR_HEX_HILLS, WR_HEX_FOREST, WR_HEX_CLEAR,
                                     WR_HEX_SWAMP};
    for (int r = 0; r < 10; r++)
        for (int c = 0; c < 12; c++) {
            wr_hex h;
            OK(wr_hex_from_offset(c, r, &h));
            OK(wr_map_set_terrain(m, h, kinds[(c * 3 + r * 7) % 5]));
            if (c == 5) {
                wr_hexside river = {WR_RIVER_MAJOR, r % 4 ? WR_CROSS_OPEN : WR_CROSS_FERRY, 0, 0};
                OK(wr_map_set_hexside(m, h, 0, &river));
            }
        }
    wr_hex lake;
    OK(wr_hex_from_offset(11, 9, &lake));
    OK(wr_map_set_terrain(m, lake, WR_HEX_LAKE));
    wr_plan_params p;
    OK(wr_plan_params_default(WR_MOVER_CAVALRY, &p));
    p.options = WR_PLAN_UNFORMED;
    wr_force_state start = long_press(20, p.costs.daily_points);
    wr_plan_query q;
    memset(&q, 0, sizeof q);
    q.start = &start;
    wr_planner *pl = NULL;
    OK(wr_planner_new(&pl));
    wr_hex from;
    OK(wr_hex_from_offset(1, 4, &from));
    for (int r = 0; r < 10; r += 3)
        for (int c = 7; c < 12; c += 2) {
            wr_hex to;
            OK(wr_hex_from_offset(c, r, &to));
            wr_plan_result res;
            OK(wr_planner_plan(pl, m, &p, &q, from, to, &res));
            if (c == 11 && r == 9) {
                assert_int_equal(res.outcome, WR_PLAN_NO_ROUTE);
                continue;
            }
            assert_int_equal(res.outcome, WR_PLAN_FOUND);
            replay(&p, &res, &start);
            same_as_field(pl, m, &p, &q, from, &res);
        }
    wr_plan_result res;
    OK(wr_planner_plan(pl, m, &p, &q, from, lake, &res));
    assert_int_equal(res.outcome, WR_PLAN_NO_ROUTE);
    wr_planner_free(pl);
    wr_map_free(m);
}

/* A vessel, unformed from its start: the rally day it may take lands as
   far off. Dijkstra's search for vessels finds the field's arrival. */
static void a_vessel_after_a_long_press(void **state)
{
    (void)state;
    wr_map *m = coastal_strip(8);
    wr_plan_params p;
    OK(wr_plan_params_default(WR_MOVER_LONGSHIP, &p));
    p.options = WR_PLAN_UNFORMED;
    wr_force_state start = long_press(30, p.costs.daily_points);
    start.unformed = 1;
    wr_plan_query q;
    memset(&q, 0, sizeof q);
    q.start = &start;
    q.objective = WR_OBJECTIVE_EARLIEST;
    wr_planner *pl = NULL;
    OK(wr_planner_new(&pl));
    wr_plan_result r;
    OK(wr_planner_plan(pl, m, &p, &q, at(0), at(7), &r));
    assert_int_equal(r.outcome, WR_PLAN_FOUND);
    replay(&p, &r, &start);
    same_as_field(pl, m, &p, &q, at(0), &r);
    /* the land beyond the coast: no route, after the whole search */
    wr_map *m2 = coastal_strip(9);
    OK(wr_map_set_terrain(m2, at(8), WR_HEX_HILLS));
    OK(wr_planner_plan(pl, m2, &p, &q, at(0), at(8), &r));
    assert_int_equal(r.outcome, WR_PLAN_NO_ROUTE);
    wr_map_free(m2);
    /* unformed on day 1 with nothing saved, the field's search prunes
       unformed states no earlier than their hex's formed one (search_core.h):
       the arrivals are those of 10 points a hex all the same */
    OK(wr_force_start(&start));
    start.unformed = 1;
    wr_arrival field[8];
    OK(wr_planner_plan_field(pl, m, &p, &q, at(0), field, 8));
    for (int k = 1; k < 8; k++) {
        assert_int_equal(field[k].day, 1);
        assert_int_equal(field[k].points_left, 70 - 10 * k);
    }
    /* a short press: A* itself, which ends on the unformed target */
    start = long_press(2, p.costs.daily_points);
    start.unformed = 1;
    OK(wr_planner_plan(pl, m, &p, &q, at(0), at(7), &r));
    assert_int_equal(r.outcome, WR_PLAN_FOUND);
    assert_int_equal(r.arrival.unformed, 1);
    replay(&p, &r, &start);
    wr_planner_free(pl);
    wr_map_free(m);
}

/* ---- vessels on plain costs, their reachable sets ---- */

/* Plain costs are points plus days x daily points; a longship pays 10 a
   sea hex, 70 a day: hex k on day 1 with 70 - 10 k left while k <= 7. Its
   reachable set within a day is those eight hexes. */
static void vessels_on_plain_costs(void **state)
{
    (void)state;
    wr_map *m = coastal_strip(12);
    wr_plan_params p;
    OK(wr_plan_params_default(WR_MOVER_LONGSHIP, &p));
    p.options = WR_PLAN_PLAIN_COSTS;
    wr_planner *pl = NULL;
    OK(wr_planner_new(&pl));
    wr_arrival field[12];
    OK(wr_planner_field(pl, m, &p, at(0), field, 12));
    for (int k = 1; k <= 7; k++) {
        assert_int_equal(field[k].day, 1);
        assert_int_equal(field[k].points_left, 70 - 10 * k);
    }
    assert_int_equal(field[8].day, 2);
    wr_plan_result r;
    OK(wr_planner_plan(pl, m, &p, NULL, at(0), at(9), &r));
    assert_int_equal(r.outcome, WR_PLAN_FOUND);
    assert_int_equal(r.route.step_count, 10);
    for (size_t i = 1; i < r.route.step_count; i++) {
        assert_int_equal(r.moves[i].points, 10);
        assert_int_equal(r.moves[i].to, (int32_t)i);
    }
    p.options = 0;
    const wr_hex *hexes = NULL;
    size_t n = 0;
    OK(wr_planner_reachable(pl, m, &p, at(0), 1, &hexes, &n));
    assert_int_equal(n, 8);
    for (size_t i = 0; i < n; i++)
        assert_true(hexes[i].q <= 7);
    wr_planner_free(pl);
    wr_map_free(m);
}

/* ---- many labels waiting at once ---- */

/* A game's graph: node 0 leads to 32 nodes for 1..32 points, each of them
   to 32 leaves, all 1,024 leaves at different labels from 10,000 points on
   (the queue holds more labels than its pool has chunks, and a move longer
   than its ring). Leaf 1 + 32 + 32 i + j is reached through node 1 + i. */
#define TREE_LEAVES 1024
static int tree_moves(void *user, int32_t node, wr_plan_edge *out, int capacity)
{
    (void)user;
    (void)capacity;
    if (node == 0) {
        for (int i = 0; i < 32; i++) {
            wr_plan_edge e = {1 + i, 1 + i, 0, 0};
            out[i] = e;
        }
        return 32;
    }
    if (node <= 32) {
        for (int j = 0; j < 32; j++) {
            wr_plan_edge e = {33 + 32 * (node - 1) + j, 10000 + 32 * (node - 1) + j, 0, 0};
            out[j] = e;
        }
        return 32;
    }
    return 0;
}

static void many_labels_waiting_at_once(void **state)
{
    (void)state;
    wr_plan_graph g = {33 + TREE_LEAVES, tree_moves, NULL, NULL};
    wr_plan_params p;
    OK(wr_plan_params_default(WR_MOVER_INFANTRY, &p));
    p.costs.daily_points = 1000;
    wr_planner *pl = NULL;
    OK(wr_planner_new(&pl));
    for (int32_t leaf = 33; leaf < 33 + TREE_LEAVES; leaf += 97) {
        wr_route r;
        OK(wr_planner_route_graph(pl, &g, &p, 0, leaf, &r));
        const int via = 1 + (leaf - 33) / 32, label = via + 10000 + (leaf - 33);
        assert_int_equal(r.step_count, 3);
        assert_int_equal(r.steps[1].node, via);
        assert_int_equal(r.steps[2].node, leaf);
        assert_int_equal(r.arrival_day, (label + 999) / 1000);
        assert_int_equal(r.points_left, r.arrival_day * 1000 - label);
    }
    wr_planner_free(pl);
}

/* ---- a planner reused ---- */

/* A* marks the states it ranks with numbers that grow from query to
   query; after about 15,000 routes on a map of 512 x 512 hexes they wrap
   round and are cleared: the route stays the same. */
static void routes_survive_the_marks_wrapping(void **state)
{
    (void)state;
    wr_map *m = NULL;
    OK(wr_map_new(512, 512, &m));
    wr_plan_params p;
    OK(wr_plan_params_default(WR_MOVER_INFANTRY, &p));
    p.options = WR_PLAN_PLAIN_COSTS;
    wr_planner *pl = NULL;
    OK(wr_planner_new(&pl));
    const wr_hex from = {100, 200}, to = {103, 202};
    wr_route r;
    OK(wr_planner_route(pl, m, &p, from, to, &r));
    const size_t n = r.step_count;
    wr_step first[16];
    assert_true(n <= 16);
    memcpy(first, r.steps, n * sizeof *first);
    for (int i = 0; i < 16000; i++) {
        OK(wr_planner_route(pl, m, &p, from, to, &r));
        assert_int_equal(r.step_count, n);
    }
    assert_memory_equal(r.steps, first, n * sizeof *first);
    wr_planner_free(pl);
    wr_map_free(m);
}

/* A plan from day 5000 (labels past 2^22 points) is the plan from day 1,
   4999 days later, on an open plain where hundreds of states tie on the
   shortest paths. */
static void a_late_start_is_the_same_plan_later(void **state)
{
    (void)state;
    wr_map *m = NULL;
    OK(wr_map_new(30, 20, &m));
    wr_plan_params p;
    OK(wr_plan_params_default(WR_MOVER_INFANTRY, &p));
    p.costs.daily_points = 1000;
    wr_planner *pl = NULL;
    OK(wr_planner_new(&pl));
    const wr_hex from = {0, 0}, to = {16, 16};
    wr_plan_result r;
    OK(wr_planner_plan(pl, m, &p, NULL, from, to, &r));
    assert_int_equal(r.outcome, WR_PLAN_FOUND);
    const size_t n = r.route.step_count;
    wr_step *early = malloc(n * sizeof *early);
    assert_non_null(early);
    memcpy(early, r.route.steps, n * sizeof *early);
    wr_force_state late;
    OK(wr_force_start(&late));
    late.day = 5000;
    wr_plan_query q;
    memset(&q, 0, sizeof q);
    q.start = &late;
    OK(wr_planner_plan(pl, m, &p, &q, from, to, &r));
    assert_int_equal(r.route.step_count, n);
    for (size_t i = 0; i < n; i++) {
        assert_int_equal(r.route.steps[i].node, early[i].node);
        assert_int_equal(r.route.steps[i].day, early[i].day + 4999);
        assert_int_equal(r.route.steps[i].points_left, early[i].points_left);
    }
    free(early);
    wr_planner_free(pl);
    wr_map_free(m);
}

/* ---- queries refused, or read as they say ---- */

/* Plain costs with a blocked hex: the route goes round it at the plain
   field's cost. */
static void plain_costs_round_a_blocked_hex(void **state)
{
    (void)state;
    wr_map *m = NULL;
    OK(wr_map_new(6, 3, &m));
    wr_plan_params p;
    OK(wr_plan_params_default(WR_MOVER_INFANTRY, &p));
    p.options = WR_PLAN_PLAIN_COSTS;
    int32_t blocked_index = -1;
    const wr_hex block = {2, 1}, from = {0, 1}, to = {4, 1};
    OK(wr_map_index(m, block, &blocked_index));
    uint8_t blocked[3] = {0, 0, 0};
    blocked[blocked_index / 8] = (uint8_t)(1u << (blocked_index % 8));
    wr_plan_query q;
    memset(&q, 0, sizeof q);
    q.blocked_hexes = blocked;
    q.blocked_hexes_size = sizeof blocked;
    wr_planner *pl = NULL;
    OK(wr_planner_new(&pl));
    wr_plan_result r;
    OK(wr_planner_plan(pl, m, &p, &q, from, to, &r));
    assert_int_equal(r.outcome, WR_PLAN_FOUND);
    for (size_t i = 0; i < r.route.step_count; i++)
        assert_int_not_equal(r.route.steps[i].node, blocked_index);
    same_as_field(pl, m, &p, &q, from, &r);
    wr_planner_free(pl);
    wr_map_free(m);
}

/* A start on the far bank of a crossing is refused (its step is not
   finished); a force that entered a hex unformed today has moved: a
   crossing waits for tomorrow, as the replay says. The fewest-unformed
   objective has nothing to choose on plain costs (no formations): it is
   the earliest route. A start the mover cannot be in is refused by every
   objective and by the field. */
static void plan_queries_read_as_they_say(void **state)
{
    (void)state;
    wr_map *m = strip(6, WR_HEX_CLEAR);
    wr_hexside ferry = {WR_RIVER_MAJOR, WR_CROSS_FERRY, 0, 0};
    OK(wr_map_set_hexside(m, at(1), 0, &ferry));
    OK(wr_map_set_terrain(m, at(5), WR_HEX_LAKE));
    wr_plan_params p;
    OK(wr_plan_params_default(WR_MOVER_CAVALRY, &p));
    p.options = WR_PLAN_UNFORMED;
    wr_planner *pl = NULL;
    OK(wr_planner_new(&pl));
    wr_force_state start;
    OK(wr_force_start(&start));
    start.day = 3;
    start.far_bank = 1;
    start.crossing = WR_STEP_FERRY;
    wr_plan_query q;
    memset(&q, 0, sizeof q);
    q.start = &start;
    wr_plan_result r;
    memset(&r, 0x5a, sizeof r);
    assert_int_equal(wr_planner_plan(pl, m, &p, &q, at(0), at(4), &r), WR_ERR_STATE);
    wr_error e;
    OK(wr_last_error_detail(&e));
    assert_string_equal(e.argument, "query->start");
    assert_int_equal(r.outcome, 0x5a5a5a5a);
    OK(wr_force_start(&start));
    start.unformed = 1;
    start.unformed_today = 1;
    OK(wr_planner_plan(pl, m, &p, &q, at(1), at(4), &r));
    assert_int_equal(r.outcome, WR_PLAN_FOUND);
    assert_int_equal(r.route.steps[1].day, 4); /* the ferry on days 2 and 3, the far hex on 4 */
    replay(&p, &r, &start);
    /* fewest unformed days, on plain costs: the earliest route */
    p.options = WR_PLAN_PLAIN_COSTS;
    q.start = NULL;
    q.objective = WR_OBJECTIVE_FEWEST_UNFORMED;
    OK(wr_planner_plan(pl, m, &p, &q, at(0), at(4), &r));
    wr_route fewest = r.route;
    q.objective = WR_OBJECTIVE_EARLIEST;
    OK(wr_planner_plan(pl, m, &p, &q, at(0), at(4), &r));
    assert_int_equal(fewest.arrival_day, r.route.arrival_day);
    assert_int_equal(fewest.points_left, r.route.points_left);
    /* from a lake */
    p.options = WR_PLAN_UNFORMED;
    q.objective = WR_OBJECTIVE_FEWEST_UNFORMED;
    assert_int_equal(wr_planner_plan(pl, m, &p, &q, at(5), at(0), &r), WR_ERR_FORBIDDEN);
    q.objective = WR_OBJECTIVE_EARLIEST;
    wr_arrival field[6];
    assert_int_equal(wr_planner_plan_field(pl, m, &p, &q, at(5), field, 6), WR_ERR_FORBIDDEN);
    OK(wr_last_error_detail(&e));
    assert_string_equal(e.function, "wr_planner_plan_field");
    assert_string_equal(e.argument, "from");
    /* the field checks its parameters as the plan does */
    wr_plan_params bad = p;
    bad.tide = 9;
    assert_int_equal(wr_planner_plan_field(pl, m, &bad, &q, at(0), field, 6), WR_ERR_INVALID);
    OK(wr_last_error_detail(&e));
    assert_string_equal(e.argument, "params->tide");
    /* [Units, Formed and Unformed] arrived at its rally point unformed, the
       force reforms there in a day: its first rally day */
    OK(wr_force_start(&start));
    start.unformed = 1;
    start.at_rally = 1;
    q.start = &start;
    q.objective = WR_OBJECTIVE_EARLIEST_FORMED;
    OK(wr_planner_plan(pl, m, &p, &q, at(3), at(3), &r));
    assert_int_equal(r.outcome, WR_PLAN_FOUND);
    assert_int_equal(r.route.step_count, 2);
    assert_true(r.moves[1].flags & WR_STEP_RALLY);
    assert_int_equal(r.arrival.rally_days, 1);
    replay(&p, &r, &start);
    wr_planner_free(pl);
    wr_map_free(m);
}

/* Plain costs without unformed movement: cavalry does not enter forest (it
   moves there only unformed), and the plan's moves skip the forest's. */
static void plain_costs_skip_unformed_moves(void **state)
{
    (void)state;
    wr_map *m = strip(4, WR_HEX_CLEAR);
    OK(wr_map_set_terrain(m, at(3), WR_HEX_FOREST));
    wr_plan_params p;
    OK(wr_plan_params_default(WR_MOVER_CAVALRY, &p));
    p.options = WR_PLAN_PLAIN_COSTS;
    wr_planner *pl = NULL;
    OK(wr_planner_new(&pl));
    wr_plan_result r;
    OK(wr_planner_plan(pl, m, &p, NULL, at(2), at(0), &r));
    assert_int_equal(r.outcome, WR_PLAN_FOUND);
    assert_int_equal(r.route.step_count, 3);
    assert_int_equal(r.moves[1].to, 1);
    assert_int_equal(r.moves[1].points, p.costs.enter[WR_HEX_CLEAR]);
    assert_int_equal(r.moves[1].flags & WR_STEP_UNFORMED, 0);
    OK(wr_planner_plan(pl, m, &p, NULL, at(2), at(3), &r));
    assert_int_equal(r.outcome, WR_PLAN_NO_ROUTE);
    wr_planner_free(pl);
    wr_map_free(m);
}

/* The planner's records of a map carry an epoch that wraps after 255 new
   parameter sets: routes stay the same across the wrap (here without any
   plain-cost records), and so do fields (the full rules' records have an
   epoch of their own). */
static void routes_survive_the_records_epoch_wrapping(void **state)
{
    (void)state;
    wr_map *m = NULL;
    OK(wr_map_new(8, 8, &m));
    const wr_hex from = {0, 0}, to = {3, 6};
    OK(wr_map_set_terrain(m, to, WR_HEX_HILLS));
    wr_planner *pl = NULL;
    OK(wr_planner_new(&pl));
    int first[2] = {0, 0};
    for (int i = 0; i < 600; i++) {
        wr_plan_params p;
        OK(wr_plan_params_default(WR_MOVER_INFANTRY, &p));
        p.costs.daily_points = 12 + i % 2; /* a new table each time */
        wr_route r;
        OK(wr_planner_route(pl, m, &p, from, to, &r));
        if (i < 2)
            first[i] = r.arrival_day * 100 + r.points_left;
        else
            assert_int_equal(r.arrival_day * 100 + r.points_left, first[i % 2]);
        wr_arrival field[64];
        int32_t goal = -1;
        OK(wr_map_index(m, to, &goal));
        OK(wr_planner_field(pl, m, &p, from, field, 64));
        assert_int_equal(field[goal].day * 100 + field[goal].points_left, first[i % 2]);
    }
    wr_planner_free(pl);
    wr_map_free(m);
}

/* A game's graph where the ring grows twice: first with two states queued
   in one bucket, then with entries gone stale (a state offered a label,
   then a smaller one, one of them already settled). The routes are the
   cheapest: Y through B, X and Z (2 + 1 + 1 + 20000 points), W through D
   (2 + 3000). */
enum { G_START, G_A, G_C, G_B, G_D, G_X, G_Z, G_Y, G_W, G_COUNT };
static int stale_moves(void *user, int32_t node, wr_plan_edge *out, int capacity)
{
    (void)user;
    (void)capacity;
    static const wr_plan_edge from_start[4] = {
        {G_A, 1, 0, 0}, {G_C, 1, 0, 0}, {G_B, 2, 0, 0}, {G_D, 2, 0, 0}};
    int n = 0;
    switch (node) {
    case G_START:
        memcpy(out, from_start, sizeof from_start);
        return 4;
    case G_A: out[n++] = (wr_plan_edge){G_X, 5000, 0, 0}; break;
    case G_C: out[n++] = (wr_plan_edge){G_W, 6000, 0, 0}; break;
    case G_B: out[n++] = (wr_plan_edge){G_X, 1, 0, 0}; break;
    case G_D: out[n++] = (wr_plan_edge){G_W, 3000, 0, 0}; break;
    case G_X: out[n++] = (wr_plan_edge){G_Z, 1, 0, 0}; break;
    case G_Z: out[n++] = (wr_plan_edge){G_Y, 20000, 0, 0}; break;
    default: break;
    }
    return n;
}

static void the_ring_keeps_live_entries_only(void **state)
{
    (void)state;
    wr_plan_graph g = {G_COUNT, stale_moves, NULL, NULL};
    wr_plan_params p;
    OK(wr_plan_params_default(WR_MOVER_INFANTRY, &p));
    p.costs.daily_points = 1000;
    wr_planner *pl = NULL;
    OK(wr_planner_new(&pl));
    wr_route r;
    OK(wr_planner_route_graph(pl, &g, &p, G_START, G_Y, &r));
    assert_int_equal(r.step_count, 5);
    const int32_t path[5] = {G_START, G_B, G_X, G_Z, G_Y};
    for (int i = 0; i < 5; i++)
        assert_int_equal(r.steps[i].node, path[i]);
    assert_int_equal(r.arrival_day, 21); /* 20004 points */
    assert_int_equal(r.points_left, 996);
    OK(wr_planner_route_graph(pl, &g, &p, G_START, G_W, &r));
    assert_int_equal(r.steps[1].node, G_D);
    assert_int_equal(r.arrival_day, 4); /* 3002 points */
    assert_int_equal(r.points_left, 998);
    wr_planner_free(pl);
}

/* An allocator that refuses to hold more than `most` bytes at once. */
typedef struct capped {
    size_t live, peak, most;
} capped;

static void *capped_fn(void *user, void *ptr, size_t old_size, size_t new_size)
{
    capped *c = user;
    if (new_size == 0) {
        free(ptr);
        c->live -= old_size;
        return NULL;
    }
    if (c->live - old_size + new_size > c->most)
        return NULL;
    void *q = realloc(ptr, new_size);
    if (q != NULL) {
        c->live = c->live - old_size + new_size;
        if (c->live > c->peak)
            c->peak = c->live;
    }
    return q;
}

/* A press of half a million days at 1000 points a day (5 x 10^8 points
   saved): the crossing from the start lands 5 x 10^8 points past it. The
   ring stays within its limit (2 x the largest move) and the far entries
   wait in its overflow: the planner holds less than 16 MiB where the ring
   once grew to 2^30 buckets (8 GiB). Routes, fields and reachable sets are
   the same as ever (replayed, and checked against the field). */
static void a_huge_saving_keeps_the_ring_small(void **state)
{
    (void)state;
    wr_map *m = strip(8, WR_HEX_CLEAR);
    wr_hexside ferry = {WR_RIVER_MAJOR, WR_CROSS_FERRY, 0, 0};
    OK(wr_map_set_hexside(m, at(2), 0, &ferry));
    OK(wr_map_set_terrain(m, at(5), WR_HEX_FOREST));
    capped cap = {0, 0, (size_t)16 << 20};
    wr_allocator alloc = {capped_fn, &cap};
    const wr_mover movers[2] = {WR_MOVER_INFANTRY, WR_MOVER_CAVALRY};
    for (int k = 0; k < 2; k++) {
        wr_plan_params p;
        OK(wr_plan_params_default(movers[k], &p));
        p.costs.daily_points = 1000;
        p.options = k ? WR_PLAN_UNFORMED : 0;
        wr_force_state start = long_press(500000, 1000);
        wr_plan_query q;
        memset(&q, 0, sizeof q);
        q.start = &start;
        wr_planner *pl = NULL;
        OK(wr_planner_new_ex(&alloc, &pl));
        for (int objective = 0; objective < 2; objective++) {
            q.objective = objective;
            wr_plan_result r;
            OK(wr_planner_plan(pl, m, &p, &q, at(0), at(7), &r));
            assert_int_equal(r.outcome, WR_PLAN_FOUND);
            assert_true(r.route.arrival_day > 500000);
            replay(&p, &r, &start);
            wr_plan_result again = r;
            same_as_field(pl, m, &p, &q, at(0), &again);
        }
        /* the same start with the field's full rules and a reachable set */
        wr_arrival field[8];
        OK(wr_planner_plan_field(pl, m, &p, &q, at(0), field, 8));
        assert_true(field[7].day > 500000);
        assert_true(field[1].day == 500000);
        wr_planner_free(pl);
    }
    assert_true(cap.peak < cap.most);
    assert_int_equal(cap.live, 0);
    wr_map_free(m);
}

/* WR_OBJECTIVE_FEWEST_UNFORMED on a wide forest for cavalry (unformed
   there): no route with fewer days of unformed movement than it finds,
   and none earlier than the earliest. On open ground sprinkled with forest
   its queue outgrows its first block while it looks for a lake. */
static void fewest_unformed_on_a_wide_forest(void **state)
{
    (void)state;
    wr_map *m = NULL;
    OK(wr_map_new(60, 60, &m));
    for (int r = 0; r < 60; r++)
        for (int c = 0; c < 60; c++) {
            wr_hex h;
            OK(wr_hex_from_offset(c, r, &h));
            OK(wr_map_set_terrain(m, h, (c * 7 + r * 3) % 5 == 0 ? WR_HEX_FOREST : WR_HEX_CLEAR));
        }
    wr_hex lake;
    OK(wr_hex_from_offset(59, 59, &lake));
    OK(wr_map_set_terrain(m, lake, WR_HEX_LAKE));
    {
        wr_plan_params p;
        OK(wr_plan_params_default(WR_MOVER_CAVALRY, &p));
        p.options = WR_PLAN_UNFORMED;
        wr_planner *pl = NULL;
        OK(wr_planner_new(&pl));
        wr_hex centre;
        OK(wr_hex_from_offset(30, 30, &centre));
        wr_plan_query q;
        memset(&q, 0, sizeof q);
        q.objective = WR_OBJECTIVE_FEWEST_UNFORMED;
        wr_plan_result r;
        OK(wr_planner_plan(pl, m, &p, &q, centre, lake, &r));
        assert_int_equal(r.outcome, WR_PLAN_NO_ROUTE);
        wr_planner_free(pl);
    }
    for (int r = 0; r < 40; r++)
        for (int c = 0; c < 40; c++) {
            wr_hex h;
            OK(wr_hex_from_offset(c, r, &h));
            OK(wr_map_set_terrain(m, h, (c + r) % 3 ? WR_HEX_FOREST : WR_HEX_CLEAR));
        }
    wr_plan_params p;
    OK(wr_plan_params_default(WR_MOVER_CAVALRY, &p));
    p.options = WR_PLAN_UNFORMED;
    wr_planner *pl = NULL;
    OK(wr_planner_new(&pl));
    wr_hex from, to;
    OK(wr_hex_from_offset(0, 0, &from));
    OK(wr_hex_from_offset(39, 39, &to));
    wr_plan_query q;
    memset(&q, 0, sizeof q);
    q.objective = WR_OBJECTIVE_EARLIEST_FORMED;
    wr_plan_result r;
    OK(wr_planner_plan(pl, m, &p, &q, from, to, &r));
    const wr_route earliest = r.route;
    q.objective = WR_OBJECTIVE_FEWEST_UNFORMED;
    OK(wr_planner_plan(pl, m, &p, &q, from, to, &r));
    assert_int_equal(r.outcome, WR_PLAN_FOUND);
    assert_true(r.route.unformed_days <= earliest.unformed_days);
    assert_true(r.route.arrival_day >= earliest.arrival_day);
    wr_force_state zero;
    OK(wr_force_start(&zero));
    replay(&p, &r, &zero);
    wr_planner_free(pl);
    wr_map_free(m);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(arrivals_end_at_the_last_plan_day),
        cmocka_unit_test(unformed_arrivals_end_there_too),
        cmocka_unit_test(vessels_and_graphs_end_there_too),
        cmocka_unit_test(a_long_press_then_a_crossing),
        cmocka_unit_test(a_long_press_across_mixed_ground),
        cmocka_unit_test(a_vessel_after_a_long_press),
        cmocka_unit_test(vessels_on_plain_costs),
        cmocka_unit_test(many_labels_waiting_at_once),
        cmocka_unit_test(routes_survive_the_marks_wrapping),
        cmocka_unit_test(a_late_start_is_the_same_plan_later),
        cmocka_unit_test(plain_costs_round_a_blocked_hex),
        cmocka_unit_test(plan_queries_read_as_they_say),
        cmocka_unit_test(plain_costs_skip_unformed_moves),
        cmocka_unit_test(routes_survive_the_records_epoch_wrapping),
        cmocka_unit_test(the_ring_keeps_live_entries_only),
        cmocka_unit_test(fewest_unformed_on_a_wide_forest),
        cmocka_unit_test(a_huge_saving_keeps_the_ring_small),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
