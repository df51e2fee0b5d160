/* Lua binding of warrules/campaign.h: river crossings and stragglers, hex
   coordinates, the hex map, move point tables, marches, the route planner
   (over a map, or over a game's own graph given as Lua functions), and a
   force's state: plans from it with per-query constraints, and their replay. */
#include <stdint.h>
#include <string.h>

#include "warrules_lua.h"

#define MAP_MT WRL_MAP_MT
#define PLANNER_MT WRL_PLANNER_MT
/* The metatable of force state tables (plain tables with methods). */
#define FORCE_MT "warrules.ForceState"

#define F_INT WRL_F_INT
#define F_TRUTH WRL_F_TRUTH
#define F_UINT WRL_F_UINT

_Static_assert(sizeof(wr_route_kind) == sizeof(int), "enums are int-sized");

/* ---- hexes --------------------------------------------------------------- */

/* ---- structs ------------------------------------------------------------- */

static const wrl_field side_fields[] = {
    WRL_FIELD(wr_hexside, river, F_INT), WRL_FIELD(wr_hexside, crossing, F_INT),
    WRL_FIELD(wr_hexside, road, F_TRUTH), WRL_FIELD(wr_hexside, track, F_TRUTH), {NULL, 0, F_INT}};

static const wrl_field costs_fields[] = {
    WRL_FIELD(wr_move_costs, daily_points, F_INT), WRL_FIELD(wr_move_costs, road, F_INT),
    WRL_FIELD(wr_move_costs, track, F_INT), WRL_FIELD(wr_move_costs, upstream, F_INT),
    WRL_FIELD(wr_move_costs, downstream, F_INT), WRL_FIELD(wr_move_costs, sail_percent, F_INT),
    {NULL, 0, F_INT}};

static const wrl_field params_fields[] = {
    WRL_FIELD(wr_plan_params, mover, F_INT), WRL_FIELD(wr_plan_params, traits, F_UINT),
    WRL_FIELD(wr_plan_params, home_regions, F_UINT), WRL_FIELD(wr_plan_params, options, F_UINT),
    WRL_FIELD(wr_plan_params, bridging_days, F_INT), WRL_FIELD(wr_plan_params, tide, F_INT),
    WRL_FIELD(wr_plan_params, wind, F_INT), WRL_FIELD(wr_plan_params, figures, F_INT),
    {NULL, 0, F_INT}};

static const wrl_field edge_fields[] = {
    WRL_FIELD(wr_plan_edge, to, F_INT), WRL_FIELD(wr_plan_edge, points, F_INT),
    WRL_FIELD(wr_plan_edge, days, F_INT), WRL_FIELD(wr_plan_edge, flags, F_UINT), {NULL, 0, F_INT}};

static const wrl_field hex_desc_fields[] = {
    WRL_FIELD(wr_hex_desc, on_map, F_TRUTH), WRL_FIELD(wr_hex_desc, terrain, F_INT),
    WRL_FIELD(wr_hex_desc, features, F_UINT), WRL_FIELD(wr_hex_desc, regions, F_UINT),
    WRL_FIELD(wr_hex_desc, downstream, F_INT), WRL_FIELD(wr_hex_desc, water, F_UINT),
    WRL_FIELD(wr_hex_desc, coastal, F_TRUTH), {NULL, 0, F_INT}};

static const wrl_field step_fields[] = {
    WRL_FIELD(wr_step, node, F_INT), WRL_FIELD(wr_step, day, F_INT),
    WRL_FIELD(wr_step, points_left, F_INT), WRL_FIELD(wr_step, nights, F_INT),
    WRL_FIELD(wr_step, flags, F_UINT), {NULL, 0, F_INT}};

static void push_costs(lua_State *L, const wr_move_costs *c)
{
    wrl_push_fields(L, c, costs_fields);
    wrl_push_int_array0(L, c->enter, WR_HEX_TERRAIN_COUNT);
    lua_setfield(L, -2, "enter");
}

/* Reads a move point table at t over *c: enter = {[0] = clear, ...}. */
static void read_costs(lua_State *L, int t, wr_move_costs *c)
{
    static const char *const extra[] = {"enter", NULL};
    t = lua_absindex(L, t);
    if (lua_type(L, t) != LUA_TTABLE)
        wrl_fail(L, "WR_ERR_INVALID: a move point table must be a table, got %s", luaL_typename(L, t));
    wrl_only_known(L, t, "a move point table", costs_fields, extra);
    wrl_read_fields(L, t, c, costs_fields);
    int type = lua_getfield(L, t, "enter");
    if (type == LUA_TTABLE) {
        for (int i = 0; i < WR_HEX_TERRAIN_COUNT; i++) {
            if (lua_rawgeti(L, -1, i) != LUA_TNIL) {
                lua_Integer v = wrl_integer(L, -1);
                if (v < -2147483647 - 1 || v > 2147483647)
                    wrl_fail(L, "WR_ERR_RANGE: enter[%d] does not fit in a C int", i);
                c->enter[i] = (int)v;
            }
            lua_pop(L, 1);
        }
    } else if (type != LUA_TNIL) {
        wrl_fail(L, "WR_ERR_INVALID: field 'enter' must be a table indexed by terrain from 0");
    }
    lua_pop(L, 1);
}

static void push_params(lua_State *L, const wr_plan_params *p)
{
    wrl_push_fields(L, p, params_fields);
    push_costs(L, &p->costs);
    lua_setfield(L, -2, "costs");
}

/* Reads plan params at arg: missing fields take wr_plan_params_default() of
   the mover (infantry when no mover is given). */
static void check_params(lua_State *L, int arg, wr_plan_params *p)
{
    static const char *const extra[] = {"costs", NULL};
    arg = lua_absindex(L, arg);
    if (lua_type(L, arg) != LUA_TTABLE)
        wrl_argfail(L, arg, WR_ERR_INVALID, "plan params table expected, got %s", luaL_typename(L, arg));
    wrl_only_known(L, arg, "plan params", params_fields, extra);
    int mover = WR_MOVER_INFANTRY;
    wrl_field_int(L, arg, "mover", &mover);
    wrl_check(L, wr_plan_params_default((wr_mover)mover, p), "plan params");
    wrl_read_fields(L, arg, p, params_fields);
    if (lua_getfield(L, arg, "costs") != LUA_TNIL)
        read_costs(L, -1, &p->costs);
    lua_pop(L, 1);
}

static void push_edges(lua_State *L, const wr_plan_edge *e, size_t n)
{
    lua_createtable(L, (int)n, 0);
    for (size_t i = 0; i < n; i++) {
        wrl_push_fields(L, &e[i], edge_fields);
        lua_rawseti(L, -2, (lua_Integer)i + 1);
    }
}

/* ---- the map ------------------------------------------------------------- */

/* ---- a force's state (in/out tables updated in place, with methods) ------ */

static const wrl_field force_fields[] = {
    WRL_FIELD(wr_force_state, day, F_INT), WRL_FIELD(wr_force_state, points_spent, F_INT),
    WRL_FIELD(wr_force_state, points_saved, F_INT), WRL_FIELD(wr_force_state, unformed, F_TRUTH),
    WRL_FIELD(wr_force_state, unformed_today, F_TRUTH), WRL_FIELD(wr_force_state, unformed_days, F_INT),
    WRL_FIELD(wr_force_state, at_rally, F_TRUTH), WRL_FIELD(wr_force_state, rally_days, F_INT),
    WRL_FIELD(wr_force_state, pressing, F_TRUTH), WRL_FIELD(wr_force_state, crossing_days, F_INT),
    WRL_FIELD(wr_force_state, far_bank, F_TRUTH), WRL_FIELD(wr_force_state, crossing, F_UINT),
    {NULL, 0, F_INT}};

/* Reads a force state table at arg; missing fields are those of wr_force_start(). */
static void read_force(lua_State *L, int arg, wr_force_state *f)
{
    wrl_check(L, wr_force_start(f), "a force state");
    wrl_read_struct(L, arg, "a force state", f, force_fields);
}

