#!/bin/sh
# json_escape.sh TOOL EXAMPLES OUTDIR: a map path with a quote, a backslash
# and a tab comes back unchanged through the route JSON.
set -u
tool=$1
examples=$2
dir=$3
name=$(printf 'odd "name\\\twith.map')
cp "$examples/crossing.map" "$dir/$name" || exit 1
"$tool" route --map "$dir/$name" --from 0,3 --to 11,3 --json | python3 -c '
import json, sys
d = json.load(sys.stdin)
want = sys.argv[1]
if d["map"] != want:
    print("got", repr(d["map"]), "want", repr(want)); sys.exit(1)
' "$dir/$name"
