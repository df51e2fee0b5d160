/* Campaign module, the day's march (the Valormr campaign, "Strategic
   Movement: Terrain Effects"): the pinned rules (river crossings, the
   half-die, stragglers, rafts), the text's ford example, the default move
   tables, terrain and formation, saving points, getting lost. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "warrules/campaign.h"

#include "fixtures.h"

/* ------------------------------------------------------------------------ */
/* Pinned rules */

static void river_crossing_table(void **state)
{
    (void)state;
    int x = -1, d = -1, u = -1;
    for (int arm = 0; arm < 2; arm++) {
        for (int river = 1; river <= 2; river++) {
            OK(wr_river_crossing((wr_arm)arm, (wr_river)river, WR_CROSS_BRIDGE, 12, &x, &d, &u));
            assert_int_equal(x, 0);
            assert_int_equal(d, 0);
            assert_int_equal(u, 0);
            OK(wr_river_crossing((wr_arm)arm, (wr_river)river, WR_CROSS_FERRY, 12, &x, &d, &u));
            assert_int_equal(x, 0);
            assert_int_equal(d, river == WR_RIVER_MINOR ? 1 : 2);
            assert_int_equal(u, 1);
        }
        x = d = u = -7;
        assert_int_equal(wr_river_crossing((wr_arm)arm, WR_RIVER_MAJOR, WR_CROSS_FORD, 12, &x, &d, &u),
                         WR_ERR_INVALID);
        assert_int_equal(x, -7);
        OK(wr_river_crossing((wr_arm)arm, WR_RIVER_MAJOR, WR_CROSS_OPEN, 12, &x, &d, &u));
        assert_int_equal(x, 0);
        assert_int_equal(d, 3);
        assert_int_equal(u, 1);
    }
    OK(wr_river_crossing(WR_ARM_INFANTRY, WR_RIVER_MINOR, WR_CROSS_FORD, 12, &x, &d, &u));
    assert_int_equal(x, 6);
    assert_int_equal(d, 0);
    assert_int_equal(u, 1);
    OK(wr_river_crossing(WR_ARM_INFANTRY, WR_RIVER_MINOR, WR_CROSS_FORD, 13, &x, &d, &u));
    assert_int_equal(x, 7);
    OK(wr_river_crossing(WR_ARM_CAVALRY, WR_RIVER_MINOR, WR_CROSS_FORD, 18, &x, &d, &u));
    assert_int_equal(x, 0);
    assert_int_equal(u, 1);
    OK(wr_river_crossing(WR_ARM_CAVALRY, WR_RIVER_MINOR, WR_CROSS_OPEN, 17, &x, &d, &u));
    assert_int_equal(x, 9);
    assert_int_equal(d, 0);
    OK(wr_river_crossing(WR_ARM_INFANTRY, WR_RIVER_MINOR, WR_CROSS_OPEN, 12, &x, &d, &u));
    assert_int_equal(x, 0);
    assert_int_equal(d, 3);
    OK(wr_river_crossing(WR_ARM_INFANTRY, WR_RIVER_MINOR, WR_CROSS_FORD, 1, &x, &d, &u));
    assert_int_equal(x, 1);
    OK(wr_river_crossing(WR_ARM_CAVALRY, WR_RIVER_MINOR, WR_CROSS_OPEN, 1000, &x, &d, &u));
    assert_int_equal(x, 500);
}

