/* Bad input for every public function of the battlesystem module: each call
   returns its status and leaves its outputs (WR_SENTINEL) and handles as they were. */
#include <limits.h>

#include "invalid.h"
#include "warrules/battlesystem.h"

#include "fixtures.h"

#define S WR_SENTINEL

static const int bad_enums[] = {INT_MIN, -1, 99, INT_MAX};
#define N_BAD_ENUMS (sizeof bad_enums / sizeof bad_enums[0])

static wr_battle_unit *unit_of(unsigned equipment, int figures)
{
    wr_figure *f = figure_with_mv(12);
    wr_battle_unit_desc d = wr_battle_unit_desc_default();
    d.figures = figures;
    d.equipment = equipment;
    wr_battle_unit *u = NULL;
    assert_status(wr_battle_unit_new(f, &d, &u), WR_OK);
    wr_figure_free(f);
    return u;
}

static void figure_bad_input(void **state)
{
    (void)state;
    wr_figure *f = NULL;
    wr_figure *untouched = (wr_figure *)&f;
    assert_status(wr_figure_new(NULL), WR_ERR_NULL);
    assert_status(wr_figure_new_ex(NULL, NULL), WR_ERR_NULL);
    wr_allocator no_fn = {NULL, NULL};
    assert_status(wr_figure_new_ex(&no_fn, &untouched), WR_ERR_INVALID);
    assert_status(wr_figure_clone(NULL, &untouched), WR_ERR_NULL);
    assert_ptr_equal(untouched, (wr_figure *)&f);
    wr_figure_free(NULL);

    assert_status(wr_figure_new(&f), WR_OK);
    assert_status(wr_figure_clone(f, NULL), WR_ERR_NULL);
    assert_status(wr_figure_set(NULL, WR_STAT_AR, 0), WR_ERR_NULL);
    const int out_of_range[][3] = {{WR_STAT_AR, -101, 101}, {WR_STAT_HD, -1, 1001},
                                   {WR_STAT_AC, -101, 101}, {WR_STAT_MV, -1, 1001}};
    for (size_t i = 0; i < 4; i++) {
        wr_stat s = (wr_stat)out_of_range[i][0];
        assert_status(wr_figure_set(f, s, 7), WR_OK);
        assert_status(wr_figure_set(f, s, out_of_range[i][1]), WR_ERR_RANGE);
        assert_status(wr_figure_set(f, s, out_of_range[i][2]), WR_ERR_RANGE);
        assert_status(wr_figure_set(f, s, INT_MIN), WR_ERR_RANGE);
        assert_status(wr_figure_set(f, s, INT_MAX), WR_ERR_RANGE);
        int v = S;
        assert_status(wr_figure_get(f, s, &v), WR_OK);
        assert_int_equal(v, 7);
    }
    int v = S;
    for (size_t i = 0; i < N_BAD_ENUMS; i++) {
        assert_status(wr_figure_set(f, (wr_stat)bad_enums[i], 0), WR_ERR_INVALID);
        assert_status(wr_figure_get(f, (wr_stat)bad_enums[i], &v), WR_ERR_INVALID);
    }
    assert_status(wr_figure_get(NULL, WR_STAT_AR, &v), WR_ERR_NULL);
    assert_status(wr_figure_get(f, WR_STAT_AR, NULL), WR_ERR_NULL);
    assert_int_equal(v, S);

    assert_status(wr_figure_add_damage(NULL, 1, 6, 0), WR_ERR_NULL);
    const int bad_dice[][3] = {{0, 6, 0}, {1001, 6, 0}, {-1, 6, 0}, {1, 0, 0}, {1, 1001, 0},
                               {1, 6, -1001}, {1, 6, 1001}, {INT_MIN, INT_MIN, INT_MIN}};
    for (size_t i = 0; i < sizeof bad_dice / sizeof bad_dice[0]; i++)
        assert_status(wr_figure_add_damage(f, bad_dice[i][0], bad_dice[i][1], bad_dice[i][2]),
                         WR_ERR_RANGE);
    int lo = S, hi = S;
    assert_status(wr_figure_damage_range(NULL, &lo, &hi), WR_ERR_NULL);
    assert_status(wr_figure_damage_range(f, NULL, &hi), WR_ERR_NULL);
    assert_status(wr_figure_damage_range(f, &lo, NULL), WR_ERR_NULL);
    assert_int_equal(lo, S);
    assert_int_equal(hi, S);
    size_t groups = 77;
    assert_status(wr_figure_damage_groups(NULL, &groups), WR_ERR_NULL);
    assert_status(wr_figure_damage_groups(f, NULL), WR_ERR_NULL);
    assert_int_equal(groups, 77);
    assert_status(wr_figure_damage_groups(f, &groups), WR_OK);
    assert_int_equal(groups, 0); /* nothing was added by the refused calls */

    assert_status(wr_figure_add_damage(f, 2, 6, 1), WR_OK);
    int dice = S, sides = S;
    assert_status(wr_figure_damage_group(NULL, 0, &dice, &sides), WR_ERR_NULL);
    assert_status(wr_figure_damage_group(f, 0, NULL, &sides), WR_ERR_NULL);
    assert_status(wr_figure_damage_group(f, 0, &dice, NULL), WR_ERR_NULL);
    assert_status(wr_figure_damage_group(f, 1, &dice, &sides), WR_ERR_RANGE);
    assert_status(wr_figure_damage_group(f, SIZE_MAX, &dice, &sides), WR_ERR_RANGE);
    assert_int_equal(dice, S);
    assert_int_equal(sides, S);
    int bonus = S;
    assert_status(wr_figure_damage_totals(NULL, &dice, &bonus), WR_ERR_NULL);
    assert_status(wr_figure_damage_totals(f, NULL, &bonus), WR_ERR_NULL);
    assert_status(wr_figure_damage_totals(f, &dice, NULL), WR_ERR_NULL);
    assert_int_equal(dice, S);
    assert_int_equal(bonus, S);

    /* [11.5] rolls */
    int dmg = S;
    const int rolls[] = {3, 4};
    assert_status(wr_figure_damage_rolls(NULL, rolls, 2, &dmg), WR_ERR_NULL);
    assert_status(wr_figure_damage_rolls(f, NULL, 2, &dmg), WR_ERR_NULL);
    assert_status(wr_figure_damage_rolls(f, rolls, 2, NULL), WR_ERR_NULL);
    assert_status(wr_figure_damage_rolls(f, rolls, 1, &dmg), WR_ERR_INVALID);
    assert_status(wr_figure_damage_rolls(f, rolls, 0, &dmg), WR_ERR_INVALID);
    assert_status(wr_figure_damage_rolls(f, NULL, 0, &dmg), WR_ERR_INVALID);
    assert_status(wr_figure_damage_rolls(f, rolls, SIZE_MAX, &dmg), WR_ERR_INVALID);
    const int bad_rolls[][2] = {{0, 1}, {1, 7}, {-1, 3}, {INT_MAX, 1}, {INT_MIN, 1}};
    for (size_t i = 0; i < sizeof bad_rolls / sizeof bad_rolls[0]; i++)
        assert_status(wr_figure_damage_rolls(f, bad_rolls[i], 2, &dmg), WR_ERR_RANGE);
    wr_rng *rng = NULL;
    assert_status(wr_rng_new(5, &rng), WR_OK);
    assert_status(wr_figure_damage_rng(NULL, rng, &dmg), WR_ERR_NULL);
    assert_status(wr_figure_damage_rng(f, NULL, &dmg), WR_ERR_NULL);
    assert_status(wr_figure_damage_rng(f, rng, NULL), WR_ERR_NULL);
    assert_int_equal(dmg, S);
    wr_rng_free(rng);
    wr_figure_free(f);
}

