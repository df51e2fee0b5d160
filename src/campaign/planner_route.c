/* Routes from a search's labels: Dijkstra's parents rebuilt after an A*
   (wri_planner_astar_route()), the steps of the route to a state, and the
   move of each step (wr_planner_plan()). The offers of a move are found
   again among a state's moves, in the order the searches make them. */
#include "planner_ring.h"

/* The index of the first offer from state u to state t with label want, in
   the order wri_planner_dijkstra_land() makes its offers (its move list,
   then the rally day), or -1; its flags in *flags. */
static int land_offer(const fastgen *f, const search_opts *o, const uint32_t *dist, int32_t u,
                      int32_t t, uint32_t want, uint32_t *flags)
{
    const int32_t cells = o->cells;
    const uint32_t P = o->daily;
    const int unformed = u >= cells;
    const int32_t node = unformed ? u - cells : u, tnode = t >= cells ? t - cells : t;
    const uint32_t lab = dist[u], day_end = fresh_day(o, u, lab);
    uint16_t kb[8];
    const uint16_t *keys = hex_keys(f, node, kb);
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

/* land_offer() over the generator's moves, in the order
   wri_planner_dijkstra_water() offers them (and the order of
   wri_campaign_moves() for a land force). */
static int generator_offer(const wri_movegen *g, const search_opts *o, const uint32_t *dist,
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

/* land_offer() or generator_offer(), for the moves the search read. */
static int state_offer(const fastgen *f, const search_opts *o, const uint32_t *dist, int32_t u,
                       int32_t t, uint32_t want, uint32_t *flags)
{
    return f->table != NULL ? land_offer(f, o, dist, u, t, want, flags)
                            : generator_offer(f->g, o, dist, u, t, want, flags);
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

/* The index steps from hex t to its neighbours, by direction. */
static const int32_t *nb_delta(const fastgen *f, const search_opts *o, int32_t t)
{
    return f->delta[search_row(o, t) & 1];
}

/* When plain_route(): the directions from state t of the neighbours whose
   move into t takes their label to want, by the plain costs of their hex
   (as land_offer() finds them, without looking at each move: a move of the
   plain cost of its key exists when any does, and with want final no other
   cost can match), as a mask of bit d for direction d. Only hexes filled in
   this epoch are looked at: a state on a shortest path to the goal was
   settled, so expanded. */
static unsigned plain_pred_dirs(const fastgen *f, const search_opts *o, const uint32_t *dist,
                                int32_t t, uint32_t want)
{
    /* the neighbours on the map from t's row and column, not its cell: the
       cells, which the A* does not read, stay out of the caches */
    const int32_t row = search_row(o, t);
    const unsigned nb = wri_nb_on_map(row, t - row * o->width, o->width, o->cells / o->width);
    const int32_t *delta = f->delta[row & 1];
    unsigned dirs = 0;
    for (int d = 0; d < 6; d++) {
        if (!(nb & (1u << d)))
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
static int plain_preds(const fastgen *f, const search_opts *o, int32_t t, unsigned dirs,
                       int32_t *out)
{
    const int32_t *delta = nb_delta(f, o, t);
    int n = 0;
    for (int d = 0; d < 6; d++)
        if (dirs & (1u << d))
            out[n++] = t + delta[d];
    return n;
}

/* ---- Dijkstra's parents after an A* ----

   The route must be the one wri_planner_dijkstra_land() returns (the golden
   routes): there a state's parent is the first settled of its optimal
   predecessors, and the states of one label leave their bucket last in,
   first out, that is in the reverse order of the (settle rank of the
   parent, offer index) that pushed them. So the states on shortest paths to
   the goal are collected backwards from it, and ranked label by label in
   that order, which gives each its parent. */

/* The most entries of the scratch list: one a state, and below 2^25 (rank
   x 64 + offer index stays below 2^31). */
static size_t scratch_most(const wr_planner *pl)
{
    return pl->cap < ((size_t)1 << 25) ? pl->cap : (size_t)1 << 25;
}

/* The bucket pool, free until the next search, as the scratch list of the
   rebuilding (*cap entries of 64 bits), grown to hold `want` entries (the
   pool is sized to a search's frontier; its entries kept); NULL when it is
   not aligned for them, or when it cannot grow (*st WR_ERR_NOMEM). */
static uint64_t *scratch_list(wr_planner *pl, size_t want, size_t *cap, wr_status *st)
{
    if (want > scratch_most(pl))
        want = scratch_most(pl);
    *st = pool_grow(pl, (want * 2u + WRI_CHUNK - 1u) / WRI_CHUNK);
    /* GCOVR_EXCL_START: an allocator's blocks are aligned for any type (core.h) */
    if (*st != WR_OK || ((uintptr_t)pl->pool & 7u) != 0)
        return NULL;
    /* GCOVR_EXCL_STOP */
    size_t c = pl->chunks * WRI_CHUNK / 2u;
    if (c > scratch_most(pl))
        c = scratch_most(pl);
    *cap = c;
    return (uint64_t *)(void *)pl->pool;
}

/* This query's base B of the marks in order[]: B for a state found on a
   shortest path, B + 1 + its rank once ranked; every other value there is
   below B (the reachable set and wri_planner_build_route() write indices
   below 2^25, earlier queries values below this query's B). */
static uint32_t take_marks(wr_planner *pl, size_t cap)
{
    const uint32_t first_base = (uint32_t)1 << 26;
    if (pl->mark_base < first_base || pl->mark_base > UINT32_MAX - (uint32_t)cap - 2u) {
        memset(pl->order, 0, pl->cap * sizeof *pl->order);
        pl->mark_base = first_base;
    }
    const uint32_t B = pl->mark_base;
    pl->mark_base = B + (uint32_t)cap + 2u;
    return B;
}

/* The entries of hex `node` and of the hexes above and below it in an
   array by hex of `size`-byte entries at base, which the A* does not read,
   so they are not in the caches. The addresses by integer arithmetic, as a
   row may be off the map (a prefetch does not fault). */
static void prefetch_rows(const fastgen *f, const void *base, size_t size, int32_t node)
{
#if defined(__GNUC__)
    const uintptr_t at = (uintptr_t)base + (uintptr_t)node * size;
    __builtin_prefetch((const void *)at);
    __builtin_prefetch((const void *)(at + (uintptr_t)(intptr_t)f->delta[0][1] * size));
    __builtin_prefetch((const void *)(at + (uintptr_t)(intptr_t)f->delta[0][5] * size));
#else
    (void)f, (void)base, (void)size, (void)node;
#endif
}

/* The states on shortest paths to goal, collected backwards from it into
   *list (label << 32 | state; the list grows, *cap its room) and marked B:
   their number, 0 when the list cannot grow (*st WR_ERR_NOMEM when the
   allocator failed). When plain, via[] keeps the directions of each one's
   predecessors (plain_pred_dirs()) for first_parent(); the route's own
   moves are found at the end (plain_moves()). */
static size_t collect_states(wr_planner *pl, const fastgen *f, const search_opts *o, int32_t goal,
                             uint64_t **listp, size_t *cap, uint32_t B, int plain, wr_status *st)
{
    uint64_t *list = *listp;
    const uint32_t *dist = pl->dist;
    uint32_t *mark = (uint32_t *)pl->order;
    uint16_t *via = pl->via;
    int32_t preds[14];
    uint32_t fl;
    size_t m = 0;
    list[m++] = (uint64_t)dist[goal] << 32 | (uint32_t)goal;
    mark[goal] = B;
    for (size_t i = 0; i < m; i++) {
        int32_t t = (int32_t)(uint32_t)list[i];
        int n = 0;
        if (plain) {
            const unsigned dirs = plain_pred_dirs(f, o, dist, t, dist[t]);
            via[t] = (uint16_t)dirs;
            n = plain_preds(f, o, t, dirs, preds);
        } else {
            n = land_preds(f, o, t, preds);
        }
        for (int k = 0; k < n; k++) {
            int32_t u = preds[k];
            if (mark[u] >= B ||
                (!plain && (dist[u] >= dist[t] || state_offer(f, o, dist, u, t, dist[t], &fl) < 0)))
                continue;
            if (m == *cap && (*cap >= scratch_most(pl) ||
                              (list = *listp = scratch_list(pl, 2u * m, cap, st)) == NULL))
                return 0;
            mark[u] = B;
            prefetch_rows(f, mark, sizeof *mark, u); /* read when u comes up */
            list[m++] = (uint64_t)dist[u] << 32 | (uint32_t)u;
        }
    }
    return m;
}

/* The parent of state t at label lab: the earliest ranked (mark above B) of
   the predecessors whose move reaches t at lab, or -1; the index of its
   offer in *idx, and the move's flags in *flags unless plain. */
static int32_t first_parent(const wr_planner *pl, const fastgen *f, const search_opts *o, int32_t t,
                            uint32_t lab, uint32_t B, int plain, int *idx, uint32_t *flags)
{
    const uint32_t *dist = pl->dist, *mark = (const uint32_t *)pl->order;
    int32_t best = -1;
    if (plain) {
        /* for the order of its moves, the direction from it to t stands for
           the offer index (the moves of a hex are offered direction by
           direction) */
        const unsigned dirs = pl->via[t];
        const int32_t *delta = nb_delta(f, o, t);
        for (int d = 0; d < 6; d++) {
            const int32_t u = t + delta[d];
            if ((dirs & (1u << d)) && mark[u] > B && (best < 0 || mark[u] < mark[best])) {
                best = u;
                *idx = (d + 3) % 6;
            }
        }
        return best;
    }
    int32_t preds[14];
    int n = land_preds(f, o, t, preds);
    for (int k = 0; k < n; k++) {
        int32_t u = preds[k];
        if (mark[u] <= B || dist[u] >= lab)
            continue; /* not ranked: not on a shortest path, or not before t */
        uint32_t fl = 0;
        int i = state_offer(f, o, dist, u, t, lab, &fl);
        if (i >= 0 && (best < 0 || mark[u] < mark[best])) {
            best = u;
            *idx = i;
            *flags = fl;
        }
    }
    return best;
}

/* Ranks the states of list, sorted by label, label by label in the order
   Dijkstra settles them (marks B + 1 on), giving each its parent (and its
   via unless plain). */
static wri_search_end rank_states(wr_planner *pl, const fastgen *f, const search_opts *o,
                                  uint64_t *list, size_t m, uint32_t B, int plain)
{
    uint32_t *mark = (uint32_t *)pl->order;
    uint32_t next = B + 1u;
    for (size_t i = 0; i < m;) {
        const uint32_t lab = (uint32_t)(list[i] >> 32);
        size_t j = i;
        for (; j < m && (uint32_t)(list[j] >> 32) == lab; j++) {
            int32_t t = (int32_t)(uint32_t)list[j];
            uint64_t key = 0;
            if (t != o->src_state) {
                int idx = 0;
                uint32_t fl = 0;
                const int32_t best = first_parent(pl, f, o, t, lab, B, plain, &idx, &fl);
                /* GCOVR_EXCL_START: the state that listed t is ranked before it */
                if (best < 0)
                    return WRI_SEARCH_FALL_BACK;
                /* GCOVR_EXCL_STOP */
                pl->parent[t] = best;
                if (!plain)
                    pl->via[t] = (uint16_t)(fl & 0x7fffu);
                key = (uint64_t)(mark[best] - B - 1u) * 64u + (uint64_t)idx;
            }
            list[j] = key << 32 | (uint32_t)t;
        }
        /* within a label: the last pushed leaves its bucket first */
        sort_u64(list + i, j - i);
        for (size_t k = j; k-- > i;)
            mark[(uint32_t)list[k]] = next++;
        i = j;
    }
    return WRI_SEARCH_DONE;
}

/* The cells that land_offer() reads for the moves of state u's hex (its
   own and its neighbours'). */
static void prefetch_cells(const fastgen *f, const search_opts *o, int32_t u)
{
    prefetch_rows(f, f->cells, sizeof *f->cells, u >= o->cells ? u - o->cells : u);
}

/* After a plain rebuilding: the moves of the route's own steps in via[],
   the cells of the hexes WRI_ROUTE_AHEAD steps ahead prefetched. */
#define WRI_ROUTE_AHEAD 8
static wri_search_end plain_moves(wr_planner *pl, const fastgen *f, const search_opts *o,
                                  int32_t goal)
{
    uint16_t *via = pl->via;
    uint32_t fl = 0;
    via[o->src_state] = (uint16_t)WR_STEP_START;
    int32_t ahead = goal; /* up the route from t, at most WRI_ROUTE_AHEAD steps */
    for (int k = 0; k < WRI_ROUTE_AHEAD && ahead != o->src_state; k++) {
        ahead = pl->parent[ahead];
        prefetch_cells(f, o, ahead);
    }
    for (int32_t t = goal; t != o->src_state; t = pl->parent[t]) {
        if (ahead != o->src_state) {
            ahead = pl->parent[ahead];
            prefetch_cells(f, o, ahead);
        }
        /* GCOVR_EXCL_START: a move of the parent's plain cost into t exists */
        if (land_offer(f, o, pl->dist, pl->parent[t], t, pl->dist[t], &fl) < 0)
            return WRI_SEARCH_FALL_BACK;
        /* GCOVR_EXCL_STOP */
        via[t] = (uint16_t)(fl & 0x7fffu);
    }
    return WRI_SEARCH_DONE;
}

wri_search_end wri_planner_rebuild_parents(wr_planner *pl, const fastgen *f, const search_opts *o,
                                           int32_t goal, wr_status *st)
{
    const int plain = plain_route(f, o);
    size_t cap = 0;
    uint64_t *list = scratch_list(pl, 0, &cap, st);
    /* GCOVR_EXCL_START: NULL only for a misaligned pool (scratch_list()) */
    if (list == NULL)
        return WRI_SEARCH_FALL_BACK;
    /* GCOVR_EXCL_STOP */
    const uint32_t B = take_marks(pl, scratch_most(pl));
    const size_t m = collect_states(pl, f, o, goal, &list, &cap, B, plain, st);
    if (m >= 256u) /* room for the radix sort's second half */
        list = scratch_list(pl, 2u * m, &cap, st);
    if (m == 0 || list == NULL)
        return WRI_SEARCH_FALL_BACK;
    if (m >= 256u && 2u * m <= cap) /* below, heapsort beats clearing the counts */
        list = radix_sort_hi(list, list + m, m, pl->dist[goal]);
    else
        sort_u64(list, m);
    /* GCOVR_EXCL_START: rank_states() falls back only without a parent (marked there) */
    if (rank_states(pl, f, o, list, m, B, plain) != WRI_SEARCH_DONE)
        return WRI_SEARCH_FALL_BACK;
    /* GCOVR_EXCL_STOP */
    return plain ? plain_moves(pl, f, o, goal) : WRI_SEARCH_DONE;
}

/* ---- the route ---- */

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
        if (i > 0 && unformed && o->two && !(fl & WR_STEP_RALLY) && st->day > last_unformed_day) {
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

/* The move of each step of the route just built (wri_planner_build_route()
   left its states in order[]), found again among the moves of the hex
   before. */
wr_status wri_planner_route_moves(wr_planner *pl, const search_opts *o, const wri_movegen *g,
                                  size_t len)
{
    if (pl->cap_moves < len) {
        wr_plan_edge *nm = wri_alloc_zero(&pl->alloc, pl->cap_steps, sizeof *nm);
        if (nm == NULL)
            return WRI_NOMEM();
        wri_free(&pl->alloc, pl->moves, pl->cap_moves, sizeof *pl->moves);
        pl->moves = nm;
        pl->cap_moves = pl->cap_steps;
    }
    const int32_t cells = o->cells;
    wr_plan_edge start = {pl->steps[0].node, 0, 0, WR_STEP_START};
    pl->moves[0] = start;
    for (size_t i = 1; i < len; i++) {
        int32_t s = pl->order[len - 1 - i], u = pl->order[len - i];
        int32_t node = s >= cells ? s - cells : s, unode = u >= cells ? u - cells : u;
        if (pl->via[s] & WR_STEP_RALLY) {
            wr_plan_edge rally = {node, 0, 1, WR_STEP_RALLY};
            pl->moves[i] = rally;
            continue;
        }
        uint32_t fl = 0;
        int k = generator_offer(g, o, pl->dist, u, s, pl->dist[s], &fl);
        wr_plan_edge arr[WR_PLAN_MAX_EDGES];
        int m = wri_campaign_moves(g, unode, arr);
        /* GCOVR_EXCL_START: the route was built from these moves (a rally is
           handled above) */
        if (k < 0 || k >= m)
            return WRI_FAIL(WR_ERR_STATE, "planner", "a route made of the map's moves");
        /* GCOVR_EXCL_STOP */
        pl->moves[i] = arr[k];
    }
    return WR_OK;
}
