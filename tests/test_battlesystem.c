/* Battlesystem special movement (AD&D Battlesystem, chapter 11, [11.1]-[11.9] and the rulings):
   figures and ratings, units and formations, charges, shield walls, set
   spears, tactical moves over Table 14, woods, forest fires, [11.9]. */
#include <limits.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "failing_alloc.h"

#include "warrules/battlesystem.h"

static wr_figure *figure4(int ar, int hd, int ac, int mv)
{
    wr_figure *f = NULL;
    assert_int_equal(wr_figure_new(&f), WR_OK);
    assert_int_equal(wr_figure_set(f, WR_STAT_AR, ar), WR_OK);
    assert_int_equal(wr_figure_set(f, WR_STAT_HD, hd), WR_OK);
    assert_int_equal(wr_figure_set(f, WR_STAT_AC, ac), WR_OK);
    assert_int_equal(wr_figure_set(f, WR_STAT_MV, mv), WR_OK);
    return f;
}

static int stat(const wr_figure *f, wr_stat s)
{
    int v = -99999;
    assert_int_equal(wr_figure_get(f, s, &v), WR_OK);
    return v;
}

static void check_range(const wr_figure *f, int min, int max)
{
    int lo = -1, hi = -1;
    assert_int_equal(wr_figure_damage_range(f, &lo, &hi), WR_OK);
    assert_int_equal(lo, min);
    assert_int_equal(hi, max);
}

static void check_group(const wr_figure *f, size_t i, int dice, int sides)
{
    int d = 0, s = 0;
    assert_int_equal(wr_figure_damage_group(f, i, &d, &s), WR_OK);
    assert_int_equal(d, dice);
    assert_int_equal(s, sides);
}

static wr_battle_unit *make_unit(wr_battle_unit_type type, int figures, int mv, unsigned equipment,
                          unsigned traits, int single)
{
    wr_figure *f = figure4(10, 1, 5, mv);
    wr_battle_unit_desc d = wr_battle_unit_desc_default();
    d.type = type;
    d.figures = figures;
    d.equipment = equipment;
    d.traits = traits;
    d.single_creature = single;
    wr_battle_unit *u = NULL;
    assert_int_equal(wr_battle_unit_new(f, &d, &u), WR_OK);
    wr_figure_free(f);
    return u;
}

static wr_formation *make_formation(wr_formation_order order, int frontage)
{
    wr_formation *f = NULL;
    assert_int_equal(wr_formation_new(order, frontage, 0, &f), WR_OK);
    return f;
}

/* ---- figures ------------------------------------------------------------ */

static void figure_stats(void **state)
{
    (void)state;
    wr_figure *f = NULL;
    assert_int_equal(wr_figure_new(&f), WR_OK);
    for (int s = WR_STAT_AR; s <= WR_STAT_SD; s++)
        assert_int_equal(stat(f, (wr_stat)s), 0);
    size_t groups = 99;
    assert_int_equal(wr_figure_damage_groups(f, &groups), WR_OK);
    assert_int_equal(groups, 0);
    check_range(f, 0, 0);

    const int bounds[][3] = {{WR_STAT_AR, -100, 100}, {WR_STAT_HD, 0, 1000},
                             {WR_STAT_AC, -100, 100}, {WR_STAT_MV, 0, 1000}};
    for (size_t i = 0; i < 4; i++) {
        wr_stat s = (wr_stat)bounds[i][0];
        assert_int_equal(wr_figure_set(f, s, bounds[i][1]), WR_OK);
        assert_int_equal(stat(f, s), bounds[i][1]);
        assert_int_equal(wr_figure_set(f, s, bounds[i][2]), WR_OK);
        assert_int_equal(stat(f, s), bounds[i][2]);
    }
    /* SA and SD keep any 32-bit pattern. */
    const int patterns[] = {0, 1, INT_MAX, -1, INT_MIN, 0x55aa55aa};
    for (size_t i = 0; i < sizeof patterns / sizeof patterns[0]; i++) {
        assert_int_equal(wr_figure_set(f, WR_STAT_SA, patterns[i]), WR_OK);
        assert_int_equal(wr_figure_set(f, WR_STAT_SD, patterns[i]), WR_OK);
        assert_int_equal(stat(f, WR_STAT_SA), patterns[i]);
        assert_int_equal(stat(f, WR_STAT_SD), patterns[i]);
    }
    wr_figure_free(f);
    wr_figure_free(NULL);
}

static void figure_damage_merges(void **state)
{
    (void)state;
    wr_figure *f = figure4(0, 0, 0, 0);
    assert_int_equal(wr_figure_add_damage(f, 1, 8, 1), WR_OK);
    assert_int_equal(wr_figure_add_damage(f, 1, 8, 2), WR_OK); /* 1d8 + 1d8 = 2d8 */
    assert_int_equal(wr_figure_add_damage(f, 2, 6, 0), WR_OK);
    assert_int_equal(wr_figure_add_damage(f, 1, 20, 0), WR_OK);
    size_t groups = 0;
    assert_int_equal(wr_figure_damage_groups(f, &groups), WR_OK);
    assert_int_equal(groups, 3);
    check_group(f, 0, 2, 6);
    check_group(f, 1, 2, 8);
    check_group(f, 2, 1, 20);
    int dice = 0, bonus = 0;
    assert_int_equal(wr_figure_damage_totals(f, &dice, &bonus), WR_OK);
    assert_int_equal(dice, 5);
    assert_int_equal(bonus, 3);
    check_range(f, 5 + 3, 12 + 16 + 20 + 3);
    wr_figure_free(f);

    /* A negative bonus never takes damage below 0. */
    f = figure4(0, 0, 0, 0);
    assert_int_equal(wr_figure_add_damage(f, 1, 4, -5), WR_OK);
    check_range(f, 0, 0);
    assert_int_equal(wr_figure_add_damage(f, 1, 4, 0), WR_OK);
    check_range(f, 0, 3);
    assert_int_equal(wr_figure_add_damage(f, 1, 1, 1000), WR_OK);
    check_range(f, 998, 1004);
    wr_figure_free(f);
}

static void figure_damage_limits(void **state)
{
    (void)state;
    wr_figure *f = figure4(0, 0, 0, 0);
    for (int i = 0; i < WR_FIGURE_MAX_DICE / 1000; i++)
        assert_int_equal(wr_figure_add_damage(f, 1000, 1000, 1000), WR_OK);
    check_range(f, WR_FIGURE_MAX_DICE + WR_FIGURE_MAX_BONUS,
                WR_FIGURE_MAX_DICE * 1000 + WR_FIGURE_MAX_BONUS);
    assert_int_equal(wr_figure_add_damage(f, 1, 6, 0), WR_ERR_RANGE);
    wr_figure_free(f);

    f = figure4(0, 0, 0, 0);
    for (int i = 0; i < WR_FIGURE_MAX_BONUS / 1000; i++)
        assert_int_equal(wr_figure_add_damage(f, 1, 6, -1000), WR_OK);
    assert_int_equal(wr_figure_add_damage(f, 1, 6, -1), WR_ERR_RANGE);
    int dice = 0, bonus = 0;
    assert_int_equal(wr_figure_damage_totals(f, &dice, &bonus), WR_OK);
    assert_int_equal(dice, WR_FIGURE_MAX_BONUS / 1000); /* unchanged by the refused call */
    assert_int_equal(bonus, -WR_FIGURE_MAX_BONUS);
    wr_figure_free(f);
}

static void figure_clone_is_independent(void **state)
{
    (void)state;
    wr_figure *f = figure4(3, 4, 5, 6);
    assert_int_equal(wr_figure_set(f, WR_STAT_SA, 9), WR_OK);
    assert_int_equal(wr_figure_add_damage(f, 2, 4, 1), WR_OK);
    wr_figure *c = NULL;
    assert_int_equal(wr_figure_clone(f, &c), WR_OK);
    assert_int_equal(wr_figure_add_damage(f, 1, 4, 0), WR_OK);
    assert_int_equal(wr_figure_set(f, WR_STAT_AR, 7), WR_OK);
    wr_figure_free(f);
    assert_int_equal(stat(c, WR_STAT_AR), 3);
    assert_int_equal(stat(c, WR_STAT_HD), 4);
    assert_int_equal(stat(c, WR_STAT_AC), 5);
    assert_int_equal(stat(c, WR_STAT_MV), 6);
    assert_int_equal(stat(c, WR_STAT_SA), 9);
    check_range(c, 3, 9);
    wr_figure *empty = figure4(0, 0, 0, 0), *c2 = NULL;
    assert_int_equal(wr_figure_clone(empty, &c2), WR_OK);
    check_range(c2, 0, 0);
    wr_figure_free(empty);
    wr_figure_free(c2);
    wr_figure_free(c);
}

static void figure_new_ex(void **state)
{
    (void)state;
    wr_figure *f = NULL;
    assert_int_equal(wr_figure_new_ex(NULL, &f), WR_OK);
    assert_int_equal(stat(f, WR_STAT_HD), 0);
    wr_figure_free(f);
}

/* ---- [11.5] one damage roll --------------------------------------------- */

static void damage_from_rolls(void **state)
{
    (void)state;
    wr_figure *f = figure4(0, 0, 0, 0);
    assert_int_equal(wr_figure_add_damage(f, 2, 6, 0), WR_OK);
    assert_int_equal(wr_figure_add_damage(f, 1, 4, 1), WR_OK);
    /* groups: 1d4 then 2d6 */
    const int rolls[] = {3, 6, 5};
    int dmg = -1;
    assert_int_equal(wr_figure_damage_rolls(f, rolls, 3, &dmg), WR_OK);
    assert_int_equal(dmg, 15);
    const int low[] = {1, 1, 1};
    assert_int_equal(wr_figure_damage_rolls(f, low, 3, &dmg), WR_OK);
    assert_int_equal(dmg, 4);
    wr_figure_free(f);

    f = figure4(0, 0, 0, 0);
    assert_int_equal(wr_figure_add_damage(f, 1, 4, -3), WR_OK);
    const int one[] = {2};
    assert_int_equal(wr_figure_damage_rolls(f, one, 1, &dmg), WR_OK);
    assert_int_equal(dmg, 0);
    wr_figure_free(f);

    f = figure4(0, 0, 0, 0);
    assert_int_equal(wr_figure_damage_rolls(f, NULL, 0, &dmg), WR_OK);
    assert_int_equal(dmg, 0);
    wr_figure_free(f);
}

static void damage_roll_uses_rng_in_group_order(void **state)
{
    (void)state;
    wr_figure *f = figure4(0, 0, 0, 0);
    assert_int_equal(wr_figure_add_damage(f, 2, 6, 2), WR_OK);
    assert_int_equal(wr_figure_add_damage(f, 3, 1, 0), WR_OK); /* 1-sided: no draw */
    assert_int_equal(wr_figure_add_damage(f, 1, 10, 0), WR_OK);
    for (uint64_t seed = 0; seed < 20; seed++) {
        wr_rng *a = NULL, *b = NULL;
        assert_int_equal(wr_rng_new(seed, &a), WR_OK);
        assert_int_equal(wr_rng_new(seed, &b), WR_OK);
        int dmg = -1;
        assert_int_equal(wr_figure_damage_rng(f, a, &dmg), WR_OK);
        int rolls[6] = {1, 1, 1, 0, 0, 0};
        assert_int_equal(wr_rng_roll(b, 6, &rolls[3]), WR_OK);
        assert_int_equal(wr_rng_roll(b, 6, &rolls[4]), WR_OK);
        assert_int_equal(wr_rng_roll(b, 10, &rolls[5]), WR_OK);
        int expected = -1;
        assert_int_equal(wr_figure_damage_rolls(f, rolls, 6, &expected), WR_OK);
        assert_int_equal(dmg, expected);
        int lo = 0, hi = 0;
        assert_int_equal(wr_figure_damage_range(f, &lo, &hi), WR_OK);
        assert_true(dmg >= lo && dmg <= hi);
        /* both rollers are at the same point: the same next roll */
        int na = 0, nb = 0;
        assert_int_equal(wr_rng_roll(a, 1000, &na), WR_OK);
        assert_int_equal(wr_rng_roll(b, 1000, &nb), WR_OK);
        assert_int_equal(na, nb);
        wr_rng_free(a);
        wr_rng_free(b);
    }
    wr_figure_free(f);
}

/* ---- [11.2] and [11.3] ratings ------------------------------------------ */

static void rate_cavalry(void **state)
{
    (void)state;
    wr_figure *rider = figure4(8, 1, 5, 12), *mount = figure4(12, 2, 7, 18);
    assert_int_equal(wr_figure_set(rider, WR_STAT_SA, 0x1), WR_OK);
    assert_int_equal(wr_figure_set(rider, WR_STAT_SD, 0x3), WR_OK);
    assert_int_equal(wr_figure_set(mount, WR_STAT_SA, 0x4), WR_OK);
    assert_int_equal(wr_figure_set(mount, WR_STAT_SD, 0x6), WR_OK);
    assert_int_equal(wr_figure_add_damage(rider, 1, 8, 0), WR_OK);
    assert_int_equal(wr_figure_add_damage(mount, 1, 8, 1), WR_OK);
    assert_int_equal(wr_figure_add_damage(mount, 1, 4, 0), WR_OK);
    wr_figure *c = NULL;
    assert_int_equal(wr_rate_cavalry(rider, mount, &c), WR_OK);
    assert_int_equal(stat(c, WR_STAT_AR), 8);  /* rider's */
    assert_int_equal(stat(c, WR_STAT_HD), 2);  /* ceil(3 / 2) */
    assert_int_equal(stat(c, WR_STAT_AC), 7);  /* the poorer */
    assert_int_equal(stat(c, WR_STAT_MV), 18); /* mount's */
    assert_int_equal(stat(c, WR_STAT_SA), 0x5);
    assert_int_equal(stat(c, WR_STAT_SD), 0x2);
    size_t groups = 0;
    assert_int_equal(wr_figure_damage_groups(c, &groups), WR_OK);
    assert_int_equal(groups, 2);
    check_group(c, 0, 1, 4);
    check_group(c, 1, 2, 8);
    check_range(c, 4, 21);
    wr_figure_free(c);

    /* even sum of HD, the rider's AC the poorer, negative ACs */
    assert_int_equal(wr_figure_set(rider, WR_STAT_HD, 4), WR_OK);
    assert_int_equal(wr_figure_set(rider, WR_STAT_AC, -1), WR_OK);
    assert_int_equal(wr_figure_set(mount, WR_STAT_AC, -3), WR_OK);
    assert_int_equal(wr_rate_cavalry_ex(rider, mount, NULL, &c), WR_OK);
    assert_int_equal(stat(c, WR_STAT_HD), 3);
    assert_int_equal(stat(c, WR_STAT_AC), -1);
    wr_figure_free(c);
    wr_figure_free(rider);
    wr_figure_free(mount);
}

static wr_figure *rated_chariot(wr_figure **pass, size_t np, wr_figure **pull, size_t nl)
{
    const wr_figure *p[4], *l[4];
    for (size_t i = 0; i < np; i++)
        p[i] = pass[i];
    for (size_t i = 0; i < nl; i++)
        l[i] = pull[i];
    wr_figure *c = NULL;
    assert_int_equal(wr_rate_chariot(p, np, l, nl, &c), WR_OK);
    return c;
}

static void rate_chariot_means_and_rounding(void **state)
{
    (void)state;
    /* negative means: AR (-1 + -2) / 2 = -1.5 -> -2; AC -1.5 -> -2, then -2 -> -4 */
    wr_figure *pass[2] = {figure4(-1, 1, -1, 6), NULL};
    wr_figure *pull[2] = {figure4(-2, 3, -2, 24), NULL};
    wr_figure *c = rated_chariot(pass, 1, pull, 1);
    assert_int_equal(stat(c, WR_STAT_AR), -2);
    assert_int_equal(stat(c, WR_STAT_AC), -4);
    assert_int_equal(stat(c, WR_STAT_HD), 4);  /* 3 + 1 */
    assert_int_equal(stat(c, WR_STAT_MV), 24); /* 3 >= 3 * 1: full rate */
    wr_figure_free(c);

    /* positive means: AR (3 + 4) / 2 = 3.5 -> 3; AC (5 + 6) / 2 = 5.5 -> 5 - 2 = 3 */
    assert_int_equal(wr_figure_set(pass[0], WR_STAT_AR, 3), WR_OK);
    assert_int_equal(wr_figure_set(pull[0], WR_STAT_AR, 4), WR_OK);
    assert_int_equal(wr_figure_set(pass[0], WR_STAT_AC, 5), WR_OK);
    assert_int_equal(wr_figure_set(pull[0], WR_STAT_AC, 6), WR_OK);
    c = rated_chariot(pass, 1, pull, 1);
    assert_int_equal(stat(c, WR_STAT_AR), 3);
    assert_int_equal(stat(c, WR_STAT_AC), 3);
    wr_figure_free(c);

    /* three creatures: AR (-1 -1 0) / 3 = -0.67 -> -1; AC (0 + 0 + 1) / 3 -> 0 - 2 */
    assert_int_equal(wr_figure_set(pass[0], WR_STAT_AR, -1), WR_OK);
    assert_int_equal(wr_figure_set(pull[0], WR_STAT_AR, -1), WR_OK);
    assert_int_equal(wr_figure_set(pass[0], WR_STAT_AC, 0), WR_OK);
    assert_int_equal(wr_figure_set(pull[0], WR_STAT_AC, 0), WR_OK);
    pull[1] = figure4(0, 4, 1, 18);
    c = rated_chariot(pass, 1, pull, 2);
    assert_int_equal(stat(c, WR_STAT_AR), -1);
    assert_int_equal(stat(c, WR_STAT_AC), -2);
    assert_int_equal(stat(c, WR_STAT_HD), 4 + 1); /* ceil((3 + 4) / 2) + 1 */
    assert_int_equal(stat(c, WR_STAT_MV), 18);    /* slowest puller, 7 >= 3 */
    wr_figure_free(c);

    /* two passengers: HD ceil((3 + 4) / 2 + (1 + 2) / 2) = ceil(3.5 + 1.5) = 5 */
    pass[1] = figure4(0, 2, 0, 6);
    c = rated_chariot(pass, 2, pull, 2);
    assert_int_equal(stat(c, WR_STAT_HD), 5);
    wr_figure_free(c);

    /* [11.3] "HD: Avg. HD of all creatures pulling the chariot plus avg. HD
       of all passengers": pullers 2 and 3, passengers 1 and 2 give
       2.5 + 1.5 = 4, rounded once (not 3 + 2 = 5, each mean rounded up) */
    assert_int_equal(wr_figure_set(pull[0], WR_STAT_HD, 2), WR_OK);
    assert_int_equal(wr_figure_set(pull[1], WR_STAT_HD, 3), WR_OK);
    c = rated_chariot(pass, 2, pull, 2);
    assert_int_equal(stat(c, WR_STAT_HD), 4);
    wr_figure_free(c);
    /* 2.5 + 1 = 3.5: up to 4, as [11.2] rounds up */
    c = rated_chariot(pass, 1, pull, 2);
    assert_int_equal(stat(c, WR_STAT_HD), 4);
    wr_figure_free(c);
    for (int i = 0; i < 2; i++) {
        wr_figure_free(pass[i]);
        wr_figure_free(pull[i]);
    }
}

