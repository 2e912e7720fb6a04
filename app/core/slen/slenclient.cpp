#include "slen/slenclient.h"

using namespace Qt::StringLiterals;

namespace ops {

namespace {

QString pathSegment(const QString &id)
{
    return QString::fromLatin1(QUrl::toPercentEncoding(id));
}

bool replayedFlag(const QByteArray &body)
{
    const auto j = nlohmann::json::parse(body.constBegin(), body.constEnd(), nullptr, false);
    if (!j.is_object())
        return false;
    const auto it = j.find("replayed");
    return it != j.end() && it->is_boolean() && it->get<bool>();
}

} // namespace

SlenClient::SlenClient(HttpTransport &transport, SlenConfig config)
    : m_transport(transport)
    , m_config(std::move(config))
{}

SlenReply SlenClient::exchange(const QByteArray &method, const QString &path,
                               const QByteArray &body, const QString &idempotencyKey)
{
    HttpRequest req;
    req.method = method;
    req.url = QUrl(m_config.baseUrl.toString(QUrl::StripTrailingSlash) + path);
    const auto add = [&req](const char *name, const QByteArray &value) {
        req.headers.append(std::pair{QByteArray(name), value});
    };
    add("Authorization", "Bearer " + m_config.secret.toUtf8());
    add("Accept", "application/json");
    if (!body.isEmpty())
        add("Content-Type", "application/json");
    if (!idempotencyKey.isEmpty())
        add("Idempotency-Key", idempotencyKey.toUtf8());
    req.body = body;

    SlenReply reply;
    reply.http = m_transport.send(req, m_config.timeout);
    if (reply.http.status >= 300)
        reply.error = parseSlenError(reply.http.body);
    if (reply.ok())
        reply.replayed = replayedFlag(reply.http.body);
    reply.requestId = QString::fromLatin1(reply.http.header("request-id"));
    if (reply.requestId.isEmpty() && reply.error)
        reply.requestId = reply.error->requestId;
    return reply;
}

SlenReply SlenClient::send(const StoredRequest &request, const QString &idempotencyKey)
{
    if (idempotencyKey.trimmed().isEmpty()) {
        // Never let a keyless money-moving request leave: it could run twice. Answered like the
        // provider's own refusal (a definite "nothing was done"), without touching the network.
        SlenReply refused;
        refused.http.status = 400;
        refused.http.errorText = u"refused locally: empty Idempotency-Key"_s;
        refused.error = SlenError{u"invalid_request"_s, refused.http.errorText, {}, {}};
        return refused;
    }
    return exchange(request.method, request.path, request.body, idempotencyKey);
}

SlenReply SlenClient::getCustomer(const QString &customerId)
{
    return exchange("GET", u"/v1/customers/"_s + pathSegment(customerId), {}, {});
}

SlenReply SlenClient::getExecution(const QString &executionId)
{
    return exchange("GET", u"/v1/executions/"_s + pathSegment(executionId), {}, {});
}

ProviderAnswer SlenClient::answerFor(const SlenReply &reply, OperationKind kind)
{
    ProviderAnswer a;
    a.httpStatus = reply.http.status;
    a.transport = reply.http.error;
    if (reply.error)
        a.errorCode = reply.error->code;
    if (!reply.ok())
        return a;
    a.bodyReadable = kind == OperationKind::Execution
                         ? parseSlenExecution(reply.http.body).has_value()
                         : parseSlenMovementReply(reply.http.body).has_value();
    return a;
}

} // namespace ops
