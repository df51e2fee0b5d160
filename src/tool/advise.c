/* warrules advise: every choice of charges a scenario offers ([charge]
   sections), with the fights going on ([fight]), ranked by the exact odds
   of its melee phase (wr_charge_advisor_*), each with its reasons; text,
   JSON or SVG bars. */
#include <stdlib.h>
#include <string.h>

#include "svg.h"
#include "tool.h"

enum {
    OPT_SCENARIO,
    OPT_SET,
    OPT_ROUNDS,
    OPT_JSON,
    OPT_SVG,
    OPT_AIM,
    OPT_TARGET,
    OPT_FATES,
    OPT_WEIGHTS,
    OPT_TOP
};
static const tool_optdef advise_options[] = {
    {"scenario", 0, 1}, {"set", 0, 1},    {"rounds", 'r', 1}, {"json", 'j', 0},  {"svg", 0, 1},
    {"aim", 0, 1},      {"target", 0, 1}, {"fates", 0, 1},    {"weights", 0, 1}, {"top", 'k', 1}};

static const char *const aim_names[WR_CHARGE_AIM_COUNT] = {"break", "figures", "score"};
static const char *const fate_names[WR_FATE_COUNT] = {"fighting", "holds", "retires", "routs",
                                                      "destroyed"};

typedef struct advise_run {
    wr_profile *profile[TOOL_MAX_PROFILES];
    wr_melee_unit *unit[TOOL_MAX_UNITS];
    wr_charge_advisor *adv;
    wr_charge_advisor_params params;
    wr_charge_advisor_info info;
    int target; /* unit index, -1 none */
    const char *scenario;
    int json;
    const char *svg;
} advise_run;

static void run_free(advise_run *r)
{
    wr_charge_advisor_free(r->adv);
    for (int i = 0; i < TOOL_MAX_UNITS; i++)
        wr_melee_unit_free(r->unit[i]);
    for (int i = 0; i < TOOL_MAX_PROFILES; i++)
        wr_profile_free(r->profile[i]);
}

static int code_of(wr_status st)
{
    return st == WR_ERR_NOMEM ? TOOL_FAILED : TOOL_USAGE;
}

static int lookup_word(const char *word, size_t n, const char *const *names, int count)
{
    for (int i = 0; i < count; i++)
        if (strlen(names[i]) == n && strncmp(word, names[i], n) == 0)
            return i;
    return -1;
}

/* --fates routs,destroyed: a mask of (1 << wr_melee_fate). */
static int parse_fates(const char *text, unsigned *mask)
{
    *mask = 0;
    while (*text) {
        size_t n = strcspn(text, ", ");
        if (n > 0) {
            int f = lookup_word(text, n, fate_names, WR_FATE_COUNT);
            if (f < 0)
                return 0;
            *mask |= 1u << f;
        }
        text += n;
        if (*text)
            text++;
    }
    return *mask != 0;
}

/* --weights B,I,L: three whole numbers 0..1000. */
static int parse_weights(const char *text, int w[3])
{
    for (int k = 0; k < 3; k++) {
        size_t n = strcspn(text, ",");
        char word[16];
        if (n == 0 || n >= sizeof word)
            return 0;
        memcpy(word, text, n);
        word[n] = '\0';
        if (!tool_parse_int(word, 0, 1000, &w[k]))
            return 0;
        text += n;
        if (k < 2) {
            if (*text != ',')
                return 0;
            text++;
        }
    }
    return *text == '\0';
}

