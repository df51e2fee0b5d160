/* The fixtures several test files share, each defined once here: static
   inline, so a file compiles only what it uses.

   Include it last: after <cmocka.h> (a CMocka test) and after the headers
   of the modules whose fixtures the file uses. Each module's part is
   compiled when that module's header came first, and the parts that
   assert only under CMocka; a plain C test (test_threads.c,
   test_determinism.c) gets the plain parts: the worked example of the
   melee text as data.

   Plain C:
   melee     the worked example of the text: example_dwarfs_desc(),
             example_urucks_desc(), example_situation(); sample_chart_row(),
             the rows of a sample hit chart

   CMocka:
   core      OK(call)
   campaign  O(), side(), params_for(); rnd() and random maps, parameters and
             start states; planner_setup/planner_teardown, the planner of a
             group; map_graph, the callback form over a wr_map;
             expect_same_route(); replay_plan(), a plan carried out with the
             replay functions
   melee     profile(), troops(), from_def(), front(), engage(),
             fixed_morale(), has_event(); the worked example as a test's
             fixture (example_setup/example_teardown); duel_setup() and
             duel_teardown(), two sword units face to face; sample_chart()
   battlesystem  figure4(), figure_with_mv(), stat(), check_range(),
             check_group(), make_unit(), make_formation(), rated_chariot(),
             check_shield_wall(), move(); INCH and MP */
#ifndef WARRULES_TESTS_FIXTURES_H
#define WARRULES_TESTS_FIXTURES_H

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "warrules/core.h"

/* ---- melee, plain C ------------------------------------------------------- */
#ifdef WARRULES_MELEE_H

/* The worked example of the text (Fantasy Warlord, hand-to-hand combat): the
   dwarfs, ten veteran spearmen (profile WR_SAMPLE_DWARF_VETERANS) in two
   ranks of five, chainmail and shields, charging; five in contact with four
   orcs. */
static inline wr_melee_unit_desc example_dwarfs_desc(void)
{
    wr_melee_unit_desc d = wr_melee_unit_desc_default();
    d.figures = 10;
    d.files = 5;
    d.weapon_type = WR_WEAPON_SPEAR;
    d.armour = WR_SAMPLE_ARMOUR_CHAINMAIL;
    d.flags = WR_UNIT_SHIELDS;
    d.troop_class = WR_TROOP_VETERAN;
    return d;
}

/* The orcs: urucks (profile WR_SAMPLE_ORC_URUCKS) with polearms in
   chainmail, nine of them in ranks of five (one complete rank of five and
   four behind), which gives exactly the one rank bonus (+2) the text lists
   and, with four in contact, the eight fighting it uses. */
static inline wr_melee_unit_desc example_urucks_desc(void)
{
    wr_melee_unit_desc d = example_dwarfs_desc();
    d.figures = 9;
    d.weapon_type = WR_WEAPON_POLEARM;
    d.flags = 0;
    d.troop_class = WR_TROOP_ELITE;
    return d;
}

/* The dwarfs (side 0) charge: five in contact with four urucks. */
static inline wr_situation example_situation(void)
{
    wr_situation s;
    memset(&s, 0, sizeof s);
    s.side[0].in_contact = 5;
    s.side[1].in_contact = 4;
    s.side[0].charged = 1;
    return s;
}

/* A row of a labelled sample hit chart, not the game's: row 0 the body
   (1-50, location 1), row 1 the head (51-100, location 2). */
typedef struct chart_row {
    int low, high, location;
    wr_wound wounds[4];
} chart_row;

static inline chart_row sample_chart_row(int i)
{
    const chart_row rows[2] = {
        {1, 50, 1, {WR_WOUND_NICKED, WR_WOUND_LIGHT, WR_WOUND_SERIOUS, WR_WOUND_CRITICAL}},
        {51, 100, 2, {WR_WOUND_STUNNED, WR_WOUND_BLINDED, WR_WOUND_UNCONSCIOUS, WR_WOUND_KILLED}}};
    return rows[i];
}

#endif /* WARRULES_MELEE_H */

#ifdef cmocka_unit_test

/* ---- core ---------------------------------------------------------------- */

