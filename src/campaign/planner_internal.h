/* The route planner's private parts, shared by its files.

   Its files, each calling only the files below it (one direction):

     planner.c           the planner's life and its queries (wr_planner_*):
                         reads and checks a query, runs a search, writes the
                         answer (fields, reachable sets, routes, plans);
     planner_map.c       a search on a map: checks the mover and the start,
                         sets the search's options and its hexes' moves, and
                         runs the search that fits (the full rules' field,
                         Dijkstra, A* falling back to Dijkstra, or the
                         fewest-unformed search);
     planner_dijkstra.c  Dijkstra: the generic search of search_core.h over
                         the moves of land hexes (the table by key), of a
                         vessel (the generator) or of a game's callbacks;
     planner_rules.c     the full rules' field: a Dijkstra of its own over the
                         rules records of the hexes;
     planner_astar.c     A* to one goal: search_core.h keyed by label + h
                         (land, vessels) and the plain A* over the plain costs
                         by hex, then Dijkstra's parents (planner_route.c);
     planner_fewest.c    the fewest days of unformed movement (a binary heap);
     planner_route.c     routes from a search's labels: Dijkstra's parents
                         rebuilt after an A*, the steps of a route and the
                         move of each step;
     planner_records.c   what the planner keeps from query to query: its
                         arrays by state, the land move table by key and the
                         records by hex;
     planner_edges.h     the moves of a hex as search_core.h reads them;
     search_core.h       the generic label-setting search, a template;
     planner_ring.h      the bucket ring and its chunks.

   planner.c -> planner_map.c -> the searches (planner_dijkstra.c,
   planner_rules.c, planner_astar.c, planner_fewest.c) -> planner_route.c ->
   planner_records.c and planner_ring.h. planner.c also calls the graph's
   Dijkstra, planner_route.c and planner_records.c directly.

   Here: the planner object, the options of one search, the moves of a map
   hex, and what one file gives the others, by file. */
#ifndef WR_CAMPAIGN_PLANNER_INTERNAL_H
#define WR_CAMPAIGN_PLANNER_INTERNAL_H

#include <string.h>

#include "internal.h"

/* A helper of which each file of the planner that uses it has its own copy:
   static, not inline, so that the compiler inlines it as it would a file's
   own static function (with an inline hint it inlined more, and the
   searches ran 3 to 7 % slower). */
#if defined(__GNUC__)
#define WRI_PLANNER_FN static __attribute__((unused))
#else
#define WRI_PLANNER_FN static inline
#endif

/* Keeps a function out of its callers. The A* instances of search_core.h
   stay out of wri_planner_astar_route(), where the plain A* is inlined: it
   then runs on about 1 % fewer instructions (the registers of its loop). */
#if defined(__GNUC__)
#define WRI_NOINLINE __attribute__((noinline))
#else
#define WRI_NOINLINE
#endif

/* Inlined into each caller, so that a caller's constant arguments
   specialise it. The coverage build (scripts/coverage.sh defines
   WARRULES_COVERAGE) keeps one copy, called with the constants or the
   variables: its branches are the source's, where the copy with constants
   has tests that go one way only. */
#if defined(__GNUC__) && !defined(WARRULES_COVERAGE)
#define WRI_INLINE __attribute__((always_inline)) inline
#else
#define WRI_INLINE inline
#endif

/* A test that is almost always true: its code stays in line. */
#if defined(__GNUC__)
#define WRI_LIKELY(x) __builtin_expect(!!(x), 1)
#else
#define WRI_LIKELY(x) (x)
#endif

#define WRI_CHUNK 64u
/* The bytes of a hex's rules record, and its parity byte's value when the
   record is to be filled again (see struct wr_planner). */
#define WRI_RULES_BYTES 7u
#define WRI_RULES_UNFILLED 0xffu
#define WRI_DIRTY_SHIFT 6u /* blocks of 64 labels (256 bytes) */
/* Which map, as it stood, records by hex were filled for: its address,
   size, generation and history (see struct wr_map). */
typedef struct map_stamp {
    const wr_map *map; /* NULL: none */
    int width, height;
    uint64_t generation, history;
} map_stamp;

typedef struct wri_bucket {
    int32_t head;  /* its first chunk, or -1 when empty */
    uint32_t fill; /* states in the first chunk; WRI_CHUNK - 1 when empty */
} wri_bucket;

