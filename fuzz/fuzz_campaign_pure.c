/* Campaign pure functions on arbitrary integers: the pinned ones against the
   formulas of API.md, hex utilities against the axial formulas (neighbours,
   directions, rings, ranges, lines, offsets), march states (also corrupted
   ones), stragglers, rafts, getting lost, land entry and the moves of a
   game's own hex; every error leaves the outputs untouched. */
#include "fuzz_input.h"
#include "warrules/campaign.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define SENT (-0x5A5A5A5)

static int in(int64_t v, int64_t lo, int64_t hi)
{
    return v >= lo && v <= hi;
}

static int any_value(fuzz_input *fi, int lim)
{
    return fuzz_small(fi, 4) == 0 ? fuzz_int(fi) : fuzz_small(fi, lim);
}

static int64_t abs64(int64_t v)
{
    return v < 0 ? -v : v;
}

static int64_t distance(wr_hex a, wr_hex b)
{
    int64_t dq = (int64_t)a.q - b.q, dr = (int64_t)a.r - b.r;
    return (abs64(dq) + abs64(dr) + abs64(dq + dr)) / 2;
}

static void pinned(fuzz_input *fi)
{
    int arm = fuzz_small(fi, 2), river = fuzz_small(fi, 3), crossing = fuzz_small(fi, 4);
    int daily = any_value(fi, 1000);
    int ep = SENT, days = SENT, unformed = SENT;
    wr_status st = wr_river_crossing((wr_arm)arm, (wr_river)river, (wr_crossing)crossing, daily,
                                     &ep, &days, &unformed);
    int valid = in(arm, 0, 1) && in(river, 1, 2) && in(crossing, 0, 3) &&
                !(crossing == WR_CROSS_FORD && river == WR_RIVER_MAJOR);
    if (!in(daily, 1, 1000) || !valid) {
        REQUIRE(st != WR_OK && ep == SENT && days == SENT && unformed == SENT);
        REQUIRE(st == WR_ERR_RANGE || st == WR_ERR_INVALID);
    } else {
        int half = (daily + 1) / 2, we = 0, wd = 0;
        switch (crossing) {
        case WR_CROSS_FERRY:
            wd = river == WR_RIVER_MINOR ? 1 : 2;
            break;
        case WR_CROSS_FORD:
            we = arm == WR_ARM_CAVALRY ? 0 : half;
            break;
        case WR_CROSS_OPEN:
            if (river == WR_RIVER_MINOR && arm == WR_ARM_CAVALRY)
                we = half;
            else
                wd = 3;
            break;
        default:
            break;
        }
        REQUIRE(st == WR_OK && ep == we && days == wd &&
                unformed == (crossing == WR_CROSS_BRIDGE ? 0 : 1));
    }
    int d6 = fuzz_small(fi, 6), v = SENT;
    st = wr_half_die(d6, &v);
    REQUIRE(in(d6, 1, 6) ? (st == WR_OK && v == (d6 + 1) / 2) : (st == WR_ERR_RANGE && v == SENT));
    int figures = any_value(fi, 3000), hd = fuzz_small(fi, 3);
    v = SENT;
    st = wr_stragglers(figures, hd, &v);
    if (in(figures, 0, 1000000) && in(hd, 1, 3))
        REQUIRE(st == WR_OK && v == (int)(((int64_t)figures * hd * 5 + 99) / 100));
    else
        REQUIRE(st == WR_ERR_RANGE && v == SENT);
    int forest = fuzz_small(fi, 2);
    v = SENT;
    st = wr_raft_timber(d6, forest, &v);
    if (in(d6, 1, 6))
        REQUIRE(st == WR_OK && v == ((forest || d6 >= 5) ? 1 : 0));
    else
        REQUIRE(st == WR_ERR_RANGE && v == SENT);
    int missing = any_value(fi, 3000);
    v = SENT;
    st = wr_stragglers_gathered(figures, missing, hd, &v);
    if (in(figures, 0, 1000000) && in(missing, 0, figures) && in(hd, 1, 3)) {
        int64_t most = ((int64_t)figures * hd * 5 + 99) / 100;
        REQUIRE(st == WR_OK && v == (missing < most ? missing : most));
    } else {
        REQUIRE(st == WR_ERR_RANGE && v == SENT);
    }
    int day = fuzz_small(fi, 3);
    v = SENT;
    st = wr_raft_defence(figures, day, &v);
    if (in(figures, 0, 1000000) && in(day, 1, 3))
        REQUIRE(st == WR_OK && v == (day == 3 ? figures : figures / 3));
    else
        REQUIRE(st == WR_ERR_RANGE && v == SENT);
    wr_rng *rng = NULL;
    if (wr_rng_new(fuzz_u32(fi), &rng) == WR_OK) {
        v = SENT;
        REQUIRE(wr_half_die_rng(rng, &v) == WR_OK && in(v, 1, 3));
        int c = fuzz_small(fi, 100);
        v = SENT;
        st = wr_getting_lost_rng(fuzz_small(fi, 2), fuzz_small(fi, 2), c, rng, &v);
        REQUIRE(in(c, 0, 100) ? (st == WR_OK && in(v, 0, 1)) : (st == WR_ERR_RANGE && v == SENT));
        wr_rng_free(rng);
    }
    int chance = fuzz_small(fi, 100), d100 = fuzz_small(fi, 100);
    v = SENT;
    st = wr_getting_lost(fuzz_small(fi, 2), fuzz_small(fi, 2), chance, d100, &v);
    if (in(chance, 0, 100) && in(d100, 1, 100))
        REQUIRE(st == WR_OK && (v == 0 || v == 1) && (v == 0 || d100 <= chance));
    else
        REQUIRE(st == WR_ERR_RANGE && v == SENT);
}