/* The call returns WR_OK; if not, wr_last_error() says why. */
#define OK(call)                                                                  \
    do {                                                                          \
        wr_status ok_st_ = (call);                                                \
        if (ok_st_ != WR_OK)                                                      \
            print_message("%s\n", wr_last_error());                               \
        assert_int_equal(ok_st_, WR_OK);                                          \
    } while (0)

/* ---- campaign ------------------------------------------------------------ */
#ifdef WARRULES_CAMPAIGN_H

/* The hex at offset (col, row). */
static inline wr_hex O(int col, int row)
{
    wr_hex h;
    OK(wr_hex_from_offset(col, row, &h));
    return h;
}

/* Hexside d of hex h: its river and crossing, road and track. */
static inline void side(wr_map *m, wr_hex h, int d, int river, int crossing, int road, int track)
{
    wr_hexside s = {river, crossing, road, track};
    OK(wr_map_set_hexside(m, h, d, &s));
}

static inline wr_plan_params params_for(wr_mover mover)
{
    wr_plan_params p;
    OK(wr_plan_params_default(mover, &p));
    return p;
}

/* A fixed-seed generator for the random maps (an LCG). */
static inline unsigned rnd(unsigned *s)
{
    *s = *s * 1103515245u + 12345u;
    return (*s >> 16) & 0x7fffu;
}

static inline wr_map *random_land_map(unsigned *s, int w, int h)
{
    wr_map *m = NULL;
    OK(wr_map_new(w, h, &m));
    static const wr_hex_terrain pick[20] = {
        WR_HEX_CLEAR, WR_HEX_CLEAR, WR_HEX_CLEAR, WR_HEX_CLEAR, WR_HEX_CLEAR, WR_HEX_CLEAR,
        WR_HEX_FOREST, WR_HEX_FOREST, WR_HEX_FOREST, WR_HEX_SWAMP, WR_HEX_SWAMP, WR_HEX_HILLS,
        WR_HEX_HILLS, WR_HEX_HILLS, WR_HEX_MOUNTAINS, WR_HEX_MOUNTAINS, WR_HEX_MOUNTAINS,
        WR_HEX_COAST, WR_HEX_SEA, WR_HEX_LAKE};
    for (int32_t i = 0; i < w * h; i++) {
        wr_hex hx;
        OK(wr_map_hex(m, i, &hx));
        OK(wr_map_set_terrain(m, hx, pick[rnd(s) % 20]));
        OK(wr_map_set_regions(m, hx, rnd(s) % 2));
        for (int d = 0; d < 3; d++) {
            wr_hex n;
            int inside = 0;
            OK(wr_hex_neighbor(hx, d, &n));
            OK(wr_map_has_hex(m, n, &inside));
            if (!inside)
                continue;
            wr_hexside sd = {0, 0, rnd(s) % 6 == 0, rnd(s) % 6 == 0};
            if (rnd(s) % 3 == 0) {
                sd.river = 1 + (int)(rnd(s) % 2);
                sd.crossing = (int)(rnd(s) % (sd.river == WR_RIVER_MINOR ? 4 : 3));
            }
            OK(wr_map_set_hexside(m, hx, d, &sd));
        }
    }
    return m;
}

static inline wr_map *random_water_map(unsigned *s, int w, int h)
{
    wr_map *m = NULL;
    OK(wr_map_new(w, h, &m));
    static const wr_hex_terrain pick[8] = {WR_HEX_SEA, WR_HEX_SEA, WR_HEX_SEA, WR_HEX_COAST,
                                           WR_HEX_COAST, WR_HEX_LAKE, WR_HEX_CLEAR, WR_HEX_CLEAR};
    for (int32_t i = 0; i < w * h; i++) {
        wr_hex hx;
        OK(wr_map_hex(m, i, &hx));
        wr_hex_terrain t = pick[rnd(s) % 8];
        OK(wr_map_set_terrain(m, hx, t));
        OK(wr_map_set_features(m, hx, rnd(s) % 8));
        int d = (int)(rnd(s) % 6);
        wr_hex n;
        int inside = 0;
        OK(wr_hex_neighbor(hx, d, &n));
        OK(wr_map_has_hex(m, n, &inside));
        if (inside && (t == WR_HEX_CLEAR || rnd(s) % 4 == 0))
            OK(wr_map_set_watercourse(m, hx, d, rnd(s) % 3 == 0 ? rnd(s) % 8 : 0u));
    }
    return m;
}

