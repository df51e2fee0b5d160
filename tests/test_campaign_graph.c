/* Campaign module, the planner over a game's own graph: the callback form
   over a wr_map gives the map's routes (and the A* of wr_planner_route()
   exactly the routes of its Dijkstra), a game's own graph and storage
   (wr_hex_desc_moves()), and a river never makes a move cheaper (the A*'s
   bound). The tests share one planner (the group's). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <limits.h>
#include <stdlib.h>

#include <cmocka.h>

#include "warrules/campaign.h"

#include "fixtures.h"

/* ------------------------------------------------------------------------ */
/* The callback form */

static void plan_callbacks(void **state)
{
    wr_planner *pl = *state;
    unsigned s = 31337;
    for (int trial = 0; trial < 20; trial++) {
        wr_map *m = random_land_map(&s, 9, 7);
        wr_plan_params p;
        random_params(&s, &p, 0);
        map_graph mg = {m, &p, 0};
        wr_plan_graph graph = {63, map_graph_moves, map_graph_hex, &mg};
        for (int k = 0; k < 20; k++) {
            int32_t a = (int32_t)(rnd(&s) % 63), b = (int32_t)(rnd(&s) % 63);
            wr_hex ha, hb;
            OK(wr_map_hex(m, a, &ha));
            OK(wr_map_hex(m, b, &hb));
            wr_route r1, r2;
            wr_status s1 = wr_planner_route(pl, m, &p, ha, hb, &r1);
            if (s1 != WR_OK)
                continue; /* also a start the mover cannot be at */
            int days1 = r1.arrival_day, pts1 = r1.points_left, rally1 = r1.rally_days;
            size_t n1 = r1.step_count;
            OK(wr_planner_route_graph(pl, &graph, &p, a, b, &r2));
            assert_int_equal(r2.arrival_day, days1);
            assert_int_equal(r2.points_left, pts1);
            assert_int_equal(r2.rally_days, rally1);
            assert_int_equal(r2.step_count, n1);
            assert_int_equal(r2.steps[n1 - 1].hex.q, hb.q);
            assert_int_equal(r2.steps[n1 - 1].hex.r, hb.r);
        }
        assert_true(mg.calls > 0);
        wr_map_free(m);
    }
}

/* wr_planner_route() on a map (A* for land forces) gives exactly the route
   of the plain bucket-queue Dijkstra over the same moves (the callback form
   over wr_map_moves()): arrival, every step, rally days, stragglers. */
static void plan_astar_same_routes(void **state)
{
    wr_planner *pl = *state;
    unsigned s = 4242;
    wr_planner *pl2 = NULL;
    OK(wr_planner_new(&pl2));
    int compared = 0, vessels = 0;
    for (int trial = 0; trial < 60; trial++) {
        int vessel = trial % 3 == 2;
        int w = 8 + (int)(rnd(&s) % 20), h = 6 + (int)(rnd(&s) % 14);
        wr_map *m = vessel ? random_water_map(&s, w, h) : random_land_map(&s, w, h);
        wr_plan_params p;
        if (trial % 3 == 0 && !vessel) {
            p = params_for((wr_mover)(trial % 2)); /* the default tables */
            p.options = (unsigned)(trial / 3) % 16u;
        } else {
            random_params(&s, &p, vessel);
            if (!vessel && rnd(&s) % 4 == 0)
                p.options |= WR_PLAN_PLAIN_COSTS;
        }
        p.figures = 300;
        map_graph mg = {m, &p, 0};
        wr_plan_graph graph = {w * h, map_graph_moves, map_graph_hex, &mg};
        for (int k = 0; k < 25; k++) {
            int32_t a = (int32_t)(rnd(&s) % (unsigned)(w * h));
            int32_t b = (int32_t)(rnd(&s) % (unsigned)(w * h));
            wr_hex ha, hb;
            OK(wr_map_hex(m, a, &ha));
            OK(wr_map_hex(m, b, &hb));
            wr_route r1, r2;
            wr_status s1 = wr_planner_route(pl, m, &p, ha, hb, &r1);
            if (s1 == WR_ERR_FORBIDDEN)
                continue; /* a start the mover cannot be at, or no route */
            OK(s1);
            OK(wr_planner_route_graph(pl2, &graph, &p, a, b, &r2));
            expect_same_route(&r1, &r2);
            compared++;
            vessels += vessel;
        }
        wr_map_free(m);
    }
    /* a map of clear hexes only: many equally good routes to break ties among */
    wr_map *m = NULL;
    OK(wr_map_new(40, 30, &m));
    for (int mover = 0; mover < 2; mover++)
        for (unsigned options = 0; options < 16; options += 9) {
            wr_plan_params p = params_for((wr_mover)mover);
            p.options = options;
            p.figures = 100;
            map_graph mg = {m, &p, 0};
            wr_plan_graph graph = {40 * 30, map_graph_moves, map_graph_hex, &mg};
            for (int k = 0; k < 20; k++) {
                int32_t a = (int32_t)(rnd(&s) % 1200u), b = (int32_t)(rnd(&s) % 1200u);
                wr_hex ha, hb;
                OK(wr_map_hex(m, a, &ha));
                OK(wr_map_hex(m, b, &hb));
                wr_route r1, r2;
                OK(wr_planner_route(pl, m, &p, ha, hb, &r1));
                OK(wr_planner_route_graph(pl2, &graph, &p, a, b, &r2));
                expect_same_route(&r1, &r2);
                compared++;
            }
        }
    wr_map_free(m);
    print_message("plan_astar_same_routes: %d routes, %d by vessels\n", compared, vessels);
    assert_true(compared > 300);
    assert_true(vessels > 50);
    wr_planner_free(pl2);
}

