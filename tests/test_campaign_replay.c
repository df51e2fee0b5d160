/* Campaign module, plans from a force's state (wr_planner_plan) carried
   out day by day with the replay functions: a zero query plans what
   wr_planner_route() plans, every plan replays exactly, re-planning from
   each state reached agrees, and a strategy game's turn loop of thirty
   days. The tests share one planner (the group's). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "warrules/campaign.h"

#include "fixtures.h"

/* A zero query plans exactly what wr_planner_route() plans; a plan replays
   exactly; re-planning from every state reached gives the same arrival. */
static void plan_zero_query_and_replanning(void **state)
{
    wr_planner *pl = *state;
    unsigned s = 31337;
    for (int trial = 0; trial < 60; trial++) {
        int vessel = trial % 3 == 2;
        wr_map *m = vessel ? random_water_map(&s, 4 + (int)(rnd(&s) % 6), 3 + (int)(rnd(&s) % 6))
                           : random_land_map(&s, 4 + (int)(rnd(&s) % 6), 3 + (int)(rnd(&s) % 6));
        wr_plan_params p;
        random_params(&s, &p, vessel);
        p.figures = 100;
        int w = 0, h = 0;
        OK(wr_map_size(m, &w, &h));
        for (int k = 0; k < 12; k++) {
            wr_hex from, to;
            OK(wr_map_hex(m, (int32_t)(rnd(&s) % (unsigned)(w * h)), &from));
            OK(wr_map_hex(m, (int32_t)(rnd(&s) % (unsigned)(w * h)), &to));
            wr_route a;
            wr_plan_result b;
            wr_status sa = wr_planner_route(pl, m, &p, from, to, &a);
            if (sa == WR_OK) {
                wr_step steps[4096];
                assert_true(a.step_count <= 4096);
                memcpy(steps, a.steps, a.step_count * sizeof *steps);
                OK(wr_planner_plan(pl, m, &p, NULL, from, to, &b));
                assert_int_equal(b.outcome, WR_PLAN_FOUND);
                assert_int_equal(b.route.step_count, a.step_count);
                assert_memory_equal(b.route.steps, steps, a.step_count * sizeof *steps);
                assert_int_equal(b.route.unformed_days, a.unformed_days);
                assert_int_equal(b.route.stragglers, a.stragglers);
                wr_force_state zero;
                OK(wr_force_start(&zero));
                wr_plan_query q;
                memset(&q, 0, sizeof q);
                assert_int_equal(replay_plan(m, &p, &q, &b, &zero, 1), b.route.stragglers);
                /* any formation: the replay reaches it too, re-planning agrees */
                q.objective = WR_OBJECTIVE_EARLIEST;
                OK(wr_planner_plan(pl, m, &p, &q, from, to, &b));
                assert_int_equal(b.outcome, WR_PLAN_FOUND);
                assert_true(b.route.arrival_day <= a.arrival_day);
                replay_plan(m, &p, &q, &b, &zero, 1);
                /* fewest days of unformed movement: no more than the earliest
                   plan's; none when a formed route exists, then its arrival */
                q.objective = WR_OBJECTIVE_FEWEST_UNFORMED;
                OK(wr_planner_plan(pl, m, &p, &q, from, to, &b));
                assert_int_equal(b.outcome, WR_PLAN_FOUND);
                assert_true(b.route.unformed_days <= a.unformed_days);
                assert_true(b.route.arrival_day >= a.arrival_day);
                assert_int_equal(b.arrival.unformed, 0);
                replay_plan(m, &p, &q, &b, &zero, 0);
                wr_plan_result c;
                wr_plan_params formed = p;
                formed.options &= ~WR_PLAN_UNFORMED;
                OK(wr_planner_plan(pl, m, &formed, NULL, from, to, &c));
                if (c.outcome == WR_PLAN_FOUND) {
                    OK(wr_planner_plan(pl, m, &p, &q, from, to, &b));
                    assert_int_equal(b.route.unformed_days, 0);
                    assert_int_equal(b.route.arrival_day, c.route.arrival_day);
                    assert_int_equal(b.route.points_left, c.route.points_left);
                }

            } else if (sa == WR_ERR_FORBIDDEN) {
                sa = wr_planner_plan(pl, m, &p, NULL, from, to, &b);
                assert_true(sa == WR_ERR_FORBIDDEN || (sa == WR_OK && b.outcome == WR_PLAN_NO_ROUTE));
            } else {
                fail();
            }
        }
        wr_map_free(m);
    }
}

/* The turn loop of a strategy game: several forces on a random map, each
   re-planning every morning from the state its replay reached, for 30 days;
   with no enemy and nothing blocked each arrives on the day its first plan
   said, with the points it said. */
