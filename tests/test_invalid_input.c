/* Bad input for every public function: core here, the rule modules in
   tests/invalid_<module>.c (see tests/invalid.h). */
#include "invalid.h"

static void rng_bad_input(void **state)
{
    (void)state;
    wr_rng *rng = NULL;
    wr_rng *untouched = (wr_rng *)&rng;
    assert_status(wr_rng_new(1, NULL), WR_ERR_NULL);
    assert_status(wr_rng_new_ex(1, NULL, NULL), WR_ERR_NULL);
    wr_allocator no_fn = {NULL, NULL};
    assert_status(wr_rng_new_ex(1, &no_fn, &untouched), WR_ERR_INVALID);
    assert_ptr_equal(untouched, (wr_rng *)&rng);

    assert_status(wr_rng_new(1, &rng), WR_OK);
    int roll = WR_SENTINEL;
    assert_status(wr_rng_roll(NULL, 6, &roll), WR_ERR_NULL);
    assert_status(wr_rng_roll(rng, 6, NULL), WR_ERR_NULL);
    const int bad_sides[] = {INT32_MIN, -1, 0, 1, 1000001, INT32_MAX};
    for (size_t i = 0; i < sizeof bad_sides / sizeof bad_sides[0]; i++)
        assert_status(wr_rng_roll(rng, bad_sides[i], &roll), WR_ERR_RANGE);
    assert_int_equal(roll, WR_SENTINEL);

    assert_status(wr_rng_clone(NULL, &untouched), WR_ERR_NULL);
    assert_status(wr_rng_clone(rng, NULL), WR_ERR_NULL);
    assert_ptr_equal(untouched, (wr_rng *)&rng);
    wr_rng_free(rng);
    wr_rng_free(NULL);
}

static void status_unknown_values(void **state)
{
    (void)state;
    const int values[] = {INT32_MIN, -1, 7, 1000, INT32_MAX};
    for (size_t i = 0; i < sizeof values / sizeof values[0]; i++) {
        assert_string_equal(wr_status_name((wr_status)values[i]), "WR_UNKNOWN");
        assert_non_null(wr_status_str((wr_status)values[i]));
    }
}

int main(void)
{
    const struct CMUnitTest core[] = {
        cmocka_unit_test(rng_bad_input),
        cmocka_unit_test(status_unknown_values),
    };
    int failed = cmocka_run_group_tests_name("invalid_core", core, NULL, NULL);
#ifdef WR_HAVE_BATTLESYSTEM
    failed += invalid_battlesystem_tests();
#endif
#ifdef WR_HAVE_MELEE
    failed += invalid_melee_tests();
#endif
#ifdef WR_HAVE_CAMPAIGN
    failed += invalid_campaign_tests();
#endif
    return failed;
}
