#include "storage/audit/auditquery.h"

#include "storage/db/sqldialect.h"
#include "storage/db/sqltransaction.h"
#include "storage/records/operationrow.h"

#include <algorithm>

using namespace Qt::StringLiterals;

namespace ops {

struct AuditStream::Statement
{
    QSqlQuery query;
};

namespace {

// One condition of a filter and the index (migration 0008) that reads its range.
struct Condition
{
    QString sql;
    QVariantList bindings;
    QString index;       // SQLite index name on `audit a`; empty for the kind condition
    bool byKind = false; // reached through operations_kind
};

std::vector<Condition> conditionsOf(const AuditFilter &f)
{
    std::vector<Condition> out;
    auto prefix = [&out](const QString &column, const QString &value, const QString &index) {
        if (!value.isEmpty())
            out.push_back(
                {u"%1 >= ? AND %1 < ?"_s.arg(column), {value, prefixRangeEnd(value)}, index});
    };
    prefix(u"a.actor"_s, f.actor.trimmed(), u"audit_actor"_s);
    prefix(u"a.action"_s, f.action.trimmed(), u"audit_action"_s);
    prefix(u"a.operation_id"_s, f.operationPrefix.trimmed(), u"audit_operation"_s);
    if (f.fromMs || f.toMs) {
        Condition time{{}, {}, u"audit_at"_s};
        QStringList parts;
        if (f.fromMs) {
            parts << u"a.at >= ?"_s;
            time.bindings << *f.fromMs;
        }
        if (f.toMs) {
            parts << u"a.at < ?"_s;
            time.bindings << *f.toMs;
        }
        time.sql = parts.join(u" AND "_s);
        out.push_back(time);
    }
    if (f.kind)
        out.push_back({u"o.kind = ?"_s, {toString(*f.kind)}, {}, true});
    return out;
}

struct Where
{
    QString sql = u" WHERE 1 = 1"_s;
    QVariantList bindings;
};

Where whereOf(const std::vector<Condition> &conditions)
{
    Where w;
    for (const Condition &c : conditions) {
        w.sql += u" AND "_s + c.sql;
        w.bindings += c.bindings;
    }
    return w;
}

bool hasKind(const std::vector<Condition> &conditions)
{
    return std::any_of(conditions.begin(), conditions.end(),
                       [](const Condition &c) { return c.byKind; });
}

// The FROM clause that reads `driver`'s index range, or walks the entries by id when there is
// none. Only SQLite gets the hints. A kind condition implies an operation, so the join is inner
// then; CROSS JOIN keeps SQLite's loop order as written (with a LEFT JOIN and a condition on
// `o` it would be free to start from operations and scan the entries once per operation).
QString fromFor(SqlDialect dialect, const Condition *driver, bool kind)
{
    if (dialect != SqlDialect::Sqlite)
        return u" FROM audit a LEFT JOIN operations o ON o.id = a.operation_id"_s;
    if (driver && driver->byKind)
        return u" FROM operations o INDEXED BY operations_kind CROSS JOIN audit a INDEXED BY "
               "audit_operation"_s;
    const QString audit =
        driver ? u"audit a INDEXED BY %1"_s.arg(driver->index) : u"audit a NOT INDEXED"_s;
    if (kind)
        return u" FROM "_s + audit + u" CROSS JOIN operations o"_s;
    return u" FROM "_s + audit + u" LEFT JOIN operations o ON o.id = a.operation_id"_s;
}

// CROSS JOIN has no ON clause: the join condition goes into the WHERE clause.
Where withJoin(Where w, const std::vector<Condition> &conditions, SqlDialect dialect)
{
    if (dialect == SqlDialect::Sqlite && hasKind(conditions))
        w.sql += u" AND a.operation_id = o.id"_s;
    return w;
}

qint64 scalar(Connection &db, const QString &sql, const QVariantList &bindings)
{
    QSqlQuery q = runForwardQuery(db, sql, bindings);
    return q.next() ? q.value(0).toLongLong() : 0;
}

// Matches of `c` alone, counted through its own index up to `bound`.
qint64 probe(Connection &db, const Condition &c, qint64 bound)
{
    const SqlDialect dialect = dialectOf(db);
    const Where w = withJoin(whereOf({c}), {c}, dialect);
    QString from = fromFor(dialect, &c, c.byKind);
    if (dialect != SqlDialect::Sqlite && c.byKind)
        from = u" FROM operations o JOIN audit a ON a.operation_id = o.id"_s;
    return scalar(
        db, u"SELECT COUNT(*) FROM (SELECT 1"_s + from + w.sql + u" LIMIT %1) AS m"_s.arg(bound),
        w.bindings);
}

// The filter's conditions, and which of them drives the read: the one with the fewest matches,
// if that is under kCountBound.
struct Plan
{
    std::vector<Condition> conditions;
    std::optional<size_t> driver;
    qint64 fewest = 0; // the driver's matches; kCountBound when there is no driver

