/* AD&D Battlesystem, chapter 11: the Movement Phase: a unit driven through
   phases turn by turn, shield walls in the phase [11.6], a special
   formation that ends inside a phase (never more left than the unit that
   never formed, a move split in two costing what it costs whole), and
   random phases against that property. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "warrules/battlesystem.h"

#include "fixtures.h"

/* ---- the Movement Phase ------------------------------------------------ */

static void phase_state(const wr_formation *f, wr_formation_order order, int facing, int spent,
                        wr_formation_special special)
{
    wr_formation_info info;
    assert_int_equal(wr_formation_get(f, &info), WR_OK);
    assert_int_equal(info.order, order);
    assert_int_equal(info.facing, facing);
    assert_int_equal(info.spent, spent);
    assert_int_equal(info.special, special);
}

/* A unit driven through Movement Phases: every action charged to `spent`,
   refused actions change nothing. MV 12: 576 move points a phase. */
static void movement_phases_turn_by_turn(void **state)
{
    (void)state;
    wr_battle_unit *u = make_unit(WR_UNIT_TYPE_FOOT, 20, 12, WR_EQUIP_LARGE_SHIELDS | WR_EQUIP_SPEARS,
                           0, 0);
    wr_formation *f = make_formation(WR_ORDER_CLOSED, 10);
    wr_movement_phase_costs costs = wr_movement_phase_costs_default();
    assert_int_equal(costs.order_num * 2, costs.order_den);
    costs.order_num = 1, costs.order_den = 4; /* 144 */
    costs.turn_num = 1, costs.turn_den = 4;   /* 144 for each 90 degrees */
    costs.figures_turn = 48;
    int cost = -1;
    wr_movement_phase ph;
    assert_int_equal(wr_movement_phase_get(f, &ph), WR_OK);
    assert_int_equal(ph.begun, 0);
    /* no phase begun: the phase's actions are refused */
    assert_int_equal(wr_movement_phase_declare_shield_wall(u, f, &costs, 0), WR_ERR_STATE);
    assert_int_equal(wr_movement_phase_turn(u, f, &costs, 45, &cost), WR_ERR_STATE);
    assert_int_equal(cost, -1);

    /* Phase 1, begun closed and in command: a front-only shield wall */
    assert_int_equal(wr_movement_phase_begin(u, f), WR_OK);
    assert_int_equal(wr_movement_phase_get(f, &ph), WR_OK);
    assert_int_equal(ph.begun, 1);
    assert_int_equal(ph.start_order, WR_ORDER_CLOSED);
    assert_int_equal(ph.start_in_command, 1);
    assert_int_equal(wr_movement_phase_declare_shield_wall(u, f, &costs, 0), WR_OK);
    phase_state(f, WR_ORDER_CLOSED, 0, 0, WR_SPECIAL_SHIELD_WALL);
    /* [11.6] "A change of facing costs a unit in shield wall formation its
       entire movement rate": half of 576 */
    assert_int_equal(wr_movement_phase_turn(u, f, &costs, 90, &cost), WR_OK);
    assert_int_equal(cost, 288);
    phase_state(f, WR_ORDER_CLOSED, 90, 288, WR_SPECIAL_SHIELD_WALL);
    /* nothing is left: no more turning, no order change, nothing spent */
    assert_int_equal(wr_movement_phase_turn(u, f, &costs, 10, &cost), WR_ERR_FORBIDDEN);
    assert_int_equal(wr_movement_phase_set_order(u, f, &costs, WR_ORDER_OPEN, WR_TERRAIN_CLEAR, &cost),
                     WR_ERR_FORBIDDEN);
    assert_int_equal(wr_movement_phase_spend(u, f, 1), WR_ERR_FORBIDDEN);
    phase_state(f, WR_ORDER_CLOSED, 90, 288, WR_SPECIAL_SHIELD_WALL);

    /* Phase 2: the wall is given up, set spears declared, the front turned
       to face a charge from the left */
    assert_int_equal(wr_movement_phase_begin(u, f), WR_OK);
    assert_int_equal(wr_formation_break(f), WR_OK);
    assert_int_equal(wr_movement_phase_declare_spears(u, f, &costs, WR_FACE_FRONT), WR_OK);
    phase_state(f, WR_ORDER_CLOSED, 90, 288, WR_SPECIAL_SET_SPEARS); /* [11.7] half the rate */
    assert_int_equal(wr_movement_phase_declare_shield_wall(u, f, &costs, 0), WR_ERR_FORBIDDEN);
    /* [11.7] "some figures must have enough remaining movement to TURN" */
    assert_int_equal(wr_movement_phase_turn(u, f, &costs, -90, &cost), WR_OK);
    assert_int_equal(cost, 48);
    phase_state(f, WR_ORDER_CLOSED, 0, 336, WR_SPECIAL_SET_SPEARS);
    /* set spears stand: no wheeling */
    assert_int_equal(wr_movement_phase_wheel(u, f, 45, 12, WR_TERRAIN_CLEAR, &cost), WR_ERR_FORBIDDEN);
    /* to open order (ends the set spears): 144 */
    assert_int_equal(wr_movement_phase_set_order(u, f, &costs, WR_ORDER_OPEN, WR_TERRAIN_CLEAR, &cost),
                     WR_OK);
    assert_int_equal(cost, 144);
    phase_state(f, WR_ORDER_OPEN, 0, 480, WR_SPECIAL_NONE);
    /* [11.8] no closed formation in woods, rough, swamp or water */
    const wr_terrain banned[4] = {WR_TERRAIN_WOODS, WR_TERRAIN_ROUGH, WR_TERRAIN_SWAMP,
                                  WR_TERRAIN_WATER};
    for (int i = 0; i < 4; i++)
        assert_int_equal(
            wr_movement_phase_set_order(u, f, &costs, WR_ORDER_CLOSED, banned[i], &cost),
            WR_ERR_FORBIDDEN);
    /* closing up costs 144, only 96 are left */
    assert_int_equal(wr_movement_phase_set_order(u, f, &costs, WR_ORDER_CLOSED, WR_TERRAIN_CLEAR, &cost),
                     WR_ERR_FORBIDDEN);
    phase_state(f, WR_ORDER_OPEN, 0, 480, WR_SPECIAL_NONE);
    /* the order it has costs nothing */
    assert_int_equal(wr_movement_phase_set_order(u, f, &costs, WR_ORDER_OPEN, WR_TERRAIN_WOODS, &cost),
                     WR_OK);
    assert_int_equal(cost, 0);
    /* 1" of movement, then a wheel whose flank travels 1/2" through woods */
    wr_tactical_leg leg = {WR_TERRAIN_CLEAR, 12, 0, 0};
    wr_tactical_result r;
    assert_int_equal(wr_tactical_apply(u, f, &leg, 1, 0, &r), WR_OK);
    phase_state(f, WR_ORDER_OPEN, 0, 528, WR_SPECIAL_NONE);
    assert_int_equal(wr_movement_phase_wheel(u, f, 30, 6, WR_TERRAIN_WOODS, &cost), WR_OK);
    assert_int_equal(cost, 36); /* 6 twelfths at 6 points each */
    phase_state(f, WR_ORDER_OPEN, 30, 564, WR_SPECIAL_NONE);
    /* a turn of up to 90 degrees costs 144: only 12 left */
    assert_int_equal(wr_movement_phase_turn(u, f, &costs, 1, &cost), WR_ERR_FORBIDDEN);
    assert_int_equal(wr_movement_phase_spend(u, f, 13), WR_ERR_FORBIDDEN);
    assert_int_equal(wr_movement_phase_spend(u, f, 12), WR_OK);
    phase_state(f, WR_ORDER_OPEN, 30, 576, WR_SPECIAL_NONE);

    /* Phase 3, begun in open order: it closes up, but may not declare */
    assert_int_equal(wr_movement_phase_begin(u, f), WR_OK);
    assert_int_equal(wr_movement_phase_set_order(u, f, &costs, WR_ORDER_CLOSED, WR_TERRAIN_CLEAR, &cost),
                     WR_OK);
    assert_int_equal(wr_movement_phase_turn(u, f, &costs, 135, &cost), WR_OK);
    assert_int_equal(cost, 288); /* two changes of facing */
    phase_state(f, WR_ORDER_CLOSED, 165, 432, WR_SPECIAL_NONE);
    assert_int_equal(wr_movement_phase_begin(u, f), WR_OK); /* the next phase */
    wr_battle_unit_desc d;
    assert_int_equal(wr_battle_unit_get(u, &d), WR_OK);
    d.in_command = 0;
    assert_int_equal(wr_battle_unit_set(u, &d), WR_OK);
    /* in command at the beginning of the phase is what counts */
    check_shield_wall(u, f, 0, 1, WR_DECLARE_OK);
    assert_int_equal(wr_movement_phase_begin(u, f), WR_OK);
    check_shield_wall(u, f, 0, 1, WR_DECLARE_NOT_IN_COMMAND);
    assert_int_equal(wr_movement_phase_declare_spears(u, f, &costs, WR_FACE_FRONT), WR_ERR_FORBIDDEN);
    phase_state(f, WR_ORDER_CLOSED, 165, 0, WR_SPECIAL_NONE);
    wr_battle_unit_free(u);
    wr_formation_free(f);
}

