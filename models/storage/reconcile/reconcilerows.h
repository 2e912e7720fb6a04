#pragma once

// The reconciler's reads and bookkeeping on operation rows (migration 0006): which rows it may
// look at, and when each is next read. The next check time is stored on the row so the console
// can show it. Writing it never changes updated_at: a reading is not a change of the row.

#include "domain/operation.h"
#include "storage/db/connection.h"

#include <optional>
#include <vector>

namespace ops {

enum class SqlDialect; // storage/db/sqldialect.h

struct ReconcileMark
{
    std::optional<QDateTime> nextAt; // nullopt: not scheduled yet, or ended
    int checks = 0;
    std::optional<QDateTime> lastAt;
    QString lastResult; // what the last reading led to ("proposal", "rescheduled", …)
    bool ended = false; // past one day after the deadline: no more readings
};

ReconcileMark reconcileMark(Connection &db, const QString &operationId);

// A row the reconciler may read now, with what keeps a person's hands on it.
struct ReconcileCandidate
{
    Operation op;
    ReconcileMark mark;
    bool leased = false;           // a console holds its resend lease
    bool awaitingApproval = false; // a close or resend of it waits for a second person
};

// Unknown rows, open rows whose last attempt is older than nowMs - openStaleMs, and succeeded
// refunds still `pending` at the provider; whose slot has come (or that were never scheduled),
// or every one of them with ignoreSlots. Grouped by charge (then id), so a pass reads each
// charge's refunds once. At most `limit` rows.
std::vector<ReconcileCandidate>
reconcileCandidates(Connection &db, qint64 nowMs, qint64 openStaleMs, bool ignoreSlots, int limit);
// Its statement, with five bound values (now, now - openStaleMs, ignoreSlots, now, limit): for
// the suites that check its plan.
QString reconcileCandidatesSql(SqlDialect dialect);

// Records a reading (or a first scheduling when `counted` is false) and the next slot.
void recordReconcileCheck(Connection &db, const QString &operationId, qint64 nowMs,
                          std::optional<qint64> nextAtMs, bool counted, const QString &result);

} // namespace ops
