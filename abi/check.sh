#!/usr/bin/env bash
# abi/check.sh LIBRARY [--update]: compares the built shared library with the
# recorded baseline (abi/libwarrules.abi from abidw, abi/symbols.txt).
# Fails on any incompatible change: a removed or changed symbol or type, or a
# removed or changed #define constant of the public headers (abi/macros.txt;
# the version macros may change, and a WR_*_ALL or WR_*_ALL_FLAGS mask may
# only gain bits).
# Additions are compatible: the check passes and says to update the baseline.
set -euo pipefail
lib=$1
here=$(cd "$(dirname "$0")" && pwd)
baseline=$here/libwarrules.abi
symbols=$here/symbols.txt
macros=$here/macros.txt
headers=$(cd "$here/../include" && pwd)
current=$(mktemp -d)
trap 'rm -rf "$current"' EXIT

nm -D --defined-only "$lib" | awk '$2 ~ /^[TDBR]$/ {sub(/@.*/, "", $3); print $3}' | sort -u >"$current/symbols.txt"
abidw --headers-dir "$headers" --no-corpus-path "$lib" >"$current/libwarrules.abi"
# Every WR_ constant the headers define, as NAME VALUE, include guards and WR_API aside.
# The value of every WR_ constant, compiled (so an older name defined as its
# replacement keeps the value it had).
printf '#define WR_ALLOW_DEPRECATED\n#include <warrules/warrules.h>\n' |
    ${CC:-cc} -E -dM -I"$headers" -x c - |
    awk '$1 == "#define" && $2 ~ /^WR_[A-Z0-9_]+$/ && $2 != "WR_API" && $2 != "WR_ALLOW_DEPRECATED" { print $2 }' |
    sort >"$current/macro_names.txt"
{
    printf '#define WR_ALLOW_DEPRECATED\n#include <stdio.h>\n#include <warrules/warrules.h>\n'
    printf 'static void text(const char *n, const char *v) { printf("%%s \\"%%s\\"\\n", n, v); }\n'
    printf 'static void number(const char *n, long long v) { printf("%%s %%lld\\n", n, v); }\n'
    printf '#define SHOW(m) _Generic((m), char *: text, const char *: text, default: number)(#m, m)\n'
    printf 'int main(void) {\n'
    sed 's/.*/    SHOW(&);/' "$current/macro_names.txt"
    printf '    return 0;\n}\n'
} >"$current/macros.c"
${CC:-cc} -std=c11 -w -I"$headers" "$current/macros.c" -o "$current/macros"
"$current/macros" | sort >"$current/macros.txt"

if [ "${2:-}" = "--update" ]; then
    cp "$current/symbols.txt" "$symbols"
    cp "$current/libwarrules.abi" "$baseline"
    cp "$current/macros.txt" "$macros"
    echo "abi: baseline updated ($(wc -l <"$symbols") symbols)"
    exit 0
fi
[ -f "$baseline" ] || { echo "abi: no baseline; record one with abi/check.sh LIB --update"; exit 1; }

removed=$(comm -23 "$symbols" "$current/symbols.txt")
added=$(comm -13 "$symbols" "$current/symbols.txt")
if [ -n "$removed" ]; then
    echo "abi: symbols removed from the library (incompatible):"; echo "$removed"; exit 1
fi
[ -f "$macros" ] || { echo "abi: no abi/macros.txt; record one with abi/check.sh LIB --update"; exit 1; }
macro_problems=$(python3 - "$macros" "$current/macros.txt" <<'PY'
import sys
def read(path):
    out = {}
    for line in open(path):
        name, _, value = line.rstrip("\n").partition(" ")
        out[name] = value
    return out
def number(text):
    try:
        return int(text.rstrip("uUlL"), 0)
    except ValueError:
        return None
old, new = read(sys.argv[1]), read(sys.argv[2])
for name, value in sorted(old.items()):
    if name not in new:
        print(f"removed: {name} {value}")
    elif new[name] != value and not name.startswith("WR_VERSION_"):
        a, b = number(value), number(new[name])
        if (name.endswith("_ALL") or name.endswith("_ALL_FLAGS")) and a is not None and b is not None and a & b == a:
            continue  # a mask of every flag gains the new flags
        print(f"changed: {name} {value} -> {new[name]}")
PY
)
if [ -n "$macro_problems" ]; then
    echo "abi: public #define constants removed or changed (incompatible):"; echo "$macro_problems"; exit 1
fi
set +e
# Types renamed since the baseline keep their layout: the baseline is read
# under their new names, so only a change of size, layout or signature shows.
cp "$baseline" "$current/baseline.abi"
if [ -f "$here/type-renames.txt" ]; then
    while read -r old_name new_name; do
        case $old_name in ''|'#'*) continue ;; esac
        sed -i "s/name='$old_name'/name='$new_name'/g" "$current/baseline.abi"
    done <"$here/type-renames.txt"
fi
abidiff --headers-dir1 "$headers" --headers-dir2 "$headers" "$current/baseline.abi" "$current/libwarrules.abi" >"$current/diff.txt"
rc=$?
set -e
# abidiff's exit status is a bit set: 1 error, 2 usage, 4 ABI change, 8 incompatible change.
if (( rc & 1 || rc & 2 )); then
    echo "abi: abidiff failed"; cat "$current/diff.txt"; exit 1
fi
if (( rc & 8 )); then
    echo "abi: incompatible ABI change:"; cat "$current/diff.txt"; exit 1
fi
# Additions alone are compatible; a removed or changed function or variable is not.
if (( rc & 4 )) && grep -E 'changes summary:' "$current/diff.txt" | grep -qE ' [1-9][0-9]* (Removed|Changed)'; then
    echo "abi: removed or changed functions or variables (incompatible):"; cat "$current/diff.txt"; exit 1
fi
if [ -n "$added" ]; then
    echo "abi: compatible additions (update the baseline with abi/check.sh LIB --update):"
    echo "$added"
fi
echo "abi: compatible with the baseline ($(wc -l <"$current/symbols.txt") symbols)"
