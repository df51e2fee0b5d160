/* Lua binding of warrules/campaign.h. */
#include "warrules_lua.h"

static int l_river_crossing(lua_State *L)
{
    int extra = 0, days = 0, unformed = 0;
    wrl_check(L, wr_river_crossing((wr_arm)wrl_int(L, 1), (wr_river)wrl_int(L, 2),
                                   (wr_crossing)wrl_int(L, 3), wrl_int(L, 4), &extra, &days, &unformed),
              "river_crossing");
    lua_pushinteger(L, extra);
    lua_pushinteger(L, days);
    lua_pushinteger(L, unformed);
    return 3;
}

static int l_half_die(lua_State *L)
{
    int half = 0;
    wrl_check(L, wr_half_die(wrl_int(L, 1), &half), "half_die");
    lua_pushinteger(L, half);
    return 1;
}

static int l_stragglers(lua_State *L)
{
    int lost = 0;
    wrl_check(L, wr_stragglers(wrl_int(L, 1), wrl_int(L, 2), &lost), "stragglers");
    lua_pushinteger(L, lost);
    return 1;
}

static int l_raft_timber(lua_State *L)
{
    int enough = 0;
    wrl_check(L, wr_raft_timber(wrl_int(L, 1), wrl_truth(L, 2), &enough), "raft_timber");
    lua_pushboolean(L, enough);
    return 1;
}

void wrl_open_campaign(lua_State *L)
{
    static const luaL_Reg fns[] = {
        {"river_crossing", l_river_crossing}, {"half_die", l_half_die},
        {"stragglers", l_stragglers}, {"raft_timber", l_raft_timber}, {NULL, NULL}};
    luaL_setfuncs(L, fns, 0);
    wrl_set_int(L, "ARM_INFANTRY", WR_ARM_INFANTRY);
    wrl_set_int(L, "ARM_CAVALRY", WR_ARM_CAVALRY);
    wrl_set_int(L, "RIVER_MINOR", WR_RIVER_MINOR);
    wrl_set_int(L, "RIVER_MAJOR", WR_RIVER_MAJOR);
    wrl_set_int(L, "CROSS_OPEN", WR_CROSS_OPEN);
    wrl_set_int(L, "CROSS_BRIDGE", WR_CROSS_BRIDGE);
    wrl_set_int(L, "CROSS_FERRY", WR_CROSS_FERRY);
    wrl_set_int(L, "CROSS_FORD", WR_CROSS_FORD);
}
