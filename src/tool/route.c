/* warrules route and warrules map: plan a march on a map file, explain
   every step with its rule section, draw the map. */
#include "route.h"

#include <stdlib.h>
#include <string.h>

#include "mapfile.h"
#include "svg.h"
#include "tool.h"

/* What a step did, in words and with the section of the text. */
typedef struct step_note {
    unsigned flag;
    const char *text;
    const char *section;
} step_note;

static const step_note notes[] = {
    {WR_STEP_START, "sets out", "[Spending Move Points]"},
    {WR_STEP_ROAD, "along a road at the road cost", "[Movement by Terrain Type]"},
    {WR_STEP_TRACK, "along a track at the track cost", "[Mountains]"},
    {WR_STEP_BRIDGE, "over a bridge, formed", "[Bridges]"},
    {WR_STEP_FORD, "fords the minor river (infantry half its daily points on top, cavalry at full speed)", "[Fords]"},
    {WR_STEP_SWIM, "cavalry crosses the minor river without a ford: half its daily points",
     "[Minor Rivers]"},
    {WR_STEP_FERRY, "crosses by ferry in whole days", "[Ferries]"},
    {WR_STEP_RAFTS, "three days: timber, rafts, crossing", "[Major Rivers]"},
    {WR_STEP_BRIDGING, "over the bridging train's bridge", "[Advanced: Engineers]"},
    {WR_STEP_UNFORMED, "moves unformed", "[Units, Formed and Unformed]"},
    {WR_STEP_RALLY, "a day at the rally point to reform", "[Units, Formed and Unformed]"},
    {WR_STEP_UPSTREAM, "upstream", "[Advanced: Upstream, Downstream]"},
    {WR_STEP_DOWNSTREAM, "downstream", "[Advanced: Upstream, Downstream]"},
    {WR_STEP_OPEN_SEA, "into open sea: the galley escort is lost", "[Open Sea]"},
};

#define WHOLE_DAY_FLAGS (WR_STEP_FERRY | WR_STEP_RAFTS | WR_STEP_BRIDGING | WR_STEP_RALLY)
#define CROSSING_FLAGS (WR_STEP_FORD | WR_STEP_SWIM | WR_STEP_FERRY | WR_STEP_RAFTS | \
                        WR_STEP_BRIDGING | WR_STEP_BRIDGE)

/* The explanation of step i: words and sections, each list joined by "; ". */
static void explain(const wr_route *route, size_t i, int vessel, char *text, size_t tcap,
                    char *sections, size_t scap)
{
    const wr_step *s = &route->steps[i];
    size_t to = 0, so = 0;
    text[0] = sections[0] = '\0';
#define ADD(buf, o, cap, str) \
    do { \
        const char *sep_ = (buf) == text ? "; " : " "; \
        int n_ = snprintf((buf) + (o), (cap) - (o), "%s%s", (o) ? sep_ : "", (str)); \
        if (n_ > 0 && (size_t)n_ < (cap) - (o)) \
            (o) += (size_t)n_; \
    } while (0)
    if (s->flags & CROSSING_FLAGS)
        ADD(sections, so, scap, "[Crossing]");
    if (i > 0 && s->day > route->steps[i - 1].day && route->steps[i - 1].points_left > 0 &&
        !(s->flags & WHOLE_DAY_FLAGS)) {
        char saved[96];
        snprintf(saved, sizeof saved, "with %d points saved from day %d",
                 route->steps[i - 1].points_left, route->steps[i - 1].day);
        ADD(text, to, tcap, saved);
        ADD(sections, so, scap, "[Saving Move Points]");
    }
    if (i > 0 && !(s->flags & (WR_STEP_ROAD | WR_STEP_TRACK | WR_STEP_UPSTREAM |
                               WR_STEP_DOWNSTREAM | WHOLE_DAY_FLAGS))) {
        ADD(text, to, tcap, vessel ? "moves on at the hex's cost" : "enters across country");
        ADD(sections, so, scap, "[Movement by Terrain Type]");
    }
    for (size_t k = 0; k < sizeof notes / sizeof notes[0]; k++)
        if (s->flags & notes[k].flag) {
            ADD(text, to, tcap, notes[k].text);
            if (!strstr(sections, notes[k].section))
                ADD(sections, so, scap, notes[k].section);
        }
    if (s->flags & WR_STEP_NIGHT) {
        char camp[64];
        if (s->nights > 1)
            snprintf(camp, sizeof camp, "camps here for %d nights from day %d", s->nights, s->day);
        else
            snprintf(camp, sizeof camp, "camps here, night of day %d", s->day);
        ADD(text, to, tcap, camp);
    }
#undef ADD
}

