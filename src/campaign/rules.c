/* The text's small rules: river crossings, half-dice and stragglers, raft
   timber and defence, spending and saving on a march, getting lost. */
#include "internal.h"

wr_status wr_river_crossing(wr_arm arm, wr_river river, wr_crossing crossing, int daily_points,
                            int *extra_points, int *days, int *unformed)
{
    if (extra_points == NULL)
        return WRI_NULL(extra_points);
    if (days == NULL)
        return WRI_NULL(days);
    if (unformed == NULL)
        return WRI_NULL(unformed);
    int a = (int)arm, rv = (int)river, c = (int)crossing;
    if (a < 0 || a > 1)
        return WRI_FAIL_VALUE(WR_ERR_INVALID, "arm", a, "WR_ARM_INFANTRY or WR_ARM_CAVALRY");
    if (rv < 1 || rv > 2)
        return WRI_FAIL_VALUE(WR_ERR_INVALID, "river", rv, "WR_RIVER_MINOR or WR_RIVER_MAJOR");
    if (c < 0 || c > 3)
        return WRI_FAIL_VALUE(WR_ERR_INVALID, "crossing", c, "a wr_crossing (0..3)");
    if (daily_points < 1 || daily_points > 1000)
        return WRI_FAIL_VALUE(WR_ERR_RANGE, "daily_points", daily_points, "1..1000");
    int half = wri_ceil_div(daily_points, 2);
    int x = 0, d = 0, u = 1;
    switch (c) {
    case WR_CROSS_BRIDGE: u = 0; break;
    case WR_CROSS_FERRY: d = rv == WR_RIVER_MINOR ? 1 : 2; break;
    case WR_CROSS_FORD:
        if (rv == WR_RIVER_MAJOR)
            return WRI_FAIL(WR_ERR_INVALID, "crossing", "[Crossing] no ford on a major river");
        x = a == WR_ARM_CAVALRY ? 0 : half;
        break;
    default: /* open */
        if (rv == WR_RIVER_MINOR && a == WR_ARM_CAVALRY)
            x = half;
        else
            d = 3;
        break;
    }
    *extra_points = x;
    *days = d;
    *unformed = u;
    return WR_OK;
}

wr_status wr_half_die(int d6, int *half)
{
    if (half == NULL)
        return WRI_NULL(half);
    if (d6 < 1 || d6 > 6)
        return WRI_FAIL_VALUE(WR_ERR_RANGE, "d6", d6, "1..6");
    *half = (d6 + 1) / 2;
    return WR_OK;
}

static int percent5_up(int figures, int half_die)
{
    int64_t n = (int64_t)figures * half_die * 5;
    return (int)((n + 99) / 100);
}

wr_status wr_stragglers(int figures, int half_die, int *lost)
{
    if (lost == NULL)
        return WRI_NULL(lost);
    if (figures < 0 || figures > 1000000)
        return WRI_FAIL_VALUE(WR_ERR_RANGE, "figures", figures, "0..1000000");
    if (half_die < 1 || half_die > 3)
        return WRI_FAIL_VALUE(WR_ERR_RANGE, "half_die", half_die, "1..3");
    *lost = percent5_up(figures, half_die);
    return WR_OK;
}

wr_status wr_stragglers_gathered(int figures, int missing, int half_die, int *gathered)
{
    if (gathered == NULL)
        return WRI_NULL(gathered);
    if (figures < 0 || figures > 1000000)
        return WRI_FAIL_VALUE(WR_ERR_RANGE, "figures", figures, "0..1000000");
    if (missing < 0 || missing > figures)
        return WRI_FAIL_VALUE(WR_ERR_RANGE, "missing", missing, "0..figures");
    if (half_die < 1 || half_die > 3)
        return WRI_FAIL_VALUE(WR_ERR_RANGE, "half_die", half_die, "1..3");

    int g = percent5_up(figures, half_die);
    *gathered = g < missing ? g : missing;
    return WR_OK;
}

