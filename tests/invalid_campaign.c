/* Bad input for every public function of the campaign module: NULLs,
   numbers out of range, unknown enum values, hexes off the map, a ford on a
   major river; every output keeps its sentinel. */
#include "invalid.h"


#include <stdlib.h>
#include <string.h>

#include "warrules/campaign.h"

#define S WR_SENTINEL

static const int bad_ints[] = {INT32_MIN, -1000000, -1, 1000001, INT32_MAX};
#define N_BAD (sizeof bad_ints / sizeof bad_ints[0])

static wr_hex hx(int q, int r)
{
    wr_hex h = {q, r};
    return h;
}

static void pinned_rules(void **state)
{
    (void)state;
    int x = S, d = S, u = S;
    assert_status(wr_river_crossing(WR_ARM_INFANTRY, WR_RIVER_MINOR, WR_CROSS_FORD, 12, NULL, &d, &u), WR_ERR_NULL);
    assert_status(wr_river_crossing(WR_ARM_INFANTRY, WR_RIVER_MINOR, WR_CROSS_FORD, 12, &x, NULL, &u), WR_ERR_NULL);
    assert_status(wr_river_crossing(WR_ARM_INFANTRY, WR_RIVER_MINOR, WR_CROSS_FORD, 12, &x, &d, NULL), WR_ERR_NULL);
    const int bad_daily[] = {INT32_MIN, -1, 0, 1001, INT32_MAX};
    for (size_t i = 0; i < 5; i++)
        assert_status(wr_river_crossing(WR_ARM_CAVALRY, WR_RIVER_MINOR, WR_CROSS_OPEN, bad_daily[i], &x, &d, &u),
                         WR_ERR_RANGE);
    const int bad_enum[] = {INT32_MIN, -1, 4, 99, INT32_MAX};
    for (size_t i = 0; i < 5; i++) {
        assert_status(wr_river_crossing((wr_arm)bad_enum[i], WR_RIVER_MINOR, WR_CROSS_OPEN, 12, &x, &d, &u),
                         WR_ERR_INVALID);
        assert_status(wr_river_crossing(WR_ARM_INFANTRY, (wr_river)bad_enum[i], WR_CROSS_OPEN, 12, &x, &d, &u),
                         WR_ERR_INVALID);
        assert_status(wr_river_crossing(WR_ARM_INFANTRY, WR_RIVER_MAJOR, (wr_crossing)bad_enum[i], 12, &x, &d, &u),
                         WR_ERR_INVALID);
    }
    assert_status(wr_river_crossing(WR_ARM_INFANTRY, (wr_river)0, WR_CROSS_OPEN, 12, &x, &d, &u), WR_ERR_INVALID);
    assert_status(wr_river_crossing((wr_arm)2, WR_RIVER_MINOR, WR_CROSS_OPEN, 12, &x, &d, &u), WR_ERR_INVALID);
    /* a major-river ford */
    assert_status(wr_river_crossing(WR_ARM_INFANTRY, WR_RIVER_MAJOR, WR_CROSS_FORD, 12, &x, &d, &u), WR_ERR_INVALID);
    assert_status(wr_river_crossing(WR_ARM_CAVALRY, WR_RIVER_MAJOR, WR_CROSS_FORD, 18, &x, &d, &u), WR_ERR_INVALID);
    assert_int_equal(x, S);
    assert_int_equal(d, S);
    assert_int_equal(u, S);

    int h = S;
    assert_status(wr_half_die(3, NULL), WR_ERR_NULL);
    const int bad_d6[] = {INT32_MIN, -1, 0, 7, INT32_MAX};
    for (size_t i = 0; i < 5; i++) {
        assert_status(wr_half_die(bad_d6[i], &h), WR_ERR_RANGE);
        assert_status(wr_raft_timber(bad_d6[i], 0, &h), WR_ERR_RANGE);
        assert_status(wr_raft_timber(bad_d6[i], 1, &h), WR_ERR_RANGE);
    }
    assert_status(wr_raft_timber(3, 0, NULL), WR_ERR_NULL);
    assert_status(wr_stragglers(10, 1, NULL), WR_ERR_NULL);
    for (size_t i = 0; i < N_BAD; i++)
        assert_status(wr_stragglers(bad_ints[i], 2, &h), WR_ERR_RANGE);
    const int bad_half[] = {INT32_MIN, -1, 0, 4, INT32_MAX};
    for (size_t i = 0; i < 5; i++)
        assert_status(wr_stragglers(100, bad_half[i], &h), WR_ERR_RANGE);
    assert_status(wr_stragglers(1000001, 1, &h), WR_ERR_RANGE);
    assert_int_equal(h, S);
}

static void other_rules(void **state)
{
    (void)state;
    int o = S;
    assert_status(wr_stragglers_gathered(10, 5, 1, NULL), WR_ERR_NULL);
    assert_status(wr_stragglers_gathered(-1, 0, 1, &o), WR_ERR_RANGE);
    assert_status(wr_stragglers_gathered(1000001, 0, 1, &o), WR_ERR_RANGE);
    assert_status(wr_stragglers_gathered(10, 11, 1, &o), WR_ERR_RANGE);
    assert_status(wr_stragglers_gathered(10, -1, 1, &o), WR_ERR_RANGE);
    assert_status(wr_stragglers_gathered(10, 5, 0, &o), WR_ERR_RANGE);
    assert_status(wr_stragglers_gathered(10, 5, 4, &o), WR_ERR_RANGE);
    wr_rng *rng = NULL;
    assert_status(wr_rng_new(1, &rng), WR_OK);
    assert_status(wr_half_die_rng(NULL, &o), WR_ERR_NULL);
    assert_status(wr_half_die_rng(rng, NULL), WR_ERR_NULL);
    assert_status(wr_raft_defence(10, 1, NULL), WR_ERR_NULL);
    for (size_t i = 0; i < N_BAD; i++)
        assert_status(wr_raft_defence(bad_ints[i], 1, &o), WR_ERR_RANGE);
    assert_status(wr_raft_defence(10, 0, &o), WR_ERR_RANGE);
    assert_status(wr_raft_defence(10, 4, &o), WR_ERR_RANGE);
    assert_status(wr_getting_lost(1, 0, 50, 50, NULL), WR_ERR_NULL);
    assert_status(wr_getting_lost(1, 0, -1, 50, &o), WR_ERR_RANGE);
    assert_status(wr_getting_lost(1, 0, 101, 50, &o), WR_ERR_RANGE);
    assert_status(wr_getting_lost(1, 0, 50, 0, &o), WR_ERR_RANGE);
    assert_status(wr_getting_lost(1, 0, 50, 101, &o), WR_ERR_RANGE);
    assert_status(wr_getting_lost(0, 1, 50, INT32_MIN, &o), WR_ERR_RANGE);
    assert_status(wr_getting_lost_rng(1, 0, 50, NULL, &o), WR_ERR_NULL);
    assert_status(wr_getting_lost_rng(1, 0, 50, rng, NULL), WR_ERR_NULL);
    assert_status(wr_getting_lost_rng(1, 0, 101, rng, &o), WR_ERR_RANGE);
    assert_status(wr_getting_lost_rng(1, 0, INT32_MIN, rng, &o), WR_ERR_RANGE);
    assert_int_equal(o, S);
    wr_rng_free(rng);

    /* the march */
    wr_march m, keep;
    memset(&m, 0x11, sizeof m);
    keep = m;
    assert_status(wr_march_start(12, NULL), WR_ERR_NULL);
    assert_status(wr_march_start(0, &m), WR_ERR_RANGE);
    assert_status(wr_march_start(1001, &m), WR_ERR_RANGE);
    assert_status(wr_march_start(INT32_MIN, &m), WR_ERR_RANGE);
    assert_memory_equal(&m, &keep, sizeof m);
    assert_status(wr_march_start(12, &m), WR_OK);
    keep = m;
    assert_status(wr_march_enter(NULL, 6, 0, &o), WR_ERR_NULL);
    assert_status(wr_march_enter(&m, 6, 0, NULL), WR_ERR_NULL);
    assert_status(wr_march_enter(&m, 0, 0, &o), WR_ERR_RANGE);
    assert_status(wr_march_enter(&m, 100001, 0, &o), WR_ERR_RANGE);
    assert_status(wr_march_enter(&m, INT32_MIN, 0, &o), WR_ERR_RANGE);
    assert_status(wr_march_end_day(NULL, 0), WR_ERR_NULL);
    assert_status(wr_march_contact(NULL, &o), WR_ERR_NULL);
    assert_status(wr_march_contact(&m, NULL), WR_ERR_NULL);
    assert_status(wr_march_rally(NULL), WR_ERR_NULL);
    assert_status(wr_march_rally(&m), WR_ERR_STATE); /* formed */
    assert_memory_equal(&m, &keep, sizeof m);
    /* corrupted states */
    wr_march bad[8];
    for (int i = 0; i < 8; i++)
        bad[i] = keep;
    bad[0].daily_points = 0;
    bad[1].daily_points = 1001;
    bad[2].points = -1;
    bad[3].points = 1000001;
    bad[4].day = 0;
    bad[5].marching = 2;
    bad[6].unformed = -1;
    bad[7].unformed_today = 1; /* unformed today but formed */
    for (int i = 0; i < 8; i++) {
        wr_march before = bad[i];
        assert_status(wr_march_enter(&bad[i], 6, 0, &o), WR_ERR_INVALID);
        assert_status(wr_march_end_day(&bad[i], 0), WR_ERR_INVALID);
        assert_status(wr_march_contact(&bad[i], &o), WR_ERR_INVALID);
        assert_status(wr_march_rally(&bad[i]), WR_ERR_INVALID);
        assert_memory_equal(&bad[i], &before, sizeof before);
    }
    wr_march last = keep;
    last.day = INT32_MAX;
    assert_status(wr_march_end_day(&last, 0), WR_ERR_RANGE);
    assert_int_equal(last.day, INT32_MAX);
    assert_int_equal(o, S);
}

