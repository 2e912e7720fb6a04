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

Outcome classifyClientError(Provider provider, const ProviderAnswer &a)
{
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

} // namespace ops
