#include "stripe/stripeclient.h"

#include <QRegularExpression>
#include <QUrlQuery>

using namespace Qt::StringLiterals;

namespace ops {

StripeClient::StripeClient(HttpTransport &transport, StripeConfig config)
    : m_transport(transport)
    , m_config(std::move(config))
{}

StripeReply StripeClient::exchange(const QByteArray &method, const QString &pathAndQuery,
                                   const QByteArray &body, const QByteArray &contentType,
                                   const QString &idempotencyKey)
{
    HttpRequest req;
    req.method = method;
    QString base = m_config.baseUrl.toString(QUrl::StripTrailingSlash);
    req.url = QUrl(base + pathAndQuery);
    const auto add = [&req](const char *name, const QByteArray &value) {
        req.headers.append(std::pair{QByteArray(name), value});
    };
    add("Authorization", "Bearer " + m_config.secret.toUtf8());
    add("Accept", "application/json");
    if (!contentType.isEmpty())
        add("Content-Type", contentType);
    if (!idempotencyKey.isEmpty())
        add("Idempotency-Key", idempotencyKey.toUtf8());
    req.body = body;

    StripeReply reply;
    reply.http = m_transport.send(req, m_config.timeout);
    reply.replayed = reply.http.header("idempotent-replayed") == "true";
    reply.requestId = QString::fromLatin1(reply.http.header("request-id"));
    if (reply.http.status >= 300)
        reply.error = parseStripeError(reply.http.body);
    return reply;
}

StripeReply StripeClient::send(const StoredRequest &request, const QString &idempotencyKey)
{
    return exchange(request.method, request.path, request.body, request.contentType,
                    idempotencyKey);
}

StripeReply StripeClient::getCharge(const QString &chargeId)
{
    return exchange("GET",
                    u"/v1/charges/"_s + QString::fromLatin1(QUrl::toPercentEncoding(chargeId)), {},
                    {}, {});
}

StripeReply StripeClient::getPaymentIntent(const QString &paymentIntentId)
{
    return exchange("GET",
                    u"/v1/payment_intents/"_s +
                        QString::fromLatin1(QUrl::toPercentEncoding(paymentIntentId)),
                    {}, {}, {});
}

StripeReply StripeClient::listRefunds(const QString &chargeId, int limit,
                                      const QString &startingAfter)
{
    QUrlQuery q;
    q.addQueryItem(u"charge"_s, chargeId);
    q.addQueryItem(u"limit"_s, QString::number(limit));
    if (!startingAfter.isEmpty())
        q.addQueryItem(u"starting_after"_s, startingAfter);
    return exchange("GET", u"/v1/refunds?"_s + q.toString(QUrl::FullyEncoded), {}, {}, {});
}

StripeReply StripeClient::getRefund(const QString &refundId)
{
    return exchange("GET",
                    u"/v1/refunds/"_s + QString::fromLatin1(QUrl::toPercentEncoding(refundId)), {},
                    {}, {});
}

StripeReply StripeClient::getEvent(const QString &eventId)
{
    return exchange("GET", u"/v1/events/"_s + QString::fromLatin1(QUrl::toPercentEncoding(eventId)),
                    {}, {}, {});
}

StripeReply StripeClient::listEvents(const QList<std::pair<QString, QString>> &query)
{
    QUrlQuery q;
    for (const auto &[name, value] : query)
        q.addQueryItem(name, value);
    return exchange("GET", u"/v1/events?"_s + q.toString(QUrl::FullyEncoded), {}, {}, {});
}

ProviderAnswer StripeClient::answerFor(const StripeReply &reply)
{
    ProviderAnswer a;
    a.httpStatus = reply.http.status;
    a.transport = reply.http.error;
    if (reply.error) {
        a.errorType = reply.error->type;
        a.errorCode = reply.error->code;
    }
    if (reply.ok())
        a.bodyReadable = parseStripeRefund(reply.http.body).has_value();
    return a;
}

QString redactedExcerpt(const QByteArray &body, const QString &secret, int maxChars)
{
    QString text = QString::fromUtf8(body.left(maxChars * 4)).left(maxChars);
    if (!secret.isEmpty())
        text.replace(secret, u"[redacted]"_s);
    static const QRegularExpression keys(u"\\b(sk|rk|pk)_(live|test)_[A-Za-z0-9]+"_s);
    text.replace(keys, u"[redacted]"_s);
    return text;
}

} // namespace ops
