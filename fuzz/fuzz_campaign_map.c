/* Campaign maps and route planning: a small map built from the input
   (terrain, features, regions, hexsides, water courses, any values), then
   one plan: a route, the arrival field and a reachable set for any mover
   and plan options, or a plan over a game graph whose moves come from the
   input, with allocators that fail when the input says so. Checks: a
   failed setter changes nothing (one change in four is read back); a route
   starts and ends where asked, steps one hex at a time, never goes back in
   time, and agrees with the arrival field, and with the reachable set or
   with the same plan over the game-map callbacks (wr_planner_route_graph
   over wr_map_moves), whether the planner is new or kept from earlier
   inputs on other maps; every block is freed. The work of an input is kept
   small (one plan, one cross-check) so that the target runs thousands of
   inputs a second. */
#include <stdlib.h>

#include "fuzz_alloc.h"
#include "fuzz_input.h"
#include "warrules/campaign.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define SENT (-0x5A5A5A5)
#define MAX_SIDE 12

static int any_value(fuzz_input *in, int lim)
{
    return fuzz_small(in, 4) == 0 ? fuzz_int(in) : fuzz_small(in, lim);
}

static int64_t distance(wr_hex a, wr_hex b)
{
    int64_t dq = (int64_t)a.q - b.q, dr = (int64_t)a.r - b.r;
    int64_t s = dq + dr;
    return ((dq < 0 ? -dq : dq) + (dr < 0 ? -dr : dr) + (s < 0 ? -s : s)) / 2;
}

/* A hex of the map most of the time, any hex sometimes. */
static wr_hex some_hex(fuzz_input *in, const wr_map *map, int32_t n)
{
    wr_hex h = {SENT, SENT};
    if (fuzz_small(in, 8) == 0) {
        h.q = any_value(in, 20);
        h.r = any_value(in, 20);
        return h;
    }
    int32_t index = (int32_t)((uint32_t)fuzz_u32(in) % (uint32_t)n);
    REQUIRE(wr_map_hex(map, index, &h) == WR_OK);
    int32_t back = -1;
    REQUIRE(wr_map_index(map, h, &back) == WR_OK && back == index);
    return h;
}

typedef struct hex_state {
    wr_hex_terrain terrain;
    unsigned features;
    uint32_t regions;
    int downstream;
    unsigned water;
    wr_hexside side[6];
    wr_status side_st[6];
} hex_state;

static int read_hex(const wr_map *map, wr_hex h, hex_state *s)
{
    memset(s, 0, sizeof *s);
    if (wr_map_terrain(map, h, &s->terrain) != WR_OK)
        return 0;
    REQUIRE(wr_map_features(map, h, &s->features) == WR_OK);
    REQUIRE(wr_map_regions(map, h, &s->regions) == WR_OK);
    REQUIRE(wr_map_watercourse(map, h, &s->downstream, &s->water) == WR_OK);
    REQUIRE((int)s->terrain >= 0 && (int)s->terrain < WR_HEX_TERRAIN_COUNT);
    REQUIRE(!(s->features & ~WR_FEATURE_ALL) && !(s->water & ~WR_WATER_ALL));
    REQUIRE(s->downstream >= WR_NO_WATERCOURSE && s->downstream <= 5);
    for (int d = 0; d < 6; d++)
        s->side_st[d] = wr_map_hexside(map, h, d, &s->side[d]);
    return 1;
}

