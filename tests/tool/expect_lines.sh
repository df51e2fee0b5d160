#!/bin/sh
# expect_lines.sh CODE N TEXT LAST command...: passes when the command exits
# with CODE and prints exactly N lines on standard error, each but the last
# containing TEXT and the last containing LAST (for a list of mistakes that
# ends with a summary).
set -u
want=$1
count=$2
text=$3
last=$4
shift 4
err=$("$@" 2>&1 >/dev/null)
got=$?
if [ "$got" -ne "$want" ]; then
    echo "expected exit $want, got $got: $*"
    echo "stderr: $err"
    exit 1
fi
lines=$(printf '%s\n' "$err" | grep -c .)
if [ "$lines" -ne "$count" ]; then
    echo "expected $count lines on standard error, got $lines: $err"
    exit 1
fi
body=$(printf '%s\n' "$err" | sed '$d' | grep -cvF -- "$text")
if [ "$body" -ne 0 ]; then
    echo "expected '$text' in every line but the last: $err"
    exit 1
fi
case "$(printf '%s\n' "$err" | tail -n 1)" in
*"$last"*) exit 0 ;;
esac
echo "expected '$last' in the last line: $err"
exit 1
