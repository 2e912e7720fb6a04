#pragma once

// The fault provider-sim gave one request (faulttable.h decides it): the mode and its delay.

namespace ops::sim {

// What the fault layer decided for one request. The server wrapper applies the timing parts
// (latency, hangs, drops); handlers read `mode` for the parts that live inside the provider's
// idempotency store (stored_500, prune_key).
enum class FaultMode
{
    None,
    Latency,          // answer normally after delayMs
    CommitThenHang,   // apply, then answer after delayMs (or never when delayMs < 0)
    HangBeforeCommit, // hold the key for delayMs, then drop the connection; nothing applied
    Stored500,        // store a 500 under the key without applying
    Stored500Applied, // apply, then store a 500 under the key
    Unavailable503,   // 503 before anything is claimed or applied
    TooMany429,       // 429 before anything is claimed or applied
    DropConnection,   // close the socket before anything is claimed or applied
    PruneKey,         // forget the key before handling, as if 24 h had passed
    // Webhook delivery faults (route "WEBHOOK" only; see WebhookDispatcher)
    WebhookDuplicate,    // the event is delivered twice
    WebhookReorder,      // held and delivered after the next event (or after delayMs)
    WebhookDelay,        // the attempt starts delayMs late
    WebhookFailEndpoint, // the receiver's answer is ignored and the attempt counted as failed
    WebhookBadSignature, // v1 is not the HMAC of the body under the endpoint's secret
};

inline bool isWebhookFault(FaultMode mode)
{
    return mode >= FaultMode::WebhookDuplicate;
}

struct Fault
{
    FaultMode mode = FaultMode::None;
    int delayMs = 0; // for Latency, CommitThenHang, HangBeforeCommit; -1 means never answer
};

} // namespace ops::sim
