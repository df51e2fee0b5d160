/* What the melee part of the binding (melee.c) shares with the charge
   advisor's (advisor.c): the box of a handle that calls a Lua morale
   function, and the calls around it. */
#ifndef WARRULES_MELEE_LUA_H
#define WARRULES_MELEE_LUA_H

#include "warrules_lua.h"

/* An engagement box: the handle, units a and b in user values 1 and 2,
   the Lua morale function in user value 3, and the context of the library
   call running now (only while one runs). A phase box is one too, and the
   charge advisor's, with user values PHASE_UNITS (the set of their units)
   and PHASE_MORALE. */
typedef struct eng_box {
    wrl_box box;
    lua_CFunction call; /* runs the Lua morale function: morale_call or phase_morale_call */
    lua_State *L; /* the state of the running call, or NULL */
    int self;     /* the engagement's stack index in that call */
    int errslot;  /* where a callback's error is kept */
    int failed;   /* 1 when the Lua morale function raised an error */
} eng_box;

enum { PHASE_UNITS = 1, PHASE_MORALE = 2 };

/* Before and after a library call that may call the morale function (the
   box at eng, and the rng at `rng` when not 0, busy meanwhile); the end
   raises the function's error, if any. */
eng_box *wrl_melee_begin_call(lua_State *L, int eng, int rng);
void wrl_melee_end_call(lua_State *L, eng_box *eb, int rng);
/* The library's morale callback for a box (user = the eng_box). */
wr_status wrl_melee_lua_morale(void *user, const wr_morale_test *test, wr_morale_odds *odds);
/* A box's `call` for a set of units in PHASE_UNITS and a function in PHASE_MORALE. */
int wrl_melee_phase_morale_call(lua_State *L);
/* An engagement's `call`: units a and b in user values 1 and 2, the function in 3. */
int wrl_melee_morale_call(lua_State *L);
/* Reads a phase side table and pushes its unit's userdata. */
void wrl_melee_read_phase_side(lua_State *L, int arg, wr_phase_combatant *s);
/* Pushes {rule =, side =, value =, detail =}. */
void wrl_melee_push_event(lua_State *L, const wr_melee_event *e);

#define WRL_ADVISOR_MT "warrules.ChargeAdvisor"

void wrl_open_advisor(lua_State *L);

#endif
