/* Fantasy Warlord, hand-to-hand combat: profiles (weapons and pikes by
   race, BCP, modifiers, morale modifiers, hated foes), the sample profiles
   of the example, each modifier seen on its own, the floor of the MCP and
   the bound of the FCP. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "warrules/melee.h"

#include "fixtures.h"

/* ---- profiles ---------------------------------------------------------- */

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
    wr_melee_unit *v = troops(p, 5, 5, 0);
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

/* ---- modifiers --------------------------------------------------------- */

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
    wr_melee_unit *b = troops(p, 10, 10, 0);
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
    wr_melee_unit *big = troops(p, 100000, 1, WR_WEAPON_SPEAR);
    wr_melee_unit *c = troops(p, 100000, 100000, 0);
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

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(profiles_and_pikes),
        cmocka_unit_test(sample_profiles),
        cmocka_unit_test(modifiers_each),
        cmocka_unit_test(mcp_floor_and_fcp_bound),
    };
    return cmocka_run_group_tests_name("melee_profile", tests, NULL, NULL);
}
