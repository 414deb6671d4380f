#!/bin/sh
# tests/bench/bench-collection.sh [BUILDDIR [WORKDIR]] — searching a collection
# of 100 000 games (issue 23).  A benchmark: it prints figures and asserts
# nothing.  Use a release build:
#   meson setup _build-release --buildtype=release && ninja -C _build-release
#   tests/bench/bench-collection.sh _build-release
#
# The file: 100 000 random legal games (bench-collection generate, seed 1;
# 70 % Cheops, 10 % each TrigChess, Cypher chess and Pyramids; 20-160 plies
# with comments, NAGs and variations), made once in WORKDIR.  Then, with an
# empty cache of its own (XDG_CACHE_HOME=WORKDIR/cache):
#   - `cheops search --no-index`: the file read, no index;
#   - the first `cheops search`: the file read and its index written;
#   - the second and later searches, for four positions (best of 3), and
#     `cheops explore` from the start, all answered from the index;
#   - loading the collection from its index and the game list's filters
#     and sorts over its 100 000 games (bench-collection list).
# Wall-clock and CPU (user + system) times; on a loaded machine the CPU
# time is the steadier figure.
set -eu
B=${1:-_build-release}
W=${2:-${TMPDIR:-/tmp}/cheops-bench-collection}
T="$B/src/tools/cheops"
C="$B/tests/bench/bench-collection"
F="$W/games-100000.pgn"
mkdir -p "$W"

[ -f "$F" ] || "$C" generate "$F" 100000 1
echo "== $(basename "$F"): $(stat -c %s "$F" | awk '{ printf "%.1f MB", $1 / 1e6 }')"

export XDG_CACHE_HOME="$W/cache"
rm -rf "$XDG_CACHE_HOME"

# timed LABEL CMD...: runs CMD once, prints wall and CPU seconds and the
# last line of its output.
timed () {
  label=$1; shift
  /usr/bin/time -o "$W/time.txt" -f "%e %U %S" "$@" > "$W/out.txt" 2> /dev/null || true
  awk -v l="$label" -v last="$(tail -1 "$W/out.txt")" '{ printf "%-44s %7.3f s wall, %7.3f s CPU: %s\n", l, $1, $2 + $3, last }' "$W/time.txt"
}

start=$("$T" fen)
timed "search --no-index (read, no index)" "$T" search --no-index --fen "$start" "$F"
timed "first search (read, index written)" "$T" search --fen "$start" "$F"
ls -l "$XDG_CACHE_HOME"/cheops-studio/positions/*.idx | awk '{ printf "index: %.1f MB\n", $5 / 1e6 }'

# Positions: the start (every Cheops game), game 50 000 after 2 and after
# 30 plies (a few games, one game), and Pyramids's start.
v2=$("$C" fen "$F" 50000 2 | sed -n 1p); p2=$("$C" fen "$F" 50000 2 | sed -n 2p)
v30=$("$C" fen "$F" 50000 30 | sed -n 1p); p30=$("$C" fen "$F" 50000 30 | sed -n 2p)
pyramids=$("$T" fen --variant pyramids)
for i in 1 2 3; do timed "second search: the start ($i)" "$T" search --fen "$start" "$F"; done
for i in 1 2 3; do timed "second search: game 50000, ply 2 ($i)" "$T" search --variant "$v2" --fen "$p2" "$F"; done
for i in 1 2 3; do timed "second search: game 50000, ply 30 ($i)" "$T" search --variant "$v30" --fen "$p30" "$F"; done
for i in 1 2 3; do timed "second search: Pyramids's start ($i)" "$T" search --variant pyramids --fen "$pyramids" "$F"; done
for i in 1 2 3; do timed "explore: the start ($i)" "$T" explore "$F"; done
"$C" list "$F" 3