static void hex_utilities(void **state)
{
    (void)state;
    int o = S, o2 = S;
    wr_hex h = hx(S, S);
    const int big = WR_HEX_COORD_MAX + 1;
    assert_status(wr_hex_distance(hx(0, 0), hx(1, 1), NULL), WR_ERR_NULL);
    assert_status(wr_hex_distance(hx(big, 0), hx(0, 0), &o), WR_ERR_RANGE);
    assert_status(wr_hex_distance(hx(0, 0), hx(0, -big), &o), WR_ERR_RANGE);
    assert_status(wr_hex_distance(hx(INT32_MIN, INT32_MAX), hx(INT32_MAX, INT32_MIN), &o), WR_ERR_RANGE);
    assert_status(wr_hex_neighbor(hx(0, 0), 0, NULL), WR_ERR_NULL);
    const int bad_dir[] = {INT32_MIN, -1, 6, 7, INT32_MAX};
    for (size_t i = 0; i < 5; i++)
        assert_status(wr_hex_neighbor(hx(0, 0), bad_dir[i], &h), WR_ERR_RANGE);
    assert_status(wr_hex_neighbor(hx(WR_HEX_COORD_MAX, 0), 0, &h), WR_ERR_RANGE);
    assert_status(wr_hex_neighbor(hx(INT32_MAX, 0), 3, &h), WR_ERR_RANGE);
    assert_status(wr_hex_direction(hx(0, 0), hx(1, 0), NULL), WR_ERR_NULL);
    assert_status(wr_hex_direction(hx(big, 0), hx(1, 0), &o), WR_ERR_RANGE);
    assert_status(wr_hex_direction(hx(0, 0), hx(5, 5), &o), WR_ERR_INVALID);
    size_t n = 12345;
    wr_hex buf[8];
    assert_status(wr_hex_ring(hx(0, 0), 1, buf, 8, NULL), WR_ERR_NULL);
    assert_status(wr_hex_ring(hx(0, 0), 1, NULL, 8, &n), WR_ERR_NULL);
    assert_status(wr_hex_ring(hx(0, 0), -1, NULL, 0, &n), WR_ERR_RANGE);
    assert_status(wr_hex_ring(hx(0, 0), WR_HEX_RADIUS_MAX + 1, NULL, 0, &n), WR_ERR_RANGE);
    assert_status(wr_hex_ring(hx(0, 0), INT32_MIN, NULL, 0, &n), WR_ERR_RANGE);
    assert_status(wr_hex_ring(hx(WR_HEX_COORD_MAX, 0), 1, NULL, 0, &n), WR_ERR_RANGE);
    assert_status(wr_hex_ring(hx(big, 0), 0, NULL, 0, &n), WR_ERR_RANGE);
    assert_status(wr_hex_ring(hx(0, 0), 2, buf, 8, &n), WR_ERR_RANGE); /* 12 do not fit */
    assert_status(wr_hex_range(hx(0, 0), 1, buf, 8, NULL), WR_ERR_NULL);
    assert_status(wr_hex_range(hx(0, 0), 1, NULL, 1, &n), WR_ERR_NULL);
    assert_status(wr_hex_range(hx(0, 0), -5, NULL, 0, &n), WR_ERR_RANGE);
    assert_status(wr_hex_range(hx(0, 0), INT32_MAX, NULL, 0, &n), WR_ERR_RANGE);
    assert_status(wr_hex_range(hx(0, -WR_HEX_COORD_MAX), 3, NULL, 0, &n), WR_ERR_RANGE);
    assert_status(wr_hex_range(hx(0, 0), 2, buf, 8, &n), WR_ERR_RANGE);
    assert_status(wr_hex_line(hx(0, 0), hx(1, 0), buf, 8, NULL), WR_ERR_NULL);
    assert_status(wr_hex_line(hx(0, 0), hx(1, 0), NULL, 8, &n), WR_ERR_NULL);
    assert_status(wr_hex_line(hx(big, 0), hx(1, 0), NULL, 0, &n), WR_ERR_RANGE);
    assert_status(wr_hex_line(hx(0, 0), hx(WR_HEX_RADIUS_MAX + 1, 0), NULL, 0, &n), WR_ERR_RANGE);
    assert_status(wr_hex_line(hx(0, 0), hx(9, 0), buf, 8, &n), WR_ERR_RANGE);
    assert_status(wr_hex_from_offset(0, 0, NULL), WR_ERR_NULL);
    assert_status(wr_hex_from_offset(-1, 0, &h), WR_ERR_RANGE);
    assert_status(wr_hex_from_offset(0, -1, &h), WR_ERR_RANGE);
    assert_status(wr_hex_from_offset(big, 0, &h), WR_ERR_RANGE);
    assert_status(wr_hex_from_offset(INT32_MIN, INT32_MAX, &h), WR_ERR_RANGE);
    assert_status(wr_hex_to_offset(hx(0, 0), NULL, &o2), WR_ERR_NULL);
    assert_status(wr_hex_to_offset(hx(0, 0), &o, NULL), WR_ERR_NULL);
    assert_status(wr_hex_to_offset(hx(INT32_MAX, INT32_MAX), &o, &o2), WR_ERR_RANGE);
    assert_int_equal(o, S);
    assert_int_equal(o2, S);
    assert_int_equal(h.q, S);
    assert_int_equal(n, 12345);
}

static void map_functions(void **state)
{
    (void)state;
    wr_map *untouched = (wr_map *)&state;
    wr_map *m = untouched;
    assert_status(wr_map_new(4, 4, NULL), WR_ERR_NULL);
    assert_status(wr_map_new_ex(4, 4, NULL, NULL), WR_ERR_NULL);
    const int bad_side[] = {INT32_MIN, -1, 0, WR_MAP_MAX_EXTENT + 1, INT32_MAX};
    for (size_t i = 0; i < 5; i++) {
        assert_status(wr_map_new(bad_side[i], 4, &m), WR_ERR_RANGE);
        assert_status(wr_map_new(4, bad_side[i], &m), WR_ERR_RANGE);
    }
    assert_status(wr_map_new(WR_MAP_MAX_EXTENT, WR_MAP_MAX_EXTENT, &m), WR_ERR_RANGE); /* too many hexes */
    wr_allocator no_fn = {NULL, NULL};
    assert_status(wr_map_new_ex(4, 4, &no_fn, &m), WR_ERR_INVALID);
    assert_ptr_equal(m, untouched);
    wr_map_free(NULL);

    assert_status(wr_map_new(4, 3, &m), WR_OK);
    const wr_hex off[] = {{-1, 0}, {4, 0}, {0, -1}, {0, 3}, {-2, 2}, {3, 2}, {INT32_MIN, 0}, {0, INT32_MAX}};
    const size_t n_off = sizeof off / sizeof off[0];
    int o = S, o2 = S;
    int32_t idx = S;
    wr_hex h = hx(S, S);
    wr_hex_terrain t = (wr_hex_terrain)S;
    unsigned f = (unsigned)S, wf = (unsigned)S;
    uint32_t tags = (uint32_t)S;
    wr_hexside sd = {S, S, S, S};
    wr_zone z = (wr_zone)S;
    const wr_hexside good = {WR_RIVER_MINOR, WR_CROSS_FORD, 1, 0};

    assert_status(wr_map_size(NULL, &o, &o2), WR_ERR_NULL);
    assert_status(wr_map_size(m, NULL, &o2), WR_ERR_NULL);
    assert_status(wr_map_size(m, &o, NULL), WR_ERR_NULL);
    assert_status(wr_map_has_hex(NULL, hx(0, 0), &o), WR_ERR_NULL);
    assert_status(wr_map_has_hex(m, hx(0, 0), NULL), WR_ERR_NULL);
    assert_status(wr_map_index(NULL, hx(0, 0), &idx), WR_ERR_NULL);
    assert_status(wr_map_index(m, hx(0, 0), NULL), WR_ERR_NULL);
    assert_status(wr_map_hex(NULL, 0, &h), WR_ERR_NULL);
    assert_status(wr_map_hex(m, 0, NULL), WR_ERR_NULL);
    assert_status(wr_map_hex(m, -1, &h), WR_ERR_RANGE);
    assert_status(wr_map_hex(m, 12, &h), WR_ERR_RANGE);
    assert_status(wr_map_hex(m, INT32_MIN, &h), WR_ERR_RANGE);
    assert_status(wr_map_set_terrain(NULL, hx(0, 0), WR_HEX_SEA), WR_ERR_NULL);
    assert_status(wr_map_terrain(NULL, hx(0, 0), &t), WR_ERR_NULL);
    assert_status(wr_map_terrain(m, hx(0, 0), NULL), WR_ERR_NULL);
    const int bad_terrain[] = {INT32_MIN, -1, 8, 100, INT32_MAX};
    for (size_t i = 0; i < 5; i++) /* unknown terrain */
        assert_status(wr_map_set_terrain(m, hx(0, 0), (wr_hex_terrain)bad_terrain[i]), WR_ERR_INVALID);
    assert_status(wr_map_set_features(NULL, hx(0, 0), 0), WR_ERR_NULL);
    assert_status(wr_map_set_features(m, hx(0, 0), 0x08u), WR_ERR_INVALID);
    assert_status(wr_map_set_features(m, hx(0, 0), 0xffffffffu), WR_ERR_INVALID);
    assert_status(wr_map_features(NULL, hx(0, 0), &f), WR_ERR_NULL);
    assert_status(wr_map_features(m, hx(0, 0), NULL), WR_ERR_NULL);
    assert_status(wr_map_set_regions(NULL, hx(0, 0), 1), WR_ERR_NULL);
    assert_status(wr_map_regions(NULL, hx(0, 0), &tags), WR_ERR_NULL);
    assert_status(wr_map_regions(m, hx(0, 0), NULL), WR_ERR_NULL);
    assert_status(wr_map_set_hexside(NULL, hx(0, 0), 0, &good), WR_ERR_NULL);
    assert_status(wr_map_set_hexside(m, hx(0, 0), 0, NULL), WR_ERR_NULL);
    assert_status(wr_map_hexside(NULL, hx(0, 0), 0, &sd), WR_ERR_NULL);
    assert_status(wr_map_hexside(m, hx(0, 0), 0, NULL), WR_ERR_NULL);
    const int bad_dir[] = {INT32_MIN, -1, 6, INT32_MAX};
    for (size_t i = 0; i < 4; i++) {
        assert_status(wr_map_set_hexside(m, hx(1, 1), bad_dir[i], &good), WR_ERR_RANGE);
        assert_status(wr_map_hexside(m, hx(1, 1), bad_dir[i], &sd), WR_ERR_RANGE);
        assert_status(wr_map_set_watercourse(m, hx(1, 1), bad_dir[i] == -1 ? -2 : bad_dir[i], 0), WR_ERR_RANGE);
        assert_status(wr_map_is_on_route(m, hx(1, 1), bad_dir[i], &o), WR_ERR_RANGE);
    }
    /* sides to the map's edge */
    assert_status(wr_map_set_hexside(m, hx(0, 0), 2, &good), WR_ERR_RANGE);
    assert_status(wr_map_hexside(m, hx(0, 0), 3, &sd), WR_ERR_RANGE);
    assert_status(wr_map_is_on_route(m, hx(0, 0), 3, &o), WR_ERR_RANGE);
    /* sides that make no sense */
    const wr_hexside bad_sides[] = {{WR_RIVER_MAJOR, WR_CROSS_FORD, 0, 0}, {WR_NO_RIVER, WR_CROSS_FERRY, 0, 0},
                                 {WR_NO_RIVER, WR_CROSS_FORD, 1, 1},    {3, WR_CROSS_OPEN, 0, 0},
                                 {-1, WR_CROSS_OPEN, 0, 0},             {WR_RIVER_MINOR, 4, 0, 0},
                                 {WR_RIVER_MINOR, -1, 0, 0},            {INT32_MIN, INT32_MAX, 0, 0}};
    for (size_t i = 0; i < sizeof bad_sides / sizeof bad_sides[0]; i++)
        assert_status(wr_map_set_hexside(m, hx(1, 1), 0, &bad_sides[i]), WR_ERR_INVALID);
    assert_status(wr_map_set_watercourse(NULL, hx(0, 0), 0, 0), WR_ERR_NULL);
    assert_status(wr_map_set_watercourse(m, hx(1, 1), 0, 0x08u), WR_ERR_INVALID);
    assert_status(wr_map_set_watercourse(m, hx(1, 1), WR_NO_WATERCOURSE, WR_WATER_TIDAL), WR_ERR_INVALID);
    assert_status(wr_map_set_watercourse(m, hx(0, 0), 3, 0), WR_ERR_RANGE); /* off the map downstream */
    assert_status(wr_map_watercourse(NULL, hx(0, 0), &o, &wf), WR_ERR_NULL);
    assert_status(wr_map_watercourse(m, hx(0, 0), NULL, &wf), WR_ERR_NULL);
    assert_status(wr_map_watercourse(m, hx(0, 0), &o, NULL), WR_ERR_NULL);
    assert_status(wr_map_zone(NULL, hx(0, 0), &z), WR_ERR_NULL);
    assert_status(wr_map_zone(m, hx(0, 0), NULL), WR_ERR_NULL);
    assert_status(wr_map_is_visible(NULL, hx(0, 0), hx(1, 0), &o), WR_ERR_NULL);
    assert_status(wr_map_is_visible(m, hx(0, 0), hx(1, 0), NULL), WR_ERR_NULL);
    assert_status(wr_map_is_on_route(NULL, hx(0, 0), 0, &o), WR_ERR_NULL);
    assert_status(wr_map_is_on_route(m, hx(0, 0), 0, NULL), WR_ERR_NULL);
    /* coordinates off the map, everywhere */
    for (size_t i = 0; i < n_off; i++) {
        wr_hex b = off[i];
        assert_status(wr_map_index(m, b, &idx), WR_ERR_RANGE);
        assert_status(wr_map_set_terrain(m, b, WR_HEX_SEA), WR_ERR_RANGE);
        assert_status(wr_map_terrain(m, b, &t), WR_ERR_RANGE);
        assert_status(wr_map_set_features(m, b, 0), WR_ERR_RANGE);
        assert_status(wr_map_features(m, b, &f), WR_ERR_RANGE);
        assert_status(wr_map_set_regions(m, b, 1), WR_ERR_RANGE);
        assert_status(wr_map_regions(m, b, &tags), WR_ERR_RANGE);
        assert_status(wr_map_set_hexside(m, b, 0, &good), WR_ERR_RANGE);
        assert_status(wr_map_hexside(m, b, 0, &sd), WR_ERR_RANGE);
        assert_status(wr_map_set_watercourse(m, b, 0, 0), WR_ERR_RANGE);
        assert_status(wr_map_watercourse(m, b, &o, &wf), WR_ERR_RANGE);
        assert_status(wr_map_zone(m, b, &z), WR_ERR_RANGE);
        assert_status(wr_map_is_visible(m, b, hx(0, 0), &o), WR_ERR_RANGE);
        assert_status(wr_map_is_visible(m, hx(0, 0), b, &o), WR_ERR_RANGE);
        assert_status(wr_map_is_on_route(m, b, 0, &o), WR_ERR_RANGE);
        wr_landing how = (wr_landing)S;
        assert_status(wr_map_landing(m, WR_MOVER_GALLEY, b, &how), WR_ERR_RANGE);
        assert_int_equal((int)how, S);
    }
    wr_landing how = (wr_landing)S;
    assert_status(wr_map_landing(NULL, WR_MOVER_GALLEY, hx(0, 0), &how), WR_ERR_NULL);
    assert_status(wr_map_landing(m, WR_MOVER_GALLEY, hx(0, 0), NULL), WR_ERR_NULL);
    assert_status(wr_map_landing(m, WR_MOVER_INFANTRY, hx(0, 0), &how), WR_ERR_INVALID);
    assert_status(wr_map_landing(m, WR_MOVER_CAVALRY, hx(0, 0), &how), WR_ERR_INVALID);
    assert_status(wr_map_landing(m, (wr_mover)7, hx(0, 0), &how), WR_ERR_INVALID);
    assert_status(wr_map_landing(m, (wr_mover)-1, hx(0, 0), &how), WR_ERR_INVALID);
    assert_status(wr_map_landing(m, WR_MOVER_GALLEY, hx(0, 0), &how), WR_ERR_FORBIDDEN); /* clear */
    assert_int_equal((int)how, S);
    /* nothing was written and nothing changed */
    assert_int_equal(o, S);
    assert_int_equal(o2, S);
    assert_int_equal(idx, S);
    assert_int_equal(h.q, S);
    assert_int_equal((int)t, S);
    assert_int_equal(f, (unsigned)S);
    assert_int_equal(wf, (unsigned)S);
    assert_int_equal(tags, (uint32_t)S);
    assert_int_equal(sd.river, S);
    assert_int_equal((int)z, S);
    assert_status(wr_map_terrain(m, hx(0, 0), &t), WR_OK);
    assert_int_equal(t, WR_HEX_CLEAR);
    assert_status(wr_map_hexside(m, hx(1, 1), 0, &sd), WR_OK);
    assert_int_equal(sd.river, WR_NO_RIVER);
    wr_map_free(m);
}

