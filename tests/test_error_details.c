/* The error details (wr_last_error_detail) of the failures whose argument
   names were wrong before 1.2.0: each names a parameter of the function
   called, or a path from one, and the value it had. tests/invalid.h checks
   every provoked detail's name against the headers; this file pins the
   exact name and value of these. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "warrules/warrules.h"

#include "fixtures.h"

/* The call returned status and its detail is fn: arg = value. */
static void detail_is(wr_status got, wr_status status, const char *fn, const char *arg,
                      long long value)
{
    assert_int_equal(got, status);
    wr_error e;
    assert_int_equal(wr_last_error_detail(&e), WR_OK);
    assert_int_equal(e.status, status);
    assert_string_equal(e.function, fn);
    assert_string_equal(e.argument, arg);
    assert_true(e.has_value);
    assert_int_equal(e.value, value);
}

#ifdef WR_HAVE_CAMPAIGN
static void force_calls(void **state)
{
    (void)state;
    wr_force_state f;
    assert_int_equal(wr_force_start(&f), WR_OK);
    f.day = 0;
    wr_plan_edge mv = {1, 6, 0, 0};
    int out = 0;
    detail_is(wr_force_check(&f, 12), WR_ERR_RANGE, "wr_force_check", "state->day", 0);
    detail_is(wr_force_move(&f, 12, &mv, &out), WR_ERR_RANGE, "wr_force_move", "force->day", 0);
    detail_is(wr_force_end_day(&f, 12, 0, 10, 2, &out), WR_ERR_RANGE, "wr_force_end_day", "force->day",
              0);
    detail_is(wr_force_rally(&f, 12), WR_ERR_RANGE, "wr_force_rally", "force->day", 0);
    detail_is(wr_force_contact(&f, 12, &out), WR_ERR_RANGE, "wr_force_contact", "force->day", 0);
    assert_int_equal(wr_force_start(&f), WR_OK);
    f.pressing = 7;
    detail_is(wr_force_move(&f, 12, &mv, &out), WR_ERR_INVALID, "wr_force_move", "force->pressing", 7);
    detail_is(wr_force_move(&f, 0, &mv, &out), WR_ERR_RANGE, "wr_force_move", "daily_points", 0);
    /* a check without a number before 1.2.0 shows the field's value now */
    assert_int_equal(wr_force_start(&f), WR_OK);
    f.unformed_today = 1;
    detail_is(wr_force_rally(&f, 12), WR_ERR_INVALID, "wr_force_rally", "force->unformed_today", 1);
}

static void planner_start(void **state)
{
    (void)state;
    wr_map *m = NULL;
    wr_planner *pl = NULL;
    assert_int_equal(wr_map_new(4, 3, &m), WR_OK);
    assert_int_equal(wr_planner_new(&pl), WR_OK);
    wr_plan_params params;
    assert_int_equal(wr_plan_params_default(WR_MOVER_INFANTRY, &params), WR_OK);
    wr_force_state start;
    assert_int_equal(wr_force_start(&start), WR_OK);
    start.points_saved = 5; /* saved on day 1 */
    wr_plan_query q;
    memset(&q, 0, sizeof q);
    q.start = &start;
    wr_plan_result r;
    wr_hex a = {0, 0}, b = {1, 0};
    detail_is(wr_planner_plan(pl, m, &params, &q, a, b, &r), WR_ERR_RANGE, "wr_planner_plan",
              "query->start->points_saved", 5);
    wr_arrival field[12];
    detail_is(wr_planner_plan_field(pl, m, &params, &q, a, field, 12), WR_ERR_RANGE,
              "wr_planner_plan_field", "query->start->points_saved", 5);
    wr_planner_free(pl);
    wr_map_free(m);
}
#endif

#ifdef WR_HAVE_BATTLESYSTEM
static void movement_spend(void **state)
{
    (void)state;
    wr_figure *fig = figure_with_mv(12);
    wr_battle_unit_desc d = wr_battle_unit_desc_default();
    d.figures = 20;
    wr_battle_unit *u = NULL;
    assert_int_equal(wr_battle_unit_new(fig, &d, &u), WR_OK);
    wr_formation *f = NULL;
    assert_int_equal(wr_formation_new(WR_ORDER_OPEN, 10, 0, &f), WR_OK);
    assert_int_equal(wr_movement_phase_begin(u, f), WR_OK);
    detail_is(wr_movement_phase_spend(u, f, 577), WR_ERR_FORBIDDEN, "wr_movement_phase_spend", "points", 577);
    wr_formation_free(f);
    wr_battle_unit_free(u);
    wr_figure_free(fig);
}

static void rate_chariot(void **state)
{
    (void)state;
    wr_figure *horse = figure_with_mv(24);
    const wr_figure *crew[3] = {horse, NULL, horse};
    wr_figure *out = NULL;
    detail_is(wr_rate_chariot(crew, 3, crew, 1, &out), WR_ERR_NULL, "wr_rate_chariot", "passengers[1]",
              0);
    detail_is(wr_rate_chariot(crew, 1, crew, 2, &out), WR_ERR_NULL, "wr_rate_chariot", "pullers[1]", 0);
    detail_is(wr_rate_chariot_ex(crew, 1, crew, 3, NULL, &out), WR_ERR_NULL, "wr_rate_chariot_ex",
              "pullers[1]", 0);
    assert_null(out);
    wr_figure_free(horse);
}
#endif

