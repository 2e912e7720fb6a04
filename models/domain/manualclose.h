#pragma once

// A manual close (rule 8) as a value: what a person asks for and what the store answers. Shared
// by the store, which carries a close out (storage/operations/operationstore.h,
// closeapproval.h), and approvals, which keep one to carry out later (domain/approval.h,
// storage/access/approvals.h). Types only: nothing here reaches the database. describe() is in
// domain/manualclose.cpp; the store carries a close out in
// storage/operations/closemanually.cpp.

#include "domain/operation.h"

#include <QList>
#include <QString>

namespace ops {

// Rule 8: a person closes an open or unknown row with a reason and evidence.
struct ManualClose
{
    QString operationId;
    OperationState outcome = OperationState::Failed; // Succeeded or Failed
    QString providerRef;                             // required for Succeeded
    QList<qint64> evidenceIds;                       // at least one, all of this operation
    QString actor;                                   // "operator:alice"
    QString reason;
    // The close that records the provider's answer to this actor's own operator resend: allowed
    // by the Resend right (the resend was already four-eyes checked) instead of the Close right.
    bool fromResend = false;
    // The reconciler proposal this close applies (proposalapply.cpp): it is marked applied, not
    // withdrawn with the others.
    qint64 proposalId = 0;
};

enum class ManualCloseRefusal
{
    None,
    NotFound,
    AlreadyFinal,
    NotAnOutcome,
    NeedsReason,
    NeedsEvidence,
    EvidenceOfAnotherOperation,
    NeedsProviderRef,
    AwaitingApproval,        // above the four-eyes threshold: a pending approval was stored instead
    AlreadyAwaitingApproval, // a close of this operation already waits for approval
    NotPermitted,            // the actor lacks the right; nothing was written
};
QString describe(ManualCloseRefusal refusal);

// closeManually's answer. Every rule refusal comes back here, nothing written; only a failing
// database throws (StoreError).
struct ManualCloseResult
{
    ManualCloseRefusal refusal = ManualCloseRefusal::None;
    // Operator-facing ("operator carol (support) may not close"); empty when closed.
    QString message;
    // AwaitingApproval: the approval stored; AlreadyAwaitingApproval: the one waiting.
    qint64 approvalId = 0;

    bool closed() const { return refusal == ManualCloseRefusal::None; }
    // Closed, or an approval request stored: what the caller's transaction must commit.
    bool wrote() const { return closed() || refusal == ManualCloseRefusal::AwaitingApproval; }
};

} // namespace ops
