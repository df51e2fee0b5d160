/* Battlesystem pure functions on arbitrary integers: terrain speeds against
   Table 14 of API.md, woods, forest fires, low ground, missile tables and
   mounted removal against their documented results; every error leaves the
   outputs untouched. */
/* The deprecated missile table is fuzzed too, on purpose. */
#define WR_ALLOW_DEPRECATED
#include "fuzz_input.h"
#include "warrules/battlesystem.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define SENT (-0x5A5A5A5)

static int in(int v, int lo, int hi)
{
    return v >= lo && v <= hi;
}

static const unsigned traits_all =
    WR_TRAIT_WOODLAND | WR_TRAIT_MOUNTAIN | WR_TRAIT_SWAMP | WR_TRAIT_AQUATIC;

static unsigned some_bits(fuzz_input *fi)
{
    return fuzz_small(fi, 4) == 0 ? fuzz_u32(fi) : fuzz_u32(fi) & 0x1fu;
}

static void terrain(fuzz_input *fi)
{
    int t = fuzz_small(fi, 6);
    unsigned traits = some_bits(fi);
    int num = SENT, den = SENT;
    wr_status st = wr_terrain_speed((wr_terrain)t, traits, &num, &den);
    if (!in(t, 0, 5) || (traits & ~traits_all)) {
        REQUIRE(st == WR_ERR_INVALID && num == SENT && den == SENT);
        return;
    }
    int wn = 1, wd = 1;
    switch (t) {
    case WR_TERRAIN_ROAD:
        wn = 4, wd = 3;
        break;
    case WR_TERRAIN_WOODS:
        if (!(traits & WR_TRAIT_WOODLAND))
            wn = 2, wd = 3;
        break;
    case WR_TERRAIN_ROUGH:
        if (!(traits & WR_TRAIT_MOUNTAIN))
            wn = 1, wd = 2;
        break;
    case WR_TERRAIN_SWAMP:
        if (!(traits & WR_TRAIT_SWAMP))
            wn = 1, wd = 2;
        break;
    case WR_TERRAIN_WATER:
        if (!(traits & WR_TRAIT_AQUATIC)) {
            REQUIRE(st == WR_ERR_FORBIDDEN && num == SENT && den == SENT);
            return;
        }
        break;
    default:
        break;
    }
    REQUIRE(st == WR_OK && num == wn && den == wd);
}

static void woods(fuzz_input *fi)
{
    int a = fuzz_small(fi, 3), b = fuzz_small(fi, 3), v = SENT;
    wr_status st = wr_woods_may_shoot((wr_woods_pos)a, (wr_woods_pos)b, &v);
    if (in(a, 0, 2) && in(b, 0, 2))
        REQUIRE(st == WR_OK && v == (a != WR_WOODS_IN && b != WR_WOODS_IN));
    else
        REQUIRE(st == WR_ERR_INVALID && v == SENT);
    v = SENT;
    st = wr_woods_melee_modifier((wr_woods_pos)a, (wr_woods_pos)b, &v);
    if (in(a, 0, 2) && in(b, 0, 2))
        REQUIRE(st == WR_OK && v == 0);
    else
        REQUIRE(st == WR_ERR_INVALID && v == SENT);

    int o = fuzz_small(fi, 50), e = fuzz_small(fi, 50), i = fuzz_small(fi, 50);
    if (fuzz_small(fi, 4) == 0)
        o = fuzz_shift(fuzz_small(fi, 0), 100000);
    v = SENT;
    st = wr_woods_firing_figures(o, e, i, (wr_woods_pos)b, &v);
    if (in(o, 0, 100000) && in(e, 0, 100000) && in(i, 0, 100000) && in(b, 0, 2))
        REQUIRE(st == WR_OK && in(v, 0, o + e + i) && (b != WR_WOODS_IN || v == 0));
    else
        REQUIRE(st != WR_OK && v == SENT);

    unsigned traits = some_bits(fi);
    v = SENT;
    st = wr_woods_sight_range(traits, &v);
    if (traits & ~traits_all)
        REQUIRE(st == WR_ERR_INVALID && v == SENT);
    else
        REQUIRE(st == WR_OK && v == ((traits & WR_TRAIT_WOODLAND) ? 72 : 12));
}

