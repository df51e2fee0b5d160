/* What the planner keeps from query to query: its arrays by state (labels,
   parents, moves, settled order), and what its land searches read of a
   map: the land move table of the last parameters, built key by key, and
   the records by hex (keys, plain costs, the full rules' palette indices). */
#include "planner_ring.h"

/* Frees the arrays by state (labels, parents, moves, order, dirty blocks). */
void wri_planner_free_states(wr_planner *p)
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

/* Room for n states in the labels, and the bucket pool's first chunks: it
   grows with the frontier of the searches (take_chunk()). The parents,
   moves, order and marks of written blocks are allocated by the queries
   that read them (wri_planner_ensure_paths()). */
wr_status wri_planner_ensure_states(wr_planner *p, size_t n)
{
    if (p->cap >= n)
        return WR_OK;
    wri_planner_free_states(p);
    const wr_allocator *a = &p->alloc;
    p->dist = wri_alloc_zero(a, n, sizeof *p->dist);
    p->cap = n;
    if (!p->dist || pool_grow(p, 256u) != WR_OK) {
        wri_planner_free_states(p);
        return WRI_NOMEM();
    }
    return WR_OK;
}

/* The order of settled states (reachable sets, the marks of A*'s
   rebuilding, the steps of a route) and the marks of written blocks (a
   reachable set's and the plain A*'s labels), and with parents the parents
   and moves (routes, plans), for the states of the labels: allocated by
   the first query that reads them, so that fields never hold them. */
wr_status wri_planner_ensure_paths(wr_planner *p, int parents)
{
    const wr_allocator *a = &p->alloc;
    if (p->order == NULL) {
        p->order = wri_alloc_zero(a, p->cap, sizeof *p->order);
        p->mark_base = 0;
    }
    if (p->dirty == NULL) {
        p->dirty = wri_alloc_zero(a, dirty_blocks(p->cap), 1);
        p->dirty_cells = 0; /* none marked: the next search clears every label */
    }
    if (parents && p->parent == NULL)
        p->parent = wri_alloc_zero(a, p->cap, sizeof *p->parent);
    if (parents && p->via == NULL)
        p->via = wri_alloc_zero(a, p->cap, sizeof *p->via);
    if (p->order == NULL || p->dirty == NULL || (parents && (p->parent == NULL || p->via == NULL)))
        return WRI_NOMEM();
    return WR_OK;
}

/* The table keys of the moves from hex idx into its neighbours into rec,
   then the row's parity and the epoch (see wr_planner). */
static void build_key(const fastgen *f, unsigned key);

/* The keys of hex idx (0xffff: off the map) and its row's parity, each
   key built. */
static unsigned keys_of(const fastgen *f, int32_t idx, uint16_t key[6])
{
    const wri_cell *c = &f->cells[idx];
    const unsigned odd = (c->nb & WRI_ODD_ROW) ? 1u : 0u;
    const unsigned timber = c->terrain == WR_HEX_FOREST || c->terrain == WR_HEX_SWAMP;
    for (int d = 0; d < 6; d++) {
        key[d] = 0xffffu;
        if (!(c->nb & (1u << d)))
            continue;
        const int32_t to = idx + f->delta[odd][d];
        const wri_cell *n = &f->cells[to];
        const unsigned side = d < 3 ? c->side[d] : n->side[d - 3];
        const unsigned home = f->home != 0 && (wri_regions_tags(f->regions, to) & f->home) != 0;
        key[d] = (uint16_t)wri_table_key(n->terrain, side, timber, home);
        if (!f->owner->built[key[d]])
            build_key(f, key[d]);
    }
    return odd;
}

void wri_planner_fill_keys(const fastgen *f, int32_t idx, uint16_t *rec)
{
    rec[6] = (uint16_t)keys_of(f, idx, rec);
    rec[7] = f->epoch;
}

