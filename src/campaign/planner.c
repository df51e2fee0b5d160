/* Route planning: earliest arrival, the arrival field, the hexes reachable
   within N days, on a wr_map or over a game's callbacks. */
#include <string.h>

#include "campaign/internal.h"

#define WRI_CHUNK 64u
#define WRI_DIRTY_SHIFT 6u /* blocks of 64 labels (256 bytes) */
typedef struct wri_bucket {
    int32_t head;  /* its first chunk, or -1 when empty */
    uint32_t fill; /* states in the first chunk */
} wri_bucket;

typedef struct heap_node {
    uint64_t key; /* unformed days << 32 | label */
    int32_t s;
} heap_node;

struct wr_planner {
    wr_allocator alloc;
    size_t cap;      /* states the arrays below hold */
    uint32_t *dist;  /* label: points since the start; UINT32_MAX unreached */
    int32_t *parent;
    uint16_t *via;   /* WR_STEP_ flags of the move that reached the state */
    int32_t *order;  /* settled nodes, for the reachable set and paths; A*: marks */
    /* astar_plain(): a byte a block of 1 << WRI_DIRTY_SHIFT states, set for the
       blocks whose labels it wrote; while dirty_cells is the count of its
       states, every other label of those states is unreached, and the next
       astar_plain() clears only the blocks set. Any other search sets it to 0. */
    uint8_t *dirty;
    int32_t dirty_cells;
    uint32_t mark_base; /* A*: order values from here on are this query's marks */
    wri_bucket *buckets; /* the bucket ring */
    uint32_t ring;       /* this search's ring: a power of two, at most ring_cap */
    uint32_t ring_cap;   /* buckets allocated */
    int32_t *pool;       /* chunks of bucket entries */
    size_t chunks;
    int32_t free_chunk;  /* released chunks */
    size_t fresh_chunk;  /* chunks from here on are unused since the ring was reset */
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
       it (see new_land_table()). */
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
       a hex, the table key of each (0xffff: off the map). */
    uint8_t *costs;
    size_t cap_costs; /* hexes */
    uint16_t *keys;
    size_t cap_keys;
    uint8_t epoch;
    /* The full rules' field (field_rules()) reads its own records by hex,
       kept like the ones above but by its own epoch (rules_epoch) for
       (rules_map, its size, generation and history, rules_for): 8 bytes a
       hex, a byte a direction, the index in rules_pal of the one move into
       that neighbour (0xff: none; 0xfe: another number of moves, or one
       too large: read the table), then the row's parity and the epoch. */
    uint8_t *rules;
    size_t cap_rules; /* hexes */
    uint8_t rules_epoch;
    int rules_valid;
    const wr_map *rules_map;
    int rules_width, rules_height;
    uint64_t rules_generation, rules_history;
    wr_plan_params rules_for;
    /* by table key: 0 not seen in this epoch, else the code of the key + 1;
       the moves of the codes below 0xfe: points | days << 20 | needs
       unformed movement << 28 */
    uint16_t rules_code[WRI_TABLE_KEYS];
    uint32_t rules_pal[0xfe];
    uint32_t rules_pal_count;
    const wr_map *records_map;
    int records_width, records_height;
    uint64_t records_generation, records_history;
};

static void free_ring(wr_planner *p);
static wr_status pool_grow(wr_planner *p, size_t chunks);

typedef struct search_opts {
    int32_t cells;
    uint32_t daily;
    uint64_t daily_inv; /* ceil(2^40 / daily): see fresh_day() */
    int two;         /* formed and unformed states */
    int plain;
    int unformed_ok;
    int32_t src;
    int32_t src_state; /* src, or src + cells for an unformed start */
    uint32_t t0;       /* the start's label */
    /* the earliest label a whole-day move or rally day may start from: the
       start state's, and every other state's (0 for the zero state) */
    uint32_t fresh_src, fresh, fresh_max;
    uint32_t day0;   /* the start's day: no step is reported before it */
    int start_counted; /* the start's day is already a day of unformed movement */
    int32_t goal;    /* stop when settled; -1: none */
    int32_t goal2;   /* stop when this one is settled too (any formation); -1: none */
    uint32_t limit;  /* stop past this label */
    uint64_t key_max;
    uint32_t ring_hint;
    int32_t *order;
    size_t *order_count;
    int prune; /* see search_core.h */
    /* A*: h(s) = hmin x the hex distance from s's hex to the goal's */
    uint32_t hmin;
    int32_t width;
    uint64_t width_inv; /* ceil(2^40 / width): see hexes_of() */
    int32_t goal_q, goal_r;
} search_opts;

static inline uint32_t search_h(const search_opts *o, int32_t s)
{
    int32_t node = s >= o->cells ? s - o->cells : s;
    int32_t row = (int32_t)(((uint64_t)node * o->width_inv) >> 40), col = node - row * o->width;
    int32_t dq = col - (row >> 1) - o->goal_q, dr = row - o->goal_r, ds = dq + dr;
    uint32_t d = (uint32_t)((dq < 0 ? -dq : dq) + (dr < 0 ? -dr : dr) + (ds < 0 ? -ds : ds)) / 2u;
    return o->hmin * d;
}

/* The end of the day of label lab (from where whole-day moves and rally
   days start), no earlier than the start state allows. */
static inline uint32_t fresh_day(const search_opts *o, int32_t s, uint32_t lab)
{
    /* floor(x / P) = (x * M) >> 40 with M = ceil(2^40 / P) is exact while
       x x P < 2^40: so for labels up to key_max (x <= (10^6 + 1) x P, P <= 1000) */
    const uint32_t P = o->daily, x = lab + P - 1u;
    const uint32_t q = lab <= o->key_max ? (uint32_t)(((uint64_t)x * o->daily_inv) >> 40) : x / P;
    const uint32_t e = q * P;
    if (e >= o->fresh_max) /* always so from the zero state */
        return e;
    const uint32_t floor = s == o->src_state ? o->fresh_src : o->fresh;
    return e < floor ? floor : e;
}

wr_status wr_planner_new_ex(const wr_allocator *alloc, wr_planner **out)
{
    if (out == NULL)
        return WRI_NULL(out);
    wr_allocator a;
    wr_status st;
    wr_planner *p = wri_new_object(alloc, sizeof *p, &a, &st);
    if (p == NULL)
        return WRI_PASS(st);
    p->alloc = a;
    p->free_chunk = -1;
    *out = p;
    return WR_OK;
}

wr_status wr_planner_new(wr_planner **out)
{
    return WRI_PASS(wr_planner_new_ex(NULL, out));

}

static size_t dirty_blocks(size_t states)
{
    return (states >> WRI_DIRTY_SHIFT) + 1u;
}

static void free_states(wr_planner *p)
{
    const wr_allocator *a = &p->alloc;
    wri_free(a, p->dist, p->cap, sizeof *p->dist);
    wri_free(a, p->parent, p->cap, sizeof *p->parent);
    wri_free(a, p->via, p->cap, sizeof *p->via);
    wri_free(a, p->order, p->cap, sizeof *p->order);
    wri_free(a, p->dirty, dirty_blocks(p->cap), 1);
    p->dirty = NULL;
    p->dirty_cells = 0;
    p->mark_base = 0;
    p->dist = NULL;
    p->parent = NULL;
    p->via = NULL;
    p->order = NULL;
    p->cap = 0;
}

void wr_planner_free(wr_planner *planner)
{
    if (planner == NULL)
        return;
    free_states(planner);
    wr_allocator a = planner->alloc;
    free_ring(planner);
    wri_free(&a, planner->steps, planner->cap_steps, sizeof *planner->steps);
    wri_free(&a, planner->moves, planner->cap_moves, sizeof *planner->moves);
    wri_free(&a, planner->heap, planner->cap_heap, sizeof *planner->heap);

    wri_free(&a, planner->hexes, planner->cap_hexes, sizeof *planner->hexes);
    wri_free(&a, planner->table, WRI_TABLE_KEYS, sizeof *planner->table);
    wri_free(&a, planner->ptable, WRI_TABLE_KEYS, sizeof *planner->ptable);
    wri_free(&a, planner->built, WRI_TABLE_KEYS, 1u);
    wri_free(&a, planner->costs, planner->cap_costs, 8u);
    wri_free(&a, planner->keys, planner->cap_keys, 8u * sizeof *planner->keys);
    wri_free(&a, planner->rules, planner->cap_rules, 8u);
    wri_free(&a, planner, 1, sizeof *planner);
}

static wr_status ensure_states(wr_planner *p, size_t n)
{
    if (p->cap >= n)
        return WR_OK;
    free_states(p);
    const wr_allocator *a = &p->alloc;
    p->dist = wri_alloc_zero(a, n, sizeof *p->dist);
    p->parent = wri_alloc_zero(a, n, sizeof *p->parent);
    p->via = wri_alloc_zero(a, n, sizeof *p->via);
    p->order = wri_alloc_zero(a, n, sizeof *p->order);
    p->dirty = wri_alloc_zero(a, dirty_blocks(n), 1);
    p->cap = n;
    if (!p->dist || !p->parent || !p->via || !p->order || !p->dirty ||
        pool_grow(p, n / (WRI_CHUNK - 1u) + 256u) != WR_OK) {
        free_states(p);
        return WRI_NOMEM();
    }
    return WR_OK;
}

static uint32_t pow2_above(uint64_t v)
{
    uint32_t r = 64;
    while (r <= v && r < (1u << 30))
        r <<= 1;
    return r;
}

/* Bucket entries live in chunks of WRI_CHUNK int32: slot 0 links to the
   next chunk of the bucket (or the free list), slots 1.. hold states. The
   pool holds as many entries as there are states (twice the hexes), so a
   search allocates nothing unless more entries than that wait at once. */
static wr_status pool_grow(wr_planner *p, size_t chunks)
{
    if (chunks <= p->chunks)
        return WR_OK;
    int32_t *np = wri_realloc_array(&p->alloc, p->pool, p->chunks * WRI_CHUNK,
                                    chunks * WRI_CHUNK, sizeof *np);
    if (np == NULL)
        return WRI_NOMEM();
    p->pool = np;
    p->chunks = chunks;
    return WR_OK;
}

/* A free chunk: a released one, or one not used since the reset. */
static wr_status take_chunk(wr_planner *p, int32_t *c)
{
    if (p->free_chunk >= 0) {
        *c = p->free_chunk;
        p->free_chunk = p->pool[(size_t)*c * WRI_CHUNK];
        return WR_OK;
    }
    if (p->fresh_chunk == p->chunks) {
        if (p->chunks > (size_t)INT32_MAX / 2u)
            return WRI_NOMEM();
        wr_status st = pool_grow(p, p->chunks < 64 ? 128 : p->chunks * 2u);
        if (st != WR_OK)
            return st;
    }
    *c = (int32_t)p->fresh_chunk++;
    return WR_OK;
}

