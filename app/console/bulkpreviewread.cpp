#include "console/bulkpreviewread.h"

#include "domain/classification.h"
#include "storage/access/accessstore.h"
#include "storage/operations/operationstore.h"
#include "storage/operations/proposalapply.h"
#include "storage/operations/resendlease.h"
#include "storage/reconcile/proposals.h"
#include "storage/reconcile/reconcilestore.h"
#include "storage/session.h"

namespace ops::console {

std::vector<BulkRow> readBulkPreview(Session &session, const ui::BulkPreviewRequest &request,
                                     qsizetype from, qsizetype count, const QDateTime &now)
{
    OperationStore &store = session.store();
    std::vector<BulkRow> rows;
    const QStringList ids = request.operationIds.mid(from, count);
    if (!request.resend) {
        const auto preview =
            previewApply(store, ids, request.actor, {std::nullopt, request.leaseHolder});
        for (const ApplyPreviewRow &row : preview)
            rows.push_back(bulkRowFromPreview(row));
        return rows;
    }
    for (const QString &id : ids) {
        const auto op = store.operation(id);
        if (!op)
            continue;
        rows.push_back(bulkRowForResend(
            *op, resendBlock(*op, activeResendLease(store, id), request.leaseHolder, now),
            keyMemoryFor(*op, store.attempts(id)), session.reconcile().newestEvidenceId(id)));
        // The same rule as the resend itself (OperationStore::beginAttempt): the preview says
        // "approval request" where the run will say "sent for approval" (issue 50 item 3).
        if (rows.back().runnable())
            rows.back().needsApproval = session.access().needsApproval(*op);
    }
    return rows;
}

} // namespace ops::console