/* The plain costs of hex idx into the planner's costs (see wr_planner). */
/* From the keys k (the parity in k[6]). */
static void costs_from(const fastgen *f, const uint16_t *k, uint8_t *h)
{
    for (int d = 0; d < 6; d++) {
        const uint32_t cost = k[d] == 0xffffu ? UINT32_MAX : f->ptable[k[d]];
        /* below 0xff: see wri_planner_hex_records() */
        h[d] = cost == UINT32_MAX ? 0xffu : (uint8_t)cost;
    }
    h[6] = (uint8_t)k[6];
    h[7] = f->epoch;
}

void wri_planner_fill_costs(const fastgen *f, int32_t idx, uint8_t *h)
{
    uint16_t k[8];
    costs_from(f, hex_keys(f, idx, k), h);
}

/* The code of table key `key` for the full rules' field (see struct wr_planner). */
static unsigned rules_code(wr_planner *pl, const fastgen *f, unsigned key)
{
    unsigned c = pl->rules_code[key];
    if (c != 0)
        return c - 1u;
    const wri_tentry *te = &f->table[key];
    if (te->count == 0) {
        c = 0xffu;
    } else if (te->count == 1 && (uint32_t)te->e[0].points < (1u << 20) &&
               (uint32_t)te->e[0].days < 256u && pl->rules_pal_count < 0xfeu) {
        c = pl->rules_pal_count++;
        pl->rules_pal[c] = (uint32_t)te->e[0].points | (uint32_t)te->e[0].days << 20 |
                           ((te->e[0].flags & WR_STEP_UNFORMED) ? 1u << 28 : 0u);
    } else {
        c = 0xfeu;
    }
    pl->rules_code[key] = (uint16_t)(c + 1u);
    return c;
}

/* The record of hex idx for the full rules' field, from its keys. */
static void rules_from(wr_planner *pl, const fastgen *f, const uint16_t *k, uint8_t *rec)
{
    for (int d = 0; d < 6; d++)
        rec[d] = (uint8_t)(k[d] == 0xffffu ? 0xffu : rules_code(pl, f, k[d]));
    rec[6] = (uint8_t)k[6];
}

static wr_status ensure_records(wr_planner *pl, void **records, size_t *cap, size_t n, size_t size);

static map_stamp stamp_of(const wr_map *map)
{
    map_stamp s = {map, map->width, map->height, map->generation, map->history};
    return s;
}

/* Whether stamp s is of map as it stands. */
static int stamp_is(const map_stamp *s, const wr_map *map)
{
    return s->map == map && s->width == map->width && s->height == map->height &&
           s->generation == map->generation && s->history == map->history;
}

/* Whether map is the one stamped in s after at most WRI_MAP_LOG changes
   more, all still in its log: the map's history before the first of them
   is the stamp's (see struct wr_map). */
static int stamp_behind(const map_stamp *s, const wr_map *map)
{
    if (s->map != map || s->width != map->width || s->height != map->height ||
        map->generation <= s->generation || map->generation - s->generation > WRI_MAP_LOG)
        return 0;
    return map->log_before[(s->generation + 1u) % WRI_MAP_LOG] == s->history;
}

/* Forgets the records (of `size` bytes) that the cells changed since stamp
   s reach, each changed hex's and its neighbours' (a record reads the
   hex's cell and its neighbours'), by writing `mark` into the `len` bytes
   at byte `at` of each: an epoch of 0 (never filled) for the keys and
   plain costs, WRI_RULES_UNFILLED in the rules records' parity byte. */
static void forget_changed(const map_stamp *s, const wr_map *map, void *records, size_t size,
                           size_t at, size_t len, uint8_t mark)
{
    for (uint64_t g = s->generation + 1u; g <= map->generation; g++) {
        const int32_t idx = map->log_index[g % WRI_MAP_LOG];
        const wri_cell *c = &map->cells[idx];
        const unsigned odd = (c->nb & WRI_ODD_ROW) ? 1u : 0u;
        for (int d = -1; d < 6; d++) {
            if (d >= 0 && !(c->nb & (1u << d)))
                continue;
            const int32_t hex = d < 0 ? idx : wri_nb_index(map, idx, odd, d);
            memset((uint8_t *)records + (size_t)hex * size + at, mark, len);
        }
    }
}

/* The records of the full rules' field for this map and the table's parameters:
   a new epoch (and codes) when either changed; a few edits of the map
   forget only the records they reach. */
