/* Lua binding of warrules/melee.h: the pinned melee functions, profiles,
   hit charts and wounds, units, explanations, engagements with a morale
   model written in Lua, exact odds, and melee phases (every fight of one
   turn resolved together). */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "melee_lua.h"

#define PROFILE_MT WRL_PROFILE_MT
#define CHART_MT WRL_CHART_MT
#define MUNIT_MT WRL_MUNIT_MT
#define ENGAGEMENT_MT WRL_ENGAGEMENT_MT
#define ODDS_MT WRL_ODDS_MT
#define PHASE_MT WRL_PHASE_MT
#define ODDS_WS_MT WRL_ODDS_WS_MT

#define MAX_ROLLS 1000000
/* A phase may hold WR_PHASE_MAX_FIGHTS fights, each with its dice. */
#define PHASE_MAX_ROLLS 100000000

/* ---- structs as tables (field lists) ----------------------------------- */

#define FLD WRL_FIELD
#define F_INT WRL_F_INT
#define F_TRUTH WRL_F_TRUTH
#define F_UINT WRL_F_UINT

_Static_assert(sizeof(wr_melee_unit_kind) == sizeof(int), "enums are int-sized");
_Static_assert(sizeof(wr_melee_rule) == sizeof(int), "enums are int-sized");
_Static_assert(sizeof(wr_facing) == sizeof(int) && sizeof(wr_phase_contact) == sizeof(int) &&
                   sizeof(wr_cover) == sizeof(int) && sizeof(wr_morale_result) == sizeof(int),
               "enums are int-sized");

static const wrl_field wounds_fields[] = {
    FLD(wr_wounds, hits, F_INT),     FLD(wr_wounds, counted, F_INT),
    FLD(wr_wounds, serious, F_INT),  FLD(wr_wounds, critical, F_INT),
    FLD(wr_wounds, unconscious, F_TRUTH), FLD(wr_wounds, dead, F_TRUTH),
    {NULL, 0, F_INT}};

static const wrl_field side_fields[] = {
    FLD(wr_combatant_situation, in_contact, F_INT), FLD(wr_combatant_situation, charged, F_TRUTH),
    FLD(wr_combatant_situation, attacked_in, F_INT), FLD(wr_combatant_situation, cover, F_INT),
    FLD(wr_combatant_situation, character_present, F_TRUTH), {NULL, 0, F_INT}};

static const wrl_field strike_fields[] = {
    FLD(wr_strike, bcp, F_INT),     FLD(wr_strike, modifiers, F_INT),
    FLD(wr_strike, ranks, F_INT),   FLD(wr_strike, mcp, F_INT),
    FLD(wr_strike, fighting, F_INT), FLD(wr_strike, fighting_case, F_INT),
    FLD(wr_strike, fcp, F_INT),     FLD(wr_strike, roll, F_INT),
    FLD(wr_strike, hits, F_INT),    FLD(wr_strike, kills, F_INT),
    {NULL, 0, F_INT}};

static const wrl_field odds_fields[] = {
    FLD(wr_morale_odds, pass, F_INT), FLD(wr_morale_odds, retire, F_INT),
    FLD(wr_morale_odds, rout, F_INT), {NULL, 0, F_INT}};

static const wrl_field event_fields[] = {
    FLD(wr_melee_event, rule, F_INT), FLD(wr_melee_event, side, F_INT),
    FLD(wr_melee_event, value, F_INT), FLD(wr_melee_event, detail, F_INT),
    {NULL, 0, F_INT}};

/* A phase side's fields besides its unit (read with "unit" as an extra key). */
static const wrl_field phase_side_fields[] = {
    FLD(wr_phase_combatant, face, F_INT),           FLD(wr_phase_combatant, in_contact, F_INT),
    FLD(wr_phase_combatant, corner, F_INT),         FLD(wr_phase_combatant, corner_fights, F_INT),
    FLD(wr_phase_combatant, contact, F_INT),        FLD(wr_phase_combatant, cover, F_INT),
    FLD(wr_phase_combatant, character_present, F_TRUTH), {NULL, 0, F_INT}};

static const wrl_field test_fields[] = {
    FLD(wr_morale_test, reason, F_INT),     FLD(wr_morale_test, side, F_INT),
    FLD(wr_morale_test, round, F_INT),      FLD(wr_morale_test, figures, F_INT),
    FLD(wr_morale_test, lost, F_INT),       FLD(wr_morale_test, enemy_lost, F_INT),
    FLD(wr_morale_test, disordered, F_TRUTH), FLD(wr_morale_test, character_present, F_TRUTH),
    FLD(wr_morale_test, enemy_monster, F_TRUTH), {NULL, 0, F_INT}};

/* ---- profiles ------------------------------------------------------------ */

/* ---- hit charts and wounds ----------------------------------------------- */

/* ---- units --------------------------------------------------------------- */

enum { MUNIT_PROFILE = 1, MUNIT_CHART = 2 };

/* set_hit_chart(chart or nil): the unit keeps the chart alive. */
/* hand-written: ownership: the unit keeps the chart (or none) alive in its slot, replacing the old one */
static int munit_set_hit_chart(lua_State *L)
{
    wr_melee_unit *u = wrl_check_mutable(L, 1, MUNIT_MT);
    const wr_hit_chart *c = NULL;
    if (!lua_isnoneornil(L, 2))
        c = wrl_check_handle(L, 2, CHART_MT);
    wrl_check(L, wr_melee_unit_set_hit_chart(u, c), "MeleeUnit:set_hit_chart");
    wrl_set_parent(L, 1, MUNIT_CHART, c != NULL ? 2 : 0);
    return 0;
}

/* The values tostring(unit) shows: its kind and figures. */
static wr_status munit_text(const wr_melee_unit *u, wrl_val *r)
{
    wr_melee_unit_desc d;
    memset(&d, 0, sizeof d);
    (void)wr_melee_unit_get(u, &d);
    static const char *const kinds[] = {"troops", "monster", "character"};
    int k = (int)d.kind;
    r[0].s = k >= 0 && k < 3 ? kinds[k] : "?";
    r[1].i = d.figures;
    return WR_OK;
}

/* ---- explanations -------------------------------------------------------- */

/* ---- morale -------------------------------------------------------------- */

/* Pushes a morale test as a table; unit and enemy are the MeleeUnit
   userdata at indices a and b when their handles match (else nil). */
static void push_test(lua_State *L, const wr_morale_test *t, int a, int b)
{
    wrl_push_fields(L, t, test_fields);
    const void *units[2] = {t->unit, t->enemy};
    static const char *const names[2] = {"unit", "enemy"};
    for (int i = 0; i < 2; i++) {
        if (a != 0 && units[i] != NULL && ((wrl_box *)lua_touserdata(L, a))->ptr == units[i])
            lua_pushvalue(L, a);
        else if (b != 0 && units[i] != NULL && ((wrl_box *)lua_touserdata(L, b))->ptr == units[i])
            lua_pushvalue(L, b);
        else
            lua_pushnil(L);
        lua_setfield(L, -2, names[i]);
    }
}

