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

/* The outcome distribution as bars: one rect of class "bar" per end and per
   count of figures left of each side. */
void tool_svg_odds(FILE *out, const tool_odds_data *d);

/* The map: one polygon of class "hex" per hex, rivers, crossings, roads,
   tracks, water courses, features; the route (steps may be NULL) with a
   circle of class "camp" per night's camp. */
void tool_svg_map(FILE *out, const wr_map *map, const wr_step *steps, size_t n_steps,
                  const char *title);

/* The map as text, one row per line, with the route marked. */
void tool_ascii_map(FILE *out, const wr_map *map, const wr_step *steps, size_t n_steps);

#endif