/* [11.6] shield walls in the Movement Phase: an all-round wall "cannot move";
   a front-only wall wheels as it turns, at most 90 degrees for its entire
   movement, and only before it moves. */
static void movement_phase_shield_walls(void **state)
{
    (void)state;
    wr_battle_unit *u = make_unit(WR_UNIT_TYPE_FOOT, 20, 12, WR_EQUIP_LARGE_SHIELDS, 0, 0);
    wr_formation *f = make_formation(WR_ORDER_CLOSED, 5);
    wr_movement_phase_costs costs = wr_movement_phase_costs_default();
    int cost = -1;
    assert_int_equal(wr_movement_phase_begin(u, f), WR_OK);
    assert_int_equal(wr_movement_phase_declare_shield_wall(u, f, &costs, 1), WR_OK);
    phase_state(f, WR_ORDER_CLOSED, 0, WR_TURN_COST_DEFAULT, WR_SPECIAL_SHIELD_WALL);
    assert_int_equal(wr_movement_phase_turn(u, f, &costs, 10, &cost), WR_ERR_FORBIDDEN);
    assert_int_equal(wr_movement_phase_wheel(u, f, 10, 12, WR_TERRAIN_CLEAR, &cost), WR_ERR_FORBIDDEN);
    assert_int_equal(wr_movement_phase_begin(u, f), WR_OK);
    assert_int_equal(wr_movement_phase_turn(u, f, &costs, 10, &cost), WR_ERR_FORBIDDEN);
    assert_int_equal(wr_movement_phase_turn(u, f, &costs, 0, &cost), WR_OK); /* no turn, no cost */
    assert_int_equal(cost, 0);
    assert_int_equal(wr_formation_break(f), WR_OK);

    /* front only: the wheel is its change of facing */
    assert_int_equal(wr_movement_phase_begin(u, f), WR_OK);
    assert_int_equal(wr_movement_phase_declare_shield_wall(u, f, &costs, 0), WR_OK);
    assert_int_equal(wr_movement_phase_wheel(u, f, 91, 12, WR_TERRAIN_CLEAR, &cost), WR_ERR_FORBIDDEN);
    assert_int_equal(wr_movement_phase_wheel(u, f, -60, 12, WR_TERRAIN_WOODS, &cost), WR_ERR_FORBIDDEN);
    assert_int_equal(wr_movement_phase_wheel(u, f, -60, 12, WR_TERRAIN_CLEAR, &cost), WR_OK);
    assert_int_equal(cost, 288);
    phase_state(f, WR_ORDER_CLOSED, 300, 288, WR_SPECIAL_SHIELD_WALL);
    assert_int_equal(wr_movement_phase_wheel(u, f, 10, 0, WR_TERRAIN_CLEAR, &cost), WR_ERR_FORBIDDEN);
    /* a wall that has moved cannot change facing in that round */
    assert_int_equal(wr_movement_phase_begin(u, f), WR_OK);
    wr_tactical_leg leg = {WR_TERRAIN_CLEAR, 1, 0, 0};
    wr_tactical_result r;
    assert_int_equal(wr_tactical_apply(u, f, &leg, 1, 0, &r), WR_OK);
    assert_int_equal(wr_movement_phase_turn(u, f, &costs, 45, &cost), WR_ERR_FORBIDDEN);
    phase_state(f, WR_ORDER_CLOSED, 300, 4, WR_SPECIAL_SHIELD_WALL);
    wr_battle_unit_free(u);
    wr_formation_free(f);
}

