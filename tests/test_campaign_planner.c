/* Campaign module, the route planner: each rule of the text on a small map
   (saving points, forest and unformed movement, mountains, crossings,
   sea and rivers), objectives and constraints of one query, the hexes
   reachable in so many days. The tests share one planner (the group's). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "warrules/campaign.h"

#include "fixtures.h"

/* ------------------------------------------------------------------------ */
/* Planner: each rule on a small map */

/* A row of hexes of the given terrains (one letter each: c f s h m S C L). */
static wr_map *row_map(const char *terrains)
{
    wr_map *m = NULL;
    int n = (int)strlen(terrains);
    OK(wr_map_new(n, 1, &m));
    for (int i = 0; i < n; i++) {
        wr_hex_terrain t = WR_HEX_CLEAR;
        switch (terrains[i]) {
        case 'f': t = WR_HEX_FOREST; break;
        case 's': t = WR_HEX_SWAMP; break;
        case 'h': t = WR_HEX_HILLS; break;
        case 'm': t = WR_HEX_MOUNTAINS; break;
        case 'S': t = WR_HEX_SEA; break;
        case 'C': t = WR_HEX_COAST; break;
        case 'L': t = WR_HEX_LAKE; break;
        default: break;
        }
        OK(wr_map_set_terrain(m, O(i, 0), t));
    }
    return m;
}

static wr_status plan(wr_planner *pl, wr_map *m, const wr_plan_params *p, int from, int to,
                      wr_route *r)
{
    return wr_planner_route(pl, m, p, O(from, 0), O(to, 0), r);
}

static void expect_arrival(wr_planner *pl, wr_map *m, const wr_plan_params *p, int from, int to,
                           int day, int pts)
{
    wr_route r;
    OK(plan(pl, m, p, from, to, &r));
    assert_int_equal(r.arrival_day, day);
    assert_int_equal(r.points_left, pts);
}

static void expect_forbidden(wr_planner *pl, wr_map *m, const wr_plan_params *p, int from, int to)
{
    wr_route r;
    memset(&r, 0x5a, sizeof r);
    assert_int_equal(plan(pl, m, p, from, to, &r), WR_ERR_FORBIDDEN);
    assert_int_equal(r.arrival_day, 0x5a5a5a5a);
}

static void plan_saving_points(void **state)
{
    wr_planner *pl = *state;
    wr_map *m = row_map("hhhhh");
    wr_plan_params p = params_for(WR_MOVER_INFANTRY);
    wr_route r;
    OK(plan(pl, m, &p, 0, 4, &r));
    assert_int_equal(r.step_count, 5);
    const int days[5] = {1, 1, 2, 3, 3}, left[5] = {12, 3, 6, 9, 0};
    const int nights[5] = {0, 1, 1, 0, 1};
    for (int i = 0; i < 5; i++) {
        assert_int_equal(r.steps[i].day, days[i]);
        assert_int_equal(r.steps[i].points_left, left[i]);
        assert_int_equal(r.steps[i].nights, nights[i]);
        assert_int_equal((r.steps[i].flags & WR_STEP_NIGHT) != 0, nights[i] > 0);
        assert_int_equal(r.steps[i].hex.q, O(i, 0).q);
    }
    /* same place: day 1, all points */
    expect_arrival(pl, m, &p, 2, 2, 1, 12);
    /* a hex dearer than a day: saved points carry the force in */
    p.costs.enter[WR_HEX_HILLS] = 20;
    expect_arrival(pl, m, &p, 0, 2, 4, 8); /* 40 points: day 4 with 8 left */
    wr_map_free(m);
}