static void half_die_stragglers_timber(void **state)
{
    (void)state;
    const int halves[7] = {0, 1, 1, 2, 2, 3, 3};
    for (int d6 = 1; d6 <= 6; d6++) {
        int h = 0;
        OK(wr_half_die(d6, &h));
        assert_int_equal(h, halves[d6]);
        int enough = -1;
        OK(wr_raft_timber(d6, 1, &enough));
        assert_int_equal(enough, 1);
        OK(wr_raft_timber(d6, 0, &enough));
        assert_int_equal(enough, d6 >= 5);
    }
    int lost = -1;
    OK(wr_stragglers(100, 1, &lost));
    assert_int_equal(lost, 5);
    OK(wr_stragglers(100, 3, &lost));
    assert_int_equal(lost, 15);
    OK(wr_stragglers(21, 1, &lost)); /* 1.05 rounds up to 2 */
    assert_int_equal(lost, 2);
    OK(wr_stragglers(20, 1, &lost));
    assert_int_equal(lost, 1);
    OK(wr_stragglers(0, 2, &lost));
    assert_int_equal(lost, 0);
    OK(wr_stragglers(1000000, 3, &lost));
    assert_int_equal(lost, 150000);
    OK(wr_stragglers(1, 1, &lost));
    assert_int_equal(lost, 1);
    int gathered = -1;
    OK(wr_stragglers_gathered(100, 30, 2, &gathered));
    assert_int_equal(gathered, 10);
    OK(wr_stragglers_gathered(100, 4, 3, &gathered));
    assert_int_equal(gathered, 4);
    OK(wr_stragglers_gathered(21, 21, 1, &gathered));
    assert_int_equal(gathered, 2);
    wr_rng *rng = NULL;
    OK(wr_rng_new(7, &rng));
    int counts[4] = {0, 0, 0, 0};
    for (int i = 0; i < 600; i++) {
        int h = 0;
        OK(wr_half_die_rng(rng, &h));
        assert_true(h >= 1 && h <= 3);
        counts[h]++;
    }
    assert_true(counts[1] > 100 && counts[2] > 100 && counts[3] > 100);
    wr_rng_free(rng);
    int def = -1;
    OK(wr_raft_defence(100, 1, &def));
    assert_int_equal(def, 33);
    OK(wr_raft_defence(100, 2, &def));
    assert_int_equal(def, 33);
    OK(wr_raft_defence(100, 3, &def));
    assert_int_equal(def, 100);
}

/* ------------------------------------------------------------------------ */
/* The text's ford example: infantry, 12 points, a clear hex (6) and a minor
   river ford (6) in one morning; camps on the far bank. */

static void ford_example(void **state)
{
    (void)state;
    int x = 0, d = 0, u = 0;
    OK(wr_river_crossing(WR_ARM_INFANTRY, WR_RIVER_MINOR, WR_CROSS_FORD, 12, &x, &d, &u));
    wr_move_costs c;
    OK(wr_move_costs_default(WR_MOVER_INFANTRY, &c));
    assert_int_equal(c.daily_points, 12);
    assert_int_equal(c.enter[WR_HEX_CLEAR], 6);
    int cost = 0, formed = 0;
    OK(wr_land_entry(&c, WR_ARM_INFANTRY, 0, WR_HEX_CLEAR, 0, WR_ROUTE_NONE, &cost, &formed));
    assert_int_equal(cost + x, 12);
    assert_int_equal(d, 0);
    assert_int_equal(u, 1);

    wr_march m;
    OK(wr_march_start(12, &m));
    int entered = 0;
    OK(wr_march_enter(&m, cost + x, 0, &entered));
    assert_int_equal(entered, 1);
    assert_int_equal(m.points, 0);
    assert_int_equal(m.day, 1);

    wr_map *map = NULL;
    OK(wr_map_new(2, 1, &map));
    side(map, O(0, 0), 0, WR_RIVER_MINOR, WR_CROSS_FORD, 0, 0);
    wr_planner *pl = NULL;
    OK(wr_planner_new(&pl));
    wr_plan_params p = params_for(WR_MOVER_INFANTRY);
    wr_route r;
    OK(wr_planner_route(pl, map, &p, O(0, 0), O(1, 0), &r));
    assert_int_equal(r.step_count, 2);
    assert_int_equal(r.arrival_day, 1);
    assert_int_equal(r.points_left, 0);
    assert_true(r.steps[0].flags & WR_STEP_START);
    assert_int_equal(r.steps[0].nights, 0);
    assert_true(r.steps[1].flags & WR_STEP_FORD);
    assert_true(r.steps[1].flags & WR_STEP_NIGHT); /* camps on the far bank */
    assert_int_equal(r.steps[1].hex.q, O(1, 0).q);
    assert_int_equal(r.steps[1].day, 1);
    assert_int_equal(r.rally_days, 0);
    wr_planner_free(pl);
    wr_map_free(map);
}

