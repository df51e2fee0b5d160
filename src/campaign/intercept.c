/* Where forces meet: the earliest contact of a force with an enemy
   moving along its positions or its own plan (wr_planner_intercept():
   interception, pursuit, meeting it formed), and the danger field of
   several forces (wr_planner_danger()), over the planner's arrival fields
   and routes. The readings are written in docs/rules/campaign.md.

   The contact of a force that can be in hex H from label A(H) on (its
   earliest arrival, formed or not; it may wait there) with an enemy at
   positions p_0..p_n entered on days d_0 <= ... <= d_n: day D of the game is
   two moves, the first and the second. In the enemy's move of day D it
   enters p_i (d_i = D, i >= 1) in order, and meets a force standing in H
   since an earlier move: since the end of day D - 1 when the enemy moves
   first, since the end of the force's own move of D when it moves second.
   In the force's own move of day(A(H)) it enters H and meets the enemy
   standing in its hex: the last one entered by day(A(H)) (the enemy moved
   first) or by day(A(H)) - 1 (it moves second). The earliest of these over
   every hex is the contact: a route to the chosen hex meets nothing earlier,
   since any hex it passes would have given an earlier contact itself. */
#include <string.h>

#include "planner_internal.h"

struct wri_intercept_store {
    wr_arrival *field; /* the force's field, or one force's of the danger field */
    size_t cap_field;
    wr_danger *best; /* the danger field being built */
    size_t cap_best;
    int32_t *node; /* the enemy's positions: node and day */
    int32_t *day;
    size_t cap_track;
    wr_step *steps; /* the force's plan */
    size_t cap_steps;
    wr_plan_edge *moves;
    size_t cap_moves;
    wr_step *esteps; /* a planned enemy's plan */
    size_t cap_esteps;
    wr_plan_edge *emoves;
    size_t cap_emoves;
};

static void intercept_free(wr_planner *pl)
{
    struct wri_intercept_store *s = pl->intercept;
    if (s == NULL)
        return;
    const wr_allocator *a = &pl->alloc;
    wri_free(a, s->field, s->cap_field, sizeof *s->field);
    wri_free(a, s->best, s->cap_best, sizeof *s->best);
    wri_free(a, s->node, s->cap_track, sizeof *s->node);
    wri_free(a, s->day, s->cap_track, sizeof *s->day);
    wri_free(a, s->steps, s->cap_steps, sizeof *s->steps);
    wri_free(a, s->moves, s->cap_moves, sizeof *s->moves);
    wri_free(a, s->esteps, s->cap_esteps, sizeof *s->esteps);
    wri_free(a, s->emoves, s->cap_emoves, sizeof *s->emoves);
    wri_free(a, s, 1, sizeof *s);
    pl->intercept = NULL;
}

/* A helper's failure about an argument of another call (the enemy's own
   plan, a force of the danger field, the replay of a rally) named after
   the parameter of the public function it came from: each inner root
   (params, query, from...) becomes its outer path (enemy->params, ...). */
typedef struct arg_root {
    const char *inner, *outer;
} arg_root;

static wr_status pass_renamed(wr_status st, const char *fn, const arg_root *roots, size_t n)
{
    wr_error e;
    if (wr_last_error_detail(&e) == WR_OK && e.argument != NULL) {
        for (size_t i = 0; i < n; i++) {
            const size_t len = strlen(roots[i].inner);
            if (strncmp(e.argument, roots[i].inner, len) != 0)
                continue;
            const char next = e.argument[len]; /* the prefix matched: it exists */
            if (next == '\0' || next == '.' || next == '-' || next == '[')
                return wri_pass_arg(st, fn, roots[i].outer);
        }
    }
    return wri_pass(st, fn);
}

static const arg_root enemy_roots[] = {{"params", "enemy->params"},
                                       {"query", "enemy->query"},
                                       {"from", "enemy->from"},
                                       {"to", "enemy->to"}};
static const arg_root danger_roots[] = {
    {"params", "forces[].params"}, {"query", "forces[].query"}, {"from", "forces[].from"}};
