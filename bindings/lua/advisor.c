/* Lua bindings of the exact odds of a melee phase and the charge advisor
   (since 1.2): MeleePhase:odds(), MeleePhaseOdds, ChargeAdvisor and
   advise_charges{}. */
#include <stdint.h>
#include <string.h>

#include "melee_lua.h"

#define ODDS_MT WRL_PHASE_ODDS_MT
#define ADV_MT WRL_ADVISOR_MT

/* ---- the charge advisor -------------------------------------------------- */

/* set_morale(fn or nil) */
/* hand-written: a callback: the Lua morale function is kept in the box and called through lua_pcall */
static int advisor_set_morale(lua_State *L)
{
    wr_charge_advisor *adv = wrl_check_mutable(L, 1, ADV_MT);
    eng_box *ab = lua_touserdata(L, 1);
    if (lua_isnoneornil(L, 2)) {
        wrl_check(L, wr_charge_advisor_set_morale(adv, NULL, NULL), "ChargeAdvisor:set_morale");
        lua_pushnil(L);
    } else {
        if (lua_type(L, 2) != LUA_TFUNCTION)
            return wrl_fail(L, "WR_ERR_INVALID: argument #2: function expected, got %s",
                            luaL_typename(L, 2));
        wrl_check(L, wr_charge_advisor_set_morale(adv, wrl_melee_lua_morale, ab),
                  "ChargeAdvisor:set_morale");
        lua_pushvalue(L, 2);
    }
    lua_setiuservalue(L, 1, PHASE_MORALE);
    return 0;
}

/* add_fight(a, b): a fight going on, two phase sides (side 0 the game's unit) */
/* hand-written: ownership: the sides' units join the advisor's set (taken out again when the call fails) */
static int advisor_add_fight(lua_State *L)
{
    wr_charge_advisor *adv = wrl_check_mutable(L, 1, ADV_MT);
    wr_phase_fight f;
    wrl_melee_read_phase_side(L, 2, &f.side[0]);
    int ua = lua_gettop(L);
    wrl_melee_read_phase_side(L, 3, &f.side[1]);
    int ub = lua_gettop(L);
    int new_a = wrl_add_parent(L, 1, PHASE_UNITS, ua);
    int new_b = wrl_add_parent(L, 1, PHASE_UNITS, ub);
    wr_status st = wr_charge_advisor_add_fight(adv, &f);
    if (st != WR_OK) {
        if (new_b)
            wrl_remove_parent(L, 1, PHASE_UNITS, ub);
        if (new_a)
            wrl_remove_parent(L, 1, PHASE_UNITS, ua);
    }
    return wrl_check(L, st, "ChargeAdvisor:add_fight");
}

static const wrl_field option_fields[] = {
    WRL_FIELD(wr_charge_option, face, WRL_F_INT),
    WRL_FIELD(wr_charge_option, in_contact, WRL_F_INT),
    WRL_FIELD(wr_charge_option, enemy_in_contact, WRL_F_INT),
    WRL_FIELD(wr_charge_option, contact, WRL_F_INT),
    {NULL, 0, WRL_F_INT}};

/* The MeleeUnit in field `name` of the table at t, pushed. */
static wr_melee_unit *unit_field(lua_State *L, int t, const char *name)
{
    lua_getfield(L, t, name);
    if (lua_isnil(L, -1))
        wrl_fail(L, "WR_ERR_NULL: an option needs %s = a MeleeUnit", name);
    wrl_box *box = luaL_testudata(L, -1, WRL_MUNIT_MT);
    if (box == NULL)
        wrl_fail(L, "WR_ERR_INVALID: option.%s must be a %s, got %s", name, WRL_MUNIT_MT,
                 luaL_typename(L, -1));
    if (box->closed || box->ptr == NULL)
        wrl_fail(L, "WR_ERR_STATE: option.%s is closed", name);
    return box->ptr;
}

/* add_option{attacker =, enemy =, face =, in_contact =, enemy_in_contact =,
   contact = (CONTACT_CHARGE)} -> its index (from 0) */
