/* The exact odds of a melee fought round after round: a Markov chain over
   each side's state, the figures left for troops and the wound record for
   a monster or character [Continuing], [Wounds].

   Exactness. Every die is a d100 or, for a wound, a d100 and a d4 (400
   equally likely cells, each 25 / 10^4). So after each stage every
   probability is an integer over a power of ten. A round is one stage:
   two remainder d100s, the loser's morale d100, and for each monster or
   character side as many wounds as the most hits a round can inflict on
   it; a die the round does not read counts as a certain outcome (weight
   100, or 10^4 for a wound), so every path of a stage has the same
   denominator. A flank test is a stage of one d100. Numerators are base
   10^9 multi-word integers whose length is fixed by the round cap, so
   nothing is ever rounded.

   Wound records are kept reduced: the death rules only compare counts
   with 1, 2 and 3, so counted and serious are kept up to 3, critical up to
   2, with the unconscious flag: 96 living records and the dead. */
#include <stdint.h>
#include <string.h>

#include "core/error.h"
#include "bignum.h"
#include "odds.h"

#define BASE WRI_ODDS_BASE
#define WOUND_STATES 97
#define DEAD_STATE 96

/* ---- sides -------------------------------------------------------------- */

typedef struct space {
    int troops;    /* 1: the state is the figures left; 0: a wound record */
    int character; /* for the death rules */
    int size;      /* states */
    int start;     /* the state at the start */
    int bound;     /* the most hits a round can inflict on this side (0 for troops) */
    uint32_t cells[WR_WOUND_KILLED + 1]; /* (d100, d4) cells giving each wound */
    unsigned char next[WOUND_STATES][WR_WOUND_KILLED + 1]; /* record after one more wound */
} space;

static int wound_index(const wr_wounds *w)
{
    if (w->dead)
        return DEAD_STATE;
    int counted = w->counted > 3 ? 3 : w->counted;
    int serious = w->serious > 3 ? 3 : w->serious;
    int critical = w->critical > 2 ? 2 : w->critical;
    return ((w->unconscious * 3 + critical) * 4 + serious) * 4 + counted;
}

static wr_wounds wound_record(int index)
{
    wr_wounds w;
    memset(&w, 0, sizeof w);
    if (index == DEAD_STATE) {
        w.dead = 1;
        return w;
    }
    w.counted = index % 4;
    w.serious = (index / 4) % 4;
    w.critical = (index / 16) % 3;
    w.unconscious = index / 48;
    w.hits = w.counted;
    return w;
}

static int figures_of(const space *sp, int state)
{
    return sp->troops ? state : (state == DEAD_STATE ? 0 : 1);
}

static wr_status space_init(space *sp, const wri_side *side)
{
    memset(sp, 0, sizeof *sp);
    sp->troops = side->kind == WR_UNIT_TROOPS;
    if (sp->troops) {
        if (side->figures > WR_ODDS_MAX_FIGURES)
            return WRI_FAIL_VALUE(WR_ERR_RANGE, "engagement", side->figures,
                                  "at most WR_ODDS_MAX_FIGURES (200) figures a side");
        sp->size = side->figures + 1;
        sp->start = side->figures;
        return WR_OK;
    }
    sp->character = side->kind == WR_UNIT_CHARACTER;
    sp->size = WOUND_STATES;
    sp->start = wound_index(&side->wounds);
    if (side->chart == NULL)
        return WRI_FAIL(WR_ERR_STATE, "engagement",
                        "[Wounds] a hit chart for every monster or character");
    for (int d100 = 1; d100 <= 100; d100++)
        for (int d4 = 1; d4 <= 4; d4++) {
            int location = 0;
            wr_wound wound = WR_WOUND_NONE;
            wr_status st = wr_hit_chart_lookup(side->chart, d100, d4, &location, &wound);
            if (st != WR_OK) /* a chart with holes: the unit's, in the engagement */
                return WRI_PASS_ARG(st, "engagement");
            sp->cells[wound]++;
        }
    for (int s = 0; s < DEAD_STATE; s++)
        for (int k = WR_WOUND_NICKED; k <= WR_WOUND_KILLED; k++) {
            wr_wounds w = wound_record(s);
            int dead = 0;
            (void)wr_wounds_add(&w, (wr_wound)k, sp->character, &dead);
            sp->next[s][k] = (unsigned char)wound_index(&w);
        }
    return WR_OK;
}

