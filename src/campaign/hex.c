/* Hex utilities in axial coordinates: distance, neighbours, rings, ranges,
   lines (exact integer rounding), offset conversion. */
#include "internal.h"

static const int dir_q[6] = {1, 1, 0, -1, -1, 0};
static const int dir_r[6] = {0, -1, -1, 0, 1, 1};

static int coord_ok(int64_t v)
{
    return v >= -(int64_t)WR_HEX_COORD_MAX && v <= (int64_t)WR_HEX_COORD_MAX;
}

/* Returns from the calling function when a coordinate of hex h is out of
   bounds, naming it ("a.q"). */
#define COORD_RANGE "-2^28..2^28 (WR_HEX_COORD_MAX)"
#define CHECK_HEX(h)                                                          \
    do {                                                                      \
        if (!coord_ok((h).q))                                                 \
            return WRI_FAIL_VALUE(WR_ERR_RANGE, #h ".q", (h).q, COORD_RANGE); \
        if (!coord_ok((h).r))                                                 \
            return WRI_FAIL_VALUE(WR_ERR_RANGE, #h ".r", (h).r, COORD_RANGE); \
    } while (0)

static int64_t abs64(int64_t v)
{
    return v < 0 ? -v : v;
}

static int64_t dist64(wr_hex a, wr_hex b)
{
    int64_t dq = (int64_t)b.q - a.q, dr = (int64_t)b.r - a.r;
    return (abs64(dq) + abs64(dr) + abs64(dq + dr)) / 2;
}

wr_status wr_hex_distance(wr_hex a, wr_hex b, int *distance)
{
    if (distance == NULL)
        return WRI_NULL(distance);
    CHECK_HEX(a);
    CHECK_HEX(b);
    *distance = (int)dist64(a, b);
    return WR_OK;
}

wr_status wr_hex_neighbor(wr_hex hex, int direction, wr_hex *out)
{
    if (out == NULL)
        return WRI_NULL(out);
    CHECK_HEX(hex);
    if (direction < 0 || direction > 5)
        return WRI_FAIL_VALUE(WR_ERR_RANGE, "direction", direction, "0..5");
    wr_hex n = {hex.q + dir_q[direction], hex.r + dir_r[direction]};
    if (!coord_ok(n.q) || !coord_ok(n.r))
        return WRI_FAIL(WR_ERR_RANGE, "hex", "a neighbour within WR_HEX_COORD_MAX");
    *out = n;
    return WR_OK;
}

wr_status wr_hex_direction(wr_hex from, wr_hex to, int *direction)
{
    if (direction == NULL)
        return WRI_NULL(direction);
    CHECK_HEX(from);
    CHECK_HEX(to);
    for (int d = 0; d < 6; d++) {
        if ((int64_t)from.q + dir_q[d] == to.q && (int64_t)from.r + dir_r[d] == to.r) {
            *direction = d;
            return WR_OK;
        }
    }
    return WRI_FAIL(WR_ERR_INVALID, "to", "a neighbour of from");
}

/* Common checks of ring and range: the count, then the room for it. */
static wr_status area_check(wr_hex center, int radius, wr_hex *out, size_t capacity, size_t *count,
                            uint64_t n)
{
    if (count == NULL)
        return WRI_NULL(count);
    if (out == NULL && capacity != 0)
        return WRI_FAIL_VALUE(WR_ERR_NULL, "out", capacity, "a non-NULL pointer with a capacity");
    CHECK_HEX(center);
    if (radius < 0 || radius > WR_HEX_RADIUS_MAX)
        return WRI_FAIL_VALUE(WR_ERR_RANGE, "radius", radius, "0..2^20 (WR_HEX_RADIUS_MAX)");
    if (!coord_ok((int64_t)center.q - radius) || !coord_ok((int64_t)center.q + radius) ||
        !coord_ok((int64_t)center.r - radius) || !coord_ok((int64_t)center.r + radius))
        return WRI_FAIL_VALUE(WR_ERR_RANGE, "radius", radius, "every hex within WR_HEX_COORD_MAX");
    if (n > (uint64_t)SIZE_MAX)
        return WRI_FAIL_VALUE(WR_ERR_RANGE, "radius", radius, "a count that fits size_t");
    if (out != NULL && capacity < (size_t)n)
        return WRI_FAIL_VALUE(WR_ERR_RANGE, "capacity", capacity, "at least the count of hexes");
    return WR_OK;
}

wr_status wr_hex_ring(wr_hex center, int radius, wr_hex *out, size_t capacity, size_t *count)
{
    uint64_t n = radius == 0 ? 1u : 6u * (uint64_t)(radius > 0 ? radius : 0);
    wr_status st = area_check(center, radius, out, capacity, count, n);
    if (st != WR_OK)
        return WRI_PASS(st);
    if (out != NULL) {
        if (radius == 0) {
            out[0] = center;
        } else {
            wr_hex h = {center.q + dir_q[4] * radius, center.r + dir_r[4] * radius};
            size_t k = 0;
            for (int d = 0; d < 6; d++) {
                for (int j = 0; j < radius; j++) {
                    out[k++] = h;
                    h.q += dir_q[d];
                    h.r += dir_r[d];
                }
            }
        }
    }
    *count = (size_t)n;
    return WR_OK;
}

wr_status wr_hex_range(wr_hex center, int radius, wr_hex *out, size_t capacity, size_t *count)
{
    uint64_t rr = (uint64_t)(radius > 0 ? radius : 0);
    uint64_t n = 3u * rr * (rr + 1u) + 1u;
    wr_status st = area_check(center, radius, out, capacity, count, n);
    if (st != WR_OK)
        return WRI_PASS(st);
    if (out != NULL) {
        size_t k = 0;
        for (int dq = -radius; dq <= radius; dq++) {
            int lo = -radius > -dq - radius ? -radius : -dq - radius;
            int hi = radius < -dq + radius ? radius : -dq + radius;
            for (int dr = lo; dr <= hi; dr++) {
                wr_hex h = {center.q + dq, center.r + dr};
                out[k++] = h;
            }
        }
    }
    *count = (size_t)n;
    return WR_OK;
}

/* floor(a / b) for b > 0. */
static int64_t floor_div(int64_t a, int64_t b)
{
    int64_t q = a / b;
    return (a % b != 0 && a < 0) ? q - 1 : q;
}

/* Rounds num / den + e * epsilon (epsilon infinitesimal, e != 0) to the
   nearest integer; *dnum and *de give rounded - value as num/den + de*epsilon. */
static int64_t round_nudged(int64_t num, int64_t den, int e, int64_t *dnum, int *de)
{
    /* floor(num/den + 1/2 + e*eps): exact halves go up when e > 0, down when e < 0. */
    int64_t twice = 2 * num + den;
    int64_t r = floor_div(twice, 2 * den);
    if (twice - r * 2 * den == 0 && e < 0)
        r--;
    *dnum = r * den - num;
    *de = -e;
    return r;
}

/* |x| for x = n/den + e*eps, compared lexicographically as (|n|, sign-adjusted e). */
static int less_abs(int64_t n1, int e1, int64_t n2, int e2)
{
    if (n1 < 0 || (n1 == 0 && e1 < 0)) {
        n1 = -n1;
        e1 = -e1;
    }
    if (n2 < 0 || (n2 == 0 && e2 < 0)) {
        n2 = -n2;
        e2 = -e2;
    }
    return n1 < n2 || (n1 == n2 && e1 < e2);
}

wr_status wr_hex_line(wr_hex a, wr_hex b, wr_hex *out, size_t capacity, size_t *count)
{
    if (count == NULL)
        return WRI_NULL(count);
    if (out == NULL && capacity != 0)
        return WRI_FAIL_VALUE(WR_ERR_NULL, "out", capacity, "a non-NULL pointer with a capacity");
    CHECK_HEX(a);
    CHECK_HEX(b);
    int64_t n = dist64(a, b);
    if (n > WR_HEX_RADIUS_MAX || (uint64_t)n + 1u > (uint64_t)SIZE_MAX)
        return WRI_FAIL_VALUE(WR_ERR_RANGE, "b", n,
                              "a distance of at most 2^20 (WR_HEX_RADIUS_MAX)");
    if (out != NULL && capacity < (size_t)n + 1u)
        return WRI_FAIL_VALUE(WR_ERR_RANGE, "capacity", capacity, "at least distance + 1");
    if (out != NULL) {
        int64_t aq = a.q, ar = a.r, as = -aq - ar;
        int64_t dq = (int64_t)b.q - aq, dr = (int64_t)b.r - ar, ds = -dq - dr;
        int64_t den = n > 0 ? n : 1;
        for (int64_t i = 0; i <= n; i++) {
            int64_t nq = aq * den + dq * i, nr = ar * den + dr * i, ns = as * den + ds * i;
            int64_t eq, er, es;
            int gq, gr, gs;
            int64_t q = round_nudged(nq, den, 1, &eq, &gq);
            int64_t r = round_nudged(nr, den, 2, &er, &gr);
            int64_t s = round_nudged(ns, den, -3, &es, &gs);
            (void)s;
            /* Reset the component with the largest rounding error. */
            if (less_abs(er, gr, eq, gq) && less_abs(es, gs, eq, gq))
                q = -r - s;
            else if (less_abs(es, gs, er, gr))
                r = -q - s;
            wr_hex h = {(int)q, (int)r};
            out[i] = h;
        }
    }
    *count = (size_t)n + 1u;
    return WR_OK;
}

wr_status wr_hex_from_offset(int col, int row, wr_hex *out)
{
    if (out == NULL)
        return WRI_NULL(out);
    if (col < 0 || col > WR_HEX_COORD_MAX)
        return WRI_FAIL_VALUE(WR_ERR_RANGE, "col", col, "0..2^28 (WR_HEX_COORD_MAX)");
    if (row < 0 || row > WR_HEX_COORD_MAX)
        return WRI_FAIL_VALUE(WR_ERR_RANGE, "row", row, "0..2^28 (WR_HEX_COORD_MAX)");

    wr_hex h = {col - (row >> 1), row};
    *out = h;
    return WR_OK;
}

wr_status wr_hex_to_offset(wr_hex hex, int *col, int *row)
{
    if (col == NULL)
        return WRI_NULL(col);
    if (row == NULL)
        return WRI_NULL(row);
    CHECK_HEX(hex);

    *col = hex.q + (int)floor_div(hex.r, 2);
    *row = hex.r;
    return WR_OK;
}