static inline void random_params(unsigned *s, wr_plan_params *p, int vessel)
{
    *p = params_for((wr_mover)(vessel ? 2 + (int)(rnd(s) % 5) : (int)(rnd(s) % 2)));
    if (rnd(s) % 2) {
        p->costs.daily_points = 6 + (int)(rnd(s) % 15);
        for (int t = 0; t < WR_HEX_TERRAIN_COUNT; t++)
            if (p->costs.enter[t] > 0)
                p->costs.enter[t] = rnd(s) % 10 == 0 ? 0 : 1 + (int)(rnd(s) % 20);
        if (!vessel) {
            p->costs.road = (int)(rnd(s) % 10);
            p->costs.track = (int)(rnd(s) % 12);
        } else {
            p->costs.upstream = (int)(rnd(s) % 20);
            p->costs.downstream = 1 + (int)(rnd(s) % 15);
        }
    }
    if (!vessel) {
        p->traits = rnd(s) % 4;
        p->home_regions = 1;
        p->options = rnd(s) % 8; /* unformed, rafts anywhere, bridging train */
        p->bridging_days = 1 + (int)(rnd(s) % 4);
    } else {
        p->tide = (int)(rnd(s) % 4);
        p->wind = (int)(rnd(s) % 7) - 1;
    }
}

/* A state a force may be in, on day 1..4. */
static inline void random_start(unsigned *s, int P, wr_force_state *fs)
{
    OK(wr_force_start(fs));
    fs->day = 1 + (int)(rnd(s) % 4);
    if (fs->day > 1 && rnd(s) % 2)
        fs->points_saved = (int)(rnd(s) % (unsigned)(P + 1));
    if (rnd(s) % 2)
        fs->points_spent = (int)(rnd(s) % (unsigned)(P + fs->points_saved + 1));
    fs->unformed = rnd(s) % 3 == 0;
    fs->unformed_today = fs->unformed && fs->points_spent > 0 && rnd(s) % 2;
    fs->unformed_days = fs->unformed ? (int)(rnd(s) % (unsigned)fs->day) : 0;
    if (!fs->unformed && !fs->points_spent && !fs->points_saved && fs->day > 1 && rnd(s) % 4 == 0) {
        fs->at_rally = 1;
        fs->rally_days = 1;
    }
    OK(wr_force_check(fs, P));
}

/* Random blocked hexes and sides for q, each hex and hexside blocked with
   odds 1 in one_in; the caller frees *hexes and *sides. */
static inline void random_blocks(unsigned *s, const wr_map *m, unsigned one_in, uint8_t **hexes,
                                 uint8_t **sides, wr_plan_query *q)
{
    int w = 0, h = 0;
    OK(wr_map_size(m, &w, &h));
    size_t nh = ((size_t)(w * h) + 7) / 8, ns = ((size_t)(3 * w * h) + 7) / 8;
    *hexes = calloc(nh, 1);
    *sides = calloc(ns, 1);
    assert_non_null(*hexes);
    assert_non_null(*sides);
    for (int i = 0; i < w * h; i++)
        if (rnd(s) % one_in == 0)
            (*hexes)[i / 8] |= (uint8_t)(1u << (i % 8));
    for (int i = 0; i < 3 * w * h; i++)
        if (rnd(s) % one_in == 0)
            (*sides)[i / 8] |= (uint8_t)(1u << (i % 8));
    q->blocked_hexes = *hexes;
    q->blocked_hexes_size = nh;
    q->blocked_sides = *sides;
    q->blocked_sides_size = ns;
}

/* The planner of a group of tests: the group's setup makes it, each test
   takes it from *state (a planner keeps what it read between queries, and
   must answer as a new one would), the group's teardown frees it. */
static inline int planner_setup(void **state)
{
    wr_planner *pl = NULL;
    if (wr_planner_new(&pl) != WR_OK)
        return -1;
    *state = pl;
    return 0;
}

static inline int planner_teardown(void **state)
{
    wr_planner_free(*state);
    return 0;
}

/* The callback form over a wr_map: its moves from wr_map_moves(). */
typedef struct map_graph {
    const wr_map *map;
    const wr_plan_params *params;
    int calls;
} map_graph;