static const arg_root rally_roots[] = {{"force", "query->start"}};
#define ROOTS(r) (r), sizeof(r) / sizeof((r)[0])

/* The block to use for need elements: old when it holds them, else a new
   one (old released, *cap updated); NULL when out of memory (old kept). */
static void *regrow(const wr_allocator *a, void *old, size_t *cap, size_t need, size_t size)
{
    if (*cap >= need)
        return old;
    void *n = wri_alloc_zero(a, need, size);
    if (n == NULL)
        return NULL;
    wri_free(a, old, *cap, size);
    *cap = need;
    return n;
}

static wr_status store_of(wr_planner *pl, struct wri_intercept_store **out)
{
    if (pl->intercept == NULL) {
        struct wri_intercept_store *s = wri_alloc_zero(&pl->alloc, 1, sizeof *s);
        if (s == NULL)
            return WRI_NOMEM();
        pl->intercept = s;
        pl->intercept_free = intercept_free;
    }
    *out = pl->intercept;
    return WR_OK;
}

static wr_status field_room(wr_planner *pl, struct wri_intercept_store *s, size_t n)
{
    wr_arrival *f = regrow(&pl->alloc, s->field, &s->cap_field, n, sizeof *f);
    if (f == NULL)
        return WRI_NOMEM();
    s->field = f;
    return WR_OK;
}

static wr_status track_room(wr_planner *pl, struct wri_intercept_store *s, size_t n)
{
    if (s->cap_track >= n)
        return WR_OK;
    int32_t *node = wri_alloc_zero(&pl->alloc, n, sizeof *node);
    int32_t *day = wri_alloc_zero(&pl->alloc, n, sizeof *day);
    if (node == NULL || day == NULL) {
        wri_free(&pl->alloc, node, n, sizeof *node);
        wri_free(&pl->alloc, day, n, sizeof *day);
        return WRI_NOMEM();
    }
    wri_free(&pl->alloc, s->node, s->cap_track, sizeof *s->node);
    wri_free(&pl->alloc, s->day, s->cap_track, sizeof *s->day);
    s->node = node;
    s->day = day;
    s->cap_track = n;
    return WR_OK;
}

/* Copies a plan's steps and moves into the store's arrays, with room for
   `before` of them in front. */
static wr_status keep_plan(wr_planner *pl, wr_step **steps, size_t *cap_steps, wr_plan_edge **moves,
                           size_t *cap_moves, const wr_plan_result *in, size_t before,
                           wr_plan_result *out)
{
    const size_t n = in->route.step_count + before;
    wr_step *st = regrow(&pl->alloc, *steps, cap_steps, n, sizeof *st);
    if (st == NULL)
        return WRI_NOMEM();
    *steps = st;
    wr_plan_edge *mv = regrow(&pl->alloc, *moves, cap_moves, n, sizeof *mv);
    if (mv == NULL)
        return WRI_NOMEM();
    *moves = mv;
    memcpy(st + before, in->route.steps, in->route.step_count * sizeof *st);
    memcpy(mv + before, in->moves, in->route.step_count * sizeof *mv);
    *out = *in;
    out->route.steps = st;
    out->route.step_count = n;
    out->moves = mv;
    return WR_OK;
}

/* The hexes in contact with node e: e, and its neighbours as the meeting
   allows (contact is symmetric); returns their number. */
static int contact_set(const wr_map *map, int meeting, int32_t e, int32_t out[7])
{
    int n = 0;
    out[n++] = e;
    if (meeting == WR_MEETING_SAME_HEX)
        return n;
    const unsigned nb = map->cells[e].nb, odd = (nb & WRI_ODD_ROW) ? 1u : 0u;
    for (int d = 0; d < 6; d++) {
        if (!((nb >> d) & 1u))
            continue;
        const int32_t h = wri_nb_index(map, e, odd, d);
        if (meeting == WR_MEETING_ADJACENT_NO_RIVER &&
            WRI_SIDE_RIVER(wri_side_byte(map, e, h, d)) != WR_NO_RIVER)
            continue;
        out[n++] = h;
    }
    return n;
}

