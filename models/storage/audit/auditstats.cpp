#include "storage/audit/auditstats.h"

#include "storage/db/sqldialect.h"
#include "storage/db/sqltransaction.h"
#include "storage/records/operationrow.h"

#include <QTimeZone>
#include <algorithm>
#include <map>

using namespace Qt::StringLiterals;

namespace ops {

namespace {

constexpr qint64 kDayMs = 86'400'000;

} // namespace

AuditStats::AuditStats(const Connection &db)
    : m_db(db)
{}

std::vector<DayCount> AuditStats::unknownPerDay(qint64 fromMs, qint64 toMs)
{
    std::vector<DayCount> out;
    if (toMs <= fromMs)
        return out;
    // Integer division floors toward zero; times before 1970 are not expected here.
    Query q = runQuery(m_db,
                       u"SELECT at / ?, COUNT(*) FROM audit WHERE action = 'state.unknown' "
                       "AND at >= ? AND at < ? GROUP BY 1"_s,
                       {kDayMs, fromMs, toMs});
    std::map<qint64, qint64> perDay;
    while (q.next())
        perDay[q.value(0).toLongLong()] = q.value(1).toLongLong();
    const QDate epoch(1970, 1, 1);
    for (qint64 day = fromMs / kDayMs; day <= (toMs - 1) / kDayMs; ++day) {
        const auto it = perDay.find(day);
        out.push_back({epoch.addDays(day), it == perDay.end() ? 0 : it->second});
    }
    return out;
}

std::vector<Bin> AuditStats::attemptsPerOperation(int lastBin)
{
    return countsPerOperation(u"attempts"_s, lastBin);
}

std::vector<Bin> AuditStats::operatorAttemptsPerOperation(int lastBin)
{
    return countsPerOperation(u"operator_attempts"_s, lastBin);
}

std::vector<Bin> AuditStats::countsPerOperation(const QString &column, int lastBin)
{
    lastBin = qMax(1, lastBin);
    std::vector<Bin> out;
    for (int n = 1; n <= lastBin; ++n)
        out.push_back({n == lastBin ? u"%1+"_s.arg(n) : QString::number(n), n, 0});
    // CASE, not MIN(a, b): two-argument MIN is SQLite's spelling (PostgreSQL has LEAST).
    Query q = runQuery(m_db,
                       u"SELECT CASE WHEN %1 < ? THEN %1 ELSE ? END, COUNT(*) "
                       "FROM operations WHERE %1 > 0 GROUP BY 1"_s.arg(column),
                       {lastBin, lastBin});
    while (q.next()) {
        const int n = q.value(0).toInt();
        if (n >= 1 && n <= lastBin)
            out[size_t(n - 1)].count = q.value(1).toLongLong();
    }
    return out;
}

std::vector<RefundTally> AuditStats::tally(const QString &keyColumn, const QString &where,
                                           const QVariantList &bindings,
                                           const std::function<QString(const QString &)> &keyOf)
{
    // SUM of a bigint is numeric on PostgreSQL (a double through QPSQL): cast back, exact.
    Query q =
        runQuery(m_db,
                 u"SELECT %1, state, currency, COUNT(*), CAST(SUM(amount_minor) AS BIGINT), "
                 "MIN(created_at), MAX(created_at) FROM operations "
                 "WHERE kind = 'refund' %2 GROUP BY %1, state, currency"_s.arg(keyColumn, where),
                 bindings);
    std::map<QString, RefundTally> byKey;
    while (q.next()) {
        const QString key = keyOf(q.value(0).toString());
        RefundTally &t = byKey[key];
        t.key = key;
        const qint64 n = q.value(3).toLongLong();
        t.refunds += n;
        const auto state = stateFromString(q.value(1).toString());
        if (state == OperationState::Succeeded) {
            t.succeeded += n;
            t.refunded[q.value(2).toString()] += q.value(4).toLongLong();
        } else if (state == OperationState::Failed) {
            t.failed += n;
        } else {
            t.unsettled += n;
        }
        const qint64 first = q.value(5).toLongLong();
        const qint64 last = q.value(6).toLongLong();
        t.firstMs = t.firstMs == 0 ? first : std::min(t.firstMs, first);
        t.lastMs = std::max(t.lastMs, last);
    }
    std::vector<RefundTally> out;
    for (auto &[key, t] : byKey)
        out.push_back(std::move(t));
    return out;
}

std::vector<RefundTally> AuditStats::refundsByReason()
{
    return tally(u"reason_code"_s, {}, {}, [](const QString &code) { return code; });
}

std::vector<RefundTally> AuditStats::refundsByBatch()
{
    // Byte-order ranges, not LIKE: '_' in a name is a LIKE wildcard, and LIKE ignores case on
    // SQLite but not on PostgreSQL (approvals.cpp reads settings the same way).
    const QString prefix = u"batch:"_s;
    std::vector<RefundTally> out = tally(
        u"reference"_s, u"AND reference >= ? AND reference < ?"_s, {prefix, prefixRangeEnd(prefix)},
        [](const QString &reference) { return reference.section(u':', 1, 1); });
    std::stable_sort(out.begin(), out.end(), [](const RefundTally &a, const RefundTally &b) {
        return a.lastMs > b.lastMs;
    });
    return out;
}

std::vector<Operation> AuditStats::batchRefunds(const QString &name)
{
    // The name has no ':' (checkBatchName), so "batch:NAME" and the range of "batch:NAME:" are
    // exactly its references.
    const QString whole = u"batch:"_s + name;
    const QString prefix = whole + u':';
    return rows::readOperations(m_db,
                                u"WHERE kind = 'refund' AND (reference = ? OR (reference >= ? AND "
                                "reference < ?)) ORDER BY created_at, id"_s,
                                {whole, prefix, prefixRangeEnd(prefix)});
}

std::vector<Bin> AuditStats::unknownToClosed()
{
    std::vector<Bin> out = {{u"<1h"_s, 0, 0},          {u"1-4h"_s, 3600, 0},
                            {u"4-12h"_s, 4 * 3600, 0}, {u"12-24h"_s, 12 * 3600, 0},
                            {u"1-3d"_s, 86400, 0},     {u"3d+"_s, 3 * 86400, 0}};
    Query q = runQuery(m_db, u"SELECT (o.closed_at - MIN(a.at)) / 1000 FROM audit a "
                             "JOIN operations o ON o.id = a.operation_id "
                             "WHERE a.action = 'state.unknown' AND o.closed_at IS NOT NULL "
                             "GROUP BY o.id"_s);
    while (q.next()) {
        const qint64 seconds = qMax<qint64>(0, q.value(0).toLongLong());
        for (auto it = out.rbegin(); it != out.rend(); ++it) {
            if (seconds >= it->lowerBound) {
                ++it->count;
                break;
            }
        }
    }
    return out;
}

} // namespace ops
