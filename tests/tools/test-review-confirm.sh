#!/bin/sh
# tests/tools/test-review-confirm.sh TOOL ENGINE CONFIRM DATA — issue 24's
# "Done when" as a test: the fixed games of tests/data/review-confirm.pgn
# (two of each game, from `cheops match`: Cheops, TrigChess and Cypher
# chess of the engine at 20 000 nodes a move against itself at depth 1,
# Pyramids of two engines at 3 000 nodes a move) reviewed by `cheops
# analyse --nodes 20000`, then each move newly marked `?` or `??` searched
# again ten times longer (200 000 nodes) by bench-review-confirm: in every
# game at least 2 such moves and at least 90 % of them with the played
# move at least 100 cp below the best, and every move marked `?!`, `?` or
# `??` has the engine's better line beside it (its first choice is never
# marked).  A fixed number of nodes, not a time, so that the verdicts are
# the same on any machine at any load: 20 000 nodes is about 100 ms a
# move of Cypher chess and 15-40 ms of the other games in a release build
# on an idle core (src/engine/README.md); the 100 ms measure itself is
# tests/bench/bench-review-confirm.sh (README.md, "How a verdict is
# decided").
set -eu
TOOL=$1
ENGINE=$2
CONFIRM=$3
DATA=$4
W=$(mktemp -d)
trap 'rm -rf "$W"' EXIT
CHEOPS_ENGINE=$ENGINE "$TOOL" analyse "$DATA" --builtin --nodes 20000 --out "$W/reviewed.pgn" 2>"$W/err" || {
  cat "$W/err" >&2
  exit 1
}
tail -n 1 "$W/err"
"$CONFIRM" "$ENGINE" "$DATA" "$W/reviewed.pgn" nodes=20000 --require 90 2