/* morale_sample(test) -> {pass=, retire=, rout=}; test.unit and test.enemy are MeleeUnits. */
/* hand-written: a Lua idiom: the test's unit and enemy are MeleeUnit handles inside the table */
static int l_morale_sample(lua_State *L)
{
    static const char *const extra[] = {"unit", "enemy", NULL};
    wr_morale_test t;
    memset(&t, 0, sizeof t);
    if (lua_type(L, 1) != LUA_TTABLE)
        return wrl_fail(L, "WR_ERR_INVALID: a morale test must be a table, got %s", luaL_typename(L, 1));
    wrl_only_known(L, 1, "a morale test", test_fields, extra);
    wrl_read_fields(L, 1, &t, test_fields);
    lua_getfield(L, 1, "unit");
    if (!lua_isnil(L, -1))
        t.unit = wrl_check_handle(L, lua_gettop(L), MUNIT_MT);
    lua_getfield(L, 1, "enemy");
    if (!lua_isnil(L, -1))
        t.enemy = wrl_check_handle(L, lua_gettop(L), MUNIT_MT);
    wr_morale_odds o;
    wrl_check(L, wr_morale_sample(NULL, &t, &o), "morale_sample");
    wrl_push_fields(L, &o, odds_fields);
    return 1;
}

/* An engagement box: the handle, units a and b in user values 1 and 2,
   the Lua morale function in user value 3, and the context of the library
   call running now (only while one runs). A phase box is one too, with its
   own user values (see "melee phases" below). */
/* (eng_box is in melee_lua.h: the charge advisor's box is one too.) */

enum { ENG_A = 1, ENG_B = 2, ENG_MORALE = 3 };

/* Calls the morale function below the test at the top of the stack and
   reads its result into *odds. */
static int call_model(lua_State *L, wr_morale_odds *odds)
{
    lua_call(L, 1, 3);
    wr_morale_odds o = {0, 0, 0};
    if (lua_type(L, -3) == LUA_TTABLE) {
        wrl_read_struct(L, lua_gettop(L) - 2, "the morale function's result", &o, odds_fields);
    } else {
        int base = lua_gettop(L) - 2, v[3];
        for (int i = 0; i < 3; i++) {
            long long x = 0;
            if (wrl_tointeger(L, base + i, &x) != 0 || x < -1000000 || x > 1000000)
                return wrl_fail(L, "WR_ERR_INVALID: the morale function must return pass, retire, rout "
                                   "(integers) or a table of them");
            v[i] = (int)x;
        }
        o.pass = v[0];
        o.retire = v[1];
        o.rout = v[2];
    }
    *odds = o;
    return 0;
}

/* Runs protected: (engagement, test, odds) -> calls the Lua function. */
/* hand-written: a callback: the protected call of an engagement's Lua morale function */
static int morale_call(lua_State *L)
{
    const wr_morale_test *t = lua_touserdata(L, 2);
    lua_getiuservalue(L, 1, ENG_MORALE);
    lua_getiuservalue(L, 1, ENG_A);
    lua_getiuservalue(L, 1, ENG_B);
    int fn = lua_gettop(L) - 2;
    push_test(L, t, fn + 1, fn + 2);
    lua_remove(L, fn + 2);
    lua_remove(L, fn + 1);
    return call_model(L, lua_touserdata(L, 3));
}

/* The library's morale callback: calls the Lua function under lua_pcall,
   so that no Lua error crosses the library; an error is kept and raised
   once the library call has returned. */
static wr_status lua_morale(void *user, const wr_morale_test *test, wr_morale_odds *odds)
{
    eng_box *eb = user;
    lua_State *L = eb->L;
    if (L == NULL || eb->failed)
        return WR_ERR_STATE;
    if (!lua_checkstack(L, 6))
        return WR_ERR_NOMEM;
    lua_pushcfunction(L, eb->call);
    lua_pushvalue(L, eb->self);
    lua_pushlightuserdata(L, (void *)test);
    lua_pushlightuserdata(L, odds);
    if (lua_pcall(L, 3, 0, 0) != LUA_OK) {
        lua_replace(L, eb->errslot);
        eb->failed = 1;
        return WR_ERR_STATE;
    }
    return WR_OK;
}

/* Before and after a library call that may call the morale function: the
   engagement, its units, their profiles and charts (and rng, when given)
   are busy meanwhile, so that the Lua function can neither close nor change
   them. Nothing between begin and end may raise an error. */
static eng_box *begin_call(lua_State *L, int eng, int rng)
{
    eng_box *eb = lua_touserdata(L, eng);
    lua_pushnil(L);
    eb->errslot = lua_gettop(L);
    eb->self = lua_absindex(L, eng);
    eb->failed = 0;
    eb->L = L;
    wrl_busy(L, eng, 1);
    if (rng != 0)
        wrl_busy(L, rng, 1);
    return eb;
}

static void end_call(lua_State *L, eng_box *eb, int rng)
{
    wrl_busy(L, eb->self, -1);
    if (rng != 0)
        wrl_busy(L, rng, -1);
    eb->L = NULL;
    if (eb->failed) {
        eb->failed = 0;
        lua_pushvalue(L, eb->errslot);
        lua_error(L);
    }
}

/* ---- engagements --------------------------------------------------------- */

/* situation = {side = {[0] = {...}, [1] = {...}}}; missing side fields are 0. */
static void read_situation(lua_State *L, int arg, wr_situation *s)
{
    static const char *const fields[] = {"side", NULL};
    memset(s, 0, sizeof *s);
    wrl_check_table(L, arg);
    wrl_only_fields(L, arg, "a situation", fields);
    if (lua_getfield(L, arg, "side") != LUA_TTABLE)
        wrl_fail(L, "WR_ERR_INVALID: a situation needs side = {[0] = {...}, [1] = {...}}");
    int sides = lua_gettop(L);
    for (int i = 0; i < 2; i++) {
        if (lua_rawgeti(L, sides, i) != LUA_TTABLE)
            wrl_fail(L, "WR_ERR_INVALID: situation.side[%d] must be a table (sides are 0 and 1)", i);
        wrl_read_struct(L, -1, "a side situation", &s->side[i], side_fields);
        lua_pop(L, 1);
    }
    lua_pop(L, 1);
}

/* set_morale(fn or nil): fn(test) returns pass, retire, rout (or a table of
   them); nil restores the sample model. */
/* hand-written: a callback: the Lua morale function is kept in the box and called through lua_pcall */
static int engagement_set_morale(lua_State *L)
{
    wr_engagement *e = wrl_check_mutable(L, 1, ENGAGEMENT_MT);
    eng_box *eb = lua_touserdata(L, 1);
    if (lua_isnoneornil(L, 2)) {
        wrl_check(L, wr_engagement_set_morale(e, NULL, NULL), "Engagement:set_morale");
        lua_pushnil(L);
    } else {
        if (lua_type(L, 2) != LUA_TFUNCTION)
            return wrl_fail(L, "WR_ERR_INVALID: argument #2: function expected, got %s", luaL_typename(L, 2));
        wrl_check(L, wr_engagement_set_morale(e, lua_morale, eb), "Engagement:set_morale");
        lua_pushvalue(L, 2);
    }
    lua_setiuservalue(L, 1, ENG_MORALE);
    return 0;
}

static void push_strike(lua_State *L, const wr_strike *k)
{
    wrl_push_fields(L, k, strike_fields);
    wrl_push_int_array0(L, k->mod, WR_MOD_COUNT);
    lua_setfield(L, -2, "mod");
}

/* Pushes a table {[0] = f(0), [1] = f(1)} of per-side structs. */
static void push_pair_fields(lua_State *L, const void *v0, const void *v1, const wrl_field *f)
{
    lua_createtable(L, 1, 1);
    wrl_push_fields(L, v0, f);
    lua_rawseti(L, -2, 0);
    wrl_push_fields(L, v1, f);
    lua_rawseti(L, -2, 1);
}