/* Pushes a new force state table (with the ForceState methods). */
static void push_force(lua_State *L, const wr_force_state *f)
{
    wrl_push_fields(L, f, force_fields);
    luaL_setmetatable(L, FORCE_MT);
}

/* ForceState's methods: the functions force_<m> of the module table (at the top of the stack). */
static void open_force(lua_State *L)
{
    static const char *const methods[] = {"check", "move", "end_day", "rally", "contact", NULL};
    luaL_newmetatable(L, FORCE_MT);
    lua_pushstring(L, FORCE_MT);
    lua_setfield(L, -2, "__name");
    lua_newtable(L);
    for (const char *const *m = methods; *m != NULL; m++) {
        lua_pushfstring(L, "force_%s", *m);
        lua_gettable(L, -4);
        lua_setfield(L, -2, *m);
    }
    lua_setfield(L, -2, "__index");
    lua_pop(L, 1);
}
/* ---- the planner --------------------------------------------------------- */

/* A planner box, with the context of a route_graph call while one runs. */
typedef struct planner_box {
    wrl_box box;
    lua_State *L;  /* the state of the running call, or NULL */
    int moves;     /* stack index of the moves function */
    int node_hex;  /* stack index of the node_hex function, or 0 */
    int blocked;   /* stack index of a plan query's blocked function, or 0 */
    int errslot;   /* where a callback's error is kept */
    int failed;
} planner_box;

static void planner_free(void *p)
{
    wr_planner_free(p);
}

/* hand-written: a callback: its box (planner_box) holds the state of a running query's Lua `blocked` function */
static int planner_new(lua_State *L)
{
    planner_box *pb = (planner_box *)wrl_new_box(L, PLANNER_MT, sizeof(planner_box), 0, 0, planner_free);
    wr_allocator a = wrl_allocator(L);
    wr_planner *p = NULL;
    wrl_check(L, wr_planner_new_ex(&a, &p), "Planner");
    pb->box.ptr = p;
    return 1;
}

static void push_route(lua_State *L, const wr_route *r)
{
    lua_createtable(L, 0, 8);
    lua_createtable(L, (int)r->step_count, 0);
    for (size_t i = 0; i < r->step_count; i++) {
        wrl_push_fields(L, &r->steps[i], step_fields);
        wrl_push_hex(L, r->steps[i].hex);
        lua_setfield(L, -2, "hex");
        lua_rawseti(L, -2, (lua_Integer)i + 1);
    }
    lua_setfield(L, -2, "steps");
    wrl_set_int(L, "step_count", (lua_Integer)r->step_count);
    wrl_set_int(L, "arrival_day", r->arrival_day);
    wrl_set_int(L, "points_left", r->points_left);
    wrl_set_int(L, "rally_days", r->rally_days);
    wrl_set_int(L, "unformed_days", r->unformed_days);
    wrl_set_int(L, "stragglers", r->stragglers);
    wrl_set_int(L, "escort_lost", r->escort_lost);
}

/* Pushes {[index] = {day =, points_left =}} by map:index(), from 0. */
static void push_field(lua_State *L, const wr_arrival *field, size_t n)
{
    lua_createtable(L, (int)n, 1);
    for (size_t i = 0; i < n; i++) {
        lua_createtable(L, 0, 2);
        wrl_set_int(L, "day", field[i].day);
        wrl_set_int(L, "points_left", field[i].points_left);
        lua_rawseti(L, -2, (lua_Integer)i);
    }
}

/* field(map, params, from) -> {[index] = {day =, points_left =}} by map:index(), from 0 */
/* hand-written: a Lua idiom: a result as large as the map, indexed from 0 like map:index() */
static int planner_field(lua_State *L)
{
    wr_planner *p = wrl_check_mutable(L, 1, PLANNER_MT);
    wr_map *m = wrl_check_handle(L, 2, MAP_MT);
    wr_plan_params params;
    check_params(L, 3, &params);
    wr_hex from = wrl_hex(L, 4);
    int w = 0, h = 0;
    wrl_check(L, wr_map_size(m, &w, &h), "Planner:field");
    size_t n = (size_t)w * (size_t)h;
    wr_arrival *field = lua_newuserdatauv(L, sizeof *field * (n ? n : 1), 0);
    wrl_check(L, wr_planner_field(p, m, &params, from, field, n), "Planner:field");
    push_field(L, field, n);
    return 1;
}

/* Protected: (planner, node, out, capacity) -> the count, from moves(node). */
/* hand-written: a callback: the protected call of a graph's Lua moves function */
static int moves_call(lua_State *L)
{
    wr_plan_edge *out = lua_touserdata(L, 3);
    int capacity = (int)lua_tointeger(L, 4);
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_pushvalue(L, 2);
    lua_call(L, 1, 1);
    if (lua_type(L, -1) != LUA_TTABLE)
        return wrl_fail(L, "WR_ERR_INVALID: graph.moves must return a sequence of moves, got %s",
                        luaL_typename(L, -1));
    int list = lua_gettop(L);
    size_t n = (size_t)lua_rawlen(L, list);
    if (n > (size_t)capacity)
        return wrl_fail(L, "WR_ERR_INVALID: graph.moves returned %d moves, at most %d", (int)n, capacity);
    for (size_t i = 0; i < n; i++) {
        wr_plan_edge e;
        memset(&e, 0, sizeof e);
        lua_rawgeti(L, list, (lua_Integer)i + 1);
        wrl_read_struct(L, -1, "a move", &e, edge_fields);
        out[i] = e;
        lua_pop(L, 1);
    }
    lua_pushinteger(L, (lua_Integer)n);
    return 1;
}

/* Protected: (planner, node, hex out) -> node_hex(node). */
/* hand-written: a callback: the protected call of a graph's Lua node_hex function */
static int node_hex_call(lua_State *L)
{
    wr_hex *out = lua_touserdata(L, 3);
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_pushvalue(L, 2);
    lua_call(L, 1, 1);
    *out = wrl_hex(L, -1);
    return 0;
}

/* Calls the closure at stack index `closure` (moves_call or node_hex_call,
   made before the library call, holding the Lua function as its upvalue)
   under lua_pcall; keeps the first error in errslot and returns 0 then. */
static int run_protected(planner_box *pb, int closure, int32_t node, void *out, int capacity, lua_Integer *result)
{
    lua_State *L = pb->L;
    if (L == NULL || pb->failed || !lua_checkstack(L, 6))
        return 0;
    lua_pushvalue(L, closure);
    lua_pushlightuserdata(L, pb);
    lua_pushinteger(L, node);
    lua_pushlightuserdata(L, out);
    lua_pushinteger(L, capacity);
    if (lua_pcall(L, 4, 1, 0) != LUA_OK) {
        lua_replace(L, pb->errslot);
        pb->failed = 1;
        return 0;
    }
    *result = lua_tointeger(L, -1);
    lua_pop(L, 1);
    return 1;
}

static int graph_moves(void *user, int32_t node, wr_plan_edge *out, int capacity)
{
    planner_box *pb = user;
    lua_Integer n = 0;
    if (!run_protected(pb, pb->moves, node, out, capacity, &n))
        return -1; /* stops the plan with WR_ERR_INVALID; the error is raised after */
    return (int)n;
}

static wr_hex graph_node_hex(void *user, int32_t node)
{
    planner_box *pb = user;
    wr_hex h = {node, 0};
    lua_Integer ignored = 0;
    if (!run_protected(pb, pb->node_hex, node, &h, 0, &ignored)) {
        h.q = node;
        h.r = 0;
    }
    return h;
}

/* route_graph(graph, params, from, to): graph = {node_count =, moves = function(node)
   returning {{to =, points =, days =, flags =}, ...}, node_hex = function(node)
   returning a hex (optional)}. */
