/* [11.8] Table 14: terrain speeds, the cost and legality of a tactical move, charges. */
#include "internal.h"
#include "core/error.h"

#define MAX_LEGS 256
#define MAX_LEG_LENGTH 120000
#define MAX_LEG_CROSSINGS 100
#define ALL_MOVE_FLAGS (WR_TACTICAL_FLAG_CHARGE | WR_TACTICAL_FLAG_ON_ROAD)

int wri_battlesystem_valid_terrain(wr_terrain terrain)
{
    return (int)terrain >= WR_TERRAIN_CLEAR && (int)terrain <= WR_TERRAIN_WATER;
}

int wri_battlesystem_speed(wr_terrain terrain, unsigned traits, int *num, int *den)
{
    int n = 1, d = 1;
    switch (terrain) {
    case WR_TERRAIN_ROAD: n = 4, d = 3; break;
    case WR_TERRAIN_WOODS:
        if (!(traits & WR_TRAIT_WOODLAND))
            n = 2, d = 3;
        break;
    case WR_TERRAIN_ROUGH:
        if (!(traits & WR_TRAIT_MOUNTAIN))
            n = 1, d = 2;
        break;
    case WR_TERRAIN_SWAMP:
        if (!(traits & WR_TRAIT_SWAMP))
            n = 1, d = 2;
        break;
    case WR_TERRAIN_WATER:
        if (!(traits & WR_TRAIT_AQUATIC))
            return 0;
        break;
    default: break;
    }
    *num = n;
    *den = d;
    return 1;
}

wr_status wr_terrain_speed(wr_terrain terrain, unsigned traits, int *num, int *den)
{
    if (num == NULL)
        return WRI_NULL(num);
    if (den == NULL)
        return WRI_NULL(den);
    if (!wri_battlesystem_valid_terrain(terrain))
        return WRI_FAIL_VALUE(WR_ERR_INVALID, "terrain", terrain, "a wr_terrain");
    if (traits & ~WRI_BATTLESYSTEM_ALL_TRAITS)
        return WRI_FAIL_VALUE(WR_ERR_INVALID, "traits", traits, "WR_TRAIT_* bits");
    if (!wri_battlesystem_speed(terrain, traits, num, den))
        return WRI_FAIL(WR_ERR_FORBIDDEN, "terrain",
                        "[11.8] only aquatic or amphibious units enter rivers, ponds and lakes");
    return WR_OK;
}

static wr_status check_legs(const wr_tactical_leg *legs, size_t n_legs)
{
    if (n_legs > MAX_LEGS)
        return WRI_FAIL_VALUE(WR_ERR_RANGE, "n_legs", n_legs, "0..256");
    if (legs == NULL && n_legs > 0)
        return WRI_NULL(legs);
    for (size_t i = 0; i < n_legs; i++) {
        if (!wri_battlesystem_valid_terrain(legs[i].terrain))
            return WRI_FAIL_VALUE(WR_ERR_INVALID, "legs[i].terrain", legs[i].terrain,
                                  "a wr_terrain");
        if (legs[i].length < 0 || legs[i].length > MAX_LEG_LENGTH)
            return WRI_FAIL_VALUE(WR_ERR_RANGE, "legs[i].length", legs[i].length, "0..120000");
        if (legs[i].obstacles < 0 || legs[i].obstacles > MAX_LEG_CROSSINGS)
            return WRI_FAIL_VALUE(WR_ERR_RANGE, "legs[i].obstacles", legs[i].obstacles, "0..100");
        if (legs[i].rises < 0 || legs[i].rises > MAX_LEG_CROSSINGS)
            return WRI_FAIL_VALUE(WR_ERR_RANGE, "legs[i].rises", legs[i].rises, "0..100");
    }
    return WR_OK;
}