static void rate_chariot_three_times_exception(void **state)
{
    (void)state;
    wr_figure *pass[1] = {figure4(0, 2, 0, 6)};
    wr_figure *pull[2] = {figure4(0, 3, 0, 20), figure4(0, 3, 0, 24)};
    /* pullers' HD 6 = 3 * 2: exactly three times, the full rate of the slowest */
    wr_figure *c = rated_chariot(pass, 1, pull, 2);
    assert_int_equal(stat(c, WR_STAT_MV), 20);
    wr_figure_free(c);
    /* 5 < 6: two thirds, rounded down: floor(40 / 3) = 13 */
    assert_int_equal(wr_figure_set(pull[0], WR_STAT_HD, 2), WR_OK);
    c = rated_chariot(pass, 1, pull, 2);
    assert_int_equal(stat(c, WR_STAT_MV), 13);
    wr_figure_free(c);
    /* 18 -> 12 exactly */
    assert_int_equal(wr_figure_set(pull[0], WR_STAT_MV, 18), WR_OK);
    c = rated_chariot(pass, 1, pull, 2);
    assert_int_equal(stat(c, WR_STAT_MV), 12);
    wr_figure_free(c);
    /* passengers with 0 HD: any pullers are 3 times as strong */
    assert_int_equal(wr_figure_set(pass[0], WR_STAT_HD, 0), WR_OK);
    c = rated_chariot(pass, 1, pull, 2);
    assert_int_equal(stat(c, WR_STAT_MV), 18);
    wr_figure_free(c);
    wr_figure_free(pass[0]);
    wr_figure_free(pull[0]);
    wr_figure_free(pull[1]);
}

static void rate_chariot_damage_and_abilities(void **state)
{
    (void)state;
    wr_figure *pass[2] = {figure4(0, 1, 0, 6), figure4(0, 1, 0, 6)};
    wr_figure *pull[2] = {figure4(0, 3, 0, 24), figure4(0, 3, 0, 24)};
    const int sa[4] = {0x1, 0x2, 0x10, 0x100}, sd[4] = {0x7, 0x3, 0x13, 0x1F};
    for (int i = 0; i < 4; i++) {
        wr_figure *f = i < 2 ? pass[i] : pull[i - 2];
        assert_int_equal(wr_figure_set(f, WR_STAT_SA, sa[i]), WR_OK);
        assert_int_equal(wr_figure_set(f, WR_STAT_SD, sd[i]), WR_OK);
        assert_int_equal(wr_figure_add_damage(f, 1, i < 2 ? 6 : 4, i), WR_OK);
    }
    wr_figure *c = rated_chariot(pass, 2, pull, 2);
    assert_int_equal(stat(c, WR_STAT_SA), 0x113);
    assert_int_equal(stat(c, WR_STAT_SD), 0x3);
    check_group(c, 0, 2, 4);
    check_group(c, 1, 2, 6);
    check_range(c, 4 + 6, 20 + 6);
    wr_figure_free(c);

    const wr_figure *p[1] = {pass[0]}, *l[1] = {pull[0]};
    assert_int_equal(wr_rate_chariot_ex(p, 1, l, 1, NULL, &c), WR_OK);
    assert_int_equal(stat(c, WR_STAT_SA), 0x11);
    wr_figure_free(c);
    for (int i = 0; i < 2; i++) {
        wr_figure_free(pass[i]);
        wr_figure_free(pull[i]);
    }
}

/* [11.3] "MV: 2/3 of the MV of the creatures pulling the chariot": kept
   exact in move points where 2/3 of the MV is not a whole inch. */
static void rate_chariot_exact_movement(void **state)
{
    (void)state;
    wr_figure *pass[1] = {figure4(0, 2, 0, 6)};
    wr_figure *pull[1] = {figure4(0, 1, 0, 10)};
    wr_figure *c = rated_chariot(pass, 1, pull, 1);
    int points = -1;
    assert_int_equal(wr_figure_move_points(c, &points), WR_OK);
    assert_int_equal(points, 320); /* 6 2/3" */
    assert_int_equal(stat(c, WR_STAT_MV), 6);
    /* a unit of such chariots moves 6 2/3" a phase, and 1/3" is not lost */
    wr_battle_unit_desc d = wr_battle_unit_desc_default();
    d.type = WR_UNIT_TYPE_CHARIOT;
    wr_battle_unit *u = NULL;
    assert_int_equal(wr_battle_unit_new(c, &d, &u), WR_OK);
    wr_formation *f = make_formation(WR_ORDER_OPEN, 1);
    int avail = 0;
    assert_int_equal(wr_formation_available(f, u, &avail), WR_OK);
    assert_int_equal(avail, 320);
    wr_tactical_leg leg = {WR_TERRAIN_CLEAR, 80, 0, 0}; /* 6 2/3" */
    wr_tactical_result r;
    assert_int_equal(wr_tactical_check(u, f, &leg, 1, 0, &r), WR_OK);
    assert_int_equal(r.legal, 1);
    assert_int_equal(r.left, 0);
    /* an obstacle costs a third of 320, rounded up */
    wr_tactical_leg wall = {WR_TERRAIN_CLEAR, 0, 1, 0};
    assert_int_equal(wr_tactical_check(u, f, &wall, 1, 0, &r), WR_OK);
    assert_int_equal(r.cost, 107);
    wr_battle_unit_free(u);
    wr_formation_free(f);
    wr_figure_free(c);
    /* a plain figure has 48 move points an inch; cavalry take the mount's */
    assert_int_equal(wr_figure_move_points(pull[0], &points), WR_OK);
    assert_int_equal(points, 480);
    assert_int_equal(wr_rate_cavalry(pass[0], pull[0], &c), WR_OK);
    assert_int_equal(wr_figure_move_points(c, &points), WR_OK);
    assert_int_equal(points, 480);
    wr_figure_free(c);
    wr_figure_free(pass[0]);
    wr_figure_free(pull[0]);
}

/* A counting allocator: blocks live and allocations made. */
typedef struct counting_allocator {
    long live;
    long made;
} counting_allocator;

static void *counting_alloc(void *user, void *ptr, size_t old_size, size_t new_size)
{
    counting_allocator *c = user;
    (void)old_size;
    if (new_size == 0) {
        if (ptr != NULL)
            c->live--;
        free(ptr);
        return NULL;
    }
    void *p = realloc(ptr, new_size);
    if (p != NULL && ptr == NULL) {
        c->live++;
        c->made++;
    }
    return p;
}

/* [11.3] a crew of rated chariots may rate beyond HD 2000 or AC -102: the
   rating is refused, and what it had allocated is freed. */
static void rate_chariot_refused_beyond_limits(void **state)
{
    (void)state;
    wr_figure *big = figure4(0, 1000, 0, 12);
    assert_int_equal(wr_figure_add_damage(big, 2, 6, 0), WR_OK);
    wr_figure *hd2000 = rated_chariot(&big, 1, &big, 1);
    assert_int_equal(stat(hd2000, WR_STAT_HD), 2000);
    counting_allocator count = {0, 0};
    wr_allocator alloc = {counting_alloc, &count};
    const wr_figure *p[1] = {hd2000}, *l[1] = {big};
    wr_figure *out = (wr_figure *)&count; /* must stay untouched */
    assert_int_equal(wr_rate_chariot_ex(p, 1, l, 1, &alloc, &out), WR_ERR_RANGE); /* 3000 */
    assert_ptr_equal(out, (wr_figure *)&count);
    assert_true(count.made > 0);
    assert_int_equal(count.live, 0);
    wr_error e;
    assert_int_equal(wr_last_error_detail(&e), WR_OK);
    assert_string_equal(e.function, "wr_rate_chariot_ex");
    assert_int_equal(e.value, 3000);

    wr_figure *low = figure4(-100, 1, -100, 12);
    wr_figure *ac102 = rated_chariot(&low, 1, &low, 1);
    assert_int_equal(stat(ac102, WR_STAT_AC), -102);
    p[0] = ac102;
    l[0] = low;
    count.made = 0;
    assert_int_equal(wr_rate_chariot_ex(p, 1, l, 1, &alloc, &out), WR_ERR_RANGE); /* -103 */
    assert_ptr_equal(out, (wr_figure *)&count);
    assert_int_equal(count.live, 0);
    assert_int_equal(wr_last_error_detail(&e), WR_OK);
    assert_int_equal(e.value, -103);
    /* the limit itself is allowed: (-102 - 98) / 2 - 2 = -102 */
    wr_figure *near = figure4(0, 1, -98, 12);
    l[0] = near;
    wr_figure *ok = NULL;
    assert_int_equal(wr_rate_chariot_ex(p, 1, l, 1, &alloc, &ok), WR_OK);
    assert_int_equal(stat(ok, WR_STAT_AC), -102);
    wr_figure_free(ok);
    assert_int_equal(count.live, 0);
    wr_figure_free(near);
    wr_figure_free(ac102);
    wr_figure_free(low);
    wr_figure_free(hd2000);
    wr_figure_free(big);
}

/* A chariot of rated figures may go beyond the ranges of wr_figure_set. */
static void rate_chariot_extremes(void **state)
{
    (void)state;
    wr_figure *pass[1] = {figure4(-100, 1000, -100, 0)};
    wr_figure *pull[1] = {figure4(-100, 1000, -100, 1000)};
    wr_figure *c = rated_chariot(pass, 1, pull, 1);
    assert_int_equal(stat(c, WR_STAT_HD), 2000);
    assert_int_equal(stat(c, WR_STAT_AC), -102);
    assert_int_equal(stat(c, WR_STAT_MV), 666); /* 1000 < 3000: floor(2000 / 3) */
    wr_figure_free(c);
    wr_figure_free(pass[0]);
    wr_figure_free(pull[0]);

    /* 64 passengers and 64 pullers */
    const wr_figure *p[64], *l[64];
    wr_figure *one = figure4(1, 1, 1, 9);
    for (int i = 0; i < 64; i++)
        p[i] = l[i] = one;
    assert_int_equal(wr_rate_chariot(p, 64, l, 64, &c), WR_OK);
    assert_int_equal(stat(c, WR_STAT_AR), 1);
    assert_int_equal(stat(c, WR_STAT_HD), 2);
    assert_int_equal(stat(c, WR_STAT_MV), 6);
    wr_figure_free(c);
    wr_figure_free(one);
}

/* ---- [11.1] removal ----------------------------------------------------- */

/* [11.4] "Weapons that do double damage in a charge also do double damage
   in a cavalry or chariot charge": the rider's weapons, not the horse's hooves. */
static void charge_doubles_rider_weapons_only(void **state)
{
    (void)state;
    wr_figure *rider = figure4(8, 1, 5, 12), *mount = figure4(12, 2, 7, 18);
    assert_int_equal(wr_figure_add_damage(rider, 1, 8, 0), WR_OK); /* lance */
    assert_int_equal(wr_figure_add_damage(rider, 1, 4, 1), WR_OK); /* and dagger */
    assert_int_equal(wr_figure_add_damage(mount, 1, 4, 0), WR_OK); /* hooves */
    wr_figure *c = NULL;
    assert_int_equal(wr_rate_cavalry(rider, mount, &c), WR_OK);
    int r = -1, st = -1;
    assert_int_equal(wr_figure_damage_group_parts(c, 0, &r, &st), WR_OK); /* d4 */
    assert_int_equal(r, 1);
    assert_int_equal(st, 1);
    assert_int_equal(wr_figure_damage_group_parts(c, 1, &r, &st), WR_OK); /* d8 */
    assert_int_equal(r, 1);
    assert_int_equal(st, 0);
    /* rolls: d4 group (rider's first, then the mount's), then the d8 */
    const int rolls[3] = {3, 2, 7};
    int dmg = -1;
    assert_int_equal(wr_figure_damage_rolls(c, rolls, 3, &dmg), WR_OK);
    assert_int_equal(dmg, 3 + 2 + 7 + 1);
    assert_int_equal(wr_figure_charge_damage_rolls(c, 2, rolls, 3, &dmg), WR_OK);
    assert_int_equal(dmg, 2 * 3 + 2 + 2 * 7 + 1); /* the hooves' 2 once */
    assert_int_equal(wr_figure_charge_damage_rolls(c, 1, rolls, 3, &dmg), WR_OK);
    assert_int_equal(dmg, 13);
    /* the same dice from a roller, in the same order */
    wr_rng *a = NULL, *b = NULL;
    assert_int_equal(wr_rng_new(7, &a), WR_OK);
    assert_int_equal(wr_rng_new(7, &b), WR_OK);
    int d4a = 0, d4b = 0, d8 = 0;
    assert_int_equal(wr_rng_roll(b, 4, &d4a), WR_OK);
    assert_int_equal(wr_rng_roll(b, 4, &d4b), WR_OK);
    assert_int_equal(wr_rng_roll(b, 8, &d8), WR_OK);
    assert_int_equal(wr_figure_charge_damage_rng(c, 2, a, &dmg), WR_OK);
    assert_int_equal(dmg, 2 * d4a + d4b + 2 * d8 + 1);
    wr_rng_free(a);
    wr_rng_free(b);
    /* a copy keeps the parts */
    wr_figure *copy = NULL;
    assert_int_equal(wr_figure_clone(c, &copy), WR_OK);
    assert_int_equal(wr_figure_damage_group_parts(copy, 0, &r, &st), WR_OK);
    assert_int_equal(st, 1);
    wr_figure_free(copy);
    /* a figure on foot: all its dice are its own weapons */
    assert_int_equal(wr_figure_damage_group_parts(rider, 0, &r, &st), WR_OK);
    assert_int_equal(r, 1);
    assert_int_equal(st, 0);
    wr_figure_free(c);

    /* a chariot: the passengers' weapons double, the pullers' dice do not */
    const wr_figure *p[1] = {rider}, *l[2] = {mount, mount};
    assert_int_equal(wr_rate_chariot(p, 1, l, 2, &c), WR_OK);
    assert_int_equal(wr_figure_damage_group_parts(c, 0, &r, &st), WR_OK);
    assert_int_equal(r, 1);
    assert_int_equal(st, 2);
    const int crolls[4] = {4, 1, 1, 8};
    assert_int_equal(wr_figure_charge_damage_rolls(c, 2, crolls, 4, &dmg), WR_OK);
    assert_int_equal(dmg, 8 + 1 + 1 + 16 + 1);
    assert_int_equal(wr_figure_charge_damage_rolls(c, 3, crolls, 4, &dmg), WR_ERR_RANGE);
    assert_int_equal(dmg, 8 + 1 + 1 + 16 + 1);
    wr_figure_free(c);
    wr_figure_free(rider);
    wr_figure_free(mount);
}

static void mounted_removed(void **state)
{
    (void)state;
    int removed = -1;
    assert_int_equal(wr_mounted_removed(0, &removed), WR_OK);
    assert_int_equal(removed, 0);
    assert_int_equal(wr_mounted_removed(WR_PART_RIDER, &removed), WR_OK);
    assert_int_equal(removed, 1);
    assert_int_equal(wr_mounted_removed(WR_PART_STEED, &removed), WR_OK);
    assert_int_equal(removed, 1);
    assert_int_equal(wr_mounted_removed(WR_PART_RIDER | WR_PART_STEED, &removed), WR_OK);
    assert_int_equal(removed, 1);
}

/* [11.1] EXAMPLE: drow on nightmares; a spell kills the nightmares but not the
   drow (magic resistance); the cavalry unit is removed all the same. */
static void example_drow_on_nightmares(void **state)
{
    (void)state;
    wr_figure *drow = figure4(12, 2, 4, 12), *nightmare = figure4(10, 6, -4, 15);
    wr_figure *cavalry = NULL;
    assert_int_equal(wr_rate_cavalry(drow, nightmare, &cavalry), WR_OK);
    wr_battle_unit_desc d = wr_battle_unit_desc_default();
    d.type = WR_UNIT_TYPE_CAVALRY;
    d.figures = 10;
    wr_battle_unit *unit = NULL;
    assert_int_equal(wr_battle_unit_new(cavalry, &d, &unit), WR_OK);
    int removed = -1;
    assert_int_equal(wr_mounted_removed(WR_PART_STEED, &removed), WR_OK);
    assert_int_equal(removed, 1);
    assert_int_equal(wr_battle_unit_kill_parts(unit, WR_PART_STEED, 10, &removed), WR_OK);
    assert_int_equal(removed, 10);
    assert_int_equal(wr_battle_unit_get(unit, &d), WR_OK);
    assert_int_equal(d.figures, 0); /* removed */
    wr_battle_unit_free(unit);
    wr_figure_free(cavalry);
    wr_figure_free(drow);
    wr_figure_free(nightmare);
}

static void unit_kill_parts(void **state)
{
    (void)state;
    wr_battle_unit *chariots = make_unit(WR_UNIT_TYPE_CHARIOT, 6, 12, 0, 0, 0);
    int removed = -1;
    assert_int_equal(wr_battle_unit_kill_parts(chariots, WR_PART_RIDER, 2, &removed), WR_OK);
    assert_int_equal(removed, 2);
    assert_int_equal(wr_battle_unit_kill_parts(chariots, 0, 4, &removed), WR_OK);
    assert_int_equal(removed, 0);
    assert_int_equal(wr_battle_unit_kill_parts(chariots, WR_PART_RIDER | WR_PART_STEED, 1, &removed),
                     WR_OK);
    assert_int_equal(removed, 1);
    wr_battle_unit_desc d;
    assert_int_equal(wr_battle_unit_get(chariots, &d), WR_OK);
    assert_int_equal(d.figures, 3);
    wr_battle_unit_free(chariots);

    wr_battle_unit *foot = make_unit(WR_UNIT_TYPE_FOOT, 5, 12, 0, 0, 0);
    assert_int_equal(wr_battle_unit_kill_parts(foot, WR_PART_RIDER, 5, &removed), WR_OK);
    assert_int_equal(removed, 5);
    wr_battle_unit_free(foot);
}

