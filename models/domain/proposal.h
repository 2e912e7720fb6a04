#pragma once

// A reconciler's proposal as a value (docs/design.md §10; storage/reconcile/proposals.h stores
// them, storage/operations/proposalapply.h applies them): a close or a resend, the evidence it
// rests on and how it was decided. Plain types: nothing here reaches the database.

#include "domain/operation.h"

#include <QDateTime>
#include <QList>
#include <QString>
#include <optional>

namespace ops {

enum class ProposalAction
{
    Close,
    Resend
};
enum class ProposalState
{
    Open,
    Superseded,
    Applied,
    Approval, // applied above the four-eyes threshold: an approval request waits
    Withdrawn // its row closed by another path (an answer, an event, a close by hand)
};
QString toString(ProposalAction action);
QString toString(ProposalState state);
std::optional<ProposalState> proposalStateFromString(QStringView text);

struct Proposal
{
    qint64 id = 0;
    QString operationId;
    ProposalAction action = ProposalAction::Close;
    std::optional<OperationState> outcome; // Close: Succeeded or Failed
    QString providerRef;                   // Close as succeeded
    QList<qint64> evidenceIds;
    qint64 newestEvidenceId = 0; // the row's newest evidence when proposed
    QString reason;
    QString createdBy;
    QDateTime createdAt;
    ProposalState state = ProposalState::Open;
    qint64 supersededBy = 0;
    QString decidedBy;
    std::optional<QDateTime> decidedAt;
    qint64 approvalId = 0;
};

struct NewProposal
{
    QString operationId;
    ProposalAction action = ProposalAction::Close;
    std::optional<OperationState> outcome;
    QString providerRef;
    QList<qint64> evidenceIds; // at least one, all of this operation
    QString reason;
    QString createdBy = QStringLiteral("system:reconciler");
};

// The unknown reason of a row that waited only for the provider's notification (an Adyen
// `received` row, awaitsProviderNotification) once that notification's auto-close-off proposal is
// stored (§10): nothing is left to wait for, so the row turns unknown and waits in Checking,
// beside its proposal, for a person (rule 6). The event applier and the reconciler both mark it.
QString autoCloseOffUnknownReason();

} // namespace ops