static inline int map_graph_moves(void *user, int32_t node, wr_plan_edge *out, int capacity)
{
    map_graph *mg = user;
    wr_hex h;
    size_t n = 0;
    mg->calls++;
    if (wr_map_hex(mg->map, node, &h) != WR_OK ||
        wr_map_moves(mg->map, mg->params, h, out, (size_t)capacity, &n) != WR_OK)
        return -1;
    return (int)n;
}

static inline wr_hex map_graph_hex(void *user, int32_t node)
{
    map_graph *mg = user;
    wr_hex h = {0, 0};
    (void)wr_map_hex(mg->map, node, &h);
    return h;
}

/* Two routes are the same step by step: hex, node, day, points, nights,
   flags; and the same arrival, rally days, unformed days, stragglers. */
static inline void expect_same_route(const wr_route *a, const wr_route *b)
{
    assert_int_equal(a->step_count, b->step_count);
    for (size_t k = 0; k < a->step_count; k++) {
        assert_int_equal(a->steps[k].hex.q, b->steps[k].hex.q);
        assert_int_equal(a->steps[k].hex.r, b->steps[k].hex.r);
        assert_int_equal(a->steps[k].node, b->steps[k].node);
        assert_int_equal(a->steps[k].day, b->steps[k].day);
        assert_int_equal(a->steps[k].points_left, b->steps[k].points_left);
        assert_int_equal(a->steps[k].nights, b->steps[k].nights);
        assert_int_equal(a->steps[k].flags, b->steps[k].flags);
    }
    assert_int_equal(a->arrival_day, b->arrival_day);
    assert_int_equal(a->points_left, b->points_left);
    assert_int_equal(a->rally_days, b->rally_days);
    assert_int_equal(a->unformed_days, b->unformed_days);
    assert_int_equal(a->stragglers, b->stragglers);
}

static inline int moved_today(const wr_force_state *f)
{
    return f->points_spent > 0 || f->unformed_today;
}

/* Re-plans from f and expects the arrival first planned. */
static inline void expect_same_plan(const wr_map *m, const wr_plan_params *p,
                                    const wr_plan_query *q, const wr_force_state *f, wr_hex from,
                                    wr_hex to, int day, int left)
{
    if (f->crossing_days > 0 || f->far_bank)
        return; /* committed to its crossing */
    wr_planner *pl = NULL;
    OK(wr_planner_new(&pl));
    wr_plan_query q2 = *q;
    q2.start = f;
    wr_plan_result r;
    OK(wr_planner_plan(pl, m, p, &q2, from, to, &r));
    assert_int_equal(r.outcome, WR_PLAN_FOUND);
    if (r.route.arrival_day != day || r.route.points_left != left)
        fail_msg("re-planned from day %d (spent %d, saved %d, unformed %d): (%d, %d), first (%d, %d)",
                 f->day, f->points_spent, f->points_saved, f->unformed, r.route.arrival_day,
                 r.route.points_left, day, left);
    wr_planner_free(pl);
}

/* Carries a plan out with the replay functions from its start state: every
   step on its day with its points left and formation, the state on arrival
   as predicted, the same days of unformed movement; with replan, plans again
   from every state reached (after each step and each night) and expects the
   same arrival. Returns the stragglers lost with the mean half-die. */
