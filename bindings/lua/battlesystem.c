/* Lua binding of warrules/battlesystem.h: figures and ratings, units,
   formations, charges, shield walls, set spears, the Movement Phase,
   tactical moves, woods, forest fires, terrain effects on combat. */
#include <limits.h>
#include <stdint.h>
#include <string.h>

#include "warrules_lua.h"

#define UNIT_MT WRL_UNIT_MT
#define FORMATION_MT WRL_FORMATION_MT
#define MAX_LEGS 4096 /* more than the library takes: it answers WR_ERR_RANGE */

/* ---- figures ------------------------------------------------------------ */

static const char *const stat_names[] = {"ar", "hd", "ac", "mv", "sa", "sd"};

static int stat_of(const char *name)
{
    for (int i = 0; i < 6; i++)
        if (strcmp(name, stat_names[i]) == 0)
            return i;
    return -1;
}

static void figure_free(void *p)
{
    wr_figure_free(p);
}

/* Pushes an empty Figure box; its handle goes in *slot. */
static wr_figure **push_new_figure(lua_State *L)
{
    wrl_box *box = wrl_new_box(L, WRL_FIGURE_MT, sizeof(wrl_box), 0, 0, figure_free);
    return (wr_figure **)&box->ptr;
}

/* SA and SD take any 32-bit pattern: -2^31..2^32-1. */
static void set_stat(lua_State *L, wr_figure *fig, int stat, int arg)
{
    int value;
    if (stat == WR_STAT_SA || stat == WR_STAT_SD) {
        lua_Integer v = wrl_integer(L, arg);
        if (v < INT32_MIN || v > (lua_Integer)UINT32_MAX)
            wrl_fail(L, "WR_ERR_RANGE: %s is a 32-bit pattern", stat_names[stat]);
        value = (int)(int32_t)(uint32_t)(v & 0xFFFFFFFF);
    } else {
        value = wrl_int(L, arg);
    }
    wr_status st = wr_figure_set(fig, (wr_stat)stat, value);
    if (st != WR_OK)
        wrl_check(L, st, lua_pushfstring(L, "Figure.%s = %d", stat_names[stat], value));
}

static void push_stat(lua_State *L, const wr_figure *fig, int stat)
{
    int value = 0;
    wrl_check(L, wr_figure_get(fig, (wr_stat)stat, &value), "Figure");
    if (stat == WR_STAT_SA || stat == WR_STAT_SD)
        lua_pushinteger(L, (lua_Integer)(uint32_t)value);
    else
        lua_pushinteger(L, value);
}

/* hand-written: a Lua idiom: a stat by number, SA and SD taking any 32-bit pattern */
static int figure_set(lua_State *L)
{
    wr_figure *fig = wrl_check_mutable(L, 1, WRL_FIGURE_MT);
    int stat = wrl_int(L, 2);
    if (stat < 0 || stat > 5)
        return wrl_check(L, WR_ERR_INVALID, "Figure:set");
    set_stat(L, fig, stat, 3);
    return 0;
}

/* hand-written: a Lua idiom: a stat by number, SA and SD given as 32-bit patterns */
static int figure_get(lua_State *L)
{
    wr_figure *fig = wrl_check_handle(L, 1, WRL_FIGURE_MT);
    int stat = wrl_int(L, 2);
    if (stat < 0 || stat > 5)
        return wrl_check(L, WR_ERR_INVALID, "Figure:get");
    push_stat(L, fig, stat);
    return 1;
}

/* hand-written: a Lua idiom: fig.ar reads a stat by name, other keys find the methods */
static int figure_index(lua_State *L)
{
    int stat = lua_type(L, 2) == LUA_TSTRING ? stat_of(lua_tostring(L, 2)) : -1;
    if (stat < 0) {
        luaL_getmetafield(L, 1, "methods");
        lua_pushvalue(L, 2);
        lua_rawget(L, -2);
        return 1;
    }
    push_stat(L, wrl_check_handle(L, 1, WRL_FIGURE_MT), stat);
    return 1;
}

/* hand-written: a Lua idiom: fig.ar = 8 sets a stat by name */
static int figure_newindex(lua_State *L)
{
    int stat = lua_type(L, 2) == LUA_TSTRING ? stat_of(lua_tostring(L, 2)) : -1;
    if (stat < 0)
        return wrl_fail(L, "WR_ERR_INVALID: a Figure has no field '%s'", luaL_tolstring(L, 2, NULL));
    set_stat(L, wrl_check_mutable(L, 1, WRL_FIGURE_MT), stat, 3);
    return 0;
}

/* The values tostring(figure) shows: ar, hd, ac, mv, the damage range. */
static wr_status figure_text(const wr_figure *fig, wrl_val *r)
{
    for (int i = 0; i < 4; i++)
        (void)wr_figure_get(fig, (wr_stat)i, &r[i].i);
    return wr_figure_damage_range(fig, &r[4].i, &r[5].i);
}

