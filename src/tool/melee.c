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

static const char *const end_keys[WR_END_COUNT] = {"ongoing",     "a-routs",       "a-retires",
                                                   "b-routs",     "b-retires",     "a-destroyed",
                                                   "b-destroyed", "both-destroyed"};

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

static int code_of(wr_status st)
{
    return st == WR_ERR_NOMEM ? TOOL_FAILED : TOOL_USAGE;
}

static int build_fight(const char *cmd, const char *path, const tool_scenario *sc, fight *f)
{
    memset(f, 0, sizeof *f);
    char where[TOOL_PATH_MAX + 32];
    if (sc->n_fights > 0)
        return tool_fail(cmd, TOOL_USAGE,
                         "%s%sholds a melee phase ([fight] sections), which warrules melee "
                         "fights; %s takes one engagement ([side a] and [side b])",
                         path ? path : "", path ? ": " : "", cmd);
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
        wr_last_error_clear();
        wr_status st = tool_profile_build(&sc->profiles[pi], &f->profile[s]);
        if (st != WR_OK) {
            char pwhere[TOOL_PATH_MAX + 32];
            return tool_fail(cmd, code_of(st), "%s[profile %s] is refused by the library: %s",
                             tool_where(path, sc->profiles[pi].line, pwhere, sizeof pwhere),
                             sc->profiles[pi].name, tool_lib_detail(st));
        }
        wr_last_error_clear();
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
    wr_last_error_clear();
    wr_status st = wr_engagement_new(f->unit[0], f->unit[1], &sit, &f->engagement);
    if (st != WR_OK) {
        int line = sc->side[0].line && sc->side[1].line
                       ? (sc->side[0].line < sc->side[1].line ? sc->side[0].line : sc->side[1].line)
                       : sc->side[0].line + sc->side[1].line;
        return tool_fail(
            cmd, code_of(st),
            "%s[side a] against [side b]: the engagement is refused by the library: %s",
            tool_where(path, line, where, sizeof where), tool_lib_detail(st));
    }
    return TOOL_OK;
}

/* Options of melee and odds: the same rows, the fifth is --seed for melee
   and --svg for odds. */
enum { OPT_SCENARIO, OPT_SET, OPT_ROUNDS, OPT_JSON, OPT_SEED, OPT_SVG = OPT_SEED, OPT_DICE };
static const tool_optdef melee_options[] = {{"scenario", 0, 1}, {"set", 0, 1},
                                            {"rounds", 'r', 1}, {"json", 'j', 0},
                                            {"seed", 's', 1},   {"dice", 0, 1}};
static const tool_optdef odds_options[] = {
    {"scenario", 0, 1}, {"set", 0, 1}, {"rounds", 'r', 1}, {"json", 'j', 0}, {"svg", 0, 1}};

/* The most dice --dice takes. */
#define MELEE_MAX_DICE 4096

typedef struct melee_opts {
    const char *scenario;
    int json;
    int rounds;
    int rounds_given;
    int have_seed;
    uint64_t seed;
    const char *svg;
    const char *dice; /* --dice LIST, NULL when not given */
    int dice_position;
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
        return tool_fail(cmd, TOOL_USAGE,
                         "argument %d: --rounds takes a whole number 1..%d, not '%s'",
                         tool_args_position(args, OPT_ROUNDS), max_rounds, v);
    o->rounds_given = v != NULL;
    if (!odds) {
        o->dice = tool_args_value(args, OPT_DICE);
        o->dice_position = tool_args_position(args, OPT_DICE);
    }
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
    else if (rc == TOOL_OK && !o->scenario)
        tool_scenario_forget_lines(sc);
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
    fprintf(out,
            "{\"round\": %d, \"lost\": [%d, %d], \"figures\": [%d, %d], \"loser\": %d, \"end\": ",
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
        fprintf(out, ", \"side\": %d, \"value\": %d, \"detail\": %d, \"text\": ", e->side, e->value,
                e->detail);
        tool_json_str(out, text);
        fprintf(out, ", \"section\": ");
        tool_json_str(out, section);
        fprintf(out, "}");
    }
    fprintf(out, "]}");
}