static void push_round(lua_State *L, const wr_melee_round *r)
{
    lua_createtable(L, 0, 28);
    wrl_set_int(L, "round", r->round);
    wrl_push_int_array0(L, r->figures_before, 2);
    lua_setfield(L, -2, "figures_before");
    int ft[2] = {(int)r->flank_test[0], (int)r->flank_test[1]};
    wrl_push_int_array0(L, ft, 2);
    lua_setfield(L, -2, "flank_test");
    wrl_push_int_array0(L, r->flank_roll, 2);
    lua_setfield(L, -2, "flank_roll");
    wrl_push_int_array0(L, r->disordered, 2);
    lua_setfield(L, -2, "disordered");
    wrl_set_int(L, "fought", r->fought);
    lua_createtable(L, 1, 1);
    for (int i = 0; i < 2; i++) {
        push_strike(L, &r->strike[i]);
        lua_rawseti(L, -2, i);
    }
    lua_setfield(L, -2, "strike");
    wrl_push_int_array0(L, r->lost, 2);
    lua_setfield(L, -2, "lost");
    wrl_push_int_array0(L, r->n_wounds, 2);
    lua_setfield(L, -2, "n_wounds");
    lua_createtable(L, 1, 1); /* wound[side] = sequence */
    lua_createtable(L, 1, 1); /* wound_location[side] = sequence */
    for (int i = 0; i < 2; i++) {
        int n = r->n_wounds[i] < 0 ? 0 : r->n_wounds[i] > WR_ROUND_MAX_WOUNDS ? WR_ROUND_MAX_WOUNDS : r->n_wounds[i];
        lua_createtable(L, n, 0);
        lua_createtable(L, n, 0);
        for (int k = 0; k < n; k++) {
            lua_pushinteger(L, r->wound[i][k]);
            lua_rawseti(L, -3, k + 1);
            lua_pushinteger(L, r->wound_location[i][k]);
            lua_rawseti(L, -2, k + 1);
        }
        lua_rawseti(L, -3, i);
        lua_rawseti(L, -3, i);
    }
    lua_setfield(L, -3, "wound_location");
    lua_setfield(L, -2, "wound");
    push_pair_fields(L, &r->wounds_before[0], &r->wounds_before[1], wounds_fields);
    lua_setfield(L, -2, "wounds_before");
    push_pair_fields(L, &r->wounds_after[0], &r->wounds_after[1], wounds_fields);
    lua_setfield(L, -2, "wounds_after");
    wrl_set_int(L, "loser", r->loser);
    wrl_set_int(L, "pushed_back", r->pushed_back);
    wrl_set_int(L, "morale", r->morale);
    wrl_set_int(L, "morale_roll", r->morale_roll);
    wrl_push_fields(L, &r->morale_odds, odds_fields);
    lua_setfield(L, -2, "morale_odds");
    wrl_set_int(L, "end", r->end);
    wrl_set_int(L, "pursuit", r->pursuit);
    wrl_set_int(L, "n_events", r->n_events);
    wrl_set_int(L, "events_truncated", r->events_truncated);
    int n = r->n_events < 0 ? 0 : r->n_events > WR_ROUND_MAX_EVENTS ? WR_ROUND_MAX_EVENTS : r->n_events;
    lua_createtable(L, n, 0);
    for (int k = 0; k < n; k++) {
        wrl_push_fields(L, &r->events[k], event_fields);
        lua_rawseti(L, -2, k + 1);
    }
    lua_setfield(L, -2, "events");
}

/* Reads t[name][0..n-1] (C indices) into v; a missing table or entry leaves v. */
static void read_array0(lua_State *L, int t, const char *name, int *v, int n)
{
    int type = lua_getfield(L, t, name);
    if (type != LUA_TNIL) {
        if (type != LUA_TTABLE)
            wrl_fail(L, "WR_ERR_INVALID: field '%s' must be a table indexed from 0", name);
        int a = lua_gettop(L);
        for (int i = 0; i < n; i++) {
            lua_rawgeti(L, a, i);
            if (!lua_isnil(L, -1)) {
                lua_Integer x = wrl_integer(L, -1);
                if (x < -2147483647 - 1 || x > 2147483647)
                    wrl_fail(L, "WR_ERR_RANGE: %s[%d] does not fit in a C int", name, i);
                v[i] = (int)x;
            }
            lua_pop(L, 1);
        }
    }
    lua_pop(L, 1);
}

/* Pushes t[name][i] (a table) or fails. */
static int get_side_table(lua_State *L, int t, const char *name, int i)
{
    if (lua_getfield(L, t, name) != LUA_TTABLE)
        wrl_fail(L, "WR_ERR_INVALID: a round needs field '%s' = {[0] = ..., [1] = ...}", name);
    if (lua_rawgeti(L, -1, i) != LUA_TTABLE)
        wrl_fail(L, "WR_ERR_INVALID: %s[%d] must be a table", name, i);
    lua_remove(L, -2);
    return lua_gettop(L);
}

