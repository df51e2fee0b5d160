#!/bin/sh
# Fails when the shared library exports any symbol not named wr_.
set -eu
lib=$1
syms=$(nm -D --defined-only "$lib" | awk '{print $NF}' | grep -v '^WARRULES_1$' || true)
[ -n "$syms" ] || { echo "no exported symbols in $lib"; exit 1; }
bad=$(printf '%s\n' "$syms" | sed 's/@.*//' | grep -v '^wr_' || true)
if [ -n "$bad" ]; then
    echo "symbols exported without the wr_ prefix:"
    printf '%s\n' "$bad"
    exit 1
fi
echo "$(printf '%s\n' "$syms" | wc -l) exported symbols, all wr_"
