/* The Lua 5.4 module `warrules`: luaopen_warrules and the shared helpers
   (errors, arguments, table fields, handle boxes). */
#include <limits.h>
#include <stdarg.h>
#include <stdint.h>
#include <string.h>

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

/* ---- arguments ---------------------------------------------------------- */

static lua_Integer to_integer(lua_State *L, int idx, const char *what, int arg)
{
    int isnum = 0;
    lua_Integer v = lua_tointegerx(L, idx, &isnum);
    if (!isnum) {
        if (lua_type(L, idx) == LUA_TNUMBER)
            wrl_fail(L, "WR_ERR_RANGE: %s%d is not an integer", what, arg);
        wrl_fail(L, "WR_ERR_INVALID: %s%d: integer expected, got %s", what, arg,
                 luaL_typename(L, idx));
    }
    return v;
}

int wrl_truth(lua_State *L, int arg)
{
    switch (lua_type(L, arg)) {
    case LUA_TNONE:
    case LUA_TNIL:
        return 0;
    case LUA_TBOOLEAN:
        return lua_toboolean(L, arg);
    case LUA_TNUMBER:
        return to_integer(L, arg, "argument #", arg) != 0;
    default:
        return wrl_fail(L, "WR_ERR_INVALID: argument #%d: boolean expected, got %s", arg,
                        luaL_typename(L, arg));
    }
}

lua_Integer wrl_integer(lua_State *L, int arg)
{
    return to_integer(L, arg, "argument #", arg);
}

int wrl_int(lua_State *L, int arg)
{
    lua_Integer v = to_integer(L, arg, "argument #", arg);
    if (v < INT_MIN || v > INT_MAX)
        return wrl_fail(L, "WR_ERR_RANGE: argument #%d does not fit in a C int", arg);
    return (int)v;
}

int wrl_optint(lua_State *L, int arg, int dflt)
{
    return lua_isnoneornil(L, arg) ? dflt : wrl_int(L, arg);
}

unsigned wrl_uint(lua_State *L, int arg, unsigned dflt)
{
    if (lua_isnoneornil(L, arg))
        return dflt;
    lua_Integer v = to_integer(L, arg, "argument #", arg);
    if (v < 0 || v > (lua_Integer)UINT32_MAX)
        return (unsigned)wrl_fail(L, "WR_ERR_RANGE: argument #%d is not a 32-bit flag set", arg);
    return (unsigned)v;
}

void wrl_check_table(lua_State *L, int arg)
{
    if (lua_type(L, arg) != LUA_TTABLE)
        wrl_fail(L, "WR_ERR_INVALID: argument #%d: table expected, got %s", arg,
                 luaL_typename(L, arg));
}

/* ---- table fields ------------------------------------------------------- */

static lua_Integer field_integer(lua_State *L, const char *name)
{
    int isnum = 0;
    lua_Integer v = lua_tointegerx(L, -1, &isnum);
    if (!isnum) {
        if (lua_type(L, -1) == LUA_TNUMBER)
            wrl_fail(L, "WR_ERR_RANGE: field '%s' is not an integer", name);
        wrl_fail(L, "WR_ERR_INVALID: field '%s': integer expected, got %s", name,
                 luaL_typename(L, -1));
    }
    return v;
}

void wrl_field_int(lua_State *L, int t, const char *name, int *v)
{
    if (lua_getfield(L, t, name) != LUA_TNIL) {
        lua_Integer x = field_integer(L, name);
        if (x < INT_MIN || x > INT_MAX)
            wrl_fail(L, "WR_ERR_RANGE: field '%s' does not fit in a C int", name);
        *v = (int)x;
    }
    lua_pop(L, 1);
}

void wrl_field_uint(lua_State *L, int t, const char *name, unsigned *v)
{
    if (lua_getfield(L, t, name) != LUA_TNIL) {
        lua_Integer x = field_integer(L, name);
        if (x < 0 || x > (lua_Integer)UINT32_MAX)
            wrl_fail(L, "WR_ERR_RANGE: field '%s' is not a 32-bit flag set", name);
        *v = (unsigned)x;
    }
    lua_pop(L, 1);
}