static wr_status bucket_push(wr_planner *p, wri_bucket *b, int32_t s)
{
    if (b->head < 0 || b->fill == WRI_CHUNK - 1u) {
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

/* Queues state t_ in the ring's bucket of key k_: the chunk's next slot,
   or bucket_push(). Uses the search's locals pl, ring, mask, pool, st and
   queued, and returns st from the search when the pool cannot grow. */
#define RING_PUSH(k_, t_)                                                             \
    do {                                                                             \
        wri_bucket *tb_ = &ring[(k_) & mask];                                        \
        if (tb_->head >= 0 && tb_->fill < WRI_CHUNK - 1u) {                          \
            pool[(size_t)tb_->head * WRI_CHUNK + ++tb_->fill] = (t_);                \
        } else {                                                                     \
            st = bucket_push(pl, tb_, (t_));                                         \
            if (st != WR_OK)                                                         \
                return st;                                                           \
            pool = pl->pool;                                                         \
        }                                                                            \
        queued++;                                                                    \
    } while (0)

/* The head chunk of a bucket is empty: back to the free list. */
static void bucket_release(wr_planner *p, wri_bucket *b)
{
    int32_t c = b->head;
    b->head = p->pool[(size_t)c * WRI_CHUNK];
    b->fill = b->head >= 0 ? WRI_CHUNK - 1u : 0u;
    p->pool[(size_t)c * WRI_CHUNK] = p->free_chunk;
    p->free_chunk = c;
}

static void free_ring(wr_planner *p)
{
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
static void pool_reset(wr_planner *p)
{
    p->free_chunk = -1;
    p->fresh_chunk = 0;
}

/* Room for a ring of want buckets. */
static wr_status ring_reserve(wr_planner *p, uint32_t want)
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
static wr_status ring_reset(wr_planner *p, uint32_t hint)
{
    uint32_t want = pow2_above(hint);
    wr_status st = ring_reserve(p, want);
    if (st != WR_OK)
        return st;
    p->ring = want;
    for (uint32_t i = 0; i < p->ring; i++) {
        p->buckets[i].head = -1;
        p->buckets[i].fill = 0;
    }
    pool_reset(p);
    return WR_OK;
}

/* A bigger ring for a move of `delta` points: live entries move over,
   stale ones are dropped. */
static wr_status ring_grow(wr_planner *p, uint32_t delta, uint32_t cur, size_t *queued)
{
    uint32_t old = p->ring, want = pow2_above((uint64_t)delta * 2u);
    if (want <= old)
        return WRI_FAIL_VALUE(WR_ERR_RANGE, "params", delta, "a move of fewer than 2^29 points");

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
            int32_t s = p->pool[(size_t)b->head * WRI_CHUNK + b->fill];
            uint32_t d = p->dist[s];
            if (d >= cur && (d & (old - 1u)) == i)
                tmp[k++] = s;
            if (--b->fill == 0)
                bucket_release(p, b);
        }
    }
    wr_status st = ring_reserve(p, want);
    if (st == WR_OK) {
        wri_bucket *nb = p->buckets;
        p->ring = want;
        for (uint32_t i = 0; i < want; i++) {
            nb[i].head = -1;
            nb[i].fill = 0;
        }
        for (size_t i = 0; i < k && st == WR_OK; i++)
            st = bucket_push(p, &nb[p->dist[tmp[i]] & (want - 1u)], tmp[i]);
    }
    wri_free(&p->alloc, tmp, total, sizeof *tmp);
    *queued = k;
    return st;
}

/* ---- the two instances of the search ---- */

/* The moves of a map hex: land forces read the table, vessels the generator. */
typedef struct fastgen {
    const wri_movegen *g;
    const wri_block *block; /* NULL: nothing blocked */
    const wri_cell *cells;
    const uint32_t *regions;
    const wri_tentry *table; /* NULL for vessels */
    const uint32_t *ptable;  /* plain costs by key */
    struct wr_planner *owner; /* whose table builds a key a hex reads (land) */
    uint32_t daily;
    int unformed_ok;
    uint8_t *costs;          /* the planner's costs by hex, or NULL */
    uint16_t *keys;          /* the planner's keys by hex (land) */
    uint8_t epoch;
    int32_t delta[2][6];
    uint32_t home; /* 0 unless Ellriendi */
} fastgen;

/* Moves from an array filled by a generator function. */
#define EDGES_FROM_ARRAY(gen, ctx, node, bad, ...)                                    \
    do {                                                                             \
        wr_plan_edge arr_[WR_PLAN_MAX_EDGES];                                        \
        int n_ = gen(ctx, node, arr_);                                               \
        if (n_ < 0)                                                                  \
            bad = 1;                                                                 \
        for (int i_ = 0; i_ < n_; i_++) {                                            \
            int32_t e_to = arr_[i_].to;                                              \
            int32_t e_points = arr_[i_].points, e_days = arr_[i_].days;              \
            uint32_t e_flags = arr_[i_].flags;                                       \
            __VA_ARGS__                                                              \
        }                                                                            \
    } while (0)

/* The table keys of the moves from hex idx into its neighbours into rec,
   then the row's parity and the epoch (see wr_planner). */
static void build_key(const fastgen *f, unsigned key);

static void fill_keys(const fastgen *f, int32_t idx, uint16_t *rec)
{
    const wri_cell *c = &f->cells[idx];
    const unsigned odd = (c->nb & WRI_ODD_ROW) ? 1u : 0u;
    const unsigned timber = c->terrain == WR_HEX_FOREST || c->terrain == WR_HEX_SWAMP;
    for (int d = 0; d < 6; d++) {
        rec[d] = 0xffffu;
        if (!(c->nb & (1u << d)))
            continue;
        const int32_t to = idx + f->delta[odd][d];
        const wri_cell *n = &f->cells[to];
        const unsigned side = d < 3 ? c->side[d] : n->side[d - 3];
        const unsigned home = f->home != 0 && (f->regions[to] & f->home) != 0;
        rec[d] = (uint16_t)wri_table_key(n->terrain, side, timber, home);
        if (!f->owner->built[rec[d]])
            build_key(f, rec[d]);
    }
    rec[6] = (uint16_t)odd;
    rec[7] = f->epoch;
}

/* The keys of hex idx, filled on first use. */
static inline const uint16_t *hex_keys(const fastgen *f, int32_t idx)
{
    uint16_t *rec = f->keys + (size_t)idx * 8u;
    if (rec[7] != f->epoch)
        fill_keys(f, idx, rec);
    return rec;
}

/* Land moves from the table, by the keys of the hex. */
#define EDGES_FROM_TABLE(f, idx, bad, ...)                                            \
    do {                                                                             \
        const uint16_t *k_ = hex_keys(f, idx);                                       \
        const int32_t *dl_ = (f)->delta[k_[6]];                                      \
        for (int d_ = 0; d_ < 6; d_++) {                                             \
            if (k_[d_] == 0xffffu)                                                   \
                continue;                                                            \
            int32_t e_to = (idx) + dl_[d_];                                          \
            if ((f)->block != NULL && wri_blocked((f)->block, idx, e_to, d_))        \
                continue;                                                            \
            const wri_tentry *t_ = &(f)->table[k_[d_]];                              \
            for (uint32_t k_i = 0; k_i < t_->count; k_i++) {                         \
                int32_t e_points = t_->e[k_i].points, e_days = t_->e[k_i].days;      \
                uint32_t e_flags = t_->e[k_i].flags;                                 \
                __VA_ARGS__                                                          \
            }                                                                        \
        }                                                                            \
        (void)bad;                                                                   \
    } while (0)

/* Plain costs from the plain table, by the keys of the hex: the cheapest
   move a neighbour. */
#define PLAIN_FROM_TABLE(f, idx, ...)                                                 \
    do {                                                                             \
        const uint16_t *k_ = hex_keys(f, idx);                                       \
        const int32_t *dl_ = (f)->delta[k_[6]];                                      \
        for (int d_ = 0; d_ < 6; d_++) {                                             \
            if (k_[d_] == 0xffffu)                                                   \
                continue;                                                            \
            int32_t e_to = (idx) + dl_[d_];                                          \
            if ((f)->block != NULL && wri_blocked((f)->block, idx, e_to, d_))        \
                continue;                                                            \
            uint32_t e_cost = (f)->ptable[k_[d_]];                                   \
            if (e_cost != UINT32_MAX) {                                              \
                __VA_ARGS__                                                          \
            }                                                                        \
        }                                                                            \
    } while (0)

/* The plain costs of hex idx into the planner's costs (see wr_planner). */
static void fill_costs(const fastgen *f, int32_t idx, uint8_t *h)
{
    const uint16_t *k = hex_keys(f, idx);
    for (int d = 0; d < 6; d++) {
        const uint32_t cost = k[d] == 0xffffu ? UINT32_MAX : f->ptable[k[d]];
        h[d] = cost == UINT32_MAX ? 0xffu : (uint8_t)cost; /* below 0xff: see hex_records() */
    }
    h[6] = (uint8_t)k[6];
    h[7] = f->epoch;
}

/* Plain costs from the planner's costs by hex, filled on first use. */
#define PLAIN_FROM_COSTS(f, idx, ...)                                                 \
    do {                                                                             \
        uint8_t *h_ = (f)->costs + (size_t)(idx) * 8u;                               \
        if (h_[7] != (f)->epoch)                                                     \
            fill_costs(f, idx, h_);                                                  \
        const int32_t *dl_ = (f)->delta[h_[6]];                                      \
        for (int d_ = 0; d_ < 6; d_++) {                                             \
            uint32_t e_cost = h_[d_];                                                \
            if (e_cost == 0xffu)                                                     \
                continue;                                                            \
            int32_t e_to = (idx) + dl_[d_];                                          \
            if ((f)->block != NULL && wri_blocked((f)->block, idx, e_to, d_))        \
                continue;                                                            \
            __VA_ARGS__                                                              \
        }                                                                            \
    } while (0)

/* The record of a hex just offered a label: read when it is settled. */
#if defined(__GNUC__)
#define PREFETCH_HEX(f, node)                                                         \
    do {                                                                             \
        if ((f)->costs != NULL)                                                      \
            __builtin_prefetch((f)->costs + (size_t)(node) * 8u);                    \
        else                                                                         \
            __builtin_prefetch((f)->keys + (size_t)(node) * 8u);                     \
    } while (0)
#else
#define PREFETCH_HEX(f, node) ((void)0)
#endif
#if defined(__GNUC__)
#define PREFETCH_RULES(rules, node) __builtin_prefetch((rules) + (size_t)(node) * 8u)
#define PREFETCH_LABEL(dist, s) __builtin_prefetch((dist) + (s))
#else
#define PREFETCH_RULES(rules, node) ((void)0)
#define PREFETCH_LABEL(dist, s) ((void)0)
#endif

#define PLAIN_EDGES(f, idx, ...)                                                      \
    do {                                                                             \
        if ((f)->costs != NULL)                                                      \
            PLAIN_FROM_COSTS(f, idx, __VA_ARGS__);                                   \
        else                                                                         \
            PLAIN_FROM_TABLE(f, idx, __VA_ARGS__);                                   \
    } while (0)

#define SEARCH_CTX fastgen
#define SEARCH_EDGES(ctx, node, bad, ...) EDGES_FROM_TABLE(ctx, node, bad, __VA_ARGS__)
#define SEARCH_ASTAR 0
#define SEARCH_PARENTS 1
#define SEARCH_PREFETCH(ctx, node) PREFETCH_HEX(ctx, node)
#define SEARCH_NAME search_land
#include "campaign/search_core.h"
#undef SEARCH_NAME
#undef SEARCH_PARENTS
#define SEARCH_PLAIN_EDGES(ctx, node, ...) PLAIN_EDGES(ctx, node, __VA_ARGS__)
#define SEARCH_PREFETCH(ctx, node) PREFETCH_HEX(ctx, node)
#define SEARCH_PARENTS 0
#define SEARCH_NAME search_land_np_core
#include "campaign/search_core.h"
#undef SEARCH_NAME
#undef SEARCH_ASTAR
#define SEARCH_ASTAR 1
#define SEARCH_PREFETCH(ctx, node) PREFETCH_HEX(ctx, node)
#define SEARCH_NAME search_land_astar
#include "campaign/search_core.h"
#undef SEARCH_NAME
#undef SEARCH_ASTAR
#undef SEARCH_PARENTS
#undef SEARCH_PLAIN_EDGES
#undef SEARCH_CTX
#undef SEARCH_EDGES

#define SEARCH_CTX wri_movegen
#define SEARCH_EDGES(ctx, node, bad, ...) \
    EDGES_FROM_ARRAY(wri_campaign_moves, ctx, node, bad, __VA_ARGS__)
#define SEARCH_ASTAR 0
#define SEARCH_PARENTS 1
#define SEARCH_NAME search_water
#include "campaign/search_core.h"
#undef SEARCH_NAME
#undef SEARCH_PARENTS
#define SEARCH_PARENTS 0
#define SEARCH_NAME search_water_np
#include "campaign/search_core.h"
#undef SEARCH_NAME
#undef SEARCH_ASTAR
#define SEARCH_ASTAR 1
#define SEARCH_NAME search_water_astar
#include "campaign/search_core.h"
#undef SEARCH_NAME
#undef SEARCH_PARENTS
#undef SEARCH_ASTAR
#undef SEARCH_CTX
#undef SEARCH_EDGES

static int graph_moves(const wr_plan_graph *g, int32_t node, wr_plan_edge *out)
{
    int n = g->moves(g->user, node, out, WR_PLAN_MAX_EDGES);
    if (n < 0 || n > WR_PLAN_MAX_EDGES)
        return -1;
    for (int i = 0; i < n; i++) {
        if (out[i].to < 0 || out[i].to >= g->node_count || out[i].points < 0 ||
            out[i].points > WR_PLAN_MAX_EDGE_POINTS || out[i].days < 0 ||
            out[i].days > WR_PLAN_MAX_EDGE_DAYS)
            return -1;
    }
    return n;
}

#define SEARCH_NAME search_graph
#define SEARCH_CTX wr_plan_graph
#define SEARCH_EDGES(ctx, node, bad, ...) \
    EDGES_FROM_ARRAY(graph_moves, ctx, node, bad, __VA_ARGS__)
#define SEARCH_ASTAR 0
#define SEARCH_PARENTS 1
#include "campaign/search_core.h"
#undef SEARCH_NAME
#undef SEARCH_CTX
#undef SEARCH_EDGES
#undef SEARCH_ASTAR
#undef SEARCH_PARENTS

/* ---- the full rules' field on a map ---- */

/* The code of table key `key` for field_rules() (see struct wr_planner). */
static unsigned rules_code(wr_planner *pl, const fastgen *f, unsigned key)
{
    unsigned c = pl->rules_code[key];
    if (c != 0)
        return c - 1u;
    const wri_tentry *te = &f->table[key];
    if (te->count == 0) {
        c = 0xffu;
    } else if (te->count == 1 && te->e[0].points >= 0 && te->e[0].points < (1 << 20) &&
               te->e[0].days >= 0 && te->e[0].days < 256 && pl->rules_pal_count < 0xfeu) {
        c = pl->rules_pal_count++;
        pl->rules_pal[c] = (uint32_t)te->e[0].points | (uint32_t)te->e[0].days << 20 |
                           ((te->e[0].flags & WR_STEP_UNFORMED) ? 1u << 28 : 0u);
    } else {
        c = 0xfeu;
    }
    pl->rules_code[key] = (uint16_t)(c + 1u);
    return c;
}

/* The record of hex idx for field_rules(), from its keys. */
static void fill_rules(wr_planner *pl, const fastgen *f, int32_t idx, uint8_t *rec)
{
    const uint16_t *k = hex_keys(f, idx);
    for (int d = 0; d < 6; d++)
        rec[d] = (uint8_t)(k[d] == 0xffffu ? 0xffu : rules_code(pl, f, k[d]));
    rec[6] = (uint8_t)k[6];
    rec[7] = pl->rules_epoch;
}

static wr_status ensure_records(wr_planner *pl, void **records, size_t *cap, size_t n, size_t size);

/* The records of field_rules() for this map and the table's parameters:
   a new epoch (and codes) when either changed. */
static wr_status rules_records(wr_planner *pl, const wr_map *map)
{
    const size_t n = (size_t)map->count;
    void *rules = pl->rules;
    wr_status st = ensure_records(pl, &rules, &pl->cap_rules, n, 8u);
    pl->rules = rules;
    if (st != WR_OK)
        return st;
    if (pl->rules_valid && pl->rules_map == map && pl->rules_width == map->width &&
        pl->rules_height == map->height && pl->rules_generation == map->generation &&
        pl->rules_history == map->history &&
        memcmp(&pl->rules_for, &pl->table_for, sizeof pl->rules_for) == 0)
        return WR_OK;
    if (++pl->rules_epoch == 0) {
        memset(pl->rules, 0, pl->cap_rules * 8u);
        pl->rules_epoch = 1;
    }
    memset(pl->rules_code, 0, sizeof pl->rules_code);
    pl->rules_pal_count = 0;
    pl->rules_valid = 1;
    pl->rules_map = map;
    pl->rules_width = map->width;
    pl->rules_height = map->height;
    pl->rules_generation = map->generation;
    pl->rules_history = map->history;
    memcpy(&pl->rules_for, &pl->table_for, sizeof pl->rules_for); /* bytes, for memcmp() */
    return WR_OK;
}

/* fresh_day() of a state at a label whose day ends at e (ceil(label / P) x P). */
static inline uint32_t day_end(const search_opts *o, int32_t s, uint32_t e)
{
    if (e >= o->fresh_max) /* always so from the zero state */
        return e;
    const uint32_t floor = s == o->src_state ? o->fresh_src : o->fresh;
    return e < floor ? floor : e;
}

/* search_land_np_core() for the full rules (not plain costs) with nothing
   blocked and no order of settled states: the same labels (a field shows
   no order of ties), the moves read from the rules records (one move a
   neighbour for most keys) instead of the table through the keys. With
   o->prune it leaves out unformed states when they are offered, not again
   when they are settled: the few settled no earlier than their hex's
   formed state (about 1 in 500 on the realistic map) only offer labels of
   real paths, which leave every label as it was, and the test would read
   the formed label of every unformed state settled. */
#if defined(__GNUC__)
#define WRI_INLINE __attribute__((always_inline)) inline
#else
#define WRI_INLINE inline
#endif
/* two, unformed_ok and prune are o's, given apart so that field_rules()
   has a copy with them constant (the full rules' field: fewer registers
   and branches in the inner loop). */
static WRI_INLINE wr_status field_rules_core(wr_planner *pl, const fastgen *f,
                                             const search_opts *o, const int two,
                                             const int unformed_ok, const int prune)
{
    const int32_t cells = o->cells;
    const uint32_t P = o->daily;
    const size_t nstates = (size_t)cells * (two ? 2u : 1u);
    /* labels stay below 2^31 in 32 bits: key_max <= 10^6 x 1000, and a move
       adds below 2^20 points and 255 days (the palette's) or a rally day */
    const uint32_t key_max = (uint32_t)o->key_max;
    const uint32_t limit = o->limit;
    const int32_t goal = o->goal, goal2 = o->goal2;
    const int stops = goal >= 0 || goal2 >= 0 || limit < key_max;
    uint32_t *const dist = pl->dist;
    uint8_t *const rules = pl->rules;
    const uint32_t *const pal = pl->rules_pal;
    const uint8_t epoch = pl->rules_epoch;
    memset(dist, 0xff, nstates * sizeof *dist);
    pl->dirty_cells = 0; /* see struct wr_planner */
    wr_status st = ring_reset(pl, o->ring_hint);
    if (st != WR_OK)
        return st;
    uint32_t ring_size = pl->ring, mask = ring_size - 1u;
    wri_bucket *ring = pl->buckets;
    int32_t *pool = pl->pool;
    const int32_t src = o->src_state;
    uint32_t cur = o->t0;
    /* the end of cur's day, ceil(cur / P) x P; fresh_day() from it */
    uint32_t cur_end = (uint32_t)(((uint64_t)cur + P - 1u) / P) * P;
    dist[src] = cur;
    st = bucket_push(pl, &ring[cur & mask], src);
    if (st != WR_OK)
        return st;
    pool = pl->pool;
    size_t queued = 1;

/* Offers label nk_ (at most key_max + 2^21 x 1000) to state t_, whose
   hex is h_ (as SEARCH_OFFER in search_core.h). */
#define RULES_OFFER(t_, h_, nk_)                                                      \
    do {                                                                             \
        const uint32_t k = (nk_);                                                    \
        const int32_t t = (t_);                                                      \
        if (k < dist[t] && k <= key_max) {                                           \
            PREFETCH_RULES(rules, h_);                                               \
            dist[t] = k;                                                             \
            if (k - cur >= ring_size) {                                              \
                st = ring_grow(pl, k - cur, cur, &queued);                           \
                if (st != WR_OK)                                                     \
                    return st;                                                       \
                ring_size = pl->ring;                                                \
                mask = ring_size - 1u;                                               \
                ring = pl->buckets;                                                  \
                pool = pl->pool;                                                     \
            }                                                                        \
            RING_PUSH(k, t);                                                         \
        }                                                                            \
    } while (0)
/* Any move of (points, days, needs unformed movement) into hex to from
   state s (as search_core.h). */
#define RULES_MOVE(to_, points_, days_, needs_)                                       \
    do {                                                                             \
        const uint64_t nk_ =                                                         \
            ((days_) > 0 ? (uint64_t)day_end(o, s, cur_end) + (uint64_t)(days_) * P   \
                         : (uint64_t)cur) +                                          \
            (uint64_t)(points_);                                                     \
        if (nk_ <= key_max) {                                                        \
            if ((needs_) || unformed) {                                              \
                if ((unformed || unformed_ok) && !(prune && dist[to_] <= nk_))       \
                    RULES_OFFER((to_) + cells, to_, (uint32_t)nk_);                  \
            } else {                                                                 \
                RULES_OFFER(to_, to_, (uint32_t)nk_);                                \
            }                                                                        \
        }                                                                            \
    } while (0)

/* The moves of the table entry of the hex's key in direction d_. */
#define RULES_TABLE(to_, d_)                                                          \
    do {                                                                             \
        const wri_tentry *te = &f->table[hex_keys(f, node)[d_]];                     \
        for (uint32_t i = 0; i < te->count; i++)                                     \
            RULES_MOVE(to_, te->e[i].points, te->e[i].days,                          \
                       (te->e[i].flags & WR_STEP_UNFORMED) != 0);                    \
    } while (0)

    while (queued > 0) {
        wri_bucket *b = &ring[cur & mask];
        if (b->head < 0) {
            if (++cur > cur_end)
                cur_end += P;
            continue;
        }
        const int32_t s = pool[(size_t)b->head * WRI_CHUNK + b->fill];
        if (--b->fill == 0) {
            bucket_release(pl, b);
        } else { /* the next one's label and record, while this one is expanded */
            const int32_t next = pool[(size_t)b->head * WRI_CHUNK + b->fill];
            PREFETCH_LABEL(dist, next);
            PREFETCH_RULES(rules, next >= cells ? next - cells : next);
        }
        queued--;
        if (dist[s] != cur)
            continue; /* a stale entry */
        if (stops && (cur > limit || s == goal || s == goal2))
            break;
        const int unformed = s >= cells;
        const int32_t node = unformed ? s - cells : s;
        uint8_t *rec = rules + (size_t)node * 8u;
        if (rec[7] != epoch)
            fill_rules(pl, f, node, rec);
        const int32_t *delta = f->delta[rec[6]];
        if (!unformed) {
            for (int d = 0; d < 6; d++) {
                const unsigned code = rec[d];
                const int32_t to = node + delta[d];
                if (code >= 0xfeu) {
                    if (code == 0xfeu)
                        RULES_TABLE(to, d);
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
                    RULES_MOVE(to, e & 0xfffffu, (e >> 20) & 0xffu, (e >> 28) & 1u);
                }
            }
        } else {
            for (int d = 0; d < 6; d++) {
                const unsigned code = rec[d];
                const int32_t to = node + delta[d];
                if (code >= 0xfeu) {
                    if (code == 0xfeu)
                        RULES_TABLE(to, d);
                    continue;
                }
                const uint32_t e = pal[code];
                if ((e & 0x0ff00000u) == 0) { /* no whole days */
                    const uint32_t nk = cur + (e & 0xfffffu);
                    if (nk < dist[to + cells] && !(prune && dist[to] <= nk))
                        RULES_OFFER(to + cells, to, nk);
                } else {
                    RULES_MOVE(to, e & 0xfffffu, (e >> 20) & 0xffu, (e >> 28) & 1u);
                }
            }
            if (two) /* a day at the rally point */
                RULES_OFFER(node, node, day_end(o, s, cur_end) + P);
        }
    }
#undef RULES_TABLE
#undef RULES_MOVE
#undef RULES_OFFER
    return WR_OK;
}

static wr_status field_rules(wr_planner *pl, const fastgen *f, const search_opts *o)
{
    if (o->two && o->unformed_ok && o->prune)
        return field_rules_core(pl, f, o, 1, 1, 1);
    return field_rules_core(pl, f, o, o->two, o->unformed_ok, o->prune);
}

/* The field's search on a map for a land force: field_rules() when it
   applies, else the search's instance. */
static wr_status search_land_np(wr_planner *pl, const fastgen *f, const search_opts *o)
{
    if (o->plain || f->block != NULL || o->order != NULL)
        return search_land_np_core(pl, f, o);
    wr_status st = rules_records(pl, f->g->map);
    if (st != WR_OK)
        return st;
    return field_rules(pl, f, o);
}

/* ---- queries ---- */

static void opts_init(search_opts *o, const wr_plan_params *p, int32_t cells, int32_t src)
{
    memset(o, 0, sizeof *o);
    o->cells = cells;
    o->daily = (uint32_t)p->costs.daily_points;
    o->daily_inv = (((uint64_t)1 << 40) + o->daily - 1u) / o->daily;
    o->plain = (p->options & WR_PLAN_PLAIN_COSTS) != 0;
    o->unformed_ok = (p->options & WR_PLAN_UNFORMED) != 0;
    o->two = o->unformed_ok && !o->plain;
    o->src = src;
    o->src_state = src;
    o->day0 = 1;
    o->goal = -1;
    o->goal2 = -1;
    o->key_max = (uint64_t)WR_PLAN_MAX_DAYS * o->daily;
    o->limit = (uint32_t)o->key_max;
}

static int day_of(uint32_t t, uint32_t daily)
{
    return t == 0 ? 1 : (int)((t + daily - 1u) / daily);
}

/* The goal state reached: the formed one, or the unformed one when it is
   allowed (goal2) and strictly earlier. */
static int32_t reached_goal(const search_opts *o, const uint32_t *dist)
{
    if (o->goal2 >= 0 && dist[o->goal2] < dist[o->goal])
        return o->goal2;
    return o->goal;
}

/* ---- A* for routes on a map, with Dijkstra's route ----

   A* (key = label + hmin x hex distance to the goal; consistent, as no
   transition raises the label by less than hmin and a move changes the
   distance by at most one) settles every state whose key is at most the
   goal's label, which includes every state on a shortest path to the goal,
   with its final label. The route must be the one the Dijkstra of
   search_land() returns (the golden routes): there a state's parent is the
   first settled of its optimal predecessors, and the states of one label
   leave their bucket last in, first out, that is in the reverse order of
   the (settle rank of the parent, offer index) that pushed them. So the
   states on shortest paths to the goal are collected backwards from it, and
   ranked label by label in that order, which gives each its parent. */

/* The index of the first offer from state u to state t with label want, in
   the order search_land() makes its offers (its move list, then the rally
   day), or -1; its flags in *flags. */
static int land_offer(const fastgen *f, const search_opts *o, const uint32_t *dist, int32_t u,
                      int32_t t, uint32_t want, uint32_t *flags)
{
    const int32_t cells = o->cells;
    const uint32_t P = o->daily;
    const int unformed = u >= cells;
    const int32_t node = unformed ? u - cells : u, tnode = t >= cells ? t - cells : t;
    const uint32_t lab = dist[u], day_end = fresh_day(o, u, lab);
    const uint16_t *keys = hex_keys(f, node);
    const int32_t *delta = f->delta[keys[6]];
    int idx = 0;
    for (int d = 0; d < 6; d++) {
        if (keys[d] == 0xffffu)
            continue;
        int32_t to = node + delta[d];
        if (f->block != NULL && wri_blocked(f->block, node, to, d))
            continue;
        const wri_tentry *te = &f->table[keys[d]];
        if (to != tnode) {
            idx += (int)te->count;
            continue;
        }
        for (uint32_t k = 0; k < te->count; k++, idx++) {
            uint32_t fl = te->e[k].flags;
            int needs = (fl & WR_STEP_UNFORMED) != 0;
            int32_t target;
            uint64_t nk;
            if (o->plain) {
                if (needs && !o->unformed_ok)
                    continue;
                target = to;
                nk = (uint64_t)lab + (uint64_t)te->e[k].points + (uint64_t)te->e[k].days * P;
            } else {
                if (needs && !unformed && !o->unformed_ok)
                    continue;
                target = (needs || unformed) ? to + cells : to;
                nk = (te->e[k].days > 0 ? (uint64_t)day_end + (uint64_t)te->e[k].days * P
                                        : (uint64_t)lab) +
                     (uint64_t)te->e[k].points;
            }
            if (target == t && nk == want) {
                *flags = fl;
                return idx;
            }
        }
    }
    if (o->two && unformed && t == node && (uint64_t)day_end + P == want) {
        *flags = WR_STEP_RALLY;
        return idx;
    }
    return -1;
}

/* land_offer() for vessels: the generator's moves, in the order
   search_water() offers them. */
static int water_offer(const wri_movegen *g, const search_opts *o, const uint32_t *dist, int32_t u,
                       int32_t t, uint32_t want, uint32_t *flags)
{
    const int32_t cells = o->cells;
    const uint32_t P = o->daily;
    const int unformed = u >= cells;
    const int32_t node = unformed ? u - cells : u;
    const uint32_t lab = dist[u], day_end = fresh_day(o, u, lab);

    wr_plan_edge arr[WR_PLAN_MAX_EDGES];
    int n = wri_campaign_moves(g, node, arr);
    for (int i = 0; i < n; i++) {
        const wr_plan_edge *e = &arr[i];
        int needs = (e->flags & WR_STEP_UNFORMED) != 0;
        int32_t target;
        uint64_t nk;
        if (o->plain) {
            if (needs && !o->unformed_ok)
                continue;
            target = e->to;
            nk = (uint64_t)lab + (uint64_t)e->points + (uint64_t)e->days * P;
        } else {
            if (needs && !unformed && !o->unformed_ok)
                continue;
            target = (needs || unformed) ? e->to + cells : e->to;
            nk = (e->days > 0 ? (uint64_t)day_end + (uint64_t)e->days * P : (uint64_t)lab) +
                 (uint64_t)e->points;
        }

        if (target == t && nk == want) {
            *flags = e->flags;
            return i;
        }
    }
    if (o->two && unformed && t == node && (uint64_t)day_end + P == want) {
        *flags = WR_STEP_RALLY;
        return n;
    }
    return -1;
}

static int state_offer(const fastgen *f, const search_opts *o, const uint32_t *dist, int32_t u,
                       int32_t t, uint32_t want, uint32_t *flags)
{
    return f->table != NULL ? land_offer(f, o, dist, u, t, want, flags)
                            : water_offer(f->g, o, dist, u, t, want, flags);
}

/* The states that may move into state t: its hex's and its neighbours'. */
static int land_preds(const fastgen *f, const search_opts *o, int32_t t, int32_t *out)
{
    int32_t tnode = t >= o->cells ? t - o->cells : t;
    const wri_cell *c = &f->cells[tnode];
    unsigned odd = (c->nb & WRI_ODD_ROW) ? 1u : 0u;
    int n = 0;
    for (int d = -1; d < 6; d++) {
        int32_t v = tnode;
        if (d >= 0) {
            if (!(c->nb & (1u << d)))
                continue;
            v = tnode + f->delta[odd][d];
        }
        out[n++] = v;
        if (o->two)
            out[n++] = v + o->cells;
    }
    return n;
}

static void sift_down(uint64_t *a, size_t i, size_t n)
{
    for (;;) {
        size_t c = 2 * i + 1;
        if (c >= n)
            return;
        if (c + 1 < n && a[c + 1] > a[c])
            c++;
        if (a[i] >= a[c])
            return;
        uint64_t x = a[i];
        a[i] = a[c];
        a[c] = x;
        i = c;
    }
}

/* Heapsort, ascending: no allocation. */
static void sort_u64(uint64_t *a, size_t n)
{
    for (size_t i = n / 2; i-- > 0;)
        sift_down(a, i, n);
    for (size_t i = n; i-- > 1;) {
        uint64_t x = a[0];
        a[0] = a[i];
        a[i] = x;
        sift_down(a, 0, i);
    }
}

/* Sorts a[0..n) by its high 32 bits (at most max_hi), into a or tmp (the
   result); least significant digit first, 11 bits a pass. */
static uint64_t *radix_sort_hi(uint64_t *a, uint64_t *tmp, size_t n, uint32_t max_hi)
{
    uint32_t count[2048]; /* n < 2^25 */
    for (unsigned shift = 32; shift < 64 && (max_hi >> (shift - 32)) != 0; shift += 11) {
        memset(count, 0, sizeof count);
        for (size_t i = 0; i < n; i++)
            count[(a[i] >> shift) & 2047u]++;
        uint32_t sum = 0;
        for (unsigned d = 0; d < 2048u; d++) {
            uint32_t c = count[d];
            count[d] = sum;
            sum += c;
        }
        for (size_t i = 0; i < n; i++)
            tmp[count[(a[i] >> shift) & 2047u]++] = a[i];
        uint64_t *x = a;
        a = tmp;
        tmp = x;
    }
    return a;
}

/* Whether astar_route() runs astar_plain() and its route rebuilding from
   the plain costs by hex: land, plain costs in the planner's costs by hex,
   nothing blocked. */
static int plain_route(const fastgen *f, const search_opts *o)
{
    return f->table != NULL && o->plain && f->costs != NULL && f->block == NULL;
}

/* search_land_astar() when plain_route(): the same states settled with the
   same labels (A* settles every state keyed up to the goal's label,
   whatever the order within a bucket), the heuristic of a neighbour from
   its axial offset to the goal instead of from its index. */
static wr_status astar_plain(wr_planner *pl, const fastgen *f, const search_opts *o)
{
    const int32_t width = o->width, goal_q = o->goal_q, goal_r = o->goal_r;
    const int32_t goal = o->goal, goal2 = o->goal2;
    const uint64_t width_inv = o->width_inv;
    const uint32_t hmin = o->hmin, key_max = (uint32_t)o->key_max;
    uint8_t *const costs = f->costs;
    const uint8_t epoch = f->epoch;
    uint32_t *const dist = pl->dist;
    uint8_t *const dirty = pl->dirty;
    const size_t blocks = dirty_blocks((size_t)o->cells);
    if (pl->dirty_cells == o->cells) {
        const size_t last = (size_t)o->cells - 1u;
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
        memset(dist, 0xff, (size_t)o->cells * sizeof *dist);
        memset(dirty, 0, blocks);
        pl->dirty_cells = o->cells;
    }
    wr_status st = ring_reset(pl, o->ring_hint);
    if (st != WR_OK)
        return st;
    const uint32_t ring_size = pl->ring, mask = ring_size - 1u;
    wri_bucket *const ring = pl->buckets;
    int32_t *pool = pl->pool;

    const int32_t src = o->src_state;
    uint32_t cur = o->t0;
    dist[src] = cur;
    dirty[(uint32_t)src >> WRI_DIRTY_SHIFT] = 1;
    pl->parent[src] = -1;
    pl->via[src] = (uint16_t)WR_STEP_START;
    cur += search_h(o, src);
    st = bucket_push(pl, &ring[cur & mask], src);
    if (st != WR_OK)
        return st;
    pool = pl->pool;
    size_t queued = 1;
    int found = 0;
    while (queued > 0) {
        wri_bucket *b = &ring[cur & mask];
        if (b->head < 0) {
            if (found)
                break; /* every state keyed up to the goal's label is settled */
            cur++;
            continue;
        }
        const int32_t s = pool[(size_t)b->head * WRI_CHUNK + b->fill];
        if (--b->fill == 0)
            bucket_release(pl, b);
        queued--;
        const int32_t row = (int32_t)(((uint64_t)s * width_inv) >> 40);
        const int32_t dq = s - row * width - (row >> 1) - goal_q, dr = row - goal_r;
        const int32_t ds = dq + dr;
        const uint32_t hs = hmin * ((uint32_t)((dq < 0 ? -dq : dq) + (dr < 0 ? -dr : dr) +
                                               (ds < 0 ? -ds : ds)) / 2u);
        const uint32_t lab = dist[s];
        if (lab + hs != cur)
            continue; /* a stale entry */
        if (s == goal || s == goal2)
            found = 1;
        /* the heuristic of the neighbour in direction d: hs + hmin x the
           change of the hex distance, (|q'| - |q| + |r'| - |r| + |s'| - |s|) / 2.
           Direction d steps (q, r) by (1, 0), (1, -1), (0, -1), (-1, 0),
           (-1, 1), (0, 1) (wri_campaign_nb_delta_unit in axial coordinates,
           the same for both row parities), s = q + r with them; a coordinate
           one more changes |.| by +1 when it is >= 0, else -1, one less by
           +1 when it is <= 0, else -1. */
        const int32_t uq = dq >= 0, vq = dq <= 0, ur = dr >= 0, vr = dr <= 0;
        const int32_t us = ds >= 0, vs = ds <= 0;
        const uint32_t hn[6] = {hs + hmin * (uint32_t)(uq + us - 1), hs + hmin * (uint32_t)(uq + vr - 1),
                                hs + hmin * (uint32_t)(vr + vs - 1), hs + hmin * (uint32_t)(vq + vs - 1),
                                hs + hmin * (uint32_t)(vq + ur - 1), hs + hmin * (uint32_t)(ur + us - 1)};
        uint8_t *h = costs + (size_t)s * 8u;
        if (h[7] != epoch)
            fill_costs(f, s, h);
        const int32_t *delta = f->delta[h[6]];
        const int near_max = lab + 0xfeu > key_max; /* only then can lab + c pass it */
#if defined(__clang__)
#pragma clang loop unroll(full)
#elif defined(__GNUC__)
#pragma GCC unroll 6
#endif
        for (int d = 0; d < 6; d++) {
            const uint32_t c = h[d];
            if (c == 0xffu)
                continue;
            const int32_t t = s + delta[d];
            const uint32_t nk = lab + c; /* lab <= key_max < 2^31 */
            if (nk >= dist[t] || (near_max && nk > key_max))
                continue;
#if defined(__GNUC__)
            __builtin_prefetch(costs + (size_t)t * 8u);
#endif
            dist[t] = nk;
            dirty[(uint32_t)t >> WRI_DIRTY_SHIFT] = 1;
            const uint32_t k = nk + hn[d];
            if (k - cur >= ring_size)
                return WR_ERR_STATE;
            RING_PUSH(k, t);
        }
    }
    return WR_OK;
}

/* The index steps from hex t to its neighbours, by direction. */
static const int32_t *nb_delta(const fastgen *f, int32_t t)
{
    return f->delta[(f->cells[t].nb & WRI_ODD_ROW) ? 1 : 0];
}

/* When plain_route(): the directions from state t of the neighbours whose
   move into t takes their label to want, by the plain costs of their hex
   (as land_offer() finds them, without looking at each move: a move of the
   plain cost of its key exists when any does, and with want final no other
   cost can match), as a mask of bit d for direction d. Only hexes filled in
   this epoch are looked at: a state on a shortest path to the goal was
   settled, so expanded. */
static unsigned plain_pred_dirs(const fastgen *f, const uint32_t *dist, int32_t t, uint32_t want)
{
    const wri_cell *c = &f->cells[t];
    const int32_t *delta = nb_delta(f, t);
    unsigned dirs = 0;
    for (int d = 0; d < 6; d++) {
        if (!(c->nb & (1u << d)))
            continue;
        const int32_t v = t + delta[d];
        const uint32_t dv = dist[v];
        if (dv >= want)
            continue;
        const uint8_t *h = f->costs + (size_t)v * 8u;
        const uint32_t back = h[(d + 3) % 6]; /* the move from v into t */
        if (h[7] == f->epoch && back != 0xffu && back == want - dv)
            dirs |= 1u << d;
    }
    return dirs;
}

/* The neighbours of t in the directions of plain_pred_dirs(). At most 6. */
static int plain_preds(const fastgen *f, int32_t t, unsigned dirs, int32_t *out)
{
    const int32_t *delta = nb_delta(f, t);
    int n = 0;
    for (int d = 0; d < 6; d++)
        if (dirs & (1u << d))
            out[n++] = t + delta[d];
    return n;
}

/* A* to o->goal (land or vessels), then Dijkstra's parents on the
   shortest paths to it.
   WR_ERR_STATE: not done (a ring or scratch too small), run search_land(). */
static wr_status astar_route(wr_planner *pl, const fastgen *f, search_opts *o)
{
    const int plain = plain_route(f, o);
    wr_status st = f->table == NULL ? search_water_astar(pl, f->g, o)
                   : plain          ? astar_plain(pl, f, o)
                                    : search_land_astar(pl, f, o);
    if (st != WR_OK)
        return st;
    const uint32_t *dist = pl->dist;
    const int32_t goal = reached_goal(o, dist);

    if (dist[goal] == UINT32_MAX)
        return WR_OK;
    /* the bucket pool is free until the next search: the scratch list */
    if (((uintptr_t)pl->pool & 7u) != 0)
        return WR_ERR_STATE;
    uint64_t *list = (uint64_t *)(void *)pl->pool;
    size_t cap = pl->chunks * WRI_CHUNK / 2u;
    if (cap > ((size_t)1 << 25))
        cap = (size_t)1 << 25; /* rank x 64 + offer index stays below 2^31 */
    /* Marks in order[]: B for a state found on a shortest path, B + 1 + its
       rank once ranked; every other value there is below B (the reachable
       set and build_route() write indices below 2^25, earlier queries
       values below this query's B). */
    const uint32_t first_base = (uint32_t)1 << 26;
    if (pl->mark_base < first_base || pl->mark_base > UINT32_MAX - (uint32_t)cap - 2u) {
        memset(pl->order, 0, pl->cap * sizeof *pl->order);
        pl->mark_base = first_base;
    }
    const uint32_t B = pl->mark_base;
    pl->mark_base = B + (uint32_t)cap + 2u;
    uint32_t *mark = (uint32_t *)pl->order;
    int32_t preds[14];
    uint32_t fl;
    size_t m = 0;
    list[m++] = (uint64_t)dist[goal] << 32 | (uint32_t)goal;
    mark[goal] = B;
    uint16_t *via = pl->via;
    for (size_t i = 0; i < m; i++) {
        int32_t t = (int32_t)(uint32_t)list[i];
        int n = 0;
        if (plain) {
            /* kept in via[] for the ranking below; the route's own moves
               are found at the end */
            const unsigned dirs = plain_pred_dirs(f, dist, t, dist[t]);
            via[t] = (uint16_t)dirs;
            n = plain_preds(f, t, dirs, preds);
        } else {
            n = land_preds(f, o, t, preds);
        }
        for (int k = 0; k < n; k++) {
            int32_t u = preds[k];
            if (mark[u] >= B ||
                (!plain && (dist[u] >= dist[t] || state_offer(f, o, dist, u, t, dist[t], &fl) < 0)))
                continue;
            if (m == cap)
                return WR_ERR_STATE;
            mark[u] = B;
            list[m++] = (uint64_t)dist[u] << 32 | (uint32_t)u;
        }
    }
    if (m >= 256u && 2u * m <= cap) /* below, heapsort beats clearing the counts */
        list = radix_sort_hi(list, list + m, m, dist[goal]);
    else
        sort_u64(list, m);
    int32_t *parent = pl->parent;
    uint32_t next = B + 1u;
    for (size_t i = 0; i < m;) {
        const uint32_t lab = (uint32_t)(list[i] >> 32);
        size_t j = i;
        for (; j < m && (uint32_t)(list[j] >> 32) == lab; j++) {
            int32_t t = (int32_t)(uint32_t)list[j];
            uint64_t key = 0;
            if (t != o->src_state) {
                int32_t best = -1;
                int best_idx = 0;
                uint32_t best_fl = 0;
                if (plain) {
                    /* the earliest ranked of the moves into t; for the
                       order of its moves, the direction from it to t stands
                       for the offer index (the moves of a hex are offered
                       direction by direction) */
                    const unsigned dirs = via[t];
                    const int32_t *delta = nb_delta(f, t);
                    for (int d = 0; d < 6; d++) {
                        const int32_t u = t + delta[d];
                        if ((dirs & (1u << d)) && mark[u] > B && (best < 0 || mark[u] < mark[best])) {
                            best = u;
                            best_idx = (d + 3) % 6;
                        }
                    }
                } else {
                    int n = land_preds(f, o, t, preds);
                    for (int k = 0; k < n; k++) {
                        int32_t u = preds[k];
                        if (mark[u] <= B || dist[u] >= lab)
                            continue; /* not ranked: not on a shortest path, or not before t */
                        int idx = state_offer(f, o, dist, u, t, lab, &fl);
                        if (idx >= 0 && (best < 0 || mark[u] < mark[best])) {
                            best = u;
                            best_idx = idx;
                            best_fl = fl;
                        }
                    }
                }
                if (best < 0)
                    return WR_ERR_STATE;
                parent[t] = best;
                if (!plain)
                    via[t] = (uint16_t)(best_fl & 0x7fffu);
                key = (uint64_t)(mark[best] - B - 1u) * 64u + (uint64_t)best_idx;
            }
            list[j] = key << 32 | (uint32_t)t;
        }
        /* within a label: the last pushed leaves its bucket first */
        sort_u64(list + i, j - i);
        for (size_t k = j; k-- > i;)
            mark[(uint32_t)list[k]] = next++;
        i = j;
    }
    if (plain) { /* the moves of the route's own steps */
        via[o->src_state] = (uint16_t)WR_STEP_START;
        for (int32_t t = goal; t != o->src_state; t = parent[t]) {
            if (land_offer(f, o, dist, parent[t], t, dist[t], &fl) < 0)
                return WR_ERR_STATE;
            via[t] = (uint16_t)(fl & 0x7fffu);
        }
    }
    return WR_OK;
}

/* The cheapest plain cost (points + days x P) of the allowed moves of a key
   (which all enter the same neighbour), UINT32_MAX for none. */
static uint32_t plain_cost(const wri_tentry *entry, uint32_t daily, int unformed_ok)
{
    uint32_t best = UINT32_MAX;
    for (uint32_t k = 0; k < entry->count; k++) {
        const wri_tedge *e = &entry->e[k];
        if ((e->flags & WR_STEP_UNFORMED) && !unformed_ok)
            continue;
        uint32_t c = (uint32_t)e->points + (uint32_t)e->days * daily;
        if (c < best)
            best = c;
    }
    return best;
}

/* Builds one key of the planner's table; built_hmin: the smallest label
   increase of its transitions, a move's points or at least one day (P) for
   whole-day moves and rally days (0 when a move is free: then no A*). */
static void build_key(const fastgen *f, unsigned key)
{
    wr_planner *pl = f->owner;
    wri_tentry *entry = &pl->table[key];
    wri_campaign_land_entry(f->g, key, entry);
    pl->ptable[key] = plain_cost(entry, f->daily, f->unformed_ok);
    pl->built[key] = 1;
    for (uint32_t k = 0; k < entry->count; k++)
        if (entry->e[k].days == 0 && (uint32_t)entry->e[k].points < pl->built_hmin)
            pl->built_hmin = (uint32_t)entry->e[k].points;
}

/* The planner's table for new parameters. Keys are built as hexes read
   them, so a query builds what its map uses of the 2,048; but A* needs at
   once the smallest label increase of any transition (hmin). built_hmin
   starts over the keys without a river, which give it (a river only adds to
   a move's points or makes it a whole-day move; timber only allows rafts:
   plan_river_never_cheaper tests it), and every key built later lowers it
   if it is wrong: the A* is then not trusted (map_search()). */
static void new_land_table(wr_planner *pl, const fastgen *f, int home)
{
    memset(pl->built, 0, WRI_TABLE_KEYS);
    pl->built_hmin = f->daily;
    for (unsigned key = 0; key < WRI_TABLE_KEYS; key++)
        if ((key & 0x0fu) == 0 && !((key >> 9) & 1u) && (home || !((key >> 10) & 1u)))
            build_key(f, key);
}

/* Whether the planner's records by hex were filled for this map. */
static int records_for_map(const wr_planner *pl, const wr_map *map)
{
    return pl->records_map == map && pl->records_width == map->width &&
           pl->records_height == map->height && pl->records_generation == map->generation &&
           pl->records_history == map->history;
}

/* Records of `size` bytes for n hexes, all never filled when new. */
static wr_status ensure_records(wr_planner *pl, void **records, size_t *cap, size_t n, size_t size)
{
    if (*cap >= n)
        return WR_OK;
    wri_free(&pl->alloc, *records, *cap, size);
    *cap = 0;
    *records = wri_alloc_zero(&pl->alloc, n, size);
    if (*records == NULL)
        return WRI_NOMEM();
    *cap = n;
    return WR_OK;
}

/* The planner's records by hex for this map and the table's parameters (a
   new table: new parameters): the keys, and the plain costs for a plain
   search unless a plain cost may not fit below 0xff (then NULL: no move
   costs more than max_delta, points + whole days x P). A new epoch forgets
   every hex filled before. */
static wr_status hex_records(wr_planner *pl, const wr_map *map, int new_table, int plain,
                             fastgen *f)
{
    const size_t n = (size_t)map->count;
    void *keys = pl->keys, *costs = pl->costs;
    wr_status st = ensure_records(pl, &keys, &pl->cap_keys, n, 8u * sizeof *pl->keys);
    pl->keys = keys;
    if (st == WR_OK && plain && f->g->max_delta < 0xff) {
        st = ensure_records(pl, &costs, &pl->cap_costs, n, 8u);
        pl->costs = costs;
        f->costs = pl->costs;
    }
    if (st != WR_OK)
        return st;
    if (new_table || !records_for_map(pl, map)) {
        if (++pl->epoch == 0) {
            memset(pl->keys, 0, pl->cap_keys * 8u * sizeof *pl->keys);
            if (pl->costs != NULL)
                memset(pl->costs, 0, pl->cap_costs * 8u);
            pl->epoch = 1;
        }
        pl->records_map = map;
        pl->records_width = map->width;
        pl->records_height = map->height;
        pl->records_generation = map->generation;
        pl->records_history = map->history;
    }
    f->keys = pl->keys;
    f->epoch = pl->epoch;
    return WR_OK;
}

/* built_hmin for vessels, from the generator's numbers: the cheapest water
   hex to enter, and the cheapest river move with the tide and the wind (its
   cost halved with the tide, then times the sail percent). */
static uint32_t vessel_hmin(const wri_movegen *g, uint32_t daily)
{
    uint32_t h = daily;
    static const int water[3] = {WR_HEX_SEA, WR_HEX_COAST, WR_HEX_LAKE};
    for (int i = 0; i < 3; i++)
        if (g->enter[water[i]] > 0 && (uint32_t)g->enter[water[i]] < h)
            h = (uint32_t)g->enter[water[i]];
    if (g->navigates) {
        int river[2] = {g->upstream, g->downstream};
        for (int i = 0; i < 2; i++) {
            int c = river[i];
            if (c <= 0)
                continue;
            if (g->tide == WR_TIDE_FLOOD || g->tide == WR_TIDE_EBB)
                c = wri_ceil_div(c, 2);
            if (g->sail > 0 && g->wind >= 0)
                c = wri_ceil_div(c * g->sail, 100);
            if ((uint32_t)c < h)
                h = (uint32_t)c;
        }
    }
    return h;
}

/* The planner's table, allocated once. */
static wr_status ensure_table(wr_planner *pl)
{
    if (pl->table == NULL)
        pl->table = wri_alloc_zero(&pl->alloc, WRI_TABLE_KEYS, sizeof *pl->table);
    if (pl->ptable == NULL)
        pl->ptable = wri_alloc_zero(&pl->alloc, WRI_TABLE_KEYS, sizeof *pl->ptable);
    if (pl->built == NULL)
        pl->built = wri_alloc_zero(&pl->alloc, WRI_TABLE_KEYS, 1u);
    return pl->table != NULL && pl->ptable != NULL && pl->built != NULL ? WR_OK : WRI_NOMEM();
}

/* Where a query starts (wr_plan_query read and checked); NULL in
   map_search() is the zero state. */
typedef struct plan_start {
    int unformed;
    int counted; /* unformed_today */
    uint32_t t0, fresh_src, fresh, day0;
    int any_goal; /* the goal in either formation */
    const wri_block *block;
} plan_start;

/* Runs the search on a map: checks, then the instance for wri_movegen
   (route 0: a field, 1: a route, 2: the checks and options only). */
static wr_status map_search(wr_planner *pl, const wr_map *map, const wr_plan_params *params,
                            wr_hex from, search_opts *o, wri_movegen *g, int route,
                            const plan_start *ps)
{
    wr_status st = wri_campaign_check_params(params);
    if (st != WR_OK)
        return st;
    int32_t src = wri_campaign_index(map, from);
    if (src < 0)
        return WRI_FAIL_HEX(map, from, "from");
    wri_campaign_movegen_init(g, map, params);
    if (!wri_campaign_can_be(g, src))
        return WRI_FAIL(WR_ERR_FORBIDDEN, "from", "a hex where the mover can be");
    search_opts base;
    opts_init(&base, params, map->count, src);
    base.goal = o->goal;
    base.limit = o->limit < base.limit ? o->limit : base.limit;
    base.order = o->order;
    base.order_count = o->order_count;
    base.ring_hint = (uint32_t)g->max_delta;
    if (ps != NULL) {
        if (ps->unformed && !base.plain)
            base.two = 1;
        base.src_state = ps->unformed && base.two ? src + map->count : src;
        base.t0 = ps->t0;
        base.fresh_src = ps->fresh_src;
        base.fresh = ps->fresh;
        base.fresh_max = ps->fresh_src > ps->fresh ? ps->fresh_src : ps->fresh;

        base.day0 = ps->day0;
        base.start_counted = ps->counted;
        if (ps->any_goal && base.two && base.goal >= 0)
            base.goal2 = base.goal + map->count;
        g->block = ps->block;
    }
    base.prune = base.two && base.unformed_ok && base.fresh_max == 0 && base.order == NULL;
    *o = base;
    st = ensure_states(pl, (size_t)map->count * 2u);
    if (st != WR_OK || route == 2)
        return st;
    fastgen f;
    memset(&f, 0, sizeof f);
    f.g = g;
    f.block = g->block;

    f.cells = map->cells;
    f.regions = map->regions;
    for (int odd = 0; odd < 2; odd++)
        for (int d = 0; d < 6; d++)
            f.delta[odd][d] = wri_nb_index(map, 0, (unsigned)odd, d);
    f.home = (params->traits & WR_FORCE_ELLRIENDI) ? params->home_regions : 0u;
    if (!g->vessel) {
        st = ensure_table(pl);
        if (st != WR_OK)
            return st;
        const int new_table =
            !pl->table_valid || memcmp(&pl->table_for, params, sizeof *params) != 0;
        if (new_table) {
            pl->table_for = *params;
            pl->table_valid = 1;
            pl->records_map = NULL; /* refilled even if hex_records() fails now */
        }
        f.table = pl->table;
        f.ptable = pl->ptable;
        f.owner = pl;
        f.daily = o->daily;
        f.unformed_ok = o->unformed_ok;
        if (new_table)
            new_land_table(pl, &f, f.home != 0);
        st = hex_records(pl, map, new_table, o->plain, &f);
        if (st != WR_OK)
            return st;
        if (!route)
            return search_land_np(pl, &f, o);
    } else if (!route) {
        return search_water_np(pl, g, o);
    }
    uint32_t hmin = g->vessel ? vessel_hmin(g, o->daily) : pl->built_hmin;
    if (hmin > 0) {
        search_opts a = *o;
        wr_hex goal = wri_campaign_hex(map, o->goal);
        a.hmin = hmin;
        a.width = map->width;
        a.width_inv = (((uint64_t)1 << 40) + (uint64_t)map->width - 1u) / (uint64_t)map->width;
        a.goal_q = goal.q;
        a.goal_r = goal.r;
        a.ring_hint += a.hmin;
        st = astar_route(pl, &f, &a);
        if (st == WR_OK && !g->vessel && pl->built_hmin < hmin)
            st = WR_ERR_STATE; /* a key built in the search was cheaper: see new_land_table() */
        if (st != WR_ERR_STATE)
            return st;
    }
    return g->vessel ? search_water(pl, g, o) : search_land(pl, &f, o);
}

/* Builds the steps of the path to state `goal` into the planner's buffer. */
static wr_status build_route(wr_planner *pl, const search_opts *o, int32_t goal,
                             const wr_map *map, const wr_plan_graph *graph, int figures,
                             int transport, wr_route *route)
{
    size_t len = 0;
    for (int32_t s = goal; s >= 0; s = pl->parent[s])
        pl->order[len++] = s;
    if (pl->cap_steps < len) {
        size_t want = len < 64 ? 64 : len + len / 2;
        wr_step *ns = wri_alloc_zero(&pl->alloc, want, sizeof *ns);
        if (ns == NULL)
            return WRI_NOMEM();
        wri_free(&pl->alloc, pl->steps, pl->cap_steps, sizeof *pl->steps);
        pl->steps = ns;
        pl->cap_steps = want;
    }
    const uint32_t P = o->daily;
    wr_route r;
    memset(&r, 0, sizeof r);
    int last_unformed_day = o->start_counted ? (int)o->day0 : 0, strag_left = figures;
    for (size_t i = 0; i < len; i++) {
        int32_t s = pl->order[len - 1 - i];
        int unformed = s >= o->cells;
        int32_t node = unformed ? s - o->cells : s;
        wr_step *st = &pl->steps[i];
        uint32_t t = pl->dist[s];
        st->node = node;
        if (map != NULL) {
            st->hex = wri_campaign_hex(map, node);
        } else if (graph->node_hex != NULL) {
            st->hex = graph->node_hex(graph->user, node);
        } else {
            wr_hex h = {node, 0};
            st->hex = h;
        }
        st->day = day_of(t, P);
        if (st->day < (int)o->day0)
            st->day = (int)o->day0; /* points saved before the start's day are spent on it */
        st->points_left = (int)((uint32_t)st->day * P - t);

        unsigned fl = pl->via[s];
        if (o->two)
            fl = (fl & ~WR_STEP_UNFORMED) | (unformed ? WR_STEP_UNFORMED : 0u);
        st->flags = fl;
        if (fl & WR_STEP_RALLY)
            r.rally_days++;
        if ((fl & WR_STEP_OPEN_SEA) && transport)
            r.escort_lost = 1;
        /* [Units, Formed and Unformed] a day of unformed movement counts
           once: the day the force enters a hex unformed */
        if (i > 0 && unformed && o->two && !(fl & WR_STEP_RALLY) &&
            st->day > last_unformed_day) {
            int lost = (strag_left + 9) / 10; /* wr_stragglers with half-die 2 */
            strag_left -= lost;
            r.stragglers += lost;
            r.unformed_days++;
            last_unformed_day = st->day;
        }

    }
    for (size_t i = 0; i < len; i++) {
        wr_step *st = &pl->steps[i];
        st->nights = i + 1 < len ? pl->steps[i + 1].day - st->day : 1;
        if (st->nights > 0)
            st->flags |= WR_STEP_NIGHT;
    }
    r.steps = pl->steps;
    r.step_count = len;
    r.arrival_day = pl->steps[len - 1].day;
    r.points_left = pl->steps[len - 1].points_left;
    *route = r;
    return WR_OK;
}

wr_status wr_planner_route(wr_planner *planner, const wr_map *map, const wr_plan_params *params,
                           wr_hex from, wr_hex to, wr_route *route)
{
    if (planner == NULL)
        return WRI_NULL(planner);
    if (map == NULL)
        return WRI_NULL(map);
    if (params == NULL)
        return WRI_NULL(params);
    if (route == NULL)
        return WRI_NULL(route);
    int32_t goal = wri_campaign_index(map, to);
    if (wri_campaign_index(map, from) < 0)
        return WRI_FAIL_HEX(map, from, "from");
    if (goal < 0)
        return WRI_FAIL_HEX(map, to, "to");
    search_opts o;
    memset(&o, 0, sizeof o);
    o.goal = goal;
    o.limit = UINT32_MAX;
    wri_movegen g;
    wr_status st = map_search(planner, map, params, from, &o, &g, 1, NULL);
    if (st != WR_OK)
        return WRI_PASS(st);
    if (planner->dist[goal] == UINT32_MAX)
        return WRI_FAIL(WR_ERR_FORBIDDEN, "to", "a hex the force can reach");
    return WRI_PASS(build_route(planner, &o, goal, map, NULL, params->figures,
                                params->mover == WR_MOVER_TRANSPORT, route));
}

wr_status wr_planner_field(wr_planner *planner, const wr_map *map, const wr_plan_params *params,
                           wr_hex from, wr_arrival *field, size_t count)
{
    if (planner == NULL)
        return WRI_NULL(planner);
    if (map == NULL)
        return WRI_NULL(map);
    if (params == NULL)
        return WRI_NULL(params);
    if (field == NULL)
        return WRI_NULL(field);
    if (count != (size_t)map->count)
        return WRI_FAIL_VALUE(WR_ERR_RANGE, "count", count, "width x height of the map");
    search_opts o;
    memset(&o, 0, sizeof o);
    o.goal = -1;
    o.limit = UINT32_MAX;
    wri_movegen g;
    wr_status st = map_search(planner, map, params, from, &o, &g, 0, NULL);
    if (st != WR_OK)
        return WRI_PASS(st);
    const uint32_t *dist = planner->dist;
    /* day_of() without a division: floor(x / P) = (x * M) >> 40 with
       M = ceil(2^40 / P) is exact while x * P < 2^40, and here
       x < key_max + P <= (10^6 + 1) x P with P <= 1000. */
    const uint64_t P = o.daily, M = (((uint64_t)1 << 40) + P - 1u) / P;
    for (int32_t i = 0; i < map->count; i++) {
        uint32_t t = dist[i];
        if (t == UINT32_MAX) {
            field[i].day = -1;
            field[i].points_left = 0;
        } else {
            uint64_t day = t == 0 ? 1u : (((uint64_t)t + P - 1u) * M) >> 40;
            field[i].day = (int32_t)day;
            field[i].points_left = (int32_t)(day * P - t);
        }
    }
    return WR_OK;
}

/* wri_campaign_hex() of each index, without a division: floor(i / width)
   = (i * M) >> 40 with M = ceil(2^40 / width) is exact while i x width <
   2^40, and here i < 2^24, width <= 2^14. */
static void hexes_of(const wr_map *map, const int32_t *index, size_t n, wr_hex *out)
{
    const uint64_t w = (uint64_t)map->width, M = (((uint64_t)1 << 40) + w - 1u) / w;
    for (size_t i = 0; i < n; i++) {
        const uint64_t x = (uint64_t)index[i], row = (x * M) >> 40;
        const int col = (int)(x - row * w);
        wr_hex h = {col - (int)(row >> 1), (int)row};
        out[i] = h;
    }
}

wr_status wr_planner_reachable(wr_planner *planner, const wr_map *map,
                               const wr_plan_params *params, wr_hex from, int days,
                               const wr_hex **hexes, size_t *count)
{
    if (planner == NULL)
        return WRI_NULL(planner);
    if (map == NULL)
        return WRI_NULL(map);
    if (params == NULL)
        return WRI_NULL(params);
    if (hexes == NULL)
        return WRI_NULL(hexes);
    if (count == NULL)
        return WRI_NULL(count);
    if (days < 1 || days > WR_PLAN_MAX_DAYS)
        return WRI_FAIL_VALUE(WR_ERR_RANGE, "days", days, "1..1000000 (WR_PLAN_MAX_DAYS)");
    if (planner->cap_hexes < (size_t)map->count) {
        wr_hex *h = wri_alloc_zero(&planner->alloc, (size_t)map->count, sizeof *h);
        if (h == NULL)
            return WRI_NOMEM();
        wri_free(&planner->alloc, planner->hexes, planner->cap_hexes, sizeof *planner->hexes);
        planner->hexes = h;
        planner->cap_hexes = (size_t)map->count;
    }
    wr_status st = wri_campaign_check_params(params);
    if (st != WR_OK)
        return WRI_PASS(st);
    st = ensure_states(planner, (size_t)map->count * 2u);
    if (st != WR_OK)
        return WRI_PASS(st);
    size_t n = 0;
    search_opts o;
    memset(&o, 0, sizeof o);
    o.goal = -1;
    o.limit = (uint32_t)days * (uint32_t)params->costs.daily_points;
    o.order = planner->order;
    o.order_count = &n;
    wri_movegen g;
    st = map_search(planner, map, params, from, &o, &g, 0, NULL);
    if (st != WR_OK)
        return WRI_PASS(st);
    hexes_of(map, planner->order, n, planner->hexes);
    *hexes = planner->hexes;
    *count = n;
    return WR_OK;
}

wr_status wr_planner_route_graph(wr_planner *planner, const wr_plan_graph *graph,
                                 const wr_plan_params *params, int32_t from, int32_t to,
                                 wr_route *route)
{
    if (planner == NULL)
        return WRI_NULL(planner);
    if (graph == NULL)
        return WRI_NULL(graph);
    if (params == NULL)
        return WRI_NULL(params);
    if (route == NULL)
        return WRI_NULL(route);
    if (graph->moves == NULL)
        return WRI_NULL(graph->moves);
    wr_status st = wri_campaign_check_params(params);
    if (st != WR_OK)
        return WRI_PASS(st);
    if (graph->node_count < 1 || graph->node_count > WR_MAP_MAX_HEXES)
        return WRI_FAIL_VALUE(WR_ERR_RANGE, "graph->node_count", graph->node_count,
                              "1..2^24 (WR_MAP_MAX_HEXES)");
    if (from < 0 || from >= graph->node_count)
        return WRI_FAIL_VALUE(WR_ERR_RANGE, "from", from, "0..graph->node_count - 1");
    if (to < 0 || to >= graph->node_count)
        return WRI_FAIL_VALUE(WR_ERR_RANGE, "to", to, "0..graph->node_count - 1");
    st = ensure_states(planner, (size_t)graph->node_count * 2u);
    if (st != WR_OK)
        return WRI_PASS(st);
    search_opts o;
    opts_init(&o, params, graph->node_count, from);
    o.goal = to;
    o.ring_hint = 4u * o.daily + 64u;
    st = search_graph(planner, graph, &o);
    if (st != WR_OK)
        return WRI_PASS(st);
    if (planner->dist[to] == UINT32_MAX)
        return WRI_FAIL(WR_ERR_FORBIDDEN, "to", "a node the force can reach");
    return WRI_PASS(build_route(planner, &o, to, NULL, graph, params->figures, 0, route));

}

/* ---- plans from a force's state (1.1): wr_planner_plan() ---- */

/* Reads and checks a query into the search's start and the blocked sets. */
static wr_status read_query(const wr_map *map, const wr_plan_params *params,
                            const wr_plan_query *q, wr_force_state *start, wri_block *block,
                            plan_start *ps, int *objective)
{
    const int P = params->costs.daily_points;
    static const wr_plan_query zero_query;
    if (q == NULL)
        q = &zero_query;
    if (q->start != NULL) {
        *start = *q->start;
        wr_status st = wri_campaign_check_force(start, P);
        if (st != WR_OK)
            return st;
        if (start->crossing_days > 0 || start->far_bank)
            return WRI_FAIL(WR_ERR_STATE, "query->start",
                            "a force not in the middle of a crossing (finish its step first)");
    } else {
        wr_force_start(start);
    }
    if (q->objective < 0 || q->objective >= WR_OBJECTIVE_COUNT)
        return WRI_FAIL_VALUE(WR_ERR_INVALID, "query->objective", q->objective,
                              "a wr_plan_objective (0..2)");
    const size_t hex_bytes = ((size_t)map->count + 7u) / 8u;
    const size_t side_bytes = ((size_t)map->count * 3u + 7u) / 8u;
    if (q->blocked_hexes != NULL ? q->blocked_hexes_size != hex_bytes : q->blocked_hexes_size != 0)
        return WRI_FAIL_VALUE(WR_ERR_RANGE, "query->blocked_hexes_size", q->blocked_hexes_size,
                              "(width x height + 7) / 8 with a set, 0 without");
    if (q->blocked_sides != NULL ? q->blocked_sides_size != side_bytes : q->blocked_sides_size != 0)
        return WRI_FAIL_VALUE(WR_ERR_RANGE, "query->blocked_sides_size", q->blocked_sides_size,
                              "(3 x width x height + 7) / 8 with a set, 0 without");
    block->hexes = q->blocked_hexes;
    block->sides = q->blocked_sides;
    block->fn = q->blocked;
    block->user = q->user;
    *objective = q->objective;
    /* The label of "day D with A points left" is D x P - A: points saved
       count as the days they were saved on. */
    const uint32_t D = (uint32_t)start->day, uP = (uint32_t)P;
    const uint32_t left = uP + (uint32_t)start->points_saved - (uint32_t)start->points_spent;
    memset(ps, 0, sizeof *ps);
    ps->unformed = start->unformed;
    ps->counted = start->unformed_today;
    ps->t0 = D * uP - left;
    ps->day0 = D;
    /* whole days start tomorrow once the force moved today, and every move
       from a start with points saved is made today */
    ps->fresh_src = (start->points_spent > 0 || start->unformed_today) ? D * uP : (D - 1u) * uP;
    ps->fresh = ps->t0 < (D - 1u) * uP ? D * uP : 0u;
    ps->any_goal = q->objective == WR_OBJECTIVE_EARLIEST;
    ps->block = (block->hexes || block->sides || block->fn) ? block : NULL;
    return WR_OK;
}

static wr_status heap_push(wr_planner *pl, size_t *n, uint64_t key, int32_t s)
{
    if (*n == pl->cap_heap) {
        size_t want = pl->cap_heap < 1024 ? 1024 : pl->cap_heap * 2u;
        heap_node *nh = wri_realloc_array(&pl->alloc, pl->heap, pl->cap_heap, want, sizeof *nh);
        if (nh == NULL)
            return WRI_NOMEM();
        pl->heap = nh;
        pl->cap_heap = want;
    }
    heap_node *h = pl->heap;
    size_t i = (*n)++;
    while (i > 0 && h[(i - 1) / 2].key > key) {
        h[i] = h[(i - 1) / 2];
        i = (i - 1) / 2;
    }
    h[i].key = key;
    h[i].s = s;
    return WR_OK;
}

static heap_node heap_pop(wr_planner *pl, size_t *n)
{
    heap_node *h = pl->heap, top = h[0], last = h[--*n];
    size_t i = 0;
    for (;;) {
        size_t c = 2 * i + 1;
        if (c >= *n)
            break;
        if (c + 1 < *n && h[c + 1].key < h[c].key)
            c++;
        if (h[c].key >= last.key)
            break;
        h[i] = h[c];
        i = c;
    }
    if (*n > 0)
        h[i] = last;
    return top;
}

/* The game's day of label t: never before the start's day. */
static uint32_t game_day(const search_opts *o, uint32_t t)
{
    uint32_t d = (uint32_t)day_of(t, o->daily);
    return d < o->day0 ? o->day0 : d;
}

/* WR_OBJECTIVE_FEWEST_UNFORMED: the fewest days of unformed movement, then
   the earliest label, each (hex, formation) keeping its best pair; the same
   moves, day rules and counting as the label search and build_route() (a
   day counts when a hex is entered unformed on it, once). A binary heap:
   this objective is not the hot path. */
static wr_status search_fewest_unformed(wr_planner *pl, const wri_movegen *g, const search_opts *o)
{
    const int32_t cells = o->cells;
    const uint32_t P = o->daily;
    const size_t nstates = (size_t)cells * 2u;
    uint32_t *dist = pl->dist, *days = (uint32_t *)pl->order;
    memset(dist, 0xff, nstates * sizeof *dist);
    pl->dirty_cells = 0;
    memset(days, 0xff, nstates * sizeof *days);
    pl->mark_base = 0; /* order[] holds no A* marks any more: the next A* clears it */

    const int32_t src = o->src_state;
    dist[src] = o->t0;
    days[src] = 0;
    pl->parent[src] = -1;
    pl->via[src] = (uint16_t)WR_STEP_START;
    size_t n = 0;
    wr_status st = heap_push(pl, &n, o->t0, src);
    while (st == WR_OK && n > 0) {
        heap_node top = heap_pop(pl, &n);
        const int32_t s = top.s;
        if (top.key != ((uint64_t)days[s] << 32 | dist[s]))
            continue; /* a stale entry */
        if (s == o->goal)
            break;
        const int unformed = s >= cells;
        const int32_t node = unformed ? s - cells : s;
        const uint32_t lab = dist[s], u = days[s], day_end = fresh_day(o, s, lab);
        /* the last day counted: an unformed state was entered unformed on its day */
        const uint32_t counted =
            !unformed ? 0u : s == src ? (o->start_counted ? o->day0 : 0u) : game_day(o, lab);
        wr_plan_edge arr[WR_PLAN_MAX_EDGES + 1];
        int m = wri_campaign_moves(g, node, arr);
        if (o->two && unformed) { /* a day at the rally point */
            wr_plan_edge rally = {node, 0, 1, WR_STEP_RALLY};
            arr[m++] = rally;
        }
        for (int i = 0; i < m && st == WR_OK; i++) {
            const wr_plan_edge *e = &arr[i];
            const int rally = (e->flags & WR_STEP_RALLY) != 0;
            const int needs = (e->flags & WR_STEP_UNFORMED) != 0;
            if (needs && !unformed && !o->unformed_ok)
                continue;
            const int32_t t = rally ? node : (needs || unformed) ? e->to + cells : e->to;
            uint64_t nt = rally ? (uint64_t)day_end + P
                                : (e->days > 0 ? (uint64_t)day_end + (uint64_t)e->days * P
                                               : (uint64_t)lab) + (uint64_t)e->points;
            if (nt > o->key_max)
                continue;
            uint32_t nu = u + (t >= cells && game_day(o, (uint32_t)nt) > counted ? 1u : 0u);
            if (nu < days[t] || (nu == days[t] && nt < dist[t])) {
                days[t] = nu;
                dist[t] = (uint32_t)nt;
                pl->parent[t] = s;
                pl->via[t] = (uint16_t)(e->flags & 0x7fffu);
                st = heap_push(pl, &n, (uint64_t)nu << 32 | nt, t);
            }
        }
    }
    return st;
}

/* The move of each step of the route just built (build_route() left its
   states in order[]), found again among the moves of the hex before. */
static wr_status route_moves(wr_planner *pl, const search_opts *o, const wri_movegen *g,
                             size_t len)
{
    if (pl->cap_moves < len) {
        wr_plan_edge *nm = wri_alloc_zero(&pl->alloc, pl->cap_steps, sizeof *nm);
        if (nm == NULL)
            return WRI_NOMEM();
        wri_free(&pl->alloc, pl->moves, pl->cap_moves, sizeof *pl->moves);
        pl->moves = nm;
        pl->cap_moves = pl->cap_steps;
    }
    const int32_t cells = o->cells;
    wr_plan_edge start = {pl->steps[0].node, 0, 0, WR_STEP_START};
    pl->moves[0] = start;
    for (size_t i = 1; i < len; i++) {
        int32_t s = pl->order[len - 1 - i], u = pl->order[len - i];
        int32_t node = s >= cells ? s - cells : s, unode = u >= cells ? u - cells : u;
        if (pl->via[s] & WR_STEP_RALLY) {
            wr_plan_edge rally = {node, 0, 1, WR_STEP_RALLY};
            pl->moves[i] = rally;
            continue;
        }
        uint32_t fl = 0;
        int k = water_offer(g, o, pl->dist, u, s, pl->dist[s], &fl);
        wr_plan_edge arr[WR_PLAN_MAX_EDGES];
        int m = wri_campaign_moves(g, unode, arr);
        if (k < 0 || k >= m)
            return WRI_FAIL(WR_ERR_STATE, "planner", "a route made of the map's moves");
        pl->moves[i] = arr[k];
    }
    return WR_OK;
}

/* The state the replay reaches on arrival, step by step as the replay
   functions count (see force.c). */
static void predict_arrival(const wr_planner *pl, const search_opts *o, const wr_route *r,
                            const wr_force_state *start, wr_force_state *out)
{
    const int P = (int)o->daily;
    wr_force_state f = *start;
    for (size_t i = 1; i < r->step_count; i++) {
        const wr_plan_edge *e = &pl->moves[i];
        const int d = r->steps[i].day;
        const int moved = f.points_spent > 0 || f.unformed_today;
        if (e->days > 0) { /* rally or crossing: the day ends first when the force moved */
            if (moved) {
                f.unformed_days += f.unformed_today;
                f.day++;
            }
            f.points_spent = 0;
            f.points_saved = 0;
            f.unformed_today = 0;
        }
        f.pressing = 0;
        if (e->flags & WR_STEP_RALLY) {
            f.unformed = 0;
            f.rally_days = f.at_rally ? f.rally_days + 1 : 1;
            f.at_rally = 1;
            f.day = d + 1;
            continue;
        }
        const uint32_t before = pl->dist[pl->order[r->step_count - i]];
        if (e->days > 0) {
            f.day += e->days; /* the far bank's morning */
            f.points_saved = (d - f.day) * P;
        } else if (d > f.day) { /* pressed on through the nights */
            f.unformed_days += f.unformed_today;
            f.unformed_today = 0;
            f.points_saved = (int)((uint32_t)(d - 1) * o->daily - before);
            f.points_spent = 0;
        }
        f.day = d;
        f.points_spent += e->points;
        f.at_rally = 0;
        f.rally_days = 0;
        if (e->flags & WR_STEP_UNFORMED)
            f.unformed = 1;
        if (f.unformed)
            f.unformed_today = 1;
    }
    *out = f;
}

wr_status wr_planner_plan(wr_planner *planner, const wr_map *map, const wr_plan_params *params,
                          const wr_plan_query *query, wr_hex from, wr_hex to,
                          wr_plan_result *result)
{
    if (planner == NULL)
        return WRI_NULL(planner);
    if (map == NULL)
        return WRI_NULL(map);
    if (params == NULL)
        return WRI_NULL(params);
    if (result == NULL)
        return WRI_NULL(result);
    wr_status st = wri_campaign_check_params(params);
    if (st != WR_OK)
        return WRI_PASS(st);
    wr_force_state start;
    wri_block block;
    plan_start ps;
    int objective = 0;
    st = read_query(map, params, query, &start, &block, &ps, &objective);
    if (st != WR_OK)
        return WRI_PASS(st);
    int32_t goal = wri_campaign_index(map, to);
    if (wri_campaign_index(map, from) < 0)
        return WRI_FAIL_HEX(map, from, "from");
    if (goal < 0)
        return WRI_FAIL_HEX(map, to, "to");
    search_opts o;
    memset(&o, 0, sizeof o);
    o.goal = goal;
    o.limit = UINT32_MAX;
    wri_movegen g;
    const int fewest = objective == WR_OBJECTIVE_FEWEST_UNFORMED &&
                       !(params->options & WR_PLAN_PLAIN_COSTS);

    /* the fewest-unformed search runs on the checked options alone */
    st = map_search(planner, map, params, from, &o, &g, fewest ? 2 : 1, &ps);
    if (st == WR_OK && fewest)
        st = search_fewest_unformed(planner, &g, &o);
    if (st != WR_OK)
        return WRI_PASS(st);
    const int32_t reached = reached_goal(&o, planner->dist);
    wr_plan_result res;
    memset(&res, 0, sizeof res);
    if (planner->dist[reached] == UINT32_MAX) {
        res.outcome = WR_PLAN_NO_ROUTE;
        *result = res;
        return WR_OK;
    }
    st = build_route(planner, &o, reached, map, NULL, params->figures,
                     params->mover == WR_MOVER_TRANSPORT, &res.route);
    if (st == WR_OK)
        st = route_moves(planner, &o, &g, res.route.step_count);
    if (st != WR_OK)
        return WRI_PASS(st);
    res.outcome = WR_PLAN_FOUND;
    res.moves = planner->moves;
    predict_arrival(planner, &o, &res.route, &start, &res.arrival);
    *result = res;
    return WR_OK;
}

wr_status wr_planner_plan_field(wr_planner *planner, const wr_map *map,
                                const wr_plan_params *params, const wr_plan_query *query,
                                wr_hex from, wr_arrival *field, size_t count)
{
    if (planner == NULL)
        return WRI_NULL(planner);
    if (map == NULL)
        return WRI_NULL(map);
    if (params == NULL)
        return WRI_NULL(params);
    if (field == NULL)
        return WRI_NULL(field);
    if (count != (size_t)map->count)
        return WRI_FAIL_VALUE(WR_ERR_RANGE, "count", count, "width x height of the map");
    wr_status st = wri_campaign_check_params(params);
    if (st != WR_OK)
        return WRI_PASS(st);
    wr_force_state start;
    wri_block block;
    plan_start ps;
    int objective = 0;
    st = read_query(map, params, query, &start, &block, &ps, &objective);
    if (st != WR_OK)
        return WRI_PASS(st);
    if (objective == WR_OBJECTIVE_FEWEST_UNFORMED)
        return WRI_FAIL(WR_ERR_INVALID, "query->objective",
                        "WR_OBJECTIVE_EARLIEST or WR_OBJECTIVE_EARLIEST_FORMED for a field");
    search_opts o;
    memset(&o, 0, sizeof o);
    o.goal = -1;
    o.limit = UINT32_MAX;
    wri_movegen g;
    st = map_search(planner, map, params, from, &o, &g, 0, &ps);
    if (st != WR_OK)
        return WRI_PASS(st);
    const uint32_t *dist = planner->dist;
    const int any = objective == WR_OBJECTIVE_EARLIEST && o.two;
    for (int32_t i = 0; i < map->count; i++) {
        uint32_t t = dist[i];
        if (any && dist[i + map->count] < t)
            t = dist[i + map->count];
        if (t == UINT32_MAX) {
            field[i].day = -1;
            field[i].points_left = 0;
        } else {
            uint32_t day = game_day(&o, t);
            field[i].day = (int32_t)day;
            field[i].points_left = (int32_t)(day * o.daily - t);
        }
    }
    return WR_OK;
}
