/* Fantasy Warlord hand-to-hand combat: a melee phase, every fight of one
   turn resolved together. No figure fights twice [Starting]; disorder from a
   flank charge seen by the front fight [Flank and rear], [Reach]; contact
   along a deep column [Flank and rear]; Blood Lust, contact by pushback, and a phase of four units
   in three fights computed by hand. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "warrules/melee.h"

#include "fixtures.h"

/* ---- helpers ----------------------------------------------------------- */

static wr_phase_combatant side(wr_melee_unit *u, wr_facing face, int in_contact, int corner,
                          wr_phase_contact contact)
{
    wr_phase_combatant s;
    memset(&s, 0, sizeof s);
    s.unit = u;
    s.face = face;
    s.in_contact = in_contact;
    s.corner = corner;
    s.corner_fights = WR_PHASE_DEFAULT;
    s.contact = contact;
    return s;
}

static wr_melee_phase *phase_new(void)
{
    wr_melee_phase *p = NULL;
    assert_int_equal(wr_melee_phase_new(&p), WR_OK);
    return p;
}

static int fighting(const wr_melee_phase *p, int fight, int s)
{
    wr_strike k;
    assert_int_equal(wr_melee_phase_strike(p, fight, s, &k), WR_OK);
    return k.fighting;
}

/* A morale model with fixed odds that keeps the tests it is asked. */
typedef struct recorder {
    wr_morale_odds odds;
    int n;
    wr_morale_test tests[8];
} recorder;

static wr_status recording_morale(void *user, const wr_morale_test *test, wr_morale_odds *odds)
{
    recorder *rec = user;
    if (rec->n < 8)
        rec->tests[rec->n++] = *test;
    *odds = rec->odds;
    return WR_OK;
}

static int figures_of(const wr_melee_unit *u)
{
    wr_melee_unit_desc d;
    assert_int_equal(wr_melee_unit_get(u, &d), WR_OK);
    return d.figures;
}

static int disordered(const wr_melee_unit *u)
{
    wr_melee_unit_desc d;
    assert_int_equal(wr_melee_unit_get(u, &d), WR_OK);
    return (d.flags & WR_UNIT_DISORDERED) != 0;
}

/* ---- no figure fights twice [Starting] ---------------------------------- */

/* "No figure may fight more than once in a turn": five swordsmen in one rank,
   all five touching the enemy in front, the end figure also touching a unit
   that charged their flank. */
static void no_figure_fights_twice(void **state)
{
    (void)state;
    wr_profile *men = profile(WR_RACE_HUMAN), *orc = profile(WR_RACE_ORC);
    wr_melee_unit *swords = troops(men, 5, 5, WR_WEAPON_OTHER);
    wr_melee_unit *ahead = troops(orc, 5, 5, WR_WEAPON_OTHER);
    wr_melee_unit *flanker = troops(orc, 4, 2, WR_WEAPON_OTHER);

    /* The engagements alone let 5 + 1 = 6 of the five fight. */
    wr_situation s;
    memset(&s, 0, sizeof s);
    s.side[0].in_contact = 5;
    s.side[1].in_contact = 5;
    wr_engagement *e1 = NULL, *e2 = NULL;
    assert_int_equal(wr_engagement_new(ahead, swords, &s, &e1), WR_OK);
    s.side[0].in_contact = 1;
    s.side[0].charged = 1;
    s.side[1].in_contact = 1;
    s.side[1].attacked_in = WR_FACING_FLANK;
    assert_int_equal(wr_engagement_new(flanker, swords, &s, &e2), WR_OK);
    wr_strike k1, k2;
    assert_int_equal(wr_engagement_strike(e1, 1, &k1), WR_OK);
    assert_int_equal(wr_engagement_strike(e2, 1, &k2), WR_OK);
    assert_int_equal(k1.fighting + k2.fighting, 6);

    /* The phase: the corner figure fights once, by default in the front fight. */
    wr_melee_phase *p = phase_new();
    int front = phase_add(p, side(ahead, WR_FACING_FRONT, 5, 0, WR_CONTACT_CONTINUING),
                    side(swords, WR_FACING_FRONT, 5, 1, WR_CONTACT_CONTINUING));
    int flank = phase_add(p, side(flanker, WR_FACING_FRONT, 1, 0, WR_CONTACT_CHARGE),
                    side(swords, WR_FACING_FLANK, 1, 1, WR_CONTACT_CONTINUING));
    assert_int_equal(fighting(p, front, 1), 5);
    assert_int_equal(fighting(p, flank, 1), 0);

    /* The game may assign the corner figure to the flank instead. */
    wr_melee_phase *q = phase_new();
    front = phase_add(q, side(ahead, WR_FACING_FRONT, 5, 0, WR_CONTACT_CONTINUING),
                side(swords, WR_FACING_FRONT, 5, 1, WR_CONTACT_CONTINUING));
    wr_phase_combatant turned = side(swords, WR_FACING_FLANK, 1, 1, WR_CONTACT_CONTINUING);
    turned.corner_fights = 1;
    flank = phase_add(q, side(flanker, WR_FACING_FRONT, 1, 0, WR_CONTACT_CHARGE), turned);
    assert_int_equal(fighting(q, front, 1), 4);
    assert_int_equal(fighting(q, flank, 1), 1);

    /* Resolved: five fought, and the explanation says why not six. */
    wr_morale_odds pass = {100, 0, 0};
    assert_int_equal(wr_melee_phase_set_morale(p, fixed_morale, &pass), WR_OK);
    size_t most = 0, used = 0;
    assert_int_equal(wr_melee_phase_dice_needed(p, &most), WR_OK);
    const int rolls[] = {50, 50, 50, 50, 50, 50, 50, 50};
    assert_true(most <= sizeof rolls / sizeof rolls[0]);
    assert_int_equal(wr_melee_phase_resolve_rolls(p, rolls, most, &used), WR_OK);
    assert_true(used <= most);
    wr_phase_unit pu;
    assert_int_equal(wr_melee_phase_unit(p, swords, &pu), WR_OK);
    assert_int_equal(pu.fights, 2);
    assert_int_equal(pu.fighting, 5);
    wr_melee_round r;
    assert_int_equal(wr_melee_phase_round(p, flank, &r), WR_OK);
    assert_true(has_event(&r, WR_RULE_ONCE_PER_TURN, 1, 0, 1));

    wr_melee_phase_free(p);
    wr_melee_phase_free(q);
    wr_engagement_free(e1);
    wr_engagement_free(e2);
    wr_melee_unit_free(swords);
    wr_melee_unit_free(ahead);
    wr_melee_unit_free(flanker);
    wr_profile_free(men);
    wr_profile_free(orc);
}

