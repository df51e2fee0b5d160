/* The Lua 5.4 module `warrules`: luaopen_warrules and the shared helpers. */
#include <limits.h>
#include <stdarg.h>
#include <stdint.h>

#include "warrules_lua.h"

int wrl_fail(lua_State *L, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    lua_pushvfstring(L, fmt, ap);
    va_end(ap);
    return lua_error(L);
}

int wrl_check(lua_State *L, wr_status status, const char *what)
{
    if (status != WR_OK)
        return wrl_fail(L, "%s: %s (%s)", wr_status_name(status), wr_status_str(status), what);
    return 0;
}

int wrl_truth(lua_State *L, int arg)
{
    if (lua_isnoneornil(L, arg))
        return 0;
    if (lua_isboolean(L, arg))
        return lua_toboolean(L, arg);
    return luaL_checkinteger(L, arg) != 0;
}

int wrl_int(lua_State *L, int arg)
{
    lua_Integer v = luaL_checkinteger(L, arg);
    if (v < INT_MIN || v > INT_MAX)
        return wrl_fail(L, "WR_ERR_RANGE: argument #%d does not fit in a C int", arg);
    return (int)v;
}

unsigned wrl_uint(lua_State *L, int arg, unsigned dflt)
{
    lua_Integer v = luaL_optinteger(L, arg, (lua_Integer)dflt);
    if (v < 0 || v > (lua_Integer)UINT32_MAX)
        return (unsigned)wrl_fail(L, "WR_ERR_RANGE: argument #%d is not a 32-bit flag set", arg);
    return (unsigned)v;
}

void *wrl_new_box(lua_State *L, const char *metatable, void *ptr)
{
    wrl_box *box = lua_newuserdatauv(L, sizeof *box, 0);
    box->ptr = ptr;
    luaL_setmetatable(L, metatable);
    return box;
}

void *wrl_check_handle(lua_State *L, int arg, const char *metatable)
{
    wrl_box *box = luaL_checkudata(L, arg, metatable);
    if (box->ptr == NULL)
        wrl_fail(L, "WR_ERR_STATE: the %s is closed", metatable);
    return box->ptr;
}

void wrl_register_type(lua_State *L, const char *metatable, const luaL_Reg *methods,
                       lua_CFunction close, lua_CFunction tostring, lua_CFunction index,
                       lua_CFunction newindex)
{
    luaL_newmetatable(L, metatable);
    lua_pushcfunction(L, close);
    lua_setfield(L, -2, "__gc");
    lua_pushcfunction(L, close);
    lua_setfield(L, -2, "__close");
    lua_pushcfunction(L, tostring);
    lua_setfield(L, -2, "__tostring");
    lua_newtable(L); /* the methods table, also holding close */
    luaL_setfuncs(L, methods, 0);
    lua_pushcfunction(L, close);
    lua_setfield(L, -2, "close");
    if (index != NULL) {
        lua_setfield(L, -2, "methods");
        lua_pushcfunction(L, index);
        lua_setfield(L, -2, "__index");
    } else {
        lua_setfield(L, -2, "__index");
    }
    if (newindex != NULL) {
        lua_pushcfunction(L, newindex);
        lua_setfield(L, -2, "__newindex");
    }
    lua_pop(L, 1);
}

void wrl_set_int(lua_State *L, const char *name, lua_Integer value)
{
    lua_pushinteger(L, value);
    lua_setfield(L, -2, name);
}

int luaopen_warrules(lua_State *L);

int luaopen_warrules(lua_State *L)
{
    lua_newtable(L);
    wrl_open_core(L);
    wrl_open_battlesystem(L);
    wrl_open_melee(L);
    wrl_open_campaign(L);
    return 1;
}