/* ---- A melee phase: the [unit] and [fight] sections, every fight of one
   turn resolved together (wr_melee_phase_*) ---------------------------- */

static const char *const morale_words[4] = {"none", "passed", "retires", "routs"};

typedef struct phase_run {
    wr_profile *profile[TOOL_MAX_PROFILES];
    wr_melee_unit *unit[TOOL_MAX_UNITS];
    wr_melee_phase *phase;
    int *dice;
    size_t n_dice;
} phase_run;

static void phase_run_free(phase_run *r)
{
    wr_melee_phase_free(r->phase);
    for (int i = 0; i < TOOL_MAX_UNITS; i++)
        wr_melee_unit_free(r->unit[i]);
    for (int i = 0; i < TOOL_MAX_PROFILES; i++)
        wr_profile_free(r->profile[i]);
    free(r->dice);
}

/* --dice 34,78,12 (commas or blanks): each a whole number 1..100. */
static int parse_dice(const char *cmd, const melee_opts *o, phase_run *r)
{
    r->dice = malloc(MELEE_MAX_DICE * sizeof *r->dice);
    if (r->dice == NULL)
        return tool_fail(cmd, TOOL_FAILED, "out of memory");
    const char *s = o->dice;
    while (*s) {
        size_t len = strcspn(s, ", ");
        if (len > 0) {
            char word[16];
            int die = 0;
            snprintf(word, sizeof word, "%.*s", len < 15 ? (int)len : 15, s);
            if (len > 15 || !tool_parse_int(word, 1, 100, &die))
                return tool_fail(cmd, TOOL_USAGE,
                                 "argument %d: --dice takes rolls 1..100 (d100s; d4s 1..4) "
                                 "separated by commas, not '%.*s'",
                                 o->dice_position, (int)(len < 40 ? len : 40), s);
            if (r->n_dice >= MELEE_MAX_DICE)
                return tool_fail(cmd, TOOL_USAGE, "argument %d: --dice takes at most %d rolls",
                                 o->dice_position, MELEE_MAX_DICE);
            r->dice[r->n_dice++] = die;
        }
        s += len;
        if (*s)
            s++;
    }
    if (r->n_dice == 0)
        return tool_fail(cmd, TOOL_USAGE, "argument %d: --dice takes at least one roll",
                         o->dice_position);
    return TOOL_OK;
}

/* The units, their profiles and the phase with every fight added. */
static int build_phase(const char *cmd, const char *path, const tool_scenario *sc, phase_run *r)
{
    char where[TOOL_PATH_MAX + 32];
    if (path == NULL)
        return tool_fail(cmd, TOOL_USAGE,
                         "without a scenario file melee fights the worked example ([side a] and "
                         "[side b]); a melee phase needs a file with [unit] and [fight] sections");
    if (sc->side[0].defined || sc->side[1].defined)
        return tool_fail(cmd, TOOL_USAGE,
                         "%s%s[side a]/[side b] and [fight] sections cannot be combined: a melee "
                         "phase names its units in [unit] sections",
                         path ? path : "", path ? ": " : "");
    int rc = tool_units_build(cmd, path, sc, r->profile, r->unit,
                              " (troops only; the weapon row must be allowed to the race)");
    if (rc != TOOL_OK)
        return rc;
    if (wr_melee_phase_new(&r->phase) != WR_OK)
        return tool_fail(cmd, TOOL_FAILED, "out of memory");
    for (int i = 0; i < sc->n_fights; i++) {
        const tool_fight_spec *f = &sc->fights[i];
        tool_where(path, f->line, where, sizeof where);
        wr_phase_fight pf;
        for (int s = 0; s < 2; s++) {
            const tool_fight_side_spec *fs = &f->side[s];
            if (fs->unit < 0)
                return tool_fail(cmd, TOOL_USAGE, "%s[fight %s]: side %c has no unit (%c = UNIT)",
                                 where, f->name, 'a' + s, 'a' + s);
            if (fs->in_contact < 0)
                return tool_fail(cmd, TOOL_USAGE,
                                 "%s[fight %s]: side %c needs its figures in contact "
                                 "(%c.in-contact = N)",
                                 where, f->name, 'a' + s, 'a' + s);
        }
        tool_phase_fight(f, r->unit, &pf);
        int index = 0;
        wr_last_error_clear();
        wr_status st = wr_melee_phase_add(r->phase, &pf, &index);
        if (st != WR_OK)
            return tool_fail(cmd, code_of(st), "%s[fight %s] is refused by the library: %s", where,
                             f->name, tool_lib_detail(st));
    }
    return TOOL_OK;
}

