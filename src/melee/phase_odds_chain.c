/* The exact odds of a group of fights of a melee phase, fought turn after
   turn: a Markov chain over the figures left of every unit of the group
   [Casualties: phase ten], [Continuing].

   A state is each unit's figures, 0 for a unit that has left (retired,
   routed, destroyed, or holds because every enemy it fought has gone). A
   fight goes on while both its units are in. A turn is one stage of 6
   digits per fight of the group: its two remainder d100s and its loser's
   morale d100, a die the turn does not read (a fight over, a strike
   without a remainder, a drawn fight) counting as a certain outcome, so
   that every path of a stage has the same denominator, as in the
   engagement's chain (odds_chain.c). The flank and rear tests of the first
   turn are a stage of 2 digits each. A unit's numbers are kept by fate and
   figures when it leaves; a fight's end when it ends. */
#include <string.h>

#include "bignum.h"
#include "phase_odds.h"

#define NO_FCP (-1)
#define SLOTS 4096 /* a power of two */
#define FLUSH_AT 3000

struct wri_po_scratch {
    wr_allocator alloc;
    uint32_t *grid[2];
    size_t grid_words;
    unsigned char *live[2]; /* cells: a uint32_t index each, then a flag each */
    size_t cells;
    int32_t *fcp;
    size_t fcp_ints;
};

/* What one source state adds to each target, before the big numbers: a
   sum of weights of at most 10^24 (three base 10^9 words) per target. */
typedef struct entry {
    uint64_t key; /* 0: empty; else 1 + the target (see key_*) */
    uint32_t w[3];
} entry;

typedef struct chain {
    wri_po_group *g;
    wr_melee_phase_odds *o;
    int L;
    size_t mul[WRI_PO_UNITS];
    uint32_t *cur, *nxt;
    unsigned char *live_cur, *live_nxt;
    uint32_t *list_cur, *list_nxt;
    size_t n_cur, n_nxt;
    int32_t *fcp;
    const wri_po_plan *first; /* the first turn's plan */
    const wri_po_plan *later; /* the snapshots of a later turn (for its tests) */
    entry slot[SLOTS];
    uint16_t used[SLOTS];
    int n_used;
} chain;

enum { KEY_NEXT = 0, KEY_EXIT = 1, KEY_END = 2 };

static uint64_t key_next(size_t state)
{
    return 1 + ((uint64_t)KEY_NEXT << 60 | (uint64_t)state);
}

static uint64_t key_exit(int u, wr_melee_fate fate, int figures)
{
    return 1 + ((uint64_t)KEY_EXIT << 60 | (uint64_t)u << 20 | (uint64_t)fate << 12 |
                (uint64_t)figures);
}

static uint64_t key_end(int f, wr_melee_end end)
{
    return 1 + ((uint64_t)KEY_END << 60 | (uint64_t)f << 8 | (uint64_t)end);
}

static int words_now(const chain *c)
{
    int n = words_for(c->o->exponent);
    return n < c->L ? n : c->L;
}

static uint32_t *cell(const chain *c, uint32_t *grid, size_t state)
{
    return grid + state * (size_t)c->L;
}

static void w3_set(uint32_t w[3], uint64_t v)
{
    w[0] = (uint32_t)(v % BASE);
    v /= BASE;
    w[1] = (uint32_t)(v % BASE);
    w[2] = (uint32_t)(v / BASE);
}

static void w3_add(uint32_t dst[3], const uint32_t w[3])
{
    uint32_t carry = 0;
    for (int k = 0; k < 3; k++) {
        uint32_t x = dst[k] + w[k] + carry;
        carry = x >= BASE;
        dst[k] = carry ? x - BASE : x;
    }
}

