/* The map and scenario readers on mutated input: files given on the command
   line are mutated (bytes changed, cut, words of the formats inserted) a
   fixed number of times with a fixed generator, and every result must be a
   map or a one-line message, never a crash (run under the sanitizers). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mapfile.h"
#include "scenario.h"

#define MAX_INPUT 8192

static unsigned long long state = 88172645463325252ULL;

static unsigned next(void)
{
    state ^= state << 13;
    state ^= state >> 7;
    state ^= state << 17;
    return (unsigned)(state >> 11);
}

static const char *const words[] = {
    "[terrain]", "[rivers]", "[crossings]", "[roads]", "[tracks]", "[features]",
    "[regions]", "[watercourses]", "\n", "0,0", " E", " SE", "minor", "major", "ford",
    "=", "[side a]", "[route]", "[figure x]", "[chariot c]", "cataract", "99999999999,1",
    "#", "[", "]", ",", "-", "d", "1d6+", "0x", "16384,0", "\r\n", "\t", ".", "~"};

static size_t mutate(char *buf, size_t n)
{
    int rounds = 1 + (int)(next() % 8);
    for (int m = 0; m < rounds; m++) {
        unsigned op = next() % 4;
        if (op == 0 && n > 0) {
            buf[next() % n] = (char)(next() & 0xff);
        } else if (op == 1 && n > 0) {
            size_t p = next() % n, l = next() % (n - p + 1);
            memmove(buf + p, buf + p + l, n - p - l);
            n -= l;
        } else {
            const char *w = words[next() % (sizeof words / sizeof words[0])];
            size_t l = strlen(w);
            if (n + l < MAX_INPUT) {
                size_t p = n > 0 ? next() % n : 0;
                memmove(buf + p + l, buf + p, n - p);
                memcpy(buf + p, w, l);
                n += l;
            }
        }
    }
    return n;
}

static int check_message(const char *what, int rc, const char *err)
{
    if (rc != 0 && (err[0] == '\0' || strchr(err, '\n') != NULL)) {
        fprintf(stderr, "%s: status %d without a one-line message: '%s'\n", what, rc, err);
        return 1;
    }
    return 0;
}

int main(int argc, char **argv)
{
    static char seeds[16][MAX_INPUT];
    size_t sizes[16];
    int n_seeds = 0;
    long iterations = 20000;
    for (int i = 1; i < argc && n_seeds < 16; i++) {
        FILE *f = fopen(argv[i], "rb");
        if (f == NULL) {
            fprintf(stderr, "cannot open %s\n", argv[i]);
            return 1;
        }
        sizes[n_seeds] = fread(seeds[n_seeds], 1, MAX_INPUT - 1, f);
        fclose(f);
        n_seeds++;
    }
    if (n_seeds == 0) {
        fprintf(stderr, "usage: readers_stress FILE...\n");
        return 1;
    }
    tool_scenario *sc = malloc(sizeof *sc);
    char *buf = malloc(MAX_INPUT);
    if (sc == NULL || buf == NULL)
        return 1;
    int failures = 0;
    for (long it = 0; it < iterations && failures == 0; it++) {
        int which = (int)(next() % (unsigned)n_seeds);
        memcpy(buf, seeds[which], sizes[which]);
        size_t n = mutate(buf, sizes[which]);
        /* an exact-size copy, so that reading one byte too far is caught */
        char *input = malloc(n > 0 ? n : 1);
        if (input == NULL)
            return 1;
        memcpy(input, buf, n);
        char err[256];
        wr_map *map = NULL;
        int rc = tool_map_read(input, n, &map, err, sizeof err);
        if (rc == 0 && map == NULL) {
            fprintf(stderr, "map read succeeded without a map\n");
            failures++;
        }
        if (rc != 0 && map != NULL) {
            fprintf(stderr, "map read failed but wrote a map\n");
            failures++;
        }
        failures += check_message("map", rc, err);
        wr_map_free(map);
        tool_scenario_init(sc);
        rc = tool_scenario_read(input, n, sc, err, sizeof err);
        failures += check_message("scenario", rc, err);
        /* the same bytes as one --set setting, up to the first NUL */
        char setting[200];
        size_t k = n < sizeof setting - 1 ? n : sizeof setting - 1;
        memcpy(setting, input, k);
        setting[k] = '\0';
        rc = tool_scenario_set(sc, setting, err, sizeof err);
        failures += check_message("--set", rc, err);
        free(input);
    }
    free(buf);
    free(sc);
    if (failures == 0)
        printf("%ld mutated inputs read without a problem\n", iterations);
    return failures == 0 ? 0 : 1;
}
