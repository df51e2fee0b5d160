/* The map text format of docs/map-format.md: a reader and the letters. */
#ifndef WARRULES_TOOL_MAPFILE_H
#define WARRULES_TOOL_MAPFILE_H

#include <stddef.h>

#include "warrules/campaign.h"

/* Reads a map from text (len bytes, any content). Returns 0 and *out, or 2
   (bad input) or 1 (out of memory) with "LINE:COL: message" in err and *out
   untouched. Never crashes on any input. */
int tool_map_read(const char *text, size_t len, wr_map **out, char *err, size_t errcap);

/* The letter of a terrain in the format ('?' for an unknown value). */
char tool_terrain_letter(wr_hex_terrain terrain);

/* The English name of a terrain ("clear", "forest", ...). */
const char *tool_terrain_name(wr_hex_terrain terrain);

/* Direction names E, NE, NW, W, SW, SE for the axial directions 0..5. */
const char *tool_direction_name(int direction);

/* A direction from a word (E, ne, 3 ...); -1 when it is none. */
int tool_direction_parse(const char *s, size_t n);

#endif
