/* A* for routes on a map: search_core.h keyed by label + h for land forces
   and vessels, and a plain A* of its own over the plain costs by hex; then
   Dijkstra's parents rebuilt from its labels (planner_route.c).

   A* (key = label + hmin x hex distance to the goal; consistent, as no
   transition raises the label by less than hmin and a move changes the
   distance by at most one) settles every state whose key is at most the
   goal's label, which includes every state on a shortest path to the goal,
   with its final label: enough for wri_planner_rebuild_parents() to give
   them the parents wri_planner_dijkstra_land() would. */
#include <stdlib.h>

#include "planner_edges.h"
#include "planner_ring.h"

#define SEARCH_NAME search_land_astar
#define SEARCH_CTX fastgen
#define SEARCH_EDGES(ctx, node, bad, ...) EDGES_FROM_TABLE(ctx, node, bad, __VA_ARGS__)
#define SEARCH_PLAIN_EDGES(ctx, node, ...) PLAIN_EDGES(ctx, node, __VA_ARGS__)
#define SEARCH_PREFETCH(ctx, node) PREFETCH_HEX(ctx, node)
#define SEARCH_PARENTS 0
#define SEARCH_ASTAR 1
#include "search_core.h"

#define SEARCH_NAME search_water_astar
#define SEARCH_CTX wri_movegen
#define SEARCH_EDGES(ctx, node, bad, ...) \
    EDGES_FROM_ARRAY(wri_campaign_moves, ctx, node, bad, __VA_ARGS__)
#define SEARCH_PARENTS 0
#define SEARCH_ASTAR 1
#include "search_core.h"

/* The start of a plain A*: its labels cleared (the blocks the last one
   wrote), the start state labelled and in the ring at key. */
static wr_status astar_start(wr_planner *pl, const search_opts *o, uint32_t key)
{
    clear_labels(pl, o->cells);
    const int32_t src = o->src_state;
    pl->dist[src] = o->t0;
    pl->dirty[(uint32_t)src >> WRI_DIRTY_SHIFT] = 1;
    pl->parent[src] = -1;
    pl->via[src] = (uint16_t)WR_STEP_START;
    return ring_start(pl, o, src, key);
}

/* Offers the moves of settled state s_ at its label lab_ over the plain
   costs: each that lowers the label of a neighbour t (to nk, at most
   key_max) writes it, marks its block, then runs the statement given, with
   t, nk and the direction d in scope. Uses the search's f, costs, epoch,
   dist, dirty and key_max. */
#define PLAIN_OFFERS(s_, lab_, ...)                                                 \
    do {                                                                            \
        uint8_t *h_ = costs + (size_t)(s_)*8u;                                      \
        if (h_[7] != epoch)                                                         \
            wri_planner_fill_costs(f, (s_), h_);                                    \
        const int32_t *delta_ = f->delta[h_[6]];                                    \
        const int near_max_ = (lab_) + 0xfeu > key_max; /* only then can it pass */ \
        WRI_UNROLL_6 for (int d = 0; d < 6; d++)                                    \
        {                                                                           \
            const uint32_t c_ = h_[d];                                              \
            if (c_ == 0xffu)                                                        \
                continue;                                                           \
            const int32_t t = (s_) + delta_[d];                                     \
            const uint32_t nk = (lab_) + c_; /* lab_ <= key_max < 2^31 */           \
            if (nk >= dist[t] || (near_max_ && nk > key_max))                       \
                continue;                                                           \
            PREFETCH_COSTS(f, t);                                                   \
            dist[t] = nk;                                                           \
            dirty[(uint32_t)t >> WRI_DIRTY_SHIFT] = 1;                              \
            __VA_ARGS__;                                                            \
        }                                                                           \
    } while (0)

/* search_land_astar() when plain_route(): the same states settled with the
   same labels (A* settles every state keyed up to the goal's label,
   whatever the order within a bucket), the heuristic of a neighbour from
   its axial offset to the goal instead of from its index. */