/* Figure{ar=, hd=, ac=, mv=, sa=, sd=, damage={{dice, sides, bonus}, ...}} */
/* hand-written: a Lua idiom: Figure{...} sets each stat and adds each damage group, naming the one refused */
static int figure_new(lua_State *L)
{
    static const char *const fields[] = {"ar", "hd", "ac", "mv", "sa", "sd", "damage", NULL};
    int has_table = !lua_isnoneornil(L, 1);
    if (has_table) {
        wrl_check_table(L, 1);
        wrl_only_fields(L, 1, "a Figure", fields);
    }
    wr_figure **slot = push_new_figure(L);
    int fig_index = lua_gettop(L);
    wr_allocator a = wrl_allocator(L);
    wrl_check(L, wr_figure_new_ex(&a, slot), "Figure");
    if (!has_table)
        return 1;
    for (int i = 0; i < 6; i++) {
        if (lua_getfield(L, 1, stat_names[i]) != LUA_TNIL)
            set_stat(L, *slot, i, lua_gettop(L));
        lua_pop(L, 1);
    }
    if (lua_getfield(L, 1, "damage") != LUA_TNIL) {
        int damage = lua_gettop(L);
        if (!lua_istable(L, damage))
            return wrl_fail(L, "WR_ERR_INVALID: field 'damage' must be a table of {dice, sides, bonus}");
        lua_Integer n = (lua_Integer)lua_rawlen(L, damage);
        for (lua_Integer k = 1; k <= n; k++) {
            if (lua_rawgeti(L, damage, k) != LUA_TTABLE)
                return wrl_fail(L, "WR_ERR_INVALID: damage item %d is not a {dice, sides, bonus} table",
                                (int)k);
            int triple = lua_gettop(L);
            lua_rawgeti(L, triple, 1);
            lua_rawgeti(L, triple, 2);
            lua_rawgeti(L, triple, 3);
            int bonus = wrl_optint(L, triple + 3, 0);
            wrl_check(L, wr_figure_add_damage(*slot, wrl_int(L, triple + 1), wrl_int(L, triple + 2), bonus),
                      "Figure");
            lua_settop(L, damage);
        }
    }
    lua_settop(L, fig_index);
    return 1;
}

/* Reads a sequence of Figures at arg into a Lua-owned array. */
static const wr_figure **figure_array(lua_State *L, int arg, const char *name, size_t *n)
{
    wrl_check_named_table(L, arg, name);
    size_t len = (size_t)lua_rawlen(L, arg);
    if (len > 1000)
        wrl_named_argfail(L, arg, name, WR_ERR_RANGE, "more than 1000 figures");
    const wr_figure **figs = lua_newuserdatauv(L, sizeof *figs * (len ? len : 1), 0);
    for (size_t i = 0; i < len; i++) {
        lua_rawgeti(L, arg, (lua_Integer)i + 1);
        if (wrl_box_test(L, -1, WRL_FIGURE_MT) == NULL)
            wrl_named_argfail(L, arg, name, WR_ERR_INVALID, "item %d: %s expected, got %s", (int)i + 1,
                              WRL_FIGURE_MT, luaL_typename(L, -1));
        figs[i] = wrl_check_handle(L, -1, WRL_FIGURE_MT);
        lua_pop(L, 1);
    }
    *n = len;
    return figs;
}


/* ---- units -------------------------------------------------------------- */

/* Fields of the table at t override *d. */
static void read_desc(lua_State *L, int t, wr_battle_unit_desc *d)
{
    static const char *const fields[] = {"type",   "figures",         "equipment",
                                         "traits", "single_creature", "in_command", NULL};
    wrl_check_table(L, t);
    wrl_only_fields(L, t, "a unit_desc", fields);
    int type = (int)d->type;
    wrl_field_int(L, t, "type", &type);
    d->type = (wr_battle_unit_type)type;
    wrl_field_int(L, t, "figures", &d->figures);
    wrl_field_uint(L, t, "equipment", &d->equipment);
    wrl_field_uint(L, t, "traits", &d->traits);
    wrl_field_truth(L, t, "single_creature", &d->single_creature);
    wrl_field_truth(L, t, "in_command", &d->in_command);
}

/* The values tostring(unit) shows: its figures and type. */
static wr_status unit_text(const wr_battle_unit *u, wrl_val *r)
{
    wr_battle_unit_desc d;
    memset(&d, 0, sizeof d);
    (void)wr_battle_unit_get(u, &d);
    static const char *const types[] = {"foot", "cavalry", "chariots"};
    int t = (int)d.type;
    r[0].i = d.figures;
    r[1].s = t >= 0 && t < 3 ? types[t] : "?";
    return WR_OK;
}

/* ---- formations --------------------------------------------------------- */

/* The values tostring(formation) shows: its order, frontage and facing. */
static wr_status formation_text(const wr_formation *f, wrl_val *r)
{
    wr_formation_info i;
    memset(&i, 0, sizeof i);
    (void)wr_formation_get(f, &i);
    r[0].s = i.order == WR_ORDER_CLOSED ? "closed" : "open";
    r[1].i = i.frontage;
    r[2].i = i.facing;
    return WR_OK;
}

/* ---- terrain and movement ----------------------------------------------- */

/* A sequence of {terrain=, length=, obstacles=, rises=} tables (missing fields 0). */
static wr_tactical_leg *leg_array(lua_State *L, int arg, size_t *n)
{
    static const char *const fields[] = {"terrain", "length", "obstacles", "rises", NULL};
    wrl_check_table(L, arg);
    size_t len = (size_t)lua_rawlen(L, arg);
    if (len > MAX_LEGS)
        wrl_argfail(L, arg, WR_ERR_RANGE, "more than %d legs", MAX_LEGS);
    wr_tactical_leg *legs = lua_newuserdatauv(L, sizeof *legs * (len ? len : 1), 0);
    for (size_t i = 0; i < len; i++) {
        if (lua_rawgeti(L, arg, (lua_Integer)i + 1) != LUA_TTABLE)
            wrl_fail(L, "WR_ERR_INVALID: leg %d is not a table", (int)i + 1);
        int t = lua_gettop(L);
        wrl_only_fields(L, t, "a tactical_leg", fields);
        int terrain = 0;
        memset(&legs[i], 0, sizeof legs[i]);
        wrl_field_int(L, t, "terrain", &terrain);
        legs[i].terrain = (wr_terrain)terrain;
        wrl_field_int(L, t, "length", &legs[i].length);
        wrl_field_int(L, t, "obstacles", &legs[i].obstacles);
        wrl_field_int(L, t, "rises", &legs[i].rises);
        lua_pop(L, 1);
    }
    *n = len;
    return legs;
}

