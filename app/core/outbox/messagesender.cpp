#include "outbox/messagesender.h"

#include "outbox/helpdeskwire.h"
#include "outbox/outboxlogging.h"
#include "transport/jsonfields.h"

#include <QHash>
#include <mutex>

using namespace Qt::StringLiterals;

namespace ops {

namespace {

// A ticket with more pages than this is not read to the end: the read fails, nothing is proven.
constexpr int kMaxReadPages = 50;
// 429s one read waits out before it gives up (the message stays unknown).
constexpr int kMaxReadWaits = 3;

// The e-mail (or, failing that, the name or domain) a "who am I" answer names, at its top or
// one object down (Zendesk's user, Freshdesk's contact).
QString identityIn(const QByteArray &body)
{
    const auto j = jsonfields::parseObject(body);
    if (!j)
        return {};
    for (const char *field : {"email", "name", "domain"}) {
        if (const QString v = jsonfields::text(*j, field); !v.isEmpty())
            return v;
        for (const auto &[key, inner] : j->items()) {
            if (inner.is_object() && !jsonfields::text(inner, field).isEmpty())
                return jsonfields::text(inner, field);
        }
    }
    return {};
}

} // namespace

QString toString(SendResult::Status status)
{
    switch (status) {
    case SendResult::Status::Sent:
        return u"sent"_s;
    case SendResult::Status::AlreadySent:
        return u"already_sent"_s;
    case SendResult::Status::Failed:
        return u"failed"_s;
    case SendResult::Status::Unknown:
        return u"unknown"_s;
    case SendResult::Status::InProgress:
        return u"in_progress"_s;
    case SendResult::Status::Refused:
        return u"refused"_s;
    }
    return {};
}

RatePacer &helpdeskAccountPacer(const HelpdeskConfig &config)
{
    static std::mutex mutex;
    static const SystemClock clock;
    static QHash<QString, std::shared_ptr<RatePacer>> pacers;
    const QString account = toString(config.vendor) + u' ' + config.baseUrl.toString() + u' ' +
                            config.user + u' ' + QString::number(config.perSecond);
    const std::lock_guard lock(mutex);
    auto &pacer = pacers[account];
    if (!pacer)
        pacer = std::make_shared<RatePacer>(clock, threadSleep, config.perSecond);
    return *pacer;
}

MessageSender::MessageSender(MessageStore &store, HttpTransport &transport, HelpdeskConfig config,
                             Sleeper sleeper, RatePacer *pacer)
    : m_store(store)
    , m_transport(transport)
    , m_config(std::move(config))
    , m_connector(makeHelpdeskConnector(m_config))
    , m_sleeper(std::move(sleeper))
    , m_pacer(pacer ? *pacer : helpdeskAccountPacer(m_config))
    , m_backoff(m_config.backoffBase, m_config.backoffCap, jitterSeed(m_config.jitterSeed))
{}

HttpRequest MessageSender::requestFor(const CustomerMessage &m) const
{
    OutgoingPost post;
    post.ticket = m.conversation;
    post.text = m.body;
    post.marker = markerOf(m.idempotencyKey);
    post.idempotencyKey = m.idempotencyKey;
    post.internal = m.internal;
    return m_connector->post(post);
}

HttpResponse MessageSender::exchange(const HttpRequest &request)
{
    m_pacer.wait();
    return m_transport.send(request, m_config.timeout);
}

Result<QString> checkHelpdesk(HttpTransport &transport, const HelpdeskConfig &config)
{
    helpdeskAccountPacer(config).wait();
    const HttpResponse http =
        transport.send(makeHelpdeskConnector(config)->check(), config.timeout);
    if (http.status >= 200 && http.status < 300) {
        const QString who = identityIn(http.body);
        return who.isEmpty() ? u"%1 answered"_s.arg(toString(config.vendor)) : who;
    }
    if (http.status == 0)
        return Failure{u"no answer: "_s + http.errorText};
    return Failure{helpdeskwire::classifyPost(http, {}, {}).error};
}

SendResult MessageSender::finish(qint64 messageId, SendResult::Status status, const QString &error)
{
    return {status, m_store.message(messageId), error};
}

SendResult MessageSender::giveUp(qint64 messageId, const QString &error, const QString &actor)
{
    m_store.markFailed(messageId, error, actor);
    return finish(messageId, SendResult::Status::Failed, error);
}

SendResult MessageSender::unknown(qint64 messageId, const QString &why)
{
    const QString error = u"unknown whether the ticket holds it: %1. Nothing more is sent until a "
                          "read of the ticket proves it absent; send again to read it, or look "
                          "at the ticket"_s.arg(why);
    m_store.noteAttemptError(messageId, error);
    return finish(messageId, SendResult::Status::Unknown, error);
}

std::optional<SendResult> MessageSender::readBack(const CustomerMessage &m, const QString &actor)
{
    const QString marker = markerOf(m.idempotencyKey);
    QString cursor;
    int busy = 0;
    for (int page = 0; page < kMaxReadPages; ++page) {
        const HttpResponse http = exchange(m_connector->readPage(m.conversation, cursor));
        if (http.status == 429) { // the account's limit, not an answer: wait and read it again
            if (++busy > kMaxReadWaits)
                return unknown(m.id, u"the helpdesk kept answering 429 to the read"_s);
            m_pacer.holdFor(helpdeskwire::retryAfterOf(http));
            --page; // a wait is not a page
            continue;
        }
        const ReadBackPage found = m_connector->scanPage(http, marker);
        qCInfo(lcOutbox) << "message" << m.id << "read-back page" << page << "->" << int(found.kind)
                         << found.error;
        switch (found.kind) {
        case ReadBackPage::Kind::Found:
            m_store.markSent(m.id, found.vendorId, actor);
            m_unsettled = false;
            return finish(m.id, SendResult::Status::Sent, {});
        case ReadBackPage::Kind::Absent:
            m_unsettled = false;
            return std::nullopt;
        case ReadBackPage::Kind::More:
            cursor = found.cursor;
            break;
        case ReadBackPage::Kind::Failed:
            return unknown(m.id, found.error);
        }
    }
    return unknown(m.id, u"the ticket has more than %1 pages of replies"_s.arg(kMaxReadPages));
}

std::optional<SendResult> MessageSender::settle(const CustomerMessage &m, const PostAnswer &a,
                                                const QString &actor)
{
    qCInfo(lcOutbox) << "message" << m.id << "attempt" << m.attempts << "->" << a.error;
    switch (a.kind) {
    case PostAnswer::Kind::Stored:
        m_store.markSent(m.id, a.vendorId, actor);
        return finish(m.id, SendResult::Status::Sent, {});
    case PostAnswer::Kind::Busy:
        // A wait longer than a call may take ends the call; nothing was stored, a later send goes.
        if (a.retryAfter > helpdeskwire::kLongestRetryAfter)
            return giveUp(m.id,
                          a.error + u" — the helpdesk asks to wait %1 s; send it again later"_s.arg(
                                        a.retryAfter.count() / 1000),
                          actor);
        m_pacer.holdFor(a.retryAfter);
        m_store.noteAttemptError(m.id, a.error);
        return std::nullopt;
    case PostAnswer::Kind::Retry:
        m_store.noteAttemptError(m.id, a.error);
        return std::nullopt;
    case PostAnswer::Kind::Refused:
        return giveUp(m.id, a.error, actor);
    case PostAnswer::Kind::Unknown:
        break;
    }
    if (!m_connector->readsBack())
        return giveUp(m.id,
                      a.error + u" — the helpdesk may have stored the message; read the "
                                "conversation before copying it by hand"_s,
                      actor);
    m_unsettled = true;
    if (auto settled = readBack(m, actor))
        return settled;
    m_store.noteAttemptError(m.id, a.error + u"; the ticket was read and does not hold it"_s);
    return std::nullopt;
}

std::optional<SendResult> MessageSender::attempt(const CustomerMessage &m, const QString &actor)
{
    if (m_unsettled && m_connector->readsBack()) {
        if (auto settled = readBack(m, actor))
            return settled;
    }
    m_unsettled = true; // until its answer is read
    const HttpResponse http = exchange(requestFor(m));
    const PostAnswer answer = m_connector->answer(http, markerOf(m.idempotencyKey));
    if (answer.kind != PostAnswer::Kind::Unknown)
        m_unsettled = false; // stored, or proven not stored
    return settle(m, answer, actor);
}

MessageSender::Admitted MessageSender::admit(qint64 messageId, const QString &actor)
{
    // Another sender's attempt is given its timeout and a margin to record its answer.
    const MessageAttemptTicket ticket =
        m_store.beginAttempt(messageId, m_config.attemptsPerMessage, actor,
                             m_config.timeout + std::chrono::milliseconds(2000));
    switch (ticket.refusal) {
    case MessageAttemptRefusal::None:
        return {ticket, {}};
    case MessageAttemptRefusal::NotFound:
        return {{},
                SendResult{SendResult::Status::Refused, std::nullopt,
                           u"no message %1"_s.arg(messageId)}};
    case MessageAttemptRefusal::AlreadySent:
        return {{}, SendResult{SendResult::Status::AlreadySent, ticket.message, {}}};
    case MessageAttemptRefusal::Outdated:
        return {{}, giveUp(messageId, ticket.reason, actor)};
    case MessageAttemptRefusal::InProgress:
        return {{}, SendResult{SendResult::Status::InProgress, ticket.message, ticket.reason}};
    case MessageAttemptRefusal::CapReached:
        // Out of attempts while it may be on the ticket: it stays unknown (no copy by hand).
        if (isUnknownMessage(ticket.message) && m_connector->readsBack())
            return {
                {},
                unknown(messageId, u"all %1 attempts are used"_s.arg(m_config.attemptsPerMessage))};
        return {{},
                giveUp(messageId,
                       u"all %1 attempts are used; last: %2"_s.arg(
                           QString::number(m_config.attemptsPerMessage), ticket.message.lastError),
                       actor)};
    }
    return {};
}

SendResult MessageSender::send(qint64 messageId, const QString &actor)
{
    m_unsettled = false; // this call's own; set from the row at its first admission
    // The generic sink has no internal notes: a note posted there would reach the customer.
    if (const auto m = m_store.message(messageId);
        m && m->internal && m->state != MessageState::Sent && !m_connector->takesNotes())
        return giveUp(messageId,
                      u"the %1 helpdesk takes no internal notes; this one stays here"_s.arg(
                          toString(m_config.vendor)),
                      actor);
    bool first = true;
    const auto done = runAttempts(
        m_backoff, m_sleeper, m_config.attemptsPerCall,
        [&] {
            Admitted admitted = admit(messageId, actor);
            // An attempt before this call (another process, a crash) may have been stored.
            if (first && admitted.ticket)
                m_unsettled = admitted.ticket->message.attempts > 1;
            first = false;
            return admitted;
        },
        [&](const MessageAttemptTicket &ticket) { return attempt(ticket.message, actor); });
    if (done)
        return *done;
    return giveUp(messageId, m_store.message(messageId)->lastError, actor);
}

} // namespace ops