/* ---- units and formations ----------------------------------------------- */

static void unit_desc_and_figure(void **state)
{
    (void)state;
    wr_battle_unit_desc d = wr_battle_unit_desc_default();
    assert_int_equal(d.type, WR_UNIT_TYPE_FOOT);
    assert_int_equal(d.figures, 1);
    assert_int_equal(d.equipment, 0);
    assert_int_equal(d.traits, 0);
    assert_int_equal(d.single_creature, 0);
    assert_int_equal(d.in_command, 1);

    wr_figure *f = figure4(5, 3, 6, 9);
    d.figures = 100000;
    d.equipment = WR_EQUIP_LARGE_SHIELDS | WR_EQUIP_SPEARS | WR_EQUIP_CHARGE_WEAPONS;
    d.traits = WR_TRAIT_WOODLAND | WR_TRAIT_MOUNTAIN | WR_TRAIT_SWAMP | WR_TRAIT_AQUATIC;
    wr_battle_unit *u = NULL;
    assert_int_equal(wr_battle_unit_new_ex(f, &d, NULL, &u), WR_OK);
    wr_figure_free(f); /* the unit keeps its own copy */
    const wr_figure *mine = NULL;
    assert_int_equal(wr_battle_unit_figure(u, &mine), WR_OK);
    assert_int_equal(stat(mine, WR_STAT_MV), 9);
    assert_int_equal(stat(mine, WR_STAT_AC), 6);
    wr_battle_unit_desc got;
    assert_int_equal(wr_battle_unit_get(u, &got), WR_OK);
    assert_int_equal(got.figures, 100000);
    assert_int_equal(got.traits, 0x0F);
    assert_int_equal(got.equipment, 0x07);
    d.type = WR_UNIT_TYPE_CHARIOT;
    d.figures = 0;
    d.in_command = 0;
    d.single_creature = 1;
    assert_int_equal(wr_battle_unit_set(u, &d), WR_OK);
    assert_int_equal(wr_battle_unit_get(u, &got), WR_OK);
    assert_int_equal(got.type, WR_UNIT_TYPE_CHARIOT);
    assert_int_equal(got.figures, 0);
    assert_int_equal(got.in_command, 0);
    assert_int_equal(got.single_creature, 1);
    wr_battle_unit_free(u);
    wr_battle_unit_free(NULL);
}

static void formation_basics(void **state)
{
    (void)state;
    wr_formation *f = NULL;
    assert_int_equal(wr_formation_new_ex(WR_ORDER_CLOSED, 10, 270, NULL, &f), WR_OK);
    wr_formation_info info;
    assert_int_equal(wr_formation_get(f, &info), WR_OK);
    assert_int_equal(info.order, WR_ORDER_CLOSED);
    assert_int_equal(info.frontage, 10);
    assert_int_equal(info.facing, 270);
    assert_int_equal(info.special, WR_SPECIAL_NONE);
    assert_int_equal(info.sides, 0);
    assert_int_equal(info.spent, 0);
    assert_int_equal(info.turned, 0);

    wr_battle_unit *u = make_unit(WR_UNIT_TYPE_FOOT, 25, 12, 0, 0, 0);
    int ranks = -1, front = -1;
    assert_int_equal(wr_formation_ranks(f, u, &ranks, &front), WR_OK);
    assert_int_equal(ranks, 3);
    assert_int_equal(front, 10);
    assert_int_equal(wr_formation_set_frontage(f, 25), WR_OK);
    assert_int_equal(wr_formation_ranks(f, u, &ranks, &front), WR_OK);
    assert_int_equal(ranks, 1);
    assert_int_equal(front, 25);
    assert_int_equal(wr_formation_set_frontage(f, 40), WR_OK);
    assert_int_equal(wr_formation_ranks(f, u, &ranks, &front), WR_OK);
    assert_int_equal(ranks, 1);
    assert_int_equal(front, 25);
    wr_battle_unit_desc d;
    assert_int_equal(wr_battle_unit_get(u, &d), WR_OK);
    d.figures = 0;
    assert_int_equal(wr_battle_unit_set(u, &d), WR_OK);
    assert_int_equal(wr_formation_ranks(f, u, &ranks, &front), WR_OK);
    assert_int_equal(ranks, 0);
    assert_int_equal(front, 0);

    int avail = -1;
    assert_int_equal(wr_formation_available(f, u, &avail), WR_OK);
    assert_int_equal(avail, 12 * WR_MOVE_PER_INCH);

    /* ordinary turns are free and wrap around */
    assert_int_equal(wr_formation_turn(f, u, 180), WR_OK);
    assert_int_equal(wr_formation_turn(f, u, -180), WR_OK);
    assert_int_equal(wr_formation_turn(f, u, 100), WR_OK);
    assert_int_equal(wr_formation_get(f, &info), WR_OK);
    assert_int_equal(info.facing, 10);
    assert_int_equal(info.turned, 460);
    assert_int_equal(wr_formation_turn(f, u, -20), WR_OK);
    assert_int_equal(wr_formation_get(f, &info), WR_OK);
    assert_int_equal(info.facing, 350);
    assert_int_equal(wr_formation_begin_phase(f), WR_OK);
    assert_int_equal(wr_formation_get(f, &info), WR_OK);
    assert_int_equal(info.turned, 0);

    assert_int_equal(wr_formation_set_order(f, WR_ORDER_OPEN), WR_OK);
    assert_int_equal(wr_formation_get(f, &info), WR_OK);
    assert_int_equal(info.order, WR_ORDER_OPEN);
    assert_int_equal(wr_formation_break(f), WR_OK);
    wr_battle_unit_free(u);
    wr_formation_free(f);
    wr_formation_free(NULL);
}

/* ---- [11.6] shield wall ------------------------------------------------- */

static void check_shield_wall(const wr_battle_unit *u, const wr_formation *f, int all_round, int cost,
                              wr_declare_problem expected)
{
    wr_declare_problem p = (wr_declare_problem)-1;
    assert_int_equal(wr_shield_wall_check(u, f, all_round, cost, &p), WR_OK);
    assert_int_equal(p, expected);
}

static void shield_wall_who_may_declare(void **state)
{
    (void)state;
    wr_battle_unit *u = make_unit(WR_UNIT_TYPE_FOOT, 20, 12, WR_EQUIP_LARGE_SHIELDS, 0, 0);
    wr_formation *f = make_formation(WR_ORDER_CLOSED, 10);
    check_shield_wall(u, f, 0, WR_TURN_COST_DEFAULT, WR_DECLARE_OK);
    check_shield_wall(u, f, 1, WR_TURN_COST_DEFAULT, WR_DECLARE_OK);

    wr_battle_unit_desc d;
    assert_int_equal(wr_battle_unit_get(u, &d), WR_OK);
    d.in_command = 0;
    assert_int_equal(wr_battle_unit_set(u, &d), WR_OK);
    check_shield_wall(u, f, 0, 1, WR_DECLARE_NOT_IN_COMMAND);
    assert_int_equal(wr_shield_wall_declare(u, f, 0, 1), WR_ERR_FORBIDDEN);
    d.in_command = 1;
    d.equipment = WR_EQUIP_SPEARS;
    assert_int_equal(wr_battle_unit_set(u, &d), WR_OK);
    check_shield_wall(u, f, 0, 1, WR_DECLARE_NO_EQUIPMENT);
    d.equipment = WR_EQUIP_LARGE_SHIELDS;
    assert_int_equal(wr_battle_unit_set(u, &d), WR_OK);

    assert_int_equal(wr_formation_set_order(f, WR_ORDER_OPEN), WR_OK);
    check_shield_wall(u, f, 0, 1, WR_DECLARE_NOT_CLOSED);
    assert_int_equal(wr_formation_set_order(f, WR_ORDER_CLOSED), WR_OK);

    /* only before the unit moves */
    wr_tactical_leg leg = {WR_TERRAIN_CLEAR, 12, 0, 0};
    wr_tactical_result r;
    assert_int_equal(wr_tactical_apply(u, f, &leg, 1, 0, &r), WR_OK);
    check_shield_wall(u, f, 0, 1, WR_DECLARE_MOVED);
    assert_int_equal(wr_shield_wall_declare(u, f, 0, 1), WR_ERR_FORBIDDEN);
    assert_int_equal(wr_formation_begin_phase(f), WR_OK);
    check_shield_wall(u, f, 0, 1, WR_DECLARE_OK);

    /* an all-round wall needs movement to turn figures to the rear */
    check_shield_wall(u, f, 1, 12 * WR_MOVE_PER_INCH, WR_DECLARE_OK);
    check_shield_wall(u, f, 1, 12 * WR_MOVE_PER_INCH + 1, WR_DECLARE_NO_TURN);
    check_shield_wall(u, f, 0, 12 * WR_MOVE_PER_INCH + 1, WR_DECLARE_OK);

    assert_int_equal(wr_shield_wall_declare(u, f, 0, 1), WR_OK);
    check_shield_wall(u, f, 0, 1, WR_DECLARE_ALREADY);
    assert_int_equal(wr_shield_wall_declare(u, f, 1, 1), WR_ERR_FORBIDDEN);
    wr_battle_unit_free(u);
    wr_formation_free(f);
}

/* [11.6], [11.7] "in command and in closed formation at the beginning of
   the unit's Movement Phase": a unit that began it in open order may close
   up, but not declare. */
static void declarations_check_phase_start(void **state)
{
    (void)state;
    wr_battle_unit *u = make_unit(WR_UNIT_TYPE_FOOT, 20, 12, WR_EQUIP_LARGE_SHIELDS | WR_EQUIP_SPEARS,
                           0, 0);
    wr_formation *f = make_formation(WR_ORDER_OPEN, 10);
    assert_int_equal(wr_formation_begin_phase(f), WR_OK);
    assert_int_equal(wr_formation_set_order(f, WR_ORDER_CLOSED), WR_OK);
    check_shield_wall(u, f, 0, 1, WR_DECLARE_NOT_CLOSED);
    wr_declare_problem p = (wr_declare_problem)-1;
    assert_int_equal(wr_spears_check(u, f, WR_FACE_FRONT, 1, &p), WR_OK);
    assert_int_equal(p, WR_DECLARE_NOT_CLOSED);
    assert_int_equal(wr_shield_wall_declare(u, f, 0, 1), WR_ERR_FORBIDDEN);
    assert_int_equal(wr_spears_declare(u, f, WR_FACE_FRONT, 1), WR_ERR_FORBIDDEN);
    /* the next phase begins closed */
    assert_int_equal(wr_formation_begin_phase(f), WR_OK);
    check_shield_wall(u, f, 0, 1, WR_DECLARE_OK);
    /* closed at the start, opened since: not closed now */
    assert_int_equal(wr_formation_set_order(f, WR_ORDER_OPEN), WR_OK);
    check_shield_wall(u, f, 0, 1, WR_DECLARE_NOT_CLOSED);
    wr_battle_unit_free(u);
    wr_formation_free(f);
}

static void phase_state(const wr_formation *f, wr_formation_order order, int facing, int spent,
                        wr_formation_special special)
{
    wr_formation_info info;
    assert_int_equal(wr_formation_get(f, &info), WR_OK);
    assert_int_equal(info.order, order);
    assert_int_equal(info.facing, facing);
    assert_int_equal(info.spent, spent);
    assert_int_equal(info.special, special);
}

/* A unit driven through Movement Phases: every action charged to `spent`,
   refused actions change nothing. MV 12: 576 move points a phase. */
static void movement_phases_turn_by_turn(void **state)
{
    (void)state;
    wr_battle_unit *u = make_unit(WR_UNIT_TYPE_FOOT, 20, 12, WR_EQUIP_LARGE_SHIELDS | WR_EQUIP_SPEARS,
                           0, 0);
    wr_formation *f = make_formation(WR_ORDER_CLOSED, 10);
    wr_movement_phase_costs costs = wr_movement_phase_costs_default();
    assert_int_equal(costs.order_num * 2, costs.order_den);
    costs.order_num = 1, costs.order_den = 4; /* 144 */
    costs.turn_num = 1, costs.turn_den = 4;   /* 144 for each 90 degrees */
    costs.figures_turn = 48;
    int cost = -1;
    wr_movement_phase ph;
    assert_int_equal(wr_movement_phase_get(f, &ph), WR_OK);
    assert_int_equal(ph.begun, 0);
    /* no phase begun: the phase's actions are refused */
    assert_int_equal(wr_movement_phase_declare_shield_wall(u, f, &costs, 0), WR_ERR_STATE);
    assert_int_equal(wr_movement_phase_turn(u, f, &costs, 45, &cost), WR_ERR_STATE);
    assert_int_equal(cost, -1);

    /* Phase 1, begun closed and in command: a front-only shield wall */
    assert_int_equal(wr_movement_phase_begin(u, f), WR_OK);
    assert_int_equal(wr_movement_phase_get(f, &ph), WR_OK);
    assert_int_equal(ph.begun, 1);
    assert_int_equal(ph.start_order, WR_ORDER_CLOSED);
    assert_int_equal(ph.start_in_command, 1);
    assert_int_equal(wr_movement_phase_declare_shield_wall(u, f, &costs, 0), WR_OK);
    phase_state(f, WR_ORDER_CLOSED, 0, 0, WR_SPECIAL_SHIELD_WALL);
    /* [11.6] "A change of facing costs a unit in shield wall formation its
       entire movement rate": half of 576 */
    assert_int_equal(wr_movement_phase_turn(u, f, &costs, 90, &cost), WR_OK);
    assert_int_equal(cost, 288);
    phase_state(f, WR_ORDER_CLOSED, 90, 288, WR_SPECIAL_SHIELD_WALL);
    /* nothing is left: no more turning, no order change, nothing spent */
    assert_int_equal(wr_movement_phase_turn(u, f, &costs, 10, &cost), WR_ERR_FORBIDDEN);
    assert_int_equal(wr_movement_phase_set_order(u, f, &costs, WR_ORDER_OPEN, WR_TERRAIN_CLEAR, &cost),
                     WR_ERR_FORBIDDEN);
    assert_int_equal(wr_movement_phase_spend(u, f, 1), WR_ERR_FORBIDDEN);
    phase_state(f, WR_ORDER_CLOSED, 90, 288, WR_SPECIAL_SHIELD_WALL);

    /* Phase 2: the wall is given up, set spears declared, the front turned
       to face a charge from the left */
    assert_int_equal(wr_movement_phase_begin(u, f), WR_OK);
    assert_int_equal(wr_formation_break(f), WR_OK);
    assert_int_equal(wr_movement_phase_declare_spears(u, f, &costs, WR_FACE_FRONT), WR_OK);
    phase_state(f, WR_ORDER_CLOSED, 90, 288, WR_SPECIAL_SET_SPEARS); /* [11.7] half the rate */
    assert_int_equal(wr_movement_phase_declare_shield_wall(u, f, &costs, 0), WR_ERR_FORBIDDEN);
    /* [11.7] "some figures must have enough remaining movement to TURN" */
    assert_int_equal(wr_movement_phase_turn(u, f, &costs, -90, &cost), WR_OK);
    assert_int_equal(cost, 48);
    phase_state(f, WR_ORDER_CLOSED, 0, 336, WR_SPECIAL_SET_SPEARS);
    /* set spears stand: no wheeling */
    assert_int_equal(wr_movement_phase_wheel(u, f, 45, 12, WR_TERRAIN_CLEAR, &cost), WR_ERR_FORBIDDEN);
    /* to open order (ends the set spears): 144 */
    assert_int_equal(wr_movement_phase_set_order(u, f, &costs, WR_ORDER_OPEN, WR_TERRAIN_CLEAR, &cost),
                     WR_OK);
    assert_int_equal(cost, 144);
    phase_state(f, WR_ORDER_OPEN, 0, 480, WR_SPECIAL_NONE);
    /* [11.8] no closed formation in woods, rough, swamp or water */
    const wr_terrain banned[4] = {WR_TERRAIN_WOODS, WR_TERRAIN_ROUGH, WR_TERRAIN_SWAMP,
                                  WR_TERRAIN_WATER};
    for (int i = 0; i < 4; i++)
        assert_int_equal(
            wr_movement_phase_set_order(u, f, &costs, WR_ORDER_CLOSED, banned[i], &cost),
            WR_ERR_FORBIDDEN);
    /* closing up costs 144, only 96 are left */
    assert_int_equal(wr_movement_phase_set_order(u, f, &costs, WR_ORDER_CLOSED, WR_TERRAIN_CLEAR, &cost),
                     WR_ERR_FORBIDDEN);
    phase_state(f, WR_ORDER_OPEN, 0, 480, WR_SPECIAL_NONE);
    /* the order it has costs nothing */
    assert_int_equal(wr_movement_phase_set_order(u, f, &costs, WR_ORDER_OPEN, WR_TERRAIN_WOODS, &cost),
                     WR_OK);
    assert_int_equal(cost, 0);
    /* 1" of movement, then a wheel whose flank travels 1/2" through woods */
    wr_tactical_leg leg = {WR_TERRAIN_CLEAR, 12, 0, 0};
    wr_tactical_result r;
    assert_int_equal(wr_tactical_apply(u, f, &leg, 1, 0, &r), WR_OK);
    phase_state(f, WR_ORDER_OPEN, 0, 528, WR_SPECIAL_NONE);
    assert_int_equal(wr_movement_phase_wheel(u, f, 30, 6, WR_TERRAIN_WOODS, &cost), WR_OK);
    assert_int_equal(cost, 36); /* 6 twelfths at 6 points each */
    phase_state(f, WR_ORDER_OPEN, 30, 564, WR_SPECIAL_NONE);
    /* a turn of up to 90 degrees costs 144: only 12 left */
    assert_int_equal(wr_movement_phase_turn(u, f, &costs, 1, &cost), WR_ERR_FORBIDDEN);
    assert_int_equal(wr_movement_phase_spend(u, f, 13), WR_ERR_FORBIDDEN);
    assert_int_equal(wr_movement_phase_spend(u, f, 12), WR_OK);
    phase_state(f, WR_ORDER_OPEN, 30, 576, WR_SPECIAL_NONE);

    /* Phase 3, begun in open order: it closes up, but may not declare */
    assert_int_equal(wr_movement_phase_begin(u, f), WR_OK);
    assert_int_equal(wr_movement_phase_set_order(u, f, &costs, WR_ORDER_CLOSED, WR_TERRAIN_CLEAR, &cost),
                     WR_OK);
    assert_int_equal(wr_movement_phase_turn(u, f, &costs, 135, &cost), WR_OK);
    assert_int_equal(cost, 288); /* two changes of facing */
    phase_state(f, WR_ORDER_CLOSED, 165, 432, WR_SPECIAL_NONE);
    assert_int_equal(wr_movement_phase_begin(u, f), WR_OK); /* the next phase */
    wr_battle_unit_desc d;
    assert_int_equal(wr_battle_unit_get(u, &d), WR_OK);
    d.in_command = 0;
    assert_int_equal(wr_battle_unit_set(u, &d), WR_OK);
    /* in command at the beginning of the phase is what counts */
    check_shield_wall(u, f, 0, 1, WR_DECLARE_OK);
    assert_int_equal(wr_movement_phase_begin(u, f), WR_OK);
    check_shield_wall(u, f, 0, 1, WR_DECLARE_NOT_IN_COMMAND);
    assert_int_equal(wr_movement_phase_declare_spears(u, f, &costs, WR_FACE_FRONT), WR_ERR_FORBIDDEN);
    phase_state(f, WR_ORDER_CLOSED, 165, 0, WR_SPECIAL_NONE);
    wr_battle_unit_free(u);
    wr_formation_free(f);
}

