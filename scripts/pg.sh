#!/usr/bin/env bash
# A throwaway PostgreSQL 15 for the tests: its own data folder and socket folder, 127.0.0.1 on a
# free port, fsync off (nothing here must survive). Authentication: trust for the `postgres`
# role (the tests' owner and admin), scram-sha-256 passwords for every other login, so a test
# that logs in as a person proves who it is (tests/pg/tst_identity).
#
#   scripts/pg.sh start [DIR]   initdb + start; prints the server URL (postgresql://…)
#   scripts/pg.sh url [DIR]     prints the URL of the running server
#   scripts/pg.sh stop [DIR]    stops the server and removes DIR
#
# DIR defaults to $OPS_PG_DIR, else /tmp/ops-pg-$UID. As root, initdb and postgres run as the
# `postgres` user (PostgreSQL refuses to run as root).
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

url() {
    [ -f "$dir/port" ] || { echo "pg.sh: no server in $dir" >&2; exit 1; }
    echo "postgresql://postgres@127.0.0.1:$(cat "$dir/port")/postgres"
}

start() {
    local bin port
    bin=$(find_bin)
    if [ -f "$dir/port" ] && as_owner "$bin/pg_ctl" -D "$dir/data" status >/dev/null 2>&1; then
        url
        return
    fi
    ours || { echo "pg.sh: $dir exists and was not made by pg.sh; refusing to touch it" >&2; exit 1; }
    rm -rf "$dir"
    mkdir -p "$dir/socket"
    touch "$dir/.ops-pg"
    [ "$(id -u)" -eq 0 ] && chown -R postgres: "$dir"
    as_owner "$bin/initdb" -D "$dir/data" -U postgres -A trust -E UTF8 --locale=C.UTF-8 \
        >"$dir/initdb.log" 2>&1 || { cat "$dir/initdb.log" >&2; exit 1; }
    cat >"$dir/data/pg_hba.conf" <<'HBA'
local all postgres trust
host  all postgres 127.0.0.1/32 trust
local all all scram-sha-256
host  all all 127.0.0.1/32 scram-sha-256
HBA
    for _ in 1 2 3 4 5; do
        port=$(free_port)
        if as_owner "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 30 \
            -o "-c listen_addresses=127.0.0.1 -p $port -k $dir/socket -c fsync=off \
                -c synchronous_commit=off -c full_page_writes=off -c max_connections=200" \
            start >/dev/null 2>&1; then
            echo "$port" >"$dir/port"
            url
            return
        fi
    done
    echo "pg.sh: the server did not start; see $dir/server.log" >&2
    tail -n 20 "$dir/server.log" >&2 || true
    exit 1
}

stop() {
    local bin
    bin=$(find_bin)
    if [ -d "$dir/data" ]; then
        as_owner "$bin/pg_ctl" -D "$dir/data" -m immediate -w stop >/dev/null 2>&1 || true
    fi
    if ours; then rm -rf "$dir"; fi
}

case "$cmd" in
start) start ;;
stop) stop ;;
url) url ;;
*)
    echo "usage: scripts/pg.sh start|stop|url [DIR]" >&2
    exit 2
    ;;
esac