static void plan_forest_and_unformed(void **state)
{
    wr_planner *pl = *state;
    wr_map *m = row_map("cfc");
    wr_plan_params p = params_for(WR_MOVER_CAVALRY);
    expect_forbidden(pl, m, &p, 0, 2);
    p.options = WR_PLAN_UNFORMED;
    p.figures = 100;
    wr_route r;
    OK(plan(pl, m, &p, 0, 2, &r));
    /* forest 9 and clear 6 unformed on day 1, a day to rally on day 2 */
    assert_int_equal(r.arrival_day, 2);
    assert_int_equal(r.points_left, 0);
    assert_int_equal(r.rally_days, 1);
    assert_int_equal(r.unformed_days, 1);
    assert_int_equal(r.stragglers, 10);
    assert_int_equal(r.step_count, 4);
    assert_true(r.steps[1].flags & WR_STEP_UNFORMED);
    assert_true(r.steps[2].flags & WR_STEP_UNFORMED);
    assert_true(r.steps[3].flags & WR_STEP_RALLY);
    assert_false(r.steps[3].flags & WR_STEP_UNFORMED);
    assert_int_equal(r.steps[3].hex.q, r.steps[2].hex.q);
    /* infantry moves formed through forest */
    wr_plan_params inf = params_for(WR_MOVER_INFANTRY);
    expect_arrival(pl, m, &inf, 0, 2, 2, 9);
    /* a road through the forest: cavalry formed */
    side(m, O(0, 0), 0, 0, 0, 1, 0);
    side(m, O(1, 0), 0, 0, 0, 1, 0);
    p.options = 0;
    OK(plan(pl, m, &p, 0, 2, &r));
    assert_int_equal(r.arrival_day, 1);
    assert_int_equal(r.points_left, 6);
    assert_true(r.steps[1].flags & WR_STEP_ROAD);
    wr_map_free(m);

    /* Ellriendi elves in their home forest, lizard men in swamp */
    m = row_map("cffff");
    for (int i = 1; i < 5; i++)
        OK(wr_map_set_regions(m, O(i, 0), i < 4 ? 0x4u : 0x1u));
    wr_plan_params elf = params_for(WR_MOVER_INFANTRY);
    expect_arrival(pl, m, &elf, 0, 3, 3, 9); /* 27 */
    elf.traits = WR_FORCE_ELLRIENDI;
    elf.home_regions = 0x4u;
    expect_arrival(pl, m, &elf, 0, 3, 2, 6); /* 18 */
    expect_arrival(pl, m, &elf, 0, 4, 3, 9); /* 18 + 9: the last hex is not home */
    wr_map_free(m);
    m = row_map("csss");
    wr_plan_params liz = params_for(WR_MOVER_INFANTRY);
    liz.traits = WR_FORCE_LIZARD_MEN;
    expect_arrival(pl, m, &liz, 0, 3, 2, 6);
    wr_map_free(m);
}

static void plan_mountains(void **state)
{
    wr_planner *pl = *state;
    wr_map *m = row_map("cmc");
    wr_plan_params p = params_for(WR_MOVER_INFANTRY);
    expect_forbidden(pl, m, &p, 0, 2);
    p.options = WR_PLAN_UNFORMED; /* armies cross mountains unformed */
    wr_route r;
    OK(plan(pl, m, &p, 0, 2, &r));
    assert_int_equal(r.arrival_day, 3); /* 12 + 6 = 18 on day 2, rally on day 3 */
    assert_int_equal(r.points_left, 6); /* rallies in the mountains on day 2, clear on day 3 */
    assert_int_equal(r.rally_days, 1);
    assert_int_equal(r.unformed_days, 1);
    side(m, O(0, 0), 0, 0, 0, 0, 1); /* a track */
    side(m, O(1, 0), 0, 0, 0, 0, 1);
    OK(plan(pl, m, &p, 0, 2, &r));
    assert_int_equal(r.arrival_day, 2); /* track 9, then clear 6: 15, formed */
    assert_int_equal(r.points_left, 9);
    assert_int_equal(r.rally_days, 0);
    assert_true(r.steps[1].flags & WR_STEP_TRACK);
    wr_map_free(m);
}