static void phase_end_text(const tool_scenario *sc, int index, wr_melee_end end, char *buf,
                           size_t cap)
{
    const tool_fight_spec *f = &sc->fights[index];
    const char *a = sc->units[f->side[0].unit].name, *b = sc->units[f->side[1].unit].name;
    switch (end) {
    case WR_END_A_ROUTS: snprintf(buf, cap, "side a (%s) routs", a); break;
    case WR_END_A_RETIRES: snprintf(buf, cap, "side a (%s) retires", a); break;
    case WR_END_B_ROUTS: snprintf(buf, cap, "side b (%s) routs", b); break;
    case WR_END_B_RETIRES: snprintf(buf, cap, "side b (%s) retires", b); break;
    case WR_END_A_DESTROYED: snprintf(buf, cap, "side a (%s) is destroyed", a); break;
    case WR_END_B_DESTROYED: snprintf(buf, cap, "side b (%s) is destroyed", b); break;
    case WR_END_BOTH_DESTROYED: snprintf(buf, cap, "both sides are destroyed"); break;
    default: snprintf(buf, cap, "the fight goes on next turn"); break;
    }
}

static void print_events(FILE *out, int json, const wr_melee_round *r)
{
    for (int i = 0; i < r->n_events && i < WR_ROUND_MAX_EVENTS; i++) {
        const wr_melee_event *e = &r->events[i];
        char text[240], section[120];
        size_t len = 0;
        if (wr_melee_event_text(e, text, sizeof text, &len) != WR_OK)
            text[0] = '\0';
        section_of(e->rule, section, sizeof section);
        if (!json) {
            fprintf(out, "  %-64s %s\n", text, section);
            continue;
        }
        fprintf(out, "%s{\"rule\": ", i ? ", " : "");
        tool_json_str(out, wr_melee_rule_name(e->rule));
        fprintf(out, ", \"side\": %d, \"value\": %d, \"detail\": %d, \"text\": ", e->side, e->value,
                e->detail);
        tool_json_str(out, text);
        fprintf(out, ", \"section\": ");
        tool_json_str(out, section);
        fprintf(out, "}");
    }
}

/* Each unit after the phase: its fights, figures, losses and morale. */
static void print_phase_units(FILE *out, int json, const tool_scenario *sc, const phase_run *r)
{
    int first = 1;
    for (int u = 0; u < sc->n_units; u++) {
        wr_phase_unit pu;
        wr_melee_unit_desc d;
        if (wr_melee_phase_unit(r->phase, r->unit[u], &pu) != WR_OK ||
            wr_melee_unit_get(r->unit[u], &d) != WR_OK)
            continue; /* in no fight */
        const char *morale = morale_words[(unsigned)pu.worst & 3u];
        if (json) {
            fprintf(out, "%s{\"name\": ", first ? "" : ", ");
            tool_json_str(out, sc->units[u].name);
            fprintf(out,
                    ", \"fights\": %d, \"figures_before\": %d, \"fighting\": %d, \"lost\": %d, "
                    "\"figures\": %d, \"disordered\": %s, \"morale\": \"%s\"}",
                    pu.fights, pu.figures_before, pu.fighting, pu.lost, d.figures,
                    pu.disordered ? "true" : "false", morale);
        } else {
            fprintf(out, "  %-16s %d fight(s): %d figures, %d fought, %d lost, %d left%s%s%s\n",
                    sc->units[u].name, pu.fights, pu.figures_before, pu.fighting, pu.lost,
                    d.figures, pu.disordered ? ", disordered" : "",
                    pu.worst != WR_MORALE_NONE ? "; morale test: " : "",
                    pu.worst != WR_MORALE_NONE ? morale : "");
        }
        first = 0;
    }
}

