/* A failed call leaves its handles as they were, the caller's wr_rng
   included: every public function that takes a wr_rng, made to fail (after
   some rolls where it can), leaves the roller where an untouched clone is.

   The melee calls roll many dice before a morale model is asked; a model
   that returns an error there must not cost the caller the dice already
   rolled. The other rolling calls check all their input before their first
   roll and cannot fail after it (their dice have 2..1000 sides, checked when
   the figure or the rule was made): they are checked failing before it. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "warrules/warrules.h"

#include "fixtures.h"

/* Whether rng's next rolls are those of an untouched clone. */
static void assert_same_dice(wr_rng *rng, wr_rng *clone)
{
    for (int i = 0; i < 8; i++) {
        int a = 0, b = 0;
        assert_int_equal(wr_rng_roll(rng, 1000000, &a), WR_OK);
        assert_int_equal(wr_rng_roll(clone, 1000000, &b), WR_OK);
        assert_int_equal(a, b);
    }
}

typedef struct rollers {
    wr_rng *rng, *clone;
} rollers;

static rollers rollers_new(uint64_t seed)
{
    rollers r = {NULL, NULL};
    assert_int_equal(wr_rng_new(seed, &r.rng), WR_OK);
    assert_int_equal(wr_rng_clone(r.rng, &r.clone), WR_OK);
    return r;
}

static void rollers_free(rollers *r)
{
    wr_rng_free(r->rng);
    wr_rng_free(r->clone);
}

#ifdef WR_HAVE_MELEE
/* Whether rng has moved on from clone (its next roll differs in 8 tries). */
static int moved_on(wr_rng *rng, wr_rng *clone)
{
    int differ = 0;
    for (int i = 0; i < 8; i++) {
        int a = 0, b = 0;
        assert_int_equal(wr_rng_roll(rng, 1000000, &a), WR_OK);
        assert_int_equal(wr_rng_roll(clone, 1000000, &b), WR_OK);
        differ |= a != b;
    }
    return differ;
}

/* A morale model that fails; user counts its calls. */
static wr_status failing_morale(void *user, const wr_morale_test *test, wr_morale_odds *odds)
{
    (void)test;
    (void)odds;
    ++*(int *)user;
    return WR_ERR_FORBIDDEN;
}

/* A morale model that asks for odds that do not add up to 100. */
static wr_status bad_odds_morale(void *user, const wr_morale_test *test, wr_morale_odds *odds)
{
    (void)test;
    ++*(int *)user;
    odds->pass = 50;
    odds->retire = 50;
    odds->rout = 1;
    return WR_OK;
}

/* Five at MCP 65 against five at MCP 25: each side has a remainder to roll
   (325 and 125), and the side that loses more tests its morale after. */
static duel duel_new(void)
{
    duel x;
    duel_setup(&x, 5, 65, 5, 25);
    return x;
}

static void engagement_fight(void **state)
{
    (void)state;
    wr_morale_fn models[] = {failing_morale, bad_odds_morale};
    for (size_t m = 0; m < 2; m++) {
        duel x = duel_new();
        int asked = 0;
        assert_int_equal(wr_engagement_set_morale(x.e, models[m], &asked), WR_OK);
        rollers r = rollers_new(11 + m);
        wr_melee_round round;
        memset(&round, 0x5a, sizeof round);
        assert_int_not_equal(wr_engagement_fight_rng(x.e, r.rng, &round), WR_OK);
        assert_int_equal(asked, 1); /* it failed after its two remainder rolls */
        assert_same_dice(r.rng, r.clone);
        /* with a working model the same call rolls and moves the roller on */
        assert_int_equal(wr_engagement_set_morale(x.e, NULL, NULL), WR_OK);
        assert_int_equal(wr_engagement_fight_rng(x.e, r.rng, &round), WR_OK);
        assert_true(moved_on(r.rng, r.clone));
        rollers_free(&r);
        duel_teardown(&x);
    }
}

static void melee_simulate(void **state)
{
    (void)state;
    duel x = duel_new();
    int asked = 0;
    assert_int_equal(wr_engagement_set_morale(x.e, failing_morale, &asked), WR_OK);
    rollers r = rollers_new(5);
    uint64_t counts[WR_END_COUNT] = {7, 7, 7, 7, 7, 7, 7};
    assert_int_equal(wr_engagement_simulate_rng(x.e, 10, r.rng, 100, counts), WR_ERR_FORBIDDEN);
    assert_int_equal(asked, 1);
    assert_int_equal(counts[0], 7);
    assert_same_dice(r.rng, r.clone);
    /* a bad argument found before any roll also leaves it */
    assert_int_equal(wr_engagement_simulate_rng(x.e, 0, r.rng, 100, counts), WR_ERR_RANGE);
    assert_same_dice(r.rng, r.clone);
    assert_int_equal(wr_engagement_set_morale(x.e, NULL, NULL), WR_OK);
    assert_int_equal(wr_engagement_simulate_rng(x.e, 10, r.rng, 100, counts), WR_OK);
    assert_true(moved_on(r.rng, r.clone));
    rollers_free(&r);
    duel_teardown(&x);
}