static void build(fuzz_input *in, wr_map *map, int32_t n)
{
    int ops = fuzz_small(in, 60) & 63;
    for (int i = 0; i < ops && fuzz_more(in); i++) {
        wr_hex h = some_hex(in, map, n);
        hex_state before, after;
        /* the hex read back around one change in four: its work bounded */
        const int check = (fuzz_small(in, 4) & 3) == 0;
        int32_t idx = -1;
        const int on = wr_map_index(map, h, &idx) == WR_OK;
        if (check)
            REQUIRE(read_hex(map, h, &before) == on);
        wr_status st;
        const int op = fuzz_small(in, 5) & 7;
        switch (op) {
        case 0:
        case 5:
            st = wr_map_set_terrain(map, h, (wr_hex_terrain)fuzz_small(in, 8));
            break;
        case 1:
            st = wr_map_set_features(map, h, (unsigned)fuzz_small(in, 8));
            break;
        case 2:
            st = wr_map_set_regions(map, h, fuzz_u32(in));
            break;
        case 3: {
            wr_hexside s;
            s.river = fuzz_small(in, 3);
            s.crossing = fuzz_small(in, 4);
            s.road = fuzz_small(in, 2);
            s.track = fuzz_small(in, 2);
            st = wr_map_set_hexside(map, h, fuzz_small(in, 6), &s);
            break;
        }
        default:
            st = wr_map_set_watercourse(map, h, fuzz_shift(fuzz_small(in, 7), -1),
                                        (unsigned)fuzz_small(in, 8));
            break;
        }
        if (st != WR_OK) {
            /* tagging a hex may need room: the failing allocator's NOMEM */
            REQUIRE(st == WR_ERR_RANGE || st == WR_ERR_INVALID ||
                    (op == 2 && st == WR_ERR_NOMEM));
            if (on && check) {
                REQUIRE(read_hex(map, h, &after));
                REQUIRE(memcmp(&before, &after, sizeof before) == 0);
            }
        } else {
            REQUIRE(on);
        }
    }
}

typedef struct graph_user {
    const wr_map *map;
    const wr_plan_params *params;
} graph_user;

static int graph_moves(void *user, int32_t node, wr_plan_edge *out, int capacity)
{
    const graph_user *g = user;
    wr_hex h;
    size_t count = 0;
    if (wr_map_hex(g->map, node, &h) != WR_OK ||
        wr_map_moves(g->map, g->params, h, out, (size_t)capacity, &count) != WR_OK)
        return -1;
    return (int)count;
}

static wr_hex graph_hex(void *user, int32_t node)
{
    const graph_user *g = user;
    wr_hex h = {0, 0};
    REQUIRE(wr_map_hex(g->map, node, &h) == WR_OK);
    return h;
}

/* The reachable set within some days is exactly the field's hexes of those days. */
static void reachable_agrees(fuzz_input *in, wr_planner *planner, const wr_map *map,
                             const wr_plan_params *params, int32_t n, wr_hex from,
                             const wr_arrival *field)
{
    wr_plan_params p = *params;
    int days = fuzz_small(in, 8) & 7;
    days = days < 1 ? 1 : days;
    const wr_hex *hexes = NULL;
    size_t count = (size_t)-1;
    wr_status st = wr_planner_reachable(planner, map, &p, from, days, &hexes, &count);
    REQUIRE(st == WR_OK || st == WR_ERR_NOMEM);
    if (st == WR_OK) {
        size_t want = 0;
        for (int32_t k = 0; k < n; k++)
            want += field[k].day >= 1 && field[k].day <= days;
        REQUIRE(count == want);
        for (size_t k = 0; k < count; k++) {
            int32_t idx = -1;
            REQUIRE(wr_map_index(map, hexes[k], &idx) == WR_OK);
            REQUIRE(field[idx].day >= 1 && field[idx].day <= days);
        }
    }
}

/* The same plan over the game-map callbacks arrives as on the map. */
static void graph_agrees(wr_planner *planner, const wr_map *map, const wr_plan_params *params,
                         int32_t n, wr_hex from, wr_hex to, int arrival, int left)
{
    wr_plan_params p = *params;
    int32_t ti = -1;
    REQUIRE(wr_map_index(map, to, &ti) == WR_OK);
    graph_user gu = {map, &p};
    wr_plan_graph g = {n, graph_moves, graph_hex, &gu};
    int32_t fi = -1;
    REQUIRE(wr_map_index(map, from, &fi) == WR_OK);
    wr_route rg;
    wr_status st = wr_planner_route_graph(planner, &g, &p, fi, ti, &rg);
    if (st != WR_ERR_NOMEM)
        REQUIRE(st == WR_OK && rg.arrival_day == arrival && rg.points_left == left);
}

