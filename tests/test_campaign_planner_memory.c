/* The planner's memory, allocation by allocation: each query kind of
   tests/test_campaign_planner_limits.c that makes the planner grow
   something (its bucket ring for a long move, the pool of its queue, the
   fewest-unformed search's heap, a plan's moves, a vessel's or a game
   graph's search state) is run once with each of its allocations failing
   in turn (tests/failing_alloc.h): WR_ERR_NOMEM, nothing leaked, and the
   run without a failure succeeds. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "failing_alloc.h"
#include "warrules/campaign.h"

static wr_hex at(int q)
{
    wr_hex h = {q, 0};
    return h;
}

/* Day 20, pressing on with 19 days of points saved. */
static wr_force_state long_press(int P)
{
    wr_force_state f;
    wr_force_start(&f);
    f.day = 20;
    f.points_saved = 19 * P;
    f.pressing = 1;
    return f;
}

/* A plan and a field from a long press across a river (a long move: the
   ring grows, Dijkstra's search runs), then a plain route (A* on plain
   costs). */
static wr_status land_after_a_long_press(const wr_allocator *alloc)
{
    wr_map *m = NULL;
    wr_planner *pl = NULL;
    wr_status st;
    TRY(wr_map_new_ex(8, 1, alloc, &m));
    wr_hexside ferry = {WR_RIVER_MAJOR, WR_CROSS_FERRY, 0, 0};
    TRY(wr_map_set_hexside(m, at(2), 0, &ferry));
    TRY(wr_planner_new_ex(alloc, &pl));
    wr_plan_params p;
    TRY(wr_plan_params_default(WR_MOVER_INFANTRY, &p));
    wr_force_state start = long_press(p.costs.daily_points);
    wr_plan_query q;
    memset(&q, 0, sizeof q);
    q.start = &start;
    wr_plan_result r;
    TRY(wr_planner_plan(pl, m, &p, &q, at(0), at(7), &r));
    assert_int_equal(r.outcome, WR_PLAN_FOUND);
    wr_arrival field[8];
    TRY(wr_planner_plan_field(pl, m, &p, &q, at(0), field, 8));
    assert_int_equal(field[7].day, r.route.arrival_day);
    p.options = WR_PLAN_PLAIN_COSTS;
    wr_route route;
    TRY(wr_planner_route(pl, m, &p, at(0), at(7), &route));
done:
    wr_planner_free(pl);
    wr_map_free(m);
    return st;
}

static void land_after_a_long_press_fails_cleanly(void **state)
{
    (void)state;
    check_alloc_failures(land_after_a_long_press, 8);
}

/* A field first on a new planner: the full rules' field makes the ring. */
static wr_status field_first(const wr_allocator *alloc)
{
    wr_map *m = NULL;
    wr_planner *pl = NULL;
    wr_status st;
    TRY(wr_map_new_ex(8, 1, alloc, &m));
    TRY(wr_planner_new_ex(alloc, &pl));
    wr_plan_params p;
    TRY(wr_plan_params_default(WR_MOVER_INFANTRY, &p));
    wr_arrival field[8];
    TRY(wr_planner_field(pl, m, &p, at(0), field, 8));
    assert_int_equal(field[7].day, 4); /* 42 points, 12 a day */
done:
    wr_planner_free(pl);
    wr_map_free(m);
    return st;
}

static void field_first_fails_cleanly(void **state)
{
    (void)state;
    check_alloc_failures(field_first, 4);
}

/* A plain route first on a new planner: A* on plain costs makes its ring. */
static wr_status plain_route_first(const wr_allocator *alloc)
{
    wr_map *m = NULL;
    wr_planner *pl = NULL;
    wr_status st;
    TRY(wr_map_new_ex(8, 1, alloc, &m));
    TRY(wr_planner_new_ex(alloc, &pl));
    wr_plan_params p;
    TRY(wr_plan_params_default(WR_MOVER_INFANTRY, &p));
    p.options = WR_PLAN_PLAIN_COSTS;
    wr_route route;
    TRY(wr_planner_route(pl, m, &p, at(0), at(7), &route));
    assert_int_equal(route.step_count, 8);
done:
    wr_planner_free(pl);
    wr_map_free(m);
    return st;
}

static void plain_route_first_fails_cleanly(void **state)
{
    (void)state;
    check_alloc_failures(plain_route_first, 4);
}

