/* The label-setting search of the planner, instantiated once per move
   source (the library's map, a game's callbacks) and kind: define
   SEARCH_NAME, SEARCH_CTX and SEARCH_EDGES(ctx, node, bad, body) before
   including (planner_edges.h has the map's); SEARCH_EDGES runs body once
   per move with e_to, e_points, e_days and e_flags set, and sets bad on a
   bad move. SEARCH_PARENTS 1 writes parent and via (routes), 0 does not
   (fields, reachable sets). SEARCH_ASTAR 0 defines Dijkstra, one of the
   planner's functions (declared in planner_internal.h); 1 a static A*
   towards o->goal, keyed by label + search_h(), without parents (see
   wri_planner_astar_route()), which gives up (*end = WRI_SEARCH_FALL_BACK)
   when its ring is too small, for the caller to run Dijkstra instead.
   SEARCH_PLAIN_EDGES(ctx, node, body), when defined, gives the plain-cost
   moves instead (body once per neighbour with e_to and e_cost, the cheapest
   allowed move's points + days x P): only without parents, as it loses the
   flags; the order of the offers, and so of the settled states, is kept.
   SEARCH_PREFETCH(ctx, node), when defined, runs as a state of the node
   gets a better label: a hint to fetch what settling it will read.
   SEARCH_PREFETCH_AHEAD(ctx, dist, state, cells), when defined, runs as a
   state is popped, for the one SEARCH_AHEAD pops ahead in the same chunk:
   a hint to fetch what settling it will read (its record, labels).
   SEARCH_PLAIN_ONLY 1 (with SEARCH_PLAIN_EDGES) is an instance for plain
   searches only (o->plain, one state a hex): the same code with the other
   paths left out, so that the plain loop has the registers to itself.
   SEARCH_STORAGE static (Dijkstra only) makes the function the file's own.
   SEARCH_BAD_MOVES 1 (a game's callbacks) checks for bad moves; the map's
   moves are never bad. Every parameter is undefined again at the end.

   A label is the points spent since the start, T (day = ceil(T / P)). Moves
   add their points; whole-day moves and rally days start on a fresh day:
   T' = (ceil(T / P) + days) * P. Every transition is monotone in T, so a
   bucket queue (Dial's algorithm over a ring of buckets, with lazy deletion:
   an entry whose state has since got a smaller label is skipped) settles
   each state once, in order.

   o->prune (fields only: no parents, no order of settled states) leaves out
   the unformed states no earlier than the formed state of their hex. With
   unformed movement allowed and the same fresh day for every state, a
   formed force has every move of an unformed one, to the same hexes, at
   no later labels (it ends formed where the unformed one would not), and
   needs no rally: nothing an unformed state at label T' reaches is earlier
   than what the formed one at T <= T' reaches. Labels stay exact; only the
   order of ties, which a field does not show, may change. */

#ifndef SEARCH_PREFETCH
#define SEARCH_PREFETCH(ctx, t) ((void)0)
#endif
#ifndef SEARCH_BAD_MOVES
#define SEARCH_BAD_MOVES 0
#endif
#ifndef SEARCH_PLAIN_ONLY
#define SEARCH_PLAIN_ONLY 0
#endif
#define SEARCH_IS_PLAIN (SEARCH_PLAIN_ONLY || o->plain)
#define SEARCH_TWO (!SEARCH_PLAIN_ONLY && o->two)
#ifndef SEARCH_STORAGE
#define SEARCH_STORAGE
#endif
/* The state on top of bucket b_ is popped: the one SEARCH_AHEAD pops
   ahead in its chunk, if any, prefetched (SEARCH_PREFETCH_AHEAD). */
#ifdef SEARCH_PREFETCH_AHEAD
#define SEARCH_AHEAD_OF(b_)                                                                        \
    ((b_)->fill > SEARCH_AHEAD                                                                     \
         ? SEARCH_PREFETCH_AHEAD(                                                                  \
               ctx, dist, pool[(size_t)(b_)->head * WRI_CHUNK + (b_)->fill - SEARCH_AHEAD], cells) \
         : (void)0)
#else
#define SEARCH_AHEAD_OF(b_) ((void)0)
#endif
/* A field's instance (no parents, no A*: fields and reachable sets): only
   a field has a limit, prunes and keeps the order of settled states; only
   a route has goals. Tested as a constant, so that an instance has no
   branch it never takes (see docs/reliability.md, "Coverage"). */
