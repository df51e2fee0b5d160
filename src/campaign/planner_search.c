/* The planner's searches: the instances of search_core.h for land forces
   on a map, vessels and a game's callbacks, the full rules' field, and
   wri_planner_map_search(), which checks a query on a map and runs one of
   them. */
#include "campaign/planner_ring.h"

/* Moves from an array filled by a generator function (one that returns
   -1 for bad moves when SEARCH_BAD_MOVES). */
#define EDGES_FROM_ARRAY(gen, ctx, node, bad, ...)                                    \
    do {                                                                             \
        wr_plan_edge arr_[WR_PLAN_MAX_EDGES];                                        \
        int n_ = gen(ctx, node, arr_);                                               \
        if (SEARCH_BAD_MOVES && n_ < 0)                                              \
            bad = 1;                                                                 \
        for (int i_ = 0; i_ < n_; i_++) {                                            \
            int32_t e_to = arr_[i_].to;                                              \
            int32_t e_points = arr_[i_].points, e_days = arr_[i_].days;              \
            uint32_t e_flags = arr_[i_].flags;                                       \
            __VA_ARGS__                                                              \
        }                                                                            \
    } while (0)

/* Runs body once per neighbour of hex idx that its keys move into and
   nothing blocks, with d_ the direction, k_ the hex's keys and e_to the
   neighbour. */
#define TABLE_NEIGHBOURS(f, idx, ...)                                                 \
    do {                                                                             \
        const uint16_t *k_ = hex_keys(f, idx);                                       \
        const int32_t *dl_ = (f)->delta[k_[6]];                                      \
        for (int d_ = 0; d_ < 6; d_++) {                                             \
            if (k_[d_] == 0xffffu)                                                   \
                continue;                                                            \
            int32_t e_to = (idx) + dl_[d_];                                          \
            if ((f)->block != NULL && wri_blocked((f)->block, idx, e_to, d_))        \
                continue;                                                            \
            __VA_ARGS__                                                              \
        }                                                                            \
    } while (0)

/* Land moves from the table, by the keys of the hex. */
#define EDGES_FROM_TABLE(f, idx, bad, ...)                                            \
    do {                                                                             \
        TABLE_NEIGHBOURS(f, idx, {                                                   \
            const wri_tentry *t_ = &(f)->table[k_[d_]];                              \
            for (uint32_t k_i = 0; k_i < t_->count; k_i++) {                         \
                int32_t e_points = t_->e[k_i].points, e_days = t_->e[k_i].days;      \
                uint32_t e_flags = t_->e[k_i].flags;                                 \
                __VA_ARGS__                                                          \
            }                                                                        \
        });                                                                          \
        (void)bad;                                                                   \
    } while (0)

/* Plain costs from the plain table, by the keys of the hex: the cheapest
   move a neighbour. */
#define PLAIN_FROM_TABLE(f, idx, ...)                                                 \
    TABLE_NEIGHBOURS(f, idx, {                                                       \
        uint32_t e_cost = (f)->ptable[k_[d_]];                                       \
        if (e_cost != UINT32_MAX) {                                                  \
            __VA_ARGS__                                                              \
        }                                                                            \
    })
/* Plain costs from the planner's costs by hex, filled on first use. */
#define PLAIN_FROM_COSTS(f, idx, ...)                                                 \
    do {                                                                             \
        uint8_t *h_ = (f)->costs + (size_t)(idx) * 8u;                               \
        if (h_[7] != (f)->epoch)                                                     \
            wri_planner_fill_costs(f, idx, h_);                                                  \
        const int32_t *dl_ = (f)->delta[h_[6]];                                      \
        for (int d_ = 0; d_ < 6; d_++) {                                             \
            uint32_t e_cost = h_[d_];                                                \
            if (e_cost == 0xffu)                                                     \
                continue;                                                            \
            int32_t e_to = (idx) + dl_[d_];                                          \
            if ((f)->block != NULL && wri_blocked((f)->block, idx, e_to, d_))        \
                continue;                                                            \
            __VA_ARGS__                                                              \
        }                                                                            \
    } while (0)