/* ---- a special formation that ends inside a Movement Phase ----------------
   [11.6] a front-only shield wall moves at half the normal rate: what it
   spends while it holds is that share of its phase, and counts so (doubled)
   when the wall ends; whatever a unit does, it never has more left than the
   same unit that never formed, and a move split in two costs what it costs
   whole. */

static wr_formation_info info_of(const wr_formation *f)
{
    wr_formation_info info;
    assert_int_equal(wr_formation_get(f, &info), WR_OK);
    return info;
}

static int available_of(const wr_formation *f, const wr_battle_unit *u)
{
    int a = -1;
    assert_int_equal(wr_formation_available(f, u, &a), WR_OK);
    return a;
}

/* A formation standing at the beginning of its Movement Phase. */
static wr_formation *phase_formation(const wr_battle_unit *u, wr_formation_order order)
{
    wr_formation *f = make_formation(order, 10);
    assert_int_equal(wr_movement_phase_begin(u, f), WR_OK);
    return f;
}

static wr_formation *front_wall(const wr_battle_unit *u)
{
    wr_formation *f = phase_formation(u, WR_ORDER_CLOSED);
    wr_movement_phase_costs costs = wr_movement_phase_costs_default();
    assert_int_equal(wr_movement_phase_declare_shield_wall(u, f, &costs, 0), WR_OK);
    return f;
}

static wr_tactical_result applied(const wr_battle_unit *u, wr_formation *f, const wr_tactical_leg *legs,
                                  size_t n)
{
    wr_tactical_result r;
    assert_int_equal(wr_tactical_apply(u, f, legs, n, 0, &r), WR_OK);
    assert_int_equal(r.left, available_of(f, u)); /* the result is in the measure it ends in */
    return r;
}

/* A game of MV 12, a front-only shield wall crosses an obstacle as a
   move of its own, then marches; in open order, and as one move. */
