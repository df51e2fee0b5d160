/* threads: melee resolutions, simulations and exact odds, battlesystem
   damage rolls and move checks, and route plans (each thread with its own
   planner over one const map) run
   on several threads at once over shared const handles, each thread with its
   own wr_rng; every result must equal the one computed on a single thread
   first. scripts/reliability.sh builds it with -fsanitize=thread too. Plain C
   with pthreads, no test framework. */
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "warrules/battlesystem.h"
#include "warrules/melee.h"
#ifdef WR_HAVE_CAMPAIGN
#include "warrules/campaign.h"
#endif

#include "fixtures.h"

#define THREADS 6
#define REPEATS 3

/* Everything shared, built once, then only read. */
typedef struct shared {
    wr_profile *dwarf, *orc, *men, *beast;
    wr_melee_unit *dwarfs, *orcs, *humans, *ogre;
    wr_hit_chart *chart;
    wr_engagement *example, *monster;
    wr_figure *rider, *mount, *cav;
    wr_battle_unit *unit;
    wr_formation *formation;
#ifdef WR_HAVE_CAMPAIGN
    wr_map *map;
#endif
} shared;

static uint64_t fnv(uint64_t h, int64_t v)
{
    uint64_t u = (uint64_t)v;
    for (int i = 0; i < 8; i++) {
        h ^= (u >> (8 * i)) & 0xffu;
        h *= UINT64_C(0x100000001b3);
    }
    return h;
}

static uint64_t fnv_text(uint64_t h, const char *s)
{
    for (; *s != '\0'; s++)
        h = fnv(h, (unsigned char)*s);
    return h;
}

#define OK(call)                                                                                   \
    do {                                                                                           \
        wr_status st_ = (call);                                                                    \
        if (st_ != WR_OK) {                                                                        \
            fprintf(stderr, "%s:%d: %s gave %s\n", __FILE__, __LINE__, #call,                     \
                    wr_status_name(st_));                                                          \
            return 0;                                                                              \
        }                                                                                          \
    } while (0)

