/* Fantasy Warlord, hand-to-hand combat: wounds, monsters and characters:
   the death rules, hit charts, a monster in combat and its remains, a
   character fighting apart from his unit, two combats in one phase. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "warrules/melee.h"

#include "fixtures.h"

/* ---- wounds, monsters and characters ----------------------------------- */

static int add(wr_wounds *w, wr_wound wound, int character)
{
    int dead = -1;
    assert_int_equal(wr_wounds_add(w, wound, character, &dead), WR_OK);
    assert_int_equal(dead, w->dead);
    return dead;
}

static void wound_death_rules(void **state)
{
    (void)state;
    wr_wounds w;
    /* monsters: a critical with any other serious or critical */
    memset(&w, 0, sizeof w);
    assert_false(add(&w, WR_WOUND_SERIOUS, 0));
    assert_false(add(&w, WR_WOUND_SERIOUS, 0));
    assert_false(add(&w, WR_WOUND_LIGHT, 0));
    assert_true(add(&w, WR_WOUND_CRITICAL, 0)); /* preceded by a serious */
    memset(&w, 0, sizeof w);
    assert_false(add(&w, WR_WOUND_CRITICAL, 0));
    assert_false(add(&w, WR_WOUND_LIGHT, 0));  /* a light wound is not enough for a monster */
    assert_false(add(&w, WR_WOUND_NICKED, 0));
    assert_true(add(&w, WR_WOUND_CRITICAL, 0)); /* followed by a critical */
    memset(&w, 0, sizeof w);
    assert_true(add(&w, WR_WOUND_KILLED, 0));
    assert_true(add(&w, WR_WOUND_NICKED, 0)); /* dead stays dead */
    assert_int_equal(w.hits, 2);

    /* characters: a critical with any other wound */
    memset(&w, 0, sizeof w);
    assert_false(add(&w, WR_WOUND_CRITICAL, 1));
    assert_false(add(&w, WR_WOUND_NICKED, 1));
    assert_false(add(&w, WR_WOUND_STUNNED, 1));
    assert_false(add(&w, WR_WOUND_BLINDED, 1));
    assert_true(add(&w, WR_WOUND_LIGHT, 1));
    /* a serious with any two other wounds */
    memset(&w, 0, sizeof w);
    assert_false(add(&w, WR_WOUND_LIGHT, 1));
    assert_false(add(&w, WR_WOUND_SERIOUS, 1));
    assert_false(add(&w, WR_WOUND_BLINDED, 1));
    assert_true(add(&w, WR_WOUND_LIGHT, 1));
    memset(&w, 0, sizeof w);
    assert_false(add(&w, WR_WOUND_LIGHT, 1));
    assert_false(add(&w, WR_WOUND_LIGHT, 1));
    assert_false(add(&w, WR_WOUND_LIGHT, 1)); /* light wounds alone never kill */
    assert_true(add(&w, WR_WOUND_SERIOUS, 1));
    /* unconscious and hit again: dead, even by a nick */
    memset(&w, 0, sizeof w);
    assert_false(add(&w, WR_WOUND_UNCONSCIOUS, 1));
    assert_int_equal(w.unconscious, 1);
    assert_true(add(&w, WR_WOUND_NICKED, 1));
    memset(&w, 0, sizeof w);
    assert_false(add(&w, WR_WOUND_UNCONSCIOUS, 0));
    assert_true(add(&w, WR_WOUND_STUNNED, 0));
    /* the unconscious wound counts as a wound for a character */
    memset(&w, 0, sizeof w);
    assert_false(add(&w, WR_WOUND_CRITICAL, 1));
    assert_true(add(&w, WR_WOUND_UNCONSCIOUS, 1));
    memset(&w, 0, sizeof w);
    assert_false(add(&w, WR_WOUND_CRITICAL, 0));
    assert_false(add(&w, WR_WOUND_UNCONSCIOUS, 0)); /* neither serious nor critical */
}

