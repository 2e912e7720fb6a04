#!/usr/bin/env bash
# One command for a newcomer: install what is missing, build, and open the operator console on a
# demo database made by real refunds and credit movements against the bundled provider
# simulator (SQLite file, faults injected). Without a display it writes a screenshot and prints
# its path. `scripts/demo.sh` shows the same story from the agent's side, in the terminal.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/deps.sh
scripts/build.sh
scripts/console-demo.sh
