#!/bin/sh
# docs_images.sh TOOL [--write]: the pictures of docs/tool.md, made by the
# commands shown beside them (run from the source tree's top). Without
# --write: each committed picture must equal what the tool draws now.
# With --write: redraws docs/images/.
set -u
tool=$1
mode=${2:-check}
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
status=0
draw() {
    name=$1
    shift
    "$tool" "$@" --svg "$tmp/$name" >/dev/null || { echo "failed: $*"; status=1; return; }
    if [ "$mode" = --write ]; then
        cp "$tmp/$name" "docs/images/$name"
    elif ! cmp -s "$tmp/$name" "docs/images/$name"; then
        echo "docs/images/$name is out of date: run sh tests/tool/docs_images.sh $tool --write"
        status=1
    fi
}
draw route.svg route --map examples/crossing.map --from 0,3 --to 11,3
draw ferry.svg route examples/march.scn
draw rally.svg route --map tests/tool/maps/forest_band.map --mover cavalry --from 0,1 --to 8,1 --unformed
draw rafts.svg route --map examples/valley.map --from 2,3 --to 2,6 --rafts-anywhere
draw reach.svg route --map examples/crossing.map --from 0,3 --days 3
draw valley.svg map examples/valley.map
draw intercept.svg intercept examples/crossing.map --from 0,3 --enemy-from 11,3 --enemy-to 0,0 \
    --meeting adjacent --threat 11,6:cavalry
draw move.svg move --shields --shield-wall front --leg clear:6 --leg woods:4:1 --leg rough:3::1
draw spears.svg move --figures 23 --frontage 6 --spears --set-spears front,left --facing 45
draw odds.svg odds
draw advise.svg advise examples/advise.scn --target orcs --rounds 4 --top 9
exit $status
