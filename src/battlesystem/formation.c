/* wr_formation: order, frontage, facing; [11.6] shield wall, [11.7] set spears,
   [11.4] charge modifiers. */
#include <limits.h>

#include "internal.h"
#include "core/error.h"

#define MAX_FRONTAGE 100000
#define MAX_TURN_COST (WR_MOVE_PER_INCH * 1000)

static int valid_order(wr_formation_order order)
{
    return (int)order == WR_ORDER_OPEN || (int)order == WR_ORDER_CLOSED;
}

wr_status wr_formation_new_ex(wr_formation_order order, int frontage, int facing,
                              const wr_allocator *alloc, wr_formation **out)
{
    if (out == NULL)
        return WRI_NULL(out);
    if (!valid_order(order))
        return WRI_FAIL_VALUE(WR_ERR_INVALID, "order", order, "WR_ORDER_OPEN or WR_ORDER_CLOSED");
    if (frontage < 1 || frontage > MAX_FRONTAGE)
        return WRI_FAIL_VALUE(WR_ERR_RANGE, "frontage", frontage, "1..100000");
    if (facing < 0 || facing > 359)
        return WRI_FAIL_VALUE(WR_ERR_RANGE, "facing", facing, "0..359");
    wr_allocator a;
    wr_status st;
    wr_formation *f = wri_new_object(alloc, sizeof *f, &a, &st);
    if (f == NULL)
        return WRI_PASS(st);
    f->alloc = a;
    f->info.order = order;
    f->info.frontage = frontage;
    f->info.facing = facing;
    f->info.special = WR_SPECIAL_NONE;
    *out = f;
    return WR_OK;
}

wr_status wr_formation_new(wr_formation_order order, int frontage, int facing, wr_formation **out)
{
    return WRI_PASS(wr_formation_new_ex(order, frontage, facing, NULL, out));
}

void wr_formation_free(wr_formation *formation)
{
    wri_free_handle(formation, sizeof *formation, offsetof(wr_formation, alloc));
}

wr_status wr_formation_get(const wr_formation *formation, wr_formation_info *info)
{
    wr_status st = WRI_NULLS(formation, info);
    if (st != WR_OK)
        return st;
    *info = formation->info;
    return WR_OK;
}

int wri_battlesystem_front_wall(const wr_formation *formation)
{
    return formation->info.special == WR_SPECIAL_SHIELD_WALL &&
           formation->info.sides == WR_FACE_FRONT;
}

int64_t wri_battlesystem_wall_to_normal(int64_t points, int normal_rate)
{
    int wall_rate = normal_rate / 2;
    if (points > wall_rate)
        return normal_rate + (points - wall_rate);
    if (wall_rate == 0)
        return points;
    return wri_battlesystem_ceil_div(points * normal_rate, wall_rate);
}

int64_t wri_battlesystem_spent_unformed(const wr_formation *formation, int normal_rate)
{
    int64_t spent = formation->info.spent;
    if (!wri_battlesystem_front_wall(formation))
        return spent;
    return wri_battlesystem_wall_to_normal(spent, normal_rate);
}

void wri_battlesystem_end_special(wr_formation *formation, int normal_rate)
{
    int64_t spent = wri_battlesystem_spent_unformed(formation, normal_rate);
    formation->info.spent = spent < INT_MAX ? (int)spent : INT_MAX;
    formation->info.special = WR_SPECIAL_NONE;
    formation->info.sides = 0;
}

wr_status wr_formation_set_order(wr_formation *formation, wr_formation_order order)
{
    if (formation == NULL)
        return WRI_NULL(formation);
    if (!valid_order(order))
        return WRI_FAIL_VALUE(WR_ERR_INVALID, "order", order, "WR_ORDER_OPEN or WR_ORDER_CLOSED");
    formation->info.order = order;
    if (order == WR_ORDER_OPEN)
        wri_battlesystem_end_special(formation, formation->wall_normal_rate);
    return WR_OK;
}

wr_status wr_formation_set_frontage(wr_formation *formation, int frontage)
{
    if (formation == NULL)
        return WRI_NULL(formation);
    if (frontage < 1 || frontage > MAX_FRONTAGE)
        return WRI_FAIL_VALUE(WR_ERR_RANGE, "frontage", frontage, "1..100000");
    formation->info.frontage = frontage;
    return WR_OK;
}

static int front_rank(const wr_formation *formation, const wr_battle_unit *unit)
{
    int figures = unit->desc.figures;
    return figures < formation->info.frontage ? figures : formation->info.frontage;
}