static int in_contact(const wr_map *map, int meeting, int32_t a, int32_t b)
{
    int32_t set[7];
    const int n = contact_set(map, meeting, b, set);
    for (int i = 0; i < n; i++)
        if (set[i] == a)
            return 1;
    return 0;
}

/* The enemy's position after its moves of days up to x: the last index whose
   day is at most x, or 0 (it stands in its first hex before it moves). */
static size_t position_by(const int32_t *day, size_t n, int64_t x)
{
    size_t lo = 0, hi = n;
    while (lo < hi) {
        const size_t mid = lo + (hi - lo) / 2u;
        if (day[mid] <= x)
            lo = mid + 1u;
        else
            hi = mid;
    }
    return lo == 0 ? 0 : lo - 1u;
}

/* A moment of contact: day, then which move of the day (0 the first, 1 the
   second), then within it the force's label (its own move) or the enemy's
   position index (the enemy's move), then the hex as the last tie-break. */
typedef struct moment {
    int32_t day;
    int32_t move;
    int64_t within;
    int32_t hex;   /* the force's hex */
    int32_t enemy; /* the enemy's position at contact */
    int own;       /* 1 in the force's own move */
} moment;

static int earlier(const moment *a, const moment *b)
{
    if (a->day != b->day)
        return a->day < b->day;
    if (a->move != b->move)
        return a->move < b->move;
    if (a->within != b->within)
        return a->within < b->within;
    return a->hex < b->hex;
}

static void consider(moment *best, int *found, const moment *c)
{
    if (!*found || earlier(c, best)) {
        *best = *c;
        *found = 1;
    }
}

/* The earliest contact of a force with arrival field `field` (labels in its
   daily points P) with the enemy's track. */
static int earliest_contact(const wr_map *map, const wr_intercept_params *how, const int32_t *node,
                            const int32_t *day, size_t n, const wr_arrival *field, int P,
                            moment *best)
{
    const int enemy_first = how->order == WR_DAY_ENEMY_FIRST;
    const int32_t own_move = enemy_first ? 1 : 0, enemy_move = 1 - own_move;
    int found = 0;
    for (size_t i = 0; i < n; i++) {
        int32_t set[7];
        const int m = contact_set(map, how->meeting, node[i], set);
        for (int j = 0; j < m; j++) {
            const int32_t h = set[j];
            const wr_arrival *a = &field[h];
            if (a->day < 0)
                continue;
            if (i >= 1 && (enemy_first ? a->day < day[i] : a->day <= day[i])) {
                moment c = {day[i], enemy_move, (int64_t)i, h, (int32_t)i, 0};
                consider(best, &found, &c);
            }
            if (position_by(day, n, enemy_first ? a->day : (int64_t)a->day - 1) == i) {
                moment c = {a->day, own_move,   (int64_t)a->day * P - a->points_left,
                            h,      (int32_t)i, 1};
                consider(best, &found, &c);
            }
        }
    }
    return found;
}

/* Reads the enemy's positions, checked, into the store's track. */
static wr_status read_positions(wr_planner *pl, struct wri_intercept_store *s, const wr_map *map,
                                const wr_force_desc *e, size_t *n)
{
    if (e->position_count < 1 || e->position_count > (size_t)WR_FORCE_MAX_POSITIONS)
        return WRI_FAIL_VALUE(WR_ERR_RANGE, "enemy->position_count", e->position_count,
                              "1..2^24 (WR_FORCE_MAX_POSITIONS) with positions");
    for (size_t i = 0; i < e->position_count; i++) {
        const wr_force_position *p = &e->positions[i];
        if (wri_campaign_index(map, p->hex) < 0)
            return WRI_FAIL_HEX(map, p->hex, "enemy->positions[].hex");
        if (p->day < 1 || p->day > WR_PLAN_MAX_DAYS)
            return WRI_FAIL_VALUE(WR_ERR_RANGE, "enemy->positions[].day", p->day,
                                  "1..1000000 (WR_PLAN_MAX_DAYS)");
        if (i > 0 && p->day < e->positions[i - 1].day)
            return WRI_FAIL_VALUE(WR_ERR_INVALID, "enemy->positions[].day", p->day,
                                  "days that never decrease");
    }
    wr_status st = track_room(pl, s, e->position_count);
    if (st != WR_OK)
        return st;
    for (size_t i = 0; i < e->position_count; i++) {
        s->node[i] = wri_campaign_index(map, e->positions[i].hex);
        s->day[i] = e->positions[i].day;
    }
    *n = e->position_count;
    return WR_OK;
}

