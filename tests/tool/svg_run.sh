#!/bin/sh
# svg_run.sh OUT CHECKS -- command...: runs the command (which writes the SVG
# file OUT), then checks OUT with check_svg.py.
set -u
out=$1
checks=$2
shift 2
rm -f "$out"
"$@" >/dev/null || { echo "exit status $?: $*"; exit 1; }
# shellcheck disable=SC2086
python3 "$(dirname "$0")/check_svg.py" "$out" $checks
