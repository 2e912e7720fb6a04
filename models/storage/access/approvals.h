#pragma once

// Four-eyes approvals (docs/design.md rule 8, issue 6). A manual close, or an operator resend, of
// an operation whose amount is above the threshold for its currency does not act: it stores a
// pending approval. Another operator with the Approve right approves it (a close is then carried
// out at once, under both names; an approved resend is spent by the next resend) or rejects it
// with a reason. Nobody approves their own request. Every step is an audit entry.

#include "domain/rights.h"
#include "storage/operationstore.h"

#include <QDateTime>
#include <nlohmann/json.hpp>
#include <optional>
#include <vector>

namespace ops {

enum class ApprovalAction
{
    Close,
    Resend
};
enum class ApprovalState
{
    Pending,
    Approved,
    Rejected,
    Used
};

QString toString(ApprovalAction action);
QString toString(ApprovalState state);
std::optional<ApprovalState> approvalStateFromString(QStringView text);

struct Approval
{
    qint64 id = 0;
    QString operationId;
    ApprovalAction action = ApprovalAction::Close;
    QString requestedBy; // "operator:alice"
    QDateTime requestedAt;
    QString payload; // JSON of the requested close; "{}" for a resend
    ApprovalState state = ApprovalState::Pending;
    QString decidedBy;
    std::optional<QDateTime> decidedAt;
    QString decisionReason;
    Money amount; // the operation's, for lists

    // The close this approval carries out (actor = the requester); nullopt for a resend.
    std::optional<ManualClose> requestedClose() const;
};

// --- Settings (the settings table; each writer checks its own right and audits) ---------------
std::optional<QString> readSetting(QSqlDatabase &db, const QString &name);
// Inserts or replaces inside the caller's write transaction.
void putSettingLocked(QSqlDatabase &db, qint64 nowMs, const QString &actor, const QString &name,
                      const QString &value);

// --- Thresholds (settings table) ----------------------------------------------------------------
// No threshold for a currency: no four-eyes for it. The amount compared is the absolute value, so
// a large negative credit adjustment needs approval too. Exactly the threshold does not.
std::optional<qint64> approvalThreshold(QSqlDatabase &db, const QString &currency);
// Needs the Approve right; `minor` nullopt removes the threshold. Audited.
void setApprovalThreshold(QSqlDatabase &db, qint64 nowMs, const QString &actor,
                          const QString &currency, std::optional<qint64> minor);
std::vector<std::pair<QString, qint64>> approvalThresholds(QSqlDatabase &db);
bool needsApproval(QSqlDatabase &db, const Operation &op);

// --- Reading ----------------------------------------------------------------------------------
std::optional<Approval> findApproval(QSqlDatabase &db, qint64 id);
// Newest first; all states when `state` is nullopt.
std::vector<Approval> listApprovals(QSqlDatabase &db, std::optional<ApprovalState> state = {},
                                    int limit = 200);
std::optional<Approval> openApproval(QSqlDatabase &db, const QString &operationId,
                                     ApprovalAction action, ApprovalState state);

// --- Deciding ---------------------------------------------------------------------------------
// Throw ActionRefused (nothing written) when the actor lacks Approve, approves their own request,
// the approval is not pending, the reason is missing (reject), or the close can no longer be
// carried out (the operation was closed meanwhile).
Approval approveRequest(OperationStore &store, qint64 id, const QString &actor,
                        const QString &reason = {});
Approval rejectRequest(OperationStore &store, qint64 id, const QString &actor,
                       const QString &reason);

// --- Used by the store inside its write transactions --------------------------------------------
qint64 requestApprovalLocked(QSqlDatabase &db, qint64 nowMs, const Operation &op,
                             ApprovalAction action, const QString &actor,
                             const nlohmann::json &payload);
// Marks an approved resend of `operationId` used; false when there is none.
bool spendApprovedResendLocked(QSqlDatabase &db, qint64 nowMs, const QString &operationId,
                               const QString &actor);
// Validates evidence and writes the close of `op` with its audit entry (manualclose.cpp).
// `approval` names the approver and approval id when four-eyes was needed.
struct CloseApproval
{
    QString approvedBy;
    qint64 approvalId = 0;
};
// closeManually's checks and write inside the caller's write transaction (a proposal applied as
// one step with its own bookkeeping). Commit when the result wrote(); roll back otherwise.
ManualCloseResult closeManuallyLocked(QSqlDatabase &db, qint64 nowMs, const ManualClose &close);
ManualCloseRefusal applyCloseLocked(QSqlDatabase &db, qint64 nowMs, const ManualClose &close,
                                    const Operation &op,
                                    const std::optional<CloseApproval> &approval = {});

} // namespace ops
