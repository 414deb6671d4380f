#!/bin/sh
# Test (suite data): every source file with a string marked for translation
# (_("…"), N_("…"), C_(…) or translatable="yes") is listed in po/POTFILES.in,
# and every file listed there exists.  Prints what is wrong; exits 1 then.
#
# Usage: po/check-potfiles.sh SOURCE_ROOT
cd "$1" || exit 2
status=0
for f in $(grep -lE '(^|[^a-zA-Z_])(N?_|C_)\("|translatable="yes"' \
             src/*/*.c src/*/*/*.c src/*/*.ui src/*/*/*.ui data/*.in 2>/dev/null); do
  if ! grep -qx "$f" po/POTFILES.in; then
    echo "not in po/POTFILES.in: $f"
    status=1
  fi
done
for f in $(grep -v '^#' po/POTFILES.in); do
  if [ ! -f "$f" ]; then
    echo "listed in po/POTFILES.in but missing: $f"
    status=1
  fi
done
[ $status -eq 0 ] && echo "po/POTFILES.in lists every translatable file"
exit $status