static int parse_opts(const char *cmd, const tool_args *args, advise_run *r, tool_scenario *sc)
{
    wr_charge_advisor_params *p = &r->params;
    *p = wr_charge_advisor_params_default();
    r->target = -1;
    r->json = tool_args_has(args, OPT_JSON);
    r->svg = tool_args_value(args, OPT_SVG);
    if (r->svg && strcmp(r->svg, "-") == 0 && r->json)
        return tool_fail(cmd, TOOL_USAGE,
                         "--json and --svg - cannot be combined: both write standard output "
                         "(give --svg FILE)");
    const char *v = tool_args_value(args, OPT_AIM);
    if (v) {
        int aim = lookup_word(v, strlen(v), aim_names, WR_CHARGE_AIM_COUNT);
        if (aim < 0)
            return tool_fail(cmd, TOOL_USAGE,
                             "argument %d: --aim takes break, figures or score, not '%s'",
                             tool_args_position(args, OPT_AIM), v);
        p->aim = (wr_charge_aim)aim;
    }
    if ((v = tool_args_value(args, OPT_FATES)) != NULL && !parse_fates(v, &p->fates))
        return tool_fail(cmd, TOOL_USAGE,
                         "argument %d: --fates takes a list of fighting, holds, retires, routs, "
                         "destroyed, not '%s'",
                         tool_args_position(args, OPT_FATES), v);
    if ((v = tool_args_value(args, OPT_WEIGHTS)) != NULL) {
        int w[3];
        if (!parse_weights(v, w))
            return tool_fail(cmd, TOOL_USAGE,
                             "argument %d: --weights takes BREAK,INFLICTED,LOST, three whole "
                             "numbers 0..1000, not '%s'",
                             tool_args_position(args, OPT_WEIGHTS), v);
        p->break_weight = w[0];
        p->inflicted_weight = w[1];
        p->lost_weight = w[2];
        if (!tool_args_has(args, OPT_AIM))
            p->aim = WR_CHARGE_AIM_SCORE;
    }
    if ((v = tool_args_value(args, OPT_ROUNDS)) != NULL &&
        !tool_parse_int(v, 1, WR_ODDS_MAX_ROUNDS, &p->max_rounds))
        return tool_fail(cmd, TOOL_USAGE,
                         "argument %d: --rounds takes a whole number 1..%d, not '%s'",
                         tool_args_position(args, OPT_ROUNDS), WR_ODDS_MAX_ROUNDS, v);
    if ((v = tool_args_value(args, OPT_TOP)) != NULL &&
        !tool_parse_int(v, 1, WR_CHARGE_ADVISOR_MAX_TOP, &p->top))
        return tool_fail(cmd, TOOL_USAGE, "argument %d: --top takes a whole number 1..%d, not '%s'",
                         tool_args_position(args, OPT_TOP), WR_CHARGE_ADVISOR_MAX_TOP, v);
    int rc = tool_scenario_operand(cmd, args, OPT_SCENARIO, &r->scenario);
    if (rc == TOOL_OK && r->scenario == NULL)
        rc = tool_fail(cmd, TOOL_USAGE,
                       "a scenario file is needed: [unit] sections, [charge] sections for the "
                       "charges the game may make, [fight] sections for the fights going on "
                       "(docs/tool.md)");
    if (rc == TOOL_OK)
        rc = tool_load_scenario(cmd, r->scenario, sc);
    if (rc == TOOL_OK)
        rc = tool_apply_sets(cmd, args, OPT_SET, sc);
    if (rc == TOOL_OK && !tool_args_has(args, OPT_ROUNDS) && sc->rounds) {
        if (sc->rounds > WR_ODDS_MAX_ROUNDS)
            return tool_fail(cmd, TOOL_USAGE, "the exact odds take at most %d turns (rounds = %d)",
                             WR_ODDS_MAX_ROUNDS, sc->rounds);
        p->max_rounds = sc->rounds;
    }
    if (rc == TOOL_OK && (v = tool_args_value(args, OPT_TARGET)) != NULL) {
        r->target = tool_scenario_unit(sc, v);
        if (r->target < 0)
            return tool_fail(cmd, TOOL_USAGE, "argument %d: --target: no [unit] named '%s'",
                             tool_args_position(args, OPT_TARGET), v);
    }
    if (rc == TOOL_OK && r->target < 0 &&
        (p->aim == WR_CHARGE_AIM_BREAK || (p->aim == WR_CHARGE_AIM_SCORE && p->break_weight > 0)))
        return tool_fail(cmd, TOOL_USAGE,
                         "--aim %s needs --target UNIT: the enemy unit whose break is sought",
                         aim_names[p->aim]);
    return rc;
}

