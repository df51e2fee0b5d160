/* The hex map: storage in the odd-r offset layout, terrain, features,
   regions, hexsides, water courses and coastal waters. */
#include <string.h>

#include "internal.h"

/* {row delta, column delta} of the six neighbours, by row parity. */
const int32_t wri_campaign_nb_delta_unit[2][6][2] = {
    {{0, 1}, {-1, 0}, {-1, -1}, {0, -1}, {1, -1}, {1, 0}},
    {{0, 1}, {-1, 1}, {-1, 0}, {0, -1}, {1, 0}, {1, 1}},
};

int32_t wri_campaign_index(const wr_map *map, wr_hex hex)
{
    if (hex.r < 0 || hex.r >= map->height)
        return -1;
    int64_t col = (int64_t)hex.q + (hex.r >> 1);
    if (col < 0 || col >= map->width)
        return -1;
    return (int32_t)((int64_t)hex.r * map->width + col);
}

wr_status wri_campaign_fail_hex(const char *fn, const wr_map *map, wr_hex hex, const char *arg_q,
                                const char *arg_r)
{
    if (hex.r < 0 || hex.r >= map->height)
        return wri_fail(WR_ERR_RANGE, fn, arg_r, hex.r, 1, "the map's rows, 0..height - 1");
    return wri_fail(WR_ERR_RANGE, fn, arg_q, hex.q, 1,
                    "the map's columns in that row, 0 <= q + floor(r / 2) < width");
}

wr_hex wri_campaign_hex(const wr_map *map, int32_t index)
{
    int row = index / map->width, col = index % map->width;
    wr_hex h = {col - (row >> 1), row};
    return h;
}

wr_status wr_map_new_ex(int width, int height, const wr_allocator *alloc, wr_map **out)
{
    if (out == NULL)
        return WRI_NULL(out);
    if (width < 1 || width > WR_MAP_MAX_EXTENT)
        return WRI_FAIL_VALUE(WR_ERR_RANGE, "width", width, "1..16384 (WR_MAP_MAX_EXTENT)");
    if (height < 1 || height > WR_MAP_MAX_EXTENT)
        return WRI_FAIL_VALUE(WR_ERR_RANGE, "height", height, "1..16384 (WR_MAP_MAX_EXTENT)");
    if ((int64_t)width * height > WR_MAP_MAX_HEXES)
        return WRI_FAIL_VALUE(WR_ERR_RANGE, "height", height,
                              "width x height at most 2^24 (WR_MAP_MAX_HEXES)");
    wr_allocator a;
    wr_status st = wri_allocator_init(&a, alloc);
    if (st != WR_OK)
        return WRI_PASS(st);
    size_t n = (size_t)width * (size_t)height;
    wr_map *m = wri_alloc_zero(&a, 1, sizeof *m);
    if (m == NULL)
        return WRI_NOMEM();
    m->alloc = a;
    m->width = width;
    m->height = height;
    m->count = (int32_t)n;
    m->cells = wri_alloc_zero(&a, n, sizeof *m->cells);
    if (m->cells == NULL) {
        wr_map_free(m);
        return WRI_NOMEM();
    }
    for (int row = 0; row < height; row++) {
        unsigned odd = (unsigned)row & 1u;
        for (int col = 0; col < width; col++) {
            wri_cell *c = &m->cells[(size_t)row * (size_t)width + (size_t)col];
            c->terrain = WR_HEX_CLEAR;
            c->water = WRI_WATER_NONE;
            const unsigned mask = wri_nb_on_map(row, col, width, height);
            c->nb = (uint8_t)(mask | (odd ? WRI_ODD_ROW : 0u));
        }
    }
    *out = m;
    return WR_OK;
}

wr_status wr_map_new(int width, int height, wr_map **out)
{
    return WRI_PASS(wr_map_new_ex(width, height, NULL, out));
}

void wr_map_free(wr_map *map)
{
    if (map == NULL)
        return;
    wr_allocator a = map->alloc;
    size_t n = (size_t)map->count;
    wri_free(&a, map->cells, n, sizeof *map->cells);
    wri_regions_free(&map->regions, &a, map->count);
    wri_free(&a, map, 1, sizeof *map);
}