/* ---- a flank charge disorders the front fight [Flank and rear] ---------- */

/* "A unit attacked in the flank or rear, immediately becomes disordered" and
   "this rank advantage is lost immediately a unit becomes disordered":
   spearmen in two ranks of five, held in front and charged in the flank
   this phase, fight in front with the five in contact, not ten. */
static void flank_charge_disorders_the_front_fight(void **state)
{
    (void)state;
    wr_profile *men = profile(WR_RACE_HUMAN), *orc = profile(WR_RACE_ORC);
    assert_int_equal(wr_profile_set_modifier(orc, WR_MOD_ENEMY_DISORDERED, 4), WR_OK);
    assert_int_equal(wr_profile_set_modifier(men, WR_MOD_PER_RANK, 2), WR_OK);
    wr_melee_unit *spears = troops(men, 10, 5, WR_WEAPON_SPEAR);
    wr_melee_unit *ahead = troops(orc, 10, 5, WR_WEAPON_OTHER);
    wr_melee_unit *flanker = troops(orc, 4, 2, WR_WEAPON_OTHER);

    /* The front engagement alone counts both ranks. */
    wr_situation s;
    memset(&s, 0, sizeof s);
    s.side[0].in_contact = 5;
    s.side[1].in_contact = 5;
    wr_engagement *e = NULL;
    assert_int_equal(wr_engagement_new(ahead, spears, &s, &e), WR_OK);
    wr_strike k;
    assert_int_equal(wr_engagement_strike(e, 1, &k), WR_OK);
    assert_int_equal(k.fighting, 10);

    wr_melee_phase *p = phase_new();
    int front = phase_add(p, side(ahead, WR_FACING_FRONT, 5, 0, WR_CONTACT_CONTINUING),
                    side(spears, WR_FACING_FRONT, 5, 1, WR_CONTACT_CONTINUING));
    int flank = phase_add(p, side(flanker, WR_FACING_FRONT, 2, 0, WR_CONTACT_CHARGE),
                    side(spears, WR_FACING_FLANK, 2, 1, WR_CONTACT_CONTINUING));
    assert_int_equal(wr_melee_phase_strike(p, front, 1, &k), WR_OK);
    assert_int_equal(k.fighting, 5);
    assert_int_equal(k.fighting_case, 6);
    assert_int_equal(k.ranks, 2); /* reading: only the flanked fight counts one rank */
    assert_int_equal(wr_melee_phase_strike(p, front, 0, &k), WR_OK);
    assert_int_equal(k.mod[WR_MOD_ENEMY_DISORDERED], 4);
    assert_int_equal(wr_melee_phase_strike(p, flank, 1, &k), WR_OK);
    assert_int_equal(k.fighting, 1); /* two along the flank, the corner figure fights in front */
    assert_int_equal(k.ranks, 1);

    /* The flank test comes before any blow: it is the first die. */
    wr_morale_odds fail = {0, 0, 100};
    assert_int_equal(wr_melee_phase_set_morale(p, fixed_morale, &fail), WR_OK);
    const int rolls[] = {40};
    size_t used = 0;
    assert_int_equal(wr_melee_phase_resolve_rolls(p, rolls, 1, &used), WR_OK);
    assert_int_equal(used, 1);
    wr_melee_round r;
    assert_int_equal(wr_melee_phase_round(p, flank, &r), WR_OK);
    assert_int_equal(r.flank_test[1], WR_MORALE_ROUT);
    assert_int_equal(r.flank_roll[1], 40);
    assert_int_equal(r.fought, 0);
    assert_int_equal(r.end, WR_END_B_ROUTS);
    assert_int_equal(r.pursuit, 0);
    /* routed, the spearmen leave their front fight too: no blows there */
    assert_int_equal(wr_melee_phase_round(p, front, &r), WR_OK);
    assert_int_equal(r.fought, 0);
    assert_int_equal(r.end, WR_END_B_ROUTS);
    assert_true(has_event(&r, WR_RULE_DISORDERED_ELSEWHERE, 1, 1, flank));
    assert_true(has_event(&r, WR_RULE_LEFT_FIGHT, 1, WR_MORALE_ROUT, flank));
    assert_int_equal(figures_of(spears), 10);
    assert_true(disordered(spears));

    wr_melee_phase_free(p);
    wr_engagement_free(e);
    wr_melee_unit_free(spears);
    wr_melee_unit_free(ahead);
    wr_melee_unit_free(flanker);
    wr_profile_free(men);
    wr_profile_free(orc);
}

