#!/usr/bin/env bash
# abi/check.sh LIBRARY [--update]: compares the built shared library with the
# recorded baseline (abi/libwarrules.abi from abidw, abi/symbols.txt).
# Fails on any incompatible change: a removed or changed symbol or type.
# Additions are compatible: the check passes and says to update the baseline.
set -euo pipefail
lib=$1
here=$(cd "$(dirname "$0")" && pwd)
baseline=$here/libwarrules.abi
symbols=$here/symbols.txt
headers=$(cd "$here/../include" && pwd)
current=$(mktemp -d)
trap 'rm -rf "$current"' EXIT

nm -D --defined-only "$lib" | awk '$2 ~ /^[TDBR]$/ {sub(/@.*/, "", $3); print $3}' | sort -u >"$current/symbols.txt"
abidw --headers-dir "$headers" --no-corpus-path "$lib" >"$current/libwarrules.abi"

if [ "${2:-}" = "--update" ]; then
    cp "$current/symbols.txt" "$symbols"
    cp "$current/libwarrules.abi" "$baseline"
    echo "abi: baseline updated ($(wc -l <"$symbols") symbols)"
    exit 0
fi
[ -f "$baseline" ] || { echo "abi: no baseline; record one with abi/check.sh LIB --update"; exit 1; }

removed=$(comm -23 "$symbols" "$current/symbols.txt")
added=$(comm -13 "$symbols" "$current/symbols.txt")
if [ -n "$removed" ]; then
    echo "abi: symbols removed from the library (incompatible):"; echo "$removed"; exit 1
fi
set +e
abidiff --headers-dir1 "$headers" --headers-dir2 "$headers" "$baseline" "$current/libwarrules.abi" >"$current/diff.txt"
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
