/* Landmarks for the plain A* (ALT: A*, landmarks and the triangle
   inequality): wr_planner_prepare_landmarks() picks the landmark hexes and
   keeps the labels of every hex from each, which planner_astar.c reads
   as a bound of the points left to the goal, d(L, goal) - d(L, v) <=
   d(v, goal). The fields are the planner's own plain fields, so the bound
   holds for exactly the moves the A* makes. */
#include "planner_internal.h"

void wri_planner_free_landmarks(wr_planner *pl)
{
    wri_landmarks *lm = &pl->landmarks;
    wri_free(&pl->alloc, lm->dist, lm->cells * (size_t)lm->stride, sizeof *lm->dist);
    wri_free(&pl->alloc, lm->narrow, lm->cells * (size_t)lm->stride, sizeof *lm->narrow);
    memset(lm, 0, sizeof *lm);
}

/* The first hex from index `from` on where the mover can be and that
   labels (a field's, or NULL) leave unreached; -1 when none. */
static int32_t next_hex(const wri_movegen *g, int32_t from, const uint32_t *labels)
{
    for (int32_t i = from; i < g->map->count; i++)
        if (wri_campaign_can_be(g, i) && (labels == NULL || labels[i] == UINT32_MAX))
            return i;
    return -1;
}

/* The hex on the map's edge (its first and last rows and columns) whose
   label in near[] is the largest above 0 and reached, the lowest index
   first among equals; -1 when there is none. */
static int32_t farthest_on_edge(const wr_map *map, const uint32_t *near)
{
    const int32_t width = map->width, height = map->height;
    uint32_t far = 0;
    int32_t best = -1;
    for (int32_t row = 0; row < height; row++) {
        const int whole = row == 0 || row == height - 1;
        const int32_t step = whole || width == 1 ? 1 : width - 1;
        for (int32_t col = 0; col < width; col += step) {
            const int32_t v = row * width + col;
            if (near[v] != UINT32_MAX && near[v] > far) {
                far = near[v];
                best = v;
            }
        }
    }
    return best;
}

/* The field from hex idx into plane k of dist (cells labels a plane),
   near[] (the label from the nearest landmark so far) lowered by it; the
   next landmark in *next: the hex reached whose nearest landmark is the
   farthest, on the map's edge when one there is reached and not a
   landmark, else anywhere (lowest index first); -1 when every hex reached
   is a landmark. Landmarks on the edge bound more routes: a landmark
   bounds the points from v to the goal well when v lies on its way from
   the landmark to the goal, and the edge is behind every hex of the map
   from some side. */
static wr_status landmark_field(wr_planner *pl, const wr_map *map, const wr_plan_params *params,
                                int32_t idx, int32_t *dist, int k, uint32_t *near, int32_t *next,
                                size_t *reached)
{
    search_opts o;
    memset(&o, 0, sizeof o);
    o.goal = -1;
    o.limit = UINT32_MAX;
    wri_movegen g;
    wr_status st = wri_planner_map_search(pl, map, params, wri_campaign_hex(map, idx), &o, &g,
                                          WRI_MAP_FIELD, NULL);
    if (st != WR_OK)
        return st;
    const uint32_t *d = pl->dist;
    const size_t cells = (size_t)map->count;
    uint32_t far = 0;
    int32_t best = -1;
    size_t r = 0;
    for (size_t v = 0; v < cells; v++) {
        const uint32_t x = d[v];
        r += x != UINT32_MAX;
        /* labels are below 2^31 (key_max) */
        dist[(size_t)k * cells + v] = x == UINT32_MAX ? INT32_MAX : (int32_t)x;
        const uint32_t m = k == 0 || x < near[v] ? x : near[v];
        near[v] = m;
        if (m != UINT32_MAX && m > far) {
            far = m;
            best = (int32_t)v;
        }
    }
    const int32_t on_edge = farthest_on_edge(map, near);
    *next = on_edge >= 0 ? on_edge : best;
    *reached = r;
    return WR_OK;
}

/* Whether every label reached is below 0xffff: then they are kept as
   uint16 (half the bytes, and of the cache misses of the A*). */
static int fits_narrow(const int32_t *dist, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (dist[i] != INT32_MAX && dist[i] >= 0xffff)
            return 0;
    return 1;
}

