/* warrules melee and warrules odds: Fantasy Warlord hand-to-hand combat on
   the caller's units, fought round by round with dice, or as exact odds. */
#include <stdlib.h>
#include <string.h>

#include "svg.h"
#include "tool.h"

/* The worked example of the text (sample profiles), used without a file. */
static const char worked_example[] =
    "[profile dwarfs]\nsample = dwarf-veterans\n"
    "[profile orcs]\nsample = orc-urucks\n"
    "[side a]\nprofile = dwarfs\nfigures = 10\nfiles = 5\nweapon = spear\narmour = 2\n"
    "flags = shields\nclass = veteran\nin-contact = 5\ncharged = yes\n"
    "[side b]\nprofile = orcs\nfigures = 9\nfiles = 5\nweapon = polearm\narmour = 2\n"
    "class = elite\nin-contact = 4\n";

static const char *const end_keys[WR_END_COUNT] = {
    "ongoing", "a-routs", "a-retires", "b-routs", "b-retires", "a-destroyed", "b-destroyed",
    "both-destroyed"};

typedef struct fight {
    wr_profile *profile[2];
    wr_melee_unit *unit[2];
    wr_engagement *engagement;
    char name[2][TOOL_NAME_MAX + 8];
} fight;

static void fight_free(fight *f)
{
    wr_engagement_free(f->engagement);
    for (int i = 0; i < 2; i++) {
        wr_melee_unit_free(f->unit[i]);
        wr_profile_free(f->profile[i]);
    }
}

static wr_status build_profile(const tool_profile_spec *spec, wr_profile **out)
{
    wr_profile *p = NULL;
    wr_status st = spec->sample >= 0 ? wr_profile_new_sample((wr_sample_profile)spec->sample, &p)
                                     : wr_profile_new((wr_race)(spec->race >= 0 ? spec->race : 0), &p);
    for (int w = 0; w < WR_PROFILE_WEAPONS && st == WR_OK; w++) {
        if (spec->weapon_set[w])
            st = wr_profile_set_weapon(p, w, (wr_weapon)spec->weapon_reach[w],
                                       spec->weapon_allowed[w]);
        for (int a = 0; a < WR_PROFILE_ARMOURS && st == WR_OK; a++)
            if (spec->bcp[w][a] >= 0)
                st = wr_profile_set_bcp(p, w, a, spec->bcp[w][a]);
    }
    for (int m = 0; m < WR_MOD_COUNT && st == WR_OK; m++)
        if (spec->mod_set[m])
            st = wr_profile_set_modifier(p, (wr_modifier)m, spec->mod[m]);
    for (int m = 0; m < WR_MORALE_COUNT && st == WR_OK; m++)
        if (spec->morale_set[m])
            st = wr_profile_set_morale_modifier(p, (wr_morale_modifier)m, spec->morale[m]);
    for (int r = 0; r <= WR_RACE_MAX && st == WR_OK; r++)
        if (spec->hated[r] >= 0)
            st = wr_profile_set_hated(p, (wr_race)r, spec->hated[r]);
    if (st == WR_OK && spec->retire_band >= 0)
        st = wr_profile_set_retire_band(p, spec->retire_band);
    if (st != WR_OK) {
        wr_profile_free(p);
        return st;
    }
    *out = p;
    return WR_OK;
}

static int code_of(wr_status st)
{
    return st == WR_ERR_NOMEM ? TOOL_FAILED : TOOL_USAGE;
}

