/* Corners of the campaign API that the tests of whole routes and fields do
   not reach (issue 25's coverage): sight between every pair of zones, a
   river that ends in the sea, a lost roll that is never made, a plan on
   plain costs from an unformed start, an interception from the states the
   replay leaves (unformed after moving, unformed on the far bank) or of an
   enemy whose query has no start, the allocations of a reachable set and
   of a danger field on a new planner failing one by one; many states on
   one label (a wide sea, a game's graph of a thousand ties, a wide plain);
   a side blocked by the query's bits or by its callback; plain costs round
   blocked hexes on random ground; an unformed force after a long press and
   on the last plan day, on land, at sea and on a game's graph. Every
   result is checked against the rule or another call that must agree (a
   field against the plans to its hexes, the full rules' field against the
   general search, a route against the hex distance). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "warrules/campaign.h"

#include "failing_alloc.h"
#include "fixtures.h"

/* [Visibility] open sea and the shore (land or coast) do not see each
   other; every other pair of zones does, both ways. A 9 x 1 strip: land,
   coast, coastal waters, open sea (three hexes from the coast), lake. */
static void sight_between_every_pair_of_zones(void **state)
{
    (void)state;
    wr_map *m = NULL;
    OK(wr_map_new(9, 1, &m));
    for (int c = 2; c < 8; c++)
        OK(wr_map_set_terrain(m, O(c, 0), WR_HEX_SEA));
    OK(wr_map_set_terrain(m, O(1, 0), WR_HEX_COAST));
    OK(wr_map_set_terrain(m, O(8, 0), WR_HEX_LAKE));
    const int col[5] = {0, 1, 2, 5, 8};
    const wr_zone zone[5] = {WR_ZONE_LAND, WR_ZONE_COAST, WR_ZONE_COASTAL_WATERS,
                             WR_ZONE_OPEN_SEA, WR_ZONE_LAKE};
    for (int i = 0; i < 5; i++) {
        wr_zone z;
        OK(wr_map_zone(m, O(col[i], 0), &z));
        assert_int_equal(z, zone[i]);
    }
    for (int i = 0; i < 5; i++) {
        for (int j = 0; j < 5; j++) {
            const int shore_i = zone[i] == WR_ZONE_LAND || zone[i] == WR_ZONE_COAST;
            const int shore_j = zone[j] == WR_ZONE_LAND || zone[j] == WR_ZONE_COAST;
            const int want = !((zone[i] == WR_ZONE_OPEN_SEA && shore_j) ||
                               (zone[j] == WR_ZONE_OPEN_SEA && shore_i));
            int v = -1;
            OK(wr_map_is_visible(m, O(col[i], 0), O(col[j], 0), &v));
            assert_int_equal(v, want);
        }
    }
    wr_map_free(m);
}

/* A water course may end in the sea as in a coast hex or a lake; on dry
   land it is a dead end. */
static void a_river_may_end_in_the_sea(void **state)
{
    (void)state;
    wr_map *m = NULL;
    OK(wr_map_new(4, 1, &m));
    OK(wr_map_set_watercourse(m, O(1, 0), 0, 0)); /* flows east into hex 2 */
    int problem = -1, dir = -1;
    wr_hex where = {-1, -1};
    OK(wr_map_check_rivers(m, &problem, &where, &dir));
    assert_int_equal(problem, WR_RIVERS_DEAD_END);
    OK(wr_map_set_terrain(m, O(2, 0), WR_HEX_SEA));
    OK(wr_map_set_terrain(m, O(3, 0), WR_HEX_SEA));
    OK(wr_map_check_rivers(m, &problem, &where, &dir));
    assert_int_equal(problem, WR_RIVERS_OK);
    wr_map_free(m);
}

/* [Advanced: Getting Lost] a small unit on a route is never lost, and no
   die is rolled: the generator gives what a twin of it gives. */
static void getting_lost_on_a_route_rolls_nothing(void **state)
{
    (void)state;
    wr_rng *a = NULL, *b = NULL;
    OK(wr_rng_new(77, &a));
    OK(wr_rng_new(77, &b));
    for (int small = 0; small <= 1; small++) {
        for (int on_route = 0; on_route <= 1; on_route++) {
            int lost = -1;
            OK(wr_getting_lost_rng(small, on_route, 100, a, &lost));
            const int rolls = small && !on_route;
            assert_int_equal(lost, rolls); /* a chance of 100 %: lost when it rolls */
            if (rolls) {
                int d = 0;
                OK(wr_rng_roll(b, 100, &d)); /* keep the twin in step */
            }
            int x = 0, y = 0;
            OK(wr_rng_roll(a, 1000, &x));
            OK(wr_rng_roll(b, 1000, &y));
            assert_int_equal(x, y);
        }
    }
    wr_rng_free(a);
    wr_rng_free(b);
}

/* WR_PLAN_PLAIN_COSTS has no formation state: a plan from an unformed
   start is the plan from the same start formed, step for step, for land
   forces (with and without unformed movement) and a vessel. */
