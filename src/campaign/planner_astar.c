/* A* for routes on a map, with Dijkstra's route rebuilt from its labels.

   A* (key = label + hmin x hex distance to the goal; consistent, as no
   transition raises the label by less than hmin and a move changes the
   distance by at most one) settles every state whose key is at most the
   goal's label, which includes every state on a shortest path to the goal,
   with its final label. The route must be the one the Dijkstra of
   search_land() returns (the golden routes): there a state's parent is the
   first settled of its optimal predecessors, and the states of one label
   leave their bucket last in, first out, that is in the reverse order of
   the (settle rank of the parent, offer index) that pushed them. So the
   states on shortest paths to the goal are collected backwards from it, and
   ranked label by label in that order, which gives each its parent. */
#include "campaign/planner_ring.h"

/* The index of the first offer from state u to state t with label want, in
   the order search_land() makes its offers (its move list, then the rally
   day), or -1; its flags in *flags. */
static int land_offer(const fastgen *f, const search_opts *o, const uint32_t *dist, int32_t u,
                      int32_t t, uint32_t want, uint32_t *flags)
{
    const int32_t cells = o->cells;
    const uint32_t P = o->daily;
    const int unformed = u >= cells;
    const int32_t node = unformed ? u - cells : u, tnode = t >= cells ? t - cells : t;
    const uint32_t lab = dist[u], day_end = fresh_day(o, u, lab);
    const uint16_t *keys = hex_keys(f, node);
    const int32_t *delta = f->delta[keys[6]];
    int idx = 0;
    for (int d = 0; d < 6; d++) {
        if (keys[d] == 0xffffu)
            continue;
        int32_t to = node + delta[d];
        if (f->block != NULL && wri_blocked(f->block, node, to, d))
            continue;
        const wri_tentry *te = &f->table[keys[d]];
        if (to != tnode) {
            idx += (int)te->count;
            continue;
        }
        for (uint32_t k = 0; k < te->count; k++, idx++) {
            uint32_t fl = te->e[k].flags;
            int needs = (fl & WR_STEP_UNFORMED) != 0;
            int32_t target;
            uint64_t nk;
            if (o->plain) {
                if (needs && !o->unformed_ok)
                    continue;
                target = to;
                nk = (uint64_t)lab + (uint64_t)te->e[k].points + (uint64_t)te->e[k].days * P;
            } else {
                if (needs && !unformed && !o->unformed_ok)
                    continue;
                target = (needs || unformed) ? to + cells : to;
                nk = (te->e[k].days > 0 ? (uint64_t)day_end + (uint64_t)te->e[k].days * P
                                        : (uint64_t)lab) +
                     (uint64_t)te->e[k].points;
            }
            if (target == t && nk == want) {
                *flags = fl;
                return idx;
            }
        }
    }
    if (o->two && unformed && t == node && (uint64_t)day_end + P == want) {
        *flags = WR_STEP_RALLY;
        return idx;
    }
    return -1;
}

/* land_offer() for vessels: the generator's moves, in the order
   search_water() offers them. */
int wri_planner_water_offer(const wri_movegen *g, const search_opts *o, const uint32_t *dist,
                            int32_t u, int32_t t, uint32_t want, uint32_t *flags)
{
    const int32_t cells = o->cells;
    const uint32_t P = o->daily;
    const int unformed = u >= cells;
    const int32_t node = unformed ? u - cells : u;
    const uint32_t lab = dist[u], day_end = fresh_day(o, u, lab);

    wr_plan_edge arr[WR_PLAN_MAX_EDGES];
    int n = wri_campaign_moves(g, node, arr);
    for (int i = 0; i < n; i++) {
        const wr_plan_edge *e = &arr[i];
        int needs = (e->flags & WR_STEP_UNFORMED) != 0;
        int32_t target;
        uint64_t nk;
        if (o->plain) {
            if (needs && !o->unformed_ok)
                continue;
            target = e->to;
            nk = (uint64_t)lab + (uint64_t)e->points + (uint64_t)e->days * P;
        } else {
            if (needs && !unformed && !o->unformed_ok)
                continue;
            target = (needs || unformed) ? e->to + cells : e->to;
            nk = (e->days > 0 ? (uint64_t)day_end + (uint64_t)e->days * P : (uint64_t)lab) +
                 (uint64_t)e->points;
        }

        if (target == t && nk == want) {
            *flags = e->flags;
            return i;
        }
    }
    if (o->two && unformed && t == node && (uint64_t)day_end + P == want) {
        *flags = WR_STEP_RALLY;
        return n;
    }
    return -1;
}

