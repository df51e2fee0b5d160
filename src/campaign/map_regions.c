/* The region tags of a map's hexes: nothing while no hex is tagged, an
   open-addressing table while few are, a dense array once the table would
   cost more than 4 bytes a hex (see wri_regions in internal.h). */
#include "internal.h"

#define FIRST_CAP 16u

/* The home slot of hex idx in a table of mask + 1 slots. */
static uint32_t home_of(uint32_t idx, uint32_t mask)
{
    uint32_t h = idx * 0x9e3779b1u;
    return (h ^ (h >> 15)) & mask;
}

static uint32_t slot_index(uint64_t slot)
{
    return (uint32_t)(slot >> 32) - 1u;
}

/* The slot holding hex idx, or the empty slot where it would go. */
static uint32_t probe(const wri_regions *r, int32_t idx)
{
    const uint32_t mask = r->cap - 1u;
    const uint64_t key = (uint64_t)((uint32_t)idx + 1u) << 32;
    uint32_t i = home_of((uint32_t)idx, mask);
    while (r->slots[i] != 0 && (r->slots[i] & 0xffffffff00000000u) != key)
        i = (i + 1u) & mask;
    return i;
}

uint32_t wri_regions_find(const wri_regions *r, int32_t idx)
{
    if (r->dense != NULL)
        return r->dense[idx];
    if (r->used == 0)
        return 0;
    return (uint32_t)r->slots[probe(r, idx)];
}

/* Empties slot i, moving back the entries after it that probed past it. */
static void remove_at(wri_regions *r, uint32_t i)
{
    const uint32_t mask = r->cap - 1u;
    uint32_t j = i;
    for (;;) {
        j = (j + 1u) & mask;
        if (r->slots[j] == 0)
            break;
        const uint32_t k = home_of(slot_index(r->slots[j]), mask);
        const int stays = i <= j ? (i < k && k <= j) : (i < k || k <= j);
        if (stays)
            continue;
        r->slots[i] = r->slots[j];
        i = j;
    }
    r->slots[i] = 0;
    r->used--;
}

/* Room for one more hex: a table twice as large, or the dense array once
   the table would cost as much. The tags are unchanged on failure. */
static wr_status grow(wri_regions *r, const wr_allocator *a, int32_t count)
{
    const uint32_t cap = r->cap ? r->cap * 2u : FIRST_CAP;
    if ((uint64_t)cap * sizeof(uint64_t) >= (uint64_t)count * sizeof(uint32_t)) {
        uint32_t *dense = wri_alloc_zero(a, (size_t)count, sizeof *dense);
        if (dense == NULL)
            return WR_ERR_NOMEM;
        for (uint32_t i = 0; i < r->cap; i++)
            if (r->slots[i] != 0)
                dense[slot_index(r->slots[i])] = (uint32_t)r->slots[i];
        wri_free(a, r->slots, r->cap, sizeof *r->slots);
        r->slots = NULL;
        r->cap = 0;
        r->dense = dense;
        return WR_OK;
    }
    uint64_t *slots = wri_alloc_zero(a, cap, sizeof *slots);
    if (slots == NULL)
        return WR_ERR_NOMEM;
    wri_regions old = *r;
    r->slots = slots;
    r->cap = cap;
    for (uint32_t i = 0; i < old.cap; i++)
        if (old.slots[i] != 0)
            r->slots[probe(r, (int32_t)slot_index(old.slots[i]))] = old.slots[i];
    wri_free(a, old.slots, old.cap, sizeof *old.slots);
    return WR_OK;
}

wr_status wri_regions_set(wri_regions *r, const wr_allocator *a, int32_t count, int32_t idx,
                          uint32_t tags)
{
    if (r->dense != NULL) {
        r->dense[idx] = tags;
        return WR_OK;
    }
    uint32_t i = r->cap ? probe(r, idx) : 0;
    if (r->cap != 0 && r->slots[i] != 0) {
        if (tags != 0)
            r->slots[i] = (r->slots[i] & 0xffffffff00000000u) | tags;
        else
            remove_at(r, i);
        return WR_OK;
    }
    if (tags == 0)
        return WR_OK;
    if ((uint64_t)(r->used + 1u) * 4u > (uint64_t)r->cap * 3u) {
        wr_status st = grow(r, a, count);
        if (st != WR_OK)
            return st;
        if (r->dense != NULL) {
            r->dense[idx] = tags;
            return WR_OK;
        }
        i = probe(r, idx);
    }
    r->slots[i] = (uint64_t)((uint32_t)idx + 1u) << 32 | tags;
    r->used++;
    return WR_OK;
}

void wri_regions_free(wri_regions *r, const wr_allocator *a, int32_t count)
{
    wri_free(a, r->dense, (size_t)count, sizeof *r->dense);
    wri_free(a, r->slots, r->cap, sizeof *r->slots);
    r->dense = NULL;
    r->slots = NULL;
    r->cap = 0;
    r->used = 0;
}
