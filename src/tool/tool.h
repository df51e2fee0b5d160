/* The warrules command-line tool: one function per subcommand, and the
   helpers they share (files, options, messages, JSON). */
#ifndef WARRULES_TOOL_H
#define WARRULES_TOOL_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "cli.h"
#include "scenario.h"

/* Exit statuses of the tool. */
enum { TOOL_OK = 0, TOOL_FAILED = 1, TOOL_USAGE = 2 };

int tool_demo(int argc, char **argv, FILE *out);
int tool_rate(int argc, char **argv, FILE *out);
int tool_melee(int argc, char **argv, FILE *out);
int tool_odds(int argc, char **argv, FILE *out);
int tool_route(int argc, char **argv, FILE *out);
int tool_mapcmd(int argc, char **argv, FILE *out);
int tool_sweep(int argc, char **argv, FILE *out);
int tool_move(int argc, char **argv, FILE *out);
int tool_advise(int argc, char **argv, FILE *out);
int tool_intercept(int argc, char **argv, FILE *out);

/* A library profile from its [profile] section (profile.c): melee, odds,
   sweep and advise build theirs so. */
wr_status tool_profile_build(const tool_profile_spec *spec, wr_profile **out);

/* The melee units of sc's [unit] sections (units[i] for section i), each
   with its [profile] built once into profiles[] (by the profile's index;
   NULL until built); a refused unit's message ends with hint. TOOL_OK or
   a printed message for cmd (file path, NULL for none). */
int tool_units_build(const char *cmd, const char *path, const tool_scenario *sc,
                     wr_profile **profiles, wr_melee_unit **units, const char *hint);

/* The fight of a [fight] section whose sides name their units (by index
   into units) and figures in contact. */
void tool_phase_fight(const tool_fight_spec *f, wr_melee_unit *const *units, wr_phase_fight *pf);

/* Prints "warrules CMD: message" on standard error; returns `code`. */
int tool_fail(const char *cmd, int code, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

/* Reads a whole file (at most 64 MiB) into a malloc'ed buffer with a NUL
   after its len bytes ("-" is standard input). A FIFO with no writer is
   waited for 5 seconds, then refused, never waited for forever. Returns
   TOOL_OK, or TOOL_USAGE / TOOL_FAILED with a message printed for cmd. */
int tool_read_file(const char *cmd, const char *path, char **text, size_t *len);

/* A seed: decimal digits only, 0..2^64-1; 1 on success. */
int tool_parse_seed(const char *text, uint64_t *seed);

/* A decimal integer within lo..hi; 1 on success. */
int tool_parse_int(const char *text, long long lo, long long hi, int *out);

/* The scenario file (cli.c): the one operand or --scenario (row opt_scenario of the
   command's table), not both; *path NULL when none. TOOL_OK or a message. */
int tool_scenario_operand(const char *cmd, const tool_args *a, int opt_scenario, const char **path);

/* Applies one SECTION.KEY=VALUE setting given by option use u (shown as
   --option VALUE in a message). */
int tool_apply_setting(const char *cmd, const tool_optuse *u, const char *option,
                       const char *setting, tool_scenario *sc);

/* Applies every use of row opt_set (--set) in order. */
int tool_apply_sets(const char *cmd, const tool_args *a, int opt_set, tool_scenario *sc);

/* A new empty scenario (tool_scenario_init) in *sc, to free(); TOOL_OK or
   a printed message. */
int tool_scenario_alloc(const char *cmd, tool_scenario **sc);

/* Reads a scenario file on top of sc; TOOL_OK or a printed message. */
int tool_load_scenario(const char *cmd, const char *path, tool_scenario *sc);

/* Writes a JSON string literal (quotes and escapes). */
void tool_json_str(FILE *out, const char *s);

/* An output file asked for on the command line: a regular file (or a new
   one) is written to a temporary file beside it and renamed into place when
   the command succeeds, so that a failed command leaves no output file; a
   symbolic link is followed to the file it names, which is written so; a
   device or a FIFO is written straight into (direct), never replaced. "-"
   is standard output. */
typedef struct tool_out {
    FILE *f;
    const char *path; /* as given */
    char *tmp;        /* the temporary file, renamed to target */
    char *target;     /* the file written: symbolic links followed */
    int direct;       /* written straight into (a device, a FIFO) */
} tool_out;

/* TOOL_OK with o->f open, or a printed message. */
int tool_out_open(const char *cmd, const char *path, tool_out *o);
/* Closes and renames into place; TOOL_OK or a printed message. */
int tool_out_commit(const char *cmd, tool_out *o);
/* Closes and removes the temporary file; nothing is left. */
void tool_out_abandon(tool_out *o);
/* Commits when rc is TOOL_OK, else abandons; the command's status. */
int tool_out_finish(const char *cmd, tool_out *o, int rc);

/* "FILE:LINE:1: " for a scenario section read from a file; "argument N: "
   for one that only the --set at argument N gave (line -N); "" otherwise
   (path NULL or line 0). cap >= 1. */
const char *tool_where(const char *path, int line, char *buf, size_t cap);

/* The library's detail of its last failure on this thread (wr_last_error()),
   or the status sentence when it recorded none. */
const char *tool_lib_detail(wr_status st);

/* The type of the first section header of a text ("terrain", "route"...)
   and its line; 0 when the text does not start with one. */
int tool_first_section(const char *text, size_t len, char *name, size_t cap, size_t *line);

/* A probability in units of 10^-18 as a percent with two decimals:
   writes "12.34" into buf (cap >= 16). */
const char *tool_percent(uint64_t p_e18, char *buf, size_t cap);

#endif