/* ------------------------------------------------------------------------ */
/* Move tables, terrain and formation */

static void default_tables(void **state)
{
    (void)state;
    wr_move_costs c;
    OK(wr_move_costs_default(WR_MOVER_INFANTRY, &c));
    assert_int_equal(c.daily_points, 12);
    assert_int_equal(c.enter[WR_HEX_CLEAR], 6);
    /* hills and swamp at 2/3 of the clear rate */
    assert_int_equal(c.enter[WR_HEX_HILLS] * 2, c.enter[WR_HEX_CLEAR] * 3);
    assert_int_equal(c.enter[WR_HEX_SWAMP] * 2, c.enter[WR_HEX_CLEAR] * 3);
    assert_int_equal(c.enter[WR_HEX_SEA], 0);
    assert_int_equal(c.enter[WR_HEX_LAKE], 0);
    OK(wr_move_costs_default(WR_MOVER_RIVER_BOAT, &c));
    /* 30 points upstream, 42 downstream at 6 a hex: 5 and 7 hexes a day */
    assert_int_equal(c.daily_points / c.upstream, 30 / 6);
    assert_int_equal(c.daily_points / c.downstream, 42 / 6);
    assert_int_equal(c.daily_points % c.upstream, 0);
    assert_int_equal(c.daily_points % c.downstream, 0);
    for (int mv = 0; mv < WR_MOVER_COUNT; mv++) {
        OK(wr_move_costs_default((wr_mover)mv, &c));
        assert_true(c.daily_points >= 1 && c.daily_points <= 1000);
        wr_plan_params p;
        OK(wr_plan_params_default((wr_mover)mv, &p));
        assert_int_equal(p.mover, mv);
        assert_int_equal(p.bridging_days, 1);
        assert_int_equal(p.wind, WR_WIND_NONE);
        assert_memory_equal(&p.costs, &c, sizeof c);
    }
    OK(wr_move_costs_default(WR_MOVER_GALLEY, &c));
    assert_int_equal(c.upstream, 0);
}

