/* alloc_failure: every scenario is run once per allocation it makes, with the
   k-th allocation failing; each run must end in WR_ERR_NOMEM with nothing
   leaked and nothing crashed, and the run with no failure must succeed. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "failing_alloc.h"

#include "warrules/core.h"
#ifdef WR_HAVE_BATTLESYSTEM
#include "warrules/battlesystem.h"
#endif
#ifdef WR_HAVE_MELEE
#include "warrules/melee.h"
#endif
#ifdef WR_HAVE_CAMPAIGN
#include "warrules/campaign.h"
#endif


static wr_status rng_scenario(const wr_allocator *alloc)
{
    wr_status st = WR_OK;
    wr_rng *rng = NULL, *copy = NULL;
    int roll = 0;
    TRY(wr_rng_new_ex(3, alloc, &rng));
    TRY(wr_rng_clone(rng, &copy));
    TRY(wr_rng_roll(copy, 6, &roll));
done:
    wr_rng_free(rng);
    wr_rng_free(copy);
    return st;
}

#ifdef WR_HAVE_BATTLESYSTEM
/* Battlesystem: figures (damage groups grow one sides value at a time),
   clones, cavalry and chariot ratings, units and formations. */
static wr_status figure_scenario(const wr_allocator *alloc)
{
    wr_status st = WR_OK;
    wr_figure *rider = NULL, *mount = NULL, *copy = NULL, *cav = NULL, *chariot = NULL;
    TRY(wr_figure_new_ex(alloc, &rider));
    TRY(wr_figure_new_ex(alloc, &mount));
    TRY(wr_figure_set(rider, WR_STAT_HD, 3));
    for (int sides = 2; sides <= 40; sides += 2)
        TRY(wr_figure_add_damage(rider, 1, sides, 0));
    TRY(wr_figure_add_damage(mount, 2, 6, 1));
    TRY(wr_figure_add_damage(mount, 1, 7, 0));
    TRY(wr_figure_clone(rider, &copy));
    TRY(wr_figure_add_damage(copy, 1, 99, 0));
    TRY(wr_rate_cavalry_ex(rider, mount, alloc, &cav));
    const wr_figure *passengers[2] = {rider, copy};
    const wr_figure *pullers[2] = {mount, cav};
    TRY(wr_rate_chariot_ex(passengers, 2, pullers, 2, alloc, &chariot));
done:
    wr_figure_free(rider);
    wr_figure_free(mount);
    wr_figure_free(copy);
    wr_figure_free(cav);
    wr_figure_free(chariot);
    return st;
}

static wr_status unit_scenario(const wr_allocator *alloc)
{
    wr_status st = WR_OK;
    wr_figure *f = NULL;
    wr_battle_unit *u = NULL;
    wr_formation *m = NULL;
    TRY(wr_figure_new_ex(alloc, &f));
    TRY(wr_figure_set(f, WR_STAT_MV, 12));
    TRY(wr_figure_add_damage(f, 1, 8, 0));
    TRY(wr_figure_add_damage(f, 1, 4, 0));
    wr_battle_unit_desc d = wr_battle_unit_desc_default();
    d.figures = 20;
    d.equipment = WR_EQUIP_LARGE_SHIELDS | WR_EQUIP_SPEARS;
    TRY(wr_battle_unit_new_ex(f, &d, alloc, &u));
    TRY(wr_formation_new_ex(WR_ORDER_CLOSED, 5, 0, alloc, &m));
    TRY(wr_shield_wall_declare(u, m, 0, WR_TURN_COST_DEFAULT));
    wr_tactical_result r;
    const wr_tactical_leg leg = {WR_TERRAIN_CLEAR, 12, 0, 0};
    TRY(wr_tactical_check(u, m, &leg, 1, 0, &r));
done:
    wr_figure_free(f);
    wr_battle_unit_free(u);
    wr_formation_free(m);
    return st;
}

#endif

