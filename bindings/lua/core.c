/* Lua binding of warrules/core.h: statuses, version, dice. */
#include <stdint.h>

#include "warrules_lua.h"

#define RNG_MT "warrules.Rng"

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

static int rng_new(lua_State *L)
{
    uint64_t seed = (uint64_t)luaL_optinteger(L, 1, 0); /* all 64 bits of a Lua integer */
    wrl_box *box = wrl_new_box(L, RNG_MT, NULL);
    wr_rng *rng = NULL;
    wrl_check(L, wr_rng_new(seed, &rng), "Rng");
    box->ptr = rng;
    return 1;
}

static int rng_roll(lua_State *L)
{
    wr_rng *rng = wrl_check_handle(L, 1, RNG_MT);
    int roll = 0;
    wrl_check(L, wr_rng_roll(rng, wrl_int(L, 2), &roll), "Rng:roll");
    lua_pushinteger(L, roll);
    return 1;
}

static int rng_clone(lua_State *L)
{
    wr_rng *rng = wrl_check_handle(L, 1, RNG_MT);
    wrl_box *box = wrl_new_box(L, RNG_MT, NULL);
    wr_rng *copy = NULL;
    wrl_check(L, wr_rng_clone(rng, &copy), "Rng:clone");
    box->ptr = copy;
    return 1;
}

static int rng_close(lua_State *L)
{
    wrl_box *box = luaL_checkudata(L, 1, RNG_MT);
    wr_rng_free(box->ptr);
    box->ptr = NULL;
    return 0;
}

static int rng_tostring(lua_State *L)
{
    wrl_box *box = luaL_checkudata(L, 1, RNG_MT);
    lua_pushstring(L, box->ptr ? "warrules.Rng" : "warrules.Rng (closed)");
    return 1;
}

void wrl_open_core(lua_State *L)
{
    static const luaL_Reg rng_methods[] = {{"roll", rng_roll}, {"clone", rng_clone}, {NULL, NULL}};
    wrl_register_type(L, RNG_MT, rng_methods, rng_close, rng_tostring, NULL, NULL);
    static const luaL_Reg fns[] = {
        {"status_name", l_status_name}, {"status_str", l_status_str}, {"version", l_version},
        {"version_number", l_version_number}, {"Rng", rng_new}, {NULL, NULL}};
    luaL_setfuncs(L, fns, 0);
    wrl_set_int(L, "OK", WR_OK);
    wrl_set_int(L, "ERR_NULL", WR_ERR_NULL);
    wrl_set_int(L, "ERR_RANGE", WR_ERR_RANGE);
    wrl_set_int(L, "ERR_INVALID", WR_ERR_INVALID);
    wrl_set_int(L, "ERR_NOMEM", WR_ERR_NOMEM);
    wrl_set_int(L, "ERR_FORBIDDEN", WR_ERR_FORBIDDEN);
    wrl_set_int(L, "ERR_STATE", WR_ERR_STATE);
}
