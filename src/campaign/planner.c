/* Route planning: the planner's life and its queries (earliest arrival,
   the arrival field, the hexes reachable within N days, plans from a
   force's state) on a wr_map or over a game's callbacks. The searches are
   in the files below this one (see planner_internal.h). */
#include "planner_ring.h"

wr_status wr_planner_new_ex(const wr_allocator *alloc, wr_planner **out)
{
    if (out == NULL)
        return WRI_NULL(out);
    wr_allocator a;
    wr_status st;
    wr_planner *p = wri_new_object(alloc, sizeof *p, &a, &st);
    if (p == NULL)
        return WRI_PASS(st);
    p->alloc = a;
    p->free_chunk = -1;
    *out = p;
    return WR_OK;
}

wr_status wr_planner_new(wr_planner **out)
{
    return WRI_PASS(wr_planner_new_ex(NULL, out));
}

void wr_planner_free(wr_planner *planner)
{
    if (planner == NULL)
        return;
    wri_planner_free_states(planner);
    if (planner->intercept_free)
        planner->intercept_free(planner);
    wri_planner_free_landmarks(planner);
    wr_allocator a = planner->alloc;
    free_ring(planner);
    wri_free(&a, planner->steps, planner->cap_steps, sizeof *planner->steps);
    wri_free(&a, planner->moves, planner->cap_moves, sizeof *planner->moves);
    wri_free(&a, planner->heap, planner->cap_heap, sizeof *planner->heap);

    wri_free(&a, planner->hexes, planner->cap_hexes, sizeof *planner->hexes);
    wri_free(&a, planner->table, WRI_TABLE_KEYS, sizeof *planner->table);
    wri_free(&a, planner->ptable, WRI_TABLE_KEYS, sizeof *planner->ptable);
    wri_free(&a, planner->built, WRI_TABLE_KEYS, 1u);
    wri_free(&a, planner->costs, planner->cap_costs, 8u);
    wri_free(&a, planner->keys, planner->cap_keys, 8u * sizeof *planner->keys);
    wri_free(&a, planner->rules, planner->cap_rules, WRI_RULES_BYTES);
    wri_free(&a, planner, 1, sizeof *planner);
}

/* The options of a search from `from` to `to`, both hexes of the map: its
   goal the index of `to`, no limit. */
static wr_status route_opts(const wr_map *map, wr_hex from, wr_hex to, search_opts *o)
{
    int32_t goal = wri_campaign_index(map, to);
    if (wri_campaign_index(map, from) < 0)
        return WRI_FAIL_HEX(map, from, "from");
    if (goal < 0)
        return WRI_FAIL_HEX(map, to, "to");
    memset(o, 0, sizeof *o);
    o->goal = goal;
    o->limit = UINT32_MAX;
    return WR_OK;
}

wr_status wr_planner_route(wr_planner *planner, const wr_map *map, const wr_plan_params *params,
                           wr_hex from, wr_hex to, wr_route *route)
{
    wr_status st = WRI_NULLS(planner, map, params, route);
    if (st != WR_OK)
        return st;
    search_opts o;
    st = route_opts(map, from, to, &o);
    if (st != WR_OK)
        return WRI_PASS(st);
    int32_t goal = o.goal;
    wri_movegen g;
    st = wri_planner_map_search(planner, map, params, from, &o, &g, WRI_MAP_ROUTE, NULL);
    if (st != WR_OK)
        return WRI_PASS(st);
    if (planner->dist[goal] == UINT32_MAX)
        return WRI_FAIL(WR_ERR_FORBIDDEN, "to", "a hex the force can reach");
    return WRI_PASS(wri_planner_build_route(planner, &o, goal, map, NULL, params->figures,
                                            params->mover == WR_MOVER_TRANSPORT, route));
}

