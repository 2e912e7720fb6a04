#pragma once

// Applying the reconciler's proposals as a person (docs/design.md §10 Bulk resolution, issue 14
// item 2). One check decides for both the preview and the apply, so a confirmed bulk run does
// exactly what its preview said: each row is either applicable (perhaps as an approval request,
// above the four-eyes threshold) or excluded with its reason. applyProposal runs one row in its
// own write transaction with the rights and four-eyes rules of every manual close
// (closeManuallyLocked); a refusal writes nothing. `opsctl proposals apply` and the console's
// bulk flow both call these, row by row.

#include "domain/applypreview.h"
#include "storage/reconcile/proposals.h"

#include <QStringList>

namespace ops {

class OperationStore;

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

// A preview per operation (its open proposal), in the order given.
std::vector<ApplyPreviewRow> previewApply(OperationStore &store, const QStringList &operationIds,
                                          const QString &actor, const ApplyGuard &guard = {});
// The preview of one proposal by its id.
ApplyPreviewRow previewProposal(OperationStore &store, qint64 proposalId, const QString &actor,
                                const ApplyGuard &guard = {});

// Applies one close proposal as `actor` in its own write transaction.
ApplyResult applyProposal(OperationStore &store, qint64 proposalId, const QString &actor,
                          const ApplyGuard &guard = {});

// After the caller resent the row of resend proposal `proposalId` (the console's bulk flow): in
// one write transaction, marks the proposal applied by `actor` when it is still open and its row
// is final now. Returns whether it did; an open row keeps its proposal (the resend settled
// nothing, and the reconciler's next reading decides).
bool settleResendProposal(OperationStore &store, qint64 proposalId, const QString &actor);

} // namespace ops
