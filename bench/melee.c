/* Melee in C: nanoseconds per round (wr_engagement_fight_rng in a loop, and
   wr_melee_rounds_batch when the library has it), and the exact odds of
   10 against 10 and 50 against 50 figures against a Monte Carlo of the
   same rules (wr_engagement_simulate_rng), whose frequencies must agree with the
   exact probabilities within 5 standard errors.

     bench_melee <repeats> <rounds> <trials> */
#define _POSIX_C_SOURCE 200809L /* clock_gettime */

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#ifdef __GLIBC__
#include <malloc.h> /* malloc_trim: a cold allocator before a one-shot call */
#endif

#include "warrules/melee.h"

#include "common.h"

static void check(wr_status st, const char *what)
{
    if (st != WR_OK) {
        fprintf(stderr, "bench_melee: %s failed: %s\n", what, wr_status_name(st));
        exit(2);
    }
}

typedef struct fight {
    wr_profile *dwarf, *orc;
    wr_melee_unit *a, *b;
    wr_engagement *e;
} fight;

/* The worked example's dwarf spearmen against orc urucks, `figures` a side
   in ranks of `files`, all of the front rank in contact (sample profiles). */
static void fight_new(fight *f, int figures, int files)
{
    check(wr_profile_new_sample(WR_SAMPLE_DWARF_VETERANS, &f->dwarf), "profile");
    check(wr_profile_new_sample(WR_SAMPLE_ORC_URUCKS, &f->orc), "profile");
    wr_melee_unit_desc d = wr_melee_unit_desc_default();
    d.figures = figures;
    d.files = files;
    d.weapon_type = WR_WEAPON_SPEAR;
    d.armour = WR_SAMPLE_ARMOUR_CHAINMAIL;
    d.flags = WR_UNIT_SHIELDS;
    d.troop_class = WR_TROOP_VETERAN;
    check(wr_melee_unit_new(f->dwarf, &d, &f->a), "unit");
    d.weapon_type = WR_WEAPON_POLEARM;
    d.flags = 0;
    d.troop_class = WR_TROOP_ELITE;
    check(wr_melee_unit_new(f->orc, &d, &f->b), "unit");
    wr_situation s;
    memset(&s, 0, sizeof s);
    s.side[0].in_contact = files;
    s.side[1].in_contact = files;
    s.side[0].charged = 1;
    check(wr_engagement_new(f->a, f->b, &s, &f->e), "engagement");
}

static void fight_free(fight *f)
{
    wr_engagement_free(f->e);
    wr_melee_unit_free(f->a);
    wr_melee_unit_free(f->b);
    wr_profile_free(f->dwarf);
    wr_profile_free(f->orc);
}