wr_status wri_planner_rules_records(wr_planner *pl, const wr_map *map)
{
    const size_t n = (size_t)map->count;
    void *rules = pl->rules;
    if (pl->cap_rules < n) {
        pl->rules_full = 0;
        pl->rules_stale = 1; /* new records: zeroes */
    }
    wr_status st = ensure_records(pl, &rules, &pl->cap_rules, n, WRI_RULES_BYTES);
    pl->rules = rules;
    if (st != WR_OK)
        return st;
    if (pl->rules_valid && stamp_is(&pl->rules_map, map) &&
        memcmp(&pl->rules_for, &pl->table_for, sizeof pl->rules_for) == 0)
        return WR_OK;
    if (pl->rules_valid && stamp_behind(&pl->rules_map, map) &&
        memcmp(&pl->rules_for, &pl->table_for, sizeof pl->rules_for) == 0) {
        forget_changed(&pl->rules_map, map, pl->rules, WRI_RULES_BYTES, 6u, 1u, WRI_RULES_UNFILLED);
        pl->rules_map = stamp_of(map);
        pl->rules_full = 0;
        return WR_OK;
    }
    pl->rules_full = 0;
    pl->rules_stale = 1;
    memset(pl->rules_code, 0, sizeof pl->rules_code);
    pl->rules_pal_count = 0;
    pl->rules_valid = 1;
    pl->rules_map = stamp_of(map);
    memcpy(&pl->rules_for, &pl->table_for, sizeof pl->rules_for); /* bytes, for memcmp() */
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
   if it is wrong: the A* is then not trusted (route_search() in
   planner_map.c). */
void wri_planner_new_land_table(wr_planner *pl, const fastgen *f, int home)
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
    return stamp_is(&pl->records_map, map);
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

/* Frees records of `size` bytes; the caller sets its pointer to NULL. */
static void drop_records(wr_planner *pl, void *records, size_t *cap, size_t size)
{
    wri_free(&pl->alloc, records, *cap, size);
    *cap = 0;
}

/* The planner's records by hex for this map and the table's parameters (a
   new table: new parameters): the keys when the search reads them
   (read_keys), and the plain costs for a plain search unless a plain cost
   may not fit below 0xff (then NULL: no move costs more than max_delta,
   points + whole days x P). A new epoch forgets every hex filled before,
   and frees the records this search does not read. */
wr_status wri_planner_hex_records(wr_planner *pl, const wr_map *map, int new_table, int plain,
                                  int read_keys, fastgen *f)
{
    const size_t n = (size_t)map->count;
    const int costs = plain && f->g->max_delta < 0xff;
    const int edits = !new_table && stamp_behind(&pl->records_map, map);
    const int new_epoch = !edits && (new_table || !records_for_map(pl, map));
    if (new_epoch && !read_keys) {
        drop_records(pl, pl->keys, &pl->cap_keys, 8u * sizeof *pl->keys);
        pl->keys = NULL;
    }
    if (new_epoch && !costs) {
        drop_records(pl, pl->costs, &pl->cap_costs, 8u);
        pl->costs = NULL;
    }
    void *keys = pl->keys, *costs_rec = pl->costs;
    if (pl->cap_keys < n)
        pl->keys_full = 0;
    if (pl->cap_costs < n)
        pl->costs_full = 0;
    wr_status st = WR_OK;
    if (read_keys) {
        st = ensure_records(pl, &keys, &pl->cap_keys, n, 8u * sizeof *pl->keys);
        pl->keys = keys;
    }
    if (st == WR_OK && costs) {
        st = ensure_records(pl, &costs_rec, &pl->cap_costs, n, 8u);
        pl->costs = costs_rec;
        f->costs = pl->costs;
    }
    if (st != WR_OK)
        return st;
    if (edits) { /* a few edits */
        if (pl->keys != NULL && pl->cap_keys >= n)
            forget_changed(&pl->records_map, map, pl->keys, 8u * sizeof *pl->keys,
                           7u * sizeof *pl->keys, sizeof *pl->keys, 0u);
        if (pl->costs != NULL && pl->cap_costs >= n)
            forget_changed(&pl->records_map, map, pl->costs, 8u, 7u, 1u, 0u);
        pl->records_map = stamp_of(map);
        pl->keys_full = 0;
        pl->costs_full = 0;
    } else if (new_epoch) {
        pl->keys_full = 0;
        pl->costs_full = 0;
        if (++pl->epoch == 0) {
            if (pl->keys != NULL)
                memset(pl->keys, 0, pl->cap_keys * 8u * sizeof *pl->keys);
            if (pl->costs != NULL)
                memset(pl->costs, 0, pl->cap_costs * 8u);
            pl->epoch = 1;
        }
        pl->records_map = stamp_of(map);
    }
    f->keys = pl->cap_keys >= n ? pl->keys : NULL;
    f->epoch = pl->epoch;
    return WR_OK;
}

/* The plain cost byte (see wr_planner) of the move from hex idx, cell c,
   into direction d, from a copy of the plain costs by key (cost; 0x100: the
   key not built yet, then built). */
static inline unsigned cost_into(const fastgen *f, uint16_t *cost, const wri_cell *cells,
                                 const int32_t *delta, int32_t idx, unsigned timber, int d)
{
    const wri_cell *c = &cells[idx];
    if (!(c->nb & (1u << d)))
        return 0xffu;
    const int32_t to = idx + delta[d];
    const wri_cell *n = &cells[to];
    const unsigned side = d < 3 ? c->side[d] : n->side[d - 3];
    const unsigned home = f->home != 0 && (wri_regions_tags(f->regions, to) & f->home) != 0;
    const unsigned key = wri_table_key(n->terrain, side, timber, home);
    unsigned v = cost[key];
    if (v > 0xffu) {
        build_key(f, key);
        v = f->ptable[key] == UINT32_MAX ? 0xffu : (uint8_t)f->ptable[key];
        cost[key] = (uint16_t)v;
    }
    return v;
}

/* The plain costs of every hex not filled in this epoch, from the cells
   (wri_planner_fill_keys() then costs_from(), without the keys between):
   what a new planner's first field spends beside its search, about 11 ns a
   hex through the keys, about 6 here at 1024x1024. The record is built in a
   register and stored once, the map's pointers in locals (a byte stored
   may alias anything). */
static void fill_all_costs(const fastgen *f, int32_t n)
{
    uint16_t cost[WRI_TABLE_KEYS];
    for (unsigned key = 0; key < WRI_TABLE_KEYS; key++)
        cost[key] = !f->owner->built[key]          ? 0x100u
                    : f->ptable[key] == UINT32_MAX ? 0xffu
                                                   : (uint8_t)f->ptable[key];
    const wri_cell *const cells = f->cells;
    uint8_t *const costs = f->costs;
    const uint8_t epoch = f->epoch;
    const uint32_t home = f->home;
    int32_t delta[2][6];
    memcpy(delta, f->delta, sizeof delta);
    for (int32_t i = 0; i < n; i++) {
        uint8_t *h = costs + (size_t)i * 8u;
        if (h[7] == epoch)
            continue;
        const wri_cell *c = &cells[i];
        const unsigned odd = (c->nb & WRI_ODD_ROW) ? 1u : 0u;
        const unsigned timber = c->terrain == WR_HEX_FOREST || c->terrain == WR_HEX_SWAMP;
        if ((c->nb & 0x3fu) == 0x3fu && home == 0) { /* inside the map, every key built */
            const int32_t *dl = delta[odd];
            const wri_cell *n0 = &cells[i + dl[0]], *n1 = &cells[i + dl[1]],
                           *n2 = &cells[i + dl[2]];
            const wri_cell *n3 = &cells[i + dl[3]], *n4 = &cells[i + dl[4]],
                           *n5 = &cells[i + dl[5]];
            const unsigned v0 = cost[wri_table_key(n0->terrain, c->side[0], timber, 0)];
            const unsigned v1 = cost[wri_table_key(n1->terrain, c->side[1], timber, 0)];
            const unsigned v2 = cost[wri_table_key(n2->terrain, c->side[2], timber, 0)];
            const unsigned v3 = cost[wri_table_key(n3->terrain, n3->side[0], timber, 0)];
            const unsigned v4 = cost[wri_table_key(n4->terrain, n4->side[1], timber, 0)];
            const unsigned v5 = cost[wri_table_key(n5->terrain, n5->side[2], timber, 0)];
            if (((v0 | v1 | v2 | v3 | v4 | v5) & 0x100u) == 0) {
                const uint64_t r = (uint64_t)v0 | (uint64_t)v1 << 8 | (uint64_t)v2 << 16 |
                                   (uint64_t)v3 << 24 | (uint64_t)v4 << 32 | (uint64_t)v5 << 40 |
                                   (uint64_t)odd << 48 | (uint64_t)epoch << 56;
                uint8_t rec[8];
                for (int b = 0; b < 8; b++)
                    rec[b] = (uint8_t)(r >> (8 * b));
                memcpy(h, rec, 8u);
                continue;
            }
        }
        uint8_t rec[8];
        for (int d = 0; d < 6; d++)
            rec[d] = (uint8_t)cost_into(f, cost, cells, delta[odd], i, timber, d);
        rec[6] = (uint8_t)odd;
        rec[7] = epoch;
        memcpy(h, rec, 8u);
    }
}

/* Fills every hex's records not filled yet in this epoch, in the map's
   order: the keys, and the plain costs (costs) or the rules records
   (rules). A field reads nearly every hex; filled as its search reaches
   them, in the order of the search, the first field on a map took 8x a
   warm one at 1024x1024 (the records' misses and page faults), where a
   pass in order runs at the speed of memory. Nothing changes but when a
   record is filled (the palette of the rules records may take its codes
   in another order: codes are private). */
void wri_planner_fill_all(wr_planner *pl, const fastgen *f, int costs, int rules)
{
    const int32_t n = f->g->map->count;
    /* the keys of a hex whose own record is not filled: from its record
       when filled, else computed and not kept (the plain costs or rules
       records are what the field reads: 16 bytes a hex less to write) */
    uint16_t k[8];
    if (costs && f->costs != NULL && !pl->costs_full) {
        fill_all_costs(f, n);
        pl->costs_full = 1;
    } else if (!costs && !rules && f->keys != NULL && !pl->keys_full) {
        for (int32_t i = 0; i < n; i++) {
            uint16_t *rec = f->keys + (size_t)i * 8u; /* read_keys: kept */
            if (rec[7] != f->epoch)
                wri_planner_fill_keys(f, i, rec);
        }
        pl->keys_full = 1;
    }
    if (rules && !pl->rules_full) {
        for (int32_t i = 0; i < n; i++) {
            uint8_t *r = pl->rules + (size_t)i * WRI_RULES_BYTES;
            if (!pl->rules_stale && r[6] != WRI_RULES_UNFILLED)
                continue;
            const uint16_t *rec = f->keys != NULL ? f->keys + (size_t)i * 8u : NULL;
            if (rec == NULL || rec[7] != f->epoch) {
                k[6] = (uint16_t)keys_of(f, i, k);
                rec = k;
            }
            rules_from(pl, f, rec, r);
        }
        pl->rules_full = 1;
        pl->rules_stale = 0;
    }
}

/* built_hmin for vessels, from the generator's numbers: the cheapest water
   hex to enter, and the cheapest river move with the tide and the wind (its
   cost halved with the tide, then times the sail percent). */
uint32_t wri_planner_vessel_hmin(const wri_movegen *g, uint32_t daily)
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
wr_status wri_planner_ensure_table(wr_planner *pl)
{
    if (pl->table == NULL)
        pl->table = wri_alloc_zero(&pl->alloc, WRI_TABLE_KEYS, sizeof *pl->table);
    if (pl->ptable == NULL)
        pl->ptable = wri_alloc_zero(&pl->alloc, WRI_TABLE_KEYS, sizeof *pl->ptable);
    if (pl->built == NULL)
        pl->built = wri_alloc_zero(&pl->alloc, WRI_TABLE_KEYS, 1u);
    return pl->table != NULL && pl->ptable != NULL && pl->built != NULL ? WR_OK : WRI_NOMEM();
}