/* ---- the chain ---------------------------------------------------------- */

/* One way a strike can end: the target's new state, figures it lost, and
   the weight of that way. */
typedef struct outcome {
    int state;
    int lost;
    uint32_t *weight;
} outcome;

typedef struct chain {
    wr_melee_odds *o;
    space sp[2];
    int lw;            /* words of a strike's weight */
    uint32_t *cur, *nxt;
    unsigned char *live_cur, *live_nxt; /* 1: the cell holds mass */
    uint32_t *list_cur, *list_nxt;      /* the cells that hold mass, by index */
    size_t n_cur, n_nxt;
    uint32_t *dist[2]; /* wound distributions: WOUND_STATES numbers of lw words each */
    uint32_t *pool;    /* 2 sides x 2 * WOUND_STATES outcomes x lw words */
    outcome out[2][2 * WOUND_STATES];
    int n_out[2];
    uint32_t *w, *w2;  /* the weight of a path: 2 * lw + 2 words each */
} chain;

static size_t cell_index(const chain *c, int s0, int s1)
{
    return (size_t)s0 * (size_t)c->sp[1].size + (size_t)s1;
}

static uint32_t *cell(const chain *c, uint32_t *grid, int s0, int s1)
{
    return grid + cell_index(c, s0, s1) * (size_t)c->o->limbs;
}

static int words_now(const chain *c)
{
    int n = words_for(c->o->exponent);
    return n < c->o->limbs ? n : c->o->limbs;
}

/* Mass src * w ends the melee in states (s0, s1). */
static void absorb(chain *c, wr_melee_end end, int s0, int s1, const uint32_t *src,
                   const uint32_t *w, int nw)
{
    wr_melee_odds *o = c->o;
    int n = words_now(c);
    big_muladd(o->ends + (size_t)end * (size_t)o->limbs, src, n, w, nw);
    big_muladd(wri_odds_figs(o, 0, figures_of(&c->sp[0], s0)), src, n, w, nw);
    big_muladd(wri_odds_figs(o, 1, figures_of(&c->sp[1], s1)), src, n, w, nw);
}

static void move_mass(chain *c, int s0, int s1, const uint32_t *src, const uint32_t *w, int nw)
{
    big_muladd(cell(c, c->nxt, s0, s1), src, words_now(c), w, nw);
    size_t i = cell_index(c, s0, s1);
    if (!c->live_nxt[i]) {
        c->live_nxt[i] = 1;
        c->list_nxt[c->n_nxt++] = (uint32_t)i;
    }
}

/* A new stage of `digits` decimal digits: finished numbers are scaled. */
static void new_stage(chain *c, int digits)
{
    wr_melee_odds *o = c->o;
    o->exponent += digits;
    int n = words_now(c);
    int count = WR_END_COUNT + o->start[0] + 1 + o->start[1] + 1;
    for (int i = 0; i < count; i++) {
        uint32_t *x = i < WR_END_COUNT ? o->ends + (size_t)i * (size_t)o->limbs
                                       : o->figs + (size_t)(i - WR_END_COUNT) * (size_t)o->limbs;
        big_scale_pow10(x, digits, n);
    }
}

/* A cell whose mass has moved on: zero again, for the stage after next. */
static void clear_cell(chain *c, int s0, int s1)
{
    size_t i = cell_index(c, s0, s1);
    memset(c->cur + i * (size_t)c->o->limbs, 0, (size_t)words_now(c) * sizeof(uint32_t));
    c->live_cur[i] = 0;
}

/* The next stage's grid becomes the current one (the current one is all
   zero: each cell was cleared when its mass moved on). */
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

static void small(uint32_t *w, int nw, uint32_t value)
{
    memset(w, 0, (size_t)nw * sizeof *w);
    w[0] = value;
}