/* hand-written: ownership: the option's units join the advisor's set (taken out again when the call fails) */
static int advisor_add_option(lua_State *L)
{
    static const char *const extra[] = {"attacker", "enemy", NULL};
    wr_charge_advisor *adv = wrl_check_mutable(L, 1, ADV_MT);
    wrl_check_table(L, 2);
    wrl_only_known(L, 2, "an option", option_fields, extra);
    wr_charge_option o;
    memset(&o, 0, sizeof o);
    o.face = WR_FACING_FRONT;
    o.contact = WR_CONTACT_CHARGE;
    wrl_read_fields(L, 2, &o, option_fields);
    o.attacker = unit_field(L, 2, "attacker");
    int ua = lua_gettop(L);
    o.enemy = unit_field(L, 2, "enemy");
    int ue = lua_gettop(L);
    int new_a = wrl_add_parent(L, 1, PHASE_UNITS, ua);
    int new_e = wrl_add_parent(L, 1, PHASE_UNITS, ue);
    int index = -1;
    wr_status st = wr_charge_advisor_add_option(adv, &o, &index);
    if (st != WR_OK) {
        if (new_e)
            wrl_remove_parent(L, 1, PHASE_UNITS, ue);
        if (new_a)
            wrl_remove_parent(L, 1, PHASE_UNITS, ua);
        return wrl_check(L, st, "ChargeAdvisor:add_option");
    }
    lua_pushinteger(L, index);
    return 1;
}

static const wrl_field params_fields[] = {
    WRL_FIELD(wr_charge_advisor_params, aim, WRL_F_INT),
    WRL_FIELD(wr_charge_advisor_params, fates, WRL_F_UINT),
    WRL_FIELD(wr_charge_advisor_params, break_weight, WRL_F_INT),
    WRL_FIELD(wr_charge_advisor_params, inflicted_weight, WRL_F_INT),
    WRL_FIELD(wr_charge_advisor_params, lost_weight, WRL_F_INT),
    WRL_FIELD(wr_charge_advisor_params, max_rounds, WRL_F_INT),
    WRL_FIELD(wr_charge_advisor_params, top, WRL_F_INT),
    {NULL, 0, WRL_F_INT}};

/* Reads params (a table; none or nil: the defaults, row kind T) at arg over
   the defaults; target = a MeleeUnit. */
static void params_init(void *base)
{
    *(wr_charge_advisor_params *)base = wr_charge_advisor_params_default();
}
static void params_read(lua_State *L, int arg, void *base)
{
    static const char *const extra[] = {"target", NULL};
    wr_charge_advisor_params *p = base;
    wrl_check_table(L, arg);
    wrl_only_known(L, arg, "ranking parameters", params_fields, extra);
    wrl_read_fields(L, arg, p, params_fields);
    lua_getfield(L, arg, "target");
    if (!lua_isnil(L, -1))
        p->target = wrl_check_handle(L, lua_gettop(L), WRL_MUNIT_MT);
    lua_pop(L, 1);
}
static const wrl_struct params_in_st = {"ranking parameters", sizeof(wr_charge_advisor_params), NULL, NULL,
                                        params_init, NULL, NULL, params_read};

static void push_info(lua_State *L, const void *base)
{
    const wr_charge_advisor_info *info = base;
    lua_createtable(L, 0, 6);
    wrl_set_int(L, "choices", info->choices);
    wrl_set_int(L, "evaluated", info->evaluated);
    wrl_set_int(L, "pruned", info->pruned);
    wrl_set_int(L, "groups", info->groups);
    wrl_set_int(L, "bounds", info->bounds);
    wrl_set_int(L, "ranked", info->ranked);
}

static const wrl_struct info_st = {"ranking information", sizeof(wr_charge_advisor_info), NULL, NULL, NULL, NULL,
                                   push_info, NULL};

