#!/bin/sh
# expect_exit.sh CODE command...: passes when the command exits with CODE and,
# for a non-zero CODE, prints a one-line message on standard error.
set -u
want=$1
shift
err=$("$@" 2>&1 >/dev/null)
got=$?
if [ "$got" -ne "$want" ]; then
    echo "expected exit $want, got $got: $*"
    exit 1
fi
if [ "$want" -ne 0 ] && [ "$(printf '%s\n' "$err" | grep -c .)" -lt 1 ]; then
    echo "expected a message on standard error: $*"
    exit 1
fi
exit 0