/* A longship's field, reachable set and route on coastal waters, from an
   unformed start after a long press (its Dijkstra's search); its route
   first, or its field first (whichever comes first makes the ring). */
static wr_status vessel_queries_in_order(const wr_allocator *alloc, int route_first)
{
    wr_map *m = NULL;
    wr_planner *pl = NULL;
    wr_status st;
    TRY(wr_map_new_ex(9, 1, alloc, &m));
    for (int q = 0; q < 9; q++)
        TRY(wr_map_set_terrain(m, at(q), q % 3 ? WR_HEX_SEA : WR_HEX_COAST));
    TRY(wr_planner_new_ex(alloc, &pl));
    wr_plan_params p;
    TRY(wr_plan_params_default(WR_MOVER_LONGSHIP, &p));
    wr_route first;
    if (route_first)
        TRY(wr_planner_route(pl, m, &p, at(0), at(5), &first));
    wr_arrival field[9];
    TRY(wr_planner_field(pl, m, &p, at(0), field, 9));
    const wr_hex *hexes = NULL;
    size_t n = 0;
    TRY(wr_planner_reachable(pl, m, &p, at(0), 1, &hexes, &n));
    assert_int_equal(n, 8);
    wr_route route;
    TRY(wr_planner_route(pl, m, &p, at(0), at(8), &route));
    p.options = WR_PLAN_UNFORMED;
    wr_force_state start = long_press(p.costs.daily_points);
    start.unformed = 1;
    wr_plan_query q;
    memset(&q, 0, sizeof q);
    q.start = &start;
    wr_plan_result r;
    TRY(wr_planner_plan(pl, m, &p, &q, at(0), at(8), &r));
    assert_int_equal(r.outcome, WR_PLAN_FOUND);
done:
    wr_planner_free(pl);
    wr_map_free(m);
    return st;
}

static wr_status vessel_route_first(const wr_allocator *alloc)
{
    return vessel_queries_in_order(alloc, 1);
}

static wr_status vessel_field_first(const wr_allocator *alloc)
{
    return vessel_queries_in_order(alloc, 0);
}

static void vessel_queries_fail_cleanly(void **state)
{
    (void)state;
    check_alloc_failures(vessel_route_first, 8);
    check_alloc_failures(vessel_field_first, 8);
}

/* A game's tree of 1,057 nodes whose 1,024 leaves wait at different labels
   at once, 10,000 points on (the ring grows, the pool grows). */
static int tree_moves(void *user, int32_t node, wr_plan_edge *out, int capacity)
{
    (void)user;
    (void)capacity;
    if (node > 32)
        return 0;
    for (int i = 0; i < 32; i++) {
        wr_plan_edge e = {1 + i, 1 + i, 0, 0};
        if (node > 0)
            e = (wr_plan_edge){33 + 32 * (node - 1) + i, 10000 + 32 * (node - 1) + i, 0, 0};
        out[i] = e;
    }
    return 32;
}

static wr_status graph_queries(const wr_allocator *alloc)
{
    wr_planner *pl = NULL;
    wr_status st;
    TRY(wr_planner_new_ex(alloc, &pl));
    wr_plan_graph g = {33 + 1024, tree_moves, NULL, NULL};
    wr_plan_params p;
    TRY(wr_plan_params_default(WR_MOVER_INFANTRY, &p));
    p.costs.daily_points = 1000;
    wr_route route;
    TRY(wr_planner_route_graph(pl, &g, &p, 0, 33 + 1023, &route));
    assert_int_equal(route.step_count, 3);
done:
    wr_planner_free(pl);
    return st;
}

static void graph_queries_fail_cleanly(void **state)
{
    (void)state;
    check_alloc_failures(graph_queries, 4);
}

/* The fewest-unformed objective for cavalry on 60 x 60 hexes of open
   ground sprinkled with forest, looking for a lake (its heap grows past its
   first block), then to a hex it reaches (the plan's moves). */
