#pragma once

// Pieces every engine uses to record one attempt: the jitter seed, a one-line description of a
// provider answer, the attempt row, and a provider object kept as evidence.

#include "backoff.h"
#include "httptransport.h"
#include "operation.h"
#include "operationstore.h"
#include "stripeclient.h"
#include "toolresult.h"

#include <cstdint>
#include <optional>

namespace ops {

// The configured seed, or one drawn from the clock and a UUID when 0.
std::uint64_t jitterSeed(std::uint64_t configured);

// "HTTP 409 idempotency_conflict", or the transport error text when nothing answered.
QString describeAnswer(const HttpResponse &http, const QString &providerCode);

// The attempt row for an answer; the excerpt is redacted of `secret` and API keys.
AttemptResult attemptResultFor(const HttpResponse &http, Outcome outcome,
                               const QString &providerCode, const QString &providerRequestId,
                               bool replayed, const QString &secret);

// The same for a Stripe reply: the provider code is error.code, or error.type without a code.
QString stripeCode(const StripeReply &reply);
QString describeAnswer(const StripeReply &reply);
AttemptResult attemptResultFor(const StripeReply &reply, Outcome outcome, const QString &secret);

Evidence providerObjectEvidence(const QString &operationId, const QString &title,
                                const QByteArray &body, const QString &actor);

// Rule 4, shared by every engine: at most `perCall` attempts in one call, backing off with
// jitter between them, each counted and committed by the store before `sendAndSettle` sends it.
// `sendAndSettle(ticket)` returns the call's result once the outcome is settled, or nullopt to
// try again. Returns nullopt when the store refused an attempt (cap, window, row no longer
// open) or the call ran out of attempts: the caller then reports the row as it stands.
template<typename SendAndSettle>
std::optional<ToolResult>
runAttempts(OperationStore &store, Backoff &backoff, const Sleeper &sleeper, int perCall,
            const QString &operationId, const QString &actor, SendAndSettle &&sendAndSettle)
{
    for (int i = 0; i < perCall; ++i) {
        if (i > 0)
            sleeper(backoff.delay(i));
        const AttemptTicket ticket = store.beginAttempt(operationId, actor);
        if (ticket.refusal != AttemptRefusal::None)
            return std::nullopt;
        if (auto done = sendAndSettle(ticket))
            return done;
    }
    return std::nullopt;
}

} // namespace ops