/* The units, their profiles, and the advisor with every fight and charge. */
static int build(const char *cmd, const tool_scenario *sc, advise_run *r)
{
    const char *path = r->scenario;
    char where[TOOL_PATH_MAX + 32];
    if (sc->side[0].defined || sc->side[1].defined)
        return tool_fail(cmd, TOOL_USAGE,
                         "%s: [side a]/[side b] are one engagement; advise takes [unit], [charge] "
                         "and [fight] sections",
                         path);
    if (sc->n_charges == 0)
        return tool_fail(cmd, TOOL_USAGE,
                         "%s: no [charge] section: give the charges the game may make this turn "
                         "(attacker, enemy, face, in-contact, enemy-in-contact)",
                         path);
    int rc = tool_units_build(cmd, path, sc, r->profile, r->unit, "");
    if (rc != TOOL_OK)
        return rc;
    if (wr_charge_advisor_new(&r->adv) != WR_OK)
        return tool_fail(cmd, TOOL_FAILED, "out of memory");
    for (int i = 0; i < sc->n_fights; i++) {
        const tool_fight_spec *f = &sc->fights[i];
        tool_where(path, f->line, where, sizeof where);
        wr_phase_fight pf;
        for (int s = 0; s < 2; s++) {
            const tool_fight_side_spec *fs = &f->side[s];
            if (fs->unit < 0 || fs->in_contact < 0)
                return tool_fail(cmd, TOOL_USAGE,
                                 "%s[fight %s]: side %c needs its unit and its figures in "
                                 "contact (%c = UNIT, %c.in-contact = N)",
                                 where, f->name, 'a' + s, 'a' + s, 'a' + s);
        }
        tool_phase_fight(f, r->unit, &pf);
        wr_last_error_clear();
        wr_status st = wr_charge_advisor_add_fight(r->adv, &pf);
        if (st != WR_OK)
            return tool_fail(cmd, code_of(st),
                             "%s[fight %s] is refused by the advisor: %s (side a is the game's "
                             "unit, side b the enemy's)",
                             where, f->name, tool_lib_detail(st));
    }
    for (int i = 0; i < sc->n_charges; i++) {
        const tool_charge_spec *c = &sc->charges[i];
        tool_where(path, c->line, where, sizeof where);
        if (c->attacker < 0 || c->enemy < 0)
            return tool_fail(cmd, TOOL_USAGE,
                             "%s[charge %s]: needs attacker = UNIT and enemy = UNIT", where,
                             c->name);
        if (c->in_contact < 0 || c->enemy_in_contact < 0)
            return tool_fail(cmd, TOOL_USAGE,
                             "%s[charge %s]: needs in-contact = N and enemy-in-contact = N", where,
                             c->name);
        wr_charge_option o;
        memset(&o, 0, sizeof o);
        o.attacker = r->unit[c->attacker];
        o.enemy = r->unit[c->enemy];
        o.face = (wr_facing)c->face;
        o.in_contact = c->in_contact;
        o.enemy_in_contact = c->enemy_in_contact;
        o.contact = (wr_phase_contact)c->contact;
        int index = 0;
        wr_last_error_clear();
        wr_status st = wr_charge_advisor_add_option(r->adv, &o, &index);
        if (st != WR_OK)
            return tool_fail(cmd, code_of(st), "%s[charge %s] is refused by the advisor: %s", where,
                             c->name, tool_lib_detail(st));
    }
    r->params.target = r->target >= 0 ? r->unit[r->target] : NULL;
    wr_last_error_clear();
    wr_status st = wr_charge_advisor_rank(r->adv, &r->params, &r->info);
    if (st != WR_OK)
        return tool_fail(cmd, code_of(st), "%s: the choices cannot be ranked: %s", path,
                         tool_lib_detail(st));
    return TOOL_OK;
}

/* The attackers in the advisor's order (by their first [charge]). */
static int attackers_of(const tool_scenario *sc, int *units)
{
    int n = 0;
    for (int i = 0; i < sc->n_charges; i++) {
        int u = sc->charges[i].attacker, seen = 0;
        for (int k = 0; k < n; k++)
            seen |= units[k] == u;
        if (!seen && n < WR_PHASE_ODDS_MAX_FIGHTS)
            units[n++] = u;
    }
    return n;
}

static void choice_label(const tool_scenario *sc, const wr_charge_choice *c, char *buf, size_t cap)
{
    int att[WR_PHASE_ODDS_MAX_FIGHTS];
    int n = attackers_of(sc, att);
    size_t used = 0;
    buf[0] = '\0';
    for (int a = 0; a < n && a < c->attackers; a++) {
        char part[160];
        if (c->option[a] < 0) {
            snprintf(part, sizeof part, "%s: hold back", sc->units[att[a]].name);
        } else {
            const tool_charge_spec *ch = &sc->charges[c->option[a]];
            snprintf(part, sizeof part, "%s: %s %s (%s)", sc->units[ch->attacker].name,
                     tool_contact_name(ch->contact), sc->units[ch->enemy].name,
                     tool_facing_name(ch->face));
        }
        int w = snprintf(buf + used, cap - used, "%s%s", a ? "; " : "", part);
        if (w < 0 || (size_t)w >= cap - used)
            break;
        used += (size_t)w;
    }
}

