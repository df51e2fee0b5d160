/* Move point tables and their defaults, the terrain and formation rules,
   vessels at sea and on rivers: the moves of one hex, shared by
   wr_map_moves() and the planner. */
#include <string.h>

#include "internal.h"

#define INF_COST 0x7fffffff

wr_status wr_move_costs_default(wr_mover mover, wr_move_costs *out)
{
    if (out == NULL)
        return WRI_NULL(out);
    int m = (int)mover;
    if (m < 0 || m >= WR_MOVER_COUNT)
        return WRI_FAIL_VALUE(WR_ERR_INVALID, "mover", m, "a wr_mover (0..6)");
    wr_move_costs c = {0, {0, 0, 0, 0, 0, 0, 0, 0}, 0, 0, 0, 0, 0};
    if (m == WR_MOVER_INFANTRY || m == WR_MOVER_CAVALRY) {
        c.daily_points = m == WR_MOVER_INFANTRY ? 12 : 18;
        c.enter[WR_HEX_CLEAR] = 6;
        c.enter[WR_HEX_FOREST] = 9;
        c.enter[WR_HEX_SWAMP] = 9;
        c.enter[WR_HEX_HILLS] = 9;
        c.enter[WR_HEX_MOUNTAINS] = 12;
        c.enter[WR_HEX_COAST] = 6;
        c.road = 6;
        c.track = 9;
    } else {
        c.daily_points = 70;
        switch (m) {
        case WR_MOVER_LONGSHIP:
            c.enter[WR_HEX_SEA] = 10;
            c.enter[WR_HEX_COAST] = 10;
            c.enter[WR_HEX_LAKE] = 10;
            c.upstream = 14;
            c.downstream = 10;
            c.sail_percent = 67;
            break;
        case WR_MOVER_GALLEY:
        case WR_MOVER_TRANSPORT:
            c.enter[WR_HEX_SEA] = 10;
            c.enter[WR_HEX_COAST] = 10;
            break;
        case WR_MOVER_SAILING_SHIP:
            c.enter[WR_HEX_SEA] = 7;
            c.enter[WR_HEX_COAST] = 10;
            break;
        default: /* river boat */
            c.enter[WR_HEX_LAKE] = 10;
            c.upstream = 14;
            c.downstream = 10;
            c.sail_percent = 67;
            break;
        }
    }
    *out = c;
    return WR_OK;
}

/* The names of a table's fields in the details, as the caller wrote them:
   wr_land_entry's costs, or a plan's params->costs. */
typedef struct cost_names {
    const char *daily, *enter, *road, *track, *upstream, *downstream, *sail;
} cost_names;
static const cost_names costs_arg = {"costs->daily_points", "costs->enter[]",  "costs->road",
                                     "costs->track",        "costs->upstream", "costs->downstream",
                                     "costs->sail_percent"};
static const cost_names params_arg = {"params->costs.daily_points", "params->costs.enter[]",
                                      "params->costs.road",         "params->costs.track",
                                      "params->costs.upstream",     "params->costs.downstream",
                                      "params->costs.sail_percent"};

static wr_status check_costs(const wr_move_costs *c, const cost_names *n)
{
    if (c->daily_points < 1 || c->daily_points > 1000)
        return WRI_FAIL_VALUE(WR_ERR_RANGE, n->daily, c->daily_points, "1..1000");
    for (int t = 0; t < WR_HEX_TERRAIN_COUNT; t++)
        if (c->enter[t] < 0 || c->enter[t] > 1000)
            return WRI_FAIL_VALUE(WR_ERR_RANGE, n->enter, c->enter[t], "0..1000 (0: cannot enter)");
    const int v[4] = {c->road, c->track, c->upstream, c->downstream};
    const char *const arg[4] = {n->road, n->track, n->upstream, n->downstream};
    for (int i = 0; i < 4; i++)
        if (v[i] < 0 || v[i] > 1000)
            return WRI_FAIL_VALUE(WR_ERR_RANGE, arg[i], v[i], "0..1000 (0: cannot)");
    if (c->sail_percent < 0 || c->sail_percent > 100)
        return WRI_FAIL_VALUE(WR_ERR_RANGE, n->sail, c->sail_percent, "0..100");
    return WR_OK;
}

static int is_land(int t)
{
    return t != WR_HEX_SEA && t != WR_HEX_LAKE;
}