    const Condition *driverCondition() const { return driver ? &conditions[*driver] : nullptr; }
};

Plan planFor(Connection &db, const AuditFilter &filter)
{
    Plan plan{conditionsOf(filter), std::nullopt, AuditQuery::kCountBound};
    for (size_t i = 0; i < plan.conditions.size(); ++i) {
        const qint64 n = probe(db, plan.conditions[i], AuditQuery::kCountBound);
        if (n < plan.fewest) {
            plan.fewest = n;
            plan.driver = i;
        }
    }
    return plan;
}

const QString kColumns =
    u"SELECT a.id, a.at, a.actor, a.action, a.operation_id, o.kind, a.detail, a.hash"_s;

AuditRow rowFrom(const QSqlQuery &q)
{
    AuditRow r;
    r.id = q.value(0).toLongLong();
    r.at = rows::utc(q.value(1).toLongLong());
    r.actor = q.value(2).toString();
    r.action = q.value(3).toString();
    r.operationId = q.value(4).toString();
    r.kind = kindFromString(q.value(5).toString());
    r.detail = q.value(6).toString();
    r.hash = q.value(7).toString();
    return r;
}

// A loose index scan (0008's audit_actor / audit_action): one index seek per distinct value
// instead of reading a million entries.
QStringList distinctColumn(Connection &db, const QString &column)
{
    Query q =
        runQuery(db, u"WITH RECURSIVE d(v) AS (SELECT MIN(%1) FROM audit UNION ALL "
                     "SELECT (SELECT MIN(%1) FROM audit WHERE %1 > d.v) FROM d "
                     "WHERE d.v IS NOT NULL) SELECT v FROM d WHERE v IS NOT NULL"_s.arg(column));
    QStringList out;
    while (q.next())
        out << q.value(0).toString();
    return out;
}

struct PageSql
{
    QString sql;
    QVariantList bindings;
};

// `limit` 0: every row.
PageSql pageSql(Connection &db, const AuditFilter &filter, std::optional<qint64> beforeId,
                int limit)
{
    const SqlDialect dialect = dialectOf(db);
    Plan plan = planFor(db, filter);
    if (beforeId)
        plan.conditions.push_back({u"a.id < ?"_s, {*beforeId}, {}});
    const Condition *driver = plan.driverCondition();
    Where w = withJoin(whereOf(plan.conditions), plan.conditions, dialect);
    QString sql = kColumns + fromFor(dialect, driver, hasKind(plan.conditions)) + w.sql +
                  u" ORDER BY a.id DESC"_s;
    if (limit > 0) {
        sql += u" LIMIT ?"_s;
        w.bindings << limit;
    }
    return {sql, w.bindings};
}

} // namespace

AuditQuery::AuditQuery(const Connection &db)
    : m_db(db)
{}

std::vector<AuditRow> AuditQuery::page(const AuditFilter &filter, std::optional<qint64> beforeId,
                                       int limit)
{
    const PageSql p = pageSql(m_db, filter, beforeId, qMax(1, limit));
    QSqlQuery q = runForwardQuery(m_db, p.sql, p.bindings);
    std::vector<AuditRow> out;
    while (q.next())
        out.push_back(rowFrom(q));
    return out;
}

QStringList AuditQuery::explainPage(const AuditFilter &filter)
{
    const PageSql p = pageSql(m_db, filter, std::nullopt, 200);
    QSqlQuery q = runForwardQuery(m_db, explainPrefix(dialectOf(m_db)) + p.sql, p.bindings);
    QStringList out;
    const int column = dialectOf(m_db) == SqlDialect::Sqlite ? 3 : 0;
    while (q.next())
        out << q.value(column).toString();
    return out;
}

qint64 AuditQuery::count(const AuditFilter &filter)
{
    const std::vector<Condition> conditions = conditionsOf(filter);
    if (conditions.empty())
        return scalar(m_db, u"SELECT COUNT(*) FROM audit"_s, {});
    const Where w = whereOf(conditions);
    return scalar(
        m_db,
        u"SELECT COUNT(*) FROM audit a LEFT JOIN operations o ON o.id = a.operation_id"_s + w.sql,
        w.bindings);
}

AuditCount AuditQuery::countForView(const AuditFilter &filter)
{
    const SqlDialect dialect = dialectOf(m_db);
    const Plan plan = planFor(m_db, filter);
    if (plan.conditions.empty())
        return {scalar(m_db, u"SELECT COUNT(*) FROM audit"_s, {}), false};
    if (plan.conditions.size() == 1)
        return {plan.fewest, !plan.driver};
    // With a driver the count reads fewer than kCountBound rows; without one every condition
    // is dense and the combination is counted newest first only as far as the bound.
    const Condition *driver = plan.driverCondition();
    const Where w = withJoin(whereOf(plan.conditions), plan.conditions, dialect);
    const QString limit = driver ? QString() : u" LIMIT %1"_s.arg(kCountBound);
    const qint64 n =
        scalar(m_db,
               u"SELECT COUNT(*) FROM (SELECT 1"_s +
                   fromFor(dialect, driver, hasKind(plan.conditions)) + w.sql + limit + u") AS m"_s,
               w.bindings);
    return {n, !driver && n >= kCountBound};
}

AuditStream AuditQuery::stream(const AuditFilter &filter)
{
    const PageSql p = pageSql(m_db, filter, std::nullopt, 0);
    return AuditStream(std::make_unique<AuditStream::Statement>(
        AuditStream::Statement{runForwardQuery(m_db, p.sql, p.bindings)}));
}

std::pair<QString, QVariantList> AuditQuery::streamStatement(const AuditFilter &filter)
{
    PageSql p = pageSql(m_db, filter, std::nullopt, 0);
    return {std::move(p.sql), std::move(p.bindings)};
}

AuditStream::AuditStream(std::unique_ptr<Statement> statement)
    : m_statement(std::move(statement))
{}

AuditStream::AuditStream(AuditStream &&) noexcept = default;
AuditStream &AuditStream::operator=(AuditStream &&) noexcept = default;
AuditStream::~AuditStream() = default;

int AuditStream::read(std::vector<AuditRow> &out, int max)
{
    QSqlQuery &query = m_statement->query;
    int n = 0;
    while (!m_end && n < max) {
        if (!query.next()) {
            m_end = true;
            if (query.lastError().isValid())
                throw StoreError(
                    u"reading the audit trail failed: %1"_s.arg(query.lastError().text()));
            query.finish();
            break;
        }
        out.push_back(rowFrom(query));
        ++n;
    }
    return n;
}

QStringList AuditQuery::actions()
{
    return distinctColumn(m_db, u"action"_s);
}

QStringList AuditQuery::actors()
{
    return distinctColumn(m_db, u"actor"_s);
}

Connection &connectionOf(AuditQuery &query)
{
    return query.m_db;
}

} // namespace ops
