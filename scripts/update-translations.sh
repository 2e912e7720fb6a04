#!/usr/bin/env bash
# Re-reads every translatable string of the console into resources/translations/
# opsconsole_{en,ru,uk}.ts. The sources are the ones the build collects from the console's
# targets (top-level CMakeLists.txt: ops_ui, ops_console, ops_itemmodels), so a new file is read
# as soon as it is in a target. Run after adding or changing tr() strings, then translate the
# new entries (Qt Linguist, or by hand: type="unfinished" marks them). Existing translations are
# kept; strings no longer in the sources are dropped. A string that moved to another class (a new
# translation context, same English text and comment) keeps its translation: the catalogues'
# finished entries are remembered before lupdate and given to the moved ones after.
#
# Afterwards it lists every entry still untranslated, per catalogue (context, then the English
# source text), and exits 1 while any is left; tst_translations (cataloguesAreComplete) fails on
# the same entries and on any tr() string the catalogues lack.
set -euo pipefail
cd "$(dirname "$0")/.."
[ -f build/build.ninja ] || cmake --preset default >/dev/null
memory=$(mktemp)
trap 'rm -f "$memory"' EXIT
catalogues=(resources/translations/opsconsole_{en,ru,uk}.ts)
read -r -d '' carry <<'PY' || true
import copy, pickle, sys
import xml.etree.ElementTree as ET

def key(message):
    return (message.findtext("source", ""), message.findtext("comment", ""),
            message.get("numerus", "no"))

mode, memory, paths = sys.argv[1], sys.argv[2], sys.argv[3:]
if mode == "remember":
    known = {}
    for path in paths:
        known[path] = {}
        for message in ET.parse(path).getroot().iter("message"):
            translation = message.find("translation")
            if translation is not None and translation.get("type") is None:
                known[path].setdefault(key(message), copy.deepcopy(translation))
    with open(memory, "wb") as f:
        pickle.dump(known, f)
    sys.exit(0)
with open(memory, "rb") as f:
    known = pickle.load(f)
for path in paths:
    tree = ET.parse(path)
    carried = 0
    for message in tree.getroot().iter("message"):
        translation = message.find("translation")
        if translation is None or translation.get("type") != "unfinished":
            continue
        remembered = known.get(path, {}).get(key(message))
        if remembered is None:
            continue
        message.remove(translation)
        message.append(copy.deepcopy(remembered))
        carried += 1
    if carried:
        tree.write(path, encoding="utf-8", xml_declaration=True)
        print(f"{path}: {carried} moved string(s) keep their translation")
PY
python3 -c "$carry" remember "$memory" "${catalogues[@]}"
cmake --build build --target update_translations
# Moved strings get their remembered translation; lupdate then writes the catalogues in its own
# form again.
if python3 -c "$carry" carry "$memory" "${catalogues[@]}" | grep .; then
    cmake --build build --target update_translations
fi

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
