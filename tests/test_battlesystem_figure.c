/* AD&D Battlesystem, chapter 11: figures (their statistics, damage dice
   merged by size, the limits, clones), one damage roll [11.5] from rolls or
   a wr_rng, every allocation failing once, the allocator told each block's
   true size. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "failing_alloc.h"

#include "warrules/battlesystem.h"

#include "fixtures.h"

/* ---- figures ----------------------------------------------------------- */

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

/* ---- [11.5] one damage roll -------------------------------------------- */

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

/* ---- allocation failures ----------------------------------------------- */

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
        cmocka_unit_test(allocation_failures),
        cmocka_unit_test(allocator_told_true_sizes),
    };
    return cmocka_run_group_tests_name("battlesystem_figure", tests, NULL, NULL);
}