static inline int replay_plan(const wr_map *m, const wr_plan_params *p, const wr_plan_query *q,
                              const wr_plan_result *r, const wr_force_state *start, int replan)
{
    const int P = p->costs.daily_points;
    wr_force_state f = *start;
    const size_t n = r->route.step_count;
    const wr_hex from = r->route.steps[0].hex, to = r->route.steps[n - 1].hex;
    int lost_total = 0, left = p->figures, guard = 0;
    size_t i = 1;
    while (i < n) {
        assert_true(++guard < 100000);
        const wr_plan_edge *mv = &r->moves[i];
        const wr_step *sp = &r->route.steps[i];
        int lost = 0, in = 0;
        if (mv->flags & WR_STEP_RALLY) {
            if (moved_today(&f)) {
                OK(wr_force_end_day(&f, P, 0, left, 2, &lost));
            } else {
                OK(wr_force_rally(&f, P));
                assert_int_equal(f.day - 1, sp->day);
                assert_int_equal(sp->points_left, 0);
                i++;
            }
        } else {
            OK(wr_force_move(&f, P, mv, &in));
            if (in) {
                assert_int_equal(f.day, sp->day);
                assert_int_equal(P + f.points_saved - f.points_spent, sp->points_left);
                assert_int_equal(f.unformed, (sp->flags & WR_STEP_UNFORMED) != 0);
                i++;
            } else {
                OK(wr_force_end_day(&f, P, 0, left, 2, &lost));
            }
        }
        left -= lost;
        lost_total += lost;
        if (replan && i < n)
            expect_same_plan(m, p, q, &f, r->route.steps[i - 1].hex, to, r->route.arrival_day,
                             r->route.points_left);
    }
    (void)from;
    if (memcmp(&f, &r->arrival, sizeof f) != 0)
        fail_msg("replay: day %d spent %d saved %d unformed %d/%d days %d rally %d/%d; "
                 "predicted day %d spent %d saved %d unformed %d/%d days %d rally %d/%d",
                 f.day, f.points_spent, f.points_saved, f.unformed, f.unformed_today,
                 f.unformed_days, f.at_rally, f.rally_days, r->arrival.day,
                 r->arrival.points_spent, r->arrival.points_saved, r->arrival.unformed,
                 r->arrival.unformed_today, r->arrival.unformed_days, r->arrival.at_rally,
                 r->arrival.rally_days);
    assert_int_equal(f.unformed_days + f.unformed_today - start->unformed_days -
                         start->unformed_today,
                     r->route.unformed_days);
    if (f.unformed_today) { /* the arrival day's night */
        int lost = 0;
        OK(wr_stragglers(left, 2, &lost));
        lost_total += lost;
    }
    return lost_total;
}

#endif /* WARRULES_CAMPAIGN_H */

/* ---- melee ---------------------------------------------------------------- */
#ifdef WARRULES_MELEE_H

static inline wr_profile *profile(wr_race race)
{
    wr_profile *p = NULL;
    assert_int_equal(wr_profile_new(race, &p), WR_OK);
    return p;
}

/* figures in ranks of files, with a weapon type, no armour, no flags. */
static inline wr_melee_unit *troops(const wr_profile *p, int figures, int files, int weapon_type)
{
    wr_melee_unit_desc d = wr_melee_unit_desc_default();
    d.figures = figures;
    d.files = files;
    d.weapon_type = weapon_type;
    wr_melee_unit *u = NULL;
    assert_int_equal(wr_melee_unit_new(p, &d, &u), WR_OK);
    return u;
}

static inline wr_melee_unit *from_def(const wr_profile *p, const wr_melee_unit_desc *d)
{
    wr_melee_unit *u = NULL;
    assert_int_equal(wr_melee_unit_new(p, d, &u), WR_OK);
    return u;
}

/* Front to front, contact0 and contact1 figures in contact. */
static inline wr_situation front(int contact0, int contact1)
{
    wr_situation s;
    memset(&s, 0, sizeof s);
    s.side[0].in_contact = contact0;
    s.side[1].in_contact = contact1;
    return s;
}

static inline wr_engagement *engage(wr_melee_unit *a, wr_melee_unit *b, const wr_situation *s)
{
    wr_engagement *e = NULL;
    assert_int_equal(wr_engagement_new(a, b, s, &e), WR_OK);
    return e;
}

/* A morale model with fixed odds (the user pointer is a wr_morale_odds). */
static inline wr_status fixed_morale(void *user, const wr_morale_test *test, wr_morale_odds *odds)
{
    (void)test;
    *odds = *(const wr_morale_odds *)user;
    return WR_OK;
}

/* Whether the round has an event of that rule on side s, with that value
   and detail (-1: any). */
static inline int has_event(const wr_melee_round *r, wr_melee_rule rule, int s, int value,
                            int detail)
{
    for (int i = 0; i < r->n_events; i++)
        if (r->events[i].rule == rule && r->events[i].side == s &&
            (value < 0 || r->events[i].value == value) &&
            (detail < 0 || r->events[i].detail == detail))
            return 1;
    return 0;
}

/* The worked example (example_dwarfs_desc() and the rest above) as a test's
   fixture: example_setup() builds it into *state, example_teardown() frees
   it; each test has its own, fresh. */
typedef struct example {
    wr_profile *dwarf, *orc;
    wr_melee_unit *dwarfs, *orcs;
    wr_engagement *e;
} example;

