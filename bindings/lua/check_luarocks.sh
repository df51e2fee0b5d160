#!/bin/sh
# ctest lua.luarocks_make: the rockspec builds the module against an installed
# libwarrules (this build, installed to a scratch prefix), and it loads.
# Usage: check_luarocks.sh <cmake> <build dir> <lua version> <interpreter>
set -eu
cmake=$1 build=$2 version=$3 lua=$4
# Only what this script sets finds the library and the module: none of the
# caller's copies (cmake/WarrulesTestEnvironment.cmake unsets these under
# ctest as well; the module's RUNPATH names the scratch prefix).
unset LD_LIBRARY_PATH DYLD_LIBRARY_PATH PKG_CONFIG_PATH PKG_CONFIG_LIBDIR LUA_INIT LUA_PATH LUA_CPATH \
    LUA_INIT_5_2 LUA_INIT_5_3 LUA_INIT_5_4 LUA_PATH_5_2 LUA_PATH_5_3 LUA_PATH_5_4 \
    LUA_CPATH_5_2 LUA_CPATH_5_3 LUA_CPATH_5_4
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$cmake" --install "$build" --prefix "$work/prefix" >"$work/log" 2>&1 || { cat "$work/log"; exit 1; }
mkdir "$work/src"
cp "$here"/*.c "$here"/*.h "$here"/warrules-*.rockspec "$work/src" # luarocks builds in place
cp -R "$here"/generated "$work/src"  # the generated tables (bindings/gen/gen_bindings.py)
cd "$work/src"
luarocks --lua-version "$version" --tree "$work/tree" make warrules-*.rockspec \
    WARRULES_DIR="$work/prefix" >"$work/log" 2>&1 || { cat "$work/log"; exit 1; }
cd "$here/tests"
LUA_CPATH="$work/tree/lib/lua/$version/?.so" "$lua" test_pinned.lua
