/* Fantasy Warlord, hand-to-hand combat: the pinned counting rules,
   the worked examples of the text, every rule of the module, and the exact
   odds against brute-force enumeration of the dice and against Monte Carlo. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "warrules/melee.h"

/* ---- helpers ----------------------------------------------------------- */

static wr_profile *profile(wr_race race)
{
    wr_profile *p = NULL;
    assert_int_equal(wr_profile_new(race, &p), WR_OK);
    return p;
}

static wr_melee_unit *troops(const wr_profile *p, int figures, int files, int weapon_type,
                             int armour, unsigned flags)
{
    wr_melee_unit_desc d = wr_melee_unit_desc_default();
    d.figures = figures;
    d.files = files;
    d.weapon_type = weapon_type;
    d.armour = armour;
    d.flags = flags;
    wr_melee_unit *u = NULL;
    assert_int_equal(wr_melee_unit_new(p, &d, &u), WR_OK);
    return u;
}

static wr_melee_unit *from_def(const wr_profile *p, const wr_melee_unit_desc *d)
{
    wr_melee_unit *u = NULL;
    assert_int_equal(wr_melee_unit_new(p, d, &u), WR_OK);
    return u;
}

static wr_situation front(int contact0, int contact1)
{
    wr_situation s;
    memset(&s, 0, sizeof s);
    s.side[0].in_contact = contact0;
    s.side[1].in_contact = contact1;
    return s;
}

static wr_engagement *engage(wr_melee_unit *a, wr_melee_unit *b, const wr_situation *s)
{
    wr_engagement *e = NULL;
    assert_int_equal(wr_engagement_new(a, b, s, &e), WR_OK);
    return e;
}

/* A morale model with fixed odds (the user pointer is a wr_morale_odds). */
static wr_status fixed_morale(void *user, const wr_morale_test *test, wr_morale_odds *odds)
{
    (void)test;
    *odds = *(const wr_morale_odds *)user;
    return WR_OK;
}

static int has_event(const wr_melee_round *r, wr_melee_rule rule, int side, int detail)
{
    for (int i = 0; i < r->n_events; i++)
        if (r->events[i].rule == rule && r->events[i].side == side &&
            (detail < 0 || r->events[i].detail == detail))
            return 1;
    return 0;
}

/* ---- pinned counting rules --------------------------------------------- */

static void reach(void **state)
{
    (void)state;
    int r = 0;
    const int expect[] = {1, 2, 2, 3};
    for (int w = 0; w <= 3; w++) {
        assert_int_equal(wr_reach_ranks((wr_weapon)w, 0, &r), WR_OK);
        assert_int_equal(r, expect[w]);
        assert_int_equal(wr_reach_ranks((wr_weapon)w, 1, &r), WR_OK);
        assert_int_equal(r, 1);
    }
}

static int fighting(int figures, int files, int contact, wr_weapon w, unsigned self, unsigned enemy)
{
    int n = -1;
    assert_int_equal(wr_fighting_figures(figures, files, contact, w, self, enemy, &n), WR_OK);
    return n;
}

static void fighting_cases(void **state)
{
    (void)state;
    /* [Reach] fifteen soldiers in three ranks of five */
    assert_int_equal(fighting(15, 5, 5, WR_WEAPON_OTHER, 0, 0), 5);
    assert_int_equal(fighting(15, 5, 5, WR_WEAPON_SPEAR, 0, 0), 10);
    assert_int_equal(fighting(15, 5, 5, WR_WEAPON_POLEARM, 0, 0), 10);
    assert_int_equal(fighting(15, 5, 5, WR_WEAPON_PIKE, 0, 0), 15);
    /* the rank advantage is lost when disordered */
    assert_int_equal(fighting(15, 5, 5, WR_WEAPON_PIKE, WR_COMBATANT_DISORDERED, 0), 5);
    /* case 1: swarms and fliers fight only with missiles */
    assert_int_equal(fighting(30, 10, 10, WR_WEAPON_OTHER, WR_COMBATANT_SWARM, WR_COMBATANT_FLYING), 0);
    assert_int_equal(fighting(30, 10, 10, WR_WEAPON_OTHER, WR_COMBATANT_FLYING, WR_COMBATANT_SWARM), 0);
    /* the flier paragraph's reading, for a game that chooses it (reading 29):
       the swarm described without WR_COMBATANT_SWARM for that fight, everyone fights */
    assert_int_equal(fighting(30, 10, 10, WR_WEAPON_OTHER, 0, WR_COMBATANT_FLYING), 30);
    assert_int_equal(fighting(6, 6, 2, WR_WEAPON_OTHER, WR_COMBATANT_FLYING, 0), 6);
    /* case 2: fliers over a unit: everyone fights, on both sides */
    assert_int_equal(fighting(30, 10, 2, WR_WEAPON_OTHER, WR_COMBATANT_FLYING, 0), 30);
    assert_int_equal(fighting(30, 10, 2, WR_WEAPON_OTHER, WR_COMBATANT_DISORDERED, WR_COMBATANT_FLYING), 30);
    /* case 3: ground swarms count every figure */
    assert_int_equal(fighting(40, 10, 3, WR_WEAPON_OTHER, WR_COMBATANT_SWARM, 0), 40);
    /* case 4: two mounted units: all figures */
    assert_int_equal(fighting(12, 6, 1, WR_WEAPON_OTHER, WR_COMBATANT_MOUNTED, WR_COMBATANT_MOUNTED), 12);
    /* case 5: cavalry against infantry: those in contact */
    assert_int_equal(fighting(12, 6, 6, WR_WEAPON_SPEAR, WR_COMBATANT_MOUNTED, 0), 6);
    /* case 6: flanked: those in contact, whatever the weapon */
    assert_int_equal(fighting(20, 5, 4, WR_WEAPON_SPEAR, WR_COMBATANT_FLANKED, 0), 4);
    /* case 7: ranks of a short last rank */
    assert_int_equal(fighting(9, 5, 4, WR_WEAPON_POLEARM, 0, 0), 8);
    assert_int_equal(fighting(7, 5, 5, WR_WEAPON_PIKE, 0, 0), 7);
    assert_int_equal(fighting(0, 5, 0, WR_WEAPON_PIKE, 0, 0), 0);
}

/* [Reach] examples: the boar riders and the Lawkland cavalry. */
static void example_boar_riders(void **state)
{
    (void)state;
    /* eight orc boar riders in two ranks (four files), four in contact */
    assert_int_equal(fighting(8, 4, 4, WR_WEAPON_OTHER, WR_COMBATANT_MOUNTED, 0), 4);
    /* ten Fenmark swordsmen in two ranks of five, five in contact */
    assert_int_equal(fighting(10, 5, 5, WR_WEAPON_OTHER, 0, WR_COMBATANT_MOUNTED), 5);

    /* the same through units and an engagement */
    wr_profile *orc = profile(WR_RACE_ORC), *human = profile(WR_RACE_HUMAN);
    wr_melee_unit_desc d = wr_melee_unit_desc_default();
    d.figures = 8;
    d.files = 4;
    d.mount = WR_MOUNT_UNARMOURED;
    wr_melee_unit *boars = from_def(orc, &d);
    wr_melee_unit *swords = troops(human, 10, 5, WR_WEAPON_OTHER, 0, 0);
    wr_situation s = front(4, 5);
    s.side[0].charged = 1;
    wr_engagement *e = engage(boars, swords, &s);
    wr_strike k;
    assert_int_equal(wr_engagement_strike(e, 0, &k), WR_OK);
    assert_int_equal(k.fighting, 4);
    assert_int_equal(k.fighting_case, 5);
    assert_int_equal(wr_engagement_strike(e, 1, &k), WR_OK);
    assert_int_equal(k.fighting, 5);
    assert_int_equal(k.fighting_case, 7);
    wr_engagement_free(e);
    wr_melee_unit_free(boars);
    wr_melee_unit_free(swords);
    wr_profile_free(orc);
    wr_profile_free(human);
}

static void example_lawkland_cavalry(void **state)
{
    (void)state;
    /* twelve Lawkland cavalry in two ranks: the six in contact */
    assert_int_equal(fighting(12, 6, 6, WR_WEAPON_OTHER, WR_COMBATANT_MOUNTED, 0), 6);
    /* twelve Fenmark polearms in two ranks: both ranks */
    assert_int_equal(fighting(12, 6, 6, WR_WEAPON_POLEARM, 0, WR_COMBATANT_MOUNTED), 12);

    wr_profile *human = profile(WR_RACE_HUMAN);
    wr_melee_unit_desc d = wr_melee_unit_desc_default();
    d.figures = 12;
    d.files = 6;
    d.mount = WR_MOUNT_UNARMOURED;
    wr_melee_unit *cav = from_def(human, &d);
    wr_melee_unit *pole = troops(human, 12, 6, WR_WEAPON_POLEARM, 0, 0);
    wr_situation s = front(6, 6);
    s.side[0].charged = 1;
    wr_engagement *e = engage(cav, pole, &s);
    wr_strike k;
    assert_int_equal(wr_engagement_strike(e, 0, &k), WR_OK);
    assert_int_equal(k.fighting, 6);
    assert_int_equal(wr_engagement_strike(e, 1, &k), WR_OK);
    assert_int_equal(k.fighting, 12);
    wr_engagement_free(e);
    wr_melee_unit_free(cav);
    wr_melee_unit_free(pole);
    wr_profile_free(human);
}

