/* Fantasy Warlord, hand-to-hand combat: a round and what ends it: disorder
   and the flank test, losers, draws, kills capped, morale outcomes and
   models; starting, advancing and leaving a melee; swarms, fliers and
   units that shrink. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "warrules/melee.h"

#include "fixtures.h"

/* ---- disorder ---------------------------------------------------------- */

static void disorder_rules(void **state)
{
    (void)state;
    wr_profile *p = profile(WR_RACE_HUMAN);
    wr_melee_unit_desc d = wr_melee_unit_desc_default();
    d.kind = WR_UNIT_CHARACTER;
    wr_melee_unit *hero = from_def(p, &d);
    d.flags = WR_UNIT_GIANT;
    wr_melee_unit *giant = from_def(p, &d);
    d = wr_melee_unit_desc_default();
    d.kind = WR_UNIT_MONSTER;
    wr_melee_unit *beast = from_def(p, &d);
    wr_melee_unit *unit = troops(p, 10, 5, WR_WEAPON_SPEAR);
    wr_melee_unit *other = troops(p, 10, 5, 0);
    wr_morale_odds pass = {100, 0, 0};
    struct {
        wr_melee_unit *attacker, *target;
        wr_facing facing;
        int disordered, reason, tested;
    } cases[] = {
        {other, unit, WR_FACING_FLANK, 1, 0, 1},  /* a unit attacks a unit's flank */
        {other, unit, WR_FACING_REAR, 1, 0, 1},   /* and its rear */
        {hero, unit, WR_FACING_FLANK, 0, 1, 1},   /* a character: no disorder, still a test */
        {giant, unit, WR_FACING_REAR, 1, 0, 1},   /* unless he is a giant */
        {other, beast, WR_FACING_FLANK, 0, 2, 0}, /* monsters: not from the flank */
        {other, beast, WR_FACING_REAR, 1, 0, 1},  /* but from the rear */
        {other, hero, WR_FACING_REAR, 0, 3, 0},   /* characters never */
        {other, unit, WR_FACING_FRONT, 0, 0, 0},  /* a frontal attack */
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        wr_situation s = front(1, 1);
        s.side[0].charged = 1;
        s.side[1].attacked_in = cases[i].facing;
        wr_engagement *e = engage(cases[i].attacker, cases[i].target, &s);
        assert_int_equal(wr_engagement_set_morale(e, fixed_morale, &pass), WR_OK);
        const int rolls[] = {7, 7, 7, 7, 7, 7};
        size_t used = 0;
        wr_melee_round r;
        assert_int_equal(wr_engagement_fight_rolls(e, rolls, 6, &used, &r), WR_OK);
        assert_int_equal(r.disordered[1], cases[i].disordered);
        assert_int_equal(r.flank_test[1], cases[i].tested ? WR_MORALE_PASS : WR_MORALE_NONE);
        if (cases[i].reason)
            assert_true(has_event(&r, WR_RULE_NOT_DISORDERED, 1, -1, cases[i].reason));
        if (cases[i].disordered)
            assert_true(has_event(&r, WR_RULE_DISORDERED, 1, -1, -1));
        /* flanked by anyone: only those in contact fight, one rank counts */
        wr_strike k;
        assert_int_equal(wr_engagement_strike(e, 1, &k), WR_OK);
        if (cases[i].target == unit && cases[i].facing != WR_FACING_FRONT) {
            assert_int_equal(k.fighting, 1);
            assert_int_equal(k.ranks, 1);
        }
        if (cases[i].target == unit && cases[i].facing == WR_FACING_FRONT)
            assert_int_equal(k.fighting, 2);
        wr_engagement_free(e);
    }
    /* without a charge there is no flank test (the attack is not new) */
    wr_situation s = front(1, 1);
    s.side[1].attacked_in = WR_FACING_FLANK;
    wr_engagement *e = engage(other, unit, &s);
    const int rolls[] = {7, 7, 7};
    size_t used = 0;
    wr_melee_round r;
    assert_int_equal(wr_engagement_fight_rolls(e, rolls, 3, &used, &r), WR_OK);
    assert_int_equal(r.flank_test[1], WR_MORALE_NONE);
    assert_int_equal(r.disordered[1], 1);
    wr_engagement_free(e);

    /* characters cannot be disordered */
    assert_int_equal(wr_melee_unit_set_disordered(hero, 1), WR_ERR_FORBIDDEN);
    assert_int_equal(wr_melee_unit_set_disordered(hero, 0), WR_OK);
    /* reforming clears disorder */
    assert_int_equal(wr_melee_unit_set_disordered(unit, 1), WR_OK);
    wr_melee_unit_desc got;
    assert_int_equal(wr_melee_unit_get(unit, &got), WR_OK);
    assert_true(got.flags & WR_UNIT_DISORDERED);
    assert_int_equal(wr_melee_unit_set_disordered(unit, 0), WR_OK);
    assert_int_equal(wr_melee_unit_get(unit, &got), WR_OK);
    assert_false(got.flags & WR_UNIT_DISORDERED);

    wr_melee_unit_free(hero);
    wr_melee_unit_free(giant);
    wr_melee_unit_free(beast);
    wr_melee_unit_free(unit);
    wr_melee_unit_free(other);
    wr_profile_free(p);
}

