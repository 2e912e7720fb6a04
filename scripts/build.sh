#!/usr/bin/env bash
# Configures and builds with the default preset (build/), two jobs.
set -euo pipefail
cd "$(dirname "$0")/.."
cmake --preset default >/dev/null
cmake --build --preset default