/* Across country formed: only infantry in forest and swamp; nobody in mountains. */
static int formed_across(int arm, int t)
{
    if (t == WR_HEX_MOUNTAINS)
        return 0;
    if (t == WR_HEX_FOREST || t == WR_HEX_SWAMP)
        return arm == WR_ARM_INFANTRY;
    return 1;
}

wr_status wr_land_entry(const wr_move_costs *costs, wr_arm arm, unsigned traits,
                        wr_hex_terrain terrain, int home_region, wr_route_kind route, int *cost,
                        int *formed)
{
    wr_status st = WRI_NULLS(costs, cost, formed);
    if (st != WR_OK)
        return st;
    st = check_costs(costs, &costs_arg);
    if (st != WR_OK)
        return WRI_PASS(st);
    int a = (int)arm, t = (int)terrain, rt = (int)route;
    if (a < 0 || a > 1)
        return WRI_FAIL_VALUE(WR_ERR_INVALID, "arm", a, "WR_ARM_INFANTRY or WR_ARM_CAVALRY");
    if (t < 0 || t >= WR_HEX_TERRAIN_COUNT)
        return WRI_FAIL_VALUE(WR_ERR_INVALID, "terrain", t, "a wr_hex_terrain (0..7)");
    if (rt < 0 || rt > 2)
        return WRI_FAIL_VALUE(WR_ERR_INVALID, "route", rt, "a wr_route_kind (0..2)");
    if (traits & ~WR_FORCE_ALL)
        return WRI_FAIL_VALUE(WR_ERR_INVALID, "traits", traits, "WR_FORCE_ALL bits");
    if (!is_land(t))
        return WRI_FAIL_VALUE(WR_ERR_FORBIDDEN, "terrain", t,
                              "[Movement by Terrain Type] land: a land force never enters water");
    int c, f;
    if (rt == WR_ROUTE_ROAD) {
        c = costs->road;
        f = 1;
    } else if (rt == WR_ROUTE_TRACK) {
        c = costs->track;
        f = formed_across(a, t) || t == WR_HEX_MOUNTAINS;
    } else {
        c = costs->enter[t];
        if (c > 0 && costs->enter[WR_HEX_CLEAR] > 0 &&
            ((t == WR_HEX_FOREST && (traits & WR_FORCE_ELLRIENDI) && home_region) ||
             (t == WR_HEX_SWAMP && (traits & WR_FORCE_LIZARD_MEN))))
            c = costs->enter[WR_HEX_CLEAR];
        f = formed_across(a, t);
    }
    if (c == 0)
        return WRI_FAIL(WR_ERR_FORBIDDEN, "costs", "a cost above 0 (0: cannot enter)");
    *cost = c;
    *formed = f;
    return WR_OK;
}

wr_status wr_plan_params_default(wr_mover mover, wr_plan_params *out)
{
    if (out == NULL)
        return WRI_NULL(out);
    wr_plan_params p;
    wr_status st = wr_move_costs_default(mover, &p.costs);
    if (st != WR_OK)
        return WRI_PASS(st);
    p.mover = (int)mover;
    p.traits = 0;
    p.home_regions = 0;
    p.options = 0;
    p.bridging_days = 1;
    p.tide = WR_TIDE_NONE;
    p.wind = WR_WIND_NONE;
    p.figures = 0;
    *out = p;
    return WR_OK;
}

wr_status wri_campaign_check_params(const wr_plan_params *p)
{
    if (p->mover < 0 || p->mover >= WR_MOVER_COUNT)
        return WRI_FAIL_VALUE(WR_ERR_INVALID, "params->mover", p->mover, "a wr_mover (0..6)");
    if (p->traits & ~WR_FORCE_ALL)
        return WRI_FAIL_VALUE(WR_ERR_INVALID, "params->traits", p->traits, "WR_FORCE_ALL bits");
    if (p->options & ~WR_PLAN_ALL)
        return WRI_FAIL_VALUE(WR_ERR_INVALID, "params->options", p->options, "WR_PLAN_ALL bits");
    if (p->tide < WR_TIDE_NONE || p->tide > WR_TIDE_HIGH)
        return WRI_FAIL_VALUE(WR_ERR_INVALID, "params->tide", p->tide, "a wr_tide (0..3)");
    wr_status st = check_costs(&p->costs, &params_arg);
    if (st != WR_OK)
        return st;
    if (p->bridging_days < 1 || p->bridging_days > 30)
        return WRI_FAIL_VALUE(WR_ERR_RANGE, "params->bridging_days", p->bridging_days, "1..30");
    if (p->wind < WR_WIND_NONE || p->wind > 5)
        return WRI_FAIL_VALUE(WR_ERR_RANGE, "params->wind", p->wind, "0..5 or WR_WIND_NONE");
    if (p->figures < 0 || p->figures > 1000000)
        return WRI_FAIL_VALUE(WR_ERR_RANGE, "params->figures", p->figures, "0..1000000");
    return WR_OK;
}

