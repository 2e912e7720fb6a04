#!/usr/bin/env bash
# One command for a newcomer and for CI: install what is missing, build, run every test.
# Extra arguments go to ctest (e.g. -R refund).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/deps.sh
scripts/node-deps.sh
scripts/build.sh
QT_QPA_PLATFORM=offscreen ctest --preset default "$@"
