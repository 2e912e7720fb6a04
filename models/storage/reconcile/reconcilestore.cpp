#include "storage/reconcile/reconcilestore.h"

#include "domain/clock.h"
#include "storage/db/sqlconnection.h"
#include "storage/reconcile/reconcilerows.h"

namespace ops {

ReconcileStore::ReconcileStore(const Connection &db, const Clock &clock)
    : m_db(db)
    , m_clock(clock)
{}

ReconcileSettings ReconcileStore::settings()
{
    return reconcileSettings(*m_db);
}

void ReconcileStore::setAutoClose(const QString &actor, bool on)
{
    setReconcileAutoClose(*m_db, m_clock.nowMs(), actor, on);
}

void ReconcileStore::setSchedule(const QString &actor, const QList<qint64> &checkTimes)
{
    setReconcileSchedule(*m_db, m_clock.nowMs(), actor, checkTimes);
}

std::vector<ReconcileCandidate> ReconcileStore::candidates(qint64 nowMs, qint64 openStaleMs,
                                                           bool ignoreSlots, int limit)
{
    return reconcileCandidates(*m_db, nowMs, openStaleMs, ignoreSlots, limit);
}

void ReconcileStore::recordCheck(const QString &operationId, qint64 nowMs,
                                 std::optional<qint64> nextAtMs, bool counted,
                                 const QString &result)
{
    recordReconcileCheck(*m_db, operationId, nowMs, nextAtMs, counted, result);
}

Proposal ReconcileStore::storeProposal(const NewProposal &proposal)
{
    return ops::storeProposal(*m_db, m_clock.nowMs(), proposal);
}

std::vector<Proposal> ReconcileStore::proposals(std::optional<ProposalState> state, int limit)
{
    return listProposals(*m_db, state, limit);
}

std::optional<Proposal> ReconcileStore::proposal(qint64 id)
{
    return findProposal(*m_db, id);
}

qint64 ReconcileStore::newestEvidenceId(const QString &operationId)
{
    return ops::newestEvidenceId(*m_db, operationId);
}

bool ReconcileStore::claimLease(const QString &name, const QString &holder, qint64 ttlMs)
{
    return claimServiceLease(*m_db, name, holder, m_clock.nowMs(), ttlMs);
}

void ReconcileStore::releaseLease(const QString &name, const QString &holder)
{
    releaseServiceLease(*m_db, name, holder);
}

std::optional<ServiceLease> ReconcileStore::lease(const QString &name)
{
    return serviceLease(*m_db, name);
}

} // namespace ops