static void rating_bad_input(void **state)
{
    (void)state;
    wr_figure *a = figure_with_mv(12), *b = figure_with_mv(18);
    wr_figure *out = NULL;
    wr_figure *untouched = (wr_figure *)&out;
    assert_status(wr_rate_cavalry(NULL, b, &untouched), WR_ERR_NULL);
    assert_status(wr_rate_cavalry(a, NULL, &untouched), WR_ERR_NULL);
    assert_status(wr_rate_cavalry(a, b, NULL), WR_ERR_NULL);
    assert_status(wr_rate_cavalry_ex(a, b, NULL, NULL), WR_ERR_NULL);
    wr_allocator no_fn = {NULL, NULL};
    assert_status(wr_rate_cavalry_ex(a, b, &no_fn, &untouched), WR_ERR_INVALID);

    const wr_figure *one[1] = {a}, *with_null[2] = {a, NULL};
    const wr_figure *many[65];
    for (int i = 0; i < 65; i++)
        many[i] = b;
    assert_status(wr_rate_chariot(NULL, 1, one, 1, &untouched), WR_ERR_NULL);
    assert_status(wr_rate_chariot(one, 1, NULL, 1, &untouched), WR_ERR_NULL);
    assert_status(wr_rate_chariot(one, 1, one, 1, NULL), WR_ERR_NULL);
    assert_status(wr_rate_chariot(with_null, 2, one, 1, &untouched), WR_ERR_NULL);
    assert_status(wr_rate_chariot(one, 1, with_null, 2, &untouched), WR_ERR_NULL);
    assert_status(wr_rate_chariot(one, 0, one, 1, &untouched), WR_ERR_RANGE);
    assert_status(wr_rate_chariot(one, 1, one, 0, &untouched), WR_ERR_RANGE);
    assert_status(wr_rate_chariot(many, 65, one, 1, &untouched), WR_ERR_RANGE);
    assert_status(wr_rate_chariot(one, 1, many, 65, &untouched), WR_ERR_RANGE);
    assert_status(wr_rate_chariot(one, SIZE_MAX, one, 1, &untouched), WR_ERR_RANGE);
    assert_status(wr_rate_chariot_ex(one, 1, one, 1, &no_fn, &untouched), WR_ERR_INVALID);
    assert_status(wr_rate_chariot_ex(one, 1, one, 1, NULL, NULL), WR_ERR_NULL);

    /* combined dice beyond the figure limits */
    for (int i = 0; i < WR_FIGURE_MAX_DICE / 1000; i++)
        assert_status(wr_figure_add_damage(a, 1000, 6, 0), WR_OK);
    assert_status(wr_figure_add_damage(b, 1, 6, 0), WR_OK);
    assert_status(wr_rate_cavalry(a, b, &untouched), WR_ERR_RANGE);
    const wr_figure *bs[1] = {b};
    assert_status(wr_rate_chariot(one, 1, bs, 1, &untouched), WR_ERR_RANGE);
    assert_ptr_equal(untouched, (wr_figure *)&out);
    wr_figure_free(a);
    wr_figure_free(b);
}

static void unit_bad_input(void **state)
{
    (void)state;
    int removed = S;
    assert_status(wr_mounted_removed(WR_PART_RIDER, NULL), WR_ERR_NULL);
    assert_status(wr_mounted_removed(0x04u, &removed), WR_ERR_INVALID);
    assert_status(wr_mounted_removed(UINT_MAX, &removed), WR_ERR_INVALID);
    assert_int_equal(removed, S);

    wr_figure *f = figure_with_mv(12);
    wr_battle_unit *u = NULL;
    wr_battle_unit *untouched = (wr_battle_unit *)&u;
    wr_battle_unit_desc good = wr_battle_unit_desc_default();
    assert_status(wr_battle_unit_new(NULL, &good, &untouched), WR_ERR_NULL);
    assert_status(wr_battle_unit_new(f, NULL, &untouched), WR_ERR_NULL);
    assert_status(wr_battle_unit_new(f, &good, NULL), WR_ERR_NULL);
    assert_status(wr_battle_unit_new_ex(f, &good, NULL, NULL), WR_ERR_NULL);
    wr_allocator no_fn = {NULL, NULL};
    assert_status(wr_battle_unit_new_ex(f, &good, &no_fn, &untouched), WR_ERR_INVALID);

    wr_battle_unit_desc bad[12];
    for (int i = 0; i < 12; i++)
        bad[i] = good;
    bad[0].type = (wr_battle_unit_type)3;
    bad[1].type = (wr_battle_unit_type)-1;
    bad[2].equipment = 0x08u;
    bad[3].traits = 0x10u;
    bad[4].single_creature = 2;
    bad[5].single_creature = -1;
    bad[6].in_command = 2;
    bad[7].in_command = -1;
    bad[8].figures = -1;
    bad[9].figures = 100001;
    bad[10].figures = INT_MIN;
    bad[11].figures = INT_MAX;
    for (int i = 0; i < 12; i++)
        assert_status(wr_battle_unit_new(f, &bad[i], &untouched), i < 8 ? WR_ERR_INVALID : WR_ERR_RANGE);
    assert_ptr_equal(untouched, (wr_battle_unit *)&u);

    good.figures = 10;
    good.type = WR_UNIT_TYPE_CAVALRY;
    assert_status(wr_battle_unit_new(f, &good, &u), WR_OK);
    for (int i = 0; i < 12; i++)
        assert_status(wr_battle_unit_set(u, &bad[i]), i < 8 ? WR_ERR_INVALID : WR_ERR_RANGE);
    assert_status(wr_battle_unit_set(NULL, &good), WR_ERR_NULL);
    assert_status(wr_battle_unit_set(u, NULL), WR_ERR_NULL);
    wr_battle_unit_desc got = bad[0];
    assert_status(wr_battle_unit_get(NULL, &got), WR_ERR_NULL);
    assert_status(wr_battle_unit_get(u, NULL), WR_ERR_NULL);
    assert_int_equal(got.type, bad[0].type);
    assert_status(wr_battle_unit_get(u, &got), WR_OK);
    assert_int_equal(got.figures, 10); /* the refused set_desc calls changed nothing */
    assert_int_equal(got.type, WR_UNIT_TYPE_CAVALRY);

    const wr_figure *fig = (const wr_figure *)&u;
    assert_status(wr_battle_unit_figure(NULL, &fig), WR_ERR_NULL);
    assert_status(wr_battle_unit_figure(u, NULL), WR_ERR_NULL);
    assert_ptr_equal(fig, (const wr_figure *)&u);

    assert_status(wr_battle_unit_kill_parts(NULL, WR_PART_STEED, 1, &removed), WR_ERR_NULL);
    assert_status(wr_battle_unit_kill_parts(u, WR_PART_STEED, 1, NULL), WR_ERR_NULL);
    assert_status(wr_battle_unit_kill_parts(u, 0x04u, 1, &removed), WR_ERR_INVALID);
    assert_status(wr_battle_unit_kill_parts(u, WR_PART_STEED, -1, &removed), WR_ERR_RANGE);
    assert_status(wr_battle_unit_kill_parts(u, WR_PART_STEED, 11, &removed), WR_ERR_RANGE);
    assert_status(wr_battle_unit_kill_parts(u, WR_PART_STEED, INT_MAX, &removed), WR_ERR_RANGE);
    wr_battle_unit *foot = unit_of(0, 5);
    assert_status(wr_battle_unit_kill_parts(foot, WR_PART_STEED, 1, &removed), WR_ERR_INVALID);
    assert_int_equal(removed, S);
    assert_status(wr_battle_unit_get(u, &got), WR_OK);
    assert_int_equal(got.figures, 10);
    wr_battle_unit_free(foot);
    wr_battle_unit_free(u);
    wr_battle_unit_free(NULL);
    wr_figure_free(f);
}

