/* GNU-style option parsing on top of getopt_long, with the position of a
   bad argument and the nearest option for a mistyped one. */
#include "cli.h"

#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "tool.h"

#define VALUE_BASE 256 /* getopt_long returns VALUE_BASE + row for a long option */

int tool_edit_distance(const char *a, const char *b)
{
    /* optimal string alignment: a swap of two neighbours counts as one */
    size_t na = strlen(a), nb = strlen(b);
    int d[3][64];
    if (na > 60 || nb > 60)
        return 99;
    int *prev2 = d[0], *prev = d[1], *row = d[2];
    for (size_t j = 0; j <= nb; j++)
        prev[j] = (int)j;
    for (size_t i = 1; i <= na; i++) {
        row[0] = (int)i;
        for (size_t j = 1; j <= nb; j++) {
            int best = prev[j - 1] + (a[i - 1] != b[j - 1]);
            if (prev[j] + 1 < best)
                best = prev[j] + 1;
            if (row[j - 1] + 1 < best)
                best = row[j - 1] + 1;
            if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] &&
                prev2[j - 2] + 1 < best)
                best = prev2[j - 2] + 1;
            row[j] = best;
        }
        int *spare = prev2;
        prev2 = prev;
        prev = row;
        row = spare;
    }
    return prev[nb];
}

const char *tool_nearest(const char *typed, const char *const *names, size_t n)
{
    const char *best = NULL;
    int best_d = 99;
    size_t len = strlen(typed);
    for (size_t i = 0; i < n; i++) {
        int d = tool_edit_distance(typed, names[i]);
        if (d < best_d) {
            best_d = d;
            best = names[i];
        }
    }
    /* one slip in a short word, two in a longer one; never most of the word */
    int allowed = len <= 4 ? 1 : 2;
    return best && best_d <= allowed && (size_t)best_d < len ? best : NULL;
}

/* Position of an argv element among the command's original arguments. */
static int position_of(char *const *original, int argc, const char *arg)
{
    for (int i = 1; i < argc; i++)
        if (original[i] == arg)
            return i;
    return 0;
}

static int unknown_long(const char *cmd, const tool_optdef *defs, size_t n_defs, const char *arg,
                        int position)
{
    char name[64];
    const char *start = arg + 2;
    size_t n = strcspn(start, "=");
    snprintf(name, sizeof name, "%.*s", (int)(n < 60 ? n : 60), start);
    /* a prefix of several options: getopt_long refuses it as ambiguous */
    char matches[300];
    size_t used = 0, count = 0;
    matches[0] = '\0';
    const char *names[64];
    size_t n_names = 0;
    for (size_t i = 0; i < n_defs; i++) {
        if (n_names < 63)
            names[n_names++] = defs[i].name;
        if (n > 0 && strncmp(defs[i].name, start, n) == 0 && used + 40 < sizeof matches) {
            int w = snprintf(matches + used, sizeof matches - used, "%s--%s", count ? ", " : "",
                             defs[i].name);
            used += w > 0 ? (size_t)w : 0;
            count++;
        }
    }
    names[n_names++] = "help";
    if (count > 1)
        return tool_fail(cmd, TOOL_USAGE, "argument %d '--%s' is ambiguous: %s", position, name,
                         matches);
    const char *near = tool_nearest(name, names, n_names);
    if (near) {
        /* as near as another option ('--sed': '--set' or '--seed'): both named */
        int d = tool_edit_distance(name, near);
        for (size_t i = 0; i < n_names; i++)
            if (strcmp(names[i], near) != 0 && tool_edit_distance(name, names[i]) == d)
                return tool_fail(
                    cmd, TOOL_USAGE,
                    "argument %d '--%s': unknown option, did you mean '--%s' or '--%s'?", position,
                    name, near, names[i]);
        return tool_fail(cmd, TOOL_USAGE,
                         "argument %d '--%s': unknown option, did you mean '--%s'?", position, name,
                         near);
    }
    return tool_fail(cmd, TOOL_USAGE,
                     "argument %d '--%s': unknown option (try 'warrules %s --help')", position,
                     name, cmd);
}

