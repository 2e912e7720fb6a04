#!/usr/bin/env bash
# Opens the operator console on its own demo: `opsconsole --demo` starts provider-sim, builds a
# demo database in a temporary folder from real refunds and credit movements with faults
# injected (the story lives in app/core/demo/demostory.cpp, also `opsctl demo story`), and stops the
# simulator when the console closes. With no display it writes a screenshot instead and prints
# its path. Needs a build (scripts/build.sh); BUILD_DIR overrides the build folder.
set -euo pipefail
cd "$(dirname "$0")/.."
bin="${BUILD_DIR:-build}/app"
# The build tree keeps provider-sim in its own folder; the package puts it next to opsconsole.
export PATH="$PWD/$bin/tools/providersim:$PATH"
me="${OPS_OPERATOR:-${USER:-operator}}"

if [ -z "${DISPLAY:-}${WAYLAND_DISPLAY:-}" ]; then
    data="${XDG_DATA_HOME:-$HOME/.local/share}/opsconsole"
    mkdir -p "$data"
    shot="$data/console-demo.png"
    echo "No display (DISPLAY and WAYLAND_DISPLAY are unset): rendering the console to a PNG."
    "$bin/console/opsconsole" --demo --operator "$me" --screenshot "$shot"
    echo "Open $shot to see it. On a desktop this script opens the console itself."
    exit 0
fi
echo "Opening the console on its demo (close it to stop provider-sim)."
exec "$bin/console/opsconsole" --demo --operator "$me"