#ifdef WR_HAVE_MELEE
/* Melee: profiles, a hit chart, units, engagements, a round, Monte Carlo
   and exact odds of troops and of a monster, a melee phase of five fights. */
static wr_status melee_scenario(const wr_allocator *alloc)
{
    wr_status st = WR_OK;
    wr_profile *men = NULL, *beast = NULL;
    wr_hit_chart *chart = NULL;
    wr_melee_unit *a = NULL, *b = NULL, *ogre = NULL;
    wr_engagement *e = NULL, *m = NULL;
    wr_melee_odds *o1 = NULL, *o2 = NULL;
    wr_melee_phase *ph = NULL;
    wr_rng *rng = NULL;
    TRY(wr_profile_new_ex(WR_RACE_HUMAN, alloc, &men));
    TRY(wr_profile_new_ex(WR_RACE_OTHER, alloc, &beast));
    TRY(wr_profile_set_bcp(men, 0, 0, 40));
    TRY(wr_profile_set_bcp(beast, 0, 0, 150));
    TRY(wr_hit_chart_new_ex(alloc, &chart));
    const wr_wound body[4] = {WR_WOUND_NICKED, WR_WOUND_LIGHT, WR_WOUND_SERIOUS, WR_WOUND_CRITICAL};
    const wr_wound head[4] = {WR_WOUND_STUNNED, WR_WOUND_BLINDED, WR_WOUND_UNCONSCIOUS,
                              WR_WOUND_KILLED};
    TRY(wr_hit_chart_add(chart, 1, 30, 1, body));
    TRY(wr_hit_chart_add(chart, 31, 60, 2, head));
    TRY(wr_hit_chart_add(chart, 61, 100, 3, body));
    wr_melee_unit_desc d = wr_melee_unit_desc_default();
    d.figures = 8;
    d.files = 4;
    TRY(wr_melee_unit_new_ex(men, &d, alloc, &a));
    TRY(wr_melee_unit_new_ex(men, &d, alloc, &b));
    d = wr_melee_unit_desc_default();
    d.kind = WR_UNIT_MONSTER;
    TRY(wr_melee_unit_new_ex(beast, &d, alloc, &ogre));
    TRY(wr_melee_unit_set_hit_chart(ogre, chart));
    wr_situation s;
    memset(&s, 0, sizeof s);
    s.side[0].in_contact = 4;
    s.side[1].in_contact = 4;
    TRY(wr_engagement_new_ex(a, b, &s, alloc, &e));
    s.side[1].in_contact = 1;
    TRY(wr_engagement_new_ex(b, ogre, &s, alloc, &m));
    TRY(wr_rng_new_ex(5, alloc, &rng));
    TRY(wr_melee_odds_new_ex(e, 4, alloc, &o1));
    TRY(wr_melee_odds_new_ex(m, 3, alloc, &o2));
    uint64_t counts[WR_END_COUNT];
    TRY(wr_engagement_simulate_rng(m, 10, rng, 20, counts));
    static wr_melee_round r;
    TRY(wr_engagement_fight_rng(e, rng, &r));
    TRY(wr_engagement_apply(e, &r));
    TRY(wr_melee_phase_new_ex(alloc, &ph));
    struct {
        wr_melee_unit *a, *b;
        wr_facing face;
        int contact;
    } fights[] = {{a, b, WR_FACING_FRONT, 2}, {ogre, a, WR_FACING_FLANK, 1},
                  {ogre, b, WR_FACING_FLANK, 1}, {a, ogre, WR_FACING_FLANK, 1},
                  {b, ogre, WR_FACING_REAR, 1}};
    for (int i = 0; i < 5; i++) {
        wr_phase_fight f;
        memset(&f, 0, sizeof f);
        f.side[0].unit = fights[i].a;
        f.side[0].in_contact = fights[i].contact;
        f.side[0].corner_fights = WR_PHASE_DEFAULT;
        f.side[1].unit = fights[i].b;
        f.side[1].face = fights[i].face;
        f.side[1].in_contact = fights[i].contact;
        f.side[1].corner_fights = WR_PHASE_DEFAULT;
        int index = 0;
        TRY(wr_melee_phase_add(ph, &f, &index));
    }
    size_t most = 0;
    TRY(wr_melee_phase_dice_needed(ph, &most));
    TRY(wr_melee_phase_resolve_rng(ph, rng));
done:
    wr_melee_phase_free(ph);
    wr_melee_odds_free(o1);
    wr_melee_odds_free(o2);
    wr_engagement_free(e);
    wr_engagement_free(m);
    wr_melee_unit_free(a);
    wr_melee_unit_free(b);
    wr_melee_unit_free(ogre);
    wr_hit_chart_free(chart);
    wr_profile_free(men);
    wr_profile_free(beast);
    wr_rng_free(rng);
    return st;
}

