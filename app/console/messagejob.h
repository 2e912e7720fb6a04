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
// Sends the internal notes a close of `operationId` queued (decision notes, DESIGN §17); an
// empty outcome when there are none (notes off, or sent already).
MessageOutcome runDecisionNotes(const JobConfig &config, const Clock &clock,
                                const QString &operationId, const QString &actor);

} // namespace ops::console
