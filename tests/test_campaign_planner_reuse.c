/* Campaign module, one planner across many queries: what it keeps of the
   last map (its records by hex, the table keys it built) follows every
   change of the map, even a new map at the same address, and gives what a
   new planner gives; no allocation per query once it has served a map
   size; many planners read one const map from many threads. The tests
   share one planner (the group's). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <pthread.h>
#include <stdlib.h>

#include <cmocka.h>

#include "warrules/campaign.h"

#include "fixtures.h"

/* ------------------------------------------------------------------------ */
/* What a planner keeps */

static int block_nothing(void *user, int32_t from, int32_t to)
{
    (void)user;
    (void)from;
    (void)to;
    return 0;
}

/* Two arrival fields of n hexes are the same hex by hex. */
static void expect_same_field(const wr_arrival *a, const wr_arrival *b, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        assert_int_equal(a[i].day, b[i].day);
        assert_int_equal(a[i].points_left, b[i].points_left);
    }
}

/* The full rules' field with nothing blocked reads its own records by hex
   (a palette of at most 254 moves, the table for keys of several moves or
   past the palette): on maps with many keys (more than the palette holds),
   from fresh and part-spent starts, it must give the fields of the search
   that a blocked set (blocking nothing) takes. */
static void plan_field_rules_records(void **state)
{
    wr_planner *pl = *state;
    unsigned s = 5151;
    for (int trial = 0; trial < 8; trial++) {
        const int w = 48 + (int)(rnd(&s) % 24), h = 40 + (int)(rnd(&s) % 16);
        wr_map *m = random_land_map(&s, w, h);
        wr_plan_params p;
        random_params(&s, &p, 0);
        p.options &= ~WR_PLAN_PLAIN_COSTS;
        if (trial % 2 == 0)
            p.options |= WR_PLAN_UNFORMED;
        const size_t n = (size_t)w * (size_t)h;
        wr_arrival *a = malloc(n * sizeof *a), *b = malloc(n * sizeof *b);
        assert_non_null(a);
        assert_non_null(b);
        for (int k = 0; k < 12; k++) {
            wr_hex from;
            OK(wr_map_hex(m, (int32_t)(rnd(&s) % (unsigned)n), &from));
            wr_force_state fs;
            random_start(&s, p.costs.daily_points, &fs);
            wr_plan_query q;
            memset(&q, 0, sizeof q);
            q.start = k % 3 == 0 ? NULL : &fs;
            q.objective = k % 2 ? WR_OBJECTIVE_EARLIEST : WR_OBJECTIVE_EARLIEST_FORMED;
            wr_status sa = wr_planner_plan_field(pl, m, &p, &q, from, a, n);
            q.blocked = block_nothing;
            wr_status sb = wr_planner_plan_field(pl, m, &p, &q, from, b, n);
            assert_int_equal(sa, sb);
            if (sa == WR_OK)
                expect_same_field(a, b, n);
            if (q.start == NULL && q.objective == WR_OBJECTIVE_EARLIEST_FORMED) {
                /* the zero state's field, as wr_planner_field() gives it */
                assert_int_equal(wr_planner_field(pl, m, &p, from, a, n), sa);
                if (sa == WR_OK)
                    expect_same_field(a, b, n);
            }
        }
        free(a);
        free(b);
        wr_map_free(m);
    }
}

/* A planner keeps what it read of the last map's hexes (plain costs, table
   keys): a change to the map, and a map freed and another made at the same
   place by as many changes, must give the fields of a new planner. */
static void field_matches_new_planner(wr_planner *pl, wr_map *m, const wr_plan_params *p,
                                      wr_hex from)
{
    int w = 0, h = 0;
    OK(wr_map_size(m, &w, &h));
    size_t n = (size_t)w * (size_t)h;
    wr_arrival *a = malloc(n * sizeof *a), *b = malloc(n * sizeof *b);
    wr_planner *fresh = NULL;
    OK(wr_planner_new(&fresh));
    wr_status sa = wr_planner_field(pl, m, p, from, a, n);
    assert_int_equal(wr_planner_field(fresh, m, p, from, b, n), sa);
    if (sa == WR_OK)
        expect_same_field(a, b, n);
    wr_planner_free(fresh);
    free(a);
    free(b);
}

