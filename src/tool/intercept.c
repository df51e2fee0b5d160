/* warrules intercept: where and when a force meets an enemy marching on a
   map file (wr_planner_intercept()), both marches explained step by step,
   and the picture of both marches, the contact hex and the danger field
   of the enemy (and other threats) by day (wr_planner_danger()). */
#include <stdlib.h>
#include <string.h>

#include "mapfile.h"
#include "route.h"
#include "svg.h"
#include "tool.h"

enum {
    I_FROM,
    I_MOVER,
    I_UNFORMED,
    I_ENEMY_FROM,
    I_ENEMY_TO,
    I_ENEMY_MOVER,
    I_ENEMY_UNFORMED,
    I_OBJECTIVE,
    I_GUARD,
    I_MEETING,
    I_OWN_FIRST,
    I_THREAT,
    I_DAYS,
    I_JSON,
    I_SVG
};
static const tool_optdef options[] = {
    {"from", 'f', 1},         {"mover", 0, 1},     {"unformed", 0, 0},
    {"enemy-from", 0, 1},     {"enemy-to", 0, 1},  {"enemy-mover", 0, 1},
    {"enemy-unformed", 0, 0}, {"objective", 0, 1}, {"guard", 0, 1},
    {"meeting", 0, 1},        {"own-first", 0, 0}, {"threat", 0, 1},
    {"days", 'd', 1},         {"json", 'j', 0},    {"svg", 0, 1}};

static const char *const objective_names[WR_INTERCEPT_OBJECTIVE_COUNT] = {
    "earliest", "formed", "before", "formed-before"};
static const char *const meeting_names[WR_MEETING_COUNT] = {"same-hex", "adjacent",
                                                            "adjacent-no-river"};

/* The most threats besides the enemy on one command line. */
#define MAX_THREATS 64

static int usage(FILE *f)
{
    fprintf(
        f,
        "usage: warrules intercept MAP --from C,R --enemy-from C,R --enemy-to C,R\n"
        "                          [--mover M] [--unformed] [--enemy-mover M] [--enemy-unformed]\n"
        "                          [--objective O] [--guard C,R] [--meeting K] [--own-first]\n"
        "                          [--threat C,R[:MOVER]]... [--days N] [--json] [--svg FILE]\n\n"
        "Where and when a force meets an enemy marching from --enemy-from to --enemy-to\n"
        "on a hex map (docs/map-format.md): the day, whose move it is, both hexes, the\n"
        "force's state after contact (\"Saving Move Points\": excess points lost; \"Units,\n"
        "Formed and Unformed\": non-rallied when unformed), and both marches step by\n"
        "step. No contact is a result (exit status 0). Hexes are COLUMN,ROW.\n\n"
        "  -f, --from C,R      the force's hex; --mover M its mover (infantry, cavalry, ...)\n"
        "  --unformed         the force may move unformed (rally days, stragglers)\n"
        "  --enemy-from C,R, --enemy-to C,R, --enemy-mover M, --enemy-unformed: the enemy\n"
        "  --objective O      earliest (default), formed (meet it formed), before (no later\n"
        "                     than the enemy enters --guard), formed-before\n"
        "  --guard C,R        the hex the enemy must not reach first\n"
        "  --meeting K        same-hex (default), adjacent, adjacent-no-river\n"
        "  --own-first        the force moves first each day (the enemy moves first by default)\n"
        "  --threat C,R[:M]   another enemy force for the danger field (repeatable)\n"
        "  -d, --days N       draw the danger field up to day N (default: the day of\n"
        "                     contact, else the enemy's arrival)\n"
        "  -j, --json         JSON output\n"
        "  --svg FILE         draw the map, both marches, the contact hex and the danger\n"
        "                     field by day, with a legend ('-': standard output)\n");
    return TOOL_OK;
}