static void rounds_in_c(int repeats, int rounds)
{
    fight f;
    fight_new(&f, 50, 10);
    wr_rng *rng = NULL;
    check(wr_rng_new(7, &rng), "rng");
    wr_melee_round *round = malloc(sizeof *round);
    double *t = malloc((size_t)repeats * sizeof *t);
    long checksum = 0;
    for (int r = 0; r < repeats; r++) {
        double t0 = bench_now_ms();
        for (int i = 0; i < rounds; i++) {
            check(wr_engagement_fight_rng(f.e, rng, round), "wr_engagement_fight_rng");
            checksum += round->lost[0];
        }
        t[r] = bench_now_ms() - t0;
    }
    double ms = bench_median(t, repeats);
    fprintf(stderr, "bench_melee: wr_engagement_fight_rng %d rounds %.3f ms (checksum %ld)\n",
            rounds, ms, checksum);
    bench_extra("c_ns_per_round_engagement_fight", ms * 1e6 / rounds, "ns");
#ifdef BENCH_HAVE_ROUNDS_BATCH
    {
        size_t n = (size_t)rounds;
        int *in = malloc(n * 16u * sizeof *in);
        unsigned *fl = calloc(n * 2u, sizeof *fl);
        int *out = malloc(n * 11u * sizeof *out);
        bench_seed(11);
        for (size_t i = 0; i < n; i++) {
            for (int s = 0; s < 2; s++) {
                int *v = in + (size_t)s * 8u * n;
                int figs = 1 + bench_below(60), files = 1 + bench_below(10);
                v[i] = figs;
                v[n + i] = files;
                v[2 * n + i] = bench_below((files < figs ? files : figs) + 1);
                v[3 * n + i] = bench_below(4);
                v[4 * n + i] = 5 + bench_below(40);
                v[5 * n + i] = bench_below(30) - 10;
                v[6 * n + i] = 1 + bench_below(100);
            }
        }
        wr_melee_batch_combatant sa = {in, in + n, in + 2 * n, in + 3 * n, fl, in + 4 * n,
                                  in + 5 * n, in + 6 * n};
        int *b = in + 8u * n;
        wr_melee_batch_combatant sb = {b, b + n, b + 2 * n, b + 3 * n, fl + n, b + 4 * n,
                                  b + 5 * n, b + 6 * n};
        wr_melee_batch_out oa = {out, out + n, out + 2 * n, out + 3 * n, out + 4 * n};
        wr_melee_batch_out ob = {out + 5 * n, out + 6 * n, out + 7 * n, out + 8 * n,
                                 out + 9 * n};
        for (int r = 0; r < repeats; r++) {
            size_t bad = 0;
            double t0 = bench_now_ms();
            check(wr_melee_rounds_batch(n, &sa, &sb, &oa, &ob, out + 10 * n, &bad),
                  "wr_melee_rounds_batch");
            t[r] = bench_now_ms() - t0;
        }
        ms = bench_median(t, repeats);
        bench_extra("c_ns_per_round_rounds_batch", ms * 1e6 / rounds, "ns");
        /* the same rounds with each column its own page-aligned block */
        void *cols[27];
        size_t bytes = (n * sizeof(int) + 4095u) / 4096u * 4096u;
        for (int k = 0; k < 27; k++)
            if ((cols[k] = aligned_alloc(4096, bytes)) == NULL)
                exit(2);
        int *c[16];
        for (int k = 0; k < 16; k++)
            c[k] = cols[k];
        static const int field_at[8] = {0, 1, 2, 3, -1, 4, 5, 6};
        for (int side = 0; side < 2; side++)
            for (int f = 0; f < 8; f++) {
                void *src = field_at[f] < 0 ? (void *)(fl + (size_t)side * n)
                                            : (void *)(in + ((size_t)side * 8u + (size_t)field_at[f]) * n);
                memcpy(c[side * 8 + f], src, n * sizeof(int));
            }
        wr_melee_batch_combatant pa = {c[0], c[1], c[2], c[3], (unsigned *)c[4], c[5], c[6], c[7]};
        wr_melee_batch_combatant pb = {c[8], c[9], c[10], c[11], (unsigned *)c[12], c[13], c[14], c[15]};
        int *o[11];
        for (int k = 0; k < 11; k++)
            o[k] = cols[16 + k];
        wr_melee_batch_out qa = {o[0], o[1], o[2], o[3], o[4]};
        wr_melee_batch_out qb = {o[5], o[6], o[7], o[8], o[9]};
        for (int r = 0; r < repeats; r++) {
            size_t bad = 0;
            double t0 = bench_now_ms();
            check(wr_melee_rounds_batch(n, &pa, &pb, &qa, &qb, o[10], &bad),
                  "wr_melee_rounds_batch");
            t[r] = bench_now_ms() - t0;
        }
        if (memcmp(o[10], out + 10 * n, n * sizeof(int)) != 0) {
            fprintf(stderr, "bench_melee: the page-aligned batch disagrees\n");
            exit(1);
        }
        ms = bench_median(t, repeats);
        bench_extra("c_ns_per_round_rounds_batch_page_aligned", ms * 1e6 / rounds, "ns");
        for (int k = 0; k < 27; k++)
            free(cols[k]);
        free(in);
        free(fl);
        free(out);
    }
#endif
    free(t);
    free(round);
    wr_rng_free(rng);
    fight_free(&f);
}

