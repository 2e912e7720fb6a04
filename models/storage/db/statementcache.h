#pragma once

// Prepared statements kept per connection, lent to one Query at a time (runQuery,
// sqltransaction.h). Preparing is not cheap here: SQLite plans every statement against each
// index of its table (operations has more than twenty), and QPSQL prepares on the server, one
// round trip each. A refund runs about twenty statements; preparing them afresh was a fifth of
// `opsctl mcp`'s CPU per refund (docs/benchmarks.md, "Session 6").
//
// Contract:
// * A statement is lent to one Query until that Query is finished or destroyed; the same SQL
//   asked for meanwhile (a loop over one result that runs it again) gets a statement of its own,
//   prepared and dropped as before. Giving a statement back finishes it, so a kept statement
//   never holds a read snapshot open.
// * The cache belongs to the connection's driver and dies with it. Closing a connection
//   (Session, the PostgreSQL helpers) forgets its statements first; a statement SQLite has
//   finalized under us (the connection closed and opened again by someone else) is prepared anew.
// * At most kMaxStatements are kept per connection; beyond that the least recently used
//   statement that is not lent is dropped (the console's filters build many distinct queries).

#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <memory>

namespace ops {

struct CachedStatement;

// One executed statement: rows to read, or the affected-row count of a write. Move-only; it
// hands its statement back to the cache when finished or destroyed.
class Query
{
public:
    Query() = default;
    Query(Query &&other) noexcept;
    Query &operator=(Query &&other) noexcept;
    Query(const Query &) = delete;
    Query &operator=(const Query &) = delete;
    ~Query();

    bool next() { return m_query && m_query->next(); }
    QVariant value(int column) const { return m_query ? m_query->value(column) : QVariant(); }
    int numRowsAffected() const { return m_query ? m_query->numRowsAffected() : -1; }
    // Gives the statement back now, before the scope ends (a read followed by a write, say);
    // the Query reads no rows after this.
    void finish();

    // For the row readers that take a QSqlQuery. Only from a named Query: a copy taken of a
    // temporary would share a statement that is already back in the cache.
    operator QSqlQuery &() & { return *m_query; }
    operator QSqlQuery &() && = delete;

private:
    friend class StatementCache;
    Query(std::shared_ptr<CachedStatement> lent);
    explicit Query(std::unique_ptr<QSqlQuery> own);
    void release();

    std::shared_ptr<CachedStatement> m_lent;
    std::unique_ptr<QSqlQuery> m_own;
    QSqlQuery *m_query = nullptr;
};

class StatementCache
{
public:
    static constexpr int kMaxStatements = 64;

    // A statement for `sql` on `db`, prepared (or taken from the cache) and executed with the
    // positional `bindings`. Throws StoreError when it cannot be prepared (then nothing is kept)
    // or run (the statement is kept: it failed on its values, not on its text).
    static Query run(QSqlDatabase &db, const QString &sql, const QVariantList &bindings);
    // The same without the cache: prepared, run and dropped with the returned query (a forward
    // walk that may stay open long, a statement lent already).
    static QSqlQuery runOnce(QSqlDatabase &db, const QString &sql, const QVariantList &bindings,
                             bool forwardOnly);
    // Drops the statements kept for `db`; call before closing it.
    static void forget(const QSqlDatabase &db);
    // How many statements `db` keeps (the tests).
    static int size(const QSqlDatabase &db);
};

} // namespace ops