static void hit_charts(void **state)
{
    (void)state;
    wr_hit_chart *c = sample_chart();
    int loc = 0;
    wr_wound w = WR_WOUND_NONE;
    assert_int_equal(wr_hit_chart_lookup(c, 50, 3, &loc, &w), WR_OK);
    assert_int_equal(loc, 1);
    assert_int_equal(w, WR_WOUND_SERIOUS);
    assert_int_equal(wr_hit_chart_lookup(c, 51, 4, &loc, &w), WR_OK);
    assert_int_equal(loc, 2);
    assert_int_equal(w, WR_WOUND_KILLED);
    wr_hit_chart_free(c);
    assert_int_equal(wr_hit_chart_new(&c), WR_OK);
    assert_int_equal(wr_hit_chart_lookup(c, 10, 1, &loc, &w), WR_ERR_STATE);
    wr_hit_chart_free(c);
    wr_hit_chart_free(NULL);
}

static void monster_in_combat(void **state)
{
    (void)state;
    wr_profile *p = profile(WR_RACE_HUMAN), *m = profile(WR_RACE_OTHER);
    assert_int_equal(wr_profile_set_bcp(p, 0, 0, 50), WR_OK);
    assert_int_equal(wr_profile_set_bcp(m, 0, 0, 150), WR_OK);
    wr_melee_unit *men = troops(p, 5, 5, 0);
    wr_melee_unit_desc d = wr_melee_unit_desc_default();
    d.kind = WR_UNIT_MONSTER;
    d.legs = 2;
    d.base_width_mm = 40;
    d.base_depth_mm = 60;
    wr_melee_unit *giant = from_def(m, &d);
    wr_situation s = front(5, 1);
    wr_engagement *e = engage(men, giant, &s);
    /* 5 men at 50%: FCP 250, two wounds and a 50% roll */
    const int rolls[] = {99, 10, 3, 20, 4, 60, 5};
    size_t used = 0;
    wr_melee_round r;
    assert_int_equal(wr_engagement_fight_rolls(e, rolls, 7, &used, &r), WR_ERR_STATE); /* no chart */
    wr_hit_chart *c = sample_chart();
    assert_int_equal(wr_melee_unit_set_hit_chart(giant, c), WR_OK);
    /* remainder 99 misses; wounds: body serious (10, 3), body critical (20, 4):
       dead; the giant strikes back with 150%: 1 kill, roll 60 against 50 misses */
    assert_int_equal(wr_engagement_fight_rolls(e, rolls, 7, &used, &r), WR_OK);
    assert_int_equal(used, 6);
    assert_int_equal(r.strike[0].hits, 2);
    assert_int_equal(r.n_wounds[1], 2);
    assert_int_equal(r.wound[1][0], WR_WOUND_SERIOUS);
    assert_int_equal(r.wound[1][1], WR_WOUND_CRITICAL);
    assert_int_equal(r.wound_location[1][1], 1);
    assert_int_equal(r.wounds_after[1].dead, 1);
    assert_int_equal(r.strike[0].kills, 1);
    assert_int_equal(r.strike[1].kills, 1); /* it still strikes back this round */
    assert_int_equal(r.end, WR_END_B_DESTROYED);
    assert_true(has_event(&r, WR_RULE_SLAIN, 1, -1, -1));
    assert_true(has_event(&r, WR_RULE_WOUND, 1, -1, 1));
    assert_int_equal(wr_engagement_apply(e, &r), WR_OK);
    wr_wounds w;
    assert_int_equal(wr_melee_unit_wounds(giant, &w), WR_OK);
    assert_int_equal(w.dead, 1);
    assert_int_equal(w.serious, 1);
    wr_melee_unit_desc got;
    assert_int_equal(wr_melee_unit_get(giant, &got), WR_OK);
    assert_int_equal(got.figures, 0);
    assert_int_equal(wr_melee_unit_wounds(men, &w), WR_OK);
    assert_int_equal(w.hits, 0);

    /* a two-legged monster on a base larger than 40x40 */
    wr_remains rem;
    wr_fall fall;
    int dir = -1;
    assert_int_equal(wr_dead_monster(giant, 0, 3, &rem, &fall, &dir), WR_OK);
    assert_int_equal(rem, WR_REMAINS_IMPASSABLE);
    assert_int_equal(fall, WR_FALL_TOPPLE);
    assert_int_equal(dir, 3);
    assert_int_equal(wr_dead_monster(giant, 0, 9, &rem, &fall, &dir), WR_ERR_RANGE);
    assert_int_equal(wr_dead_monster(giant, 1, 3, &rem, &fall, &dir), WR_ERR_INVALID); /* no wings */
    wr_rng *rng = NULL;
    assert_int_equal(wr_rng_new(5, &rng), WR_OK);
    for (int i = 0; i < 50; i++) {
        assert_int_equal(wr_dead_monster_rng(giant, 0, rng, &rem, &fall, &dir), WR_OK);
        assert_int_equal(fall, WR_FALL_TOPPLE);
        assert_in_range(dir, 1, 8);
    }
    /* four legs collapse in place; a 40x40 base becomes a wall-like obstacle */
    d.legs = 4;
    d.base_depth_mm = 40;
    d.flags = WR_UNIT_FLYING;
    wr_melee_unit *beast = from_def(m, &d);
    assert_int_equal(wr_dead_monster(beast, 0, 0, &rem, &fall, &dir), WR_OK);
    assert_int_equal(rem, WR_REMAINS_WALL);
    assert_int_equal(fall, WR_FALL_COLLAPSE);
    assert_int_equal(dir, 0);
    assert_int_equal(wr_dead_monster_rng(beast, 0, rng, &rem, &fall, &dir), WR_OK);
    assert_int_equal(fall, WR_FALL_COLLAPSE);
    /* fliers killed in flight crash */
    assert_int_equal(wr_dead_monster(beast, 1, 0, &rem, &fall, &dir), WR_OK);
    assert_int_equal(fall, WR_FALL_CRASH);
    d.base_width_mm = 41;
    wr_melee_unit *wide = from_def(m, &d);
    assert_int_equal(wr_dead_monster(wide, 0, 0, &rem, &fall, &dir), WR_OK);
    assert_int_equal(rem, WR_REMAINS_IMPASSABLE);
    assert_int_equal(wr_dead_monster(men, 0, 1, &rem, &fall, &dir), WR_ERR_INVALID);
    wr_rng_free(rng);
    wr_melee_unit_free(beast);
    wr_melee_unit_free(wide);
    wr_engagement_free(e);
    wr_melee_unit_free(men);
    wr_melee_unit_free(giant);
    wr_hit_chart_free(c);
    wr_profile_free(p);
    wr_profile_free(m);
}

