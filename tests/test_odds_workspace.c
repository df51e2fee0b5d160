/* The exact odds of a melee in a caller-owned workspace (Fantasy Warlord,
   hand-to-hand combat, [Continuing], [Wounds]): wr_melee_odds_new_in_workspace()
   gives the odds of wr_melee_odds_new() digit for digit whatever ran in the
   workspace before, allocates only its result once the workspace is large
   enough, refuses bad input and survives failures. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "failing_alloc.h"
#include "invalid.h"
#include "warrules/melee.h"

#include "fixtures.h"

/* ---- engagements ------------------------------------------------------- */

typedef struct fixture {
    wr_profile *dwarf, *orc, *men, *beast;
    wr_hit_chart *chart;
} fixture;

static fixture fx;

static int setup(void **state)
{
    (void)state;
    memset(&fx, 0, sizeof fx);
    if (wr_profile_new_sample(WR_SAMPLE_DWARF_VETERANS, &fx.dwarf) != WR_OK ||
        wr_profile_new_sample(WR_SAMPLE_ORC_URUCKS, &fx.orc) != WR_OK ||
        wr_profile_new(WR_RACE_HUMAN, &fx.men) != WR_OK ||
        wr_profile_new(WR_RACE_OTHER, &fx.beast) != WR_OK || wr_hit_chart_new(&fx.chart) != WR_OK ||
        wr_profile_set_retire_band(fx.orc, 10) != WR_OK ||
        wr_profile_set_bcp(fx.men, 0, 0, 30) != WR_OK ||
        wr_profile_set_bcp(fx.beast, 0, 0, 120) != WR_OK)
        return -1;
    const chart_row body = sample_chart_row(0), head = sample_chart_row(1);
    if (wr_hit_chart_add(fx.chart, body.low, body.high, body.location, body.wounds) != WR_OK ||
        wr_hit_chart_add(fx.chart, head.low, head.high, head.location, head.wounds) != WR_OK)
        return -1;
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    wr_hit_chart_free(fx.chart);
    wr_profile_free(fx.dwarf);
    wr_profile_free(fx.orc);
    wr_profile_free(fx.men);
    wr_profile_free(fx.beast);
    return 0;
}

typedef struct melee {
    wr_melee_unit *a, *b;
    wr_engagement *e;
} melee;

/* The worked example's dwarf spearmen charging its orc urucks
   (tests/fixtures.h), `a` and `b` figures in ranks of `files`; facing:
   where the orcs are struck (WR_FACING_*). */
static melee example_melee(int a, int b, int files, wr_facing facing)
{
    melee m;
    wr_melee_unit_desc d = example_dwarfs_desc();
    d.figures = a;
    d.files = files;
    assert_int_equal(wr_melee_unit_new(fx.dwarf, &d, &m.a), WR_OK);
    d = example_urucks_desc();
    d.figures = b;
    d.files = files;
    assert_int_equal(wr_melee_unit_new(fx.orc, &d, &m.b), WR_OK);
    wr_situation s = example_situation();
    s.side[0].in_contact = files < a ? files : a;
    s.side[1].in_contact = files < b ? files : b;
    s.side[1].attacked_in = facing;
    assert_int_equal(wr_engagement_new(m.a, m.b, &s, &m.e), WR_OK);
    return m;
}

/* Eight men against a monster or a character with the hit chart. */
static melee against_monster(wr_melee_unit_kind kind)
{
    melee m;
    wr_melee_unit_desc d = wr_melee_unit_desc_default();
    d.figures = 8;
    d.files = 4;
    assert_int_equal(wr_melee_unit_new(fx.men, &d, &m.a), WR_OK);
    d = wr_melee_unit_desc_default();
    d.kind = kind;
    assert_int_equal(wr_melee_unit_new(fx.beast, &d, &m.b), WR_OK);
    assert_int_equal(wr_melee_unit_set_hit_chart(m.b, fx.chart), WR_OK);
    wr_situation s;
    memset(&s, 0, sizeof s);
    s.side[0].in_contact = 4;
    s.side[1].in_contact = 1;
    assert_int_equal(wr_engagement_new(m.a, m.b, &s, &m.e), WR_OK);
    return m;
}

