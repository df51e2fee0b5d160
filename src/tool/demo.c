/* warrules demo: the library's main job on a built-in scenario, each step
   with the rule section it comes from. The figures and profiles are samples
   (the worked example's numbers where the texts give them), not the games'. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "mapfile.h"
#include "route.h"
#include "svg.h"
#include "tool.h"
#include "warrules/warrules.h"

static wr_figure *make_figure(int ar, int hd, int ac, int mv, int dice, int sides, int bonus)
{
    wr_figure *f = NULL;
    if (wr_figure_new(&f) != WR_OK)
        return NULL;
    /* the demo's constant stats are within every range */
    (void)wr_figure_set(f, WR_STAT_AR, ar);
    (void)wr_figure_set(f, WR_STAT_HD, hd);
    (void)wr_figure_set(f, WR_STAT_AC, ac);
    (void)wr_figure_set(f, WR_STAT_MV, mv);
    if (wr_figure_add_damage(f, dice, sides, bonus) != WR_OK) { /* a damage group allocates */
        wr_figure_free(f);
        return NULL;
    }
    return f;
}

static void print_figure(FILE *out, const char *name, const wr_figure *f)
{
    int v[4] = {0}, lo = 0, hi = 0;
    for (int i = 0; i < 4; i++)
        (void)wr_figure_get(f, (wr_stat)i, &v[i]);
    (void)wr_figure_damage_range(f, &lo, &hi);
    fprintf(out, "  %-22s AR %3d  HD %2d  AC %3d  MV %2d  damage %d-%d\n", name, v[0], v[1], v[2],
            v[3], lo, hi);
}

/* [11.2], [11.3]: a cavalry figure and a chariot. */
static int demo_ratings(FILE *out)
{
    fprintf(out, "\n== Battlesystem ratings (sample figures)\n");
    wr_figure *rider = make_figure(12, 1, 4, 12, 1, 8, 0);
    wr_figure *horse = make_figure(14, 3, 7, 18, 1, 6, 0);
    wr_figure *archer = make_figure(13, 1, 6, 12, 1, 6, 0);
    wr_figure *cav = NULL, *chariot = NULL;
    int ok = rider && horse && archer;
    if (ok) {
        print_figure(out, "rider (sample)", rider);
        print_figure(out, "warhorse (sample)", horse);
        ok = wr_rate_cavalry(rider, horse, &cav) == WR_OK;
    }
    if (ok) {
        print_figure(out, "cavalry figure", cav);
        fprintf(out, "    [11.2] AR the rider's; HD the mean rounded up; AC the poorer; MV the "
                     "mount's; damage added\n");
        const wr_figure *passengers[] = {rider, archer};
        const wr_figure *pullers[] = {horse, horse};
        ok = wr_rate_chariot(passengers, 2, pullers, 2, &chariot) == WR_OK;
    }
    if (ok) {
        print_figure(out, "chariot (2+2 horses)", chariot);
        fprintf(out, "    [11.3] AR and AC the means in the chariot's favour, AC -2; pullers' HD 6 "
                     "is 3x the passengers' 2, so full MV\n");
    }
    wr_figure_free(chariot);
    wr_figure_free(cav);
    wr_figure_free(archer);
    wr_figure_free(horse);
    wr_figure_free(rider);
    return ok ? TOOL_OK : TOOL_FAILED;
}

static const char *const end_names[WR_END_COUNT] = {"still fighting after the round cap",
                                                    "the dwarfs rout",
                                                    "the dwarfs retire",
                                                    "the orcs rout",
                                                    "the orcs retire",
                                                    "the dwarfs are destroyed",
                                                    "the orcs are destroyed",
                                                    "both are destroyed"};

/* Each event of a round with the section of the text it comes from. */
static void print_events(FILE *out, const wr_melee_round *r)
{
    for (int i = 0; i < r->n_events; i++) {
        char text[200];
        size_t len = 0;
        const wr_melee_event *e = &r->events[i];
        if (wr_melee_event_text(e, text, sizeof text, &len) != WR_OK)
            continue;
        const char *source = wr_melee_rule_source(e->rule);
        const char *close = strchr(source, ']');
        int section = close ? (int)(close - source + 1) : (int)strlen(source);
        fprintf(out, "    %-62s %.*s\n", text, section, source);
    }
}

