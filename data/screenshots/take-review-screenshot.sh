#!/bin/sh
# Takes data/screenshots/review.png: the Cheops sample "The race to the
# Apex" analysed with "Analyse Game" (the bundled engine, depth 8 a move),
# the summary per side under the move list, at ply 46 (23... Sj3, the blunder).  Run from the build
# directory's run target:
#   ninja -C _build review-screenshot
# or by hand: take-review-screenshot.sh BUILDDIR SOURCEDIR
set -e
build=$1
source=$2
export GSETTINGS_BACKEND=memory
export GSETTINGS_SCHEMA_DIR="$build/data"
export GTK_A11Y=none
export NO_AT_BRIDGE=1
exec xvfb-run -a -s "-screen 0 1400x1000x24" \
  "$build/tests/studio/review-screenshot" \
  "$source/data/samples/apex-race.pgn" 8 46 "$source/data/screenshots/review.png"
