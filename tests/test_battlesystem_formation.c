/* AD&D Battlesystem, chapter 11: units and formations, who may declare a
   shield wall [11.6] or set spears [11.7] and when, a shield wall front only
   and all round (its AC, its movement, its facing), set spears against
   charges and the chargers that strike. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "warrules/battlesystem.h"

#include "fixtures.h"

/* ---- units and formations ---------------------------------------------- */

static void unit_desc_and_figure(void **state)
{
    (void)state;
    wr_battle_unit_desc d = wr_battle_unit_desc_default();
    assert_int_equal(d.type, WR_UNIT_TYPE_FOOT);
    assert_int_equal(d.figures, 1);
    assert_int_equal(d.equipment, 0);
    assert_int_equal(d.traits, 0);
    assert_int_equal(d.single_creature, 0);
    assert_int_equal(d.in_command, 1);

    wr_figure *f = figure4(5, 3, 6, 9);
    d.figures = 100000;
    d.equipment = WR_EQUIP_LARGE_SHIELDS | WR_EQUIP_SPEARS | WR_EQUIP_CHARGE_WEAPONS;
    d.traits = WR_TRAIT_WOODLAND | WR_TRAIT_MOUNTAIN | WR_TRAIT_SWAMP | WR_TRAIT_AQUATIC;
    wr_battle_unit *u = NULL;
    assert_int_equal(wr_battle_unit_new_ex(f, &d, NULL, &u), WR_OK);
    wr_figure_free(f); /* the unit keeps its own copy */
    const wr_figure *mine = NULL;
    assert_int_equal(wr_battle_unit_figure(u, &mine), WR_OK);
    assert_int_equal(stat(mine, WR_STAT_MV), 9);
    assert_int_equal(stat(mine, WR_STAT_AC), 6);
    wr_battle_unit_desc got;
    assert_int_equal(wr_battle_unit_get(u, &got), WR_OK);
    assert_int_equal(got.figures, 100000);
    assert_int_equal(got.traits, 0x0F);
    assert_int_equal(got.equipment, 0x07);
    d.type = WR_UNIT_TYPE_CHARIOT;
    d.figures = 0;
    d.in_command = 0;
    d.single_creature = 1;
    assert_int_equal(wr_battle_unit_set(u, &d), WR_OK);
    assert_int_equal(wr_battle_unit_get(u, &got), WR_OK);
    assert_int_equal(got.type, WR_UNIT_TYPE_CHARIOT);
    assert_int_equal(got.figures, 0);
    assert_int_equal(got.in_command, 0);
    assert_int_equal(got.single_creature, 1);
    wr_battle_unit_free(u);
    wr_battle_unit_free(NULL);
}

