/* The Lua C API of 5.3/5.4 that the binding uses, on Lua 5.1, 5.2 and
   LuaJIT 2.1 (the 5.1 API) too: functions missing from an older API are
   defined here, and those whose result changed (lua_getfield returning the
   type, ...) are wrapped. Numbers: see wrl_tointeger and wrl_push_int64. */
#ifndef WARRULES_LUA_COMPAT_H
#define WARRULES_LUA_COMPAT_H

#include <lauxlib.h>
#include <lua.h>

#ifndef LUA_OK
#define LUA_OK 0
#endif

/* 1 where Lua has a 64-bit integer subtype (5.3, 5.4); 0 where every number
   is a double (5.1, 5.2, LuaJIT), exact for integers up to 2^53 only. */
#if LUA_VERSION_NUM >= 503
#define WRL_HAS_INTEGERS 1
#else
#define WRL_HAS_INTEGERS 0
#endif

#if LUA_VERSION_NUM < 502 /* Lua 5.1 and LuaJIT */

#define lua_rawlen(L, i) lua_objlen(L, i)

static inline int wrl_compat_absindex(lua_State *L, int i)
{
    return i > 0 || i <= LUA_REGISTRYINDEX ? i : lua_gettop(L) + 1 + i;
}
#define lua_absindex(L, i) wrl_compat_absindex(L, i)

static inline void wrl_compat_setfuncs(lua_State *L, const luaL_Reg *l, int nup)
{
    luaL_checkstack(L, nup + 1, "too many upvalues");
    for (; l->name != NULL; l++) {
        for (int i = 0; i < nup; i++)
            lua_pushvalue(L, -nup);
        lua_pushcclosure(L, l->func, nup);
        lua_setfield(L, -(nup + 2), l->name);
    }
    lua_pop(L, nup);
}
#define luaL_setfuncs(L, l, n) wrl_compat_setfuncs(L, l, n)

static inline void *wrl_compat_testudata(lua_State *L, int i, const char *tname)
{
    void *p = lua_touserdata(L, i);
    if (p == NULL || !lua_getmetatable(L, i))
        return NULL;
    luaL_getmetatable(L, tname);
    int same = lua_rawequal(L, -1, -2);
    lua_pop(L, 2);
    return same ? p : NULL;
}
#define luaL_testudata(L, i, t) wrl_compat_testudata(L, i, t)

static inline void wrl_compat_setmetatable(lua_State *L, const char *tname)
{
    luaL_getmetatable(L, tname);
    lua_setmetatable(L, -2);
}
#define luaL_setmetatable(L, t) wrl_compat_setmetatable(L, t)

#endif /* < 5.2 */

#if LUA_VERSION_NUM < 502
/* tostring(v) with __tostring, as luaL_tolstring of 5.2. */
static inline const char *wrl_compat_tolstring(lua_State *L, int i, size_t *len)
{
    if (!luaL_callmeta(L, i, "__tostring")) {
        switch (lua_type(L, i)) {
        case LUA_TNUMBER:
        case LUA_TSTRING:
            lua_pushvalue(L, i);
            break;
        case LUA_TBOOLEAN:
            lua_pushstring(L, lua_toboolean(L, i) ? "true" : "false");
            break;
        case LUA_TNIL:
            lua_pushliteral(L, "nil");
            break;
        default:
            lua_pushfstring(L, "%s: %p", luaL_typename(L, i), lua_topointer(L, i));
            break;
        }
    }
    return lua_tolstring(L, -1, len);
}
#define luaL_tolstring(L, i, n) wrl_compat_tolstring(L, i, n)
#endif

#if LUA_VERSION_NUM < 503
/* The getters of 5.3 return the type of the value they push. */
static inline int wrl_compat_getfield(lua_State *L, int i, const char *k)
{
    lua_getfield(L, i, k);
    return lua_type(L, -1);
}
static inline int wrl_compat_rawgeti(lua_State *L, int i, lua_Integer n)
{
    lua_rawgeti(L, i, (int)n);
    return lua_type(L, -1);
}
static inline void wrl_compat_rawseti(lua_State *L, int i, lua_Integer n)
{
    lua_rawseti(L, i, (int)n);
}
static inline int wrl_compat_rawget(lua_State *L, int i)
{
    lua_rawget(L, i);
    return lua_type(L, -1);
}
#define lua_getfield(L, i, k) wrl_compat_getfield(L, i, k)
#define lua_rawgeti(L, i, n) wrl_compat_rawgeti(L, i, n)
#define lua_rawget(L, i) wrl_compat_rawget(L, i)
#define lua_rawseti(L, i, n) wrl_compat_rawseti(L, i, n)
#define lua_seti(L, i, n) wrl_compat_rawseti(L, i, n)
#endif

/* Full userdata with nuv user values: 5.4 has them; before, a box with user
   values keeps them in a table, its environment (5.1, LuaJIT) or its user
   value (5.2, 5.3). Only boxes made with nuv > 0 may use the getters. */
#if LUA_VERSION_NUM < 504
static inline void *wrl_compat_newuserdatauv(lua_State *L, size_t size, int nuv)
{
    void *p = lua_newuserdata(L, size);
    if (nuv > 0) {
        lua_createtable(L, nuv, 0);
#if LUA_VERSION_NUM < 502
        lua_setfenv(L, -2);
#else
        lua_setuservalue(L, -2);
#endif
    }
    return p;
}
static inline void wrl_compat_uservalues(lua_State *L, int i)
{
#if LUA_VERSION_NUM < 502
    lua_getfenv(L, i);
#else
    lua_getuservalue(L, i);
#endif
}
static inline int wrl_compat_getiuservalue(lua_State *L, int i, int n)
{
    wrl_compat_uservalues(L, i);
    if (lua_type(L, -1) != LUA_TTABLE) {
        lua_pop(L, 1);
        lua_pushnil(L);
        return LUA_TNONE;
    }
    lua_rawgeti(L, -1, n);
    lua_remove(L, -2);
    return lua_type(L, -1);
}
/* Pops a value into user value n; 0 when the box has no user values. */
static inline int wrl_compat_setiuservalue(lua_State *L, int i, int n)
{
    i = lua_absindex(L, i);
    wrl_compat_uservalues(L, i);
    if (lua_type(L, -1) != LUA_TTABLE) {
        lua_pop(L, 2);
        return 0;
    }
    lua_insert(L, -2);
    lua_rawseti(L, -2, n);
    lua_pop(L, 1);
    return 1;
}
#define lua_newuserdatauv(L, s, n) wrl_compat_newuserdatauv(L, s, n)
#define lua_getiuservalue(L, i, n) wrl_compat_getiuservalue(L, i, n)
#define lua_setiuservalue(L, i, n) wrl_compat_setiuservalue(L, i, n)
#endif

#endif
