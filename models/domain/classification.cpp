#include "domain/classification.h"

using namespace Qt::StringLiterals;

namespace ops {

namespace {

Outcome classifyConflict(Provider provider, const ProviderAnswer &a)
{
    // Stripe answers every 409 for a key in flight; Slen separates "in progress" from
    // "another request under this key".
    if (provider == Provider::Slen && a.errorCode == u"idempotency_conflict"_s)
        return Outcome::KeyMismatch;
    return Outcome::InProgress;
}

// Adyen (docs/adyen.md): 704 is "request already processed or in
// progress". With `transient-error` the key's first request still runs: back off, same key.
// Without it Adyen holds something else under the key: unknown, a person decides.
Outcome classifyAdyenKeyAnswer(const ProviderAnswer &a)
{
    return a.transientError ? Outcome::InProgress : Outcome::KeyMismatch;
}

Outcome classifyClientError(Provider provider, const ProviderAnswer &a)
{
    if (provider == Provider::Adyen && a.errorCode == u"704"_s &&
        (a.httpStatus == 422 || a.httpStatus == 409))
        return classifyAdyenKeyAnswer(a);
    if (a.httpStatus == 401 || a.httpStatus == 403)
        return Outcome::Credentials;
    if (a.httpStatus == 409)
        return classifyConflict(provider, a);
    if (a.httpStatus == 429)
        return Outcome::NoAnswer;
    if (provider == Provider::Stripe && a.errorType == u"idempotency_error"_s)
        return Outcome::KeyMismatch;
    // Declines, validation, not found, insufficient credits: the provider did nothing.
    return Outcome::Refused;
}

} // namespace

Outcome classify(Provider provider, const ProviderAnswer &a)
{
    if (a.httpStatus == 0)
        return Outcome::NoAnswer; // timeout, refused connection, reset: nothing is known
    if (a.httpStatus >= 200 && a.httpStatus < 300)
        return a.bodyReadable ? Outcome::Succeeded : Outcome::Undefined;
    if (a.httpStatus >= 400 && a.httpStatus < 500)
        return classifyClientError(provider, a);
    if (a.httpStatus == 502 || a.httpStatus == 503 || a.httpStatus == 504)
        return Outcome::NoAnswer;
    // 500 is stored under the key and replayed; any other status we do not understand is
    // treated the same way: a person decides.
    return Outcome::Undefined;
}

QString toString(KeyMemory memory)
{
    switch (memory) {
    case KeyMemory::StoredAnswer:
        return u"stored_answer"_s;
    case KeyMemory::Conflict:
        return u"conflict"_s;
    case KeyMemory::Nothing:
        break;
    }
    return u"nothing"_s;
}

KeyMemory keyMemory(const std::vector<Attempt> &attempts)
{
    // A conflict outranks a stored answer: it says the key no longer names our request at all.
    KeyMemory memory = KeyMemory::Nothing;
    for (const Attempt &a : attempts) {
        if (a.outcome == Outcome::KeyMismatch)
            return KeyMemory::Conflict;
        // Succeeded and Refused leave a stored answer too; a row holding one is closed, but a
        // resend of it would still only replay.
        if (!isRetryable(a.outcome) && a.outcome != Outcome::InFlight &&
            a.outcome != Outcome::Credentials)
            memory = KeyMemory::StoredAnswer;
    }
    return memory;
}

namespace {

// Adyen replays a key's first answer for the key's life (docs/adyen.md): a 5xx kept under the key
// is all a resend gets back, and a 704 without `transient-error` is another request's. A 201
// `received` is the read a resend is for, and an unreadable 2xx may name a refund that exists:
// neither makes "close failed" the next step.
KeyMemory adyenKeyMemory(const std::vector<Attempt> &attempts)
{
    KeyMemory memory = KeyMemory::Nothing;
    for (const Attempt &a : attempts) {
        if (a.outcome == Outcome::KeyMismatch)
            return KeyMemory::Conflict;
        if (a.outcome == Outcome::Undefined && a.httpStatus >= 500)
            memory = KeyMemory::StoredAnswer;
    }
    return memory;
}

} // namespace

KeyMemory keyMemoryFor(const Operation &op, const std::vector<Attempt> &attempts)
{
    switch (op.provider) {
    case Provider::Stripe:
        return keyMemory(attempts);
    case Provider::Adyen:
        return adyenKeyMemory(attempts);
    case Provider::Slen: // keeps only a success under a key, or reads an execution as it is now
        break;
    }
    return KeyMemory::Nothing;
}

} // namespace ops
