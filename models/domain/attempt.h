#pragma once

// One attempt of an operation: what was sent when, and how its answer was classified (rule 5).

#include <QDateTime>
#include <QString>
#include <optional>

namespace ops {

// Classification of one attempt's answer (docs/design.md rule 5).
enum class Outcome
{
    InFlight,    // counted and sent; no answer recorded (yet, or ever: the sender died)
    Succeeded,   // 2xx with the created object
    Refused,     // definite refusal: the provider did nothing
    InProgress,  // 409 in progress: back off, same key
    NoAnswer,    // timeout, reset, 429, 502-504: back off, same key
    Undefined,   // 500 stored under the key, or a 2xx we cannot read: unknown
    KeyMismatch, // same key, different request: unknown
    Credentials, // 401/403: stays open, configuration error
};
QString toString(Outcome outcome);
std::optional<Outcome> outcomeFromString(QStringView text);

struct Attempt
{
    qint64 id = 0;
    QString operationId;
    int seq = 0;
    QString actor;
    bool byOperator = false; // an operator resend, not automation
    QDateTime startedAt;
    std::optional<QDateTime> finishedAt;
    int httpStatus = 0; // 0: no HTTP answer
    Outcome outcome = Outcome::InFlight;
    QString providerCode;
    QString providerRequestId;
    bool replayed = false;
    qint64 latencyMs = 0;
    QString transportError;
    QString responseExcerpt; // redacted, truncated
};

} // namespace ops
