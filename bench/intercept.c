/* Where forces meet, timed against the arrival field it is built on: an
   interception (wr_planner_intercept) costs at most 3 fields, a danger field
   of 8 forces (wr_planner_danger) at most 8 (issue 27).

     bench_intercept <size> <repeats>

   The map: seeded random land under the full rules (clear, forest, hills,
   swamp, mountains, a few lakes; minor and major rivers along hexsides with
   bridges, fords and ferries every so often, roads on some rows). The force:
   infantry allowed to move unformed, rafts anywhere, from the west; the
   enemy: infantry planned from the east edge to the west edge. Cases, each
   against one wr_planner_plan_field() (baseline "plan_field", so the ratio
   is fields per call, inverted: 0.5 = two fields): intercept_<size> (the
   earliest contact, adjacent hexes) and intercept_formed_<size> (meeting the
   enemy formed from an unformed state) against the force's field;
   danger_8_<size> (8 forces from the east edge, half of them scouting)
   against the mean of those forces' own fields, and against the 8 of them
   made one by one (baseline "8_plan_fields"). Answers are checked before timing: the danger field equals the
   8 fields combined hex by hex; the interception's plan ends in the contact
   hex no later than the contact day. */
#define _POSIX_C_SOURCE 200809L /* clock_gettime() in common.h */

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "warrules/campaign.h"

#include "common.h"

static void check(wr_status st, const char *what)
{
    if (st != WR_OK) {
        fprintf(stderr, "bench_intercept: %s failed: %s: %s\n", what, wr_status_name(st),
                wr_last_error());
        exit(2);
    }
}

static wr_hex at(int col, int row)
{
    wr_hex h;
    check(wr_hex_from_offset(col, row, &h), "wr_hex_from_offset");
    return h;
}

static wr_map *make_map(int size, uint64_t seed)
{
    static const wr_hex_terrain pick[16] = {
        WR_HEX_CLEAR, WR_HEX_CLEAR, WR_HEX_CLEAR, WR_HEX_CLEAR, WR_HEX_CLEAR, WR_HEX_CLEAR,
        WR_HEX_FOREST, WR_HEX_FOREST, WR_HEX_FOREST, WR_HEX_HILLS, WR_HEX_HILLS, WR_HEX_HILLS,
        WR_HEX_SWAMP, WR_HEX_MOUNTAINS, WR_HEX_MOUNTAINS, WR_HEX_LAKE};
    wr_map *m = NULL;
    check(wr_map_new(size, size, &m), "wr_map_new");
    bench_seed(seed);
    for (int row = 0; row < size; row++)
        for (int col = 0; col < size; col++) {
            wr_hex_terrain t = pick[bench_below(16)];
            if (col == 0 || col == size - 1) /* the forces' edges */
                t = WR_HEX_CLEAR;
            check(wr_map_set_terrain(m, at(col, row), t), "wr_map_set_terrain");
        }
    /* rivers from north to south along the east hexsides, one per 16 columns */
    for (int col = 8; col + 1 < size; col += 16) {
        int major = bench_below(10) < 3;
        for (int row = 0; row < size; row++) {
            wr_hexside s = {major ? WR_RIVER_MAJOR : WR_RIVER_MINOR, WR_CROSS_OPEN, 0, 0};
            int k = bench_below(20);
            if (k == 0)
                s.crossing = WR_CROSS_BRIDGE;
            else if (k == 1)
                s.crossing = WR_CROSS_FERRY;
            else if (k == 2 && !major)
                s.crossing = WR_CROSS_FORD;
            check(wr_map_set_hexside(m, at(col, row), 0, &s), "wr_map_set_hexside");
        }
    }
    /* roads along a few rows, across the rivers by bridges */
    for (int row = 5; row < size; row += 32)
        for (int col = 0; col + 1 < size; col++) {
            wr_hexside s;
            check(wr_map_hexside(m, at(col, row), 0, &s), "wr_map_hexside");
            s.road = 1;
            if (s.river != WR_NO_RIVER)
                s.crossing = WR_CROSS_BRIDGE;
            check(wr_map_set_hexside(m, at(col, row), 0, &s), "wr_map_set_hexside");
        }
    return m;
}

