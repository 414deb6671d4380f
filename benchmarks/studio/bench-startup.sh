#!/bin/sh
# Benchmark (reports, asserts nothing): start to first frame and resident
# memory of cheops-studio against a bare libadwaita window (a header bar
# and a label at 1200 × 800: bench-bare-window, the floor issue 21 sets) and
# GNOME Chess, on the same machine in the same run, under one Xvfb.
# "First frame" is when the first top-level window is mapped
# (bench-map-time: an X event, not a poll); resident memory is VmRSS two
# seconds later, and so is the processor time spent so far (user + system,
# /proc/PID/stat: the start-up's work, steadier than the wall clock on a
# loaded machine).  The programs take turns (bare, studio, bare, studio, …),
# so a change in the machine's load falls on both alike; each runs RUNS
# times; medians printed, and the studio's as a multiple of the floor's.
#
# Usage: benchmarks/studio/bench-startup.sh BUILDDIR [RUNS] [OTHER_STUDIO]
#   OTHER_STUDIO: a second cheops-studio (another build, e.g. before a
#   change) measured in the same turns.
set -e
build=${1:-_build}
runs=${2:-5}
other=$3
ninja -C "$build" benchmarks/studio/bench-map-time benchmarks/studio/bench-bare-window \
  src/studio/cheops-studio > /dev/null
maptime="$build/benchmarks/studio/bench-map-time"
export GSETTINGS_BACKEND=memory
export GSETTINGS_SCHEMA_DIR="$build/data"
export GTK_A11Y=none
export NO_AT_BRIDGE=1
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
# A first start: no drafts to offer, no recent files (the user's own would
# open the drafts dialog and make a run of the studio unlike the others).
export XDG_DATA_HOME="$out/data"
mkdir -p "$XDG_DATA_HOME"

set -- bare-libadwaita "$build/benchmarks/studio/bench-bare-window" \
       cheops-studio "$build/src/studio/cheops-studio"
if [ -n "$other" ]; then
  set -- "$@" other-studio "$other"
fi
if [ -x /usr/games/gnome-chess ]; then
  set -- "$@" gnome-chess /usr/games/gnome-chess
fi

# One Xvfb for every run; each turn starts each program once.
xvfb-run -a -s "-screen 0 1400x1000x24" sh -c '
  maptime=$1; runs=$2; out=$3; shift 3
  i=0
  while [ $i -lt $runs ]; do
    n=$#
    j=0
    while [ $j -lt $n ]; do
      label=$1; program=$2; shift 2; set -- "$@" "$label" "$program"; j=$((j + 2))
      figures=$("$maptime" "$program")
      if [ -z "$figures" ]; then
        echo "bench-startup: $label, run $i gave no figure (see above)" >&2
        continue
      fi
      ms=${figures% *}; pid=${figures#* }
      sleep 2
      rss=$(awk "/VmRSS/ {print \$2}" /proc/$pid/status)
      # Processor time (user + system) so far, in ms: steadier than the
      # wall clock on a shared machine.
      cpu=$(awk -v hz=$(getconf CLK_TCK) "{print int((\$14 + \$15) * 1000 / hz)}" /proc/$pid/stat)
      echo "$ms $rss $cpu" >> "$out/$label"
      kill $pid
      t=0   # until it is gone (or a zombie nobody reaps), at most 3 s
      while [ $t -lt 30 ] && kill -0 $pid 2>/dev/null &&
            ! grep -q "^State:.*Z" /proc/$pid/status 2>/dev/null; do
        sleep 0.1; t=$((t + 1))
      done
    done
    i=$((i + 1))
  done' sh "$maptime" "$runs" "$out" "$@"

median () {
  # $1: file, $2: column
  n=$(wc -l < "$1")
  cut -d" " -f"$2" "$1" | sort -n | sed -n "$(( (n + 1) / 2 ))p"
}

bare_ms=$(median "$out/bare-libadwaita" 1)
bare_rss=$(median "$out/bare-libadwaita" 2)
bare_cpu=$(median "$out/bare-libadwaita" 3)
while [ $# -gt 0 ]; do
  label=$1; shift 2
  [ -s "$out/$label" ] || continue
  ms=$(median "$out/$label" 1)
  rss=$(median "$out/$label" 2)
  cpu=$(median "$out/$label" 3)
  printf "%-16s first frame median %5d ms (%4.2f×; runs: %s), RSS median %6.1f MiB (%5.3f×), CPU median %4d ms (%4.2f×)\n" \
         "$label" "$ms" "$(echo "$ms / $bare_ms" | bc -l)" \
         "$(cut -d" " -f1 "$out/$label" | tr "\n" " " | sed "s/ $//")" \
         "$(echo "$rss / 1024" | bc -l)" "$(echo "$rss / $bare_rss" | bc -l)" \
         "$cpu" "$(echo "$cpu / $bare_cpu" | bc -l)"
done