static void formation_basics(void **state)
{
    (void)state;
    wr_formation *f = NULL;
    assert_int_equal(wr_formation_new_ex(WR_ORDER_CLOSED, 10, 270, NULL, &f), WR_OK);
    wr_formation_info info;
    assert_int_equal(wr_formation_get(f, &info), WR_OK);
    assert_int_equal(info.order, WR_ORDER_CLOSED);
    assert_int_equal(info.frontage, 10);
    assert_int_equal(info.facing, 270);
    assert_int_equal(info.special, WR_SPECIAL_NONE);
    assert_int_equal(info.sides, 0);
    assert_int_equal(info.spent, 0);
    assert_int_equal(info.turned, 0);

    wr_battle_unit *u = make_unit(WR_UNIT_TYPE_FOOT, 25, 12, 0, 0, 0);
    int ranks = -1, front = -1;
    assert_int_equal(wr_formation_ranks(f, u, &ranks, &front), WR_OK);
    assert_int_equal(ranks, 3);
    assert_int_equal(front, 10);
    assert_int_equal(wr_formation_set_frontage(f, 25), WR_OK);
    assert_int_equal(wr_formation_ranks(f, u, &ranks, &front), WR_OK);
    assert_int_equal(ranks, 1);
    assert_int_equal(front, 25);
    assert_int_equal(wr_formation_set_frontage(f, 40), WR_OK);
    assert_int_equal(wr_formation_ranks(f, u, &ranks, &front), WR_OK);
    assert_int_equal(ranks, 1);
    assert_int_equal(front, 25);
    wr_battle_unit_desc d;
    assert_int_equal(wr_battle_unit_get(u, &d), WR_OK);
    d.figures = 0;
    assert_int_equal(wr_battle_unit_set(u, &d), WR_OK);
    assert_int_equal(wr_formation_ranks(f, u, &ranks, &front), WR_OK);
    assert_int_equal(ranks, 0);
    assert_int_equal(front, 0);

    int avail = -1;
    assert_int_equal(wr_formation_available(f, u, &avail), WR_OK);
    assert_int_equal(avail, 12 * WR_MOVE_PER_INCH);

    /* ordinary turns are free and wrap around */
    assert_int_equal(wr_formation_turn(f, u, 180), WR_OK);
    assert_int_equal(wr_formation_turn(f, u, -180), WR_OK);
    assert_int_equal(wr_formation_turn(f, u, 100), WR_OK);
    assert_int_equal(wr_formation_get(f, &info), WR_OK);
    assert_int_equal(info.facing, 10);
    assert_int_equal(info.turned, 460);
    assert_int_equal(wr_formation_turn(f, u, -20), WR_OK);
    assert_int_equal(wr_formation_get(f, &info), WR_OK);
    assert_int_equal(info.facing, 350);
    assert_int_equal(wr_formation_begin_phase(f), WR_OK);
    assert_int_equal(wr_formation_get(f, &info), WR_OK);
    assert_int_equal(info.turned, 0);

    assert_int_equal(wr_formation_set_order(f, WR_ORDER_OPEN), WR_OK);
    assert_int_equal(wr_formation_get(f, &info), WR_OK);
    assert_int_equal(info.order, WR_ORDER_OPEN);
    assert_int_equal(wr_formation_break(f), WR_OK);
    wr_battle_unit_free(u);
    wr_formation_free(f);
    wr_formation_free(NULL);
}

/* ---- [11.6] shield wall ------------------------------------------------ */

static void shield_wall_who_may_declare(void **state)
{
    (void)state;
    wr_battle_unit *u = make_unit(WR_UNIT_TYPE_FOOT, 20, 12, WR_EQUIP_LARGE_SHIELDS, 0, 0);
    wr_formation *f = make_formation(WR_ORDER_CLOSED, 10);
    check_shield_wall(u, f, 0, WR_TURN_COST_DEFAULT, WR_DECLARE_OK);
    check_shield_wall(u, f, 1, WR_TURN_COST_DEFAULT, WR_DECLARE_OK);

    wr_battle_unit_desc d;
    assert_int_equal(wr_battle_unit_get(u, &d), WR_OK);
    d.in_command = 0;
    assert_int_equal(wr_battle_unit_set(u, &d), WR_OK);
    check_shield_wall(u, f, 0, 1, WR_DECLARE_NOT_IN_COMMAND);
    assert_int_equal(wr_shield_wall_declare(u, f, 0, 1), WR_ERR_FORBIDDEN);
    d.in_command = 1;
    d.equipment = WR_EQUIP_SPEARS;
    assert_int_equal(wr_battle_unit_set(u, &d), WR_OK);
    check_shield_wall(u, f, 0, 1, WR_DECLARE_NO_EQUIPMENT);
    d.equipment = WR_EQUIP_LARGE_SHIELDS;
    assert_int_equal(wr_battle_unit_set(u, &d), WR_OK);

    assert_int_equal(wr_formation_set_order(f, WR_ORDER_OPEN), WR_OK);
    check_shield_wall(u, f, 0, 1, WR_DECLARE_NOT_CLOSED);
    assert_int_equal(wr_formation_set_order(f, WR_ORDER_CLOSED), WR_OK);

    /* only before the unit moves */
    wr_tactical_leg leg = {WR_TERRAIN_CLEAR, 12, 0, 0};
    wr_tactical_result r;
    assert_int_equal(wr_tactical_apply(u, f, &leg, 1, 0, &r), WR_OK);
    check_shield_wall(u, f, 0, 1, WR_DECLARE_MOVED);
    assert_int_equal(wr_shield_wall_declare(u, f, 0, 1), WR_ERR_FORBIDDEN);
    assert_int_equal(wr_formation_begin_phase(f), WR_OK);
    check_shield_wall(u, f, 0, 1, WR_DECLARE_OK);

    /* an all-round wall needs movement to turn figures to the rear */
    check_shield_wall(u, f, 1, 12 * WR_MOVE_PER_INCH, WR_DECLARE_OK);
    check_shield_wall(u, f, 1, 12 * WR_MOVE_PER_INCH + 1, WR_DECLARE_NO_TURN);
    check_shield_wall(u, f, 0, 12 * WR_MOVE_PER_INCH + 1, WR_DECLARE_OK);

    assert_int_equal(wr_shield_wall_declare(u, f, 0, 1), WR_OK);
    check_shield_wall(u, f, 0, 1, WR_DECLARE_ALREADY);
    assert_int_equal(wr_shield_wall_declare(u, f, 1, 1), WR_ERR_FORBIDDEN);
    wr_battle_unit_free(u);
    wr_formation_free(f);
}

