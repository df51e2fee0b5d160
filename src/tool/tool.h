/* The warrules command-line tool: one function per subcommand. */
#ifndef WARRULES_TOOL_H
#define WARRULES_TOOL_H

#include <stdio.h>

/* Exit statuses of the tool. */
enum { TOOL_OK = 0, TOOL_FAILED = 1, TOOL_USAGE = 2 };

int tool_demo(int argc, char **argv, FILE *out);

#endif