void wrl_field_truth(lua_State *L, int t, const char *name, int *v)
{
    int type = lua_getfield(L, t, name);
    if (type == LUA_TBOOLEAN) {
        *v = lua_toboolean(L, -1);
    } else if (type != LUA_TNIL) {
        lua_Integer x = field_integer(L, name);
        /* integers pass through so that the library checks them (0 or 1) */
        if (x < INT_MIN || x > INT_MAX)
            wrl_fail(L, "WR_ERR_RANGE: field '%s' does not fit in a C int", name);
        *v = (int)x;
    }
    lua_pop(L, 1);
}

void wrl_only_fields(lua_State *L, int t, const char *what, const char *const *names)
{
    lua_pushnil(L);
    while (lua_next(L, t) != 0) {
        int known = 0;
        if (lua_type(L, -2) == LUA_TSTRING) {
            const char *key = lua_tostring(L, -2);
            for (const char *const *n = names; *n != NULL && !known; n++)
                known = strcmp(*n, key) == 0;
        }
        if (!known) {
            lua_pop(L, 1); /* the key stays for the message */
            wrl_fail(L, "WR_ERR_INVALID: %s has no field '%s'", what, luaL_tolstring(L, -1, NULL));
        }
        lua_pop(L, 1);
    }
}

void wrl_set_int(lua_State *L, const char *name, lua_Integer value)
{
    lua_pushinteger(L, value);
    lua_setfield(L, -2, name);
}

void wrl_set_bool(lua_State *L, const char *name, int value)
{
    lua_pushboolean(L, value);
    lua_setfield(L, -2, name);
}

void wrl_push_int_array0(lua_State *L, const int *v, int n)
{
    lua_createtable(L, n - 1, 1);
    for (int i = 0; i < n; i++) {
        lua_pushinteger(L, v[i]);
        lua_seti(L, -2, i);
    }
}

int *wrl_int_sequence(lua_State *L, int arg, size_t max, size_t *n)
{
    wrl_check_table(L, arg);
    size_t len = (size_t)lua_rawlen(L, arg);
    if (len > max)
        wrl_fail(L, "WR_ERR_RANGE: argument #%d has more than %d items", arg, (int)max);
    int *v = lua_newuserdatauv(L, sizeof *v * (len ? len : 1), 0);
    for (size_t i = 0; i < len; i++) {
        lua_rawgeti(L, arg, (lua_Integer)i + 1);
        lua_Integer x = field_integer(L, "item");
        if (x < INT_MIN || x > INT_MAX)
            wrl_fail(L, "WR_ERR_RANGE: item %d of argument #%d does not fit in a C int",
                     (int)i + 1, arg);
        v[i] = (int)x;
        lua_pop(L, 1);
    }
    *n = len;
    return v;
}

/* ---- structs as tables, by field lists ---------------------------------- */

/* Every field is an int, an enum (int-sized) or unsigned flags. */

_Static_assert(sizeof(int) == 4 && sizeof(unsigned) == 4, "fields are 32-bit (int32_t, uint32_t too)");

void wrl_push_fields(lua_State *L, const void *base, const wrl_field *f)
{
    lua_newtable(L);
    for (; f->name != NULL; f++) {
        const char *p = (const char *)base + f->offset;
        if (f->kind == WRL_F_UINT) {
            unsigned u;
            memcpy(&u, p, sizeof u);
            wrl_set_int(L, f->name, u);
        } else {
            int v;
            memcpy(&v, p, sizeof v);
            wrl_set_int(L, f->name, v);
        }
    }
}