/* Moves the weights gathered for the source `src` to their targets. */
static void flush(chain *c, const uint32_t *src)
{
    int n = words_now(c);
    for (int k = 0; k < c->n_used; k++) {
        entry *e = &c->slot[c->used[k]];
        uint64_t key = e->key - 1;
        int kind = (int)(key >> 60);
        uint32_t *dst;
        if (kind == KEY_NEXT) {
            size_t state = (size_t)(key & ((UINT64_C(1) << 60) - 1));
            dst = cell(c, c->nxt, state);
            if (!c->live_nxt[state]) {
                c->live_nxt[state] = 1;
                c->list_nxt[c->n_nxt++] = (uint32_t)state;
            }
        } else if (kind == KEY_EXIT) {
            dst = wri_po_number(c->o, (int)(key >> 20 & 0xff), (int)(key >> 12 & 0xff),
                                (int)(key & 0xfff));
        } else {
            dst = wri_po_end(c->o, (int)(key >> 8 & 0xff), (int)(key & 0xff));
        }
        big_muladd(dst, src, n, e->w, 3);
        e->key = 0;
    }
    c->n_used = 0;
}

static void add(chain *c, const uint32_t *src, uint64_t key, const uint32_t w[3])
{
    uint64_t h = key * UINT64_C(0x9E3779B97F4A7C15);
    size_t i = (size_t)(h >> 52) & (SLOTS - 1);
    while (c->slot[i].key != 0 && c->slot[i].key != key)
        i = (i + 1) & (SLOTS - 1);
    entry *e = &c->slot[i];
    if (e->key == 0) {
        if (c->n_used >= FLUSH_AT) {
            flush(c, src);
            add(c, src, key, w);
            return;
        }
        e->key = key;
        memset(e->w, 0, sizeof e->w);
        c->used[c->n_used++] = (uint16_t)i;
    }
    w3_add(e->w, w);
}

/* A new stage of `digits` decimal digits: finished numbers are scaled. */
static void new_stage(chain *c, int digits)
{
    wr_melee_phase_odds *o = c->o;
    o->exponent += digits;
    int n = words_now(c);
    for (size_t i = 0; i < o->numbers; i++)
        big_scale_pow10(o->num + i * (size_t)o->limbs, digits, n);
}

static void clear_cell(chain *c, size_t state)
{
    memset(cell(c, c->cur, state), 0, (size_t)words_now(c) * sizeof(uint32_t));
    c->live_cur[state] = 0;
}

static void swap_grids(chain *c)
{
    uint32_t *g = c->cur;
    c->cur = c->nxt;
    c->nxt = g;
    unsigned char *l = c->live_cur;
    c->live_cur = c->live_nxt;
    c->live_nxt = l;
    uint32_t *list = c->list_cur;
    c->list_cur = c->list_nxt;
    c->list_nxt = list;
    c->n_cur = c->n_nxt;
    c->n_nxt = 0;
}

static void decode(const chain *c, size_t state, int *figs)
{
    for (int u = 0; u < c->g->nu; u++)
        figs[u] = (int)(state / c->mul[u] % (size_t)(c->g->start[u] + 1));
}

static size_t encode(const chain *c, const int *figs)
{
    size_t state = 0;
    for (int u = 0; u < c->g->nu; u++)
        state += (size_t)figs[u] * c->mul[u];
    return state;
}

static unsigned live_fights(const wri_po_group *g, const int *figs)
{
    unsigned live = 0;
    for (int f = 0; f < g->nf; f++)
        if (figs[g->unit_of[f][0]] > 0 && figs[g->unit_of[f][1]] > 0)
            live |= 1u << f;
    return live;
}

static wr_melee_fate fate_of(wr_morale_result r)
{
    return r == WR_MORALE_ROUT ? WR_FATE_ROUTS : WR_FATE_RETIRES;
}

static wr_morale_result result_of(wr_melee_fate f)
{
    return f == WR_FATE_ROUTS ? WR_MORALE_ROUT : WR_MORALE_RETIRE;
}

/* The units still in after a turn that have no fight left hold; every unit
   that left is recorded with its fate, and the next state with the rest. */
