#pragma once

// A fresh database per test (SQLite file, or PostgreSQL database: testdatabase.h), migrated,
// with a ManualClock.

#include "clock.h"
#include "database.h"
#include "operationstore.h"
#include "testdatabase.h"

#include <memory>

namespace ops::test {

class StoreFixture
{
public:
    StoreFixture()
        : m_clock(QDateTime(QDate(2026, 11, 29), QTime(12, 0), Qt::UTC))
    {
        m_path = m_testDb.location();
        m_db = Database::open(m_path, nextConnection());
        Database::migrate(m_db);
        m_store = std::make_unique<OperationStore>(m_db, m_clock);
    }
    ~StoreFixture()
    {
        const QString name = m_db.connectionName();
        m_store.reset();
        m_db = {};
        QSqlDatabase::removeDatabase(name);
    }

    // A second, independent connection to the same database (what another process would see).
    QSqlDatabase secondConnection() const
    {
        QSqlDatabase db = Database::open(m_path, nextConnection());
        return db;
    }

    OperationStore &store() { return *m_store; }
    ManualClock &clock() { return m_clock; }
    // The database location: a file path or a postgresql:// URL.
    QString path() const { return m_path; }

    static QString nextConnection()
    {
        static int n = 0;
        return QStringLiteral("fixture-%1").arg(++n);
    }

private:
    TestDatabase m_testDb;
    QString m_path;
    ManualClock m_clock;
    QSqlDatabase m_db;
    std::unique_ptr<OperationStore> m_store;
};

} // namespace ops::test
