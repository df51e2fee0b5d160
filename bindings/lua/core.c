/* Lua binding of warrules/core.h: statuses, version, dice. */
#include <stdint.h>

#include "warrules_lua.h"

static int l_status_name(lua_State *L)
{
    lua_pushstring(L, wr_status_name((wr_status)wrl_int(L, 1)));
    return 1;
}

static int l_status_str(lua_State *L)
{
    lua_pushstring(L, wr_status_str((wr_status)wrl_int(L, 1)));
    return 1;
}

static int l_version(lua_State *L)
{
    lua_pushstring(L, wr_version());
    return 1;
}

static int l_version_number(lua_State *L)
{
    lua_pushinteger(L, wr_version_number());
    return 1;
}

static int l_last_error(lua_State *L)
{
    lua_pushstring(L, wr_last_error());
    return 1;
}

static int l_clear_error(lua_State *L)
{
    (void)L;
    wr_clear_error();
    return 0;
}

/* last_error_detail() -> {status=, function=, argument=, value=, expected=} */
static int l_last_error_detail(lua_State *L)
{
    wr_error e;
    wr_last_error_detail(&e);
    lua_createtable(L, 0, 5);
    lua_pushinteger(L, e.status);
    lua_setfield(L, -2, "status");
    lua_pushstring(L, e.function);
    lua_setfield(L, -2, "function");
    lua_pushstring(L, e.argument);
    lua_setfield(L, -2, "argument");
    if (e.has_value) {
        lua_pushinteger(L, (lua_Integer)e.value);
        lua_setfield(L, -2, "value");
    }
    lua_pushstring(L, e.expected);
    lua_setfield(L, -2, "expected");
    return 1;
}

static void rng_free(void *p)
{
    wr_rng_free(p);
}

/* Rng(seed): seed is any Lua integer, its 64 bits taken as unsigned. */
static int rng_new(lua_State *L)
{
    uint64_t seed = lua_isnoneornil(L, 1) ? 0 : (uint64_t)wrl_integer(L, 1);
    wrl_box *box = wrl_new_box(L, WRL_RNG_MT, sizeof(wrl_box), 0, 0, rng_free);
    wr_allocator a = wrl_allocator(L);
    wr_rng *rng = NULL;
    wrl_check(L, wr_rng_new_ex(seed, &a, &rng), "Rng");
    box->ptr = rng;
    return 1;
}

static int rng_roll(lua_State *L)
{
    wr_rng *rng = wrl_check_mutable(L, 1, WRL_RNG_MT);
    int roll = 0;
    wrl_check(L, wr_rng_roll(rng, wrl_int(L, 2), &roll), "Rng:roll");
    lua_pushinteger(L, roll);
    return 1;
}

static int rng_clone(lua_State *L)
{
    wr_rng *rng = wrl_check_handle(L, 1, WRL_RNG_MT);
    wrl_box *box = wrl_new_box(L, WRL_RNG_MT, sizeof(wrl_box), 0, 0, rng_free);
    wr_rng *copy = NULL;
    wrl_check(L, wr_rng_clone(rng, &copy), "Rng:clone");
    box->ptr = copy;
    return 1;
}

static int rng_tostring(lua_State *L)
{
    if (!wrl_tostring_closed(L, 1, WRL_RNG_MT))
        lua_pushstring(L, "warrules.Rng");
    return 1;
}

void wrl_open_core(lua_State *L)
{
    static const luaL_Reg rng_methods[] = {{"roll", rng_roll}, {"clone", rng_clone}, {NULL, NULL}};
    wrl_register_type(L, WRL_RNG_MT, "rng", rng_methods, rng_tostring, NULL, NULL);
    static const luaL_Reg fns[] = {{"status_name", l_status_name},
                                   {"status_str", l_status_str},
                                   {"version", l_version},
                                   {"version_number", l_version_number},
                                   {"last_error", l_last_error},
                                   {"clear_error", l_clear_error},
                                   {"last_error_detail", l_last_error_detail},
                                   {"Rng", rng_new},
                                   {"rng_new", rng_new},
                                   {NULL, NULL}};
    luaL_setfuncs(L, fns, 0);
    static const wrl_const consts[] = {{"OK", WR_OK},
                                       {"ERR_NULL", WR_ERR_NULL},
                                       {"ERR_RANGE", WR_ERR_RANGE},
                                       {"ERR_INVALID", WR_ERR_INVALID},
                                       {"ERR_NOMEM", WR_ERR_NOMEM},
                                       {"ERR_FORBIDDEN", WR_ERR_FORBIDDEN},
                                       {"ERR_STATE", WR_ERR_STATE},
                                       {"VERSION_MAJOR", WR_VERSION_MAJOR},
                                       {"VERSION_MINOR", WR_VERSION_MINOR},
                                       {"VERSION_PATCH", WR_VERSION_PATCH},
                                       {"VERSION_NUMBER", WR_VERSION_NUMBER},
                                       {NULL, 0}};
    wrl_set_consts(L, consts);
    lua_pushstring(L, WR_VERSION_STRING);
    lua_setfield(L, -2, "VERSION_STRING");
}
