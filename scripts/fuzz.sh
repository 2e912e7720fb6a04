#!/usr/bin/env bash
# Builds the libFuzzer targets of tests/fuzz with clang (-fsanitize=fuzzer,address,undefined)
# in a separate build folder and runs each for a short time on a copy of its seed corpus.
# Fails (non-zero) when any target crashes, leaks, trips a sanitizer or breaks a property.
#
#   scripts/fuzz.sh [SECONDS_PER_TARGET]       default 20; build folder $OPS_FUZZ_BUILD (default build-fuzz/ in the clone)
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
seconds="${1:-20}"
build="${OPS_FUZZ_BUILD:-$root/build-fuzz}"
targets=(fuzz_stripe_refund fuzz_stripe_charge fuzz_stripe_refund_list fuzz_stripe_error
         fuzz_form_roundtrip fuzz_evidence_json fuzz_slen_objects fuzz_mcp_jsonrpc
         fuzz_webhook_event fuzz_http_response fuzz_adyen_notification)

started=$(date +%s)
cmake -S "$root/tests/fuzz" -B "$build" -G Ninja -DCMAKE_CXX_COMPILER=clang++ \
      -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
rm -f "$build/ccache-stats.log"
cmake --build "$build" -j "${OPS_FUZZ_JOBS:-2}"
"$root/scripts/ci-times.sh" stage "fuzz build" "$started"
"$root/scripts/ci-times.sh" cache "$build"
started=$(date +%s)

failed=0
for t in "${targets[@]}"; do
    work="$build/run/$t"
    rm -rf "$work" && mkdir -p "$work/corpus" "$work/artifacts"
    cp "$root/tests/fuzz/corpus/$t/"* "$work/corpus/"
    echo "== $t (${seconds}s)"
    if ! ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=1}" UBSAN_OPTIONS=print_stacktrace=1 \
        "$build/$t" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
        -artifact_prefix="$work/artifacts/" -print_final_stats=1 "$work/corpus" \
        >"$work/log.txt" 2>&1; then
        echo "FAILED: $t — see $work/log.txt and $work/artifacts/"
        tail -n 30 "$work/log.txt"
        failed=1
        continue
    fi
    grep -E "^stat::number_of_executed_units|^stat::new_units_added" "$work/log.txt" | tr '\n' ' '
    echo
done
"$root/scripts/ci-times.sh" stage "fuzz run" "$started"
exit "$failed"
