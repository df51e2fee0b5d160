/* The core's internal contracts that no public call reaches, checked
   directly (this program links the static library and calls its wri_
   functions): wri_realloc_array() refuses a size that overflows or is zero
   without calling the allocator, and shrinks a block keeping its first
   elements (src/core/memory.h); wri_pass_arg() lets WR_OK through without
   touching the detail, and a detail without an expectation reads as its
   status (src/core/error.h). And, through the public API, a
   thread that has never failed reads WR_OK and empty strings. */
#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "core/error.h"
#include "core/memory.h"
#include "warrules/warrules.h"

typedef struct counting {
    int calls;
    size_t last_old, last_new;
} counting;

static void *counting_alloc(void *user, void *ptr, size_t old_size, size_t new_size)
{
    counting *c = user;
    c->calls++;
    c->last_old = old_size;
    c->last_new = new_size;
    if (new_size == 0) {
        free(ptr);
        return NULL;
    }
    return realloc(ptr, new_size);
}

/* memory.h: "NULL ... when count * size overflows": refused before any
   allocation, as are a count or a size of 0. */
static void realloc_array_refuses_overflow_and_zero(void **state)
{
    (void)state;
    counting c = {0, 0, 0};
    const wr_allocator a = {counting_alloc, &c};
    assert_null(wri_realloc_array(&a, NULL, 0, SIZE_MAX / 8u + 1u, 8u));
    assert_null(wri_alloc_zero(&a, SIZE_MAX / 2u + 1u, 2u));
    assert_null(wri_realloc_array(&a, NULL, 0, 0, 8u));
    assert_null(wri_realloc_array(&a, NULL, 0, 4, 0));
    assert_int_equal(c.calls, 0);
    uint32_t *p = wri_realloc_array(&a, NULL, 0, 4, sizeof *p);
    assert_non_null(p);
    assert_int_equal(c.calls, 1);
    assert_int_equal(c.last_new, 4 * sizeof *p);
    /* an old block is still valid after a refused resize */
    p[3] = 7;
    assert_null(wri_realloc_array(&a, p, 4, SIZE_MAX / sizeof *p + 1u, sizeof *p));
    assert_int_equal(c.calls, 1);
    assert_int_equal(p[3], 7);
    wri_free(&a, p, 4, sizeof *p);
    assert_int_equal(c.calls, 2);
    assert_int_equal(c.last_old, 4 * sizeof *p);
}

/* memory.h: "the new tail is zeroed": a grown block reads 0 past the old
   elements; a shrunk one keeps its first elements and the allocator is told
   both true sizes. */
static void realloc_array_zeroes_growth_and_keeps_on_shrink(void **state)
{
    (void)state;
    counting c = {0, 0, 0};
    const wr_allocator a = {counting_alloc, &c};
    int32_t *p = wri_alloc_zero(&a, 4, sizeof *p);
    assert_non_null(p);
    for (int i = 0; i < 4; i++) {
        assert_int_equal(p[i], 0);
        p[i] = i + 1;
    }
    int32_t *q = wri_realloc_array(&a, p, 4, 8, sizeof *q);
    assert_non_null(q);
    for (int i = 0; i < 8; i++)
        assert_int_equal(q[i], i < 4 ? i + 1 : 0);
    int32_t *r = wri_realloc_array(&a, q, 8, 2, sizeof *r);
    assert_non_null(r);
    assert_int_equal(c.last_old, 8 * sizeof *r);
    assert_int_equal(c.last_new, 2 * sizeof *r);
    assert_int_equal(r[0], 1);
    assert_int_equal(r[1], 2);
    wri_free(&a, r, 2, sizeof *r);
    wri_free(&a, NULL, 2, sizeof *r); /* NULL: the allocator is not called */
    assert_int_equal(c.calls, 4);
}

/* memory.h with the default allocator: a block resized across the size
   from which it is mapped apart (2 MiB, on Linux) keeps its elements and
   zeroes its growth, whichever way it crosses. */
static void default_allocator_keeps_elements_across_huge_blocks(void **state)
{
    (void)state;
    const wr_allocator *a = &wri_default_allocator;
    const size_t sizes[] = {(size_t)1 << 18, (size_t)3 << 18, (size_t)5 << 18, (size_t)1 << 17};
    int32_t *p = wri_alloc_zero(a, sizes[0], sizeof *p);
    assert_non_null(p);
    size_t n = sizes[0];
    for (size_t i = 0; i < n; i++) {
        assert_int_equal(p[i], 0);
        p[i] = (int32_t)i;
    }
    for (size_t k = 1; k < sizeof sizes / sizeof sizes[0]; k++) {
        int32_t *q = wri_realloc_array(a, p, n, sizes[k], sizeof *q);
        assert_non_null(q);
        for (size_t i = 0; i < sizes[k]; i++) {
            assert_int_equal(q[i], i < n ? (int32_t)i : 0);
            q[i] = (int32_t)i;
        }
        p = q;
        n = sizes[k];
    }
    wri_free(a, p, n, sizeof *p);
    int32_t *z = wri_alloc_zero(a, sizes[2], sizeof *z); /* a new huge block */
    assert_non_null(z);
    for (size_t i = 0; i < sizes[2]; i += 1021)
        assert_int_equal(z[i], 0);
    z[sizes[2] - 1] = 7;
    wri_free(a, z, sizes[2], sizeof *z);
}