/* The flank or rear test of `side` in the first round. */
static wr_status flank_stage(chain *c, const wri_snapshot *s, wr_morale_fn fn, void *user,
                             int side)
{
    wr_morale_test t;
    wr_morale_odds m;
    wri_melee_morale_test(s, side, wri_melee_flank_reason(s, side), 0, 0, &t);
    wr_status st = wri_melee_morale_odds(fn, user, &t, &m, "engagement");
    if (st != WR_OK)
        return st;
    new_stage(c, 2);
    int s0 = c->sp[0].start, s1 = c->sp[1].start;
    const uint32_t *src = cell(c, c->cur, s0, s1);
    uint32_t w[1];
    small(w, 1, (uint32_t)m.retire);
    absorb(c, wri_melee_end_of(side, WR_MORALE_RETIRE), s0, s1, src, w, 1);
    small(w, 1, (uint32_t)m.rout);
    absorb(c, wri_melee_end_of(side, WR_MORALE_ROUT), s0, s1, src, w, 1);
    small(w, 1, (uint32_t)m.pass);
    move_mass(c, s0, s1, src, w, 1);
    clear_cell(c, s0, s1);
    swap_grids(c);
    return WR_OK;
}

/* The distribution of a wound record after `hits` hits from `state`, each
   number over 10^(4 * hits); into c->dist[0]. */
static void wound_distribution(chain *c, const space *sp, int state, int hits)
{
    const size_t lw = (size_t)c->lw;
    uint32_t *v = c->dist[0], *nv = c->dist[1];
    memset(v, 0, WOUND_STATES * lw * sizeof *v);
    v[(size_t)state * lw] = 1;
    for (int h = 0; h < hits; h++) {
        int n = words_for(4 * h);
        memset(nv, 0, WOUND_STATES * lw * sizeof *nv);
        for (int s = 0; s < WOUND_STATES; s++) {
            const uint32_t *x = v + (size_t)s * lw;
            if (big_len(x, n) == 0)
                continue;
            if (s == DEAD_STATE) { /* no more dice once dead */
                uint32_t all = 10000;
                big_muladd(nv + (size_t)s * lw, x, n, &all, 1);
                continue;
            }
            for (int k = WR_WOUND_NICKED; k <= WR_WOUND_KILLED; k++) {
                uint32_t w = sp->cells[k] * 25u;
                if (w != 0)
                    big_muladd(nv + (size_t)sp->next[s][k] * lw, x, n, &w, 1);
            }
        }
        uint32_t *t = v;
        v = nv;
        nv = t;
    }
    if (v != c->dist[0])
        memcpy(c->dist[0], v, WOUND_STATES * lw * sizeof *v);
}

/* Every way side `side`'s strike k can end for the target in `target_state`. */
static wr_status strike_outcomes(chain *c, int side, const wr_strike *k, int target_state)
{
    const space *sp = &c->sp[1 - side];
    const size_t lw = (size_t)c->lw;
    int n = 0, rem = k->fcp % 100;
    for (int x = 0; x < 2; x++) {
        uint32_t w = (uint32_t)(x == 0 ? 100 - rem : rem);
        if (w == 0)
            continue;
        int hits = k->fcp / 100 + x;
        if (sp->troops) {
            int kills = hits > target_state ? target_state : hits;
            outcome *o = &c->out[side][n];
            o->weight = c->pool + ((size_t)side * 2 * WOUND_STATES + (size_t)n) * lw;
            small(o->weight, c->lw, w);
            o->state = target_state - kills;
            o->lost = kills;
            n++;
            continue;
        }
        if (hits > sp->bound)
            return WRI_FAIL(WR_ERR_RANGE, "engagement", /* cannot happen: the bound is the first round's */
                            "hits within the first round's bound");
        wound_distribution(c, sp, target_state, hits);
        for (int t = 0; t < WOUND_STATES; t++) {
            const uint32_t *d = c->dist[0] + (size_t)t * lw;
            if (big_len(d, c->lw) == 0)
                continue;
            outcome *o = &c->out[side][n];
            o->weight = c->pool + ((size_t)side * 2 * WOUND_STATES + (size_t)n) * lw;
            memcpy(o->weight, d, lw * sizeof *d);
            big_scale(o->weight, w, c->lw);
            big_scale_pow10(o->weight, 4 * (sp->bound - hits), c->lw);
            o->state = t;
            o->lost = t == DEAD_STATE && target_state != DEAD_STATE;
            n++;
        }
    }
    c->n_out[side] = n;
    return WR_OK;
}

