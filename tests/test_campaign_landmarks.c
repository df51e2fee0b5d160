/* Campaign module, the planner's landmarks (wr_planner_prepare_landmarks()):
   routes with them are the routes without, step for step, on random maps
   (rivers, roads, impassable hexes, unreachable goals); they are ignored
   after an edit, on another map, with other parameters, with blocked hexes
   and under the full rules; the plain A* settles fewer states with them;
   the same input gives the same landmarks; a failed allocation leaves the
   landmarks held. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include <cmocka.h>

#include "warrules/campaign.h"

#include "failing_alloc.h"
#include "fixtures.h"

static wr_plan_params plain_for(unsigned *s)
{
    wr_plan_params p;
    random_params(s, &p, 0);
    p.options |= WR_PLAN_PLAIN_COSTS;
    return p;
}

static size_t settled(const wr_planner *pl)
{
    size_t n = 0;
    OK(wr_planner_settled(pl, &n));
    return n;
}

/* The route from a to b by both planners: the same status and route. */
static void expect_same(wr_planner *with, wr_planner *without, const wr_map *m,
                        const wr_plan_params *p, wr_hex a, wr_hex b)
{
    wr_route r1, r2;
    wr_status s1 = wr_planner_route(with, m, p, a, b, &r1);
    wr_status s2 = wr_planner_route(without, m, p, a, b, &r2);
    assert_int_equal(s1, s2);
    if (s1 == WR_OK)
        expect_same_route(&r1, &r2);
}

/* The route from a to b by both planners, and the same states settled:
   the landmarks were not used. */
static void expect_ignored(wr_planner *with, wr_planner *without, const wr_map *m,
                           const wr_plan_params *p, wr_hex a, wr_hex b)
{
    expect_same(with, without, m, p, a, b);
    assert_int_equal(settled(with), settled(without));
}

static wr_hex random_hex(unsigned *s, int w, int h)
{
    return O((int)(rnd(s) % (unsigned)w), (int)(rnd(s) % (unsigned)h));
}

static void landmarks_give_the_same_routes_on_random_maps(void **state)
{
    (void)state;
    wr_planner *with = NULL, *without = NULL;
    OK(wr_planner_new(&with));
    OK(wr_planner_new(&without));
    unsigned s = 2026u;
    int used = 0;
    for (int map_no = 0; map_no < 24; map_no++) {
        const int w = 8 + (int)(rnd(&s) % 24), h = 6 + (int)(rnd(&s) % 20);
        wr_map *m = random_land_map(&s, w, h);
        wr_plan_params p = plain_for(&s);
        OK(wr_planner_prepare_landmarks(with, m, &p, 1 + (int)(rnd(&s) % WR_PLAN_MAX_LANDMARKS)));
        for (int q = 0; q < 60; q++) {
            const wr_hex a = random_hex(&s, w, h), b = random_hex(&s, w, h);
            expect_same(with, without, m, &p, a, b);
            used += settled(with) < settled(without);
        }
        wr_map_free(m);
    }
    assert_true(used > 100); /* the landmarks were used */
    wr_planner_free(with);
    wr_planner_free(without);
}

/* Maps one to four hexes wide or high, where every hex is on the map's
   edge (and a column's first and last hex are one): the landmarks, picked
   among the edge hexes, give the same routes. */
static void landmarks_on_thin_maps(void **state)
{
    (void)state;
    wr_planner *with = NULL, *without = NULL;
    OK(wr_planner_new(&with));
    OK(wr_planner_new(&without));
    unsigned s = 4u;
    for (int w = 1; w <= 4; w++)
        for (int h = 1; h <= 9; h += 2) {
            wr_map *m = random_land_map(&s, w, h);
            wr_plan_params p = plain_for(&s);
            OK(wr_planner_prepare_landmarks(with, m, &p, WR_PLAN_MAX_LANDMARKS));
            for (int q = 0; q < 12; q++)
                expect_same(with, without, m, &p, random_hex(&s, w, h), random_hex(&s, w, h));
            wr_map *t = random_land_map(&s, h, w); /* the same, turned */
            OK(wr_planner_prepare_landmarks(with, t, &p, 3));
            for (int q = 0; q < 12; q++)
                expect_same(with, without, t, &p, random_hex(&s, h, w), random_hex(&s, h, w));
            wr_map_free(m);
            wr_map_free(t);
        }
    wr_planner_free(with);
    wr_planner_free(without);
}