static inline int example_setup(void **state)
{
    example *x = calloc(1, sizeof *x);
    assert_non_null(x);
    assert_int_equal(wr_profile_new_sample(WR_SAMPLE_DWARF_VETERANS, &x->dwarf), WR_OK);
    assert_int_equal(wr_profile_new_sample(WR_SAMPLE_ORC_URUCKS, &x->orc), WR_OK);
    wr_melee_unit_desc d = example_dwarfs_desc();
    x->dwarfs = from_def(x->dwarf, &d);
    d = example_urucks_desc();
    x->orcs = from_def(x->orc, &d);
    wr_situation s = example_situation();
    x->e = engage(x->dwarfs, x->orcs, &s);
    *state = x;
    return 0;
}

static inline int example_teardown(void **state)
{
    example *x = *state;
    wr_engagement_free(x->e);
    wr_melee_unit_free(x->dwarfs);
    wr_melee_unit_free(x->orcs);
    wr_profile_free(x->dwarf);
    wr_profile_free(x->orc);
    free(x);
    return 0;
}

typedef struct duel {
    wr_profile *p;
    wr_melee_unit *a, *b;
    wr_engagement *e;
} duel;

/* Two sword units facing each other: a has figures_a in one rank with MCP
   mcp_a (armour 1), likewise b (no armour). */
static inline void duel_setup(duel *x, int figures_a, int mcp_a, int figures_b, int mcp_b)
{
    x->p = profile(WR_RACE_HUMAN);
    assert_int_equal(wr_profile_set_bcp(x->p, 0, 0, mcp_a), WR_OK);
    assert_int_equal(wr_profile_set_bcp(x->p, 0, 1, mcp_b), WR_OK);
    wr_melee_unit_desc d = wr_melee_unit_desc_default();
    d.figures = figures_a;
    d.files = figures_a;
    d.armour = 1;
    x->a = from_def(x->p, &d);
    x->b = troops(x->p, figures_b, figures_b, 0);
    wr_situation s = front(figures_a, figures_b);
    x->e = engage(x->a, x->b, &s);
}

static inline void duel_teardown(duel *x)
{
    wr_engagement_free(x->e);
    wr_melee_unit_free(x->a);
    wr_melee_unit_free(x->b);
    wr_profile_free(x->p);
}

/* The sample hit chart (sample_chart_row()), checked row by row as it is
   made: incomplete, an overlap refused, complete. */
static inline wr_hit_chart *sample_chart(void)
{
    wr_hit_chart *c = NULL;
    assert_int_equal(wr_hit_chart_new(&c), WR_OK);
    int complete = -1;
    assert_int_equal(wr_hit_chart_is_complete(c, &complete), WR_OK);
    assert_int_equal(complete, 0);
    const chart_row body = sample_chart_row(0), head = sample_chart_row(1);
    assert_int_equal(wr_hit_chart_add(c, body.low, body.high, body.location, body.wounds), WR_OK);
    assert_int_equal(wr_hit_chart_is_complete(c, &complete), WR_OK);
    assert_int_equal(complete, 0);
    assert_int_equal(wr_hit_chart_add(c, 50, 60, 2, head.wounds), WR_ERR_INVALID); /* overlap */
    assert_int_equal(wr_hit_chart_add(c, head.low, head.high, head.location, head.wounds), WR_OK);
    assert_int_equal(wr_hit_chart_is_complete(c, &complete), WR_OK);
    assert_int_equal(complete, 1);
    return c;
}

/* A 128-bit count, for exact odds checked by brute force. */
__extension__ typedef unsigned __int128 u128;

static inline u128 pow10u(int k)
{
    u128 v = 1;
    while (k-- > 0)
        v *= 10;
    return v;
}

/* n / 10^digits as the library writes an exact decimal ("1", "0" or
   "0.d..." without trailing zeros) into buf (at least digits + 3 chars). */
static inline void exact_decimal(u128 n, int digits, char *buf)
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

/* A phase combatant: unit u facing face, in_contact figures, the default
   corner rule. */
static inline wr_phase_combatant phase_combatant(wr_melee_unit *u, wr_facing face, int in_contact,
                                                 wr_phase_contact contact)
{
    wr_phase_combatant s;
    memset(&s, 0, sizeof s);
    s.unit = u;
    s.face = face;
    s.in_contact = in_contact;
    s.corner_fights = WR_PHASE_DEFAULT;
    s.contact = contact;
    return s;
}