/* [11.6] shield walls in the Movement Phase: an all-round wall "cannot move";
   a front-only wall wheels as it turns, at most 90 degrees for its entire
   movement, and only before it moves. */
static void movement_phase_shield_walls(void **state)
{
    (void)state;
    wr_battle_unit *u = make_unit(WR_UNIT_TYPE_FOOT, 20, 12, WR_EQUIP_LARGE_SHIELDS, 0, 0);
    wr_formation *f = make_formation(WR_ORDER_CLOSED, 5);
    wr_movement_phase_costs costs = wr_movement_phase_costs_default();
    int cost = -1;
    assert_int_equal(wr_movement_phase_begin(u, f), WR_OK);
    assert_int_equal(wr_movement_phase_declare_shield_wall(u, f, &costs, 1), WR_OK);
    phase_state(f, WR_ORDER_CLOSED, 0, WR_TURN_COST_DEFAULT, WR_SPECIAL_SHIELD_WALL);
    assert_int_equal(wr_movement_phase_turn(u, f, &costs, 10, &cost), WR_ERR_FORBIDDEN);
    assert_int_equal(wr_movement_phase_wheel(u, f, 10, 12, WR_TERRAIN_CLEAR, &cost), WR_ERR_FORBIDDEN);
    assert_int_equal(wr_movement_phase_begin(u, f), WR_OK);
    assert_int_equal(wr_movement_phase_turn(u, f, &costs, 10, &cost), WR_ERR_FORBIDDEN);
    assert_int_equal(wr_movement_phase_turn(u, f, &costs, 0, &cost), WR_OK); /* no turn, no cost */
    assert_int_equal(cost, 0);
    assert_int_equal(wr_formation_break(f), WR_OK);

    /* front only: the wheel is its change of facing */
    assert_int_equal(wr_movement_phase_begin(u, f), WR_OK);
    assert_int_equal(wr_movement_phase_declare_shield_wall(u, f, &costs, 0), WR_OK);
    assert_int_equal(wr_movement_phase_wheel(u, f, 91, 12, WR_TERRAIN_CLEAR, &cost), WR_ERR_FORBIDDEN);
    assert_int_equal(wr_movement_phase_wheel(u, f, -60, 12, WR_TERRAIN_WOODS, &cost), WR_ERR_FORBIDDEN);
    assert_int_equal(wr_movement_phase_wheel(u, f, -60, 12, WR_TERRAIN_CLEAR, &cost), WR_OK);
    assert_int_equal(cost, 288);
    phase_state(f, WR_ORDER_CLOSED, 300, 288, WR_SPECIAL_SHIELD_WALL);
    assert_int_equal(wr_movement_phase_wheel(u, f, 10, 0, WR_TERRAIN_CLEAR, &cost), WR_ERR_FORBIDDEN);
    /* a wall that has moved cannot change facing in that round */
    assert_int_equal(wr_movement_phase_begin(u, f), WR_OK);
    wr_tactical_leg leg = {WR_TERRAIN_CLEAR, 1, 0, 0};
    wr_tactical_result r;
    assert_int_equal(wr_tactical_apply(u, f, &leg, 1, 0, &r), WR_OK);
    assert_int_equal(wr_movement_phase_turn(u, f, &costs, 45, &cost), WR_ERR_FORBIDDEN);
    phase_state(f, WR_ORDER_CLOSED, 300, 4, WR_SPECIAL_SHIELD_WALL);
    wr_battle_unit_free(u);
    wr_formation_free(f);
}

static void ac(const wr_formation *f, wr_attack_kind kind, wr_attack_from from, int expected)
{
    int m = 99;
    assert_int_equal(wr_shield_wall_ac_modifier(f, kind, from, &m), WR_OK);
    assert_int_equal(m, expected);
}

static void shield_wall_front_only(void **state)
{
    (void)state;
    wr_battle_unit *u = make_unit(WR_UNIT_TYPE_FOOT, 20, 12, WR_EQUIP_LARGE_SHIELDS, 0, 0);
    wr_formation *f = make_formation(WR_ORDER_CLOSED, 10);
    ac(f, WR_ATTACK_MISSILE, WR_FROM_FRONT, 0); /* no wall yet */
    assert_int_equal(wr_shield_wall_declare(u, f, 0, WR_TURN_COST_DEFAULT), WR_OK);
    wr_formation_info info;
    assert_int_equal(wr_formation_get(f, &info), WR_OK);
    assert_int_equal(info.special, WR_SPECIAL_SHIELD_WALL);
    assert_int_equal(info.sides, WR_FACE_FRONT);
    assert_int_equal(info.spent, 0);

    ac(f, WR_ATTACK_MISSILE, WR_FROM_FRONT, -4);
    ac(f, WR_ATTACK_MELEE, WR_FROM_FRONT, -2);
    ac(f, WR_ATTACK_ARTILLERY, WR_FROM_FRONT, 0);
    ac(f, WR_ATTACK_OTHER, WR_FROM_FRONT, 0);
    for (int from = WR_FROM_LEFT; from <= WR_FROM_ABOVE; from++) {
        ac(f, WR_ATTACK_MISSILE, (wr_attack_from)from, 0);
        ac(f, WR_ATTACK_MELEE, (wr_attack_from)from, 0);
    }

    /* half movement rate */
    int avail = 0;
    assert_int_equal(wr_formation_available(f, u, &avail), WR_OK);
    assert_int_equal(avail, 6 * WR_MOVE_PER_INCH);
    wr_tactical_leg six = {WR_TERRAIN_CLEAR, 6 * WR_LEN_PER_INCH, 0, 0};
    wr_tactical_leg more = {WR_TERRAIN_CLEAR, 6 * WR_LEN_PER_INCH + 1, 0, 0};
    wr_tactical_result r;
    assert_int_equal(wr_tactical_check(u, f, &more, 1, 0, &r), WR_OK);
    assert_int_equal(r.problem, WR_TACTICAL_TOO_FAR);
    assert_int_equal(wr_tactical_check(u, f, &six, 1, 0, &r), WR_OK);
    assert_true(r.legal);
    assert_int_equal(r.left, 0);

    /* facing: at most 90 degrees, for its whole movement */
    assert_int_equal(wr_formation_turn(f, u, 91), WR_ERR_FORBIDDEN);
    assert_int_equal(wr_formation_turn(f, u, -91), WR_ERR_FORBIDDEN);
    assert_int_equal(wr_formation_turn(f, u, -90), WR_OK);
    assert_int_equal(wr_formation_get(f, &info), WR_OK);
    assert_int_equal(info.facing, 270);
    assert_int_equal(wr_formation_available(f, u, &avail), WR_OK);
    assert_int_equal(avail, 0);
    assert_int_equal(wr_tactical_check(u, f, &six, 1, 0, &r), WR_OK);
    assert_int_equal(r.problem, WR_TACTICAL_TOO_FAR);
    assert_int_equal(wr_formation_turn(f, u, 10), WR_ERR_FORBIDDEN); /* one a round */
    assert_int_equal(wr_formation_turn(f, u, 0), WR_OK);

    /* next round: a unit that has moved cannot pay for a turn */
    assert_int_equal(wr_formation_begin_phase(f), WR_OK);
    wr_tactical_leg inch = {WR_TERRAIN_CLEAR, WR_LEN_PER_INCH, 0, 0};
    assert_int_equal(wr_tactical_apply(u, f, &inch, 1, 0, &r), WR_OK);
    assert_int_equal(wr_formation_turn(f, u, 45), WR_ERR_FORBIDDEN);
    assert_int_equal(wr_formation_get(f, &info), WR_OK);
    assert_int_equal(info.facing, 270);
    assert_int_equal(info.special, WR_SPECIAL_SHIELD_WALL); /* the wall stays */

    /* going to open order ends it */
    assert_int_equal(wr_formation_set_order(f, WR_ORDER_OPEN), WR_OK);
    assert_int_equal(wr_formation_get(f, &info), WR_OK);
    assert_int_equal(info.special, WR_SPECIAL_NONE);
    ac(f, WR_ATTACK_MISSILE, WR_FROM_FRONT, 0);
    wr_battle_unit_free(u);
    wr_formation_free(f);
}

static void shield_wall_all_round(void **state)
{
    (void)state;
    wr_battle_unit *u = make_unit(WR_UNIT_TYPE_FOOT, 16, 12, WR_EQUIP_LARGE_SHIELDS, 0, 0);
    wr_formation *f = make_formation(WR_ORDER_CLOSED, 4);
    assert_int_equal(wr_shield_wall_declare(u, f, 1, 48), WR_OK);
    wr_formation_info info;
    assert_int_equal(wr_formation_get(f, &info), WR_OK);
    assert_int_equal(info.sides, WR_FACE_ALL);
    assert_int_equal(info.spent, 48);
    for (int from = WR_FROM_FRONT; from <= WR_FROM_REAR; from++) {
        ac(f, WR_ATTACK_MISSILE, (wr_attack_from)from, -4);
        ac(f, WR_ATTACK_MELEE, (wr_attack_from)from, -2);
        ac(f, WR_ATTACK_ARTILLERY, (wr_attack_from)from, 0);
    }
    ac(f, WR_ATTACK_MISSILE, WR_FROM_ABOVE, 0);
    ac(f, WR_ATTACK_MELEE, WR_FROM_ABOVE, 0);

    /* it cannot move, nor turn */
    int avail = -1;
    assert_int_equal(wr_formation_available(f, u, &avail), WR_OK);
    assert_int_equal(avail, 0);
    wr_tactical_leg leg = {WR_TERRAIN_CLEAR, 1, 0, 0};
    wr_tactical_result r;
    assert_int_equal(wr_tactical_check(u, f, &leg, 1, 0, &r), WR_OK);
    assert_false(r.legal);
    assert_int_equal(r.problem, WR_TACTICAL_IMMOBILE);
    assert_int_equal(wr_tactical_apply(u, f, &leg, 1, 0, &r), WR_ERR_FORBIDDEN);
    assert_int_equal(wr_formation_begin_phase(f), WR_OK);
    assert_int_equal(wr_tactical_check(u, f, &leg, 1, 0, &r), WR_OK);
    assert_int_equal(r.problem, WR_TACTICAL_IMMOBILE);
    assert_int_equal(wr_formation_turn(f, u, 90), WR_ERR_FORBIDDEN);
    /* standing still is a legal "move" */
    assert_int_equal(wr_tactical_check(u, f, NULL, 0, 0, &r), WR_OK);
    assert_true(r.legal);
    assert_int_equal(r.cost, 0);

    /* a unit with no movement cannot turn figures for an all-round wall */
    wr_battle_unit *slow = make_unit(WR_UNIT_TYPE_FOOT, 16, 0, WR_EQUIP_LARGE_SHIELDS, 0, 0);
    wr_formation *g = make_formation(WR_ORDER_CLOSED, 4);
    check_shield_wall(slow, g, 1, WR_TURN_COST_DEFAULT, WR_DECLARE_NO_TURN);
    check_shield_wall(slow, g, 1, 0, WR_DECLARE_OK);
    check_shield_wall(slow, g, 0, WR_TURN_COST_DEFAULT, WR_DECLARE_OK);
    wr_battle_unit_free(slow);
    wr_formation_free(g);
    wr_battle_unit_free(u);
    wr_formation_free(f);
}

/* ---- [11.7] set spears / pikes -------------------------------------------- */

static void check_set_spears(const wr_battle_unit *u, const wr_formation *f, unsigned sides, int cost,
                             wr_declare_problem expected)
{
    wr_declare_problem p = (wr_declare_problem)-1;
    assert_int_equal(wr_spears_check(u, f, sides, cost, &p), WR_OK);
    assert_int_equal(p, expected);
}

static void set_spears_who_may_declare(void **state)
{
    (void)state;
    wr_battle_unit *u = make_unit(WR_UNIT_TYPE_FOOT, 20, 12, WR_EQUIP_SPEARS, 0, 0);
    wr_formation *f = make_formation(WR_ORDER_CLOSED, 10);
    check_set_spears(u, f, WR_FACE_FRONT, 1, WR_DECLARE_OK);
    wr_battle_unit_desc d;
    assert_int_equal(wr_battle_unit_get(u, &d), WR_OK);
    d.in_command = 0;
    assert_int_equal(wr_battle_unit_set(u, &d), WR_OK);
    check_set_spears(u, f, WR_FACE_FRONT, 1, WR_DECLARE_NOT_IN_COMMAND);
    d.in_command = 1;
    d.equipment = WR_EQUIP_LARGE_SHIELDS | WR_EQUIP_CHARGE_WEAPONS;
    assert_int_equal(wr_battle_unit_set(u, &d), WR_OK);
    check_set_spears(u, f, WR_FACE_FRONT, 1, WR_DECLARE_NO_EQUIPMENT);
    assert_int_equal(wr_spears_declare(u, f, WR_FACE_FRONT, 1), WR_ERR_FORBIDDEN);
    d.equipment = WR_EQUIP_SPEARS;
    assert_int_equal(wr_battle_unit_set(u, &d), WR_OK);
    assert_int_equal(wr_formation_set_order(f, WR_ORDER_OPEN), WR_OK);
    check_set_spears(u, f, WR_FACE_FRONT, 1, WR_DECLARE_NOT_CLOSED);
    assert_int_equal(wr_formation_set_order(f, WR_ORDER_CLOSED), WR_OK);
    assert_int_equal(wr_formation_turn(f, u, 45), WR_OK);
    check_set_spears(u, f, WR_FACE_FRONT, 1, WR_DECLARE_MOVED);
    assert_int_equal(wr_formation_begin_phase(f), WR_OK);

    /* 12" = 576 points, entering costs 288, leaving 288 to turn figures */
    check_set_spears(u, f, WR_FACE_ALL, 288, WR_DECLARE_OK);
    check_set_spears(u, f, WR_FACE_ALL, 289, WR_DECLARE_NO_TURN);
    check_set_spears(u, f, WR_FACE_FRONT | WR_FACE_REAR, 289, WR_DECLARE_NO_TURN);
    check_set_spears(u, f, WR_FACE_LEFT, 289, WR_DECLARE_NO_TURN);
    check_set_spears(u, f, WR_FACE_FRONT, 289, WR_DECLARE_OK); /* front only: no turn */

    assert_int_equal(wr_spears_declare(u, f, WR_FACE_ALL, 100), WR_OK);
    wr_formation_info info;
    assert_int_equal(wr_formation_get(f, &info), WR_OK);
    assert_int_equal(info.special, WR_SPECIAL_SET_SPEARS);
    assert_int_equal(info.sides, WR_FACE_ALL);
    assert_int_equal(info.spent, 288 + 100);
    check_set_spears(u, f, WR_FACE_FRONT, 1, WR_DECLARE_ALREADY);
    /* set spears stand: no moving */
    wr_tactical_leg leg = {WR_TERRAIN_CLEAR, 1, 0, 0};
    wr_tactical_result r;
    assert_int_equal(wr_tactical_check(u, f, &leg, 1, 0, &r), WR_OK);
    assert_int_equal(r.problem, WR_TACTICAL_IMMOBILE);
    assert_int_equal(wr_formation_break(f), WR_OK);
    assert_int_equal(wr_formation_get(f, &info), WR_OK);
    assert_int_equal(info.special, WR_SPECIAL_NONE);
    assert_int_equal(info.sides, 0);

    /* front only: half the movement rate, nothing more */
    assert_int_equal(wr_formation_begin_phase(f), WR_OK);
    assert_int_equal(wr_spears_declare(u, f, WR_FACE_FRONT, 100), WR_OK);
    assert_int_equal(wr_formation_get(f, &info), WR_OK);
    assert_int_equal(info.spent, 288);
    int avail = 0;
    assert_int_equal(wr_formation_available(f, u, &avail), WR_OK);
    assert_int_equal(avail, 288);
    wr_battle_unit_free(u);
    wr_formation_free(f);
}