static void landmarks_give_the_same_plans_from_random_states(void **state)
{
    (void)state;
    wr_planner *with = NULL, *without = NULL;
    OK(wr_planner_new(&with));
    OK(wr_planner_new(&without));
    unsigned s = 77u;
    for (int map_no = 0; map_no < 12; map_no++) {
        const int w = 10 + (int)(rnd(&s) % 16), h = 8 + (int)(rnd(&s) % 12);
        wr_map *m = random_land_map(&s, w, h);
        wr_plan_params p = plain_for(&s);
        OK(wr_planner_prepare_landmarks(with, m, &p, 6));
        for (int q = 0; q < 40; q++) {
            wr_force_state fs;
            random_start(&s, p.costs.daily_points, &fs);
            fs.unformed = fs.unformed_today = 0;
            fs.unformed_days = 0;
            wr_plan_query query;
            memset(&query, 0, sizeof query);
            query.start = &fs;
            uint8_t *hexes = NULL, *sides = NULL;
            if (q % 4 == 0) /* blocked: the landmarks are not used */
                random_blocks(&s, m, 9, &hexes, &sides, &query);
            const wr_hex a = random_hex(&s, w, h), b = random_hex(&s, w, h);
            wr_plan_result r1, r2;
            wr_status s1 = wr_planner_plan(with, m, &p, &query, a, b, &r1);
            wr_status s2 = wr_planner_plan(without, m, &p, &query, a, b, &r2);
            assert_int_equal(s1, s2);
            if (s1 == WR_OK) {
                assert_int_equal(r1.outcome, r2.outcome);
                if (r1.outcome == WR_PLAN_FOUND)
                    expect_same_route(&r1.route, &r2.route);
            }
            free(hexes);
            free(sides);
        }
        wr_map_free(m);
    }
    wr_planner_free(with);
    wr_planner_free(without);
}

static void landmarks_are_ignored_after_an_edit_and_on_another_map(void **state)
{
    (void)state;
    wr_planner *with = NULL, *without = NULL;
    OK(wr_planner_new(&with));
    OK(wr_planner_new(&without));
    unsigned s = 5u, s2 = 5u;
    wr_map *m = random_land_map(&s, 30, 24), *twin = random_land_map(&s2, 30, 24);
    wr_plan_params p = params_for(WR_MOVER_INFANTRY);
    p.options = WR_PLAN_PLAIN_COSTS;
    OK(wr_planner_prepare_landmarks(with, m, &p, 8));
    OK(wr_map_set_terrain(m, O(15, 12), WR_HEX_CLEAR));
    OK(wr_map_set_terrain(m, O(2, 3), WR_HEX_CLEAR));
    OK(wr_map_set_terrain(m, O(27, 20), WR_HEX_CLEAR));
    expect_ignored(with, without, m, &p, O(2, 3), O(27, 20));
    expect_ignored(with, without, twin, &p, O(2, 3), O(27, 20)); /* the same cells, another map */
    OK(wr_planner_prepare_landmarks(with, m, &p, 8)); /* made again: used */
    expect_same(with, without, m, &p, O(2, 3), O(27, 20));
    assert_true(settled(with) < settled(without));
    wr_map_free(m);
    wr_map_free(twin);
    wr_planner_free(with);
    wr_planner_free(without);
}

