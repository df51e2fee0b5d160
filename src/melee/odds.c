/* Exact odds of a melee fought round after round (a Markov chain over the
   figures left on each side) and the Monte Carlo check [Continuing].

   Exactness: every die is a d100, so after a stage that reads k dice every
   probability is an integer over 100^k. Each round is one stage read as
   three d100s (a die that is not needed, such as the morale roll of a
   drawn round, counts as a certain outcome of weight 100), each flank test
   a stage of one. Numerators are held in base 10^9 multi-word integers of
   a fixed length computed from the round cap, so nothing is ever rounded;
   the getters round down only when converting to 10^-18 units. */
#include <string.h>

#include "internal.h"

#define BASE 1000000000u
#define ROUND_WEIGHT 1000000u /* 100^3 */

struct wr_melee_odds {
    wr_allocator alloc;
    int limbs;       /* words per number */
    int exponent;    /* denominator 10^exponent */
    int start[2];    /* figures at the start */
    uint32_t *ends;  /* WR_END_COUNT numbers */
    uint32_t *figs;  /* (start[0] + 1) + (start[1] + 1) numbers */
};

/* dst += src * w, over the words that can be non-zero. */
static void big_muladd(uint32_t *dst, const uint32_t *src, uint32_t w, int n)
{
    uint64_t carry = 0;
    for (int k = 0; k < n; k++) {
        uint64_t t = (uint64_t)dst[k] + (uint64_t)src[k] * w + carry;
        dst[k] = (uint32_t)(t % BASE);
        carry = t / BASE;
    }
}

static void big_scale(uint32_t *x, uint32_t w, int n)
{
    uint64_t carry = 0;
    for (int k = 0; k < n; k++) {
        uint64_t t = (uint64_t)x[k] * w + carry;
        x[k] = (uint32_t)(t % BASE);
        carry = t / BASE;
    }
}

/* Words needed for a number below 10^exponent, plus one. */
static int words_for(int exponent, int limbs)
{
    int n = exponent / 9 + 2;
    return n < limbs ? n : limbs;
}

typedef struct chain {
    wr_melee_odds *o;
    int b1;            /* start[1] + 1: the grid's row length */
    uint32_t *cur, *nxt;
    unsigned char *live_cur, *live_nxt;
    int amin, bmin;    /* every live state has a >= amin and b >= bmin */
    uint32_t *one;     /* scratch number */
} chain;

static uint32_t *cell(const chain *c, uint32_t *grid, int a, int b)
{
    return grid + ((size_t)a * (size_t)c->b1 + (size_t)b) * (size_t)c->o->limbs;
}

static uint32_t *figs_of(const wr_melee_odds *o, int side, int figures)
{
    size_t index = side == 0 ? (size_t)figures : (size_t)(o->start[0] + 1 + figures);
    return o->figs + index * (size_t)o->limbs;
}

/* Mass src * w ends the melee with figures (a, b). */
static void absorb(chain *c, wr_melee_end end, int a, int b, const uint32_t *src, uint32_t w, int n)
{
    wr_melee_odds *o = c->o;
    if (w == 0)
        return;
    big_muladd(o->ends + (size_t)end * (size_t)o->limbs, src, w, n);
    big_muladd(figs_of(o, 0, a), src, w, n);
    big_muladd(figs_of(o, 1, b), src, w, n);
}

static void move_mass(chain *c, int a, int b, const uint32_t *src, uint32_t w, int n)
{
    if (w == 0)
        return;
    big_muladd(cell(c, c->nxt, a, b), src, w, n);
    c->live_nxt[(size_t)a * (size_t)c->b1 + (size_t)b] = 1;
    if (a < c->amin)
        c->amin = a;
    if (b < c->bmin)
        c->bmin = b;
}

/* A new stage of `weight` (100 per die): every finished number is scaled. */
static void new_stage(chain *c, uint32_t weight, int n)
{
    wr_melee_odds *o = c->o;
    int count = WR_END_COUNT + o->start[0] + 1 + o->start[1] + 1;
    for (int i = 0; i < WR_END_COUNT; i++)
        big_scale(o->ends + (size_t)i * (size_t)o->limbs, weight, n);
    for (int i = WR_END_COUNT; i < count; i++)
        big_scale(o->figs + (size_t)(i - WR_END_COUNT) * (size_t)o->limbs, weight, n);
}