static void set_spears_damage_and_charges(void **state)
{
    (void)state;
    wr_battle_unit *pikes = make_unit(WR_UNIT_TYPE_FOOT, 20, 12, WR_EQUIP_SPEARS, 0, 0);
    wr_formation *f = make_formation(WR_ORDER_CLOSED, 10);
    wr_battle_unit *cav = make_unit(WR_UNIT_TYPE_CAVALRY, 10, 18, WR_EQUIP_CHARGE_WEAPONS, 0, 0);
    wr_battle_unit *chariots = make_unit(WR_UNIT_TYPE_CHARIOT, 4, 16, 0, 0, 0);
    wr_battle_unit *foot = make_unit(WR_UNIT_TYPE_FOOT, 10, 12, WR_EQUIP_CHARGE_WEAPONS, 0, 0);
    int m = 0;

    /* [11.4] -2 to AR for charging cavalry and chariots (break-throughs too) */
    assert_int_equal(wr_charge_ar_modifier(cav, f, WR_FROM_FRONT, &m), WR_OK);
    assert_int_equal(m, -2);
    assert_int_equal(wr_charge_ar_modifier(chariots, f, WR_FROM_REAR, &m), WR_OK);
    assert_int_equal(m, -2);
    assert_int_equal(wr_charge_ar_modifier(foot, f, WR_FROM_FRONT, &m), WR_OK);
    assert_int_equal(m, 0);
    assert_int_equal(wr_spears_multiplier(f, WR_FROM_FRONT, &m), WR_OK);
    assert_int_equal(m, 1);

    assert_int_equal(wr_spears_declare(pikes, f, WR_FACE_FRONT | WR_FACE_LEFT, 1), WR_OK);
    for (int from = WR_FROM_FRONT; from <= WR_FROM_ABOVE; from++) {
        int protected_side = from == WR_FROM_FRONT || from == WR_FROM_LEFT;
        assert_int_equal(wr_spears_multiplier(f, (wr_attack_from)from, &m), WR_OK);
        assert_int_equal(m, protected_side ? 2 : 1);
        assert_int_equal(wr_charge_ar_modifier(cav, f, (wr_attack_from)from, &m), WR_OK);
        assert_int_equal(m, protected_side ? 0 : -2);
        assert_int_equal(wr_charge_ar_modifier(chariots, f, (wr_attack_from)from, &m), WR_OK);
        assert_int_equal(m, protected_side ? 0 : -2);
        assert_int_equal(wr_charge_ar_modifier(foot, f, (wr_attack_from)from, &m), WR_OK);
        assert_int_equal(m, 0);
    }

    /* [11.4] weapons that double damage in a charge */
    assert_int_equal(wr_charge_damage_multiplier(cav, &m), WR_OK);
    assert_int_equal(m, 2);
    assert_int_equal(wr_charge_damage_multiplier(foot, &m), WR_OK);
    assert_int_equal(m, 2);
    assert_int_equal(wr_charge_damage_multiplier(chariots, &m), WR_OK);
    assert_int_equal(m, 1);
    wr_battle_unit_free(pikes);
    wr_battle_unit_free(cav);
    wr_battle_unit_free(chariots);
    wr_battle_unit_free(foot);
    wr_formation_free(f);
}

static int strikers(const wr_battle_unit *u, const wr_formation *f, int in_contact, int losses)
{
    int s = -1;
    assert_int_equal(wr_charger_strikers(u, f, in_contact, losses, &s), WR_OK);
    return s;
}

static void set_spears_charger_strikers(void **state)
{
    (void)state;
    wr_battle_unit *cav = make_unit(WR_UNIT_TYPE_CAVALRY, 25, 18, 0, 0, 0);
    wr_formation *open = make_formation(WR_ORDER_OPEN, 10);
    wr_formation *closed = make_formation(WR_ORDER_CLOSED, 10);
    /* open: losses are removed from the figures in contact */
    assert_int_equal(strikers(cav, open, 10, 0), 10);
    assert_int_equal(strikers(cav, open, 10, 3), 7);
    assert_int_equal(strikers(cav, open, 10, 12), 0);
    assert_int_equal(strikers(cav, open, 6, 2), 4);
    /* closed: the rear ranks fill the front rank first */
    assert_int_equal(strikers(cav, closed, 10, 3), 10);
    assert_int_equal(strikers(cav, closed, 10, 15), 10);
    assert_int_equal(strikers(cav, closed, 10, 20), 5);
    assert_int_equal(strikers(cav, closed, 10, 25), 0);
    assert_int_equal(strikers(cav, closed, 6, 2), 6);
    /* a closed unit of one rank has nobody to fill the gaps */
    wr_battle_unit *line = make_unit(WR_UNIT_TYPE_CAVALRY, 10, 18, 0, 0, 0);
    assert_int_equal(strikers(line, closed, 10, 3), 7);
    wr_battle_unit_free(line);
    wr_battle_unit_free(cav);
    wr_formation_free(open);
    wr_formation_free(closed);
}

/* ---- [11.8] Table 14 ---------------------------------------------------- */

static void speed(wr_terrain t, unsigned traits, int num, int den)
{
    int n = 0, d = 0;
    assert_int_equal(wr_terrain_speed(t, traits, &n, &d), WR_OK);
    assert_int_equal(n, num);
    assert_int_equal(d, den);
}

static void terrain_speed_table14(void **state)
{
    (void)state;
    speed(WR_TERRAIN_CLEAR, 0, 1, 1);
    speed(WR_TERRAIN_ROAD, 0, 4, 3);
    speed(WR_TERRAIN_WOODS, 0, 2, 3);
    speed(WR_TERRAIN_ROUGH, 0, 1, 2);
    speed(WR_TERRAIN_SWAMP, 0, 1, 2);
    int n = -1, d = -1;
    assert_int_equal(wr_terrain_speed(WR_TERRAIN_WATER, 0, &n, &d), WR_ERR_FORBIDDEN);
    assert_int_equal(n, -1);
    /* each trait lifts its own penalty and no other */
    speed(WR_TERRAIN_WOODS, WR_TRAIT_WOODLAND, 1, 1);
    speed(WR_TERRAIN_ROUGH, WR_TRAIT_WOODLAND, 1, 2);
    speed(WR_TERRAIN_SWAMP, WR_TRAIT_WOODLAND, 1, 2);
    speed(WR_TERRAIN_ROUGH, WR_TRAIT_MOUNTAIN, 1, 1);
    speed(WR_TERRAIN_WOODS, WR_TRAIT_MOUNTAIN, 2, 3);
    speed(WR_TERRAIN_SWAMP, WR_TRAIT_MOUNTAIN, 1, 2);
    speed(WR_TERRAIN_SWAMP, WR_TRAIT_SWAMP, 1, 1);
    speed(WR_TERRAIN_WOODS, WR_TRAIT_SWAMP, 2, 3);
    speed(WR_TERRAIN_ROUGH, WR_TRAIT_SWAMP, 1, 2);
    speed(WR_TERRAIN_WATER, WR_TRAIT_AQUATIC, 1, 1);
    speed(WR_TERRAIN_SWAMP, WR_TRAIT_AQUATIC, 1, 2);
    const unsigned others = WR_TRAIT_WOODLAND | WR_TRAIT_MOUNTAIN | WR_TRAIT_SWAMP;
    assert_int_equal(wr_terrain_speed(WR_TERRAIN_WATER, others, &n, &d), WR_ERR_FORBIDDEN);
    for (unsigned t = 0; t <= 0x0F; t++) {
        speed(WR_TERRAIN_CLEAR, t, 1, 1);
        speed(WR_TERRAIN_ROAD, t, 4, 3);
    }
}

static wr_tactical_result move(const wr_battle_unit *u, const wr_formation *f, const wr_tactical_leg *legs,
                               size_t n, unsigned flags)
{
    wr_tactical_result r;
    assert_int_equal(wr_tactical_check(u, f, legs, n, flags, &r), WR_OK);
    assert_int_equal(r.legal, r.problem == WR_TACTICAL_OK);
    assert_int_equal(r.left, r.available - r.cost);
    return r;
}

#define INCH WR_LEN_PER_INCH
#define MP WR_MOVE_PER_INCH

static void tactical_terrain_costs(void **state)
{
    (void)state;
    wr_battle_unit *u = make_unit(WR_UNIT_TYPE_FOOT, 20, 12, 0, 0, 0);
    wr_formation *open = make_formation(WR_ORDER_OPEN, 10);
    wr_tactical_result r;

    wr_tactical_leg clear = {WR_TERRAIN_CLEAR, 12 * INCH, 0, 0};
    r = move(u, open, &clear, 1, 0);
    assert_true(r.legal);
    assert_int_equal(r.cost, 12 * MP);
    assert_int_equal(r.available, 12 * MP);
    assert_int_equal(r.left, 0);
    assert_int_equal(r.order, WR_ORDER_OPEN);
    clear.length++;
    r = move(u, open, &clear, 1, 0);
    assert_int_equal(r.problem, WR_TACTICAL_TOO_FAR);
    assert_int_equal(r.left, -4);

    /* thirds and halves are exact: 1/12" of woods costs 6 points, of road 3 */
    const struct { wr_terrain t; int inches; } full[] = {
        {WR_TERRAIN_WOODS, 8}, {WR_TERRAIN_ROUGH, 6}, {WR_TERRAIN_SWAMP, 6}};
    for (size_t i = 0; i < 3; i++) {
        wr_tactical_leg leg = {full[i].t, full[i].inches * INCH, 0, 0};
        r = move(u, open, &leg, 1, 0);
        assert_true(r.legal);
        assert_int_equal(r.left, 0);
        leg.length++;
        r = move(u, open, &leg, 1, 0);
        assert_int_equal(r.problem, WR_TACTICAL_TOO_FAR);
    }
    wr_tactical_leg woods1 = {WR_TERRAIN_WOODS, 1, 0, 0};
    r = move(u, open, &woods1, 1, 0);
    assert_int_equal(r.cost, 6);
    /* a mixed move: 3" clear, 2" woods, 1" rough */
    wr_tactical_leg mixed[3] = {{WR_TERRAIN_CLEAR, 3 * INCH, 0, 0},
                                {WR_TERRAIN_WOODS, 2 * INCH, 0, 0},
                                {WR_TERRAIN_ROUGH, 1 * INCH, 0, 0}};
    r = move(u, open, mixed, 3, 0);
    assert_int_equal(r.cost, 3 * MP + 3 * MP + 2 * MP);
    assert_int_equal(r.left, 4 * MP);
    wr_battle_unit_free(u);
    wr_formation_free(open);
}

static void tactical_roads(void **state)
{
    (void)state;
    wr_battle_unit *u = make_unit(WR_UNIT_TYPE_FOOT, 20, 12, 0, 0, 0);
    wr_formation *f = make_formation(WR_ORDER_CLOSED, 2);
    wr_tactical_leg road[2] = {{WR_TERRAIN_ROAD, 10 * INCH, 0, 0}, {WR_TERRAIN_ROAD, 6 * INCH, 0, 0}};
    wr_tactical_result r = move(u, f, road, 2, WR_TACTICAL_FLAG_ON_ROAD);
    assert_true(r.legal);
    assert_true(r.road);
    assert_int_equal(r.cost, 12 * MP); /* 16" on the road = 12" of movement */
    /* not the entire unit on the road: the road is clear terrain */
    r = move(u, f, road, 2, 0);
    assert_false(r.road);
    assert_int_equal(r.cost, 16 * MP);
    assert_int_equal(r.problem, WR_TACTICAL_TOO_FAR);
    /* leaving the road during the move loses the bonus for all of it */
    wr_tactical_leg off[2] = {{WR_TERRAIN_ROAD, 8 * INCH, 0, 0}, {WR_TERRAIN_CLEAR, 1 * INCH, 0, 0}};
    r = move(u, f, off, 2, WR_TACTICAL_FLAG_ON_ROAD);
    assert_false(r.road);
    assert_int_equal(r.cost, 9 * MP);
    /* the flag alone does nothing for a move with no legs */
    r = move(u, f, NULL, 0, WR_TACTICAL_FLAG_ON_ROAD);
    assert_false(r.road);
    assert_int_equal(r.cost, 0);
    wr_battle_unit_free(u);
    wr_formation_free(f);
}

static void tactical_traits(void **state)
{
    (void)state;
    wr_formation *open = make_formation(WR_ORDER_OPEN, 10);
    const struct { unsigned trait; wr_terrain t; } lifted[] = {
        {WR_TRAIT_WOODLAND, WR_TERRAIN_WOODS}, {WR_TRAIT_MOUNTAIN, WR_TERRAIN_ROUGH},
        {WR_TRAIT_SWAMP, WR_TERRAIN_SWAMP}, {WR_TRAIT_AQUATIC, WR_TERRAIN_WATER}};
    for (size_t i = 0; i < 4; i++) {
        wr_battle_unit *with = make_unit(WR_UNIT_TYPE_FOOT, 10, 12, 0, lifted[i].trait, 0);
        wr_battle_unit *without = make_unit(WR_UNIT_TYPE_FOOT, 10, 12, 0, 0, 0);
        wr_tactical_leg leg = {lifted[i].t, 12 * INCH, 0, 0};
        wr_tactical_result r = move(with, open, &leg, 1, 0);
        assert_true(r.legal);
        assert_int_equal(r.cost, 12 * MP);
        r = move(without, open, &leg, 1, 0);
        assert_false(r.legal);
        assert_int_equal(r.problem, lifted[i].t == WR_TERRAIN_WATER ? WR_TACTICAL_WATER
                                                                     : WR_TACTICAL_TOO_FAR);
        /* other traits do not help */
        for (size_t j = 0; j < 4; j++) {
            if (j == i)
                continue;
            wr_battle_unit *other = make_unit(WR_UNIT_TYPE_FOOT, 10, 12, 0, lifted[j].trait, 0);
            r = move(other, open, &leg, 1, 0);
            assert_false(r.legal);
            wr_battle_unit_free(other);
        }
        wr_battle_unit_free(with);
        wr_battle_unit_free(without);
    }
    wr_formation_free(open);
}

static void tactical_closed_order(void **state)
{
    (void)state;
    wr_formation *closed = make_formation(WR_ORDER_CLOSED, 10);
    /* no unit, woodland, mountain-bred or aquatic, may be closed in these */
    wr_battle_unit *all = make_unit(WR_UNIT_TYPE_FOOT, 10, 12, 0, 0x0F, 0);
    const wr_terrain banned[] = {WR_TERRAIN_WOODS, WR_TERRAIN_ROUGH, WR_TERRAIN_SWAMP,
                                 WR_TERRAIN_WATER};
    for (size_t i = 0; i < 4; i++) {
        wr_tactical_leg leg = {banned[i], INCH, 0, 0};
        wr_tactical_result r = move(all, closed, &leg, 1, 0);
        assert_int_equal(r.problem, WR_TACTICAL_CLOSED_ORDER);
    }
    wr_tactical_leg ok[2] = {{WR_TERRAIN_CLEAR, INCH, 0, 0}, {WR_TERRAIN_ROAD, INCH, 0, 0}};
    wr_tactical_result r = move(all, closed, ok, 2, 0);
    assert_true(r.legal);
    assert_int_equal(r.order, WR_ORDER_CLOSED);
    /* non-aquatic closed unit into water: water is the first problem */
    wr_battle_unit *plain = make_unit(WR_UNIT_TYPE_FOOT, 10, 12, 0, 0, 0);
    wr_tactical_leg water = {WR_TERRAIN_WATER, INCH, 0, 0};
    r = move(plain, closed, &water, 1, 0);
    assert_int_equal(r.problem, WR_TACTICAL_WATER);
    wr_battle_unit_free(plain);
    wr_battle_unit_free(all);
    wr_formation_free(closed);
}

static void tactical_obstacles_and_climbs(void **state)
{
    (void)state;
    wr_battle_unit *u = make_unit(WR_UNIT_TYPE_FOOT, 20, 12, 0, 0, 0);
    wr_formation *f = make_formation(WR_ORDER_CLOSED, 10);
    /* a stream (any angle), then woods: the crossing opens the formation first */
    wr_tactical_leg legs[1] = {{WR_TERRAIN_WOODS, 4 * INCH, 1, 0}};
    wr_tactical_result r = move(u, f, legs, 1, 0);
    assert_true(r.legal);
    assert_int_equal(r.cost, 4 * MP + 6 * MP); /* 1/3 of 12" + 4" of woods */
    assert_int_equal(r.order, WR_ORDER_OPEN);
    assert_false(r.breaks_formation);
    /* woods before the obstacle: still closed in the woods */
    wr_tactical_leg late[2] = {{WR_TERRAIN_WOODS, INCH, 0, 0}, {WR_TERRAIN_CLEAR, INCH, 1, 0}};
    r = move(u, f, late, 2, 0);
    assert_int_equal(r.problem, WR_TACTICAL_CLOSED_ORDER);
    /* three obstacles use all the movement */
    wr_tactical_leg three = {WR_TERRAIN_CLEAR, 0, 3, 0};
    r = move(u, f, &three, 1, 0);
    assert_true(r.legal);
    assert_int_equal(r.left, 0);
    /* climbs: 1/3 of the rate for every 10 feet up */
    wr_tactical_leg hill = {WR_TERRAIN_CLEAR, 4 * INCH, 0, 2};
    r = move(u, f, &hill, 1, 0);
    assert_true(r.legal);
    assert_int_equal(r.cost, 8 * MP + 4 * MP);
    assert_int_equal(r.order, WR_ORDER_CLOSED); /* climbing keeps the order */
    hill.rises = 3;
    r = move(u, f, &hill, 1, 0);
    assert_int_equal(r.problem, WR_TACTICAL_TOO_FAR);

    /* apply: spends, and turns the unit to open order */
    assert_int_equal(wr_tactical_apply(u, f, legs, 1, 0, &r), WR_OK);
    wr_formation_info info;
    assert_int_equal(wr_formation_get(f, &info), WR_OK);
    assert_int_equal(info.order, WR_ORDER_OPEN);
    assert_int_equal(info.spent, 10 * MP);
    wr_tactical_leg rest = {WR_TERRAIN_CLEAR, 2 * INCH, 0, 0};
    r = move(u, f, &rest, 1, 0);
    assert_int_equal(r.available, 2 * MP);
    assert_true(r.legal);
    rest.length++;
    assert_int_equal(wr_tactical_apply(u, f, &rest, 1, 0, &r), WR_ERR_FORBIDDEN);
    assert_int_equal(wr_formation_get(f, &info), WR_OK);
    assert_int_equal(info.spent, 10 * MP);

    /* a front-only shield wall pays a third of its halved rate (2") for the
       obstacle and loses the wall there: that is a third of its phase (4" of
       the normal rate), and the 2" after it are at the normal rate; the
       result is in the measure the move ends in, the normal rate */
    wr_battle_unit *shields = make_unit(WR_UNIT_TYPE_FOOT, 20, 12, WR_EQUIP_LARGE_SHIELDS, 0, 0);
    wr_formation *wall = make_formation(WR_ORDER_CLOSED, 10);
    assert_int_equal(wr_shield_wall_declare(shields, wall, 0, 1), WR_OK);
    wr_tactical_leg fence = {WR_TERRAIN_CLEAR, 2 * INCH, 1, 0};
    r = move(shields, wall, &fence, 1, 0);
    assert_true(r.legal);
    assert_int_equal(r.cost, 4 * MP + 2 * MP);
    assert_int_equal(r.available, 12 * MP);
    assert_int_equal(r.left, 6 * MP);
    assert_true(r.breaks_formation);
    assert_int_equal(wr_tactical_apply(shields, wall, &fence, 1, 0, &r), WR_OK);
    assert_int_equal(wr_formation_get(wall, &info), WR_OK);
    assert_int_equal(info.special, WR_SPECIAL_NONE);
    assert_int_equal(info.order, WR_ORDER_OPEN);
    assert_int_equal(info.spent, 6 * MP);
    wr_battle_unit_free(shields);
    wr_formation_free(wall);

    /* a unit with MV 0 goes nowhere */
    wr_battle_unit *still = make_unit(WR_UNIT_TYPE_FOOT, 1, 0, 0, 0, 0);
    wr_tactical_leg tick = {WR_TERRAIN_CLEAR, 1, 0, 0};
    r = move(still, f, &tick, 1, 0);
    assert_int_equal(r.problem, WR_TACTICAL_TOO_FAR);
    wr_battle_unit_free(still);
    wr_battle_unit_free(u);
    wr_formation_free(f);
}

