#include "storage/operations/operationquery.h"

#include "storage/access/foureyescover.h"
#include "storage/access/operatordirectory.h"
#include "storage/db/sqldialect.h"
#include "storage/db/sqltransaction.h"
#include "storage/records/operationrow.h"

#include <QSqlDriver>
#include <QSqlError>
#include <QSqlField>
#include <algorithm>

using namespace Qt::StringLiterals;

namespace ops {

namespace {

constexpr qint64 kNever = 9223372036854775807; // sorts after every time

// SortKey::Due: the earlier of the deadline and each service target that applies (teamday.h
// targetDue: from created_at, for the state it is measured in; an owned row has no unowned
// target). The targets are whole numbers of the filter, written as literals. No index orders by
// it: it sorts the filtered rows (the Checking queue's unknown rows).
QString dueExpression(const ServiceTargets &t, SqlDialect dialect)
{
    QStringList terms = {u"COALESCE(deadline_at, %1)"_s.arg(kNever)};
    auto add = [&terms](std::chrono::milliseconds after, const QString &when) {
        if (after.count() > 0)
            terms << u"CASE WHEN %1 THEN created_at + %2 ELSE %3 END"_s.arg(when)
                         .arg(after.count())
                         .arg(kNever);
    };
    add(t.unowned, u"state = 'unknown' AND owned_by IS NULL"_s);
    add(t.undecided, u"state = 'unknown'"_s);
    add(t.approval, u"state = 'awaiting_approval'"_s);
    const QString least = dialect == SqlDialect::Postgres ? u"LEAST"_s : u"MIN"_s;
    return terms.size() == 1 ? terms.front() : least + u"("_s + terms.join(u", "_s) + u")"_s;
}

// The expression each sort orders by. Must match the index expressions in 0002_console.sql
// character for character, or SQLite cannot use the index and sorts the whole table.
QString sortExpression(const QueryFilter &f, SqlDialect dialect)
{
    switch (f.sort) {
    case SortKey::Created:
        return u"created_at"_s;
    case SortKey::Id:
        return u"id"_s;
    case SortKey::Amount:
        return u"amount_minor"_s;
    case SortKey::Deadline:
        return u"COALESCE(deadline_at, 9223372036854775807)"_s;
    case SortKey::LastAttempt:
        return u"COALESCE(last_attempt_at, 0)"_s;
    case SortKey::Due:
        return dueExpression(f.targets, dialect);
    }
    return u"created_at"_s;
}

// What the row waits for (RowWaiting), as correlated subqueries of the page's own statement:
// evaluated for the rows the page returns only, each an index look-up (approvals_operation,
// proposals_one_open). MIN(id), not ORDER BY … LIMIT 1: no sort step in the plan.
QString waitingColumns()
{
    const QString pending = u"(SELECT MIN(id) FROM approvals WHERE approvals.operation_id = "
                            "operations.id AND approvals.state = 'pending')"_s;
    const QString open = u"FROM proposals WHERE proposals.operation_id = operations.id AND "
                         "proposals.state = 'open')"_s;
    return pending + u", (SELECT action FROM approvals WHERE approvals.id = "_s + pending +
           u"), (SELECT requested_by FROM approvals WHERE approvals.id = "_s + pending +
           u"), (SELECT action "_s + open + u", (SELECT outcome "_s + open +
           u", lease_holder, lease_until, "_s;
}

QString columns(const QueryFilter &f, SqlDialect dialect)
{
    return u"id, kind, provider, order_id, customer_id, charge_id, amount_minor, currency, state, "
           "provider_status, attempts, attempt_cap, idempotency_key, last_attempt_at, "
           "deadline_at, margin_seconds, provider_ref, created_at, updated_at, "
           "(SELECT COUNT(*) FROM evidence WHERE evidence.operation_id = operations.id), "
           "operator_attempts, owned_by, owned_since, "_s +
           waitingColumns() + sortExpression(f, dialect);
}

// The waiting columns' values, in waitingColumns()' order; a lease that expired by `nowMs` is
// left out.
RowWaiting waitingFromRow(const QSqlQuery &q, int first, qint64 nowMs)
{
    RowWaiting w;
    w.approvalId = q.value(first).toLongLong();
    if (w.hasApproval()) {
        w.approvalAction = q.value(first + 1).toString();
        w.approvalAskedBy = q.value(first + 2).toString();
    }
    w.proposalAction = q.value(first + 3).toString();
    w.proposalOutcome = q.value(first + 4).toString();
    const QVariant holder = q.value(first + 5);
    const qint64 until = q.value(first + 6).toLongLong();
    if (!holder.isNull() && until > nowMs) {
        w.leaseHolder = holder.toString();
        w.leaseUntil = rows::utc(until);
    }
    return w;
}

constexpr int kWaitingColumns = 7;

OperationSummary summaryFromRow(const QSqlQuery &q, qint64 nowMs)
{
    OperationSummary s;
    int i = 0;
    auto next = [&q, &i] {
        return q.value(i++);
    };
    s.id = next().toString();
    s.kind = kindFromString(next().toString()).value_or(OperationKind::Refund);
    s.provider = providerFromString(next().toString()).value_or(Provider::Stripe);
    s.orderId = next().toString();
    s.customerId = next().toString();
    s.chargeId = next().toString();
    s.amount.minor = next().toLongLong();
    s.amount.currency = next().toString();
    s.state = stateFromString(next().toString()).value_or(OperationState::Unknown);
    s.providerStatus = next().toString();
    s.attempts = next().toInt();
    s.attemptCap = next().toInt();
    s.idempotencyKey = next().toString();
    s.lastAttemptAt = rows::utcOrNull(next());
    s.deadline = rows::utcOrNull(next());
    s.marginSeconds = next().toLongLong();
    s.providerRef = next().toString();
    s.createdAt = rows::utc(next().toLongLong());
    s.updatedAt = rows::utc(next().toLongLong());
    s.evidenceCount = next().toInt();
    s.operatorAttempts = next().toInt();
    s.ownedBy = next().toString();
    s.ownedSince = rows::utcOrNull(next());
    s.waiting = waitingFromRow(q, i, nowMs);
    i += kWaitingColumns;
    s.sortValue = next();
    return s;
}

// WHERE clause (without cursor) and its bindings, in order.
struct Where
{
    QString sql = u" WHERE 1 = 1"_s;
    QVariantList bindings;

