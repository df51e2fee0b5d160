/* Batch forms of the pinned counting rules: many independent melee rounds
   over caller arrays in one call, for bindings and engines that would
   otherwise pay one call per round. The checks and the arithmetic are those
   of wr_fighting_figures(), wr_combat_percent() and wr_kills_from_percent()
   (src/melee/reach.c), in the same order; the tests compare item by item. */
#include <string.h>

#include "internal.h"

#define SIDE_ALL_FLAGS                                                                           \
    (WR_COMBATANT_MOUNTED | WR_COMBATANT_DISORDERED | WR_COMBATANT_SWARM | WR_COMBATANT_FLYING | \
     WR_COMBATANT_FLANKED)

/* The status the pinned functions give one side of round i. */
static wr_status side_status(const wr_melee_batch_combatant *s, int is_b, size_t i,
                             unsigned enemy_flags)
{
    int figures = s->figures[i], files = s->files[i], contact = s->in_contact[i];
    if (figures < 0 || figures > WRI_MAX_FIGURES)
        return WRI_FAIL_VALUE(WR_ERR_RANGE, is_b ? "b->figures" : "a->figures", figures,
                              "0..100000");
    if (files < 1 || files > WRI_MAX_FIGURES)
        return WRI_FAIL_VALUE(WR_ERR_RANGE, is_b ? "b->files" : "a->files", files, "1..100000");
    int most = files < figures ? files : figures;
    if (contact < 0 || contact > most)
        return WRI_FAIL_VALUE(WR_ERR_RANGE, is_b ? "b->in_contact" : "a->in_contact", contact,
                              "0..min(files, figures)");
    int weapon = s->weapon[i];
    if (weapon < WR_WEAPON_OTHER || weapon > WR_WEAPON_PIKE)
        return WRI_FAIL_VALUE(WR_ERR_INVALID, is_b ? "b->weapon" : "a->weapon", weapon,
                              "a wr_weapon value");
    if (s->flags[i] & ~SIDE_ALL_FLAGS)
        return WRI_FAIL_VALUE(WR_ERR_INVALID, is_b ? "b->flags" : "a->flags", s->flags[i],
                              "WR_COMBATANT_* flags");
    if (enemy_flags & ~SIDE_ALL_FLAGS)
        return WRI_FAIL_VALUE(WR_ERR_INVALID, is_b ? "a->flags" : "b->flags", enemy_flags,
                              "WR_COMBATANT_* flags");
    int bcp = s->bcp[i], modifiers = s->modifiers[i], d100 = s->d100[i];
    if (bcp < 0 || bcp > 1000)
        return WRI_FAIL_VALUE(WR_ERR_RANGE, is_b ? "b->bcp" : "a->bcp", bcp, "0..1000");
    if (modifiers < -1000 || modifiers > 1000)
        return WRI_FAIL_VALUE(WR_ERR_RANGE, is_b ? "b->modifiers" : "a->modifiers", modifiers,
                              "-1000..1000");
    if (d100 < 1 || d100 > 100)
        return WRI_FAIL_VALUE(WR_ERR_RANGE, is_b ? "b->d100" : "a->d100", d100, "1..100");
    return WR_OK;
}

/* Rounds are resolved BLOCK at a time in local arrays: each caller column
   is read and written by a copy of its own, so the speed does not depend on
   where the columns lie (columns that all start at the same offset in a
   page would otherwise fight over the same cache sets), and the arithmetic
   runs over short contiguous arrays the compiler can vectorize. */
#define BLOCK 128
/* Items per range check: long runs of each column, for the prefetcher. */
#define CHECK_BLOCK 4096

typedef struct block_side {
    int figures[BLOCK], files[BLOCK], contact[BLOCK], weapon[BLOCK];
    unsigned flags[BLOCK];
    int bcp[BLOCK], modifiers[BLOCK], d100[BLOCK];
} block_side;

typedef struct block_out {
    int fighting[BLOCK], mcp[BLOCK], fcp[BLOCK], kills[BLOCK], lost[BLOCK];
} block_out;

typedef struct block {
    block_side in[2];
    block_out out[2];
    int loser[BLOCK];
} block;

static int side_complete(const wr_melee_batch_combatant *s)
{
    return s->figures != NULL && s->files != NULL && s->in_contact != NULL && s->weapon != NULL &&
           s->flags != NULL && s->bcp != NULL && s->modifiers != NULL && s->d100 != NULL;
}

