/* Wounds on monsters and characters: hit charts, the death rules, and what
   a dead monster becomes [Wounds], [Dead monsters]. */
#include "internal.h"

#define MAX_COUNT 1000000

wr_status wr_hit_chart_new_ex(const wr_allocator *alloc, wr_hit_chart **out)
{
    if (out == NULL)
        return WRI_NULL(out);
    wr_status st;
    wr_hit_chart *c = wri_new_handle(alloc, sizeof *c, offsetof(wr_hit_chart, alloc), &st);
    if (c != NULL)
        *out = c;
    return WRI_PASS(st);
}

wr_status wr_hit_chart_new(wr_hit_chart **out)
{
    return WRI_PASS(wr_hit_chart_new_ex(NULL, out));
}

void wr_hit_chart_free(wr_hit_chart *chart)
{
    if (chart != NULL) {
        wr_allocator a = chart->alloc;
        wri_free(&a, chart, 1, sizeof *chart);
    }
}

static int wound_valid(wr_wound w)
{
    int v = (int)w;
    return v >= WR_WOUND_NICKED && v <= WR_WOUND_KILLED;
}

wr_status wr_hit_chart_add(wr_hit_chart *chart, int lo, int hi, int location,
                           const wr_wound severity[4])
{
    if (chart == NULL)
        return WRI_NULL(chart);
    if (severity == NULL)
        return WRI_NULL(severity);
    if (lo < 1 || lo > 100)
        return WRI_FAIL_VALUE(WR_ERR_RANGE, "lo", lo, "1..100");
    if (hi < lo || hi > 100)
        return WRI_FAIL_VALUE(WR_ERR_RANGE, "hi", hi, "lo..100");
    if (location < 0 || location > 1000000)
        return WRI_FAIL_VALUE(WR_ERR_RANGE, "location", location, "0..1000000");
    for (int i = 0; i < 4; i++)
        if (!wound_valid(severity[i]))
            return WRI_FAIL_VALUE(WR_ERR_INVALID, "severity", severity[i],
                                  "a wr_wound value other than WR_WOUND_NONE");
    for (int d = lo; d <= hi; d++)
        if (chart->covered[d - 1])
            return WRI_FAIL_VALUE(WR_ERR_INVALID, "lo", d,
                                  "d100 results no earlier location covers");
    for (int d = lo; d <= hi; d++) {
        chart->covered[d - 1] = 1;
        chart->location[d - 1] = location;
        for (int i = 0; i < 4; i++)
            chart->wound[d - 1][i] = (unsigned char)severity[i];
    }
    return WR_OK;
}

wr_status wr_hit_chart_is_complete(const wr_hit_chart *chart, int *complete)
{
    if (chart == NULL)
        return WRI_NULL(chart);
    if (complete == NULL)
        return WRI_NULL(complete);
    int all = 1;
    for (int d = 0; d < 100; d++)
        all &= chart->covered[d];
    *complete = all;
    return WR_OK;
}

wr_status wr_hit_chart_lookup(const wr_hit_chart *chart, int d100, int d4, int *location,
                              wr_wound *wound)
{
    wr_status st = WRI_NULLS(chart, location, wound);
    if (st != WR_OK)
        return st;
    if (d100 < 1 || d100 > 100)
        return WRI_FAIL_VALUE(WR_ERR_RANGE, "d100", d100, "1..100");
    if (d4 < 1 || d4 > 4)
        return WRI_FAIL_VALUE(WR_ERR_RANGE, "d4", d4, "1..4");
    if (!chart->covered[d100 - 1])
        return WRI_FAIL_VALUE(WR_ERR_STATE, "d100", d100, "a d100 result the hit chart covers");
    *location = chart->location[d100 - 1];
    *wound = (wr_wound)chart->wound[d100 - 1][d4 - 1];
    return WR_OK;
}

int wri_melee_counts_kill(const wr_wounds *w, int character)
{
    if (character)
        return (w->critical >= 1 && w->counted >= 2) || (w->serious >= 1 && w->counted >= 3);
    return w->critical >= 1 && w->serious + w->critical >= 2;
}

