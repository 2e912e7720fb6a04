#pragma once

// Pieces every engine uses to record one attempt: the jitter seed, a one-line description of a
// provider answer, the attempt row, and a provider object kept as evidence.

#include "httptransport.h"
#include "operation.h"
#include "operationstore.h"
#include "stripeclient.h"

#include <cstdint>

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

} // namespace ops
