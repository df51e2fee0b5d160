/* The Lua module `warrules`: luaopen_warrules and the shared helpers
   (errors, arguments, table fields, handle boxes). */
#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "melee_lua.h"

/* ---- errors --------------------------------------------------------------- */

#define ERROR_MT "warrules.Error"

/* hand-written: a Lua idiom: error objects print as their message */
static int error_tostring(lua_State *L)
{
    lua_getfield(L, 1, "message");
    return 1;
}

/* `a .. err` and `err .. b` read as text. */
/* hand-written: a Lua idiom: error objects concatenate as their message */
static int error_concat(lua_State *L)
{
    luaL_tolstring(L, 1, NULL);
    luaL_tolstring(L, 2, NULL);
    lua_concat(L, 2);
    return 1;
}

/* A string method called on an error object: on its message (upvalue 1: the method). */
/* hand-written: a Lua idiom: string methods on an error object work on its message */
static int error_string_method(lua_State *L)
{
    luaL_tolstring(L, 1, NULL);
    lua_replace(L, 1);
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, lua_gettop(L) - 1, LUA_MULTRET);
    return lua_gettop(L);
}

/* err:find(...), err:match(...), ...: scripts written when errors were
   strings keep working. Other missing keys are nil. */
/* hand-written: a Lua idiom: err:match(...) and the like, as when errors were strings */
static int error_index(lua_State *L)
{
    lua_pushliteral(L, "");
    if (lua_type(L, 2) != LUA_TSTRING || !luaL_getmetafield(L, -1, "__index") || lua_type(L, -1) != LUA_TTABLE)
        return 0;
    lua_pushvalue(L, 2);
    lua_rawget(L, -2);
    if (lua_type(L, -1) != LUA_TFUNCTION)
        return 0;
    lua_pushcclosure(L, error_string_method, 1);
    return 1;
}

static void open_errors(lua_State *L)
{
    luaL_newmetatable(L, ERROR_MT);
    lua_pushcfunction(L, error_index);
    lua_setfield(L, -2, "__index");
    lua_pushcfunction(L, error_tostring);
    lua_setfield(L, -2, "__tostring");
    lua_pushcfunction(L, error_concat);
    lua_setfield(L, -2, "__concat");
    lua_pushstring(L, ERROR_MT);
    lua_setfield(L, -2, "__name");
    lua_pop(L, 1);
}

#define MODULE_KEY "warrules.module"

static int is_old_name(const char *key)
{
    for (const wrl_alias *a = wrl_aliases; a->old_name != NULL; a++)
        if (strcmp(a->old_name, key) == 0)
            return 1;
    return 0;
}

/* Pushes "warrules.<key>", the running function's key in the module table
   (not an older alias), and returns it; NULL, with nothing pushed, when it
   is not there. Names a function called without a name in the caller's
   code: through pcall, or by a tail call (which LuaJIT reports as '?'). */
static const char *module_name(lua_State *L)
{
    lua_Debug ar;
    if (!lua_getstack(L, 0, &ar) || !lua_getinfo(L, "f", &ar))
        return NULL;
    int fn = lua_gettop(L);
    lua_getfield(L, LUA_REGISTRYINDEX, MODULE_KEY);
    if (lua_type(L, -1) == LUA_TTABLE) {
        lua_pushnil(L);
        while (lua_next(L, fn + 1)) {
            if (lua_type(L, -2) == LUA_TSTRING && lua_rawequal(L, -1, fn) && !is_old_name(lua_tostring(L, -2))) {
                lua_pushfstring(L, "warrules.%s", lua_tostring(L, -2));
                lua_replace(L, fn);
                lua_settop(L, fn);
                return lua_tostring(L, fn);
            }
            lua_pop(L, 1);
        }
    }
    lua_settop(L, fn - 1);
    return NULL;
}

/* The Lua name of the running function: its descriptor's (table-driven
   functions), the name it was called by, or its name in the module; NULL
   when unknown. May push the name (callers index their values absolutely). */
static const char *function_name(lua_State *L, int *is_method)
{
    lua_Debug ar;
    const char *name = NULL;
    *is_method = 0;
    if (lua_getstack(L, 0, &ar) && lua_getinfo(L, "n", &ar)) {
        name = ar.name;
        *is_method = ar.namewhat != NULL && strcmp(ar.namewhat, "method") == 0;
    }
    if (lua_islightuserdata(L, lua_upvalueindex(1)))
        name = ((const wrl_fn *)lua_touserdata(L, lua_upvalueindex(1)))->name;
    else if (name == NULL)
        name = module_name(L);
    return name;
}

/* Pushes "chunk:line: " of the nearest Lua function that called the running
   one (luaL_where(L, 1), looking past C frames such as pcall, which LuaJIT
   leaves in place of a Lua caller that made a tail call); "" when none. */
static void push_where(lua_State *L)
{
    lua_Debug ar;
    for (int level = 1; level <= 3 && lua_getstack(L, level, &ar); level++) {
        if (lua_getinfo(L, "Sl", &ar) && ar.currentline > 0) {
            lua_pushfstring(L, "%s:%d: ", ar.short_src, ar.currentline);
            return;
        }
    }
    lua_pushliteral(L, "");
}

/* Raises the error object for status with the message at the top of the
   stack; d (or NULL) is the library's detail of the failure. */
static int raise_error(lua_State *L, wr_status status, const wr_error *d)
{
    int message = lua_gettop(L);
    lua_createtable(L, 0, 8);
    lua_pushinteger(L, status);
    lua_setfield(L, -2, "status");
    lua_pushstring(L, wr_status_name(status));
    lua_setfield(L, -2, "name");
    lua_pushvalue(L, message);
    lua_setfield(L, -2, "message");
    if (d != NULL) {
        lua_pushstring(L, d->function);
        lua_setfield(L, -2, "function");
        if (d->argument[0] != '\0') {
            lua_pushstring(L, d->argument);
            lua_setfield(L, -2, "argument");
        }
        if (d->has_value) {
            /* where a double cannot hold it, the digits (no error inside an error) */
            if (WRL_HAS_INTEGERS || (d->value >= -(1LL << 53) && d->value <= (1LL << 53)))
                wrl_push_int64(L, d->value);
            else {
                char digits[32];
                snprintf(digits, sizeof digits, "%lld", d->value);
                lua_pushstring(L, digits);
            }
            lua_setfield(L, -2, "value");
        }
        if (d->expected[0] != '\0') {
            lua_pushstring(L, d->expected);
            lua_setfield(L, -2, "expected");
        }
    }
    luaL_setmetatable(L, ERROR_MT);
    return lua_error(L);
}

/* The status a message "WR_ERR_X: ..." starts with (WR_ERR_INVALID if none). */
static wr_status status_prefix(const char *text, size_t *len)
{
    for (int st = WR_ERR_NULL; st <= WR_ERR_STATE; st++) {
        const char *name = wr_status_name((wr_status)st);
        size_t n = strlen(name);
        if (strncmp(text, name, n) == 0 && strncmp(text + n, ": ", 2) == 0) {
            *len = n + 2;
            return (wr_status)st;
        }
    }
    *len = 0;
    return WR_ERR_INVALID;
}