static void hex_cr(wr_hex h, int *col, int *row)
{
    *col = 0;
    *row = 0;
    (void)wr_hex_to_offset(h, col, row);
}

void tool_route_print(FILE *out, const wr_map *map, const wr_plan_params *params,
                      const wr_route *route)
{
    fprintf(out, "  %-7s %-10s %4s %6s %6s  %s\n", "hex", "terrain", "day", "points", "nights",
            "what happens, and the rule");
    for (size_t i = 0; i < route->step_count; i++) {
        const wr_step *s = &route->steps[i];
        char text[400], sections[200], hx[24];
        int col, row;
        wr_hex_terrain ter = WR_HEX_CLEAR;
        (void)wr_map_terrain(map, s->hex, &ter);
        hex_cr(s->hex, &col, &row);
        snprintf(hx, sizeof hx, "%d,%d", col, row);
        explain(route, i, params->mover >= WR_MOVER_LONGSHIP, text, sizeof text, sections,
                sizeof sections);
        fprintf(out, "  %-7s %-10s %4d %6d %6d  %s %s\n", hx, tool_terrain_name(ter), s->day,
                s->points_left, s->nights, text, sections);
    }
    fprintf(out, "  arrives formed on day %d with %d of %d points saved", route->arrival_day,
            route->points_left, params->costs.daily_points);
    if (route->rally_days || route->unformed_days)
        fprintf(out, "; %d day(s) unformed, %d rally day(s)", route->unformed_days,
                route->rally_days);
    if (route->stragglers)
        fprintf(out, "; about %d stragglers (mean half-die 2)", route->stragglers);
    if (route->escort_lost)
        fprintf(out, "; the galley escort is lost in open sea");
    fprintf(out, "\n");
}

void tool_route_json_steps(FILE *out, const wr_map *map, const wr_plan_params *params,
                           const wr_route *route)
{
    static const char *const flag_names[15] = {
        "start", "unformed", "road", "track", "ford", "swim", "bridge", "ferry",
        "rafts", "bridging", "rally", "upstream", "downstream", "open-sea", "night"};
    fprintf(out, "[");
    for (size_t i = 0; i < route->step_count; i++) {
        const wr_step *s = &route->steps[i];
        char text[400], sections[200];
        int col, row;
        wr_hex_terrain ter = WR_HEX_CLEAR;
        (void)wr_map_terrain(map, s->hex, &ter);
        hex_cr(s->hex, &col, &row);
        explain(route, i, params->mover >= WR_MOVER_LONGSHIP, text, sizeof text, sections,
                sizeof sections);
        fprintf(out,
                "%s{\"col\": %d, \"row\": %d, \"q\": %d, \"r\": %d, \"terrain\": \"%s\", "
                "\"day\": %d, \"points_left\": %d, \"nights\": %d, \"flags\": [",
                i ? ", " : "", col, row, s->hex.q, s->hex.r, tool_terrain_name(ter), s->day,
                s->points_left, s->nights);
        int first = 1;
        for (int b = 0; b < 15; b++)
            if (s->flags & (1u << b)) {
                fprintf(out, "%s\"%s\"", first ? "" : ", ", flag_names[b]);
                first = 0;
            }
        fprintf(out, "], \"text\": ");
        tool_json_str(out, text);
        fprintf(out, ", \"sections\": ");
        tool_json_str(out, sections);
        fprintf(out, "}");
    }
    fprintf(out, "]");
}