static void formation_bad_input(void **state)
{
    (void)state;
    wr_formation *f = NULL;
    wr_formation *untouched = (wr_formation *)&f;
    assert_status(wr_formation_new(WR_ORDER_OPEN, 1, 0, NULL), WR_ERR_NULL);
    assert_status(wr_formation_new_ex(WR_ORDER_OPEN, 1, 0, NULL, NULL), WR_ERR_NULL);
    for (size_t i = 0; i < N_BAD_ENUMS; i++)
        assert_status(wr_formation_new((wr_formation_order)bad_enums[i], 1, 0, &untouched),
                         WR_ERR_INVALID);
    const int bad_frontage[] = {0, -1, 100001, INT_MIN, INT_MAX};
    for (size_t i = 0; i < 5; i++)
        assert_status(wr_formation_new(WR_ORDER_OPEN, bad_frontage[i], 0, &untouched),
                         WR_ERR_RANGE);
    const int bad_facing[] = {-1, 360, INT_MIN, INT_MAX};
    for (size_t i = 0; i < 4; i++)
        assert_status(wr_formation_new(WR_ORDER_OPEN, 1, bad_facing[i], &untouched),
                         WR_ERR_RANGE);
    wr_allocator no_fn = {NULL, NULL};
    assert_status(wr_formation_new_ex(WR_ORDER_OPEN, 1, 0, &no_fn, &untouched), WR_ERR_INVALID);
    assert_ptr_equal(untouched, (wr_formation *)&f);

    assert_status(wr_formation_new(WR_ORDER_CLOSED, 5, 90, &f), WR_OK);
    wr_formation_info info = {WR_ORDER_OPEN, S, S, WR_SPECIAL_NONE, 0, S, S};
    assert_status(wr_formation_get(NULL, &info), WR_ERR_NULL);
    assert_status(wr_formation_get(f, NULL), WR_ERR_NULL);
    assert_int_equal(info.frontage, S);
    assert_status(wr_formation_set_order(NULL, WR_ORDER_OPEN), WR_ERR_NULL);
    for (size_t i = 0; i < N_BAD_ENUMS; i++)
        assert_status(wr_formation_set_order(f, (wr_formation_order)bad_enums[i]), WR_ERR_INVALID);
    assert_status(wr_formation_set_frontage(NULL, 3), WR_ERR_NULL);
    for (size_t i = 0; i < 5; i++)
        assert_status(wr_formation_set_frontage(f, bad_frontage[i]), WR_ERR_RANGE);
    assert_status(wr_formation_get(f, &info), WR_OK);
    assert_int_equal(info.order, WR_ORDER_CLOSED);
    assert_int_equal(info.frontage, 5);

    wr_battle_unit *u = unit_of(WR_EQUIP_LARGE_SHIELDS | WR_EQUIP_SPEARS, 20);
    int ranks = S, front = S, avail = S;
    assert_status(wr_formation_ranks(NULL, u, &ranks, &front), WR_ERR_NULL);
    assert_status(wr_formation_ranks(f, NULL, &ranks, &front), WR_ERR_NULL);
    assert_status(wr_formation_ranks(f, u, NULL, &front), WR_ERR_NULL);
    assert_status(wr_formation_ranks(f, u, &ranks, NULL), WR_ERR_NULL);
    assert_int_equal(ranks, S);
    assert_int_equal(front, S);
    assert_status(wr_formation_begin_phase(NULL), WR_ERR_NULL);
    assert_status(wr_formation_break(NULL), WR_ERR_NULL);
    assert_status(wr_formation_available(NULL, u, &avail), WR_ERR_NULL);
    assert_status(wr_formation_available(f, NULL, &avail), WR_ERR_NULL);
    assert_status(wr_formation_available(f, u, NULL), WR_ERR_NULL);
    assert_int_equal(avail, S);

    assert_status(wr_formation_turn(NULL, u, 10), WR_ERR_NULL);
    assert_status(wr_formation_turn(f, NULL, 10), WR_ERR_NULL);
    const int bad_turns[] = {-181, 181, INT_MIN, INT_MAX};
    for (size_t i = 0; i < 4; i++)
        assert_status(wr_formation_turn(f, u, bad_turns[i]), WR_ERR_RANGE);
    assert_status(wr_formation_get(f, &info), WR_OK);
    assert_int_equal(info.facing, 90);
    assert_int_equal(info.turned, 0);
    wr_battle_unit_free(u);
    wr_formation_free(f);
    wr_formation_free(NULL);
}

