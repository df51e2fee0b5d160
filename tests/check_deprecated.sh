#!/bin/sh
# An old name warns where it is used, naming its replacement; with
# WR_ALLOW_DEPRECATED defined before the include it compiles cleanly.
# Usage: check_deprecated.sh CC INCLUDE_DIR [CXX]
set -eu
cc=$1 include=$2 cxx=${3:-}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
cat >"$dir/old.c" <<'C'
#include <warrules/warrules.h>
int use_old_names(wr_map *map);
int use_old_names(wr_map *map)
{
    wr_side side = {0, 0, 0, 0};
    int inside = 0;
    if (wr_map_side(map, (wr_hex){0, 0}, 0, &side) != WR_OK)
        return -1;
    (void)wr_map_contains(map, (wr_hex){0, 0}, &inside);
    return side.river + (int)WR_SIDE_FLANKED + inside;
}
C
check() { # compiler language
    out=$("$1" -x "$2" -std=$3 -Wall -Wextra -c "$dir/old.c" -I"$include" -o "$dir/old.o" 2>&1) || {
        echo "$out"; echo "FAIL: $1 does not compile old names (warnings only expected)"; exit 1; }
    for expect in "use wr_hexside" "use wr_map_hexside" "use wr_map_has_hex" "WR_SIDE_FLANKED is deprecated: use WR_COMBATANT_FLANKED"; do
        printf '%s' "$out" | grep -q "$expect" || {
            echo "$out"; echo "FAIL: $1 ($2): no warning saying '$expect'"; exit 1; }
    done
    out=$("$1" -x "$2" -std=$3 -Wall -Wextra -Werror -DWR_ALLOW_DEPRECATED -c "$dir/old.c" -I"$include" -o "$dir/old.o" 2>&1) || {
        echo "$out"; echo "FAIL: $1 ($2): WR_ALLOW_DEPRECATED does not silence the old names"; exit 1; }
    echo "ok: $1 ($2, $3) warns on old names and is silent with WR_ALLOW_DEPRECATED"
}
check "$cc" c c11
check "$cc" c c99
[ -z "$cxx" ] || check "$cxx" c++ c++11