/* The first reason the rules forbid a charge along checked legs. */
static wr_tactical_problem charge_problem(const wr_battle_unit *unit, const wr_tactical_leg *legs,
                                          size_t n_legs)
{
    for (size_t i = 0; i < n_legs; i++) {
        if (legs[i].rises > 0)
            return WR_TACTICAL_CHARGE_UPHILL;
        if (legs[i].obstacles > 0)
            return WR_TACTICAL_CHARGE_OBSTACLE;
        if (legs[i].length > 0 && legs[i].terrain == WR_TERRAIN_WOODS &&
            !unit->desc.single_creature)
            return WR_TACTICAL_CHARGE_WOODS;
    }
    return WR_TACTICAL_OK;
}

wr_status wr_charge_check(const wr_battle_unit *unit, const wr_tactical_leg *legs, size_t n_legs,
                          wr_tactical_problem *problem)
{
    if (unit == NULL)
        return WRI_NULL(unit);
    if (problem == NULL)
        return WRI_NULL(problem);
    wr_status st = check_legs(legs, n_legs);
    if (st != WR_OK)
        return WRI_PASS(st);
    *problem = charge_problem(unit, legs, n_legs);
    return WR_OK;
}

int wri_battlesystem_closed_order_banned(wr_terrain terrain)
{
    return terrain == WR_TERRAIN_WOODS || terrain == WR_TERRAIN_ROUGH ||
           terrain == WR_TERRAIN_SWAMP || terrain == WR_TERRAIN_WATER;
}

/* A third of a rate for an obstacle or a climb: whole for 48 * MV, rounded up
   for a chariot's 32 * MV; a formation that cannot move pays a third of the
   normal rate, which it does not have. */
static int64_t third_of(int rate, int normal)
{
    return wri_battlesystem_ceil_div(rate > 0 ? rate : normal, 3);
}

/* Evaluates checked input; *crossed tells whether an obstacle was crossed and
   *spent_after what the formation has spent after the move. A front-only
   shield wall crosses its first obstacle at its own rate and ends there:
   what it has spent becomes the same share of the normal rate, and the rest
   of the move is charged at the normal rate, as a later move would be. */
static void evaluate(const wr_battle_unit *unit, const wr_formation *formation,
                     const wr_tactical_leg *legs, size_t n_legs, unsigned flags,
                     wr_tactical_result *r, int *crossed, int64_t *spent_after)
{
    const wr_formation_info *info = &formation->info;
    int normal = wri_battlesystem_normal_rate(unit);
    int rate = wri_battlesystem_rate(unit, formation);
    int immobile = info->special == WR_SPECIAL_SET_SPEARS ||
                   (info->special == WR_SPECIAL_SHIELD_WALL && info->sides != WR_FACE_FRONT);
    int wall = wri_battlesystem_front_wall(formation);
    int on_road = (flags & WR_TACTICAL_FLAG_ON_ROAD) && n_legs > 0;
    for (size_t i = 0; i < n_legs; i++)
        if (legs[i].terrain != WR_TERRAIN_ROAD)
            on_road = 0;

    wr_formation_order order = info->order;
    wr_tactical_problem terrain_problem = WR_TACTICAL_OK;
    int64_t start = info->spent; /* in the measure of `rate` */
    int64_t spent = start;
    int64_t third = third_of(rate, normal);
    *crossed = 0;
    for (size_t i = 0; i < n_legs; i++) {
        int64_t crossings = legs[i].obstacles;
        if (crossings > 0 && wall) {
            /* [11.6], [11.8] the wall ends as it crosses: from here on the
               normal rate, what it spent at its own rate counted as that share */
            spent = wri_battlesystem_wall_to_normal(spent + third, normal);
            start = wri_battlesystem_wall_to_normal(start, normal);
            rate = normal;
            third = third_of(rate, normal);
            wall = 0;
            crossings--;
        }
        spent += (crossings + legs[i].rises) * third;
        if (legs[i].obstacles > 0) {
            order = WR_ORDER_OPEN;
            *crossed = 1;
        }
        if (legs[i].length == 0)
            continue;
        wr_terrain terrain = legs[i].terrain;
        if (terrain == WR_TERRAIN_ROAD && !on_road)
            terrain = WR_TERRAIN_CLEAR;
        int num = 1, den = 1;
        if (!wri_battlesystem_speed(terrain, unit->desc.traits, &num, &den) &&
            terrain_problem == WR_TACTICAL_OK)
            terrain_problem = WR_TACTICAL_WATER;
        if (order == WR_ORDER_CLOSED && wri_battlesystem_closed_order_banned(terrain) &&
            terrain_problem == WR_TACTICAL_OK)
            terrain_problem = WR_TACTICAL_CLOSED_ORDER;
        spent += (int64_t)legs[i].length * (WR_MOVE_PER_INCH / WR_LEN_PER_INCH) * den / num;
    }
    int64_t cost = spent - start;
    int64_t available = rate - start > 0 ? rate - start : 0;

    wr_tactical_problem charge =
        (flags & WR_TACTICAL_FLAG_CHARGE) ? charge_problem(unit, legs, n_legs) : WR_TACTICAL_OK;
    wr_tactical_problem problem = WR_TACTICAL_OK;
    if (immobile && cost > 0)
        problem = WR_TACTICAL_IMMOBILE;
    else if (charge != WR_TACTICAL_OK)
        problem = charge;
    else if (terrain_problem != WR_TACTICAL_OK)
        problem = terrain_problem;
    else if (cost > available)
        problem = WR_TACTICAL_TOO_FAR;

    r->legal = problem == WR_TACTICAL_OK;
    r->problem = problem;
    r->cost = (int)cost;
    r->available = (int)available;
    r->left = (int)(available - cost);
    r->order = order;
    r->road = on_road;
    r->breaks_formation = *crossed && info->special != WR_SPECIAL_NONE;
    *spent_after = spent;
}