static void push_tactical_result(lua_State *L, const wr_tactical_result *r)
{
    lua_createtable(L, 0, 8);
    wrl_set_bool(L, "legal", r->legal);
    wrl_set_int(L, "problem", r->problem);
    wrl_set_int(L, "cost", r->cost);
    wrl_set_int(L, "available", r->available);
    wrl_set_int(L, "left", r->left);
    wrl_set_int(L, "order", r->order);
    wrl_set_bool(L, "road", r->road);
    wrl_set_bool(L, "breaks_formation", r->breaks_formation);
}




/* ---- woods, fire, [11.9] ------------------------------------------------ */

/* The older missile table {modifier = {[0] = clear, ...}}: every entry set, 0 by default. */
static void old_table_init(void *base)
{
    wr_missile_modifiers *t = base;
    *t = wr_missile_modifiers_unset();
    t->set = (1u << WR_TERRAIN_COUNT) - 1u;
}

static void old_table_read(lua_State *L, int arg, void *base)
{
    static const char *const fields[] = {"modifier", NULL};
    wr_missile_modifiers *t = base;
    wrl_check_table(L, arg);
    wrl_only_fields(L, arg, "a missile_table", fields);
    if (lua_getfield(L, arg, "modifier") != LUA_TTABLE)
        wrl_fail(L, "WR_ERR_INVALID: field 'modifier' must be a table indexed by terrain");
    int m = lua_gettop(L);
    for (int i = 0; i < WR_TERRAIN_COUNT; i++) {
        lua_pushinteger(L, i);
        lua_pushvalue(L, -1);
        lua_rawget(L, m);
        if (!lua_isnil(L, -1)) {
            lua_Integer v = wrl_integer(L, -1);
            if (v < -1000000 || v > 1000000)
                wrl_check(L, WR_ERR_RANGE, "missile_terrain_modifier");
            t->modifier[i] = (int)v;
        }
        lua_pop(L, 2);
    }
    /* (the modifier table stays on the stack, as it did when this was a wrapper) */
}


/* Missile modifiers are {modifier = {[0] = clear, [1] = road, ...}, set = bits}
   (by terrain, from 0; missing entries 0). */
static void push_missile_modifiers(lua_State *L, const wr_missile_modifiers *t)
{
    lua_createtable(L, 0, 2);
    wrl_push_int_array0(L, t->modifier, WR_TERRAIN_COUNT);
    lua_setfield(L, -2, "modifier");
    wrl_set_int(L, "set", t->set);
}

static void read_missile_modifiers(lua_State *L, int arg, wr_missile_modifiers *t)
{
    static const char *const fields[] = {"modifier", "set", NULL};
    memset(t, 0, sizeof *t);
    wrl_check_table(L, arg);
    wrl_only_fields(L, arg, "a missile_modifiers", fields);
    wrl_field_uint(L, arg, "set", &t->set);
    int type = lua_getfield(L, arg, "modifier");
    if (type != LUA_TNIL) {
        if (type != LUA_TTABLE)
            wrl_fail(L, "WR_ERR_INVALID: field 'modifier' must be a table indexed by terrain");
        int m = lua_gettop(L);
        lua_pushnil(L);
        while (lua_next(L, m) != 0) {
            long long k = -1;
            if (lua_type(L, -2) != LUA_TNUMBER || wrl_tointeger(L, -2, &k) != 0 || k < 0 ||
                k >= WR_TERRAIN_COUNT)
                wrl_fail(L, "WR_ERR_INVALID: modifier keys are terrains 0..%d", WR_TERRAIN_COUNT - 1);
            long long v = 0;
            if (lua_type(L, -1) != LUA_TNUMBER)
                wrl_fail(L, "WR_ERR_INVALID: modifier[%d]: integer expected, got %s", (int)k,
                         luaL_typename(L, -1));
            if (wrl_tointeger(L, -1, &v) != 0 || v < INT_MIN || v > INT_MAX)
                wrl_fail(L, "WR_ERR_RANGE: modifier[%d] does not fit in a C int", (int)k);
            t->modifier[k] = (int)v;
            lua_pop(L, 1);
        }
    }
    lua_pop(L, 1);
}

/* missile_modifiers_set(table, terrain, modifier): the table is updated in
   place (only when the call succeeds). */
/* hand-written: a Lua idiom: updates only the one entry of the caller's table, in place */
static int l_missile_modifiers_set(lua_State *L)
{
    wr_missile_modifiers t;
    read_missile_modifiers(L, 1, &t);
    int terrain = wrl_int(L, 2), modifier = wrl_int(L, 3);
    wrl_check(L, wr_missile_modifiers_set(&t, (wr_terrain)terrain, modifier), "missile_modifiers_set");
    if (lua_getfield(L, 1, "modifier") != LUA_TTABLE) {
        lua_pop(L, 1);
        lua_createtable(L, 0, WR_TERRAIN_COUNT);
        lua_pushvalue(L, -1);
        lua_setfield(L, 1, "modifier");
    }
    lua_pushinteger(L, t.modifier[terrain]);
    lua_rawseti(L, -2, terrain);
    lua_pushinteger(L, (lua_Integer)t.set);
    lua_setfield(L, 1, "set");
    return 0;
}