/* Reads the fields present in the table at t over *base. */
void wrl_read_fields(lua_State *L, int t, void *base, const wrl_field *f)
{
    for (; f->name != NULL; f++) {
        char *p = (char *)base + f->offset;
        if (f->kind == WRL_F_UINT) {
            unsigned u;
            memcpy(&u, p, sizeof u);
            wrl_field_uint(L, t, f->name, &u);
            memcpy(p, &u, sizeof u);
        } else {
            int v;
            memcpy(&v, p, sizeof v);
            if (f->kind == WRL_F_TRUTH)
                wrl_field_truth(L, t, f->name, &v);
            else
                wrl_field_int(L, t, f->name, &v);
            memcpy(p, &v, sizeof v);
        }
    }
}

/* Raises WR_ERR_INVALID for a key of the table at t not among the fields
   and the extra names. */
void wrl_only_known(lua_State *L, int t, const char *what, const wrl_field *f, const char *const *extra)
{
    const char *names[40];
    int n = 0;
    for (; f->name != NULL && n < 32; f++)
        names[n++] = f->name;
    for (; extra != NULL && *extra != NULL && n < 39; extra++)
        names[n++] = *extra;
    names[n] = NULL;
    wrl_only_fields(L, t, what, names);
}

/* Reads a struct from argument or value t (a table) with only known keys. */
void wrl_read_struct(lua_State *L, int t, const char *what, void *base, const wrl_field *f)
{
    t = lua_absindex(L, t);
    if (lua_type(L, t) != LUA_TTABLE)
        wrl_fail(L, "WR_ERR_INVALID: %s must be a table, got %s", what, luaL_typename(L, t));
    wrl_only_known(L, t, what, f, NULL);
    wrl_read_fields(L, t, base, f);
}

/* ---- handle boxes ------------------------------------------------------- */

wrl_box *wrl_new_box(lua_State *L, const char *metatable, size_t size, int nuv, int nparents,
                     void (*free_fn)(void *ptr))
{
    wrl_box *box = lua_newuserdatauv(L, size, nuv);
    memset(box, 0, size);
    box->free_fn = free_fn;
    box->nparents = nparents;
    luaL_setmetatable(L, metatable);
    return box;
}

wrl_box *wrl_box_at(lua_State *L, int arg, const char *metatable)
{
    wrl_box *box = luaL_testudata(L, arg, metatable);
    if (box == NULL)
        wrl_fail(L, "WR_ERR_INVALID: argument #%d: %s expected, got %s", arg, metatable,
                 luaL_typename(L, arg));
    return box;
}

void *wrl_check_handle(lua_State *L, int arg, const char *metatable)
{
    wrl_box *box = wrl_box_at(L, arg, metatable);
    if (box->closed || box->ptr == NULL)
        wrl_fail(L, "WR_ERR_STATE: the %s is closed", metatable);
    return box->ptr;
}

void *wrl_check_mutable(lua_State *L, int arg, const char *metatable)
{
    void *ptr = wrl_check_handle(L, arg, metatable);
    if (((wrl_box *)lua_touserdata(L, arg))->busy > 0)
        wrl_fail(L, "WR_ERR_STATE: the %s is in use by a running call", metatable);
    return ptr;
}

static void release(lua_State *L, int idx);

/* One reference fewer to the box at idx (a parent). */
static void drop(lua_State *L, int idx)
{
    wrl_box *box = lua_touserdata(L, idx);
    box->refs--;
    if (box->closed && box->refs == 0)
        release(L, idx);
}

/* Frees the C handle of the box at idx, then lets go of its parents. */
static void release(lua_State *L, int idx)
{
    idx = lua_absindex(L, idx);
    wrl_box *box = lua_touserdata(L, idx);
    void *ptr = box->ptr;
    box->ptr = NULL;
    if (ptr != NULL && box->free_fn != NULL)
        box->free_fn(ptr);
    for (int i = 1; i <= box->nparents; i++) {
        if (lua_getiuservalue(L, idx, i) == LUA_TUSERDATA) {
            lua_pushnil(L);
            lua_setiuservalue(L, idx, i);
            drop(L, lua_gettop(L));
        }
        lua_pop(L, 1);
    }
}