static void plan_crossings(void **state)
{
    wr_planner *pl = *state;
    wr_map *m = row_map("ccc");
    wr_plan_params inf = params_for(WR_MOVER_INFANTRY), cav = params_for(WR_MOVER_CAVALRY);
    wr_route r;
    /* ferries: whole days from a fresh day, then the far hex's entry */
    side(m, O(1, 0), 0, WR_RIVER_MINOR, WR_CROSS_FERRY, 0, 0);
    expect_arrival(pl, m, &inf, 1, 2, 2, 6);
    OK(plan(pl, m, &inf, 0, 2, &r));
    assert_int_equal(r.arrival_day, 3); /* moved on day 1: the ferry takes day 2, clear 6 on day 3 */
    assert_int_equal(r.points_left, 6);
    assert_true(r.steps[2].flags & WR_STEP_FERRY);
    assert_int_equal(r.steps[1].nights, 2);
    side(m, O(1, 0), 0, WR_RIVER_MAJOR, WR_CROSS_FERRY, 0, 0);
    expect_arrival(pl, m, &inf, 1, 2, 3, 6);
    expect_arrival(pl, m, &cav, 1, 2, 3, 12);
    /* bridges are free */
    side(m, O(1, 0), 0, WR_RIVER_MAJOR, WR_CROSS_BRIDGE, 0, 0);
    OK(plan(pl, m, &inf, 0, 2, &r));
    assert_int_equal(r.arrival_day, 1);
    assert_int_equal(r.points_left, 0);
    assert_true(r.steps[2].flags & WR_STEP_BRIDGE);
    /* a major river without crossing: rafts, certain only in forest or swamp */
    side(m, O(1, 0), 0, WR_RIVER_MAJOR, WR_CROSS_OPEN, 0, 0);
    expect_forbidden(pl, m, &inf, 1, 2);
    expect_forbidden(pl, m, &cav, 1, 2);
    inf.options = WR_PLAN_RAFTS_ANYWHERE;
    expect_arrival(pl, m, &inf, 1, 2, 4, 6);
    OK(plan(pl, m, &inf, 1, 2, &r));
    assert_true(r.steps[1].flags & WR_STEP_RAFTS);
    inf.options = 0;
    OK(wr_map_set_terrain(m, O(1, 0), WR_HEX_FOREST));
    expect_arrival(pl, m, &inf, 1, 2, 4, 6);
    expect_arrival(pl, m, &cav, 1, 2, 4, 12);
    /* the engineers' bridging train */
    inf.options = WR_PLAN_BRIDGING_TRAIN;
    expect_arrival(pl, m, &inf, 1, 2, 2, 6);
    inf.bridging_days = 2;
    expect_arrival(pl, m, &inf, 1, 2, 3, 6);
    inf.bridging_days = 5;
    expect_arrival(pl, m, &inf, 1, 2, 4, 6); /* rafts are quicker */

    inf.options = 0;
    OK(wr_map_set_terrain(m, O(1, 0), WR_HEX_CLEAR));
    /* a minor river without crossing: cavalry at half its daily points */
    side(m, O(1, 0), 0, WR_RIVER_MINOR, WR_CROSS_OPEN, 0, 0);
    OK(plan(pl, m, &cav, 1, 2, &r));
    assert_int_equal(r.arrival_day, 1);
    assert_int_equal(r.points_left, 3); /* 6 + 9 of 18 */
    assert_true(r.steps[1].flags & WR_STEP_SWIM);
    expect_forbidden(pl, m, &inf, 1, 2);
    /* a minor ford: cavalry at full speed */
    side(m, O(1, 0), 0, WR_RIVER_MINOR, WR_CROSS_FORD, 0, 0);
    expect_arrival(pl, m, &cav, 1, 2, 1, 12);
    expect_arrival(pl, m, &inf, 1, 2, 1, 0);
    expect_arrival(pl, m, &inf, 0, 2, 2, 6); /* 6, then 12 more: day 2 */
    wr_map_free(m);
}

/* Readings of [Crossing] and [Units, Formed and Unformed] (docs/rules/campaign.md),
   each test built from the text's words. */