static void game_loop_thirty_days(void **state)
{
    (void)state;
    unsigned s = 4711;
    for (int game = 0; game < 6; game++) {
        const int vessel = game % 3 == 2; /* land and water */
        wr_map *m = vessel ? random_water_map(&s, 14, 10) : random_land_map(&s, 14, 10);
        enum { FORCES = 6 };
        wr_plan_params p[FORCES];
        wr_force_state f[FORCES];
        wr_plan_result plan[FORCES];
        wr_planner *pl[FORCES];
        wr_hex from[FORCES], to[FORCES];
        int first_day[FORCES], first_left[FORCES], active[FORCES], arrived[FORCES];
        size_t next[FORCES];
        int left[FORCES];
        wr_plan_query q;
        memset(&q, 0, sizeof q);
        for (int k = 0; k < FORCES; k++) {
            random_params(&s, &p[k], vessel);
            p[k].figures = 200;
            left[k] = 200;
            OK(wr_planner_new(&pl[k]));
            OK(wr_force_start(&f[k]));
            active[k] = 0;
            arrived[k] = 0;
            for (int tries = 0; tries < 200 && !active[k]; tries++) {

                OK(wr_map_hex(m, (int32_t)(rnd(&s) % 140u), &from[k]));
                OK(wr_map_hex(m, (int32_t)(rnd(&s) % 140u), &to[k]));
                q.start = &f[k];
                wr_status st = wr_planner_plan(pl[k], m, &p[k], &q, from[k], to[k], &plan[k]);
                if (st == WR_OK && plan[k].outcome == WR_PLAN_FOUND &&
                    plan[k].route.arrival_day <= 30 && plan[k].route.step_count > 3)
                    active[k] = 1;
            }
            first_day[k] = plan[k].route.arrival_day;
            first_left[k] = plan[k].route.points_left;
            next[k] = 1;
        }
        for (int day = 1; day <= 30; day++) {
            for (int k = 0; k < FORCES; k++) {
                if (!active[k] || arrived[k])
                    continue;
                const int P = p[k].costs.daily_points;
                assert_int_equal(f[k].day, day);
                if (f[k].crossing_days == 0 && !f[k].far_bank) { /* plan again this morning */
                    wr_hex here = plan[k].route.steps[next[k] - 1].hex;
                    q.start = &f[k];
                    OK(wr_planner_plan(pl[k], m, &p[k], &q, here, to[k], &plan[k]));
                    assert_int_equal(plan[k].outcome, WR_PLAN_FOUND);
                    assert_int_equal(plan[k].route.arrival_day, first_day[k]);
                    assert_int_equal(plan[k].route.points_left, first_left[k]);
                    next[k] = 1;
                }
                /* the day's moves */
                int ended = 0;
                while (next[k] < plan[k].route.step_count) {
                    const wr_plan_edge *mv = &plan[k].moves[next[k]];
                    const wr_step *sp = &plan[k].route.steps[next[k]];
                    if (mv->flags & WR_STEP_RALLY) {
                        if (!moved_today(&f[k])) {
                            OK(wr_force_rally(&f[k], P));
                            assert_int_equal(sp->day, day);
                            next[k]++;
                            ended = 1;
                        }
                        break;
                    }
                    int in = 0;
                    OK(wr_force_move(&f[k], P, mv, &in));
                    if (!in)
                        break;
                    assert_int_equal(sp->day, day);
                    assert_int_equal(P + f[k].points_saved - f[k].points_spent, sp->points_left);
                    next[k]++;
                }
                if (next[k] == plan[k].route.step_count) {
                    arrived[k] = 1;
                    assert_int_equal(ended ? f[k].day - 1 : f[k].day, first_day[k]);
                    assert_int_equal(ended ? 0 : P + f[k].points_saved - f[k].points_spent,
                                     first_left[k]);
                    assert_memory_equal(&f[k], &plan[k].arrival, sizeof f[k]);
                } else if (!ended) {
                    int lost = 0, d6 = 0;
                    wr_rng *rng = NULL;
                    OK(wr_rng_new((uint64_t)(day * 31 + k), &rng));
                    int half = 0;
                    OK(wr_half_die_rng(rng, &half));
                    (void)d6;
                    OK(wr_force_end_day(&f[k], P, 0, left[k], half, &lost));
                    left[k] -= lost;
                    wr_rng_free(rng);
                }
            }
        }
        int played = 0;
        for (int k = 0; k < FORCES; k++) {
            if (active[k]) {
                assert_true(arrived[k]);
                played++;
            }
            wr_planner_free(pl[k]);
        }
        assert_true(played >= FORCES / 2);
        wr_map_free(m);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(plan_zero_query_and_replanning),
        cmocka_unit_test(game_loop_thirty_days),
    };
    return cmocka_run_group_tests_name("campaign_replay", tests, planner_setup, planner_teardown);
}