/* hand-written: a callback: a graph given by Lua functions, called under lua_pcall */
static int planner_route_graph(lua_State *L)
{
    static const char *const fields[] = {"node_count", "moves", "node_hex", NULL};
    wrl_check_mutable(L, 1, PLANNER_MT);
    planner_box *pb = lua_touserdata(L, 1);
    wrl_check_table(L, 2);
    wrl_only_fields(L, 2, "a graph", fields);
    wr_plan_params params;
    check_params(L, 3, &params);
    int32_t from = (int32_t)wrl_int(L, 4), to = (int32_t)wrl_int(L, 5);
    wr_plan_graph g;
    memset(&g, 0, sizeof g);
    int count = 0;
    if (lua_getfield(L, 2, "node_count") == LUA_TNIL)
        return wrl_fail(L, "WR_ERR_INVALID: a graph needs node_count");
    lua_pop(L, 1);
    wrl_field_int(L, 2, "node_count", &count);
    g.node_count = count;
    if (lua_getfield(L, 2, "moves") != LUA_TFUNCTION)
        return wrl_fail(L, "WR_ERR_INVALID: graph.moves must be a function");
    lua_pushcclosure(L, moves_call, 1);
    int moves = lua_gettop(L);
    int node_hex = 0;
    int t = lua_getfield(L, 2, "node_hex");
    if (t == LUA_TFUNCTION) {
        lua_pushcclosure(L, node_hex_call, 1);
        node_hex = lua_gettop(L);
    } else if (t != LUA_TNIL) {
        return wrl_fail(L, "WR_ERR_INVALID: graph.node_hex must be a function or nil");
    } else {
        lua_pop(L, 1);
    }
    g.moves = graph_moves;
    g.node_hex = node_hex != 0 ? graph_node_hex : NULL;
    g.user = pb;
    wr_route r;
    lua_pushnil(L);
    pb->errslot = lua_gettop(L);
    pb->moves = moves;
    pb->node_hex = node_hex;
    pb->failed = 0;
    pb->L = L;
    pb->box.busy++;
    wr_status st = wr_planner_route_graph(pb->box.ptr, &g, &params, from, to, &r);
    pb->box.busy--;
    pb->L = NULL;
    if (pb->failed) {
        pb->failed = 0;
        lua_pushvalue(L, pb->errslot);
        return lua_error(L);
    }
    wrl_check(L, st, "Planner:route_graph");
    push_route(L, &r);
    return 1;
}

/* ---- plans from a force's state, with per-query constraints ---------------- */

/* Sets bit i of a blocked set. */
static void set_bit(uint8_t *bits, size_t i)
{
    bits[i / 8u] = (uint8_t)(bits[i / 8u] | (1u << (i % 8u)));
}

/* Reads query.blocked_hexes (at the top of the stack: a sequence of hexes or
   map indices) into a new bitset left on the stack. */
static const uint8_t *read_blocked_hexes(lua_State *L, const wr_map *m, size_t count, size_t *size,
                                         const char *what)
{
    int list = lua_gettop(L);
    if (lua_type(L, list) != LUA_TTABLE)
        wrl_fail(L, "WR_ERR_INVALID: query.blocked_hexes must be a sequence of hexes, got %s",
                 luaL_typename(L, list));
    *size = (count + 7u) / 8u;
    uint8_t *bits = lua_newuserdatauv(L, *size ? *size : 1u, 0);
    memset(bits, 0, *size ? *size : 1u);
    size_t n = (size_t)lua_rawlen(L, list);
    for (size_t i = 1; i <= n; i++) {
        int type = lua_rawgeti(L, list, (lua_Integer)i);
        int32_t index = 0;
        if (type == LUA_TNUMBER) {
            lua_Integer v = wrl_integer(L, -1);
            wr_hex h;
            if (v < INT32_MIN || v > INT32_MAX)
                wrl_fail(L, "WR_ERR_RANGE: query.blocked_hexes[%d] is not a map index", (int)i);
            lua_pushfstring(L, "%s: query.blocked_hexes[%d]", what, (int)i);
            wrl_check(L, wr_map_hex(m, (int32_t)v, &h), lua_tostring(L, -1));
            lua_pop(L, 1);
            index = (int32_t)v;
        } else if (type == LUA_TTABLE) {
            wr_hex h = wrl_hex(L, -1);
            lua_pushfstring(L, "%s: query.blocked_hexes[%d]", what, (int)i);
            wrl_check(L, wr_map_index(m, h, &index), lua_tostring(L, -1));
            lua_pop(L, 1);
        } else {
            wrl_fail(L, "WR_ERR_INVALID: query.blocked_hexes[%d] must be a hex or a map index, got %s",
                     (int)i, luaL_typename(L, -1));
        }
        set_bit(bits, (size_t)index);
        lua_pop(L, 1);
    }
    return bits;
}

/* Reads query.blocked_sides (at the top of the stack: a sequence of {hex,
   direction} pairs or map:side_index() numbers) into a new bitset left on the stack. */
static const uint8_t *read_blocked_sides(lua_State *L, const wr_map *m, size_t count, size_t *size,
                                         const char *what)
{
    static const char *const pair_fields[] = {"hex", "direction", NULL};
    int list = lua_gettop(L);
    if (lua_type(L, list) != LUA_TTABLE)
        wrl_fail(L, "WR_ERR_INVALID: query.blocked_sides must be a sequence of {hex, direction}, got %s",
                 luaL_typename(L, list));
    *size = (3u * count + 7u) / 8u;
    uint8_t *bits = lua_newuserdatauv(L, *size ? *size : 1u, 0);
    memset(bits, 0, *size ? *size : 1u);
    size_t n = (size_t)lua_rawlen(L, list);
    for (size_t i = 1; i <= n; i++) {
        int type = lua_rawgeti(L, list, (lua_Integer)i);
        int item = lua_gettop(L);
        int32_t index = 0;
        if (type == LUA_TNUMBER) {
            lua_Integer v = wrl_integer(L, item);
            if (v < 0 || (unsigned long long)v >= 3u * (unsigned long long)count)
                wrl_fail(L, "WR_ERR_RANGE: query.blocked_sides[%d] = %s is not a side index (0..%d)", (int)i,
                         luaL_tolstring(L, item, NULL), (int)(3u * count - 1u));
            index = (int32_t)v;
        } else if (type == LUA_TTABLE) {
            if (lua_rawlen(L, item) == 2) { /* {hex, direction} */
                lua_rawgeti(L, item, 1);
                lua_rawgeti(L, item, 2);
            } else {                        /* {hex =, direction =} */
                wrl_only_fields(L, item, "a blocked side", pair_fields);
                lua_getfield(L, item, "hex");
                lua_getfield(L, item, "direction");
            }
            if (lua_type(L, -2) != LUA_TTABLE || lua_type(L, -1) != LUA_TNUMBER)
                wrl_fail(L, "WR_ERR_INVALID: query.blocked_sides[%d] must be {hex, direction}", (int)i);
            wr_hex h = wrl_hex(L, -2);
            int dir = wrl_int(L, -1);
            lua_pop(L, 2);
            lua_pushfstring(L, "%s: query.blocked_sides[%d]", what, (int)i);
            wrl_check(L, wr_map_hexside_index(m, h, dir, &index), lua_tostring(L, -1));
            lua_pop(L, 1);
        } else {
            wrl_fail(L, "WR_ERR_INVALID: query.blocked_sides[%d] must be {hex, direction} or a side index, got %s",
                     (int)i, luaL_typename(L, item));
        }
        set_bit(bits, (size_t)index);
        lua_pop(L, 1);
    }
    return bits;
}

/* Protected: (from, to) -> 1 or 0, from blocked(from, to) (upvalue 1): nil,
   false and 0 are "not blocked", true and other numbers "blocked". */