static int build_fight(const char *cmd, const char *path, const tool_scenario *sc, fight *f)
{
    memset(f, 0, sizeof *f);
    char where[TOOL_PATH_MAX + 32];
    for (int s = 0; s < 2; s++) {
        const tool_side_spec *side = &sc->side[s];
        if (!side->defined)
            return tool_fail(cmd, TOOL_USAGE, "%s%sside %c is missing: give a [side %c]",
                             path ? path : "", path ? ": " : "", 'a' + s, 'a' + s);
        tool_where(path, side->line, where, sizeof where);
        int pi = tool_scenario_profile(sc, side->profile);
        if (side->profile[0] == '\0' || pi < 0)
            return tool_fail(cmd, TOOL_USAGE, "%s[side %c]: %s", where, 'a' + s,
                             side->profile[0] ? "no [profile] of that name"
                                              : "no profile given (profile = NAME)");
        snprintf(f->name[s], sizeof f->name[s], "%s", sc->profiles[pi].name);
        wr_clear_error();
        wr_status st = build_profile(&sc->profiles[pi], &f->profile[s]);
        if (st != WR_OK) {
            char pwhere[TOOL_PATH_MAX + 32];
            return tool_fail(cmd, code_of(st), "%s[profile %s] is refused by the library: %s",
                             tool_where(path, sc->profiles[pi].line, pwhere, sizeof pwhere),
                             sc->profiles[pi].name, tool_lib_detail(st));
        }
        wr_clear_error();
        st = wr_melee_unit_new(f->profile[s], &side->def, &f->unit[s]);
        if (st != WR_OK)
            return tool_fail(cmd, code_of(st),
                             "%s[side %c] is refused by the library: %s (troops only; the weapon "
                             "row must be allowed to the race)",
                             where, 'a' + s, tool_lib_detail(st));
    }
    wr_situation sit;
    sit.side[0] = sc->side[0].situation;
    sit.side[1] = sc->side[1].situation;
    wr_clear_error();
    wr_status st = wr_engagement_new(f->unit[0], f->unit[1], &sit, &f->engagement);
    if (st != WR_OK) {
        int line = sc->side[0].line && sc->side[1].line
                       ? (sc->side[0].line < sc->side[1].line ? sc->side[0].line : sc->side[1].line)
                       : sc->side[0].line + sc->side[1].line;
        return tool_fail(cmd, code_of(st),
                         "%s[side a] against [side b]: the engagement is refused by the library: %s",
                         tool_where(path, line, where, sizeof where), tool_lib_detail(st));
    }
    return TOOL_OK;
}

/* Options of melee and odds: the same rows, the fifth is --seed for melee
   and --svg for odds. */
enum { OPT_SCENARIO, OPT_SET, OPT_ROUNDS, OPT_JSON, OPT_SEED, OPT_SVG = OPT_SEED };
static const tool_optdef melee_options[] = {
    {"scenario", 0, 1}, {"set", 0, 1}, {"rounds", 'r', 1}, {"json", 'j', 0}, {"seed", 's', 1}};
static const tool_optdef odds_options[] = {
    {"scenario", 0, 1}, {"set", 0, 1}, {"rounds", 'r', 1}, {"json", 'j', 0}, {"svg", 0, 1}};

typedef struct melee_opts {
    const char *scenario;
    int json;
    int rounds;
    int have_seed;
    uint64_t seed;
    const char *svg;
} melee_opts;

