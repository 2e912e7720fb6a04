#!/usr/bin/env bash
# Re-reads every translatable string of the console into resources/translations/
# opsconsole_{en,ru,uk}.ts. The sources are the ones the build collects from the console's
# targets (top-level CMakeLists.txt: ops_ui, ops_console, ops_itemmodels), so a new file is read
# as soon as it is in a target. Run after adding or changing tr() strings, then translate the
# new entries (Qt Linguist, or by hand: type="unfinished" marks them). Existing translations are
# kept; strings no longer in the sources are dropped.
#
# Afterwards it lists every entry still untranslated, per catalogue (context, then the English
# source text), and exits 1 while any is left; tst_translations (cataloguesAreComplete) fails on
# the same entries and on any tr() string the catalogues lack.
set -euo pipefail
cd "$(dirname "$0")/.."
[ -f build/build.ninja ] || cmake --preset default >/dev/null
cmake --build build --target update_translations

python3 - resources/translations/opsconsole_{en,ru,uk}.ts <<'PY'
import sys
import xml.etree.ElementTree as ET

left = 0
for path in sys.argv[1:]:
    untranslated = []
    for context in ET.parse(path).getroot().iter("context"):
        name = context.findtext("name", "")
        for message in context.iter("message"):
            translation = message.find("translation")
            if translation is not None and translation.get("type") == "unfinished":
                untranslated.append((name, message.findtext("source", "")))
    print(f"{path}: {len(untranslated)} untranslated")
    for name, source in untranslated:
        print(f"  [{name}] {source!r}")
    left += len(untranslated)
sys.exit(1 if left else 0)
PY
