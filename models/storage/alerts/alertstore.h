#pragma once

// The alerts of `opsctl serve`'s alert loop (DESIGN §18) and their deliveries, kept with the
// outbox discipline of customer messages (§17): a delivery row is committed before its channel
// is called; each call is counted and marked in flight first; an answer that may have been
// delivered (unknown) is sent once more at most, so a channel that cannot be read back gets at
// most one duplicate of an alert's message. Only the service writes here (PostgreSQL grants).

#include "domain/alerttypes.h"
#include "domain/clock.h"
#include "storage/db/connection.h"

#include <QStringList>
#include <vector>

namespace ops {

struct AlertSync
{
    int fired = 0;
    int resolved = 0;
};

class AlertStore
{
public:
    AlertStore(const Connection &db, const Clock &clock);

    // One transaction: each condition in `holding` whose key has no alert yet fires (an alert
    // and one pending delivery per channel in `channels`); each open alert whose key is not in
    // `holding` resolves (resolved_at, and a resolution per channel). A key fires once for good.
    AlertSync sync(const std::vector<AlertCondition> &holding, const QStringList &channels);

    // Up to `limit` deliveries of `channel` to send, oldest first. First, an attempt that began
    // before `staleBeforeMs` and never recorded its answer (its sender died) is counted as an
    // ambiguous answer (finish(Unknown)).
    std::vector<AlertDelivery> due(const QString &channel, int limit, qint64 staleBeforeMs);
    // Counts an attempt and marks it in flight before the channel is called; `digest` names
    // the digest it goes in. False, nothing written, when it is no longer pending.
    bool beginAttempt(qint64 deliveryId, const QString &digest = {});
    // The answer: Delivered → sent; Refused → failed; Retry → pending, failed once `maxAttempts`
    // are spent; Unknown → pending the first time, unknown the second (never sent a third).
    void finish(qint64 deliveryId, DeliveryResult result, const QString &error, int maxAttempts);

    // Newest first; only the unresolved ones with openOnly.
    std::vector<AlertRecord> alerts(bool openOnly, int limit);
    std::vector<AlertDelivery> deliveries(qint64 alertId);

private:
    void finishLocked(qint64 deliveryId, DeliveryResult result, const QString &error,
                      int maxAttempts, qint64 nowMs);

    ConnectionHold m_db;
    const Clock &m_clock;
};

} // namespace ops
