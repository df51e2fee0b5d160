/* The moves of a map hex as the instances of search_core.h read them
   (SEARCH_EDGES, SEARCH_PLAIN_EDGES, SEARCH_PREFETCH), for the planner's
   files that instantiate it (see planner_internal.h). */
#ifndef WR_CAMPAIGN_PLANNER_EDGES_H
#define WR_CAMPAIGN_PLANNER_EDGES_H

#include "planner_internal.h"

/* Moves from an array filled by a generator function (one that returns
   -1 for bad moves when SEARCH_BAD_MOVES). */
#define EDGES_FROM_ARRAY(gen, ctx, node, bad, ...)                      \
    do {                                                                \
        wr_plan_edge arr_[WR_PLAN_MAX_EDGES];                           \
        int n_ = gen(ctx, node, arr_);                                  \
        if (SEARCH_BAD_MOVES && n_ < 0)                                 \
            bad = 1;                                                    \
        for (int i_ = 0; i_ < n_; i_++) {                               \
            int32_t e_to = arr_[i_].to;                                 \
            int32_t e_points = arr_[i_].points, e_days = arr_[i_].days; \
            uint32_t e_flags = arr_[i_].flags;                          \
            __VA_ARGS__                                                 \
        }                                                               \
    } while (0)

/* Runs body once per neighbour of hex idx that its keys move into and
   nothing blocks, with d_ the direction, k_ the hex's keys and e_to the
   neighbour. */
#define TABLE_NEIGHBOURS(f, idx, ...)                                         \
    do {                                                                      \
        uint16_t kb_[8];                                                      \
        const uint16_t *k_ = hex_keys(f, idx, kb_);                           \
        const int32_t *dl_ = (f)->delta[k_[6]];                               \
        for (int d_ = 0; d_ < 6; d_++) {                                      \
            if (k_[d_] == 0xffffu)                                            \
                continue;                                                     \
            int32_t e_to = (idx) + dl_[d_];                                   \
            if ((f)->block != NULL && wri_blocked((f)->block, idx, e_to, d_)) \
                continue;                                                     \
            __VA_ARGS__                                                       \
        }                                                                     \
    } while (0)

/* Land moves from the table, by the keys of the hex. */
#define EDGES_FROM_TABLE(f, idx, bad, ...)                                      \
    do {                                                                        \
        TABLE_NEIGHBOURS(f, idx, {                                              \
            const wri_tentry *t_ = &(f)->table[k_[d_]];                         \
            for (uint32_t k_i = 0; k_i < t_->count; k_i++) {                    \
                int32_t e_points = t_->e[k_i].points, e_days = t_->e[k_i].days; \
                uint32_t e_flags = t_->e[k_i].flags;                            \
                __VA_ARGS__                                                     \
            }                                                                   \
        });                                                                     \
        (void)bad;                                                              \
    } while (0)

/* Plain costs from the plain table, by the keys of the hex: the cheapest
   move a neighbour. */
#define PLAIN_FROM_TABLE(f, idx, ...)          \
    TABLE_NEIGHBOURS(f, idx, {                 \
        uint32_t e_cost = (f)->ptable[k_[d_]]; \
        if (e_cost != UINT32_MAX) {            \
            __VA_ARGS__                        \
        }                                      \
    })
/* A loop over the six directions unrolled (where the compiler is told). */
#if defined(__clang__)
#define WRI_UNROLL_6 _Pragma("clang loop unroll(full)")
#elif defined(__GNUC__)
#define WRI_UNROLL_6 _Pragma("GCC unroll 6")
#else
#define WRI_UNROLL_6
#endif

/* Plain costs from the planner's costs by hex, filled on first use;
   blocked_ the blocked sets (f->block, or NULL where none can be). */
#define PLAIN_FROM_COSTS_OF(f, idx, blocked_, ...)                            \
    do {                                                                      \
        uint8_t *h_ = (f)->costs + (size_t)(idx)*8u;                          \
        if (h_[7] != (f)->epoch)                                              \
            wri_planner_fill_costs(f, idx, h_);                               \
        const int32_t *dl_ = (f)->delta[h_[6]];                               \
        WRI_UNROLL_6                                                          \
        for (int d_ = 0; d_ < 6; d_++) {                                      \
            uint32_t e_cost = h_[d_];                                         \
            if (e_cost == 0xffu)                                              \
                continue;                                                     \
            int32_t e_to = (idx) + dl_[d_];                                   \
            if ((blocked_) != NULL && wri_blocked((blocked_), idx, e_to, d_)) \
                continue;                                                     \
            __VA_ARGS__                                                       \
        }                                                                     \
    } while (0)
#define PLAIN_FROM_COSTS(f, idx, ...) PLAIN_FROM_COSTS_OF(f, idx, (f)->block, __VA_ARGS__)
/* The same when nothing is blocked (f->block NULL). */
#define PLAIN_FROM_COSTS_FREE(f, idx, ...) \
    PLAIN_FROM_COSTS_OF(f, idx, (const wri_block *)NULL, __VA_ARGS__)

/* The record of a hex just offered a label: read when it is settled. A
   function, so that its test is one (inlined where optimised), not one at
   each offer of search_core.h. */
#if defined(__GNUC__)
WRI_PLANNER_FN void prefetch_hex(const fastgen *f, int32_t node)
{
    if (f->costs != NULL)
        __builtin_prefetch(f->costs + (size_t)node * 8u);
    else if (f->keys != NULL)
        __builtin_prefetch(f->keys + (size_t)node * 8u);
}
#define PREFETCH_HEX(f, node) prefetch_hex(f, node)
/* A state SEARCH_AHEAD pops ahead: its hex's record and the rows of labels
   above and below the hex's own (a formed state's), which its moves
   read (as the floor of bench/ does; the addresses by integer arithmetic,
   as a row may be off the map: a prefetch does not fault). */
WRI_PLANNER_FN void prefetch_ahead(const fastgen *f, const uint32_t *dist, int32_t s, int32_t cells)
{
    const int32_t node = s >= cells ? s - cells : s;
    prefetch_hex(f, node);
    const uintptr_t at = (uintptr_t)(dist + node);
    __builtin_prefetch((const void *)(at + (uintptr_t)(intptr_t)f->delta[0][1] * sizeof *dist));
    __builtin_prefetch((const void *)(at + (uintptr_t)(intptr_t)f->delta[0][5] * sizeof *dist));
}
#define PREFETCH_AHEAD(f, dist, s, cells) prefetch_ahead(f, dist, s, cells)
/* PREFETCH_HEX() where the plain costs by hex are kept (f->costs). */
#define PREFETCH_COSTS(f, node) __builtin_prefetch((f)->costs + (size_t)(node)*8u)
#else
#define PREFETCH_COSTS(f, node) ((void)0)
#define PREFETCH_HEX(f, node) ((void)0)
#define PREFETCH_AHEAD(f, dist, s, cells) ((void)0)
#endif
#define SEARCH_AHEAD 4u

#define PLAIN_EDGES(f, idx, ...)                   \
    do {                                           \
        if ((f)->costs != NULL)                    \
            PLAIN_FROM_COSTS(f, idx, __VA_ARGS__); \
        else                                       \
            PLAIN_FROM_TABLE(f, idx, __VA_ARGS__); \
    } while (0)

#endif