static void landmarks_are_ignored_with_other_params_and_full_rules(void **state)
{
    (void)state;
    wr_planner *with = NULL, *without = NULL;
    OK(wr_planner_new(&with));
    OK(wr_planner_new(&without));
    unsigned s = 11u;
    wr_map *m = random_land_map(&s, 30, 24);
    OK(wr_map_set_terrain(m, O(1, 1), WR_HEX_CLEAR));
    OK(wr_map_set_terrain(m, O(28, 22), WR_HEX_CLEAR));
    wr_plan_params p = params_for(WR_MOVER_INFANTRY);
    p.options = WR_PLAN_PLAIN_COSTS;
    OK(wr_planner_prepare_landmarks(with, m, &p, 8));
    wr_plan_params other = p, full = p, cavalry = params_for(WR_MOVER_CAVALRY);
    other.costs.enter[WR_HEX_FOREST] += 3;
    full.options = WR_PLAN_UNFORMED;
    cavalry.options = WR_PLAN_PLAIN_COSTS;
    expect_ignored(with, without, m, &other, O(1, 1), O(28, 22));
    expect_ignored(with, without, m, &cavalry, O(1, 1), O(28, 22));
    const size_t before = settled(with);
    expect_same(with, without, m, &full, O(1, 1), O(28, 22));
    assert_int_equal(settled(with), before); /* the full rules: no plain A* */
    expect_same(with, without, m, &p, O(1, 1), O(28, 22));
    assert_true(settled(with) < settled(without));
    wr_map_free(m);
    wr_planner_free(with);
    wr_planner_free(without);
}

/* A one-way river (rafts only from the forest on its west bank) with hills
   east of it: from the bank's foot, the landmark at the south-east corner
   bounds the hex across the river far above the start's bound (it does not
   reach the start), a key past the ring: the search falls back to the
   plain A* (the same states settled as without landmarks) and the same
   route. */
static void landmarks_fall_back_past_the_ring_to_the_same_route(void **state)
{
    (void)state;
    wr_planner *with = NULL, *without = NULL;
    OK(wr_planner_new(&with));
    OK(wr_planner_new(&without));
    const int X = 20, W = 22, H = 60;
    wr_map *m = NULL;
    OK(wr_map_new(W, H, &m));
    for (int r = 0; r < H; r++)
        for (int c = 0; c < W; c++)
            OK(wr_map_set_terrain(m, O(c, r), c < X ? WR_HEX_FOREST : WR_HEX_HILLS));
    for (int r = 0; r < H; r++)
        for (int d = 0; d < 6; d++) {
            wr_hex n;
            int inside = 0, col = 0, row = 0;
            OK(wr_hex_neighbor(O(X - 1, r), d, &n));
            OK(wr_map_has_hex(m, n, &inside));
            if (!inside)
                continue;
            OK(wr_hex_to_offset(n, &col, &row));
            if (col >= X)
                side(m, O(X - 1, r), d, WR_RIVER_MAJOR, WR_CROSS_OPEN, 0, 0);
        }
    wr_plan_params p = params_for(WR_MOVER_INFANTRY);
    p.options = WR_PLAN_PLAIN_COSTS;
    p.costs.enter[WR_HEX_CLEAR] = 1;
    p.costs.enter[WR_HEX_HILLS] = 20;
    OK(wr_planner_prepare_landmarks(with, m, &p, 2));
    wr_route r;
    assert_int_equal(wr_planner_route(without, m, &p, O(W - 1, 0), O(0, 0), &r),
                     WR_ERR_FORBIDDEN); /* one way */
    expect_same(with, without, m, &p, O(X - 1, H - 1), O(W - 1, 0));
    assert_int_equal(settled(with), settled(without));
    wr_map_free(m);
    wr_planner_free(with);
    wr_planner_free(without);
}

/* A large map: the plain A* settles fewer states with the landmarks (this
   fails when they are not used), and the same input gives the same ones. */
static void landmarks_settle_fewer_states_on_a_large_map(void **state)
{
    (void)state;
    wr_planner *with = NULL, *again = NULL, *without = NULL;
    OK(wr_planner_new(&with));
    OK(wr_planner_new(&again));
    OK(wr_planner_new(&without));
    unsigned s = 314u;
    wr_map *m = random_land_map(&s, 160, 120);
    wr_plan_params p = params_for(WR_MOVER_INFANTRY);
    p.options = WR_PLAN_PLAIN_COSTS | WR_PLAN_RAFTS_ANYWHERE;
    OK(wr_planner_prepare_landmarks(with, m, &p, 8));
    OK(wr_planner_prepare_landmarks(again, m, &p, 8));
    int count = 0;
    size_t bytes = 0;
    OK(wr_planner_landmarks(with, &count, &bytes));
    assert_int_equal(count, 8);
    assert_int_equal(bytes, (size_t)160 * 120 * 8 * 2); /* every label below 0xffff: uint16 */
    size_t total_with = 0, total_without = 0;
    for (int q = 0; q < 20; q++) {
        const wr_hex a = random_hex(&s, 160, 120), b = random_hex(&s, 160, 120);
        expect_same(with, without, m, &p, a, b);
        wr_route r;
        wr_status st = wr_planner_route(again, m, &p, a, b, &r);
        assert_true(st == WR_OK || st == WR_ERR_FORBIDDEN);
        assert_int_equal(settled(again), settled(with)); /* the same landmarks */
        total_with += settled(with);
        total_without += settled(without);
    }
    assert_true(total_with * 3 < total_without * 2);
    wr_map_free(m);
    wr_planner_free(with);
    wr_planner_free(again);
    wr_planner_free(without);
}