/* ---- batch forms -------------------------------------------------------- */

static int fail_item(lua_State *L, wr_status st, const char *what, size_t bad)
{
    return wrl_check(L, st, lua_pushfstring(L, "%s, item %d", what, (int)bad + 1));
}

/* terrain_speed_batch(terrains, traits) -> nums, dens (sequences of equal length) */
/* hand-written: a Lua idiom: columns in, columns out, a failure naming the item */
static int l_terrain_speed_batch(lua_State *L)
{
    size_t n = 0, nt = 0;
    lua_settop(L, 2); /* a missing argument reads as nil, not as what is pushed below */
    wrl_check_named_table(L, 1, "terrains");
    wrl_check_named_table(L, 2, "traits");
    int *terrain = wrl_int_sequence(L, 1, 10000000, &n);
    nt = (size_t)lua_rawlen(L, 2);
    if (nt != n)
        return wrl_fail(L, "WR_ERR_INVALID: %d terrains but %d trait sets", (int)n, (int)nt);
    unsigned *traits = lua_newuserdatauv(L, sizeof *traits * (n ? n : 1), 0);
    for (size_t i = 0; i < n; i++) {
        lua_rawgeti(L, 2, (lua_Integer)i + 1);
        long long x = wrl_item_integer(L, 2, "traits", i);
        if (x < 0 || x > (long long)UINT32_MAX)
            return wrl_fail(L, "WR_ERR_RANGE: traits[%d] is not a 32-bit flag set", (int)i + 1);
        traits[i] = (unsigned)x;
        lua_pop(L, 1);
    }
    int *out = lua_newuserdatauv(L, sizeof *out * (n ? n : 1) * 2, 0);
    size_t bad = SIZE_MAX;
    wr_status st = wr_terrain_speed_batch(n, terrain, traits, out, out + (n ? n : 1), &bad);
    if (st != WR_OK && bad != SIZE_MAX)
        return fail_item(L, st, "terrain_speed_batch", bad);
    wrl_check(L, st, "terrain_speed_batch");
    for (int k = 0; k < 2; k++) {
        lua_createtable(L, (int)n, 0);
        for (size_t i = 0; i < n; i++) {
            lua_pushinteger(L, out[(size_t)k * (n ? n : 1) + i]);
            lua_rawseti(L, -2, (lua_Integer)i + 1);
        }
    }
    return 2;
}

/* tactical_check_batch(unit, formation, moves, flags = 0) -> results:
   moves is a sequence of moves, each a sequence of legs as tactical_check takes. */
/* hand-written: a Lua idiom: columns in, columns out, a failure naming the item */
static int l_tactical_check_batch(lua_State *L)
{
    wr_battle_unit *unit = wrl_check_handle(L, 1, UNIT_MT);
    wr_formation *f = wrl_check_handle(L, 2, FORMATION_MT);
    wrl_check_named_table(L, 3, "moves");
    unsigned flags = wrl_uint(L, 4, 0);
    lua_settop(L, 4);
    size_t n_moves = (size_t)lua_rawlen(L, 3), n_legs = 0;
    if (n_moves > 100000)
        return wrl_fail(L, "WR_ERR_RANGE: at most 100000 moves in a batch");
    int *counts = lua_newuserdatauv(L, sizeof *counts * (n_moves ? n_moves : 1), 0);
    for (size_t i = 0; i < n_moves; i++) {
        if (lua_rawgeti(L, 3, (lua_Integer)i + 1) != LUA_TTABLE)
            return wrl_fail(L, "WR_ERR_INVALID: move %d is not a sequence of legs", (int)i + 1);
        size_t len = (size_t)lua_rawlen(L, -1);
        if (len > MAX_LEGS || n_legs + len > 1000000)
            return wrl_fail(L, "WR_ERR_RANGE: move %d has too many legs", (int)i + 1);
        counts[i] = (int)len;
        n_legs += len;
        lua_pop(L, 1);
    }
    wr_tactical_leg *legs = lua_newuserdatauv(L, sizeof *legs * (n_legs ? n_legs : 1), 0);
    size_t at = 0;
    for (size_t i = 0; i < n_moves; i++) {
        lua_rawgeti(L, 3, (lua_Integer)i + 1);
        size_t len = 0;
        wr_tactical_leg *one = leg_array(L, lua_gettop(L), &len);
        if (len != (size_t)counts[i])
            return wrl_fail(L, "WR_ERR_INVALID: move %d changed while it was read", (int)i + 1);
        if (len > 0)
            memcpy(legs + at, one, sizeof *legs * len);
        at += len;
        lua_pop(L, 2);
    }
    wr_tactical_result *results = lua_newuserdatauv(L, sizeof *results * (n_moves ? n_moves : 1), 0);
    size_t bad = SIZE_MAX;
    wr_status st = wr_tactical_check_batch(unit, f, legs, n_legs, counts, n_moves, flags, results, &bad);
    if (st != WR_OK && bad != SIZE_MAX)
        return fail_item(L, st, "tactical_check_batch", bad);
    wrl_check(L, st, "tactical_check_batch");
    lua_createtable(L, (int)n_moves, 0);
    for (size_t i = 0; i < n_moves; i++) {
        push_tactical_result(L, &results[i]);
        lua_rawseti(L, -2, (lua_Integer)i + 1);
    }
    return 1;
}

/* ---- the plain functions, one line each (see warrules_lua.h) ------------- */

/* ---- table-driven functions ---------------------------------------------- */