static void read_round(lua_State *L, int t, wr_melee_round *r)
{
    static const char *const fields[] = {
        "round", "figures_before", "flank_test", "flank_roll", "disordered", "fought", "strike", "lost",
        "n_wounds", "wound", "wound_location", "wounds_before", "wounds_after", "loser", "pushed_back",
        "morale", "morale_roll", "morale_odds", "end", "pursuit", "n_events", "events_truncated", "events",
        NULL};
    static const char *const strike_extra[] = {"mod", NULL};
    memset(r, 0, sizeof *r);
    wrl_check_table(L, t);
    wrl_only_fields(L, t, "a round", fields);
    wrl_field_int(L, t, "round", &r->round);
    read_array0(L, t, "figures_before", r->figures_before, 2);
    int ft[2] = {0, 0};
    read_array0(L, t, "flank_test", ft, 2);
    r->flank_test[0] = (wr_morale_result)ft[0];
    r->flank_test[1] = (wr_morale_result)ft[1];
    read_array0(L, t, "flank_roll", r->flank_roll, 2);
    read_array0(L, t, "disordered", r->disordered, 2);
    wrl_field_int(L, t, "fought", &r->fought);
    for (int i = 0; i < 2; i++) {
        int k = get_side_table(L, t, "strike", i);
        wrl_only_known(L, k, "a strike", strike_fields, strike_extra);
        wrl_read_fields(L, k, &r->strike[i], strike_fields);
        read_array0(L, k, "mod", r->strike[i].mod, WR_MOD_COUNT);
        lua_pop(L, 1);
        k = get_side_table(L, t, "wounds_before", i);
        wrl_read_struct(L, k, "a wounds record", &r->wounds_before[i], wounds_fields);
        lua_pop(L, 1);
        k = get_side_table(L, t, "wounds_after", i);
        wrl_read_struct(L, k, "a wounds record", &r->wounds_after[i], wounds_fields);
        lua_pop(L, 1);
    }
    read_array0(L, t, "lost", r->lost, 2);
    read_array0(L, t, "n_wounds", r->n_wounds, 2);
    for (int i = 0; i < 2; i++) {
        int k = get_side_table(L, t, "wound", i);
        size_t n = (size_t)lua_rawlen(L, k);
        if (n > WR_ROUND_MAX_WOUNDS)
            wrl_fail(L, "WR_ERR_RANGE: wound[%d] has more than %d wounds", i, WR_ROUND_MAX_WOUNDS);
        int loc = get_side_table(L, t, "wound_location", i);
        for (size_t j = 0; j < n; j++) {
            lua_rawgeti(L, k, (lua_Integer)j + 1);
            lua_rawgeti(L, loc, (lua_Integer)j + 1);
            lua_Integer w = wrl_integer(L, -2), l = wrl_integer(L, -1);
            if (w < 0 || w > 1000 || l < -2147483647 - 1 || l > 2147483647)
                wrl_fail(L, "WR_ERR_RANGE: wound %d of side %d", (int)j + 1, i);
            r->wound[i][j] = (wr_wound)w;
            r->wound_location[i][j] = (int)l;
            lua_pop(L, 2);
        }
        lua_pop(L, 2);
    }
    wrl_field_int(L, t, "loser", &r->loser);
    wrl_field_int(L, t, "pushed_back", &r->pushed_back);
    int v = 0;
    wrl_field_int(L, t, "morale", &v);
    r->morale = (wr_morale_result)v;
    wrl_field_int(L, t, "morale_roll", &r->morale_roll);
    if (lua_getfield(L, t, "morale_odds") != LUA_TNIL)
        wrl_read_struct(L, -1, "morale odds", &r->morale_odds, odds_fields);
    lua_pop(L, 1);
    v = 0;
    wrl_field_int(L, t, "end", &v);
    r->end = (wr_melee_end)v;
    wrl_field_int(L, t, "pursuit", &r->pursuit);
    wrl_field_int(L, t, "n_events", &r->n_events);
    wrl_field_int(L, t, "events_truncated", &r->events_truncated);
    if (lua_getfield(L, t, "events") == LUA_TTABLE) {
        int ev = lua_gettop(L);
        size_t n = (size_t)lua_rawlen(L, ev);
        if (n > WR_ROUND_MAX_EVENTS)
            wrl_fail(L, "WR_ERR_RANGE: a round has at most %d events", WR_ROUND_MAX_EVENTS);
        for (size_t j = 0; j < n; j++) {
            lua_rawgeti(L, ev, (lua_Integer)j + 1);
            wrl_read_struct(L, -1, "an event", &r->events[j], event_fields);
            lua_pop(L, 1);
        }
    }
    lua_pop(L, 1);
}

/* ---- melee phases -------------------------------------------------------- */

/* A phase box (an eng_box): the set of the units of its fights in user
   value 1 (kept alive and made busy with the phase), the Lua morale
   function in user value 2. */
/* (PHASE_UNITS and PHASE_MORALE are in melee_lua.h.) */

/* Runs protected: (phase, test, odds) -> calls the Lua function with the
   test's unit and enemy as the phase's MeleeUnit userdata. */
/* hand-written: a callback: the protected call of a phase's Lua morale function */
static int phase_morale_call(lua_State *L)
{
    const wr_morale_test *t = lua_touserdata(L, 2);
    lua_getiuservalue(L, 1, PHASE_MORALE);
    int fn = lua_gettop(L);
    lua_getiuservalue(L, 1, PHASE_UNITS);
    const void *units[2] = {t->unit, t->enemy};
    for (int i = 0; i < 2; i++) {
        if (lua_type(L, fn + 1) == LUA_TTABLE) {
            lua_pushlightuserdata(L, (void *)units[i]);
            lua_rawget(L, fn + 1);
        } else {
            lua_pushnil(L);
        }
    }
    push_test(L, t, lua_type(L, fn + 2) == LUA_TUSERDATA ? fn + 2 : 0,
              lua_type(L, fn + 3) == LUA_TUSERDATA ? fn + 3 : 0);
    lua_replace(L, fn + 1);
    lua_settop(L, fn + 1);
    return call_model(L, lua_touserdata(L, 3));
}

/* set_morale(fn or nil): as Engagement:set_morale, for every fight. */
/* hand-written: a callback: the Lua morale function is kept in the box and called through lua_pcall */
static int phase_set_morale(lua_State *L)
{
    wr_melee_phase *p = wrl_check_mutable(L, 1, PHASE_MT);
    eng_box *pb = lua_touserdata(L, 1);
    if (lua_isnoneornil(L, 2)) {
        wrl_check(L, wr_melee_phase_set_morale(p, NULL, NULL), "MeleePhase:set_morale");
        lua_pushnil(L);
    } else {
        if (lua_type(L, 2) != LUA_TFUNCTION)
            return wrl_fail(L, "WR_ERR_INVALID: argument #2: function expected, got %s", luaL_typename(L, 2));
        wrl_check(L, wr_melee_phase_set_morale(p, lua_morale, pb), "MeleePhase:set_morale");
        lua_pushvalue(L, 2);
    }
    lua_setiuservalue(L, 1, PHASE_MORALE);
    return 0;
}

/* Reads the phase side at arg ({unit =, face =, in_contact =, corner =,
   corner_fights =, contact =, cover =, character_present =}) and pushes its
   unit's userdata. Missing fields: front, continuing, no cover, corner_fights
   PHASE_DEFAULT, the rest 0. */
static void read_phase_side(lua_State *L, int arg, wr_phase_combatant *s)
{
    static const char *const extra[] = {"unit", NULL};
    memset(s, 0, sizeof *s);
    s->face = WR_FACING_FRONT;
    s->corner_fights = WR_PHASE_DEFAULT;
    s->contact = WR_CONTACT_CONTINUING;
    s->cover = WR_COVER_NONE;
    if (lua_type(L, arg) != LUA_TTABLE)
        wrl_argfail(L, arg, WR_ERR_INVALID, "a phase side (table) expected, got %s", luaL_typename(L, arg));
    wrl_only_known(L, arg, "a phase side", phase_side_fields, extra);
    wrl_read_fields(L, arg, s, phase_side_fields);
    lua_getfield(L, arg, "unit");
    if (lua_isnil(L, -1))
        wrl_argfail(L, arg, WR_ERR_NULL, "a phase side needs unit = a MeleeUnit");
    wrl_box *box = wrl_box_test(L, -1, MUNIT_MT);
    if (box == NULL)
        wrl_argfail(L, arg, WR_ERR_INVALID, "the side's unit must be a %s, got %s", MUNIT_MT, luaL_typename(L, -1));
    if (box->closed || box->ptr == NULL)
        wrl_argfail(L, arg, WR_ERR_STATE, "the side's unit is closed");
    s->unit = box->ptr;
}

/* add(a, b) -> the fight's index (from 0): a and b are phase sides, side
   0 striking first. The phase keeps the units alive. */
/* hand-written: ownership: the sides' units join the phase's set (taken out again when the call fails) */
static int phase_add(lua_State *L)
{
    wr_melee_phase *p = wrl_check_mutable(L, 1, PHASE_MT);
    wr_phase_fight f;
    read_phase_side(L, 2, &f.side[0]);
    int ua = lua_gettop(L);
    read_phase_side(L, 3, &f.side[1]);
    int ub = lua_gettop(L);
    /* kept before the call, so that the phase never holds a unit it does not keep */
    int new_a = wrl_add_parent(L, 1, PHASE_UNITS, ua);
    int new_b = wrl_add_parent(L, 1, PHASE_UNITS, ub);
    int index = -1;
    wr_status st = wr_melee_phase_add(p, &f, &index);
    if (st != WR_OK) {
        if (new_b)
            wrl_remove_parent(L, 1, PHASE_UNITS, ub);
        if (new_a)
            wrl_remove_parent(L, 1, PHASE_UNITS, ua);
        return wrl_check(L, st, "MeleePhase:add");
    }
    lua_pushinteger(L, index);
    return 1;
}

