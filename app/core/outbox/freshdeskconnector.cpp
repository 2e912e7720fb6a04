// Freshdesk: a reply is POST /api/v2/tickets/{id}/reply, an internal note POST …/notes with
// private: true. The read-back pages through GET /api/v2/tickets/{id}/conversations, which
// answers an array and names its next page in a Link header. Credentials are an API key as the
// Basic user name (any password).

#include "outbox/helpdeskwire.h"
#include "outbox/vendorconnectors.h"
#include "transport/jsonfields.h"

#include <QRegularExpression>

using namespace Qt::StringLiterals;
using namespace ops::helpdeskwire;

namespace ops {

namespace {

QString freshdeskWords(const HttpResponse &http)
{
    const auto j = jsonfields::parseObject(http.body);
    if (!j)
        return {};
    QString words = jsonfields::text(*j, "description");
    if (words.isEmpty())
        words = jsonfields::text(*j, "message");
    const auto errors = j->find("errors");
    if (errors != j->end() && errors->is_array() && !errors->empty() && errors->front().is_object())
        words += u" ("_s + jsonfields::text(errors->front(), "field") + u": "_s +
                 jsonfields::text(errors->front(), "message") + u")"_s;
    return words;
}

// The page number the Link header's rel="next" names; nullopt when it names no next page (the
// last page), "" when it does but without a page number.
std::optional<QString> nextPage(const HttpResponse &http)
{
    static const QRegularExpression next(uR"(<([^>]*)>\s*;\s*rel="?next"?)"_s);
    const auto m = next.match(QString::fromUtf8(http.header("link")));
    if (!m.hasMatch())
        return std::nullopt;
    return QUrlQuery(QUrl(m.captured(1))).queryItemValue(u"page"_s);
}

class FreshdeskConnector final : public HelpdeskConnector
{
public:
    explicit FreshdeskConnector(const HelpdeskConfig &config)
        : m_base(config.baseUrl)
        , m_auth(basicAuth(config.secret, u"X"_s))
    {}

    HttpRequest post(const OutgoingPost &p) const override
    {
        nlohmann::json body = {{"body", htmlWithMarker(p.text, p.marker).toStdString()}};
        if (p.internal)
            body["private"] = true;
        const QString path =
            p.internal ? u"/api/v2/tickets/%1/notes"_s : u"/api/v2/tickets/%1/reply"_s;
        return jsonRequest("POST", urlFor(m_base, path.arg(segment(p.ticket))), body, m_auth);
    }

    PostAnswer answer(const HttpResponse &http, const QString &marker) const override
    {
        Q_UNUSED(marker); // the answer names only the new reply
        const auto j = jsonfields::parseObject(http.body);
        return classifyPost(http, j ? jsonfields::idText(*j, "id") : QString(),
                            freshdeskWords(http));
    }

    HttpRequest readPage(const QString &ticket, const QString &cursor) const override
    {
        QUrlQuery q;
        q.addQueryItem(u"per_page"_s, u"100"_s);
        q.addQueryItem(u"page"_s, cursor.isEmpty() ? u"1"_s : cursor);
        return jsonRequest(
            "GET", urlFor(m_base, u"/api/v2/tickets/%1/conversations"_s.arg(segment(ticket)), q),
            nullptr, m_auth);
    }

    ReadBackPage scanPage(const HttpResponse &http, const QString &marker) const override
    {
        const auto j = http.status == 200
                           ? nlohmann::json::parse(http.body.constBegin(), http.body.constEnd(),
                                                   nullptr, false)
                           : nlohmann::json();
        if (!j.is_array())
            return failedRead(http, freshdeskWords(http));
        for (const auto &c : j) {
            if (c.is_object() && carries(c, {"body", "body_text"}, marker))
                return foundOrNext(jsonfields::idText(c, "id"), {});
        }
        const std::optional<QString> page = nextPage(http);
        if (page && page->isEmpty())
            return failedRead(http, u"the Link header's next page has no number"_s);
        return foundOrNext({}, page.value_or(QString()));
    }

    HttpRequest check() const override
    {
        return jsonRequest("GET", urlFor(m_base, u"/api/v2/agents/me"_s), nullptr, m_auth);
    }

private:
    QUrl m_base;
    QByteArray m_auth;
};

} // namespace

std::unique_ptr<HelpdeskConnector> freshdeskConnector(const HelpdeskConfig &config)
{
    return std::make_unique<FreshdeskConnector>(config);
}

} // namespace ops