void wri_campaign_movegen_init(wri_movegen *g, const wr_map *map, const wr_plan_params *p)
{
    const wr_move_costs *c = &p->costs;
    g->map = map;
    g->block = NULL;

    g->mover = p->mover;
    g->vessel = p->mover >= WR_MOVER_LONGSHIP;
    g->navigates = p->mover == WR_MOVER_LONGSHIP || p->mover == WR_MOVER_RIVER_BOAT;
    g->open_sea = p->mover == WR_MOVER_SAILING_SHIP || p->mover == WR_MOVER_TRANSPORT;
    g->traits = p->traits;
    g->home = p->home_regions;
    g->options = p->options;
    g->daily = c->daily_points;
    g->half_daily = wri_ceil_div(c->daily_points, 2);
    g->bridging_days = p->bridging_days;
    g->tide = p->tide;
    g->wind = p->wind;
    g->sail = c->sail_percent;
    int max_pt = 1;
    for (int t = 0; t < WR_HEX_TERRAIN_COUNT; t++) {
        int e = c->enter[t];
        if (!g->vessel && !is_land(t))
            e = 0;
        if (t == WR_HEX_SWAMP && !g->vessel && (p->traits & WR_FORCE_LIZARD_MEN) && e > 0 &&
            c->enter[WR_HEX_CLEAR] > 0)
            e = c->enter[WR_HEX_CLEAR];
        g->enter[t] = e;
        int arm = p->mover == WR_MOVER_CAVALRY ? WR_ARM_CAVALRY : WR_ARM_INFANTRY;
        g->formed[t] = (uint8_t)formed_across(arm, t);
        g->track_formed[t] = (uint8_t)(formed_across(arm, t) || t == WR_HEX_MOUNTAINS);
        if (c->enter[t] > max_pt)
            max_pt = c->enter[t];
    }
    g->road = g->vessel ? 0 : c->road;
    g->track = g->vessel ? 0 : c->track;
    g->upstream = g->navigates ? c->upstream : 0;
    g->downstream = g->navigates ? c->downstream : 0;
    int m2 = 2 * (c->road > c->track ? c->road : c->track);
    int m3 = 2 * (c->upstream > c->downstream ? c->upstream : c->downstream);
    if (m2 > max_pt)
        max_pt = m2;
    if (m3 > max_pt)
        max_pt = m3;
    int days = p->bridging_days > 3 ? p->bridging_days : 3;
    g->max_delta = max_pt + g->half_daily + (days + 2) * g->daily;
}

static int vessel_can_be(const wri_movegen *g, const wri_cell *c)
{
    unsigned f = c->features;
    switch (c->terrain) {
    case WR_HEX_SEA: return g->enter[WR_HEX_SEA] > 0 && (c->coast_near > 0 || g->open_sea);
    case WR_HEX_COAST:
        return g->enter[WR_HEX_COAST] > 0 &&
               (!(f & WR_FEATURE_MUD_FLAT) || (f & WR_FEATURE_CHANNEL) ||
                g->tide == WR_TIDE_HIGH) &&
               (g->mover != WR_MOVER_TRANSPORT || (f & (WR_FEATURE_CHANNEL | WR_FEATURE_PORT)));
    case WR_HEX_LAKE: return g->enter[WR_HEX_LAKE] > 0;
    default:
        return g->navigates && WRI_WATER_DIR(c->water) != WRI_WATER_NONE &&
               !(WRI_WATER_FLAGS(c->water) & WR_WATER_UNNAVIGABLE) &&
               (g->upstream > 0 || g->downstream > 0);
    }
}

