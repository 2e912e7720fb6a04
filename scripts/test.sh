#!/usr/bin/env bash
# One command for a newcomer and for CI: install what is missing, build, run every test.
# Extra arguments go to ctest (e.g. -R refund).
# The store, engine and model suites run twice, on SQLite and (as <name>_pg) on a throwaway
# PostgreSQL 15 that this script starts before ctest and stops on exit (scripts/pg.sh).
# A full run (no arguments) then builds, validates, installs, runs and removes the Debian
# package (scripts/test-package.sh; root or sudo), and ends with a short libFuzzer run of every
# fuzz target (scripts/fuzz.sh, OPS_FUZZ_SECONDS per target, default 5:
# a smoke run inside CI's hour; scripts/fuzz.sh 600 is the real search).
# Each stage prints its time ("ci-stage:"), and the slowest suites follow ctest
# (scripts/ci-times.sh; .ci/run prints the whole table at the end).
set -euo pipefail
cd "$(dirname "$0")/.."
t=$(date +%s)
scripts/deps.sh
scripts/ci-times.sh stage deps "$t"
scripts/ci-times.sh disk
t=$(date +%s)
scripts/node-deps.sh
scripts/ci-times.sh stage "node deps" "$t"
scripts/build.sh
pg_dir=$(cat build/pg-test-dir.txt)
trap 'scripts/pg.sh stop "$pg_dir"' EXIT
t=$(date +%s)
echo "test: PostgreSQL for the _pg suites at $(scripts/pg.sh start "$pg_dir")"
status=0
QT_QPA_PLATFORM=offscreen ctest --preset default "$@" || status=$?
scripts/ci-times.sh stage ctest "$t"
scripts/ci-times.sh suites build 10
[ "$status" -eq 0 ] || exit "$status"
if [ $# -eq 0 ]; then
    t=$(date +%s)
    scripts/test-package.sh
    scripts/ci-times.sh stage package "$t"
    scripts/fuzz.sh "${OPS_FUZZ_SECONDS:-5}"
fi
