/* Campaign module, hexes and the map: distances, neighbours, offsets,
   rings, ranges and lines; the map's storage, its zones and sight, the
   check of its rivers; an off-map hex's error detail. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include <cmocka.h>

#include "warrules/campaign.h"

#include "fixtures.h"

static wr_hex H(int q, int r)
{
    wr_hex h = {q, r};
    return h;
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

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(hex_basics),
        cmocka_unit_test(off_map_hex_detail),
        cmocka_unit_test(hex_rings_and_ranges),
        cmocka_unit_test(hex_lines),
        cmocka_unit_test(map_storage),
        cmocka_unit_test(map_zones_and_sight),
        cmocka_unit_test(river_validation),
    };
    return cmocka_run_group_tests_name("campaign_map", tests, NULL, NULL);
}
