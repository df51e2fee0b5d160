/* The deprecated names: each old function answers as its replacement, each
   old type is the same type and each old constant the same value. Old names
   warn where they are used; this file defines WR_ALLOW_DEPRECATED to use them
   on purpose (tests/check_deprecated.sh checks the warnings). */
#define WR_ALLOW_DEPRECATED
#include <limits.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "warrules/warrules.h"

static void old_constants_keep_their_values(void **state)
{
    (void)state;
    assert_int_equal(WR_SIDE_MOUNTED, WR_COMBATANT_MOUNTED);
    assert_int_equal(WR_SIDE_DISORDERED, WR_COMBATANT_DISORDERED);
    assert_int_equal(WR_SIDE_SWARM, WR_COMBATANT_SWARM);
    assert_int_equal(WR_SIDE_FLYING, WR_COMBATANT_FLYING);
    assert_int_equal(WR_SIDE_FLANKED, WR_COMBATANT_FLANKED);
    assert_int_equal(WR_SIDE_MOUNTED, 0x01u);
    assert_int_equal(WR_SIDE_FLANKED, 0x10u);
    assert_int_equal(WR_MAP_MAX_SIDE, WR_MAP_MAX_EXTENT);
    assert_int_equal(WR_RIVERS_SIDE_ON_COURSE, WR_RIVERS_HEXSIDE_ON_COURSE);
    int old_way = -1, new_way = -2;
    assert_int_equal(wr_fighting_figures(10, 5, 5, WR_WEAPON_SPEAR, WR_SIDE_FLANKED, 0, &old_way), WR_OK);
    assert_int_equal(wr_fighting_figures(10, 5, 5, WR_WEAPON_SPEAR, WR_COMBATANT_FLANKED, 0, &new_way), WR_OK);
    assert_int_equal(old_way, new_way);
    assert_int_equal(new_way, 5);
}

static void old_types_are_the_same_types(void **state)
{
    (void)state;
    wr_hexside ford = {WR_RIVER_MINOR, WR_CROSS_FORD, 0, 0};
    wr_side *side = &ford;
    assert_int_equal(side->crossing, WR_CROSS_FORD);
    wr_battle_unit *unit = NULL;
    wr_unit *same_unit = unit;
    assert_null(same_unit);
    wr_unit_desc unit_desc = wr_battle_unit_desc_default();
    wr_battle_unit_desc *new_desc = &unit_desc;
    assert_int_equal(new_desc->figures, unit_desc.figures);
    wr_unit_type type = WR_UNIT_TYPE_CAVALRY;
    wr_battle_unit_type new_type = type;
    assert_int_equal(new_type, WR_UNIT_TYPE_CAVALRY);
    wr_movement_costs costs = wr_movement_phase_costs_default();
    wr_movement_phase_costs *new_costs = &costs;
    assert_int_equal(new_costs->figures_turn, WR_TURN_COST_DEFAULT);
    wr_unit_def def = wr_melee_unit_desc_default();
    wr_melee_unit_desc *new_def = &def;
    assert_int_equal(new_def->figures, def.figures);
    wr_unit_kind kind = WR_UNIT_MONSTER;
    wr_melee_unit_kind new_kind = kind;
    assert_int_equal(new_kind, WR_UNIT_MONSTER);
    wr_side_situation situation = {0};
    wr_combatant_situation *new_situation = &situation;
    assert_int_equal(new_situation->cover, situation.cover);
    wr_phase_side phase_side = {0};
    wr_phase_combatant *new_phase_side = &phase_side;
    assert_int_equal(new_phase_side->cover, phase_side.cover);
    wr_melee_batch_side batch_side = {0};
    wr_melee_batch_combatant *new_batch_side = &batch_side;
    assert_null(new_batch_side->figures);
}

/* Each old function with the inputs its replacement refuses first: the same
   status (or the same value) shows the call is forwarded. */