/* hand-written: a callback: the protected call of a query's Lua `blocked` function */
static int blocked_call(lua_State *L)
{
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_pushvalue(L, 1);
    lua_pushvalue(L, 2);
    lua_call(L, 2, 1);
    int type = lua_type(L, -1), blocked = 0;
    if (type == LUA_TBOOLEAN || type == LUA_TNIL) {
        blocked = lua_toboolean(L, -1);
    } else if (type == LUA_TNUMBER) {
        long long v = 0;
        if (wrl_tointeger(L, -1, &v) != 0)
            return wrl_fail(L, "WR_ERR_RANGE: query.blocked returned %s, not a truth value",
                            luaL_tolstring(L, -1, NULL));
        blocked = v != 0;
    } else {
        return wrl_fail(L, "WR_ERR_INVALID: query.blocked must return a boolean, got %s",
                        luaL_typename(L, -1));
    }
    lua_pushinteger(L, blocked);
    return 1;
}

/* The query's callback: runs blocked_call under lua_pcall; after an error
   (kept in errslot) every move is blocked and Lua is not called again. */
static int query_blocked(void *user, int32_t from, int32_t to)
{
    planner_box *pb = user;
    lua_State *L = pb->L;
    if (L == NULL || pb->failed)
        return 1;
    if (!lua_checkstack(L, 4)) {
        pb->failed = 1; /* errslot stays nil: raised as WR_ERR_NOMEM */
        return 1;
    }
    lua_pushvalue(L, pb->blocked);
    lua_pushinteger(L, from);
    lua_pushinteger(L, to);
    if (lua_pcall(L, 2, 1, 0) != LUA_OK) {
        lua_replace(L, pb->errslot);
        pb->failed = 1;
        return 1;
    }
    int blocked = lua_tointeger(L, -1) != 0;
    lua_pop(L, 1);
    return blocked;
}

/* Reads the query at arg (none or nil: a zero query) into *q and *start.
   Bitsets and the blocked closure stay on the stack for the call; returns
   the closure's stack index, or 0. */
static int read_query(lua_State *L, int arg, const wr_map *m, wr_plan_query *q, wr_force_state *start,
                      const char *what)
{
    static const char *const fields[] = {"start", "objective", "blocked_hexes", "blocked_sides", "blocked",
                                         NULL};
    memset(q, 0, sizeof *q);
    if (lua_isnoneornil(L, arg))
        return 0;
    wrl_check_table(L, arg);
    wrl_only_fields(L, arg, "a plan query", fields);
    if (lua_getfield(L, arg, "start") != LUA_TNIL) {
        read_force(L, -1, start);
        q->start = start;
    }
    lua_pop(L, 1);
    wrl_field_int(L, arg, "objective", &q->objective);
    int w = 0, h = 0;
    wrl_check(L, wr_map_size(m, &w, &h), what);
    size_t count = (size_t)w * (size_t)h;
    if (lua_getfield(L, arg, "blocked_hexes") != LUA_TNIL)
        q->blocked_hexes = read_blocked_hexes(L, m, count, &q->blocked_hexes_size, what);
    if (lua_getfield(L, arg, "blocked_sides") != LUA_TNIL)
        q->blocked_sides = read_blocked_sides(L, m, count, &q->blocked_sides_size, what);
    int type = lua_getfield(L, arg, "blocked");
    if (type == LUA_TNIL)
        return 0;
    if (type != LUA_TFUNCTION)
        return wrl_fail(L, "WR_ERR_INVALID: query.blocked must be a function(from_index, to_index), got %s",
                        luaL_typename(L, -1));
    lua_pushcclosure(L, blocked_call, 1);
    q->blocked = query_blocked;
    return lua_gettop(L);
}

/* Runs a plan or field call (call(pb, q, out)) with the query's callback
   under lua_pcall: the planner and the map are busy meanwhile; a Lua
   error in the callback is raised unchanged afterwards. */
typedef wr_status (*query_fn)(planner_box *pb, const wr_map *m, const wr_plan_params *params,
                              const wr_plan_query *q, wr_hex from, wr_hex to, void *out, size_t n);

static wr_status plan_call(planner_box *pb, const wr_map *m, const wr_plan_params *params,
                           const wr_plan_query *q, wr_hex from, wr_hex to, void *out, size_t n)
{
    (void)n;
    return wr_planner_plan(pb->box.ptr, m, params, q, from, to, out);
}

static wr_status field_call(planner_box *pb, const wr_map *m, const wr_plan_params *params,
                            const wr_plan_query *q, wr_hex from, wr_hex to, void *out, size_t n)
{
    (void)to;
    return wr_planner_plan_field(pb->box.ptr, m, params, q, from, out, n);
}

static void run_query(lua_State *L, query_fn call, int blocked, wr_plan_query *q, const wr_plan_params *params,
                      wr_hex from, wr_hex to, void *out, size_t n, const char *what)
{
    planner_box *pb = lua_touserdata(L, 1);
    wrl_box *map_box = lua_touserdata(L, 2);
    const wr_map *m = map_box->ptr;
    q->user = pb;
    lua_pushnil(L);
    pb->errslot = lua_gettop(L);
    pb->blocked = blocked;
    pb->failed = 0;
    pb->L = L;
    pb->box.busy++;
    map_box->busy++;
    wr_status st = call(pb, m, params, q, from, to, out, n);
    map_box->busy--;
    pb->box.busy--;
    pb->L = NULL;
    pb->blocked = 0;
    if (pb->failed) {
        pb->failed = 0;
        wr_last_error_clear();
        if (lua_isnil(L, pb->errslot))
            wrl_fail(L, "WR_ERR_NOMEM: %s: no Lua stack left for query.blocked", what);
        lua_pushvalue(L, pb->errslot);
        lua_error(L);
    }
    wrl_check(L, st, what);
}

static void push_plan(lua_State *L, const wr_plan_result *res)
{
    lua_createtable(L, 0, 3);
    push_route(L, &res->route);
    lua_setfield(L, -2, "route");
    push_edges(L, res->moves, res->route.step_count);
    lua_setfield(L, -2, "moves");
    push_force(L, &res->arrival);
    lua_setfield(L, -2, "arrival");
}

/* plan(map, params, from, to, query) -> {route =, moves =, arrival =}, or nil
   when no route exists; query = {start = a force state, objective =,
   blocked_hexes = {hex, ...}, blocked_sides = {{hex, direction}, ...},
   blocked = function(from_index, to_index) -> true when blocked}, or nil. */
/* hand-written: a callback: the query's Lua `blocked` function runs under lua_pcall while the planner is busy */
static int planner_plan(lua_State *L)
{
    wrl_check_mutable(L, 1, PLANNER_MT);
    wr_map *m = wrl_check_handle(L, 2, MAP_MT);
    wr_plan_params params;
    check_params(L, 3, &params);
    wr_hex from = wrl_hex(L, 4), to = wrl_hex(L, 5);
    wr_plan_query q;
    wr_force_state start;
    int blocked = read_query(L, 6, m, &q, &start, "Planner:plan");
    wr_plan_result res;
    memset(&res, 0, sizeof res);
    run_query(L, plan_call, blocked, &q, &params, from, to, &res, 0, "Planner:plan");
    if (res.outcome == WR_PLAN_NO_ROUTE) {
        lua_pushnil(L);
        return 1;
    }
    push_plan(L, &res);
    return 1;
}

/* plan_field(map, params, from, query) -> as field(), from a force's state */
/* hand-written: a callback: the query's Lua `blocked` function runs under lua_pcall while the planner is busy */
static int planner_plan_field(lua_State *L)
{
    wrl_check_mutable(L, 1, PLANNER_MT);
    wr_map *m = wrl_check_handle(L, 2, MAP_MT);
    wr_plan_params params;
    check_params(L, 3, &params);
    wr_hex from = wrl_hex(L, 4);
    wr_plan_query q;
    wr_force_state start;
    int blocked = read_query(L, 5, m, &q, &start, "Planner:plan_field");
    int w = 0, h = 0;
    wrl_check(L, wr_map_size(m, &w, &h), "Planner:plan_field");
    size_t n = (size_t)w * (size_t)h;
    wr_arrival *field = lua_newuserdatauv(L, sizeof *field * (n ? n : 1), 0);
    run_query(L, field_call, blocked, &q, &params, from, from, field, n, "Planner:plan_field");
    push_field(L, field, n);
    return 1;
}

