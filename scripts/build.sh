#!/usr/bin/env bash
# Configures and builds with the default preset (build/), two jobs, through the compiler cache
# when ccache is installed (cmake/ccache.cmake); it says how many compiles the cache served.
set -euo pipefail
cd "$(dirname "$0")/.."
t=$(date +%s)
cmake --preset default >/dev/null
scripts/ci-times.sh stage configure "$t"
t=$(date +%s)
rm -f build/ccache-stats.log
cmake --build --preset default
scripts/ci-times.sh stage build "$t"
scripts/ci-times.sh cache build
