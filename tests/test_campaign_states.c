/* What a force's state (wr_force_state) and a march (wr_march) may be: every
   field's check, named in the detail, and the transitions that refuse a
   state they do not apply to ("Spending Move Points", "Saving Move Points",
   "Units, Formed and Unformed", "Crossing"). Complements
   tests/test_campaign_force.c, which replays the rules themselves. */
#include <limits.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "warrules/campaign.h"

#define P 12 /* daily points */

static wr_force_state fresh(void)
{
    wr_force_state f;
    assert_int_equal(wr_force_start(&f), WR_OK);
    return f;
}

/* The status of wr_force_check(), and the field its detail names. */
static void refused(const wr_force_state *f, wr_status want, const char *field)
{
    assert_int_equal(wr_force_check(f, P), want);
    wr_error e;
    assert_int_equal(wr_last_error_detail(&e), WR_OK);
    assert_string_equal(e.function, "wr_force_check");
    assert_string_equal(e.argument, field);
}

/* Each flag is 0 or 1. */
static void force_flags_are_zero_or_one(void **state)
{
    (void)state;
    wr_force_state f = fresh();
    f.unformed_today = 2;
    refused(&f, WR_ERR_INVALID, "state->unformed_today");
    f = fresh();
    f.at_rally = -1;
    refused(&f, WR_ERR_INVALID, "state->at_rally");
    f = fresh();
    f.far_bank = 2;
    refused(&f, WR_ERR_INVALID, "state->far_bank");
    f = fresh();
    f.day = 5;
    f.rally_days = -1;
    refused(&f, WR_ERR_RANGE, "state->rally_days");
}

/* [Units, Formed and Unformed] rally days are days waited at a rally point,
   and a force that waited there is formed, with nothing spent or saved. */
static void force_rally_days_only_at_a_rally_point(void **state)
{
    (void)state;
    wr_force_state f = fresh();
    f.day = 4;
    f.rally_days = 2;
    refused(&f, WR_ERR_INVALID, "state->rally_days"); /* not at a rally point */
    f.at_rally = 1;
    assert_int_equal(wr_force_check(&f, P), WR_OK);
    wr_force_state g = f;
    g.points_spent = 3;
    refused(&g, WR_ERR_INVALID, "state->at_rally");
    g = f;
    g.points_saved = 3;
    refused(&g, WR_ERR_INVALID, "state->at_rally");
    g = f;
    g.pressing = 1;
    refused(&g, WR_ERR_INVALID, "state->at_rally");
    /* arrived at the rally point, not waited yet: unformed is allowed */
    g = fresh();
    g.at_rally = 1;
    g.unformed = 1;
    assert_int_equal(wr_force_check(&g, P), WR_OK);
}

/* [Crossing] whole days start on a fresh day: while crossing days remain
   the force is not on the far bank and has nothing spent or saved, and is
   not at a rally point. */
static void force_crossing_days_start_fresh(void **state)
{
    (void)state;
    wr_force_state f = fresh();
    f.day = 3;
    f.crossing_days = 2;
    f.crossing = WR_STEP_FERRY;
    assert_int_equal(wr_force_check(&f, P), WR_OK);
    wr_force_state g = f;
    g.far_bank = 1;
    refused(&g, WR_ERR_INVALID, "state->far_bank");
    g = f;
    g.points_saved = 5;
    refused(&g, WR_ERR_INVALID, "state->crossing_days");
    g = f;
    g.pressing = 1;
    refused(&g, WR_ERR_INVALID, "state->crossing_days");
    g = f;
    g.at_rally = 1;
    refused(&g, WR_ERR_INVALID, "state->crossing_days");
    g = f;
    g.points_spent = 1;
    refused(&g, WR_ERR_INVALID, "state->crossing_days");
    /* and a move while crossing: the crossing's days go on, nothing entered */
    wr_plan_edge next = {1, 6, 0, 0};
    int in = -1;
    assert_int_equal(wr_force_move(&f, P, &next, &in), WR_OK);
    assert_int_equal(in, 0);
    assert_int_equal(f.crossing_days, 2);
}

/* wr_force_move(): a move's points 0..100000 and days 0..1000; a rally is no
   move. */
static void force_move_ranges(void **state)
{
    (void)state;
    wr_force_state f = fresh();
    int in = -1;
    wr_plan_edge e = {1, -1, 0, 0};
    assert_int_equal(wr_force_move(&f, P, &e, &in), WR_ERR_RANGE);
    e.points = WR_PLAN_MAX_EDGE_POINTS + 1;
    assert_int_equal(wr_force_move(&f, P, &e, &in), WR_ERR_RANGE);
    e.points = 6;
    e.days = WR_PLAN_MAX_EDGE_DAYS + 1;
    assert_int_equal(wr_force_move(&f, P, &e, &in), WR_ERR_RANGE);
    e.days = -1;
    assert_int_equal(wr_force_move(&f, P, &e, &in), WR_ERR_RANGE);
    e.days = 0;
    e.flags = WR_STEP_RALLY;
    assert_int_equal(wr_force_move(&f, P, &e, &in), WR_ERR_STATE);
    assert_int_equal(in, -1);
    wr_force_state start = fresh();
    assert_memory_equal(&f, &start, sizeof f); /* refused: unchanged */
}

