/* Allocation through a handle's allocator: the only way library code gets memory. */
#ifndef WARRULES_SRC_CORE_MEMORY_H
#define WARRULES_SRC_CORE_MEMORY_H

#include <stddef.h>

#include "warrules/core.h"

/* The C library's malloc, realloc and free as a wr_allocator. */
extern const wr_allocator wri_default_allocator;

/* Checks a caller's allocator and copies it (or the default for NULL) into *dst.
   Returns WR_ERR_INVALID when alloc is given without a function. */
wr_status wri_allocator_init(wr_allocator *dst, const wr_allocator *alloc);

/* A handle's first allocation: one zeroed object of `size` bytes from the
   caller's allocator (NULL: the C library's), which is copied to *used for
   the handle to keep. On failure returns NULL with *status set:
   WR_ERR_INVALID for an allocator without a function, WR_ERR_NOMEM. */
void *wri_new_object(const wr_allocator *alloc, size_t size, wr_allocator *used, wr_status *status);
/* The same for a handle that keeps its allocator in a wr_allocator member at
   byte alloc_at (offsetof): copied there instead of to the caller. */
void *wri_new_handle(const wr_allocator *alloc, size_t size, size_t alloc_at, wr_status *status);
/* Frees such a handle (NULL: nothing) through the allocator it keeps. */
void wri_free_handle(void *object, size_t size, size_t alloc_at);

/* NULL on failure or when count * size overflows; the memory is zeroed. */
void *wri_alloc_zero(const wr_allocator *a, size_t count, size_t size);
/* Resizes an array of old_count to new_count elements of size bytes; the new
   tail is zeroed. NULL on failure (the old block is then still valid). */
void *wri_realloc_array(const wr_allocator *a, void *ptr, size_t old_count, size_t new_count,
                        size_t size);
void wri_free(const wr_allocator *a, void *ptr, size_t count, size_t size);

#endif