static void plan_records_follow_the_map(void **state)
{
    wr_planner *pl = *state;
    unsigned s = 777;
    const wr_hex from = O(0, 0);
    for (int trial = 0; trial < 40; trial++) {
        wr_plan_params p;
        random_params(&s, &p, 0);
        if (trial % 2 == 0)
            p.options |= WR_PLAN_PLAIN_COSTS;
        wr_map *m = random_land_map(&s, 9, 7);
        OK(wr_map_set_terrain(m, from, WR_HEX_CLEAR));
        field_matches_new_planner(pl, m, &p, from);
        wr_hex h = O(1 + (int)(rnd(&s) % 5), 1 + (int)(rnd(&s) % 6));
        OK(wr_map_set_terrain(m, h, rnd(&s) % 2 ? WR_HEX_LAKE : WR_HEX_MOUNTAINS));
        field_matches_new_planner(pl, m, &p, from);
        wr_hexside sd = {WR_RIVER_MAJOR, WR_CROSS_OPEN, 0, 0};
        OK(wr_map_set_hexside(m, h, (int)(rnd(&s) % 3), &sd));
        field_matches_new_planner(pl, m, &p, from);
        OK(wr_map_set_regions(m, h, 1));
        field_matches_new_planner(pl, m, &p, from);
        wr_map_free(m);
    }
}

/* A planner a few edits behind (at most the map's log of 32) forgets only
   the records of the hexes edited and their neighbours; more edits than
   that, and the records are all forgotten. Every kind of edit, at the
   map's edges too, from 1 to 40 edits between queries, under plain costs,
   the full rules and unformed movement: the fields of a new planner. */
static void plan_records_after_a_few_edits(void **state)
{
    wr_planner *pl = *state;
    unsigned s = 4242;
    const wr_hex from = O(0, 0);
    static const int edits[8] = {1, 2, 3, 7, 31, 32, 33, 40};
    static const wr_hex_terrain kinds[5] = {WR_HEX_CLEAR, WR_HEX_FOREST, WR_HEX_HILLS,
                                            WR_HEX_LAKE, WR_HEX_SWAMP};
    for (int trial = 0; trial < 24; trial++) {
        wr_plan_params p;
        random_params(&s, &p, 0);
        p.options = trial % 3 == 0 ? WR_PLAN_PLAIN_COSTS : trial % 3 == 1 ? 0 : WR_PLAN_UNFORMED;
        wr_map *m = random_land_map(&s, 11, 9);
        OK(wr_map_set_terrain(m, from, WR_HEX_CLEAR));
        field_matches_new_planner(pl, m, &p, from);
        for (int round = 0; round < 8; round++) {
            for (int e = 0; e < edits[(round + trial) % 8]; e++) {
                wr_hex h = O((int)(rnd(&s) % 11), (int)(rnd(&s) % 9));
                if (h.q == from.q && h.r == from.r)
                    continue;
                switch (rnd(&s) % 5) {
                case 0:
                    OK(wr_map_set_terrain(m, h, kinds[rnd(&s) % 5]));
                    break;
                case 1: {
                    wr_hexside sd = {(int)(rnd(&s) % 3), WR_CROSS_OPEN, (int)(rnd(&s) % 2), 0};
                    if (sd.river == WR_NO_RIVER)
                        sd.crossing = WR_CROSS_OPEN;
                    wr_status st = wr_map_set_hexside(m, h, (int)(rnd(&s) % 6), &sd);
                    assert_true(st == WR_OK || st == WR_ERR_RANGE); /* off the map */
                    break;
                }
                case 2:
                    OK(wr_map_set_regions(m, h, rnd(&s) % 3));
                    break;
                case 3:
                    OK(wr_map_set_features(m, h, rnd(&s) % 2 ? WR_FEATURE_PORT : 0));
                    break;
                default:
                    OK(wr_map_set_watercourse(m, h, WR_NO_WATERCOURSE, 0));
                    break;
                }
            }
            field_matches_new_planner(pl, m, &p, from);
        }
        wr_map_free(m);
    }
}