static void special_formations_bad_input(void **state)
{
    (void)state;
    wr_battle_unit *u = unit_of(WR_EQUIP_LARGE_SHIELDS | WR_EQUIP_SPEARS, 20);
    wr_formation *f = NULL;
    assert_status(wr_formation_new(WR_ORDER_CLOSED, 10, 0, &f), WR_OK);
    wr_declare_problem p = (wr_declare_problem)S;
    const wr_declare_problem untouched = (wr_declare_problem)S;

    assert_status(wr_shield_wall_check(NULL, f, 0, 1, &p), WR_ERR_NULL);
    assert_status(wr_shield_wall_check(u, NULL, 0, 1, &p), WR_ERR_NULL);
    assert_status(wr_shield_wall_check(u, f, 0, 1, NULL), WR_ERR_NULL);
    assert_status(wr_shield_wall_check(u, f, 2, 1, &p), WR_ERR_INVALID);
    assert_status(wr_shield_wall_check(u, f, -1, 1, &p), WR_ERR_INVALID);
    assert_status(wr_shield_wall_check(u, f, 0, -1, &p), WR_ERR_RANGE);
    assert_status(wr_shield_wall_check(u, f, 0, 48001, &p), WR_ERR_RANGE);
    assert_status(wr_shield_wall_check(u, f, 0, INT_MIN, &p), WR_ERR_RANGE);
    assert_int_equal(p, untouched);
    assert_status(wr_shield_wall_declare(NULL, f, 0, 1), WR_ERR_NULL);
    assert_status(wr_shield_wall_declare(u, NULL, 0, 1), WR_ERR_NULL);
    assert_status(wr_shield_wall_declare(u, f, 5, 1), WR_ERR_INVALID);
    assert_status(wr_shield_wall_declare(u, f, 1, 48001), WR_ERR_RANGE);

    int m = S;
    assert_status(wr_shield_wall_ac_modifier(NULL, WR_ATTACK_MELEE, WR_FROM_FRONT, &m), WR_ERR_NULL);
    assert_status(wr_shield_wall_ac_modifier(f, WR_ATTACK_MELEE, WR_FROM_FRONT, NULL), WR_ERR_NULL);
    for (size_t i = 0; i < N_BAD_ENUMS; i++) {
        assert_status(wr_shield_wall_ac_modifier(f, (wr_attack_kind)bad_enums[i], WR_FROM_FRONT, &m),
                         WR_ERR_INVALID);
        assert_status(wr_shield_wall_ac_modifier(f, WR_ATTACK_MELEE, (wr_attack_from)bad_enums[i], &m),
                         WR_ERR_INVALID);
    }
    assert_status(wr_shield_wall_ac_modifier(f, (wr_attack_kind)4, WR_FROM_FRONT, &m), WR_ERR_INVALID);
    assert_status(wr_shield_wall_ac_modifier(f, WR_ATTACK_MELEE, (wr_attack_from)5, &m), WR_ERR_INVALID);

    assert_status(wr_spears_check(NULL, f, WR_FACE_FRONT, 1, &p), WR_ERR_NULL);
    assert_status(wr_spears_check(u, NULL, WR_FACE_FRONT, 1, &p), WR_ERR_NULL);
    assert_status(wr_spears_check(u, f, WR_FACE_FRONT, 1, NULL), WR_ERR_NULL);
    assert_status(wr_spears_check(u, f, 0, 1, &p), WR_ERR_INVALID);
    assert_status(wr_spears_check(u, f, 0x10u, 1, &p), WR_ERR_INVALID);
    assert_status(wr_spears_check(u, f, UINT_MAX, 1, &p), WR_ERR_INVALID);
    assert_status(wr_spears_check(u, f, WR_FACE_ALL, -1, &p), WR_ERR_RANGE);
    assert_status(wr_spears_check(u, f, WR_FACE_ALL, 48001, &p), WR_ERR_RANGE);
    assert_int_equal(p, untouched);
    assert_status(wr_spears_declare(NULL, f, WR_FACE_FRONT, 1), WR_ERR_NULL);
    assert_status(wr_spears_declare(u, NULL, WR_FACE_FRONT, 1), WR_ERR_NULL);
    assert_status(wr_spears_declare(u, f, 0, 1), WR_ERR_INVALID);
    assert_status(wr_spears_declare(u, f, WR_FACE_FRONT, -1), WR_ERR_RANGE);
    wr_formation_info info;
    assert_status(wr_formation_get(f, &info), WR_OK);
    assert_int_equal(info.special, WR_SPECIAL_NONE); /* nothing was declared */
    assert_int_equal(info.spent, 0);

    assert_status(wr_spears_multiplier(NULL, WR_FROM_FRONT, &m), WR_ERR_NULL);
    assert_status(wr_spears_multiplier(f, WR_FROM_FRONT, NULL), WR_ERR_NULL);
    assert_status(wr_charge_ar_modifier(NULL, f, WR_FROM_FRONT, &m), WR_ERR_NULL);
    assert_status(wr_charge_ar_modifier(u, NULL, WR_FROM_FRONT, &m), WR_ERR_NULL);
    assert_status(wr_charge_ar_modifier(u, f, WR_FROM_FRONT, NULL), WR_ERR_NULL);
    for (size_t i = 0; i < N_BAD_ENUMS; i++) {
        assert_status(wr_spears_multiplier(f, (wr_attack_from)bad_enums[i], &m), WR_ERR_INVALID);
        assert_status(wr_charge_ar_modifier(u, f, (wr_attack_from)bad_enums[i], &m), WR_ERR_INVALID);
    }
    assert_status(wr_charge_damage_multiplier(NULL, &m), WR_ERR_NULL);
    assert_status(wr_charge_damage_multiplier(u, NULL), WR_ERR_NULL);

    int strikers = S;
    assert_status(wr_charger_strikers(NULL, f, 1, 0, &strikers), WR_ERR_NULL);
    assert_status(wr_charger_strikers(u, NULL, 1, 0, &strikers), WR_ERR_NULL);
    assert_status(wr_charger_strikers(u, f, 1, 0, NULL), WR_ERR_NULL);
    assert_status(wr_charger_strikers(u, f, -1, 0, &strikers), WR_ERR_RANGE);
    assert_status(wr_charger_strikers(u, f, 11, 0, &strikers), WR_ERR_RANGE); /* frontage 10 */
    assert_status(wr_charger_strikers(u, f, 1, -1, &strikers), WR_ERR_RANGE);
    assert_status(wr_charger_strikers(u, f, 1, 21, &strikers), WR_ERR_RANGE);
    assert_status(wr_charger_strikers(u, f, INT_MAX, INT_MIN, &strikers), WR_ERR_RANGE);
    assert_int_equal(m, S);
    assert_int_equal(strikers, S);
    wr_battle_unit_free(u);
    wr_formation_free(f);
}

