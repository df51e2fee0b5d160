/* Terrain, water and their moves at the edges of the rules: coasts set
   twice, sight from the shore, water courses as routes and their mouths,
   where vessels put in, the land entry table's arms and routes, crossings
   from timber, sail without a sail, and hexes described by a game
   ("Movement by Terrain Type", "Forest and Swamp", "Mountains",
   "Coastal Waters", "Open Sea", "Rivers", "Crossing", "Getting Lost"). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "warrules/campaign.h"

static wr_map *strip(int width)
{
    wr_map *m = NULL;
    assert_int_equal(wr_map_new(width, 1, &m), WR_OK);
    return m;
}

static wr_hex at(int q)
{
    wr_hex h = {q, 0};
    return h;
}

static wr_zone zone(const wr_map *m, int q)
{
    wr_zone z = WR_ZONE_LAND;
    assert_int_equal(wr_map_zone(m, at(q), &z), WR_OK);
    return z;
}

/* [Sea: Coastal Waters] sea within two hexes of a coast is coastal waters.
   Making a coast hex a coast again changes nothing; clearing it makes the
   sea next to it open sea again. */
static void coast_set_twice_counts_once(void **state)
{
    (void)state;
    wr_map *m = strip(6);
    for (int q = 1; q < 6; q++)
        assert_int_equal(wr_map_set_terrain(m, at(q), WR_HEX_SEA), WR_OK);
    assert_int_equal(zone(m, 1), WR_ZONE_OPEN_SEA);
    assert_int_equal(wr_map_set_terrain(m, at(0), WR_HEX_COAST), WR_OK);
    assert_int_equal(wr_map_set_terrain(m, at(0), WR_HEX_COAST), WR_OK);
    assert_int_equal(zone(m, 2), WR_ZONE_COASTAL_WATERS);
    assert_int_equal(zone(m, 3), WR_ZONE_OPEN_SEA);
    assert_int_equal(wr_map_set_terrain(m, at(0), WR_HEX_CLEAR), WR_OK);
    assert_int_equal(zone(m, 1), WR_ZONE_OPEN_SEA);
    assert_int_equal(zone(m, 2), WR_ZONE_OPEN_SEA);
    wr_map_free(m);
}

/* [Open Sea] no sight between the open sea and the shore (land or coast),
   either way; the shore sees coastal waters. */
static void no_sight_from_the_shore_to_open_sea(void **state)
{
    (void)state;
    wr_map *m = strip(6);
    assert_int_equal(wr_map_set_terrain(m, at(0), WR_HEX_COAST), WR_OK);
    for (int q = 1; q < 6; q++)
        assert_int_equal(wr_map_set_terrain(m, at(q), WR_HEX_SEA), WR_OK);
    int visible = -1;
    assert_int_equal(wr_map_is_visible(m, at(0), at(5), &visible), WR_OK);
    assert_int_equal(visible, 0);
    assert_int_equal(wr_map_is_visible(m, at(5), at(0), &visible), WR_OK);
    assert_int_equal(visible, 0);
    assert_int_equal(wr_map_is_visible(m, at(0), at(2), &visible), WR_OK);
    assert_int_equal(visible, 1);
    wr_map_free(m);
}

/* [Advanced: Getting Lost] a move along a water course is on a route, from
   the hex it flows out of and from the hex it flows into. A course may end
   in a coast hex or a lake; on clear ground it is a dead end. */
static void water_courses_as_routes_and_their_mouths(void **state)
{
    (void)state;
    wr_map *m = strip(4);
    assert_int_equal(wr_map_set_watercourse(m, at(1), 0, 0), WR_OK); /* flows east into 2 */
    int on = -1;
    assert_int_equal(wr_map_is_on_route(m, at(1), 0, &on), WR_OK);
    assert_int_equal(on, 1);
    assert_int_equal(wr_map_is_on_route(m, at(2), 3, &on), WR_OK);
    assert_int_equal(on, 1);
    assert_int_equal(wr_map_is_on_route(m, at(0), 0, &on), WR_OK);
    assert_int_equal(on, 0);
    int problem = -1, dir = -1;
    wr_hex where = at(9);
    assert_int_equal(wr_map_check_rivers(m, &problem, &where, &dir), WR_OK);
    assert_int_equal(problem, WR_RIVERS_DEAD_END);
    assert_int_equal(where.q, 1);
    assert_int_equal(dir, 0);
    const wr_hex_terrain mouths[2] = {WR_HEX_COAST, WR_HEX_LAKE};
    for (int i = 0; i < 2; i++) {
        assert_int_equal(wr_map_set_terrain(m, at(2), mouths[i]), WR_OK);
        assert_int_equal(wr_map_check_rivers(m, &problem, &where, &dir), WR_OK);
        assert_int_equal(problem, WR_RIVERS_OK);
    }
    wr_map_free(m);
}

