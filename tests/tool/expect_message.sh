#!/bin/sh
# expect_message.sh CODE TEXT command...: passes when the command exits with
# CODE and prints exactly one line on standard error that contains TEXT.
set -u
want=$1
text=$2
shift 2
err=$("$@" 2>&1 >/dev/null)
got=$?
if [ "$got" -ne "$want" ]; then
    echo "expected exit $want, got $got: $*"
    echo "stderr: $err"
    exit 1
fi
lines=$(printf '%s\n' "$err" | grep -c .)
if [ "$lines" -ne 1 ]; then
    echo "expected one line on standard error, got $lines: $err"
    exit 1
fi
case "$err" in
*"$text"*) exit 0 ;;
esac
echo "expected '$text' in: $err"
exit 1
