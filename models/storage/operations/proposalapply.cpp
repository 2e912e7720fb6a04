#include "storage/operations/proposalapply.h"

#include "domain/money.h"
#include "storage/access/approvals.h"
#include "storage/access/operatordirectory.h"
#include "storage/audit/auditlog.h"
#include "storage/db/sqltransaction.h"
#include "storage/events/eventstore.h"
#include "storage/operations/closeapproval.h"
#include "storage/operations/operationstore.h"
#include "storage/operations/resendlease.h"

#include <nlohmann/json.hpp>

using namespace Qt::StringLiterals;
using nlohmann::json;

namespace ops {

namespace {

bool supports(const ProviderReading &r, const Proposal &p)
{
    if (r.refundId.isEmpty())
        return p.action == ProposalAction::Resend ||
               (p.outcome == OperationState::Failed && p.providerRef.isEmpty());
    return p.action == ProposalAction::Close && r.outcome == p.outcome &&
           (p.outcome != OperationState::Succeeded || p.providerRef == r.refundId);
}

ApplyPreviewRow excluded(ApplyPreviewRow row, ApplyExclusion why, QString reason)
{
    row.exclusion = why;
    row.reason = std::move(reason);
    return row;
}

// Everything that excludes a row apart from the proposal itself: the row's state, newer or
// conflicting evidence, a change since the preview, a colleague's lease, a waiting approval.
ApplyPreviewRow checkRow(OperationStore &store, ApplyPreviewRow row, const Operation &op,
                         const ApplyGuard &guard)
{
    Connection &db = connectionOf(store);
    const Proposal &p = *row.proposal;
    if (p.state != ProposalState::Open)
        return excluded(row, ApplyExclusion::ProposalNotOpen,
                        u"proposal %1 is %2"_s.arg(p.id).arg(toString(p.state)));
    if (isFinal(op.state))
        return excluded(row, ApplyExclusion::RowClosed,
                        u"%1 has already %2"_s.arg(op.id, toString(op.state)));
    if (newestEvidenceId(db, op.id) > p.newestEvidenceId) {
        if (const qint64 other = disagreeingEvidence(store, p); other != 0)
            return excluded(
                row, ApplyExclusion::NewerEvidence,
                u"evidence #%1 came after proposal #%2 and may change it"_s.arg(other).arg(p.id));
    }
    if (const auto attention = EventStore(db, store.clock()).attentionOf(op.id))
        return excluded(row, ApplyExclusion::ConflictingEvidence,
                        u"the row needs attention: "_s + attention->reason);
    if (guard.previewedVersionMs && *guard.previewedVersionMs != row.versionMs)
        return excluded(row, ApplyExclusion::ChangedSincePreview,
                        u"%1 was changed after the preview; preview again"_s.arg(op.id));
    if (const auto lease = activeResendLease(store, op.id);
        lease && lease->holder != guard.leaseHolder)
        return excluded(
            row, ApplyExclusion::LeasedByColleague,
            u"%1 is resending %2 right now"_s.arg(lease->holder.section(u'#', 0, 0), op.id));
    if (const auto pending = openApproval(db, op.id, ApprovalAction::Close, ApprovalState::Pending))
        return excluded(
            row, ApplyExclusion::PendingApproval,
            u"a close of %1 already waits for approval #%2"_s.arg(op.id).arg(pending->id));
    return row;
}

ApplyPreviewRow checkAction(OperationStore &store, ApplyPreviewRow row, const Operation &op,
                            const QString &actor)
{
    Connection &db = connectionOf(store);
    if (row.proposal->action == ProposalAction::Resend) {
        if (op.deadline && store.clock().now() >= *op.deadline)
            return excluded(row, ApplyExclusion::PastWindow,
                            u"the retention window of %1 closed at %2: no resend"_s.arg(
                                op.id, op.deadline->toString(Qt::ISODate)));
        // The caller resends; above the threshold that resend asks first (beginAttempt), so the
        // preview says so (issue 50 item 3).
        row.needsApproval = needsApproval(db, op);
        return excluded(
            row, ApplyExclusion::ResendNotHere,
            u"a resend proposal is applied by resending %1 with its stored key"_s.arg(op.id));
    }
    if (const auto allowed = hasRight(db, actor, Right::Close); !allowed)
        return excluded(row, ApplyExclusion::NotPermitted, allowed.error());
    row.needsApproval = needsApproval(db, op);
    const QString outcome = toString(*row.proposal->outcome);
    row.reason =
        row.needsApproval
            ? u"above the four-eyes threshold: an approval request to close %1 as %2"_s.arg(op.id,
                                                                                            outcome)
            : u"close %1 as %2"_s.arg(op.id, outcome);
    return row;
}

ApplyPreviewRow check(OperationStore &store, const QString &operationId,
                      std::optional<Proposal> proposal, const QString &actor,
                      const ApplyGuard &guard)
{
    ApplyPreviewRow row;
    row.operationId = operationId;
    row.proposal = std::move(proposal);
    const auto op = store.operation(operationId);
    if (!op)
        return excluded(row, ApplyExclusion::RowClosed, u"no such operation: "_s + operationId);
    row.versionMs = op->updatedAt.toMSecsSinceEpoch();
    row.amount = op->amount;
    if (!row.proposal)
        return excluded(row, ApplyExclusion::NoProposal,
                        u"%1 has no open proposal"_s.arg(operationId));
    row = checkRow(store, row, *op, guard);
    return row.applicable() ? checkAction(store, row, *op, actor) : row;
}

ApplyResult resultOf(const ApplyPreviewRow &row, ApplyKind kind)
{
    return {kind, row.exclusion, row.reason, row.proposal ? row.proposal->id : 0, row.operationId,
            0};
}

ManualClose closeFor(const Proposal &p, const QString &actor)
{
    ManualClose c;
    c.operationId = p.operationId;
    c.outcome = *p.outcome;
    c.providerRef = p.providerRef;
    c.evidenceIds = p.evidenceIds;
    c.actor = actor;
    c.reason = u"Applied reconciler proposal %1: %2"_s.arg(p.id).arg(p.reason);
    c.proposalId = p.id;
    return c;
}

// Applying a proposal locks the operation it is about (a proposal's operation never changes, so
// reading it before the transaction names the right scope); the proposal is read again under it.
WriteLocks proposalLocks(Connection &db, qint64 proposalId)
{
    const auto p = findProposal(db, proposalId);
    return WriteLocks::scoped({p ? operationScope(p->operationId) : QString()});
}

} // namespace

qint64 disagreeingEvidence(OperationStore &store, const Proposal &p)
{
    const std::vector<Evidence> all = store.evidence(p.operationId); // oldest first
    std::optional<ProviderReading> basis;
    for (const Evidence &e : all) {
        if (e.id > p.newestEvidenceId || !p.evidenceIds.contains(e.id))
            continue;
        if (auto r = providerReading(e))
            basis = std::move(r); // the newest of the proposal's readings wins
    }
    const bool usable = basis && supports(*basis, p);
    for (const Evidence &e : all) {
        if (e.id > p.newestEvidenceId && (!usable || providerReading(e) != basis))
            return e.id;
    }
    return 0;
}

std::vector<ApplyPreviewRow> previewApply(OperationStore &store, const QStringList &operationIds,
                                          const QString &actor, const ApplyGuard &guard)
{
    std::vector<ApplyPreviewRow> rows;
    rows.reserve(size_t(operationIds.size()));
    for (const QString &id : operationIds)
        rows.push_back(check(store, id, openProposal(connectionOf(store), id), actor, guard));
    return rows;
}

ApplyPreviewRow previewProposal(OperationStore &store, qint64 proposalId, const QString &actor,
                                const ApplyGuard &guard)
{
    const auto p = findProposal(connectionOf(store), proposalId);
    if (!p) {
        ApplyPreviewRow row;
        return excluded(row, ApplyExclusion::UnknownProposal,
                        u"no such proposal: %1"_s.arg(proposalId));
    }
    return check(store, p->operationId, p, actor, guard);
}

ApplyResult applyProposal(OperationStore &store, qint64 proposalId, const QString &actor,
                          const ApplyGuard &guard)
{
    Connection &db = connectionOf(store);
    const qint64 now = store.clock().nowMs();
    WriteTransaction tx(db, proposalLocks(db, proposalId)); // uncommitted on every exclusion
    const ApplyPreviewRow row = previewProposal(store, proposalId, actor, guard);
    if (!row.applicable())
        return resultOf(row, ApplyKind::Excluded);
    const Proposal &p = *row.proposal;
    const ManualCloseResult closed = closeManuallyLocked(db, now, closeFor(p, actor));
    if (!closed.wrote()) {
        ApplyResult r = resultOf(row, ApplyKind::Excluded);
        r.exclusion = closed.refusal == ManualCloseRefusal::NotPermitted
                          ? ApplyExclusion::NotPermitted
                          : ApplyExclusion::PendingApproval;
        r.message = closed.message;
        return r;
    }
    const bool approval = closed.refusal == ManualCloseRefusal::AwaitingApproval;
    markProposalDecidedLocked(db, now, p,
                              approval ? ProposalState::Approval : ProposalState::Applied, actor,
                              closed.approvalId);
    tx.commit();
    ApplyResult r = resultOf(row, approval ? ApplyKind::SentForApproval : ApplyKind::Applied);
    r.approvalId = closed.approvalId;
    r.message = approval ? u"approval #%1 requested to close %2 as %3"_s.arg(closed.approvalId)
                               .arg(p.operationId, toString(*p.outcome))
                         : u"closed %1 as %2"_s.arg(p.operationId, toString(*p.outcome));
    return r;
}

bool settleResendProposal(OperationStore &store, qint64 proposalId, const QString &actor)
{
    Connection &db = connectionOf(store);
    WriteTransaction tx(db, proposalLocks(db, proposalId));
    const auto p = findProposal(db, proposalId);
    if (!p || p->action != ProposalAction::Resend || p->state != ProposalState::Open)
        return false;
    const auto op = store.operation(p->operationId);
    if (!op || !isFinal(op->state))
        return false;
    markProposalDecidedLocked(db, store.clock().nowMs(), *p, ProposalState::Applied, actor, 0);
    tx.commit();
    return true;
}

} // namespace ops