int wrl_fail(lua_State *L, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    const char *text = lua_pushvfstring(L, fmt, ap);
    va_end(ap);
    size_t skip = 0;
    wr_status status = status_prefix(text, &skip);
    int is_method = 0;
    const char *name = function_name(L, &is_method);
    lua_pushfstring(L, "%s: ", wr_status_name(status));
    push_where(L);
    if (name != NULL)
        lua_pushfstring(L, "%s: ", name);
    else
        lua_pushliteral(L, "");
    lua_pushstring(L, text + skip);
    lua_concat(L, 4);
    return raise_error(L, status, NULL);
}

/* The error of argument arg (named arg_name, or NULL) with the text at text. */
static int argfail_text(lua_State *L, int arg, const char *arg_name, wr_status status, int text)
{
    int is_method = 0;
    const char *name = function_name(L, &is_method);
    lua_pushfstring(L, "%s: ", wr_status_name(status));
    push_where(L);
    if (arg <= 0) /* a value the binding read out of an argument, not one */
        lua_pushfstring(L, "%s: %s", name ? name : "?", arg_name ? arg_name : "an item");
    else if (is_method && arg == 1)
        lua_pushfstring(L, "calling '%s' on bad self", name);
    else if (arg_name != NULL)
        lua_pushfstring(L, "bad argument #%d (%s) to '%s'", is_method ? arg - 1 : arg, arg_name,
                        name ? name : "?");
    else
        lua_pushfstring(L, "bad argument #%d to '%s'", is_method ? arg - 1 : arg, name ? name : "?");
    lua_pushliteral(L, " (");
    lua_pushvalue(L, text);
    lua_pushliteral(L, ")");
    lua_concat(L, 6);
    return raise_error(L, status, NULL);
}

int wrl_argfail(lua_State *L, int arg, wr_status status, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    lua_pushvfstring(L, fmt, ap);
    va_end(ap);
    return argfail_text(L, arg, NULL, status, lua_gettop(L));
}

int wrl_named_argfail(lua_State *L, int arg, const char *arg_name, wr_status status, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    lua_pushvfstring(L, fmt, ap);
    va_end(ap);
    return argfail_text(L, arg, arg_name, status, lua_gettop(L));
}

int wrl_check(lua_State *L, wr_status status, const char *what)
{
    if (status == WR_OK)
        return 0;
    wr_error d;
    wr_last_error_detail(&d);
    int has_detail = d.status == status && d.function != NULL && d.function[0] != '\0';
    lua_pushfstring(L, "%s: ", wr_status_name(status));
    push_where(L);
    lua_pushfstring(L, "%s: ", what);
    if (has_detail) {
        /* wr_last_error() without its " (WR_ERR_X)" ending: the message starts with it */
        const char *text = wr_last_error();
        size_t n = strlen(text), tail = strlen(wr_status_name(status)) + 3;
        if (n > tail && text[n - tail] == ' ' && text[n - tail + 1] == '(')
            n -= tail;
        lua_pushlstring(L, text, n);
        wr_last_error_clear(); /* the error object carries the detail now */
    } else {
        lua_pushstring(L, wr_status_str(status));
    }
    lua_concat(L, 4);
    return raise_error(L, status, has_detail ? &d : NULL);
}

/* ---- numbers -------------------------------------------------------------- */

#define EXACT_MAX 9007199254740992.0 /* 2^53: doubles hold every integer up to here */

int wrl_tointeger(lua_State *L, int idx, long long *v)
{
#if WRL_HAS_INTEGERS
    int isnum = 0;
    lua_Integer x = lua_tointegerx(L, idx, &isnum);
    if (isnum) {
        *v = (long long)x;
        return 0;
    }
    return lua_type(L, idx) == LUA_TNUMBER || lua_isnumber(L, idx) ? 2 : 1;
#else
    if (!lua_isnumber(L, idx))
        return 1;
    lua_Number n = lua_tonumber(L, idx);
    if (!(n >= -EXACT_MAX && n <= EXACT_MAX) || (lua_Number)(long long)n != n)
        return 2;
    *v = (long long)n;
    return 0;
#endif
}

#if !WRL_HAS_INTEGERS
static void refuse_result(lua_State *L, const char *digits)
{
    wrl_fail(L, "WR_ERR_RANGE: the result %s has no exact Lua number (%s numbers are doubles)", digits,
             LUA_VERSION);
}
#endif

/* Results: where numbers are doubles, a value that a double holds exactly
   (any up to 2^53, and larger ones such as 5 * 10^17) or an error. */
void wrl_push_int64(lua_State *L, long long v)
{
#if WRL_HAS_INTEGERS
    lua_pushinteger(L, (lua_Integer)v);
#else
    lua_Number d = (lua_Number)v;
    if (!(d >= -9223372036854775808.0 && d < 9223372036854775808.0) || (long long)d != v) {
        char digits[32];
        snprintf(digits, sizeof digits, "%lld", v);
        refuse_result(L, digits);
    }
    lua_pushnumber(L, d);
#endif
}

void wrl_push_uint64(lua_State *L, unsigned long long v)
{
#if WRL_HAS_INTEGERS
    lua_pushinteger(L, (lua_Integer)v);
#else
    lua_Number d = (lua_Number)v;
    if (!(d < 18446744073709551616.0) || (unsigned long long)d != v) {
        char digits[32];
        snprintf(digits, sizeof digits, "%llu", v);
        refuse_result(L, digits);
    }
    lua_pushnumber(L, d);
#endif
}

/* ---- arguments ---------------------------------------------------------- */

static long long arg_integer(lua_State *L, int arg)
{
    long long v = 0;
    switch (wrl_tointeger(L, arg, &v)) {
    case 0:
        return v;
    case 2:
        wrl_argfail(L, arg, WR_ERR_RANGE, "%s is not an integer%s", luaL_tolstring(L, arg, NULL),
                    WRL_HAS_INTEGERS ? "" : " within +-2^53");
        return 0;
    default:
        wrl_argfail(L, arg, WR_ERR_INVALID, "integer expected, got %s", luaL_typename(L, arg));
        return 0;
    }
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
        return arg_integer(L, arg) != 0;
    default:
        return wrl_argfail(L, arg, WR_ERR_INVALID, "boolean expected, got %s", luaL_typename(L, arg));
    }
}

long long wrl_integer(lua_State *L, int arg)
{
    return arg_integer(L, arg);
}

