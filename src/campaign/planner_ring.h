/* The bucket ring of the planner's searches (Dial's algorithm: a ring of
   buckets by label, each a list of chunks of entries from one pool), for
   the files of the planner that search (see planner_internal.h). */
#ifndef WR_CAMPAIGN_PLANNER_RING_H
#define WR_CAMPAIGN_PLANNER_RING_H

#include "planner_internal.h"

/* The most buckets a ring grows to (8 MiB): a game's graph may have moves
   of 10^5 points and 1000 days; past it entries wait in the overflow. */
#define WRI_RING_MAX (1u << 20)

WRI_PLANNER_FN uint32_t pow2_above(uint64_t v)
{
    uint32_t r = 64;
    while (r <= v && r < (1u << 30))
        r <<= 1;
    return r;
}

/* Bucket entries live in chunks of WRI_CHUNK int32: slot 0 links to the
   next chunk of the bucket (or the free list), slots 1.. hold states. The
   pool starts at 256 chunks and doubles as more entries wait at once (the
   frontier of a search, with its stale entries), up to what the largest
   search so far needed: it is kept from search to search. */
WRI_PLANNER_FN wr_status pool_grow(wr_planner *p, size_t chunks)
{
    if (chunks <= p->chunks)
        return WR_OK;
    int32_t *np = wri_realloc_array(&p->alloc, p->pool, p->chunks * WRI_CHUNK, chunks * WRI_CHUNK,
                                    sizeof *np);
    if (np == NULL)
        return WRI_NOMEM();
    p->pool = np;
    p->chunks = chunks;
    return WR_OK;
}

/* A free chunk: a released one, or one not used since the reset. */
WRI_PLANNER_FN wr_status take_chunk(wr_planner *p, int32_t *c)
{
    if (p->free_chunk >= 0) {
        *c = p->free_chunk;
        p->free_chunk = p->pool[(size_t)*c * WRI_CHUNK];
        return WR_OK;
    }
    if (p->fresh_chunk == p->chunks) {
        /* GCOVR_EXCL_START: 2^30 chunks of 256 bytes: no allocator gets here */
        if (p->chunks > (size_t)INT32_MAX / 2u)
            return WRI_NOMEM();
        /* GCOVR_EXCL_STOP */
        /* GCOVR_EXCL_BR_START: the pool has 256 chunks at least (wri_planner_ensure_states()) */
        wr_status st = pool_grow(p, p->chunks < 64 ? 128 : p->chunks * 2u);
        /* GCOVR_EXCL_BR_STOP */
        if (st != WR_OK)
            return st;
    }
    *c = (int32_t)p->fresh_chunk++;
    return WR_OK;
}

/* An empty bucket (head -1) has fill WRI_CHUNK - 1, as one whose first
   chunk is full: either way a new chunk comes first. */
WRI_PLANNER_FN wr_status bucket_push(wr_planner *p, wri_bucket *b, int32_t s)
{
    if (b->fill == WRI_CHUNK - 1u) {
        int32_t c = 0;
        wr_status st = take_chunk(p, &c);
        if (st != WR_OK)
            return st;
        p->pool[(size_t)c * WRI_CHUNK] = b->head;
        b->head = c;
        b->fill = 0;
    }
    p->pool[(size_t)b->head * WRI_CHUNK + ++b->fill] = s;
    return WR_OK;
}

/* bucket_push() for RING_PUSH(): a failure is kept in *st. */
WRI_PLANNER_FN void ring_push_slow(wr_planner *p, wri_bucket *b, int32_t s, wr_status *st)
{
    const wr_status r = bucket_push(p, b, s);
    if (r != WR_OK)
        *st = r;
}

/* Queues state t_ in the ring's bucket of key k_: the chunk's next slot
   (the likely way, kept in line with the loop), or ring_push_slow() for an
   empty bucket or a full chunk. Uses the search's locals pl, ring, mask,
   pool, st and queued. A failure to grow the pool is kept in st, which the
   search returns once the state's moves are offered (the tests of a
   failure are then one a search, not one a queueing: see
   docs/reliability.md, "Coverage"). */
#define RING_PUSH(k_, t_)                                             \
    do {                                                              \
        wri_bucket *tb_ = &ring[(k_)&mask];                           \
        if (WRI_LIKELY(tb_->fill < WRI_CHUNK - 1u)) {                 \
            pool[(size_t)tb_->head * WRI_CHUNK + ++tb_->fill] = (t_); \
        } else {                                                      \
            wr_status st_ = st;                                       \
            ring_push_slow(pl, tb_, (t_), &st_);                      \
            st = st_;                                                 \
            pool = pl->pool;                                          \
        }                                                             \
        queued++;                                                     \
    } while (0)