int wri_campaign_can_be(const wri_movegen *g, int32_t idx)
{
    const wri_cell *c = &g->map->cells[idx];
    if (g->vessel)
        return vessel_can_be(g, c);
    return is_land(c->terrain);
}

static inline int add_edge(wr_plan_edge *out, int n, int32_t to, int points, int days,
                           unsigned flags)
{
    out[n].to = to;
    out[n].points = points;
    out[n].days = days;
    out[n].flags = flags;
    return n + 1;
}

/* A formed edge, and an unformed one when across country is cheaper; after
   `days` whole days of crossing when days > 0. */
static inline int add_pair(wr_plan_edge *out, int n, int32_t to, int fcost, unsigned fflag,
                           int acost, unsigned aflag, int extra, unsigned xflag, int days)
{
    if (fcost != INF_COST)
        n = add_edge(out, n, to, fcost + extra, days, fflag | xflag);
    if (acost < fcost)
        n = add_edge(out, n, to, acost + extra, days, aflag | xflag | WR_STEP_UNFORMED);
    return n;
}

int wri_campaign_side_edges(const wri_movegen *g, int t, unsigned side, int timber, int home,
                            wr_plan_edge *out)
{
    int cavalry = g->mover == WR_MOVER_CAVALRY;
    int n = 0;
    int32_t to = 0;
    if (!is_land(t))
        return 0;
    int off = g->enter[t];
    if (home && t == WR_HEX_FOREST && off > 0 && g->enter[WR_HEX_CLEAR] > 0)
        off = g->enter[WR_HEX_CLEAR];
    int fcost = INF_COST, acost = INF_COST;
    unsigned fflag = 0, aflag = 0;
    if (off > 0) {
        acost = off;
        if (g->formed[t])
            fcost = off;
    }
    if ((side & WRI_SIDE_ROAD) && g->road > 0) {
        if (g->road <= fcost) {
            fcost = g->road;
            fflag = WR_STEP_ROAD;
        }
        if (g->road <= acost) {
            acost = g->road;
            aflag = WR_STEP_ROAD;
        }
    }
    if ((side & WRI_SIDE_TRACK) && g->track > 0) {
        if (g->track_formed[t] && g->track < fcost) {
            fcost = g->track;
            fflag = WR_STEP_TRACK;
        }
        if (g->track < acost) {
            acost = g->track;
            aflag = WR_STEP_TRACK;
        }
    }
    if (acost == INF_COST)
        return 0;
    unsigned river = WRI_SIDE_RIVER(side), crossing = WRI_SIDE_CROSSING(side);
    if (river == 0)
        return add_pair(out, n, to, fcost, fflag, acost, aflag, 0, 0, 0);
    if (crossing == WR_CROSS_BRIDGE)
        return add_pair(out, n, to, fcost, fflag, acost, aflag, 0, WR_STEP_BRIDGE, 0);
    if (crossing == WR_CROSS_FORD)
        n = add_pair(out, n, to, fcost, fflag, acost, aflag, cavalry ? 0 : g->half_daily,
                     WR_STEP_FORD, 0);
    else if (river == WR_RIVER_MINOR && cavalry)
        n = add_pair(out, n, to, fcost, fflag, acost, aflag, g->half_daily, WR_STEP_SWIM, 0);
    int days = INF_COST;
    unsigned dflag = 0;
    if (crossing == WR_CROSS_FERRY) {
        days = river == WR_RIVER_MINOR ? 1 : 2;
        dflag = WR_STEP_FERRY;
    }
    /* an open crossing has no ferry: rafts replace nothing dearer */
    if (crossing == WR_CROSS_OPEN && (river == WR_RIVER_MAJOR || !cavalry) &&
        (timber || (g->options & WR_PLAN_RAFTS_ANYWHERE))) {
        days = 3;
        dflag = WR_STEP_RAFTS;
    }
    if ((g->options & WR_PLAN_BRIDGING_TRAIN) && g->bridging_days < days) {
        days = g->bridging_days;
        dflag = WR_STEP_BRIDGING;
    }
    /* [Crossing] the far hex's entry follows the whole days */
    if (days != INF_COST)
        n = add_pair(out, n, to, fcost, fflag, acost, aflag, 0, dflag, days);
    return n;
}