int wrl_int(lua_State *L, int arg)
{
    long long v = arg_integer(L, arg);
    if (v < INT_MIN || v > INT_MAX)
        return wrl_argfail(L, arg, WR_ERR_RANGE, "%s does not fit in a C int", luaL_tolstring(L, arg, NULL));
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
    long long v = arg_integer(L, arg);
    if (v < 0 || v > (long long)UINT32_MAX)
        return (unsigned)wrl_argfail(L, arg, WR_ERR_RANGE, "%s is not a 32-bit flag set",
                                     luaL_tolstring(L, arg, NULL));
    return (unsigned)v;
}

/* A seed: an integer, or a string of one ("18446744073709551615", "-1",
   "0xFFFFFFFFFFFFFFFF") for the 64 bits that a Lua without integers cannot hold. */
uint64_t wrl_seed(lua_State *L, int arg)
{
    if (lua_type(L, arg) == LUA_TSTRING) {
        const char *s = lua_tostring(L, arg);
        char *end = NULL;
        errno = 0;
        uint64_t v = s[0] == '-' ? (uint64_t)strtoll(s, &end, 0) : (uint64_t)strtoull(s, &end, 0);
        if (errno == 0 && end != s && *end == '\0' && s[0] != ' ' && s[0] != '+')
            return v;
        wrl_argfail(L, arg, WR_ERR_INVALID, "'%s' is not a 64-bit integer", s);
    }
    return (uint64_t)arg_integer(L, arg);
}

void wrl_check_table(lua_State *L, int arg)
{
    if (lua_type(L, arg) != LUA_TTABLE)
        wrl_argfail(L, arg, WR_ERR_INVALID, "table expected, got %s", luaL_typename(L, arg));
}

void wrl_check_named_table(lua_State *L, int arg, const char *arg_name)
{
    if (lua_type(L, arg) != LUA_TTABLE)
        wrl_named_argfail(L, arg, arg_name, WR_ERR_INVALID, "a table expected, got %s", luaL_typename(L, arg));
}

long long wrl_item_integer(lua_State *L, int arg, const char *arg_name, size_t i)
{
    long long v = 0;
    switch (wrl_tointeger(L, -1, &v)) {
    case 0:
        return v;
    case 2:
        return wrl_named_argfail(L, arg, arg_name, WR_ERR_RANGE, "item %d: %s is not an integer%s", (int)i + 1,
                                 luaL_tolstring(L, -1, NULL), WRL_HAS_INTEGERS ? "" : " within +-2^53");
    default:
        return wrl_named_argfail(L, arg, arg_name, WR_ERR_INVALID, "item %d: integer expected, got %s",
                                 (int)i + 1, luaL_typename(L, -1));
    }
}

/* ---- table fields ------------------------------------------------------- */

static long long field_integer(lua_State *L, const char *name)
{
    long long v = 0;
    int bad = wrl_tointeger(L, -1, &v);
    if (bad == 2)
        wrl_fail(L, "WR_ERR_RANGE: field '%s' = %s is not an integer", name, luaL_tolstring(L, -1, NULL));
    if (bad)
        wrl_fail(L, "WR_ERR_INVALID: field '%s': integer expected, got %s", name, luaL_typename(L, -1));
    return v;
}

void wrl_field_int(lua_State *L, int t, const char *name, int *v)
{
    if (lua_getfield(L, t, name) != LUA_TNIL) {
        long long x = field_integer(L, name);
        if (x < INT_MIN || x > INT_MAX)
            wrl_fail(L, "WR_ERR_RANGE: field '%s' = %s does not fit in a C int", name, luaL_tolstring(L, -1, NULL));
        *v = (int)x;
    }
    lua_pop(L, 1);
}