/* RING_PUSH(k_, a_) then RING_PUSH(k_, b_) (b_ on top), with one test of
   the chunk's room when it holds both. */
#define RING_PUSH_PAIR(k_, a_, b_)                                           \
    do {                                                                     \
        wri_bucket *tp_ = &ring[(k_)&mask];                                  \
        if (WRI_LIKELY(tp_->fill < WRI_CHUNK - 2u)) {                        \
            int32_t *at_ = pool + (size_t)tp_->head * WRI_CHUNK + tp_->fill; \
            at_[1] = (a_);                                                   \
            at_[2] = (b_);                                                   \
            tp_->fill += 2u;                                                 \
            queued += 2;                                                     \
        } else {                                                             \
            RING_PUSH(k_, a_);                                               \
            RING_PUSH(k_, b_);                                               \
        }                                                                    \
    } while (0)

/* Runs call_ with copies of the search's cur, queued and st (c_, q_, st_),
   then takes them back: the search's own are never given by address, so
   that they stay in registers (an address given out, a compiler keeps
   them in memory, and reads them again after every byte stored). */
#define RING_BY_ADDRESS(call_) \
    do {                       \
        uint32_t c_ = cur;     \
        size_t q_ = queued;    \
        wr_status st_ = st;    \
        call_;                 \
        cur = c_, queued = q_; \
        st = st_;              \
    } while (0)

/* Queues state t_ at key k_ (Dijkstra): RING_PUSH() when the ring holds
   it, else ring_far(), then the ring's mask, buckets and pool taken again
   and `grown` run. ring_size_ is pl->ring or the search's copy of it. */
#define RING_QUEUE(k_, t_, ring_size_, grown)                          \
    do {                                                               \
        if (WRI_LIKELY((k_)-cur < (ring_size_))) {                     \
            RING_PUSH(k_, t_);                                         \
        } else {                                                       \
            RING_BY_ADDRESS(ring_far(pl, (k_), (t_), cur, &q_, &st_)); \
            mask = pl->ring - 1u;                                      \
            ring = pl->buckets;                                        \
            pool = pl->pool;                                           \
            grown;                                                     \
        }                                                              \
    } while (0)

/* In the search's loop, where it moved cur on past an empty bucket, while
   the overflow holds entries: over_revolution(), then `moved` (cur may
   have jumped). */
#define RING_OVERFLOW(moved)                                            \
    do {                                                                \
        if (pl->over_len > 0) {                                         \
            RING_BY_ADDRESS(st_ = over_revolution(pl, &c_, &q_, mask)); \
            if (st != WR_OK)                                            \
                return st;                                              \
            pool = pl->pool;                                            \
            moved;                                                      \
        }                                                               \
    } while (0)

/* The head chunk of a bucket is empty: back to the free list. */
WRI_PLANNER_FN void bucket_release(wr_planner *p, wri_bucket *b)
{
    int32_t c = b->head;
    b->head = p->pool[(size_t)c * WRI_CHUNK];
    b->fill = WRI_CHUNK - 1u; /* the next chunk is full, or none is left */
    p->pool[(size_t)c * WRI_CHUNK] = p->free_chunk;
    p->free_chunk = c;
}

/* The top entry of bucket b, which holds one (head >= 0), taken off; pool
   is p->pool (a search's copy, kept in a register). */
WRI_PLANNER_FN int32_t bucket_pop(wr_planner *p, int32_t *pool, wri_bucket *b)
{
    const int32_t s = pool[(size_t)b->head * WRI_CHUNK + b->fill];
    if (--b->fill == 0)
        bucket_release(p, b);
    return s;
}

/* bucket_pop() twice: the top entry of bucket b, which holds two at least,
   and in *under the one under it (RING_PUSH_PAIR()'s b_ and a_). Inlined
   (a compiler may keep it out of the A*'s loop otherwise). */
static WRI_INLINE int32_t bucket_pop_pair(wr_planner *p, int32_t *pool, wri_bucket *b,
                                          int32_t *under)
{
    if (WRI_LIKELY(b->fill > 2u)) { /* both in the chunk, which keeps one more */
        const int32_t *at = pool + (size_t)b->head * WRI_CHUNK + b->fill;
        b->fill -= 2u;
        *under = at[-1];
        return at[0];
    }
    const int32_t top = bucket_pop(p, pool, b);
    *under = bucket_pop(p, pool, b);
    return top;
}