/* Reads the command line and the scenario; TOOL_OK, or a printed message. */
static int parse_opts(const char *cmd, const tool_args *args, int odds, melee_opts *o,
                      tool_scenario *sc)
{
    memset(o, 0, sizeof *o);
    o->json = tool_args_has(args, OPT_JSON);
    const char *v = tool_args_value(args, OPT_ROUNDS);
    int max_rounds = odds ? WR_ODDS_MAX_ROUNDS : 1000;
    if (v && !tool_parse_int(v, 1, max_rounds, &o->rounds))
        return tool_fail(cmd, TOOL_USAGE, "argument %d: --rounds takes a whole number 1..%d, not '%s'",
                         tool_args_position(args, OPT_ROUNDS), max_rounds, v);
    if (!odds && (v = tool_args_value(args, OPT_SEED)) != NULL) {
        if (!tool_parse_seed(v, &o->seed))
            return tool_fail(cmd, TOOL_USAGE,
                             "argument %d: --seed takes a whole number 0..2^64-1, not '%s'",
                             tool_args_position(args, OPT_SEED), v);
        o->have_seed = 1;
    }
    if (odds) {
        o->svg = tool_args_value(args, OPT_SVG);
        if (o->svg && strcmp(o->svg, "-") == 0 && o->json)
            return tool_fail(cmd, TOOL_USAGE,
                             "--json and --svg - cannot be combined: both write standard output "
                             "(give --svg FILE)");
    }
    int rc = tool_scenario_operand(cmd, args, OPT_SCENARIO, &o->scenario);
    char err[400];
    if (rc == TOOL_OK && o->scenario)
        rc = tool_load_scenario(cmd, o->scenario, sc);
    else if (rc == TOOL_OK &&
             tool_scenario_read(worked_example, sizeof worked_example - 1, sc, err, sizeof err))
        rc = tool_fail(cmd, TOOL_FAILED, "the worked example: %s", err);
    if (rc == TOOL_OK)
        rc = tool_apply_sets(cmd, args, OPT_SET, sc);
    if (o->rounds == 0)
        o->rounds = sc->rounds ? sc->rounds : 30;
    if (odds && o->rounds > WR_ODDS_MAX_ROUNDS && rc == TOOL_OK)
        rc = tool_fail(cmd, TOOL_USAGE, "the exact odds take at most %d rounds (rounds = %d)",
                       WR_ODDS_MAX_ROUNDS, o->rounds);
    if (!o->have_seed)
        o->seed = sc->have_seed ? sc->seed : 1;
    return rc;
}

static void end_text(const fight *f, wr_melee_end end, char *buf, size_t cap)
{
    switch (end) {
    case WR_END_A_ROUTS: snprintf(buf, cap, "side a (%s) routs", f->name[0]); break;
    case WR_END_A_RETIRES: snprintf(buf, cap, "side a (%s) retires", f->name[0]); break;
    case WR_END_B_ROUTS: snprintf(buf, cap, "side b (%s) routs", f->name[1]); break;
    case WR_END_B_RETIRES: snprintf(buf, cap, "side b (%s) retires", f->name[1]); break;
    case WR_END_A_DESTROYED: snprintf(buf, cap, "side a (%s) is destroyed", f->name[0]); break;
    case WR_END_B_DESTROYED: snprintf(buf, cap, "side b (%s) is destroyed", f->name[1]); break;
    case WR_END_BOTH_DESTROYED: snprintf(buf, cap, "both sides are destroyed"); break;
    default: snprintf(buf, cap, "still fighting after the round cap"); break;
    }
}

/* "[Casualties 4]" out of the rule source "[Casualties 4] ...". */
static void section_of(wr_melee_rule rule, char *buf, size_t cap)
{
    const char *src = wr_melee_rule_source(rule);
    const char *close = strchr(src, ']');
    int n = close ? (int)(close - src + 1) : (int)strlen(src);
    snprintf(buf, cap, "%.*s", n, src);
}

static void print_round_json(FILE *out, const wr_melee_round *r, const int after[2])
{
    fprintf(out, "{\"round\": %d, \"lost\": [%d, %d], \"figures\": [%d, %d], \"loser\": %d, \"end\": ",
            r->round, r->lost[0], r->lost[1], after[0], after[1], r->loser);
    tool_json_str(out, end_keys[(int)r->end >= 0 && (int)r->end < WR_END_COUNT ? (int)r->end : 0]);
    fprintf(out, ", \"events\": [");
    for (int i = 0; i < r->n_events && i < WR_ROUND_MAX_EVENTS; i++) {
        const wr_melee_event *e = &r->events[i];
        char text[240], section[120];
        size_t len = 0;
        if (wr_melee_event_text(e, text, sizeof text, &len) != WR_OK)
            text[0] = '\0';
        section_of(e->rule, section, sizeof section);
        fprintf(out, "%s{\"rule\": ", i ? ", " : "");
        tool_json_str(out, wr_melee_rule_name(e->rule));
        fprintf(out, ", \"side\": %d, \"value\": %d, \"detail\": %d, \"text\": ", e->side,
                e->value, e->detail);
        tool_json_str(out, text);
        fprintf(out, ", \"section\": ");
        tool_json_str(out, section);
        fprintf(out, "}");
    }
    fprintf(out, "]}");
}