/* ---- exact odds ---------------------------------------------------------- */

/* ---- batch --------------------------------------------------------------- */

/* rounds_batch(a, b): a and b are tables of equal-length sequences
   {figures=, files=, in_contact=, weapon=, flags=, bcp=, modifiers=, d100=};
   returns out_a, out_b (tables of sequences fighting, mcp, fcp, kills, lost)
   and loser (a sequence). A refused item raises its status with its number. */
static const char *const batch_in[] = {"figures", "files", "in_contact", "weapon", "flags",
                                       "bcp",     "modifiers", "d100", NULL};
static const char *const batch_out[] = {"fighting", "mcp", "fcp", "kills", "lost", NULL};

static size_t read_batch_side(lua_State *L, int arg, const int *cols[8], size_t n)
{
    wrl_check_named_table(L, arg, arg == 1 ? "a" : "b");
    wrl_only_fields(L, arg, "a batch side", batch_in);
    for (int c = 0; c < 8; c++) {
        if (lua_getfield(L, arg, batch_in[c]) != LUA_TTABLE)
            wrl_fail(L, "WR_ERR_INVALID: batch field '%s' must be a sequence", batch_in[c]);
        size_t len = (size_t)lua_rawlen(L, -1);
        if (n == SIZE_MAX)
            n = len;
        if (len != n)
            wrl_fail(L, "WR_ERR_INVALID: batch field '%s' has %d items, not %d", batch_in[c], (int)len, (int)n);
        if (n > 10000000)
            wrl_fail(L, "WR_ERR_RANGE: a batch has at most 10000000 items");
        int *v = lua_newuserdatauv(L, sizeof *v * (n ? n : 1), 0);
        for (size_t i = 0; i < n; i++) {
            lua_rawgeti(L, -2, (lua_Integer)i + 1);
            long long x = 0;
            if (wrl_tointeger(L, -1, &x) != 0) { /* raises, naming the column */
                lua_pushfstring(L, "%s.%s", arg == 1 ? "a" : "b", batch_in[c]);
                lua_insert(L, -2);
                wrl_item_integer(L, arg, lua_tostring(L, -2), i);
            }
            if (c == 4 ? (x < 0 || x > (long long)UINT32_MAX) : (x < -2147483647 - 1 || x > 2147483647))
                wrl_fail(L, "WR_ERR_RANGE: %s[%d] does not fit", batch_in[c], (int)i + 1);
            if (c == 4) {
                unsigned u = (unsigned)x;
                memcpy(&v[i], &u, sizeof u);
            } else {
                v[i] = (int)x;
            }
            lua_pop(L, 1);
        }
        cols[c] = v;
        lua_remove(L, -2); /* keep the array userdata on the stack */
    }
    return n;
}

/* hand-written: a Lua idiom: columns in, columns out, a failure naming the item */
static int l_melee_rounds_batch(lua_State *L)
{
    const int *ca[8], *cb[8];
    lua_settop(L, 2); /* a missing b reads as nil, not as a's columns pushed below */
    wrl_check_named_table(L, 2, "b");
    size_t n = read_batch_side(L, 1, ca, SIZE_MAX);
    read_batch_side(L, 2, cb, n);
    wr_melee_batch_combatant a = {ca[0], ca[1], ca[2], ca[3], (const unsigned *)(const void *)ca[4], ca[5], ca[6], ca[7]};
    wr_melee_batch_combatant b = {cb[0], cb[1], cb[2], cb[3], (const unsigned *)(const void *)cb[4], cb[5], cb[6], cb[7]};
    int *outs = lua_newuserdatauv(L, sizeof *outs * (n ? n : 1) * 11, 0);
    size_t s = n ? n : 1;
    wr_melee_batch_out oa = {outs, outs + s, outs + 2 * s, outs + 3 * s, outs + 4 * s};
    wr_melee_batch_out ob = {outs + 5 * s, outs + 6 * s, outs + 7 * s, outs + 8 * s, outs + 9 * s};
    int *loser = outs + 10 * s;
    size_t bad = SIZE_MAX;
    wr_status st = wr_melee_rounds_batch(n, &a, &b, &oa, &ob, loser, &bad);
    if (st != WR_OK && bad != SIZE_MAX)
        return wrl_check(L, st, lua_pushfstring(L, "melee_rounds_batch, item %d", (int)bad + 1));
    wrl_check(L, st, "melee_rounds_batch");
    for (int side = 0; side < 2; side++) {
        lua_createtable(L, 0, 5);
        for (int c = 0; c < 5; c++) {
            const int *col = outs + (size_t)(side * 5 + c) * s;
            lua_createtable(L, (int)n, 0);
            for (size_t i = 0; i < n; i++) {
                lua_pushinteger(L, col[i]);
                lua_rawseti(L, -2, (lua_Integer)i + 1);
            }
            lua_setfield(L, -2, batch_out[c]);
        }
    }
    lua_createtable(L, (int)n, 0);
    for (size_t i = 0; i < n; i++) {
        lua_pushinteger(L, loser[i]);
        lua_rawseti(L, -2, (lua_Integer)i + 1);
    }
    return 3;
}

/* ---- the functions with structs (X(id, name, args, results, call, struct...)) */

/* A unit's description and its wounds record: the fields from the header. */
static const wrl_field def_gen_fields[] = {WRL_FIELDS_MELEE_UNIT_DESC};
static const wrl_struct def_st = {"a unit_def", sizeof(wr_melee_unit_desc), def_gen_fields, NULL, NULL, NULL, NULL, NULL};
static const wrl_field wounds_gen_fields[] = {WRL_FIELDS_WOUNDS};
static const char *const wounds_truth[] = {"unconscious", "dead", NULL};
static const wrl_struct wounds_st = {"a wounds record", sizeof(wr_wounds), wounds_gen_fields, wounds_truth, NULL,
                                     NULL, NULL, NULL};
/* Strikes, rounds and kill odds: tables of their own shape (arrays by side from 0). */
static void strike_push(lua_State *L, const void *k)
{
    push_strike(L, k);
}
static const wrl_struct strike_st = {"a strike", sizeof(wr_strike), NULL, NULL, NULL, NULL, strike_push, NULL};
static void round_push(lua_State *L, const void *r)
{
    push_round(L, r);
}
static const wrl_struct round_st = {"a round", sizeof(wr_melee_round), NULL, NULL, NULL, NULL, round_push, NULL};
static void kill_odds_push(lua_State *L, const void *base)
{
    const wr_kill_odds *o = base;
    lua_createtable(L, 0, 3);
    wrl_push_int_array0(L, o->hits, 2);
    lua_setfield(L, -2, "hits");
    wrl_push_int_array0(L, o->kills, 2);
    lua_setfield(L, -2, "kills");
    wrl_push_int_array0(L, o->percent, 2);
    lua_setfield(L, -2, "percent");
}
static const wrl_struct kill_odds_st = {"kill odds", sizeof(wr_kill_odds), NULL, NULL, NULL, NULL, kill_odds_push,
                                        NULL};
