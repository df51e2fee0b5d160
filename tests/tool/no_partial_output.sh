#!/bin/sh
# no_partial_output.sh DIR command...: the command, whose --svg writes
# DIR/out.svg, fails when standard output is full (exit 1): no out.svg and
# no temporary file may be left in DIR. Then it succeeds with standard
# output writable, and only out.svg is left, with a plain file's mode.
set -u
dir=$1
shift
rm -rf "$dir"
mkdir -p "$dir" || exit 1
"$@" >/dev/full 2>/dev/null
rc=$?
[ "$rc" -eq 1 ] || { echo "expected exit 1 with a full standard output, got $rc"; exit 1; }
left=$(ls -A "$dir")
[ -z "$left" ] || { echo "a failed command left: $left"; exit 1; }
"$@" >/dev/null || { echo "the command failed: $*"; exit 1; }
left=$(ls -A "$dir")
[ "$left" = out.svg ] || { echo "expected only out.svg, found: $left"; exit 1; }
# the mode a plain new file gets (not the private mode of a temporary file)
: > "$dir/reference"
[ "$(stat -c %a "$dir/out.svg")" = "$(stat -c %a "$dir/reference")" ] ||
    { echo "out.svg has mode $(stat -c %a "$dir/out.svg")"; exit 1; }
