#!/bin/sh
# build-aux/bench.sh BUILDDIR — the benchmarks, on a release build.  Prints
# figures; asserts nothing (the tests do that).
set -eu
B=${1:-_build-release}

echo "== machine"
uname -srm
grep -m1 "model name" /proc/cpuinfo || true
nproc

echo "== rules core: cheops perft --bench 5 (initial position, one thread)"
"$B/src/tools/cheops" perft --bench 5

echo "== reference: fairy-stockfish go perft 4, variant grand (10x10)"
fs=/usr/games/fairy-stockfish
if [ -x "$fs" ]; then
  # Time the perft run and subtract the start-up of an otherwise identical run.
  t0=$(date +%s.%N)
  printf 'setoption name UCI_Variant value grand\nposition startpos\nquit\n' | "$fs" > /dev/null
  t1=$(date +%s.%N)
  nodes=$(printf 'setoption name UCI_Variant value grand\nposition startpos\ngo perft 4\nquit\n' | "$fs" \
          | sed -n 's/^Nodes searched: *//p')
  t2=$(date +%s.%N)
  awk -v n="$nodes" -v a="$t0" -v b="$t1" -v c="$t2" 'BEGIN {
    t = (c - b) - (b - a); printf "Nodes searched: %d\nTime: %.3f s\nLeaf nodes per second: %.0f\n", n, t, n / t }'
else
  echo "fairy-stockfish not installed"
fi
echo "== engine: cheops-engine bench (fixed positions, depth 8, one thread)"
"$B/src/engine/cheops-engine" bench 2>&1 | tail -n 3

echo "== game files: reading 20 MB against pgn-extract"
tests/bench/bench-pgn.sh "$B"

echo "== game collections: 100 000 games, their index, search and the game list"
tests/bench/bench-collection.sh "$B"

echo "== studio: board draw at 1200x1000, frames under an engine flood, start-up and memory against GNOME Chess"
ninja -C "$B" benchmarks/studio/bench-board-draw benchmarks/studio/bench-flood > /dev/null
xvfb-run -a -s "-screen 0 1400x1000x24" "$B/benchmarks/studio/bench-board-draw" data/samples/apex-race.pgn 500
benchmarks/studio/bench-flood.sh "$B" 5
benchmarks/studio/bench-startup.sh "$B" 5
exit 0
