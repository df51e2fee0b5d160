/* The floor search: Dial's algorithm over the byte map of floor.h, nothing
   else (no rules, no parents, no day arithmetic). See floor.h. */
#define _DEFAULT_SOURCE 1 /* madvise() */
#include <stdlib.h>
#include <string.h>
#if defined(__linux__)
#include <sys/mman.h>
#endif

#include "floor.h"

void *floor_big_alloc(size_t size)
{
    const size_t huge = (size_t)2 << 20;
    if (size < huge)
        return malloc(size);
    size_t whole = (size + huge - 1u) / huge * huge;
    void *p = aligned_alloc(huge, whole);
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    if (p != NULL)
        (void)madvise(p, whole, MADV_HUGEPAGE);
#endif
    return p;
}

#if defined(__GNUC__)
#define FLOOR_PREFETCH(p) __builtin_prefetch(p)
#else
#define FLOOR_PREFETCH(p) ((void)0)
#endif

int floor_search_init(floor_search *s, const floor_map *m)
{
    size_t n = (size_t)m->width * (size_t)m->height;
    size_t blocks = (n >> FLOOR_BLOCK_SHIFT) + 1u;
    uint32_t ring = 1;
    while (ring <= m->max_cost + m->min_cost)
        ring <<= 1;
    memset(s, 0, sizeof *s);
    s->ring = ring;
    s->hmin = m->min_cost;
    s->width_inv = (((uint64_t)1 << 40) + (uint64_t)m->width - 1u) / (uint64_t)m->width;
    s->dist = floor_big_alloc((blocks << FLOOR_BLOCK_SHIFT) * sizeof *s->dist); /* whole blocks */
    s->written = malloc(blocks * sizeof *s->written);
    s->mark = calloc(blocks, 1);
    s->bucket = calloc(ring, sizeof *s->bucket);
    if (s->dist == NULL || s->written == NULL || s->mark == NULL || s->bucket == NULL)
        return 0;
    memset(s->dist, 0xff, (blocks << FLOOR_BLOCK_SHIFT) * sizeof *s->dist);
    return 1;
}

void floor_search_free(floor_search *s)
{
    for (uint32_t b = 0; s->bucket != NULL && b < s->ring; b++)
        free(s->bucket[b].v);
    free(s->bucket);
    free(s->dist);
    free(s->written);
    free(s->mark);
    free(s->path);
    memset(s, 0, sizeof *s);
}

size_t floor_search_bytes(const floor_search *s, const floor_map *m)
{
    size_t n = (size_t)m->width * (size_t)m->height;
    size_t blocks = (n >> FLOOR_BLOCK_SHIFT) + 1u;
    size_t bytes = n * sizeof *s->dist + blocks * (sizeof *s->written + 1u) +
                   s->ring * sizeof *s->bucket;
    for (uint32_t b = 0; b < s->ring; b++)
        bytes += s->bucket[b].cap * sizeof(uint32_t);
    return bytes + s->path_len * sizeof *s->path;
}

static void grow(floor_stack *b)
{
    uint32_t cap = b->cap ? 2 * b->cap : 256;
    uint32_t *p = realloc(b->v, (size_t)cap * sizeof *p);
    if (p == NULL)
        abort();
    b->v = p;
    b->cap = cap;
}

static inline void push(floor_stack *b, uint32_t v)
{
    if (b->len == b->cap)
        grow(b);
    b->v[b->len++] = v;
}

/* Clears the labels the last search wrote and the buckets it left. */
static void reset(floor_search *s)
{
    for (size_t i = 0; i < s->nwritten; i++) {
        uint32_t blk = s->written[i];
        memset(s->dist + ((size_t)blk << FLOOR_BLOCK_SHIFT), 0xff,
               sizeof(uint32_t) << FLOOR_BLOCK_SHIFT);
        s->mark[blk] = 0;
    }
    s->nwritten = 0;
    for (uint32_t b = 0; b < s->ring; b++)
        s->bucket[b].len = 0;
}

/* A label about to be written for the first time: its block is noted (the
   label array is allocated to whole blocks, which reset() clears). */
static inline void note(floor_search *s, uint32_t v)
{
    uint32_t blk = v >> FLOOR_BLOCK_SHIFT;
    if (!s->mark[blk]) {
        s->mark[blk] = 1;
        s->written[s->nwritten++] = blk;
    }
}

/* An entry FLOOR_AHEAD pops ahead in the bucket: its record and the rows
   of labels it reads (every entry's record is fetched too when it is
   pushed, see push()). */
#ifndef FLOOR_AHEAD
#define FLOOR_AHEAD 4u
#endif
static inline void prefetch_next(const uint32_t *bv, uint32_t len, const floor_map *m,
                                 const uint32_t *dist)
{
    if (len >= FLOOR_AHEAD) {
        uint32_t w = bv[len - FLOOR_AHEAD];
        FLOOR_PREFETCH(m->hex + (size_t)w * 8u);
        FLOOR_PREFETCH(dist + w - (uint32_t)m->width);
        FLOOR_PREFETCH(dist + w + (uint32_t)m->width);
    }
}