/* [Crossing] A river never makes a move cheaper: on every river the moves
   within the day cost at least those across the same side without one (the
   planner's A* takes its bound from the sides without a river), and the
   near bank's timber changes only whole-day moves (rafts). */
static int cheapest_in_day(const wr_map *m, const wr_plan_params *p, wr_hex from)
{
    wr_plan_edge e[WR_PLAN_MAX_EDGES];
    size_t n = 0;
    OK(wr_map_moves(m, p, from, e, WR_PLAN_MAX_EDGES, &n));
    int best = INT_MAX;
    for (size_t k = 0; k < n; k++)
        if (e[k].days == 0 && e[k].points < best)
            best = e[k].points;
    return best;
}

static void plan_river_never_cheaper(void **state)
{
    (void)state;
    unsigned s = 1861;
    wr_map *m = NULL;
    OK(wr_map_new(2, 1, &m));
    const wr_hex near = O(0, 0), far = O(1, 0);
    int dir = -1;
    for (int d = 0; d < 6; d++) {
        wr_hex n;
        OK(wr_hex_neighbor(near, d, &n));
        if (n.q == far.q && n.r == far.r)
            dir = d;
    }
    assert_true(dir >= 0);
    int compared = 0;
    for (int trial = 0; trial < 30; trial++) {
        wr_plan_params p;
        random_params(&s, &p, 0);
        p.traits |= trial % 2 ? WR_FORCE_ELLRIENDI : 0u;
        p.home_regions = 1;
        for (int t = 0; t < WR_HEX_TERRAIN_COUNT; t++) {
            OK(wr_map_set_terrain(m, far, (wr_hex_terrain)t));
            for (int routes = 0; routes < 4; routes++) {
                for (unsigned home = 0; home < 2; home++) {
                    OK(wr_map_set_regions(m, far, home));
                    OK(wr_map_set_terrain(m, near, WR_HEX_CLEAR));
                    wr_hexside plain = {WR_NO_RIVER, WR_CROSS_OPEN, routes & 1, routes >> 1};
                    OK(wr_map_set_hexside(m, near, dir, &plain));
                    const int bound = cheapest_in_day(m, &p, near);
                    for (int timber = 0; timber < 2; timber++) {
                        OK(wr_map_set_terrain(m, near, timber ? WR_HEX_FOREST : WR_HEX_CLEAR));
                        for (int river = WR_NO_RIVER; river <= WR_RIVER_MAJOR; river++)
                            for (int crossing = 0; crossing < 4; crossing++) {
                                wr_hexside sd = {river, crossing, routes & 1, routes >> 1};
                                if (wr_map_set_hexside(m, near, dir, &sd) != WR_OK)
                                    continue; /* a ford on a major river, a bridge on none */
                                assert_true(cheapest_in_day(m, &p, near) >= bound);
                                compared++;
                            }
                    }
                }
            }
        }
    }
    assert_true(compared > 10000);
    wr_map_free(m);
}

