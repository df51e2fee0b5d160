/* The exact odds of a melee: the result handle shared by the chain
   (odds_chain.c) and the getters (odds.c). */
#ifndef WARRULES_SRC_MELEE_ODDS_H
#define WARRULES_SRC_MELEE_ODDS_H

#include "internal.h"

/* Numbers are base 10^9 words, least significant first. */
#define WRI_ODDS_BASE 1000000000u
/* The most decimal digits of a denominator (10^exponent). */
#define WRI_ODDS_MAX_EXPONENT 1800

struct wr_melee_odds {
    wr_allocator alloc;
    int limbs;      /* words per number */
    int exponent;   /* every probability is n / 10^exponent */
    int start[2];   /* figures at the start (1 for a monster or character) */
    uint32_t *ends; /* WR_END_COUNT numbers */
    uint32_t *figs; /* (start[0] + 1) + (start[1] + 1) numbers */
};

uint32_t *wri_odds_figs(const wr_melee_odds *o, int side, int figures);

#endif