static void print_phase(FILE *out, const melee_opts *o, const tool_scenario *sc, const phase_run *r,
                        size_t most, size_t used)
{
    if (o->json) {
        fprintf(out, "{\"phase\": true, ");
        if (o->dice)
            fprintf(out, "\"dice_given\": %zu, \"dice_used\": %zu, ", r->n_dice, used);
        else
            fprintf(out, "\"seed\": %llu, ", (unsigned long long)o->seed);
        fprintf(out, "\"dice_needed\": %zu, \"fights\": [", most);
    } else {
        int used_units = 0;
        for (int u = 0; u < sc->n_units; u++) {
            wr_phase_unit pu;
            used_units += wr_melee_phase_unit(r->phase, r->unit[u], &pu) == WR_OK;
        }
        fprintf(out, "melee phase: %d units in %d fights, ", used_units, sc->n_fights);
        if (o->dice)
            fprintf(out, "%zu dice given, %zu read (at most %zu)\n", r->n_dice, used, most);
        else
            fprintf(out, "dice seed %llu (at most %zu dice)\n", (unsigned long long)o->seed, most);
    }
    for (int i = 0; i < sc->n_fights; i++) {
        const tool_fight_spec *f = &sc->fights[i];
        wr_melee_round round;
        if (wr_melee_phase_round(r->phase, i, &round) != WR_OK)
            continue;
        char result[160];
        phase_end_text(sc, i, round.end, result, sizeof result);
        const char *name[2] = {sc->units[f->side[0].unit].name, sc->units[f->side[1].unit].name};
        if (o->json) {
            fprintf(out, "%s{\"name\": ", i ? ", " : "");
            tool_json_str(out, f->name);
            fprintf(out, ", \"sides\": [");
            for (int s = 0; s < 2; s++) {
                fprintf(out, "%s{\"unit\": ", s ? ", " : "");
                tool_json_str(out, name[s]);
                fprintf(out,
                        ", \"face\": \"%s\", \"in_contact\": %d, \"contact\": \"%s\", "
                        "\"fighting\": %d, \"lost\": %d, \"disordered\": %s, "
                        "\"flank_test\": \"%s\"}",
                        tool_facing_name(f->side[s].face), f->side[s].in_contact,
                        tool_contact_name(f->side[s].contact),
                        round.fought ? round.strike[s].fighting : 0, round.lost[s],
                        round.disordered[s] ? "true" : "false",
                        morale_words[(unsigned)round.flank_test[s] & 3u]);
            }
            fprintf(out, "], \"fought\": %s, \"loser\": %d, \"morale\": \"%s\", \"end\": ",
                    round.fought ? "true" : "false", round.loser,
                    morale_words[(unsigned)round.morale & 3u]);
            tool_json_str(
                out, end_keys[(int)round.end >= 0 && (int)round.end < WR_END_COUNT ? (int)round.end
                                                                                   : 0]);
            fprintf(out, ", \"result\": ");
            tool_json_str(out, result);
            fprintf(out, ", \"events\": [");
            print_events(out, 1, &round);
            fprintf(out, "]}");
            continue;
        }
        fprintf(out,
                "\nfight %s: side a (0) %s (%s, %d in contact, %s) against side b (1) %s "
                "(%s, %d in contact, %s)\n",
                f->name, name[0], tool_facing_name(f->side[0].face), f->side[0].in_contact,
                tool_contact_name(f->side[0].contact), name[1], tool_facing_name(f->side[1].face),
                f->side[1].in_contact, tool_contact_name(f->side[1].contact));
        print_events(out, 0, &round);
        if (round.fought)
            fprintf(out, "  %s fight with %d and lose %d, %s fight with %d and lose %d: %s\n",
                    name[0], round.strike[0].fighting, round.lost[0], name[1],
                    round.strike[1].fighting, round.lost[1], result);
        else
            fprintf(out, "  no blows: %s\n", result);
    }
    if (o->json)
        fprintf(out, "], \"units\": [");
    else
        fprintf(out, "\nunits after the phase:\n");
    print_phase_units(out, o->json, sc, r);
    if (o->json)
        fprintf(out, "]}\n");
}

