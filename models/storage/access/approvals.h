#pragma once

// Four-eyes approvals (docs/design.md rule 8, issue 6). A manual close, or an operator resend, of
// an operation whose amount is above the threshold for its currency does not act: it stores a
// pending approval. Another operator with the Approve right approves it (a close is then carried
// out at once, under both names; an approved resend is spent by the next resend) or rejects it
// with a reason. Nobody approves their own request. Every step is an audit entry.

#include "domain/approval.h"
#include "domain/operation.h"
#include "domain/rights.h"
#include "storage/db/connection.h"

#include <nlohmann/json.hpp>
#include <optional>
#include <vector>

namespace ops {

// --- Settings (the settings table; each writer checks its own right and audits) ---------------
// readSetting and putSettingLocked are in records/settings.h.
// Shared settings change only with the approve right (the database grants them to
// ops_supervisor alone). Throws ActionRefused naming `what` ("the repeat window") otherwise.
void requireSettingsRight(Connection &db, const QString &actor, const QString &what);

// --- Thresholds (settings table) ----------------------------------------------------------------
// No threshold for a currency: no four-eyes for it. The amount compared is the absolute value, so
// a large negative credit adjustment needs approval too. Exactly the threshold does not.
// A row's threshold or a batch's: ThresholdKind (domain/approval.h).
std::optional<qint64> approvalThreshold(Connection &db, const QString &currency,
                                        ThresholdKind kind = ThresholdKind::Row);
// Needs the Approve right; `minor` nullopt removes the threshold. Audited.
void setApprovalThreshold(Connection &db, qint64 nowMs, const QString &actor,
                          const QString &currency, std::optional<qint64> minor,
                          ThresholdKind kind = ThresholdKind::Row);
std::vector<std::pair<QString, qint64>> approvalThresholds(Connection &db,
                                                           ThresholdKind kind = ThresholdKind::Row);
bool needsApproval(Connection &db, const Operation &op);

// --- Reading ----------------------------------------------------------------------------------
std::optional<Approval> findApproval(Connection &db, qint64 id);
// Newest first; all states when `state` is nullopt.
std::vector<Approval> listApprovals(Connection &db, std::optional<ApprovalState> state = {},
                                    int limit = 200);
std::optional<Approval> openApproval(Connection &db, const QString &operationId,
                                     ApprovalAction action, ApprovalState state);

// --- Deciding ---------------------------------------------------------------------------------
// The parts below the store. approveRequest and rejectRequest are in
// storage/operations/closeapproval.h: an approved close is carried out by the store, which sits
// above this file. The approval `actor` may decide now. Throws ActionRefused when the actor lacks
// Approve or the approval is missing or no longer pending.
Approval decidableApproval(Connection &db, qint64 id, const QString &actor);
// Marks a pending approval approved or rejected, with its audit entry, inside the caller's write
// transaction.
void recordDecisionLocked(Connection &db, qint64 nowMs, const Approval &approval,
                          ApprovalState state, const QString &actor, const QString &reason);

// --- Used by the store inside its write transactions --------------------------------------------
qint64 requestApprovalLocked(Connection &db, qint64 nowMs, const Operation &op,
                             ApprovalAction action, const QString &actor,
                             const nlohmann::json &payload);
// Marks an approved resend of `operationId` used; false when there is none.
bool spendApprovedResendLocked(Connection &db, qint64 nowMs, const QString &operationId,
                               const QString &actor);

} // namespace ops
