#!/usr/bin/env bash
# chaos_late_truth_pg: runs the opschaos command given after DIR with --db set to a fresh
# database on the throwaway PostgreSQL of the pg_server fixture, so the agents, opsctl serve and
# the final reconciler pass all work one PostgreSQL database.
#   tests/pg/chaos_pg.sh PG_SH PG_DIR OPSCHAOS [ARGS…]
set -euo pipefail
pgsh=$1
dir=$2
shift 2
url=$("$pgsh" url "$dir")
db=chaos_late_truth
psql "$url" -q -c "DROP DATABASE IF EXISTS $db" -c "CREATE DATABASE $db" >/dev/null 2>&1
exec "$@" --db "${url%/postgres}/$db"