/* The record of a hex just offered a label: read when it is settled. */
#if defined(__GNUC__)
#define PREFETCH_HEX(f, node)                                                         \
    do {                                                                             \
        if ((f)->costs != NULL)                                                      \
            __builtin_prefetch((f)->costs + (size_t)(node) * 8u);                    \
        else                                                                         \
            __builtin_prefetch((f)->keys + (size_t)(node) * 8u);                     \
    } while (0)
#else
#define PREFETCH_HEX(f, node) ((void)0)
#endif
#if defined(__GNUC__)
#define PREFETCH_RULES(rules, node) __builtin_prefetch((rules) + (size_t)(node) * 8u)
#define PREFETCH_LABEL(dist, s) __builtin_prefetch((dist) + (s))
#else
#define PREFETCH_RULES(rules, node) ((void)0)
#define PREFETCH_LABEL(dist, s) ((void)0)
#endif

#define PLAIN_EDGES(f, idx, ...)                                                      \
    do {                                                                             \
        if ((f)->costs != NULL)                                                      \
            PLAIN_FROM_COSTS(f, idx, __VA_ARGS__);                                   \
        else                                                                         \
            PLAIN_FROM_TABLE(f, idx, __VA_ARGS__);                                   \
    } while (0)

#define SEARCH_CTX fastgen
#define SEARCH_EDGES(ctx, node, bad, ...) EDGES_FROM_TABLE(ctx, node, bad, __VA_ARGS__)
#define SEARCH_ASTAR 0
#define SEARCH_PARENTS 1
#define SEARCH_PREFETCH(ctx, node) PREFETCH_HEX(ctx, node)
#define SEARCH_NAME search_land
#include "campaign/search_core.h"
#undef SEARCH_NAME
#undef SEARCH_PARENTS
#define SEARCH_PLAIN_EDGES(ctx, node, ...) PLAIN_EDGES(ctx, node, __VA_ARGS__)
#define SEARCH_PREFETCH(ctx, node) PREFETCH_HEX(ctx, node)
#define SEARCH_PARENTS 0
#define SEARCH_NAME search_land_np_core
#include "campaign/search_core.h"
#undef SEARCH_NAME
#undef SEARCH_ASTAR
#define SEARCH_ASTAR 1
#define SEARCH_PREFETCH(ctx, node) PREFETCH_HEX(ctx, node)
#define SEARCH_NAME search_land_astar
#include "campaign/search_core.h"
#undef SEARCH_NAME
#undef SEARCH_ASTAR
#undef SEARCH_PARENTS
#undef SEARCH_PLAIN_EDGES
#undef SEARCH_CTX
#undef SEARCH_EDGES

#define SEARCH_CTX wri_movegen
#define SEARCH_EDGES(ctx, node, bad, ...) \
    EDGES_FROM_ARRAY(wri_campaign_moves, ctx, node, bad, __VA_ARGS__)
#define SEARCH_ASTAR 0
#define SEARCH_PARENTS 1
#define SEARCH_NAME search_water
#include "campaign/search_core.h"
#undef SEARCH_NAME
#undef SEARCH_PARENTS
#define SEARCH_PARENTS 0
#define SEARCH_NAME search_water_np
#include "campaign/search_core.h"
#undef SEARCH_NAME
#undef SEARCH_ASTAR
#define SEARCH_ASTAR 1
#define SEARCH_NAME search_water_astar
#include "campaign/search_core.h"
#undef SEARCH_NAME
#undef SEARCH_PARENTS
#undef SEARCH_ASTAR
#undef SEARCH_CTX
#undef SEARCH_EDGES

