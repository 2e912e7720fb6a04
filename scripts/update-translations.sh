#!/usr/bin/env bash
# Re-reads every translatable string of the console into resources/translations/
# opsconsole_{en,ru,uk}.ts. The sources are the ones the build collects from the console's
# targets (top-level CMakeLists.txt: ops_ui, ops_console, ops_itemmodels), so a new file is read
# as soon as it is in a target. Run after adding or changing tr() strings, then translate the
# new entries (Qt Linguist, or by hand: type="unfinished" marks them). Existing translations are
# kept; strings no longer in the sources are dropped.
set -euo pipefail
cd "$(dirname "$0")/.."
[ -f build/build.ninja ] || cmake --preset default >/dev/null
cmake --build build --target update_translations
