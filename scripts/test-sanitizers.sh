#!/usr/bin/env bash
# The engine, storage, opsctl, MCP and simulator suites under AddressSanitizer +
# UndefinedBehaviorSanitizer (gcc by default; CXX=clang++ works too). Configures build-asan/
# (preset "asan"), builds the target ops_sanitized_tests and runs the suites labelled
# "sanitized" (tests/CMakeLists.txt says which, and why the widget and _pg suites are not).
#
#   scripts/test-sanitizers.sh [ctest args…]       e.g. -R refund
#
# Leak detection is off (detect_leaks=0): Qt's global statics (plugin loader, QNetwork caches)
# are reported as leaks at exit by LeakSanitizer and would drown real findings. Every other
# ASan error and every UBSan finding aborts the test (halt_on_error) and fails ctest.
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
build="${OPS_ASAN_BUILD:-$root/build-asan}"
cd "$root"
start=$(date +%s)
cmake --preset asan -B "$build" >/dev/null
rm -f "$build/ccache-stats.log"
cmake --build "$build" -j "${OPS_ASAN_JOBS:-2}" --target ops_sanitized_tests
built=$(date +%s)
scripts/ci-times.sh stage "sanitizer build" "$start"
scripts/ci-times.sh cache "$build"
export QT_QPA_PLATFORM=offscreen
export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=0:abort_on_error=1}"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}"
status=0
ctest --test-dir "$build" --output-on-failure -j 2 --timeout 900 -L sanitized "$@" || status=$?
end=$(date +%s)
scripts/ci-times.sh stage "sanitizer tests" "$built"
scripts/ci-times.sh suites "$build" 5
echo "sanitizer suite: build $((built - start)) s, tests $((end - built)) s, total $((end - start)) s"
exit "$status"