/* Reachable sets clear only the label blocks the last one (or the plain
   A*) wrote: on one planner, reachable sets from different starts and of
   different reach, plain-cost routes and fields in between, each the same
   as a new planner's. */
static void plan_reach_after_other_searches(void **state)
{
    wr_planner *pl = *state;
    unsigned s = 99;
    wr_map *m = random_land_map(&s, 40, 30);
    for (int round = 0; round < 60; round++) {
        wr_plan_params p;
        random_params(&s, &p, 0);
        if (round % 2)
            p.options |= WR_PLAN_PLAIN_COSTS;
        const wr_hex from = O((int)(rnd(&s) % 40), (int)(rnd(&s) % 30));
        const wr_hex to = O((int)(rnd(&s) % 40), (int)(rnd(&s) % 30));
        const int days = 1 + (int)(rnd(&s) % 6);
        wr_planner *fresh = NULL;
        OK(wr_planner_new(&fresh));
        const wr_hex *a = NULL, *b = NULL;
        size_t na = 0, nb = 0;
        wr_status sa = wr_planner_reachable(pl, m, &p, from, days, &a, &na);
        assert_int_equal(wr_planner_reachable(fresh, m, &p, from, days, &b, &nb), sa);
        if (sa == WR_OK) {
            assert_int_equal(na, nb);
            for (size_t i = 0; i < na; i++) {
                assert_int_equal(a[i].q, b[i].q);
                assert_int_equal(a[i].r, b[i].r);
            }
        }
        wr_route ra, rb;
        if (round % 3 == 0) {
            sa = wr_planner_route(pl, m, &p, from, to, &ra);
            assert_int_equal(wr_planner_route(fresh, m, &p, from, to, &rb), sa);
            if (sa == WR_OK) {
                assert_int_equal(ra.arrival_day, rb.arrival_day);
                assert_int_equal(ra.points_left, rb.points_left);
                assert_int_equal(ra.step_count, rb.step_count);
            }
        } else if (round % 3 == 1) {
            field_matches_new_planner(pl, m, &p, from);
        }
        wr_planner_free(fresh);
    }
    wr_map_free(m);
}

/* An allocator that hands a freed block back for the next request of its
   size, so that a map made after another is freed lands at its address. */
typedef struct recycler {
    void *block[8];
    size_t size[8];
} recycler;

static void *recycling_alloc(void *user, void *ptr, size_t old_size, size_t new_size)
{
    recycler *r = user;
    if (ptr == NULL) {
        for (int i = 0; i < 8; i++) {
            if (r->block[i] != NULL && r->size[i] == new_size) {
                void *b = r->block[i];
                r->block[i] = NULL;
                return b;
            }
        }
        return malloc(new_size);
    }
    if (new_size != 0)
        return realloc(ptr, new_size);
    for (int i = 0; i < 8; i++) {
        if (r->block[i] == NULL) {
            r->block[i] = ptr;
            r->size[i] = old_size;
            return NULL;
        }
    }
    free(ptr);
    return NULL;
}

static void plan_records_map_at_same_address(void **state)
{
    wr_planner *pl = *state;
    recycler r;
    memset(&r, 0, sizeof r);
    const wr_allocator alloc = {recycling_alloc, &r};
    wr_plan_params p = params_for(WR_MOVER_INFANTRY);
    static const wr_hex_terrain terrain[4] = {WR_HEX_CLEAR, WR_HEX_LAKE, WR_HEX_CLEAR,
                                              WR_HEX_LAKE};
    const wr_map *first = NULL;
    for (int k = 0; k < 4; k++) {
        p.options = k < 2 ? WR_PLAN_PLAIN_COSTS : WR_PLAN_UNFORMED;
        wr_map *m = NULL;
        OK(wr_map_new_ex(9, 7, &alloc, &m));
        if (k == 0)
            first = m;
        else
            assert_true(m == first); /* the case under test */
        OK(wr_map_set_terrain(m, O(4, 3), terrain[k]));
        field_matches_new_planner(pl, m, &p, O(0, 0));
        wr_map_free(m);
    }
    for (int i = 0; i < 8; i++)
        free(r.block[i]);
}

