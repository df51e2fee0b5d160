/* A caller allocator for the handle targets: it fails when the input says
   so, and counts live blocks so a leak or a double free traps. */
#ifndef WARRULES_FUZZ_ALLOC_H
#define WARRULES_FUZZ_ALLOC_H

#include <stdlib.h>

#include "fuzz_input.h"
#include "warrules/core.h"

typedef struct fuzz_alloc {
    long live;      /* blocks not yet freed */
    long countdown; /* allocations left before one fails; < 0: never */
    size_t max_block; /* larger blocks fail; 0: no limit */
} fuzz_alloc;

static void *fuzz_alloc_fn(void *user, void *ptr, size_t old_size, size_t new_size)
{
    fuzz_alloc *f = user;
    (void)old_size;
    if (new_size == 0) {
        if (ptr != NULL) {
            REQUIRE(f->live > 0);
            f->live--;
        }
        free(ptr);
        return NULL;
    }
    if (f->countdown == 0 || (f->max_block != 0 && new_size > f->max_block)) {
        f->countdown = -1;
        return NULL;
    }
    if (f->countdown > 0)
        f->countdown--;
    void *p = realloc(ptr, new_size);
    if (p != NULL && ptr == NULL)
        f->live++;
    return p;
}

/* The allocator for the next constructor: NULL (libc) or the counting one,
   failing after 0..7 allocations or never, as the input chooses. */
static const wr_allocator *fuzz_pick_alloc(fuzz_input *in, fuzz_alloc *f, wr_allocator *a)
{
    int choice = fuzz_small(in, 16);
    if (choice < 0)
        return NULL;
    a->fn = fuzz_alloc_fn;
    a->user = f;
    f->countdown = choice < 8 ? choice : -1;
    return a;
}

#endif