wr_status wr_formation_ranks(const wr_formation *formation, const wr_battle_unit *unit, int *ranks,
                             int *front)
{
    if (formation == NULL)
        return WRI_NULL(formation);
    if (unit == NULL)
        return WRI_NULL(unit);
    if (ranks == NULL)
        return WRI_NULL(ranks);
    if (front == NULL)
        return WRI_NULL(front);
    *ranks = (int)wri_battlesystem_ceil_div(unit->desc.figures, formation->info.frontage);
    *front = front_rank(formation, unit);
    return WR_OK;
}

wr_status wr_formation_begin_phase(wr_formation *formation)
{
    if (formation == NULL)
        return WRI_NULL(formation);
    formation->info.spent = 0;
    formation->info.turned = 0;
    formation->start.begun = 1;
    formation->start.order = formation->info.order;
    formation->start.in_command = -1;
    return WR_OK;
}

wr_status wr_formation_break(wr_formation *formation)
{
    if (formation == NULL)
        return WRI_NULL(formation);
    wri_battlesystem_end_special(formation, formation->wall_normal_rate);
    return WR_OK;
}

static int full_rate(const wr_battle_unit *unit)
{
    return unit->figure->move_points;
}

int wri_battlesystem_normal_rate(const wr_battle_unit *unit)
{
    return full_rate(unit);
}

int wri_battlesystem_rate(const wr_battle_unit *unit, const wr_formation *formation)
{
    if (formation->info.special == WR_SPECIAL_SHIELD_WALL)
        return formation->info.sides == WR_FACE_FRONT ? full_rate(unit) / 2 : 0;
    return full_rate(unit);
}

int wri_battlesystem_available(const wr_battle_unit *unit, const wr_formation *formation)
{
    int left = wri_battlesystem_rate(unit, formation) - formation->info.spent;
    return left > 0 ? left : 0;
}

wr_status wr_formation_available(const wr_formation *formation, const wr_battle_unit *unit,
                                 int *available)
{
    if (formation == NULL)
        return WRI_NULL(formation);
    if (unit == NULL)
        return WRI_NULL(unit);
    if (available == NULL)
        return WRI_NULL(available);
    *available = wri_battlesystem_available(unit, formation);
    return WR_OK;
}

wr_status wri_battlesystem_shield_wall_turn(const wr_formation *formation, int amount,
                                            const char *arg, int degrees)
{
    const wr_formation_info *info = &formation->info;
    if (info->sides != WR_FACE_FRONT)
        return WRI_FAIL(WR_ERR_FORBIDDEN, arg,
                        "[11.6] an all-round shield wall cannot move or turn");
    if (info->spent > 0)
        return WRI_FAIL(WR_ERR_FORBIDDEN, arg,
                        "[11.6] a change of facing costs a shield wall its entire movement: it "
                        "must not have moved");
    if (info->turned + amount > 90)
        return WRI_FAIL_VALUE(WR_ERR_FORBIDDEN, "degrees", degrees,
                              "[11.6] a shield wall turns at most 90 degrees a Game Round");
    return WR_OK;
}

wr_status wr_formation_turn(wr_formation *formation, const wr_battle_unit *unit, int degrees)
{
    if (formation == NULL)
        return WRI_NULL(formation);
    if (unit == NULL)
        return WRI_NULL(unit);
    if (degrees < -180 || degrees > 180)
        return WRI_FAIL_VALUE(WR_ERR_RANGE, "degrees", degrees, "-180..180");
    wr_formation_info *info = &formation->info;
    int amount = degrees < 0 ? -degrees : degrees;
    if (info->special == WR_SPECIAL_SHIELD_WALL && amount > 0) {
        wr_status st = wri_battlesystem_shield_wall_turn(formation, amount, "degrees", degrees);
        if (st != WR_OK)
            return WRI_PASS(st);
        info->spent = wri_battlesystem_rate(unit, formation);
    }
    info->turned += amount;
    info->facing = ((info->facing + degrees) % 360 + 360) % 360;
    return WR_OK;
}

/* The declaration problems common to [11.6] and [11.7]. */
static wr_declare_problem common_problem(const wr_battle_unit *unit, const wr_formation *formation,
                                         unsigned equipment)
{
    /* in command and in closed order at the beginning of the Movement Phase
       (as recorded when it began), and still closed now */
    const wri_phase_start *start = &formation->start;
    int in_command =
        start->begun && start->in_command >= 0 ? start->in_command : unit->desc.in_command;
    if (!in_command)
        return WR_DECLARE_NOT_IN_COMMAND;
    if (formation->info.order != WR_ORDER_CLOSED ||
        (start->begun && start->order != WR_ORDER_CLOSED))
        return WR_DECLARE_NOT_CLOSED;
    if (!(unit->desc.equipment & equipment))
        return WR_DECLARE_NO_EQUIPMENT;
    if (formation->info.special != WR_SPECIAL_NONE)
        return WR_DECLARE_ALREADY;
    if (formation->info.spent > 0 || formation->info.turned > 0)
        return WR_DECLARE_MOVED;
    return WR_DECLARE_OK;
}

