#pragma once

// Delivers queued customer messages (models/storage/messages/messagestore.h) to the configured
// helpdesk through its connector (helpdeskconnector.h), exactly once (docs/design.md §17):
// - every attempt is counted and committed before it is sent (MessageStore::beginAttempt), at
//   most attemptsPerCall per call with jittered backoff between them and attemptsPerMessage in
//   all, each with a timeout;
// - every post carries the message's marker, and before any post that could be a second one
//   (an earlier attempt of this message may have been stored) the ticket is read back: the
//   marker found means sent, with the vendor's id; a complete read without it lets the post go;
//   a read that fails sends nothing and leaves the message unknown, for a person;
// - an answer that leaves it open whether the reply was stored (timeout, reset, 5xx) is read
//   back at once;
// - the account is paced (RatePacer), a 429 holds the pacer for its Retry-After and is not an
//   ambiguous attempt.
// The generic connector reads nothing back: its sink deduplicates the key itself.

#include "domain/result.h"
#include "engine/attemptsupport.h"
#include "outbox/helpdeskconnector.h"
#include "storage/messages/messagestore.h"
#include "transport/backoff.h"
#include "transport/httptransport.h"
#include "transport/ratepacer.h"

namespace ops {

struct SendResult
{
    enum class Status
    {
        Sent,        // the helpdesk holds it now: accepted, or found on a read-back
        AlreadySent, // it had been sent or copied before; nothing was sent
        Failed,      // given up for now; message.lastError says why
        Unknown,     // it may have reached the ticket and no read could tell: nothing more is
                     // sent until a read proves it absent; message.lastError says why
        InProgress,  // another send of it began moments ago and has not answered: nothing sent
        Refused      // no such message
    };
    Status status = Status::Failed;
    std::optional<CustomerMessage> message; // the row after the call
    QString error;
};
QString toString(SendResult::Status status);

// The pacer every sender of this process shares for the account of `config` (vendor, URL,
// user), on the system clock: the console's jobs and `opsctl mcp` send side by side.
RatePacer &helpdeskAccountPacer(const HelpdeskConfig &config);

// Check connection: who the helpdesk says the credentials of `config` belong to (an e-mail,
// or the name or domain it gives), or why it did not answer so. Moves nothing.
Result<QString> checkHelpdesk(HttpTransport &transport, const HelpdeskConfig &config);

class MessageSender
{
public:
    // `pacer`: the account's pacer; helpdeskAccountPacer(config) when null.
    MessageSender(MessageStore &store, HttpTransport &transport, HelpdeskConfig config,
                  Sleeper sleeper = threadSleep, RatePacer *pacer = nullptr);

    // Throws ActionRefused, before anything is counted or sent, when an operator `actor` lacks
    // the Message right (MessageStore::beginAttempt). An internal note goes as the vendor's
    // internal note; to the generic helpdesk, which has none, it is not sent (failed, why).
    SendResult send(qint64 messageId, const QString &actor);

    // The post for one attempt: the same bytes every time for the same message.
    HttpRequest requestFor(const CustomerMessage &message) const;

private:
    using Admitted = Admission<MessageAttemptTicket, SendResult>;
    // Counts one attempt (MessageStore::beginAttempt), or the call's result when refused.
    Admitted admit(qint64 messageId, const QString &actor);
    // One counted attempt: a read-back first when an earlier one may have been stored, then
    // the post. nullopt: retry in this call (the error is kept on the row).
    std::optional<SendResult> attempt(const CustomerMessage &message, const QString &actor);
    std::optional<SendResult> settle(const CustomerMessage &message, const PostAnswer &answer,
                                     const QString &actor);
    // Sent when the ticket holds the marker; nullopt when a complete read proves it absent;
    // Unknown when the read did not complete.
    std::optional<SendResult> readBack(const CustomerMessage &message, const QString &actor);
    HttpResponse exchange(const HttpRequest &request);
    SendResult finish(qint64 messageId, SendResult::Status status, const QString &error);
    // Marks the message failed with `error` (kept for the operator) and reports it.
    SendResult giveUp(qint64 messageId, const QString &error, const QString &actor);
    // Keeps the message pending (an answer is missing) with `why`, and reports it unknown.
    SendResult unknown(qint64 messageId, const QString &why);

    MessageStore &m_store;
    HttpTransport &m_transport;
    HelpdeskConfig m_config;
    std::unique_ptr<HelpdeskConnector> m_connector;
    Sleeper m_sleeper;
    RatePacer &m_pacer;
    Backoff m_backoff;
    // In this call: an attempt may have been stored and no read has settled it since.
    bool m_unsettled = false;
};

} // namespace ops