/* ------------------------------------------------------------------------ */
/* A game's own graph: a chain 0-1-2-3 with one very long move that makes
   the bucket ring grow, a whole-day move, and a node without hex callback. */
static int chain_moves(void *user, int32_t node, wr_plan_edge *out, int capacity)
{
    (void)user;
    (void)capacity;
    wr_plan_edge e = {node + 1, 5, 0, 0};
    if (node == 3)
        return 0;
    if (node == 1) {
        e.points = 0;
        e.days = 2;
        e.flags = WR_STEP_FERRY;
    }
    out[0] = e;
    if (node == 0) {
        wr_plan_edge far = {3, 100000, 0, 0};
        out[1] = far;
        return 2;
    }
    return 1;
}

static int bad_moves(void *user, int32_t node, wr_plan_edge *out, int capacity)
{
    (void)user;
    (void)capacity;
    wr_plan_edge e = {node + 100, 5, 0, 0};
    out[0] = e;
    return 1;
}

static void plan_custom_graph(void **state)
{
    wr_planner *pl = *state;
    wr_plan_graph graph = {4, chain_moves, NULL, NULL};
    wr_plan_params p = params_for(WR_MOVER_INFANTRY);
    wr_route r;
    OK(wr_planner_route_graph(pl, &graph, &p, 0, 3, &r));
    /* 5 points on day 1, the 2-day move on days 2 and 3, 5 points on day 4 */
    assert_int_equal(r.arrival_day, 4);
    assert_int_equal(r.points_left, 7);
    assert_int_equal(r.step_count, 4);
    assert_int_equal(r.steps[3].hex.q, 3);
    assert_int_equal(r.steps[3].hex.r, 0);
    assert_true(r.steps[2].flags & WR_STEP_FERRY);
    p.options = WR_PLAN_PLAIN_COSTS;
    OK(wr_planner_route_graph(pl, &graph, &p, 0, 3, &r));
    assert_int_equal(r.arrival_day, 3); /* 5 + 24 + 5 = 34 points */
    assert_int_equal(r.points_left, 2);
    graph.moves = bad_moves;
    memset(&r, 0, sizeof r);
    assert_int_equal(wr_planner_route_graph(pl, &graph, &p, 0, 3, &r), WR_ERR_INVALID);
    assert_int_equal(r.step_count, 0);
    /* the far move alone */
    graph.moves = chain_moves;
    p.costs.daily_points = 1000;
    p.options = 0;
    OK(wr_planner_route_graph(pl, &graph, &p, 0, 3, &r));
    assert_int_equal(r.arrival_day, 4); /* 5, days 2 and 3, then 5: 3005 */
    assert_int_equal(r.points_left, 995);
}

/* ------------------------------------------------------------------------ */
/* A game's own storage: hex descriptions and sides copied out of a wr_map,
   planned through wr_plan_graph with wr_hex_desc_moves(). */

typedef struct game_map {
    int n;
    wr_hex_desc *hexes;
    wr_hexside *sides; /* n x 6 */
    int32_t *nbr;   /* n x 6, -1 off the map */
    const wr_plan_params *params;
} game_map;

static void game_map_from(game_map *gm, const wr_map *m)
{
    int w = 0, h = 0;
    OK(wr_map_size(m, &w, &h));
    gm->n = w * h;
    gm->hexes = calloc((size_t)gm->n, sizeof *gm->hexes);
    gm->sides = calloc((size_t)gm->n * 6, sizeof *gm->sides);
    gm->nbr = calloc((size_t)gm->n * 6, sizeof *gm->nbr);
    for (int32_t i = 0; i < gm->n; i++) {
        wr_hex hx;
        OK(wr_map_hex(m, i, &hx));
        wr_hex_desc *d = &gm->hexes[i];
        wr_hex_terrain t;
        wr_zone z;
        OK(wr_map_terrain(m, hx, &t));
        OK(wr_map_features(m, hx, &d->features));
        OK(wr_map_regions(m, hx, &d->regions));
        OK(wr_map_watercourse(m, hx, &d->downstream, &d->water));
        OK(wr_map_zone(m, hx, &z));
        d->on_map = 1;
        d->terrain = (int)t;
        d->coastal = z == WR_ZONE_COASTAL_WATERS;
        for (int dir = 0; dir < 6; dir++) {
            wr_hex nb;
            int32_t j = -1;
            OK(wr_hex_neighbor(hx, dir, &nb));
            if (wr_map_index(m, nb, &j) == WR_OK)
                OK(wr_map_hexside(m, hx, dir, &gm->sides[(size_t)i * 6 + (size_t)dir]));
            gm->nbr[(size_t)i * 6 + (size_t)dir] = j;
        }
    }
}

