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
   2, with the unconscious flag: 96 living records and the dead.

   Speed. The grids and the results being summed are held in 64-bit words
   with their carries deferred: a product a[k] * w is added to a word as it
   is, and a number is brought back to words below 10^9 only when it is
   read (a grid cell when its mass moves on, a result at each new stage)
   or when its load (the sum of the weights added since, which bounds each
   word by load * 10^9) would pass LOAD_LIMIT. Cells are stored sparsely: a
   grid is a pool of slots that grows with the cells the melee reaches, and
   one map (16 bits a cell) finds the next stage's slot of a cell, so a call
   pays for the cells it touches, not for the grid. */
#include <stdint.h>
#include <string.h>

#include "bignum.h"
#include "core/error.h"
#include "odds.h"

#define BASE WRI_ODDS_BASE
#define WOUND_STATES 97
#define DEAD_STATE 96
/* The most weight a lazy number may take between normalizations: every word
   stays below LOAD_LIMIT * BASE, half of 2^64, so adding a carry never wraps. */
#define LOAD_LIMIT (UINT64_MAX / BASE / 2u)

/* ---- sides -------------------------------------------------------------- */

typedef struct space {
    int troops;    /* 1: the state is the figures left; 0: a wound record */
    int character; /* for the death rules */
    int size;      /* states */
    int start;     /* the state at the start */
    int bound;     /* the most hits a round can inflict on this side (0 for troops) */
    uint32_t cells[WR_WOUND_KILLED + 1];                   /* (d100, d4) cells giving each wound */
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

/* A grid: per slot its cell and a lazy number (word 0 its load, then
   `limbs` words). */
typedef struct grid {
    uint32_t *list; /* cap entries: the cell of each slot */
    uint64_t *pool; /* pool_words words: cap slots of stride words */
    size_t list_cap, pool_words;
    size_t n, cap;
} grid;

/* A map entry is a slot + 1 of the next grid (0: none). */
typedef uint16_t map_entry;
_Static_assert((WR_ODDS_MAX_FIGURES + 1) * (WR_ODDS_MAX_FIGURES + 1) < UINT16_MAX &&
                   WOUND_STATES * (WR_ODDS_MAX_FIGURES + 1) < UINT16_MAX,
               "a slot + 1 fits a map entry");

#define MORALE_MEMO 256

typedef struct chain {
    wr_melee_odds *o;
    const wr_allocator *alloc;
    space sp[2];
    int lw;        /* words of a strike's weight */
    size_t stride; /* words of a lazy number with its load: limbs + 1 */
    grid *cur, *nxt;
    map_entry *map; /* cell -> slot + 1 in nxt; all 0 between runs */
    uint64_t *acc;  /* the results being summed: WR_END_COUNT + figures numbers, lazy */
    /* 1 + each side's FCP by its own state, in the first round ([0]) and
       after it ([1]): within the chain a strike depends on nothing else
       (0: not known yet) */
    int fcp_memo[2][2]
                [WR_ODDS_MAX_FIGURES + 1 > WOUND_STATES ? WR_ODDS_MAX_FIGURES + 1 : WOUND_STATES];
    /* the odds of the loser's test this round, by the test's varying fields
       (the morale model is a pure function of the test) */
    struct morale_entry {
        int round, loser, figures, lost, enemy_lost; /* round 0: empty */
        wr_morale_odds odds;
    } morale_memo[MORALE_MEMO];
    uint32_t *dist[2]; /* wound distributions: WOUND_STATES numbers of lw words each */
    uint32_t *pool;    /* 2 sides x 2 * WOUND_STATES outcomes x lw words */
    outcome out[2][2 * WOUND_STATES];
    int n_out[2];
    uint32_t *w, *w2; /* the weight of a path: 2 * lw + 2 words each */
} chain;

static size_t cell_index(const chain *c, int s0, int s1)
{
    return (size_t)s0 * (size_t)c->sp[1].size + (size_t)s1;
}

static int words_now(const chain *c)
{
    int n = words_for(c->o->exponent);
    return n < c->o->limbs ? n : c->o->limbs;
}

/* The lazy number of slot k of g (its load is the word before). */
static uint64_t *slot_number(const chain *c, const grid *g, size_t k)
{
    return g->pool + k * c->stride + 1;
}

/* x (n words, then zeros up to limbs) with every word below BASE. */
static void lazy_normalize(uint64_t *x, int n, int limbs)
{
    uint64_t carry = 0;
    int k = 0;
    for (; k < n || (carry != 0 && k < limbs); k++) {
        uint64_t t = x[k] + carry;
        carry = t / BASE;
        x[k] = t - carry * BASE;
    }
}

/* The words of x (normalized) up to its highest non-zero one. */
static int lazy_len(const uint64_t *x, int n)
{
    while (n > 0 && x[n - 1] == 0)
        n--;
    return n;
}

/* dst += a * w, carries deferred; a is normalized, of na words. */
static void lazy_add(const chain *c, uint64_t *dst, const uint64_t *a, int na, const uint32_t *w,
                     int nw)
{
    uint64_t *load = dst - 1;
    for (int j = 0; j < nw; j++) {
        uint64_t wj = w[j];
        if (wj == 0)
            continue;
        if (*load + wj > LOAD_LIMIT) {
            lazy_normalize(dst, c->o->limbs, c->o->limbs);
            *load = 1;
        }
        *load += wj;
        uint64_t *restrict d = dst + j;
        int k = 0;
        for (; k + 4 <= na; k += 4) {
            d[k] += a[k] * wj;
            d[k + 1] += a[k + 1] * wj;
            d[k + 2] += a[k + 2] * wj;
            d[k + 3] += a[k + 3] * wj;
        }
        for (; k < na; k++)
            d[k] += a[k] * wj;
    }
}

static void lazy_scale_pow10(uint64_t *x, int digits, int n);

/* Result i: word 0 the exponent it is over, word 1 its load, then the
   number. A result is scaled to the current exponent only when it is
   added to (and once at the end): most are touched in few stages. */
static uint64_t *acc_number(const chain *c, int i)
{
    uint64_t *x = c->acc + (size_t)i * (c->stride + 1) + 2;
    int exponent = (int)x[-2];
    if (exponent != c->o->exponent) {
        if (x[-1] != 0) {
            lazy_normalize(x, words_for(exponent), c->o->limbs);
            x[-1] = 1;
            lazy_scale_pow10(x, c->o->exponent - exponent, words_now(c));
        }
        x[-2] = (uint64_t)c->o->exponent;
    }
    return x;
}

/* Mass src * w ends the melee in states (s0, s1). */
static void absorb(chain *c, wr_melee_end end, int s0, int s1, const uint64_t *src, int na,
                   const uint32_t *w, int nw)
{
    const wr_melee_odds *o = c->o;
    lazy_add(c, acc_number(c, (int)end), src, na, w, nw);
    lazy_add(c, acc_number(c, WR_END_COUNT + figures_of(&c->sp[0], s0)), src, na, w, nw);
    lazy_add(c, acc_number(c, WR_END_COUNT + o->start[0] + 1 + figures_of(&c->sp[1], s1)), src, na,
             w, nw);
}

/* Room for one more slot in g. */
static wr_status grow(chain *c, grid *g)
{
    size_t states = (size_t)c->sp[0].size * (size_t)c->sp[1].size;
    size_t cap = g->cap < 32 ? 64 : 2 * g->cap;
    cap = cap < states ? cap : states;
    if (cap <= g->cap || cap > SIZE_MAX / c->stride)
        return WRI_NOMEM();
    if (cap * c->stride > g->pool_words) {
        uint64_t *pool =
            wri_realloc_array(c->alloc, g->pool, g->pool_words, cap * c->stride, sizeof *pool);
        if (pool == NULL)
            return WRI_NOMEM();
        g->pool = pool;
        g->pool_words = cap * c->stride;
    }
    if (cap > g->list_cap) {
        uint32_t *list = wri_realloc_array(c->alloc, g->list, g->list_cap, cap, sizeof *list);
        if (list == NULL)
            return WRI_NOMEM();
        g->list = list;
        g->list_cap = cap;
    }
    g->cap = cap;
    return WR_OK;
}

static wr_status move_mass(chain *c, int s0, int s1, const uint64_t *src, int na, const uint32_t *w,
                           int nw)
{
    grid *g = c->nxt;
    size_t i = cell_index(c, s0, s1);
    uint32_t slot = c->map[i];
    if (slot == 0) {
        if (g->n == g->cap) {
            wr_status st = grow(c, g);
            if (st != WR_OK)
                return st;
        }
        memset(g->pool + g->n * c->stride, 0, c->stride * sizeof(uint64_t));
        g->list[g->n] = (uint32_t)i;
        slot = (uint32_t)++g->n;
        c->map[i] = (map_entry)slot;
    }
    lazy_add(c, slot_number(c, g, slot - 1), src, na, w, nw);
    return WR_OK;
}

/* The mass of slot k of the current grid, normalized. */
static const uint64_t *cell_mass(const chain *c, size_t k, int *na)
{
    uint64_t *x = slot_number(c, c->cur, k);
    lazy_normalize(x, words_now(c), c->o->limbs);
    x[-1] = 1;
    *na = lazy_len(x, words_now(c));
    return x;
}

static void lazy_scale_pow10(uint64_t *x, int digits, int n)
{
    static const uint64_t pow10[10] = {1,      10,      100,      1000,      10000,
                                       100000, 1000000, 10000000, 100000000, 1000000000};
    if (digits >= 9) { /* whole words: a shift */
        int shift = digits / 9, len = lazy_len(x, n - shift);
        memmove(x + shift, x, (size_t)len * sizeof *x);
        memset(x, 0, (size_t)shift * sizeof *x);
        digits -= 9 * shift;
    }
    while (digits > 0) {
        int d = digits > 9 ? 9 : digits;
        uint64_t p = pow10[d], carry = 0;
        for (int k = 0; k < n; k++) {
            uint64_t t = x[k] * p + carry;
            carry = t / BASE;
            x[k] = t - carry * BASE;
        }
        digits -= d;
    }
}

static int acc_count(const chain *c)
{
    return WR_END_COUNT + c->o->start[0] + 1 + c->o->start[1] + 1;
}

/* A new stage of `digits` decimal digits (finished numbers are scaled when
   next read, acc_number()). */
static void new_stage(chain *c, int digits)
{
    c->o->exponent += digits;
}

/* The next stage's grid becomes the current one: its cells leave the map,
   which then serves the new next grid. */
static void swap_grids(chain *c)
{
    for (size_t k = 0; k < c->nxt->n; k++)
        c->map[c->nxt->list[k]] = 0;
    grid *g = c->cur;
    c->cur = c->nxt;
    c->nxt = g;
    c->nxt->n = 0;
}

static void small(uint32_t *w, int nw, uint32_t value)
{
    memset(w, 0, (size_t)nw * sizeof *w);
    w[0] = value;
}

/* The odds of the loser's test after a round with these losses. */
static wr_status loser_odds(chain *c, const wri_snapshot *s, wr_morale_fn fn, void *user, int loser,
                            int lost, int enemy_lost, wr_morale_odds *m)
{
    int figures = s->side[loser].figures;
    unsigned h = ((unsigned)figures * 131u + (unsigned)lost * 31u + (unsigned)enemy_lost * 7u +
                  (unsigned)loser) %
                 MORALE_MEMO;
    struct morale_entry *e = &c->morale_memo[h];
    if (e->round == s->round && e->loser == loser && e->figures == figures && e->lost == lost &&
        e->enemy_lost == enemy_lost) {
        *m = e->odds;
        return WR_OK;
    }
    wr_morale_test t;
    wri_melee_morale_test(s, loser, WR_MORALE_REASON_LOST_ROUND, lost, enemy_lost, &t);
    wr_status st = wri_melee_morale_odds(fn, user, &t, m, "engagement");
    if (st != WR_OK)
        return st;
    e->round = s->round;
    e->loser = loser;
    e->figures = figures;
    e->lost = lost;
    e->enemy_lost = enemy_lost;
    e->odds = *m;
    return WR_OK;
}

/* The flank or rear test of `side` in the first round. */
static wr_status flank_stage(chain *c, const wri_snapshot *s, wr_morale_fn fn, void *user, int side)
{
    wr_morale_test t;
    wr_morale_odds m;
    wri_melee_morale_test(s, side, wri_melee_flank_reason(s, side), 0, 0, &t);
    wr_status st = wri_melee_morale_odds(fn, user, &t, &m, "engagement");
    if (st != WR_OK)
        return st;
    new_stage(c, 2);
    int s0 = c->sp[0].start, s1 = c->sp[1].start, na = 0;
    const uint64_t *src = cell_mass(c, 0, &na); /* the start, the only cell */
    uint32_t w[1];
    small(w, 1, (uint32_t)m.retire);
    absorb(c, wri_melee_end_of(side, WR_MORALE_RETIRE), s0, s1, src, na, w, 1);
    small(w, 1, (uint32_t)m.rout);
    absorb(c, wri_melee_end_of(side, WR_MORALE_ROUT), s0, s1, src, na, w, 1);
    small(w, 1, (uint32_t)m.pass);
    st = move_mass(c, s0, s1, src, na, w, 1);
    if (st != WR_OK)
        return st;
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
            return WRI_FAIL(WR_ERR_RANGE,
                            "engagement", /* cannot happen: the bound is the first round's */
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
                              const uint64_t *src, int na)
{
    wr_status st;
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
                absorb(c, end, n0, n1, src, na, &all, 1);
                continue;
            }
            if (lost0 == lost1) {
                uint32_t all = w * 100;
                if ((st = move_mass(c, n0, n1, src, na, &all, 1)) != WR_OK)
                    return st;
                continue;
            }
            int loser = lost0 > lost1 ? 0 : 1;
            wr_morale_odds m;
            st =
                loser_odds(c, s, fn, user, loser, loser ? lost1 : lost0, loser ? lost0 : lost1, &m);
            if (st != WR_OK)
                return st;
            const int parts[3] = {m.pass, m.retire, m.rout};
            for (int p = 0; p < 3; p++) {
                if (parts[p] == 0)
                    continue;
                uint32_t part = w * (uint32_t)parts[p];
                if (p == 0) {
                    if ((st = move_mass(c, n0, n1, src, na, &part, 1)) != WR_OK)
                        return st;
                } else {
                    absorb(c, wri_melee_end_of(loser, p == 1 ? WR_MORALE_RETIRE : WR_MORALE_ROUT),
                           n0, n1, src, na, &part, 1);
                }
            }
        }
    }
    return WR_OK;
}