/* A query builds only the table keys its map's hexes read (a plain-cost one
   the whole table); one planner moving between parameters, between small
   and large maps with the same parameters and back, answers as a new
   planner does each time: routes (A*), fields, plain costs (in bytes by
   hex, or not when a move may cost 0xff or more), elves' home. */
static void expect_same_as_new_planner(wr_planner *kept, const wr_map *m, const wr_plan_params *p,
                                       wr_hex from, wr_hex to)
{
    wr_planner *fresh = NULL;
    OK(wr_planner_new(&fresh));
    wr_route r1, r2, r3;
    wr_status s1 = wr_planner_route(kept, m, p, from, to, &r1);
    assert_int_equal(wr_planner_route(fresh, m, p, from, to, &r2), s1);
    if (s1 == WR_OK) {
        expect_same_route(&r1, &r2);
        /* and as the Dijkstra over the map's moves, which reads no table */
        int w = 0, h = 0;
        int32_t a = -1, b = -1;
        OK(wr_map_size(m, &w, &h));
        OK(wr_map_index(m, from, &a));
        OK(wr_map_index(m, to, &b));
        map_graph mg = {m, p, 0};
        wr_plan_graph graph = {w * h, map_graph_moves, map_graph_hex, &mg};
        OK(wr_planner_route_graph(fresh, &graph, p, a, b, &r3));
        expect_same_route(&r1, &r3);
    }
    wr_planner_free(fresh);
    field_matches_new_planner(kept, (wr_map *)m, p, from);
}

static void plan_table_by_key(void **state)
{
    unsigned s = 2026;
    wr_planner *kept = *state;
    wr_map *big = random_land_map(&s, 40, 30); /* 1,200 hexes: the whole table */
    for (int trial = 0; trial < 24; trial++) {
        wr_map *small = random_land_map(&s, 6 + (int)(rnd(&s) % 20), 5 + (int)(rnd(&s) % 20));
        wr_plan_params p[2];
        for (int k = 0; k < 2; k++) {
            random_params(&s, &p[k], 0);
            if (rnd(&s) % 3 == 0)
                p[k].options |= WR_PLAN_PLAIN_COSTS;
            if (rnd(&s) % 2 == 0) {
                p[k].traits |= WR_FORCE_ELLRIENDI;
                p[k].home_regions = 1;
            }
            if (rnd(&s) % 4 == 0) /* plain costs too large for the planner's bytes */
                p[k].costs.daily_points = 60 + (int)(rnd(&s) % 300);
        }
        int w = 0, h = 0;
        OK(wr_map_size(small, &w, &h));
        wr_hex corner = {w - 1 - (h - 1) / 2, h - 1}, far = {39 - 29 / 2, 29};
        OK(wr_map_set_terrain(small, O(0, 0), WR_HEX_CLEAR));
        OK(wr_map_set_terrain(small, corner, WR_HEX_CLEAR));
        OK(wr_map_set_terrain(big, O(0, 0), WR_HEX_CLEAR));
        OK(wr_map_set_terrain(big, far, WR_HEX_CLEAR));
        expect_same_as_new_planner(kept, small, &p[0], O(0, 0), corner);
        expect_same_as_new_planner(kept, small, &p[1], O(0, 0), corner); /* new parameters */
        expect_same_as_new_planner(kept, big, &p[1], O(0, 0), far);      /* then the whole table */
        expect_same_as_new_planner(kept, small, &p[1], corner, O(0, 0)); /* and back */
        expect_same_as_new_planner(kept, small, &p[0], corner, O(0, 0));
        wr_map_free(small);
    }
    wr_map_free(big);
}

/* ------------------------------------------------------------------------ */
/* Many planners read one const map from many threads. */

typedef struct thread_job {
    const wr_map *map;
    wr_plan_params params;
    wr_arrival *field;
    int n;
    wr_status status;
} thread_job;

