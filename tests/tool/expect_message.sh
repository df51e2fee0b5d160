#!/bin/sh
# expect_message.sh CODE TEXT command...: passes when the command exits with
# CODE and prints exactly one line on standard error that contains TEXT
# (expect_lines.sh with one line).
set -u
want=$1
text=$2
shift 2
exec sh "$(dirname "$0")/expect_lines.sh" "$want" 1 "$text" "$text" "$@"
