/* The exact odds of a melee phase: a group of fights sharing units, and the
   plan of each turn on given figures, as wr_melee_phase_resolve_rolls()
   plans the phase (phase.c): flank and rear disorder seen by all of a
   unit's fights, figures shared out so that none fights twice [Starting],
   [Flank and rear], [Casualties: phase ten]. */
#include <string.h>

#include "phase_odds.h"

wr_status wri_po_group_make(const wr_phase_fight *const *fights, int n, wr_morale_fn fn, void *user,
                            const char *arg, wri_po_group *g)
{
    memset(g, 0, sizeof *g);
    g->arg = arg;
    if (n > WRI_PO_FIGHTS)
        return WRI_FAIL_VALUE(WR_ERR_RANGE, arg, n, "at most WR_PHASE_ODDS_MAX_FIGHTS (4) fights");
    g->nf = n;
    g->morale = fn;
    g->morale_user = user;
    for (int f = 0; f < n; f++) {
        g->fight[f] = fights[f];
        g->index[f] = f;
        for (int i = 0; i < 2; i++) {
            const wr_phase_combatant *s = &fights[f]->side[i];
            const wr_melee_unit *u = s->unit;
            g->fresh[f] |= s->contact != WR_CONTACT_CONTINUING;
            int found = -1;
            for (int v = 0; v < g->nu && found < 0; v++)
                if (g->unit[v] == u)
                    found = v;
            if (found < 0) { /* at most two a fight: room for all */
                if (u->def.kind != WR_UNIT_TROOPS)
                    return WRI_FAIL_VALUE(WR_ERR_RANGE, arg, u->def.kind,
                                          "units of troops (the odds of a monster or "
                                          "character are an engagement's)");
                if (u->def.figures > WR_ODDS_MAX_FIGURES)
                    return WRI_FAIL_VALUE(WR_ERR_RANGE, arg, u->def.figures,
                                          "at most WR_ODDS_MAX_FIGURES (200) figures a unit");
                found = g->nu++;
                g->unit[found] = u;
                g->start[found] = u->def.figures;
            }
            g->unit_of[f][i] = found;
        }
    }
    size_t states = 1;
    for (int u = 0; u < g->nu; u++) {
        states *= (size_t)(g->start[u] + 1);
        if (states > WR_PHASE_ODDS_MAX_STATES)
            return WRI_FAIL(WR_ERR_RANGE, arg,
                            "a group of fights sharing units of at most "
                            "WR_PHASE_ODDS_MAX_STATES (1000000) states: the product of "
                            "(figures + 1) over its units");
    }
    g->states = states;
    return WR_OK;
}

/* As base_snapshot() of phase.c, on the figures given. */
static void base_snapshot(const wri_po_group *g, const int *figs, int f, int first, wri_snapshot *s)
{
    memset(s, 0, sizeof *s);
    s->arg = g->arg;
    int fresh = 0;
    for (int i = 0; i < 2; i++) {
        const wr_phase_combatant *ps = &g->fight[f]->side[i];
        int u = g->unit_of[f][i];
        const wr_melee_unit *unit = g->unit[u];
        wri_side *d = &s->side[i];
        d->unit = unit;
        d->profile = unit->profile;
        d->chart = unit->chart;
        d->kind = (int)unit->def.kind;
        d->figures = figs[u];
        d->disordered =
            first ? (unit->def.flags & WR_UNIT_DISORDERED) != 0 || wri_melee_blood_lust(unit)
                  : g->disordered_after[u];
        d->wounds = unit->wounds;
        wr_combatant_situation *sit = &s->situation.side[i];
        sit->in_contact = ps->in_contact;
        sit->charged =
            first && (ps->contact == WR_CONTACT_CHARGE || ps->contact == WR_CONTACT_PURSUIT);
        sit->attacked_in = ps->face;
        sit->cover = ps->cover;
        sit->character_present = ps->character_present != 0;
        s->along_face[i] = 1;
        if (first && ps->contact == WR_CONTACT_PUSHBACK)
            s->no_bonus[i] = 1 + (int)WR_CONTACT_PUSHBACK;
        fresh |= first && ps->contact != WR_CONTACT_CONTINUING;
    }
    s->round = fresh ? 1 : 2;
}

typedef struct side_key {
    int unit, face, k;
} side_key;

static int key_before(const side_key *a, const side_key *b)
{
    if (a->unit != b->unit)
        return a->unit < b->unit;
    if (a->face != b->face)
        return a->face < b->face;
    return a->k < b->k;
}

/* As share_unit() of phase.c for the keys [from, to) of one unit. In a
   later turn a side's corner figures are at most those of the unit's other
   fights still going on, and are shared by default. */
