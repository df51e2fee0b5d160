/* Shared inside the battlesystem module: the layouts of its handles and small
   integer helpers. Nothing here is public. */
#ifndef WARRULES_SRC_BATTLESYSTEM_INTERNAL_H
#define WARRULES_SRC_BATTLESYSTEM_INTERNAL_H

#include <stdint.h>

#include "core/memory.h"
#include "warrules/battlesystem.h"

/* Figures in a unit, and in each woods place of wr_woods_firing_figures. */
#define WRI_BATTLESYSTEM_MAX_FIGURES 100000
/* Every WR_TRAIT_* bit. */
#define WRI_BATTLESYSTEM_ALL_TRAITS \
    (WR_TRAIT_WOODLAND | WR_TRAIT_MOUNTAIN | WR_TRAIT_SWAMP | WR_TRAIT_AQUATIC)

/* One group of damage dice: `dice` dice of `sides` sides. */
typedef struct wri_dice_group {
    int sides;
    int dice;
} wri_dice_group;

struct wr_figure {
    wr_allocator alloc;
    int ar, hd, ac, mv;
    uint32_t sa, sd;
    wri_dice_group *groups; /* sorted by increasing sides */
    size_t n_groups;
    size_t cap_groups; /* the block's size in groups, for the allocator */
    int total_dice;
    int bonus;
    /* [11.4] the part of those dice that is the mount's or the pulling
       creatures' (sorted by sides, each group within the same group of
       `groups`); in a group's rolls the rider's dice come first */
    wri_dice_group *steed_groups;
    size_t n_steed_groups;
    size_t cap_steed_groups;
    /* [11.3] the movement rate in move points (48ths of an inch), exact
       where mv, in whole inches, is rounded down */
    int move_points;
};

struct wr_battle_unit {
    wr_allocator alloc;
    wr_figure *figure; /* the unit's own copy */
    wr_battle_unit_desc desc;
};

/* [11.6] and [11.7] what the unit was at the beginning of its Movement Phase. */
typedef struct wri_phase_start {
    int begun;                /* 1 once a Movement Phase has begun */
    wr_formation_order order; /* the order then */
    int in_command;           /* 1 or 0; -1 when not recorded (wr_formation_begin_phase) */
} wri_phase_start;

struct wr_formation {
    wr_allocator alloc;
    wr_formation_info info;
    wri_phase_start start;
    /* [11.6] the normal rate of the unit that declared the front-only shield
       wall, for ending it where no unit is given (wr_formation_break,
       wr_formation_set_order) */
    int wall_normal_rate;
};

/* Exact floor and ceiling of a / b for b > 0, negative a included. */
int64_t wri_battlesystem_floor_div(int64_t a, int64_t b);
int64_t wri_battlesystem_ceil_div(int64_t a, int64_t b);

/* Copies figure into a new figure made with the allocator a. */
wr_status wri_battlesystem_figure_copy(const wr_figure *figure, const wr_allocator *a,
                                       wr_figure **out);

/* Adds every damage group and the bonus of src to dst; all or nothing. With
   as_steed all of src's dice join dst's steed part, otherwise only src's own
   steed part does. */
wr_status wri_battlesystem_figure_merge_damage(wr_figure *dst, const wr_figure *src, int as_steed);

/* The unit's movement rate in move points for its formation: 48 * MV, or
   24 * MV in a front-only shield wall, or 0 in an all-round shield wall. */
int wri_battlesystem_rate(const wr_battle_unit *unit, const wr_formation *formation);
/* [11.6] a shield wall's change of facing by amount (1..180) degrees: front
   only, before it moves, at most 90 degrees a Game Round (formation.c).
   Failures name arg, or "degrees" with the value `degrees`. */
wr_status wri_battlesystem_shield_wall_turn(const wr_formation *formation, int amount,
                                            const char *arg, int degrees);

/* The unit's normal movement rate in move points (wr_figure_move_points). */
int wri_battlesystem_normal_rate(const wr_battle_unit *unit);

/* Whether the formation is a front-only shield wall, whose points count at
   its halved rate until it ends. */
int wri_battlesystem_front_wall(const wr_formation *formation);

/* What is left of that rate after what the formation spent this phase (never below 0). */
int wri_battlesystem_available(const wr_battle_unit *unit, const wr_formation *formation);

/* [11.6] Points spent at a front-only shield wall's rate (half of normal_rate,
   rounded down) as the same share of the normal rate, rounded up: doubled
   when the normal rate is even. Beyond the wall's rate they stay as far
   beyond the normal one, so a move too long for the wall stays too long. */
int64_t wri_battlesystem_wall_to_normal(int64_t points, int normal_rate);

/* What the formation has spent once its special formation ends: a front-only
   shield wall's points measured against normal_rate; any other unchanged. */
int64_t wri_battlesystem_spent_unformed(const wr_formation *formation, int normal_rate);

/* Ends a shield wall or set spears; what was spent is then measured against
   normal_rate (wri_battlesystem_spent_unformed). */
void wri_battlesystem_end_special(wr_formation *formation, int normal_rate);

/* Table 14 for a checked terrain and traits: 0 when the unit may not enter
   (water without WR_TRAIT_AQUATIC), else 1 with the fraction in num/den. */
int wri_battlesystem_speed(wr_terrain terrain, unsigned traits, int *num, int *den);

/* [11.8] Whether no closed formation may be in a terrain: woods, rough, swamp, water. */
int wri_battlesystem_closed_order_banned(wr_terrain terrain);

/* Whether terrain is a wr_terrain value. */
int wri_battlesystem_valid_terrain(wr_terrain terrain);

#endif