/* getopt_long's tables for defs: longopts (n_defs + 2 rows, --help
   last but one) and shortopts (2 * n_defs + 4 bytes). */
static void getopt_tables(const tool_optdef *defs, size_t n_defs, struct option *longopts,
                          char *shortopts)
{
    size_t s = 0;
    shortopts[s++] = ':'; /* first: a missing value returns ':' */
    shortopts[s++] = 'h';
    for (size_t i = 0; i < n_defs; i++) {
        longopts[i].name = defs[i].name;
        longopts[i].has_arg = defs[i].takes_value ? required_argument : no_argument;
        longopts[i].val = VALUE_BASE + (int)i;
        if (defs[i].letter) {
            shortopts[s++] = (char)defs[i].letter;
            if (defs[i].takes_value)
                shortopts[s++] = ':';
        }
    }
    shortopts[s] = '\0';
    longopts[n_defs].name = "help";
    longopts[n_defs].val = 'h';
}

/* The message for what getopt_long refused (c: ':' a missing value, '?'
   an unknown option or a value not taken); TOOL_USAGE. */
static int refused(const char *cmd, int c, const tool_optdef *defs, size_t n_defs,
                   const char *current, int position)
{
    if (c == ':') {
        int opt = optopt;
        if (opt >= VALUE_BASE)
            return tool_fail(cmd, TOOL_USAGE, "argument %d: option --%s needs a value", position,
                             defs[opt - VALUE_BASE].name);
        return tool_fail(cmd, TOOL_USAGE, "argument %d: option -%c needs a value", position, opt);
    }
    if (optopt >= VALUE_BASE)
        return tool_fail(cmd, TOOL_USAGE, "argument %d '%s': option --%s takes no value", position,
                         current, defs[optopt - VALUE_BASE].name);
    if (optopt == 'h')
        return tool_fail(cmd, TOOL_USAGE, "argument %d '%s': option --help takes no value",
                         position, current);
    if (optopt != 0)
        return tool_fail(cmd, TOOL_USAGE,
                         "argument %d '%s': unknown option '-%c' (try 'warrules %s --help')",
                         position, current, optopt, cmd);
    if (strncmp(current, "--", 2) == 0)
        return unknown_long(cmd, defs, n_defs, current, position);
    return tool_fail(cmd, TOOL_USAGE, "argument %d '%s': unknown option", position, current);
}

int tool_args_parse(const char *cmd, const tool_optdef *defs, size_t n_defs, int argc, char **argv,
                    tool_args *out)
{
    memset(out, 0, sizeof *out);
    out->defs = defs;
    out->n_defs = n_defs;
    size_t slots = argc > 0 ? (size_t)argc : 1;
    struct option *longopts = calloc(n_defs + 2, sizeof *longopts);
    char *shortopts = malloc(2 * n_defs + 4);
    char **original = malloc(slots * sizeof *original);
    out->uses = malloc(slots * sizeof *out->uses);
    out->operands = malloc(slots * sizeof *out->operands);
    out->operand_position = malloc(slots * sizeof *out->operand_position);
    if (!longopts || !shortopts || !original || !out->uses || !out->operands ||
        !out->operand_position) {
        free(longopts);
        free(shortopts);
        free(original);
        tool_args_free(out);
        return tool_fail(cmd, TOOL_FAILED, "out of memory");
    }
    memcpy(original, argv, slots * sizeof *original);
    getopt_tables(defs, n_defs, longopts, shortopts);
    int rc = TOOL_OK;
    opterr = 0;
    optind = 0; /* glibc: start afresh */
    for (;;) {
        int c = getopt_long(argc, argv, shortopts, longopts, NULL);
        if (c == -1)
            break;
        const char *current = argv[optind - 1 < argc ? optind - 1 : argc - 1];
        int position = position_of(original, argc, current);
        if (c == 'h') {
            out->help = 1;
            continue;
        }
        int row = -1;
        if (c >= VALUE_BASE)
            row = c - VALUE_BASE;
        for (size_t i = 0; i < n_defs && c > 0 && c < VALUE_BASE; i++)
            if (defs[i].letter == c)
                row = (int)i;
        if (c == ':' || c == '?') {
            rc = refused(cmd, c, defs, n_defs, current, position);
            break;
        }
        if (row < 0) {
            rc = tool_fail(cmd, TOOL_USAGE, "argument %d '%s': unknown option", position, current);
            break;
        }
        tool_optuse *u = &out->uses[out->n_uses++];
        u->opt = row;
        u->value = defs[row].takes_value ? optarg : NULL;
        /* a value in its own argument: the option is the one before */
        u->position = u->value && u->value == current && position > 1 ? position - 1 : position;
    }
    for (int i = optind; rc == TOOL_OK && i < argc; i++) {
        out->operands[out->n_operands] = argv[i];
        out->operand_position[out->n_operands++] = position_of(original, argc, argv[i]);
    }
    free(longopts);
    free(shortopts);
    free(original);
    if (rc != TOOL_OK)
        tool_args_free(out);
    return rc;
}