/* "C,R" within the map; TOOL_OK or a message naming the option. */
static int parse_hex(const char *cmd, const wr_map *map, const tool_args *a, int opt,
                     const char *text, size_t len, wr_hex *out)
{
    char buf[32];
    int col = 0, row = 0, w = 0, h = 0;
    const char *comma = memchr(text, ',', len);
    int ok = comma != NULL && len < sizeof buf;
    if (ok) {
        size_t n = (size_t)(comma - text);
        memcpy(buf, text, n);
        buf[n] = '\0';
        ok = tool_parse_int(buf, 0, WR_MAP_MAX_EXTENT, &col);
        memcpy(buf, comma + 1, len - n - 1);
        buf[len - n - 1] = '\0';
        ok = ok && tool_parse_int(buf, 0, WR_MAP_MAX_EXTENT, &row);
    }
    if (!ok)
        return tool_fail(cmd, TOOL_USAGE, "argument %d: --%s %.*s: expected a hex as COLUMN,ROW",
                         tool_args_position(a, opt), options[opt].name, (int)len, text);
    (void)wr_map_size(map, &w, &h);
    if (col >= w || row >= h)
        return tool_fail(cmd, TOOL_USAGE, "argument %d: --%s: the hex %d,%d is off the %d x %d map",
                         tool_args_position(a, opt), options[opt].name, col, row, w, h);
    (void)wr_hex_from_offset(col, row, out);
    return TOOL_OK;
}

/* One of names[0..n-1]; TOOL_OK or a message listing them. */
static int parse_name(const char *cmd, const tool_args *a, int opt, const char *text,
                      const char *const *names, int n, int *out)
{
    for (int i = 0; i < n; i++)
        if (strcmp(text, names[i]) == 0) {
            *out = i;
            return TOOL_OK;
        }
    char list[200] = "";
    for (int i = 0; i < n; i++) {
        size_t o = strlen(list);
        snprintf(list + o, sizeof list - o, "%s%s", i ? (i + 1 == n ? " or " : ", ") : "",
                 names[i]);
    }
    return tool_fail(cmd, TOOL_USAGE, "argument %d: --%s: expected %s, got '%s'",
                     tool_args_position(a, opt), options[opt].name, list, text);
}

static int parse_mover(const char *cmd, const tool_args *a, int opt, const char *text, int *out)
{
    const char *names[WR_MOVER_COUNT];
    for (int i = 0; i < WR_MOVER_COUNT; i++)
        names[i] = tool_mover_name(i);
    return parse_name(cmd, a, opt, text, names, WR_MOVER_COUNT, out);
}

static void hex_cr(wr_hex h, int *col, int *row)
{
    *col = 0;
    *row = 0;
    (void)wr_hex_to_offset(h, col, row);
}

/* A force and its hexes, as the command line gave them. */
typedef struct force_spec {
    int mover;
    wr_plan_params params;
    wr_hex from, to;
} force_spec;

/* What the command computed, for the text, the JSON and the picture. */
typedef struct answer {
    const char *map_path;
    force_spec own, enemy;
    wr_intercept_params how;
    wr_intercept_result result;
    wr_danger *danger;
    size_t cells, n_threats;
    int days;         /* the danger field drawn up to this day */
    size_t in_danger; /* hexes reached within days */
} answer;

static void print_state(FILE *out, const wr_force_state *s, int P)
{
    fprintf(out, "day %d, %d of %d points left, %s", s->day, P + s->points_saved - s->points_spent,
            P, s->unformed ? "unformed" : "formed");
    if (s->unformed_days)
        fprintf(out, ", %d day(s) of unformed movement", s->unformed_days);
}