/* A value in units of 10^-digits as an exact decimal string ("0.25", "-1.5", "3"). */
static void push_decimal(lua_State *L, uint64_t v, int negative, int digits)
{
    char buf[48], *p = buf + sizeof buf - 1;
    *p = '\0';
    for (int i = 0; i < digits; i++) {
        *--p = (char)('0' + (int)(v % 10));
        v /= 10;
    }
    *--p = '.';
    do {
        *--p = (char)('0' + (int)(v % 10));
        v /= 10;
    } while (v > 0);
    if (negative)
        *--p = '-';
    size_t n = strlen(p);
    while (n > 0 && p[n - 1] == '0')
        p[--n] = '\0';
    if (n > 0 && p[n - 1] == '.')
        p[--n] = '\0';
    lua_pushstring(L, p);
}

/* An integer field, where Lua can hold it exactly (without integers, a
   value past 2^53 is left out: the decimal string says it). */
static void set_u64(lua_State *L, const char *name, uint64_t v, int negative)
{
#if WRL_HAS_INTEGERS
    lua_pushinteger(L, negative ? -(lua_Integer)v : (lua_Integer)v);
#else
    if (v > (UINT64_C(1) << 53))
        return;
    lua_pushnumber(L, negative ? -(lua_Number)v : (lua_Number)v);
#endif
    lua_setfield(L, -2, name);
}

/* choice(rank) -> {attackers =, option = {[1] = index or -1, ...}, score =,
   break_probability =, inflicted =, lost = (exact decimal strings of the
   library's values, rounded down to 10^-9, 10^-18 for the probability),
   score_e9 =, break_e18 =, inflicted_e9 =, lost_e9 = (integers, where Lua
   holds them exactly), reasons =} */
static void push_choice(lua_State *L, const void *base)
{
    wr_charge_choice c = *(const wr_charge_choice *)base;
    lua_createtable(L, 0, 7);
    wrl_set_int(L, "attackers", c.attackers);
    lua_createtable(L, c.attackers, 0);
    for (int a = 0; a < c.attackers; a++) {
        lua_pushinteger(L, c.option[a]);
        lua_rawseti(L, -2, a + 1);
    }
    lua_setfield(L, -2, "option");
    uint64_t score = c.score_e9 < 0 ? (uint64_t)0 - (uint64_t)c.score_e9 : (uint64_t)c.score_e9;
    set_u64(L, "score_e9", score, c.score_e9 < 0);
    set_u64(L, "break_e18", c.break_e18, 0);
    set_u64(L, "inflicted_e9", c.inflicted_e9, 0);
    set_u64(L, "lost_e9", c.lost_e9, 0);
    push_decimal(L, score, c.score_e9 < 0, 9);
    lua_setfield(L, -2, "score");
    push_decimal(L, c.break_e18, 0, 18);
    lua_setfield(L, -2, "break_probability");
    push_decimal(L, c.inflicted_e9, 0, 9);
    lua_setfield(L, -2, "inflicted");
    push_decimal(L, c.lost_e9, 0, 9);
    lua_setfield(L, -2, "lost");
    wrl_set_int(L, "reasons", c.reasons);
}
static const wrl_struct choice_st = {"a choice", sizeof(wr_charge_choice), NULL, NULL, NULL, NULL, push_choice, NULL};

/* reason(rank, index) -> {fight =, event = {rule =, side =, value =, detail =}} */
static void push_reason(lua_State *L, const void *base)
{
    const wr_charge_reason *r = base;
    lua_createtable(L, 0, 2);
    wrl_set_int(L, "fight", r->fight);
    wrl_melee_push_event(L, &r->event);
    lua_setfield(L, -2, "event");
}
static const wrl_struct reason_st = {"a reason", sizeof(wr_charge_reason), NULL, NULL, NULL, NULL, push_reason, NULL};

/* advise_charges{options = {option, ...}, fights = {{a, b}, ...}, morale =
   fn, odds = true, and the fields of rank()} -> {choices = {{rank =, option =
   {...}, score_e9 =, break_e18 =, inflicted_e9 =, lost_e9 =, reasons = {{fight
   =, event =, text =, source =}, ...}, odds = MeleePhaseOdds}, ...}, info = {...}} */
