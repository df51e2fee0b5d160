/* wr_rng: the pinned dice algorithm (xoshiro256** seeded by SplitMix64,
   Lemire's nearly divisionless mapping to 1..sides). */
#include "rng.h"
#include "error.h"
#include "memory.h"

static uint64_t splitmix64(uint64_t *x)
{
    uint64_t z = (*x += UINT64_C(0x9e3779b97f4a7c15));
    z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
    return z ^ (z >> 31);
}

static uint64_t rotl(uint64_t x, int k)
{
    return (x << k) | (x >> (64 - k));
}

static uint64_t xoshiro_next(uint64_t s[4])
{
    uint64_t result = rotl(s[1] * 5, 7) * 9;
    uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rotl(s[3], 45);
    return result;
}

static uint32_t draw32(wr_rng *rng)
{
    return (uint32_t)(xoshiro_next(rng->s) >> 32);
}

wr_status wr_rng_new_ex(uint64_t seed, const wr_allocator *alloc, wr_rng **out)
{
    if (out == NULL)
        return WRI_NULL(out);
    wr_allocator a;
    wr_status st;
    wr_rng *rng = wri_new_object(alloc, sizeof *rng, &a, &st);
    if (rng == NULL)
        return WRI_PASS(st);
    rng->alloc = a;
    uint64_t x = seed;
    for (int i = 0; i < 4; i++)
        rng->s[i] = splitmix64(&x);
    *out = rng;
    return WR_OK;
}

wr_status wr_rng_new(uint64_t seed, wr_rng **out)
{
    return WRI_PASS(wr_rng_new_ex(seed, NULL, out));
}

void wr_rng_free(wr_rng *rng)
{
    if (rng != NULL) {
        wr_allocator a = rng->alloc;
        wri_free(&a, rng, 1, sizeof *rng);
    }
}

wr_status wr_rng_roll(wr_rng *rng, int sides, int *out)
{
    if (rng == NULL)
        return WRI_NULL(rng);
    if (out == NULL)
        return WRI_NULL(out);
    if (sides < 2 || sides > 1000000)
        return WRI_FAIL_VALUE(WR_ERR_RANGE, "sides", sides, "2..1000000");
    uint32_t n = (uint32_t)sides;
    uint64_t m = (uint64_t)draw32(rng) * n;
    uint32_t l = (uint32_t)m;
    if (l < n) {
        uint32_t t = (0u - n) % n;
        while (l < t) {
            m = (uint64_t)draw32(rng) * n;
            l = (uint32_t)m;
        }
    }
    *out = (int)(m >> 32) + 1;
    return WR_OK;
}

wr_status wr_rng_clone(const wr_rng *rng, wr_rng **out)
{
    if (rng == NULL)
        return WRI_NULL(rng);
    if (out == NULL)
        return WRI_NULL(out);
    wr_rng *copy = wri_alloc_zero(&rng->alloc, 1, sizeof *copy);
    if (copy == NULL)
        return WRI_NOMEM();
    *copy = *rng;
    *out = copy;
    return WR_OK;
}
