/* The per-thread failure detail behind wr_last_error(). */
#include <stdio.h>

#include "error.h"

#if defined(__STDC_VERSION__) && __STDC_VERSION__ >= 201112L && !defined(__STDC_NO_THREADS__)
#define WRI_THREAD_LOCAL _Thread_local
#elif defined(__GNUC__)
#define WRI_THREAD_LOCAL __thread
#elif defined(_MSC_VER)
#define WRI_THREAD_LOCAL __declspec(thread)
#else
#error "libwarrules needs thread-local storage for its error detail"
#endif

static WRI_THREAD_LOCAL wr_error last;
static WRI_THREAD_LOCAL char message[384];

static const char *or_empty(const char *s)
{
    return s != NULL ? s : "";
}

wr_status wri_fail(wr_status status, const char *fn, const char *arg, long long value,
                   int has_value, const char *expected)
{
    last.status = status;
    last.function = or_empty(fn);
    last.argument = or_empty(arg);
    last.value = has_value ? value : 0;
    last.has_value = has_value != 0;
    last.expected = or_empty(expected);
    return status;
}

wr_status wri_fail_null(const char *fn, const void *const *pointers, const char *const *names,
                        int n)
{
    for (int i = 0; i < n; i++)
        if (pointers[i] == NULL)
            return wri_fail(WR_ERR_NULL, fn, names[i], 0, 0, "a non-NULL pointer");
    return WR_OK;
}

wr_status wri_pass(wr_status status, const char *fn)
{
    if (status != WR_OK) {
        if (last.status != status) {
            /* The helper failed without a detail: keep what is known. */
            last.argument = "";
            last.has_value = 0;
            last.value = 0;
            last.expected = "";
        }
        last.status = status;
        last.function = or_empty(fn);
    }
    return status;
}

wr_status wri_pass_arg(wr_status status, const char *fn, const char *arg)
{
    if (status != WR_OK) {
        wri_pass(status, fn);
        last.argument = or_empty(arg);
    }
    return status;
}

wr_status wr_last_error_detail(wr_error *out)
{
    if (out == NULL)
        return WR_ERR_NULL;
    *out = last;
    if (out->function == NULL) {
        out->function = "";
        out->argument = "";
        out->expected = "";
    }
    return WR_OK;
}

void wr_last_error_clear(void)
{
    wr_error none = {WR_OK, "", "", 0, 0, ""};
    last = none;
}

/* "FN: ARG = VALUE is outside EXPECTED (STATUS)" and its shorter forms. Every
   failure the library records names its public function (WRI_PASS stamps it)
   and what is expected, but for a status passed on from a caller's function
   (a morale model's), which has neither argument nor expectation: so no form
   without an expectation but the last. The formats print the library's own
   strings and a long long into a fixed buffer: snprintf cannot fail. */
const char *wr_last_error(void)
{
    if (last.status == WR_OK) {
        message[0] = '\0';
        return message;
    }
    const char *fn = last.function;
    const char *arg = last.argument;
    const char *exp = last.expected;
    const char *name = wr_status_name(last.status);
    if (arg[0] && last.has_value && exp[0]) {
        const char *verb = last.status == WR_ERR_RANGE ? "is outside" : "is not";
        if (last.status == WR_ERR_FORBIDDEN || last.status == WR_ERR_STATE)
            verb = "is refused:";
        (void)snprintf(message, sizeof message, "%s: %s = %lld %s %s (%s)", fn, arg, last.value,
                       verb, exp, name);
    } else if (arg[0] && exp[0]) {
        (void)snprintf(message, sizeof message, "%s: %s: expected %s (%s)", fn, arg, exp, name);
    } else if (exp[0]) {
        (void)snprintf(message, sizeof message, "%s: %s (%s)", fn, exp, name);
    } else {
        (void)snprintf(message, sizeof message, "%s: %s (%s)", fn, wr_status_str(last.status),
                       name);
    }
    return message;
}