static int route_usage(FILE *f)
{
    fprintf(f,
            "usage: warrules route [SCENARIO] [--map FILE] [--mover M] [--from C,R] [--to C,R]\n"
            "                      [--unformed] [--rafts-anywhere] [--bridging-train]\n"
            "                      [--figures N] [--days N] [--set route.KEY=VALUE]...\n"
            "                      [--json] [--ascii] [--svg FILE]\n\n"
            "Plans the earliest march on a hex map (docs/map-format.md) and explains each\n"
            "step: the day, the points left, the nights and the rule section. Hexes are\n"
            "COLUMN,ROW in the map's rows. Options override the scenario's [route] keys.\n\n"
            "  --map FILE        the map file\n"
            "  --mover M         infantry (default), cavalry, longship, galley, sailing-ship,\n"
            "                    transport, river-boat\n"
            "  --from C,R        the start hex; --to C,R the target hex\n"
            "  --unformed        allow unformed movement (rally days, stragglers)\n"
            "  --rafts-anywhere  assume timber for rafts everywhere\n"
            "  --bridging-train  the force has an engineers' bridging train\n"
            "  --figures N       the force's figures, for expected stragglers\n"
            "  --days N          list the hexes reached within N days instead of a route\n"
            "  --json            JSON output\n"
            "  --ascii           draw the map with the route as text\n"
            "  --svg FILE        draw the map with the route and camps as SVG ('-': stdout)\n"
            "A route that does not exist is reported on standard error with exit status 2.\n");
    return TOOL_OK;
}

static int load_map(const char *cmd, const char *path, wr_map **map)
{
    char *text = NULL;
    size_t len = 0;
    int rc = tool_read_file(cmd, path, &text, &len);
    if (rc != TOOL_OK)
        return rc;
    char err[400];
    rc = tool_map_read(text, len, map, err, sizeof err);
    free(text);
    if (rc != 0)
        return tool_fail(cmd, rc == 2 ? TOOL_USAGE : TOOL_FAILED, "%s:%s", path, err);
    return TOOL_OK;
}

/* A relative map path of a scenario file is relative to the file's folder. */
static void resolve_map(tool_route_spec *r, const char *scenario)
{
    if (r->map[0] == '\0' || r->map[0] == '/' || strcmp(scenario, "-") == 0)
        return;
    const char *slash = strrchr(scenario, '/');
    if (slash == NULL)
        return;
    size_t dir = (size_t)(slash - scenario) + 1, n = strlen(r->map);
    if (dir + n >= sizeof r->map)
        return;
    memmove(r->map + dir, r->map, n + 1);
    memcpy(r->map, scenario, dir);
}

static int build_params(const char *cmd, const tool_route_spec *r, wr_plan_params *p)
{
    wr_status st = wr_plan_params_default((wr_mover)r->mover, p);
    if (st != WR_OK)
        return tool_fail(cmd, TOOL_USAGE, "unknown mover");
    if (r->daily_points >= 0)
        p->costs.daily_points = r->daily_points;
    for (int t = 0; t < WR_HEX_TERRAIN_COUNT; t++)
        if (r->enter[t] >= 0)
            p->costs.enter[t] = r->enter[t];
    if (r->road >= 0)
        p->costs.road = r->road;
    if (r->track >= 0)
        p->costs.track = r->track;
    if (r->upstream >= 0)
        p->costs.upstream = r->upstream;
    if (r->downstream >= 0)
        p->costs.downstream = r->downstream;
    if (r->sail_percent >= 0)
        p->costs.sail_percent = r->sail_percent;
    p->options = r->options;
    p->traits = r->traits;
    p->home_regions = r->home_regions;
    p->tide = r->tide;
    if (r->wind != -2)
        p->wind = r->wind;
    if (r->bridging_days >= 0)
        p->bridging_days = r->bridging_days;
    if (r->figures >= 0)
        p->figures = r->figures;
    return TOOL_OK;
}

static int code_of_status(wr_status st)
{
    return st == WR_ERR_NOMEM ? TOOL_FAILED : TOOL_USAGE;
}