static int shared_new(shared *s)
{
    memset(s, 0, sizeof *s);
    OK(wr_profile_new_sample(WR_SAMPLE_DWARF_VETERANS, &s->dwarf));
    OK(wr_profile_new_sample(WR_SAMPLE_ORC_URUCKS, &s->orc));
    OK(wr_profile_new(WR_RACE_HUMAN, &s->men));
    OK(wr_profile_new(WR_RACE_OTHER, &s->beast));
    OK(wr_profile_set_retire_band(s->orc, 10));
    OK(wr_profile_set_bcp(s->men, 0, 0, 30));
    OK(wr_profile_set_bcp(s->beast, 0, 0, 120));
    OK(wr_hit_chart_new(&s->chart));
    for (int i = 0; i < 2; i++) {
        const chart_row row = sample_chart_row(i);
        OK(wr_hit_chart_add(s->chart, row.low, row.high, row.location, row.wounds));
    }
    wr_melee_unit_desc d = example_dwarfs_desc();
    OK(wr_melee_unit_new(s->dwarf, &d, &s->dwarfs));
    d = example_urucks_desc();
    OK(wr_melee_unit_new(s->orc, &d, &s->orcs));
    d = wr_melee_unit_desc_default();
    d.figures = 8;
    d.files = 4;
    OK(wr_melee_unit_new(s->men, &d, &s->humans));
    d = wr_melee_unit_desc_default();
    d.kind = WR_UNIT_MONSTER;
    OK(wr_melee_unit_new(s->beast, &d, &s->ogre));
    OK(wr_melee_unit_set_hit_chart(s->ogre, s->chart));
    wr_situation sit = example_situation();
    OK(wr_engagement_new(s->dwarfs, s->orcs, &sit, &s->example));
    memset(&sit, 0, sizeof sit);
    sit.side[0].in_contact = 4;
    sit.side[1].in_contact = 1;
    OK(wr_engagement_new(s->humans, s->ogre, &sit, &s->monster));

    OK(wr_figure_new(&s->rider));
    OK(wr_figure_new(&s->mount));
    OK(wr_figure_set(s->rider, WR_STAT_HD, 3));
    OK(wr_figure_set(s->mount, WR_STAT_HD, 4));
    OK(wr_figure_set(s->mount, WR_STAT_MV, 18));
    OK(wr_figure_add_damage(s->rider, 1, 8, 1));
    OK(wr_figure_add_damage(s->mount, 2, 6, 0));
    OK(wr_rate_cavalry(s->rider, s->mount, &s->cav));
    wr_battle_unit_desc desc = wr_battle_unit_desc_default();
    desc.type = WR_UNIT_TYPE_CAVALRY;
    desc.figures = 12;
    OK(wr_battle_unit_new(s->cav, &desc, &s->unit));
    OK(wr_formation_new(WR_ORDER_OPEN, 4, 90, &s->formation));
#ifdef WR_HAVE_CAMPAIGN
    /* a 16 x 12 map: terrain by a formula, a sea in the east, a river */
    OK(wr_map_new(16, 12, &s->map));
    for (int32_t i = 0; i < 16 * 12; i++) {
        wr_hex h;
        int col = 0, row = 0;
        OK(wr_map_hex(s->map, i, &h));
        OK(wr_hex_to_offset(h, &col, &row));
        static const wr_hex_terrain land[7] = {WR_HEX_CLEAR, WR_HEX_FOREST, WR_HEX_CLEAR,
                                               WR_HEX_HILLS, WR_HEX_SWAMP, WR_HEX_CLEAR,
                                               WR_HEX_MOUNTAINS};
        wr_hex_terrain t = col >= 13 ? (col == 13 ? WR_HEX_COAST : WR_HEX_SEA)
                                     : land[(col * 3 + row * 5) % 7];
        OK(wr_map_set_terrain(s->map, h, t));
    }
    for (int row = 0; row < 12; row++) {
        wr_hex h;
        OK(wr_hex_from_offset(6, row, &h));
        wr_hexside side = {WR_RIVER_MINOR, row == 4 ? WR_CROSS_BRIDGE : WR_CROSS_OPEN, row == 4, 0};
        OK(wr_map_set_hexside(s->map, h, 0, &side));
    }
#endif
    return 1;
}

static void shared_free(shared *s)
{
    wr_engagement_free(s->example);
    wr_engagement_free(s->monster);
    wr_melee_unit_free(s->dwarfs);
    wr_melee_unit_free(s->orcs);
    wr_melee_unit_free(s->humans);
    wr_melee_unit_free(s->ogre);
    wr_hit_chart_free(s->chart);
    wr_profile_free(s->dwarf);
    wr_profile_free(s->orc);
    wr_profile_free(s->men);
    wr_profile_free(s->beast);
    wr_battle_unit_free(s->unit);
    wr_formation_free(s->formation);
    wr_figure_free(s->rider);
    wr_figure_free(s->mount);
    wr_figure_free(s->cav);
#ifdef WR_HAVE_CAMPAIGN
    wr_map_free(s->map);
#endif
}