static void plain_costs_ignore_an_unformed_start(void **state)
{
    (void)state;
    wr_map *m = NULL;
    OK(wr_map_new(10, 6, &m));
    for (int r = 0; r < 6; r++)
        for (int c = 0; c < 10; c++)
            OK(wr_map_set_terrain(m, O(c, r), (c + 2 * r) % 5 == 0 ? WR_HEX_FOREST
                                                 : (c + r) % 4 == 0 ? WR_HEX_HILLS
                                                                    : WR_HEX_CLEAR));
    wr_map *sea = NULL;
    OK(wr_map_new(10, 1, &sea));
    for (int c = 0; c < 10; c++)
        OK(wr_map_set_terrain(sea, O(c, 0), c % 3 ? WR_HEX_SEA : WR_HEX_COAST));
    wr_planner *pl = NULL;
    OK(wr_planner_new(&pl));
    const wr_mover movers[3] = {WR_MOVER_INFANTRY, WR_MOVER_CAVALRY, WR_MOVER_LONGSHIP};
    for (int k = 0; k < 3; k++) {
        for (int unformed_ok = 0; unformed_ok <= 1; unformed_ok++) {
            wr_plan_params p;
            OK(wr_plan_params_default(movers[k], &p));
            p.options = WR_PLAN_PLAIN_COSTS | (unformed_ok ? WR_PLAN_UNFORMED : 0u);
            const wr_map *map = k == 2 ? sea : m;
            const wr_hex to = k == 2 ? O(9, 0) : O(9, 5);
            wr_force_state formed, unformed;
            OK(wr_force_start(&formed));
            unformed = formed;
            unformed.unformed = 1;
            wr_plan_query q;
            memset(&q, 0, sizeof q);
            q.start = &formed;
            wr_plan_result want;
            OK(wr_planner_plan(pl, map, &p, &q, O(0, 0), to, &want));
            assert_int_equal(want.outcome, WR_PLAN_FOUND);
            const size_t n = want.route.step_count;
            wr_step steps[64];
            assert_true(n <= 64);
            memcpy(steps, want.route.steps, n * sizeof *steps);
            q.start = &unformed;
            wr_plan_result got;
            OK(wr_planner_plan(pl, map, &p, &q, O(0, 0), to, &got));
            assert_int_equal(got.outcome, WR_PLAN_FOUND);
            assert_int_equal(got.route.step_count, n);
            assert_int_equal(got.route.arrival_day, want.route.arrival_day);
            assert_int_equal(got.route.points_left, want.route.points_left);
            for (size_t i = 0; i < n; i++) {
                assert_int_equal(got.route.steps[i].node, steps[i].node);
                assert_int_equal(got.route.steps[i].day, steps[i].day);
                assert_int_equal(got.route.steps[i].points_left, steps[i].points_left);
            }
        }
    }
    wr_planner_free(pl);
    wr_map_free(m);
    wr_map_free(sea);
}

/* An 8 x 3 clear map with a lake in its far corner. */
static wr_map *corner_lake_map(void)
{
    wr_map *m = NULL;
    OK(wr_map_new(8, 3, &m));
    OK(wr_map_set_terrain(m, O(7, 2), WR_HEX_LAKE));
    return m;
}

/* A planned enemy with no route stays at its hex from its start's day, day
   1 when its query has no start: the same as with no query at all. */
static void an_enemy_query_without_a_start(void **state)
{
    (void)state;
    wr_map *m = corner_lake_map();
    wr_planner *pl = NULL;
    OK(wr_planner_new(&pl));
    wr_plan_params p;
    OK(wr_plan_params_default(WR_MOVER_INFANTRY, &p));
    wr_plan_query eq;
    memset(&eq, 0, sizeof eq); /* no start, no blocked hexes */
    wr_force_desc e;
    memset(&e, 0, sizeof e);
    e.params = &p;
    e.from = O(5, 1);
    e.to = O(7, 2); /* the lake: no route */
    wr_intercept_result with_none, with_query;
    OK(wr_planner_intercept(pl, m, &p, NULL, O(0, 1), &e, NULL, &with_none));
    e.query = &eq;
    OK(wr_planner_intercept(pl, m, &p, NULL, O(0, 1), &e, NULL, &with_query));
    assert_int_equal(with_none.enemy_plan.outcome, WR_PLAN_NO_ROUTE);
    assert_int_equal(with_query.enemy_plan.outcome, WR_PLAN_NO_ROUTE);
    assert_int_equal(with_query.outcome, WR_INTERCEPT_FOUND);
    assert_int_equal(with_query.outcome, with_none.outcome);
    assert_int_equal(with_query.day, with_none.day);
    assert_int_equal(with_query.hex.q, 5); /* it meets the enemy where it stands */
    assert_int_equal(with_query.hex.q, with_none.hex.q);
    assert_int_equal(with_query.hex.r, with_none.hex.r);
    assert_int_equal(with_query.enemy_index, 0);
    wr_planner_free(pl);
    wr_map_free(m);
}

/* WR_INTERCEPT_FORMED from an unformed start: a force that moved today,
   by points spent or by unformed movement alone (unformed_today), ends the
   day before its rally, which takes the next day; one that has not moved
   rallies today. */