static void terrain_and_formation(void **state)
{
    (void)state;
    wr_move_costs c;
    OK(wr_move_costs_default(WR_MOVER_INFANTRY, &c));
    int cost = 0, formed = 0;
    OK(wr_land_entry(&c, WR_ARM_INFANTRY, 0, WR_HEX_FOREST, 0, WR_ROUTE_NONE, &cost, &formed));
    assert_int_equal(cost, 9);
    assert_int_equal(formed, 1);
    OK(wr_land_entry(&c, WR_ARM_CAVALRY, 0, WR_HEX_FOREST, 0, WR_ROUTE_NONE, &cost, &formed));
    assert_int_equal(formed, 0); /* cavalry off-road in forest only unformed */
    OK(wr_land_entry(&c, WR_ARM_CAVALRY, 0, WR_HEX_SWAMP, 0, WR_ROUTE_ROAD, &cost, &formed));
    assert_int_equal(cost, 6);
    assert_int_equal(formed, 1);
    OK(wr_land_entry(&c, WR_ARM_CAVALRY, 0, WR_HEX_FOREST, 0, WR_ROUTE_TRACK, &cost, &formed));
    assert_int_equal(formed, 0); /* a track is no road */
    OK(wr_land_entry(&c, WR_ARM_INFANTRY, 0, WR_HEX_MOUNTAINS, 0, WR_ROUTE_NONE, &cost, &formed));
    assert_int_equal(cost, 12);
    assert_int_equal(formed, 0);
    OK(wr_land_entry(&c, WR_ARM_CAVALRY, 0, WR_HEX_MOUNTAINS, 0, WR_ROUTE_TRACK, &cost, &formed));
    assert_int_equal(cost, 9);
    assert_int_equal(formed, 1);
    OK(wr_land_entry(&c, WR_ARM_INFANTRY, 0, WR_HEX_MOUNTAINS, 0, WR_ROUTE_ROAD, &cost, &formed));
    assert_int_equal(formed, 1);
    OK(wr_land_entry(&c, WR_ARM_INFANTRY, WR_FORCE_ELLRIENDI, WR_HEX_FOREST, 1, WR_ROUTE_NONE, &cost,
                     &formed));
    assert_int_equal(cost, 6);
    OK(wr_land_entry(&c, WR_ARM_INFANTRY, WR_FORCE_ELLRIENDI, WR_HEX_FOREST, 0, WR_ROUTE_NONE, &cost,
                     &formed));
    assert_int_equal(cost, 9); /* not their home forest */
    OK(wr_land_entry(&c, WR_ARM_INFANTRY, WR_FORCE_LIZARD_MEN, WR_HEX_SWAMP, 0, WR_ROUTE_NONE, &cost,
                     &formed));
    assert_int_equal(cost, 6);
    OK(wr_land_entry(&c, WR_ARM_INFANTRY, WR_FORCE_LIZARD_MEN, WR_HEX_HILLS, 0, WR_ROUTE_NONE, &cost,
                     &formed));
    assert_int_equal(cost, 9);
    cost = formed = -3;
    assert_int_equal(wr_land_entry(&c, WR_ARM_INFANTRY, 0, WR_HEX_SEA, 0, WR_ROUTE_NONE, &cost, &formed),
                     WR_ERR_FORBIDDEN);
    assert_int_equal(wr_land_entry(&c, WR_ARM_INFANTRY, 0, WR_HEX_LAKE, 0, WR_ROUTE_ROAD, &cost, &formed),
                     WR_ERR_FORBIDDEN);
    c.enter[WR_HEX_HILLS] = 0;
    assert_int_equal(wr_land_entry(&c, WR_ARM_INFANTRY, 0, WR_HEX_HILLS, 0, WR_ROUTE_NONE, &cost, &formed),
                     WR_ERR_FORBIDDEN);
    assert_int_equal(cost, -3);
}

/* ------------------------------------------------------------------------ */
/* Spending and saving */

static void march_saving(void **state)
{
    (void)state;
    wr_march m;
    OK(wr_march_start(12, &m));
    int in = 0, hexes = 0;
    /* hills at 9: two-thirds of the clear rate over three days */
    for (int day = 1; day <= 3; day++) {
        for (;;) {
            OK(wr_march_enter(&m, 9, 0, &in));
            if (!in)
                break;
            hexes++;
        }
        OK(wr_march_end_day(&m, 0));
    }
    assert_int_equal(hexes, 4); /* 36 points: 3, 6, 0 saved */
    assert_int_equal(m.day, 4);
    assert_int_equal(m.points, 12);

    /* stationary: the points are lost */
    OK(wr_march_start(12, &m));
    OK(wr_march_enter(&m, 9, 0, &in));
    OK(wr_march_end_day(&m, 0));
    assert_int_equal(m.points, 15);
    OK(wr_march_end_day(&m, 0)); /* no move on day 2 */
    assert_int_equal(m.points, 12);
    /* halting: lost */
    OK(wr_march_enter(&m, 5, 0, &in));
    OK(wr_march_end_day(&m, 1));
    assert_int_equal(m.points, 12);
    /* pressing towards a hex that costs more than a day */
    OK(wr_march_enter(&m, 20, 0, &in));
    assert_int_equal(in, 0);
    OK(wr_march_end_day(&m, 0));
    assert_int_equal(m.points, 24);
    OK(wr_march_enter(&m, 20, 0, &in));
    assert_int_equal(in, 1);
    assert_int_equal(m.points, 4);
    /* enemy contact: lost; an unformed force is non-rallied */
    int nr = -1;
    OK(wr_march_contact(&m, &nr));
    assert_int_equal(nr, 0);
    assert_int_equal(m.points, 0);
    OK(wr_march_end_day(&m, 0));
    OK(wr_march_enter(&m, 9, 1, &in));
    assert_int_equal(m.unformed, 1);
    assert_int_equal(wr_march_rally(&m), WR_ERR_STATE); /* moved today */
    OK(wr_march_contact(&m, &nr));
    assert_int_equal(nr, 1);
    assert_int_equal(wr_march_rally(&m), WR_ERR_STATE); /* contact does not undo today's move */
    OK(wr_march_end_day(&m, 1));
    assert_int_equal(m.unformed_days, 1);
    /* [Units, Formed and Unformed] still unformed, any move is unformed
       movement: the next day counts too, as the planner counts it */
    OK(wr_march_enter(&m, 6, 0, &in));
    assert_int_equal(m.unformed_today, 1);
    OK(wr_march_end_day(&m, 1));
    assert_int_equal(m.unformed_days, 2);
    int day = m.day;

    OK(wr_march_rally(&m));
    assert_int_equal(m.unformed, 0);
    assert_int_equal(m.day, day + 1);
    assert_int_equal(m.points, 12);
    assert_int_equal(wr_march_rally(&m), WR_ERR_STATE); /* formed */
    m.points = -1;
    assert_int_equal(wr_march_enter(&m, 3, 0, &in), WR_ERR_INVALID);
}