static void movement_bad_input(void **state)
{
    (void)state;
    int num = S, den = S;
    assert_status(wr_terrain_speed(WR_TERRAIN_CLEAR, 0, NULL, &den), WR_ERR_NULL);
    assert_status(wr_terrain_speed(WR_TERRAIN_CLEAR, 0, &num, NULL), WR_ERR_NULL);
    for (size_t i = 0; i < N_BAD_ENUMS; i++)
        assert_status(wr_terrain_speed((wr_terrain)bad_enums[i], 0, &num, &den), WR_ERR_INVALID);
    assert_status(wr_terrain_speed((wr_terrain)6, 0, &num, &den), WR_ERR_INVALID);
    assert_status(wr_terrain_speed(WR_TERRAIN_CLEAR, 0x10u, &num, &den), WR_ERR_INVALID);
    assert_status(wr_terrain_speed(WR_TERRAIN_WATER, UINT_MAX, &num, &den), WR_ERR_INVALID);
    assert_status(wr_terrain_speed(WR_TERRAIN_WATER, 0, &num, &den), WR_ERR_FORBIDDEN);
    assert_int_equal(num, S);
    assert_int_equal(den, S);

    wr_battle_unit *u = unit_of(0, 10);
    wr_formation *f = NULL;
    assert_status(wr_formation_new(WR_ORDER_OPEN, 10, 0, &f), WR_OK);
    wr_tactical_leg ok = {WR_TERRAIN_CLEAR, 12, 0, 0};
    wr_tactical_result r = {S, (wr_tactical_problem)S, S, S, S, WR_ORDER_OPEN, S, S};
    assert_status(wr_tactical_check(NULL, f, &ok, 1, 0, &r), WR_ERR_NULL);
    assert_status(wr_tactical_check(u, NULL, &ok, 1, 0, &r), WR_ERR_NULL);
    assert_status(wr_tactical_check(u, f, NULL, 1, 0, &r), WR_ERR_NULL);
    assert_status(wr_tactical_check(u, f, &ok, 1, 0, NULL), WR_ERR_NULL);
    assert_status(wr_tactical_check(u, f, &ok, 1, 0x04u, &r), WR_ERR_INVALID);
    assert_status(wr_tactical_check(u, f, &ok, 1, UINT_MAX, &r), WR_ERR_INVALID);
    assert_status(wr_tactical_check(u, f, &ok, 257, 0, &r), WR_ERR_RANGE);
    assert_status(wr_tactical_check(u, f, &ok, SIZE_MAX, 0, &r), WR_ERR_RANGE);

    wr_tactical_leg bad[10];
    for (int i = 0; i < 10; i++)
        bad[i] = ok;
    bad[0].terrain = (wr_terrain)-1;
    bad[1].terrain = (wr_terrain)6;
    bad[2].length = -1;
    bad[3].length = 120001;
    bad[4].obstacles = -1;
    bad[5].obstacles = 101;
    bad[6].rises = -1;
    bad[7].rises = 101;
    bad[8].length = INT_MIN;
    bad[9].rises = INT_MAX;
    for (int i = 0; i < 10; i++) {
        wr_status expected = i < 2 ? WR_ERR_INVALID : WR_ERR_RANGE;
        wr_tactical_leg two[2] = {ok, bad[i]}; /* a bad leg anywhere */
        assert_status(wr_tactical_check(u, f, two, 2, 0, &r), expected);
        assert_status(wr_tactical_apply(u, f, two, 2, 0, &r), expected);
        wr_tactical_problem p = (wr_tactical_problem)S;
        assert_status(wr_charge_check(u, two, 2, &p), expected);
        assert_int_equal(p, (wr_tactical_problem)S);
    }
    assert_status(wr_tactical_apply(NULL, f, &ok, 1, 0, &r), WR_ERR_NULL);
    assert_status(wr_tactical_apply(u, NULL, &ok, 1, 0, &r), WR_ERR_NULL);
    assert_status(wr_tactical_apply(u, f, NULL, 1, 0, &r), WR_ERR_NULL);
    assert_status(wr_tactical_apply(u, f, &ok, 1, 0, NULL), WR_ERR_NULL);
    assert_status(wr_tactical_apply(u, f, &ok, 1, 0x08u, &r), WR_ERR_INVALID);
    assert_status(wr_tactical_apply(u, f, &ok, 300, 0, &r), WR_ERR_RANGE);
    wr_tactical_leg far = {WR_TERRAIN_CLEAR, 120000, 0, 0};
    assert_status(wr_tactical_apply(u, f, &far, 1, 0, &r), WR_ERR_FORBIDDEN);
    assert_int_equal(r.legal, S);
    assert_int_equal(r.cost, S);
    assert_int_equal(r.left, S);
    wr_formation_info info;
    assert_status(wr_formation_get(f, &info), WR_OK);
    assert_int_equal(info.spent, 0);

    wr_tactical_problem p = (wr_tactical_problem)S;
    assert_status(wr_charge_check(NULL, &ok, 1, &p), WR_ERR_NULL);
    assert_status(wr_charge_check(u, NULL, 1, &p), WR_ERR_NULL);
    assert_status(wr_charge_check(u, &ok, 1, NULL), WR_ERR_NULL);
    assert_status(wr_charge_check(u, &ok, 257, &p), WR_ERR_RANGE);
    assert_int_equal(p, (wr_tactical_problem)S);

    /* the largest legal input does not overflow */
    static wr_tactical_leg huge[256];
    for (int i = 0; i < 256; i++) {
        huge[i].terrain = WR_TERRAIN_ROUGH;
        huge[i].length = 120000;
        huge[i].obstacles = 100;
        huge[i].rises = 100;
    }
    wr_figure *fast = figure_with_mv(1000);
    wr_battle_unit_desc d = wr_battle_unit_desc_default();
    wr_battle_unit *big = NULL;
    assert_status(wr_battle_unit_new(fast, &d, &big), WR_OK);
    assert_status(wr_tactical_check(big, f, huge, 256, 0, &r), WR_OK);
    assert_int_equal(r.cost, 256 * (120000 * 8 + 200 * 16000));
    assert_int_equal(r.problem, WR_TACTICAL_TOO_FAR);
    wr_battle_unit_free(big);
    wr_figure_free(fast);
    wr_battle_unit_free(u);
    wr_formation_free(f);
}

static void new_figure_functions_bad_input(void **state)
{
    (void)state;
    wr_figure *f = figure_with_mv(12);
    assert_status(wr_figure_add_damage(f, 2, 6, 0), WR_OK);
    int a = S, b = S;
    assert_status(wr_figure_move_points(NULL, &a), WR_ERR_NULL);
    assert_status(wr_figure_move_points(f, NULL), WR_ERR_NULL);
    assert_status(wr_figure_damage_group_parts(NULL, 0, &a, &b), WR_ERR_NULL);
    assert_status(wr_figure_damage_group_parts(f, 0, NULL, &b), WR_ERR_NULL);
    assert_status(wr_figure_damage_group_parts(f, 0, &a, NULL), WR_ERR_NULL);
    assert_status(wr_figure_damage_group_parts(f, 1, &a, &b), WR_ERR_RANGE);
    assert_status(wr_figure_damage_group_parts(f, SIZE_MAX, &a, &b), WR_ERR_RANGE);
    const int rolls[2] = {3, 4}, bad_rolls[2] = {3, 7};
    assert_status(wr_figure_charge_damage_rolls(NULL, 2, rolls, 2, &a), WR_ERR_NULL);
    assert_status(wr_figure_charge_damage_rolls(f, 2, NULL, 2, &a), WR_ERR_NULL);
    assert_status(wr_figure_charge_damage_rolls(f, 2, rolls, 2, NULL), WR_ERR_NULL);
    assert_status(wr_figure_charge_damage_rolls(f, 0, rolls, 2, &a), WR_ERR_RANGE);
    assert_status(wr_figure_charge_damage_rolls(f, 3, rolls, 2, &a), WR_ERR_RANGE);
    assert_status(wr_figure_charge_damage_rolls(f, INT_MIN, rolls, 2, &a), WR_ERR_RANGE);
    assert_status(wr_figure_charge_damage_rolls(f, 2, rolls, 1, &a), WR_ERR_INVALID);
    assert_status(wr_figure_charge_damage_rolls(f, 2, bad_rolls, 2, &a), WR_ERR_RANGE);
    wr_rng *rng = NULL;
    assert_status(wr_rng_new(1, &rng), WR_OK);
    assert_status(wr_figure_charge_damage_rng(NULL, 2, rng, &a), WR_ERR_NULL);
    assert_status(wr_figure_charge_damage_rng(f, 2, NULL, &a), WR_ERR_NULL);
    assert_status(wr_figure_charge_damage_rng(f, 2, rng, NULL), WR_ERR_NULL);
    assert_status(wr_figure_charge_damage_rng(f, 5, rng, &a), WR_ERR_RANGE);
    assert_int_equal(a, S);
    assert_int_equal(b, S);
    wr_rng_free(rng);
    wr_figure_free(f);
}

static void check_unchanged(const wr_formation *f, const wr_formation_info *before)
{
    wr_formation_info now;
    assert_status(wr_formation_get(f, &now), WR_OK);
    assert_memory_equal(&now, before, sizeof now);
}