static int state_offer(const fastgen *f, const search_opts *o, const uint32_t *dist, int32_t u,
                       int32_t t, uint32_t want, uint32_t *flags)
{
    return f->table != NULL ? land_offer(f, o, dist, u, t, want, flags)
                            : wri_planner_water_offer(f->g, o, dist, u, t, want, flags);
}

/* The states that may move into state t: its hex's and its neighbours'. */
static int land_preds(const fastgen *f, const search_opts *o, int32_t t, int32_t *out)
{
    int32_t tnode = t >= o->cells ? t - o->cells : t;
    const wri_cell *c = &f->cells[tnode];
    unsigned odd = (c->nb & WRI_ODD_ROW) ? 1u : 0u;
    int n = 0;
    for (int d = -1; d < 6; d++) {
        int32_t v = tnode;
        if (d >= 0) {
            if (!(c->nb & (1u << d)))
                continue;
            v = tnode + f->delta[odd][d];
        }
        out[n++] = v;
        if (o->two)
            out[n++] = v + o->cells;
    }
    return n;
}

static void sift_down(uint64_t *a, size_t i, size_t n)
{
    for (;;) {
        size_t c = 2 * i + 1;
        if (c >= n)
            return;
        if (c + 1 < n && a[c + 1] > a[c])
            c++;
        if (a[i] >= a[c])
            return;
        uint64_t x = a[i];
        a[i] = a[c];
        a[c] = x;
        i = c;
    }
}

/* Heapsort, ascending: no allocation. */
static void sort_u64(uint64_t *a, size_t n)
{
    for (size_t i = n / 2; i-- > 0;)
        sift_down(a, i, n);
    for (size_t i = n; i-- > 1;) {
        uint64_t x = a[0];
        a[0] = a[i];
        a[i] = x;
        sift_down(a, 0, i);
    }
}

/* Sorts a[0..n) by its high 32 bits (at most max_hi), into a or tmp (the
   result); least significant digit first, 11 bits a pass. */
static uint64_t *radix_sort_hi(uint64_t *a, uint64_t *tmp, size_t n, uint32_t max_hi)
{
    uint32_t count[2048]; /* n < 2^25 */
    for (unsigned shift = 32; shift < 64 && (max_hi >> (shift - 32)) != 0; shift += 11) {
        memset(count, 0, sizeof count);
        for (size_t i = 0; i < n; i++)
            count[(a[i] >> shift) & 2047u]++;
        uint32_t sum = 0;
        for (unsigned d = 0; d < 2048u; d++) {
            uint32_t c = count[d];
            count[d] = sum;
            sum += c;
        }
        for (size_t i = 0; i < n; i++)
            tmp[count[(a[i] >> shift) & 2047u]++] = a[i];
        uint64_t *x = a;
        a = tmp;
        tmp = x;
    }
    return a;
}

/* Whether wri_planner_astar_route() runs astar_plain() and its route rebuilding from
   the plain costs by hex: land, plain costs in the planner's costs by hex,
   nothing blocked. */
static int plain_route(const fastgen *f, const search_opts *o)
{
    return f->table != NULL && o->plain && f->costs != NULL && f->block == NULL;
}

/* search_land_astar() when plain_route(): the same states settled with the
   same labels (A* settles every state keyed up to the goal's label,
   whatever the order within a bucket), the heuristic of a neighbour from
   its axial offset to the goal instead of from its index. */