/* ---- a special formation that ends inside a Movement Phase ----------------
   [11.6] a front-only shield wall moves at half the normal rate: what it
   spends while it holds is that share of its phase, and counts so (doubled)
   when the wall ends; whatever a unit does, it never has more left than the
   same unit that never formed, and a move split in two costs what it costs
   whole. */

static wr_formation_info info_of(const wr_formation *f)
{
    wr_formation_info info;
    assert_int_equal(wr_formation_get(f, &info), WR_OK);
    return info;
}

static int available_of(const wr_formation *f, const wr_battle_unit *u)
{
    int a = -1;
    assert_int_equal(wr_formation_available(f, u, &a), WR_OK);
    return a;
}

/* A formation standing at the beginning of its Movement Phase. */
static wr_formation *phase_formation(const wr_battle_unit *u, wr_formation_order order)
{
    wr_formation *f = make_formation(order, 10);
    assert_int_equal(wr_movement_phase_begin(u, f), WR_OK);
    return f;
}

static wr_formation *front_wall(const wr_battle_unit *u)
{
    wr_formation *f = phase_formation(u, WR_ORDER_CLOSED);
    wr_movement_phase_costs costs = wr_movement_phase_costs_default();
    assert_int_equal(wr_movement_phase_declare_shield_wall(u, f, &costs, 0), WR_OK);
    return f;
}

static wr_tactical_result applied(const wr_battle_unit *u, wr_formation *f, const wr_tactical_leg *legs,
                                  size_t n)
{
    wr_tactical_result r;
    assert_int_equal(wr_tactical_apply(u, f, legs, n, 0, &r), WR_OK);
    assert_int_equal(r.left, available_of(f, u)); /* the result is in the measure it ends in */
    return r;
}

/* A game of MV 12, a front-only shield wall crosses an obstacle as a
   move of its own, then marches; in open order, and as one move. */
static void wall_ends_on_an_obstacle(void **state)
{
    (void)state;
    wr_battle_unit *u = make_unit(WR_UNIT_TYPE_FOOT, 20, 12, WR_EQUIP_LARGE_SHIELDS, 0, 0);
    const wr_tactical_leg obstacle = {WR_TERRAIN_CLEAR, 0, 1, 0};
    const wr_tactical_leg eight = {WR_TERRAIN_CLEAR, 8 * INCH, 0, 0};
    const wr_tactical_leg beyond = {WR_TERRAIN_CLEAR, 8 * INCH + 1, 0, 0};

    wr_formation *wall = front_wall(u);
    assert_int_equal(available_of(wall, u), 6 * MP);
    wr_tactical_result r = applied(u, wall, &obstacle, 1);
    /* 2" of its 6" is a third of its phase: 4" of the normal 12" */
    assert_int_equal(r.available, 12 * MP);
    assert_int_equal(r.cost, 4 * MP);
    assert_true(r.breaks_formation);
    wr_formation_info info = info_of(wall);
    assert_int_equal(info.special, WR_SPECIAL_NONE);
    assert_int_equal(info.order, WR_ORDER_OPEN);
    assert_int_equal(info.spent, 4 * MP);
    assert_int_equal(available_of(wall, u), 8 * MP); /* 1.1 left 10" */

    wr_formation *open = phase_formation(u, WR_ORDER_OPEN);
    r = applied(u, open, &obstacle, 1);
    assert_int_equal(r.cost, 4 * MP);
    assert_int_equal(available_of(open, u), 8 * MP);
    /* both stop at 8" after the obstacle */
    assert_true(move(u, wall, &eight, 1, 0).legal);
    assert_true(move(u, open, &eight, 1, 0).legal);
    assert_int_equal(move(u, wall, &beyond, 1, 0).problem, WR_TACTICAL_TOO_FAR);
    assert_int_equal(move(u, open, &beyond, 1, 0).problem, WR_TACTICAL_TOO_FAR);

    /* as one move: the same */
    wr_formation *whole = front_wall(u);
    wr_tactical_leg legs[2] = {obstacle, eight};
    r = move(u, whole, legs, 2, 0);
    assert_true(r.legal);
    assert_int_equal(r.available, 12 * MP);
    assert_int_equal(r.left, 0);
    legs[1] = beyond;
    assert_int_equal(move(u, whole, legs, 2, 0).problem, WR_TACTICAL_TOO_FAR);
    /* the obstacle in the leg of the march: the same */
    wr_tactical_leg fence = {WR_TERRAIN_CLEAR, 8 * INCH, 1, 0};
    assert_int_equal(move(u, whole, &fence, 1, 0).left, 0);
    fence.length++;
    assert_int_equal(move(u, whole, &fence, 1, 0).problem, WR_TACTICAL_TOO_FAR);

    /* 2" in the wall (a third of its phase), the obstacle (a third), and
       4" at the normal rate, whole or in two moves; in open order 2" more */
    wr_tactical_leg march[2] = {{WR_TERRAIN_CLEAR, 2 * INCH, 0, 0},
                                {WR_TERRAIN_CLEAR, 4 * INCH, 1, 0}};
    r = applied(u, whole, march, 2);
    assert_int_equal(r.available, 12 * MP);
    assert_int_equal(r.cost, 12 * MP);
    wr_formation *split = front_wall(u);
    r = applied(u, split, &march[0], 1);
    assert_int_equal(r.available, 6 * MP);
    assert_int_equal(r.left, 4 * MP); /* at the wall's rate */
    r = applied(u, split, &march[1], 1);
    assert_int_equal(r.available, 8 * MP); /* its 4 wall points... */
    assert_int_equal(r.cost, 8 * MP);      /* ...are 8 of the normal rate */
    assert_int_equal(info_of(split).spent, info_of(whole).spent);
    wr_formation *twin = phase_formation(u, WR_ORDER_OPEN);
    r = applied(u, twin, march, 2);
    assert_int_equal(r.left, 2 * MP);

    wr_formation_free(twin);
    wr_formation_free(split);
    wr_formation_free(whole);
    wr_formation_free(open);
    wr_formation_free(wall);
    wr_battle_unit_free(u);
}

/* A wall that climbs, turns or wheels and is then given up, by each way of
   ending it, against the unit that stood in closed order without a wall. */
static void wall_ends_after_a_rise_or_a_turn(void **state)
{
    (void)state;
    wr_battle_unit *u = make_unit(WR_UNIT_TYPE_FOOT, 20, 12, WR_EQUIP_LARGE_SHIELDS, 0, 0);
    wr_movement_phase_costs costs = wr_movement_phase_costs_default();
    const wr_tactical_leg rise = {WR_TERRAIN_CLEAR, 0, 0, 1};
    int cost = -1;

    /* a rise: a third of either rate; the wall stays */
    wr_formation *plain = phase_formation(u, WR_ORDER_CLOSED);
    applied(u, plain, &rise, 1);
    assert_int_equal(available_of(plain, u), 8 * MP);
    wr_formation *broken = front_wall(u);
    applied(u, broken, &rise, 1);
    assert_int_equal(info_of(broken).special, WR_SPECIAL_SHIELD_WALL);
    assert_int_equal(available_of(broken, u), 4 * MP);
    assert_int_equal(wr_formation_break(broken), WR_OK);
    assert_int_equal(info_of(broken).spent, 4 * MP);
    assert_int_equal(available_of(broken, u), available_of(plain, u));
    /* given up by going to open order: without a unit, or charged */
    wr_formation *opened = front_wall(u);
    applied(u, opened, &rise, 1);
    assert_int_equal(wr_formation_set_order(opened, WR_ORDER_OPEN), WR_OK);
    assert_int_equal(available_of(opened, u), 8 * MP);
    wr_formation *charged = front_wall(u);
    applied(u, charged, &rise, 1);
    assert_int_equal(
        wr_movement_phase_set_order(u, charged, &costs, WR_ORDER_OPEN, WR_TERRAIN_CLEAR, &cost), WR_OK);
    assert_int_equal(cost, 6 * MP);
    assert_int_equal(
        wr_movement_phase_set_order(u, plain, &costs, WR_ORDER_OPEN, WR_TERRAIN_CLEAR, &cost), WR_OK);
    assert_int_equal(available_of(charged, u), 2 * MP);
    assert_int_equal(available_of(plain, u), 2 * MP);
    /* break first, then open: the same */
    assert_int_equal(
        wr_movement_phase_set_order(u, broken, &costs, WR_ORDER_OPEN, WR_TERRAIN_CLEAR, &cost), WR_OK);
    assert_int_equal(info_of(broken).spent, info_of(charged).spent);

    /* a wall that spent half its phase (3") may still open up for half the
       normal rate (1.1 refused it); a twelfth more and it may not */
    wr_formation *half = front_wall(u);
    wr_tactical_leg three = {WR_TERRAIN_CLEAR, 3 * INCH, 0, 0};
    applied(u, half, &three, 1);
    assert_int_equal(wr_movement_phase_set_order(u, half, &costs, WR_ORDER_OPEN, WR_TERRAIN_CLEAR, &cost),
                     WR_OK);
    assert_int_equal(info_of(half).spent, 12 * MP);
    wr_formation *more = front_wall(u);
    assert_int_equal(wr_movement_phase_spend(u, more, 3 * MP + 1), WR_OK);
    assert_int_equal(wr_movement_phase_set_order(u, more, &costs, WR_ORDER_OPEN, WR_TERRAIN_CLEAR, &cost),
                     WR_ERR_FORBIDDEN);
    assert_int_equal(info_of(more).special, WR_SPECIAL_SHIELD_WALL); /* nothing changed */
    assert_int_equal(info_of(more).spent, 3 * MP + 1);
    /* a wall that spent nothing opens up as the closed unit does */
    wr_formation *fresh = front_wall(u);
    assert_int_equal(wr_movement_phase_set_order(u, fresh, &costs, WR_ORDER_OPEN, WR_TERRAIN_CLEAR, &cost),
                     WR_OK);
    assert_int_equal(available_of(fresh, u), 6 * MP);

    /* a turn costs the wall its entire movement: nothing left when it ends;
       the unit without a wall turns for half the normal rate */
    wr_formation *turned = front_wall(u);
    assert_int_equal(wr_movement_phase_turn(u, turned, &costs, 90, &cost), WR_OK);
    assert_int_equal(wr_formation_break(turned), WR_OK);
    assert_int_equal(available_of(turned, u), 0);
    wr_formation *plain_turn = phase_formation(u, WR_ORDER_CLOSED);
    assert_int_equal(wr_movement_phase_turn(u, plain_turn, &costs, 90, &cost), WR_OK);
    assert_int_equal(available_of(plain_turn, u), 6 * MP);
    /* a wheel likewise, and its flank goes no farther than the wall's 6" */
    wr_formation *wheeled = front_wall(u);
    assert_int_equal(wr_movement_phase_wheel(u, wheeled, 45, 6 * INCH + 1, WR_TERRAIN_CLEAR, &cost),
                     WR_ERR_FORBIDDEN);
    assert_int_equal(wr_movement_phase_wheel(u, wheeled, 45, 6 * INCH, WR_TERRAIN_CLEAR, &cost), WR_OK);
    assert_int_equal(cost, 6 * MP);
    assert_int_equal(wr_formation_set_order(wheeled, WR_ORDER_OPEN), WR_OK);
    assert_int_equal(available_of(wheeled, u), 0);
    wr_formation *plain_wheel = phase_formation(u, WR_ORDER_CLOSED);
    assert_int_equal(wr_movement_phase_wheel(u, plain_wheel, 45, 6 * INCH, WR_TERRAIN_CLEAR, &cost), WR_OK);
    assert_int_equal(available_of(plain_wheel, u), 6 * MP);

    /* given up at once, a wall has what the unit that never formed has */
    wr_formation *idle = front_wall(u);
    assert_int_equal(wr_formation_break(idle), WR_OK);
    assert_int_equal(available_of(idle, u), 12 * MP);

    wr_formation *all[] = {plain, broken, opened, charged, half, more, fresh,
                           turned, plain_turn, wheeled, plain_wheel, idle};
    for (size_t i = 0; i < sizeof all / sizeof all[0]; i++)
        wr_formation_free(all[i]);
    wr_battle_unit_free(u);
}

/* Set spears given up in the phase, and an all-round wall: what they spent
   stays spent; an all-round wall "cannot move", so it crosses nothing. */
static void set_spears_and_all_round_walls_given_up(void **state)
{
    (void)state;
    wr_battle_unit *u = make_unit(WR_UNIT_TYPE_FOOT, 20, 12, WR_EQUIP_LARGE_SHIELDS | WR_EQUIP_SPEARS,
                           0, 0);
    wr_movement_phase_costs costs = wr_movement_phase_costs_default();
    costs.figures_turn = MP;
    int cost = -1;
    wr_formation *never = phase_formation(u, WR_ORDER_CLOSED);
    assert_int_equal(available_of(never, u), 12 * MP);

    /* set spears (6") with its figures turned (1"), given up: 5" left */
    wr_formation *spears = phase_formation(u, WR_ORDER_CLOSED);
    assert_int_equal(wr_movement_phase_declare_spears(u, spears, &costs, WR_FACE_FRONT), WR_OK);
    assert_int_equal(wr_movement_phase_turn(u, spears, &costs, 90, &cost), WR_OK);
    assert_int_equal(wr_formation_break(spears), WR_OK);
    assert_int_equal(info_of(spears).spent, 7 * MP);
    assert_int_equal(available_of(spears, u), 5 * MP);
    wr_tactical_leg five = {WR_TERRAIN_CLEAR, 5 * INCH, 0, 0};
    applied(u, spears, &five, 1);
    assert_int_equal(available_of(spears, u), 0);
    /* going to open order instead: 6" + 6", nothing left */
    wr_formation *spears_open = phase_formation(u, WR_ORDER_CLOSED);
    assert_int_equal(wr_movement_phase_declare_spears(u, spears_open, &costs, WR_FACE_FRONT), WR_OK);
    assert_int_equal(wr_movement_phase_set_order(u, spears_open, &costs, WR_ORDER_OPEN,
                                           WR_TERRAIN_CLEAR, &cost), WR_OK);
    assert_int_equal(available_of(spears_open, u), 0);

    /* an all-round wall: no obstacle, no climb (1.1 let it cross one for
       nothing); given up, what its figures spent turning stays spent */
    wr_formation *ring = phase_formation(u, WR_ORDER_CLOSED);
    assert_int_equal(wr_movement_phase_declare_shield_wall(u, ring, &costs, 1), WR_OK);
    wr_tactical_leg obstacle = {WR_TERRAIN_CLEAR, 0, 1, 0};
    wr_tactical_leg rise = {WR_TERRAIN_CLEAR, 0, 0, 1};
    assert_int_equal(move(u, ring, &obstacle, 1, 0).problem, WR_TACTICAL_IMMOBILE);
    assert_int_equal(move(u, ring, &rise, 1, 0).problem, WR_TACTICAL_IMMOBILE);
    wr_tactical_result r;
    assert_int_equal(wr_tactical_apply(u, ring, &obstacle, 1, 0, &r), WR_ERR_FORBIDDEN);
    assert_int_equal(info_of(ring).special, WR_SPECIAL_SHIELD_WALL);
    assert_true(move(u, ring, NULL, 0, 0).legal); /* standing still */
    /* going to open order is charged at the normal rate it ends with (1.1
       refused it, the wall having no movement) */
    assert_int_equal(wr_movement_phase_set_order(u, ring, &costs, WR_ORDER_OPEN, WR_TERRAIN_CLEAR, &cost),
                     WR_OK);
    assert_int_equal(cost, 6 * MP);
    assert_int_equal(available_of(ring, u), 5 * MP);
    wr_formation *ring_broken = phase_formation(u, WR_ORDER_CLOSED);
    assert_int_equal(wr_movement_phase_declare_shield_wall(u, ring_broken, &costs, 1), WR_OK);
    assert_int_equal(wr_formation_break(ring_broken), WR_OK);
    assert_int_equal(available_of(ring_broken, u), 11 * MP);

    /* shield wall and set spears are not held together (WR_DECLARE_ALREADY) */
    wr_formation *both = front_wall(u);
    assert_int_equal(wr_movement_phase_declare_spears(u, both, &costs, WR_FACE_FRONT), WR_ERR_FORBIDDEN);
    wr_declare_problem p = WR_DECLARE_OK;
    assert_int_equal(wr_spears_check(u, both, WR_FACE_FRONT, 1, &p), WR_OK);
    assert_int_equal(p, WR_DECLARE_ALREADY);

    wr_formation *all[] = {never, spears, spears_open, ring, ring_broken, both};
    for (size_t i = 0; i < sizeof all / sizeof all[0]; i++)
        wr_formation_free(all[i]);
    wr_battle_unit_free(u);
}

/* Chariots: a third of 32 * MV, or of an odd rate, is rounded up, and the
   wall's points are counted up to the normal rate's share; the wall never
   has more left than the chariot that never formed. */
