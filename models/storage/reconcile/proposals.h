#pragma once

// The reconciler's proposals (docs/design.md §10, issue 14 item 2): what the evidence suggests
// for a row the reconciler may not close itself — a close (outcome, provider reference) or a
// resend with the stored key — with the evidence it rests on and the reason. Stored and audited;
// at most one open proposal per row; a newer reading supersedes it (audited), and one older than
// the row's newest evidence is stale: it cannot be applied (proposalapply.h).

#include "domain/operation.h"
#include "domain/proposal.h"
#include "storage/db/connection.h"

#include <optional>
#include <vector>

namespace ops {

// What an automatic reader (the reconciler, the event applier) files instead of closing a row
// while reconcile-auto-close is off (docs/design.md §10): a close with `outcome`, the provider
// reference (kept for a succeeded close only), the evidence it rests on, and `reason` followed by
// the note that automatic closes are off. One wording for both readers.
NewProposal autoCloseOffProposal(const QString &operationId, OperationState outcome,
                                 const QString &providerRef, const QString &reason,
                                 const QList<qint64> &evidenceIds, const QString &createdBy);

// Stores `p` as the row's open proposal in its own write transaction, superseding the open one;
// audited (proposal.made, with what it supersedes). Throws ActionRefused (nothing written) for a
// close without an outcome, without evidence, with evidence of another row, or on a final row.
Proposal storeProposal(Connection &db, qint64 nowMs, const NewProposal &p);

std::optional<Proposal> findProposal(Connection &db, qint64 id);
std::optional<Proposal> openProposal(Connection &db, const QString &operationId);
// Oldest first; every state when `state` is nullopt.
std::vector<Proposal> listProposals(Connection &db, std::optional<ProposalState> state = {},
                                    int limit = 1000);
// The id of the operation's newest evidence item; 0 when it has none.
qint64 newestEvidenceId(Connection &db, const QString &operationId);

// Inside the caller's write transaction: marks the proposal applied (or waiting for approval),
// with an audit entry naming the actor.
void markProposalDecidedLocked(Connection &db, qint64 nowMs, const Proposal &p, ProposalState state,
                               const QString &actor, qint64 approvalId);

// Inside the caller's write transaction, once the row has closed: withdraws its open proposal
// (there is at most one) but `keep`, the one this close applies, with an audit entry naming the
// closer. Nothing is left to apply or approve on a final row (issue 50 item 8). A close by a
// person's resend carries out a resend proposal: that one is marked applied instead.
void withdrawProposalsLocked(Connection &db, qint64 nowMs, const QString &operationId,
                             const QString &actor, qint64 keep = 0, bool byResend = false);

} // namespace ops