/* [Coastal Waters] a coast hex with mud flats lets longships beach only
   through a channel; sailing ships anchor only off a coast; transports
   dock only at a port. */
static void where_vessels_put_in(void **state)
{
    (void)state;
    wr_map *m = strip(3);
    assert_int_equal(wr_map_set_terrain(m, at(0), WR_HEX_COAST), WR_OK);
    assert_int_equal(wr_map_set_terrain(m, at(1), WR_HEX_SEA), WR_OK);
    wr_landing how = (wr_landing)0;
    assert_int_equal(wr_map_set_features(m, at(0), WR_FEATURE_MUD_FLAT), WR_OK);
    assert_int_equal(wr_map_landing(m, WR_MOVER_LONGSHIP, at(0), &how), WR_ERR_FORBIDDEN);
    assert_int_equal(wr_map_set_features(m, at(0), WR_FEATURE_MUD_FLAT | WR_FEATURE_CHANNEL), WR_OK);
    assert_int_equal(wr_map_landing(m, WR_MOVER_LONGSHIP, at(0), &how), WR_OK);
    assert_int_equal(how, WR_LANDING_BEACH);
    assert_int_equal(wr_map_landing(m, WR_MOVER_SAILING_SHIP, at(1), &how), WR_ERR_FORBIDDEN);
    assert_int_equal(wr_map_landing(m, WR_MOVER_TRANSPORT, at(0), &how), WR_ERR_FORBIDDEN);
    assert_int_equal(wr_map_landing(m, WR_MOVER_TRANSPORT, at(1), &how), WR_ERR_FORBIDDEN);
    assert_int_equal(wr_map_set_features(m, at(0), WR_FEATURE_PORT), WR_OK);
    assert_int_equal(wr_map_landing(m, WR_MOVER_TRANSPORT, at(0), &how), WR_OK);
    assert_int_equal(how, WR_LANDING_DOCK);
    wr_map_free(m);
}

/* wr_land_entry(): the table's arm and route are checked, and its sail
   percent like every number of it; [Mountains] a track takes formed bodies
   through mountains; [Forest and Swamp] a track is no road: cavalry in
   forest is unformed on it. */
static void land_entry_table(void **state)
{
    (void)state;
    wr_move_costs c;
    assert_int_equal(wr_move_costs_default(WR_MOVER_CAVALRY, &c), WR_OK);
    int cost = -1, formed = -1;
    assert_int_equal(wr_land_entry(&c, (wr_arm)-1, 0, WR_HEX_CLEAR, 0, WR_ROUTE_NONE, &cost, &formed),
                     WR_ERR_INVALID);
    assert_int_equal(
        wr_land_entry(&c, WR_ARM_CAVALRY, 0, WR_HEX_CLEAR, 0, (wr_route_kind)-1, &cost, &formed),
        WR_ERR_INVALID);
    wr_move_costs bad = c;
    bad.sail_percent = -1;
    assert_int_equal(wr_land_entry(&bad, WR_ARM_CAVALRY, 0, WR_HEX_CLEAR, 0, WR_ROUTE_NONE, &cost,
                                   &formed),
                     WR_ERR_RANGE);
    wr_error e;
    assert_int_equal(wr_last_error_detail(&e), WR_OK);
    assert_string_equal(e.argument, "costs->sail_percent");
    assert_int_equal(cost, -1);
    assert_int_equal(
        wr_land_entry(&c, WR_ARM_CAVALRY, 0, WR_HEX_MOUNTAINS, 0, WR_ROUTE_TRACK, &cost, &formed),
        WR_OK);
    assert_int_equal(cost, c.track);
    assert_int_equal(formed, 1);
    assert_int_equal(
        wr_land_entry(&c, WR_ARM_CAVALRY, 0, WR_HEX_FOREST, 0, WR_ROUTE_TRACK, &cost, &formed),
        WR_OK);
    assert_int_equal(formed, 0);
    assert_int_equal(
        wr_land_entry(&c, WR_ARM_INFANTRY, 0, WR_HEX_FOREST, 0, WR_ROUTE_TRACK, &cost, &formed),
        WR_OK);
    assert_int_equal(formed, 1);
}

