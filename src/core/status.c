#include "warrules/core.h"

const char *wr_status_name(wr_status status)
{
    switch (status) {
    case WR_OK: return "WR_OK";
    case WR_ERR_NULL: return "WR_ERR_NULL";
    case WR_ERR_RANGE: return "WR_ERR_RANGE";
    case WR_ERR_INVALID: return "WR_ERR_INVALID";
    case WR_ERR_NOMEM: return "WR_ERR_NOMEM";
    case WR_ERR_FORBIDDEN: return "WR_ERR_FORBIDDEN";
    case WR_ERR_STATE: return "WR_ERR_STATE";
    }
    return "WR_UNKNOWN";
}

const char *wr_status_str(wr_status status)
{
    switch (status) {
    case WR_OK: return "The call succeeded.";
    case WR_ERR_NULL: return "A required pointer argument was NULL.";
    case WR_ERR_RANGE: return "A number is outside its documented range.";
    case WR_ERR_INVALID:
        return "An enum value is unknown or the combination of arguments is meaningless.";
    case WR_ERR_NOMEM: return "An allocation failed.";
    case WR_ERR_FORBIDDEN: return "The rules forbid it.";
    case WR_ERR_STATE: return "The handle is not in a state that allows the call.";
    }
    return "The status code is unknown to this version of libwarrules.";
}

const char *wr_version(void)
{
    return WR_VERSION_STRING;
}

int wr_version_number(void)
{
    return WR_VERSION_NUMBER;
}