/* Adds the fight of a against b to p; returns its index. */
static inline int phase_add(wr_melee_phase *p, wr_phase_combatant a, wr_phase_combatant b)
{
    wr_phase_fight f;
    f.side[0] = a;
    f.side[1] = b;
    int index = -1;
    assert_int_equal(wr_melee_phase_add(p, &f, &index), WR_OK);
    return index;
}

#endif /* WARRULES_MELEE_H */

/* ---- battlesystem --------------------------------------------------------- */
#ifdef WARRULES_BATTLESYSTEM_H

/* A figure of those AR, HD, AC and MV. */
static inline wr_figure *figure4(int ar, int hd, int ac, int mv)
{
    wr_figure *f = NULL;
    assert_int_equal(wr_figure_new(&f), WR_OK);
    assert_int_equal(wr_figure_set(f, WR_STAT_AR, ar), WR_OK);
    assert_int_equal(wr_figure_set(f, WR_STAT_HD, hd), WR_OK);
    assert_int_equal(wr_figure_set(f, WR_STAT_AC, ac), WR_OK);
    assert_int_equal(wr_figure_set(f, WR_STAT_MV, mv), WR_OK);
    return f;
}

/* A figure with MV mv, all else 0. */
static inline wr_figure *figure_with_mv(int mv)
{
    wr_figure *f = NULL;
    assert_int_equal(wr_figure_new(&f), WR_OK);
    assert_int_equal(wr_figure_set(f, WR_STAT_MV, mv), WR_OK);
    return f;
}

static inline int stat(const wr_figure *f, wr_stat s)
{
    int v = -99999;
    assert_int_equal(wr_figure_get(f, s, &v), WR_OK);
    return v;
}

static inline void check_range(const wr_figure *f, int min, int max)
{
    int lo = -1, hi = -1;
    assert_int_equal(wr_figure_damage_range(f, &lo, &hi), WR_OK);
    assert_int_equal(lo, min);
    assert_int_equal(hi, max);
}

/* Damage group i of f is dice d sides. */
static inline void check_group(const wr_figure *f, size_t i, int dice, int sides)
{
    int d = 0, s = 0;
    assert_int_equal(wr_figure_damage_group(f, i, &d, &s), WR_OK);
    assert_int_equal(d, dice);
    assert_int_equal(s, sides);
}

/* A unit of figures of AR 10, HD 1, AC 5 and MV mv. */
static inline wr_battle_unit *make_unit(wr_battle_unit_type type, int figures, int mv,
                                        unsigned equipment, unsigned traits, int single)
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

/* A formation facing 0 degrees. */
static inline wr_formation *make_formation(wr_formation_order order, int frontage)
{
    wr_formation *f = NULL;
    assert_int_equal(wr_formation_new(order, frontage, 0, &f), WR_OK);
    return f;
}

/* [11.3] the chariot of np passengers and nl pullers (at most 4 each). */
static inline wr_figure *rated_chariot(wr_figure **pass, size_t np, wr_figure **pull, size_t nl)
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

/* wr_shield_wall_check() answers expected. */
static inline void check_shield_wall(const wr_battle_unit *u, const wr_formation *f, int all_round,
                                     int cost, wr_declare_problem expected)
{
    wr_declare_problem p = (wr_declare_problem)-1;
    assert_int_equal(wr_shield_wall_check(u, f, all_round, cost, &p), WR_OK);
    assert_int_equal(p, expected);
}

/* wr_tactical_check() of a move, its result consistent with itself. */
static inline wr_tactical_result move(const wr_battle_unit *u, const wr_formation *f,
                                      const wr_tactical_leg *legs, size_t n, unsigned flags)
{
    wr_tactical_result r;
    assert_int_equal(wr_tactical_check(u, f, legs, n, flags, &r), WR_OK);
    assert_int_equal(r.legal, r.problem == WR_TACTICAL_OK);
    assert_int_equal(r.left, r.available - r.cost);
    return r;
}

#define INCH WR_LEN_PER_INCH
#define MP WR_MOVE_PER_INCH

#endif /* WARRULES_BATTLESYSTEM_H */

#endif /* cmocka_unit_test */

#endif
