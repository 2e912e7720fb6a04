#pragma once

// Named leases in the database for work exactly one process may do at a time per database
// (docs/design.md §10: one reconciler, whoever runs it). A holder claims the lease for a time to
// live and renews it well before it runs out; a holder that dies stops renewing, and after the
// lease expires the next claimant takes over. The claim is one conditional upsert, so of two
// claimants exactly one wins. A change of holder is an audit entry; renewals are not.

#include "storage/db/connection.h"

#include <QString>
#include <optional>

namespace ops {

inline const QString kReconcilerLease = QStringLiteral("reconciler");
// opsctl serve's alert loop (DESIGN §18): one server sends the alerts.
inline const QString kAlertsLease = QStringLiteral("alerts");

struct ServiceLease
{
    QString name;
    QString holder; // "host:pid:start"
    qint64 untilMs = 0;
    qint64 acquiredAtMs = 0;
    qint64 renewedAtMs = 0;
};

// True when `holder` holds `name` until nowMs + ttlMs: it was free, expired, or already theirs.
bool claimServiceLease(Connection &db, const QString &name, const QString &holder, qint64 nowMs,
                       qint64 ttlMs);
// Gives the lease up at once (a draining service), so a successor need not wait for expiry.
void releaseServiceLease(Connection &db, const QString &name, const QString &holder);
std::optional<ServiceLease> serviceLease(Connection &db, const QString &name);

} // namespace ops
