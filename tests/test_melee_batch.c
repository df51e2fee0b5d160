/* wr_melee_rounds_batch() on long batches (Fantasy Warlord, hand-to-hand
   combat, [Who fights], [Casualties 2-4]): item by item what the pinned
   functions give, whatever the memory layout of the columns, and on a bad
   item far into the batch its index and status with no output written. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "warrules/melee.h"

#define N 10007 /* several blocks of the batch and a ragged end */
#define SENTINEL (-12345)

static uint32_t next(uint32_t *s)
{
    *s = *s * 1664525u + 1013904223u;
    return *s >> 8;
}

/* 16 input and 11 output columns: packed in one block, or each its own
   page-aligned block (the layout that makes columns share cache sets). */
typedef struct columns {
    int *col[27];
    void *blocks[27];
} columns;

static void columns_new(columns *c, int page_aligned)
{
    memset(c, 0, sizeof *c);
    if (!page_aligned) {
        c->blocks[0] = malloc(27u * N * sizeof(int));
        assert_non_null(c->blocks[0]);
        for (int k = 0; k < 27; k++)
            c->col[k] = (int *)c->blocks[0] + (size_t)k * N;
        return;
    }
    size_t bytes = (N * sizeof(int) + 4095u) / 4096u * 4096u;
    for (int k = 0; k < 27; k++) {
        c->blocks[k] = aligned_alloc(4096, bytes);
        assert_non_null(c->blocks[k]);
        c->col[k] = c->blocks[k];
    }
}

static void columns_free(columns *c)
{
    for (int k = 0; k < 27; k++)
        free(c->blocks[k]);
}

/* Inputs of every kind: small and large units, every weapon and flag. */
static void fill(columns *c, uint32_t seed)
{
    for (int side = 0; side < 2; side++) {
        int **v = c->col + side * 8;
        for (int i = 0; i < N; i++) {
            int large = next(&seed) % 8u == 0;
            int figures = (int)(next(&seed) % (large ? 100001u : 61u));
            int files = 1 + (int)(next(&seed) % (large ? 100000u : 12u));
            int most = files < figures ? files : figures;
            v[0][i] = figures;
            v[1][i] = files;
            v[2][i] = (int)(next(&seed) % (uint32_t)(most + 1));
            v[3][i] = (int)(next(&seed) % 4u);
            v[4][i] = (int)(next(&seed) % 0x20u);
            v[5][i] = (int)(next(&seed) % 1001u);
            v[6][i] = (int)(next(&seed) % 2001u) - 1000;
            v[7][i] = 1 + (int)(next(&seed) % 100u);
        }
    }
    for (int k = 16; k < 27; k++)
        for (int i = 0; i < N; i++)
            c->col[k][i] = SENTINEL;
}

static wr_melee_batch_combatant side_in(const columns *c, int side)
{
    int *const *v = c->col + side * 8;
    wr_melee_batch_combatant s = {v[0], v[1], v[2], v[3], (const unsigned *)v[4], v[5], v[6], v[7]};
    return s;
}

static wr_melee_batch_out side_out(const columns *c, int side)
{
    int *const *v = c->col + 16 + side * 5;
    wr_melee_batch_out o = {v[0], v[1], v[2], v[3], v[4]};
    return o;
}

static wr_status run(const columns *c, size_t *bad)
{
    wr_melee_batch_combatant a = side_in(c, 0), b = side_in(c, 1);
    wr_melee_batch_out oa = side_out(c, 0), ob = side_out(c, 1);
    return wr_melee_rounds_batch(N, &a, &b, &oa, &ob, c->col[26], bad);
}

static int expect_side(const columns *c, int side, int i)
{
    int *const *v = c->col + side * 8, *const *o = c->col + 16 + side * 5;
    unsigned enemy = (unsigned)c->col[(1 - side) * 8 + 4][i];
    int fighting = 0, mcp = 0, fcp = 0, kills = 0;
    assert_int_equal(wr_fighting_figures(v[0][i], v[1][i], v[2][i], (wr_weapon)v[3][i],
                                         (unsigned)v[4][i], enemy, &fighting),
                     WR_OK);
    assert_int_equal(wr_combat_percent(v[5][i], v[6][i], fighting, &mcp, &fcp), WR_OK);
    assert_int_equal(wr_kills_from_percent(fcp, v[7][i], &kills), WR_OK);
    assert_int_equal(o[0][i], fighting);
    assert_int_equal(o[1][i], mcp);
    assert_int_equal(o[2][i], fcp);
    assert_int_equal(o[3][i], kills);
    return kills;
}

static void matches_pinned(int page_aligned)
{
    columns c;
    columns_new(&c, page_aligned);
    fill(&c, 17u);
    size_t bad = 77;
    assert_int_equal(run(&c, &bad), WR_OK);
    assert_int_equal(bad, 77);
    for (int i = 0; i < N; i++) {
        int ka = expect_side(&c, 0, i), kb = expect_side(&c, 1, i);
        int fa = c.col[0][i], fb = c.col[8][i];
        int lost_a = kb < fa ? kb : fa, lost_b = ka < fb ? ka : fb;
        assert_int_equal(c.col[20][i], lost_a);
        assert_int_equal(c.col[25][i], lost_b);
        assert_int_equal(c.col[26][i], lost_a == lost_b ? -1 : (lost_a > lost_b ? 0 : 1));
    }
    columns_free(&c);
}

static void packed_columns(void **state)
{
    (void)state;
    matches_pinned(0);
}

static void page_aligned_columns(void **state)
{
    (void)state;
    matches_pinned(1);
}

static void assert_nothing_written(const columns *c)
{
    for (int k = 16; k < 27; k++)
        for (int i = 0; i < N; i++)
            assert_int_equal(c->col[k][i], SENTINEL);
}

/* The first bad item wins, however far in and whichever side it is on. */
static void first_bad_item_far_in(void **state)
{
    (void)state;
    static const struct {
        int column, index, value;
        wr_status status;
    } cases[] = {
        {0, 9000, -1, WR_ERR_RANGE},          /* side 0 figures */
        {9, 4096, 0, WR_ERR_RANGE},           /* side 1 files, first item of a block */
        {11, 4095, 4, WR_ERR_INVALID},        /* side 1 weapon, last item of a block */
        {12, N - 1, 0x40, WR_ERR_INVALID},    /* side 1 flags, the very last item */
        {7, 128, 101, WR_ERR_RANGE},          /* side 0 d100 */
    };
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        columns c;
        columns_new(&c, (int)(k % 2));
        fill(&c, 3u + (uint32_t)k);
        c.col[cases[k].column][cases[k].index] = cases[k].value;
        c.col[13][N - 1] = 1001; /* a later bad item, side 1 bcp */
        size_t bad = 77;
        wr_status st = run(&c, &bad);
        if (cases[k].index == N - 1) { /* flags come before bcp in the checks */
            assert_int_equal(st, WR_ERR_INVALID);
        } else {
            assert_int_equal(st, cases[k].status);
        }
        assert_int_equal(bad, (size_t)cases[k].index);
        assert_nothing_written(&c);
        columns_free(&c);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(packed_columns),
        cmocka_unit_test(page_aligned_columns),
        cmocka_unit_test(first_bad_item_far_in),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
