/* Lua binding of warrules/core.h: statuses, version, dice. */
#include <stdint.h>

#include "warrules_lua.h"

#define CORE_FNS(X)                                                                                \
    X(status_name, "status_name", "i", "s", (r[0].s = wr_status_name((wr_status)a[0].i), WR_OK))             \
    X(status_str, "status_str", "i", "s", (r[0].s = wr_status_str((wr_status)a[0].i), WR_OK))                \
    X(version, "version", "", "s", (r[0].s = wr_version(), WR_OK))                                 \
    X(version_number, "version_number", "", "i", (r[0].i = wr_version_number(), WR_OK))           \
    X(last_error, "last_error", "", "s", (r[0].s = wr_last_error(), WR_OK))                        \
    X(clear_error, "clear_error", "", "", (wr_last_error_clear(), WR_OK))                               \
    X(rng_roll, "Rng:roll", "!Ri", "i", wr_rng_roll(a[0].p, a[1].i, WRL_OUT(0)))

/* Rng(seed): seed is any Lua integer (or a string of one), its 64 bits
   taken as unsigned (0 when none or nil). */
/* last_error_detail() -> {status =, function =, argument =, value = (when
   recorded), expected =} */
static void error_push(lua_State *L, const void *base)
{
    const wr_error *e = base;
    lua_createtable(L, 0, 5);
    lua_pushinteger(L, e->status);
    lua_setfield(L, -2, "status");
    lua_pushstring(L, e->function);
    lua_setfield(L, -2, "function");
    lua_pushstring(L, e->argument);
    lua_setfield(L, -2, "argument");
    if (e->has_value) {
        wrl_push_int64(L, e->value);
        lua_setfield(L, -2, "value");
    }
    lua_pushstring(L, e->expected);
    lua_setfield(L, -2, "expected");
}
static const wrl_struct error_st = {"an error", sizeof(wr_error), NULL, NULL, NULL, NULL, error_push, NULL};

#define CORE_SFNS(X)                                                                               \
    X(last_error_detail, "last_error_detail", "", "t", (wr_last_error_detail(r[0].p), WR_OK), &error_st) \
    X(rng_new, "Rng", "x", "+R", WRL_CALL_RNG_NEW_EX, NULL)                                        \
    X(rng_clone, "Rng:clone", "R", "+R", WRL_CALL_RNG_CLONE, NULL)

/* tostring(handle): X(id, "Type:__tostring", handle, results, call, format) */
#define CORE_TOSTRING(X) X(rng_tostring, "Rng:__tostring", "R", "", WR_OK, "warrules.Rng")

CORE_FNS(WRL_FN_THUNK)
CORE_SFNS(WRL_SFN_THUNK)
CORE_TOSTRING(WRL_SFN_THUNK)
static const wrl_fn fns[] = {CORE_FNS(WRL_FN_ENTRY) CORE_SFNS(WRL_SFN_ENTRY) CORE_TOSTRING(WRL_TOSTRING_ENTRY)
                                 WRL_FN_END};

void wrl_open_core(lua_State *L)
{
    wrl_register_type(L, WRL_RNG_MT, "rng", NULL, fns, NULL, NULL, NULL);
    wrl_set_fns(L, fns);
    lua_getfield(L, -1, "Rng");
    lua_setfield(L, -2, "rng_new");
    /* the constants of core.h: generated (bindings/gen/gen_bindings.py) */
    static const wrl_const consts[] = {WRL_CONSTANTS_CORE {NULL, 0}};
    wrl_set_consts(L, consts);
    lua_pushstring(L, WR_VERSION_STRING);
    lua_setfield(L, -2, "VERSION_STRING");
}