static void swap_grids(chain *c, int n)
{
    uint32_t *g = c->cur;
    c->cur = c->nxt;
    c->nxt = g;
    unsigned char *l = c->live_cur;
    c->live_cur = c->live_nxt;
    c->live_nxt = l;
    /* clear the old grid over the box where it may be live */
    for (int a = c->amin; a < c->o->start[0] + 1; a++)
        for (int b = c->bmin; b < c->b1; b++) {
            size_t i = (size_t)a * (size_t)c->b1 + (size_t)b;
            if (c->live_nxt[i]) {
                memset(c->nxt + i * (size_t)c->o->limbs, 0, (size_t)n * sizeof(uint32_t));
                c->live_nxt[i] = 0;
            }
        }
}

/* The flank or rear tests of the first round, side 0 then side 1. */
static wr_status flank_stage(chain *c, const wri_snapshot *s, wr_morale_fn fn, void *user,
                             int side)
{
    wr_melee_odds *o = c->o;
    int a = s->side[0].figures, b = s->side[1].figures;
    wr_morale_test t;
    wr_morale_odds m;
    wri_melee_morale_test(s, side, wri_melee_flank_reason(s, side), 0, 0, &t);
    wr_status st = wri_melee_morale_odds(fn, user, &t, &m);
    if (st != WR_OK)
        return st;
    o->exponent += 2;
    int n = words_for(o->exponent, o->limbs);
    new_stage(c, 100, n);
    const uint32_t *src = cell(c, c->cur, a, b);
    absorb(c, wri_melee_end_of(side, WR_MORALE_RETIRE), a, b, src, (uint32_t)m.retire, n);
    absorb(c, wri_melee_end_of(side, WR_MORALE_ROUT), a, b, src, (uint32_t)m.rout, n);
    move_mass(c, a, b, src, (uint32_t)m.pass, n);
    swap_grids(c, n);
    return WR_OK;
}

/* One round from state (a, b): every combination of the two strikes and the
   loser's test. */
static wr_status round_from(chain *c, wri_snapshot *s, wr_morale_fn fn, void *user, int a, int b,
                            int n)
{
    s->side[0].figures = a;
    s->side[1].figures = b;
    wr_strike k[2];
    for (int i = 0; i < 2; i++) {
        wr_status st = wri_melee_strike(s, i, &k[i], NULL);
        if (st != WR_OK)
            return st;
    }
    const uint32_t *src = cell(c, c->cur, a, b);
    for (int x = 0; x < 2; x++) {     /* side 0's remainder missed / hit */
        int rem0 = k[0].fcp % 100;
        uint32_t w0 = (uint32_t)(x == 0 ? 100 - rem0 : rem0);
        if (w0 == 0)
            continue;
        int kill0 = k[0].fcp / 100 + x;
        if (kill0 > b)
            kill0 = b;
        for (int y = 0; y < 2; y++) { /* side 1's */
            int rem1 = k[1].fcp % 100;
            uint32_t w1 = (uint32_t)(y == 0 ? 100 - rem1 : rem1);
            if (w1 == 0)
                continue;
            int kill1 = k[1].fcp / 100 + y;
            if (kill1 > a)
                kill1 = a;
            uint32_t w = w0 * w1;
            int a2 = a - kill1, b2 = b - kill0;
            if (a2 == 0 || b2 == 0) {
                wr_melee_end end = a2 == 0 ? (b2 == 0 ? WR_END_BOTH_DESTROYED : WR_END_A_DESTROYED)
                                           : WR_END_B_DESTROYED;
                absorb(c, end, a2, b2, src, w * 100u, n);
                continue;
            }
            if (kill0 == kill1) {
                move_mass(c, a2, b2, src, w * 100u, n);
                continue;
            }
            int loser = kill1 > kill0 ? 0 : 1;
            wr_morale_test t;
            wr_morale_odds m;
            wri_melee_morale_test(s, loser, WR_MORALE_REASON_LOST_ROUND,
                                  loser == 0 ? kill1 : kill0, loser == 0 ? kill0 : kill1, &t);
            wr_status st = wri_melee_morale_odds(fn, user, &t, &m);
            if (st != WR_OK)
                return st;
            absorb(c, wri_melee_end_of(loser, WR_MORALE_RETIRE), a2, b2, src,
                   w * (uint32_t)m.retire, n);
            absorb(c, wri_melee_end_of(loser, WR_MORALE_ROUT), a2, b2, src, w * (uint32_t)m.rout,
                   n);
            move_mass(c, a2, b2, src, w * (uint32_t)m.pass, n);
        }
    }
    return WR_OK;
}

