/* The exact odds of a melee phase: the phase cut into groups of fights
   that share units (independent of one another), each group's chain
   (phase_odds_chain.c), the groups put together at one exponent, and the
   odds read back [Casualties: phase ten], [Continuing]. */
#include <string.h>

#include "bignum.h"
#include "phase_odds.h"

#define WORDS_MAX (WRI_ODDS_MAX_EXPONENT / 9 + 4)

/* ---- making -------------------------------------------------------------- */

static wr_status check_fits(const wr_phase_fight *fights, int n)
{
    for (int f = 0; f < n; f++)
        for (int i = 0; i < 2; i++) {
            const wr_phase_combatant *s = &fights[f].side[i];
            if (s->unit->def.figures < 1)
                return WRI_FAIL(WR_ERR_STATE, "phase", "a unit with figures left in every fight");
            if (s->in_contact < 0 || s->in_contact > wri_melee_face_most(s->unit, s->face))
                return WRI_FAIL_VALUE(WR_ERR_STATE, "phase", s->in_contact,
                                      "in_contact within the figures now on the unit's face");
        }
    return WR_OK;
}

static int find_root(int *parent, int x)
{
    while (parent[x] != x)
        x = parent[x] = parent[parent[x]];
    return x;
}

/* The phase's units in order of first appearance; their groups. */
typedef struct layout {
    int nu, ng;
    const wr_melee_unit *unit[WRI_PO_UNITS];
    int group_of_fight[WRI_PO_FIGHTS];
    wri_po_ref unit_ref[WRI_PO_UNITS];
    wri_po_ref fight_ref[WRI_PO_FIGHTS];
    wri_po_group group[WRI_PO_FIGHTS];
} layout;

static int unit_index(const layout *l, const wr_melee_unit *u)
{
    for (int v = 0; v < l->nu; v++)
        if (l->unit[v] == u)
            return v;
    return -1;
}

static wr_status make_layout(const wr_phase_fight *fights, int n, wr_morale_fn fn, void *user,
                             layout *l)
{
    memset(l, 0, sizeof *l);
    int parent[WRI_PO_UNITS], of[WRI_PO_FIGHTS][2];
    for (int f = 0; f < n; f++)
        for (int i = 0; i < 2; i++) {
            const wr_melee_unit *u = fights[f].side[i].unit;
            int v = unit_index(l, u);
            if (v < 0) { /* at most two a fight: room for all */
                v = l->nu++;
                l->unit[v] = u;
                parent[v] = v;
            }
            of[f][i] = v;
        }
    for (int f = 0; f < n; f++) {
        int a = find_root(parent, of[f][0]), b = find_root(parent, of[f][1]);
        if (a != b)
            parent[a < b ? b : a] = a < b ? a : b;
    }
    int root_group[WRI_PO_UNITS];
    for (int v = 0; v < l->nu; v++)
        root_group[v] = -1;
    for (int f = 0; f < n; f++) {
        int r = find_root(parent, of[f][0]);
        if (root_group[r] < 0)
            root_group[r] = l->ng++;
        l->group_of_fight[f] = root_group[r];
    }
    for (int k = 0; k < l->ng; k++) {
        const wr_phase_fight *list[WRI_PO_FIGHTS];
        int index[WRI_PO_FIGHTS], m = 0;
        for (int f = 0; f < n; f++)
            if (l->group_of_fight[f] == k) {
                l->fight_ref[f].part = k;
                l->fight_ref[f].index = m;
                index[m] = f;
                list[m++] = &fights[f];
            }
        wr_status st = wri_po_group_make(list, m, fn, user, "phase", &l->group[k]);
        if (st != WR_OK)
            return st;
        for (int j = 0; j < m; j++)
            l->group[k].index[j] = index[j];
    }
    for (int v = 0; v < l->nu; v++) {
        int k = l->group_of_fight[0];
        for (int f = 0; f < n; f++)
            if (fights[f].side[0].unit == l->unit[v] || fights[f].side[1].unit == l->unit[v])
                k = l->group_of_fight[f];
        l->unit_ref[v].part = k;
        for (int j = 0; j < l->group[k].nu; j++)
            if (l->group[k].unit[j] == l->unit[v])
                l->unit_ref[v].index = j;
    }
    return WR_OK;
}