static wr_status shield_wall_problem(const wr_battle_unit *unit, const wr_formation *formation,
                                     int all_round, int turn_cost, wr_declare_problem *problem)
{
    if (unit == NULL)
        return WRI_NULL(unit);
    if (formation == NULL)
        return WRI_NULL(formation);
    if (all_round != 0 && all_round != 1)
        return WRI_FAIL_VALUE(WR_ERR_INVALID, "all_round", all_round, "0 or 1");
    if (turn_cost < 0 || turn_cost > MAX_TURN_COST)
        return WRI_FAIL_VALUE(WR_ERR_RANGE, "turn_cost", turn_cost, "0..48000");
    wr_declare_problem p = common_problem(unit, formation, WR_EQUIP_LARGE_SHIELDS);
    if (p == WR_DECLARE_OK && all_round && full_rate(unit) < turn_cost)
        p = WR_DECLARE_NO_TURN;
    *problem = p;
    return WR_OK;
}

wr_status wr_shield_wall_check(const wr_battle_unit *unit, const wr_formation *formation,
                               int all_round, int turn_cost, wr_declare_problem *problem)
{
    if (problem == NULL)
        return WRI_NULL(problem);
    wr_declare_problem p = WR_DECLARE_OK; /* set when the status is WR_OK */
    wr_status st = shield_wall_problem(unit, formation, all_round, turn_cost, &p);
    if (st == WR_OK)
        *problem = p;
    return WRI_PASS(st);
}

wr_status wr_shield_wall_declare(const wr_battle_unit *unit, wr_formation *formation, int all_round,
                                 int turn_cost)
{
    wr_declare_problem p = WR_DECLARE_OK; /* set when the status is WR_OK */
    wr_status st = shield_wall_problem(unit, formation, all_round, turn_cost, &p);
    if (st != WR_OK)
        return WRI_PASS(st);
    if (p != WR_DECLARE_OK)
        return WRI_FAIL_VALUE(WR_ERR_FORBIDDEN, "formation", p,
                              "[11.6] no declare problem (see wr_shield_wall_check)");
    formation->info.special = WR_SPECIAL_SHIELD_WALL;
    formation->info.sides = all_round ? WR_FACE_ALL : WR_FACE_FRONT;
    formation->wall_normal_rate = full_rate(unit);
    if (all_round)
        formation->info.spent = turn_cost;
    return WR_OK;
}

static int valid_from(wr_attack_from from)
{
    return (int)from >= WR_FROM_FRONT && (int)from <= WR_FROM_ABOVE;
}

/* Whether a special formation protects the side an attack comes from. */
static int protects(const wr_formation *formation, wr_formation_special special,
                    wr_attack_from from)
{
    if (formation->info.special != special || from == WR_FROM_ABOVE)
        return 0;
    return (formation->info.sides & (1u << (unsigned)from)) != 0;
}

wr_status wr_shield_wall_ac_modifier(const wr_formation *formation, wr_attack_kind kind,
                                     wr_attack_from from, int *modifier)
{
    if (formation == NULL)
        return WRI_NULL(formation);
    if (modifier == NULL)
        return WRI_NULL(modifier);
    if ((int)kind < WR_ATTACK_MELEE || (int)kind > WR_ATTACK_OTHER)
        return WRI_FAIL_VALUE(WR_ERR_INVALID, "kind", kind, "a wr_attack_kind");
    if (!valid_from(from))
        return WRI_FAIL_VALUE(WR_ERR_INVALID, "from", from, "a wr_attack_from");
    int m = 0;
    if (protects(formation, WR_SPECIAL_SHIELD_WALL, from)) {
        if (kind == WR_ATTACK_MISSILE)
            m = -4;
        else if (kind == WR_ATTACK_MELEE)
            m = -2;
    }
    *modifier = m;
    return WR_OK;
}

static wr_status set_spears_problem(const wr_battle_unit *unit, const wr_formation *formation,
                                    unsigned sides, int turn_cost, wr_declare_problem *problem)
{
    if (unit == NULL)
        return WRI_NULL(unit);
    if (formation == NULL)
        return WRI_NULL(formation);
    if (sides == 0 || (sides & ~WR_FACE_ALL))
        return WRI_FAIL_VALUE(WR_ERR_INVALID, "sides", sides, "WR_FACE_* bits, not 0");
    if (turn_cost < 0 || turn_cost > MAX_TURN_COST)
        return WRI_FAIL_VALUE(WR_ERR_RANGE, "turn_cost", turn_cost, "0..48000");
    wr_declare_problem p = common_problem(unit, formation, WR_EQUIP_SPEARS);
    int left_after_entering = full_rate(unit) - full_rate(unit) / 2;
    if (p == WR_DECLARE_OK && (sides & ~WR_FACE_FRONT) && left_after_entering < turn_cost)
        p = WR_DECLARE_NO_TURN;
    *problem = p;
    return WR_OK;
}

