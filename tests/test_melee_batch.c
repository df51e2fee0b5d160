/* wr_melee_rounds_batch() on long batches (Fantasy Warlord, hand-to-hand
   combat, [Who fights], [Casualties 2-4]): item by item what the pinned
   functions give, whatever the memory layout of the columns, and on a bad
   item far into the batch its index and status with no output written;
   on short batches, random rounds and the worked example's first round. */
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

/* ---- short batches: random rounds and the worked example --------------- */

#define BATCH_N 2000

typedef struct batch_cols {
    int figures[BATCH_N], files[BATCH_N], in_contact[BATCH_N], weapon[BATCH_N];
    unsigned flags[BATCH_N];
    int bcp[BATCH_N], modifiers[BATCH_N], d100[BATCH_N];
    int fighting[BATCH_N], mcp[BATCH_N], fcp[BATCH_N], kills[BATCH_N], lost[BATCH_N];
} batch_cols;

static void batch_fill(batch_cols *c, uint32_t *seed)
{
    for (int i = 0; i < BATCH_N; i++) {
        c->figures[i] = (int)(next(seed) % 60u);
        c->files[i] = 1 + (int)(next(seed) % 12u);
        int most = c->files[i] < c->figures[i] ? c->files[i] : c->figures[i];
        c->in_contact[i] = (int)(next(seed) % (uint32_t)(most + 1));
        c->weapon[i] = (int)(next(seed) % 4u);
        c->flags[i] = next(seed) % 0x20u;
        if ((c->flags[i] & WR_COMBATANT_SWARM) && (c->flags[i] & WR_COMBATANT_FLYING))
            c->flags[i] &= ~WR_COMBATANT_FLYING;
        c->bcp[i] = (int)(next(seed) % 1001u);
        c->modifiers[i] = (int)(next(seed) % 2001u) - 1000;
        c->d100[i] = 1 + (int)(next(seed) % 100u);
    }
}

static wr_melee_batch_combatant batch_in(const batch_cols *c)
{
    wr_melee_batch_combatant s = {c->figures, c->files, c->in_contact, c->weapon,
                             c->flags,   c->bcp,   c->modifiers,  c->d100};
    return s;
}

static wr_melee_batch_out batch_out(batch_cols *c)
{
    wr_melee_batch_out o = {c->fighting, c->mcp, c->fcp, c->kills, c->lost};
    return o;
}

static void batch_side_expect(const batch_cols *c, const batch_cols *e, int i, int *kills)
{
    int fighting = 0, mcp = 0, fcp = 0;
    assert_int_equal(wr_fighting_figures(c->figures[i], c->files[i], c->in_contact[i],
                                         (wr_weapon)c->weapon[i], c->flags[i], e->flags[i],
                                         &fighting),
                     WR_OK);
    assert_int_equal(wr_combat_percent(c->bcp[i], c->modifiers[i], fighting, &mcp, &fcp), WR_OK);
    assert_int_equal(wr_kills_from_percent(fcp, c->d100[i], kills), WR_OK);
    assert_int_equal(c->fighting[i], fighting);
    assert_int_equal(c->mcp[i], mcp);
    assert_int_equal(c->fcp[i], fcp);
    assert_int_equal(c->kills[i], *kills);
}

static void batch_rounds_match_pinned(void **state)
{
    (void)state;
    static batch_cols a, b;
    static int loser[BATCH_N];
    uint32_t seed = 6u;
    batch_fill(&a, &seed);
    batch_fill(&b, &seed);
    wr_melee_batch_combatant in_a = batch_in(&a), in_b = batch_in(&b);
    wr_melee_batch_out out_a = batch_out(&a), out_b = batch_out(&b);
    size_t bad = 77;
    assert_int_equal(wr_melee_rounds_batch(BATCH_N, &in_a, &in_b, &out_a, &out_b, loser, &bad),
                     WR_OK);
    assert_int_equal(bad, 77);
    int draws = 0, wins[2] = {0, 0};
    for (int i = 0; i < BATCH_N; i++) {
        int ka = 0, kb = 0;
        batch_side_expect(&a, &b, i, &ka);
        batch_side_expect(&b, &a, i, &kb);
        int lost_a = kb < a.figures[i] ? kb : a.figures[i];
        int lost_b = ka < b.figures[i] ? ka : b.figures[i];
        assert_int_equal(a.lost[i], lost_a);
        assert_int_equal(b.lost[i], lost_b);
        assert_int_equal(loser[i], lost_a == lost_b ? -1 : (lost_a > lost_b ? 0 : 1));
        if (loser[i] < 0)
            draws++;
        else
            wins[loser[i]]++;
    }
    assert_true(draws > 0 && wins[0] > 0 && wins[1] > 0);
}

static void batch_example_dwarfs_and_urucks(void **state)
{
    (void)state;
    /* the worked example: the dwarfs (10 spears in 5 files, 5 in contact,
       BCP 14 +28) roll 34; the orc urucks (9 polearms, 4 in contact, BCP 25
       +12) roll 84 */
    const int fig[2] = {10, 9}, files[2] = {5, 5}, contact[2] = {5, 4};
    const int weapon[2] = {WR_WEAPON_SPEAR, WR_WEAPON_POLEARM};
    const unsigned flags[2] = {0, 0};
    const int bcp[2] = {14, 25}, mods[2] = {28, 12}, d100[2] = {34, 84};
    wr_melee_batch_combatant a = {&fig[0], &files[0], &contact[0], &weapon[0],
                             &flags[0], &bcp[0], &mods[0], &d100[0]};
    wr_melee_batch_combatant b = {&fig[1], &files[1], &contact[1], &weapon[1],
                             &flags[1], &bcp[1], &mods[1], &d100[1]};
    int fighting[2], mcp[2], fcp[2], kills[2], lost[2], loser = 5;
    wr_melee_batch_out oa = {&fighting[0], &mcp[0], &fcp[0], &kills[0], &lost[0]};
    wr_melee_batch_out ob = {&fighting[1], &mcp[1], &fcp[1], &kills[1], &lost[1]};
    assert_int_equal(wr_melee_rounds_batch(1, &a, &b, &oa, &ob, &loser, NULL), WR_OK);
    assert_int_equal(fighting[0], 10);
    assert_int_equal(mcp[0], 42);
    assert_int_equal(fcp[0], 420);
    assert_int_equal(kills[0], 4);
    assert_int_equal(fighting[1], 8);
    assert_int_equal(mcp[1], 37);
    assert_int_equal(fcp[1], 296);
    assert_int_equal(kills[1], 3);
    assert_int_equal(lost[0], 3);
    assert_int_equal(lost[1], 4);
    assert_int_equal(loser, 1);
    /* outputs may be skipped; kills beyond the figures present are capped in lost */
    wr_melee_batch_out none = {NULL, NULL, NULL, NULL, NULL};
    assert_int_equal(wr_melee_rounds_batch(1, &a, &b, &none, &none, NULL, NULL), WR_OK);
    assert_int_equal(wr_melee_rounds_batch(0, &a, &b, &none, &none, NULL, NULL), WR_OK);
    const int few = 2;
    b.figures = &few;
    b.in_contact = &few;
    assert_int_equal(wr_melee_rounds_batch(1, &a, &b, &oa, &ob, &loser, NULL), WR_OK);
    assert_int_equal(kills[0], 4);
    assert_int_equal(lost[1], 2);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(packed_columns),
        cmocka_unit_test(page_aligned_columns),
        cmocka_unit_test(first_bad_item_far_in),
        cmocka_unit_test(batch_rounds_match_pinned),
        cmocka_unit_test(batch_example_dwarfs_and_urucks),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
