#!/bin/sh
# same_output.sh SAME|DIFFERENT "args A" "args B" tool: runs the tool with
# each argument list and compares standard output.
set -u
mode=$1
a=$2
b=$3
tool=$4
# shellcheck disable=SC2086
out_a=$("$tool" $a) || { echo "failed: $a"; exit 1; }
# shellcheck disable=SC2086
out_b=$("$tool" $b) || { echo "failed: $b"; exit 1; }
if [ "$mode" = SAME ] && [ "$out_a" != "$out_b" ]; then
    echo "'$a' and '$b' differ"
    exit 1
fi
if [ "$mode" = DIFFERENT ] && [ "$out_a" = "$out_b" ]; then
    echo "'$a' and '$b' print the same"
    exit 1
fi
exit 0
