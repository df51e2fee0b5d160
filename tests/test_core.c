/* Core: status names and sentences, version, the pinned dice algorithm, allocators. */
#include <setjmp.h>
#include <stdio.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "warrules/warrules.h"

static void status_names(void **state)
{
    (void)state;
    assert_string_equal(wr_status_name(WR_OK), "WR_OK");
    assert_string_equal(wr_status_name(WR_ERR_NULL), "WR_ERR_NULL");
    assert_string_equal(wr_status_name(WR_ERR_RANGE), "WR_ERR_RANGE");
    assert_string_equal(wr_status_name(WR_ERR_INVALID), "WR_ERR_INVALID");
    assert_string_equal(wr_status_name(WR_ERR_NOMEM), "WR_ERR_NOMEM");
    assert_string_equal(wr_status_name(WR_ERR_FORBIDDEN), "WR_ERR_FORBIDDEN");
    assert_string_equal(wr_status_name(WR_ERR_STATE), "WR_ERR_STATE");
    assert_string_equal(wr_status_name((wr_status)7), "WR_UNKNOWN");
    assert_string_equal(wr_status_name((wr_status)-1), "WR_UNKNOWN");
}

/* The failure detail: what the last failing call on this thread was, in
   fields and in words; successful calls leave it; wr_last_error_clear forgets it. */
static void error_detail(void **state)
{
    (void)state;
    wr_error e;
    wr_last_error_clear();
    assert_int_equal(wr_last_error_detail(&e), WR_OK);
    assert_int_equal(e.status, WR_OK);
    assert_string_equal(e.function, "");
    assert_string_equal(wr_last_error(), "");

    wr_rng *rng = NULL;
    assert_int_equal(wr_rng_new(3, &rng), WR_OK);
    int roll = 0;
    assert_int_equal(wr_rng_roll(rng, 1, &roll), WR_ERR_RANGE);
    assert_int_equal(wr_last_error_detail(&e), WR_OK);
    assert_int_equal(e.status, WR_ERR_RANGE);
    assert_string_equal(e.function, "wr_rng_roll");
    assert_string_equal(e.argument, "sides");
    assert_true(e.has_value);
    assert_int_equal(e.value, 1);
    assert_string_equal(e.expected, "2..1000000");
    assert_string_equal(wr_last_error(), "wr_rng_roll: sides = 1 is outside 2..1000000 (WR_ERR_RANGE)");

    assert_int_equal(wr_rng_roll(rng, 6, &roll), WR_OK); /* success leaves the detail */
    assert_string_equal(wr_last_error(), "wr_rng_roll: sides = 1 is outside 2..1000000 (WR_ERR_RANGE)");
    assert_int_equal(wr_last_error_detail(NULL), WR_ERR_NULL); /* and is not recorded */
    assert_int_equal(wr_last_error_detail(&e), WR_OK);
    assert_int_equal(e.value, 1);

    assert_int_equal(wr_rng_roll(rng, 6, NULL), WR_ERR_NULL);
    assert_string_equal(wr_last_error(), "wr_rng_roll: out: expected a non-NULL pointer (WR_ERR_NULL)");
    assert_int_equal(wr_rng_clone(NULL, &rng), WR_ERR_NULL);
    assert_string_equal(wr_last_error(), "wr_rng_clone: rng: expected a non-NULL pointer (WR_ERR_NULL)");

    wr_allocator no_fn = {NULL, NULL};
    wr_rng *other = NULL;
    assert_int_equal(wr_rng_new_ex(1, &no_fn, &other), WR_ERR_INVALID);
    assert_int_equal(wr_last_error_detail(&e), WR_OK);
    assert_string_equal(e.function, "wr_rng_new_ex");
    assert_string_equal(e.argument, "alloc->fn");
    assert_null(other);
    assert_int_equal(wr_rng_new(1, NULL), WR_ERR_NULL);
    assert_int_equal(wr_last_error_detail(&e), WR_OK);
    assert_string_equal(e.function, "wr_rng_new");

    wr_last_error_clear();
    assert_string_equal(wr_last_error(), "");
    wr_rng_free(rng);
}

