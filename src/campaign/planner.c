/* Route planning: earliest arrival, the arrival field, the hexes reachable
   within N days, on a wr_map or over a game's callbacks (the planner's
   files: see planner_internal.h). */
#include "campaign/planner_ring.h"

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

static void free_states(wr_planner *p)
{
    const wr_allocator *a = &p->alloc;
    wri_free(a, p->dist, p->cap, sizeof *p->dist);
    wri_free(a, p->parent, p->cap, sizeof *p->parent);
    wri_free(a, p->via, p->cap, sizeof *p->via);
    wri_free(a, p->order, p->cap, sizeof *p->order);
    wri_free(a, p->dirty, dirty_blocks(p->cap), 1);
    p->dirty = NULL;
    p->dirty_cells = 0;
    p->mark_base = 0;
    p->dist = NULL;
    p->parent = NULL;
    p->via = NULL;
    p->order = NULL;
    p->cap = 0;
}

void wr_planner_free(wr_planner *planner)
{
    if (planner == NULL)
        return;
    free_states(planner);
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
    wri_free(&a, planner->rules, planner->cap_rules, 8u);
    wri_free(&a, planner, 1, sizeof *planner);
}

wr_status wri_planner_ensure_states(wr_planner *p, size_t n)
{
    if (p->cap >= n)
        return WR_OK;
    free_states(p);
    const wr_allocator *a = &p->alloc;
    p->dist = wri_alloc_zero(a, n, sizeof *p->dist);
    p->parent = wri_alloc_zero(a, n, sizeof *p->parent);
    p->via = wri_alloc_zero(a, n, sizeof *p->via);
    p->order = wri_alloc_zero(a, n, sizeof *p->order);
    p->dirty = wri_alloc_zero(a, dirty_blocks(n), 1);
    p->cap = n;
    if (!p->dist || !p->parent || !p->via || !p->order || !p->dirty ||
        pool_grow(p, n / (WRI_CHUNK - 1u) + 256u) != WR_OK) {
        free_states(p);
        return WRI_NOMEM();
    }
    return WR_OK;
}