/* The landmarks of wr_planner_prepare_landmarks() (planner_landmarks.c), for
   the plain A* (planner_astar.c) on the map and parameters they were made
   for: dist[j * cells + v], the label of hex v from landmark j (INT32_MAX:
   unreachable; labels are below 2^31), or narrow[] instead (the same as
   uint16, 0xffff unreachable) when every label reached is below 0xffff. */
typedef struct wri_landmarks {
    int count;  /* 0: none */
    int stride; /* planes in dist or narrow (count asked) */
    map_stamp map;
    wr_plan_params params;
    int32_t *dist;    /* or NULL */
    uint16_t *narrow; /* or NULL */
    size_t cells;
} wri_landmarks;

typedef struct heap_node {
    uint64_t key; /* unformed days << 32 | label */
    int32_t s;
} heap_node;

struct wr_planner {
    wr_allocator alloc;
    size_t cap;     /* states the arrays below hold */
    uint32_t *dist; /* label: points since the start; UINT32_MAX unreached */
    /* NULL until a query reads them (wri_planner_ensure_paths()), then cap */
    int32_t *parent;
    uint16_t *via;  /* WR_STEP_ flags of the move that reached the state */
    int32_t *order; /* settled nodes, for the reachable set and paths; A*: marks */
    /* astar_plain(): a byte a block of 1 << WRI_DIRTY_SHIFT states, set for the
       blocks whose labels it wrote; while dirty_cells is the count of its
       states, every other label of those states is unreached, and the next
       astar_plain() clears only the blocks set. Any other search sets it to 0.
       NULL until a route or reachable set (wri_planner_ensure_paths()). */
    uint8_t *dirty;
    int32_t dirty_cells;
    uint32_t mark_base;  /* A*: order values from here on are this query's marks */
    wri_bucket *buckets; /* the bucket ring */
    uint32_t ring;       /* this search's ring: a power of two, at most ring_cap */
    uint32_t ring_cap;   /* buckets allocated */
    /* The most buckets this search's ring grows to (ring_start()): twice
       its largest move at most, so a start with a huge number of points
       saved (a jump of up to 10^9 points) does not make it 2^30 buckets.
       Entries keyed a ring or more past the current key wait in the
       overflow (key << 32 | state) until their revolution (over_drain()). */
    uint32_t ring_limit;
    uint64_t *over;
    size_t over_len, cap_over;
    int32_t *pool; /* chunks of bucket entries */
    size_t chunks;
    int32_t free_chunk; /* released chunks */
    size_t fresh_chunk; /* chunks from here on are unused since the ring was reset */
    wr_step *steps;
    size_t cap_steps;
    wr_plan_edge *moves; /* wr_planner_plan(): the move of each step */
    size_t cap_moves;
    heap_node *heap; /* the fewest-unformed search's queue */
    size_t cap_heap;
    wr_hex *hexes;
    size_t cap_hexes;
    /* The land moves of the last parameters by key, and the cheapest plain
       cost of each (UINT32_MAX: none): a key is built when a hex first reads
       it (see wri_planner_new_land_table()). */
    wri_tentry *table;
    uint32_t *ptable;
    uint8_t *built; /* by key: 1 once built for table_for */
    wr_plan_params table_for;
    int table_valid;
    uint32_t built_hmin; /* the smallest label increase of a transition of the keys built */
    /* What the land search reads of a hex, kept from query to query for the
       map below (see struct wr_map) and the table's parameters, filled when
       the hex is first expanded. Each record ends with the row's parity and
       the epoch it was filled in (0: never). costs: 8 bytes a hex, the plain
       cost into each of the six neighbours (0xff: no move); keys: 8 uint16
       a hex, the table key of each (0xffff: off the map). Each is held
       only once a search reads it (the keys: a search through the table,
       see wri_planner_hex_records()); a new epoch frees the ones its search
       does not read (so a field holds no keys, and a full rules' field no
       plain costs). */
    uint8_t *costs;
    size_t cap_costs; /* hexes */
    uint16_t *keys;
    size_t cap_keys;
    uint8_t epoch;
    /* Every hex's keys (and plain costs) filled for this epoch: set by a
       field's pass over the map (wri_planner_fill_all()), cleared with
       any record forgotten. */
    int keys_full, costs_full;
    /* The full rules' field (planner_rules.c) reads its own records by hex,
       kept like the ones above for (rules_map, rules_for), WRI_RULES_BYTES
       a hex: a byte a direction, the index in rules_pal of the one move
       into that neighbour (0xff: none; 0xfe: another number of moves, or
       one too large: read the table), then the row's parity, or
       WRI_RULES_UNFILLED for a record forgotten. The field fills them all
       before it reads any, so they carry no epoch: rules_stale says that
       every record is to be filled again (new records, a new map or new
       parameters), rules_full that none is. */
    uint8_t *rules;
    size_t cap_rules; /* hexes */
    int rules_valid;
    int rules_stale;
    int rules_full;
    map_stamp rules_map;
    wr_plan_params rules_for;
    /* by table key: 0 not seen in this epoch, else the code of the key + 1;
       the moves of the codes below 0xfe: points | days << 20 | needs
       unformed movement << 28 */
    uint16_t rules_code[WRI_TABLE_KEYS];
    uint32_t rules_pal[0xfe];
    uint32_t rules_pal_count;
    map_stamp records_map;
    /* wr_planner_intercept() and wr_planner_danger(): their buffers
       (intercept.c), NULL until the first call, and the function freeing
       them, set with them (a pointer, so that the planner calls no
       function of intercept.c, which calls the planner's). */
    struct wri_intercept_store *intercept;
    void (*intercept_free)(wr_planner *pl);
    wri_landmarks landmarks;
    size_t settled; /* states the last plain A* settled (wr_planner_settled()) */
};

