#!/bin/sh
# check_json.sh PYTHON_EXPR command...: the command exits 0 and prints one JSON
# document; PYTHON_EXPR (over the parsed document `d`) must be true.
set -u
expr=$1
shift
out=$("$@") || { echo "exit status $?: $*"; exit 1; }
printf '%s' "$out" | python3 -c '
import json, sys
d = json.load(sys.stdin)
ok = eval(sys.argv[1], {"d": d})
if not ok:
    print("check failed:", sys.argv[1]); sys.exit(1)
' "$expr"