/* ---- where forces meet (1.2): intercept() and danger() ------------------- */

/* One query's blocked function, when a call reads several queries (the
   force's and the enemy's, or every force of a danger field). */
typedef struct query_cb {
    planner_box *pb;
    int blocked; /* stack index of its closure */
} query_cb;

/* As query_blocked(), for the closure of one query among several. */
static int query_blocked_each(void *user, int32_t from, int32_t to)
{
    query_cb *c = user;
    planner_box *pb = c->pb;
    lua_State *L = pb->L;
    if (L == NULL || pb->failed)
        return 1;
    if (!lua_checkstack(L, 4)) {
        pb->failed = 1;
        return 1;
    }
    lua_pushvalue(L, c->blocked);
    lua_pushinteger(L, from);
    lua_pushinteger(L, to);
    if (lua_pcall(L, 2, 1, 0) != LUA_OK) {
        lua_replace(L, pb->errslot);
        pb->failed = 1;
        return 1;
    }
    int blocked = lua_tointeger(L, -1) != 0;
    lua_pop(L, 1);
    return blocked;
}

/* Reads a query (nil: a zero query) at stack index t into *q, with its
   blocked function, if any, called through *cb. */
static void read_query_each(lua_State *L, int t, const wr_map *m, wr_plan_query *q, wr_force_state *start,
                            query_cb *cb, planner_box *pb, const char *what)
{
    int blocked = read_query(L, lua_absindex(L, t), m, q, start, what);
    if (blocked) {
        cb->pb = pb;
        cb->blocked = blocked;
        q->blocked = query_blocked_each;
        q->user = cb;
    }
}

/* Reads a force to plan (a table {params =, from =, to =, query =}) at
   stack index t; what it needs stays on the stack. */
static void read_planned_force(lua_State *L, int t, const wr_map *m, wr_force_desc *d, planner_box *pb,
                               int with_to, const char *what)
{
    static const char *const fields[] = {"params", "from", "to", "query", NULL};
    t = lua_absindex(L, t);
    luaL_checkstack(L, 32, "Planner: too many forces");
    if (lua_type(L, t) != LUA_TTABLE)
        wrl_fail(L, "WR_ERR_INVALID: %s: a force must be a table {params =, from =, to =, query =}, got %s",
                 what, luaL_typename(L, t));
    wrl_only_fields(L, t, "a force", fields);
    wr_plan_params *params = lua_newuserdatauv(L, sizeof *params, 0);
    wr_plan_query *q = lua_newuserdatauv(L, sizeof *q, 0);
    wr_force_state *start = lua_newuserdatauv(L, sizeof *start, 0);
    query_cb *cb = lua_newuserdatauv(L, sizeof *cb, 0);
    if (lua_getfield(L, t, "params") == LUA_TNIL)
        wrl_fail(L, "WR_ERR_NULL: %s: a force needs its params", what);
    check_params(L, -1, params);
    if (lua_getfield(L, t, "from") == LUA_TNIL)
        wrl_fail(L, "WR_ERR_INVALID: %s: a force needs its hex, from", what);
    d->from = wrl_hex(L, -1);
    if (with_to) {
        if (lua_getfield(L, t, "to") == LUA_TNIL)
            wrl_fail(L, "WR_ERR_INVALID: %s: an enemy to plan needs its target, to", what);
        d->to = wrl_hex(L, -1);
    }
    lua_getfield(L, t, "query");
    read_query_each(L, -1, m, q, start, cb, pb, what);
    d->params = params;
    d->query = q;
}

/* Reads the enemy at stack index t: {positions = {{hex, day}, ...}} or a force to plan. */
static void read_enemy(lua_State *L, int t, const wr_map *m, wr_force_desc *d, planner_box *pb)
{
    static const char *const pair_fields[] = {"hex", "day", NULL};
    t = lua_absindex(L, t);
    memset(d, 0, sizeof *d);
    if (lua_type(L, t) == LUA_TTABLE && lua_getfield(L, t, "positions") != LUA_TNIL) {
        static const char *const fields[] = {"positions", NULL};
        wrl_only_fields(L, t, "an enemy by positions", fields);
        int list = lua_gettop(L);
        if (lua_type(L, list) != LUA_TTABLE)
            wrl_fail(L, "WR_ERR_INVALID: enemy.positions must be a sequence of {hex, day}, got %s",
                     luaL_typename(L, list));
        size_t n = (size_t)lua_rawlen(L, list);
        wr_force_position *pos = lua_newuserdatauv(L, sizeof *pos * (n ? n : 1u), 0);
        for (size_t i = 1; i <= n; i++) {
            if (lua_rawgeti(L, list, (lua_Integer)i) != LUA_TTABLE)
                wrl_fail(L, "WR_ERR_INVALID: enemy.positions[%d] must be {hex, day}", (int)i);
            int item = lua_gettop(L);
            if (lua_rawlen(L, item) == 2) {
                lua_rawgeti(L, item, 1);
                lua_rawgeti(L, item, 2);
            } else {
                wrl_only_fields(L, item, "a position", pair_fields);
                lua_getfield(L, item, "hex");
                lua_getfield(L, item, "day");
            }
            if (lua_type(L, -2) != LUA_TTABLE || lua_type(L, -1) != LUA_TNUMBER)
                wrl_fail(L, "WR_ERR_INVALID: enemy.positions[%d] must be {hex, day}", (int)i);
            pos[i - 1].hex = wrl_hex(L, -2);
            pos[i - 1].day = wrl_int(L, -1);
            lua_pop(L, 3);
        }
        d->positions = pos;
        d->position_count = n;
        return;
    }
    if (lua_type(L, t) == LUA_TTABLE)
        lua_pop(L, 1);
    read_planned_force(L, t, m, d, pb, 1, "Planner:intercept");
}

/* Runs call(ctx) with the planner and the map busy and the queries'
   functions callable; raises a function's error, then the call's status. */
static void run_guarded(lua_State *L, wr_status (*call)(void *ctx), void *ctx, const char *what)
{
    planner_box *pb = lua_touserdata(L, 1);
    wrl_box *map_box = lua_touserdata(L, 2);
    lua_pushnil(L);
    pb->errslot = lua_gettop(L);
    pb->failed = 0;
    pb->L = L;
    pb->box.busy++;
    map_box->busy++;
    wr_status st = call(ctx);
    map_box->busy--;
    pb->box.busy--;
    pb->L = NULL;
    if (pb->failed) {
        pb->failed = 0;
        wr_last_error_clear();
        if (lua_isnil(L, pb->errslot))
            wrl_fail(L, "WR_ERR_NOMEM: %s: no Lua stack left for query.blocked", what);
        lua_pushvalue(L, pb->errslot);
        lua_error(L);
    }
    wrl_check(L, st, what);
}

typedef struct intercept_call {
    wr_planner *planner;
    const wr_map *map;
    const wr_plan_params *params;
    const wr_plan_query *query;
    wr_hex from;
    const wr_force_desc *enemy;
    const wr_intercept_params *how;
    wr_intercept_result *result;
} intercept_call;

static wr_status do_intercept(void *ctx)
{
    intercept_call *c = ctx;
    return wr_planner_intercept(c->planner, c->map, c->params, c->query, c->from, c->enemy, c->how,
                                c->result);
}

/* intercept(map, params, from, enemy, how, query) -> {found =, day =,
   during_own_move =, hex =, enemy_hex =, enemy_index =, non_rallied =,
   contact =, plan =, enemy_plan =}: enemy = {positions = {{hex, day}, ...}}
   or {params =, from =, to =, query =}; how = {objective =, meeting =,
   order =, guard =} (nil: all zero); query as for plan() (its objective is
   not read). found = false when no contact meets the objective (then only
   enemy_plan is set). enemy_index counts from 1 (positions[i], route.steps[i]). */
