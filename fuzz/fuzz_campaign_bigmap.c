/* Large campaign maps: 65,536 hexes in six shapes (strips both ways as long
   as WR_MAP_MAX_SIDE, a square, wide and tall blocks). Each input paints a
   16 x 16 window somewhere on one of them (random ground and a barrier of
   mountains, a lake or a major river that leaves one passage, a pass, a
   bridge or a ferry), plans a route across it and the hexes reachable in a
   day, then paints the window clear again. The six maps and one planner are
   made once and kept between inputs, so each input costs its window, not
   the map: every input starts from the same all-clear maps, and the planner
   must give the same answers whatever it planned before. Checks: the route
   starts and ends where asked, steps one hex at a time, never goes back a
   day; a target reached on day 1 is in the day's reachable set; a refused
   route leaves its output untouched. */
#include <stdlib.h>

#include "fuzz_input.h"
#include "warrules/campaign.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define WINDOW 16
#define SHAPES 6

static const int big_shapes[SHAPES][2] = {{16384, 4}, {4, 16384}, {256, 256}, {1024, 64}, {64, 1024}, {4096, 16}};

static uint32_t lcg(uint32_t *x)
{
    *x = *x * 1664525u + 1013904223u;
    return *x >> 8;
}

static int64_t distance(wr_hex a, wr_hex b)
{
    int64_t dq = (int64_t)a.q - b.q, dr = (int64_t)a.r - b.r;
    int64_t s = dq + dr;
    return ((dq < 0 ? -dq : dq) + (dr < 0 ? -dr : dr) + (s < 0 ? -s : s)) / 2;
}

static int clamp_to(int v, int n)
{
    return v < 0 ? 0 : v >= n ? n - 1 : v;
}

/* Paints a window of a large map around `at` from a seed: random clear,
   forest, hills and swamp, and a barrier across the window (mountains, a
   lake, or a major river on the hexsides) with one passage (a pass, a
   bridge, sometimes a ferry). The rest of the map stays clear, so the work
   per input stays small however large the map. */
static void paint(fuzz_input *in, wr_map *map, int w, int h, int at_c, int at_r)
{
    uint32_t x = fuzz_u32(in);
    const int barrier = fuzz_small(in, 3) & 3, across = fuzz_small(in, 2) & 1;
    static const wr_hex_terrain ground[] = {WR_HEX_CLEAR, WR_HEX_CLEAR, WR_HEX_FOREST, WR_HEX_HILLS,
                                            WR_HEX_SWAMP, WR_HEX_CLEAR, WR_HEX_CLEAR, WR_HEX_CLEAR};
    const int c0 = at_c - WINDOW / 2 < 0 ? 0 : at_c - WINDOW / 2;
    const int r0 = at_r - WINDOW / 2 < 0 ? 0 : at_r - WINDOW / 2;
    const int line = (int)(lcg(&x) % 9) + 4, gap = (int)(lcg(&x) % WINDOW);
    for (int r = r0; r < h && r < r0 + WINDOW; r++) {
        for (int c = c0; c < w && c < c0 + WINDOW; c++) {
            wr_hex hx;
            REQUIRE(wr_hex_from_offset(c, r, &hx) == WR_OK);
            wr_hex_terrain t = ground[lcg(&x) & 7];
            const int along = across ? r - r0 : c - c0, pos = across ? c - c0 : r - r0;
            const int wall = along == line, pass = pos == gap;
            if (wall && !pass && barrier == 0)
                t = WR_HEX_MOUNTAINS;
            else if (wall && !pass && barrier == 1)
                t = WR_HEX_LAKE;
            REQUIRE(wr_map_set_terrain(map, hx, t) == WR_OK);
            if (wall && barrier == 2) {
                wr_side side = {WR_RIVER_MAJOR, pass ? WR_CROSS_BRIDGE : WR_CROSS_OPEN, 0, 0};
                if (lcg(&x) % 8 == 0)
                    side.crossing = WR_CROSS_FERRY;
                wr_status st = wr_map_set_side(map, hx, across ? 5 : 0, &side);
                REQUIRE(st == WR_OK || st == WR_ERR_RANGE); /* the map's edge has no far side */
            }
        }
    }
}

