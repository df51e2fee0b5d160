/* alloc_failure: every scenario is run once per allocation it makes, with the
   k-th allocation failing; each run must end in WR_ERR_NOMEM with nothing
   leaked and nothing crashed, and the run with no failure must succeed. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include <cmocka.h>

#include "warrules/warrules.h"

typedef struct failing_allocator {
    long allocations; /* successful allocations and growths so far */
    long fail_at;     /* the allocation (from 0) that fails; -1 for none */
    long live;        /* blocks not yet freed */
} failing_allocator;

static void *failing_alloc(void *user, void *ptr, size_t old_size, size_t new_size)
{
    failing_allocator *f = user;
    (void)old_size;
    if (new_size == 0) {
        if (ptr != NULL)
            f->live--;
        free(ptr);
        return NULL;
    }
    if (f->allocations == f->fail_at)
        return NULL;
    f->allocations++;
    void *p = realloc(ptr, new_size);
    if (p != NULL && ptr == NULL)
        f->live++;
    return p;
}

/* A scenario makes handles with the allocator, uses them and frees them all,
   returning the first status other than WR_OK. */
typedef wr_status (*scenario_fn)(const wr_allocator *alloc);

#define TRY(call)                                                                                  \
    do {                                                                                           \
        st = (call);                                                                               \
        if (st != WR_OK)                                                                           \
            goto done;                                                                             \
    } while (0)

static wr_status rng_scenario(const wr_allocator *alloc)
{
    wr_status st = WR_OK;
    wr_rng *rng = NULL, *copy = NULL;
    int roll = 0;
    TRY(wr_rng_new_ex(3, alloc, &rng));
    TRY(wr_rng_clone(rng, &copy));
    TRY(wr_rng_roll(copy, 6, &roll));
done:
    wr_rng_free(rng);
    wr_rng_free(copy);
    return st;
}

static void run_scenario(scenario_fn scenario)
{
    failing_allocator counter = {0, -1, 0};
    wr_allocator alloc = {failing_alloc, &counter};
    assert_int_equal(scenario(&alloc), WR_OK);
    assert_int_equal(counter.live, 0);
    long total = counter.allocations;
    assert_true(total > 0);
    for (long k = 0; k < total; k++) {
        failing_allocator f = {0, k, 0};
        wr_allocator a = {failing_alloc, &f};
        assert_int_equal(scenario(&a), WR_ERR_NOMEM);
        assert_int_equal(f.live, 0);
    }
}

static void rng_allocations(void **state)
{
    (void)state;
    run_scenario(rng_scenario);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(rng_allocations),
    };
    return cmocka_run_group_tests_name("alloc_failure", tests, NULL, NULL);
}
