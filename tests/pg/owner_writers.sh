#!/usr/bin/env bash
# pg_owner_writers (issue 50): fails when a suite wrote to its test database as the owner
# (`postgres`) and is not on the allow-list. Reads the fixture server's log, where scripts/pg.sh
# has the owner's write and DDL statements logged with who, the database and the transaction.
#   tests/pg/owner_writers.sh SERVER_LOG ALLOW_LIST
#
# - A database belongs to the suite its name carries: ops_t_<suite>_<pid>_<n>
#   (tests/support/testdatabase.h); any other database (chaos_late_truth) is its own name.
#   The maintenance databases (postgres, template0/1) are left out: logins are made there.
# - Migrations are allowed everywhere: a transaction that touches schema_version is one
#   (Database::migrate records its step there in the same transaction).
# - ALLOW_LIST: one line per suite, "<suite> <reason>"; # starts a comment. A listed suite that
#   wrote nothing as the owner in this log is named as a note (it may be ready to leave the list).
# Limits: log_statement sees top-level statements only (Qt's PREPARE and EXECUTE of a write both
# count); a write done inside a function called by SELECT is not seen. Cost: one pass of awk
# over the log, which holds every migration statement too (seconds for a full run).
set -euo pipefail
log=$1
list=$2
[ -f "$log" ] || { echo "owner_writers: no server log at $log" >&2; exit 1; }
[ -f "$list" ] || { echo "owner_writers: no allow-list at $list" >&2; exit 1; }

awk -v listfile="$list" '
BEGIN {
    while ((getline line < listfile) > 0) {
        sub(/#.*/, "", line)
        if (split(line, f, " ") == 0) continue
        if (split(line, g, " ") < 2) { printf "owner_writers: %s has no reason\n", f[1]; bad = 1 }
        allowed[f[1]] = 1
    }
}
# An owner statement: "... [pid] who=postgres db=NAME vx=B/L: LOG:  statement: SQL"
# or "LOG:  execute NAME: SQL" (prepared statements).
/ who=postgres db=/ && / LOG:  (statement|execute [^:]*): / {
    match($0, / db=[^ ]* /); db = substr($0, RSTART + 4, RLENGTH - 5)
    if (db == "postgres" || db ~ /^template[01]$/ || db == "[unknown]") next
    match($0, /\[[0-9]+\] /); pid = substr($0, RSTART, RLENGTH)
    match($0, / vx=[^:]*: /); tx = pid substr($0, RSTART + 4, RLENGTH - 6)
    if ($0 ~ /schema_version/) migration[tx] = 1
    # Per transaction, not per line: a full run logs every migration step of every database.
    if (!(tx in dbOf)) {
        dbOf[tx] = db
        sql = $0; sub(/.* LOG:  (statement|execute [^:]*): /, "", sql); sqlOf[tx] = substr(sql, 1, 160)
    }
    count[tx]++
}
END {
    for (tx in count) {
        if (tx in migration) continue
        suite = dbOf[tx]
        if (suite ~ /^ops_t_.*_[0-9]+_[0-9]+$/) { sub(/^ops_t_/, "", suite); sub(/_[0-9]+_[0-9]+$/, "", suite) }
        writes[suite] += count[tx]
        if (!(suite in example)) example[suite] = sqlOf[tx]
    }
    for (s in writes) {
        if (s in allowed) { printf "listed:   %-28s %6d owner writes\n", s, writes[s]; continue }
        printf "UNLISTED: %-28s %6d owner writes, e.g. %s\n", s, writes[s], example[s]; bad = 1
    }
    for (s in allowed) if (!(s in writes)) printf "note:     %-28s listed, no owner writes in this log\n", s
    if (bad) print "owner_writers: a suite wrote as the owner outside tests/pg/owner_writers.txt: log in as the role that acts (tests/support/teamlogins.h), or list it with the reason"
    exit bad
}' "$log"