/* Labels of 0xffff points and more: the landmarks keep 4 bytes a label,
   and give the same routes with fewer states settled. */
static void landmarks_keep_wide_labels_past_0xffff(void **state)
{
    (void)state;
    wr_planner *with = NULL, *without = NULL;
    OK(wr_planner_new(&with));
    OK(wr_planner_new(&without));
    unsigned s = 99u;
    wr_map *m = NULL;
    OK(wr_map_new(600, 4, &m));
    for (int i = 0; i < 600 * 4; i++) {
        wr_hex h;
        OK(wr_map_hex(m, i, &h));
        OK(wr_map_set_terrain(m, h, i % 7 == 3 ? WR_HEX_FOREST : WR_HEX_CLEAR));
    }
    wr_plan_params p = params_for(WR_MOVER_INFANTRY);
    p.options = WR_PLAN_PLAIN_COSTS | WR_PLAN_RAFTS_ANYWHERE;
    p.costs.enter[WR_HEX_CLEAR] = 120; /* hmin stays the hills' cost */
    p.costs.enter[WR_HEX_FOREST] = 150;
    OK(wr_planner_prepare_landmarks(with, m, &p, 4));
    int count = 0;
    size_t bytes = 0;
    OK(wr_planner_landmarks(with, &count, &bytes));
    assert_int_equal(count, 4);
    assert_int_equal(bytes, (size_t)600 * 4 * 4 * 4);
    size_t total_with = 0, total_without = 0;
    wr_route r;
    for (int q = 0; q < 30; q++) {
        const wr_hex a = random_hex(&s, 600, 4), b = random_hex(&s, 600, 4);
        expect_same(with, without, m, &p, a, b);
        if (wr_planner_route(without, m, &p, a, b, &r) == WR_OK && r.arrival_day > 0)
            total_without += settled(without), total_with += settled(with);
    }
    OK(wr_planner_route(without, m, &p, O(0, 0), O(599, 3), &r));
    assert_true(r.arrival_day * p.costs.daily_points > 0xffff); /* labels past 0xffff */
    assert_true(total_with < total_without);
    wr_map_free(m);
    wr_planner_free(with);
    wr_planner_free(without);
}

