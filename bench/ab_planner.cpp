// An A/B of two builds of the library in one process: both loaded with
// dlopen (RTLD_DEEPBIND, so each calls its own functions), their planners
// given the same maps (bench/route.cpp's plain-cost and realistic maps, the
// same seeds) and the same queries. Not built by bench/CMakeLists.txt:
//
//   g++ -O2 -std=c++17 -Iinclude -Ibench bench/ab_planner.cpp -o ab_planner -ldl
//
//   ab_planner A.so B.so check <size>
//       the same randomized queries on both (fields, reachable sets, routes,
//       plans, plan fields and graph routes; movers, options, costs, start
//       states, objectives, blocked hexes, hexsides and callbacks; the map
//       changed now and then), every answer and error detail compared;
//       exits 1 on a difference
//   ab_planner A.so B.so lmcheck <size> [pairs]
//       routes between random pairs (200 unless given) with 8 landmarks
//       prepared on each build, compared step for step; exits 1 on a
//       difference
//   ab_planner A.so B.so time <size> <rounds> [case...]
//       interleaved CPU times (the first one alternating), medians, and the
//       median of the per-round ratios B/A
//   ab_planner A.so B.so time4 <size> <rounds> [case...]
//       the same with copies of B and A loaded after them, each build timed
//       once loaded early and once late (the library loaded last tends to run
//       a few per cent faster, whichever it is)
//   ab_planner X.so run <case> <size> <repeats>
//       one build alone, for callgrind:
//       valgrind --tool=callgrind --toggle-collect='wr_planner_*' ...
//
// Cases: field, reach (size / 16 days), route (4 queries) on the plain-cost
// map with WR_PLAN_PLAIN_COSTS, as bench_route's --profile modes;
// route_lm, the same 4 queries with 8 landmarks prepared once a planner;
// field_polluted, the field after writing 64 MiB elsewhere (caches cold);
// field_real and route_real (4 queries between seeded land hexes) with the
// full rules on the realistic map. The machine's other load counts through
// shared caches: compare with an A/B of a build against a copy of itself.
#include <dlfcn.h>
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <string>
#include <vector>

#include "warrules/campaign.h"
#include "warrules/core.h"

#include "common.h"

#define API_FNS(X)                                                                                 \
    X(wr_map_new) X(wr_map_free) X(wr_map_set_terrain) X(wr_map_terrain) X(wr_map_set_hexside)   \
    X(wr_map_hexside) X(wr_map_has_hex) X(wr_map_hex) X(wr_map_index) X(wr_map_set_regions)       \
    X(wr_map_set_features) X(wr_map_hexside_index) X(wr_map_moves)                                \
    X(wr_hex_from_offset) X(wr_hex_neighbor) X(wr_hex_distance) X(wr_plan_params_default)         \
    X(wr_planner_new) X(wr_planner_free) X(wr_planner_field) X(wr_planner_reachable)             \
    X(wr_planner_route) X(wr_planner_plan) X(wr_planner_plan_field) X(wr_planner_route_graph)     \
    X(wr_force_start) X(wr_last_error_detail) X(wr_planner_prepare_landmarks)

struct Api {
#define DECL(f) decltype(&::f) f;
    API_FNS(DECL)
#undef DECL
    void *h;
};