wr_status wr_melee_phase_odds_new_ex(const wr_melee_phase *phase, int max_rounds,
                                     const wr_allocator *alloc, wr_melee_phase_odds **out)
{
    if (phase == NULL)
        return WRI_NULL(phase);
    if (out == NULL)
        return WRI_NULL(out);
    if (max_rounds < 1 || max_rounds > WR_ODDS_MAX_ROUNDS)
        return WRI_FAIL_VALUE(WR_ERR_RANGE, "max_rounds", max_rounds, "1..WR_ODDS_MAX_ROUNDS (40)");
    const wr_phase_fight *fights;
    int n, resolved;
    wr_morale_fn fn;
    void *user;
    wri_melee_phase_fights(phase, &fights, &n, &fn, &user, &resolved);
    if (resolved)
        return WRI_FAIL(WR_ERR_STATE, "phase", "a phase not yet resolved");
    if (n == 0)
        return WRI_FAIL(WR_ERR_STATE, "phase", "a phase with at least one fight");
    if (n > WRI_PO_FIGHTS)
        return WRI_FAIL_VALUE(WR_ERR_RANGE, "phase", n,
                              "at most WR_PHASE_ODDS_MAX_FIGHTS (4) fights");
    wr_status st = check_fits(fights, n);
    if (st != WR_OK)
        return WRI_PASS(st);
    layout *l = NULL;
    wr_allocator al;
    if ((st = wri_allocator_init(&al, alloc)) != WR_OK)
        return WRI_PASS(st);
    l = wri_alloc_zero(&al, 1, sizeof *l);
    if (l == NULL)
        return WRI_NOMEM();
    st = make_layout(fights, n, fn, user, l);
    wr_melee_phase_odds *parts[WRI_PO_FIGHTS] = {NULL};
    wri_po_scratch *scratch = NULL;
    if (st == WR_OK && (scratch = wri_po_scratch_new(&al)) == NULL)
        st = WRI_NOMEM();
    for (int k = 0; k < l->ng && st == WR_OK; k++)
        st = wri_po_group_odds(&l->group[k], max_rounds, scratch, &al, &parts[k]);
    if (st == WR_OK)
        st = wri_po_combine((const wr_melee_phase_odds *const *)parts, l->unit_ref, l->nu,
                            l->fight_ref, n, &al, out);
    for (int k = 0; k < WRI_PO_FIGHTS; k++)
        wr_melee_phase_odds_free(parts[k]);
    wri_po_scratch_free(scratch);
    wri_free(&al, l, 1, sizeof *l);
    if (st == WR_ERR_NOMEM)
        return WRI_NOMEM();
    return WRI_PASS(st);
}

wr_status wr_melee_phase_odds_new(const wr_melee_phase *phase, int max_rounds,
                                  wr_melee_phase_odds **out)
{
    return WRI_PASS(wr_melee_phase_odds_new_ex(phase, max_rounds, NULL, out));
}

/* ---- reading ------------------------------------------------------------ */

wr_status wr_melee_phase_odds_exponent(const wr_melee_phase_odds *odds, int *exponent)
{
    if (odds == NULL)
        return WRI_NULL(odds);
    if (exponent == NULL)
        return WRI_NULL(exponent);
    *exponent = odds->exponent;
    return WR_OK;
}

static wr_status check_end(const wr_melee_phase_odds *o, int fight, wr_melee_end end)
{
    if (fight < 0 || fight >= o->n_fights)
        return WRI_FAIL_VALUE(WR_ERR_RANGE, "fight", fight, "0..the phase's fights - 1");
    if ((int)end < 0 || (int)end >= WR_END_COUNT)
        return WRI_FAIL_VALUE(WR_ERR_INVALID, "end", end, "a wr_melee_end value");
    return WR_OK;
}

wr_status wr_melee_phase_odds_fight_end(const wr_melee_phase_odds *odds, int fight,
                                        wr_melee_end end, uint64_t *p_e18)
{
    if (odds == NULL)
        return WRI_NULL(odds);
    if (p_e18 == NULL)
        return WRI_NULL(p_e18);
    wr_status st = check_end(odds, fight, end);
    if (st != WR_OK)
        return WRI_PASS(st);
    *p_e18 = wri_odds_e18(wri_po_end(odds, fight, (int)end), odds->limbs, odds->exponent);
    return WR_OK;
}

wr_status wr_melee_phase_odds_fight_end_exact(const wr_melee_phase_odds *odds, int fight,
                                              wr_melee_end end, char *buf, size_t cap, size_t *len)
{
    if (odds == NULL)
        return WRI_NULL(odds);
    if (len == NULL)
        return WRI_NULL(len);
    if (buf == NULL && cap > 0)
        return WRI_NULL(buf);
    wr_status st = check_end(odds, fight, end);
    if (st != WR_OK)
        return WRI_PASS(st);
    return WRI_PASS(wri_odds_text(wri_po_end(odds, fight, (int)end), odds->limbs, odds->exponent,
                                  buf, cap, len));
}

static wr_status find_unit(const wr_melee_phase_odds *o, const wr_melee_unit *unit, int *u)
{
    for (int v = 0; v < o->n_units; v++)
        if (o->unit[v] == unit) {
            *u = v;
            return WR_OK;
        }
    return WRI_FAIL(WR_ERR_INVALID, "unit", "a unit of a fight of the phase");
}

/* The sum of a unit's numbers of one fate (all figures), or of one number
   of figures (all fates), into sum (limbs + 1 words). */
