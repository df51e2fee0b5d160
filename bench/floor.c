/* The floor search: Dial's algorithm over the byte cost array of
   floor.h, nothing else (no rules, no parents, no day arithmetic). */
#include <stdlib.h>
#include <string.h>

#include "floor.h"

int floor_search_init(floor_search *s, const floor_map *m)
{
    size_t n = (size_t)m->width * (size_t)m->height;
    uint32_t ring = 1;
    while (ring <= m->max_cost)
        ring <<= 1;
    memset(s, 0, sizeof *s);
    s->ring = ring;
    s->dist = malloc(n * sizeof *s->dist);
    s->bucket = calloc(ring, sizeof *s->bucket);
    s->len = calloc(ring, sizeof *s->len);
    s->cap = calloc(ring, sizeof *s->cap);
    return s->dist != NULL && s->bucket != NULL && s->len != NULL && s->cap != NULL;
}

void floor_search_free(floor_search *s)
{
    for (uint32_t b = 0; s->bucket != NULL && b < s->ring; b++)
        free(s->bucket[b]);
    free(s->bucket);
    free(s->len);
    free(s->cap);
    free(s->dist);
    memset(s, 0, sizeof *s);
}

static void push(floor_search *s, uint32_t b, uint32_t v)
{
    if (s->len[b] == s->cap[b]) {
        uint32_t cap = s->cap[b] ? 2 * s->cap[b] : 1024;
        uint32_t *p = realloc(s->bucket[b], (size_t)cap * sizeof *p);
        if (p == NULL)
            abort();
        s->bucket[b] = p;
        s->cap[b] = cap;
    }
    s->bucket[b][s->len[b]++] = v;
}

size_t floor_field(floor_search *s, const floor_map *m, int32_t src, uint32_t limit)
{
    size_t n = (size_t)m->width * (size_t)m->height;
    memset(s->dist, 0xff, n * sizeof *s->dist);
    for (uint32_t b = 0; b < s->ring; b++)
        s->len[b] = 0;
    const uint32_t mask = s->ring - 1;
    uint32_t *dist = s->dist;
    dist[src] = 0;
    push(s, 0, (uint32_t)src);
    size_t queued = 1, settled = 0;
    for (uint32_t cur = 0; queued > 0 && cur <= limit; cur++) {
        uint32_t b = cur & mask;
        for (uint32_t k = 0; k < s->len[b]; k++) {
            uint32_t u = s->bucket[b][k];
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
                    dist[v] = nd;
                    push(s, nd & mask, v);
                    queued++;
                }
            }
        }
        queued -= s->len[b];
        s->len[b] = 0;
    }
    return settled;
}
