#include "providersim/webhookendpoint.h"

#include "providersim/formdecode.h"

#include <QMessageAuthenticationCode>
#include <algorithm>
#include <cctype>

namespace ops::sim {

namespace {

// Reads an optional integer field within [min, max] into `out`; an error message otherwise.
std::optional<QString> intField(const nlohmann::json &body, const char *name, int min, int max,
                                int &out)
{
    if (!body.contains(name))
        return std::nullopt;
    const auto &v = body[name];
    if (!v.is_number_integer() || v.get<qint64>() < min || v.get<qint64>() > max)
        return QStringLiteral("%1 must be an integer from %2 to %3")
            .arg(QLatin1String(name))
            .arg(min)
            .arg(max);
    out = v.get<int>();
    return std::nullopt;
}

std::optional<QString> parseEvents(const nlohmann::json &body, QStringList &out)
{
    if (!body.contains("events"))
        return std::nullopt;
    const auto &events = body["events"];
    if (!events.is_array() || events.empty())
        return QStringLiteral("events must be a non-empty array of type patterns such as "
                              "\"refund.*\"");
    QStringList patterns;
    for (const auto &e : events) {
        if (!e.is_string() || e.get<std::string>().empty())
            return QStringLiteral("each events entry is a non-empty string");
        patterns << QString::fromStdString(e.get<std::string>());
    }
    out = patterns;
    return std::nullopt;
}

// Stripe endpoints sign with a secret; Adyen endpoints with a hex HMAC key (Adyen's customer area
// shows 64 hex digits).
std::optional<QString> parseSigning(const nlohmann::json &body, WebhookEndpoint &e)
{
    const std::string format = body.value("format", std::string("stripe"));
    if (format == "adyen") {
        e.format = WebhookEndpoint::Format::Adyen;
        const auto key = body.value("hmac_key", nlohmann::json());
        const QByteArray hex =
            key.is_string() ? QByteArray::fromStdString(key.get<std::string>()) : QByteArray();
        const bool isHex = !hex.isEmpty() && hex.size() % 2 == 0 && hex.size() <= 128 &&
                           std::all_of(hex.begin(), hex.end(), [](char c) {
                               return std::isxdigit(static_cast<unsigned char>(c)) != 0;
                           });
        if (!isHex)
            return QStringLiteral("hmac_key is required for an Adyen endpoint: hex, such as the "
                                  "64 digits Adyen's customer area shows");
        e.hmacKey = hex;
        return std::nullopt;
    }
    if (format != "stripe")
        return QStringLiteral("format is \"stripe\" (the default) or \"adyen\"");
    if (!body.contains("secret") || !body["secret"].is_string() ||
        body["secret"].get<std::string>().empty())
        return QStringLiteral("secret is required: the endpoint's signing secret");
    e.secret = QByteArray::fromStdString(body["secret"].get<std::string>());
    return std::nullopt;
}

} // namespace

bool WebhookEndpoint::accepts(const QString &eventType) const
{
    return std::any_of(events.begin(), events.end(),
                       [&](const QString &p) { return globMatches(p, eventType); });
}

int WebhookEndpoint::retryDelayMs(int nextAttempt) const
{
    qint64 delay = retryBaseMs;
    for (int i = 2; i < nextAttempt && delay < retryMaxMs; ++i)
        delay *= 2;
    return int(std::min<qint64>(delay, retryMaxMs));
}

nlohmann::json WebhookEndpoint::toJson() const
{
    nlohmann::json types = nlohmann::json::array();
    for (const QString &e : events)
        types.push_back(e.toStdString());
    return {{"id", id.toStdString()},
            {"url", url.toString().toStdString()},
            {"format", format == Format::Adyen ? "adyen" : "stripe"},
            {"events", types},
            {"timeout_ms", timeoutMs},
            {"retry_base_ms", retryBaseMs},
            {"retry_max_ms", retryMaxMs},
            {"max_attempts", maxAttempts}};
}

std::variant<WebhookEndpoint, QString> WebhookEndpoint::fromJson(const nlohmann::json &body)
{
    if (!body.is_object())
        return QStringLiteral("send {\"url\":\"http://…\",\"secret\":\"whsec_…\","
                              "\"events\":[\"refund.*\"]}");
    if (!body.contains("url") || !body["url"].is_string())
        return QStringLiteral("url is required: an http:// or https:// address");
    WebhookEndpoint e;
    if (auto error = parseSigning(body, e))
        return *error;
    e.url = QUrl(QString::fromStdString(body["url"].get<std::string>()), QUrl::StrictMode);
    const QString scheme = e.url.scheme();
    if (!e.url.isValid() || e.url.host().isEmpty() ||
        (scheme != QLatin1String("http") && scheme != QLatin1String("https")))
        return QStringLiteral("url must be an absolute http:// or https:// address");
    for (const auto &error :
         {parseEvents(body, e.events), intField(body, "timeout_ms", 50, 600000, e.timeoutMs),
          intField(body, "retry_base_ms", 1, 600000, e.retryBaseMs),
          intField(body, "retry_max_ms", 1, 3600000, e.retryMaxMs),
          intField(body, "max_attempts", 1, 100, e.maxAttempts)}) {
        if (error)
            return *error;
    }
    if (e.retryMaxMs < e.retryBaseMs)
        return QStringLiteral("retry_max_ms must be at least retry_base_ms");
    return e;
}

QByteArray stripeSignature(const QByteArray &secret, qint64 t, const QByteArray &body)
{
    const QByteArray signedText = QByteArray::number(t) + '.' + body;
    return QMessageAuthenticationCode::hash(signedText, secret, QCryptographicHash::Sha256).toHex();
}

QByteArray stripeSignatureHeader(const QByteArray &secret, qint64 t, const QByteArray &body)
{
    return "t=" + QByteArray::number(t) + ",v1=" + stripeSignature(secret, t, body);
}

} // namespace ops::sim

namespace ops::sim {

QByteArray adyenSignedBatch(const nlohmann::json &item, const QByteArray &hexKey)
{
    // Read without throwing: this runs in a delivery timer, where an exception would end the
    // process. A field of another type signs as empty, and the receiver refuses the item.
    const auto text = [](const nlohmann::json &j, const char *name) {
        const auto it = j.is_object() ? j.find(name) : j.end();
        return it != j.end() && it->is_string() ? it->get<std::string>() : std::string();
    };
    const auto amountIt = item.find("amount");
    const nlohmann::json amount = amountIt != item.end() ? *amountIt : nlohmann::json::object();
    const auto valueIt = amount.is_object() ? amount.find("value") : amount.end();
    const std::string value = valueIt != amount.end() && valueIt->is_number_integer()
                                  ? std::to_string(valueIt->get<qint64>())
                                  : std::string();
    const std::string signedText =
        text(item, "pspReference") + ':' + text(item, "originalReference") + ':' +
        text(item, "merchantAccountCode") + ':' + text(item, "merchantReference") + ':' + value +
        ':' + text(amount, "currency") + ':' + text(item, "eventCode") + ':' +
        text(item, "success");
    nlohmann::json signedItem = item;
    signedItem["additionalData"]["hmacSignature"] =
        QMessageAuthenticationCode::hash(QByteArray::fromStdString(signedText),
                                         QByteArray::fromHex(hexKey), QCryptographicHash::Sha256)
            .toBase64()
            .toStdString();
    const nlohmann::json batch = {
        {"live", "false"},
        {"notificationItems", nlohmann::json::array({{{"NotificationRequestItem", signedItem}}})}};
    return QByteArray::fromStdString(
        batch.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace));
}

} // namespace ops::sim
