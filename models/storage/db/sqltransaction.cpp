#include "storage/db/sqltransaction.h"

#include "storage/db/readonlyconnection.h"
#include "storage/db/sqlitetuning.h"
#include "storage/db/storagelogging.h"

#include <QHash>

using namespace Qt::StringLiterals;

namespace ops {

namespace {

// A row WriteTransaction::insertAtCommit holds until the commit.
struct DeferredRow
{
    QString insert; // "INSERT INTO t (a, b)"
    QVariantList values;
};

// A connection is used by the thread that opened it only (Qt Sql), so per-thread bookkeeping
// keyed by connection name needs no lock.
struct ConnectionState
{
    int depth = 0;           // open scopes, outermost included
    bool rolledBack = false; // a joined scope ended the transaction
    qint64 commits = 0;
    QList<WriteTransaction::AfterCommit> afterCommit; // of the open transaction
    QList<DeferredRow> deferredRows;                  // of the open transaction, in order
    bool exclusive = false;                           // PostgreSQL: holds kWriteLockKey
    QStringList scopes;                               // PostgreSQL: the scope locks held
    QString readOnly; // not empty: no write transaction may start here, and this says why
};

ConnectionState &stateOf(const QString &connectionName)
{
    thread_local QHash<QString, ConnectionState> states;
    return states[connectionName];
}

// As long as SQLite's busy timeout (database.cpp): a writer waits no longer in the queue than it
// would have polled the lock.
constexpr std::chrono::milliseconds kGateTimeout{10000};

ConnectionState &stateOf(const QSqlDatabase &db)
{
    return stateOf(db.connectionName());
}

} // namespace

WriteTransaction::WriteTransaction(QSqlDatabase &db, const WriteLocks &locks)
    : m_db(db)
{
    ConnectionState &state = stateOf(m_db);
    if (state.depth > 0) {
        m_joined = true;
        lock(locks); // first: when it throws, no scope was added and the outer one rolls back
        m_active = true;
        ++state.depth;
        return;
    }
    if (!state.readOnly.isEmpty()) {
        qCCritical(lcStore) << "write refused on" << m_db.connectionName() << state.readOnly;
        throw StoreError(u"this connection only reads: %1"_s.arg(state.readOnly));
    }
    state.exclusive = false;
    state.scopes.clear();
    begin(locks);
    state.depth = 1;
    state.rolledBack = false;
    state.afterCommit.clear();
    state.deferredRows.clear();
}

void WriteTransaction::begin(const WriteLocks &locks)
{
    const SqlDialect dialect = dialectOf(m_db);
    if (dialect == SqlDialect::Sqlite && !m_gate.enter(m_db.databaseName(), kGateTimeout))
        throw StoreError(u"cannot start a write transaction: database is locked (%1 ms waiting "
                         "for this process's other writers)"_s.arg(kGateTimeout.count()));
    const QString begin = dialect == SqlDialect::Sqlite ? u"BEGIN IMMEDIATE"_s : u"BEGIN"_s;
    if (const auto begun = execControl(m_db, begin); !begun)
        throw StoreError(u"cannot start a write transaction: %1"_s.arg(begun.error()));
    m_active = true;
    try {
        lock(locks);
    } catch (const StoreError &) {
        (void)execControl(m_db, u"ROLLBACK"_s);
        m_active = false;
        throw;
    }
}

void WriteTransaction::lock(const WriteLocks &locks)
{
    if (dialectOf(m_db) != SqlDialect::Postgres)
        return;
    ConnectionState &state = stateOf(m_db);
    if (locks.isExclusive() && !state.exclusive) {
        if (m_joined)
            qCDebug(lcStore) << "a scoped write transaction takes the exclusive lock";
        runQuery(m_db, u"SELECT pg_advisory_xact_lock(?)"_s, {kWriteLockKey});
        state.exclusive = true;
        return;
    }
    if (state.exclusive)
        return; // alone among writers: no scope can be contended
    // One statement takes the shared key and every new scope, in the caller's order
    // (writelocks.h): a CASE evaluates its conditions in order, which PostgreSQL documents, and
    // a lock's void result is never NULL, so every lock is taken.
    QStringList calls;
    QVariantList keys;
    if (!m_joined) {
        calls.append(u"pg_advisory_xact_lock_shared(?)"_s);
        keys.append(kWriteLockKey);
    }
    QStringList taken;
    for (const QString &scope : locks.scopes()) {
        if (state.scopes.contains(scope))
            continue;
        calls.append(u"pg_advisory_xact_lock(hashtextextended(?, 0))"_s);
        keys.append(scope);
        taken.append(scope);
    }
    if (calls.isEmpty())
        return;
    runQuery(m_db,
             u"SELECT CASE WHEN "_s + calls.join(u" IS NULL THEN 0 WHEN "_s) +
                 u" IS NULL THEN 0 ELSE 1 END"_s,
             keys);
    state.scopes.append(taken);
}

WriteTransaction::~WriteTransaction()
{
    ConnectionState &state = stateOf(m_db);
    --state.depth;
    if (m_joined)
        return;                // the outermost scope decides
    state.afterCommit.clear(); // run by commit(), or dropped with the rollback
    state.deferredRows.clear();
    if (m_active && !state.rolledBack)
        (void)execControl(m_db, u"ROLLBACK"_s);
    state.rolledBack = false;
    if (!m_gate.entered())
        return; // committed (and made durable) or never begun
    m_gate.leave();
    // What this transaction read may be another connection's commit that is not durable yet
    // (SharedSync): a loser of the unique index answers with the winner's row only once it is.
    if (!waitDurable())
        qCWarning(lcStore) << "a rolled-back transaction could not sync the database file";
}

void WriteTransaction::commit()
{
    if (!m_active)
        throw StoreError(u"commit of a transaction that is no longer open"_s);
    ConnectionState &state = stateOf(m_db);
    if (!m_joined && !state.rolledBack)
        insertDeferredRows(); // a refusal throws here, and the destructor rolls back
    m_active = false;
    if (m_joined)
        return;
    if (state.rolledBack)
        throw StoreError(u"commit failed: a step inside the transaction rolled it back"_s);
    if (const auto committed = execControl(m_db, u"COMMIT"_s); !committed) {
        (void)execControl(m_db, u"ROLLBACK"_s); // SQLite keeps a failed COMMIT's transaction open
        throw StoreError(u"commit failed: %1"_s.arg(committed.error()));
    }
    m_gate.leave();
    if (!waitDurable())
        throw StoreError(u"commit failed: the database file could not be synced"_s);
    ++state.commits;
    runAfterCommit();
}

void WriteTransaction::runAfterCommit()
{
    const QList<AfterCommit> actions = std::exchange(stateOf(m_db).afterCommit, {});
    for (const AfterCommit action : actions) {
        try {
            action(m_db);
        } catch (const StoreError &e) {
            qCWarning(lcStore) << "after a commit:" << e.what();
        }
    }
}

void WriteTransaction::insertDeferredRows()
{
    const QList<DeferredRow> rows = std::exchange(stateOf(m_db).deferredRows, {});
    for (qsizetype first = 0; first < rows.size();) {
        // A run of rows for one insert, at most kRowsPerInsert of them.
        qsizetype end = first + 1;
        while (end < rows.size() && end - first < kRowsPerInsert &&
               rows[end].insert == rows[first].insert)
            ++end;
        QVariantList values;
        for (qsizetype i = first; i < end; ++i)
            values.append(rows[i].values);
        runQuery(m_db, multiRowInsert(rows[first].insert, rows[first].values.size(), end - first),
                 values);
        first = end;
    }
}

void WriteTransaction::insertAtCommit(QSqlDatabase &db, const QString &insert,
                                      const QVariantList &row)
{
    ConnectionState &state = stateOf(db);
    if (state.depth == 0) {
        runQuery(db, multiRowInsert(insert, row.size(), 1), row);
        return;
    }
    state.deferredRows.append({insert, row});
}

WriteTransaction::Savepoint::Savepoint(QSqlDatabase &db, const QString &name)
    : m_db(db)
    , m_name(name)
    , m_deferredMark(stateOf(db).deferredRows.size())
    , m_scopesMark(stateOf(db).scopes.size())
    , m_exclusive(stateOf(db).exclusive)
{
    execControlOrThrow(m_db, u"SAVEPOINT "_s + m_name);
}

void WriteTransaction::Savepoint::release()
{
    execControlOrThrow(m_db, u"RELEASE SAVEPOINT "_s + m_name);
}

void WriteTransaction::Savepoint::undo()
{
    execControlOrThrow(m_db, u"ROLLBACK TO SAVEPOINT "_s + m_name);
    // PostgreSQL has let go of the advisory locks taken since the savepoint, too: a later scope
    // that needs one takes it again.
    ConnectionState &state = stateOf(m_db);
    state.deferredRows.resize(qMin(state.deferredRows.size(), m_deferredMark));
    state.scopes.resize(qMin(state.scopes.size(), m_scopesMark));
    state.exclusive = m_exclusive;
    execControlOrThrow(m_db, u"RELEASE SAVEPOINT "_s + m_name);
}

void WriteTransaction::afterCommit(QSqlDatabase &db, AfterCommit action)
{
    ConnectionState &state = stateOf(db);
    if (state.depth == 0) {
        try {
            action(db);
        } catch (const StoreError &e) {
            qCWarning(lcStore) << "after a write:" << e.what();
        }
        return;
    }
    if (!state.afterCommit.contains(action))
        state.afterCommit.append(action);
}

bool WriteTransaction::waitDurable()
{
    if (!Database::sharesSync(m_db))
        return true;
    return WriteGate::waitDurable(m_db.databaseName(), [this] { return syncWal(m_db); });
}

void WriteTransaction::rollback()
{
    if (!m_active)
        return;
    m_active = false;
    ConnectionState &state = stateOf(m_db);
    if (state.rolledBack)
        return;
    (void)execControl(m_db, u"ROLLBACK"_s);
    if (m_joined)
        state.rolledBack = true;
}

void keepReadOnly(const Connection &db, const QString &why)
{
    stateOf(db).readOnly = why;
}

qint64 WriteTransaction::commitCount(const QString &connectionName)
{
    return stateOf(connectionName).commits;
}

Query runQuery(QSqlDatabase &db, const QString &sql, const QVariantList &bindings)
{
    return StatementCache::run(db, sql, bindings);
}

Result<void> execControl(QSqlDatabase &db, const QString &sql)
{
    if (dialectOf(db) == SqlDialect::Sqlite) {
        try {
            runQuery(db, sql);
            return {};
        } catch (const StoreError &e) {
            return Failure{e.message()};
        }
    }
    QSqlQuery q(db);
    if (q.exec(sql))
        return {};
    return Failure{q.lastError().text()};
}

void execControlOrThrow(QSqlDatabase &db, const QString &sql)
{
    if (const auto ran = execControl(db, sql); !ran)
        throw StoreError(u"%1 failed: %2"_s.arg(sql, ran.error()));
}

QSqlQuery runForwardQuery(QSqlDatabase &db, const QString &sql, const QVariantList &bindings)
{
    // Not kept: a forward walk is a one-off (a chain check, an export) and may stay open long.
    return StatementCache::runOnce(db, sql, bindings, true);
}

} // namespace ops