/* The library refused the phase as a whole: names the first fight whose
   strike it refuses (the fight's line), else the scenario. */
static int phase_refused(const char *cmd, const char *path, const tool_scenario *sc,
                         const phase_run *r, wr_status st)
{
    char where[TOOL_PATH_MAX + 32];
    for (int i = 0; i < sc->n_fights; i++)
        for (int s = 0; s < 2; s++) {
            wr_strike k;
            wr_last_error_clear();
            wr_status fst = wr_melee_phase_strike(r->phase, i, s, &k);
            if (fst != WR_OK && fst != WR_ERR_STATE)
                return tool_fail(cmd, code_of(fst), "%s[fight %s] is refused by the library: %s",
                                 tool_where(path, sc->fights[i].line, where, sizeof where),
                                 sc->fights[i].name, tool_lib_detail(fst));
        }
    return tool_fail(cmd, code_of(st), "%s%sthe melee phase is refused by the library: %s",
                     path ? path : "", path ? ": " : "", tool_lib_detail(st));
}

/* warrules melee on a scenario with [fight] sections: one melee phase. */
static int melee_phase(const char *cmd, const melee_opts *o, const tool_scenario *sc, FILE *out)
{
    phase_run r;
    memset(&r, 0, sizeof r);
    wr_rng *rng = NULL;
    int rc = TOOL_OK;
    if (o->rounds_given)
        rc = tool_fail(cmd, TOOL_USAGE,
                       "--rounds is for a melee of [side a] and [side b]: a melee phase "
                       "([fight] sections) is one turn");
    if (rc == TOOL_OK && o->dice)
        rc = parse_dice(cmd, o, &r);
    if (rc == TOOL_OK)
        rc = build_phase(cmd, o->scenario, sc, &r);
    size_t most = 0, used = 0;
    if (rc == TOOL_OK) {
        wr_last_error_clear();
        wr_status st = wr_melee_phase_dice_needed(r.phase, &most);
        if (st != WR_OK)
            rc = phase_refused(cmd, o->scenario, sc, &r, st);
    }
    if (rc == TOOL_OK && !o->dice && wr_rng_new(o->seed, &rng) != WR_OK)
        rc = tool_fail(cmd, TOOL_FAILED, "out of memory");
    if (rc == TOOL_OK) {
        wr_last_error_clear();
        wr_status st = o->dice ? wr_melee_phase_resolve_rolls(r.phase, r.dice, r.n_dice, &used)
                               : wr_melee_phase_resolve_rng(r.phase, rng);
        if (st == WR_ERR_RANGE && o->dice && r.n_dice < most)
            rc = tool_fail(cmd, TOOL_USAGE,
                           "argument %d: --dice gives %zu roll(s), too few: this phase reads up to "
                           "%zu (%s)",
                           o->dice_position, r.n_dice, most, tool_lib_detail(st));
        else if (st == WR_ERR_RANGE && o->dice)
            rc = tool_fail(cmd, TOOL_USAGE, "argument %d: --dice: %s", o->dice_position,
                           tool_lib_detail(st));
        else if (st != WR_OK)
            rc = phase_refused(cmd, o->scenario, sc, &r, st);
    }
    if (rc == TOOL_OK)
        print_phase(out, o, sc, &r, most, used);
    wr_rng_free(rng);
    phase_run_free(&r);
    return rc;
}