int tool_command_start(const char *cmd, const tool_optdef *defs, size_t n_defs, int argc,
                       char **argv, FILE *out, int (*usage)(FILE *), tool_args *args, int *go)
{
    *go = 0;
    int rc = tool_args_parse(cmd, defs, n_defs, argc, argv, args);
    if (rc != TOOL_OK)
        return rc;
    if (args->help) {
        tool_args_free(args);
        return usage(out);
    }
    *go = 1;
    return TOOL_OK;
}

void tool_args_free(tool_args *a)
{
    free(a->uses);
    free(a->operands);
    free(a->operand_position);
    a->uses = NULL;
    a->operands = NULL;
    a->operand_position = NULL;
    a->n_uses = a->n_operands = 0;
}

int tool_args_has(const tool_args *a, int opt)
{
    for (size_t i = 0; i < a->n_uses; i++)
        if (a->uses[i].opt == opt)
            return 1;
    return 0;
}

const char *tool_args_value(const tool_args *a, int opt)
{
    const char *v = NULL;
    for (size_t i = 0; i < a->n_uses; i++)
        if (a->uses[i].opt == opt)
            v = a->uses[i].value;
    return v;
}

int tool_args_position(const tool_args *a, int opt)
{
    int position = 0;
    for (size_t i = 0; i < a->n_uses; i++)
        if (a->uses[i].opt == opt)
            position = a->uses[i].position;
    return position;
}

int tool_args_exclusive(const char *cmd, const tool_args *a, int opt1, int opt2, const char *why)
{
    if (!tool_args_has(a, opt1) || !tool_args_has(a, opt2))
        return TOOL_OK;
    return tool_fail(cmd, TOOL_USAGE, "--%s and --%s cannot be combined: %s", a->defs[opt1].name,
                     a->defs[opt2].name, why);
}

int tool_args_one_operand(const char *cmd, const tool_args *a, const char *what, const char **path)
{
    *path = a->n_operands ? a->operands[0] : NULL;
    if (a->n_operands > 1)
        return tool_fail(cmd, TOOL_USAGE, "argument %d '%s': one %s only (already '%s')",
                         a->operand_position[1], a->operands[1], what, a->operands[0]);
    return TOOL_OK;
}

int tool_scenario_operand(const char *cmd, const tool_args *a, int opt_scenario, const char **path)
{
    int rc = tool_args_one_operand(cmd, a, "scenario file", path);
    const char *named = tool_args_value(a, opt_scenario);
    if (rc == TOOL_OK && named && *path)
        rc = tool_fail(cmd, TOOL_USAGE, "one scenario file only ('%s' and --scenario '%s')", *path,
                       named);
    if (rc == TOOL_OK && named)
        *path = named;
    return rc;
}
