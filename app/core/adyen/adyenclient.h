#pragma once

// Adyen Checkout's refund call over HTTP (docs/adyen.md): X-API-Key, our Idempotency-Key (a
// UUID, 36 characters: Adyen takes at most 64), the stored JSON bytes resent unchanged (rule 3).
// Adyen has no call that reads a refund back, so send() is the client's only request; the
// outcome arrives as a signed notification (adyennotification.h).

#include "domain/classification.h"
#include "domain/money.h"
#include "domain/operation.h"
#include "transport/httptransport.h"

#include <chrono>

namespace ops {

struct AdyenConfig
{
    // https://checkout-test.adyen.com, https://{PREFIX}-checkout-live.adyenpayments.com/checkout
    // or the simulator; the version is part of each stored request's path.
    QUrl baseUrl;
    QString secret; // the API key; never logged, never stored
    QString merchantAccount;
    std::chrono::milliseconds timeout{10'000};
};

// Adyen's test and live platforms are told apart by the endpoint, not by the key.
enum class AdyenMode
{
    Test,    // checkout-test.adyen.com
    Live,    // {PREFIX}-checkout-live.adyenpayments.com
    Unknown, // anything else: a simulator, a proxy
};
AdyenMode adyenModeOf(const QUrl &baseUrl);

struct AdyenError
{
    QString errorCode; // "704", "167", …
    QString errorType; // validation, security, internal, …
    QString message;
};

struct AdyenReply
{
    HttpResponse http;
    std::optional<AdyenError> error;
    bool transient = false; // `transient-error: true`: the key's first request is still running

    bool ok() const { return http.status >= 200 && http.status < 300; }
};

// A 201's body: the refund as Adyen received it.
struct AdyenRefund
{
    QString pspReference; // the refund's own
    QString paymentPspReference;
    QString reference; // ours: the operation id (rule 10)
    QString merchantAccount;
    QString status; // "received"
    Money amount;   // currency lower-case, as in our rows
};
std::optional<AdyenRefund> parseAdyenRefund(const QByteArray &body);
std::optional<AdyenError> parseAdyenError(const QByteArray &body);

// Adyen's pspReferences are 16 letters and digits.
bool isAdyenPspReference(const QString &text);

// The refund request a row stores: POST /v71/payments/{payment}/refunds with
// {"merchantAccount","amount":{"value","currency"},"reference":operationId}. Adyen writes the
// currency in upper case.
StoredRequest adyenRefundRequest(const QString &paymentPspReference, const QString &merchantAccount,
                                 const Money &amount, const QString &operationId);

class AdyenClient
{
public:
    AdyenClient(HttpTransport &transport, AdyenConfig config);

    AdyenReply send(const StoredRequest &request, const QString &idempotencyKey);

    // What the classification table needs from a reply to a stored request.
    static ProviderAnswer answerFor(const AdyenReply &reply);

    const AdyenConfig &config() const { return m_config; }

private:
    HttpTransport &m_transport;
    AdyenConfig m_config;
};

} // namespace ops
