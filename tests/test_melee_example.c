/* Fantasy Warlord, hand-to-hand combat: the worked example of the text,
   dwarf veterans against orc urucks, round by round (each test has the
   example fresh from its setup, tests/fixtures.h), the same round from a
   wr_rng, its events as text; the orc spearmen attacked in the flank. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "warrules/melee.h"

#include "fixtures.h"

/* ---- the worked example: dwarf veterans against orc urucks ------------- */

static void example_dwarfs_and_urucks(void **state)
{
    example *x = *state;
    wr_strike k;
    /* the dwarfs: BCP 14, +10 charged, +8 hated foe, +2 for each of two
       complete ranks, +6 veterans = +28 (the text prints +26 but uses 42) */
    assert_int_equal(wr_engagement_strike(x->e, 0, &k), WR_OK);
    assert_int_equal(k.bcp, 14);
    assert_int_equal(k.mod[WR_MOD_CHARGED], 10);
    assert_int_equal(k.mod[WR_MOD_HATED_FOE], 8);
    assert_int_equal(k.ranks, 2);
    assert_int_equal(k.mod[WR_MOD_PER_RANK], 4);
    assert_int_equal(k.mod[WR_MOD_ELITE_VETERAN], 6);
    assert_int_equal(k.modifiers, 28);
    assert_int_equal(k.mcp, 42);
    assert_int_equal(k.fighting, 10);
    assert_int_equal(k.fcp, 420);
    /* the orcs: BCP 25, +6 hated foe, +2 one rank, +6 urucks, -2 shields = +12 */
    assert_int_equal(wr_engagement_strike(x->e, 1, &k), WR_OK);
    assert_int_equal(k.bcp, 25);
    assert_int_equal(k.mod[WR_MOD_HATED_FOE], 6);
    assert_int_equal(k.ranks, 1);
    assert_int_equal(k.mod[WR_MOD_PER_RANK], 2);
    assert_int_equal(k.mod[WR_MOD_ELITE_VETERAN], 6);
    assert_int_equal(k.mod[WR_MOD_ENEMY_SHIELD], -2);
    assert_int_equal(k.mod[WR_MOD_CHARGED], 0);
    assert_int_equal(k.modifiers, 12);
    assert_int_equal(k.mcp, 37);
    assert_int_equal(k.fighting, 8);
    assert_int_equal(k.fcp, 296);

    /* the dwarfs roll 34 against 20% (a miss), the orcs 84 against 96% (a
       hit); the orcs lost more, are pushed back and test morale (roll 10) */
    const int rolls[] = {34, 84, 10, 99};
    size_t used = 0;
    wr_melee_round r;
    assert_int_equal(wr_engagement_fight_rolls(x->e, rolls, 4, &used, &r), WR_OK);
    assert_int_equal(used, 3);
    assert_int_equal(r.strike[0].roll, 34);
    assert_int_equal(r.strike[0].kills, 4);
    assert_int_equal(r.strike[1].roll, 84);
    assert_int_equal(r.strike[1].kills, 3);
    assert_int_equal(r.lost[0], 3);
    assert_int_equal(r.lost[1], 4);
    assert_int_equal(r.loser, 1);
    assert_int_equal(r.pushed_back, 1);
    assert_int_equal(r.morale_roll, 10);
    assert_int_equal(r.morale, WR_MORALE_PASS); /* sample model: morale 50 */
    assert_int_equal(r.end, WR_END_ONGOING);
    assert_true(has_event(&r, WR_RULE_REMAINDER_MISS, 0, -1, 34));
    assert_true(has_event(&r, WR_RULE_REMAINDER_HIT, 1, -1, 84));
    assert_true(has_event(&r, WR_RULE_MODIFIER, 0, -1, WR_MOD_CHARGED));
    assert_true(has_event(&r, WR_RULE_MODIFIER, 1, -1, WR_MOD_ENEMY_SHIELD));
    assert_true(has_event(&r, WR_RULE_LOST_ROUND, 1, -1, -1));
    assert_true(has_event(&r, WR_RULE_PUSHED_BACK, 1, -1, -1));
    assert_true(has_event(&r, WR_RULE_MORALE_PASSED, 1, -1, -1));
    assert_int_equal(r.events_truncated, 0);

    /* nothing changes until the round is applied */
    wr_melee_unit_desc d;
    assert_int_equal(wr_melee_unit_get(x->orcs, &d), WR_OK);
    assert_int_equal(d.figures, 9);
    assert_int_equal(wr_engagement_apply(x->e, &r), WR_OK);
    assert_int_equal(wr_melee_unit_get(x->orcs, &d), WR_OK);
    assert_int_equal(d.figures, 5);
    assert_int_equal(wr_melee_unit_get(x->dwarfs, &d), WR_OK);
    assert_int_equal(d.figures, 7);
    /* a round cannot be applied twice */
    assert_int_equal(wr_engagement_apply(x->e, &r), WR_ERR_STATE);
    wr_melee_end end;
    int rounds = 0;
    assert_int_equal(wr_engagement_status(x->e, &end, &rounds), WR_OK);
    assert_int_equal(end, WR_END_ONGOING);
    assert_int_equal(rounds, 1);
    /* the next round: the charge bonus is gone, ranks counted afresh */
    assert_int_equal(wr_engagement_strike(x->e, 0, &k), WR_OK);
    assert_int_equal(k.mod[WR_MOD_CHARGED], 0);
    assert_int_equal(k.ranks, 1);
    assert_int_equal(k.modifiers, 8 + 2 + 6);
}