static void plan(fuzz_input *in, wr_planner *planner, const wr_map *map, int32_t n,
                 wr_arrival *field)
{
    wr_plan_params p;
    int mover = fuzz_small(in, WR_MOVER_COUNT);
    if (wr_plan_params_default((wr_mover)mover, &p) != WR_OK)
        REQUIRE(wr_plan_params_default(WR_MOVER_INFANTRY, &p) == WR_OK);
    p.options = (unsigned)fuzz_small(in, 16);
    if (fuzz_small(in, 4) == 0)
        p.traits = (unsigned)fuzz_small(in, 4);
    if (fuzz_small(in, 4) == 0)
        p.tide = fuzz_small(in, 3);
    if (fuzz_small(in, 4) == 0)
        p.wind = fuzz_shift(fuzz_small(in, 7), -1);
    if (fuzz_small(in, 4) == 0)
        p.costs.daily_points = any_value(in, 40);
    if (fuzz_small(in, 8) == 0)
        p.figures = any_value(in, 1000);
    wr_hex from = some_hex(in, map, n), to = some_hex(in, map, n);

    /* what the map says of those hexes */
    int32_t fi0 = -1;
    const int from_on = wr_map_index(map, from, &fi0) == WR_OK;
    wr_zone zone = (wr_zone)SENT;
    wr_status zst = wr_map_zone(map, from, &zone);
    REQUIRE(from_on ? (zst == WR_OK && (int)zone >= 0 && (int)zone <= WR_ZONE_LAKE)
                    : (zst == WR_ERR_RANGE && (int)zone == SENT));
    int vis = SENT;
    wr_status vst = wr_map_is_visible(map, from, to, &vis);
    REQUIRE(vst == WR_OK ? (vis == 0 || vis == 1) : vis == SENT);
    wr_landing how = (wr_landing)SENT;
    wr_status lst = wr_map_landing(map, (wr_mover)mover, from, &how);
    REQUIRE(lst == WR_OK ? ((int)how >= 1 && (int)how <= 3) : (int)how == SENT);
    int dir = fuzz_small(in, 6), route = SENT;
    wr_status ost = wr_map_is_on_route(map, from, dir, &route);
    REQUIRE(ost == WR_OK ? (route == 0 || route == 1) : route == SENT);
    if (from_on) {
        wr_plan_edge edges[WR_PLAN_MAX_EDGES];
        size_t ne = (size_t)-1;
        wr_status mst = wr_map_moves(map, &p, from, edges, WR_PLAN_MAX_EDGES, &ne);
        if (mst == WR_OK) {
            REQUIRE(ne <= WR_PLAN_MAX_EDGES);
            for (size_t k = 0; k < ne; k++) {
                wr_hex eh;
                REQUIRE(wr_map_hex(map, edges[k].to, &eh) == WR_OK && distance(eh, from) == 1);
            }
        } else {
            REQUIRE(ne == (size_t)-1);
        }
    }

    wr_route r;
    memset(&r, 0x5A, sizeof r);
    wr_route sent = r;
    wr_status st = wr_planner_route(planner, map, &p, from, to, &r);
    for (size_t k = 0; k < (size_t)n; k++)
        field[k].day = field[k].points_left = SENT;
    wr_status fst = wr_planner_field(planner, map, &p, from, field, (size_t)n);
    if (fst != WR_OK)
        REQUIRE(field[0].day == SENT);
    if (st == WR_ERR_NOMEM || fst == WR_ERR_NOMEM) { /* the failing allocator */
        if (st != WR_OK)
            REQUIRE(memcmp(&r, &sent, sizeof r) == 0);
        return;
    }
    if (fst != WR_OK)
        REQUIRE(st != WR_OK);
    if (st != WR_OK) {
        REQUIRE(memcmp(&r, &sent, sizeof r) == 0);
        if (st == WR_ERR_FORBIDDEN && fst == WR_OK) {
            int32_t ti = -1;
            REQUIRE(wr_map_index(map, to, &ti) == WR_OK && field[ti].day == -1);
        }
        return;
    }
    REQUIRE(fst == WR_OK);
    REQUIRE(r.step_count >= 1 && r.steps != NULL && r.arrival_day >= 1);
    REQUIRE(r.steps[0].hex.q == from.q && r.steps[0].hex.r == from.r);
    REQUIRE(r.steps[r.step_count - 1].hex.q == to.q && r.steps[r.step_count - 1].hex.r == to.r);
    for (size_t k = 1; k < r.step_count; k++) {
        REQUIRE(distance(r.steps[k - 1].hex, r.steps[k].hex) <= 1);
        REQUIRE(r.steps[k].day >= r.steps[k - 1].day);
    }
    REQUIRE(r.steps[r.step_count - 1].day <= r.arrival_day);
    REQUIRE(r.rally_days >= 0 && r.unformed_days >= 0 && r.stragglers >= 0 &&
            (r.escort_lost == 0 || r.escort_lost == 1));
    int32_t ti = -1;
    REQUIRE(wr_map_index(map, to, &ti) == WR_OK);
    REQUIRE(field[ti].day == r.arrival_day && field[ti].points_left == r.points_left);
    const int arrival = r.arrival_day, left = r.points_left;

    /* one of the two cross-checks an input, to bound its work: the
       reachable set agrees with the field, or the same plan over the
       game-map callbacks gives the same arrival */
    if (fuzz_small(in, 2) & 1)
        graph_agrees(planner, map, &p, n, from, to, arrival, left);
    else
        reachable_agrees(in, planner, map, &p, n, from, field);
}