/* Structs as tables: the fields are generated from the headers (wrl_structs.h). */
static const wrl_field desc_fields[] = {WRL_FIELDS_BATTLE_UNIT_DESC};
static const wrl_struct desc_st = {"a unit_desc", sizeof(wr_battle_unit_desc), desc_fields, NULL, NULL, NULL, NULL, NULL};
static const wrl_field fire_area_fields[] = {WRL_FIELDS_FIRE_AREA};
static const wrl_struct fire_area_st = {"a fire_area", sizeof(wr_fire_area), fire_area_fields, NULL, NULL, NULL, NULL, NULL};
/* A fire origin is {x =, y =, wind_x =, wind_y =} (missing fields 0). */
static const wrl_field fire_origin_fields[] = {WRL_FIELDS_FIRE_ORIGIN};
static const wrl_struct fire_origin_st = {"a fire_origin", sizeof(wr_fire_origin), fire_origin_fields, NULL, NULL, NULL, NULL, NULL};
/* Missile modifiers (and the older missile table: modifier alone) as their functions read and push them. */
static void mods_push(lua_State *L, const void *t)
{
    push_missile_modifiers(L, t);
}
static void mods_read(lua_State *L, int arg, void *t)
{
    read_missile_modifiers(L, arg, t);
}
static const wrl_struct mods_st = {"a missile_modifiers", sizeof(wr_missile_modifiers), NULL, NULL, NULL, NULL,
                                   mods_push, mods_read};
/* A missile table is {modifier = {[0] = clear, [1] = road, ...}} (by terrain, from 0). */
static void table_push(lua_State *L, const void *base)
{
    const wr_missile_modifiers *t = base;
    lua_createtable(L, 0, 1);
    wrl_push_int_array0(L, t->modifier, WR_TERRAIN_COUNT);
    lua_setfield(L, -2, "modifier");
}
static const wrl_struct old_table_st = {"a missile_table", sizeof(wr_missile_modifiers), NULL, NULL, old_table_init,
                                        NULL, NULL, old_table_read};
static const wrl_struct table_st = {"a missile_table", sizeof(wr_missile_modifiers), NULL, NULL, NULL, NULL,
                                    table_push, NULL};
/* Dice rolls: a sequence of ints (at most one more than a figure rolls: the
   library answers WR_ERR_RANGE), read into a Lua-owned array. A read
   function that pushes (the array) serves only a row's last argument. */
typedef struct int_seq {
    int *v;
    size_t n;
} int_seq;
static void rolls_read(lua_State *L, int arg, void *base)
{
    int_seq *s = base;
    s->v = wrl_int_sequence(L, arg, WR_FIGURE_MAX_DICE + 1, &s->n);
}
static const wrl_struct rolls_st = {"rolls", sizeof(int_seq), NULL, NULL, NULL, NULL, NULL, rolls_read};
#define SEQ(x) ((int_seq *)(x).p)->v, ((int_seq *)(x).p)->n

/* Unit:figure(): a copy of the unit's rated figure (a Figure of its own). */
static wr_status unit_figure_copy(const wr_battle_unit *unit, wr_figure **out)
{
    const wr_figure *fig = NULL;
    wr_status st = wr_battle_unit_figure(unit, &fig);
    return st != WR_OK ? st : wr_figure_clone(fig, out);
}
/* Unit(figure, desc): desc's missing fields take wr_battle_unit_desc_default();
   Unit:set_desc(t): t's missing fields keep the unit's values (read over
   them: the unit is argument 1). */
static void desc_init(void *base)
{
    *(wr_battle_unit_desc *)base = wr_battle_unit_desc_default();
}
static void desc_read(lua_State *L, int arg, void *base)
{
    read_desc(L, arg, base);
}
static const wrl_struct new_desc_st = {"a unit_desc", sizeof(wr_battle_unit_desc), NULL, NULL, desc_init, NULL, NULL,
                                       desc_read};
static void unit_desc_read(lua_State *L, int arg, void *base)
{
    wrl_check(L, wr_battle_unit_get(wrl_check_handle(L, 1, UNIT_MT), base), "Unit:set_desc");
    read_desc(L, arg, base);
}
static const wrl_struct set_desc_st = {"a unit_desc", sizeof(wr_battle_unit_desc), NULL, NULL, NULL, NULL, NULL,
                                       unit_desc_read};
static const wrl_field info_fields[] = {WRL_FIELDS_FORMATION_INFO};
static const wrl_struct info_st = {"a formation_info", sizeof(wr_formation_info), info_fields, NULL, NULL, NULL, NULL, NULL};
static const wrl_field phase_fields[] = {WRL_FIELDS_MOVEMENT_PHASE};
static const wrl_struct phase_st = {"a movement_phase", sizeof(wr_movement_phase), phase_fields, NULL, NULL, NULL, NULL, NULL};

/* The Movement Phase's actions take the costs as a table (nil:
   movement_costs_default(); its missing fields take the defaults) and give
   the move points they charged. */
static void costs_init(void *base)
{
    *(wr_movement_phase_costs *)base = wr_movement_phase_costs_default();
}
static const wrl_field costs_fields[] = {WRL_FIELDS_MOVEMENT_PHASE_COSTS};
static const wrl_struct costs_st = {"a movement_costs", sizeof(wr_movement_phase_costs), costs_fields, NULL,
                                    costs_init, NULL, NULL, NULL};