static wr_status run_chain(chain *c, wri_snapshot *s, wr_morale_fn fn, void *user, int max_rounds)
{
    wr_melee_odds *o = c->o;
    wr_status st;
    cell(c, c->cur, o->start[0], o->start[1])[0] = 1;
    c->live_cur[(size_t)o->start[0] * (size_t)c->b1 + (size_t)o->start[1]] = 1;
    for (int i = 0; i < 2; i++)
        if (wri_melee_flank_test_due(s, i) && (st = flank_stage(c, s, fn, user, i)) != WR_OK)
            return st;
    int first = s->round;
    for (int r = 0; r < max_rounds; r++) {
        int any = 0;
        for (int a = c->amin; a <= o->start[0] && !any; a++)
            for (int b = c->bmin; b < c->b1 && !any; b++)
                any = c->live_cur[(size_t)a * (size_t)c->b1 + (size_t)b];
        if (!any)
            break;
        s->round = first + r;
        o->exponent += 6;
        int n = words_for(o->exponent, o->limbs);
        new_stage(c, ROUND_WEIGHT, n);
        int amin = c->amin, bmin = c->bmin;
        for (int a = amin; a <= o->start[0]; a++)
            for (int b = bmin; b < c->b1; b++) {
                if (!c->live_cur[(size_t)a * (size_t)c->b1 + (size_t)b])
                    continue;
                if ((st = round_from(c, s, fn, user, a, b, n)) != WR_OK)
                    return st;
            }
        swap_grids(c, n);
    }
    int n = words_for(o->exponent, o->limbs);
    for (int a = c->amin; a <= o->start[0]; a++)
        for (int b = c->bmin; b < c->b1; b++)
            if (c->live_cur[(size_t)a * (size_t)c->b1 + (size_t)b])
                absorb(c, WR_END_ONGOING, a, b, cell(c, c->cur, a, b), 1, n);
    return WR_OK;
}

void wr_melee_odds_free(wr_melee_odds *odds)
{
    if (odds == NULL)
        return;
    wr_allocator a = odds->alloc;
    size_t L = (size_t)odds->limbs;
    wri_free(&a, odds->ends, WR_END_COUNT * L, sizeof(uint32_t));
    wri_free(&a, odds->figs, (size_t)(odds->start[0] + odds->start[1] + 2) * L, sizeof(uint32_t));
    wri_free(&a, odds, 1, sizeof *odds);
}