/* error.h: wri_pass_arg() returns the status unchanged, and WR_OK stores
   nothing: the last failure's detail stays as it was. */
static void pass_arg_of_ok_keeps_the_detail(void **state)
{
    (void)state;
    wr_rng *rng = NULL;
    assert_int_equal(wr_rng_new(3, &rng), WR_OK);
    int roll = 0;
    assert_int_equal(wr_rng_roll(rng, 1, &roll), WR_ERR_RANGE);
    assert_int_equal(wri_pass_arg(WR_OK, "wr_other", "other"), WR_OK);
    wr_error e;
    assert_int_equal(wr_last_error_detail(&e), WR_OK);
    assert_int_equal(e.status, WR_ERR_RANGE);
    assert_string_equal(e.function, "wr_rng_roll");
    assert_string_equal(e.argument, "sides");
    /* a failure passed on naming another argument keeps value and expectation */
    assert_int_equal(wri_pass_arg(WR_ERR_RANGE, "wr_other", "other"), WR_ERR_RANGE);
    assert_string_equal(wr_last_error(), "wr_other: other = 1 is outside 2..1000000 (WR_ERR_RANGE)");
    wr_rng_free(rng);
}

/* error.h: NULL stands for "" in a recorded detail. A detail without an
   expectation (the library records none, but for a caller's status passed
   on) reads as the status's sentence, with or without an argument. */
static void a_detail_without_expectation_reads_as_the_status(void **state)
{
    (void)state;
    assert_int_equal(wri_fail(WR_ERR_RANGE, "wr_x", "n", 7, 1, NULL), WR_ERR_RANGE);
    assert_string_equal(wr_last_error(), "wr_x: A number is outside its documented range. (WR_ERR_RANGE)");
    assert_int_equal(wri_fail(WR_ERR_STATE, "wr_x", "n", 0, 0, NULL), WR_ERR_STATE);
    assert_string_equal(wr_last_error(),
                        "wr_x: The handle is not in a state that allows the call. (WR_ERR_STATE)");
    wr_error e;
    assert_int_equal(wr_last_error_detail(&e), WR_OK);
    assert_string_equal(e.argument, "n");
    assert_string_equal(e.expected, "");
    wr_last_error_clear();
}

typedef struct fresh {
    wr_status got;
    wr_error e;
    char text[8];
} fresh;

static void *read_fresh_detail(void *arg)
{
    fresh *f = arg;
    f->got = wr_last_error_detail(&f->e);
    strncpy(f->text, wr_last_error(), sizeof f->text - 1);
    return NULL;
}

/* core.h, wr_last_error_detail(): "its status is WR_OK when no call on this
   thread has failed since it started"; "" for every string, and
   wr_last_error() is "", whatever other threads did. */
static void a_new_thread_has_no_detail(void **state)
{
    (void)state;
    int roll = 0;
    assert_int_equal(wr_rng_roll(NULL, 6, &roll), WR_ERR_NULL); /* this thread failed */
    fresh f;
    memset(&f, 0x55, sizeof f);
    f.text[sizeof f.text - 1] = '\0';
    pthread_t id;
    assert_int_equal(pthread_create(&id, NULL, read_fresh_detail, &f), 0);
    assert_int_equal(pthread_join(id, NULL), 0);
    assert_int_equal(f.got, WR_OK);
    assert_int_equal(f.e.status, WR_OK);
    assert_string_equal(f.e.function, "");
    assert_string_equal(f.e.argument, "");
    assert_string_equal(f.e.expected, "");
    assert_int_equal(f.e.has_value, 0);
    assert_string_equal(f.text, "");
    wr_error mine;
    assert_int_equal(wr_last_error_detail(&mine), WR_OK);
    assert_int_equal(mine.status, WR_ERR_NULL);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(realloc_array_refuses_overflow_and_zero),
        cmocka_unit_test(realloc_array_zeroes_growth_and_keeps_on_shrink),
        cmocka_unit_test(default_allocator_keeps_elements_across_huge_blocks),
        cmocka_unit_test(pass_arg_of_ok_keeps_the_detail),
        cmocka_unit_test(a_detail_without_expectation_reads_as_the_status),
        cmocka_unit_test(a_new_thread_has_no_detail),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