/* Non-zero when any of items [i0, i0 + m) of a side breaks a range (the
   status and the item are then found by side_status()). One pass per few
   columns, without branches. */
static unsigned block_bad(const wr_melee_batch_combatant *s, const unsigned *enemy_flags, size_t i0,
                          size_t m)
{
    unsigned bad = 0;
    const int *fig = s->figures + i0, *fil = s->files + i0, *con = s->in_contact + i0;
    for (size_t k = 0; k < m; k++) {
        int most = fil[k] < fig[k] ? fil[k] : fig[k];
        bad |= (unsigned)(fig[k] < 0) | (unsigned)(fig[k] > WRI_MAX_FIGURES) |
               (unsigned)(fil[k] < 1) | (unsigned)(fil[k] > WRI_MAX_FIGURES) |
               (unsigned)(con[k] < 0) | (unsigned)(con[k] > most);
    }
    const int *weapon = s->weapon + i0;
    const unsigned *flags = s->flags + i0, *enemy = enemy_flags + i0;
    for (size_t k = 0; k < m; k++)
        bad |= (unsigned)(weapon[k] < WR_WEAPON_OTHER) | (unsigned)(weapon[k] > WR_WEAPON_PIKE) |
               (unsigned)(((flags[k] | enemy[k]) & ~SIDE_ALL_FLAGS) != 0);
    const int *bcp = s->bcp + i0, *mod = s->modifiers + i0, *d100 = s->d100 + i0;
    for (size_t k = 0; k < m; k++)
        bad |= (unsigned)(bcp[k] < 0) | (unsigned)(bcp[k] > 1000) | (unsigned)(mod[k] < -1000) |
               (unsigned)(mod[k] > 1000) | (unsigned)(d100[k] < 1) | (unsigned)(d100[k] > 100);
    return bad;
}

/* The first bad item of the batch and its status, or WR_OK. The blocks are
   checked from the last to the first, so that the first ones, which the
   rounds are resolved from next, are still in the cache. */
static wr_status first_bad(size_t n, const wr_melee_batch_combatant *a,
                           const wr_melee_batch_combatant *b, size_t *index)
{
    size_t blocks = (n + CHECK_BLOCK - 1) / CHECK_BLOCK, first = blocks;
    for (size_t k = blocks; k-- > 0;) {
        size_t i0 = k * CHECK_BLOCK, m = n - i0 < CHECK_BLOCK ? n - i0 : CHECK_BLOCK;
        if (block_bad(a, b->flags, i0, m) | block_bad(b, a->flags, i0, m))
            first = k;
    }
    for (size_t i = first * CHECK_BLOCK; first < blocks && i < n; i++) {
        wr_status st = side_status(a, 0, i, b->flags[i]);
        if (st == WR_OK)
            st = side_status(b, 1, i, a->flags[i]);
        if (st != WR_OK) {
            *index = i;
            return st;
        }
    }
    return WR_OK;
}

static void copy_in(block_side *d, const wr_melee_batch_combatant *s, size_t i0, size_t m)
{
    memcpy(d->figures, s->figures + i0, m * sizeof(int));
    memcpy(d->files, s->files + i0, m * sizeof(int));
    memcpy(d->contact, s->in_contact + i0, m * sizeof(int));
    memcpy(d->weapon, s->weapon + i0, m * sizeof(int));
    memcpy(d->flags, s->flags + i0, m * sizeof(unsigned));
    memcpy(d->bcp, s->bcp + i0, m * sizeof(int));
    memcpy(d->modifiers, s->modifiers + i0, m * sizeof(int));
    memcpy(d->d100, s->d100 + i0, m * sizeof(int));
}

static void copy_column(int *dst, const int *src, size_t i0, size_t m)
{
    if (dst != NULL)
        memcpy(dst + i0, src, m * sizeof(int));
}

static void copy_out(const wr_melee_batch_out *o, const block_out *s, size_t i0, size_t m)
{
    copy_column(o->fighting, s->fighting, i0, m);
    copy_column(o->mcp, s->mcp, i0, m);
    copy_column(o->fcp, s->fcp, i0, m);
    copy_column(o->kills, s->kills, i0, m);
    copy_column(o->lost, s->lost, i0, m);
}

/* One side's strikes of m checked rounds: wri_melee_fighting() without
   branches (the ranks a weapon reaches each add the figures of that rank in
   contact; in_contact is at most files and figures), then
   wr_combat_percent() and wr_kills_from_percent() (d100 >= 1, so a roll
   within a zero remainder never adds a kill). */
