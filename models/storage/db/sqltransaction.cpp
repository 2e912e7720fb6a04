#include "sqltransaction.h"

#include <QHash>

using namespace Qt::StringLiterals;

namespace ops {

namespace {

// A connection is used by the thread that opened it only (Qt Sql), so per-thread bookkeeping
// keyed by connection name needs no lock.
struct ConnectionState
{
    int depth = 0;           // open scopes, outermost included
    bool rolledBack = false; // a joined scope ended the transaction
    qint64 commits = 0;
};

ConnectionState &stateOf(const QString &connectionName)
{
    thread_local QHash<QString, ConnectionState> states;
    return states[connectionName];
}

ConnectionState &stateOf(const QSqlDatabase &db)
{
    return stateOf(db.connectionName());
}

} // namespace

WriteTransaction::WriteTransaction(QSqlDatabase &db)
    : m_db(db)
{
    ConnectionState &state = stateOf(m_db);
    if (state.depth > 0) {
        m_joined = true;
        m_active = true;
        ++state.depth;
        return;
    }
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
            QSqlQuery(m_db).exec(u"ROLLBACK"_s);
        throw StoreError(u"cannot start a write transaction: %1"_s.arg(error));
    }
    state.depth = 1;
    state.rolledBack = false;
}

WriteTransaction::~WriteTransaction()
{
    ConnectionState &state = stateOf(m_db);
    --state.depth;
    if (m_joined)
        return; // the outermost scope decides
    if (m_active && !state.rolledBack)
        QSqlQuery(m_db).exec(u"ROLLBACK"_s);
    state.rolledBack = false;
}

void WriteTransaction::commit()
{
    if (!m_active)
        throw StoreError(u"commit of a transaction that is no longer open"_s);
    m_active = false;
    if (m_joined)
        return;
    ConnectionState &state = stateOf(m_db);
    if (state.rolledBack)
        throw StoreError(u"commit failed: a step inside the transaction rolled it back"_s);
    QSqlQuery q(m_db);
    if (!q.exec(u"COMMIT"_s)) {
        const QString error = q.lastError().text();
        q = QSqlQuery();
        QSqlQuery(m_db).exec(u"ROLLBACK"_s); // SQLite keeps a failed COMMIT's transaction open
        throw StoreError(u"commit failed: %1"_s.arg(error));
    }
    ++state.commits;
}

void WriteTransaction::rollback()
{
    if (!m_active)
        return;
    m_active = false;
    ConnectionState &state = stateOf(m_db);
    if (state.rolledBack)
        return;
    QSqlQuery(m_db).exec(u"ROLLBACK"_s);
    if (m_joined)
        state.rolledBack = true;
}

qint64 WriteTransaction::commitCount(const QString &connectionName)
{
    return stateOf(connectionName).commits;
}

namespace {

QSqlQuery run(QSqlDatabase &db, const QString &sql, const QVariantList &bindings, bool forward)
{
    QSqlQuery q(db);
    q.setForwardOnly(forward);
    if (!q.prepare(sql))
        throw StoreError(u"cannot prepare statement: %1"_s.arg(q.lastError().text()));
    for (const QVariant &v : bindings)
        q.addBindValue(bindable(v));
    if (!q.exec())
        throw StoreError(u"statement failed: %1"_s.arg(q.lastError().text()));
    return q;
}

} // namespace

QSqlQuery runQuery(QSqlDatabase &db, const QString &sql, const QVariantList &bindings)
{
    return run(db, sql, bindings, false);
}

QSqlQuery runForwardQuery(QSqlDatabase &db, const QString &sql, const QVariantList &bindings)
{
    return run(db, sql, bindings, true);
}

} // namespace ops
