#!/bin/sh
# tests/bench/bench-review-confirm.sh [BUILDDIR [MOVETIME_MS]] — the measure
# of issue 24: of the moves `cheops analyse --builtin --movetime MS` marks
# `?` or `??` on fixed games of every variant, how many a ten-times longer
# search of the position before confirms (the played move at least 100 cp
# below the best; bench-review-confirm.c).  A benchmark: figures, no
# assertion.  Use a release build:
#   meson setup _build-release --buildtype=release && ninja -C _build-release
#   tests/bench/bench-review-confirm.sh _build-release 100
#
# The games: data/samples (Cheops: apex-race, opening-lines; TrigChess:
# trigchess-gyros; Cypher chess: cypher-selfplay; Pyramids:
# pyramids-selfplay, pyramids-stacks) and, when present, the self-play games
# of benchmarks/review-calibrate.py in $REVIEW_GAMES_DIR (VARIANT-selfplay.pgn,
# the first $REVIEW_GAMES games of each).
set -eu
B=${1:-_build-release}
MS=${2:-100}
S=$(dirname "$0")/../../data/samples
W=$(mktemp -d)
trap 'rm -rf "$W"' EXIT
T="$B/src/tools/cheops"
E="$B/src/engine/cheops-engine"
C="$B/tests/tools/bench-review-confirm"

files="$S/apex-race.pgn $S/opening-lines.pgn $S/trigchess-gyros.pgn $S/cypher-selfplay.pgn $S/pyramids-selfplay.pgn $S/pyramids-stacks.pgn"
if [ -n "${REVIEW_GAMES_DIR:-}" ]; then
  for v in cheops trigchess cypher pyramids; do
    f="$REVIEW_GAMES_DIR/$v-selfplay.pgn"
    [ -f "$f" ] || continue
    awk -v n="${REVIEW_GAMES:-5}" '/^\[Event /{ g++ } g <= n' "$f" > "$W/$v-games.pgn"
    files="$files $W/$v-games.pgn"
  done
fi
i=0
for f in $files; do
  i=$((i + 1))
  "$T" analyse "$f" --builtin --movetime "$MS" --out "$W/reviewed-$i.pgn" 2>/dev/null || true
  "$C" "$E" "$f" "$W/reviewed-$i.pgn" "$MS" | tee -a "$W/all.txt"
done
echo "== all: per variant"
grep -E '(confirmed|NOT confirmed)$' "$W/all.txt" | awk '{ n[$1]++; if ($NF == "confirmed" && $(NF-1) != "NOT") c[$1]++ }
  END { for (v in n) printf "%s: %d of %d confirmed (%.0f %%)\n", v, c[v], n[v], 100 * c[v] / n[v] }'