static wr_plan_params good_params(void)
{
    wr_plan_params p;
    assert_status(wr_plan_params_default(WR_MOVER_INFANTRY, &p), WR_OK);
    return p;
}

static int some_moves(void *user, int32_t node, wr_plan_edge *out, int capacity)
{
    (void)user;
    (void)capacity;
    wr_plan_edge e = {node == 0 ? 1 : 0, 6, 0, 0};
    out[0] = e;
    return 1;
}

static int too_many_moves(void *user, int32_t node, wr_plan_edge *out, int capacity)
{
    (void)user;
    (void)node;
    (void)out;
    return capacity + 1;
}

static int negative_moves(void *user, int32_t node, wr_plan_edge *out, int capacity)
{
    (void)user;
    (void)node;
    (void)out;
    (void)capacity;
    return -1;
}

static int bad_edge_kind;
static int bad_edge_moves(void *user, int32_t node, wr_plan_edge *out, int capacity)
{
    (void)user;
    (void)node;
    (void)capacity;
    wr_plan_edge e = {1, 6, 0, 0};
    switch (bad_edge_kind) {
    case 0: e.to = -1; break;
    case 1: e.to = 2; break;
    case 2: e.points = -1; break;
    case 3: e.points = WR_PLAN_MAX_EDGE_POINTS + 1; break;
    case 4: e.days = -1; break;
    default: e.days = WR_PLAN_MAX_EDGE_DAYS + 1; break;
    }
    out[0] = e;
    return 1;
}

/* The move tables, a plan's parameters, one hex's entry. */
static void tables_bad_input(void **state)
{
    (void)state;
    wr_move_costs c, keep_c;
    memset(&c, 0x22, sizeof c);
    keep_c = c;
    assert_status(wr_move_costs_default(WR_MOVER_INFANTRY, NULL), WR_ERR_NULL);
    assert_status(wr_move_costs_default((wr_mover)7, &c), WR_ERR_INVALID);
    assert_status(wr_move_costs_default((wr_mover)-1, &c), WR_ERR_INVALID);
    assert_memory_equal(&c, &keep_c, sizeof c);
    wr_plan_params p, keep_p;
    memset(&p, 0x33, sizeof p);
    keep_p = p;
    assert_status(wr_plan_params_default(WR_MOVER_GALLEY, NULL), WR_ERR_NULL);
    assert_status(wr_plan_params_default((wr_mover)INT32_MAX, &p), WR_ERR_INVALID);
    assert_memory_equal(&p, &keep_p, sizeof p);

    int cost = S, formed = S;
    assert_status(wr_move_costs_default(WR_MOVER_INFANTRY, &c), WR_OK);
    assert_status(wr_land_entry(NULL, WR_ARM_INFANTRY, 0, WR_HEX_CLEAR, 0, WR_ROUTE_NONE, &cost, &formed), WR_ERR_NULL);
    assert_status(wr_land_entry(&c, WR_ARM_INFANTRY, 0, WR_HEX_CLEAR, 0, WR_ROUTE_NONE, NULL, &formed), WR_ERR_NULL);
    assert_status(wr_land_entry(&c, WR_ARM_INFANTRY, 0, WR_HEX_CLEAR, 0, WR_ROUTE_NONE, &cost, NULL), WR_ERR_NULL);
    assert_status(wr_land_entry(&c, (wr_arm)2, 0, WR_HEX_CLEAR, 0, WR_ROUTE_NONE, &cost, &formed), WR_ERR_INVALID);
    assert_status(wr_land_entry(&c, WR_ARM_INFANTRY, 0x04u, WR_HEX_CLEAR, 0, WR_ROUTE_NONE, &cost, &formed), WR_ERR_INVALID);
    assert_status(wr_land_entry(&c, WR_ARM_INFANTRY, 0, (wr_hex_terrain)8, 0, WR_ROUTE_NONE, &cost, &formed), WR_ERR_INVALID);
    assert_status(wr_land_entry(&c, WR_ARM_INFANTRY, 0, (wr_hex_terrain)-1, 0, WR_ROUTE_NONE, &cost, &formed), WR_ERR_INVALID);
    assert_status(wr_land_entry(&c, WR_ARM_INFANTRY, 0, WR_HEX_CLEAR, 0, (wr_route_kind)3, &cost, &formed), WR_ERR_INVALID);
    wr_move_costs bc[8];
    for (int i = 0; i < 8; i++)
        bc[i] = c;
    bc[0].daily_points = 0;
    bc[1].daily_points = 1001;
    bc[2].enter[WR_HEX_FOREST] = -1;
    bc[3].enter[WR_HEX_LAKE] = 1001;
    bc[4].road = INT32_MIN;
    bc[5].track = 1001;
    bc[6].upstream = -1;
    bc[7].sail_percent = 101;
    for (int i = 0; i < 8; i++)
        assert_status(wr_land_entry(&bc[i], WR_ARM_INFANTRY, 0, WR_HEX_CLEAR, 0, WR_ROUTE_NONE, &cost, &formed),
                         WR_ERR_RANGE);
    assert_int_equal(cost, S);
    assert_int_equal(formed, S);
}