static int melee_usage(FILE *f)
{
    fprintf(f,
            "usage: warrules melee [SCENARIO] [--set S.N.K=V]... [--seed N] [--rounds N] [--json]\n\n"
            "Fights a Fantasy Warlord melee round by round with dice, each step with the\n"
            "section of the text it applies. Without a file it fights the text's worked\n"
            "example (dwarf veterans charge orc urucks; sample profiles).\n\n"
            "  SCENARIO, --scenario FILE  [profile] and [side a]/[side b] sections (docs/tool.md)\n"
            "  --set S.N.K=V              set one key, e.g. --set side.a.figures=12\n"
            "  --seed N                   dice seed, 0..2^64-1 (default: [melee] seed, else 1)\n"
            "  --rounds N                 stop after N rounds, 1..1000 (default 30)\n"
            "  --json                     JSON output\n");
    return TOOL_OK;
}

int tool_melee(int argc, char **argv, FILE *out)
{
    static const char cmd[] = "melee";
    tool_args args;
    int rc = tool_args_parse(cmd, melee_options, sizeof melee_options / sizeof melee_options[0],
                             argc, argv, &args);
    if (rc != TOOL_OK)
        return rc;
    if (args.help) {
        tool_args_free(&args);
        return melee_usage(out);
    }
    tool_scenario *sc = malloc(sizeof *sc);
    if (sc == NULL) {
        tool_args_free(&args);
        return tool_fail(cmd, TOOL_FAILED, "out of memory");
    }
    tool_scenario_init(sc);
    melee_opts o;
    fight f;
    memset(&f, 0, sizeof f);
    wr_rng *rng = NULL;
    rc = parse_opts(cmd, &args, 0, &o, sc);
    if (rc == TOOL_OK)
        rc = build_fight(cmd, o.scenario, sc, &f);
    if (rc == TOOL_OK && wr_rng_new(o.seed, &rng) != WR_OK)
        rc = tool_fail(cmd, TOOL_FAILED, "out of memory");
    if (rc == TOOL_OK) {
        int figures[2];
        wr_unit_def d;
        for (int s = 0; s < 2; s++) {
            (void)wr_melee_unit_def(f.unit[s], &d);
            figures[s] = d.figures;
        }
        if (o.json) {
            fprintf(out, "{\"seed\": %llu, \"sides\": [", (unsigned long long)o.seed);
            tool_json_str(out, f.name[0]);
            fprintf(out, ", ");
            tool_json_str(out, f.name[1]);
            fprintf(out, "], \"figures\": [%d, %d], \"rounds\": [", figures[0], figures[1]);
        } else {
            fprintf(out, "melee: side a (%s, %d figures) against side b (%s, %d figures), dice seed %llu\n",
                    f.name[0], figures[0], f.name[1], figures[1], (unsigned long long)o.seed);
        }
        wr_melee_end end = WR_END_ONGOING;
        wr_melee_round *r = malloc(sizeof *r);
        if (r == NULL)
            rc = tool_fail(cmd, TOOL_FAILED, "out of memory");
        for (int round = 1; r && round <= o.rounds && end == WR_END_ONGOING; round++) {
            wr_clear_error();
            wr_status st = wr_engagement_fight(f.engagement, rng, r);
            if (st == WR_OK)
                st = wr_engagement_apply(f.engagement, r);
            if (st != WR_OK) {
                rc = tool_fail(cmd, code_of(st), "round %d is refused by the library: %s", round,
                               tool_lib_detail(st));
                break;
            }
            int rounds = 0;
            (void)wr_engagement_status(f.engagement, &end, &rounds);
            for (int s = 0; s < 2; s++) {
                figures[s] -= r->lost[s];
                if (figures[s] < 0)
                    figures[s] = 0;
            }
            if (o.json) {
                if (round > 1)
                    fprintf(out, ", ");
                print_round_json(out, r, figures);
                continue;
            }
            fprintf(out, "round %d: side a loses %d, side b loses %d; %d and %d figures left\n",
                    round, r->lost[0], r->lost[1], figures[0], figures[1]);
            for (int i = 0; i < r->n_events && i < WR_ROUND_MAX_EVENTS; i++) {
                char text[240], section[120];
                size_t len = 0;
                if (wr_melee_event_text(&r->events[i], text, sizeof text, &len) != WR_OK)
                    continue;
                section_of(r->events[i].rule, section, sizeof section);
                fprintf(out, "  %-64s %s\n", text, section);
            }
        }
        free(r);
        if (rc == TOOL_OK) {
            char text[120];
            end_text(&f, end, text, sizeof text);
            if (o.json) {
                fprintf(out, "], \"end\": ");
                tool_json_str(out, end_keys[end]);
                fprintf(out, ", \"result\": ");
                tool_json_str(out, text);
                fprintf(out, "}\n");
            } else {
                fprintf(out, "result: %s\n", text);
            }
        }
    }
    wr_rng_free(rng);
    fight_free(&f);
    free(sc);
    tool_args_free(&args);
    return rc;
}