static wr_status astar_plain(wr_planner *pl, const fastgen *f, const search_opts *o)
{
    const int32_t width = o->width, goal_q = o->goal_q, goal_r = o->goal_r;
    const int32_t goal = o->goal, goal2 = o->goal2;
    const uint64_t width_inv = o->width_inv;
    const uint32_t hmin = o->hmin, key_max = (uint32_t)o->key_max;
    uint8_t *const costs = f->costs;
    const uint8_t epoch = f->epoch;
    uint32_t *const dist = pl->dist;
    uint8_t *const dirty = pl->dirty;
    const size_t blocks = dirty_blocks((size_t)o->cells);
    if (pl->dirty_cells == o->cells) {
        const size_t last = (size_t)o->cells - 1u;
        for (size_t i = 0; i < blocks; i++)
            if (dirty[i]) {
                const size_t from = i << WRI_DIRTY_SHIFT;
                size_t n = (size_t)1 << WRI_DIRTY_SHIFT;
                if (from + n > last + 1u)
                    n = last + 1u - from;
                memset(dist + from, 0xff, n * sizeof *dist);
                dirty[i] = 0;
            }
    } else {
        memset(dist, 0xff, (size_t)o->cells * sizeof *dist);
        memset(dirty, 0, blocks);
        pl->dirty_cells = o->cells;
    }
    wr_status st = ring_reset(pl, o->ring_hint);
    if (st != WR_OK)
        return st;
    const uint32_t ring_size = pl->ring, mask = ring_size - 1u;
    wri_bucket *const ring = pl->buckets;
    int32_t *pool = pl->pool;

    const int32_t src = o->src_state;
    uint32_t cur = o->t0;
    dist[src] = cur;
    dirty[(uint32_t)src >> WRI_DIRTY_SHIFT] = 1;
    pl->parent[src] = -1;
    pl->via[src] = (uint16_t)WR_STEP_START;
    cur += search_h(o, src);
    st = bucket_push(pl, &ring[cur & mask], src);
    /* GCOVR_EXCL_START: ring_reset() left the pool's chunks (256 at least) all free */
    if (st != WR_OK)
        return st;
    /* GCOVR_EXCL_STOP */
    pool = pl->pool;
    size_t queued = 1;
    int found = 0;
    while (queued > 0) {
        wri_bucket *b = &ring[cur & mask];
        if (b->head < 0) {
            if (found)
                break; /* every state keyed up to the goal's label is settled */
            cur++;
            continue;
        }
        const int32_t s = pool[(size_t)b->head * WRI_CHUNK + b->fill];
        if (--b->fill == 0)
            bucket_release(pl, b);
        queued--;
        const int32_t row = (int32_t)(((uint64_t)s * width_inv) >> 40);
        const int32_t dq = s - row * width - (row >> 1) - goal_q, dr = row - goal_r;
        const int32_t ds = dq + dr;
        const uint32_t hs = hmin * ((uint32_t)((dq < 0 ? -dq : dq) + (dr < 0 ? -dr : dr) +
                                               (ds < 0 ? -ds : ds)) / 2u);
        const uint32_t lab = dist[s];
        if (lab + hs != cur)
            continue; /* a stale entry */
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
        uint8_t *h = costs + (size_t)s * 8u;
        if (h[7] != epoch)
            wri_planner_fill_costs(f, s, h);
        const int32_t *delta = f->delta[h[6]];
        const int near_max = lab + 0xfeu > key_max; /* only then can lab + c pass it */
#if defined(__clang__)
#pragma clang loop unroll(full)
#elif defined(__GNUC__)
#pragma GCC unroll 6
#endif
        for (int d = 0; d < 6; d++) {
            const uint32_t c = h[d];
            if (c == 0xffu)
                continue;
            const int32_t t = s + delta[d];
            const uint32_t nk = lab + c; /* lab <= key_max < 2^31 */
            if (nk >= dist[t] || (near_max && nk > key_max))
                continue;
#if defined(__GNUC__)
            __builtin_prefetch(costs + (size_t)t * 8u);
#endif
            dist[t] = nk;
            dirty[(uint32_t)t >> WRI_DIRTY_SHIFT] = 1;
            const uint32_t k = nk + hn[d];
            /* GCOVR_EXCL_START: the ring is larger than max_delta + hmin, and a
               move's plain cost is below max_delta (wri_campaign_movegen_init()) */
            if (k - cur >= ring_size)
                return WR_ERR_STATE;
            /* GCOVR_EXCL_STOP */
            RING_PUSH(k, t);
        }
    }
    return WR_OK;
}

