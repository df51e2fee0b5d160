/* Shared helpers of the Lua binding: handles as userdata, statuses as errors,
   arguments and table fields checked into C values. */
#ifndef WARRULES_LUA_H
#define WARRULES_LUA_H

#include <stddef.h>
#include <stdint.h>

#include "compat.h"
#include "warrules/warrules.h"
#include "wrl_constants.h" /* generated: bindings/lua/generated/, or the build tree's copy */
#include "wrl_structs.h"   /* generated too: struct fields (WRL_FIELDS_X), row calls (WRL_CALL_X) */

/* Errors are tables {status =, name =, message =, and when the library
   recorded a detail: function =, argument =, value =, expected =} whose
   __tostring gives the message: "WR_ERR_X: chunk:line: what: detail". */

/* Raises an error from a message "WR_ERR_X: text" (the status name first),
   adding the caller's position and the running function's name. */
int wrl_fail(lua_State *L, const char *fmt, ...);
/* Raises a bad-argument error ("bad argument #arg to 'name' (text)"); the
   function is named even when called through pcall. */
int wrl_argfail(lua_State *L, int arg, wr_status status, const char *fmt, ...);
/* The same naming the argument: "bad argument #arg (arg_name) to 'name' (text)". */
int wrl_named_argfail(lua_State *L, int arg, const char *arg_name, wr_status status, const char *fmt, ...);
/* Raises the error of a status other than WR_OK returned by the library,
   with the library's detail of it (wr_last_error, which it then clears);
   what is the Lua name ("Rng:roll"). Returns 0 for WR_OK. */
int wrl_check(lua_State *L, wr_status status, const char *what);

/* Numbers. Where Lua has no integers (5.1, 5.2, LuaJIT) an integer is a
   double with an integral value within +-2^53. */
/* 0 and *v for an integer (or a string of one) at idx; 1 for no number;
   2 for a number that is not an integer (or out of the exact range). */
int wrl_tointeger(lua_State *L, int idx, long long *v);
/* Push a 64-bit integer; WR_ERR_RANGE where a double cannot hold it exactly. */
void wrl_push_int64(lua_State *L, long long v);
void wrl_push_uint64(lua_State *L, unsigned long long v);

/* Arguments. Every error starts with a status name: WR_ERR_INVALID for a
   value of the wrong type, WR_ERR_RANGE for an integer that does not fit. */
int wrl_truth(lua_State *L, int arg);            /* boolean or integer (0 false); none/nil false */
long long wrl_integer(lua_State *L, int arg);    /* any Lua integer */
uint64_t wrl_seed(lua_State *L, int arg);        /* an integer, or a string of a 64-bit one */
int wrl_int(lua_State *L, int arg);              /* an integer that fits in a C int */
int wrl_optint(lua_State *L, int arg, int dflt); /* wrl_int, dflt for none or nil */
unsigned wrl_uint(lua_State *L, int arg, unsigned dflt); /* 0..2^32-1, dflt for none or nil */
void wrl_check_table(lua_State *L, int arg);
void wrl_check_named_table(lua_State *L, int arg, const char *arg_name);
/* Item i (0-based) of the sequence argument arg, pushed at the top of the
   stack, as an integer; an error names the argument and the item. */
long long wrl_item_integer(lua_State *L, int arg, const char *arg_name, size_t i);

/* Table fields (t is an absolute index). A nil field leaves *v as it is;
   a field of the wrong type or range raises an error naming the field. */
void wrl_field_int(lua_State *L, int t, const char *name, int *v);
void wrl_field_uint(lua_State *L, int t, const char *name, unsigned *v);
void wrl_field_truth(lua_State *L, int t, const char *name, int *v);
/* Raises WR_ERR_INVALID for a key of table t that is not in names (NULL-ended). */
void wrl_only_fields(lua_State *L, int t, const char *what, const char *const *names);
/* Sets t[name] = value in the table at the top of the stack. */
void wrl_set_int(lua_State *L, const char *name, long long value);
void wrl_set_bool(lua_State *L, const char *name, int value);
/* A hex is {q = , r = } (or {q, r}). */
wr_hex wrl_hex(lua_State *L, int arg);
void wrl_push_hex(lua_State *L, wr_hex h);
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
    const char *magic; /* the module's anchor: this userdata is a box */
    const char *type;  /* its metatable's name: what it is, whatever its metatable now */
    void *ptr;
    void (*free_fn)(void *ptr);
    int refs;
    int busy;
    int closed;
    int nparents;
} wrl_box;