wr_status wr_half_die_rng(wr_rng *rng, int *half)
{
    if (rng == NULL)
        return WRI_NULL(rng);
    if (half == NULL)
        return WRI_NULL(half);
    int d6 = 0;
    wr_status st = wr_rng_roll(rng, 6, &d6);
    /* GCOVR_EXCL_START: rng and the out pointer are checked, the sides valid */
    if (st != WR_OK)
        return WRI_PASS(st);
    /* GCOVR_EXCL_STOP */
    return WRI_PASS(wr_half_die(d6, half));
}

wr_status wr_raft_timber(int d6, int in_forest_or_swamp, int *enough)
{
    if (enough == NULL)
        return WRI_NULL(enough);
    if (d6 < 1 || d6 > 6)
        return WRI_FAIL_VALUE(WR_ERR_RANGE, "d6", d6, "1..6");
    *enough = in_forest_or_swamp ? 1 : d6 >= 5;
    return WR_OK;
}

wr_status wr_raft_defence(int figures, int raft_day, int *defending)
{
    if (defending == NULL)
        return WRI_NULL(defending);
    if (figures < 0 || figures > 1000000)
        return WRI_FAIL_VALUE(WR_ERR_RANGE, "figures", figures, "0..1000000");
    if (raft_day < 1 || raft_day > 3)
        return WRI_FAIL_VALUE(WR_ERR_RANGE, "raft_day", raft_day, "1..3");
    *defending = raft_day < 3 ? figures / 3 : figures;
    return WR_OK;
}

wr_status wr_getting_lost(int small_unit, int on_route, int chance_percent, int d100, int *lost)
{
    if (lost == NULL)
        return WRI_NULL(lost);
    if (chance_percent < 0 || chance_percent > 100)
        return WRI_FAIL_VALUE(WR_ERR_RANGE, "chance_percent", chance_percent, "0..100");
    if (d100 < 1 || d100 > 100)
        return WRI_FAIL_VALUE(WR_ERR_RANGE, "d100", d100, "1..100");
    *lost = small_unit && !on_route && d100 <= chance_percent;
    return WR_OK;
}

wr_status wr_getting_lost_rng(int small_unit, int on_route, int chance_percent, wr_rng *rng,
                              int *lost)
{
    if (rng == NULL)
        return WRI_NULL(rng);
    if (lost == NULL)
        return WRI_NULL(lost);
    if (chance_percent < 0 || chance_percent > 100)
        return WRI_FAIL_VALUE(WR_ERR_RANGE, "chance_percent", chance_percent, "0..100");
    if (!small_unit || on_route) {
        *lost = 0;
        return WR_OK;
    }
    int d100 = 0;
    wr_status st = wr_rng_roll(rng, 100, &d100);
    /* GCOVR_EXCL_START: rng and the out pointer are checked, the sides valid */
    if (st != WR_OK)
        return WRI_PASS(st);
    /* GCOVR_EXCL_STOP */
    return WRI_PASS(wr_getting_lost(small_unit, on_route, chance_percent, d100, lost));
}

/* ---- spending and saving ---- */

#define MARCH_MAX_POINTS 1000000

/* A corrupted march is refused naming its first bad field; the public
   function passes the failure on with WRI_PASS. */
static wr_status march_check(const wr_march *m)
{
    if (m->daily_points < 1 || m->daily_points > 1000)
        return WRI_FAIL_VALUE(WR_ERR_INVALID, "march->daily_points", m->daily_points, "1..1000");
    if (m->points < 0 || m->points > MARCH_MAX_POINTS)
        return WRI_FAIL_VALUE(WR_ERR_INVALID, "march->points", m->points, "0..1000000");
    if (m->day < 1)
        return WRI_FAIL_VALUE(WR_ERR_INVALID, "march->day", m->day, "1 or more");
    if (m->marching != 0 && m->marching != 1)
        return WRI_FAIL_VALUE(WR_ERR_INVALID, "march->marching", m->marching, "0 or 1");
    if (m->unformed != 0 && m->unformed != 1)
        return WRI_FAIL_VALUE(WR_ERR_INVALID, "march->unformed", m->unformed, "0 or 1");
    if (m->unformed_today != 0 && m->unformed_today != 1)
        return WRI_FAIL_VALUE(WR_ERR_INVALID, "march->unformed_today", m->unformed_today, "0 or 1");
    if (m->unformed_days < 0)
        return WRI_FAIL_VALUE(WR_ERR_INVALID, "march->unformed_days", m->unformed_days,
                              "0 or more");
    if (m->unformed_today && !m->unformed)
        return WRI_FAIL(WR_ERR_INVALID, "march->unformed_today", "0 while formed");
    return WR_OK;
}