static int melee_usage(FILE *f)
{
    fprintf(f,
            "usage: warrules melee [SCENARIO] [--set S.N.K=V]... [--seed N] [--rounds N]\n"
            "                     [--dice LIST] [--json]\n\n"
            "Fights a Fantasy Warlord melee round by round with dice, each step with the\n"
            "section of the text it applies. Without a file it fights the text's worked\n"
            "example (dwarf veterans charge orc urucks; sample profiles). A scenario with\n"
            "[unit] and [fight] sections is one melee phase: every fight of a turn resolved\n"
            "together (flank and rear charges first, no figure fighting twice).\n\n"
            "  SCENARIO, --scenario FILE  [profile] and [side a]/[side b] sections, or [profile],\n"
            "                             [unit] and [fight] sections (docs/tool.md)\n"
            "  --set S.N.K=V              set one key, e.g. --set side.a.figures=12\n"
            "  --seed N                   dice seed, 0..2^64-1 (default: [melee] seed, else 1)\n"
            "  --rounds N                 stop after N rounds, 1..1000 (default 30)\n"
            "  --dice LIST                a melee phase's dice, e.g. 35,80,12 (d100s 1..100,\n"
            "                             d4s 1..4), in the order the phase reads them\n"
            "  --json                     JSON output\n");
    return TOOL_OK;
}