/* hand-written: a callback: both forces' queries may run Lua `blocked` functions under lua_pcall */
static int planner_intercept(lua_State *L)
{
    static const char *const how_fields[] = {"objective", "meeting", "order", "guard", NULL};
    planner_box *pb = lua_touserdata(L, 1);
    wr_planner *p = wrl_check_mutable(L, 1, PLANNER_MT);
    wr_map *m = wrl_check_handle(L, 2, MAP_MT);
    wr_plan_params params;
    check_params(L, 3, &params);
    wr_hex from = wrl_hex(L, 4);
    wr_intercept_params how;
    memset(&how, 0, sizeof how);
    if (!lua_isnoneornil(L, 6)) {
        wrl_check_table(L, 6);
        wrl_only_fields(L, 6, "intercept's how", how_fields);
        wrl_field_int(L, 6, "objective", &how.objective);
        wrl_field_int(L, 6, "meeting", &how.meeting);
        wrl_field_int(L, 6, "order", &how.order);
        if (lua_getfield(L, 6, "guard") != LUA_TNIL)
            how.guard = wrl_hex(L, -1);
        lua_pop(L, 1);
    }
    lua_settop(L, 7);
    wr_plan_query q;
    wr_force_state start;
    query_cb cb;
    read_query_each(L, 7, m, &q, &start, &cb, pb, "Planner:intercept");
    wr_force_desc enemy;
    read_enemy(L, 5, m, &enemy, pb);
    wr_intercept_result res;
    memset(&res, 0, sizeof res);
    intercept_call c = {p, m, &params, &q, from, &enemy, &how, &res};
    run_guarded(L, do_intercept, &c, "Planner:intercept");
    lua_createtable(L, 0, 10);
    lua_pushboolean(L, res.outcome == WR_INTERCEPT_FOUND);
    lua_setfield(L, -2, "found");
    if (res.enemy_plan.outcome == WR_PLAN_FOUND && res.enemy_plan.route.step_count > 0) {
        push_plan(L, &res.enemy_plan);
        lua_setfield(L, -2, "enemy_plan");
    }
    if (res.outcome != WR_INTERCEPT_FOUND)
        return 1;
    wrl_set_int(L, "day", res.day);
    lua_pushboolean(L, res.during_own_move);
    lua_setfield(L, -2, "during_own_move");
    wrl_push_hex(L, res.hex);
    lua_setfield(L, -2, "hex");
    wrl_push_hex(L, res.enemy_hex);
    lua_setfield(L, -2, "enemy_hex");
    wrl_set_int(L, "enemy_index", (long long)res.enemy_index + 1);
    lua_pushboolean(L, res.non_rallied);
    lua_setfield(L, -2, "non_rallied");
    push_force(L, &res.contact);
    lua_setfield(L, -2, "contact");
    push_plan(L, &res.plan);
    lua_setfield(L, -2, "plan");
    return 1;
}

typedef struct danger_call {
    wr_planner *planner;
    const wr_map *map;
    const wr_force_desc *forces;
    size_t force_count;
    wr_danger *field;
    size_t count;
} danger_call;

static wr_status do_danger(void *ctx)
{
    danger_call *c = ctx;
    return wr_planner_danger(c->planner, c->map, c->forces, c->force_count, c->field, c->count);
}

/* danger(map, forces) -> {[index] = {day =, points_left =, force =}} by
   map:index() from 0: forces = {{params =, from =, query =}, ...}; force
   counts from 1 (0 where no force reaches the hex, day -1). */
/* hand-written: a callback: each force's query may run a Lua `blocked` function under lua_pcall */
static int planner_danger(lua_State *L)
{
    planner_box *pb = lua_touserdata(L, 1);
    wr_planner *p = wrl_check_mutable(L, 1, PLANNER_MT);
    wr_map *m = wrl_check_handle(L, 2, MAP_MT);
    wrl_check_table(L, 3);
    lua_settop(L, 3);
    size_t nf = (size_t)lua_rawlen(L, 3);
    wr_force_desc *forces = lua_newuserdatauv(L, sizeof *forces * (nf ? nf : 1u), 0);
    memset(forces, 0, sizeof *forces * (nf ? nf : 1u));
    for (size_t i = 1; i <= nf; i++) {
        lua_rawgeti(L, 3, (lua_Integer)i);
        read_planned_force(L, -1, m, &forces[i - 1], pb, 0, "Planner:danger");
    }
    int w = 0, h = 0;
    wrl_check(L, wr_map_size(m, &w, &h), "Planner:danger");
    size_t n = (size_t)w * (size_t)h;
    wr_danger *field = lua_newuserdatauv(L, sizeof *field * (n ? n : 1u), 0);
    danger_call c = {p, m, forces, nf, field, n};
    run_guarded(L, do_danger, &c, "Planner:danger");
    lua_createtable(L, (int)n, 1);
    for (size_t i = 0; i < n; i++) {
        lua_createtable(L, 0, 3);
        wrl_set_int(L, "day", field[i].day);
        wrl_set_int(L, "points_left", field[i].points_left);
        wrl_set_int(L, "force", (long long)field[i].force + 1);
        lua_rawseti(L, -2, (lua_Integer)i);
    }
    return 1;
}

/* moves_from(params, here, neighbors, sides, nodes) -> edges: neighbors and
   sides are tables indexed by direction 0..5 (hex_desc and side tables),
   nodes likewise (integers). */
/* hand-written: a Lua idiom: neighbours, sides and nodes as tables indexed by direction 0..5 */
static int l_moves_from(lua_State *L)
{
    wr_plan_params p;
    check_params(L, 1, &p);
    wr_hex_desc here, nb[6];
    wr_hexside sides[6];
    int32_t nodes[6];
    memset(&here, 0, sizeof here);
    memset(nb, 0, sizeof nb);
    memset(sides, 0, sizeof sides);
    memset(nodes, 0, sizeof nodes);
    here.downstream = WR_NO_WATERCOURSE;
    wrl_read_struct(L, 2, "a hex_desc", &here, hex_desc_fields);
    for (int arg = 3; arg <= 5; arg++)
        wrl_check_table(L, arg);
    for (int d = 0; d < 6; d++) {
        nb[d].downstream = WR_NO_WATERCOURSE;
        if (lua_rawgeti(L, 3, d) != LUA_TNIL)
            wrl_read_struct(L, -1, "a hex_desc", &nb[d], hex_desc_fields);
        if (lua_rawgeti(L, 4, d) != LUA_TNIL)
            wrl_read_struct(L, -1, "a side", &sides[d], side_fields);
        if (lua_rawgeti(L, 5, d) != LUA_TNIL) {
            lua_Integer v = wrl_integer(L, -1);
            if (v < INT32_MIN || v > INT32_MAX)
                wrl_fail(L, "WR_ERR_RANGE: nodes[%d] does not fit in 32 bits", d);
            nodes[d] = (int32_t)v;
        }
        lua_pop(L, 3);
    }
    wr_plan_edge e[WR_PLAN_MAX_EDGES];
    size_t n = 0;
    wrl_check(L, wr_hex_desc_moves(&p, &here, nb, sides, nodes, e, WR_PLAN_MAX_EDGES, &n), "moves_from");
    push_edges(L, e, n);
    return 1;
}

/* ---- the functions with structs (X(id, name, args, results, call, struct...)) */

/* A march is a record {daily_points =, points =, day =, marching =, ...}
   (missing fields 0) updated in place; the fields from the header. */
static const wrl_field march_gen_fields[] = {WRL_FIELDS_MARCH};
static const char *const march_truth[] = {"marching", "unformed", "unformed_today", NULL};
static const wrl_struct march_st = {"a march", sizeof(wr_march), march_gen_fields, march_truth, NULL, NULL, NULL, NULL};

/* A force state's missing fields are those of wr_force_start(); a new one
   has the ForceState methods. */
static void force_init(void *base)
{
    (void)wr_force_start(base);
}
static const wrl_field force_gen_fields[] = {WRL_FIELDS_FORCE_STATE};
static const char *const force_truth[] = {"unformed", "unformed_today", "at_rally", "pressing", "far_bank", NULL};
static const wrl_struct force_st = {"a force state", sizeof(wr_force_state), force_gen_fields, force_truth,
                                    force_init, FORCE_MT, NULL, NULL};
