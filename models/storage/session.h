#pragma once

// One open database for one thread: what the console (and each of its worker jobs) reaches
// storage through. A Session opens the location once, brings its schema up to date, owns the
// connection and the stores it hands out, and removes the connection when it is destroyed, so
// callers never hold a QSqlDatabase. It forwards; the rules stay in the stores.
//
// A connection belongs to the thread that opened it: a worker thread opens its own Session.
// Everything handed out (references, watchers) must not outlive the Session.

#include "domain/clock.h"
#include "storage/access/approvals.h"
#include "storage/access/operatordirectory.h"
#include "storage/audit/auditlog.h"
#include "storage/db/database.h"
#include "storage/reconcile/proposals.h"

#include <QString>
#include <memory>
#include <optional>
#include <vector>

class QObject;

namespace ops {

class AuditQuery;
class AuditStats;
class ChangeWatcher;
class EventStore;
class MessageStore;
class OperationQuery;
class OperationStore;

class Session
{
public:
    // `location`: a SQLite file path or a postgresql:// URL (Database::open). Each Session gets a
    // connection name of its own. Throws StoreError with a message fit for an operator when the
    // database cannot be opened or migrated; nothing is left registered then. `durability`:
    // database.h (SharedSync for a process with many writer threads).
    Session(const QString &location, const Clock &clock,
            CommitDurability durability = CommitDurability::EachCommit);
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

private:
    struct Parts;

    QString m_location;
    const Clock &m_clock;
    std::unique_ptr<Parts> m_parts;
};

} // namespace ops
