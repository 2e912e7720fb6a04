#pragma once

// A fresh database per test (SQLite file, or PostgreSQL database: testdatabase.h), migrated,
// with a ManualClock.

#include "domain/clock.h"
#include "storage/access/operatordirectory.h"
#include "storage/db/database.h"
#include "storage/db/sqltransaction.h"
#include "storage/operations/operationstore.h"
#include "storage/session.h"
#include "support/testdatabase.h"

#include <memory>

namespace ops::test {

class StoreFixture
{
public:
    // seedOperators: alice and bob are supervisors, carol is support (the directory is empty
    // otherwise, and an unknown operator may only look).
    explicit StoreFixture(bool seedOperators = true)
        : m_clock(QDateTime(QDate(2026, 11, 29), QTime(12, 0), Qt::UTC))
    {
        m_path = m_testDb.location();
        m_db = Database::open(m_path, nextConnection());
        Database::migrate(m_db);
        m_session = std::make_unique<Session>(m_db, m_clock);
        if (seedOperators)
            seedDirectory();
    }
    ~StoreFixture()
    {
        const QString name = m_db.connectionName();
        m_session.reset();
        m_db = {};
        QSqlDatabase::removeDatabase(name);
    }

    // A second, independent connection to the same database (what another process would see).
    Connection secondConnection() const
    {
        Connection db = Database::open(m_path, nextConnection());
        return db;
    }

    Session &session() { return *m_session; }
    OperationStore &store() { return m_session->store(); }
    // Added by alice (or as the bootstrap supervisor when the directory is empty).
    void addOperator(const QString &name, Role role)
    {
        ops::addOperator(m_db, m_clock.nowMs(), QStringLiteral("operator:alice"), name, role);
    }
    ManualClock &clock() { return m_clock; }

    // The directory as a team would have set it up before the test began: written straight to
    // the table, so the audit trail starts empty and tests that count audit entries see only
    // their own. Directory changes made by a test go through addOperator (audited).
    void seedDirectory()
    {
        const struct
        {
            const char *name;
            const char *role;
        } people[] = {{"alice", "supervisor"}, {"bob", "supervisor"}, {"carol", "support"}};
        for (const auto &p : people)
            runQuery(m_db,
                     QStringLiteral("INSERT INTO operators (name, role, created_by, created_at) "
                                    "VALUES (?, ?, 'test-fixture', ?)"),
                     {QString::fromLatin1(p.name), QString::fromLatin1(p.role), m_clock.nowMs()});
    }

    // The database location: a file path or a postgresql:// URL.
    QString path() const { return m_path; }
    // A folder for the other files a test writes (exports), on either backend.
    QString scratchDir() const { return m_testDb.scratchDir(); }

    static QString nextConnection()
    {
        static int n = 0;
        return QStringLiteral("fixture-%1").arg(++n);
    }

private:
    TestDatabase m_testDb;
    QString m_path;
    ManualClock m_clock;
    Connection m_db;
    std::unique_ptr<Session> m_session;
};

} // namespace ops::test