static void getting_lost(void **state)
{
    (void)state;
    int lost = -1;
    OK(wr_getting_lost(1, 0, 30, 30, &lost));
    assert_int_equal(lost, 1);
    OK(wr_getting_lost(1, 0, 30, 31, &lost));
    assert_int_equal(lost, 0);
    OK(wr_getting_lost(1, 1, 100, 1, &lost));
    assert_int_equal(lost, 0); /* on a road, track or water course */
    OK(wr_getting_lost(0, 0, 100, 1, &lost));
    assert_int_equal(lost, 0); /* larger units do not get lost */
    wr_rng *a = NULL, *b = NULL;
    OK(wr_rng_new(99, &a));
    OK(wr_rng_new(99, &b));
    for (int i = 0; i < 50; i++) {
        int d100 = 0, l1 = 0, l2 = 0;
        OK(wr_getting_lost_rng(1, 0, 40, a, &l1));
        OK(wr_rng_roll(b, 100, &d100));
        OK(wr_getting_lost(1, 0, 40, d100, &l2));
        assert_int_equal(l1, l2);
    }
    OK(wr_getting_lost_rng(0, 0, 40, a, &lost)); /* draws no roll */
    int x = 0, y = 0;
    OK(wr_rng_roll(a, 6, &x));
    OK(wr_rng_roll(b, 6, &y));
    assert_int_equal(x, y);
    wr_rng_free(a);
    wr_rng_free(b);

    wr_map *m = NULL;
    OK(wr_map_new(3, 3, &m));
    int on = -1;
    OK(wr_map_is_on_route(m, O(1, 1), 0, &on));
    assert_int_equal(on, 0);
    side(m, O(1, 1), 0, 0, 0, 1, 0);
    OK(wr_map_is_on_route(m, O(1, 1), 0, &on));
    assert_int_equal(on, 1);
    side(m, O(1, 1), 3, 0, 0, 0, 1);
    OK(wr_map_is_on_route(m, O(0, 1), 0, &on));
    assert_int_equal(on, 1);
    OK(wr_map_set_watercourse(m, O(1, 1), 5, 0));
    wr_hex n;
    OK(wr_hex_neighbor(O(1, 1), 5, &n));
    OK(wr_map_is_on_route(m, n, 2, &on));
    assert_int_equal(on, 1); /* upstream along the water course */
    OK(wr_map_is_on_route(m, O(1, 1), 1, &on));
    assert_int_equal(on, 0);
    wr_map_free(m);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(river_crossing_table),
        cmocka_unit_test(half_die_stragglers_timber),
        cmocka_unit_test(ford_example),
        cmocka_unit_test(default_tables),
        cmocka_unit_test(terrain_and_formation),
        cmocka_unit_test(march_saving),
        cmocka_unit_test(getting_lost),
    };
    return cmocka_run_group_tests_name("campaign_march", tests, NULL, NULL);
}