/* The same dice from a wr_rng give the same round as the roll list. */
static void rng_form_matches_rolls(void **state)
{
    example *x = *state;
    wr_rng *rng = NULL, *copy = NULL;
    assert_int_equal(wr_rng_new(2024, &rng), WR_OK);
    assert_int_equal(wr_rng_clone(rng, &copy), WR_OK);
    wr_melee_round a, b;
    assert_int_equal(wr_engagement_fight_rng(x->e, rng, &a), WR_OK);
    int rolls[8];
    for (int i = 0; i < 8; i++)
        assert_int_equal(wr_rng_roll(copy, 100, &rolls[i]), WR_OK);
    size_t used = 0;
    assert_int_equal(wr_engagement_fight_rolls(x->e, rolls, 8, &used, &b), WR_OK);
    assert_int_equal(a.strike[0].roll, b.strike[0].roll);
    assert_int_equal(a.strike[1].roll, b.strike[1].roll);
    assert_int_equal(a.lost[0], b.lost[0]);
    assert_int_equal(a.lost[1], b.lost[1]);
    assert_int_equal(a.morale_roll, b.morale_roll);
    assert_int_equal(a.end, b.end);
    assert_int_equal(a.n_events, b.n_events);
    /* too few dice */
    assert_int_equal(wr_engagement_fight_rolls(x->e, rolls, 1, &used, &b), WR_ERR_RANGE);
    wr_rng_free(rng);
    wr_rng_free(copy);
}

/* [Flank and rear] twenty orc spearmen in four ranks of five, attacked in
   the flank by ten dwarf spearmen in two ranks of five. */
static void example_flanked_orc_spearmen(void **state)
{
    (void)state;
    wr_profile *dwarf = profile(WR_RACE_DWARF), *orc = profile(WR_RACE_ORC);
    assert_int_equal(wr_profile_set_modifier(dwarf, WR_MOD_FLANK, 7), WR_OK); /* a sample value */
    assert_int_equal(wr_profile_set_modifier(dwarf, WR_MOD_PER_RANK, 1), WR_OK);
    assert_int_equal(wr_profile_set_modifier(dwarf, WR_MOD_CHARGED, 3), WR_OK);
    assert_int_equal(wr_profile_set_modifier(dwarf, WR_MOD_ENEMY_DISORDERED, 4), WR_OK);
    assert_int_equal(wr_profile_set_modifier(orc, WR_MOD_PER_RANK, 1), WR_OK);
    wr_melee_unit *dwarfs = troops(dwarf, 10, 5, WR_WEAPON_SPEAR);
    wr_melee_unit *orcs = troops(orc, 20, 5, WR_WEAPON_SPEAR);
    wr_situation s = front(5, 4);
    s.side[0].charged = 1;
    s.side[1].attacked_in = WR_FACING_FLANK;
    wr_engagement *e = engage(dwarfs, orcs, &s);
    wr_strike k;
    assert_int_equal(wr_engagement_strike(e, 0, &k), WR_OK);
    assert_int_equal(k.fighting, 10);
    assert_int_equal(k.ranks, 2);
    assert_int_equal(k.mod[WR_MOD_FLANK], 7);
    assert_int_equal(k.mod[WR_MOD_CHARGED], 3);
    assert_int_equal(k.mod[WR_MOD_PER_RANK], 2);
    assert_int_equal(k.mod[WR_MOD_ENEMY_DISORDERED], 4);
    assert_int_equal(k.modifiers, 16);
    assert_int_equal(wr_engagement_strike(e, 1, &k), WR_OK);
    assert_int_equal(k.fighting, 4);
    assert_int_equal(k.ranks, 1);
    assert_int_equal(k.mod[WR_MOD_PER_RANK], 1);

    /* the orcs are disordered and test morale before the blows */
    wr_morale_odds fail = {0, 100, 0};
    assert_int_equal(wr_engagement_set_morale(e, fixed_morale, &fail), WR_OK);
    const int rolls[] = {50};
    size_t used = 0;
    wr_melee_round r;
    assert_int_equal(wr_engagement_fight_rolls(e, rolls, 1, &used, &r), WR_OK);
    assert_int_equal(used, 1);
    assert_int_equal(r.disordered[1], 1);
    assert_int_equal(r.disordered[0], 0);
    assert_int_equal(r.flank_test[1], WR_MORALE_RETIRE);
    assert_int_equal(r.fought, 0);
    assert_int_equal(r.end, WR_END_B_RETIRES);
    assert_int_equal(r.pursuit, -1);
    assert_true(has_event(&r, WR_RULE_DISORDERED, 1, -1, WR_MOD_FLANK));
    assert_true(has_event(&r, WR_RULE_FLANK_TEST, 1, -1, 50));
    assert_true(has_event(&r, WR_RULE_RETIRES, 1, -1, -1));

    wr_morale_odds pass = {100, 0, 0};
    assert_int_equal(wr_engagement_set_morale(e, fixed_morale, &pass), WR_OK);
    const int rolls2[] = {50, 1, 1, 1};
    assert_int_equal(wr_engagement_fight_rolls(e, rolls2, 4, &used, &r), WR_OK);
    assert_int_equal(used, 4);
    assert_int_equal(r.flank_test[1], WR_MORALE_PASS);
    assert_int_equal(r.fought, 1);
    assert_true(has_event(&r, WR_RULE_ONE_RANK, 1, -1, -1));
    assert_int_equal(wr_engagement_apply(e, &r), WR_OK);
    wr_melee_unit_desc d;
    assert_int_equal(wr_melee_unit_get(orcs, &d), WR_OK);
    assert_true(d.flags & WR_UNIT_DISORDERED);
    /* no new flank test in the next round */
    assert_int_equal(wr_engagement_fight_rolls(e, rolls2 + 1, 3, &used, &r), WR_OK);
    assert_int_equal(r.flank_test[1], WR_MORALE_NONE);

    wr_engagement_free(e);
    wr_melee_unit_free(dwarfs);
    wr_melee_unit_free(orcs);
    wr_profile_free(dwarf);
    wr_profile_free(orc);
}