static void wall_ends_on_an_obstacle(void **state)
{
    (void)state;
    wr_battle_unit *u = make_unit(WR_UNIT_TYPE_FOOT, 20, 12, WR_EQUIP_LARGE_SHIELDS, 0, 0);
    const wr_tactical_leg obstacle = {WR_TERRAIN_CLEAR, 0, 1, 0};
    const wr_tactical_leg eight = {WR_TERRAIN_CLEAR, 8 * INCH, 0, 0};
    const wr_tactical_leg beyond = {WR_TERRAIN_CLEAR, 8 * INCH + 1, 0, 0};

    wr_formation *wall = front_wall(u);
    assert_int_equal(available_of(wall, u), 6 * MP);
    wr_tactical_result r = applied(u, wall, &obstacle, 1);
    /* 2" of its 6" is a third of its phase: 4" of the normal 12" */
    assert_int_equal(r.available, 12 * MP);
    assert_int_equal(r.cost, 4 * MP);
    assert_true(r.breaks_formation);
    wr_formation_info info = info_of(wall);
    assert_int_equal(info.special, WR_SPECIAL_NONE);
    assert_int_equal(info.order, WR_ORDER_OPEN);
    assert_int_equal(info.spent, 4 * MP);
    assert_int_equal(available_of(wall, u), 8 * MP); /* 1.1 left 10" */

    wr_formation *open = phase_formation(u, WR_ORDER_OPEN);
    r = applied(u, open, &obstacle, 1);
    assert_int_equal(r.cost, 4 * MP);
    assert_int_equal(available_of(open, u), 8 * MP);
    /* both stop at 8" after the obstacle */
    assert_true(move(u, wall, &eight, 1, 0).legal);
    assert_true(move(u, open, &eight, 1, 0).legal);
    assert_int_equal(move(u, wall, &beyond, 1, 0).problem, WR_TACTICAL_TOO_FAR);
    assert_int_equal(move(u, open, &beyond, 1, 0).problem, WR_TACTICAL_TOO_FAR);

    /* as one move: the same */
    wr_formation *whole = front_wall(u);
    wr_tactical_leg legs[2] = {obstacle, eight};
    r = move(u, whole, legs, 2, 0);
    assert_true(r.legal);
    assert_int_equal(r.available, 12 * MP);
    assert_int_equal(r.left, 0);
    legs[1] = beyond;
    assert_int_equal(move(u, whole, legs, 2, 0).problem, WR_TACTICAL_TOO_FAR);
    /* the obstacle in the leg of the march: the same */
    wr_tactical_leg fence = {WR_TERRAIN_CLEAR, 8 * INCH, 1, 0};
    assert_int_equal(move(u, whole, &fence, 1, 0).left, 0);
    fence.length++;
    assert_int_equal(move(u, whole, &fence, 1, 0).problem, WR_TACTICAL_TOO_FAR);

    /* 2" in the wall (a third of its phase), the obstacle (a third), and
       4" at the normal rate, whole or in two moves; in open order 2" more */
    wr_tactical_leg march[2] = {{WR_TERRAIN_CLEAR, 2 * INCH, 0, 0},
                                {WR_TERRAIN_CLEAR, 4 * INCH, 1, 0}};
    r = applied(u, whole, march, 2);
    assert_int_equal(r.available, 12 * MP);
    assert_int_equal(r.cost, 12 * MP);
    wr_formation *split = front_wall(u);
    r = applied(u, split, &march[0], 1);
    assert_int_equal(r.available, 6 * MP);
    assert_int_equal(r.left, 4 * MP); /* at the wall's rate */
    r = applied(u, split, &march[1], 1);
    assert_int_equal(r.available, 8 * MP); /* its 4 wall points... */
    assert_int_equal(r.cost, 8 * MP);      /* ...are 8 of the normal rate */
    assert_int_equal(info_of(split).spent, info_of(whole).spent);
    wr_formation *twin = phase_formation(u, WR_ORDER_OPEN);
    r = applied(u, twin, march, 2);
    assert_int_equal(r.left, 2 * MP);

    wr_formation_free(twin);
    wr_formation_free(split);
    wr_formation_free(whole);
    wr_formation_free(open);
    wr_formation_free(wall);
    wr_battle_unit_free(u);
}

/* A wall that climbs, turns or wheels and is then given up, by each way of
   ending it, against the unit that stood in closed order without a wall. */
static void wall_ends_after_a_rise_or_a_turn(void **state)
{
    (void)state;
    wr_battle_unit *u = make_unit(WR_UNIT_TYPE_FOOT, 20, 12, WR_EQUIP_LARGE_SHIELDS, 0, 0);
    wr_movement_phase_costs costs = wr_movement_phase_costs_default();
    const wr_tactical_leg rise = {WR_TERRAIN_CLEAR, 0, 0, 1};
    int cost = -1;

    /* a rise: a third of either rate; the wall stays */
    wr_formation *plain = phase_formation(u, WR_ORDER_CLOSED);
    applied(u, plain, &rise, 1);
    assert_int_equal(available_of(plain, u), 8 * MP);
    wr_formation *broken = front_wall(u);
    applied(u, broken, &rise, 1);
    assert_int_equal(info_of(broken).special, WR_SPECIAL_SHIELD_WALL);
    assert_int_equal(available_of(broken, u), 4 * MP);
    assert_int_equal(wr_formation_break(broken), WR_OK);
    assert_int_equal(info_of(broken).spent, 4 * MP);
    assert_int_equal(available_of(broken, u), available_of(plain, u));
    /* given up by going to open order: without a unit, or charged */
    wr_formation *opened = front_wall(u);
    applied(u, opened, &rise, 1);
    assert_int_equal(wr_formation_set_order(opened, WR_ORDER_OPEN), WR_OK);
    assert_int_equal(available_of(opened, u), 8 * MP);
    wr_formation *charged = front_wall(u);
    applied(u, charged, &rise, 1);
    assert_int_equal(
        wr_movement_phase_set_order(u, charged, &costs, WR_ORDER_OPEN, WR_TERRAIN_CLEAR, &cost), WR_OK);
    assert_int_equal(cost, 6 * MP);
    assert_int_equal(
        wr_movement_phase_set_order(u, plain, &costs, WR_ORDER_OPEN, WR_TERRAIN_CLEAR, &cost), WR_OK);
    assert_int_equal(available_of(charged, u), 2 * MP);
    assert_int_equal(available_of(plain, u), 2 * MP);
    /* break first, then open: the same */
    assert_int_equal(
        wr_movement_phase_set_order(u, broken, &costs, WR_ORDER_OPEN, WR_TERRAIN_CLEAR, &cost), WR_OK);
    assert_int_equal(info_of(broken).spent, info_of(charged).spent);

    /* a wall that spent half its phase (3") may still open up for half the
       normal rate (1.1 refused it); a twelfth more and it may not */
    wr_formation *half = front_wall(u);
    wr_tactical_leg three = {WR_TERRAIN_CLEAR, 3 * INCH, 0, 0};
    applied(u, half, &three, 1);
    assert_int_equal(wr_movement_phase_set_order(u, half, &costs, WR_ORDER_OPEN, WR_TERRAIN_CLEAR, &cost),
                     WR_OK);
    assert_int_equal(info_of(half).spent, 12 * MP);
    wr_formation *more = front_wall(u);
    assert_int_equal(wr_movement_phase_spend(u, more, 3 * MP + 1), WR_OK);
    assert_int_equal(wr_movement_phase_set_order(u, more, &costs, WR_ORDER_OPEN, WR_TERRAIN_CLEAR, &cost),
                     WR_ERR_FORBIDDEN);
    assert_int_equal(info_of(more).special, WR_SPECIAL_SHIELD_WALL); /* nothing changed */
    assert_int_equal(info_of(more).spent, 3 * MP + 1);
    /* a wall that spent nothing opens up as the closed unit does */
    wr_formation *fresh = front_wall(u);
    assert_int_equal(wr_movement_phase_set_order(u, fresh, &costs, WR_ORDER_OPEN, WR_TERRAIN_CLEAR, &cost),
                     WR_OK);
    assert_int_equal(available_of(fresh, u), 6 * MP);

    /* a turn costs the wall its entire movement: nothing left when it ends;
       the unit without a wall turns for half the normal rate */
    wr_formation *turned = front_wall(u);
    assert_int_equal(wr_movement_phase_turn(u, turned, &costs, 90, &cost), WR_OK);
    assert_int_equal(wr_formation_break(turned), WR_OK);
    assert_int_equal(available_of(turned, u), 0);
    wr_formation *plain_turn = phase_formation(u, WR_ORDER_CLOSED);
    assert_int_equal(wr_movement_phase_turn(u, plain_turn, &costs, 90, &cost), WR_OK);
    assert_int_equal(available_of(plain_turn, u), 6 * MP);
    /* a wheel likewise, and its flank goes no farther than the wall's 6" */
    wr_formation *wheeled = front_wall(u);
    assert_int_equal(wr_movement_phase_wheel(u, wheeled, 45, 6 * INCH + 1, WR_TERRAIN_CLEAR, &cost),
                     WR_ERR_FORBIDDEN);
    assert_int_equal(wr_movement_phase_wheel(u, wheeled, 45, 6 * INCH, WR_TERRAIN_CLEAR, &cost), WR_OK);
    assert_int_equal(cost, 6 * MP);
    assert_int_equal(wr_formation_set_order(wheeled, WR_ORDER_OPEN), WR_OK);
    assert_int_equal(available_of(wheeled, u), 0);
    wr_formation *plain_wheel = phase_formation(u, WR_ORDER_CLOSED);
    assert_int_equal(wr_movement_phase_wheel(u, plain_wheel, 45, 6 * INCH, WR_TERRAIN_CLEAR, &cost), WR_OK);
    assert_int_equal(available_of(plain_wheel, u), 6 * MP);

    /* given up at once, a wall has what the unit that never formed has */
    wr_formation *idle = front_wall(u);
    assert_int_equal(wr_formation_break(idle), WR_OK);
    assert_int_equal(available_of(idle, u), 12 * MP);

    wr_formation *all[] = {plain, broken, opened, charged, half, more, fresh,
                           turned, plain_turn, wheeled, plain_wheel, idle};
    for (size_t i = 0; i < sizeof all / sizeof all[0]; i++)
        wr_formation_free(all[i]);
    wr_battle_unit_free(u);
}