wr_status wr_map_size(const wr_map *map, int *width, int *height)
{
    if (map == NULL)
        return WRI_NULL(map);
    if (width == NULL)
        return WRI_NULL(width);
    if (height == NULL)
        return WRI_NULL(height);
    *width = map->width;
    *height = map->height;
    return WR_OK;
}

wr_status wr_map_has_hex(const wr_map *map, wr_hex hex, int *inside)
{
    if (map == NULL)
        return WRI_NULL(map);
    if (inside == NULL)
        return WRI_NULL(inside);
    *inside = wri_campaign_index(map, hex) >= 0;
    return WR_OK;
}

wr_status wr_map_index(const wr_map *map, wr_hex hex, int32_t *index)
{
    if (map == NULL)
        return WRI_NULL(map);
    if (index == NULL)
        return WRI_NULL(index);
    int32_t i = wri_campaign_index(map, hex);
    if (i < 0)
        return WRI_FAIL_HEX(map, hex, "hex");
    *index = i;
    return WR_OK;
}

wr_status wr_map_hex(const wr_map *map, int32_t index, wr_hex *hex)
{
    if (map == NULL)
        return WRI_NULL(map);
    if (hex == NULL)
        return WRI_NULL(hex);
    if (index < 0 || index >= map->count)
        return WRI_FAIL_VALUE(WR_ERR_RANGE, "index", index, "0..width x height - 1");
    *hex = wri_campaign_hex(map, index);
    return WR_OK;
}

/* A 64-bit mixer (the finalizer of splitmix64). */
static uint64_t mix64(uint64_t x)
{
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9u;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebu;
    return x ^ (x >> 31);
}

/* Records a change: what kind of setter, the index it wrote, the value. */
static void map_changed(wr_map *map, unsigned kind, int32_t index, uint64_t value)
{
    const unsigned slot = (unsigned)((map->generation + 1u) % WRI_MAP_LOG);
    map->log_index[slot] = index;
    map->log_before[slot] = map->history;
    map->generation++;
    map->history = mix64(map->history ^ ((uint64_t)kind << 32 | (uint32_t)index));
    map->history = mix64(map->history ^ value);
}

enum { CHANGE_TERRAIN = 1, CHANGE_FEATURES, CHANGE_REGIONS, CHANGE_SIDE, CHANGE_WATER };