/* ---- explanations ------------------------------------------------------ */

static void explanations(void **state)
{
    for (int r = 0; r < WR_RULE_COUNT; r++) {
        assert_true(strlen(wr_melee_rule_name((wr_melee_rule)r)) > 3);
        assert_true(strchr(wr_melee_rule_source((wr_melee_rule)r), '[') != NULL);
    }
    assert_string_equal(wr_melee_rule_name((wr_melee_rule)WR_RULE_COUNT), "unknown rule");
    assert_string_equal(wr_melee_rule_source((wr_melee_rule)-1), "");
    for (int m = 0; m < WR_MOD_COUNT; m++)
        assert_true(strlen(wr_modifier_name((wr_modifier)m)) > 3);
    assert_string_equal(wr_modifier_name((wr_modifier)99), "unknown modifier");

    example *x = *state;
    const int rolls[] = {34, 84, 10};
    size_t used = 0;
    wr_melee_round r;
    assert_int_equal(wr_engagement_fight_rolls(x->e, rolls, 3, &used, &r), WR_OK);
    char buf[200];
    size_t len = 0;
    int saw_charge = 0, saw_mcp = 0;
    for (int i = 0; i < r.n_events; i++) {
        assert_int_equal(wr_melee_event_text(&r.events[i], buf, sizeof buf, &len), WR_OK);
        assert_int_equal(strlen(buf), len);
        assert_true(len > 5);
        if (strcmp(buf, "Side 0: Unit charged into combat +10.") == 0)
            saw_charge = 1;
        if (strcmp(buf, "Side 0: Modified Combat Percentage 42%.") == 0)
            saw_mcp = 1;
    }
    assert_true(saw_charge);
    assert_true(saw_mcp);
    /* cut to fit, with the full length */
    wr_melee_event ev = {WR_RULE_MCP, 1, 37, 0};
    char tiny[8];
    assert_int_equal(wr_melee_event_text(&ev, tiny, sizeof tiny, &len), WR_OK);
    assert_string_equal(tiny, "Side 1:");
    assert_int_equal(len, strlen("Side 1: Modified Combat Percentage 37%."));
    assert_int_equal(wr_melee_event_text(&ev, NULL, 0, &len), WR_OK);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(example_dwarfs_and_urucks, example_setup, example_teardown),
        cmocka_unit_test_setup_teardown(rng_form_matches_rolls, example_setup, example_teardown),
        cmocka_unit_test(example_flanked_orc_spearmen),
        cmocka_unit_test_setup_teardown(explanations, example_setup, example_teardown),
    };
    return cmocka_run_group_tests_name("melee_example", tests, NULL, NULL);
}
