/* Lua binding of warrules/battlesystem.h. */
#include <stdint.h>
#include <string.h>

#include "warrules_lua.h"

#define FIGURE_MT "warrules.Figure"

static const char *const stat_names[] = {"ar", "hd", "ac", "mv", "sa", "sd"};

static int stat_of(const char *name)
{
    for (int i = 0; i < 6; i++)
        if (strcmp(name, stat_names[i]) == 0)
            return i;
    return -1;
}

static int figure_close(lua_State *L)
{
    wrl_box *box = luaL_checkudata(L, 1, FIGURE_MT);
    wr_figure_free(box->ptr);
    box->ptr = NULL;
    return 0;
}

static void set_stat(lua_State *L, wr_figure *fig, int stat, int arg)
{
    lua_Integer v = luaL_checkinteger(L, arg);
    int value;
    if (stat == WR_STAT_SA || stat == WR_STAT_SD) {
        if (v < INT32_MIN || v > (lua_Integer)UINT32_MAX)
            wrl_fail(L, "WR_ERR_RANGE: %s is a 32-bit pattern", stat_names[stat]);
        value = (int)(int32_t)(uint32_t)(v & 0xFFFFFFFF);
    } else {
        value = wrl_int(L, arg);
    }
    wrl_check(L, wr_figure_set(fig, (wr_stat)stat, value), "Figure");
}

static int figure_add_damage(lua_State *L)
{
    wr_figure *fig = wrl_check_handle(L, 1, FIGURE_MT);
    int bonus = lua_isnoneornil(L, 4) ? 0 : wrl_int(L, 4);
    wrl_check(L, wr_figure_add_damage(fig, wrl_int(L, 2), wrl_int(L, 3), bonus), "Figure:add_damage");
    return 0;
}

static int figure_damage_range(lua_State *L)
{
    wr_figure *fig = wrl_check_handle(L, 1, FIGURE_MT);
    int lo = 0, hi = 0;
    wrl_check(L, wr_figure_damage_range(fig, &lo, &hi), "Figure:damage_range");
    lua_pushinteger(L, lo);
    lua_pushinteger(L, hi);
    return 2;
}

static int figure_index(lua_State *L)
{
    const char *key = luaL_checkstring(L, 2);
    int stat = stat_of(key);
    if (stat < 0) {
        luaL_getmetafield(L, 1, "methods");
        lua_getfield(L, -1, key);
        return 1;
    }
    wr_figure *fig = wrl_check_handle(L, 1, FIGURE_MT);
    int value = 0;
    wrl_check(L, wr_figure_get(fig, (wr_stat)stat, &value), "Figure");
    if (stat == WR_STAT_SA || stat == WR_STAT_SD)
        lua_pushinteger(L, (lua_Integer)(uint32_t)value);
    else
        lua_pushinteger(L, value);
    return 1;
}

static int figure_newindex(lua_State *L)
{
    const char *key = luaL_checkstring(L, 2);
    int stat = stat_of(key);
    if (stat < 0)
        return wrl_fail(L, "WR_ERR_INVALID: a Figure has no field '%s'", key);
    set_stat(L, wrl_check_handle(L, 1, FIGURE_MT), stat, 3);
    return 0;
}

static int figure_tostring(lua_State *L)
{
    wrl_box *box = luaL_checkudata(L, 1, FIGURE_MT);
    if (box->ptr == NULL) {
        lua_pushstring(L, "warrules.Figure (closed)");
        return 1;
    }
    int v[6] = {0}, lo = 0, hi = 0;
    for (int i = 0; i < 6; i++)
        (void)wr_figure_get(box->ptr, (wr_stat)i, &v[i]);
    (void)wr_figure_damage_range(box->ptr, &lo, &hi);
    lua_pushfstring(L, "warrules.Figure(ar=%d, hd=%d, ac=%d, mv=%d, damage %d-%d)", v[0], v[1], v[2],
                    v[3], lo, hi);
    return 1;
}

static wr_figure **push_new_figure(lua_State *L)
{
    wrl_box *box = wrl_new_box(L, FIGURE_MT, NULL);
    return (wr_figure **)&box->ptr;
}

