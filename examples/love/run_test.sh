#!/bin/sh
# The ctest case love_example: plays the example game in LÖVE for one frame,
# headless (Xvfb), and checks that it computed what a plain LuaJIT computes
# with the same module and drew its picture.
# Usage: run_test.sh LOVE LUAJIT MODULE_DIR OUT_DIR
set -eu
love=$1 luajit=$2 module_dir=$3 out=$4
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$out"
rm -f "$out/love_example.png" "$out/love.txt" "$out/luajit.txt"
export LUA_CPATH="$module_dir/?.so"
"$luajit" "$here/check.lua" >"$out/luajit.txt"
if [ -n "${DISPLAY:-}" ]; then
    run=""
elif command -v xvfb-run >/dev/null 2>&1; then
    run="xvfb-run -a"
else
    echo "love_example: no display and no xvfb-run (Debian: apt-get install xvfb)"
    exit 77
fi
status=0
timeout 120 $run "$love" "$here" --test "$out/love_example.png" >"$out/love.txt" 2>"$out/love.err" || status=$?
grep -v '^screenshot ' "$out/love.txt" >"$out/love_numbers.txt" || true
if [ "$status" -ne 0 ]; then
    cat "$out/love.txt" "$out/love.err"; echo "love_example: LÖVE exited with $status"; exit 1
fi
if ! cmp -s "$out/luajit.txt" "$out/love_numbers.txt"; then
    diff "$out/luajit.txt" "$out/love_numbers.txt" || true
    echo "love_example: LÖVE computed other numbers than LuaJIT"; exit 1
fi
grep -q '^route arrives on day 9 with 3 points left$' "$out/love.txt" || {
    cat "$out/love.txt"; echo "love_example: not the planned march"; exit 1; }
grep -q '^odds orcs rout 0\.7398860064' "$out/love.txt" || {
    cat "$out/love.txt"; echo "love_example: not the melee's exact odds"; exit 1; }
size=$(wc -c <"$out/love_example.png" 2>/dev/null || echo 0)
[ "$size" -gt 10000 ] || { echo "love_example: no picture drawn ($size bytes)"; exit 1; }
echo "love_example: LÖVE planned the march, priced the melee and drew them ($size-byte PNG)"