#define SEARCH_FIELD (!SEARCH_PARENTS && !SEARCH_ASTAR)

/* Queues state t_ at key k_ (its label): Dijkstra grows the ring for a
   key past it, up to its limit, then keeps it in the overflow
   (RING_QUEUE()); A* adds the heuristic, and gives up when the ring is too
   small. */
#if SEARCH_ASTAR
#define SEARCH_QUEUE(k_, t_)             \
    do {                                 \
        k_ += search_h(o, t_);           \
        if (k_ - cur >= pl->ring) {      \
            *end = WRI_SEARCH_FALL_BACK; \
            return st;                   \
        }                                \
        RING_PUSH(k_, t_);               \
    } while (0)
#else
#define SEARCH_QUEUE(k_, t_) RING_QUEUE(k_, t_, mask + 1u, (void)0)
#endif

/* Offers label nk to state t of hex h, reached from s by a move with
   flags fl; SEARCH_OFFER() to a formed state (h = t). */
#define SEARCH_OFFER_AT(t_, h_, nk_, fl_)                  \
    do {                                                   \
        uint64_t nk = within_max((nk_), key_max);          \
        int32_t t = (t_);                                  \
        if (nk < dist[t]) {                                \
            uint32_t k = (uint32_t)nk;                     \
            SEARCH_PREFETCH(ctx, h_);                      \
            if (SEARCH_FIELD && mark)                      \
                dirty[(uint32_t)t >> WRI_DIRTY_SHIFT] = 1; \
            dist[t] = k;                                   \
            if (SEARCH_PARENTS) {                          \
                parent[t] = s;                             \
                via[t] = (uint16_t)((fl_)&0x7fffu);        \
            }                                              \
            SEARCH_QUEUE(k, t);                            \
        }                                                  \
    } while (0)

#define SEARCH_OFFER(t_, nk_, fl_) SEARCH_OFFER_AT(t_, t_, nk_, fl_)

/* Offers the move (points, days, flags) into hex to_ from state s at label
   lab under the full rules: whole days start on a fresh day (day_end), the
   hex's entry follows; a move that needs unformed movement, or made
   unformed, ends unformed. */
#define SEARCH_MOVE(to_, points_, days_, flags_)                                           \
    do {                                                                                   \
        int needs = ((flags_)&WR_STEP_UNFORMED) != 0;                                      \
        uint64_t base = (days_) > 0 ? (uint64_t)day_end + (uint64_t)(days_)*P : lab;       \
        uint64_t nk_ = base + (uint64_t)(points_);                                         \
        if (needs || unformed) {                                                           \
            if ((unformed || unformed_ok) && !(SEARCH_FIELD && prune && dist[to_] <= nk_)) \
                SEARCH_OFFER_AT((to_) + cells, to_, nk_, flags_);                          \
        } else {                                                                           \
            SEARCH_OFFER(to_, nk_, flags_);                                                \
        }                                                                                  \
    } while (0)

#if SEARCH_ASTAR
/* out of wri_planner_astar_route(): see WRI_NOINLINE */
WRI_NOINLINE static wr_status SEARCH_NAME(wr_planner *pl, const SEARCH_CTX *ctx,
                                          const search_opts *o, wri_search_end *end)