static int graph_moves(const wr_plan_graph *g, int32_t node, wr_plan_edge *out)
{
    int n = g->moves(g->user, node, out, WR_PLAN_MAX_EDGES);
    if (n < 0 || n > WR_PLAN_MAX_EDGES)
        return -1;
    for (int i = 0; i < n; i++) {
        if (out[i].to < 0 || out[i].to >= g->node_count || out[i].points < 0 ||
            out[i].points > WR_PLAN_MAX_EDGE_POINTS || out[i].days < 0 ||
            out[i].days > WR_PLAN_MAX_EDGE_DAYS)
            return -1;
    }
    return n;
}

#define SEARCH_NAME search_graph
#define SEARCH_CTX wr_plan_graph
#define SEARCH_EDGES(ctx, node, bad, ...) \
    EDGES_FROM_ARRAY(graph_moves, ctx, node, bad, __VA_ARGS__)
#define SEARCH_ASTAR 0
#define SEARCH_PARENTS 1
#define SEARCH_BAD_MOVES 1
#include "campaign/search_core.h"
#undef SEARCH_NAME
#undef SEARCH_CTX
#undef SEARCH_EDGES
#undef SEARCH_ASTAR
#undef SEARCH_PARENTS
wr_status wri_planner_search_land_astar(wr_planner *pl, const fastgen *f, const search_opts *o)
{
    return search_land_astar(pl, f, o);
}

wr_status wri_planner_search_water_astar(wr_planner *pl, const wri_movegen *g,
                                         const search_opts *o)
{
    return search_water_astar(pl, g, o);
}

wr_status wri_planner_search_graph(wr_planner *pl, const wr_plan_graph *g, const search_opts *o)
{
    return search_graph(pl, g, o);
}

/* ---- the full rules' field on a map ---- */

/* fresh_day() of a state at a label whose day ends at e (ceil(label / P) x P). */
static inline uint32_t day_end(const search_opts *o, int32_t s, uint32_t e)
{
    if (e >= o->fresh_max) /* always so from the zero state */
        return e;
    const uint32_t floor = s == o->src_state ? o->fresh_src : o->fresh;
    return e < floor ? floor : e;
}

/* search_land_np_core() for the full rules (not plain costs) with nothing
   blocked and no order of settled states: the same labels (a field shows
   no order of ties), the moves read from the rules records (one move a
   neighbour for most keys) instead of the table through the keys. With
   o->prune it leaves out unformed states when they are offered, not again
   when they are settled: the few settled no earlier than their hex's
   formed state (about 1 in 500 on the realistic map) only offer labels of
   real paths, which leave every label as it was, and the test would read
   the formed label of every unformed state settled. */
/* The coverage build (scripts/coverage.sh defines WARRULES_COVERAGE) keeps
   one copy, called with the constants or o's: its branches are the source's,
   where the copy with constants has tests that go one way only. */
#if defined(__GNUC__) && !defined(WARRULES_COVERAGE)
#define WRI_INLINE __attribute__((always_inline)) inline
#else
#define WRI_INLINE inline
#endif
/* two, unformed_ok and prune are o's, given apart so that field_rules()
   has a copy with them constant (the full rules' field: fewer registers
   and branches in the inner loop). */