/* [11.6], [11.7] "in command and in closed formation at the beginning of
   the unit's Movement Phase": a unit that began it in open order may close
   up, but not declare. */
static void declarations_check_phase_start(void **state)
{
    (void)state;
    wr_battle_unit *u = make_unit(WR_UNIT_TYPE_FOOT, 20, 12, WR_EQUIP_LARGE_SHIELDS | WR_EQUIP_SPEARS,
                           0, 0);
    wr_formation *f = make_formation(WR_ORDER_OPEN, 10);
    assert_int_equal(wr_formation_begin_phase(f), WR_OK);
    assert_int_equal(wr_formation_set_order(f, WR_ORDER_CLOSED), WR_OK);
    check_shield_wall(u, f, 0, 1, WR_DECLARE_NOT_CLOSED);
    wr_declare_problem p = (wr_declare_problem)-1;
    assert_int_equal(wr_spears_check(u, f, WR_FACE_FRONT, 1, &p), WR_OK);
    assert_int_equal(p, WR_DECLARE_NOT_CLOSED);
    assert_int_equal(wr_shield_wall_declare(u, f, 0, 1), WR_ERR_FORBIDDEN);
    assert_int_equal(wr_spears_declare(u, f, WR_FACE_FRONT, 1), WR_ERR_FORBIDDEN);
    /* the next phase begins closed */
    assert_int_equal(wr_formation_begin_phase(f), WR_OK);
    check_shield_wall(u, f, 0, 1, WR_DECLARE_OK);
    /* closed at the start, opened since: not closed now */
    assert_int_equal(wr_formation_set_order(f, WR_ORDER_OPEN), WR_OK);
    check_shield_wall(u, f, 0, 1, WR_DECLARE_NOT_CLOSED);
    wr_battle_unit_free(u);
    wr_formation_free(f);
}

static void ac(const wr_formation *f, wr_attack_kind kind, wr_attack_from from, int expected)
{
    int m = 99;
    assert_int_equal(wr_shield_wall_ac_modifier(f, kind, from, &m), WR_OK);
    assert_int_equal(m, expected);
}

