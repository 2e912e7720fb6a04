#pragma once

// One pass of the alert loop (DESIGN §18): read what holds now (alertwatch.h), fire and resolve
// alerts in the store (AlertStore::sync), then deliver what is due on each channel with the
// outbox discipline: every call counted and marked in flight before it is made; Delivered →
// sent, Refused → failed, Retry → pending (failed after maxAttempts), Unknown → sent once more
// at most, then unknown. Neither channel can be read back, so an alert's message reaches a
// channel at most twice. When more than `digestAbove` messages wait on one channel, one digest
// carries them all: a flood becomes one message. Synchronous; run it off the UI thread.

#include "alerts/alertchannel.h"
#include "alerts/alertwatch.h"

#include <vector>

namespace ops {

class Session;
struct AlertDelivery;

struct AlertPassOptions
{
    AlertRules rules;    // the service's; the team's settings are read at every pass
    int digestAbove = 5; // more waiting than this on one channel: one digest
    int maxAttempts = 5; // Retry answers before a message is failed
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
    // The channels outlive the pass; their name() is the delivery's channel.
    AlertPass(Session &session, std::vector<AlertChannel *> channels, AlertPassOptions options);
    AlertPassReport run();

private:
    void deliver(AlertChannel &channel, AlertPassReport &report);
    void record(const std::vector<qint64> &ids, const AlertAnswer &answer, AlertPassReport &report);

    Session &m_session;
    std::vector<AlertChannel *> m_channels;
    AlertPassOptions m_options;
};

// What a channel sends for one delivery, and for a digest of several.
AlertMessage alertMessageOf(const AlertDelivery &delivery);
AlertMessage digestOf(const std::vector<AlertDelivery> &deliveries);

} // namespace ops
