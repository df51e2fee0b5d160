/* A force's state on the march (wr_force_state): the start of a plan and
   its replay day by day, counting what the planner counts the same way. */
#include "internal.h"

static int flag_ok(int v)
{
    return v == 0 || v == 1;
}

/* The names of a force state's fields in the details, as the public caller
   wrote them (wri_force_arg). */
typedef struct wri_force_names {
    const char *daily_points, *day, *unformed, *unformed_today, *at_rally, *pressing, *far_bank,
        *points_saved, *points_spent, *unformed_days, *rally_days, *crossing_days, *crossing;
} wri_force_names;
#define FORCE_NAMES(daily, s)                                                                    \
    {                                                                                            \
        daily, s "day", s "unformed", s "unformed_today", s "at_rally", s "pressing",            \
            s "far_bank", s "points_saved", s "points_spent", s "unformed_days", s "rally_days", \
            s "crossing_days", s "crossing"                                                      \
    }
static const wri_force_names force_names[] = {
    FORCE_NAMES("daily_points", "state->"), /* wr_force_check() */
    FORCE_NAMES("daily_points", "force->"), /* wr_force_move() and the others */
    FORCE_NAMES("params->costs.daily_points", "query->start->"), /* wr_planner_plan() */
};

wr_status wri_campaign_check_force(const wr_force_state *f, int P, wri_force_arg arg)
{
    const wri_force_names *n = &force_names[arg];
    if (P < 1 || P > 1000)
        return WRI_FAIL_VALUE(WR_ERR_RANGE, n->daily_points, P, "1..1000");
    if (f->day < 1 || f->day > WR_PLAN_MAX_DAYS)
        return WRI_FAIL_VALUE(WR_ERR_RANGE, n->day, f->day, "1..1000000 (WR_PLAN_MAX_DAYS)");
    if (!flag_ok(f->unformed))
        return WRI_FAIL_VALUE(WR_ERR_INVALID, n->unformed, f->unformed, "0 or 1");
    if (!flag_ok(f->unformed_today))
        return WRI_FAIL_VALUE(WR_ERR_INVALID, n->unformed_today, f->unformed_today, "0 or 1");
    if (!flag_ok(f->at_rally))
        return WRI_FAIL_VALUE(WR_ERR_INVALID, n->at_rally, f->at_rally, "0 or 1");
    if (!flag_ok(f->pressing))
        return WRI_FAIL_VALUE(WR_ERR_INVALID, n->pressing, f->pressing, "0 or 1");
    if (!flag_ok(f->far_bank))
        return WRI_FAIL_VALUE(WR_ERR_INVALID, n->far_bank, f->far_bank, "0 or 1");
    const int64_t past = (int64_t)(f->day - 1) * P;
    if (f->points_saved < 0 || f->points_saved > past)
        return WRI_FAIL_VALUE(WR_ERR_RANGE, n->points_saved, f->points_saved,
                              "0..(day - 1) x daily_points");
    if (f->points_saved > P && !f->pressing && f->points_spent == 0)
        return WRI_FAIL_VALUE(WR_ERR_RANGE, n->points_saved, f->points_saved,
                              "[Saving Move Points] at most a day's worth, unless saved "
                              "pressing on towards a dearer move");
    if (f->points_spent < 0 || f->points_spent > (int64_t)P + f->points_saved)
        return WRI_FAIL_VALUE(WR_ERR_RANGE, n->points_spent, f->points_spent,
                              "0..daily_points + points_saved");
    if (f->unformed_days < 0 || f->unformed_days > f->day)
        return WRI_FAIL_VALUE(WR_ERR_RANGE, n->unformed_days, f->unformed_days, "0..day");
    if (f->rally_days < 0 || f->rally_days > f->day - 1)
        return WRI_FAIL_VALUE(WR_ERR_RANGE, n->rally_days, f->rally_days, "0..day - 1");
    if (f->crossing_days < 0 || f->crossing_days > WR_PLAN_MAX_EDGE_DAYS)
        return WRI_FAIL_VALUE(WR_ERR_RANGE, n->crossing_days, f->crossing_days, "0..1000");
    if (f->unformed_today && !f->unformed)
        return WRI_FAIL_VALUE(WR_ERR_INVALID, n->unformed_today, f->unformed_today,
                              "0 for a formed force");
    if (f->rally_days > 0 && !f->at_rally)
        return WRI_FAIL_VALUE(WR_ERR_INVALID, n->rally_days, f->rally_days,
                              "0 away from a rally point");
    if (f->at_rally && f->rally_days > 0 &&
        (f->unformed || f->points_spent || f->points_saved || f->pressing))
        return WRI_FAIL_VALUE(WR_ERR_INVALID, n->at_rally, f->at_rally,
                              "[Units, Formed and Unformed] a force that waited at its rally "
                              "point is formed, with nothing spent or saved");
    if (f->crossing_days > 0 && f->far_bank)
        return WRI_FAIL_VALUE(WR_ERR_INVALID, n->far_bank, f->far_bank,
                              "0 while crossing days remain");
    if ((f->crossing_days > 0 || f->far_bank) == (f->crossing == 0))
        return WRI_FAIL_VALUE(WR_ERR_INVALID, n->crossing, f->crossing,
                              "the crossing's WR_STEP_ bits while crossing, else 0");
    if (f->crossing_days > 0 && (f->points_spent || f->points_saved || f->pressing || f->at_rally))
        return WRI_FAIL_VALUE(WR_ERR_INVALID, n->crossing_days, f->crossing_days,
                              "[Crossing] whole days start on a fresh day, nothing spent or saved");
    return WR_OK;
}