static void shield_wall_front_only(void **state)
{
    (void)state;
    wr_battle_unit *u = make_unit(WR_UNIT_TYPE_FOOT, 20, 12, WR_EQUIP_LARGE_SHIELDS, 0, 0);
    wr_formation *f = make_formation(WR_ORDER_CLOSED, 10);
    ac(f, WR_ATTACK_MISSILE, WR_FROM_FRONT, 0); /* no wall yet */
    assert_int_equal(wr_shield_wall_declare(u, f, 0, WR_TURN_COST_DEFAULT), WR_OK);
    wr_formation_info info;
    assert_int_equal(wr_formation_get(f, &info), WR_OK);
    assert_int_equal(info.special, WR_SPECIAL_SHIELD_WALL);
    assert_int_equal(info.sides, WR_FACE_FRONT);
    assert_int_equal(info.spent, 0);

    ac(f, WR_ATTACK_MISSILE, WR_FROM_FRONT, -4);
    ac(f, WR_ATTACK_MELEE, WR_FROM_FRONT, -2);
    ac(f, WR_ATTACK_ARTILLERY, WR_FROM_FRONT, 0);
    ac(f, WR_ATTACK_OTHER, WR_FROM_FRONT, 0);
    for (int from = WR_FROM_LEFT; from <= WR_FROM_ABOVE; from++) {
        ac(f, WR_ATTACK_MISSILE, (wr_attack_from)from, 0);
        ac(f, WR_ATTACK_MELEE, (wr_attack_from)from, 0);
    }

    /* half movement rate */
    int avail = 0;
    assert_int_equal(wr_formation_available(f, u, &avail), WR_OK);
    assert_int_equal(avail, 6 * WR_MOVE_PER_INCH);
    wr_tactical_leg six = {WR_TERRAIN_CLEAR, 6 * WR_LEN_PER_INCH, 0, 0};
    wr_tactical_leg more = {WR_TERRAIN_CLEAR, 6 * WR_LEN_PER_INCH + 1, 0, 0};
    wr_tactical_result r;
    assert_int_equal(wr_tactical_check(u, f, &more, 1, 0, &r), WR_OK);
    assert_int_equal(r.problem, WR_TACTICAL_TOO_FAR);
    assert_int_equal(wr_tactical_check(u, f, &six, 1, 0, &r), WR_OK);
    assert_true(r.legal);
    assert_int_equal(r.left, 0);

    /* facing: at most 90 degrees, for its whole movement */
    assert_int_equal(wr_formation_turn(f, u, 91), WR_ERR_FORBIDDEN);
    assert_int_equal(wr_formation_turn(f, u, -91), WR_ERR_FORBIDDEN);
    assert_int_equal(wr_formation_turn(f, u, -90), WR_OK);
    assert_int_equal(wr_formation_get(f, &info), WR_OK);
    assert_int_equal(info.facing, 270);
    assert_int_equal(wr_formation_available(f, u, &avail), WR_OK);
    assert_int_equal(avail, 0);
    assert_int_equal(wr_tactical_check(u, f, &six, 1, 0, &r), WR_OK);
    assert_int_equal(r.problem, WR_TACTICAL_TOO_FAR);
    assert_int_equal(wr_formation_turn(f, u, 10), WR_ERR_FORBIDDEN); /* one a round */
    assert_int_equal(wr_formation_turn(f, u, 0), WR_OK);

    /* next round: a unit that has moved cannot pay for a turn */
    assert_int_equal(wr_formation_begin_phase(f), WR_OK);
    wr_tactical_leg inch = {WR_TERRAIN_CLEAR, WR_LEN_PER_INCH, 0, 0};
    assert_int_equal(wr_tactical_apply(u, f, &inch, 1, 0, &r), WR_OK);
    assert_int_equal(wr_formation_turn(f, u, 45), WR_ERR_FORBIDDEN);
    assert_int_equal(wr_formation_get(f, &info), WR_OK);
    assert_int_equal(info.facing, 270);
    assert_int_equal(info.special, WR_SPECIAL_SHIELD_WALL); /* the wall stays */

    /* going to open order ends it */
    assert_int_equal(wr_formation_set_order(f, WR_ORDER_OPEN), WR_OK);
    assert_int_equal(wr_formation_get(f, &info), WR_OK);
    assert_int_equal(info.special, WR_SPECIAL_NONE);
    ac(f, WR_ATTACK_MISSILE, WR_FROM_FRONT, 0);
    wr_battle_unit_free(u);
    wr_formation_free(f);
}

