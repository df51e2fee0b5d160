/* The full rules' field on a map: a Dijkstra of its own for a land force
   under the full rules (not plain costs) with nothing blocked, over the
   rules records of the hexes (planner_records.c). */
#include "planner_ring.h"

#if defined(__GNUC__)
#define PREFETCH_RULES(rules, node) __builtin_prefetch((rules) + (size_t)(node)*WRI_RULES_BYTES)
#define PREFETCH_LABEL(dist, s) __builtin_prefetch((dist) + (s))
#else
#define PREFETCH_RULES(rules, node) ((void)0)
#define PREFETCH_LABEL(dist, s) ((void)0)
#endif

/* fresh_day() of a state at a label whose day ends at e (ceil(label / P) x P). */
static inline uint32_t day_end(const search_opts *o, int32_t s, uint32_t e)
{
    if (e >= o->fresh_max) /* always so from the zero state */
        return e;
    const uint32_t floor = s == o->src_state ? o->fresh_src : o->fresh;
    return e < floor ? floor : e;
}

/* The macros below use the locals of field_rules_core(), and return from it
   (after the state's moves) when the ring or its overflow cannot grow.
   Offers label nk_ (at most key_max + 2^21 x 1000; none past key_max) to
   state t_, whose hex is h_ (as SEARCH_OFFER in search_core.h). */
#define RULES_OFFER(t_, h_, nk_)                                 \
    do {                                                         \
        const uint32_t k = (uint32_t)within_max((nk_), key_max); \
        const int32_t t = (t_);                                  \
        if (k < dist[t]) {                                       \
            PREFETCH_RULES(rules, h_);                           \
            dist[t] = k;                                         \
            RING_QUEUE(k, t, ring_size, ring_size = pl->ring);   \
        }                                                        \
    } while (0)
/* Any move of (points, days, needs unformed movement) into hex to from
   state s (as search_core.h), unformed_ 1 when s is unformed: a constant
   at each place, so that each has only the tests it can take. */
#define RULES_MOVE(to_, points_, days_, needs_, unformed_)                                         \
    do {                                                                                           \
        const uint64_t nk_ = ((days_) > 0 ? (uint64_t)day_end(o, s, cur_end) + (uint64_t)(days_)*P \
                                          : (uint64_t)cur) +                                       \
                             (uint64_t)(points_);                                                  \
        const uint32_t nk32_ = (uint32_t)within_max(nk_, key_max); /* UINT32_MAX past it */        \
        if ((needs_) || (unformed_)) {                                                             \
            if (((unformed_) || unformed_ok) && !(prune && dist[to_] <= nk32_))                    \
                RULES_OFFER((to_) + cells, to_, nk32_);                                            \
        } else {                                                                                   \
            RULES_OFFER(to_, to_, nk32_);                                                          \
        }                                                                                          \
    } while (0)

/* The label and the rules record of state s_. */
#define PREFETCH_STATE(s_)                                          \
    do {                                                            \
        const int32_t next = (s_);                                  \
        PREFETCH_LABEL(dist, next);                                 \
        PREFETCH_RULES(rules, next >= cells ? next - cells : next); \
    } while (0)

/* The moves of the table entry of the hex's key in direction d_. */
#define RULES_TABLE(to_, d_, unformed_)                                      \
    do {                                                                     \
        uint16_t kb_[8];                                                     \
        const wri_tentry *te = &f->table[hex_keys(f, node, kb_)[d_]];        \
        for (uint32_t i = 0; i < te->count; i++)                             \
            RULES_MOVE(to_, te->e[i].points, te->e[i].days,                  \
                       (te->e[i].flags & WR_STEP_UNFORMED) != 0, unformed_); \
    } while (0)

/* wri_planner_dijkstra_land_field() for the full rules (not plain costs)
   with nothing blocked and no order of settled states: the same labels (a
   field shows no order of ties), the moves read from the rules records
   (one move a neighbour for most keys) instead of the table through the
   keys. With o->prune it leaves out unformed states when they are offered,
   not again when they are settled: the few settled no earlier than their
   hex's formed state (about 1 in 500 on the realistic map) only offer
   labels of real paths, which leave every label as it was, and the test
   would read the formed label of every unformed state settled.
   two, unformed_ok and prune are o's, given apart so that
   wri_planner_rules_field() has a copy with them constant (fewer registers
   and branches in the inner loop). */