typedef struct search_opts {
    int32_t cells;
    uint32_t daily;
    uint64_t daily_inv; /* ceil(2^40 / daily): see fresh_day() */
    int two;            /* formed and unformed states */
    int plain;
    int unformed_ok;
    int32_t src;
    int32_t src_state; /* src, or src + cells for an unformed start */
    uint32_t t0;       /* the start's label */
    /* the earliest label a whole-day move or rally day may start from: the
       start state's, and every other state's (0 for the zero state) */
    uint32_t fresh_src, fresh, fresh_max;
    uint32_t day0;     /* the start's day: no step is reported before it */
    int start_counted; /* the start's day is already a day of unformed movement */
    int32_t goal;      /* stop when settled; -1: none */
    int32_t goal2;     /* stop when this one is settled too (any formation); -1: none */
    uint32_t limit;    /* stop past this label */
    uint64_t key_max;
    uint32_t ring_hint;
    /* the largest label increase of one move other than a whole-day move
       from a start with points saved (0: ring_hint): bounds the ring */
    uint32_t ring_max;
    int32_t *order;
    size_t *order_count;
    int prune; /* see search_core.h */
    /* A*: h(s) = hmin x the hex distance from s's hex to the goal's */
    uint32_t hmin;
    int32_t width;
    uint64_t width_inv; /* ceil(2^40 / width): see hexes_of() */
    int32_t goal_q, goal_r;
} search_opts;

/* The row of hex index node, without a division. */
static inline int32_t search_row(const search_opts *o, int32_t node)
{
    return (int32_t)(((uint64_t)node * o->width_inv) >> 40);
}

static inline uint32_t search_h(const search_opts *o, int32_t s)
{
    int32_t node = s >= o->cells ? s - o->cells : s;
    int32_t row = search_row(o, node), col = node - row * o->width;
    int32_t dq = col - (row >> 1) - o->goal_q, dr = row - o->goal_r, ds = dq + dr;
    uint32_t d = (uint32_t)((dq < 0 ? -dq : dq) + (dr < 0 ? -dr : dr) + (ds < 0 ? -ds : ds)) / 2u;
    return o->hmin * d;
}

/* A label offered, or UINT64_MAX when it is past key_max (so that it is
   never below a state's label): labels and key_max are below 2^40. One
   test of an offer instead of two, the same at every offer of a search
   (see docs/reliability.md, "Coverage"). */
static inline uint64_t within_max(uint64_t label, uint64_t key_max)
{
    return label | ((uint64_t)0 - ((key_max - label) >> 63));
}

/* The end of the day of label lab (from where whole-day moves and rally
   days start), no earlier than the start state allows. */