static int odds_usage(FILE *f)
{
    fprintf(f,
            "usage: warrules odds [SCENARIO] [--set S.N.K=V]... [--rounds N] [--json] [--svg FILE]\n\n"
            "The exact outcome distribution of a Fantasy Warlord melee fought to its end (or\n"
            "N rounds): how it ends and how many figures each side has left, as exact\n"
            "decimals (no rounding) and percentages. Each side at most 200 figures.\n"
            "Without a file: the text's worked example (sample profiles).\n\n"
            "  SCENARIO, --scenario FILE  [profile] and [side a]/[side b] sections (docs/tool.md)\n"
            "  --set S.N.K=V              set one key, e.g. --set side.b.figures=12\n"
            "  --rounds N                 round cap, 1..40 (default: [melee] rounds, else 30)\n"
            "  --json                     JSON output with the exact decimals\n"
            "  --svg FILE                 draw the distribution as bars ('-' for standard output)\n");
    return TOOL_OK;
}

int tool_odds(int argc, char **argv, FILE *out)
{
    static const char cmd[] = "odds";
    tool_args args;
    int rc = tool_args_parse(cmd, odds_options, sizeof odds_options / sizeof odds_options[0], argc,
                             argv, &args);
    if (rc != TOOL_OK)
        return rc;
    if (args.help) {
        tool_args_free(&args);
        return odds_usage(out);
    }
    tool_scenario *sc = malloc(sizeof *sc);
    if (sc == NULL) {
        tool_args_free(&args);
        return tool_fail(cmd, TOOL_FAILED, "out of memory");
    }
    tool_scenario_init(sc);
    melee_opts o;
    fight f;
    memset(&f, 0, sizeof f);
    wr_melee_odds *odds = NULL;
    rc = parse_opts(cmd, &args, 1, &o, sc);
    if (rc == TOOL_OK)
        rc = build_fight(cmd, o.scenario, sc, &f);
    if (rc == TOOL_OK) {
        wr_clear_error();
        wr_status st = wr_melee_odds_new(f.engagement, o.rounds, &odds);
        if (st != WR_OK)
            rc = tool_fail(cmd, code_of(st), "%s%sno exact odds: %s%s",
                           o.scenario ? o.scenario : "", o.scenario ? ": " : "", tool_lib_detail(st),
                           st == WR_ERR_RANGE ? " (at most 200 figures a side)" : "");
    }
    tool_odds_data d;
    memset(&d, 0, sizeof d);
    if (rc == TOOL_OK) {
        wr_unit_def def;
        for (int s = 0; s < 2; s++) {
            (void)wr_melee_unit_def(f.unit[s], &def);
            d.start[s] = def.figures;
            snprintf(d.name[s], sizeof d.name[s], "%s", f.name[s]);
            for (int n = 0; n <= def.figures && n <= WR_ODDS_MAX_FIGURES; n++)
                (void)wr_melee_odds_figures(odds, s, n, &d.figures[s][n]);
        }
        for (int e = 0; e < WR_END_COUNT; e++) {
            (void)wr_melee_odds_end(odds, (wr_melee_end)e, &d.end[e]);
            end_text(&f, (wr_melee_end)e, d.end_label[e], sizeof d.end_label[e]);
        }
        d.rounds = o.rounds;
    }
    tool_out svg;
    memset(&svg, 0, sizeof svg);
    if (rc == TOOL_OK && o.svg && (rc = tool_out_open(cmd, o.svg, &svg)) == TOOL_OK)
        tool_svg_odds(svg.f, &d);
    if (rc == TOOL_OK && !(o.svg && strcmp(o.svg, "-") == 0)) {
        int exponent = 0;
        (void)wr_melee_odds_exponent(odds, &exponent);
        size_t cap = (size_t)exponent + 8;
        char *exact = malloc(cap);
        char pct[32];
        if (exact == NULL)
            rc = tool_fail(cmd, TOOL_FAILED, "out of memory");
        if (exact && o.json) {
            fprintf(out, "{\"rounds\": %d, \"exponent\": %d, \"sides\": [", o.rounds, exponent);
            tool_json_str(out, f.name[0]);
            fprintf(out, ", ");
            tool_json_str(out, f.name[1]);
            fprintf(out, "], \"ends\": [");
            for (int e = 0; e < WR_END_COUNT; e++) {
                size_t len = 0;
                if (wr_melee_odds_end_exact(odds, (wr_melee_end)e, exact, cap, &len) != WR_OK)
                    snprintf(exact, cap, "?");
                fprintf(out, "%s{\"end\": \"%s\", \"label\": ", e ? ", " : "", end_keys[e]);
                tool_json_str(out, d.end_label[e]);
                fprintf(out, ", \"p\": \"%s\", \"percent\": %s}", exact,
                        tool_percent(d.end[e], pct, sizeof pct));
            }
            fprintf(out, "], \"figures_left\": [");
            for (int s = 0; s < 2; s++) {
                fprintf(out, "%s[", s ? ", " : "");
                for (int n = 0; n <= d.start[s]; n++) {
                    size_t len = 0;
                    if (wr_melee_odds_figures_exact(odds, s, n, exact, cap, &len) != WR_OK)
                        snprintf(exact, cap, "?");
                    fprintf(out, "%s{\"figures\": %d, \"p\": \"%s\", \"percent\": %s}", n ? ", " : "",
                            n, exact, tool_percent(d.figures[s][n], pct, sizeof pct));
                }
                fprintf(out, "]");
            }
            fprintf(out, "]}\n");
        } else if (exact) {
            fprintf(out, "exact odds: side a (%s, %d figures) against side b (%s, %d figures), up to %d rounds\n",
                    f.name[0], d.start[0], f.name[1], d.start[1], o.rounds);
            fprintf(out, "every probability is a whole number over 10^%d\n\nhow it ends:\n", exponent);
            for (int e = 0; e < WR_END_COUNT; e++)
                if (d.end[e] > 0)
                    fprintf(out, "  %-40s %7s%%\n", d.end_label[e],
                            tool_percent(d.end[e], pct, sizeof pct));
            for (int s = 0; s < 2; s++) {
                fprintf(out, "\nfigures left to side %c (%s):\n", 'a' + s, f.name[s]);
                for (int n = d.start[s]; n >= 0; n--)
                    if (d.figures[s][n] > 0)
                        fprintf(out, "  %4d %7s%%\n", n, tool_percent(d.figures[s][n], pct, sizeof pct));
            }
        }
        free(exact);
    }
    rc = tool_out_finish(cmd, &svg, rc);
    wr_melee_odds_free(odds);
    fight_free(&f);
    free(sc);
    tool_args_free(&args);
    return rc;
}