/* Plans the enemy and keeps its plan and track in the store. */
static wr_status plan_enemy(wr_planner *pl, struct wri_intercept_store *s, const wr_map *map,
                            const wr_force_desc *e, wr_plan_result *plan, size_t *n)
{
    wr_plan_result r;
    wr_status st = wr_planner_plan(pl, map, e->params, e->query, e->from, e->to, &r);
    if (st != WR_OK)
        return st;
    memset(plan, 0, sizeof *plan);
    plan->outcome = r.outcome;
    size_t count = 1;
    if (r.outcome == WR_PLAN_FOUND) {
        st = keep_plan(pl, &s->esteps, &s->cap_esteps, &s->emoves, &s->cap_emoves, &r, 0, plan);
        if (st != WR_OK)
            return st;
        count = r.route.step_count;
    }
    st = track_room(pl, s, count);
    if (st != WR_OK)
        return st;
    if (r.outcome == WR_PLAN_FOUND) {
        for (size_t i = 0; i < count; i++) {
            s->node[i] = plan->route.steps[i].node;
            s->day[i] = plan->route.steps[i].day;
        }
    } else { /* it stays where it is */
        s->node[0] = wri_campaign_index(map, e->from);
        s->day[0] = e->query != NULL && e->query->start != NULL ? e->query->start->day : 1;
    }
    *n = count;
    return WR_OK;
}

static wr_status check_how(const wr_map *map, const wr_intercept_params *how)
{
    if (how->objective < 0 || how->objective >= WR_INTERCEPT_OBJECTIVE_COUNT)
        return WRI_FAIL_VALUE(WR_ERR_INVALID, "how->objective", how->objective,
                              "a wr_intercept_objective (0..3)");
    if (how->meeting < 0 || how->meeting >= WR_MEETING_COUNT)
        return WRI_FAIL_VALUE(WR_ERR_INVALID, "how->meeting", how->meeting, "a wr_meeting (0..2)");
    if (how->order < 0 || how->order >= WR_DAY_ORDER_COUNT)
        return WRI_FAIL_VALUE(WR_ERR_INVALID, "how->order", how->order, "a wr_day_order (0..1)");
    if ((how->objective & WR_INTERCEPT_BEFORE) && wri_campaign_index(map, how->guard) < 0)
        return WRI_FAIL_HEX(map, how->guard, "how->guard");
    return WR_OK;
}

/* The moment the enemy first enters the guarded hex, or none (*limited 0);
   *never when it starts there. */
static void guard_entry(const wr_map *map, const wr_intercept_params *how, const int32_t *node,
                        const int32_t *day, size_t n, moment *entry, int *limited, int *never)
{
    const int32_t g = wri_campaign_index(map, how->guard);
    *limited = 0;
    *never = node[0] == g;
    for (size_t i = 1; i < n && !*never; i++) {
        if (node[i] == g) {
            moment m = {
                day[i], how->order == WR_DAY_ENEMY_FIRST ? 0 : 1, (int64_t)i, -1, (int32_t)i, 0};
            *entry = m;
            *limited = 1;
            return;
        }
    }
}

/* Whether the force, planned formed to the contact hex, is formed at the
   moment of contact (see the top of this file; a rally day is the force's
   whole move, and the enemy's move of that day when it moves second comes
   before the rally is over). */
static int formed_in_time(const wr_plan_result *r, const moment *c, int enemy_first, int P)
{
    const int64_t label = (int64_t)r->route.arrival_day * P - r->route.points_left;
    if (c->own)
        return label == c->within;
    if (enemy_first)
        return label <= (int64_t)(c->day - 1) * P;
    return r->arrival.day <= c->day;
}

