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
for extra in "$B"/bench-*.sh; do
  [ -x "$extra" ] && "$extra"
done
exit 0
