#!/usr/bin/env bash
# Every test: installs what is missing (Debian, as root), checks that the
# README's first command works without the test tools, then builds and runs
# ctest on both libraries (ci preset: consumer, binding, tool and ABI tests
# included), the bindings once more with clang and conversion warnings as
# errors, the docs target (fails on any Doxygen warning), the suite again
# under ASan and UBSan (dev), the reliability checks in their quick form
# (valgrind, the determinism matrix, ThreadSanitizer, a brief fuzz run, ctest
# with the caller's library paths at a decoy install), and a smoke run of the
# benchmarks (they build, and every implementation agrees), and the format
# of the C sources (clang-format --dry-run -Werror, .clang-format).
set -euo pipefail
cd "$(dirname "$0")/.."
echo "== 0 packages"
scripts/install-deps.sh

echo "== 1 first command: the README's build-and-demo line with the test tools hidden"
scripts/check-first-command.sh

echo "== 2 ci: build and test (shared and static libraries, consumers, tool)"
cmake --preset ci >/dev/null
cmake --build --preset ci
ctest --preset ci

echo "== 2b clang: the bindings with -Wall -Wextra -Wconversion -Wsign-conversion -Werror"
cmake -S . -B build/clang-bindings -DCMAKE_C_COMPILER=clang -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DWARRULES_WERROR=ON -DBUILD_TESTING=OFF -DWARRULES_BUILD_DOCS=OFF \
    -DWARRULES_BUILD_TOOL=OFF -DWARRULES_BUILD_LUA=ON >/dev/null
cmake --build build/clang-bindings -j2

echo "== 3 docs: Doxygen with warnings as errors"
cmake --build --preset ci --target docs

echo "== 4 dev: AddressSanitizer and UBSan"
cmake --preset dev >/dev/null
cmake --build --preset dev
ctest --preset dev

echo "== 5 reliability: valgrind, determinism matrix, ThreadSanitizer, fuzzing (quick), caller's environment"
scripts/reliability.sh --quick

echo "== 6 benchmarks: smoke run"
bench/run.sh --smoke

echo "== 7 format: clang-format --dry-run -Werror over src/ and include/"
scripts/check-format.sh

echo "test-all: every step passed"