static inline uint32_t fresh_day(const search_opts *o, int32_t s, uint32_t lab)
{
    /* floor(x / P) = (x * M) >> 40 with M = ceil(2^40 / P) is exact while
       x x P < 2^40: so for labels up to key_max (x <= (10^6 + 1) x P, P <= 1000) */
    const uint32_t P = o->daily, x = lab + P - 1u;
    /* GCOVR_EXCL_BR_START: every label given is a state's, at most key_max */
    const uint32_t q = lab <= o->key_max ? (uint32_t)(((uint64_t)x * o->daily_inv) >> 40) : x / P;
    /* GCOVR_EXCL_BR_STOP */
    const uint32_t e = q * P;
    if (e >= o->fresh_max) /* always so from the zero state */
        return e;
    const uint32_t floor = s == o->src_state ? o->fresh_src : o->fresh;
    return e < floor ? floor : e;
}

/* The bytes of the marks of written blocks for that many states. */
WRI_PLANNER_FN size_t dirty_blocks(size_t states)
{
    return (states >> WRI_DIRTY_SHIFT) + 1u;
}

/* The moves of a map hex: land forces read the table, vessels the generator. */
typedef struct fastgen {
    const wri_movegen *g;
    const wri_block *block; /* NULL: nothing blocked */
    const wri_cell *cells;
    const wri_regions *regions;
    const wri_tentry *table;  /* NULL for vessels */
    const uint32_t *ptable;   /* plain costs by key */
    struct wr_planner *owner; /* whose table builds a key a hex reads (land) */
    uint32_t daily;
    int unformed_ok;
    uint8_t *costs; /* the planner's costs by hex, or NULL */
    uint16_t *keys; /* the planner's keys by hex (land), or NULL: none kept */
    uint8_t epoch;
    int32_t delta[2][6];
    uint32_t home; /* 0 unless Ellriendi */
} fastgen;

/* Whether wri_planner_astar_route() runs the plain A* and rebuilds its
   parents from the plain costs by hex: land, plain costs in the planner's
   costs by hex, nothing blocked. */
WRI_PLANNER_FN int plain_route(const fastgen *f, const search_opts *o)
{
    return f->table != NULL && o->plain && f->costs != NULL && f->block == NULL;
}

/* Where a query starts (wr_plan_query read and checked); NULL in
   wri_planner_map_search() is the zero state. */
typedef struct plan_start {
    int unformed;
    int counted; /* unformed_today */
    uint32_t t0, fresh_src, fresh, day0;
    int any_goal; /* the goal in either formation */
    const wri_block *block;
} plan_start;

/* What wri_planner_map_search() runs. */
typedef enum wri_map_search {
    WRI_MAP_FIELD, /* every label, no parents: a field or a reachable set */
    WRI_MAP_ROUTE, /* the earliest route to o->goal: A* or Dijkstra, parents */
    WRI_MAP_FEWEST /* the route to o->goal with the fewest days of unformed movement */
} wri_map_search;

/* How a search that may give up ended. An A* gives up when it cannot
   finish: its ring or the rebuilding's scratch is too small, the
   rebuilding finds no parent or move for a state, or a key built during the
   search is cheaper than the bound it ran with; its caller then runs
   Dijkstra. A private code beside the wr_status of a failure: never a
   wr_status, never seen outside the planner. */
typedef enum wri_search_end { WRI_SEARCH_DONE, WRI_SEARCH_FALL_BACK } wri_search_end;

WRI_PLANNER_FN int day_of(uint32_t t, uint32_t daily)
{
    return t == 0 ? 1 : (int)((t + daily - 1u) / daily);
}

/* The game's day of label t: never before the start's day. */
WRI_PLANNER_FN uint32_t game_day(const search_opts *o, uint32_t t)
{
    uint32_t d = (uint32_t)day_of(t, o->daily);
    return d < o->day0 ? o->day0 : d;
}

/* The goal state reached: the formed one, or the unformed one when it is
   allowed (goal2) and strictly earlier. */
WRI_PLANNER_FN int32_t reached_goal(const search_opts *o, const uint32_t *dist)
{
    if (o->goal2 >= 0 && dist[o->goal2] < dist[o->goal])
        return o->goal2;
    return o->goal;
}

/* ---- planner.c ---- */

/* wr_planner_plan()'s query read and checked: the start state, the blocked
   sets (block must live as long as ps) and the objective. */
wr_status wri_planner_read_query(const wr_map *map, const wr_plan_params *params,
                                 const wr_plan_query *q, wr_force_state *start, wri_block *block,
                                 plan_start *ps, int *objective);

/* ---- planner_map.c ---- */

