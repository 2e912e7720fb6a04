#pragma once

// One open database for one thread: the one way into storage for the console (and each of its
// worker jobs), opsctl, the servers and the engines; no store hands out another. A Session opens
// the location once, brings its schema up to date, owns the connection and the stores it hands out,
// and removes the connection when it is destroyed, so callers never hold a connection. It forwards;
// the rules stay in the stores.
//
// A connection belongs to the thread that opened it: a worker thread opens its own Session.
// Everything handed out (references, watchers) must not outlive the Session.

#include "domain/clock.h"
#include "storage/access/approvals.h"
#include "storage/access/operatordirectory.h"
#include "storage/audit/auditlog.h"
#include "storage/audit/auditsequencer.h"
#include "storage/db/connection.h"
#include "storage/reconcile/proposals.h"

#include <QString>
#include <memory>
#include <optional>
#include <vector>

class QObject;

namespace ops {

class AccessStore;
class AlertStore;
class AuditQuery;
class AuditStats;
class ChangeWatcher;
class EventStore;
class MessageStore;
class OperationQuery;
class OperationStore;
class ReconcileStore;
class TeamStore;

class Session
{
public:
    // `location`: a SQLite file path or a postgresql:// URL (domain/dblocation.h). Each Session
    // gets a connection name of its own. Throws LocationError when the location cannot be opened
    // at all, StoreError when the database fails or cannot be migrated, each with a message fit
    // for an operator; nothing is left registered then. `durability`: database.h (SharedSync for
    // a process with many writer threads).
    Session(const QString &location, const Clock &clock,
            CommitDurability durability = CommitDurability::EachCommit);
    // A session over a connection its caller opened, migrated and keeps open longer than this
    // session (a test's login, a benchmark's connection): nothing is opened, migrated or removed
    // here; location() is empty.
    Session(const Connection &db, const Clock &clock);
    ~Session();
    Session(const Session &) = delete;
    Session &operator=(const Session &) = delete;

    QString location() const { return m_location; }
    const Clock &clock() const { return m_clock; }

    OperationStore &store();
    OperationQuery &query();
    MessageStore &messages();
    AuditQuery &auditQuery();
    AuditStats &auditStats();
    // Provider events, Attention and receiver heartbeats (eventstore.h, issue 13).
    EventStore &events();
    // Operators, approvals, thresholds and the repeat window (accessstore.h).
    AccessStore &access();
    // The reconciler's settings, schedule, proposals and service lease (reconcilestore.h).
    ReconcileStore &reconcile();
    // Owners, notes and service targets (teamstore.h, DESIGN §18).
    TeamStore &team();
    // The alert loop's alerts and their deliveries (alertstore.h, DESIGN §18).
    AlertStore &alerts();
    // The schema version the database is at (after this session's migration: the latest).
    int schemaVersion();
    // `rows` synthetic operations for benchmarks and demos (bulkgenerator.h), created up to now.
    void generateOperations(qint64 rows);

    // Operators and approvals (operatordirectory.h, approvals.h) on this connection.
    OperatorAccess accessOf(const QString &actor);
    std::vector<Approval> approvals(std::optional<ApprovalState> state = {});
    bool needsApproval(const Operation &op);
    std::optional<Approval> openApproval(const QString &operationId, ApprovalAction action,
                                         ApprovalState state);
    // The reconciler's open proposals (proposals.h), oldest first: the console's
    // "Select all with a proposal".
    std::vector<Proposal> openProposals(int limit = 100'000);
    // First run (issue 17): no operation and no operator yet. The console then asks the person
    // starting it to become the first supervisor, through addOperator's bootstrap rule.
    bool isFresh();
    OperatorRecord addOperator(const QString &byActor, const QString &name, Role role);
    // Walks the whole audit chain (AuditLog::verify).
    ChainCheck verifyChain();
    // The same walk with progress; nullopt when `progress` cancelled it.
    std::optional<ChainCheck> verifyChain(const ChainProgress &progress);

    // A watcher over this session's query, owned by `parent` (changewatcher.h); not started.
    ChangeWatcher *createChangeWatcher(QObject *parent);

    // Chains audit entries committed but not yet sequenced (auditsequencer.h); returns how many.
    qint64 sequenceAudit();
    // What waits for the sequencer: the audit window's "waiting" count.
    AuditWaiting auditWaiting();
    // A long-running server's sequencer: every `interval` on this thread's event loop, owned by
    // `parent`; a failed run is logged and retried at the next tick. Nothing on SQLite.
    void startAuditSequencer(QObject *parent,
                             std::chrono::milliseconds interval = kSequencerInterval);
    static constexpr std::chrono::milliseconds kSequencerInterval{250};

private:
    struct Parts;

    QString m_location;
    const Clock &m_clock;
    std::unique_ptr<Parts> m_parts;
    bool m_ownsConnection = true;
};

} // namespace ops
