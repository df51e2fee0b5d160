#!/bin/sh
# png_run.sh OUT CHECKS command...: runs the command (which writes the SVG
# file OUT), renders it to PNG and looks at it with check_png.py (exit 77,
# skipped, when rsvg-convert is missing).
set -u
out=$1
checks=$2
shift 2
rm -f "$out"
"$@" >/dev/null || { echo "exit status $?: $*"; exit 1; }
# shellcheck disable=SC2086
python3 "$(dirname "$0")/check_png.py" "$out" $checks