static void planner_new_bad_input(void **state)
{
    wr_planner *untouched = (wr_planner *)&state;
    wr_planner *pl = untouched;
    assert_status(wr_planner_new(NULL), WR_ERR_NULL);
    assert_status(wr_planner_new_ex(NULL, NULL), WR_ERR_NULL);
    wr_allocator no_fn = {NULL, NULL};
    assert_status(wr_planner_new_ex(&no_fn, &pl), WR_ERR_INVALID);
    assert_ptr_equal(pl, untouched);
    wr_planner_free(NULL);
    assert_status(wr_planner_new(&pl), WR_OK);
    wr_planner_free(pl);
}

/* The planner tests' case: a planner, a 4 x 3 map of clear hexes and
   infantry's default parameters, fresh for each test. */
typedef struct planner_case {
    wr_planner *pl;
    wr_map *m;
    wr_plan_params gp;
} planner_case;

static int planner_case_setup(void **state)
{
    planner_case *pc = calloc(1, sizeof *pc);
    assert_non_null(pc);
    assert_status(wr_planner_new(&pc->pl), WR_OK);
    assert_status(wr_map_new(4, 3, &pc->m), WR_OK);
    pc->gp = good_params();
    *state = pc;
    return 0;
}

static int planner_case_teardown(void **state)
{
    planner_case *pc = *state;
    wr_map_free(pc->m);
    wr_planner_free(pc->pl);
    free(pc);
    return 0;
}

/* Route, field, reachable hexes and moves: NULLs, hexes off the map,
   numbers out of range; every output untouched, the planner still works. */
static void planner_queries_bad_input(void **state)
{
    planner_case *pc = *state;
    wr_planner *pl = pc->pl;
    wr_map *m = pc->m;
    wr_plan_params gp = pc->gp;
    assert_status(wr_map_set_terrain(m, hx(3, 0), WR_HEX_SEA), WR_OK);
    wr_route r, keep_r;
    memset(&r, 0x44, sizeof r);
    keep_r = r;
    wr_arrival field[12];
    memset(field, 0x55, sizeof field);
    wr_arrival keep_field[12];
    memcpy(keep_field, field, sizeof field);
    const wr_hex *hexes = (const wr_hex *)&state;
    size_t count = 777;
    wr_plan_edge edges[WR_PLAN_MAX_EDGES];
    size_t n_edges = 888;

    /* NULLs */
    assert_status(wr_planner_route(NULL, m, &gp, hx(0, 0), hx(1, 0), &r), WR_ERR_NULL);
    assert_status(wr_planner_route(pl, NULL, &gp, hx(0, 0), hx(1, 0), &r), WR_ERR_NULL);
    assert_status(wr_planner_route(pl, m, NULL, hx(0, 0), hx(1, 0), &r), WR_ERR_NULL);
    assert_status(wr_planner_route(pl, m, &gp, hx(0, 0), hx(1, 0), NULL), WR_ERR_NULL);
    assert_status(wr_planner_field(NULL, m, &gp, hx(0, 0), field, 12), WR_ERR_NULL);
    assert_status(wr_planner_field(pl, NULL, &gp, hx(0, 0), field, 12), WR_ERR_NULL);
    assert_status(wr_planner_field(pl, m, NULL, hx(0, 0), field, 12), WR_ERR_NULL);
    assert_status(wr_planner_field(pl, m, &gp, hx(0, 0), NULL, 12), WR_ERR_NULL);
    assert_status(wr_planner_reachable(NULL, m, &gp, hx(0, 0), 1, &hexes, &count), WR_ERR_NULL);
    assert_status(wr_planner_reachable(pl, NULL, &gp, hx(0, 0), 1, &hexes, &count), WR_ERR_NULL);
    assert_status(wr_planner_reachable(pl, m, NULL, hx(0, 0), 1, &hexes, &count), WR_ERR_NULL);
    assert_status(wr_planner_reachable(pl, m, &gp, hx(0, 0), 1, NULL, &count), WR_ERR_NULL);
    assert_status(wr_planner_reachable(pl, m, &gp, hx(0, 0), 1, &hexes, NULL), WR_ERR_NULL);
    assert_status(wr_map_moves(NULL, &gp, hx(0, 0), edges, WR_PLAN_MAX_EDGES, &n_edges), WR_ERR_NULL);
    assert_status(wr_map_moves(m, NULL, hx(0, 0), edges, WR_PLAN_MAX_EDGES, &n_edges), WR_ERR_NULL);
    assert_status(wr_map_moves(m, &gp, hx(0, 0), NULL, WR_PLAN_MAX_EDGES, &n_edges), WR_ERR_NULL);
    assert_status(wr_map_moves(m, &gp, hx(0, 0), edges, WR_PLAN_MAX_EDGES, NULL), WR_ERR_NULL);
    /* hexes off the map */
    assert_status(wr_planner_route(pl, m, &gp, hx(-1, 0), hx(1, 0), &r), WR_ERR_RANGE);
    assert_status(wr_planner_route(pl, m, &gp, hx(0, 0), hx(0, 3), &r), WR_ERR_RANGE);
    assert_status(wr_planner_route(pl, m, &gp, hx(INT32_MAX, 0), hx(INT32_MIN, 0), &r), WR_ERR_RANGE);
    assert_status(wr_planner_field(pl, m, &gp, hx(4, 0), field, 12), WR_ERR_RANGE);
    assert_status(wr_planner_reachable(pl, m, &gp, hx(0, -1), 1, &hexes, &count), WR_ERR_RANGE);
    assert_status(wr_map_moves(m, &gp, hx(9, 9), edges, WR_PLAN_MAX_EDGES, &n_edges), WR_ERR_RANGE);
    /* numbers out of range */
    assert_status(wr_planner_field(pl, m, &gp, hx(0, 0), field, 11), WR_ERR_RANGE);
    assert_status(wr_planner_field(pl, m, &gp, hx(0, 0), field, 13), WR_ERR_RANGE);
    for (size_t i = 0; i < N_BAD; i++)
        assert_status(wr_planner_reachable(pl, m, &gp, hx(0, 0), bad_ints[i] == 1000001 ? WR_PLAN_MAX_DAYS + 1 : bad_ints[i],
                                              &hexes, &count), WR_ERR_RANGE);
    assert_status(wr_planner_reachable(pl, m, &gp, hx(0, 0), 0, &hexes, &count), WR_ERR_RANGE);
    assert_status(wr_map_moves(m, &gp, hx(0, 0), edges, WR_PLAN_MAX_EDGES - 1, &n_edges), WR_ERR_RANGE);
    assert_memory_equal(&r, &keep_r, sizeof r);
    assert_memory_equal(field, keep_field, sizeof field);
    assert_ptr_equal(hexes, (const wr_hex *)&state);
    assert_int_equal(count, 777);
    assert_int_equal(n_edges, 888);
    /* the planner still works */
    assert_status(wr_planner_route(pl, m, &gp, hx(0, 0), hx(1, 0), &r), WR_OK);
    assert_int_equal(r.arrival_day, 1);
}

/* The landmarks: NULLs, a count out of range, parameters they cannot
   serve (full rules, a vessel, bad params); the outputs keep their values
   and the planner keeps the landmarks it holds. */
static void planner_landmarks_bad_input(void **state)
{
    planner_case *pc = *state;
    wr_planner *pl = pc->pl;
    wr_map *m = pc->m;
    wr_plan_params plain = pc->gp, boat = pc->gp, bad = pc->gp;
    plain.options = WR_PLAN_PLAIN_COSTS;
    boat.mover = WR_MOVER_LONGSHIP;
    boat.options = WR_PLAN_PLAIN_COSTS;
    bad.options = WR_PLAN_PLAIN_COSTS;
    bad.costs.daily_points = 0;
    assert_status(wr_planner_prepare_landmarks(pl, m, &plain, 2), WR_OK);
    int count = -7;
    size_t size = 999;
    assert_status(wr_planner_prepare_landmarks(NULL, m, &plain, 1), WR_ERR_NULL);
    assert_status(wr_planner_prepare_landmarks(pl, NULL, &plain, 1), WR_ERR_NULL);
    assert_status(wr_planner_prepare_landmarks(pl, m, NULL, 1), WR_ERR_NULL);
    for (size_t i = 0; i < N_BAD; i++)
        if (bad_ints[i] < 0 || bad_ints[i] > WR_PLAN_MAX_LANDMARKS)
            assert_status(wr_planner_prepare_landmarks(pl, m, &plain, bad_ints[i]), WR_ERR_RANGE);
    assert_status(wr_planner_prepare_landmarks(pl, m, &pc->gp, 1), WR_ERR_INVALID);
    assert_status(wr_planner_prepare_landmarks(pl, m, &boat, 1), WR_ERR_INVALID);
    assert_status(wr_planner_prepare_landmarks(pl, m, &bad, 1), WR_ERR_RANGE);
    assert_status(wr_planner_landmarks(NULL, &count, &size), WR_ERR_NULL);
    assert_status(wr_planner_landmarks(pl, NULL, &size), WR_ERR_NULL);
    assert_status(wr_planner_landmarks(pl, &count, NULL), WR_ERR_NULL);
    assert_status(wr_planner_settled(NULL, &size), WR_ERR_NULL);
    assert_status(wr_planner_settled(pl, NULL), WR_ERR_NULL);
    assert_int_equal(count, -7);
    assert_int_equal(size, 999);
    assert_status(wr_planner_landmarks(pl, &count, &size), WR_OK);
    assert_int_equal(count, 2); /* kept */
}

