/* Campaign module: the text's rules and worked example, hex utilities, the
   map, vessels, and route plans checked against a brute-force search over
   (hex, day, points, formation) on small maps. */
#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "warrules/campaign.h"

#define OK(call)                                                                  \
    do {                                                                          \
        wr_status ok_st_ = (call);                                                \
        if (ok_st_ != WR_OK)                                                      \
            print_message("%s\n", wr_last_error());                               \
        assert_int_equal(ok_st_, WR_OK);                                          \
    } while (0)

static wr_hex H(int q, int r)
{
    wr_hex h = {q, r};
    return h;
}

/* The hex at offset (col, row). */
static wr_hex O(int col, int row)
{
    wr_hex h;
    OK(wr_hex_from_offset(col, row, &h));
    return h;
}

static void side(wr_map *m, wr_hex h, int d, int river, int crossing, int road, int track)
{
    wr_hexside s = {river, crossing, road, track};
    OK(wr_map_set_hexside(m, h, d, &s));
}

static wr_plan_params params_for(wr_mover mover)
{
    wr_plan_params p;
    OK(wr_plan_params_default(mover, &p));
    return p;
}

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
/* Hex utilities */

static void hex_basics(void **state)
{
    (void)state;
    int d = -1;
    OK(wr_hex_distance(H(0, 0), H(3, -1), &d));
    assert_int_equal(d, 3);
    OK(wr_hex_distance(H(-2, 5), H(1, -1), &d));
    assert_int_equal(d, 6);
    OK(wr_hex_distance(H(WR_HEX_COORD_MAX, -WR_HEX_COORD_MAX), H(-WR_HEX_COORD_MAX, WR_HEX_COORD_MAX), &d));
    assert_int_equal(d, 2 * WR_HEX_COORD_MAX);
    const int dq[6] = {1, 1, 0, -1, -1, 0}, dr[6] = {0, -1, -1, 0, 1, 1};
    for (int i = 0; i < 6; i++) {
        wr_hex n;
        OK(wr_hex_neighbor(H(2, 3), i, &n));
        assert_int_equal(n.q, 2 + dq[i]);
        assert_int_equal(n.r, 3 + dr[i]);
        int back = -1;
        OK(wr_hex_direction(n, H(2, 3), &back));
        assert_int_equal(back, (i + 3) % 6);
        OK(wr_hex_distance(n, H(2, 3), &d));
        assert_int_equal(d, 1);
    }
    int dir = 9;
    assert_int_equal(wr_hex_direction(H(0, 0), H(2, 0), &dir), WR_ERR_INVALID);
    assert_int_equal(wr_hex_direction(H(0, 0), H(0, 0), &dir), WR_ERR_INVALID);
    assert_int_equal(dir, 9);

    wr_hex h;
    int col, row;
    for (int rr = 0; rr < 6; rr++) {
        for (int cc = 0; cc < 6; cc++) {
            OK(wr_hex_from_offset(cc, rr, &h));
            OK(wr_hex_to_offset(h, &col, &row));
            assert_int_equal(col, cc);
            assert_int_equal(row, rr);
        }
    }
    OK(wr_hex_from_offset(3, 3, &h)); /* odd row shoved right: q = 3 - 1 */
    assert_int_equal(h.q, 2);
    assert_int_equal(h.r, 3);
    OK(wr_hex_to_offset(H(0, -1), &col, &row));
    assert_int_equal(col, -1);
    assert_int_equal(row, -1);
}

static void hex_rings_and_ranges(void **state)
{
    (void)state;
    wr_hex buf[400];
    size_t n = 0;
    OK(wr_hex_ring(H(1, 1), 0, NULL, 0, &n));
    assert_int_equal(n, 1);
    OK(wr_hex_ring(H(1, 1), 0, buf, 1, &n));
    assert_int_equal(buf[0].q, 1);
    for (int radius = 1; radius <= 5; radius++) {
        OK(wr_hex_ring(H(1, -2), radius, NULL, 0, &n));
        assert_int_equal(n, 6 * radius);
        OK(wr_hex_ring(H(1, -2), radius, buf, 400, &n));
        assert_int_equal(buf[0].q, 1 - radius); /* centre + radius x direction 4 */
        assert_int_equal(buf[0].r, -2 + radius);
        for (size_t i = 0; i < n; i++) {
            int d = 0;
            OK(wr_hex_distance(buf[i], H(1, -2), &d));
            assert_int_equal(d, radius);
            OK(wr_hex_distance(buf[i], buf[(i + 1) % n], &d));
            assert_int_equal(d, 1);
            for (size_t j = 0; j < i; j++)
                assert_false(buf[i].q == buf[j].q && buf[i].r == buf[j].r);
        }
        OK(wr_hex_range(H(1, -2), radius, NULL, 0, &n));
        assert_int_equal(n, 3 * radius * (radius + 1) + 1);
        OK(wr_hex_range(H(1, -2), radius, buf, 400, &n));
        int inside = 0;
        for (int q = -10; q <= 10; q++) {
            for (int r = -10; r <= 10; r++) {
                int d = 0;
                OK(wr_hex_distance(H(q, r), H(1, -2), &d));
                inside += d <= radius;
            }
        }
        assert_int_equal((int)n, inside);
        for (size_t i = 0; i < n; i++) {
            int d = 0;
            OK(wr_hex_distance(buf[i], H(1, -2), &d));
            assert_true(d <= radius);
            if (i > 0)
                assert_true(buf[i - 1].q < buf[i].q ||
                            (buf[i - 1].q == buf[i].q && buf[i - 1].r < buf[i].r));
        }
    }
    size_t untouched = 77;
    assert_int_equal(wr_hex_ring(H(0, 0), 3, buf, 17, &untouched), WR_ERR_RANGE);
    assert_int_equal(wr_hex_range(H(0, 0), 2, buf, 18, &untouched), WR_ERR_RANGE);
    assert_int_equal(untouched, 77);
}

/* Floating reference of the nudged cube lerp, for the test only. */
static wr_hex line_reference(wr_hex a, wr_hex b, int i, int n)
{
    double t = n == 0 ? 0.0 : (double)i / n;
    double aq = a.q + 1e-6, ar = a.r + 2e-6, as = -a.q - a.r - 3e-6;
    double bq = b.q + 1e-6, br = b.r + 2e-6, bs = -b.q - b.r - 3e-6;
    double q = aq + (bq - aq) * t, r = ar + (br - ar) * t, s = as + (bs - as) * t;
    double rq = (double)(long long)(q + (q < 0 ? -0.5 : 0.5));
    double rr = (double)(long long)(r + (r < 0 ? -0.5 : 0.5));
    double rs = (double)(long long)(s + (s < 0 ? -0.5 : 0.5));
    double eq = rq - q, er = rr - r, es = rs - s;
    eq = eq < 0 ? -eq : eq;
    er = er < 0 ? -er : er;
    es = es < 0 ? -es : es;
    if (eq > er && eq > es)
        rq = -rr - rs;
    else if (er > es)
        rr = -rq - rs;
    return H((int)rq, (int)rr);
}

static void hex_lines(void **state)
{
    (void)state;
    wr_hex buf[64];
    size_t n = 0;
    OK(wr_hex_line(H(0, 0), H(0, 0), buf, 64, &n));
    assert_int_equal(n, 1);
    OK(wr_hex_line(H(0, 0), H(3, 0), NULL, 0, &n));
    assert_int_equal(n, 4);
    /* A line along a hexside: the nudge decides, the same way each time. */
    OK(wr_hex_line(H(0, 0), H(2, -1), buf, 64, &n));
    assert_int_equal(n, 3);
    srand(5);
    for (int k = 0; k < 3000; k++) {
        wr_hex a = H(rand() % 21 - 10, rand() % 21 - 10), b = H(rand() % 21 - 10, rand() % 21 - 10);
        int dist = 0;
        OK(wr_hex_distance(a, b, &dist));
        OK(wr_hex_line(a, b, buf, 64, &n));
        assert_int_equal(n, (size_t)dist + 1);
        assert_int_equal(buf[0].q, a.q);
        assert_int_equal(buf[0].r, a.r);
        assert_int_equal(buf[n - 1].q, b.q);
        assert_int_equal(buf[n - 1].r, b.r);
        for (size_t i = 0; i < n; i++) {
            wr_hex ref = line_reference(a, b, (int)i, dist);
            assert_int_equal(buf[i].q, ref.q);
            assert_int_equal(buf[i].r, ref.r);
            if (i > 0) {
                int d = 0;
                OK(wr_hex_distance(buf[i - 1], buf[i], &d));
                assert_int_equal(d, 1);
            }
        }
    }
    size_t untouched = 5;
    assert_int_equal(wr_hex_line(H(0, 0), H(9, 0), buf, 9, &untouched), WR_ERR_RANGE);
    assert_int_equal(untouched, 5);
}

/* ------------------------------------------------------------------------ */
/* The map */