wr_status wr_spears_check(const wr_battle_unit *unit, const wr_formation *formation, unsigned sides,
                          int turn_cost, wr_declare_problem *problem)
{
    if (problem == NULL)
        return WRI_NULL(problem);
    wr_declare_problem p = WR_DECLARE_OK; /* set when the status is WR_OK */
    wr_status st = set_spears_problem(unit, formation, sides, turn_cost, &p);
    if (st == WR_OK)
        *problem = p;
    return WRI_PASS(st);
}

wr_status wr_spears_declare(const wr_battle_unit *unit, wr_formation *formation, unsigned sides,
                            int turn_cost)
{
    wr_declare_problem p = WR_DECLARE_OK; /* set when the status is WR_OK */
    wr_status st = set_spears_problem(unit, formation, sides, turn_cost, &p);
    if (st != WR_OK)
        return WRI_PASS(st);
    if (p != WR_DECLARE_OK)
        return WRI_FAIL_VALUE(WR_ERR_FORBIDDEN, "formation", p,
                              "[11.7] no declare problem (see wr_spears_check)");
    formation->info.special = WR_SPECIAL_SET_SPEARS;
    formation->info.sides = sides;
    formation->info.spent = full_rate(unit) / 2 + ((sides & ~WR_FACE_FRONT) ? turn_cost : 0);
    return WR_OK;
}

wr_status wr_spears_multiplier(const wr_formation *defender, wr_attack_from charge_from,
                               int *multiplier)
{
    if (defender == NULL)
        return WRI_NULL(defender);
    if (multiplier == NULL)
        return WRI_NULL(multiplier);
    if (!valid_from(charge_from))
        return WRI_FAIL_VALUE(WR_ERR_INVALID, "charge_from", charge_from, "a wr_attack_from");
    *multiplier = protects(defender, WR_SPECIAL_SET_SPEARS, charge_from) ? 2 : 1;
    return WR_OK;
}

wr_status wr_charger_strikers(const wr_battle_unit *charger, const wr_formation *formation,
                              int in_contact, int losses, int *strikers)
{
    if (charger == NULL)
        return WRI_NULL(charger);
    if (formation == NULL)
        return WRI_NULL(formation);
    if (strikers == NULL)
        return WRI_NULL(strikers);
    int figures = charger->desc.figures;
    if (in_contact < 0 || in_contact > front_rank(formation, charger))
        return WRI_FAIL_VALUE(WR_ERR_RANGE, "in_contact", in_contact, "0..min(frontage, figures)");
    if (losses < 0 || losses > figures)
        return WRI_FAIL_VALUE(WR_ERR_RANGE, "losses", losses, "0..the charger's figures");
    int n;
    if (formation->info.order == WR_ORDER_CLOSED)
        n = figures - losses < in_contact ? figures - losses : in_contact;
    else
        n = in_contact > losses ? in_contact - losses : 0;
    *strikers = n;
    return WR_OK;
}

wr_status wr_charge_ar_modifier(const wr_battle_unit *charger, const wr_formation *defender,
                                wr_attack_from charge_from, int *modifier)
{
    if (charger == NULL)
        return WRI_NULL(charger);
    if (defender == NULL)
        return WRI_NULL(defender);
    if (modifier == NULL)
        return WRI_NULL(modifier);
    if (!valid_from(charge_from))
        return WRI_FAIL_VALUE(WR_ERR_INVALID, "charge_from", charge_from, "a wr_attack_from");
    int mounted =
        charger->desc.type == WR_UNIT_TYPE_CAVALRY || charger->desc.type == WR_UNIT_TYPE_CHARIOT;
    *modifier = mounted && !protects(defender, WR_SPECIAL_SET_SPEARS, charge_from) ? -2 : 0;
    return WR_OK;
}

wr_status wr_charge_damage_multiplier(const wr_battle_unit *charger, int *multiplier)
{
    if (charger == NULL)
        return WRI_NULL(charger);
    if (multiplier == NULL)
        return WRI_NULL(multiplier);
    *multiplier = (charger->desc.equipment & WR_EQUIP_CHARGE_WEAPONS) ? 2 : 1;
    return WR_OK;
}