WRI_PLANNER_FN void free_ring(wr_planner *p)
{
    wri_free(&p->alloc, p->over, p->cap_over, sizeof *p->over);
    p->over = NULL;
    p->over_len = 0;
    p->cap_over = 0;
    wri_free(&p->alloc, p->buckets, p->ring_cap, sizeof *p->buckets);
    wri_free(&p->alloc, p->pool, p->chunks * WRI_CHUNK, sizeof *p->pool);
    p->buckets = NULL;
    p->ring = 0;
    p->ring_cap = 0;
    p->pool = NULL;
    p->chunks = 0;
    p->free_chunk = -1;
    p->fresh_chunk = 0;
}

/* Every chunk free. */
WRI_PLANNER_FN void pool_reset(wr_planner *p)
{
    p->free_chunk = -1;
    p->fresh_chunk = 0;
}

/* Room for a ring of want buckets. */
WRI_PLANNER_FN wr_status ring_reserve(wr_planner *p, uint32_t want)
{
    if (p->ring_cap >= want)
        return WR_OK;
    wri_bucket *nb = wri_realloc_array(&p->alloc, p->buckets, p->ring_cap, want, sizeof *nb);
    if (nb == NULL)
        return WRI_NOMEM();
    p->buckets = nb;
    p->ring_cap = want;
    return WR_OK;
}

/* An empty ring of at least hint + 1 buckets: only as many as this search
   needs are cleared, however large an earlier search made the ring. */
WRI_PLANNER_FN wr_status ring_reset(wr_planner *p, uint32_t hint)
{
    uint32_t want = pow2_above(hint);
    wr_status st = ring_reserve(p, want);
    if (st != WR_OK)
        return st;
    p->ring = want;
    for (uint32_t i = 0; i < p->ring; i++) {
        p->buckets[i].head = -1;
        p->buckets[i].fill = WRI_CHUNK - 1u;
    }
    pool_reset(p);
    p->over_len = 0;
    return WR_OK;
}

/* Every label of the first `cells` states unreached for astar_plain() and
   a reachable set's search: when the last search was one of them (see
   struct wr_planner), only the blocks it wrote. */
WRI_PLANNER_FN void clear_labels(wr_planner *pl, int32_t cells)
{
    uint32_t *const dist = pl->dist;
    uint8_t *const dirty = pl->dirty;
    const size_t blocks = dirty_blocks((size_t)cells);
    if (pl->dirty_cells == cells) {
        const size_t last = (size_t)cells - 1u;
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
        memset(dist, 0xff, (size_t)cells * sizeof *dist);
        memset(dirty, 0, blocks);
        pl->dirty_cells = cells;
    }
}

/* The start of a search: an empty ring (ring_reset()) with state src in the
   bucket of key. */
WRI_PLANNER_FN wr_status ring_start(wr_planner *p, const search_opts *o, int32_t src, uint32_t key)
{
    wr_status st = ring_reset(p, o->ring_hint);
    if (st != WR_OK)
        return st;
    const uint32_t most = o->ring_max > o->ring_hint ? o->ring_max : o->ring_hint;
    /* at least the ring: ring_hint is below 2^19 (a map's largest move, a
       game's 4 days) */
    p->ring_limit = pow2_above((uint64_t)most * 2u);
    if (p->ring_limit > WRI_RING_MAX)
        p->ring_limit = WRI_RING_MAX;
    return bucket_push(p, &p->buckets[key & (p->ring - 1u)], src);
}

/* Entry s keyed key, a ring or more past the current key: to the overflow. */
WRI_PLANNER_FN wr_status over_push(wr_planner *p, uint32_t key, int32_t s)
{
    if (p->over_len == p->cap_over) {
        size_t cap = p->cap_over ? 2u * p->cap_over : 256u;
        uint64_t *no = wri_realloc_array(&p->alloc, p->over, p->cap_over, cap, sizeof *no);
        if (no == NULL)
            return WRI_NOMEM();
        p->over = no;
        p->cap_over = cap;
    }
    p->over[p->over_len++] = (uint64_t)key << 32 | (uint32_t)s;
    return WR_OK;
}

/* The overflow's entries keyed below *cur + ring move into the ring (stale
   ones, whose state got a smaller label since, are dropped); with the ring
   empty (*queued 0), *cur first jumps to the smallest key waiting. Run when
   *cur starts a revolution of the ring (a multiple of its size) and when
   it is empty: every entry left waits for a key past the next revolution's
   start, so none is passed. (The ring never grows with entries waiting:
   they wait only once it is at its limit.) */