size_t floor_field(floor_search *s, const floor_map *m, int32_t src, uint32_t limit)
{
    reset(s);
    const uint32_t mask = s->ring - 1;
    uint32_t *dist = s->dist;
    floor_stack *ring = s->bucket;
    dist[src] = 0;
    note(s, (uint32_t)src);
    push(&ring[0], (uint32_t)src);
    size_t queued = 1, settled = 0;
    for (uint32_t cur = 0; queued > 0 && cur <= limit; cur++) {
        /* no move is free and the ring is above the dearest: nothing is
           pushed to this bucket while it is emptied, so its stack is read
           from locals */
        floor_stack *b = &ring[cur & mask];
        const uint32_t *bv = b->v;
        uint32_t len = b->len;
        queued -= len;
        b->len = 0;
        while (len > 0) {
            uint32_t u = bv[--len];
            prefetch_next(bv, len, m, dist);
            if (dist[u] != cur)
                continue;
            settled++;
            const uint8_t *h = m->hex + (size_t)u * 8;
            const int32_t *delta = m->delta[h[6]];
            for (int d = 0; d < 6; d++) {
                uint32_t c = h[d];
                if (c == 0)
                    continue;
                uint32_t v = (uint32_t)((int32_t)u + delta[d]), nd = cur + c;
                if (nd < dist[v]) {
                    if (dist[v] == FLOOR_UNREACHED)
                        note(s, v);
                    dist[v] = nd;
                    FLOOR_PREFETCH(m->hex + (size_t)v * 8u);
                    push(&ring[nd & mask], v);
                    queued++;
                }
            }
        }
    }
    return settled;
}

/* The route walked back from goal through the labels: each step to a
   neighbour whose label plus the move's cost is the hex's. */
static void walk_back(floor_search *s, const floor_map *m, int32_t src, int32_t goal)
{
    const uint32_t *dist = s->dist;
    const uint32_t n = (uint32_t)m->width * (uint32_t)m->height;
    size_t len = 0, cap = 0;
    int32_t v = goal;
    for (;;) {
        if (len == cap) {
            cap = cap ? 2 * cap : 1024;
            int32_t *p = realloc(s->path, cap * sizeof *p);
            if (p == NULL)
                abort();
            s->path = p;
        }
        s->path[len++] = v;
        if (v == src)
            break;
        const int32_t *delta = m->delta[m->hex[(size_t)v * 8 + 6]];
        int32_t next = -1;
        for (int d = 0; d < 6 && next < 0; d++) {
            uint32_t u = (uint32_t)(v + delta[d]);
            if (u >= n || dist[u] == FLOOR_UNREACHED)
                continue;
            uint32_t c = m->hex[(size_t)u * 8 + (size_t)((d + 3) % 6)];
            if (c != 0 && dist[u] + c == dist[v])
                next = (int32_t)u;
        }
        if (next < 0) { /* no way back: not a route */
            len = 0;
            break;
        }
        v = next;
    }
    s->path_len = len;
}

uint32_t floor_route(floor_search *s, const floor_map *m, int32_t src, int32_t goal,
                     size_t *settled)
{
    reset(s);
    const uint32_t mask = s->ring - 1, hmin = s->hmin;
    const uint64_t winv = s->width_inv;
    const int32_t width = m->width;
    uint32_t *dist = s->dist;
    floor_stack *ring = s->bucket;
    /* axial coordinates relative to the goal's */
    const int32_t grow_ = (int32_t)(((uint64_t)(uint32_t)goal * winv) >> 40);
    const int32_t gq = goal - grow_ * width - (grow_ >> 1);
    int dq[6], dr[6];
    for (int d = 0; d < 6; d++) {
        dq[d] = m->dq[d];
        dr[d] = m->dr[d];
    }
#define FLOOR_HEX_DIST(q_, r_)                                                         \
    ((uint32_t)(((q_) < 0 ? -(q_) : (q_)) + ((r_) < 0 ? -(r_) : (r_)) +               \
                ((q_) + (r_) < 0 ? -((q_) + (r_)) : (q_) + (r_))) / 2u)
    uint32_t cur;
    {
        int32_t r = (int32_t)(((uint64_t)(uint32_t)src * winv) >> 40);
        int32_t q = src - r * width - (r >> 1) - gq;
        r -= grow_;
        cur = hmin * FLOOR_HEX_DIST(q, r);
    }
    dist[src] = 0;
    note(s, (uint32_t)src);
    push(&ring[cur & mask], (uint32_t)src);
    size_t queued = 1, count = 0;
    uint32_t found = FLOOR_UNREACHED;
    for (; queued > 0; cur++) {
        /* a move along the heuristic's gradient keeps the key: entries are
           pushed to this bucket while it is emptied */
        floor_stack *b = &ring[cur & mask];
        while (b->len > 0) {
            uint32_t u = b->v[--b->len];
            queued--;
            prefetch_next(b->v, b->len, m, dist);
            int32_t r = (int32_t)(((uint64_t)u * winv) >> 40);
            int32_t q = (int32_t)u - r * width - (r >> 1) - gq;
            r -= grow_;
            const uint32_t hu = hmin * FLOOR_HEX_DIST(q, r), lab = dist[u];
            if (lab + hu != cur)
                continue;
            count++;
            if ((int32_t)u == goal) {
                found = lab;
                goto done;
            }
            const uint8_t *h = m->hex + (size_t)u * 8;
            const int32_t *delta = m->delta[h[6]];
            for (int d = 0; d < 6; d++) {
                uint32_t c = h[d];
                if (c == 0)
                    continue;
                uint32_t v = (uint32_t)((int32_t)u + delta[d]), nd = lab + c;
                if (nd < dist[v]) {
                    if (dist[v] == FLOOR_UNREACHED)
                        note(s, v);
                    dist[v] = nd;
                    FLOOR_PREFETCH(m->hex + (size_t)v * 8u);
                    int32_t vq = q + dq[d], vr = r + dr[d];
                    push(&ring[(nd + hmin * FLOOR_HEX_DIST(vq, vr)) & mask], v);
                    queued++;
                }
            }
        }
    }
done:
#undef FLOOR_HEX_DIST
    if (settled != NULL)
        *settled = count;
    if (found != FLOOR_UNREACHED)
        walk_back(s, m, src, goal);
    else
        s->path_len = 0;
    return found;
}