/* A game graph whose moves come from the input: any counts, nodes, points,
   days and flags, the same for a node at every call. */
typedef struct wild_graph {
    int32_t nodes;
    int count[16];
    wr_plan_edge edge[16][4];
} wild_graph;

static int wild_moves(void *user, int32_t node, wr_plan_edge *out, int capacity)
{
    const wild_graph *g = user;
    REQUIRE(node >= 0 && node < g->nodes && capacity >= WR_PLAN_MAX_EDGES);
    int k = (int)(node % 16), n = g->count[k];
    for (int i = 0; i < n && i < 4; i++) {
        out[i] = g->edge[k][i];
        if (out[i].to >= 0 && out[i].to < g->nodes) /* mostly real nodes near this one */
            out[i].to = (node + out[i].to) % g->nodes;
    }
    return n;
}

static void wild_plan(fuzz_input *in, wr_planner *planner)
{
    wild_graph g;
    g.nodes = (fuzz_small(in, 4) == 0) ? any_value(in, 100) : (int32_t)(fuzz_small(in, 60) & 63) + 1;
    for (int k = 0; k < 16; k++) {
        g.count[k] = fuzz_small(in, 8) == 0 ? fuzz_small(in, 40) : (fuzz_small(in, 4) & 3) + 1;
        for (int i = 0; i < 4; i++) {
            wr_plan_edge *e = &g.edge[k][i];
            e->to = fuzz_small(in, 8) == 0 ? fuzz_int(in) : fuzz_small(in, 8) & 7;
            e->points = fuzz_small(in, 8) == 0 ? fuzz_int(in) : fuzz_small(in, 40);
            e->days = fuzz_small(in, 8) == 0 ? fuzz_int(in) : (fuzz_small(in, 4) == 0 ? 1 : 0);
            e->flags = fuzz_small(in, 8) == 0 ? fuzz_u32(in) : (fuzz_small(in, 4) == 0 ? WR_STEP_UNFORMED : 0u);
        }
    }
    wr_plan_params p;
    REQUIRE(wr_plan_params_default(WR_MOVER_INFANTRY, &p) == WR_OK);
    p.options = (unsigned)fuzz_small(in, 16);
    p.costs.daily_points = fuzz_small(in, 4) == 0 ? any_value(in, 100) : (fuzz_small(in, 40) & 63) + 1;
    wr_plan_graph graph = {g.nodes, wild_moves, NULL, &g};
    int32_t from = any_value(in, 64), to = any_value(in, 64);
    wr_route r;
    memset(&r, 0x5A, sizeof r);
    wr_route sent = r;
    wr_status st = wr_planner_route_graph(planner, &graph, &p, from, to, &r);
    if (st != WR_OK) {
        REQUIRE(memcmp(&r, &sent, sizeof r) == 0);
        REQUIRE(st == WR_ERR_RANGE || st == WR_ERR_INVALID || st == WR_ERR_FORBIDDEN ||
                st == WR_ERR_NOMEM);
        return;
    }
    REQUIRE(r.step_count >= 1 && r.arrival_day >= 1);
    REQUIRE(r.steps[0].hex.q == from && r.steps[r.step_count - 1].hex.q == to);
    for (size_t k = 0; k < r.step_count; k++) {
        REQUIRE(r.steps[k].hex.q >= 0 && r.steps[k].hex.q < g.nodes && r.steps[k].hex.r == 0);
        if (k > 0)
            REQUIRE(r.steps[k].day >= r.steps[k - 1].day);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_input in = {data, size, 0};
    fuzz_alloc fa = {0, -1, 0};
    wr_allocator a;
    int w = fuzz_small(&in, MAX_SIDE), h = fuzz_small(&in, MAX_SIDE);
    if (fuzz_small(&in, 16) == 0)
        w = any_value(&in, 100000);
    wr_map *map = (wr_map *)&a;
    const wr_allocator *alloc = fuzz_pick_alloc(&in, &fa, &a);
    if (w > 0 && h > 0 && (int64_t)w * h > 1024) {
        /* a large map is only checked (fuzz_campaign_bigmap plans on them):
           its blocks past 256 KiB refused rather than filled, a failure path
           too (up to 1.2 million hexes, filled, would dominate the target) */
        alloc = &a;
        a.fn = fuzz_alloc_fn;
        a.user = &fa;
        fa.max_block = (size_t)1 << 18;
    }
    wr_status st = wr_map_new_ex(w, h, alloc, &map);
    if (st != WR_OK) {
        REQUIRE(map == (wr_map *)&a);
        REQUIRE(fa.live == 0);
        return 0;
    }
    int mw = SENT, mh = SENT;
    REQUIRE(wr_map_size(map, &mw, &mh) == WR_OK && mw == w && mh == h);
    if ((int64_t)w * h > 1024) { /* larger maps only for their checks: fuzz_campaign_bigmap plans on them */
        wr_map_free(map);
        REQUIRE(fa.live == 0);
        return 0;
    }
    const int32_t n = w * h;
    build(&in, map, n);
    /* mostly the planner kept from input to input, which must answer as a
       new one would for every map (maps come and go, often at the address
       of the last one); sometimes a new planner on the failing allocator */
    static wr_planner *kept;
    if (kept == NULL)
        REQUIRE(wr_planner_new(&kept) == WR_OK);
    const int fresh = fuzz_small(&in, 4) == 0;
    wr_planner *planner = fresh ? (wr_planner *)&a : kept;
    st = fresh ? wr_planner_new_ex(fuzz_pick_alloc(&in, &fa, &a), &planner) : WR_OK;
    wr_arrival *field = malloc(sizeof *field * (size_t)n);
    REQUIRE(field != NULL);
    if (st == WR_OK) {
        for (int q = 0; q < 1 && fuzz_more(&in); q++) {
            if (fuzz_small(&in, 4) == 0)
                wild_plan(&in, planner);
            else
                plan(&in, planner, map, n, field);
        }
        if (fresh)
            wr_planner_free(planner);
    } else {
        REQUIRE(planner == (wr_planner *)&a);
    }
    free(field);
    wr_map_free(map);
    REQUIRE(fa.live == 0);
    return 0;
}
