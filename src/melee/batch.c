/* Batch forms of the pinned counting rules: many independent melee rounds
   over caller arrays in one call, for bindings and engines that would
   otherwise pay one call per round. */
#include "internal.h"

/* One side's numbers of one item, and what it scores. */
typedef struct side_item {
    int figures, files, in_contact, weapon, bcp, modifiers, d100;
    unsigned flags;
    int fighting, mcp, fcp, kills;
} side_item;

static void load(const wr_melee_batch_side *s, size_t i, side_item *it)
{
    it->figures = s->figures[i];
    it->files = s->files[i];
    it->in_contact = s->in_contact[i];
    it->weapon = s->weapon[i];
    it->flags = s->flags[i];
    it->bcp = s->bcp[i];
    it->modifiers = s->modifiers[i];
    it->d100 = s->d100[i];
}

/* Exactly the pinned functions, in the order a round calls them. */
static wr_status score(side_item *self, unsigned enemy_flags)
{
    wr_status st = wr_fighting_figures(self->figures, self->files, self->in_contact,
                                       (wr_weapon)self->weapon, self->flags, enemy_flags,
                                       &self->fighting);
    if (st != WR_OK)
        return st;
    st = wr_combat_percent(self->bcp, self->modifiers, self->fighting, &self->mcp, &self->fcp);
    if (st != WR_OK)
        return st;
    return wr_kills_from_percent(self->fcp, self->d100, &self->kills);
}

static wr_status item(const wr_melee_batch_side *a, const wr_melee_batch_side *b, size_t i,
                      side_item it[2])
{
    load(a, i, &it[0]);
    load(b, i, &it[1]);
    wr_status st = score(&it[0], it[1].flags);
    if (st != WR_OK)
        return st;
    return score(&it[1], it[0].flags);
}

static int side_complete(const wr_melee_batch_side *s)
{
    return s->figures != NULL && s->files != NULL && s->in_contact != NULL &&
           s->weapon != NULL && s->flags != NULL && s->bcp != NULL && s->modifiers != NULL &&
           s->d100 != NULL;
}

static void write_side(const wr_melee_batch_out *o, size_t i, const side_item *it, int lost)
{
    if (o->fighting != NULL)
        o->fighting[i] = it->fighting;
    if (o->mcp != NULL)
        o->mcp[i] = it->mcp;
    if (o->fcp != NULL)
        o->fcp[i] = it->fcp;
    if (o->kills != NULL)
        o->kills[i] = it->kills;
    if (o->lost != NULL)
        o->lost[i] = lost;
}

wr_status wr_melee_rounds_batch(size_t n, const wr_melee_batch_side *a,
                                const wr_melee_batch_side *b, const wr_melee_batch_out *out_a,
                                const wr_melee_batch_out *out_b, int *loser, size_t *bad_index)
{
    if (a == NULL || b == NULL || out_a == NULL || out_b == NULL)
        return WR_ERR_NULL;
    if (n == 0)
        return WR_OK;
    if (!side_complete(a) || !side_complete(b))
        return WR_ERR_NULL;
    side_item it[2];
    for (size_t i = 0; i < n; i++) {
        wr_status st = item(a, b, i, it);
        if (st != WR_OK) {
            if (bad_index != NULL)
                *bad_index = i;
            return st;
        }
    }
    for (size_t i = 0; i < n; i++) {
        (void)item(a, b, i, it);
        int lost0 = it[1].kills < it[0].figures ? it[1].kills : it[0].figures;
        int lost1 = it[0].kills < it[1].figures ? it[0].kills : it[1].figures;
        write_side(out_a, i, &it[0], lost0);
        write_side(out_b, i, &it[1], lost1);
        if (loser != NULL)
            loser[i] = lost0 == lost1 ? -1 : (lost0 > lost1 ? 0 : 1);
    }
    return WR_OK;
}