static wr_status share_unit(const wri_po_group *g, const int *figs, int first, const side_key *keys,
                            int from, int to, wri_po_plan *pl)
{
    int corner[2 * WRI_PO_FIGHTS];
    long long total = 0, assigned = 0, all = 0;
    for (int j = from; j < to; j++)
        all += g->fight[keys[j].k / 2]->side[keys[j].k % 2].corner;
    for (int j = from; j < to; j++) {
        const wr_phase_combatant *s = &g->fight[keys[j].k / 2]->side[keys[j].k % 2];
        long long c = s->corner;
        if (!first && c > all - c)
            c = all - c;
        corner[j - from] = (int)c;
        total += c;
        if (first && s->corner_fights != WR_PHASE_DEFAULT)
            assigned += s->corner_fights;
    }
    for (int j = from; first && j < to; j++)
        if (corner[j - from] > total - corner[j - from])
            return WRI_FAIL_VALUE(WR_ERR_INVALID, g->arg, corner[j - from],
                                  "a side's corner figures: figures that also touch an enemy in "
                                  "another fight of the unit");
    long long corner_figures = total / 2;
    if (assigned > corner_figures)
        return WRI_FAIL_VALUE(WR_ERR_INVALID, g->arg, assigned,
                              "[Starting] no figure may fight more than once in a turn: a unit's "
                              "corner_fights at most its corner figures");
    long long default_left = corner_figures - assigned;
    const int u = keys[from].unit;
    int used = 0;
    for (int j = from; j < to; j++) {
        int f = keys[j].k / 2, i = keys[j].k % 2;
        const wr_phase_combatant *s = &g->fight[f]->side[i];
        int c = corner[j - from];
        int corner_here = first ? s->corner_fights : WR_PHASE_DEFAULT;
        if (corner_here == WR_PHASE_DEFAULT) {
            corner_here = c < default_left ? c : (int)default_left;
            default_left -= corner_here;
        }
        wri_snapshot *snap = &pl->snap[f];
        wr_strike k;
        snap->cap[i] = 0;
        wr_status st = wri_melee_strike(snap, i, &k, NULL);
        if (st != WR_OK)
            return st;
        int here = k.fighting - (c - corner_here);
        if (here < 0)
            here = 0;
        int left = figs[u] - used;
        if (here > left)
            here = left;
        used += here;
        snap->cap[i] = here < k.fighting ? here + 1 : 0;
    }
    return WR_OK;
}

wr_status wri_po_plan_make(wri_po_group *g, const int *figs, unsigned live, int first,
                           wri_po_plan *pl, const wri_events *ev_by_fight)
{
    int by[WRI_PO_UNITS] = {0};
    for (int f = 0; f < g->nf; f++) {
        if (!(live >> f & 1u))
            continue;
        base_snapshot(g, figs, f, first, &pl->snap[f]);
        for (int i = 0; i < 2; i++) {
            int reason = 0, u = g->unit_of[f][i];
            if (wri_melee_disorders(&pl->snap[f], i, &reason) && by[u] == 0)
                by[u] = f + 1;
        }
    }
    for (int f = 0; f < g->nf; f++)
        for (int i = 0; live >> f & 1u && i < 2; i++) {
            wri_snapshot *s = &pl->snap[f];
            int reason = 0, b = by[g->unit_of[f][i]];
            if (b > 0 && !s->side[i].disordered && !wri_melee_disorders(s, i, &reason)) {
                s->side[i].disordered = 1;
                s->elsewhere[i] = g->index[b - 1] + 1;
            }
        }
    if (first)
        for (int u = 0; u < g->nu; u++) {
            const wr_melee_unit *unit = g->unit[u];
            g->disordered_after[u] = wri_melee_blood_lust(unit) ||
                                     (unit->def.kind != WR_UNIT_CHARACTER &&
                                      ((unit->def.flags & WR_UNIT_DISORDERED) != 0 || by[u] > 0));
        }
    side_key keys[2 * WRI_PO_FIGHTS];
    int nk = 0;
    for (int f = 0; f < g->nf; f++)
        for (int i = 0; live >> f & 1u && i < 2; i++) {
            side_key key = {g->unit_of[f][i], (int)g->fight[f]->side[i].face, 2 * f + i};
            int j = nk++;
            while (j > 0 && key_before(&key, &keys[j - 1])) {
                keys[j] = keys[j - 1];
                j--;
            }
            keys[j] = key;
        }
    wr_status st = WR_OK;
    for (int from = 0; from < nk && st == WR_OK;) {
        int to = from + 1;
        while (to < nk && keys[to].unit == keys[from].unit)
            to++;
        st = share_unit(g, figs, first, keys, from, to, pl);
        from = to;
    }
    for (int f = 0; f < g->nf && st == WR_OK; f++)
        for (int i = 0; live >> f & 1u && i < 2 && st == WR_OK; i++) {
            wr_strike k;
            st = wri_melee_strike(&pl->snap[f], i, &k, ev_by_fight ? &ev_by_fight[f] : NULL);
            pl->fcp[f][i] = k.fcp;
        }
    return st;
}

int wri_po_test_due(const wri_po_group *g, const wri_po_plan *pl, int f, int i)
{
    wr_facing face = g->fight[f]->side[i].face;
    if (face == WR_FACING_FRONT || g->fight[f]->side[1 - i].contact == WR_CONTACT_CONTINUING)
        return 0;
    int kind = pl->snap[f].side[i].kind;
    return kind == WR_UNIT_TROOPS || (kind == WR_UNIT_MONSTER && face == WR_FACING_REAR);
}

wr_status wri_po_morale(const wri_po_group *g, const wr_morale_test *t, wr_morale_odds *o)
{
    return wri_melee_morale_odds(g->morale, g->morale_user, t, o, g->arg);
}
