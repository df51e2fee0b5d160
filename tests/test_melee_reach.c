/* Fantasy Warlord, hand-to-hand combat: the pinned counting rules: reach,
   the figures that fight ([Reach], its seven cases and the text's examples
   of the boar riders and the Lawkland cavalry), complete ranks, the combat
   percentage and kills from it. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "warrules/melee.h"

#include "fixtures.h"

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
    wr_melee_unit *swords = troops(human, 10, 5, WR_WEAPON_OTHER);
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
    wr_melee_unit *pole = troops(human, 12, 6, WR_WEAPON_POLEARM);
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

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(reach),
        cmocka_unit_test(fighting_cases),
        cmocka_unit_test(example_boar_riders),
        cmocka_unit_test(example_lawkland_cavalry),
        cmocka_unit_test(complete_ranks_and_percent),
    };
    return cmocka_run_group_tests_name("melee_reach", tests, NULL, NULL);
}