static int print_odds(FILE *out, const wr_engagement *e)
{
    wr_melee_odds *odds = NULL;
    if (wr_melee_odds_new(e, 30, &odds) != WR_OK)
        return TOOL_FAILED;
    fprintf(out, "  exact odds from here (sample morale, up to 30 rounds):\n");
    for (int end = 0; end < WR_END_COUNT; end++) {
        uint64_t p = 0;
        if (wr_melee_odds_end(odds, (wr_melee_end)end, &p) != WR_OK || p == 0)
            continue;
        char percent[32];
        fprintf(out, "    %-34s %6s%%\n", end_names[end], tool_percent(p, percent, sizeof percent));
    }
    wr_melee_odds_free(odds);
    return TOOL_OK;
}

/* Fantasy Warlord: the dwarfs charge the orc urucks, round by round. */
static int demo_melee(FILE *out, wr_rng *rng)
{
    fprintf(out, "\n== Fantasy Warlord melee: dwarf veterans charge orc urucks "
                 "(the text's worked example; sample profiles)\n");
    wr_profile *dwarf = NULL, *orc = NULL;
    wr_melee_unit *dwarfs = NULL, *orcs = NULL;
    wr_engagement *e = NULL;
    int rc = TOOL_FAILED;
    if (wr_profile_new_sample(WR_SAMPLE_DWARF_VETERANS, &dwarf) != WR_OK ||
        wr_profile_new_sample(WR_SAMPLE_ORC_URUCKS, &orc) != WR_OK)
        goto done;
    wr_melee_unit_desc d = wr_melee_unit_desc_default();
    d.figures = 10;
    d.files = 5;
    d.weapon_type = WR_WEAPON_SPEAR;
    d.armour = WR_SAMPLE_ARMOUR_CHAINMAIL;
    d.flags = WR_UNIT_SHIELDS;
    d.troop_class = WR_TROOP_VETERAN;
    if (wr_melee_unit_new(dwarf, &d, &dwarfs) != WR_OK)
        goto done;
    d.figures = 9;
    d.weapon_type = WR_WEAPON_POLEARM;
    d.flags = 0;
    d.troop_class = WR_TROOP_ELITE;
    if (wr_melee_unit_new(orc, &d, &orcs) != WR_OK)
        goto done;
    wr_situation s;
    memset(&s, 0, sizeof s);
    s.side[0].in_contact = 5;
    s.side[1].in_contact = 4;
    s.side[0].charged = 1;
    if (wr_engagement_new(dwarfs, orcs, &s, &e) != WR_OK)
        goto done;
    fprintf(out, "  10 dwarfs (spears, shields, two ranks of five) charge 9 orcs (polearms); "
                 "5 dwarfs touch 4 orcs\n");
    if (print_odds(out, e) != TOOL_OK)
        goto done;

    wr_melee_end end = WR_END_ONGOING;
    for (int round = 1; round <= 30 && end == WR_END_ONGOING; round++) {
        wr_melee_round r;
        wr_status st;
        if (round == 1) {
            /* the text's own dice: the dwarfs roll 34, the orcs 84 */
            int rolls[3] = {34, 84, 0};
            size_t used = 0;
            (void)wr_rng_roll(rng, 100, &rolls[2]);
            st = wr_engagement_fight_rolls(e, rolls, 3, &used, &r);
        } else {
            st = wr_engagement_fight_rng(e, rng, &r);
        }
        if (st != WR_OK || wr_engagement_apply(e, &r) != WR_OK)
            goto done;
        fprintf(out, "  round %d%s: the dwarfs lose %d, the orcs %d\n", round,
                round == 1 ? " (the text's dice 34 and 84)" : "", r.lost[0], r.lost[1]);
        print_events(out, &r);
        int rounds = 0;
        if (wr_engagement_status(e, &end, &rounds) != WR_OK)
            goto done;
        if (end == WR_END_ONGOING && print_odds(out, e) != TOOL_OK)
            goto done;
    }
    fprintf(out, "  result: %s\n", end_names[end]);
    rc = TOOL_OK;
done:
    wr_engagement_free(e);
    wr_melee_unit_free(orcs);
    wr_melee_unit_free(dwarfs);
    wr_profile_free(orc);
    wr_profile_free(dwarf);
    return rc;
}

/* The built-in campaign map, in the format of docs/map-format.md: a minor
   river runs north to south between the western fields and the hills, with
   a ford; beyond it a road climbs through the mountains. */