static void settle(chain *c, const uint32_t *src, const int *after, const wr_melee_fate *gone,
                   const uint32_t w[3])
{
    const wri_po_group *g = c->g;
    int next[WRI_PO_UNITS] = {0};
    for (int u = 0; u < g->nu; u++)
        next[u] = gone[u] == WR_FATE_COUNT ? after[u] : 0;
    unsigned live = live_fights(g, next);
    for (int u = 0; u < g->nu; u++) {
        if (gone[u] != WR_FATE_COUNT) {
            add(c, src, key_exit(u, gone[u], after[u]), w);
            continue;
        }
        if (next[u] == 0)
            continue;
        int fights = 0;
        for (int f = 0; f < g->nf; f++)
            fights += (live >> f & 1u) && (g->unit_of[f][0] == u || g->unit_of[f][1] == u);
        if (fights == 0) {
            add(c, src, key_exit(u, WR_FATE_HOLDS, next[u]), w);
            next[u] = 0;
        }
    }
    if (live != 0)
        add(c, src, key_next(encode(c, next)), w);
}

/* ---- the first turn's flank and rear tests ------------------------------ */

typedef struct test {
    int f, i, u;
    wr_morale_odds odds;
} test;

static void flank_paths(chain *c, const uint32_t *src, const test *tests, int nt, int t,
                        wr_morale_result *failed, int *failed_in, uint64_t weight)
{
    const wri_po_group *g = c->g;
    if (t < nt) {
        const test *x = &tests[t];
        if (failed[x->u] != WR_MORALE_NONE) {
            flank_paths(c, src, tests, nt, t + 1, failed, failed_in, weight * 100);
            return;
        }
        const int part[3] = {x->odds.pass, x->odds.retire, x->odds.rout};
        for (int p = 0; p < 3; p++) {
            if (part[p] == 0)
                continue;
            if (p > 0) {
                failed[x->u] = p == 1 ? WR_MORALE_RETIRE : WR_MORALE_ROUT;
                failed_in[x->u] = t;
            }
            flank_paths(c, src, tests, nt, t + 1, failed, failed_in, weight * (uint64_t)part[p]);
            failed[x->u] = WR_MORALE_NONE;
        }
        return;
    }
    uint32_t w[3];
    w3_set(w, weight);
    wr_melee_fate gone[WRI_PO_UNITS];
    for (int u = 0; u < g->nu; u++)
        gone[u] = failed[u] == WR_MORALE_NONE ? WR_FATE_COUNT : fate_of(failed[u]);
    for (int f = 0; f < g->nf; f++) {
        int own = -1;
        for (int k = 0; k < nt; k++)
            if (tests[k].f == f && failed[tests[k].u] != WR_MORALE_NONE &&
                failed_in[tests[k].u] == k)
                own = tests[k].i;
        int side = own;
        for (int i = 0; i < 2 && side < 0; i++)
            if (failed[g->unit_of[f][i]] != WR_MORALE_NONE)
                side = i;
        if (side >= 0)
            add(c, src, key_end(f, wri_melee_end_of(side, failed[g->unit_of[f][side]])), w);
    }
    settle(c, src, g->start, gone, w);
}

static wr_status flank_stage(chain *c, size_t start_state)
{
    const wri_po_group *g = c->g;
    test tests[2 * WRI_PO_FIGHTS];
    int nt = 0;
    for (int f = 0; f < g->nf; f++)
        for (int i = 0; i < 2; i++) {
            if (!wri_po_test_due(g, c->first, f, i))
                continue;
            const wri_snapshot *s = &c->first->snap[f];
            wr_morale_test t;
            wri_melee_morale_test(s, i, wri_melee_flank_reason(s, i), 0, 0, &t);
            test *x = &tests[nt++];
            x->f = f;
            x->i = i;
            x->u = g->unit_of[f][i];
            wr_status st = wri_po_morale(g, &t, &x->odds);
            if (st != WR_OK)
                return st;
        }
    if (nt == 0)
        return WR_OK;
    new_stage(c, 2 * nt);
    wr_morale_result failed[WRI_PO_UNITS] = {WR_MORALE_NONE};
    int failed_in[WRI_PO_UNITS] = {0};
    const uint32_t *src = cell(c, c->cur, start_state);
    flank_paths(c, src, tests, nt, 0, failed, failed_in, 1);
    flush(c, src);
    clear_cell(c, start_state);
    swap_grids(c);
    return WR_OK;
}

/* ---- a turn of blows ---------------------------------------------------- */