/* A side is {river =, crossing =, road =, track =} (missing fields 0). */
static const wrl_field side_gen_fields[] = {WRL_FIELDS_HEXSIDE};
static const char *const side_truth[] = {"road", "track", NULL};
static const wrl_struct side_st = {"a side", sizeof(wr_hexside), side_gen_fields, side_truth, NULL, NULL, NULL, NULL};
/* Costs and planner parameters as their tables (costs.enter by terrain from 0). */
static void costs_push(lua_State *L, const void *c)
{
    push_costs(L, c);
}
static const wrl_struct costs_st = {"costs", sizeof(wr_move_costs), NULL, NULL, NULL, NULL, costs_push, NULL};
static void params_push(lua_State *L, const void *p)
{
    push_params(L, p);
}
static const wrl_struct params_st = {"plan params", sizeof(wr_plan_params), NULL, NULL, NULL, NULL, params_push, NULL};
/* Arguments read by their helpers: costs (land_entry: missing fields 0),
   plan params (over the mover's defaults); a route as push_route gives it. */
static void costs_read(lua_State *L, int arg, void *c)
{
    read_costs(L, arg, c);
}
static const wrl_struct costs_in_st = {"costs", sizeof(wr_move_costs), NULL, NULL, NULL, NULL, NULL, costs_read};
static void params_read(lua_State *L, int arg, void *p)
{
    check_params(L, arg, p);
}
static const wrl_struct params_in_st = {"plan params", sizeof(wr_plan_params), NULL, NULL, NULL, NULL, NULL,
                                        params_read};
static void route_push(lua_State *L, const void *r)
{
    push_route(L, r);
}
static const wrl_struct route_st = {"a route", sizeof(wr_route), NULL, NULL, NULL, NULL, route_push, NULL};
/* The moves out of a hex, as push_edges gives them. */
typedef struct edge_list {
    wr_plan_edge e[WR_PLAN_MAX_EDGES];
    size_t n;
} edge_list;
static void edges_push(lua_State *L, const void *base)
{
    const edge_list *l = base;
    push_edges(L, l->e, l->n);
}
static const wrl_struct edges_st = {"moves", sizeof(edge_list), NULL, NULL, NULL, NULL, edges_push, NULL};
#define EDGES(v) (((edge_list *)(v).p)->e), WR_PLAN_MAX_EDGES, &((edge_list *)(v).p)->n
/* hex_ring(center, radius), hex_range(center, radius), hex_line(a, b): a
   Lua sequence of hexes (the library says how many first). */
static void hex_push(lua_State *L, const void *h)
{
    wrl_push_hex(L, *(const wr_hex *)h);
}
static const wrl_struct hexes_st = {"hexes", sizeof(wr_hex), NULL, NULL, NULL, NULL, hex_push, NULL};
/* reachable(map, params, from, days) -> a sequence of hexes in order of
   arrival: the planner's own array (valid until its next call), copied. */
typedef struct hex_view {
    const wr_hex *v;
    size_t n;
} hex_view;
static void hex_view_push(lua_State *L, const void *base)
{
    const hex_view *h = base;
    lua_createtable(L, (int)h->n, 0);
    for (size_t i = 0; i < h->n; i++) {
        wrl_push_hex(L, h->v[i]);
        lua_rawseti(L, -2, (lua_Integer)i + 1);
    }
}
static const wrl_struct hex_view_st = {"hexes", sizeof(hex_view), NULL, NULL, NULL, NULL, hex_view_push, NULL};
#define HEX_VIEW(x) &((hex_view *)(x).p)->v, &((hex_view *)(x).p)->n
/* A move is a plan's move {to =, points =, days =, flags =} (missing fields 0). */
static const wrl_field move_fields[] = {WRL_FIELDS_PLAN_EDGE};
static const wrl_struct move_st = {"a move", sizeof(wr_plan_edge), move_fields, NULL, NULL, NULL, NULL, NULL};

/* force_end_day(state, daily_points, halt, figures, half_die): halt false,
   figures 0 and half_die 2 (the planner's mean) when left out. */
#define CAMPAIGN_SFNS(X)                                                                                         \
    X(march_start, "march_start", "i", "t", WRL_CALL_MARCH_START, &march_st)                                     \
    X(march_enter, "march_enter", "mib", "b", WRL_CALL_MARCH_ENTER, &march_st)                                   \
    X(march_end_day, "march_end_day", "mb", "", WRL_CALL_MARCH_END_DAY, &march_st)                               \
    X(march_contact, "march_contact", "m", "b", WRL_CALL_MARCH_CONTACT, &march_st)                               \
    X(march_rally, "march_rally", "m", "", WRL_CALL_MARCH_RALLY, &march_st)                                      \
    X(force_start, "force_start", "", "t", wr_force_start(r[0].p), &force_st)                                    \
    X(force_state, "ForceState", "T", "t", (memcpy(r[0].p, a[0].p, sizeof(wr_force_state)), WR_OK), &force_st,  \
      &force_st)                                                                                                 \
    X(force_check, "force_check", "ti", "", WRL_CALL_FORCE_CHECK, &force_st)                                     \
    X(force_move, "force_move", "mit", "b", WRL_CALL_FORCE_MOVE, &force_st, &move_st)                            \
    X(force_end_day, "force_end_day", "miboo", "i",                                                              \
      wr_force_end_day(a[0].p, a[1].i, a[2].i, a[3].i, a[4].given ? a[4].i : 2, WRL_OUT(0)), &force_st)          \
    X(force_rally, "force_rally", "mi", "", WRL_CALL_FORCE_RALLY, &force_st)                                     \
    X(force_contact, "force_contact", "mi", "b", WRL_CALL_FORCE_CONTACT, &force_st)                             \
    X(hex_ring, "hex_ring", "hi", "l", WRL_CALL_HEX_RING, &hexes_st)                                             \
    X(hex_range, "hex_range", "hi", "l", WRL_CALL_HEX_RANGE, &hexes_st)                                          \
    X(hex_line, "hex_line", "hh", "l", WRL_CALL_HEX_LINE, &hexes_st)                                             \
    X(map_new, "Map", "ii", "+A", WRL_CALL_MAP_NEW_EX, NULL)                                                     \
    X(move_costs_default, "move_costs_default", "i", "t", WRL_CALL_MOVE_COSTS_DEFAULT, &costs_st)                \
    X(plan_params_default, "plan_params_default", "i", "t", WRL_CALL_PLAN_PARAMS_DEFAULT, &params_st)            \
    X(land_entry, "land_entry", "tiuibo", "ib", WRL_CALL_LAND_ENTRY, &costs_in_st)                               \
    X(planner_route, "Planner:route", "!NAthh", "t", WRL_CALL_PLANNER_ROUTE, &params_in_st, &route_st)          \
    X(planner_reachable, "Planner:reachable", "!NAthi", "t",                                                    \
      wr_planner_reachable(a[0].p, a[1].p, a[2].p, a[3].h, a[4].i, HEX_VIEW(r[0])), &params_in_st, &hex_view_st) \
    X(planner_prepare_landmarks, "Planner:prepare_landmarks", "!NAti", "", WRL_CALL_PLANNER_PREPARE_LANDMARKS, &params_in_st) \
    X(map_moves, "Map:moves", "Ath", "t", wr_map_moves(a[0].p, a[1].p, a[2].h, EDGES(r[0])), &params_in_st,    \
      &edges_st)                                                                                                 \
    X(map_set_side, "Map:set_side", "!Ahit", "", WRL_CALL_MAP_SET_HEXSIDE, &side_st)                             \
    X(map_side, "Map:side", "Ahi", "t", WRL_CALL_MAP_HEXSIDE, &side_st)

/* ---- the plain functions, one line each (see warrules_lua.h) ------------- */