static void movement_phase_bad_input(void **state)
{
    (void)state;
    wr_battle_unit *u = unit_of(WR_EQUIP_LARGE_SHIELDS | WR_EQUIP_SPEARS, 20);
    wr_formation *f = NULL;
    assert_status(wr_formation_new(WR_ORDER_OPEN, 10, 0, &f), WR_OK);
    wr_movement_phase_costs costs = wr_movement_phase_costs_default();
    wr_formation_info before;
    assert_status(wr_formation_get(f, &before), WR_OK);
    int cost = S;

    /* without a begun phase */
    assert_status(wr_movement_phase_spend(u, f, 1), WR_ERR_STATE);
    assert_status(wr_movement_phase_set_order(u, f, &costs, WR_ORDER_CLOSED, WR_TERRAIN_CLEAR, &cost),
                  WR_ERR_STATE);
    assert_status(wr_movement_phase_turn(u, f, &costs, 10, &cost), WR_ERR_STATE);
    assert_status(wr_movement_phase_wheel(u, f, 10, 12, WR_TERRAIN_CLEAR, &cost), WR_ERR_STATE);
    assert_status(wr_movement_phase_declare_shield_wall(u, f, &costs, 0), WR_ERR_STATE);
    assert_status(wr_movement_phase_declare_spears(u, f, &costs, WR_FACE_FRONT), WR_ERR_STATE);
    check_unchanged(f, &before);

    assert_status(wr_movement_phase_begin(NULL, f), WR_ERR_NULL);
    assert_status(wr_movement_phase_begin(u, NULL), WR_ERR_NULL);
    wr_movement_phase ph = {S, (wr_formation_order)S, S};
    assert_status(wr_movement_phase_get(NULL, &ph), WR_ERR_NULL);
    assert_status(wr_movement_phase_get(f, NULL), WR_ERR_NULL);
    assert_int_equal(ph.begun, S);
    assert_status(wr_movement_phase_begin(u, f), WR_OK);
    assert_status(wr_formation_get(f, &before), WR_OK);

    /* NULLs, ranges, unknown values */
    assert_status(wr_movement_phase_spend(NULL, f, 1), WR_ERR_NULL);
    assert_status(wr_movement_phase_spend(u, NULL, 1), WR_ERR_NULL);
    assert_status(wr_movement_phase_spend(u, f, -1), WR_ERR_RANGE);
    assert_status(wr_movement_phase_spend(u, f, INT_MAX), WR_ERR_RANGE);
    assert_status(wr_movement_phase_set_order(u, f, NULL, WR_ORDER_CLOSED, WR_TERRAIN_CLEAR, &cost),
                  WR_ERR_NULL);
    for (size_t i = 0; i < N_BAD_ENUMS; i++) {
        assert_status(wr_movement_phase_set_order(u, f, &costs, (wr_formation_order)bad_enums[i],
                                            WR_TERRAIN_CLEAR, &cost),
                      WR_ERR_INVALID);
        assert_status(wr_movement_phase_set_order(u, f, &costs, WR_ORDER_CLOSED,
                                            (wr_terrain)bad_enums[i], &cost),
                      WR_ERR_INVALID);
        assert_status(wr_movement_phase_wheel(u, f, 10, 12, (wr_terrain)bad_enums[i], &cost),
                      WR_ERR_INVALID);
    }
    const wr_movement_phase_costs bad_costs[] = {
        {1, 0, 1, 2, 1}, {3, 2, 1, 2, 1}, {-1, 2, 1, 2, 1}, {1, 1001, 1, 2, 1},
        {1, 2, 1, 0, 1}, {1, 2, 3, 2, 1}, {1, 2, -1, 2, 1}, {1, 2, 1, 2, -1},
        {1, 2, 1, 2, 48001}, {INT_MIN, INT_MIN, INT_MIN, INT_MIN, INT_MIN}};
    for (size_t i = 0; i < sizeof bad_costs / sizeof bad_costs[0]; i++) {
        assert_status(wr_movement_phase_set_order(u, f, &bad_costs[i], WR_ORDER_CLOSED,
                                            WR_TERRAIN_CLEAR, &cost),
                      WR_ERR_RANGE);
        assert_status(wr_movement_phase_turn(u, f, &bad_costs[i], 10, &cost), WR_ERR_RANGE);
        assert_status(wr_movement_phase_declare_shield_wall(u, f, &bad_costs[i], 0), WR_ERR_RANGE);
        assert_status(wr_movement_phase_declare_spears(u, f, &bad_costs[i], WR_FACE_FRONT), WR_ERR_RANGE);
    }
    const int bad_turns[] = {-181, 181, INT_MIN, INT_MAX};
    for (size_t i = 0; i < 4; i++) {
        assert_status(wr_movement_phase_turn(u, f, &costs, bad_turns[i], &cost), WR_ERR_RANGE);
        assert_status(wr_movement_phase_wheel(u, f, bad_turns[i], 12, WR_TERRAIN_CLEAR, &cost),
                      WR_ERR_RANGE);
    }
    assert_status(wr_movement_phase_wheel(u, f, 10, -1, WR_TERRAIN_CLEAR, &cost), WR_ERR_RANGE);
    assert_status(wr_movement_phase_wheel(u, f, 10, 120001, WR_TERRAIN_CLEAR, &cost), WR_ERR_RANGE);
    assert_status(wr_movement_phase_turn(NULL, f, &costs, 10, &cost), WR_ERR_NULL);
    assert_status(wr_movement_phase_turn(u, f, NULL, 10, &cost), WR_ERR_NULL);
    assert_status(wr_movement_phase_wheel(u, NULL, 10, 12, WR_TERRAIN_CLEAR, &cost), WR_ERR_NULL);
    assert_status(wr_movement_phase_declare_shield_wall(u, f, NULL, 0), WR_ERR_NULL);
    assert_status(wr_movement_phase_declare_shield_wall(u, f, &costs, 2), WR_ERR_INVALID);
    assert_status(wr_movement_phase_declare_spears(u, f, NULL, WR_FACE_FRONT), WR_ERR_NULL);
    assert_status(wr_movement_phase_declare_spears(u, f, &costs, 0), WR_ERR_INVALID);
    assert_status(wr_movement_phase_declare_spears(u, f, &costs, 0x10), WR_ERR_INVALID);

    /* the rules: closed order on forbidden ground, water, movement beyond
       what is left, declarations of a phase begun in open order */
    assert_status(wr_movement_phase_set_order(u, f, &costs, WR_ORDER_CLOSED, WR_TERRAIN_WOODS, &cost),
                  WR_ERR_FORBIDDEN);
    assert_status(wr_movement_phase_set_order(u, f, &costs, WR_ORDER_CLOSED, WR_TERRAIN_WATER, &cost),
                  WR_ERR_FORBIDDEN);
    assert_status(wr_movement_phase_wheel(u, f, 10, 12, WR_TERRAIN_WATER, &cost), WR_ERR_FORBIDDEN);
    assert_status(wr_movement_phase_wheel(u, f, 10, 12 * 13, WR_TERRAIN_CLEAR, &cost), WR_ERR_FORBIDDEN);
    assert_status(wr_movement_phase_spend(u, f, 577), WR_ERR_FORBIDDEN);
    assert_status(wr_movement_phase_spend(u, f, 1), WR_OK);
    assert_status(wr_movement_phase_turn(u, f, &costs, 180, &cost), WR_ERR_FORBIDDEN);
    assert_status(wr_formation_get(f, &before), WR_OK);
    assert_status(wr_movement_phase_set_order(u, f, &costs, WR_ORDER_CLOSED, WR_TERRAIN_CLEAR, &cost),
                  WR_OK);
    assert_status(wr_movement_phase_begin(u, f), WR_OK);
    assert_status(wr_formation_set_order(f, WR_ORDER_OPEN), WR_OK);
    assert_status(wr_movement_phase_begin(u, f), WR_OK);
    assert_status(wr_formation_set_order(f, WR_ORDER_CLOSED), WR_OK);
    assert_status(wr_formation_get(f, &before), WR_OK);
    assert_status(wr_movement_phase_declare_shield_wall(u, f, &costs, 0), WR_ERR_FORBIDDEN);
    assert_status(wr_movement_phase_declare_spears(u, f, &costs, WR_FACE_FRONT), WR_ERR_FORBIDDEN);
    check_unchanged(f, &before);
    assert_int_equal(cost, 288);
    wr_battle_unit_free(u);
    wr_formation_free(f);
}

