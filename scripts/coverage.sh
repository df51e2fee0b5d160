#!/usr/bin/env bash
# scripts/coverage.sh: line and branch coverage of each part of the library
# and of the tool by the ctest suite. Builds build/coverage (Debug, gcc
# --coverage with -fprofile-update=atomic, since the threads test would
# otherwise corrupt the counters), runs ctest there, and prints one gcovr
# summary per folder of src/. Needs gcovr (Debian: apt-get install gcovr).
set -euo pipefail
cd "$(dirname "$0")/.."
build=build/coverage
flags="--coverage -fprofile-update=atomic -O0"
cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=Debug -DWARRULES_BUILD_DOCS=OFF \
    "-DCMAKE_C_FLAGS=$flags" "-DCMAKE_CXX_FLAGS=$flags" \
    -DCMAKE_EXE_LINKER_FLAGS=--coverage -DCMAKE_SHARED_LINKER_FLAGS=--coverage \
    -DCMAKE_MODULE_LINKER_FLAGS=--coverage >/dev/null
cmake --build "$build" -j2 >/dev/null
find "$build" -name '*.gcda' -delete
ctest --test-dir "$build" -j2 -E '^(abi|install_consumers)$' >"$build/ctest.log" 2>&1 ||
    { tail -n 30 "$build/ctest.log"; echo "coverage: ctest failed" >&2; exit 1; }
printf '%-14s %8s %8s\n' "part" "lines" "branches"
for part in core battlesystem melee campaign tool; do
    out=$(gcovr -r . --object-directory "$build" --filter "src/$part/" --exclude-unreachable-branches \
        --exclude-throw-branches --print-summary -o /dev/null 2>/dev/null)
    lines=$(echo "$out" | awk '/^lines:/ {print $2}')
    branches=$(echo "$out" | awk '/^branches:/ {print $2}')
    printf '%-14s %8s %8s\n' "src/$part" "$lines" "$branches"
done