/* ---- rounds: losers, draws, caps, morale ------------------------------- */

static void round_draw_and_cap(void **state)
{
    (void)state;
    duel x;
    /* 2 figures at MCP 100 against 2 at MCP 100: two kills each: both destroyed */
    duel_setup(&x, 2, 100, 2, 100);
    wr_melee_round r;
    size_t used = 9;
    assert_int_equal(wr_engagement_fight_rolls(x.e, NULL, 0, &used, &r), WR_OK);
    assert_int_equal(used, 0);
    assert_int_equal(r.end, WR_END_BOTH_DESTROYED);
    assert_int_equal(r.loser, -1);
    duel_teardown(&x);

    /* 4 at 50 against 4 at 50: two kills each, a draw, no morale roll */
    duel_setup(&x, 4, 50, 4, 50);
    assert_int_equal(wr_engagement_fight_rolls(x.e, NULL, 0, &used, &r), WR_OK);
    assert_int_equal(r.loser, -1);
    assert_int_equal(r.pushed_back, 0);
    assert_int_equal(r.morale, WR_MORALE_NONE);
    assert_int_equal(r.end, WR_END_ONGOING);
    assert_true(has_event(&r, WR_RULE_DRAWN, -1, -1, 2));
    assert_int_equal(wr_engagement_apply(x.e, &r), WR_OK);
    duel_teardown(&x);

    /* kills are capped by the figures present; the defender still strikes */
    duel_setup(&x, 5, 300, 3, 50);
    const int miss[] = {80};
    assert_int_equal(wr_engagement_fight_rolls(x.e, miss, 1, &used, &r), WR_OK);
    assert_int_equal(r.strike[0].hits, 15);
    assert_int_equal(r.strike[0].kills, 3);
    assert_int_equal(r.strike[1].kills, 1); /* 3 * 50 = 150, 80 misses the 50% */
    duel_teardown(&x);
    duel_setup(&x, 5, 300, 3, 60);
    const int rolls[] = {80};
    assert_int_equal(wr_engagement_fight_rolls(x.e, rolls, 1, &used, &r), WR_OK);
    assert_int_equal(used, 1);
    assert_int_equal(r.strike[1].kills, 2); /* 180: 80 hits the 80% */
    assert_int_equal(r.lost[0], 2);
    assert_int_equal(r.lost[1], 3);
    assert_int_equal(r.end, WR_END_B_DESTROYED);
    assert_true(has_event(&r, WR_RULE_KILLS_CAPPED, 0, -1, 15));
    assert_true(has_event(&r, WR_RULE_DESTROYED, 1, -1, -1));
    assert_int_equal(wr_engagement_apply(x.e, &r), WR_OK);
    wr_melee_end end;
    int rounds;
    assert_int_equal(wr_engagement_status(x.e, &end, &rounds), WR_OK);
    assert_int_equal(end, WR_END_B_DESTROYED);
    /* an ended engagement fights no more */
    assert_int_equal(wr_engagement_fight_rolls(x.e, rolls, 1, &used, &r), WR_ERR_STATE);
    wr_strike k;
    assert_int_equal(wr_engagement_strike(x.e, 0, &k), WR_ERR_STATE);
    duel_teardown(&x);
}