wr_status wr_planner_field(wr_planner *planner, const wr_map *map, const wr_plan_params *params,
                           wr_hex from, wr_arrival *field, size_t count)
{
    wr_status st = WRI_NULLS(planner, map, params, field);
    if (st != WR_OK)
        return st;
    if (count != (size_t)map->count)
        return WRI_FAIL_VALUE(WR_ERR_RANGE, "count", count, "width x height of the map");
    search_opts o;
    memset(&o, 0, sizeof o);
    o.goal = -1;
    o.limit = UINT32_MAX;
    wri_movegen g;
    st = wri_planner_map_search(planner, map, params, from, &o, &g, WRI_MAP_FIELD, NULL);
    if (st != WR_OK)
        return WRI_PASS(st);
    const uint32_t *dist = planner->dist;
    /* day_of() without a division: floor(x / P) = (x * M) >> 40 with
       M = ceil(2^40 / P) is exact while x * P < 2^40, and here
       x < key_max + P <= (10^6 + 1) x P with P <= 1000. */
    const uint64_t P = o.daily, M = (((uint64_t)1 << 40) + P - 1u) / P;
    for (int32_t i = 0; i < map->count; i++) {
        uint32_t t = dist[i];
        if (t == UINT32_MAX) {
            field[i].day = -1;
            field[i].points_left = 0;
        } else {
            uint64_t day = t == 0 ? 1u : (((uint64_t)t + P - 1u) * M) >> 40;
            field[i].day = (int32_t)day;
            field[i].points_left = (int32_t)(day * P - t);
        }
    }
    return WR_OK;
}

/* wri_campaign_hex() of each index, without a division: floor(i / width)
   = (i * M) >> 40 with M = ceil(2^40 / width) is exact while i x width <
   2^40, and here i < 2^24, width <= 2^14. */
static void hexes_of(const wr_map *map, const int32_t *index, size_t n, wr_hex *out)
{
    const uint64_t w = (uint64_t)map->width, M = (((uint64_t)1 << 40) + w - 1u) / w;
    for (size_t i = 0; i < n; i++) {
        const uint64_t x = (uint64_t)index[i], row = (x * M) >> 40;
        const int col = (int)(x - row * w);
        wr_hex h = {col - (int)(row >> 1), (int)row};
        out[i] = h;
    }
}

wr_status wr_planner_reachable(wr_planner *planner, const wr_map *map, const wr_plan_params *params,
                               wr_hex from, int days, const wr_hex **hexes, size_t *count)
{
    wr_status st = WRI_NULLS(planner, map, params, hexes, count);
    if (st != WR_OK)
        return st;
    if (days < 1 || days > WR_PLAN_MAX_DAYS)
        return WRI_FAIL_VALUE(WR_ERR_RANGE, "days", days, "1..1000000 (WR_PLAN_MAX_DAYS)");
    if (planner->cap_hexes < (size_t)map->count) {
        wr_hex *h = wri_alloc_zero(&planner->alloc, (size_t)map->count, sizeof *h);
        if (h == NULL)
            return WRI_NOMEM();
        wri_free(&planner->alloc, planner->hexes, planner->cap_hexes, sizeof *planner->hexes);
        planner->hexes = h;
        planner->cap_hexes = (size_t)map->count;
    }
    st = wri_campaign_check_params(params);
    if (st != WR_OK)
        return WRI_PASS(st);
    st = wri_planner_ensure_states(planner, (size_t)map->count * 2u);
    if (st == WR_OK)
        st = wri_planner_ensure_paths(planner, 0);
    if (st != WR_OK)
        return WRI_PASS(st);
    size_t n = 0;
    search_opts o;
    memset(&o, 0, sizeof o);
    o.goal = -1;
    o.limit = (uint32_t)days * (uint32_t)params->costs.daily_points;
    o.order = planner->order;
    o.order_count = &n;
    wri_movegen g;
    st = wri_planner_map_search(planner, map, params, from, &o, &g, WRI_MAP_FIELD, NULL);
    if (st != WR_OK)
        return WRI_PASS(st);
    hexes_of(map, planner->order, n, planner->hexes);
    *hexes = planner->hexes;
    *count = n;
    return WR_OK;
}

