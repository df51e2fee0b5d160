#!/usr/bin/env bash
# Benchmarks of libwarrules side by side with Boost Graph (Dijkstra and A*),
# igraph, a floor search (a plain Dial over bytes), plain Python and NumPy
# (see docs/performance.md). Run from the repository root:
#
#   bench/run.sh           full run: 15 repeats, more queries and rounds
#   bench/run.sh --quick   7 repeats, 1024x1024 included, scaling to 4096x4096,
#                          memory at 4096x4096 and the sweeps (several minutes
#                          on a 2-vCPU VM; about 1.6 GiB of memory at its peak)
#   bench/run.sh --smoke   tiny sizes, 1 repeat: builds and checks that every
#                          implementation agrees (exit 1 when one does not)
#   --wall                 time with the wall clock instead of CPU time
#
# Builds in Release into bench/build (git-ignored), runs the implementations
# interleaved and reports medians of the thread's CPU time (other processes
# on a shared machine do not count; --wall for elapsed time). Writes
# bench/results.json and bench/extra.json (the smoke run writes them under
# bench/build instead).
set -euo pipefail

mode=full
for arg in "$@"; do
    case "$arg" in
    --quick) mode=quick ;;
    --smoke) mode=smoke ;;
    --wall) export BENCH_CLOCK=wall ;;
    -h | --help)
        sed -n '2,18p' "$0" | sed 's/^# \{0,1\}//'
        exit 0
        ;;
    *)
        echo "bench/run.sh: unknown argument '$arg' (use --quick, --smoke or nothing)" >&2
        exit 2
        ;;
    esac
done

root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
build=bench/build

# ---- benchmark-only dependencies: Boost Graph, igraph and NumPy from Debian ----
# Every Python side runs on Debian's interpreter, the one python3-numpy is for,
# whatever python3 comes first in PATH.
python=/usr/bin/python3
have_deps() {
    [ -f /usr/include/boost/graph/astar_search.hpp ] &&
        pkg-config --exists igraph 2>/dev/null &&
        command -v cmake >/dev/null && command -v c++ >/dev/null &&
        [ -x "$python" ] && "$python" -c "import numpy" 2>/dev/null
}
if ! have_deps; then
    if [ "$(id -u)" = 0 ] && [ -f /etc/debian_version ] && command -v apt-get >/dev/null; then
        echo "bench/run.sh: installing the benchmark dependencies from Debian" >&2
        apt-get update
        DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends \
            libboost-graph-dev libigraph-dev pkg-config cmake g++ python3 python3-numpy
    else
        cat >&2 <<'EOF'
bench/run.sh: missing benchmark dependencies. They are:
  Boost Graph (headers), igraph (with its pkg-config file), pkg-config, cmake,
  a C++17 compiler, and /usr/bin/python3 with NumPy.
On Debian or Ubuntu, as root:
  apt-get update && apt-get install libboost-graph-dev libigraph-dev pkg-config cmake g++ \
      python3 python3-numpy
Elsewhere install the equivalent packages (Homebrew: boost igraph pkg-config numpy).
EOF
        exit 1
    fi
fi

# ---- build ----
mkdir -p "$build"
log=$build/build.log
echo "bench/run.sh: building in $build (Release), log in $log" >&2
cmake -S bench -B "$build" -DCMAKE_BUILD_TYPE=Release >"$log" 2>&1 ||
    { cat "$log" >&2; exit 1; }
cmake --build "$build" -j"$(nproc 2>/dev/null || echo 2)" --target bench_route bench_melee bench_advisor bench_intercept warrules \
    >>"$log" 2>&1 || { cat "$log" >&2; exit 1; }
lib=$(cat "$build/library_path.txt")

# ---- sizes per mode ----
case "$mode" in
smoke)
    repeats=1 sizes="24 40" queries=3 c_rounds=2000 trials=2000 py_rounds=2000
    scaling="48" scaling_repeats=1
    mem_size=40 results=$build/results-smoke.json extra=$build/extra-smoke.json advisor_rounds=3
    sweep_step=30 sweep_args=--no-dask
    ;;
quick)
    repeats=7 sizes="256 1024" queries=4 c_rounds=200000 trials=10000 py_rounds=100000
    scaling="512 2048 4096" scaling_repeats=3
    mem_size=4096 results=bench/results.json extra=bench/extra.json advisor_rounds=10
    sweep_step=3 sweep_args=
    ;;
full)
    repeats=15 sizes="256 1024" queries=8 c_rounds=1000000 trials=100000 py_rounds=200000
    scaling="512 2048 4096" scaling_repeats=5
    mem_size=4096 results=bench/results.json extra=bench/extra.json advisor_rounds=10
    sweep_step=3 sweep_args=
    ;;
esac

out=$build/output-$mode.txt
: >"$out"
echo "bench/run.sh: $mode run, $repeats repeats (medians, ${BENCH_CLOCK:-cpu} clock), output in $out" >&2
for size in $sizes; do
    q=$queries
    [ "$size" -le 256 ] && q=$((queries * 4))
    "$build/bench_route" "$size" "$repeats" "$q" >>"$out"
done
# where forces meet: an interception within 3 fields, a danger field of 8 within 8
for size in $sizes; do
    "$build/bench_intercept" "$size" "$repeats" >>"$out"
done
# the scaling table: the planner against the floor only, up to 4096x4096
for size in $scaling; do
    "$build/bench_route" "$size" "$scaling_repeats" 1 --scaling >>"$out"
done
"$build/bench_route" "$mem_size" 1 1 --memory >>"$out"
"$build/bench_melee" "$repeats" "$c_rounds" "$trials" >>"$out"
"$python" bench/melee.py "$lib" "$repeats" "$py_rounds" >>"$out"
"$build/bench_advisor" "$repeats" "$advisor_rounds" >>"$out"
# warrules.sweep on 2 local processes and a 2-worker Dask LocalCluster
# against a plain loop (the smoke run: a small study, no cluster)
# shellcheck disable=SC2086
"$python" bench/sweep.py "$lib" "$sweep_step" $sweep_args >>"$out"

echo >&2
status=0
"$python" bench/report.py "$out" "$results" "$extra" "$mode" || status=$?
echo "bench/run.sh: wrote $results and $extra" >&2
exit $status