static void round_morale_outcomes(void **state)
{
    (void)state;
    wr_morale_odds odds = {30, 20, 50};
    const struct {
        int roll;
        wr_morale_result result;
        wr_melee_end end;
        int pursuit;
    } cases[] = {{1, WR_MORALE_PASS, WR_END_ONGOING, -1},
                 {30, WR_MORALE_PASS, WR_END_ONGOING, -1},
                 {31, WR_MORALE_RETIRE, WR_END_B_RETIRES, -1},
                 {50, WR_MORALE_RETIRE, WR_END_B_RETIRES, -1},
                 {51, WR_MORALE_ROUT, WR_END_B_ROUTS, 0},
                 {100, WR_MORALE_ROUT, WR_END_B_ROUTS, 0}};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        duel x;
        duel_setup(&x, 5, 60, 5, 20); /* 3 kills against 1 */
        assert_int_equal(wr_engagement_set_morale(x.e, fixed_morale, &odds), WR_OK);
        size_t used = 0;
        wr_melee_round r;
        assert_int_equal(wr_engagement_fight_rolls(x.e, &cases[i].roll, 1, &used, &r), WR_OK);
        assert_int_equal(r.loser, 1);
        assert_int_equal(r.morale, cases[i].result);
        assert_int_equal(r.end, cases[i].end);
        assert_int_equal(r.pursuit, cases[i].pursuit);
        assert_int_equal(r.morale_odds.pass, 30);
        if (cases[i].pursuit == 0)
            assert_true(has_event(&r, WR_RULE_PURSUIT, 0, -1, -1));
        assert_int_equal(wr_engagement_apply(x.e, &r), WR_OK);
        wr_melee_end end;
        int rounds;
        assert_int_equal(wr_engagement_status(x.e, &end, &rounds), WR_OK);
        assert_int_equal(end, cases[i].end);
        duel_teardown(&x);
    }
}

static wr_status failing_morale(void *user, const wr_morale_test *test, wr_morale_odds *odds)
{
    (void)user;
    (void)test;
    (void)odds;
    return WR_ERR_FORBIDDEN;
}

static void morale_models(void **state)
{
    (void)state;
    duel x;
    duel_setup(&x, 5, 60, 5, 20);
    const int roll = 5;
    size_t used = 0;
    wr_melee_round r;
    assert_int_equal(wr_engagement_set_morale(x.e, failing_morale, NULL), WR_OK);
    assert_int_equal(wr_engagement_fight_rolls(x.e, &roll, 1, &used, &r), WR_ERR_FORBIDDEN);
    wr_morale_odds bad = {50, 50, 1};
    assert_int_equal(wr_engagement_set_morale(x.e, fixed_morale, &bad), WR_OK);
    assert_int_equal(wr_engagement_fight_rolls(x.e, &roll, 1, &used, &r), WR_ERR_INVALID);
    wr_morale_odds negative = {-1, 51, 50};
    assert_int_equal(wr_engagement_set_morale(x.e, fixed_morale, &negative), WR_OK);
    assert_int_equal(wr_engagement_fight_rolls(x.e, &roll, 1, &used, &r), WR_ERR_INVALID);
    assert_int_equal(wr_engagement_set_morale(x.e, NULL, NULL), WR_OK); /* back to the sample */
    assert_int_equal(wr_engagement_fight_rolls(x.e, &roll, 1, &used, &r), WR_OK);
    assert_int_equal(r.morale_odds.pass, 50);
    assert_int_equal(r.morale_odds.rout, 50);
    duel_teardown(&x);

    /* the sample model adds the profile's morale modifiers */
    wr_profile *p = profile(WR_RACE_HUMAN);
    assert_int_equal(wr_profile_set_morale_modifier(p, WR_MORALE_LOST_ROUND, -10), WR_OK);
    assert_int_equal(wr_profile_set_morale_modifier(p, WR_MORALE_PER_FIGURE_LOST, -5), WR_OK);
    assert_int_equal(wr_profile_set_morale_modifier(p, WR_MORALE_ATTACKED_FLANK, -20), WR_OK);
    assert_int_equal(wr_profile_set_morale_modifier(p, WR_MORALE_ATTACKED_REAR, -30), WR_OK);
    assert_int_equal(wr_profile_set_morale_modifier(p, WR_MORALE_DISORDERED, -7), WR_OK);
    assert_int_equal(wr_profile_set_morale_modifier(p, WR_MORALE_CHARACTER_PRESENT, 9), WR_OK);
    assert_int_equal(wr_profile_set_morale_modifier(p, WR_MORALE_FIGHTING_MONSTER, -11), WR_OK);
    assert_int_equal(wr_profile_set_retire_band(p, 25), WR_OK);
    wr_melee_unit_desc d = wr_melee_unit_desc_default();
    d.morale = 70;
    wr_melee_unit *u = from_def(p, &d);
    wr_morale_test t;
    memset(&t, 0, sizeof t);
    t.unit = u;
    t.reason = WR_MORALE_REASON_LOST_ROUND;
    t.lost = 3;
    wr_morale_odds o;
    assert_int_equal(wr_morale_sample(NULL, &t, &o), WR_OK);
    assert_int_equal(o.pass, 70 - 10 - 15);
    assert_int_equal(o.retire, 25);
    assert_int_equal(o.rout, 100 - 45 - 25);
    t.reason = WR_MORALE_REASON_REAR;
    t.disordered = 1;
    t.character_present = 1;
    t.enemy_monster = 1;
    assert_int_equal(wr_morale_sample(NULL, &t, &o), WR_OK);
    assert_int_equal(o.pass, 70 - 30 - 7 + 9 - 11);
    t.reason = WR_MORALE_REASON_FLANK;
    t.disordered = 0;
    t.character_present = 0;
    t.enemy_monster = 0;
    assert_int_equal(wr_morale_sample(NULL, &t, &o), WR_OK);
    assert_int_equal(o.pass, 50);
    assert_int_equal(o.retire, 25);
    /* clamped to 0..100 */
    assert_int_equal(wr_profile_set_morale_modifier(p, WR_MORALE_ATTACKED_FLANK, -1000), WR_OK);
    assert_int_equal(wr_morale_sample(NULL, &t, &o), WR_OK);
    assert_int_equal(o.pass, 0);
    assert_int_equal(o.retire, 0);
    assert_int_equal(o.rout, 100);
    assert_int_equal(wr_profile_set_morale_modifier(p, WR_MORALE_ATTACKED_FLANK, 1000), WR_OK);
    assert_int_equal(wr_morale_sample(NULL, &t, &o), WR_OK);
    assert_int_equal(o.pass, 100);
    assert_int_equal(o.rout, 0);
    wr_melee_unit_free(u);
    wr_profile_free(p);
}

