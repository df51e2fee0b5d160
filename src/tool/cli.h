/* The command line of a subcommand, parsed the GNU way (getopt_long):
   --opt=value, --opt value, unique prefixes of long options, bundled short
   options, "--" ending the options, operands anywhere. Each command lists
   its options in a table; a new option is one more row. */
#ifndef WARRULES_TOOL_CLI_H
#define WARRULES_TOOL_CLI_H

#include <stddef.h>
#include <stdio.h>

/* One option of a command. */
typedef struct tool_optdef {
    const char *name; /* the long name, without the dashes */
    int letter;       /* the short option letter, or 0 */
    int takes_value;  /* 1: --name VALUE, --name=VALUE, -L VALUE */
} tool_optdef;

/* One option as given, in command-line order. */
typedef struct tool_optuse {
    int opt;           /* its row in the command's table */
    const char *value; /* NULL for an option without a value */
    int position;      /* 1-based position among the command's arguments */
} tool_optuse;

typedef struct tool_args {
    const tool_optdef *defs;
    size_t n_defs;
    tool_optuse *uses;
    size_t n_uses;
    const char **operands; /* the arguments that are not options, in order */
    int *operand_position;
    size_t n_operands;
    int help; /* --help or -h was given */
} tool_args;

/* Parses argv[1..argc-1] (argv[0] is the command's name). Every command
   takes --help and -h besides its table. Returns TOOL_OK, or TOOL_USAGE
   with one line printed: the argument's position, what is wrong and, for a
   mistyped option, the nearest option. Free with tool_args_free(). */
int tool_args_parse(const char *cmd, const tool_optdef *defs, size_t n_defs, int argc, char **argv,
                    tool_args *out);
void tool_args_free(tool_args *a);

/* How every command starts: its arguments parsed, --help answered with
   usage(out). *go is 1 when the command goes on (free args then), else 0
   and args hold nothing; returns TOOL_OK or the status to exit with. */
int tool_command_start(const char *cmd, const tool_optdef *defs, size_t n_defs, int argc,
                       char **argv, FILE *out, int (*usage)(FILE *), tool_args *args, int *go);

/* A command's option table as the defs, n_defs arguments. */
#define TOOL_OPTIONS(table) (table), sizeof(table) / sizeof(table)[0]

/* Whether option row opt was given; the value of its last use (NULL when
   it was not given). */
int tool_args_has(const tool_args *a, int opt);
const char *tool_args_value(const tool_args *a, int opt);

/* The position of its last use; 0 when it was not given. */
int tool_args_position(const tool_args *a, int opt);

/* TOOL_USAGE with a message when both rows were given (two outputs that
   cannot be combined), else TOOL_OK. */
int tool_args_exclusive(const char *cmd, const tool_args *a, int opt1, int opt2, const char *why);

/* At most one operand (a scenario or map file, `what`): TOOL_USAGE with a
   message naming the extra one; *path is the operand or NULL. */
int tool_args_one_operand(const char *cmd, const tool_args *a, const char *what, const char **path);

/* The edit distance (insertions, deletions, substitutions) of two words,
   at most 99 (longer words count as far apart). */
int tool_edit_distance(const char *a, const char *b);

/* The word of names[0..n-1] nearest to `typed`, when near enough to be
   a likely typing mistake; NULL otherwise. */
const char *tool_nearest(const char *typed, const char *const *names, size_t n);

#endif
