#pragma once

// A webhook endpoint registered with provider-sim (POST /_sim/webhooks) and Stripe's webhook
// signature. The endpoint holds its delivery policy: which event types it wants, how long one
// attempt may take, and the (simulator-scaled) retry backoff.

#include <QByteArray>
#include <QString>
#include <QStringList>
#include <QUrl>
#include <nlohmann/json.hpp>
#include <variant>

namespace ops::sim {

struct WebhookEndpoint
{
    enum class Format
    {
        Stripe, // the event body, signed in the Stripe-Signature header with `secret`
        Adyen,  // a notification batch, each item signed inside it with the hex `hmacKey`
    };
    QString id; // "we_…"
    QUrl url;
    Format format = Format::Stripe;
    QByteArray secret;                          // Stripe
    QByteArray hmacKey;                         // Adyen: hex
    QStringList events = {QStringLiteral("*")}; // type patterns, `*` matches any run
    int timeoutMs = 5000;                       // one attempt, connect to last byte
    int retryBaseMs = 200;                      // wait after the first failed attempt
    int retryMaxMs = 5000;                      // the wait doubles up to this
    int maxAttempts = 6;                        // then the delivery is given up

    bool accepts(const QString &eventType) const;
    // Wait before attempt `nextAttempt` (2, 3, …): base · 2^(nextAttempt − 2), capped.
    int retryDelayMs(int nextAttempt) const;
    // Registration as answered by the admin routes; the secret is never echoed.
    nlohmann::json toJson() const;

    // {"url","secret","events"?,"timeout_ms"?,"retry_base_ms"?,"retry_max_ms"?,
    //  "max_attempts"?}, or for Adyen {"url","format":"adyen","hmac_key":"<hex>",…} in place of
    // the secret; an error message when a field is missing or wrong.
    static std::variant<WebhookEndpoint, QString> fromJson(const nlohmann::json &body);
};

// Hex HMAC-SHA256 of "<t>.<body>" under `secret`: Stripe's v1 scheme.
QByteArray stripeSignature(const QByteArray &secret, qint64 t, const QByteArray &body);
// "t=<t>,v1=<hex>" for the Stripe-Signature header.
QByteArray stripeSignatureHeader(const QByteArray &secret, qint64 t, const QByteArray &body);

// Adyen's notification batch of one item (a NotificationRequestItem object without its
// signature), the item signed as Adyen signs: base64 HMAC-SHA256 under the hex-decoded key of
// "pspReference:originalReference:merchantAccountCode:merchantReference:value:currency:
// eventCode:success", absent fields empty, in additionalData.hmacSignature. The simulator's own
// signer, independent of the product's receiver; @adyen/api-library checks it in tests/node.
QByteArray adyenSignedBatch(const nlohmann::json &item, const QByteArray &hexKey);

} // namespace ops::sim
