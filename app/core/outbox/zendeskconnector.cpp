// Zendesk Support: a reply or an internal note is a comment added by updating the ticket
// (PUT /api/v2/tickets/{id}.json); the comment's id comes back in the update's audit. The
// read-back pages through GET /api/v2/tickets/{id}/comments.json. Credentials are an agent's
// e-mail and an API token ("{email}/token:{token}"). Zendesk honours Idempotency-Key only when a
// ticket is created, so the marker is what makes a reply once.

#include "outbox/helpdeskwire.h"
#include "outbox/vendorconnectors.h"
#include "transport/jsonfields.h"

using namespace Qt::StringLiterals;
using namespace ops::helpdeskwire;

namespace ops {

namespace {

// "RecordInvalid: Status: closed prevents ticket update"
QString zendeskWords(const HttpResponse &http)
{
    const auto j = jsonfields::parseObject(http.body);
    if (!j)
        return {};
    QString words = jsonfields::text(*j, "error");
    if (const QString d = jsonfields::text(*j, "description"); !d.isEmpty())
        words += (words.isEmpty() ? u""_s : u": "_s) + d;
    const auto details = j->find("details");
    if (details == j->end() || !details->is_object())
        return words;
    for (const auto &[field, list] : details->items()) {
        if (list.is_array() && !list.empty() && list.front().is_object())
            return words + u" ("_s + jsonfields::text(list.front(), "description") + u")"_s;
    }
    return words;
}

class ZendeskConnector final : public HelpdeskConnector
{
public:
    explicit ZendeskConnector(const HelpdeskConfig &config)
        : m_base(config.baseUrl)
        , m_auth(basicAuth(config.user + u"/token"_s, config.secret))
    {}

    HttpRequest post(const OutgoingPost &p) const override
    {
        const nlohmann::json body = {
            {"ticket",
             {{"comment",
               {{"html_body", htmlWithMarker(p.text, p.marker).toStdString()},
                {"public", !p.internal}}}}}};
        return jsonRequest("PUT",
                           urlFor(m_base, u"/api/v2/tickets/%1.json"_s.arg(segment(p.ticket))),
                           body, m_auth);
    }

    PostAnswer answer(const HttpResponse &http, const QString &marker) const override
    {
        Q_UNUSED(marker); // the answer names only the new reply
        QString id;
        if (const auto j = jsonfields::parseObject(http.body)) {
            const auto audit = j->find("audit");
            if (audit != j->end() && audit->is_object() && audit->contains("events") &&
                (*audit)["events"].is_array()) {
                for (const auto &e : (*audit)["events"]) {
                    if (e.is_object() && jsonfields::text(e, "type") == u"Comment"_s)
                        id = jsonfields::idText(e, "id");
                }
            }
        }
        return classifyPost(http, id, zendeskWords(http));
    }

    HttpRequest readPage(const QString &ticket, const QString &cursor) const override
    {
        QUrlQuery q;
        q.addQueryItem(u"per_page"_s, u"100"_s);
        q.addQueryItem(u"page"_s, cursor.isEmpty() ? u"1"_s : cursor);
        return jsonRequest(
            "GET", urlFor(m_base, u"/api/v2/tickets/%1/comments.json"_s.arg(segment(ticket)), q),
            nullptr, m_auth);
    }

    ReadBackPage scanPage(const HttpResponse &http, const QString &marker) const override
    {
        const auto j = http.status == 200 ? jsonfields::parseObject(http.body) : std::nullopt;
        if (!j || !j->contains("comments") || !(*j)["comments"].is_array())
            return failedRead(http, zendeskWords(http));
        for (const auto &c : (*j)["comments"]) {
            if (c.is_object() && carries(c, {"html_body", "body", "plain_body"}, marker))
                return foundOrNext(jsonfields::idText(c, "id"), {});
        }
        const QString next = jsonfields::text(*j, "next_page");
        if (next.isEmpty())
            return foundOrNext({}, {});
        const QString page = QUrlQuery(QUrl(next)).queryItemValue(u"page"_s);
        if (page.isEmpty())
            return failedRead(http, u"next_page names no page"_s);
        return foundOrNext({}, page);
    }

    HttpRequest check() const override
    {
        return jsonRequest("GET", urlFor(m_base, u"/api/v2/users/me.json"_s), nullptr, m_auth);
    }

private:
    QUrl m_base;
    QByteArray m_auth;
};

} // namespace

std::unique_ptr<HelpdeskConnector> zendeskConnector(const HelpdeskConfig &config)
{
    return std::make_unique<ZendeskConnector>(config);
}

} // namespace ops
