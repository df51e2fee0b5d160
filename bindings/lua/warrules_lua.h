/* Shared helpers of the Lua binding: handles as userdata, statuses as errors. */
#ifndef WARRULES_LUA_H
#define WARRULES_LUA_H

#include <lauxlib.h>
#include <lua.h>

#include "warrules/warrules.h"

/* Raises a Lua error with exactly this message (no position prefix), so that
   a message can start with the status name. */
int wrl_fail(lua_State *L, const char *fmt, ...);
/* Raises a Lua error whose message starts with the status name. */
int wrl_check(lua_State *L, wr_status status, const char *what);
/* A truth-value argument: a boolean, or an integer (0 false). */
int wrl_truth(lua_State *L, int arg);
/* An integer argument that must fit in a C int. */
int wrl_int(lua_State *L, int arg);
unsigned wrl_uint(lua_State *L, int arg, unsigned dflt);

/* A userdata box holding one handle pointer; NULL once closed. */
typedef struct wrl_box {
    void *ptr;
} wrl_box;

void *wrl_new_box(lua_State *L, const char *metatable, void *ptr);
void *wrl_check_handle(lua_State *L, int arg, const char *metatable);
void wrl_register_type(lua_State *L, const char *metatable, const luaL_Reg *methods,
                       lua_CFunction close, lua_CFunction tostring, lua_CFunction index,
                       lua_CFunction newindex);
void wrl_set_int(lua_State *L, const char *name, lua_Integer value);

void wrl_open_core(lua_State *L);
void wrl_open_battlesystem(lua_State *L);
void wrl_open_melee(lua_State *L);
void wrl_open_campaign(lua_State *L);

#endif