/* Allocates and frees blocks of many sizes, as a process that ran other
   work before: the C library's allocator then hands out memory that is
   already mapped, or not, depending on this history. */
static void allocator_churn(void)
{
    for (size_t size = 4096; size <= ((size_t)64 << 20); size *= 2) {
        char *p = malloc(size);
        if (p == NULL)
            return;
        memset(p, 1, size);
        free(p);
    }
}

/* Gives the C library's free memory back to the system, so that the next
   allocations fault their pages in again, as in a process's first call. */
static void allocator_cold(void)
{
#ifdef __GLIBC__
    malloc_trim(0);
#endif
}

/* Exact odds against a Monte Carlo of `trials` melees (case <name>), and in
   a workspace kept from call to call against the one-shot call (case
   <name>_ws, baseline odds_new); the workspace's time again after the
   allocator's history changed (extra). */
static void odds_case(const char *name, int figures, int files, int max_rounds, int repeats,
                      int trials, double limit_ms)
{
    fight f;
    fight_new(&f, figures, files);
    wr_melee_odds *odds = NULL;
    wr_odds_workspace *ws = NULL;
    check(wr_odds_workspace_new(&ws), "wr_odds_workspace_new");
    check(wr_melee_odds_new_in_workspace(f.e, max_rounds, ws, &odds), "wr_melee_odds_new_in_workspace");
    wr_rng *rng = NULL;
    check(wr_rng_new(99, &rng), "rng");
    uint64_t counts[WR_END_COUNT];
    check(wr_engagement_simulate_rng(f.e, max_rounds, rng, trials, counts), "wr_engagement_simulate_rng");
    int match = 1;
    for (int end = 0; end < WR_END_COUNT; end++) {
        uint64_t p18 = 0;
        check(wr_melee_odds_end(odds, (wr_melee_end)end, &p18), "wr_melee_odds_end");
        double p = (double)p18 / 1e18, freq = (double)counts[end] / trials;
        double se = sqrt(p * (1.0 - p) / trials);
        if (fabs(freq - p) > 5.0 * se + 1.0 / trials) {
            fprintf(stderr, "bench_melee: %s end %d exact %.6f monte carlo %.6f\n", name, end,
                    p, freq);
            match = 0;
        }
    }
    wr_melee_odds *one_shot = NULL;
    check(wr_melee_odds_new(f.e, max_rounds, &one_shot), "wr_melee_odds_new");
    int same = 1;
    for (int end = 0; end < WR_END_COUNT; end++) {
        char a[2048], b[2048];
        size_t la = 0, lb = 0;
        check(wr_melee_odds_end_exact(odds, (wr_melee_end)end, a, sizeof a, &la), "end_exact");
        check(wr_melee_odds_end_exact(one_shot, (wr_melee_end)end, b, sizeof b, &lb), "end_exact");
        same &= strcmp(a, b) == 0;
    }
    wr_melee_odds_free(one_shot);
    wr_melee_odds_free(odds);
    double *te = malloc((size_t)repeats * sizeof *te), *tm = malloc((size_t)repeats * sizeof *tm);
    double *tn = malloc((size_t)repeats * sizeof *tn), *tc = malloc((size_t)repeats * sizeof *tc);
    double *tk = malloc((size_t)repeats * sizeof *tk);
    for (int r = 0; r < repeats; r++) {
        /* untimed: the workspace's memory back in the cache after the
           previous repeat's cold call */
        check(wr_melee_odds_new_in_workspace(f.e, max_rounds, ws, &odds), "wr_melee_odds_new_in_workspace");
        wr_melee_odds_free(odds);
        double t0 = bench_now_ms();
        check(wr_melee_odds_new_in_workspace(f.e, max_rounds, ws, &odds), "wr_melee_odds_new_in_workspace");
        te[r] = bench_now_ms() - t0;
        wr_melee_odds_free(odds);
        t0 = bench_now_ms();
        check(wr_melee_odds_new(f.e, max_rounds, &odds), "wr_melee_odds_new");
        tn[r] = bench_now_ms() - t0;
        wr_melee_odds_free(odds);
        t0 = bench_now_ms();
        check(wr_engagement_simulate_rng(f.e, max_rounds, rng, trials, counts), "wr_engagement_simulate_rng");
        tm[r] = bench_now_ms() - t0;
        allocator_churn();
        t0 = bench_now_ms();
        check(wr_melee_odds_new_in_workspace(f.e, max_rounds, ws, &odds), "wr_melee_odds_new_in_workspace");
        tc[r] = bench_now_ms() - t0;
        wr_melee_odds_free(odds);
        allocator_cold();
        t0 = bench_now_ms();
        check(wr_melee_odds_new(f.e, max_rounds, &odds), "wr_melee_odds_new");
        tk[r] = bench_now_ms() - t0;
        wr_melee_odds_free(odds);
    }
    char baseline[64], line[96];
    snprintf(baseline, sizeof baseline, "montecarlo_%d", trials);
    bench_case(name, baseline, bench_median(tm, repeats), bench_median(te, repeats), match);
    snprintf(line, sizeof line, "%s_ws", name);
    bench_case(line, "odds_new", bench_median(tn, repeats), bench_median(te, repeats), same);
    snprintf(line, sizeof line, "%s_ws_after_allocator_churn_ms", name);
    bench_extra(line, bench_median(tc, repeats), "ms");
    /* the one-shot call (its own working memory) against a warm workspace,
       with the allocator warm and cold (its free memory given back first) */
    double warm = bench_median(te, repeats);
    snprintf(line, sizeof line, "%s_one_shot", name);
    bench_case(line, "workspace_warm", warm, bench_median(tn, repeats), same);
    snprintf(line, sizeof line, "%s_one_shot_cold_allocator", name);
    bench_case(line, "workspace_warm", warm, bench_median(tk, repeats), same);
    if (limit_ms > 0) {
        char base[32];
        snprintf(line, sizeof line, "%s_warm", name);
        snprintf(base, sizeof base, "limit_%gms", limit_ms);
        bench_case(line, base, limit_ms, warm, match && same);
    }
    free(te);
    free(tm);
    free(tn);
    free(tc);
    free(tk);
    wr_odds_workspace_free(ws);
    wr_rng_free(rng);
    fight_free(&f);
}