static WRI_INLINE wr_status field_rules_core(wr_planner *pl, const fastgen *f, const search_opts *o,
                                             const int two, const int unformed_ok, const int prune)
{
    const int32_t cells = o->cells;
    const uint32_t P = o->daily;
    /* labels stay below 2^31 in 32 bits: key_max <= 10^6 x 1000, and a move
       adds below 2^20 points and 255 days (the palette's) or a rally day */
    const uint32_t key_max = (uint32_t)o->key_max, limit = o->limit;
    const int32_t goal = o->goal, goal2 = o->goal2;
    /* GCOVR_EXCL_BR_START: field_rules() serves fields only (a reachable set
       keeps an order and takes the general search): no goal, and the limit
       is key_max, so stops is 0 */
    const int stops = goal >= 0 || goal2 >= 0 || limit < key_max;
    /* GCOVR_EXCL_BR_STOP */
    uint32_t *const dist = pl->dist;
    uint8_t *const rules = pl->rules;
    const uint32_t *const pal = pl->rules_pal;
    memset(dist, 0xff, (size_t)cells * (1u + (two != 0)) * sizeof *dist);
    pl->dirty_cells = 0; /* see struct wr_planner */
    const int32_t src = o->src_state;
    uint32_t cur = o->t0;
    /* the end of cur's day, ceil(cur / P) x P; fresh_day() from it */
    uint32_t cur_end = (uint32_t)(((uint64_t)cur + P - 1u) / P) * P;
    dist[src] = cur;
    wr_status st = ring_start(pl, o, src, cur);
    if (st != WR_OK)
        return st;
    uint32_t ring_size = pl->ring, mask = ring_size - 1u;
    wri_bucket *ring = pl->buckets;
    int32_t *pool = pl->pool;
    size_t queued = 1;
    while (queued > 0 || pl->over_len > 0) {
        wri_bucket *b = &ring[cur & mask];
        if (b->head < 0) {
            if (++cur > cur_end)
                cur_end += P;
            /* cur_end again where cur jumped (the same where it did not) */
            RING_OVERFLOW(cur_end = (uint32_t)(((uint64_t)cur + P - 1u) / P) * P);
            continue;
        }
        const int32_t s = pool[(size_t)b->head * WRI_CHUNK + b->fill];
        if (--b->fill == 0) {
            bucket_release(pl, b);
        } else { /* the next one's label and record, while this one is expanded */
            PREFETCH_STATE(pool[(size_t)b->head * WRI_CHUNK + b->fill]);
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
        const uint8_t *rec = rules + (size_t)node * WRI_RULES_BYTES; /* filled: see below */
        const int32_t *delta = f->delta[rec[6]];
        if (!unformed) {
            for (int d = 0; d < 6; d++) {
                const unsigned code = rec[d];
                const int32_t to = node + delta[d];
                if (code >= 0xfeu) {
                    if (code == 0xfeu)
                        RULES_TABLE(to, d, 0);
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
                    RULES_MOVE(to, e & 0xfffffu, (e >> 20) & 0xffu, (e >> 28) & 1u, 0);
                }
            }
        } else {
            for (int d = 0; d < 6; d++) {
                const unsigned code = rec[d];
                const int32_t to = node + delta[d];
                if (code >= 0xfeu) {
                    if (code == 0xfeu)
                        RULES_TABLE(to, d, 1);
                    continue;
                }
                const uint32_t e = pal[code];
                if ((e & 0x0ff00000u) == 0) { /* no whole days */
                    const uint32_t nk = cur + (e & 0xfffffu);
                    if (nk < dist[to + cells] && !(prune && dist[to] <= nk))
                        RULES_OFFER(to + cells, to, nk);
                } else {
                    RULES_MOVE(to, e & 0xfffffu, (e >> 20) & 0xffu, (e >> 28) & 1u, 1);
                }
            }
            /* a day at the rally point (unformed states only with two) */
            RULES_OFFER(node, node, day_end(o, s, cur_end) + P);
        }
        if (st != WR_OK) /* the ring or its overflow could not grow */
            return st;
    }
    return WR_OK;
}

#undef PREFETCH_STATE
#undef RULES_TABLE
#undef RULES_MOVE
#undef RULES_OFFER

wr_status wri_planner_rules_field(wr_planner *pl, const fastgen *f, const search_opts *o)
{
    wr_status st = wri_planner_rules_records(pl, f->g->map);
    if (st != WR_OK)
        return st;
    /* every hex's record first, in order: the full rules' field serves
       whole fields only, which read nearly every hex */
    wri_planner_fill_all(pl, f, 0, 1);
    if (o->two && o->unformed_ok && o->prune)
        return field_rules_core(pl, f, o, 1, 1, 1);
    return field_rules_core(pl, f, o, o->two, o->unformed_ok, o->prune);
}
