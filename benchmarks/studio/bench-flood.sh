#!/bin/sh
# Runs bench-flood with the tests' fake engine printing 10 000 info lines a
# second.  Usage: benchmarks/studio/bench-flood.sh BUILDDIR [SECONDS]
set -e
build=${1:-_build}
seconds=${2:-5}
source=$(cd "$(dirname "$0")/../.." && pwd)
wrapper=$(mktemp)
trap 'rm -f "$wrapper"' EXIT
printf '#!/bin/sh\nexec "%s" flood 10000\n' "$(cd "$build" && pwd)/tests/studio/fake-engine" > "$wrapper"
chmod +x "$wrapper"
export CHEOPS_ENGINE="$wrapper"
export GSETTINGS_BACKEND=memory
export GSETTINGS_SCHEMA_DIR="$build/data"
export GTK_A11Y=none
export NO_AT_BRIDGE=1
# The GL renderer on Xvfb is Mesa llvmpipe, which alone costs ~50 ms a
# frame on this class of machine; the Cairo renderer measures the studio.
export GSK_RENDERER=${GSK_RENDERER:-cairo}
xvfb-run -a -s "-screen 0 1400x1000x24" \
  "$build/benchmarks/studio/bench-flood" "$source/data/samples/apex-race.pgn" "$seconds"