/* A hit chart row's wounds: {wound for d4 = 1, 2, 3, 4}. */
static void severity_read(lua_State *L, int arg, void *base)
{
    wr_wound *severity = base;
    size_t n = 0;
    int *sev = wrl_int_sequence(L, arg, 4, &n);
    if (n != 4)
        wrl_fail(L, "WR_ERR_INVALID: the severity table needs 4 wounds (d4 = 1..4), got %d", (int)n);
    for (int i = 0; i < 4; i++)
        severity[i] = (wr_wound)sev[i];
}
static const wrl_struct severity_st = {"a severity table", 4 * sizeof(wr_wound), NULL, NULL, NULL, NULL, NULL,
                                       severity_read};
static const wrl_field event_gen_fields[] = {WRL_FIELDS_MELEE_EVENT};
static const wrl_struct event_st = {"an event", sizeof(wr_melee_event), event_gen_fields, NULL, NULL, NULL, NULL, NULL};
static const wrl_field phase_unit_gen_fields[] = {WRL_FIELDS_PHASE_UNIT};
static const wrl_struct phase_unit_st = {"a phase unit", sizeof(wr_phase_unit), phase_unit_gen_fields, NULL, NULL,
                                         NULL, NULL, NULL};

/* MeleeUnit(profile, def): def's missing fields take wr_melee_unit_desc_default(). */
static void def_init(void *base)
{
    *(wr_melee_unit_desc *)base = wr_melee_unit_desc_default();
}
static const wrl_struct new_def_st = {"a unit_def", sizeof(wr_melee_unit_desc), def_gen_fields, NULL, def_init,
                                      NULL, NULL, NULL};
/* Engagement(a, b, situation): situation = {side = {[0] = {...}, [1] = {...}}}. */
static void situation_read(lua_State *L, int arg, void *base)
{
    read_situation(L, arg, base);
}
static const wrl_struct situation_st = {"a situation", sizeof(wr_situation), NULL, NULL, NULL, NULL, NULL,
                                        situation_read};
/* Dice rolls: a Lua sequence read into a Lua-owned array (a row's last argument). */
typedef struct rolls_seq {
    int *v;
    size_t n;
} rolls_seq;
#define ROLLS(x) ((rolls_seq *)(x).p)->v, ((rolls_seq *)(x).p)->n
static void rolls_read(lua_State *L, int arg, void *base)
{
    rolls_seq *s = base;
    s->v = wrl_int_sequence(L, arg, MAX_ROLLS, &s->n);
}
static const wrl_struct rolls_st = {"rolls", sizeof(rolls_seq), NULL, NULL, NULL, NULL, NULL, rolls_read};
static void phase_rolls_read(lua_State *L, int arg, void *base)
{
    rolls_seq *s = base;
    s->v = wrl_int_sequence(L, arg, PHASE_MAX_ROLLS, &s->n);
}
static const wrl_struct phase_rolls_st = {"rolls", sizeof(rolls_seq), NULL, NULL, NULL, NULL, NULL,
                                          phase_rolls_read};
/* A round given back to Engagement:apply. */
static void round_read(lua_State *L, int arg, void *base)
{
    read_round(L, arg, base);
}
static const wrl_struct round_in_st = {"a round", sizeof(wr_melee_round), NULL, NULL, NULL, NULL, NULL, round_read};
/* simulate(...) -> counts {[0] = ongoing, ..., [7]} by end */
static void counts_push(lua_State *L, const void *base)
{
    const uint64_t *counts = base;
    lua_createtable(L, WR_END_COUNT, 1);
    for (int i = 0; i < WR_END_COUNT; i++) {
        wrl_push_uint64(L, counts[i]);
        lua_rawseti(L, -2, i);
    }
}
static const wrl_struct counts_st = {"end counts", WR_END_COUNT * sizeof(uint64_t), NULL, NULL, NULL, NULL,
                                     counts_push, NULL};

/* Handles that keep others alive, and calls that may run a Lua morale
   function ("^", "~", "&": warrules_lua.h). The engagement's odds and
   simulate are the functions MeleeOdds, melee_odds_new_ws, melee_simulate
   (their names in errors), set as its methods too (wrl_open_melee). */
#define MELEE_OWNER_SFNS(X)                                                                                      \
    X(munit_new, "MeleeUnit", "^PT", "+M", WRL_CALL_MELEE_UNIT_NEW_EX, &new_def_st)                             \
    X(engagement_new, "Engagement", "^M^Mt", "+E", WRL_CALL_ENGAGEMENT_NEW_EX, &situation_st)                   \
    X(phase_new, "MeleePhase", "", "+H", WRL_CALL_MELEE_PHASE_NEW_EX, NULL)                                     \
    X(odds_new, "MeleeOdds", "~Ei", "+D", WRL_CALL_MELEE_ODDS_NEW_EX, NULL)                                     \
    X(odds_new_ws, "melee_odds_new_ws", "~Ei!W", "+D", WRL_CALL_MELEE_ODDS_NEW_IN_WORKSPACE, NULL)              \
    X(engagement_simulate, "melee_simulate", "~Ei!Ri", "t",                                                     \
      wr_engagement_simulate_rng(a[0].p, a[1].i, a[2].p, a[3].i, r[0].p), &counts_st)                           \
    X(engagement_fight_rolls, "Engagement:fight_rolls", "~Et", "zt",                                            \
      wr_engagement_fight_rolls(a[0].p, ROLLS(a[1]), WRL_OUT(0), r[1].p), &rolls_st, &round_st)                 \
    X(engagement_fight, "Engagement:fight", "~E!R", "t", WRL_CALL_ENGAGEMENT_FIGHT_RNG, &round_st)              \
    X(engagement_apply, "Engagement:apply", "&Et", "", WRL_CALL_ENGAGEMENT_APPLY, &round_in_st)                 \
    X(phase_resolve_rolls, "MeleePhase:resolve_rolls", "&~Ht", "z",                                             \
      wr_melee_phase_resolve_rolls(a[0].p, ROLLS(a[1]), WRL_OUT(0)), &phase_rolls_st)                           \
    X(phase_resolve, "MeleePhase:resolve", "&~H!R", "", WRL_CALL_MELEE_PHASE_RESOLVE_RNG, NULL)

/* wounds_add(record, wound, character) -> dead (boolean); the record table
   is updated in place (only when the call succeeds). */