static void status_sentences(void **state)
{
    (void)state;
    for (int s = -3; s <= 10; s++) {
        const char *text = wr_status_str((wr_status)s);
        assert_non_null(text);
        size_t n = strlen(text);
        assert_true(n > 5);
        assert_true(text[n - 1] == '.');
    }
    assert_string_not_equal(wr_status_str(WR_ERR_RANGE), wr_status_str(WR_ERR_NULL));
    assert_string_not_equal(wr_status_str((wr_status)99), wr_status_str(WR_OK));
}

static void version(void **state)
{
    (void)state;
    assert_string_equal(wr_version(), WR_VERSION_STRING);
    assert_int_equal(wr_version_number(), WR_VERSION_NUMBER);
    char parts[32];
    snprintf(parts, sizeof parts, "%d.%d.%d", WR_VERSION_MAJOR, WR_VERSION_MINOR, WR_VERSION_PATCH);
    assert_string_equal(WR_VERSION_STRING, parts);
    assert_int_equal(WR_VERSION_NUMBER,
                     WR_VERSION_MAJOR * 10000 + WR_VERSION_MINOR * 100 + WR_VERSION_PATCH);
}

/* Golden values from tests/reference/rng_reference.py, an independent
   implementation of the pinned algorithm. */
static void check_sequence(uint64_t seed, int sides, const int *expected, int n)
{
    wr_rng *rng = NULL;
    assert_int_equal(wr_rng_new(seed, &rng), WR_OK);
    for (int i = 0; i < n; i++) {
        int roll = 0;
        assert_int_equal(wr_rng_roll(rng, sides, &roll), WR_OK);
        assert_int_equal(roll, expected[i]);
    }
    wr_rng_free(rng);
}

static void rng_golden_sequences(void **state)
{
    (void)state;
    static const int s0d6[] = {4, 5, 1, 3, 5, 6, 3, 4, 6, 6};
    static const int s1d6[] = {5, 4, 4, 3, 5, 1, 1, 3, 6, 4};
    static const int s42d100[] = {9, 38, 69, 93, 100, 77, 72, 86, 77, 59};
    static const int smaxd20[] = {12, 16, 11, 15, 12, 15, 8, 16, 13, 13};
    static const int s7dmillion[] = {700577, 278752, 839628, 981098, 990861,
                                     872774, 60753, 104436, 403707, 151817};
    static const int s3d2[] = {2, 2, 1, 2, 1, 1, 1, 2, 2, 1};
    check_sequence(0, 6, s0d6, 10);
    check_sequence(1, 6, s1d6, 10);
    check_sequence(42, 100, s42d100, 10);
    check_sequence(UINT64_MAX, 20, smaxd20, 10);
    check_sequence(7, 1000000, s7dmillion, 10);
    check_sequence(3, 2, s3d2, 10);
}

/* A long run of the largest die passes through Lemire's rejection branch. */
static void rng_long_run_hash(void **state)
{
    (void)state;
    wr_rng *rng = NULL;
    assert_int_equal(wr_rng_new(7, &rng), WR_OK);
    uint64_t hash = UINT64_C(14695981039346656037); /* FNV-1a over the rolls */
    for (int i = 0; i < 20000; i++) {
        int roll = 0;
        assert_int_equal(wr_rng_roll(rng, 1000000, &roll), WR_OK);
        assert_in_range(roll, 1, 1000000);
        hash = (hash ^ (uint64_t)roll) * UINT64_C(1099511628211);
    }
    assert_true(hash == UINT64_C(15001731447284896210));
    wr_rng_free(rng);
}

static void rng_bounds_and_uniformity(void **state)
{
    (void)state;
    wr_rng *rng = NULL;
    assert_int_equal(wr_rng_new(2026, &rng), WR_OK);
    int counts[7] = {0};
    for (int i = 0; i < 60000; i++) {
        int roll = 0;
        assert_int_equal(wr_rng_roll(rng, 6, &roll), WR_OK);
        assert_in_range(roll, 1, 6);
        counts[roll]++;
    }
    for (int face = 1; face <= 6; face++)
        assert_in_range(counts[face], 9500, 10500);
    wr_rng_free(rng);
}