static Api load(const char *path)
{
    Api a{};
    a.h = dlopen(path, RTLD_NOW | RTLD_LOCAL | RTLD_DEEPBIND);
    if (!a.h) {
        std::fprintf(stderr, "dlopen %s: %s\n", path, dlerror());
        std::exit(2);
    }
#define LOAD(f)                                                                                    \
    a.f = reinterpret_cast<decltype(&::f)>(dlsym(a.h, #f));                                        \
    if (!a.f) {                                                                                    \
        std::fprintf(stderr, "no %s in %s\n", #f, path);                                           \
        std::exit(2);                                                                              \
    }
    API_FNS(LOAD)
#undef LOAD
    return a;
}

static void check(wr_status st, const char *what)
{
    if (st != WR_OK) {
        std::fprintf(stderr, "ab_planner: %s failed: %d\n", what, (int)st);
        std::exit(2);
    }
}

// ---- the maps of bench/route.cpp (same seeds, same calls) ----
static const Api *M; // the build that makes maps

static wr_hex offset_hex(int col, int row)
{
    wr_hex h;
    check(M->wr_hex_from_offset(col, row, &h), "from_offset");
    return h;
}

static wr_map *make_map(int size, uint64_t seed)
{
    bench_seed(seed);
    wr_map *m = nullptr;
    check(M->wr_map_new(size, size, &m), "map_new");
    for (int row = 0; row < size; row++)
        for (int col = 0; col < size; col++) {
            int roll = bench_below(100);
            wr_hex_terrain t = roll < 8 ? WR_HEX_LAKE : roll < 40 ? WR_HEX_HILLS : WR_HEX_CLEAR;
            check(M->wr_map_set_terrain(m, offset_hex(col, row), t), "set_terrain");
        }
    int rivers = std::max(1, size / 16);
    for (int k = 0; k < rivers; k++) {
        int major = bench_below(100) < 30;
        int col = bench_below(size);
        for (int row = 0; row < size; row++) {
            col = std::min(size - 2, std::max(0, col + bench_below(3) - 1));
            wr_hex h = offset_hex(col, row);
            static const int dirs[3] = {0, 1, 5};
            for (int d : dirs) {
                wr_hex nb;
                int inside = 0;
                if (M->wr_hex_neighbor(h, d, &nb) != WR_OK)
                    continue;
                check(M->wr_map_has_hex(m, nb, &inside), "has_hex");
                if (!inside)
                    continue;
                wr_hexside side{};
                side.river = major ? WR_RIVER_MAJOR : WR_RIVER_MINOR;
                int c = bench_below(100);
                side.crossing = c < 70   ? WR_CROSS_OPEN
                                : c < 80 ? WR_CROSS_BRIDGE
                                : c < 90 ? (major ? WR_CROSS_FERRY : WR_CROSS_FORD)
                                         : WR_CROSS_FERRY;
                check(M->wr_map_set_hexside(m, h, d, &side), "set_hexside");
            }
        }
    }
    return m;
}

struct Noise {
    int cell, w;
    std::vector<int> v;
    Noise(int size, int cell_) : cell(cell_), w(size / cell_ + 2)
    {
        v.resize((size_t)w * (size_t)w);
        for (int &x : v)
            x = bench_below(1000);
    }
    int at(int col, int row) const
    {
        int gx = col / cell, gy = row / cell, fx = col % cell, fy = row % cell;
        auto g = [&](int x, int y) { return v[(size_t)y * (size_t)w + (size_t)x]; };
        int top = g(gx, gy) * (cell - fx) + g(gx + 1, gy) * fx;
        int bottom = g(gx, gy + 1) * (cell - fx) + g(gx + 1, gy + 1) * fx;
        return (top * (cell - fy) + bottom * fy) / (cell * cell);
    }
};

static bool is_land(const wr_map *m, wr_hex h)
{
    wr_hex_terrain t;
    check(M->wr_map_terrain(m, h, &t), "terrain");
    return t != WR_HEX_SEA && t != WR_HEX_LAKE;
}

static void lay_route(wr_map *m, int size, int c0, int r0, int c1, int r1, bool road)
{
    wr_hex h = offset_hex(c0, r0), goal = offset_hex(c1, r1);
    for (int steps = 0; steps < 8 * size; steps++) {
        int dist = 0;
        check(M->wr_hex_distance(h, goal, &dist), "distance");
        if (dist == 0)
            return;
        int best = -1, best_dist = 0;
        int first = bench_below(6);
        for (int k = 0; k < 6; k++) {
            int d = (first + k) % 6;
            wr_hex nb;
            int inside = 0, nd = 0;
            if (M->wr_hex_neighbor(h, d, &nb) != WR_OK)
                continue;
            check(M->wr_map_has_hex(m, nb, &inside), "has_hex");
            if (!inside)
                continue;
            check(M->wr_hex_distance(nb, goal, &nd), "distance");
            if (best < 0 || nd < best_dist || bench_below(100) < 8) {
                best = d;
                best_dist = nd;
            }
        }
        if (best < 0)
            return;
        wr_hex nb;
        check(M->wr_hex_neighbor(h, best, &nb), "neighbor");
        if (is_land(m, h) && is_land(m, nb)) {
            wr_hexside side;
            check(M->wr_map_hexside(m, h, best, &side), "hexside");
            if (road) {
                side.road = 1;
                if (side.river != WR_NO_RIVER)
                    side.crossing = WR_CROSS_BRIDGE;
            } else {
                side.track = 1;
                if (side.river == WR_RIVER_MINOR && side.crossing == WR_CROSS_OPEN)
                    side.crossing = WR_CROSS_FORD;
            }
            check(M->wr_map_set_hexside(m, h, best, &side), "set_hexside");
        }
        h = nb;
    }
}

static wr_map *make_real_map(int size, uint64_t seed)
{
    bench_seed(seed);
    wr_map *m = nullptr;
    check(M->wr_map_new(size, size, &m), "map_new");
    Noise height(size, std::max(4, size / 32)), wet(size, std::max(4, size / 24));
    std::vector<int> coast((size_t)size);
    int c = std::max(2, size / 20);
    for (int row = 0; row < size; row++) {
        c = std::min(size / 8 + 2, std::max(2, c + bench_below(3) - 1));
        coast[(size_t)row] = c;
    }
    for (int row = 0; row < size; row++)
        for (int col = 0; col < size; col++) {
            int e = height.at(col, row), w = wet.at(col, row);
            wr_hex_terrain t = e > 700                ? WR_HEX_MOUNTAINS
                               : e > 580              ? WR_HEX_HILLS
                               : w > 640 && e < 300   ? WR_HEX_SWAMP
                               : w > 560 && e < 150   ? WR_HEX_LAKE
                               : w > 520              ? WR_HEX_FOREST
                                                      : WR_HEX_CLEAR;
            if (col < coast[(size_t)row])
                t = WR_HEX_SEA;
            else if (col == coast[(size_t)row])
                t = WR_HEX_COAST;
            check(M->wr_map_set_terrain(m, offset_hex(col, row), t), "set_terrain");
        }
    int rivers = std::max(1, size / 32);
    for (int k = 0; k < rivers; k++) {
        int major = bench_below(100) < 30;
        int col = size / 8 + 4 + bench_below(std::max(1, size - size / 8 - 6));
        for (int row = 0; row < size; row++) {
            col = std::min(size - 2, std::max(size / 8 + 3, col + bench_below(3) - 1));
            wr_hex h = offset_hex(col, row);
            static const int dirs[3] = {0, 1, 5};
            for (int d : dirs) {
                wr_hex nb;
                int inside = 0;
                if (M->wr_hex_neighbor(h, d, &nb) != WR_OK)
                    continue;
                check(M->wr_map_has_hex(m, nb, &inside), "has_hex");
                if (!inside)
                    continue;
                wr_hexside side{};
                side.river = major ? WR_RIVER_MAJOR : WR_RIVER_MINOR;
                int r = bench_below(100);
                side.crossing = r < 70   ? WR_CROSS_OPEN
                                : r < 80 ? WR_CROSS_BRIDGE
                                : r < 90 ? (major ? WR_CROSS_FERRY : WR_CROSS_FORD)
                                         : WR_CROSS_FERRY;
                check(M->wr_map_set_hexside(m, h, d, &side), "set_hexside");
            }
        }
    }
    int step = std::max(8, size / 8);
    for (int row = step / 2; row < size; row += step)
        for (int col = size / 8 + step / 2; col < size; col += step) {
            if (col + step < size)
                lay_route(m, size, col, row, col + step, row, true);
            if (row + step < size)
                lay_route(m, size, col, row, col, row + step, true);
            if (col + step < size && row + step < size)
                lay_route(m, size, col, row, col + step, row + step, false);
        }
    return m;
}

static wr_plan_params params_of(const Api &a, int mover, unsigned options)
{
    wr_plan_params p;
    check(a.wr_plan_params_default((wr_mover)mover, &p), "params_default");
    p.options = options;
    return p;
}

// ---- timed cases ----
struct Fixture {
    int size;
    wr_map *plain = nullptr, *real = nullptr;
    wr_hex from_plain{}, from_real{};
    std::vector<wr_hex> ends_plain, ends_real;
};

static void make_fixture(Fixture &fx, int size, bool want_plain, bool want_real,
                         size_t plain_ends = 16)
{
    fx.size = size;
    if (want_plain) {
        fx.plain = make_map(size, 1234u + (uint64_t)size);
        fx.from_plain = offset_hex(size / 2, size / 2);
        check(M->wr_map_set_terrain(fx.plain, fx.from_plain, WR_HEX_CLEAR), "set_terrain");
        bench_seed(99u + (uint64_t)size);
        int32_t n = size * size;
        while (fx.ends_plain.size() < plain_ends) {
            wr_hex h;
            wr_hex_terrain t;
            check(M->wr_map_hex(fx.plain, (int32_t)bench_below(n), &h), "hex");
            check(M->wr_map_terrain(fx.plain, h, &t), "terrain");
            if (t != WR_HEX_LAKE)
                fx.ends_plain.push_back(h);
        }
    }
    if (want_real) {
        fx.real = make_real_map(size, 4321u + (uint64_t)size);
        fx.from_real = offset_hex(size / 2, size / 2);
        check(M->wr_map_set_terrain(fx.real, fx.from_real, WR_HEX_CLEAR), "set_terrain");
        bench_seed(77u + (uint64_t)size);
        int32_t n = size * size;
        while (fx.ends_real.size() < 16) {
            wr_hex h;
            check(M->wr_map_hex(fx.real, (int32_t)bench_below(n), &h), "hex");
            if (is_land(fx.real, h))
                fx.ends_real.push_back(h);
        }
    }
}

struct Runner {
    const Api *a;
    wr_planner *pl = nullptr;
    std::vector<wr_arrival> field;
    bool landmarks = false; // prepared for route_lm
    explicit Runner(const Api *api) : a(api) {}
};

static void run_case(Runner &r, const Fixture &fx, const std::string &c)
{
    const Api &a = *r.a;
    size_t n = (size_t)fx.size * (size_t)fx.size;
    r.field.resize(n);
    wr_route route;
    if (c == "field") {
        wr_plan_params p = params_of(a, WR_MOVER_INFANTRY, WR_PLAN_PLAIN_COSTS | WR_PLAN_RAFTS_ANYWHERE);
        check(a.wr_planner_field(r.pl, fx.plain, &p, fx.from_plain, r.field.data(), n), "field");
    } else if (c == "field_polluted") {
        // the field after 64 MiB of other work, as in bench_route's field case
        static std::vector<unsigned char> junk((size_t)64 << 20);
        static unsigned char round = 0;
        std::memset(junk.data(), ++round, junk.size());
        wr_plan_params p = params_of(a, WR_MOVER_INFANTRY, WR_PLAN_PLAIN_COSTS | WR_PLAN_RAFTS_ANYWHERE);
        check(a.wr_planner_field(r.pl, fx.plain, &p, fx.from_plain, r.field.data(), n), "field");
    } else if (c == "reach") {
        wr_plan_params p = params_of(a, WR_MOVER_INFANTRY, WR_PLAN_PLAIN_COSTS | WR_PLAN_RAFTS_ANYWHERE);
        const wr_hex *hexes;
        size_t count;
        check(a.wr_planner_reachable(r.pl, fx.plain, &p, fx.from_plain, std::max(2, fx.size / 16),
                                     &hexes, &count),
              "reachable");
    } else if (c == "route") {
        wr_plan_params p = params_of(a, WR_MOVER_INFANTRY, WR_PLAN_PLAIN_COSTS | WR_PLAN_RAFTS_ANYWHERE);
        for (size_t q = 0; q < 8; q += 2)
            a.wr_planner_route(r.pl, fx.plain, &p, fx.ends_plain[q], fx.ends_plain[q + 1], &route);
    } else if (c == "route_lm") {
        wr_plan_params p = params_of(a, WR_MOVER_INFANTRY, WR_PLAN_PLAIN_COSTS | WR_PLAN_RAFTS_ANYWHERE);
        if (!r.landmarks)
            check(a.wr_planner_prepare_landmarks(r.pl, fx.plain, &p, 8), "prepare_landmarks");
        r.landmarks = true;
        for (size_t q = 0; q < 8; q += 2)
            a.wr_planner_route(r.pl, fx.plain, &p, fx.ends_plain[q], fx.ends_plain[q + 1], &route);
    } else if (c == "field_real") {
        wr_plan_params p = params_of(a, WR_MOVER_INFANTRY, WR_PLAN_UNFORMED | WR_PLAN_RAFTS_ANYWHERE);
        check(a.wr_planner_field(r.pl, fx.real, &p, fx.from_real, r.field.data(), n), "field");
    } else if (c == "route_real") {
        wr_plan_params p = params_of(a, WR_MOVER_INFANTRY, WR_PLAN_UNFORMED | WR_PLAN_RAFTS_ANYWHERE);
        for (size_t q = 0; q < 8; q += 2)
            a.wr_planner_route(r.pl, fx.real, &p, fx.ends_real[q], fx.ends_real[q + 1], &route);
    } else {
        std::fprintf(stderr, "unknown case %s\n", c.c_str());
        std::exit(2);
    }
}

// ---- equivalence ----
static long mismatches = 0, compared = 0, ok_by_kind[8], all_by_kind[8];

struct Out {
    wr_status st;
    std::vector<unsigned char> bytes;
    wr_error err;
};

static void add(Out &o, const void *p, size_t n)
{
    const unsigned char *b = (const unsigned char *)p;
    o.bytes.insert(o.bytes.end(), b, b + n);
}

static void add_route(Out &o, const wr_route &r)
{
    add(o, &r.step_count, sizeof r.step_count);
    add(o, &r.arrival_day, sizeof(int) * 6);
    for (size_t i = 0; i < r.step_count; i++)
        add(o, &r.steps[i], sizeof r.steps[i]);
}

static void compare(const char *what, const Out &x, const Out &y)
{
    compared++;
    bool same = x.st == y.st && x.bytes == y.bytes;
    if (x.st != WR_OK && same)
        same = x.err.status == y.err.status && !strcmp(x.err.function, y.err.function) &&
               !strcmp(x.err.argument, y.err.argument) && x.err.has_value == y.err.has_value &&
               x.err.value == y.err.value && !strcmp(x.err.expected, y.err.expected);
    if (!same) {
        if (mismatches < 20)
            std::fprintf(stderr, "MISMATCH %s: st %d/%d bytes %zu/%zu err %s:%s/%s:%s\n", what,
                         (int)x.st, (int)y.st, x.bytes.size(), y.bytes.size(), x.err.function,
                         x.err.argument, y.err.function, y.err.argument);
        mismatches++;
    }
}

struct Graph {
    const wr_map *m;
    const Api *a;
    wr_plan_params p;
    int bad_node;
};

static int graph_moves(void *user, int32_t node, wr_plan_edge *out, int cap)
{
    Graph *g = (Graph *)user;
    if (node == g->bad_node)
        return -1;
    wr_hex h;
    g->a->wr_map_hex(g->m, node, &h);
    size_t count = 0;
    if (g->a->wr_map_moves(g->m, &g->p, h, out, (size_t)cap, &count) != WR_OK)
        return 0;
    return (int)count;
}

static int blocked_cb(void *user, int32_t from, int32_t to)
{
    return ((uint32_t)(from * 2654435761u) ^ (uint32_t)to * 40503u ^ (uint32_t)(uintptr_t)user) % 13u == 0;
}

// One query run on both builds.
struct Side {
    const Api *a;
    wr_planner *pl;
};

static void check_maps(const Api &A, const Api &B, wr_map *m, int size, uint64_t seed, const char *name)
{
    Side s[2] = {{&A, nullptr}, {&B, nullptr}};
    for (auto &x : s)
        check(x.a->wr_planner_new(&x.pl), "planner_new");
    bench_seed(seed);
    const int32_t n = size * size;
    std::vector<uint8_t> bh((size_t)(n + 7) / 8), bs((size_t)(3 * n + 7) / 8);
    std::vector<wr_arrival> field((size_t)n);
    static const int movers[] = {WR_MOVER_INFANTRY, WR_MOVER_CAVALRY, WR_MOVER_LONGSHIP,
                                 WR_MOVER_GALLEY, WR_MOVER_SAILING_SHIP, WR_MOVER_TRANSPORT,
                                 WR_MOVER_RIVER_BOAT};
    for (int iter = 0; iter < 400; iter++) {
        int mover = bench_below(100) < 60 ? bench_below(2) : movers[bench_below(7)];
        unsigned options = (unsigned)bench_below(16);
        int kind = bench_below(7);
        int32_t ia = bench_below(n), ib = bench_below(n);
        int32_t ic = bench_below(n);
        wr_hex ha, hb;
        M->wr_map_hex(m, ia, &ha);
        M->wr_map_hex(m, ib, &hb);
        if (bench_below(20) == 0)
            ha.q += 1000; // off the map
        int days = 1 + bench_below(std::max(2, size / 4));
        // a query
        wr_force_state st0;
        A.wr_force_start(&st0);
        int qs = bench_below(6);
        if (qs == 1) {
            st0.day = 3;
            st0.points_spent = 4;
        } else if (qs == 2) {
            st0.unformed = 1;
        } else if (qs == 3) {
            st0.unformed = 1;
            st0.unformed_today = 1;
            st0.points_spent = 2;
            st0.day = 2;
        } else if (qs == 4) {
            st0.points_saved = 5;
            st0.day = 4;
        } else if (qs == 5) {
            st0.at_rally = 1;
            st0.unformed = 1;
            st0.rally_days = 1;
            st0.day = 5;
        }
        int bmode = bench_below(8);
        for (auto &b : bh)
            b = bmode == 1 ? (uint8_t)(bench_next() & bench_next() & bench_next()) : 0;
        for (auto &b : bs)
            b = bmode == 2 ? (uint8_t)(bench_next() & bench_next() & bench_next()) : 0;
        wr_plan_query q{};
        q.start = qs ? &st0 : nullptr;
        q.objective = bench_below(3);
        if (bmode == 1) {
            q.blocked_hexes = bh.data();
            q.blocked_hexes_size = bh.size();
        } else if (bmode == 2) {
            q.blocked_sides = bs.data();
            q.blocked_sides_size = bs.size();
        } else if (bmode == 3) {
            q.blocked = blocked_cb;
            q.user = (void *)(uintptr_t)iter;
        }
        int figures = bench_below(3000);
        int region_home = bench_below(4) == 0;
        int null_query = bench_below(5) == 0;
        int cost_mode = bench_below(4);
        wr_move_costs rc{};
        rc.daily_points = 1 + bench_below(cost_mode == 3 ? 1000 : 40);
        for (int t = 0; t < WR_HEX_TERRAIN_COUNT; t++)
            rc.enter[t] = bench_below(cost_mode == 3 ? 600 : 16);
        rc.road = bench_below(12);
        rc.track = bench_below(12);
        rc.upstream = bench_below(20);
        rc.downstream = bench_below(20);
        rc.sail_percent = bench_below(101);
        int32_t bad_node = bench_below(10) == 0 ? ic : -1;
        Out o[2];
        for (int k = 0; k < 2; k++) {
            const Api &a = *s[k].a;
            wr_planner *pl = s[k].pl;
            wr_plan_params p = params_of(a, mover, options);
            p.figures = figures;
            if (cost_mode >= 2) {
                int sail = p.costs.sail_percent;
                p.costs = rc;
                p.costs.sail_percent = sail ? (rc.sail_percent ? rc.sail_percent : 1) : 0;
                for (int t = 0; t < WR_HEX_TERRAIN_COUNT; t++)
                    if (p.costs.enter[t] == 0 && t % 2)
                        p.costs.enter[t] = 1;
            }
            if (region_home && mover <= 1) {
                p.traits = WR_FORCE_ELLRIENDI;
                p.home_regions = 1u;
            }
            Out &out = o[k];
            out.bytes.clear();
            if (kind == 0) {
                out.st = a.wr_planner_field(pl, m, &p, ha, field.data(), (size_t)n);
                if (out.st == WR_OK)
                    add(out, field.data(), field.size() * sizeof field[0]);
            } else if (kind == 1) {
                const wr_hex *hexes;
                size_t count = 0;
                out.st = a.wr_planner_reachable(pl, m, &p, ha, days, &hexes, &count);
                if (out.st == WR_OK)
                    add(out, hexes, count * sizeof *hexes);
            } else if (kind == 2) {
                wr_route r;
                out.st = a.wr_planner_route(pl, m, &p, ha, hb, &r);
                if (out.st == WR_OK)
                    add_route(out, r);
            } else if (kind == 3 || kind == 4) {
                wr_plan_result res;
                out.st = a.wr_planner_plan(pl, m, &p, null_query ? nullptr : &q, ha, hb, &res);
                if (out.st == WR_OK) {
                    add(out, &res.outcome, sizeof res.outcome);
                    if (res.outcome == WR_PLAN_FOUND) {
                        add_route(out, res.route);
                        add(out, res.moves, res.route.step_count * sizeof *res.moves);
                        add(out, &res.arrival, sizeof res.arrival);
                    }
                }
            } else if (kind == 5) {
                out.st = a.wr_planner_plan_field(pl, m, &p, &q, ha, field.data(), (size_t)n);
                if (out.st == WR_OK)
                    add(out, field.data(), field.size() * sizeof field[0]);
            } else {
                Graph g{m, &a, p, bad_node};
                wr_plan_graph gr{n, graph_moves, nullptr, &g};
                wr_route r;
                out.st = a.wr_planner_route_graph(pl, &gr, &p, ia, ib, &r);
                if (out.st == WR_OK)
                    add_route(out, r);
            }
            if (out.st != WR_OK)
                a.wr_last_error_detail(&out.err);
        }
        char what[128];
        std::snprintf(what, sizeof what, "%s iter %d kind %d mover %d options %u", name, iter, kind,
                      mover, options);
        compare(what, o[0], o[1]);
        all_by_kind[kind]++;
        ok_by_kind[kind] += o[0].st == WR_OK && o[0].bytes.size() > 4;
        // sometimes change the map between queries (records by hex must follow)
        if (bench_below(30) == 0) {
            wr_hex h;
            M->wr_map_hex(m, bench_below(n), &h);
            M->wr_map_set_terrain(m, h, (wr_hex_terrain)bench_below(8));
        }
    }
    for (auto &x : s)
        x.a->wr_planner_free(x.pl);
}


int main(int argc, char **argv)
{
    if (argc >= 5 && std::string(argv[2]) == "run") {
        Api a = load(argv[1]);
        M = &a;
        std::string c = argv[3];
        int size = atoi(argv[4]), reps = argc > 5 ? atoi(argv[5]) : 1;
        Fixture fx;
        make_fixture(fx, size, c.find("real") == std::string::npos, c.find("real") != std::string::npos);
        Runner r(&a);
        check(a.wr_planner_new(&r.pl), "planner_new");
        for (int i = 0; i < reps; i++)
            run_case(r, fx, c);
        return 0;
    }
    if (argc < 5) {
        std::fprintf(stderr, "usage: see the top of bench/ab_planner.cpp\n");
        return 2;
    }
    Api A = load(argv[1]), B = load(argv[2]);
    M = &A;
    std::string mode = argv[3];
    int size = atoi(argv[4]);
    if (mode == "check") {
        for (int sz : {size, size / 2 + 3, 9}) {
            wr_map *real = make_real_map(sz, 4321u + (uint64_t)sz);
            wr_map *plain = make_map(sz, 1234u + (uint64_t)sz);
            // some regions for the elves' home
            for (int32_t i = 0; i < sz * sz; i += 3) {
                wr_hex h;
                M->wr_map_hex(real, i, &h);
                M->wr_map_set_regions(real, h, 1u);
            }
            check_maps(A, B, real, sz, 11u + (uint64_t)sz, "real");
            check_maps(A, B, plain, sz, 13u + (uint64_t)sz, "plain");
            M->wr_map_free(real);
            M->wr_map_free(plain);
        }
        std::printf("compared %ld queries, %ld mismatches; answered by kind:", compared, mismatches);
        for (int k = 0; k < 7; k++)
            std::printf(" %ld/%ld", ok_by_kind[k], all_by_kind[k]);
        std::printf("\n");
        return mismatches != 0;
    }
    if (mode == "lmcheck") {
        Fixture fx;
        make_fixture(fx, size, true, false, 2u * (size_t)std::max(1, argc > 5 ? atoi(argv[5]) : 200));
        wr_planner *pa = nullptr, *pb = nullptr;
        check(A.wr_planner_new(&pa), "planner_new");
        check(B.wr_planner_new(&pb), "planner_new");
        wr_plan_params p = params_of(A, WR_MOVER_INFANTRY, WR_PLAN_PLAIN_COSTS | WR_PLAN_RAFTS_ANYWHERE);
        check(A.wr_planner_prepare_landmarks(pa, fx.plain, &p, 8), "prepare_landmarks");
        check(B.wr_planner_prepare_landmarks(pb, fx.plain, &p, 8), "prepare_landmarks");
        long differ = 0, pairs = 0;
        for (size_t q = 0; q + 1 < fx.ends_plain.size(); q += 2, pairs++) {
            Out o[2];
            wr_route r;
            o[0].st = A.wr_planner_route(pa, fx.plain, &p, fx.ends_plain[q], fx.ends_plain[q + 1], &r);
            if (o[0].st == WR_OK)
                add_route(o[0], r);
            o[1].st = B.wr_planner_route(pb, fx.plain, &p, fx.ends_plain[q], fx.ends_plain[q + 1], &r);
            if (o[1].st == WR_OK)
                add_route(o[1], r);
            differ += !(o[0].st == o[1].st && o[0].bytes == o[1].bytes);
        }
        A.wr_planner_free(pa);
        B.wr_planner_free(pb);
        M->wr_map_free(fx.plain);
        std::printf("lmcheck %d: %ld routes with landmarks compared, %ld different\n", size, pairs, differ);
        return differ != 0;
    }
    int rounds = argc > 5 ? atoi(argv[5]) : 11;
    if (mode == "time4") {
        // A, B, then copies of B and A loaded after them: each build once
        // early and once late, so that the load order counts for neither
        std::string ca = std::string(argv[1]) + ".late.so", cb = std::string(argv[2]) + ".late.so";
        std::string cmd = "cp '" + std::string(argv[1]) + "' '" + ca + "' && cp '" + argv[2] + "' '" + cb + "'";
        if (std::system(cmd.c_str()) != 0)
            return 2;
        Api B2 = load(cb.c_str()), A2 = load(ca.c_str());
        std::vector<std::string> cs;
        for (int i = 6; i < argc; i++)
            cs.push_back(argv[i]);
        if (cs.empty())
            cs = {"field", "reach", "route", "field_real", "route_real"};
        bool wp = false, wr = false;
        for (auto &c : cs)
            (c.find("real") != std::string::npos ? wr : wp) = true;
        Fixture fx;
        make_fixture(fx, size, wp, wr);
        Runner r[4] = {Runner(&A), Runner(&B), Runner(&B2), Runner(&A2)};
        for (auto &x : r)
            check(x.a->wr_planner_new(&x.pl), "planner_new");
        for (auto &c : cs) {
            for (auto &x : r)
                run_case(x, fx, c);
            std::vector<double> t[4], ratio;
            for (int k = 0; k < rounds; k++) {
                double ms[4];
                for (int j = 0; j < 4; j++) {
                    int w = (k + j) % 4;
                    double t0 = bench_now_ms();
                    run_case(r[w], fx, c);
                    ms[w] = bench_now_ms() - t0;
                }
                for (int j = 0; j < 4; j++)
                    t[j].push_back(ms[j]);
                ratio.push_back((ms[1] + ms[2]) / (ms[0] + ms[3]));
            }
            double m[4];
            for (int j = 0; j < 4; j++)
                m[j] = bench_median(t[j].data(), rounds);
            double mr = bench_median(ratio.data(), rounds);
            std::printf("%-11s %4d  A %8.3f/%8.3f ms  B %8.3f/%8.3f ms (early/late)  B/A %.3f  median of per-round B/A %.3f\n",
                        c.c_str(), size, m[0], m[3], m[1], m[2], (m[1] + m[2]) / (m[0] + m[3]), mr);
            std::fflush(stdout);
        }
        return 0;
    }
    std::vector<std::string> cases;
    for (int i = 6; i < argc; i++)
        cases.push_back(argv[i]);
    if (cases.empty())
        cases = {"field", "reach", "route", "field_real", "route_real"};
    bool want_plain = false, want_real = false;
    for (auto &c : cases)
        (c.find("real") != std::string::npos ? want_real : want_plain) = true;
    Fixture fx;
    make_fixture(fx, size, want_plain, want_real);
    Runner r[2] = {Runner(&A), Runner(&B)};
    for (auto &x : r)
        check(x.a->wr_planner_new(&x.pl), "planner_new");
    for (auto &c : cases) {
        // warm up, and check the two give the same field
        for (auto &x : r)
            run_case(x, fx, c);
        std::vector<double> t[2], ratio;
        for (int k = 0; k < rounds; k++) {
            double ms[2];
            for (int j = 0; j < 2; j++) {
                int w = (k + j) % 2; // alternate which goes first
                double t0 = bench_now_ms();
                run_case(r[w], fx, c);
                ms[w] = bench_now_ms() - t0;
            }
            t[0].push_back(ms[0]);
            t[1].push_back(ms[1]);
            ratio.push_back(ms[1] / ms[0]);
        }
        double ma = bench_median(t[0].data(), rounds), mb = bench_median(t[1].data(), rounds);
        double mr = bench_median(ratio.data(), rounds);
        std::printf("%-11s %4d  A %8.3f ms  B %8.3f ms  B/A %.3f  median of per-round B/A %.3f  (min A %.3f B %.3f)\n",
                    c.c_str(), size, ma, mb, mb / ma, mr, t[0][0], t[1][0]);
        std::fflush(stdout);
    }
    return 0;
}