#define MELEE_SFNS(X)                                                                                            \
    X(profile_new, "Profile", "i", "+P", WRL_CALL_PROFILE_NEW_EX, NULL)                                          \
    X(profile_new_sample, "profile_new_sample", "i", "+P", WRL_CALL_PROFILE_NEW_SAMPLE, NULL)                    \
    X(chart_new, "HitChart", "", "+C", WRL_CALL_HIT_CHART_NEW_EX, NULL)                                          \
    X(odds_ws_new, "OddsWorkspace", "", "+W", WRL_CALL_ODDS_WORKSPACE_NEW_EX, NULL)                              \
    X(wounds_add, "wounds_add", "mib", "b", WRL_CALL_WOUNDS_ADD, &wounds_st)                                     \
    X(unit_def_default, "unit_def_default", "", "t", WRL_CALL_MELEE_UNIT_DESC_DEFAULT, &def_st)                  \
    X(munit_def, "MeleeUnit:def", "M", "t", WRL_CALL_MELEE_UNIT_GET, &def_st)                                    \
    X(munit_wounds, "MeleeUnit:wounds", "M", "t", WRL_CALL_MELEE_UNIT_WOUNDS, &wounds_st)                        \
    X(munit_set_wounds, "MeleeUnit:set_wounds", "!Mt", "", WRL_CALL_MELEE_UNIT_SET_WOUNDS, &wounds_st)          \
    X(phase_unit, "MeleePhase:unit", "HM", "t", WRL_CALL_MELEE_PHASE_UNIT, &phase_unit_st)                     \
    X(melee_event_text, "melee_event_text", "t", "w", WRL_CALL_MELEE_EVENT_TEXT, &event_st)                      \
    X(chart_add, "HitChart:add", "!Ciiit", "", wr_hit_chart_add(a[0].p, a[1].i, a[2].i, a[3].i, a[4].p),         \
      &severity_st)                                                                                              \
    X(engagement_strike, "Engagement:strike", "Ei", "t", WRL_CALL_ENGAGEMENT_STRIKE, &strike_st)                 \
    X(engagement_kill_odds, "Engagement:kill_odds", "Ei", "t", WRL_CALL_ENGAGEMENT_KILL_ODDS, &kill_odds_st)     \
    X(phase_strike, "MeleePhase:strike", "Hii", "t", WRL_CALL_MELEE_PHASE_STRIKE, &strike_st)                    \
    X(phase_round, "MeleePhase:round", "Hi", "t", WRL_CALL_MELEE_PHASE_ROUND, &round_st)                         \
    X(odds_end_exact, "MeleeOdds:end_exact", "Di", "w", WRL_CALL_MELEE_ODDS_END_EXACT, NULL)                     \
    X(odds_figures_exact, "MeleeOdds:figures_exact", "Dii", "w", WRL_CALL_MELEE_ODDS_FIGURES_EXACT, NULL)

/* ---- the plain functions, one line each (see warrules_lua.h) ------------- */

#define MELEE_FNS(X)                                                                                             \
    X(reach_ranks, "reach_ranks", "ib", "i", wr_reach_ranks((wr_weapon)a[0].i, a[1].i, WRL_OUT(0)))                        \
    X(fighting_figures, "fighting_figures", "iiiiuu", "i",                                                     \
      wr_fighting_figures(a[0].i, a[1].i, a[2].i, (wr_weapon)a[3].i, a[4].u, a[5].u, WRL_OUT(0)))                          \
    X(complete_ranks, "complete_ranks", "iiu", "i", wr_complete_ranks(a[0].i, a[1].i, a[2].u, WRL_OUT(0)))       \
    X(combat_percent, "combat_percent", "iii", "ii", wr_combat_percent(a[0].i, a[1].i, a[2].i, WRL_OUT(0), WRL_OUT(1))) \
    X(kills_from_percent, "kills_from_percent", "ii", "i", wr_kills_from_percent(a[0].i, a[1].i, WRL_OUT(0)))    \
    X(profile_race, "Profile:race", "P", "i", wr_profile_race(a[0].p, WRL_OUT(0)))                              \
    X(profile_set_weapon, "Profile:set_weapon", "!Piib", "", wr_profile_set_weapon(a[0].p, a[1].i, (wr_weapon)a[2].i, a[3].i)) \
    X(profile_weapon, "Profile:weapon", "Pi", "ib", wr_profile_weapon(a[0].p, a[1].i, WRL_OUT(0), WRL_OUT(1)))   \
    X(profile_set_bcp, "Profile:set_bcp", "!Piii", "", wr_profile_set_bcp(a[0].p, a[1].i, a[2].i, a[3].i))       \
    X(profile_bcp, "Profile:bcp", "Pii", "i", wr_profile_bcp(a[0].p, a[1].i, a[2].i, WRL_OUT(0)))               \
    X(profile_set_modifier, "Profile:set_modifier", "!Pii", "", wr_profile_set_modifier(a[0].p, (wr_modifier)a[1].i, a[2].i)) \
    X(profile_modifier, "Profile:modifier", "Pi", "i", wr_profile_modifier(a[0].p, (wr_modifier)a[1].i, WRL_OUT(0)))          \
    X(profile_set_hated, "Profile:set_hated", "!PiB", "", wr_profile_set_hated(a[0].p, (wr_race)a[1].i, a[2].i))          \
    X(profile_hates, "Profile:hates", "Pi", "b", wr_profile_hated(a[0].p, (wr_race)a[1].i, WRL_OUT(0)))                   \
    X(profile_set_morale_modifier, "Profile:set_morale_modifier", "!Pii", "",                                  \
      wr_profile_set_morale_modifier(a[0].p, (wr_morale_modifier)a[1].i, a[2].i))                                                   \
    X(profile_morale_modifier, "Profile:morale_modifier", "Pi", "i",                                           \
      wr_profile_morale_modifier(a[0].p, (wr_morale_modifier)a[1].i, WRL_OUT(0)))                                                   \
    X(profile_set_retire_band, "Profile:set_retire_band", "!Pi", "", wr_profile_set_retire_band(a[0].p, a[1].i)) \
    X(profile_retire_band, "Profile:retire_band", "P", "i", wr_profile_retire_band(a[0].p, WRL_OUT(0)))          \
    X(chart_complete, "HitChart:complete", "C", "b", wr_hit_chart_is_complete(a[0].p, WRL_OUT(0)))                 \
    X(chart_lookup, "HitChart:lookup", "Cii", "ii", wr_hit_chart_lookup(a[0].p, a[1].i, a[2].i, WRL_OUT(0), WRL_OUT(1))) \
    X(munit_set_figures, "MeleeUnit:set_figures", "!Mi", "", wr_melee_unit_set_figures(a[0].p, a[1].i))         \
    X(munit_set_disordered, "MeleeUnit:set_disordered", "!MB", "", wr_melee_unit_set_disordered(a[0].p, a[1].i)) \
    X(munit_may_leave, "MeleeUnit:may_leave", "M", "b", wr_melee_unit_may_leave(a[0].p, WRL_OUT(0)))             \
    X(melee_may_start, "melee_may_start", "i", "b", wr_melee_may_start((wr_contact_move)a[0].i, WRL_OUT(0)))                     \
    X(advance_stop, "advance_stop", "iii", "ii", wr_advance_stop(a[0].i, a[1].i, a[2].i, WRL_OUT(0), WRL_OUT(1))) \
    X(dead_monster, "dead_monster", "Mbo", "iii",                                                              \
      wr_dead_monster(a[0].p, a[1].i, a[2].i, WRL_OUT(0), WRL_OUT(1), WRL_OUT(2)))                               \
    X(dead_monster_rng, "dead_monster_rng", "Mb!R", "iii",                                                     \
      wr_dead_monster_rng(a[0].p, a[1].i, a[2].p, WRL_OUT(0), WRL_OUT(1), WRL_OUT(2)))                           \
    X(melee_rule_name, "melee_rule_name", "i", "s", (r[0].s = wr_melee_rule_name((wr_melee_rule)a[0].i), WR_OK))               \
    X(melee_rule_source, "melee_rule_source", "i", "s", (r[0].s = wr_melee_rule_source((wr_melee_rule)a[0].i), WR_OK))         \
    X(modifier_name, "modifier_name", "i", "s", (r[0].s = wr_modifier_name((wr_modifier)a[0].i), WR_OK))                     \
    X(engagement_status, "Engagement:status", "E", "ii", wr_engagement_status(a[0].p, WRL_OUT(0), WRL_OUT(1)))   \
    X(odds_exponent, "MeleeOdds:exponent", "D", "i", wr_melee_odds_exponent(a[0].p, WRL_OUT(0)))                \
    X(odds_end, "MeleeOdds:end", "Di", "e", wr_melee_odds_end(a[0].p, (wr_melee_end)a[1].i, WRL_OUT(0)))                      \
    X(odds_end_e18, "MeleeOdds:end_e18", "Di", "e", wr_melee_odds_end(a[0].p, (wr_melee_end)a[1].i, WRL_OUT(0)))              \
    X(odds_figures, "MeleeOdds:figures", "Dii", "e", wr_melee_odds_figures(a[0].p, a[1].i, a[2].i, WRL_OUT(0))) \
    X(phase_count, "MeleePhase:count", "H", "i", wr_melee_phase_count(a[0].p, WRL_OUT(0)))                      \
    X(phase_dice_needed, "MeleePhase:dice_needed", "H", "z", wr_melee_phase_dice_needed(a[0].p, WRL_OUT(0)))

