/* The text of wr_last_error() in each of its forms, and the detail of a
   thread that has seen no failure yet (src/core/error.c). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "warrules/warrules.h"

/* Never gives memory. */
static void *no_memory(void *user, void *ptr, size_t old_size, size_t new_size)
{
    (void)user;
    (void)ptr;
    (void)old_size;
    (void)new_size;
    return NULL;
}

static void texts(void **state)
{
    (void)state;
    wr_rng *rng = NULL;
    assert_int_equal(wr_rng_new(1, &rng), WR_OK);
    int roll = 0;
    /* argument, value and range */
    assert_int_equal(wr_rng_roll(rng, 1, &roll), WR_ERR_RANGE);
    assert_string_equal(wr_last_error(), "wr_rng_roll: sides = 1 is outside 2..1000000 (WR_ERR_RANGE)");
    /* argument and what is expected, no value */
    assert_int_equal(wr_rng_roll(rng, 6, NULL), WR_ERR_NULL);
    assert_string_equal(wr_last_error(), "wr_rng_roll: out: expected a non-NULL pointer (WR_ERR_NULL)");
    /* what is expected only */
    wr_allocator none = {no_memory, NULL};
    wr_rng *out = NULL;
    assert_int_equal(wr_rng_new_ex(1, &none, &out), WR_ERR_NOMEM);
    assert_string_equal(wr_last_error(),
                        "wr_rng_new_ex: memory from the handle's allocator (WR_ERR_NOMEM)");
    /* cleared: no text */
    wr_last_error_clear();
    assert_string_equal(wr_last_error(), "");
    wr_error e;
    assert_int_equal(wr_last_error_detail(&e), WR_OK);
    assert_int_equal(e.status, WR_OK);
    assert_string_equal(e.function, "");
    assert_int_equal(wr_last_error_detail(NULL), WR_ERR_NULL);
    wr_rng_free(rng);
}

#ifdef WR_HAVE_BATTLESYSTEM
/* A refusal reads "is refused:", a value not allowed "is not". */
static void verbs(void **state)
{
    (void)state;
    wr_figure *fig = NULL;
    assert_int_equal(wr_figure_new(&fig), WR_OK);
    assert_int_equal(wr_figure_set(fig, WR_STAT_MV, 12), WR_OK);
    wr_battle_unit_desc d = wr_battle_unit_desc_default();
    d.figures = 20;
    wr_battle_unit *u = NULL;
    assert_int_equal(wr_battle_unit_new(fig, &d, &u), WR_OK);
    wr_formation *f = NULL;
    assert_int_equal(wr_formation_new(WR_ORDER_OPEN, 10, 0, &f), WR_OK);
    assert_int_equal(wr_movement_phase_spend(u, f, 1), WR_ERR_STATE);
    assert_non_null(strstr(wr_last_error(), "wr_movement_phase_spend: "));
    assert_non_null(strstr(wr_last_error(), "(WR_ERR_STATE)"));
    assert_int_equal(wr_movement_phase_begin(u, f), WR_OK);
    assert_int_equal(wr_movement_phase_spend(u, f, 577), WR_ERR_FORBIDDEN);
    assert_string_equal(wr_last_error(), "wr_movement_phase_spend: points = 577 is refused: at most the "
                                         "movement left (WR_ERR_FORBIDDEN)");
    wr_formation_free(f);
    wr_battle_unit_free(u);
    wr_figure_free(fig);
}
#endif

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(texts),
#ifdef WR_HAVE_BATTLESYSTEM
        cmocka_unit_test(verbs),
#endif
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
