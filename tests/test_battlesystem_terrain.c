/* AD&D Battlesystem, chapter 11: terrain: Table 14's speeds [11.8] and
   tactical moves over it (roads, traits, closed order, obstacles and
   climbs), the legality of a charge, woods (missiles, sight), forest fires
   and where they reach, low ground and missile modifiers [11.9], the batch
   forms. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "warrules/battlesystem.h"

#include "fixtures.h"

/* ---- [11.8] Table 14 --------------------------------------------------- */

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

/* ---- woods ------------------------------------------------------------- */

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

/* ---- [11.9] ------------------------------------------------------------ */

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

/* ---- batch forms ------------------------------------------------------- */

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

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(terrain_speed_table14),
        cmocka_unit_test(tactical_terrain_costs),
        cmocka_unit_test(tactical_roads),
        cmocka_unit_test(tactical_traits),
        cmocka_unit_test(tactical_closed_order),
        cmocka_unit_test(tactical_obstacles_and_climbs),
        cmocka_unit_test(charge_legality),
        cmocka_unit_test(woods_missiles),
        cmocka_unit_test(woods_sight),
        cmocka_unit_test(forest_fires),
        cmocka_unit_test(low_ground),
        cmocka_unit_test(missile_modifiers),
        cmocka_unit_test(forest_fire_positions),
        cmocka_unit_test(batch_terrain_speeds),
        cmocka_unit_test(batch_tactical_checks),
    };
    return cmocka_run_group_tests_name("battlesystem_terrain", tests, NULL, NULL);
}