static void a_formed_interception_after_moving_unformed(void **state)
{
    (void)state;
    wr_map *m = corner_lake_map();
    wr_planner *pl = NULL;
    OK(wr_planner_new(&pl));
    wr_plan_params p;
    OK(wr_plan_params_default(WR_MOVER_INFANTRY, &p));
    wr_force_position pos[1] = {{O(6, 1), 1}}; /* the enemy waits */
    wr_force_desc e;
    memset(&e, 0, sizeof e);
    e.positions = pos;
    e.position_count = 1;
    wr_intercept_params how;
    memset(&how, 0, sizeof how);
    how.objective = WR_INTERCEPT_FORMED;
    int rally_day[3] = {0, 0, 0}, contact_day[3] = {0, 0, 0};
    for (int k = 0; k < 3; k++) {
        wr_force_state s0;
        OK(wr_force_start(&s0));
        s0.day = 3;
        s0.unformed = 1;
        if (k == 1)
            s0.points_spent = 4;
        if (k == 2)
            s0.unformed_today = 1;
        OK(wr_force_check(&s0, p.costs.daily_points));
        wr_plan_query q;
        memset(&q, 0, sizeof q);
        q.start = &s0;
        wr_intercept_result r;
        OK(wr_planner_intercept(pl, m, &p, &q, O(0, 1), &e, &how, &r));
        assert_int_equal(r.outcome, WR_INTERCEPT_FOUND);
        assert_true(r.plan.route.step_count >= 2);
        assert_int_equal(r.plan.route.steps[1].flags & WR_STEP_RALLY, WR_STEP_RALLY);
        assert_int_equal(r.non_rallied, 0);
        assert_int_equal(r.contact.unformed, 0);
        rally_day[k] = r.plan.route.steps[1].day;
        contact_day[k] = r.day;
    }
    assert_int_equal(rally_day[0], 3);
    assert_int_equal(rally_day[1], 4);
    assert_int_equal(rally_day[2], 4);
    assert_int_equal(contact_day[1], contact_day[2]);
    assert_int_equal(contact_day[1], contact_day[0] + 1);
    wr_planner_free(pl);
    wr_map_free(m);
}

/* An unformed force on the far bank of its crossing cannot rally before
   paying the far hex's entry: a formed interception from it is refused as
   a plan from it is (WR_ERR_STATE, naming the query's start). */
static void a_formed_interception_from_the_far_bank(void **state)
{
    (void)state;
    wr_map *m = corner_lake_map();
    wr_planner *pl = NULL;
    OK(wr_planner_new(&pl));
    wr_plan_params p;
    OK(wr_plan_params_default(WR_MOVER_INFANTRY, &p));
    wr_force_state s0;
    OK(wr_force_start(&s0));
    s0.day = 2;
    s0.unformed = 1;
    s0.far_bank = 1;
    s0.crossing = WR_STEP_FERRY;
    OK(wr_force_check(&s0, p.costs.daily_points));
    wr_plan_query q;
    memset(&q, 0, sizeof q);
    q.start = &s0;
    wr_force_position pos[1] = {{O(6, 1), 1}};
    wr_force_desc e;
    memset(&e, 0, sizeof e);
    e.positions = pos;
    e.position_count = 1;
    wr_intercept_params how;
    memset(&how, 0, sizeof how);
    how.objective = WR_INTERCEPT_FORMED;
    wr_intercept_result r;
    assert_int_equal(wr_planner_intercept(pl, m, &p, &q, O(0, 1), &e, &how, &r), WR_ERR_STATE);
    wr_error err;
    OK(wr_last_error_detail(&err));
    assert_non_null(err.argument);
    assert_string_equal(err.argument, "query->start");
    wr_plan_result plan;
    assert_int_equal(wr_planner_plan(pl, m, &p, &q, O(0, 1), O(6, 1), &plan), WR_ERR_STATE);
    wr_planner_free(pl);
    wr_map_free(m);
}

/* A reachable set on a small map, then on a larger one (the planner's
   hexes and states grow), then a day's reach of cavalry. */
static wr_status reachable_scenario(const wr_allocator *alloc)
{
    wr_status st = WR_OK;
    wr_map *small = NULL, *large = NULL;
    wr_planner *pl = NULL;
    TRY(wr_map_new_ex(4, 3, alloc, &small));
    TRY(wr_map_new_ex(30, 20, alloc, &large));
    TRY(wr_planner_new_ex(alloc, &pl));
    wr_plan_params p;
    TRY(wr_plan_params_default(WR_MOVER_INFANTRY, &p));
    const wr_hex *hexes = NULL;
    size_t n = 0;
    TRY(wr_planner_reachable(pl, small, &p, O(0, 0), 1, &hexes, &n));
    assert_int_equal(n, 7); /* two hexes at 6 points from the corner: 3 + 2 + 2 by row */
    TRY(wr_planner_reachable(pl, large, &p, O(0, 0), 2, &hexes, &n));
    assert_true(n > 7);
    TRY(wr_plan_params_default(WR_MOVER_CAVALRY, &p));
    TRY(wr_planner_reachable(pl, large, &p, O(10, 10), 1, &hexes, &n));
    assert_int_equal(n, 37); /* three hexes round: 1 + 6 + 12 + 18 */
done:
    wr_planner_free(pl);
    wr_map_free(small);
    wr_map_free(large);
    return st;
}

static void reachable_allocations(void **state)
{
    (void)state;
    check_alloc_failures(reachable_scenario, 3);
}

/* A danger field first on a new planner (its store, the buffer of the
   forces before the last, their searches), from two forces. */