/* The exact odds of a melee phase: two groups of fights, combined. */
static wr_status melee_phase_odds_scenario(const wr_allocator *alloc)
{
    wr_status st = WR_OK;
    wr_profile *men = NULL;
    wr_melee_unit *u[5] = {NULL};
    wr_melee_phase *ph = NULL;
    wr_melee_phase_odds *odds = NULL;
    TRY(wr_profile_new_ex(WR_RACE_HUMAN, alloc, &men));
    TRY(wr_profile_set_bcp(men, 0, 0, 45));
    wr_melee_unit_desc d = wr_melee_unit_desc_default();
    d.figures = 5;
    d.files = 5;
    for (int i = 0; i < 5; i++)
        TRY(wr_melee_unit_new_ex(men, &d, alloc, &u[i]));
    TRY(wr_melee_phase_new_ex(alloc, &ph));
    const int pairs[3][2] = {{0, 1}, {2, 1}, {3, 4}};
    for (int i = 0; i < 3; i++) {
        wr_phase_fight f;
        memset(&f, 0, sizeof f);
        f.side[0].unit = u[pairs[i][0]];
        f.side[0].in_contact = 1;
        f.side[0].contact = WR_CONTACT_CHARGE;
        f.side[0].corner_fights = WR_PHASE_DEFAULT;
        f.side[1].unit = u[pairs[i][1]];
        f.side[1].face = i == 1 ? WR_FACING_FLANK : WR_FACING_FRONT;
        f.side[1].in_contact = 1;
        f.side[1].corner_fights = WR_PHASE_DEFAULT;
        int index = 0;
        TRY(wr_melee_phase_add(ph, &f, &index));
    }
    TRY(wr_melee_phase_odds_new_ex(ph, 3, alloc, &odds));
    uint64_t p = 0;
    TRY(wr_melee_phase_odds_unit_fate(odds, u[1], WR_FATE_ROUTS, &p));
done:
    wr_melee_phase_odds_free(odds);
    wr_melee_phase_free(ph);
    for (int i = 0; i < 5; i++)
        wr_melee_unit_free(u[i]);
    wr_profile_free(men);
    return st;
}

/* The charge advisor: a fight going on, options, a pruned ranking (first
   turns for the bounds, then exact groups), a choice, a reason, its odds. */
