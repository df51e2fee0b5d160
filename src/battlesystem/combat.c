/* [11.9] terrain effects on combat, the woods rulings and forest fires. */
#include "internal.h"
#include "core/error.h"

#define MAX_FIGURES WRI_BATTLESYSTEM_MAX_FIGURES
#define MAX_FIRE_TURNS 1000

static int valid_place(wr_woods_pos pos)
{
    return (int)pos >= WR_WOODS_OUT && (int)pos <= WR_WOODS_IN;
}

wr_status wr_woods_may_shoot(wr_woods_pos shooter, wr_woods_pos target, int *allowed)
{
    if (allowed == NULL)
        return WRI_NULL(allowed);
    if (!valid_place(shooter))
        return WRI_FAIL_VALUE(WR_ERR_INVALID, "shooter", shooter, "a wr_woods_pos");
    if (!valid_place(target))
        return WRI_FAIL_VALUE(WR_ERR_INVALID, "target", target, "a wr_woods_pos");
    *allowed = shooter != WR_WOODS_IN && target != WR_WOODS_IN;
    return WR_OK;
}

wr_status wr_woods_firing_figures(int out_figures, int edge_figures, int in_figures,
                                  wr_woods_pos target, int *firing)
{
    if (firing == NULL)
        return WRI_NULL(firing);
    if (out_figures < 0 || out_figures > MAX_FIGURES)
        return WRI_FAIL_VALUE(WR_ERR_RANGE, "out_figures", out_figures, "0..100000");
    if (edge_figures < 0 || edge_figures > MAX_FIGURES)
        return WRI_FAIL_VALUE(WR_ERR_RANGE, "edge_figures", edge_figures, "0..100000");
    if (in_figures < 0 || in_figures > MAX_FIGURES)
        return WRI_FAIL_VALUE(WR_ERR_RANGE, "in_figures", in_figures, "0..100000");
    if (!valid_place(target))
        return WRI_FAIL_VALUE(WR_ERR_INVALID, "target", target, "a wr_woods_pos");
    *firing = target == WR_WOODS_IN ? 0 : out_figures + edge_figures;
    return WR_OK;
}

wr_status wr_woods_sight_range(unsigned traits, int *range)
{
    if (range == NULL)
        return WRI_NULL(range);
    if (traits & ~WRI_BATTLESYSTEM_ALL_TRAITS)
        return WRI_FAIL_VALUE(WR_ERR_INVALID, "traits", traits, "WR_TRAIT_* bits");
    *range = ((traits & WR_TRAIT_WOODLAND) ? 6 : 1) * WR_LEN_PER_INCH;
    return WR_OK;
}

wr_status wr_woods_melee_modifier(wr_woods_pos attacker, wr_woods_pos defender, int *modifier)
{
    if (modifier == NULL)
        return WRI_NULL(modifier);
    if (!valid_place(attacker))
        return WRI_FAIL_VALUE(WR_ERR_INVALID, "attacker", attacker, "a wr_woods_pos");
    if (!valid_place(defender))
        return WRI_FAIL_VALUE(WR_ERR_INVALID, "defender", defender, "a wr_woods_pos");
    *modifier = 0;
    return WR_OK;
}

wr_status wr_forest_fire_area(wr_fire_wind wind, int turns, wr_fire_area *area)
{
    if (area == NULL)
        return WRI_NULL(area);
    if ((int)wind < WR_FIRE_WIND_CALM || (int)wind > WR_FIRE_WIND_STRONG)
        return WRI_FAIL_VALUE(WR_ERR_INVALID, "wind", wind, "a wr_fire_wind");
    if (turns < 0 || turns > MAX_FIRE_TURNS)
        return WRI_FAIL_VALUE(WR_ERR_RANGE, "turns", turns, "0..1000");
    wr_fire_area a;
    if (wind == WR_FIRE_WIND_CALM) {
        int radius = 1 + 2 * turns; /* every edge moves 1/2" a turn */
        a.shape = WR_FIRE_CIRCLE;
        a.width = a.length = 2 * radius;
        a.area = 0;
        a.area_pi = radius * radius;
    } else {
        a.shape = WR_FIRE_RECTANGLE;
        a.width = 2 + 4 * turns;
        a.length = 4 + (wind == WR_FIRE_WIND_LIGHT ? 4 : 8) * turns;
        a.area = a.width * a.length;
        a.area_pi = 0;
    }
    *area = a;
    return WR_OK;
}

#define MAX_FIRE_COORD 1000000
#define MAX_WIND_COMPONENT 100
/* Quarter inches of the fire area in twelfths of an inch. */
#define TWELFTHS_PER_QUARTER (WR_LEN_PER_INCH / WR_FIRE_PER_INCH)

static int coord_ok(int v)
{
    return v >= -MAX_FIRE_COORD && v <= MAX_FIRE_COORD;
}

