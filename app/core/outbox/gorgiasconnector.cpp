// Gorgias: a reply or an internal note is a message on the ticket (POST /api/tickets/{id}/
// messages; channel "internal-note" for a note). Each message keeps a free `external_id`, which
// holds the marker, and the read-back pages through GET /api/tickets/{id}/messages by cursor.
// Credentials are the user's e-mail and an API key (Basic). The sender is the configured author,
// else the user.

#include "outbox/helpdeskwire.h"
#include "outbox/vendorconnectors.h"
#include "transport/jsonfields.h"

using namespace Qt::StringLiterals;
using namespace ops::helpdeskwire;

namespace ops {

namespace {

QString gorgiasWords(const HttpResponse &http)
{
    const auto j = jsonfields::parseObject(http.body);
    if (!j || !j->contains("error") || !(*j)["error"].is_object())
        return {};
    return jsonfields::text((*j)["error"], "msg");
}

class GorgiasConnector final : public HelpdeskConnector
{
public:
    explicit GorgiasConnector(const HelpdeskConfig &config)
        : m_base(config.baseUrl)
        , m_auth(basicAuth(config.user, config.secret))
        , m_sender(config.author.isEmpty() ? config.user : config.author)
    {}

    HttpRequest post(const OutgoingPost &p) const override
    {
        const nlohmann::json body = {{"channel", p.internal ? "internal-note" : "email"},
                                     {"via", "api"},
                                     {"from_agent", true},
                                     {"sender", {{"email", m_sender.toStdString()}}},
                                     {"body_text", p.text.toStdString()},
                                     {"body_html", htmlWithMarker(p.text, {}).toStdString()},
                                     {"external_id", p.marker.toStdString()}};
        return jsonRequest("POST",
                           urlFor(m_base, u"/api/tickets/%1/messages"_s.arg(segment(p.ticket))),
                           body, m_auth);
    }

    PostAnswer answer(const HttpResponse &http, const QString &marker) const override
    {
        Q_UNUSED(marker); // the answer names only the new reply
        const auto j = jsonfields::parseObject(http.body);
        return classifyPost(http, j ? jsonfields::idText(*j, "id") : QString(), gorgiasWords(http));
    }

    HttpRequest readPage(const QString &ticket, const QString &cursor) const override
    {
        QUrlQuery q;
        q.addQueryItem(u"limit"_s, u"100"_s);
        if (!cursor.isEmpty())
            q.addQueryItem(u"cursor"_s, cursor);
        return jsonRequest("GET",
                           urlFor(m_base, u"/api/tickets/%1/messages"_s.arg(segment(ticket)), q),
                           nullptr, m_auth);
    }

    ReadBackPage scanPage(const HttpResponse &http, const QString &marker) const override
    {
        const auto j = http.status == 200 ? jsonfields::parseObject(http.body) : std::nullopt;
        if (!j || !j->contains("data") || !(*j)["data"].is_array())
            return failedRead(http, gorgiasWords(http));
        for (const auto &m : (*j)["data"]) {
            if (m.is_object() && jsonfields::text(m, "external_id") == marker)
                return foundOrNext(jsonfields::idText(m, "id"), {});
        }
        const auto meta = j->find("meta");
        if (meta == j->end() || !meta->is_object())
            return failedRead(http, u"the answer has no meta"_s);
        return foundOrNext({}, jsonfields::text(*meta, "next_cursor"));
    }

    HttpRequest check() const override
    {
        return jsonRequest("GET", urlFor(m_base, u"/api/account"_s), nullptr, m_auth);
    }

private:
    QUrl m_base;
    QByteArray m_auth;
    QString m_sender;
};

} // namespace

std::unique_ptr<HelpdeskConnector> gorgiasConnector(const HelpdeskConfig &config)
{
    return std::make_unique<GorgiasConnector>(config);
}

} // namespace ops