/* ---- contact along a column [Flank and rear] ---------------------------- */

/* "the defender can only count its figures in base-to-base contact": 18
   orcs in six ranks of three, charged in the flank with 5 figures in
   contact along the column. */
static void contact_along_a_column(void **state)
{
    (void)state;
    wr_profile *dwarf = profile(WR_RACE_DWARF), *orc = profile(WR_RACE_ORC);
    assert_int_equal(wr_profile_set_modifier(orc, WR_MOD_PER_RANK, 1), WR_OK);
    wr_melee_unit *dwarfs = troops(dwarf, 10, 5, WR_WEAPON_SPEAR);
    wr_melee_unit *orcs = troops(orc, 18, 3, WR_WEAPON_SPEAR);

    /* Since 1.2 an engagement says it too: a flank holds one figure per rank. */
    wr_situation s;
    memset(&s, 0, sizeof s);
    s.side[0].in_contact = 5;
    s.side[0].charged = 1;
    s.side[1].in_contact = 5;
    s.side[1].attacked_in = WR_FACING_FLANK;
    wr_engagement *e = NULL;
    assert_int_equal(wr_engagement_new(dwarfs, orcs, &s, &e), WR_OK);
    wr_strike ke;
    assert_int_equal(wr_engagement_strike(e, 1, &ke), WR_OK);
    assert_int_equal(ke.fighting, 5);
    assert_int_equal(ke.ranks, 1);
    wr_engagement_free(e);
    s.side[1].in_contact = 7; /* six ranks */
    e = NULL;
    assert_int_equal(wr_engagement_new(dwarfs, orcs, &s, &e), WR_ERR_RANGE);
    assert_null(e);
    s.side[1].in_contact = 5;
    s.side[1].attacked_in = WR_FACING_REAR; /* the rear holds the 3 files */
    assert_int_equal(wr_engagement_new(dwarfs, orcs, &s, &e), WR_ERR_RANGE);
    assert_null(e);

    wr_melee_phase *p = phase_new();
    int f = phase_add(p, side(dwarfs, WR_FACING_FRONT, 5, 0, WR_CONTACT_CHARGE),
                side(orcs, WR_FACING_FLANK, 5, 0, WR_CONTACT_CONTINUING));
    wr_strike k;
    assert_int_equal(wr_melee_phase_strike(p, f, 1, &k), WR_OK);
    assert_int_equal(k.fighting, 5);
    assert_int_equal(k.ranks, 1);
    assert_int_equal(k.mod[WR_MOD_PER_RANK], 1);
    assert_int_equal(wr_melee_phase_strike(p, f, 0, &k), WR_OK);
    assert_int_equal(k.fighting, 10);

    /* six ranks: at most 6 along the flank */
    wr_phase_fight bad;
    bad.side[0] = side(dwarfs, WR_FACING_FRONT, 5, 0, WR_CONTACT_CHARGE);
    bad.side[1] = side(orcs, WR_FACING_REAR, 4, 0, WR_CONTACT_CONTINUING);
    int index = -1;
    assert_int_equal(wr_melee_phase_add(p, &bad, &index), WR_ERR_RANGE); /* the rear holds 3 */
    bad.side[1] = side(orcs, WR_FACING_FLANK, 7, 0, WR_CONTACT_CONTINUING);
    assert_int_equal(wr_melee_phase_add(p, &bad, &index), WR_ERR_RANGE);
    assert_int_equal(index, -1);

    wr_melee_phase_free(p);
    wr_melee_unit_free(dwarfs);
    wr_melee_unit_free(orcs);
    wr_profile_free(dwarf);
    wr_profile_free(orc);
}

/* The text's flanked orc spearmen: "The dwarfs can count all ten of their
   figures ... the hapless orcs can only count four figures in base-to-base
   contact with the dwarfs and only one rank". */
static void example_flanked_orc_spearmen_in_a_phase(void **state)
{
    (void)state;
    wr_profile *dwarf = profile(WR_RACE_DWARF), *orc = profile(WR_RACE_ORC);
    assert_int_equal(wr_profile_set_modifier(orc, WR_MOD_PER_RANK, 1), WR_OK);
    wr_melee_unit *dwarfs = troops(dwarf, 10, 5, WR_WEAPON_SPEAR);
    wr_melee_unit *orcs = troops(orc, 20, 5, WR_WEAPON_SPEAR);
    wr_melee_phase *p = phase_new();
    int f = phase_add(p, side(dwarfs, WR_FACING_FRONT, 5, 0, WR_CONTACT_CHARGE),
                side(orcs, WR_FACING_FLANK, 4, 0, WR_CONTACT_CONTINUING));
    assert_int_equal(fighting(p, f, 0), 10);
    wr_strike k;
    assert_int_equal(wr_melee_phase_strike(p, f, 1, &k), WR_OK);
    assert_int_equal(k.fighting, 4);
    assert_int_equal(k.ranks, 1);
    wr_melee_phase_free(p);
    wr_melee_unit_free(dwarfs);
    wr_melee_unit_free(orcs);
    wr_profile_free(dwarf);
    wr_profile_free(orc);
}

/* ---- charge, pursuit, pushback ------------------------------------------ */

/* The charge bonus goes to a unit that "charged (or pursued) into combat";
   a flank or rear attack disorders and tests whatever move made contact. */