static void old_functions_answer_as_their_replacements(void **state)
{
    (void)state;
    wr_clear_error();
    wr_last_error_clear();
    assert_int_equal(wr_figure_damage_from_rolls(NULL, NULL, 0, NULL), wr_figure_damage_rolls(NULL, NULL, 0, NULL));
    assert_int_equal(wr_figure_damage_roll(NULL, NULL, NULL), wr_figure_damage_rng(NULL, NULL, NULL));
    assert_int_equal(wr_figure_charge_damage_from_rolls(NULL, 0, NULL, 0, NULL), wr_figure_charge_damage_rolls(NULL, 0, NULL, 0, NULL));
    assert_int_equal(wr_figure_charge_damage_roll(NULL, 0, NULL, NULL), wr_figure_charge_damage_rng(NULL, 0, NULL, NULL));
    {
        wr_battle_unit_desc old_value = wr_unit_desc_default(), new_value = wr_battle_unit_desc_default();
        assert_memory_equal(&old_value, &new_value, sizeof old_value);
    }
    assert_int_equal(wr_unit_new(NULL, NULL, NULL), wr_battle_unit_new(NULL, NULL, NULL));
    assert_int_equal(wr_unit_new_ex(NULL, NULL, NULL, NULL), wr_battle_unit_new_ex(NULL, NULL, NULL, NULL));
    wr_unit_free(NULL);
    wr_battle_unit_free(NULL);
    assert_int_equal(wr_unit_get_desc(NULL, NULL), wr_battle_unit_get(NULL, NULL));
    assert_int_equal(wr_unit_set_desc(NULL, NULL), wr_battle_unit_set(NULL, NULL));
    assert_int_equal(wr_unit_figure(NULL, NULL), wr_battle_unit_figure(NULL, NULL));
    assert_int_equal(wr_unit_kill_parts(NULL, 0, 0, NULL), wr_battle_unit_kill_parts(NULL, 0, 0, NULL));
    assert_int_equal(wr_set_spears_check(NULL, NULL, 0, 0, NULL), wr_spears_check(NULL, NULL, 0, 0, NULL));
    assert_int_equal(wr_set_spears_declare(NULL, NULL, 0, 0), wr_spears_declare(NULL, NULL, 0, 0));
    assert_int_equal(wr_set_spears_multiplier(NULL, (wr_attack_from)0, NULL), wr_spears_multiplier(NULL, (wr_attack_from)0, NULL));
    {
        wr_movement_phase_costs old_value = wr_movement_costs_default(), new_value = wr_movement_phase_costs_default();
        assert_memory_equal(&old_value, &new_value, sizeof old_value);
    }
    assert_int_equal(wr_movement_spend(NULL, NULL, 0), wr_movement_phase_spend(NULL, NULL, 0));
    assert_int_equal(wr_movement_set_order(NULL, NULL, NULL, (wr_formation_order)0, (wr_terrain)0, NULL), wr_movement_phase_set_order(NULL, NULL, NULL, (wr_formation_order)0, (wr_terrain)0, NULL));
    assert_int_equal(wr_movement_turn(NULL, NULL, NULL, 0, NULL), wr_movement_phase_turn(NULL, NULL, NULL, 0, NULL));
    assert_int_equal(wr_movement_wheel(NULL, NULL, 0, 0, (wr_terrain)0, NULL), wr_movement_phase_wheel(NULL, NULL, 0, 0, (wr_terrain)0, NULL));
    assert_int_equal(wr_movement_shield_wall(NULL, NULL, NULL, 0), wr_movement_phase_declare_shield_wall(NULL, NULL, NULL, 0));
    assert_int_equal(wr_movement_set_spears(NULL, NULL, NULL, 0), wr_movement_phase_declare_spears(NULL, NULL, NULL, 0));
    assert_int_equal(wr_woods_missile_allowed((wr_woods_pos)0, (wr_woods_pos)0, NULL), wr_woods_may_shoot((wr_woods_pos)0, (wr_woods_pos)0, NULL));
    assert_int_equal(wr_forest_fire((wr_fire_wind)0, 0, NULL), wr_forest_fire_area((wr_fire_wind)0, 0, NULL));
    assert_int_equal(wr_forest_fire_reaches((wr_fire_wind)0, 0, NULL, 0, 0, NULL), wr_forest_fire_has_reached((wr_fire_wind)0, 0, NULL, 0, 0, NULL));
    assert_int_equal(wr_map_contains(NULL, (wr_hex){0, 0}, NULL), wr_map_has_hex(NULL, (wr_hex){0, 0}, NULL));
    assert_int_equal(wr_map_set_side(NULL, (wr_hex){0, 0}, 0, NULL), wr_map_set_hexside(NULL, (wr_hex){0, 0}, 0, NULL));
    assert_int_equal(wr_map_side(NULL, (wr_hex){0, 0}, 0, NULL), wr_map_hexside(NULL, (wr_hex){0, 0}, 0, NULL));
    assert_int_equal(wr_map_sight(NULL, (wr_hex){0, 0}, (wr_hex){0, 0}, NULL), wr_map_is_visible(NULL, (wr_hex){0, 0}, (wr_hex){0, 0}, NULL));
    assert_int_equal(wr_half_die_roll(NULL, NULL), wr_half_die_rng(NULL, NULL));
    assert_int_equal(wr_getting_lost_roll(0, 0, 0, NULL, NULL), wr_getting_lost_rng(0, 0, 0, NULL, NULL));
    assert_int_equal(wr_map_on_route(NULL, (wr_hex){0, 0}, 0, NULL), wr_map_is_on_route(NULL, (wr_hex){0, 0}, 0, NULL));
    assert_int_equal(wr_moves_from(NULL, NULL, NULL, NULL, NULL, NULL, 0, NULL), wr_hex_desc_moves(NULL, NULL, NULL, NULL, NULL, NULL, 0, NULL));
    assert_int_equal(wr_map_side_index(NULL, (wr_hex){0, 0}, 0, NULL), wr_map_hexside_index(NULL, (wr_hex){0, 0}, 0, NULL));
    assert_int_equal(wr_profile_hates(NULL, (wr_race)0, NULL), wr_profile_hated(NULL, (wr_race)0, NULL));
    assert_int_equal(wr_hit_chart_complete(NULL, NULL), wr_hit_chart_is_complete(NULL, NULL));
    {
        wr_melee_unit_desc old_value = wr_unit_def_default(), new_value = wr_melee_unit_desc_default();
        assert_memory_equal(&old_value, &new_value, sizeof old_value);
    }
    assert_int_equal(wr_melee_unit_def(NULL, NULL), wr_melee_unit_get(NULL, NULL));
    assert_int_equal(wr_engagement_fight(NULL, NULL, NULL), wr_engagement_fight_rng(NULL, NULL, NULL));
    assert_int_equal(wr_melee_odds_new_ws(NULL, 0, NULL, NULL), wr_melee_odds_new_in_workspace(NULL, 0, NULL, NULL));
    assert_int_equal(wr_melee_simulate(NULL, 0, NULL, 0, NULL), wr_engagement_simulate_rng(NULL, 0, NULL, 0, NULL));
    assert_int_equal(wr_melee_phase_resolve(NULL, NULL), wr_melee_phase_resolve_rng(NULL, NULL));
}

