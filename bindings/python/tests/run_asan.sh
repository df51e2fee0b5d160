#!/usr/bin/env bash
# Runs the Python binding's hostile-input suite (and, with --all, every
# Python test) against libwarrules built with AddressSanitizer and UBSan,
# the ASan runtime preloaded into the Python interpreter.
#
#   bindings/python/tests/run_asan.sh [--all] [BUILD_DIR]
#
# BUILD_DIR is a sanitized build to reuse (for example build/dev, the dev
# preset); without it, the library alone is configured and built in
# build/asan-python. Leak checking is off: CPython keeps memory alive at exit
# on purpose. Any ASan or UBSan report fails the run.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
package="$(dirname "$here")"
repo="$(cd "$package/../.." && pwd)"
pattern="test_hostile.py"
if [[ "${1:-}" == "--all" ]]; then pattern="test_*.py"; shift; fi
build="${1:-$repo/build/asan-python}"
python="${PYTHON:-python3}"

if [[ -z "${1:-}" ]]; then
  cmake -S "$repo" -B "$build" -DCMAKE_BUILD_TYPE=Debug -DWARRULES_SANITIZE=ON \
    -DBUILD_TESTING=OFF -DWARRULES_BUILD_DOCS=OFF -DWARRULES_BUILD_TOOL=OFF \
    -DWARRULES_BUILD_LUA=OFF > "$build.configure.log" 2>&1 || { cat "$build.configure.log"; exit 1; }
  cmake --build "$build" --target warrules -j2 > "$build.build.log" 2>&1 || { cat "$build.build.log"; exit 1; }
fi
build="$(cd "$build" && pwd)"
library="$build/libwarrules.so"
[[ -e "$library" ]] || { echo "run_asan.sh: $library not found" >&2; exit 1; }
asan="$(${CC:-cc} -print-file-name=libasan.so)"
[[ -e "$asan" ]] || { echo "run_asan.sh: the ASan runtime was not found (cc -print-file-name=libasan.so)" >&2; exit 1; }

log="$(mktemp)"
trap 'rm -f "$log"' EXIT
status=0
env LD_PRELOAD="$asan" WARRULES_UNDER_ASAN=1 \
    ASAN_OPTIONS="detect_leaks=0:abort_on_error=0:halt_on_error=1:log_path=$log.asan" \
    UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1:log_path=$log.ubsan" \
    WARRULES_LIBRARY="$library" PYTHONPATH="$package" PYTHONDONTWRITEBYTECODE=1 \
    "$python" -m unittest discover -s "$here" -t "$package" -p "$pattern" || status=$?
reports=$(cat "$log".asan* "$log".ubsan* 2>/dev/null || true)
rm -f "$log".asan* "$log".ubsan*
if [[ -n "$reports" ]]; then
  echo "$reports"
  echo "run_asan.sh: the sanitizers reported errors" >&2
  exit 1
fi
[[ $status -eq 0 ]] && echo "run_asan.sh: $pattern passed under ASan and UBSan ($library)"
exit $status