static void wall_ends_with_odd_rates(void **state)
{
    (void)state;
    wr_figure *pass[1] = {figure4(0, 2, 0, 6)};
    wr_figure *pull[1] = {figure4(0, 1, 0, 10)};
    wr_figure *chariot = rated_chariot(pass, 1, pull, 1); /* 320 */
    wr_figure *team[1] = {chariot};
    wr_figure *drawn = rated_chariot(pass, 1, team, 1); /* 2/3 of 320: 213 */
    const wr_figure *figures[2] = {chariot, drawn};
    const int normal[2] = {320, 213};
    const int wall_third[2] = {54, 36};   /* thirds of 160 and 106, rounded up */
    const int counted[2] = {108, 73};     /* 54 * 320 / 160; 36 * 213 / 106 = 72.3 */
    const int open_third[2] = {107, 71};  /* thirds of 320 and 213, rounded up */
    for (int i = 0; i < 2; i++) {
        wr_battle_unit_desc d = wr_battle_unit_desc_default();
        d.type = WR_UNIT_TYPE_CHARIOT;
        d.figures = 4;
        d.equipment = WR_EQUIP_LARGE_SHIELDS;
        wr_battle_unit *u = NULL;
        assert_int_equal(wr_battle_unit_new(figures[i], &d, &u), WR_OK);
        int points = 0;
        assert_int_equal(wr_figure_move_points(figures[i], &points), WR_OK);
        assert_int_equal(points, normal[i]);
        wr_tactical_leg obstacle = {WR_TERRAIN_CLEAR, 0, 1, 0};
        wr_tactical_leg rise = {WR_TERRAIN_CLEAR, 0, 0, 1};
        wr_formation *wall = front_wall(u);
        wr_tactical_result r = applied(u, wall, &obstacle, 1);
        assert_int_equal(r.cost, counted[i]);
        wr_formation *open = phase_formation(u, WR_ORDER_OPEN);
        r = applied(u, open, &obstacle, 1);
        assert_int_equal(r.cost, open_third[i]);
        assert_true(available_of(wall, u) <= available_of(open, u));
        /* a climb, then the wall given up without a unit at hand */
        wr_formation *climbed = front_wall(u);
        r = applied(u, climbed, &rise, 1);
        assert_int_equal(r.cost, wall_third[i]);
        assert_int_equal(wr_formation_break(climbed), WR_OK);
        assert_int_equal(info_of(climbed).spent, counted[i]);
        wr_formation_free(climbed);
        wr_formation_free(open);
        wr_formation_free(wall);
        wr_battle_unit_free(u);
    }
    wr_figure_free(drawn);
    wr_figure_free(chariot);
    wr_figure_free(pass[0]);
    wr_figure_free(pull[0]);
}

/* ---- property: random Movement Phases from a shield wall or set spears ---- */

/* A fixed-seed generator (a 32-bit LCG); integers only. */
static uint32_t lcg_next(uint32_t *seed)
{
    *seed = *seed * 1664525u + 1013904223u;
    return *seed >> 8;
}

static int lcg_pick(uint32_t *seed, int lo, int hi)
{
    return lo + (int)(lcg_next(seed) % (uint32_t)(hi - lo + 1));
}

enum { ACT_MOVE, ACT_TURN, ACT_WHEEL, ACT_ORDER, ACT_BREAK, ACT_SPEND };
#define MAX_ACT_LEGS 3
#define MAX_ACTIONS 12

typedef struct phase_action {
    int kind;
    wr_tactical_leg legs[MAX_ACT_LEGS];
    size_t n_legs;
    int degrees, arc, points;
    wr_terrain terrain;
    wr_formation_order order;
} phase_action;

/* How the random phase starts: 0 front wall, 1 all-round wall, 2 set spears. */
typedef struct phase_start {
    int kind;
    unsigned sides;
    wr_movement_phase_costs costs;
} phase_start;

static wr_terrain random_terrain(uint32_t *seed)
{
    static const wr_terrain terrains[6] = {WR_TERRAIN_CLEAR, WR_TERRAIN_CLEAR, WR_TERRAIN_ROAD,
                                           WR_TERRAIN_WOODS, WR_TERRAIN_ROUGH, WR_TERRAIN_SWAMP};
    return terrains[lcg_pick(seed, 0, 5)];
}

static wr_tactical_leg random_leg(uint32_t *seed)
{
    wr_tactical_leg leg;
    leg.terrain = random_terrain(seed);
    leg.length = lcg_pick(seed, 0, 4) == 0 ? 0 : lcg_pick(seed, 1, 3 * INCH);
    leg.obstacles = lcg_pick(seed, 0, 2) == 0 ? lcg_pick(seed, 1, 2) : 0;
    leg.rises = lcg_pick(seed, 0, 3) == 0 ? 1 : 0;
    return leg;
}

static phase_action random_action(uint32_t *seed)
{
    phase_action a;
    memset(&a, 0, sizeof a);
    int roll = lcg_pick(seed, 0, 19);
    a.kind = roll < 11 ? ACT_MOVE : roll < 13 ? ACT_TURN : roll < 15 ? ACT_WHEEL
             : roll < 17 ? ACT_ORDER : roll < 19 ? ACT_BREAK : ACT_SPEND;
    a.n_legs = (size_t)lcg_pick(seed, 1, MAX_ACT_LEGS - lcg_pick(seed, 0, 1));
    for (size_t i = 0; i < a.n_legs; i++)
        a.legs[i] = random_leg(seed);
    a.degrees = lcg_pick(seed, -180, 180);
    if (lcg_pick(seed, 0, 1))
        a.degrees /= 2;
    a.arc = lcg_pick(seed, 0, 4 * INCH);
    a.points = lcg_pick(seed, 0, 2 * MP);
    a.terrain = random_terrain(seed);
    a.order = lcg_pick(seed, 0, 1) ? WR_ORDER_OPEN : WR_ORDER_CLOSED;
    return a;
}

static wr_status do_action(const wr_battle_unit *u, wr_formation *f, const phase_start *s,
                           const phase_action *a)
{
    wr_tactical_result r;
    switch (a->kind) {
    case ACT_MOVE:
        return wr_tactical_apply(u, f, a->legs, a->n_legs, 0, &r);
    case ACT_TURN:
        return wr_movement_phase_turn(u, f, &s->costs, a->degrees, NULL);
    case ACT_WHEEL:
        return wr_movement_phase_wheel(u, f, a->degrees, a->arc, a->terrain, NULL);
    case ACT_ORDER:
        return wr_movement_phase_set_order(u, f, &s->costs, a->order, a->terrain, NULL);
    case ACT_BREAK:
        return wr_formation_break(f);
    default:
        return wr_movement_phase_spend(u, f, a->points);
    }
}

/* The formation after the start and the actions taken so far. */
static wr_formation *replay(const wr_battle_unit *u, const phase_start *s, const phase_action *log,
                            size_t n)
{
    wr_formation *f = phase_formation(u, WR_ORDER_CLOSED);
    if (s->kind == 2)
        assert_int_equal(wr_movement_phase_declare_spears(u, f, &s->costs, s->sides), WR_OK);
    else
        assert_int_equal(wr_movement_phase_declare_shield_wall(u, f, &s->costs, s->kind), WR_OK);
    for (size_t i = 0; i < n; i++)
        assert_int_equal(do_action(u, f, s, &log[i]), WR_OK);
    return f;
}

static void same_formation(const wr_formation *a, const wr_formation *b, const wr_battle_unit *u)
{
    wr_formation_info x = info_of(a), y = info_of(b);
    assert_int_equal(x.spent, y.spent);
    assert_int_equal(x.order, y.order);
    assert_int_equal(x.special, y.special);
    assert_int_equal(x.sides, y.sides);
    assert_int_equal(available_of(a, u), available_of(b, u));
}

/* Splits a move in two where it may be split: between legs, or inside a leg
   (its obstacles, then its rises, then its length, in that order). */
static void split_move(uint32_t *seed, const phase_action *a, phase_action *first,
                       phase_action *second)
{
    *first = *a;
    *second = *a;
    size_t i = (size_t)lcg_pick(seed, 0, (int)a->n_legs - 1);
    wr_tactical_leg leg = a->legs[i], head = leg, tail = leg;
    int o1 = lcg_pick(seed, 0, leg.obstacles);
    int r1 = lcg_pick(seed, 0, leg.rises);
    int l1 = lcg_pick(seed, 0, leg.length);
    if (o1 < leg.obstacles) {
        head.length = 0, head.obstacles = o1, head.rises = 0;
        tail.obstacles = leg.obstacles - o1;
    } else if (r1 < leg.rises) {
        head.length = 0, head.rises = r1;
        tail.obstacles = 0, tail.rises = leg.rises - r1;
    } else {
        head.length = l1;
        tail.length = leg.length - l1, tail.obstacles = 0, tail.rises = 0;
    }
    first->n_legs = i + 1;
    first->legs[i] = head;
    second->n_legs = a->n_legs - i;
    second->legs[0] = tail;
    for (size_t k = i + 1; k < a->n_legs; k++)
        second->legs[k - i] = a->legs[k];
}

/* A move is legal whole exactly when its two parts are, one after the other,
   and leaves the formation as they do. */
static void check_split(uint32_t *seed, const wr_battle_unit *u, const phase_start *s,
                        const phase_action *log, size_t n, const phase_action *a)
{
    phase_action first, second;
    split_move(seed, a, &first, &second);
    wr_formation *whole = replay(u, s, log, n);
    wr_formation *parts = replay(u, s, log, n);
    int whole_ok = do_action(u, whole, s, a) == WR_OK;
    int parts_ok = do_action(u, parts, s, &first) == WR_OK;
    if (parts_ok)
        parts_ok = do_action(u, parts, s, &second) == WR_OK;
    assert_int_equal(whole_ok, parts_ok);
    if (whole_ok)
        same_formation(whole, parts, u);
    wr_formation_free(parts);
    wr_formation_free(whole);
}

static void random_phases_never_beat_open_order(void **state)
{
    (void)state;
    uint32_t seed = 20240531u;
    wr_figure *pass[1] = {figure4(0, 2, 0, 6)};
    wr_figure *pull[1] = {figure4(0, 1, 0, 10)};
    wr_figure *chariot = rated_chariot(pass, 1, pull, 1);
    int legal_moves = 0, walls_ended = 0, crossings = 0;
    for (int trial = 0; trial < 3000; trial++) {
        wr_battle_unit *u = NULL;
        if (trial % 8 == 7) {
            wr_battle_unit_desc d = wr_battle_unit_desc_default();
            d.type = WR_UNIT_TYPE_CHARIOT;
            d.equipment = WR_EQUIP_LARGE_SHIELDS | WR_EQUIP_SPEARS;
            assert_int_equal(wr_battle_unit_new(chariot, &d, &u), WR_OK);
        } else {
            u = make_unit(WR_UNIT_TYPE_FOOT, 20, lcg_pick(&seed, 1, 24),
                          WR_EQUIP_LARGE_SHIELDS | WR_EQUIP_SPEARS, 0, 0);
        }
        phase_start s;
        s.kind = lcg_pick(&seed, 0, 4) == 0 ? 1 : lcg_pick(&seed, 0, 1) ? 0 : 2;
        s.sides = lcg_pick(&seed, 0, 1) ? WR_FACE_FRONT : (unsigned)lcg_pick(&seed, 1, 15);
        s.costs = wr_movement_phase_costs_default();
        s.costs.figures_turn = lcg_pick(&seed, 0, 24);
        phase_action log[MAX_ACTIONS];
        size_t n = 0;
        wr_formation *formed = replay(u, &s, log, 0);
        wr_formation *twin = phase_formation(u, WR_ORDER_OPEN);
        int steps = lcg_pick(&seed, 1, MAX_ACTIONS);
        for (int step = 0; step < steps; step++) {
            phase_action a = random_action(&seed);
            if (a.kind == ACT_MOVE)
                check_split(&seed, u, &s, log, n, &a);
            wr_formation_info before = info_of(formed);
            int was_wall = before.special == WR_SPECIAL_SHIELD_WALL;
            if (do_action(u, formed, &s, &a) != WR_OK) {
                /* a refused action changes nothing */
                wr_formation_info after = info_of(formed);
                assert_int_equal(after.spent, before.spent);
                assert_int_equal(after.special, before.special);
                assert_int_equal(after.order, before.order);
                continue;
            }
            log[n++] = a;
            legal_moves += a.kind == ACT_MOVE;
            int ended = was_wall && info_of(formed).special == WR_SPECIAL_NONE;
            walls_ended += ended;
            crossings += ended && a.kind == ACT_MOVE;
            /* the twin in open order goes the same way: legs and wheels */
            if (a.kind == ACT_MOVE || a.kind == ACT_WHEEL)
                assert_int_equal(do_action(u, twin, &s, &a), WR_OK);
            int twin_left = available_of(twin, u);
            assert_true(available_of(formed, u) <= twin_left);
            /* nor after giving up the formation now, which costs nothing */
            wr_formation *given_up = replay(u, &s, log, n);
            assert_int_equal(wr_formation_break(given_up), WR_OK);
            if (available_of(given_up, u) > twin_left)
                fail_msg("trial %d step %d: %d left after giving up the formation, %d in open order",
                         trial, step, available_of(given_up, u), twin_left);
            wr_formation_free(given_up);
        }
        wr_formation_free(twin);
        wr_formation_free(formed);
        wr_battle_unit_free(u);
    }
    /* the generator reaches the cases that matter: walls ended by a move,
       by a change of order and by breaking them */
    assert_true(legal_moves > 1500);
    assert_true(walls_ended > 1000);
    assert_true(crossings > 200);
    wr_figure_free(chariot);
    wr_figure_free(pass[0]);
    wr_figure_free(pull[0]);
}

static void charge(const wr_battle_unit *u, const wr_tactical_leg *legs, size_t n,
                   wr_tactical_problem expected)
{
    wr_tactical_problem p = (wr_tactical_problem)-1;
    assert_int_equal(wr_charge_check(u, legs, n, &p), WR_OK);
    assert_int_equal(p, expected);
    wr_formation *f = make_formation(WR_ORDER_OPEN, 10);
    wr_tactical_result r;
    assert_int_equal(wr_tactical_check(u, f, legs, n, WR_TACTICAL_FLAG_CHARGE, &r), WR_OK);
    assert_int_equal(r.problem, expected);
    wr_formation_free(f);
}

static void charge_legality(void **state)
{
    (void)state;
    wr_battle_unit *cav = make_unit(WR_UNIT_TYPE_CAVALRY, 10, 18, 0, WR_TRAIT_WOODLAND, 0);
    wr_battle_unit *hero = make_unit(WR_UNIT_TYPE_FOOT, 1, 12, 0, 0, 1);
    wr_tactical_leg flat = {WR_TERRAIN_CLEAR, 6 * INCH, 0, 0};
    charge(cav, &flat, 1, WR_TACTICAL_OK);
    wr_tactical_leg up = {WR_TERRAIN_CLEAR, 6 * INCH, 0, 1};
    charge(cav, &up, 1, WR_TACTICAL_CHARGE_UPHILL);
    charge(hero, &up, 1, WR_TACTICAL_CHARGE_UPHILL);
    wr_tactical_leg wall = {WR_TERRAIN_CLEAR, 6 * INCH, 1, 0};
    charge(cav, &wall, 1, WR_TACTICAL_CHARGE_OBSTACLE);
    charge(hero, &wall, 1, WR_TACTICAL_CHARGE_OBSTACLE);
    /* into woods (elves too): only single creatures and characters */
    wr_tactical_leg into[2] = {{WR_TERRAIN_CLEAR, 2 * INCH, 0, 0}, {WR_TERRAIN_WOODS, INCH, 0, 0}};
    charge(cav, into, 2, WR_TACTICAL_CHARGE_WOODS);
    charge(hero, into, 2, WR_TACTICAL_OK);
    wr_tactical_leg in = {WR_TERRAIN_WOODS, INCH, 0, 0};
    charge(cav, &in, 1, WR_TACTICAL_CHARGE_WOODS);
    charge(hero, &in, 1, WR_TACTICAL_OK);
    charge(cav, NULL, 0, WR_TACTICAL_OK);
    /* the same move without the charge flag is fine */
    wr_formation *f = make_formation(WR_ORDER_OPEN, 10);
    wr_tactical_result r = move(cav, f, &up, 1, 0);
    assert_true(r.legal);
    wr_formation_free(f);
    wr_battle_unit_free(cav);
    wr_battle_unit_free(hero);
}

/* ---- woods -------------------------------------------------------------- */

static void woods_missiles(void **state)
{
    (void)state;
    /* rows: shooter out, edge, in; columns: target out, edge, in */
    const int expected[3][3] = {{1, 1, 0}, {1, 1, 0}, {0, 0, 0}};
    for (int s = 0; s < 3; s++) {
        for (int t = 0; t < 3; t++) {
            int allowed = -1;
            assert_int_equal(wr_woods_may_shoot((wr_woods_pos)s, (wr_woods_pos)t, &allowed),
                             WR_OK);
            assert_int_equal(allowed, expected[s][t]);
            int m = -1;
            assert_int_equal(wr_woods_melee_modifier((wr_woods_pos)s, (wr_woods_pos)t, &m), WR_OK);
            assert_int_equal(m, 0);
        }
    }
    /* a unit half in, half out, some figures on the edge */
    int firing = -1;
    assert_int_equal(wr_woods_firing_figures(4, 3, 5, WR_WOODS_OUT, &firing), WR_OK);
    assert_int_equal(firing, 7);
    assert_int_equal(wr_woods_firing_figures(4, 3, 5, WR_WOODS_EDGE, &firing), WR_OK);
    assert_int_equal(firing, 7);
    assert_int_equal(wr_woods_firing_figures(4, 3, 5, WR_WOODS_IN, &firing), WR_OK);
    assert_int_equal(firing, 0);
    assert_int_equal(wr_woods_firing_figures(0, 0, 9, WR_WOODS_OUT, &firing), WR_OK);
    assert_int_equal(firing, 0);
}

static void woods_sight(void **state)
{
    (void)state;
    int range = -1;
    assert_int_equal(wr_woods_sight_range(WR_TRAIT_WOODLAND, &range), WR_OK);
    assert_int_equal(range, 6 * INCH);
    assert_int_equal(wr_woods_sight_range(WR_TRAIT_WOODLAND | WR_TRAIT_AQUATIC, &range), WR_OK);
    assert_int_equal(range, 6 * INCH);
    assert_int_equal(wr_woods_sight_range(0, &range), WR_OK);
    assert_int_equal(range, 1 * INCH);
    assert_int_equal(wr_woods_sight_range(WR_TRAIT_MOUNTAIN | WR_TRAIT_SWAMP, &range), WR_OK);
    assert_int_equal(range, 1 * INCH);
}