/* Looks a hex up for a getter or setter. */
#define LOOKUP(map, hex, idx)                   \
    int32_t idx = wri_campaign_index(map, hex); \
    if (idx < 0)                                \
    return WRI_FAIL_HEX(map, hex, #hex)

/* A getter's or setter's checks: map, and a getter's result `out` (named
   out_name; NULL for a setter), not NULL, and hex on the map, whose index
   goes to *index. */
static wr_status hex_index(const wr_map *map, wr_hex hex, const void *out, const char *out_name,
                           int32_t *index)
{
    if (map == NULL)
        return WRI_NULL(map);
    if (out_name != NULL && out == NULL)
        return wri_fail(WR_ERR_NULL, __func__, out_name, 0, 0, "a non-NULL pointer");
    LOOKUP(map, hex, i);
    *index = i;
    return WR_OK;
}

/* Adds delta to the coast count of every hex within two of idx. */
static void coast_count_add(wr_map *map, wr_hex hex, int delta)
{
    for (int dq = -2; dq <= 2; dq++) {
        for (int dr = -2; dr <= 2; dr++) {
            int ds = -dq - dr;
            if (ds < -2 || ds > 2)
                continue;
            wr_hex h = {hex.q + dq, hex.r + dr};
            int32_t i = wri_campaign_index(map, h);
            if (i >= 0)
                map->cells[i].coast_near = (uint8_t)(map->cells[i].coast_near + delta);
        }
    }
}

/* The setters of a hex's terrain, features and regions (kind), after the
   checks of map and hex: the value's check (naming arg), the coast counts,
   the change. */
static wr_status set_value(wr_map *map, wr_hex hex, unsigned kind, const char *arg, long long value)
{
    int32_t i = 0;
    wr_status st = hex_index(map, hex, NULL, NULL, &i);
    if (st != WR_OK)
        return st;
    if (kind == CHANGE_TERRAIN) {
        if (value < 0 || value >= WR_HEX_TERRAIN_COUNT)
            return WRI_FAIL_VALUE(WR_ERR_INVALID, arg, value, "a wr_hex_terrain (0..7)");
        int old = map->cells[i].terrain;
        if (old == WR_HEX_COAST && value != WR_HEX_COAST)
            coast_count_add(map, hex, -1);
        else if (old != WR_HEX_COAST && value == WR_HEX_COAST)
            coast_count_add(map, hex, 1);
        map->cells[i].terrain = (uint8_t)value;
    } else if (kind == CHANGE_FEATURES) {
        if (value & ~(long long)WR_FEATURE_ALL)
            return WRI_FAIL_VALUE(WR_ERR_INVALID, arg, value, "WR_FEATURE_ALL bits");
        map->cells[i].features = (uint8_t)value;
    } else if (wri_regions_set(&map->regions, &map->alloc, map->count, i, (uint32_t)value) !=
               WR_OK) {
        return WRI_NOMEM();
    }
    map_changed(map, kind, i, (uint64_t)value);
    return WR_OK;
}

/* The getters of the same: the checks, then the value of kind. */
static wr_status get_value(const wr_map *map, wr_hex hex, unsigned kind, const void *out,
                           const char *out_name, uint32_t *value)
{
    int32_t i = 0;
    wr_status st = hex_index(map, hex, out, out_name, &i);
    if (st != WR_OK)
        return st;
    if (kind == CHANGE_TERRAIN)
        *value = map->cells[i].terrain;
    else if (kind == CHANGE_FEATURES)
        *value = map->cells[i].features;
    else
        *value = wri_regions_tags(&map->regions, i);
    return WR_OK;
}

wr_status wr_map_set_terrain(wr_map *map, wr_hex hex, wr_hex_terrain terrain)
{
    return WRI_PASS(set_value(map, hex, CHANGE_TERRAIN, "terrain", (int)terrain));
}

wr_status wr_map_terrain(const wr_map *map, wr_hex hex, wr_hex_terrain *terrain)
{
    uint32_t v = 0;
    wr_status st = get_value(map, hex, CHANGE_TERRAIN, terrain, "terrain", &v);
    if (st == WR_OK)
        *terrain = (wr_hex_terrain)v;
    return WRI_PASS(st);
}

wr_status wr_map_set_features(wr_map *map, wr_hex hex, unsigned features)
{
    return WRI_PASS(set_value(map, hex, CHANGE_FEATURES, "features", features));
}

wr_status wr_map_features(const wr_map *map, wr_hex hex, unsigned *features)
{
    uint32_t v = 0;
    wr_status st = get_value(map, hex, CHANGE_FEATURES, features, "features", &v);
    if (st == WR_OK)
        *features = v;
    return WRI_PASS(st);
}

wr_status wr_map_set_regions(wr_map *map, wr_hex hex, uint32_t tags)
{
    return WRI_PASS(set_value(map, hex, CHANGE_REGIONS, "tags", tags));
}

wr_status wr_map_regions(const wr_map *map, wr_hex hex, uint32_t *tags)
{
    uint32_t v = 0;
    wr_status st = get_value(map, hex, CHANGE_REGIONS, tags, "tags", &v);
    if (st == WR_OK)
        *tags = v;
    return WRI_PASS(st);
}

/* The cell and slot that store side (i, d); -1 when the neighbour is off the map. */
static int side_slot(const wr_map *map, int32_t i, int d, int32_t *owner)
{
    if (d < 0 || d > 5 || !(map->cells[i].nb & (1u << d)))
        return -1;
    unsigned odd = map->cells[i].nb & WRI_ODD_ROW ? 1u : 0u;
    int32_t nb = wri_nb_index(map, i, odd, d);
    *owner = d < 3 ? i : nb;
    return d < 3 ? d : d - 3;
}

/* A hexside function's checks: hex_index's, then direction towards a
   neighbour on the map; the hex's index, and the cell and slot that store
   the hexside. */
static wr_status side_index(const wr_map *map, wr_hex hex, int direction, const void *out,
                            const char *out_name, int32_t *index, int32_t *owner, int *slot)
{
    wr_status st = hex_index(map, hex, out, out_name, index);
    if (st != WR_OK)
        return st;
    *slot = side_slot(map, *index, direction, owner);
    if (*slot < 0)
        return WRI_FAIL_VALUE(WR_ERR_RANGE, "direction", direction,
                              "0..5 towards a neighbour on the map");
    return WR_OK;
}

wr_status wr_map_set_hexside(wr_map *map, wr_hex hex, int direction, const wr_hexside *side)
{
    int32_t i = 0, owner = 0;
    int slot = 0;
    wr_status st = side_index(map, hex, direction, side, "side", &i, &owner, &slot);
    if (st != WR_OK)
        return WRI_PASS(st);
    if (side->river < WR_NO_RIVER || side->river > WR_RIVER_MAJOR)
        return WRI_FAIL_VALUE(WR_ERR_INVALID, "side->river", side->river,
                              "WR_NO_RIVER, WR_RIVER_MINOR or WR_RIVER_MAJOR");
    if (side->crossing < 0 || side->crossing > WR_CROSS_FORD)
        return WRI_FAIL_VALUE(WR_ERR_INVALID, "side->crossing", side->crossing,
                              "a wr_crossing (0..3)");
    if (side->river == WR_NO_RIVER && side->crossing != WR_CROSS_OPEN)
        return WRI_FAIL_VALUE(WR_ERR_INVALID, "side->crossing", side->crossing,
                              "WR_CROSS_OPEN without a river");
    if (side->river == WR_RIVER_MAJOR && side->crossing == WR_CROSS_FORD)
        return WRI_FAIL(WR_ERR_INVALID, "side->crossing", "[Crossing] no ford on a major river");
    unsigned b = (unsigned)side->river | ((unsigned)side->crossing << 2) |
                 (side->road ? WRI_SIDE_ROAD : 0u) | (side->track ? WRI_SIDE_TRACK : 0u);
    map->cells[owner].side[slot] = (uint8_t)b;
    map_changed(map, CHANGE_SIDE, owner, (uint64_t)slot << 8 | b);
    return WR_OK;
}

wr_status wr_map_hexside(const wr_map *map, wr_hex hex, int direction, wr_hexside *side)
{
    int32_t i = 0, owner = 0;
    int slot = 0;
    wr_status st = side_index(map, hex, direction, side, "side", &i, &owner, &slot);
    if (st != WR_OK)
        return WRI_PASS(st);
    unsigned b = map->cells[owner].side[slot];
    wr_hexside s = {(int)WRI_SIDE_RIVER(b), (int)WRI_SIDE_CROSSING(b), (b & WRI_SIDE_ROAD) != 0,
                    (b & WRI_SIDE_TRACK) != 0};
    *side = s;
    return WR_OK;
}

wr_status wr_map_set_watercourse(wr_map *map, wr_hex hex, int downstream, unsigned flags)
{
    if (map == NULL)
        return WRI_NULL(map);
    LOOKUP(map, hex, i);
    if (downstream == WR_NO_WATERCOURSE) {
        if (flags != 0)
            return WRI_FAIL_VALUE(WR_ERR_INVALID, "flags", flags, "0 without a water course");
        map->cells[i].water = WRI_WATER_NONE;
        map_changed(map, CHANGE_WATER, i, WRI_WATER_NONE);
        return WR_OK;
    }
    if (downstream < 0 || downstream > 5 || !(map->cells[i].nb & (1u << downstream)))
        return WRI_FAIL_VALUE(WR_ERR_RANGE, "downstream", downstream,
                              "0..5 towards a neighbour on the map, or WR_NO_WATERCOURSE");
    if (flags & ~WR_WATER_ALL)
        return WRI_FAIL_VALUE(WR_ERR_INVALID, "flags", flags, "WR_WATER_ALL bits");

    map->cells[i].water = (uint8_t)((unsigned)downstream | (flags << 3));
    map_changed(map, CHANGE_WATER, i, map->cells[i].water);
    return WR_OK;
}

wr_status wr_map_watercourse(const wr_map *map, wr_hex hex, int *downstream, unsigned *flags)
{
    if (map == NULL)
        return WRI_NULL(map);
    if (downstream == NULL)
        return WRI_NULL(downstream);
    if (flags == NULL)
        return WRI_NULL(flags);
    LOOKUP(map, hex, i);
    unsigned w = map->cells[i].water;
    *downstream = WRI_WATER_DIR(w) == WRI_WATER_NONE ? WR_NO_WATERCOURSE : (int)WRI_WATER_DIR(w);
    *flags = WRI_WATER_FLAGS(w);
    return WR_OK;
}

static wr_zone zone_of(const wri_cell *c)
{
    switch (c->terrain) {
    case WR_HEX_SEA: return c->coast_near ? WR_ZONE_COASTAL_WATERS : WR_ZONE_OPEN_SEA;
    case WR_HEX_COAST: return WR_ZONE_COAST;
    case WR_HEX_LAKE: return WR_ZONE_LAKE;
    default: return WR_ZONE_LAND;
    }
}

wr_status wr_map_zone(const wr_map *map, wr_hex hex, wr_zone *zone)
{
    int32_t i = 0;
    wr_status st = hex_index(map, hex, zone, "zone", &i);
    if (st == WR_OK)
        *zone = zone_of(&map->cells[i]);
    return WRI_PASS(st);
}

wr_status wr_map_is_visible(const wr_map *map, wr_hex a, wr_hex b, int *visible)
{
    if (map == NULL)
        return WRI_NULL(map);
    if (visible == NULL)
        return WRI_NULL(visible);
    LOOKUP(map, a, ia);
    LOOKUP(map, b, ib);
    wr_zone za = zone_of(&map->cells[ia]), zb = zone_of(&map->cells[ib]);
    int shore_a = za == WR_ZONE_LAND || za == WR_ZONE_COAST;
    int shore_b = zb == WR_ZONE_LAND || zb == WR_ZONE_COAST;
    *visible = !((za == WR_ZONE_OPEN_SEA && shore_b) || (zb == WR_ZONE_OPEN_SEA && shore_a));
    return WR_OK;
}

wr_status wr_map_is_on_route(const wr_map *map, wr_hex hex, int direction, int *on_route)
{
    int32_t i = 0, owner = 0;
    int slot = 0;
    wr_status st = side_index(map, hex, direction, on_route, "on_route", &i, &owner, &slot);
    if (st != WR_OK)
        return WRI_PASS(st);
    unsigned b = map->cells[owner].side[slot];
    unsigned odd = map->cells[i].nb & WRI_ODD_ROW ? 1u : 0u;
    int32_t nb = wri_nb_index(map, i, odd, direction);
    int water = WRI_WATER_DIR(map->cells[i].water) == (unsigned)direction ||
                WRI_WATER_DIR(map->cells[nb].water) == (unsigned)((direction + 3) % 6);
    *on_route = (b & (WRI_SIDE_ROAD | WRI_SIDE_TRACK)) != 0 || water;
    return WR_OK;
}

wr_status wr_map_hexside_index(const wr_map *map, wr_hex hex, int direction, int32_t *index)
{
    int32_t i = 0, owner = 0;
    int slot = 0;
    wr_status st = side_index(map, hex, direction, index, "index", &i, &owner, &slot);
    if (st != WR_OK)
        return WRI_PASS(st);
    *index = owner * 3 + slot;
    return WR_OK;
}

wr_status wr_map_check_rivers(const wr_map *map, int *problem, wr_hex *hex, int *direction)
{
    if (map == NULL)
        return WRI_NULL(map);
    if (problem == NULL)
        return WRI_NULL(problem);
    if (hex == NULL)
        return WRI_NULL(hex);
    if (direction == NULL)
        return WRI_NULL(direction);
    for (int32_t i = 0; i < map->count; i++) {
        const wri_cell *c = &map->cells[i];
        unsigned d = WRI_WATER_DIR(c->water);
        if (d == WRI_WATER_NONE)
            continue;
        int32_t owner = 0;
        int slot = side_slot(map, i, (int)d, &owner);
        const wri_cell *down =
            &map->cells[wri_nb_index(map, i, (c->nb & WRI_ODD_ROW) ? 1u : 0u, (int)d)];
        int p = WR_RIVERS_OK;
        if (WRI_SIDE_RIVER(map->cells[owner].side[slot]) != WR_NO_RIVER)
            p = WR_RIVERS_HEXSIDE_ON_COURSE;
        else if (WRI_WATER_DIR(down->water) == WRI_WATER_NONE && down->terrain != WR_HEX_SEA &&
                 down->terrain != WR_HEX_COAST && down->terrain != WR_HEX_LAKE)
            p = WR_RIVERS_DEAD_END;
        if (p != WR_RIVERS_OK) {
            *problem = p;
            *hex = wri_campaign_hex(map, i);
            *direction = (int)d;
            return WR_OK;
        }
    }
    *problem = WR_RIVERS_OK;
    return WR_OK;
}
