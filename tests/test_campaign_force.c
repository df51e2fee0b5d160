/* A force's state on the march (wr_force_state): the replay calls
   wr_force_move, wr_force_end_day, wr_force_rally and wr_force_contact, rule
   by rule, with the cases the planner's tests reach only through whole
   routes: a halt on a pressing day, a raft crossing's three days in
   contact, the checks of a state that cannot exist. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "warrules/campaign.h"

#include "fixtures.h"

#define P 12 /* daily points */

static wr_force_state fresh(void)
{
    wr_force_state f;
    assert_int_equal(wr_force_start(&f), WR_OK);
    return f;
}

static wr_plan_edge edge(int points, int days, unsigned flags)
{
    wr_plan_edge e = {1, points, days, flags};
    return e;
}

/* [Saving Move Points] a force that pressed on towards a dearer hex keeps
   its points tonight, unless it halts: then they are lost. */
static void halt_loses_pressed_points(void **state)
{
    (void)state;
    for (int halt = 0; halt <= 1; halt++) {
        wr_force_state f = fresh();
        wr_plan_edge cheap = edge(5, 0, 0), dear = edge(18, 0, 0);
        int in = -1, lost = -1;
        assert_int_equal(wr_force_move(&f, P, &cheap, &in), WR_OK);
        assert_int_equal(in, 1);
        assert_int_equal(wr_force_move(&f, P, &dear, &in), WR_OK);
        assert_int_equal(in, 0);
        assert_int_equal(f.pressing, 1);
        assert_int_equal(wr_force_end_day(&f, P, halt, 100, 2, &lost), WR_OK);
        assert_int_equal(lost, 0);
        assert_int_equal(f.day, 2);
        assert_int_equal(f.points_spent, 0);
        if (halt) {
            assert_int_equal(f.points_saved, 0);
            assert_int_equal(f.pressing, 0);
        } else {
            assert_int_equal(f.points_saved, P - 5);
            assert_int_equal(f.pressing, 1);
            /* the next day: 12 + 7 = 19 points reach the dear hex */
            assert_int_equal(wr_force_move(&f, P, &dear, &in), WR_OK);
            assert_int_equal(in, 1);
            assert_int_equal(f.points_spent, 18);
            assert_int_equal(f.pressing, 0);
        }
        assert_int_equal(wr_force_check(&f, P), WR_OK);
    }
    /* a halt on a day it did not press changes nothing of its points */
    wr_force_state f = fresh();
    int lost = -1;
    assert_int_equal(wr_force_end_day(&f, P, 1, 100, 2, &lost), WR_OK);
    assert_int_equal(f.points_saved, 0);
    assert_int_equal(f.pressing, 0);
}

/* [Crossing] rafts: the force collects timber and builds on the first two
   days, formed; only on the third, on the water, is it caught non-rallied.
   A ferry's or a ford's days are all days on the crossing. */
static void raft_crossing_in_contact(void **state)
{
    (void)state;
    const unsigned kinds[] = {WR_STEP_RAFTS, WR_STEP_FERRY};
    for (size_t k = 0; k < 2; k++) {
        for (int caught = 1; caught <= 3; caught++) {
            wr_force_state f = fresh();
            wr_plan_edge cross = edge(0, 3, kinds[k]);
            int in = -1, lost = -1, non_rallied = -1;
            assert_int_equal(wr_force_move(&f, P, &cross, &in), WR_OK);
            assert_int_equal(in, 0);
            assert_int_equal(f.crossing_days, 3);
            for (int day = 1; day < caught; day++)
                assert_int_equal(wr_force_end_day(&f, P, 0, 100, 2, &lost), WR_OK);
            assert_int_equal(f.crossing_days, 4 - caught);
            assert_int_equal(wr_force_contact(&f, P, &non_rallied), WR_OK);
            int want = kinds[k] == WR_STEP_RAFTS ? caught == 3 : 1;
            assert_int_equal(non_rallied, want);
            assert_int_equal(f.points_spent, 0); /* crossing: whole days, nothing spent */
        }
    }
    /* on the far bank, before paying the far hex's entry: formed again */
    wr_force_state f = fresh();
    wr_plan_edge cross = edge(4, 3, WR_STEP_RAFTS);
    int in = -1, lost = -1, non_rallied = -1;
    assert_int_equal(wr_force_move(&f, P, &cross, &in), WR_OK);
    for (int day = 0; day < 3; day++)
        assert_int_equal(wr_force_end_day(&f, P, 0, 100, 2, &lost), WR_OK);
    assert_int_equal(f.far_bank, 1);
    assert_int_equal(wr_force_contact(&f, P, &non_rallied), WR_OK);
    assert_int_equal(non_rallied, 0);
    assert_int_equal(f.points_spent, P); /* it moved today: no rally before tomorrow */
}

