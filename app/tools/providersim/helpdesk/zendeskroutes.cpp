#include "providersim/helpdesk/zendeskroutes.h"

#include "providersim/helpdesk/helpdeskformat.h"

#include <climits>

namespace ops::sim {

namespace {

using json = nlohmann::json;

// 422 RecordInvalid with one description under details.<field>.
SimResponse invalid(const char *field, const QString &description)
{
    return SimResponse::json(
        422, {{"error", "RecordInvalid"},
              {"description", "Record validation errors"},
              {"details", {{field, json::array({{{"description", description.toStdString()}}})}}}});
}

// A ticket field the clients put either inside "ticket" (the API's place) or beside it.
json ticketField(const json &body, const json &ticket, const char *name)
{
    if (ticket.contains(name))
        return ticket[name];
    return body.value(name, json());
}

// `public` and `author_id` belong in the comment; the ticket level is accepted as well.
json commentField(const json &comment, const json &ticket, const char *name)
{
    return comment.contains(name) ? comment[name] : ticket.value(name, json());
}

json commentJson(const HelpdeskPost &post)
{
    return {{"id", post.id},
            {"type", "Comment"},
            {"author_id", post.author.toLongLong()},
            {"body", post.text.toStdString()},
            {"html_body", post.html.toStdString()},
            {"plain_body", post.text.toStdString()},
            {"public", post.isPublic},
            {"created_at", isoSeconds(post.at)}};
}

// The stamp of a safe update that does not match the ticket's updated_at: a conflict.
bool conflicts(const json &body, const json &ticketJson, const HelpdeskTicket &ticket)
{
    const json safe = ticketField(body, ticketJson, "safe_update");
    const json stamp = ticketField(body, ticketJson, "updated_stamp");
    if (safe != true || !stamp.is_string())
        return false;
    const QDateTime at =
        QDateTime::fromString(QString::fromStdString(stamp.get<std::string>()), Qt::ISODateWithMs);
    return !at.isValid() || at != ticket.updatedAt;
}

QString commentsPath(const QString &ticket, qint64 page, int perPage)
{
    return QStringLiteral("/api/v2/tickets/%1/comments.json?page=%2&per_page=%3")
        .arg(ticket)
        .arg(page)
        .arg(perPage);
}

} // namespace

bool ZendeskRoutes::owns(const SimRequest &request) const
{
    return request.path.startsWith(QLatin1String("/api/v2/")) &&
           request.path.endsWith(QLatin1String(".json"));
}

HelpdeskCall ZendeskRoutes::route(const SimRequest &request) const
{
    // api/v2/tickets/{id}.json · api/v2/tickets/{id}/comments.json · api/v2/users/me.json
    const QStringList parts = request.path.split(u'/', Qt::SkipEmptyParts);
    HelpdeskCall call;
    const bool tickets = parts.size() >= 4 && parts[2] == QLatin1String("tickets");
    if (parts.size() == 4 && parts[2] == QLatin1String("users") &&
        parts[3] == QLatin1String("me.json") && request.method == "GET") {
        call.kind = HelpdeskCall::Kind::Check;
    } else if (tickets && parts.size() == 4 && request.method == "PUT") {
        call.kind = HelpdeskCall::Kind::Post;
        call.ticket = parts[3].chopped(5);
    } else if (tickets && parts.size() == 5 && parts[4] == QLatin1String("comments.json") &&
               request.method == "GET") {
        call.kind = HelpdeskCall::Kind::Read;
        call.ticket = parts[3];
    }
    return call;
}

bool ZendeskRoutes::authorized(const SimRequest &request, const HelpdeskCredentials &c) const
{
    const auto basic = basicCredentials(request);
    return basic && basic->first == c.zendeskEmail + QLatin1String("/token") &&
           basic->second == c.zendeskToken;
}

SimResponse ZendeskRoutes::error(int status, const SimRequest &request) const
{
    Q_UNUSED(request);
    switch (status) {
    case 401:
        return SimResponse::json(401, {{"error", "Couldn't authenticate you"}});
    case 404:
        return SimResponse::json(404, {{"error", "RecordNotFound"}, {"description", "Not found"}});
    case 429:
        return SimResponse::json(
            429, {{"error", "APIRateLimitExceeded"},
                  {"description", "Number of allowed API requests per minute exceeded"}});
    case 500:
        return SimResponse::json(
            500, {{"error", "InternalError"}, {"description", "Internal error (simulated)"}});
    default:
        return SimResponse::json(status, {{"error", "ServiceUnavailable"},
                                          {"description", "Service unavailable (simulated)"}});
    }
}

std::variant<ParsedPost, SimResponse> ZendeskRoutes::parsePost(const SimRequest &request,
                                                               const HelpdeskCall &call,
                                                               const HelpdeskTicket &ticket,
                                                               const HelpdeskCredentials &c) const
{
    Q_UNUSED(call);
    Q_UNUSED(c);
    const auto body = jsonObject(request.body);
    if (!body || !body->value("ticket", json()).is_object())
        return invalid("base", QStringLiteral("Ticket: send {\"ticket\":{\"comment\":{…}}}"));
    const json &t = (*body)["ticket"];
    if (ticket.closed)
        return invalid("status", QStringLiteral("Status: closed prevents ticket update"));
    const json comment = t.value("comment", json());
    const QString html = textOf(comment, "html_body");
    const QString text = textOf(comment, "body");
    const QString stored = html.isEmpty() ? text : html;
    if (stored.trimmed().isEmpty())
        return invalid("base", QStringLiteral("Comment: cannot be blank"));
    if (stored.size() > HelpdeskDesk::maxBodyChars)
        return invalid("base", QStringLiteral("Comment: is too long (maximum is %1 characters)")
                                   .arg(HelpdeskDesk::maxBodyChars));
    const json isPublic = commentField(comment, t, "public");
    const json author = commentField(comment, t, "author_id");
    if (conflicts(*body, t, ticket))
        return SimResponse::json(409, {{"error", "UpdateConflict"},
                                       {"description", "Safe Update prevented the update due to "
                                                       "outdated ticket data. Please fetch the "
                                                       "latest ticket data and try again."}});
    ParsedPost parsed;
    HelpdeskPost &post = parsed.post;
    post.isPublic = isPublic.is_boolean() ? isPublic.get<bool>() : true;
    post.internal = !post.isPublic;
    post.html = html.isEmpty() ? htmlOf(text) : html;
    post.text = html.isEmpty() ? text : plainTextOf(html);
    post.stored = stored;
    post.author = QString::number(author.is_number_integer() ? author.get<qint64>() : agentId);
    return parsed;
}

SimResponse ZendeskRoutes::posted(const SimRequest &request, const HelpdeskTicket &ticket,
                                  const HelpdeskPost &post) const
{
    Q_UNUSED(request);
    json event = commentJson(post);
    event.erase("plain_body");
    event.erase("created_at");
    // An audit's id is its own in Zendesk; the simulator derives it from the comment's.
    return SimResponse::json(200, {{"ticket",
                                    {{"id", ticket.id.toLongLong()},
                                     {"status", "open"},
                                     {"updated_at", isoSeconds(ticket.updatedAt)}}},
                                   {"audit",
                                    {{"id", post.id + 7000000000LL},
                                     {"ticket_id", ticket.id.toLongLong()},
                                     {"created_at", isoSeconds(post.at)},
                                     {"events", json::array({event})}}}});
}

std::optional<SimResponse> ZendeskRoutes::refuseRead(const SimRequest &request,
                                                     std::optional<int> pageSize) const
{
    const int fallback = pageSize.value_or(HelpdeskDesk::maxPageSize);
    if (positiveParam(request, QStringLiteral("page"), 1, INT_MAX) &&
        positiveParam(request, QStringLiteral("per_page"), fallback, HelpdeskDesk::maxPageSize))
        return std::nullopt;
    return SimResponse::json(400, {{"error", "InvalidPaginationParameter"},
                                   {"description", "page and per_page are whole numbers >= 1"}});
}

SimResponse ZendeskRoutes::read(const SimRequest &request, const HelpdeskTicket &ticket,
                                std::optional<int> pageSize) const
{
    const int fallback = pageSize.value_or(HelpdeskDesk::maxPageSize);
    const qint64 page = *positiveParam(request, QStringLiteral("page"), 1, INT_MAX);
    const int perPage =
        *positiveParam(request, QStringLiteral("per_page"), fallback, HelpdeskDesk::maxPageSize);
    const qint64 total = qint64(ticket.posts.size());
    json comments = json::array();
    for (qint64 i = (page - 1) * perPage; i < std::min(total, page * perPage); ++i)
        comments.push_back(commentJson(ticket.posts[std::size_t(i)]));
    const auto link = [&](qint64 to) {
        return absoluteUrl(request, commentsPath(ticket.id, to, perPage)).toStdString();
    };
    return SimResponse::json(
        200, {{"comments", comments},
              {"next_page", page * perPage < total ? json(link(page + 1)) : json(nullptr)},
              {"previous_page", page > 1 ? json(link(page - 1)) : json()},
              {"count", total}});
}

SimResponse ZendeskRoutes::check(const HelpdeskCredentials &c) const
{
    return SimResponse::json(200, {{"user",
                                    {{"id", agentId},
                                     {"name", "Sim Agent"},
                                     {"email", c.zendeskEmail.toStdString()},
                                     {"role", "agent"}}}});
}

} // namespace ops::sim
