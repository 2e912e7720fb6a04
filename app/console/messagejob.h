#pragma once

// The console's message delivery, run on a worker thread like the look-up and the resend: its
// own database connection and HTTP transport, the message sender's attempts and backoff.

#include "domain/clock.h"
#include "outbox/messagesender.h"

namespace ops::console {

struct JobConfig;

struct MessageOutcome
{
    QString message; // for the status bar
    QString error;   // not empty: shown as an error …
    QString next;    // … with what to do next
};

MessageOutcome runMessageSend(const JobConfig &config, const Clock &clock, qint64 messageId,
                              const QString &actor);

} // namespace ops::console