static void complete_ranks_and_percent(void **state)
{
    (void)state;
    int r = 0, mcp = 0, fcp = 0, kills = 0;
    assert_int_equal(wr_complete_ranks(10, 5, 0, &r), WR_OK);
    assert_int_equal(r, 2);
    assert_int_equal(wr_complete_ranks(9, 5, 0, &r), WR_OK);
    assert_int_equal(r, 1);
    assert_int_equal(wr_complete_ranks(4, 5, 0, &r), WR_OK);
    assert_int_equal(r, 0);
    assert_int_equal(wr_complete_ranks(20, 5, WR_COMBATANT_FLANKED, &r), WR_OK);
    assert_int_equal(r, 1);
    assert_int_equal(wr_complete_ranks(3, 5, WR_COMBATANT_FLANKED, &r), WR_OK);
    assert_int_equal(r, 0);

    assert_int_equal(wr_combat_percent(14, 28, 10, &mcp, &fcp), WR_OK);
    assert_int_equal(mcp, 42);
    assert_int_equal(fcp, 420);
    assert_int_equal(wr_combat_percent(5, -20, 10, &mcp, &fcp), WR_OK);
    assert_int_equal(mcp, 0);
    assert_int_equal(fcp, 0);
    assert_int_equal(wr_combat_percent(1000, 1000, 100000, &mcp, &fcp), WR_OK);
    assert_int_equal(fcp, 200000000);

    assert_int_equal(wr_kills_from_percent(420, 34, &kills), WR_OK);
    assert_int_equal(kills, 4);
    assert_int_equal(wr_kills_from_percent(420, 20, &kills), WR_OK);
    assert_int_equal(kills, 5);
    assert_int_equal(wr_kills_from_percent(296, 84, &kills), WR_OK);
    assert_int_equal(kills, 3);
    assert_int_equal(wr_kills_from_percent(296, 97, &kills), WR_OK);
    assert_int_equal(kills, 2);
    assert_int_equal(wr_kills_from_percent(300, 1, &kills), WR_OK);
    assert_int_equal(kills, 3);
    assert_int_equal(wr_kills_from_percent(0, 1, &kills), WR_OK);
    assert_int_equal(kills, 0);
}

/* ---- the worked example: dwarf veterans against orc urucks -------------- */

typedef struct example {
    wr_profile *dwarf, *orc;
    wr_melee_unit *dwarfs, *orcs;
    wr_engagement *e;
} example;

/* The dwarfs: ten veteran spearmen in two ranks of five, chainmail and
   shields, charging; five in contact with four orcs. The orcs: urucks with
   polearms in chainmail, nine of them in ranks of five (one complete rank
   of five and four behind), which gives exactly the one rank bonus (+2) the
   text lists and, with four in contact, the eight fighting it uses. */
static void example_setup(example *x)
{
    assert_int_equal(wr_profile_new_sample(WR_SAMPLE_DWARF_VETERANS, &x->dwarf), WR_OK);
    assert_int_equal(wr_profile_new_sample(WR_SAMPLE_ORC_URUCKS, &x->orc), WR_OK);
    wr_melee_unit_desc d = wr_melee_unit_desc_default();
    d.figures = 10;
    d.files = 5;
    d.weapon_type = WR_WEAPON_SPEAR;
    d.armour = WR_SAMPLE_ARMOUR_CHAINMAIL;
    d.flags = WR_UNIT_SHIELDS;
    d.troop_class = WR_TROOP_VETERAN;
    x->dwarfs = from_def(x->dwarf, &d);
    d.figures = 9;
    d.weapon_type = WR_WEAPON_POLEARM;
    d.flags = 0;
    d.troop_class = WR_TROOP_ELITE;
    x->orcs = from_def(x->orc, &d);
    wr_situation s = front(5, 4);
    s.side[0].charged = 1;
    x->e = engage(x->dwarfs, x->orcs, &s);
}

static void example_teardown(example *x)
{
    wr_engagement_free(x->e);
    wr_melee_unit_free(x->dwarfs);
    wr_melee_unit_free(x->orcs);
    wr_profile_free(x->dwarf);
    wr_profile_free(x->orc);
}

static void example_dwarfs_and_urucks(void **state)
{
    (void)state;
    example x;
    example_setup(&x);
    wr_strike k;
    /* the dwarfs: BCP 14, +10 charged, +8 hated foe, +2 for each of two
       complete ranks, +6 veterans = +28 (the text prints +26 but uses 42) */
    assert_int_equal(wr_engagement_strike(x.e, 0, &k), WR_OK);
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
    assert_int_equal(wr_engagement_strike(x.e, 1, &k), WR_OK);
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
    assert_int_equal(wr_engagement_fight_rolls(x.e, rolls, 4, &used, &r), WR_OK);
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
    assert_true(has_event(&r, WR_RULE_REMAINDER_MISS, 0, 34));
    assert_true(has_event(&r, WR_RULE_REMAINDER_HIT, 1, 84));
    assert_true(has_event(&r, WR_RULE_MODIFIER, 0, WR_MOD_CHARGED));
    assert_true(has_event(&r, WR_RULE_MODIFIER, 1, WR_MOD_ENEMY_SHIELD));
    assert_true(has_event(&r, WR_RULE_LOST_ROUND, 1, -1));
    assert_true(has_event(&r, WR_RULE_PUSHED_BACK, 1, -1));
    assert_true(has_event(&r, WR_RULE_MORALE_PASSED, 1, -1));
    assert_int_equal(r.events_truncated, 0);

    /* nothing changes until the round is applied */
    wr_melee_unit_desc d;
    assert_int_equal(wr_melee_unit_get(x.orcs, &d), WR_OK);
    assert_int_equal(d.figures, 9);
    assert_int_equal(wr_engagement_apply(x.e, &r), WR_OK);
    assert_int_equal(wr_melee_unit_get(x.orcs, &d), WR_OK);
    assert_int_equal(d.figures, 5);
    assert_int_equal(wr_melee_unit_get(x.dwarfs, &d), WR_OK);
    assert_int_equal(d.figures, 7);
    /* a round cannot be applied twice */
    assert_int_equal(wr_engagement_apply(x.e, &r), WR_ERR_STATE);
    wr_melee_end end;
    int rounds = 0;
    assert_int_equal(wr_engagement_status(x.e, &end, &rounds), WR_OK);
    assert_int_equal(end, WR_END_ONGOING);
    assert_int_equal(rounds, 1);
    /* the next round: the charge bonus is gone, ranks counted afresh */
    assert_int_equal(wr_engagement_strike(x.e, 0, &k), WR_OK);
    assert_int_equal(k.mod[WR_MOD_CHARGED], 0);
    assert_int_equal(k.ranks, 1);
    assert_int_equal(k.modifiers, 8 + 2 + 6);
    example_teardown(&x);
}