static wr_hex some_hex(fuzz_input *fi)
{
    wr_hex h;
    int wild = fuzz_small(fi, 8) == 0;
    h.q = wild ? fuzz_int(fi) : fuzz_shift(fuzz_small(fi, 40), -20);
    h.r = wild ? fuzz_int(fi) : fuzz_shift(fuzz_small(fi, 40), -20);
    if (fuzz_small(fi, 16) == 0)
        h.q = WR_HEX_COORD_MAX + (fuzz_small(fi, 2) & 1);
    return h;
}

static int hex_ok(wr_hex h)
{
    return in(h.q, -WR_HEX_COORD_MAX, WR_HEX_COORD_MAX) &&
           in(h.r, -WR_HEX_COORD_MAX, WR_HEX_COORD_MAX);
}

static void hexes(fuzz_input *fi)
{
    wr_hex a = some_hex(fi), b = some_hex(fi);
    int d = SENT;
    wr_status st = wr_hex_distance(a, b, &d);
    if (hex_ok(a) && hex_ok(b))
        REQUIRE(st == WR_OK && d == distance(a, b));
    else
        REQUIRE(st == WR_ERR_RANGE && d == SENT);

    int dir = fuzz_small(fi, 6);
    wr_hex n = {SENT, SENT};
    st = wr_hex_neighbor(a, dir, &n);
    if (st == WR_OK) {
        REQUIRE(hex_ok(a) && in(dir, 0, 5) && hex_ok(n) && distance(a, n) == 1);
        int back = SENT;
        REQUIRE(wr_hex_direction(a, n, &back) == WR_OK && back == dir);
        REQUIRE(wr_hex_direction(n, a, &back) == WR_OK && back == (dir + 3) % 6);
    } else {
        REQUIRE(n.q == SENT && n.r == SENT && (st == WR_ERR_RANGE));
    }
    int dd = SENT;
    st = wr_hex_direction(a, b, &dd);
    if (st == WR_OK)
        REQUIRE(distance(a, b) == 1 && in(dd, 0, 5));
    else
        REQUIRE(dd == SENT && (!hex_ok(a) || !hex_ok(b) || distance(a, b) != 1));

    wr_hex buf[512];
    int radius = fuzz_small(fi, 12);
    size_t cap = (size_t)(fuzz_small(fi, 16) & 15) * 32, count = (size_t)-1;
    st = wr_hex_ring(a, radius, cap ? buf : NULL, cap, &count);
    if (st == WR_OK) {
        REQUIRE(count == (radius == 0 ? 1u : 6u * (size_t)radius));
        for (size_t k = 0; cap && k < count; k++)
            REQUIRE(distance(buf[k], a) == radius);
    } else {
        REQUIRE(st == WR_ERR_RANGE || st == WR_ERR_NULL);
    }
    count = (size_t)-1;
    st = wr_hex_range(a, radius, cap ? buf : NULL, cap, &count);
    if (st == WR_OK) {
        REQUIRE(count == (size_t)(3 * (int64_t)radius * (radius + 1) + 1));
        for (size_t k = 0; cap && k < count; k++)
            REQUIRE(distance(buf[k], a) <= radius);
    }
    count = (size_t)-1;
    st = wr_hex_line(a, b, cap ? buf : NULL, cap, &count);
    if (st == WR_OK) {
        REQUIRE(count == (size_t)distance(a, b) + 1);
        if (cap) {
            REQUIRE(buf[0].q == a.q && buf[0].r == a.r && buf[count - 1].q == b.q &&
                    buf[count - 1].r == b.r);
            for (size_t k = 1; k < count; k++)
                REQUIRE(distance(buf[k - 1], buf[k]) == 1);
        }
    }
    int col = any_value(fi, 40), row = any_value(fi, 40);
    wr_hex h = {SENT, SENT};
    st = wr_hex_from_offset(col, row, &h);
    if (st == WR_OK) {
        int c2 = SENT, r2 = SENT;
        REQUIRE(wr_hex_to_offset(h, &c2, &r2) == WR_OK && c2 == col && r2 == row);
    } else {
        REQUIRE(h.q == SENT && h.r == SENT);
    }
}