#ifdef WR_HAVE_CAMPAIGN
/* Route plans over the shared const map with this thread's own planner. */
static uint64_t plans(const shared *s, uint64_t h)
{
    wr_planner *planner = NULL;
    if (wr_planner_new(&planner) != WR_OK)
        return 0;
    static const int ends[][4] = {{0, 0, 12, 11}, {1, 10, 11, 2}, {3, 4, 9, 4}, {14, 0, 15, 11}};
    static const wr_mover movers[] = {WR_MOVER_INFANTRY, WR_MOVER_CAVALRY, WR_MOVER_SAILING_SHIP};
    for (size_t m = 0; m < sizeof movers / sizeof movers[0]; m++)
        for (size_t e = 0; e < sizeof ends / sizeof ends[0]; e++) {
            wr_plan_params p;
            wr_hex from, to;
            wr_route r;
            if (wr_plan_params_default(movers[m], &p) != WR_OK ||
                wr_hex_from_offset(ends[e][0], ends[e][1], &from) != WR_OK ||
                wr_hex_from_offset(ends[e][2], ends[e][3], &to) != WR_OK) {
                wr_planner_free(planner);
                return 0;
            }
            p.options = (unsigned)(e & 1) * WR_PLAN_UNFORMED;
            wr_status st = wr_planner_route(planner, s->map, &p, from, to, &r);
            h = fnv(h, st);
            if (st != WR_OK)
                continue;
            for (size_t k = 0; k < r.step_count; k++) {
                h = fnv(h, r.steps[k].hex.q);
                h = fnv(h, r.steps[k].hex.r);
                h = fnv(h, r.steps[k].day);
            }
            h = fnv(h, r.arrival_day);
            h = fnv(h, r.points_left);
        }
    static _Thread_local wr_arrival field[16 * 12];
    wr_plan_params p;
    wr_hex from;
    if (wr_plan_params_default(WR_MOVER_CAVALRY, &p) != WR_OK ||
        wr_hex_from_offset(2, 2, &from) != WR_OK ||
        wr_planner_field(planner, s->map, &p, from, field, 16 * 12) != WR_OK) {
        wr_planner_free(planner);
        return 0;
    }
    for (int i = 0; i < 16 * 12; i++)
        h = fnv(h, field[i].day);
    wr_planner_free(planner);
    return h;
}
#endif

/* Everything one worker computes from the const handles, as one hash;
   0 on a failed call. Only const handles are shared: each worker has its
   own rng and its own round records. */
static uint64_t work(const shared *s, uint64_t seed)
{
    uint64_t h = UINT64_C(0xcbf29ce484222325);
    wr_melee_round local;
    wr_melee_round *round = &local;
    wr_rng *rng = NULL;
    OK(wr_rng_new(seed, &rng));
    const wr_engagement *es[2] = {s->example, s->monster};
    for (int e = 0; e < 2; e++) {
        for (int i = 0; i < 20; i++) {
            wr_status st = wr_engagement_fight_rng(es[e], rng, round);
            if (st != WR_OK) {
                wr_rng_free(rng);
                return 0;
            }
            h = fnv(h, round->lost[0]);
            h = fnv(h, round->lost[1]);
            h = fnv(h, round->end);
            h = fnv(h, round->morale_roll);
            h = fnv(h, round->n_events);
        }
        wr_strike k;
        wr_kill_odds ko;
        for (int side = 0; side < 2; side++) {
            if (wr_engagement_strike(es[e], side, &k) != WR_OK ||
                wr_engagement_kill_odds(es[e], side, &ko) != WR_OK) {
                wr_rng_free(rng);
                return 0;
            }
            h = fnv(h, k.fcp);
            h = fnv(h, ko.percent[1]);
        }
        uint64_t counts[WR_END_COUNT];
        if (wr_engagement_simulate_rng(es[e], 20, rng, 300, counts) != WR_OK) {
            wr_rng_free(rng);
            return 0;
        }
        for (int i = 0; i < WR_END_COUNT; i++)
            h = fnv(h, (int64_t)counts[i]);
        wr_melee_odds *o = NULL;
        if (wr_melee_odds_new(es[e], e == 0 ? 8 : 5, &o) != WR_OK) {
            wr_rng_free(rng);
            return 0;
        }
        char buf[2048];
        size_t len = 0;
        for (int end = 0; end < WR_END_COUNT; end++) {
            if (wr_melee_odds_end_exact(o, (wr_melee_end)end, buf, sizeof buf, &len) != WR_OK) {
                wr_melee_odds_free(o);
                wr_rng_free(rng);
                return 0;
            }
            h = fnv_text(h, buf);
        }
        wr_melee_odds_free(o);
    }
    for (int i = 0; i < 200; i++) {
        int damage = 0;
        if (wr_figure_damage_rng(s->cav, rng, &damage) != WR_OK) {
            wr_rng_free(rng);
            return 0;
        }
        h = fnv(h, damage);
    }
    wr_rng_free(rng);
    const wr_tactical_leg legs[3] = {
        {WR_TERRAIN_CLEAR, 60, 0, 0}, {WR_TERRAIN_WOODS, 24, 1, 0}, {WR_TERRAIN_ROUGH, 12, 0, 1}};
    for (unsigned flags = 0; flags < 4; flags++) {
        wr_tactical_result r;
        OK(wr_tactical_check(s->unit, s->formation, legs, 3, flags, &r));
        h = fnv(h, r.legal);
        h = fnv(h, r.problem);
        h = fnv(h, r.cost);
        h = fnv(h, r.left);
    }
    int available = 0;
    OK(wr_formation_available(s->formation, s->unit, &available));
    h = fnv(h, available);
#ifdef WR_HAVE_CAMPAIGN
    h = plans(s, h);
    if (h == 0)
        return 0;
#endif
    return h == 0 ? 1 : h;
}

