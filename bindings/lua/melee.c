/* Lua binding of warrules/melee.h. */
#include "warrules_lua.h"

static int l_reach_ranks(lua_State *L)
{
    int ranks = 0;
    wrl_check(L, wr_reach_ranks((wr_weapon)wrl_int(L, 1), wrl_truth(L, 2), &ranks), "reach_ranks");
    lua_pushinteger(L, ranks);
    return 1;
}

static int l_fighting_figures(lua_State *L)
{
    int fighting = 0;
    wrl_check(L, wr_fighting_figures(wrl_int(L, 1), wrl_int(L, 2), wrl_int(L, 3), (wr_weapon)wrl_int(L, 4),
                                     wrl_uint(L, 5, 0), wrl_uint(L, 6, 0), &fighting),
              "fighting_figures");
    lua_pushinteger(L, fighting);
    return 1;
}

static int l_complete_ranks(lua_State *L)
{
    int ranks = 0;
    wrl_check(L, wr_complete_ranks(wrl_int(L, 1), wrl_int(L, 2), wrl_uint(L, 3, 0), &ranks),
              "complete_ranks");
    lua_pushinteger(L, ranks);
    return 1;
}

static int l_combat_percent(lua_State *L)
{
    int mcp = 0, fcp = 0;
    wrl_check(L, wr_combat_percent(wrl_int(L, 1), wrl_int(L, 2), wrl_int(L, 3), &mcp, &fcp),
              "combat_percent");
    lua_pushinteger(L, mcp);
    lua_pushinteger(L, fcp);
    return 2;
}

static int l_kills_from_percent(lua_State *L)
{
    int kills = 0;
    wrl_check(L, wr_kills_from_percent(wrl_int(L, 1), wrl_int(L, 2), &kills), "kills_from_percent");
    lua_pushinteger(L, kills);
    return 1;
}

void wrl_open_melee(lua_State *L)
{
    static const luaL_Reg fns[] = {
        {"reach_ranks", l_reach_ranks}, {"fighting_figures", l_fighting_figures},
        {"complete_ranks", l_complete_ranks}, {"combat_percent", l_combat_percent},
        {"kills_from_percent", l_kills_from_percent}, {NULL, NULL}};
    luaL_setfuncs(L, fns, 0);
    wrl_set_int(L, "WEAPON_OTHER", WR_WEAPON_OTHER);
    wrl_set_int(L, "WEAPON_SPEAR", WR_WEAPON_SPEAR);
    wrl_set_int(L, "WEAPON_POLEARM", WR_WEAPON_POLEARM);
    wrl_set_int(L, "WEAPON_PIKE", WR_WEAPON_PIKE);
    wrl_set_int(L, "SIDE_MOUNTED", WR_SIDE_MOUNTED);
    wrl_set_int(L, "SIDE_DISORDERED", WR_SIDE_DISORDERED);
    wrl_set_int(L, "SIDE_SWARM", WR_SIDE_SWARM);
    wrl_set_int(L, "SIDE_FLYING", WR_SIDE_FLYING);
    wrl_set_int(L, "SIDE_FLANKED", WR_SIDE_FLANKED);
}
