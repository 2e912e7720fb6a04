#include "storage/db/pgconnection.h"

#include "storage/db/database.h"
#include "storage/db/sqldialect.h"
#include "storage/db/statementcache.h"
#include "storage/db/storagelogging.h"

#include <QSqlError>
#include <QSqlQuery>

using namespace Qt::StringLiterals;

namespace ops {

namespace {

// Runs the statements as one writer transaction; returns the first error, empty on success.
QString runSetup(QSqlDatabase &db, const QStringList &statements)
{
    QStringList all = beginWriteStatements(SqlDialect::Postgres);
    all << statements << u"COMMIT"_s;
    for (const QString &sql : all) {
        QSqlQuery q(db);
        if (q.exec(sql))
            continue;
        const QString error = q.lastError().text();
        q = QSqlQuery();
        QSqlQuery(db).exec(u"ROLLBACK"_s);
        return error;
    }
    return {};
}

} // namespace

QSqlDatabase openPostgres(const DbLocation &location, const QString &connectionName)
{
    if (!QSqlDatabase::isDriverAvailable(u"QPSQL"_s))
        throw StoreError(u"this build has no PostgreSQL driver (install libqt6sql6-psql)"_s);
    QSqlDatabase db = QSqlDatabase::addDatabase(u"QPSQL"_s, connectionName);
    // QPSQL writes "host=… port=…" and then the connect options, and libpq keeps the last value
    // of a keyword: the port list goes with the options, the host list as the host name.
    db.setHostName(location.hosts.join(u','));
    db.setDatabaseName(location.database);
    if (!location.user.isEmpty())
        db.setUserName(location.user);
    if (!location.password.isEmpty())
        db.setPassword(location.password);
    QStringList ports;
    for (const int port : location.ports)
        ports << QString::number(port);
    db.setConnectOptions(u"port="_s + ports.join(u',') + u';' + location.connectOptions);
    if (!db.open()) {
        // libpq's message names host, port and cause; it never contains the password.
        const QString cause = db.lastError().databaseText().trimmed();
        Database::drop(db);
        throw StoreError(u"cannot connect to PostgreSQL at %1: %2"_s.arg(
            location.display(), cause.isEmpty() ? u"server unreachable"_s : cause));
    }
    // Only a fresh database needs the table; an application role without CREATE rights on the
    // schema must still be able to open a migrated one. A standby answers reads only: every
    // write would fail later with a message about a read-only transaction, so it is refused
    // here, saying what to point the URL at.
    QSqlQuery exists(db);
    const bool read = exists.exec(u"SELECT to_regclass('schema_version') IS NULL, "
                                  "pg_is_in_recovery()"_s) &&
                      exists.next();
    const bool fresh = !read || exists.value(0).toBool();
    const bool standby = read && exists.value(1).toBool();
    exists = QSqlQuery();
    if (standby) {
        Database::drop(db);
        throw StoreError(u"PostgreSQL at %1 is a standby and takes no writes: name the primary, "
                         "or list primary and standby with target_session_attrs=read-write"_s.arg(
                             location.display()));
    }
    const QString error =
        fresh ? runSetup(db, {u"CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT "
                              "NULL PRIMARY KEY, applied_at BIGINT NOT NULL)"_s})
              : QString();
    if (!error.isEmpty()) {
        Database::drop(db);
        throw StoreError(
            u"PostgreSQL database %1 is not usable: %2"_s.arg(location.display(), error));
    }
    qCInfo(lcStore) << "connected to" << location.display();
    return db;
}

} // namespace ops