static void charge_bonus_and_flank_test_apart(void **state)
{
    (void)state;
    wr_profile *men = profile(WR_RACE_HUMAN), *orc = profile(WR_RACE_ORC);
    assert_int_equal(wr_profile_set_modifier(orc, WR_MOD_CHARGED, 10), WR_OK);
    wr_melee_unit *men_u = troops(men, 10, 5, WR_WEAPON_OTHER);
    wr_melee_unit *orcs = troops(orc, 10, 5, WR_WEAPON_OTHER);
    const wr_phase_contact moves[] = {WR_CONTACT_CHARGE, WR_CONTACT_PURSUIT, WR_CONTACT_PUSHBACK,
                                      WR_CONTACT_CONTINUING};
    const int bonus[] = {10, 10, 0, 0};
    /* the flank test (not for a fight that goes on), the remainder of the
       bonus (10 x 2 figures = 20%), the loser's test */
    const size_t dice[] = {3, 3, 2, 1};
    for (int m = 0; m < 4; m++) {
        wr_melee_phase *p = phase_new();
        int f = phase_add(p, side(orcs, WR_FACING_FRONT, 2, 0, moves[m]),
                    side(men_u, WR_FACING_FLANK, 2, 0, WR_CONTACT_CONTINUING));
        wr_strike k;
        assert_int_equal(wr_melee_phase_strike(p, f, 0, &k), WR_OK);
        assert_int_equal(k.mod[WR_MOD_CHARGED], bonus[m]);
        size_t most = 0;
        assert_int_equal(wr_melee_phase_dice_needed(p, &most), WR_OK);
        assert_int_equal(most, dice[m]);
        wr_melee_phase_free(p);
    }
    /* a pushback's explanation says why there is no bonus */
    wr_melee_phase *p = phase_new();
    phase_add(p, side(orcs, WR_FACING_FRONT, 2, 0, WR_CONTACT_PUSHBACK),
        side(men_u, WR_FACING_FLANK, 2, 0, WR_CONTACT_CONTINUING));
    wr_morale_odds pass = {100, 0, 0};
    assert_int_equal(wr_melee_phase_set_morale(p, fixed_morale, &pass), WR_OK);
    const int rolls[] = {7, 50};
    size_t used = 0;
    assert_int_equal(wr_melee_phase_resolve_rolls(p, rolls, 2, &used), WR_OK);
    assert_int_equal(used, 1); /* BCPs are 0: no remainder, no loser */
    wr_melee_round r;
    assert_int_equal(wr_melee_phase_round(p, 0, &r), WR_OK);
    assert_true(has_event(&r, WR_RULE_NO_CHARGE_BONUS, 0, 0, WR_CONTACT_PUSHBACK));
    assert_true(has_event(&r, WR_RULE_FLANK_TEST, 1, 100, 7));
    assert_true(has_event(&r, WR_RULE_DISORDERED, 1, 1, WR_MOD_FLANK));
    assert_int_equal(r.loser, -1);
    assert_true(disordered(men_u));
    char text[200];
    size_t len = 0;
    for (int i = 0; i < r.n_events; i++)
        assert_int_equal(wr_melee_event_text(&r.events[i], text, sizeof text, &len), WR_OK);
    wr_melee_phase_free(p);
    wr_melee_unit_free(men_u);
    wr_melee_unit_free(orcs);
    wr_profile_free(men);
    wr_profile_free(orc);
}

/* ---- Blood Lust ---------------------------------------------------------- */

/* "Characters cannot become disordered (except as a result of Blood Lust)";
   a monster in Blood Lust is disordered though not attacked in the rear. */
static void blood_lust(void **state)
{
    (void)state;
    wr_profile *men = profile(WR_RACE_HUMAN), *beast = profile(WR_RACE_OTHER);
    assert_int_equal(wr_profile_set_modifier(men, WR_MOD_ENEMY_DISORDERED, 5), WR_OK);
    wr_melee_unit_desc d = wr_melee_unit_desc_default();
    d.kind = WR_UNIT_CHARACTER;
    d.flags = WR_UNIT_DISORDERED;
    wr_melee_unit *hero = NULL;
    assert_int_equal(wr_melee_unit_new(men, &d, &hero), WR_ERR_FORBIDDEN);
    d.flags = WR_UNIT_BLOOD_LUST;
    assert_int_equal(wr_melee_unit_new(men, &d, &hero), WR_OK);
    assert_int_equal(wr_melee_unit_set_disordered(hero, 1), WR_OK);
    d.kind = WR_UNIT_MONSTER;
    wr_melee_unit *troll = NULL;
    assert_int_equal(wr_melee_unit_new(beast, &d, &troll), WR_OK);
    wr_melee_unit *line = troops(men, 10, 5, WR_WEAPON_OTHER);

    wr_melee_phase *p = phase_new();
    int f = phase_add(p, side(line, WR_FACING_FRONT, 1, 0, WR_CONTACT_CONTINUING),
                side(troll, WR_FACING_FLANK, 1, 0, WR_CONTACT_CONTINUING));
    wr_strike k;
    assert_int_equal(wr_melee_phase_strike(p, f, 0, &k), WR_OK);
    assert_int_equal(k.mod[WR_MOD_ENEMY_DISORDERED], 5);
    wr_morale_odds pass = {100, 0, 0};
    assert_int_equal(wr_melee_phase_set_morale(p, fixed_morale, &pass), WR_OK);
    size_t used = 0;
    const int miss[] = {99}; /* against the remainder 5 */
    assert_int_equal(wr_melee_phase_resolve_rolls(p, NULL, 0, &used), WR_ERR_RANGE);
    assert_int_equal(wr_melee_phase_resolve_rolls(p, miss, 1, &used), WR_OK);
    assert_int_equal(used, 1);
    wr_melee_round r;
    assert_int_equal(wr_melee_phase_round(p, f, &r), WR_OK);
    assert_true(has_event(&r, WR_RULE_BLOOD_LUST, 1, 1, 0));
    assert_true(has_event(&r, WR_RULE_NOT_DISORDERED, 1, 0, 2)); /* not by the flank attack */
    assert_int_equal(r.disordered[1], 1);
    wr_melee_phase_free(p);

    /* without Blood Lust the monster in the flank is not disordered */
    d.flags = 0;
    wr_melee_unit *calm = NULL;
    assert_int_equal(wr_melee_unit_new(beast, &d, &calm), WR_OK);
    p = phase_new();
    f = phase_add(p, side(line, WR_FACING_FRONT, 1, 0, WR_CONTACT_CONTINUING),
            side(calm, WR_FACING_FLANK, 1, 0, WR_CONTACT_CONTINUING));
    assert_int_equal(wr_melee_phase_strike(p, f, 0, &k), WR_OK);
    assert_int_equal(k.mod[WR_MOD_ENEMY_DISORDERED], 0);
    wr_melee_phase_free(p);

    wr_melee_unit_free(hero);
    wr_melee_unit_free(troll);
    wr_melee_unit_free(calm);
    wr_melee_unit_free(line);
    wr_profile_free(men);
    wr_profile_free(beast);
}

