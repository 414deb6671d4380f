#!/bin/sh
# tests/bench/bench-pgn.sh [BUILDDIR [WORKDIR [BEFORE_BUILDDIR]]] — how fast
# game files are read, against pgn-extract reading a chess PGN of the same
# size.  A benchmark: it prints figures and asserts nothing.  Use a release
# build:
#   meson setup _build-release --buildtype=release && ninja -C _build-release
#   tests/bench/bench-pgn.sh _build-release
# With BEFORE_BUILDDIR (a release build of another commit, e.g. main's), that
# build's reader is timed too, in the same run, and the ratios are printed.
#
# The Cheops file: 20 MB of random legal games (bench-pgn generate, seed 1)
# with comments, [%eval]/[%cal] annotations, NAGs and variations, nested up to
# three deep.  Reading it = every move read and checked by the core, the
# trees built and freed (bench-pgn read, best of 3).
# The chess file: 300 random legal chess games of the same shape (same
# lengths and rates of comments, annotations, NAGs and variations), from
# fairy-stockfish's legal move lists (chess-games.py), put into SAN by
# pgn-extract -Wsan, then repeated up to 20 MB.  pgn-extract reads it with
# -r ("report any errors but don't extract": it parses the games and plays
# every move on its board, checking it), best of 3.  Both wall-clock and CPU
# (user + system) times are given: on a loaded machine the CPU time is the
# steadier figure.
set -eu
B=${1:-_build-release}
W=${2:-${TMPDIR:-/tmp}/cheops-bench-pgn}
BEFORE=${3:-}
S=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$W"

echo "== game files: reading 20 MB"
[ -f "$W/cheops-20mb.pgn" ] || "$B/tests/bench/bench-pgn" generate "$W/cheops-20mb.pgn" 20 1
if [ -n "$BEFORE" ]; then
  printf 'before (%s): ' "$BEFORE"
  "$BEFORE/tests/bench/bench-pgn" read "$W/cheops-20mb.pgn" 3 | tee "$W/before.txt" || true
  printf 'after (%s): ' "$B"
fi
"$B/tests/bench/bench-pgn" read "$W/cheops-20mb.pgn" 3 | tee "$W/after.txt" || true
"$B/tests/bench/bench-pgn" tree

pe=/usr/games/pgn-extract
if [ ! -x "$pe" ] || [ ! -x /usr/games/fairy-stockfish ]; then
  echo "pgn-extract or fairy-stockfish missing: no comparison"
  exit 0
fi
if [ ! -f "$W/chess-20mb.pgn" ]; then
  echo "(making the chess file: about two minutes)"
  python3 "$S/chess-games.py" 300 1 > "$W/chess-long.pgn"
  "$pe" -Wsan -s -o "$W/chess-san.pgn" "$W/chess-long.pgn" 2> /dev/null
  python3 - "$W/chess-san.pgn" 20000000 > "$W/chess-20mb.pgn" <<'PY'
import sys
games = ["[Event " + g if not g.startswith("[Event ") else g
         for g in open(sys.argv[1]).read().split("\n[Event ")]
size, i, target = 0, 0, int(sys.argv[2])
while size < target:
    g = games[i % len(games)].rstrip("\n") + "\n\n"
    sys.stdout.write(g)
    size += len(g.encode())
    i += 1
PY
fi
best=
best_cpu=
for i in 1 2 3; do
  /usr/bin/time -o "$W/time.txt" -f "%e %U %S" "$pe" -r -s "$W/chess-20mb.pgn" > /dev/null 2>&1
  t=$(tail -1 "$W/time.txt")
  best=$(echo "$t" | awk -v m="$best" '{ if (m == "" || $1 < m) m = $1; print m }')
  best_cpu=$(echo "$t" | awk -v m="$best_cpu" '{ c = $2 + $3; if (m == "" || c < m) m = c; print m }')
done
size=$(stat -c %s "$W/chess-20mb.pgn")
games=$(grep -c '^\[Event ' "$W/chess-20mb.pgn")
awk -v s="$size" -v t="$best" -v c="$best_cpu" -v g="$games" 'BEGIN {
  printf "pgn-extract -r (chess): %.1f MB, %d games: best of 3 in %.3f s = %.1f MB/s (CPU time %.3f s = %.1f MB/s)\n",
         s / 1e6, g, t, s / 1e6 / t, c, s / 1e6 / c }'
# The readers' MB/s by CPU time against pgn-extract's (the same run).
for f in before after; do
  [ -f "$W/$f.txt" ] || continue
  [ -n "$BEFORE" ] || [ "$f" = after ] || continue
  sed -n 's/.*(CPU time [0-9.]* s = \([0-9.]*\) MB\/s).*/\1/p' "$W/$f.txt" |
    awk -v name="$f" -v s="$size" -v c="$best_cpu" '{
      printf "%s: %.2f times pgn-extract'"'"'s MB/s by CPU time\n", name, $1 / (s / 1e6 / c) }'
done