static void snapshot_state(const chain *c, wri_snapshot *s, int side, int state)
{
    const space *sp = &c->sp[side];
    s->side[side].figures = figures_of(sp, state);
    if (!sp->troops)
        s->side[side].wounds = wound_record(state);
}

/* round_from() for troops against troops: each strike's weight is one
   word of at most 100, so a path's weight (times a morale part, at most
   100) stays below 10^6, one word. */
static wr_status troops_round(chain *c, wri_snapshot *s, wr_morale_fn fn, void *user,
                              const uint32_t *src)
{
    for (int i = 0; i < c->n_out[0]; i++) {
        const outcome *hit1 = &c->out[0][i];
        for (int j = 0; j < c->n_out[1]; j++) {
            const outcome *hit0 = &c->out[1][j];
            uint32_t w = hit1->weight[0] * hit0->weight[0];
            int n0 = hit0->state, n1 = hit1->state;
            int lost0 = hit0->lost, lost1 = hit1->lost;
            if (n0 == 0 || n1 == 0) {
                wr_melee_end end = n0 == 0 ? (n1 == 0 ? WR_END_BOTH_DESTROYED : WR_END_A_DESTROYED)
                                           : WR_END_B_DESTROYED;
                uint32_t all = w * 100;
                absorb(c, end, n0, n1, src, &all, 1);
                continue;
            }
            if (lost0 == lost1) {
                uint32_t all = w * 100;
                move_mass(c, n0, n1, src, &all, 1);
                continue;
            }
            int loser = lost0 > lost1 ? 0 : 1;
            wr_morale_test t;
            wr_morale_odds m;
            wri_melee_morale_test(s, loser, WR_MORALE_REASON_LOST_ROUND, loser ? lost1 : lost0,
                                  loser ? lost0 : lost1, &t);
            wr_status st = wri_melee_morale_odds(fn, user, &t, &m, "engagement");
            if (st != WR_OK)
                return st;
            const int parts[3] = {m.pass, m.retire, m.rout};
            for (int p = 0; p < 3; p++) {
                if (parts[p] == 0)
                    continue;
                uint32_t part = w * (uint32_t)parts[p];
                if (p == 0)
                    move_mass(c, n0, n1, src, &part, 1);
                else
                    absorb(c, wri_melee_end_of(loser, p == 1 ? WR_MORALE_RETIRE : WR_MORALE_ROUT),
                           n0, n1, src, &part, 1);
            }
        }
    }
    return WR_OK;
}

