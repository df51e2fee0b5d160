/* The tool's functions called directly: every command with each allocation
   failing in turn (malloc, calloc and realloc are wrapped at link time), the
   readers on every kind of mistake, the helpers on their edge cases.

   tool_unit EXAMPLES_DIR TESTS_TOOL_DIR OUT_DIR */
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <poll.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"
#include "lex.h"
#include "mapfile.h"
#include "scenario.h"
#include "svg.h"
#include "tool.h"

/* ---- allocation failures ------------------------------------------------ */

void *__real_malloc(size_t n);
void *__real_calloc(size_t n, size_t size);
void *__real_realloc(void *p, size_t n);
void *__wrap_malloc(size_t n);
void *__wrap_calloc(size_t n, size_t size);
void *__wrap_realloc(void *p, size_t n);

static long fail_at = -1; /* the allocation to fail, counting from 0; -1 none */
static long allocations;

static int should_fail(void)
{
    return fail_at >= 0 && allocations++ == fail_at;
}

void *__wrap_malloc(size_t n)
{
    return should_fail() ? NULL : __real_malloc(n);
}

void *__wrap_calloc(size_t n, size_t size)
{
    return should_fail() ? NULL : __real_calloc(n, size);
}

void *__wrap_realloc(void *p, size_t n)
{
    return should_fail() ? NULL : __real_realloc(p, n);
}

/* ---- checks ------------------------------------------------------------- */

static int failures;

static void check(int ok, const char *what, ...)
{
    if (ok)
        return;
    va_list ap;
    va_start(ap, what);
    fprintf(stdout, "FAILED: ");
    vfprintf(stdout, what, ap);
    fprintf(stdout, "\n");
    va_end(ap);
    failures++;
}

static const char *ex, *tt, *outdir;

/* DIR/NAME in a buffer of its own for the whole run. */
static char *path(const char *dir, const char *name)
{
    static char buf[64][1024];
    static int next;
    if (next >= 64)
        abort();
    char *b = buf[next++];
    snprintf(b, sizeof buf[0], "%s/%s", dir, name);
    return b;
}

typedef int (*command_fn)(int argc, char **argv, FILE *out);

/* Runs a command with its arguments (NULL-terminated); its status. */
static int run(command_fn fn, char **args)
{
    int argc = 0;
    char *argv[32];
    while (args[argc] && argc < 31) {
        argv[argc] = args[argc];
        argc++;
    }
    argv[argc] = NULL;
    FILE *out = tmpfile();
    int rc = fn(argc, argv, out);
    fclose(out);
    return rc;
}

/* The command succeeds, and with each of its allocations failing in turn
   it fails cleanly with status 1 (the sanitizers' leak check sees the rest). */
static void every_allocation(const char *name, command_fn fn, char **args)
{
    fail_at = -1;
    int rc = run(fn, args);
    check(rc == TOOL_OK, "%s: status %d", name, rc);
    FILE *saved = stderr;
    FILE *devnull = fopen("/dev/null", "w");
    stderr = devnull;
    long k;
    for (k = 0; k < 100000; k++) {
        allocations = 0;
        fail_at = k;
        rc = run(fn, args);
        if (allocations <= k) /* nothing failed: the command is through */
            break;
        if (rc != TOOL_FAILED && rc != TOOL_OK) {
            stderr = saved;
            check(0, "%s: allocation %ld failing gives status %d", name, k, rc);
            stderr = devnull;
        }
    }
    fail_at = -1;
    stderr = saved;
    fclose(devnull);
    check(rc == TOOL_OK && k > 0, "%s: status %d after %ld allocations", name, rc, k);
}

/* Writes text to OUT_DIR/name; its path. */
static char *write_file(const char *name, const char *text)
{
    char *p = path(outdir, name);
    FILE *f = fopen(p, "wb");
    fputs(text, f);
    fclose(f);
    return p;
}

static void melee_corners(void)
{
    char *only_a = write_file("unit_only_a.scn", "[profile p]\nsample = orc-urucks\n"
                                                 "[side a]\nprofile = p\n");
    char *no_profile = write_file("unit_no_profile.scn", "[side a]\nfigures = 3\n[side b]\n");
    char *args_a[] = {"melee", only_a, NULL};
    char *args_p[] = {"odds", no_profile, NULL};
    FILE *saved = stderr;
    stderr = fopen("/dev/null", "w");
    check(run(tool_melee, args_a) == TOOL_USAGE, "side b missing");
    check(run(tool_odds, args_p) == TOOL_USAGE, "no profile given");
    fclose(stderr);
    stderr = saved;
}

/* warrules move on the edges of its options: status 0 or 2. */
static void move_options_edges(void)
{
    static const struct {
        int rc;
        const char *args[12];
    } cases[] = {
        {2, {"move", "--leg", ".5:1"}},           {2, {"move", "--leg", "clear:.5"}},
        {2, {"move", "--leg", "clear:1234567"}},  {2, {"move", "--leg", "clear:1x"}},
        {2, {"move", "--leg", "clear:1.234"}},    {2, {"move", "--leg", "clear:1."}},
        {2, {"move", "--leg", "clear:1.x"}},      {2, {"move", "--leg", "clear:10001"}},
        {2, {"move", "--leg", "clear"}},          {2, {"move", "--leg", "clear:1:101"}},
        {2, {"move", "--leg", "clear:1:0:x"}},    {2, {"move", "--figures", "0"}},
        {2, {"move", "--frontage", "x"}},         {2, {"move", "--type", "cav"}},
        {2, {"move", "--traits", "woodland,elf"}}, {0, {"move", "--leg", "clear:1.5"}},
        {0, {"move", "--leg", "clear:0.25:1:1", "--leg", "road:2"}},
        {0, {"move", "--type", "cavalry", "--traits", "woodland,swamp", "--leg", "woods:3"}},
        {0, {"move", "--shields", "--shield-wall", "all-round", "--leg", "clear:1"}},
        {0, {"move", "--leg", "road:4", "--leg", "road:4", "--on-road", "--mv", "3"}},
        {0, {"move", "--type", "chariot", "--traits", "aquatic", "--order", "open", "--leg",
             "water:2"}},
    };
    FILE *saved = stderr;
    stderr = fopen("/dev/null", "w");
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char *args[13] = {NULL};
        for (int k = 0; k < 12 && cases[i].args[k]; k++)
            args[k] = (char *)(uintptr_t)cases[i].args[k];
        int rc = run(tool_move, args);
        check(rc == cases[i].rc, "move case %zu: status %d", i, rc);
    }
    /* at most 64 legs */
    char *many[140] = {"move"};
    for (int k = 0; k < 65; k++) {
        many[1 + 2 * k] = "--leg";
        many[2 + 2 * k] = "clear:1";
    }
    int n = 131;
    many[n] = NULL;
    FILE *o = tmpfile();
    check(tool_move(n, many, o) == TOOL_USAGE, "65 legs");
    fclose(o);
    fclose(stderr);
    stderr = saved;
}

