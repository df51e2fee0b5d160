/* warrules rate: Battlesystem figures and their cavalry and chariot ratings
   ([11.2], [11.3]) from a scenario or --set options, with the exact
   movement (move points) and the damage of a charge with weapons that
   double in it ([11.4]: the riders' dice doubled, the mounts' once). */
#include <stdlib.h>
#include <string.h>

#include "tool.h"

/* The demo's sample figures, used when nothing is given. */
static const char sample_scenario[] =
    "[figure rider]\nar = 12\nhd = 1\nac = 4\nmv = 12\ndamage = 1d8\n"
    "[figure warhorse]\nar = 14\nhd = 3\nac = 7\nmv = 18\ndamage = 1d6\n"
    "[figure archer]\nar = 13\nhd = 1\nac = 6\nmv = 12\ndamage = 1d6\n"
    "[cavalry knight]\nrider = rider\nmount = warhorse\n"
    "[chariot chariot]\npassengers = rider, archer\npullers = warhorse, warhorse\n";

static int32_t as_int32(uint32_t bits)
{
    int32_t v;
    memcpy(&v, &bits, sizeof v);
    return v;
}

static uint32_t as_bits(int v)
{
    int32_t s = (int32_t)v;
    uint32_t bits;
    memcpy(&bits, &s, sizeof bits);
    return bits;
}

static wr_status build_figure(const tool_figure_spec *spec, wr_figure **out)
{
    wr_figure *f = NULL;
    wr_status st = wr_figure_new(&f);
    for (int s = 0; s < 4 && st == WR_OK; s++)
        st = wr_figure_set(f, (wr_stat)s, spec->stat[s]);
    if (st == WR_OK)
        st = wr_figure_set(f, WR_STAT_SA, as_int32(spec->sa));
    if (st == WR_OK)
        st = wr_figure_set(f, WR_STAT_SD, as_int32(spec->sd));
    for (int i = 0; i < spec->n_damage && st == WR_OK; i++)
        st = wr_figure_add_damage(f, spec->damage[i][0], spec->damage[i][1], spec->damage[i][2]);
    if (st != WR_OK) {
        wr_figure_free(f);
        return st;
    }
    *out = f;
    return WR_OK;
}

/* "2d8+1d6+3" */
static void damage_text(const wr_figure *f, char *buf, size_t cap)
{
    size_t groups = 0, o = 0;
    int dice = 0, bonus = 0;
    buf[0] = '\0';
    (void)wr_figure_damage_groups(f, &groups);
    (void)wr_figure_damage_totals(f, &dice, &bonus);
    for (size_t g = 0; g < groups && o + 24 < cap; g++) {
        int n = 0, sides = 0;
        (void)wr_figure_damage_group(f, g, &n, &sides);
        o += (size_t)snprintf(buf + o, cap - o, "%s%dd%d", g ? "+" : "", n, sides);
    }
    if (bonus != 0 && o + 16 < cap)
        o += (size_t)snprintf(buf + o, cap - o, "%+d", bonus);
    if (o == 0)
        snprintf(buf, cap, "none");
}

/* The rider's (or passengers') dice and the mount's (or pullers') dice,
   "1d8 + 2d6" (steed = 0 or 1). */
static void part_text(const wr_figure *f, int steed, char *buf, size_t cap)
{
    size_t groups = 0, o = 0;
    buf[0] = '\0';
    (void)wr_figure_damage_groups(f, &groups);
    for (size_t g = 0; g < groups && o + 24 < cap; g++) {
        int n = 0, sides = 0, rider = 0, mount = 0;
        (void)wr_figure_damage_group(f, g, &n, &sides);
        (void)wr_figure_damage_group_parts(f, g, &rider, &mount);
        int dice = steed ? mount : rider;
        if (dice > 0)
            o += (size_t)snprintf(buf + o, cap - o, "%s%dd%d", o ? "+" : "", dice, sides);
    }
    if (o == 0)
        snprintf(buf, cap, "none");
}

/* [11.4] The least and most damage of a charge with weapons that double in
   it (wr_figure_charge_damage_rolls() with every die at 1, and at its
   sides): the riders' dice doubled, the mounts' once, the bonus once. */
static void charge_range(const wr_figure *f, int *lo, int *hi)
{
    int dice = 0, bonus = 0;
    size_t groups = 0;
    long long least = 0, most = 0;
    (void)wr_figure_damage_totals(f, &dice, &bonus);
    (void)wr_figure_damage_groups(f, &groups);
    for (size_t g = 0; g < groups; g++) {
        int n = 0, sides = 0, rider = 0, mount = 0;
        (void)wr_figure_damage_group(f, g, &n, &sides);
        (void)wr_figure_damage_group_parts(f, g, &rider, &mount);
        least += 2LL * rider + mount;
        most += (2LL * rider + mount) * sides;
    }
    least += bonus;
    most += bonus;
    *lo = least > 0 ? (int)least : 0;
    *hi = most > 0 ? (int)most : 0;
}

