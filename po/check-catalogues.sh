#!/bin/sh
# Test (suite data): every catalogue listed in po/LINGUAS is valid and
# complete against a .pot made now from the sources, so that a string added or
# changed without its translations fails here.  For each language LL:
#   - po/LL.po passes `msgfmt --check --check-accelerators=_` (header, plural
#     forms, format specifiers of c-format strings, one mnemonic where the
#     original has one);
#   - po/LL.po merged with the fresh .pot has no fuzzy and no untranslated
#     message (the ones missing are printed);
#   - po/LL.po holds nothing obsolete: no message that the sources no longer
#     have, kept as a live entry or as a "#~" one (they are printed);
#   - each MERGED_FILE given (the built desktop file and metainfo) carries
#     LL translations (Name[LL]= or xml:lang="LL").
# Prints the message counts; exits 1 if anything is wrong.
#
# Usage: po/check-catalogues.sh SOURCE_ROOT [MERGED_FILE...]
root=$1
shift
cd "$root" || exit 2
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
export LC_ALL=C.UTF-8

# The keywords and flags of i18n.gettext(preset: 'glib') in po/meson.build.
if ! xgettext --package-name=cheops-studio --from-code=UTF-8 --add-comments \
     --keyword=_ --keyword=N_ --keyword=C_:1c,2 --keyword=NC_:1c,2 \
     --keyword=g_dcgettext:2 --keyword=g_dngettext:2,3 --keyword=g_dpgettext2:2c,3 \
     --flag=N_:1:pass-c-format --flag=C_:2:pass-c-format --flag=NC_:2:pass-c-format \
     --flag=g_dngettext:2:pass-c-format --flag=g_strdup_printf:1:c-format \
     --flag=g_string_printf:2:c-format --flag=g_string_append_printf:2:c-format \
     --flag=g_error_new:3:c-format --flag=g_set_error:4:c-format \
     --flag=g_markup_printf_escaped:1:c-format --flag=g_log:3:c-format \
     --flag=g_print:1:c-format --flag=g_printerr:1:c-format --flag=g_printf:1:c-format \
     --flag=g_fprintf:2:c-format --flag=g_sprintf:2:c-format --flag=g_snprintf:3:c-format \
     -D . --files-from=po/POTFILES.in -o "$tmp/cheops-studio.pot"; then
  echo "xgettext could not make the .pot"
  exit 1
fi
echo "cheops-studio.pot: $(grep -c '^msgid ' "$tmp/cheops-studio.pot") entries (with the header)"

langs=$(sed -e 's/#.*//' po/LINGUAS)
if [ -z "$langs" ]; then
  echo "po/LINGUAS lists no language"
  exit 1
fi
status=0
for lang in $langs; do
  po=po/$lang.po
  if [ ! -f "$po" ]; then
    echo "$lang: listed in po/LINGUAS but $po is missing"
    status=1
    continue
  fi
  if ! msgfmt --check --check-accelerators=_ -o /dev/null "$po"; then
    echo "$lang: $po is not a valid catalogue (messages above)"
    status=1
    continue
  fi
  if ! msgmerge --quiet -o "$tmp/$lang.po" "$po" "$tmp/cheops-studio.pot"; then
    echo "$lang: msgmerge failed"
    status=1
    continue
  fi
  stats=$(msgfmt --check --check-accelerators=_ --statistics -o /dev/null "$tmp/$lang.po" 2>&1)
  echo "$lang: $stats"
  case $stats in
    *fuzzy*|*untranslated*)
      echo "$lang: not up to date with the sources; to translate (see po/README.md):"
      for which in fuzzy untranslated; do
        case $which in fuzzy) opt=--only-fuzzy ;; *) opt=--untranslated ;; esac
        msgattrib $opt --no-obsolete --no-wrap "$tmp/$lang.po" |
          grep -E '^(msgctxt|msgid) "' | grep -vx 'msgid ""' | sed "s/^/  $which: /"
      done
      status=1
      ;;
  esac
  # Obsolete: whatever the merge had to put aside as "#~" is either a message
  # of po/LL.po that the sources no longer have or an old "#~" entry kept in
  # po/LL.po; neither belongs in a catalogue that is up to date.
  obsolete=$(msgattrib --only-obsolete --no-wrap "$tmp/$lang.po" |
    grep -E '^#~ (msgctxt|msgid) "' | grep -vx '#~ msgid ""')
  if [ -n "$obsolete" ]; then
    echo "$lang: $(echo "$obsolete" | grep -c '^#~ msgid') obsolete messages, no longer in the sources; to delete (see po/README.md):"
    echo "$obsolete" | sed 's/^#~ /  obsolete: /'
    status=1
  fi
  # Typography (po/README.md): "..." for the ellipsis; in German „…“ (so no
  # ” U+201D), in French a no-break space, never a plain one, before : ; ? ! »
  # and after «.
  case $lang in
    de) bad='\.\.\.|”|\\"' ;;
    fr) bad='\.\.\.| [:;?!»]|« |“|”|\\"' ;;
    *) bad='\.\.\.' ;;
  esac
  if msgattrib --no-obsolete --no-wrap "$po" | grep -E '^msgstr' | grep -E "$bad"; then
    echo "$lang: typography (above; see po/README.md)"
    status=1
  fi
  for merged in "$@"; do
    if ! grep -qE "\[$lang\]=|xml:lang=\"$lang\"" "$merged"; then
      echo "$lang: no translation in the built $(basename "$merged")"
      status=1
    fi
  done
done
[ $status -eq 0 ] && echo "every catalogue is valid and complete"
exit $status