/* ---- starting, advancing, leaving -------------------------------------- */

static void starting_and_leaving(void **state)
{
    (void)state;
    int starts = -1;
    const int expect[] = {1, 1, 1, 0, 0};
    for (int m = 0; m <= WR_MOVE_OTHER; m++) {
        assert_int_equal(wr_melee_may_start((wr_contact_move)m, &starts), WR_OK);
        assert_int_equal(starts, expect[m]);
    }
    int a = -1, b = -1;
    assert_int_equal(wr_advance_stop(200, 100, 100, &a, &b), WR_OK);
    assert_int_equal(a, 75);
    assert_int_equal(b, 75);
    assert_int_equal(wr_advance_stop(120, 100, 50, &a, &b), WR_OK);
    assert_int_equal(a, 46);
    assert_int_equal(b, 24);
    assert_int_equal(a + b + WR_ADVANCE_STOP_MM, 120);
    assert_int_equal(wr_advance_stop(50, 100, 100, &a, &b), WR_OK); /* already 5 cm: stay */
    assert_int_equal(a + b, 0);
    assert_int_equal(wr_advance_stop(30, 100, 0, &a, &b), WR_OK);
    assert_int_equal(a + b, 0);
    assert_int_equal(wr_advance_stop(300, 100, 100, &a, &b), WR_OK); /* no contact */
    assert_int_equal(a, 100);
    assert_int_equal(b, 100);
    assert_int_equal(wr_advance_stop(200, 0, 300, &a, &b), WR_OK);
    assert_int_equal(a, 0);
    assert_int_equal(b, 150);
    /* 4 cm apart with moves that would not meet: not "into each other", unchanged */
    assert_int_equal(wr_advance_stop(40, 10, 10, &a, &b), WR_OK);
    assert_int_equal(a, 10);
    assert_int_equal(b, 10);

    wr_profile *p = profile(WR_RACE_OTHER);
    wr_melee_unit_desc d = wr_melee_unit_desc_default();
    wr_melee_unit *ground = from_def(p, &d);
    d.flags = WR_UNIT_FLYING;
    wr_melee_unit *low = from_def(p, &d);
    d.flags = WR_UNIT_FLYING | WR_UNIT_COMBAT_HEIGHT;
    wr_melee_unit *high = from_def(p, &d);
    int may = -1;
    assert_int_equal(wr_melee_unit_may_leave(ground, &may), WR_OK);
    assert_int_equal(may, 0);
    assert_int_equal(wr_melee_unit_may_leave(low, &may), WR_OK);
    assert_int_equal(may, 0);
    assert_int_equal(wr_melee_unit_may_leave(high, &may), WR_OK);
    assert_int_equal(may, 1);
    wr_melee_unit_free(ground);
    wr_melee_unit_free(low);
    wr_melee_unit_free(high);
    wr_profile_free(p);
}

