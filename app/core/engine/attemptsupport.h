#pragma once

// What every attempt loop shares, the engines' and the message sender's: the jitter seed, the
// loop itself (rule 4), one view of a provider answer whichever provider gave it, its one-line
// description, the attempt row it becomes, and a provider object kept as evidence.

#include "adyen/adyenclient.h"
#include "domain/operation.h"
#include "engine/toolresult.h"
#include "slen/slenclient.h"
#include "storage/operations/operationstore.h"
#include "stripe/stripeclient.h"
#include "transport/backoff.h"
#include "transport/httptransport.h"

#include <cstdint>
#include <optional>

namespace ops {

class Session;

// The call's answer when the agent's rate or its revocation kept openOrGet from storing
// anything (OpenResult::agentRefusal): rejected, rate_limited with retry_after_ms, or
// agent_revoked.
ToolResult agentRefusalResult(const AgentVerdict &verdict);
// The call's answer when openOrGet stored nothing because of who called or where the row would
// live: the agent's refusal above, or rejected async_replication (replication.h). nullopt when
// the opening went ahead (or returned an existing row).
std::optional<ToolResult> openingRefusal(const OpenResult &opened);

// Whether `actor` may move money: anyone but a person (operator:NAME) may, and a person needs
// OperatorAccess::maySendMoney. Every engine asks before it reads, stores or sends anything.
Result<void> actorMaySendMoney(Session &session, const QString &actor);
// rejected not_permitted, "<why>; nothing was stored or sent".
ToolResult notPermitted(const QString &why);

// The configured seed, or one drawn from the clock and a UUID when 0.
std::uint64_t jitterSeed(std::uint64_t configured);

// A provider answer as the rules read it. Stripe, Slen and Adyen replies convert to it
// (replyView).
struct ProviderReply
{
    HttpResponse http;
    QString errorCode;  // error.code: named in descriptions and refusal codes
    QString recordCode; // kept on the attempt row (Stripe: error.code, else error.type)
    QString requestId;
    bool replayed = false;
    // The provider object a refusal names: Slen's failed execution (invalid_flow_input).
    QString refusedObjectId;
};
ProviderReply replyView(const StripeReply &reply);
ProviderReply replyView(const SlenReply &reply);
// Adyen names no request id and signals no replay: a repeat under a key is indistinguishable
// from the first answer, which is what its idempotency promises.
ProviderReply replyView(const AdyenReply &reply);

// "HTTP 409 idempotency_conflict", or the transport error text when nothing answered.
QString describe(const ProviderReply &reply);
// The attempt row for an answer; the excerpt is redacted of `secret` and API keys.
AttemptResult attemptResult(const ProviderReply &reply, Outcome outcome, const QString &secret);

// A test hook for the moment between an attempt's commit and its send (tests/cli kills the caller
// there): when OPS_TEST_STALL_BEFORE_SEND_MS is set, logs and waits that long. No-op otherwise.
void stallBeforeSend(const QString &operationId);

// One sent attempt: the answer and how the rules classify it.
struct SentAttempt
{
    ProviderReply reply;
    Outcome outcome = Outcome::NoAnswer;
};
// Sends a row's stored request with its stored key (rule 3: nothing re-derived) and classifies
// the answer for the row's provider and kind.
SentAttempt sendStored(StripeClient &client, const Operation &op);
SentAttempt sendStored(SlenClient &client, const Operation &op);
SentAttempt sendStored(AdyenClient &client, const Operation &op);

// The store's answer to "may I make one more attempt?": a ticket to send, or the call's result
// when it refused (nullopt: the caller reports the row as it stands).
template<typename Ticket, typename Result> struct Admission
{
    std::optional<Ticket> ticket;
    std::optional<Result> refused;
};

// Rule 4, shared by every engine and the message sender: at most `perCall` attempts in one
// call, backing off with jitter between them. `admit()` counts and commits an attempt before
// anything is sent; `sendAndSettle(ticket)` sends it and returns the call's result once the
// outcome is settled, or nullopt to try again. Returns nullopt when the call ran out of attempts.
template<typename Admit, typename SendAndSettle>
auto runAttempts(Backoff &backoff, const Sleeper &sleeper, int perCall, Admit &&admit,
                 SendAndSettle &&sendAndSettle) -> decltype(sendAndSettle(*admit().ticket))
{
    for (int i = 0; i < perCall; ++i) {
        if (i > 0)
            sleeper(backoff.delay(i));
        auto admission = admit();
        if (!admission.ticket)
            return admission.refused;
        if (auto done = sendAndSettle(*admission.ticket))
            return done;
    }
    return std::nullopt;
}

} // namespace ops