/* A character in a unit fights separately: his own engagement; the unit
   gets the character-present modifier in its own. */
static void character_fights_separately(void **state)
{
    (void)state;
    wr_profile *p = profile(WR_RACE_HUMAN), *o = profile(WR_RACE_ORC);
    assert_int_equal(wr_profile_set_modifier(p, WR_MOD_CHARACTER_PRESENT, 5), WR_OK);
    assert_int_equal(wr_profile_set_bcp(p, 0, 0, 40), WR_OK);
    assert_int_equal(wr_profile_set_bcp(o, 0, 0, 100), WR_OK);
    wr_melee_unit *guard = troops(p, 10, 5, 0);
    wr_melee_unit_desc d = wr_melee_unit_desc_default();
    d.kind = WR_UNIT_CHARACTER;
    wr_melee_unit *lord = from_def(p, &d);
    wr_melee_unit *orcs = troops(o, 12, 6, 0);
    wr_situation s = front(5, 5);
    s.side[0].character_present = 1;
    wr_engagement *unit_fight = engage(guard, orcs, &s);
    wr_situation t = front(1, 1);
    wr_engagement *his_fight = engage(lord, orcs, &t);
    wr_strike k;
    assert_int_equal(wr_engagement_strike(unit_fight, 0, &k), WR_OK);
    assert_int_equal(k.mod[WR_MOD_CHARACTER_PRESENT], 5);
    assert_int_equal(k.fighting, 5);
    /* the orcs' blows on the character are wounds on the humanoid table */
    wr_hit_chart *c = sample_chart();
    assert_int_equal(wr_melee_unit_set_hit_chart(lord, c), WR_OK);
    const int rolls[] = {10, 30, 2, 50};
    size_t used = 0;
    wr_melee_round r;
    assert_int_equal(wr_engagement_fight_rolls(his_fight, rolls, 4, &used, &r), WR_OK);
    assert_int_equal(r.strike[0].fcp, 40);
    assert_int_equal(r.strike[0].roll, 10);
    assert_int_equal(r.strike[1].hits, 1);
    assert_int_equal(r.n_wounds[0], 1);
    assert_int_equal(r.wound[0][0], WR_WOUND_LIGHT);
    assert_int_equal(r.lost[0], 0);
    assert_int_equal(r.lost[1], 1);
    assert_int_equal(r.loser, 1);
    assert_int_equal(used, 4);
    assert_int_equal(r.disordered[0], 0);
    assert_int_equal(wr_engagement_apply(his_fight, &r), WR_OK);
    wr_wounds w;
    assert_int_equal(wr_melee_unit_wounds(lord, &w), WR_OK);
    assert_int_equal(w.counted, 1);
    wr_engagement_free(unit_fight);
    wr_engagement_free(his_fight);
    wr_hit_chart_free(c);
    wr_melee_unit_free(guard);
    wr_melee_unit_free(lord);
    wr_melee_unit_free(orcs);
    wr_profile_free(p);
    wr_profile_free(o);
}