static void crossing_rules_from_text(void **state)
{
    wr_planner *pl = *state;
    wr_route r;
    /* [Crossing] "Any move cost to cross a river is in addition to that
       required to move into the hex": the ferry's whole day, then 6 points
       into clear ground on the next day. */
    wr_map *m = row_map("cc");
    wr_plan_params inf = params_for(WR_MOVER_INFANTRY);
    side(m, O(0, 0), 0, WR_RIVER_MINOR, WR_CROSS_FERRY, 0, 0);
    OK(plan(pl, m, &inf, 0, 1, &r));
    assert_int_equal(r.arrival_day, 2);
    assert_int_equal(r.points_left, 6);
    /* rafts likewise: three whole days, then the hex */
    side(m, O(0, 0), 0, WR_RIVER_MAJOR, WR_CROSS_OPEN, 0, 0);
    inf.options = WR_PLAN_RAFTS_ANYWHERE;
    OK(plan(pl, m, &inf, 0, 1, &r));
    assert_int_equal(r.arrival_day, 4);
    assert_int_equal(r.points_left, 6);
    assert_true(r.steps[1].flags & WR_STEP_RAFTS);
    inf.options = 0;
    wr_map_free(m);

    /* [Units, Formed and Unformed] "5 to 15% ... of the force will be lost to
       stragglers per day of unformed movement": cavalry (18 a day) spends 12
       on two clear hexes, then presses into the forest with its last 6 and 3
       of day 2, and on through a second forest hex, all entered on day 2:
       one day of unformed movement, not two. */
    m = row_map("cccff");
    wr_plan_params cav = params_for(WR_MOVER_CAVALRY);
    cav.options = WR_PLAN_UNFORMED;
    cav.figures = 100;
    OK(plan(pl, m, &cav, 0, 4, &r));

    assert_int_equal(r.steps[2].day, 1);
    assert_int_equal(r.steps[3].day, 2);
    assert_int_equal(r.steps[4].day, 2);
    assert_int_equal(r.unformed_days, 1);
    assert_int_equal(r.stragglers, 10);
    assert_true(r.stragglers <= 15); /* the text's cap for one day */
    assert_int_equal(r.rally_days, 1);
    assert_int_equal(r.arrival_day, 3);
    wr_map_free(m);

    /* [Crossing] "A force crossing a river by any means other than a bridge
       is considered unformed. The times required for the crossing below
       include reforming the troops": a formed force is formed on the far
       bank by ford, ferry or rafts, with no rally day of its own. */
    const int crossing[3] = {WR_CROSS_FORD, WR_CROSS_FERRY, WR_CROSS_OPEN};
    const unsigned flag[3] = {WR_STEP_FORD, WR_STEP_FERRY, WR_STEP_RAFTS};
    for (int k = 0; k < 3; k++) {
        m = row_map("ccc");
        side(m, O(1, 0), 0, WR_RIVER_MINOR, crossing[k], 0, 0);
        inf.options = WR_PLAN_UNFORMED | WR_PLAN_RAFTS_ANYWHERE;
        OK(plan(pl, m, &inf, 1, 2, &r));
        assert_true(r.steps[1].flags & flag[k]);
        assert_false(r.steps[1].flags & WR_STEP_UNFORMED);
        assert_int_equal(r.rally_days, 0);
        assert_int_equal(r.unformed_days, 0);
        wr_map_free(m);
    }
    /* Reading: a force already unformed before the river is not reformed by
       the crossing's reforming time, whatever the crossing: it still spends
       its rally day (cavalry unformed in a forest, then ford or ferry). */
    const int cav_crossing[2] = {WR_CROSS_FORD, WR_CROSS_FERRY};
    for (int k = 0; k < 2; k++) {
        m = row_map("cfc");
        side(m, O(1, 0), 0, WR_RIVER_MINOR, cav_crossing[k], 0, 0);
        OK(plan(pl, m, &cav, 0, 2, &r));
        assert_int_equal(r.rally_days, 1);
        assert_int_equal(r.unformed_days, 1);
        wr_map_free(m);
    }
    m = row_map("cfc");
    side(m, O(1, 0), 0, WR_RIVER_MINOR, WR_CROSS_FORD, 0, 0);
    OK(plan(pl, m, &cav, 0, 2, &r)); /* forest 9, ford 0 + clear 6: rally on day 2 */
    assert_int_equal(r.arrival_day, 2);
    assert_int_equal(r.points_left, 0);
    wr_map_free(m);
}

