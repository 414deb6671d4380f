#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Texel's tuning of the engine's evaluation of one variant, the whole
# pipeline (src/engine/README.md "Tuning"):
#
#   build-aux/tune-eval.sh VARIANT [ROUNDS [NODES]]
#
# plays 2 x ROUNDS (default 1000) self-play games of the release engine at
# NODES (default 5000) nodes a move from data/openings/VARIANT.epd, two at
# a time, into _tune/VARIANT.pgn, then runs cheops-tune on them; the tuned
# values, as C, go to _tune/VARIANT.txt, to be pasted into
# src/engine/evaluate-VARIANT.c by hand (then `bench` and the signature
# tests change: state "Bench: N" in the commit).  Run from the source root
# after `meson setup _build-release --buildtype=release`.
set -eu

variant=${1:?usage: build-aux/tune-eval.sh VARIANT [ROUNDS [NODES]]}
rounds=${2:-1000}
nodes=${3:-5000}
build=_build-release
engine=$PWD/$build/src/engine/cheops-engine

ninja -C "$build" src/engine/cheops-engine src/engine/cheops-tune src/tools/cheops
mkdir -p _tune
"$build/src/tools/cheops" match -variant "$variant" \
  -engine cmd="$engine" name=a -engine cmd="$engine" name=b \
  -each nodes="$nodes" -rounds "$rounds" -repeat \
  -openings file="data/openings/$variant.epd" format=epd order=random -srand 11 \
  -concurrency 2 -pgnout file="_tune/$variant.pgn" > "_tune/$variant-match.log"
"$build/src/engine/cheops-tune" -variant "$variant" -skip 8 -time 600 "_tune/$variant.pgn" \
  > "_tune/$variant.txt"
cat "_tune/$variant.txt"
