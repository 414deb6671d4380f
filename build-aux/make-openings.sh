#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Makes the opening books data/openings/{cheops,trigchess,cypher,pyramids}.epd
# for `cheops match -openings file=... format=epd` (issue 20): 240 distinct
# positions each, 4 to 8 random legal plies from the initial position, the
# bundled engine's score within +-60 cp at depth 6 (`cheops openings`, in
# src/tools/cheops-tool-openings.c, says how).  The books depend only on the
# seed, the depth and the engine: rerun this after an engine change.
#
#   build-aux/make-openings.sh [BUILD_DIR]     # default: _build-release if built, else _build
set -eu
cd "$(dirname "$0")/.."
build=${1:-}
if [ -z "$build" ]; then
  if [ -x _build-release/src/tools/cheops ]; then build=_build-release; else build=_build; fi
fi
ninja -C "$build" src/tools/cheops src/engine/cheops-engine > /dev/null
mkdir -p data/openings
for variant in cheops trigchess cypher pyramids; do
  CHEOPS_ENGINE="$PWD/$build/src/engine/cheops-engine" \
    "$build/src/tools/cheops" openings --variant "$variant" --count 240 --depth 6 --max-cp 60 --seed 20 \
    --out "data/openings/$variant.epd"
done