static wr_status danger_scenario(const wr_allocator *alloc)
{
    wr_status st = WR_OK;
    wr_map *m = NULL;
    wr_planner *pl = NULL;
    TRY(wr_map_new_ex(9, 7, alloc, &m));
    TRY(wr_planner_new_ex(alloc, &pl));
    wr_plan_params p;
    TRY(wr_plan_params_default(WR_MOVER_INFANTRY, &p));
    wr_force_desc forces[2];
    memset(forces, 0, sizeof forces);
    forces[0].params = &p;
    forces[0].from = O(0, 0);
    forces[1].params = &p;
    forces[1].from = O(8, 6);
    wr_danger field[9 * 7];
    TRY(wr_planner_danger(pl, m, forces, 2, field, 9 * 7));
    assert_int_equal(field[0].day, 1);
    assert_int_equal(field[0].force, 0);
    assert_int_equal(field[9 * 7 - 1].day, 1);
    assert_int_equal(field[9 * 7 - 1].force, 1);
done:
    wr_planner_free(pl);
    wr_map_free(m);
    return st;
}

static void danger_allocations(void **state)
{
    (void)state;
    check_alloc_failures(danger_scenario, 3);
}

/* ---- many states on one label ---- */

#define SEA_W 36
#define SEA_H 30

/* Open sea, SEA_W x SEA_H hexes: a sailing ship pays 7 a hex, 70 a day,
   so a hex d hexes off is reached on day ceil(d / 10) with 70 x day - 7 d
   points left, and a ring of 6 d hexes shares each label (more than a
   bucket's chunk holds from d = 11 on). The field (full rules and plain
   costs), the reachable set, a route across, and a plan from an unformed
   start after a long press (its rally day lands past A*'s ring: Dijkstra's
   search) all agree with that count. */
static void a_wide_sea(void **state)
{
    (void)state;
    wr_map *m = NULL;
    OK(wr_map_new(SEA_W, SEA_H, &m));
    for (int r = 0; r < SEA_H; r++)
        for (int c = 0; c < SEA_W; c++)
            OK(wr_map_set_terrain(m, O(c, r), WR_HEX_SEA));
    wr_planner *pl = NULL;
    OK(wr_planner_new(&pl));
    wr_plan_params p;
    OK(wr_plan_params_default(WR_MOVER_SAILING_SHIP, &p));
    assert_int_equal(p.costs.daily_points, 70);
    assert_int_equal(p.costs.enter[WR_HEX_SEA], 7);
    const wr_hex from = O(SEA_W / 2, SEA_H / 2);
    static wr_arrival field[SEA_W * SEA_H];
    for (int plain = 0; plain <= 1; plain++) {
        p.options = plain ? WR_PLAN_PLAIN_COSTS : 0u;
        OK(wr_planner_field(pl, m, &p, from, field, SEA_W * SEA_H));
        for (int r = 0; r < SEA_H; r++)
            for (int c = 0; c < SEA_W; c++) {
                int d = 0;
                OK(wr_hex_distance(from, O(c, r), &d));
                const int day = d == 0 ? 1 : (d + 9) / 10;
                assert_int_equal(field[r * SEA_W + c].day, day);
                assert_int_equal(field[r * SEA_W + c].points_left, 70 * day - 7 * d);
            }
    }
    p.options = 0;
    const wr_hex *hexes = NULL;
    size_t n = 0;
    OK(wr_planner_reachable(pl, m, &p, from, 1, &hexes, &n));
    assert_int_equal(n, 1 + 3 * 10 * 11); /* every hex within ten */
    int last = 0;
    for (size_t i = 0; i < n; i++) { /* in the order of their labels */
        int d = 0;
        OK(wr_hex_distance(from, hexes[i], &d));
        assert_true(d <= 10);
        assert_true(d >= last);
        last = d;
    }
    wr_route route;
    OK(wr_planner_route(pl, m, &p, O(0, 0), O(SEA_W - 1, SEA_H - 1), &route));
    int d = 0;
    OK(wr_hex_distance(O(0, 0), O(SEA_W - 1, SEA_H - 1), &d));
    assert_int_equal(route.step_count, (size_t)d + 1);
    assert_int_equal(route.arrival_day, (d + 9) / 10);
    /* unformed after a long press, unformed movement allowed */
    p.options = WR_PLAN_UNFORMED;
    wr_force_state start;
    OK(wr_force_start(&start));
    start.day = 30;
    start.points_saved = 29 * 70;
    start.pressing = 1;
    start.unformed = 1;
    OK(wr_force_check(&start, 70));
    wr_plan_query q;
    memset(&q, 0, sizeof q);
    q.start = &start;
    OK(wr_planner_plan_field(pl, m, &p, &q, from, field, SEA_W * SEA_H));
    const wr_hex far = O(SEA_W - 1, 0);
    const int32_t at = SEA_W - 1;
    for (int objective = 0; objective < 2; objective++) {
        q.objective = objective;
        wr_plan_result r;
        OK(wr_planner_plan(pl, m, &p, &q, from, far, &r));
        assert_int_equal(r.outcome, WR_PLAN_FOUND);
        if (objective == WR_OBJECTIVE_EARLIEST_FORMED) {
            assert_int_equal(r.route.arrival_day, field[at].day);
            assert_int_equal(r.route.points_left, field[at].points_left);
            assert_int_equal(r.arrival.unformed, 0);
        }
        assert_true(r.route.arrival_day >= 30);
    }
    wr_planner_free(pl);
    wr_map_free(m);
}

/* A game's graph: node 0 leads to 32 nodes for 1 point each, each of them
   to 32 leaves for 1 point more: 1,024 leaves wait on one label (chunks of
   a bucket filled one after another), and the route to the last leaf is 0,
   its parent, the leaf, with 2 points spent. The same with unformed
   movement needed for the second move, allowed: the route then ends with
   a rally day at the leaf (day 2), except on plain costs. */