static const char demo_map[] = "[terrain]\n"
                               "..ff..h.....\n"
                               " ..f...hh.ss.\n"
                               "......h...s.\n"
                               " .hh.......m.\n"
                               "..h.....f.mm\n"
                               " .....fff.mm.\n"
                               ".....ff.....\n"
                               "[rivers]\n"
                               "5,0 minor E\n5,1 minor NE E SE\n5,2 minor E\n5,3 minor NE E SE\n"
                               "5,4 minor E\n5,5 minor NE E SE\n5,6 minor E\n"
                               "[crossings]\n"
                               "5,4 E ford\n"
                               "[roads]\n"
                               "6,4 NE E E E E E\n";

static int plan_march(FILE *out, wr_planner *planner, const wr_map *map, wr_mover mover, int draw)
{
    wr_plan_params params;
    wr_route route;
    wr_hex from, to;
    (void)wr_hex_from_offset(0, 3, &from);
    (void)wr_hex_from_offset(11, 3, &to);
    (void)wr_plan_params_default(mover, &params); /* infantry or cavalry */
    if (wr_planner_route(planner, map, &params, from, to, &route) != WR_OK)
        return TOOL_FAILED;
    fprintf(out, "  %s, %d points a day, from 0,3 to 11,3:\n",
            mover == WR_MOVER_CAVALRY ? "cavalry" : "infantry", params.costs.daily_points);
    tool_route_print(out, map, &params, &route);
    if (draw) {
        fprintf(out, "\n");
        tool_ascii_map(out, map, route.steps, route.step_count);
    }
    return TOOL_OK;
}

/* Valormr strategic movement: a march across the river, each step with
   its section of the text. */
static int demo_march(FILE *out)
{
    fprintf(out, "\n== Valormr campaign march across a river (built-in map; the library's "
                 "default move costs, labelled defaults)\n");
    wr_map *map = NULL;
    wr_planner *planner = NULL;
    char err[200];
    int rc = TOOL_FAILED;
    if (tool_map_read(demo_map, sizeof demo_map - 1, &map, err, sizeof err) != 0) {
        fprintf(stderr, "warrules demo: the built-in map: %s\n", err);
        return TOOL_FAILED;
    }
    if (wr_planner_new(&planner) == WR_OK &&
        plan_march(out, planner, map, WR_MOVER_INFANTRY, 1) == TOOL_OK) {
        fprintf(out, "\n");
        rc = plan_march(out, planner, map, WR_MOVER_CAVALRY, 0);
    }
    wr_planner_free(planner);
    wr_map_free(map);
    return rc;
}

enum { DEMO_SEED };
static const tool_optdef demo_options[] = {{"seed", 's', 1}};

int tool_demo(int argc, char **argv, FILE *out)
{
    uint64_t seed = 1;
    tool_args args;
    int rc = tool_args_parse("demo", demo_options, 1, argc, argv, &args);
    if (rc != TOOL_OK)
        return rc;
    if (args.help) {
        tool_args_free(&args);
        fprintf(out, "usage: warrules demo [--seed N]\n\n"
                     "Rates a cavalry figure and a chariot, fights the dwarfs against the orc\n"
                     "urucks round by round with the exact odds beside each round, and plans a\n"
                     "march across a built-in campaign map over a river by its ford, each step\n"
                     "with its rule section. N seeds the dice, 0..2^64-1 (default 1); the same\n"
                     "seed gives the same output. See docs/tool.md.\n");
        return TOOL_OK;
    }
    const char *v = tool_args_value(&args, DEMO_SEED);
    if (args.n_operands)
        rc = tool_fail("demo", TOOL_USAGE,
                       "argument %d '%s': the demo takes no file (try 'warrules demo --help')",
                       args.operand_position[0], args.operands[0]);
    else if (v && !tool_parse_seed(v, &seed))
        rc = tool_fail("demo", TOOL_USAGE,
                       "argument %d: --seed takes a whole number 0..2^64-1, not '%s'",
                       tool_args_position(&args, DEMO_SEED), v);
    tool_args_free(&args);
    if (rc != TOOL_OK)
        return rc;
    wr_rng *rng = NULL;
    if (wr_rng_new(seed, &rng) != WR_OK) {
        fprintf(stderr, "warrules demo: out of memory\n");
        return TOOL_FAILED;
    }
    fprintf(out, "libwarrules %s demo, dice seed %llu\n", wr_version(), (unsigned long long)seed);
    rc = demo_ratings(out);
    if (rc == TOOL_OK)
        rc = demo_melee(out, rng);
    if (rc == TOOL_OK)
        rc = demo_march(out);
    wr_rng_free(rng);
    if (rc != TOOL_OK)
        fprintf(stderr, "warrules demo: the scenario failed\n");
    return rc;
}