static int odds_usage(FILE *f)
{
    fprintf(
        f,
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

/* What melee and odds hold while they run. */
typedef struct melee_run {
    tool_args args;
    tool_scenario *sc;
    melee_opts o;
    fight f;
} melee_run;

/* The start melee and odds share: the command line parsed (--help
   answered), the scenario read. TOOL_OK with *go set when the command goes
   on; else its status (and melee_run_end() is still called). */
static int melee_run_start(const char *cmd, const tool_optdef *defs, size_t n_defs, int odds,
                           int argc, char **argv, FILE *out, melee_run *run, int *go)
{
    memset(run, 0, sizeof *run);
    *go = 0;
    int rc = tool_command_start(cmd, defs, n_defs, argc, argv, out, odds ? odds_usage : melee_usage,
                                &run->args, go);
    if (*go)
        rc = tool_scenario_alloc(cmd, &run->sc);
    if (rc == TOOL_OK && *go)
        rc = parse_opts(cmd, &run->args, odds, &run->o, run->sc);
    *go = *go && rc == TOOL_OK;
    return rc;
}

static void melee_run_end(melee_run *run)
{
    fight_free(&run->f);
    free(run->sc);
    tool_args_free(&run->args);
}

/* The rounds of a melee of two sides, fought with the rng's dice. */
static int fight_rounds(const char *cmd, const melee_opts *o, fight *f, wr_rng *rng, FILE *out)
{
    int figures[2];
    wr_melee_unit_desc d;
    for (int s = 0; s < 2; s++) {
        (void)wr_melee_unit_get(f->unit[s], &d);
        figures[s] = d.figures;
    }
    if (o->json) {
        fprintf(out, "{\"seed\": %llu, \"sides\": [", (unsigned long long)o->seed);
        tool_json_str(out, f->name[0]);
        fprintf(out, ", ");
        tool_json_str(out, f->name[1]);
        fprintf(out, "], \"figures\": [%d, %d], \"rounds\": [", figures[0], figures[1]);
    } else {
        fprintf(out,
                "melee: side a (%s, %d figures) against side b (%s, %d figures), dice seed %llu\n",
                f->name[0], figures[0], f->name[1], figures[1], (unsigned long long)o->seed);
    }
    wr_melee_end end = WR_END_ONGOING;
    wr_melee_round *r = malloc(sizeof *r);
    if (r == NULL)
        return tool_fail(cmd, TOOL_FAILED, "out of memory");
    int rc = TOOL_OK;
    for (int round = 1; round <= o->rounds && end == WR_END_ONGOING; round++) {
        wr_last_error_clear();
        wr_status st = wr_engagement_fight_rng(f->engagement, rng, r);
        if (st == WR_OK)
            st = wr_engagement_apply(f->engagement, r);
        if (st != WR_OK) {
            rc = tool_fail(cmd, code_of(st), "round %d is refused by the library: %s", round,
                           tool_lib_detail(st));
            break;
        }
        int rounds = 0;
        (void)wr_engagement_status(f->engagement, &end, &rounds);
        for (int s = 0; s < 2; s++) {
            figures[s] -= r->lost[s];
            if (figures[s] < 0)
                figures[s] = 0;
        }
        if (o->json) {
            if (round > 1)
                fprintf(out, ", ");
            print_round_json(out, r, figures);
            continue;
        }
        fprintf(out, "round %d: side a loses %d, side b loses %d; %d and %d figures left\n", round,
                r->lost[0], r->lost[1], figures[0], figures[1]);
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
    if (rc != TOOL_OK)
        return rc;
    char text[120];
    end_text(f, end, text, sizeof text);
    if (o->json) {
        fprintf(out, "], \"end\": ");
        tool_json_str(out, end_keys[end]);
        fprintf(out, ", \"result\": ");
        tool_json_str(out, text);
        fprintf(out, "}\n");
    } else {
        fprintf(out, "result: %s\n", text);
    }
    return TOOL_OK;
}

int tool_melee(int argc, char **argv, FILE *out)
{
    static const char cmd[] = "melee";
    melee_run run;
    int go;
    int rc = melee_run_start(cmd, TOOL_OPTIONS(melee_options), 0, argc, argv, out, &run, &go);
    if (go && run.sc->n_fights > 0) {
        rc = melee_phase(cmd, &run.o, run.sc, out);
        go = 0;
    }
    if (go && run.o.dice)
        rc = tool_fail(cmd, TOOL_USAGE,
                       "argument %d: --dice is for a melee phase ([fight] sections); a melee of "
                       "[side a] and [side b] rolls with --seed",
                       run.o.dice_position);
    else if (go)
        rc = build_fight(cmd, run.o.scenario, run.sc, &run.f);
    wr_rng *rng = NULL;
    if (go && rc == TOOL_OK && wr_rng_new(run.o.seed, &rng) != WR_OK)
        rc = tool_fail(cmd, TOOL_FAILED, "out of memory");
    if (go && rc == TOOL_OK)
        rc = fight_rounds(cmd, &run.o, &run.f, rng, out);
    wr_rng_free(rng);
    melee_run_end(&run);
    return rc;
}

/* The odds of a fight, read into what the printers and the picture take. */
static void odds_data(const wr_melee_odds *odds, const fight *f, int rounds, tool_odds_data *d)
{
    memset(d, 0, sizeof *d);
    wr_melee_unit_desc def;
    for (int s = 0; s < 2; s++) {
        (void)wr_melee_unit_get(f->unit[s], &def);
        d->start[s] = def.figures;
        snprintf(d->name[s], sizeof d->name[s], "%s", f->name[s]);
        for (int n = 0; n <= def.figures && n <= WR_ODDS_MAX_FIGURES; n++)
            (void)wr_melee_odds_figures(odds, s, n, &d->figures[s][n]);
    }
    for (int e = 0; e < WR_END_COUNT; e++) {
        (void)wr_melee_odds_end(odds, (wr_melee_end)e, &d->end[e]);
        end_text(f, (wr_melee_end)e, d->end_label[e], sizeof d->end_label[e]);
    }
    d->rounds = rounds;
}

/* The odds as JSON with the exact decimals (exact: a buffer of cap bytes). */
static void print_odds_json(FILE *out, const wr_melee_odds *odds, const tool_odds_data *d,
                            int exponent, char *exact, size_t cap)
{
    char pct[32];
    fprintf(out, "{\"rounds\": %d, \"exponent\": %d, \"sides\": [", d->rounds, exponent);
    tool_json_str(out, d->name[0]);
    fprintf(out, ", ");
    tool_json_str(out, d->name[1]);
    fprintf(out, "], \"ends\": [");
    for (int e = 0; e < WR_END_COUNT; e++) {
        size_t len = 0;
        if (wr_melee_odds_end_exact(odds, (wr_melee_end)e, exact, cap, &len) != WR_OK)
            snprintf(exact, cap, "?");
        fprintf(out, "%s{\"end\": \"%s\", \"label\": ", e ? ", " : "", end_keys[e]);
        tool_json_str(out, d->end_label[e]);
        fprintf(out, ", \"p\": \"%s\", \"percent\": %s}", exact,
                tool_percent(d->end[e], pct, sizeof pct));
    }
    fprintf(out, "], \"figures_left\": [");
    for (int s = 0; s < 2; s++) {
        fprintf(out, "%s[", s ? ", " : "");
        for (int n = 0; n <= d->start[s]; n++) {
            size_t len = 0;
            if (wr_melee_odds_figures_exact(odds, s, n, exact, cap, &len) != WR_OK)
                snprintf(exact, cap, "?");
            fprintf(out, "%s{\"figures\": %d, \"p\": \"%s\", \"percent\": %s}", n ? ", " : "", n,
                    exact, tool_percent(d->figures[s][n], pct, sizeof pct));
        }
        fprintf(out, "]");
    }
    fprintf(out, "]}\n");
}

static void print_odds_text(FILE *out, const tool_odds_data *d, int exponent)
{
    char pct[32];
    fprintf(
        out,
        "exact odds: side a (%s, %d figures) against side b (%s, %d figures), up to %d rounds\n",
        d->name[0], d->start[0], d->name[1], d->start[1], d->rounds);
    fprintf(out, "every probability is a whole number over 10^%d\n\nhow it ends:\n", exponent);
    for (int e = 0; e < WR_END_COUNT; e++)
        if (d->end[e] > 0)
            fprintf(out, "  %-40s %7s%%\n", d->end_label[e],
                    tool_percent(d->end[e], pct, sizeof pct));
    for (int s = 0; s < 2; s++) {
        fprintf(out, "\nfigures left to side %c (%s):\n", 'a' + s, d->name[s]);
        for (int n = d->start[s]; n >= 0; n--)
            if (d->figures[s][n] > 0)
                fprintf(out, "  %4d %7s%%\n", n, tool_percent(d->figures[s][n], pct, sizeof pct));
    }
}

static int print_odds(const char *cmd, FILE *out, const wr_melee_odds *odds,
                      const tool_odds_data *d, int json)
{
    int exponent = 0;
    (void)wr_melee_odds_exponent(odds, &exponent);
    size_t cap = (size_t)exponent + 8;
    char *exact = malloc(cap);
    if (exact == NULL)
        return tool_fail(cmd, TOOL_FAILED, "out of memory");
    if (json)
        print_odds_json(out, odds, d, exponent, exact, cap);
    else
        print_odds_text(out, d, exponent);
    free(exact);
    return TOOL_OK;
}

int tool_odds(int argc, char **argv, FILE *out)
{
    static const char cmd[] = "odds";
    melee_run run;
    int go;
    int rc = melee_run_start(cmd, TOOL_OPTIONS(odds_options), 1, argc, argv, out, &run, &go);
    if (!go) {
        melee_run_end(&run);
        return rc;
    }
    const melee_opts *o = &run.o;
    wr_melee_odds *odds = NULL;
    rc = build_fight(cmd, o->scenario, run.sc, &run.f);
    if (rc == TOOL_OK) {
        wr_last_error_clear();
        wr_status st = wr_melee_odds_new(run.f.engagement, o->rounds, &odds);
        if (st != WR_OK)
            rc = tool_fail(cmd, code_of(st), "%s%sno exact odds: %s%s",
                           o->scenario ? o->scenario : "", o->scenario ? ": " : "",
                           tool_lib_detail(st),
                           st == WR_ERR_RANGE ? " (at most 200 figures a side)" : "");
    }
    tool_odds_data d;
    if (rc == TOOL_OK)
        odds_data(odds, &run.f, o->rounds, &d);
    tool_out svg;
    memset(&svg, 0, sizeof svg);
    if (rc == TOOL_OK && o->svg && (rc = tool_out_open(cmd, o->svg, &svg)) == TOOL_OK)
        tool_svg_odds(svg.f, &d);
    if (rc == TOOL_OK && !(o->svg && strcmp(o->svg, "-") == 0))
        rc = print_odds(cmd, out, odds, &d, o->json);
    rc = tool_out_finish(cmd, &svg, rc);
    wr_melee_odds_free(odds);
    melee_run_end(&run);
    return rc;
}