static wr_status charge_advisor_scenario(const wr_allocator *alloc)
{
    wr_status st = WR_OK;
    wr_profile *men = NULL;
    wr_melee_unit *u[5] = {NULL};
    wr_charge_advisor *adv = NULL;
    wr_melee_phase_odds *odds = NULL;
    TRY(wr_profile_new_ex(WR_RACE_HUMAN, alloc, &men));
    TRY(wr_profile_set_bcp(men, 0, 0, 45));
    wr_melee_unit_desc d = wr_melee_unit_desc_default();
    d.figures = 4;
    d.files = 2;
    for (int i = 0; i < 5; i++)
        TRY(wr_melee_unit_new_ex(men, &d, alloc, &u[i]));
    TRY(wr_charge_advisor_new_ex(alloc, &adv));
    wr_phase_fight f;
    memset(&f, 0, sizeof f);
    f.side[0].unit = u[0];
    f.side[0].in_contact = 2;
    f.side[0].corner_fights = WR_PHASE_DEFAULT;
    f.side[1].unit = u[3];
    f.side[1].in_contact = 2;
    f.side[1].corner_fights = WR_PHASE_DEFAULT;
    TRY(wr_charge_advisor_add_fight(adv, &f));
    for (int a = 1; a <= 2; a++)
        for (int e = 3; e <= 4; e++) {
            wr_charge_option o;
            memset(&o, 0, sizeof o);
            o.attacker = u[a];
            o.enemy = u[e];
            o.face = WR_FACING_FLANK;
            o.in_contact = 2;
            o.enemy_in_contact = 2;
            o.contact = WR_CONTACT_CHARGE;
            int index = 0;
            TRY(wr_charge_advisor_add_option(adv, &o, &index));
        }
    wr_charge_advisor_params p = wr_charge_advisor_params_default();
    p.max_rounds = 3;
    p.top = 2;
    wr_charge_advisor_info info;
    TRY(wr_charge_advisor_rank(adv, &p, &info));
    wr_charge_choice c;
    TRY(wr_charge_advisor_choice(adv, 0, &c));
    wr_charge_reason r;
    TRY(wr_charge_advisor_reason(adv, 0, 0, &r));
    TRY(wr_charge_advisor_odds(adv, 0, &odds));
done:
    wr_melee_phase_odds_free(odds);
    wr_charge_advisor_free(adv);
    for (int i = 0; i < 5; i++)
        wr_melee_unit_free(u[i]);
    wr_profile_free(men);
    return st;
}
#endif

static void run_scenario(alloc_scenario_fn scenario)
{
    check_alloc_failures(scenario, 0);
}

static void rng_allocations(void **state)
{
    (void)state;
    run_scenario(rng_scenario);
}

#ifdef WR_HAVE_BATTLESYSTEM
static void figure_allocations(void **state)
{
    (void)state;
    run_scenario(figure_scenario);
}

static void unit_allocations(void **state)
{
    (void)state;
    run_scenario(unit_scenario);
}
#endif

#ifdef WR_HAVE_MELEE
static void melee_allocations(void **state)
{
    (void)state;
    run_scenario(melee_scenario);
}

static void melee_phase_odds_allocations(void **state)
{
    (void)state;
    run_scenario(melee_phase_odds_scenario);
}

static void charge_advisor_allocations(void **state)
{
    (void)state;
    run_scenario(charge_advisor_scenario);
}
#endif

#ifdef WR_HAVE_CAMPAIGN
/* Campaign: a map, a planner whose search state grows with the first query
   on a map size and again on a larger map, routes, a field, a reachable set. */
static wr_status campaign_scenario(const wr_allocator *alloc)
{
    wr_status st = WR_OK;
    wr_map *small = NULL, *large = NULL;
    wr_planner *planner = NULL;
    TRY(wr_map_new_ex(6, 5, alloc, &small));
    TRY(wr_map_new_ex(14, 11, alloc, &large));
    wr_hex h;
    TRY(wr_hex_from_offset(3, 2, &h));
    TRY(wr_map_set_terrain(large, h, WR_HEX_FOREST));
    const wr_hexside river = {WR_RIVER_MINOR, WR_CROSS_FORD, 0, 0};
    TRY(wr_map_set_hexside(large, h, 0, &river));
    TRY(wr_planner_new_ex(alloc, &planner));
    wr_plan_params p;
    TRY(wr_plan_params_default(WR_MOVER_INFANTRY, &p));
    p.options = WR_PLAN_UNFORMED;
    wr_hex from, to;
    TRY(wr_hex_from_offset(0, 0, &from));
    TRY(wr_hex_from_offset(5, 4, &to));
    wr_route r;
    TRY(wr_planner_route(planner, small, &p, from, to, &r));
    TRY(wr_hex_from_offset(13, 10, &to));
    TRY(wr_planner_route(planner, large, &p, from, to, &r));
    static wr_arrival field[14 * 11];
    TRY(wr_planner_field(planner, large, &p, from, field, 14 * 11));
    const wr_hex *hexes = NULL;
    size_t count = 0;
    TRY(wr_planner_reachable(planner, large, &p, from, 3, &hexes, &count));
done:
    wr_planner_free(planner);
    wr_map_free(small);
    wr_map_free(large);
    return st;
}