#define CAMPAIGN_FNS(X)                                                                                          \
    X(river_crossing, "river_crossing", "iiii", "iii",                                                         \
      wr_river_crossing((wr_arm)a[0].i, (wr_river)a[1].i, (wr_crossing)a[2].i, a[3].i, WRL_OUT(0), WRL_OUT(1), WRL_OUT(2)))                     \
    X(half_die, "half_die", "i", "i", wr_half_die(a[0].i, WRL_OUT(0)))                                          \
    X(stragglers, "stragglers", "ii", "i", wr_stragglers(a[0].i, a[1].i, WRL_OUT(0)))                          \
    X(raft_timber, "raft_timber", "ib", "b", wr_raft_timber(a[0].i, a[1].i, WRL_OUT(0)))                        \
    X(hex_distance, "hex_distance", "hh", "i", wr_hex_distance(a[0].h, a[1].h, WRL_OUT(0)))                     \
    X(hex_neighbor, "hex_neighbor", "hi", "h", wr_hex_neighbor(a[0].h, a[1].i, WRL_OUT(0)))                     \
    X(hex_direction, "hex_direction", "hh", "i", wr_hex_direction(a[0].h, a[1].h, WRL_OUT(0)))                  \
    X(hex_from_offset, "hex_from_offset", "ii", "h", wr_hex_from_offset(a[0].i, a[1].i, WRL_OUT(0)))            \
    X(hex_to_offset, "hex_to_offset", "h", "ii", wr_hex_to_offset(a[0].h, WRL_OUT(0), WRL_OUT(1)))              \
    X(map_size, "Map:size", "A", "ii", wr_map_size(a[0].p, WRL_OUT(0), WRL_OUT(1)))                             \
    X(planner_landmarks, "Planner:landmarks", "N", "iz", WRL_CALL_PLANNER_LANDMARKS)                            \
    X(planner_settled, "Planner:settled", "N", "z", WRL_CALL_PLANNER_SETTLED)                                   \
    X(map_contains, "Map:contains", "Ah", "b", wr_map_has_hex(a[0].p, a[1].h, WRL_OUT(0)))                     \
    X(map_index, "Map:index", "Ah", "I", wr_map_index(a[0].p, a[1].h, WRL_OUT(0)))                              \
    X(map_hex, "Map:hex", "Ai", "h", wr_map_hex(a[0].p, (int32_t)a[1].i, WRL_OUT(0)))                          \
    X(map_set_terrain, "Map:set_terrain", "!Ahi", "", wr_map_set_terrain(a[0].p, a[1].h, (wr_hex_terrain)a[2].i))              \
    X(map_terrain, "Map:terrain", "Ah", "i", wr_map_terrain(a[0].p, a[1].h, WRL_OUT(0)))                        \
    X(map_set_features, "Map:set_features", "!Ahu", "", wr_map_set_features(a[0].p, a[1].h, a[2].u))           \
    X(map_features, "Map:features", "Ah", "u", wr_map_features(a[0].p, a[1].h, WRL_OUT(0)))                     \
    X(map_set_regions, "Map:set_regions", "!Ahu", "", wr_map_set_regions(a[0].p, a[1].h, (uint32_t)a[2].u))    \
    X(map_regions, "Map:regions", "Ah", "U", wr_map_regions(a[0].p, a[1].h, WRL_OUT(0)))                        \
    X(map_set_watercourse, "Map:set_watercourse", "!Ahiu", "",                                                 \
      wr_map_set_watercourse(a[0].p, a[1].h, a[2].i, a[3].u))                                                   \
    X(map_watercourse, "Map:watercourse", "Ah", "iu", wr_map_watercourse(a[0].p, a[1].h, WRL_OUT(0), WRL_OUT(1))) \
    X(map_zone, "Map:zone", "Ah", "i", wr_map_zone(a[0].p, a[1].h, WRL_OUT(0)))                                 \
    X(map_sight, "Map:sight", "Ahh", "b", wr_map_is_visible(a[0].p, a[1].h, a[2].h, WRL_OUT(0)))                     \
    X(map_landing, "Map:landing", "Aih", "i", wr_map_landing(a[0].p, (wr_mover)a[1].i, a[2].h, WRL_OUT(0)))               \
    X(map_on_route, "Map:on_route", "Ahi", "b", wr_map_is_on_route(a[0].p, a[1].h, a[2].i, WRL_OUT(0)))            \
    X(map_side_index, "Map:side_index", "Ahi", "I", wr_map_hexside_index(a[0].p, a[1].h, a[2].i, WRL_OUT(0)))      \
    X(stragglers_gathered, "stragglers_gathered", "iii", "i",                                                  \
      wr_stragglers_gathered(a[0].i, a[1].i, a[2].i, WRL_OUT(0)))                                               \
    X(half_die_roll, "half_die_roll", "!R", "i", wr_half_die_rng(a[0].p, WRL_OUT(0)))                          \
    X(raft_defence, "raft_defence", "ii", "i", wr_raft_defence(a[0].i, a[1].i, WRL_OUT(0)))                     \
    X(getting_lost, "getting_lost", "bbii", "b", wr_getting_lost(a[0].i, a[1].i, a[2].i, a[3].i, WRL_OUT(0)))   \
    X(getting_lost_roll, "getting_lost_roll", "bbi!R", "b",                                                    \
      wr_getting_lost_rng(a[0].i, a[1].i, a[2].i, a[3].p, WRL_OUT(0)))

/* check_rivers() -> RIVERS_OK, or the problem, its water course hex and the
   side at fault (results whose count varies: "|") */
#define CAMPAIGN_VARIABLE_SFNS(X)                                                                                \
    X(map_check_rivers, "Map:check_rivers", "A", "i|hi",                                                       \
      wr_map_check_rivers(a[0].p, WRL_OUT(0), WRL_OUT(1), WRL_OUT(2)), NULL)

/* tostring(handle): X(id, "Type:__tostring", handle, results, call, format) */
#define CAMPAIGN_TOSTRING(X)                                                                                     \
    X(map_tostring, "Map:__tostring", "A", "ii", wr_map_size(a[0].p, WRL_OUT(0), WRL_OUT(1)),                   \
      "warrules.Map(%d x %d)")                                                                                   \
    X(planner_tostring, "Planner:__tostring", "N", "", WR_OK, "warrules.Planner")

CAMPAIGN_FNS(WRL_FN_THUNK)
CAMPAIGN_SFNS(WRL_SFN_THUNK)
CAMPAIGN_TOSTRING(WRL_SFN_THUNK)
CAMPAIGN_VARIABLE_SFNS(WRL_SFN_THUNK)
static const wrl_fn fns[] = {CAMPAIGN_FNS(WRL_FN_ENTRY) CAMPAIGN_SFNS(WRL_SFN_ENTRY)
                                 CAMPAIGN_VARIABLE_SFNS(WRL_SFN_ENTRY)
                                 CAMPAIGN_TOSTRING(WRL_TOSTRING_ENTRY) WRL_FN_END};

/* ---- registration -------------------------------------------------------- */

/* the constants of campaign.h: generated (bindings/gen/gen_bindings.py) */
static const wrl_const consts[] = {WRL_CONSTANTS_CAMPAIGN {NULL, 0}};

void wrl_open_campaign(lua_State *L)
{
    wrl_register_type(L, MAP_MT, "map", NULL, fns, NULL, NULL, NULL);
    static const luaL_Reg planner_methods[] = {
        {"field", planner_field},
        {"route_graph", planner_route_graph}, {"plan", planner_plan}, {"plan_field", planner_plan_field},
        {"intercept", planner_intercept}, {"danger", planner_danger}, {NULL, NULL}};
    wrl_register_type(L, PLANNER_MT, "planner", planner_methods, fns, NULL, NULL, NULL);
    static const luaL_Reg others[] = {
        {"Planner", planner_new}, {"planner_new", planner_new}, {"moves_from", l_moves_from}, {NULL, NULL}};
    luaL_setfuncs(L, others, 0);
    wrl_set_fns(L, fns);
    lua_getfield(L, -1, "Map");
    lua_setfield(L, -2, "map_new");
    open_force(L);
    wrl_set_consts(L, consts);
}