static void fire_position_and_missile_modifiers_bad_input(void **state)
{
    (void)state;
    wr_fire_origin o = {0, 0, 1, 0};
    int in = S;
    assert_status(wr_forest_fire_has_reached(WR_FIRE_WIND_LIGHT, 1, NULL, 0, 0, &in), WR_ERR_NULL);
    assert_status(wr_forest_fire_has_reached(WR_FIRE_WIND_LIGHT, 1, &o, 0, 0, NULL), WR_ERR_NULL);
    for (size_t i = 0; i < N_BAD_ENUMS; i++)
        assert_status(wr_forest_fire_has_reached((wr_fire_wind)bad_enums[i], 1, &o, 0, 0, &in),
                      WR_ERR_INVALID);
    assert_status(wr_forest_fire_has_reached(WR_FIRE_WIND_LIGHT, -1, &o, 0, 0, &in), WR_ERR_RANGE);
    assert_status(wr_forest_fire_has_reached(WR_FIRE_WIND_LIGHT, 1001, &o, 0, 0, &in), WR_ERR_RANGE);
    const int bad_coords[] = {-1000001, 1000001, INT_MIN, INT_MAX};
    for (size_t i = 0; i < 4; i++) {
        assert_status(wr_forest_fire_has_reached(WR_FIRE_WIND_CALM, 1, &o, bad_coords[i], 0, &in),
                      WR_ERR_RANGE);
        assert_status(wr_forest_fire_has_reached(WR_FIRE_WIND_CALM, 1, &o, 0, bad_coords[i], &in),
                      WR_ERR_RANGE);
        wr_fire_origin bad = {bad_coords[i], 0, 1, 0};
        assert_status(wr_forest_fire_has_reached(WR_FIRE_WIND_CALM, 1, &bad, 0, 0, &in), WR_ERR_RANGE);
        wr_fire_origin bad_y = {0, bad_coords[i], 1, 0};
        assert_status(wr_forest_fire_has_reached(WR_FIRE_WIND_CALM, 1, &bad_y, 0, 0, &in),
                      WR_ERR_RANGE);
        wr_fire_origin bad_wind = {0, 0, bad_coords[i], 0};
        assert_status(wr_forest_fire_has_reached(WR_FIRE_WIND_STRONG, 1, &bad_wind, 0, 0, &in),
                      WR_ERR_RANGE);
        wr_fire_origin bad_wind_y = {0, 0, 1, bad_coords[i]};
        assert_status(wr_forest_fire_has_reached(WR_FIRE_WIND_STRONG, 1, &bad_wind_y, 0, 0, &in),
                      WR_ERR_RANGE);
    }
    wr_fire_origin still = {0, 0, 0, 0};
    assert_status(wr_forest_fire_has_reached(WR_FIRE_WIND_LIGHT, 1, &still, 0, 0, &in), WR_ERR_INVALID);
    assert_status(wr_forest_fire_has_reached(WR_FIRE_WIND_CALM, 1, &still, 0, 0, &in), WR_OK);
    assert_int_equal(in, 1);
    wr_fire_origin wild = {0, 0, 101, 0};
    assert_status(wr_forest_fire_has_reached(WR_FIRE_WIND_CALM, 1, &wild, 0, 0, &in), WR_OK);

    wr_missile_modifiers t = wr_missile_modifiers_unset();
    int m = S;
    assert_status(wr_missile_modifiers_set(NULL, WR_TERRAIN_CLEAR, 0), WR_ERR_NULL);
    assert_status(wr_missile_modifiers_get(NULL, WR_TERRAIN_CLEAR, &m), WR_ERR_NULL);
    assert_status(wr_missile_modifiers_get(&t, WR_TERRAIN_CLEAR, NULL), WR_ERR_NULL);
    for (size_t i = 0; i < N_BAD_ENUMS; i++) {
        assert_status(wr_missile_modifiers_set(&t, (wr_terrain)bad_enums[i], 0), WR_ERR_INVALID);
        assert_status(wr_missile_modifiers_get(&t, (wr_terrain)bad_enums[i], &m), WR_ERR_INVALID);
    }
    assert_status(wr_missile_modifiers_set(&t, WR_TERRAIN_CLEAR, 101), WR_ERR_RANGE);
    assert_status(wr_missile_modifiers_set(&t, WR_TERRAIN_CLEAR, INT_MIN), WR_ERR_RANGE);
    assert_int_equal(t.set, 0u);
    assert_status(wr_missile_modifiers_get(&t, WR_TERRAIN_CLEAR, &m), WR_ERR_STATE);
    t.set = 0x40u;
    assert_status(wr_missile_modifiers_get(&t, WR_TERRAIN_CLEAR, &m), WR_ERR_INVALID);
    t.set = 0x1u;
    t.modifier[WR_TERRAIN_CLEAR] = 500;
    assert_status(wr_missile_modifiers_get(&t, WR_TERRAIN_CLEAR, &m), WR_ERR_RANGE);
    assert_int_equal(m, S);
}

static void woods_fire_and_combat_bad_input(void **state)
{
    (void)state;
    int v = S;
    assert_status(wr_woods_may_shoot(WR_WOODS_OUT, WR_WOODS_OUT, NULL), WR_ERR_NULL);
    assert_status(wr_woods_melee_modifier(WR_WOODS_OUT, WR_WOODS_OUT, NULL), WR_ERR_NULL);
    for (size_t i = 0; i < N_BAD_ENUMS; i++) {
        wr_woods_pos bad = (wr_woods_pos)bad_enums[i];
        assert_status(wr_woods_may_shoot(bad, WR_WOODS_OUT, &v), WR_ERR_INVALID);
        assert_status(wr_woods_may_shoot(WR_WOODS_OUT, bad, &v), WR_ERR_INVALID);
        assert_status(wr_woods_melee_modifier(bad, WR_WOODS_OUT, &v), WR_ERR_INVALID);
        assert_status(wr_woods_melee_modifier(WR_WOODS_OUT, bad, &v), WR_ERR_INVALID);
        assert_status(wr_woods_firing_figures(1, 1, 1, bad, &v), WR_ERR_INVALID);
        assert_status(wr_low_ground_ar_modifier((wr_low_ground)bad_enums[i], 1, &v), WR_ERR_INVALID);
    }
    assert_status(wr_woods_may_shoot((wr_woods_pos)3, WR_WOODS_OUT, &v), WR_ERR_INVALID);
    assert_status(wr_woods_firing_figures(1, 1, 1, WR_WOODS_OUT, NULL), WR_ERR_NULL);
    const int bad_counts[][3] = {{-1, 0, 0}, {0, -1, 0}, {0, 0, -1}, {100001, 0, 0},
                                 {0, 100001, 0}, {0, 0, 100001}, {INT_MIN, INT_MAX, 0}};
    for (size_t i = 0; i < sizeof bad_counts / sizeof bad_counts[0]; i++)
        assert_status(wr_woods_firing_figures(bad_counts[i][0], bad_counts[i][1],
                                                 bad_counts[i][2], WR_WOODS_OUT, &v),
                         WR_ERR_RANGE);
    assert_status(wr_woods_sight_range(0, NULL), WR_ERR_NULL);
    assert_status(wr_woods_sight_range(0x10u, &v), WR_ERR_INVALID);
    assert_status(wr_woods_sight_range(UINT_MAX, &v), WR_ERR_INVALID);
    assert_status(wr_low_ground_ar_modifier(WR_LOW_DITCH, 1, NULL), WR_ERR_NULL);
    assert_status(wr_low_ground_ar_modifier((wr_low_ground)4, 1, &v), WR_ERR_INVALID);
    assert_status(wr_low_ground_ar_modifier(WR_LOW_DITCH, 2, &v), WR_ERR_INVALID);
    assert_status(wr_low_ground_ar_modifier(WR_LOW_DITCH, -1, &v), WR_ERR_INVALID);
    assert_int_equal(v, S);

    wr_fire_area a = {WR_FIRE_CIRCLE, S, S, S, S};
    assert_status(wr_forest_fire_area(WR_FIRE_WIND_CALM, 0, NULL), WR_ERR_NULL);
    for (size_t i = 0; i < N_BAD_ENUMS; i++)
        assert_status(wr_forest_fire_area((wr_fire_wind)bad_enums[i], 0, &a), WR_ERR_INVALID);
    assert_status(wr_forest_fire_area((wr_fire_wind)3, 0, &a), WR_ERR_INVALID);
    const int bad_turns[] = {-1, 1001, INT_MIN, INT_MAX};
    for (size_t i = 0; i < 4; i++)
        assert_status(wr_forest_fire_area(WR_FIRE_WIND_STRONG, bad_turns[i], &a), WR_ERR_RANGE);
    assert_int_equal(a.width, S);
    assert_int_equal(a.area_pi, S);

    assert_int_equal(v, S);
}

