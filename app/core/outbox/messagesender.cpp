#include "outbox/messagesender.h"

#include "engine/attemptsupport.h"
#include "outbox/outboxlogging.h"
#include "transport/connectionsettings.h"
#include "transport/secrets.h"

#include <nlohmann/json.hpp>

using namespace Qt::StringLiterals;

namespace ops {

namespace {

struct SinkAnswer
{
    QString messageId;
    QString errorType;
    QString errorCode;
    QString errorMessage;
};

SinkAnswer readAnswer(const QByteArray &body)
{
    SinkAnswer a;
    const auto json = nlohmann::json::parse(body.toStdString(), nullptr, false);
    if (json.is_discarded() || !json.is_object())
        return a;
    if (json.contains("id") && json["id"].is_string())
        a.messageId = QString::fromStdString(json["id"].get<std::string>());
    if (json.contains("error") && json["error"].is_object()) {
        const auto &e = json["error"];
        const auto text = [&](const char *name) {
            return e.contains(name) && e[name].is_string()
                       ? QString::fromStdString(e[name].get<std::string>())
                       : QString();
        };
        a.errorType = text("type");
        a.errorCode = text("code");
        a.errorMessage = text("message");
    }
    return a;
}

QString describe(const HttpResponse &http, const SinkAnswer &a)
{
    ProviderReply reply;
    reply.http = http;
    reply.errorCode = a.errorCode.isEmpty() ? a.errorType : a.errorCode;
    QString text = ops::describe(reply);
    if (!a.errorMessage.isEmpty())
        text += u": "_s + a.errorMessage;
    return text;
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
    case SendResult::Status::Refused:
        return u"refused"_s;
    }
    return {};
}

Result<HelpdeskConfig> helpdeskConfigFromEnvironment()
{
    HelpdeskConfig c;
    const QString url = ConnectionSettings().value(u"helpdesk"_s, u"url"_s).value;
    c.baseUrl = QUrl(url, QUrl::StrictMode);
    if (url.isEmpty())
        return Failure{u"No helpdesk is configured (OPS_HELPDESK_URL): copy the message to the "
                       "clipboard instead."_s};
    if (!baseUrlProblem(url).isEmpty())
        return Failure{u"OPS_HELPDESK_URL '%1' is not an http(s) URL."_s.arg(url)};
    bool ok = false;
    const qint64 timeout = qEnvironmentVariableIntValue("OPS_ATTEMPT_TIMEOUT_MS", &ok);
    if (ok && timeout > 0)
        c.timeout = std::chrono::milliseconds(timeout);
    const auto secret = EnvFileSecretSource().secret(u"helpdesk"_s);
    if (!secret)
        return Failure{secret.error()};
    c.secret = secret->value_or(QString()); // a helpdesk may take messages without a key
    return c;
}

MessageSender::MessageSender(MessageStore &store, HttpTransport &transport, HelpdeskConfig config,
                             Sleeper sleeper)
    : m_store(store)
    , m_transport(transport)
    , m_config(std::move(config))
    , m_sleeper(std::move(sleeper))
    , m_backoff(m_config.backoffBase, m_config.backoffCap, jitterSeed(m_config.jitterSeed))
{}

HttpRequest MessageSender::requestFor(const CustomerMessage &m) const
{
    HttpRequest r;
    r.method = "POST";
    r.url = m_config.baseUrl;
    const QString base = r.url.path().endsWith(u'/') ? r.url.path().chopped(1) : r.url.path();
    r.url.setPath(base + u"/v1/conversations/%1/messages"_s.arg(m.conversation));
    r.body = QByteArray::fromStdString(nlohmann::json{{"body", m.body.toStdString()}}.dump());
    r.headers = {{"Content-Type", "application/json"},
                 {"Idempotency-Key", m.idempotencyKey.toUtf8()}};
    if (!m_config.secret.isEmpty())
        r.headers.append({"Authorization", "Bearer " + m_config.secret.toUtf8()});
    return r;
}

SendResult MessageSender::finish(qint64 messageId, SendResult::Status status, const QString &error)
{
    return {status, m_store.message(messageId), error};
}

std::optional<SendResult> MessageSender::settle(const CustomerMessage &m, const HttpResponse &http,
                                                const QString &actor)
{
    const SinkAnswer a = readAnswer(http.body);
    ProviderAnswer answer;
    answer.httpStatus = http.status;
    answer.transport = http.error;
    answer.errorType = a.errorType;
    answer.errorCode = a.errorCode;
    answer.bodyReadable = !a.messageId.isEmpty();
    const Outcome outcome = classify(Provider::Stripe, answer);
    const QString text = describe(http, a);
    qCInfo(lcOutbox) << "message" << m.id << "attempt" << m.attempts << "->" << text;
    if (outcome == Outcome::Succeeded) {
        m_store.markSent(m.id, a.messageId, actor);
        return finish(m.id, SendResult::Status::Sent, {});
    }
    if (isRetryable(outcome)) {
        m_store.noteAttemptError(m.id, text);
        return std::nullopt;
    }
    QString error = text;
    if (outcome == Outcome::Undefined)
        error += u" — the helpdesk may have stored the message; read the conversation before "
                 "copying it by hand"_s;
    else if (outcome == Outcome::KeyMismatch)
        error += u" — the helpdesk holds another message under this key"_s;
    else if (outcome == Outcome::Credentials)
        error += u" — check OPS_HELPDESK_KEY"_s;
    return giveUp(m.id, error, actor);
}

MessageSender::Admitted MessageSender::admit(qint64 messageId, const QString &actor)
{
    const MessageAttemptTicket ticket =
        m_store.beginAttempt(messageId, m_config.attemptsPerMessage, actor);
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
    case MessageAttemptRefusal::CapReached:
        return {{},
                giveUp(messageId,
                       u"all %1 attempts are used; last: %2"_s.arg(
                           QString::number(m_config.attemptsPerMessage), ticket.message.lastError),
                       actor)};
    }
    return {};
}

SendResult MessageSender::giveUp(qint64 messageId, const QString &error, const QString &actor)
{
    m_store.markFailed(messageId, error, actor);
    return finish(messageId, SendResult::Status::Failed, error);
}

SendResult MessageSender::send(qint64 messageId, const QString &actor)
{
    const auto done = runAttempts(
        m_backoff, m_sleeper, m_config.attemptsPerCall, [&] { return admit(messageId, actor); },
        [&](const MessageAttemptTicket &ticket) {
            const HttpResponse http =
                m_transport.send(requestFor(ticket.message), m_config.timeout);
            return settle(ticket.message, http, actor);
        });
    if (done)
        return *done;
    return giveUp(messageId, m_store.message(messageId)->lastError, actor);
}

} // namespace ops