static void fire(wr_fire_wind wind, int turns, wr_fire_shape shape, int width, int length,
                 int area, int area_pi)
{
    wr_fire_area a;
    assert_int_equal(wr_forest_fire_area(wind, turns, &a), WR_OK);
    assert_int_equal(a.shape, shape);
    assert_int_equal(a.width, width);
    assert_int_equal(a.length, length);
    assert_int_equal(a.area, area);
    assert_int_equal(a.area_pi, area_pi);
}

static void forest_fires(void **state)
{
    (void)state;
    /* calm: "begins as a 1/2"-diameter circle and expands 1/2" per turn": the
       edge moves 1/2" a turn, as the light wind's "1/2" to either side" does;
       area pi r^2 in square quarter inches */
    fire(WR_FIRE_WIND_CALM, 0, WR_FIRE_CIRCLE, 2, 2, 0, 1);
    fire(WR_FIRE_WIND_CALM, 1, WR_FIRE_CIRCLE, 6, 6, 0, 9);
    fire(WR_FIRE_WIND_CALM, 3, WR_FIRE_CIRCLE, 14, 14, 0, 49);
    fire(WR_FIRE_WIND_CALM, 1000, WR_FIRE_CIRCLE, 4002, 4002, 0, 2001 * 2001);
    /* light: 1/2" by 1", +1" downwind and +1/2" each side a turn */
    fire(WR_FIRE_WIND_LIGHT, 0, WR_FIRE_RECTANGLE, 2, 4, 8, 0);
    fire(WR_FIRE_WIND_LIGHT, 1, WR_FIRE_RECTANGLE, 6, 8, 48, 0);
    fire(WR_FIRE_WIND_LIGHT, 2, WR_FIRE_RECTANGLE, 10, 12, 120, 0);
    fire(WR_FIRE_WIND_LIGHT, 1000, WR_FIRE_RECTANGLE, 4002, 4004, 4002 * 4004, 0);
    /* strong: 2" downwind a turn */
    fire(WR_FIRE_WIND_STRONG, 0, WR_FIRE_RECTANGLE, 2, 4, 8, 0);
    fire(WR_FIRE_WIND_STRONG, 1, WR_FIRE_RECTANGLE, 6, 12, 72, 0);
    fire(WR_FIRE_WIND_STRONG, 1000, WR_FIRE_RECTANGLE, 4002, 8004, 4002 * 8004, 0);
}

static int reaches(wr_fire_wind wind, int turns, wr_fire_origin o, int x, int y)
{
    int in = -1;
    assert_int_equal(wr_forest_fire_has_reached(wind, turns, &o, x, y, &in), WR_OK);
    return in;
}

/* A fire placed on the map: which points (corners of figures) it reaches. */
static void forest_fire_positions(void **state)
{
    (void)state;
    /* calm, one turn: radius 3/4" = 9 twelfths around (100, 200) */
    wr_fire_origin o = {100, 200, 0, 0};
    assert_int_equal(reaches(WR_FIRE_WIND_CALM, 1, o, 109, 200), 1);
    assert_int_equal(reaches(WR_FIRE_WIND_CALM, 1, o, 109, 201), 0);
    assert_int_equal(reaches(WR_FIRE_WIND_CALM, 1, o, 105, 207), 1); /* 25 + 49 <= 81 */
    assert_int_equal(reaches(WR_FIRE_WIND_CALM, 1, o, 106, 207), 0); /* 36 + 49 > 81 */
    assert_int_equal(reaches(WR_FIRE_WIND_CALM, 0, o, 103, 200), 1);
    assert_int_equal(reaches(WR_FIRE_WIND_CALM, 0, o, 104, 200), 0);
    /* light wind towards +x, first turn: 1" downwind from the start, 1/4" each side */
    wr_fire_origin east = {0, 0, 1, 0};
    assert_int_equal(reaches(WR_FIRE_WIND_LIGHT, 0, east, 0, 0), 1);
    assert_int_equal(reaches(WR_FIRE_WIND_LIGHT, 0, east, 12, 3), 1);
    assert_int_equal(reaches(WR_FIRE_WIND_LIGHT, 0, east, 13, 0), 0);
    assert_int_equal(reaches(WR_FIRE_WIND_LIGHT, 0, east, -1, 0), 0); /* upwind */
    assert_int_equal(reaches(WR_FIRE_WIND_LIGHT, 0, east, 6, -4), 0);
    /* the same along a diagonal wind: distances measured along and across it */
    wr_fire_origin diag = {0, 0, 5, 5};
    assert_int_equal(reaches(WR_FIRE_WIND_LIGHT, 0, diag, 8, 8), 1);  /* 11.3 <= 12 */
    assert_int_equal(reaches(WR_FIRE_WIND_LIGHT, 0, diag, 9, 9), 0);  /* 12.7 > 12 */
    assert_int_equal(reaches(WR_FIRE_WIND_LIGHT, 0, diag, 2, -1), 1); /* 2.1 <= 3 across */
    assert_int_equal(reaches(WR_FIRE_WIND_LIGHT, 0, diag, 3, -2), 0); /* 3.5 > 3 */
    /* strong wind towards -y, one turn: 3" downwind, 3/4" each side */
    wr_fire_origin south = {0, 0, 0, -1};
    assert_int_equal(reaches(WR_FIRE_WIND_STRONG, 1, south, 0, -36), 1);
    assert_int_equal(reaches(WR_FIRE_WIND_STRONG, 1, south, 0, -37), 0);
    assert_int_equal(reaches(WR_FIRE_WIND_STRONG, 1, south, 9, -20), 1);
    assert_int_equal(reaches(WR_FIRE_WIND_STRONG, 1, south, 10, -20), 0);
    assert_int_equal(reaches(WR_FIRE_WIND_STRONG, 1, south, 0, 1), 0);
    /* the far corners of the map */
    wr_fire_origin corner = {-1000000, -1000000, 100, 100};
    assert_int_equal(reaches(WR_FIRE_WIND_STRONG, 1000, corner, 1000000, 1000000), 0);
    assert_int_equal(reaches(WR_FIRE_WIND_STRONG, 1000, corner, -990000, -990000), 1);
}

/* ---- [11.9] ------------------------------------------------------------- */

static void low_ground(void **state)
{
    (void)state;
    for (int place = WR_LOW_NONE; place <= WR_LOW_SWAMP; place++) {
        int m = -1;
        assert_int_equal(wr_low_ground_ar_modifier((wr_low_ground)place, 1, &m), WR_OK);
        assert_int_equal(m, place == WR_LOW_NONE ? 0 : 4);
        assert_int_equal(wr_low_ground_ar_modifier((wr_low_ground)place, 0, &m), WR_OK);
        assert_int_equal(m, 0);
    }
}

/* [11.9] "as listed in Table 14: Missile Fire Modifiers", not printed: an
   entry the caller has not set is "not set", not 0. */
static void missile_modifiers(void **state)
{
    (void)state;
    wr_missile_modifiers t = wr_missile_modifiers_unset();
    int m = 77;
    for (int i = 0; i < WR_TERRAIN_COUNT; i++)
        assert_int_equal(wr_missile_modifiers_get(&t, (wr_terrain)i, &m), WR_ERR_STATE);
    assert_int_equal(m, 77);
    assert_int_equal(wr_missile_modifiers_set(&t, WR_TERRAIN_WOODS, 2), WR_OK);
    assert_int_equal(wr_missile_modifiers_set(&t, WR_TERRAIN_CLEAR, 0), WR_OK);
    assert_int_equal(wr_missile_modifiers_get(&t, WR_TERRAIN_WOODS, &m), WR_OK);
    assert_int_equal(m, 2);
    assert_int_equal(wr_missile_modifiers_get(&t, WR_TERRAIN_CLEAR, &m), WR_OK);
    assert_int_equal(m, 0);
    assert_int_equal(wr_missile_modifiers_get(&t, WR_TERRAIN_ROUGH, &m), WR_ERR_STATE);
    assert_int_equal(wr_missile_modifiers_set(&t, WR_TERRAIN_ROUGH, 101), WR_ERR_RANGE);
    assert_int_equal(wr_missile_modifiers_get(&t, WR_TERRAIN_ROUGH, &m), WR_ERR_STATE);
    assert_int_equal(m, 0);
}

/* ---- allocation failures ------------------------------------------------ */


static wr_status scenario(const wr_allocator *alloc)
{
    wr_status st = WR_OK;
    wr_figure *a = NULL, *b = NULL, *cav = NULL, *chariot = NULL, *copy = NULL;
    wr_battle_unit *unit = NULL;
    wr_formation *form = NULL;
    TRY(wr_figure_new_ex(alloc, &a));
    TRY(wr_figure_new_ex(alloc, &b));
    TRY(wr_figure_add_damage(a, 1, 6, 0));
    TRY(wr_figure_add_damage(a, 1, 8, 0));
    TRY(wr_figure_add_damage(b, 1, 4, 0));
    TRY(wr_figure_clone(a, &copy));
    TRY(wr_rate_cavalry_ex(a, b, alloc, &cav));
    const wr_figure *p[1] = {a}, *l[2] = {b, copy};
    TRY(wr_rate_chariot_ex(p, 1, l, 2, alloc, &chariot));
    wr_battle_unit_desc d = wr_battle_unit_desc_default();
    TRY(wr_battle_unit_new_ex(cav, &d, alloc, &unit));
    TRY(wr_formation_new_ex(WR_ORDER_OPEN, 1, 0, alloc, &form));
done:
    wr_figure_free(a);
    wr_figure_free(b);
    wr_figure_free(copy);
    wr_figure_free(cav);
    wr_figure_free(chariot);
    wr_battle_unit_free(unit);
    wr_formation_free(form);
    return st;
}

static void allocation_failures(void **state)
{
    (void)state;
    check_alloc_failures(scenario, 10);
}

/* ---- batch forms -------------------------------------------------------- */

static void batch_terrain_speeds(void **state)
{
    (void)state;
    enum { N = 6 * 16 };
    int terrain[N], num[N], den[N];
    unsigned traits[N];
    int n = 0;
    for (int t = 0; t < 6; t++)
        for (unsigned tr = 0; tr < 16; tr++)
            if (t != WR_TERRAIN_WATER || (tr & WR_TRAIT_AQUATIC)) {
                terrain[n] = t;
                traits[n] = tr;
                n++;
            }
    size_t bad = 55;
    assert_int_equal(wr_terrain_speed_batch((size_t)n, terrain, traits, num, den, &bad), WR_OK);
    assert_int_equal(bad, 55);
    for (int i = 0; i < n; i++) {
        int en = 0, ed = 0;
        assert_int_equal(wr_terrain_speed((wr_terrain)terrain[i], traits[i], &en, &ed), WR_OK);
        assert_int_equal(num[i], en);
        assert_int_equal(den[i], ed);
    }
    /* Table 14 through the batch */
    assert_int_equal(num[1 * 16], 4);
    assert_int_equal(den[1 * 16], 3);
    assert_int_equal(num[2 * 16], 2);
    assert_int_equal(den[2 * 16], 3);
    assert_int_equal(wr_terrain_speed_batch((size_t)n, terrain, traits, NULL, den, NULL), WR_OK);
    assert_int_equal(wr_terrain_speed_batch(0, NULL, NULL, NULL, NULL, NULL), WR_OK);
}

static void batch_tactical_checks(void **state)
{
    (void)state;
    wr_battle_unit *u = make_unit(WR_UNIT_TYPE_FOOT, 20, 12, 0, 0, 0);
    wr_formation *open = make_formation(WR_ORDER_OPEN, 10);
    /* random moves of 0..4 legs each, against wr_tactical_check one by one */
    enum { MOVES = 500 };
    static wr_tactical_leg legs[MOVES * 4];
    static int counts[MOVES];
    static wr_tactical_result results[MOVES];
    uint32_t s = 11u;
    size_t n_legs = 0;
    for (int i = 0; i < MOVES; i++) {
        s = s * 1664525u + 1013904223u;
        counts[i] = (int)((s >> 10) % 5u);
        for (int k = 0; k < counts[i]; k++) {
            s = s * 1664525u + 1013904223u;
            wr_tactical_leg leg = {(wr_terrain)((s >> 8) % 6u), (int)((s >> 12) % 200u),
                                   (int)((s >> 20) % 3u) == 0 ? 1 : 0,
                                   (int)((s >> 24) % 5u) == 0 ? 1 : 0};
            legs[n_legs++] = leg;
        }
    }
    for (unsigned flags = 0; flags < 4; flags++) {
        size_t bad = 42;
        assert_int_equal(wr_tactical_check_batch(u, open, legs, n_legs, counts, MOVES, flags,
                                                 results, &bad),
                         WR_OK);
        assert_int_equal(bad, 42);
        size_t start = 0;
        int legal = 0;
        for (int i = 0; i < MOVES; i++) {
            wr_tactical_result r = move(u, open, counts[i] ? legs + start : NULL,
                                        (size_t)counts[i], flags);
            assert_memory_equal(&r, &results[i], sizeof r);
            legal += r.legal;
            start += (size_t)counts[i];
        }
        assert_true(legal > 0 && legal < MOVES);
    }
    /* the formation is unchanged: nothing was spent */
    wr_formation_info info;
    assert_int_equal(wr_formation_get(open, &info), WR_OK);
    assert_int_equal(info.spent, 0);
    assert_int_equal(wr_tactical_check_batch(u, open, NULL, 0, NULL, 0, 0, NULL, NULL), WR_OK);
    wr_formation_free(open);
    wr_battle_unit_free(u);
}

/* The allocator is told each block's true size when it is resized or freed
   (core.h's contract), also after damage groups merge. */
typedef struct sized_blocks {
    void *ptr[64];
    size_t size[64];
    int mismatches;
} sized_blocks;

static void *sized_alloc(void *user, void *ptr, size_t old_size, size_t new_size)
{
    sized_blocks *b = user;
    int slot = -1;
    for (int i = 0; i < 64; i++)
        if (b->ptr[i] == ptr)
            slot = i;
    if (ptr != NULL && (slot < 0 || b->size[slot] != old_size))
        b->mismatches++;
    if (new_size == 0) {
        if (slot >= 0)
            b->ptr[slot] = NULL;
        free(ptr);
        return NULL;
    }
    void *p = realloc(ptr, new_size);
    if (p == NULL)
        return NULL;
    if (slot < 0)
        for (slot = 0; slot < 64 && b->ptr[slot] != NULL; slot++)
            ;
    if (slot < 64) {
        b->ptr[slot] = p;
        b->size[slot] = new_size;
    }
    return p;
}

static void allocator_told_true_sizes(void **state)
{
    (void)state;
    sized_blocks b;
    memset(&b, 0, sizeof b);
    wr_allocator alloc = {sized_alloc, &b};
    wr_figure *f = NULL, *copy = NULL;
    assert_int_equal(wr_figure_new_ex(&alloc, &f), WR_OK);
    assert_int_equal(wr_figure_add_damage(f, 1, 8, 0), WR_OK);
    assert_int_equal(wr_figure_add_damage(f, 1, 8, 1), WR_OK); /* merges into 2d8 */
    assert_int_equal(wr_figure_add_damage(f, 2, 6, 0), WR_OK);
    assert_int_equal(wr_figure_add_damage(f, 1, 6, 0), WR_OK); /* merges into 3d6 */
    assert_int_equal(wr_figure_clone(f, &copy), WR_OK);
    assert_int_equal(wr_figure_add_damage(copy, 1, 6, 0), WR_OK);
    wr_figure_free(copy);
    wr_figure_free(f);
    assert_int_equal(b.mismatches, 0);
    for (int i = 0; i < 64; i++)
        assert_null(b.ptr[i]);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(figure_stats),
        cmocka_unit_test(figure_damage_merges),
        cmocka_unit_test(figure_damage_limits),
        cmocka_unit_test(figure_clone_is_independent),
        cmocka_unit_test(figure_new_ex),
        cmocka_unit_test(damage_from_rolls),
        cmocka_unit_test(damage_roll_uses_rng_in_group_order),
        cmocka_unit_test(rate_cavalry),
        cmocka_unit_test(rate_chariot_means_and_rounding),
        cmocka_unit_test(rate_chariot_three_times_exception),
        cmocka_unit_test(rate_chariot_damage_and_abilities),
        cmocka_unit_test(rate_chariot_extremes),
        cmocka_unit_test(rate_chariot_exact_movement),
        cmocka_unit_test(rate_chariot_refused_beyond_limits),
        cmocka_unit_test(charge_doubles_rider_weapons_only),
        cmocka_unit_test(declarations_check_phase_start),
        cmocka_unit_test(movement_phases_turn_by_turn),
        cmocka_unit_test(movement_phase_shield_walls),
        cmocka_unit_test(mounted_removed),
        cmocka_unit_test(example_drow_on_nightmares),
        cmocka_unit_test(unit_kill_parts),
        cmocka_unit_test(unit_desc_and_figure),
        cmocka_unit_test(formation_basics),
        cmocka_unit_test(shield_wall_who_may_declare),
        cmocka_unit_test(shield_wall_front_only),
        cmocka_unit_test(shield_wall_all_round),
        cmocka_unit_test(set_spears_who_may_declare),
        cmocka_unit_test(set_spears_damage_and_charges),
        cmocka_unit_test(set_spears_charger_strikers),
        cmocka_unit_test(terrain_speed_table14),
        cmocka_unit_test(tactical_terrain_costs),
        cmocka_unit_test(tactical_roads),
        cmocka_unit_test(tactical_traits),
        cmocka_unit_test(tactical_closed_order),
        cmocka_unit_test(tactical_obstacles_and_climbs),
        cmocka_unit_test(wall_ends_on_an_obstacle),
        cmocka_unit_test(wall_ends_after_a_rise_or_a_turn),
        cmocka_unit_test(set_spears_and_all_round_walls_given_up),
        cmocka_unit_test(wall_ends_with_odd_rates),
        cmocka_unit_test(random_phases_never_beat_open_order),
        cmocka_unit_test(charge_legality),
        cmocka_unit_test(woods_missiles),
        cmocka_unit_test(woods_sight),
        cmocka_unit_test(forest_fires),
        cmocka_unit_test(low_ground),
        cmocka_unit_test(missile_modifiers),
        cmocka_unit_test(forest_fire_positions),
        cmocka_unit_test(allocation_failures),
        cmocka_unit_test(batch_terrain_speeds),
        cmocka_unit_test(batch_tactical_checks),
        cmocka_unit_test(allocator_told_true_sizes),
    };
    return cmocka_run_group_tests_name("battlesystem", tests, NULL, NULL);
}
