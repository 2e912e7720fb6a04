#include "storage/session.h"

#include "storage/audit/auditquery.h"
#include "storage/audit/auditstats.h"
#include "storage/db/changewatcher.h"
#include "storage/db/database.h"
#include "storage/db/statementcache.h"
#include "storage/events/eventstore.h"
#include "storage/messages/messagestore.h"
#include "storage/operationquery.h"
#include "storage/operationstore.h"

#include <atomic>

using namespace Qt::StringLiterals;

namespace ops {

namespace {

// Qt keys connections by name process-wide; two sessions (a window and a job, or two test
// consoles) must never share one.
QString nextConnectionName()
{
    static std::atomic_int counter = 0;
    return u"ops-session-%1"_s.arg(++counter);
}

// Opens and migrates, or throws with nothing left registered under `name`.
QSqlDatabase openMigrated(const QString &location, const QString &name, CommitDurability durability)
{
    QSqlDatabase db = Database::open(location, name, durability);
    try {
        Database::migrate(db);
    } catch (const StoreError &) {
        StatementCache::forget(db);
        db.close();
        db = {};
        QSqlDatabase::removeDatabase(name);
        throw;
    }
    return db;
}

} // namespace

// The connection and everything that holds a copy of it, destroyed together before the
// connection's name is removed.
struct Session::Parts
{
    Parts(QSqlDatabase connection, const Clock &clock)
        : db(std::move(connection))
        , store(db, clock)
        , query(db, clock)
        , messages(db, clock)
        , auditQuery(db)
        , auditStats(db)
        , events(db, clock)
    {}

    QSqlDatabase db;
    OperationStore store;
    OperationQuery query;
    MessageStore messages;
    AuditQuery auditQuery;
    AuditStats auditStats;
    EventStore events;
};

Session::Session(const QString &location, const Clock &clock, CommitDurability durability)
    : m_location(location)
    , m_clock(clock)
    , m_parts(
          std::make_unique<Parts>(openMigrated(location, nextConnectionName(), durability), clock))
{}

Session::~Session()
{
    const QString name = m_parts->db.connectionName();
    StatementCache::forget(m_parts->db);
    m_parts->db.close();
    m_parts.reset();
    QSqlDatabase::removeDatabase(name);
}

OperationStore &Session::store()
{
    return m_parts->store;
}

OperationQuery &Session::query()
{
    return m_parts->query;
}

MessageStore &Session::messages()
{
    return m_parts->messages;
}

AuditQuery &Session::auditQuery()
{
    return m_parts->auditQuery;
}

AuditStats &Session::auditStats()
{
    return m_parts->auditStats;
}

EventStore &Session::events()
{
    return m_parts->events;
}

OperatorAccess Session::accessOf(const QString &actor)
{
    return ops::accessOf(m_parts->db, actor);
}

bool Session::isFresh()
{
    return listOperators(m_parts->db).empty() && query().count(QueryFilter{}) == 0;
}

OperatorRecord Session::addOperator(const QString &byActor, const QString &name, Role role)
{
    return ops::addOperator(m_parts->db, m_clock.nowMs(), byActor, name, role);
}

std::vector<Approval> Session::approvals(std::optional<ApprovalState> state)
{
    return listApprovals(m_parts->db, state);
}

std::vector<Proposal> Session::openProposals(int limit)
{
    return listProposals(m_parts->db, ProposalState::Open, limit);
}

bool Session::needsApproval(const Operation &op)
{
    return ops::needsApproval(m_parts->db, op);
}

std::optional<Approval> Session::openApproval(const QString &operationId, ApprovalAction action,
                                              ApprovalState state)
{
    return ops::openApproval(m_parts->db, operationId, action, state);
}

ChainCheck Session::verifyChain()
{
    return AuditLog::verify(m_parts->db);
}

std::optional<ChainCheck> Session::verifyChain(const ChainProgress &progress)
{
    return AuditLog::verify(m_parts->db, progress);
}

ChangeWatcher *Session::createChangeWatcher(QObject *parent)
{
    return new ChangeWatcher(m_parts->query, parent);
}

} // namespace ops