static void shield_wall_all_round(void **state)
{
    (void)state;
    wr_battle_unit *u = make_unit(WR_UNIT_TYPE_FOOT, 16, 12, WR_EQUIP_LARGE_SHIELDS, 0, 0);
    wr_formation *f = make_formation(WR_ORDER_CLOSED, 4);
    assert_int_equal(wr_shield_wall_declare(u, f, 1, 48), WR_OK);
    wr_formation_info info;
    assert_int_equal(wr_formation_get(f, &info), WR_OK);
    assert_int_equal(info.sides, WR_FACE_ALL);
    assert_int_equal(info.spent, 48);
    for (int from = WR_FROM_FRONT; from <= WR_FROM_REAR; from++) {
        ac(f, WR_ATTACK_MISSILE, (wr_attack_from)from, -4);
        ac(f, WR_ATTACK_MELEE, (wr_attack_from)from, -2);
        ac(f, WR_ATTACK_ARTILLERY, (wr_attack_from)from, 0);
    }
    ac(f, WR_ATTACK_MISSILE, WR_FROM_ABOVE, 0);
    ac(f, WR_ATTACK_MELEE, WR_FROM_ABOVE, 0);

    /* it cannot move, nor turn */
    int avail = -1;
    assert_int_equal(wr_formation_available(f, u, &avail), WR_OK);
    assert_int_equal(avail, 0);
    wr_tactical_leg leg = {WR_TERRAIN_CLEAR, 1, 0, 0};
    wr_tactical_result r;
    assert_int_equal(wr_tactical_check(u, f, &leg, 1, 0, &r), WR_OK);
    assert_false(r.legal);
    assert_int_equal(r.problem, WR_TACTICAL_IMMOBILE);
    assert_int_equal(wr_tactical_apply(u, f, &leg, 1, 0, &r), WR_ERR_FORBIDDEN);
    assert_int_equal(wr_formation_begin_phase(f), WR_OK);
    assert_int_equal(wr_tactical_check(u, f, &leg, 1, 0, &r), WR_OK);
    assert_int_equal(r.problem, WR_TACTICAL_IMMOBILE);
    assert_int_equal(wr_formation_turn(f, u, 90), WR_ERR_FORBIDDEN);
    /* standing still is a legal "move" */
    assert_int_equal(wr_tactical_check(u, f, NULL, 0, 0, &r), WR_OK);
    assert_true(r.legal);
    assert_int_equal(r.cost, 0);

    /* a unit with no movement cannot turn figures for an all-round wall */
    wr_battle_unit *slow = make_unit(WR_UNIT_TYPE_FOOT, 16, 0, WR_EQUIP_LARGE_SHIELDS, 0, 0);
    wr_formation *g = make_formation(WR_ORDER_CLOSED, 4);
    check_shield_wall(slow, g, 1, WR_TURN_COST_DEFAULT, WR_DECLARE_NO_TURN);
    check_shield_wall(slow, g, 1, 0, WR_DECLARE_OK);
    check_shield_wall(slow, g, 0, WR_TURN_COST_DEFAULT, WR_DECLARE_OK);
    wr_battle_unit_free(slow);
    wr_formation_free(g);
    wr_battle_unit_free(u);
    wr_formation_free(f);
}

/* ---- [11.7] set spears / pikes ----------------------------------------- */

static void check_set_spears(const wr_battle_unit *u, const wr_formation *f, unsigned sides, int cost,
                             wr_declare_problem expected)
{
    wr_declare_problem p = (wr_declare_problem)-1;
    assert_int_equal(wr_spears_check(u, f, sides, cost, &p), WR_OK);
    assert_int_equal(p, expected);
}

