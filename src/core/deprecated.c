/* The deprecated names of warrules/core.h: each calls its replacement. */
#define WR_ALLOW_DEPRECATED
#include "warrules/warrules.h"

void wr_clear_error(void)
{
    wr_last_error_clear();
}