static void decimal(int64_t v, int digits, char *buf, size_t cap)
{
    uint64_t m = v < 0 ? (uint64_t)0 - (uint64_t)v : (uint64_t)v, unit = 1;
    for (int i = 0; i < digits; i++)
        unit *= 10;
    snprintf(buf, cap, "%s%llu.%0*llu", v < 0 ? "-" : "", (unsigned long long)(m / unit), digits,
             (unsigned long long)(m % unit));
}

static void section_of(wr_melee_rule rule, char *buf, size_t cap)
{
    const char *src = wr_melee_rule_source(rule);
    size_t n = strcspn(src, "]");
    snprintf(buf, cap, "%.*s", src[n] == ']' ? (int)n + 1 : 0, src);
}

static void fight_label(const tool_scenario *sc, const wr_charge_choice *c, int fight, char *buf,
                        size_t cap)
{
    if (fight < sc->n_fights) {
        snprintf(buf, cap, "fight %s", sc->fights[fight].name);
        return;
    }
    int k = sc->n_fights;
    for (int a = 0; a < c->attackers; a++) {
        if (c->option[a] < 0)
            continue;
        if (k == fight) {
            snprintf(buf, cap, "charge %s", sc->charges[c->option[a]].name);
            return;
        }
        k++;
    }
    snprintf(buf, cap, "fight %d", fight);
}

/* Each ranked choice's row: its label and numbers. */
static int fill_rows(const char *cmd, const tool_scenario *sc, const advise_run *r,
                     tool_advice_row *rows)
{
    for (int k = 0; k < r->info.ranked; k++) {
        wr_charge_choice c;
        wr_last_error_clear();
        wr_status st = wr_charge_advisor_choice(r->adv, k, &c);
        if (st != WR_OK)
            return tool_fail(cmd, code_of(st), "choice %d: %s", k + 1, tool_lib_detail(st));
        tool_advice_row *row = &rows[k];
        choice_label(sc, &c, row->label, sizeof row->label);
        row->break_e18 = c.break_e18;
        row->inflicted_e9 = c.inflicted_e9;
        row->lost_e9 = c.lost_e9;
        row->score_e9 = c.score_e9;
    }
    return TOOL_OK;
}

/* The target's fates as words ("orcs routs or destroyed"); "" without one. */
static void target_text(const tool_scenario *sc, const advise_run *r, char *target, size_t cap)
{
    target[0] = '\0';
    if (r->target < 0)
        return;
    size_t used = (size_t)snprintf(target, cap, "%s", sc->units[r->target].name);
    int first = 1;
    for (int f = 0; f < WR_FATE_COUNT && used < cap; f++)
        if (r->params.fates >> f & 1u) {
            int w =
                snprintf(target + used, cap - used, "%s%s", first ? " " : " or ", fate_names[f]);
            if (w > 0)
                used += (size_t)w;
            first = 0;
        }
}

/* What was asked and what the advisor did, before the choices. */
static void print_head(FILE *out, const tool_scenario *sc, const advise_run *r, const char *target)
{
    const wr_charge_advisor_params *p = &r->params;
    const wr_charge_advisor_info *info = &r->info;
    if (r->json) {
        fprintf(out, "{\"aim\": \"%s\", \"target\": ", aim_names[p->aim]);
        if (r->target >= 0)
            tool_json_str(out, sc->units[r->target].name);
        else
            fprintf(out, "null");
        fprintf(out,
                ", \"rounds\": %d, \"choices\": %lld, \"evaluated\": %lld, \"pruned\": %lld, "
                "\"groups\": %d, \"bounds\": %d, \"ranked\": [",
                p->max_rounds, info->choices, info->evaluated, info->pruned, info->groups,
                info->bounds);
        return;
    }
    fprintf(out,
            "advise: %lld choices, %lld scored exactly, %lld pruned; %d groups of fights "
            "computed (%d turns each)\n",
            info->choices, info->evaluated, info->pruned, info->groups, p->max_rounds);
    if (p->aim == WR_CHARGE_AIM_BREAK)
        fprintf(out, "aim: the probability that %s\n\n", target);
    else if (p->aim == WR_CHARGE_AIM_FIGURES)
        fprintf(out, "aim: expected enemy figures lost minus own figures lost\n\n");
    else
        fprintf(out, "aim: %d x P(%s) + %d x enemy figures lost - %d x own figures lost\n\n",
                p->break_weight, r->target >= 0 ? target : "no target", p->inflicted_weight,
                p->lost_weight);
}