static void set_spears_who_may_declare(void **state)
{
    (void)state;
    wr_battle_unit *u = make_unit(WR_UNIT_TYPE_FOOT, 20, 12, WR_EQUIP_SPEARS, 0, 0);
    wr_formation *f = make_formation(WR_ORDER_CLOSED, 10);
    check_set_spears(u, f, WR_FACE_FRONT, 1, WR_DECLARE_OK);
    wr_battle_unit_desc d;
    assert_int_equal(wr_battle_unit_get(u, &d), WR_OK);
    d.in_command = 0;
    assert_int_equal(wr_battle_unit_set(u, &d), WR_OK);
    check_set_spears(u, f, WR_FACE_FRONT, 1, WR_DECLARE_NOT_IN_COMMAND);
    d.in_command = 1;
    d.equipment = WR_EQUIP_LARGE_SHIELDS | WR_EQUIP_CHARGE_WEAPONS;
    assert_int_equal(wr_battle_unit_set(u, &d), WR_OK);
    check_set_spears(u, f, WR_FACE_FRONT, 1, WR_DECLARE_NO_EQUIPMENT);
    assert_int_equal(wr_spears_declare(u, f, WR_FACE_FRONT, 1), WR_ERR_FORBIDDEN);
    d.equipment = WR_EQUIP_SPEARS;
    assert_int_equal(wr_battle_unit_set(u, &d), WR_OK);
    assert_int_equal(wr_formation_set_order(f, WR_ORDER_OPEN), WR_OK);
    check_set_spears(u, f, WR_FACE_FRONT, 1, WR_DECLARE_NOT_CLOSED);
    assert_int_equal(wr_formation_set_order(f, WR_ORDER_CLOSED), WR_OK);
    assert_int_equal(wr_formation_turn(f, u, 45), WR_OK);
    check_set_spears(u, f, WR_FACE_FRONT, 1, WR_DECLARE_MOVED);
    assert_int_equal(wr_formation_begin_phase(f), WR_OK);

    /* 12" = 576 points, entering costs 288, leaving 288 to turn figures */
    check_set_spears(u, f, WR_FACE_ALL, 288, WR_DECLARE_OK);
    check_set_spears(u, f, WR_FACE_ALL, 289, WR_DECLARE_NO_TURN);
    check_set_spears(u, f, WR_FACE_FRONT | WR_FACE_REAR, 289, WR_DECLARE_NO_TURN);
    check_set_spears(u, f, WR_FACE_LEFT, 289, WR_DECLARE_NO_TURN);
    check_set_spears(u, f, WR_FACE_FRONT, 289, WR_DECLARE_OK); /* front only: no turn */

    assert_int_equal(wr_spears_declare(u, f, WR_FACE_ALL, 100), WR_OK);
    wr_formation_info info;
    assert_int_equal(wr_formation_get(f, &info), WR_OK);
    assert_int_equal(info.special, WR_SPECIAL_SET_SPEARS);
    assert_int_equal(info.sides, WR_FACE_ALL);
    assert_int_equal(info.spent, 288 + 100);
    check_set_spears(u, f, WR_FACE_FRONT, 1, WR_DECLARE_ALREADY);
    /* set spears stand: no moving */
    wr_tactical_leg leg = {WR_TERRAIN_CLEAR, 1, 0, 0};
    wr_tactical_result r;
    assert_int_equal(wr_tactical_check(u, f, &leg, 1, 0, &r), WR_OK);
    assert_int_equal(r.problem, WR_TACTICAL_IMMOBILE);
    assert_int_equal(wr_formation_break(f), WR_OK);
    assert_int_equal(wr_formation_get(f, &info), WR_OK);
    assert_int_equal(info.special, WR_SPECIAL_NONE);
    assert_int_equal(info.sides, 0);

    /* front only: half the movement rate, nothing more */
    assert_int_equal(wr_formation_begin_phase(f), WR_OK);
    assert_int_equal(wr_spears_declare(u, f, WR_FACE_FRONT, 100), WR_OK);
    assert_int_equal(wr_formation_get(f, &info), WR_OK);
    assert_int_equal(info.spent, 288);
    int avail = 0;
    assert_int_equal(wr_formation_available(f, u, &avail), WR_OK);
    assert_int_equal(avail, 288);
    wr_battle_unit_free(u);
    wr_formation_free(f);
}

