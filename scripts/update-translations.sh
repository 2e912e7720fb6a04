#!/usr/bin/env bash
# Re-reads every translatable string of the console (ui/, app/console, the item models) into
# resources/translations/opsconsole_{en,ru,uk}.ts. Run after adding or changing tr() strings,
# then translate the new entries (Qt Linguist, or by hand: type="unfinished" marks them).
# Existing translations are kept; strings no longer in the sources are dropped.
set -euo pipefail
cd "$(dirname "$0")/.."
LUPDATE=${LUPDATE:-$(command -v lupdate || echo /usr/lib/qt6/bin/lupdate)}
sources=(ui app/console)
for f in models/*model*.cpp; do sources+=("$f"); done
for lang in en ru uk; do
    "$LUPDATE" -no-obsolete -locations none -source-language en -target-language "$lang" \
        "${sources[@]}" -ts "resources/translations/opsconsole_${lang}.ts"
done
