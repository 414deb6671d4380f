#!/bin/sh
# build-aux/dev.sh — set up a fresh Debian 12 machine, build, and run, test
# or benchmark Cheops Studio.
#
#   build-aux/dev.sh run [FILE]  install what is missing, build, start the studio
#   build-aux/dev.sh test    install what is missing, build, run all the tests
#   build-aux/dev.sh bench   release build and the benchmarks (figures in README.md)
#   build-aux/dev.sh fuzz [SECONDS]  build the libFuzzer harnesses of tests/fuzz
#                            (clang, ASan+UBSan) in _build-fuzz and run each one
#                            for SECONDS (default 60) from its seed corpus; prints
#                            each one's executions and findings, exit 1 if any
#   build-aux/dev.sh sanitize  build with ASan+UBSan in _build-sanitize and run the
#                            whole default suite under ASan and UBSan, and all but
#                            the GUI tests under LeakSanitizer too
set -eu

cd "$(dirname "$0")/.."

# Debian 12 packages the build and the tests need.
PACKAGES="gcc meson ninja-build pkg-config python3
  libglib2.0-dev libglib2.0-dev-bin libglib2.0-bin libgtk-4-dev libadwaita-1-dev libjson-glib-dev zlib1g-dev
  gettext desktop-file-utils appstream xvfb xauth fonts-dejavu-core parallel xdotool"
BENCH_PACKAGES="fairy-stockfish pgn-extract gnome-chess time"

install_missing () {
  missing=""
  for p in "$@"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing="$missing $p"
  done
  [ -z "$missing" ] && return 0
  echo "Installing:$missing"
  if [ "$(id -u)" -eq 0 ]; then SUDO=""; else SUDO="sudo"; fi
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends $missing
}

build () {
  dir=$1; shift
  [ -f "$dir/build.ninja" ] || meson setup "$dir" "$@"
  ninja -C "$dir"
}

cmd=${1:-run}
[ $# -gt 0 ] && shift
case "$cmd" in
  run)
    install_missing $PACKAGES
    build _build
    # Run uninstalled: the schema compiled in the build tree; the bundled
    # engine is found in the build tree (CHEOPS_ENGINE overrides it).
    GSETTINGS_SCHEMA_DIR="$PWD/_build/data" exec _build/src/studio/cheops-studio "$@"
    ;;
  test)
    install_missing $PACKAGES
    build _build
    status=0
    # GTK tests need a display: run the whole suite under Xvfb.
    xvfb-run -a -s "-screen 0 1400x1000x24" \
      meson test -C _build --no-suite slow --print-errorlogs --num-processes 2 > _build/test-output.txt 2>&1 || status=$?
    cat _build/test-output.txt
    ok=$(sed -n 's/^Ok: *\([0-9]*\).*/\1/p' _build/test-output.txt | tail -n 1)
    fail=$(sed -n 's/^Fail: *\([0-9]*\).*/\1/p' _build/test-output.txt | tail -n 1)
    timeout=$(sed -n 's/^Timeout: *\([0-9]*\).*/\1/p' _build/test-output.txt | tail -n 1)
    echo "${ok:-0} passed, $(( ${fail:-0} + ${timeout:-0} )) failed"
    exit $status
    ;;
  bench)
    install_missing $PACKAGES $BENCH_PACKAGES
    build _build-release --buildtype=release
    exec build-aux/bench.sh _build-release
    ;;
  sanitize)
    install_missing $PACKAGES
    build _build-sanitize -Db_sanitize=address,undefined -Db_lundef=false
    # Every report fails its test: UBSan stops at the first error, ASan and
    # LeakSanitizer abort.  G_SLICE=always-malloc: GLib 2.74's slice
    # allocator would hide leaks from LeakSanitizer.
    export ASAN_OPTIONS="abort_on_error=1:halt_on_error=1:detect_stack_use_after_return=0"
    export UBSAN_OPTIONS="halt_on_error=1:abort_on_error=1:print_stacktrace=1"
    export G_SLICE=always-malloc
    status=0
    # Everything but the GUI tests with LeakSanitizer too.
    ASAN_OPTIONS="$ASAN_OPTIONS:detect_leaks=1" \
      meson test -C _build-sanitize --no-suite slow --no-suite studio --print-errorlogs --num-processes 2 \
        --timeout-multiplier 4 "$@" || status=$?
    # The GUI tests without it: GTK, fontconfig and Mesa keep caches to the
    # end (178-280 KB a test), and Debian's libraries have no frame
    # pointers, so a leak's stack stops at g_malloc and no suppression can
    # tell the toolkit's from the studio's (fast_unwind_on_malloc=0 gives
    # whole stacks but a GUI test then takes more than ten minutes).
    ASAN_OPTIONS="$ASAN_OPTIONS:detect_leaks=0" \
      xvfb-run -a -s "-screen 0 1400x1000x24" \
      meson test -C _build-sanitize --suite studio --print-errorlogs --num-processes 2 \
        --timeout-multiplier 4 "$@" || status=$?
    exit $status
    ;;
  fuzz)
    install_missing $PACKAGES clang
    seconds=${1:-60}
    # The harnesses: every fuzz-*.c of tests/fuzz but the replay driver;
    # only they are built.
    harnesses=$(cd tests/fuzz && ls fuzz-*.c | sed -e 's/\.c$//' -e '/^fuzz-replay$/d')
    [ -f _build-fuzz/build.ninja ] || CC=clang meson setup _build-fuzz -Dfuzzing=true
    ninja -C _build-fuzz $(for h in $harnesses; do echo "tests/fuzz/$h"; done)
    mkdir -p _build-fuzz/findings
    # A finding: a crash, a leak, a time-out or an out-of-memory (libFuzzer's
    # "slow-unit" files are only inputs slower than 10 s, as a loaded
    # machine makes many: kept, not counted).
    findings () {
      ls _build-fuzz/findings | grep -c -E '^fuzz-[a-z-]+-(crash|leak|timeout|oom)-' || true
    }
    total=0
    found=0
    for h in $harnesses; do
      # Its seed corpus: corpus-NAME, or corpus-NAME without "-reader"
      # (fuzz-pgn-reader reads corpus-pgn).
      name=${h#fuzz-}
      [ -d "tests/fuzz/corpus-$name" ] || name=${name%-reader}
      seeds=tests/fuzz/corpus-$name
      work=_build-fuzz/corpus-$name
      mkdir -p "$work"
      before=$(findings)
      # New inputs go to the work corpus; a crash, a leak or a UBSan report
      # is a finding, kept in _build-fuzz/findings (copy it to the seed
      # corpus with the fix: it is then replayed by the tests).
      UBSAN_OPTIONS="halt_on_error=1:abort_on_error=1:print_stacktrace=1" \
        "_build-fuzz/tests/fuzz/$h" -max_total_time="$seconds" -print_final_stats=1 \
          -artifact_prefix="_build-fuzz/findings/$h-" "$work" "$seeds" \
          > "_build-fuzz/$h.log" 2>&1 || true
      runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "_build-fuzz/$h.log" | tail -n 1)
      new=$(( $(findings) - before ))
      echo "$h: ${runs:-0} executions, $new findings"
      total=$(( total + ${runs:-0} ))
      found=$(( found + new ))
    done
    echo "fuzz: $total executions in all, $found findings (logs in _build-fuzz/*.log)"
    [ "$found" -eq 0 ]
    ;;
  *)
    echo "usage: $0 run|test|bench|sanitize|fuzz [SECONDS]" >&2
    exit 2
    ;;
esac
