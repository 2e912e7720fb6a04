#pragma once

// Carrying out a manual close (rule 8) inside a caller's write transaction, and the four-eyes
// decisions (issue 6) that carry out a stored one. These sit above approvals (access/approvals.h):
// they read the store's rows and write the close, while approvals only keep the ManualClose they
// were asked for. closeManuallyLocked and applyCloseLocked are in manualclose.cpp.

#include "storage/access/approvals.h"
#include "storage/db/connection.h"
#include "storage/manualclose.h"

#include <optional>

namespace ops {

class OperationStore;

// Names the approver and approval id of a close that needed four-eyes.
struct CloseApproval
{
    QString approvedBy;
    qint64 approvalId = 0;
};

// closeManually's checks and write inside the caller's write transaction (a proposal applied as
// one step with its own bookkeeping). Commit when the result wrote(); roll back otherwise.
ManualCloseResult closeManuallyLocked(Connection &db, qint64 nowMs, const ManualClose &close);
// Validates evidence and writes the close of `op` with its audit entry. `approval` names the
// approver and approval id when four-eyes was needed.
ManualCloseRefusal applyCloseLocked(Connection &db, qint64 nowMs, const ManualClose &close,
                                    const Operation &op,
                                    const std::optional<CloseApproval> &approval = {});

// Throw ActionRefused (nothing written) when the actor lacks Approve, approves their own request,
// the approval is not pending, the reason is missing (reject), or the close can no longer be
// carried out (the operation was closed meanwhile).
Approval approveRequest(OperationStore &store, qint64 id, const QString &actor,
                        const QString &reason = {});
Approval rejectRequest(OperationStore &store, qint64 id, const QString &actor,
                       const QString &reason);

} // namespace ops
