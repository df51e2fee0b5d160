/* The text's small rules: river crossings, half-dice and stragglers, raft
   timber and defence, spending and saving on a march, getting lost. */
#include "campaign/internal.h"

wr_status wr_river_crossing(wr_arm arm, wr_river river, wr_crossing crossing, int daily_points,
                            int *extra_points, int *days, int *unformed)
{
    if (extra_points == NULL || days == NULL || unformed == NULL)
        return WR_ERR_NULL;
    int a = (int)arm, rv = (int)river, c = (int)crossing;
    if (a < 0 || a > 1 || rv < 1 || rv > 2 || c < 0 || c > 3)
        return WR_ERR_INVALID;
    if (daily_points < 1 || daily_points > 1000)
        return WR_ERR_RANGE;
    int half = wri_ceil_div(daily_points, 2);
    int x = 0, d = 0, u = 1;
    switch (c) {
    case WR_CROSS_BRIDGE:
        u = 0;
        break;
    case WR_CROSS_FERRY:
        d = rv == WR_RIVER_MINOR ? 1 : 2;
        break;
    case WR_CROSS_FORD:
        if (rv == WR_RIVER_MAJOR)
            return WR_ERR_INVALID;
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
        return WR_ERR_NULL;
    if (d6 < 1 || d6 > 6)
        return WR_ERR_RANGE;
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
        return WR_ERR_NULL;
    if (figures < 0 || figures > 1000000 || half_die < 1 || half_die > 3)
        return WR_ERR_RANGE;
    *lost = percent5_up(figures, half_die);
    return WR_OK;
}

wr_status wr_stragglers_gathered(int figures, int missing, int half_die, int *gathered)
{
    if (gathered == NULL)
        return WR_ERR_NULL;
    if (figures < 0 || figures > 1000000 || missing < 0 || missing > figures || half_die < 1 ||
        half_die > 3)
        return WR_ERR_RANGE;
    int g = percent5_up(figures, half_die);
    *gathered = g < missing ? g : missing;
    return WR_OK;
}

wr_status wr_half_die_roll(wr_rng *rng, int *half)
{
    if (rng == NULL || half == NULL)
        return WR_ERR_NULL;
    int d6 = 0;
    wr_status st = wr_rng_roll(rng, 6, &d6);
    if (st != WR_OK)
        return st;
    return wr_half_die(d6, half);
}

wr_status wr_raft_timber(int d6, int in_forest_or_swamp, int *enough)
{
    if (enough == NULL)
        return WR_ERR_NULL;
    if (d6 < 1 || d6 > 6)
        return WR_ERR_RANGE;
    *enough = in_forest_or_swamp ? 1 : d6 >= 5;
    return WR_OK;
}

wr_status wr_raft_defence(int figures, int raft_day, int *defending)
{
    if (defending == NULL)
        return WR_ERR_NULL;
    if (figures < 0 || figures > 1000000 || raft_day < 1 || raft_day > 3)
        return WR_ERR_RANGE;
    *defending = raft_day < 3 ? figures / 3 : figures;
    return WR_OK;
}

wr_status wr_getting_lost(int small_unit, int on_route, int chance_percent, int d100, int *lost)
{
    if (lost == NULL)
        return WR_ERR_NULL;
    if (chance_percent < 0 || chance_percent > 100 || d100 < 1 || d100 > 100)
        return WR_ERR_RANGE;
    *lost = small_unit && !on_route && d100 <= chance_percent;
    return WR_OK;
}

wr_status wr_getting_lost_roll(int small_unit, int on_route, int chance_percent, wr_rng *rng,
                               int *lost)
{
    if (rng == NULL || lost == NULL)
        return WR_ERR_NULL;
    if (chance_percent < 0 || chance_percent > 100)
        return WR_ERR_RANGE;
    if (!small_unit || on_route) {
        *lost = 0;
        return WR_OK;
    }
    int d100 = 0;
    wr_status st = wr_rng_roll(rng, 100, &d100);
    if (st != WR_OK)
        return st;
    return wr_getting_lost(small_unit, on_route, chance_percent, d100, lost);
}

/* ---- spending and saving ---- */

#define MARCH_MAX_POINTS 1000000

static int march_valid(const wr_march *m)
{
    return m->daily_points >= 1 && m->daily_points <= 1000 && m->points >= 0 &&
           m->points <= MARCH_MAX_POINTS && m->day >= 1 && (m->marching == 0 || m->marching == 1) &&
           (m->unformed == 0 || m->unformed == 1) &&
           (m->unformed_today == 0 || m->unformed_today == 1) && m->unformed_days >= 0 &&
           (m->unformed || !m->unformed_today);
}

wr_status wr_march_start(int daily_points, wr_march *march)
{
    if (march == NULL)
        return WR_ERR_NULL;
    if (daily_points < 1 || daily_points > 1000)
        return WR_ERR_RANGE;
    wr_march m = {daily_points, daily_points, 1, 0, 0, 0, 0};
    *march = m;
    return WR_OK;
}

wr_status wr_march_enter(wr_march *march, int cost, int unformed, int *entered)
{
    if (march == NULL || entered == NULL)
        return WR_ERR_NULL;
    if (!march_valid(march))
        return WR_ERR_INVALID;
    if (cost < 1 || cost > 100000)
        return WR_ERR_RANGE;
    wr_march m = *march;
    int in = cost <= m.points;
    m.marching = 1;
    if (in) {
        m.points -= cost;
        if (unformed) {
            m.unformed = 1;
            m.unformed_today = 1;
        }
    }
    *march = m;
    *entered = in;
    return WR_OK;
}

wr_status wr_march_end_day(wr_march *march, int halt)
{
    if (march == NULL)
        return WR_ERR_NULL;
    if (!march_valid(march))
        return WR_ERR_INVALID;
    wr_march m = *march;
    if (m.day == INT32_MAX || (m.unformed_today && m.unformed_days == INT32_MAX))
        return WR_ERR_RANGE;
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
    if (march == NULL || non_rallied == NULL)
        return WR_ERR_NULL;
    if (!march_valid(march))
        return WR_ERR_INVALID;
    march->points = 0; /* it still moved today: no rally before the next day */
    *non_rallied = march->unformed;
    return WR_OK;
}

wr_status wr_march_rally(wr_march *march)
{
    if (march == NULL)
        return WR_ERR_NULL;
    if (!march_valid(march))
        return WR_ERR_INVALID;
    if (!march->unformed || march->marching)
        return WR_ERR_STATE;
    if (march->day == INT32_MAX)
        return WR_ERR_RANGE;
    wr_march m = *march;
    m.unformed = 0;
    m.unformed_days = 0;
    m.points = m.daily_points;
    m.day++;
    *march = m;
    return WR_OK;
}