/* Set spears given up in the phase, and an all-round wall: what they spent
   stays spent; an all-round wall "cannot move", so it crosses nothing. */
static void set_spears_and_all_round_walls_given_up(void **state)
{
    (void)state;
    wr_battle_unit *u = make_unit(WR_UNIT_TYPE_FOOT, 20, 12, WR_EQUIP_LARGE_SHIELDS | WR_EQUIP_SPEARS,
                           0, 0);
    wr_movement_phase_costs costs = wr_movement_phase_costs_default();
    costs.figures_turn = MP;
    int cost = -1;
    wr_formation *never = phase_formation(u, WR_ORDER_CLOSED);
    assert_int_equal(available_of(never, u), 12 * MP);

    /* set spears (6") with its figures turned (1"), given up: 5" left */
    wr_formation *spears = phase_formation(u, WR_ORDER_CLOSED);
    assert_int_equal(wr_movement_phase_declare_spears(u, spears, &costs, WR_FACE_FRONT), WR_OK);
    assert_int_equal(wr_movement_phase_turn(u, spears, &costs, 90, &cost), WR_OK);
    assert_int_equal(wr_formation_break(spears), WR_OK);
    assert_int_equal(info_of(spears).spent, 7 * MP);
    assert_int_equal(available_of(spears, u), 5 * MP);
    wr_tactical_leg five = {WR_TERRAIN_CLEAR, 5 * INCH, 0, 0};
    applied(u, spears, &five, 1);
    assert_int_equal(available_of(spears, u), 0);
    /* going to open order instead: 6" + 6", nothing left */
    wr_formation *spears_open = phase_formation(u, WR_ORDER_CLOSED);
    assert_int_equal(wr_movement_phase_declare_spears(u, spears_open, &costs, WR_FACE_FRONT), WR_OK);
    assert_int_equal(wr_movement_phase_set_order(u, spears_open, &costs, WR_ORDER_OPEN,
                                           WR_TERRAIN_CLEAR, &cost), WR_OK);
    assert_int_equal(available_of(spears_open, u), 0);

    /* an all-round wall: no obstacle, no climb (1.1 let it cross one for
       nothing); given up, what its figures spent turning stays spent */
    wr_formation *ring = phase_formation(u, WR_ORDER_CLOSED);
    assert_int_equal(wr_movement_phase_declare_shield_wall(u, ring, &costs, 1), WR_OK);
    wr_tactical_leg obstacle = {WR_TERRAIN_CLEAR, 0, 1, 0};
    wr_tactical_leg rise = {WR_TERRAIN_CLEAR, 0, 0, 1};
    assert_int_equal(move(u, ring, &obstacle, 1, 0).problem, WR_TACTICAL_IMMOBILE);
    assert_int_equal(move(u, ring, &rise, 1, 0).problem, WR_TACTICAL_IMMOBILE);
    wr_tactical_result r;
    assert_int_equal(wr_tactical_apply(u, ring, &obstacle, 1, 0, &r), WR_ERR_FORBIDDEN);
    assert_int_equal(info_of(ring).special, WR_SPECIAL_SHIELD_WALL);
    assert_true(move(u, ring, NULL, 0, 0).legal); /* standing still */
    /* going to open order is charged at the normal rate it ends with (1.1
       refused it, the wall having no movement) */
    assert_int_equal(wr_movement_phase_set_order(u, ring, &costs, WR_ORDER_OPEN, WR_TERRAIN_CLEAR, &cost),
                     WR_OK);
    assert_int_equal(cost, 6 * MP);
    assert_int_equal(available_of(ring, u), 5 * MP);
    wr_formation *ring_broken = phase_formation(u, WR_ORDER_CLOSED);
    assert_int_equal(wr_movement_phase_declare_shield_wall(u, ring_broken, &costs, 1), WR_OK);
    assert_int_equal(wr_formation_break(ring_broken), WR_OK);
    assert_int_equal(available_of(ring_broken, u), 11 * MP);

    /* shield wall and set spears are not held together (WR_DECLARE_ALREADY) */
    wr_formation *both = front_wall(u);
    assert_int_equal(wr_movement_phase_declare_spears(u, both, &costs, WR_FACE_FRONT), WR_ERR_FORBIDDEN);
    wr_declare_problem p = WR_DECLARE_OK;
    assert_int_equal(wr_spears_check(u, both, WR_FACE_FRONT, 1, &p), WR_OK);
    assert_int_equal(p, WR_DECLARE_ALREADY);

    wr_formation *all[] = {never, spears, spears_open, ring, ring_broken, both};
    for (size_t i = 0; i < sizeof all / sizeof all[0]; i++)
        wr_formation_free(all[i]);
    wr_battle_unit_free(u);
}