int main(int argc, char **argv)
{
    if (argc < 4) {
        fprintf(stderr, "usage: bench_melee <repeats> <rounds> <trials>\n");
        return 2;
    }
    int repeats = atoi(argv[1]), rounds = atoi(argv[2]), trials = atoi(argv[3]);
    if (repeats < 1 || rounds < 1 || trials < 1)
        return 2;
    /* the process's very first exact odds: nothing allocated before */
    {
        fight f;
        fight_new(&f, 200, 20);
        wr_melee_odds *odds = NULL;
        double t0 = bench_now_ms();
        check(wr_melee_odds_new(f.e, WR_ODDS_MAX_ROUNDS, &odds), "wr_melee_odds_new");
        bench_extra("odds_200v200_one_shot_first_call_ms", bench_now_ms() - t0, "ms");
        wr_melee_odds_free(odds);
        fight_free(&f);
    }
    rounds_in_c(repeats, rounds);
    odds_case("odds_10v10", 10, 5, WR_ODDS_MAX_ROUNDS, repeats, trials, 0);
    odds_case("odds_50v50", 50, 10, WR_ODDS_MAX_ROUNDS, repeats, trials, 0);
    odds_case("odds_200v200", 200, 20, WR_ODDS_MAX_ROUNDS, repeats, trials, 0);
    /* a narrow frontage: many rounds of slow losses, the chain's widest */
    odds_case("odds_200v200_5files", 200, 5, WR_ODDS_MAX_ROUNDS, repeats, trials, 2.0);
    return 0;
}