/* [Forest and Swamp] the clear rate replaces the forest's or the swamp's
   only when clear ground may be entered at all; lizard men in swamp. */
static void clear_rate_needs_clear_ground(void **state)
{
    (void)state;
    wr_move_costs c;
    assert_int_equal(wr_move_costs_default(WR_MOVER_INFANTRY, &c), WR_OK);
    int cost = -1, formed = -1;
    assert_int_equal(wr_land_entry(&c, WR_ARM_INFANTRY, WR_FORCE_LIZARD_MEN, WR_HEX_SWAMP, 0,
                                   WR_ROUTE_NONE, &cost, &formed),
                     WR_OK);
    assert_int_equal(cost, c.enter[WR_HEX_CLEAR]);
    assert_int_equal(
        wr_land_entry(&c, WR_ARM_INFANTRY, 0, WR_HEX_SWAMP, 0, WR_ROUTE_NONE, &cost, &formed),
        WR_OK);
    assert_int_equal(cost, c.enter[WR_HEX_SWAMP]); /* not lizard men */
    c.enter[WR_HEX_CLEAR] = 0; /* no clear ground for this mover */
    assert_int_equal(wr_land_entry(&c, WR_ARM_INFANTRY, WR_FORCE_ELLRIENDI, WR_HEX_FOREST, 1,
                                   WR_ROUTE_NONE, &cost, &formed),
                     WR_OK);
    assert_int_equal(cost, c.enter[WR_HEX_FOREST]);
    assert_int_equal(wr_land_entry(&c, WR_ARM_INFANTRY, WR_FORCE_LIZARD_MEN, WR_HEX_SWAMP, 0,
                                   WR_ROUTE_NONE, &cost, &formed),
                     WR_OK);
    assert_int_equal(cost, c.enter[WR_HEX_SWAMP]);
}

/* The moves of hex 0 into hex 1 of a strip, by wr_map_moves(). */
static size_t moves_east(const wr_map *m, const wr_plan_params *p, wr_plan_edge *out)
{
    size_t n = 0;
    assert_int_equal(wr_map_moves(m, p, at(0), out, WR_PLAN_MAX_EDGES, &n), WR_OK);
    return n;
}

/* [Crossing] from forest (timber at hand) a ferry still crosses a minor
   river in one day: rafts (three days) are not the quicker way. */
static void a_ferry_beats_rafts(void **state)
{
    (void)state;
    wr_map *m = strip(2);
    assert_int_equal(wr_map_set_terrain(m, at(0), WR_HEX_FOREST), WR_OK);
    wr_hexside s = {WR_RIVER_MINOR, WR_CROSS_FERRY, 0, 0};
    assert_int_equal(wr_map_set_hexside(m, at(0), 0, &s), WR_OK);
    wr_plan_params p;
    assert_int_equal(wr_plan_params_default(WR_MOVER_INFANTRY, &p), WR_OK);
    wr_plan_edge e[WR_PLAN_MAX_EDGES];
    size_t n = moves_east(m, &p, e);
    assert_int_equal(n, 1);
    assert_int_equal(e[0].days, 1);
    assert_true(e[0].flags & WR_STEP_FERRY);
    assert_false(e[0].flags & WR_STEP_RAFTS);
    wr_map_free(m);
}

/* [Rivers] the wind speeds a vessel only through its sail: with
   sail_percent 0 the upstream cost stands; with 67 % it is ceil(14 x 67 /
   100) = 10. A vessel that can move neither up nor down a river cannot be
   on one: a plan from there is refused. */