/* A choice's charges as a JSON array. */
static void print_charges_json(FILE *out, const tool_scenario *sc, const wr_charge_choice *c)
{
    fprintf(out, ", \"charges\": [");
    int first = 1;
    for (int a = 0; a < c->attackers; a++) {
        if (c->option[a] < 0)
            continue;
        const tool_charge_spec *ch = &sc->charges[c->option[a]];
        fprintf(out, "%s{\"charge\": ", first ? "" : ", ");
        tool_json_str(out, ch->name);
        fprintf(out, ", \"attacker\": ");
        tool_json_str(out, sc->units[ch->attacker].name);
        fprintf(out, ", \"enemy\": ");
        tool_json_str(out, sc->units[ch->enemy].name);
        fprintf(out, ", \"face\": \"%s\"}", tool_facing_name(ch->face));
        first = 0;
    }
}

/* The reasons of choice k: each fight's event with its rule. */
static void print_reasons(FILE *out, const tool_scenario *sc, const advise_run *r, int k,
                          const wr_charge_choice *c)
{
    for (int i = 0; i < c->reasons; i++) {
        wr_charge_reason rs;
        if (wr_charge_advisor_reason(r->adv, k, i, &rs) != WR_OK)
            break;
        char text[256], section[64], fl[TOOL_NAME_MAX + 16];
        size_t len = 0;
        if (wr_melee_event_text(&rs.event, text, sizeof text, &len) != WR_OK)
            snprintf(text, sizeof text, "?");
        section_of(rs.event.rule, section, sizeof section);
        fight_label(sc, c, rs.fight, fl, sizeof fl);
        if (!r->json) {
            fprintf(out, "      %s %s: %s\n", section, fl, text);
            continue;
        }
        fprintf(out, "%s{\"fight\": ", i ? ", " : "");
        tool_json_str(out, fl);
        fprintf(out, ", \"rule\": ");
        tool_json_str(out, wr_melee_rule_name(rs.event.rule));
        fprintf(out, ", \"section\": ");
        tool_json_str(out, section);
        fprintf(out, ", \"text\": ");
        tool_json_str(out, text);
        fprintf(out, "}");
    }
}

static int print(const char *cmd, FILE *out, const tool_scenario *sc, const advise_run *r,
                 const tool_advice_row *rows)
{
    char target[TOOL_NAME_MAX + 40];
    target_text(sc, r, target, sizeof target);
    print_head(out, sc, r, target);
    for (int k = 0; k < r->info.ranked; k++) {
        wr_charge_choice c;
        wr_last_error_clear();
        wr_status st = wr_charge_advisor_choice(r->adv, k, &c);
        if (st != WR_OK)
            return tool_fail(cmd, code_of(st), "choice %d: %s", k + 1, tool_lib_detail(st));
        const tool_advice_row *row = &rows[k];
        char score[48], inflicted[48], lost[48], pct[32];
        decimal(c.score_e9, 9, score, sizeof score);
        decimal((int64_t)c.inflicted_e9, 9, inflicted, sizeof inflicted);
        decimal((int64_t)c.lost_e9, 9, lost, sizeof lost);
        if (r->json) {
            fprintf(out, "%s{\"rank\": %d, \"choice\": ", k ? ", " : "", k + 1);
            tool_json_str(out, row->label);
            print_charges_json(out, sc, &c);
            fprintf(out,
                    "], \"score\": \"%s\", \"break_e18\": %llu, \"break_percent\": %s, "
                    "\"inflicted\": \"%s\", \"lost\": \"%s\", \"reasons\": [",
                    score, (unsigned long long)c.break_e18,
                    tool_percent(c.break_e18, pct, sizeof pct), inflicted, lost);
        } else {
            fprintf(out, "%2d. %s\n    score %s", k + 1, row->label, score);
            if (r->target >= 0)
                fprintf(out, ", %s: %s%%", target, tool_percent(c.break_e18, pct, sizeof pct));
            fprintf(out, ", expected figures lost: enemy %s, own %s\n", inflicted, lost);
        }
        print_reasons(out, sc, r, k, &c);
        fputs(r->json ? "]}" : "\n", out);
    }
    if (r->json)
        fprintf(out, "]}\n");
    return TOOL_OK;
}