static int hex_on_map(const char *cmd, const wr_map *map, const int cr[2], const char *what,
                      wr_hex *out)
{
    int w = 0, h = 0;
    (void)wr_map_size(map, &w, &h);
    if (cr[0] >= w || cr[1] >= h)
        return tool_fail(cmd, TOOL_USAGE, "the %s hex %d,%d is off the %d x %d map", what, cr[0],
                         cr[1], w, h);
    (void)wr_hex_from_offset(cr[0], cr[1], out);
    return TOOL_OK;
}

int tool_route(int argc, char **argv, FILE *out)
{
    static const char cmd[] = "route";
    for (int i = 1; i < argc; i++)
        if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0)
            return route_usage(out);
    tool_scenario *sc = malloc(sizeof *sc);
    if (sc == NULL)
        return tool_fail(cmd, TOOL_FAILED, "out of memory");
    tool_scenario_init(sc);
    const char *scenario = NULL, *svg = NULL;
    int json = 0, ascii = 0, rc = TOOL_OK;
    /* pass 1: find the scenario file and check every option's shape */
    for (int i = 1; i < argc && rc == TOOL_OK; i++) {
        const char *a = argv[i];
        if (strcmp(a, "--json") == 0)
            json = 1;
        else if (strcmp(a, "--ascii") == 0)
            ascii = 1;
        else if (strcmp(a, "--unformed") == 0 || strcmp(a, "--rafts-anywhere") == 0 ||
                 strcmp(a, "--bridging-train") == 0)
            continue;
        else if (strcmp(a, "--svg") == 0) {
            if ((svg = tool_option_value(cmd, argc, argv, &i)) == NULL)
                rc = TOOL_USAGE;
        } else if (strcmp(a, "--map") == 0 || strcmp(a, "--mover") == 0 ||
                   strcmp(a, "--from") == 0 || strcmp(a, "--to") == 0 ||
                   strcmp(a, "--figures") == 0 || strcmp(a, "--days") == 0 ||
                   strcmp(a, "--set") == 0) {
            if (tool_option_value(cmd, argc, argv, &i) == NULL)
                rc = TOOL_USAGE;
        } else if (strcmp(a, "--scenario") == 0 || a[0] != '-' || strcmp(a, "-") == 0) {
            if (strcmp(a, "--scenario") == 0 && (a = tool_option_value(cmd, argc, argv, &i)) == NULL)
                rc = TOOL_USAGE;
            else if (scenario)
                rc = tool_fail(cmd, TOOL_USAGE, "one scenario file only ('%s' and '%s')", scenario, a);
            else
                scenario = a;
        } else {
            rc = tool_fail(cmd, TOOL_USAGE, "unknown option '%s' (try 'warrules route --help')", a);
        }
    }
    if (rc == TOOL_OK && scenario) {
        rc = tool_load_scenario(cmd, scenario, sc);
        resolve_map(&sc->route, scenario);
    }
    /* pass 2: options over the file, in order */
    char err[400];
    for (int i = 1; i < argc && rc == TOOL_OK; i++) {
        static const char *const shortcut[][2] = {
            {"--map", "route.map="},         {"--mover", "route.mover="},
            {"--from", "route.from="},       {"--to", "route.to="},
            {"--figures", "route.figures="}, {"--days", "route.days="},
            {"--set", ""}};
        static const unsigned option_bits[3] = {WR_PLAN_UNFORMED, WR_PLAN_RAFTS_ANYWHERE,
                                                WR_PLAN_BRIDGING_TRAIN};
        static const char *const option_flags[3] = {"--unformed", "--rafts-anywhere",
                                                    "--bridging-train"};
        for (int k = 0; k < 3; k++)
            if (strcmp(argv[i], option_flags[k]) == 0)
                sc->route.options |= option_bits[k];
        if (strcmp(argv[i], "--svg") == 0 || strcmp(argv[i], "--scenario") == 0) {
            i++;
            continue;
        }
        for (size_t k = 0; k < sizeof shortcut / sizeof shortcut[0]; k++) {
            if (strcmp(argv[i], shortcut[k][0]) != 0)
                continue;
            i++;
            size_t need = strlen(shortcut[k][1]) + strlen(argv[i]) + 1;
            char *setting = malloc(need);
            if (setting == NULL) {
                rc = tool_fail(cmd, TOOL_FAILED, "out of memory");
                break;
            }
            snprintf(setting, need, "%s%s", shortcut[k][1], argv[i]);
            if (tool_scenario_set(sc, setting, err, sizeof err) != 0)
                rc = tool_fail(cmd, TOOL_USAGE, "%s %s: %s", shortcut[k][0], argv[i], err);
            free(setting);
            break;
        }
    }
    tool_route_spec *r = &sc->route;
    if (rc == TOOL_OK && r->map[0] == '\0')
        rc = tool_fail(cmd, TOOL_USAGE, "no map: give --map FILE (or map = FILE under [route])");
    if (rc == TOOL_OK && !r->have_from)
        rc = tool_fail(cmd, TOOL_USAGE, "no start: give --from COLUMN,ROW");
    if (rc == TOOL_OK && !r->have_to && r->days == 0)
        rc = tool_fail(cmd, TOOL_USAGE, "no target: give --to COLUMN,ROW (or --days N)");
    wr_map *map = NULL;
    wr_planner *planner = NULL;
    wr_plan_params params;
    wr_hex from = {0, 0}, to = {0, 0};
    if (rc == TOOL_OK)
        rc = load_map(cmd, r->map, &map);
    if (rc == TOOL_OK)
        rc = build_params(cmd, r, &params);
    if (rc == TOOL_OK)
        rc = hex_on_map(cmd, map, r->from, "start", &from);
    if (rc == TOOL_OK && r->days == 0)
        rc = hex_on_map(cmd, map, r->to, "target", &to);
    if (rc == TOOL_OK && wr_planner_new(&planner) != WR_OK)
        rc = tool_fail(cmd, TOOL_FAILED, "out of memory");
    wr_route route;
    memset(&route, 0, sizeof route);
    const wr_hex *reach = NULL;
    size_t n_reach = 0;
    if (rc == TOOL_OK) {
        wr_status st = r->days > 0
                           ? wr_planner_reachable(planner, map, &params, from, r->days, &reach, &n_reach)
                           : wr_planner_route(planner, map, &params, from, to, &route);
        if (st == WR_ERR_FORBIDDEN)
            rc = tool_fail(cmd, TOOL_USAGE, "no route for %s from %d,%d to %d,%d (or it cannot be at the start)",
                           tool_mover_name(r->mover), r->from[0], r->from[1], r->to[0], r->to[1]);
        else if (st != WR_OK)
            rc = tool_fail(cmd, code_of_status(st), "the planner refused (%s): %s",
                           wr_status_name(st), wr_status_str(st));
    }
    if (rc == TOOL_OK && svg) {
        FILE *f = tool_open_out(cmd, svg);
        if (f == NULL)
            rc = TOOL_USAGE;
        else {
            char title[200];
            if (r->days)
                snprintf(title, sizeof title, "%s from %d,%d", tool_mover_name(r->mover),
                         r->from[0], r->from[1]);
            else
                snprintf(title, sizeof title, "%s from %d,%d to %d,%d: day %d", tool_mover_name(r->mover),
                         r->from[0], r->from[1], r->to[0], r->to[1], route.arrival_day);
            tool_svg_map(f, map, r->days ? NULL : route.steps, r->days ? 0 : route.step_count, title);
            rc = tool_close_out(cmd, svg, f);
        }
    }
    int to_stdout = !(svg && strcmp(svg, "-") == 0);
    if (rc == TOOL_OK && to_stdout && json) {
        fprintf(out, "{\"map\": ");
        tool_json_str(out, r->map);
        fprintf(out, ", \"mover\": \"%s\", \"daily_points\": %d, \"from\": [%d, %d], ",
                tool_mover_name(r->mover), params.costs.daily_points, r->from[0], r->from[1]);
        if (r->days > 0) {
            fprintf(out, "\"days\": %d, \"reachable\": [", r->days);
            for (size_t i = 0; i < n_reach; i++) {
                int col, row;
                hex_cr(reach[i], &col, &row);
                fprintf(out, "%s[%d, %d]", i ? ", " : "", col, row);
            }
            fprintf(out, "]}\n");
        } else {
            fprintf(out,
                    "\"to\": [%d, %d], \"arrival_day\": %d, \"points_left\": %d, \"rally_days\": %d, "
                    "\"unformed_days\": %d, \"stragglers\": %d, \"escort_lost\": %s, \"steps\": ",
                    r->to[0], r->to[1], route.arrival_day, route.points_left, route.rally_days,
                    route.unformed_days, route.stragglers, route.escort_lost ? "true" : "false");
            tool_route_json_steps(out, map, &params, &route);
            fprintf(out, "}\n");
        }
    } else if (rc == TOOL_OK && to_stdout) {
        if (r->days > 0) {
            fprintf(out, "%s from %d,%d (%d points a day) reaches %zu hexes within %d days:\n",
                    tool_mover_name(r->mover), r->from[0], r->from[1], params.costs.daily_points,
                    n_reach, r->days);
            for (size_t i = 0; i < n_reach; i++) {
                int col, row;
                hex_cr(reach[i], &col, &row);
                fprintf(out, "%s%d,%d", i % 12 ? " " : (i ? "\n  " : "  "), col, row);
            }
            fprintf(out, "\n");
        } else {
            fprintf(out, "%s from %d,%d to %d,%d on %s (%d points a day):\n",
                    tool_mover_name(r->mover), r->from[0], r->from[1], r->to[0], r->to[1], r->map,
                    params.costs.daily_points);
            tool_route_print(out, map, &params, &route);
        }
        if (ascii) {
            fprintf(out, "\n");
            tool_ascii_map(out, map, r->days ? NULL : route.steps, r->days ? 0 : route.step_count);
        }
    }
    wr_planner_free(planner);
    wr_map_free(map);
    free(sc);
    return rc;
}