wr_status wr_planner_prepare_landmarks(wr_planner *planner, const wr_map *map,
                                       const wr_plan_params *params, int count)
{
    wr_status st = WRI_NULLS(planner, map, params);
    if (st != WR_OK)
        return st;
    if (count < 0 || count > WR_PLAN_MAX_LANDMARKS)
        return WRI_FAIL_VALUE(WR_ERR_RANGE, "count", count, "0..WR_PLAN_MAX_LANDMARKS");
    st = wri_campaign_check_params(params);
    if (st != WR_OK)
        return WRI_PASS(st);
    if (!(params->options & WR_PLAN_PLAIN_COSTS))
        return WRI_FAIL(WR_ERR_INVALID, "params", "plain costs (WR_PLAN_PLAIN_COSTS)");
    if (params->mover != WR_MOVER_INFANTRY && params->mover != WR_MOVER_CAVALRY)
        return WRI_FAIL(WR_ERR_INVALID, "params", "a land force");
    wri_movegen g;
    wri_campaign_movegen_init(&g, map, params);
    int32_t next = count > 0 ? next_hex(&g, 0, NULL) : -1;
    if (next < 0) {
        wri_planner_free_landmarks(planner);
        return WR_OK;
    }
    const size_t cells = (size_t)map->count;
    const wr_allocator *a = &planner->alloc;
    int32_t *dist = wri_alloc_zero(a, cells * (size_t)count, sizeof *dist);
    uint32_t *near = wri_alloc_zero(a, cells, sizeof *near);
    if (dist == NULL || near == NULL)
        st = WRI_NOMEM();
    /* The first landmark is the first hex where the mover can be whose
       field reaches a quarter of the map (or the last tried): one in a
       small enclosed part would make the others as useless, as they are
       picked among the hexes it reaches. */
    int k = 0, tries = 0;
    while (st == WR_OK && k < count && next >= 0) {
        const int32_t at = next;
        size_t reached = 0;
        st = landmark_field(planner, map, params, at, dist, k, near, &next, &reached);
        if (st == WR_OK && k == 0 && reached * 4u < cells && ++tries < 8) {
            const int32_t other = next_hex(&g, at + 1, planner->dist);
            if (other >= 0) {
                next = other;
                continue;
            }
        }
        k += st == WR_OK;
    }
    wri_free(a, near, cells, sizeof *near);
    const size_t n = cells * (size_t)count;
    uint16_t *narrow = NULL;
    if (st == WR_OK && fits_narrow(dist, n)) {
        narrow = wri_alloc_zero(a, n, sizeof *narrow);
        if (narrow == NULL)
            st = WRI_NOMEM();
    }
    if (st != WR_OK) { /* the landmarks held stay */
        wri_free(a, dist, n, sizeof *dist);
        return WRI_PASS(st);
    }
    if (narrow != NULL) {
        for (size_t i = 0; i < n; i++)
            narrow[i] = dist[i] == INT32_MAX ? (uint16_t)0xffffu : (uint16_t)dist[i];
        wri_free(a, dist, n, sizeof *dist);
        dist = NULL;
    }
    wri_planner_free_landmarks(planner);
    wri_landmarks *lm = &planner->landmarks;
    lm->count = k;
    lm->stride = count;
    lm->narrow = narrow;
    lm->dist = dist;
    lm->cells = cells;
    map_stamp s = {map, map->width, map->height, map->generation, map->history};
    lm->map = s;
    memcpy(&lm->params, params, sizeof lm->params); /* bytes, for memcmp() */
    return WR_OK;
}

wr_status wr_planner_landmarks(const wr_planner *planner, int *count, size_t *bytes)
{
    wr_status st = WRI_NULLS(planner, count, bytes);
    if (st != WR_OK)
        return st;
    const wri_landmarks *lm = &planner->landmarks;
    *count = lm->count;
    *bytes = lm->cells * (size_t)lm->stride * (lm->narrow != NULL ? 2u : 4u);
    return WR_OK;
}

wr_status wr_planner_settled(const wr_planner *planner, size_t *count)
{
    wr_status st = WRI_NULLS(planner, count);
    if (st != WR_OK)
        return st;
    *count = planner->settled;
    return WR_OK;
}