static void melee_free(melee *m)
{
    wr_engagement_free(m->e);
    wr_melee_unit_free(m->a);
    wr_melee_unit_free(m->b);
}

/* ---- the same odds ----------------------------------------------------- */

static void assert_same_number(wr_status sa, const char *a, wr_status sb, const char *b)
{
    assert_int_equal(sa, WR_OK);
    assert_int_equal(sb, WR_OK);
    assert_string_equal(a, b);
}

/* Every end and every figure count of x and y, as exact decimals. */
static void assert_same_odds(const wr_melee_odds *x, const wr_melee_odds *y, int figures0,
                             int figures1)
{
    static char a[2048], b[2048];
    size_t la = 0, lb = 0;
    int ex = -1, ey = -2;
    assert_int_equal(wr_melee_odds_exponent(x, &ex), WR_OK);
    assert_int_equal(wr_melee_odds_exponent(y, &ey), WR_OK);
    assert_int_equal(ex, ey);
    for (int end = 0; end < WR_END_COUNT; end++)
        assert_same_number(wr_melee_odds_end_exact(x, (wr_melee_end)end, a, sizeof a, &la), a,
                           wr_melee_odds_end_exact(y, (wr_melee_end)end, b, sizeof b, &lb), b);
    for (int side = 0; side < 2; side++)
        for (int f = 0; f <= (side ? figures1 : figures0); f++)
            assert_same_number(wr_melee_odds_figures_exact(x, side, f, a, sizeof a, &la), a,
                               wr_melee_odds_figures_exact(y, side, f, b, sizeof b, &lb), b);
}

static void assert_same_as_old_call(const melee *m, int rounds, wr_odds_workspace *ws,
                                    int figures0, int figures1)
{
    wr_melee_odds *old = NULL, *now = NULL;
    assert_int_equal(wr_melee_odds_new(m->e, rounds, &old), WR_OK);
    assert_int_equal(wr_melee_odds_new_in_workspace(m->e, rounds, ws, &now), WR_OK);
    assert_same_odds(old, now, figures0, figures1);
    wr_melee_odds_free(old);
    wr_melee_odds_free(now);
}

static void same_odds_whatever_ran_before(void **state)
{
    (void)state;
    wr_odds_workspace *ws = NULL;
    assert_int_equal(wr_odds_workspace_new(&ws), WR_OK);
    /* small, large, small again, other shapes, struck in flank and rear,
       monsters and characters: each call in memory the one before used */
    static const struct {
        int a, b, files, facing, rounds;
    } cases[] = {{10, 9, 5, WR_FACING_FRONT, 40}, {200, 200, 20, WR_FACING_FRONT, 40},
                 {10, 9, 5, WR_FACING_FRONT, 40}, {7, 12, 4, WR_FACING_FLANK, 13},
                 {120, 60, 12, WR_FACING_REAR, 25}, {50, 50, 10, WR_FACING_FRONT, 1},
                 {50, 50, 10, WR_FACING_FRONT, 40}, {1, 1, 1, WR_FACING_FRONT, 3}};
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        melee m =
            example_melee(cases[k].a, cases[k].b, cases[k].files, (wr_facing)cases[k].facing);
        assert_same_as_old_call(&m, cases[k].rounds, ws, cases[k].a, cases[k].b);
        melee_free(&m);
        melee mm = against_monster(k % 2 ? WR_UNIT_CHARACTER : WR_UNIT_MONSTER);
        assert_same_as_old_call(&mm, 1 + (int)k, ws, 8, 1);
        melee_free(&mm);
    }
    wr_odds_workspace_free(ws);
    wr_odds_workspace_free(NULL);
}

static void odds_outlive_the_workspace(void **state)
{
    (void)state;
    melee m = example_melee(10, 9, 5, WR_FACING_FRONT);
    wr_odds_workspace *ws = NULL;
    wr_melee_odds *old = NULL, *now = NULL;
    assert_int_equal(wr_odds_workspace_new(&ws), WR_OK);
    assert_int_equal(wr_melee_odds_new_in_workspace(m.e, 12, ws, &now), WR_OK);
    wr_odds_workspace_free(ws);
    assert_int_equal(wr_melee_odds_new(m.e, 12, &old), WR_OK);
    assert_same_odds(old, now, 10, 9);
    wr_melee_odds_free(old);
    wr_melee_odds_free(now);
    melee_free(&m);
}