/* ---- four units in three fights, by hand -------------------------------- */

/* A: 10 human spearmen (2 ranks of 5); B: 12 orc swordsmen (3 ranks of 4);
   C: 8 orc spearmen (2 ranks of 4); D: 6 human swordsmen (2 ranks of 3).
   Fight 0: A and B front to front, fighting since an earlier turn (4 in
   contact each; A's end figure is a corner figure). Fight 1: C charges A's
   flank (2 along A's flank, one of them that corner figure). Fight 2: D,
   pushed back, lands on B's rear (3 in contact). Human profile: spear vs
   armour 0 BCP 20, sword 15; charged +10, per rank +2, flank +5, rear +8,
   enemy disordered +4. Orc: sword 18, spear 22; charged +6, per rank +1,
   flank +7, rear +9, enemy disordered +3. Morale: pass 60, retire 20, rout 20. */
static void four_units_three_fights(void **state)
{
    (void)state;
    wr_profile *men = profile(WR_RACE_HUMAN), *orc = profile(WR_RACE_ORC);
    const int men_mods[][2] = {{WR_MOD_CHARGED, 10}, {WR_MOD_PER_RANK, 2}, {WR_MOD_FLANK, 5},
                               {WR_MOD_REAR, 8}, {WR_MOD_ENEMY_DISORDERED, 4}};
    const int orc_mods[][2] = {{WR_MOD_CHARGED, 6}, {WR_MOD_PER_RANK, 1}, {WR_MOD_FLANK, 7},
                               {WR_MOD_REAR, 9}, {WR_MOD_ENEMY_DISORDERED, 3}};
    for (int i = 0; i < 5; i++) {
        assert_int_equal(wr_profile_set_modifier(men, (wr_modifier)men_mods[i][0], men_mods[i][1]), WR_OK);
        assert_int_equal(wr_profile_set_modifier(orc, (wr_modifier)orc_mods[i][0], orc_mods[i][1]), WR_OK);
    }
    assert_int_equal(wr_profile_set_bcp(men, WR_WEAPON_SPEAR, 0, 20), WR_OK);
    assert_int_equal(wr_profile_set_bcp(men, WR_WEAPON_OTHER, 0, 15), WR_OK);
    assert_int_equal(wr_profile_set_bcp(orc, WR_WEAPON_OTHER, 0, 18), WR_OK);
    assert_int_equal(wr_profile_set_bcp(orc, WR_WEAPON_SPEAR, 0, 22), WR_OK);
    wr_melee_unit *a = troops(men, 10, 5, WR_WEAPON_SPEAR);
    wr_melee_unit *b = troops(orc, 12, 4, WR_WEAPON_OTHER);
    wr_melee_unit *c = troops(orc, 8, 4, WR_WEAPON_SPEAR);
    wr_melee_unit *d = troops(men, 6, 3, WR_WEAPON_OTHER);

    wr_melee_phase *p = phase_new();
    recorder rec;
    memset(&rec, 0, sizeof rec);
    rec.odds.pass = 60;
    rec.odds.retire = 20;
    rec.odds.rout = 20;
    assert_int_equal(wr_melee_phase_set_morale(p, recording_morale, &rec), WR_OK);
    int f0 = phase_add(p, side(a, WR_FACING_FRONT, 4, 1, WR_CONTACT_CONTINUING),
                 side(b, WR_FACING_FRONT, 4, 0, WR_CONTACT_CONTINUING));
    int f1 = phase_add(p, side(c, WR_FACING_FRONT, 2, 0, WR_CONTACT_CHARGE),
                 side(a, WR_FACING_FLANK, 2, 1, WR_CONTACT_CONTINUING));
    int f2 = phase_add(p, side(d, WR_FACING_FRONT, 3, 0, WR_CONTACT_PUSHBACK),
                 side(b, WR_FACING_REAR, 3, 0, WR_CONTACT_CONTINUING));
    int count = 0;
    assert_int_equal(wr_melee_phase_count(p, &count), WR_OK);
    assert_int_equal(count, 3);

    /* Before any die: A is disordered by C's flank charge, B by D's arrival
       in its rear; both lose their reach in fight 0 and count the enemy
       disordered there. */
    static const struct {
        int fight, side, bcp, modifiers, ranks, mcp, fighting, fcp;
    } want[] = {
        /* A in front: ranks 2 x 2 + enemy disordered 4 = 8; 4 in contact */
        {0, 0, 20, 8, 2, 28, 4, 112},
        /* B in front: ranks 3 x 1 + enemy disordered 3 = 6; 4 in contact */
        {0, 1, 18, 6, 3, 24, 4, 96},
        /* C's charge: charged 6 + ranks 2 + flank 7 + enemy disordered 3 = 18; spears 2 + 2 */
        {1, 0, 22, 18, 2, 40, 4, 160},
        /* A in the flank: one rank 2; 2 along the flank, the corner figure fights in front */
        {1, 1, 20, 2, 1, 22, 1, 22},
        /* D, pushed back: no charge bonus; ranks 4 + rear 8 + enemy disordered 4 = 16 */
        {2, 0, 15, 16, 2, 31, 3, 93},
        /* B in the rear: one rank 1 */
        {2, 1, 18, 1, 1, 19, 3, 57},
    };
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
        wr_strike k;
        assert_int_equal(wr_melee_phase_strike(p, want[i].fight, want[i].side, &k), WR_OK);
        assert_int_equal(k.bcp, want[i].bcp);
        assert_int_equal(k.modifiers, want[i].modifiers);
        assert_int_equal(k.ranks, want[i].ranks);
        assert_int_equal(k.mcp, want[i].mcp);
        assert_int_equal(k.fighting, want[i].fighting);
        assert_int_equal(k.fcp, want[i].fcp);
    }
    size_t most = 0;
    assert_int_equal(wr_melee_phase_dice_needed(p, &most), WR_OK);
    assert_int_equal(most, 11); /* 2 flank tests + 3 fights x (2 remainders + the loser's test) */

    /* Dice: A's flank test 30 (pass), B's rear test 55 (pass); the blows:
       fight 0: A 10 against 12 (2 kills), B 97 against 96 (0); fight 1: C 61
       against 60 (1), A 22 against 22 (1); fight 2: D 50 against 93 (1), B 99
       against 57 (0); then the results: fight 0 B loses, tests 70 (retire);
       fight 1 drawn; fight 2 B loses, tests 20 (pass). */
    const int rolls[] = {30, 55, 10, 97, 61, 22, 50, 99, 70, 20, 1, 1};
    size_t used = 0;
    assert_int_equal(wr_melee_phase_resolve_rolls(p, rolls, 12, &used), WR_OK);
    assert_int_equal(used, 10);

    wr_melee_round r;
    assert_int_equal(wr_melee_phase_round(p, f0, &r), WR_OK);
    assert_int_equal(r.lost[0], 0);
    assert_int_equal(r.lost[1], 2);
    assert_int_equal(r.loser, 1);
    assert_int_equal(r.morale, WR_MORALE_RETIRE);
    assert_int_equal(r.end, WR_END_B_RETIRES);
    assert_true(has_event(&r, WR_RULE_DISORDERED_ELSEWHERE, 0, 1, f1));
    assert_true(has_event(&r, WR_RULE_DISORDERED_ELSEWHERE, 1, 1, f2));
    assert_int_equal(wr_melee_phase_round(p, f1, &r), WR_OK);
    assert_int_equal(r.flank_test[1], WR_MORALE_PASS);
    assert_int_equal(r.lost[0], 1);
    assert_int_equal(r.lost[1], 1);
    assert_int_equal(r.loser, -1);
    assert_int_equal(r.end, WR_END_ONGOING);
    assert_true(has_event(&r, WR_RULE_ONCE_PER_TURN, 1, 1, 2));
    assert_int_equal(wr_melee_phase_round(p, f2, &r), WR_OK);
    assert_int_equal(r.flank_test[1], WR_MORALE_PASS);
    assert_int_equal(r.lost[0], 0);
    assert_int_equal(r.lost[1], 1);
    assert_int_equal(r.morale, WR_MORALE_PASS);
    assert_int_equal(r.end, WR_END_ONGOING);
    assert_true(has_event(&r, WR_RULE_NO_CHARGE_BONUS, 0, 0, WR_CONTACT_PUSHBACK));

    /* The tests: A's and B's for the flank and rear, then B's two for lost
       fights, each counting the 3 figures B lost in the phase and its 9 left
       ("This rule ensures no side can gain an advantage in the Morale Tests
       that are carried out after combat"). */
    assert_int_equal(rec.n, 4);
    assert_int_equal(rec.tests[0].reason, WR_MORALE_REASON_FLANK);
    assert_int_equal(rec.tests[1].reason, WR_MORALE_REASON_REAR);
    for (int t = 2; t < 4; t++) {
        assert_int_equal(rec.tests[t].reason, WR_MORALE_REASON_LOST_ROUND);
        assert_ptr_equal(rec.tests[t].unit, b);
        assert_int_equal(rec.tests[t].figures, 9);
        assert_int_equal(rec.tests[t].lost, 3);
        assert_int_equal(rec.tests[t].disordered, 1);
    }
    assert_int_equal(rec.tests[2].enemy_lost, 0);

    /* Applied at the end of the phase, summed over each unit's fights. */
    static const struct {
        int figures, lost, fighting, disordered;
        wr_morale_result worst;
    } after[] = {{9, 1, 5, 1, WR_MORALE_PASS}, {9, 3, 7, 1, WR_MORALE_RETIRE},
                 {7, 1, 4, 0, WR_MORALE_NONE}, {6, 0, 3, 0, WR_MORALE_NONE}};
    wr_melee_unit *units[] = {a, b, c, d};
    for (int u = 0; u < 4; u++) {
        wr_phase_unit pu;
        assert_int_equal(wr_melee_phase_unit(p, units[u], &pu), WR_OK);
        assert_int_equal(figures_of(units[u]), after[u].figures);
        assert_int_equal(pu.lost, after[u].lost);
        assert_int_equal(pu.fighting, after[u].fighting);
        assert_int_equal(pu.disordered, after[u].disordered);
        assert_int_equal(disordered(units[u]), after[u].disordered);
        assert_int_equal(pu.worst, after[u].worst);
    }

    /* The same dice from an rng give the same phase. */
    wr_melee_phase_free(p);
    wr_melee_unit_free(a);
    wr_melee_unit_free(b);
    wr_melee_unit_free(c);
    wr_melee_unit_free(d);
    wr_profile_free(men);
    wr_profile_free(orc);
}

