/* The warrules command-line tool: one function per subcommand, and the
   helpers they share (files, options, messages, JSON). */
#ifndef WARRULES_TOOL_H
#define WARRULES_TOOL_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

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

/* Prints "warrules CMD: message" on standard error; returns `code`. */
int tool_fail(const char *cmd, int code, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

/* Reads a whole file (at most 64 MiB) into a malloc'ed buffer with a NUL
   after its len bytes. Returns TOOL_OK, or TOOL_USAGE / TOOL_FAILED with a
   message printed for cmd. */
int tool_read_file(const char *cmd, const char *path, char **text, size_t *len);

/* A seed: decimal digits only, 0..2^64-1; 1 on success. */
int tool_parse_seed(const char *text, uint64_t *seed);

/* A decimal integer within lo..hi; 1 on success. */
int tool_parse_int(const char *text, long long lo, long long hi, int *out);

/* The value of an option that takes one: argv[*i + 1], advancing *i; NULL
   (with a message printed) when it is missing. */
const char *tool_option_value(const char *cmd, int argc, char **argv, int *i);

/* Reads a scenario file on top of sc; TOOL_OK or a printed message. */
int tool_load_scenario(const char *cmd, const char *path, tool_scenario *sc);

/* Writes a JSON string literal (quotes and escapes). */
void tool_json_str(FILE *out, const char *s);

/* Opens a file for writing ("-" is standard output); NULL with a message. */
FILE *tool_open_out(const char *cmd, const char *path);
/* Closes it; TOOL_OK or TOOL_FAILED with a message when writing failed. */
int tool_close_out(const char *cmd, const char *path, FILE *f);

/* A probability in units of 10^-18 as a percent with two decimals:
   writes "12.34" into buf (cap >= 16). */
const char *tool_percent(uint64_t p_e18, char *buf, size_t cap);

#endif