/* Chariots: a third of 32 * MV, or of an odd rate, is rounded up, and the
   wall's points are counted up to the normal rate's share; the wall never
   has more left than the chariot that never formed. */
static void wall_ends_with_odd_rates(void **state)
{
    (void)state;
    wr_figure *pass[1] = {figure4(0, 2, 0, 6)};
    wr_figure *pull[1] = {figure4(0, 1, 0, 10)};
    wr_figure *chariot = rated_chariot(pass, 1, pull, 1); /* 320 */
    wr_figure *team[1] = {chariot};
    wr_figure *drawn = rated_chariot(pass, 1, team, 1); /* 2/3 of 320: 213 */
    const wr_figure *figures[2] = {chariot, drawn};
    const int normal[2] = {320, 213};
    const int wall_third[2] = {54, 36};   /* thirds of 160 and 106, rounded up */
    const int counted[2] = {108, 73};     /* 54 * 320 / 160; 36 * 213 / 106 = 72.3 */
    const int open_third[2] = {107, 71};  /* thirds of 320 and 213, rounded up */
    for (int i = 0; i < 2; i++) {
        wr_battle_unit_desc d = wr_battle_unit_desc_default();
        d.type = WR_UNIT_TYPE_CHARIOT;
        d.figures = 4;
        d.equipment = WR_EQUIP_LARGE_SHIELDS;
        wr_battle_unit *u = NULL;
        assert_int_equal(wr_battle_unit_new(figures[i], &d, &u), WR_OK);
        int points = 0;
        assert_int_equal(wr_figure_move_points(figures[i], &points), WR_OK);
        assert_int_equal(points, normal[i]);
        wr_tactical_leg obstacle = {WR_TERRAIN_CLEAR, 0, 1, 0};
        wr_tactical_leg rise = {WR_TERRAIN_CLEAR, 0, 0, 1};
        wr_formation *wall = front_wall(u);
        wr_tactical_result r = applied(u, wall, &obstacle, 1);
        assert_int_equal(r.cost, counted[i]);
        wr_formation *open = phase_formation(u, WR_ORDER_OPEN);
        r = applied(u, open, &obstacle, 1);
        assert_int_equal(r.cost, open_third[i]);
        assert_true(available_of(wall, u) <= available_of(open, u));
        /* a climb, then the wall given up without a unit at hand */
        wr_formation *climbed = front_wall(u);
        r = applied(u, climbed, &rise, 1);
        assert_int_equal(r.cost, wall_third[i]);
        assert_int_equal(wr_formation_break(climbed), WR_OK);
        assert_int_equal(info_of(climbed).spent, counted[i]);
        wr_formation_free(climbed);
        wr_formation_free(open);
        wr_formation_free(wall);
        wr_battle_unit_free(u);
    }
    wr_figure_free(drawn);
    wr_figure_free(chariot);
    wr_figure_free(pass[0]);
    wr_figure_free(pull[0]);
}

/* ---- property: random Movement Phases from a shield wall or set spears --- */

/* A fixed-seed generator (a 32-bit LCG); integers only. */
static uint32_t lcg_next(uint32_t *seed)
{
    *seed = *seed * 1664525u + 1013904223u;
    return *seed >> 8;
}

static int lcg_pick(uint32_t *seed, int lo, int hi)
{
    return lo + (int)(lcg_next(seed) % (uint32_t)(hi - lo + 1));
}

enum { ACT_MOVE, ACT_TURN, ACT_WHEEL, ACT_ORDER, ACT_BREAK, ACT_SPEND };
#define MAX_ACT_LEGS 3
#define MAX_ACTIONS 12