/* wr_planner_intercept()'s arguments checked: *how set (the defaults for
   NULL), the force's start state *s0 and its hex's index *src read. */
static wr_status check_arguments(const wr_planner *planner, const wr_map *map,
                                 const wr_plan_params *params, const wr_plan_query *query,
                                 wr_hex from, const wr_force_desc *enemy,
                                 const wr_intercept_params **how, const wr_intercept_result *result,
                                 wr_force_state *s0, int32_t *src)
{
    wr_status st = WRI_NULLS(planner, map, params, enemy, result);
    if (st != WR_OK)
        return st;
    static const wr_intercept_params zero_how;
    if (*how == NULL)
        *how = &zero_how;
    st = check_how(map, *how);
    if (st != WR_OK)
        return st;
    if (enemy->positions == NULL) {
        if (enemy->position_count != 0)
            return WRI_FAIL_VALUE(WR_ERR_INVALID, "enemy->position_count", enemy->position_count,
                                  "0 without positions");
        if (enemy->params == NULL)
            return WRI_NULL(enemy->params);
    }
    st = wri_campaign_check_params(params);
    if (st != WR_OK)
        return st;
    wr_force_start(s0);
    if (query != NULL && query->start != NULL) {
        *s0 = *query->start;
        st = wri_campaign_check_force(s0, params->costs.daily_points, WRI_FORCE_QUERY);
        if (st != WR_OK)
            return st;
    }
    *src = wri_campaign_index(map, from);
    if (*src < 0)
        return WRI_FAIL_HEX(map, from, "from");
    return WR_OK;
}

/* Whether the enemy enters a guarded hex before the contact `best` (or
   never can be met before): WR_INTERCEPT_BEFORE then finds nothing. */
static int enemy_first_at_guard(const wr_map *map, const wr_intercept_params *how,
                                const int32_t *node, const int32_t *day, size_t n,
                                const moment *best)
{
    moment entry;
    int limited = 0, never = 0;
    guard_entry(map, how, node, day, n, &entry, &limited, &never);
    return never || (limited && (best->day > entry.day ||
                                 (best->day == entry.day &&
                                  (best->move > entry.move ||
                                   (best->move == entry.move && best->within > entry.within)))));
}

/* The start and the rally day put before the plan kept from the rallied
   state (its first two steps, left for them). */
static void put_rally_first(struct wri_intercept_store *s, wr_plan_result *kept, wr_hex from,
                            int32_t src, const wr_force_state *s0, const wr_force_state *rallied,
                            int P)
{
    wr_step *steps = s->steps;
    wr_plan_edge *moves = s->moves;
    const int r = rallied->day - 1;
    wr_step start = {from,        src,          s0->day, P + s0->points_saved - s0->points_spent,
                     r - s0->day, WR_STEP_START};
    wr_step rally = {from,         src, r, 0, kept->route.step_count > 2 ? steps[2].day - r : 1,
                     WR_STEP_RALLY};
    if (start.nights > 0)
        start.flags |= WR_STEP_NIGHT;
    if (rally.nights > 0)
        rally.flags |= WR_STEP_NIGHT;
    steps[0] = start;
    steps[1] = rally;
    wr_plan_edge m0 = {src, 0, 0, WR_STEP_START}, m1 = {src, 0, 1, WR_STEP_RALLY};
    moves[0] = m0;
    moves[1] = m1;
    kept->route.rally_days++;
    kept->route.arrival_day = steps[kept->route.step_count - 1].day;
    kept->route.points_left = steps[kept->route.step_count - 1].points_left;
}

/* While the force rallies in its hex (days D0..r): whether the enemy
   meets it unformed (returned), or, moving first on the day after,
   meets it formed (*best, *found). */