static void fire(fuzz_input *fi)
{
    int wind = fuzz_small(fi, 3), turns = fuzz_small(fi, 50);
    if (fuzz_small(fi, 4) == 0)
        turns = fuzz_shift(fuzz_small(fi, 0), 1000);
    wr_fire_area area, before;
    memset(&area, 0x5A, sizeof area);
    before = area;
    wr_status st = wr_forest_fire_area((wr_fire_wind)wind, turns, &area);
    if (!in(wind, 0, 2) || !in(turns, 0, 1000)) {
        REQUIRE(st != WR_OK && memcmp(&area, &before, sizeof area) == 0);
        return;
    }
    REQUIRE(st == WR_OK);
    if (wind == WR_FIRE_WIND_CALM) {
        REQUIRE(area.shape == WR_FIRE_CIRCLE && area.width == 2 + 4 * turns &&
                area.length == area.width && area.area == 0 &&
                (int64_t)area.area_pi * 4 == (int64_t)area.width * area.width);
    } else {
        int grow = wind == WR_FIRE_WIND_LIGHT ? 4 : 8;
        REQUIRE(area.shape == WR_FIRE_RECTANGLE && area.width == 2 + 4 * turns &&
                area.length == 4 + grow * turns && area.area_pi == 0 &&
                (int64_t)area.area == (int64_t)area.width * area.length);
    }
}

static void combat(fuzz_input *fi)
{
    int low = fuzz_small(fi, 4), edge = fuzz_small(fi, 2), v = SENT;
    wr_status st = wr_low_ground_ar_modifier((wr_low_ground)low, edge, &v);
    if (in(low, 0, 3) && in(edge, 0, 1))
        REQUIRE(st == WR_OK && v == ((low != WR_LOW_NONE && edge) ? 4 : 0));
    else
        REQUIRE(st == WR_ERR_INVALID && v == SENT);

    wr_missile_table table = wr_missile_table_default();
    for (int t = 0; t < WR_TERRAIN_COUNT; t++)
        REQUIRE(table.modifier[t] == 0);
    for (int t = 0; t < WR_TERRAIN_COUNT; t++)
        table.modifier[t] = fuzz_small(fi, 4) == 0 ? fuzz_int(fi) : fuzz_shift(fuzz_small(fi, 200), -100);
    int t = fuzz_small(fi, 6);
    v = SENT;
    st = wr_missile_terrain_modifier(&table, (wr_terrain)t, &v);
    if (!in(t, 0, 5))
        REQUIRE(st == WR_ERR_INVALID && v == SENT);
    else if (!in(table.modifier[t], -100, 100))
        REQUIRE(st == WR_ERR_RANGE && v == SENT);
    else
        REQUIRE(st == WR_OK && v == table.modifier[t]);

    unsigned parts = some_bits(fi) & (fuzz_small(fi, 2) ? 0x3u : ~0u);
    v = SENT;
    st = wr_mounted_removed(parts, &v);
    if (parts & ~(WR_PART_RIDER | WR_PART_STEED))
        REQUIRE(st == WR_ERR_INVALID && v == SENT);
    else
        REQUIRE(st == WR_OK && v == (parts != 0));
}


/* wr_terrain_speed_batch against wr_terrain_speed item by item. */
static void terrain_batch(fuzz_input *fi)
{
    int t[8], num[8], den[8];
    unsigned traits[8];
    size_t n = (size_t)(fuzz_small(fi, 8) & 7);
    for (size_t i = 0; i < n; i++) {
        t[i] = fuzz_small(fi, 6);
        traits[i] = (unsigned)fuzz_small(fi, 16);
    }
    for (int i = 0; i < 8; i++)
        num[i] = den[i] = SENT;
    size_t bad = 9999;
    wr_status st = wr_terrain_speed_batch(n, n ? t : NULL, n ? traits : NULL, num, den, &bad);
    size_t first = n;
    wr_status want = WR_OK;
    for (size_t i = 0; i < n && first == n; i++) {
        int a = 0, b = 0;
        wr_status e = wr_terrain_speed((wr_terrain)t[i], traits[i], &a, &b);
        if (e != WR_OK) {
            first = i;
            want = e;
        }
    }
    REQUIRE(st == want);
    for (size_t i = 0; i < 8; i++) {
        if (st != WR_OK || i >= n) {
            REQUIRE(num[i] == SENT && den[i] == SENT);
            continue;
        }
        int a = 0, b = 0;
        REQUIRE(wr_terrain_speed((wr_terrain)t[i], traits[i], &a, &b) == WR_OK && a == num[i] &&
                b == den[i]);
    }
    REQUIRE(st == WR_OK ? bad == 9999 : bad == first);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_input fi = {data, size, 0};
    wr_battle_unit_desc d = wr_battle_unit_desc_default();
    REQUIRE(d.figures == 1 && d.in_command == 1 && d.type == WR_UNIT_TYPE_FOOT);
    while (fuzz_more(&fi)) {
        switch (fuzz_small(&fi, 5) & 7) {
        case 4:
        case 5:
            terrain_batch(&fi);
            break;
        case 0:
            terrain(&fi);
            break;
        case 1:
            woods(&fi);
            break;
        case 2:
            fire(&fi);
            break;
        default:
            combat(&fi);
            break;
        }
    }
    return 0;
}