typedef struct strike {
    int f, i, target; /* fight, striking side, the target's group unit */
    int hits, rem;    /* certain hits, remainder */
} strike;

/* The loser's test of one fight, kept for the state being stepped. */
typedef struct morale_memo {
    int f, loser, lost, enemy_lost;
    wr_morale_odds odds;
} morale_memo;

typedef struct turn {
    int r;
    int figs[WRI_PO_UNITS];
    unsigned live;
    strike k[2 * WRI_PO_FIGHTS];
    int nk;
    morale_memo memo[64];
    int n_memo;
} turn;

static wr_status loser_odds(chain *c, turn *tu, int f, int loser, const int *loss, const int *after,
                            int lost_here, int enemy_lost, wr_morale_odds *odds)
{
    const wri_po_group *g = c->g;
    int u = g->unit_of[f][loser];
    for (int k = 0; k < tu->n_memo; k++) {
        const morale_memo *m = &tu->memo[k];
        if (m->f == f && m->loser == loser && m->lost == loss[u] && m->enemy_lost == enemy_lost) {
            *odds = m->odds;
            return WR_OK;
        }
    }
    const wri_snapshot *s = tu->r == 0 ? &c->first->snap[f] : &c->later->snap[f];
    wr_morale_test t;
    wri_melee_morale_test(s, loser, WR_MORALE_REASON_LOST_ROUND, lost_here, enemy_lost, &t);
    t.figures = after[u];
    t.lost = loss[u];
    t.round = (g->fresh[f] ? 1 : 2) + tu->r;
    wr_status st = wri_po_morale(g, &t, odds);
    if (st == WR_OK && tu->n_memo < (int)(sizeof tu->memo / sizeof tu->memo[0])) {
        morale_memo *m = &tu->memo[tu->n_memo++];
        m->f = f;
        m->loser = loser;
        m->lost = loss[u];
        m->enemy_lost = enemy_lost;
        m->odds = *odds;
    }
    return st;
}

/* A pending test of one path of strikes. */
typedef struct pending {
    int f, loser, u;
    int part[3];
} pending;

/* Every outcome of the losers' tests of one path of strikes. */
static void test_paths(chain *c, const uint32_t *src, const turn *tu, const pending *tests, int nt,
                       int t, wr_morale_result *res, const uint32_t w_in[3], const int *after,
                       const wr_melee_end *end)
{
    const wri_po_group *g = c->g;
    if (t < nt) {
        for (int p = 0; p < 3; p++) {
            if (tests[t].part[p] == 0)
                continue;
            uint32_t w[3] = {w_in[0], w_in[1], w_in[2]};
            big_scale(w, (uint32_t)tests[t].part[p], 3);
            res[t] = p == 0 ? WR_MORALE_PASS : (p == 1 ? WR_MORALE_RETIRE : WR_MORALE_ROUT);
            test_paths(c, src, tu, tests, nt, t + 1, res, w, after, end);
        }
        return;
    }
    wr_melee_fate gone[WRI_PO_UNITS];
    for (int u = 0; u < g->nu; u++)
        gone[u] = tu->figs[u] > 0 && after[u] == 0 ? WR_FATE_DESTROYED : WR_FATE_COUNT;
    for (int k = 0; k < nt; k++)
        if (res[k] != WR_MORALE_PASS && gone[tests[k].u] != WR_FATE_ROUTS)
            gone[tests[k].u] = fate_of(res[k]);
    for (int f = 0; f < g->nf; f++) {
        if (!(tu->live >> f & 1u))
            continue;
        wr_melee_end e = end[f];
        for (int k = 0; k < nt && e == WR_END_ONGOING; k++)
            if (tests[k].f == f && res[k] != WR_MORALE_PASS)
                e = wri_melee_end_of(tests[k].loser, res[k]);
        for (int i = 0; i < 2 && e == WR_END_ONGOING; i++) {
            wr_melee_fate x = gone[g->unit_of[f][i]];
            if (x == WR_FATE_RETIRES || x == WR_FATE_ROUTS)
                e = wri_melee_end_of(i, result_of(x));
        }
        if (e != WR_END_ONGOING)
            add(c, src, key_end(f, e), w_in);
    }
    settle(c, src, after, gone, w_in);
}

