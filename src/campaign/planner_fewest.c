/* WR_OBJECTIVE_FEWEST_UNFORMED's search: the fewest days of unformed
   movement, then the earliest arrival, over the generator's moves. A binary
   heap: this objective is not the hot path. */
#include "planner_internal.h"

static wr_status heap_push(wr_planner *pl, size_t *n, uint64_t key, int32_t s)
{
    if (*n == pl->cap_heap) {
        size_t want = pl->cap_heap < 1024 ? 1024 : pl->cap_heap * 2u;
        heap_node *nh = wri_realloc_array(&pl->alloc, pl->heap, pl->cap_heap, want, sizeof *nh);
        if (nh == NULL)
            return WRI_NOMEM();
        pl->heap = nh;
        pl->cap_heap = want;
    }
    heap_node *h = pl->heap;
    size_t i = (*n)++;
    while (i > 0 && h[(i - 1) / 2].key > key) {
        h[i] = h[(i - 1) / 2];
        i = (i - 1) / 2;
    }
    h[i].key = key;
    h[i].s = s;
    return WR_OK;
}

static heap_node heap_pop(wr_planner *pl, size_t *n)
{
    heap_node *h = pl->heap, top = h[0], last = h[--*n];
    size_t i = 0;
    for (;;) {
        size_t c = 2 * i + 1;
        if (c >= *n)
            break;
        if (c + 1 < *n && h[c + 1].key < h[c].key)
            c++;
        if (h[c].key >= last.key)
            break;
        h[i] = h[c];
        i = c;
    }
    if (*n > 0)
        h[i] = last;
    return top;
}

/* The fewest days of unformed movement, then the earliest label, each (hex,
   formation) keeping its best pair; the same moves, day rules and counting
   as the label search and wri_planner_build_route() (a day counts when a
   hex is entered unformed on it, once). */
wr_status wri_planner_fewest_unformed(wr_planner *pl, const wri_movegen *g, const search_opts *o)
{
    const int32_t cells = o->cells;
    const uint32_t P = o->daily;
    const size_t nstates = (size_t)cells * 2u;
    uint32_t *dist = pl->dist, *days = (uint32_t *)pl->order;
    memset(dist, 0xff, nstates * sizeof *dist);
    pl->dirty_cells = 0;
    memset(days, 0xff, nstates * sizeof *days);
    pl->mark_base = 0; /* order[] holds no A* marks any more: the next A* clears it */

    const int32_t src = o->src_state;
    dist[src] = o->t0;
    days[src] = 0;
    pl->parent[src] = -1;
    pl->via[src] = (uint16_t)WR_STEP_START;
    size_t n = 0;
    wr_status st = heap_push(pl, &n, o->t0, src);
    while (st == WR_OK && n > 0) {
        heap_node top = heap_pop(pl, &n);
        const int32_t s = top.s;
        if (top.key != ((uint64_t)days[s] << 32 | dist[s]))
            continue; /* a stale entry */
        if (s == o->goal)
            break;
        const int unformed = s >= cells;
        const int32_t node = unformed ? s - cells : s;
        const uint32_t lab = dist[s], u = days[s], day_end = fresh_day(o, s, lab);
        /* the last day counted: an unformed state was entered unformed on its day */
        const uint32_t counted = !unformed  ? 0u
                                 : s == src ? (o->start_counted ? o->day0 : 0u)
                                            : game_day(o, lab);
        wr_plan_edge arr[WR_PLAN_MAX_EDGES + 1];
        int m = wri_campaign_moves(g, node, arr);
        if (o->two && unformed) { /* a day at the rally point */
            wr_plan_edge rally = {node, 0, 1, WR_STEP_RALLY};
            arr[m++] = rally;
        }
        for (int i = 0; i < m && st == WR_OK; i++) {
            const wr_plan_edge *e = &arr[i];
            const int rally = (e->flags & WR_STEP_RALLY) != 0;
            const int needs = (e->flags & WR_STEP_UNFORMED) != 0;
            if (needs && !unformed && !o->unformed_ok)
                continue;
            const int32_t t = rally ? node : (needs || unformed) ? e->to + cells : e->to;
            uint64_t nt =
                rally ? (uint64_t)day_end + P
                      : (e->days > 0 ? (uint64_t)day_end + (uint64_t)e->days * P : (uint64_t)lab) +
                            (uint64_t)e->points;
            if (nt > o->key_max)
                continue;
            uint32_t nu = u + (t >= cells && game_day(o, (uint32_t)nt) > counted ? 1u : 0u);
            if (nu < days[t] || (nu == days[t] && nt < dist[t])) {
                days[t] = nu;
                dist[t] = (uint32_t)nt;
                pl->parent[t] = s;
                pl->via[t] = (uint16_t)(e->flags & 0x7fffu);
                st = heap_push(pl, &n, (uint64_t)nu << 32 | nt, t);
            }
        }
    }
    return st;
}
