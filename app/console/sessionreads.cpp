#include "console/sessionreads.h"

#include "domain/audittask.h"
#include "domain/changefeed.h"
#include "storage/access/accessstore.h"
#include "storage/audit/auditquery.h"
#include "storage/audit/auditstats.h"
#include "storage/auditjob.h"
#include "storage/changewatcher.h"
#include "storage/events/eventstore.h"
#include "storage/messages/messagestore.h"
#include "storage/operations/operationquery.h"
#include "storage/operations/operationstore.h"
#include "storage/operations/resendlease.h"
#include "storage/session.h"
#include "storage/team/teamstore.h"

namespace ops::console {
namespace {

class SessionReads final : public ui::ConsoleReads
{
public:
    explicit SessionReads(Session &session)
        : m_session(session)
    {}

    const Clock &clock() const override { return m_session.clock(); }

    OperationPages &pages() override { return m_session.query(); }
    qint64 dataVersion() override { return m_session.query().dataVersion(); }
    ChangeFeed *watchChanges(QObject *parent) override
    {
        return m_session.createChangeWatcher(parent);
    }
    std::vector<Operation> list(const OperationFilter &filter) override
    {
        return m_session.store().list(filter);
    }
    qint64 count(const OperationFilter &filter) override { return m_session.store().count(filter); }

    std::optional<Operation> operation(const QString &id) override
    {
        return m_session.store().operation(id);
    }
    std::vector<Attempt> attempts(const QString &id) override
    {
        return m_session.store().attempts(id);
    }
    std::vector<Evidence> evidence(const QString &id) override
    {
        return m_session.store().evidence(id);
    }
    std::vector<AuditEntry> audit(const QString &id) override
    {
        return m_session.store().audit(id);
    }
    std::vector<CustomerMessage> messages(const QString &id) override
    {
        return m_session.messages().forOperation(id);
    }
    std::vector<StoredEvent> events(const QString &id) override
    {
        return m_session.events().eventsOf(id);
    }
    std::vector<Operation> replacementsOf(const QString &id) override
    {
        return m_session.store().replacementsOf(id);
    }
    std::optional<ResendLease> resendLease(const QString &id) override
    {
        return activeResendLease(m_session.store(), id);
    }
    std::vector<RowNote> notes(const QString &id) override { return m_session.team().notes(id); }

    ServiceTargets serviceTargets() override { return m_session.team().targets(); }
    std::vector<OperatorRecord> operators() override { return m_session.access().operators(); }

    Identity identity() override { return m_session.access().identity(); }
    OperatorAccess accessOf(const QString &actor) override { return m_session.accessOf(actor); }
    std::optional<AgentRecord> agent(const QString &name) override
    {
        return m_session.access().agent(name);
    }
    ReplicationState replication() override { return m_session.access().replication(); }
    bool acceptsAsyncReplication() override { return m_session.access().acceptsAsyncReplication(); }
    FourEyesCover fourEyesCover() override { return m_session.access().fourEyesCover(); }
    std::vector<Approval> approvals(std::optional<ApprovalState> state) override
    {
        return m_session.approvals(state);
    }
    std::vector<std::pair<QString, qint64>> approvalThresholds() override
    {
        return m_session.access().approvalThresholds();
    }
    std::optional<Money> approvalThresholdExceeded(const Operation &op) override
    {
        return m_session.access().approvalThresholdExceeded(op);
    }
    std::vector<Proposal> openProposals() override { return m_session.openProposals(); }

    std::vector<AttentionItem> attentionQueue() override
    {
        return m_session.events().attentionQueue();
    }
    ReceiverStatus receiverStatus(qint64 staleAfterMs) override
    {
        return m_session.events().receiverStatus(staleAfterMs);
    }
    std::vector<StoredEvent> unmatchedEvents(int limit) override
    {
        return m_session.events().unmatched(limit);
    }
    qint64 unmatchedEventCount() override { return m_session.events().unmatchedCount(); }

    AuditPages &auditPages() override { return m_session.auditQuery(); }
    AuditWaiting auditWaiting() override { return m_session.auditWaiting(); }
    std::vector<DayCount> unknownPerDay(qint64 fromMs, qint64 toMs) override
    {
        return m_session.auditStats().unknownPerDay(fromMs, toMs);
    }
    std::vector<Bin> attemptsPerOperation() override
    {
        return m_session.auditStats().attemptsPerOperation();
    }
    std::vector<Bin> operatorAttemptsPerOperation() override
    {
        return m_session.auditStats().operatorAttemptsPerOperation();
    }
    std::vector<Bin> unknownToClosed() override { return m_session.auditStats().unknownToClosed(); }
    std::vector<RefundTally> refundsByReason() override
    {
        return m_session.auditStats().refundsByReason();
    }
    std::vector<RefundTally> refundsByBatch() override
    {
        return m_session.auditStats().refundsByBatch();
    }
    std::vector<Operation> batchRefunds(const QString &name) override
    {
        return m_session.auditStats().batchRefunds(name);
    }
    AuditTask *verifyAudit(QObject *parent) override
    {
        return AuditJob::verify(m_session.location(), m_session.clock(), parent);
    }
    AuditTask *exportAudit(const AuditFilter &filter, const QString &path, QObject *parent) override
    {
        return AuditJob::exportCsv(m_session.location(), m_session.clock(), filter, path, parent);
    }

private:
    Session &m_session;
};

} // namespace

std::unique_ptr<ui::ConsoleReads> readsOf(Session &session)
{
    return std::make_unique<SessionReads>(session);
}

} // namespace ops::console
