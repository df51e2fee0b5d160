/* The floor: the least a one-to-all search over a hex map can cost, a
   plain Dial bucket queue over a byte cost array (bench/floor.c, -O3).
   The benchmarks report it as baseline `floor` of the field and reach
   cases: what the planner would take if it did nothing but the search. */
#ifndef WARRULES_BENCH_FLOOR_H
#define WARRULES_BENCH_FLOOR_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define FLOOR_UNREACHED UINT32_MAX

/* A map as bytes: 8 a hex, the cost of the move in each of the 6
   directions (0: no move; 1..255), then the row's parity, then padding. */
typedef struct floor_map {
    int width, height;
    uint8_t *hex;            /* 8 x width x height */
    int32_t delta[2][6];     /* index of the neighbour minus the hex's, by row parity */
    uint32_t max_cost;
} floor_map;

/* The bucket ring and labels, reused from search to search. */
typedef struct floor_search {
    uint32_t *dist;
    uint32_t **bucket;
    uint32_t *len, *cap;
    uint32_t ring; /* a power of two above max_cost */
} floor_search;

int floor_search_init(floor_search *s, const floor_map *m);
void floor_search_free(floor_search *s);

/* Labels from src to every hex, or to every hex within `limit`; unreached
   hexes (and those past the limit) keep FLOOR_UNREACHED. Returns the number
   of hexes settled. */
size_t floor_field(floor_search *s, const floor_map *m, int32_t src, uint32_t limit);

#ifdef __cplusplus
}
#endif

#endif
