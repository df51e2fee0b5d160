/* warrules: the command-line face of libwarrules. */
#include <stdio.h>
#include <string.h>

#include "tool.h"
#include "warrules/warrules.h"

/* One row per command: its name, a line for the usage, and its function
   (argv[0] is the command's name). */
typedef struct command {
    const char *name;
    const char *summary;
    int (*run)(int argc, char **argv, FILE *out);
} command;

static const command commands[] = {
    {"demo", "run the built-in scenario: ratings, a melee with its odds, a march", tool_demo},
    {"rate", "rate cavalry figures and chariots [11.2], [11.3]", tool_rate},
    {"melee", "fight a melee round by round with dice, each step explained", tool_melee},
    {"odds", "the exact outcome distribution of a melee (--svg: bars)", tool_odds},
    {"route", "plan a march on a map file (--ascii, --svg: pictures)", tool_route},
    {"map", "check a map file and draw it (text, --json, --svg)", tool_mapcmd},
    {"intercept", "where and when a force meets a marching enemy (--svg: both marches, danger)",
     tool_intercept},
    {"move", "a Battlesystem unit's tactical move [11.6]-[11.8] (--svg: a picture)", tool_move},
    {"sweep", "exact odds of every matchup of a balance study (--svg: heatmap)", tool_sweep},
    {"advise", "rank every choice of charges by the exact odds of its melee phase (--svg: bars)",
     tool_advise},
};

static void usage(FILE *f)
{
    fprintf(f, "usage: warrules [--version] [--help] <command> [options]\n\ncommands:\n");
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
        fprintf(f, "  %-8s %s\n", commands[i].name, commands[i].summary);
    fprintf(f, "\n'warrules <command> --help' describes a command.\n");
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        usage(stderr);
        return TOOL_USAGE;
    }
    if (strcmp(argv[1], "--version") == 0) {
        printf("warrules %s (library %s)\n", WR_VERSION_STRING, wr_version());
        return TOOL_OK;
    }
    if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0) {
        usage(stdout);
        return TOOL_OK;
    }
    size_t n_commands = sizeof commands / sizeof commands[0];
    for (size_t i = 0; i < n_commands; i++)
        if (strcmp(argv[1], commands[i].name) == 0) {
            int rc = commands[i].run(argc - 1, argv + 1, stdout);
            if ((fflush(stdout) != 0 || ferror(stdout)) && rc == TOOL_OK) {
                fprintf(stderr, "warrules %s: error writing standard output\n", argv[1]);
                rc = TOOL_FAILED;
            }
            return rc;
        }
    const char *names[sizeof commands / sizeof commands[0] + 2];
    for (size_t i = 0; i < n_commands; i++)
        names[i] = commands[i].name;
    names[n_commands] = "--help";
    names[n_commands + 1] = "--version";
    const char *near = tool_nearest(argv[1], names, n_commands + 2);
    if (near)
        fprintf(stderr, "warrules: argument 1 '%s': unknown command, did you mean '%s'?\n", argv[1],
                near);
    else
        fprintf(stderr, "warrules: argument 1 '%s': unknown command (try 'warrules --help')\n",
                argv[1]);
    return TOOL_USAGE;
}