/* The readers with each allocation failing in turn: status 1, no map. */
static void readers_without_memory(void)
{
    static const char text[] = "[terrain]\n....\n....\n[rivers]\n0,0 minor E\n"
                               "[crossings]\n0,0 E ford\n[roads]\n0,1 E E\n";
    char err[400];
    long k;
    for (k = 0; k < 1000; k++) {
        wr_map *map = NULL;
        allocations = 0;
        fail_at = k;
        int rc = tool_map_read(text, sizeof text - 1, &map, err, sizeof err);
        if (allocations <= k) {
            check(rc == 0, "map reader: %s", err);
            wr_map_free(map);
            break;
        }
        check(rc == 1 && map == NULL && strstr(err, "out of memory"),
              "map reader, allocation %ld failing: %d %s", k, rc, err);
        wr_map_free(map);
    }
    fail_at = -1;
}

static void commands_without_memory(void)
{
    char *demo[] = {"demo", "--seed", "3", NULL};
    char *rate[] = {"rate", path(ex, "cavalry.scn"), "--json", NULL};
    char *rate_sample[] = {"rate", NULL};
    char *melee[] = {"melee", "--seed", "2", "--json", NULL};
    char *melee_file[] = {"melee", path(ex, "melee.scn"), "--rounds", "3", NULL};
    char *odds[] = {"odds", "--json", "--svg", path(outdir, "unit_odds.svg"), NULL};
    char *odds_text[] = {"odds", path(ex, "custom-melee.scn"), "--rounds", "5", NULL};
    char *route[] = {"route", "--map", path(ex, "crossing.map"), "--from", "0,3", "--to", "11,3",
                     "--svg", path(outdir, "unit_route.svg"), "--ascii", NULL};
    char *route_json[] = {"route", path(ex, "march.scn"), "--json", NULL};
    char *reach[] = {"route", "--map", path(ex, "crossing.map"), "-f0,3", "--days", "2",
                     "--svg", path(outdir, "unit_reach.svg"), NULL};
    char *reach_json[] = {"route", "--map", path(ex, "crossing.map"), "-f0,3", "-d2", "-j", NULL};
    char *map[] = {"map", path(ex, "valley.map"), "--svg", path(outdir, "unit_map.svg"), NULL};
    char *map_json[] = {"map", "--json", path(ex, "valley.map"), NULL};
    char *move[] = {"move", "--shields", "--shield-wall", "front", "-l", "clear:6", "-l",
                    "woods:4:1", "--svg", path(outdir, "unit_move.svg"), NULL};
    char *move_json[] = {"move", "--spears", "--set-spears", "front,rear", "-l", "road:3",
                         "--on-road", "--json", NULL};
    char *phase[] = {"melee", path(tt, "scenarios/phase_flank_spears.scn"), "--seed", "4", NULL};
    char *phase_json[] = {"melee", path(tt, "scenarios/phase_corner.scn"), "--dice",
                          "10,50,50,50", "--json", NULL};
    every_allocation("demo", tool_demo, demo);
    every_allocation("rate", tool_rate, rate);
    every_allocation("rate sample", tool_rate, rate_sample);
    every_allocation("melee", tool_melee, melee);
    every_allocation("melee file", tool_melee, melee_file);
    every_allocation("odds", tool_odds, odds);
    every_allocation("odds text", tool_odds, odds_text);
    every_allocation("route", tool_route, route);
    every_allocation("route json", tool_route, route_json);
    every_allocation("reach", tool_route, reach);
    every_allocation("reach json", tool_route, reach_json);
    every_allocation("map", tool_mapcmd, map);
    every_allocation("map json", tool_mapcmd, map_json);
    every_allocation("move", tool_move, move);
    every_allocation("move json", tool_move, move_json);
    char *move_phase[] = {"move", "--order", "open", "--spears", "--wheel", "10:1",
                          "--change-order", "closed", "--next-phase", "--set-spears", "front",
                          "--turn", "90", "--json", NULL};
    every_allocation("move phase", tool_move, move_phase);
    /* past 4 KiB, so that reading it grows its buffer (realloc) */
    static char sweep_text[6000] = "# a sweep file of more than 4 KiB\n";
    size_t used = strlen(sweep_text);
    while (used + 81 < 5000) {
        memset(sweep_text + used, '#', 79);
        sweep_text[used + 79] = '\n';
        used += 80;
        sweep_text[used] = '\0';
    }
    snprintf(sweep_text + used, sizeof sweep_text - used, "%s",
             "[profile orcs]\nsample = orc-urucks\n[profile men]\nrace = human\n"
             "weapon.0 = other\nbcp.0.2 = 20\nmod.charged = 5\nhates = orc\n"
             "morale.lost-round = -5\nretire-band = 10\n[unit urucks]\n"
             "profile = orcs\nfiles = 2\n[unit men]\nprofile = men\nfiles = 2\n"
             "[sweep]\nrounds = 2\nb = urucks\nvary.figures = 2, 3\n");
    char *sweep_file = write_file("unit_sweep.sweep", sweep_text);
    char *sweep[] = {"sweep", sweep_file, "--svg", path(outdir, "unit_sweep.svg"), "--csv",
                     path(outdir, "unit_sweep.csv"), NULL};
    char *sweep_stdout[] = {"sweep", sweep_file, "--rounds", "1", NULL};
    every_allocation("sweep", tool_sweep, sweep);
    every_allocation("sweep table", tool_sweep, sweep_stdout);
    /* the --csv table: 2 units x 2 sizes against urucks x 2 sizes */
    FILE *csv = fopen(path(outdir, "unit_sweep.csv"), "r");
    char row[512] = "", last[512] = "";
    int rows = 0;
    while (csv && fgets(row, sizeof row, csv)) {
        rows++;
        snprintf(last, sizeof last, "%s", row);
    }
    if (csv)
        fclose(csv);
    check(rows == 9 && strncmp(last, "7,men,urucks,3,3,", 17) == 0, "sweep table: %d rows, last %s",
          rows, last);
    every_allocation("melee phase", tool_melee, phase);
    every_allocation("melee phase json", tool_melee, phase_json);
}