/* The index steps from hex t to its neighbours, by direction. */
static const int32_t *nb_delta(const fastgen *f, int32_t t)
{
    return f->delta[(f->cells[t].nb & WRI_ODD_ROW) ? 1 : 0];
}

/* When plain_route(): the directions from state t of the neighbours whose
   move into t takes their label to want, by the plain costs of their hex
   (as land_offer() finds them, without looking at each move: a move of the
   plain cost of its key exists when any does, and with want final no other
   cost can match), as a mask of bit d for direction d. Only hexes filled in
   this epoch are looked at: a state on a shortest path to the goal was
   settled, so expanded. */
static unsigned plain_pred_dirs(const fastgen *f, const uint32_t *dist, int32_t t, uint32_t want)
{
    const wri_cell *c = &f->cells[t];
    const int32_t *delta = nb_delta(f, t);
    unsigned dirs = 0;
    for (int d = 0; d < 6; d++) {
        if (!(c->nb & (1u << d)))
            continue;
        const int32_t v = t + delta[d];
        const uint32_t dv = dist[v];
        if (dv >= want)
            continue;
        const uint8_t *h = f->costs + (size_t)v * 8u;
        const uint32_t back = h[(d + 3) % 6]; /* the move from v into t */
        if (h[7] == f->epoch && back != 0xffu && back == want - dv)
            dirs |= 1u << d;
    }
    return dirs;
}

/* The neighbours of t in the directions of plain_pred_dirs(). At most 6. */
static int plain_preds(const fastgen *f, int32_t t, unsigned dirs, int32_t *out)
{
    const int32_t *delta = nb_delta(f, t);
    int n = 0;
    for (int d = 0; d < 6; d++)
        if (dirs & (1u << d))
            out[n++] = t + delta[d];
    return n;
}

/* A* to o->goal (land or vessels), then Dijkstra's parents on the
   shortest paths to it.
   WR_ERR_STATE: not done (a ring or scratch too small), run search_land(). */
