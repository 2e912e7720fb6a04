#include "providersim/helpdesk/intercomroutes.h"

#include "providersim/helpdesk/helpdeskformat.h"

namespace ops::sim {

namespace {

using json = nlohmann::json;

// {"type":"error.list","request_id","errors":[{"code","message"}]}
SimResponse errorList(int status, const SimRequest &request, const char *code,
                      const QString &message)
{
    return SimResponse::json(
        status, {{"type", "error.list"},
                 {"request_id", request.requestId.toStdString()},
                 {"errors", json::array({{{"code", code}, {"message", message.toStdString()}}})}});
}

SimResponse invalid(const SimRequest &request, const QString &message)
{
    return errorList(400, request, "parameter_invalid", message);
}

// admin_id as Intercom takes it: a string, or a number.
QString adminIdOf(const json &body)
{
    const json id = body.value("admin_id", json());
    if (id.is_number_integer())
        return QString::number(id.get<qint64>());
    return textOf(body, "admin_id");
}

json partJson(const HelpdeskPost &post)
{
    return {{"type", "conversation_part"},
            {"id", std::to_string(post.id)},
            {"part_type", post.internal ? "note" : "comment"},
            {"body", post.html.toStdString()},
            {"created_at", post.at.toSecsSinceEpoch()},
            {"updated_at", post.at.toSecsSinceEpoch()},
            {"author", {{"type", "admin"}, {"id", post.author.toStdString()}}}};
}

// The conversation with its most recent parts (at most maxParts), oldest first.
json conversationJson(const HelpdeskTicket &ticket)
{
    const auto total = qsizetype(ticket.posts.size());
    json parts = json::array();
    for (qsizetype i = std::max<qsizetype>(0, total - IntercomRoutes::maxParts); i < total; ++i)
        parts.push_back(partJson(ticket.posts[std::size_t(i)]));
    return {{"type", "conversation"},
            {"id", ticket.id.toStdString()},
            {"state", ticket.closed ? "closed" : "open"},
            {"open", !ticket.closed},
            {"updated_at", ticket.updatedAt.toSecsSinceEpoch()},
            {"conversation_parts",
             {{"type", "conversation_part.list"},
              {"conversation_parts", parts},
              {"total_count", total}}}};
}

} // namespace

bool IntercomRoutes::owns(const SimRequest &request) const
{
    return request.path == QLatin1String("/me") ||
           request.path.startsWith(QLatin1String("/conversations/"));
}

HelpdeskCall IntercomRoutes::route(const SimRequest &request) const
{
    // me · conversations/{id} · conversations/{id}/reply
    const QStringList parts = request.path.split(u'/', Qt::SkipEmptyParts);
    HelpdeskCall call;
    if (parts.size() == 1 && parts[0] == QLatin1String("me") && request.method == "GET") {
        call.kind = HelpdeskCall::Kind::Check;
    } else if (parts.size() == 2 && request.method == "GET") {
        call.kind = HelpdeskCall::Kind::Read;
        call.ticket = parts[1];
    } else if (parts.size() == 3 && parts[2] == QLatin1String("reply") &&
               request.method == "POST") {
        call.kind = HelpdeskCall::Kind::Post;
        call.ticket = parts[1];
    }
    return call;
}

bool IntercomRoutes::authorized(const SimRequest &request, const HelpdeskCredentials &c) const
{
    return bearerToken(request) == c.intercomToken;
}

SimResponse IntercomRoutes::error(int status, const SimRequest &request) const
{
    switch (status) {
    case 401:
        return errorList(401, request, "unauthorized", QStringLiteral("Access Token Invalid"));
    case 404:
        return errorList(404, request, "not_found", QStringLiteral("Resource Not Found"));
    case 429:
        return errorList(429, request, "rate_limit_exceeded",
                         QStringLiteral("Rate Limit Exceeded"));
    case 500:
        return errorList(500, request, "server_error", QStringLiteral("Server error (simulated)"));
    default:
        return errorList(status, request, "service_unavailable",
                         QStringLiteral("Service unavailable (simulated)"));
    }
}

void IntercomRoutes::addRateHeaders(SimResponse &response, int limit, int retryAfter) const
{
    // The window ends on real time, as the bucket runs on it.
    const qint64 reset = QDateTime::currentSecsSinceEpoch() + retryAfter;
    response.setHeader("X-RateLimit-Limit", QByteArray::number(limit));
    response.setHeader("X-RateLimit-Remaining", "0");
    response.setHeader("X-RateLimit-Reset", QByteArray::number(reset));
}

std::variant<ParsedPost, SimResponse> IntercomRoutes::parsePost(const SimRequest &request,
                                                                const HelpdeskCall &call,
                                                                const HelpdeskTicket &ticket,
                                                                const HelpdeskCredentials &c) const
{
    Q_UNUSED(call);
    Q_UNUSED(ticket);
    const auto body = jsonObject(request.body);
    if (!body)
        return invalid(request, QStringLiteral("The body must be a JSON object."));
    const QString messageType = textOf(*body, "message_type");
    if (messageType != QLatin1String("comment") && messageType != QLatin1String("note"))
        return invalid(request, QStringLiteral("message_type must be comment or note."));
    if (textOf(*body, "type") != QLatin1String("admin"))
        return invalid(request, QStringLiteral("type must be admin."));
    const QString admin = adminIdOf(*body);
    if (admin != c.intercomAdmin)
        return invalid(request,
                       QStringLiteral("admin_id %1 is not an admin of this workspace.").arg(admin));
    const QString html = textOf(*body, "body");
    if (html.trimmed().isEmpty())
        return invalid(request, QStringLiteral("body must not be empty."));
    if (html.size() > HelpdeskDesk::maxBodyChars)
        return invalid(
            request,
            QStringLiteral("body is longer than %1 characters.").arg(HelpdeskDesk::maxBodyChars));
    ParsedPost parsed;
    parsed.reopens = true; // an admin's reply opens a closed conversation
    HelpdeskPost &post = parsed.post;
    post.internal = messageType == QLatin1String("note");
    post.isPublic = !post.internal;
    post.html = html;
    post.text = plainTextOf(html);
    post.stored = html;
    post.author = admin;
    return parsed;
}

SimResponse IntercomRoutes::posted(const SimRequest &request, const HelpdeskTicket &ticket,
                                   const HelpdeskPost &post) const
{
    Q_UNUSED(request);
    Q_UNUSED(post);
    return SimResponse::json(200, conversationJson(ticket));
}

std::optional<SimResponse> IntercomRoutes::refuseRead(const SimRequest &request,
                                                      std::optional<int> pageSize) const
{
    // A conversation is not paged: it carries its last maxParts parts.
    Q_UNUSED(request);
    Q_UNUSED(pageSize);
    return std::nullopt;
}

SimResponse IntercomRoutes::read(const SimRequest &request, const HelpdeskTicket &ticket,
                                 std::optional<int> pageSize) const
{
    Q_UNUSED(request);
    Q_UNUSED(pageSize);
    return SimResponse::json(200, conversationJson(ticket));
}

SimResponse IntercomRoutes::check(const HelpdeskCredentials &c) const
{
    return SimResponse::json(200, {{"type", "admin"},
                                   {"id", c.intercomAdmin.toStdString()},
                                   {"email", "agent@example.com"},
                                   {"name", "Sim Admin"}});
}

} // namespace ops::sim