static WRI_INLINE wr_status field_rules_core(wr_planner *pl, const fastgen *f,
                                             const search_opts *o, const int two,
                                             const int unformed_ok, const int prune)
{
    const int32_t cells = o->cells;
    const uint32_t P = o->daily;
    const size_t nstates = (size_t)cells * (two ? 2u : 1u);
    /* labels stay below 2^31 in 32 bits: key_max <= 10^6 x 1000, and a move
       adds below 2^20 points and 255 days (the palette's) or a rally day */
    const uint32_t key_max = (uint32_t)o->key_max;
    const uint32_t limit = o->limit;
    const int32_t goal = o->goal, goal2 = o->goal2;
    /* GCOVR_EXCL_BR_START: field_rules() serves fields only (a reachable set
       keeps an order and takes search_land_np_core()): no goal, and the
       limit is key_max, so stops is 0 */
    const int stops = goal >= 0 || goal2 >= 0 || limit < key_max;
    /* GCOVR_EXCL_BR_STOP */
    uint32_t *const dist = pl->dist;
    uint8_t *const rules = pl->rules;
    const uint32_t *const pal = pl->rules_pal;
    const uint8_t epoch = pl->rules_epoch;
    memset(dist, 0xff, nstates * sizeof *dist);
    pl->dirty_cells = 0; /* see struct wr_planner */
    wr_status st = ring_reset(pl, o->ring_hint);
    if (st != WR_OK)
        return st;
    uint32_t ring_size = pl->ring, mask = ring_size - 1u;
    wri_bucket *ring = pl->buckets;
    int32_t *pool = pl->pool;
    const int32_t src = o->src_state;
    uint32_t cur = o->t0;
    /* the end of cur's day, ceil(cur / P) x P; fresh_day() from it */
    uint32_t cur_end = (uint32_t)(((uint64_t)cur + P - 1u) / P) * P;
    dist[src] = cur;
    st = bucket_push(pl, &ring[cur & mask], src);
    /* GCOVR_EXCL_START: ring_reset() left the pool's chunks (256 at least) all free */
    if (st != WR_OK)
        return st;
    /* GCOVR_EXCL_STOP */
    pool = pl->pool;
    size_t queued = 1;

/* Offers label nk_ (at most key_max + 2^21 x 1000) to state t_, whose
   hex is h_ (as SEARCH_OFFER in search_core.h). */
#define RULES_OFFER(t_, h_, nk_)                                                      \
    do {                                                                             \
        const uint32_t k = (nk_);                                                    \
        const int32_t t = (t_);                                                      \
        if (k < dist[t] && k <= key_max) {                                           \
            PREFETCH_RULES(rules, h_);                                               \
            dist[t] = k;                                                             \
            if (k - cur >= ring_size) {                                              \
                RING_GROW(k);                                                        \
                ring_size = pl->ring;                                                \
            }                                                                        \
            RING_PUSH(k, t);                                                         \
        }                                                                            \
    } while (0)
/* Any move of (points, days, needs unformed movement) into hex to from
   state s (as search_core.h). */
#define RULES_MOVE(to_, points_, days_, needs_)                                       \
    do {                                                                             \
        const uint64_t nk_ =                                                         \
            ((days_) > 0 ? (uint64_t)day_end(o, s, cur_end) + (uint64_t)(days_) * P   \
                         : (uint64_t)cur) +                                          \
            (uint64_t)(points_);                                                     \
        if (nk_ <= key_max) {                                                        \
            if ((needs_) || unformed) {                                              \
                if ((unformed || unformed_ok) && !(prune && dist[to_] <= nk_))       \
                    RULES_OFFER((to_) + cells, to_, (uint32_t)nk_);                  \
            } else {                                                                 \
                RULES_OFFER(to_, to_, (uint32_t)nk_);                                \
            }                                                                        \
        }                                                                            \
    } while (0)

/* The moves of the table entry of the hex's key in direction d_. */
#define RULES_TABLE(to_, d_)                                                          \
    do {                                                                             \
        const wri_tentry *te = &f->table[hex_keys(f, node)[d_]];                     \
        for (uint32_t i = 0; i < te->count; i++)                                     \
            RULES_MOVE(to_, te->e[i].points, te->e[i].days,                          \
                       (te->e[i].flags & WR_STEP_UNFORMED) != 0);                    \
    } while (0)

    while (queued > 0) {
        wri_bucket *b = &ring[cur & mask];
        if (b->head < 0) {
            if (++cur > cur_end)
                cur_end += P;
            continue;
        }
        const int32_t s = pool[(size_t)b->head * WRI_CHUNK + b->fill];
        if (--b->fill == 0) {
            bucket_release(pl, b);
        } else { /* the next one's label and record, while this one is expanded */
            const int32_t next = pool[(size_t)b->head * WRI_CHUNK + b->fill];
            PREFETCH_LABEL(dist, next);
            PREFETCH_RULES(rules, next >= cells ? next - cells : next);
        }
        queued--;
        if (dist[s] != cur)
            continue; /* a stale entry */
        /* GCOVR_EXCL_START: stops is 0 (above) */
        if (stops && (cur > limit || s == goal || s == goal2))
            break;
        /* GCOVR_EXCL_STOP */
        const int unformed = s >= cells;
        const int32_t node = unformed ? s - cells : s;
        uint8_t *rec = rules + (size_t)node * 8u;
        if (rec[7] != epoch)
            wri_planner_fill_rules(pl, f, node, rec);
        const int32_t *delta = f->delta[rec[6]];
        if (!unformed) {
            for (int d = 0; d < 6; d++) {
                const unsigned code = rec[d];
                const int32_t to = node + delta[d];
                if (code >= 0xfeu) {
                    if (code == 0xfeu)
                        RULES_TABLE(to, d);
                    continue;
                }
                const uint32_t e = pal[code];
                if ((e >> 20) == 0) { /* no whole days, formed: the common move */
                    RULES_OFFER(to, to, cur + e);
                } else if ((e >> 20) == 0x100u) { /* no whole days, needs unformed movement */
                    const uint32_t nk = cur + (e & 0xfffffu);
                    /* the unformed label first: most offers fail there */
                    if (unformed_ok && nk < dist[to + cells] && !(prune && dist[to] <= nk))
                        RULES_OFFER(to + cells, to, nk);
                } else {
                    RULES_MOVE(to, e & 0xfffffu, (e >> 20) & 0xffu, (e >> 28) & 1u);
                }
            }
        } else {
            for (int d = 0; d < 6; d++) {
                const unsigned code = rec[d];
                const int32_t to = node + delta[d];
                if (code >= 0xfeu) {
                    if (code == 0xfeu)
                        RULES_TABLE(to, d);
                    continue;
                }
                const uint32_t e = pal[code];
                if ((e & 0x0ff00000u) == 0) { /* no whole days */
                    const uint32_t nk = cur + (e & 0xfffffu);
                    if (nk < dist[to + cells] && !(prune && dist[to] <= nk))
                        RULES_OFFER(to + cells, to, nk);
                } else {
                    RULES_MOVE(to, e & 0xfffffu, (e >> 20) & 0xffu, (e >> 28) & 1u);
                }
            }
            if (two) /* a day at the rally point */
                RULES_OFFER(node, node, day_end(o, s, cur_end) + P);
        }
    }
#undef RULES_TABLE
#undef RULES_MOVE
#undef RULES_OFFER
    return WR_OK;
}