static int rally_contact(const wr_map *map, int meeting, int32_t src, const int32_t *node,
                         const int32_t *day, size_t n, int32_t D0, int32_t r, int enemy_first,
                         moment *best, int *found)
{
    /* unformed in its hex until the rally is over */
    const size_t k = position_by(day, n, enemy_first ? D0 : (int64_t)D0 - 1);
    int lost_unformed = in_contact(map, meeting, src, node[k]);
    for (size_t i = 1; i < n && !lost_unformed; i++)
        if (day[i] >= (enemy_first ? D0 + 1 : D0) && day[i] <= r)
            lost_unformed = in_contact(map, meeting, src, node[i]);
    /* formed after it when the enemy moves first on the next day */
    for (size_t i = 1; i < n && enemy_first && !*found; i++) {
        if (day[i] == r + 1 && in_contact(map, meeting, src, node[i])) {
            moment c = {day[i], 0, (int64_t)i, src, (int32_t)i, 0};
            *best = c;
            *found = 1;
        }
    }
    return lost_unformed;
}

/* The force's plan to the contact's hex `to`: formed when the objective
   asks for it or when the force can be formed there in time. */
static wr_status plan_to_contact(wr_planner *planner, const wr_map *map, const wr_plan_params *p,
                                 wr_plan_query *q, wr_hex from, wr_hex to, const moment *best,
                                 int formed, int enemy_first, int P, wr_plan_result *plan)
{
    q->objective = WR_OBJECTIVE_EARLIEST_FORMED;
    wr_status st = wr_planner_plan(planner, map, p, q, from, to, plan);
    if (st == WR_OK && plan->outcome == WR_PLAN_FOUND && !formed &&
        !formed_in_time(plan, best, enemy_first, P)) {
        q->objective = WR_OBJECTIVE_EARLIEST;
        st = wr_planner_plan(planner, map, p, q, from, to, plan);
    }
    /* GCOVR_EXCL_BR_START: the field reached the hex, so its plan does */
    if (st == WR_OK && plan->outcome != WR_PLAN_FOUND)
        st = WRI_FAIL(WR_ERR_STATE, "planner",
                      "a route to a hex of its field"); /* GCOVR_EXCL_LINE */
    /* GCOVR_EXCL_BR_STOP */
    return st;
}

/* The state at contact: the force waits in the hex, halting, until the
   contact's day, then meets the enemy. */
static wr_status wait_for_contact(wr_force_state *f, int P, int day, int *non_rallied)
{
    wr_status st = WR_OK;
    int lost = 0;
    while (st == WR_OK && f->day < day)
        st = wr_force_end_day(f, P, 1, 0, 2, &lost);
    if (st == WR_OK)
        st = wr_force_contact(f, P, non_rallied);
    return st;
}

/* An unformed force rallies in its hex: it halts for the day when it has
   moved or was unformed today, then rallies. */
static wr_status rally_in_place(wr_force_state *f, int P)
{
    wr_status st = WR_OK;
    int lost = 0;
    if (f->points_spent > 0 || f->unformed_today)
        st = wr_force_end_day(f, P, 1, 0, 2, &lost);
    if (st == WR_OK)
        st = wr_force_rally(f, P);
    return st;
}

