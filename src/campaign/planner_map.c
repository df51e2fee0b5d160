/* A search on a map: checks the mover and the start, sets the options of
   the search and the moves of its hexes (the land table and the records by
   hex), and runs the search that fits. */
#include "planner_internal.h"

/* The options of a search from state src on cells hexes with parameters
   p: no goal, every label up to WR_PLAN_MAX_DAYS days. */
void wri_planner_opts_init(search_opts *o, const wr_plan_params *p, int32_t cells, int32_t src)
{
    memset(o, 0, sizeof *o);
    o->cells = cells;
    o->daily = (uint32_t)p->costs.daily_points;
    o->daily_inv = (((uint64_t)1 << 40) + o->daily - 1u) / o->daily;
    o->plain = (p->options & WR_PLAN_PLAIN_COSTS) != 0;
    o->unformed_ok = (p->options & WR_PLAN_UNFORMED) != 0;
    o->two = o->unformed_ok && !o->plain;
    o->src = src;
    o->src_state = src;
    o->day0 = 1;
    o->goal = -1;
    o->goal2 = -1;
    o->key_max = (uint64_t)WR_PLAN_MAX_DAYS * o->daily;
    o->limit = (uint32_t)o->key_max;
}

/* Checks the parameters and the start hex, and sets the options of the
   search from it (o's goal, limit and order kept) and the generator. */
static wr_status start_search(const wr_map *map, const wr_plan_params *params, wr_hex from,
                              search_opts *o, wri_movegen *g, const plan_start *ps)
{
    wr_status st = wri_campaign_check_params(params);
    if (st != WR_OK)
        return st;
    int32_t src = wri_campaign_index(map, from);
    if (src < 0)
        return WRI_FAIL_HEX(map, from, "from");
    wri_campaign_movegen_init(g, map, params);
    if (!wri_campaign_can_be(g, src))
        return WRI_FAIL(WR_ERR_FORBIDDEN, "from", "a hex where the mover can be");
    search_opts base;
    wri_planner_opts_init(&base, params, map->count, src);
    base.goal = o->goal;
    base.limit = o->limit < base.limit ? o->limit : base.limit;
    base.order = o->order;
    base.order_count = o->order_count;
    base.ring_hint = (uint32_t)g->max_delta;
    if (ps != NULL) {
        if (ps->unformed && !base.plain)
            base.two = 1;
        base.src_state = ps->unformed && base.two ? src + map->count : src;
        base.t0 = ps->t0;
        base.fresh_src = ps->fresh_src;
        base.fresh = ps->fresh;
        base.fresh_max = ps->fresh_src > ps->fresh ? ps->fresh_src : ps->fresh;

        base.day0 = ps->day0;
        base.start_counted = ps->counted;
        if (ps->any_goal && base.two && base.goal >= 0)
            base.goal2 = base.goal + map->count;
        g->block = ps->block;
    }
    base.prune = base.two && base.unformed_ok && base.fresh_max == 0 && base.order == NULL;
    *o = base;
    return WR_OK;
}

/* The moves of the map's hexes for the searches: the generator's, and for
   a land force the planner's table for these parameters and its records by
   hex for this map. */
static wr_status hex_moves(wr_planner *pl, const wr_map *map, const wr_plan_params *params,
                           const search_opts *o, const wri_movegen *g, wri_map_search what,
                           fastgen *f)
{
    memset(f, 0, sizeof *f);
    f->g = g;
    f->block = g->block;

    f->cells = map->cells;
    f->regions = &map->regions;
    for (int odd = 0; odd < 2; odd++)
        for (int d = 0; d < 6; d++)
            f->delta[odd][d] = wri_nb_index(map, 0, (unsigned)odd, d);
    f->home = (params->traits & WR_FORCE_ELLRIENDI) ? params->home_regions : 0u;
    if (g->vessel)
        return WR_OK;
    wr_status st = wri_planner_ensure_table(pl);
    if (st != WR_OK)
        return st;
    const int new_table = !pl->table_valid || memcmp(&pl->table_for, params, sizeof *params) != 0;
    if (new_table) {
        pl->table_for = *params;
        pl->table_valid = 1;
        pl->records_map.map = NULL; /* refilled even if wri_planner_hex_records() fails now */
    }
    f->table = pl->table;
    f->ptable = pl->ptable;
    f->owner = pl;
    f->daily = o->daily;
    f->unformed_ok = o->unformed_ok;
    if (new_table)
        wri_planner_new_land_table(pl, f, f->home != 0);
    /* whether the search reads its moves through the table by key: not a
       field or route over the plain costs (when they fit: max_delta), nor
       the full rules' field (its own records); a reachable set and a
       blocked search under the full rules do */
    const int costs = o->plain && g->max_delta < 0xff;
    const int read_keys = what == WRI_MAP_FIELD
                              ? (o->plain ? !costs : g->block != NULL || o->order != NULL)
                              : !(costs && g->block == NULL);
    return wri_planner_hex_records(pl, map, new_table, o->plain, read_keys, f);
}