/* ---- monsters, wounds, and the rng form ----------------------------------- */

/* One monster fights once a turn: in the first of its fights by face. Its
   wounds from both fights of the phase are added. */
static void monster_in_two_fights(void **state)
{
    (void)state;
    wr_profile *men = profile(WR_RACE_HUMAN), *beast = profile(WR_RACE_OTHER);
    assert_int_equal(wr_profile_set_bcp(men, 0, 0, 50), WR_OK);
    assert_int_equal(wr_profile_set_bcp(beast, 0, 0, 300), WR_OK);
    wr_hit_chart *chart = NULL;
    assert_int_equal(wr_hit_chart_new(&chart), WR_OK);
    const wr_wound light[4] = {WR_WOUND_LIGHT, WR_WOUND_LIGHT, WR_WOUND_SERIOUS, WR_WOUND_CRITICAL};
    assert_int_equal(wr_hit_chart_add(chart, 1, 100, 1, light), WR_OK);
    wr_melee_unit_desc d = wr_melee_unit_desc_default();
    d.kind = WR_UNIT_MONSTER;
    wr_melee_unit *troll = NULL;
    assert_int_equal(wr_melee_unit_new(beast, &d, &troll), WR_OK);
    assert_int_equal(wr_melee_unit_set_hit_chart(troll, chart), WR_OK);
    wr_melee_unit *m1 = troops(men, 4, 4, WR_WEAPON_OTHER);
    wr_melee_unit *m2 = troops(men, 4, 4, WR_WEAPON_OTHER);

    wr_melee_phase *p = phase_new();
    int f0 = phase_add(p, side(m1, WR_FACING_FRONT, 2, 0, WR_CONTACT_CONTINUING),
                 side(troll, WR_FACING_FRONT, 1, 0, WR_CONTACT_CONTINUING));
    int f1 = phase_add(p, side(m2, WR_FACING_FRONT, 2, 0, WR_CONTACT_CONTINUING),
                 side(troll, WR_FACING_FLANK, 1, 0, WR_CONTACT_CONTINUING));
    assert_int_equal(fighting(p, f0, 1), 1);
    assert_int_equal(fighting(p, f1, 1), 0); /* its one figure fights in front */
    size_t most = 0;
    assert_int_equal(wr_melee_phase_dice_needed(p, &most), WR_OK);
    /* each fight: men 2 x 50 = 100, one wound (d100 + d4), no remainder;
       the troll 300 in front; and each loser's test */
    assert_int_equal(most, 2 + 1 + 2 + 1);
    wr_morale_odds pass = {100, 0, 0};
    assert_int_equal(wr_melee_phase_set_morale(p, fixed_morale, &pass), WR_OK);
    /* blows: fight 0 a light wound (d4 1), the troll kills 3; fight 1 a
       critical wound (d4 4): light + critical is not death for a monster
       (it needs two serious or critical), the troll does not fight; results:
       fight 0 the men lose and test 5; fight 1 nobody lost a figure: drawn */
    const int rolls[] = {10, 1, 10, 4, 5};
    size_t used = 0;
    assert_int_equal(wr_melee_phase_resolve_rolls(p, rolls, 5, &used), WR_OK);
    assert_int_equal(used, 5);
    wr_wounds w;
    assert_int_equal(wr_melee_unit_wounds(troll, &w), WR_OK);
    assert_int_equal(w.hits, 2);
    assert_int_equal(w.critical, 1);
    assert_int_equal(w.dead, 0);
    assert_int_equal(figures_of(m1), 1);
    assert_int_equal(figures_of(m2), 4);

    /* a second phase: resolved with an rng */
    wr_melee_phase *q = phase_new();
    phase_add(q, side(m2, WR_FACING_FRONT, 2, 0, WR_CONTACT_CONTINUING),
        side(troll, WR_FACING_FRONT, 1, 0, WR_CONTACT_CONTINUING));
    wr_rng *rng = NULL;
    assert_int_equal(wr_rng_new(7, &rng), WR_OK);
    assert_int_equal(wr_melee_phase_resolve_rng(q, rng), WR_OK);
    assert_int_equal(wr_melee_unit_wounds(troll, &w), WR_OK);
    assert_int_equal(w.hits, 3);
    wr_rng_free(rng);
    wr_melee_phase_free(q);
    wr_melee_phase_free(p);
    wr_melee_unit_free(troll);
    wr_melee_unit_free(m1);
    wr_melee_unit_free(m2);
    wr_hit_chart_free(chart);
    wr_profile_free(men);
    wr_profile_free(beast);
}

