#pragma once

// Opening the operations database and bringing its schema up to date. SQLite is the embedded
// default: WAL, synchronous=FULL (a committed row survives power loss), foreign keys, and a busy
// timeout so concurrent agents and consoles wait for each other instead of failing.

#include "storeerror.h"

#include <QSqlDatabase>
#include <QString>

namespace ops {

class Database
{
public:
    // `location` is a file path (SQLite). Creates the file and its folder when missing.
    // Throws StoreError with a message fit for an operator when it cannot be opened.
    static QSqlDatabase open(const QString &location, const QString &connectionName);
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
