#!/bin/sh
# sweep_odds.sh TOOL SWEEP INDEX SCENARIO: row INDEX of `warrules sweep
# SWEEP` holds the eight ends that `warrules odds SCENARIO --json` gives
# (its exact probabilities in whole units of 10^-18, rounded down), and
# a_wins_e18, b_wins_e18 are their sums.
set -u
tool=$1
sweep=$2
index=$3
scenario=$4
table=$("$tool" sweep "$sweep") || { echo "sweep failed: $sweep"; exit 1; }
odds=$("$tool" odds "$scenario" --json) || { echo "odds failed: $scenario"; exit 1; }
TABLE=$table ODDS=$odds python3 - "$index" <<'PY'
import csv, io, json, os, sys
from decimal import Decimal
rows = list(csv.DictReader(io.StringIO(os.environ["TABLE"])))
row = next(r for r in rows if r["index"] == sys.argv[1])
ends = {e["end"].replace("-", "_"): int(Decimal(e["p"]) * 10**18)
        for e in json.loads(os.environ["ODDS"])["ends"]}
bad = [(k, row[k], v) for k, v in ends.items() if int(row[k]) != v]
a = ends["b_routs"] + ends["b_retires"] + ends["b_destroyed"]
b = ends["a_routs"] + ends["a_retires"] + ends["a_destroyed"]
if bad or int(row["a_wins_e18"]) != a or int(row["b_wins_e18"]) != b or row["error"]:
    print("sweep row", row, "odds", ends, "differ:", bad)
    sys.exit(1)
PY
