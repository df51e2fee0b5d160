/* [11.9] terrain effects on combat, the woods rulings and forest fires. */
#include "battlesystem_internal.h"

#define MAX_FIGURES WRI_BATTLESYSTEM_MAX_FIGURES
#define MAX_FIRE_TURNS 1000

static int valid_place(wr_woods_pos pos)
{
    return (int)pos >= WR_WOODS_OUT && (int)pos <= WR_WOODS_IN;
}

wr_status wr_woods_missile_allowed(wr_woods_pos shooter, wr_woods_pos target, int *allowed)
{
    if (allowed == NULL)
        return WR_ERR_NULL;
    if (!valid_place(shooter) || !valid_place(target))
        return WR_ERR_INVALID;
    *allowed = shooter != WR_WOODS_IN && target != WR_WOODS_IN;
    return WR_OK;
}

wr_status wr_woods_firing_figures(int out_figures, int edge_figures, int in_figures,
                                  wr_woods_pos target, int *firing)
{
    if (firing == NULL)
        return WR_ERR_NULL;
    if (out_figures < 0 || out_figures > MAX_FIGURES || edge_figures < 0 ||
        edge_figures > MAX_FIGURES || in_figures < 0 || in_figures > MAX_FIGURES)
        return WR_ERR_RANGE;
    if (!valid_place(target))
        return WR_ERR_INVALID;
    *firing = target == WR_WOODS_IN ? 0 : out_figures + edge_figures;
    return WR_OK;
}

wr_status wr_woods_sight_range(unsigned traits, int *range)
{
    if (range == NULL)
        return WR_ERR_NULL;
    if (traits & ~WRI_BATTLESYSTEM_ALL_TRAITS)
        return WR_ERR_INVALID;
    *range = ((traits & WR_TRAIT_WOODLAND) ? 6 : 1) * WR_LEN_PER_INCH;
    return WR_OK;
}

wr_status wr_woods_melee_modifier(wr_woods_pos attacker, wr_woods_pos defender, int *modifier)
{
    if (modifier == NULL)
        return WR_ERR_NULL;
    if (!valid_place(attacker) || !valid_place(defender))
        return WR_ERR_INVALID;
    *modifier = 0;
    return WR_OK;
}

wr_status wr_forest_fire(wr_fire_wind wind, int turns, wr_fire_area *area)
{
    if (area == NULL)
        return WR_ERR_NULL;
    if ((int)wind < WR_FIRE_WIND_CALM || (int)wind > WR_FIRE_WIND_STRONG)
        return WR_ERR_INVALID;
    if (turns < 0 || turns > MAX_FIRE_TURNS)
        return WR_ERR_RANGE;
    wr_fire_area a;
    if (wind == WR_FIRE_WIND_CALM) {
        int radius = 1 + turns;
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

wr_status wr_low_ground_ar_modifier(wr_low_ground attacker_in, int target_at_edge, int *modifier)
{
    if (modifier == NULL)
        return WR_ERR_NULL;
    if ((int)attacker_in < WR_LOW_NONE || (int)attacker_in > WR_LOW_SWAMP ||
        (target_at_edge != 0 && target_at_edge != 1))
        return WR_ERR_INVALID;
    *modifier = attacker_in != WR_LOW_NONE && target_at_edge ? 4 : 0;
    return WR_OK;
}

wr_missile_table wr_missile_table_default(void)
{
    wr_missile_table table = {{0, 0, 0, 0, 0, 0}};
    return table;
}

wr_status wr_missile_terrain_modifier(const wr_missile_table *table, wr_terrain target,
                                      int *modifier)
{
    if (table == NULL || modifier == NULL)
        return WR_ERR_NULL;
    if (!wri_battlesystem_valid_terrain(target))
        return WR_ERR_INVALID;
    int m = table->modifier[target];
    if (m < -100 || m > 100)
        return WR_ERR_RANGE;
    *modifier = m;
    return WR_OK;
}