/* The rows with structs: X(id, name, args, results, call, struct...) (README.md). */
#define BATTLESYSTEM_SFNS(X)                                                                                       \
    X(figure_clone, "Figure:clone", "F", "+F", WRL_CALL_FIGURE_CLONE, NULL)                                      \
    X(unit_figure, "Unit:figure", "U", "+F", unit_figure_copy(a[0].p, r[0].p), NULL)                             \
    X(unit_new, "Unit", "FT", "+U", WRL_CALL_BATTLE_UNIT_NEW_EX, &new_desc_st)                                   \
    X(unit_set_desc, "Unit:set_desc", "!Ut", "", wr_battle_unit_set(a[0].p, a[1].p), &set_desc_st)              \
    X(figure_damage_from_rolls, "Figure:damage_from_rolls", "Ft", "i",                                           \
      wr_figure_damage_rolls(a[0].p, SEQ(a[1]), WRL_OUT(0)), &rolls_st)                                          \
    X(figure_charge_damage_from_rolls, "Figure:charge_damage_from_rolls", "Fit", "i",                            \
      wr_figure_charge_damage_rolls(a[0].p, a[1].i, SEQ(a[2]), WRL_OUT(0)), &rolls_st)                           \
    X(rate_cavalry, "rate_cavalry", "FF", "+F", WRL_CALL_RATE_CAVALRY_EX, NULL)                                  \
    X(formation_new, "Formation", "iio", "+O", WRL_CALL_FORMATION_NEW_EX, NULL)                                  \
    X(unit_desc_default, "unit_desc_default", "", "t", WRL_CALL_BATTLE_UNIT_DESC_DEFAULT, &desc_st)               \
    X(missile_table_default, "missile_table_default", "", "t", WRL_CALL_MISSILE_MODIFIERS_UNSET, &table_st)        \
    X(missile_modifiers_unset, "missile_modifiers_unset", "", "t", WRL_CALL_MISSILE_MODIFIERS_UNSET, &mods_st)     \
    X(missile_modifiers_get, "missile_modifiers_get", "ti", "i", WRL_CALL_MISSILE_MODIFIERS_GET, &mods_st)         \
    X(missile_terrain_modifier, "missile_terrain_modifier", "ti", "i", WRL_CALL_MISSILE_MODIFIERS_GET,             \
      &old_table_st)                                                                                             \
    X(unit_get_desc, "Unit:get_desc", "U", "t", WRL_CALL_BATTLE_UNIT_GET, &desc_st)                              \
    X(unit_desc, "Unit:desc", "U", "t", WRL_CALL_BATTLE_UNIT_GET, &desc_st)                                      \
    X(formation_get, "Formation:get", "O", "t", WRL_CALL_FORMATION_GET, &info_st)                                \
    X(forest_fire, "forest_fire", "ii", "t", WRL_CALL_FOREST_FIRE_AREA, &fire_area_st)                           \
    X(forest_fire_reaches, "forest_fire_reaches", "iitii", "b", WRL_CALL_FOREST_FIRE_HAS_REACHED, &fire_origin_st) \
    X(movement_costs_default, "movement_costs_default", "", "t", WRL_CALL_MOVEMENT_PHASE_COSTS_DEFAULT, &costs_st) \
    X(movement_phase_get, "movement_phase_get", "O", "t", WRL_CALL_MOVEMENT_PHASE_GET, &phase_st)                \
    X(movement_set_order, "movement_set_order", "U!OTio", "i", WRL_CALL_MOVEMENT_PHASE_SET_ORDER, &costs_st)     \
    X(movement_turn, "movement_turn", "U!OTi", "i", WRL_CALL_MOVEMENT_PHASE_TURN, &costs_st)                     \
    X(movement_shield_wall, "movement_shield_wall", "U!OTb", "", WRL_CALL_MOVEMENT_PHASE_DECLARE_SHIELD_WALL,    \
      &costs_st)                                                                                                   \
    X(movement_set_spears, "movement_set_spears", "U!OTu", "", WRL_CALL_MOVEMENT_PHASE_DECLARE_SPEARS, &costs_st)

