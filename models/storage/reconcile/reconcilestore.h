#pragma once

// The reconciler's storage as the layers above storage reach it (docs/design.md §10): its
// settings, each row's schedule, the proposals it makes for people, and the service lease that
// lets one process at a time run it. Bound to an operation store's connection and clock; the
// rules (rights, audit entries, supersession) stay in the files below.

#include "storage/db/connection.h"
#include "storage/reconcile/proposals.h"
#include "storage/reconcile/reconcilerows.h"
#include "storage/reconcile/reconcilesettings.h"
#include "storage/reconcile/servicelease.h"

#include <optional>
#include <vector>

namespace ops {

class Clock;

class ReconcileStore
{
public:
    ReconcileStore(const Connection &db, const Clock &clock);

    // --- settings (the Approve right; audited) ---
    ReconcileSettings settings();
    void setAutoClose(const QString &actor, bool on);
    void setSchedule(const QString &actor, const QList<qint64> &checkTimes);

    // --- each row's schedule (reconcilerows.h); nowMs: the pass's own time ---
    // The rows a pass at nowMs may read (reconcileCandidates).
    std::vector<ReconcileCandidate> candidates(qint64 nowMs, qint64 openStaleMs, bool ignoreSlots,
                                               int limit);
    void recordCheck(const QString &operationId, qint64 nowMs, std::optional<qint64> nextAtMs,
                     bool counted, const QString &result);

    // --- proposals (proposals.h) ---
    Proposal storeProposal(const NewProposal &proposal);
    std::vector<Proposal> proposals(std::optional<ProposalState> state = {}, int limit = 1000);
    std::optional<Proposal> proposal(qint64 id);
    qint64 newestEvidenceId(const QString &operationId);

    // --- the service lease (servicelease.h) ---
    bool claimLease(const QString &name, const QString &holder, qint64 ttlMs);
    void releaseLease(const QString &name, const QString &holder);
    std::optional<ServiceLease> lease(const QString &name);

private:
    ConnectionHold m_db;
    const Clock &m_clock;
};

} // namespace ops
