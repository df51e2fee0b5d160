#!/usr/bin/env bash
# fuzz/run.sh SECONDS: builds every libFuzzer target (clang, ASan, UBSan) and
# runs each for SECONDS from its seed corpus in fuzz/corpus/<target>/.
# Exits non-zero on any crash, leak or sanitizer report.
# Environment: WARRULES_FUZZ_BUILD (build directory, default build/rel-fuzz),
# WARRULES_FUZZ_MODULES (rule modules, default all), WARRULES_FUZZ_ONLY (a
# regular expression: run only the targets whose name matches),
# WARRULES_FUZZ_TRACE_CMP (ON: libFuzzer's comparison tracing in the
# library's sources too, at a third of the speed; default OFF, see
# docs/reliability.md).
set -euo pipefail
seconds=${1:-10}
[[ $seconds =~ ^[0-9]+$ ]] || { echo "usage: fuzz/run.sh SECONDS" >&2; exit 2; }
cd "$(dirname "$0")/.."
build=${WARRULES_FUZZ_BUILD:-build/rel-fuzz}
modules=${WARRULES_FUZZ_MODULES:-battlesystem;melee;campaign}
cmake -S . -B "$build" -DCMAKE_C_COMPILER=clang -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DWARRULES_FUZZ=ON "-DWARRULES_FUZZ_TRACE_CMP=${WARRULES_FUZZ_TRACE_CMP:-OFF}" \
    -DWARRULES_SANITIZE=ON -DWARRULES_WERROR=ON \
    -DWARRULES_BUILD_TESTS=OFF -DWARRULES_BUILD_DOCS=OFF -DWARRULES_BUILD_TOOL=OFF -DWARRULES_BUILD_LUA=OFF \
    "-DWARRULES_MODULES=$modules" >/dev/null
cmake --build "$build" -j2 >/dev/null
# Inputs longer than a target needs only make each input slower: these two
# read at most this many bytes (more coverage and more inputs a second;
# measured in 60 s runs: fuzz_melee_handles 7,540 -> 9,780 a second).
max_len() {
    case $1 in
        fuzz_melee_handles) echo 256 ;;
        fuzz_campaign_map) echo 128 ;;
        *) echo 0 ;;
    esac
}
status=0
for target in "$build"/fuzz/fuzz_*; do
    [ -x "$target" ] || continue
    name=$(basename "$target")
    [[ $name =~ ${WARRULES_FUZZ_ONLY:-.} ]] || continue
    work=$(mktemp -d)
    artifacts="$build/artifacts/$name"
    mkdir -p "fuzz/corpus/$name"
    echo "== $name: ${seconds}s"
    if ! UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 ASAN_OPTIONS=detect_leaks=1 \
        "$target" -max_total_time="$seconds" -max_len="$(max_len "$name")" -timeout=10 -rss_limit_mb=2048 \
        -print_final_stats=1 -artifact_prefix="$work/" "$work" "fuzz/corpus/$name" \
        >"$work/log" 2>&1; then
        echo "!! $name failed:"; tail -n 40 "$work/log"; status=1
        mkdir -p "$artifacts"
        cp "$work"/crash-* "$work"/leak-* "$work"/timeout-* "$work"/oom-* "$artifacts"/ 2>/dev/null || true
        echo "!! reproducer(s) kept in $artifacts"; ls "$artifacts"
    else
        grep -E '^#[0-9]+[[:space:]]+DONE|^stat::number_of_executed_units|^stat::peak_rss' "$work/log" || true
    fi
    rm -rf "$work"
done
exit $status
