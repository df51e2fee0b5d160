// Route planning side by side: the library's planner (plain-costs mode)
// against Boost Graph (its CSR graph, and adjacency_list), igraph and a
// plain binary-heap Dijkstra on the same seeded random hex maps.
//
//   bench_route <size> <repeats> <queries> [--memory]
//
// Cases: route_field_<size> (one hex to every hex), route_query_<size>
// (point to point, <queries> pairs summed), route_query_sample_<size> (16 x
// <queries> other pairs, the library with landmarks against the A*s only),
// reach_<size> (hexes within N days). Answers are compared hex by hex
// before anything is timed. With --memory only the library runs (map,
// planner, one field) and the program prints bytes per hex and its peak
// RSS; with --profile only the library's field runs, <repeats> times, for
// perf or callgrind.
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <limits>
#include <new>
#include <string>
#include <vector>

#include <sys/resource.h>

#include <boost/graph/adjacency_list.hpp>
#include <boost/graph/astar_search.hpp>
#include <boost/graph/compressed_sparse_row_graph.hpp>
#include <boost/graph/dijkstra_shortest_paths.hpp>
#include <igraph/igraph.h>

#include "warrules/campaign.h"

#include "common.h"
#include "floor.h"

namespace {

void check(wr_status st, const char *what)
{
    if (st != WR_OK) {
        std::fprintf(stderr, "bench_route: %s failed: %s\n", what, wr_status_name(st));
        std::exit(2);
    }
}

// ---- a counting allocator, for bytes per hex ----

struct Counter {
    size_t live = 0;
    size_t peak = 0;
};

void *counting_alloc(void *user, void *ptr, size_t old_size, size_t new_size)
{
    Counter *c = static_cast<Counter *>(user);
    if (new_size == 0) {
        std::free(ptr);
        c->live -= old_size;
        return nullptr;
    }
    void *p = std::realloc(ptr, new_size);
    if (p == nullptr)
        return nullptr;
    c->live = c->live - old_size + new_size;
    c->peak = std::max(c->peak, c->live);
    return p;
}

// ---- the map ----

// A seeded random land map: clear (6 points for infantry) and hills (9),
// lakes as impassable hexes, and rivers running from the top row to the
// bottom row along hexsides, minor or major, with open banks, bridges,
// fords and ferries.
wr_map *make_map(int size, uint64_t seed, const wr_allocator *alloc)
{
    bench_seed(seed);
    wr_map *m = nullptr;
    check(wr_map_new_ex(size, size, alloc, &m), "wr_map_new_ex");
    for (int row = 0; row < size; row++) {
        for (int col = 0; col < size; col++) {
            wr_hex h;
            check(wr_hex_from_offset(col, row, &h), "wr_hex_from_offset");
            int roll = bench_below(100);
            wr_hex_terrain t = roll < 8 ? WR_HEX_LAKE : roll < 40 ? WR_HEX_HILLS : WR_HEX_CLEAR;
            check(wr_map_set_terrain(m, h, t), "wr_map_set_terrain");
        }
    }
    int rivers = std::max(1, size / 16);
    for (int k = 0; k < rivers; k++) {
        int major = bench_below(100) < 30;
        int col = bench_below(size);
        for (int row = 0; row < size; row++) {
            col = std::min(size - 2, std::max(0, col + bench_below(3) - 1));
            wr_hex h;
            check(wr_hex_from_offset(col, row, &h), "wr_hex_from_offset");
            static const int dirs[3] = {0, 1, 5}; // east, north-east, south-east
            for (int d : dirs) {
                wr_hex nb;
                int inside = 0;
                if (wr_hex_neighbor(h, d, &nb) != WR_OK)
                    continue;
                check(wr_map_has_hex(m, nb, &inside), "wr_map_has_hex");
                if (!inside)
                    continue;
                wr_hexside side{};
                side.river = major ? WR_RIVER_MAJOR : WR_RIVER_MINOR;
                int c = bench_below(100);
                side.crossing = c < 70   ? WR_CROSS_OPEN
                                : c < 80 ? WR_CROSS_BRIDGE
                                : c < 90 ? (major ? WR_CROSS_FERRY : WR_CROSS_FORD)
                                         : WR_CROSS_FERRY;
                check(wr_map_set_hexside(m, h, d, &side), "wr_map_set_hexside");
            }
        }
    }
    return m;
}

// ---- the realistic map of the headline case ----

// Smooth integer value noise 0..999: seeded random values on a coarse grid
// of `cell` hexes, blended linearly between grid points.
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

wr_hex offset_hex(int col, int row)
{
    wr_hex h;
    check(wr_hex_from_offset(col, row, &h), "wr_hex_from_offset");
    return h;
}

bool is_land(const wr_map *m, wr_hex h)
{
    wr_hex_terrain t;
    check(wr_map_terrain(m, h, &t), "wr_map_terrain");
    return t != WR_HEX_SEA && t != WR_HEX_LAKE;
}

// Lays a road or track along a random walk from one hex towards another:
// each step to the neighbour closest to the goal, or now and then a random
// neighbour. A road over a river gets a bridge, a track a ford (minor
// rivers) or whatever crossing is there; water hexes end the stretch.
void lay_route(wr_map *m, int size, int c0, int r0, int c1, int r1, bool road)
{
    wr_hex h = offset_hex(c0, r0), goal = offset_hex(c1, r1);
    for (int steps = 0; steps < 8 * size; steps++) {
        int dist = 0;
        check(wr_hex_distance(h, goal, &dist), "wr_hex_distance");
        if (dist == 0)
            return;
        int best = -1, best_dist = 0;
        int first = bench_below(6);
        for (int k = 0; k < 6; k++) {
            int d = (first + k) % 6;
            wr_hex nb;
            int inside = 0, nd = 0;
            if (wr_hex_neighbor(h, d, &nb) != WR_OK)
                continue;
            check(wr_map_has_hex(m, nb, &inside), "wr_map_has_hex");
            if (!inside)
                continue;
            check(wr_hex_distance(nb, goal, &nd), "wr_hex_distance");
            if (best < 0 || nd < best_dist || bench_below(100) < 8) {
                best = d;
                best_dist = nd;
            }
        }
        if (best < 0)
            return;
        wr_hex nb;
        check(wr_hex_neighbor(h, best, &nb), "wr_hex_neighbor");
        if (is_land(m, h) && is_land(m, nb)) {
            wr_hexside side;
            check(wr_map_hexside(m, h, best, &side), "wr_map_hexside");
            if (road) {
                side.road = 1;
                if (side.river != WR_NO_RIVER)
                    side.crossing = WR_CROSS_BRIDGE;
            } else {
                side.track = 1;
                if (side.river == WR_RIVER_MINOR && side.crossing == WR_CROSS_OPEN)
                    side.crossing = WR_CROSS_FORD;
            }
            check(wr_map_set_hexside(m, h, best, &side), "wr_map_set_hexside");
        }
        h = nb;
    }
}

// A seeded map as a campaign would have it: sea along the west edge behind
// a ragged coast of coast hexes; inland, from two noise fields (height and
// wetness), clear land, forest, swamp, hills, mountains (which formed
// forces cross only by road or track) and a few lakes; rivers from the top
// row to the bottom along hexsides, minor and major, with open banks,
// bridges, fords and ferries; a grid of roads and tracks between towns.
wr_map *make_real_map(int size, uint64_t seed)
{
    bench_seed(seed);
    wr_map *m = nullptr;
    check(wr_map_new(size, size, &m), "wr_map_new");
    Noise height(size, std::max(4, size / 32)), wet(size, std::max(4, size / 24));
    std::vector<int> coast((size_t)size);
    int c = std::max(2, size / 20);
    for (int row = 0; row < size; row++) {
        c = std::min(size / 8 + 2, std::max(2, c + bench_below(3) - 1));
        coast[(size_t)row] = c;
    }
    for (int row = 0; row < size; row++) {
        for (int col = 0; col < size; col++) {
            int e = height.at(col, row), w = wet.at(col, row);
            wr_hex_terrain t = e > 700   ? WR_HEX_MOUNTAINS
                               : e > 580 ? WR_HEX_HILLS
                               : w > 640 && e < 300 ? WR_HEX_SWAMP
                               : w > 560 && e < 150 ? WR_HEX_LAKE
                               : w > 520 ? WR_HEX_FOREST
                                         : WR_HEX_CLEAR;
            if (col < coast[(size_t)row])
                t = WR_HEX_SEA;
            else if (col == coast[(size_t)row])
                t = WR_HEX_COAST;
            check(wr_map_set_terrain(m, offset_hex(col, row), t), "wr_map_set_terrain");
        }
    }
    int rivers = std::max(1, size / 32);
    for (int k = 0; k < rivers; k++) {
        int major = bench_below(100) < 30;
        int col = size / 8 + 4 + bench_below(std::max(1, size - size / 8 - 6));
        for (int row = 0; row < size; row++) {
            col = std::min(size - 2, std::max(size / 8 + 3, col + bench_below(3) - 1));
            wr_hex h = offset_hex(col, row);
            static const int dirs[3] = {0, 1, 5}; // east, north-east, south-east
            for (int d : dirs) {
                wr_hex nb;
                int inside = 0;
                if (wr_hex_neighbor(h, d, &nb) != WR_OK)
                    continue;
                check(wr_map_has_hex(m, nb, &inside), "wr_map_has_hex");
                if (!inside)
                    continue;
                wr_hexside side{};
                side.river = major ? WR_RIVER_MAJOR : WR_RIVER_MINOR;
                int r = bench_below(100);
                side.crossing = r < 70   ? WR_CROSS_OPEN
                                : r < 80 ? WR_CROSS_BRIDGE
                                : r < 90 ? (major ? WR_CROSS_FERRY : WR_CROSS_FORD)
                                         : WR_CROSS_FERRY;
                check(wr_map_set_hexside(m, h, d, &side), "wr_map_set_hexside");
            }
        }
    }
    // towns on a coarse grid; roads between neighbouring towns, tracks on
    // the diagonals
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

wr_plan_params plain_params()
{
    wr_plan_params p;
    check(wr_plan_params_default(WR_MOVER_INFANTRY, &p), "wr_plan_params_default");
    p.options = WR_PLAN_PLAIN_COSTS | WR_PLAN_RAFTS_ANYWHERE;
    return p;
}

// ---- the same map as a graph (built outside the timed region) ----

struct Graph {
    int n = 0;
    std::vector<int> off; // CSR offsets, n + 1
    std::vector<int> to;
    std::vector<int> w;   // points + days x daily points
};

// Every move wr_map_moves() lists, at points + days x daily points; moves
// that need unformed movement only when `unformed` is set.
Graph build_graph(const wr_map *m, const wr_plan_params &p, bool unformed = false)
{
    int width = 0, height = 0;
    check(wr_map_size(m, &width, &height), "wr_map_size");
    Graph g;
    g.n = width * height;
    g.off.assign((size_t)g.n + 1, 0);
    wr_plan_edge edges[WR_PLAN_MAX_EDGES];
    for (int32_t i = 0; i < g.n; i++) {
        wr_hex h;
        check(wr_map_hex(m, i, &h), "wr_map_hex");
        size_t count = 0;
        check(wr_map_moves(m, &p, h, edges, WR_PLAN_MAX_EDGES, &count), "wr_map_moves");
        for (size_t k = 0; k < count; k++) {
            if ((edges[k].flags & WR_STEP_UNFORMED) && !unformed)
                continue; // unformed movement is not allowed in these plans
            g.to.push_back(edges[k].to);
            g.w.push_back(edges[k].points + edges[k].days * p.costs.daily_points);
        }
        g.off[(size_t)i + 1] = (int)g.to.size();
    }
    return g;
}

constexpr int64_t UNREACHED = -1;

// ---- the floor's byte map of the same graph (bench/floor.c) ----

// The floor's byte map in huge pages from 2 MiB on (floor_big_alloc()).
template <class T> struct HugeAllocator {
    using value_type = T;
    HugeAllocator() = default;
    template <class U> HugeAllocator(const HugeAllocator<U> &) {}
    T *allocate(size_t n)
    {
        void *p = floor_big_alloc(n * sizeof(T));
        if (p == nullptr)
            throw std::bad_alloc();
        return static_cast<T *>(p);
    }
    void deallocate(T *p, size_t) { std::free(p); }
    bool operator==(const HugeAllocator &) const { return true; }
    bool operator!=(const HugeAllocator &) const { return false; }
};

// The library's field output (the caller's array of arrivals) the same way
// as the floor's arrays: in 4 KiB pages, its first writes after the other
// contenders ran cost the library's field about 5 ms at 1024x1024 in this
// VM (1.21x the floor's field, 1.01x with the floor alone between).
using Arrivals = std::vector<wr_arrival, HugeAllocator<wr_arrival>>;

struct FloorMap {
    std::vector<uint8_t, HugeAllocator<uint8_t>> bytes;
    floor_map map{};
};

// The cheapest move and the axial step of each direction (the floor's A*).
void finish_floor(FloorMap &f)
{
    f.map.hex = f.bytes.data();
    f.map.min_cost = 255;
    for (size_t i = 0; i < f.bytes.size(); i += 8)
        for (size_t d = 0; d < 6; d++)
            if (f.bytes[i + d] != 0 && f.bytes[i + d] < f.map.min_cost)
                f.map.min_cost = f.bytes[i + d];
    wr_hex h{0, 0};
    for (int d = 0; d < 6; d++) {
        wr_hex nb;
        check(wr_hex_neighbor(h, d, &nb), "wr_hex_neighbor");
        f.map.dq[d] = (int8_t)nb.q;
        f.map.dr[d] = (int8_t)nb.r;
    }
}

void make_floor(const wr_map *m, const Graph &g, FloorMap &f)
{
    int width = 0, height = 0;
    check(wr_map_size(m, &width, &height), "wr_map_size");
    f.bytes.assign((size_t)g.n * 8, 0);
    f.map.width = width;
    f.map.height = height;
    f.map.max_cost = 1;
    for (int32_t i = 0; i < g.n; i++) {
        wr_hex h;
        check(wr_map_hex(m, i, &h), "wr_map_hex");
        uint8_t *b = &f.bytes[(size_t)i * 8];
        b[6] = (uint8_t)((i / width) & 1);
        for (int k = g.off[(size_t)i]; k < g.off[(size_t)i + 1]; k++) {
            wr_hex t;
            int d = 0;
            check(wr_map_hex(m, g.to[(size_t)k], &t), "wr_map_hex");
            check(wr_hex_direction(h, t, &d), "wr_hex_direction (the floor takes neighbours only)");
            int w = g.w[(size_t)k];
            if (w < 1 || w > 255) {
                std::fprintf(stderr, "bench_route: a move of %d points does not fit a byte\n", w);
                std::exit(2);
            }
            if (b[d] == 0 || w < b[d])
                b[d] = (uint8_t)w;
            f.map.max_cost = std::max(f.map.max_cost, (uint32_t)w);
        }
    }
    for (int parity = 0; parity < 2; parity++) {
        wr_hex h;
        int32_t i = 0;
        check(wr_hex_from_offset(2, 2 + parity, &h), "wr_hex_from_offset");
        check(wr_map_index(m, h, &i), "wr_map_index");
        for (int d = 0; d < 6; d++) {
            wr_hex nb;
            int32_t j = 0;
            check(wr_hex_neighbor(h, d, &nb), "wr_hex_neighbor");
            check(wr_map_index(m, nb, &j), "wr_map_index");
            f.map.delta[parity][d] = j - i;
        }
    }
    finish_floor(f);
}

int64_t floor_at(const floor_search &s, int v)
{
    return s.dist[v] == FLOOR_UNREACHED ? UNREACHED : (int64_t)s.dist[v];
}


// ---- baseline: a plain binary-heap Dijkstra ----

// Stops when `goal` is settled (goal >= 0) or past `limit`.
void heap_dijkstra(const Graph &g, int src, int goal, int64_t limit, std::vector<int64_t> &dist,
                   std::vector<int> &parent, std::vector<uint64_t> &heap)
{
    dist.assign((size_t)g.n, std::numeric_limits<int64_t>::max());
    parent.assign((size_t)g.n, -1);
    heap.clear();
    auto greater = std::greater<uint64_t>();
    dist[(size_t)src] = 0;
    heap.push_back((uint64_t)src);
    while (!heap.empty()) {
        std::pop_heap(heap.begin(), heap.end(), greater);
        uint64_t top = heap.back();
        heap.pop_back();
        int u = (int)(top & 0xffffffffu);
        int64_t d = (int64_t)(top >> 32);
        if (d != dist[(size_t)u])
            continue;
        if (d > limit || u == goal)
            break;
        for (int k = g.off[(size_t)u]; k < g.off[(size_t)u + 1]; k++) {
            int v = g.to[(size_t)k];
            int64_t nd = d + g.w[(size_t)k];
            if (nd < dist[(size_t)v]) {
                dist[(size_t)v] = nd;
                parent[(size_t)v] = u;
                heap.push_back(((uint64_t)nd << 32) | (uint64_t)v);
                std::push_heap(heap.begin(), heap.end(), greater);
            }
        }
    }
}

// ---- reference (not a baseline): Dial's bucket queue over the prebuilt
// graph, to show what the planner's own search could reach without
// generating moves per hex ----

void dial_field(const Graph &g, int src, std::vector<uint32_t> &dist,
                std::vector<std::vector<int>> &ring)
{
    dist.assign((size_t)g.n, UINT32_MAX);
    const uint32_t mask = (uint32_t)ring.size() - 1u;
    for (auto &b : ring)
        b.clear();
    dist[(size_t)src] = 0;
    ring[0].push_back(src);
    size_t queued = 1;
    for (uint32_t cur = 0; queued > 0; cur++) {
        std::vector<int> &b = ring[cur & mask];
        while (!b.empty()) {
            int u = b.back();
            b.pop_back();
            queued--;
            if (dist[(size_t)u] != cur)
                continue;
            for (int k = g.off[(size_t)u]; k < g.off[(size_t)u + 1]; k++) {
                int v = g.to[(size_t)k];
                uint32_t nd = cur + (uint32_t)g.w[(size_t)k];
                if (nd < dist[(size_t)v]) {
                    dist[(size_t)v] = nd;
                    ring[nd & mask].push_back(v);
                    queued++;
                }
            }
        }
    }
}

// A* over the prebuilt graph with a bucket queue keyed by label + h, h = the
// cheapest move (min_w) x the hex distance to the goal: consistent, so the
// keys never decrease and each hex is settled once. Returns the label of the
// goal (UNREACHED when none) and counts the hexes settled.
int64_t astar_route(const Graph &g, int width, int min_w, int src, int goal,
                    std::vector<uint32_t> &dist, std::vector<std::vector<int>> &ring,
                    size_t *settled)
{
    auto hex_of = [width](int i, int &q, int &r) {
        r = i / width;
        q = i % width - (r >> 1);
    };
    int gq, gr;
    hex_of(goal, gq, gr);
    auto h = [&](int i) {
        int q, r;
        hex_of(i, q, r);
        int dq = q - gq, dr = r - gr;
        return (uint32_t)min_w * (uint32_t)((std::abs(dq) + std::abs(dr) + std::abs(dq + dr)) / 2);
    };
    dist.assign((size_t)g.n, UINT32_MAX);
    const uint32_t mask = (uint32_t)ring.size() - 1u;
    for (auto &b : ring)
        b.clear();
    dist[(size_t)src] = 0;
    uint32_t f0 = h(src);
    ring[f0 & mask].push_back(src);
    size_t queued = 1, count = 0;
    for (uint32_t cur = f0; queued > 0; cur++) {
        std::vector<int> &b = ring[cur & mask];
        while (!b.empty()) {
            int u = b.back();
            b.pop_back();
            queued--;
            if (dist[(size_t)u] + h(u) != cur)
                continue; // stale
            count++;
            if (u == goal) {
                *settled = count;
                return dist[(size_t)u];
            }
            for (int k = g.off[(size_t)u]; k < g.off[(size_t)u + 1]; k++) {
                int v = g.to[(size_t)k];
                uint32_t nd = dist[(size_t)u] + (uint32_t)g.w[(size_t)k];
                if (nd < dist[(size_t)v]) {
                    dist[(size_t)v] = nd;
                    ring[(nd + h(v)) & mask].push_back(v);
                    queued++;
                }
            }
        }
    }
    *settled = count;
    return UNREACHED;
}

// ---- baseline: Boost Graph ----

struct EdgeW {
    int w;
};
using BoostGraph =
    boost::compressed_sparse_row_graph<boost::directedS, boost::no_property, EdgeW>;

struct BoostStop {};

// Throws BoostStop when the goal is examined or a label passes the limit.
struct StopVisitor : boost::default_dijkstra_visitor {
    int goal;
    int64_t limit;
    const int *dist;
    StopVisitor(int goal_, int64_t limit_, const int *dist_)
        : goal(goal_), limit(limit_), dist(dist_) {}
    template <class V, class G> void examine_vertex(V u, const G &)
    {
        if ((int)u == goal || dist[u] > limit)
            throw BoostStop();
    }
};

struct BoostRun {
    BoostGraph g;
    std::vector<int> dist, pred;
    explicit BoostRun(const Graph &gr) : g(make(gr)), dist((size_t)gr.n), pred((size_t)gr.n) {}
    static BoostGraph make(const Graph &gr)
    {
        std::vector<std::pair<int, int>> e;
        std::vector<EdgeW> w;
        e.reserve(gr.to.size());
        for (int u = 0; u < gr.n; u++)
            for (int k = gr.off[(size_t)u]; k < gr.off[(size_t)u + 1]; k++) {
                e.emplace_back(u, gr.to[(size_t)k]);
                w.push_back(EdgeW{gr.w[(size_t)k]});
            }
        return BoostGraph(boost::edges_are_sorted, e.begin(), e.end(), w.begin(),
                          (size_t)gr.n);
    }
    void run(int src, int goal, int64_t limit)
    {
        StopVisitor vis(goal, limit, dist.data());
        try {
            boost::dijkstra_shortest_paths(
                g, (size_t)src,
                boost::weight_map(boost::get(&EdgeW::w, g))
                    .distance_map(boost::make_iterator_property_map(
                        dist.begin(), boost::get(boost::vertex_index, g)))
                    .predecessor_map(boost::make_iterator_property_map(
                        pred.begin(), boost::get(boost::vertex_index, g)))
                    .visitor(vis));
        } catch (const BoostStop &) {
        }
    }
    int64_t at(int v) const
    {
        return dist[(size_t)v] == std::numeric_limits<int>::max() ? UNREACHED : dist[(size_t)v];
    }
};

// Boost's A* on the same CSR graph, with the same heuristic as the
// planner's (the cheapest move x the hex distance to the goal) and its
// property maps allocated once (baseline "boost_astar" of route_query).
struct BoostAstarRun {
    const BoostGraph &g;
    int width, min_w;
    std::vector<int> dist, cost, pred;
    std::vector<boost::default_color_type> color;
    BoostAstarRun(const BoostRun &b, int width_, int min_w_)
        : g(b.g), width(width_), min_w(min_w_), dist(b.dist.size()), cost(b.dist.size()),
          pred(b.dist.size()), color(b.dist.size())
    {
    }
    struct Heuristic : boost::astar_heuristic<BoostGraph, int> {
        int width, min_w, gq, gr;
        Heuristic(int width_, int min_w_, int goal) : width(width_), min_w(min_w_)
        {
            gr = goal / width;
            gq = goal % width - (gr >> 1);
        }
        int operator()(size_t v) const
        {
            int r = (int)v / width, q = (int)v % width - (r >> 1);
            int dq = q - gq, dr = r - gr;
            return min_w * ((std::abs(dq) + std::abs(dr) + std::abs(dq + dr)) / 2);
        }
    };
    struct Stop : boost::default_astar_visitor {
        int goal;
        explicit Stop(int goal_) : goal(goal_) {}
        template <class V, class G> void examine_vertex(V u, const G &)
        {
            if ((int)u == goal)
                throw BoostStop();
        }
    };
    void run(int src, int goal)
    {
        auto index = boost::get(boost::vertex_index, g);
        try {
            boost::astar_search(
                g, (size_t)src, Heuristic(width, min_w, goal),
                boost::weight_map(boost::get(&EdgeW::w, g))
                    .distance_map(boost::make_iterator_property_map(dist.begin(), index))
                    .rank_map(boost::make_iterator_property_map(cost.begin(), index))
                    .predecessor_map(boost::make_iterator_property_map(pred.begin(), index))
                    .color_map(boost::make_iterator_property_map(color.begin(), index))
                    .visitor(Stop(goal)));
        } catch (const BoostStop &) {
        }
    }
    int64_t at(int v) const
    {
        return dist[(size_t)v] == std::numeric_limits<int>::max() ? UNREACHED : dist[(size_t)v];
    }
};

// The same with Boost's adjacency_list, the graph type most Boost users
// start from (baseline "boost_adjlist"; the targets are against the CSR graph).
using BoostAdjGraph = boost::adjacency_list<boost::vecS, boost::vecS, boost::directedS,
                                            boost::no_property,
                                            boost::property<boost::edge_weight_t, int>>;

struct BoostAdjRun {
    BoostAdjGraph g;
    std::vector<int> dist, pred;
    explicit BoostAdjRun(const Graph &gr) : g((size_t)gr.n), dist((size_t)gr.n), pred((size_t)gr.n)
    {
        for (int u = 0; u < gr.n; u++)
            for (int k = gr.off[(size_t)u]; k < gr.off[(size_t)u + 1]; k++)
                boost::add_edge((size_t)u, (size_t)gr.to[(size_t)k], gr.w[(size_t)k], g);
    }
    void run(int src, int goal, int64_t limit)
    {
        StopVisitor vis(goal, limit, dist.data());
        try {
            boost::dijkstra_shortest_paths(
                g, (size_t)src,
                boost::distance_map(boost::make_iterator_property_map(
                                        dist.begin(), boost::get(boost::vertex_index, g)))
                    .predecessor_map(boost::make_iterator_property_map(
                        pred.begin(), boost::get(boost::vertex_index, g)))
                    .visitor(vis));
        } catch (const BoostStop &) {
        }
    }
    int64_t at(int v) const
    {
        return dist[(size_t)v] == std::numeric_limits<int>::max() ? UNREACHED : dist[(size_t)v];
    }
};

// ---- baseline: igraph ----

struct IgraphRun {
    igraph_t g;
    igraph_vector_t w;
    igraph_matrix_t res;
    igraph_vector_int_t path_v, path_e;
    explicit IgraphRun(const Graph &gr)
    {
        igraph_vector_int_t e;
        igraph_vector_int_init(&e, (igraph_integer_t)gr.to.size() * 2);
        igraph_vector_init(&w, (igraph_integer_t)gr.to.size());
        igraph_integer_t i = 0;
        for (int u = 0; u < gr.n; u++)
            for (int k = gr.off[(size_t)u]; k < gr.off[(size_t)u + 1]; k++, i++) {
                VECTOR(e)[2 * i] = u;
                VECTOR(e)[2 * i + 1] = gr.to[(size_t)k];
                VECTOR(w)[i] = gr.w[(size_t)k];
            }
        igraph_create(&g, &e, gr.n, IGRAPH_DIRECTED);
        igraph_vector_int_destroy(&e);
        igraph_matrix_init(&res, 0, 0);
        igraph_vector_int_init(&path_v, 0);
        igraph_vector_int_init(&path_e, 0);
    }
    ~IgraphRun()
    {
        igraph_vector_int_destroy(&path_v);
        igraph_vector_int_destroy(&path_e);
        igraph_matrix_destroy(&res);
        igraph_vector_destroy(&w);
        igraph_destroy(&g);
    }
    IgraphRun(const IgraphRun &) = delete;
    IgraphRun &operator=(const IgraphRun &) = delete;
    void field(int src)
    {
        igraph_distances_dijkstra(&g, &res, igraph_vss_1(src), igraph_vss_all(), &w, IGRAPH_OUT);
    }
    void reach(int src, int64_t limit)
    {
        igraph_distances_dijkstra_cutoff(&g, &res, igraph_vss_1(src), igraph_vss_all(), &w,
                                         IGRAPH_OUT, (igraph_real_t)limit);
    }
    int64_t at(int v) const
    {
        igraph_real_t d = MATRIX(res, 0, v);
        return d == IGRAPH_INFINITY ? UNREACHED : (int64_t)d;
    }
    int64_t route(int src, int goal)
    {
        igraph_get_shortest_path_dijkstra(&g, &path_v, &path_e, src, goal, &w, IGRAPH_OUT);
        if (igraph_vector_int_size(&path_v) == 0)
            return UNREACHED;
        int64_t sum = 0;
        for (igraph_integer_t k = 0; k < igraph_vector_int_size(&path_e); k++)
            sum += (int64_t)VECTOR(w)[VECTOR(path_e)[k]];
        return sum;
    }
};

// ---- the library ----

int64_t arrival_points(const wr_arrival &a, int daily)
{
    return a.day < 0 ? UNREACHED : (int64_t)a.day * daily - a.points_left;
}

struct Timer {
    std::vector<std::vector<double>> samples;
    explicit Timer(size_t impls) : samples(impls) {}
    double median(size_t i)
    {
        return bench_median(samples[i].data(), (int)samples[i].size());
    }
};

// Runs every implementation `repeats` times, interleaved, the first one
// rotating from repeat to repeat.
void interleave(int repeats, std::vector<std::function<void()>> &impls, Timer &t)
{
    for (int r = 0; r < repeats; r++) {
        for (size_t k = 0; k < impls.size(); k++) {
            size_t i = (k + (size_t)r) % impls.size();
            double t0 = bench_now_ms();
            impls[i]();
            t.samples[i].push_back(bench_now_ms() - t0);
        }
    }
}

const char *const BASELINES[4] = {"boost", "igraph", "heap", "boost_adjlist"};

void report(const std::string &name, Timer &t, const int match[4])
{
    double lib = t.median(0);
    for (size_t b = 0; b < 4; b++)
        bench_case(name.c_str(), BASELINES[b], t.median(b + 1), lib, match[b]);
}

void make_floor_direct(const wr_map *m, const wr_plan_params &p, FloorMap &f);

// A map of size x size and a planner counting their bytes, after a plain
// field from the middle (*after_plain: the planner's bytes then) and a
// full-rules field with unformed movement (two states a hex).
struct MemoryRun {
    Counter map_bytes, planner_bytes;
    wr_allocator am{counting_alloc, &map_bytes};
    wr_allocator ap{counting_alloc, &planner_bytes};
    wr_map *m = nullptr;
    wr_planner *pl = nullptr;
    wr_hex from{};
    size_t after_plain = 0;

    MemoryRun(const MemoryRun &) = delete;
    MemoryRun &operator=(const MemoryRun &) = delete;
    explicit MemoryRun(int size, std::vector<wr_arrival> &field)
    {
        m = make_map(size, 1234u + (uint64_t)size, &am);
        wr_plan_params p = plain_params();
        check(wr_planner_new_ex(&ap, &pl), "wr_planner_new_ex");
        size_t n = (size_t)size * (size_t)size;
        field.resize(n);
        check(wr_hex_from_offset(size / 2, size / 2, &from), "wr_hex_from_offset");
        check(wr_map_set_terrain(m, from, WR_HEX_CLEAR), "wr_map_set_terrain");
        check(wr_planner_field(pl, m, &p, from, field.data(), n), "wr_planner_field");
        after_plain = planner_bytes.live;
        wr_plan_params full = p;
        full.options = WR_PLAN_RAFTS_ANYWHERE | WR_PLAN_UNFORMED;
        check(wr_planner_field(pl, m, &full, from, field.data(), n), "wr_planner_field");
    }
    ~MemoryRun()
    {
        wr_planner_free(pl);
        wr_map_free(m);
    }
};

int memory_mode(int size)
{
    size_t n = (size_t)size * (size_t)size;
    // The planner's bytes a hex as the slope between this size and half of
    // it (what each further hex costs), and the fixed part left (tables by
    // key, the bucket pool: the same at any size).
    std::vector<wr_arrival> field;
    size_t half_bytes = 0, half_map_bytes = 0;
    if (size >= 512) {
        MemoryRun half(size / 2, field);
        half_bytes = half.planner_bytes.live;
        half_map_bytes = half.map_bytes.live;
    }
    MemoryRun run(size, field);
    const double slope =
        ((double)run.planner_bytes.live - (double)half_bytes) / (double)(n - n / 4u);
    const double fixed = (double)run.planner_bytes.live - slope * (double)n;
    const double map_slope =
        ((double)run.map_bytes.live - (double)half_map_bytes) / (double)(n - n / 4u);
    Counter &map_bytes = run.map_bytes, &planner_bytes = run.planner_bytes;
    wr_map *m = run.m;
    wr_planner *pl = run.pl;
    wr_hex from = run.from;
    wr_plan_params p = plain_params();
    const double after_plain = (double)run.after_plain / (double)n;
    const double after_full = (double)planner_bytes.live / (double)n;
    wr_hex to;
    check(wr_hex_from_offset(size - 1, size - 1, &to), "wr_hex_from_offset");
    check(wr_map_set_terrain(m, to, WR_HEX_CLEAR), "wr_map_set_terrain");
    wr_route route;
    check(wr_planner_route(pl, m, &p, from, to, &route), "wr_planner_route");
    const wr_hex *hexes = nullptr;
    size_t count = 0;
    check(wr_planner_reachable(pl, m, &p, from, 30, &hexes, &count), "wr_planner_reachable");
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    std::string s = std::to_string(size);
    bench_extra(("map_bytes_per_hex_" + s).c_str(), (double)map_bytes.peak / (double)n, "B");
    bench_extra(("planner_bytes_per_hex_" + s).c_str(), (double)planner_bytes.peak / (double)n,
                "B");
    bench_extra(("planner_bytes_per_hex_after_plain_field_" + s).c_str(), after_plain, "B");
    bench_extra(("planner_bytes_per_hex_after_full_rules_field_" + s).c_str(), after_full, "B");
    if (size >= 512) {
        bench_extra(("planner_bytes_per_hex_slope_after_full_rules_field_" + s).c_str(), slope,
                    "B");
        bench_extra(("planner_fixed_bytes_after_full_rules_field_" + s).c_str(), fixed / 1024.0,
                    "KiB");
        bench_extra(("map_bytes_per_hex_slope_" + s).c_str(), map_slope, "B");
    }
    bench_extra(("field_bytes_per_hex_" + s).c_str(), (double)sizeof(wr_arrival), "B");
    {
        FloorMap fm;
        make_floor_direct(m, p, fm);
        floor_search fs;
        if (!floor_search_init(&fs, &fm.map))
            std::exit(2);
        int32_t src = 0;
        check(wr_map_index(m, from, &src), "wr_map_index");
        floor_field(&fs, &fm.map, src, FLOOR_UNREACHED);
        bench_extra(("floor_map_bytes_per_hex_" + s).c_str(), (double)fm.bytes.size() / (double)n,
                    "B");
        bench_extra(("floor_search_bytes_per_hex_" + s).c_str(),
                    (double)floor_search_bytes(&fs, &fm.map) / (double)n, "B");
        floor_search_free(&fs);
    }
    bench_extra(("peak_rss_library_only_" + s).c_str(), (double)ru.ru_maxrss / 1024.0, "MiB");
    return 0;
}

// The byte map of the floor straight from wr_map_moves(), without a graph
// (for maps too large for the graph libraries).
void make_floor_direct(const wr_map *m, const wr_plan_params &p, FloorMap &f)
{
    int width = 0, height = 0;
    check(wr_map_size(m, &width, &height), "wr_map_size");
    const int32_t n = width * height;
    f.bytes.assign((size_t)n * 8, 0);
    f.map.width = width;
    f.map.height = height;
    f.map.max_cost = 1;
    wr_plan_edge edges[WR_PLAN_MAX_EDGES];
    for (int32_t i = 0; i < n; i++) {
        wr_hex h;
        check(wr_map_hex(m, i, &h), "wr_map_hex");
        size_t count = 0;
        check(wr_map_moves(m, &p, h, edges, WR_PLAN_MAX_EDGES, &count), "wr_map_moves");
        uint8_t *b = &f.bytes[(size_t)i * 8];
        b[6] = (uint8_t)((i / width) & 1);
        for (size_t k = 0; k < count; k++) {
            if (edges[k].flags & WR_STEP_UNFORMED)
                continue;
            wr_hex t;
            int d = 0;
            check(wr_map_hex(m, edges[k].to, &t), "wr_map_hex");
            check(wr_hex_direction(h, t, &d), "wr_hex_direction");
            int w = edges[k].points + edges[k].days * p.costs.daily_points;
            if (w < 1 || w > 255)
                std::exit(2);
            if (b[d] == 0 || w < b[d])
                b[d] = (uint8_t)w;
            f.map.max_cost = std::max(f.map.max_cost, (uint32_t)w);
        }
    }
    for (int parity = 0; parity < 2; parity++) {
        int32_t i = 0;
        wr_hex h = offset_hex(2, 2 + parity);
        check(wr_map_index(m, h, &i), "wr_map_index");
        for (int d = 0; d < 6; d++) {
            wr_hex nb;
            int32_t j = 0;
            check(wr_hex_neighbor(h, d, &nb), "wr_hex_neighbor");
            check(wr_map_index(m, nb, &j), "wr_map_index");
            f.map.delta[parity][d] = j - i;
        }
    }
    finish_floor(f);
}

// Cold fields (issue 26): the library's first field after an edit of the map
// (one far hex's terrain changed and changed back: the same map, a new
// generation), its first field on a new planner, and its first field on the
// map after a field on another map of the same size (the same planner: its
// records are the other map's), against its own warm field and the floor's
// first field on new arrays (floor_search_init(), its page faults
// included). An edit costs the floor nothing: its byte record of the hex
// changes in place. Cases route_field_cold_edit_<size>,
// route_field_cold_new_<size> and route_field_cold_map_<size> against
// `library_warm`, the first two against `floor_cold`; extras: each cold over
// warm.
void cold_cases(const std::string &S, wr_map *m, wr_planner *pl, const wr_plan_params &p,
                wr_hex from, wr_arrival *field, size_t n, FloorMap &fm, int32_t src, int repeats)
{
    const int P = p.costs.daily_points;
    wr_hex far = offset_hex(0, 0);
    wr_hex_terrain t0;
    check(wr_map_terrain(m, far, &t0), "wr_map_terrain");
    const wr_hex_terrain t1 = t0 == WR_HEX_CLEAR ? WR_HEX_HILLS : WR_HEX_CLEAR;
    auto edit = [&] {
        check(wr_map_set_terrain(m, far, t1), "wr_map_set_terrain");
        check(wr_map_set_terrain(m, far, t0), "wr_map_set_terrain");
    };
    std::vector<wr_arrival> ref(field, field + n);
    check(wr_planner_field(pl, m, &p, from, ref.data(), n), "wr_planner_field");
    int width = 0, height = 0;
    check(wr_map_size(m, &width, &height), "wr_map_size");
    wr_map *other = nullptr; // all clear: no draw from the bench's dice
    check(wr_map_new(width, height, &other), "wr_map_new");
    int match = 1, floor_match = 1;
    // 0 library warm, 1 library after an edit, 2 library on a new planner,
    // 3 floor warm, 4 floor on new arrays, 5 library after another map
    Timer t(6);
    floor_search warm;
    if (!floor_search_init(&warm, &fm.map))
        std::exit(2);
    floor_field(&warm, &fm.map, src, FLOOR_UNREACHED);
    for (int r = 0; r < repeats; r++) {
        for (int k = 0; k < 6; k++) {
            int i = (k + r) % 6;
            double t0ms = 0, t1ms = 0;
            if (i == 0) {
                t0ms = bench_now_ms();
                check(wr_planner_field(pl, m, &p, from, field, n), "wr_planner_field");
                t1ms = bench_now_ms();
            } else if (i == 1) {
                edit();
                t0ms = bench_now_ms();
                check(wr_planner_field(pl, m, &p, from, field, n), "wr_planner_field");
                t1ms = bench_now_ms();
                match &= std::memcmp(field, ref.data(), n * sizeof *field) == 0;
            } else if (i == 2) {
                wr_planner *fresh = nullptr;
                t0ms = bench_now_ms();
                check(wr_planner_new(&fresh), "wr_planner_new");
                check(wr_planner_field(fresh, m, &p, from, field, n), "wr_planner_field");
                t1ms = bench_now_ms();
                wr_planner_free(fresh);
                match &= std::memcmp(field, ref.data(), n * sizeof *field) == 0;
            } else if (i == 3) {
                t0ms = bench_now_ms();
                floor_field(&warm, &fm.map, src, FLOOR_UNREACHED);
                t1ms = bench_now_ms();
            } else if (i == 5) {
                check(wr_planner_field(pl, other, &p, from, field, n), "wr_planner_field");
                t0ms = bench_now_ms();
                check(wr_planner_field(pl, m, &p, from, field, n), "wr_planner_field");
                t1ms = bench_now_ms();
                match &= std::memcmp(field, ref.data(), n * sizeof *field) == 0;
            } else {
                floor_search fs;
                t0ms = bench_now_ms();
                if (!floor_search_init(&fs, &fm.map))
                    std::exit(2);
                floor_field(&fs, &fm.map, src, FLOOR_UNREACHED);
                t1ms = bench_now_ms();
                for (size_t h = 0; h < n; h++)
                    floor_match &= floor_at(fs, (int)h) == arrival_points(ref[h], P);
                floor_search_free(&fs);
            }
            t.samples[(size_t)i].push_back(t1ms - t0ms);
        }
    }
    floor_search_free(&warm);
    wr_map_free(other);
    bench_case(("route_field_cold_edit_" + S).c_str(), "library_warm", t.median(0), t.median(1),
               match);
    bench_case(("route_field_cold_new_" + S).c_str(), "library_warm", t.median(0), t.median(2),
               match);
    bench_case(("route_field_cold_edit_" + S).c_str(), "floor_cold", t.median(4), t.median(1),
               match && floor_match);
    bench_case(("route_field_cold_new_" + S).c_str(), "floor_cold", t.median(4), t.median(2),
               match && floor_match);
    bench_extra(("route_field_" + S + "_cold_edit_over_warm").c_str(), t.median(1) / t.median(0),
                "x");
    bench_extra(("route_field_" + S + "_cold_new_over_warm").c_str(), t.median(2) / t.median(0),
                "x");
    bench_case(("route_field_cold_map_" + S).c_str(), "library_warm", t.median(0), t.median(5),
               match);
    bench_extra(("route_field_" + S + "_cold_map_over_warm").c_str(), t.median(5) / t.median(0),
                "x");
    bench_extra(("floor_field_" + S + "_cold_over_warm").c_str(), t.median(4) / t.median(3), "x");
}

// The planner against the floor only, on the plain-cost map of any size up
// to 4096x4096 (the graph libraries would need gigabytes there): cases
// route_field_<size> and reach_<size> against `floor`, for the scaling table.
int scaling_mode(int size, int repeats)
{
    wr_map *m = make_map(size, 1234u + (uint64_t)size, nullptr);
    wr_plan_params p = plain_params();
    const int P = p.costs.daily_points;
    wr_hex from = offset_hex(size / 2, size / 2);
    check(wr_map_set_terrain(m, from, WR_HEX_CLEAR), "wr_map_set_terrain");
    int32_t src = 0;
    check(wr_map_index(m, from, &src), "wr_map_index");
    FloorMap fm;
    make_floor_direct(m, p, fm);
    floor_search fs;
    if (!floor_search_init(&fs, &fm.map))
        return 2;
    wr_planner *pl = nullptr;
    check(wr_planner_new(&pl), "wr_planner_new");
    const size_t n = (size_t)size * (size_t)size;
    Arrivals field(n);
    const std::string S = std::to_string(size);
    check(wr_planner_field(pl, m, &p, from, field.data(), n), "wr_planner_field");
    floor_field(&fs, &fm.map, src, FLOOR_UNREACHED);
    int match = 1;
    for (size_t i = 0; i < n; i++)
        match &= floor_at(fs, (int)i) == arrival_points(field[i], P);
    std::vector<std::function<void()>> impls = {
        [&] { wr_planner_field(pl, m, &p, from, field.data(), n); },
        [&] { floor_field(&fs, &fm.map, src, FLOOR_UNREACHED); }};
    Timer t(impls.size());
    interleave(repeats, impls, t);
    bench_case(("route_field_" + S).c_str(), "floor", t.median(1), t.median(0), match);

    int days = std::max(2, size / 16);
    uint32_t limit = (uint32_t)days * (uint32_t)P;
    const wr_hex *hexes = nullptr;
    size_t count = 0;
    check(wr_planner_reachable(pl, m, &p, from, days, &hexes, &count), "wr_planner_reachable");
    std::vector<int32_t> lib, base;
    for (size_t i = 0; i < count; i++) {
        int32_t idx = 0;
        check(wr_map_index(m, hexes[i], &idx), "wr_map_index");
        lib.push_back(idx);
    }
    std::sort(lib.begin(), lib.end());
    floor_field(&fs, &fm.map, src, limit);
    for (size_t i = 0; i < n; i++)
        if (fs.dist[i] <= limit)
            base.push_back((int32_t)i);
    std::vector<std::function<void()>> reach = {
        [&] { wr_planner_reachable(pl, m, &p, from, days, &hexes, &count); },
        [&] { floor_field(&fs, &fm.map, src, limit); }};
    Timer tr(reach.size());
    interleave(repeats, reach, tr);
    bench_case(("reach_" + S).c_str(), "floor", tr.median(1), tr.median(0), lib == base);
    cold_cases(S, m, pl, p, from, field.data(), n, fm, src, repeats);
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    bench_extra(("peak_rss_scaling_" + S).c_str(), (double)ru.ru_maxrss / 1024.0, "MiB");
    floor_search_free(&fs);
    wr_planner_free(pl);
    wr_map_free(m);
    return 0;
}

// BENCH_ONLY=<prefix>: only the cases whose name starts with it (route_query_1024,
// route_field_real, ...), to time one case; unset or empty: all of them.
bool wanted(const std::string &name)
{
    const char *only = std::getenv("BENCH_ONLY");
    return only == nullptr || name.compare(0, std::strlen(only), only) == 0;
}

// Only the library's field, `repeats` times: for perf record / callgrind.
enum ProfileKind { PROFILE_FIELD, PROFILE_REACH, PROFILE_ROUTE, PROFILE_REAL };

int profile_mode(int size, int repeats, ProfileKind kind)
{
    wr_map *m = nullptr;
    wr_plan_params p = plain_params();
    if (kind == PROFILE_REAL) { // the full rules on the realistic map (route_field_real)
        m = make_real_map(size, 4321u + (uint64_t)size);
        check(wr_plan_params_default(WR_MOVER_INFANTRY, &p), "wr_plan_params_default");
        p.options = WR_PLAN_RAFTS_ANYWHERE | WR_PLAN_UNFORMED;
    } else {
        m = make_map(size, 1234u + (uint64_t)size, nullptr);
    }
    wr_hex from;
    check(wr_hex_from_offset(size / 2, size / 2, &from), "wr_hex_from_offset");
    check(wr_map_set_terrain(m, from, WR_HEX_CLEAR), "wr_map_set_terrain");
    wr_planner *pl = nullptr;
    check(wr_planner_new(&pl), "wr_planner_new");
    size_t n = (size_t)size * (size_t)size;
    Arrivals field(n);
    const wr_hex *hexes = nullptr;
    size_t count = 0;
    const int days = std::max(2, size / 16);
    bench_seed(99u + (uint64_t)size);
    std::vector<wr_hex> ends;
    while (ends.size() < 8) {
        wr_hex h;
        wr_hex_terrain t;
        check(wr_map_hex(m, (int32_t)bench_below((uint32_t)n), &h), "wr_map_hex");
        check(wr_map_terrain(m, h, &t), "wr_map_terrain");
        if (t != WR_HEX_LAKE)
            ends.push_back(h);
    }
    wr_route route;
    double t0 = bench_now_ms();
    for (int r = 0; r < repeats; r++) {
        if (kind == PROFILE_REACH)
            check(wr_planner_reachable(pl, m, &p, from, days, &hexes, &count),
                  "wr_planner_reachable");
        else if (kind == PROFILE_FIELD || kind == PROFILE_REAL)
            check(wr_planner_field(pl, m, &p, from, field.data(), n), "wr_planner_field");
        else
            for (size_t q = 0; q < ends.size(); q += 2)
                wr_planner_route(pl, m, &p, ends[q], ends[q + 1], &route);
    }
    static const char *what[] = {"fields", "reachable sets", "rounds of 4 routes",
                                 "full-rules fields on the realistic map"};
    std::fprintf(stderr, "bench_route: %d %s in %.1f ms\n", repeats, what[kind],
                 bench_now_ms() - t0);
    wr_planner_free(pl);
    wr_map_free(m);
    return 0;
}

// The headline case: the full rules (days, saving, unformed movement and
// rally, whole-day crossings) on the realistic map, from one hex to every
// hex (route_field_real_<size>, against the floor on the same map's plain
// costs, unformed moves included) and point to point (route_query_real_<size>,
// against Boost's A* on those plain costs). The answers cannot be equal
// (day boundaries only add), so a case matches when the same hexes are
// reached and no full-rules label is below the plain one.
void real_map_cases(int size, int repeats, int queries)
{
    const std::string S = std::to_string(size);
    wr_map *m = make_real_map(size, 4321u + (uint64_t)size);
    wr_plan_params full;
    check(wr_plan_params_default(WR_MOVER_INFANTRY, &full), "wr_plan_params_default");
    full.options = WR_PLAN_RAFTS_ANYWHERE | WR_PLAN_UNFORMED;
    const int P = full.costs.daily_points;
    wr_hex from = offset_hex(size / 2, size / 2);
    check(wr_map_set_terrain(m, from, WR_HEX_CLEAR), "wr_map_set_terrain");
    int32_t src = 0;
    check(wr_map_index(m, from, &src), "wr_map_index");
    Graph g = build_graph(m, full, true);
    FloorMap fm;
    make_floor(m, g, fm);
    floor_search fs;
    if (!floor_search_init(&fs, &fm.map)) {
        std::fprintf(stderr, "bench_route: out of memory\n");
        std::exit(2);
    }
    size_t counts[WR_HEX_TERRAIN_COUNT] = {0}, roads = 0, tracks = 0, rivers = 0, unformed = 0;
    for (int32_t i = 0; i < g.n; i++) {
        wr_hex h;
        wr_hex_terrain t;
        check(wr_map_hex(m, i, &h), "wr_map_hex");
        check(wr_map_terrain(m, h, &t), "wr_map_terrain");
        counts[t]++;
        for (int d = 0; d < 3; d++) {
            wr_hex nb;
            int inside = 0;
            wr_hexside side;
            if (wr_hex_neighbor(h, d, &nb) != WR_OK)
                continue;
            check(wr_map_has_hex(m, nb, &inside), "wr_map_has_hex");
            if (!inside)
                continue;
            check(wr_map_hexside(m, h, d, &side), "wr_map_hexside");
            roads += side.road != 0;
            tracks += side.track != 0;
            rivers += side.river != WR_NO_RIVER;
        }
        wr_plan_edge edges[WR_PLAN_MAX_EDGES];
        size_t count = 0;
        check(wr_map_moves(m, &full, h, edges, WR_PLAN_MAX_EDGES, &count), "wr_map_moves");
        for (size_t k = 0; k < count; k++)
            unformed += (edges[k].flags & WR_STEP_UNFORMED) != 0;
    }
    std::fprintf(stderr,
                 "bench_route: realistic %dx%d map: clear %zu forest %zu swamp %zu hills %zu "
                 "mountains %zu sea %zu coast %zu lake %zu; hexsides: road %zu track %zu river "
                 "%zu; %zu moves, %zu of them unformed\n",
                 size, size, counts[0], counts[1], counts[2], counts[3], counts[4], counts[5],
                 counts[6], counts[7], roads, tracks, rivers, g.to.size(), unformed);

    wr_planner *pl = nullptr;
    check(wr_planner_new(&pl), "wr_planner_new");
    const size_t n = (size_t)g.n;
    Arrivals field(n);
    {
        check(wr_planner_field(pl, m, &full, from, field.data(), n), "wr_planner_field");
        floor_field(&fs, &fm.map, src, FLOOR_UNREACHED);
        int match = 1;
        size_t reached = 0, later = 0;
        for (size_t i = 0; i < n; i++) {
            int64_t lib = arrival_points(field[i], P), plain = floor_at(fs, (int)i);
            reached += lib != UNREACHED;
            later += lib > plain;
            match &= (lib == UNREACHED) == (plain == UNREACHED) && lib >= plain;
        }
        std::fprintf(stderr,
                     "bench_route: full rules reach %zu hexes, %zu of them later than on "
                     "plain costs\n",
                     reached, later);
        std::vector<std::function<void()>> impls = {
            [&] { wr_planner_field(pl, m, &full, from, field.data(), n); },
            [&] { floor_field(&fs, &fm.map, src, FLOOR_UNREACHED); }};
        Timer t(impls.size());
        interleave(repeats, impls, t);
        bench_case(("route_field_real_" + S).c_str(), "floor", t.median(1), t.median(0), match);
    }
    {
        bench_seed(77u + (uint64_t)size);
        std::vector<std::pair<wr_hex, wr_hex>> pairs;
        std::vector<std::pair<int, int>> ipairs;
        while ((int)pairs.size() < queries) {
            int32_t a = (int32_t)bench_below(g.n), b = (int32_t)bench_below(g.n);
            if (a == b || g.off[(size_t)a] == g.off[(size_t)a + 1] ||
                g.off[(size_t)b] == g.off[(size_t)b + 1])
                continue;
            wr_hex ha, hb;
            check(wr_map_hex(m, a, &ha), "wr_map_hex");
            check(wr_map_hex(m, b, &hb), "wr_map_hex");
            if (!is_land(m, ha) || !is_land(m, hb))
                continue;
            pairs.emplace_back(ha, hb);
            ipairs.emplace_back(a, b);
        }
        int minw = INT32_MAX;
        for (int w : g.w)
            minw = std::min(minw, w);
        BoostRun boost_run(g);
        BoostAstarRun astar(boost_run, size, minw);
        int match = 1;
        wr_route route;
        for (size_t q = 0; q < pairs.size(); q++) {
            wr_status st = wr_planner_route(pl, m, &full, pairs[q].first, pairs[q].second, &route);
            int64_t lib = UNREACHED;
            if (st == WR_OK)
                lib = (int64_t)route.arrival_day * P - route.points_left;
            else if (st != WR_ERR_FORBIDDEN)
                check(st, "wr_planner_route");
            astar.run(ipairs[q].first, ipairs[q].second);
            int64_t plain = astar.at(ipairs[q].second);
            match &= (lib == UNREACHED) == (plain == UNREACHED) && lib >= plain;
        }
        std::vector<std::function<void()>> impls = {
            [&] {
                for (auto &pr : pairs)
                    wr_planner_route(pl, m, &full, pr.first, pr.second, &route);
            },
            [&] {
                for (auto &pr : ipairs)
                    astar.run(pr.first, pr.second);
            }};
        Timer t(impls.size());
        interleave(repeats, impls, t);
        bench_case(("route_query_real_" + S).c_str(), "boost_astar", t.median(1), t.median(0),
                   match);
    }
    floor_search_free(&fs);
    wr_planner_free(pl);
    wr_map_free(m);
}

} // namespace

int main(int argc, char **argv)
{
    if (argc < 4) {
        std::fprintf(stderr, "usage: bench_route <size> <repeats> <queries> [--memory|--profile|--profile-reach|--profile-route|--profile-real|--scaling]\n");
        return 2;
    }
    int size = std::atoi(argv[1]), repeats = std::atoi(argv[2]), queries = std::atoi(argv[3]);
    if (size < 4 || size > 4096 || repeats < 1 || queries < 1) {
        std::fprintf(stderr, "bench_route: size 4..4096, repeats and queries at least 1\n");
        return 2;
    }
    if (argc > 4 && std::string(argv[4]) == "--memory")
        return memory_mode(size);
    if (argc > 4 && std::string(argv[4]) == "--profile")
        return profile_mode(size, repeats, PROFILE_FIELD);
    if (argc > 4 && std::string(argv[4]) == "--profile-reach")
        return profile_mode(size, repeats, PROFILE_REACH);
    if (argc > 4 && std::string(argv[4]) == "--profile-route")
        return profile_mode(size, repeats, PROFILE_ROUTE);
    if (argc > 4 && std::string(argv[4]) == "--profile-real")
        return profile_mode(size, repeats, PROFILE_REAL);
    if (argc > 4 && std::string(argv[4]) == "--scaling")
        return scaling_mode(size, repeats);
    igraph_set_warning_handler(igraph_warning_handler_ignore);
    const std::string S = std::to_string(size);

    wr_map *m = make_map(size, 1234u + (uint64_t)size, nullptr);
    wr_plan_params p = plain_params();
    const int P = p.costs.daily_points;
    wr_hex from;
    check(wr_hex_from_offset(size / 2, size / 2, &from), "wr_hex_from_offset");
    check(wr_map_set_terrain(m, from, WR_HEX_CLEAR), "wr_map_set_terrain");
    int32_t src = 0;
    check(wr_map_index(m, from, &src), "wr_map_index");

    Graph g = build_graph(m, p);
    BoostRun boost_run(g);
    BoostAdjRun adj_run(g);
    IgraphRun igraph_run(g);
    FloorMap fm;
    make_floor(m, g, fm);
    floor_search fs;
    if (!floor_search_init(&fs, &fm.map)) {
        std::fprintf(stderr, "bench_route: out of memory\n");
        return 2;
    }
    std::vector<int64_t> hd;
    std::vector<int> hp;
    std::vector<uint64_t> heap;
    wr_planner *pl = nullptr;
    check(wr_planner_new(&pl), "wr_planner_new");
    const size_t n = (size_t)g.n;
    Arrivals field(n);
    std::fprintf(stderr, "bench_route: %dx%d map, %d hexes, %zu moves\n", size, size, g.n,
                 g.to.size());

    // ---- route_field: answers first, then the clock ----
    if (wanted("route_field_" + S)) {
        check(wr_planner_field(pl, m, &p, from, field.data(), n), "wr_planner_field");
        boost_run.run(src, -1, std::numeric_limits<int64_t>::max());
        igraph_run.field(src);
        heap_dijkstra(g, src, -1, std::numeric_limits<int64_t>::max(), hd, hp, heap);
        adj_run.run(src, -1, std::numeric_limits<int64_t>::max());
        floor_field(&fs, &fm.map, src, FLOOR_UNREACHED);
        int match[4] = {1, 1, 1, 1}, floor_match = 1;
        size_t reached = 0;
        for (size_t i = 0; i < n; i++) {
            int64_t lib = arrival_points(field[i], P);
            int64_t h = hd[i] == std::numeric_limits<int64_t>::max() ? UNREACHED : hd[i];
            reached += lib != UNREACHED;
            match[0] &= boost_run.at((int)i) == lib;
            match[1] &= igraph_run.at((int)i) == lib;
            match[2] &= h == lib;
            match[3] &= adj_run.at((int)i) == lib;
            floor_match &= floor_at(fs, (int)i) == lib;
        }
        std::fprintf(stderr, "bench_route: field reaches %zu hexes\n", reached);
        std::vector<std::function<void()>> impls = {
            [&] { wr_planner_field(pl, m, &p, from, field.data(), n); },
            [&] { boost_run.run(src, -1, std::numeric_limits<int64_t>::max()); },
            [&] { igraph_run.field(src); },
            [&] {
                heap_dijkstra(g, src, -1, std::numeric_limits<int64_t>::max(), hd, hp, heap);
            },
            [&] { adj_run.run(src, -1, std::numeric_limits<int64_t>::max()); },
            [&] { floor_field(&fs, &fm.map, src, FLOOR_UNREACHED); }};
        Timer t(impls.size());
        interleave(repeats, impls, t);
        report("route_field_" + S, t, match);
        bench_case(("route_field_" + S).c_str(), "floor", t.median(5), t.median(0), floor_match);
        cold_cases(S, m, pl, p, from, field.data(), n, fm, src, repeats);

        // Extras: the planner with its full rules (no answer to compare:
        // whole-day crossings start on a fresh day), with unformed movement
        // too (two states a hex), and Dial's algorithm over the prebuilt graph.
        wr_plan_params full = p, unformed = p;
        full.options = WR_PLAN_RAFTS_ANYWHERE;
        unformed.options = WR_PLAN_RAFTS_ANYWHERE | WR_PLAN_UNFORMED;
        std::vector<uint32_t> dd;
        int maxw = 1;
        for (int w : g.w)
            maxw = std::max(maxw, w);
        size_t ringsize = 1;
        while (ringsize <= (size_t)maxw)
            ringsize <<= 1;
        std::vector<std::vector<int>> ring(ringsize);
        dial_field(g, src, dd, ring);
        int dial_match = 1;
        for (size_t i = 0; i < n; i++)
            dial_match &= (dd[i] == UINT32_MAX ? UNREACHED : (int64_t)dd[i]) ==
                          arrival_points(field[i], P);
        if (!dial_match)
            std::fprintf(stderr, "bench_route: the Dial reference disagrees\n");
        check(wr_planner_field(pl, m, &full, from, field.data(), n), "wr_planner_field");
        check(wr_planner_field(pl, m, &unformed, from, field.data(), n), "wr_planner_field");
        std::vector<std::function<void()>> extra = {
            [&] { wr_planner_field(pl, m, &full, from, field.data(), n); },
            [&] { wr_planner_field(pl, m, &unformed, from, field.data(), n); },
            [&] { dial_field(g, src, dd, ring); }};
        Timer te(extra.size());
        interleave(repeats, extra, te);
        bench_extra(("route_field_" + S + "_full_rules_ms").c_str(), te.median(0), "ms");
        bench_extra(("route_field_" + S + "_full_rules_unformed_ms").c_str(), te.median(1), "ms");
        bench_extra(("route_field_" + S + "_dial_prebuilt_graph_ms").c_str(), te.median(2), "ms");
    }

    // `count` pairs of passable hexes, neither a lake, from the bench's dice
    // seeded with `seed`: as hexes (pairs) and as indices (ipairs)
    auto query_pairs = [&](int count, uint64_t seed, std::vector<std::pair<wr_hex, wr_hex>> &pairs,
                           std::vector<std::pair<int, int>> &ipairs) {
        bench_seed(seed);
        while ((int)pairs.size() < count) {
            int32_t a = (int32_t)bench_below(g.n), b = (int32_t)bench_below(g.n);
            if (a == b || g.off[(size_t)a] == g.off[(size_t)a + 1] ||
                g.off[(size_t)b] == g.off[(size_t)b + 1])
                continue;
            wr_hex ha, hb;
            wr_hex_terrain ta, tb;
            check(wr_map_hex(m, a, &ha), "wr_map_hex");
            check(wr_map_hex(m, b, &hb), "wr_map_hex");
            check(wr_map_terrain(m, ha, &ta), "wr_map_terrain");
            check(wr_map_terrain(m, hb, &tb), "wr_map_terrain");
            if (ta == WR_HEX_LAKE || tb == WR_HEX_LAKE)
                continue;
            pairs.emplace_back(ha, hb);
            ipairs.emplace_back(a, b);
        }
    };

    // The library's route for a pair: its points (UNREACHED when there is
    // none), the states it settled added to `settled`
    auto library_route = [&](const std::pair<wr_hex, wr_hex> &pr, wr_route &route,
                             size_t &settled) {
        wr_status st = wr_planner_route(pl, m, &p, pr.first, pr.second, &route);
        size_t one = 0;
        check(wr_planner_settled(pl, &one), "wr_planner_settled");
        settled += one;
        if (st != WR_OK && st != WR_ERR_FORBIDDEN)
            check(st, "wr_planner_route");
        return st == WR_OK ? (int64_t)route.arrival_day * P - route.points_left : UNREACHED;
    };
    // the cheapest move's cost, for Boost's A*
    const int min_weight = g.w.empty() ? INT32_MAX : *std::min_element(g.w.begin(), g.w.end());

    // ---- route_query: point to point, `queries` pairs of passable hexes ----
    if (wanted("route_query_" + S)) {
        std::vector<std::pair<wr_hex, wr_hex>> pairs;
        std::vector<std::pair<int, int>> ipairs;
        query_pairs(queries, 99u + (uint64_t)size, pairs, ipairs);
        BoostAstarRun astar_run(boost_run, size, min_weight);
        int match[4] = {1, 1, 1, 1}, astar_match_b = 1, floor_astar_match = 1;
        wr_route route;
        // The landmarks (wr_planner_prepare_landmarks()), prepared before the
        // clock: their preparation timed against one warm field, their
        // bytes, and the states settled with and without them.
        const int landmarks = 8;
        size_t settled_plain = 0, settled_landmarks = 0;
        {
            wr_hex middle;
            check(wr_hex_from_offset(size / 2, size / 2, &middle), "wr_hex_from_offset");
            std::vector<wr_arrival> lfield(n);
            check(wr_planner_prepare_landmarks(pl, m, &p, 0), "wr_planner_prepare_landmarks");
            for (auto &pr : pairs) {
                size_t one = 0;
                wr_status st = wr_planner_route(pl, m, &p, pr.first, pr.second, &route);
                if (st != WR_OK && st != WR_ERR_FORBIDDEN)
                    check(st, "wr_planner_route");
                check(wr_planner_settled(pl, &one), "wr_planner_settled");
                settled_plain += one;
            }
            std::vector<std::function<void()>> prep = {
                [&] { check(wr_planner_prepare_landmarks(pl, m, &p, landmarks), "landmarks"); },
                [&] { check(wr_planner_field(pl, m, &p, middle, lfield.data(), n), "field"); }};
            Timer tp(prep.size());
            interleave(repeats, prep, tp);
            int held = 0;
            size_t bytes = 0;
            check(wr_planner_landmarks(pl, &held, &bytes), "wr_planner_landmarks");
            if (held != landmarks) {
                std::fprintf(stderr, "bench_route: %d landmarks, not %d\n", held, landmarks);
                match[0] = 0;
            }
            bench_extra(("route_landmarks_" + S + "_ms").c_str(), tp.median(0), "ms");
            bench_extra(("route_landmarks_" + S + "_fields").c_str(),
                        tp.median(0) / tp.median(1), "fields");
            bench_extra(("route_landmarks_" + S + "_bytes_per_hex").c_str(),
                        (double)bytes / (double)n, "B");
            bench_extra(("route_landmarks_" + S + "_count").c_str(), (double)held, "");
        }
        for (size_t q = 0; q < pairs.size(); q++) {
            const int64_t lib = library_route(pairs[q], route, settled_landmarks);
            int a = ipairs[q].first, b = ipairs[q].second;
            boost_run.run(a, b, std::numeric_limits<int64_t>::max());
            heap_dijkstra(g, a, b, std::numeric_limits<int64_t>::max(), hd, hp, heap);
            int64_t h = hd[(size_t)b] == std::numeric_limits<int64_t>::max() ? UNREACHED
                                                                            : hd[(size_t)b];
            match[0] &= boost_run.at(b) == lib;
            match[1] &= igraph_run.route(a, b) == lib;
            match[2] &= h == lib;
            adj_run.run(a, b, std::numeric_limits<int64_t>::max());
            match[3] &= adj_run.at(b) == lib;
            astar_run.run(a, b);
            astar_match_b &= astar_run.at(b) == lib;
            uint32_t fl = floor_route(&fs, &fm.map, a, b, nullptr);
            floor_astar_match &= (fl == FLOOR_UNREACHED ? UNREACHED : (int64_t)fl) == lib;
            // the floor's route: from a to b, each step a move of the byte map
            if (fl != FLOOR_UNREACHED)
                floor_astar_match &= fs.path_len >= 1 && fs.path[0] == b &&
                                     fs.path[fs.path_len - 1] == a;
        }
        std::vector<std::function<void()>> impls = {
            [&] {
                for (auto &pr : pairs)
                    wr_planner_route(pl, m, &p, pr.first, pr.second, &route);
            },
            [&] {
                for (auto &pr : ipairs)
                    boost_run.run(pr.first, pr.second, std::numeric_limits<int64_t>::max());
            },
            [&] {
                for (auto &pr : ipairs)
                    igraph_run.route(pr.first, pr.second);
            },
            [&] {
                for (auto &pr : ipairs)
                    heap_dijkstra(g, pr.first, pr.second, std::numeric_limits<int64_t>::max(),
                                  hd, hp, heap);
            },
            [&] {
                for (auto &pr : ipairs)
                    adj_run.run(pr.first, pr.second, std::numeric_limits<int64_t>::max());
            },
            [&] {
                for (auto &pr : ipairs)
                    astar_run.run(pr.first, pr.second);
            },
            [&] {
                for (auto &pr : ipairs)
                    floor_route(&fs, &fm.map, pr.first, pr.second, nullptr);
            }};
        Timer t(impls.size());
        interleave(repeats, impls, t);
        report("route_query_" + S, t, match);
        bench_case(("route_query_" + S).c_str(), "boost_astar", t.median(5), t.median(0),
                   astar_match_b);
        bench_case(("route_query_" + S).c_str(), "floor_astar", t.median(6), t.median(0),
                   floor_astar_match);

        // Extra: A* over the prebuilt graph, and how many hexes it settles
        // against a Dijkstra that stops at the goal.
        int maxw = 1, minw = INT32_MAX;
        for (int w : g.w) {
            maxw = std::max(maxw, w);
            minw = std::min(minw, w);
        }
        size_t ringsize = 1;
        while (ringsize <= (size_t)maxw + (size_t)minw)
            ringsize <<= 1;
        std::vector<std::vector<int>> ring(ringsize);
        std::vector<uint32_t> ad;
        size_t astar_settled = 0, dijkstra_settled = 0, one = 0;
        int astar_match = 1;
        for (auto &pr : ipairs) {
            heap_dijkstra(g, pr.first, pr.second, std::numeric_limits<int64_t>::max(), hd, hp,
                          heap);
            int64_t hdist = hd[(size_t)pr.second] == std::numeric_limits<int64_t>::max()
                                ? UNREACHED
                                : hd[(size_t)pr.second];
            for (size_t i = 0; i < n; i++)
                dijkstra_settled += hd[i] != std::numeric_limits<int64_t>::max() &&
                                    hd[i] < hdist;
            astar_match &= astar_route(g, size, minw, pr.first, pr.second, ad, ring, &one) == hdist;
            astar_settled += one;
        }
        if (!astar_match)
            std::fprintf(stderr, "bench_route: the A* reference disagrees\n");
        std::vector<std::function<void()>> extra = {[&] {
            for (auto &pr : ipairs)
                astar_route(g, size, minw, pr.first, pr.second, ad, ring, &one);
        }};
        Timer te(1);
        interleave(repeats, extra, te);
        bench_extra(("route_query_" + S + "_astar_prebuilt_graph_ms").c_str(), te.median(0), "ms");
        bench_extra(("route_query_" + S + "_astar_settled_percent_of_dijkstra").c_str(),
                    100.0 * (double)astar_settled / (double)std::max<size_t>(1, dijkstra_settled),
                    "%");
        bench_extra(("route_query_" + S + "_settled_without_landmarks").c_str(),
                    (double)settled_plain / (double)pairs.size(), "states");
        bench_extra(("route_query_" + S + "_settled_with_landmarks").c_str(),
                    (double)settled_landmarks / (double)pairs.size(), "states");
    }

    // ---- route_query_sample: 16 x `queries` pairs from other seeds, the
    // library with 8 landmarks against the floor's A* and Boost's
    // astar_search only (a sample large enough for the ratio to hold from
    // one set of pairs to another, where route_query's few pairs are not) ----
    if (wanted("route_query_sample_" + S)) {
        std::vector<std::pair<wr_hex, wr_hex>> pairs;
        std::vector<std::pair<int, int>> ipairs;
        query_pairs(16 * queries, 4242u + (uint64_t)size, pairs, ipairs);
        int held = 0;
        size_t bytes = 0;
        check(wr_planner_landmarks(pl, &held, &bytes), "wr_planner_landmarks");
        if (held != 8)
            check(wr_planner_prepare_landmarks(pl, m, &p, 8), "wr_planner_prepare_landmarks");
        BoostAstarRun astar_run(boost_run, size, min_weight);
        int match = 1, astar_match = 1, floor_match = 1;
        size_t settled = 0;
        wr_route route;
        for (size_t q = 0; q < pairs.size(); q++) {
            const int64_t lib = library_route(pairs[q], route, settled);
            int a = ipairs[q].first, b = ipairs[q].second;
            boost_run.run(a, b, std::numeric_limits<int64_t>::max());
            match &= boost_run.at(b) == lib;
            astar_run.run(a, b);
            astar_match &= astar_run.at(b) == lib;
            uint32_t fl = floor_route(&fs, &fm.map, a, b, nullptr);
            floor_match &= (fl == FLOOR_UNREACHED ? UNREACHED : (int64_t)fl) == lib;
        }
        std::vector<std::function<void()>> impls = {
            [&] {
                for (auto &pr : pairs)
                    wr_planner_route(pl, m, &p, pr.first, pr.second, &route);
            },
            [&] {
                for (auto &pr : ipairs)
                    astar_run.run(pr.first, pr.second);
            },
            [&] {
                for (auto &pr : ipairs)
                    floor_route(&fs, &fm.map, pr.first, pr.second, nullptr);
            }};
        Timer t(impls.size());
        interleave(repeats, impls, t);
        const std::string name = "route_query_sample_" + S;
        bench_case(name.c_str(), "boost_astar", t.median(1), t.median(0), match && astar_match);
        bench_case(name.c_str(), "floor_astar", t.median(2), t.median(0), match && floor_match);
        bench_extra((name + "_queries").c_str(), (double)pairs.size(), "");
        bench_extra((name + "_settled_with_landmarks").c_str(),
                    (double)settled / (double)pairs.size(), "states");
    }

    // ---- reach: the hexes within N days ----
    if (wanted("reach_" + S)) {
        int days = std::max(2, size / 16);
        int64_t limit = (int64_t)days * P;
        const wr_hex *hexes = nullptr;
        size_t count = 0;
        check(wr_planner_reachable(pl, m, &p, from, days, &hexes, &count),
              "wr_planner_reachable");
        std::vector<int32_t> lib;
        for (size_t i = 0; i < count; i++) {
            int32_t idx = 0;
            check(wr_map_index(m, hexes[i], &idx), "wr_map_index");
            lib.push_back(idx);
        }
        std::sort(lib.begin(), lib.end());
        auto within = [&](const std::function<int64_t(int)> &at) {
            std::vector<int32_t> v;
            for (int i = 0; i < g.n; i++) {
                int64_t d = at(i);
                if (d != UNREACHED && d <= limit)
                    v.push_back(i);
            }
            return v;
        };
        boost_run.run(src, -1, limit);
        igraph_run.reach(src, limit);
        heap_dijkstra(g, src, -1, limit, hd, hp, heap);
        adj_run.run(src, -1, limit);
        floor_field(&fs, &fm.map, src, (uint32_t)limit);
        int match[4];
        match[0] = within([&](int i) { return boost_run.at(i); }) == lib;
        match[1] = within([&](int i) { return igraph_run.at(i); }) == lib;
        match[2] = within([&](int i) {
                       return hd[(size_t)i] == std::numeric_limits<int64_t>::max() ? UNREACHED
                                                                                  : hd[(size_t)i];
                   }) == lib;
        match[3] = within([&](int i) { return adj_run.at(i); }) == lib;
        int floor_match = within([&](int i) { return floor_at(fs, i); }) == lib;
        std::fprintf(stderr, "bench_route: %zu hexes within %d days\n", lib.size(), days);
        std::vector<std::function<void()>> impls = {
            [&] { wr_planner_reachable(pl, m, &p, from, days, &hexes, &count); },
            [&] { boost_run.run(src, -1, limit); },
            [&] { igraph_run.reach(src, limit); },
            [&] { heap_dijkstra(g, src, -1, limit, hd, hp, heap); },
            [&] { adj_run.run(src, -1, limit); },
            [&] { floor_field(&fs, &fm.map, src, (uint32_t)limit); }};
        Timer t(impls.size());
        interleave(repeats, impls, t);
        report("reach_" + S, t, match);
        bench_case(("reach_" + S).c_str(), "floor", t.median(5), t.median(0), floor_match);
    }

    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    bench_extra(("peak_rss_bench_route_" + S).c_str(), (double)ru.ru_maxrss / 1024.0, "MiB");
    floor_search_free(&fs);
    wr_planner_free(pl);
    wr_map_free(m);
    if (wanted("route_field_real_" + S) || wanted("route_query_real_" + S))
        real_map_cases(size, repeats, queries);
    return 0;
}