/* ---- the readers --------------------------------------------------------- */

typedef struct reader_case {
    const char *text;
    const char *message; /* NULL: the text is good */
} reader_case;

static const reader_case map_cases[] = {
    {"[terrain]\n..\n[rivers]\n0,0\n", "4:4: missing river kind"},
    {"[terrain]\n..\n[rivers]\n0,0 wide E\n", "4:5: expected minor or major, got 'wide'"},
    {"[terrain]\n..\n[rivers]\n0,0 minor\n", "missing direction of a river side"},
    {"[terrain]\n..\n..\n[crossings]\n0,0 E\n", "missing crossing"},
    {"[terrain]\n..\n[crossings]\n0,0\n", "missing direction"},
    {"[terrain]\n..\n[rivers]\n0,0 minor E\n[crossings]\n0,0 E tunnel\n",
     "expected bridge, ferry, ford or open, got 'tunnel'"},
    {"[terrain]\n..\n[rivers]\n0,0 minor E\n[crossings]\n0,0 E ford x\n", "unexpected 'x'"},
    {"[terrain]\n..\n[rivers]\n0,0 minor E\n[crossings]\n0,0 E ford\n", NULL},
    {"[terrain]\n..\n[crossings]\n0,0 E open\n", NULL},
    {"[terrain]\n...\n[roads]\n0,0\n", "missing direction"},
    {"[terrain]\n...\n[roads]\n0,0 E E E\n", "no hex beyond this side"},
    {"[terrain]\n...\n[tracks]\n0,0 E E\n", NULL},
    {"[terrain]\n..\n[features]\n0,0\n", "missing feature"},
    {"[terrain]\n..\n[features]\n0,0 mudflat channel port\n", NULL},
    {"[terrain]\n..\n[regions]\n3\n", "missing hex"},
    {"[terrain]\n..\n[regions]\n\n", NULL},
    {"[terrain]\n..\n[regions]\nx 0,0\n", "expected a region number 0-31, got 'x'"},
    {"[terrain]\n..\n[regions]\n", NULL},
    {"[terrain]\n..\n[regions]\n", NULL},
    {"[terrain]\n...\n[watercourses]\n0,0\n", "missing downstream direction"},
    {"[terrain]\n...\n[watercourses]\n0,0 E unnavigable tidal E\n", NULL},
    {"[terrain]\n...\n[watercourses]\n0,0 E 9\n", "expected a direction"},
    {"[terrain\n", "1:9: a section header ends with ']'"},
    {"..\n", "1:1: text before the first section (start with [terrain])"},
    {"[rivers]\n", "1:1: the [terrain] section comes first"},
    {"[terrain]\n..\n[rivers]\n[terrain]\n", "4:1: section [terrain] appears twice"},
    {"  \n# only a comment\n", "the map needs a [terrain] section"},
    {"[terrain]\n..\n[rivers]\n9,9 minor E\n", "hex 9,9 is off the 2 x 1 map"},
    {"[terrain]\n. .\r\n", NULL},
};

static void map_reader(void)
{
    char err[400];
    wr_map *map = NULL;
    for (size_t i = 0; i < sizeof map_cases / sizeof map_cases[0]; i++) {
        const reader_case *c = &map_cases[i];
        map = NULL;
        int rc = tool_map_read(c->text, strlen(c->text), &map, err, sizeof err);
        if (c->message == NULL)
            check(rc == 0 && map != NULL, "map case %zu: %s", i, err);
        else
            check(rc == 2 && map == NULL && strstr(err, c->message) != NULL,
                  "map case %zu: got '%s', want '%s'", i, err, c->message);
        wr_map_free(map);
    }
    check(tool_map_read("x", 1, NULL, err, sizeof err) == 1, "map: NULL out");
    check(tool_map_read(NULL, 3, &map, err, sizeof err) == 1, "map: NULL text");
    map = NULL;
    check(tool_map_read(NULL, 0, &map, NULL, 0) == 2 && map == NULL, "map: empty, no err");
    /* a row longer than the largest map, and more rows than it has */
    size_t n = 10 + WR_MAP_MAX_EXTENT + 2;
    char *wide = malloc(n + 1);
    memcpy(wide, "[terrain]\n", 10);
    memset(wide + 10, '.', n - 10);
    wide[n] = '\0';
    check(tool_map_read(wide, n, &map, err, sizeof err) == 2 &&
              strstr(err, "row longer than the largest map width"),
          "map: wide row: %s", err);
    free(wide);
    n = 10 + 2 * (WR_MAP_MAX_EXTENT + 1);
    char *tall = malloc(n + 1);
    memcpy(tall, "[terrain]\n", 10);
    for (size_t k = 10; k + 1 < n + 1; k += 2) {
        tall[k] = '.';
        tall[k + 1] = '\n';
    }
    tall[n] = '\0';
    check(tool_map_read(tall, n, &map, err, sizeof err) == 2 && strstr(err, "too many rows"),
          "map: tall: %s", err);
    free(tall);
    check(tool_terrain_letter((wr_hex_terrain)99) == '?', "terrain letter");
    check(strcmp(tool_terrain_name((wr_hex_terrain)-1), "unknown") == 0, "terrain name");
    check(strcmp(tool_direction_name(6), "?") == 0, "direction name");
    check(tool_direction_parse("3", 1) == 3 && tool_direction_parse("x", 1) == -1, "direction");
}

