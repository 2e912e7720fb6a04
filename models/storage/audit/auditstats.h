#pragma once

// Figures for the supervisors' charts, computed in SQL and handed out as plain values.
// Days are UTC calendar days.

#include "domain/audittypes.h"
#include "storage/db/connection.h"

#include <QDate>
#include <QString>
#include <functional>
#include <vector>

namespace ops {

class AuditStats
{
public:
    explicit AuditStats(const Connection &db);

    // Operations that became unknown, per UTC day in [fromMs, toMs); every day of the range is
    // present (zero days included), oldest first.
    std::vector<DayCount> unknownPerDay(qint64 fromMs, qint64 toMs);
    // How many operations needed 1, 2, … attempts; the last bin collects `lastBin` and more.
    // Operations never attempted are left out.
    std::vector<Bin> attemptsPerOperation(int lastBin = 6);
    // The same for attempts operators made by hand (resends, operations.operator_attempts, which
    // the engine keeps apart from automation's count): how many operations had 1, 2, … of them.
    // Operations never resent by a person are left out.
    std::vector<Bin> operatorAttemptsPerOperation(int lastBin = 6);
    // For operations that were unknown and are now closed: time from the first "unknown" entry
    // to the close, in fixed bins (< 1 h, 1–4 h, 4–12 h, 12–24 h, 1–3 d, ≥ 3 d).
    std::vector<Bin> unknownToClosed();
    // Refunds by their reason code, the codes in order ('' first: no code).
    std::vector<RefundTally> refundsByReason();
    // Refunds by their batch (a reference "batch:NAME" or "batch:NAME:REF"), newest batch
    // first; refunds of no batch are left out.
    std::vector<RefundTally> refundsByBatch();
    // A batch's refunds, oldest first: what its view lists and exports.
    std::vector<Operation> batchRefunds(const QString &name);

private:
    // `column` is one of the two fixed counter names above, never input.
    std::vector<Bin> countsPerOperation(const QString &column, int lastBin);
    // Refunds grouped by `keyColumn` (a fixed column name, never input) and state, `where` (fixed
    // SQL with `bindings`) narrowing them, folded by `keyOf` (the column's value → the key).
    std::vector<RefundTally> tally(const QString &keyColumn, const QString &where,
                                   const QVariantList &bindings,
                                   const std::function<QString(const QString &)> &keyOf);

    ConnectionHold m_db;
};

} // namespace ops
