#pragma once

// Alerts (DESIGN §18): what the alert loop of `opsctl serve` found, and each message of it to a
// channel. Plain values; storage/alerts/alertstore.h keeps them, app/core/alerts sends them.

#include <QDateTime>
#include <QString>
#include <optional>

namespace ops {

// A condition that holds now. Its key names the condition, its subject and the window
// ("window_ending:op_1:1765090000000"): the same key fires once, however many passes see it.
struct AlertCondition
{
    QString key;
    QString condition;   // window_ending, late, approval_waiting, attention, silent, agent_limit
    QString operationId; // '' when the condition is not about one row
    QString subject;     // one line
    QString body;
};

enum class DeliveryKind
{
    Fire,
    Resolve
};

struct AlertDelivery
{
    qint64 id = 0;
    qint64 alertId = 0;
    QString alertKey;
    int episode = 1; // the key's how-manieth firing (it fires again only after it cleared)
    QString channel; // webhook, smtp (AlertChannel::name)
    DeliveryKind kind = DeliveryKind::Fire;
    QString state; // pending, sent, failed, unknown
    int attempts = 0;
    int ambiguous = 0;
    QString subject; // the alert's, "Resolved: " before it for a resolution
    QString body;
    QString lastError;
};

// How one call to a channel ended, as the delivery records it.
enum class DeliveryResult
{
    Delivered, // the channel took it
    Refused,   // it never will (a 4xx, a 5xx SMTP reply): failed (unknown after an earlier
               // ambiguous answer), not sent again
    Retry,     // nothing was delivered for sure: pending again, for as long as it may retry
    Unknown,   // it may have been delivered: sent once more at most, then unknown
};

// An alert as `opsctl alerts` lists it.
struct AlertRecord
{
    qint64 id = 0;
    QString key;
    int episode = 1;
    QString condition;
    QString operationId;
    QString subject;
    QDateTime firedAt;
    std::optional<QDateTime> resolvedAt;
};

} // namespace ops