void wrl_field_uint(lua_State *L, int t, const char *name, unsigned *v)
{
    if (lua_getfield(L, t, name) != LUA_TNIL) {
        long long x = field_integer(L, name);
        if (x < 0 || x > (long long)UINT32_MAX)
            wrl_fail(L, "WR_ERR_RANGE: field '%s' = %s is not a 32-bit flag set", name, luaL_tolstring(L, -1, NULL));
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
        long long x = field_integer(L, name);
        /* integers pass through so that the library checks them (0 or 1) */
        if (x < INT_MIN || x > INT_MAX)
            wrl_fail(L, "WR_ERR_RANGE: field '%s' = %s does not fit in a C int", name, luaL_tolstring(L, -1, NULL));
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

void wrl_set_int(lua_State *L, const char *name, long long value)
{
    wrl_push_int64(L, value);
    lua_setfield(L, -2, name);
}

void wrl_set_bool(lua_State *L, const char *name, int value)
{
    lua_pushboolean(L, value);
    lua_setfield(L, -2, name);
}

wr_hex wrl_hex(lua_State *L, int arg)
{
    static const char *const fields[] = {"q", "r", NULL};
    arg = lua_absindex(L, arg);
    if (lua_type(L, arg) != LUA_TTABLE)
        wrl_argfail(L, arg, WR_ERR_INVALID, "hex {q =, r =} expected, got %s", luaL_typename(L, arg));
    wr_hex h = {0, 0};
    if (lua_rawlen(L, arg) == 2) {
        lua_rawgeti(L, arg, 1);
        lua_rawgeti(L, arg, 2);
        h.q = wrl_int(L, -2);
        h.r = wrl_int(L, -1);
        lua_pop(L, 2);
        return h;
    }
    wrl_only_fields(L, arg, "a hex", fields);
    if (lua_getfield(L, arg, "q") == LUA_TNIL || lua_getfield(L, arg, "r") == LUA_TNIL)
        wrl_argfail(L, arg, WR_ERR_INVALID, "a hex needs q and r");
    lua_pop(L, 2);
    wrl_field_int(L, arg, "q", &h.q);
    wrl_field_int(L, arg, "r", &h.r);
    return h;
}

void wrl_push_hex(lua_State *L, wr_hex h)
{
    lua_createtable(L, 0, 2);
    wrl_set_int(L, "q", h.q);
    wrl_set_int(L, "r", h.r);
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
        wrl_argfail(L, arg, WR_ERR_RANGE, "more than %d items", (int)max);
    int *v = lua_newuserdatauv(L, sizeof *v * (len ? len : 1), 0);
    for (size_t i = 0; i < len; i++) {
        lua_rawgeti(L, arg, (lua_Integer)i + 1);
        long long x = wrl_item_integer(L, arg, NULL, i);
        if (x < INT_MIN || x > INT_MAX)
            wrl_argfail(L, arg, WR_ERR_RANGE, "item %d: %s does not fit in a C int", (int)i + 1,
                        luaL_tolstring(L, -1, NULL));
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

/* Every box this module makes carries the address of this anchor and its
   type's name: a userdata is a box of a type only when it is at least a
   box's size and holds both (its metatable alone proves nothing:
   debug.setmetatable can give any userdata a warrules metatable). */
static const char box_magic = 0;

/* Registry keys: the table of every box made (weak keys), for the state's
   close; the sentinel that says the state is closing. */
static const char boxes_key = 0, sentinel_key = 0;

typedef struct sentinel {
    const char *magic;
    int closing;
} sentinel;

wrl_box *wrl_box_test(lua_State *L, int arg, const char *metatable)
{
    if (lua_type(L, arg) != LUA_TUSERDATA || lua_rawlen(L, arg) < sizeof(wrl_box))
        return NULL;
    wrl_box *box = lua_touserdata(L, arg);
    if (box == NULL || box->magic != &box_magic || box->type == NULL ||
        (metatable != NULL && strcmp(box->type, metatable) != 0))
        return NULL;
    return box;
}

/* The sentinel of the state (NULL if someone took it out of the registry). */
static sentinel *state_sentinel(lua_State *L)
{
    lua_pushlightuserdata(L, (void *)&sentinel_key);
    lua_rawget(L, LUA_REGISTRYINDEX);
    sentinel *s = NULL;
    if (lua_type(L, -1) == LUA_TUSERDATA && lua_rawlen(L, -1) >= sizeof(sentinel)) {
        s = lua_touserdata(L, -1);
        if (s->magic != &box_magic)
            s = NULL;
    }
    lua_pop(L, 1);
    return s;
}

static void release(lua_State *L, int idx);

/* The sentinel's __gc. It is made when the module is opened, before any
   box, and the registry keeps it, so it is finalized only when the state
   closes, and then after every box (Lua calls finalizers newest first):
   every box still open then was made by a finalizer while the state was
   closing, which Lua no longer finalizes (or, LuaJIT, finalizes after it
   has unloaded the module), and is released here; every box loses its
   metatable, so that no finalizer of this module runs later; a box asked
   for later (by an older object's finalizer) is refused. */
/* hand-written: ownership: releases the boxes left when the state closes */
static int sentinel_gc(lua_State *L)
{
    sentinel *s = lua_touserdata(L, 1);
    if (s == NULL || state_sentinel(L) != s)
        return 0; /* not this state's sentinel (taken out of the registry): nothing to do */
    s->closing = 1;
    lua_pushlightuserdata(L, (void *)&boxes_key);
    if (lua_rawget(L, LUA_REGISTRYINDEX) != LUA_TTABLE)
        return 0;
    int boxes = lua_gettop(L);
    lua_pushnil(L);
    while (lua_next(L, boxes) != 0) {
        lua_pop(L, 1);
        wrl_box *box = wrl_box_test(L, -1, NULL);
        if (box == NULL)
            continue;
        if (!box->closed && box->busy == 0) {
            box->closed = 1;
            if (box->refs == 0)
                release(L, -1); /* and, through it, the boxes it held (closed here) */
        }
        /* no __gc of this module may run after this: LuaJIT finalizes the
           boxes made while closing once it has unloaded the module */
        lua_pushnil(L);
        lua_setmetatable(L, -2);
    }
    lua_pop(L, 1);
    return 0;
}

/* Makes the table of boxes and the sentinel of a state, once. */
static void open_boxes(lua_State *L)
{
    if (state_sentinel(L) != NULL)
        return;
    lua_pushlightuserdata(L, (void *)&boxes_key);
    lua_newtable(L);
    lua_newtable(L);
    lua_pushliteral(L, "k");
    lua_setfield(L, -2, "__mode");
    lua_setmetatable(L, -2);
    lua_rawset(L, LUA_REGISTRYINDEX);
    lua_pushlightuserdata(L, (void *)&sentinel_key);
    sentinel *s = lua_newuserdatauv(L, sizeof *s, 0);
    s->magic = &box_magic;
    s->closing = 0;
    lua_newtable(L);
    lua_pushcfunction(L, sentinel_gc);
    lua_setfield(L, -2, "__gc");
    lua_setmetatable(L, -2);
    lua_rawset(L, LUA_REGISTRYINDEX);
}

wrl_box *wrl_new_box(lua_State *L, const char *metatable, size_t size, int nuv, int nparents,
                     void (*free_fn)(void *ptr))
{
    sentinel *s = state_sentinel(L);
    if (s != NULL && s->closing)
        wrl_fail(L, "WR_ERR_STATE: the Lua state is closing: no %s can be made now (a finalizer "
                    "that runs while the state closes may not make handles)", metatable);
    wrl_box *box = lua_newuserdatauv(L, size, nuv);
    memset(box, 0, size);
    box->magic = &box_magic;
    box->type = metatable;
    box->free_fn = free_fn;
    box->nparents = nparents;
    luaL_setmetatable(L, metatable);
    lua_pushlightuserdata(L, (void *)&boxes_key);
    if (lua_rawget(L, LUA_REGISTRYINDEX) == LUA_TTABLE) {
        lua_pushvalue(L, -2);
        lua_pushboolean(L, 1);
        lua_rawset(L, -3);
    }
    lua_pop(L, 1);
    return box;
}

wrl_box *wrl_box_at(lua_State *L, int arg, const char *metatable)
{
    wrl_box *box = wrl_box_test(L, arg, metatable);
    if (box == NULL)
        wrl_argfail(L, arg, WR_ERR_INVALID, "%s expected, got %s", metatable, luaL_typename(L, arg));
    return box;
}

void *wrl_check_handle(lua_State *L, int arg, const char *metatable)
{
    wrl_box *box = wrl_box_at(L, arg, metatable);
    if (box->closed || box->ptr == NULL)
        wrl_argfail(L, arg, WR_ERR_STATE, "the %s is closed", metatable);
    return box->ptr;
}

void *wrl_check_mutable(lua_State *L, int arg, const char *metatable)
{
    void *ptr = wrl_check_handle(L, arg, metatable);
    if (((wrl_box *)lua_touserdata(L, arg))->busy > 0)
        wrl_argfail(L, arg, WR_ERR_STATE, "the %s is in use by a running call", metatable);
    return ptr;
}

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
        int type = lua_getiuservalue(L, idx, i);
        if (type == LUA_TUSERDATA || type == LUA_TTABLE) {
            lua_pushnil(L);
            lua_setiuservalue(L, idx, i);
        }
        if (type == LUA_TUSERDATA) {
            drop(L, lua_gettop(L));
        } else if (type == LUA_TTABLE) {
            int set = lua_gettop(L);
            lua_pushnil(L);
            while (lua_next(L, set) != 0) {
                drop(L, lua_gettop(L));
                lua_pop(L, 1);
            }
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

/* The key of a handle in a set of parents: its C handle. */
static void push_parent_key(lua_State *L, int parent)
{
    lua_pushlightuserdata(L, ((wrl_box *)lua_touserdata(L, parent))->ptr);
}

int wrl_add_parent(lua_State *L, int idx, int slot, int parent)
{
    idx = lua_absindex(L, idx);
    parent = lua_absindex(L, parent);
    if (lua_getiuservalue(L, idx, slot) != LUA_TTABLE) {
        lua_pop(L, 1);
        lua_newtable(L);
        lua_pushvalue(L, -1);
        lua_setiuservalue(L, idx, slot);
    }
    int set = lua_gettop(L);
    push_parent_key(L, parent);
    if (lua_rawget(L, set) != LUA_TNIL) {
        lua_pop(L, 2);
        return 0;
    }
    lua_pop(L, 1);
    push_parent_key(L, parent);
    lua_pushvalue(L, parent);
    lua_rawset(L, set);
    ((wrl_box *)lua_touserdata(L, parent))->refs++;
    lua_pop(L, 1);
    return 1;
}

void wrl_remove_parent(lua_State *L, int idx, int slot, int parent)
{
    idx = lua_absindex(L, idx);
    parent = lua_absindex(L, parent);
    if (lua_getiuservalue(L, idx, slot) == LUA_TTABLE) {
        int set = lua_gettop(L);
        push_parent_key(L, parent);
        if (lua_rawget(L, set) == LUA_TUSERDATA && lua_rawequal(L, -1, parent)) {
            push_parent_key(L, parent);
            lua_pushnil(L);
            lua_rawset(L, set);
            drop(L, parent);
        }
        lua_pop(L, 1);
    }
    lua_pop(L, 1);
}

int wrl_parent_busy(lua_State *L, int idx, int slot)
{
    int busy = 0;
    if (lua_getiuservalue(L, idx, slot) == LUA_TTABLE) {
        int set = lua_gettop(L);
        lua_pushnil(L);
        while (lua_next(L, set) != 0) {
            busy |= ((wrl_box *)lua_touserdata(L, -1))->busy > 0;
            lua_pop(L, 1);
        }
    } else if (lua_type(L, -1) == LUA_TUSERDATA) {
        busy = ((wrl_box *)lua_touserdata(L, -1))->busy > 0;
    }
    lua_pop(L, 1);
    return busy;
}

void wrl_busy(lua_State *L, int idx, int delta)
{
    idx = lua_absindex(L, idx);
    wrl_box *box = lua_touserdata(L, idx);
    box->busy += delta;
    for (int i = 1; i <= box->nparents; i++) {
        int type = lua_getiuservalue(L, idx, i);
        if (type == LUA_TUSERDATA) {
            wrl_busy(L, -1, delta);
        } else if (type == LUA_TTABLE) {
            int set = lua_gettop(L);
            lua_pushnil(L);
            while (lua_next(L, set) != 0) {
                wrl_busy(L, -1, delta);
                lua_pop(L, 1);
            }
        }
        lua_pop(L, 1);
    }
}

wr_allocator wrl_allocator(lua_State *L)
{
    wr_allocator a;
    a.fn = lua_getallocf(L, &a.user);
    return a;
}

/* close() and __close: the metatable name is upvalue 1. */
/* hand-written: ownership: close() frees a handle once no other keeps it */
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

/* __gc: as close() for a box of the type (upvalue 1); nothing, and no
   error, for a userdata that only has a warrules metatable. */
/* hand-written: ownership: the collector's close, quiet for what is not a box */
static int box_gc(lua_State *L)
{
    wrl_box *box = wrl_box_test(L, 1, lua_tostring(L, lua_upvalueindex(1)));
    if (box == NULL || box->closed || box->busy > 0)
        return 0;
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

/* ---- table-driven functions ---------------------------------------------- */

static const char *handle_mt(char kind)
{
    switch (kind) {
    case 'R': return WRL_RNG_MT;
    case 'F': return WRL_FIGURE_MT;
    case 'U': return WRL_UNIT_MT;
    case 'O': return WRL_FORMATION_MT;
    case 'P': return WRL_PROFILE_MT;
    case 'C': return WRL_CHART_MT;
    case 'M': return WRL_MUNIT_MT;
    case 'E': return WRL_ENGAGEMENT_MT;
    case 'D': return WRL_ODDS_MT;
    case 'A': return WRL_MAP_MT;
    case 'N': return WRL_PLANNER_MT;
    case 'H': return WRL_PHASE_MT;
    case 'Q': return WRL_PHASE_ODDS_MT;
    case 'W': return WRL_ODDS_WS_MT;
    case 'V': return WRL_ADVISOR_MT;
    default: return NULL;
    }
}

/* The free functions of the handles a row can make ("+R"). */
static void free_rng(void *p)
{
    wr_rng_free(p);
}
static void free_figure(void *p)
{
    wr_figure_free(p);
}
static void free_formation(void *p)
{
    wr_formation_free(p);
}
static void free_profile(void *p)
{
    wr_profile_free(p);
}
static void free_chart(void *p)
{
    wr_hit_chart_free(p);
}
static void free_map(void *p)
{
    wr_map_free(p);
}
static void free_unit(void *p)
{
    wr_battle_unit_free(p);
}
static void free_odds_ws(void *p)
{
    wr_odds_workspace_free(p);
}

static void free_munit(void *p)
{
    wr_melee_unit_free(p);
}
static void free_engagement(void *p)
{
    wr_engagement_free(p);
}
static void free_odds(void *p)
{
    wr_melee_odds_free(p);
}
static void free_phase(void *p)
{
    wr_melee_phase_free(p);
}
static void free_phase_odds(void *p)
{
    wr_melee_phase_odds_free(p);
}
static void free_advisor(void *p)
{
    wr_charge_advisor_free(p);
}

/* The box a row's new handle "+X" gets: its size, user values (the first
   nparents keep the handles it uses: "^" arguments), free function, and for
   a handle that runs a Lua morale function (an eng_box) the protected call
   of that function. */
typedef struct box_spec {
    size_t size;
    int nuv, nparents;
    void (*free_fn)(void *);
    lua_CFunction call;
} box_spec;

static box_spec handle_box(char kind)
{
    box_spec b = {sizeof(wrl_box), 0, 0, NULL, NULL};
    switch (kind) {
    case 'R': b.free_fn = free_rng; break;
    case 'F': b.free_fn = free_figure; break;
    case 'O': b.free_fn = free_formation; break;
    case 'P': b.free_fn = free_profile; break;
    case 'C': b.free_fn = free_chart; break;
    case 'A': b.free_fn = free_map; break;
    case 'U': b.free_fn = free_unit; break;
    case 'W': b.free_fn = free_odds_ws; break;
    case 'D': b.free_fn = free_odds; break;
    /* a MeleeUnit: its profile (slot 1) and hit chart (slot 2) */
    case 'M': b.nuv = b.nparents = 2; b.free_fn = free_munit; break;
    /* an Engagement: units a and b (slots 1, 2), its morale function (3) */
    case 'E':
        b = (box_spec){sizeof(eng_box), 3, 2, free_engagement, wrl_melee_morale_call};
        break;
    /* a MeleePhase: the set of its units (PHASE_UNITS), its morale function (PHASE_MORALE) */
    case 'H':
        b = (box_spec){sizeof(eng_box), 2, 1, free_phase, wrl_melee_phase_morale_call};
        break;
    /* a ChargeAdvisor: the set of its units (PHASE_UNITS), its morale function (PHASE_MORALE) */
    case 'V':
        b = (box_spec){sizeof(eng_box), 2, 1, free_advisor, wrl_melee_phase_morale_call};
        break;
    /* a MeleePhaseOdds: the phase or advisor it was made from */
    case 'Q': b.nuv = b.nparents = 1; b.free_fn = free_phase_odds; break;
    default: break;
    }
    return b;
}

/* Argument modifiers, before a handle's letter: ! changed by the call, ~
   changed and running its Lua morale function (its eng_box; the row's other
   "!" handles are busy meanwhile and the function's error is raised once the
   library has returned), & changed and refused while a handle it keeps
   (its units) is busy, ^ kept alive by the row's new handle (its parent
   slots, in order). */
static int is_modifier(char c)
{
    return c == '!' || c == '~' || c == '&' || c == '^';
}

/* What "a unit of the ..." names for a handle whose units are busy. */
static const char *owner_word(char kind)
{
    return kind == 'H' ? "phase" : "engagement";
}

/* Pushes and returns "name(arguments)" for a failed call. */
static const char *call_text(lua_State *L, const wrl_fn *fn, const wrl_val *a, int nargs)
{
    luaL_Buffer b;
    luaL_buffinit(L, &b);
    luaL_addstring(&b, fn->name);
    luaL_addchar(&b, '(');
    const char *k = fn->args;
    for (int i = 0; i < nargs; i++, k++) {
        while (is_modifier(*k))
            k++;
        if (i > 0)
            luaL_addstring(&b, ", ");
        if (*k == 'h')
            lua_pushfstring(L, "{q = %d, r = %d}", a[i].h.q, a[i].h.r);
        else
            luaL_tolstring(L, i + 1, NULL);
        luaL_addvalue(&b);
    }
    luaL_addchar(&b, ')');
    luaL_pushresult(&b);
    return lua_tostring(L, -1);
}

/* Generated field rows read int32_t and uint32_t fields as int and unsigned. */
_Static_assert(sizeof(int32_t) == sizeof(int) && sizeof(uint32_t) == sizeof(unsigned), "32-bit int");

/* 1 when name is among the NULL-ended names (NULL: none). */
static int named(const char *const *names, const char *name)
{
    for (; names != NULL && *names != NULL; names++)
        if (strcmp(*names, name) == 0)
            return 1;
    return 0;
}

/* Reads the table at arg over the struct s at base (its initial value). */
static void read_struct_arg(lua_State *L, int arg, const wrl_struct *s, void *base)
{
    if (s->init != NULL)
        s->init(base);
    else
        memset(base, 0, s->size);
    if (s->read != NULL) {
        s->read(L, arg, base);
        return;
    }
    if (lua_type(L, arg) != LUA_TTABLE)
        wrl_fail(L, "WR_ERR_INVALID: %s must be a table, got %s", s->what, luaL_typename(L, arg));
    wrl_only_known(L, arg, s->what, s->fields, NULL);
    for (const wrl_field *f = s->fields; f->name != NULL; f++) {
        wrl_field one[2] = {*f, {NULL, 0, WRL_F_INT}};
        if (one[0].kind == WRL_F_INT && named(s->truth, f->name))
            one[0].kind = WRL_F_TRUTH;
        wrl_read_fields(L, arg, base, one);
    }
}

/* Writes the fields of the struct s at base into the table at arg. */
static void write_struct_arg(lua_State *L, int arg, const wrl_struct *s, const void *base)
{
    for (const wrl_field *f = s->fields; f->name != NULL; f++) {
        const char *p = (const char *)base + f->offset;
        if (f->kind == WRL_F_UINT) {
            unsigned u;
            memcpy(&u, p, sizeof u);
            wrl_push_int64(L, u);
        } else {
            int v;
            memcpy(&v, p, sizeof v);
            lua_pushinteger(L, v);
        }
        lua_setfield(L, arg, f->name);
    }
}

/* The one C function behind every table-driven function: its descriptor is upvalue 1. */
/* hand-written: the row dispatcher itself: every row runs through it */
static int call_fn(lua_State *L)
{
    const wrl_fn *fn = lua_touserdata(L, lua_upvalueindex(1));
    wrl_val a[WRL_MAX_ARGS], r[WRL_MAX_ARGS];
    union {
        long long align;
        void *p;
        unsigned char bytes[WRL_STRUCT_MAX];
    } store[WRL_MAX_STRUCTS];
    int records[WRL_MAX_STRUCTS], record_struct[WRL_MAX_STRUCTS], nrecords = 0, nstructs = 0;
    memset(a, 0, sizeof a);
    memset(r, 0, sizeof r);
    if (fn->format != NULL && wrl_tostring_closed(L, 1, handle_mt(fn->args[fn->args[0] == '!'])))
        return 1;
    int arg = 1, callback = 0, busy[WRL_MAX_ARGS], nbusy = 0, keep[WRL_MAX_ARGS], nkeep = 0;
    for (const char *k = fn->args; *k != '\0'; k++, arg++) {
        int changes = 0, runs = 0, whole = 0, kept = 0;
        for (; is_modifier(*k); k++) {
            changes |= *k != '^';
            runs |= *k == '~';
            whole |= *k == '&';
            kept |= *k == '^';
        }
        wrl_val *v = &a[arg - 1];
        v->given = !lua_isnoneornil(L, arg);
        switch (*k) {
        case 't':
        case 'T':
        case 'm': {
            const wrl_struct *s = fn->structs[nstructs];
            v->p = store[nstructs++].bytes;
            if (*k == 'T' && !v->given) {
                if (s->init != NULL)
                    s->init(v->p);
                else
                    memset(v->p, 0, s->size);
            } else {
                int before = lua_gettop(L);
                read_struct_arg(L, arg, s, v->p);
                /* a Lua-owned value the read made (an array) takes the argument's
                   place, so that the later arguments keep theirs */
                if (*k != 'm' && arg <= before && lua_gettop(L) == before + 1)
                    lua_replace(L, arg);
            }
            if (*k == 'm') {
                records[nrecords] = arg;
                record_struct[nrecords++] = nstructs - 1;
            }
            break;
        }
        case 'i': v->i = wrl_int(L, arg); break;
        case 'o': v->i = wrl_optint(L, arg, 0); break;
        case 'u': v->u = wrl_uint(L, arg, 0); break;
        case 'b': v->given = !lua_isnone(L, arg); v->i = wrl_truth(L, arg); break;
        case 'B': v->given = !lua_isnone(L, arg); v->i = v->given ? wrl_truth(L, arg) : 1; break;
        case 'h': v->h = wrl_hex(L, arg); break;
        case 'x': v->u64 = v->given ? wrl_seed(L, arg) : 0; break;
        case 'z': {
            long long x = wrl_integer(L, arg);
            if (x < 0 || (unsigned long long)x > SIZE_MAX)
                wrl_argfail(L, arg, WR_ERR_RANGE, "%s is not a size (0 or more)", luaL_tolstring(L, arg, NULL));
            v->z = (size_t)x;
            break;
        }
        default:
            v->p = changes ? wrl_check_mutable(L, arg, handle_mt(*k)) : wrl_check_handle(L, arg, handle_mt(*k));
            for (int slot = 1; whole && slot <= ((wrl_box *)lua_touserdata(L, arg))->nparents; slot++)
                if (wrl_parent_busy(L, arg, slot))
                    wrl_fail(L, "WR_ERR_STATE: a unit of the %s is in use by a running call", owner_word(*k));
            if (runs)
                callback = arg;
            else if (changes)
                busy[nbusy++] = arg;
            if (kept)
                keep[nkeep++] = arg;
            break;
        }
    }
    int first_result_struct = nstructs, boxes[WRL_MAX_ARGS];
    int n = 0; /* (a result "+X" is two characters, one value) */
    for (const char *k = fn->results; *k != '\0'; k += 1 + (*k == '+'), n++) {
        if (*k == '|') { /* (no value) */
            n--;
            continue;
        }
        if (*k == 't') {
            memset(store[nstructs].bytes, 0, fn->structs[nstructs]->size);
            r[n].p = store[nstructs++].bytes;
        } else if (*k == '+') {
            box_spec spec = handle_box(k[1]);
            wrl_box *box = wrl_new_box(L, handle_mt(k[1]), spec.size, spec.nuv, spec.nparents, spec.free_fn);
            if (spec.call != NULL)
                ((eng_box *)box)->call = spec.call;
            boxes[n] = lua_gettop(L);
            r[n].p = &box->ptr;
            r[n].al = wrl_allocator(L);
        }
    }
    int text = -1, nr = 0, ns = first_result_struct; /* a string or list result "w", "l": its index */
    const wrl_struct *item = NULL;
    for (const char *k = fn->results; *k != '\0'; k += 1 + (*k == '+'), nr++) {
        nr -= *k == '|';
        if (*k == 'w' || *k == 'l') {
            text = nr;
            r[nr].z = SIZE_MAX;
            if (*k == 'l')
                item = fn->structs[ns];
        }
        ns += *k == 't' || *k == 'l';
    }
    eng_box *eb = callback != 0 ? wrl_melee_begin_call(L, callback, 0) : NULL;
    for (int i = 0; eb != NULL && i < nbusy; i++)
        wrl_busy(L, busy[i], 1);
    wr_status status = fn->call(a, r);
    for (int i = 0; eb != NULL && i < nbusy; i++)
        wrl_busy(L, busy[i], -1);
    if (eb != NULL)
        wrl_melee_end_call(L, eb, 0); /* raises the morale function's error */
    if (fn->format != NULL)
        status = WR_OK;
    if (text >= 0 && (status == WR_OK || (status == WR_ERR_RANGE && r[text].z != SIZE_MAX))) {
        size_t len = r[text].z;
        if (item != NULL) {
            if (len == SIZE_MAX || len > 10000000)
                wrl_fail(L, "WR_ERR_RANGE: %s would give more than %d %s", fn->name, 10000000, item->what);
            r[text].buf = lua_newuserdatauv(L, item->size * (len ? len : 1), 0);
            r[text].cap = len;
        } else {
            if (len == SIZE_MAX || len > 100000)
                wrl_check(L, WR_ERR_RANGE, fn->name);
            r[text].buf = lua_newuserdatauv(L, len + 1, 0);
            r[text].cap = len + 1;
        }
        status = fn->call(a, r);
    }
    if (status != WR_OK) {
        wr_error d;
        wr_last_error_detail(&d);
        /* without the library's detail, name the values passed: "half_die(7)" */
        if (d.status != status && !fn->plain_errors)
            wrl_check(L, status, call_text(L, fn, a, arg - 1));
        wrl_check(L, status, fn->name);
    }
    for (int i = 0; i < nrecords; i++) /* the records, updated in place */
        write_struct_arg(L, records[i], fn->structs[record_struct[i]], store[record_struct[i]].bytes);
    n = 0;
    nstructs = first_result_struct;
    for (const char *k = fn->results; *k != '\0'; k += 1 + (*k == '+'), n++) {
        if (*k == '|') { /* the results after it only when the first is not 0 */
            if (r[0].i == 0)
                break;
            n--;
            continue;
        }
        const wrl_val *v = &r[n];
        switch (*k) {
        case '+':
            for (int i = 0; i < nkeep; i++) /* the handles it uses, kept alive */
                wrl_set_parent(L, boxes[n], i + 1, keep[i]);
            lua_pushvalue(L, boxes[n]);
            break;
        case 'w': lua_pushlstring(L, v->buf, v->z); break;
        case 'l': {
            const wrl_struct *st = fn->structs[nstructs++];
            lua_createtable(L, (int)v->z, 0);
            for (size_t i = 0; i < v->z; i++) {
                const char *base = v->buf + i * st->size;
                if (st->push != NULL)
                    st->push(L, base);
                else
                    wrl_push_fields(L, base, st->fields);
                lua_rawseti(L, -2, (lua_Integer)i + 1);
            }
            break;
        }
        case 't': {
            const wrl_struct *st = fn->structs[nstructs++];
            if (st->push != NULL)
                st->push(L, v->p);
            else
                wrl_push_fields(L, v->p, st->fields);
            if (st->metatable != NULL)
                luaL_setmetatable(L, st->metatable);
            break;
        }
        case 'i': lua_pushinteger(L, v->i); break;
        case 'b': lua_pushboolean(L, v->i); break;
        case 'u': wrl_push_int64(L, v->u); break;
        case 'I': wrl_push_int64(L, v->i32); break;
        case 'U': wrl_push_int64(L, v->u32); break;
        case 'e': wrl_push_uint64(L, v->u64); break;
        case 'z': wrl_push_uint64(L, v->z); break;
        case 'h': wrl_push_hex(L, v->h); break;
        default: lua_pushstring(L, v->s); break;
        }
    }
    if (fn->format != NULL) { /* the text, each %d or %s taking the next result */
        int first = lua_gettop(L) - n + 1, next = 0, parts = 0;
        for (const char *p = fn->format;; p += 2) {
            const char *pc = strchr(p, '%');
            if (pc == NULL || next >= n) {
                lua_pushstring(L, p);
                parts++;
                break;
            }
            lua_pushlstring(L, p, (size_t)(pc - p));
            luaL_tolstring(L, first + next++, NULL);
            parts += 2;
            p = pc;
        }
        lua_concat(L, parts);
        return 1;
    }
    return n;
}

static void push_fn(lua_State *L, const wrl_fn *fn)
{
    size_t kinds = strlen(fn->args);
    for (const char *k = fn->args; *k != '\0'; k++)
        kinds -= (size_t)is_modifier(*k);
    if (kinds > WRL_MAX_ARGS || strlen(fn->results) > WRL_MAX_ARGS)
        luaL_error(L, "warrules: %s has more than %d arguments or results", fn->name, WRL_MAX_ARGS);
    int nstructs = 0;
    for (const char *k = fn->args; *k != '\0'; k++)
        nstructs += *k == 't' || *k == 'T' || *k == 'm';
    for (const char *k = fn->results; *k != '\0'; k++)
        nstructs += *k == 't' || *k == 'l';
    for (int i = 0; i < nstructs; i++)
        if (i >= WRL_MAX_STRUCTS || fn->structs[i] == NULL || fn->structs[i]->size > WRL_STRUCT_MAX)
            luaL_error(L, "warrules: %s: struct %d is missing or too large", fn->name, i + 1);
    int kept = 0; /* "^" arguments: no more than the new handle's parent slots */
    for (const char *k = fn->args; *k != '\0'; k++)
        kept += *k == '^';
    const char *made = strchr(fn->results, '+');
    if (kept > 0 && (made == NULL || kept > handle_box(made[1]).nparents))
        luaL_error(L, "warrules: %s keeps more handles than its new handle has slots", fn->name);
    lua_pushlightuserdata(L, (void *)fn);
    lua_pushcclosure(L, call_fn, 1);
}

void wrl_set_fns(lua_State *L, const wrl_fn *fns)
{
    for (const wrl_fn *fn = fns; fn->name != NULL; fn++) {
        if (strchr(fn->name, ':') == NULL) {
            push_fn(L, fn);
            lua_setfield(L, -2, fn->name);
        }
    }
}

void wrl_register_type(lua_State *L, const char *metatable, const char *prefix,
                       const luaL_Reg *methods, const wrl_fn *fns, lua_CFunction tostring,
                       lua_CFunction index, lua_CFunction newindex)
{
    int module = lua_absindex(L, -1);
    luaL_newmetatable(L, metatable);
    int mt = lua_gettop(L);
    lua_pushstring(L, metatable); /* 5.1 and 5.2 do not set it */
    lua_setfield(L, mt, "__name");
    lua_pushstring(L, metatable);
    lua_pushcclosure(L, box_gc, 1);
    lua_setfield(L, mt, "__gc");
    lua_pushstring(L, metatable);
    lua_pushcclosure(L, box_close, 1);
    lua_pushvalue(L, -1);
    lua_setfield(L, mt, "__close");
    lua_pushvalue(L, -1);
    lua_pushfstring(L, "%s_free", prefix);
    lua_insert(L, -2);
    lua_settable(L, module);
    int close = lua_gettop(L);
    if (tostring != NULL) {
        lua_pushcfunction(L, tostring);
        lua_setfield(L, mt, "__tostring");
    }

    lua_newtable(L); /* the methods table, also holding close */
    int table = lua_gettop(L);
    if (methods != NULL)
        luaL_setfuncs(L, methods, 0);
    lua_pushvalue(L, close);
    lua_setfield(L, table, "close");
    for (const luaL_Reg *m = methods; m != NULL && m->name != NULL; m++) {
        lua_pushfstring(L, "%s_%s", prefix, m->name);
        lua_getfield(L, table, m->name); /* the same function (LuaJIT's pcall(obj.m) finds its name) */
        lua_settable(L, module);
    }
    const char *type = metatable + strlen("warrules.");
    size_t type_len = strlen(type);
    for (const wrl_fn *fn = fns; fn != NULL && fn->name != NULL; fn++) {
        if (strncmp(fn->name, type, type_len) != 0 || fn->name[type_len] != ':')
            continue;
        const char *m = fn->name + type_len + 1;
        push_fn(L, fn);
        if (strncmp(m, "__", 2) == 0) { /* a metamethod row: in the metatable only */
            lua_setfield(L, mt, m);
            continue;
        }
        lua_pushvalue(L, -1);
        lua_setfield(L, table, m);
        lua_pushfstring(L, "%s_%s", prefix, m);
        lua_insert(L, -2);
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

void wrl_set_method(lua_State *L, const char *metatable, const char *prefix, const char *method, const char *key)
{
    int module = lua_absindex(L, -1);
    luaL_getmetatable(L, metatable);
    lua_getfield(L, -1, "methods");
    if (!lua_istable(L, -1)) {
        lua_pop(L, 1);
        lua_getfield(L, -1, "__index");
    }
    lua_getfield(L, module, key);
    lua_setfield(L, -2, method);
    lua_pushfstring(L, "%s_%s", prefix, method);
    lua_getfield(L, module, key);
    lua_settable(L, module);
    lua_settop(L, module);
}

void wrl_push_row(lua_State *L, const wrl_fn *fns, const char *name)
{
    for (const wrl_fn *fn = fns; fn->name != NULL; fn++) {
        if (strcmp(fn->name, name) == 0) {
            push_fn(L, fn);
            return;
        }
    }
    luaL_error(L, "warrules: no row %s", name);
}

void wrl_set_consts(lua_State *L, const wrl_const *c)
{
    for (; c->name != NULL; c++)
        wrl_set_int(L, c->name, c->value);
}

/* Copies whichever of two fields of the table at `table` is set into the other. */
static void alias_field(lua_State *L, int table, const char *old_name, const char *new_name)
{
    lua_getfield(L, table, old_name);
    lua_getfield(L, table, new_name);
    if (lua_isnil(L, -1) && !lua_isnil(L, -2)) {
        lua_pushvalue(L, -2);
        lua_setfield(L, table, new_name);
    } else if (lua_isnil(L, -2) && !lua_isnil(L, -1)) {
        lua_pushvalue(L, -1);
        lua_setfield(L, table, old_name);
    }
    lua_pop(L, 2);
}

void wrl_alias_names(lua_State *L)
{
    int module = lua_absindex(L, -1);
    for (const wrl_alias *a = wrl_aliases; a->old_name != NULL; a++)
        alias_field(L, module, a->old_name, a->new_name);
    for (const wrl_method_alias *a = wrl_method_aliases; a->metatable != NULL; a++) {
        luaL_getmetatable(L, a->metatable);
        lua_getfield(L, -1, "methods");
        if (!lua_istable(L, -1)) {
            lua_pop(L, 1);
            lua_getfield(L, -1, "__index");
        }
        if (lua_istable(L, -1))
            alias_field(L, lua_gettop(L), a->old_name, a->new_name);
        lua_pop(L, 2);
    }
}

int luaopen_warrules(lua_State *L);

int luaopen_warrules(lua_State *L)
{
    open_boxes(L);
    open_errors(L);
    lua_newtable(L);
    wrl_open_core(L);
    wrl_open_battlesystem(L);
    wrl_open_melee(L);
    wrl_open_advisor(L);
    wrl_open_campaign(L);
    wrl_alias_names(L);
    lua_pushvalue(L, -1);
    lua_setfield(L, LUA_REGISTRYINDEX, MODULE_KEY);
    return 1;
}
