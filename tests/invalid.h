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

/* assert_status(call, expected): the call returns `expected`; when that is a
   failure, the thread's detail (wr_last_error_detail) names the very function
   called, the same status, an argument that is one of that function's
   parameters or a path from one (query->start->day, passengers[2]; the table
   wr_params, made from the headers by tests/error_params.cmake, lists them)
   or none, and says something in wr_last_error(). A file that defines
   WR_INVALID_SKIP_DETAIL before including this checks the status only. */
#include <stdio.h>
#include <string.h>

#include "wr_params.h"

/* Whether the detail's argument starts with a parameter name of function
   (the argument "" names none). */
static inline void wr_check_detail_argument(const char *function, const char *argument,
                                            const char *file, int line)
{
    static char message[256];
    size_t n = strspn(argument, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_");
    if (argument[0] == '\0')
        return;
    char root[66] = " ";
    if (n > 63)
        n = 63;
    memcpy(root + 1, argument, n);
    root[n + 1] = ' ';
    root[n + 2] = '\0';
    for (size_t i = 0; i < sizeof wr_params / sizeof wr_params[0]; i++)
        if (strcmp(wr_params[i].function, function) == 0) {
            snprintf(message, sizeof message, "%s: the detail's argument \"%s\" is none of (%s)",
                     function, argument, wr_params[i].params);
            _assert_true(n > 0 && strstr(wr_params[i].params, root) != NULL, message, file, line);
            return;
        }
    snprintf(message, sizeof message, "%s is no public function of the headers", function);
    _assert_true(0, message, file, line);
}

static inline void wr_check_status_detail(wr_status got, wr_status want, const char *call,
                                          const char *file, int line)
{
    _assert_int_equal((uintmax_t)got, (uintmax_t)want, file, line);
#ifndef WR_INVALID_SKIP_DETAIL
    if (want == WR_OK)
        return;
    wr_error e;
    _assert_int_equal(wr_last_error_detail(&e), WR_OK, file, line);
    _assert_int_equal((uintmax_t)e.status, (uintmax_t)want, file, line);
    size_t n = strcspn(call, "( ");
    char fn[128];
    if (n >= sizeof fn)
        n = sizeof fn - 1;
    memcpy(fn, call, n);
    fn[n] = '\0';
    _assert_string_equal(e.function, fn, file, line);
    wr_check_detail_argument(e.function, e.argument, file, line);
    _assert_true(wr_last_error()[0] != '\0', "wr_last_error() is empty", file, line);
#else
    (void)call;
#endif
}

#define assert_status(call, want)                                                                  \
    do {                                                                                           \
        wr_last_error_clear();                                                                          \
        wr_status got_status_ = (call);                                                            \
        wr_check_status_detail(got_status_, (want), #call, __FILE__, __LINE__);                    \
    } while (0)

/* Each returns the number of failed tests of its group; each file includes
   its own module's header. */
int invalid_battlesystem_tests(void);
int invalid_melee_tests(void);
int invalid_campaign_tests(void);

#endif