static void plan_sea(void **state)
{
    wr_planner *pl = *state;
    wr_map *m = row_map("cCSSSSSSC");
    wr_plan_params galley = params_for(WR_MOVER_GALLEY), ship = params_for(WR_MOVER_SAILING_SHIP);
    wr_plan_params tr = params_for(WR_MOVER_TRANSPORT), lship = params_for(WR_MOVER_LONGSHIP);
    wr_plan_params inf = params_for(WR_MOVER_INFANTRY);
    wr_route r;
    /* hexes 2 and 3 and 6, 7 are coastal waters; 4 and 5 open sea */
    expect_arrival(pl, m, &galley, 1, 3, 1, 50);
    expect_forbidden(pl, m, &galley, 1, 8);
    expect_forbidden(pl, m, &lship, 1, 8);
    OK(plan(pl, m, &ship, 1, 8, &r));
    assert_int_equal(r.arrival_day, 1);
    assert_int_equal(r.points_left, 70 - 6 * 7 - 10);
    assert_true(r.steps[3].flags & WR_STEP_OPEN_SEA);
    assert_int_equal(r.escort_lost, 0);
    /* transports: a coast hex only with a channel or port */
    expect_forbidden(pl, m, &tr, 2, 8);
    OK(wr_map_set_features(m, O(8, 0), WR_FEATURE_PORT));
    OK(plan(pl, m, &tr, 2, 8, &r));
    assert_int_equal(r.escort_lost, 1);
    OK(plan(pl, m, &tr, 2, 3, &r));
    assert_int_equal(r.escort_lost, 0);
    /* mud flats: every vessel needs a channel */
    OK(wr_map_set_features(m, O(8, 0), WR_FEATURE_MUD_FLAT | WR_FEATURE_PORT));
    expect_forbidden(pl, m, &ship, 2, 8);
    ship.tide = WR_TIDE_HIGH; /* a mud flat at all but times of high tide */
    expect_arrival(pl, m, &ship, 2, 8, 1, 70 - 5 * 7 - 10);
    ship.tide = WR_TIDE_FLOOD;
    expect_forbidden(pl, m, &ship, 2, 8);
    ship.tide = WR_TIDE_NONE;
    OK(wr_map_set_features(m, O(8, 0), WR_FEATURE_MUD_FLAT | WR_FEATURE_CHANNEL));
    expect_arrival(pl, m, &ship, 2, 8, 1, 70 - 5 * 7 - 10);
    /* land forces stay ashore; vessels do not start on land */
    expect_forbidden(pl, m, &inf, 0, 2);
    assert_int_equal(plan(pl, m, &ship, 0, 2, &r), WR_ERR_FORBIDDEN);
    assert_int_equal(plan(pl, m, &galley, 4, 2, &r), WR_ERR_FORBIDDEN); /* open sea start */

    wr_landing how;
    OK(wr_map_landing(m, WR_MOVER_GALLEY, O(1, 0), &how));
    assert_int_equal(how, WR_LANDING_BEACH);
    OK(wr_map_landing(m, WR_MOVER_LONGSHIP, O(1, 0), &how));
    assert_int_equal(how, WR_LANDING_BEACH);
    OK(wr_map_landing(m, WR_MOVER_SAILING_SHIP, O(1, 0), &how));
    assert_int_equal(how, WR_LANDING_ANCHOR);
    how = (wr_landing)0;
    assert_int_equal(wr_map_landing(m, WR_MOVER_TRANSPORT, O(1, 0), &how), WR_ERR_FORBIDDEN);
    assert_int_equal(wr_map_landing(m, WR_MOVER_RIVER_BOAT, O(1, 0), &how), WR_ERR_FORBIDDEN);
    assert_int_equal(wr_map_landing(m, WR_MOVER_GALLEY, O(3, 0), &how), WR_ERR_FORBIDDEN);
    OK(wr_map_set_features(m, O(1, 0), WR_FEATURE_PORT));
    OK(wr_map_landing(m, WR_MOVER_TRANSPORT, O(1, 0), &how));
    assert_int_equal(how, WR_LANDING_DOCK);
    OK(wr_map_set_features(m, O(1, 0), WR_FEATURE_MUD_FLAT | WR_FEATURE_PORT));
    assert_int_equal(wr_map_landing(m, WR_MOVER_GALLEY, O(1, 0), &how), WR_ERR_FORBIDDEN);
    assert_int_equal(how, WR_LANDING_DOCK);
    wr_map_free(m);
}

static wr_map *river_map(void)
{
    /* cols 0-4 a river flowing east into the coast hex 5, sea 6-7 */
    wr_map *m = row_map("cccccCSS");
    for (int i = 0; i < 5; i++)
        OK(wr_map_set_watercourse(m, O(i, 0), 0, i >= 3 ? WR_WATER_TIDAL : 0u));
    return m;
}

