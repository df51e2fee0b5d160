/* The exact odds of a melee, read back: probabilities as exact decimals
   or rounded down to 10^-18; and the Monte Carlo check [Continuing]. The
   chain that computes them is in odds_chain.c. */
#include <string.h>

#include "odds.h"
#include "core/rng.h"

uint32_t *wri_odds_figs(const wr_melee_odds *o, int side, int figures)
{
    size_t index = side == 0 ? (size_t)figures : (size_t)(o->start[0] + 1 + figures);
    return o->figs + index * (size_t)o->limbs;
}

void wr_melee_odds_free(wr_melee_odds *odds)
{
    if (odds == NULL)
        return;
    wr_allocator a = odds->alloc;
    size_t L = (size_t)odds->limbs;
    wri_free(&a, odds->ends, WR_END_COUNT * L, sizeof(uint32_t));
    wri_free(&a, odds->figs, (size_t)(odds->start[0] + odds->start[1] + 2) * L, sizeof(uint32_t));
    wri_free(&a, odds, 1, sizeof *odds);
}

wr_status wr_melee_odds_exponent(const wr_melee_odds *odds, int *exponent)
{
    if (odds == NULL)
        return WRI_NULL(odds);
    if (exponent == NULL)
        return WRI_NULL(exponent);
    *exponent = odds->exponent;
    return WR_OK;
}

/* The number's decimal digits after the point, exponent of them, into
   digits (which holds exponent + 1 bytes); returns 1 when the number is
   exactly 1 (10^exponent). */
static int fraction_digits(const wr_melee_odds *o, const uint32_t *x, char *digits)
{
    int e = o->exponent;
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
    for (int w = e / 9 + 1; w < o->limbs; w++)
        above |= x[w] != 0;
    return above;
}

static uint64_t to_e18(const wr_melee_odds *o, const uint32_t *x)
{
    char digits[WRI_ODDS_MAX_EXPONENT + 8];
    if (fraction_digits(o, x, digits))
        return UINT64_C(1000000000000000000);
    uint64_t v = 0;
    for (int i = 0; i < 18; i++)
        v = v * 10 + (uint64_t)(i < o->exponent ? digits[i] - '0' : 0);
    return v;
}

static wr_status to_text(const wr_melee_odds *o, const uint32_t *x, char *buf, size_t cap,
                         size_t *len)
{
    char digits[WRI_ODDS_MAX_EXPONENT + 8];
    char text[WRI_ODDS_MAX_EXPONENT + 12];
    if (fraction_digits(o, x, digits)) {
        strcpy(text, "1");
    } else {
        int last = o->exponent;
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

static int end_valid(wr_melee_end end)
{
    int e = (int)end;
    return e >= 0 && e < WR_END_COUNT;
}

wr_status wr_melee_odds_end(const wr_melee_odds *odds, wr_melee_end end, uint64_t *p_e18)
{
    if (odds == NULL)
        return WRI_NULL(odds);
    if (p_e18 == NULL)
        return WRI_NULL(p_e18);
    if (!end_valid(end))
        return WRI_FAIL_VALUE(WR_ERR_INVALID, "end", end, "a wr_melee_end value");
    *p_e18 = to_e18(odds, odds->ends + (size_t)end * (size_t)odds->limbs);
    return WR_OK;
}

wr_status wr_melee_odds_end_exact(const wr_melee_odds *odds, wr_melee_end end, char *buf,
                                  size_t cap, size_t *len)
{
    if (odds == NULL)
        return WRI_NULL(odds);
    if (len == NULL)
        return WRI_NULL(len);
    if (buf == NULL && cap > 0)
        return WRI_NULL(buf);
    if (!end_valid(end))
        return WRI_FAIL_VALUE(WR_ERR_INVALID, "end", end, "a wr_melee_end value");
    return WRI_PASS(to_text(odds, odds->ends + (size_t)end * (size_t)odds->limbs, buf, cap, len));
}

static wr_status check_figures(const wr_melee_odds *o, int side, int figures)
{
    if (side != 0 && side != 1)
        return WRI_FAIL_VALUE(WR_ERR_RANGE, "side", side, "0 or 1");
    if (figures < 0 || figures > o->start[side])
        return WRI_FAIL_VALUE(WR_ERR_RANGE, "figures", figures, "0..the side's figures at the start");
    return WR_OK;
}

wr_status wr_melee_odds_figures(const wr_melee_odds *odds, int side, int figures, uint64_t *p_e18)
{
    if (odds == NULL)
        return WRI_NULL(odds);
    if (p_e18 == NULL)
        return WRI_NULL(p_e18);
    wr_status st = check_figures(odds, side, figures);
    if (st != WR_OK)
        return WRI_PASS(st);
    *p_e18 = to_e18(odds, wri_odds_figs(odds, side, figures));
    return WR_OK;
}

wr_status wr_melee_odds_figures_exact(const wr_melee_odds *odds, int side, int figures, char *buf,
                                      size_t cap, size_t *len)
{
    if (odds == NULL)
        return WRI_NULL(odds);
    if (len == NULL)
        return WRI_NULL(len);
    if (buf == NULL && cap > 0)
        return WRI_NULL(buf);
    wr_status st = check_figures(odds, side, figures);
    if (st != WR_OK)
        return WRI_PASS(st);
    return WRI_PASS(to_text(odds, wri_odds_figs(odds, side, figures), buf, cap, len));
}

wr_status wr_engagement_simulate_rng(const wr_engagement *engagement, int max_rounds, wr_rng *rng,
                            int trials, uint64_t counts[WR_END_COUNT])
{
    if (engagement == NULL)
        return WRI_NULL(engagement);
    if (rng == NULL)
        return WRI_NULL(rng);
    if (counts == NULL)
        return WRI_NULL(counts);
    if (max_rounds < 1 || max_rounds > 1000)
        return WRI_FAIL_VALUE(WR_ERR_RANGE, "max_rounds", max_rounds, "1..1000");
    if (trials < 1 || trials > 100000000)
        return WRI_FAIL_VALUE(WR_ERR_RANGE, "trials", trials, "1..100000000");
    wr_status st = wri_melee_ready(engagement);
    if (st != WR_OK)
        return WRI_PASS(st);
    wri_snapshot start;
    wri_melee_snapshot(engagement, &start);
    uint64_t tally[WR_END_COUNT] = {0};
    wr_rng work = *rng; /* written back only on success */
    wri_dice dice = {&work, NULL, 0, 0};
    wr_melee_round r;
    for (int t = 0; t < trials; t++) {
        wri_snapshot s = start;
        wr_melee_end end = WR_END_ONGOING;
        for (int k = 0; k < max_rounds && end == WR_END_ONGOING; k++) {
            st = wri_melee_round(&s, &dice, engagement->morale, engagement->morale_user, &r, NULL);
            if (st != WR_OK)
                return WRI_PASS(st);
            wri_melee_advance(&s, &r);
            end = r.end;
        }
        tally[end]++;
    }
    memcpy(counts, tally, sizeof tally);
    *rng = work;
    return WR_OK;
}