#ifdef WR_HAVE_MELEE
/* A fight added, then a unit changed: the phase is what the reads name. */
static void melee_phase_reads(void **state)
{
    (void)state;
    wr_profile *p = NULL;
    assert_int_equal(wr_profile_new(WR_RACE_HUMAN, &p), WR_OK);
    wr_melee_unit *a = troops(p, 10, 5, 0), *b = troops(p, 10, 5, 0);
    wr_melee_phase *phase = NULL;
    assert_int_equal(wr_melee_phase_new(&phase), WR_OK);
    wr_phase_fight fight;
    memset(&fight, 0, sizeof fight);
    for (int i = 0; i < 2; i++) {
        fight.side[i].unit = i ? b : a;
        fight.side[i].face = WR_FACING_FRONT;
        fight.side[i].in_contact = 5;
        fight.side[i].corner_fights = WR_PHASE_DEFAULT;
    }
    int index = -1;
    assert_int_equal(wr_melee_phase_add(phase, &fight, &index), WR_OK);
    size_t most = 0;
    wr_rng *rng = NULL;
    assert_int_equal(wr_rng_new(1, &rng), WR_OK);
    /* side 1's unit down to 3 figures: its 5 in contact no longer fit */
    assert_int_equal(wr_melee_unit_set_figures(b, 3), WR_OK);
    detail_is(wr_melee_phase_dice_needed(phase, &most), WR_ERR_STATE, "wr_melee_phase_dice_needed",
              "phase", 5);
    detail_is(wr_melee_phase_resolve_rng(phase, rng), WR_ERR_STATE, "wr_melee_phase_resolve_rng", "phase", 5);
    /* and with none left */
    assert_int_equal(wr_melee_unit_set_figures(b, 0), WR_OK);
    detail_is(wr_melee_phase_dice_needed(phase, &most), WR_ERR_STATE, "wr_melee_phase_dice_needed",
              "phase", 0);
    size_t used = 0;
    detail_is(wr_melee_phase_resolve_rolls(phase, NULL, 0, &used), WR_ERR_STATE,
              "wr_melee_phase_resolve_rolls", "phase", 0);
    /* when added, the same misfit names the fight's side */
    assert_int_equal(wr_melee_unit_set_figures(b, 3), WR_OK);
    wr_melee_phase *other = NULL;
    assert_int_equal(wr_melee_phase_new(&other), WR_OK);
    detail_is(wr_melee_phase_add(other, &fight, &index), WR_ERR_RANGE, "wr_melee_phase_add",
              "fight->side[1].in_contact", 5);
    wr_melee_phase_free(other);
    wr_rng_free(rng);
    wr_melee_phase_free(phase);
    wr_melee_unit_free(a);
    wr_melee_unit_free(b);
    wr_profile_free(p);
}

static wr_status odds_101(void *user, const wr_morale_test *test, wr_morale_odds *odds)
{
    (void)user;
    (void)test;
    odds->pass = 50;
    odds->retire = 50;
    odds->rout = 1;
    return WR_OK;
}

/* A morale model's bad odds: named by the handle holding the model. */
static void morale_model_odds(void **state)
{
    (void)state;
    wr_profile *p = NULL;
    assert_int_equal(wr_profile_new(WR_RACE_HUMAN, &p), WR_OK);
    assert_int_equal(wr_profile_set_bcp(p, 0, 0, 60), WR_OK);
    assert_int_equal(wr_profile_set_bcp(p, 0, 1, 20), WR_OK);
    wr_melee_unit_desc d = wr_melee_unit_desc_default();
    d.figures = 5;
    d.files = 5;
    d.armour = 1;
    wr_melee_unit *a = NULL, *b = NULL;
    assert_int_equal(wr_melee_unit_new(p, &d, &a), WR_OK);
    d.armour = 0;
    assert_int_equal(wr_melee_unit_new(p, &d, &b), WR_OK);
    wr_situation s;
    memset(&s, 0, sizeof s);
    s.side[0].in_contact = 5;
    s.side[1].in_contact = 5;
    wr_engagement *e = NULL;
    assert_int_equal(wr_engagement_new(a, b, &s, &e), WR_OK);
    assert_int_equal(wr_engagement_set_morale(e, odds_101, NULL), WR_OK);
    wr_melee_round r;
    size_t used = 0;
    const int roll = 5;
    detail_is(wr_engagement_fight_rolls(e, &roll, 1, &used, &r), WR_ERR_INVALID,
              "wr_engagement_fight_rolls", "engagement", 101);
    wr_melee_phase *phase = NULL;
    assert_int_equal(wr_melee_phase_new(&phase), WR_OK);
    wr_phase_fight fight;
    memset(&fight, 0, sizeof fight);
    for (int i = 0; i < 2; i++) {
        fight.side[i].unit = i ? b : a;
        fight.side[i].face = WR_FACING_FRONT;
        fight.side[i].in_contact = 5;
        fight.side[i].corner_fights = WR_PHASE_DEFAULT;
    }
    int index = -1;
    assert_int_equal(wr_melee_phase_add(phase, &fight, &index), WR_OK);
    assert_int_equal(wr_melee_phase_set_morale(phase, odds_101, NULL), WR_OK);
    detail_is(wr_melee_phase_resolve_rolls(phase, &roll, 1, &used), WR_ERR_INVALID,
              "wr_melee_phase_resolve_rolls", "phase", 101);
    wr_melee_phase_free(phase);
    wr_engagement_free(e);
    wr_melee_unit_free(a);
    wr_melee_unit_free(b);
    wr_profile_free(p);
}
#endif

int main(void)
{
    const struct CMUnitTest tests[] = {
#ifdef WR_HAVE_CAMPAIGN
        cmocka_unit_test(force_calls),
        cmocka_unit_test(planner_start),
#endif
#ifdef WR_HAVE_BATTLESYSTEM
        cmocka_unit_test(movement_spend),
        cmocka_unit_test(rate_chariot),
#endif
#ifdef WR_HAVE_MELEE
        cmocka_unit_test(melee_phase_reads),
        cmocka_unit_test(morale_model_odds),
#endif
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