static int land_moves(const wri_movegen *g, int32_t idx, wr_plan_edge *out)
{
    const wr_map *map = g->map;
    const wri_cell *c = &map->cells[idx];
    unsigned odd = (c->nb & WRI_ODD_ROW) ? 1u : 0u;
    int timber = c->terrain == WR_HEX_FOREST || c->terrain == WR_HEX_SWAMP;
    int n = 0;
    for (int d = 0; d < 6; d++) {
        if (!(c->nb & (1u << d)))
            continue;
        int32_t nb = wri_nb_index(map, idx, odd, d);
        if (g->block != NULL && wri_blocked(g->block, idx, nb, d))
            continue;
        const wri_cell *h = &map->cells[nb];
        int home =
            (g->traits & WR_FORCE_ELLRIENDI) && (wri_regions_tags(&map->regions, nb) & g->home);
        int k = wri_campaign_side_edges(g, h->terrain, wri_side_byte(map, idx, nb, d), timber, home,
                                        out + n);
        for (int i = 0; i < k; i++)
            out[n + i].to = nb;
        n += k;
    }
    return n;
}

void wri_campaign_land_entry(const wri_movegen *g, unsigned key, wri_tentry *out)
{
    wr_plan_edge e[WR_PLAN_MAX_EDGES];
    int n = wri_campaign_side_edges(g, (int)((key >> 6) & 7u), key & 0x3fu, (int)((key >> 9) & 1u),
                                    (int)((key >> 10) & 1u), e);
    out->count = (uint32_t)n;
    for (int i = 0; i < n; i++) {
        out->e[i].points = e[i].points;
        out->e[i].days = e[i].days;
        out->e[i].flags = e[i].flags;
    }
}

static int vessel_moves(const wri_movegen *g, int32_t idx, wr_plan_edge *out)
{
    const wr_map *map = g->map;
    const wri_cell *c = &map->cells[idx];
    unsigned odd = (c->nb & WRI_ODD_ROW) ? 1u : 0u;
    int here_water = c->terrain == WR_HEX_SEA || c->terrain == WR_HEX_COAST;
    int n = 0;
    for (int d = 0; d < 6; d++) {
        if (!(c->nb & (1u << d)))
            continue;
        int32_t nb = wri_nb_index(map, idx, odd, d);
        const wri_cell *h = &map->cells[nb];
        if (!vessel_can_be(g, h) || (g->block != NULL && wri_blocked(g->block, idx, nb, d)))
            continue;
        unsigned open = (h->terrain == WR_HEX_SEA && h->coast_near == 0) ? WR_STEP_OPEN_SEA : 0u;
        const wri_cell *upper = NULL;
        int down = 0;
        if (WRI_WATER_DIR(c->water) == (unsigned)d) {
            upper = c;
            down = 1;
        } else if (WRI_WATER_DIR(h->water) == (unsigned)((d + 3) % 6)) {
            upper = h;
        }
        if (upper != NULL && g->navigates) {
            unsigned wf = WRI_WATER_FLAGS(upper->water);
            int cost = down ? g->downstream : g->upstream;
            if ((wf & (WR_WATER_UNNAVIGABLE | WR_WATER_CATARACT)) || cost == 0)
                continue;
            if ((wf & WR_WATER_TIDAL) && (g->tide == WR_TIDE_FLOOD || g->tide == WR_TIDE_EBB)) {
                int with = (g->tide == WR_TIDE_FLOOD) != down;
                cost = with ? wri_ceil_div(cost, 2) : cost * 2;
            }
            if (g->sail > 0 && g->wind >= 0 &&
                (d == g->wind || d == (g->wind + 1) % 6 || d == (g->wind + 5) % 6))
                cost = wri_ceil_div(cost * g->sail, 100);
            n = add_edge(out, n, nb, cost, 0,
                         (down ? WR_STEP_DOWNSTREAM : WR_STEP_UPSTREAM) | open);
            continue;
        }
        int there_water = h->terrain == WR_HEX_SEA || h->terrain == WR_HEX_COAST;
        if ((here_water && there_water) || (c->terrain == WR_HEX_LAKE && h->terrain == WR_HEX_LAKE))
            n = add_edge(out, n, nb, g->enter[h->terrain], 0, open);
    }
    return n;
}

int wri_campaign_moves(const wri_movegen *g, int32_t idx, wr_plan_edge *out)
{
    return g->vessel ? vessel_moves(g, idx, out) : land_moves(g, idx, out);
}

