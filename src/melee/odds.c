/* The exact odds of a melee, read back: probabilities as exact decimals
   or rounded down to 10^-18; and the Monte Carlo check [Continuing]. The
   chain that computes them is in odds_chain.c. */
#include <string.h>

#include "bignum.h"
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

static uint64_t to_e18(const wr_melee_odds *o, const uint32_t *x)
{
    return wri_odds_e18(x, o->limbs, o->exponent);
}

static wr_status to_text(const wr_melee_odds *o, const uint32_t *x, char *buf, size_t cap,
                         size_t *len)
{
    return wri_odds_text(x, o->limbs, o->exponent, buf, cap, len);
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
        return WRI_FAIL_VALUE(WR_ERR_RANGE, "figures", figures,
                              "0..the side's figures at the start");
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
    wr_status st = WRI_NULLS(engagement, rng, counts);
    if (st != WR_OK)
        return st;
    if (max_rounds < 1 || max_rounds > 1000)
        return WRI_FAIL_VALUE(WR_ERR_RANGE, "max_rounds", max_rounds, "1..1000");
    if (trials < 1 || trials > 100000000)
        return WRI_FAIL_VALUE(WR_ERR_RANGE, "trials", trials, "1..100000000");
    st = wri_melee_ready(engagement);
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
