#pragma once

// Opening the operations database and bringing its schema up to date. SQLite is the embedded
// default: WAL, synchronous=FULL (a committed row survives power loss), foreign keys, and a busy
// timeout so concurrent agents and consoles wait for each other instead of failing.

#include "domain/storeerror.h"

#include <QSqlDatabase>
#include <QString>

namespace ops {

// How a commit on a SQLite connection becomes durable; either way WriteTransaction::commit()
// returns only once the commit is durable (rule 1). PostgreSQL ignores it: its commits are
// durable when COMMIT returns, and the server already shares WAL flushes between sessions.
enum class CommitDurability
{
    // synchronous=FULL: COMMIT syncs the WAL itself, holding the write lock during the sync.
    EachCommit,
    // For one process with many writer threads (opsctl mcp): synchronous=NORMAL, and
    // WriteTransaction syncs the WAL after COMMIT, shared with the process's other connections
    // to the file (writegate.h). The write lock is free during the sync and concurrent commits
    // share one. Every write on such a connection must go through WriteTransaction.
    SharedSync,
};

class Database
{
public:
    // `location` is a file path (SQLite). Creates the file and its folder when missing.
    // Throws StoreError with a message fit for an operator when it cannot be opened.
    static QSqlDatabase open(const QString &location, const QString &connectionName,
                             CommitDurability durability = CommitDurability::EachCommit);
    // True for a SQLite connection opened with CommitDurability::SharedSync.
    static bool sharesSync(const QSqlDatabase &db);
    // Applies every migration newer than the stored version, each in its own transaction.
    static void migrate(QSqlDatabase &db);
    static int schemaVersion(QSqlDatabase &db);
    static int latestVersion();
    // The default location: <user data folder>/operations.sqlite
    static QString defaultLocation();
};

// Splits a migration script into statements; CREATE TRIGGER … END; stays whole.
QStringList splitSqlScript(const QString &script);

} // namespace ops
