#include "storage/db/statementcache.h"

#include "domain/storeerror.h"
#include "storage/db/sqldialect.h"
#include "storage/db/sqltransaction.h"

#include <QHash>
#include <QObject>
#include <QRegularExpression>
#include <QSqlDriver>
#include <QSqlError>
#include <QSqlResult>
#include <QThread>

using namespace Qt::StringLiterals;

namespace ops {

struct CachedStatement
{
    QSqlQuery query;
    bool lent = false;
    quint64 lastUse = 0;
};

namespace {

const QString kObjectName = u"ops.statements"_s;

// A refusal of migration 0011's guard ("ops-refused[code]: text") or of a grant (SQLSTATE 42501,
// "permission denied for table …") is a rule saying no, not a broken database: ActionRefused
// (opsctl exits 2), with the database's code for the console's translation.
[[noreturn]] void throwStatementError(const QSqlError &error)
{
    static const QRegularExpression guard(u"ops-refused\\[([a-z_]+)\\]: ([^\\n]*)"_s);
    const QString text = error.databaseText();
    if (const auto m = guard.match(text); m.hasMatch())
        throw ActionRefused(m.captured(2).trimmed(), m.captured(1));
    if (error.nativeErrorCode() == u"42501"_s)
        throw ActionRefused(u"the database refused: %1"_s.arg(text.trimmed()), u"grant"_s);
    throw StoreError(u"statement failed: %1"_s.arg(error.text()));
}

// A child of the connection's driver, found by its name: it lives as long as the driver, and
// only the thread that owns the connection touches it (Qt Sql's rule), so it needs no lock.
class Statements final : public QObject
{
public:
    explicit Statements(QObject *driver)
        : QObject(driver)
    {
        setObjectName(kObjectName);
    }

    // The kept statement for `sql`, lent; null when it is lent already.
    std::shared_ptr<CachedStatement> lend(QSqlDatabase &db, const QString &sql)
    {
        auto it = m_kept.find(sql);
        if (it != m_kept.end() && (*it)->lent)
            return nullptr;
        if (it != m_kept.end() && finalized((*it)->query)) {
            m_kept.erase(it);
            it = m_kept.end();
        }
        if (it == m_kept.end())
            it = m_kept.insert(sql, prepare(db, sql));
        (*it)->lent = true;
        (*it)->lastUse = ++m_uses;
        return *it;
    }
    int size() const { return int(m_kept.size()); }

private:
    std::shared_ptr<CachedStatement> prepare(QSqlDatabase &db, const QString &sql)
    {
        auto s = std::make_shared<CachedStatement>();
        s->query = QSqlQuery(db);
        // Every reader walks its rows forward. On SQLite that is worth saying: QSQLITE's result
        // otherwise makes room for 128 rows of values on every exec, 4,480 QVariants built and
        // destroyed to read one 35-column operation row, a sixth of a refund's instructions.
        // Not on PostgreSQL, where forward-only makes QPSQL fetch row by row, one such result
        // at a time per connection, and a kept statement may be read while another runs.
        if (dialectOf(db) == SqlDialect::Sqlite)
            s->query.setForwardOnly(true);
        if (!s->query.prepare(sql))
            throw StoreError(u"cannot prepare statement: %1"_s.arg(s->query.lastError().text()));
        if (m_kept.size() >= StatementCache::kMaxStatements)
            evictOne();
        return s;
    }
    void evictOne()
    {
        auto oldest = m_kept.end();
        for (auto it = m_kept.begin(); it != m_kept.end(); ++it) {
            if (!(*it)->lent && (oldest == m_kept.end() || (*it)->lastUse < (*oldest)->lastUse))
                oldest = it;
        }
        if (oldest != m_kept.end())
            m_kept.erase(oldest);
    }
    // SQLite finalizes every statement of a connection when it closes; one kept across a close
    // and a new open cannot run again. (QPSQL connections are closed only through forget().)
    static bool finalized(const QSqlQuery &q)
    {
        const QVariant h = q.result() ? q.result()->handle() : QVariant();
        if (!h.isValid() || qstrcmp(h.typeName(), "sqlite3_stmt*") != 0)
            return false;
        return *static_cast<void *const *>(h.constData()) == nullptr;
    }

    QHash<QString, std::shared_ptr<CachedStatement>> m_kept;
    quint64 m_uses = 0;
};

Statements *statementsOf(const QSqlDatabase &db, bool create)
{
    QSqlDriver *driver = db.driver();
    // A connection used outside the thread that opened it (Qt Sql forbids it, but a child could
    // not be parented to it either) runs its statements uncached.
    if (!driver || driver->thread() != QThread::currentThread())
        return nullptr;
    auto *s = static_cast<Statements *>(
        driver->findChild<QObject *>(kObjectName, Qt::FindDirectChildrenOnly));
    if (!s && create)
        s = new Statements(driver);
    return s;
}

void bind(QSqlQuery &q, const QVariantList &bindings)
{
    for (int i = 0; i < bindings.size(); ++i)
        q.bindValue(i, bindable(bindings[i]));
}

} // namespace

Query::Query(std::shared_ptr<CachedStatement> lent)
    : m_lent(std::move(lent))
    , m_query(&m_lent->query)
{}

Query::Query(std::unique_ptr<QSqlQuery> own)
    : m_own(std::move(own))
    , m_query(m_own.get())
{}

Query::Query(Query &&other) noexcept
    : m_lent(std::move(other.m_lent))
    , m_own(std::move(other.m_own))
    , m_query(std::exchange(other.m_query, nullptr))
{}

Query &Query::operator=(Query &&other) noexcept
{
    if (this != &other) {
        release();
        m_lent = std::move(other.m_lent);
        m_own = std::move(other.m_own);
        m_query = std::exchange(other.m_query, nullptr);
    }
    return *this;
}

Query::~Query()
{
    release();
}

void Query::finish()
{
    release();
}

void Query::release()
{
    m_query = nullptr;
    m_own.reset();
    if (!m_lent)
        return;
    m_lent->query.finish();
    m_lent->lent = false;
    m_lent.reset();
}

Query StatementCache::run(QSqlDatabase &db, const QString &sql, const QVariantList &bindings)
{
    Statements *kept = statementsOf(db, true);
    std::shared_ptr<CachedStatement> lent = kept ? kept->lend(db, sql) : nullptr;
    if (!lent)
        return Query(std::make_unique<QSqlQuery>(runOnce(db, sql, bindings, false)));
    bind(lent->query, bindings);
    if (lent->query.exec())
        return Query(std::move(lent));
    // Kept: a refused statement (a constraint, the unique index of rule 2) runs again as well as
    // before. Dropping it here would free it on PostgreSQL inside the failed transaction, where
    // the server refuses the DEALLOCATE; a lost connection is dropped whole by its owner.
    const QSqlError failure = lent->query.lastError();
    Query(std::move(lent)).finish();
    throwStatementError(failure);
}

QSqlQuery StatementCache::runOnce(QSqlDatabase &db, const QString &sql,
                                  const QVariantList &bindings, bool forwardOnly)
{
    QSqlQuery q(db);
    q.setForwardOnly(forwardOnly);
    if (!q.prepare(sql))
        throw StoreError(u"cannot prepare statement: %1"_s.arg(q.lastError().text()));
    bind(q, bindings);
    if (!q.exec())
        throwStatementError(q.lastError());
    return q;
}

void StatementCache::forget(const QSqlDatabase &db)
{
    delete statementsOf(db, false);
}

int StatementCache::size(const QSqlDatabase &db)
{
    const Statements *s = statementsOf(db, false);
    return s ? s->size() : 0;
}

} // namespace ops