static void print_figure(FILE *out, int json, const char *kind, const char *name,
                         const wr_figure *f, const char *section)
{
    int v[6] = {0}, lo = 0, hi = 0, points = 0, charge_lo = 0, charge_hi = 0;
    char dmg[256], rider[256], mount[256];
    for (int i = 0; i < 6; i++)
        (void)wr_figure_get(f, (wr_stat)i, &v[i]);
    (void)wr_figure_damage_range(f, &lo, &hi);
    (void)wr_figure_move_points(f, &points);
    damage_text(f, dmg, sizeof dmg);
    part_text(f, 0, rider, sizeof rider);
    part_text(f, 1, mount, sizeof mount);
    charge_range(f, &charge_lo, &charge_hi);
    /* MV exact in inches: whole, and a fraction in 48ths reduced */
    char mv_exact[48];
    int rest = points % WR_MOVE_PER_INCH, den = WR_MOVE_PER_INCH;
    for (int d = 2; d <= 3; d++)
        while (rest % d == 0 && den % d == 0 && rest > 0) {
            rest /= d;
            den /= d;
        }
    if (points % WR_MOVE_PER_INCH)
        snprintf(mv_exact, sizeof mv_exact, "%d %d/%d\"", points / WR_MOVE_PER_INCH, rest, den);
    else
        snprintf(mv_exact, sizeof mv_exact, "%d\"", points / WR_MOVE_PER_INCH);
    if (json) {
        fprintf(out, "{\"kind\": ");
        tool_json_str(out, kind);
        fprintf(out, ", \"name\": ");
        tool_json_str(out, name);
        fprintf(out,
                ", \"ar\": %d, \"hd\": %d, \"ac\": %d, \"mv\": %d, \"sa\": %lu, \"sd\": %lu, "
                "\"damage\": ",
                v[0], v[1], v[2], v[3], (unsigned long)as_bits(v[4]), (unsigned long)as_bits(v[5]));
        tool_json_str(out, dmg);
        fprintf(out,
                ", \"damage_min\": %d, \"damage_max\": %d, \"move_points\": %d, "
                "\"mv_exact\": ",
                lo, hi, points);
        tool_json_str(out, mv_exact);
        fprintf(out, ", \"rider_dice\": ");
        tool_json_str(out, rider);
        fprintf(out, ", \"steed_dice\": ");
        tool_json_str(out, mount);
        fprintf(out, ", \"charge_min\": %d, \"charge_max\": %d, \"section\": ", charge_lo,
                charge_hi);
        tool_json_str(out, section);
        fprintf(out, "}");
        return;
    }
    fprintf(out,
            "%-8s %-16s AR %3d  HD %3d  AC %3d  MV %3d  damage %s (%d-%d)  SA 0x%08lx  SD "
            "0x%08lx%s%s\n",
            kind, name, v[0], v[1], v[2], v[3], dmg, lo, hi, (unsigned long)as_bits(v[4]),
            (unsigned long)as_bits(v[5]), section[0] ? "  " : "", section);
    if (section[0] == '\0')
        return;
    if (points % WR_MOVE_PER_INCH)
        fprintf(out, "         movement %s exactly (%d move points; MV %d rounds it down) [11.3]\n",
                mv_exact, points, v[3]);
    fprintf(out,
            "         charge with weapons that double: %s x2 (%s) + %s once (%s): %d-%d "
            "[11.4]\n",
            rider, strcmp(kind, "chariot") == 0 ? "passengers" : "rider", mount,
            strcmp(kind, "chariot") == 0 ? "pullers" : "mount", charge_lo, charge_hi);
}

static int usage(FILE *f)
{
    fprintf(f, "usage: warrules rate [SCENARIO] [--set SECTION.NAME.KEY=VALUE]... [--json]\n\n"
               "Rates Battlesystem cavalry figures [11.2] and chariots [11.3] from the [figure],\n"
               "[cavalry] and [chariot] sections of a scenario file (see docs/tool.md): each\n"
               "rating with its exact movement where MV rounds a fraction down [11.3] and the\n"
               "damage of a charge with weapons that double in it, the riders' dice doubled and\n"
               "the mounts' counted once [11.4]. With neither a file nor --set it rates the\n"
               "demo's sample figures. (Movement Phases: warrules move.)\n\n"
               "  SCENARIO, --scenario FILE  the scenario file ('-' for standard input)\n"
               "  --set S.N.K=V              set one key, e.g. --set figure.rider.ar=11\n"
               "  --json                     JSON output\n");
    return TOOL_OK;
}

enum { RATE_SCENARIO, RATE_SET, RATE_JSON };
static const tool_optdef rate_options[] = {{"scenario", 0, 1}, {"set", 0, 1}, {"json", 'j', 0}};

