/* The scenario text format of docs/tool.md: figures and their ratings,
   profiles and sides of a melee, a march to plan. */
#ifndef WARRULES_TOOL_SCENARIO_H
#define WARRULES_TOOL_SCENARIO_H

#include <stddef.h>
#include <stdint.h>

#include "warrules/warrules.h"

#define TOOL_NAME_MAX 32
#define TOOL_MAX_FIGURES 32
#define TOOL_MAX_DAMAGE 8
#define TOOL_MAX_RATINGS 16
#define TOOL_MAX_MEMBERS 64
#define TOOL_MAX_PROFILES 8
#define TOOL_PATH_MAX 1024
#define TOOL_MAX_UNITS 16
#define TOOL_MAX_FIGHTS 16
#define TOOL_MAX_CHARGES 64

typedef struct tool_figure_spec {
    char name[TOOL_NAME_MAX];
    int line;    /* the line of its section header in the file; 0 from --set or a
                    built-in scenario; -N when the --set at argument N changed it
                    last and it has no line of a file (see tool_where()) */
    int stat[4]; /* AR, HD, AC, MV */
    uint32_t sa, sd;
    int n_damage;
    int damage[TOOL_MAX_DAMAGE][3]; /* dice, sides, bonus */
} tool_figure_spec;

typedef struct tool_rating_spec {
    char name[TOOL_NAME_MAX];
    int line;                               /* as tool_figure_spec.line */
    int chariot;                            /* 0 cavalry: first = rider, second = mount */
    int n_first, first[TOOL_MAX_MEMBERS];   /* figure indices: rider or passengers */
    int n_second, second[TOOL_MAX_MEMBERS]; /* mount or pullers */
} tool_rating_spec;

typedef struct tool_profile_spec {
    char name[TOOL_NAME_MAX];
    int line;   /* as tool_figure_spec.line */
    int race;   /* -1 unset */
    int sample; /* -1 none, else a wr_sample_profile */
    int weapon_set[WR_PROFILE_WEAPONS];
    int weapon_reach[WR_PROFILE_WEAPONS];
    int weapon_allowed[WR_PROFILE_WEAPONS];
    int bcp[WR_PROFILE_WEAPONS][WR_PROFILE_ARMOURS]; /* -1 unset */
    int mod_set[WR_MOD_COUNT], mod[WR_MOD_COUNT];
    int hated[WR_RACE_MAX + 1]; /* -1 unset, 0, 1 */
    int morale_set[WR_MORALE_COUNT], morale[WR_MORALE_COUNT];
    int retire_band; /* -1 unset */
} tool_profile_spec;

typedef struct tool_side_spec {
    int defined;
    int line; /* as tool_figure_spec.line */
    char profile[TOOL_NAME_MAX];
    wr_melee_unit_desc def;
    wr_combatant_situation situation;
} tool_side_spec;

/* A unit of a melee phase: [unit NAME]. */
typedef struct tool_unit_spec {
    char name[TOOL_NAME_MAX];
    int line; /* as tool_figure_spec.line */
    char profile[TOOL_NAME_MAX];
    wr_melee_unit_desc def;
} tool_unit_spec;

/* One side of a fight of a melee phase: the keys a.* or b.* of a [fight]. */
typedef struct tool_fight_side_spec {
    int unit;       /* index into units, -1 unset */
    int face;       /* a wr_facing: the face of the unit the enemy touches */
    int in_contact; /* -1 unset */
    int corner;
    int corner_fights; /* WR_PHASE_DEFAULT or 0..corner */
    int contact;       /* a wr_phase_contact */
    int cover;         /* a wr_cover */
    int character;
} tool_fight_side_spec;

/* A fight of a melee phase: [fight NAME]. */
typedef struct tool_fight_spec {
    char name[TOOL_NAME_MAX];
    int line; /* as tool_figure_spec.line */
    tool_fight_side_spec side[2];
} tool_fight_spec;

/* A charge the game may make this turn (warrules advise): [charge NAME]. */
typedef struct tool_charge_spec {
    char name[TOOL_NAME_MAX];
    int line;             /* as tool_figure_spec.line */
    int attacker, enemy;  /* indices into units, -1 unset */
    int face;             /* a wr_facing: the enemy's face struck */
    int in_contact;       /* -1 unset */
    int enemy_in_contact; /* -1 unset */
    int contact;          /* a wr_phase_contact, WR_CONTACT_CHARGE by default */
} tool_charge_spec;

typedef struct tool_route_spec {
    int line; /* as tool_figure_spec.line */
    char map[TOOL_PATH_MAX];
    int mover; /* a wr_mover */
    int have_from, have_to;
    int from[2], to[2]; /* column, row */
    unsigned options;   /* WR_PLAN_ bits */
    int figures;        /* -1 unset */
    int days;           /* reachable within days; 0: plan a route */
    unsigned traits;
    uint32_t home_regions;
    int tide;
    int wind;                                            /* -2 unset, WR_WIND_NONE, 0..5 */
    int bridging_days;                                   /* -1 unset */
    int daily_points;                                    /* -1 unset */
    int enter[WR_HEX_TERRAIN_COUNT];                     /* -1 unset */
    int road, track, upstream, downstream, sail_percent; /* -1 unset */
} tool_route_spec;

typedef struct tool_scenario {
    int n_figures;
    tool_figure_spec figures[TOOL_MAX_FIGURES];
    int n_ratings;
    tool_rating_spec ratings[TOOL_MAX_RATINGS];
    int n_profiles;
    tool_profile_spec profiles[TOOL_MAX_PROFILES];
    tool_side_spec side[2];
    int n_units;
    tool_unit_spec units[TOOL_MAX_UNITS];
    int n_fights;
    tool_fight_spec fights[TOOL_MAX_FIGHTS];
    int n_charges;
    tool_charge_spec charges[TOOL_MAX_CHARGES];
    int rounds; /* 0 unset */
    int have_seed;
    uint64_t seed;
    tool_route_spec route;
    int set_position; /* the argument of the --set being applied, or 0 */
} tool_scenario;

/* An empty scenario. */
void tool_scenario_init(tool_scenario *sc);

/* Reads scenario text (len bytes, any content) on top of sc. Returns 0, or 2
   with "LINE:COL: message" in err (sc may be partly changed then). */
int tool_scenario_read(const char *text, size_t len, tool_scenario *sc, char *err, size_t errcap);

/* Forgets the lines of every section (a built-in scenario has no file to
   point into). */
void tool_scenario_forget_lines(tool_scenario *sc);

/* Applies one "SECTION.KEY=VALUE" setting (the --set option): SECTION is
   the section header with '.' for the blank ("side.a.figures=12",
   "route.from=0,2"). A section without a line of a file gets the line
   -sc->set_position when that is set. Returns 0, or 2 with a message in
   err. */
int tool_scenario_set(tool_scenario *sc, const char *setting, char *err, size_t errcap);

/* The index of a named figure, profile or unit, or -1. */
int tool_scenario_figure(const tool_scenario *sc, const char *name);
int tool_scenario_profile(const tool_scenario *sc, const char *name);
int tool_scenario_unit(const tool_scenario *sc, const char *name);

/* Whether a section type ("route", "side", ...) belongs to scenarios. */
int tool_scenario_section(const char *type);

/* Name tables shared with the output. */
const char *tool_mover_name(int mover);
const char *tool_race_name(int race);
const char *tool_facing_name(int facing);
const char *tool_contact_name(int contact);

#endif