wr_status wr_planner_route_graph(wr_planner *planner, const wr_plan_graph *graph,
                                 const wr_plan_params *params, int32_t from, int32_t to,
                                 wr_route *route)
{
    wr_status st = WRI_NULLS(planner, graph, params, route);
    if (st != WR_OK)
        return st;
    if (graph->moves == NULL)
        return WRI_NULL(graph->moves);
    st = wri_campaign_check_params(params);
    if (st != WR_OK)
        return WRI_PASS(st);
    if (graph->node_count < 1 || graph->node_count > WR_MAP_MAX_HEXES)
        return WRI_FAIL_VALUE(WR_ERR_RANGE, "graph->node_count", graph->node_count,
                              "1..2^24 (WR_MAP_MAX_HEXES)");
    if (from < 0 || from >= graph->node_count)
        return WRI_FAIL_VALUE(WR_ERR_RANGE, "from", from, "0..graph->node_count - 1");
    if (to < 0 || to >= graph->node_count)
        return WRI_FAIL_VALUE(WR_ERR_RANGE, "to", to, "0..graph->node_count - 1");
    st = wri_planner_ensure_states(planner, (size_t)graph->node_count * 2u);
    if (st == WR_OK)
        st = wri_planner_ensure_paths(planner, 1);
    if (st != WR_OK)
        return WRI_PASS(st);
    search_opts o;
    wri_planner_opts_init(&o, params, graph->node_count, from);
    o.goal = to;
    o.ring_hint = 4u * o.daily + 64u;
    /* a move's points and days, and the rest of the day it starts on */
    o.ring_max =
        (uint32_t)WR_PLAN_MAX_EDGE_POINTS + (uint32_t)(WR_PLAN_MAX_EDGE_DAYS + 1) * o.daily;
    st = wri_planner_dijkstra_graph(planner, graph, &o);
    if (st != WR_OK)
        return WRI_PASS(st);
    if (planner->dist[to] == UINT32_MAX)
        return WRI_FAIL(WR_ERR_FORBIDDEN, "to", "a node the force can reach");
    return WRI_PASS(
        wri_planner_build_route(planner, &o, to, NULL, graph, params->figures, 0, route));
}

/* ---- plans from a force's state (1.1): wr_planner_plan() ---- */

