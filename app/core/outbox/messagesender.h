#pragma once

// Delivers queued customer messages (models/storage/messages/messagestore.h) to the helpdesk over
// HTTP: POST {base}/v1/conversations/{conversation}/messages with {"body": …} and the message's own
// Idempotency-Key, so a repeated send — a retry, a second console, a restart — is delivered at
// most once. The engines' discipline: every attempt is counted and committed before it is sent,
// at most attemptsPerCall per call with jittered backoff between them and attemptsPerMessage in
// all, a per-attempt timeout, answers classified as for Stripe (the sink speaks its errors).
// A call that gives up marks the message failed with the error kept; sending again later
// retries with the same key and the same body.

#include "domain/result.h"
#include "engine/attemptsupport.h"
#include "storage/messages/messagestore.h"
#include "transport/backoff.h"
#include "transport/httptransport.h"

#include <QUrl>

namespace ops {

struct HelpdeskConfig
{
    QUrl baseUrl;   // e.g. http://127.0.0.1:12111 (provider-sim's message sink)
    QString secret; // sent as a bearer token when not empty
    std::chrono::milliseconds timeout{10000};
    int attemptsPerCall = 3;
    int attemptsPerMessage = 6;
    std::chrono::milliseconds backoffBase{250};
    std::chrono::milliseconds backoffCap{4000};
    std::uint64_t jitterSeed = 0; // 0: seeded from the clock
};

// OPS_HELPDESK_URL (required), OPS_HELPDESK_KEY or the helpdesk key file (optional),
// OPS_ATTEMPT_TIMEOUT_MS. A failure says why messages cannot be sent as configured.
Result<HelpdeskConfig> helpdeskConfigFromEnvironment();

struct SendResult
{
    enum class Status
    {
        Sent,        // the helpdesk accepted it now (or replayed its first acceptance)
        AlreadySent, // it had been sent or copied before; nothing was sent
        Failed,      // given up for now; message.lastError says why
        Refused      // no such message
    };
    Status status = Status::Failed;
    std::optional<CustomerMessage> message; // the row after the call
    QString error;
};
QString toString(SendResult::Status status);

class MessageSender
{
public:
    MessageSender(MessageStore &store, HttpTransport &transport, HelpdeskConfig config,
                  Sleeper sleeper = threadSleep);

    // Throws ActionRefused, before anything is counted or sent, when an operator `actor` lacks
    // the Message right (MessageStore::beginAttempt).
    SendResult send(qint64 messageId, const QString &actor);

    // The request for one attempt: the same bytes every time for the same message.
    HttpRequest requestFor(const CustomerMessage &message) const;

private:
    using Admitted = Admission<MessageAttemptTicket, SendResult>;
    // Counts one attempt (MessageStore::beginAttempt), or the call's result when refused.
    Admitted admit(qint64 messageId, const QString &actor);
    // nullopt: retry in this call (the error is kept on the row).
    std::optional<SendResult> settle(const CustomerMessage &message, const HttpResponse &http,
                                     const QString &actor);
    SendResult finish(qint64 messageId, SendResult::Status status, const QString &error);
    // Marks the message failed with `error` (kept for the operator) and reports it.
    SendResult giveUp(qint64 messageId, const QString &error, const QString &actor);

    MessageStore &m_store;
    HttpTransport &m_transport;
    HelpdeskConfig m_config;
    Sleeper m_sleeper;
    Backoff m_backoff;
};

} // namespace ops