static void batch_bad_input(void **state)
{
    (void)state;
    int terrain[4] = {0, 1, 2, 3}, num[4] = {S, S, S, S}, den[4] = {S, S, S, S};
    unsigned traits[4] = {0, 0, 0, 0};
    size_t bad = 999;
    assert_status(wr_terrain_speed_batch(4, NULL, traits, num, den, &bad), WR_ERR_NULL);
    assert_status(wr_terrain_speed_batch(4, terrain, NULL, num, den, &bad), WR_ERR_NULL);
    assert_int_equal(bad, 999);
    terrain[2] = 6;
    assert_status(wr_terrain_speed_batch(4, terrain, traits, num, den, &bad), WR_ERR_INVALID);
    assert_int_equal(bad, 2);
    terrain[2] = -1;
    assert_status(wr_terrain_speed_batch(4, terrain, traits, num, den, &bad), WR_ERR_INVALID);
    terrain[2] = INT32_MIN;
    assert_status(wr_terrain_speed_batch(4, terrain, traits, num, den, NULL), WR_ERR_INVALID);
    terrain[2] = 2;
    traits[3] = 0x10u;
    assert_status(wr_terrain_speed_batch(4, terrain, traits, num, den, &bad), WR_ERR_INVALID);
    assert_int_equal(bad, 3);
    traits[3] = 0;
    terrain[1] = WR_TERRAIN_WATER;
    assert_status(wr_terrain_speed_batch(4, terrain, traits, num, den, &bad), WR_ERR_FORBIDDEN);
    assert_int_equal(bad, 1);
    for (int i = 0; i < 4; i++) {
        assert_int_equal(num[i], S);
        assert_int_equal(den[i], S);
    }

    wr_battle_unit *u = unit_of(0, 10);
    wr_formation *f = NULL;
    assert_status(wr_formation_new(WR_ORDER_OPEN, 10, 0, &f), WR_OK);
    wr_tactical_leg legs[3] = {{WR_TERRAIN_CLEAR, 12, 0, 0},
                               {WR_TERRAIN_WOODS, 12, 0, 0},
                               {WR_TERRAIN_ROUGH, 12, 0, 0}};
    int counts[3] = {1, 0, 2};
    wr_tactical_result r[3], before[3];
    for (int i = 0; i < 3; i++) {
        wr_tactical_result sentinel = {S, (wr_tactical_problem)S, S, S, S, WR_ORDER_OPEN, S, S};
        r[i] = sentinel;
        before[i] = sentinel;
    }
    bad = 999;
    assert_status(wr_tactical_check_batch(NULL, f, legs, 3, counts, 3, 0, r, &bad), WR_ERR_NULL);
    assert_status(wr_tactical_check_batch(u, NULL, legs, 3, counts, 3, 0, r, &bad), WR_ERR_NULL);
    assert_status(wr_tactical_check_batch(u, f, NULL, 3, counts, 3, 0, r, &bad), WR_ERR_NULL);
    assert_status(wr_tactical_check_batch(u, f, legs, 3, NULL, 3, 0, r, &bad), WR_ERR_NULL);
    assert_status(wr_tactical_check_batch(u, f, legs, 3, counts, 3, 0, NULL, &bad), WR_ERR_NULL);
    assert_status(wr_tactical_check_batch(u, f, legs, 3, counts, 3, 0x04u, r, &bad),
                     WR_ERR_INVALID);
    assert_status(wr_tactical_check_batch(u, f, legs, 3, counts, 3, UINT_MAX, r, &bad),
                     WR_ERR_INVALID);
    assert_int_equal(bad, 999);
    /* counts that run past n_legs, or add up to less */
    assert_status(wr_tactical_check_batch(u, f, legs, 2, counts, 3, 0, r, &bad), WR_ERR_RANGE);
    assert_int_equal(bad, 2);
    assert_status(wr_tactical_check_batch(u, f, legs, 3, counts, 2, 0, r, &bad), WR_ERR_RANGE);
    assert_int_equal(bad, 2);
    counts[1] = -1;
    assert_status(wr_tactical_check_batch(u, f, legs, 3, counts, 3, 0, r, &bad), WR_ERR_RANGE);
    assert_int_equal(bad, 1);
    counts[1] = 257;
    assert_status(wr_tactical_check_batch(u, f, legs, 3, counts, 3, 0, r, &bad), WR_ERR_RANGE);
    counts[1] = INT32_MIN;
    assert_status(wr_tactical_check_batch(u, f, legs, 3, counts, 3, 0, r, &bad), WR_ERR_RANGE);
    assert_int_equal(bad, 1);
    counts[1] = 0;
    /* a bad leg in the last move */
    legs[2].terrain = (wr_terrain)6;
    assert_status(wr_tactical_check_batch(u, f, legs, 3, counts, 3, 0, r, &bad), WR_ERR_INVALID);
    assert_int_equal(bad, 2);
    legs[2].terrain = WR_TERRAIN_ROUGH;
    legs[2].length = -1;
    assert_status(wr_tactical_check_batch(u, f, legs, 3, counts, 3, 0, r, NULL), WR_ERR_RANGE);
    legs[2].length = 120001;
    assert_status(wr_tactical_check_batch(u, f, legs, 3, counts, 3, 0, r, &bad), WR_ERR_RANGE);
    legs[0].obstacles = 101;
    assert_status(wr_tactical_check_batch(u, f, legs, 3, counts, 3, 0, r, &bad), WR_ERR_RANGE);
    assert_int_equal(bad, 0);
    assert_memory_equal(r, before, sizeof r);
    wr_formation_free(f);
    wr_battle_unit_free(u);
}

int invalid_battlesystem_tests(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(figure_bad_input),
        cmocka_unit_test(rating_bad_input),
        cmocka_unit_test(unit_bad_input),
        cmocka_unit_test(formation_bad_input),
        cmocka_unit_test(special_formations_bad_input),
        cmocka_unit_test(movement_bad_input),
        cmocka_unit_test(new_figure_functions_bad_input),
        cmocka_unit_test(movement_phase_bad_input),
        cmocka_unit_test(fire_position_and_missile_modifiers_bad_input),
        cmocka_unit_test(woods_fire_and_combat_bad_input),
        cmocka_unit_test(batch_bad_input),
    };
    return cmocka_run_group_tests_name("invalid_battlesystem", tests, NULL, NULL);
}