static void sail_and_rivers(void **state)
{
    (void)state;
    wr_map *m = strip(3);
    for (int q = 0; q < 3; q++)
        assert_int_equal(wr_map_set_watercourse(m, at(q), q < 2 ? 0 : WR_NO_WATERCOURSE, 0),
                         WR_OK);
    assert_int_equal(wr_map_set_terrain(m, at(2), WR_HEX_LAKE), WR_OK);
    wr_plan_params p;
    assert_int_equal(wr_plan_params_default(WR_MOVER_RIVER_BOAT, &p), WR_OK);
    p.wind = 3; /* blowing towards direction 3 (west): upstream here */
    wr_plan_edge e[WR_PLAN_MAX_EDGES];
    wr_hex one = at(1);
    size_t n = 0;
    assert_int_equal(wr_map_moves(m, &p, one, e, WR_PLAN_MAX_EDGES, &n), WR_OK);
    int up = -1;
    for (size_t i = 0; i < n; i++)
        if (e[i].flags & WR_STEP_UPSTREAM)
            up = e[i].points;
    assert_int_equal(up, 10);
    p.costs.sail_percent = 0;
    assert_int_equal(wr_map_moves(m, &p, one, e, WR_PLAN_MAX_EDGES, &n), WR_OK);
    up = -1;
    for (size_t i = 0; i < n; i++)
        if (e[i].flags & WR_STEP_UPSTREAM)
            up = e[i].points;
    assert_int_equal(up, 14);
    wr_planner *pl = NULL;
    assert_int_equal(wr_planner_new(&pl), WR_OK);
    wr_route r;
    assert_int_equal(wr_planner_route(pl, m, &p, at(0), at(2), &r), WR_OK);
    p.costs.upstream = 0;
    p.costs.downstream = 0;
    assert_int_equal(wr_planner_route(pl, m, &p, at(0), at(2), &r), WR_ERR_FORBIDDEN);
    wr_error d;
    assert_int_equal(wr_last_error_detail(&d), WR_OK);
    assert_string_equal(d.argument, "from");
    wr_planner_free(pl);
    wr_map_free(m);
}

/* wr_hex_desc_moves(): a game's hexsides are checked as wr_map_set_hexside()
   checks them, and a neighbour's water course direction is 0..5. */
static void described_hexes_are_checked(void **state)
{
    (void)state;
    wr_plan_params p;
    assert_int_equal(wr_plan_params_default(WR_MOVER_INFANTRY, &p), WR_OK);
    wr_hex_desc here = {1, WR_HEX_CLEAR, 0, 0, WR_NO_WATERCOURSE, 0, 0};
    wr_hex_desc nb[6];
    wr_hexside sides[6];
    int32_t nodes[6];
    for (int d = 0; d < 6; d++) {
        nb[d] = here;
        wr_hexside open = {WR_NO_RIVER, WR_CROSS_OPEN, 0, 0};
        sides[d] = open;
        nodes[d] = 10 + d;
    }
    wr_plan_edge out[WR_PLAN_MAX_EDGES];
    size_t n = 99;
    assert_int_equal(wr_hex_desc_moves(&p, &here, nb, sides, nodes, out, WR_PLAN_MAX_EDGES, &n),
                     WR_OK);
    assert_int_equal(n, 6);
    const wr_hexside bad[4] = {{-1, WR_CROSS_OPEN, 0, 0},
                               {WR_RIVER_MAJOR + 1, WR_CROSS_OPEN, 0, 0},
                               {WR_RIVER_MINOR, -1, 0, 0},
                               {WR_RIVER_MINOR, WR_CROSS_FORD + 1, 0, 0}};
    for (int i = 0; i < 4; i++) {
        sides[2] = bad[i];
        n = 99;
        assert_int_equal(
            wr_hex_desc_moves(&p, &here, nb, sides, nodes, out, WR_PLAN_MAX_EDGES, &n),
            WR_ERR_INVALID);
        assert_int_equal(n, 99);
        wr_error e;
        assert_int_equal(wr_last_error_detail(&e), WR_OK);
        assert_string_equal(e.argument, "sides[]");
        assert_int_equal(e.value, 2);
    }
    sides[2] = sides[1];
    const int downstream[2] = {6, WR_NO_WATERCOURSE - 1};
    for (int i = 0; i < 2; i++) {
        nb[4].downstream = downstream[i];
        assert_int_equal(
            wr_hex_desc_moves(&p, &here, nb, sides, nodes, out, WR_PLAN_MAX_EDGES, &n),
            WR_ERR_INVALID);
        wr_error e;
        assert_int_equal(wr_last_error_detail(&e), WR_OK);
        assert_string_equal(e.argument, "neighbors[]");
        assert_int_equal(e.value, 4);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(coast_set_twice_counts_once),
        cmocka_unit_test(no_sight_from_the_shore_to_open_sea),
        cmocka_unit_test(water_courses_as_routes_and_their_mouths),
        cmocka_unit_test(where_vessels_put_in),
        cmocka_unit_test(land_entry_table),
        cmocka_unit_test(clear_rate_needs_clear_ground),
        cmocka_unit_test(a_ferry_beats_rafts),
        cmocka_unit_test(sail_and_rivers),
        cmocka_unit_test(described_hexes_are_checked),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