/* Each bad parameter refused by every query, the callback form too. */
static void planner_bad_params(void **state)
{
    planner_case *pc = *state;
    wr_planner *pl = pc->pl;
    wr_map *m = pc->m;
    wr_plan_params gp = pc->gp;
    assert_status(wr_map_set_terrain(m, hx(3, 0), WR_HEX_SEA), WR_OK);
    wr_route r, keep_r;
    memset(&r, 0x44, sizeof r);
    keep_r = r;
    wr_arrival field[12];
    memset(field, 0x55, sizeof field);
    wr_arrival keep_field[12];
    memcpy(keep_field, field, sizeof field);
    const wr_hex *hexes = (const wr_hex *)&state;
    size_t count = 777;
    wr_plan_edge edges[WR_PLAN_MAX_EDGES];
    size_t n_edges = 888;

    /* bad parameters */
    wr_plan_params bp[14];
    for (int i = 0; i < 14; i++)
        bp[i] = gp;
    bp[0].mover = 7;
    bp[1].mover = -1;
    bp[2].traits = 0x10u;
    bp[3].options = 0x100u;
    bp[4].tide = 4;
    bp[5].tide = -1;
    bp[6].costs.daily_points = 0;
    bp[7].costs.enter[WR_HEX_HILLS] = -5;
    bp[8].bridging_days = 0;
    bp[9].bridging_days = 31;
    bp[10].wind = 6;
    bp[11].wind = -2;
    bp[12].figures = -1;
    bp[13].figures = 1000001;
    const wr_status want[14] = {WR_ERR_INVALID, WR_ERR_INVALID, WR_ERR_INVALID, WR_ERR_INVALID, WR_ERR_INVALID,
                                WR_ERR_INVALID, WR_ERR_RANGE,   WR_ERR_RANGE,   WR_ERR_RANGE,   WR_ERR_RANGE,
                                WR_ERR_RANGE,   WR_ERR_RANGE,   WR_ERR_RANGE,   WR_ERR_RANGE};
    wr_plan_graph graph = {2, some_moves, NULL, NULL};
    for (int i = 0; i < 14; i++) {
        assert_status(wr_planner_route(pl, m, &bp[i], hx(0, 0), hx(1, 0), &r), want[i]);
        assert_status(wr_planner_field(pl, m, &bp[i], hx(0, 0), field, 12), want[i]);
        assert_status(wr_planner_reachable(pl, m, &bp[i], hx(0, 0), 2, &hexes, &count), want[i]);
        assert_status(wr_map_moves(m, &bp[i], hx(0, 0), edges, WR_PLAN_MAX_EDGES, &n_edges), want[i]);
        assert_status(wr_planner_route_graph(pl, &graph, &bp[i], 0, 1, &r), want[i]);
    }
    assert_memory_equal(&r, &keep_r, sizeof r);
    assert_memory_equal(field, keep_field, sizeof field);
    assert_ptr_equal(hexes, (const wr_hex *)&state);
    assert_int_equal(count, 777);
    assert_int_equal(n_edges, 888);
    /* the planner still works */
    assert_status(wr_planner_route(pl, m, &gp, hx(0, 0), hx(1, 0), &r), WR_OK);
    assert_int_equal(r.arrival_day, 1);
}

/* What the rules forbid: infantry at sea, no route, a galley on the open sea. */
static void planner_forbidden(void **state)
{
    planner_case *pc = *state;
    wr_planner *pl = pc->pl;
    wr_map *m = pc->m;
    wr_plan_params gp = pc->gp;
    assert_status(wr_map_set_terrain(m, hx(3, 0), WR_HEX_SEA), WR_OK);
    wr_route r, keep_r;
    memset(&r, 0x44, sizeof r);
    keep_r = r;
    wr_arrival field[12];
    memset(field, 0x55, sizeof field);
    wr_arrival keep_field[12];
    memcpy(keep_field, field, sizeof field);
    const wr_hex *hexes = (const wr_hex *)&state;
    size_t count = 777;

    /* the rules forbid: infantry at sea, no route */
    assert_status(wr_planner_route(pl, m, &gp, hx(3, 0), hx(1, 0), &r), WR_ERR_FORBIDDEN);
    assert_status(wr_planner_field(pl, m, &gp, hx(3, 0), field, 12), WR_ERR_FORBIDDEN);
    assert_status(wr_planner_reachable(pl, m, &gp, hx(3, 0), 2, &hexes, &count), WR_ERR_FORBIDDEN);
    assert_status(wr_planner_route(pl, m, &gp, hx(0, 0), hx(3, 0), &r), WR_ERR_FORBIDDEN);
    wr_plan_params galley;
    assert_status(wr_plan_params_default(WR_MOVER_GALLEY, &galley), WR_OK);
    assert_status(wr_planner_route(pl, m, &galley, hx(3, 0), hx(3, 0), &r), WR_ERR_FORBIDDEN); /* open sea */
    assert_memory_equal(&r, &keep_r, sizeof r);
    assert_memory_equal(field, keep_field, sizeof field);
    assert_ptr_equal(hexes, (const wr_hex *)&state);
    assert_int_equal(count, 777);
    /* the planner still works */
    assert_status(wr_planner_route(pl, m, &gp, hx(0, 0), hx(1, 0), &r), WR_OK);
    assert_int_equal(r.arrival_day, 1);
}

/* The callback form: NULLs, nodes and counts out of range, bad moves. */
static void planner_graph_bad_input(void **state)
{
    planner_case *pc = *state;
    wr_planner *pl = pc->pl;
    wr_map *m = pc->m;
    wr_plan_params gp = pc->gp;
    wr_route r, keep_r;
    memset(&r, 0x44, sizeof r);
    keep_r = r;
    wr_plan_graph graph = {2, some_moves, NULL, NULL};

    /* the callback form */
    assert_status(wr_planner_route_graph(NULL, &graph, &gp, 0, 1, &r), WR_ERR_NULL);
    assert_status(wr_planner_route_graph(pl, NULL, &gp, 0, 1, &r), WR_ERR_NULL);
    assert_status(wr_planner_route_graph(pl, &graph, NULL, 0, 1, &r), WR_ERR_NULL);
    assert_status(wr_planner_route_graph(pl, &graph, &gp, 0, 1, NULL), WR_ERR_NULL);
    wr_plan_graph no_moves = {2, NULL, NULL, NULL};
    assert_status(wr_planner_route_graph(pl, &no_moves, &gp, 0, 1, &r), WR_ERR_NULL);
    const int32_t bad_nodes[] = {INT32_MIN, -1, 2, INT32_MAX};
    for (size_t i = 0; i < 4; i++) {
        assert_status(wr_planner_route_graph(pl, &graph, &gp, bad_nodes[i], 1, &r), WR_ERR_RANGE);
        assert_status(wr_planner_route_graph(pl, &graph, &gp, 0, bad_nodes[i], &r), WR_ERR_RANGE);
    }
    wr_plan_graph bad_count[4] = {{0, some_moves, NULL, NULL}, {-1, some_moves, NULL, NULL},
                                  {WR_MAP_MAX_HEXES + 1, some_moves, NULL, NULL}, {INT32_MIN, some_moves, NULL, NULL}};
    for (int i = 0; i < 4; i++)
        assert_status(wr_planner_route_graph(pl, &bad_count[i], &gp, 0, 0, &r), WR_ERR_RANGE);
    wr_plan_graph too_many = {2, too_many_moves, NULL, NULL};
    assert_status(wr_planner_route_graph(pl, &too_many, &gp, 0, 1, &r), WR_ERR_INVALID);
    wr_plan_graph negative = {2, negative_moves, NULL, NULL};
    assert_status(wr_planner_route_graph(pl, &negative, &gp, 0, 1, &r), WR_ERR_INVALID);
    wr_plan_graph bad_edges = {2, bad_edge_moves, NULL, NULL};
    for (bad_edge_kind = 0; bad_edge_kind < 6; bad_edge_kind++)
        assert_status(wr_planner_route_graph(pl, &bad_edges, &gp, 0, 1, &r), WR_ERR_INVALID);

    assert_memory_equal(&r, &keep_r, sizeof r);
    /* the planner still works */
    assert_status(wr_planner_route(pl, m, &gp, hx(0, 0), hx(1, 0), &r), WR_OK);
    assert_int_equal(r.arrival_day, 1);
}


static void moves_from_bad_input(void **state)
{
    (void)state;
    wr_plan_params p = good_params();
    wr_hex_desc here = {1, WR_HEX_CLEAR, 0, 0, WR_NO_WATERCOURSE, 0, 0}, nb[6];
    wr_hexside sides[6];
    int32_t nodes[6];
    for (int d = 0; d < 6; d++) {
        nb[d] = here;
        wr_hexside open = {WR_NO_RIVER, WR_CROSS_OPEN, 0, 0};
        sides[d] = open;
        nodes[d] = d;
    }
    wr_plan_edge out[WR_PLAN_MAX_EDGES];
    size_t n = 999;
    assert_status(wr_hex_desc_moves(NULL, &here, nb, sides, nodes, out, WR_PLAN_MAX_EDGES, &n), WR_ERR_NULL);
    assert_status(wr_hex_desc_moves(&p, NULL, nb, sides, nodes, out, WR_PLAN_MAX_EDGES, &n), WR_ERR_NULL);
    assert_status(wr_hex_desc_moves(&p, &here, NULL, sides, nodes, out, WR_PLAN_MAX_EDGES, &n), WR_ERR_NULL);
    assert_status(wr_hex_desc_moves(&p, &here, nb, NULL, nodes, out, WR_PLAN_MAX_EDGES, &n), WR_ERR_NULL);
    assert_status(wr_hex_desc_moves(&p, &here, nb, sides, NULL, out, WR_PLAN_MAX_EDGES, &n), WR_ERR_NULL);
    assert_status(wr_hex_desc_moves(&p, &here, nb, sides, nodes, NULL, WR_PLAN_MAX_EDGES, &n), WR_ERR_NULL);
    assert_status(wr_hex_desc_moves(&p, &here, nb, sides, nodes, out, WR_PLAN_MAX_EDGES, NULL), WR_ERR_NULL);
    assert_status(wr_hex_desc_moves(&p, &here, nb, sides, nodes, out, WR_PLAN_MAX_EDGES - 1, &n), WR_ERR_RANGE);
    wr_plan_params bad = p;
    bad.mover = 9;
    assert_status(wr_hex_desc_moves(&bad, &here, nb, sides, nodes, out, WR_PLAN_MAX_EDGES, &n), WR_ERR_INVALID);
    bad = p;
    bad.costs.daily_points = -3;
    assert_status(wr_hex_desc_moves(&bad, &here, nb, sides, nodes, out, WR_PLAN_MAX_EDGES, &n), WR_ERR_RANGE);
    wr_hex_desc h2 = here;
    h2.on_map = 0; /* the force's own hex must be on the map */
    assert_status(wr_hex_desc_moves(&p, &h2, nb, sides, nodes, out, WR_PLAN_MAX_EDGES, &n), WR_ERR_INVALID);
    const int bad_terrain[] = {INT32_MIN, -1, 8, INT32_MAX};
    for (int i = 0; i < 4; i++) {
        h2 = here;
        h2.terrain = bad_terrain[i]; /* unknown terrain */
        assert_status(wr_hex_desc_moves(&p, &h2, nb, sides, nodes, out, WR_PLAN_MAX_EDGES, &n), WR_ERR_INVALID);
        wr_hex_desc keep = nb[2];
        nb[2].terrain = bad_terrain[i];
        assert_status(wr_hex_desc_moves(&p, &here, nb, sides, nodes, out, WR_PLAN_MAX_EDGES, &n), WR_ERR_INVALID);
        nb[2] = keep;
    }
    h2 = here;
    h2.features = 0x80u;
    assert_status(wr_hex_desc_moves(&p, &h2, nb, sides, nodes, out, WR_PLAN_MAX_EDGES, &n), WR_ERR_INVALID);
    h2 = here;
    h2.downstream = 6;
    assert_status(wr_hex_desc_moves(&p, &h2, nb, sides, nodes, out, WR_PLAN_MAX_EDGES, &n), WR_ERR_INVALID);
    h2 = here;
    h2.water = WR_WATER_TIDAL; /* flags without a course */
    assert_status(wr_hex_desc_moves(&p, &h2, nb, sides, nodes, out, WR_PLAN_MAX_EDGES, &n), WR_ERR_INVALID);
    h2 = here;
    h2.downstream = 1;
    h2.water = 0x40u;
    assert_status(wr_hex_desc_moves(&p, &h2, nb, sides, nodes, out, WR_PLAN_MAX_EDGES, &n), WR_ERR_INVALID);
    wr_hex_desc keep1 = nb[1];
    nb[1].on_map = 0; /* downstream off the map */
    h2 = here;
    h2.downstream = 1;
    assert_status(wr_hex_desc_moves(&p, &h2, nb, sides, nodes, out, WR_PLAN_MAX_EDGES, &n), WR_ERR_INVALID);
    nb[1] = keep1;
    /* a major-river ford, a crossing without a river */
    wr_hexside ford = {WR_RIVER_MAJOR, WR_CROSS_FORD, 0, 0}, bridge = {WR_NO_RIVER, WR_CROSS_BRIDGE, 0, 0};
    wr_hexside keep = sides[4];
    sides[4] = ford;
    assert_status(wr_hex_desc_moves(&p, &here, nb, sides, nodes, out, WR_PLAN_MAX_EDGES, &n), WR_ERR_INVALID);
    sides[4] = bridge;
    assert_status(wr_hex_desc_moves(&p, &here, nb, sides, nodes, out, WR_PLAN_MAX_EDGES, &n), WR_ERR_INVALID);
    sides[4] = keep;
    assert_int_equal(n, 999);
    assert_status(wr_hex_desc_moves(&p, &here, nb, sides, nodes, out, WR_PLAN_MAX_EDGES, &n), WR_OK);
    assert_int_equal(n, 6);
}