typedef struct phase_action {
    int kind;
    wr_tactical_leg legs[MAX_ACT_LEGS];
    size_t n_legs;
    int degrees, arc, points;
    wr_terrain terrain;
    wr_formation_order order;
} phase_action;

/* How the random phase starts: 0 front wall, 1 all-round wall, 2 set spears. */
typedef struct phase_start {
    int kind;
    unsigned sides;
    wr_movement_phase_costs costs;
} phase_start;

static wr_terrain random_terrain(uint32_t *seed)
{
    static const wr_terrain terrains[6] = {WR_TERRAIN_CLEAR, WR_TERRAIN_CLEAR, WR_TERRAIN_ROAD,
                                           WR_TERRAIN_WOODS, WR_TERRAIN_ROUGH, WR_TERRAIN_SWAMP};
    return terrains[lcg_pick(seed, 0, 5)];
}

static wr_tactical_leg random_leg(uint32_t *seed)
{
    wr_tactical_leg leg;
    leg.terrain = random_terrain(seed);
    leg.length = lcg_pick(seed, 0, 4) == 0 ? 0 : lcg_pick(seed, 1, 3 * INCH);
    leg.obstacles = lcg_pick(seed, 0, 2) == 0 ? lcg_pick(seed, 1, 2) : 0;
    leg.rises = lcg_pick(seed, 0, 3) == 0 ? 1 : 0;
    return leg;
}

static phase_action random_action(uint32_t *seed)
{
    phase_action a;
    memset(&a, 0, sizeof a);
    int roll = lcg_pick(seed, 0, 19);
    a.kind = roll < 11 ? ACT_MOVE : roll < 13 ? ACT_TURN : roll < 15 ? ACT_WHEEL
             : roll < 17 ? ACT_ORDER : roll < 19 ? ACT_BREAK : ACT_SPEND;
    a.n_legs = (size_t)lcg_pick(seed, 1, MAX_ACT_LEGS - lcg_pick(seed, 0, 1));
    for (size_t i = 0; i < a.n_legs; i++)
        a.legs[i] = random_leg(seed);
    a.degrees = lcg_pick(seed, -180, 180);
    if (lcg_pick(seed, 0, 1))
        a.degrees /= 2;
    a.arc = lcg_pick(seed, 0, 4 * INCH);
    a.points = lcg_pick(seed, 0, 2 * MP);
    a.terrain = random_terrain(seed);
    a.order = lcg_pick(seed, 0, 1) ? WR_ORDER_OPEN : WR_ORDER_CLOSED;
    return a;
}

static wr_status do_action(const wr_battle_unit *u, wr_formation *f, const phase_start *s,
                           const phase_action *a)
{
    wr_tactical_result r;
    switch (a->kind) {
    case ACT_MOVE:
        return wr_tactical_apply(u, f, a->legs, a->n_legs, 0, &r);
    case ACT_TURN:
        return wr_movement_phase_turn(u, f, &s->costs, a->degrees, NULL);
    case ACT_WHEEL:
        return wr_movement_phase_wheel(u, f, a->degrees, a->arc, a->terrain, NULL);
    case ACT_ORDER:
        return wr_movement_phase_set_order(u, f, &s->costs, a->order, a->terrain, NULL);
    case ACT_BREAK:
        return wr_formation_break(f);
    default:
        return wr_movement_phase_spend(u, f, a->points);
    }
}

/* The formation after the start and the actions taken so far. */
static wr_formation *replay(const wr_battle_unit *u, const phase_start *s, const phase_action *log,
                            size_t n)
{
    wr_formation *f = phase_formation(u, WR_ORDER_CLOSED);
    if (s->kind == 2)
        assert_int_equal(wr_movement_phase_declare_spears(u, f, &s->costs, s->sides), WR_OK);
    else
        assert_int_equal(wr_movement_phase_declare_shield_wall(u, f, &s->costs, s->kind), WR_OK);
    for (size_t i = 0; i < n; i++)
        assert_int_equal(do_action(u, f, s, &log[i]), WR_OK);
    return f;
}

static void same_formation(const wr_formation *a, const wr_formation *b, const wr_battle_unit *u)
{
    wr_formation_info x = info_of(a), y = info_of(b);
    assert_int_equal(x.spent, y.spent);
    assert_int_equal(x.order, y.order);
    assert_int_equal(x.special, y.special);
    assert_int_equal(x.sides, y.sides);
    assert_int_equal(available_of(a, u), available_of(b, u));
}

/* Splits a move in two where it may be split: between legs, or inside a leg
   (its obstacles, then its rises, then its length, in that order). */
static void split_move(uint32_t *seed, const phase_action *a, phase_action *first,
                       phase_action *second)
{
    *first = *a;
    *second = *a;
    size_t i = (size_t)lcg_pick(seed, 0, (int)a->n_legs - 1);
    wr_tactical_leg leg = a->legs[i], head = leg, tail = leg;
    int o1 = lcg_pick(seed, 0, leg.obstacles);
    int r1 = lcg_pick(seed, 0, leg.rises);
    int l1 = lcg_pick(seed, 0, leg.length);
    if (o1 < leg.obstacles) {
        head.length = 0, head.obstacles = o1, head.rises = 0;
        tail.obstacles = leg.obstacles - o1;
    } else if (r1 < leg.rises) {
        head.length = 0, head.rises = r1;
        tail.obstacles = 0, tail.rises = leg.rises - r1;
    } else {
        head.length = l1;
        tail.length = leg.length - l1, tail.obstacles = 0, tail.rises = 0;
    }
    first->n_legs = i + 1;
    first->legs[i] = head;
    second->n_legs = a->n_legs - i;
    second->legs[0] = tail;
    for (size_t k = i + 1; k < a->n_legs; k++)
        second->legs[k - i] = a->legs[k];
}