/* Pushes the method m of a ChargeAdvisor (a row, or a hand-written one). */
static void push_method(lua_State *L, const char *m)
{
    luaL_getmetatable(L, ADV_MT);
    lua_getfield(L, -1, "__index");
    lua_getfield(L, -1, m);
    lua_replace(L, -3);
    lua_pop(L, 1);
}

/* hand-written: a Lua idiom: one call that builds an advisor from a table and composes its rows */
static int l_advise_charges(lua_State *L)
{
    static const char *const extra[] = {"options", "fights", "morale", "odds", "target", NULL};
    wrl_check_table(L, 1);
    wrl_only_known(L, 1, "advise_charges", params_fields, extra);
    lua_settop(L, 1);
    lua_getfield(L, LUA_REGISTRYINDEX, "warrules.advisor_new"); /* the row ChargeAdvisor */
    lua_call(L, 0, 1); /* 2: the advisor */
    lua_getfield(L, 1, "morale");
    if (!lua_isnil(L, -1)) {
        push_method(L, "set_morale");
        lua_pushvalue(L, 2);
        lua_pushvalue(L, -3);
        lua_call(L, 2, 0);
    }
    lua_pop(L, 1);
    lua_getfield(L, 1, "fights");
    if (!lua_isnil(L, -1)) {
        wrl_check_table(L, lua_gettop(L));
        for (int k = 1; lua_rawgeti(L, -1, k) != LUA_TNIL; k++) {
            push_method(L, "add_fight");
            lua_pushvalue(L, 2);
            lua_rawgeti(L, -3, 1);
            lua_rawgeti(L, -4, 2);
            lua_call(L, 3, 0);
            lua_pop(L, 1);
        }
        lua_pop(L, 1);
    }
    lua_pop(L, 1);
    lua_getfield(L, 1, "options");
    wrl_check_table(L, lua_gettop(L));
    for (int k = 1; lua_rawgeti(L, -1, k) != LUA_TNIL; k++) {
        push_method(L, "add_option");
        lua_pushvalue(L, 2);
        lua_pushvalue(L, -3);
        lua_call(L, 2, 1);
        lua_pop(L, 2);
    }
    lua_pop(L, 2); /* nil, options */
    lua_getfield(L, 1, "odds");
    int want_odds = lua_isnil(L, -1) || lua_toboolean(L, -1);
    lua_pop(L, 1);
    push_method(L, "rank");
    lua_pushvalue(L, 2);
    lua_createtable(L, 0, 8); /* the params: the fields of the argument */
    for (const wrl_field *f = params_fields; f->name != NULL; f++) {
        lua_getfield(L, 1, f->name);
        lua_setfield(L, -2, f->name);
    }
    lua_getfield(L, 1, "target");
    lua_setfield(L, -2, "target");
    lua_call(L, 2, 1); /* 3: info */
    lua_getfield(L, 3, "ranked");
    int ranked = (int)lua_tointeger(L, -1);
    lua_pop(L, 1);
    lua_createtable(L, ranked, 0); /* 4: choices */
    for (int r = 0; r < ranked; r++) {
        push_method(L, "choice");
        lua_pushvalue(L, 2);
        lua_pushinteger(L, r);
        lua_call(L, 2, 1);
        int c = lua_gettop(L);
        wrl_set_int(L, "rank", r);
        lua_getfield(L, c, "reasons");
        int n = (int)lua_tointeger(L, -1);
        lua_pop(L, 1);
        lua_createtable(L, n, 0);
        for (int i = 0; i < n; i++) {
            push_method(L, "reason");
            lua_pushvalue(L, 2);
            lua_pushinteger(L, r);
            lua_pushinteger(L, i);
            lua_call(L, 3, 1);
            lua_getfield(L, -1, "event");
            wr_melee_event e;
            lua_getfield(L, -1, "rule");
            e.rule = (wr_melee_rule)lua_tointeger(L, -1);
            lua_getfield(L, -2, "side");
            e.side = (int)lua_tointeger(L, -1);
            lua_getfield(L, -3, "value");
            e.value = (int)lua_tointeger(L, -1);
            lua_getfield(L, -4, "detail");
            e.detail = (int)lua_tointeger(L, -1);
            lua_pop(L, 5);
            char text[256];
            size_t len = 0;
            wrl_check(L, wr_melee_event_text(&e, text, sizeof text, &len), "melee_event_text");
            lua_pushstring(L, text);
            lua_setfield(L, -2, "text");
            lua_pushstring(L, wr_melee_rule_source(e.rule));
            lua_setfield(L, -2, "source");
            lua_rawseti(L, -2, i + 1);
        }
        lua_setfield(L, c, "reasons");
        if (want_odds) {
            push_method(L, "odds");
            lua_pushvalue(L, 2);
            lua_pushinteger(L, r);
            lua_call(L, 2, 1);
            lua_setfield(L, c, "odds");
        }
        lua_rawseti(L, 4, r + 1);
    }
    lua_createtable(L, 0, 2);
    lua_pushvalue(L, 4);
    lua_setfield(L, -2, "choices");
    lua_pushvalue(L, 3);
    lua_setfield(L, -2, "info");
    return 1;
}


