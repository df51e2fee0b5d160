/* An allocator that fails the k-th allocation, and the harness that runs a
   scenario once per allocation it makes with that allocation failing: each
   run must end in WR_ERR_NOMEM with every block freed. Include after cmocka.h. */
#ifndef WARRULES_TESTS_FAILING_ALLOC_H
#define WARRULES_TESTS_FAILING_ALLOC_H

#include <stdlib.h>

#include "warrules/core.h"

typedef struct failing_allocator {
    long allocations; /* successful allocations and growths so far */
    long fail_at;     /* the allocation (from 0) that fails; -1 for none */
    long live;        /* blocks not yet freed */
} failing_allocator;

static inline void *failing_alloc(void *user, void *ptr, size_t old_size, size_t new_size)
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
typedef wr_status (*alloc_scenario_fn)(const wr_allocator *alloc);

/* Runs the scenario without failures (it must succeed with more than
   min_allocations allocations), then once with each allocation failing. */
static inline void check_alloc_failures(alloc_scenario_fn scenario, long min_allocations)
{
    failing_allocator counter = {0, -1, 0};
    wr_allocator alloc = {failing_alloc, &counter};
    assert_int_equal(scenario(&alloc), WR_OK);
    assert_int_equal(counter.live, 0);
    long total = counter.allocations;
    assert_true(total > min_allocations);
    for (long k = 0; k < total; k++) {
        failing_allocator f = {0, k, 0};
        wr_allocator a = {failing_alloc, &f};
        assert_int_equal(scenario(&a), WR_ERR_NOMEM);
        assert_int_equal(f.live, 0);
    }
}

/* In a scenario: run a call, and on failure go to `done` with its status in st. */
#define TRY(call)                                                                                  \
    do {                                                                                           \
        st = (call);                                                                               \
        if (st != WR_OK)                                                                           \
            goto done;                                                                             \
    } while (0)

#endif