/* tostring(handle): X(id, "Type:__tostring", handle, results, call, format) */
#define MELEE_TOSTRING(X)                                                                                        \
    X(profile_tostring, "Profile:__tostring", "P", "i", wr_profile_race(a[0].p, WRL_OUT(0)),                     \
      "warrules.Profile(race %d)")                                                                               \
    X(chart_tostring, "HitChart:__tostring", "C", "s",                                                          \
      ((void)wr_hit_chart_is_complete(a[0].p, WRL_OUT(1)), r[0].s = r[1].i ? "complete" : "incomplete", WR_OK), \
      "warrules.HitChart(%s)")                                                                                   \
    X(munit_tostring, "MeleeUnit:__tostring", "M", "si", munit_text(a[0].p, r),                                 \
      "warrules.MeleeUnit(%s, %d figures)")                                                                      \
    X(engagement_tostring, "Engagement:__tostring", "E", "ii", wr_engagement_status(a[0].p, WRL_OUT(1), WRL_OUT(0)), \
      "warrules.Engagement(%d rounds, end %d)")                                                                  \
    X(odds_tostring, "MeleeOdds:__tostring", "D", "i", wr_melee_odds_exponent(a[0].p, WRL_OUT(0)),              \
      "warrules.MeleeOdds(exact in units of 10^-%d)")                                                            \
    X(odds_ws_tostring, "OddsWorkspace:__tostring", "W", "", WR_OK, "warrules.OddsWorkspace")                  \
    X(phase_tostring, "MeleePhase:__tostring", "H", "i", wr_melee_phase_count(a[0].p, WRL_OUT(0)),              \
      "warrules.MeleePhase(%d fights)")

MELEE_FNS(WRL_FN_THUNK)
MELEE_SFNS(WRL_SFN_THUNK)
MELEE_TOSTRING(WRL_SFN_THUNK)
MELEE_OWNER_SFNS(WRL_SFN_THUNK)
static const wrl_fn fns[] = {MELEE_FNS(WRL_FN_ENTRY) MELEE_SFNS(WRL_SFN_ENTRY) MELEE_TOSTRING(WRL_TOSTRING_ENTRY)
                                 MELEE_OWNER_SFNS(WRL_SFN_ENTRY) WRL_FN_END};

/* ---- registration -------------------------------------------------------- */

/* the constants of melee.h: generated (bindings/gen/gen_bindings.py) */
static const wrl_const consts[] = {WRL_CONSTANTS_MELEE {NULL, 0}};

void wrl_open_melee(lua_State *L)
{
    wrl_register_type(L, PROFILE_MT, "profile", NULL, fns, NULL, NULL, NULL);
    wrl_register_type(L, CHART_MT, "hit_chart", NULL, fns, NULL, NULL, NULL);
    static const luaL_Reg munit_methods[] = {
        {"set_hit_chart", munit_set_hit_chart}, {NULL, NULL}};
    wrl_register_type(L, MUNIT_MT, "melee_unit", munit_methods, fns, NULL, NULL, NULL);
    static const luaL_Reg engagement_methods[] = {
        {"set_morale", engagement_set_morale},
        {NULL, NULL}};
    wrl_register_type(L, ENGAGEMENT_MT, "engagement", engagement_methods, fns, NULL, NULL, NULL);
    wrl_register_type(L, ODDS_MT, "melee_odds", NULL, fns, NULL, NULL, NULL);
    static const luaL_Reg odds_ws_methods[] = {{NULL, NULL}};
    wrl_register_type(L, ODDS_WS_MT, "odds_workspace", odds_ws_methods, fns, NULL,
                      NULL, NULL);
    static const luaL_Reg phase_methods[] = {
        {"set_morale", phase_set_morale}, {"add", phase_add},
        {NULL, NULL}};
    wrl_register_type(L, PHASE_MT, "melee_phase", phase_methods, fns, NULL, NULL, NULL);
    luaL_getmetatable(L, PHASE_MT); /* #phase: the row MeleePhase:count */
    lua_getfield(L, -1, "__index");
    lua_getfield(L, -1, "count");
    lua_setfield(L, -3, "__len");
    lua_pop(L, 2);
    static const luaL_Reg others[] = {
        {"morale_sample", l_morale_sample}, {"melee_rounds_batch", l_melee_rounds_batch}, {NULL, NULL}};
    luaL_setfuncs(L, others, 0);
    wrl_set_fns(L, fns);
    static const wrl_alias also[] = {
        {"profile_new", "Profile"}, {"hit_chart_new", "HitChart"}, {"odds_workspace_new", "OddsWorkspace"},
        {"melee_unit_new", "MeleeUnit"}, {"engagement_new", "Engagement"}, {"melee_odds_new", "MeleeOdds"},
        {"melee_phase_new", "MeleePhase"}, {NULL, NULL}};
    for (const wrl_alias *x = also; x->old_name != NULL; x++) {
        lua_getfield(L, -1, x->new_name);
        lua_setfield(L, -2, x->old_name);
    }
    /* the engagement's methods that are module functions (their names in errors) */
    wrl_set_method(L, ENGAGEMENT_MT, "engagement", "odds", "MeleeOdds");
    wrl_set_method(L, ENGAGEMENT_MT, "engagement", "odds_ws", "melee_odds_new_ws");
    wrl_set_method(L, ENGAGEMENT_MT, "engagement", "simulate", "melee_simulate");
    wrl_set_consts(L, consts);
}

/* ---- shared with advisor.c (melee_lua.h) --------------------------------- */

eng_box *wrl_melee_begin_call(lua_State *L, int eng, int rng)
{
    return begin_call(L, eng, rng);
}

void wrl_melee_end_call(lua_State *L, eng_box *eb, int rng)
{
    end_call(L, eb, rng);
}

wr_status wrl_melee_lua_morale(void *user, const wr_morale_test *test, wr_morale_odds *odds)
{
    return lua_morale(user, test, odds);
}

int wrl_melee_phase_morale_call(lua_State *L)
{
    return phase_morale_call(L);
}

int wrl_melee_morale_call(lua_State *L)
{
    return morale_call(L);
}

void wrl_melee_read_phase_side(lua_State *L, int arg, wr_phase_combatant *s)
{
    read_phase_side(L, arg, s);
}

void wrl_melee_push_event(lua_State *L, const wr_melee_event *e)
{
    wrl_push_fields(L, e, event_fields);
}
