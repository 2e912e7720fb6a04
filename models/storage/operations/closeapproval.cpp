// The four-eyes decisions: an approved close is carried out at once, under both names, in the
// decision's own write transaction.

#include "storage/operations/closeapproval.h"

#include "domain/storeerror.h"
#include "storage/db/sqltransaction.h"
#include "storage/operations/operationstore.h"

using namespace Qt::StringLiterals;

namespace ops {

namespace {

// Deciding an approval locks the operation it was asked for (an approval's operation never
// changes, so reading it before the transaction names the right scope); the decision is then
// read again under that lock.
WriteLocks approvalLocks(Connection &db, qint64 id)
{
    const auto a = findApproval(db, id);
    return WriteLocks::scoped({a ? operationScope(a->operationId) : QString()});
}

} // namespace

Approval approveRequest(OperationStore &store, qint64 id, const QString &actor,
                        const QString &reason)
{
    Connection &db = connectionOf(store);
    const qint64 now = store.clock().nowMs();
    WriteTransaction tx(db, approvalLocks(db, id));
    const Approval a = decidableApproval(db, id, actor);
    if (a.requestedBy == actor)
        throw ActionRefused(u"nobody approves their own request: approval #%1 was asked for by "
                            "%2"_s.arg(id)
                                .arg(actor));
    const auto op = store.operation(a.operationId);
    if (!op || isFinal(op->state))
        throw ActionRefused(
            u"operation %1 %2; approval #%3 can no longer be carried out (reject it)"_s
                .arg(a.operationId, op ? u"has already "_s + toString(op->state) : u"is gone"_s)
                .arg(id));
    recordDecisionLocked(db, now, a, ApprovalState::Approved, actor, reason.trimmed());
    if (const auto close = a.requestedClose()) {
        const auto refusal = applyCloseLocked(db, now, *close, *op, CloseApproval{actor, id});
        if (refusal != ManualCloseRefusal::None)
            throw ActionRefused(
                u"approval #%1 cannot be carried out: %2"_s.arg(id).arg(describe(refusal)));
    }
    tx.commit();
    return *findApproval(db, id);
}

ManualCloseResult askForClose(OperationStore &store, const ManualClose &close)
{
    Connection &db = connectionOf(store);
    // Its own operation only; left uncommitted on every refusal: nothing written.
    WriteTransaction tx(db, WriteLocks::scoped({operationScope(close.operationId)}));
    const ManualCloseResult result = askForCloseLocked(db, store.clock().nowMs(), close);
    if (result.wrote())
        tx.commit();
    return result;
}

Approval rejectRequest(OperationStore &store, qint64 id, const QString &actor,
                       const QString &reason)
{
    if (reason.trimmed().isEmpty())
        throw ActionRefused(u"a rejection needs a reason"_s);
    Connection &db = connectionOf(store);
    const qint64 now = store.clock().nowMs();
    WriteTransaction tx(db, approvalLocks(db, id));
    const Approval a = decidableApproval(db, id, actor);
    recordDecisionLocked(db, now, a, ApprovalState::Rejected, actor, reason.trimmed());
    tx.commit();
    return *findApproval(db, id);
}

} // namespace ops
