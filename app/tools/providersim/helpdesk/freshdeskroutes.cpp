#include "providersim/helpdesk/freshdeskroutes.h"

#include "providersim/helpdesk/helpdeskformat.h"

#include <climits>

namespace ops::sim {

namespace {

using json = nlohmann::json;

SimResponse failure(int status, const char *code, const char *message)
{
    return SimResponse::json(status, {{"code", code}, {"message", message}});
}

// 400 {"description":"Validation failed","errors":[{"field","message","code"}]}
SimResponse invalid(const char *field, const QString &message, const char *code)
{
    return SimResponse::json(
        400,
        {{"description", "Validation failed"},
         {"errors",
          json::array({{{"field", field}, {"message", message.toStdString()}, {"code", code}}})}});
}

json conversationJson(const HelpdeskTicket &ticket, const HelpdeskPost &post)
{
    return {{"id", post.id},
            {"body", post.html.toStdString()},
            {"body_text", post.text.toStdString()},
            {"ticket_id", ticket.id.toLongLong()},
            {"user_id", FreshdeskRoutes::agentId},
            {"private", !post.isPublic},
            {"incoming", false},
            {"source", post.internal ? 2 : 0}, // Freshdesk: 0 reply, 2 note
            {"created_at", isoSeconds(post.at)},
            {"updated_at", isoSeconds(post.at)}};
}

QString conversationsPath(const QString &ticket, qint64 page, int perPage)
{
    return QStringLiteral("/api/v2/tickets/%1/conversations?page=%2&per_page=%3")
        .arg(ticket)
        .arg(page)
        .arg(perPage);
}

} // namespace

bool FreshdeskRoutes::owns(const SimRequest &request) const
{
    return request.path.startsWith(QLatin1String("/api/v2/")) &&
           !request.path.endsWith(QLatin1String(".json"));
}

HelpdeskCall FreshdeskRoutes::route(const SimRequest &request) const
{
    // api/v2/tickets/{id}/reply|notes|conversations · api/v2/agents/me
    const QStringList parts = request.path.split(u'/', Qt::SkipEmptyParts);
    HelpdeskCall call;
    if (parts.size() == 4 && parts[2] == QLatin1String("agents") &&
        parts[3] == QLatin1String("me") && request.method == "GET") {
        call.kind = HelpdeskCall::Kind::Check;
        return call;
    }
    if (parts.size() != 5 || parts[2] != QLatin1String("tickets"))
        return call;
    const QString &what = parts[4];
    if (request.method == "POST" &&
        (what == QLatin1String("reply") || what == QLatin1String("notes"))) {
        call.kind = HelpdeskCall::Kind::Post;
        call.note = what == QLatin1String("notes");
    } else if (request.method == "GET" && what == QLatin1String("conversations")) {
        call.kind = HelpdeskCall::Kind::Read;
    }
    call.ticket = parts[3];
    return call;
}

bool FreshdeskRoutes::authorized(const SimRequest &request, const HelpdeskCredentials &c) const
{
    // Freshdesk takes the API key as the user name; the password is ignored.
    const auto basic = basicCredentials(request);
    return basic && basic->first == c.freshdeskKey;
}

SimResponse FreshdeskRoutes::error(int status, const SimRequest &request) const
{
    Q_UNUSED(request);
    switch (status) {
    case 401:
        return failure(401, "invalid_credentials",
                       "You have to be logged in to perform this action.");
    case 404:
        return failure(404, "not_found", "The requested resource could not be found.");
    case 429:
        return failure(429, "rate_limit_exceeded", "You have exceeded the limit of requests.");
    case 500:
        return failure(500, "internal_error", "Internal error (simulated).");
    default:
        return failure(status, "service_unavailable", "Service unavailable (simulated).");
    }
}

std::variant<ParsedPost, SimResponse> FreshdeskRoutes::parsePost(const SimRequest &request,
                                                                 const HelpdeskCall &call,
                                                                 const HelpdeskTicket &ticket,
                                                                 const HelpdeskCredentials &c) const
{
    Q_UNUSED(ticket);
    Q_UNUSED(c);
    const auto body = jsonObject(request.body);
    if (!body)
        return invalid("body", QStringLiteral("Request body has invalid json format"),
                       "invalid_json");
    const QString html = textOf(*body, "body");
    if (html.trimmed().isEmpty())
        return invalid("body",
                       QStringLiteral("It should not be blank as this is a mandatory field"),
                       "missing_field");
    if (html.size() > HelpdeskDesk::maxBodyChars)
        return invalid("body",
                       QStringLiteral("Has %1 characters, it can have maximum of %2 characters")
                           .arg(html.size())
                           .arg(HelpdeskDesk::maxBodyChars),
                       "invalid_value");
    const json isPrivate = body->value("private", json(call.note));
    if (!isPrivate.is_boolean())
        return invalid("private", QStringLiteral("It should be a/an Boolean"), "datatype_mismatch");
    ParsedPost parsed;
    HelpdeskPost &post = parsed.post;
    post.internal = call.note;
    post.isPublic = call.note ? !isPrivate.get<bool>() : true;
    post.html = html;
    post.text = plainTextOf(html);
    post.stored = html;
    post.author = QString::number(agentId);
    return parsed;
}

SimResponse FreshdeskRoutes::posted(const SimRequest &request, const HelpdeskTicket &ticket,
                                    const HelpdeskPost &post) const
{
    Q_UNUSED(request);
    return SimResponse::json(201, conversationJson(ticket, post));
}

std::optional<SimResponse> FreshdeskRoutes::refuseRead(const SimRequest &request,
                                                       std::optional<int> pageSize) const
{
    if (!positiveParam(request, QStringLiteral("page"), 1, INT_MAX))
        return invalid("page", QStringLiteral("It should be a Positive Integer"), "invalid_value");
    if (!positiveParam(request, QStringLiteral("per_page"), pageSize.value_or(defaultPageSize),
                       HelpdeskDesk::maxPageSize))
        return invalid("per_page", QStringLiteral("It should be a Positive Integer"),
                       "invalid_value");
    return std::nullopt;
}

SimResponse FreshdeskRoutes::read(const SimRequest &request, const HelpdeskTicket &ticket,
                                  std::optional<int> pageSize) const
{
    const qint64 page = *positiveParam(request, QStringLiteral("page"), 1, INT_MAX);
    const int perPage =
        *positiveParam(request, QStringLiteral("per_page"), pageSize.value_or(defaultPageSize),
                       HelpdeskDesk::maxPageSize);
    const qint64 total = qint64(ticket.posts.size());
    json list = json::array();
    for (qint64 i = (page - 1) * perPage; i < std::min(total, page * perPage); ++i)
        list.push_back(conversationJson(ticket, ticket.posts[std::size_t(i)]));
    SimResponse r = SimResponse::json(200, list);
    if (page * perPage < total) {
        const QString next = absoluteUrl(request, conversationsPath(ticket.id, page + 1, perPage));
        r.setHeader("Link", "<" + next.toUtf8() + ">; rel=\"next\"");
    }
    return r;
}

SimResponse FreshdeskRoutes::check(const HelpdeskCredentials &c) const
{
    Q_UNUSED(c);
    return SimResponse::json(
        200,
        {{"id", agentId}, {"contact", {{"email", "agent@example.com"}, {"name", "Sim Agent"}}}});
}

} // namespace ops::sim