wr_status wr_force_start(wr_force_state *out)
{
    if (out == NULL)
        return WRI_NULL(out);
    wr_force_state s = {1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0u};
    *out = s;
    return WR_OK;
}

wr_status wr_force_check(const wr_force_state *state, int daily_points)
{
    if (state == NULL)
        return WRI_NULL(state);
    return WRI_PASS(wri_campaign_check_force(state, daily_points, WRI_FORCE_STATE));
}

static int moved_today(const wr_force_state *f)
{
    return f->points_spent > 0 || f->unformed_today;
}

wr_status wr_force_move(wr_force_state *force, int daily_points, const wr_plan_edge *move,
                        int *entered)
{
    if (force == NULL)
        return WRI_NULL(force);
    if (move == NULL)
        return WRI_NULL(move);
    if (entered == NULL)
        return WRI_NULL(entered);
    wr_status st = wri_campaign_check_force(force, daily_points, WRI_FORCE_FORCE);
    if (st != WR_OK)
        return WRI_PASS(st);
    if (move->points < 0 || move->points > WR_PLAN_MAX_EDGE_POINTS)
        return WRI_FAIL_VALUE(WR_ERR_RANGE, "move->points", move->points, "0..100000");
    if (move->days < 0 || move->days > WR_PLAN_MAX_EDGE_DAYS)
        return WRI_FAIL_VALUE(WR_ERR_RANGE, "move->days", move->days, "0..1000");
    if (move->flags & WR_STEP_RALLY)
        return WRI_FAIL(WR_ERR_STATE, "move->flags", "a move: rally steps go to wr_force_rally()");
    wr_force_state m = *force;
    int in = 0;
    if (m.crossing_days > 0) {
        in = 0; /* the crossing's days go on */
    } else if (move->days > 0 && !m.far_bank) {
        m.at_rally = 0; /* it leaves its rally point */
        m.rally_days = 0;
        if (!moved_today(&m)) { /* [Crossing] whole days from a fresh day */
            m.crossing_days = move->days;
            m.crossing = move->flags | WR_STEP_START; /* never 0 */
            m.points_saved = 0;
        }
        m.pressing = 0; /* a force that moved today ends it and loses its points */
    } else {
        int64_t left = (int64_t)daily_points + m.points_saved - m.points_spent;
        m.at_rally = 0;
        m.rally_days = 0;
        if (move->points <= left) {
            in = 1;
            m.points_spent += move->points;
            m.pressing = 0;
            m.far_bank = 0;
            m.crossing = 0;

            if (move->flags & WR_STEP_UNFORMED)
                m.unformed = 1;
            if (m.unformed)
                m.unformed_today = 1;
        } else {
            m.pressing = 1; /* it presses on and keeps its points tonight */
        }
    }
    *force = m;
    *entered = in;
    return WR_OK;
}