static void print_text(FILE *out, const wr_map *map, const answer *an)
{
    const wr_intercept_result *r = &an->result;
    int fc, fr, ec, er, tc, tr;
    hex_cr(an->own.from, &fc, &fr);
    hex_cr(an->enemy.from, &ec, &er);
    hex_cr(an->enemy.to, &tc, &tr);
    fprintf(out, "%s from %d,%d against %s marching from %d,%d to %d,%d on %s\n",
            tool_mover_name(an->own.mover), fc, fr, tool_mover_name(an->enemy.mover), ec, er, tc,
            tr, an->map_path);
    fprintf(out, "objective %s, meeting %s, %s moves first each day\n",
            objective_names[an->how.objective], meeting_names[an->how.meeting],
            an->how.order == WR_DAY_OWN_FIRST ? "the force" : "the enemy");
    if (r->outcome != WR_INTERCEPT_FOUND) {
        fprintf(out, "no contact meets the objective: impossible\n");
    } else {
        int hc, hr, xc, xr;
        hex_cr(r->hex, &hc, &hr);
        hex_cr(r->enemy_hex, &xc, &xr);
        fprintf(out,
                "contact on day %d in the %s move: the force %s %d,%d, the enemy %s %d,%d "
                "(row %d of its march)\n",
                r->day, r->during_own_move ? "force's" : "enemy's",
                r->during_own_move ? "enters" : "stands in", hc, hr,
                r->during_own_move ? "stands in" : "enters", xc, xr, (int)r->enemy_index + 1);
        fprintf(out, "the force meets it %s [Units, Formed and Unformed]; after contact: ",
                r->non_rallied ? "unformed: non-rallied, as if in retreat" : "formed");
        print_state(out, &r->contact, an->own.params.costs.daily_points);
        fprintf(out, ", its excess points lost [Saving Move Points]\n\nthe force's march:\n");
        tool_route_print(out, map, &an->own.params, &r->plan.route);
        if (r->plan.route.arrival_day < r->day)
            fprintf(out, "  then waits in %d,%d until day %d\n", hc, hr, r->day);
    }
    if (r->enemy_plan.outcome == WR_PLAN_FOUND) {
        fprintf(out, "\nthe enemy's march:\n");
        tool_route_print(out, map, &an->enemy.params, &r->enemy_plan.route);
    } else {
        fprintf(out, "\nthe enemy cannot reach %d,%d: it stays in %d,%d\n", tc, tr, ec, er);
    }
    fprintf(out, "\nthe danger field: %zu hexes within %d day(s) of the enemy", an->in_danger,
            an->days);
    if (an->n_threats)
        fprintf(out, " and %zu other threat(s)", an->n_threats);
    fprintf(out, "\n");
}

static void print_json(FILE *out, const wr_map *map, const answer *an)
{
    const wr_intercept_result *r = &an->result;
    int c, w;
    fprintf(out, "{\"map\": ");
    tool_json_str(out, an->map_path);
    hex_cr(an->own.from, &c, &w);
    fprintf(out, ", \"mover\": \"%s\", \"from\": [%d, %d], ", tool_mover_name(an->own.mover), c, w);
    hex_cr(an->enemy.from, &c, &w);
    fprintf(out, "\"enemy_mover\": \"%s\", \"enemy_from\": [%d, %d], ",
            tool_mover_name(an->enemy.mover), c, w);
    hex_cr(an->enemy.to, &c, &w);
    fprintf(out,
            "\"enemy_to\": [%d, %d], \"objective\": \"%s\", \"meeting\": \"%s\", "
            "\"own_first\": %s, \"found\": %s",
            c, w, objective_names[an->how.objective], meeting_names[an->how.meeting],
            an->how.order == WR_DAY_OWN_FIRST ? "true" : "false",
            r->outcome == WR_INTERCEPT_FOUND ? "true" : "false");
    if (r->outcome == WR_INTERCEPT_FOUND) {
        const wr_force_state *s = &r->contact;
        hex_cr(r->hex, &c, &w);
        fprintf(out, ", \"day\": %d, \"during_own_move\": %s, \"hex\": [%d, %d]", r->day,
                r->during_own_move ? "true" : "false", c, w);
        hex_cr(r->enemy_hex, &c, &w);
        fprintf(out,
                ", \"enemy_hex\": [%d, %d], \"enemy_index\": %d, \"non_rallied\": %s, "
                "\"contact\": {\"day\": %d, \"points_spent\": %d, \"points_saved\": %d, "
                "\"unformed\": %d, \"unformed_days\": %d}, \"steps\": ",
                c, w, (int)r->enemy_index, r->non_rallied ? "true" : "false", s->day,
                s->points_spent, s->points_saved, s->unformed, s->unformed_days);
        tool_route_json_steps(out, map, &an->own.params, &r->plan.route);
    }
    fprintf(out, ", \"enemy_steps\": ");
    if (r->enemy_plan.outcome == WR_PLAN_FOUND)
        tool_route_json_steps(out, map, &an->enemy.params, &r->enemy_plan.route);
    else
        fprintf(out, "null");
    fprintf(out, ", \"danger\": {\"days\": %d, \"hexes\": %zu, \"threats\": %zu}}\n", an->days,
            an->in_danger, an->n_threats);
}

