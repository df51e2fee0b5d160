/* Large campaign maps: 65,536 hexes in six shapes (strips both ways as long
   as WR_MAP_MAX_EXTENT, a square, wide and tall blocks). Each input paints a
   16 x 16 window somewhere on one of them (random ground and a barrier of
   mountains, a lake or a major river that leaves one passage, a pass, a
   bridge or a ferry), plans a route across it (wr_planner_plan, any
   objective, every hex blocked but a box around the window, so that a
   target without a route does not search the whole map) and the hexes
   reachable in a day, then paints the window clear again. The six maps and
   one planner are made once and kept between inputs, so each input costs
   its window, not the map: every input starts from the same all-clear
   maps, and the planner must give the same answers whatever it planned
   before. Checks: the route starts and ends where asked, steps one hex at
   a time, never goes back a day; a target reached formed on day 1 is in
   the day's reachable set; no route is an outcome, not an error; a refused
   plan leaves its output untouched. */
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
/* What paint() changed: the window, and the hexsides of its river. */
typedef struct window {
    int c0, r0;
    int river; /* a river on the hexsides of the barrier line */
    int across, line;
} window;

static window paint(fuzz_input *in, wr_map *map, int w, int h, int at_c, int at_r)
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
                wr_hexside side = {WR_RIVER_MAJOR, pass ? WR_CROSS_BRIDGE : WR_CROSS_OPEN, 0, 0};
                if (lcg(&x) % 8 == 0)
                    side.crossing = WR_CROSS_FERRY;
                wr_status st = wr_map_set_hexside(map, hx, across ? 5 : 0, &side);
                REQUIRE(st == WR_OK || st == WR_ERR_RANGE); /* the map's edge has no far side */
            }
        }
    }
    window painted = {c0, r0, barrier == 2, across, line};
    return painted;
}

/* Whether offset (c, r) lies on the window's barrier line. */
static int on_barrier(const window *win, int c, int r)
{
    if (c < win->c0 || c >= win->c0 + WINDOW || r < win->r0 || r >= win->r0 + WINDOW)
        return 0;
    return (win->across ? r - win->r0 : c - win->c0) == win->line;
}

/* Paints the window clear again: terrain, and the hexsides of its river. */
static void unpaint(wr_map *map, int w, int h, const window *win)
{
    static const wr_hexside none = {WR_NO_RIVER, WR_CROSS_OPEN, 0, 0};
    for (int r = win->r0; r < h && r < win->r0 + WINDOW; r++)
        for (int c = win->c0; c < w && c < win->c0 + WINDOW; c++) {
            wr_hex hx;
            REQUIRE(wr_hex_from_offset(c, r, &hx) == WR_OK);
            REQUIRE(wr_map_set_terrain(map, hx, WR_HEX_CLEAR) == WR_OK);
            const int along = win->across ? r - win->r0 : c - win->c0;
            if (win->river && along == win->line) {
                wr_status st = wr_map_set_hexside(map, hx, win->across ? 5 : 0, &none);
                REQUIRE(st == WR_OK || st == WR_ERR_RANGE);
            }
        }
}

/* Every hex blocked but a box of FENCE hexes either way around the start:
   the same 65,536 bits for every shape. */
#define FENCE 16
static uint8_t fenced[65536 / 8];

/* Sets bits [lo, hi) of the fence to block, one at a time. */
static void fence_bits_tail(uint32_t lo, uint32_t hi, int block)
{
    for (; lo < hi; lo++)
        fenced[lo >> 3] = (uint8_t)(block ? fenced[lo >> 3] | (1u << (lo & 7u))
                                          : fenced[lo >> 3] & ~(1u << (lo & 7u)));
}

/* Sets bits [lo, hi) of the fence to block: whole bytes at once. */
static void fence_bits(uint32_t lo, uint32_t hi, int block)
{
    const uint32_t a = (lo + 7u) & ~7u, b = hi & ~7u;
    if (a >= b) {
        fence_bits_tail(lo, hi, block);
        return;
    }
    fence_bits_tail(lo, a, block);
    memset(fenced + (a >> 3), block ? 0xff : 0, (b - a) >> 3);
    fence_bits_tail(b, hi, block);
}

/* Opens (block 0) or closes (block 1) the box around offset (c, r) of a
   map w hexes wide. */
static void fence(int w, int c, int r, int block)
{
    static int ready;
    if (!ready) {
        memset(fenced, 0xff, sizeof fenced);
        ready = 1;
    }
    const int h = 65536 / w;
    const int x0 = c - FENCE < 0 ? 0 : c - FENCE, x1 = c + FENCE >= w ? w : c + FENCE + 1;
    for (int y = r - FENCE < 0 ? 0 : r - FENCE; y <= r + FENCE && y < h; y++)
        fence_bits((uint32_t)(y * w + x0), (uint32_t)(y * w + x1), block);
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
    int tc = clamp_to(fc + (fuzz_small(&in, 24) & 31) - 16, w), tr = clamp_to(fr + (fuzz_small(&in, 24) & 31) - 16, h);
    const window win = paint(&in, map, w, h, fc, fr);
    if (on_barrier(&win, tc, tr)) {
        /* a target in the lake or the mountains would search the whole map
           for no route: keep the work of an input to its window */
        if (win.across)
            tr = tr + 1 < h ? tr + 1 : tr - 1;
        else
            tc = tc + 1 < w ? tc + 1 : tc - 1;
    }

    wr_plan_params p;
    REQUIRE(wr_plan_params_default((wr_mover)(fuzz_small(&in, 2) & 1), &p) == WR_OK);
    p.options = (unsigned)fuzz_small(&in, 16);
    wr_hex from, to;
    REQUIRE(wr_hex_from_offset(fc, fr, &from) == WR_OK && wr_hex_from_offset(tc, tr, &to) == WR_OK);
    /* the search is fenced to a box around the window: without a route (a
       cavalry target in the forest) it would settle all 65,536 hexes */
    fence(w, fc, fr, 0);
    wr_plan_query q;
    memset(&q, 0, sizeof q);
    q.objective = (int)((unsigned)fuzz_small(&in, 4) % WR_OBJECTIVE_COUNT);
    q.blocked_hexes = fenced;
    q.blocked_hexes_size = sizeof fenced;
    wr_plan_result res;
    memset(&res, 0x5A, sizeof res);
    wr_plan_result sent = res;
    wr_status st = wr_planner_plan(planner, map, &p, &q, from, to, &res);
    fence(w, fc, fr, 1);
    const wr_route r = res.route;
    if (st != WR_OK || res.outcome != WR_PLAN_FOUND) {
        REQUIRE(st == WR_OK || st == WR_ERR_FORBIDDEN || st == WR_ERR_INVALID);
        if (st != WR_OK)
            REQUIRE(memcmp(&res, &sent, sizeof res) == 0);
        else
            REQUIRE(res.outcome == WR_PLAN_NO_ROUTE);
    } else {
        REQUIRE(r.step_count >= 1 && r.steps[0].hex.q == from.q && r.steps[0].hex.r == from.r);
        REQUIRE(r.steps[r.step_count - 1].hex.q == to.q && r.steps[r.step_count - 1].hex.r == to.r);
        for (size_t k = 1; k < r.step_count; k++) {
            REQUIRE(distance(r.steps[k - 1].hex, r.steps[k].hex) <= 1);
            REQUIRE(r.steps[k].day >= r.steps[k - 1].day);
        }
        if (r.arrival_day == 1 && q.objective == WR_OBJECTIVE_EARLIEST_FORMED) {
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
    unpaint(map, w, h, &win);
    return 0;
}