/* The replay's own rules: saving, whole days, rally, contact, stragglers. */
static void force_replay_rules(void **state)
{
    (void)state;
    wr_force_state f;
    OK(wr_force_start(&f));
    int in = 0, lost = 0, nr = 0;
    wr_plan_edge hill = {1, 9, 0, 0}, ferry = {2, 6, 1, WR_STEP_FERRY}, mtn = {3, 12, 0, WR_STEP_UNFORMED};
    OK(wr_force_move(&f, 12, &hill, &in));
    assert_int_equal(in, 1);
    OK(wr_force_move(&f, 12, &hill, &in));
    assert_int_equal(in, 0); /* presses on with 3 */
    OK(wr_force_end_day(&f, 12, 0, 100, 2, &lost));
    assert_int_equal(f.points_saved, 3);
    assert_int_equal(f.day, 2);
    OK(wr_force_move(&f, 12, &hill, &in));
    assert_int_equal(in, 1);
    /* a ferry waits for a fresh day; points are lost */
    OK(wr_force_move(&f, 12, &ferry, &in));
    assert_int_equal(in, 0);
    OK(wr_force_end_day(&f, 12, 0, 100, 2, &lost));
    assert_int_equal(f.points_saved, 0);
    OK(wr_force_move(&f, 12, &ferry, &in));
    assert_int_equal(f.crossing_days, 1);
    OK(wr_force_contact(&f, 12, &nr));
    assert_int_equal(nr, 1); /* unformed while crossing */
    OK(wr_force_end_day(&f, 12, 0, 100, 2, &lost));
    assert_int_equal(f.far_bank, 1);
    OK(wr_force_move(&f, 12, &ferry, &in));
    assert_int_equal(in, 1);
    assert_int_equal(f.day, 4);
    assert_int_equal(f.unformed, 0); /* formed on the far bank */
    /* unformed into the mountains: one day of stragglers */
    OK(wr_force_end_day(&f, 12, 0, 100, 2, &lost));
    OK(wr_force_move(&f, 12, &mtn, &in));
    assert_int_equal(f.unformed_today, 1);
    OK(wr_force_end_day(&f, 12, 0, 100, 3, &lost));
    assert_int_equal(lost, 15);
    assert_int_equal(f.unformed_days, 1);
    OK(wr_force_rally(&f, 12));
    assert_int_equal(f.unformed, 0);
    assert_int_equal(f.rally_days, 1);
    OK(wr_force_rally(&f, 12)); /* waits for stragglers */
    assert_int_equal(f.rally_days, 2);
    OK(wr_force_move(&f, 12, &hill, &in));
    assert_int_equal(f.at_rally, 0);
    assert_int_equal(wr_force_rally(&f, 12), WR_ERR_STATE); /* moved today */
    OK(wr_force_contact(&f, 12, &nr));
    assert_int_equal(nr, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(halt_loses_pressed_points),
        cmocka_unit_test(raft_crossing_in_contact),
        cmocka_unit_test(force_replay_rules),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
