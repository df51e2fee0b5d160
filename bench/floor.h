/* The floor: the least a search over a hex map can cost, written as a
   performance engineer would write it for this one graph and nothing else
   (bench/floor.c, -O3). The benchmarks report the library against it as
   baseline `floor` (fields, reachable sets) and `floor_astar` (routes),
   warm (its arrays reused) and cold (the first search after floor_search_init).

   Its design:
   - the map: 8 bytes a hex, the cheapest cost of the move into each of the
     6 neighbours (0: no move; 1..255), the row's parity, a pad byte;
   - uint32 labels, one a hex (UINT32_MAX unreached);
   - Dial's algorithm over a ring of LIFO bucket stacks (a power of two above
     the largest key step), with lazy deletion (stale entries skipped);
   - software prefetch: the record and the labels' neighbourhood of the next
     entry of the bucket while the current one is expanded;
   - reset of only what it wrote: a list of the 64-label blocks written,
     cleared at the start of the next search (not the whole label array);
   - A*: key = label + hmin x the hex distance to the goal (the planner's
     heuristic: hmin the cheapest move), the route walked back from the goal
     through the labels (no parent array). */
#ifndef WARRULES_BENCH_FLOOR_H
#define WARRULES_BENCH_FLOOR_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define FLOOR_UNREACHED UINT32_MAX
#define FLOOR_BLOCK_SHIFT 6u

typedef struct floor_map {
    int width, height;
    uint8_t *hex;            /* 8 x width x height */
    int32_t delta[2][6];     /* index of the neighbour minus the hex's, by row parity */
    uint32_t max_cost;
    uint32_t min_cost;       /* the cheapest move (the A*'s hmin) */
    int8_t dq[6], dr[6];     /* the axial step of each direction */
} floor_map;

typedef struct floor_stack {
    uint32_t *v;
    uint32_t len, cap;
} floor_stack;

/* The bucket ring and labels, reused from search to search. */
typedef struct floor_search {
    uint32_t *dist;
    uint32_t *written;       /* blocks of 64 labels written by the last search */
    uint8_t *mark;           /* a byte a block: in written */
    size_t nwritten;
    floor_stack *bucket;
    uint32_t ring;           /* a power of two above max_cost + min_cost */
    uint32_t hmin;           /* the A*'s heuristic: the cheapest move */
    uint64_t width_inv;      /* ceil(2^40 / width) */
    int32_t *path;           /* floor_route()'s hexes, goal first */
    size_t path_len;
} floor_search;

/* 1 on success. */
/* A block of `size` bytes for the floor's large arrays (its labels, the
   bench's byte map): from 2 MiB on, aligned to 2 MiB with transparent huge
   pages asked for (Linux), as the library's default allocator does; freed
   with free(). NULL when out of memory. */
void *floor_big_alloc(size_t size);

int floor_search_init(floor_search *s, const floor_map *m);
void floor_search_free(floor_search *s);
/* Bytes the search holds (labels, block lists, buckets, path). */
size_t floor_search_bytes(const floor_search *s, const floor_map *m);

/* Labels from src to every hex, or to every hex within `limit`; unreached
   hexes (and those past the limit) keep FLOOR_UNREACHED, or hold a label
   above the limit. Returns the number of hexes settled. */
size_t floor_field(floor_search *s, const floor_map *m, int32_t src, uint32_t limit);

/* A* from src to goal: the label of goal (FLOOR_UNREACHED: none), its route
   in s->path (goal first, s->path_len hexes). *settled: hexes settled. */
uint32_t floor_route(floor_search *s, const floor_map *m, int32_t src, int32_t goal,
                     size_t *settled);

#ifdef __cplusplus
}
#endif

#endif