static int map_usage(FILE *f)
{
    fprintf(f,
            "usage: warrules map FILE [--svg OUT]\n\n"
            "Reads a map file (docs/map-format.md), reports the first problem with its\n"
            "line and column, and draws the map as text (and as SVG with --svg; '-' is\n"
            "standard output, which then holds only the SVG).\n");
    return TOOL_OK;
}

int tool_mapcmd(int argc, char **argv, FILE *out)
{
    static const char cmd[] = "map";
    const char *path = NULL, *svg = NULL;
    for (int i = 1; i < argc; i++)
        if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0)
            return map_usage(out);
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "--svg") == 0) {
            if ((svg = tool_option_value(cmd, argc, argv, &i)) == NULL)
                return TOOL_USAGE;
        } else if (a[0] != '-' || strcmp(a, "-") == 0) {
            if (path)
                return tool_fail(cmd, TOOL_USAGE, "one map file only ('%s' and '%s')", path, a);
            path = a;
        } else {
            return tool_fail(cmd, TOOL_USAGE, "unknown option '%s' (try 'warrules map --help')", a);
        }
    }
    if (path == NULL)
        return tool_fail(cmd, TOOL_USAGE, "no map file given (try 'warrules map --help')");
    wr_map *map = NULL;
    int rc = load_map(cmd, path, &map);
    if (rc == TOOL_OK && svg) {
        FILE *f = tool_open_out(cmd, svg);
        if (f == NULL)
            rc = TOOL_USAGE;
        else {
            tool_svg_map(f, map, NULL, 0, path);
            rc = tool_close_out(cmd, svg, f);
        }
    }
    if (rc == TOOL_OK && !(svg && strcmp(svg, "-") == 0)) {
        int w = 0, h = 0;
        (void)wr_map_size(map, &w, &h);
        fprintf(out, "%s: %d x %d hexes\n", path, w, h);
        tool_ascii_map(out, map, NULL, 0);
    }
    wr_map_free(map);
    return rc;
}
