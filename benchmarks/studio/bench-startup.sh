#!/bin/sh
# Benchmark (reports, asserts nothing): start to first frame and resident
# memory of cheops-studio against a bare libadwaita window (a header bar
# and a label at 1200 × 800: bench-bare-window, before and after it) and
# GNOME Chess, on the same machine in the same run, under Xvfb.  "First frame" is when the first top-level window is
# mapped (bench-map-time: an X event, not a poll); resident memory is
# VmRSS two seconds later.  Each program runs RUNS times; medians printed.
#
# Usage: benchmarks/studio/bench-startup.sh BUILDDIR [RUNS]
set -e
build=${1:-_build}
runs=${2:-5}
ninja -C "$build" benchmarks/studio/bench-map-time benchmarks/studio/bench-bare-window > /dev/null
maptime="$build/benchmarks/studio/bench-map-time"
export GSETTINGS_BACKEND=memory
export GSETTINGS_SCHEMA_DIR="$build/data"
export GTK_A11Y=none
export NO_AT_BRIDGE=1

measure () {
  # $1: label, rest: command
  label=$1; shift
  xvfb-run -a -s "-screen 0 1400x1000x24" sh -c '
    maptime=$1; runs=$2; shift 2
    i=0
    while [ $i -lt $runs ]; do
      out=$("$maptime" "$@")
      if [ -z "$out" ]; then
        echo "bench-startup: run $i gave no figure (see above)" >&2
        i=$((i + 1))
        continue
      fi
      set -- $out "$@"
      ms=$1; pid=$2; shift 2
      sleep 2
      rss=$(awk "/VmRSS/ {print \$2}" /proc/$pid/status)
      echo "$ms $rss"
      kill $pid
      t=0   # until it is gone (or a zombie nobody reaps), at most 3 s
      while [ $t -lt 30 ] && kill -0 $pid 2>/dev/null &&
            ! grep -q "^State:.*Z" /proc/$pid/status 2>/dev/null; do
        sleep 0.1; t=$((t + 1))
      done
      i=$((i + 1))
    done' sh "$maptime" "$runs" "$@" > /tmp/bench-startup.$$
  n=$(wc -l < /tmp/bench-startup.$$)
  mid=$(( (n + 1) / 2 ))
  ms=$(cut -d" " -f1 /tmp/bench-startup.$$ | sort -n | sed -n "${mid}p")
  ms_all=$(cut -d" " -f1 /tmp/bench-startup.$$ | sort -n | tr "\n" " ")
  rss=$(cut -d" " -f2 /tmp/bench-startup.$$ | sort -n | sed -n "${mid}p")
  rm -f /tmp/bench-startup.$$
  printf "%-14s first frame median %5d ms (runs: %s), RSS median %6.1f MiB\n" \
         "$label" "$ms" "$ms_all" "$(echo "$rss / 1024" | bc -l)"
}

# The floor first, then the studio, then the floor again: the same run.
measure bare-libadwaita "$build/benchmarks/studio/bench-bare-window"
measure cheops-studio "$build/src/studio/cheops-studio"
measure bare-libadwaita "$build/benchmarks/studio/bench-bare-window"

# The same at GNOME Chess's default window size (700×550; the studio opens
# at 1200×800), set through a keyfile settings backend in a scratch home.
scratch=$(mktemp -d)
mkdir -p "$scratch/glib-2.0/settings"
printf '[org/cheops/Studio]\nwindow-width=700\nwindow-height=550\n' > "$scratch/glib-2.0/settings/keyfile"
GSETTINGS_BACKEND=keyfile XDG_CONFIG_HOME="$scratch" measure "studio 700x550" "$build/src/studio/cheops-studio"
rm -rf "$scratch"
if [ -x /usr/games/gnome-chess ]; then
  measure gnome-chess /usr/games/gnome-chess
fi
