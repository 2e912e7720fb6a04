#pragma once

// Every read a console window makes, by value (issue 55 item 2). The window, its panels and the
// supervisor window hold this and nothing of storage; app/console implements it over the
// window's own connection, which only reads (sessionreads.h). Writes go through ConsoleWrites.
//
// Calls run on the UI thread and answer at once. Any of them may throw StoreError (the database
// is gone, a query failed); the caller says so where the person looks and keeps what it showed.

#include "domain/agentrecord.h"
#include "domain/approval.h"
#include "domain/audittypes.h"
#include "domain/clock.h"
#include "domain/eventtypes.h"
#include "domain/foureyescover.h"
#include "domain/identity.h"
#include "domain/leases.h"
#include "domain/messagetypes.h"
#include "domain/operation.h"
#include "domain/operationsummary.h"
#include "domain/operatoraccess.h"
#include "domain/pagesources.h"
#include "domain/proposal.h"
#include "domain/replicationstate.h"
#include "domain/teamday.h"

#include <optional>
#include <utility>
#include <vector>

class QObject;

namespace ops {
class AuditTask;
class ChangeFeed;
} // namespace ops

namespace ops::ui {

class ConsoleReads
{
public:
    virtual ~ConsoleReads() = default;

    // The clock every "now" of the window comes from (tests move it).
    virtual const Clock &clock() const = 0;

    // --- Lists ----------------------------------------------------------------------------------
    // The pages both queue lists read (OperationTableModel).
    virtual OperationPages &pages() = 0;
    // Moves whenever any connection commits; the window compares it with what it applied.
    virtual qint64 dataVersion() = 0;
    // Reports other connections' commits (SQLite: polls; PostgreSQL: LISTEN). Not started; a
    // child of `parent`.
    virtual ChangeFeed *watchChanges(QObject *parent) = 0;
    virtual std::vector<Operation> list(const OperationFilter &filter) = 0;
    virtual qint64 count(const OperationFilter &filter) = 0;

    // --- One row, as it is now ----------------------------------------------------------------
    virtual std::optional<Operation> operation(const QString &id) = 0;
    virtual std::vector<Attempt> attempts(const QString &operationId) = 0;
    virtual std::vector<Evidence> evidence(const QString &operationId) = 0;
    virtual std::vector<AuditEntry> audit(const QString &operationId) = 0;
    virtual std::vector<CustomerMessage> messages(const QString &operationId) = 0;
    virtual std::vector<StoredEvent> events(const QString &operationId) = 0;
    // The refunds opened to replace this one (DESIGN §16), oldest first.
    virtual std::vector<Operation> replacementsOf(const QString &operationId) = 0;
    // Who holds the row's resend lease now; nullopt when nobody does.
    virtual std::optional<ResendLease> resendLease(const QString &operationId) = 0;
    // The row's notes, oldest first (TeamStore::notes, DESIGN §18).
    virtual std::vector<RowNote> notes(const QString &operationId) = 0;

    // --- The team's day (DESIGN §18) ----------------------------------------------------------
    // The service targets in force (TeamStore::targets): the lists mark late rows by them.
    virtual ServiceTargets serviceTargets() = 0;
    // Every person in the operator directory, by name, disabled ones included
    // (AccessStore::operators): Assign… offers the enabled ones.
    virtual std::vector<OperatorRecord> operators() = 0;

    // --- Who may do what ----------------------------------------------------------------------
    virtual Identity identity() = 0;
    virtual OperatorAccess accessOf(const QString &actor) = 0;
    virtual std::optional<AgentRecord> agent(const QString &name) = 0;
    virtual ReplicationState replication() = 0;
    virtual bool acceptsAsyncReplication() = 0;
    virtual FourEyesCover fourEyesCover() = 0;
    // nullopt state: every approval.
    virtual std::vector<Approval> approvals(std::optional<ApprovalState> state) = 0;
    // Each currency's row threshold (approvals.h), by currency.
    virtual std::vector<std::pair<QString, qint64>> approvalThresholds() = 0;
    // The threshold `op`'s amount is above, when it needs a second person.
    virtual std::optional<Money> approvalThresholdExceeded(const Operation &op) = 0;
    virtual std::vector<Proposal> openProposals() = 0;

    // --- Provider events ----------------------------------------------------------------------
    virtual std::vector<AttentionItem> attentionQueue() = 0;
    virtual ReceiverStatus receiverStatus(qint64 staleAfterMs) = 0;
    virtual std::vector<StoredEvent> unmatchedEvents(int limit) = 0;
    virtual qint64 unmatchedEventCount() = 0;

    // --- The audit trail ----------------------------------------------------------------------
    virtual AuditPages &auditPages() = 0;
    // Entries committed but not chained yet (the merge delay), and the oldest one's age.
    virtual AuditWaiting auditWaiting() = 0;
    virtual std::vector<DayCount> unknownPerDay(qint64 fromMs, qint64 toMs) = 0;
    virtual std::vector<Bin> attemptsPerOperation() = 0;
    virtual std::vector<Bin> operatorAttemptsPerOperation() = 0;
    virtual std::vector<Bin> unknownToClosed() = 0;
    // Refunds by reason code and by batch (docs/design.md §19), and one batch's refunds.
    virtual std::vector<RefundTally> refundsByReason() = 0;
    virtual std::vector<RefundTally> refundsByBatch() = 0;
    virtual std::vector<Operation> batchRefunds(const QString &name) = 0;
    // Jobs on a thread and a connection of their own, not started; children of `parent`.
    virtual AuditTask *verifyAudit(QObject *parent) = 0;
    virtual AuditTask *exportAudit(const AuditFilter &filter, const QString &path,
                                   QObject *parent) = 0;
};

} // namespace ops::ui
