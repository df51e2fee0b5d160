/* The label-setting search of the planner, instantiated once per move
   source (the library's map, a game's callbacks): define SEARCH_NAME,
   SEARCH_CTX and SEARCH_MOVES(ctx, node, out) before including.

   A label is the points spent since the start, T (day = ceil(T / P)). Moves
   add their points; whole-day moves and rally days start on a fresh day:
   T' = (ceil(T / P) + days) * P. Every transition is monotone in T, so a
   bucket queue (Dial's algorithm) settles each state once, in order. */

static wr_status SEARCH_NAME(wr_planner *pl, const SEARCH_CTX *ctx, const search_opts *o)
{
    const int32_t cells = o->cells;
    const uint32_t P = o->daily;
    const size_t nstates = (size_t)cells * (o->two ? 2u : 1u);
    uint32_t *dist = pl->dist;
    int32_t *parent = pl->parent;
    uint16_t *via = pl->via;
    int32_t *next = pl->next;
    int32_t *prev = pl->prev;
    memset(dist, 0xff, nstates * sizeof *dist);
    wr_status st = ring_reset(pl, o->ring_hint);
    if (st != WR_OK)
        return st;
    uint32_t mask = pl->ring - 1u;
    int32_t *heads = pl->heads;
    size_t queued = 0;
    uint32_t cur = 0;
    wr_plan_edge edges[WR_PLAN_MAX_EDGES];
    size_t settled = 0;

    dist[o->src] = 0;
    parent[o->src] = -1;
    via[o->src] = (uint16_t)WR_STEP_START;
    next[o->src] = -1;
    prev[o->src] = -1;
    heads[0] = o->src;
    queued = 1;

    while (queued > 0) {
        while (heads[cur & mask] < 0)
            cur++;
        int32_t s = heads[cur & mask];
        heads[cur & mask] = next[s];
        if (next[s] >= 0)
            prev[next[s]] = -1;
        queued--;
        if (cur > o->limit)
            break;
        if (s == o->goal)
            break;
        int unformed = s >= cells;
        int32_t node = unformed ? s - cells : s;
        if (o->order != NULL && !unformed)
            o->order[settled++] = node;
        int ne = SEARCH_MOVES(ctx, node, edges);
        if (ne < 0)
            return WR_ERR_INVALID;
        uint32_t day_end = ((cur + P - 1u) / P) * P; /* the end of the current day */
        for (int i = 0; i < ne + (o->two && unformed); i++) {
            uint64_t nk;
            int32_t t;
            unsigned fl;
            if (i == ne) { /* a day at the rally point */
                nk = (uint64_t)day_end + P;
                t = node;
                fl = WR_STEP_RALLY;
            } else {
                const wr_plan_edge *e = &edges[i];
                fl = e->flags;
                int needs = (fl & WR_STEP_UNFORMED) != 0;
                if (o->plain) {
                    if (needs && !o->unformed_ok)
                        continue;
                    nk = (uint64_t)cur + (uint64_t)e->points + (uint64_t)e->days * P;
                    t = e->to;
                } else if (e->days > 0) {
                    if (needs && !o->unformed_ok)
                        continue;
                    nk = (uint64_t)day_end + (uint64_t)e->days * P;
                    t = needs ? e->to + cells : e->to;
                } else {
                    if (needs && !unformed && !o->unformed_ok)
                        continue;
                    nk = (uint64_t)cur + (uint64_t)e->points;
                    t = (needs || unformed) ? e->to + cells : e->to;
                }
            }
            if (nk > o->key_max || nk >= dist[t])
                continue;
            uint32_t k = (uint32_t)nk;
            if (dist[t] != UINT32_MAX) { /* unlink from its bucket */
                if (prev[t] >= 0)
                    next[prev[t]] = next[t];
                else
                    heads[dist[t] & mask] = next[t];
                if (next[t] >= 0)
                    prev[next[t]] = prev[t];
            } else {
                queued++;
            }
            dist[t] = k;
            parent[t] = s;
            via[t] = (uint16_t)(fl & 0x7fffu);
            if (k - cur >= pl->ring) {
                st = ring_grow(pl, k - cur, cur, queued);
                if (st != WR_OK)
                    return st;
                mask = pl->ring - 1u;
                heads = pl->heads;
            }
            int32_t *hb = &heads[k & mask];
            next[t] = *hb;
            prev[t] = -1;
            if (*hb >= 0)
                prev[*hb] = t;
            *hb = t;
        }
    }
    if (o->order_count != NULL)
        *o->order_count = settled;
    return WR_OK;
}