/* Paints the window clear again: terrain and the hexsides a river used. */
static void unpaint(wr_map *map, int w, int h, int at_c, int at_r)
{
    static const wr_side none = {WR_NO_RIVER, WR_CROSS_OPEN, 0, 0};
    const int c0 = at_c - WINDOW / 2 < 0 ? 0 : at_c - WINDOW / 2;
    const int r0 = at_r - WINDOW / 2 < 0 ? 0 : at_r - WINDOW / 2;
    for (int r = r0; r < h && r < r0 + WINDOW; r++)
        for (int c = c0; c < w && c < c0 + WINDOW; c++) {
            wr_hex hx;
            REQUIRE(wr_hex_from_offset(c, r, &hx) == WR_OK);
            REQUIRE(wr_map_set_terrain(map, hx, WR_HEX_CLEAR) == WR_OK);
            for (int d = 0; d < 6; d += 5) { /* the two directions paint() uses */
                wr_status st = wr_map_set_side(map, hx, d, &none);
                REQUIRE(st == WR_OK || st == WR_ERR_RANGE);
            }
        }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static wr_map *maps[SHAPES];
    static wr_planner *planner;
    fuzz_input in = {data, size, 0};
    const int shape = (int)((unsigned)fuzz_small(&in, 8) % SHAPES);
    const int w = big_shapes[shape][0], h = big_shapes[shape][1];
    if (maps[shape] == NULL)
        REQUIRE(wr_map_new(w, h, &maps[shape]) == WR_OK);
    if (planner == NULL)
        REQUIRE(wr_planner_new(&planner) == WR_OK);
    wr_map *map = maps[shape];
    const int fc = (int)(fuzz_u32(&in) % (uint32_t)w), fr = (int)(fuzz_u32(&in) % (uint32_t)h);
    const int tc = clamp_to(fc + (fuzz_small(&in, 24) & 31) - 16, w), tr = clamp_to(fr + (fuzz_small(&in, 24) & 31) - 16, h);
    paint(&in, map, w, h, fc, fr);

    wr_plan_params p;
    REQUIRE(wr_plan_params_default((wr_mover)(fuzz_small(&in, 2) & 1), &p) == WR_OK);
    p.options = (unsigned)fuzz_small(&in, 16);
    wr_hex from, to;
    REQUIRE(wr_hex_from_offset(fc, fr, &from) == WR_OK && wr_hex_from_offset(tc, tr, &to) == WR_OK);
    wr_route r;
    memset(&r, 0x5A, sizeof r);
    wr_route sent = r;
    wr_status st = wr_planner_route(planner, map, &p, from, to, &r);
    if (st != WR_OK) {
        REQUIRE(st == WR_ERR_FORBIDDEN || st == WR_ERR_INVALID);
        REQUIRE(memcmp(&r, &sent, sizeof r) == 0);
    } else {
        REQUIRE(r.step_count >= 1 && r.steps[0].hex.q == from.q && r.steps[0].hex.r == from.r);
        REQUIRE(r.steps[r.step_count - 1].hex.q == to.q && r.steps[r.step_count - 1].hex.r == to.r);
        for (size_t k = 1; k < r.step_count; k++) {
            REQUIRE(distance(r.steps[k - 1].hex, r.steps[k].hex) <= 1);
            REQUIRE(r.steps[k].day >= r.steps[k - 1].day);
        }
        if (r.arrival_day == 1) {
            const int arrival = r.arrival_day;
            const wr_hex *hexes = NULL;
            size_t count = 0;
            REQUIRE(wr_planner_reachable(planner, map, &p, from, arrival, &hexes, &count) == WR_OK);
            int found = 0;
            for (size_t k = 0; k < count && !found; k++)
                found = hexes[k].q == to.q && hexes[k].r == to.r;
            REQUIRE(found);
        }
    }
    unpaint(map, w, h, fc, fr);
    return 0;
}
