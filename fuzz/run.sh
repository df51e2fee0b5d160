#!/usr/bin/env bash
# fuzz/run.sh SECONDS: builds every libFuzzer target (clang, ASan, UBSan) and
# runs each for SECONDS from its seed corpus in fuzz/corpus/<target>/.
# Exits non-zero on any crash, leak or sanitizer report.
set -euo pipefail
seconds=${1:-10}
[[ $seconds =~ ^[0-9]+$ ]] || { echo "usage: fuzz/run.sh SECONDS" >&2; exit 2; }
cd "$(dirname "$0")/.."
build=build/fuzz
cmake -S . -B "$build" -DCMAKE_C_COMPILER=clang -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DWARRULES_FUZZ=ON -DWARRULES_SANITIZE=ON -DWARRULES_WERROR=ON \
    -DWARRULES_BUILD_TESTS=OFF -DWARRULES_BUILD_DOCS=OFF -DWARRULES_BUILD_TOOL=OFF >/dev/null
cmake --build "$build" -j2 >/dev/null
status=0
for target in "$build"/fuzz/fuzz_*; do
    [ -x "$target" ] || continue
    name=$(basename "$target")
    work=$(mktemp -d)
    mkdir -p "fuzz/corpus/$name"
    echo "== $name: ${seconds}s"
    if ! UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 ASAN_OPTIONS=detect_leaks=1 \
        "$target" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
        -print_final_stats=1 -artifact_prefix="$work/" "$work" "fuzz/corpus/$name" \
        >"$work/log" 2>&1; then
        echo "!! $name failed:"; tail -n 40 "$work/log"; status=1
        ls "$work"/crash-* "$work"/leak-* "$work"/timeout-* 2>/dev/null || true
    else
        grep -E '^stat::number_of_executed_units|^stat::peak_rss' "$work/log" || true
    fi
    rm -rf "$work"
done
exit $status
