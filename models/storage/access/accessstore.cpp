#include "storage/access/accessstore.h"

#include "domain/clock.h"
#include "storage/access/agentquota.h"
#include "storage/access/durationsetting.h"
#include "storage/access/repeatwindow.h"
#include "storage/audit/auditsequencer.h"
#include "storage/db/sqlconnection.h"

namespace ops {

AccessStore::AccessStore(const Connection &db, const Clock &clock)
    : m_db(db)
    , m_clock(clock)
{}

Identity AccessStore::identity()
{
    return identityOf(*m_db);
}

std::vector<QString> AccessStore::pendingLogins()
{
    return ops::pendingLogins(*m_db);
}

std::vector<OperatorRecord> AccessStore::operators()
{
    return listOperators(*m_db);
}

OperatorAccess AccessStore::accessOf(const QString &actor)
{
    return ops::accessOf(*m_db, actor);
}

OperatorRecord AccessStore::addOperator(const QString &byActor, const QString &name, Role role,
                                        const std::optional<Rights> &rightsOverride)
{
    return ops::addOperator(*m_db, m_clock.nowMs(), byActor, name, role, rightsOverride);
}

OperatorRecord AccessStore::grantRole(const QString &byActor, const QString &name, Role role,
                                      const std::optional<Rights> &rightsOverride)
{
    return ops::grantRole(*m_db, m_clock.nowMs(), byActor, name, role, rightsOverride);
}

std::vector<AgentRecord> AccessStore::agents()
{
    return listAgents(*m_db);
}

std::optional<AgentRecord> AccessStore::agent(const QString &name)
{
    return findAgent(*m_db, name);
}

IssuedAgent AccessStore::addAgent(const QString &byActor, const QString &name,
                                  const AgentLimits &limits)
{
    return ops::addAgent(*m_db, m_clock.nowMs(), byActor, name, limits);
}

AgentRecord AccessStore::revokeAgent(const QString &byActor, const QString &name)
{
    return ops::revokeAgent(*m_db, m_clock.nowMs(), byActor, name);
}

IssuedAgent AccessStore::rotateAgent(const QString &byActor, const QString &name,
                                     std::chrono::milliseconds grace)
{
    return ops::rotateAgent(*m_db, m_clock.nowMs(), byActor, name, grace.count());
}

AgentRecord AccessStore::setAgentLimits(const QString &byActor, const QString &name,
                                        const AgentLimits &limits)
{
    return ops::setAgentLimits(*m_db, m_clock.nowMs(), byActor, name, limits);
}

std::optional<AgentRecord> AccessStore::agentForToken(const QString &token)
{
    return ops::agentForToken(*m_db, token, m_clock.nowMs());
}

qint64 AccessStore::agentRefundedToday(const QString &name, const QString &currency)
{
    return ops::agentRefundedToday(*m_db, name, currency, m_clock.nowMs());
}

qint64 AccessStore::agentCallsWithin(const QString &name, std::chrono::milliseconds window)
{
    return agentCallsSince(*m_db, name, m_clock.nowMs() - window.count());
}

OperatorRecord AccessStore::setDisabled(const QString &byActor, const QString &name, bool disabled)
{
    return setOperatorDisabled(*m_db, m_clock.nowMs(), byActor, name, disabled);
}

std::vector<Approval> AccessStore::approvals(std::optional<ApprovalState> state)
{
    return listApprovals(*m_db, state);
}

std::optional<Approval> AccessStore::openApproval(const QString &operationId, ApprovalAction action,
                                                  ApprovalState state)
{
    return ops::openApproval(*m_db, operationId, action, state);
}

bool AccessStore::needsApproval(const Operation &op)
{
    return ops::needsApproval(*m_db, op);
}

std::optional<Money> AccessStore::approvalThresholdExceeded(const Operation &op)
{
    if (!ops::needsApproval(*m_db, op))
        return std::nullopt;
    const QString currency = op.amount.currency.toLower();
    return Money{ops::approvalThreshold(*m_db, currency).value_or(0), currency};
}

std::optional<qint64> AccessStore::approvalThreshold(const QString &currency, ThresholdKind kind)
{
    return ops::approvalThreshold(*m_db, currency, kind);
}

std::vector<std::pair<QString, qint64>> AccessStore::approvalThresholds(ThresholdKind kind)
{
    return ops::approvalThresholds(*m_db, kind);
}

void AccessStore::setApprovalThreshold(const QString &actor, const QString &currency,
                                       std::optional<qint64> minor, ThresholdKind kind)
{
    ops::setApprovalThreshold(*m_db, m_clock.nowMs(), actor, currency, minor, kind);
}

std::optional<BatchApproval> AccessStore::liveBatchApproval(const QString &name,
                                                            const QString &fileSha256)
{
    return ops::liveBatchApproval(*m_db, name, fileSha256);
}

BatchApproval AccessStore::askBatchApproval(const QString &actor, const QString &name,
                                            const QString &fileSha256,
                                            const QMap<QString, qint64> &totals, int rows)
{
    return ops::askBatchApproval(*m_db, m_clock.nowMs(), actor, name, fileSha256, totals, rows);
}

BatchApproval AccessStore::decideBatchApproval(const QString &actor, const QString &name,
                                               std::optional<qint64> id, bool approve,
                                               const QString &reason)
{
    return ops::decideBatchApproval(*m_db, m_clock.nowMs(), actor, name, id, approve, reason);
}

std::vector<BatchApproval> AccessStore::batchApprovals(std::optional<ApprovalState> state)
{
    return ops::listBatchApprovals(*m_db, state);
}

FourEyesCover AccessStore::fourEyesCover()
{
    return ops::fourEyesCover(*m_db);
}

std::chrono::milliseconds AccessStore::repeatWindow()
{
    return ops::repeatWindow(*m_db);
}

void AccessStore::setRepeatWindow(const QString &actor,
                                  std::optional<std::chrono::milliseconds> window)
{
    ops::setRepeatWindow(*m_db, m_clock.nowMs(), actor, window);
}

void AccessStore::recordRepeatAnswer(const QString &actor, const QString &operationId,
                                     const QString &refundId, std::chrono::milliseconds window)
{
    ops::recordRepeatAnswer(*m_db, m_clock.nowMs(), actor, operationId, refundId, window);
}

std::chrono::milliseconds AccessStore::auditMergeDelay()
{
    return AuditSequencer::mergeDelay(*m_db);
}

void AccessStore::setAuditMergeDelay(const QString &actor,
                                     std::optional<std::chrono::milliseconds> delay)
{
    setDuration(*m_db, m_clock.nowMs(), actor, AuditSequencer::mergeDelaySetting(), delay);
}

ReplicationState AccessStore::replication()
{
    return readReplication(*m_db);
}

bool AccessStore::acceptsAsyncReplication()
{
    return ops::acceptsAsyncReplication(*m_db);
}

void AccessStore::setAcceptAsyncReplication(const QString &actor, bool accept)
{
    ops::setAcceptAsyncReplication(*m_db, m_clock.nowMs(), actor, accept);
}

} // namespace ops
