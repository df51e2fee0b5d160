/* The clearer names of 1.1 (wr_hexside, wr_battle_unit, WR_COMBATANT_*) are
   the same types and values as the older ones, which keep working. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "warrules/warrules.h"

static void combatant_flags_equal_side_flags(void **state)
{
    (void)state;
    assert_int_equal(WR_COMBATANT_MOUNTED, WR_SIDE_MOUNTED);
    assert_int_equal(WR_COMBATANT_DISORDERED, WR_SIDE_DISORDERED);
    assert_int_equal(WR_COMBATANT_SWARM, WR_SIDE_SWARM);
    assert_int_equal(WR_COMBATANT_FLYING, WR_SIDE_FLYING);
    assert_int_equal(WR_COMBATANT_FLANKED, WR_SIDE_FLANKED);
    int old_way = -1, new_way = -2;
    assert_int_equal(wr_fighting_figures(10, 5, 5, WR_WEAPON_SPEAR, WR_SIDE_FLANKED, 0, &old_way), WR_OK);
    assert_int_equal(wr_fighting_figures(10, 5, 5, WR_WEAPON_SPEAR, WR_COMBATANT_FLANKED, 0, &new_way), WR_OK);
    assert_int_equal(old_way, new_way);
    assert_int_equal(new_way, 5);
}

static void hexside_is_side(void **state)
{
    (void)state;
    wr_map *map = NULL;
    assert_int_equal(wr_map_new(3, 1, &map), WR_OK);
    wr_hexside ford = {WR_RIVER_MINOR, WR_CROSS_FORD, 0, 0};
    assert_int_equal(wr_map_set_side(map, (wr_hex){1, 0}, 0, &ford), WR_OK);
    wr_side back = {0, 0, 0, 0};
    assert_int_equal(wr_map_side(map, (wr_hex){1, 0}, 0, &back), WR_OK);
    assert_int_equal(back.river, WR_RIVER_MINOR);
    assert_int_equal(back.crossing, WR_CROSS_FORD);
    assert_int_equal(sizeof(wr_hexside), sizeof(wr_side));
    wr_map_free(map);
}

static void battle_unit_is_unit(void **state)
{
    (void)state;
    wr_figure *figure = NULL;
    assert_int_equal(wr_figure_new(&figure), WR_OK);
    wr_unit_desc desc = wr_unit_desc_default();
    wr_battle_unit *unit = NULL;
    assert_int_equal(wr_unit_new(figure, &desc, &unit), WR_OK);
    wr_unit *same = unit;
    wr_unit_free(same);
    wr_figure_free(figure);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(combatant_flags_equal_side_flags),
        cmocka_unit_test(hexside_is_side),
        cmocka_unit_test(battle_unit_is_unit),
    };
    return cmocka_run_group_tests_name("names", tests, NULL, NULL);
}