wr_status wr_wounds_add(wr_wounds *wounds, wr_wound wound, int character, int *dead)
{
    if (wounds == NULL)
        return WRI_NULL(wounds);
    if (dead == NULL)
        return WRI_NULL(dead);
    if (!wound_valid(wound))
        return WRI_FAIL_VALUE(WR_ERR_INVALID, "wound", wound,
                              "a wr_wound value other than WR_WOUND_NONE");
    wr_wounds w = *wounds;
    const int counts[] = {w.hits, w.counted, w.serious, w.critical};
    for (size_t i = 0; i < sizeof counts / sizeof counts[0]; i++)
        if (counts[i] < 0 || counts[i] >= MAX_COUNT)
            return WRI_FAIL_VALUE(WR_ERR_RANGE, "wounds", counts[i], "counts 0..999999");
    w.hits++;
    if (w.unconscious || wound == WR_WOUND_KILLED)
        w.dead = 1;
    switch (wound) {
    case WR_WOUND_LIGHT: w.counted++; break;
    case WR_WOUND_SERIOUS:
        w.counted++;
        w.serious++;
        break;
    case WR_WOUND_CRITICAL:
        w.counted++;
        w.critical++;
        break;
    case WR_WOUND_UNCONSCIOUS:
        w.counted++;
        w.unconscious = 1;
        break;
    default: /* nicked, stunned, blinded never count; killed is handled above */ break;
    }
    w.dead = w.dead || wri_melee_counts_kill(&w, character);
    *wounds = w;
    *dead = w.dead;
    return WR_OK;
}

static wr_status dead_monster(const wr_melee_unit *m, int in_flight, int d8, int have_d8,
                              wr_remains *remains, wr_fall *fall, int *direction, int *needs_d8)
{
    if (m->def.kind != WR_UNIT_MONSTER)
        return WRI_FAIL(WR_ERR_INVALID, "monster", "a unit of kind WR_UNIT_MONSTER");
    if (in_flight && !(m->def.flags & WR_UNIT_FLYING))
        return WRI_FAIL(WR_ERR_INVALID, "in_flight", "0 for a monster without WR_UNIT_FLYING");
    wr_fall f = in_flight ? WR_FALL_CRASH : (m->def.legs == 2 ? WR_FALL_TOPPLE : WR_FALL_COLLAPSE);
    *needs_d8 = f == WR_FALL_TOPPLE;
    if (!have_d8 && f == WR_FALL_TOPPLE)
        return WR_OK; /* the caller rolls and calls again */
    if (f == WR_FALL_TOPPLE && (d8 < 1 || d8 > 8))
        return WRI_FAIL_VALUE(WR_ERR_RANGE, "d8", d8, "1..8");
    *remains = (m->def.base_width_mm <= 40 && m->def.base_depth_mm <= 40) ? WR_REMAINS_WALL
                                                                          : WR_REMAINS_IMPASSABLE;
    *fall = f;
    *direction = f == WR_FALL_TOPPLE ? d8 : 0;
    return WR_OK;
}

wr_status wr_dead_monster(const wr_melee_unit *monster, int in_flight, int d8, wr_remains *remains,
                          wr_fall *fall, int *direction)
{
    wr_status st = WRI_NULLS(monster, remains, fall, direction);
    if (st != WR_OK)
        return st;
    int needs = 0;
    return WRI_PASS(dead_monster(monster, in_flight, d8, 1, remains, fall, direction, &needs));
}

wr_status wr_dead_monster_rng(const wr_melee_unit *monster, int in_flight, wr_rng *rng,
                              wr_remains *remains, wr_fall *fall, int *direction)
{
    wr_status st = WRI_NULLS(monster, rng, remains, fall, direction);
    if (st != WR_OK)
        return st;
    int needs = 0;
    st = dead_monster(monster, in_flight, 0, 0, remains, fall, direction, &needs);
    if (st != WR_OK || !needs)
        return WRI_PASS(st);
    int d8 = 0;
    st = wr_rng_roll(rng, 8, &d8);
    if (st != WR_OK)
        return WRI_PASS(st);
    return WRI_PASS(dead_monster(monster, in_flight, d8, 1, remains, fall, direction, &needs));
}
