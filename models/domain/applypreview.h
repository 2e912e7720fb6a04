#pragma once

// Applying the reconciler's proposals, as values (docs/design.md §10 Bulk resolution;
// storage/operations/proposalapply.h decides and applies): why a row is excluded, what a piece
// of evidence says the provider holds, what the caller saw, a preview row and an apply's result.
// Plain types and one pure reading of evidence: nothing here reaches the database.

#include "domain/money.h"
#include "domain/operation.h"
#include "domain/proposal.h"

#include <QString>
#include <optional>

namespace ops {

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

} // namespace ops