wr_status wr_map_moves(const wr_map *map, const wr_plan_params *params, wr_hex from,
                       wr_plan_edge *out, size_t capacity, size_t *count)
{
    wr_status st = WRI_NULLS(map, params, out, count);
    if (st != WR_OK)
        return st;
    st = wri_campaign_check_params(params);
    if (st != WR_OK)
        return WRI_PASS(st);
    int32_t idx = wri_campaign_index(map, from);
    if (idx < 0)
        return WRI_FAIL_HEX(map, from, "from");
    if (capacity < WR_PLAN_MAX_EDGES)
        return WRI_FAIL_VALUE(WR_ERR_RANGE, "capacity", capacity,
                              "at least WR_PLAN_MAX_EDGES (32)");
    wri_movegen g;
    wri_campaign_movegen_init(&g, map, params);
    wr_plan_edge tmp[WR_PLAN_MAX_EDGES];
    int n = wri_campaign_moves(&g, idx, tmp);
    for (int i = 0; i < n; i++)
        out[i] = tmp[i];
    *count = (size_t)n;
    return WR_OK;
}

wr_status wr_map_landing(const wr_map *map, wr_mover mover, wr_hex hex, wr_landing *how)
{
    if (map == NULL)
        return WRI_NULL(map);
    if (how == NULL)
        return WRI_NULL(how);
    int m = (int)mover;
    if (m < WR_MOVER_LONGSHIP || m >= WR_MOVER_COUNT)
        return WRI_FAIL_VALUE(WR_ERR_INVALID, "mover", m, "a vessel class (2..6)");
    int32_t idx = wri_campaign_index(map, hex);
    if (idx < 0)
        return WRI_FAIL_HEX(map, hex, "hex");
    const wri_cell *c = &map->cells[idx];
    unsigned f = c->features;
    int coast =
        c->terrain == WR_HEX_COAST && (!(f & WR_FEATURE_MUD_FLAT) || (f & WR_FEATURE_CHANNEL));
    int river = WRI_WATER_DIR(c->water) != WRI_WATER_NONE &&
                !(WRI_WATER_FLAGS(c->water) & WR_WATER_UNNAVIGABLE);
    wr_landing l;
    if ((m == WR_MOVER_LONGSHIP || m == WR_MOVER_GALLEY) && coast)
        l = WR_LANDING_BEACH;
    else if ((m == WR_MOVER_LONGSHIP || m == WR_MOVER_RIVER_BOAT) && river)
        l = WR_LANDING_BEACH;
    else if (m == WR_MOVER_SAILING_SHIP && coast)
        l = WR_LANDING_ANCHOR;
    else if (m == WR_MOVER_TRANSPORT && coast && (f & WR_FEATURE_PORT))
        l = WR_LANDING_DOCK;
    else
        return WRI_FAIL(WR_ERR_FORBIDDEN, "hex",
                        "[Coastal Waters], [Rivers] a hex where this vessel may put in");
    *how = l;
    return WR_OK;
}

/* A side as the map stores it, or -1 when it makes no sense. */
static int side_byte_of(const wr_hexside *s)
{
    if (s->river < WR_NO_RIVER || s->river > WR_RIVER_MAJOR || s->crossing < 0 ||
        s->crossing > WR_CROSS_FORD || (s->river == WR_NO_RIVER && s->crossing != WR_CROSS_OPEN) ||
        (s->river == WR_RIVER_MAJOR && s->crossing == WR_CROSS_FORD))
        return -1;
    return (int)((unsigned)s->river | ((unsigned)s->crossing << 2) |
                 (s->road ? WRI_SIDE_ROAD : 0u) | (s->track ? WRI_SIDE_TRACK : 0u));
}

#define HEX_DESC_EXPECTED                                                        \
    "a known terrain, WR_FEATURE_ALL and WR_WATER_ALL bits, downstream 0..5 or " \
    "WR_NO_WATERCOURSE (water 0 without one)"
static int desc_ok(const wr_hex_desc *d)

{
    return d->terrain >= 0 && d->terrain < WR_HEX_TERRAIN_COUNT &&
           !(d->features & ~WR_FEATURE_ALL) && !(d->water & ~WR_WATER_ALL) &&
           d->downstream >= WR_NO_WATERCOURSE && d->downstream <= 5 &&
           (d->downstream != WR_NO_WATERCOURSE || d->water == 0);
}