static void map_storage(void **state)
{
    (void)state;
    wr_map *m = NULL;
    OK(wr_map_new(5, 4, &m));
    int w = 0, h = 0;
    OK(wr_map_size(m, &w, &h));
    assert_int_equal(w, 5);
    assert_int_equal(h, 4);
    int inside = -1;
    OK(wr_map_has_hex(m, O(4, 3), &inside));
    assert_int_equal(inside, 1);
    OK(wr_map_has_hex(m, H(-1, 0), &inside));
    assert_int_equal(inside, 0);
    OK(wr_map_has_hex(m, H(-1, 2), &inside)); /* col 0 of row 2 */
    assert_int_equal(inside, 1);
    OK(wr_map_has_hex(m, H(4, 2), &inside)); /* col 5 */
    assert_int_equal(inside, 0);
    for (int32_t i = 0; i < 20; i++) {
        wr_hex hx;
        int32_t back = -1;
        OK(wr_map_hex(m, i, &hx));
        OK(wr_map_index(m, hx, &back));
        assert_int_equal(back, i);
    }
    wr_hex_terrain t;
    OK(wr_map_terrain(m, O(2, 2), &t));
    assert_int_equal(t, WR_HEX_CLEAR);
    OK(wr_map_set_terrain(m, O(2, 2), WR_HEX_SWAMP));
    OK(wr_map_terrain(m, O(2, 2), &t));
    assert_int_equal(t, WR_HEX_SWAMP);
    unsigned f = 9;
    OK(wr_map_set_features(m, O(1, 1), WR_FEATURE_PORT | WR_FEATURE_CHANNEL));
    OK(wr_map_features(m, O(1, 1), &f));
    assert_int_equal(f, WR_FEATURE_PORT | WR_FEATURE_CHANNEL);
    uint32_t tags = 0;
    OK(wr_map_set_regions(m, O(3, 1), 0x80000001u));
    OK(wr_map_regions(m, O(3, 1), &tags));
    assert_int_equal(tags, 0x80000001u);
    /* A side is shared by both hexes. */
    wr_hex a = O(2, 1), b;
    for (int d = 0; d < 6; d++) {
        OK(wr_hex_neighbor(a, d, &b));
        side(m, a, d, WR_RIVER_MINOR, d % 4, d & 1, (d >> 1) & 1);
        wr_hexside s;
        OK(wr_map_hexside(m, b, (d + 3) % 6, &s));
        assert_int_equal(s.river, WR_RIVER_MINOR);
        assert_int_equal(s.crossing, d % 4);
        assert_int_equal(s.road, d & 1);
        assert_int_equal(s.track, (d >> 1) & 1);
    }
    side(m, a, 0, WR_RIVER_MAJOR, WR_CROSS_FERRY, 0, 0);
    wr_hexside s0;
    OK(wr_map_hexside(m, a, 0, &s0));
    assert_int_equal(s0.river, WR_RIVER_MAJOR);
    assert_int_equal(s0.crossing, WR_CROSS_FERRY);
    /* No ford on a major river, no crossing without a river, nothing off the map. */
    wr_hexside bad = {WR_RIVER_MAJOR, WR_CROSS_FORD, 0, 0};
    assert_int_equal(wr_map_set_hexside(m, a, 0, &bad), WR_ERR_INVALID);
    wr_hexside bad2 = {WR_NO_RIVER, WR_CROSS_BRIDGE, 0, 0};
    assert_int_equal(wr_map_set_hexside(m, a, 0, &bad2), WR_ERR_INVALID);
    OK(wr_map_hexside(m, a, 0, &s0));
    assert_int_equal(s0.crossing, WR_CROSS_FERRY);
    wr_hexside ok = {0, 0, 1, 0};
    assert_int_equal(wr_map_set_hexside(m, O(0, 0), 3, &ok), WR_ERR_RANGE);
    int down = 0;
    unsigned wf = 0;
    OK(wr_map_watercourse(m, a, &down, &wf));
    assert_int_equal(down, WR_NO_WATERCOURSE);
    OK(wr_map_set_watercourse(m, a, 5, WR_WATER_TIDAL | WR_WATER_CATARACT));
    OK(wr_map_watercourse(m, a, &down, &wf));
    assert_int_equal(down, 5);
    assert_int_equal(wf, WR_WATER_TIDAL | WR_WATER_CATARACT);
    OK(wr_map_set_watercourse(m, a, WR_NO_WATERCOURSE, 0));
    OK(wr_map_watercourse(m, a, &down, &wf));
    assert_int_equal(down, WR_NO_WATERCOURSE);
    assert_int_equal(wr_map_set_watercourse(m, O(0, 3), 4, 0), WR_ERR_RANGE);
    wr_map_free(m);

    wr_allocator none = {NULL, NULL};
    wr_map *u = (wr_map *)&none;
    assert_int_equal(wr_map_new_ex(2, 2, &none, &u), WR_ERR_INVALID);
    assert_ptr_equal(u, (wr_map *)&none);
}

static void map_zones_and_sight(void **state)
{
    (void)state;
    wr_map *m = NULL;
    OK(wr_map_new(8, 1, &m));
    for (int c = 1; c < 8; c++)
        OK(wr_map_set_terrain(m, O(c, 0), WR_HEX_SEA));
    OK(wr_map_set_terrain(m, O(1, 0), WR_HEX_COAST));
    const wr_zone want[8] = {WR_ZONE_LAND, WR_ZONE_COAST, WR_ZONE_COASTAL_WATERS,
                             WR_ZONE_COASTAL_WATERS, WR_ZONE_OPEN_SEA, WR_ZONE_OPEN_SEA,
                             WR_ZONE_OPEN_SEA, WR_ZONE_OPEN_SEA};
    for (int c = 0; c < 8; c++) {
        wr_zone z;
        OK(wr_map_zone(m, O(c, 0), &z));
        assert_int_equal(z, want[c]);
    }
    int v = -1;
    OK(wr_map_is_visible(m, O(4, 0), O(1, 0), &v));
    assert_int_equal(v, 0); /* open sea and shore */
    OK(wr_map_is_visible(m, O(0, 0), O(5, 0), &v));
    assert_int_equal(v, 0);
    OK(wr_map_is_visible(m, O(3, 0), O(1, 0), &v));
    assert_int_equal(v, 1); /* coastal waters */
    OK(wr_map_is_visible(m, O(4, 0), O(6, 0), &v));
    assert_int_equal(v, 1); /* ship to ship */
    OK(wr_map_is_visible(m, O(4, 0), O(2, 0), &v));
    assert_int_equal(v, 1);
    /* Moving the coast moves the coastal waters. */
    OK(wr_map_set_terrain(m, O(1, 0), WR_HEX_SEA));
    wr_zone z;
    OK(wr_map_zone(m, O(2, 0), &z));
    assert_int_equal(z, WR_ZONE_OPEN_SEA);
    OK(wr_map_set_terrain(m, O(6, 0), WR_HEX_COAST));
    OK(wr_map_zone(m, O(4, 0), &z));
    assert_int_equal(z, WR_ZONE_COASTAL_WATERS);
    OK(wr_map_zone(m, O(3, 0), &z));
    assert_int_equal(z, WR_ZONE_OPEN_SEA);
    OK(wr_map_set_terrain(m, O(7, 0), WR_HEX_LAKE));
    OK(wr_map_zone(m, O(7, 0), &z));
    assert_int_equal(z, WR_ZONE_LAKE);
    wr_map_free(m);
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

/* ------------------------------------------------------------------------ */
/* Planner: each rule on a small map */

static wr_planner *g_pl;

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

static wr_status plan(wr_map *m, const wr_plan_params *p, int from, int to, wr_route *r)
{
    return wr_planner_route(g_pl, m, p, O(from, 0), O(to, 0), r);
}

static void expect_arrival(wr_map *m, const wr_plan_params *p, int from, int to, int day, int pts)
{
    wr_route r;
    OK(plan(m, p, from, to, &r));
    assert_int_equal(r.arrival_day, day);
    assert_int_equal(r.points_left, pts);
}

static void expect_forbidden(wr_map *m, const wr_plan_params *p, int from, int to)
{
    wr_route r;
    memset(&r, 0x5a, sizeof r);
    assert_int_equal(plan(m, p, from, to, &r), WR_ERR_FORBIDDEN);
    assert_int_equal(r.arrival_day, 0x5a5a5a5a);
}

static void plan_saving_points(void **state)
{
    (void)state;
    wr_map *m = row_map("hhhhh");
    wr_plan_params p = params_for(WR_MOVER_INFANTRY);
    wr_route r;
    OK(plan(m, &p, 0, 4, &r));
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
    expect_arrival(m, &p, 2, 2, 1, 12);
    /* a hex dearer than a day: saved points carry the force in */
    p.costs.enter[WR_HEX_HILLS] = 20;
    expect_arrival(m, &p, 0, 2, 4, 8); /* 40 points: day 4 with 8 left */
    wr_map_free(m);
}

static void plan_forest_and_unformed(void **state)
{
    (void)state;
    wr_map *m = row_map("cfc");
    wr_plan_params p = params_for(WR_MOVER_CAVALRY);
    expect_forbidden(m, &p, 0, 2);
    p.options = WR_PLAN_UNFORMED;
    p.figures = 100;
    wr_route r;
    OK(plan(m, &p, 0, 2, &r));
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
    expect_arrival(m, &inf, 0, 2, 2, 9);
    /* a road through the forest: cavalry formed */
    side(m, O(0, 0), 0, 0, 0, 1, 0);
    side(m, O(1, 0), 0, 0, 0, 1, 0);
    p.options = 0;
    OK(plan(m, &p, 0, 2, &r));
    assert_int_equal(r.arrival_day, 1);
    assert_int_equal(r.points_left, 6);
    assert_true(r.steps[1].flags & WR_STEP_ROAD);
    wr_map_free(m);

    /* Ellriendi elves in their home forest, lizard men in swamp */
    m = row_map("cffff");
    for (int i = 1; i < 5; i++)
        OK(wr_map_set_regions(m, O(i, 0), i < 4 ? 0x4u : 0x1u));
    wr_plan_params elf = params_for(WR_MOVER_INFANTRY);
    expect_arrival(m, &elf, 0, 3, 3, 9); /* 27 */
    elf.traits = WR_FORCE_ELLRIENDI;
    elf.home_regions = 0x4u;
    expect_arrival(m, &elf, 0, 3, 2, 6); /* 18 */
    expect_arrival(m, &elf, 0, 4, 3, 9); /* 18 + 9: the last hex is not home */
    wr_map_free(m);
    m = row_map("csss");
    wr_plan_params liz = params_for(WR_MOVER_INFANTRY);
    liz.traits = WR_FORCE_LIZARD_MEN;
    expect_arrival(m, &liz, 0, 3, 2, 6);
    wr_map_free(m);
}

static void plan_mountains(void **state)
{
    (void)state;
    wr_map *m = row_map("cmc");
    wr_plan_params p = params_for(WR_MOVER_INFANTRY);
    expect_forbidden(m, &p, 0, 2);
    p.options = WR_PLAN_UNFORMED; /* armies cross mountains unformed */
    wr_route r;
    OK(plan(m, &p, 0, 2, &r));
    assert_int_equal(r.arrival_day, 3); /* 12 + 6 = 18 on day 2, rally on day 3 */
    assert_int_equal(r.points_left, 6); /* rallies in the mountains on day 2, clear on day 3 */
    assert_int_equal(r.rally_days, 1);
    assert_int_equal(r.unformed_days, 1);
    side(m, O(0, 0), 0, 0, 0, 0, 1); /* a track */
    side(m, O(1, 0), 0, 0, 0, 0, 1);
    OK(plan(m, &p, 0, 2, &r));
    assert_int_equal(r.arrival_day, 2); /* track 9, then clear 6: 15, formed */
    assert_int_equal(r.points_left, 9);
    assert_int_equal(r.rally_days, 0);
    assert_true(r.steps[1].flags & WR_STEP_TRACK);
    wr_map_free(m);
}

static void plan_crossings(void **state)
{
    (void)state;
    wr_map *m = row_map("ccc");
    wr_plan_params inf = params_for(WR_MOVER_INFANTRY), cav = params_for(WR_MOVER_CAVALRY);
    wr_route r;
    /* ferries: whole days from a fresh day, then the far hex's entry */
    side(m, O(1, 0), 0, WR_RIVER_MINOR, WR_CROSS_FERRY, 0, 0);
    expect_arrival(m, &inf, 1, 2, 2, 6);
    OK(plan(m, &inf, 0, 2, &r));
    assert_int_equal(r.arrival_day, 3); /* moved on day 1: the ferry takes day 2, clear 6 on day 3 */
    assert_int_equal(r.points_left, 6);
    assert_true(r.steps[2].flags & WR_STEP_FERRY);
    assert_int_equal(r.steps[1].nights, 2);
    side(m, O(1, 0), 0, WR_RIVER_MAJOR, WR_CROSS_FERRY, 0, 0);
    expect_arrival(m, &inf, 1, 2, 3, 6);
    expect_arrival(m, &cav, 1, 2, 3, 12);
    /* bridges are free */
    side(m, O(1, 0), 0, WR_RIVER_MAJOR, WR_CROSS_BRIDGE, 0, 0);
    OK(plan(m, &inf, 0, 2, &r));
    assert_int_equal(r.arrival_day, 1);
    assert_int_equal(r.points_left, 0);
    assert_true(r.steps[2].flags & WR_STEP_BRIDGE);
    /* a major river without crossing: rafts, certain only in forest or swamp */
    side(m, O(1, 0), 0, WR_RIVER_MAJOR, WR_CROSS_OPEN, 0, 0);
    expect_forbidden(m, &inf, 1, 2);
    expect_forbidden(m, &cav, 1, 2);
    inf.options = WR_PLAN_RAFTS_ANYWHERE;
    expect_arrival(m, &inf, 1, 2, 4, 6);
    OK(plan(m, &inf, 1, 2, &r));
    assert_true(r.steps[1].flags & WR_STEP_RAFTS);
    inf.options = 0;
    OK(wr_map_set_terrain(m, O(1, 0), WR_HEX_FOREST));
    expect_arrival(m, &inf, 1, 2, 4, 6);
    expect_arrival(m, &cav, 1, 2, 4, 12);
    /* the engineers' bridging train */
    inf.options = WR_PLAN_BRIDGING_TRAIN;
    expect_arrival(m, &inf, 1, 2, 2, 6);
    inf.bridging_days = 2;
    expect_arrival(m, &inf, 1, 2, 3, 6);
    inf.bridging_days = 5;
    expect_arrival(m, &inf, 1, 2, 4, 6); /* rafts are quicker */

    inf.options = 0;
    OK(wr_map_set_terrain(m, O(1, 0), WR_HEX_CLEAR));
    /* a minor river without crossing: cavalry at half its daily points */
    side(m, O(1, 0), 0, WR_RIVER_MINOR, WR_CROSS_OPEN, 0, 0);
    OK(plan(m, &cav, 1, 2, &r));
    assert_int_equal(r.arrival_day, 1);
    assert_int_equal(r.points_left, 3); /* 6 + 9 of 18 */
    assert_true(r.steps[1].flags & WR_STEP_SWIM);
    expect_forbidden(m, &inf, 1, 2);
    /* a minor ford: cavalry at full speed */
    side(m, O(1, 0), 0, WR_RIVER_MINOR, WR_CROSS_FORD, 0, 0);
    expect_arrival(m, &cav, 1, 2, 1, 12);
    expect_arrival(m, &inf, 1, 2, 1, 0);
    expect_arrival(m, &inf, 0, 2, 2, 6); /* 6, then 12 more: day 2 */
    wr_map_free(m);
}

/* Readings of [Crossing] and [Units, Formed and Unformed] (docs/rules/campaign.md),
   each test built from the text's words. */
static void crossing_rules_from_text(void **state)
{
    (void)state;
    wr_route r;
    /* [Crossing] "Any move cost to cross a river is in addition to that
       required to move into the hex": the ferry's whole day, then 6 points
       into clear ground on the next day. */
    wr_map *m = row_map("cc");
    wr_plan_params inf = params_for(WR_MOVER_INFANTRY);
    side(m, O(0, 0), 0, WR_RIVER_MINOR, WR_CROSS_FERRY, 0, 0);
    OK(plan(m, &inf, 0, 1, &r));
    assert_int_equal(r.arrival_day, 2);
    assert_int_equal(r.points_left, 6);
    /* rafts likewise: three whole days, then the hex */
    side(m, O(0, 0), 0, WR_RIVER_MAJOR, WR_CROSS_OPEN, 0, 0);
    inf.options = WR_PLAN_RAFTS_ANYWHERE;
    OK(plan(m, &inf, 0, 1, &r));
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
    OK(plan(m, &cav, 0, 4, &r));

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
        OK(plan(m, &inf, 1, 2, &r));
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
        OK(plan(m, &cav, 0, 2, &r));
        assert_int_equal(r.rally_days, 1);
        assert_int_equal(r.unformed_days, 1);
        wr_map_free(m);
    }
    m = row_map("cfc");
    side(m, O(1, 0), 0, WR_RIVER_MINOR, WR_CROSS_FORD, 0, 0);
    OK(plan(m, &cav, 0, 2, &r)); /* forest 9, ford 0 + clear 6: rally on day 2 */
    assert_int_equal(r.arrival_day, 2);
    assert_int_equal(r.points_left, 0);
    wr_map_free(m);
}