/* Pushes a new box of `size` bytes (at least sizeof(wrl_box)) with `nuv`
   user values, the first nparents for parents; ptr is set later. Raises
   WR_ERR_STATE while the state is closing (a finalizer run by lua_close):
   Lua would never finalize it. */
wrl_box *wrl_new_box(lua_State *L, const char *metatable, size_t size, int nuv, int nparents,
                     void (*free_fn)(void *ptr));
/* The box of that type at arg, or NULL: a userdata this module made as a box
   of that type (NULL: of any type), whatever metatable it has now (a
   foreign userdata given a warrules metatable is not one). */
wrl_box *wrl_box_test(lua_State *L, int arg, const char *metatable);
/* The box at arg, or an error (WR_ERR_INVALID) naming the type expected. */
wrl_box *wrl_box_at(lua_State *L, int arg, const char *metatable);
/* The open handle at arg, or an error (WR_ERR_INVALID wrong type, WR_ERR_STATE closed). */
void *wrl_check_handle(lua_State *L, int arg, const char *metatable);
/* As wrl_check_handle, and also WR_ERR_STATE when a running call uses it. */
void *wrl_check_mutable(lua_State *L, int arg, const char *metatable);
/* Makes user value `slot` of the box at idx refer to the handle at parent
   (0 or a nil value: no handle), dropping the one it held. */
void wrl_set_parent(lua_State *L, int idx, int slot, int parent);
/* A parent slot may instead hold a set of handles (a table keyed by their
   C handles), for a handle that uses any number of others: adds the handle
   at parent to the set in user value `slot` of the box at idx (made when
   missing), with one reference; returns 0 when it is there already. */
int wrl_add_parent(lua_State *L, int idx, int slot, int parent);
/* Takes the handle at parent out of that set again, dropping its reference. */
void wrl_remove_parent(lua_State *L, int idx, int slot, int parent);
/* 1 when the parent in user value `slot` (or one of the set there) is busy. */
int wrl_parent_busy(lua_State *L, int idx, int slot);
/* Adds delta to the busy count of the box at idx and of all its parents. */
void wrl_busy(lua_State *L, int idx, int delta);

/* The state's own allocator, for the _ex constructors. */
wr_allocator wrl_allocator(lua_State *L);

