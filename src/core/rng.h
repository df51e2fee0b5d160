/* The state behind a wr_rng, for the functions that roll many dice on a copy
   and write it back only on WR_OK, so that a failed call (a morale model's
   error after some rolls, say) leaves the caller's roller where it was. */
#ifndef WARRULES_SRC_CORE_RNG_H
#define WARRULES_SRC_CORE_RNG_H

#include <stdint.h>

#include "memory.h"

struct wr_rng {
    uint64_t s[4];
    wr_allocator alloc;
};

#endif