static void march(fuzz_input *fi)
{
    wr_march m;
    int daily = any_value(fi, 60);
    memset(&m, 0x5A, sizeof m);
    wr_march sent = m;
    wr_status st = wr_march_start(daily, &m);
    if (st != WR_OK) {
        REQUIRE(memcmp(&m, &sent, sizeof m) == 0 && !in(daily, 1, 1000));
        return;
    }
    REQUIRE(m.day == 1 && m.daily_points == daily);
    for (int i = 0; i < 24 && fuzz_more(fi); i++) {
        wr_march before = m;
        int out = SENT;
        int op = fuzz_small(fi, 6) & 7;
        if (op == 5 && fuzz_small(fi, 4) == 0) { /* a corrupted state */
            int *fields[] = {&m.daily_points, &m.points, &m.day, &m.marching, &m.unformed,
                             &m.unformed_today, &m.unformed_days};
            *fields[(unsigned)fuzz_small(fi, 7) % 7u] = fuzz_int(fi);
            before = m;
        }
        switch (op) {
        case 0:
        case 1:
            st = wr_march_enter(&m, any_value(fi, 80), fuzz_small(fi, 2), &out);
            if (st == WR_OK)
                REQUIRE((out == 0 || out == 1) && (out == 1 || m.points == before.points));
            break;
        case 2:
            st = wr_march_end_day(&m, fuzz_small(fi, 2));
            if (st == WR_OK)
                REQUIRE(m.day == before.day + 1);
            break;
        case 3:
            st = wr_march_contact(&m, &out);
            if (st == WR_OK)
                REQUIRE(out == 0 || out == 1);
            break;
        case 4:
            st = wr_march_rally(&m);
            break;
        default:
            st = wr_march_end_day(&m, 0);
            break;
        }
        if (st != WR_OK) {
            REQUIRE(memcmp(&m, &before, sizeof m) == 0 && out == SENT);
            if (st == WR_ERR_INVALID)
                return; /* a corrupted state stays corrupted */
        } else {
            REQUIRE(in(m.points, 0, 1000000) && m.day >= 1 && in(m.daily_points, 1, 1000) &&
                    in(m.unformed, 0, 1));
        }
    }
}