/* Every path of strikes from the state: losses, each fight's result, its
   loser's test. */
static wr_status strike_paths(chain *c, const uint32_t *src, turn *tu)
{
    const wri_po_group *g = c->g;
    int vary[2 * WRI_PO_FIGHTS], nv = 0;
    for (int k = 0; k < tu->nk; k++)
        if (tu->k[k].rem > 0)
            vary[nv++] = k;
    int live_count = 0;
    for (int f = 0; f < g->nf; f++)
        live_count += (int)(tu->live >> f & 1u);
    for (unsigned combo = 0; combo < (1u << nv); combo++) {
        int lost[WRI_PO_FIGHTS][2] = {{0}};
        uint64_t weight = 1;
        for (int k = 0; k < tu->nk; k++) {
            const strike *x = &tu->k[k];
            int hits = x->hits;
            if (x->rem > 0) {
                int bit = 0;
                for (int v = 0; v < nv; v++)
                    if (vary[v] == k)
                        bit = (int)(combo >> v & 1u);
                hits += bit;
                weight *= (uint64_t)(bit ? x->rem : 100 - x->rem);
            } else {
                weight *= 100;
            }
            int present = tu->figs[x->target];
            lost[x->f][1 - x->i] = hits < present ? hits : present;
        }
        int loss[WRI_PO_UNITS] = {0}, after[WRI_PO_UNITS];
        for (int f = 0; f < g->nf; f++)
            for (int i = 0; tu->live >> f & 1u && i < 2; i++)
                loss[g->unit_of[f][i]] += lost[f][i];
        for (int u = 0; u < g->nu; u++) {
            if (loss[u] > tu->figs[u])
                loss[u] = tu->figs[u];
            after[u] = tu->figs[u] - loss[u];
        }
        pending tests[WRI_PO_FIGHTS];
        wr_melee_end end[WRI_PO_FIGHTS];
        int nt = 0;
        for (int f = 0; f < g->nf; f++) {
            end[f] = WR_END_ONGOING;
            if (!(tu->live >> f & 1u))
                continue;
            int a = after[g->unit_of[f][0]], b = after[g->unit_of[f][1]];
            if (a == 0 || b == 0) {
                end[f] = a == 0 ? (b == 0 ? WR_END_BOTH_DESTROYED : WR_END_A_DESTROYED)
                                : WR_END_B_DESTROYED;
                continue;
            }
            if (lost[f][0] == lost[f][1])
                continue;
            int l = lost[f][0] > lost[f][1] ? 0 : 1;
            wr_morale_odds m;
            wr_status st = loser_odds(c, tu, f, l, loss, after, lost[f][l], lost[f][1 - l], &m);
            if (st != WR_OK)
                return st;
            pending *p = &tests[nt++];
            p->f = f;
            p->loser = l;
            p->u = g->unit_of[f][l];
            p->part[0] = m.pass;
            p->part[1] = m.retire;
            p->part[2] = m.rout;
        }
        uint32_t w[3];
        w3_set(w, weight);
        big_scale_pow10(w, 2 * (live_count - nt) + 6 * (g->nf - live_count), 3);
        wr_morale_result res[WRI_PO_FIGHTS];
        test_paths(c, src, tu, tests, nt, 0, res, w, after, end);
    }
    return WR_OK;
}

