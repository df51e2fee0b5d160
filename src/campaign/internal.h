/* The campaign module's private parts: the map's storage and the move
   generator shared by wr_map_moves() and the planner. */
#ifndef WARRULES_SRC_CAMPAIGN_INTERNAL_H
#define WARRULES_SRC_CAMPAIGN_INTERNAL_H

#include <stdint.h>

#include "core/error.h"
#include "core/memory.h"
#include "warrules/campaign.h"

/* Side byte: bits 0-1 river, 2-3 crossing, 4 road, 5 track. */
#define WRI_SIDE_RIVER(b) ((unsigned)(b)&3u)
#define WRI_SIDE_CROSSING(b) (((unsigned)(b) >> 2) & 3u)
#define WRI_SIDE_ROAD 0x10u
#define WRI_SIDE_TRACK 0x20u

/* Water byte: bits 0-2 downstream direction (7: none), bits 3-5 WR_WATER_ flags. */
#define WRI_WATER_NONE 7u
#define WRI_WATER_DIR(b) ((unsigned)(b)&7u)
#define WRI_WATER_FLAGS(b) (((unsigned)(b) >> 3) & 7u)

/* Neighbour byte: bits 0-5 the directions whose neighbour is on the map, bit 6 odd row. */
#define WRI_ODD_ROW 0x40u

typedef struct wri_cell {
    uint8_t terrain;
    uint8_t features;
    uint8_t water;
    uint8_t coast_near; /* coast hexes within two hexes, itself included */
    uint8_t side[3];    /* the sides in directions 0, 1, 2 */
    uint8_t nb;
} wri_cell;

#define WRI_MAP_LOG 32u

/* The region tags of a map's hexes (map_regions.c). A map that tags no hex
   holds nothing; one that tags few holds an open-addressing table of
   (hex index + 1) << 32 | tags, linear probing, at most 3/4 full; once the
   table would outgrow 4 bytes a hex it turns into a dense array of the
   tags by hex index, and stays one. */
typedef struct wri_regions {
    uint32_t *dense; /* the tags by hex index, or NULL (the table) */
    uint64_t *slots; /* the table: 0 empty; NULL when nothing is tagged */
    uint32_t cap;    /* slots, a power of two, or 0 */
    uint32_t used;   /* hexes in the table (non-zero tags) */
} wri_regions;

uint32_t wri_regions_find(const wri_regions *r, int32_t idx);

/* The tags of hex idx: 0 without a lookup when the map tags no hex. */
static inline uint32_t wri_regions_tags(const wri_regions *r, int32_t idx)
{
    if (r->dense != NULL)
        return r->dense[idx];
    return r->used == 0 ? 0u : wri_regions_find(r, idx);
}

/* Sets the tags of hex idx of a map of count hexes; WR_ERR_NOMEM leaves
   them as they were. */
wr_status wri_regions_set(wri_regions *r, const wr_allocator *a, int32_t count, int32_t idx,
                          uint32_t tags);
void wri_regions_free(wri_regions *r, const wr_allocator *a, int32_t count);

struct wr_map {
    wr_allocator alloc;
    int width, height;
    int32_t count;
    wri_cell *cells;
    wri_regions regions;
    /* Every change to the map (map_changed() in map.c) bumps generation and mixes
       what it set into history, so a planner may keep what it derived from a
       map while (map, width, height, generation, history) stay the same.
       generation alone would not do: a map freed and another allocated at
       the same address after as many changes would match. history keeps
       them apart unless the second map was made by the same changes (then
       it holds the same hexes, and what was derived still holds) or its
       64-bit value collides. No global state: both start at 0. */
    uint64_t generation;
    uint64_t history;
    /* The last WRI_MAP_LOG changes, the one that made generation g in slot
       g % WRI_MAP_LOG: the index of the cell it wrote (a hexside's owner)
       and history before it. A planner whose records are a few changes
       behind forgets only the records those cells reach (a hex's and its
       neighbours'), where any other change forgets them all. */
    int32_t log_index[WRI_MAP_LOG];
    uint64_t log_before[WRI_MAP_LOG];
};

/* Index offsets of the six neighbours, by row parity (0 even, 1 odd). */
extern const int32_t wri_campaign_nb_delta_unit[2][6][2];

/* The directions d from (row, col) whose neighbour is on a map of width x
   height hexes, as bit d (the cells' nb). */
static inline unsigned wri_nb_on_map(int32_t row, int32_t col, int32_t width, int32_t height)
{
    unsigned mask = 0;
    for (int d = 0; d < 6; d++) {
        const int32_t nr = row + wri_campaign_nb_delta_unit[row & 1][d][0];
        const int32_t nc = col + wri_campaign_nb_delta_unit[row & 1][d][1];
        if (nr >= 0 && nr < height && nc >= 0 && nc < width)
            mask |= 1u << d;
    }
    return mask;
}

static inline int32_t wri_nb_index(const wr_map *map, int32_t idx, unsigned odd, int d)
{
    return idx + wri_campaign_nb_delta_unit[odd][d][0] * map->width +
           wri_campaign_nb_delta_unit[odd][d][1];
}