static void game_map_free(game_map *gm)
{
    free(gm->hexes);
    free(gm->sides);
    free(gm->nbr);
}

static int game_moves(void *user, int32_t node, wr_plan_edge *out, int capacity)
{
    const game_map *gm = user;
    wr_hex_desc nb[6];
    for (int d = 0; d < 6; d++) {
        int32_t j = gm->nbr[(size_t)node * 6 + (size_t)d];
        if (j >= 0) {
            nb[d] = gm->hexes[j];
        } else {
            memset(&nb[d], 0, sizeof nb[d]);
            nb[d].downstream = WR_NO_WATERCOURSE;
        }
    }
    size_t n = 0;
    if (wr_hex_desc_moves(gm->params, &gm->hexes[node], nb, &gm->sides[(size_t)node * 6],
                      &gm->nbr[(size_t)node * 6], out, (size_t)capacity, &n) != WR_OK)
        return -1;
    return (int)n;
}

static void moves_from_own_storage(void **state)
{
    wr_planner *pl = *state;
    unsigned s = 2024;
    for (int trial = 0; trial < 40; trial++) {
        int water = trial % 2;
        wr_map *m = water ? random_water_map(&s, 7, 6) : random_land_map(&s, 7, 6);
        wr_plan_params p;
        random_params(&s, &p, water);
        game_map gm;
        game_map_from(&gm, m);
        gm.params = &p;
        /* the same moves, hex by hex */
        for (int32_t i = 0; i < gm.n; i++) {
            wr_hex hx;
            OK(wr_map_hex(m, i, &hx));
            wr_plan_edge a[WR_PLAN_MAX_EDGES], b[WR_PLAN_MAX_EDGES];
            size_t na = 0;
            OK(wr_map_moves(m, &p, hx, a, WR_PLAN_MAX_EDGES, &na));
            int nb = game_moves(&gm, i, b, WR_PLAN_MAX_EDGES);
            assert_int_equal((int)na, nb);
            for (size_t k = 0; k < na; k++) {
                assert_int_equal(a[k].to, b[k].to);
                assert_int_equal(a[k].points, b[k].points);
                assert_int_equal(a[k].days, b[k].days);
                assert_int_equal(a[k].flags, b[k].flags);
            }
        }
        /* the same plans */
        wr_plan_graph graph = {gm.n, game_moves, NULL, &gm};
        for (int k = 0; k < 15; k++) {
            int32_t from = (int32_t)(rnd(&s) % (unsigned)gm.n), to = (int32_t)(rnd(&s) % (unsigned)gm.n);
            wr_hex hf, ht;
            OK(wr_map_hex(m, from, &hf));
            OK(wr_map_hex(m, to, &ht));
            wr_route r1, r2;
            if (wr_planner_route(pl, m, &p, hf, ht, &r1) != WR_OK)
                continue;
            int d1 = r1.arrival_day, p1 = r1.points_left;
            OK(wr_planner_route_graph(pl, &graph, &p, from, to, &r2));
            assert_int_equal(r2.arrival_day, d1);
            assert_int_equal(r2.points_left, p1);
        }
        game_map_free(&gm);
        wr_map_free(m);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(plan_callbacks),
        cmocka_unit_test(plan_astar_same_routes),
        cmocka_unit_test(plan_river_never_cheaper),
        cmocka_unit_test(plan_custom_graph),
        cmocka_unit_test(moves_from_own_storage),
    };
    return cmocka_run_group_tests_name("campaign_graph", tests, planner_setup, planner_teardown);
}
