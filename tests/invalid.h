/* Bad-input tests: every public function fed NULLs, out-of-range numbers and
   unknown enum values must return its status and leave its outputs untouched.
   tests/test_invalid_input.c runs the core group and one group per module,
   each module's group living in tests/invalid_<module>.c. */
#ifndef WARRULES_TESTS_INVALID_H
#define WARRULES_TESTS_INVALID_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "warrules/core.h"

/* A value no function writes by accident: outputs start as this and must stay. */
#define WR_SENTINEL (-12345)

/* Each returns the number of failed tests of its group; each file includes
   its own module's header. */
int invalid_battlesystem_tests(void);
int invalid_melee_tests(void);
int invalid_campaign_tests(void);

#endif