int tool_rate(int argc, char **argv, FILE *out)
{
    static const char cmd[] = "rate";
    tool_args args;
    int go;
    int rc =
        tool_command_start(cmd, TOOL_OPTIONS(rate_options), argc, argv, out, usage, &args, &go);
    if (!go)
        return rc;
    tool_scenario *sc = NULL;
    if ((rc = tool_scenario_alloc(cmd, &sc)) != TOOL_OK) {
        tool_args_free(&args);
        return rc;
    }
    int json = tool_args_has(&args, RATE_JSON);
    const char *path = NULL;
    rc = tool_scenario_operand(cmd, &args, RATE_SCENARIO, &path);
    char err[400];
    if (rc == TOOL_OK && path)
        rc = tool_load_scenario(cmd, path, sc);
    else if (rc == TOOL_OK && !tool_args_has(&args, RATE_SET) &&
             tool_scenario_read(sample_scenario, sizeof sample_scenario - 1, sc, err, sizeof err))
        rc = tool_fail(cmd, TOOL_FAILED, "the sample scenario: %s", err);
    else if (rc == TOOL_OK && !path)
        tool_scenario_forget_lines(sc);
    if (rc == TOOL_OK)
        rc = tool_apply_sets(cmd, &args, RATE_SET, sc);
    tool_args_free(&args);
    if (rc == TOOL_OK && sc->n_figures == 0)
        rc = tool_fail(cmd, TOOL_USAGE, "nothing to rate: no [figure] given");

    wr_figure *figs[TOOL_MAX_FIGURES] = {0};
    for (int i = 0; i < sc->n_figures && rc == TOOL_OK; i++) {
        wr_last_error_clear();
        wr_status st = build_figure(&sc->figures[i], &figs[i]);
        char where[TOOL_PATH_MAX + 32];
        if (st != WR_OK)
            rc = tool_fail(cmd, st == WR_ERR_NOMEM ? TOOL_FAILED : TOOL_USAGE,
                           "%s[figure %s] is refused by the library: %s",
                           tool_where(path, sc->figures[i].line, where, sizeof where),
                           sc->figures[i].name, tool_lib_detail(st));
    }
    /* every rating first, so that a refused one prints nothing on stdout */
    wr_figure *rated[TOOL_MAX_RATINGS] = {0};
    for (int i = 0; i < sc->n_ratings && rc == TOOL_OK; i++) {
        const tool_rating_spec *r = &sc->ratings[i];
        const wr_figure *first[TOOL_MAX_MEMBERS], *second[TOOL_MAX_MEMBERS];
        const char *kind = r->chariot ? "chariot" : "cavalry";
        char where[TOOL_PATH_MAX + 32];
        tool_where(path, r->line, where, sizeof where);
        if (r->n_first == 0 || r->n_second == 0) {
            rc = tool_fail(cmd, TOOL_USAGE, "%s[%s %s] needs %s", where, kind, r->name,
                           r->chariot ? "passengers and pullers" : "a rider and a mount");
            break;
        }
        for (int k = 0; k < r->n_first; k++)
            first[k] = figs[r->first[k]];
        for (int k = 0; k < r->n_second; k++)
            second[k] = figs[r->second[k]];
        wr_last_error_clear();
        wr_status st = r->chariot ? wr_rate_chariot(first, (size_t)r->n_first, second,
                                                    (size_t)r->n_second, &rated[i])
                                  : wr_rate_cavalry(first[0], second[0], &rated[i]);
        if (st != WR_OK)
            rc = tool_fail(cmd, st == WR_ERR_NOMEM ? TOOL_FAILED : TOOL_USAGE,
                           "%s[%s %s] is refused by the library: %s", where, kind, r->name,
                           tool_lib_detail(st));
    }
    if (rc == TOOL_OK) {
        if (json)
            fprintf(out, "{\"figures\": [");
        for (int i = 0; i < sc->n_figures; i++) {
            if (json && i)
                fprintf(out, ", ");
            print_figure(out, json, "figure", sc->figures[i].name, figs[i], "");
        }
        if (json)
            fprintf(out, "], \"ratings\": [");
        for (int i = 0; i < sc->n_ratings; i++) {
            const tool_rating_spec *r = &sc->ratings[i];
            if (json && i)
                fprintf(out, ", ");
            print_figure(out, json, r->chariot ? "chariot" : "cavalry", r->name, rated[i],
                         r->chariot ? "[11.3]" : "[11.2]");
        }
        if (json)
            fprintf(out, "]}\n");
    }
    for (int i = 0; i < TOOL_MAX_RATINGS; i++)
        wr_figure_free(rated[i]);
    for (int i = 0; i < TOOL_MAX_FIGURES; i++)
        wr_figure_free(figs[i]);
    free(sc);
    return rc;
}