/* The rng form reads the same dice in the same order as the list form. */
static void rng_form_matches_rolls(void **state)
{
    (void)state;
    wr_profile *men = profile(WR_RACE_HUMAN), *orc = profile(WR_RACE_ORC);
    assert_int_equal(wr_profile_set_bcp(men, 0, 0, 37), WR_OK);
    assert_int_equal(wr_profile_set_bcp(orc, 0, 0, 41), WR_OK);
    for (uint64_t seed = 1; seed <= 20; seed++) {
        wr_melee_unit *u[6];
        for (int i = 0; i < 6; i++)
            u[i] = troops(i % 2 ? orc : men, 12, 4, WR_WEAPON_OTHER);
        wr_melee_phase *p = phase_new();
        phase_add(p, side(u[0], WR_FACING_FRONT, 4, 0, WR_CONTACT_CHARGE),
            side(u[1], WR_FACING_FRONT, 4, 0, WR_CONTACT_CONTINUING));
        phase_add(p, side(u[3], WR_FACING_FRONT, 3, 0, WR_CONTACT_CHARGE),
            side(u[0], WR_FACING_REAR, 3, 0, WR_CONTACT_CONTINUING));
        phase_add(p, side(u[4], WR_FACING_FRONT, 2, 0, WR_CONTACT_PURSUIT),
            side(u[5], WR_FACING_FLANK, 2, 0, WR_CONTACT_CONTINUING));
        wr_rng *rng = NULL, *copy = NULL;
        assert_int_equal(wr_rng_new(seed, &rng), WR_OK);
        assert_int_equal(wr_rng_clone(rng, &copy), WR_OK);
        size_t most = 0;
        assert_int_equal(wr_melee_phase_dice_needed(p, &most), WR_OK);
        assert_int_equal(wr_melee_phase_resolve_rng(p, rng), WR_OK);
        wr_melee_round a[3];
        for (int f = 0; f < 3; f++)
            assert_int_equal(wr_melee_phase_round(p, f, &a[f]), WR_OK);
        int after[6];
        for (int i = 0; i < 6; i++) {
            after[i] = figures_of(u[i]);
            assert_int_equal(wr_melee_unit_set_figures(u[i], 12), WR_OK);
            assert_int_equal(wr_melee_unit_set_disordered(u[i], 0), WR_OK);
        }
        /* the same dice as a list: the first `most` of the copy, d100 and d4 alike */
        int rolls[64];
        assert_true(most <= 64);
        size_t used = 0;
        for (size_t i = 0; i < most; i++)
            assert_int_equal(wr_rng_roll(copy, 100, &rolls[i]), WR_OK);
        wr_melee_phase *q = phase_new();
        phase_add(q, side(u[0], WR_FACING_FRONT, 4, 0, WR_CONTACT_CHARGE),
            side(u[1], WR_FACING_FRONT, 4, 0, WR_CONTACT_CONTINUING));
        phase_add(q, side(u[3], WR_FACING_FRONT, 3, 0, WR_CONTACT_CHARGE),
            side(u[0], WR_FACING_REAR, 3, 0, WR_CONTACT_CONTINUING));
        phase_add(q, side(u[4], WR_FACING_FRONT, 2, 0, WR_CONTACT_PURSUIT),
            side(u[5], WR_FACING_FLANK, 2, 0, WR_CONTACT_CONTINUING));
        assert_int_equal(wr_melee_phase_resolve_rolls(q, rolls, most, &used), WR_OK);
        for (int f = 0; f < 3; f++) {
            wr_melee_round b;
            assert_int_equal(wr_melee_phase_round(q, f, &b), WR_OK);
            assert_memory_equal(&a[f], &b, sizeof b);
        }
        for (int i = 0; i < 6; i++)
            assert_int_equal(figures_of(u[i]), after[i]);
        wr_rng_free(rng);
        wr_rng_free(copy);
        wr_melee_phase_free(p);
        wr_melee_phase_free(q);
        for (int i = 0; i < 6; i++)
            wr_melee_unit_free(u[i]);
    }
    wr_profile_free(men);
    wr_profile_free(orc);
}