/* The force's state: NULLs, a bad daily rate, states that cannot exist. */
static void force_state_bad_input(void **state)
{
    (void)state;
    wr_force_state fs;
    assert_status(wr_force_start(NULL), WR_ERR_NULL);
    assert_status(wr_force_start(&fs), WR_OK);
    assert_status(wr_force_check(NULL, 12), WR_ERR_NULL);
    for (size_t i = 0; i < N_BAD; i++)
        assert_status(wr_force_check(&fs, bad_ints[i]), WR_ERR_RANGE);
    /* states that cannot exist */
    struct {
        int field; /* 0 day, 1 spent, 2 saved, 3 unformed_days, 4 rally_days, 5 crossing_days */
        int value;
        wr_status want;
    } bad[] = {{0, 0, WR_ERR_RANGE},  {0, -1, WR_ERR_RANGE},  {0, 1000001, WR_ERR_RANGE},
               {1, -1, WR_ERR_RANGE}, {1, 13, WR_ERR_RANGE},  {2, -1, WR_ERR_RANGE},
               {2, 1, WR_ERR_RANGE},  {3, -1, WR_ERR_RANGE},  {3, 2, WR_ERR_RANGE},
               {4, 1, WR_ERR_RANGE},  {5, -1, WR_ERR_RANGE},  {5, 1001, WR_ERR_RANGE}};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        wr_force_state b = fs;
        int *f[6] = {&b.day, &b.points_spent, &b.points_saved, &b.unformed_days, &b.rally_days,
                     &b.crossing_days};
        *f[bad[i].field] = bad[i].value;
        assert_status(wr_force_check(&b, 12), bad[i].want);
    }
    wr_force_state b = fs;
    b.day = 3;
    b.points_saved = 13; /* above a day's worth, not pressing */
    assert_status(wr_force_check(&b, 12), WR_ERR_RANGE);
    b.pressing = 1; /* pressing on towards a dearer move: it can exist */
    assert_status(wr_force_check(&b, 12), WR_OK);
    b.points_saved = 25; /* more than the days so far */
    assert_status(wr_force_check(&b, 12), WR_ERR_RANGE);
    const int bad_flags[] = {-1, 2, INT32_MAX};
    for (size_t i = 0; i < 3; i++) {
        b = fs;
        b.unformed = bad_flags[i];
        assert_status(wr_force_check(&b, 12), WR_ERR_INVALID);
        b = fs;
        b.pressing = bad_flags[i];
        assert_status(wr_force_check(&b, 12), WR_ERR_INVALID);
    }
    b = fs;
    b.unformed_today = 1; /* counted as unformed, but formed */
    assert_status(wr_force_check(&b, 12), WR_ERR_INVALID);
    b = fs;
    b.day = 2;
    b.at_rally = 1;
    b.rally_days = 1;
    b.unformed = 1; /* reformed at its rally point, yet unformed */
    assert_status(wr_force_check(&b, 12), WR_ERR_INVALID);
    b = fs;
    b.crossing_days = 1; /* crossing without its kind */
    assert_status(wr_force_check(&b, 12), WR_ERR_INVALID);
}

/* The replay: NULLs, bad moves; outputs untouched. */
static void force_replay_bad_input(void **state)
{
    (void)state;
    wr_force_state fs, keep, b;
    assert_status(wr_force_start(&fs), WR_OK);
    wr_plan_edge mv = {1, 6, 0, 0};
    int in = S, lost = S;
    keep = fs;
    assert_status(wr_force_move(NULL, 12, &mv, &in), WR_ERR_NULL);
    assert_status(wr_force_move(&fs, 12, NULL, &in), WR_ERR_NULL);
    assert_status(wr_force_move(&fs, 12, &mv, NULL), WR_ERR_NULL);
    assert_status(wr_force_move(&fs, 0, &mv, &in), WR_ERR_RANGE);
    wr_plan_edge bm = mv;
    bm.points = -1;
    assert_status(wr_force_move(&fs, 12, &bm, &in), WR_ERR_RANGE);
    bm = mv;
    bm.days = 1001;
    assert_status(wr_force_move(&fs, 12, &bm, &in), WR_ERR_RANGE);
    bm = mv;
    bm.flags = WR_STEP_RALLY;
    assert_status(wr_force_move(&fs, 12, &bm, &in), WR_ERR_STATE);
    b = fs;
    b.day = 0;
    assert_status(wr_force_move(&b, 12, &mv, &in), WR_ERR_RANGE);
    assert_status(wr_force_end_day(NULL, 12, 0, 0, 2, &lost), WR_ERR_NULL);
    assert_status(wr_force_end_day(&fs, 12, 0, 0, 2, NULL), WR_ERR_NULL);
    assert_status(wr_force_end_day(&fs, 12, 0, -1, 2, &lost), WR_ERR_RANGE);
    assert_status(wr_force_end_day(&fs, 12, 0, 0, 0, &lost), WR_ERR_RANGE);
    assert_status(wr_force_end_day(&fs, 12, 0, 0, 4, &lost), WR_ERR_RANGE);
    b = fs;
    b.day = WR_PLAN_MAX_DAYS;
    assert_status(wr_force_end_day(&b, 12, 0, 0, 2, &lost), WR_ERR_RANGE);
    assert_status(wr_force_rally(&b, 12), WR_ERR_RANGE);
    assert_status(wr_force_rally(NULL, 12), WR_ERR_NULL);
    b = fs;
    b.points_spent = 3; /* moved today */
    assert_status(wr_force_rally(&b, 12), WR_ERR_STATE);
    int nr = S;
    assert_status(wr_force_contact(NULL, 12, &nr), WR_ERR_NULL);
    assert_status(wr_force_contact(&fs, 12, NULL), WR_ERR_NULL);
    assert_status(wr_force_contact(&fs, 1001, &nr), WR_ERR_RANGE);
    assert_int_equal(in, S);
    assert_int_equal(lost, S);
    assert_int_equal(nr, S);
    assert_memory_equal(&fs, &keep, sizeof fs);
}

/* Plans from a force's state: NULLs, hexes off the map, unknown objectives,
   start states that cannot exist or are mid-crossing, constraints sized
   wrongly, a start at sea; the result untouched. */
static void plan_bad_input(void **state)
{
    planner_case *pc = *state;
    wr_planner *pl = pc->pl;
    wr_map *m = pc->m;
    wr_plan_params gp = pc->gp;
    wr_force_state fs, b;
    assert_status(wr_force_start(&fs), WR_OK);
    wr_plan_query q;
    memset(&q, 0, sizeof q);
    wr_plan_result r, rkeep;
    memset(&r, 0x5a, sizeof r);
    rkeep = r;
    assert_status(wr_planner_plan(NULL, m, &gp, &q, hx(0, 0), hx(1, 0), &r), WR_ERR_NULL);
    assert_status(wr_planner_plan(pl, NULL, &gp, &q, hx(0, 0), hx(1, 0), &r), WR_ERR_NULL);
    assert_status(wr_planner_plan(pl, m, NULL, &q, hx(0, 0), hx(1, 0), &r), WR_ERR_NULL);
    assert_status(wr_planner_plan(pl, m, &gp, &q, hx(0, 0), hx(1, 0), NULL), WR_ERR_NULL);
    assert_status(wr_planner_plan(pl, m, &gp, &q, hx(-9, 0), hx(1, 0), &r), WR_ERR_RANGE);
    assert_status(wr_planner_plan(pl, m, &gp, &q, hx(0, 0), hx(0, 9), &r), WR_ERR_RANGE);
    wr_plan_params bp = gp;
    bp.mover = 99;
    assert_status(wr_planner_plan(pl, m, &bp, &q, hx(0, 0), hx(1, 0), &r), WR_ERR_INVALID);
    /* unknown objectives */
    const int bad_obj[] = {-1, WR_OBJECTIVE_COUNT, INT32_MAX};
    for (size_t i = 0; i < 3; i++) {
        q.objective = bad_obj[i];
        assert_status(wr_planner_plan(pl, m, &gp, &q, hx(0, 0), hx(1, 0), &r), WR_ERR_INVALID);
    }
    q.objective = 0;
    /* a start state that cannot exist, and one in the middle of a crossing */
    b = fs;
    b.day = -3;
    q.start = &b;
    assert_status(wr_planner_plan(pl, m, &gp, &q, hx(0, 0), hx(1, 0), &r), WR_ERR_RANGE);
    b = fs;
    b.day = 2;
    b.points_saved = 13;
    assert_status(wr_planner_plan(pl, m, &gp, &q, hx(0, 0), hx(1, 0), &r), WR_ERR_RANGE);
    b = fs;
    b.crossing_days = 1;
    b.crossing = WR_STEP_FERRY;
    assert_status(wr_planner_plan(pl, m, &gp, &q, hx(0, 0), hx(1, 0), &r), WR_ERR_STATE);
    q.start = NULL;
    /* constraints sized wrongly for the map */
    uint8_t bits[8] = {0};
    q.blocked_hexes = bits;
    q.blocked_hexes_size = 1; /* 12 hexes need 2 bytes */
    assert_status(wr_planner_plan(pl, m, &gp, &q, hx(0, 0), hx(1, 0), &r), WR_ERR_RANGE);
    q.blocked_hexes_size = 3;
    assert_status(wr_planner_plan(pl, m, &gp, &q, hx(0, 0), hx(1, 0), &r), WR_ERR_RANGE);
    q.blocked_hexes = NULL;
    assert_status(wr_planner_plan(pl, m, &gp, &q, hx(0, 0), hx(1, 0), &r), WR_ERR_RANGE);
    q.blocked_hexes_size = 0;
    q.blocked_sides = bits;
    q.blocked_sides_size = 4; /* 36 sides need 5 bytes */
    assert_status(wr_planner_plan(pl, m, &gp, &q, hx(0, 0), hx(1, 0), &r), WR_ERR_RANGE);
    q.blocked_sides = NULL;
    q.blocked_sides_size = 0;
    /* a bad start: not "no route" */
    assert_status(wr_map_set_terrain(m, hx(0, 0), WR_HEX_SEA), WR_OK);
    assert_status(wr_planner_plan(pl, m, &gp, &q, hx(0, 0), hx(1, 0), &r), WR_ERR_FORBIDDEN);
    assert_memory_equal(&r, &rkeep, sizeof r);
}