static int advise_usage(FILE *f)
{
    fprintf(
        f,
        "usage: warrules advise SCENARIO [--aim break|figures|score] [--target UNIT]\n"
        "                      [--fates LIST] [--weights B,I,L] [--rounds N] [--top K]\n"
        "                      [--set S.N.K=V]... [--json] [--svg FILE]\n\n"
        "Ranks every legal choice of the charges a scenario offers ([charge] sections;\n"
        "each unit charges at most once, holding back is a choice), with the fights\n"
        "going on ([fight], side a the game's unit), by the exact odds of each choice's\n"
        "melee phase fought turn after turn (Fantasy Warlord), and prints the best with\n"
        "their reasons, each citing its section of the rules.\n\n"
        "  SCENARIO, --scenario FILE  [profile], [unit], [charge], [fight] sections "
        "(docs/tool.md)\n"
        "  --aim break|figures|score  the target's break (default with --target), expected\n"
        "                             enemy figures lost minus own (default), or a weighted score\n"
        "  --target UNIT              the enemy [unit] whose break is sought\n"
        "  --fates LIST               what counts as its break: routs,destroyed (default),\n"
        "                             retires, holds, fighting\n"
        "  --weights B,I,L            the score: B x break + I x inflicted - L x lost (0..1000)\n"
        "  --rounds N                 turns each choice is fought, 1..40 (default 6)\n"
        "  --top K                    choices to print (default 5)\n"
        "  --set S.N.K=V              set one key, e.g. --set unit.orcs.figures=12\n"
        "  --json                     JSON output\n"
        "  --svg FILE                 draw the ranked choices as bars ('-' for standard output)\n");
    return TOOL_OK;
}

int tool_advise(int argc, char **argv, FILE *out)
{
    static const char cmd[] = "advise";
    tool_args args;
    int go;
    int rc = tool_command_start(cmd, TOOL_OPTIONS(advise_options), argc, argv, out, advise_usage,
                                &args, &go);
    if (!go)
        return rc;
    tool_scenario *sc = malloc(sizeof *sc);
    advise_run *r = calloc(1, sizeof *r);
    tool_advice_row *rows = NULL;
    if (sc == NULL || r == NULL) {
        free(sc);
        free(r);
        tool_args_free(&args);
        return tool_fail(cmd, TOOL_FAILED, "out of memory");
    }
    tool_scenario_init(sc);
    rc = parse_opts(cmd, &args, r, sc);
    if (rc == TOOL_OK && tool_args_has(&args, OPT_TARGET) && !tool_args_has(&args, OPT_AIM) &&
        !tool_args_has(&args, OPT_WEIGHTS))
        r->params.aim = WR_CHARGE_AIM_BREAK;
    if (rc == TOOL_OK)
        rc = build(cmd, sc, r);
    if (rc == TOOL_OK &&
        (rows = calloc((size_t)(r->info.ranked ? r->info.ranked : 1), sizeof *rows)) == NULL)
        rc = tool_fail(cmd, TOOL_FAILED, "out of memory");
    if (rc == TOOL_OK)
        rc = fill_rows(cmd, sc, r, rows);
    if (rc == TOOL_OK && !(r->svg && strcmp(r->svg, "-") == 0))
        rc = print(cmd, out, sc, r, rows);
    tool_out svg;
    memset(&svg, 0, sizeof svg);
    if (rc == TOOL_OK && r->svg && (rc = tool_out_open(cmd, r->svg, &svg)) == TOOL_OK) {
        tool_advice_data d;
        memset(&d, 0, sizeof d);
        const wr_charge_advisor_params *p = &r->params;
        if (r->target >= 0) {
            size_t used =
                (size_t)snprintf(d.target, sizeof d.target, "%s", sc->units[r->target].name);
            int first = 1;
            for (int f = 0; f < WR_FATE_COUNT && used < sizeof d.target; f++)
                if (p->fates >> f & 1u) {
                    int w = snprintf(d.target + used, sizeof d.target - used, "%s%s",
                                     first ? " " : " or ", fate_names[f]);
                    if (w > 0)
                        used += (size_t)w;
                    first = 0;
                }
        }
        snprintf(d.title, sizeof d.title,
                 "Charges ranked by their exact odds (%lld choices, %d turns; aim: %s)",
                 r->info.choices, p->max_rounds, aim_names[p->aim]);
        d.n = r->info.ranked;
        d.rows = rows;
        tool_svg_advice(svg.f, &d);
    }
    rc = tool_out_finish(cmd, &svg, rc);
    free(rows);
    run_free(r);
    free(r);
    free(sc);
    tool_args_free(&args);
    return rc;
}
