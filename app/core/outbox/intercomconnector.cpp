// Intercom: a reply is a part added to the conversation (POST /conversations/{id}/reply, as an
// admin; message_type "note" for an internal note), answered with the whole conversation. The
// read-back is GET /conversations/{id}, which returns at most the 500 most recent parts: when
// the conversation has more, absence cannot be proven and the read fails. Credentials are an
// access token (Bearer) and the pinned Intercom-Version.

#include "outbox/helpdeskwire.h"
#include "outbox/vendorconnectors.h"
#include "transport/jsonfields.h"

using namespace Qt::StringLiterals;
using namespace ops::helpdeskwire;

namespace ops {

namespace {

constexpr QByteArrayView kVersion = "2.11";

QString intercomWords(const HttpResponse &http)
{
    const auto j = jsonfields::parseObject(http.body);
    if (!j || !j->contains("errors") || !(*j)["errors"].is_array() || (*j)["errors"].empty() ||
        !(*j)["errors"].front().is_object())
        return {};
    const auto &e = (*j)["errors"].front();
    return jsonfields::text(e, "code") + u" "_s + jsonfields::text(e, "message");
}

// The conversation's parts, or nullptr when the answer is not a conversation.
const nlohmann::json *partsOf(const nlohmann::json &conversation)
{
    const auto list = conversation.find("conversation_parts");
    if (list == conversation.end() || !list->is_object())
        return nullptr;
    const auto parts = list->find("conversation_parts");
    return parts != list->end() && parts->is_array() ? &*parts : nullptr;
}

QString partCarrying(const nlohmann::json &parts, const QString &marker)
{
    for (const auto &p : parts) {
        if (p.is_object() && carries(p, {"body"}, marker))
            return jsonfields::idText(p, "id");
    }
    return {};
}

class IntercomConnector final : public HelpdeskConnector
{
public:
    explicit IntercomConnector(const HelpdeskConfig &config)
        : m_base(config.baseUrl)
        , m_auth("Bearer " + config.secret.toUtf8())
        , m_admin(config.author)
    {}

    HttpRequest post(const OutgoingPost &p) const override
    {
        const nlohmann::json body = {{"message_type", p.internal ? "note" : "comment"},
                                     {"type", "admin"},
                                     {"admin_id", m_admin.toStdString()},
                                     {"body", htmlWithMarker(p.text, p.marker).toStdString()}};
        return versioned(
            jsonRequest("POST", urlFor(m_base, u"/conversations/%1/reply"_s.arg(segment(p.ticket))),
                        body, m_auth));
    }

    PostAnswer answer(const HttpResponse &http, const QString &marker) const override
    {
        // The answer is the whole conversation: the reply is the part that carries the marker,
        // else (a body the vendor cleaned of it) the newest part.
        const auto j = jsonfields::parseObject(http.body);
        const nlohmann::json *parts = j ? partsOf(*j) : nullptr;
        QString id = parts ? partCarrying(*parts, marker) : QString();
        if (id.isEmpty() && parts && !parts->empty() && parts->back().is_object())
            id = jsonfields::idText(parts->back(), "id");
        return classifyPost(http, id, intercomWords(http));
    }

    HttpRequest readPage(const QString &ticket, const QString &cursor) const override
    {
        Q_UNUSED(cursor); // one page: the conversation with its parts
        return versioned(jsonRequest(
            "GET", urlFor(m_base, u"/conversations/%1"_s.arg(segment(ticket))), nullptr, m_auth));
    }

    ReadBackPage scanPage(const HttpResponse &http, const QString &marker) const override
    {
        const auto j = http.status == 200 ? jsonfields::parseObject(http.body) : std::nullopt;
        const nlohmann::json *parts = j ? partsOf(*j) : nullptr;
        if (!parts)
            return failedRead(http, intercomWords(http));
        if (const QString id = partCarrying(*parts, marker); !id.isEmpty())
            return foundOrNext(id, {});
        const qint64 total =
            jsonfields::integer((*j)["conversation_parts"], "total_count").value_or(-1);
        if (total != qint64(parts->size()))
            return failedRead(
                http, u"the conversation has %1 parts and Intercom returned %2"_s.arg(total).arg(
                          parts->size()));
        return foundOrNext({}, {});
    }

    HttpRequest check() const override
    {
        return versioned(jsonRequest("GET", urlFor(m_base, u"/me"_s), nullptr, m_auth));
    }

private:
    static HttpRequest versioned(HttpRequest r)
    {
        r.headers.emplaceBack("Intercom-Version", kVersion.toByteArray());
        return r;
    }

    QUrl m_base;
    QByteArray m_auth;
    QString m_admin;
};

} // namespace

std::unique_ptr<HelpdeskConnector> intercomConnector(const HelpdeskConfig &config)
{
    return std::make_unique<IntercomConnector>(config);
}

} // namespace ops
