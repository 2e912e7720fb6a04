#pragma once

// The alerts of `opsctl serve`'s alert loop (DESIGN §18) and their deliveries, kept with the
// outbox discipline of customer messages (§17): a delivery row is committed before its channel
// is called; each call is counted and marked in flight first; an answer that may have been
// delivered (unknown) is sent once more at most, so a channel that cannot be read back gets at
// most one duplicate of an alert's message. Only the service writes here (PostgreSQL grants).

#include "domain/alerttypes.h"
#include "domain/clock.h"
#include "domain/operation.h"
#include "storage/db/connection.h"

#include <QStringList>
#include <optional>
#include <vector>

namespace ops {

struct AlertSync
{
    int fired = 0;
    int resolved = 0;
};

// What a condition is watched on: rows in one state, the most urgent first, and whether the
// read saw all the rows that matter.
struct WaitingRows
{
    std::vector<Operation> rows;
    bool complete = true;
};

class AlertStore
{
public:
    AlertStore(const Connection &db, const Clock &clock);

    // One transaction: each condition in `holding` whose key has no open alert fires its next
    // episode (an alert and one pending delivery per channel in `channels`); each open alert
    // whose key is not in `holding` resolves (resolved_at, a resolution per channel), except
    // those of a condition in `unseen`, whose watch did not see everything this pass.
    AlertSync sync(const std::vector<AlertCondition> &holding, const QStringList &channels,
                   const QStringList &unseen = {});

    // Rows in `state` whose deadline comes before `deadlineBeforeMs` or that were opened before
    // `createdBeforeMs`: the soonest deadline first, at most `limit` (complete false beyond it).
    WaitingRows waitingRows(OperationState state, qint64 deadlineBeforeMs, qint64 createdBeforeMs,
                            int limit);

    // Up to `limit` deliveries of `channel` to send, oldest first. First, an attempt that began
    // before `staleBeforeMs` and never recorded its answer (its sender died) is counted as an
    // ambiguous answer.
    std::vector<AlertDelivery> due(const QString &channel, int limit, qint64 staleBeforeMs);
    // Counts an attempt and marks it in flight before the channel is called; `digest` names the
    // digest it goes in. The attempt's token for finish(), or nullopt (nothing written) when the
    // delivery is no longer pending or another attempt is in flight.
    std::optional<qint64> beginAttempt(qint64 deliveryId, const QString &digest = {});
    // The answer to attempt `token`: Delivered → sent; Refused → failed; Retry → pending until
    // the message is `retryForMs` old, then failed; Unknown → pending the first time, unknown
    // the second (never sent a third time). After an ambiguous answer a final one is unknown,
    // not failed: the first may have arrived. An answer that is no longer the delivery's
    // attempt in flight (it was judged stale meanwhile) writes nothing.
    void finish(qint64 deliveryId, qint64 token, DeliveryResult result, const QString &error,
                qint64 retryForMs);

    // Newest first; only the unresolved ones with openOnly.
    std::vector<AlertRecord> alerts(bool openOnly, int limit);
    std::vector<AlertDelivery> deliveries(qint64 alertId);

private:
    void finishLocked(qint64 deliveryId, qint64 token, DeliveryResult result, const QString &error,
                      qint64 retryForMs, qint64 nowMs);

    ConnectionHold m_db;
    const Clock &m_clock;
};

} // namespace ops