wr_status wr_melee_odds_new_ex(const wr_engagement *engagement, int max_rounds,
                               const wr_allocator *alloc, wr_melee_odds **out)
{
    if (engagement == NULL || out == NULL)
        return WR_ERR_NULL;
    if (max_rounds < 1 || max_rounds > WR_ODDS_MAX_ROUNDS)
        return WR_ERR_RANGE;
    for (int i = 0; i < 2; i++) {
        if (engagement->unit[i]->def.kind != WR_UNIT_TROOPS)
            return WR_ERR_INVALID;
        if (engagement->unit[i]->def.figures > WR_ODDS_MAX_FIGURES)
            return WR_ERR_RANGE;
    }
    wr_status st = wri_melee_ready(engagement);
    if (st != WR_OK)
        return st;
    wr_allocator al;
    if ((st = wri_allocator_init(&al, alloc)) != WR_OK)
        return st;

    wri_snapshot s;
    wri_melee_snapshot(engagement, &s);
    int A = s.side[0].figures, B = s.side[1].figures;
    int limbs = words_for(6 * max_rounds + 4, 1 << 20);
    size_t L = (size_t)limbs, states = (size_t)(A + 1) * (size_t)(B + 1);

    wr_melee_odds *o = wri_alloc_zero(&al, 1, sizeof *o);
    chain c;
    memset(&c, 0, sizeof c);
    if (o != NULL) {
        o->alloc = al;
        o->limbs = limbs;
        o->start[0] = A;
        o->start[1] = B;
        o->ends = wri_alloc_zero(&al, WR_END_COUNT * L, sizeof(uint32_t));
        o->figs = wri_alloc_zero(&al, (size_t)(A + B + 2) * L, sizeof(uint32_t));
        c.o = o;
        c.b1 = B + 1;
        c.cur = wri_alloc_zero(&al, states * L, sizeof(uint32_t));
        c.nxt = wri_alloc_zero(&al, states * L, sizeof(uint32_t));
        c.live_cur = wri_alloc_zero(&al, states, 1);
        c.live_nxt = wri_alloc_zero(&al, states, 1);
        c.amin = A;
        c.bmin = B;
    }
    if (o == NULL || o->ends == NULL || o->figs == NULL || c.cur == NULL || c.nxt == NULL ||
        c.live_cur == NULL || c.live_nxt == NULL)
        st = WR_ERR_NOMEM;
    else
        st = run_chain(&c, &s, engagement->morale, engagement->morale_user, max_rounds);
    wri_free(&al, c.cur, states * L, sizeof(uint32_t));
    wri_free(&al, c.nxt, states * L, sizeof(uint32_t));
    wri_free(&al, c.live_cur, states, 1);
    wri_free(&al, c.live_nxt, states, 1);
    if (st != WR_OK) {
        wr_melee_odds_free(o);
        return st;
    }
    *out = o;
    return WR_OK;
}

wr_status wr_melee_odds_new(const wr_engagement *engagement, int max_rounds, wr_melee_odds **out)
{
    return wr_melee_odds_new_ex(engagement, max_rounds, NULL, out);
}

wr_status wr_melee_odds_exponent(const wr_melee_odds *odds, int *exponent)
{
    if (odds == NULL || exponent == NULL)
        return WR_ERR_NULL;
    *exponent = odds->exponent;
    return WR_OK;
}

/* The number's decimal digits after the point, exponent of them, into
   digits (which holds exponent + 1 bytes); returns 1 when the number is
   exactly 1 (10^exponent). */
static int fraction_digits(const wr_melee_odds *o, const uint32_t *x, char *digits)
{
    int e = o->exponent;
    for (int i = 0; i < e; i++) {
        int from_right = e - 1 - i; /* position of digit i counted from the last */
        uint32_t word = x[from_right / 9];
        for (int k = 0; k < from_right % 9; k++)
            word /= 10;
        digits[i] = (char)('0' + word % 10);
    }
    digits[e] = '\0';
    /* any digit at or above position e means the number is 10^e */
    uint32_t high = x[e / 9];
    for (int k = 0; k < e % 9; k++)
        high /= 10;
    int above = high != 0;
    for (int w = e / 9 + 1; w < o->limbs; w++)
        above |= x[w] != 0;
    return above;
}

static uint64_t to_e18(const wr_melee_odds *o, const uint32_t *x)
{
    char digits[6 * WR_ODDS_MAX_ROUNDS + 8];
    if (fraction_digits(o, x, digits))
        return UINT64_C(1000000000000000000);
    uint64_t v = 0;
    for (int i = 0; i < 18; i++)
        v = v * 10 + (uint64_t)(i < o->exponent ? digits[i] - '0' : 0);
    return v;
}