static void old_functions_compute_the_same(void **state)
{
    (void)state;
    wr_map *map = NULL;
    assert_int_equal(wr_map_new(3, 1, &map), WR_OK);
    wr_hexside ford = {WR_RIVER_MINOR, WR_CROSS_FORD, 0, 0};
    assert_int_equal(wr_map_set_side(map, (wr_hex){1, 0}, 0, &ford), WR_OK);
    wr_side back = {0, 0, 0, 0};
    assert_int_equal(wr_map_hexside(map, (wr_hex){2, 0}, 3, &back), WR_OK);
    assert_int_equal(back.crossing, WR_CROSS_FORD);
    int inside = -1;
    assert_int_equal(wr_map_contains(map, (wr_hex){2, 0}, &inside), WR_OK);
    assert_int_equal(inside, 1);
    wr_map_free(map);

    wr_rng *a = NULL, *b = NULL;
    assert_int_equal(wr_rng_new(7, &a), WR_OK);
    assert_int_equal(wr_rng_new(7, &b), WR_OK);
    for (int i = 0; i < 20; i++) {
        int old_half = 0, new_half = 0;
        assert_int_equal(wr_half_die_roll(a, &old_half), WR_OK);
        assert_int_equal(wr_half_die_rng(b, &new_half), WR_OK);
        assert_int_equal(old_half, new_half);
    }
    wr_rng_free(a);
    wr_rng_free(b);

    wr_profile *profile = NULL;
    assert_int_equal(wr_profile_new(WR_RACE_DWARF, &profile), WR_OK);
    assert_int_equal(wr_profile_set_hated(profile, WR_RACE_ORC, 1), WR_OK);
    int hated_old = -1, hated_new = -1;
    assert_int_equal(wr_profile_hates(profile, WR_RACE_ORC, &hated_old), WR_OK);
    assert_int_equal(wr_profile_hated(profile, WR_RACE_ORC, &hated_new), WR_OK);
    assert_int_equal(hated_old, 1);
    assert_int_equal(hated_new, 1);
    wr_profile_free(profile);
}

