#pragma once

// Where the operations database lives, parsed in one place for opsctl, opsconsole and the
// console's worker connections. A file path means SQLite (the embedded default);
// postgresql://user[:password]@host[:port][,host[:port]…]/db[?option=value&…] (or postgres://…)
// means a shared PostgreSQL server (team mode). Several hosts name a primary and its standbys
// (docs/team.md, failover): libpq tries them in order and keeps the first that takes writes, so
// target_session_attrs must then ask for a writable server (read-write, the default, or
// primary). The password comes from the URL, else rememberPassword(), else libpq's own
// PGPASSWORD or ~/.pgpass; it is never part of a message.

#include <QList>
#include <QString>
#include <QStringList>

namespace ops {

struct DbLocation
{
    enum class Backend
    {
        Sqlite,
        Postgres,
    };

    Backend backend = Backend::Sqlite;
    QString path;      // SQLite file
    QStringList hosts; // PostgreSQL from here on: one or more, tried in order
    QList<int> ports;  // one per host (5432 when the URL names none)
    QString database;
    QString user;           // empty: libpq's default (PGUSER, else the OS user)
    QString password;       // empty: libpq's default (PGPASSWORD, ~/.pgpass)
    QString connectOptions; // "key=value;…" for QPSQL, from the URL's query

    // Throws StoreError naming what is wrong (never echoing a password). A URL without a
    // password gets the one rememberPassword() keeps for it, if any.
    static DbLocation parse(const QString &location);
    // Keeps `password` for the URL `location` in this process only (the team database's saved
    // password, Tools → Connections), so the location string that is passed around, logged and
    // shown never carries it. An empty password forgets it.
    static void rememberPassword(const QString &location, const QString &password);
    static bool isPostgresUrl(const QString &location);
    // For messages: the file path, or postgresql://user@host:port[,…]/db without the password.
    QString display() const;
    // The embedded default when neither --db nor OPS_DB names one:
    // <user data folder>/opsconsole/operations.sqlite
    static QString defaultLocation();
};

} // namespace ops
