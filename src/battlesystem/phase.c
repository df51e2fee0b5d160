/* The Movement Phase: its beginning recorded for [11.6] and [11.7], and the
   actions a unit takes in it besides legs of movement (order changes, facing
   changes, wheels, declarations), each charged to what it has spent. */
#include "internal.h"
#include "core/error.h"

#define MAX_COST_DEN 1000
#define MAX_POINTS (WR_MOVE_PER_INCH * 1000)
#define MAX_ARC 120000

wr_movement_phase_costs wr_movement_phase_costs_default(void)
{
    wr_movement_phase_costs costs = {1, 2, 1, 2, WR_TURN_COST_DEFAULT};
    return costs;
}

wr_status wr_movement_phase_begin(const wr_battle_unit *unit, wr_formation *formation)
{
    if (unit == NULL)
        return WRI_NULL(unit);
    if (formation == NULL)
        return WRI_NULL(formation);
    formation->info.spent = 0;
    formation->info.turned = 0;
    formation->start.begun = 1;
    formation->start.order = formation->info.order;
    formation->start.in_command = unit->desc.in_command;
    return WR_OK;
}

wr_status wr_movement_phase_get(const wr_formation *formation, wr_movement_phase *phase)
{
    if (formation == NULL)
        return WRI_NULL(formation);
    if (phase == NULL)
        return WRI_NULL(phase);
    wr_movement_phase p;
    p.begun = formation->start.begun;
    p.start_order = formation->start.begun ? formation->start.order : formation->info.order;
    p.start_in_command = formation->start.begun ? formation->start.in_command : -1;
    *phase = p;
    return WR_OK;
}

/* The checks every action of a phase shares. */
static wr_status check_action(const wr_battle_unit *unit, const wr_formation *formation)
{
    if (unit == NULL)
        return WRI_NULL(unit);
    if (formation == NULL)
        return WRI_NULL(formation);
    if (!formation->start.begun)
        return WRI_FAIL(WR_ERR_STATE, "formation",
                        "a begun Movement Phase (wr_movement_phase_begin)");
    return WR_OK;
}

static wr_status check_costs(const wr_movement_phase_costs *costs)
{
    if (costs == NULL)
        return WRI_NULL(costs);
    if (costs->order_den < 1 || costs->order_den > MAX_COST_DEN)
        return WRI_FAIL_VALUE(WR_ERR_RANGE, "costs->order_den", costs->order_den, "1..1000");
    if (costs->order_num < 0 || costs->order_num > costs->order_den)
        return WRI_FAIL_VALUE(WR_ERR_RANGE, "costs->order_num", costs->order_num,
                              "0..costs->order_den");
    if (costs->turn_den < 1 || costs->turn_den > MAX_COST_DEN)
        return WRI_FAIL_VALUE(WR_ERR_RANGE, "costs->turn_den", costs->turn_den, "1..1000");
    if (costs->turn_num < 0 || costs->turn_num > costs->turn_den)
        return WRI_FAIL_VALUE(WR_ERR_RANGE, "costs->turn_num", costs->turn_num,
                              "0..costs->turn_den");
    if (costs->figures_turn < 0 || costs->figures_turn > MAX_POINTS)
        return WRI_FAIL_VALUE(WR_ERR_RANGE, "costs->figures_turn", costs->figures_turn, "0..48000");
    return WR_OK;
}

/* num/den of the unit's normal rate, rounded up. */
static int share_of_rate(const wr_battle_unit *unit, int num, int den)
{
    return (int)wri_battlesystem_ceil_div((int64_t)unit->figure->move_points * num, den);
}

/* Charges cost when it is left; the detail names the public caller's
   parameter arg (points, or the cost the call would have written). */
static wr_status charge(const wr_battle_unit *unit, wr_formation *formation, int64_t cost,
                        const char *arg)
{
    if (cost > wri_battlesystem_available(unit, formation))
        return WRI_FAIL_VALUE(WR_ERR_FORBIDDEN, arg, cost, "at most the movement left");
    formation->info.spent += (int)cost;
    return WR_OK;
}