/* Every label: the full rules' field when it applies, else Dijkstra
   without parents. */
static wr_status field_search(wr_planner *pl, const fastgen *f, const search_opts *o)
{
    if (f->g->vessel)
        return wri_planner_dijkstra_water_field(pl, f->g, o);
    /* a whole field reads nearly every hex: its records filled first, in order */
    const int whole = o->limit >= o->key_max && o->order == NULL;
    if (o->plain || f->block != NULL || o->order != NULL) {
        if (whole)
            wri_planner_fill_all(pl, f, o->plain, 0);
        if (o->plain && f->costs != NULL && f->block == NULL)
            return wri_planner_dijkstra_plain_field(pl, f, o);
        return wri_planner_dijkstra_land_field(pl, f, o);
    }
    return wri_planner_rules_field(pl, f, o);
}

/* The earliest route to o->goal: A* with hmin, the smallest label increase
   of a transition (at least 1, as every cost is; 0 would still be right,
   an A* without a heuristic), and Dijkstra with parents when it falls back. */
static wr_status route_search(wr_planner *pl, const wr_map *map, const fastgen *f,
                              const search_opts *o)
{
    const wri_movegen *g = f->g;
    const uint32_t hmin = g->vessel ? wri_planner_vessel_hmin(g, o->daily) : pl->built_hmin;
    search_opts a = *o;
    wr_hex goal = wri_campaign_hex(map, o->goal);
    a.hmin = hmin;
    a.width = map->width;
    a.width_inv = (((uint64_t)1 << 40) + (uint64_t)map->width - 1u) / (uint64_t)map->width;
    a.goal_q = goal.q;
    a.goal_r = goal.r;
    a.ring_hint += a.hmin;
    wri_search_end end = WRI_SEARCH_DONE;
    wr_status st = wri_planner_astar_route(pl, f, &a, &end);
    if (st == WR_OK && end == WRI_SEARCH_DONE && !g->vessel && pl->built_hmin < hmin)
        /* a key built in the search was cheaper: see wri_planner_new_land_table() */
        end = WRI_SEARCH_FALL_BACK;
    if (st != WR_OK || end == WRI_SEARCH_DONE)
        return st;
    return g->vessel ? wri_planner_dijkstra_water(pl, g, o) : wri_planner_dijkstra_land(pl, f, o);
}

/* Runs a search on a map from hex from (ps NULL: the zero state), with o's
   goal, limit and order, into the planner's labels (and parents for a
   route); o and g are set for the caller, who reads the answer. */
wr_status wri_planner_map_search(wr_planner *pl, const wr_map *map, const wr_plan_params *params,
                                 wr_hex from, search_opts *o, wri_movegen *g, wri_map_search what,
                                 const plan_start *ps)
{
    wr_status st = start_search(map, params, from, o, g, ps);
    if (st != WR_OK)
        return st;
    st = wri_planner_ensure_states(pl, (size_t)map->count * 2u);
    if (st == WR_OK && (what != WRI_MAP_FIELD || o->order != NULL))
        st = wri_planner_ensure_paths(pl, what != WRI_MAP_FIELD);
    if (st != WR_OK)
        return st;
    if (what == WRI_MAP_FEWEST) /* on the checked options alone */
        return wri_planner_fewest_unformed(pl, g, o);
    fastgen f;
    st = hex_moves(pl, map, params, o, g, what, &f);
    if (st != WR_OK)
        return st;
    return what == WRI_MAP_FIELD ? field_search(pl, &f, o) : route_search(pl, map, &f, o);
}
