#pragma once

// Applying the reconciler's proposals as a person (docs/design.md §10 Bulk resolution, issue 14
// item 2). One check decides for both the preview and the apply, so a confirmed bulk run does
// exactly what its preview said: each row is either applicable (perhaps as an approval request,
// above the four-eyes threshold) or excluded with its reason. applyProposal runs one row in its
// own write transaction with the rights and four-eyes rules of every manual close
// (closeManuallyLocked); a refusal writes nothing. `opsctl proposals apply` and the console's
// bulk flow both call these, row by row.

#include "storage/reconcile/proposals.h"

#include <QStringList>

namespace ops {

class OperationStore;

enum class ApplyExclusion
{
    None,
    UnknownProposal,     // no proposal with that id
    NoProposal,          // the row has no open proposal
    ProposalNotOpen,     // superseded, applied or sent for approval already
    RowClosed,           // the row is final
    NewerEvidence,       // evidence after the proposal is not its provider reading (see below)
    ConflictingEvidence, // the row carries Attention: its evidence disagrees
    ChangedSincePreview, // someone changed the row after the preview was shown
    PastWindow,          // a resend proposal whose retention window has closed
    LeasedByColleague,   // another console holds the row's resend lease
    PendingApproval,     // a close of the row already waits for a second person
    NotPermitted,        // the actor lacks the right
    ResendNotHere,       // a resend proposal: the caller resends (it sends; the store cannot)
};
QString toString(ApplyExclusion exclusion); // "newer_evidence"

// What a piece of evidence says the provider holds for its operation, in the terms a proposal is
// decided on (docs/design.md §10, §16): no refund of ours over the complete list (refundId
// empty), or one refund: its id, its outcome class (succeeded or pending → Succeeded, failed or
// canceled → Failed, any other status → none) and its amount.
struct ProviderReading
{
    QString refundId;
    std::optional<OperationState> outcome;
    Money amount;

    friend bool operator==(const ProviderReading &, const ProviderReading &) = default;
};

// The reading stored in `evidence`, from these shapes only; nullopt for anything else (a note, a
// file, a support answer, an attempt's reply, a reading that is incomplete or names several
// refunds):
//  * provider_object, the reconciler's charge reading: operation_id of the row, list_complete
//    true and no claiming_refunds, or exactly one;
//  * provider_object, the console's look-up: operation_id of the row and a matching_refund, or
//    none with list_complete true;
//  * provider_object, the reconciler's stored event (source stored_provider_event), and
//    provider_event, a stored Stripe event: data.object a refund whose metadata.operation_id is
//    the row's.
std::optional<ProviderReading> providerReading(const Evidence &evidence);

// Newer evidence that agrees does not exclude (issue 31 item 3). Evidence stored after proposal
// `p` agrees with it when it is the same provider reading (==: both "no refund", or the same
// refund id, outcome class, amount and currency; when and by whom it was read, the charge's other
// refunds and the failure code are not compared) as the newest of the proposal's own evidence
// that is a reading, and that reading supports the proposal (no refund: a resend, or close failed
// without a reference; a refund: a close with its outcome and, for succeeded, its id). Anything
// else could change the decision: the first such item's id is returned, 0 when every newer item
// agrees. Agreement only takes back an exclusion — the row is then as it was before the evidence
// came — so a reading made to agree leads to no decision the proposal did not already offer.
qint64 disagreeingEvidence(OperationStore &store, const Proposal &p);

// What the caller saw and who it is beyond the actor.
struct ApplyGuard
{
    // The row's updated_at (ms) when the preview was shown; nullopt: no preview to compare.
    std::optional<qint64> previewedVersionMs;
    // This console's resend-lease holder name: its own lease does not exclude the row.
    QString leaseHolder;
};

struct ApplyPreviewRow
{
    QString operationId;
    std::optional<Proposal> proposal;
    ApplyExclusion exclusion = ApplyExclusion::None;
    QString reason;             // operator-facing; why excluded, or what applying will do
    bool needsApproval = false; // above the threshold: applying stores an approval request
    qint64 versionMs = 0;       // the row's updated_at: hand it back in ApplyGuard
    Money amount;

    bool applicable() const { return exclusion == ApplyExclusion::None; }
};

// A preview per operation (its open proposal), in the order given.
std::vector<ApplyPreviewRow> previewApply(OperationStore &store, const QStringList &operationIds,
                                          const QString &actor, const ApplyGuard &guard = {});
// The preview of one proposal by its id.
ApplyPreviewRow previewProposal(OperationStore &store, qint64 proposalId, const QString &actor,
                                const ApplyGuard &guard = {});

enum class ApplyKind
{
    Applied,         // the row is closed as proposed
    SentForApproval, // above the threshold: an approval request waits (approvalId)
    Excluded,        // nothing written; exclusion and message say why
};
QString toString(ApplyKind kind);

struct ApplyResult
{
    ApplyKind kind = ApplyKind::Excluded;
    ApplyExclusion exclusion = ApplyExclusion::None;
    QString message;
    qint64 proposalId = 0;
    QString operationId;
    qint64 approvalId = 0;
};

// Applies one close proposal as `actor` in its own write transaction.
ApplyResult applyProposal(OperationStore &store, qint64 proposalId, const QString &actor,
                          const ApplyGuard &guard = {});

// After the caller resent the row of resend proposal `proposalId` (the console's bulk flow): in
// one write transaction, marks the proposal applied by `actor` when it is still open and its row
// is final now. Returns whether it did; an open row keeps its proposal (the resend settled
// nothing, and the reconciler's next reading decides).
bool settleResendProposal(OperationStore &store, qint64 proposalId, const QString &actor);

} // namespace ops