static wr_status fewest_unformed(const wr_allocator *alloc)
{
    wr_map *m = NULL;
    wr_planner *pl = NULL;
    wr_status st;
    TRY(wr_map_new_ex(60, 60, alloc, &m));
    for (int r = 0; r < 60; r++)
        for (int c = 0; c < 60; c++) {
            wr_hex h;
            TRY(wr_hex_from_offset(c, r, &h));
            TRY(wr_map_set_terrain(m, h, (c * 7 + r * 3) % 5 == 0 ? WR_HEX_FOREST : WR_HEX_CLEAR));
        }
    wr_hex lake, centre, to;
    TRY(wr_hex_from_offset(59, 59, &lake));
    TRY(wr_map_set_terrain(m, lake, WR_HEX_LAKE));
    TRY(wr_hex_from_offset(30, 30, &centre));
    TRY(wr_hex_from_offset(35, 33, &to));
    TRY(wr_planner_new_ex(alloc, &pl));
    wr_plan_params p;
    TRY(wr_plan_params_default(WR_MOVER_CAVALRY, &p));
    p.options = WR_PLAN_UNFORMED;
    wr_plan_query q;
    memset(&q, 0, sizeof q);
    q.objective = WR_OBJECTIVE_FEWEST_UNFORMED;
    wr_plan_result r;
    TRY(wr_planner_plan(pl, m, &p, &q, centre, lake, &r));
    assert_int_equal(r.outcome, WR_PLAN_NO_ROUTE);
    TRY(wr_planner_plan(pl, m, &p, &q, centre, to, &r));
    assert_int_equal(r.outcome, WR_PLAN_FOUND);
done:
    wr_planner_free(pl);
    wr_map_free(m);
    return st;
}

static void fewest_unformed_fails_cleanly(void **state)
{
    (void)state;
    check_alloc_failures(fewest_unformed, 8);
}

/* An allocator counting the bytes it holds. */
typedef struct byte_counter {
    size_t live;
} byte_counter;

static void *counting_alloc(void *user, void *ptr, size_t old_size, size_t new_size)
{
    byte_counter *c = user;
    if (ptr != NULL)
        c->live -= old_size;
    if (new_size == 0) {
        free(ptr);
        return NULL;
    }
    void *q = realloc(ptr, new_size);
    c->live += q != NULL ? new_size : (ptr != NULL ? old_size : 0);
    return q;
}

/* Issue 26's memory target: after a plain then a full-rules field (two
   states a hex), the planner holds the labels of two states (8 bytes a
   hex) and the rules records (8), nothing else a hex: no parents, moves,
   order, keys or plain costs, and a bucket pool at the frontier's size.
   The rest is fixed (the move table, the pool's first chunks). */
static void a_field_holds_16_bytes_a_hex(void **state)
{
    (void)state;
    enum { W = 256, H = 256, N = W * H };
    byte_counter c = {0};
    wr_allocator a = {counting_alloc, &c};
    wr_map *m = NULL;
    wr_planner *pl = NULL;
    assert_int_equal(wr_map_new(W, H, &m), WR_OK);
    assert_int_equal(wr_planner_new_ex(&a, &pl), WR_OK);
    wr_hex from;
    assert_int_equal(wr_hex_from_offset(W / 2, H / 2, &from), WR_OK);
    wr_plan_params p;
    assert_int_equal(wr_plan_params_default(WR_MOVER_INFANTRY, &p), WR_OK);
    static wr_arrival field[N];
    p.options = WR_PLAN_PLAIN_COSTS;
    assert_int_equal(wr_planner_field(pl, m, &p, from, field, N), WR_OK);
    const size_t fixed = (size_t)256 << 10;
    assert_true(c.live <= (size_t)16 * N + fixed);
    p.options = WR_PLAN_UNFORMED;
    assert_int_equal(wr_planner_field(pl, m, &p, from, field, N), WR_OK);
    assert_true(c.live <= (size_t)16 * N + fixed);
    /* a route holds its parents, moves and order from then on */
    wr_hex to;
    assert_int_equal(wr_hex_from_offset(W - 1, H - 1, &to), WR_OK);
    wr_route route;
    assert_int_equal(wr_planner_route(pl, m, &p, from, to, &route), WR_OK);
    assert_true(c.live > (size_t)16 * N + fixed);
    wr_planner_free(pl);
    assert_int_equal(c.live, 0);
    wr_map_free(m);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(land_after_a_long_press_fails_cleanly),
        cmocka_unit_test(plain_route_first_fails_cleanly),
        cmocka_unit_test(field_first_fails_cleanly),
        cmocka_unit_test(vessel_queries_fail_cleanly),
        cmocka_unit_test(graph_queries_fail_cleanly),
        cmocka_unit_test(fewest_unformed_fails_cleanly),
        cmocka_unit_test(a_field_holds_16_bytes_a_hex),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