static wr_status step(chain *c, size_t state, int r)
{
    wri_po_group *g = c->g;
    turn tu;
    tu.r = r;
    tu.n_memo = 0;
    decode(c, state, tu.figs);
    tu.live = live_fights(g, tu.figs);
    int fcp[2 * WRI_PO_FIGHTS];
    if (r == 0) {
        for (int f = 0; f < g->nf; f++)
            for (int i = 0; i < 2; i++)
                fcp[2 * f + i] = c->first->fcp[f][i];
    } else {
        const int per = 2 * g->nf;
        int32_t *cached = c->fcp + state * (size_t)per;
        if (cached[0] == NO_FCP) {
            wri_po_plan pl;
            wr_status st = wri_po_plan_make(g, tu.figs, tu.live, 0, &pl, NULL);
            if (st != WR_OK)
                return st;
            for (int f = 0; f < g->nf; f++)
                for (int i = 0; i < 2; i++)
                    cached[2 * f + i] = tu.live >> f & 1u ? pl.fcp[f][i] : 0;
        }
        for (int k = 0; k < per; k++)
            fcp[k] = cached[k];
    }
    tu.nk = 0;
    for (int f = 0; f < g->nf; f++)
        for (int i = 0; tu.live >> f & 1u && i < 2; i++) {
            strike *x = &tu.k[tu.nk++];
            x->f = f;
            x->i = i;
            x->target = g->unit_of[f][1 - i];
            x->hits = fcp[2 * f + i] / 100;
            x->rem = fcp[2 * f + i] % 100;
        }
    const uint32_t *src = cell(c, c->cur, state);
    wr_status st = strike_paths(c, src, &tu);
    if (st != WR_OK) {
        c->n_used = 0;
        for (size_t i = 0; i < SLOTS; i++)
            c->slot[i].key = 0;
        return st;
    }
    flush(c, src);
    return WR_OK;
}

static wr_status run(chain *c, size_t start_state, int max_rounds)
{
    const wri_po_group *g = c->g;
    cell(c, c->cur, start_state)[0] = 1;
    c->live_cur[start_state] = 1;
    c->list_cur[0] = (uint32_t)start_state;
    c->n_cur = 1;
    wr_status st = flank_stage(c, start_state);
    for (int r = 0; r < max_rounds && st == WR_OK && c->n_cur > 0; r++) {
        new_stage(c, 6 * g->nf);
        for (size_t k = 0; k < c->n_cur && st == WR_OK; k++) {
            size_t state = c->list_cur[k];
            st = step(c, state, r);
            clear_cell(c, state);
        }
        swap_grids(c);
    }
    if (st != WR_OK)
        return st;
    uint32_t one[3] = {1, 0, 0};
    for (size_t k = 0; k < c->n_cur; k++) {
        size_t state = c->list_cur[k];
        int figs[WRI_PO_UNITS];
        decode(c, state, figs);
        unsigned live = live_fights(g, figs);
        const uint32_t *src = cell(c, c->cur, state);
        for (int u = 0; u < g->nu; u++)
            if (figs[u] > 0)
                add(c, src, key_exit(u, WR_FATE_FIGHTING, figs[u]), one);
        for (int f = 0; f < g->nf; f++)
            if (live >> f & 1u)
                add(c, src, key_end(f, WR_END_ONGOING), one);
        flush(c, src);
    }
    return WR_OK;
}

/* ---- working memory ----------------------------------------------------- */

wri_po_scratch *wri_po_scratch_new(const wr_allocator *a)
{
    wri_po_scratch *s = wri_alloc_zero(a, 1, sizeof *s);
    if (s != NULL)
        s->alloc = *a;
    return s;
}

static void scratch_release(wri_po_scratch *s)
{
    const wr_allocator *a = &s->alloc;
    for (int i = 0; i < 2; i++) {
        wri_free(a, s->grid[i], s->grid_words, sizeof(uint32_t));
        wri_free(a, s->live[i], s->cells, sizeof(uint32_t) + 1);
        s->grid[i] = NULL;
        s->live[i] = NULL;
    }
    wri_free(a, s->fcp, s->fcp_ints, sizeof(int32_t));
    s->fcp = NULL;
    s->grid_words = s->cells = s->fcp_ints = 0;
}

void wri_po_scratch_free(wri_po_scratch *s)
{
    if (s == NULL)
        return;
    wr_allocator a = s->alloc;
    scratch_release(s);
    wri_free(&a, s, 1, sizeof *s);
}

