#pragma once

// One pass of the alert loop (DESIGN §18): read what holds now (alertwatch.h), fire and resolve
// alerts in the store (AlertStore::sync), then deliver what is due on each channel with the
// outbox discipline: every call counted and marked in flight before it is made; Delivered →
// sent, Refused → failed, Retry → pending (failed once the message is `retryFor` old), Unknown →
// sent once more at most, then unknown. Neither channel can be read back, so an alert's message
// reaches a channel at most twice. When more than `digestAbove` messages wait on one channel,
// one digest carries them all: a flood becomes one message. A Retry ends the channel's pass
// and, with a Retry-After, holds it that long. Synchronous; run it off the UI thread.

#include "alerts/alertchannel.h"
#include "alerts/alertwatch.h"

#include <QHash>
#include <functional>
#include <vector>

namespace ops {

class Session;
struct AlertDelivery;

struct AlertPassOptions
{
    AlertRules rules;              // the service's; the team's settings are read at every pass
    int digestAbove = 5;           // more waiting than this on one channel: one digest
    qint64 retryForMs = 3'600'000; // a message still refused for sure after an hour: failed
    // An attempt in flight longer than this never recorded its answer (its sender died): it
    // counts as ambiguous. Longer than any channel's timeout.
    qint64 staleAfterMs = 120'000;
    int batch = 200; // messages taken per channel per pass
};

struct AlertPassReport
{
    int fired = 0;
    int resolved = 0;
    int delivered = 0;
    int failed = 0;
    int retried = 0;
    int unknown = 0;
    int digests = 0;
};

class AlertPass
{
public:
    // The channels outlive the pass; their name() is the delivery's channel. `stillHolds` is
    // asked before each send (the loop renews its lease there): false ends the pass, so a pass
    // longer than the lease never sends beside the lease's next holder.
    AlertPass(Session &session, std::vector<AlertChannel *> channels, AlertPassOptions options,
              std::function<bool()> stillHolds = {});
    AlertPassReport run();

private:
    struct Begun
    {
        qint64 id = 0;
        qint64 token = 0;
    };
    void deliver(AlertChannel &channel, AlertPassReport &report);
    // Sends `message` for the attempts `begun`; false when the channel should rest.
    bool send(AlertChannel &channel, const AlertMessage &message, const std::vector<Begun> &begun,
              AlertPassReport &report);

    Session &m_session;
    std::vector<AlertChannel *> m_channels;
    AlertPassOptions m_options;
    std::function<bool()> m_stillHolds;
    QHash<QString, qint64> m_restUntilMs; // a channel's Retry-After, by name
};

// What a channel sends for one delivery, and for a digest of several.
AlertMessage alertMessageOf(const AlertDelivery &delivery);
AlertMessage digestOf(const std::vector<AlertDelivery> &deliveries);

} // namespace ops
