#!/bin/sh
# Takes data/screenshots/analysis.png: the studio with the sample game "The
# race to the Apex" loaded, 48 plies in, and the engine analysing for eight
# seconds.  Run from the build directory's run target:
#   ninja -C _build screenshot
# or by hand: take-screenshot.sh BUILDDIR SOURCEDIR
# CHEOPS_ENGINE may name the engine; by default the build tree's is used.
set -e
build=$1
source=$2
export GSETTINGS_BACKEND=memory
export GSETTINGS_SCHEMA_DIR="$build/data"
export GTK_A11Y=none
export NO_AT_BRIDGE=1
exec xvfb-run -a -s "-screen 0 1400x1000x24" \
  "$build/tests/studio/studio-screenshot" \
  "$source/data/samples/apex-race.pgn" 48 8 "$source/data/screenshots/analysis.png"
