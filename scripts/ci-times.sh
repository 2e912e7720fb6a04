#!/usr/bin/env bash
# Where a CI run's time went (docs/tests.md "CI time"). Reads what the tools already write:
#
#   scripts/ci-times.sh cache TREE          the compiler cache's hits for TREE's last build
#                                           (TREE/ccache-stats.log, cmake/ccache.cmake)
#   scripts/ci-times.sh compiles TREE [N]   the N slowest steps of TREE/.ninja_log (default 10)
#   scripts/ci-times.sh suites TREE [N]     the N slowest suites of TREE's last ctest run
#   scripts/ci-times.sh stage NAME START    one stage line: NAME and the seconds since START
#   scripts/ci-times.sh table               the stage lines printed so far ($OPS_CI_STAGES)
#   scripts/ci-times.sh disk [TREE…]        the space free here and each TREE's size; a warning
#                                           under $OPS_MIN_FREE_GB (default 20) GB free
#
# Nothing here fails a run: a missing log prints a line saying so, and a report always exits 0
# (no pipefail: `head` closing a pipe early is not a failure).
set -u

cache() {
    local log="$1/ccache-stats.log"
    if [ ! -s "$log" ]; then
        echo "ccache: no compile went through the cache in $1 (not installed, OPS_CCACHE=OFF, or nothing to compile)"
        return
    fi
    # The stats log holds one record per compile: "# SOURCE", then its counters, one a line
    # (direct_cache_hit or preprocessed_cache_hit for a hit, cache_miss for a compile, other
    # names when ccache could not cache it at all, e.g. a link or a configure check).
    awk -v tree="$1" '
        function close_record() {
            if (!open) return
            if (hit) hits++; else if (miss) misses++; else other++
            open = hit = miss = 0
        }
        /^# / { close_record(); open = 1; next }
        $0 == "direct_cache_hit" || $0 == "preprocessed_cache_hit" { hit = 1 }
        $0 == "cache_miss" { miss = 1 }
        END {
            close_record()
            total = hits + misses
            rate = total ? 100 * hits / total : 0
            printf "ccache: %s: %d of %d compiles from the cache (%.1f %%), %d compiled, %d not cacheable\n",
                   tree, hits, total, rate, misses, other
        }' "$log"
}

compiles() {
    local log="$1/.ninja_log" n="${2:-10}"
    [ -f "$log" ] || { echo "ci-times: no $log"; return; }
    # .ninja_log v5: start ms, end ms, mtime, output, hash, a line per output; a step with several
    # outputs (an autogen step) has one line for each, with the same times, and a step rebuilt
    # later appears again: the last run of each output counts, once per step.
    awk -F'\t' '!/^#/ { last[$4] = $1 "\t" $2 }
                 END { for (o in last) if (!(last[o] in seen)) {
                           seen[last[o]] = 1; split(last[o], t, "\t")
                           printf "%d\t%s\n", t[2] - t[1], o } }' "$log" |
        sort -rn | head -n "$n" |
        awk -F'\t' -v tree="$1" 'NR == 1 { print "slowest steps of " tree "/.ninja_log:" }
                                 { printf "  %7.1f s  %s\n", $1 / 1000, $2 }'
}

suites() {
    local log="$1/Testing/Temporary/LastTest.log" n="${2:-10}"
    [ -f "$log" ] || { echo "ci-times: no $log"; return; }
    # LastTest.log names each test ("N/M Test: name") and ends it with "Test time = S sec".
    awk '/^[0-9]+\/[0-9]+ Test: / { name = $3 }
         /Test time = / { for (i = 1; i <= NF; i++) if ($i == "=") print $(i + 1) "\t" name }' \
        "$log" | sort -rn | head -n "$n" |
        awk -F'\t' -v tree="$1" 'NR == 1 { print "slowest suites of " tree "'"'"'s last ctest:" }
                                 { printf "  %7.1f s  %s\n", $1, $2 }'
}

stage() {
    local line
    [[ "${2:-}" =~ ^[0-9]+$ ]] || { echo "ci-times: stage NAME START: START is date +%s"; return 2; }
    line=$(printf '%-26s %6d s' "$1" "$(($(date +%s) - $2))")
    echo "ci-stage: $line"
    if [ -n "${OPS_CI_STAGES:-}" ]; then echo "$line" >>"$OPS_CI_STAGES"; fi
}

table() {
    [ -s "${OPS_CI_STAGES:-}" ] || { echo "ci-times: no stages recorded"; return; }
    echo "stage                           time"
    cat "$OPS_CI_STAGES"
}

# A build tree is about 5 GB (docs/tests.md "Disk"); a disk that fills while lld writes an
# executable kills it with SIGBUS ("ld terminated with signal 7"), which reads like a linker bug.
disk() {
    local free_gb min_gb="${OPS_MIN_FREE_GB:-20}" sizes=""
    free_gb=$(df -Pk . | awk 'NR == 2 { print int($4 / 1048576) }')
    for tree in "$@"; do
        [ -d "$tree" ] && sizes="$sizes, $tree $(du -sh "$tree" 2>/dev/null | cut -f1)"
    done
    echo "disk: ${free_gb} GB free$sizes"
    if [ "$free_gb" -lt "$min_gb" ]; then
        echo "disk: warning: under $min_gb GB free; a build tree takes about 5 GB and a link on a" \
             "full disk dies with a bus error (docs/tests.md \"Disk\")" >&2
    fi
}

cmd="${1:-}"
shift || true
case "$cmd" in
cache | compiles | suites | disk) "$cmd" "$@"; exit 0 ;;
stage) "$cmd" "$@" ;;
table) table ;;
*) sed -n '2,14p' "$0" >&2; exit 2 ;;
esac
