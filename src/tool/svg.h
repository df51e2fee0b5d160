/* Pictures: SVG of a hex map with a route, SVG bars of melee odds, and an
   ASCII map for terminals. Coordinates are whole tenths of a pixel. */
#ifndef WARRULES_TOOL_SVG_H
#define WARRULES_TOOL_SVG_H

#include <stdint.h>
#include <stdio.h>

#include "scenario.h"

typedef struct tool_odds_data {
    int rounds;
    int start[2];
    char name[2][TOOL_NAME_MAX + 8];
    uint64_t end[WR_END_COUNT];
    char end_label[WR_END_COUNT][96];
    uint64_t figures[2][WR_ODDS_MAX_FIGURES + 1];
} tool_odds_data;

/* The outcome distribution as a chart with axes, percentages and a legend:
   one rect of class "bar end" per end and one of class "bar figures" per
   count of figures left of each side. */
void tool_svg_odds(FILE *out, const tool_odds_data *d);

/* What to draw over a map. */
typedef struct tool_picture {
    const char *title;
    const wr_step *steps; /* the route, or NULL */
    size_t n_steps;
    const wr_arrival *field;   /* earliest arrivals by wr_map_index(), or NULL */
    int days;                  /* with field: colour the hexes reached by day 1..days */
    int have_start, have_goal; /* the start and goal markers */
    wr_hex start, goal;
    /* warrules intercept: the enemy's march, the contact hex, and words for
       the field (its legend item and scale) and the subtitle; all optional */
    const wr_step *enemy_steps;
    size_t n_enemy_steps;
    int have_contact;
    wr_hex contact;
    const char *field_what;
    const char *subtitle;
} tool_picture;

/* The map on a background, with a legend of every symbol drawn: one
   polygon of class "hex" per hex, rivers, crossings, roads, tracks, water
   courses, features; the reach coloured by day; the route under the roads
   and crossings it uses, each camp marked with its day(s), whole days at a
   ferry, rafts, bridging or rally point labelled; start and goal markers;
   a scale of days; the enemy's march (a dashed line through its steps) and
   the contact hex when given. Every symbol drawn carries a class
   "sym-NAME" and the legend an item with id "legend-NAME". */
void tool_svg_map(FILE *out, const wr_map *map, const tool_picture *pic);

/* What warrules move draws: a Battlesystem unit's formation and its move. */
typedef struct tool_move_picture {
    char title[200];
    int figures, frontage, ranks, closed;
    int facing;     /* degrees clockwise from north */
    int special;    /* a wr_formation_special */
    unsigned sides; /* WR_FACE_ sides the special formation protects */
    const wr_tactical_leg *legs;
    int n_legs;
    const int *costs; /* move points of each leg */
    int reached;      /* twelfths of an inch along the move the movement reaches */
    int available, cost, legal;
    const char *problem; /* why the move is not legal, or "legal" */
    const char *const *terrain_names;
} tool_move_picture;

/* The formation seen from above (one square of class "figure" per figure,
   turned to its facing, the shield wall or set spears on the sides they
   protect) and the move as a strip of legs coloured by Table 14's terrain,
   obstacles and rises marked, where the movement ends, a scale of inches
   and a legend. */
void tool_svg_move(FILE *out, const tool_move_picture *p);

/* One ranked choice of warrules advise. */
typedef struct tool_advice_row {
    char label[256];       /* the charges of the choice ("knights: orcs flank; ...") */
    uint64_t break_e18;    /* the target's break, units of 10^-18 */
    uint64_t inflicted_e9; /* expected enemy figures lost, units of 10^-9 */
    uint64_t lost_e9;      /* expected own figures lost */
    int64_t score_e9;
} tool_advice_row;

typedef struct tool_advice_data {
    char title[240];
    char target[TOOL_NAME_MAX + 40]; /* "orcs routs or is destroyed", or "" */
    int n;
    const tool_advice_row *rows;
} tool_advice_data;

/* The ranked choices of warrules advise as bars with axes and a legend:
   for each choice, in rank order, one rect of class "bar break" (the
   target's break, on a 0-100 % axis, when there is a target) and one each
   of class "bar inflicted" and "bar lost" (expected figures). */
void tool_svg_advice(FILE *out, const tool_advice_data *d);

/* The map as text, one row per line, with the route marked. */
void tool_ascii_map(FILE *out, const wr_map *map, const wr_step *steps, size_t n_steps);

#endif
