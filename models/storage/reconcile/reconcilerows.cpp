#include "storage/reconcile/reconcilerows.h"

#include "storage/db/sqldialect.h"
#include "storage/db/sqltransaction.h"
#include "storage/records/operationrow.h"

using namespace Qt::StringLiterals;

namespace ops {

namespace {

const QString kMarkColumns =
    u"reconcile_next_at, reconcile_checks, reconcile_last_at, reconcile_last_result, "
    "reconcile_ended"_s;

ReconcileMark markFrom(const QSqlQuery &q, int at)
{
    ReconcileMark m;
    m.nextAt = rows::utcOrNull(q.value(at));
    m.checks = q.value(at + 1).toInt();
    m.lastAt = rows::utcOrNull(q.value(at + 2));
    m.lastResult = q.value(at + 3).toString();
    m.ended = q.value(at + 4).toInt() != 0;
    return m;
}

} // namespace

ReconcileMark reconcileMark(Connection &db, const QString &operationId)
{
    Query q = runQuery(db, u"SELECT "_s + kMarkColumns + u" FROM operations WHERE id = ?"_s,
                       {operationId});
    return q.next() ? markFrom(q, 0) : ReconcileMark{};
}

QString reconcileCandidatesSql(SqlDialect dialect)
{
    // The WHERE opens with the predicate of operations_reconcile_candidates (migration 0019),
    // word for word: SQLite uses a partial index only when the query holds its terms as they
    // are written, and PostgreSQL proves it at once. The ORDER BY is the index's key, so a pass
    // reads the index in order and stops at the limit instead of sorting every live row.
    return u"SELECT "_s + rows::operationColumns() + u", "_s + kMarkColumns +
           u", CASE WHEN lease_holder IS NOT NULL AND lease_until > ? THEN 1 ELSE 0 END, "
           "CASE WHEN EXISTS (SELECT 1 FROM approvals a WHERE a.operation_id = operations.id "
           "AND a.state = 'pending') THEN 1 ELSE 0 END FROM operations"_s +
           indexedBy(dialect, u"operations_reconcile_candidates"_s) +
           u" WHERE "
           "reconcile_ended = 0 AND (state IN ('open', 'unknown') OR (state = 'succeeded' AND "
           "kind = 'refund' AND provider_status = 'pending')) "
           "AND (state = 'unknown' OR (state = 'open' AND last_attempt_at <= ?) OR state = "
           "'succeeded') AND (? = 1 OR reconcile_next_at IS NULL OR reconcile_next_at <= ?) "
           "ORDER BY COALESCE(charge_id, ''), id LIMIT ?"_s;
}

std::vector<ReconcileCandidate> reconcileCandidates(Connection &db, qint64 now, qint64 openStaleMs,
                                                    bool ignoreSlots, int limit)
{
    const int columns = int(rows::operationColumns().count(u',')) + 1;
    Query q = runQuery(db, reconcileCandidatesSql(dialectOf(db)),
                       {now, now - openStaleMs, ignoreSlots ? 1 : 0, now, limit});
    std::vector<ReconcileCandidate> out;
    while (q.next()) {
        ReconcileCandidate c;
        c.op = rows::operationFromRow(q);
        c.mark = markFrom(q, columns);
        c.leased = q.value(columns + 5).toInt() != 0;
        c.awaitingApproval = q.value(columns + 6).toInt() != 0;
        out.push_back(std::move(c));
    }
    return out;
}

void recordReconcileCheck(Connection &db, const QString &operationId, qint64 nowMs,
                          std::optional<qint64> nextAtMs, bool counted, const QString &result)
{
    runQuery(db,
             u"UPDATE operations SET reconcile_next_at = ?, reconcile_ended = ?, "
             "reconcile_checks = reconcile_checks + ?, reconcile_last_at = CASE WHEN ? = 1 THEN "
             "? ELSE reconcile_last_at END, reconcile_last_result = CASE WHEN ? = 1 THEN ? ELSE "
             "reconcile_last_result END WHERE id = ?"_s,
             {nextAtMs ? QVariant(*nextAtMs) : QVariant(), nextAtMs ? 0 : 1, counted ? 1 : 0,
              counted ? 1 : 0, nowMs, counted ? 1 : 0, result, operationId});
}

} // namespace ops
