#pragma once

// docs/design.md rule 5 as a pure function: what one provider answer means for the operation.

#include "domain/operation.h"

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
    bool bodyReadable = true; // false: a 2xx whose object could not be parsed
};

Outcome classify(Provider provider, const ProviderAnswer &answer);

// Outcomes after which the same key may be sent again by automation.
inline bool isRetryable(Outcome o)
{
    return o == Outcome::InProgress || o == Outcome::NoAnswer;
}

} // namespace ops
