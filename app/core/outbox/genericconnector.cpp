// The generic helpdesk: POST {base}/v1/conversations/{id}/messages with {"body": …} and the
// message's Idempotency-Key, answered as Stripe answers (provider-sim's sink, or a team's own
// system). The sink deduplicates a repeated key itself, so nothing is read back: a timeout is
// retried with the same key, and a stored 500 goes to a person.

#include "engine/attemptsupport.h"
#include "outbox/helpdeskwire.h"
#include "outbox/vendorconnectors.h"
#include "transport/jsonfields.h"

using namespace Qt::StringLiterals;
using namespace ops::helpdeskwire;

namespace ops {

namespace {

class GenericConnector final : public HelpdeskConnector
{
public:
    explicit GenericConnector(const HelpdeskConfig &config)
        : m_base(config.baseUrl)
        , m_secret(config.secret)
    {}

    HttpRequest post(const OutgoingPost &p) const override
    {
        HttpRequest r = jsonRequest(
            "POST", urlFor(m_base, u"/v1/conversations/%1/messages"_s.arg(segment(p.ticket))),
            nlohmann::json{{"body", p.text.toStdString()}}, bearer());
        r.headers.emplaceBack("Idempotency-Key", p.idempotencyKey.toUtf8());
        return r;
    }

    PostAnswer answer(const HttpResponse &http, const QString &marker) const override
    {
        Q_UNUSED(marker);
        const auto j = jsonfields::parseObject(http.body);
        const nlohmann::json error = j && j->contains("error") && (*j)["error"].is_object()
                                         ? (*j)["error"]
                                         : nlohmann::json();
        ProviderAnswer a;
        a.httpStatus = http.status;
        a.transport = http.error;
        a.errorType = error.is_object() ? jsonfields::text(error, "type") : QString();
        a.errorCode = error.is_object() ? jsonfields::text(error, "code") : QString();
        const QString id = j ? jsonfields::idText(*j, "id") : QString();
        a.bodyReadable = !id.isEmpty();
        ProviderReply reply;
        reply.http = http;
        reply.errorCode = a.errorCode.isEmpty() ? a.errorType : a.errorCode;
        PostAnswer answer;
        answer.vendorId = id;
        answer.error = ops::describe(reply);
        if (error.is_object() && !jsonfields::text(error, "message").isEmpty())
            answer.error += u": "_s + jsonfields::text(error, "message");
        const Outcome outcome = classify(Provider::Stripe, a);
        answer.kind = http.status == 429 ? PostAnswer::Kind::Busy : kindOf(outcome);
        if (outcome == Outcome::KeyMismatch)
            answer.error += u" — the helpdesk holds another message under this key"_s;
        else if (outcome == Outcome::Credentials)
            answer.error += u" — check OPS_HELPDESK_KEY"_s;
        if (answer.kind == PostAnswer::Kind::Busy)
            answer.retryAfter = retryAfterOf(http);
        return answer;
    }

    bool readsBack() const override { return false; }
    bool takesNotes() const override { return false; }
    HttpRequest readPage(const QString &ticket, const QString &cursor) const override
    {
        Q_UNUSED(ticket);
        Q_UNUSED(cursor);
        return {};
    }
    ReadBackPage scanPage(const HttpResponse &http, const QString &marker) const override
    {
        Q_UNUSED(marker);
        return failedRead(http, u"the generic helpdesk is not read back"_s);
    }

    HttpRequest check() const override
    {
        return jsonRequest("GET", urlFor(m_base, u"/v1/health"_s), nullptr, bearer());
    }

private:
    QByteArray bearer() const
    {
        return m_secret.isEmpty() ? QByteArray() : "Bearer " + m_secret.toUtf8();
    }

    static PostAnswer::Kind kindOf(Outcome outcome)
    {
        switch (outcome) {
        case Outcome::Succeeded:
            return PostAnswer::Kind::Stored;
        case Outcome::InProgress:
        case Outcome::NoAnswer:
            return PostAnswer::Kind::Retry; // the same key: the sink stores it at most once
        case Outcome::Undefined:
            return PostAnswer::Kind::Unknown;
        default:
            return PostAnswer::Kind::Refused;
        }
    }

    QUrl m_base;
    QString m_secret;
};

} // namespace

std::unique_ptr<HelpdeskConnector> genericConnector(const HelpdeskConfig &config)
{
    return std::make_unique<GenericConnector>(config);
}

} // namespace ops