/* Room for `cells` cells of L words (zero) and their strikes. */
static wr_status reserve(wri_po_scratch *s, size_t cells, size_t L, size_t per)
{
    if (cells > SIZE_MAX / L / 8 || cells > SIZE_MAX / per / 8)
        return WRI_NOMEM();
    size_t words = cells * L, ints = cells * per;
    if (words <= s->grid_words && cells <= s->cells && ints <= s->fcp_ints)
        return WR_OK;
    words = words > s->grid_words ? words : s->grid_words;
    cells = cells > s->cells ? cells : s->cells;
    ints = ints > s->fcp_ints ? ints : s->fcp_ints;
    scratch_release(s);
    const wr_allocator *a = &s->alloc;
    for (int i = 0; i < 2; i++) {
        s->grid[i] = wri_alloc_zero(a, words, sizeof(uint32_t));
        s->live[i] = wri_alloc_zero(a, cells, sizeof(uint32_t) + 1);
    }
    s->fcp = wri_alloc_zero(a, ints, sizeof(int32_t));
    s->grid_words = words;
    s->cells = cells;
    s->fcp_ints = ints;
    if (s->grid[0] == NULL || s->grid[1] == NULL || s->live[0] == NULL || s->live[1] == NULL ||
        s->fcp == NULL) {
        scratch_release(s);
        return WRI_NOMEM();
    }
    return WR_OK;
}

wr_status wri_po_group_odds(const wri_po_group *group, int max_rounds, wri_po_scratch *s,
                            const wr_allocator *a, wr_melee_phase_odds **out)
{
    wri_po_group g = *group;
    wri_po_plan first, later;
    unsigned all = (1u << g.nf) - 1;
    wr_status st = wri_po_plan_make(&g, g.start, all, 1, &first, NULL);
    if (st == WR_OK)
        st = wri_po_plan_make(&g, g.start, all, 0, &later, NULL);
    if (st != WR_OK)
        return st;
    int tests = 0;
    for (int f = 0; f < g.nf; f++)
        for (int i = 0; i < 2; i++)
            tests += wri_po_test_due(&g, &first, f, i);
    int digits = 2 * tests + 6 * g.nf * max_rounds;
    int L = words_for(digits);
    const size_t per = 2 * (size_t)g.nf;
    if ((st = reserve(s, g.states, (size_t)L, per)) != WR_OK)
        return st;
    wr_melee_phase_odds *o = wri_po_odds_alloc(a, L, g.nu, g.start, g.nf);
    if (o == NULL)
        return WRI_NOMEM();
    for (int u = 0; u < g.nu; u++)
        o->unit[u] = g.unit[u];
    chain *c = wri_alloc_zero(a, 1, sizeof *c);
    if (c == NULL) {
        wr_melee_phase_odds_free(o);
        return WRI_NOMEM();
    }
    c->g = &g;
    c->o = o;
    c->L = L;
    size_t mul = 1;
    for (int u = 0; u < g.nu; u++) {
        c->mul[u] = mul;
        mul *= (size_t)(g.start[u] + 1);
    }
    c->cur = s->grid[0];
    c->nxt = s->grid[1];
    c->list_cur = (uint32_t *)(void *)s->live[0];
    c->list_nxt = (uint32_t *)(void *)s->live[1];
    c->live_cur = s->live[0] + s->cells * sizeof(uint32_t);
    c->live_nxt = s->live[1] + s->cells * sizeof(uint32_t);
    c->fcp = s->fcp;
    memset(c->fcp, 0xff, g.states * per * sizeof(int32_t)); /* NO_FCP */
    c->first = &first;
    c->later = &later;
    st = run(c, encode(c, g.start), max_rounds);
    if (st == WR_OK) {
        for (size_t k = 0; k < c->n_cur; k++) {
            size_t state = c->list_cur[k];
            memset(cell(c, c->cur, state), 0, (size_t)L * sizeof(uint32_t));
            c->live_cur[state] = 0;
        }
    } else {
        for (int i = 0; i < 2; i++) {
            memset(s->grid[i], 0, g.states * (size_t)L * sizeof(uint32_t));
            memset(s->live[i] + s->cells * sizeof(uint32_t), 0, g.states);
        }
    }
    wri_free(a, c, 1, sizeof *c);
    if (st != WR_OK) {
        wr_melee_phase_odds_free(o);
        return st;
    }
    *out = o;
    return WR_OK;
}