wr_status wr_planner_intercept(wr_planner *planner, const wr_map *map, const wr_plan_params *params,
                               const wr_plan_query *query, wr_hex from, const wr_force_desc *enemy,
                               const wr_intercept_params *how, wr_intercept_result *result)
{
    wr_force_state s0;
    int32_t src = 0;
    wr_status st =
        check_arguments(planner, map, params, query, from, enemy, &how, result, &s0, &src);
    if (st != WR_OK)
        return WRI_PASS(st);
    const int P = params->costs.daily_points;
    struct wri_intercept_store *s = NULL;
    st = store_of(planner, &s);
    if (st != WR_OK)
        return WRI_PASS(st);
    wr_plan_result enemy_plan;
    memset(&enemy_plan, 0, sizeof enemy_plan);
    size_t n = 0;
    if (enemy->positions != NULL)
        st = WRI_PASS(read_positions(planner, s, map, enemy, &n));
    else if ((st = plan_enemy(planner, s, map, enemy, &enemy_plan, &n)) != WR_OK)
        st = pass_renamed(st, __func__, ROOTS(enemy_roots));
    if (st != WR_OK)
        return st;
    const int32_t *node = s->node, *day = s->day;
    /* The force's plans: formed only, from a rally in place when unformed,
       for the formed objectives; as given otherwise. */
    const int formed = (how->objective & WR_INTERCEPT_FORMED) != 0;
    const int enemy_first = how->order == WR_DAY_ENEMY_FIRST;
    wr_plan_params p = *params;
    wr_plan_query q;
    memset(&q, 0, sizeof q);
    if (query != NULL)
        q = *query;
    q.start = &s0;
    q.objective = formed ? WR_OBJECTIVE_EARLIEST_FORMED : WR_OBJECTIVE_EARLIEST;
    wr_force_state rallied = s0;
    int rally_first = 0, lost_unformed = 0, found = 0;
    moment best = {0};
    if (formed) {
        p.options &= ~WR_PLAN_UNFORMED;
        if (s0.unformed && s0.crossing_days == 0 && !s0.far_bank) {
            if ((st = rally_in_place(&rallied, P)) != WR_OK)
                return pass_renamed(st, __func__, ROOTS(rally_roots));
            rally_first = 1;
            q.start = &rallied;
            lost_unformed = rally_contact(map, how->meeting, src, node, day, n, s0.day,
                                          rallied.day - 1, enemy_first, &best, &found);
        }
    }
    st = field_room(planner, s, (size_t)map->count);
    if (st == WR_OK)
        st = wr_planner_plan_field(planner, map, &p, &q, from, s->field, (size_t)map->count);
    if (st != WR_OK)
        return WRI_PASS(st);
    if (!found)
        found = earliest_contact(map, how, node, day, n, s->field, P, &best);
    if (found && (how->objective & WR_INTERCEPT_BEFORE) &&
        enemy_first_at_guard(map, how, node, day, n, &best))
        found = 0;
    wr_intercept_result res;
    memset(&res, 0, sizeof res);
    res.enemy_plan = enemy_plan;
    if (!found || lost_unformed) {
        res.outcome = WR_INTERCEPT_IMPOSSIBLE;
        *result = res;
        return WR_OK;
    }
    /* The route: formed when the force can be formed there in time. */
    const wr_hex to = wri_campaign_hex(map, best.hex);
    wr_plan_result plan;
    st = plan_to_contact(planner, map, &p, &q, from, to, &best, formed, enemy_first, P, &plan);
    if (st != WR_OK)
        return WRI_PASS(st);
    wr_plan_result kept;
    st = keep_plan(planner, &s->steps, &s->cap_steps, &s->moves, &s->cap_moves, &plan,
                   rally_first ? 1u : 0u, &kept);
    if (st != WR_OK)
        return WRI_PASS(st);
    if (rally_first)
        put_rally_first(s, &kept, from, src, &s0, &rallied, P);
    /* The state at contact: it waits in the hex, halting, then meets the enemy. */
    wr_force_state f = kept.arrival;
    int non_rallied = 0;
    st = wait_for_contact(&f, P, best.day, &non_rallied);
    if (st != WR_OK)
        return WRI_PASS(st);
    res.outcome = WR_INTERCEPT_FOUND;
    res.day = best.day;
    res.during_own_move = best.own;
    res.hex = to;
    res.enemy_index = best.enemy;
    res.enemy_hex = wri_campaign_hex(map, node[best.enemy]);
    res.non_rallied = non_rallied;
    res.contact = f;
    res.plan = kept;
    *result = res;
    return WR_OK;
}

/* Force k's field combined with the danger field so far (prev, or NULL
   for the first force) into out (which may be prev): the search of
   wr_planner_plan_field(), its labels read straight from the planner. */