static int two_level_moves(void *user, int32_t node, wr_plan_edge *out, int capacity)
{
    const unsigned flags = *(const unsigned *)user;
    if (node > 32)
        return 0;
    int n = 0;
    for (int i = 0; i < 32 && n < capacity; i++) {
        wr_plan_edge e = {node == 0 ? 1 + i : 33 + (node - 1) * 32 + i, 1, 0,
                          node == 0 ? 0u : flags};
        out[n++] = e;
    }
    return n;
}

static void a_graph_with_a_thousand_ties(void **state)
{
    (void)state;
    wr_planner *pl = NULL;
    OK(wr_planner_new(&pl));
    const unsigned kinds[2] = {0u, WR_STEP_UNFORMED};
    for (int k = 0; k < 2; k++) {
        unsigned flags = kinds[k];
        wr_plan_graph g = {33 + 32 * 32, two_level_moves, NULL, &flags};
        for (int plain = 0; plain <= 1; plain++) {
            wr_plan_params p;
            OK(wr_plan_params_default(WR_MOVER_INFANTRY, &p));
            p.options = WR_PLAN_UNFORMED | (plain ? WR_PLAN_PLAIN_COSTS : 0u);
            wr_route r;
            OK(wr_planner_route_graph(pl, &g, &p, 0, 32 + 32 * 32, &r));
            const int rally = k == 1 && !plain; /* unformed at the leaf: a day to reform */
            assert_int_equal(r.step_count, rally ? 4 : 3);
            assert_int_equal(r.steps[1].node, 32);
            assert_int_equal(r.steps[2].node, 32 + 32 * 32);
            assert_int_equal(r.steps[2].points_left, 12 - 2);
            assert_int_equal(r.steps[2].flags & WR_STEP_UNFORMED, flags); /* the move's own flag */
            if (rally) {
                assert_int_equal(r.steps[3].node, 32 + 32 * 32);
                assert_int_equal(r.steps[3].flags & WR_STEP_RALLY, WR_STEP_RALLY);
                assert_int_equal(r.steps[3].day, 2);
            }
            assert_int_equal(r.arrival_day, rally ? 2 : 1);
        }
    }
    wr_planner_free(pl);
}

/* ---- a query's blocked sets ---- */

typedef struct one_side {
    int32_t a, b;
} one_side;

static int blocks_one_side(void *user, int32_t from, int32_t to)
{
    const one_side *os = user;
    return (from == os->a && to == os->b) || (from == os->b && to == os->a);
}

/* A hexside blocked by the query's set of sides alone, or by its callback
   alone, is the same block: the same route, which never crosses it. */
static void a_side_blocked_by_bits_or_by_callback(void **state)
{
    (void)state;
    wr_map *m = NULL;
    OK(wr_map_new(6, 3, &m));
    wr_planner *pl = NULL;
    OK(wr_planner_new(&pl));
    wr_plan_params p;
    OK(wr_plan_params_default(WR_MOVER_INFANTRY, &p));
    int32_t side_index = -1;
    OK(wr_map_hexside_index(m, O(2, 1), 0, &side_index));
    uint8_t sides[(3 * 6 * 3 + 7) / 8];
    memset(sides, 0, sizeof sides);
    sides[side_index / 8] = (uint8_t)(1u << (side_index % 8));
    one_side os;
    OK(wr_map_index(m, O(2, 1), &os.a));
    OK(wr_map_index(m, O(3, 1), &os.b));
    wr_plan_query by_bits, by_callback;
    memset(&by_bits, 0, sizeof by_bits);
    by_bits.blocked_sides = sides;
    by_bits.blocked_sides_size = sizeof sides;
    memset(&by_callback, 0, sizeof by_callback);
    by_callback.blocked = blocks_one_side;
    by_callback.user = &os;
    const wr_hex ends[2][2] = {{O(0, 1), O(5, 1)}, {O(5, 1), O(0, 1)}};
    for (int k = 0; k < 2; k++) {
        wr_plan_result a, b;
        OK(wr_planner_plan(pl, m, &p, &by_bits, ends[k][0], ends[k][1], &a));
        assert_int_equal(a.outcome, WR_PLAN_FOUND);
        wr_step steps[32];
        wr_route first = a.route;
        assert_true(first.step_count <= 32);
        memcpy(steps, first.steps, first.step_count * sizeof *steps);
        first.steps = steps;
        OK(wr_planner_plan(pl, m, &p, &by_callback, ends[k][0], ends[k][1], &b));
        assert_int_equal(b.outcome, WR_PLAN_FOUND);
        expect_same_route(&first, &b.route);
        for (size_t i = 1; i < first.step_count; i++)
            assert_int_equal(blocks_one_side(&os, steps[i - 1].node, steps[i].node), 0);
    }
    wr_planner_free(pl);
    wr_map_free(m);
}

/* Plain costs round blocked hexes on random ground (fixtures.h), with the
   planner's plain costs by hex (moves below 255 points) and without them
   (300 points a day: a ferry's two days cost 600): every route's arrival
   is its field's, for infantry and cavalry with and without unformed
   movement. */
