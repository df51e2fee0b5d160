#!/usr/bin/env bash
# scripts/coverage.sh: line and branch coverage of each part of the library
# and of the tool by the ctest suite. Builds build/coverage (Debug, gcc
# --coverage -O0 with -fprofile-update=atomic, since the threads test would
# otherwise corrupt the counters, and WARRULES_COVERAGE, which keeps one copy
# of the planner's full rules' field: see docs/reliability.md, "Coverage"),
# runs ctest there, and prints one summary per folder of src/ through
# scripts/coverage_report.py (gcc's gcov and python3; no gcovr).
#   scripts/coverage.sh                   # build, run, summary
#   scripts/coverage.sh --missed REGEX    # then what is left in the files that match
# A failing ctest case is reported and the summary still printed (the counts
# are of the run as it went); the script then exits 1.
set -euo pipefail
cd "$(dirname "$0")/.."
missed=()
if [ "${1:-}" = "--missed" ] && [ -n "${2:-}" ]; then
    missed=(--missed "$2")
fi
build=build/coverage
flags="--coverage -fprofile-update=atomic -O0 -DWARRULES_COVERAGE"
cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=Debug -DWARRULES_BUILD_DOCS=OFF \
    "-DCMAKE_C_FLAGS=$flags" "-DCMAKE_CXX_FLAGS=$flags" \
    -DCMAKE_EXE_LINKER_FLAGS=--coverage -DCMAKE_SHARED_LINKER_FLAGS=--coverage \
    -DCMAKE_MODULE_LINKER_FLAGS=--coverage >/dev/null
cmake --build "$build" -j2 >/dev/null
find "$build" -name '*.gcda' -delete
failed=0
ctest --test-dir "$build" -j2 -E '^(abi|install_consumers)$' >"$build/ctest.log" 2>&1 || failed=1
if [ "$failed" = 1 ]; then
    sed -n '/tests failed out of/,$p' "$build/ctest.log" >&2
fi
python3 scripts/coverage_report.py "$build" core battlesystem melee campaign tool "${missed[@]}"
if [ "$failed" = 1 ]; then
    echo "coverage: ctest failed (the summary counts the run as it went)" >&2
    exit 1
fi