#else
SEARCH_STORAGE wr_status SEARCH_NAME(wr_planner *pl, const SEARCH_CTX *ctx, const search_opts *o)
#endif
{
    const int32_t cells = o->cells;
    const uint32_t P = o->daily, limit = o->limit; /* limit, order: a label stored may alias o */
    const uint64_t key_max = o->key_max;
    const int plain = SEARCH_IS_PLAIN, unformed_ok = o->unformed_ok, two = SEARCH_TWO;
    const int prune = SEARCH_FIELD && o->prune;
    uint32_t *dist = pl->dist;
    int32_t *parent = pl->parent;
    uint16_t *via = pl->via;
    int32_t *const order = o->order;
    (void)parent, (void)via;
    /* a reachable set of one state a hex marks the blocks of labels it
       writes, and clears only those of the last such search (or
       astar_plain()'s): a few thousand hexes of a large map */
    const int mark = SEARCH_FIELD && !two && limit < key_max;
    uint8_t *const dirty = pl->dirty;
    const int32_t src = o->src_state;
    if (SEARCH_FIELD && mark) {
        clear_labels(pl, cells);
        dirty[(uint32_t)src >> WRI_DIRTY_SHIFT] = 1;
    } else {
        memset(dist, 0xff, (size_t)cells * (1u + (two != 0)) * sizeof *dist);
        pl->dirty_cells = 0; /* see struct wr_planner */
    }
    dist[src] = o->t0;
    if (SEARCH_PARENTS || SEARCH_ASTAR) /* the start of a route (a field has none) */
        parent[src] = -1, via[src] = (uint16_t)WR_STEP_START;
    uint32_t cur = o->t0 + (SEARCH_ASTAR ? search_h(o, src) : 0u);
    wr_status st = ring_start(pl, o, src, cur);
    if (st != WR_OK)
        return st;
    uint32_t mask = pl->ring - 1u;
    wri_bucket *ring = pl->buckets;
    int32_t *pool = pl->pool;
    size_t queued = 1, settled = 0;
    int found = 0;

    while (queued > 0 || (!SEARCH_ASTAR && pl->over_len > 0)) {
        wri_bucket *b = &ring[cur & mask];
        if (b->head < 0) {
            if (SEARCH_ASTAR && found)
                break; /* every state keyed up to the goal's label is settled */
            cur++;
            if (!SEARCH_ASTAR)
                RING_OVERFLOW((void)0);
            continue;
        }
        SEARCH_AHEAD_OF(b);
        int32_t s = bucket_pop(pl, pool, b);
        queued--;
        if (SEARCH_ASTAR) {
            if (dist[s] + search_h(o, s) != cur)
                continue; /* a stale entry */
            if (s == o->goal || s == o->goal2)
                found = 1;
        } else {
            if (dist[s] != cur)
                continue; /* a stale entry */
            if (SEARCH_FIELD ? cur > limit : (s == o->goal || s == o->goal2))
                break;
        }
        int unformed = !SEARCH_PLAIN_ONLY && s >= cells;
        int32_t node = unformed ? s - cells : s;
        if (SEARCH_FIELD && prune && unformed && dist[node] <= cur)
            continue;
        if (SEARCH_FIELD && order != NULL && !unformed)
            order[settled++] = node;
        const uint32_t lab = SEARCH_ASTAR ? dist[s] : cur;
        int bad = 0;
        if (plain) {
#ifdef SEARCH_PLAIN_EDGES
            SEARCH_PLAIN_EDGES(ctx, node, { SEARCH_OFFER(e_to, (uint64_t)lab + e_cost, 0u); });
#else
            SEARCH_EDGES(ctx, node, bad, {
                if (!(e_flags & WR_STEP_UNFORMED) || unformed_ok)
                    SEARCH_OFFER(e_to, lab + (uint64_t)e_points + (uint64_t)e_days * P, e_flags);
            });
#endif
        } else {
            const uint32_t day_end = fresh_day(o, s, lab); /* the end of the current day */
            SEARCH_EDGES(ctx, node, bad, { SEARCH_MOVE(e_to, e_points, e_days, e_flags); });
            if (unformed) /* a day at the rally point (unformed only with two) */
                SEARCH_OFFER(node, (uint64_t)day_end + P, WR_STEP_RALLY);
        }
        if (st != WR_OK) /* the ring or its overflow could not grow */
            return st;
        if (SEARCH_BAD_MOVES && bad)
            return WRI_FAIL(
                WR_ERR_INVALID, "graph->moves",
                "0..32 moves, each to a node of the graph, points 0..100000, days 0..1000");
    }
    if (SEARCH_FIELD && o->order_count != NULL)
        *o->order_count = settled;
    return WR_OK;
}

#undef SEARCH_MOVE
#undef SEARCH_OFFER
#undef SEARCH_OFFER_AT
#undef SEARCH_QUEUE
#undef SEARCH_NAME
#undef SEARCH_CTX
#undef SEARCH_EDGES
#undef SEARCH_PLAIN_EDGES
#undef SEARCH_PREFETCH
#undef SEARCH_PREFETCH_AHEAD
#undef SEARCH_PARENTS
#undef SEARCH_ASTAR
#undef SEARCH_BAD_MOVES
#undef SEARCH_STORAGE
#undef SEARCH_PLAIN_ONLY
#undef SEARCH_IS_PLAIN
#undef SEARCH_TWO
#undef SEARCH_AHEAD_OF
#undef SEARCH_FIELD