/* One round from (s0, s1): every way both strikes and the loser's test go. */
static wr_status round_from(chain *c, wri_snapshot *s, wr_morale_fn fn, void *user, int s0, int s1)
{
    snapshot_state(c, s, 0, s0);
    snapshot_state(c, s, 1, s1);
    wr_strike k[2];
    wr_status st;
    for (int i = 0; i < 2; i++)
        if ((st = wri_melee_strike(s, i, &k[i], NULL)) != WR_OK)
            return st;
    if ((st = strike_outcomes(c, 0, &k[0], s1)) != WR_OK ||
        (st = strike_outcomes(c, 1, &k[1], s0)) != WR_OK)
        return st;
    const uint32_t *src = cell(c, c->cur, s0, s1);
    if (c->sp[0].troops && c->sp[1].troops)
        return troops_round(c, s, fn, user, src);
    const int nw = 2 * c->lw + 2;
    for (int i = 0; i < c->n_out[0]; i++) {
        const outcome *hit1 = &c->out[0][i]; /* what side 0 does to side 1 */
        for (int j = 0; j < c->n_out[1]; j++) {
            const outcome *hit0 = &c->out[1][j];
            memset(c->w, 0, (size_t)nw * sizeof *c->w);
            big_muladd(c->w, hit1->weight, c->lw, hit0->weight, c->lw);
            int n0 = hit0->state, n1 = hit1->state;
            int lost0 = hit0->lost, lost1 = hit1->lost;
            int f0 = figures_of(&c->sp[0], n0), f1 = figures_of(&c->sp[1], n1);
            if (f0 == 0 || f1 == 0) {
                wr_melee_end end = f0 == 0 ? (f1 == 0 ? WR_END_BOTH_DESTROYED : WR_END_A_DESTROYED)
                                           : WR_END_B_DESTROYED;
                big_scale(c->w, 100, nw);
                absorb(c, end, n0, n1, src, c->w, nw);
                continue;
            }
            if (lost0 == lost1) {
                big_scale(c->w, 100, nw);
                move_mass(c, n0, n1, src, c->w, nw);
                continue;
            }
            int loser = lost0 > lost1 ? 0 : 1;
            wr_morale_test t;
            wr_morale_odds m;
            wri_melee_morale_test(s, loser, WR_MORALE_REASON_LOST_ROUND, loser ? lost1 : lost0,
                                  loser ? lost0 : lost1, &t);
            if ((st = wri_melee_morale_odds(fn, user, &t, &m, "engagement")) != WR_OK)
                return st;
            const int parts[3] = {m.pass, m.retire, m.rout};
            for (int p = 0; p < 3; p++) {
                if (parts[p] == 0)
                    continue;
                memcpy(c->w2, c->w, (size_t)nw * sizeof *c->w);
                big_scale(c->w2, (uint32_t)parts[p], nw);
                if (p == 0)
                    move_mass(c, n0, n1, src, c->w2, nw);
                else
                    absorb(c, wri_melee_end_of(loser, p == 1 ? WR_MORALE_RETIRE : WR_MORALE_ROUT),
                           n0, n1, src, c->w2, nw);
            }
        }
    }
    return WR_OK;
}

static wr_status run_chain(chain *c, wri_snapshot *s, wr_morale_fn fn, void *user, int max_rounds)
{
    wr_status st;
    int round_digits = 6 + 4 * (c->sp[0].bound + c->sp[1].bound);
    cell(c, c->cur, c->sp[0].start, c->sp[1].start)[0] = 1;
    size_t start = cell_index(c, c->sp[0].start, c->sp[1].start);
    c->live_cur[start] = 1;
    c->list_cur[0] = (uint32_t)start;
    c->n_cur = 1;
    for (int i = 0; i < 2; i++)
        if (wri_melee_flank_test_due(s, i) && (st = flank_stage(c, s, fn, user, i)) != WR_OK)
            return st;
    int first = s->round;
    for (int r = 0; r < max_rounds; r++) {
        if (c->n_cur == 0)
            break;
        s->round = first + r;
        new_stage(c, round_digits);
        const int size1 = c->sp[1].size;
        for (size_t k = 0; k < c->n_cur; k++) {
            int s0 = (int)(c->list_cur[k] / (uint32_t)size1), s1 = (int)(c->list_cur[k] % (uint32_t)size1);
            if ((st = round_from(c, s, fn, user, s0, s1)) != WR_OK)
                return st;
            clear_cell(c, s0, s1);
        }
        swap_grids(c);
    }
    uint32_t one = 1;
    for (size_t k = 0; k < c->n_cur; k++) {
        int s0 = (int)(c->list_cur[k] / (uint32_t)c->sp[1].size);
        int s1 = (int)(c->list_cur[k] % (uint32_t)c->sp[1].size);
        absorb(c, WR_END_ONGOING, s0, s1, cell(c, c->cur, s0, s1), &one, 1);
    }
    return WR_OK;
}

/* The most hits side `side` can score in a round: its first round's. */
static wr_status hit_bound(const wri_snapshot *s, int side, int *bound)
{
    wr_strike k;
    wr_status st = wri_melee_strike(s, side, &k, NULL);
    if (st == WR_OK)
        *bound = k.fcp / 100 + (k.fcp % 100 > 0);
    return st;
}

/* ---- working memory ----------------------------------------------------- */

/* The chain's working memory, kept from call to call. The grids and live
   flags are all zero between calls (a run clears the cells it used), so a
   run on memory it already has touches only the cells the melee reaches. */