/* The side byte of (idx, d); the neighbour must be on the map. */
static inline uint8_t wri_side_byte(const wr_map *map, int32_t idx, int32_t nb, int d)
{
    return d < 3 ? map->cells[idx].side[d] : map->cells[nb].side[d - 3];
}

/* Index of an on-map hex, or -1. */
int32_t wri_campaign_index(const wr_map *map, wr_hex hex);
wr_hex wri_campaign_hex(const wr_map *map, int32_t index);
/* Records that hex is off the map, naming the coordinate at fault (arg_r
   when the row is outside the map, else arg_q) and its value; returns
   WR_ERR_RANGE. Use WRI_FAIL_HEX(map, hex, "to"). */
wr_status wri_campaign_fail_hex(const char *fn, const wr_map *map, wr_hex hex, const char *arg_q,
                                const char *arg_r);
#define WRI_FAIL_HEX(map, hex, name) \
    wri_campaign_fail_hex(__func__, (map), (hex), name ".q", name ".r")

/* Hexes and hexsides blocked for one query (wr_plan_query). */
typedef struct wri_block {
    const uint8_t *hexes; /* by index, or NULL */
    const uint8_t *sides; /* by wr_map_hexside_index(), or NULL */
    wr_plan_blocked_fn fn;
    void *user;
} wri_block;

/* Whether the move from idx into its neighbour nb in direction d is blocked. */
static inline int wri_blocked(const wri_block *b, int32_t idx, int32_t nb, int d)
{
    const uint32_t h = (uint32_t)nb;
    if (b->hexes != NULL && ((unsigned)b->hexes[h >> 3] >> (h & 7u)) & 1u)
        return 1;
    if (b->sides != NULL) {
        uint32_t s = (uint32_t)(d < 3 ? idx * 3 + d : nb * 3 + (d - 3));
        if (((unsigned)b->sides[s >> 3] >> (s & 7u)) & 1u)
            return 1;
    }

    return b->fn != NULL && b->fn(b->user, idx, nb) != 0;
}

/* Whose force state wri_campaign_check_force() checks: the details name its
   fields as the public caller's parameter (state->day, force->day,
   query->start->day). */
typedef enum wri_force_arg { WRI_FORCE_STATE, WRI_FORCE_FORCE, WRI_FORCE_QUERY } wri_force_arg;

/* A force state that can exist, for daily points P (wr_force_check()). */
wr_status wri_campaign_check_force(const wr_force_state *f, int P, wri_force_arg arg);

/* Checked parameters turned into the numbers the move generator reads. */
typedef struct wri_movegen {
    const wr_map *map;
    const wri_block *block; /* NULL: nothing blocked */

    int mover;
    int vessel;
    int navigates; /* river boats and longships */
    int open_sea;  /* sailing ships and transports */
    unsigned traits;
    uint32_t home;
    unsigned options;
    int daily;
    int half_daily;
    int bridging_days;
    int tide;
    int wind;
    int sail;
    int enter[WR_HEX_TERRAIN_COUNT];      /* across country, 0: cannot */
    uint8_t formed[WR_HEX_TERRAIN_COUNT]; /* across country formed */
    uint8_t track_formed[WR_HEX_TERRAIN_COUNT];
    int road, track, upstream, downstream;
    int max_delta; /* the largest label increase of one transition */
} wri_movegen;

/* Land moves by (terrain, side byte, timber at the near bank, elves' home):
   a table the planner builds key by key as its hexes read them, so that its
   inner loop only looks up. */
typedef struct wri_tedge {
    int32_t points, days;
    uint32_t flags;
} wri_tedge;
typedef struct wri_tentry {
    uint32_t count;
    wri_tedge e[5];
} wri_tentry;
#define WRI_TABLE_KEYS 2048u
static inline unsigned wri_table_key(unsigned terrain, unsigned side, unsigned timber,
                                     unsigned home)
{
    return (side & 0x3fu) | (terrain << 6) | (timber << 9) | (home << 10);
}
/* The land moves into a neighbour of the given terrain across the given side
   (their `to` is left 0); at most 5. */
int wri_campaign_side_edges(const wri_movegen *g, int terrain, unsigned side, int timber, int home,
                            wr_plan_edge *out);
/* The land moves of one table key (the planner's table). */
void wri_campaign_land_entry(const wri_movegen *g, unsigned key, wri_tentry *out);

wr_status wri_campaign_check_params(const wr_plan_params *p);
void wri_campaign_movegen_init(wri_movegen *g, const wr_map *map, const wr_plan_params *p);
/* Whether the mover may be in a hex (start hexes). */
int wri_campaign_can_be(const wri_movegen *g, int32_t idx);
/* The moves from a hex; out must hold WR_PLAN_MAX_EDGES. */
int wri_campaign_moves(const wri_movegen *g, int32_t idx, wr_plan_edge *out);

static inline int wri_ceil_div(int a, int b)
{
    return (a + b - 1) / b; /* a >= 0, b > 0 */
}

#endif
