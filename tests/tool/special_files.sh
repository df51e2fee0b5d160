#!/bin/sh
# special_files.sh CASE TOOL DIR EXAMPLES: an output or input that is not a
# regular file. Outputs: a character device and a FIFO are written straight
# into (never replaced by a regular file), a symbolic link is followed and
# its file written (the link stays); a FIFO no process reads is refused
# after the tool's wait. Inputs: a FIFO is read from its writer; one no
# process writes to is refused after the wait, never waited for forever.
set -u
case=$1
tool=$2
dir=$3
ex=$4
rm -rf "$dir"
mkdir -p "$dir" || exit 1
fail() { echo "$case: $*"; exit 1; }
is_svg() { head -c 4 "$1" | grep -q '<svg' || head -c 5 "$1" | grep -q '<?xml'; }
case $case in
dev_null)
    [ -c /dev/null ] || fail "/dev/null is not a character device before the test"
    "$tool" odds --svg /dev/null >/dev/null || fail "odds --svg /dev/null failed"
    [ -c /dev/null ] || fail "/dev/null is no longer a character device"
    if ls -A /dev | grep -q '^null\.tmp-'; then fail "a temporary file was left in /dev"; fi
    ;;
fifo_reader)
    mkfifo "$dir/fifo" || exit 1
    cat "$dir/fifo" > "$dir/read.svg" &
    reader=$!
    "$tool" odds --svg "$dir/fifo" >/dev/null || fail "odds --svg FIFO failed"
    wait "$reader"
    [ -p "$dir/fifo" ] || fail "the FIFO was replaced"
    is_svg "$dir/read.svg" || fail "the FIFO's reader got no SVG"
    [ "$(ls -A "$dir")" = "$(printf 'fifo\nread.svg')" ] || fail "left: $(ls -A "$dir")"
    ;;
fifo_no_reader)
    mkfifo "$dir/fifo" || exit 1
    start=$(date +%s)
    sh "$(dirname "$0")/expect_message.sh" 2 "a FIFO that no process reads" \
        "$tool" odds --svg "$dir/fifo" || fail "not refused"
    [ $(($(date +%s) - start)) -lt 30 ] || fail "waited too long"
    [ -p "$dir/fifo" ] || fail "the FIFO was replaced"
    ;;
symlink)
    mkdir "$dir/real" "$dir/links" || exit 1
    echo old > "$dir/real/picture.svg"
    ln -s ../real/picture.svg "$dir/links/picture.svg"
    ln -s ../real/new.svg "$dir/links/dangling.svg"
    "$tool" odds --svg "$dir/links/picture.svg" >/dev/null || fail "odds --svg LINK failed"
    "$tool" odds --svg "$dir/links/dangling.svg" >/dev/null || fail "odds --svg DANGLING failed"
    [ -L "$dir/links/picture.svg" ] && [ -L "$dir/links/dangling.svg" ] ||
        fail "a link was replaced"
    is_svg "$dir/real/picture.svg" || fail "the link's file was not written"
    is_svg "$dir/real/new.svg" || fail "the dangling link's file was not made"
    [ "$(ls -A "$dir/real")" = "$(printf 'new.svg\npicture.svg')" ] ||
        fail "left in real: $(ls -A "$dir/real")"
    ;;
fifo_writer)
    mkfifo "$dir/fifo" || exit 1
    cat "$ex/valley.map" > "$dir/fifo" &
    "$tool" map "$dir/fifo" > "$dir/out.txt" || fail "map FIFO failed"
    "$tool" map "$ex/valley.map" > "$dir/expected.txt" || exit 1
    # the same map (the first line names the file)
    [ "$(tail -n +2 "$dir/out.txt")" = "$(tail -n +2 "$dir/expected.txt")" ] ||
        fail "another map from the FIFO"
    wait
    ;;
fifo_no_writer)
    mkfifo "$dir/fifo" || exit 1
    start=$(date +%s)
    sh "$(dirname "$0")/expect_message.sh" 2 "is a FIFO that no process writes to" \
        "$tool" map "$dir/fifo" || fail "not refused"
    [ $(($(date +%s) - start)) -lt 30 ] || fail "waited too long"
    ;;
*)
    fail "unknown case"
    ;;
esac