/* The rule names and sources of the phase's events cite the text. */
static void phase_rules_cite_the_text(void **state)
{
    (void)state;
    const wr_melee_rule rules[] = {WR_RULE_ONCE_PER_TURN, WR_RULE_DISORDERED_ELSEWHERE,
                                   WR_RULE_BLOOD_LUST, WR_RULE_LEFT_FIGHT,
                                   WR_RULE_NO_CHARGE_BONUS};
    const char *tags[] = {"[Starting]", "[Flank and rear]", "[Flank and rear]", "[Casualties 8]",
                          "[Modifiers]"};
    for (int i = 0; i < 5; i++) {
        assert_non_null(strstr(wr_melee_rule_source(rules[i]), tags[i]));
        assert_string_not_equal(wr_melee_rule_name(rules[i]), "unknown rule");
    }
    assert_non_null(strstr(wr_melee_rule_source(WR_RULE_ONCE_PER_TURN),
                           "No figure may fight more than once in a turn"));
    /* WR_RULE_COUNT and WR_RULE_LIMIT are no rules */
    assert_string_equal(wr_melee_rule_name(WR_RULE_COUNT), "unknown rule");
    assert_string_equal(wr_melee_rule_name(WR_RULE_LIMIT), "unknown rule");
    assert_string_equal(wr_melee_rule_source(WR_RULE_COUNT), "");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(no_figure_fights_twice),
        cmocka_unit_test(flank_charge_disorders_the_front_fight),
        cmocka_unit_test(contact_along_a_column),
        cmocka_unit_test(example_flanked_orc_spearmen_in_a_phase),
        cmocka_unit_test(charge_bonus_and_flank_test_apart),
        cmocka_unit_test(blood_lust),
        cmocka_unit_test(four_units_three_fights),
        cmocka_unit_test(monster_in_two_fights),
        cmocka_unit_test(rng_form_matches_rolls),
        cmocka_unit_test(phase_rules_cite_the_text),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