    void add(const QString &condition, const QVariantList &values)
    {
        sql += u" AND "_s + condition;
        bindings += values;
    }
};

enum class SearchPlan
{
    MatchList, // few matches: collect them through the column indexes, then sort them
    SortScan,  // many matches: walk the sort index and test each row; the page fills fast
};

// Above this many matches the sort-index walk wins (at least one row in 200 matches).
constexpr int kDenseSearchMatches = 5000;

QStringList searchColumns()
{
    return {u"id"_s,        u"idempotency_key"_s, u"order_id"_s, u"customer_id"_s,
            u"charge_id"_s, u"provider_ref"_s,    u"ticket"_s};
}

// "SELECT id … UNION ALL …": every id whose searchable column starts with the search text.
QString matchList(const QString &text, QVariantList *values)
{
    const QString high = text + QChar(0xDBFF) + QChar(0xDFFF); // U+10FFFF sorts after all text
    QStringList terms;
    for (const QString &column : searchColumns()) {
        terms << u"SELECT id FROM operations WHERE %1 >= ? AND %1 < ?"_s.arg(column);
        *values << text << high;
    }
    return terms.join(u" UNION ALL "_s);
}

Where whereFor(const QueryFilter &f, qint64 nowMs, SearchPlan plan = SearchPlan::MatchList)
{
    Where w;
    if (f.state)
        w.add(u"state = ?"_s, {toString(*f.state)});
    if (f.kind)
        w.add(u"kind = ?"_s, {toString(*f.kind)});
    if (f.provider)
        w.add(u"provider = ?"_s, {toString(*f.provider)});
    if (f.maxAgeSeconds)
        w.add(u"created_at >= ?"_s, {nowMs - *f.maxAgeSeconds * 1000});
    if (!f.ownedBy.isEmpty())
        w.add(u"owned_by = ?"_s, {f.ownedBy});
    const QString text = f.search.trimmed();
    if (text.isEmpty())
        return w;
    // A prefix range per searchable column (bound values: '%', '_' and quotes are plain text).
    QVariantList values;
    if (plan == SearchPlan::MatchList) {
        // Each range is answered by its column's index. Written as IN (… UNION ALL …), not OR:
        // with OR, SQLite walks the sort index and tests every row of a million.
        const QString list = matchList(text, &values);
        w.add(u"id IN ("_s + list + u")"_s, values);
        return w;
    }
    const QString high = text + QChar(0xDBFF) + QChar(0xDFFF);
    QStringList terms;
    for (const QString &column : searchColumns()) {
        terms << u"(%1 >= ? AND %1 < ?)"_s.arg(column);
        values << text << high;
    }
    w.add(u"("_s + terms.join(u" OR "_s) + u")"_s, values);
    return w;
}

QString pageSql(const QueryFilter &f, const Where &where, bool withCursor, SqlDialect dialect)
{
    const QString expr = sortExpression(f, dialect);
    const QString cmp = f.descending ? u"<"_s : u">"_s;
    const QString dir = f.descending ? u" DESC"_s : u" ASC"_s;
    QString sql = u"SELECT "_s + columns(f, dialect) + u" FROM operations"_s + where.sql;
    if (f.sort == SortKey::Id) {
        if (withCursor)
            sql += u" AND id "_s + cmp + u" ?"_s;
        return sql + u" ORDER BY id"_s + dir + u" LIMIT ?"_s;
    }
    if (withCursor)
        sql += u" AND ("_s + expr + u", id) "_s + cmp + u" (?, ?)"_s;
    return sql + u" ORDER BY "_s + expr + dir + u", id"_s + dir + u" LIMIT ?"_s;
}

QVariantList cursorBindings(const QueryFilter &f, const PageCursor &c)
{
    if (f.sort == SortKey::Id)
        return {c.id};
    return {c.sortValue, c.id};
}

struct Statement
{
    QString sql;
    QVariantList bindings;
};

// The orders a row's due time is the least of in the Checking queue (dueExpression), each with
// the rows it applies to; an index walks each one (operations_state_deadline, _state_created).
std::vector<std::pair<QString, QString>> dueTerms(const ServiceTargets &t)
{
    std::vector<std::pair<QString, QString>> terms{
        {u"COALESCE(deadline_at, %1)"_s.arg(kNever), QString()}};
    if (t.unowned.count() > 0)
        terms.emplace_back(u"created_at"_s, u" AND owned_by IS NULL"_s);
    if (t.undecided.count() > 0)
        terms.emplace_back(u"created_at"_s, QString());
    return terms;
}

// SortKey::Due over unknown rows without sorting them all: the page comes from candidates, the
// first `limit` rows after the cursor in each term's own order. A row among the first `limit`
// by due time is among the first `limit` of the term that gives its due time, since every row
// before it in that term's order is due before it too. So at most 3 × limit rows are sorted.
Statement duePage(const QueryFilter &f, const Where &where, const std::optional<PageCursor> &after,
                  int limit, SqlDialect dialect)
{
    const QString due = dueExpression(f.targets, dialect);
    Statement st;
    QStringList streams;
    int n = 0;
    for (const auto &[order, rows] : dueTerms(f.targets)) {
        QString sql = u"SELECT id FROM (SELECT id FROM operations"_s + where.sql + rows;
        st.bindings += where.bindings;
        if (after) {
            sql += u" AND ("_s + due + u", id) > (?, ?)"_s;
            st.bindings += cursorBindings(f, *after);
        }
        sql += u" ORDER BY %1, id LIMIT ?) AS due%2"_s.arg(order).arg(++n);
        st.bindings << limit;
        streams << sql;
    }
    st.sql = u"SELECT "_s + columns(f, dialect) + u" FROM operations WHERE id IN ("_s +
             streams.join(u" UNION "_s) + u") ORDER BY "_s + due + u", id LIMIT ?"_s;
    st.bindings << limit;
    return st;
}

// The page's statement: the Checking queue's due order from candidates (duePage), every other
// list straight off its sort index.
Statement pageStatement(const QueryFilter &f, const Where &where,
                        const std::optional<PageCursor> &after, int limit, SqlDialect dialect)
{
    if (f.sort == SortKey::Due && f.state == OperationState::Unknown && !f.descending)
        return duePage(f, where, after, limit, dialect);
    Statement st{pageSql(f, where, after.has_value(), dialect), where.bindings};
    if (after)
        st.bindings += cursorBindings(f, *after);
    st.bindings << limit;
    return st;
}

// Replaces each '?' (the statements here have no '?' inside string literals) with its value.
QString withLiterals(const Connection &db, const QString &sql, const QVariantList &bindings)
{
    QString out;
    qsizetype next = 0;
    for (const QChar c : sql) {
        if (c != u'?' || next >= bindings.size()) {
            out += c;
            continue;
        }
        const QVariant &v = bindings.at(next++);
        QSqlField field(QString(), v.metaType());
        field.setValue(v);
        out += db.driver()->formatValue(field);
    }
    return out;
}

} // namespace

OperationQuery::OperationQuery(const Connection &db, const Clock &clock)
    : m_db(db)
    , m_clock(clock)
{}

std::vector<OperationSummary>
OperationQuery::page(const QueryFilter &filter, const std::optional<PageCursor> &after, int limit)
{
    const Where where =
        whereFor(filter, m_clock.nowMs(),
                 isDenseSearch(filter) ? SearchPlan::SortScan : SearchPlan::MatchList);
    const Statement st = pageStatement(filter, where, after, qMax(1, limit), dialectOf(m_db));
    Query q = runQuery(m_db, st.sql, st.bindings);
    std::vector<OperationSummary> out;
    out.reserve(size_t(qMax(1, limit)));
    while (q.next())
        out.push_back(summaryFromRow(q, m_clock.nowMs()));
    addDeciders(out);
    return out;
}

void OperationQuery::addDeciders(std::vector<OperationSummary> &rows)
{
    const bool any = std::any_of(rows.begin(), rows.end(), [](const OperationSummary &row) {
        return row.waiting.hasApproval();
    });
    if (!any)
        return;
    const QStringList approvers = fourEyesApprovers(m_db);
    for (OperationSummary &row : rows) {
        if (!row.waiting.hasApproval())
            continue;
        // Nobody approves their own request (rule 8): the requester never decides.
        const QString requester = operatorName(row.waiting.approvalAskedBy);
        for (const QString &name : approvers) {
            if (name != requester)
                row.waiting.approvalDeciders << name;
        }
    }
}

// Counts the matches up to the threshold (an index walk of at most that many entries) and
// picks the plan that is fast for that many.
bool OperationQuery::isDenseSearch(const QueryFilter &filter)
{
    const QString text = filter.search.trimmed();
    if (text.isEmpty())
        return false;
    QVariantList values;
    const QString list = matchList(text, &values);
    values << kDenseSearchMatches + 1;
    Query q =
        runQuery(m_db, u"SELECT COUNT(*) FROM ("_s + list + u" LIMIT ?) AS matches"_s, values);
    return q.next() && q.value(0).toInt() > kDenseSearchMatches;
}

qint64 OperationQuery::count(const QueryFilter &filter)
{
    const Where where = whereFor(filter, m_clock.nowMs());
    Query q = runQuery(m_db, u"SELECT COUNT(*) FROM operations"_s + where.sql, where.bindings);
    return q.next() ? q.value(0).toLongLong() : 0;
}

std::optional<OperationSummary> OperationQuery::summary(const QString &id)
{
    Query q = runQuery(m_db,
                       u"SELECT "_s + columns(QueryFilter{}, dialectOf(m_db)) +
                           u" FROM operations WHERE id = ?"_s,
                       {id});
    if (!q.next())
        return std::nullopt;
    std::vector<OperationSummary> one{summaryFromRow(q, m_clock.nowMs())};
    addDeciders(one);
    return one.front();
}

PageCursor OperationQuery::cursorAfter(const OperationSummary &row)
{
    return ops::cursorAfter(row);
}

qint64 OperationQuery::dataVersion()
{
    Query q = runQuery(m_db, dataVersionSql(dialectOf(m_db)));
    return q.next() ? q.value(0).toLongLong() : -1;
}

QStringList OperationQuery::explainPage(const QueryFilter &filter, bool withCursor)
{
    const Where where =
        whereFor(filter, m_clock.nowMs(),
                 isDenseSearch(filter) ? SearchPlan::SortScan : SearchPlan::MatchList);
    const SqlDialect dialect = dialectOf(m_db);
    const std::optional<PageCursor> after =
        withCursor ? std::optional<PageCursor>(PageCursor{QVariant(qint64(0)), u"op_"_s})
                   : std::nullopt;
    const Statement st = pageStatement(filter, where, after, 100, dialect);
    const QString sql = explainPrefix(dialect) + st.sql;
    const QVariantList &bindings = st.bindings;
    // PostgreSQL cannot PREPARE an EXPLAIN: it runs as a plain statement with the values as
    // literals formatted by the driver.
    QSqlQuery q(m_db);
    if (dialect == SqlDialect::Sqlite)
        q = StatementCache::runOnce(m_db, sql, bindings, false);
    else if (!q.exec(withLiterals(m_db, sql, bindings)))
        throw StoreError(u"cannot explain the page query: %1"_s.arg(q.lastError().text()));
    QStringList plan;
    while (q.next())
        plan << q.value(explainColumn(dialect)).toString();
    return plan;
}

Connection &connectionOf(OperationQuery &query)
{
    return query.m_db;
}

} // namespace ops
