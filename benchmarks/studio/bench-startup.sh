#!/bin/sh
# Benchmark (reports, asserts nothing): start to first frame and resident
# memory of cheops-studio against GNOME Chess, on the same machine in the
# same run, under Xvfb.  "First frame" is when the first top-level window is
# mapped and viewable (xdotool --sync --onlyvisible, which looks every half
# second: the figures are coarse, compare medians); resident memory is
# VmRSS two seconds later.  Each program runs RUNS times; medians printed.
#
# Usage: benchmarks/studio/bench-startup.sh BUILDDIR [RUNS]
set -e
build=${1:-_build}
runs=${2:-5}
export GSETTINGS_BACKEND=memory
export GSETTINGS_SCHEMA_DIR="$build/data"
export GTK_A11Y=none
export NO_AT_BRIDGE=1

measure () {
  # $1: label, rest: command
  label=$1; shift
  xvfb-run -a -s "-screen 0 1400x1000x24" sh -c '
    runs=$1; shift
    i=0
    while [ $i -lt $runs ]; do
      start=$(date +%s%N)
      "$@" >/dev/null 2>&1 &
      pid=$!
      timeout 30 xdotool search --sync --onlyvisible --pid $pid >/dev/null 2>&1 ||
        timeout 30 xdotool search --sync --onlyvisible --name "." >/dev/null 2>&1
      end=$(date +%s%N)
      sleep 2
      rss=$(awk "/VmRSS/ {print \$2}" /proc/$pid/status)
      echo "$(( (end - start) / 1000000 )) $rss"
      kill $pid; wait $pid 2>/dev/null || true
      i=$((i + 1))
    done' sh "$runs" "$@" > /tmp/bench-startup.$$
  n=$(wc -l < /tmp/bench-startup.$$)
  mid=$(( (n + 1) / 2 ))
  ms=$(cut -d" " -f1 /tmp/bench-startup.$$ | sort -n | sed -n "${mid}p")
  ms_all=$(cut -d" " -f1 /tmp/bench-startup.$$ | sort -n | tr "\n" " ")
  rss=$(cut -d" " -f2 /tmp/bench-startup.$$ | sort -n | sed -n "${mid}p")
  rm -f /tmp/bench-startup.$$
  printf "%-14s first frame median %5d ms (runs: %s), RSS median %6.1f MiB\n" \
         "$label" "$ms" "$ms_all" "$(echo "$rss / 1024" | bc -l)"
}

measure cheops-studio "$build/src/studio/cheops-studio"

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