wr_status wri_planner_astar_route(wr_planner *pl, const fastgen *f, search_opts *o)
{
    const int plain = plain_route(f, o);
    wr_status st = f->table == NULL ? wri_planner_search_water_astar(pl, f->g, o)
                   : plain          ? astar_plain(pl, f, o)
                                    : wri_planner_search_land_astar(pl, f, o);
    if (st != WR_OK)
        return st;
    const uint32_t *dist = pl->dist;
    const int32_t goal = reached_goal(o, dist);

    if (dist[goal] == UINT32_MAX)
        return WR_OK;
    /* the bucket pool is free until the next search: the scratch list */
    /* GCOVR_EXCL_START: an allocator's blocks are aligned for any type (core.h) */
    if (((uintptr_t)pl->pool & 7u) != 0)
        return WR_ERR_STATE;
    /* GCOVR_EXCL_STOP */
    uint64_t *list = (uint64_t *)(void *)pl->pool;
    size_t cap = pl->chunks * WRI_CHUNK / 2u;
    if (cap > ((size_t)1 << 25))
        cap = (size_t)1 << 25; /* rank x 64 + offer index stays below 2^31 */
    /* Marks in order[]: B for a state found on a shortest path, B + 1 + its
       rank once ranked; every other value there is below B (the reachable
       set and wri_planner_build_route() write indices below 2^25, earlier queries
       values below this query's B). */
    const uint32_t first_base = (uint32_t)1 << 26;
    if (pl->mark_base < first_base || pl->mark_base > UINT32_MAX - (uint32_t)cap - 2u) {
        memset(pl->order, 0, pl->cap * sizeof *pl->order);
        pl->mark_base = first_base;
    }
    const uint32_t B = pl->mark_base;
    pl->mark_base = B + (uint32_t)cap + 2u;
    uint32_t *mark = (uint32_t *)pl->order;
    int32_t preds[14];
    uint32_t fl;
    size_t m = 0;
    list[m++] = (uint64_t)dist[goal] << 32 | (uint32_t)goal;
    mark[goal] = B;
    uint16_t *via = pl->via;
    for (size_t i = 0; i < m; i++) {
        int32_t t = (int32_t)(uint32_t)list[i];
        int n = 0;
        if (plain) {
            /* kept in via[] for the ranking below; the route's own moves
               are found at the end */
            const unsigned dirs = plain_pred_dirs(f, dist, t, dist[t]);
            via[t] = (uint16_t)dirs;
            n = plain_preds(f, t, dirs, preds);
        } else {
            n = land_preds(f, o, t, preds);
        }
        for (int k = 0; k < n; k++) {
            int32_t u = preds[k];
            if (mark[u] >= B ||
                (!plain && (dist[u] >= dist[t] || state_offer(f, o, dist, u, t, dist[t], &fl) < 0)))
                continue;
            if (m == cap)
                return WR_ERR_STATE;
            mark[u] = B;
            list[m++] = (uint64_t)dist[u] << 32 | (uint32_t)u;
        }
    }
    if (m >= 256u && 2u * m <= cap) /* below, heapsort beats clearing the counts */
        list = radix_sort_hi(list, list + m, m, dist[goal]);
    else
        sort_u64(list, m);
    int32_t *parent = pl->parent;
    uint32_t next = B + 1u;
    for (size_t i = 0; i < m;) {
        const uint32_t lab = (uint32_t)(list[i] >> 32);
        size_t j = i;
        for (; j < m && (uint32_t)(list[j] >> 32) == lab; j++) {
            int32_t t = (int32_t)(uint32_t)list[j];
            uint64_t key = 0;
            if (t != o->src_state) {
                int32_t best = -1;
                int best_idx = 0;
                uint32_t best_fl = 0;
                if (plain) {
                    /* the earliest ranked of the moves into t; for the
                       order of its moves, the direction from it to t stands
                       for the offer index (the moves of a hex are offered
                       direction by direction) */
                    const unsigned dirs = via[t];
                    const int32_t *delta = nb_delta(f, t);
                    for (int d = 0; d < 6; d++) {
                        const int32_t u = t + delta[d];
                        if ((dirs & (1u << d)) && mark[u] > B &&
                            (best < 0 || mark[u] < mark[best])) {
                            best = u;
                            best_idx = (d + 3) % 6;
                        }
                    }
                } else {
                    int n = land_preds(f, o, t, preds);
                    for (int k = 0; k < n; k++) {
                        int32_t u = preds[k];
                        if (mark[u] <= B || dist[u] >= lab)
                            continue; /* not ranked: not on a shortest path, or not before t */
                        int idx = state_offer(f, o, dist, u, t, lab, &fl);
                        if (idx >= 0 && (best < 0 || mark[u] < mark[best])) {
                            best = u;
                            best_idx = idx;
                            best_fl = fl;
                        }
                    }
                }
                /* GCOVR_EXCL_START: the state that listed t is ranked before it */
                if (best < 0)
                    return WR_ERR_STATE;
                /* GCOVR_EXCL_STOP */
                parent[t] = best;
                if (!plain)
                    via[t] = (uint16_t)(best_fl & 0x7fffu);
                key = (uint64_t)(mark[best] - B - 1u) * 64u + (uint64_t)best_idx;
            }
            list[j] = key << 32 | (uint32_t)t;
        }
        /* within a label: the last pushed leaves its bucket first */
        sort_u64(list + i, j - i);
        for (size_t k = j; k-- > i;)
            mark[(uint32_t)list[k]] = next++;
        i = j;
    }
    if (plain) { /* the moves of the route's own steps */
        via[o->src_state] = (uint16_t)WR_STEP_START;
        for (int32_t t = goal; t != o->src_state; t = parent[t]) {
            /* GCOVR_EXCL_START: a move of the parent's plain cost into t exists */
            if (land_offer(f, o, dist, parent[t], t, dist[t], &fl) < 0)
                return WR_ERR_STATE;
            /* GCOVR_EXCL_STOP */
            via[t] = (uint16_t)(fl & 0x7fffu);
        }
    }
    return WR_OK;
}