wr_status wr_force_end_day(wr_force_state *force, int daily_points, int halt, int figures,
                           int half_die, int *stragglers)
{
    if (force == NULL)
        return WRI_NULL(force);
    if (stragglers == NULL)
        return WRI_NULL(stragglers);
    wr_status st = wri_campaign_check_force(force, daily_points, WRI_FORCE_FORCE);
    if (st != WR_OK)
        return WRI_PASS(st);
    if (figures < 0 || figures > 1000000)
        return WRI_FAIL_VALUE(WR_ERR_RANGE, "figures", figures, "0..1000000");
    if (half_die < 1 || half_die > 3)
        return WRI_FAIL_VALUE(WR_ERR_RANGE, "half_die", half_die, "1..3");
    if (force->day >= WR_PLAN_MAX_DAYS)
        return WRI_FAIL_VALUE(WR_ERR_RANGE, "force->day", force->day,
                              "a day before WR_PLAN_MAX_DAYS");
    wr_force_state m = *force;
    int lost = 0;
    if (m.crossing_days > 0) {
        if (--m.crossing_days == 0)
            m.far_bank = 1;
    } else {
        int carry = (m.pressing && !halt) ? daily_points + m.points_saved - m.points_spent : 0;
        if (m.unformed_today) { /* a day of unformed movement, counted once */
            m.unformed_days++;
            lost = (int)(((int64_t)figures * half_die * 5 + 99) / 100);
        }
        m.points_saved = carry;
        if (!carry)
            m.pressing = 0;
    }
    m.points_spent = 0;
    m.unformed_today = 0;
    m.day++;
    *force = m;
    *stragglers = lost;
    return WR_OK;
}

wr_status wr_force_rally(wr_force_state *force, int daily_points)
{
    if (force == NULL)
        return WRI_NULL(force);
    wr_status st = wri_campaign_check_force(force, daily_points, WRI_FORCE_FORCE);
    if (st != WR_OK)
        return WRI_PASS(st);
    if (force->crossing_days > 0 || force->far_bank)
        return WRI_FAIL(WR_ERR_STATE, "force->crossing_days", "a force that is not crossing");
    if (moved_today(force))
        return WRI_FAIL(WR_ERR_STATE, "force->points_spent",
                        "[Units, Formed and Unformed] a force that has not moved today");
    if (force->day >= WR_PLAN_MAX_DAYS)
        return WRI_FAIL_VALUE(WR_ERR_RANGE, "force->day", force->day,
                              "a day before WR_PLAN_MAX_DAYS");
    wr_force_state m = *force;
    m.unformed = 0;
    m.at_rally = 1;
    m.rally_days++;
    m.points_saved = 0;
    m.pressing = 0;
    m.day++;
    *force = m;
    return WR_OK;
}

wr_status wr_force_contact(wr_force_state *force, int daily_points, int *non_rallied)
{
    if (force == NULL)
        return WRI_NULL(force);
    if (non_rallied == NULL)
        return WRI_NULL(non_rallied);
    wr_status st = wri_campaign_check_force(force, daily_points, WRI_FORCE_FORCE);
    if (st != WR_OK)
        return WRI_PASS(st);
    /* rafts: formed while collecting timber and building (the first two days) */
    int crossing = force->crossing_days > 0 &&
                   (!(force->crossing & WR_STEP_RAFTS) || force->crossing_days == 1);
    force->points_saved = 0;
    force->points_spent = 0;
    force->pressing = 0;
    if (force->crossing_days == 0)
        force->points_spent = daily_points; /* it still moved today: no rally before tomorrow */
    *non_rallied = force->unformed || crossing;
    return WR_OK;
}