static void units(void **state)
{
    (void)state;
    wr_profile *p = profile(WR_RACE_HUMAN);
    wr_melee_unit_desc d = wr_melee_unit_desc_default();
    assert_int_equal(d.kind, WR_UNIT_TROOPS);
    assert_int_equal(d.figures, 1);
    assert_int_equal(d.morale, 50);
    d.figures = 30;
    d.files = 10;
    d.flags = WR_UNIT_SWARM;
    wr_melee_unit *swarm = from_def(p, &d);
    d = wr_melee_unit_desc_default();
    d.figures = 6;
    d.files = 6;
    d.flags = WR_UNIT_FLYING;
    wr_melee_unit *bats = from_def(p, &d);
    wr_melee_unit *men = troops(p, 20, 10, WR_WEAPON_SPEAR);
    wr_situation s = front(2, 3);
    wr_engagement *e = NULL;
    /* swarms and fliers cannot fight hand to hand */
    assert_int_equal(wr_engagement_new(swarm, bats, &s, &e), WR_ERR_INVALID);
    assert_int_equal(wr_engagement_new(bats, swarm, &s, &e), WR_ERR_INVALID);
    assert_null(e);
    /* fliers over a unit: every figure on both sides */
    e = engage(bats, men, &s);
    wr_strike k;
    assert_int_equal(wr_engagement_strike(e, 0, &k), WR_OK);
    assert_int_equal(k.fighting, 6);
    assert_int_equal(wr_engagement_strike(e, 1, &k), WR_OK);
    assert_int_equal(k.fighting, 20);
    wr_engagement_free(e);
    /* a ground swarm counts every figure */
    e = engage(swarm, men, &s);
    assert_int_equal(wr_engagement_strike(e, 0, &k), WR_OK);
    assert_int_equal(k.fighting, 30);
    assert_int_equal(k.fighting_case, 3);
    assert_int_equal(wr_engagement_strike(e, 1, &k), WR_OK);
    assert_int_equal(k.fighting, 6);
    wr_engagement_free(e);

    /* figures left shrink the front: in contact is clipped */
    assert_int_equal(wr_melee_unit_set_figures(men, 2), WR_OK);
    s = front(2, 10);
    assert_int_equal(wr_melee_unit_set_figures(men, 20), WR_OK);
    e = engage(swarm, men, &s);
    assert_int_equal(wr_melee_unit_set_figures(men, 3), WR_OK);
    assert_int_equal(wr_engagement_strike(e, 1, &k), WR_OK);
    assert_int_equal(k.fighting, 3);
    assert_int_equal(wr_melee_unit_set_figures(men, 0), WR_OK);
    assert_int_equal(wr_engagement_strike(e, 1, &k), WR_ERR_STATE);
    wr_engagement_free(e);
    wr_melee_unit_desc got;
    assert_int_equal(wr_melee_unit_get(men, &got), WR_OK);
    assert_int_equal(got.figures, 0);
    assert_int_equal(got.files, 10);
    wr_melee_unit_free(swarm);
    wr_melee_unit_free(bats);
    wr_melee_unit_free(men);
    wr_melee_unit_free(NULL);
    wr_engagement_free(NULL);
    wr_profile_free(p);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(disorder_rules),
        cmocka_unit_test(round_draw_and_cap),
        cmocka_unit_test(round_morale_outcomes),
        cmocka_unit_test(morale_models),
        cmocka_unit_test(starting_and_leaving),
        cmocka_unit_test(units),
    };
    return cmocka_run_group_tests_name("melee_round", tests, NULL, NULL);
}
