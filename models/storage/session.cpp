#include "storage/session.h"

#include "storage/access/accessstore.h"
#include "storage/alerts/alertstore.h"
#include "storage/audit/auditquery.h"
#include "storage/audit/auditstats.h"
#include "storage/bulkgenerator.h"
#include "storage/changewatcher.h"
#include "storage/db/database.h"
#include "storage/db/statementcache.h"
#include "storage/db/storagelogging.h"
#include "storage/events/eventstore.h"
#include "storage/messages/messagestore.h"
#include "storage/operations/operationquery.h"
#include "storage/operations/operationstore.h"
#include "storage/reconcile/reconcilestore.h"
#include "storage/team/teamstore.h"

#include <QTimer>

using namespace Qt::StringLiterals;

namespace ops {

namespace {

// Opens and migrates, or throws with nothing left registered under `name`.
Connection openMigrated(const QString &location, const QString &name, CommitDurability durability)
{
    Connection db;
    try {
        db = Database::open(location, name, durability);
    } catch (const StoreError &e) {
        throw LocationError(e.message());
    }
    try {
        Database::migrate(db);
    } catch (const StoreError &) {
        Database::drop(db);
        throw;
    }
    return db;
}

} // namespace

// The connection and everything that holds a copy of it, destroyed together before the
// connection's name is removed.
struct Session::Parts
{
    Parts(Connection connection, const Clock &clock)
        : db(std::move(connection))
        , store(db, clock)
        , query(db, clock)
        , messages(db, clock)
        , auditQuery(db)
        , auditStats(db)
        , events(db, clock)
        , access(db, clock)
        , reconcile(db, clock)
        , team(db, clock)
        , alerts(db, clock)
    {}

    Connection db;
    OperationStore store;
    OperationQuery query;
    MessageStore messages;
    AuditQuery auditQuery;
    AuditStats auditStats;
    EventStore events;
    AccessStore access;
    ReconcileStore reconcile;
    TeamStore team;
    AlertStore alerts;
};

Session::Session(const QString &location, const Clock &clock, CommitDurability durability)
    : m_location(location)
    , m_clock(clock)
    , m_parts(std::make_unique<Parts>(
          openMigrated(location, Database::uniqueName(u"ops-session"_s), durability), clock))
{}

Session::Session(const Connection &db, const Clock &clock)
    : m_clock(clock)
    , m_parts(std::make_unique<Parts>(db, clock))
    , m_ownsConnection(false)
{}

Session::~Session()
{
    Connection db = m_parts->db;
    m_parts.reset(); // every store's copy of the handle goes first
    if (m_ownsConnection)
        Database::drop(db);
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

TeamStore &Session::team()
{
    return m_parts->team;
}

AlertStore &Session::alerts()
{
    return m_parts->alerts;
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

AccessStore &Session::access()
{
    return m_parts->access;
}

ReconcileStore &Session::reconcile()
{
    return m_parts->reconcile;
}

int Session::schemaVersion()
{
    return Database::schemaVersion(m_parts->db);
}

void Session::generateOperations(qint64 rows)
{
    ops::generateOperations(m_parts->db, rows, m_clock.nowMs());
}

OperatorAccess Session::accessOf(const QString &actor)
{
    return access().accessOf(actor);
}

bool Session::isFresh()
{
    return access().operators().empty() && query().count(QueryFilter{}) == 0;
}

OperatorRecord Session::addOperator(const QString &byActor, const QString &name, Role role)
{
    return access().addOperator(byActor, name, role);
}

std::vector<Approval> Session::approvals(std::optional<ApprovalState> state)
{
    return access().approvals(state);
}

std::vector<Proposal> Session::openProposals(int limit)
{
    return reconcile().proposals(ProposalState::Open, limit);
}

bool Session::needsApproval(const Operation &op)
{
    return access().needsApproval(op);
}

std::optional<Approval> Session::openApproval(const QString &operationId, ApprovalAction action,
                                              ApprovalState state)
{
    return access().openApproval(operationId, action, state);
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

qint64 Session::sequenceAudit()
{
    return AuditSequencer::drain(m_parts->db);
}

AuditWaiting Session::auditWaiting()
{
    return AuditSequencer::waiting(m_parts->db);
}

void Session::startAuditSequencer(QObject *parent, std::chrono::milliseconds interval)
{
    if (!AuditSequencer::sequences(m_parts->db))
        return;
    auto *timer = new QTimer(parent);
    QObject::connect(timer, &QTimer::timeout, parent, [this] {
        try {
            AuditSequencer::drain(m_parts->db);
        } catch (const StoreError &e) {
            qCWarning(lcStore) << "audit sequencer:" << e.what();
            (void)Database::reopenIfLost(m_parts->db); // the next tick tries again
        }
    });
    timer->start(interval);
}

} // namespace ops