static wr_status field_rules(wr_planner *pl, const fastgen *f, const search_opts *o)
{
    if (o->two && o->unformed_ok && o->prune)
        return field_rules_core(pl, f, o, 1, 1, 1);
    return field_rules_core(pl, f, o, o->two, o->unformed_ok, o->prune);
}

/* The field's search on a map for a land force: field_rules() when it
   applies, else the search's instance. */
static wr_status search_land_np(wr_planner *pl, const fastgen *f, const search_opts *o)
{
    if (o->plain || f->block != NULL || o->order != NULL)
        return search_land_np_core(pl, f, o);
    wr_status st = wri_planner_rules_records(pl, f->g->map);
    if (st != WR_OK)
        return st;
    return field_rules(pl, f, o);
}

/* ---- a query on a map ---- */

/* The options of a search from state src on cells hexes with parameters
   p: no goal, every label up to WR_PLAN_MAX_DAYS days. */
void wri_planner_opts_init(search_opts *o, const wr_plan_params *p, int32_t cells, int32_t src)
{
    memset(o, 0, sizeof *o);
    o->cells = cells;
    o->daily = (uint32_t)p->costs.daily_points;
    o->daily_inv = (((uint64_t)1 << 40) + o->daily - 1u) / o->daily;
    o->plain = (p->options & WR_PLAN_PLAIN_COSTS) != 0;
    o->unformed_ok = (p->options & WR_PLAN_UNFORMED) != 0;
    o->two = o->unformed_ok && !o->plain;
    o->src = src;
    o->src_state = src;
    o->day0 = 1;
    o->goal = -1;
    o->goal2 = -1;
    o->key_max = (uint64_t)WR_PLAN_MAX_DAYS * o->daily;
    o->limit = (uint32_t)o->key_max;
}