/* ---- memory ------------------------------------------------------------ */

static void allocates_only_the_result_once_warm(void **state)
{
    (void)state;
    melee big = example_melee(50, 50, 10, WR_FACING_FRONT);
    melee small = example_melee(10, 9, 5, WR_FACING_FLANK);
    failing_allocator counter = {0, -1, 0};
    wr_allocator alloc = {failing_alloc, &counter};
    wr_odds_workspace *ws = NULL;
    wr_melee_odds *o = NULL;
    assert_int_equal(wr_odds_workspace_new_ex(&alloc, &ws), WR_OK);
    assert_int_equal(wr_melee_odds_new_in_workspace(big.e, 40, ws, &o), WR_OK);
    wr_melee_odds_free(o);
    for (int k = 0; k < 3; k++) {
        long before = counter.allocations;
        assert_int_equal(wr_melee_odds_new_in_workspace(k == 1 ? small.e : big.e, 40, ws, &o), WR_OK);
        assert_int_equal(counter.allocations - before, 3); /* the odds: handle, ends, figures */
        wr_melee_odds_free(o);
    }
    wr_odds_workspace_free(ws);
    assert_int_equal(counter.live, 0);
    melee_free(&big);
    melee_free(&small);
}

static melee *failing_scenario_melee;

static wr_status workspace_scenario(const wr_allocator *alloc)
{
    wr_odds_workspace *ws = NULL;
    wr_melee_odds *o1 = NULL, *o2 = NULL;
    wr_status st;
    TRY(wr_odds_workspace_new_ex(alloc, &ws));
    TRY(wr_melee_odds_new_in_workspace(failing_scenario_melee->e, 6, ws, &o1));
    TRY(wr_melee_odds_new_in_workspace(failing_scenario_melee->e, 20, ws, &o2));
done:
    wr_melee_odds_free(o1);
    wr_melee_odds_free(o2);
    wr_odds_workspace_free(ws);
    return st;
}

static void every_allocation_failing(void **state)
{
    (void)state;
    melee m = example_melee(10, 9, 5, WR_FACING_FLANK);
    failing_scenario_melee = &m;
    check_alloc_failures(workspace_scenario, 5);
    melee_free(&m);
}

/* After a failed allocation the workspace still gives the right odds. */
static void usable_after_nomem(void **state)
{
    (void)state;
    melee small = example_melee(10, 9, 5, WR_FACING_FRONT);
    melee big = example_melee(60, 60, 10, WR_FACING_FRONT);
    failing_allocator f = {0, -1, 0};
    wr_allocator alloc = {failing_alloc, &f};
    wr_odds_workspace *ws = NULL;
    wr_melee_odds *o = (wr_melee_odds *)&f, *untouched = o;
    assert_int_equal(wr_odds_workspace_new_ex(&alloc, &ws), WR_OK);
    assert_int_equal(wr_melee_odds_new_in_workspace(small.e, 40, ws, &o), WR_OK);
    wr_melee_odds_free(o);
    o = untouched;
    f.fail_at = f.allocations; /* the larger grid cannot be had */
    assert_status(wr_melee_odds_new_in_workspace(big.e, 40, ws, &o), WR_ERR_NOMEM);
    assert_ptr_equal(o, untouched);
    f.fail_at = -1;
    assert_same_as_old_call(&small, 40, ws, 10, 9);
    assert_same_as_old_call(&big, 40, ws, 60, 60);
    wr_odds_workspace_free(ws);
    assert_int_equal(f.live, 0);
    melee_free(&small);
    melee_free(&big);
}

/* A morale model that fails on its n-th call: the run stops half way. */
static int morale_calls;