/* The same dice from a wr_rng give the same round as the roll list. */
static void rng_form_matches_rolls(void **state)
{
    (void)state;
    example x;
    example_setup(&x);
    wr_rng *rng = NULL, *copy = NULL;
    assert_int_equal(wr_rng_new(2024, &rng), WR_OK);
    assert_int_equal(wr_rng_clone(rng, &copy), WR_OK);
    wr_melee_round a, b;
    assert_int_equal(wr_engagement_fight_rng(x.e, rng, &a), WR_OK);
    int rolls[8];
    for (int i = 0; i < 8; i++)
        assert_int_equal(wr_rng_roll(copy, 100, &rolls[i]), WR_OK);
    size_t used = 0;
    assert_int_equal(wr_engagement_fight_rolls(x.e, rolls, 8, &used, &b), WR_OK);
    assert_int_equal(a.strike[0].roll, b.strike[0].roll);
    assert_int_equal(a.strike[1].roll, b.strike[1].roll);
    assert_int_equal(a.lost[0], b.lost[0]);
    assert_int_equal(a.lost[1], b.lost[1]);
    assert_int_equal(a.morale_roll, b.morale_roll);
    assert_int_equal(a.end, b.end);
    assert_int_equal(a.n_events, b.n_events);
    /* too few dice */
    assert_int_equal(wr_engagement_fight_rolls(x.e, rolls, 1, &used, &b), WR_ERR_RANGE);
    wr_rng_free(rng);
    wr_rng_free(copy);
    example_teardown(&x);
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
    wr_melee_unit *dwarfs = troops(dwarf, 10, 5, WR_WEAPON_SPEAR, 0, 0);
    wr_melee_unit *orcs = troops(orc, 20, 5, WR_WEAPON_SPEAR, 0, 0);
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
    assert_true(has_event(&r, WR_RULE_DISORDERED, 1, WR_MOD_FLANK));
    assert_true(has_event(&r, WR_RULE_FLANK_TEST, 1, 50));
    assert_true(has_event(&r, WR_RULE_RETIRES, 1, -1));

    wr_morale_odds pass = {100, 0, 0};
    assert_int_equal(wr_engagement_set_morale(e, fixed_morale, &pass), WR_OK);
    const int rolls2[] = {50, 1, 1, 1};
    assert_int_equal(wr_engagement_fight_rolls(e, rolls2, 4, &used, &r), WR_OK);
    assert_int_equal(used, 4);
    assert_int_equal(r.flank_test[1], WR_MORALE_PASS);
    assert_int_equal(r.fought, 1);
    assert_true(has_event(&r, WR_RULE_ONE_RANK, 1, -1));
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

/* ---- profiles ----------------------------------------------------------- */

static void profiles_and_pikes(void **state)
{
    (void)state;
    const struct {
        wr_race race;
        int pikes;
    } races[] = {{WR_RACE_DWARF, 1},    {WR_RACE_HIGH_ELF, 1}, {WR_RACE_HUMAN, 1},
                 {WR_RACE_WOOD_ELF, 0}, {WR_RACE_ORC, 0},      {WR_RACE_GOBLIN, 0},
                 {WR_RACE_OTHER, 0},    {(wr_race)40, 0}};
    for (size_t i = 0; i < sizeof races / sizeof races[0]; i++) {
        wr_profile *p = profile(races[i].race);
        wr_weapon reach = WR_WEAPON_OTHER;
        int allowed = -1;
        wr_race race = WR_RACE_OTHER;
        assert_int_equal(wr_profile_race(p, &race), WR_OK);
        assert_int_equal(race, races[i].race);
        assert_int_equal(wr_profile_weapon(p, WR_WEAPON_PIKE, &reach, &allowed), WR_OK);
        assert_int_equal(reach, WR_WEAPON_PIKE);
        assert_int_equal(allowed, races[i].pikes);
        assert_int_equal(wr_profile_weapon(p, WR_WEAPON_SPEAR, &reach, &allowed), WR_OK);
        assert_int_equal(reach, WR_WEAPON_SPEAR);
        assert_int_equal(allowed, 1);
        assert_int_equal(wr_profile_weapon(p, 9, &reach, &allowed), WR_OK);
        assert_int_equal(reach, WR_WEAPON_OTHER);
        wr_melee_unit_desc d = wr_melee_unit_desc_default();
        d.weapon_type = WR_WEAPON_PIKE;
        wr_melee_unit *u = NULL;
        assert_int_equal(wr_melee_unit_new(p, &d, &u), races[i].pikes ? WR_OK : WR_ERR_FORBIDDEN);
        wr_melee_unit_free(u);
        wr_profile_free(p);
    }
    /* a game may take a weapon away or give one (say, a special pike unit) */
    wr_profile *p = profile(WR_RACE_ORC);
    assert_int_equal(wr_profile_set_weapon(p, 12, WR_WEAPON_PIKE, 1), WR_OK);
    wr_weapon reach;
    int allowed;
    assert_int_equal(wr_profile_weapon(p, 12, &reach, &allowed), WR_OK);
    assert_int_equal(reach, WR_WEAPON_PIKE);
    assert_int_equal(allowed, 1);
    assert_int_equal(wr_profile_set_weapon(p, 1, WR_WEAPON_SPEAR, 0), WR_OK);
    wr_melee_unit_desc d = wr_melee_unit_desc_default();
    d.weapon_type = 1;
    wr_melee_unit *u = NULL;
    assert_int_equal(wr_melee_unit_new(p, &d, &u), WR_ERR_FORBIDDEN);
    /* a pike row's reach is three ranks in a strike */
    d.weapon_type = 12;
    d.figures = 15;
    d.files = 5;
    u = from_def(p, &d);
    wr_melee_unit *v = troops(p, 5, 5, 0, 0, 0);
    wr_situation s = front(5, 5);
    wr_engagement *e = engage(u, v, &s);
    wr_strike k;
    assert_int_equal(wr_engagement_strike(e, 0, &k), WR_OK);
    assert_int_equal(k.fighting, 15);
    wr_engagement_free(e);
    wr_melee_unit_free(u);
    wr_melee_unit_free(v);

    int value = 0;
    assert_int_equal(wr_profile_set_bcp(p, 3, 7, 1000), WR_OK);
    assert_int_equal(wr_profile_bcp(p, 3, 7, &value), WR_OK);
    assert_int_equal(value, 1000);
    assert_int_equal(wr_profile_bcp(p, 4, 7, &value), WR_OK);
    assert_int_equal(value, 0);
    for (int m = 0; m < WR_MOD_COUNT; m++) {
        assert_int_equal(wr_profile_modifier(p, (wr_modifier)m, &value), WR_OK);
        assert_int_equal(value, 0); /* no invented numbers */
        assert_int_equal(wr_profile_set_modifier(p, (wr_modifier)m, -1000 + m), WR_OK);
        assert_int_equal(wr_profile_modifier(p, (wr_modifier)m, &value), WR_OK);
        assert_int_equal(value, -1000 + m);
    }
    for (int m = 0; m < WR_MORALE_COUNT; m++) {
        assert_int_equal(wr_profile_morale_modifier(p, (wr_morale_modifier)m, &value), WR_OK);
        assert_int_equal(value, 0);
        assert_int_equal(wr_profile_set_morale_modifier(p, (wr_morale_modifier)m, 5 * m), WR_OK);
        assert_int_equal(wr_profile_morale_modifier(p, (wr_morale_modifier)m, &value), WR_OK);
        assert_int_equal(value, 5 * m);
    }
    assert_int_equal(wr_profile_retire_band(p, &value), WR_OK);
    assert_int_equal(value, 0);
    assert_int_equal(wr_profile_set_retire_band(p, 35), WR_OK);
    assert_int_equal(wr_profile_retire_band(p, &value), WR_OK);
    assert_int_equal(value, 35);
    assert_int_equal(wr_profile_hated(p, WR_RACE_DWARF, &value), WR_OK);
    assert_int_equal(value, 0);
    assert_int_equal(wr_profile_set_hated(p, WR_RACE_DWARF, 1), WR_OK);
    assert_int_equal(wr_profile_set_hated(p, (wr_race)WR_RACE_MAX, 1), WR_OK);
    assert_int_equal(wr_profile_hated(p, WR_RACE_DWARF, &value), WR_OK);
    assert_int_equal(value, 1);
    assert_int_equal(wr_profile_hated(p, (wr_race)WR_RACE_MAX, &value), WR_OK);
    assert_int_equal(value, 1);
    assert_int_equal(wr_profile_set_hated(p, WR_RACE_DWARF, 0), WR_OK);
    assert_int_equal(wr_profile_hated(p, WR_RACE_DWARF, &value), WR_OK);
    assert_int_equal(value, 0);
    wr_profile_free(p);
    wr_profile_free(NULL);
}

static void sample_profiles(void **state)
{
    (void)state;
    wr_profile *d = NULL, *o = NULL;
    assert_int_equal(wr_profile_new_sample(WR_SAMPLE_DWARF_VETERANS, &d), WR_OK);
    assert_int_equal(wr_profile_new_sample(WR_SAMPLE_ORC_URUCKS, &o), WR_OK);
    int v = 0;
    assert_int_equal(wr_profile_bcp(d, WR_WEAPON_SPEAR, WR_SAMPLE_ARMOUR_CHAINMAIL, &v), WR_OK);
    assert_int_equal(v, 14);
    assert_int_equal(wr_profile_bcp(o, WR_WEAPON_POLEARM, WR_SAMPLE_ARMOUR_CHAINMAIL, &v), WR_OK);
    assert_int_equal(v, 25);
    assert_int_equal(wr_profile_modifier(d, WR_MOD_CHARGED, &v), WR_OK);
    assert_int_equal(v, 10);
    assert_int_equal(wr_profile_modifier(o, WR_MOD_ENEMY_SHIELD, &v), WR_OK);
    assert_int_equal(v, -2);
    assert_int_equal(wr_profile_modifier(d, WR_MOD_FLANK, &v), WR_OK);
    assert_int_equal(v, 0); /* not in the example: not invented */
    assert_int_equal(wr_profile_hated(d, WR_RACE_ORC, &v), WR_OK);
    assert_int_equal(v, 1);
    assert_int_equal(wr_profile_hated(o, WR_RACE_DWARF, &v), WR_OK);
    assert_int_equal(v, 1);
    wr_race r;
    assert_int_equal(wr_profile_race(d, &r), WR_OK);
    assert_int_equal(r, WR_RACE_DWARF);
    wr_profile_free(d);
    wr_profile_free(o);
}

/* ---- modifiers ---------------------------------------------------------- */

/* A profile whose every modifier has its own value, so each can be seen. */
static wr_profile *marked_profile(wr_race race)
{
    wr_profile *p = profile(race);
    static const int values[WR_MOD_COUNT] = {3, 5, 7, 11, 13, 17, -19, 23, -2, -4, -8, 29, -31, -37, -41, 43};
    for (int m = 0; m < WR_MOD_COUNT; m++)
        assert_int_equal(wr_profile_set_modifier(p, (wr_modifier)m, values[m]), WR_OK);
    assert_int_equal(wr_profile_set_bcp(p, 0, 0, 50), WR_OK);
    return p;
}

static void modifiers_each(void **state)
{
    (void)state;
    wr_profile *p = marked_profile(WR_RACE_HUMAN);
    wr_profile *q = profile(WR_RACE_ORC);
    assert_int_equal(wr_profile_set_hated(p, WR_RACE_ORC, 1), WR_OK);

    /* cavalry charging infantry: charge doubled, cavalry against infantry */
    wr_melee_unit_desc d = wr_melee_unit_desc_default();
    d.figures = 6;
    d.files = 3;
    d.mount = WR_MOUNT_UNARMOURED;
    d.troop_class = WR_TROOP_ELITE;
    wr_melee_unit *cav = from_def(p, &d);
    d = wr_melee_unit_desc_default();
    d.figures = 8;
    d.files = 4;
    d.flags = WR_UNIT_SHIELDS;
    wr_melee_unit *foot = from_def(q, &d);
    wr_situation s = front(3, 4);
    s.side[0].charged = 1;
    s.side[0].character_present = 1;
    s.side[1].cover = WR_COVER_MEDIUM;
    wr_engagement *e = engage(cav, foot, &s);
    wr_strike k;
    assert_int_equal(wr_engagement_strike(e, 0, &k), WR_OK);
    assert_int_equal(k.mod[WR_MOD_CHARGED], 6);
    assert_int_equal(k.mod[WR_MOD_HATED_FOE], 5);
    assert_int_equal(k.mod[WR_MOD_CAVALRY_VS_INFANTRY], 7);
    assert_int_equal(k.ranks, 2);
    assert_int_equal(k.mod[WR_MOD_PER_RANK], 22);
    assert_int_equal(k.mod[WR_MOD_CHARACTER_PRESENT], 23);
    assert_int_equal(k.mod[WR_MOD_COVER_MEDIUM], -4);
    assert_int_equal(k.mod[WR_MOD_COVER_LIGHT], 0);
    assert_int_equal(k.mod[WR_MOD_ELITE_VETERAN], 29);
    assert_int_equal(k.mod[WR_MOD_ENEMY_SHIELD], -37);
    assert_int_equal(k.mod[WR_MOD_FLANK] + k.mod[WR_MOD_REAR] + k.mod[WR_MOD_FIGHTING_MONSTER] +
                         k.mod[WR_MOD_C_CLASS] + k.mod[WR_MOD_ENEMY_ARMOURED_MOUNT] +
                         k.mod[WR_MOD_ENEMY_DISORDERED],
                     0);
    assert_int_equal(k.modifiers, 6 + 5 + 7 + 22 + 23 - 4 + 29 - 37);
    assert_int_equal(k.mcp, 50 + k.modifiers);
    assert_int_equal(k.fighting, 3);
    assert_int_equal(k.fcp, k.mcp * 3);
    wr_engagement_free(e);
    wr_melee_unit_free(foot);

    /* against an armoured, disordered mounted enemy in the rear behind heavy
       cover, C class: no cavalry bonus, the charge doubled */
    d = wr_melee_unit_desc_default();
    d.figures = 4;
    d.files = 4;
    d.mount = WR_MOUNT_ARMOURED;
    d.flags = WR_UNIT_DISORDERED;
    wr_melee_unit *knights = from_def(q, &d);
    s = front(3, 1);
    s.side[0].charged = 1;
    s.side[1].attacked_in = WR_FACING_REAR;
    s.side[1].cover = WR_COVER_HEAVY;
    e = engage(cav, knights, &s);
    assert_int_equal(wr_engagement_strike(e, 0, &k), WR_OK);
    assert_int_equal(k.mod[WR_MOD_CAVALRY_VS_INFANTRY], 0);
    assert_int_equal(k.mod[WR_MOD_REAR], 17);
    assert_int_equal(k.mod[WR_MOD_FLANK], 0);
    assert_int_equal(k.mod[WR_MOD_COVER_HEAVY], -8);
    assert_int_equal(k.mod[WR_MOD_ENEMY_ARMOURED_MOUNT], -41);
    assert_int_equal(k.mod[WR_MOD_ENEMY_DISORDERED], 43);
    assert_int_equal(k.fighting, 6); /* two mounted units: all figures */
    assert_int_equal(k.fighting_case, 4);
    wr_engagement_free(e);
    wr_melee_unit_free(knights);
    wr_melee_unit_free(cav);

    /* infantry, C class, fighting a monster, light cover, flank */
    d = wr_melee_unit_desc_default();
    d.figures = 10;
    d.files = 5;
    d.troop_class = WR_TROOP_C_CLASS;
    wr_melee_unit *levy = from_def(p, &d);
    d = wr_melee_unit_desc_default();
    d.kind = WR_UNIT_MONSTER;
    wr_melee_unit *troll = from_def(q, &d);
    s = front(5, 1);
    s.side[0].charged = 1;
    s.side[1].attacked_in = WR_FACING_FLANK;
    s.side[1].cover = WR_COVER_LIGHT;
    e = engage(levy, troll, &s);
    assert_int_equal(wr_engagement_strike(e, 0, &k), WR_OK);
    assert_int_equal(k.mod[WR_MOD_CHARGED], 3); /* infantry: not doubled */
    assert_int_equal(k.mod[WR_MOD_C_CLASS], -31);
    assert_int_equal(k.mod[WR_MOD_FIGHTING_MONSTER], -19);
    assert_int_equal(k.mod[WR_MOD_COVER_LIGHT], -2);
    assert_int_equal(k.mod[WR_MOD_FLANK], 13);
    assert_int_equal(k.mod[WR_MOD_ENEMY_DISORDERED], 0); /* monsters: only from the rear */
    assert_int_equal(k.mod[WR_MOD_ELITE_VETERAN], 0);
    /* the monster counts no ranks */
    assert_int_equal(wr_engagement_strike(e, 1, &k), WR_OK);
    assert_int_equal(k.ranks, 0);
    assert_int_equal(k.fighting, 1);
    wr_engagement_free(e);
    wr_melee_unit_free(troll);
    wr_melee_unit_free(levy);
    wr_profile_free(p);
    wr_profile_free(q);
}

/* MCP never goes below zero; a huge FCP is refused. */
static void mcp_floor_and_fcp_bound(void **state)
{
    (void)state;
    wr_profile *p = profile(WR_RACE_HUMAN);
    assert_int_equal(wr_profile_set_modifier(p, WR_MOD_C_CLASS, -300), WR_OK);
    assert_int_equal(wr_profile_set_bcp(p, 0, 0, 20), WR_OK);
    wr_melee_unit_desc d = wr_melee_unit_desc_default();
    d.figures = 10;
    d.files = 10;
    d.troop_class = WR_TROOP_C_CLASS;
    wr_melee_unit *a = from_def(p, &d);
    wr_melee_unit *b = troops(p, 10, 10, 0, 0, 0);
    wr_situation s = front(10, 10);
    wr_engagement *e = engage(a, b, &s);
    wr_strike k;
    assert_int_equal(wr_engagement_strike(e, 0, &k), WR_OK);
    assert_int_equal(k.mcp, 0);
    assert_int_equal(k.fcp, 0);
    wr_engagement_free(e);
    wr_melee_unit_free(a);
    wr_melee_unit_free(b);

    assert_int_equal(wr_profile_set_modifier(p, WR_MOD_PER_RANK, 1000), WR_OK);
    assert_int_equal(wr_profile_set_bcp(p, WR_WEAPON_SPEAR, 0, 20), WR_OK);
    wr_melee_unit *big = troops(p, 100000, 1, WR_WEAPON_SPEAR, 0, 0);
    wr_melee_unit *c = troops(p, 100000, 100000, 0, 0, 0);
    s = front(1, 100000);
    e = engage(big, c, &s);
    /* 100000 ranks * 1000: MCP 100000020, two ranks of spears fighting: an
       FCP beyond the rules' range of 200000000 */
    wr_melee_round r;
    size_t used = 0;
    const int rolls[] = {1, 1, 1};
    assert_int_equal(wr_engagement_strike(e, 0, &k), WR_ERR_RANGE);
    assert_int_equal(wr_engagement_fight_rolls(e, rolls, 3, &used, &r), WR_ERR_RANGE);
    wr_engagement_free(e);
    wr_melee_unit_free(big);
    wr_melee_unit_free(c);
    wr_profile_free(p);
}

/* ---- disorder ------------------------------------------------------------ */

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
    wr_melee_unit *unit = troops(p, 10, 5, WR_WEAPON_SPEAR, 0, 0);
    wr_melee_unit *other = troops(p, 10, 5, 0, 0, 0);
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
            assert_true(has_event(&r, WR_RULE_NOT_DISORDERED, 1, cases[i].reason));
        if (cases[i].disordered)
            assert_true(has_event(&r, WR_RULE_DISORDERED, 1, -1));
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

/* ---- rounds: losers, draws, caps, morale ---------------------------------- */

typedef struct duel {
    wr_profile *p;
    wr_melee_unit *a, *b;
    wr_engagement *e;
} duel;

/* Two sword units facing each other: a has figures_a in one rank with MCP
   mcp_a, likewise b. */
static void duel_setup(duel *x, int figures_a, int mcp_a, int figures_b, int mcp_b)
{
    x->p = profile(WR_RACE_HUMAN);
    assert_int_equal(wr_profile_set_bcp(x->p, 0, 0, mcp_a), WR_OK);
    assert_int_equal(wr_profile_set_bcp(x->p, 0, 1, mcp_b), WR_OK);
    x->a = troops(x->p, figures_a, figures_a, 0, 1, 0);
    x->b = troops(x->p, figures_b, figures_b, 0, 0, 0);
    wr_situation s = front(figures_a, figures_b);
    x->e = engage(x->a, x->b, &s);
}

static void duel_teardown(duel *x)
{
    wr_engagement_free(x->e);
    wr_melee_unit_free(x->a);
    wr_melee_unit_free(x->b);
    wr_profile_free(x->p);
}

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
    assert_true(has_event(&r, WR_RULE_DRAWN, -1, 2));
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
    assert_true(has_event(&r, WR_RULE_KILLS_CAPPED, 0, 15));
    assert_true(has_event(&r, WR_RULE_DESTROYED, 1, -1));
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
            assert_true(has_event(&r, WR_RULE_PURSUIT, 0, -1));
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

/* ---- wounds, monsters and characters -------------------------------------- */

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

static wr_hit_chart *sample_chart(void)
{
    /* a labelled sample chart, not the game's: 1-50 body, 51-100 head */
    wr_hit_chart *c = NULL;
    assert_int_equal(wr_hit_chart_new(&c), WR_OK);
    int complete = -1;
    assert_int_equal(wr_hit_chart_is_complete(c, &complete), WR_OK);
    assert_int_equal(complete, 0);
    const wr_wound body[4] = {WR_WOUND_NICKED, WR_WOUND_LIGHT, WR_WOUND_SERIOUS, WR_WOUND_CRITICAL};
    const wr_wound head[4] = {WR_WOUND_STUNNED, WR_WOUND_BLINDED, WR_WOUND_UNCONSCIOUS,
                              WR_WOUND_KILLED};
    assert_int_equal(wr_hit_chart_add(c, 1, 50, 1, body), WR_OK);
    assert_int_equal(wr_hit_chart_is_complete(c, &complete), WR_OK);
    assert_int_equal(complete, 0);
    assert_int_equal(wr_hit_chart_add(c, 50, 60, 2, head), WR_ERR_INVALID); /* overlap */
    assert_int_equal(wr_hit_chart_add(c, 51, 100, 2, head), WR_OK);
    assert_int_equal(wr_hit_chart_is_complete(c, &complete), WR_OK);
    assert_int_equal(complete, 1);
    return c;
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
    wr_melee_unit *men = troops(p, 5, 5, 0, 0, 0);
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
    assert_true(has_event(&r, WR_RULE_SLAIN, 1, -1));
    assert_true(has_event(&r, WR_RULE_WOUND, 1, 1));
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
    wr_melee_unit *guard = troops(p, 10, 5, 0, 0, 0);
    wr_melee_unit_desc d = wr_melee_unit_desc_default();
    d.kind = WR_UNIT_CHARACTER;
    wr_melee_unit *lord = from_def(p, &d);
    wr_melee_unit *orcs = troops(o, 12, 6, 0, 0, 0);
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
    wr_melee_unit *centre = troops(p, 12, 6, 0, 0, 0);
    wr_melee_unit *front_foe = troops(p, 6, 6, 0, 0, 0);
    wr_melee_unit *flank_foe = troops(p, 4, 4, 0, 0, 0);
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
    wr_melee_unit *left = troops(p, 1, 1, 0, 0, 0), *right = troops(p, 1, 1, 0, 0, 0);
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

/* ---- starting, advancing, leaving ------------------------------------------ */

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
    wr_melee_unit *men = troops(p, 20, 10, WR_WEAPON_SPEAR, 0, 0);
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

/* ---- explanations -------------------------------------------------------- */

static void explanations(void **state)
{
    (void)state;
    for (int r = 0; r < WR_RULE_COUNT; r++) {
        assert_true(strlen(wr_melee_rule_name((wr_melee_rule)r)) > 3);
        assert_true(strchr(wr_melee_rule_source((wr_melee_rule)r), '[') != NULL);
    }
    assert_string_equal(wr_melee_rule_name((wr_melee_rule)WR_RULE_COUNT), "unknown rule");
    assert_string_equal(wr_melee_rule_source((wr_melee_rule)-1), "");
    for (int m = 0; m < WR_MOD_COUNT; m++)
        assert_true(strlen(wr_modifier_name((wr_modifier)m)) > 3);
    assert_string_equal(wr_modifier_name((wr_modifier)99), "unknown modifier");

    example x;
    example_setup(&x);
    const int rolls[] = {34, 84, 10};
    size_t used = 0;
    wr_melee_round r;
    assert_int_equal(wr_engagement_fight_rolls(x.e, rolls, 3, &used, &r), WR_OK);
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
    example_teardown(&x);
}

/* ---- exact odds ----------------------------------------------------------- */

static void kill_odds(void **state)
{
    (void)state;
    example x;
    example_setup(&x);
    wr_kill_odds o;
    assert_int_equal(wr_engagement_kill_odds(x.e, 0, &o), WR_OK);
    assert_int_equal(o.hits[0], 4);
    assert_int_equal(o.hits[1], 5);
    assert_int_equal(o.percent[0], 80);
    assert_int_equal(o.percent[1], 20);
    assert_int_equal(o.kills[1], 5);
    assert_int_equal(wr_engagement_kill_odds(x.e, 1, &o), WR_OK);
    assert_int_equal(o.hits[0], 2);
    assert_int_equal(o.hits[1], 3);
    assert_int_equal(o.percent[0], 4);
    assert_int_equal(o.percent[1], 96);
    example_teardown(&x);
    duel d;
    duel_setup(&d, 5, 300, 3, 100);
    assert_int_equal(wr_engagement_kill_odds(d.e, 0, &o), WR_OK);
    assert_int_equal(o.hits[0], 15);
    assert_int_equal(o.hits[1], 15);
    assert_int_equal(o.kills[0], 3);
    assert_int_equal(o.percent[0], 100);
    assert_int_equal(o.percent[1], 0);
    duel_teardown(&d);
}

/* Brute force: every die the round reads is tried at each of its values
   through wr_engagement_fight_rolls, round after round, adding up the dice
   sequences that lead to each state. A d100 value weighs 1/100, a d4 value
   25/100; a round's dice that a path does not read count as certain, so
   every path of a round has the same denominator (10^digits). Counts are
   128-bit. */
__extension__ typedef unsigned __int128 u128;

#define BRUTE_STATES 256
typedef struct bstate {
    int figures[2];
    wr_wounds wounds[2];
    u128 w;
} bstate;

typedef struct brute {
    int n;
    bstate s[BRUTE_STATES];
    u128 ends[WR_END_COUNT];
    u128 figs[2][64];
} brute;

static u128 pow10u(int k)
{
    u128 v = 1;
    while (k-- > 0)
        v *= 10;
    return v;
}

static void brute_live(brute *out, const bstate *st)
{
    for (int i = 0; i < out->n; i++)
        if (memcmp(out->s[i].figures, st->figures, sizeof st->figures) == 0 &&
            memcmp(out->s[i].wounds, st->wounds, sizeof st->wounds) == 0) {
            out->s[i].w += st->w;
            return;
        }
    assert_true(out->n < BRUTE_STATES);
    out->s[out->n++] = *st;
}

/* Whether the die at `depth` is a d4: a 5 there fails while plenty of 1s
   after it cannot run short. */
static int next_die_is_d4(wr_engagement *e, int *rolls, int depth)
{
    size_t used = 0;
    wr_melee_round r;
    rolls[depth] = 5;
    for (int i = depth + 1; i < depth + 40; i++)
        rolls[i] = 1;
    return wr_engagement_fight_rolls(e, rolls, (size_t)depth + 40, &used, &r) == WR_ERR_RANGE;
}

static void brute_walk(wr_engagement *e, int *rolls, int depth, u128 w, int digits, brute *out)
{
    size_t used = 99;
    wr_melee_round r;
    wr_status st = wr_engagement_fight_rolls(e, rolls, (size_t)depth, &used, &r);
    if (st == WR_ERR_RANGE) { /* needs another die */
        assert_true(depth < 24);
        int d4 = next_die_is_d4(e, rolls, depth);
        for (int v = 1; v <= (d4 ? 4 : 100); v++) {
            rolls[depth] = v;
            brute_walk(e, rolls, depth + 1, d4 ? w * 25 : w, digits, out);
        }
        return;
    }
    assert_int_equal(st, WR_OK);
    assert_int_equal(used, (size_t)depth);
    assert_true(2 * depth <= digits);
    bstate next;
    next.w = w * pow10u(digits - 2 * depth);
    for (int i = 0; i < 2; i++) {
        next.figures[i] = r.figures_before[i] - r.lost[i];
        next.wounds[i] = r.wounds_after[i];
    }
    if (r.end != WR_END_ONGOING) {
        out->ends[r.end] += next.w;
        out->figs[0][next.figures[0]] += next.w;
        out->figs[1][next.figures[1]] += next.w;
    } else {
        brute_live(out, &next);
    }
}

static void brute_set(wr_melee_unit *u, int figures, const wr_wounds *w)
{
    wr_melee_unit_desc d;
    assert_int_equal(wr_melee_unit_get(u, &d), WR_OK);
    if (d.kind == WR_UNIT_TROOPS)
        assert_int_equal(wr_melee_unit_set_figures(u, figures), WR_OK);
    else
        assert_int_equal(wr_melee_unit_set_wounds(u, w), WR_OK);
}

/* Fights `rounds` rounds: the first on e1 (digits1 digits of dice), later
   ones on e2 (the same units and facing, no charge; digits_later). */
static void brute_force(wr_engagement *e1, wr_engagement *e2, wr_melee_unit *const u[2],
                        int rounds, int digits1, int digits_later, brute *out)
{
    memset(out, 0, sizeof *out);
    bstate first;
    memset(&first, 0, sizeof first);
    for (int i = 0; i < 2; i++) {
        wr_melee_unit_desc d;
        assert_int_equal(wr_melee_unit_get(u[i], &d), WR_OK);
        first.figures[i] = d.figures;
        assert_int_equal(wr_melee_unit_wounds(u[i], &first.wounds[i]), WR_OK);
    }
    first.w = 1;
    out->n = 1;
    out->s[0] = first;
    brute *next = malloc(sizeof *next);
    assert_non_null(next);
    for (int r = 0; r < rounds; r++) {
        int digits = r == 0 ? digits1 : digits_later;
        memcpy(next, out, sizeof *next);
        next->n = 0;
        for (int i = 0; i < WR_END_COUNT; i++)
            next->ends[i] *= pow10u(digits);
        for (int side = 0; side < 2; side++)
            for (int f = 0; f < 64; f++)
                next->figs[side][f] *= pow10u(digits);
        for (int i = 0; i < out->n; i++) {
            for (int side = 0; side < 2; side++)
                brute_set(u[side], out->s[i].figures[side], &out->s[i].wounds[side]);
            int rolls[64];
            brute_walk(r == 0 ? e1 : e2, rolls, 0, out->s[i].w, digits, next);
        }
        memcpy(out, next, sizeof *next);
    }
    free(next);
    for (int i = 0; i < out->n; i++) {
        out->ends[WR_END_ONGOING] += out->s[i].w;
        out->figs[0][out->s[i].figures[0]] += out->s[i].w;
        out->figs[1][out->s[i].figures[1]] += out->s[i].w;
    }
    for (int side = 0; side < 2; side++)
        brute_set(u[side], first.figures[side], &first.wounds[side]);
}

/* n / 10^digits as the library writes it. */
static void decimal(u128 n, int digits, char *buf)
{
    if (n == pow10u(digits)) {
        strcpy(buf, "1");
        return;
    }
    if (n == 0) {
        strcpy(buf, "0");
        return;
    }
    char d[64];
    for (int i = digits - 1; i >= 0; i--) {
        d[i] = (char)('0' + (int)(n % 10));
        n /= 10;
    }
    int last = digits;
    while (last > 0 && d[last - 1] == '0')
        last--;
    buf[0] = '0';
    buf[1] = '.';
    memcpy(buf + 2, d, (size_t)last);
    buf[last + 2] = '\0';
}

static void compare_with_brute(wr_engagement *e1, wr_engagement *e2, wr_melee_unit *u0,
                               wr_melee_unit *u1, int rounds, int digits1, int digits_later)
{
    wr_melee_unit *const u[2] = {u0, u1};
    brute *b = malloc(sizeof *b);
    assert_non_null(b);
    brute_force(e1, e2, u, rounds, digits1, digits_later, b);
    int digits = digits1 + digits_later * (rounds - 1);
    assert_true(digits <= 38);
    wr_melee_odds *o = NULL;
    assert_int_equal(wr_melee_odds_new(e1, rounds, &o), WR_OK);
    char want[64], got[400];
    size_t len = 0;
    u128 total = 0;
    for (int end = 0; end < WR_END_COUNT; end++) {
        decimal(b->ends[end], digits, want);
        assert_int_equal(wr_melee_odds_end_exact(o, (wr_melee_end)end, got, sizeof got, &len), WR_OK);
        assert_string_equal(got, want);
        total += b->ends[end];
        uint64_t e18 = 0;
        assert_int_equal(wr_melee_odds_end(o, (wr_melee_end)end, &e18), WR_OK);
        u128 scaled = digits <= 18 ? b->ends[end] * pow10u(18 - digits)
                                   : b->ends[end] / pow10u(digits - 18);
        assert_true((u128)e18 == scaled);
    }
    assert_true(total == pow10u(digits));
    for (int s = 0; s < 2; s++) {
        wr_melee_unit_desc d;
        assert_int_equal(wr_melee_unit_get(u[s], &d), WR_OK);
        for (int f = 0; f <= d.figures; f++) {
            decimal(b->figs[s][f], digits, want);
            assert_int_equal(wr_melee_odds_figures_exact(o, s, f, got, sizeof got, &len), WR_OK);
            assert_string_equal(got, want);
        }
    }
    wr_melee_odds_free(o);
    free(b);
}

static void odds_match_brute_force_one_round(void **state)
{
    (void)state;
    /* both remainders and the morale roll random: all 100^3 dice */
    wr_profile *p = profile(WR_RACE_HUMAN);
    assert_int_equal(wr_profile_set_bcp(p, 0, 1, 37), WR_OK);
    assert_int_equal(wr_profile_set_bcp(p, 0, 0, 25), WR_OK);
    wr_melee_unit *a = troops(p, 3, 3, 0, 0, 0), *b = troops(p, 2, 2, 0, 1, 0);
    wr_situation s = front(3, 2);
    wr_engagement *e = engage(a, b, &s);
    wr_morale_odds odds = {40, 30, 30};
    assert_int_equal(wr_engagement_set_morale(e, fixed_morale, &odds), WR_OK);
    compare_with_brute(e, e, a, b, 1, 6, 6);
    wr_engagement_free(e);
    wr_melee_unit_free(a);
    wr_melee_unit_free(b);
    wr_profile_free(p);
}

static void odds_match_brute_force_rounds(void **state)
{
    (void)state;
    /* three rounds, a charge in the first, the sample morale model whose
       odds change with the losses; side 1's FCP has no remainder */
    wr_profile *p = profile(WR_RACE_HUMAN), *q = profile(WR_RACE_ORC);
    assert_int_equal(wr_profile_set_bcp(p, WR_WEAPON_SPEAR, 0, 25), WR_OK);
    assert_int_equal(wr_profile_set_modifier(p, WR_MOD_CHARGED, 20), WR_OK);
    assert_int_equal(wr_profile_set_bcp(q, 0, 0, 100), WR_OK);
    assert_int_equal(wr_profile_set_morale_modifier(p, WR_MORALE_PER_FIGURE_LOST, -15), WR_OK);
    assert_int_equal(wr_profile_set_morale_modifier(q, WR_MORALE_LOST_ROUND, -10), WR_OK);
    assert_int_equal(wr_profile_set_morale_modifier(q, WR_MORALE_PER_FIGURE_LOST, -20), WR_OK);
    assert_int_equal(wr_profile_set_retire_band(p, 20), WR_OK);
    assert_int_equal(wr_profile_set_retire_band(q, 15), WR_OK);
    wr_melee_unit *a = troops(p, 6, 3, WR_WEAPON_SPEAR, 0, 0), *b = troops(q, 6, 6, 0, 0, 0);
    wr_situation s1 = front(3, 1), s2 = s1;
    s1.side[0].charged = 1;
    wr_engagement *e1 = engage(a, b, &s1), *e2 = engage(a, b, &s2);
    compare_with_brute(e1, e2, a, b, 3, 6, 6);
    /* one round only, and the round cap leaves mass undecided */
    compare_with_brute(e1, e2, a, b, 1, 6, 6);
    wr_engagement_free(e1);
    wr_engagement_free(e2);
    wr_melee_unit_free(a);
    wr_melee_unit_free(b);
    wr_profile_free(p);
    wr_profile_free(q);
}

static void odds_match_brute_force_flank(void **state)
{
    (void)state;
    /* a flank charge: the flank test stage, then two rounds */
    wr_profile *p = profile(WR_RACE_HUMAN);
    assert_int_equal(wr_profile_set_bcp(p, 0, 0, 100), WR_OK);
    assert_int_equal(wr_profile_set_modifier(p, WR_MOD_FLANK, 50), WR_OK);
    assert_int_equal(wr_profile_set_morale_modifier(p, WR_MORALE_ATTACKED_FLANK, -25), WR_OK);
    assert_int_equal(wr_profile_set_retire_band(p, 10), WR_OK);
    wr_melee_unit *a = troops(p, 2, 2, 0, 0, 0), *b = troops(p, 8, 4, WR_WEAPON_SPEAR, 0, 0);
    wr_situation s1 = front(2, 1), s2;
    s1.side[0].charged = 1;
    s1.side[1].attacked_in = WR_FACING_FLANK;
    s2 = s1;
    s2.side[0].charged = 0;
    wr_engagement *e1 = engage(a, b, &s1), *e2 = engage(a, b, &s2);
    compare_with_brute(e1, e2, a, b, 2, 8, 6);
    int exponent = 0;
    wr_melee_odds *o = NULL;
    assert_int_equal(wr_melee_odds_new(e1, 2, &o), WR_OK);
    assert_int_equal(wr_melee_odds_exponent(o, &exponent), WR_OK);
    assert_int_equal(exponent, 2 + 6 + 6);
    wr_melee_odds_free(o);
    wr_engagement_free(e1);
    wr_engagement_free(e2);
    wr_melee_unit_free(a);
    wr_melee_unit_free(b);
    wr_profile_free(p);
}


/* A monster (and a character) against troops: each round one hit on it,
   looked up on its chart with a d100 and a d4, and one kill on the troops;
   two rounds of every die against the exact odds. */
static void odds_match_brute_force_wounds(void **state)
{
    (void)state;
    wr_profile *p = profile(WR_RACE_HUMAN), *m = profile(WR_RACE_OTHER);
    assert_int_equal(wr_profile_set_bcp(p, 0, 0, 100), WR_OK);
    assert_int_equal(wr_profile_set_bcp(m, 0, 0, 100), WR_OK);
    wr_hit_chart *c = sample_chart();
    for (int kind = WR_UNIT_MONSTER; kind <= WR_UNIT_CHARACTER; kind++) {
        wr_melee_unit *men = troops(p, 3, 3, 0, 0, 0);
        wr_melee_unit_desc d = wr_melee_unit_desc_default();
        d.kind = (wr_melee_unit_kind)kind;
        wr_melee_unit *beast = from_def(m, &d);
        assert_int_equal(wr_melee_unit_set_hit_chart(beast, c), WR_OK);
        wr_situation s = front(1, 1);
        wr_engagement *e = engage(men, beast, &s);
        wr_morale_odds odds = {60, 25, 15};
        assert_int_equal(wr_engagement_set_morale(e, fixed_morale, &odds), WR_OK);
        /* a round: one wound (4 digits), two remainders and a morale test (6) */
        compare_with_brute(e, e, men, beast, 2, 10, 10);
        /* from a wounded start: one serious wound already */
        wr_wounds w;
        memset(&w, 0, sizeof w);
        int dead = 0;
        assert_int_equal(wr_wounds_add(&w, WR_WOUND_SERIOUS, kind == WR_UNIT_CHARACTER, &dead), WR_OK);
        assert_int_equal(wr_melee_unit_set_wounds(beast, &w), WR_OK);
        compare_with_brute(e, e, men, beast, 1, 10, 10);
        wr_engagement_free(e);
        wr_melee_unit_free(men);
        wr_melee_unit_free(beast);
    }
    wr_hit_chart_free(c);
    wr_profile_free(p);
    wr_profile_free(m);
}

/* Adds decimal fractions ("0.25", "1", "0") exactly. */
static void add_decimal(int *sum, int digits, const char *text)
{
    if (strcmp(text, "1") == 0) {
        sum[0] += 1;
        return;
    }
    if (strcmp(text, "0") == 0)
        return;
    int n = (int)strlen(text) - 2;
    for (int i = 0; i < n && i < digits; i++)
        sum[i + 1] += text[i + 2] - '0';
    for (int i = digits; i > 0; i--) {
        sum[i - 1] += sum[i] / 10;
        sum[i] %= 10;
    }
}

static void odds_of_the_example(void **state)
{
    (void)state;
    example x;
    example_setup(&x);
    wr_melee_odds *o = NULL;
    assert_int_equal(wr_melee_odds_new(x.e, 30, &o), WR_OK);
    int exponent = 0;
    assert_int_equal(wr_melee_odds_exponent(o, &exponent), WR_OK);
    assert_true(exponent > 0 && exponent <= 180);
    /* the exact probabilities add up to exactly one */
    int sum[200] = {0};
    char text[300];
    size_t len = 0;
    for (int end = 0; end < WR_END_COUNT; end++) {
        assert_int_equal(wr_melee_odds_end_exact(o, (wr_melee_end)end, text, sizeof text, &len), WR_OK);
        add_decimal(sum, exponent, text);
    }
    assert_int_equal(sum[0], 1);
    for (int i = 1; i <= exponent; i++)
        assert_int_equal(sum[i], 0);
    memset(sum, 0, sizeof sum);
    for (int f = 0; f <= 10; f++) {
        assert_int_equal(wr_melee_odds_figures_exact(o, 0, f, text, sizeof text, &len), WR_OK);
        add_decimal(sum, exponent, text);
    }
    assert_int_equal(sum[0], 1);
    /* the first round alone: the orcs lose it unless ... (exactly as the kill odds say) */
    wr_melee_odds *one = NULL;
    assert_int_equal(wr_melee_odds_new(x.e, 1, &one), WR_OK);
    assert_int_equal(wr_melee_odds_end_exact(one, WR_END_ONGOING, text, sizeof text, &len), WR_OK);
    /* orcs lose every combination (4 or 5 kills against 2 or 3): they test at
       the sample's 50% pass and all-or-nothing rout, so one half goes on */
    assert_string_equal(text, "0.5");
    assert_int_equal(wr_melee_odds_end_exact(one, WR_END_B_ROUTS, text, sizeof text, &len), WR_OK);
    assert_string_equal(text, "0.5");
    /* 10 dwarfs: 7 left with 96%, 8 with 4% */
    assert_int_equal(wr_melee_odds_figures_exact(one, 0, 7, text, sizeof text, &len), WR_OK);
    assert_string_equal(text, "0.96");
    uint64_t e18 = 0;
    assert_int_equal(wr_melee_odds_figures(one, 0, 8, &e18), WR_OK);
    assert_true(e18 == UINT64_C(40000000000000000));
    assert_int_equal(wr_melee_odds_end(one, WR_END_A_ROUTS, &e18), WR_OK);
    assert_true(e18 == 0);
    /* too small a buffer */
    assert_int_equal(wr_melee_odds_figures_exact(one, 0, 7, text, 4, &len), WR_ERR_RANGE);
    assert_int_equal(len, 4);
    wr_melee_odds_free(one);
    wr_melee_odds_free(o);
    example_teardown(&x);
}

/* Monte Carlo with wr_rng agrees with the exact odds within sampling error
   (five standard deviations, plus one). */
static void monte_carlo_agrees(void **state)
{
    (void)state;
    example x;
    example_setup(&x);
    wr_profile *dp = NULL;
    (void)dp;
    wr_morale_odds odds = {55, 25, 20};
    assert_int_equal(wr_engagement_set_morale(x.e, fixed_morale, &odds), WR_OK);
    const int rounds = 12, trials = 40000;
    wr_melee_odds *o = NULL;
    assert_int_equal(wr_melee_odds_new(x.e, rounds, &o), WR_OK);
    wr_rng *rng = NULL;
    assert_int_equal(wr_rng_new(77, &rng), WR_OK);
    uint64_t counts[WR_END_COUNT];
    assert_int_equal(wr_engagement_simulate_rng(x.e, rounds, rng, trials, counts), WR_OK);
    uint64_t total = 0;
    for (int end = 0; end < WR_END_COUNT; end++) {
        uint64_t e18 = 0;
        assert_int_equal(wr_melee_odds_end(o, (wr_melee_end)end, &e18), WR_OK);
        double p = (double)e18 / 1e18;
        double mean = p * trials, sd = 0;
        double var = trials * p * (1 - p);
        while (sd * sd < var)
            sd += 0.01;
        double diff = (double)counts[end] - mean;
        if (diff < 0)
            diff = -diff;
        assert_true(diff <= 5 * sd + 1);
        total += counts[end];
    }
    assert_true(total == (uint64_t)trials);
    /* the same seed gives the same tallies */
    uint64_t again[WR_END_COUNT];
    wr_rng_free(rng);
    assert_int_equal(wr_rng_new(77, &rng), WR_OK);
    assert_int_equal(wr_engagement_simulate_rng(x.e, rounds, rng, trials, again), WR_OK);
    assert_memory_equal(counts, again, sizeof counts);
    wr_rng_free(rng);
    wr_melee_odds_free(o);
    example_teardown(&x);
}

/* The Monte Carlo also fights monsters (wounds on its chart). */
static void monte_carlo_monster(void **state)
{
    (void)state;
    wr_profile *p = profile(WR_RACE_HUMAN), *m = profile(WR_RACE_OTHER);
    assert_int_equal(wr_profile_set_bcp(p, 0, 0, 30), WR_OK);
    assert_int_equal(wr_profile_set_bcp(m, 0, 0, 120), WR_OK);
    wr_melee_unit *men = troops(p, 8, 4, 0, 0, 0);
    wr_melee_unit_desc d = wr_melee_unit_desc_default();
    d.kind = WR_UNIT_MONSTER;
    wr_melee_unit *ogre = from_def(m, &d);
    wr_situation s = front(4, 1);
    wr_engagement *e = engage(men, ogre, &s);
    wr_rng *rng = NULL;
    assert_int_equal(wr_rng_new(3, &rng), WR_OK);
    uint64_t counts[WR_END_COUNT];
    assert_int_equal(wr_engagement_simulate_rng(e, 20, rng, 100, counts), WR_ERR_STATE); /* no chart */
    wr_hit_chart *c = sample_chart();
    assert_int_equal(wr_melee_unit_set_hit_chart(ogre, c), WR_OK);
    assert_int_equal(wr_engagement_simulate_rng(e, 20, rng, 2000, counts), WR_OK);
    uint64_t total = 0;
    for (int end = 0; end < WR_END_COUNT; end++)
        total += counts[end];
    assert_true(total == 2000);
    assert_true(counts[WR_END_B_DESTROYED] > 0);
    /* the exact odds of the same melee agree with it */
    wr_melee_odds *o = NULL;
    assert_int_equal(wr_melee_odds_new(e, 20, &o), WR_OK);
    const int trials = 20000;
    assert_int_equal(wr_engagement_simulate_rng(e, 20, rng, trials, counts), WR_OK);
    for (int end = 0; end < WR_END_COUNT; end++) {
        uint64_t e18 = 0;
        assert_int_equal(wr_melee_odds_end(o, (wr_melee_end)end, &e18), WR_OK);
        double p18 = (double)e18 / 1e18, sd = 0;
        double var = trials * p18 * (1 - p18), diff = (double)counts[end] - p18 * trials;
        while (sd * sd < var)
            sd += 0.01;
        assert_true((diff < 0 ? -diff : diff) <= 5 * sd + 1);
    }
    uint64_t alive = 0;
    assert_int_equal(wr_melee_odds_figures(o, 1, 1, &alive), WR_OK);
    assert_true(alive > 0);
    assert_int_equal(wr_melee_odds_figures(o, 1, 2, &alive), WR_ERR_RANGE); /* one figure */
    wr_melee_odds_free(o);
    wr_rng_free(rng);
    wr_engagement_free(e);
    wr_hit_chart_free(c);
    wr_melee_unit_free(men);
    wr_melee_unit_free(ogre);
    wr_profile_free(p);
    wr_profile_free(m);
}

/* The odds of a big melee: quick, and bounded memory. */
static void odds_large(void **state)
{
    (void)state;
    wr_profile *p = profile(WR_RACE_HUMAN);
    assert_int_equal(wr_profile_set_bcp(p, WR_WEAPON_PIKE, 0, 17), WR_OK);
    assert_int_equal(wr_profile_set_bcp(p, 0, 0, 23), WR_OK);
    assert_int_equal(wr_profile_set_retire_band(p, 30), WR_OK);
    assert_int_equal(wr_profile_set_morale_modifier(p, WR_MORALE_PER_FIGURE_LOST, -3), WR_OK);
    wr_melee_unit *a = troops(p, WR_ODDS_MAX_FIGURES, 20, WR_WEAPON_PIKE, 0, 0);
    wr_melee_unit *b = troops(p, 150, 30, 0, 0, 0);
    wr_situation s = front(20, 20);
    wr_engagement *e = engage(a, b, &s);
    wr_melee_odds *o = NULL;
    assert_int_equal(wr_melee_odds_new(e, WR_ODDS_MAX_ROUNDS, &o), WR_OK);
    uint64_t sum = 0, e18 = 0;
    for (int end = 0; end < WR_END_COUNT; end++) {
        assert_int_equal(wr_melee_odds_end(o, (wr_melee_end)end, &e18), WR_OK);
        sum += e18;
    }
    assert_true(sum <= UINT64_C(1000000000000000000));
    assert_true(sum >= UINT64_C(1000000000000000000) - WR_END_COUNT);
    wr_melee_odds_free(o);
    assert_int_equal(wr_melee_unit_set_figures(a, WR_ODDS_MAX_FIGURES + 1), WR_OK);
    assert_int_equal(wr_melee_odds_new(e, 3, &o), WR_ERR_RANGE);
    wr_engagement_free(e);
    wr_melee_unit_free(a);
    wr_melee_unit_free(b);
    wr_profile_free(p);
}

/* ---- batch forms ------------------------------------------------------- */

static uint32_t batch_lcg(uint32_t *s)
{
    *s = *s * 1664525u + 1013904223u;
    return *s >> 8;
}

#define BATCH_N 2000

typedef struct batch_cols {
    int figures[BATCH_N], files[BATCH_N], in_contact[BATCH_N], weapon[BATCH_N];
    unsigned flags[BATCH_N];
    int bcp[BATCH_N], modifiers[BATCH_N], d100[BATCH_N];
    int fighting[BATCH_N], mcp[BATCH_N], fcp[BATCH_N], kills[BATCH_N], lost[BATCH_N];
} batch_cols;

static void batch_fill(batch_cols *c, uint32_t *seed)
{
    for (int i = 0; i < BATCH_N; i++) {
        c->figures[i] = (int)(batch_lcg(seed) % 60u);
        c->files[i] = 1 + (int)(batch_lcg(seed) % 12u);
        int most = c->files[i] < c->figures[i] ? c->files[i] : c->figures[i];
        c->in_contact[i] = (int)(batch_lcg(seed) % (uint32_t)(most + 1));
        c->weapon[i] = (int)(batch_lcg(seed) % 4u);
        c->flags[i] = batch_lcg(seed) % 0x20u;
        if ((c->flags[i] & WR_COMBATANT_SWARM) && (c->flags[i] & WR_COMBATANT_FLYING))
            c->flags[i] &= ~WR_COMBATANT_FLYING;
        c->bcp[i] = (int)(batch_lcg(seed) % 1001u);
        c->modifiers[i] = (int)(batch_lcg(seed) % 2001u) - 1000;
        c->d100[i] = 1 + (int)(batch_lcg(seed) % 100u);
    }
}

static wr_melee_batch_combatant batch_in(const batch_cols *c)
{
    wr_melee_batch_combatant s = {c->figures, c->files, c->in_contact, c->weapon,
                             c->flags,   c->bcp,   c->modifiers,  c->d100};
    return s;
}

static wr_melee_batch_out batch_out(batch_cols *c)
{
    wr_melee_batch_out o = {c->fighting, c->mcp, c->fcp, c->kills, c->lost};
    return o;
}

static void batch_side_expect(const batch_cols *c, const batch_cols *e, int i, int *kills)
{
    int fighting = 0, mcp = 0, fcp = 0;
    assert_int_equal(wr_fighting_figures(c->figures[i], c->files[i], c->in_contact[i],
                                         (wr_weapon)c->weapon[i], c->flags[i], e->flags[i],
                                         &fighting),
                     WR_OK);
    assert_int_equal(wr_combat_percent(c->bcp[i], c->modifiers[i], fighting, &mcp, &fcp), WR_OK);
    assert_int_equal(wr_kills_from_percent(fcp, c->d100[i], kills), WR_OK);
    assert_int_equal(c->fighting[i], fighting);
    assert_int_equal(c->mcp[i], mcp);
    assert_int_equal(c->fcp[i], fcp);
    assert_int_equal(c->kills[i], *kills);
}

static void batch_rounds_match_pinned(void **state)
{
    (void)state;
    static batch_cols a, b;
    static int loser[BATCH_N];
    uint32_t seed = 6u;
    batch_fill(&a, &seed);
    batch_fill(&b, &seed);
    wr_melee_batch_combatant in_a = batch_in(&a), in_b = batch_in(&b);
    wr_melee_batch_out out_a = batch_out(&a), out_b = batch_out(&b);
    size_t bad = 77;
    assert_int_equal(wr_melee_rounds_batch(BATCH_N, &in_a, &in_b, &out_a, &out_b, loser, &bad),
                     WR_OK);
    assert_int_equal(bad, 77);
    int draws = 0, wins[2] = {0, 0};
    for (int i = 0; i < BATCH_N; i++) {
        int ka = 0, kb = 0;
        batch_side_expect(&a, &b, i, &ka);
        batch_side_expect(&b, &a, i, &kb);
        int lost_a = kb < a.figures[i] ? kb : a.figures[i];
        int lost_b = ka < b.figures[i] ? ka : b.figures[i];
        assert_int_equal(a.lost[i], lost_a);
        assert_int_equal(b.lost[i], lost_b);
        assert_int_equal(loser[i], lost_a == lost_b ? -1 : (lost_a > lost_b ? 0 : 1));
        if (loser[i] < 0)
            draws++;
        else
            wins[loser[i]]++;
    }
    assert_true(draws > 0 && wins[0] > 0 && wins[1] > 0);
}

static void batch_example_dwarfs_and_urucks(void **state)
{
    (void)state;
    /* the worked example: the dwarfs (10 spears in 5 files, 5 in contact,
       BCP 14 +28) roll 34; the orc urucks (9 polearms, 4 in contact, BCP 25
       +12) roll 84 */
    const int fig[2] = {10, 9}, files[2] = {5, 5}, contact[2] = {5, 4};
    const int weapon[2] = {WR_WEAPON_SPEAR, WR_WEAPON_POLEARM};
    const unsigned flags[2] = {0, 0};
    const int bcp[2] = {14, 25}, mods[2] = {28, 12}, d100[2] = {34, 84};
    wr_melee_batch_combatant a = {&fig[0], &files[0], &contact[0], &weapon[0],
                             &flags[0], &bcp[0], &mods[0], &d100[0]};
    wr_melee_batch_combatant b = {&fig[1], &files[1], &contact[1], &weapon[1],
                             &flags[1], &bcp[1], &mods[1], &d100[1]};
    int fighting[2], mcp[2], fcp[2], kills[2], lost[2], loser = 5;
    wr_melee_batch_out oa = {&fighting[0], &mcp[0], &fcp[0], &kills[0], &lost[0]};
    wr_melee_batch_out ob = {&fighting[1], &mcp[1], &fcp[1], &kills[1], &lost[1]};
    assert_int_equal(wr_melee_rounds_batch(1, &a, &b, &oa, &ob, &loser, NULL), WR_OK);
    assert_int_equal(fighting[0], 10);
    assert_int_equal(mcp[0], 42);
    assert_int_equal(fcp[0], 420);
    assert_int_equal(kills[0], 4);
    assert_int_equal(fighting[1], 8);
    assert_int_equal(mcp[1], 37);
    assert_int_equal(fcp[1], 296);
    assert_int_equal(kills[1], 3);
    assert_int_equal(lost[0], 3);
    assert_int_equal(lost[1], 4);
    assert_int_equal(loser, 1);
    /* outputs may be skipped; kills beyond the figures present are capped in lost */
    wr_melee_batch_out none = {NULL, NULL, NULL, NULL, NULL};
    assert_int_equal(wr_melee_rounds_batch(1, &a, &b, &none, &none, NULL, NULL), WR_OK);
    assert_int_equal(wr_melee_rounds_batch(0, &a, &b, &none, &none, NULL, NULL), WR_OK);
    const int few = 2;
    b.figures = &few;
    b.in_contact = &few;
    assert_int_equal(wr_melee_rounds_batch(1, &a, &b, &oa, &ob, &loser, NULL), WR_OK);
    assert_int_equal(kills[0], 4);
    assert_int_equal(lost[1], 2);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(reach),
        cmocka_unit_test(fighting_cases),
        cmocka_unit_test(example_boar_riders),
        cmocka_unit_test(example_lawkland_cavalry),
        cmocka_unit_test(complete_ranks_and_percent),
        cmocka_unit_test(example_dwarfs_and_urucks),
        cmocka_unit_test(rng_form_matches_rolls),
        cmocka_unit_test(example_flanked_orc_spearmen),
        cmocka_unit_test(profiles_and_pikes),
        cmocka_unit_test(sample_profiles),
        cmocka_unit_test(modifiers_each),
        cmocka_unit_test(mcp_floor_and_fcp_bound),
        cmocka_unit_test(disorder_rules),
        cmocka_unit_test(round_draw_and_cap),
        cmocka_unit_test(round_morale_outcomes),
        cmocka_unit_test(morale_models),
        cmocka_unit_test(wound_death_rules),
        cmocka_unit_test(hit_charts),
        cmocka_unit_test(monster_in_combat),
        cmocka_unit_test(character_fights_separately),
        cmocka_unit_test(two_combats_one_phase),
        cmocka_unit_test(monster_two_combats),
        cmocka_unit_test(starting_and_leaving),
        cmocka_unit_test(units),
        cmocka_unit_test(explanations),
        cmocka_unit_test(kill_odds),
        cmocka_unit_test(odds_match_brute_force_one_round),
        cmocka_unit_test(odds_match_brute_force_rounds),
        cmocka_unit_test(odds_match_brute_force_flank),
        cmocka_unit_test(odds_match_brute_force_wounds),
        cmocka_unit_test(odds_of_the_example),
        cmocka_unit_test(monte_carlo_agrees),
        cmocka_unit_test(monte_carlo_monster),
        cmocka_unit_test(odds_large),
        cmocka_unit_test(batch_rounds_match_pinned),
        cmocka_unit_test(batch_example_dwarfs_and_urucks),
    };
    return cmocka_run_group_tests_name("melee", tests, NULL, NULL);
}
