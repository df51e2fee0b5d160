#!/usr/bin/env bash
# Every test: installs what is missing (Debian, as root), then builds and runs
# ctest on both libraries (ci preset, consumer tests included), the docs target
# (fails on any Doxygen warning), and the suite again under ASan and UBSan (dev).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh

echo "== ci: build and test (shared and static libraries, consumers, tool)"
cmake --preset ci >/dev/null
cmake --build --preset ci
ctest --preset ci

echo "== docs: Doxygen with warnings as errors"
cmake --build --preset ci --target docs

echo "== dev: AddressSanitizer and UBSan"
cmake --preset dev >/dev/null
cmake --build --preset dev
ctest --preset dev