static void campaign_allocations(void **state)
{
    (void)state;
    run_scenario(campaign_scenario);
}

/* Where forces meet: interceptions of an enemy by positions and of a planned
   one (the planner's buffers for both, then larger ones on a larger map), a
   formed interception from an unformed state, and a danger field. */
static wr_status intercept_scenario(const wr_allocator *alloc)
{
    wr_status st = WR_OK;
    wr_map *small = NULL, *large = NULL;
    wr_planner *planner = NULL;
    TRY(wr_map_new_ex(6, 5, alloc, &small));
    TRY(wr_map_new_ex(14, 11, alloc, &large));
    TRY(wr_planner_new_ex(alloc, &planner));
    wr_plan_params p;
    TRY(wr_plan_params_default(WR_MOVER_INFANTRY, &p));
    wr_hex from, a, b;
    TRY(wr_hex_from_offset(0, 0, &from));
    TRY(wr_hex_from_offset(5, 4, &a));
    TRY(wr_hex_from_offset(4, 4, &b));
    wr_force_position pos[2] = {{a, 1}, {b, 2}};
    wr_force_desc e;
    memset(&e, 0, sizeof e);
    e.positions = pos;
    e.position_count = 2;
    wr_intercept_result r;
    TRY(wr_planner_intercept(planner, small, &p, NULL, from, &e, NULL, &r));
    wr_force_desc planned;
    memset(&planned, 0, sizeof planned);
    planned.params = &p;
    TRY(wr_hex_from_offset(13, 10, &planned.from));
    TRY(wr_hex_from_offset(13, 0, &planned.to));
    TRY(wr_planner_intercept(planner, large, &p, NULL, from, &planned, NULL, &r));
    wr_force_state unformed;
    TRY(wr_force_start(&unformed));
    unformed.unformed = 1;
    wr_plan_query q;
    memset(&q, 0, sizeof q);
    q.start = &unformed;
    wr_intercept_params how;
    memset(&how, 0, sizeof how);
    how.objective = WR_INTERCEPT_FORMED;
    TRY(wr_planner_intercept(planner, large, &p, &q, from, &planned, &how, &r));
    wr_force_desc forces[2] = {planned, planned};
    forces[1].from = from;
    static wr_danger field[14 * 11];
    TRY(wr_planner_danger(planner, large, forces, 2, field, 14 * 11));
done:
    wr_planner_free(planner);
    wr_map_free(small);
    wr_map_free(large);
    return st;
}

static void intercept_allocations(void **state)
{
    (void)state;
    run_scenario(intercept_scenario);
}
#endif

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(rng_allocations),
#ifdef WR_HAVE_BATTLESYSTEM
        cmocka_unit_test(figure_allocations),
        cmocka_unit_test(unit_allocations),
#endif
#ifdef WR_HAVE_MELEE
        cmocka_unit_test(melee_allocations),
        cmocka_unit_test(melee_phase_odds_allocations),
        cmocka_unit_test(charge_advisor_allocations),
#endif
#ifdef WR_HAVE_CAMPAIGN
        cmocka_unit_test(campaign_allocations),
        cmocka_unit_test(intercept_allocations),
#endif
    };
    return cmocka_run_group_tests_name("alloc_failure", tests, NULL, NULL);
}
