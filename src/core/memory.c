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

#if defined(__linux__) && defined(MADV_HUGEPAGE)
#define WRI_HUGE_BLOCKS 1
/* Blocks of 2 MiB or more (a planner's arrays on a map of 512x512 and
   more) are mapped apart, on 2 MiB boundaries and in whole 2 MiB pages,
   with transparent huge pages asked for: a fault per 2 MiB, not per 4 KiB,
   on their first touch, where a block from calloc() had up to 2 MiB of
   small pages at each end (about 900 faults of about 5 us each on a new
   planner's first field at 1024x1024, on this project's VM), and blocks
   of 2 to 4 MiB had no huge page at all. The allocator is told each
   block's true size, so the size says how a block was made. */
static const size_t huge = (size_t)1 << 21;

static int is_huge_block(size_t bytes)
{
    return bytes >= huge;
}

static size_t huge_length(size_t bytes)
{
    return (bytes + huge - 1u) & ~(huge - 1u);
}

/* Fresh zero pages (NULL on failure). */
static void *huge_map(size_t bytes)
{
    if (bytes > SIZE_MAX - 2u * huge)
        return NULL;
    const size_t len = huge_length(bytes);
    char *p = mmap(NULL, len + huge, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED)
        return NULL;
    const size_t head = (size_t)(huge - (uintptr_t)p % huge) % huge;
    if (head > 0)
        (void)munmap(p, head);
    (void)munmap(p + head + len, huge - head);
    (void)madvise(p + head, len, MADV_HUGEPAGE); /* a hint, whatever it returns */
    return p + head;
}

/* realloc() and free() for a block that is or becomes huge. */
static void *huge_realloc(void *ptr, size_t old_size, size_t new_size)
{
    void *q = NULL;
    if (new_size > 0) {
        q = is_huge_block(new_size) ? huge_map(new_size) : malloc(new_size);
        if (q == NULL)
            return NULL; /* the old block still valid */
        if (ptr != NULL)
            memcpy(q, ptr, old_size < new_size ? old_size : new_size);
    }
    if (ptr != NULL && is_huge_block(old_size))
        (void)munmap(ptr, huge_length(old_size));
    else
        free(ptr);
    return q;
}
#endif

static void *default_alloc(void *user, void *ptr, size_t old_size, size_t new_size)
{
    (void)user;
#if defined(WRI_HUGE_BLOCKS)
    if (ptr == NULL)
        old_size = 0;
    if (is_huge_block(old_size) || is_huge_block(new_size))
        return huge_realloc(ptr, old_size, new_size);
#else
    (void)old_size;
#endif
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
       and write every page of a planner's arrays on its first query); huge
       blocks are mapped as fresh zero pages too. */
    if (ptr == NULL && a->fn == default_alloc) {
#if defined(WRI_HUGE_BLOCKS)
        if (is_huge_block(new_bytes))
            return huge_map(new_bytes);
#endif
        return calloc(new_count, size);
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