struct wr_odds_workspace {
    wr_allocator alloc;
    chain c;
    uint32_t *grid[2];
    size_t grid_words;
    unsigned char *live[2]; /* live_cells cell indices (uint32_t), then as many flags */
    size_t live_cells;
    uint32_t *dist[2], *pool;
    size_t lw;          /* words of a strike's weight the three above hold */
    uint32_t *w, *w2;
    size_t w_words;
};

/* Bytes of ::wr_odds_workspace live blocks per cell: an index and a flag. */
#define LIVE_BYTES (sizeof(uint32_t) + 1)

static void release(const wr_allocator *al, uint32_t **p, size_t words)
{
    wri_free(al, *p, words, sizeof(uint32_t));
    *p = NULL;
}

static void release_workspace_memory(wr_odds_workspace *ws)
{
    const wr_allocator *al = &ws->alloc;
    for (int i = 0; i < 2; i++) {
        release(al, &ws->grid[i], ws->grid_words);
        wri_free(al, ws->live[i], ws->live_cells, LIVE_BYTES);
        ws->live[i] = NULL;
        release(al, &ws->dist[i], WOUND_STATES * ws->lw);
    }
    release(al, &ws->pool, 4 * WOUND_STATES * ws->lw);
    release(al, &ws->w, ws->w_words);
    release(al, &ws->w2, ws->w_words);
    ws->grid_words = ws->live_cells = ws->lw = ws->w_words = 0;
}

/* Room for `states` cells of L words and weights of lw words (zeroed when new). */
static wr_status reserve(wr_odds_workspace *ws, size_t states, size_t L, size_t lw)
{
    const wr_allocator *al = &ws->alloc;
    if (states > SIZE_MAX / L)
        return WRI_NOMEM();
    size_t words = states * L, nw = 2 * lw + 2;
    if (words > ws->grid_words || states > ws->live_cells) {
        for (int i = 0; i < 2; i++) {
            release(al, &ws->grid[i], ws->grid_words);
            wri_free(al, ws->live[i], ws->live_cells, LIVE_BYTES);
            ws->live[i] = NULL;
        }
        words = words > ws->grid_words ? words : ws->grid_words;
        states = states > ws->live_cells ? states : ws->live_cells;
        ws->grid_words = ws->live_cells = 0;
        for (int i = 0; i < 2; i++) {
            ws->grid[i] = wri_alloc_zero(al, words, sizeof(uint32_t));
            ws->live[i] = wri_alloc_zero(al, states, LIVE_BYTES);
        }
        if (ws->grid[0] == NULL || ws->grid[1] == NULL || ws->live[0] == NULL ||
            ws->live[1] == NULL) {
            for (int i = 0; i < 2; i++) {
                release(al, &ws->grid[i], words);
                wri_free(al, ws->live[i], states, LIVE_BYTES);
                ws->live[i] = NULL;
            }
            return WRI_NOMEM();
        }
        ws->grid_words = words;
        ws->live_cells = states;
    }
    if (lw > ws->lw) {
        for (int i = 0; i < 2; i++)
            release(al, &ws->dist[i], WOUND_STATES * ws->lw);
        release(al, &ws->pool, 4 * WOUND_STATES * ws->lw);
        ws->lw = 0;
        ws->dist[0] = wri_alloc_zero(al, WOUND_STATES * lw, sizeof(uint32_t));
        ws->dist[1] = wri_alloc_zero(al, WOUND_STATES * lw, sizeof(uint32_t));
        ws->pool = wri_alloc_zero(al, 4 * WOUND_STATES * lw, sizeof(uint32_t));
        if (ws->dist[0] == NULL || ws->dist[1] == NULL || ws->pool == NULL) {
            for (int i = 0; i < 2; i++)
                release(al, &ws->dist[i], WOUND_STATES * lw);
            release(al, &ws->pool, 4 * WOUND_STATES * lw);
            return WRI_NOMEM();
        }
        ws->lw = lw;
    }
    if (nw > ws->w_words) {
        release(al, &ws->w, ws->w_words);
        release(al, &ws->w2, ws->w_words);
        ws->w_words = 0;
        ws->w = wri_alloc_zero(al, nw, sizeof(uint32_t));
        ws->w2 = wri_alloc_zero(al, nw, sizeof(uint32_t));
        if (ws->w == NULL || ws->w2 == NULL) {
            release(al, &ws->w, nw);
            release(al, &ws->w2, nw);
            return WRI_NOMEM();
        }
        ws->w_words = nw;
    }
    return WR_OK;
}