typedef struct job {
    const shared *s;
    uint64_t seed;
    int index;
    int own_detail;
    uint64_t result[REPEATS];
} job;

/* The failure detail is per thread: each thread's refused roll (a value of
   its own) is still what it reads after many calls, while the other threads
   fail with theirs. Returns 1 when the detail stayed the thread's own. */
static int own_detail(int index)
{
    wr_rng *rng = NULL;
    if (wr_rng_new((uint64_t)index, &rng) != WR_OK)
        return 0;
    const int bad = -1000 - index;
    int roll = 0, ok = wr_rng_roll(rng, bad, &roll) == WR_ERR_RANGE;
    for (int i = 0; i < 2000 && ok; i++) {
        ok = wr_rng_roll(rng, 6, &roll) == WR_OK;
        if (i % 100 == 0)
            ok = ok && wr_rng_roll(rng, 1, &roll) == WR_ERR_RANGE &&
                 wr_rng_roll(rng, bad, &roll) == WR_ERR_RANGE;
    }
    wr_error e;
    ok = ok && wr_last_error_detail(&e) == WR_OK && e.status == WR_ERR_RANGE && e.has_value &&
         e.value == bad && strcmp(e.function, "wr_rng_roll") == 0 && strcmp(e.argument, "sides") == 0;
    wr_rng_free(rng);
    return ok;
}

static void *worker(void *arg)
{
    job *j = arg;
    j->own_detail = own_detail(j->index);
    for (int r = 0; r < REPEATS; r++)
        j->result[r] = work(j->s, j->seed);
    return NULL;
}

int main(void)
{
    shared s;
    if (!shared_new(&s)) {
        shared_free(&s);
        return 1;
    }
    uint64_t expected[THREADS];
    for (int t = 0; t < THREADS; t++) {
        expected[t] = work(&s, (uint64_t)(t % 3) + 1); /* seeds repeat: threads agree too */
        if (expected[t] == 0) {
            fprintf(stderr, "threads: single-thread run %d failed\n", t);
            shared_free(&s);
            return 1;
        }
    }
    job jobs[THREADS];
    pthread_t ids[THREADS];
    int failures = 0;
    for (int t = 0; t < THREADS; t++) {
        jobs[t].s = &s;
        jobs[t].seed = (uint64_t)(t % 3) + 1;
        jobs[t].index = t;
        jobs[t].own_detail = 0;
        if (pthread_create(&ids[t], NULL, worker, &jobs[t]) != 0) {
            fprintf(stderr, "threads: pthread_create failed\n");
            failures++;
            ids[t] = 0;
            jobs[t].seed = 0;
        }
    }
    for (int t = 0; t < THREADS; t++) {
        if (jobs[t].seed == 0)
            continue;
        pthread_join(ids[t], NULL);
        if (!jobs[t].own_detail) {
            fprintf(stderr, "threads: thread %d read another thread's failure detail\n", t);
            failures++;
        }
        for (int r = 0; r < REPEATS; r++)
            if (jobs[t].result[r] != expected[t]) {
                fprintf(stderr, "threads: thread %d run %d differs from the single-thread result\n",
                        t, r);
                failures++;
            }
    }
    shared_free(&s);
    if (failures == 0)
        printf("threads: %d threads x %d runs agree with the single-thread results\n", THREADS,
               REPEATS);
    return failures ? 1 : 0;
}