/* [Casualties: phase ten] a unit fighting two engagements in one phase:
   both rounds are resolved on the figures at the start of the phase, then
   both are applied. */
static void two_combats_one_phase(void **state)
{
    (void)state;
    wr_profile *p = profile(WR_RACE_HUMAN);
    assert_int_equal(wr_profile_set_bcp(p, 0, 0, 100), WR_OK);
    wr_melee_unit *centre = troops(p, 12, 6, 0);
    wr_melee_unit *front_foe = troops(p, 6, 6, 0);
    wr_melee_unit *flank_foe = troops(p, 4, 4, 0);
    wr_situation s1 = front(6, 6), s2 = front(2, 4);
    s2.side[0].attacked_in = WR_FACING_FLANK;
    wr_engagement *e1 = engage(centre, front_foe, &s1), *e2 = engage(centre, flank_foe, &s2);
    wr_morale_odds pass = {100, 0, 0};
    assert_int_equal(wr_engagement_set_morale(e1, fixed_morale, &pass), WR_OK);
    assert_int_equal(wr_engagement_set_morale(e2, fixed_morale, &pass), WR_OK);
    const int rolls[] = {50, 50, 50};
    size_t used = 0;
    wr_melee_round r1, r2;
    assert_int_equal(wr_engagement_fight_rolls(e1, rolls, 3, &used, &r1), WR_OK);
    assert_int_equal(wr_engagement_fight_rolls(e2, rolls, 3, &used, &r2), WR_OK);
    assert_int_equal(r1.lost[0], 6); /* six front figures at 100% */
    assert_int_equal(r2.lost[0], 4);
    assert_int_equal(r2.strike[0].fighting, 2); /* flanked: those in contact */
    assert_int_equal(wr_engagement_apply(e1, &r1), WR_OK);
    assert_int_equal(wr_engagement_apply(e2, &r2), WR_OK);
    wr_melee_unit_desc d;
    assert_int_equal(wr_melee_unit_get(centre, &d), WR_OK);
    assert_int_equal(d.figures, 12 - 6 - 4);
    assert_true(d.flags & WR_UNIT_DISORDERED);
    wr_engagement_free(e1);
    wr_engagement_free(e2);
    wr_melee_unit_free(centre);
    wr_melee_unit_free(front_foe);
    wr_melee_unit_free(flank_foe);
    wr_profile_free(p);
}