void wri_planner_opts_init(search_opts *o, const wr_plan_params *p, int32_t cells, int32_t src);
wr_status wri_planner_map_search(wr_planner *pl, const wr_map *map, const wr_plan_params *params,
                                 wr_hex from, search_opts *o, wri_movegen *g, wri_map_search what,
                                 const plan_start *ps);

/* ---- planner_dijkstra.c: search_core.h's Dijkstra ---- */

/* Land forces on a map: with parents (routes), and without (fields,
   reachable sets). */
wr_status wri_planner_dijkstra_land(wr_planner *pl, const fastgen *f, const search_opts *o);
wr_status wri_planner_dijkstra_land_field(wr_planner *pl, const fastgen *f, const search_opts *o);
/* The latter for o->plain with f->costs and nothing blocked (f->block NULL). */
wr_status wri_planner_dijkstra_plain_field(wr_planner *pl, const fastgen *f, const search_opts *o);
/* Vessels on a map, the same two. */
wr_status wri_planner_dijkstra_water(wr_planner *pl, const wri_movegen *g, const search_opts *o);
wr_status wri_planner_dijkstra_water_field(wr_planner *pl, const wri_movegen *g,
                                           const search_opts *o);
/* A game's callbacks, with parents. */
wr_status wri_planner_dijkstra_graph(wr_planner *pl, const wr_plan_graph *g, const search_opts *o);

/* ---- planner_rules.c ---- */

/* The field of a land force under the full rules (not plain costs), nothing
   blocked, no order of settled states: wri_planner_dijkstra_land_field()'s
   labels, faster. */
wr_status wri_planner_rules_field(wr_planner *pl, const fastgen *f, const search_opts *o);

/* ---- planner_astar.c ---- */

/* A* to o->goal (o's hmin, width and goal_q, goal_r set), then Dijkstra's
   parents on the shortest paths to it; *end WRI_SEARCH_FALL_BACK: not
   done, run Dijkstra. */
wr_status wri_planner_astar_route(wr_planner *pl, const fastgen *f, const search_opts *o,
                                  wri_search_end *end);

/* ---- planner_landmarks.c ---- */

void wri_planner_free_landmarks(wr_planner *pl);

/* ---- planner_fewest.c ---- */

wr_status wri_planner_fewest_unformed(wr_planner *pl, const wri_movegen *g, const search_opts *o);

/* ---- planner_route.c ---- */

wri_search_end wri_planner_rebuild_parents(wr_planner *pl, const fastgen *f, const search_opts *o,
                                           int32_t goal, wr_status *st);
wr_status wri_planner_build_route(wr_planner *pl, const search_opts *o, int32_t goal,
                                  const wr_map *map, const wr_plan_graph *graph, int figures,
                                  int transport, wr_route *route);
wr_status wri_planner_route_moves(wr_planner *pl, const search_opts *o, const wri_movegen *g,
                                  size_t len);

/* ---- planner_records.c ---- */

wr_status wri_planner_ensure_states(wr_planner *p, size_t n);
wr_status wri_planner_ensure_paths(wr_planner *p, int parents);
void wri_planner_free_states(wr_planner *p);
void wri_planner_fill_keys(const fastgen *f, int32_t idx, uint16_t *rec);
void wri_planner_fill_costs(const fastgen *f, int32_t idx, uint8_t *h);
wr_status wri_planner_rules_records(wr_planner *pl, const wr_map *map);
void wri_planner_new_land_table(wr_planner *pl, const fastgen *f, int home);
wr_status wri_planner_hex_records(wr_planner *pl, const wr_map *map, int new_table, int plain,
                                  int read_keys, fastgen *f);
uint32_t wri_planner_vessel_hmin(const wri_movegen *g, uint32_t daily);
void wri_planner_fill_all(wr_planner *pl, const fastgen *f, int costs, int rules);
wr_status wri_planner_ensure_table(wr_planner *pl);

/* The keys of hex idx: its record, filled on first use, or computed into
   buf (8 uint16) when the planner keeps no keys (f->keys NULL). */
static inline const uint16_t *hex_keys(const fastgen *f, int32_t idx, uint16_t *buf)
{
    if (f->keys == NULL) {
        wri_planner_fill_keys(f, idx, buf);
        return buf;
    }
    uint16_t *rec = f->keys + (size_t)idx * 8u;
    if (rec[7] != f->epoch)
        wri_planner_fill_keys(f, idx, rec);
    return rec;
}

#endif
