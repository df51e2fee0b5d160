/* Shared helpers of the Lua binding: handles as userdata, statuses as errors,
   arguments and table fields checked into C values. */
#ifndef WARRULES_LUA_H
#define WARRULES_LUA_H

#include <stddef.h>

#include <lauxlib.h>
#include <lua.h>

#include "warrules/warrules.h"

/* Raises a Lua error with exactly this message (no position prefix), so that
   a message can start with the status name. */
int wrl_fail(lua_State *L, const char *fmt, ...);
/* Raises a Lua error whose message starts with the status name. */
int wrl_check(lua_State *L, wr_status status, const char *what);

/* Arguments. Every error starts with a status name: WR_ERR_INVALID for a
   value of the wrong type, WR_ERR_RANGE for an integer that does not fit. */
int wrl_truth(lua_State *L, int arg);            /* boolean or integer (0 false); none/nil false */
lua_Integer wrl_integer(lua_State *L, int arg);  /* any Lua integer */
int wrl_int(lua_State *L, int arg);              /* an integer that fits in a C int */
int wrl_optint(lua_State *L, int arg, int dflt); /* wrl_int, dflt for none or nil */
unsigned wrl_uint(lua_State *L, int arg, unsigned dflt); /* 0..2^32-1, dflt for none or nil */
void wrl_check_table(lua_State *L, int arg);

/* Table fields (t is an absolute index). A nil field leaves *v as it is;
   a field of the wrong type or range raises an error naming the field. */
void wrl_field_int(lua_State *L, int t, const char *name, int *v);
void wrl_field_uint(lua_State *L, int t, const char *name, unsigned *v);
void wrl_field_truth(lua_State *L, int t, const char *name, int *v);
/* Raises WR_ERR_INVALID for a key of table t that is not in names (NULL-ended). */
void wrl_only_fields(lua_State *L, int t, const char *what, const char *const *names);
/* Sets t[name] = value in the table at the top of the stack. */
void wrl_set_int(lua_State *L, const char *name, lua_Integer value);
void wrl_set_bool(lua_State *L, const char *name, int value);
/* Pushes a table {[0] = v[0], ..., [n-1] = v[n-1]} (C indices). */
void wrl_push_int_array0(lua_State *L, const int *v, int n);
/* Reads the Lua sequence at arg into a new Lua-owned int array (pushed as a
   userdata, freed by the garbage collector); *n gets its length. */
int *wrl_int_sequence(lua_State *L, int arg, size_t max, size_t *n);

/* Structs as tables: a list of fields (ended by a NULL name), each an int,
   an enum (int-sized), a truth value (an int; a boolean too on input) or
   unsigned flags. */
typedef enum { WRL_F_INT, WRL_F_TRUTH, WRL_F_UINT } wrl_fkind;
typedef struct wrl_field {
    const char *name;
    size_t offset;
    wrl_fkind kind;
} wrl_field;
#define WRL_FIELD(type, member, kind) {#member, offsetof(type, member), kind}
/* Pushes a new table with the fields of *base. */
void wrl_push_fields(lua_State *L, const void *base, const wrl_field *f);
/* Reads the fields present in the table at t over *base. */
void wrl_read_fields(lua_State *L, int t, void *base, const wrl_field *f);
/* Raises WR_ERR_INVALID for a key of the table at t that is neither a field nor in extra. */
void wrl_only_known(lua_State *L, int t, const char *what, const wrl_field *f, const char *const *extra);
/* Checks that t is a table of known fields and reads it over *base. */
void wrl_read_struct(lua_State *L, int t, const char *what, void *base, const wrl_field *f);

/* A handle in a userdata box. A handle that holds pointers to other handles
   keeps their userdata in its user values 1..nparents and counts in each of
   them one reference, so that none is freed while another still points at
   it: close() marks a box closed at once (every method then raises
   WR_ERR_STATE), but frees the C handle only when no live handle refers to
   it. `busy` counts running library calls that use the handle (calls that
   may run Lua callbacks); close() and changes raise WR_ERR_STATE meanwhile. */
typedef struct wrl_box {
    void *ptr;
    void (*free_fn)(void *ptr);
    int refs;
    int busy;
    int closed;
    int nparents;
} wrl_box;

/* Pushes a new box of `size` bytes (at least sizeof(wrl_box)) with `nuv`
   user values, the first nparents for parents; ptr is set later. */
wrl_box *wrl_new_box(lua_State *L, const char *metatable, size_t size, int nuv, int nparents,
                     void (*free_fn)(void *ptr));
wrl_box *wrl_box_at(lua_State *L, int arg, const char *metatable);
/* The open handle at arg, or an error (WR_ERR_INVALID wrong type, WR_ERR_STATE closed). */
void *wrl_check_handle(lua_State *L, int arg, const char *metatable);
/* As wrl_check_handle, and also WR_ERR_STATE when a running call uses it. */
void *wrl_check_mutable(lua_State *L, int arg, const char *metatable);
/* Makes user value `slot` of the box at idx refer to the handle at parent
   (0 or a nil value: no handle), dropping the one it held. */
void wrl_set_parent(lua_State *L, int idx, int slot, int parent);
/* Adds delta to the busy count of the box at idx and of all its parents. */
void wrl_busy(lua_State *L, int idx, int delta);

/* The state's own allocator, for the _ex constructors. */
wr_allocator wrl_allocator(lua_State *L);

/* Registers a handle type: one metatable with __gc and __close (the same
   close function, safe to call twice), __tostring, __name, and the methods
   (plus close). With `index` the methods table is the metafield "methods"
   and index handles the rest. Each method m is also set in the module
   table (just below the top of the stack) as <prefix>_<m>, and close as
   <prefix>_free. */
void wrl_register_type(lua_State *L, const char *metatable, const char *prefix,
                       const luaL_Reg *methods, lua_CFunction tostring, lua_CFunction index,
                       lua_CFunction newindex);
/* Pushes "warrules.X (closed)" for a closed box and returns 1, else 0. */
int wrl_tostring_closed(lua_State *L, int arg, const char *metatable);

/* Constants: n names and values into the table at the top of the stack. */
typedef struct wrl_const {
    const char *name;
    lua_Integer value;
} wrl_const;
void wrl_set_consts(lua_State *L, const wrl_const *c);

void wrl_open_core(lua_State *L);
void wrl_open_battlesystem(lua_State *L);
void wrl_open_melee(lua_State *L);
void wrl_open_campaign(lua_State *L);

/* battlesystem.c: figures are used by other files too. */
#define WRL_FIGURE_MT "warrules.Figure"
#define WRL_RNG_MT "warrules.Rng"

#endif