static void plain_costs_round_blocked_hexes_on_random_ground(void **state)
{
    (void)state;
    unsigned seed = 2512u;
    wr_planner *pl = NULL;
    OK(wr_planner_new(&pl));
    static wr_arrival field[16 * 12];
    int found = 0;
    for (int round = 0; round < 8; round++) {
        wr_map *m = random_land_map(&seed, 16, 12);
        uint8_t blocked[(16 * 12 + 7) / 8];
        for (size_t i = 0; i < sizeof blocked; i++)
            blocked[i] = (uint8_t)(rnd(&seed) & rnd(&seed) & rnd(&seed) & 0xffu); /* one in 8 */
        wr_plan_params p = params_for((wr_mover)(round % 2));
        p.options = WR_PLAN_PLAIN_COSTS | (round & 2 ? WR_PLAN_UNFORMED : 0u);
        if (round >= 4) { /* every cost times 25 */
            p.costs.daily_points *= 25;
            for (int t = 0; t < WR_HEX_TERRAIN_COUNT; t++)
                p.costs.enter[t] *= 25;
            p.costs.road *= 25;
            p.costs.track *= 25;
        }
        wr_plan_query q;
        memset(&q, 0, sizeof q);
        q.blocked_hexes = blocked;
        q.blocked_hexes_size = sizeof blocked;
        int32_t from = -1;
        for (int32_t i = 0; i < 16 * 12 && from < 0; i++) {
            wr_hex h;
            OK(wr_map_hex(m, i, &h));
            wr_hex_terrain t;
            OK(wr_map_terrain(m, h, &t));
            if (t != WR_HEX_SEA && t != WR_HEX_LAKE && t != WR_HEX_MOUNTAINS &&
                !((unsigned)blocked[i / 8] >> (i % 8) & 1u))
                from = i;
        }
        assert_true(from >= 0);
        wr_hex fh;
        OK(wr_map_hex(m, from, &fh));
        OK(wr_planner_plan_field(pl, m, &p, &q, fh, field, 16 * 12));
        for (int32_t i = 0; i < 16 * 12; i += 3) {
            wr_hex to;
            OK(wr_map_hex(m, i, &to));
            wr_plan_result r;
            wr_status st = wr_planner_plan(pl, m, &p, &q, fh, to, &r);
            if (st == WR_ERR_FORBIDDEN) /* a hex it cannot be in */
                continue;
            OK(st);
            if (field[i].day < 0) {
                assert_int_equal(r.outcome, WR_PLAN_NO_ROUTE);
                continue;
            }
            assert_int_equal(r.outcome, WR_PLAN_FOUND);
            assert_int_equal(r.route.arrival_day, field[i].day);
            assert_int_equal(r.route.points_left, field[i].points_left);
            found++;
        }
        wr_map_free(m);
    }
    assert_true(found > 40);
    wr_planner_free(pl);
}

/* ---- unformed after a long press ---- */

/* Day 30, 29 days of points saved, pressing on, unformed: a rally day
   lands after all the saved points, far past the ring of the first moves. */
static wr_force_state unformed_long_press(int P)
{
    wr_force_state f;
    OK(wr_force_start(&f));
    f.day = 30;
    f.points_saved = 29 * P;
    f.pressing = 1;
    f.unformed = 1;
    OK(wr_force_check(&f, P));
    return f;
}

/* Cavalry with unformed movement on 10 x 4 hexes of clear and forest: the
   full rules' field of an unformed force after a long press, and the same
   field through the general search (an empty set of blocked hexes, which
   blocks nothing): equal hex by hex, with and without unformed movement
   allowed (without it, the unformed force still moves as it is). */
static wr_status land_fields_after_a_long_press(const wr_allocator *alloc)
{
    wr_status st = WR_OK;
    wr_map *m = NULL;
    wr_planner *pl = NULL;
    TRY(wr_map_new_ex(10, 4, alloc, &m));
    for (int c = 3; c < 10; c += 3)
        for (int r = 0; r < 4; r++)
            TRY(wr_map_set_terrain(m, O(c, r), WR_HEX_FOREST));
    TRY(wr_planner_new_ex(alloc, &pl));
    for (int unformed_ok = 0; unformed_ok <= 1; unformed_ok++) {
        wr_plan_params p;
        TRY(wr_plan_params_default(WR_MOVER_CAVALRY, &p));
        p.options = unformed_ok ? WR_PLAN_UNFORMED : 0u;
        wr_force_state start = unformed_long_press(p.costs.daily_points);
        uint8_t none[(10 * 4 + 7) / 8];
        memset(none, 0, sizeof none);
        wr_plan_query q;
        memset(&q, 0, sizeof q);
        q.start = &start;
        wr_arrival rules[40], general[40];
        TRY(wr_planner_plan_field(pl, m, &p, &q, O(0, 1), rules, 40));
        q.blocked_hexes = none;
        q.blocked_hexes_size = sizeof none;
        TRY(wr_planner_plan_field(pl, m, &p, &q, O(0, 1), general, 40));
        for (int i = 0; i < 40; i++) {
            assert_int_equal(rules[i].day, general[i].day);
            assert_int_equal(rules[i].points_left, general[i].points_left);
        }
        assert_true(rules[0].day >= 31); /* formed only after its rally day */
    }
done:
    wr_planner_free(pl);
    wr_map_free(m);
    return st;
}

static void land_fields_after_a_long_press_agree(void **state)
{
    (void)state;
    check_alloc_failures(land_fields_after_a_long_press, 3);
}

/* A longship unformed after a long press on coastal waters: its field
   (the rally day first), and its plans to every hex, formed, which must
   arrive as the field says. */