wr_status wr_forest_fire_has_reached(wr_fire_wind wind, int turns, const wr_fire_origin *origin,
                                     int x, int y, int *reached)
{
    if (origin == NULL)
        return WRI_NULL(origin);
    if (reached == NULL)
        return WRI_NULL(reached);
    wr_fire_area a;
    wr_status st = wr_forest_fire_area(wind, turns, &a);
    if (st != WR_OK)
        return WRI_PASS(st);
    if (!coord_ok(origin->x))
        return WRI_FAIL_VALUE(WR_ERR_RANGE, "origin->x", origin->x, "-1000000..1000000");
    if (!coord_ok(origin->y))
        return WRI_FAIL_VALUE(WR_ERR_RANGE, "origin->y", origin->y, "-1000000..1000000");
    if (!coord_ok(x))
        return WRI_FAIL_VALUE(WR_ERR_RANGE, "x", x, "-1000000..1000000");
    if (!coord_ok(y))
        return WRI_FAIL_VALUE(WR_ERR_RANGE, "y", y, "-1000000..1000000");
    int64_t wx = origin->wind_x, wy = origin->wind_y;
    if (wind != WR_FIRE_WIND_CALM) {
        if (wx < -MAX_WIND_COMPONENT || wx > MAX_WIND_COMPONENT)
            return WRI_FAIL_VALUE(WR_ERR_RANGE, "origin->wind_x", wx, "-100..100");
        if (wy < -MAX_WIND_COMPONENT || wy > MAX_WIND_COMPONENT)
            return WRI_FAIL_VALUE(WR_ERR_RANGE, "origin->wind_y", wy, "-100..100");
        if (wx == 0 && wy == 0)
            return WRI_FAIL(WR_ERR_INVALID, "origin->wind_x",
                            "a wind direction (wind_x and wind_y not both 0)");
    }
    int64_t dx = (int64_t)x - origin->x, dy = (int64_t)y - origin->y;
    int in;
    if (a.shape == WR_FIRE_CIRCLE) {
        int64_t r = (int64_t)a.width / 2 * TWELFTHS_PER_QUARTER;
        in = dx * dx + dy * dy <= r * r;
    } else {
        /* along and across the wind, both scaled by |wind|; compared squared */
        int64_t along = dx * wx + dy * wy, across = dx * wy - dy * wx;
        int64_t wind2 = wx * wx + wy * wy;
        int64_t length = (int64_t)a.length * TWELFTHS_PER_QUARTER;
        int64_t half_width = (int64_t)a.width * TWELFTHS_PER_QUARTER / 2;
        in = along >= 0 && along * along <= length * length * wind2 &&
             across * across <= half_width * half_width * wind2;
    }
    *reached = in;
    return WR_OK;
}

wr_status wr_low_ground_ar_modifier(wr_low_ground attacker_in, int target_at_edge, int *modifier)
{
    if (modifier == NULL)
        return WRI_NULL(modifier);
    if ((int)attacker_in < WR_LOW_NONE || (int)attacker_in > WR_LOW_SWAMP)
        return WRI_FAIL_VALUE(WR_ERR_INVALID, "attacker_in", attacker_in, "a wr_low_ground");
    if (target_at_edge != 0 && target_at_edge != 1)
        return WRI_FAIL_VALUE(WR_ERR_INVALID, "target_at_edge", target_at_edge, "0 or 1");
    *modifier = attacker_in != WR_LOW_NONE && target_at_edge ? 4 : 0;
    return WR_OK;
}

wr_missile_modifiers wr_missile_modifiers_unset(void)
{
    wr_missile_modifiers table = {{0, 0, 0, 0, 0, 0}, 0u};
    return table;
}

#define ALL_TERRAIN_BITS ((1u << WR_TERRAIN_COUNT) - 1u)

wr_status wr_missile_modifiers_set(wr_missile_modifiers *table, wr_terrain terrain, int modifier)
{
    if (table == NULL)
        return WRI_NULL(table);
    if (!wri_battlesystem_valid_terrain(terrain))
        return WRI_FAIL_VALUE(WR_ERR_INVALID, "terrain", terrain, "a wr_terrain");
    if (modifier < -100 || modifier > 100)
        return WRI_FAIL_VALUE(WR_ERR_RANGE, "modifier", modifier, "-100..100");
    table->modifier[terrain] = modifier;
    table->set |= 1u << (unsigned)terrain;
    return WR_OK;
}

wr_status wr_missile_modifiers_get(const wr_missile_modifiers *table, wr_terrain target,
                                   int *modifier)
{
    if (table == NULL)
        return WRI_NULL(table);
    if (modifier == NULL)
        return WRI_NULL(modifier);
    if (!wri_battlesystem_valid_terrain(target))
        return WRI_FAIL_VALUE(WR_ERR_INVALID, "target", target, "a wr_terrain");
    if (table->set & ~ALL_TERRAIN_BITS)
        return WRI_FAIL_VALUE(WR_ERR_INVALID, "table->set", table->set,
                              "bits (1 << wr_terrain) only");
    if (!(table->set & (1u << (unsigned)target)))
        return WRI_FAIL_VALUE(WR_ERR_STATE, "target", target,
                              "[11.9] an entry the caller has set: the text does not print Table "
                              "14 Missile Fire Modifiers");
    int m = table->modifier[target];
    if (m < -100 || m > 100)
        return WRI_FAIL_VALUE(WR_ERR_RANGE, "table->modifier[target]", m, "-100..100");
    *modifier = m;
    return WR_OK;
}
