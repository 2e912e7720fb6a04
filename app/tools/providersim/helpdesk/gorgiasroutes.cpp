#include "providersim/helpdesk/gorgiasroutes.h"

#include "providersim/helpdesk/helpdeskformat.h"

namespace ops::sim {

namespace {

using json = nlohmann::json;

SimResponse failure(int status, const char *message)
{
    return SimResponse::json(status, {{"error", {{"msg", message}}}});
}

// 400 with Gorgias' per-field messages: {"error":{"msg","data":{"<field>":["…"]}}}.
SimResponse invalid(const char *field, const QString &message)
{
    return SimResponse::json(400, {{"error",
                                    {{"msg", "Invalid request data."},
                                     {"data", {{field, json::array({message.toStdString()})}}}}}});
}

// {"email":"…"} or {"id":N} as sent; null when the sender is neither.
json senderOf(const json &body)
{
    const json sender = body.value("sender", json());
    if (!textOf(sender, "email").isEmpty())
        return {{"email", sender["email"]}};
    if (sender.is_object() && sender.value("id", json()).is_number_integer())
        return {{"id", sender["id"]}};
    return nullptr;
}

json messageJson(const HelpdeskTicket &ticket, const HelpdeskPost &post)
{
    return {
        {"id", post.id},
        {"ticket_id", ticket.id.toLongLong()},
        {"channel", post.extra.value("channel", json())},
        {"via", "api"},
        {"from_agent", true},
        {"public", post.isPublic},
        {"sender", post.extra.value("sender", json())},
        {"body_text", post.text.toStdString()},
        {"body_html", post.html.toStdString()},
        {"external_id", post.externalId.isEmpty() ? json() : json(post.externalId.toStdString())},
        {"created_datetime", isoSeconds(post.at)}};
}

// The offset a cursor stands for: 0 without one, nullopt when it is not one of ours.
std::optional<qint64> offsetOf(const SimRequest &request)
{
    if (!request.query.hasQueryItem(QStringLiteral("cursor")))
        return 0;
    bool ok = false;
    const qint64 offset = request.query.queryItemValue(QStringLiteral("cursor")).toLongLong(&ok);
    return ok && offset >= 0 ? std::optional<qint64>(offset) : std::nullopt;
}

} // namespace

bool GorgiasRoutes::owns(const SimRequest &request) const
{
    return request.path.startsWith(QLatin1String("/api/")) &&
           !request.path.startsWith(QLatin1String("/api/v2/"));
}

HelpdeskCall GorgiasRoutes::route(const SimRequest &request) const
{
    // api/tickets/{id}/messages · api/account
    const QStringList parts = request.path.split(u'/', Qt::SkipEmptyParts);
    HelpdeskCall call;
    if (parts.size() == 2 && parts[1] == QLatin1String("account") && request.method == "GET")
        call.kind = HelpdeskCall::Kind::Check;
    const bool messages = parts.size() == 4 && parts[1] == QLatin1String("tickets") &&
                          parts[3] == QLatin1String("messages");
    if (messages && (request.method == "POST" || request.method == "GET")) {
        call.kind = request.method == "POST" ? HelpdeskCall::Kind::Post : HelpdeskCall::Kind::Read;
        call.ticket = parts[2];
    }
    return call;
}

bool GorgiasRoutes::authorized(const SimRequest &request, const HelpdeskCredentials &c) const
{
    const auto basic = basicCredentials(request);
    return basic && basic->first == c.gorgiasEmail && basic->second == c.gorgiasKey;
}

SimResponse GorgiasRoutes::error(int status, const SimRequest &request) const
{
    Q_UNUSED(request);
    switch (status) {
    case 401:
        return failure(401, "Unauthorized");
    case 404:
        return failure(404, "Resource not found.");
    case 429:
        return failure(429, "Too many requests.");
    case 500:
        return failure(500, "Internal server error (simulated).");
    default:
        return failure(status, "Service unavailable (simulated).");
    }
}

std::variant<ParsedPost, SimResponse> GorgiasRoutes::parsePost(const SimRequest &request,
                                                               const HelpdeskCall &call,
                                                               const HelpdeskTicket &ticket,
                                                               const HelpdeskCredentials &c) const
{
    Q_UNUSED(call);
    Q_UNUSED(ticket);
    Q_UNUSED(c);
    const auto body = jsonObject(request.body);
    if (!body)
        return invalid("_schema", QStringLiteral("Invalid input type: send a JSON object."));
    const QString channel = textOf(*body, "channel");
    if (channel.isEmpty())
        return invalid("channel", QStringLiteral("Missing data for required field."));
    const json sender = senderOf(*body);
    if (sender.is_null())
        return invalid("sender", QStringLiteral("Missing data for required field: "
                                                "{\"email\"} or {\"id\"}."));
    const json external = body->value("external_id", json());
    if (!external.is_null() && !external.is_string())
        return invalid("external_id", QStringLiteral("Not a valid string."));
    const QString text = textOf(*body, "body_text");
    const QString html = textOf(*body, "body_html");
    if (text.trimmed().isEmpty() && html.trimmed().isEmpty())
        return invalid("body_text", QStringLiteral("body_text or body_html must not be empty."));
    for (const auto &[field, value] :
         {std::pair{"body_text", text}, std::pair{"body_html", html}}) {
        if (value.size() > HelpdeskDesk::maxBodyChars)
            return invalid(
                field,
                QStringLiteral("Longer than maximum length %1.").arg(HelpdeskDesk::maxBodyChars));
    }
    ParsedPost parsed;
    parsed.reopens = true; // a message reopens a closed Gorgias ticket
    HelpdeskPost &post = parsed.post;
    post.internal = channel == QLatin1String("internal-note");
    post.isPublic = !post.internal;
    post.html = html.isEmpty() ? htmlOf(text) : html;
    post.text = text.isEmpty() ? plainTextOf(html) : text;
    post.stored = html.isEmpty() ? text : html;
    post.externalId =
        external.is_string() ? QString::fromStdString(external.get<std::string>()) : QString();
    post.author = sender.contains("email")
                      ? QString::fromStdString(sender["email"].get<std::string>())
                      : QString::number(sender["id"].get<qint64>());
    post.extra = {{"channel", channel.toStdString()}, {"sender", sender}};
    return parsed;
}

SimResponse GorgiasRoutes::posted(const SimRequest &request, const HelpdeskTicket &ticket,
                                  const HelpdeskPost &post) const
{
    Q_UNUSED(request);
    return SimResponse::json(201, messageJson(ticket, post));
}

std::optional<SimResponse> GorgiasRoutes::refuseRead(const SimRequest &request,
                                                     std::optional<int> pageSize) const
{
    const int fallback = pageSize.value_or(HelpdeskDesk::maxPageSize);
    if (!positiveParam(request, QStringLiteral("limit"), fallback, HelpdeskDesk::maxPageSize))
        return invalid("limit", QStringLiteral("Must be a whole number from 1 to 100."));
    if (!offsetOf(request))
        return invalid("cursor", QStringLiteral("Invalid cursor."));
    return std::nullopt;
}

SimResponse GorgiasRoutes::read(const SimRequest &request, const HelpdeskTicket &ticket,
                                std::optional<int> pageSize) const
{
    const int fallback = pageSize.value_or(HelpdeskDesk::maxPageSize);
    const int limit =
        *positiveParam(request, QStringLiteral("limit"), fallback, HelpdeskDesk::maxPageSize);
    const qint64 total = qint64(ticket.posts.size());
    const qint64 offset = std::min(*offsetOf(request), total); // past the end: an empty page
    json data = json::array();
    for (qint64 i = offset; i < std::min(total, offset + limit); ++i)
        data.push_back(messageJson(ticket, ticket.posts[std::size_t(i)]));
    const json next = offset + limit < total ? json(std::to_string(offset + limit)) : json(nullptr);
    return SimResponse::json(
        200, {{"data", data}, {"meta", {{"next_cursor", next}, {"prev_cursor", nullptr}}}});
}

SimResponse GorgiasRoutes::check(const HelpdeskCredentials &c) const
{
    Q_UNUSED(c);
    return SimResponse::json(200, {{"domain", "sim"}, {"status", {{"status", "active"}}}});
}

} // namespace ops::sim