/* Figure{ar=, hd=, ac=, mv=, sa=, sd=, damage={{dice, sides, bonus}, ...}} */
static int figure_new(lua_State *L)
{
    int has_table = !lua_isnoneornil(L, 1);
    if (has_table)
        luaL_checktype(L, 1, LUA_TTABLE);
    wr_figure **slot = push_new_figure(L);
    int fig_index = lua_gettop(L);
    wrl_check(L, wr_figure_new(slot), "Figure");
    if (!has_table)
        return 1;
    for (int i = 0; i < 6; i++) {
        if (lua_getfield(L, 1, stat_names[i]) != LUA_TNIL)
            set_stat(L, *slot, i, lua_gettop(L));
        lua_pop(L, 1);
    }
    if (lua_getfield(L, 1, "damage") != LUA_TNIL) {
        luaL_checktype(L, -1, LUA_TTABLE);
        lua_Integer n = luaL_len(L, -1);
        for (lua_Integer k = 1; k <= n; k++) {
            lua_geti(L, -1, k);
            luaL_checktype(L, -1, LUA_TTABLE);
            int triple = lua_gettop(L);
            lua_geti(L, triple, 1);
            lua_geti(L, triple, 2);
            lua_geti(L, triple, 3);
            int bonus = lua_isnil(L, -1) ? 0 : wrl_int(L, -1);
            wrl_check(L, wr_figure_add_damage(*slot, wrl_int(L, -3), wrl_int(L, -2), bonus), "Figure");
            lua_settop(L, triple - 1);
        }
    }
    lua_settop(L, fig_index);
    return 1;
}

static int l_rate_cavalry(lua_State *L)
{
    wr_figure *rider = wrl_check_handle(L, 1, FIGURE_MT);
    wr_figure *mount = wrl_check_handle(L, 2, FIGURE_MT);
    wr_figure **slot = push_new_figure(L);
    wrl_check(L, wr_rate_cavalry(rider, mount, slot), "rate_cavalry");
    return 1;
}

/* Reads a sequence of Figures at arg into a Lua-owned array. */
static const wr_figure **figure_array(lua_State *L, int arg, size_t *n)
{
    luaL_checktype(L, arg, LUA_TTABLE);
    lua_Integer len = luaL_len(L, arg);
    if (len < 0 || len > 1000)
        wrl_fail(L, "WR_ERR_RANGE: argument #%d has %d figures", arg, (int)len);
    const wr_figure **figs = lua_newuserdatauv(L, sizeof *figs * (size_t)(len ? len : 1), 0);
    for (lua_Integer i = 1; i <= len; i++) {
        lua_geti(L, arg, i);
        figs[i - 1] = wrl_check_handle(L, -1, FIGURE_MT);
        lua_pop(L, 1);
    }
    *n = (size_t)len;
    return figs;
}

static int l_rate_chariot(lua_State *L)
{
    size_t np = 0, nq = 0;
    const wr_figure **passengers = figure_array(L, 1, &np);
    const wr_figure **pullers = figure_array(L, 2, &nq);
    wr_figure **slot = push_new_figure(L);
    wrl_check(L, wr_rate_chariot(passengers, np, pullers, nq, slot), "rate_chariot");
    return 1;
}

static int l_terrain_speed(lua_State *L)
{
    int num = 0, den = 0;
    wrl_check(L, wr_terrain_speed((wr_terrain)wrl_int(L, 1), wrl_uint(L, 2, 0), &num, &den),
              "terrain_speed");
    lua_pushinteger(L, num);
    lua_pushinteger(L, den);
    return 2;
}

void wrl_open_battlesystem(lua_State *L)
{
    static const luaL_Reg figure_methods[] = {
        {"add_damage", figure_add_damage}, {"damage_range", figure_damage_range}, {NULL, NULL}};
    wrl_register_type(L, FIGURE_MT, figure_methods, figure_close, figure_tostring, figure_index,
                      figure_newindex);
    static const luaL_Reg fns[] = {
        {"Figure", figure_new}, {"rate_cavalry", l_rate_cavalry}, {"rate_chariot", l_rate_chariot},
        {"terrain_speed", l_terrain_speed}, {NULL, NULL}};
    luaL_setfuncs(L, fns, 0);
    static const char *const stats[] = {"STAT_AR", "STAT_HD", "STAT_AC", "STAT_MV", "STAT_SA", "STAT_SD"};
    for (int i = 0; i < 6; i++)
        wrl_set_int(L, stats[i], i);
    static const char *const terrains[] = {"TERRAIN_CLEAR", "TERRAIN_ROAD", "TERRAIN_WOODS",
                                           "TERRAIN_ROUGH", "TERRAIN_SWAMP", "TERRAIN_WATER"};
    for (int i = 0; i < 6; i++)
        wrl_set_int(L, terrains[i], i);
    wrl_set_int(L, "TRAIT_WOODLAND", WR_TRAIT_WOODLAND);
    wrl_set_int(L, "TRAIT_MOUNTAIN", WR_TRAIT_MOUNTAIN);
    wrl_set_int(L, "TRAIT_SWAMP", WR_TRAIT_SWAMP);
    wrl_set_int(L, "TRAIT_AQUATIC", WR_TRAIT_AQUATIC);
}