/* Runs the search on a map: checks, then the instance for wri_movegen
   (route 0: a field, 1: a route, 2: the checks and options only). */
wr_status wri_planner_map_search(wr_planner *pl, const wr_map *map, const wr_plan_params *params,
                            wr_hex from, search_opts *o, wri_movegen *g, int route,
                            const plan_start *ps)
{
    wr_status st = wri_campaign_check_params(params);
    if (st != WR_OK)
        return st;
    int32_t src = wri_campaign_index(map, from);
    if (src < 0)
        return WRI_FAIL_HEX(map, from, "from");
    wri_campaign_movegen_init(g, map, params);
    if (!wri_campaign_can_be(g, src))
        return WRI_FAIL(WR_ERR_FORBIDDEN, "from", "a hex where the mover can be");
    search_opts base;
    wri_planner_opts_init(&base, params, map->count, src);
    base.goal = o->goal;
    base.limit = o->limit < base.limit ? o->limit : base.limit;
    base.order = o->order;
    base.order_count = o->order_count;
    base.ring_hint = (uint32_t)g->max_delta;
    if (ps != NULL) {
        if (ps->unformed && !base.plain)
            base.two = 1;
        base.src_state = ps->unformed && base.two ? src + map->count : src;
        base.t0 = ps->t0;
        base.fresh_src = ps->fresh_src;
        base.fresh = ps->fresh;
        base.fresh_max = ps->fresh_src > ps->fresh ? ps->fresh_src : ps->fresh;

        base.day0 = ps->day0;
        base.start_counted = ps->counted;
        if (ps->any_goal && base.two && base.goal >= 0)
            base.goal2 = base.goal + map->count;
        g->block = ps->block;
    }
    base.prune = base.two && base.unformed_ok && base.fresh_max == 0 && base.order == NULL;
    *o = base;
    st = wri_planner_ensure_states(pl, (size_t)map->count * 2u);
    if (st != WR_OK || route == 2)
        return st;
    fastgen f;
    memset(&f, 0, sizeof f);
    f.g = g;
    f.block = g->block;

    f.cells = map->cells;
    f.regions = map->regions;
    for (int odd = 0; odd < 2; odd++)
        for (int d = 0; d < 6; d++)
            f.delta[odd][d] = wri_nb_index(map, 0, (unsigned)odd, d);
    f.home = (params->traits & WR_FORCE_ELLRIENDI) ? params->home_regions : 0u;
    if (!g->vessel) {
        st = wri_planner_ensure_table(pl);
        if (st != WR_OK)
            return st;
        const int new_table =
            !pl->table_valid || memcmp(&pl->table_for, params, sizeof *params) != 0;
        if (new_table) {
            pl->table_for = *params;
            pl->table_valid = 1;
            pl->records_map.map = NULL; /* refilled even if wri_planner_hex_records() fails now */
        }
        f.table = pl->table;
        f.ptable = pl->ptable;
        f.owner = pl;
        f.daily = o->daily;
        f.unformed_ok = o->unformed_ok;
        if (new_table)
            wri_planner_new_land_table(pl, &f, f.home != 0);
        st = wri_planner_hex_records(pl, map, new_table, o->plain, &f);
        if (st != WR_OK)
            return st;
        if (!route)
            return search_land_np(pl, &f, o);
    } else if (!route) {
        return search_water_np(pl, g, o);
    }
    uint32_t hmin = g->vessel ? wri_planner_vessel_hmin(g, o->daily) : pl->built_hmin;
    if (hmin > 0) {
        search_opts a = *o;
        wr_hex goal = wri_campaign_hex(map, o->goal);
        a.hmin = hmin;
        a.width = map->width;
        a.width_inv = (((uint64_t)1 << 40) + (uint64_t)map->width - 1u) / (uint64_t)map->width;
        a.goal_q = goal.q;
        a.goal_r = goal.r;
        a.ring_hint += a.hmin;
        st = wri_planner_astar_route(pl, &f, &a);
        if (st == WR_OK && !g->vessel && pl->built_hmin < hmin)
            /* a key built in the search was cheaper: see wri_planner_new_land_table() */
            st = WR_ERR_STATE;
        if (st != WR_ERR_STATE)
            return st;
    }
    return g->vessel ? search_water(pl, g, o) : search_land(pl, &f, o);
}