#define TURN_COST(k) (a[k].given ? a[k].i : WR_TURN_COST_DEFAULT)
#define BATTLESYSTEM_FNS(X)                                                                                        \
    X(figure_add_damage, "Figure:add_damage", "!Fiio", "", wr_figure_add_damage(a[0].p, a[1].i, a[2].i, a[3].i))  \
    X(figure_damage_range, "Figure:damage_range", "F", "ii", wr_figure_damage_range(a[0].p, WRL_OUT(0), WRL_OUT(1))) \
    X(figure_damage_groups, "Figure:damage_groups", "F", "z", wr_figure_damage_groups(a[0].p, WRL_OUT(0)))      \
    X(figure_damage_group, "Figure:damage_group", "Fz", "ii",                                                    \
      wr_figure_damage_group(a[0].p, a[1].z, WRL_OUT(0), WRL_OUT(1)))                                           \
    X(figure_damage_totals, "Figure:damage_totals", "F", "ii", wr_figure_damage_totals(a[0].p, WRL_OUT(0), WRL_OUT(1))) \
    X(figure_damage_roll, "Figure:damage_roll", "F!R", "i", wr_figure_damage_rng(a[0].p, a[1].p, WRL_OUT(0)))   \
    X(figure_move_points, "Figure:move_points", "F", "i", wr_figure_move_points(a[0].p, WRL_OUT(0)))           \
    X(figure_damage_group_parts, "Figure:damage_group_parts", "Fz", "ii",                                        \
      wr_figure_damage_group_parts(a[0].p, a[1].z, WRL_OUT(0), WRL_OUT(1)))                                     \
    X(figure_charge_damage_roll, "Figure:charge_damage_roll", "Fi!R", "i",                                       \
      wr_figure_charge_damage_rng(a[0].p, a[1].i, a[2].p, WRL_OUT(0)))                                         \
    X(mounted_removed, "mounted_removed", "u", "b", wr_mounted_removed(a[0].u, WRL_OUT(0)))                     \
    X(unit_kill_parts, "Unit:kill_parts", "!Uui", "i", wr_battle_unit_kill_parts(a[0].p, a[1].u, a[2].i, WRL_OUT(0)))   \
    X(formation_set_order, "Formation:set_order", "!Oi", "", wr_formation_set_order(a[0].p, (wr_formation_order)a[1].i))            \
    X(formation_set_frontage, "Formation:set_frontage", "!Oi", "", wr_formation_set_frontage(a[0].p, a[1].i))   \
    X(formation_ranks, "Formation:ranks", "OU", "ii", wr_formation_ranks(a[0].p, a[1].p, WRL_OUT(0), WRL_OUT(1))) \
    X(formation_begin_phase, "Formation:begin_phase", "!O", "", wr_formation_begin_phase(a[0].p))               \
    X(formation_break, "Formation:break", "!O", "", wr_formation_break(a[0].p))                                 \
    X(formation_break_special, "Formation:break_special", "!O", "", wr_formation_break(a[0].p))                 \
    X(formation_available, "Formation:available", "OU", "i", wr_formation_available(a[0].p, a[1].p, WRL_OUT(0))) \
    X(formation_turn, "Formation:turn", "!OUi", "", wr_formation_turn(a[0].p, a[1].p, a[2].i))                  \
    X(shield_wall_check, "shield_wall_check", "UObo", "i",                                                     \
      wr_shield_wall_check(a[0].p, a[1].p, a[2].i, TURN_COST(3), WRL_OUT(0)))                                   \
    X(shield_wall_declare, "shield_wall_declare", "U!Obo", "",                                                 \
      wr_shield_wall_declare(a[0].p, a[1].p, a[2].i, TURN_COST(3)))                                             \
    X(shield_wall_ac_modifier, "shield_wall_ac_modifier", "Oii", "i",                                          \
      wr_shield_wall_ac_modifier(a[0].p, (wr_attack_kind)a[1].i, (wr_attack_from)a[2].i, WRL_OUT(0)))                                           \
    X(set_spears_check, "set_spears_check", "UOuo", "i",                                                       \
      wr_spears_check(a[0].p, a[1].p, a[2].u, TURN_COST(3), WRL_OUT(0)))                                    \
    X(set_spears_declare, "set_spears_declare", "U!Ouo", "", wr_spears_declare(a[0].p, a[1].p, a[2].u, TURN_COST(3))) \
    X(set_spears_multiplier, "set_spears_multiplier", "Oi", "i", wr_spears_multiplier(a[0].p, (wr_attack_from)a[1].i, WRL_OUT(0))) \
    X(movement_phase_begin, "movement_phase_begin", "U!O", "", wr_movement_phase_begin(a[0].p, a[1].p))         \
    X(movement_spend, "movement_spend", "U!Oi", "", wr_movement_phase_spend(a[0].p, a[1].p, a[2].i))                  \
    X(movement_wheel, "movement_wheel", "U!Oiio", "i",                                                         \
      wr_movement_phase_wheel(a[0].p, a[1].p, a[2].i, a[3].i, (wr_terrain)a[4].i, WRL_OUT(0)))                                    \
    X(charger_strikers, "charger_strikers", "UOii", "i",                                                       \
      wr_charger_strikers(a[0].p, a[1].p, a[2].i, a[3].i, WRL_OUT(0)))                                          \
    X(charge_ar_modifier, "charge_ar_modifier", "UOi", "i", wr_charge_ar_modifier(a[0].p, a[1].p, (wr_attack_from)a[2].i, WRL_OUT(0))) \
    X(charge_damage_multiplier, "charge_damage_multiplier", "U", "i", wr_charge_damage_multiplier(a[0].p, WRL_OUT(0))) \
    X(terrain_speed, "terrain_speed", "iu", "ii", wr_terrain_speed((wr_terrain)a[0].i, a[1].u, WRL_OUT(0), WRL_OUT(1)))      \
    X(woods_missile_allowed, "woods_missile_allowed", "ii", "b", wr_woods_may_shoot((wr_woods_pos)a[0].i, (wr_woods_pos)a[1].i, WRL_OUT(0))) \
    X(woods_firing_figures, "woods_firing_figures", "iiii", "i",                                               \
      wr_woods_firing_figures(a[0].i, a[1].i, a[2].i, (wr_woods_pos)a[3].i, WRL_OUT(0)))                                      \
    X(woods_sight_range, "woods_sight_range", "u", "i", wr_woods_sight_range(a[0].u, WRL_OUT(0)))               \
    X(woods_melee_modifier, "woods_melee_modifier", "ii", "i", wr_woods_melee_modifier((wr_woods_pos)a[0].i, (wr_woods_pos)a[1].i, WRL_OUT(0))) \
    X(low_ground_ar_modifier, "low_ground_ar_modifier", "ib", "i", wr_low_ground_ar_modifier((wr_low_ground)a[0].i, a[1].i, WRL_OUT(0)))

/* tostring(handle): X(id, "Type:__tostring", handle, results, call, format) */
#define BATTLESYSTEM_TOSTRING(X)                                                                                 \
    X(figure_tostring, "Figure:__tostring", "F", "iiiiii", figure_text(a[0].p, r),                              \
      "warrules.Figure(ar=%d, hd=%d, ac=%d, mv=%d, damage %d-%d)")                                               \
    X(unit_tostring, "Unit:__tostring", "U", "is", unit_text(a[0].p, r), "warrules.Unit(%d %s)")                \
    X(formation_tostring, "Formation:__tostring", "O", "sii", formation_text(a[0].p, r),                        \
      "warrules.Formation(%s, frontage %d, facing %d)")

