/* AD&D Battlesystem, chapter 11: rated figures, cavalry [11.2] and chariots
   [11.3] (means and rounding, the three-times exception, damage and
   abilities, exact movement, ratings beyond the limits), a charge's
   doubled damage [11.4], and the removal of mounted figures [11.1] with
   its example, the drow on nightmares. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include <cmocka.h>

#include "warrules/battlesystem.h"

#include "fixtures.h"

/* ---- [11.2] and [11.3] ratings ----------------------------------------- */

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

/* ---- [11.1] removal ---------------------------------------------------- */

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

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(rate_cavalry),
        cmocka_unit_test(rate_chariot_means_and_rounding),
        cmocka_unit_test(rate_chariot_three_times_exception),
        cmocka_unit_test(rate_chariot_damage_and_abilities),
        cmocka_unit_test(rate_chariot_extremes),
        cmocka_unit_test(rate_chariot_exact_movement),
        cmocka_unit_test(rate_chariot_refused_beyond_limits),
        cmocka_unit_test(charge_doubles_rider_weapons_only),
        cmocka_unit_test(mounted_removed),
        cmocka_unit_test(example_drow_on_nightmares),
        cmocka_unit_test(unit_kill_parts),
    };
    return cmocka_run_group_tests_name("battlesystem_rating", tests, NULL, NULL);
}