static void plan_rivers(void **state)
{
    wr_planner *pl = *state;
    wr_map *m = river_map();
    wr_plan_params boat = params_for(WR_MOVER_RIVER_BOAT), ls = params_for(WR_MOVER_LONGSHIP);
    wr_plan_params galley = params_for(WR_MOVER_GALLEY);
    wr_route r;
    OK(plan(pl, m, &boat, 0, 4, &r));
    assert_int_equal(r.arrival_day, 1);
    assert_int_equal(r.points_left, 70 - 40); /* downstream 10 a hex */
    assert_true(r.steps[1].flags & WR_STEP_DOWNSTREAM);
    OK(plan(pl, m, &boat, 4, 0, &r));
    assert_int_equal(r.points_left, 70 - 56); /* upstream 14 */
    assert_true(r.steps[1].flags & WR_STEP_UPSTREAM);
    expect_forbidden(pl, m, &boat, 4, 6); /* river boats keep off the sea (default table) */
    expect_forbidden(pl, m, &galley, 5, 3); /* only river boats and longships navigate */
    /* a longship from the sea up the river */
    expect_arrival(pl, m, &ls, 6, 0, 2, 2 * 70 - 10 - 70); /* 10 + 5 x 14 = 80 */
    /* tides in the tidal reach (the links of hexes 3 and 4) */
    ls.tide = WR_TIDE_FLOOD;
    expect_arrival(pl, m, &ls, 5, 0, 1, 70 - (7 + 7 + 14 * 3));
    ls.tide = WR_TIDE_EBB;
    expect_arrival(pl, m, &ls, 5, 0, 2, 140 - (28 + 28 + 14 * 3));
    expect_arrival(pl, m, &ls, 0, 5, 1, 70 - (10 * 3 + 5 + 5));
    ls.tide = WR_TIDE_HIGH; /* slack water */
    expect_arrival(pl, m, &ls, 5, 0, 1, 0);
    ls.tide = WR_TIDE_NONE;
    /* river sailing with a fair wind blowing west */
    ls.wind = 3;
    expect_arrival(pl, m, &ls, 5, 0, 1, 70 - 5 * 10); /* ceil(14 x 67 / 100) = 10 */
    ls.wind = 0;
    expect_arrival(pl, m, &ls, 5, 0, 1, 0);
    ls.wind = WR_WIND_NONE;
    /* cataracts and the unnavigable canal block */
    OK(wr_map_set_watercourse(m, O(2, 0), 0, WR_WATER_CATARACT));
    expect_forbidden(pl, m, &boat, 0, 4);
    expect_arrival(pl, m, &boat, 0, 2, 1, 50);
    OK(wr_map_set_watercourse(m, O(2, 0), 0, 0));
    OK(wr_map_set_watercourse(m, O(1, 0), 0, WR_WATER_UNNAVIGABLE));
    expect_forbidden(pl, m, &boat, 0, 4);
    assert_int_equal(plan(pl, m, &boat, 1, 3, &r), WR_ERR_FORBIDDEN);
    wr_landing how;
    assert_int_equal(wr_map_landing(m, WR_MOVER_RIVER_BOAT, O(1, 0), &how), WR_ERR_FORBIDDEN);
    OK(wr_map_landing(m, WR_MOVER_RIVER_BOAT, O(2, 0), &how));
    assert_int_equal(how, WR_LANDING_BEACH);
    OK(wr_map_landing(m, WR_MOVER_LONGSHIP, O(2, 0), &how));
    assert_int_equal(how, WR_LANDING_BEACH);
    assert_int_equal(wr_map_landing(m, WR_MOVER_GALLEY, O(2, 0), &how), WR_ERR_FORBIDDEN);
    wr_map_free(m);
}

/* ------------------------------------------------------------------------ */
/* Objectives and constraints */

static int block_east_of_first(void *user, int32_t from, int32_t to)
{
    (void)user;
    return from == 0 && to == 1;
}