typedef struct timer {
    int n, k;
    double *ms; /* n implementations x k repeats */
} timer;

static double median_of(timer *t, int impl)
{
    return bench_median(t->ms + (size_t)impl * (size_t)t->k, t->k);
}

int main(int argc, char **argv)
{
    if (argc < 3) {
        fprintf(stderr, "usage: bench_intercept <size> <repeats>\n");
        return 2;
    }
    const int size = atoi(argv[1]), repeats = atoi(argv[2]);
    if (size < 8 || size > 4096 || repeats < 1) {
        fprintf(stderr, "bench_intercept: size 8..4096, repeats at least 1\n");
        return 2;
    }
    char name[64];
    wr_map *m = make_map(size, 2027u + (uint64_t)size);
    const size_t n = (size_t)size * (size_t)size;
    wr_plan_params p;
    check(wr_plan_params_default(WR_MOVER_INFANTRY, &p), "wr_plan_params_default");
    p.options = WR_PLAN_UNFORMED | WR_PLAN_RAFTS_ANYWHERE;
    wr_plan_params ep = p;
    const wr_hex from = at(0, size / 2);
    wr_force_desc enemy;
    memset(&enemy, 0, sizeof enemy);
    enemy.params = &ep;
    enemy.from = at(size - 1, size / 3);
    enemy.to = at(0, size / 4);
    wr_intercept_params how;
    memset(&how, 0, sizeof how);
    how.meeting = WR_MEETING_ADJACENT;
    wr_force_state unformed;
    check(wr_force_start(&unformed), "wr_force_start");
    unformed.unformed = 1;
    wr_plan_query formed_q, any_q;
    memset(&formed_q, 0, sizeof formed_q);
    memset(&any_q, 0, sizeof any_q);
    formed_q.start = &unformed;
    any_q.objective = WR_OBJECTIVE_EARLIEST;
    wr_intercept_params formed_how = how;
    formed_how.objective = WR_INTERCEPT_FORMED;

    /* a planner keeps what it read of the map's hexes for its last
       parameters: the formed interception, which plans without unformed
       movement, has its own planner, so that no case pays for another's */
    wr_planner *pl = NULL, *pl_formed = NULL;
    check(wr_planner_new(&pl), "wr_planner_new");
    check(wr_planner_new(&pl_formed), "wr_planner_new");
    wr_arrival *field = malloc(n * sizeof *field);
    wr_danger *danger = malloc(n * sizeof *danger), *combined = malloc(n * sizeof *combined);
    if (field == NULL || danger == NULL || combined == NULL) {
        fprintf(stderr, "bench_intercept: out of memory\n");
        return 2;
    }

    /* ---- answers first ---- */
    wr_intercept_result r;
    check(wr_planner_intercept(pl, m, &p, NULL, from, &enemy, &how, &r), "wr_planner_intercept");
    int match = r.outcome == WR_INTERCEPT_FOUND && r.enemy_plan.outcome == WR_PLAN_FOUND &&
                r.plan.route.arrival_day <= r.day &&
                r.plan.route.steps[r.plan.route.step_count - 1].hex.q == r.hex.q &&
                r.plan.route.steps[r.plan.route.step_count - 1].hex.r == r.hex.r;
    fprintf(stderr,
            "bench_intercept: %dx%d: contact on day %d (%s move), the enemy's march %zu steps, "
            "the force's %zu\n",
            size, size, r.day, r.during_own_move ? "own" : "enemy's", r.enemy_plan.route.step_count,
            r.plan.route.step_count);
    check(wr_planner_intercept(pl_formed, m, &p, &formed_q, from, &enemy, &formed_how, &r),
          "wr_planner_intercept (formed)");
    int match_formed = r.outcome != WR_INTERCEPT_FOUND || !r.non_rallied;
    fprintf(stderr, "bench_intercept: formed from an unformed state: %s day %d\n",
            r.outcome == WR_INTERCEPT_FOUND ? "contact on" : "impossible,", r.day);

    wr_force_desc forces[8];
    wr_plan_query queries[8];
    bench_seed(31u + (uint64_t)size);
    for (int k = 0; k < 8; k++) {
        memset(&forces[k], 0, sizeof forces[k]);
        memset(&queries[k], 0, sizeof queries[k]);
        queries[k].objective = k % 2 ? WR_OBJECTIVE_EARLIEST : WR_OBJECTIVE_EARLIEST_FORMED;
        forces[k].params = &ep;
        forces[k].query = &queries[k];
        forces[k].from = at(size - 1, bench_below(size));
    }
    check(wr_planner_danger(pl, m, forces, 8, danger, n), "wr_planner_danger");
    int match_danger = 1;
    for (int k = 0; k < 8; k++) {
        check(wr_planner_plan_field(pl, m, &ep, &queries[k], forces[k].from, field, n),
              "wr_planner_plan_field");
        for (size_t i = 0; i < n; i++)
            if (k == 0 || (field[i].day >= 0 && (combined[i].day < 0 || field[i].day < combined[i].day))) {
                combined[i].day = field[i].day;
                combined[i].points_left = field[i].points_left;
                combined[i].force = field[i].day >= 0 ? k : -1;
            }
    }
    for (size_t i = 0; i < n; i++)
        match_danger &= danger[i].day == combined[i].day &&
                        danger[i].points_left == combined[i].points_left &&
                        danger[i].force == combined[i].force;

    /* ---- the clock: each case interleaved with one field of the force ---- */
    timer t = {5, repeats, calloc((size_t)5 * (size_t)repeats, sizeof(double))};
    for (int rep = 0; rep < repeats; rep++) {
        for (int j = 0; j < 5; j++) {
            int impl = (rep + j) % 5; /* the first one rotates */
            double t0 = bench_now_ms();
            if (impl == 0)
                wr_planner_plan_field(pl, m, &p, &any_q, from, field, n);
            else if (impl == 1)
                wr_planner_intercept(pl, m, &p, NULL, from, &enemy, &how, &r);
            else if (impl == 2)
                wr_planner_intercept(pl_formed, m, &p, &formed_q, from, &enemy, &formed_how, &r);
            else if (impl == 3)
                wr_planner_danger(pl, m, forces, 8, danger, n);
            else
                for (int k = 0; k < 8; k++)
                    wr_planner_plan_field(pl, m, &ep, &queries[k], forces[k].from, field, n);
            t.ms[(size_t)impl * (size_t)repeats + (size_t)rep] = bench_now_ms() - t0;
        }
    }
    const double field_ms = median_of(&t, 0);
    snprintf(name, sizeof name, "intercept_%d", size);
    bench_case(name, "plan_field", field_ms, median_of(&t, 1), match);
    snprintf(name, sizeof name, "intercept_formed_%d", size);
    bench_case(name, "plan_field", field_ms, median_of(&t, 2), match_formed);
    /* a danger field of 8 forces against one field of those forces (their
       mean) and against their 8 fields made one by one */
    const double eight_ms = median_of(&t, 4);
    snprintf(name, sizeof name, "danger_8_%d", size);
    bench_case(name, "plan_field", eight_ms / 8.0, median_of(&t, 3), match_danger);
    snprintf(name, sizeof name, "danger_8_%d", size);
    bench_case(name, "8_plan_fields", eight_ms, median_of(&t, 3), match_danger);
    free(t.ms);
    free(field);
    free(danger);
    free(combined);
    wr_planner_free(pl);
    wr_planner_free(pl_formed);
    wr_map_free(m);
    return 0;
}