static wr_status danger_add(wr_planner *pl, const wr_map *map, const wr_force_desc *f, int32_t k,
                            const wr_danger *prev, wr_danger *out)
{
    wr_status st = wri_campaign_check_params(f->params);
    if (st != WR_OK)
        return st;
    wr_force_state start;
    wri_block block;
    plan_start ps;
    int objective = 0;
    st = wri_planner_read_query(map, f->params, f->query, &start, &block, &ps, &objective);
    if (st != WR_OK)
        return st;
    if (objective == WR_OBJECTIVE_FEWEST_UNFORMED)
        return WRI_FAIL(WR_ERR_INVALID, "forces[].query->objective",
                        "WR_OBJECTIVE_EARLIEST or WR_OBJECTIVE_EARLIEST_FORMED for a field");
    search_opts o;
    memset(&o, 0, sizeof o);
    o.goal = -1;
    o.limit = UINT32_MAX;
    wri_movegen g;
    st = wri_planner_map_search(pl, map, f->params, f->from, &o, &g, WRI_MAP_FIELD, &ps);
    if (st != WR_OK)
        return st;
    /* the game's day of label t: ceil(t / P), never before the start's day;
       floor(x / P) = (x * M) >> 40 with M = ceil(2^40 / P) is exact while
       x x P < 2^40, and here x < key_max + P <= (10^6 + 2) x P, P <= 1000 */
    const uint32_t *dist = pl->dist;
    const int32_t cells = map->count;
    const int any = objective == WR_OBJECTIVE_EARLIEST && o.two;
    const uint64_t P = o.daily, M = (((uint64_t)1 << 40) + P - 1u) / P, day0 = o.day0;
    for (int32_t i = 0; i < cells; i++) {
        uint32_t t = dist[i];
        if (any && dist[i + cells] < t)
            t = dist[i + cells];
        if (t == UINT32_MAX) {
            if (prev == NULL) {
                wr_danger none = {-1, 0, -1};
                out[i] = none;
            } else if (out != prev) {
                out[i] = prev[i];
            }
            continue;
        }
        uint64_t day = t == 0 ? 1u : (((uint64_t)t + P - 1u) * M) >> 40;
        if (day < day0)
            day = day0;
        if (prev == NULL || (uint64_t)(uint32_t)prev[i].day > day) { /* -1: none yet */
            wr_danger d = {(int32_t)day, (int32_t)(day * P - t), k};
            out[i] = d;
        } else if (out != prev) {
            out[i] = prev[i];
        }
    }
    return WR_OK;
}

wr_status wr_planner_danger(wr_planner *planner, const wr_map *map, const wr_force_desc *forces,
                            size_t force_count, wr_danger *field, size_t count)
{
    wr_status st = WRI_NULLS(planner, map, forces, field);
    if (st != WR_OK)
        return st;
    if (force_count < 1 || force_count > WR_DANGER_MAX_FORCES)
        return WRI_FAIL_VALUE(WR_ERR_RANGE, "force_count", force_count,
                              "1..1024 (WR_DANGER_MAX_FORCES)");
    if (count != (size_t)map->count)
        return WRI_FAIL_VALUE(WR_ERR_RANGE, "count", count, "width x height of the map");
    for (size_t k = 0; k < force_count; k++) {
        if (forces[k].params == NULL)
            return WRI_NULL(forces[].params);
        if (forces[k].positions != NULL || forces[k].position_count != 0)
            return WRI_FAIL(WR_ERR_INVALID, "forces[].positions",
                            "NULL and 0: a danger field plans its forces");
    }
    struct wri_intercept_store *s = NULL;
    st = store_of(planner, &s);
    if (st == WR_OK && force_count > 1) {
        wr_danger *b = regrow(&planner->alloc, s->best, &s->cap_best, count, sizeof *b);
        if (b == NULL)
            st = WRI_NOMEM();
        else
            s->best = b;
    }
    if (st != WR_OK)
        return WRI_PASS(st);
    /* the forces before the last into the planner's buffer; the last one,
       once its search has succeeded, straight into the caller's field */
    wr_danger *best = s->best;
    for (size_t k = 0; k < force_count; k++) {
        const int last = k + 1 == force_count;
        st = danger_add(planner, map, &forces[k], (int32_t)k, k ? best : NULL, last ? field : best);
        if (st != WR_OK)
            return pass_renamed(st, __func__, ROOTS(danger_roots));
    }
    return WR_OK;
}
