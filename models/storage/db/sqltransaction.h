#pragma once

// RAII write transaction. SQLite's plain BEGIN takes the write lock late and can fail with
// SQLITE_BUSY when two writers upgrade at once; BEGIN IMMEDIATE takes it up front and waits in
// the busy handler, so concurrent agents queue instead of erroring. On PostgreSQL the same single
// writer slot is a transaction-scoped advisory lock (see beginWriteStatements in sqldialect.h).
//
// Scopes nest: a WriteTransaction opened while another one is open on the same connection (same
// thread, same connection name) joins it instead of starting its own, and its commit() only
// marks its part done — the outermost scope's commit is the one durable commit. That is how one
// step's writes (finish an attempt, store the evidence, close the row, and their audit entries)
// become one commit (docs/benchmarks.md, "Durable commits per refund"). A joined scope that
// ends without commit() because its step wrote nothing (a guard clause) leaves the outer
// transaction alone; an exception unwinds to the outermost scope, which rolls everything back.
//
// On SQLite the outermost scope first queues at the file's in-process WriteGate (writegate.h),
// so the writers of one process wait their turn without polling SQLite's lock. On a connection
// opened with CommitDurability::SharedSync, commit() returns only after a shared sync of the WAL
// that began after its COMMIT (writegate.h), and the outermost scope's rollback waits the same
// way, so nothing it read is reported before it is durable.

#include "domain/result.h"
#include "storage/db/database.h"
#include "storage/db/sqldialect.h"
#include "storage/db/statementcache.h"
#include "storage/db/writegate.h"
#include "storage/db/writelocks.h"

#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <optional>

namespace ops {

class WriteTransaction
{
public:
    // `locks` says what the transaction locks on PostgreSQL (writelocks.h). A joined scope adds
    // its scopes to the open transaction's, and one asking for the exclusive lock inside a
    // scoped transaction takes it then (the database reports a deadlock if two do so at once).
    explicit WriteTransaction(QSqlDatabase &db, const WriteLocks &locks = WriteLocks::exclusive());
    ~WriteTransaction();
    WriteTransaction(const WriteTransaction &) = delete;
    WriteTransaction &operator=(const WriteTransaction &) = delete;

    // Outermost scope: COMMIT (throws StoreError when it fails, or when a joined scope rolled
    // the transaction back). Joined scope: marks this part done.
    void commit();
    // Ends the whole transaction now, joined or not. On PostgreSQL a failed statement leaves the
    // transaction unusable until it is rolled back; rolling back before the failed query is
    // destroyed lets the driver free that query's prepared statement.
    void rollback();
    bool joined() const { return m_joined; }

    // Durable commits the outermost scopes made on the connection named `connectionName` in
    // this thread since it was first used: what the tests count (rules 1 and 4 fix how many
    // commits a refund makes, docs/design.md §7).
    static qint64 commitCount(const QString &connectionName);

    // Runs `action` once right after the outermost scope on `db` commits (registering the same
    // action again in one transaction runs it once); a rollback drops it. With no transaction
    // open it runs now. It runs outside the transaction, so what it writes commits on its own;
    // a StoreError from it is logged, not thrown: the commit it follows has happened. Audit
    // sequencing uses it (auditsequencer.h).
    using AfterCommit = void (*)(QSqlDatabase &);
    static void afterCommit(QSqlDatabase &db, AfterCommit action);

    // Appends one row to `insert` ("INSERT INTO t (a, b)") at the outermost scope's commit,
    // before its COMMIT: a transaction's rows go in the order given, in statements of up to
    // kRowsPerInsert rows each, rather than a round trip each now (issue 52: the audit queue).
    // A rollback drops them, and Savepoint::undo those since the savepoint; a refusal of the
    // insert (a guard) fails the commit. With no
    // transaction open the row is inserted now. Only for rows nothing in the transaction reads.
    static void insertAtCommit(QSqlDatabase &db, const QString &insert, const QVariantList &row);
    static constexpr int kRowsPerInsert = 8;

    // A savepoint `name` inside the open transaction, and the two ways to end it. Undoing one
    // also drops the rows insertAtCommit took since it began, as they belong to the undone
    // writes, and forgets the locks taken since, which the database has released. Savepoint
    // statements are transaction control (PostgreSQL cannot prepare them).
    class Savepoint
    {
    public:
        Savepoint(QSqlDatabase &db, const QString &name);
        void release();
        void undo(); // ROLLBACK TO, then RELEASE
    private:
        QSqlDatabase &m_db;
        QString m_name;
        qsizetype m_deferredMark = 0;
        qsizetype m_scopesMark = 0;
        bool m_exclusive = false;
    };

private:
    void begin(const WriteLocks &locks);
    void lock(const WriteLocks &locks);
    bool waitDurable();
    void runAfterCommit();
    void insertDeferredRows();

    QSqlDatabase &m_db;
    WriteGate m_gate;
    bool m_active = false;
    bool m_joined = false;
};

// A null QString binds as SQL NULL; text columns here are NOT NULL with '' meaning "none", so
// null strings bind as ''. Use an invalid QVariant() for a real NULL.
inline QVariant bindable(const QVariant &v)
{
    if (v.typeId() == QMetaType::QString && v.toString().isNull())
        return QVariant(QStringLiteral(""));
    return v;
}

// Runs `sql` with positional bindings on a statement the connection keeps prepared
// (statementcache.h); throws StoreError on failure.
Query runQuery(QSqlDatabase &db, const QString &sql, const QVariantList &bindings = {});
// The same, forward only: rows are not kept once read, so a walk over a million rows (chain
// check, export) runs in constant memory.
QSqlQuery runForwardQuery(QSqlDatabase &db, const QString &sql, const QVariantList &bindings = {});
// Runs a transaction-control statement (BEGIN, COMMIT, ROLLBACK, SAVEPOINT, RELEASE …). On SQLite
// it is kept prepared like any other (runQuery): parsing them afresh was half of a refund's SQL
// parsing, all of it while the write lock is held. PostgreSQL cannot prepare them: a plain
// statement there. Fails with the database's error text.
Result<void> execControl(QSqlDatabase &db, const QString &sql);
// The same where a failure ends the caller: throws StoreError("<sql> failed: <why>").
void execControlOrThrow(QSqlDatabase &db, const QString &sql);

} // namespace ops
