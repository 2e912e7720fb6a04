#pragma once

// What the credit and execution engines share: configuration, and turning a Slen reply into an
// attempt row and evidence. The engines themselves follow RefundEngine step by step.

#include "backoff.h"
#include "operationstore.h"
#include "slenclient.h"
#include "toolresult.h"

namespace ops {

struct SlenEngineConfig
{
    int attemptsPerCall = 3;
    int attemptsPerOperation = 6;
    // Retention windows per kind (rule 7). Slen replays a movement's answer for 24 h. It keeps an
    // execution's key while the execution exists; we stop sending after 7 days so a person
    // looks at anything that old. Both are configurable.
    qint64 creditWindowSeconds = 24 * 3600;
    qint64 executionWindowSeconds = 7 * 24 * 3600;
    qint64 marginSeconds = 15 * 60;
    std::chrono::milliseconds backoffBase{250};
    std::chrono::milliseconds backoffCap{4000};
    std::uint64_t jitterSeed = 0; // 0: seeded from the clock
};

namespace slen {

std::uint64_t jitterSeed(std::uint64_t configured);
// "HTTP 409 idempotency_conflict", or the transport error text.
QString describe(const SlenReply &reply);
AttemptResult attemptResult(const SlenReply &reply, Outcome outcome, const QString &secret);
Evidence providerObject(const Operation &op, const QString &title, const QByteArray &body,
                        const QString &actor);
// The provider code of a refusal, or http_<status> when the body named none.
QString refusalCode(const SlenReply &reply);
// One counted attempt: sends the ticket's stored request with its key, classifies the answer
// and records it on the attempt row.
std::pair<SlenReply, Outcome> sendAttempt(OperationStore &store, SlenClient &client,
                                          const AttemptTicket &ticket);
ToolResult credentialsProblem(const Operation &op, int httpStatus, ToolResult::Subject subject);
// Input checks before anything is stored: a GET refused for our API key, or not answered.
ToolResult readFailed(const QString &what, const SlenReply &reply);

} // namespace slen

} // namespace ops