/* One round from (s0, s1): every way both strikes and the loser's test go. */
static wr_status round_from(chain *c, wri_snapshot *s, wr_morale_fn fn, void *user, int s0, int s1,
                            size_t slot)
{
    snapshot_state(c, s, 0, s0);
    snapshot_state(c, s, 1, s1);
    wr_strike k[2];
    wr_status st;
    for (int i = 0; i < 2; i++) {
        int *memo = &c->fcp_memo[i][s->round == 1 ? 0 : 1][i == 0 ? s0 : s1];
        if (*memo != 0) {
            k[i].fcp = *memo - 1;
            continue;
        }
        if ((st = wri_melee_strike(s, i, &k[i], NULL)) != WR_OK)
            return st;
        *memo = k[i].fcp + 1;
    }
    if ((st = strike_outcomes(c, 0, &k[0], s1)) != WR_OK ||
        (st = strike_outcomes(c, 1, &k[1], s0)) != WR_OK)
        return st;
    int na = 0;
    const uint64_t *src = cell_mass(c, slot, &na);
    if (c->sp[0].troops && c->sp[1].troops)
        return troops_round(c, s, fn, user, src, na);
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
                absorb(c, end, n0, n1, src, na, c->w, big_len(c->w, nw));
                continue;
            }
            if (lost0 == lost1) {
                big_scale(c->w, 100, nw);
                if ((st = move_mass(c, n0, n1, src, na, c->w, big_len(c->w, nw))) != WR_OK)
                    return st;
                continue;
            }
            int loser = lost0 > lost1 ? 0 : 1;
            wr_morale_odds m;
            if ((st = loser_odds(c, s, fn, user, loser, loser ? lost1 : lost0,
                                 loser ? lost0 : lost1, &m)) != WR_OK)
                return st;
            const int parts[3] = {m.pass, m.retire, m.rout};
            for (int p = 0; p < 3; p++) {
                if (parts[p] == 0)
                    continue;
                memcpy(c->w2, c->w, (size_t)nw * sizeof *c->w);
                big_scale(c->w2, (uint32_t)parts[p], nw);
                int len = big_len(c->w2, nw);
                if (p == 0) {
                    if ((st = move_mass(c, n0, n1, src, na, c->w2, len)) != WR_OK)
                        return st;
                } else {
                    absorb(c, wri_melee_end_of(loser, p == 1 ? WR_MORALE_RETIRE : WR_MORALE_ROUT),
                           n0, n1, src, na, c->w2, len);
                }
            }
        }
    }
    return WR_OK;
}