static wr_status failing_morale(void *user, const wr_morale_test *test, wr_morale_odds *odds)
{
    (void)user;
    if (++morale_calls == 40)
        return WR_ERR_INVALID;
    return wr_morale_sample(NULL, test, odds);
}

static void usable_after_a_failed_run(void **state)
{
    (void)state;
    melee m = example_melee(30, 30, 10, WR_FACING_FRONT);
    wr_odds_workspace *ws = NULL;
    wr_melee_odds *o = NULL, *untouched = (wr_melee_odds *)&ws;
    assert_int_equal(wr_odds_workspace_new(&ws), WR_OK);
    assert_int_equal(wr_engagement_set_morale(m.e, failing_morale, NULL), WR_OK);
    morale_calls = 0;
    o = untouched;
    assert_status(wr_melee_odds_new_in_workspace(m.e, 40, ws, &o), WR_ERR_INVALID);
    assert_ptr_equal(o, untouched);
    assert_int_equal(wr_engagement_set_morale(m.e, NULL, NULL), WR_OK);
    assert_same_as_old_call(&m, 40, ws, 30, 30);
    wr_odds_workspace_free(ws);
    melee_free(&m);
}

/* ---- bad input ----------------------------------------------------------- */

static void refuses_bad_input(void **state)
{
    (void)state;
    melee m = example_melee(10, 9, 5, WR_FACING_FRONT);
    wr_odds_workspace *ws = NULL, *ws_untouched = (wr_odds_workspace *)&m;
    wr_melee_odds *o = (wr_melee_odds *)&m, *untouched = o;
    wr_allocator none = {NULL, NULL};

    assert_status(wr_odds_workspace_new(NULL), WR_ERR_NULL);
    assert_status(wr_odds_workspace_new_ex(NULL, NULL), WR_ERR_NULL);
    ws = ws_untouched;
    assert_status(wr_odds_workspace_new_ex(&none, &ws), WR_ERR_INVALID);
    assert_ptr_equal(ws, ws_untouched);
    assert_int_equal(wr_odds_workspace_new_ex(NULL, &ws), WR_OK);

    assert_status(wr_melee_odds_new_in_workspace(NULL, 5, ws, &o), WR_ERR_NULL);
    assert_status(wr_melee_odds_new_in_workspace(m.e, 5, NULL, &o), WR_ERR_NULL);
    assert_status(wr_melee_odds_new_in_workspace(m.e, 5, ws, NULL), WR_ERR_NULL);
    assert_status(wr_melee_odds_new_in_workspace(m.e, 0, ws, &o), WR_ERR_RANGE);
    assert_status(wr_melee_odds_new_in_workspace(m.e, WR_ODDS_MAX_ROUNDS + 1, ws, &o), WR_ERR_RANGE);
    assert_status(wr_melee_odds_new_in_workspace(m.e, -7, ws, &o), WR_ERR_RANGE);
    assert_ptr_equal(o, untouched);

    /* more figures than the exact odds accept */
    melee huge = example_melee(WR_ODDS_MAX_FIGURES + 1, 10, 10, WR_FACING_FRONT);
    assert_status(wr_melee_odds_new_in_workspace(huge.e, 5, ws, &o), WR_ERR_RANGE);
    melee_free(&huge);

    /* a side with no figures left cannot fight */
    melee over = example_melee(5, 5, 5, WR_FACING_FRONT);
    assert_int_equal(wr_melee_unit_set_figures(over.b, 0), WR_OK);
    assert_status(wr_melee_odds_new_in_workspace(over.e, 5, ws, &o), WR_ERR_STATE);
    assert_ptr_equal(o, untouched);
    melee_free(&over);

    /* and the workspace still serves */
    assert_same_as_old_call(&m, 9, ws, 10, 9);
    wr_odds_workspace_free(ws);
    melee_free(&m);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(same_odds_whatever_ran_before),
        cmocka_unit_test(odds_outlive_the_workspace),
        cmocka_unit_test(allocates_only_the_result_once_warm),
        cmocka_unit_test(every_allocation_failing),
        cmocka_unit_test(usable_after_nomem),
        cmocka_unit_test(usable_after_a_failed_run),
        cmocka_unit_test(refuses_bad_input),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