/* Objectives, constraints for one query, outcomes and start states. */
static void plan_objectives_and_constraints(void **state)
{
    wr_planner *pl = *state;
    wr_plan_result r;
    wr_plan_query q;
    memset(&q, 0, sizeof q);
    /* "cmc": infantry crosses mountains unformed (12 + 6 on days 1-2) */
    wr_map *m = row_map("cmc");
    wr_plan_params inf = params_for(WR_MOVER_INFANTRY);
    inf.options = WR_PLAN_UNFORMED;
    OK(wr_planner_plan(pl, m, &inf, &q, O(0, 0), O(2, 0), &r));
    assert_int_equal(r.outcome, WR_PLAN_FOUND);
    assert_int_equal(r.route.arrival_day, 3); /* formed: a rally day in the mountains */
    assert_int_equal(r.route.rally_days, 1);
    assert_int_equal(r.arrival.unformed, 0);
    assert_int_equal(r.arrival.at_rally, 0); /* it left its rally point */

    q.objective = WR_OBJECTIVE_EARLIEST;
    OK(wr_planner_plan(pl, m, &inf, &q, O(0, 0), O(2, 0), &r));
    assert_int_equal(r.route.arrival_day, 2); /* unformed, no last rally */
    assert_int_equal(r.route.points_left, 6);
    assert_int_equal(r.arrival.unformed, 1);
    assert_int_equal(r.route.rally_days, 0);
    /* the arrival field of an unformed force (scouting) */
    wr_arrival field[3];
    OK(wr_planner_plan_field(pl, m, &inf, &q, O(0, 0), field, 3));
    assert_int_equal(field[1].day, 1);
    assert_int_equal(field[2].day, 2);
    q.objective = WR_OBJECTIVE_EARLIEST_FORMED;
    OK(wr_planner_plan_field(pl, m, &inf, &q, O(0, 0), field, 3));
    assert_int_equal(field[1].day, 2); /* rallies in the mountains */
    assert_int_equal(field[2].day, 3);
    /* from an unformed state: already unformed, it may move on unformed
       without WR_PLAN_UNFORMED, and rallies at the end */
    wr_force_state fs;
    OK(wr_force_start(&fs));
    fs.day = 5;
    fs.unformed = 1;
    q.start = &fs;
    inf.options = 0;
    OK(wr_planner_plan(pl, m, &inf, &q, O(1, 0), O(2, 0), &r));
    assert_int_equal(r.route.arrival_day, 6); /* clear 6 on day 5, rally on day 6 */
    assert_int_equal(r.route.rally_days, 1);
    assert_int_equal(r.route.steps[0].day, 5);
    /* a start that moved today starts whole days tomorrow */
    wr_map_free(m);
    m = row_map("cc");
    side(m, O(0, 0), 0, WR_RIVER_MINOR, WR_CROSS_FERRY, 0, 0);
    OK(wr_force_start(&fs));
    fs.day = 2;
    OK(wr_planner_plan(pl, m, &inf, &q, O(0, 0), O(1, 0), &r));
    assert_int_equal(r.route.arrival_day, 3); /* ferry on day 2, clear 6 on day 3 */
    fs.points_spent = 1;
    OK(wr_planner_plan(pl, m, &inf, &q, O(0, 0), O(1, 0), &r));
    assert_int_equal(r.route.arrival_day, 4);
    /* saved points carry the force on the start's day, and are reported on it */
    fs.points_spent = 0;
    fs.points_saved = 5;
    fs.pressing = 1;
    side(m, O(0, 0), 0, WR_NO_RIVER, WR_CROSS_OPEN, 0, 0);
    OK(wr_planner_plan(pl, m, &inf, &q, O(0, 0), O(1, 0), &r));
    assert_int_equal(r.route.arrival_day, 2);
    assert_int_equal(r.route.points_left, 11); /* 12 + 5 - 6 */
    assert_int_equal(r.route.steps[0].day, 2);
    assert_int_equal(r.route.steps[0].points_left, 17);
    wr_map_free(m);

    /* fewest days of unformed movement: a longer way round, formed */
    q.start = NULL;
    OK(wr_map_new(3, 3, &m));
    OK(wr_map_set_terrain(m, O(1, 0), WR_HEX_MOUNTAINS));
    inf.options = WR_PLAN_UNFORMED;
    OK(wr_planner_plan(pl, m, &inf, &q, O(0, 0), O(2, 0), &r));
    wr_route quick = r.route;
    q.objective = WR_OBJECTIVE_FEWEST_UNFORMED;
    OK(wr_planner_plan(pl, m, &inf, &q, O(0, 0), O(2, 0), &r));
    assert_int_equal(r.outcome, WR_PLAN_FOUND);
    assert_int_equal(r.route.unformed_days, 0);
    assert_true(r.route.arrival_day >= quick.arrival_day);
    for (size_t i = 0; i < r.route.step_count; i++)
        assert_false(r.route.steps[i].flags & WR_STEP_UNFORMED);
    q.objective = WR_OBJECTIVE_EARLIEST_FORMED;

    /* blocked hexes and sides for one query; the map is not touched */
    int32_t idx = 0, side_idx = 0;
    OK(wr_map_index(m, O(1, 1), &idx));
    uint8_t hexes[2] = {0, 0}, sides[4] = {0, 0, 0, 0};
    hexes[idx / 8] |= (uint8_t)(1u << (idx % 8));
    q.blocked_hexes = hexes;
    q.blocked_hexes_size = 2;
    inf.options = 0;
    OK(wr_planner_plan(pl, m, &inf, &q, O(0, 0), O(2, 0), &r));
    assert_int_equal(r.outcome, WR_PLAN_FOUND);
    for (size_t i = 0; i < r.route.step_count; i++)
        assert_int_not_equal(r.route.steps[i].node, idx);
    OK(wr_map_hexside_index(m, O(0, 0), 5, &side_idx));
    int32_t same = 0;
    OK(wr_map_hexside_index(m, O(0, 1), 2, &same)); /* the same side from the other hex */
    assert_int_equal(same, side_idx);
    sides[side_idx / 8] |= (uint8_t)(1u << (side_idx % 8));
    q.blocked_sides = sides;
    q.blocked_sides_size = 4;
    wr_plan_result none;
    memset(&none, 0x5a, sizeof none);
    OK(wr_planner_plan(pl, m, &inf, &q, O(0, 0), O(2, 0), &none));
    assert_int_equal(none.outcome, WR_PLAN_NO_ROUTE); /* mountains east, the rest blocked */
    /* a callback */
    memset(&q, 0, sizeof q);
    q.blocked = block_east_of_first;
    OK(wr_planner_plan(pl, m, &inf, &q, O(0, 0), O(1, 0), &r));
    assert_int_equal(r.outcome, WR_PLAN_NO_ROUTE); /* mountains, formed */
    OK(wr_planner_plan(pl, m, &inf, &q, O(0, 0), O(0, 1), &r));
    assert_int_equal(r.outcome, WR_PLAN_FOUND);
    /* a bad start is not "no route" */
    OK(wr_map_set_terrain(m, O(2, 2), WR_HEX_LAKE));
    assert_int_equal(wr_planner_plan(pl, m, &inf, NULL, O(2, 2), O(0, 0), &r), WR_ERR_FORBIDDEN);
    wr_map_free(m);
}

