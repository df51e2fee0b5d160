/* The bounds of hex coordinates (WR_HEX_COORD_MAX, 2^28): every coordinate
   of every hex function is checked, and the failure names it ("b.r"), as
   are the hexes a result would hold (a neighbour, a ring's or a range's
   hexes). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "warrules/campaign.h"

#define MAX WR_HEX_COORD_MAX

/* The status was WR_ERR_RANGE and the detail names argument arg. */
static void range_naming(wr_status st, const char *arg)
{
    assert_int_equal(st, WR_ERR_RANGE);
    wr_error e;
    assert_int_equal(wr_last_error_detail(&e), WR_OK);
    assert_string_equal(e.argument, arg);
}

static void each_coordinate_of_each_hex_is_checked(void **state)
{
    (void)state;
    const wr_hex ok = {0, 0}, q_out = {MAX + 1, 0}, r_out = {0, -MAX - 1};
    int n = -1, col = -1, row = -1;
    wr_hex h = {7, 7};
    size_t count = 99;
    wr_hex buf[8];
    range_naming(wr_hex_distance(r_out, ok, &n), "a.r");
    range_naming(wr_hex_distance(ok, q_out, &n), "b.q");
    range_naming(wr_hex_distance(ok, r_out, &n), "b.r");
    range_naming(wr_hex_neighbor(r_out, 0, &h), "hex.r");
    range_naming(wr_hex_direction(r_out, ok, &n), "from.r");
    range_naming(wr_hex_direction(ok, q_out, &n), "to.q");
    range_naming(wr_hex_direction(ok, r_out, &n), "to.r");
    range_naming(wr_hex_ring(r_out, 1, buf, 8, &count), "center.r");
    range_naming(wr_hex_line(r_out, ok, buf, 8, &count), "a.r");
    range_naming(wr_hex_line(ok, q_out, buf, 8, &count), "b.q");
    range_naming(wr_hex_line(ok, r_out, buf, 8, &count), "b.r");
    range_naming(wr_hex_to_offset(r_out, &col, &row), "hex.r");
    range_naming(wr_hex_from_offset(0, MAX + 1, &h), "row");
    /* nothing written */
    assert_int_equal(n, -1);
    assert_int_equal(col, -1);
    assert_int_equal(row, -1);
    assert_int_equal(count, 99);
    assert_int_equal(h.q, 7);
    /* the bounds themselves are hexes */
    const wr_hex corner = {MAX, -MAX};
    assert_int_equal(wr_hex_distance(corner, corner, &n), WR_OK);
    assert_int_equal(n, 0);
    assert_int_equal(wr_hex_from_offset(0, MAX, &h), WR_OK);
    assert_int_equal(h.r, MAX);
}

/* A result beyond the bounds is refused: the neighbour of a hex on the edge
   in each coordinate, a ring or range reaching past it in either axis. */
static void results_stay_within_the_bounds(void **state)
{
    (void)state;
    wr_hex h = {7, 7};
    const wr_hex top = {0, MAX}; /* direction 5 adds 1 to r */
    assert_int_equal(wr_hex_neighbor(top, 5, &h), WR_ERR_RANGE);
    assert_int_equal(wr_hex_neighbor(top, 2, &h), WR_OK); /* r - 1 */
    assert_int_equal(h.r, MAX - 1);
    size_t count = 99;
    const wr_hex near_q = {MAX - 1, 0}, near_low_r = {0, -MAX + 1}, near_high_r = {0, MAX - 1};
    const wr_hex near_low_q = {-MAX + 1, 0};
    assert_int_equal(wr_hex_ring(near_q, 2, NULL, 0, &count), WR_ERR_RANGE);
    assert_int_equal(wr_hex_ring(near_low_q, 2, NULL, 0, &count), WR_ERR_RANGE);
    assert_int_equal(wr_hex_range(near_low_r, 2, NULL, 0, &count), WR_ERR_RANGE);
    assert_int_equal(wr_hex_range(near_high_r, 2, NULL, 0, &count), WR_ERR_RANGE);
    wr_error e;
    assert_int_equal(wr_last_error_detail(&e), WR_OK);
    assert_string_equal(e.argument, "radius");
    assert_int_equal(count, 99);
    assert_int_equal(wr_hex_range(near_high_r, 1, NULL, 0, &count), WR_OK);
    assert_int_equal(count, 7);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(each_coordinate_of_each_hex_is_checked),
        cmocka_unit_test(results_stay_within_the_bounds),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