wr_status wr_march_start(int daily_points, wr_march *march)
{
    if (march == NULL)
        return WRI_NULL(march);
    if (daily_points < 1 || daily_points > 1000)
        return WRI_FAIL_VALUE(WR_ERR_RANGE, "daily_points", daily_points, "1..1000");
    wr_march m = {daily_points, daily_points, 1, 0, 0, 0, 0};
    *march = m;
    return WR_OK;
}

wr_status wr_march_enter(wr_march *march, int cost, int unformed, int *entered)
{
    if (march == NULL)
        return WRI_NULL(march);
    if (entered == NULL)
        return WRI_NULL(entered);
    wr_status st = march_check(march);
    if (st != WR_OK)
        return WRI_PASS(st);
    if (cost < 1 || cost > 100000)
        return WRI_FAIL_VALUE(WR_ERR_RANGE, "cost", cost, "1..100000");
    wr_march m = *march;
    int in = cost <= m.points;
    m.marching = 1;
    if (in) {
        m.points -= cost;
        if (unformed)
            m.unformed = 1;
        if (m.unformed) /* an unformed force moves unformed: the day counts */
            m.unformed_today = 1;
    }

    *march = m;
    *entered = in;
    return WR_OK;
}

wr_status wr_march_end_day(wr_march *march, int halt)
{
    if (march == NULL)
        return WRI_NULL(march);
    wr_status st = march_check(march);
    if (st != WR_OK)
        return WRI_PASS(st);
    wr_march m = *march;
    if (m.day == INT32_MAX)
        return WRI_FAIL_VALUE(WR_ERR_RANGE, "march->day", m.day, "a day before INT32_MAX");
    if (m.unformed_today && m.unformed_days == INT32_MAX)
        return WRI_FAIL_VALUE(WR_ERR_RANGE, "march->unformed_days", m.unformed_days,
                              "a count before INT32_MAX");
    int carry = (m.marching && !halt) ? m.points : 0;
    if (carry > MARCH_MAX_POINTS - m.daily_points)
        carry = MARCH_MAX_POINTS - m.daily_points;
    m.points = m.daily_points + carry;
    m.day++;
    m.unformed_days += m.unformed_today;
    m.unformed_today = 0;
    m.marching = 0;
    *march = m;
    return WR_OK;
}

wr_status wr_march_contact(wr_march *march, int *non_rallied)
{
    if (march == NULL)
        return WRI_NULL(march);
    if (non_rallied == NULL)
        return WRI_NULL(non_rallied);
    wr_status st = march_check(march);
    if (st != WR_OK)
        return WRI_PASS(st);
    march->points = 0; /* it still moved today: no rally before the next day */
    *non_rallied = march->unformed;
    return WR_OK;
}

wr_status wr_march_rally(wr_march *march)
{
    if (march == NULL)
        return WRI_NULL(march);
    wr_status st = march_check(march);
    if (st != WR_OK)
        return WRI_PASS(st);
    if (!march->unformed)
        return WRI_FAIL(WR_ERR_STATE, "march->unformed",
                        "[Units, Formed and Unformed] an unformed force");
    if (march->marching)
        return WRI_FAIL(WR_ERR_STATE, "march->marching",
                        "[Units, Formed and Unformed] a force that has not moved today");
    if (march->day == INT32_MAX)
        return WRI_FAIL_VALUE(WR_ERR_RANGE, "march->day", march->day, "a day before INT32_MAX");

    wr_march m = *march;
    m.unformed = 0;
    m.unformed_days = 0;
    m.points = m.daily_points;
    m.day++;
    *march = m;
    return WR_OK;
}
