#include "adyen/adyenclient.h"

#include "transport/jsonfields.h"

using namespace Qt::StringLiterals;

namespace ops {

AdyenMode adyenModeOf(const QUrl &baseUrl)
{
    const QString host = baseUrl.host().toLower();
    if (host == u"checkout-test.adyen.com"_s)
        return AdyenMode::Test;
    if (host.endsWith(u"-checkout-live.adyenpayments.com"_s))
        return AdyenMode::Live;
    return AdyenMode::Unknown;
}

bool isAdyenPspReference(const QString &text)
{
    if (text.size() != 16)
        return false;
    for (const QChar c : text) {
        if (!(c >= u'0' && c <= u'9') && !(c >= u'A' && c <= u'Z') && !(c >= u'a' && c <= u'z'))
            return false;
    }
    return true;
}

std::optional<AdyenRefund> parseAdyenRefund(const QByteArray &body)
{
    const auto json = jsonfields::parseObject(body);
    if (!json)
        return std::nullopt;
    AdyenRefund r;
    r.pspReference = jsonfields::text(*json, "pspReference");
    r.paymentPspReference = jsonfields::text(*json, "paymentPspReference");
    r.reference = jsonfields::text(*json, "reference");
    r.merchantAccount = jsonfields::text(*json, "merchantAccount");
    r.status = jsonfields::text(*json, "status");
    const auto amount = json->find("amount");
    if (amount != json->end() && amount->is_object()) {
        r.amount.minor = jsonfields::integer(*amount, "value").value_or(0);
        r.amount.currency = jsonfields::text(*amount, "currency").toLower();
    }
    if (r.pspReference.isEmpty() || r.status.isEmpty())
        return std::nullopt;
    return r;
}

std::optional<AdyenError> parseAdyenError(const QByteArray &body)
{
    const auto json = jsonfields::parseObject(body);
    if (!json)
        return std::nullopt;
    AdyenError e;
    e.errorCode = jsonfields::text(*json, "errorCode");
    e.errorType = jsonfields::text(*json, "errorType");
    e.message = jsonfields::text(*json, "message");
    if (e.errorCode.isEmpty() && e.errorType.isEmpty())
        return std::nullopt;
    return e;
}

StoredRequest adyenRefundRequest(const QString &paymentPspReference, const QString &merchantAccount,
                                 const Money &amount, const QString &operationId)
{
    const nlohmann::json body = {
        {"merchantAccount", merchantAccount.toStdString()},
        {"amount",
         {{"value", amount.minor}, {"currency", amount.currency.toUpper().toStdString()}}},
        {"reference", operationId.toStdString()}};
    return {"POST",
            u"/v71/payments/"_s +
                QString::fromLatin1(QUrl::toPercentEncoding(paymentPspReference)) + u"/refunds"_s,
            QByteArray::fromStdString(body.dump()), "application/json"};
}

AdyenClient::AdyenClient(HttpTransport &transport, AdyenConfig config)
    : m_transport(transport)
    , m_config(std::move(config))
{}

AdyenReply AdyenClient::send(const StoredRequest &request, const QString &idempotencyKey)
{
    HttpRequest req;
    req.method = request.method;
    req.url = QUrl(m_config.baseUrl.toString(QUrl::StripTrailingSlash) + request.path);
    const auto add = [&req](const char *name, const QByteArray &value) {
        req.headers.append(std::pair{QByteArray(name), value});
    };
    add("X-API-Key", m_config.secret.toUtf8());
    add("Accept", "application/json");
    add("Content-Type", request.contentType);
    if (!idempotencyKey.isEmpty())
        add("Idempotency-Key", idempotencyKey.toUtf8());
    req.body = request.body;

    AdyenReply reply;
    reply.http = m_transport.send(req, m_config.timeout);
    reply.transient = reply.http.header("transient-error").trimmed().toLower() == "true";
    if (reply.http.status >= 300)
        reply.error = parseAdyenError(reply.http.body);
    return reply;
}

ProviderAnswer AdyenClient::answerFor(const AdyenReply &reply)
{
    ProviderAnswer a;
    a.httpStatus = reply.http.status;
    a.transport = reply.http.error;
    a.transientError = reply.transient;
    if (reply.error) {
        a.errorType = reply.error->errorType;
        a.errorCode = reply.error->errorCode;
    }
    if (reply.ok())
        a.bodyReadable = parseAdyenRefund(reply.http.body).has_value();
    return a;
}

} // namespace ops