static const reader_case scenario_cases[] = {
    {"[figure]\n", "1:2: this section needs a name after 'figure'"},
    {"[melee x]\n", "this section takes no name: 'x'"},
    {"[figure a b]\n", "unexpected 'b' in the header"},
    {"[]\n", "empty section header"},
    {"[figure a\n", "a section header ends with ']'"},
    {"[figure a!]\n", "a name is 1-31 letters"},
    {"[side c]\n", "a side is a or b, not 'c'"},
    {"[figure a]\nar\n", "2:1: expected KEY = VALUE or [section]"},
    {"[figure a]\n= 3\n", "missing key before '='"},
    {"[figure a]\nar =\n", "missing value"},
    {"[figure a]\nar = 1 2\n", "one value expected, then '2'"},
    {"[figure a]\nsa = 0x\n", "expected a 32-bit number"},
    {"[figure a]\nsa = 0x1FFFFFFFF\n", "more than 32 bits"},
    {"[figure a]\nsa = 12z\n", "expected a 32-bit number"},
    {"[figure a]\nsa = 0xFFFFffff\nsd = 17\n", NULL},
    {"[figure a]\nsa = 0X1f\nsd = 0\n", NULL},
    {"[figure abcdefghijabcdefghijabcdefghijab]\n", "a name is 1-31 letters"},
    {"[figure a_B-9]\n", NULL},
    {"[profile p]\nbcp.1.2.3.4 = 5\n", "unknown key for a [profile]"},
    {"[profile p]\nweapon.1 = spear, allowed\nweapon.2 = pike, forbidden\n", NULL},
    {"[route]\nfrom = 20000,1\n", "expected a hex as COLUMN,ROW"},
    {"[figure a]\ndamage = 1d-6\n", "expected damage as XdY"},
    {"[figure a]\ndamage = 1d6,1d6,1d6,1d6,1d6,1d6,1d6,1d6,1d6\n", "too many damage groups"},
    {"[figure a]\ndamage = d6\n", "expected damage as XdY"},
    {"[figure a]\ndamage = 1d+2\n", "expected damage as XdY"},
    {"[figure a]\ndamage = 1d6+x\n", "expected damage as XdY"},
    {"[figure a]\ndamage = +1d6\n", "expected damage as XdY"},
    {"[figure a]\ndamage = 6\n", "expected damage as XdY"},
    {"[figure a]\ndamage = 2D6-1, 1d4+2\n", NULL},
    {"[figure a]\nlegs = 4\n", "unknown key for a [figure]: 'legs'"},
    {"[figure a]\n[cavalry c]\nrider = a, a\n", "a cavalry figure has one rider and one mount"},
    {"[figure a]\n[cavalry c]\nwheels = a\n", "unknown key for a [cavalry]"},
    {"[figure a]\n[chariot c]\nwheels = a\n", "unknown key for a [chariot]"},
    {"[figure a]\n[chariot c]\npassengers = ,\n", "missing value"},
    {"[cavalry c]\n[chariot c]\n", "a cavalry figure and a chariot share the name"},
    {"[cavalry c]\n[cavalry c]\n", "section [cavalry c] appears twice (first at line 1)"},
    {"[side a]\nfigures = 3\n[side b]\n[ side  a ]\n", "4:1: section [side a] appears twice"},
    {"[melee]\n\n[melee]\n", "3:1: section [melee] appears twice (first at line 1)"},
    {"[figure x]\n[figure y]\n[figure x]\n", "section [figure x] appears twice"},
    {"[profile p]\nsample = elves\n", "expected dwarf-veterans or orc-urucks, got 'elves'"},
    {"[profile p]\nrace = human\nsample = orc-urucks\n", "a sample profile has its own race"},
    {"[profile p]\nsample = orc-urucks\nrace = human\n", "a sample profile has its own race"},
    {"[profile p]\nrace = elf\n", "expected a race"},
    {"[profile p]\nrace =\n", "missing value"},
    {"[profile p]\nhates = orc, troll\n", "expected a race, got 'troll'"},
    {"[profile p]\nretire-band = 101\n", "expected a whole number 0..100"},
    {"[profile p]\nweapon.16 = spear\n", "expected a weapon row 0-15"},
    {"[profile p]\nweapon.1 = lance\n", "expected other, spear, polearm or pike"},
    {"[profile p]\nweapon.1 = forbidden\n", "missing reach"},
    {"[profile p]\nbcp.16.0 = 1\n", "expected a weapon row 0-15"},
    {"[profile p]\nbcp.0.8 = 1\n", "expected an armour column 0-7"},
    {"[profile p]\nmod.sneaky = 1\n", "unknown modifier"},
    {"[profile p]\nmorale.fear = 1\n", "unknown morale modifier"},
    {"[profile p]\nmod.charged = x\n", "expected a whole number"},
    {"[profile p]\nmorale.lost-round = x\n", "expected a whole number"},
    {"[profile p]\nbanner = red\n", "unknown key for a [profile]"},
    {"[side a]\nprofile = abcdefghijabcdefghijabcdefghijabcdefghij\n", "name too long"},
    {"[side a]\nprofile =\n", "missing value"},
    {"[side a]\nweapon = sword\n", "expected a weapon row 0-15"},
    {"[side a]\nweapon =\n", "missing value"},
    {"[side a]\nmount = pony\n", "expected none, unarmoured or armoured"},
    {"[side a]\nclass = x\n", "expected regular, elite, veteran or c-class"},
    {"[side a]\nflags = wings\n", "unknown unit flag"},
    {"[side a]\nattacked-in = top\n", "expected front, flank or rear"},
    {"[side a]\ncover = x\n", "expected none, light, medium or heavy"},
    {"[side a]\ncharged = maybe\n", "expected yes or no"},
    {"[side a]\nfoo = 1\n", "unknown key for a [side]"},
    {"[side b]\narmor = 1\nmount = armoured\ncharacter = on\nattacked-in = flank\n"
     "cover = light\nmorale = 50\nflags = none, swarm\nweapon = 3\n",
     NULL},
    {"[melee]\nseed = abc\n", "expected a seed"},
    {"[melee]\nseed = 99999999999999999999\n", "seed too large"},
    {"[melee]\nseed = 123456789012345678901\n", "expected a seed"},
    {"[melee]\nseed =\n", "missing value"},
    {"[melee]\nfoo = 1\n", "unknown key for [melee]"},
    {"[unit u]\nprofile = p\nfigures = 10\nfiles = 5\nflags = blood-lust\n", NULL},
    {"[unit u]\nin-contact = 3\n", "2:1: unknown key for a [unit]"},
    {"[unit]\n", "this section needs a name after 'unit'"},
    {"[fight f]\na = u\n", "2:5: no [unit] of that name"},
    {"[fight f]\nc = u\n", "2:1: unknown key for a [fight]"},
    {"[fight f]\na.b.c = 1\n", "2:1: unknown key for a [fight]"},
    {"[unit u]\n[fight f]\na = u\na.face = side\n", "4:10: expected front, flank or rear"},
    {"[unit u]\n[fight f]\nb = u\nb.contact = ram\n", "expected continuing, charge, pursuit or pushback"},
    {"[unit u]\n[fight f]\nb = u\nb.corner-fights = all\n", "expected a whole number"},
    {"[unit u]\n[fight f]\nb.in-contact = -1\n", "expected a whole number 0..100000"},
    {"[unit u]\n[fight f]\nb.cover = thick\n", "expected none, light, medium or heavy"},
    {"[unit u]\n[fight f]\na = u\na.face = rear\na.in-contact = 2\na.corner = 1\n"
     "a.corner-fights = default\na.contact = pushback\na.charged = no\na.cover = heavy\n"
     "a.character = yes\n",
     NULL},
    {"[melee]\nseed = 18446744073709551615\nrounds = 4\n", NULL},
    {"[route]\nmap =\n", "missing value"},
    {"[route]\noptions = fly\n", "unknown option"},
    {"[route]\ntraits = x\n", "unknown trait"},
    {"[route]\nhome-regions = 32\n", "expected a region number 0-31"},
    {"[route]\nwind = up\n", "expected none or a direction"},
    {"[route]\nwind =\n", "missing value"},
    {"[route]\ncost.gold = 1\n", "unknown cost"},
    {"[route]\nfoo = 1\n", "unknown key for [route]"},
    {"[route]\nto = 1\n", "expected a hex as COLUMN,ROW"},
    {"[route]\nmover = dragon\n", "expected infantry"},
    {"[route]\noptions = plain-costs\ntraits = ellriendi, lizard-men\nhome-regions = 1,2\n"
     "tide = ebb\nwind = none\nwind = NE\ncost.road = 2\ncost.forest = 3\ncost.track = 4\n"
     "bridging-days = 2\ndaily-points = 10\nsail-percent = 50\nto = 2,2\n",
     NULL},
    {"ar = 1\n", "1:1: a key before the first section"},
};