/* wr_force_end_day(): figures 0..1000000. */
static void force_end_day_figures(void **state)
{
    (void)state;
    wr_force_state f = fresh();
    int lost = -1;
    assert_int_equal(wr_force_end_day(&f, P, 0, 1000001, 2, &lost), WR_ERR_RANGE);
    assert_int_equal(lost, -1);
    assert_int_equal(wr_force_end_day(&f, P, 0, 1000000, 2, &lost), WR_OK);
    assert_int_equal(lost, 0); /* formed all day: no stragglers */
}

/* [Units, Formed and Unformed] a rally day needs a force that has not
   moved today, and no crossing under way. An unformed force that entered a
   hex unformed today moved, though it spent nothing (its day is counted). */
static void force_rally_refusals(void **state)
{
    (void)state;
    wr_force_state f = fresh();
    f.unformed = 1;
    f.unformed_today = 1;
    assert_int_equal(wr_force_rally(&f, P), WR_ERR_STATE);
    wr_error e;
    assert_int_equal(wr_last_error_detail(&e), WR_OK);
    assert_string_equal(e.argument, "force->points_spent");
    f = fresh();
    f.day = 3;
    f.crossing_days = 1;
    f.crossing = WR_STEP_RAFTS;
    assert_int_equal(wr_force_rally(&f, P), WR_ERR_STATE);
    f.crossing_days = 0;
    f.far_bank = 1;
    assert_int_equal(wr_force_rally(&f, P), WR_ERR_STATE);
    assert_int_equal(wr_last_error_detail(&e), WR_OK);
    assert_string_equal(e.argument, "force->crossing_days");
}

/* wr_force_contact(): an unformed force meets the enemy non-rallied; a
   formed one that is not crossing does not; either loses its points. */
static void force_contact_unformed_is_non_rallied(void **state)
{
    (void)state;
    for (int unformed = 0; unformed <= 1; unformed++) {
        wr_force_state f = fresh();
        f.unformed = unformed;
        f.points_spent = 4;
        int non_rallied = -1;
        assert_int_equal(wr_force_contact(&f, P, &non_rallied), WR_OK);
        assert_int_equal(non_rallied, unformed);
        assert_int_equal(f.points_spent, P);
        assert_int_equal(f.points_saved, 0);
    }
}

/* A march's fields are checked as the force's are: each refused with
   WR_ERR_INVALID, naming it. */
static void march_fields_checked(void **state)
{
    (void)state;
    wr_march m;
    assert_int_equal(wr_march_start(P, &m), WR_OK);
    wr_march bad = m;
    bad.unformed_today = 2;
    int in = -1;
    assert_int_equal(wr_march_enter(&bad, 6, 0, &in), WR_ERR_INVALID);
    wr_error e;
    assert_int_equal(wr_last_error_detail(&e), WR_OK);
    assert_string_equal(e.argument, "march->unformed_today");
    bad = m;
    bad.unformed_days = -1;
    assert_int_equal(wr_march_end_day(&bad, 0), WR_ERR_INVALID);
    assert_int_equal(wr_last_error_detail(&e), WR_OK);
    assert_string_equal(e.argument, "march->unformed_days");
    assert_int_equal(in, -1);
}

/* wr_march_end_day() and wr_march_rally() refuse a count that would pass
   INT32_MAX; saved points stop at 1000000 (wr_march: "0..1000000"). */
static void march_limits(void **state)
{
    (void)state;
    wr_march m;
    assert_int_equal(wr_march_start(1000, &m), WR_OK);
    m.unformed = 1;
    m.unformed_today = 1;
    m.unformed_days = INT32_MAX;
    assert_int_equal(wr_march_end_day(&m, 0), WR_ERR_RANGE);
    assert_int_equal(m.unformed_days, INT32_MAX);
    m.unformed_today = 0;
    m.day = INT32_MAX;
    assert_int_equal(wr_march_rally(&m), WR_ERR_RANGE);
    assert_int_equal(m.day, INT32_MAX);
    /* 999,990 points, 6 spent: tomorrow's 1000 more are capped at 1000000 */
    assert_int_equal(wr_march_start(1000, &m), WR_OK);
    m.points = 999990;
    int in = -1;
    assert_int_equal(wr_march_enter(&m, 6, 0, &in), WR_OK);
    assert_int_equal(in, 1);
    assert_int_equal(wr_march_end_day(&m, 0), WR_OK);
    assert_int_equal(m.points, 1000000);
    assert_int_equal(m.day, 2);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(force_flags_are_zero_or_one),
        cmocka_unit_test(force_rally_days_only_at_a_rally_point),
        cmocka_unit_test(force_crossing_days_start_fresh),
        cmocka_unit_test(force_move_ranges),
        cmocka_unit_test(force_end_day_figures),
        cmocka_unit_test(force_rally_refusals),
        cmocka_unit_test(force_contact_unformed_is_non_rallied),
        cmocka_unit_test(march_fields_checked),
        cmocka_unit_test(march_limits),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