static wr_status check_move_input(const wr_battle_unit *unit, const wr_formation *formation,
                                  const wr_tactical_leg *legs, size_t n_legs, unsigned flags,
                                  const wr_tactical_result *result)
{
    if (unit == NULL)
        return WRI_NULL(unit);
    if (formation == NULL)
        return WRI_NULL(formation);
    if (result == NULL)
        return WRI_NULL(result);
    if (flags & ~ALL_MOVE_FLAGS)
        return WRI_FAIL_VALUE(WR_ERR_INVALID, "flags", flags, "WR_TACTICAL_FLAG_* bits");
    return check_legs(legs, n_legs);
}

wr_status wr_tactical_check(const wr_battle_unit *unit, const wr_formation *formation,
                            const wr_tactical_leg *legs, size_t n_legs, unsigned flags,
                            wr_tactical_result *result)
{
    wr_status st = check_move_input(unit, formation, legs, n_legs, flags, result);
    if (st != WR_OK)
        return WRI_PASS(st);
    wr_tactical_result r;
    int crossed = 0;
    int64_t spent = 0;
    evaluate(unit, formation, legs, n_legs, flags, &r, &crossed, &spent);
    *result = r;
    return WR_OK;
}

wr_status wr_tactical_apply(const wr_battle_unit *unit, wr_formation *formation,
                            const wr_tactical_leg *legs, size_t n_legs, unsigned flags,
                            wr_tactical_result *result)
{
    wr_status st = check_move_input(unit, formation, legs, n_legs, flags, result);
    if (st != WR_OK)
        return WRI_PASS(st);
    wr_tactical_result r;
    int crossed = 0;
    int64_t spent = 0;
    evaluate(unit, formation, legs, n_legs, flags, &r, &crossed, &spent);
    if (!r.legal)
        return WRI_FAIL_VALUE(WR_ERR_FORBIDDEN, "legs", r.problem,
                              "[11.8] a legal move (see wr_tactical_check for the problem)");
    if (crossed) {
        formation->info.order = WR_ORDER_OPEN;
        wri_battlesystem_end_special(formation, wri_battlesystem_normal_rate(unit));
    }
    formation->info.spent = (int)spent; /* the wall's points already counted at the normal rate */
    *result = r;
    return WR_OK;
}