/* Builds the steps of the path to state `goal` into the planner's buffer. */
wr_status wri_planner_build_route(wr_planner *pl, const search_opts *o, int32_t goal,
                             const wr_map *map, const wr_plan_graph *graph, int figures,
                             int transport, wr_route *route)
{
    size_t len = 0;
    for (int32_t s = goal; s >= 0; s = pl->parent[s])
        pl->order[len++] = s;
    if (pl->cap_steps < len) {
        size_t want = len < 64 ? 64 : len + len / 2;
        wr_step *ns = wri_alloc_zero(&pl->alloc, want, sizeof *ns);
        if (ns == NULL)
            return WRI_NOMEM();
        wri_free(&pl->alloc, pl->steps, pl->cap_steps, sizeof *pl->steps);
        pl->steps = ns;
        pl->cap_steps = want;
    }
    const uint32_t P = o->daily;
    wr_route r;
    memset(&r, 0, sizeof r);
    int last_unformed_day = o->start_counted ? (int)o->day0 : 0, strag_left = figures;
    for (size_t i = 0; i < len; i++) {
        int32_t s = pl->order[len - 1 - i];
        int unformed = s >= o->cells;
        int32_t node = unformed ? s - o->cells : s;
        wr_step *st = &pl->steps[i];
        uint32_t t = pl->dist[s];
        st->node = node;
        if (map != NULL) {
            st->hex = wri_campaign_hex(map, node);
        } else if (graph->node_hex != NULL) {
            st->hex = graph->node_hex(graph->user, node);
        } else {
            wr_hex h = {node, 0};
            st->hex = h;
        }
        st->day = day_of(t, P);
        if (st->day < (int)o->day0)
            st->day = (int)o->day0; /* points saved before the start's day are spent on it */
        st->points_left = (int)((uint32_t)st->day * P - t);

        unsigned fl = pl->via[s];
        if (o->two)
            fl = (fl & ~WR_STEP_UNFORMED) | (unformed ? WR_STEP_UNFORMED : 0u);
        st->flags = fl;
        if (fl & WR_STEP_RALLY)
            r.rally_days++;
        if ((fl & WR_STEP_OPEN_SEA) && transport)
            r.escort_lost = 1;
        /* [Units, Formed and Unformed] a day of unformed movement counts
           once: the day the force enters a hex unformed */
        if (i > 0 && unformed && o->two && !(fl & WR_STEP_RALLY) &&
            st->day > last_unformed_day) {
            int lost = (strag_left + 9) / 10; /* wr_stragglers with half-die 2 */
            strag_left -= lost;
            r.stragglers += lost;
            r.unformed_days++;
            last_unformed_day = st->day;
        }

    }
    for (size_t i = 0; i < len; i++) {
        wr_step *st = &pl->steps[i];
        st->nights = i + 1 < len ? pl->steps[i + 1].day - st->day : 1;
        if (st->nights > 0)
            st->flags |= WR_STEP_NIGHT;
    }
    r.steps = pl->steps;
    r.step_count = len;
    r.arrival_day = pl->steps[len - 1].day;
    r.points_left = pl->steps[len - 1].points_left;
    *route = r;
    return WR_OK;
}
