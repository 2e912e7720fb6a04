#!/usr/bin/env bash
# One command for a newcomer: install what is missing, build, run the product's main job on the
# embedded default (SQLite + bundled provider simulator).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/deps.sh
scripts/build.sh
scripts/demo.sh
