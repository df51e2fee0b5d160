#!/bin/sh
# Installs the build tree into a temporary prefix, builds consumer.c against it
# through pkg-config and through find_package(warrules), and runs both.
set -eu
build=$1
src=$2
cc=$3
with_tool=${4:-1}
# Only what this script sets finds the library: none of the caller's copies
# (cmake/WarrulesTestEnvironment.cmake unsets these under ctest as well).
unset LD_LIBRARY_PATH DYLD_LIBRARY_PATH PKG_CONFIG_PATH PKG_CONFIG_LIBDIR WARRULES_LIBRARY \
    CMAKE_PREFIX_PATH warrules_ROOT WARRULES_ROOT warrules_DIR
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
prefix=$tmp/prefix
cmake --install "$build" --prefix "$prefix" >/dev/null
pcdir=$(dirname "$(find "$prefix" -name warrules.pc | head -n 1)")

echo "== pkg-config"
flags=$(PKG_CONFIG_PATH=$pcdir pkg-config --cflags --libs warrules)
libdir=$(PKG_CONFIG_PATH=$pcdir pkg-config --variable=libdir warrules)
"$cc" -o "$tmp/consumer_pc" "$src/consumer.c" $flags
LD_LIBRARY_PATH=$libdir "$tmp/consumer_pc"

echo "== find_package"
cmake -S "$src" -B "$tmp/cmake" -DCMAKE_PREFIX_PATH="$prefix" -DCMAKE_C_COMPILER="$cc" >/dev/null
grep -q "^warrules_DIR:PATH=$prefix/" "$tmp/cmake/CMakeCache.txt" ||
    { echo "find_package(warrules) found another package:"; grep "^warrules_DIR" "$tmp/cmake/CMakeCache.txt"; exit 1; }
cmake --build "$tmp/cmake" >/dev/null
"$tmp/cmake/consumer"

echo "== installed library exports only wr_ symbols"
sh "$src/../check_exports.sh" "$libdir/libwarrules.so.1"
test -f "$libdir/libwarrules.a"
echo "== documents and man pages"
for f in LICENSE README.md CHANGELOG.md; do test -f "$prefix/share/doc/warrules/$f"; done
if command -v man >/dev/null 2>&1; then
    MANPATH=$prefix/share/man man -w 3 warrules
else
    test -f "$prefix/share/man/man3/warrules.3"
fi
if [ "$with_tool" = 1 ]; then
    test -x "$prefix/bin/warrules"
    "$prefix/bin/warrules" --version
    # warrules(1) documents every command the tool lists, and the documents
    # it names are installed.
    page=$prefix/share/man/man1/warrules.1
    for command in $("$prefix/bin/warrules" --help | awk '/^commands:/ {on = 1; next} on && !NF {exit} on {print $1}'); do
        grep -qx ".B $command" "$page" || { echo "warrules(1) does not document '$command'"; exit 1; }
    done
    for f in tool.md map-format.md scaling.md; do
        grep -q "$f" "$page" && test -f "$prefix/share/doc/warrules/$f"
    done
    if command -v man >/dev/null 2>&1; then
        MANPATH=$prefix/share/man man -w warrules
        MANPATH=$prefix/share/man MANPAGER=cat man warrules | grep -q "warrules - tabletop wargame rules"
    fi
fi