/* ---- table-driven functions ----------------------------------------------
   A plain function is one line of a descriptor table: its Lua name ("x" for
   wr.x, "Type:m" for the method m of warrules.Type), its argument kinds, its
   result kinds, and a thunk that calls the C function with the arguments
   in a[] and the out parameters in r[] (see WRL_FN and README.md).
   Argument kinds, one character each:
     i  an int                 o  an int, 0 when none or nil (a[k].given says which)
     u  flags 0..2^32-1, 0 when none or nil
     b  a truth value (boolean or integer), false when none or nil
     B  a truth value, true when none
     z  a size_t (an integer >= 0; a negative one is WR_ERR_RANGE)
     h  a hex
     Modifiers before a handle's letter: ! changed by the call; ~ changed, and
        the call may run its Lua morale function (an eng_box: busy meanwhile,
        with the row's other "!" handles; the function's error is raised after
        the call); & changed, refused while one of its units (parents) is busy;
        ^ kept alive by the row's new handle (its parent slots 1, 2, ... in order)
     R F U O P C M E D A N H  a handle: Rng Figure Unit Formation Profile HitChart
        MeleeUnit Engagement MeleeOdds Map Planner MeleePhase (and Q MeleePhaseOdds,
        W OddsWorkspace, V ChargeAdvisor);
        "!" before the letter: the
        handle is changed by the call (WR_ERR_STATE while a running call uses it)
   Result kinds (read from r[k] after the call, pushed in order):
     i int   b truth value as a boolean   u unsigned   I int32_t   U uint32_t
     e uint64_t   z size_t   h wr_hex   s string (const char *)
     x  a seed: an integer or a string of a 64-bit one, 0 when none or nil (u64)
     |  not a value: the results after it are given only when the first (an
        int) is not 0 ("i|hi": a problem, then where it is)
   A result "+" and a handle letter is a new handle of that type: its box is
   pushed before the call, r[k].p is its slot (wr_x **) and r[k].al the
   state's allocator (for the _ex constructors); a failed call leaves the
   box empty for the collector. A result "w" is a string the call writes
   into a buffer (char *buf, size_t cap, size_t *len: r[k].buf, r[k].cap,
   r[k].z): the row is called for the length first (NULL, 0; WR_ERR_RANGE
   with the length written is no failure), then with a buffer of it. A
   result "l" is the same for a list of the next struct (wr_x *buf, size_t
   cap, size_t *len), pushed as a sequence of its tables (at most 10^7;
   the struct's what names the items: "hexes").
   Struct kinds, each taking the next of the row's structs (wrl_struct):
     argument  t  a table read over the struct's initial value (its storage in a[k].p)
               T  the same, the initial value itself for none or nil
               m  a record: a table read as t, whose fields the call's values
                  are written back to after a successful call
     result    t  the struct in r[k].p, pushed as a new table of its fields
   A row of an X-list of WRL_SFN_ENTRY (structs or not) reports a failure
   under its Lua name alone, as a hand-written wrapper does; a WRL_FN_ENTRY
   row without the library's detail names the values passed. */
#define WRL_MAX_ARGS 8
#define WRL_MAX_STRUCTS 2
#define WRL_STRUCT_MAX 4096 /* bytes of a struct argument or result (wr_melee_round: 2.4 KB) */
/* A struct argument or result: its fields (generated: WRL_FIELDS_X), the
   int fields that also take a boolean (NULL-ended names, or NULL), the
   value a table's missing fields take (init, or zeros when NULL), what
   an error calls it ("a march") and the metatable a result table gets
   (NULL: none). A struct whose table is no list of its int fields (arrays,
   booleans) has its own push (a result) and read (an argument, over zeros
   or init; NULL: by the fields); a read that leaves one value on the stack
   (a Lua-owned array) has it moved into the argument's slot, so that the
   later arguments keep theirs. */
typedef struct wrl_struct {
    const char *what;
    size_t size;
    const struct wrl_field *fields;
    const char *const *truth;
    void (*init)(void *base);
    const char *metatable;
    void (*push)(lua_State *L, const void *base);
    void (*read)(lua_State *L, int arg, void *base);
} wrl_struct;
typedef struct wrl_val {
    union {
        int i;
        unsigned u;
        int32_t i32;
        uint32_t u32;
        uint64_t u64;
        size_t z;
        wr_hex h;
        const char *s;
        void *p;
    };
    int given; /* the argument was present (not none or nil; for b and B, not none) */
    wr_allocator al; /* a new handle's result: the state's allocator */
    char *buf;       /* a string result's buffer (NULL: ask the length) */
    size_t cap;      /* and its size */
} wrl_val;
/* An out parameter of any type: the result kind says how to read r[k]. */
#define WRL_OUT(k) ((void *)&r[k])
typedef struct wrl_fn {
    const char *name;
    const char *args;
    const char *results;
    wr_status (*call)(const wrl_val *a, wrl_val *r);
    const wrl_struct *structs[WRL_MAX_STRUCTS]; /* in the order the kinds take them */
    int plain_errors; /* a failure names the function alone */
    const char *format; /* a "Type:__tostring" row: the text, %d and %s taking the results in order */
} wrl_fn;
/* X-macro helpers: a list X(id, name, args, results, call expression) gives
   the thunks with WRL_FN_THUNK and the table entries with WRL_FN_ENTRY. */