/* The arrival field of a plan: NULLs, a short field, an objective it does
   not take, a start at sea; the field untouched. */
static void plan_field_bad_input(void **state)
{
    planner_case *pc = *state;
    wr_planner *pl = pc->pl;
    wr_map *m = pc->m;
    wr_plan_params gp = pc->gp;
    wr_plan_query q;
    memset(&q, 0, sizeof q);
    assert_status(wr_map_set_terrain(m, hx(0, 0), WR_HEX_SEA), WR_OK);
    wr_arrival field[12];
    for (size_t i = 0; i < 12; i++)
        field[i].day = S;
    assert_status(wr_planner_plan_field(NULL, m, &gp, &q, hx(1, 0), field, 12), WR_ERR_NULL);
    assert_status(wr_planner_plan_field(pl, NULL, &gp, &q, hx(1, 0), field, 12), WR_ERR_NULL);
    assert_status(wr_planner_plan_field(pl, m, NULL, &q, hx(1, 0), field, 12), WR_ERR_NULL);
    assert_status(wr_planner_plan_field(pl, m, &gp, &q, hx(1, 0), NULL, 12), WR_ERR_NULL);
    assert_status(wr_planner_plan_field(pl, m, &gp, &q, hx(1, 0), field, 11), WR_ERR_RANGE);
    q.objective = WR_OBJECTIVE_FEWEST_UNFORMED;
    assert_status(wr_planner_plan_field(pl, m, &gp, &q, hx(1, 0), field, 12), WR_ERR_INVALID);
    q.objective = 0;
    assert_status(wr_planner_plan_field(pl, m, &gp, &q, hx(0, 0), field, 12), WR_ERR_FORBIDDEN);
    for (size_t i = 0; i < 12; i++)
        assert_int_equal(field[i].day, S);
}

/* Hexside indices and the river check. */
static void hexside_index_and_rivers_bad_input(void **state)
{
    planner_case *pc = *state;
    wr_map *m = pc->m;
    int32_t idx = S;
    assert_status(wr_map_hexside_index(NULL, hx(0, 0), 0, &idx), WR_ERR_NULL);
    assert_status(wr_map_hexside_index(m, hx(0, 0), 0, NULL), WR_ERR_NULL);
    assert_status(wr_map_hexside_index(m, hx(9, 9), 0, &idx), WR_ERR_RANGE);
    assert_status(wr_map_hexside_index(m, hx(0, 0), 3, &idx), WR_ERR_RANGE); /* off the map */
    assert_status(wr_map_hexside_index(m, hx(0, 0), 6, &idx), WR_ERR_RANGE);
    assert_int_equal(idx, S);
    int problem = S, dir = S;
    wr_hex where = hx(S, S);
    assert_status(wr_map_check_rivers(NULL, &problem, &where, &dir), WR_ERR_NULL);
    assert_status(wr_map_check_rivers(m, NULL, &where, &dir), WR_ERR_NULL);
    assert_status(wr_map_check_rivers(m, &problem, NULL, &dir), WR_ERR_NULL);
    assert_status(wr_map_check_rivers(m, &problem, &where, NULL), WR_ERR_NULL);
    assert_int_equal(problem, S);
}

/* wr_planner_intercept() and wr_planner_danger(): the enemy of the
   interceptions below (three positions), the force at hx(0, 0), and the
   calls of each status with the result or the field untouched. */
static wr_force_position intercept_positions[3] = {{{2, 0}, 1}, {{1, 0}, 2}, {{1, 1}, 2}};

static wr_force_desc enemy_by_positions(void)
{
    wr_force_desc e;
    memset(&e, 0, sizeof e);
    e.positions = intercept_positions;
    e.position_count = 3;
    return e;
}

static void expect_intercept(planner_case *pc, const wr_plan_query *q, wr_hex from,
                             const wr_force_desc *e, const wr_intercept_params *how,
                             wr_status want)
{
    wr_intercept_result r, keep;
    memset(&r, 0x5a, sizeof r);
    keep = r;
    assert_status(wr_planner_intercept(pc->pl, pc->m, &pc->gp, q, from, e, how, &r), want);
    if (want != WR_OK)
        assert_memory_equal(&r, &keep, sizeof r);
}

/* NULL arguments; an unknown objective, meeting or order. */
static void intercept_null_and_unknown_values(void **state)
{
    planner_case *pc = *state;
    const wr_force_desc e = enemy_by_positions();
    wr_intercept_params how;
    memset(&how, 0, sizeof how);
    wr_intercept_result r, keep;
    memset(&r, 0x5a, sizeof r);
    keep = r;
    assert_status(wr_planner_intercept(NULL, pc->m, &pc->gp, NULL, hx(0, 0), &e, &how, &r), WR_ERR_NULL);
    assert_status(wr_planner_intercept(pc->pl, NULL, &pc->gp, NULL, hx(0, 0), &e, &how, &r), WR_ERR_NULL);
    assert_status(wr_planner_intercept(pc->pl, pc->m, NULL, NULL, hx(0, 0), &e, &how, &r), WR_ERR_NULL);
    assert_status(wr_planner_intercept(pc->pl, pc->m, &pc->gp, NULL, hx(0, 0), NULL, &how, &r), WR_ERR_NULL);
    assert_status(wr_planner_intercept(pc->pl, pc->m, &pc->gp, NULL, hx(0, 0), &e, &how, NULL), WR_ERR_NULL);
    assert_memory_equal(&r, &keep, sizeof r);
    const int bad[] = {INT32_MIN, -1, 99, INT32_MAX};
    for (size_t i = 0; i < 4; i++) {
        wr_intercept_params b = how;
        b.objective = bad[i];
        expect_intercept(pc, NULL, hx(0, 0), &e, &b, WR_ERR_INVALID);
        b = how;
        b.meeting = bad[i];
        expect_intercept(pc, NULL, hx(0, 0), &e, &b, WR_ERR_INVALID);
        b = how;
        b.order = bad[i];
        expect_intercept(pc, NULL, hx(0, 0), &e, &b, WR_ERR_INVALID);
    }
    how.objective = WR_INTERCEPT_OBJECTIVE_COUNT;
    expect_intercept(pc, NULL, hx(0, 0), &e, &how, WR_ERR_INVALID);
    how.objective = 0;
    how.meeting = WR_MEETING_COUNT;
    expect_intercept(pc, NULL, hx(0, 0), &e, &how, WR_ERR_INVALID);
    how.meeting = 0;
    how.order = WR_DAY_ORDER_COUNT;
    expect_intercept(pc, NULL, hx(0, 0), &e, &how, WR_ERR_INVALID);
}

/* The guard off the map: refused by the "before" objectives only. */
static void intercept_guard_off_the_map(void **state)
{
    planner_case *pc = *state;
    const wr_force_desc e = enemy_by_positions();
    wr_intercept_params how;
    memset(&how, 0, sizeof how);
    how.guard = hx(9, 9);
    expect_intercept(pc, NULL, hx(0, 0), &e, &how, WR_OK);
    how.objective = WR_INTERCEPT_BEFORE;
    expect_intercept(pc, NULL, hx(0, 0), &e, &how, WR_ERR_RANGE);
    how.objective = WR_INTERCEPT_FORMED_BEFORE;
    expect_intercept(pc, NULL, hx(0, 0), &e, &how, WR_ERR_RANGE);
}

/* Positions off the map, days out of range or decreasing, their count. */
static void intercept_bad_positions(void **state)
{
    planner_case *pc = *state;
    wr_force_position pos[3];
    memcpy(pos, intercept_positions, sizeof pos);
    wr_force_desc e = enemy_by_positions();
    e.positions = pos;
    pos[1].hex = hx(-5, 0);
    expect_intercept(pc, NULL, hx(0, 0), &e, NULL, WR_ERR_RANGE);
    pos[1].hex = hx(1, 0);
    const int bad_days[] = {INT32_MIN, -1, 0, WR_PLAN_MAX_DAYS + 1, INT32_MAX};
    for (size_t i = 0; i < 5; i++) {
        pos[2].day = bad_days[i];
        expect_intercept(pc, NULL, hx(0, 0), &e, NULL, WR_ERR_RANGE);
    }
    pos[2].day = 1; /* before the day of the position before it */
    expect_intercept(pc, NULL, hx(0, 0), &e, NULL, WR_ERR_INVALID);
    pos[2].day = 2;
    e.position_count = 0;
    expect_intercept(pc, NULL, hx(0, 0), &e, NULL, WR_ERR_RANGE);
    e.position_count = (size_t)WR_FORCE_MAX_POSITIONS + 1u;
    expect_intercept(pc, NULL, hx(0, 0), &e, NULL, WR_ERR_RANGE);
    e.positions = NULL; /* a count without positions */
    expect_intercept(pc, NULL, hx(0, 0), &e, NULL, WR_ERR_INVALID);
    e.position_count = 0; /* no positions: a force to plan, which needs params */
    expect_intercept(pc, NULL, hx(0, 0), &e, NULL, WR_ERR_NULL);
}