/* Reads and checks a query into the search's start and the blocked sets. */
wr_status wri_planner_read_query(const wr_map *map, const wr_plan_params *params,
                                 const wr_plan_query *q, wr_force_state *start, wri_block *block,
                                 plan_start *ps, int *objective)
{
    const int P = params->costs.daily_points;
    static const wr_plan_query zero_query;
    if (q == NULL)
        q = &zero_query;
    if (q->start != NULL) {
        *start = *q->start;
        wr_status st = wri_campaign_check_force(start, P, WRI_FORCE_QUERY);
        if (st != WR_OK)
            return st;
        if (start->crossing_days > 0 || start->far_bank)
            return WRI_FAIL(WR_ERR_STATE, "query->start",
                            "a force not in the middle of a crossing (finish its step first)");
    } else {
        wr_force_start(start);
    }
    if (q->objective < 0 || q->objective >= WR_OBJECTIVE_COUNT)
        return WRI_FAIL_VALUE(WR_ERR_INVALID, "query->objective", q->objective,
                              "a wr_plan_objective (0..2)");
    const size_t hex_bytes = ((size_t)map->count + 7u) / 8u;
    const size_t side_bytes = ((size_t)map->count * 3u + 7u) / 8u;
    if (q->blocked_hexes != NULL ? q->blocked_hexes_size != hex_bytes : q->blocked_hexes_size != 0)
        return WRI_FAIL_VALUE(WR_ERR_RANGE, "query->blocked_hexes_size", q->blocked_hexes_size,
                              "(width x height + 7) / 8 with a set, 0 without");
    if (q->blocked_sides != NULL ? q->blocked_sides_size != side_bytes : q->blocked_sides_size != 0)
        return WRI_FAIL_VALUE(WR_ERR_RANGE, "query->blocked_sides_size", q->blocked_sides_size,
                              "(3 x width x height + 7) / 8 with a set, 0 without");
    block->hexes = q->blocked_hexes;
    block->sides = q->blocked_sides;
    block->fn = q->blocked;
    block->user = q->user;
    *objective = q->objective;
    /* The label of "day D with A points left" is D x P - A: points saved
       count as the days they were saved on. */
    const uint32_t D = (uint32_t)start->day, uP = (uint32_t)P;
    const uint32_t left = uP + (uint32_t)start->points_saved - (uint32_t)start->points_spent;
    memset(ps, 0, sizeof *ps);
    ps->unformed = start->unformed;
    ps->counted = start->unformed_today;
    ps->t0 = D * uP - left;
    ps->day0 = D;
    /* whole days start tomorrow once the force moved today, and every move
       from a start with points saved is made today */
    ps->fresh_src = (start->points_spent > 0 || start->unformed_today) ? D * uP : (D - 1u) * uP;
    ps->fresh = ps->t0 < (D - 1u) * uP ? D * uP : 0u;
    ps->any_goal = q->objective == WR_OBJECTIVE_EARLIEST;
    ps->block = (block->hexes || block->sides || block->fn) ? block : NULL;
    return WR_OK;
}

/* The state the replay reaches on arrival, step by step as the replay
   functions count (see force.c). */
static void predict_arrival(const wr_planner *pl, const search_opts *o, const wr_route *r,
                            const wr_force_state *start, wr_force_state *out)
{
    const int P = (int)o->daily;
    wr_force_state f = *start;
    for (size_t i = 1; i < r->step_count; i++) {
        const wr_plan_edge *e = &pl->moves[i];
        const int d = r->steps[i].day;
        const int moved = f.points_spent > 0 || f.unformed_today;
        if (e->days > 0) { /* rally or crossing: the day ends first when the force moved */
            if (moved) {
                f.unformed_days += f.unformed_today;
                f.day++;
            }
            f.points_spent = 0;
            f.points_saved = 0;
            f.unformed_today = 0;
        }
        f.pressing = 0;
        if (e->flags & WR_STEP_RALLY) {
            f.unformed = 0;
            f.rally_days = f.at_rally ? f.rally_days + 1 : 1;
            f.at_rally = 1;
            f.day = d + 1;
            continue;
        }
        const uint32_t before = pl->dist[pl->order[r->step_count - i]];
        if (e->days > 0) {
            f.day += e->days; /* the far bank's morning */
            f.points_saved = (d - f.day) * P;
        } else if (d > f.day) { /* pressed on through the nights */
            f.unformed_days += f.unformed_today;
            f.unformed_today = 0;
            f.points_saved = (int)((uint32_t)(d - 1) * o->daily - before);
            f.points_spent = 0;
        }
        f.day = d;
        f.points_spent += e->points;
        f.at_rally = 0;
        f.rally_days = 0;
        if (e->flags & WR_STEP_UNFORMED)
            f.unformed = 1;
        if (f.unformed)
            f.unformed_today = 1;
    }
    *out = f;
}

/* What a plan and a plan field read of their params and query. */
typedef struct plan_read {
    wr_force_state start;
    wri_block block;
    plan_start ps;
    int objective;
} plan_read;

/* The checks of params, then the query read (wri_planner_read_query). */
static wr_status read_plan(const wr_map *map, const wr_plan_params *params,
                           const wr_plan_query *query, plan_read *r)
{
    wr_status st = wri_campaign_check_params(params);
    if (st != WR_OK)
        return st;
    r->objective = 0;
    return wri_planner_read_query(map, params, query, &r->start, &r->block, &r->ps, &r->objective);
}