WRI_PLANNER_FN wr_status over_drain(wr_planner *p, uint32_t *cur, size_t *queued)
{
    if (*queued == 0) {
        uint32_t least = UINT32_MAX;
        for (size_t i = 0; i < p->over_len; i++) {
            const uint32_t k = (uint32_t)(p->over[i] >> 32);
            if (p->dist[(uint32_t)p->over[i]] == k && k < least)
                least = k;
        }
        if (least == UINT32_MAX) { /* all stale */
            p->over_len = 0;
            return WR_OK;
        }
        *cur = least;
    }
    size_t keep = 0;
    const uint32_t mask = p->ring - 1u;
    for (size_t i = 0; i < p->over_len; i++) {
        const uint64_t e = p->over[i];
        const uint32_t k = (uint32_t)(e >> 32);
        const int32_t s = (int32_t)(uint32_t)e;
        if (p->dist[s] != k)
            continue;
        if (k - *cur < p->ring) {
            wr_status st = bucket_push(p, &p->buckets[k & mask], s);
            if (st != WR_OK)
                return st;
            (*queued)++;
        } else {
            p->over[keep++] = e;
        }
    }
    p->over_len = keep;
    return WR_OK;
}

/* The overflow's entries come into the ring when *cur starts a revolution
   or the ring is empty (over_drain()). */
WRI_PLANNER_FN wr_status over_revolution(wr_planner *p, uint32_t *cur, size_t *queued,
                                         uint32_t mask)
{
    if (*queued == 0 || (*cur & mask) == 0)
        return over_drain(p, cur, queued);
    return WR_OK;
}

/* A bigger ring for a move of `delta` points, up to ring_limit: live
   entries move over, stale ones are dropped. Below the limit, the overflow
   is empty: ring_far() queues there only at the limit. */
WRI_PLANNER_FN wr_status ring_grow(wr_planner *p, uint32_t delta, uint32_t cur, size_t *queued)
{
    uint32_t old = p->ring, want = pow2_above((uint64_t)delta * 2u);
    if (want > p->ring_limit)
        want = p->ring_limit;
    /* GCOVR_EXCL_BR_START: called only while the ring is below its limit */
    if (want <= old)
        return WR_OK;
    /* GCOVR_EXCL_BR_STOP */

    size_t total = 0;
    for (uint32_t i = 0; i < old; i++)
        for (int32_t c = p->buckets[i].head; c >= 0; c = p->pool[(size_t)c * WRI_CHUNK])
            total += WRI_CHUNK;
    int32_t *tmp = total ? wri_alloc_zero(&p->alloc, total, sizeof *tmp) : NULL;
    if (total && tmp == NULL)
        return WRI_NOMEM();
    size_t k = 0;
    for (uint32_t i = 0; i < old; i++) {
        wri_bucket *b = &p->buckets[i];
        while (b->head >= 0) {
            const int32_t s = bucket_pop(p, p->pool, b);
            const uint32_t d = p->dist[s];
            if (d >= cur && (d & (old - 1u)) == i)
                tmp[k++] = s;
        }
    }
    wr_status st = ring_reserve(p, want);
    if (st == WR_OK) {
        wri_bucket *nb = p->buckets;
        p->ring = want;
        for (uint32_t i = 0; i < want; i++) {
            nb[i].head = -1;
            nb[i].fill = WRI_CHUNK - 1u;
        }
        for (size_t i = 0; i < k && st == WR_OK; i++)
            st = bucket_push(p, &nb[p->dist[tmp[i]] & (want - 1u)], tmp[i]);
    }
    wri_free(&p->alloc, tmp, total, sizeof *tmp);
    *queued = k;
    return st;
}

/* Queues state s at key k, a ring or more past cur (RING_QUEUE()): grows
   the ring to hold it while it may (ring_grow()), else it waits in the
   overflow. A failure is kept in *st. */
WRI_PLANNER_FN void ring_far(wr_planner *p, uint32_t k, int32_t s, uint32_t cur, size_t *queued,
                             wr_status *st)
{
    wr_status r = WR_OK;
    if (p->ring < p->ring_limit)
        r = ring_grow(p, k - cur, cur, queued);
    if (r == WR_OK && k - cur >= p->ring) {
        r = over_push(p, k, s);
    } else if (r == WR_OK) {
        r = bucket_push(p, &p->buckets[k & (p->ring - 1u)], s);
        (*queued)++;
    }
    if (r != WR_OK)
        *st = r;
}

#endif