static void scenario_reader(void)
{
    char err[400];
    tool_scenario *sc = malloc(sizeof *sc);
    for (size_t i = 0; i < sizeof scenario_cases / sizeof scenario_cases[0]; i++) {
        const reader_case *c = &scenario_cases[i];
        tool_scenario_init(sc);
        int rc = tool_scenario_read(c->text, strlen(c->text), sc, err, sizeof err);
        if (c->message == NULL)
            check(rc == 0, "scenario case %zu: %s", i, err);
        else
            check(rc == 2 && strstr(err, c->message) != NULL,
                  "scenario case %zu: got %d '%s', want '%s'", i, rc, err, c->message);
    }
    /* limits on the number of sections and members */
    char text[8192];
    size_t o = 0;
    for (int k = 0; k <= TOOL_MAX_FIGURES; k++)
        o += (size_t)snprintf(text + o, sizeof text - o, "[figure f%d]\n", k);
    tool_scenario_init(sc);
    check(tool_scenario_read(text, o, sc, err, sizeof err) == 2 && strstr(err, "at most 32"),
          "33 figures: %s", err);
    o = 0;
    for (int k = 0; k <= TOOL_MAX_PROFILES; k++)
        o += (size_t)snprintf(text + o, sizeof text - o, "[profile p%d]\n", k);
    tool_scenario_init(sc);
    check(tool_scenario_read(text, o, sc, err, sizeof err) == 2 && strstr(err, "at most 8"),
          "9 profiles: %s", err);
    o = 0;
    for (int k = 0; k <= TOOL_MAX_RATINGS; k++)
        o += (size_t)snprintf(text + o, sizeof text - o, "[cavalry c%d]\n", k);
    tool_scenario_init(sc);
    check(tool_scenario_read(text, o, sc, err, sizeof err) == 2 && strstr(err, "at most 16"),
          "17 ratings: %s", err);
    o = (size_t)snprintf(text, sizeof text, "[figure a]\n[chariot c]\npassengers = a");
    for (int k = 0; k < TOOL_MAX_MEMBERS; k++)
        o += (size_t)snprintf(text + o, sizeof text - o, ", a");
    tool_scenario_init(sc);
    check(tool_scenario_read(text, o, sc, err, sizeof err) == 2 && strstr(err, "at most 64"),
          "65 passengers: %s", err);
    /* a path: too long, with a NUL byte */
    o = (size_t)snprintf(text, sizeof text, "[route]\nmap = ");
    memset(text + o, 'x', 1100);
    o += 1100;
    tool_scenario_init(sc);
    check(tool_scenario_read(text, o, sc, err, sizeof err) == 2 && strstr(err, "path too long"),
          "long path: %s", err);
    static const char nul_path[] = "[route]\nmap = a\0b\n";
    tool_scenario_init(sc);
    check(tool_scenario_read(nul_path, sizeof nul_path - 1, sc, err, sizeof err) == 2 &&
              strstr(err, "bad path"),
          "NUL in path: %s", err);
    check(tool_scenario_read(NULL, 1, sc, err, sizeof err) == 1, "scenario: NULL text");
    check(tool_scenario_read("", 0, NULL, NULL, 0) == 1, "scenario: NULL scenario");
    /* --set */
    static const struct {
        const char *setting, *message;
    } sets[] = {
        {"figure.a", "expected SECTION.KEY=VALUE"},
        {"figure=1", "expected SECTION.KEY=VALUE"},
        {"figure.a=1", "expected SECTION.NAME.KEY=VALUE"},
        {"melee.=1", "missing key"},
        {"army.x=1", "unknown section"},
        {"route.days=3", NULL},
        {"side.b.figures=4", NULL},
    };
    for (size_t i = 0; i < sizeof sets / sizeof sets[0]; i++) {
        tool_scenario_init(sc);
        int rc = tool_scenario_set(sc, sets[i].setting, err, sizeof err);
        if (sets[i].message == NULL)
            check(rc == 0, "--set %s: %s", sets[i].setting, err);
        else
            check(rc == 2 && strstr(err, sets[i].message),
                  "--set %s: got '%s'", sets[i].setting, err);
    }
    check(tool_scenario_set(NULL, "x", err, sizeof err) == 1, "--set NULL");
    check(tool_scenario_set(sc, NULL, NULL, 0) == 1, "--set NULL setting");
    check(tool_scenario_read("x", 1, sc, NULL, 0) == 2, "scenario: no room for a message");
    check(tool_scenario_read(NULL, 0, sc, err, sizeof err) == 0, "scenario: nothing");
    check(strcmp(tool_mover_name(-1), "unknown") == 0 && strcmp(tool_race_name(-1), "race") == 0,
          "names below");
    check(tool_scenario_figure(sc, "nobody") == -1, "no figure");
    check(strcmp(tool_mover_name(99), "unknown") == 0 && strcmp(tool_race_name(99), "race") == 0,
          "names");
    check(tool_scenario_section("side") && !tool_scenario_section("terrain"), "sections");
    free(sc);
}

