/* Campaign module, the map's region tags: nothing held while no hex is
   tagged, a sparse table while few are, a dense array once many are; each
   against a plain array of the tags set, with tags cleared back to 0, two
   maps apart, every hex tagged, allocation failures, and a reused
   planner's Ellriendi fields after tag edits against a new planner's. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "warrules/campaign.h"

#include "failing_alloc.h"
#include "fixtures.h"

/* Every hex's tags equal to those expected. */
static void expect_tags(const wr_map *m, const uint32_t *want, int32_t n)
{
    for (int32_t i = 0; i < n; i++) {
        wr_hex h;
        uint32_t tags = 0xdeadbeefu;
        OK(wr_map_hex(m, i, &h));
        OK(wr_map_regions(m, h, &tags));
        if (tags != want[i])
            print_message("hex %ld: %lu, want %lu\n", (long)i, (unsigned long)tags,
                          (unsigned long)want[i]);
        assert_int_equal(tags, want[i]);
    }
}

static void set_tags(wr_map *m, uint32_t *want, int32_t i, uint32_t tags)
{
    wr_hex h;
    OK(wr_map_hex(m, i, &h));
    OK(wr_map_set_regions(m, h, tags));
    want[i] = tags;
}

/* The bytes a counting allocator has live. */
typedef struct counted {
    long long live;
} counted;

static void *counting(void *user, void *ptr, size_t old_size, size_t new_size)
{
    counted *c = user;
    c->live += (long long)new_size - (long long)(ptr != NULL ? old_size : 0);
    if (new_size == 0) {
        free(ptr);
        return NULL;
    }
    return realloc(ptr, new_size);
}

/* A map tagging no hex holds no tags: 0 everywhere, clearing allocates
   nothing, and a map costs its cells only. */
static void untagged_map_holds_nothing(void **state)
{
    (void)state;
    counted c = {0};
    wr_allocator a = {counting, &c};
    wr_map *m = NULL;
    OK(wr_map_new_ex(64, 64, &a, &m));
    const long long bare = c.live;
    assert_true(bare < 64 * 64 * 8 + 1024);
    uint32_t *want = calloc(64 * 64, sizeof *want);
    assert_non_null(want);
    for (int32_t i = 0; i < 64 * 64; i += 7)
        set_tags(m, want, i, 0);
    assert_int_equal(c.live, bare);
    expect_tags(m, want, 64 * 64);
    /* a tag and its clearing: back to an empty table */
    set_tags(m, want, 100, 5);
    assert_true(c.live > bare);
    expect_tags(m, want, 64 * 64);
    set_tags(m, want, 100, 0);
    expect_tags(m, want, 64 * 64);
    free(want);
    wr_map_free(m);
    assert_int_equal(c.live, 0);
}

/* Many tags, in random order with overwrites and clearings, on a map large
   enough that the table stays sparse, then on one where it turns dense. */
static void many_tags_and_clearing(void **state)
{
    (void)state;
    static const int sizes[3][2] = {{300, 200}, {37, 23}, {5, 3}};
    for (int k = 0; k < 3; k++) {
        const int w = sizes[k][0], hgt = sizes[k][1];
        const int32_t n = w * hgt;
        counted c = {0};
        wr_allocator a = {counting, &c};
        wr_map *m = NULL;
        OK(wr_map_new_ex(w, hgt, &a, &m));
        const long long bare = c.live;
        uint32_t *want = calloc((size_t)n, sizeof *want);
        assert_non_null(want);
        unsigned s = 2024u + (unsigned)k;
        for (int round = 0; round < 6; round++) {
            const int edits = 50 << round;
            for (int e = 0; e < edits; e++) {
                int32_t i = (int32_t)(((unsigned)rnd(&s) << 15 | rnd(&s)) % (unsigned)n);
                uint32_t t = rnd(&s) % 3 == 0 ? 0u : (uint32_t)rnd(&s) << 17 | rnd(&s) | 1u;
                set_tags(m, want, i, t);
            }
            expect_tags(m, want, n);
            /* clear every other tagged hex */
            for (int32_t i = 0; i < n; i += 2)
                if (want[i] != 0)
                    set_tags(m, want, i, 0);
            expect_tags(m, want, n);
        }
        /* a table no larger than the dense array would be */
        assert_true(c.live - bare <= (long long)n * 4 + 64);
        free(want);
        wr_map_free(m);
        assert_int_equal(c.live, 0);
    }
}

/* A sparse table of few tags costs a few bytes a tagged hex. */
static void few_tags_cost_little(void **state)
{
    (void)state;
    counted c = {0};
    wr_allocator a = {counting, &c};
    wr_map *m = NULL;
    OK(wr_map_new_ex(1000, 1000, &a, &m));
    const long long bare = c.live;
    uint32_t *want = calloc(1000000, sizeof *want);
    assert_non_null(want);
    for (int32_t i = 0; i < 1000000; i += 1000)
        set_tags(m, want, i, (uint32_t)i | 0x80000000u);
    assert_true(c.live - bare <= 1000 * 24);
    expect_tags(m, want, 1000000);
    free(want);
    wr_map_free(m);
}

