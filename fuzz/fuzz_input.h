/* Reading fuzz input as a stream of integers; past the end everything is 0. */
#ifndef WARRULES_FUZZ_INPUT_H
#define WARRULES_FUZZ_INPUT_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

/* An invariant of the library: a violation names itself and traps, which
   libFuzzer reports as a crash. */
#define REQUIRE(cond)                                                                              \
    do {                                                                                           \
        if (!(cond)) {                                                                             \
            fprintf(stderr, "%s:%d: invariant failed: %s\n", __FILE__, __LINE__, #cond);          \
            __builtin_trap();                                                                      \
        }                                                                                          \
    } while (0)

typedef struct fuzz_input {
    const uint8_t *data;
    size_t size;
    size_t pos;
} fuzz_input;

static inline uint32_t fuzz_u32(fuzz_input *in)
{
    uint32_t v = 0;
    for (int i = 0; i < 4 && in->pos < in->size; i++)
        v |= (uint32_t)in->data[in->pos++] << (8 * i);
    return v;
}

static inline int fuzz_int(fuzz_input *in)
{
    uint32_t u = fuzz_u32(in);
    int32_t v;
    memcpy(&v, &u, sizeof v);
    return v;
}

/* A small integer, mostly in -8..lim+8, to reach the edges of ranges often. */
static inline int fuzz_small(fuzz_input *in, int lim)
{
    uint8_t b = in->pos < in->size ? in->data[in->pos++] : 0;
    if (b == 255)
        return fuzz_int(in);
    return (int)(b % (unsigned)(lim + 17)) - 8;
}

static inline uint64_t fuzz_u64(fuzz_input *in)
{
    uint64_t lo = fuzz_u32(in);
    return lo | ((uint64_t)fuzz_u32(in) << 32);
}

/* v + by without overflow, clamped to the int range. */
static inline int fuzz_shift(int v, int by)
{
    int64_t s = (int64_t)v + by;
    if (s > INT32_MAX)
        return INT32_MAX;
    if (s < INT32_MIN)
        return INT32_MIN;
    return (int)s;
}

static inline int fuzz_more(const fuzz_input *in)
{
    return in->pos < in->size;
}

#endif