/* ---- helpers ------------------------------------------------------------- */

static void helpers(void)
{
    char buf[64];
    /* lex */
    char longtok[80];
    memset(longtok, 'x', sizeof longtok);
    check(strlen(tool_tok_show(longtok, sizeof longtok, buf, sizeof buf)) == 43, "tok_show long");
    check(strlen(tool_tok_show("abcdefghijklmnop", 16, buf, 16)) < 16, "tok_show small");
    check(tool_tok_show("a", 1, buf, 0)[0] == '\0', "tok_show no room");
    long long v = 0, w = 0;
    check(!tool_tok_int("123456789012345", 15, 0, 1, &v), "tok_int huge");
    check(!tool_tok_int("-", 1, -5, 5, &v) && !tool_tok_int("", 0, 0, 1, &v), "tok_int sign");
    check(!tool_tok_pair("+1,2", 4, &v, &w) && !tool_tok_pair("1,+2", 4, &v, &w) &&
              !tool_tok_pair("12", 2, &v, &w),
          "tok_pair");
    tool_errf(NULL, 0, 1, 1, "x");
    tool_errf(buf, 4, 123456, 1, "x");
    /* numbers */
    uint64_t seed = 0;
    int n = 0;
    check(!tool_parse_seed("", &seed) && !tool_parse_seed(NULL, &seed) &&
              !tool_parse_seed("18446744073709551616", &seed),
          "parse_seed");
    check(!tool_parse_int(NULL, 0, 1, &n) && !tool_parse_int("+", 0, 1, &n) &&
              !tool_parse_int("999999999999999", 0, 1, &n) && tool_parse_int("-3", -5, 5, &n) &&
              n == -3,
          "parse_int");
    check(strcmp(tool_percent(UINT64_C(1000000000000000000), buf, sizeof buf), "100.00") == 0,
          "percent");
    /* JSON strings */
    FILE *f = tmpfile();
    tool_json_str(f, "q\"b\\n\nt\tc\x01h\x80\x7f");
    rewind(f);
    char got[128] = {0};
    size_t len = fread(got, 1, sizeof got - 1, f);
    got[len] = '\0';
    fclose(f);
    check(strcmp(got, "\"q\\\"b\\\\n\\nt\\tc\\u0001h\\u0080\\u007f\"") == 0, "json_str: %s", got);
    /* words */
    char long_word[80];
    memset(long_word, 'a', 79);
    long_word[79] = '\0';
    check(tool_edit_distance(long_word, "a") == 99 && tool_edit_distance("a", long_word) == 99,
          "edit distance long");
    check(tool_edit_distance("abcd", "acbd") == 1 && tool_edit_distance("", "abc") == 3,
          "edit distance");
    const char *names[] = {"route", "rate"};
    check(tool_nearest("xyz", names, 2) == NULL && tool_nearest("raet", names, 2) != NULL,
          "nearest");
    check(strcmp(tool_where(NULL, 3, buf, sizeof buf), "") == 0, "where");
    check(tool_nearest("x", names, 2) == NULL, "nearest: one slip in one letter");
    /* the library's detail when it recorded one, else the status sentence */
    wr_rng *rng = NULL;
    int roll = 0;
    wr_last_error_clear();
    check(strcmp(tool_lib_detail(WR_ERR_RANGE), wr_status_str(WR_ERR_RANGE)) == 0, "no detail");
    if (wr_rng_new(1, &rng) == WR_OK && wr_rng_roll(rng, 1, &roll) == WR_ERR_RANGE)
        check(strstr(tool_lib_detail(WR_ERR_RANGE), "wr_rng_roll") != NULL, "library detail: %s",
              tool_lib_detail(WR_ERR_RANGE));
    wr_rng_free(rng);
    size_t line = 0;
    check(!tool_first_section("x = 1\n", 6, buf, sizeof buf, &line) &&
              !tool_first_section("", 0, buf, sizeof buf, &line),
          "first section");
    /* files: a folder cannot be read, an output in a missing folder cannot be
       written, an output over a folder cannot be renamed into place */
    char *text = NULL;
    FILE *saved = stderr, *devnull = fopen("/dev/null", "w");
    stderr = devnull;
    check(tool_read_file("t", outdir, &text, &len) == TOOL_USAGE, "read a folder");
    tool_out o;
    check(tool_out_open("t", "/nonexistent-dir/x.svg", &o) == TOOL_USAGE, "out in no folder");
    char *folder = path(outdir, "unit_folder");
    mkdir(folder, 0777);
    check(tool_out_open("t", folder, &o) == TOOL_USAGE && o.f == NULL, "out over folder");
    check(tool_out_open("t", path(outdir, "unit_bad.svg"), &o) == TOOL_OK, "out opens");
    fputs("x", o.f);
    fclose(o.f);
    o.f = fopen("/dev/null", "r"); /* a stream that fails to write */
    fputs("x", o.f);
    char *tmp = o.tmp;
    check(tool_out_commit("t", &o) == TOOL_FAILED, "out write error");
    (void)tmp;
    check(tool_out_open("t", "-", &o) == TOOL_OK && o.f == stdout, "out stdout");
    check(tool_out_finish("t", &o, TOOL_OK) == TOOL_OK, "out stdout commit");
    tool_out none;
    memset(&none, 0, sizeof none);
    check(tool_out_commit("t", &none) == TOOL_OK, "out none");
    check(tool_fail("t", 7, "two\nlines\r") == 7, "fail");
    /* a file beyond 64 MiB (sparse) */
    char *big = path(outdir, "unit_big.map");
    FILE *bf = fopen(big, "wb");
    if (bf && fseek(bf, (long)(65 << 20), SEEK_SET) == 0 && fputc('x', bf) != EOF) {
        fclose(bf);
        check(tool_read_file("t", big, &text, &len) == TOOL_USAGE, "read a file beyond 64 MiB");
    } else if (bf) {
        fclose(bf);
    }
    remove(big);
    stderr = saved;
    fclose(devnull);
    /* getopt: an unknown letter inside a bundle, a short option's value missing */
    static const tool_optdef defs[] = {{"json", 'j', 0}, {"days", 'd', 1}};
    tool_args a;
    char *bundle[] = {"x", "-jq", NULL};
    char *missing[] = {"x", "-d", NULL};
    char *help_value[] = {"x", "--help=3", NULL};
    char *lone[] = {"x", "--jsno", NULL};
    char *attached[] = {"x", "-jd3", "--days=4", NULL};
    char long_option[90] = "--";
    memset(long_option + 2, 'q', 80);
    long_option[82] = '\0';
    char *very_long[] = {"x", long_option, NULL};
    stderr = fopen("/dev/null", "w");
    check(tool_args_parse("x", defs, 2, 2, bundle, &a) == TOOL_USAGE, "bundle");
    check(tool_args_parse("x", defs, 2, 2, missing, &a) == TOOL_USAGE, "missing short value");
    check(tool_args_parse("x", defs, 2, 2, help_value, &a) == TOOL_USAGE, "help value");
    check(tool_args_parse("x", defs, 2, 2, lone, &a) == TOOL_USAGE, "swapped letters");
    check(tool_args_parse("x", defs, 2, 2, very_long, &a) == TOOL_USAGE, "a very long option");
    check(tool_args_parse("x", defs, 2, 3, attached, &a) == TOOL_OK && a.n_uses == 3 &&
              a.uses[1].position == 1 && a.uses[2].position == 2 &&
              strcmp(tool_args_value(&a, 1), "4") == 0,
          "attached values");
    tool_args_free(&a);
    fclose(stderr);
    stderr = saved;
}