static void desc_to_cell(const wr_hex_desc *d, wri_cell *c)
{
    c->terrain = (uint8_t)d->terrain;
    c->features = (uint8_t)d->features;
    c->water = d->downstream == WR_NO_WATERCOURSE
                   ? (uint8_t)WRI_WATER_NONE
                   : (uint8_t)((unsigned)d->downstream | (d->water << 3));
    c->coast_near = d->terrain == WR_HEX_SEA ? (uint8_t)(d->coastal != 0) : 0u;
}

wr_status wr_hex_desc_moves(const wr_plan_params *params, const wr_hex_desc *here,
                            const wr_hex_desc neighbors[6], const wr_hexside sides[6],
                            const int32_t nodes[6], wr_plan_edge *out, size_t capacity,
                            size_t *count)
{
    wr_status st = WRI_NULLS(params, here, neighbors, sides, nodes, out, count);
    if (st != WR_OK)
        return st;
    st = wri_campaign_check_params(params);
    if (st != WR_OK)
        return WRI_PASS(st);
    if (capacity < WR_PLAN_MAX_EDGES)
        return WRI_FAIL_VALUE(WR_ERR_RANGE, "capacity", capacity,
                              "at least WR_PLAN_MAX_EDGES (32)");
    if (!here->on_map)
        return WRI_FAIL(WR_ERR_INVALID, "here->on_map", "non-zero: the force's hex is on the map");
    if (!desc_ok(here))
        return WRI_FAIL(WR_ERR_INVALID, "here", HEX_DESC_EXPECTED);
    /* A 3 x 3 map around the hex: it sits in the odd middle row. */
    wri_cell cells[9];
    uint32_t regions[9];
    memset(cells, 0, sizeof cells);
    memset(regions, 0, sizeof regions);
    wr_map mini;
    memset(&mini, 0, sizeof mini);
    mini.width = 3;
    mini.height = 3;
    mini.count = 9;
    mini.cells = cells;
    mini.regions.dense = regions;
    const int32_t center = 4;
    unsigned mask = 0;
    int32_t at[6];
    for (int d = 0; d < 6; d++) {
        at[d] = wri_nb_index(&mini, center, 1u, d);
        cells[at[d]].water = WRI_WATER_NONE;
        if (!neighbors[d].on_map)
            continue;
        if (!desc_ok(&neighbors[d]))
            return WRI_FAIL_VALUE(WR_ERR_INVALID, "neighbors[]", d, HEX_DESC_EXPECTED);
        desc_to_cell(&neighbors[d], &cells[at[d]]);
        regions[at[d]] = neighbors[d].regions;
        mask |= 1u << d;
    }
    if (here->downstream != WR_NO_WATERCOURSE && !(mask & (1u << here->downstream)))
        return WRI_FAIL_VALUE(WR_ERR_INVALID, "here->downstream", here->downstream,
                              "a direction towards a neighbour on the map");
    desc_to_cell(here, &cells[center]);
    regions[center] = here->regions;
    cells[center].nb = (uint8_t)(mask | WRI_ODD_ROW);
    for (int d = 0; d < 6; d++) {
        int b = side_byte_of(&sides[d]);
        if (b < 0)
            return WRI_FAIL_VALUE(WR_ERR_INVALID, "sides[]", d,
                                  "a river and crossing as wr_map_set_hexside() takes them");
        if (d < 3)
            cells[center].side[d] = (uint8_t)b;
        else
            cells[at[d]].side[d - 3] = (uint8_t)b;
    }
    wri_movegen g;
    wri_campaign_movegen_init(&g, &mini, params);
    wr_plan_edge tmp[WR_PLAN_MAX_EDGES];
    int n = wri_campaign_moves(&g, center, tmp);
    for (int i = 0; i < n; i++) {
        /* GCOVR_EXCL_BR_START: every move goes into one of the six neighbours */
        for (int d = 0; d < 6; d++) {
            /* GCOVR_EXCL_BR_STOP */
            if (tmp[i].to == at[d]) {
                tmp[i].to = nodes[d];
                break;
            }
        }
        out[i] = tmp[i];
    }
    *count = (size_t)n;
    return WR_OK;
}
