#pragma once

// Opening the operations database and bringing its schema up to date. SQLite is the embedded
// default: WAL, synchronous=FULL (a committed row survives power loss), foreign keys, and a busy
// timeout so concurrent agents and consoles wait for each other instead of failing.

#include "domain/result.h"
#include "domain/storeerror.h"
#include "storage/db/sqlconnection.h"

#include <QString>
#include <optional>

namespace ops {

class Database
{
public:
    // `location` is a file path (SQLite). Creates the file and its folder when missing.
    // Throws StoreError with a message fit for an operator when it cannot be opened.
    static Connection open(const QString &location, const QString &connectionName,
                           CommitDurability durability = CommitDurability::EachCommit);
    // True for a SQLite connection opened with CommitDurability::SharedSync.
    static bool sharesSync(const QSqlDatabase &db);
    // Applies every migration newer than the stored version, each in its own transaction.
    static void migrate(QSqlDatabase &db);
    // Applies the migrations up to `target` only (1..latestVersion()): an upgrade test builds a
    // database as an older release left it. A schema already past `target` is left as it is.
    static void migrate(QSqlDatabase &db, int target);
    static int schemaVersion(QSqlDatabase &db);
    static int latestVersion();
    // A connection name no other connection of this process has (`prefix`-N): Qt keys
    // connections by name process-wide, so two sessions (a window and a job, two test consoles)
    // must never share one.
    static QString uniqueName(const QString &prefix);
    // Ends `db` for good: its kept statements are dropped (statementcache.h), it is closed, this
    // handle is let go and its name removed. No other handle to it may be left.
    static void drop(QSqlDatabase &db);
    // PostgreSQL: when `db` no longer answers (its server went away, or a failover moved the
    // primary elsewhere), opens it again with the same settings, so every handle to it (each
    // store's) carries on with the new server session: libpq tries the URL's hosts again and,
    // with target_session_attrs=read-write, keeps the writable one. Failed tries back off
    // (0.25 s doubling to 8 s, counted from the end of the failed try): a call inside the wait
    // does not try, unless `paced` is false (a caller with its own retry timer, PgListener).
    // Whatever the dead session held is gone: an open transaction, its locks, prepared
    // statements. Succeeds when the connection answers (again), else fails with why not.
    // SQLite: succeeds, nothing done.
    static Result<void> reopenIfLost(QSqlDatabase &db, bool paced = true);
};

// Splits a migration script into statements; CREATE TRIGGER … END; and a PostgreSQL function
// body in dollar quotes (tagged ones too, nested) stay whole. `--` comments go, to the line end.
QStringList splitSqlScript(const QString &script);

} // namespace ops