static void set_cost(int *out, int64_t cost)
{
    if (out != NULL)
        *out = (int)cost;
}

wr_status wr_movement_phase_spend(const wr_battle_unit *unit, wr_formation *formation, int points)
{
    wr_status st = check_action(unit, formation);
    if (st != WR_OK)
        return WRI_PASS(st);
    if (points < 0 || points > MAX_POINTS)
        return WRI_FAIL_VALUE(WR_ERR_RANGE, "points", points, "0..48000");
    return WRI_PASS(charge(unit, formation, points, "points"));
}

wr_status wr_movement_phase_set_order(const wr_battle_unit *unit, wr_formation *formation,
                                      const wr_movement_phase_costs *costs,
                                      wr_formation_order order, wr_terrain standing, int *cost)
{
    wr_status st = check_action(unit, formation);
    if (st == WR_OK)
        st = check_costs(costs);
    if (st != WR_OK)
        return WRI_PASS(st);
    if ((int)order != WR_ORDER_OPEN && (int)order != WR_ORDER_CLOSED)
        return WRI_FAIL_VALUE(WR_ERR_INVALID, "order", order, "WR_ORDER_OPEN or WR_ORDER_CLOSED");
    if (!wri_battlesystem_valid_terrain(standing))
        return WRI_FAIL_VALUE(WR_ERR_INVALID, "standing", standing, "a wr_terrain");
    if (order == WR_ORDER_CLOSED && wri_battlesystem_closed_order_banned(standing))
        return WRI_FAIL_VALUE(
            WR_ERR_FORBIDDEN, "standing", standing,
            "[11.8] no closed formation in woods, rough terrain, swamps or water");
    int64_t c = 0;
    if (order == WR_ORDER_OPEN && formation->info.order != WR_ORDER_OPEN) {
        /* the change ends a shield wall or set spears: it is charged in the
           measure the unit ends in, the normal rate */
        int normal = wri_battlesystem_normal_rate(unit);
        int64_t spent = wri_battlesystem_spent_unformed(formation, normal);
        c = share_of_rate(unit, costs->order_num, costs->order_den);
        if (c > normal - spent)
            return WRI_FAIL_VALUE(WR_ERR_FORBIDDEN, "cost", c, "at most the movement left");
        formation->info.order = order;
        wri_battlesystem_end_special(formation, normal);
        formation->info.spent = (int)(spent + c);
    } else if (order != formation->info.order) {
        c = share_of_rate(unit, costs->order_num, costs->order_den);
        if ((st = charge(unit, formation, c, "cost")) != WR_OK)
            return WRI_PASS(st);
        formation->info.order = order;
    }
    set_cost(cost, c);
    return WR_OK;
}

static void face(wr_formation *formation, int degrees)
{
    wr_formation_info *info = &formation->info;
    info->turned += degrees < 0 ? -degrees : degrees;
    info->facing = ((info->facing + degrees) % 360 + 360) % 360;
}

/* [11.6] a shield wall's change of facing: front only, at most 90 degrees a
   Game Round, before it moves, for its entire movement. */
static wr_status shield_wall_facing(const wr_battle_unit *unit, const wr_formation *formation,
                                    int amount, int64_t *c)
{
    wr_status st = wri_battlesystem_shield_wall_turn(formation, amount, "formation", amount);
    if (st == WR_OK)
        *c = wri_battlesystem_rate(unit, formation);
    return st;
}