/* Leaves the grids and live flags all zero again: the live cells of the
   last grid after a complete run, everything used after a failed one. */
static void clear_grids(wr_odds_workspace *ws, size_t states, size_t L, int complete)
{
    chain *c = &ws->c;
    if (!complete) {
        for (int i = 0; i < 2; i++) {
            memset(ws->grid[i], 0, states * L * sizeof(uint32_t));
            memset(ws->live[i] + ws->live_cells * sizeof(uint32_t), 0, states);
        }
        return;
    }
    for (size_t k = 0; k < c->n_cur; k++) {
        size_t i = c->list_cur[k];
        memset(c->cur + i * L, 0, L * sizeof(uint32_t));
        c->live_cur[i] = 0;
    }
}

static wr_odds_workspace *workspace_new(const wr_allocator *al)
{
    wr_odds_workspace *ws = wri_alloc_zero(al, 1, sizeof *ws);
    if (ws != NULL)
        ws->alloc = *al;
    return ws;
}

static void workspace_free(wr_odds_workspace *ws)
{
    if (ws == NULL)
        return;
    wr_allocator al = ws->alloc;
    release_workspace_memory(ws);
    wri_free(&al, ws, 1, sizeof *ws);
}

static wr_melee_odds *odds_alloc(const wr_allocator *al, int limbs, int start0, int start1)
{
    size_t L = (size_t)limbs;
    wr_melee_odds *o = wri_alloc_zero(al, 1, sizeof *o);
    if (o == NULL)
        return NULL;
    o->alloc = *al;
    o->limbs = limbs;
    o->start[0] = start0;
    o->start[1] = start1;
    o->ends = wri_alloc_zero(al, WR_END_COUNT * L, sizeof(uint32_t));
    o->figs = wri_alloc_zero(al, (size_t)(start0 + start1 + 2) * L, sizeof(uint32_t));
    if (o->ends == NULL || o->figs == NULL) {
        wr_melee_odds_free(o);
        return NULL;
    }
    return o;
}

/* The odds of an engagement that is ready, computed in the workspace, the
   result allocated with `result_alloc`. */
static wr_status compute(const wr_engagement *engagement, int max_rounds, wr_odds_workspace *ws,
                         const wr_allocator *result_alloc, wr_melee_odds **out)
{
    chain *c = &ws->c;
    memset(c, 0, sizeof *c);
    wr_status st = WR_OK;
    wri_snapshot s;
    wri_melee_snapshot(engagement, &s);
    for (int i = 0; i < 2 && st == WR_OK; i++)
        st = space_init(&c->sp[i], &s.side[i]);
    for (int i = 0; i < 2 && st == WR_OK; i++)
        if (!c->sp[1 - i].troops)
            st = hit_bound(&s, i, &c->sp[1 - i].bound);
    long long round_digits = 6 + 4LL * (c->sp[0].bound + c->sp[1].bound);
    if (st == WR_OK && round_digits * max_rounds + 4 > WRI_ODDS_MAX_EXPONENT)
        st = WRI_FAIL(WR_ERR_RANGE, "max_rounds",
                      "a denominator of at most 1800 digits (max_rounds * (6 + 4 * wounds a round inflicts))");
    if (st != WR_OK)
        return st;
    int bound = c->sp[0].bound > c->sp[1].bound ? c->sp[0].bound : c->sp[1].bound;
    int limbs = words_for((int)round_digits * max_rounds + 4);
    c->lw = words_for(2 + 4 * bound);
    size_t L = (size_t)limbs;
    size_t states = (size_t)c->sp[0].size * (size_t)c->sp[1].size;
    int start0 = figures_of(&c->sp[0], c->sp[0].start);
    int start1 = figures_of(&c->sp[1], c->sp[1].start);
    if ((st = reserve(ws, states, L, (size_t)c->lw)) != WR_OK)
        return st;
    wr_melee_odds *o = odds_alloc(result_alloc, limbs, start0, start1);
    if (o == NULL)
        return WRI_NOMEM();
    c->o = o;
    c->cur = ws->grid[0];
    c->nxt = ws->grid[1];
    c->list_cur = (uint32_t *)(void *)ws->live[0];
    c->list_nxt = (uint32_t *)(void *)ws->live[1];
    c->live_cur = ws->live[0] + ws->live_cells * sizeof(uint32_t);
    c->live_nxt = ws->live[1] + ws->live_cells * sizeof(uint32_t);
    c->dist[0] = ws->dist[0];
    c->dist[1] = ws->dist[1];
    c->pool = ws->pool;
    c->w = ws->w;
    c->w2 = ws->w2;
    st = run_chain(c, &s, engagement->morale, engagement->morale_user, max_rounds);
    clear_grids(ws, states, L, st == WR_OK);
    if (st != WR_OK) {
        wr_melee_odds_free(o);
        return st;
    }
    *out = o;
    return WR_OK;
}