static void landmarks_refuse_bad_input_and_count_zero_drops_them(void **state)
{
    (void)state;
    wr_planner *pl = NULL;
    OK(wr_planner_new(&pl));
    wr_map *m = NULL;
    OK(wr_map_new(6, 5, &m));
    wr_plan_params p = params_for(WR_MOVER_INFANTRY), full = p;
    p.options = WR_PLAN_PLAIN_COSTS;
    wr_plan_params boat = params_for(WR_MOVER_LONGSHIP);
    boat.options = WR_PLAN_PLAIN_COSTS;
    int count = -1;
    size_t bytes = 1;
    assert_int_equal(wr_planner_prepare_landmarks(NULL, m, &p, 2), WR_ERR_NULL);
    assert_int_equal(wr_planner_prepare_landmarks(pl, NULL, &p, 2), WR_ERR_NULL);
    assert_int_equal(wr_planner_prepare_landmarks(pl, m, NULL, 2), WR_ERR_NULL);
    assert_int_equal(wr_planner_prepare_landmarks(pl, m, &p, -1), WR_ERR_RANGE);
    assert_int_equal(wr_planner_prepare_landmarks(pl, m, &p, WR_PLAN_MAX_LANDMARKS + 1),
                     WR_ERR_RANGE);
    assert_int_equal(wr_planner_prepare_landmarks(pl, m, &full, 2), WR_ERR_INVALID);
    assert_int_equal(wr_planner_prepare_landmarks(pl, m, &boat, 2), WR_ERR_INVALID);
    assert_int_equal(wr_planner_landmarks(NULL, &count, &bytes), WR_ERR_NULL);
    assert_int_equal(wr_planner_landmarks(pl, NULL, &bytes), WR_ERR_NULL);
    assert_int_equal(wr_planner_landmarks(pl, &count, NULL), WR_ERR_NULL);
    assert_int_equal(wr_planner_settled(NULL, &bytes), WR_ERR_NULL);
    assert_int_equal(wr_planner_settled(pl, NULL), WR_ERR_NULL);
    assert_int_equal(count, -1);
    OK(wr_planner_landmarks(pl, &count, &bytes));
    assert_int_equal(count, 0);
    assert_int_equal(bytes, 0);
    OK(wr_planner_prepare_landmarks(pl, m, &p, 16)); /* 30 hexes, 16 landmarks */
    OK(wr_planner_landmarks(pl, &count, &bytes));
    assert_int_equal(count, 16);
    OK(wr_planner_prepare_landmarks(pl, m, &p, 0));
    OK(wr_planner_landmarks(pl, &count, &bytes));
    assert_int_equal(count, 0);
    assert_int_equal(bytes, 0);
    for (int i = 0; i < 30; i++) { /* nowhere to be: none */
        wr_hex h;
        OK(wr_map_hex(m, i, &h));
        OK(wr_map_set_terrain(m, h, WR_HEX_LAKE));
    }
    OK(wr_planner_prepare_landmarks(pl, m, &p, 4));
    OK(wr_planner_landmarks(pl, &count, &bytes));
    assert_int_equal(count, 0);
    wr_map_free(m);
    wr_planner_free(pl);
}

/* Landmarks made, then made again with each allocation failing: the call
   fails with WR_ERR_NOMEM and the planner keeps the first ones. */
static wr_status landmark_scenario(const wr_allocator *alloc)
{
    wr_status st = WR_OK;
    wr_map *m = NULL;
    wr_planner *pl = NULL;
    TRY(wr_map_new_ex(14, 11, alloc, &m));
    TRY(wr_planner_new_ex(alloc, &pl));
    wr_plan_params p;
    TRY(wr_plan_params_default(WR_MOVER_INFANTRY, &p));
    p.options = WR_PLAN_PLAIN_COSTS;
    TRY(wr_planner_prepare_landmarks(pl, m, &p, 3));
    st = wr_planner_prepare_landmarks(pl, m, &p, 5);
    int count = 0;
    size_t bytes = 0;
    (void)wr_planner_landmarks(pl, &count, &bytes);
    assert_int_equal(count, st == WR_OK ? 5 : 3);
    if (st != WR_OK)
        goto done;
    wr_route r;
    TRY(wr_planner_route(pl, m, &p, O(0, 0), O(13, 10), &r));
done:
    wr_planner_free(pl);
    wr_map_free(m);
    return st;
}

static void landmarks_keep_the_planner_on_allocation_failure(void **state)
{
    (void)state;
    check_alloc_failures(landmark_scenario, 3);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(landmarks_give_the_same_routes_on_random_maps),
        cmocka_unit_test(landmarks_on_thin_maps),
        cmocka_unit_test(landmarks_give_the_same_plans_from_random_states),
        cmocka_unit_test(landmarks_are_ignored_after_an_edit_and_on_another_map),
        cmocka_unit_test(landmarks_are_ignored_with_other_params_and_full_rules),
        cmocka_unit_test(landmarks_settle_fewer_states_on_a_large_map),
        cmocka_unit_test(landmarks_fall_back_past_the_ring_to_the_same_route),
        cmocka_unit_test(landmarks_keep_wide_labels_past_0xffff),
        cmocka_unit_test(landmarks_refuse_bad_input_and_count_zero_drops_them),
        cmocka_unit_test(landmarks_keep_the_planner_on_allocation_failure),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
