/* Shared helpers of the benchmark programs: a seeded generator, a clock,
   medians and one JSON line per case (run.sh gathers the lines). */
#ifndef WARRULES_BENCH_COMMON_H
#define WARRULES_BENCH_COMMON_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static uint64_t bench_rng_state = 0x9e3779b97f4a7c15ull;

static inline void bench_seed(uint64_t seed)
{
    bench_rng_state = seed;
}

/* SplitMix64. */
static inline uint64_t bench_next(void)
{
    uint64_t z = (bench_rng_state += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

/* 0..n-1 (n > 0). */
static inline int bench_below(int n)
{
    return (int)(bench_next() % (uint64_t)n);
}

/* The clock: the thread's CPU time (user and system), so that other
   processes on a shared machine do not count; BENCH_CLOCK=wall in the
   environment selects the monotonic wall clock instead. */
static inline double bench_now_ms(void)
{
    static int clock_id = -1;
    if (clock_id < 0) {
        const char *c = getenv("BENCH_CLOCK");
        clock_id = (c != NULL && strcmp(c, "wall") == 0) ? (int)CLOCK_MONOTONIC
                                                          : (int)CLOCK_THREAD_CPUTIME_ID;
    }
    struct timespec ts;
    clock_gettime((clockid_t)clock_id, &ts);
    return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

static inline int bench_cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* The median of n samples (sorts them). */
static inline double bench_median(double *v, int n)
{
    qsort(v, (size_t)n, sizeof *v, bench_cmp_double);
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2.0;
}

/* One case line, gathered by run.sh into bench/results.json. */
static inline void bench_case(const char *name, const char *baseline, double baseline_ms,
                              double warrules_ms, int match)
{
    printf("CASE {\"name\": \"%s\", \"baseline\": \"%s\", \"baseline_ms\": %.6f, "
           "\"warrules_ms\": %.6f, \"ratio\": %.4f, \"match\": %s}\n",
           name, baseline, baseline_ms, warrules_ms,
           warrules_ms > 0 ? baseline_ms / warrules_ms : 0.0, match ? "true" : "false");
    fflush(stdout);
}

/* One extra measurement (memory, ns per round), gathered into bench/extra.json. */
static inline void bench_extra(const char *name, double value, const char *unit)
{
    printf("EXTRA {\"name\": \"%s\", \"value\": %.6f, \"unit\": \"%s\"}\n", name, value, unit);
    fflush(stdout);
}

#endif
