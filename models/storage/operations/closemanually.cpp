// Rule 8: manual close. Every close records who, when, why and which evidence; the checks run
// inside the write transaction so evidence and state cannot change underneath them.

#include "storage/access/approvals.h"
#include "storage/access/operatordirectory.h"
#include "storage/audit/auditlog.h"
#include "storage/db/sqltransaction.h"
#include "storage/messages/decisionnote.h"
#include "storage/operations/closeapproval.h"
#include "storage/operations/operationstore.h"
#include "storage/reconcile/proposals.h"
#include "storage/records/operationrow.h"

#include <functional>
#include <variant>

using namespace Qt::StringLiterals;

namespace ops {

namespace {

ManualCloseRefusal checkRequest(const ManualClose &c)
{
    if (c.outcome != OperationState::Succeeded && c.outcome != OperationState::Failed)
        return ManualCloseRefusal::NotAnOutcome;
    if (c.reason.trimmed().isEmpty())
        return ManualCloseRefusal::NeedsReason;
    if (c.evidenceIds.isEmpty())
        return ManualCloseRefusal::NeedsEvidence;
    if (c.outcome == OperationState::Succeeded && c.providerRef.trimmed().isEmpty())
        return ManualCloseRefusal::NeedsProviderRef;
    return ManualCloseRefusal::None;
}

} // namespace

namespace {

// A resend's answer is closed under the Resend right only by the operator whose resend it was:
// the operation's latest attempt must be theirs. Fails with the refusal's text.
Result<void> mayCloseFromResend(Connection &db, const ManualClose &c)
{
    if (auto allowed = hasRight(db, c.actor, Right::Resend); !allowed)
        return allowed;
    Query q = runQuery(
        db, u"SELECT actor FROM attempts WHERE operation_id = ? ORDER BY seq DESC LIMIT 1"_s,
        {c.operationId});
    if (!q.next() || q.value(0).toString() != c.actor)
        return Failure{
            u"%1 may close %2 from a resend only after resending it"_s.arg(c.actor, c.operationId)};
    return {};
}

Result<void> mayClose(Connection &db, const ManualClose &c)
{
    return c.fromResend ? mayCloseFromResend(db, c) : hasRight(db, c.actor, Right::Close);
}

ManualCloseResult refused(ManualCloseRefusal refusal, QString message = {}, qint64 approvalId = 0)
{
    return {refusal, message.isEmpty() ? describe(refusal) : std::move(message), approvalId};
}

ManualCloseRefusal checkEvidence(Connection &db, const ManualClose &c, nlohmann::json *ids)
{
    for (const qint64 id : c.evidenceIds) {
        Query q = runQuery(db, u"SELECT operation_id FROM evidence WHERE id = ?"_s, {id});
        if (!q.next() || q.value(0).toString() != c.operationId)
            return ManualCloseRefusal::EvidenceOfAnotherOperation;
        ids->push_back(id);
    }
    return ManualCloseRefusal::None;
}

// A pending close approval for `op` (not closed), unless one already waits; evidence checked.
ManualCloseResult storeCloseRequestLocked(Connection &db, qint64 now, const ManualClose &c,
                                          const Operation &op);
// AlreadyAwaitingApproval when a close of the operation waits for a decision: a person's close
// (below the threshold too, where support's request may wait) must not overtake it.
std::optional<ManualCloseResult> pendingCloseRefusal(Connection &db, const QString &operationId);

// What a close and a request for one check first, in this order: the request's fields, the
// actor's right (`mayAct` fails with what is missing; asked only after the fields pass), then
// that the row exists and is not final. The row when every check passes, else the refusal.
std::variant<ManualCloseResult, Operation> admit(Connection &db, const ManualClose &c,
                                                 const std::function<Result<void>()> &mayAct)
{
    if (const auto refusal = checkRequest(c); refusal != ManualCloseRefusal::None)
        return refused(refusal);
    if (const auto allowed = mayAct(); !allowed)
        return refused(ManualCloseRefusal::NotPermitted, allowed.error());
    auto found = rows::readOperation(db, c.operationId);
    if (!found)
        return refused(ManualCloseRefusal::NotFound);
    if (isFinal(found->state))
        return refused(ManualCloseRefusal::AlreadyFinal);
    return *std::move(found);
}

nlohmann::json closePayload(const ManualClose &c, const nlohmann::json &evidenceIds)
{
    return {{"outcome", toString(c.outcome).toStdString()},
            {"provider_ref", c.providerRef.trimmed().toStdString()},
            {"evidence_ids", evidenceIds},
            {"reason", c.reason.trimmed().toStdString()}};
}

} // namespace

ManualCloseRefusal applyCloseLocked(Connection &db, qint64 now, const ManualClose &c,
                                    const Operation &op,
                                    const std::optional<CloseApproval> &approval)
{
    nlohmann::json ids = nlohmann::json::array();
    if (const auto refusal = checkEvidence(db, c, &ids); refusal != ManualCloseRefusal::None)
        return refusal;
    const bool succeeded = c.outcome == OperationState::Succeeded;
    const QString closedBy =
        approval ? u"%1, approved by %2"_s.arg(c.actor, approval->approvedBy) : c.actor;
    runQuery(db,
             u"UPDATE operations SET state = ?, provider_ref = ?, failure_code = ?, closed_by = ?, "
             "closed_at = ?, close_reason = ?, updated_at = ? WHERE id = ?"_s,
             {toString(c.outcome), succeeded ? QVariant(c.providerRef.trimmed()) : QVariant(),
              succeeded ? QVariant() : QVariant(u"closed_by_operator"_s), closedBy, now,
              c.reason.trimmed(), now, c.operationId});
    nlohmann::json detail = closePayload(c, ids);
    detail["from"] = toString(op.state).toStdString();
    if (approval) {
        detail["requested_by"] = c.actor.toStdString();
        detail["approved_by"] = approval->approvedBy.toStdString();
        detail["approval_id"] = approval->approvalId;
    }
    // The approver carries the close out, so the entry is theirs: in team mode the database
    // takes an actor only from the login that writes it (migration 0011). A close that applies
    // the provider's answer to an operator resend has its own name: the person resent, and the
    // provider's answer closed the row (a support person resends without the Close right).
    const QString writer = approval ? approval->approvedBy : c.actor;
    AuditLog::append(db, now, writer,
                     c.fromResend ? u"state.closed_by_resend"_s : u"state.closed_manually"_s,
                     c.operationId, detail);
    withdrawProposalsLocked(db, now, c.operationId, writer, c.proposalId, c.fromResend);
    // With decision notes on, the note to the row's ticket is a row of this same commit.
    queueDecisionNoteLocked(db, now, writer, c.operationId);
    return ManualCloseRefusal::None;
}

ManualCloseResult closeManuallyLocked(Connection &db, qint64 now, const ManualClose &c)
{
    const auto admitted = admit(db, c, [&] { return mayClose(db, c); });
    if (const auto *refusal = std::get_if<ManualCloseResult>(&admitted))
        return *refusal;
    const Operation &op = std::get<Operation>(admitted);
    // A person's close does not overtake a request that waits; a resend's answer is the
    // provider's own word and closes the row whatever waits.
    if (auto waiting = pendingCloseRefusal(db, c.operationId); waiting && !c.fromResend)
        return *waiting;
    if (c.fromResend || !needsApproval(db, op)) {
        const auto refusal = applyCloseLocked(db, now, c, op);
        return refusal == ManualCloseRefusal::None ? ManualCloseResult{} : refused(refusal);
    }
    return storeCloseRequestLocked(db, now, c, op);
}

ManualCloseResult askForCloseLocked(Connection &db, qint64 now, const ManualClose &c)
{
    // The request rests on evidence the person found: the Attach right, not the Close right.
    const auto admitted = admit(db, c, [&] { return hasRight(db, c.actor, Right::Attach); });
    if (const auto *refusal = std::get_if<ManualCloseResult>(&admitted))
        return *refusal;
    const Operation &op = std::get<Operation>(admitted);
    // Only a row nobody may send for is asked about: an open row is still the engine's, and in
    // team mode the database lets only the engine's own login close it.
    if (op.state != OperationState::Unknown)
        return refused(ManualCloseRefusal::NotPermitted,
                       u"%1 is %2, not unknown: a supervisor is asked only about an unknown "
                       "operation"_s.arg(op.id, toString(op.state)));
    return storeCloseRequestLocked(db, now, c, op);
}

namespace {

std::optional<ManualCloseResult> pendingCloseRefusal(Connection &db, const QString &operationId)
{
    const auto pending =
        openApproval(db, operationId, ApprovalAction::Close, ApprovalState::Pending);
    if (!pending)
        return std::nullopt;
    return refused(ManualCloseRefusal::AlreadyAwaitingApproval,
                   u"a close of %1 is already waiting for approval #%2; approve or reject "
                   "that one first"_s.arg(operationId)
                       .arg(pending->id),
                   pending->id);
}

ManualCloseResult storeCloseRequestLocked(Connection &db, qint64 now, const ManualClose &c,
                                          const Operation &op)
{
    if (auto waiting = pendingCloseRefusal(db, c.operationId))
        return *waiting;
    nlohmann::json ids = nlohmann::json::array();
    if (const auto refusal = checkEvidence(db, c, &ids); refusal != ManualCloseRefusal::None)
        return refused(refusal);
    const qint64 approvalId =
        requestApprovalLocked(db, now, op, ApprovalAction::Close, c.actor, closePayload(c, ids));
    return refused(ManualCloseRefusal::AwaitingApproval, {}, approvalId);
}

} // namespace

ManualCloseResult OperationStore::closeManually(const ManualClose &c)
{
    // A person's close reads and writes its own operation, its evidence and approvals; the
    // threshold and the directory it reads change only under the exclusive lock. Left
    // uncommitted on every refusal: nothing written.
    WriteTransaction tx(m_db, WriteLocks::scoped({operationScope(c.operationId)}));
    const ManualCloseResult result = closeManuallyLocked(m_db, m_clock.nowMs(), c);
    if (result.wrote())
        tx.commit();
    return result;
}

} // namespace ops