static void missile_table(void **state)
{
    (void)state;
    wr_missile_table t = wr_missile_table_default();
    for (int i = 0; i < WR_TERRAIN_COUNT; i++) {
        int m = -1;
        assert_int_equal(wr_missile_terrain_modifier(&t, (wr_terrain)i, &m), WR_OK);
        assert_int_equal(m, 0);
    }
    t.modifier[WR_TERRAIN_WOODS] = 2;
    t.modifier[WR_TERRAIN_ROUGH] = -100;
    t.modifier[WR_TERRAIN_WATER] = 100;
    int m = 0;
    assert_int_equal(wr_missile_terrain_modifier(&t, WR_TERRAIN_WOODS, &m), WR_OK);
    assert_int_equal(m, 2);
    assert_int_equal(wr_missile_terrain_modifier(&t, WR_TERRAIN_ROUGH, &m), WR_OK);
    assert_int_equal(m, -100);
    assert_int_equal(wr_missile_terrain_modifier(&t, WR_TERRAIN_WATER, &m), WR_OK);
    assert_int_equal(m, 100);
}

static void missile_table_bad_input(void **state)
{
    (void)state;
    const int S = -12345;
    const int bad_enums[] = {-1, 100, INT_MIN, INT_MAX};
    int v = S;
    wr_missile_table t = wr_missile_table_default();
    assert_int_equal(wr_missile_terrain_modifier(NULL, WR_TERRAIN_CLEAR, &v), WR_ERR_NULL);
    assert_int_equal(wr_missile_terrain_modifier(&t, WR_TERRAIN_CLEAR, NULL), WR_ERR_NULL);
    for (size_t i = 0; i < 4; i++)
        assert_int_equal(wr_missile_terrain_modifier(&t, (wr_terrain)bad_enums[i], &v),
                         WR_ERR_INVALID);
    assert_int_equal(wr_missile_terrain_modifier(&t, (wr_terrain)WR_TERRAIN_COUNT, &v),
                     WR_ERR_INVALID);
    t.modifier[WR_TERRAIN_WOODS] = 101;
    t.modifier[WR_TERRAIN_SWAMP] = -101;
    t.modifier[WR_TERRAIN_ROUGH] = INT_MIN;
    assert_int_equal(wr_missile_terrain_modifier(&t, WR_TERRAIN_WOODS, &v), WR_ERR_RANGE);
    assert_int_equal(wr_missile_terrain_modifier(&t, WR_TERRAIN_SWAMP, &v), WR_ERR_RANGE);
    assert_int_equal(wr_missile_terrain_modifier(&t, WR_TERRAIN_ROUGH, &v), WR_ERR_RANGE);
    assert_int_equal(v, S);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(old_constants_keep_their_values),
        cmocka_unit_test(old_types_are_the_same_types),
        cmocka_unit_test(old_functions_answer_as_their_replacements),
        cmocka_unit_test(old_functions_compute_the_same),
        cmocka_unit_test(missile_table),
        cmocka_unit_test(missile_table_bad_input),
    };
    return cmocka_run_group_tests_name("deprecated names", tests, NULL, NULL);
}