static wr_status run_chain(chain *c, wri_snapshot *s, wr_morale_fn fn, void *user, int max_rounds)
{
    wr_status st;
    int round_digits = 6 + 4 * (c->sp[0].bound + c->sp[1].bound);
    uint32_t one = 1;
    const uint64_t unit = 1;
    /* the start's mass, 1, moved into the next grid, which becomes the current one */
    if ((st = move_mass(c, c->sp[0].start, c->sp[1].start, &unit, 1, &one, 1)) != WR_OK)
        return st;
    swap_grids(c);
    for (int i = 0; i < 2; i++)
        if (wri_melee_flank_test_due(s, i) && (st = flank_stage(c, s, fn, user, i)) != WR_OK)
            return st;
    int first = s->round;
    for (int r = 0; r < max_rounds; r++) {
        if (c->cur->n == 0)
            break;
        s->round = first + r;
        new_stage(c, round_digits);
        const int size1 = c->sp[1].size;
        for (size_t k = 0; k < c->cur->n; k++) {
            int s0 = (int)(c->cur->list[k] / (uint32_t)size1),
                s1 = (int)(c->cur->list[k] % (uint32_t)size1);
            st = round_from(c, s, fn, user, s0, s1, k);
            if (st != WR_OK)
                return st;
        }
        swap_grids(c);
    }
    for (size_t k = 0; k < c->cur->n; k++) {
        int s0 = (int)(c->cur->list[k] / (uint32_t)c->sp[1].size);
        int s1 = (int)(c->cur->list[k] % (uint32_t)c->sp[1].size);
        int na = 0;
        const uint64_t *src = cell_mass(c, k, &na);
        absorb(c, WR_END_ONGOING, s0, s1, src, na, &one, 1);
    }
    /* the results, normalized, into the handle */
    wr_melee_odds *o = c->o;
    int count = acc_count(c);
    for (int i = 0; i < count; i++) {
        uint64_t *x = acc_number(c, i);
        uint32_t *y = i < WR_END_COUNT ? o->ends + (size_t)i * (size_t)o->limbs
                                       : o->figs + (size_t)(i - WR_END_COUNT) * (size_t)o->limbs;
        lazy_normalize(x, o->limbs, o->limbs);
        for (int k = 0; k < o->limbs; k++)
            y[k] = (uint32_t)x[k];
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

/* The chain's working memory, kept from call to call. The map is all zero
   between calls (a run takes every cell it used out of it), and the grids'
   pools grow to the most cells a melee has reached, so a run on
   memory it already has touches only the cells the melee reaches. */
struct wr_odds_workspace {
    wr_allocator alloc;
    chain c;
    grid grids[2];
    map_entry *map;
    size_t map_cells;
    uint64_t *acc;
    size_t acc_words;
    uint32_t *dist[2], *pool;
    size_t lw; /* words of a strike's weight the three above hold */
    uint32_t *w, *w2;
    size_t w_words;
};

static void release(const wr_allocator *al, uint32_t **p, size_t words)
{
    wri_free(al, *p, words, sizeof(uint32_t));
    *p = NULL;
}

static void release_workspace_memory(wr_odds_workspace *ws)
{
    const wr_allocator *al = &ws->alloc;
    for (int i = 0; i < 2; i++) {
        grid *g = &ws->grids[i];
        release(al, &g->list, g->list_cap);
        wri_free(al, g->pool, g->pool_words, sizeof(uint64_t));
        memset(g, 0, sizeof *g);
        release(al, &ws->dist[i], WOUND_STATES * ws->lw);
    }
    wri_free(al, ws->acc, ws->acc_words, sizeof(uint64_t));
    ws->acc = NULL;
    wri_free(al, ws->map, ws->map_cells, sizeof(map_entry));
    ws->map = NULL;
    ws->map_cells = 0;
    release(al, &ws->pool, 4 * WOUND_STATES * ws->lw);
    release(al, &ws->w, ws->w_words);
    release(al, &ws->w2, ws->w_words);
    ws->acc_words = ws->lw = ws->w_words = 0;
}

/* Room for maps of `states` cells, `acc_words` result words and weights of
   lw words (zeroed when new). */
static wr_status reserve(wr_odds_workspace *ws, size_t states, size_t acc_words, size_t lw)
{
    const wr_allocator *al = &ws->alloc;
    if (states > ws->map_cells) {
        map_entry *map = wri_alloc_zero(al, states, sizeof *map);
        if (map == NULL)
            return WRI_NOMEM();
        wri_free(al, ws->map, ws->map_cells, sizeof(map_entry));
        ws->map = map;
        ws->map_cells = states;
    }
    if (acc_words > ws->acc_words) {
        uint64_t *acc = wri_alloc_zero(al, acc_words, sizeof *acc);
        if (acc == NULL)
            return WRI_NOMEM();
        wri_free(al, ws->acc, ws->acc_words, sizeof(uint64_t));
        ws->acc = acc;
        ws->acc_words = acc_words;
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
    size_t nw = 2 * lw + 2;
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

/* Leaves the map all zero again (after a failed run the next grid's cells
   are still in it) and both grids empty. */
static void clear_grids(wr_odds_workspace *ws)
{
    for (int i = 0; i < 2; i++) {
        grid *g = &ws->grids[i];
        for (size_t k = 0; k < g->n; k++)
            ws->map[g->list[k]] = 0;
        g->n = 0;
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
                      "a denominator of at most 1800 digits (max_rounds * (6 + 4 * wounds a round "
                      "inflicts))");
    if (st != WR_OK)
        return st;
    int bound = c->sp[0].bound > c->sp[1].bound ? c->sp[0].bound : c->sp[1].bound;
    int limbs = words_for((int)round_digits * max_rounds + 4);
    c->lw = words_for(2 + 4 * bound);
    size_t L = (size_t)limbs;
    size_t states = (size_t)c->sp[0].size * (size_t)c->sp[1].size;
    int start0 = figures_of(&c->sp[0], c->sp[0].start);
    int start1 = figures_of(&c->sp[1], c->sp[1].start);
    c->stride = L + 1;
    size_t acc_words = (size_t)(WR_END_COUNT + start0 + 1 + start1 + 1) * (c->stride + 1);
    if ((st = reserve(ws, states, acc_words, (size_t)c->lw)) != WR_OK)
        return st;
    wr_melee_odds *o = odds_alloc(result_alloc, limbs, start0, start1);
    if (o == NULL)
        return WRI_NOMEM();
    c->o = o;
    c->alloc = &ws->alloc;
    memset(ws->acc, 0, acc_words * sizeof(uint64_t));
    c->acc = ws->acc;
    for (int i = 0; i < 2; i++) {
        grid *g = &ws->grids[i];
        g->n = 0;
        size_t slots = g->pool_words / c->stride;
        g->cap = slots < g->list_cap ? slots : g->list_cap;
    }
    c->cur = &ws->grids[0];
    c->nxt = &ws->grids[1];
    c->map = ws->map;
    c->dist[0] = ws->dist[0];
    c->dist[1] = ws->dist[1];
    c->pool = ws->pool;
    c->w = ws->w;
    c->w2 = ws->w2;
    st = run_chain(c, &s, engagement->morale, engagement->morale_user, max_rounds);
    clear_grids(ws);
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
    wr_status st;
    wr_odds_workspace *ws =
        wri_new_handle(alloc, sizeof *ws, offsetof(wr_odds_workspace, alloc), &st);
    if (ws != NULL)
        *out = ws;
    return WRI_PASS(st);
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