/* ---- the plain functions, one line each (see warrules_lua.h) ------------- */

/* fight_end(fight, end), unit_fate(unit, fate), unit_figures(unit, figures)
   -> floor(p * 10^18); expected_lost(unit) -> floor(E * 10^9); the _exact
   forms give the exact decimal as a string. */
#define ADVISOR_FNS(X)                                                                                           \
    X(odds_exponent, "MeleePhaseOdds:exponent", "Q", "i", WRL_CALL_MELEE_PHASE_ODDS_EXPONENT, NULL)             \
    X(odds_fight_end, "MeleePhaseOdds:fight_end", "Qii", "e", WRL_CALL_MELEE_PHASE_ODDS_FIGHT_END, NULL)        \
    X(odds_unit_fate, "MeleePhaseOdds:unit_fate", "QMi", "e", WRL_CALL_MELEE_PHASE_ODDS_UNIT_FATE, NULL)        \
    X(odds_unit_figures, "MeleePhaseOdds:unit_figures", "QMi", "e", WRL_CALL_MELEE_PHASE_ODDS_UNIT_FIGURES, NULL) \
    X(odds_expected_lost, "MeleePhaseOdds:expected_lost", "QM", "e", WRL_CALL_MELEE_PHASE_ODDS_EXPECTED_LOST, NULL) \
    X(odds_fight_end_exact, "MeleePhaseOdds:fight_end_exact", "Qii", "w",                                      \
      WRL_CALL_MELEE_PHASE_ODDS_FIGHT_END_EXACT, NULL)                                                           \
    X(odds_unit_fate_exact, "MeleePhaseOdds:unit_fate_exact", "QMi", "w",                                      \
      WRL_CALL_MELEE_PHASE_ODDS_UNIT_FATE_EXACT, NULL)                                                           \
    X(odds_unit_figures_exact, "MeleePhaseOdds:unit_figures_exact", "QMi", "w",                                \
      WRL_CALL_MELEE_PHASE_ODDS_UNIT_FIGURES_EXACT, NULL)

/* charge_advisor_params_default() -> {aim =, fates =, ..., top =} */
static const wrl_struct params_st = {"charge advisor params", sizeof(wr_charge_advisor_params), params_fields, NULL,
                                     NULL, NULL, NULL, NULL};
#define ADVISOR_PARAMS_FNS(X)                                                                                    \
    X(params_default, "charge_advisor_params_default", "", "t", WRL_CALL_CHARGE_ADVISOR_PARAMS_DEFAULT, &params_st)

