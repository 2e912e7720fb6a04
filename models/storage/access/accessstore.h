#pragma once

// The operator directory, four-eyes approvals and thresholds, and rule 13's repeat window, as the
// layers above storage reach them: on the connection of an operation store, with its clock. Each
// write checks the actor's right and audits inside storage (operatordirectory.h, approvals.h,
// repeatwindow.h); this class only binds them to a store.

#include "storage/access/agentdirectory.h"
#include "storage/access/approvals.h"
#include "storage/access/batchapprovals.h"
#include "storage/access/foureyescover.h"
#include "storage/access/identity.h"
#include "storage/access/operatordirectory.h"
#include "storage/access/replication.h"
#include "storage/db/connection.h"

#include <chrono>
#include <optional>
#include <utility>
#include <vector>

namespace ops {

class Clock;

class AccessStore
{
public:
    AccessStore(const Connection &db, const Clock &clock);

    // --- who is logged in (identity.h) ---
    Identity identity();
    // Team mode: the SQL a DBA runs for each directory row without its login (db migrate).
    std::vector<QString> pendingLogins();

    // --- operators (throw ActionRefused, nothing written, when byActor may not) ---
    std::vector<OperatorRecord> operators();
    OperatorAccess accessOf(const QString &actor);
    OperatorRecord addOperator(const QString &byActor, const QString &name, Role role,
                               const std::optional<Rights> &rightsOverride = {});
    OperatorRecord grantRole(const QString &byActor, const QString &name, Role role,
                             const std::optional<Rights> &rightsOverride = {});
    OperatorRecord setDisabled(const QString &byActor, const QString &name, bool disabled);

    // --- agents (agentdirectory.h; changes throw ActionRefused unless byActor is a supervisor) ---
    std::vector<AgentRecord> agents();
    std::optional<AgentRecord> agent(const QString &name);
    IssuedAgent addAgent(const QString &byActor, const QString &name, const AgentLimits &limits);
    AgentRecord revokeAgent(const QString &byActor, const QString &name);
    IssuedAgent rotateAgent(const QString &byActor, const QString &name,
                            std::chrono::milliseconds grace);
    AgentRecord setAgentLimits(const QString &byActor, const QString &name,
                               const AgentLimits &limits);
    std::optional<AgentRecord> agentForToken(const QString &token);
    // Operations the agent's calls opened in the last `window` by this store's clock.
    qint64 agentCallsWithin(const QString &name, std::chrono::milliseconds window);
    // What the agent's daily limit counts now, in `currency` (agentquota.h).
    qint64 agentRefundedToday(const QString &name, const QString &currency);

    // --- four-eyes ---
    std::vector<Approval> approvals(std::optional<ApprovalState> state = {});
    std::optional<Approval> openApproval(const QString &operationId, ApprovalAction action,
                                         ApprovalState state);
    bool needsApproval(const Operation &op);
    // The threshold `op`'s amount is above, in its currency, when closing it by hand (or an
    // operator resend) needs a second person's approval; nullopt when it does not. The rule is
    // needsApproval's: a dialog reads this to say so before the person confirms.
    std::optional<Money> approvalThresholdExceeded(const Operation &op);
    std::optional<qint64> approvalThreshold(const QString &currency, ThresholdKind kind);
    std::vector<std::pair<QString, qint64>>
    approvalThresholds(ThresholdKind kind = ThresholdKind::Row);
    void setApprovalThreshold(const QString &actor, const QString &currency,
                              std::optional<qint64> minor, ThresholdKind kind = ThresholdKind::Row);
    // Whether a second person can approve what a threshold holds (foureyescover.h): read-only,
    // for `opsctl db check` and the console's warning.
    FourEyesCover fourEyesCover();

    // --- four-eyes for a whole batch (batchapprovals.h) ---
    std::optional<BatchApproval> liveBatchApproval(const QString &name, const QString &fileSha256);
    BatchApproval askBatchApproval(const QString &actor, const QString &name,
                                   const QString &fileSha256, const QMap<QString, qint64> &totals,
                                   int rows);
    BatchApproval decideBatchApproval(const QString &actor, const QString &name,
                                      std::optional<qint64> id, bool approve,
                                      const QString &reason);
    std::vector<BatchApproval> batchApprovals(std::optional<ApprovalState> state = {});

    // --- rule 13's repeat window ---
    std::chrono::milliseconds repeatWindow();
    void setRepeatWindow(const QString &actor, std::optional<std::chrono::milliseconds> window);
    void recordRepeatAnswer(const QString &actor, const QString &operationId,
                            const QString &refundId, std::chrono::milliseconds window);

    // --- the audit chain's merge delay (AuditSequencer) ---
    std::chrono::milliseconds auditMergeDelay();
    void setAuditMergeDelay(const QString &actor, std::optional<std::chrono::milliseconds> delay);

    // --- the database's replication, and the acceptance of an asynchronous one (replication.h)
    ReplicationState replication();
    bool acceptsAsyncReplication();
    void setAcceptAsyncReplication(const QString &actor, bool accept);

private:
    ConnectionHold m_db;
    const Clock &m_clock;
};

} // namespace ops
