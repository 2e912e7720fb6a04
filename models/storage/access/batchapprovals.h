#pragma once

// Four-eyes for a whole batch (docs/design.md §19, migration 0020). A batch whose total in a
// currency is above that currency's batch threshold runs only once another supervisor approved
// it. The approval is bound to the batch's name and the SHA-256 of the file asked for, so the same
// name with other contents asks again; once approved it stays so for every later run of that
// file. Asking is a person's (any operator who may send refunds); deciding needs the Approve
// right and is never the asker's. Every step is an audit entry. On PostgreSQL the database holds
// the same rules (ops_guard_batch_approvals).

#include "storage/access/approvals.h"

#include <QDateTime>
#include <QMap>
#include <optional>
#include <vector>

namespace ops {

struct BatchApproval
{
    qint64 id = 0;
    QString name;
    QString fileSha256;
    QMap<QString, qint64> totals; // currency → minor units, as asked
    int rows = 0;
    QString requestedBy;
    QDateTime requestedAt;
    ApprovalState state = ApprovalState::Pending;
    QString decidedBy;
    std::optional<QDateTime> decidedAt;
    QString decisionReason;
};

// The pending or approved approval of this batch and file, if any.
std::optional<BatchApproval> liveBatchApproval(Connection &db, const QString &name,
                                               const QString &fileSha256);
// Asks for one (audited as batch.approval_requested), or returns the live one already asked for.
BatchApproval askBatchApproval(Connection &db, qint64 nowMs, const QString &actor,
                               const QString &name, const QString &fileSha256,
                               const QMap<QString, qint64> &totals, int rows);
// Approves or rejects the pending approval of batch `name`: approval `id`, or the only one. Throws
// ActionRefused (nothing written) without the Approve right, for the asker (who may neither
// approve nor withdraw), when none is pending, or when several are and no id says which (each
// names another file: the decider picks the one they checked).
BatchApproval decideBatchApproval(Connection &db, qint64 nowMs, const QString &actor,
                                  const QString &name, std::optional<qint64> id, bool approve,
                                  const QString &reason);
// Newest first; all states when `state` is nullopt.
std::vector<BatchApproval>
listBatchApprovals(Connection &db, std::optional<ApprovalState> state = {}, int limit = 200);

} // namespace ops
