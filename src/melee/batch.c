/* Batch forms of the pinned counting rules: many independent melee rounds
   over caller arrays in one call, for bindings and engines that would
   otherwise pay one call per round. The checks and the arithmetic are those
   of wr_fighting_figures(), wr_combat_percent() and wr_kills_from_percent()
   (src/melee/reach.c), in the same order; the tests compare item by item. */
#include "internal.h"

#define SIDE_ALL_FLAGS \
    (WR_SIDE_MOUNTED | WR_SIDE_DISORDERED | WR_SIDE_SWARM | WR_SIDE_FLYING | WR_SIDE_FLANKED)

/* The status the pinned functions give one side of round i. */
static wr_status side_status(const wr_melee_batch_side *s, int is_b, size_t i,
                             unsigned enemy_flags)
{
    int figures = s->figures[i], files = s->files[i], contact = s->in_contact[i];
    if (figures < 0 || figures > WRI_MAX_FIGURES)
        return WRI_FAIL_VALUE(WR_ERR_RANGE, is_b ? "b->figures" : "a->figures", figures, "0..100000");
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
                              "WR_SIDE_* flags");
    if (enemy_flags & ~SIDE_ALL_FLAGS)
        return WRI_FAIL_VALUE(WR_ERR_INVALID, is_b ? "a->flags" : "b->flags", enemy_flags,
                              "WR_SIDE_* flags");
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

/* One side's strike of a checked round. */
typedef struct strike {
    int fighting, mcp, fcp, kills;
} strike;

static strike side_strike(const wr_melee_batch_side *s, size_t i, unsigned enemy_flags)
{
    strike k;
    int which = 0;
    k.fighting = wri_melee_fighting(s->figures[i], s->files[i], s->in_contact[i],
                                    (wr_weapon)s->weapon[i], s->flags[i], enemy_flags, &which);
    int m = s->bcp[i] + s->modifiers[i];
    k.mcp = m < 0 ? 0 : m;
    k.fcp = k.mcp * k.fighting; /* at most 2000 * 100000 */
    int rem = k.fcp % 100;
    k.kills = k.fcp / 100 + (rem > 0 && s->d100[i] <= rem ? 1 : 0);
    return k;
}

static int side_complete(const wr_melee_batch_side *s)
{
    return s->figures != NULL && s->files != NULL && s->in_contact != NULL &&
           s->weapon != NULL && s->flags != NULL && s->bcp != NULL && s->modifiers != NULL &&
           s->d100 != NULL;
}

static void write_side(const wr_melee_batch_out *o, size_t i, const strike *k, int lost)
{
    if (o->fighting != NULL)
        o->fighting[i] = k->fighting;
    if (o->mcp != NULL)
        o->mcp[i] = k->mcp;
    if (o->fcp != NULL)
        o->fcp[i] = k->fcp;
    if (o->kills != NULL)
        o->kills[i] = k->kills;
    if (o->lost != NULL)
        o->lost[i] = lost;
}

wr_status wr_melee_rounds_batch(size_t n, const wr_melee_batch_side *a,
                                const wr_melee_batch_side *b, const wr_melee_batch_out *out_a,
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
    for (size_t i = 0; i < n; i++) {
        wr_status st = side_status(a, 0, i, b->flags[i]);
        if (st == WR_OK)
            st = side_status(b, 1, i, a->flags[i]);
        if (st != WR_OK) {
            if (bad_index != NULL)
                *bad_index = i;
            return WRI_PASS(st);
        }
    }
    for (size_t i = 0; i < n; i++) {
        strike ka = side_strike(a, i, b->flags[i]);
        strike kb = side_strike(b, i, a->flags[i]);
        int lost_a = kb.kills < a->figures[i] ? kb.kills : a->figures[i];
        int lost_b = ka.kills < b->figures[i] ? ka.kills : b->figures[i];
        write_side(out_a, i, &ka, lost_a);
        write_side(out_b, i, &kb, lost_b);
        if (loser != NULL)
            loser[i] = lost_a == lost_b ? -1 : (lost_a > lost_b ? 0 : 1);
    }
    return WR_OK;
}
