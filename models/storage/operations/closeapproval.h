#pragma once

// Carrying out a manual close (rule 8) inside a caller's write transaction, and the four-eyes
// decisions (issue 6) that carry out a stored one. These sit above approvals (access/approvals.h):
// they read the store's rows and write the close, while approvals only keep the ManualClose they
// were asked for. closeManuallyLocked and applyCloseLocked are in closemanually.cpp.

#include "domain/manualclose.h"
#include "storage/access/approvals.h"
#include "storage/db/connection.h"

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
// Validates evidence and writes the close of `op` with its audit entry, and the decision note
// when the team has them on (storage/messages/decisionnote.h). `approval` names the approver
// and approval id when four-eyes was needed.
ManualCloseRefusal applyCloseLocked(Connection &db, qint64 nowMs, const ManualClose &close,
                                    const Operation &op,
                                    const std::optional<CloseApproval> &approval = {});

// A person asks a supervisor to carry out `close` (issue 31 item 4: support has no Close right):
// it is stored as a pending close approval, whatever the amount, which a supervisor approves
// (carried out at once, under both names, as approveRequest does) or rejects with a reason, in
// the Approvals tab. Needs the Attach right (the request rests on evidence the person attached).
// Refused as closeManually refuses (reason, evidence of this operation, the provider's reference
// for succeeded, already closed, a close already waiting), nothing written; AwaitingApproval with
// the approval's id when stored. askForCloseLocked (closemanually.cpp) runs inside the caller's
// write transaction; askForClose opens and commits its own.
ManualCloseResult askForCloseLocked(Connection &db, qint64 nowMs, const ManualClose &close);
ManualCloseResult askForClose(OperationStore &store, const ManualClose &close);

// Throw ActionRefused (nothing written) when the actor lacks Approve, approves their own request,
// the approval is not pending, the reason is missing (reject), or the close can no longer be
// carried out (the operation was closed meanwhile).
Approval approveRequest(OperationStore &store, qint64 id, const QString &actor,
                        const QString &reason = {});
Approval rejectRequest(OperationStore &store, qint64 id, const QString &actor,
                       const QString &reason);

} // namespace ops