/* Arrays of handles and of legs: Lua sequences read into Lua-owned arrays. */
typedef struct figures_seq {
    const wr_figure **v;
    size_t n;
} figures_seq;
#define FIGURES(x) ((figures_seq *)(x).p)->v, ((figures_seq *)(x).p)->n
/* (a missing argument reads as nil, as it did when rate_chariot was a wrapper) */
static void passengers_read(lua_State *L, int arg, void *base)
{
    figures_seq *s = base;
    if (lua_isnone(L, arg))
        lua_settop(L, arg);
    s->v = figure_array(L, arg, "passengers", &s->n);
}
static void pullers_read(lua_State *L, int arg, void *base)
{
    figures_seq *s = base;
    if (lua_isnone(L, arg))
        lua_settop(L, arg);
    s->v = figure_array(L, arg, "pullers", &s->n);
}
static const wrl_struct passengers_st = {"passengers", sizeof(figures_seq), NULL, NULL, NULL, NULL, NULL,
                                         passengers_read};
static const wrl_struct pullers_st = {"pullers", sizeof(figures_seq), NULL, NULL, NULL, NULL, NULL, pullers_read};
typedef struct legs_seq {
    wr_tactical_leg *v;
    size_t n;
} legs_seq;
#define LEGS(x) ((legs_seq *)(x).p)->v, ((legs_seq *)(x).p)->n
static void legs_read(lua_State *L, int arg, void *base)
{
    legs_seq *s = base;
    s->v = leg_array(L, arg, &s->n);
}
static const wrl_struct legs_st = {"legs", sizeof(legs_seq), NULL, NULL, NULL, NULL, NULL, legs_read};
static void tactical_result_push(lua_State *L, const void *base)
{
    push_tactical_result(L, base);
}
static const wrl_struct tactical_result_st = {"a tactical result", sizeof(wr_tactical_result), NULL, NULL, NULL,
                                              NULL, tactical_result_push, NULL};

/* rate_chariot(passengers, pullers) -> Figure; tactical_check(unit,
   formation, legs, flags = 0) -> result table; charge_check(unit, legs) -> problem */
#define BATTLESYSTEM_ARRAY_SFNS(X)                                                                               \
    X(rate_chariot, "rate_chariot", "tt", "+F", wr_rate_chariot_ex(FIGURES(a[0]), FIGURES(a[1]), &r[0].al, r[0].p), \
      &passengers_st, &pullers_st)                                                                               \
    X(tactical_check, "tactical_check", "UOtu", "t", wr_tactical_check(a[0].p, a[1].p, LEGS(a[2]), a[3].u, r[0].p), \
      &legs_st, &tactical_result_st)                                                                             \
    X(tactical_apply, "tactical_apply", "U!Otu", "t",                                                           \
      wr_tactical_apply(a[0].p, a[1].p, LEGS(a[2]), a[3].u, r[0].p), &legs_st, &tactical_result_st)             \
    X(charge_check, "charge_check", "Ut", "i", wr_charge_check(a[0].p, LEGS(a[1]), WRL_OUT(0)), &legs_st)

BATTLESYSTEM_FNS(WRL_FN_THUNK)
BATTLESYSTEM_SFNS(WRL_SFN_THUNK)
BATTLESYSTEM_ARRAY_SFNS(WRL_SFN_THUNK)
BATTLESYSTEM_TOSTRING(WRL_SFN_THUNK)
static const wrl_fn fns[] = {BATTLESYSTEM_FNS(WRL_FN_ENTRY) BATTLESYSTEM_SFNS(WRL_SFN_ENTRY)
                                 BATTLESYSTEM_ARRAY_SFNS(WRL_SFN_ENTRY)
                                 BATTLESYSTEM_TOSTRING(WRL_TOSTRING_ENTRY) WRL_FN_END};

/* ---- registration ------------------------------------------------------- */

/* the constants of battlesystem.h: generated (bindings/gen/gen_bindings.py) */
static const wrl_const consts[] = {WRL_CONSTANTS_BATTLESYSTEM {NULL, 0}};

void wrl_open_battlesystem(lua_State *L)
{
    static const luaL_Reg figure_methods[] = {
        {"set", figure_set}, {"get", figure_get}, {NULL, NULL}};
    wrl_register_type(L, WRL_FIGURE_MT, "figure", figure_methods, fns, NULL, figure_index,
                      figure_newindex);
    wrl_register_type(L, UNIT_MT, "unit", NULL, fns, NULL, NULL, NULL);
    wrl_register_type(L, FORMATION_MT, "formation", NULL, fns, NULL, NULL, NULL);
    static const luaL_Reg others[] = {
        {"Figure", figure_new}, {"figure_new", figure_new},
        {"missile_modifiers_set", l_missile_modifiers_set},
        {"terrain_speed_batch", l_terrain_speed_batch}, {"tactical_check_batch", l_tactical_check_batch},
        {NULL, NULL}};
    luaL_setfuncs(L, others, 0);
    wrl_set_fns(L, fns);
    lua_getfield(L, -1, "Formation");
    lua_setfield(L, -2, "formation_new");
    lua_getfield(L, -1, "Unit");
    lua_setfield(L, -2, "unit_new");
    wrl_set_consts(L, consts);
}