wr_status wr_melee_odds_new_ex(const wr_engagement *engagement, int max_rounds,
                               const wr_allocator *alloc, wr_melee_odds **out)
{
    if (engagement == NULL)
        return WRI_NULL(engagement);
    if (out == NULL)
        return WRI_NULL(out);
    if (max_rounds < 1 || max_rounds > WR_ODDS_MAX_ROUNDS)
        return WRI_FAIL_VALUE(WR_ERR_RANGE, "max_rounds", max_rounds, "1..WR_ODDS_MAX_ROUNDS (40)");
    wr_status st = wri_melee_ready(engagement);
    if (st != WR_OK)
        return WRI_PASS(st);
    wr_allocator al;
    if ((st = wri_allocator_init(&al, alloc)) != WR_OK)
        return WRI_PASS(st);
    /* working memory for this call only (the chain is large: off the stack) */
    wr_odds_workspace *ws = workspace_new(&al);
    if (ws == NULL)
        return WRI_NOMEM();
    st = compute(engagement, max_rounds, ws, &al, out);
    workspace_free(ws);
    return WRI_PASS(st);
}

wr_status wr_melee_odds_new(const wr_engagement *engagement, int max_rounds, wr_melee_odds **out)
{
    return WRI_PASS(wr_melee_odds_new_ex(engagement, max_rounds, NULL, out));
}

wr_status wr_odds_workspace_new_ex(const wr_allocator *alloc, wr_odds_workspace **out)
{
    if (out == NULL)
        return WRI_NULL(out);
    wr_allocator al;
    wr_status st;
    wr_odds_workspace *ws = wri_new_object(alloc, sizeof *ws, &al, &st);
    if (ws == NULL)
        return WRI_PASS(st);
    ws->alloc = al;
    *out = ws;
    return WR_OK;
}

wr_status wr_odds_workspace_new(wr_odds_workspace **out)
{
    if (out == NULL)
        return WRI_NULL(out);
    return WRI_PASS(wr_odds_workspace_new_ex(NULL, out));
}

void wr_odds_workspace_free(wr_odds_workspace *workspace)
{
    workspace_free(workspace);
}

wr_status wr_melee_odds_new_in_workspace(const wr_engagement *engagement, int max_rounds,
                               wr_odds_workspace *workspace, wr_melee_odds **out)
{
    if (engagement == NULL)
        return WRI_NULL(engagement);
    if (workspace == NULL)
        return WRI_NULL(workspace);
    if (out == NULL)
        return WRI_NULL(out);
    if (max_rounds < 1 || max_rounds > WR_ODDS_MAX_ROUNDS)
        return WRI_FAIL_VALUE(WR_ERR_RANGE, "max_rounds", max_rounds, "1..WR_ODDS_MAX_ROUNDS (40)");
    wr_status st = wri_melee_ready(engagement);
    if (st == WR_OK)
        st = compute(engagement, max_rounds, workspace, &workspace->alloc, out);
    if (st == WR_ERR_NOMEM)
        return WRI_NOMEM();
    return WRI_PASS(st);
}