/* A move is legal whole exactly when its two parts are, one after the other,
   and leaves the formation as they do. */
static void check_split(uint32_t *seed, const wr_battle_unit *u, const phase_start *s,
                        const phase_action *log, size_t n, const phase_action *a)
{
    phase_action first, second;
    split_move(seed, a, &first, &second);
    wr_formation *whole = replay(u, s, log, n);
    wr_formation *parts = replay(u, s, log, n);
    int whole_ok = do_action(u, whole, s, a) == WR_OK;
    int parts_ok = do_action(u, parts, s, &first) == WR_OK;
    if (parts_ok)
        parts_ok = do_action(u, parts, s, &second) == WR_OK;
    assert_int_equal(whole_ok, parts_ok);
    if (whole_ok)
        same_formation(whole, parts, u);
    wr_formation_free(parts);
    wr_formation_free(whole);
}

static void random_phases_never_beat_open_order(void **state)
{
    (void)state;
    uint32_t seed = 20240531u;
    wr_figure *pass[1] = {figure4(0, 2, 0, 6)};
    wr_figure *pull[1] = {figure4(0, 1, 0, 10)};
    wr_figure *chariot = rated_chariot(pass, 1, pull, 1);
    int legal_moves = 0, walls_ended = 0, crossings = 0;
    for (int trial = 0; trial < 3000; trial++) {
        wr_battle_unit *u = NULL;
        if (trial % 8 == 7) {
            wr_battle_unit_desc d = wr_battle_unit_desc_default();
            d.type = WR_UNIT_TYPE_CHARIOT;
            d.equipment = WR_EQUIP_LARGE_SHIELDS | WR_EQUIP_SPEARS;
            assert_int_equal(wr_battle_unit_new(chariot, &d, &u), WR_OK);
        } else {
            u = make_unit(WR_UNIT_TYPE_FOOT, 20, lcg_pick(&seed, 1, 24),
                          WR_EQUIP_LARGE_SHIELDS | WR_EQUIP_SPEARS, 0, 0);
        }
        phase_start s;
        s.kind = lcg_pick(&seed, 0, 4) == 0 ? 1 : lcg_pick(&seed, 0, 1) ? 0 : 2;
        s.sides = lcg_pick(&seed, 0, 1) ? WR_FACE_FRONT : (unsigned)lcg_pick(&seed, 1, 15);
        s.costs = wr_movement_phase_costs_default();
        s.costs.figures_turn = lcg_pick(&seed, 0, 24);
        phase_action log[MAX_ACTIONS];
        size_t n = 0;
        wr_formation *formed = replay(u, &s, log, 0);
        wr_formation *twin = phase_formation(u, WR_ORDER_OPEN);
        int steps = lcg_pick(&seed, 1, MAX_ACTIONS);
        for (int step = 0; step < steps; step++) {
            phase_action a = random_action(&seed);
            if (a.kind == ACT_MOVE)
                check_split(&seed, u, &s, log, n, &a);
            wr_formation_info before = info_of(formed);
            int was_wall = before.special == WR_SPECIAL_SHIELD_WALL;
            if (do_action(u, formed, &s, &a) != WR_OK) {
                /* a refused action changes nothing */
                wr_formation_info after = info_of(formed);
                assert_int_equal(after.spent, before.spent);
                assert_int_equal(after.special, before.special);
                assert_int_equal(after.order, before.order);
                continue;
            }
            log[n++] = a;
            legal_moves += a.kind == ACT_MOVE;
            int ended = was_wall && info_of(formed).special == WR_SPECIAL_NONE;
            walls_ended += ended;
            crossings += ended && a.kind == ACT_MOVE;
            /* the twin in open order goes the same way: legs and wheels */
            if (a.kind == ACT_MOVE || a.kind == ACT_WHEEL)
                assert_int_equal(do_action(u, twin, &s, &a), WR_OK);
            int twin_left = available_of(twin, u);
            assert_true(available_of(formed, u) <= twin_left);
            /* nor after giving up the formation now, which costs nothing */
            wr_formation *given_up = replay(u, &s, log, n);
            assert_int_equal(wr_formation_break(given_up), WR_OK);
            if (available_of(given_up, u) > twin_left)
                fail_msg("trial %d step %d: %d left after giving up the formation, %d in open order",
                         trial, step, available_of(given_up, u), twin_left);
            wr_formation_free(given_up);
        }
        wr_formation_free(twin);
        wr_formation_free(formed);
        wr_battle_unit_free(u);
    }
    /* the generator reaches the cases that matter: walls ended by a move,
       by a change of order and by breaking them */
    assert_true(legal_moves > 1500);
    assert_true(walls_ended > 1000);
    assert_true(crossings > 200);
    wr_figure_free(chariot);
    wr_figure_free(pass[0]);
    wr_figure_free(pull[0]);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(movement_phases_turn_by_turn),
        cmocka_unit_test(movement_phase_shield_walls),
        cmocka_unit_test(wall_ends_on_an_obstacle),
        cmocka_unit_test(wall_ends_after_a_rise_or_a_turn),
        cmocka_unit_test(set_spears_and_all_round_walls_given_up),
        cmocka_unit_test(wall_ends_with_odd_rates),
        cmocka_unit_test(random_phases_never_beat_open_order),
    };
    return cmocka_run_group_tests_name("battlesystem_movement_phase", tests, NULL, NULL);
}
