/* Branches of the planner's searches that the tests of routes and fields
   leave (issue 25's coverage): a game's moves so long that their labels
   wait in the overflow of the bucket ring, past a revolution of the ring
   and behind a better label; an enemy's argument refused in its own plan;
   a planner's records by hex after a smaller map and a few edits.
   Every result is checked against the days the rules give, or the detail
   against the parameter. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "warrules/campaign.h"

#include "fixtures.h"

/* At 1000 points a day (the most), the ring holds 2^20 labels (its most,
   1,048 days and 576 points); a move of WR_PLAN_MAX_EDGE_DAYS days and
   WR_PLAN_MAX_EDGE_POINTS points (1,100 days) goes past it. */
enum { FAR_DAILY = 1000 };

/* Node 0 to 1: 1000 whole days (label 10^6, day 1000); 1 to 2: 1000 whole
   days and 100,000 points (label 2.1 x 10^6, more than a ring past 1's,
   so it waits in the overflow until cur has passed a revolution, day
   2100); 1 to 3: 60,060 points (label 1,060,060, past the revolution at
   2^20, day 1061). */
static int revolution_moves(void *user, int32_t node, wr_plan_edge *out, int capacity)
{
    (void)user;
    (void)capacity;
    if (node == 0) {
        wr_plan_edge e = {1, 0, WR_PLAN_MAX_EDGE_DAYS, 0u};
        out[0] = e;
        return 1;
    }
    if (node == 1) {
        wr_plan_edge a = {2, WR_PLAN_MAX_EDGE_POINTS, WR_PLAN_MAX_EDGE_DAYS, 0u};
        wr_plan_edge b = {3, 60060, 0, 0u};
        out[0] = a;
        out[1] = b;
        return 2;
    }
    return 0;
}

/* A label more than a ring past the revolution at which the overflow is
   drained stays there until the next drain (the ring empty): the arrival
   days are those of the labels, and the steps those moves. */
static void a_far_label_waits_past_a_revolution(void **state)
{
    (void)state;
    wr_planner *pl = NULL;
    OK(wr_planner_new(&pl));
    wr_plan_params p;
    OK(wr_plan_params_default(WR_MOVER_INFANTRY, &p));
    p.costs.daily_points = FAR_DAILY;
    wr_plan_graph g = {4, revolution_moves, NULL, NULL};
    wr_route r;
    OK(wr_planner_route_graph(pl, &g, &p, 0, 2, &r));
    assert_int_equal(r.step_count, 3);
    assert_int_equal(r.steps[1].node, 1);
    assert_int_equal(r.steps[1].day, 1000);
    assert_int_equal(r.steps[2].node, 2);
    assert_int_equal(r.arrival_day, 2100);
    OK(wr_planner_route_graph(pl, &g, &p, 0, 3, &r));
    assert_int_equal(r.step_count, 3);
    assert_int_equal(r.steps[2].node, 3);
    assert_int_equal(r.arrival_day, 1061);
    /* 60,060 points from day 1000's end: 940 points left on day 1061 */
    assert_int_equal(r.points_left, 940);
    wr_planner_free(pl);
}

/* Node 0 to 1 by the longest move (1,100 days, into the overflow), and by
   two moves of a point through node 2 (day 1); node 3 has no move into it.
   The far label of node 1 is stale when the ring empties: dropped. */
static int stale_moves(void *user, int32_t node, wr_plan_edge *out, int capacity)
{
    (void)user;
    (void)capacity;
    if (node == 0) {
        wr_plan_edge far = {1, WR_PLAN_MAX_EDGE_POINTS, WR_PLAN_MAX_EDGE_DAYS, 0u};
        wr_plan_edge near = {2, 1, 0, 0u};
        out[0] = far;
        out[1] = near;
        return 2;
    }
    if (node == 2) {
        wr_plan_edge e = {1, 1, 0, 0u};
        out[0] = e;
        return 1;
    }
    return 0;
}

static void a_far_label_made_stale_is_dropped(void **state)
{
    (void)state;
    wr_planner *pl = NULL;
    OK(wr_planner_new(&pl));
    wr_plan_params p;
    OK(wr_plan_params_default(WR_MOVER_INFANTRY, &p));
    p.costs.daily_points = FAR_DAILY;
    wr_plan_graph g = {4, stale_moves, NULL, NULL};
    wr_route r;
    /* every label settled, the overflow's only entry stale: no route */
    assert_int_equal(wr_planner_route_graph(pl, &g, &p, 0, 3, &r), WR_ERR_FORBIDDEN);
    OK(wr_planner_route_graph(pl, &g, &p, 0, 1, &r));
    assert_int_equal(r.step_count, 3);
    assert_int_equal(r.steps[1].node, 2);
    assert_int_equal(r.arrival_day, 1);
    assert_int_equal(r.points_left, FAR_DAILY - 2);
    wr_planner_free(pl);
}

/* The enemy's own plan refusing an argument: the failure names it after
   wr_planner_intercept()'s parameter (issue 25: every detail names a real
   parameter), whatever follows the inner name (`params->...`, `to.q`). */
