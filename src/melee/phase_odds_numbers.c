/* The numbers of melee phase odds: the handle's storage, one number's
   place in it, and the odds of several groups put together at one exponent
   (phase_odds.c reads them back; phase_odds_chain.c fills them). */
#include <string.h>

#include "bignum.h"
#include "phase_odds.h"

wr_melee_phase_odds *wri_po_odds_alloc(const wr_allocator *a, int limbs, int n_units,
                                       const int *start, int n_fights)
{
    wr_melee_phase_odds *o = wri_alloc_zero(a, 1, sizeof *o);
    if (o == NULL)
        return NULL;
    o->alloc = *a;
    o->limbs = limbs;
    o->n_units = n_units;
    o->n_fights = n_fights;
    size_t at = 0;
    for (int u = 0; u < n_units; u++) {
        o->start[u] = start[u];
        o->unit_at[u] = at;
        at += (size_t)WR_FATE_COUNT * (size_t)(start[u] + 1);
    }
    o->ends_at = at;
    o->numbers = at + (size_t)WR_END_COUNT * (size_t)n_fights;
    o->num = wri_alloc_zero(a, o->numbers * (size_t)limbs, sizeof(uint32_t));
    if (o->num == NULL) {
        wri_free(a, o, 1, sizeof *o);
        return NULL;
    }
    return o;
}

void wr_melee_phase_odds_free(wr_melee_phase_odds *odds)
{
    if (odds == NULL)
        return;
    wr_allocator a = odds->alloc;
    wri_free(&a, odds->num, odds->numbers * (size_t)odds->limbs, sizeof(uint32_t));
    wri_free(&a, odds, 1, sizeof *odds);
}

uint32_t *wri_po_number(const wr_melee_phase_odds *o, int unit, int fate, int figures)
{
    size_t i = o->unit_at[unit] + (size_t)fate * (size_t)(o->start[unit] + 1) + (size_t)figures;
    return o->num + i * (size_t)o->limbs;
}

uint32_t *wri_po_end(const wr_melee_phase_odds *o, int fight, int end)
{
    size_t i = o->ends_at + (size_t)fight * WR_END_COUNT + (size_t)end;
    return o->num + i * (size_t)o->limbs;
}

static void copy_scaled(uint32_t *dst, int limbs, const uint32_t *src, int src_limbs, int digits)
{
    int n = src_limbs < limbs ? src_limbs : limbs;
    memcpy(dst, src, (size_t)n * sizeof *dst);
    big_scale_pow10(dst, digits, limbs);
}

wr_status wri_po_combine(const wr_melee_phase_odds *const *parts, const wri_po_ref *units,
                         int n_units, const wri_po_ref *fights, int n_fights, const wr_allocator *a,
                         wr_melee_phase_odds **out)
{
    int exponent = 0, start[WRI_PO_UNITS];
    for (int u = 0; u < n_units; u++) {
        const wr_melee_phase_odds *p = parts[units[u].part];
        start[u] = p->start[units[u].index];
        exponent = p->exponent > exponent ? p->exponent : exponent;
    }
    for (int f = 0; f < n_fights; f++) {
        const wr_melee_phase_odds *p = parts[fights[f].part];
        exponent = p->exponent > exponent ? p->exponent : exponent;
    }
    int limbs = words_for(exponent);
    wr_melee_phase_odds *o = wri_po_odds_alloc(a, limbs, n_units, start, n_fights);
    if (o == NULL)
        return WRI_NOMEM();
    o->exponent = exponent;
    for (int u = 0; u < n_units; u++) {
        const wr_melee_phase_odds *p = parts[units[u].part];
        o->unit[u] = p->unit[units[u].index];
        for (int fate = 0; fate < WR_FATE_COUNT; fate++)
            for (int x = 0; x <= start[u]; x++)
                copy_scaled(wri_po_number(o, u, fate, x), limbs,
                            wri_po_number(p, units[u].index, fate, x), p->limbs,
                            exponent - p->exponent);
    }
    for (int f = 0; f < n_fights; f++) {
        const wr_melee_phase_odds *p = parts[fights[f].part];
        for (int e = 0; e < WR_END_COUNT; e++)
            copy_scaled(wri_po_end(o, f, e), limbs, wri_po_end(p, fights[f].index, e), p->limbs,
                        exponent - p->exponent);
    }
    *out = o;
    return WR_OK;
}
