#!/usr/bin/env bash
# Proves the README's first command works on a machine without the test tools:
# copies the sources to a scratch folder and runs that command, taken from the
# README as written, with CMocka and Lua hidden from pkg-config and Doxygen
# hidden from the file system (a private mount namespace, where unshare works
# as root). It must configure, build, print what it skipped, and run the demo.
set -euo pipefail
cd "$(dirname "$0")/.."
top=$PWD
command=$(grep -m1 -E '^    cmake --preset release' README.md | sed 's/^ *//')
[ -n "$command" ] || { echo "check-first-command: no first command in README.md" >&2; exit 1; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/src" "$work/empty"
git ls-files -z --cached --others --exclude-standard | (cd "$top" && xargs -0 cp --parents -t "$work/src")
: >"$work/not-here"

inner="cd '$work/src' && $command"
hide=""
if [ "$(id -u)" = 0 ] && command -v unshare >/dev/null && unshare --mount true 2>/dev/null; then
    for tool in doxygen lua5.4 lua5.3 lua5.1 luajit; do
        path=$(command -v "$tool" || true)
        [ -n "$path" ] && hide+="mount --bind '$work/not-here' '$(readlink -f "$path")'; "
    done
    run=(unshare --mount sh -c "$hide $inner")
else
    echo "check-first-command: not root or no unshare: Doxygen stays visible" >&2
    run=(sh -c "$inner")
fi
echo "check-first-command: $command (CMocka, Lua and Doxygen hidden)"
PKG_CONFIG_LIBDIR="$work/empty" "${run[@]}" >"$work/out.txt" 2>&1 || {
    cat "$work/out.txt"; echo "check-first-command: FAILED" >&2; exit 1; }
for want in "tests skipped" "Lua module skipped" "demo"; do
    grep -q "$want" "$work/out.txt" || { cat "$work/out.txt"; echo "check-first-command: no '$want' in the output" >&2; exit 1; }
done
if [ -n "$hide" ]; then
    grep -q "docs skipped" "$work/out.txt" || { cat "$work/out.txt"; echo "check-first-command: Doxygen was not hidden" >&2; exit 1; }
fi
grep -E "skipped" "$work/out.txt"
echo "check-first-command: the first command works without the test tools"