/* ------------------------------------------------------------------------ */
/* Reachable hexes */

static void plan_reachable(void **state)
{
    wr_planner *pl = *state;
    unsigned s = 99;
    for (int trial = 0; trial < 30; trial++) {
        wr_map *m = random_land_map(&s, 10, 8);
        wr_plan_params p;
        random_params(&s, &p, 0);
        wr_arrival field[80];
        wr_hex from = O((int)(rnd(&s) % 10), (int)(rnd(&s) % 8));
        wr_status st = wr_planner_field(pl, m, &p, from, field, 80);
        if (st == WR_ERR_FORBIDDEN) {
            wr_map_free(m);
            continue;
        }
        OK(st);
        for (int days = 1; days <= 6; days++) {
            const wr_hex *hexes = NULL;
            size_t n = 0;
            OK(wr_planner_reachable(pl, m, &p, from, days, &hexes, &n));
            size_t want = 0;
            for (int i = 0; i < 80; i++)
                want += field[i].day >= 1 && field[i].day <= days;
            assert_int_equal(n, want);
            assert_int_equal(hexes[0].q, from.q);
            assert_int_equal(hexes[0].r, from.r);
            int64_t last = -1;
            for (size_t i = 0; i < n; i++) {
                int32_t idx = 0;
                OK(wr_map_index(m, hexes[i], &idx));
                assert_true(field[idx].day >= 1 && field[idx].day <= days);
                int64_t T = (int64_t)field[idx].day * p.costs.daily_points - field[idx].points_left;
                assert_true(T >= last); /* in order of arrival */
                last = T;
            }
        }
        wr_map_free(m);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(plan_saving_points),
        cmocka_unit_test(plan_forest_and_unformed),
        cmocka_unit_test(plan_mountains),
        cmocka_unit_test(plan_crossings),
        cmocka_unit_test(crossing_rules_from_text),
        cmocka_unit_test(plan_sea),
        cmocka_unit_test(plan_rivers),
        cmocka_unit_test(plan_objectives_and_constraints),
        cmocka_unit_test(plan_reachable),
    };
    return cmocka_run_group_tests_name("campaign_planner", tests, planner_setup, planner_teardown);
}