/* Every hex of a map tagged, then every hex cleared, on maps from 1 hex up. */
static void every_hex_tagged(void **state)
{
    (void)state;
    static const int sizes[4][2] = {{1, 1}, {8, 8}, {97, 61}, {512, 300}};
    for (int k = 0; k < 4; k++) {
        const int32_t n = sizes[k][0] * sizes[k][1];
        wr_map *m = NULL;
        OK(wr_map_new(sizes[k][0], sizes[k][1], &m));
        uint32_t *want = calloc((size_t)n, sizeof *want);
        assert_non_null(want);
        for (int32_t i = n - 1; i >= 0; i--)
            set_tags(m, want, i, 0xffffffffu - (uint32_t)i);
        expect_tags(m, want, n);
        for (int32_t i = 0; i < n; i++)
            set_tags(m, want, i, 0);
        expect_tags(m, want, n);
        free(want);
        wr_map_free(m);
    }
}

/* Two maps keep their tags apart, one sparse and one dense. */
static void maps_apart(void **state)
{
    (void)state;
    wr_map *a = NULL, *b = NULL;
    OK(wr_map_new(50, 40, &a));
    OK(wr_map_new(50, 40, &b));
    uint32_t *wa = calloc(2000, sizeof *wa), *wb = calloc(2000, sizeof *wb);
    assert_non_null(wa);
    assert_non_null(wb);
    for (int32_t i = 0; i < 2000; i += 13)
        set_tags(a, wa, i, 1u << (i % 32));
    for (int32_t i = 0; i < 2000; i++)
        set_tags(b, wb, i, (uint32_t)i + 1u);
    expect_tags(a, wa, 2000);
    expect_tags(b, wb, 2000);
    set_tags(a, wa, 13, 0);
    expect_tags(b, wb, 2000);
    wr_map_free(b);
    expect_tags(a, wa, 2000);
    wr_map_free(a);
    free(wa);
    free(wb);
}

/* Tagging a hex may need room: out of memory, the tags stay as they were. */
static void tag_out_of_memory(void **state)
{
    (void)state;
    for (long k = 1; k < 6; k++) {
        failing_allocator f = {0, -1, 0};
        wr_allocator a = {failing_alloc, &f};
        wr_map *m = NULL;
        OK(wr_map_new_ex(300, 300, &a, &m));
        uint32_t *want = calloc(90000, sizeof *want);
        assert_non_null(want);
        f.fail_at = f.allocations + k - 1;
        wr_status st = WR_OK;
        int32_t i = 0;
        for (; i < 90000 && st == WR_OK; i += 3) {
            wr_hex h;
            OK(wr_map_hex(m, i, &h));
            st = wr_map_set_regions(m, h, 7u);
            if (st == WR_OK)
                want[i] = 7u;
        }
        assert_int_equal(st, WR_ERR_NOMEM);
        expect_tags(m, want, 90000);
        f.fail_at = -1;
        set_tags(m, want, i - 3, 9u);
        expect_tags(m, want, 90000);
        free(want);
        wr_map_free(m);
        assert_int_equal(f.live, 0);
    }
}

/* A planner's fields for an Ellriendi force after tag edits (the map's log
   of changes: set, overwritten, cleared), against a new planner's. */
static void planner_follows_tag_edits(void **state)
{
    (void)state;
    const int w = 60, hgt = 50;
    wr_map *m = NULL;
    OK(wr_map_new(w, hgt, &m));
    unsigned s = 31337;
    for (int32_t i = 0; i < w * hgt; i++) {
        wr_hex h;
        OK(wr_map_hex(m, i, &h));
        OK(wr_map_set_terrain(m, h, rnd(&s) % 4 ? WR_HEX_FOREST : WR_HEX_CLEAR));
    }
    wr_plan_params p = params_for(WR_MOVER_INFANTRY);
    p.traits = WR_FORCE_ELLRIENDI;
    p.home_regions = 2u;
    const wr_hex from = O(30, 25);
    const size_t n = (size_t)(w * hgt);
    wr_arrival *fa = calloc(n, sizeof *fa), *fb = calloc(n, sizeof *fb);
    assert_non_null(fa);
    assert_non_null(fb);
    wr_planner *pl = NULL;
    OK(wr_planner_new(&pl));
    int differed = 0;
    for (int round = 0; round < 30; round++) {
        const int edits = 1 + round % 5;
        for (int e = 0; e < edits; e++) {
            wr_hex h = O((int)(rnd(&s) % (unsigned)w), (int)(rnd(&s) % (unsigned)hgt));
            OK(wr_map_set_regions(m, h, rnd(&s) % 3 == 0 ? 0u : (rnd(&s) % 2 ? 2u : 3u)));
        }
        if (round % 7 == 6)
            for (int32_t i = 0; i < w * hgt; i += 2) {
                wr_hex h;
                OK(wr_map_hex(m, i, &h));
                OK(wr_map_set_regions(m, h, 0));
            }
        OK(wr_planner_field(pl, m, &p, from, fa, n));
        wr_planner *fresh = NULL;
        OK(wr_planner_new(&fresh));
        OK(wr_planner_field(fresh, m, &p, from, fb, n));
        wr_planner_free(fresh);
        assert_memory_equal(fa, fb, n * sizeof *fa);
        p.traits = 0;
        OK(wr_planner_field(pl, m, &p, from, fb, n));
        p.traits = WR_FORCE_ELLRIENDI;
        differed |= memcmp(fa, fb, n * sizeof *fa) != 0;
    }
    assert_true(differed); /* the tags changed some arrival */
    wr_planner_free(pl);
    free(fa);
    free(fb);
    wr_map_free(m);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(untagged_map_holds_nothing),
        cmocka_unit_test(many_tags_and_clearing),
        cmocka_unit_test(few_tags_cost_little),
        cmocka_unit_test(every_hex_tagged),
        cmocka_unit_test(maps_apart),
        cmocka_unit_test(tag_out_of_memory),
        cmocka_unit_test(planner_follows_tag_edits),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