static wr_status to_text(const wr_melee_odds *o, const uint32_t *x, char *buf, size_t cap,
                         size_t *len)
{
    char digits[6 * WR_ODDS_MAX_ROUNDS + 8];
    char text[6 * WR_ODDS_MAX_ROUNDS + 12];
    if (fraction_digits(o, x, digits)) {
        strcpy(text, "1");
    } else {
        int last = o->exponent;
        while (last > 0 && digits[last - 1] == '0')
            last--;
        if (last == 0) {
            strcpy(text, "0");
        } else {
            text[0] = '0';
            text[1] = '.';
            memcpy(text + 2, digits, (size_t)last);
            text[last + 2] = '\0';
        }
    }
    size_t n = strlen(text);
    if (cap < n + 1) {
        *len = n;
        return WR_ERR_RANGE;
    }
    memcpy(buf, text, n + 1);
    *len = n;
    return WR_OK;
}

static int end_valid(wr_melee_end end)
{
    int e = (int)end;
    return e >= 0 && e < WR_END_COUNT;
}

wr_status wr_melee_odds_end(const wr_melee_odds *odds, wr_melee_end end, uint64_t *p_e18)
{
    if (odds == NULL || p_e18 == NULL)
        return WR_ERR_NULL;
    if (!end_valid(end))
        return WR_ERR_INVALID;
    *p_e18 = to_e18(odds, odds->ends + (size_t)end * (size_t)odds->limbs);
    return WR_OK;
}

wr_status wr_melee_odds_end_exact(const wr_melee_odds *odds, wr_melee_end end, char *buf,
                                  size_t cap, size_t *len)
{
    if (odds == NULL || len == NULL || (buf == NULL && cap > 0))
        return WR_ERR_NULL;
    if (!end_valid(end))
        return WR_ERR_INVALID;
    return to_text(odds, odds->ends + (size_t)end * (size_t)odds->limbs, buf, cap, len);
}

static int figures_valid(const wr_melee_odds *o, int side, int figures)
{
    return (side == 0 || side == 1) && figures >= 0 && figures <= o->start[side];
}

wr_status wr_melee_odds_figures(const wr_melee_odds *odds, int side, int figures, uint64_t *p_e18)
{
    if (odds == NULL || p_e18 == NULL)
        return WR_ERR_NULL;
    if (!figures_valid(odds, side, figures))
        return WR_ERR_RANGE;
    *p_e18 = to_e18(odds, figs_of(odds, side, figures));
    return WR_OK;
}

wr_status wr_melee_odds_figures_exact(const wr_melee_odds *odds, int side, int figures, char *buf,
                                      size_t cap, size_t *len)
{
    if (odds == NULL || len == NULL || (buf == NULL && cap > 0))
        return WR_ERR_NULL;
    if (!figures_valid(odds, side, figures))
        return WR_ERR_RANGE;
    return to_text(odds, figs_of(odds, side, figures), buf, cap, len);
}

wr_status wr_melee_simulate(const wr_engagement *engagement, int max_rounds, wr_rng *rng,
                            int trials, uint64_t counts[WR_END_COUNT])
{
    if (engagement == NULL || rng == NULL || counts == NULL)
        return WR_ERR_NULL;
    if (max_rounds < 1 || max_rounds > 1000 || trials < 1 || trials > 100000000)
        return WR_ERR_RANGE;
    wr_status st = wri_melee_ready(engagement);
    if (st != WR_OK)
        return st;
    wri_snapshot start;
    wri_melee_snapshot(engagement, &start);
    uint64_t tally[WR_END_COUNT] = {0};
    wri_dice dice = {rng, NULL, 0, 0};
    wr_melee_round r;
    for (int t = 0; t < trials; t++) {
        wri_snapshot s = start;
        wr_melee_end end = WR_END_ONGOING;
        for (int k = 0; k < max_rounds && end == WR_END_ONGOING; k++) {
            st = wri_melee_round(&s, &dice, engagement->morale, engagement->morale_user, &r, NULL);
            if (st != WR_OK)
                return st;
            wri_melee_advance(&s, &r);
            end = r.end;
        }
        tally[end]++;
    }
    memcpy(counts, tally, sizeof tally);
    return WR_OK;
}