wr_status wr_planner_route(wr_planner *planner, const wr_map *map, const wr_plan_params *params,
                           wr_hex from, wr_hex to, wr_route *route)
{
    if (planner == NULL)
        return WRI_NULL(planner);
    if (map == NULL)
        return WRI_NULL(map);
    if (params == NULL)
        return WRI_NULL(params);
    if (route == NULL)
        return WRI_NULL(route);
    int32_t goal = wri_campaign_index(map, to);
    if (wri_campaign_index(map, from) < 0)
        return WRI_FAIL_HEX(map, from, "from");
    if (goal < 0)
        return WRI_FAIL_HEX(map, to, "to");
    search_opts o;
    memset(&o, 0, sizeof o);
    o.goal = goal;
    o.limit = UINT32_MAX;
    wri_movegen g;
    wr_status st = wri_planner_map_search(planner, map, params, from, &o, &g, 1, NULL);
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
    if (planner == NULL)
        return WRI_NULL(planner);
    if (map == NULL)
        return WRI_NULL(map);
    if (params == NULL)
        return WRI_NULL(params);
    if (field == NULL)
        return WRI_NULL(field);
    if (count != (size_t)map->count)
        return WRI_FAIL_VALUE(WR_ERR_RANGE, "count", count, "width x height of the map");
    search_opts o;
    memset(&o, 0, sizeof o);
    o.goal = -1;
    o.limit = UINT32_MAX;
    wri_movegen g;
    wr_status st = wri_planner_map_search(planner, map, params, from, &o, &g, 0, NULL);
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

wr_status wr_planner_reachable(wr_planner *planner, const wr_map *map,
                               const wr_plan_params *params, wr_hex from, int days,
                               const wr_hex **hexes, size_t *count)
{
    if (planner == NULL)
        return WRI_NULL(planner);
    if (map == NULL)
        return WRI_NULL(map);
    if (params == NULL)
        return WRI_NULL(params);
    if (hexes == NULL)
        return WRI_NULL(hexes);
    if (count == NULL)
        return WRI_NULL(count);
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
    wr_status st = wri_campaign_check_params(params);
    if (st != WR_OK)
        return WRI_PASS(st);
    st = wri_planner_ensure_states(planner, (size_t)map->count * 2u);
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
    st = wri_planner_map_search(planner, map, params, from, &o, &g, 0, NULL);
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
    if (planner == NULL)
        return WRI_NULL(planner);
    if (graph == NULL)
        return WRI_NULL(graph);
    if (params == NULL)
        return WRI_NULL(params);
    if (route == NULL)
        return WRI_NULL(route);
    if (graph->moves == NULL)
        return WRI_NULL(graph->moves);
    wr_status st = wri_campaign_check_params(params);
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
    if (st != WR_OK)
        return WRI_PASS(st);
    search_opts o;
    wri_planner_opts_init(&o, params, graph->node_count, from);
    o.goal = to;
    o.ring_hint = 4u * o.daily + 64u;
    st = wri_planner_search_graph(planner, graph, &o);
    if (st != WR_OK)
        return WRI_PASS(st);
    if (planner->dist[to] == UINT32_MAX)
        return WRI_FAIL(WR_ERR_FORBIDDEN, "to", "a node the force can reach");
    return WRI_PASS(
        wri_planner_build_route(planner, &o, to, NULL, graph, params->figures, 0, route));
}

/* ---- plans from a force's state (1.1): wr_planner_plan() ---- */

/* Reads and checks a query into the search's start and the blocked sets. */
static wr_status read_query(const wr_map *map, const wr_plan_params *params,
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

static wr_status heap_push(wr_planner *pl, size_t *n, uint64_t key, int32_t s)
{
    if (*n == pl->cap_heap) {
        size_t want = pl->cap_heap < 1024 ? 1024 : pl->cap_heap * 2u;
        heap_node *nh = wri_realloc_array(&pl->alloc, pl->heap, pl->cap_heap, want, sizeof *nh);
        if (nh == NULL)
            return WRI_NOMEM();
        pl->heap = nh;
        pl->cap_heap = want;
    }
    heap_node *h = pl->heap;
    size_t i = (*n)++;
    while (i > 0 && h[(i - 1) / 2].key > key) {
        h[i] = h[(i - 1) / 2];
        i = (i - 1) / 2;
    }
    h[i].key = key;
    h[i].s = s;
    return WR_OK;
}

static heap_node heap_pop(wr_planner *pl, size_t *n)
{
    heap_node *h = pl->heap, top = h[0], last = h[--*n];
    size_t i = 0;
    for (;;) {
        size_t c = 2 * i + 1;
        if (c >= *n)
            break;
        if (c + 1 < *n && h[c + 1].key < h[c].key)
            c++;
        if (h[c].key >= last.key)
            break;
        h[i] = h[c];
        i = c;
    }
    if (*n > 0)
        h[i] = last;
    return top;
}

/* The game's day of label t: never before the start's day. */
static uint32_t game_day(const search_opts *o, uint32_t t)
{
    uint32_t d = (uint32_t)day_of(t, o->daily);
    return d < o->day0 ? o->day0 : d;
}

/* WR_OBJECTIVE_FEWEST_UNFORMED: the fewest days of unformed movement, then
   the earliest label, each (hex, formation) keeping its best pair; the same
   moves, day rules and counting as the label search and wri_planner_build_route() (a
   day counts when a hex is entered unformed on it, once). A binary heap:
   this objective is not the hot path. */
static wr_status search_fewest_unformed(wr_planner *pl, const wri_movegen *g, const search_opts *o)
{
    const int32_t cells = o->cells;
    const uint32_t P = o->daily;
    const size_t nstates = (size_t)cells * 2u;
    uint32_t *dist = pl->dist, *days = (uint32_t *)pl->order;
    memset(dist, 0xff, nstates * sizeof *dist);
    pl->dirty_cells = 0;
    memset(days, 0xff, nstates * sizeof *days);
    pl->mark_base = 0; /* order[] holds no A* marks any more: the next A* clears it */

    const int32_t src = o->src_state;
    dist[src] = o->t0;
    days[src] = 0;
    pl->parent[src] = -1;
    pl->via[src] = (uint16_t)WR_STEP_START;
    size_t n = 0;
    wr_status st = heap_push(pl, &n, o->t0, src);
    while (st == WR_OK && n > 0) {
        heap_node top = heap_pop(pl, &n);
        const int32_t s = top.s;
        if (top.key != ((uint64_t)days[s] << 32 | dist[s]))
            continue; /* a stale entry */
        if (s == o->goal)
            break;
        const int unformed = s >= cells;
        const int32_t node = unformed ? s - cells : s;
        const uint32_t lab = dist[s], u = days[s], day_end = fresh_day(o, s, lab);
        /* the last day counted: an unformed state was entered unformed on its day */
        const uint32_t counted =
            !unformed ? 0u : s == src ? (o->start_counted ? o->day0 : 0u) : game_day(o, lab);
        wr_plan_edge arr[WR_PLAN_MAX_EDGES + 1];
        int m = wri_campaign_moves(g, node, arr);
        if (o->two && unformed) { /* a day at the rally point */
            wr_plan_edge rally = {node, 0, 1, WR_STEP_RALLY};
            arr[m++] = rally;
        }
        for (int i = 0; i < m && st == WR_OK; i++) {
            const wr_plan_edge *e = &arr[i];
            const int rally = (e->flags & WR_STEP_RALLY) != 0;
            const int needs = (e->flags & WR_STEP_UNFORMED) != 0;
            if (needs && !unformed && !o->unformed_ok)
                continue;
            const int32_t t = rally ? node : (needs || unformed) ? e->to + cells : e->to;
            uint64_t nt = rally ? (uint64_t)day_end + P
                                : (e->days > 0 ? (uint64_t)day_end + (uint64_t)e->days * P
                                               : (uint64_t)lab) + (uint64_t)e->points;
            if (nt > o->key_max)
                continue;
            uint32_t nu = u + (t >= cells && game_day(o, (uint32_t)nt) > counted ? 1u : 0u);
            if (nu < days[t] || (nu == days[t] && nt < dist[t])) {
                days[t] = nu;
                dist[t] = (uint32_t)nt;
                pl->parent[t] = s;
                pl->via[t] = (uint16_t)(e->flags & 0x7fffu);
                st = heap_push(pl, &n, (uint64_t)nu << 32 | nt, t);
            }
        }
    }
    return st;
}

/* The move of each step of the route just built (wri_planner_build_route() left its
   states in order[]), found again among the moves of the hex before. */
static wr_status route_moves(wr_planner *pl, const search_opts *o, const wri_movegen *g,
                             size_t len)
{
    if (pl->cap_moves < len) {
        wr_plan_edge *nm = wri_alloc_zero(&pl->alloc, pl->cap_steps, sizeof *nm);
        if (nm == NULL)
            return WRI_NOMEM();
        wri_free(&pl->alloc, pl->moves, pl->cap_moves, sizeof *pl->moves);
        pl->moves = nm;
        pl->cap_moves = pl->cap_steps;
    }
    const int32_t cells = o->cells;
    wr_plan_edge start = {pl->steps[0].node, 0, 0, WR_STEP_START};
    pl->moves[0] = start;
    for (size_t i = 1; i < len; i++) {
        int32_t s = pl->order[len - 1 - i], u = pl->order[len - i];
        int32_t node = s >= cells ? s - cells : s, unode = u >= cells ? u - cells : u;
        if (pl->via[s] & WR_STEP_RALLY) {
            wr_plan_edge rally = {node, 0, 1, WR_STEP_RALLY};
            pl->moves[i] = rally;
            continue;
        }
        uint32_t fl = 0;
        int k = wri_planner_water_offer(g, o, pl->dist, u, s, pl->dist[s], &fl);
        wr_plan_edge arr[WR_PLAN_MAX_EDGES];
        int m = wri_campaign_moves(g, unode, arr);
        if (k < 0 || k >= m)
            return WRI_FAIL(WR_ERR_STATE, "planner", "a route made of the map's moves");
        pl->moves[i] = arr[k];
    }
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

wr_status wr_planner_plan(wr_planner *planner, const wr_map *map, const wr_plan_params *params,
                          const wr_plan_query *query, wr_hex from, wr_hex to,
                          wr_plan_result *result)
{
    if (planner == NULL)
        return WRI_NULL(planner);
    if (map == NULL)
        return WRI_NULL(map);
    if (params == NULL)
        return WRI_NULL(params);
    if (result == NULL)
        return WRI_NULL(result);
    wr_status st = wri_campaign_check_params(params);
    if (st != WR_OK)
        return WRI_PASS(st);
    wr_force_state start;
    wri_block block;
    plan_start ps;
    int objective = 0;
    st = read_query(map, params, query, &start, &block, &ps, &objective);
    if (st != WR_OK)
        return WRI_PASS(st);
    int32_t goal = wri_campaign_index(map, to);
    if (wri_campaign_index(map, from) < 0)
        return WRI_FAIL_HEX(map, from, "from");
    if (goal < 0)
        return WRI_FAIL_HEX(map, to, "to");
    search_opts o;
    memset(&o, 0, sizeof o);
    o.goal = goal;
    o.limit = UINT32_MAX;
    wri_movegen g;
    const int fewest = objective == WR_OBJECTIVE_FEWEST_UNFORMED &&
                       !(params->options & WR_PLAN_PLAIN_COSTS);

    /* the fewest-unformed search runs on the checked options alone */
    st = wri_planner_map_search(planner, map, params, from, &o, &g, fewest ? 2 : 1, &ps);
    if (st == WR_OK && fewest)
        st = search_fewest_unformed(planner, &g, &o);
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
        st = route_moves(planner, &o, &g, res.route.step_count);
    if (st != WR_OK)
        return WRI_PASS(st);
    res.outcome = WR_PLAN_FOUND;
    res.moves = planner->moves;
    predict_arrival(planner, &o, &res.route, &start, &res.arrival);
    *result = res;
    return WR_OK;
}

wr_status wr_planner_plan_field(wr_planner *planner, const wr_map *map,
                                const wr_plan_params *params, const wr_plan_query *query,
                                wr_hex from, wr_arrival *field, size_t count)
{
    if (planner == NULL)
        return WRI_NULL(planner);
    if (map == NULL)
        return WRI_NULL(map);
    if (params == NULL)
        return WRI_NULL(params);
    if (field == NULL)
        return WRI_NULL(field);
    if (count != (size_t)map->count)
        return WRI_FAIL_VALUE(WR_ERR_RANGE, "count", count, "width x height of the map");
    wr_status st = wri_campaign_check_params(params);
    if (st != WR_OK)
        return WRI_PASS(st);
    wr_force_state start;
    wri_block block;
    plan_start ps;
    int objective = 0;
    st = read_query(map, params, query, &start, &block, &ps, &objective);
    if (st != WR_OK)
        return WRI_PASS(st);
    if (objective == WR_OBJECTIVE_FEWEST_UNFORMED)
        return WRI_FAIL(WR_ERR_INVALID, "query->objective",
                        "WR_OBJECTIVE_EARLIEST or WR_OBJECTIVE_EARLIEST_FORMED for a field");
    search_opts o;
    memset(&o, 0, sizeof o);
    o.goal = -1;
    o.limit = UINT32_MAX;
    wri_movegen g;
    st = wri_planner_map_search(planner, map, params, from, &o, &g, 0, &ps);
    if (st != WR_OK)
        return WRI_PASS(st);
    const uint32_t *dist = planner->dist;
    const int any = objective == WR_OBJECTIVE_EARLIEST && o.two;
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
