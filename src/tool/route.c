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
    {WR_STEP_FORD,
     "fords the minor river (infantry half its daily points on top, cavalry at full speed)",
     "[Fords]"},
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
#define CROSSING_FLAGS                                                                \
    (WR_STEP_FORD | WR_STEP_SWIM | WR_STEP_FERRY | WR_STEP_RAFTS | WR_STEP_BRIDGING | \
     WR_STEP_BRIDGE)

/* Appends str to the list in buf (cap bytes, NUL-terminated), after sep when
   the list is not empty; a list that would overflow is cut. */
static void append(char *buf, size_t cap, const char *sep, const char *str)
{
    size_t o = strlen(buf);
    snprintf(buf + o, cap - o, "%s%s", o ? sep : "", str);
}

/* The explanation of step i: words joined by "; ", sections by " ". */
static void explain(const wr_route *route, size_t i, int vessel, char *text, size_t tcap,
                    char *sections, size_t scap)
{
    const wr_step *s = &route->steps[i];
    text[0] = sections[0] = '\0';
#define ADD_TEXT(str) append(text, tcap, "; ", (str))
#define ADD_SECTION(str) append(sections, scap, " ", (str))
    if (s->flags & CROSSING_FLAGS)
        ADD_SECTION("[Crossing]");
    if (i > 0 && s->day > route->steps[i - 1].day && route->steps[i - 1].points_left > 0 &&
        !(s->flags & WHOLE_DAY_FLAGS)) {
        char saved[96];
        snprintf(saved, sizeof saved, "with %d points saved from day %d",
                 route->steps[i - 1].points_left, route->steps[i - 1].day);
        ADD_TEXT(saved);
        ADD_SECTION("[Saving Move Points]");
    }
    if (i > 0 && !(s->flags & (WR_STEP_ROAD | WR_STEP_TRACK | WR_STEP_UPSTREAM |
                               WR_STEP_DOWNSTREAM | WHOLE_DAY_FLAGS))) {
        ADD_TEXT(vessel ? "moves on at the hex's cost" : "enters across country");
        ADD_SECTION("[Movement by Terrain Type]");
    }
    for (size_t k = 0; k < sizeof notes / sizeof notes[0]; k++)
        if (s->flags & notes[k].flag) {
            ADD_TEXT(notes[k].text);
            if (!strstr(sections, notes[k].section))
                ADD_SECTION(notes[k].section);
        }
    if (s->flags & WR_STEP_NIGHT) {
        char camp[64];
        if (s->nights > 1)
            snprintf(camp, sizeof camp, "camps here for %d nights from day %d", s->nights, s->day);
        else
            snprintf(camp, sizeof camp, "camps here, night of day %d", s->day);
        ADD_TEXT(camp);
    }
#undef ADD_TEXT
#undef ADD_SECTION
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
        "start", "unformed", "road",  "track",    "ford",       "swim",     "bridge", "ferry",
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
    fprintf(f, "usage: warrules route [SCENARIO] [--map FILE] [--mover M] [--from C,R] [--to C,R]\n"
               "                      [--unformed] [--rafts-anywhere] [--bridging-train]\n"
               "                      [--figures N] [--days N] [--set route.KEY=VALUE]...\n"
               "                      [--json | --ascii] [--svg FILE]\n\n"
               "Plans the earliest march on a hex map (docs/map-format.md) and explains each\n"
               "step: the day, the points left, the nights and the rule section. Hexes are\n"
               "COLUMN,ROW in the map's rows. Options override the scenario's [route] keys.\n\n"
               "  -m, --map FILE    the map file\n"
               "  --mover M         infantry (default), cavalry, longship, galley, sailing-ship,\n"
               "                    transport, river-boat\n"
               "  -f, --from C,R    the start hex; -t, --to C,R the target hex (one word: 0,3)\n"
               "  --unformed        allow unformed movement (rally days, stragglers)\n"
               "  --rafts-anywhere  assume timber for rafts everywhere\n"
               "  --bridging-train  the force has an engineers' bridging train\n"
               "  --figures N       the force's figures, for expected stragglers\n"
               "  -d, --days N      the hexes reached within N days instead of a route\n"
               "  -j, --json        JSON output\n"
               "  -a, --ascii       draw the map with the route as text\n"
               "  --svg FILE        draw the map with the route, camps and legend as SVG ('-':\n"
               "                    standard output, instead of the text); with --days the\n"
               "                    reachable hexes coloured by the day they are reached\n"
               "A route that does not exist is reported on standard error with exit status 2.\n");
    return TOOL_OK;
}