/* ---- outputs that are not regular files, inputs that are FIFOs --------- */

static int is_kind(const char *p, mode_t kind, int follow)
{
    struct stat st;
    return (follow ? stat(p, &st) : lstat(p, &st)) == 0 && (st.st_mode & S_IFMT) == kind;
}

static int file_is(const char *p, const char *text)
{
    char buf[256] = "";
    FILE *f = fopen(p, "rb");
    if (f == NULL)
        return 0;
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    fclose(f);
    buf[n] = '\0';
    return strcmp(buf, text) == 0;
}

static int write_out(const char *p, const char *text)
{
    tool_out o;
    if (tool_out_open("t", p, &o) != TOOL_OK)
        return 0;
    fputs(text, o.f);
    return tool_out_commit("t", &o) == TOOL_OK;
}

static int only_entry(const char *dir, const char *name)
{
    char cmd[2000];
    snprintf(cmd, sizeof cmd, "test \"$(ls -A '%s')\" = '%s'", dir, name);
    return system(cmd) == 0;
}

static void special_files(void)
{
    char dir[600], real[700], links[700], p[800], q[800], r[800];
    snprintf(dir, sizeof dir, "%s/unit_special", outdir);
    snprintf(real, sizeof real, "%s/real", dir);
    snprintf(links, sizeof links, "%s/links", dir);
    char cmd[2000];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    check(system(cmd) == 0, "clean %s", dir);
    mkdir(dir, 0777);
    mkdir(real, 0777);
    mkdir(links, 0777);
    FILE *saved = stderr;
    stderr = fopen("/dev/null", "w");
    /* a character device is written straight into, never replaced */
    tool_out o;
    check(tool_out_open("t", "/dev/null", &o) == TOOL_OK && o.direct && o.tmp == NULL,
          "/dev/null opens for writing into");
    fputs("x", o.f);
    check(tool_out_commit("t", &o) == TOOL_OK && o.f == NULL, "/dev/null written");
    check(is_kind("/dev/null", S_IFCHR, 0), "/dev/null is still a character device");
    check(tool_out_open("t", "/dev/full", &o) == TOOL_OK, "/dev/full opens");
    fputs("x", o.f);
    check(tool_out_commit("t", &o) == TOOL_FAILED, "/dev/full cannot be written");
    check(is_kind("/dev/full", S_IFCHR, 0), "/dev/full is still a character device");
    check(tool_out_open("t", "/dev/null", &o) == TOOL_OK, "/dev/null opens again");
    tool_out_abandon(&o);
    check(is_kind("/dev/null", S_IFCHR, 0), "/dev/null after an abandoned output");
    /* a symbolic link is followed: its file is written (atomically), the
       link stays; a link to a link; a dangling link makes its file */
    snprintf(p, sizeof p, "%s/out.svg", real);
    check(write_out(p, "old"), "the real file");
    check(chmod(p, 0640) == 0, "chmod");
    snprintf(q, sizeof q, "%s/out.svg", links);
    check(symlink("../real/out.svg", q) == 0, "symlink");
    check(write_out(q, "new"), "written through the link");
    check(is_kind(q, S_IFLNK, 0) && file_is(p, "new"), "the link stays, its file changed");
    struct stat st;
    check(stat(p, &st) == 0 && (st.st_mode & 07777) == 0640, "the file keeps its mode");
    check(only_entry(real, "out.svg") && only_entry(links, "out.svg"), "no temporary file left");
    snprintf(r, sizeof r, "%s/second", links);
    check(symlink("out.svg", r) == 0, "symlink to a symlink");
    check(write_out(r, "third") && file_is(p, "third") && is_kind(r, S_IFLNK, 0) &&
              is_kind(q, S_IFLNK, 0),
          "a chain of links");
    snprintf(r, sizeof r, "%s/dangling", links);
    check(symlink("../real/made.svg", r) == 0, "dangling symlink");
    snprintf(p, sizeof p, "%s/made.svg", real);
    check(write_out(r, "made") && file_is(p, "made") && is_kind(r, S_IFLNK, 0),
          "a dangling link makes its file");
    snprintf(p, sizeof p, "%s/loop_a", links);
    snprintf(r, sizeof r, "%s/loop_b", links);
    check(symlink("loop_b", p) == 0 && symlink("loop_a", r) == 0, "symlink loop");
    check(tool_out_open("t", p, &o) == TOOL_USAGE && o.f == NULL, "a loop of links is refused");
    snprintf(p, sizeof p, "%s/to_folder", links);
    check(symlink("../real", p) == 0, "symlink to a folder");
    check(tool_out_open("t", p, &o) == TOOL_USAGE, "a link to a folder is refused");
    /* a FIFO with a reader: written straight into */
    snprintf(p, sizeof p, "%s/fifo", dir);
    snprintf(r, sizeof r, "%s/fifo_read", dir);
    check(mkfifo(p, 0666) == 0, "mkfifo");
    snprintf(cmd, sizeof cmd, "cat '%s' > '%s' &", p, r);
    check(system(cmd) == 0, "reader");
    check(write_out(p, "piped"), "written into the FIFO");
    for (int i = 0; i < 500 && !file_is(r, "piped"); i++)
        (void)poll(NULL, 0, 10);
    check(file_is(r, "piped") && is_kind(p, S_IFIFO, 0), "the FIFO's reader got it");
    /* a FIFO read from a writer (the reader waits for one to open it) */
    snprintf(cmd, sizeof cmd, "printf 'from a fifo' > '%s' &", p);
    check(system(cmd) == 0, "writer");
    char *text = NULL;
    size_t len = 0;
    check(tool_read_file("t", p, &text, &len) == TOOL_OK && len == 11 &&
              strcmp(text, "from a fifo") == 0,
          "a FIFO read from its writer");
    free(text);
    fclose(stderr);
    stderr = saved;
}