static wr_status vessel_field_after_a_long_press(const wr_allocator *alloc)
{
    wr_status st = WR_OK;
    wr_map *m = NULL;
    wr_planner *pl = NULL;
    TRY(wr_map_new_ex(12, 1, alloc, &m));
    for (int c = 0; c < 12; c++)
        TRY(wr_map_set_terrain(m, O(c, 0), c % 3 ? WR_HEX_SEA : WR_HEX_COAST));
    TRY(wr_planner_new_ex(alloc, &pl));
    wr_plan_params p;
    TRY(wr_plan_params_default(WR_MOVER_LONGSHIP, &p));
    p.options = WR_PLAN_UNFORMED;
    wr_force_state start = unformed_long_press(p.costs.daily_points);
    wr_plan_query q;
    memset(&q, 0, sizeof q);
    q.start = &start;
    wr_arrival field[12];
    TRY(wr_planner_plan_field(pl, m, &p, &q, O(0, 0), field, 12));
    for (int c = 1; c < 12; c += 5) {
        wr_plan_result r;
        TRY(wr_planner_plan(pl, m, &p, &q, O(0, 0), O(c, 0), &r));
        assert_int_equal(r.outcome, WR_PLAN_FOUND);
        assert_int_equal(r.route.arrival_day, field[c].day);
        assert_int_equal(r.route.points_left, field[c].points_left);
        assert_true(field[c].day >= 31);
    }
done:
    wr_planner_free(pl);
    wr_map_free(m);
    return st;
}

static void vessel_field_after_a_long_press_agrees(void **state)
{
    (void)state;
    check_alloc_failures(vessel_field_after_a_long_press, 3);
}

/* The same on the last plan day (WR_PLAN_MAX_DAYS): every move is made
   today from the savings, unformed, and the rally day would end past the
   last day. Plans that accept an unformed arrival arrive today; formed,
   only the start is reached (a rally today, as it has not moved yet): no
   plan elsewhere, and a field of -1 but there, through each search (the
   full rules' field, the general one, a vessel's). */
static void unformed_on_the_last_plan_day(void **state)
{
    (void)state;
    wr_map *land = NULL, *sea = NULL;
    OK(wr_map_new(8, 3, &land));
    for (int r = 0; r < 3; r++)
        OK(wr_map_set_terrain(land, O(4, r), WR_HEX_FOREST));
    OK(wr_map_new(8, 1, &sea));
    for (int c = 0; c < 8; c++)
        OK(wr_map_set_terrain(sea, O(c, 0), c % 3 ? WR_HEX_SEA : WR_HEX_COAST));
    wr_planner *pl = NULL;
    OK(wr_planner_new(&pl));
    const wr_mover movers[2] = {WR_MOVER_CAVALRY, WR_MOVER_LONGSHIP};
    for (int k = 0; k < 2; k++) {
        const wr_map *m = k ? sea : land;
        const int cells = k ? 8 : 24;
        wr_plan_params p;
        OK(wr_plan_params_default(movers[k], &p));
        p.options = WR_PLAN_UNFORMED;
        wr_force_state start;
        OK(wr_force_start(&start));
        start.day = WR_PLAN_MAX_DAYS;
        start.points_saved = 29 * p.costs.daily_points;
        start.pressing = 1;
        start.unformed = 1;
        OK(wr_force_check(&start, p.costs.daily_points));
        uint8_t none[3];
        memset(none, 0, sizeof none);
        wr_plan_query q;
        memset(&q, 0, sizeof q);
        q.start = &start;
        for (int blocks = 0; blocks <= 1; blocks++) {
            q.blocked_hexes = blocks ? none : NULL;
            q.blocked_hexes_size = blocks ? (size_t)(cells + 7) / 8 : 0;
            wr_arrival field[24];
            OK(wr_planner_plan_field(pl, m, &p, &q, O(0, 0), field, (size_t)cells));
            /* it has not moved today: a rally today, at the start */
            assert_int_equal(field[0].day, WR_PLAN_MAX_DAYS);
            assert_int_equal(field[0].points_left, 0);
            for (int i = 1; i < cells; i++)
                assert_int_equal(field[i].day, -1);
            wr_plan_result r;
            q.objective = WR_OBJECTIVE_EARLIEST_FORMED;
            OK(wr_planner_plan(pl, m, &p, &q, O(0, 0), O(5, 0), &r));
            assert_int_equal(r.outcome, WR_PLAN_NO_ROUTE);
            q.objective = WR_OBJECTIVE_EARLIEST;
            OK(wr_planner_plan(pl, m, &p, &q, O(0, 0), O(5, 0), &r));
            assert_int_equal(r.outcome, WR_PLAN_FOUND);
            assert_int_equal(r.route.arrival_day, WR_PLAN_MAX_DAYS);
            assert_int_equal(r.arrival.unformed, 1);
            q.objective = WR_OBJECTIVE_EARLIEST_FORMED;
        }
    }
    wr_planner_free(pl);
    wr_map_free(land);
    wr_map_free(sea);
}

/* A game's chain of 11 nodes, one move each to the next of 100,000 points
   (the most a move may cost), the last one needing unformed movement and
   costing `last` points. At 1 point a day a label is its day. */
