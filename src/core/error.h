/* Recording the detail of a failure (see wr_last_error() in core.h).

   Every `return WR_ERR_...` in the library goes through one of these, so the
   calling thread can ask what went wrong. The innermost check names the
   argument, its value and what is allowed; a public function that passes on
   a helper's failure wraps it in WRI_PASS, which stamps its own name, so the
   detail names the function the caller called. Recording is a few stores to
   thread-local storage: no allocation, no formatting. */
#ifndef WARRULES_SRC_CORE_ERROR_H
#define WARRULES_SRC_CORE_ERROR_H

#include "warrules/core.h"

/* Records a failure and returns status. fn, arg and expected must be static
   strings (string literals, __func__); NULL stands for "". */
wr_status wri_fail(wr_status status, const char *fn, const char *arg, long long value,
                   int has_value, const char *expected);

/* Passes on a failing status from a helper, naming fn as the function that
   failed (the argument, value and expectation the helper recorded stay).
   Returns status unchanged; WR_OK passes through without a store. */
wr_status wri_pass(wr_status status, const char *fn);

/* Passes on a helper's failure as wri_pass does, naming arg instead: the
   caller's parameter the failing value came from (the value and the
   expectation the helper recorded stay). Returns status unchanged. */
wr_status wri_pass_arg(wr_status status, const char *fn, const char *arg);

/* A failure with no number to show: WRI_FAIL(WR_ERR_INVALID, "arm", "WR_ARM_*"). */
#define WRI_FAIL(status, arg, expected) wri_fail((status), __func__, (arg), 0, 0, (expected))
/* A failure about a number: WRI_FAIL_VALUE(WR_ERR_RANGE, "sides", sides, "2..1000000"). */
#define WRI_FAIL_VALUE(status, arg, value, expected) \
    wri_fail((status), __func__, (arg), (long long)(value), 1, (expected))
/* A NULL pointer argument: return WRI_NULL(out). */
#define WRI_NULL(arg) wri_fail(WR_ERR_NULL, __func__, #arg, 0, 0, "a non-NULL pointer")
/* An allocation failure. */
#define WRI_NOMEM() \
    wri_fail(WR_ERR_NOMEM, __func__, NULL, 0, 0, "memory from the handle's allocator")
/* The NULL checks of a public function's pointer arguments, in order:
   `wr_status st = WRI_NULLS(map, params, out); if (st != WR_OK) return st;`
   fails as WRI_NULL does for the first that is NULL (1 to 8 object pointers). */
#define WRI_NULLS(...)                                            \
    wri_fail_null(__func__, (const void *const[]){__VA_ARGS__},   \
                  (const char *const[]){WRI_NAMES_(__VA_ARGS__)}, \
                  (int)(sizeof((const void *const[]){__VA_ARGS__}) / sizeof(const void *)))
wr_status wri_fail_null(const char *fn, const void *const *pointers, const char *const *names,
                        int n);
/* WRI_NAMES_(a, b, c): "a", "b", "c". */
#define WRI_NAMES_(...)                                                                          \
    WRI_PICK_(__VA_ARGS__, WRI_NAMES_8_, WRI_NAMES_7_, WRI_NAMES_6_, WRI_NAMES_5_, WRI_NAMES_4_, \
              WRI_NAMES_3_, WRI_NAMES_2_, WRI_NAMES_1_, 0)                                       \
    (__VA_ARGS__)
#define WRI_PICK_(a1, a2, a3, a4, a5, a6, a7, a8, m, ...) m
#define WRI_NAMES_1_(a) #a
#define WRI_NAMES_2_(a, ...) #a, WRI_NAMES_1_(__VA_ARGS__)
#define WRI_NAMES_3_(a, ...) #a, WRI_NAMES_2_(__VA_ARGS__)
#define WRI_NAMES_4_(a, ...) #a, WRI_NAMES_3_(__VA_ARGS__)
#define WRI_NAMES_5_(a, ...) #a, WRI_NAMES_4_(__VA_ARGS__)
#define WRI_NAMES_6_(a, ...) #a, WRI_NAMES_5_(__VA_ARGS__)
#define WRI_NAMES_7_(a, ...) #a, WRI_NAMES_6_(__VA_ARGS__)
#define WRI_NAMES_8_(a, ...) #a, WRI_NAMES_7_(__VA_ARGS__)
/* Passes on a helper's failure under this public function's name. */
#define WRI_PASS(status) wri_pass((status), __func__)
/* Passes on a helper's failure naming this function's parameter arg. */
#define WRI_PASS_ARG(status, arg) wri_pass_arg((status), __func__, (arg))

#endif