wr_status wr_movement_phase_turn(const wr_battle_unit *unit, wr_formation *formation,
                                 const wr_movement_phase_costs *costs, int degrees, int *cost)
{
    wr_status st = check_action(unit, formation);
    if (st == WR_OK)
        st = check_costs(costs);
    if (st != WR_OK)
        return WRI_PASS(st);
    if (degrees < -180 || degrees > 180)
        return WRI_FAIL_VALUE(WR_ERR_RANGE, "degrees", degrees, "-180..180");
    int amount = degrees < 0 ? -degrees : degrees;
    int64_t c = 0;
    if (amount > 0) {
        switch (formation->info.special) {
        case WR_SPECIAL_SHIELD_WALL: st = shield_wall_facing(unit, formation, amount, &c); break;
        case WR_SPECIAL_SET_SPEARS: /* [11.7] figures turn in place */
            c = costs->figures_turn;
            break;
        default:
            c = (int64_t)((amount + 89) / 90) *
                share_of_rate(unit, costs->turn_num, costs->turn_den);
            break;
        }
        if (st == WR_OK)
            st = charge(unit, formation, c, "cost");
        if (st != WR_OK)
            return WRI_PASS(st);
        face(formation, degrees);
    }
    set_cost(cost, c);
    return WR_OK;
}

wr_status wr_movement_phase_wheel(const wr_battle_unit *unit, wr_formation *formation, int degrees,
                                  int arc, wr_terrain terrain, int *cost)
{
    wr_status st = check_action(unit, formation);
    if (st != WR_OK)
        return WRI_PASS(st);
    if (degrees < -180 || degrees > 180)
        return WRI_FAIL_VALUE(WR_ERR_RANGE, "degrees", degrees, "-180..180");
    if (arc < 0 || arc > MAX_ARC)
        return WRI_FAIL_VALUE(WR_ERR_RANGE, "arc", arc, "0..120000");
    if (!wri_battlesystem_valid_terrain(terrain))
        return WRI_FAIL_VALUE(WR_ERR_INVALID, "terrain", terrain, "a wr_terrain");
    const wr_formation_info *info = &formation->info;
    int amount = degrees < 0 ? -degrees : degrees;
    int num = 1, den = 1;
    int64_t c = 0;
    if (info->special == WR_SPECIAL_SET_SPEARS)
        return WRI_FAIL(WR_ERR_FORBIDDEN, "formation",
                        "[11.7] a set spears formation stays where it is");
    if (!wri_battlesystem_speed(terrain, unit->desc.traits, &num, &den))
        return WRI_FAIL(WR_ERR_FORBIDDEN, "terrain",
                        "[11.8] only aquatic or amphibious units enter rivers, ponds and lakes");
    int64_t path = (int64_t)arc * (WR_MOVE_PER_INCH / WR_LEN_PER_INCH) * den / num;
    if (info->special == WR_SPECIAL_SHIELD_WALL) {
        if ((st = shield_wall_facing(unit, formation, amount, &c)) != WR_OK)
            return WRI_PASS(st);
        /* its entire movement, and its flank goes no farther than that takes it */
        if (path > c)
            return WRI_FAIL_VALUE(WR_ERR_FORBIDDEN, "arc", arc,
                                  "[11.6] an arc the shield wall's (halved) movement covers");
    } else {
        c = path;
    }
    if (info->order == WR_ORDER_CLOSED && wri_battlesystem_closed_order_banned(terrain))
        return WRI_FAIL_VALUE(
            WR_ERR_FORBIDDEN, "terrain", terrain,
            "[11.8] no closed formation in woods, rough terrain, swamps or water");
    if ((st = charge(unit, formation, c, "cost")) != WR_OK)
        return WRI_PASS(st);
    face(formation, degrees);
    set_cost(cost, c);
    return WR_OK;
}

wr_status wr_movement_phase_declare_shield_wall(const wr_battle_unit *unit, wr_formation *formation,
                                                const wr_movement_phase_costs *costs, int all_round)
{
    wr_status st = check_action(unit, formation);
    if (st == WR_OK)
        st = check_costs(costs);
    if (st == WR_OK)
        st = wr_shield_wall_declare(unit, formation, all_round, costs->figures_turn);
    return WRI_PASS(st);
}

wr_status wr_movement_phase_declare_spears(const wr_battle_unit *unit, wr_formation *formation,
                                           const wr_movement_phase_costs *costs, unsigned sides)
{
    wr_status st = check_action(unit, formation);
    if (st == WR_OK)
        st = check_costs(costs);
    if (st == WR_OK)
        st = wr_spears_declare(unit, formation, sides, costs->figures_turn);
    return WRI_PASS(st);
}