static int chain_moves(void *user, int32_t node, wr_plan_edge *out, int capacity)
{
    const int last = *(const int *)user;
    (void)capacity;
    if (node >= 10)
        return 0;
    wr_plan_edge e = {node + 1, node == 9 ? last : 100000, 0, node == 9 ? WR_STEP_UNFORMED : 0u};
    out[0] = e;
    return 1;
}

/* Arriving unformed on day 999,999, the rally day is the last plan day; on
   WR_PLAN_MAX_DAYS itself, the rally day is past it and the node cannot be
   reached formed (WR_ERR_FORBIDDEN, as any node out of reach). */
static void a_graph_rally_on_the_last_plan_day(void **state)
{
    (void)state;
    wr_planner *pl = NULL;
    OK(wr_planner_new(&pl));
    wr_plan_params p;
    OK(wr_plan_params_default(WR_MOVER_INFANTRY, &p));
    p.costs.daily_points = 1;
    p.options = WR_PLAN_UNFORMED;
    int last = 99999;
    wr_plan_graph g = {11, chain_moves, NULL, &last};
    wr_route r;
    OK(wr_planner_route_graph(pl, &g, &p, 0, 10, &r));
    assert_int_equal(r.step_count, 12);
    assert_int_equal(r.steps[10].day, WR_PLAN_MAX_DAYS - 1);
    assert_int_equal(r.steps[11].flags & WR_STEP_RALLY, WR_STEP_RALLY);
    assert_int_equal(r.arrival_day, WR_PLAN_MAX_DAYS);
    last = 100000;
    assert_int_equal(wr_planner_route_graph(pl, &g, &p, 0, 10, &r), WR_ERR_FORBIDDEN);
    OK(wr_planner_route_graph(pl, &g, &p, 0, 9, &r));
    assert_int_equal(r.arrival_day, WR_PLAN_MAX_DAYS - 100000);
    wr_planner_free(pl);
}

/* Clear ground, SEA_W x SEA_H hexes, cavalry unformed after a long press
   (Dijkstra's search for its plans, rings of many hexes on one label):
   plans to the corners and the middle arrive as the full rules' field
   says, formed, and as the general search's field says. */
static void a_wide_plain_after_a_long_press(void **state)
{
    (void)state;
    wr_map *m = NULL;
    OK(wr_map_new(SEA_W, SEA_H, &m));
    wr_planner *pl = NULL;
    OK(wr_planner_new(&pl));
    wr_plan_params p;
    OK(wr_plan_params_default(WR_MOVER_CAVALRY, &p));
    p.options = WR_PLAN_UNFORMED;
    wr_force_state start = unformed_long_press(p.costs.daily_points);
    wr_plan_query q;
    memset(&q, 0, sizeof q);
    q.start = &start;
    static wr_arrival rules[SEA_W * SEA_H], general[SEA_W * SEA_H];
    static uint8_t none[(SEA_W * SEA_H + 7) / 8];
    const wr_hex from = O(SEA_W / 2, SEA_H / 2);
    OK(wr_planner_plan_field(pl, m, &p, &q, from, rules, SEA_W * SEA_H));
    q.blocked_hexes = none;
    q.blocked_hexes_size = sizeof none;
    OK(wr_planner_plan_field(pl, m, &p, &q, from, general, SEA_W * SEA_H));
    for (int i = 0; i < SEA_W * SEA_H; i++) {
        assert_int_equal(rules[i].day, general[i].day);
        assert_int_equal(rules[i].points_left, general[i].points_left);
    }
    q.blocked_hexes = NULL;
    q.blocked_hexes_size = 0;
    const wr_hex to[3] = {O(0, 0), O(SEA_W - 1, SEA_H - 1), O(SEA_W / 2 + 1, SEA_H / 2)};
    for (int k = 0; k < 3; k++) {
        int32_t i = -1;
        OK(wr_map_index(m, to[k], &i));
        wr_plan_result r;
        OK(wr_planner_plan(pl, m, &p, &q, from, to[k], &r));
        assert_int_equal(r.outcome, WR_PLAN_FOUND);
        assert_int_equal(r.route.arrival_day, rules[i].day);
        assert_int_equal(r.route.points_left, rules[i].points_left);
        assert_int_equal(r.arrival.unformed, 0);
    }
    wr_planner_free(pl);
    wr_map_free(m);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(sight_between_every_pair_of_zones),
        cmocka_unit_test(a_river_may_end_in_the_sea),
        cmocka_unit_test(getting_lost_on_a_route_rolls_nothing),
        cmocka_unit_test(plain_costs_ignore_an_unformed_start),
        cmocka_unit_test(an_enemy_query_without_a_start),
        cmocka_unit_test(a_formed_interception_after_moving_unformed),
        cmocka_unit_test(a_formed_interception_from_the_far_bank),
        cmocka_unit_test(reachable_allocations),
        cmocka_unit_test(danger_allocations),
        cmocka_unit_test(a_wide_sea),
        cmocka_unit_test(a_graph_with_a_thousand_ties),
        cmocka_unit_test(a_side_blocked_by_bits_or_by_callback),
        cmocka_unit_test(plain_costs_round_blocked_hexes_on_random_ground),
        cmocka_unit_test(land_fields_after_a_long_press_agree),
        cmocka_unit_test(vessel_field_after_a_long_press_agrees),
        cmocka_unit_test(unformed_on_the_last_plan_day),
        cmocka_unit_test(a_graph_rally_on_the_last_plan_day),
        cmocka_unit_test(a_wide_plain_after_a_long_press),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