static void set_spears_damage_and_charges(void **state)
{
    (void)state;
    wr_battle_unit *pikes = make_unit(WR_UNIT_TYPE_FOOT, 20, 12, WR_EQUIP_SPEARS, 0, 0);
    wr_formation *f = make_formation(WR_ORDER_CLOSED, 10);
    wr_battle_unit *cav = make_unit(WR_UNIT_TYPE_CAVALRY, 10, 18, WR_EQUIP_CHARGE_WEAPONS, 0, 0);
    wr_battle_unit *chariots = make_unit(WR_UNIT_TYPE_CHARIOT, 4, 16, 0, 0, 0);
    wr_battle_unit *foot = make_unit(WR_UNIT_TYPE_FOOT, 10, 12, WR_EQUIP_CHARGE_WEAPONS, 0, 0);
    int m = 0;

    /* [11.4] -2 to AR for charging cavalry and chariots (break-throughs too) */
    assert_int_equal(wr_charge_ar_modifier(cav, f, WR_FROM_FRONT, &m), WR_OK);
    assert_int_equal(m, -2);
    assert_int_equal(wr_charge_ar_modifier(chariots, f, WR_FROM_REAR, &m), WR_OK);
    assert_int_equal(m, -2);
    assert_int_equal(wr_charge_ar_modifier(foot, f, WR_FROM_FRONT, &m), WR_OK);
    assert_int_equal(m, 0);
    assert_int_equal(wr_spears_multiplier(f, WR_FROM_FRONT, &m), WR_OK);
    assert_int_equal(m, 1);

    assert_int_equal(wr_spears_declare(pikes, f, WR_FACE_FRONT | WR_FACE_LEFT, 1), WR_OK);
    for (int from = WR_FROM_FRONT; from <= WR_FROM_ABOVE; from++) {
        int protected_side = from == WR_FROM_FRONT || from == WR_FROM_LEFT;
        assert_int_equal(wr_spears_multiplier(f, (wr_attack_from)from, &m), WR_OK);
        assert_int_equal(m, protected_side ? 2 : 1);
        assert_int_equal(wr_charge_ar_modifier(cav, f, (wr_attack_from)from, &m), WR_OK);
        assert_int_equal(m, protected_side ? 0 : -2);
        assert_int_equal(wr_charge_ar_modifier(chariots, f, (wr_attack_from)from, &m), WR_OK);
        assert_int_equal(m, protected_side ? 0 : -2);
        assert_int_equal(wr_charge_ar_modifier(foot, f, (wr_attack_from)from, &m), WR_OK);
        assert_int_equal(m, 0);
    }

    /* [11.4] weapons that double damage in a charge */
    assert_int_equal(wr_charge_damage_multiplier(cav, &m), WR_OK);
    assert_int_equal(m, 2);
    assert_int_equal(wr_charge_damage_multiplier(foot, &m), WR_OK);
    assert_int_equal(m, 2);
    assert_int_equal(wr_charge_damage_multiplier(chariots, &m), WR_OK);
    assert_int_equal(m, 1);
    wr_battle_unit_free(pikes);
    wr_battle_unit_free(cav);
    wr_battle_unit_free(chariots);
    wr_battle_unit_free(foot);
    wr_formation_free(f);
}

static int strikers(const wr_battle_unit *u, const wr_formation *f, int in_contact, int losses)
{
    int s = -1;
    assert_int_equal(wr_charger_strikers(u, f, in_contact, losses, &s), WR_OK);
    return s;
}

static void set_spears_charger_strikers(void **state)
{
    (void)state;
    wr_battle_unit *cav = make_unit(WR_UNIT_TYPE_CAVALRY, 25, 18, 0, 0, 0);
    wr_formation *open = make_formation(WR_ORDER_OPEN, 10);
    wr_formation *closed = make_formation(WR_ORDER_CLOSED, 10);
    /* open: losses are removed from the figures in contact */
    assert_int_equal(strikers(cav, open, 10, 0), 10);
    assert_int_equal(strikers(cav, open, 10, 3), 7);
    assert_int_equal(strikers(cav, open, 10, 12), 0);
    assert_int_equal(strikers(cav, open, 6, 2), 4);
    /* closed: the rear ranks fill the front rank first */
    assert_int_equal(strikers(cav, closed, 10, 3), 10);
    assert_int_equal(strikers(cav, closed, 10, 15), 10);
    assert_int_equal(strikers(cav, closed, 10, 20), 5);
    assert_int_equal(strikers(cav, closed, 10, 25), 0);
    assert_int_equal(strikers(cav, closed, 6, 2), 6);
    /* a closed unit of one rank has nobody to fill the gaps */
    wr_battle_unit *line = make_unit(WR_UNIT_TYPE_CAVALRY, 10, 18, 0, 0, 0);
    assert_int_equal(strikers(line, closed, 10, 3), 7);
    wr_battle_unit_free(line);
    wr_battle_unit_free(cav);
    wr_formation_free(open);
    wr_formation_free(closed);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(declarations_check_phase_start),
        cmocka_unit_test(unit_desc_and_figure),
        cmocka_unit_test(formation_basics),
        cmocka_unit_test(shield_wall_who_may_declare),
        cmocka_unit_test(shield_wall_front_only),
        cmocka_unit_test(shield_wall_all_round),
        cmocka_unit_test(set_spears_who_may_declare),
        cmocka_unit_test(set_spears_damage_and_charges),
        cmocka_unit_test(set_spears_charger_strikers),
    };
    return cmocka_run_group_tests_name("battlesystem_formation", tests, NULL, NULL);
}
