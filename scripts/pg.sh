#!/usr/bin/env bash
# A throwaway PostgreSQL 15 for the tests: its own data folder and socket folder, 127.0.0.1 on a
# free port, fsync off (nothing here must survive a power cut; a killed server loses nothing the
# OS already holds). Authentication: trust for the `postgres` role (the tests' owner and admin),
# scram-sha-256 passwords for every other login, so a test that logs in as a person proves who it
# is (tests/pg/tst_identity).
#
#   scripts/pg.sh start [DIR]             initdb + start; prints the server URL (postgresql://…)
#   scripts/pg.sh start-pair DIR sync|async
#                                         a primary and a streaming standby made from it with
#                                         pg_basebackup -R and a replication slot; sync names it in
#                                         synchronous_standby_names. Prints the two-host URL
#                                         (target_session_attrs=read-write)
#   scripts/pg.sh promote DIR             the failover: stops the pair's primary at once
#                                         (-m immediate, as a crash) and promotes the standby
#                                         (started first when it was down)
#   scripts/pg.sh standby-down DIR        stops the pair's standby as a crash (promote starts it)
#   scripts/pg.sh url [DIR]               prints the URL of the running server (or pair)
#   scripts/pg.sh stop [DIR]              stops the server (or both of a pair) and removes DIR
#
# OPS_PG_EXTRA: more server options for a bench's own server, e.g. "-c shared_preload_libraries=
# pg_stat_statements -c pg_stat_statements.track_planning=on" (mcp-bench.mjs --pg-profile).
#
# DIR defaults to $OPS_PG_DIR, else /tmp/ops-pg-$UID. As root, initdb and postgres run as the
# `postgres` user (PostgreSQL refuses to run as root). A pair keeps each server in DIR/primary
# and DIR/standby, laid out as a single server's DIR.
set -euo pipefail

cmd=${1:-}
dir=${2:-${OPS_PG_DIR:-/tmp/ops-pg-$(id -u)}}