static void *thread_plan(void *arg)
{
    thread_job *job = arg;
    wr_planner *pl = NULL;
    job->status = wr_planner_new(&pl);
    for (int round = 0; round < 5 && job->status == WR_OK; round++)
        job->status = wr_planner_field(pl, job->map, &job->params, O(0, 0), job->field, (size_t)job->n);
    wr_planner_free(pl);
    return NULL;
}

static void plan_threads(void **state)
{
    wr_planner *pl = *state;
    unsigned s = 8;
    wr_map *m = random_land_map(&s, 40, 30);
    OK(wr_map_set_terrain(m, O(0, 0), WR_HEX_CLEAR));
    enum { THREADS = 4 };
    pthread_t th[THREADS];
    thread_job jobs[THREADS];
    for (int i = 0; i < THREADS; i++) {
        jobs[i].map = m;
        jobs[i].params = params_for(i % 2 ? WR_MOVER_CAVALRY : WR_MOVER_INFANTRY);
        jobs[i].params.options = WR_PLAN_UNFORMED;
        jobs[i].n = 1200;
        jobs[i].field = calloc(1200, sizeof(wr_arrival));
        assert_int_equal(pthread_create(&th[i], NULL, thread_plan, &jobs[i]), 0);
    }
    for (int i = 0; i < THREADS; i++)
        assert_int_equal(pthread_join(th[i], NULL), 0);
    wr_arrival *ref = calloc(1200, sizeof *ref);
    for (int i = 0; i < THREADS; i++) {
        OK(jobs[i].status);
        OK(wr_planner_field(pl, m, &jobs[i].params, O(0, 0), ref, 1200));
        assert_memory_equal(ref, jobs[i].field, 1200 * sizeof *ref);
        free(jobs[i].field);
    }
    free(ref);
    wr_map_free(m);
}

/* ------------------------------------------------------------------------ */
/* No allocation per query once the planner has served a map size. */

typedef struct counting {
    int allocs;
} counting;

static void *counting_alloc(void *user, void *ptr, size_t old_size, size_t new_size)
{
    (void)old_size;
    counting *c = user;
    if (new_size == 0) {
        free(ptr);
        return NULL;
    }
    c->allocs++;
    return realloc(ptr, new_size);
}

static void plan_no_allocation_per_query(void **state)
{
    (void)state;
    counting c = {0};
    wr_allocator a = {counting_alloc, &c};
    wr_planner *pl = NULL;
    OK(wr_planner_new_ex(&a, &pl));
    unsigned s = 5;
    wr_map *m = random_land_map(&s, 30, 20);
    wr_plan_params p = params_for(WR_MOVER_INFANTRY);
    p.options = WR_PLAN_UNFORMED;
    wr_route r;
    wr_arrival *field = malloc(600 * sizeof *field);
    (void)wr_planner_route(pl, m, &p, O(0, 0), O(29, 19), &r);
    OK(wr_planner_field(pl, m, &p, O(0, 0), field, 600));
    int before = c.allocs;
    for (int i = 0; i < 10; i++) {
        (void)wr_planner_route(pl, m, &p, O(0, 0), O(29, 19), &r);
        wr_status st = wr_planner_field(pl, m, &p, O(i, 3), field, 600);
        assert_true(st == WR_OK || st == WR_ERR_FORBIDDEN); /* a start in the sea */
    }
    assert_int_equal(c.allocs, before);
    free(field);
    wr_map_free(m);
    wr_planner_free(pl);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(plan_field_rules_records),
        cmocka_unit_test(plan_records_follow_the_map),
        cmocka_unit_test(plan_records_after_a_few_edits),
        cmocka_unit_test(plan_reach_after_other_searches),
        cmocka_unit_test(plan_records_map_at_same_address),
        cmocka_unit_test(plan_table_by_key),
        cmocka_unit_test(plan_threads),
        cmocka_unit_test(plan_no_allocation_per_query),
    };
    return cmocka_run_group_tests_name("campaign_planner_reuse", tests, planner_setup, planner_teardown);
}
