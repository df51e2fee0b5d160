/* Exact odds read back as decimals: an integer over 10^exponent, in base
   10^9 words, as an exact decimal string or rounded down to 10^-18 (the
   engagement's odds, odds.c, and the melee phase's, phase_odds.c). */
#include <string.h>

#include "bignum.h"

/* The number's decimal digits after the point, exponent of them, into
   digits (which holds exponent + 1 bytes); returns 1 when the number is
   exactly 1 (10^exponent). */
static int fraction_digits(const uint32_t *x, int limbs, int exponent, char *digits)
{
    int e = exponent;
    for (int i = 0; i < e; i++) {
        int from_right = e - 1 - i; /* position of digit i counted from the last */
        uint32_t word = x[from_right / 9];
        for (int k = 0; k < from_right % 9; k++)
            word /= 10;
        digits[i] = (char)('0' + word % 10);
    }
    digits[e] = '\0';
    /* any digit at or above position e means the number is 10^e */
    uint32_t high = x[e / 9];
    for (int k = 0; k < e % 9; k++)
        high /= 10;
    int above = high != 0;
    for (int w = e / 9 + 1; w < limbs; w++)
        above |= x[w] != 0;
    return above;
}

uint64_t wri_odds_e18(const uint32_t *x, int limbs, int exponent)
{
    char digits[WRI_ODDS_MAX_EXPONENT + 8];
    if (fraction_digits(x, limbs, exponent, digits))
        return UINT64_C(1000000000000000000);
    uint64_t v = 0;
    for (int i = 0; i < 18; i++)
        v = v * 10 + (uint64_t)(i < exponent ? digits[i] - '0' : 0);
    return v;
}

wr_status wri_odds_text(const uint32_t *x, int limbs, int exponent, char *buf, size_t cap,
                        size_t *len)
{
    char digits[WRI_ODDS_MAX_EXPONENT + 8];
    char text[WRI_ODDS_MAX_EXPONENT + 12];
    if (fraction_digits(x, limbs, exponent, digits)) {
        strcpy(text, "1");
    } else {
        int last = exponent;
        while (last > 0 && digits[last - 1] == '0')
            last--;
        if (last == 0) {
            strcpy(text, "0");
        } else {
            text[0] = '0';
            text[1] = '.';
            memcpy(text + 2, digits, (size_t)last);
            text[last + 2] = '\0';
        }
    }
    size_t n = strlen(text);
    if (cap < n + 1) {
        *len = n;
        return WRI_FAIL_VALUE(WR_ERR_RANGE, "cap", cap, "at least the string's length + 1");
    }
    memcpy(buf, text, n + 1);
    *len = n;
    return WR_OK;
}

uint64_t wri_odds_scaled(const uint32_t *x, int words, int exponent, int digits)
{
    static const uint64_t pow10[10] = {1,      10,      100,      1000,      10000,
                                       100000, 1000000, 10000000, 100000000, 1000000000};
    if (exponent <= digits) {
        uint64_t v = 0;
        for (int j = words - 1; j >= 0; j--)
            v = v * BASE + x[j];
        return v * pow10[digits - exponent];
    }
    int q = exponent - digits; /* decimal digits to drop */
    int k = q / 9, r = q % 9;
    if (k >= words)
        return 0;
    uint64_t hi = 0;
    for (int j = words - 1; j > k; j--)
        hi = hi * BASE + x[j];
    return hi * pow10[9 - r] + x[k] / pow10[r];
}
