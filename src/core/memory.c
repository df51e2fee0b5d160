#if defined(__linux__) && !defined(_DEFAULT_SOURCE)
#define _DEFAULT_SOURCE 1 /* madvise() */
#endif
#include "memory.h"
#include "error.h"

#if defined(__linux__)
#include <sys/mman.h>
#endif

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static void *default_alloc(void *user, void *ptr, size_t old_size, size_t new_size)
{
    (void)user;
    (void)old_size;
    if (new_size == 0) {
        free(ptr);
        return NULL;
    }
    return realloc(ptr, new_size);
}

const wr_allocator wri_default_allocator = {default_alloc, NULL};

wr_status wri_allocator_init(wr_allocator *dst, const wr_allocator *alloc)
{
    if (alloc == NULL) {
        *dst = wri_default_allocator;
        return WR_OK;
    }
    if (alloc->fn == NULL)
        return wri_fail(WR_ERR_INVALID, "", "alloc->fn", 0, 0,
                        "an allocation function (alloc->fn is NULL)");
    *dst = *alloc;
    return WR_OK;
}

void *wri_new_object(const wr_allocator *alloc, size_t size, wr_allocator *used, wr_status *status)
{
    *status = wri_allocator_init(used, alloc);
    if (*status != WR_OK)
        return NULL;
    void *object = wri_alloc_zero(used, 1, size);
    if (object == NULL)
        *status = wri_fail(WR_ERR_NOMEM, "", NULL, (long long)size, 1,
                           "memory from the handle's allocator");
    return object;
}

void *wri_new_handle(const wr_allocator *alloc, size_t size, size_t alloc_at, wr_status *status)
{
    wr_allocator used;
    void *object = wri_new_object(alloc, size, &used, status);
    if (object != NULL)
        memcpy((char *)object + alloc_at, &used, sizeof used);
    return object;
}

void wri_free_handle(void *object, size_t size, size_t alloc_at)
{
    if (object == NULL)
        return;
    wr_allocator a;
    memcpy(&a, (char *)object + alloc_at, sizeof a);
    wri_free(&a, object, 1, size);
}

void *wri_alloc_zero(const wr_allocator *a, size_t count, size_t size)
{
    return wri_realloc_array(a, NULL, 0, count, size);
}

void *wri_realloc_array(const wr_allocator *a, void *ptr, size_t old_count, size_t new_count,
                        size_t size)
{
    if (size == 0 || new_count == 0 || new_count > SIZE_MAX / size)
        return NULL;
    size_t old_bytes = ptr ? old_count * size : 0;
    size_t new_bytes = new_count * size;
    /* A new block from the C library: calloc() hands large ones over as
       fresh zero pages, not written until used (a memset() would fault in
       and write every page of a planner's arrays on its first query). */
    if (ptr == NULL && a->fn == default_alloc) {
        void *z = calloc(new_count, size);
#if defined(__linux__) && defined(MADV_HUGEPAGE)
        /* A block of 4 MiB or more: transparent huge pages where the system
           gives them on request (a fault per 2 MiB, not per 4 KiB, on the
           first query's arrays; a hint, whatever it returns). */
        const uintptr_t huge = (uintptr_t)1 << 21;
        if (z != NULL && new_bytes >= 2u * huge) {
            uintptr_t from = ((uintptr_t)z + huge - 1u) & ~(huge - 1u);
            uintptr_t to = ((uintptr_t)z + new_bytes) & ~(huge - 1u);
            if (to > from)
                (void)madvise((void *)from, (size_t)(to - from), MADV_HUGEPAGE);
        }
#endif
        return z;
    }
    unsigned char *p = a->fn(a->user, ptr, old_bytes, new_bytes);
    if (p != NULL && new_bytes > old_bytes)
        memset(p + old_bytes, 0, new_bytes - old_bytes);
    return p;
}

void wri_free(const wr_allocator *a, void *ptr, size_t count, size_t size)
{
    if (ptr != NULL)
        (void)a->fn(a->user, ptr, count * size, 0);
}
