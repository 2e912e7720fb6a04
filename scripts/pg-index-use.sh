#!/usr/bin/env bash
# Which query uses which index, at 1,000,000 operations on PostgreSQL (issue 52 step 2): the
# inventory an index cut starts from. A benchmark, not a test: it prints figures and judges
# nothing, and runs on its own throwaway server (never the test fixture's).
#
#   scripts/pg-index-use.sh [ROWS]        (default 1000000; needs build/ and tests/node installed)
#
# 1. Starts a server with auto_explain loadable, creates a database and fills it with ROWS
#    synthetic operations (bench_operationlist --keep, which also measures the lists once).
# 2. From then on every new connection of that database logs the plan of each statement it runs
#    (auto_explain, log_min_duration 0, nested statements too), and the statistics are reset.
# 3. Runs the named workloads: the console's list, paging, sort, search and count queries
#    (bench_operationlist again), `opsctl list` and `show`, the engines' refunds through
#    `opsctl mcp` against provider-sim (mcp-bench), `opsctl sweep` and one reconciler pass
#    (`opsctl reconcile --once`, against a provider-sim of its own).
# 4. Prints, per index of `operations`: its columns, whether it is unique (a rule's guarantee, not
#    a speed-up), its size, how many scans the workloads made with it (pg_stat_user_indexes), and
#    every statement whose plan used it (from the main FROM on). The plans themselves are left in
#    /tmp/pg-index-use-plans.log.
set -euo pipefail
cd "$(dirname "$0")/.."
rows=${1:-1000000}
dir=$(mktemp -d /tmp/ops-pg-index-use.XXXXXX)
rmdir "$dir"
trap 'scripts/pg.sh stop "$dir" >/dev/null 2>&1 || true' EXIT
admin=$(scripts/pg.sh start "$dir")
db=${admin%/postgres}/inventory
psql "$admin" -Xqc 'CREATE DATABASE inventory'
# The fixture's log of owner writes (pg.sh) would log every generated row here.
psql "$admin" -Xqc "ALTER ROLE postgres SET log_statement = 'none'"

echo "== generating $rows operations (bench_operationlist --keep)"
build/tests/ui/bench_operationlist --rows "$rows" --keep "$db" --runs 1 | grep -v '^plan,'

# Plans of every statement of every later connection to this database go to the server log.
psql "$db" -Xq <<'SQL'
ALTER DATABASE inventory SET session_preload_libraries = 'auto_explain';
ALTER DATABASE inventory SET auto_explain.log_min_duration = 0;
ALTER DATABASE inventory SET auto_explain.log_nested_statements = on;
ANALYZE;
SELECT pg_stat_reset();
SQL
log="$dir/server.log"
mark=$(wc -l <"$log")

echo "== the console's lists (bench_operationlist, measured as it is)"
build/tests/ui/bench_operationlist --rows "$rows" --keep "$db" --runs 1 | grep -v '^plan,'
echo "== opsctl list (unknown rows, credits) and show (one row's detail)"
build/app/cli/opsctl --db "$db" list --state unknown --limit 50 | tail -n 1
build/app/cli/opsctl --db "$db" list --kind credit_topup --limit 50 | tail -n 1
one=$(build/app/cli/opsctl --db "$db" list --limit 1 --json | grep -o 'op_[0-9a-f]*' | head -n 1)
build/app/cli/opsctl --db "$db" show "$one" | head -n 1
echo "== the engines' refunds (opsctl mcp, 500 refunds, 16 in flight)"
OPSCTL=build/app/cli/opsctl PROVIDER_SIM=build/app/tools/providersim/provider-sim \
    OPS_MCP_TEST_DB="$db" node tests/node/mcp-bench.mjs --calls 500 --throughput-only \
    --in-flight 16 2>/dev/null | grep -E 'refunds/s|postgres'
echo "== opsctl sweep, then one reconciler pass against provider-sim"
build/app/cli/opsctl --db "$db" sweep
# Unseeded, the simulator refuses the key (401): every row is read and answered at once, and
# the pass's own queries (the candidates, each row's schedule) are what is measured here.
build/app/tools/providersim/provider-sim --listen 127.0.0.1:0 >"$dir/sim.out" 2>/dev/null &
sim=$!
for _ in $(seq 50); do grep -q 'listening on' "$dir/sim.out" && break; sleep 0.1; done
sim_url=$(grep -o 'http://[0-9.:]*' "$dir/sim.out" | head -n 1)
OPS_STRIPE_URL=$sim_url OPS_STRIPE_KEY=sk_test_demo build/app/cli/opsctl --db "$db" reconcile \
    --once --json | tail -c 300 || true
echo
kill "$sim"
sleep 1 # backends flush their counters when they end

echo "== indexes of operations: size, scans by the workloads, statements whose plan used them"
psql "$db" -XAtF $'\t' -c "SELECT i.indexrelname, pg_size_pretty(pg_relation_size(i.indexrelid)),
    i.idx_scan, CASE WHEN x.indisunique THEN 'unique' ELSE '' END,
    regexp_replace(pg_get_indexdef(i.indexrelid), '^.* USING btree ', '')
    FROM pg_stat_user_indexes i JOIN pg_index x ON x.indexrelid = i.indexrelid
    WHERE i.relname = 'operations' ORDER BY i.idx_scan DESC, i.indexrelname" >"$dir/scans.tsv"
# The plans stay for reading after the server is gone.
tail -n +"$((mark + 1))" "$log" >/tmp/pg-index-use-plans.log
python3 -c '
import re, sys
scans = [line.rstrip("\n").split("\t") for line in open(sys.argv[1])]
users = {row[0]: set() for row in scans}
query = None
for line in sys.stdin:
    m = re.search(r"Query Text: (.*)", line)
    if m:
        q = re.sub(r"^(EXPLAIN|PREPARE \w+ AS) ", "", m.group(1).strip())
        q = re.sub(r"\s+", " ", q)
        # The select list (the console list holds subqueries too) up to the main FROM.
        main = re.search(r" FROM (operations\b(?!\.)|\(SELECT)", q)
        query = ("SELECT … FROM " + q[main.end(0) - len(main.group(1)):] if q.startswith("SELECT") and main else q)[:150]
        continue
    for name in re.findall(r"(?:Index(?: Only)? Scan(?: Backward)? using|Bitmap Index Scan on) (\w+)", line):
        if name in users and query:
            users[name].add(query)
for name, size, n, unique, definition in scans:
    print(f"{name}  {definition}  {unique}  {size}  {n} scans")
    for q in sorted(users[name])[:5]:
        print(f"    {q}")
'  "$dir/scans.tsv" </tmp/pg-index-use-plans.log