static void plan_sea(void **state)
{
    (void)state;
    wr_map *m = row_map("cCSSSSSSC");
    wr_plan_params galley = params_for(WR_MOVER_GALLEY), ship = params_for(WR_MOVER_SAILING_SHIP);
    wr_plan_params tr = params_for(WR_MOVER_TRANSPORT), lship = params_for(WR_MOVER_LONGSHIP);
    wr_plan_params inf = params_for(WR_MOVER_INFANTRY);
    wr_route r;
    /* hexes 2 and 3 and 6, 7 are coastal waters; 4 and 5 open sea */
    expect_arrival(m, &galley, 1, 3, 1, 50);
    expect_forbidden(m, &galley, 1, 8);
    expect_forbidden(m, &lship, 1, 8);
    OK(plan(m, &ship, 1, 8, &r));
    assert_int_equal(r.arrival_day, 1);
    assert_int_equal(r.points_left, 70 - 6 * 7 - 10);
    assert_true(r.steps[3].flags & WR_STEP_OPEN_SEA);
    assert_int_equal(r.escort_lost, 0);
    /* transports: a coast hex only with a channel or port */
    expect_forbidden(m, &tr, 2, 8);
    OK(wr_map_set_features(m, O(8, 0), WR_FEATURE_PORT));
    OK(plan(m, &tr, 2, 8, &r));
    assert_int_equal(r.escort_lost, 1);
    OK(plan(m, &tr, 2, 3, &r));
    assert_int_equal(r.escort_lost, 0);
    /* mud flats: every vessel needs a channel */
    OK(wr_map_set_features(m, O(8, 0), WR_FEATURE_MUD_FLAT | WR_FEATURE_PORT));
    expect_forbidden(m, &ship, 2, 8);
    ship.tide = WR_TIDE_HIGH; /* a mud flat at all but times of high tide */
    expect_arrival(m, &ship, 2, 8, 1, 70 - 5 * 7 - 10);
    ship.tide = WR_TIDE_FLOOD;
    expect_forbidden(m, &ship, 2, 8);
    ship.tide = WR_TIDE_NONE;
    OK(wr_map_set_features(m, O(8, 0), WR_FEATURE_MUD_FLAT | WR_FEATURE_CHANNEL));
    expect_arrival(m, &ship, 2, 8, 1, 70 - 5 * 7 - 10);
    /* land forces stay ashore; vessels do not start on land */
    expect_forbidden(m, &inf, 0, 2);
    assert_int_equal(plan(m, &ship, 0, 2, &r), WR_ERR_FORBIDDEN);
    assert_int_equal(plan(m, &galley, 4, 2, &r), WR_ERR_FORBIDDEN); /* open sea start */

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
    (void)state;
    wr_map *m = river_map();
    wr_plan_params boat = params_for(WR_MOVER_RIVER_BOAT), ls = params_for(WR_MOVER_LONGSHIP);
    wr_plan_params galley = params_for(WR_MOVER_GALLEY);
    wr_route r;
    OK(plan(m, &boat, 0, 4, &r));
    assert_int_equal(r.arrival_day, 1);
    assert_int_equal(r.points_left, 70 - 40); /* downstream 10 a hex */
    assert_true(r.steps[1].flags & WR_STEP_DOWNSTREAM);
    OK(plan(m, &boat, 4, 0, &r));
    assert_int_equal(r.points_left, 70 - 56); /* upstream 14 */
    assert_true(r.steps[1].flags & WR_STEP_UPSTREAM);
    expect_forbidden(m, &boat, 4, 6); /* river boats keep off the sea (default table) */
    expect_forbidden(m, &galley, 5, 3); /* only river boats and longships navigate */
    /* a longship from the sea up the river */
    expect_arrival(m, &ls, 6, 0, 2, 2 * 70 - 10 - 70); /* 10 + 5 x 14 = 80 */
    /* tides in the tidal reach (the links of hexes 3 and 4) */
    ls.tide = WR_TIDE_FLOOD;
    expect_arrival(m, &ls, 5, 0, 1, 70 - (7 + 7 + 14 * 3));
    ls.tide = WR_TIDE_EBB;
    expect_arrival(m, &ls, 5, 0, 2, 140 - (28 + 28 + 14 * 3));
    expect_arrival(m, &ls, 0, 5, 1, 70 - (10 * 3 + 5 + 5));
    ls.tide = WR_TIDE_HIGH; /* slack water */
    expect_arrival(m, &ls, 5, 0, 1, 0);
    ls.tide = WR_TIDE_NONE;
    /* river sailing with a fair wind blowing west */
    ls.wind = 3;
    expect_arrival(m, &ls, 5, 0, 1, 70 - 5 * 10); /* ceil(14 x 67 / 100) = 10 */
    ls.wind = 0;
    expect_arrival(m, &ls, 5, 0, 1, 0);
    ls.wind = WR_WIND_NONE;
    /* cataracts and the unnavigable canal block */
    OK(wr_map_set_watercourse(m, O(2, 0), 0, WR_WATER_CATARACT));
    expect_forbidden(m, &boat, 0, 4);
    expect_arrival(m, &boat, 0, 2, 1, 50);
    OK(wr_map_set_watercourse(m, O(2, 0), 0, 0));
    OK(wr_map_set_watercourse(m, O(1, 0), 0, WR_WATER_UNNAVIGABLE));
    expect_forbidden(m, &boat, 0, 4);
    assert_int_equal(plan(m, &boat, 1, 3, &r), WR_ERR_FORBIDDEN);
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


static unsigned rnd(unsigned *s)
{
    *s = *s * 1103515245u + 12345u;
    return (*s >> 16) & 0x7fffu;
}

static wr_map *random_land_map(unsigned *s, int w, int h)
{
    wr_map *m = NULL;
    OK(wr_map_new(w, h, &m));
    static const wr_hex_terrain pick[20] = {
        WR_HEX_CLEAR, WR_HEX_CLEAR, WR_HEX_CLEAR, WR_HEX_CLEAR, WR_HEX_CLEAR, WR_HEX_CLEAR,
        WR_HEX_FOREST, WR_HEX_FOREST, WR_HEX_FOREST, WR_HEX_SWAMP, WR_HEX_SWAMP, WR_HEX_HILLS,
        WR_HEX_HILLS, WR_HEX_HILLS, WR_HEX_MOUNTAINS, WR_HEX_MOUNTAINS, WR_HEX_MOUNTAINS,
        WR_HEX_COAST, WR_HEX_SEA, WR_HEX_LAKE};
    for (int32_t i = 0; i < w * h; i++) {
        wr_hex hx;
        OK(wr_map_hex(m, i, &hx));
        OK(wr_map_set_terrain(m, hx, pick[rnd(s) % 20]));
        OK(wr_map_set_regions(m, hx, rnd(s) % 2));
        for (int d = 0; d < 3; d++) {
            wr_hex n;
            int inside = 0;
            OK(wr_hex_neighbor(hx, d, &n));
            OK(wr_map_has_hex(m, n, &inside));
            if (!inside)
                continue;
            wr_hexside sd = {0, 0, rnd(s) % 6 == 0, rnd(s) % 6 == 0};
            if (rnd(s) % 3 == 0) {
                sd.river = 1 + (int)(rnd(s) % 2);
                sd.crossing = (int)(rnd(s) % (sd.river == WR_RIVER_MINOR ? 4 : 3));
            }
            OK(wr_map_set_hexside(m, hx, d, &sd));
        }
    }
    return m;
}

static wr_map *random_water_map(unsigned *s, int w, int h)
{
    wr_map *m = NULL;
    OK(wr_map_new(w, h, &m));
    static const wr_hex_terrain pick[8] = {WR_HEX_SEA, WR_HEX_SEA, WR_HEX_SEA, WR_HEX_COAST,
                                           WR_HEX_COAST, WR_HEX_LAKE, WR_HEX_CLEAR, WR_HEX_CLEAR};
    for (int32_t i = 0; i < w * h; i++) {
        wr_hex hx;
        OK(wr_map_hex(m, i, &hx));
        wr_hex_terrain t = pick[rnd(s) % 8];
        OK(wr_map_set_terrain(m, hx, t));
        OK(wr_map_set_features(m, hx, rnd(s) % 8));
        int d = (int)(rnd(s) % 6);
        wr_hex n;
        int inside = 0;
        OK(wr_hex_neighbor(hx, d, &n));
        OK(wr_map_has_hex(m, n, &inside));
        if (inside && (t == WR_HEX_CLEAR || rnd(s) % 4 == 0))
            OK(wr_map_set_watercourse(m, hx, d, rnd(s) % 3 == 0 ? rnd(s) % 8 : 0u));
    }
    return m;
}

static void random_params(unsigned *s, wr_plan_params *p, int vessel)
{
    *p = params_for((wr_mover)(vessel ? 2 + (int)(rnd(s) % 5) : (int)(rnd(s) % 2)));
    if (rnd(s) % 2) {
        p->costs.daily_points = 6 + (int)(rnd(s) % 15);
        for (int t = 0; t < WR_HEX_TERRAIN_COUNT; t++)
            if (p->costs.enter[t] > 0)
                p->costs.enter[t] = rnd(s) % 10 == 0 ? 0 : 1 + (int)(rnd(s) % 20);
        if (!vessel) {
            p->costs.road = (int)(rnd(s) % 10);
            p->costs.track = (int)(rnd(s) % 12);
        } else {
            p->costs.upstream = (int)(rnd(s) % 20);
            p->costs.downstream = 1 + (int)(rnd(s) % 15);
        }
    }
    if (!vessel) {
        p->traits = rnd(s) % 4;
        p->home_regions = 1;
        p->options = rnd(s) % 8; /* unformed, rafts anywhere, bridging train */
        p->bridging_days = 1 + (int)(rnd(s) % 4);
    } else {
        p->tide = (int)(rnd(s) % 4);
        p->wind = (int)(rnd(s) % 7) - 1;
    }
}

/* The field against the brute force from every start, and each route
   against the field. */
static void check_against_brute_force(wr_map *m, const wr_plan_params *p, int dmax)
{
    bf_graph g;
    bf_build(&g, m, p);
    int *bd = malloc((size_t)g.n * sizeof *bd), *bp = malloc((size_t)g.n * sizeof *bp);
    wr_arrival *field = malloc((size_t)g.n * sizeof *field);
    for (int32_t src = 0; src < g.n; src++) {
        wr_hex from;
        OK(wr_map_hex(m, src, &from));
        wr_status st = wr_planner_field(g_pl, m, p, from, field, (size_t)g.n);
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
            st = wr_planner_route(g_pl, m, p, from, to, &r);
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
    (void)state;
    unsigned s = 12345;
    for (int trial = 0; trial < 120; trial++) {
        wr_map *m = random_land_map(&s, 3 + (int)(rnd(&s) % 4), 2 + (int)(rnd(&s) % 4));
        wr_plan_params p;
        random_params(&s, &p, 0);
        check_against_brute_force(m, &p, 120);
        wr_map_free(m);
    }
}

static void plan_brute_force_water(void **state)
{
    (void)state;
    unsigned s = 777;
    for (int trial = 0; trial < 120; trial++) {
        wr_map *m = random_water_map(&s, 3 + (int)(rnd(&s) % 4), 2 + (int)(rnd(&s) % 4));
        wr_plan_params p;
        random_params(&s, &p, 1);
        check_against_brute_force(m, &p, 60);
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
    (void)state;
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
            if (wr_planner_field(g_pl, m, &p, from, field, (size_t)g.n) != WR_OK)
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

static void random_start(unsigned *s, int P, wr_force_state *fs);

static int block_nothing(void *user, int32_t from, int32_t to)
{
    (void)user;
    (void)from;
    (void)to;
    return 0;
}

/* Two arrival fields of n hexes are the same hex by hex. */
static void expect_same_field(const wr_arrival *a, const wr_arrival *b, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        assert_int_equal(a[i].day, b[i].day);
        assert_int_equal(a[i].points_left, b[i].points_left);
    }
}

/* The full rules' field with nothing blocked reads its own records by hex
   (a palette of at most 254 moves, the table for keys of several moves or
   past the palette): on maps with many keys (more than the palette holds),
   from fresh and part-spent starts, it must give the fields of the search
   that a blocked set (blocking nothing) takes. */
static void plan_field_rules_records(void **state)
{
    (void)state;
    unsigned s = 5151;
    for (int trial = 0; trial < 8; trial++) {
        const int w = 48 + (int)(rnd(&s) % 24), h = 40 + (int)(rnd(&s) % 16);
        wr_map *m = random_land_map(&s, w, h);
        wr_plan_params p;
        random_params(&s, &p, 0);
        p.options &= ~WR_PLAN_PLAIN_COSTS;
        if (trial % 2 == 0)
            p.options |= WR_PLAN_UNFORMED;
        const size_t n = (size_t)w * (size_t)h;
        wr_arrival *a = malloc(n * sizeof *a), *b = malloc(n * sizeof *b);
        assert_non_null(a);
        assert_non_null(b);
        for (int k = 0; k < 12; k++) {
            wr_hex from;
            OK(wr_map_hex(m, (int32_t)(rnd(&s) % (unsigned)n), &from));
            wr_force_state fs;
            random_start(&s, p.costs.daily_points, &fs);
            wr_plan_query q;
            memset(&q, 0, sizeof q);
            q.start = k % 3 == 0 ? NULL : &fs;
            q.objective = k % 2 ? WR_OBJECTIVE_EARLIEST : WR_OBJECTIVE_EARLIEST_FORMED;
            wr_status sa = wr_planner_plan_field(g_pl, m, &p, &q, from, a, n);
            q.blocked = block_nothing;
            wr_status sb = wr_planner_plan_field(g_pl, m, &p, &q, from, b, n);
            assert_int_equal(sa, sb);
            if (sa == WR_OK)
                expect_same_field(a, b, n);
            if (q.start == NULL && q.objective == WR_OBJECTIVE_EARLIEST_FORMED) {
                /* the zero state's field, as wr_planner_field() gives it */
                assert_int_equal(wr_planner_field(g_pl, m, &p, from, a, n), sa);
                if (sa == WR_OK)
                    expect_same_field(a, b, n);
            }
        }
        free(a);
        free(b);
        wr_map_free(m);
    }
}

/* A planner keeps what it read of the last map's hexes (plain costs, table
   keys): a change to the map, and a map freed and another made at the same
   place by as many changes, must give the fields of a new planner. */
static void field_matches_new_planner(wr_map *m, const wr_plan_params *p, wr_hex from)
{
    int w = 0, h = 0;
    OK(wr_map_size(m, &w, &h));
    size_t n = (size_t)w * (size_t)h;
    wr_arrival *a = malloc(n * sizeof *a), *b = malloc(n * sizeof *b);
    wr_planner *fresh = NULL;
    OK(wr_planner_new(&fresh));
    wr_status sa = wr_planner_field(g_pl, m, p, from, a, n);
    assert_int_equal(wr_planner_field(fresh, m, p, from, b, n), sa);
    if (sa == WR_OK)
        expect_same_field(a, b, n);
    wr_planner_free(fresh);
    free(a);
    free(b);
}

static void plan_records_follow_the_map(void **state)
{
    (void)state;
    unsigned s = 777;
    const wr_hex from = O(0, 0);
    for (int trial = 0; trial < 40; trial++) {
        wr_plan_params p;
        random_params(&s, &p, 0);
        if (trial % 2 == 0)
            p.options |= WR_PLAN_PLAIN_COSTS;
        wr_map *m = random_land_map(&s, 9, 7);
        OK(wr_map_set_terrain(m, from, WR_HEX_CLEAR));
        field_matches_new_planner(m, &p, from);
        wr_hex h = O(1 + (int)(rnd(&s) % 5), 1 + (int)(rnd(&s) % 6));
        OK(wr_map_set_terrain(m, h, rnd(&s) % 2 ? WR_HEX_LAKE : WR_HEX_MOUNTAINS));
        field_matches_new_planner(m, &p, from);
        wr_hexside sd = {WR_RIVER_MAJOR, WR_CROSS_OPEN, 0, 0};
        OK(wr_map_set_hexside(m, h, (int)(rnd(&s) % 3), &sd));
        field_matches_new_planner(m, &p, from);
        OK(wr_map_set_regions(m, h, 1));
        field_matches_new_planner(m, &p, from);
        wr_map_free(m);
    }
}

/* An allocator that hands a freed block back for the next request of its
   size, so that a map made after another is freed lands at its address. */
typedef struct recycler {
    void *block[8];
    size_t size[8];
} recycler;

static void *recycling_alloc(void *user, void *ptr, size_t old_size, size_t new_size)
{
    recycler *r = user;
    if (ptr == NULL) {
        for (int i = 0; i < 8; i++) {
            if (r->block[i] != NULL && r->size[i] == new_size) {
                void *b = r->block[i];
                r->block[i] = NULL;
                return b;
            }
        }
        return malloc(new_size);
    }
    if (new_size != 0)
        return realloc(ptr, new_size);
    for (int i = 0; i < 8; i++) {
        if (r->block[i] == NULL) {
            r->block[i] = ptr;
            r->size[i] = old_size;
            return NULL;
        }
    }
    free(ptr);
    return NULL;
}

static void plan_records_map_at_same_address(void **state)
{
    (void)state;
    recycler r;
    memset(&r, 0, sizeof r);
    const wr_allocator alloc = {recycling_alloc, &r};
    wr_plan_params p = params_for(WR_MOVER_INFANTRY);
    static const wr_hex_terrain terrain[4] = {WR_HEX_CLEAR, WR_HEX_LAKE, WR_HEX_CLEAR,
                                              WR_HEX_LAKE};
    const wr_map *first = NULL;
    for (int k = 0; k < 4; k++) {
        p.options = k < 2 ? WR_PLAN_PLAIN_COSTS : WR_PLAN_UNFORMED;
        wr_map *m = NULL;
        OK(wr_map_new_ex(9, 7, &alloc, &m));
        if (k == 0)
            first = m;
        else
            assert_true(m == first); /* the case under test */
        OK(wr_map_set_terrain(m, O(4, 3), terrain[k]));
        field_matches_new_planner(m, &p, O(0, 0));
        wr_map_free(m);
    }
    for (int i = 0; i < 8; i++)
        free(r.block[i]);
}

static void plan_reachable(void **state)
{
    (void)state;
    unsigned s = 99;
    for (int trial = 0; trial < 30; trial++) {
        wr_map *m = random_land_map(&s, 10, 8);
        wr_plan_params p;
        random_params(&s, &p, 0);
        wr_arrival field[80];
        wr_hex from = O((int)(rnd(&s) % 10), (int)(rnd(&s) % 8));
        wr_status st = wr_planner_field(g_pl, m, &p, from, field, 80);
        if (st == WR_ERR_FORBIDDEN) {
            wr_map_free(m);
            continue;
        }
        OK(st);
        for (int days = 1; days <= 6; days++) {
            const wr_hex *hexes = NULL;
            size_t n = 0;
            OK(wr_planner_reachable(g_pl, m, &p, from, days, &hexes, &n));
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

/* ------------------------------------------------------------------------ */
/* The callback form */

typedef struct map_graph {
    const wr_map *map;
    const wr_plan_params *params;
    int calls;
} map_graph;

static int map_graph_moves(void *user, int32_t node, wr_plan_edge *out, int capacity)
{
    map_graph *mg = user;
    wr_hex h;
    size_t n = 0;
    mg->calls++;
    if (wr_map_hex(mg->map, node, &h) != WR_OK ||
        wr_map_moves(mg->map, mg->params, h, out, (size_t)capacity, &n) != WR_OK)
        return -1;
    return (int)n;
}

static wr_hex map_graph_hex(void *user, int32_t node)
{
    map_graph *mg = user;
    wr_hex h = {0, 0};
    (void)wr_map_hex(mg->map, node, &h);
    return h;
}

static void plan_callbacks(void **state)
{
    (void)state;
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
            wr_status s1 = wr_planner_route(g_pl, m, &p, ha, hb, &r1);
            if (s1 != WR_OK)
                continue; /* also a start the mover cannot be at */
            int days1 = r1.arrival_day, pts1 = r1.points_left, rally1 = r1.rally_days;
            size_t n1 = r1.step_count;
            OK(wr_planner_route_graph(g_pl, &graph, &p, a, b, &r2));
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
static void expect_same_route(const wr_route *a, const wr_route *b)
{
    assert_int_equal(a->step_count, b->step_count);
    for (size_t k = 0; k < a->step_count; k++) {
        assert_int_equal(a->steps[k].hex.q, b->steps[k].hex.q);
        assert_int_equal(a->steps[k].hex.r, b->steps[k].hex.r);
        assert_int_equal(a->steps[k].node, b->steps[k].node);
        assert_int_equal(a->steps[k].day, b->steps[k].day);
        assert_int_equal(a->steps[k].points_left, b->steps[k].points_left);
        assert_int_equal(a->steps[k].nights, b->steps[k].nights);
        assert_int_equal(a->steps[k].flags, b->steps[k].flags);
    }
    assert_int_equal(a->arrival_day, b->arrival_day);
    assert_int_equal(a->points_left, b->points_left);
    assert_int_equal(a->rally_days, b->rally_days);
    assert_int_equal(a->unformed_days, b->unformed_days);
    assert_int_equal(a->stragglers, b->stragglers);
}

static void plan_astar_same_routes(void **state)
{
    (void)state;
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
            wr_status s1 = wr_planner_route(g_pl, m, &p, ha, hb, &r1);
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
                OK(wr_planner_route(g_pl, m, &p, ha, hb, &r1));
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

/* A query builds only the table keys its map's hexes read (a plain-cost one
   the whole table); one planner moving between parameters, between small
   and large maps with the same parameters and back, answers as a new
   planner does each time: routes (A*), fields, plain costs (in bytes by
   hex, or not when a move may cost 0xff or more), elves' home. */
static void expect_same_as_new_planner(wr_planner *kept, const wr_map *m, const wr_plan_params *p,
                                       wr_hex from, wr_hex to)
{
    wr_planner *fresh = NULL;
    OK(wr_planner_new(&fresh));
    wr_route r1, r2, r3;
    wr_status s1 = wr_planner_route(kept, m, p, from, to, &r1);
    assert_int_equal(wr_planner_route(fresh, m, p, from, to, &r2), s1);
    if (s1 == WR_OK) {
        expect_same_route(&r1, &r2);
        /* and as the Dijkstra over the map's moves, which reads no table */
        int w = 0, h = 0;
        int32_t a = -1, b = -1;
        OK(wr_map_size(m, &w, &h));
        OK(wr_map_index(m, from, &a));
        OK(wr_map_index(m, to, &b));
        map_graph mg = {m, p, 0};
        wr_plan_graph graph = {w * h, map_graph_moves, map_graph_hex, &mg};
        OK(wr_planner_route_graph(fresh, &graph, p, a, b, &r3));
        expect_same_route(&r1, &r3);
    }
    wr_planner_free(fresh);
    field_matches_new_planner((wr_map *)m, p, from);
}

static void plan_table_by_key(void **state)
{
    (void)state;
    unsigned s = 2026;
    wr_planner *kept = g_pl;
    wr_map *big = random_land_map(&s, 40, 30); /* 1,200 hexes: the whole table */
    for (int trial = 0; trial < 24; trial++) {
        wr_map *small = random_land_map(&s, 6 + (int)(rnd(&s) % 20), 5 + (int)(rnd(&s) % 20));
        wr_plan_params p[2];
        for (int k = 0; k < 2; k++) {
            random_params(&s, &p[k], 0);
            if (rnd(&s) % 3 == 0)
                p[k].options |= WR_PLAN_PLAIN_COSTS;
            if (rnd(&s) % 2 == 0) {
                p[k].traits |= WR_FORCE_ELLRIENDI;
                p[k].home_regions = 1;
            }
            if (rnd(&s) % 4 == 0) /* plain costs too large for the planner's bytes */
                p[k].costs.daily_points = 60 + (int)(rnd(&s) % 300);
        }
        int w = 0, h = 0;
        OK(wr_map_size(small, &w, &h));
        wr_hex corner = {w - 1 - (h - 1) / 2, h - 1}, far = {39 - 29 / 2, 29};
        OK(wr_map_set_terrain(small, O(0, 0), WR_HEX_CLEAR));
        OK(wr_map_set_terrain(small, corner, WR_HEX_CLEAR));
        OK(wr_map_set_terrain(big, O(0, 0), WR_HEX_CLEAR));
        OK(wr_map_set_terrain(big, far, WR_HEX_CLEAR));
        expect_same_as_new_planner(kept, small, &p[0], O(0, 0), corner);
        expect_same_as_new_planner(kept, small, &p[1], O(0, 0), corner); /* new parameters */
        expect_same_as_new_planner(kept, big, &p[1], O(0, 0), far);      /* then the whole table */
        expect_same_as_new_planner(kept, small, &p[1], corner, O(0, 0)); /* and back */
        expect_same_as_new_planner(kept, small, &p[0], corner, O(0, 0));
        wr_map_free(small);
    }
    wr_map_free(big);
}

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
    (void)state;
    wr_plan_graph graph = {4, chain_moves, NULL, NULL};
    wr_plan_params p = params_for(WR_MOVER_INFANTRY);
    wr_route r;
    OK(wr_planner_route_graph(g_pl, &graph, &p, 0, 3, &r));
    /* 5 points on day 1, the 2-day move on days 2 and 3, 5 points on day 4 */
    assert_int_equal(r.arrival_day, 4);
    assert_int_equal(r.points_left, 7);
    assert_int_equal(r.step_count, 4);
    assert_int_equal(r.steps[3].hex.q, 3);
    assert_int_equal(r.steps[3].hex.r, 0);
    assert_true(r.steps[2].flags & WR_STEP_FERRY);
    p.options = WR_PLAN_PLAIN_COSTS;
    OK(wr_planner_route_graph(g_pl, &graph, &p, 0, 3, &r));
    assert_int_equal(r.arrival_day, 3); /* 5 + 24 + 5 = 34 points */
    assert_int_equal(r.points_left, 2);
    graph.moves = bad_moves;
    memset(&r, 0, sizeof r);
    assert_int_equal(wr_planner_route_graph(g_pl, &graph, &p, 0, 3, &r), WR_ERR_INVALID);
    assert_int_equal(r.step_count, 0);
    /* the far move alone */
    graph.moves = chain_moves;
    p.costs.daily_points = 1000;
    p.options = 0;
    OK(wr_planner_route_graph(g_pl, &graph, &p, 0, 3, &r));
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
    (void)state;
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
            if (wr_planner_route(g_pl, m, &p, hf, ht, &r1) != WR_OK)
                continue;
            int d1 = r1.arrival_day, p1 = r1.points_left;
            OK(wr_planner_route_graph(g_pl, &graph, &p, from, to, &r2));
            assert_int_equal(r2.arrival_day, d1);
            assert_int_equal(r2.points_left, p1);
        }
        game_map_free(&gm);
        wr_map_free(m);
    }
}


/* ------------------------------------------------------------------------ */
/* Many planners read one const map from many threads. */

typedef struct thread_job {
    const wr_map *map;
    wr_plan_params params;
    wr_arrival *field;
    int n;
    wr_status status;
} thread_job;

static void *thread_plan(void *arg)
{
    thread_job *job = arg;
    wr_planner *pl = NULL;
    job->status = wr_planner_new(&pl);
    for (int round = 0; round < 5 && job->status == WR_OK; round++)
        job->status = wr_planner_field(pl, job->map, &job->params, O(0, 0), job->field, (size_t)job->n);
    wr_planner_free(pl);
    return NULL;
}

static void plan_threads(void **state)
{
    (void)state;
    unsigned s = 8;
    wr_map *m = random_land_map(&s, 40, 30);
    OK(wr_map_set_terrain(m, O(0, 0), WR_HEX_CLEAR));
    enum { THREADS = 4 };
    pthread_t th[THREADS];
    thread_job jobs[THREADS];
    for (int i = 0; i < THREADS; i++) {
        jobs[i].map = m;
        jobs[i].params = params_for(i % 2 ? WR_MOVER_CAVALRY : WR_MOVER_INFANTRY);
        jobs[i].params.options = WR_PLAN_UNFORMED;
        jobs[i].n = 1200;
        jobs[i].field = calloc(1200, sizeof(wr_arrival));
        assert_int_equal(pthread_create(&th[i], NULL, thread_plan, &jobs[i]), 0);
    }
    for (int i = 0; i < THREADS; i++)
        assert_int_equal(pthread_join(th[i], NULL), 0);
    wr_arrival *ref = calloc(1200, sizeof *ref);
    for (int i = 0; i < THREADS; i++) {
        OK(jobs[i].status);
        OK(wr_planner_field(g_pl, m, &jobs[i].params, O(0, 0), ref, 1200));
        assert_memory_equal(ref, jobs[i].field, 1200 * sizeof *ref);
        free(jobs[i].field);
    }
    free(ref);
    wr_map_free(m);
}

/* ------------------------------------------------------------------------ */
/* No allocation per query once the planner has served a map size. */

typedef struct counting {
    int allocs;
} counting;

static void *counting_alloc(void *user, void *ptr, size_t old_size, size_t new_size)
{
    (void)old_size;
    counting *c = user;
    if (new_size == 0) {
        free(ptr);
        return NULL;
    }
    c->allocs++;
    return realloc(ptr, new_size);
}

static void plan_no_allocation_per_query(void **state)
{
    (void)state;
    counting c = {0};
    wr_allocator a = {counting_alloc, &c};
    wr_planner *pl = NULL;
    OK(wr_planner_new_ex(&a, &pl));
    unsigned s = 5;
    wr_map *m = random_land_map(&s, 30, 20);
    wr_plan_params p = params_for(WR_MOVER_INFANTRY);
    p.options = WR_PLAN_UNFORMED;
    wr_route r;
    wr_arrival *field = malloc(600 * sizeof *field);
    (void)wr_planner_route(pl, m, &p, O(0, 0), O(29, 19), &r);
    OK(wr_planner_field(pl, m, &p, O(0, 0), field, 600));
    int before = c.allocs;
    for (int i = 0; i < 10; i++) {
        (void)wr_planner_route(pl, m, &p, O(0, 0), O(29, 19), &r);
        wr_status st = wr_planner_field(pl, m, &p, O(i, 3), field, 600);
        assert_true(st == WR_OK || st == WR_ERR_FORBIDDEN); /* a start in the sea */
    }
    assert_int_equal(c.allocs, before);
    free(field);
    wr_map_free(m);
    wr_planner_free(pl);
}

/* ------------------------------------------------------------------------ */
/* Plans from a force's state (wr_planner_plan) and their replay. */

/* A state a force may be in, on day 1..4. */
static void random_start(unsigned *s, int P, wr_force_state *fs)
{
    OK(wr_force_start(fs));
    fs->day = 1 + (int)(rnd(s) % 4);
    if (fs->day > 1 && rnd(s) % 2)
        fs->points_saved = (int)(rnd(s) % (unsigned)(P + 1));
    if (rnd(s) % 2)
        fs->points_spent = (int)(rnd(s) % (unsigned)(P + fs->points_saved + 1));
    fs->unformed = rnd(s) % 3 == 0;
    fs->unformed_today = fs->unformed && fs->points_spent > 0 && rnd(s) % 2;
    fs->unformed_days = fs->unformed ? (int)(rnd(s) % (unsigned)fs->day) : 0;
    if (!fs->unformed && !fs->points_spent && !fs->points_saved && fs->day > 1 && rnd(s) % 4 == 0) {
        fs->at_rally = 1;
        fs->rally_days = 1;
    }
    OK(wr_force_check(fs, P));
}

static int moved_today(const wr_force_state *f)
{
    return f->points_spent > 0 || f->unformed_today;
}

/* Re-plans from f and expects the arrival first planned. */
static void expect_same_plan(const wr_map *m, const wr_plan_params *p, const wr_plan_query *q,
                             const wr_force_state *f, wr_hex from, wr_hex to, int day, int left)
{
    if (f->crossing_days > 0 || f->far_bank)
        return; /* committed to its crossing */
    wr_planner *pl = NULL;
    OK(wr_planner_new(&pl));
    wr_plan_query q2 = *q;
    q2.start = f;
    wr_plan_result r;
    OK(wr_planner_plan(pl, m, p, &q2, from, to, &r));
    assert_int_equal(r.outcome, WR_PLAN_FOUND);
    if (r.route.arrival_day != day || r.route.points_left != left)
        fail_msg("re-planned from day %d (spent %d, saved %d, unformed %d): (%d, %d), first (%d, %d)",
                 f->day, f->points_spent, f->points_saved, f->unformed, r.route.arrival_day,
                 r.route.points_left, day, left);
    wr_planner_free(pl);
}

/* Carries a plan out with the replay functions from its start state: every
   step on its day with its points left and formation, the state on arrival
   as predicted, the same days of unformed movement; with replan, plans again
   from every state reached (after each step and each night) and expects the
   same arrival. Returns the stragglers lost with the mean half-die. */
static int replay_plan(const wr_map *m, const wr_plan_params *p, const wr_plan_query *q,
                       const wr_plan_result *r, const wr_force_state *start, int replan)
{
    const int P = p->costs.daily_points;
    wr_force_state f = *start;
    const size_t n = r->route.step_count;
    const wr_hex from = r->route.steps[0].hex, to = r->route.steps[n - 1].hex;
    int lost_total = 0, left = p->figures, guard = 0;
    size_t i = 1;
    while (i < n) {
        assert_true(++guard < 100000);
        const wr_plan_edge *mv = &r->moves[i];
        const wr_step *sp = &r->route.steps[i];
        int lost = 0, in = 0;
        if (mv->flags & WR_STEP_RALLY) {
            if (moved_today(&f)) {
                OK(wr_force_end_day(&f, P, 0, left, 2, &lost));
            } else {
                OK(wr_force_rally(&f, P));
                assert_int_equal(f.day - 1, sp->day);
                assert_int_equal(sp->points_left, 0);
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
                OK(wr_force_end_day(&f, P, 0, left, 2, &lost));
            }
        }
        left -= lost;
        lost_total += lost;
        if (replan && i < n)
            expect_same_plan(m, p, q, &f, r->route.steps[i - 1].hex, to, r->route.arrival_day,
                             r->route.points_left);
    }
    (void)from;
    if (memcmp(&f, &r->arrival, sizeof f) != 0)
        fail_msg("replay: day %d spent %d saved %d unformed %d/%d days %d rally %d/%d; "
                 "predicted day %d spent %d saved %d unformed %d/%d days %d rally %d/%d",
                 f.day, f.points_spent, f.points_saved, f.unformed, f.unformed_today,
                 f.unformed_days, f.at_rally, f.rally_days, r->arrival.day,
                 r->arrival.points_spent, r->arrival.points_saved, r->arrival.unformed,
                 r->arrival.unformed_today, r->arrival.unformed_days, r->arrival.at_rally,
                 r->arrival.rally_days);
    assert_int_equal(f.unformed_days + f.unformed_today - start->unformed_days -
                         start->unformed_today,
                     r->route.unformed_days);
    if (f.unformed_today) { /* the arrival day's night */
        int lost = 0;
        OK(wr_stragglers(left, 2, &lost));
        lost_total += lost;
    }
    return lost_total;
}

/* Random blocked hexes and sides, about one in eight. */
static void random_blocks(unsigned *s, const wr_map *m, uint8_t **hexes, uint8_t **sides,
                          wr_plan_query *q)
{
    int w = 0, h = 0;
    OK(wr_map_size(m, &w, &h));
    size_t nh = ((size_t)(w * h) + 7) / 8, ns = ((size_t)(3 * w * h) + 7) / 8;
    *hexes = calloc(nh, 1);
    *sides = calloc(ns, 1);
    for (int i = 0; i < w * h; i++)
        if (rnd(s) % 8 == 0)
            (*hexes)[i / 8] |= (uint8_t)(1u << (i % 8));
    for (int i = 0; i < 3 * w * h; i++)
        if (rnd(s) % 8 == 0)
            (*sides)[i / 8] |= (uint8_t)(1u << (i % 8));
    q->blocked_hexes = *hexes;
    q->blocked_hexes_size = nh;
    q->blocked_sides = *sides;
    q->blocked_sides_size = ns;
}

/* The field and routes from random start states with random blocked hexes
   and sides against the brute force; each route replayed exactly. */
static void check_states_against_brute_force(wr_map *m, const wr_plan_params *p, int dmax,
                                             unsigned *s)
{
    bf_graph g;
    bf_build(&g, m, p);
    wr_plan_query q;
    memset(&q, 0, sizeof q);
    uint8_t *hexes = NULL, *sides = NULL;
    int blocked = rnd(s) % 2;
    if (blocked) {
        random_blocks(s, m, &hexes, &sides, &q);
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
        wr_status st = wr_planner_plan_field(g_pl, m, p, &q, from, field, (size_t)g.n);
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
            OK(wr_planner_plan(g_pl, m, p, &q, from, to, &r));
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
    (void)state;
    unsigned s = 2026;
    for (int trial = 0; trial < 60; trial++) {
        wr_map *m = random_land_map(&s, 3 + (int)(rnd(&s) % 4), 2 + (int)(rnd(&s) % 4));
        wr_plan_params p;
        random_params(&s, &p, 0);
        p.figures = (int)(rnd(&s) % 500);
        check_states_against_brute_force(m, &p, 124, &s);
        wr_map_free(m);
    }
}

static void plan_states_brute_force_water(void **state)
{
    (void)state;
    unsigned s = 1111;
    for (int trial = 0; trial < 60; trial++) {
        wr_map *m = random_water_map(&s, 3 + (int)(rnd(&s) % 4), 2 + (int)(rnd(&s) % 4));
        wr_plan_params p;
        random_params(&s, &p, 1);
        check_states_against_brute_force(m, &p, 64, &s);
        wr_map_free(m);
    }
}

/* A zero query plans exactly what wr_planner_route() plans; a plan replays
   exactly; re-planning from every state reached gives the same arrival. */
static void plan_zero_query_and_replanning(void **state)
{
    (void)state;
    unsigned s = 31337;
    for (int trial = 0; trial < 60; trial++) {
        int vessel = trial % 3 == 2;
        wr_map *m = vessel ? random_water_map(&s, 4 + (int)(rnd(&s) % 6), 3 + (int)(rnd(&s) % 6))
                           : random_land_map(&s, 4 + (int)(rnd(&s) % 6), 3 + (int)(rnd(&s) % 6));
        wr_plan_params p;
        random_params(&s, &p, vessel);
        p.figures = 100;
        int w = 0, h = 0;
        OK(wr_map_size(m, &w, &h));
        for (int k = 0; k < 12; k++) {
            wr_hex from, to;
            OK(wr_map_hex(m, (int32_t)(rnd(&s) % (unsigned)(w * h)), &from));
            OK(wr_map_hex(m, (int32_t)(rnd(&s) % (unsigned)(w * h)), &to));
            wr_route a;
            wr_plan_result b;
            wr_status sa = wr_planner_route(g_pl, m, &p, from, to, &a);
            if (sa == WR_OK) {
                wr_step steps[4096];
                assert_true(a.step_count <= 4096);
                memcpy(steps, a.steps, a.step_count * sizeof *steps);
                OK(wr_planner_plan(g_pl, m, &p, NULL, from, to, &b));
                assert_int_equal(b.outcome, WR_PLAN_FOUND);
                assert_int_equal(b.route.step_count, a.step_count);
                assert_memory_equal(b.route.steps, steps, a.step_count * sizeof *steps);
                assert_int_equal(b.route.unformed_days, a.unformed_days);
                assert_int_equal(b.route.stragglers, a.stragglers);
                wr_force_state zero;
                OK(wr_force_start(&zero));
                wr_plan_query q;
                memset(&q, 0, sizeof q);
                assert_int_equal(replay_plan(m, &p, &q, &b, &zero, 1), b.route.stragglers);
                /* any formation: the replay reaches it too, re-planning agrees */
                q.objective = WR_OBJECTIVE_EARLIEST;
                OK(wr_planner_plan(g_pl, m, &p, &q, from, to, &b));
                assert_int_equal(b.outcome, WR_PLAN_FOUND);
                assert_true(b.route.arrival_day <= a.arrival_day);
                replay_plan(m, &p, &q, &b, &zero, 1);
                /* fewest days of unformed movement: no more than the earliest
                   plan's; none when a formed route exists, then its arrival */
                q.objective = WR_OBJECTIVE_FEWEST_UNFORMED;
                OK(wr_planner_plan(g_pl, m, &p, &q, from, to, &b));
                assert_int_equal(b.outcome, WR_PLAN_FOUND);
                assert_true(b.route.unformed_days <= a.unformed_days);
                assert_true(b.route.arrival_day >= a.arrival_day);
                assert_int_equal(b.arrival.unformed, 0);
                replay_plan(m, &p, &q, &b, &zero, 0);
                wr_plan_result c;
                wr_plan_params formed = p;
                formed.options &= ~WR_PLAN_UNFORMED;
                OK(wr_planner_plan(g_pl, m, &formed, NULL, from, to, &c));
                if (c.outcome == WR_PLAN_FOUND) {
                    OK(wr_planner_plan(g_pl, m, &p, &q, from, to, &b));
                    assert_int_equal(b.route.unformed_days, 0);
                    assert_int_equal(b.route.arrival_day, c.route.arrival_day);
                    assert_int_equal(b.route.points_left, c.route.points_left);
                }

            } else if (sa == WR_ERR_FORBIDDEN) {
                sa = wr_planner_plan(g_pl, m, &p, NULL, from, to, &b);
                assert_true(sa == WR_ERR_FORBIDDEN || (sa == WR_OK && b.outcome == WR_PLAN_NO_ROUTE));
            } else {
                fail();
            }
        }
        wr_map_free(m);
    }
}

/* The turn loop of a strategy game: several forces on a random map, each
   re-planning every morning from the state its replay reached, for 30 days;
   with no enemy and nothing blocked each arrives on the day its first plan
   said, with the points it said. */
static void game_loop_thirty_days(void **state)
{
    (void)state;
    unsigned s = 4711;
    for (int game = 0; game < 6; game++) {
        const int vessel = game % 3 == 2; /* land and water */
        wr_map *m = vessel ? random_water_map(&s, 14, 10) : random_land_map(&s, 14, 10);
        enum { FORCES = 6 };
        wr_plan_params p[FORCES];
        wr_force_state f[FORCES];
        wr_plan_result plan[FORCES];
        wr_planner *pl[FORCES];
        wr_hex from[FORCES], to[FORCES];
        int first_day[FORCES], first_left[FORCES], active[FORCES], arrived[FORCES];
        size_t next[FORCES];
        int left[FORCES];
        wr_plan_query q;
        memset(&q, 0, sizeof q);
        for (int k = 0; k < FORCES; k++) {
            random_params(&s, &p[k], vessel);
            p[k].figures = 200;
            left[k] = 200;
            OK(wr_planner_new(&pl[k]));
            OK(wr_force_start(&f[k]));
            active[k] = 0;
            arrived[k] = 0;
            for (int tries = 0; tries < 200 && !active[k]; tries++) {

                OK(wr_map_hex(m, (int32_t)(rnd(&s) % 140u), &from[k]));
                OK(wr_map_hex(m, (int32_t)(rnd(&s) % 140u), &to[k]));
                q.start = &f[k];
                wr_status st = wr_planner_plan(pl[k], m, &p[k], &q, from[k], to[k], &plan[k]);
                if (st == WR_OK && plan[k].outcome == WR_PLAN_FOUND &&
                    plan[k].route.arrival_day <= 30 && plan[k].route.step_count > 3)
                    active[k] = 1;
            }
            first_day[k] = plan[k].route.arrival_day;
            first_left[k] = plan[k].route.points_left;
            next[k] = 1;
        }
        for (int day = 1; day <= 30; day++) {
            for (int k = 0; k < FORCES; k++) {
                if (!active[k] || arrived[k])
                    continue;
                const int P = p[k].costs.daily_points;
                assert_int_equal(f[k].day, day);
                if (f[k].crossing_days == 0 && !f[k].far_bank) { /* plan again this morning */
                    wr_hex here = plan[k].route.steps[next[k] - 1].hex;
                    q.start = &f[k];
                    OK(wr_planner_plan(pl[k], m, &p[k], &q, here, to[k], &plan[k]));
                    assert_int_equal(plan[k].outcome, WR_PLAN_FOUND);
                    assert_int_equal(plan[k].route.arrival_day, first_day[k]);
                    assert_int_equal(plan[k].route.points_left, first_left[k]);
                    next[k] = 1;
                }
                /* the day's moves */
                int ended = 0;
                while (next[k] < plan[k].route.step_count) {
                    const wr_plan_edge *mv = &plan[k].moves[next[k]];
                    const wr_step *sp = &plan[k].route.steps[next[k]];
                    if (mv->flags & WR_STEP_RALLY) {
                        if (!moved_today(&f[k])) {
                            OK(wr_force_rally(&f[k], P));
                            assert_int_equal(sp->day, day);
                            next[k]++;
                            ended = 1;
                        }
                        break;
                    }
                    int in = 0;
                    OK(wr_force_move(&f[k], P, mv, &in));
                    if (!in)
                        break;
                    assert_int_equal(sp->day, day);
                    assert_int_equal(P + f[k].points_saved - f[k].points_spent, sp->points_left);
                    next[k]++;
                }
                if (next[k] == plan[k].route.step_count) {
                    arrived[k] = 1;
                    assert_int_equal(ended ? f[k].day - 1 : f[k].day, first_day[k]);
                    assert_int_equal(ended ? 0 : P + f[k].points_saved - f[k].points_spent,
                                     first_left[k]);
                    assert_memory_equal(&f[k], &plan[k].arrival, sizeof f[k]);
                } else if (!ended) {
                    int lost = 0, d6 = 0;
                    wr_rng *rng = NULL;
                    OK(wr_rng_new((uint64_t)(day * 31 + k), &rng));
                    int half = 0;
                    OK(wr_half_die_rng(rng, &half));
                    (void)d6;
                    OK(wr_force_end_day(&f[k], P, 0, left[k], half, &lost));
                    left[k] -= lost;
                    wr_rng_free(rng);
                }
            }
        }
        int played = 0;
        for (int k = 0; k < FORCES; k++) {
            if (active[k]) {
                assert_true(arrived[k]);
                played++;
            }
            wr_planner_free(pl[k]);
        }
        assert_true(played >= FORCES / 2);
        wr_map_free(m);
    }
}

static int block_east_of_first(void *user, int32_t from, int32_t to)
{
    (void)user;
    return from == 0 && to == 1;
}

/* Objectives, constraints for one query, outcomes and start states. */
static void plan_objectives_and_constraints(void **state)
{
    (void)state;
    wr_plan_result r;
    wr_plan_query q;
    memset(&q, 0, sizeof q);
    /* "cmc": infantry crosses mountains unformed (12 + 6 on days 1-2) */
    wr_map *m = row_map("cmc");
    wr_plan_params inf = params_for(WR_MOVER_INFANTRY);
    inf.options = WR_PLAN_UNFORMED;
    OK(wr_planner_plan(g_pl, m, &inf, &q, O(0, 0), O(2, 0), &r));
    assert_int_equal(r.outcome, WR_PLAN_FOUND);
    assert_int_equal(r.route.arrival_day, 3); /* formed: a rally day in the mountains */
    assert_int_equal(r.route.rally_days, 1);
    assert_int_equal(r.arrival.unformed, 0);
    assert_int_equal(r.arrival.at_rally, 0); /* it left its rally point */

    q.objective = WR_OBJECTIVE_EARLIEST;
    OK(wr_planner_plan(g_pl, m, &inf, &q, O(0, 0), O(2, 0), &r));
    assert_int_equal(r.route.arrival_day, 2); /* unformed, no last rally */
    assert_int_equal(r.route.points_left, 6);
    assert_int_equal(r.arrival.unformed, 1);
    assert_int_equal(r.route.rally_days, 0);
    /* the arrival field of an unformed force (scouting) */
    wr_arrival field[3];
    OK(wr_planner_plan_field(g_pl, m, &inf, &q, O(0, 0), field, 3));
    assert_int_equal(field[1].day, 1);
    assert_int_equal(field[2].day, 2);
    q.objective = WR_OBJECTIVE_EARLIEST_FORMED;
    OK(wr_planner_plan_field(g_pl, m, &inf, &q, O(0, 0), field, 3));
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
    OK(wr_planner_plan(g_pl, m, &inf, &q, O(1, 0), O(2, 0), &r));
    assert_int_equal(r.route.arrival_day, 6); /* clear 6 on day 5, rally on day 6 */
    assert_int_equal(r.route.rally_days, 1);
    assert_int_equal(r.route.steps[0].day, 5);
    /* a start that moved today starts whole days tomorrow */
    wr_map_free(m);
    m = row_map("cc");
    side(m, O(0, 0), 0, WR_RIVER_MINOR, WR_CROSS_FERRY, 0, 0);
    OK(wr_force_start(&fs));
    fs.day = 2;
    OK(wr_planner_plan(g_pl, m, &inf, &q, O(0, 0), O(1, 0), &r));
    assert_int_equal(r.route.arrival_day, 3); /* ferry on day 2, clear 6 on day 3 */
    fs.points_spent = 1;
    OK(wr_planner_plan(g_pl, m, &inf, &q, O(0, 0), O(1, 0), &r));
    assert_int_equal(r.route.arrival_day, 4);
    /* saved points carry the force on the start's day, and are reported on it */
    fs.points_spent = 0;
    fs.points_saved = 5;
    fs.pressing = 1;
    side(m, O(0, 0), 0, WR_NO_RIVER, WR_CROSS_OPEN, 0, 0);
    OK(wr_planner_plan(g_pl, m, &inf, &q, O(0, 0), O(1, 0), &r));
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
    OK(wr_planner_plan(g_pl, m, &inf, &q, O(0, 0), O(2, 0), &r));
    wr_route quick = r.route;
    q.objective = WR_OBJECTIVE_FEWEST_UNFORMED;
    OK(wr_planner_plan(g_pl, m, &inf, &q, O(0, 0), O(2, 0), &r));
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
    OK(wr_planner_plan(g_pl, m, &inf, &q, O(0, 0), O(2, 0), &r));
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
    OK(wr_planner_plan(g_pl, m, &inf, &q, O(0, 0), O(2, 0), &none));
    assert_int_equal(none.outcome, WR_PLAN_NO_ROUTE); /* mountains east, the rest blocked */
    /* a callback */
    memset(&q, 0, sizeof q);
    q.blocked = block_east_of_first;
    OK(wr_planner_plan(g_pl, m, &inf, &q, O(0, 0), O(1, 0), &r));
    assert_int_equal(r.outcome, WR_PLAN_NO_ROUTE); /* mountains, formed */
    OK(wr_planner_plan(g_pl, m, &inf, &q, O(0, 0), O(0, 1), &r));
    assert_int_equal(r.outcome, WR_PLAN_FOUND);
    /* a bad start is not "no route" */
    OK(wr_map_set_terrain(m, O(2, 2), WR_HEX_LAKE));
    assert_int_equal(wr_planner_plan(g_pl, m, &inf, NULL, O(2, 2), O(0, 0), &r), WR_ERR_FORBIDDEN);
    wr_map_free(m);
}

static void river_validation(void **state)
{
    (void)state;
    wr_map *m = NULL;
    OK(wr_map_new(4, 1, &m));
    int problem = -1, dir = -1;
    wr_hex hx = {-1, -1};
    OK(wr_map_check_rivers(m, &problem, &hx, &dir));
    assert_int_equal(problem, WR_RIVERS_OK);
    assert_int_equal(hx.q, -1); /* untouched */
    /* a course down to the lake: fine */
    OK(wr_map_set_terrain(m, O(3, 0), WR_HEX_LAKE));
    OK(wr_map_set_watercourse(m, O(1, 0), 0, 0));
    OK(wr_map_set_watercourse(m, O(2, 0), 0, 0));
    OK(wr_map_check_rivers(m, &problem, &hx, &dir));
    assert_int_equal(problem, WR_RIVERS_OK);
    /* the same river drawn on the side it flows through */
    side(m, O(1, 0), 0, WR_RIVER_MINOR, WR_CROSS_OPEN, 0, 0);
    OK(wr_map_check_rivers(m, &problem, &hx, &dir));
    assert_int_equal(problem, WR_RIVERS_HEXSIDE_ON_COURSE);
    assert_int_equal(hx.q, O(1, 0).q);
    assert_int_equal(dir, 0);
    side(m, O(1, 0), 0, WR_NO_RIVER, WR_CROSS_OPEN, 0, 0);
    /* a course that stops in dry land */
    OK(wr_map_set_watercourse(m, O(2, 0), WR_NO_WATERCOURSE, 0));
    OK(wr_map_check_rivers(m, &problem, &hx, &dir));
    assert_int_equal(problem, WR_RIVERS_DEAD_END);
    assert_int_equal(hx.q, O(1, 0).q);
    wr_map_free(m);
}

/* The replay's own rules: saving, whole days, rally, contact, stragglers. */
static void force_replay_rules(void **state)
{
    (void)state;
    wr_force_state f;
    OK(wr_force_start(&f));
    int in = 0, lost = 0, nr = 0;
    wr_plan_edge hill = {1, 9, 0, 0}, ferry = {2, 6, 1, WR_STEP_FERRY}, mtn = {3, 12, 0, WR_STEP_UNFORMED};
    OK(wr_force_move(&f, 12, &hill, &in));
    assert_int_equal(in, 1);
    OK(wr_force_move(&f, 12, &hill, &in));
    assert_int_equal(in, 0); /* presses on with 3 */
    OK(wr_force_end_day(&f, 12, 0, 100, 2, &lost));
    assert_int_equal(f.points_saved, 3);
    assert_int_equal(f.day, 2);
    OK(wr_force_move(&f, 12, &hill, &in));
    assert_int_equal(in, 1);
    /* a ferry waits for a fresh day; points are lost */
    OK(wr_force_move(&f, 12, &ferry, &in));
    assert_int_equal(in, 0);
    OK(wr_force_end_day(&f, 12, 0, 100, 2, &lost));
    assert_int_equal(f.points_saved, 0);
    OK(wr_force_move(&f, 12, &ferry, &in));
    assert_int_equal(f.crossing_days, 1);
    OK(wr_force_contact(&f, 12, &nr));
    assert_int_equal(nr, 1); /* unformed while crossing */
    OK(wr_force_end_day(&f, 12, 0, 100, 2, &lost));
    assert_int_equal(f.far_bank, 1);
    OK(wr_force_move(&f, 12, &ferry, &in));
    assert_int_equal(in, 1);
    assert_int_equal(f.day, 4);
    assert_int_equal(f.unformed, 0); /* formed on the far bank */
    /* unformed into the mountains: one day of stragglers */
    OK(wr_force_end_day(&f, 12, 0, 100, 2, &lost));
    OK(wr_force_move(&f, 12, &mtn, &in));
    assert_int_equal(f.unformed_today, 1);
    OK(wr_force_end_day(&f, 12, 0, 100, 3, &lost));
    assert_int_equal(lost, 15);
    assert_int_equal(f.unformed_days, 1);
    OK(wr_force_rally(&f, 12));
    assert_int_equal(f.unformed, 0);
    assert_int_equal(f.rally_days, 1);
    OK(wr_force_rally(&f, 12)); /* waits for stragglers */
    assert_int_equal(f.rally_days, 2);
    OK(wr_force_move(&f, 12, &hill, &in));
    assert_int_equal(f.at_rally, 0);
    assert_int_equal(wr_force_rally(&f, 12), WR_ERR_STATE); /* moved today */
    OK(wr_force_contact(&f, 12, &nr));
    assert_int_equal(nr, 0);
}

/* An off-map hex names the coordinate at fault and its value. */
static void off_map_hex_detail(void **state)
{
    (void)state;
    wr_map *m = NULL;
    wr_planner *pl = NULL;
    wr_plan_params p;
    wr_route r;
    OK(wr_map_new(12, 7, &m));
    OK(wr_planner_new(&pl));
    OK(wr_plan_params_default(WR_MOVER_INFANTRY, &p));
    assert_int_equal(wr_planner_route(pl, m, &p, O(0, 3), O(99, 3), &r), WR_ERR_RANGE);
    wr_error e;
    OK(wr_last_error_detail(&e));
    assert_string_equal(e.function, "wr_planner_route");
    assert_string_equal(e.argument, "to.q");
    assert_true(e.has_value);
    assert_int_equal(e.value, 99 - 1); /* offset column 99 in row 3 is q = 98 */
    assert_string_equal(wr_last_error(), "wr_planner_route: to.q = 98 is outside the map's columns in "
                                         "that row, 0 <= q + floor(r / 2) < width (WR_ERR_RANGE)");
    assert_int_equal(wr_map_set_terrain(m, H(0, 7), WR_HEX_HILLS), WR_ERR_RANGE);
    assert_string_equal(wr_last_error(),
                        "wr_map_set_terrain: hex.r = 7 is outside the map's rows, 0..height - 1 (WR_ERR_RANGE)");
    wr_planner_free(pl);
    wr_map_free(m);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(river_crossing_table),
        cmocka_unit_test(half_die_stragglers_timber),
        cmocka_unit_test(ford_example),
        cmocka_unit_test(hex_basics),
        cmocka_unit_test(off_map_hex_detail),
        cmocka_unit_test(hex_rings_and_ranges),
        cmocka_unit_test(hex_lines),
        cmocka_unit_test(map_storage),
        cmocka_unit_test(map_zones_and_sight),
        cmocka_unit_test(default_tables),
        cmocka_unit_test(terrain_and_formation),
        cmocka_unit_test(march_saving),
        cmocka_unit_test(getting_lost),
        cmocka_unit_test(plan_saving_points),
        cmocka_unit_test(plan_forest_and_unformed),
        cmocka_unit_test(plan_mountains),
        cmocka_unit_test(plan_crossings),
        cmocka_unit_test(crossing_rules_from_text),

        cmocka_unit_test(plan_sea),
        cmocka_unit_test(plan_rivers),
        cmocka_unit_test(plan_brute_force_land),
        cmocka_unit_test(plan_brute_force_water),
        cmocka_unit_test(plan_plain_costs),
        cmocka_unit_test(plan_records_follow_the_map),
        cmocka_unit_test(plan_field_rules_records),
        cmocka_unit_test(plan_records_map_at_same_address),
        cmocka_unit_test(plan_reachable),
        cmocka_unit_test(plan_callbacks),
        cmocka_unit_test(plan_custom_graph),
        cmocka_unit_test(moves_from_own_storage),
        cmocka_unit_test(plan_threads),
        cmocka_unit_test(plan_no_allocation_per_query),
        cmocka_unit_test(plan_astar_same_routes),
        cmocka_unit_test(plan_table_by_key),
        cmocka_unit_test(plan_river_never_cheaper),
        cmocka_unit_test(plan_states_brute_force_land),
        cmocka_unit_test(plan_states_brute_force_water),
        cmocka_unit_test(plan_zero_query_and_replanning),
        cmocka_unit_test(game_loop_thirty_days),
        cmocka_unit_test(plan_objectives_and_constraints),
        cmocka_unit_test(river_validation),
        cmocka_unit_test(force_replay_rules),
    };
    OK(wr_planner_new(&g_pl));
    int failed = cmocka_run_group_tests_name("campaign", tests, NULL, NULL);
    wr_planner_free(g_pl);
    return failed;
}
