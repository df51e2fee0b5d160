/* Batch forms: Table 14 speeds and tactical moves over caller arrays in one
   call, for bindings and engines that would otherwise pay one call per item. */
#include "internal.h"
#include "core/error.h"

#define MAX_MOVE_LEGS 256

wr_status wr_terrain_speed_batch(size_t n, const int *terrain, const unsigned *traits, int *num,
                                 int *den, size_t *bad_index)
{
    if (n == 0)
        return WR_OK;
    if (terrain == NULL)
        return WRI_NULL(terrain);
    if (traits == NULL)
        return WRI_NULL(traits);
    int nu = 0, de = 0;
    for (size_t i = 0; i < n; i++) {
        wr_status st = wr_terrain_speed((wr_terrain)terrain[i], traits[i], &nu, &de);
        if (st != WR_OK) {
            if (bad_index != NULL)
                *bad_index = i;
            return WRI_PASS(st);
        }
    }
    for (size_t i = 0; i < n; i++) {
        (void)wr_terrain_speed((wr_terrain)terrain[i], traits[i], &nu, &de);
        if (num != NULL)
            num[i] = nu;
        if (den != NULL)
            den[i] = de;
    }
    return WR_OK;
}

wr_status wr_tactical_check_batch(const wr_battle_unit *unit, const wr_formation *formation,
                                  const wr_tactical_leg *legs, size_t n_legs, const int *leg_counts,
                                  size_t n_moves, unsigned flags, wr_tactical_result *results,
                                  size_t *bad_index)
{
    if (unit == NULL)
        return WRI_NULL(unit);
    if (formation == NULL)
        return WRI_NULL(formation);
    if (flags & ~(WR_TACTICAL_FLAG_CHARGE | WR_TACTICAL_FLAG_ON_ROAD))
        return WRI_FAIL_VALUE(WR_ERR_INVALID, "flags", flags, "WR_TACTICAL_FLAG_* bits");
    if (n_moves > 0 && leg_counts == NULL)
        return WRI_NULL(leg_counts);
    if (n_moves > 0 && results == NULL)
        return WRI_NULL(results);
    if (legs == NULL && n_legs > 0)
        return WRI_NULL(legs);
    wr_tactical_result r;
    size_t start = 0;
    for (size_t i = 0; i < n_moves; i++) {
        int count = leg_counts[i];
        wr_status st = WR_OK;
        if (count < 0 || count > MAX_MOVE_LEGS || (size_t)count > n_legs - start)
            st = WRI_FAIL_VALUE(WR_ERR_RANGE, "leg_counts[i]", count,
                                "0..256 and within the legs left");
        else
            st = wr_tactical_check(unit, formation, count > 0 ? legs + start : NULL, (size_t)count,
                                   flags, &r);
        if (st != WR_OK) {
            if (bad_index != NULL)
                *bad_index = i;
            return WRI_PASS(st);
        }
        start += (size_t)count;
    }
    if (start != n_legs) {
        if (bad_index != NULL)
            *bad_index = n_moves;
        return WRI_FAIL_VALUE(WR_ERR_RANGE, "n_legs", n_legs, "the sum of leg_counts");
    }
    start = 0;
    for (size_t i = 0; i < n_moves; i++) {
        size_t count = (size_t)leg_counts[i];
        (void)wr_tactical_check(unit, formation, count > 0 ? legs + start : NULL, count, flags,
                                &results[i]);
        start += count;
    }
    return WR_OK;
}