static void rng_bad_sides_leave_state(void **state)
{
    (void)state;
    static const int s0d6[] = {4, 5, 1};
    wr_rng *rng = NULL;
    assert_int_equal(wr_rng_new(0, &rng), WR_OK);
    int roll = -77;
    assert_int_equal(wr_rng_roll(rng, 1, &roll), WR_ERR_RANGE);
    assert_int_equal(wr_rng_roll(rng, 0, &roll), WR_ERR_RANGE);
    assert_int_equal(wr_rng_roll(rng, -6, &roll), WR_ERR_RANGE);
    assert_int_equal(wr_rng_roll(rng, 1000001, &roll), WR_ERR_RANGE);
    assert_int_equal(roll, -77);
    for (int i = 0; i < 3; i++) {
        assert_int_equal(wr_rng_roll(rng, 6, &roll), WR_OK);
        assert_int_equal(roll, s0d6[i]);
    }
    wr_rng_free(rng);
}

static void rng_clone_continues_sequence(void **state)
{
    (void)state;
    wr_rng *a = NULL, *b = NULL;
    assert_int_equal(wr_rng_new(99, &a), WR_OK);
    int x = 0, y = 0;
    for (int i = 0; i < 5; i++)
        assert_int_equal(wr_rng_roll(a, 20, &x), WR_OK);
    assert_int_equal(wr_rng_clone(a, &b), WR_OK);
    for (int i = 0; i < 100; i++) {
        assert_int_equal(wr_rng_roll(a, 100, &x), WR_OK);
        assert_int_equal(wr_rng_roll(b, 100, &y), WR_OK);
        assert_int_equal(x, y);
    }
    wr_rng_free(a);
    wr_rng_free(b);
    wr_rng_free(NULL);
}

typedef struct counting_allocator {
    int allocations;
    int frees;
    int fail_after; /* fail every allocation after this many; -1 never */
} counting_allocator;

static void *counting_alloc(void *user, void *ptr, size_t old_size, size_t new_size)
{
    counting_allocator *c = user;
    (void)old_size;
    if (new_size == 0) {
        if (ptr != NULL)
            c->frees++;
        free(ptr);
        return NULL;
    }
    if (c->fail_after >= 0 && c->allocations >= c->fail_after)
        return NULL;
    if (ptr == NULL)
        c->allocations++;
    return realloc(ptr, new_size);
}

static void rng_caller_allocator(void **state)
{
    (void)state;
    counting_allocator c = {0, 0, -1};
    wr_allocator alloc = {counting_alloc, &c};
    wr_rng *rng = NULL, *copy = NULL;
    assert_int_equal(wr_rng_new_ex(0, &alloc, &rng), WR_OK);
    assert_int_equal(wr_rng_clone(rng, &copy), WR_OK);
    assert_int_equal(c.allocations, 2);
    int roll = 0;
    assert_int_equal(wr_rng_roll(copy, 6, &roll), WR_OK);
    assert_int_equal(roll, 4);
    wr_rng_free(rng);
    wr_rng_free(copy);
    assert_int_equal(c.frees, 2);

    counting_allocator failing = {0, 0, 0};
    wr_allocator bad = {counting_alloc, &failing};
    wr_rng *untouched = (wr_rng *)&failing;
    assert_int_equal(wr_rng_new_ex(0, &bad, &untouched), WR_ERR_NOMEM);
    assert_ptr_equal(untouched, (wr_rng *)&failing);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(status_names),
        cmocka_unit_test(status_sentences),
        cmocka_unit_test(error_detail),
        cmocka_unit_test(version),
        cmocka_unit_test(rng_golden_sequences),
        cmocka_unit_test(rng_long_run_hash),
        cmocka_unit_test(rng_bounds_and_uniformity),
        cmocka_unit_test(rng_bad_sides_leave_state),
        cmocka_unit_test(rng_clone_continues_sequence),
        cmocka_unit_test(rng_caller_allocator),
    };
    return cmocka_run_group_tests_name("core", tests, NULL, NULL);
}