/* tostring(handle): X(id, "Type:__tostring", handle, results, call, format) */
#define ADVISOR_TOSTRING(X)                                                                                      \
    X(odds_tostring, "MeleePhaseOdds:__tostring", "Q", "i", wr_melee_phase_odds_exponent(a[0].p, WRL_OUT(0)),    \
      "warrules.MeleePhaseOdds(exact in units of 10^-%d)")                                                       \
    X(advisor_tostring, "ChargeAdvisor:__tostring", "V", "", WR_OK, "warrules.ChargeAdvisor")

/* The advisor and the odds it and a phase make (the odds keep their maker
   alive: "^"); each call may run the Lua morale function ("~"). MeleePhase:odds
   is set in the phase's methods and as melee_phase_odds_new (wrl_open_advisor). */
#define ADVISOR_OWNER_FNS(X)                                                                                     \
    X(advisor_new, "ChargeAdvisor", "", "+V", WRL_CALL_CHARGE_ADVISOR_NEW_EX, NULL)                             \
    X(advisor_rank, "ChargeAdvisor:rank", "~VT", "t", wr_charge_advisor_rank(a[0].p, a[1].p, r[0].p),           \
      &params_in_st, &info_st)                                                                                   \
    X(advisor_choice, "ChargeAdvisor:choice", "~Vi", "t", wr_charge_advisor_choice(a[0].p, a[1].i, r[0].p),     \
      &choice_st)                                                                                                \
    X(advisor_reason, "ChargeAdvisor:reason", "~Vii", "t",                                                      \
      wr_charge_advisor_reason(a[0].p, a[1].i, a[2].i, r[0].p), &reason_st)                                      \
    X(advisor_odds, "ChargeAdvisor:odds", "^~Vi", "+Q", wr_charge_advisor_odds(a[0].p, a[1].i, r[0].p), NULL)   \
    X(phase_odds_new, "MeleePhase:odds", "^~Hi", "+Q", WRL_CALL_MELEE_PHASE_ODDS_NEW_EX, NULL)

ADVISOR_FNS(WRL_SFN_THUNK)
ADVISOR_OWNER_FNS(WRL_SFN_THUNK)
ADVISOR_PARAMS_FNS(WRL_SFN_THUNK)
ADVISOR_TOSTRING(WRL_SFN_THUNK)
static const wrl_fn fns[] = {ADVISOR_FNS(WRL_SFN_ENTRY) ADVISOR_OWNER_FNS(WRL_SFN_ENTRY)
                                 ADVISOR_PARAMS_FNS(WRL_SFN_ENTRY)
                                 ADVISOR_TOSTRING(WRL_TOSTRING_ENTRY) WRL_FN_END};

void wrl_open_advisor(lua_State *L)
{
    static const luaL_Reg odds_methods[] = {
        {NULL, NULL}};
    wrl_register_type(L, ODDS_MT, "melee_phase_odds", odds_methods, fns, NULL, NULL, NULL);
    static const luaL_Reg advisor_methods[] = {
        {"set_morale", advisor_set_morale}, {"add_fight", advisor_add_fight},
        {"add_option", advisor_add_option}, {NULL, NULL}};
    wrl_register_type(L, ADV_MT, "charge_advisor", advisor_methods, fns, NULL,
                      NULL, NULL);
    /* MeleePhase:odds(), beside the phase's other methods */
    luaL_getmetatable(L, WRL_PHASE_MT);
    lua_getfield(L, -1, "__index");
    wrl_push_row(L, fns, "MeleePhase:odds");
    lua_setfield(L, -2, "odds");
    lua_pop(L, 2);
    wrl_push_row(L, fns, "MeleePhase:odds");
    lua_setfield(L, -2, "melee_phase_odds_new");
    static const luaL_Reg others[] = {
        {"advise_charges", l_advise_charges},
        {NULL, NULL}};
    luaL_setfuncs(L, others, 0);
    wrl_set_fns(L, fns);
    lua_getfield(L, -1, "ChargeAdvisor");
    lua_pushvalue(L, -1);
    lua_setfield(L, -3, "charge_advisor_new");
    lua_setfield(L, LUA_REGISTRYINDEX, "warrules.advisor_new"); /* for advise_charges */
}