static wr_status astar_plain(wr_planner *pl, const fastgen *f, const search_opts *o,
                             wri_search_end *end)
{
    const int32_t width = o->width, goal_q = o->goal_q, goal_r = o->goal_r;
    const int32_t goal = o->goal, goal2 = o->goal2;
    const uint64_t width_inv = o->width_inv;
    const uint32_t hmin = o->hmin, key_max = (uint32_t)o->key_max;
    uint8_t *const costs = f->costs;
    const uint8_t epoch = f->epoch;
    uint32_t *const dist = pl->dist;
    uint8_t *const dirty = pl->dirty;
    uint32_t cur = o->t0 + search_h(o, o->src_state);
    wr_status st = astar_start(pl, o, cur);
    if (st != WR_OK)
        return st;
    const uint32_t ring_size = pl->ring, mask = ring_size - 1u;
    wri_bucket *const ring = pl->buckets;
    int32_t *pool = pl->pool;
    size_t queued = 1, settled = 0;
    int found = 0;
    while (queued > 0 && st == WR_OK) {
        wri_bucket *b = &ring[cur & mask];
        if (b->head < 0) {
            if (found)
                break; /* every state keyed up to the goal's label is settled */
            cur++;
            continue;
        }
        const int32_t s = bucket_pop(pl, pool, b);
        queued--;
        const int32_t row = (int32_t)(((uint64_t)s * width_inv) >> 40);
        const int32_t dq = s - row * width - (row >> 1) - goal_q, dr = row - goal_r;
        const int32_t ds = dq + dr, hex_steps = (abs(dq) + abs(dr) + abs(ds)) / 2;
        const uint32_t hs = hmin * (uint32_t)hex_steps;
        const uint32_t lab = dist[s];
        if (lab + hs != cur)
            continue; /* a stale entry */
        settled++;
        if (s == goal || s == goal2)
            found = 1;
        /* the heuristic of the neighbour in direction d: hs + hmin x the
           change of the hex distance, (|q'| - |q| + |r'| - |r| + |s'| - |s|) / 2.
           Direction d steps (q, r) by (1, 0), (1, -1), (0, -1), (-1, 0),
           (-1, 1), (0, 1) (wri_campaign_nb_delta_unit in axial coordinates,
           the same for both row parities), s = q + r with them; a coordinate
           one more changes |.| by +1 when it is >= 0, else -1, one less by
           +1 when it is <= 0, else -1. */
        const int32_t uq = dq >= 0, vq = dq <= 0, ur = dr >= 0, vr = dr <= 0;
        const int32_t us = ds >= 0, vs = ds <= 0;
        const uint32_t hn[6] = {
            hs + hmin * (uint32_t)(uq + us - 1), hs + hmin * (uint32_t)(uq + vr - 1),
            hs + hmin * (uint32_t)(vr + vs - 1), hs + hmin * (uint32_t)(vq + vs - 1),
            hs + hmin * (uint32_t)(vq + ur - 1), hs + hmin * (uint32_t)(ur + us - 1)};
        PLAIN_OFFERS(s, lab, {
            const uint32_t k = nk + hn[d];
            /* GCOVR_EXCL_START: the ring is larger than max_delta + hmin, and a
               move's plain cost is below max_delta (wri_campaign_movegen_init()) */
            if (k - cur >= ring_size)
                goto fall_back;
            /* GCOVR_EXCL_STOP */
            RING_PUSH(k, t);
        });
    }
    pl->settled = settled;
    return st; /* a failure to grow the pool ends the loop */
    /* GCOVR_EXCL_START: taken only from the test marked above */
fall_back:
    *end = WRI_SEARCH_FALL_BACK;
    return WR_OK;
    /* GCOVR_EXCL_STOP */
}

/* The landmarks a query reads (WRI_ACTIVE_LANDMARKS): the ones whose bound
   is largest at the start, and one near a shortest path (choose_landmarks()),
   each by its plane of labels (one of the two, as
   the landmarks are narrow or not) and dg = d(L, goal) (0 when L does not
   reach the goal: no bound from L). Fewer planes read, fewer cache lines a
   neighbour; the bound from the others is given up. With fewer landmarks,
   the first plane fills the places left, with dg 0 (no bound). */
#define WRI_ACTIVE_LANDMARKS 3
typedef struct active_landmarks {
    const uint16_t *narrow[WRI_ACTIVE_LANDMARKS];
    const int32_t *wide[WRI_ACTIVE_LANDMARKS];
    int32_t dg[WRI_ACTIVE_LANDMARKS];
} active_landmarks;

/* Label v of landmark j (INT32_MAX when it does not reach v). */
static int32_t landmark_label(const wri_landmarks *lm, int j, int32_t v)
{
    const size_t at = (size_t)j * lm->cells + (size_t)v;
    if (lm->narrow != NULL)
        return lm->narrow[at] == 0xffffu ? INT32_MAX : (int32_t)lm->narrow[at];
    return lm->dist[at];
}