static void block_strikes(const block_side *restrict s, const unsigned *restrict enemy_flags,
                          block_out *restrict o, int m)
{
    /* flag bits as 0/1 values, combined with bit operations: no branches */
    enum { MOUNTED = 0, SWARM = 2, FLYING = 3 };
    const unsigned front_flags =
        WR_COMBATANT_MOUNTED | WR_COMBATANT_DISORDERED | WR_COMBATANT_FLANKED;
    for (int k = 0; k < m; k++) {
        unsigned self = s->flags[k], enemy = enemy_flags[k];
        int figures = s->figures[k], files = s->files[k], contact = s->contact[k];
        int weapon = s->weapon[k];
        int second = figures - files, third = figures - 2 * files;
        second = second < 0 ? 0 : second;
        second = second > contact ? contact : second;
        third = third < 0 ? 0 : third;
        third = third > contact ? contact : third;
        int ranked = contact + (weapon != WR_WEAPON_OTHER ? second : 0) +
                     (weapon == WR_WEAPON_PIKE ? third : 0);
        unsigned none =
            ((self >> SWARM) & (enemy >> FLYING)) | ((self >> FLYING) & (enemy >> SWARM));
        unsigned all = ((self | enemy) >> FLYING) | (self >> SWARM) | ((self & enemy) >> MOUNTED);
        int fighting = (self & front_flags) != 0 ? contact : ranked;
        fighting = (all & 1u) != 0 ? figures : fighting;
        fighting = (none & 1u) != 0 ? 0 : fighting;
        int mcp = s->bcp[k] + s->modifiers[k];
        mcp = mcp < 0 ? 0 : mcp;
        int fcp = mcp * fighting; /* at most 2000 * 100000 */
        int whole = (int)((unsigned)fcp / 100u), rest = fcp - 100 * whole;
        o->fighting[k] = fighting;
        o->mcp[k] = mcp;
        o->fcp[k] = fcp;
        o->kills[k] = whole + (s->d100[k] <= rest);
    }
}

static void block_losses(block *blk, int m)
{
    for (int k = 0; k < m; k++) {
        int ka = blk->out[0].kills[k], kb = blk->out[1].kills[k];
        int fa = blk->in[0].figures[k], fb = blk->in[1].figures[k];
        int lost_a = kb < fa ? kb : fa, lost_b = ka < fb ? ka : fb;
        blk->out[0].lost[k] = lost_a;
        blk->out[1].lost[k] = lost_b;
        blk->loser[k] = lost_a == lost_b ? -1 : (lost_a > lost_b ? 0 : 1);
    }
}

wr_status wr_melee_rounds_batch(size_t n, const wr_melee_batch_combatant *a,
                                const wr_melee_batch_combatant *b, const wr_melee_batch_out *out_a,
                                const wr_melee_batch_out *out_b, int *loser, size_t *bad_index)
{
    if (a == NULL)
        return WRI_NULL(a);
    if (b == NULL)
        return WRI_NULL(b);
    if (out_a == NULL)
        return WRI_NULL(out_a);
    if (out_b == NULL)
        return WRI_NULL(out_b);
    if (n == 0)
        return WR_OK;
    if (!side_complete(a))
        return WRI_FAIL(WR_ERR_NULL, "a", "every input array non-NULL when n > 0");
    if (!side_complete(b))
        return WRI_FAIL(WR_ERR_NULL, "b", "every input array non-NULL when n > 0");
    size_t bad = 0;
    wr_status st = first_bad(n, a, b, &bad);
    if (st != WR_OK) {
        if (bad_index != NULL)
            *bad_index = bad;
        return WRI_PASS(st);
    }
    block blk; /* 14 KiB */
    for (size_t i0 = 0; i0 < n; i0 += BLOCK) {
        size_t m = n - i0 < BLOCK ? n - i0 : BLOCK;
        copy_in(&blk.in[0], a, i0, m);
        copy_in(&blk.in[1], b, i0, m);
        block_strikes(&blk.in[0], blk.in[1].flags, &blk.out[0], (int)m);
        block_strikes(&blk.in[1], blk.in[0].flags, &blk.out[1], (int)m);
        block_losses(&blk, (int)m);
        copy_out(out_a, &blk.out[0], i0, m);
        copy_out(out_b, &blk.out[1], i0, m);
        if (loser != NULL)
            memcpy(loser + i0, blk.loser, m * sizeof(int));
    }
    return WR_OK;
}
