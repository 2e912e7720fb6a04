#pragma once

// RAII write transaction. SQLite's plain BEGIN takes the write lock late and can fail with
// SQLITE_BUSY when two writers upgrade at once; BEGIN IMMEDIATE takes it up front and waits out
// the busy timeout, so concurrent agents queue instead of erroring. On PostgreSQL the same single
// writer slot is a transaction-scoped advisory lock (see beginWriteStatements in sqldialect.h).

#include "database.h"
#include "sqldialect.h"

#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>

namespace ops {

class WriteTransaction
{
public:
    explicit WriteTransaction(QSqlDatabase &db)
        : m_db(db)
    {
        const QStringList statements = beginWriteStatements(dialectOf(m_db));
        for (const QString &sql : statements) {
            QSqlQuery q(m_db);
            if (q.exec(sql)) {
                m_active = true;
                continue;
            }
            const QString error = q.lastError().text();
            q = QSqlQuery();
            if (m_active)
                rollback();
            throw StoreError(QStringLiteral("cannot start a write transaction: %1").arg(error));
        }
    }
    ~WriteTransaction()
    {
        if (m_active)
            QSqlQuery(m_db).exec(QStringLiteral("ROLLBACK"));
    }
    WriteTransaction(const WriteTransaction &) = delete;
    WriteTransaction &operator=(const WriteTransaction &) = delete;

    void commit()
    {
        QSqlQuery q(m_db);
        if (!q.exec(QStringLiteral("COMMIT")))
            throw StoreError(QStringLiteral("commit failed: %1").arg(q.lastError().text()));
        m_active = false;
    }
    // Ends the transaction now. On PostgreSQL a failed statement leaves the transaction unusable
    // until it is rolled back; rolling back before the failed query is destroyed lets the driver
    // free that query's prepared statement.
    void rollback()
    {
        if (!m_active)
            return;
        m_active = false;
        QSqlQuery(m_db).exec(QStringLiteral("ROLLBACK"));
    }

private:
    QSqlDatabase &m_db;
    bool m_active = false;
};

// A null QString binds as SQL NULL; text columns here are NOT NULL with '' meaning "none", so
// null strings bind as ''. Use an invalid QVariant() for a real NULL.
inline QVariant bindable(const QVariant &v)
{
    if (v.typeId() == QMetaType::QString && v.toString().isNull())
        return QVariant(QStringLiteral(""));
    return v;
}

// Prepares and runs `sql` with positional bindings; throws StoreError on failure.
QSqlQuery runQuery(QSqlDatabase &db, const QString &sql, const QVariantList &bindings = {});
// The same, forward only: rows are not kept once read, so a walk over a million rows (chain
// check, export) runs in constant memory.
QSqlQuery runForwardQuery(QSqlDatabase &db, const QString &sql, const QVariantList &bindings = {});

} // namespace ops