/* ---- pictures on their edges -------------------------------------------- */

static void pictures(void)
{
    /* odds of large sides: labels every few figures, no values over bars */
    tool_odds_data *d = calloc(1, sizeof *d);
    d->rounds = 3;
    d->start[0] = 60;
    d->start[1] = 500; /* more than the odds hold: drawn up to the limit */
    snprintf(d->name[0], sizeof d->name[0], "a<&>\"b\x01\x80");
    snprintf(d->name[1], sizeof d->name[1], "b");
    d->end[1] = UINT64_C(1000000000000000000);
    d->figures[0][3] = UINT64_C(1000000000000000000);
    FILE *f = tmpfile();
    tool_svg_odds(f, d);
    check(ftell(f) > 1000, "odds picture");
    fclose(f);
    free(d);
    /* a map wider than 60 hexes (no coordinates) and a reach of 30 days */
    wr_map *map = NULL;
    check(wr_map_new(61, 2, &map) == WR_OK, "map");
    wr_arrival *field = calloc(122, sizeof *field);
    for (int i = 0; i < 122; i++)
        field[i].day = i % 2 ? -1 : 1 + i % 40;
    tool_picture pic;
    memset(&pic, 0, sizeof pic);
    pic.field = field;
    pic.days = 30;
    f = tmpfile();
    tool_svg_map(f, map, &pic);
    pic.field = NULL;
    pic.title = NULL;
    tool_svg_map(f, map, &pic);
    check(ftell(f) > 1000, "map picture");
    fclose(f);
    free(field);
    wr_map_free(map);
    /* a move picture: a wide open formation, many obstacles and rises, a long
       move made in full, a terrain beyond the table, no legs */
    static const char *const names[WR_TERRAIN_COUNT] = {"clear", "road", "woods",
                                                        "rough", "swamp", "water"};
    wr_tactical_leg legs[2] = {{WR_TERRAIN_CLEAR, 120000, 12, 12}, {(wr_terrain)99, 1200, 0, 0}};
    int costs[2] = {1, 2};
    tool_move_picture mp;
    memset(&mp, 0, sizeof mp);
    snprintf(mp.title, sizeof mp.title, "edges");
    mp.figures = 700;
    mp.frontage = 700;
    mp.ranks = 1;
    mp.legs = legs;
    mp.n_legs = 2;
    mp.costs = costs;
    mp.reached = 121200;
    mp.legal = 1;
    mp.problem = "legal";
    mp.terrain_names = names;
    mp.special = WR_SPECIAL_SET_SPEARS;
    mp.sides = WR_FACE_ALL;
    f = tmpfile();
    tool_svg_move(f, &mp);
    mp.n_legs = 0;
    mp.figures = 0;
    mp.ranks = 0;
    mp.closed = 1;
    tool_svg_move(f, &mp);
    check(ftell(f) > 1000, "move picture");
    fclose(f);
}

int main(int argc, char **argv)
{
    if (argc != 4) {
        fprintf(stderr, "usage: tool_unit EXAMPLES_DIR TESTS_TOOL_DIR OUT_DIR\n");
        return 2;
    }
    ex = argv[1];
    tt = argv[2];
    outdir = argv[3];
    map_reader();
    scenario_reader();
    helpers();
    special_files();
    pictures();
    melee_corners();
    move_options_edges();
    readers_without_memory();
    commands_without_memory();
    if (failures)
        printf("%d checks failed\n", failures);
    return failures ? 1 : 0;
}
