#!/bin/sh
# Takes data/screenshots/analysis.png: the studio with the sample game "The
# race to the Apex" loaded, 48 plies in, and the engine analysing for eight
# seconds; data/screenshots/trigchess.png: the TrigChess sample "Gyros
# round the King" at its turning point (15...Gb4, ply 30), analysing; and
# data/screenshots/pyramids.png: the Pyramids sample "Stacks in the centre"
# with the full Pyramid built (13. 2f1d2, ply 25); data/screenshots/cypher.png:
# the Cypher chess sample "A flip on the Court" (7...Sd9,Bz5, ply 14);
# data/screenshots/problem.png: a Cheops problem verified in the Problem
# panel; and narrow.png, narrow-setup.png (700 x 600) and hidpi.png
# (GDK_SCALE=2).  Run from the build directory's run target:
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
xvfb-run -a -s "-screen 0 1400x1000x24" \
  "$build/tests/studio/studio-screenshot" \
  "$source/data/samples/apex-race.pgn" 48 8 "$source/data/screenshots/analysis.png"
xvfb-run -a -s "-screen 0 1400x1000x24" \
  "$build/tests/studio/studio-screenshot" \
  "$source/data/samples/trigchess-gyros.pgn" 30 8 "$source/data/screenshots/trigchess.png"
xvfb-run -a -s "-screen 0 1400x1000x24" \
  "$build/tests/studio/studio-screenshot" \
  "$source/data/samples/pyramids-stacks.pgn" 25 8 "$source/data/screenshots/pyramids.png"
# The Problem panel: the fourth problem of data/problems/cheops.pgn (#2,
# sound, with duals) verified.
STUDIO_SCREENSHOT_PROBLEM=3 xvfb-run -a -s "-screen 0 1400x1000x24" \
  "$build/tests/studio/studio-screenshot" \
  "$source/data/problems/cheops.pgn" 0 4 "$source/data/screenshots/problem.png"
# Cypher chess: the sample "A flip on the Court" just after the compound
# move 7...Sd9,Bz5 (ply 14), Black with a pawn in the pocket.
xvfb-run -a -s "-screen 0 1400x1000x24" \
  "$build/tests/studio/studio-screenshot" \
  "$source/data/samples/cypher-selfplay.pgn" 14 8 "$source/data/screenshots/cypher.png"
# The narrow layout at 700 x 600 (the race to the Apex, analysing; the set-up
# of the Pyramids sample), and HiDPI: the TrigChess sample at GDK_SCALE=2.
STUDIO_SCREENSHOT_SIZE=700x600 xvfb-run -a -s "-screen 0 1400x1000x24" \
  "$build/tests/studio/studio-screenshot" \
  "$source/data/samples/apex-race.pgn" 48 3 "$source/data/screenshots/narrow.png"
STUDIO_SCREENSHOT_SIZE=700x600 STUDIO_SCREENSHOT_SETUP=1 xvfb-run -a -s "-screen 0 1400x1000x24" \
  "$build/tests/studio/studio-screenshot" \
  "$source/data/samples/pyramids-stacks.pgn" 25 1 "$source/data/screenshots/narrow-setup.png"
STUDIO_SCREENSHOT_SIZE=700x600 GDK_SCALE=2 exec xvfb-run -a -s "-screen 0 1600x1400x24" \
  "$build/tests/studio/studio-screenshot" \
  "$source/data/samples/trigchess-gyros.pgn" 30 3 "$source/data/screenshots/hidpi.png"