static void unit_sum(const wr_melee_phase_odds *o, int u, int fate, int figures, uint32_t *sum)
{
    int n = o->limbs;
    memset(sum, 0, (size_t)(n + 1) * sizeof *sum);
    for (int k = 0; k < WR_FATE_COUNT; k++)
        for (int x = 0; x <= o->start[u]; x++)
            if ((fate < 0 || fate == k) && (figures < 0 || figures == x))
                big_muladd1(sum, wri_po_number(o, u, k, x), n, 1);
}

/* The sum of a unit's numbers of one fate (by_fate: value is the fate) or
   of one number of figures (value), after the checks of unit and value. */
static wr_status unit_value_sum(const wr_melee_phase_odds *odds, const wr_melee_unit *unit,
                                int by_fate, int value, uint32_t *sum)
{
    int u = 0;
    wr_status st = find_unit(odds, unit, &u);
    if (st != WR_OK)
        return st;
    if (by_fate && (value < 0 || value >= WR_FATE_COUNT))
        return WRI_FAIL_VALUE(WR_ERR_INVALID, "fate", value, "a wr_melee_fate value");
    if (!by_fate && (value < 0 || value > odds->start[u]))
        return WRI_FAIL_VALUE(WR_ERR_RANGE, "figures", value,
                              "0..the unit's figures when the phase began");
    unit_sum(odds, u, by_fate ? value : -1, by_fate ? -1 : value, sum);
    return WR_OK;
}

/* The unit answers as a probability x 10^18: unit_fate, unit_figures. */
static wr_status unit_e18(const wr_melee_phase_odds *odds, const wr_melee_unit *unit, int by_fate,
                          int value, uint64_t *p_e18)
{
    uint32_t sum[WORDS_MAX + 1];
    wr_status st = WRI_NULLS(odds, unit, p_e18);
    if (st == WR_OK)
        st = unit_value_sum(odds, unit, by_fate, value, sum);
    if (st == WR_OK)
        *p_e18 = wri_odds_e18(sum, odds->limbs + 1, odds->exponent);
    return st;
}

/* The same as exact decimal text: unit_fate_exact, unit_figures_exact. */
static wr_status unit_text(const wr_melee_phase_odds *odds, const wr_melee_unit *unit, int by_fate,
                           int value, char *buf, size_t cap, size_t *len)
{
    uint32_t sum[WORDS_MAX + 1];
    wr_status st = WRI_NULLS(odds, unit, len);
    if (st == WR_OK && buf == NULL && cap > 0)
        st = WRI_NULL(buf);
    if (st == WR_OK)
        st = unit_value_sum(odds, unit, by_fate, value, sum);
    if (st == WR_OK)
        st = wri_odds_text(sum, odds->limbs + 1, odds->exponent, buf, cap, len);
    return st;
}

wr_status wr_melee_phase_odds_unit_fate(const wr_melee_phase_odds *odds, const wr_melee_unit *unit,
                                        wr_melee_fate fate, uint64_t *p_e18)
{
    return WRI_PASS(unit_e18(odds, unit, 1, (int)fate, p_e18));
}

wr_status wr_melee_phase_odds_unit_fate_exact(const wr_melee_phase_odds *odds,
                                              const wr_melee_unit *unit, wr_melee_fate fate,
                                              char *buf, size_t cap, size_t *len)
{
    return WRI_PASS(unit_text(odds, unit, 1, (int)fate, buf, cap, len));
}

wr_status wr_melee_phase_odds_unit_figures(const wr_melee_phase_odds *odds,
                                           const wr_melee_unit *unit, int figures, uint64_t *p_e18)
{
    return WRI_PASS(unit_e18(odds, unit, 0, figures, p_e18));
}

wr_status wr_melee_phase_odds_unit_figures_exact(const wr_melee_phase_odds *odds,
                                                 const wr_melee_unit *unit, int figures, char *buf,
                                                 size_t cap, size_t *len)
{
    return WRI_PASS(unit_text(odds, unit, 0, figures, buf, cap, len));
}

wr_status wr_melee_phase_odds_expected_lost(const wr_melee_phase_odds *odds,
                                            const wr_melee_unit *unit, uint64_t *lost_e9)
{
    if (odds == NULL)
        return WRI_NULL(odds);
    if (unit == NULL)
        return WRI_NULL(unit);
    if (lost_e9 == NULL)
        return WRI_NULL(lost_e9);
    int u = 0;
    wr_status st = find_unit(odds, unit, &u);
    if (st != WR_OK)
        return WRI_PASS(st);
    uint32_t sum[WORDS_MAX + 2];
    int n = odds->limbs;
    memset(sum, 0, (size_t)(n + 2) * sizeof *sum);
    for (int k = 0; k < WR_FATE_COUNT; k++)
        for (int x = 0; x < odds->start[u]; x++)
            big_muladd1(sum, wri_po_number(odds, u, k, x), n, (uint32_t)(odds->start[u] - x));
    *lost_e9 = wri_odds_scaled(sum, n + 2, odds->exponent, 9);
    return WR_OK;
}