#define WRL_FN_THUNK(id, name, args, results, call)                   \
    static wr_status id##_thunk(const wrl_val *a, wrl_val *r)         \
    {                                                                 \
        (void)a;                                                      \
        (void)r;                                                      \
        return (call);                                                \
    }
#define WRL_FN_ENTRY(id, name, args, results, call) {name, args, results, id##_thunk, {NULL}, 0, NULL},
/* A row with structs (or NULL): X(id, name, args, results, call, struct...) */
#define WRL_SFN_THUNK(id, name, args, results, call, ...) WRL_FN_THUNK(id, name, args, results, call)
#define WRL_SFN_ENTRY(id, name, args, results, call, ...) {name, args, results, id##_thunk, {__VA_ARGS__}, 1, NULL},
/* A metatable row, X(id, "Type:__tostring", handle letter, results, call, format): the
   handle's text, "warrules.Type (closed)" for a closed one; the call's status is not
   checked (the results keep their initial values, 0 or the call's own). */
#define WRL_TOSTRING_ENTRY(id, name, args, results, call, format) {name, args, results, id##_thunk, {NULL}, 1, format},
#define WRL_FN_END {NULL, NULL, NULL, NULL, {NULL}, 0, NULL}
/* Sets every plain function of fns without a type ("x", not "Type:m") in
   the table at the top of the stack. */
void wrl_set_fns(lua_State *L, const wrl_fn *fns);

/* Registers a handle type: one metatable with __gc and __close (the same
   close function, safe to call twice), __tostring (NULL: fns' row
   "Type:__tostring"; a row "Type:__m" is the metamethod __m), __name, and the methods
   (plus close and the methods "Type:m" of fns, which may be NULL). With `index` the methods table is the metafield "methods"
   and index handles the rest. Each method m is also set in the module
   table (just below the top of the stack) as <prefix>_<m>, and close as
   <prefix>_free. */
void wrl_register_type(lua_State *L, const char *metatable, const char *prefix,
                       const luaL_Reg *methods, const wrl_fn *fns, lua_CFunction tostring,
                       lua_CFunction index, lua_CFunction newindex);
/* Sets the function module[key] (the module is at the top of the stack)
   as the method `method` of the handle type and as module[<prefix>_<method>]. */
void wrl_set_method(lua_State *L, const char *metatable, const char *prefix, const char *method, const char *key);
/* Pushes the function of the row named `name` in fns (a "Type:m" row
   that its type does not register; an error when there is none). */
void wrl_push_row(lua_State *L, const wrl_fn *fns, const char *name);
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

/* The handle types (metatable names). */
#define WRL_RNG_MT "warrules.Rng"
#define WRL_FIGURE_MT "warrules.Figure"
#define WRL_UNIT_MT "warrules.Unit"
#define WRL_FORMATION_MT "warrules.Formation"
#define WRL_PROFILE_MT "warrules.Profile"
#define WRL_CHART_MT "warrules.HitChart"
#define WRL_MUNIT_MT "warrules.MeleeUnit"
#define WRL_ENGAGEMENT_MT "warrules.Engagement"
#define WRL_ODDS_MT "warrules.MeleeOdds"
#define WRL_PHASE_ODDS_MT "warrules.MeleePhaseOdds"
#define WRL_ODDS_WS_MT "warrules.OddsWorkspace"
#define WRL_MAP_MT "warrules.Map"
#define WRL_PLANNER_MT "warrules.Planner"
#define WRL_PHASE_MT "warrules.MeleePhase"

/* An older name of a function or constant and its grammatical one (names.c). */
typedef struct wrl_alias {
    const char *old_name;
    const char *new_name;
} wrl_alias;

/* An older method name of one type and its grammatical one (names.c). */
typedef struct wrl_method_alias {
    const char *metatable;
    const char *old_name;
    const char *new_name;
} wrl_method_alias;

extern const wrl_alias wrl_aliases[];
extern const wrl_method_alias wrl_method_aliases[];

/* Makes each pair of names reach the same value, in the module table at the
   top of the stack and in the types' method tables. */
void wrl_alias_names(lua_State *L);

#endif