wr_status wr_planner_plan(wr_planner *planner, const wr_map *map, const wr_plan_params *params,
                          const wr_plan_query *query, wr_hex from, wr_hex to,
                          wr_plan_result *result)
{
    wr_status st = WRI_NULLS(planner, map, params, result);
    if (st != WR_OK)
        return st;
    plan_read r;
    st = read_plan(map, params, query, &r);
    if (st != WR_OK)
        return WRI_PASS(st);
    search_opts o;
    st = route_opts(map, from, to, &o);
    if (st != WR_OK)
        return WRI_PASS(st);
    wri_movegen g;
    const int fewest =
        r.objective == WR_OBJECTIVE_FEWEST_UNFORMED && !(params->options & WR_PLAN_PLAIN_COSTS);

    st = wri_planner_map_search(planner, map, params, from, &o, &g,
                                fewest ? WRI_MAP_FEWEST : WRI_MAP_ROUTE, &r.ps);
    if (st != WR_OK)
        return WRI_PASS(st);
    const int32_t reached = reached_goal(&o, planner->dist);
    wr_plan_result res;
    memset(&res, 0, sizeof res);
    if (planner->dist[reached] == UINT32_MAX) {
        res.outcome = WR_PLAN_NO_ROUTE;
        *result = res;
        return WR_OK;
    }
    st = wri_planner_build_route(planner, &o, reached, map, NULL, params->figures,
                                 params->mover == WR_MOVER_TRANSPORT, &res.route);
    if (st == WR_OK)
        st = wri_planner_route_moves(planner, &o, &g, res.route.step_count);
    if (st != WR_OK)
        return WRI_PASS(st);
    res.outcome = WR_PLAN_FOUND;
    res.moves = planner->moves;
    predict_arrival(planner, &o, &res.route, &r.start, &res.arrival);
    *result = res;
    return WR_OK;
}

wr_status wr_planner_plan_field(wr_planner *planner, const wr_map *map,
                                const wr_plan_params *params, const wr_plan_query *query,
                                wr_hex from, wr_arrival *field, size_t count)
{
    wr_status st = WRI_NULLS(planner, map, params, field);
    if (st != WR_OK)
        return st;
    if (count != (size_t)map->count)
        return WRI_FAIL_VALUE(WR_ERR_RANGE, "count", count, "width x height of the map");
    plan_read r;
    st = read_plan(map, params, query, &r);
    if (st != WR_OK)
        return WRI_PASS(st);
    if (r.objective == WR_OBJECTIVE_FEWEST_UNFORMED)
        return WRI_FAIL(WR_ERR_INVALID, "query->objective",
                        "WR_OBJECTIVE_EARLIEST or WR_OBJECTIVE_EARLIEST_FORMED for a field");
    search_opts o;
    memset(&o, 0, sizeof o);
    o.goal = -1;
    o.limit = UINT32_MAX;
    wri_movegen g;
    st = wri_planner_map_search(planner, map, params, from, &o, &g, WRI_MAP_FIELD, &r.ps);
    if (st != WR_OK)
        return WRI_PASS(st);
    const uint32_t *dist = planner->dist;
    const int any = r.objective == WR_OBJECTIVE_EARLIEST && o.two;
    for (int32_t i = 0; i < map->count; i++) {
        uint32_t t = dist[i];
        if (any && dist[i + map->count] < t)
            t = dist[i + map->count];
        if (t == UINT32_MAX) {
            field[i].day = -1;
            field[i].points_left = 0;
        } else {
            uint32_t day = game_day(&o, t);
            field[i].day = (int32_t)day;
            field[i].points_left = (int32_t)(day * o.daily - t);
        }
    }
    return WR_OK;
}