/* A planned enemy: its hexes, params, query and start state, a sea start. */
static void intercept_bad_planned_enemy(void **state)
{
    planner_case *pc = *state;
    assert_status(wr_map_set_terrain(pc->m, hx(2, 2), WR_HEX_SEA), WR_OK);
    wr_force_desc e;
    memset(&e, 0, sizeof e);
    e.params = &pc->gp;
    e.from = hx(2, 0);
    e.to = hx(0, 9);
    expect_intercept(pc, NULL, hx(0, 0), &e, NULL, WR_ERR_RANGE);
    e.to = hx(0, 1);
    wr_plan_params bp = pc->gp;
    bp.mover = 99;
    e.params = &bp;
    expect_intercept(pc, NULL, hx(0, 0), &e, NULL, WR_ERR_INVALID);
    e.params = &pc->gp;
    wr_plan_query eq;
    memset(&eq, 0, sizeof eq);
    eq.objective = 7;
    e.query = &eq;
    expect_intercept(pc, NULL, hx(0, 0), &e, NULL, WR_ERR_INVALID);
    eq.objective = 0;
    wr_force_state crossing;
    assert_status(wr_force_start(&crossing), WR_OK);
    crossing.crossing_days = 1;
    crossing.crossing = WR_STEP_FERRY;
    eq.start = &crossing;
    expect_intercept(pc, NULL, hx(0, 0), &e, NULL, WR_ERR_STATE);
    eq.start = NULL;
    e.from = hx(2, 2); /* sea */
    expect_intercept(pc, NULL, hx(0, 0), &e, NULL, WR_ERR_FORBIDDEN);
}

/* The force: its hex, params, start state, blocked sets, a sea start, and
   a rally first that would end past the last day. */
static void intercept_bad_force(void **state)
{
    planner_case *pc = *state;
    assert_status(wr_map_set_terrain(pc->m, hx(2, 2), WR_HEX_SEA), WR_OK);
    const wr_force_desc e = enemy_by_positions();
    expect_intercept(pc, NULL, hx(0, 7), &e, NULL, WR_ERR_RANGE);
    expect_intercept(pc, NULL, hx(2, 2), &e, NULL, WR_ERR_FORBIDDEN);
    const wr_plan_params good = pc->gp;
    pc->gp.mover = 99;
    expect_intercept(pc, NULL, hx(0, 0), &e, NULL, WR_ERR_INVALID);
    pc->gp = good;
    pc->gp.costs.daily_points = 0;
    expect_intercept(pc, NULL, hx(0, 0), &e, NULL, WR_ERR_RANGE);
    pc->gp = good;
    wr_plan_query q;
    memset(&q, 0, sizeof q);
    wr_force_state bad;
    assert_status(wr_force_start(&bad), WR_OK);
    bad.day = 0;
    q.start = &bad;
    expect_intercept(pc, &q, hx(0, 0), &e, NULL, WR_ERR_RANGE);
    bad.day = 1;
    bad.unformed = 2;
    expect_intercept(pc, &q, hx(0, 0), &e, NULL, WR_ERR_INVALID);
    wr_force_state crossing;
    assert_status(wr_force_start(&crossing), WR_OK);
    crossing.crossing_days = 1;
    crossing.crossing = WR_STEP_FERRY;
    q.start = &crossing;
    expect_intercept(pc, &q, hx(0, 0), &e, NULL, WR_ERR_STATE);
    wr_intercept_params how;
    memset(&how, 0, sizeof how);
    how.objective = WR_INTERCEPT_FORMED;
    crossing.unformed = 1;
    expect_intercept(pc, &q, hx(0, 0), &e, &how, WR_ERR_STATE);
    wr_force_state late;
    assert_status(wr_force_start(&late), WR_OK);
    late.day = WR_PLAN_MAX_DAYS;
    late.unformed = 1;
    q.start = &late;
    expect_intercept(pc, &q, hx(0, 0), &e, &how, WR_ERR_RANGE);
    q.start = NULL;
    uint8_t bits[8] = {0};
    q.blocked_hexes = bits;
    q.blocked_hexes_size = 1; /* 12 hexes need 2 bytes */
    expect_intercept(pc, &q, hx(0, 0), &e, NULL, WR_ERR_RANGE);
}

/* The danger field: NULLs, counts, a force's params, positions, hex, start
   and query; the field untouched, then the call succeeds. */
static void danger_bad_input(void **state)
{
    planner_case *pc = *state;
    assert_status(wr_map_set_terrain(pc->m, hx(2, 2), WR_HEX_SEA), WR_OK);
    wr_force_desc f[2];
    memset(f, 0, sizeof f);
    f[0].params = &pc->gp;
    f[0].from = hx(0, 0);
    f[1].params = &pc->gp;
    f[1].from = hx(2, 1);
    wr_danger field[12];
    for (size_t i = 0; i < 12; i++)
        field[i].day = field[i].force = field[i].points_left = S;
    wr_planner *pl = pc->pl;
    wr_map *m = pc->m;
    assert_status(wr_planner_danger(NULL, m, f, 2, field, 12), WR_ERR_NULL);
    assert_status(wr_planner_danger(pl, NULL, f, 2, field, 12), WR_ERR_NULL);
    assert_status(wr_planner_danger(pl, m, NULL, 2, field, 12), WR_ERR_NULL);
    assert_status(wr_planner_danger(pl, m, f, 2, NULL, 12), WR_ERR_NULL);
    assert_status(wr_planner_danger(pl, m, f, 0, field, 12), WR_ERR_RANGE);
    assert_status(wr_planner_danger(pl, m, f, WR_DANGER_MAX_FORCES + 1, field, 12), WR_ERR_RANGE);
    assert_status(wr_planner_danger(pl, m, f, 2, field, 11), WR_ERR_RANGE);
    f[1].params = NULL;
    assert_status(wr_planner_danger(pl, m, f, 2, field, 12), WR_ERR_NULL);
    wr_plan_params bp = pc->gp;
    bp.mover = 99;
    f[1].params = &bp;
    assert_status(wr_planner_danger(pl, m, f, 2, field, 12), WR_ERR_INVALID);
    f[1].params = &pc->gp;
    f[1].positions = intercept_positions;
    f[1].position_count = 3;
    assert_status(wr_planner_danger(pl, m, f, 2, field, 12), WR_ERR_INVALID);
    f[1].positions = NULL;
    assert_status(wr_planner_danger(pl, m, f, 2, field, 12), WR_ERR_INVALID);
    f[1].position_count = 0;
    f[1].from = hx(-1, 5);
    assert_status(wr_planner_danger(pl, m, f, 2, field, 12), WR_ERR_RANGE);
    f[1].from = hx(2, 2); /* sea */
    assert_status(wr_planner_danger(pl, m, f, 2, field, 12), WR_ERR_FORBIDDEN);
    f[1].from = hx(2, 1);
    wr_plan_query eq;
    memset(&eq, 0, sizeof eq);
    eq.objective = WR_OBJECTIVE_FEWEST_UNFORMED;
    f[1].query = &eq;
    assert_status(wr_planner_danger(pl, m, f, 2, field, 12), WR_ERR_INVALID);
    eq.objective = 0;
    wr_force_state crossing;
    assert_status(wr_force_start(&crossing), WR_OK);
    crossing.crossing_days = 1;
    crossing.crossing = WR_STEP_FERRY;
    eq.start = &crossing;
    assert_status(wr_planner_danger(pl, m, f, 2, field, 12), WR_ERR_STATE);
    eq.start = NULL;
    uint8_t bits[8] = {0};
    eq.blocked_sides = bits;
    eq.blocked_sides_size = 4; /* 36 sides need 5 bytes */
    assert_status(wr_planner_danger(pl, m, f, 2, field, 12), WR_ERR_RANGE);
    for (size_t i = 0; i < 12; i++) {
        assert_int_equal(field[i].day, S);
        assert_int_equal(field[i].force, S);
        assert_int_equal(field[i].points_left, S);
    }
    eq.blocked_sides = NULL;
    eq.blocked_sides_size = 0;
    assert_status(wr_planner_danger(pl, m, f, 2, field, 12), WR_OK);
}

int invalid_campaign_tests(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(pinned_rules),
        cmocka_unit_test(other_rules),
        cmocka_unit_test(hex_utilities),
        cmocka_unit_test(map_functions),
        cmocka_unit_test(tables_bad_input),
        cmocka_unit_test(planner_new_bad_input),
        cmocka_unit_test_setup_teardown(planner_queries_bad_input, planner_case_setup, planner_case_teardown),
        cmocka_unit_test_setup_teardown(planner_landmarks_bad_input, planner_case_setup, planner_case_teardown),
        cmocka_unit_test_setup_teardown(planner_bad_params, planner_case_setup, planner_case_teardown),
        cmocka_unit_test_setup_teardown(planner_forbidden, planner_case_setup, planner_case_teardown),
        cmocka_unit_test_setup_teardown(planner_graph_bad_input, planner_case_setup, planner_case_teardown),
        cmocka_unit_test(moves_from_bad_input),
        cmocka_unit_test(force_state_bad_input),
        cmocka_unit_test(force_replay_bad_input),
        cmocka_unit_test_setup_teardown(plan_bad_input, planner_case_setup, planner_case_teardown),
        cmocka_unit_test_setup_teardown(plan_field_bad_input, planner_case_setup, planner_case_teardown),
        cmocka_unit_test_setup_teardown(hexside_index_and_rivers_bad_input, planner_case_setup,
                                        planner_case_teardown),
        cmocka_unit_test_setup_teardown(intercept_null_and_unknown_values, planner_case_setup,
                                        planner_case_teardown),
        cmocka_unit_test_setup_teardown(intercept_guard_off_the_map, planner_case_setup,
                                        planner_case_teardown),
        cmocka_unit_test_setup_teardown(intercept_bad_positions, planner_case_setup,
                                        planner_case_teardown),
        cmocka_unit_test_setup_teardown(intercept_bad_planned_enemy, planner_case_setup,
                                        planner_case_teardown),
        cmocka_unit_test_setup_teardown(intercept_bad_force, planner_case_setup, planner_case_teardown),
        cmocka_unit_test_setup_teardown(danger_bad_input, planner_case_setup, planner_case_teardown),
    };
    return cmocka_run_group_tests_name("invalid_campaign", tests, NULL, NULL);
}