static void an_enemy_argument_is_named_after_the_enemy(void **state)
{
    (void)state;
    wr_map *m = NULL;
    OK(wr_map_new(8, 3, &m));
    wr_planner *pl = NULL;
    OK(wr_planner_new(&pl));
    wr_plan_params p, bad;
    OK(wr_plan_params_default(WR_MOVER_INFANTRY, &p));
    wr_force_desc e;
    memset(&e, 0, sizeof e);
    e.params = &bad;
    OK(wr_hex_from_offset(5, 1, &e.from));
    OK(wr_hex_from_offset(7, 2, &e.to));
    wr_hex from;
    OK(wr_hex_from_offset(0, 1, &from));
    wr_intercept_result r;
    wr_error err;
    struct {
        int what;
        wr_status status;
        const char *argument, *expected;
    } cases[] = {
        {0, WR_ERR_INVALID, "enemy->params", "a wr_mover (0..6)"},
        {1, WR_ERR_RANGE, "enemy->params", "1..1000"},
        {2, WR_ERR_RANGE, "enemy->to",
         "the map's columns in that row, 0 <= q + floor(r / 2) < width"},
        {3, WR_ERR_INVALID, "enemy->query", "a wr_plan_objective (0..2)"},
    };
    wr_plan_query q;
    memset(&q, 0, sizeof q);
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        bad = p;
        wr_force_desc d = e;
        if (cases[i].what == 0)
            bad.mover = (wr_mover)99;
        else if (cases[i].what == 1)
            bad.costs.daily_points = 0;
        else if (cases[i].what == 2)
            d.to.q = 1000;
        else {
            q.objective = (wr_plan_objective)77;
            d.query = &q;
        }
        assert_int_equal(wr_planner_intercept(pl, m, &p, NULL, from, &d, NULL, &r),
                         cases[i].status);
        OK(wr_last_error_detail(&err));
        assert_string_equal(err.function, "wr_planner_intercept");
        assert_string_equal(err.argument, cases[i].argument);
        assert_string_equal(err.expected, cases[i].expected);
    }
    wr_planner_free(pl);
    wr_map_free(m);
}

/* The route of a fresh planner, for comparison. */
static void fresh_route(const wr_map *m, const wr_plan_params *p, wr_hex from, wr_hex to,
                        wr_route *out, wr_step *steps, size_t cap)
{
    wr_planner *pl = NULL;
    OK(wr_planner_new(&pl));
    OK(wr_planner_route(pl, m, p, from, to, out));
    assert_true(out->step_count <= cap);
    memcpy(steps, out->steps, out->step_count * sizeof *steps);
    out->steps = steps;
    wr_planner_free(pl);
}

static void same_route(const wr_route *a, const wr_route *b)
{
    assert_int_equal(a->arrival_day, b->arrival_day);
    assert_int_equal(a->points_left, b->points_left);
    assert_int_equal(a->step_count, b->step_count);
    for (size_t i = 0; i < a->step_count; i++) {
        assert_int_equal(a->steps[i].node, b->steps[i].node);
        assert_int_equal(a->steps[i].day, b->steps[i].day);
        assert_int_equal(a->steps[i].flags, b->steps[i].flags);
    }
}

/* One planner: plain costs on a small map (its plain costs by hex sized
   for it), the full rules on a larger one, a few edits of that map, and
   the full rules again (the records of the edited hexes forgotten, the
   plain costs too small to hold them), then plain costs there: every
   route is a fresh planner's. */
static void records_after_a_smaller_map_and_edits(void **state)
{
    (void)state;
    wr_map *small = NULL, *large = NULL;
    OK(wr_map_new(4, 4, &small));
    OK(wr_map_new(24, 24, &large));
    wr_plan_params full, plain;
    OK(wr_plan_params_default(WR_MOVER_INFANTRY, &full));
    plain = full;
    plain.options |= WR_PLAN_PLAIN_COSTS;
    wr_planner *pl = NULL;
    OK(wr_planner_new(&pl));
    wr_hex a, b, c, d;
    OK(wr_hex_from_offset(0, 0, &a));
    OK(wr_hex_from_offset(3, 3, &b));
    OK(wr_hex_from_offset(1, 2, &c));
    OK(wr_hex_from_offset(22, 21, &d));
    wr_route r, want;
    wr_step steps[128];
    OK(wr_planner_route(pl, small, &plain, a, b, &r));
    fresh_route(small, &plain, a, b, &want, steps, 128);
    same_route(&r, &want);
    OK(wr_planner_route(pl, large, &full, c, d, &r));
    fresh_route(large, &full, c, d, &want, steps, 128);
    same_route(&r, &want);
    for (int i = 5; i < 20; i++) {
        wr_hex h;
        OK(wr_hex_from_offset(i, i, &h));
        OK(wr_map_set_terrain(large, h, i % 2 ? WR_HEX_FOREST : WR_HEX_HILLS));
    }
    OK(wr_planner_route(pl, large, &full, c, d, &r));
    fresh_route(large, &full, c, d, &want, steps, 128);
    same_route(&r, &want);
    OK(wr_planner_route(pl, large, &plain, c, d, &r));
    fresh_route(large, &plain, c, d, &want, steps, 128);
    same_route(&r, &want);
    wr_planner_free(pl);
    wr_map_free(small);
    wr_map_free(large);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(a_far_label_waits_past_a_revolution),
        cmocka_unit_test(a_far_label_made_stale_is_dropped),
        cmocka_unit_test(an_enemy_argument_is_named_after_the_enemy),
        cmocka_unit_test(records_after_a_smaller_map_and_edits),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
