/* Planning a march on a map and explaining it step by step (warrules route
   and the demo). */
#ifndef WARRULES_TOOL_ROUTE_H
#define WARRULES_TOOL_ROUTE_H

#include <stdio.h>

#include "warrules/warrules.h"

/* Prints the steps of a route as a table with the rule section of each. */
void tool_route_print(FILE *out, const wr_map *map, const wr_plan_params *params,
                      const wr_route *route);

/* The same as a JSON array of steps. */
void tool_route_json_steps(FILE *out, const wr_map *map, const wr_plan_params *params,
                           const wr_route *route);

#endif
