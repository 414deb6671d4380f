#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Texel's tuning of the engine's evaluation of one variant, the whole
# pipeline (src/engine/README.md "Tuning"):
#
#   build-aux/tune-eval.sh VARIANT [SECONDS]
#
# plays self-play games of the release engine from every opening of
# data/openings/VARIANT.epd, both colours, two at a time, into
# _tune/VARIANT-A-B.pgn, for three pairs of node counts a move (A, B):
# 3000/7000, 4000/6000, 6000/9000.  The engine is deterministic at fixed
# nodes, so two equal players would play each opening's game again and
# again; unequal node counts give 3 x 484 distinct games.  Then runs
# cheops-tune on them for at most SECONDS (default 360); the tuned values,
# as C, go to _tune/VARIANT.txt, to be pasted into
# src/engine/evaluate-VARIANT.c by hand (then `bench` and the signature
# tests change: state "Bench: N" in the commit).  Run from the source root
# after `meson setup _build-release --buildtype=release`.
set -eu

variant=${1:?usage: build-aux/tune-eval.sh VARIANT [SECONDS]}
seconds=${2:-360}
build=_build-release
engine=$PWD/$build/src/engine/cheops-engine
rounds=$(grep -c . "data/openings/$variant.epd")

ninja -C "$build" src/engine/cheops-engine src/tools/cheops-tune src/tools/cheops
mkdir -p _tune
files=
for pair in 3000,7000 4000,6000 6000,9000; do
  a=${pair%,*}
  b=${pair#*,}
  out=_tune/$variant-$a-$b.pgn
  rm -f "$out"
  "$build/src/tools/cheops" match -variant "$variant" \
    -engine cmd="$engine" name=a nodes="$a" -engine cmd="$engine" name=b nodes="$b" \
    -rounds "$rounds" -repeat -openings file="data/openings/$variant.epd" format=epd order=sequential \
    -concurrency 2 -pgnout file="$out" > "_tune/$variant-$a-$b.log"
  files="$files $out"
done
# shellcheck disable=SC2086
"$build/src/tools/cheops-tune" -variant "$variant" -skip 8 -time "$seconds" $files > "_tune/$variant.txt"
cat "_tune/$variant.txt"
