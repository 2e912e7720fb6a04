#include "providersim/messagesink.h"

#include "providersim/stripehandler.h"

namespace ops::sim {

namespace {
const QString sinkScope = QStringLiteral("messages");
}

MessageSink::MessageSink(SimWorld &world)
    : m_world(world)
{}

QString MessageSink::conversationOf(const SimRequest &request)
{
    // /v1/conversations/{id}/messages
    const QStringList parts = request.path.split(u'/', Qt::SkipEmptyParts);
    return parts.size() == 4 ? parts[2] : QString();
}

bool MessageSink::matches(const SimRequest &request) const
{
    return request.path.startsWith(QLatin1String("/v1/conversations/")) ||
           request.path == QLatin1String("/v1/health");
}

std::optional<SimResponse> MessageSink::admit(const SimRequest &request, Admission &admission)
{
    // The helpdesk's health call (the console's Check connection): answered at once.
    if (request.path == QLatin1String("/v1/health") && request.method == "GET")
        return SimResponse::json(200, {{"object", "health"}, {"status", "ok"}});
    const QString conversation = conversationOf(request);
    if (request.method != "POST" || conversation.isEmpty() ||
        !request.path.endsWith(QLatin1String("/messages")))
        return stripeError(404, "invalid_request_error",
                           QStringLiteral("Unrecognized request URL (%1: %2).")
                               .arg(QString::fromLatin1(request.method), request.path));
    const auto body = nlohmann::json::parse(request.body.toStdString(), nullptr, false);
    if (body.is_discarded() || !body.is_object() || !body.contains("body") ||
        !body["body"].is_string() || body["body"].get<std::string>().empty())
        return stripeError(400, "invalid_request_error",
                           QStringLiteral("Send a JSON object with a non-empty string \"body\"."),
                           "parameter_invalid", "body");
    admission.key = QString::fromUtf8(request.header("idempotency-key")).trimmed();
    if (admission.key.isEmpty())
        return std::nullopt;
    const auto claim =
        m_keys.claim(sinkScope, admission.key, request.routeLabel(),
                     QByteArray::fromStdString(body.dump()), m_world.clock.nowSecs());
    switch (claim.outcome) {
    case IdempotencyStore::Outcome::Claimed:
        admission.claimed = true;
        admission.token = claim.token;
        return std::nullopt;
    case IdempotencyStore::Outcome::InUse:
        return stripeError(409, "idempotency_error",
                           QStringLiteral("Another request with this key is in progress."),
                           "idempotency_key_in_use");
    case IdempotencyStore::Outcome::OtherEndpoint:
    case IdempotencyStore::Outcome::OtherParameters:
        return stripeError(400, "idempotency_error",
                           QStringLiteral("This key was used for another message."),
                           "idempotency_error");
    case IdempotencyStore::Outcome::Replay:
        break;
    }
    SimResponse replay = claim.stored;
    replay.setHeader("Idempotent-Replayed", "true");
    return replay;
}

SimResponse MessageSink::execute(const SimRequest &request, const Admission &admission,
                                 const Fault &fault)
{
    SimResponse response;
    if (fault.mode == FaultMode::Stored500) {
        response = stripeError(500, "api_error", QStringLiteral("Simulated failure."));
    } else {
        const auto body = nlohmann::json::parse(request.body.toStdString(), nullptr, false);
        Message m;
        m.id = QStringLiteral("msg_%1").arg(m_nextId++);
        m.conversation = conversationOf(request);
        m.body = QString::fromStdString(body.value("body", std::string()));
        m.key = admission.key;
        m.at = m_world.clock.now();
        m_messages.push_back(m);
        while (m_messages.size() > capacity)
            m_messages.pop_front();
        response = SimResponse::json(200, {{"id", m.id.toStdString()},
                                           {"object", "message"},
                                           {"conversation", m.conversation.toStdString()},
                                           {"body", m.body.toStdString()},
                                           {"created", m.at.toSecsSinceEpoch()}});
        if (fault.mode == FaultMode::Stored500Applied)
            response = stripeError(500, "api_error", QStringLiteral("Simulated failure."));
    }
    if (admission.claimed)
        m_keys.store(sinkScope, admission.key, admission.token, response, request.requestId);
    return response;
}

void MessageSink::abandon(const SimRequest &request, const Admission &admission)
{
    Q_UNUSED(request);
    if (admission.claimed)
        m_keys.release(sinkScope, admission.key, admission.token);
}

void MessageSink::forgetKey(const QString &project, const QString &key)
{
    Q_UNUSED(project);
    m_keys.forget(sinkScope, key);
}

nlohmann::json MessageSink::toJson() const
{
    nlohmann::json list = nlohmann::json::array();
    for (const Message &m : m_messages)
        list.push_back({{"id", m.id.toStdString()},
                        {"conversation", m.conversation.toStdString()},
                        {"body", m.body.toStdString()},
                        {"idempotency_key", m.key.toStdString()},
                        {"at", m.at.toString(Qt::ISODateWithMs).toStdString()}});
    return {{"messages", list}};
}

void MessageSink::clear()
{
    m_messages.clear();
    m_keys.clear();
}

} // namespace ops::sim
