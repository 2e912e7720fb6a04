#!/usr/bin/env bash
# chaos_failover_pg: a primary with a synchronous standby of its own (scripts/pg.sh start-pair),
# then the opschaos command given after PG_SH with --db the pair's two-host URL and --failover
# promoting the standby mid-run. The pair is removed on exit.
#   tests/pg/failover_pg.sh PG_SH OPSCHAOS [ARGS…]
set -euo pipefail
pgsh=$1
shift
dir=$(mktemp -d /tmp/ops-chaos-failover-XXXXXX)
rmdir "$dir"
trap '"$pgsh" stop "$dir"' EXIT
url=$("$pgsh" start-pair "$dir" sync)
"$@" --db "$url" --failover "$(printf '%q promote %q' "$pgsh" "$dir")"