static void moves(fuzz_input *fi)
{
    int mover = fuzz_small(fi, WR_MOVER_COUNT);
    wr_plan_params p;
    memset(&p, 0x5A, sizeof p);
    wr_plan_params sent = p;
    wr_status st = wr_plan_params_default((wr_mover)mover, &p);
    if (st != WR_OK) {
        REQUIRE(memcmp(&p, &sent, sizeof p) == 0 && !in(mover, 0, WR_MOVER_COUNT - 1));
        return;
    }
    wr_move_costs c;
    REQUIRE(wr_move_costs_default((wr_mover)mover, &c) == WR_OK);
    if (fuzz_small(fi, 4) == 0) {
        int *fields[] = {&p.costs.daily_points, &p.costs.road, &p.costs.track, &p.tide, &p.wind,
                         &p.figures, &p.bridging_days};
        *fields[(unsigned)fuzz_small(fi, 7) % 7u] = any_value(fi, 100);
    }
    if (fuzz_small(fi, 4) == 0)
        p.options = (unsigned)fuzz_small(fi, 16);
    if (fuzz_small(fi, 4) == 0)
        p.traits = (unsigned)fuzz_small(fi, 4);
    int cost = SENT, formed = SENT;
    st = wr_land_entry(&c, (wr_arm)fuzz_small(fi, 2), (unsigned)fuzz_small(fi, 4),
                       (wr_hex_terrain)fuzz_small(fi, 8), fuzz_small(fi, 2),
                       (wr_route_kind)fuzz_small(fi, 3), &cost, &formed);
    if (st == WR_OK)
        REQUIRE(cost >= 1 && (formed == 0 || formed == 1));
    else
        REQUIRE(cost == SENT && formed == SENT);

    wr_hex_desc here, nb[6];
    wr_hexside sides[6];
    int32_t nodes[6];
    wr_hex_desc *all[7] = {&here, &nb[0], &nb[1], &nb[2], &nb[3], &nb[4], &nb[5]};
    for (int k = 0; k < 7; k++) {
        wr_hex_desc *d = all[k];
        d->on_map = k == 0 ? 1 : fuzz_small(fi, 2);
        d->terrain = fuzz_small(fi, 8);
        d->features = (unsigned)fuzz_small(fi, 8);
        d->regions = fuzz_u32(fi);
        d->downstream = fuzz_shift(fuzz_small(fi, 7), -1);
        d->water = d->downstream >= 0 ? (unsigned)fuzz_small(fi, 8) : 0u;
        d->coastal = fuzz_small(fi, 2);
    }
    for (int k = 0; k < 6; k++) {
        sides[k].river = fuzz_small(fi, 3);
        sides[k].crossing = sides[k].river ? fuzz_small(fi, 4) : 0;
        sides[k].road = fuzz_small(fi, 2);
        sides[k].track = fuzz_small(fi, 2);
        nodes[k] = 100 + k;
    }
    wr_plan_edge out[WR_PLAN_MAX_EDGES + 1];
    size_t count = (size_t)-1;
    size_t cap = fuzz_small(fi, 8) == 0 ? (size_t)(fuzz_small(fi, 40) & 63) : WR_PLAN_MAX_EDGES;
    st = wr_hex_desc_moves(&p, &here, nb, sides, nodes, out, cap, &count);
    if (st == WR_OK) {
        REQUIRE(cap >= WR_PLAN_MAX_EDGES && count <= WR_PLAN_MAX_EDGES);
        for (size_t k = 0; k < count; k++) {
            int to_here = 0;
            for (int j = 0; j < 6; j++)
                to_here |= out[k].to == nodes[j] && nb[j].on_map;
            REQUIRE(to_here);
            REQUIRE(in(out[k].points, 0, WR_PLAN_MAX_EDGE_POINTS) &&
                    in(out[k].days, 0, WR_PLAN_MAX_EDGE_DAYS));
        }
    } else {
        REQUIRE(count == (size_t)-1);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_input fi = {data, size, 0};
    while (fuzz_more(&fi)) {
        switch (fuzz_small(&fi, 4) & 3) {
        case 0:
            pinned(&fi);
            break;
        case 1:
            hexes(&fi);
            break;
        case 2:
            march(&fi);
            break;
        default:
            moves(&fi);
            break;
        }
    }
    return 0;
}