static void melee_phase_resolve(void **state)
{
    (void)state;
    duel x = duel_new();
    wr_melee_phase *phase = NULL;
    assert_int_equal(wr_melee_phase_new(&phase), WR_OK);
    wr_phase_fight f;
    memset(&f, 0, sizeof f);
    for (int i = 0; i < 2; i++) {
        f.side[i].unit = i ? x.b : x.a;
        f.side[i].face = WR_FACING_FRONT;
        f.side[i].in_contact = 5;
        f.side[i].corner_fights = WR_PHASE_DEFAULT;
        f.side[i].contact = WR_CONTACT_CONTINUING;
    }
    int index = -1;
    assert_int_equal(wr_melee_phase_add(phase, &f, &index), WR_OK);
    int asked = 0;
    assert_int_equal(wr_melee_phase_set_morale(phase, failing_morale, &asked), WR_OK);
    rollers r = rollers_new(3);
    assert_int_equal(wr_melee_phase_resolve_rng(phase, r.rng), WR_ERR_FORBIDDEN);
    assert_int_equal(asked, 1);
    assert_same_dice(r.rng, r.clone);
    wr_melee_unit_desc d;
    assert_int_equal(wr_melee_unit_get(x.b, &d), WR_OK);
    assert_int_equal(d.figures, 5); /* the units are as they were too */
    assert_int_equal(wr_melee_phase_set_morale(phase, NULL, NULL), WR_OK);
    assert_int_equal(wr_melee_phase_resolve_rng(phase, r.rng), WR_OK);
    assert_true(moved_on(r.rng, r.clone));
    rollers_free(&r);
    wr_melee_phase_free(phase);
    duel_teardown(&x);
}

static void dead_monster_rng(void **state)
{
    (void)state;
    wr_profile *p = NULL;
    assert_int_equal(wr_profile_new(WR_RACE_HUMAN, &p), WR_OK);
    wr_melee_unit_desc d = wr_melee_unit_desc_default();
    wr_melee_unit *u = NULL;
    assert_int_equal(wr_melee_unit_new(p, &d, &u), WR_OK);
    rollers r = rollers_new(9);
    wr_remains remains;
    wr_fall fall;
    int direction = 0;
    /* troops are not a monster: refused before the d8 */
    assert_int_equal(wr_dead_monster_rng(u, 0, r.rng, &remains, &fall, &direction), WR_ERR_INVALID);
    assert_int_equal(wr_dead_monster_rng(u, 0, r.rng, NULL, &fall, &direction), WR_ERR_NULL);
    assert_same_dice(r.rng, r.clone);
    rollers_free(&r);
    wr_melee_unit_free(u);
    wr_profile_free(p);
}
#endif

#ifdef WR_HAVE_BATTLESYSTEM
static void figure_damage_rolls(void **state)
{
    (void)state;
    wr_figure *f = NULL;
    assert_int_equal(wr_figure_new(&f), WR_OK);
    assert_int_equal(wr_figure_add_damage(f, 2, 6, 0), WR_OK);
    rollers r = rollers_new(4);
    int damage = -1;
    assert_int_equal(wr_figure_damage_rng(f, r.rng, NULL), WR_ERR_NULL);
    assert_int_equal(wr_figure_charge_damage_rng(f, 3, r.rng, &damage), WR_ERR_RANGE);
    assert_int_equal(wr_figure_charge_damage_rng(f, 2, r.rng, NULL), WR_ERR_NULL);
    assert_int_equal(damage, -1);
    assert_same_dice(r.rng, r.clone);
    rollers_free(&r);
    wr_figure_free(f);
}
#endif

#ifdef WR_HAVE_CAMPAIGN
static void campaign_rolls(void **state)
{
    (void)state;
    rollers r = rollers_new(8);
    int out = -1;
    assert_int_equal(wr_half_die_rng(r.rng, NULL), WR_ERR_NULL);
    assert_int_equal(wr_getting_lost_rng(1, 0, 101, r.rng, &out), WR_ERR_RANGE);
    assert_int_equal(wr_getting_lost_rng(1, 0, 50, r.rng, NULL), WR_ERR_NULL);
    assert_int_equal(out, -1);
    assert_same_dice(r.rng, r.clone);
    rollers_free(&r);
}
#endif

static void rng_roll(void **state)
{
    (void)state;
    rollers r = rollers_new(2);
    int out = -1;
    assert_int_equal(wr_rng_roll(r.rng, 1, &out), WR_ERR_RANGE);
    assert_int_equal(wr_rng_roll(r.rng, 1000001, &out), WR_ERR_RANGE);
    assert_int_equal(wr_rng_roll(r.rng, 6, NULL), WR_ERR_NULL);
    assert_int_equal(out, -1);
    assert_same_dice(r.rng, r.clone);
    rollers_free(&r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(rng_roll),
#ifdef WR_HAVE_MELEE
        cmocka_unit_test(engagement_fight),
        cmocka_unit_test(melee_simulate),
        cmocka_unit_test(melee_phase_resolve),
        cmocka_unit_test(dead_monster_rng),
#endif
#ifdef WR_HAVE_BATTLESYSTEM
        cmocka_unit_test(figure_damage_rolls),
#endif
#ifdef WR_HAVE_CAMPAIGN
        cmocka_unit_test(campaign_rolls),
#endif
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