static int draw(const char *cmd, FILE *f, const wr_map *map, const answer *an)
{
    const wr_intercept_result *r = &an->result;
    wr_arrival *field = malloc(an->cells * sizeof *field);
    if (field == NULL)
        return tool_fail(cmd, TOOL_FAILED, "out of memory");
    for (size_t i = 0; i < an->cells; i++) {
        field[i].day = an->danger[i].day;
        field[i].points_left = an->danger[i].points_left;
    }
    char title[300];
    int fc, fr, tc, tr;
    hex_cr(an->own.from, &fc, &fr);
    hex_cr(an->enemy.to, &tc, &tr);
    if (r->outcome == WR_INTERCEPT_FOUND) {
        int hc, hr;
        hex_cr(r->hex, &hc, &hr);
        snprintf(title, sizeof title, "%s from %d,%d meets %s marching to %d,%d: day %d in %d,%d%s",
                 tool_mover_name(an->own.mover), fc, fr, tool_mover_name(an->enemy.mover), tc, tr,
                 r->day, hc, hr, r->non_rallied ? ", non-rallied" : "");
    } else {
        snprintf(title, sizeof title, "%s from %d,%d cannot meet %s marching to %d,%d (%s)",
                 tool_mover_name(an->own.mover), fc, fr, tool_mover_name(an->enemy.mover), tc, tr,
                 objective_names[an->how.objective]);
    }
    tool_picture pic;
    memset(&pic, 0, sizeof pic);
    pic.title = title;
    pic.subtitle = "coloured hexes: the danger field, the earliest day an enemy reaches each; "
                   "the force's route by day, the enemy's dashed";
    pic.field = field;
    pic.days = an->days;
    pic.field_what = "danger: day an enemy arrives";
    pic.have_start = 1;
    pic.start = an->own.from;
    if (r->outcome == WR_INTERCEPT_FOUND) {
        pic.steps = r->plan.route.steps;
        pic.n_steps = r->plan.route.step_count;
        pic.have_contact = 1;
        pic.contact = r->hex;
    }
    if (r->enemy_plan.outcome == WR_PLAN_FOUND) {
        pic.enemy_steps = r->enemy_plan.route.steps;
        pic.n_enemy_steps = r->enemy_plan.route.step_count;
    }
    tool_svg_map(f, map, &pic);
    free(field);
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

/* The options that describe the forces and the question. */
static int read_options(const char *cmd, const tool_args *a, const wr_map *map, answer *an,
                        wr_force_desc *threats, wr_plan_params *threat_params)
{
    static const struct {
        int opt;
        const char *what;
    } needed[] = {{I_FROM, "no start: give --from COLUMN,ROW"},
                  {I_ENEMY_FROM, "no enemy: give --enemy-from COLUMN,ROW"},
                  {I_ENEMY_TO, "no enemy target: give --enemy-to COLUMN,ROW"}};
    for (size_t i = 0; i < sizeof needed / sizeof needed[0]; i++)
        if (!tool_args_has(a, needed[i].opt))
            return tool_fail(cmd, TOOL_USAGE, "%s", needed[i].what);
    int rc = TOOL_OK;
    an->own.mover = an->enemy.mover = WR_MOVER_INFANTRY;
    if (tool_args_has(a, I_MOVER))
        rc = parse_mover(cmd, a, I_MOVER, tool_args_value(a, I_MOVER), &an->own.mover);
    if (rc == TOOL_OK && tool_args_has(a, I_ENEMY_MOVER))
        rc =
            parse_mover(cmd, a, I_ENEMY_MOVER, tool_args_value(a, I_ENEMY_MOVER), &an->enemy.mover);
    if (rc == TOOL_OK && tool_args_has(a, I_OBJECTIVE))
        rc = parse_name(cmd, a, I_OBJECTIVE, tool_args_value(a, I_OBJECTIVE), objective_names,
                        WR_INTERCEPT_OBJECTIVE_COUNT, &an->how.objective);
    if (rc == TOOL_OK && tool_args_has(a, I_MEETING))
        rc = parse_name(cmd, a, I_MEETING, tool_args_value(a, I_MEETING), meeting_names,
                        WR_MEETING_COUNT, &an->how.meeting);
    an->how.order = tool_args_has(a, I_OWN_FIRST) ? WR_DAY_OWN_FIRST : WR_DAY_ENEMY_FIRST;
    const struct {
        int opt;
        wr_hex *hex;
    } hexes[] = {{I_FROM, &an->own.from},
                 {I_ENEMY_FROM, &an->enemy.from},
                 {I_ENEMY_TO, &an->enemy.to},
                 {I_GUARD, &an->how.guard}};
    for (size_t i = 0; rc == TOOL_OK && i < sizeof hexes / sizeof hexes[0]; i++) {
        const char *v = tool_args_value(a, hexes[i].opt);
        if (v != NULL)
            rc = parse_hex(cmd, map, a, hexes[i].opt, v, strlen(v), hexes[i].hex);
    }
    if (rc == TOOL_OK && (an->how.objective & WR_INTERCEPT_BEFORE) && !tool_args_has(a, I_GUARD))
        rc = tool_fail(cmd, TOOL_USAGE, "--objective %s needs --guard COLUMN,ROW",
                       objective_names[an->how.objective]);
    if (rc != TOOL_OK)
        return rc;
    (void)wr_plan_params_default((wr_mover)an->own.mover, &an->own.params);
    (void)wr_plan_params_default((wr_mover)an->enemy.mover, &an->enemy.params);
    if (tool_args_has(a, I_UNFORMED))
        an->own.params.options |= WR_PLAN_UNFORMED;
    if (tool_args_has(a, I_ENEMY_UNFORMED))
        an->enemy.params.options |= WR_PLAN_UNFORMED;
    an->days = 0;
    if (tool_args_has(a, I_DAYS) &&
        !tool_parse_int(tool_args_value(a, I_DAYS), 1, WR_PLAN_MAX_DAYS, &an->days))
        return tool_fail(cmd, TOOL_USAGE, "argument %d: --days %s: expected 1..%d",
                         tool_args_position(a, I_DAYS), tool_args_value(a, I_DAYS),
                         WR_PLAN_MAX_DAYS);
    for (size_t i = 0; i < a->n_uses; i++) {
        const tool_optuse *u = &a->uses[i];
        if (u->opt != I_THREAT)
            continue;
        if (an->n_threats == MAX_THREATS)
            return tool_fail(cmd, TOOL_USAGE, "argument %d: at most %d threats", u->position,
                             MAX_THREATS);
        const char *colon = strchr(u->value, ':');
        size_t len = colon ? (size_t)(colon - u->value) : strlen(u->value);
        wr_force_desc *d = &threats[an->n_threats];
        int mover = WR_MOVER_INFANTRY;
        memset(d, 0, sizeof *d);
        rc = parse_hex(cmd, map, a, I_THREAT, u->value, len, &d->from);
        if (rc == TOOL_OK && colon)
            rc = parse_mover(cmd, a, I_THREAT, colon + 1, &mover);
        if (rc != TOOL_OK)
            return rc;
        (void)wr_plan_params_default((wr_mover)mover, &threat_params[an->n_threats]);
        d->params = &threat_params[an->n_threats];
        an->n_threats++;
    }
    return TOOL_OK;
}

int tool_intercept(int argc, char **argv, FILE *out)
{
    static const char cmd[] = "intercept";
    tool_args args;
    int go;
    int rc = tool_command_start(cmd, TOOL_OPTIONS(options), argc, argv, out, usage, &args, &go);
    if (!go)
        return rc;
    const char *path = NULL, *svg = tool_args_value(&args, I_SVG);
    int json = tool_args_has(&args, I_JSON), svg_stdout = svg && strcmp(svg, "-") == 0;
    rc = tool_args_one_operand(cmd, &args, "map file", &path);
    if (rc == TOOL_OK && path == NULL)
        rc = tool_fail(cmd, TOOL_USAGE, "no map file given (try 'warrules intercept --help')");
    if (rc == TOOL_OK && svg_stdout && json)
        rc = tool_fail(cmd, TOOL_USAGE,
                       "--json and --svg - cannot be combined: both write "
                       "standard output (give --svg FILE)");
    wr_map *map = NULL;
    wr_planner *planner = NULL;
    answer *an = calloc(1, sizeof *an);
    wr_force_desc *forces = calloc(MAX_THREATS + 1, sizeof *forces);
    wr_plan_params *threat_params = calloc(MAX_THREATS, sizeof *threat_params);
    if (rc == TOOL_OK && (an == NULL || forces == NULL || threat_params == NULL))
        rc = tool_fail(cmd, TOOL_FAILED, "out of memory");
    if (rc == TOOL_OK)
        rc = load_map(cmd, path, &map);
    if (rc == TOOL_OK)
        rc = read_options(cmd, &args, map, an, forces + 1, threat_params);
    if (rc == TOOL_OK && wr_planner_new(&planner) != WR_OK)
        rc = tool_fail(cmd, TOOL_FAILED, "out of memory");
    if (rc == TOOL_OK) {
        an->map_path = path;
        int w = 0, h = 0;
        (void)wr_map_size(map, &w, &h);
        an->cells = (size_t)w * (size_t)h;
        an->danger = malloc(an->cells * sizeof *an->danger);
        if (an->danger == NULL)
            rc = tool_fail(cmd, TOOL_FAILED, "out of memory");
    }
    if (rc == TOOL_OK) {
        wr_force_desc enemy;
        memset(&enemy, 0, sizeof enemy);
        enemy.params = &an->enemy.params;
        enemy.from = an->enemy.from;
        enemy.to = an->enemy.to;
        wr_last_error_clear();
        forces[0] = enemy;
        wr_status st = wr_planner_intercept(planner, map, &an->own.params, NULL, an->own.from,
                                            &enemy, &an->how, &an->result);
        if (st != WR_OK)
            rc = tool_fail(cmd, st == WR_ERR_NOMEM ? TOOL_FAILED : TOOL_USAGE,
                           "the planner refused: %s", tool_lib_detail(st));
    }
    /* the result's arrays belong to its planner: the danger field has its own */
    wr_planner *danger_planner = NULL;
    if (rc == TOOL_OK && wr_planner_new(&danger_planner) != WR_OK)
        rc = tool_fail(cmd, TOOL_FAILED, "out of memory");
    if (rc == TOOL_OK) {
        wr_status st = wr_planner_danger(danger_planner, map, forces, an->n_threats + 1, an->danger,
                                         an->cells);
        if (st != WR_OK)
            rc = tool_fail(cmd, st == WR_ERR_NOMEM ? TOOL_FAILED : TOOL_USAGE,
                           "the danger field is refused: %s", tool_lib_detail(st));
    }
    if (rc == TOOL_OK) {
        const wr_intercept_result *r = &an->result;
        if (an->days == 0)
            an->days = r->outcome == WR_INTERCEPT_FOUND         ? r->day
                       : r->enemy_plan.outcome == WR_PLAN_FOUND ? r->enemy_plan.route.arrival_day
                                                                : 1;
        for (size_t i = 0; i < an->cells; i++)
            an->in_danger += an->danger[i].day >= 0 && an->danger[i].day <= an->days;
    }
    tool_out picture;
    memset(&picture, 0, sizeof picture);
    if (rc == TOOL_OK && svg && (rc = tool_out_open(cmd, svg, &picture)) == TOOL_OK)
        rc = draw(cmd, picture.f, map, an);
    if (rc == TOOL_OK && !svg_stdout) {
        if (json)
            print_json(out, map, an);
        else
            print_text(out, map, an);
    }
    rc = tool_out_finish(cmd, &picture, rc);
    if (an != NULL)
        free(an->danger);
    free(an);
    free(forces);
    free(threat_params);
    wr_planner_free(danger_planner);
    wr_planner_free(planner);
    wr_map_free(map);
    tool_args_free(&args);
    return rc;
}
