/* warrules demo: the library's main job on a built-in scenario. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "tool.h"
#include "warrules/warrules.h"

static int parse_seed(const char *text, uint64_t *seed)
{
    char *end = NULL;
    if (text == NULL || *text == '\0' || *text == '-')
        return 0;
    unsigned long long v = strtoull(text, &end, 10);
    if (*end != '\0')
        return 0;
    *seed = (uint64_t)v;
    return 1;
}

int tool_demo(int argc, char **argv, FILE *out)
{
    uint64_t seed = 1;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--help") == 0) {
            fprintf(out, "usage: warrules demo [--seed N]\n\n"
                         "Runs the built-in scenario with dice seeded by N (default 1).\n");
            return TOOL_OK;
        }
        if (strcmp(argv[i], "--seed") == 0 && i + 1 < argc && parse_seed(argv[i + 1], &seed)) {
            i++;
            continue;
        }
        fprintf(stderr, "warrules demo: bad argument '%s' (try 'warrules demo --help')\n", argv[i]);
        return TOOL_USAGE;
    }
    wr_rng *rng = NULL;
    if (wr_rng_new(seed, &rng) != WR_OK) {
        fprintf(stderr, "warrules demo: out of memory\n");
        return TOOL_FAILED;
    }
    fprintf(out, "libwarrules %s demo, seed %llu\n", wr_version(), (unsigned long long)seed);
    fprintf(out, "Dice (wr_rng, the pinned xoshiro256** sequence): d6");
    for (int i = 0; i < 6; i++) {
        int roll = 0;
        (void)wr_rng_roll(rng, 6, &roll);
        fprintf(out, " %d", roll);
    }
    fprintf(out, "\n");
    wr_rng_free(rng);
    return TOOL_OK;
}
