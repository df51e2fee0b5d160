/* The deprecated names of warrules/battlesystem.h: each calls its replacement. */
#define WR_ALLOW_DEPRECATED
#include "warrules/warrules.h"

#include "internal.h"
#include "core/error.h"

wr_status wr_figure_damage_from_rolls(const wr_figure *figure, const int *rolls, size_t n_rolls,
                                      int *damage)
{
    return wr_figure_damage_rolls(figure, rolls, n_rolls, damage);
}

wr_status wr_figure_damage_roll(const wr_figure *figure, wr_rng *rng, int *damage)
{
    return wr_figure_damage_rng(figure, rng, damage);
}

wr_status wr_figure_charge_damage_from_rolls(const wr_figure *figure, int multiplier,
                                             const int *rolls, size_t n_rolls, int *damage)
{
    return wr_figure_charge_damage_rolls(figure, multiplier, rolls, n_rolls, damage);
}

wr_status wr_figure_charge_damage_roll(const wr_figure *figure, int multiplier, wr_rng *rng,
                                       int *damage)
{
    return wr_figure_charge_damage_rng(figure, multiplier, rng, damage);
}

wr_battle_unit_desc wr_unit_desc_default(void)
{
    return wr_battle_unit_desc_default();
}

wr_status wr_unit_new(const wr_figure *figure, const wr_battle_unit_desc *desc,
                      wr_battle_unit **out)
{
    return wr_battle_unit_new(figure, desc, out);
}

wr_status wr_unit_new_ex(const wr_figure *figure, const wr_battle_unit_desc *desc,
                         const wr_allocator *alloc, wr_battle_unit **out)
{
    return wr_battle_unit_new_ex(figure, desc, alloc, out);
}

void wr_unit_free(wr_battle_unit *unit)
{
    wr_battle_unit_free(unit);
}

wr_status wr_unit_get_desc(const wr_battle_unit *unit, wr_battle_unit_desc *desc)
{
    return wr_battle_unit_get(unit, desc);
}

wr_status wr_unit_set_desc(wr_battle_unit *unit, const wr_battle_unit_desc *desc)
{
    return wr_battle_unit_set(unit, desc);
}

wr_status wr_unit_figure(const wr_battle_unit *unit, const wr_figure **figure)
{
    return wr_battle_unit_figure(unit, figure);
}

wr_status wr_unit_kill_parts(wr_battle_unit *unit, unsigned killed_parts, int figures_hit,
                             int *removed)
{
    return wr_battle_unit_kill_parts(unit, killed_parts, figures_hit, removed);
}

wr_status wr_set_spears_check(const wr_battle_unit *unit, const wr_formation *formation,
                              unsigned sides, int turn_cost, wr_declare_problem *problem)
{
    return wr_spears_check(unit, formation, sides, turn_cost, problem);
}

wr_status wr_set_spears_declare(const wr_battle_unit *unit, wr_formation *formation, unsigned sides,
                                int turn_cost)
{
    return wr_spears_declare(unit, formation, sides, turn_cost);
}

wr_status wr_set_spears_multiplier(const wr_formation *defender, wr_attack_from charge_from,
                                   int *multiplier)
{
    return wr_spears_multiplier(defender, charge_from, multiplier);
}

wr_movement_phase_costs wr_movement_costs_default(void)
{
    return wr_movement_phase_costs_default();
}

wr_status wr_movement_spend(const wr_battle_unit *unit, wr_formation *formation, int points)
{
    return wr_movement_phase_spend(unit, formation, points);
}

wr_status wr_movement_set_order(const wr_battle_unit *unit, wr_formation *formation,
                                const wr_movement_phase_costs *costs, wr_formation_order order,
                                wr_terrain standing, int *cost)
{
    return wr_movement_phase_set_order(unit, formation, costs, order, standing, cost);
}

wr_status wr_movement_turn(const wr_battle_unit *unit, wr_formation *formation,
                           const wr_movement_phase_costs *costs, int degrees, int *cost)
{
    return wr_movement_phase_turn(unit, formation, costs, degrees, cost);
}

wr_status wr_movement_wheel(const wr_battle_unit *unit, wr_formation *formation, int degrees,
                            int arc, wr_terrain terrain, int *cost)
{
    return wr_movement_phase_wheel(unit, formation, degrees, arc, terrain, cost);
}

wr_status wr_movement_shield_wall(const wr_battle_unit *unit, wr_formation *formation,
                                  const wr_movement_phase_costs *costs, int all_round)
{
    return wr_movement_phase_declare_shield_wall(unit, formation, costs, all_round);
}

wr_status wr_movement_set_spears(const wr_battle_unit *unit, wr_formation *formation,
                                 const wr_movement_phase_costs *costs, unsigned sides)
{
    return wr_movement_phase_declare_spears(unit, formation, costs, sides);
}

wr_status wr_woods_missile_allowed(wr_woods_pos shooter, wr_woods_pos target, int *allowed)
{
    return wr_woods_may_shoot(shooter, target, allowed);
}

wr_status wr_forest_fire(wr_fire_wind wind, int turns, wr_fire_area *area)
{
    return wr_forest_fire_area(wind, turns, area);
}

wr_status wr_forest_fire_reaches(wr_fire_wind wind, int turns, const wr_fire_origin *origin, int x,
                                 int y, int *reached)
{
    return wr_forest_fire_has_reached(wind, turns, origin, x, y, reached);
}

wr_missile_table wr_missile_table_default(void)
{
    wr_missile_table table = {{0, 0, 0, 0, 0, 0}};
    return table;
}

wr_status wr_missile_terrain_modifier(const wr_missile_table *table, wr_terrain target,
                                      int *modifier)
{
    if (table == NULL)
        return WRI_NULL(table);
    if (modifier == NULL)
        return WRI_NULL(modifier);
    if (!wri_battlesystem_valid_terrain(target))
        return WRI_FAIL_VALUE(WR_ERR_INVALID, "target", target, "a wr_terrain");
    int m = table->modifier[target];
    if (m < -100 || m > 100)
        return WRI_FAIL_VALUE(WR_ERR_RANGE, "table->modifier[target]", m, "-100..100");
    *modifier = m;
    return WR_OK;
}
