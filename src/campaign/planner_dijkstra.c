/* Dijkstra: the instances of search_core.h's label-setting search for land
   forces on a map (the table by key), vessels (the generator) and a game's
   callbacks, with parents for routes and without for fields and reachable
   sets. */
#include "planner_edges.h"
#include "planner_ring.h"

#define SEARCH_NAME wri_planner_dijkstra_land
#define SEARCH_CTX fastgen
#define SEARCH_EDGES(ctx, node, bad, ...) EDGES_FROM_TABLE(ctx, node, bad, __VA_ARGS__)
#define SEARCH_PREFETCH(ctx, node) PREFETCH_HEX(ctx, node)
#define SEARCH_PARENTS 1
#define SEARCH_ASTAR 0
#include "search_core.h"

#define SEARCH_NAME land_field
#define SEARCH_CTX fastgen
#define SEARCH_EDGES(ctx, node, bad, ...) EDGES_FROM_TABLE(ctx, node, bad, __VA_ARGS__)
#define SEARCH_PLAIN_EDGES(ctx, node, ...) PLAIN_EDGES(ctx, node, __VA_ARGS__)
#define SEARCH_PREFETCH(ctx, node) PREFETCH_HEX(ctx, node)
#define SEARCH_PREFETCH_AHEAD(ctx, dist, s, cells) PREFETCH_AHEAD(ctx, dist, s, cells)
#define SEARCH_STORAGE static
#define SEARCH_PARENTS 0
#define SEARCH_ASTAR 0
#include "search_core.h"

/* The same for a plain search over the plain costs by hex, nothing
   blocked: the instance above without its other paths (the same code, so
   the same labels and order of settled states). */
#define SEARCH_NAME plain_field
#define SEARCH_CTX fastgen
#define SEARCH_EDGES(ctx, node, bad, ...) EDGES_FROM_TABLE(ctx, node, bad, __VA_ARGS__)
#define SEARCH_PLAIN_EDGES(ctx, node, ...) PLAIN_FROM_COSTS_FREE(ctx, node, __VA_ARGS__)
#define SEARCH_PREFETCH(ctx, node) PREFETCH_COSTS(ctx, node)
#define SEARCH_PREFETCH_AHEAD(ctx, dist, s, cells) PREFETCH_AHEAD(ctx, dist, s, cells)
#define SEARCH_STORAGE static
#define SEARCH_PLAIN_ONLY 1
#define SEARCH_PARENTS 0
#define SEARCH_ASTAR 0
#include "search_core.h"

/* The two above, each on a const copy of f, inlined: its fields stay in
   registers across the stores of labels and marks, where through f they
   were read again after each (a byte stored may alias anything). */
wr_status wri_planner_dijkstra_land_field(wr_planner *pl, const fastgen *f, const search_opts *o)
{
    const fastgen copy = *f;
    return land_field(pl, &copy, o);
}

wr_status wri_planner_dijkstra_plain_field(wr_planner *pl, const fastgen *f, const search_opts *o)
{
    const fastgen copy = *f;
    return plain_field(pl, &copy, o);
}

#define SEARCH_NAME wri_planner_dijkstra_water
#define SEARCH_CTX wri_movegen
#define SEARCH_EDGES(ctx, node, bad, ...) \
    EDGES_FROM_ARRAY(wri_campaign_moves, ctx, node, bad, __VA_ARGS__)
#define SEARCH_PARENTS 1
#define SEARCH_ASTAR 0
#include "search_core.h"

#define SEARCH_NAME wri_planner_dijkstra_water_field
#define SEARCH_CTX wri_movegen
#define SEARCH_EDGES(ctx, node, bad, ...) \
    EDGES_FROM_ARRAY(wri_campaign_moves, ctx, node, bad, __VA_ARGS__)
#define SEARCH_PARENTS 0
#define SEARCH_ASTAR 0
#include "search_core.h"

/* The game's moves from a node, checked: -1 for a bad list. */
static int graph_moves(const wr_plan_graph *g, int32_t node, wr_plan_edge *out)
{
    int n = g->moves(g->user, node, out, WR_PLAN_MAX_EDGES);
    if (n < 0 || n > WR_PLAN_MAX_EDGES)
        return -1;
    for (int i = 0; i < n; i++) {
        if (out[i].to < 0 || out[i].to >= g->node_count || out[i].points < 0 ||
            out[i].points > WR_PLAN_MAX_EDGE_POINTS || out[i].days < 0 ||
            out[i].days > WR_PLAN_MAX_EDGE_DAYS)
            return -1;
    }
    return n;
}

#define SEARCH_NAME wri_planner_dijkstra_graph
#define SEARCH_CTX wr_plan_graph
#define SEARCH_EDGES(ctx, node, bad, ...) EDGES_FROM_ARRAY(graph_moves, ctx, node, bad, __VA_ARGS__)
#define SEARCH_PARENTS 1
#define SEARCH_ASTAR 0
#define SEARCH_BAD_MOVES 1
#include "search_core.h"