/* The active landmarks of a query from src to goal: the two whose bound
   d(L, goal) - d(L, src) is largest (behind the start, their bound holds
   for most of the way), then the one with the least 3 d(L, src) +
   d(L, goal): near a shortest path from src to goal (d(L, src) +
   d(L, goal) small), where its bound is exact from it to the goal, and
   near the start (d(L, src) small again), so that this is most of the way;
   the largest bound first among equals. Any choice gives a consistent
   bound; this one settles fewer states (docs/performance.md, "Route
   queries"). */
static void choose_landmarks(const wri_landmarks *lm, int32_t src, int32_t goal,
                             active_landmarks *act)
{
    int64_t score[WR_PLAN_MAX_LANDMARKS], near[WR_PLAN_MAX_LANDMARKS];
    int32_t dg[WR_PLAN_MAX_LANDMARKS];
    for (int j = 0; j < lm->count; j++) {
        const int32_t g = landmark_label(lm, j, goal), s = landmark_label(lm, j, src);
        dg[j] = g == INT32_MAX ? 0 : g;
        score[j] = s == INT32_MAX ? INT64_MIN : (int64_t)dg[j] - s;
        near[j] = s == INT32_MAX || g == INT32_MAX ? INT64_MAX : (int64_t)g + 3 * (int64_t)s;
    }
    const int n = lm->count < WRI_ACTIVE_LANDMARKS ? lm->count : WRI_ACTIVE_LANDMARKS;
    for (int i = n; i < WRI_ACTIVE_LANDMARKS; i++) { /* no bound from these: dg 0 */
        act->narrow[i] = lm->narrow;
        act->wide[i] = lm->dist;
        act->dg[i] = 0;
    }
    for (int i = 0; i < n; i++) {
        int best = -1;
        for (int j = 0; j < lm->count; j++) {
            if (score[j] == INT64_MAX)
                continue; /* taken */
            const int by_near = i == WRI_ACTIVE_LANDMARKS - 1 && best >= 0 && near[j] != near[best];
            if (best < 0 || (by_near ? near[j] < near[best] : score[j] > score[best]))
                best = j;
        }
        score[best] = INT64_MAX; /* taken */
        const size_t at = (size_t)best * lm->cells;
        act->narrow[i] = lm->narrow != NULL ? lm->narrow + at : NULL;
        act->wide[i] = lm->dist != NULL ? lm->dist + at : NULL;
        act->dg[i] = dg[best];
    }
}

/* The landmarks' bound of the points from a hex to the goal, at least h:
   the largest d(L, goal) - d(L, v) over the active landmarks (the
   triangle inequality d(L, goal) <= d(L, v) + d(v, goal)), with d(L, v)
   from the landmark's labels (INT32_MAX, or 0xffff when narrow: L does
   not reach v, no bound). Each term is the bound of a consistent
   heuristic (d(L, w) <= d(L, v) + c for a move v -> w of cost c), and so
   is their maximum. narrow: whether the labels are uint16 (lm->narrow). */
static WRI_INLINE uint32_t landmark_bound(const active_landmarks *act, int32_t v, uint32_t h,
                                          const int narrow)
{
    int32_t best = (int32_t)h; /* h <= hmin x hexes < 2^31 */
    if (narrow) {              /* 0xffff: unreached, and every dg is below it */
        for (int i = 0; i < WRI_ACTIVE_LANDMARKS; i++) {
            const int32_t x = act->dg[i] - (int32_t)act->narrow[i][v];
            best = x > best ? x : best;
        }
        return (uint32_t)best;
    }
    for (int i = 0; i < WRI_ACTIVE_LANDMARKS; i++) {
        const int32_t x = act->dg[i] - act->wide[i][v]; /* both in 0..INT32_MAX */
        best = x > best ? x : best;
    }
    return (uint32_t)best;
}

/* Whether the planner's landmarks were made for this search's map as it
   stands and its parameters (the records by hex and the table are for
   them: wri_planner_hex_records()). */
static int landmarks_fit(const wr_planner *pl, const search_opts *o)
{
    const wri_landmarks *lm = &pl->landmarks;
    const map_stamp *a = &lm->map, *b = &pl->records_map;
    return lm->count > 0 && lm->cells == (size_t)o->cells && a->map == b->map &&
           a->width == b->width && a->height == b->height && a->generation == b->generation &&
           a->history == b->history && pl->table_valid &&
           memcmp(&lm->params, &pl->table_for, sizeof lm->params) == 0;
}