/* Reads a map file; a scenario given where a map belongs is named as such. */
static int load_map(const char *cmd, const char *path, wr_map **map)
{
    char *text = NULL;
    size_t len = 0;
    int rc = tool_read_file(cmd, path, &text, &len);
    if (rc != TOOL_OK)
        return rc;
    char err[400], section[64];
    size_t line = 0;
    rc = tool_map_read(text, len, map, err, sizeof err);
    int scenario = rc == 2 && tool_first_section(text, len, section, sizeof section, &line) &&
                   strcmp(section, "terrain") != 0 && tool_scenario_section(section);
    free(text);
    if (scenario)
        return tool_fail(cmd, TOOL_USAGE,
                         "%s:%zu:2: a scenario file (it opens with [%s]), not a map (a map opens "
                         "with [terrain], docs/map-format.md)",
                         path, line, section);
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

static void build_params(const tool_route_spec *r, wr_plan_params *p)
{
    /* the scenario reader admits known movers only */
    (void)wr_plan_params_default((wr_mover)r->mover, p);
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
}

static int code_of_status(wr_status st)
{
    return st == WR_ERR_NOMEM ? TOOL_FAILED : TOOL_USAGE;
}

/* A hex of the march on the map; off the map, the message names where the
   hex was given: the option's argument, or the scenario's [route]. */
static int hex_on_map(const char *cmd, const wr_map *map, const int cr[2], const char *what,
                      const char *where, wr_hex *out)
{
    int w = 0, h = 0;
    (void)wr_map_size(map, &w, &h);
    if (cr[0] >= w || cr[1] >= h)
        return tool_fail(cmd, TOOL_USAGE, "%sthe %s hex %d,%d is off the %d x %d map", where, what,
                         cr[0], cr[1], w, h);
    (void)wr_hex_from_offset(cr[0], cr[1], out);
    return TOOL_OK;
}

static int all_digits(const char *s)
{
    if (*s == '\0')
        return 0;
    for (; *s; s++)
        if (*s < '0' || *s > '9')
            return 0;
    return 1;
}

enum {
    R_SCENARIO,
    R_MAP,
    R_MOVER,
    R_FROM,
    R_TO,
    R_FIGURES,
    R_DAYS,
    R_SET,
    R_UNFORMED,
    R_RAFTS_ANYWHERE,
    R_BRIDGING_TRAIN,
    R_JSON,
    R_ASCII,
    R_SVG
};
static const tool_optdef route_options[] = {{"scenario", 0, 1},       {"map", 'm', 1},
                                            {"mover", 0, 1},          {"from", 'f', 1},
                                            {"to", 't', 1},           {"figures", 0, 1},
                                            {"days", 'd', 1},         {"set", 0, 1},
                                            {"unformed", 0, 0},       {"rafts-anywhere", 0, 0},
                                            {"bridging-train", 0, 0}, {"json", 'j', 0},
                                            {"ascii", 'a', 0},        {"svg", 0, 1}};
/* The options that stand for a [route] key, in the order of the enum. */
static const char *const route_keys[R_SET] = {
    NULL,        "route.map=",     "route.mover=", "route.from=",
    "route.to=", "route.figures=", "route.days="};

/* Where the hex of option opt was last given: "argument N: " for --from (or
   --set route.from=...), else "FILE:LINE:1: [route]: " for the scenario. */
static const char *given_at(const tool_args *a, int opt, const char *scenario, int line, char *buf,
                            size_t cap)
{
    int position = 0;
    size_t n = strlen(route_keys[opt]);
    for (size_t i = 0; i < a->n_uses; i++)
        if (a->uses[i].opt == opt ||
            (a->uses[i].opt == R_SET && strncmp(a->uses[i].value, route_keys[opt], n) == 0))
            position = a->uses[i].position;
    if (position > 0)
        snprintf(buf, cap, "argument %d: ", position);
    else if (scenario && line > 0)
        snprintf(buf, cap, "%s:%d:1: [route]: ", scenario, line);
    else
        buf[0] = '\0';
    return buf;
}

/* "--from 0 3": a hex split in two words, and numbers where a file belongs. */
static int check_operands(const char *cmd, const tool_args *a)
{
    for (size_t k = 0; k < a->n_operands; k++) {
        if (!all_digits(a->operands[k]))
            continue;
        for (size_t i = 0; i < a->n_uses; i++) {
            const tool_optuse *u = &a->uses[i];
            int gap = a->operand_position[k] - u->position;
            if ((u->opt == R_FROM || u->opt == R_TO) && all_digits(u->value) && gap >= 1 &&
                gap <= 2)
                return tool_fail(cmd, TOOL_USAGE,
                                 "argument %d: --%s takes the hex as one word COLUMN,ROW: "
                                 "--%s %s,%s, not --%s %s %s",
                                 u->position, route_options[u->opt].name,
                                 route_options[u->opt].name, u->value, a->operands[k],
                                 route_options[u->opt].name, u->value, a->operands[k]);
        }
        return tool_fail(cmd, TOOL_USAGE,
                         "argument %d '%s': a number where a scenario file is expected (a hex is "
                         "one word: --from 0,3)",
                         a->operand_position[k], a->operands[k]);
    }
    return TOOL_OK;
}

/* The options over the scenario's [route], in command-line order. */
static int apply_options(const char *cmd, const tool_args *a, tool_scenario *sc)
{
    static const unsigned bits[3] = {WR_PLAN_UNFORMED, WR_PLAN_RAFTS_ANYWHERE,
                                     WR_PLAN_BRIDGING_TRAIN};
    for (size_t i = 0; i < a->n_uses; i++) {
        const tool_optuse *u = &a->uses[i];
        int rc = TOOL_OK;
        if (u->opt >= R_UNFORMED && u->opt <= R_BRIDGING_TRAIN) {
            sc->route.options |= bits[u->opt - R_UNFORMED];
        } else if (u->opt == R_SET) {
            rc = tool_apply_setting(cmd, u, "set", u->value, sc);
        } else if (u->opt > R_SCENARIO && u->opt < R_SET) {
            size_t need = strlen(route_keys[u->opt]) + strlen(u->value) + 1;
            char *setting = malloc(need);
            if (setting == NULL)
                return tool_fail(cmd, TOOL_FAILED, "out of memory");
            snprintf(setting, need, "%s%s", route_keys[u->opt], u->value);
            rc = tool_apply_setting(cmd, u, route_options[u->opt].name, setting, sc);
            free(setting);
        }
        if (rc != TOOL_OK)
            return rc;
    }
    return TOOL_OK;
}

static void print_json(FILE *out, const tool_route_spec *r, const wr_map *map,
                       const wr_plan_params *params, const wr_route *route, const wr_hex *reach,
                       size_t n_reach)
{
    fprintf(out, "{\"map\": ");
    tool_json_str(out, r->map);
    fprintf(out, ", \"mover\": \"%s\", \"daily_points\": %d, \"from\": [%d, %d], ",
            tool_mover_name(r->mover), params->costs.daily_points, r->from[0], r->from[1]);
    if (r->days > 0) {
        fprintf(out, "\"days\": %d, \"reachable\": [", r->days);
        for (size_t i = 0; i < n_reach; i++) {
            int col, row;
            hex_cr(reach[i], &col, &row);
            fprintf(out, "%s[%d, %d]", i ? ", " : "", col, row);
        }
        fprintf(out, "]}\n");
        return;
    }
    fprintf(out,
            "\"to\": [%d, %d], \"arrival_day\": %d, \"points_left\": %d, \"rally_days\": %d, "
            "\"unformed_days\": %d, \"stragglers\": %d, \"escort_lost\": %s, \"steps\": ",
            r->to[0], r->to[1], route->arrival_day, route->points_left, route->rally_days,
            route->unformed_days, route->stragglers, route->escort_lost ? "true" : "false");
    tool_route_json_steps(out, map, params, route);
    fprintf(out, "}\n");
}

static void print_text(FILE *out, const tool_route_spec *r, const wr_map *map,
                       const wr_plan_params *params, const wr_route *route, const wr_hex *reach,
                       size_t n_reach)
{
    if (r->days > 0) {
        fprintf(out, "%s from %d,%d (%d points a day) reaches %zu hexes within %d days:\n",
                tool_mover_name(r->mover), r->from[0], r->from[1], params->costs.daily_points,
                n_reach, r->days);
        for (size_t i = 0; i < n_reach; i++) {
            int col, row;
            hex_cr(reach[i], &col, &row);
            fprintf(out, "%s%d,%d", i % 12 ? " " : (i ? "\n  " : "  "), col, row);
        }
        fprintf(out, "\n");
    } else {
        fprintf(out, "%s from %d,%d to %d,%d on %s (%d points a day):\n", tool_mover_name(r->mover),
                r->from[0], r->from[1], r->to[0], r->to[1], r->map, params->costs.daily_points);
        tool_route_print(out, map, params, route);
    }
}

/* The march as a picture: the route, or the reach coloured by day. */
static int draw_route(const char *cmd, FILE *f, wr_planner *planner, const wr_map *map,
                      const wr_plan_params *params, const tool_route_spec *r, wr_hex from,
                      wr_hex to, const wr_route *route)
{
    tool_picture pic;
    char title[200];
    memset(&pic, 0, sizeof pic);
    pic.title = title;
    pic.have_start = 1;
    pic.start = from;
    wr_arrival *field = NULL;
    if (r->days > 0) {
        int w = 0, h = 0;
        (void)wr_map_size(map, &w, &h);
        size_t count = (size_t)w * (size_t)h;
        field = malloc(count * sizeof *field);
        if (field == NULL)
            return tool_fail(cmd, TOOL_FAILED, "out of memory");
        wr_status st = wr_planner_field(planner, map, params, from, field, count);
        if (st != WR_OK) {
            free(field);
            return tool_fail(cmd, code_of_status(st), "the planner refused: %s",
                             tool_lib_detail(st));
        }
        pic.field = field;
        pic.days = r->days;
        snprintf(title, sizeof title, "%s from %d,%d: the hexes reached within %d days",
                 tool_mover_name(r->mover), r->from[0], r->from[1], r->days);
    } else {
        pic.steps = route->steps;
        pic.n_steps = route->step_count;
        pic.have_goal = 1;
        pic.goal = to;
        snprintf(title, sizeof title, "%s from %d,%d to %d,%d: arrives on day %d",
                 tool_mover_name(r->mover), r->from[0], r->from[1], r->to[0], r->to[1],
                 route->arrival_day);
    }
    tool_svg_map(f, map, &pic);
    free(field);
    return TOOL_OK;
}

int tool_route(int argc, char **argv, FILE *out)
{
    static const char cmd[] = "route";
    tool_args args;
    int go;
    int rc = tool_command_start(cmd, TOOL_OPTIONS(route_options), argc, argv, out, route_usage,
                                &args, &go);
    if (!go)
        return rc;
    tool_scenario *sc = NULL;
    if ((rc = tool_scenario_alloc(cmd, &sc)) != TOOL_OK) {
        tool_args_free(&args);
        return rc;
    }
    const char *scenario = NULL, *svg = tool_args_value(&args, R_SVG);
    int json = tool_args_has(&args, R_JSON), ascii = tool_args_has(&args, R_ASCII);
    int svg_stdout = svg && strcmp(svg, "-") == 0;
    rc = check_operands(cmd, &args);
    if (rc == TOOL_OK)
        rc = tool_args_exclusive(cmd, &args, R_JSON, R_ASCII,
                                 "JSON is for programs, the text map for people (run twice)");
    if (rc == TOOL_OK && svg_stdout && (json || ascii))
        rc = tool_fail(cmd, TOOL_USAGE,
                       "--%s and --svg - cannot be combined: both write "
                       "standard output (give --svg FILE)",
                       json ? "json" : "ascii");
    if (rc == TOOL_OK)
        rc = tool_scenario_operand(cmd, &args, R_SCENARIO, &scenario);
    if (rc == TOOL_OK && scenario) {
        rc = tool_load_scenario(cmd, scenario, sc);
        resolve_map(&sc->route, scenario);
    }
    if (rc == TOOL_OK)
        rc = apply_options(cmd, &args, sc);
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
    char where[TOOL_PATH_MAX + 64];
    if (rc == TOOL_OK)
        rc = load_map(cmd, r->map, &map);
    if (rc == TOOL_OK) {
        build_params(r, &params);
        rc = hex_on_map(cmd, map, r->from, "start",
                        given_at(&args, R_FROM, scenario, r->line, where, sizeof where), &from);
    }
    if (rc == TOOL_OK && r->days == 0)
        rc = hex_on_map(cmd, map, r->to, "target",
                        given_at(&args, R_TO, scenario, r->line, where, sizeof where), &to);
    if (rc == TOOL_OK && wr_planner_new(&planner) != WR_OK)
        rc = tool_fail(cmd, TOOL_FAILED, "out of memory");
    wr_route route;
    memset(&route, 0, sizeof route);
    const wr_hex *reach = NULL;
    size_t n_reach = 0;
    if (rc == TOOL_OK) {
        wr_last_error_clear();
        wr_status st = r->days > 0 ? wr_planner_reachable(planner, map, &params, from, r->days,
                                                          &reach, &n_reach)
                                   : wr_planner_route(planner, map, &params, from, to, &route);
        tool_where(scenario, r->line, where, sizeof where);
        if (st == WR_ERR_FORBIDDEN)
            rc = tool_fail(
                cmd, TOOL_USAGE,
                "%sno route for %s from %d,%d to %d,%d (or it cannot be at the start): %s", where,
                tool_mover_name(r->mover), r->from[0], r->from[1], r->to[0], r->to[1],
                tool_lib_detail(st));
        else if (st != WR_OK)
            rc = tool_fail(cmd, code_of_status(st), "%s[route] is refused by the planner: %s",
                           where, tool_lib_detail(st));
    }
    tool_out picture;
    memset(&picture, 0, sizeof picture);
    if (rc == TOOL_OK && svg && (rc = tool_out_open(cmd, svg, &picture)) == TOOL_OK)
        rc = draw_route(cmd, picture.f, planner, map, &params, r, from, to, &route);
    if (rc == TOOL_OK && !svg_stdout) {
        if (json)
            print_json(out, r, map, &params, &route, reach, n_reach);
        else
            print_text(out, r, map, &params, &route, reach, n_reach);
        if (ascii) {
            fprintf(out, "\n");
            tool_ascii_map(out, map, r->days ? NULL : route.steps, r->days ? 0 : route.step_count);
        }
    }
    rc = tool_out_finish(cmd, &picture, rc);
    wr_planner_free(planner);
    wr_map_free(map);
    free(sc);
    tool_args_free(&args);
    return rc;
}

/* The map as data: its size, terrain rows, the hexsides with something on
   them, features, regions and water courses. */
static void map_json(FILE *out, const wr_map *map, const char *path)
{
    static const char *const crossings[4] = {"open", "bridge", "ferry", "ford"};
    int w = 0, h = 0;
    (void)wr_map_size(map, &w, &h);
    fprintf(out, "{\"map\": ");
    tool_json_str(out, path);
    fprintf(out, ", \"width\": %d, \"height\": %d, \"terrain\": [", w, h);
    for (int row = 0; row < h; row++) {
        fprintf(out, "%s\"", row ? ", " : "");
        for (int col = 0; col < w; col++) {
            wr_hex hx;
            wr_hex_terrain ter = WR_HEX_CLEAR;
            (void)wr_hex_from_offset(col, row, &hx);
            (void)wr_map_terrain(map, hx, &ter);
            fputc(tool_terrain_letter(ter), out);
        }
        fprintf(out, "\"");
    }
    fprintf(out, "], \"sides\": [");
    int first = 1;
    for (int row = 0; row < h; row++)
        for (int col = 0; col < w; col++) {
            wr_hex hx;
            (void)wr_hex_from_offset(col, row, &hx);
            for (int d = 0; d < 6; d++) {
                wr_hexside side;
                wr_hex nb;
                int inside = 0;
                /* each side once: from the hex whose direction is 0..2, or at the edge */
                if (wr_map_hexside(map, hx, d, &side) != WR_OK ||
                    (side.river == WR_NO_RIVER && !side.road && !side.track))
                    continue;
                (void)wr_hex_neighbor(hx, d, &nb);
                (void)wr_map_has_hex(map, nb, &inside);
                if (d >= 3 && inside)
                    continue;
                fprintf(out,
                        "%s{\"col\": %d, \"row\": %d, \"direction\": \"%s\", \"river\": \"%s\", "
                        "\"crossing\": \"%s\", \"road\": %s, \"track\": %s}",
                        first ? "" : ", ", col, row, tool_direction_name(d),
                        side.river == WR_RIVER_MAJOR   ? "major"
                        : side.river == WR_RIVER_MINOR ? "minor"
                                                       : "none",
                        side.crossing >= 0 && side.crossing < 4 ? crossings[side.crossing] : "open",
                        side.road ? "true" : "false", side.track ? "true" : "false");
                first = 0;
            }
        }
    fprintf(out, "], \"hexes\": [");
    first = 1;
    for (int row = 0; row < h; row++)
        for (int col = 0; col < w; col++) {
            wr_hex hx;
            unsigned features = 0, flags = 0;
            uint32_t regions = 0;
            int down = WR_NO_WATERCOURSE;
            (void)wr_hex_from_offset(col, row, &hx);
            (void)wr_map_features(map, hx, &features);
            (void)wr_map_regions(map, hx, &regions);
            (void)wr_map_watercourse(map, hx, &down, &flags);
            if (!features && !regions && down < 0)
                continue;
            fprintf(out,
                    "%s{\"col\": %d, \"row\": %d, \"port\": %s, \"channel\": %s, "
                    "\"mud_flat\": %s, \"regions\": %lu, \"downstream\": ",
                    first ? "" : ", ", col, row, (features & WR_FEATURE_PORT) ? "true" : "false",
                    (features & WR_FEATURE_CHANNEL) ? "true" : "false",
                    (features & WR_FEATURE_MUD_FLAT) ? "true" : "false", (unsigned long)regions);
            if (down >= 0)
                fprintf(out, "\"%s\", \"unnavigable\": %s, \"cataract\": %s, \"tidal\": %s}",
                        tool_direction_name(down),
                        (flags & WR_WATER_UNNAVIGABLE) ? "true" : "false",
                        (flags & WR_WATER_CATARACT) ? "true" : "false",
                        (flags & WR_WATER_TIDAL) ? "true" : "false");
            else
                fprintf(out, "null}");
            first = 0;
        }
    fprintf(out, "]}\n");
}

static int map_usage(FILE *f)
{
    fprintf(f, "usage: warrules map FILE [--json | --ascii] [--svg OUT]\n\n"
               "Reads a map file (docs/map-format.md), reports the first problem with its\n"
               "line and column, and draws the map as text (the default and --ascii), as\n"
               "JSON (--json: size, terrain rows, hexsides, features) and as SVG with a\n"
               "legend (--svg OUT; '-' is standard output, which then holds only the SVG).\n");
    return TOOL_OK;
}

enum { M_JSON, M_ASCII, M_SVG };
static const tool_optdef map_options[] = {{"json", 'j', 0}, {"ascii", 'a', 0}, {"svg", 0, 1}};

int tool_mapcmd(int argc, char **argv, FILE *out)
{
    static const char cmd[] = "map";
    tool_args args;
    int go;
    int rc =
        tool_command_start(cmd, TOOL_OPTIONS(map_options), argc, argv, out, map_usage, &args, &go);
    if (!go)
        return rc;
    const char *path = NULL, *svg = tool_args_value(&args, M_SVG);
    int json = tool_args_has(&args, M_JSON), ascii = tool_args_has(&args, M_ASCII);
    int svg_stdout = svg && strcmp(svg, "-") == 0;
    rc = tool_args_one_operand(cmd, &args, "map file", &path);
    if (rc == TOOL_OK)
        rc = tool_args_exclusive(cmd, &args, M_JSON, M_ASCII,
                                 "JSON is for programs, the text map for people (run twice)");
    if (rc == TOOL_OK && svg_stdout && (json || ascii))
        rc = tool_fail(cmd, TOOL_USAGE,
                       "--%s and --svg - cannot be combined: both write "
                       "standard output (give --svg FILE)",
                       json ? "json" : "ascii");
    if (rc == TOOL_OK && path == NULL)
        rc = tool_fail(cmd, TOOL_USAGE, "no map file given (try 'warrules map --help')");
    tool_args_free(&args);
    if (rc != TOOL_OK)
        return rc;
    wr_map *map = NULL;
    tool_out picture;
    memset(&picture, 0, sizeof picture);
    rc = load_map(cmd, path, &map);
    if (rc == TOOL_OK && svg && (rc = tool_out_open(cmd, svg, &picture)) == TOOL_OK) {
        tool_picture pic;
        memset(&pic, 0, sizeof pic);
        pic.title = path;
        tool_svg_map(picture.f, map, &pic);
    }
    if (rc == TOOL_OK && !svg_stdout) {
        if (json) {
            map_json(out, map, path);
        } else {
            int w = 0, h = 0;
            (void)wr_map_size(map, &w, &h);
            fprintf(out, "%s: %d x %d hexes\n", path, w, h);
            tool_ascii_map(out, map, NULL, 0);
        }
    }
    rc = tool_out_finish(cmd, &picture, rc);
    wr_map_free(map);
    return rc;
}