/* A monster wounded in two combats of one phase: the death rules apply to
   the sum (a critical in one and a serious in the other kill it; a hit in
   one on a monster knocked unconscious in the other kills it). */
static void monster_two_combats(void **state)
{
    (void)state;
    wr_profile *p = profile(WR_RACE_HUMAN), *m = profile(WR_RACE_OTHER);
    assert_int_equal(wr_profile_set_bcp(p, 0, 0, 100), WR_OK);
    wr_hit_chart *c = sample_chart();
    wr_melee_unit *left = troops(p, 1, 1, 0), *right = troops(p, 1, 1, 0);
    for (int variant = 0; variant < 2; variant++) {
        wr_melee_unit_desc d = wr_melee_unit_desc_default();
        d.kind = WR_UNIT_MONSTER;
        wr_melee_unit *beast = from_def(m, &d);
        assert_int_equal(wr_melee_unit_set_hit_chart(beast, c), WR_OK);
        wr_situation s = front(1, 1);
        wr_engagement *e1 = engage(left, beast, &s), *e2 = engage(right, beast, &s);
        /* variant 0: body critical (d4 4), then body serious (d4 3);
           variant 1: head unconscious (d4 3), then body nicked (d4 1) */
        const int first[] = {variant ? 70 : 10, variant ? 3 : 4};
        const int second[] = {10, variant ? 1 : 3};
        size_t used = 0;
        wr_melee_round r1, r2;
        assert_int_equal(wr_engagement_fight_rolls(e1, first, 2, &used, &r1), WR_OK);
        assert_int_equal(wr_engagement_fight_rolls(e2, second, 2, &used, &r2), WR_OK);
        assert_int_equal(r1.wounds_after[1].dead, 0);
        assert_int_equal(r2.wounds_after[1].dead, 0);
        assert_int_equal(r1.end, WR_END_ONGOING);
        assert_int_equal(wr_engagement_apply(e1, &r1), WR_OK);
        assert_int_equal(wr_engagement_apply(e2, &r2), WR_OK);
        wr_wounds w;
        assert_int_equal(wr_melee_unit_wounds(beast, &w), WR_OK);
        assert_int_equal(w.dead, 1);
        assert_int_equal(w.hits, 2);
        wr_melee_unit_desc got;
        assert_int_equal(wr_melee_unit_get(beast, &got), WR_OK);
        assert_int_equal(got.figures, 0);
        /* a forged record is refused */
        wr_melee_round forged = r2;
        forged.round = 2;
        forged.wounds_after[1].counted = forged.wounds_after[1].hits + 1;
        assert_int_equal(wr_engagement_apply(e1, &forged), WR_ERR_STATE);
        wr_engagement_free(e1);
        wr_engagement_free(e2);
        wr_melee_unit_free(beast);
    }
    wr_melee_unit_free(left);
    wr_melee_unit_free(right);
    wr_hit_chart_free(c);
    wr_profile_free(p);
    wr_profile_free(m);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(wound_death_rules),
        cmocka_unit_test(hit_charts),
        cmocka_unit_test(monster_in_combat),
        cmocka_unit_test(character_fights_separately),
        cmocka_unit_test(two_combats_one_phase),
        cmocka_unit_test(monster_two_combats),
    };
    return cmocka_run_group_tests_name("melee_wounds", tests, NULL, NULL);
}
