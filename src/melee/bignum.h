/* Exact numbers of the odds: non-negative multi-word integers in base
   10^9, least significant word first (shared by the engagement's chain,
   odds_chain.c, and the melee phase's, phase_odds_chain.c). */
#ifndef WARRULES_SRC_MELEE_BIGNUM_H
#define WARRULES_SRC_MELEE_BIGNUM_H

#include <stdint.h>

#include "odds.h"

#define BASE WRI_ODDS_BASE

/* The words of x up to its highest non-zero one. */
static inline int big_len(const uint32_t *x, int n)
{
    while (n > 0 && x[n - 1] == 0)
        n--;
    return n;
}

/* dst[0..] += a[0..na) * w + dst's own words, for w <= 10^9 and dst words
   below BASE; dst has room for the carry. Each word's product is split
   into (quotient, remainder) independently of the others, so the only
   chain from word to word is a carry of 0 or 1 (the quotient of the word
   below is at most 10^9, remainder + quotient + 1 < 2^32). */
static inline void big_muladd1(uint32_t *dst, const uint32_t *a, int na, uint32_t w)
{
    uint32_t q_below = 0, c = 0;
    for (int k = 0; k < na; k++) {
        uint64_t t = (uint64_t)dst[k] + (uint64_t)a[k] * w;
        uint32_t q = (uint32_t)(t / BASE);
        uint32_t x = (uint32_t)(t - (uint64_t)q * BASE) + q_below + c;
        c = x >= BASE;
        dst[k] = c ? x - BASE : x;
        q_below = q;
    }
    uint64_t carry = (uint64_t)q_below + c;
    for (int k = na; carry != 0; k++) {
        uint64_t t = (uint64_t)dst[k] + carry;
        dst[k] = (uint32_t)(t % BASE);
        carry = t / BASE;
    }
}

/* x *= w, w <= 10^9; x has n words (the words above its length that the
   product reaches must be zero). */
static inline void big_scale(uint32_t *x, uint32_t w, int n)
{
    int len = big_len(x, n);
    uint32_t q_below = 0, c = 0;
    for (int k = 0; k < len; k++) {
        uint64_t t = (uint64_t)x[k] * w;
        uint32_t q = (uint32_t)(t / BASE);
        uint32_t v = (uint32_t)(t - (uint64_t)q * BASE) + q_below + c;
        c = v >= BASE;
        x[k] = c ? v - BASE : v;
        q_below = q;
    }
    uint64_t carry = (uint64_t)q_below + c;
    for (int k = len; k < n && carry != 0; k++) {
        x[k] = (uint32_t)(carry % BASE);
        carry /= BASE;
    }
}

static inline void big_scale_pow10(uint32_t *x, int digits, int n)
{
    static const uint32_t pow10[10] = {1,      10,      100,      1000,      10000,
                                       100000, 1000000, 10000000, 100000000, 1000000000};
    while (digits > 0) {
        int d = digits > 9 ? 9 : digits;
        big_scale(x, pow10[d], n);
        digits -= d;
    }
}

/* dst += a * b; dst has room for the result. */
static inline void big_muladd(uint32_t *dst, const uint32_t *a, int na, const uint32_t *b, int nb)
{
    na = big_len(a, na);
    nb = big_len(b, nb);
    if (nb == 1) {
        big_muladd1(dst, a, na, b[0]);
        return;
    }
    for (int j = 0; j < nb; j++) {
        if (b[j] == 0)
            continue;
        uint64_t carry = 0;
        int k = 0;
        for (; k < na; k++) {
            uint64_t t = (uint64_t)dst[j + k] + (uint64_t)a[k] * b[j] + carry;
            dst[j + k] = (uint32_t)(t % BASE);
            carry = t / BASE;
        }
        for (k += j; carry != 0; k++) {
            uint64_t t = (uint64_t)dst[k] + carry;
            dst[k] = (uint32_t)(t % BASE);
            carry = t / BASE;
        }
    }
}

/* Words for a number below 10^exponent, with room for a carry. */
static inline int words_for(int exponent)
{
    return exponent / 9 + 3;
}

/* floor(x / 10^exponent * 10^18), 10^18 when x is 10^exponent or more. */
uint64_t wri_odds_e18(const uint32_t *x, int limbs, int exponent);
/* x / 10^exponent as an exact decimal ("0.0123", "1", "0") into buf (cap
   bytes); *len is its length; WR_ERR_RANGE when it does not fit. */
wr_status wri_odds_text(const uint32_t *x, int limbs, int exponent, char *buf, size_t cap,
                        size_t *len);
/* floor(x * 10^digits / 10^exponent) for x of `words` words, when it is
   below 2^63 (0..9 digits). */
uint64_t wri_odds_scaled(const uint32_t *x, int words, int exponent, int digits);

#endif