find_bin() {
    for d in /usr/lib/postgresql/15/bin /usr/lib/postgresql/*/bin; do
        [ -x "$d/initdb" ] && { echo "$d"; return; }
    done
    command -v initdb >/dev/null 2>&1 && { dirname "$(command -v initdb)"; return; }
    echo "pg.sh: no PostgreSQL server binaries found (install the postgresql package)" >&2
    exit 1
}

as_owner() {
    if [ "$(id -u)" -eq 0 ]; then
        runuser -u postgres -- "$@"
    else
        "$@"
    fi
}

free_port() {
    python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])' 2>/dev/null ||
        echo $((20000 + RANDOM % 20000))
}

# Only ever delete a folder this script made (or an empty one).
ours() {
    [ ! -e "$dir" ] || [ -f "$dir/.ops-pg" ] || [ -z "$(ls -A "$dir" 2>/dev/null)" ]
}

fresh_dir() {
    ours || { echo "pg.sh: $dir exists and was not made by pg.sh; refusing to touch it" >&2; exit 1; }
    rm -rf "$dir"
    mkdir -p "$dir"
    touch "$dir/.ops-pg"
}

url() {
    if [ -f "$dir/primary/port" ]; then
        echo "postgresql://postgres@127.0.0.1:$(cat "$dir/primary/port"),127.0.0.1:$(cat "$dir/standby/port")/postgres?target_session_attrs=read-write"
        return
    fi
    [ -f "$dir/port" ] || { echo "pg.sh: no server in $dir" >&2; exit 1; }
    echo "postgresql://postgres@127.0.0.1:$(cat "$dir/port")/postgres"
}

# run_node NODE_DIR SYNCHRONOUS_COMMIT: starts the server whose data is in NODE_DIR/data on a
# free port, written to NODE_DIR/port.
run_node() {
    local node=$1 commit=$2 bin port
    bin=$(find_bin)
    mkdir -p "$node/socket"
    [ "$(id -u)" -eq 0 ] && chown -R postgres: "$node"
    for _ in 1 2 3 4 5; do
        # A node started again keeps its port, so the URLs handed out stay right.
        if [ -f "$node/port" ]; then port=$(cat "$node/port"); else port=$(free_port); fi
        if as_owner "$bin/pg_ctl" -D "$node/data" -l "$node/server.log" -w -t 60 \
            -o "-c listen_addresses=127.0.0.1 -p $port -k $node/socket -c fsync=off \
                -c synchronous_commit=$commit -c full_page_writes=off -c max_connections=200 \
                ${OPS_PG_EXTRA:-}" \
            start >/dev/null 2>&1; then
            echo "$port" >"$node/port"
            return
        fi
    done
    echo "pg.sh: the server did not start; see $node/server.log" >&2
    tail -n 20 "$node/server.log" >&2 || true
    exit 1
}

init_node() {
    local node=$1 bin
    bin=$(find_bin)
    mkdir -p "$node"
    [ "$(id -u)" -eq 0 ] && chown -R postgres: "$dir"
    as_owner "$bin/initdb" -D "$node/data" -U postgres -A trust -E UTF8 --locale=C.UTF-8 \
        >"$node/initdb.log" 2>&1 || { cat "$node/initdb.log" >&2; exit 1; }
    cat >"$node/data/pg_hba.conf" <<'HBA'
local all postgres trust
host  all postgres 127.0.0.1/32 trust
local replication postgres trust
host  replication postgres 127.0.0.1/32 trust
local all all scram-sha-256
host  all all 127.0.0.1/32 scram-sha-256
HBA
}

running() {
    [ -f "$1/port" ] && as_owner "$(find_bin)/pg_ctl" -D "$1/data" status >/dev/null 2>&1
}

start() {
    if running "$dir"; then
        url
        return
    fi
    stop_servers
    fresh_dir
    init_node "$dir"
    log_owner_writes "$dir"
    run_node "$dir" off
    psql_at "$dir" "ALTER ROLE postgres SET log_statement = 'mod'"
    url
}

# The fixture server logs every write and DDL statement of the owner (`postgres`; other logins'
# are not logged) with who, which database and which transaction, for tests/pg/owner_writers.sh:
# a suite that writes as the owner outside its stated list fails there (issue 50).
log_owner_writes() {
    echo "log_line_prefix = '%m [%p] who=%u db=%d vx=%v: '" >>"$1/data/postgresql.conf"
}

psql_at() {
    as_owner "$(find_bin)/psql" -X -q -At -h "$1/socket" -p "$(cat "$1/port")" -U postgres -d postgres -c "$2"
}

start_pair() {
    local mode=$1 bin
    case "$mode" in sync | async) ;; *)
        echo "usage: scripts/pg.sh start-pair DIR sync|async" >&2
        exit 2
        ;;
    esac
    bin=$(find_bin)
    stop_servers
    fresh_dir
    init_node "$dir/primary"
    run_node "$dir/primary" on
    mkdir -p "$dir/standby"
    [ "$(id -u)" -eq 0 ] && chown -R postgres: "$dir"
    as_owner "$bin/pg_basebackup" -h 127.0.0.1 -p "$(cat "$dir/primary/port")" -U postgres \
        -D "$dir/standby/data" -R -X stream -C -S ops_standby -c fast \
        >"$dir/standby/basebackup.log" 2>&1 ||
        { cat "$dir/standby/basebackup.log" >&2; exit 1; }
    run_node "$dir/standby" on
    if [ "$mode" = sync ]; then
        psql_at "$dir/primary" "ALTER SYSTEM SET synchronous_standby_names = '*'" >/dev/null
        psql_at "$dir/primary" "SELECT pg_reload_conf()" >/dev/null
    fi
    # Ready when the standby streams (and, for sync, is the synchronous one).
    local want=async
    [ "$mode" = sync ] && want=sync
    for _ in $(seq 1 100); do
        if [ "$(psql_at "$dir/primary" "SELECT count(*) FROM pg_stat_replication WHERE state = 'streaming' AND sync_state = '$want'")" = 1 ]; then
            echo "$mode" >"$dir/mode"
            url
            return
        fi
        sleep 0.1
    done
    echo "pg.sh: the standby did not start streaming; see $dir/standby/server.log" >&2
    exit 1
}

promote() {
    local bin
    bin=$(find_bin)
    [ -f "$dir/standby/port" ] || { echo "pg.sh: no standby in $dir" >&2; exit 1; }
    as_owner "$bin/pg_ctl" -D "$dir/primary/data" -m immediate -w stop >/dev/null 2>&1 || true
    # A standby that was down comes up only now, so it cannot fetch from the dead primary what it
    # missed: the failover a test of a lost commit needs.
    running "$dir/standby" || run_node "$dir/standby" on
    as_owner "$bin/pg_ctl" -D "$dir/standby/data" -w -t 60 promote >/dev/null
    echo "promoted 127.0.0.1:$(cat "$dir/standby/port")"
}

# The standby stops as a crash, so a test can hold a synchronous commit waiting for it.
standby_down() {
    [ -f "$dir/standby/port" ] || { echo "pg.sh: no standby in $dir" >&2; exit 1; }
    as_owner "$(find_bin)/pg_ctl" -D "$dir/standby/data" -m immediate -w stop >/dev/null 2>&1 || true
}

# Whatever server of DIR still runs (a single one, or either of a pair) stops before DIR goes.
stop_servers() {
    local bin node
    bin=$(find_bin)
    for node in "$dir" "$dir/primary" "$dir/standby"; do
        if [ -d "$node/data" ]; then
            as_owner "$bin/pg_ctl" -D "$node/data" -m immediate -w stop >/dev/null 2>&1 || true
        fi
    done
}

stop() {
    stop_servers
    if ours; then rm -rf "$dir"; fi
}

case "$cmd" in
start) start ;;
start-pair) start_pair "${3:-}" ;;
promote) promote ;;
standby-down) standby_down ;;
stop) stop ;;
url) url ;;
*)
    echo "usage: scripts/pg.sh start|start-pair|promote|standby-down|stop|url [DIR] [sync|async]" >&2
    exit 2
    ;;
esac