void wrl_set_parent(lua_State *L, int idx, int slot, int parent)
{
    idx = lua_absindex(L, idx);
    if (parent != 0)
        parent = lua_absindex(L, parent);
    if (parent != 0 && lua_type(L, parent) == LUA_TUSERDATA)
        ((wrl_box *)lua_touserdata(L, parent))->refs++;
    if (lua_getiuservalue(L, idx, slot) == LUA_TUSERDATA) {
        /* keep the old parent on the stack while it is dropped */
        if (parent != 0)
            lua_pushvalue(L, parent);
        else
            lua_pushnil(L);
        lua_setiuservalue(L, idx, slot);
        drop(L, lua_gettop(L));
        lua_pop(L, 1);
        return;
    }
    lua_pop(L, 1);
    if (parent != 0)
        lua_pushvalue(L, parent);
    else
        lua_pushnil(L);
    lua_setiuservalue(L, idx, slot);
}

void wrl_busy(lua_State *L, int idx, int delta)
{
    idx = lua_absindex(L, idx);
    wrl_box *box = lua_touserdata(L, idx);
    box->busy += delta;
    for (int i = 1; i <= box->nparents; i++) {
        if (lua_getiuservalue(L, idx, i) == LUA_TUSERDATA)
            wrl_busy(L, -1, delta);
        lua_pop(L, 1);
    }
}

wr_allocator wrl_allocator(lua_State *L)
{
    wr_allocator a;
    a.fn = lua_getallocf(L, &a.user);
    return a;
}

/* close(), __gc and __close: the metatable name is upvalue 1. */
static int box_close(lua_State *L)
{
    const char *metatable = lua_tostring(L, lua_upvalueindex(1));
    wrl_box *box = wrl_box_at(L, 1, metatable);
    if (box->closed)
        return 0;
    if (box->busy > 0)
        return wrl_fail(L, "WR_ERR_STATE: the %s is in use by a running call", metatable);
    box->closed = 1;
    if (box->refs == 0)
        release(L, 1);
    return 0;
}

int wrl_tostring_closed(lua_State *L, int arg, const char *metatable)
{
    wrl_box *box = wrl_box_at(L, arg, metatable);
    if (!box->closed)
        return 0;
    lua_pushfstring(L, "%s (closed)", metatable);
    return 1;
}

void wrl_register_type(lua_State *L, const char *metatable, const char *prefix,
                       const luaL_Reg *methods, lua_CFunction tostring, lua_CFunction index,
                       lua_CFunction newindex)
{
    int module = lua_absindex(L, -1);
    luaL_newmetatable(L, metatable);
    int mt = lua_gettop(L);
    lua_pushstring(L, metatable);
    lua_pushcclosure(L, box_close, 1);
    lua_pushvalue(L, -1);
    lua_setfield(L, mt, "__gc");
    lua_pushvalue(L, -1);
    lua_setfield(L, mt, "__close");
    lua_pushvalue(L, -1);
    lua_pushfstring(L, "%s_free", prefix);
    lua_insert(L, -2);
    lua_settable(L, module);
    int close = lua_gettop(L);
    lua_pushcfunction(L, tostring);
    lua_setfield(L, mt, "__tostring");

    lua_newtable(L); /* the methods table, also holding close */
    luaL_setfuncs(L, methods, 0);
    lua_pushvalue(L, close);
    lua_setfield(L, -2, "close");
    for (const luaL_Reg *m = methods; m->name != NULL; m++) {
        lua_pushfstring(L, "%s_%s", prefix, m->name);
        lua_pushcfunction(L, m->func);
        lua_settable(L, module);
    }
    if (index != NULL) {
        lua_setfield(L, mt, "methods");
        lua_pushcfunction(L, index);
        lua_setfield(L, mt, "__index");
    } else {
        lua_setfield(L, mt, "__index");
    }
    if (newindex != NULL) {
        lua_pushcfunction(L, newindex);
        lua_setfield(L, mt, "__newindex");
    }
    lua_settop(L, module);
}

void wrl_set_consts(lua_State *L, const wrl_const *c)
{
    for (; c->name != NULL; c++)
        wrl_set_int(L, c->name, c->value);
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
