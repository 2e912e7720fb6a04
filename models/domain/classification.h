#pragma once

// docs/design.md rule 5 as a pure function: what one provider answer means for the operation.

#include "domain/operation.h"

#include <vector>

namespace ops {

enum class TransportError
{
    None,
    Timeout,
    ConnectionFailed,
    Reset,
    Malformed
};

struct ProviderAnswer
{
    int httpStatus = 0;                              // 0 when no HTTP answer arrived
    TransportError transport = TransportError::None; // set when httpStatus == 0
    QString errorType;                               // Stripe error.type
    QString errorCode;                               // error.code
    bool bodyReadable = true;    // false: a 2xx whose object could not be parsed
    bool transientError = false; // Adyen's `transient-error: true`: the key's request still runs
};

Outcome classify(Provider provider, const ProviderAnswer &answer);

// Outcomes after which the same key may be sent again by automation.
inline bool isRetryable(Outcome o)
{
    return o == Outcome::InProgress || o == Outcome::NoAnswer;
}

// What the provider holds under a row's key, judged from the row's attempts (DESIGN §16).
enum class KeyMemory
{
    // Every answer was one the provider does not store: no answer, 429/502-504, in progress,
    // our credentials, or a send that never got an answer. A resend is read as a first request.
    Nothing,
    // A 500 (or an unreadable 2xx) is stored under the key: every resend replays it.
    StoredAnswer,
    // The provider holds another request under the key: every resend is refused the same way.
    Conflict,
};
QString toString(KeyMemory memory);
KeyMemory keyMemory(const std::vector<Attempt> &attempts);
// What the row's key holds, for the one decision every caller makes (the console's look-up, the
// bulk preview): a key holding an answer makes "close failed, start a new refund" the next step.
// Stripe keeps the first answer under a key and replays it (docs/design.md §5), so its rows are
// judged from their attempts (keyMemory). A Slen row is Nothing: Slen keeps only a success, or
// pins the key to an execution whose replay reads it as it is now. An Adyen row holds a stored
// answer only after a 5xx (a resend replays it, as on Stripe) and a conflict after a 704 without
// `transient-error`; its 201 `received` is the read a resend is for, so it holds Nothing.
KeyMemory keyMemoryFor(const Operation &op, const std::vector<Attempt> &attempts);

} // namespace ops