/* astar_plain() with the landmarks' bound (landmark_bound()) beside the
   distance in hexes: the same states on shortest paths settled with the
   same labels (the argument at the top of this file holds for any
   consistent bound), fewer others. A move changes the bound by at most
   the cost of the move back (or hmin), so the ring holds twice the
   largest move; a neighbour keyed past it (no move back) ends the search
   with WRI_SEARCH_FALL_BACK, and the caller runs astar_plain(). narrow as
   for landmark_bound(): a constant in each of astar_landmarks()'s calls. */
static WRI_INLINE wr_status astar_landmarks_of(wr_planner *pl, const fastgen *f,
                                               const search_opts *o, wri_search_end *end,
                                               const int narrow)
{
    const wri_landmarks *lm = &pl->landmarks;
    const int32_t goal = o->goal;
    active_landmarks act;
    choose_landmarks(lm, o->src_state, goal, &act);
    const uint32_t key_max = (uint32_t)o->key_max;
    uint8_t *const costs = f->costs;
    const uint8_t epoch = f->epoch;
    uint32_t *const dist = pl->dist;
    uint8_t *const dirty = pl->dirty;
    search_opts a = *o;
    a.ring_hint = 2u * o->ring_hint;
    const int32_t src = o->src_state;
    uint32_t cur = o->t0 + landmark_bound(&act, src, search_h(o, src), narrow);
    wr_status st = astar_start(pl, &a, cur);
    if (st != WR_OK)
        return st;
    /* Each entry is two: the label the state was queued with, then the
       state (popped first: the buckets are stacks); the entry is stale
       when the state's label is no longer that one, so no bound is kept
       by state (a store and a load a state, in an array as large as the
       labels). The start, queued alone, becomes its label, and the start
       goes on top. */
    const uint32_t ring_size = pl->ring, mask = ring_size - 1u;
    wri_bucket *const ring = pl->buckets;
    int32_t *pool = pl->pool;
    size_t queued = 1, settled = 0;
    pool[(size_t)ring[cur & mask].head * WRI_CHUNK + 1u] = (int32_t)o->t0;
    RING_PUSH(cur, src);
    int found = 0;
    while (queued > 0 && st == WR_OK) {
        wri_bucket *b = &ring[cur & mask];
        if (b->head < 0) {
            if (found)
                break; /* every state keyed up to the goal's label is settled */
            cur++;
            continue;
        }
        int32_t queued_with;
        const int32_t s = bucket_pop_pair(pl, pool, b, &queued_with);
        const uint32_t lab = (uint32_t)queued_with;
        queued -= 2;
        if (lab != dist[s])
            continue; /* a stale entry */
        settled++;
        found |= s == goal || s == o->goal2;
        PLAIN_OFFERS(s, lab, {
            const uint32_t k = nk + landmark_bound(&act, t, search_h(o, t), narrow);
            if (k - cur >= ring_size)
                goto fall_back;
            RING_PUSH_PAIR(k, (int32_t)nk, t);
        });
    }
    pl->settled = settled;
    return st; /* a failure to grow the pool ends the loop */
fall_back:
    *end = WRI_SEARCH_FALL_BACK;
    return WR_OK;
}

static wr_status astar_landmarks(wr_planner *pl, const fastgen *f, const search_opts *o,
                                 wri_search_end *end)
{
    return pl->landmarks.narrow != NULL ? astar_landmarks_of(pl, f, o, end, 1)
                                        : astar_landmarks_of(pl, f, o, end, 0);
}

/* The plain A*: with the landmarks when they fit, else (or when their
   search falls back) without. */
static wr_status astar_plain_route(wr_planner *pl, const fastgen *f, const search_opts *o,
                                   wri_search_end *end)
{
    if (landmarks_fit(pl, o)) {
        wr_status st = astar_landmarks(pl, f, o, end);
        if (st != WR_OK || *end == WRI_SEARCH_DONE)
            return st;
        *end = WRI_SEARCH_DONE;
    }
    return astar_plain(pl, f, o, end);
}

wr_status wri_planner_astar_route(wr_planner *pl, const fastgen *f, const search_opts *o,
                                  wri_search_end *end)
{
    *end = WRI_SEARCH_DONE;
    wr_status st = f->table == NULL    ? search_water_astar(pl, f->g, o, end)
                   : plain_route(f, o) ? astar_plain_route(pl, f, o, end)
                                       : search_land_astar(pl, f, o, end);
    if (st != WR_OK || *end != WRI_SEARCH_DONE)
        return st;
    const int32_t goal = reached_goal(o, pl->dist);
    if (pl->dist[goal] != UINT32_MAX)
        *end = wri_planner_rebuild_parents(pl, f, o, goal, &st);
    return st; /* WR_ERR_NOMEM when the rebuilding's list could not grow */
}
