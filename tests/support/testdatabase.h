#pragma once

// The backend the store, engine and model tests run on. Unset: SQLite, a fresh file per
// TestDatabase. OPS_TEST_BACKEND=postgresql: a fresh database per TestDatabase on the server
// named by OPS_TEST_PG_URL (scripts/pg.sh), dropped afterwards. A PostgreSQL run without a
// reachable server aborts the test program: the _pg variants fail, never skip.

#include "domain/dblocation.h"
#include "storage/db/database.h"

#include <QCoreApplication>
#include <QFile>
#include <QSqlError>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QUrl>

namespace ops::test {

inline bool onPostgres()
{
    return qEnvironmentVariable("OPS_TEST_BACKEND") == QStringLiteral("postgresql");
}

class TestDatabase
{
public:
    TestDatabase()
    {
        if (!onPostgres()) {
            m_location = m_dir.path() + QStringLiteral("/ops.sqlite");
            return;
        }
        static int n = 0;
        // The suite's name leads, so the owner-writes check (tests/pg/owner_writers.sh) can tell
        // whose database saw a write.
        m_name = QStringLiteral("ops_t_%1_%2_%3")
                     .arg(suiteName())
                     .arg(QCoreApplication::applicationPid())
                     .arg(++n);
        // FILE_COPY (PostgreSQL 15): 0.12 s against the default WAL_LOG's 0.2 s on the test
        // server (fsync off), where each test case makes one.
        static const bool fileCopy = serverVersion() >= 150000;
        admin(QStringLiteral("CREATE DATABASE %1%2")
                  .arg(m_name, fileCopy ? QStringLiteral(" STRATEGY = FILE_COPY") : QString()));
        QUrl url(serverUrl());
        url.setPath(u'/' + m_name);
        m_location = url.toString();
    }
    ~TestDatabase()
    {
        if (!m_name.isEmpty())
            admin(QStringLiteral("DROP DATABASE IF EXISTS %1 WITH (FORCE)").arg(m_name));
    }
    TestDatabase(const TestDatabase &) = delete;
    TestDatabase &operator=(const TestDatabase &) = delete;

    // A file path or a postgresql:// URL, for Database::open, OPS_DB and --db.
    QString location() const { return m_location; }
    // The folder for other files a test writes (exports, evidence files).
    QString scratchDir() const { return m_dir.path(); }

    static QString serverUrl()
    {
        const QString url = qEnvironmentVariable("OPS_TEST_PG_URL");
        if (!url.isEmpty())
            return url;
        // ctest names the server's folder (tests/pg/CMakeLists.txt); scripts/pg.sh wrote its port.
        QFile port(qEnvironmentVariable("OPS_TEST_PG_DIR") + QStringLiteral("/port"));
        if (!port.open(QIODevice::ReadOnly))
            qFatal("OPS_TEST_BACKEND=postgresql but no server: set OPS_TEST_PG_URL or start one "
                   "with scripts/pg.sh start (scripts/test.sh and ctest's pg_server_start do)");
        return QStringLiteral("postgresql://postgres@127.0.0.1:%1/postgres")
            .arg(QString::fromLatin1(port.readAll().trimmed()));
    }

    // The test program's name as a database name may carry it: tst_store, at most 40 of
    // [a-z0-9_]; "suite" when there is no application object yet.
    static QString suiteName()
    {
        QString name = QCoreApplication::applicationName().toLower();
        for (QChar &c : name)
            if (!(c.isDigit() || (c >= u'a' && c <= u'z')))
                c = u'_';
        return name.isEmpty() ? QStringLiteral("suite") : name.left(40);
    }

    // server_version_num of the test server.
    static int serverVersion() { return admin(QStringLiteral("SHOW server_version_num")).toInt(); }

    // Runs one statement on the server's maintenance database and returns its first value, if
    // any; aborts the test program when the server is unreachable.
    static QVariant admin(const QString &sql)
    {
        QVariant first;
        const QString name = QStringLiteral("test-admin");
        {
            QSqlDatabase db;
            try {
                db = Database::open(serverUrl(), name);
            } catch (const StoreError &e) {
                qFatal("PostgreSQL test server unreachable: %s", qPrintable(e.message()));
            }
            QSqlQuery q(db);
            if (!q.exec(sql))
                qFatal("%s failed: %s", qPrintable(sql), qPrintable(q.lastError().text()));
            if (q.next())
                first = q.value(0);
        }
        QSqlDatabase::removeDatabase(name);
        return first;
    }

    // The single number `sql` returns at `location`; 0 when there is no database or no table yet
    // (a SQLite file is not created by asking).
    static int probeCount(const QString &location, const QString &sql)
    {
        if (!DbLocation::isPostgresUrl(location) && !QFile::exists(location))
            return 0;
        static int probe = 0;
        const QString name = QStringLiteral("probe-%1").arg(++probe);
        int n = 0;
        {
            Connection db = Database::open(location, name);
            QSqlQuery q(db);
            if (q.exec(sql) && q.next())
                n = q.value(0).toInt();
        }
        QSqlDatabase::removeDatabase(name);
        return n;
    }

private:
    QTemporaryDir m_dir;
    QString m_location;
    QString m_name;
};

} // namespace ops::test
