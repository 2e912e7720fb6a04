#pragma once

// Stripe v1 over HTTP: bearer auth, Idempotency-Key, per-attempt timeout. send() posts stored
// bytes unchanged (rule 3); the read calls serve the balance check and look-ups.

#include "domain/classification.h"
#include "domain/operation.h"
#include "stripe/stripeobjects.h"
#include "transport/httptransport.h"

#include <chrono>

namespace ops {

struct StripeConfig
{
    QUrl baseUrl;   // https://api.stripe.com or the simulator
    QString secret; // sk_…; never logged, never stored
    std::chrono::milliseconds timeout{10'000};
};

struct StripeReply
{
    HttpResponse http;
    std::optional<StripeError> error;
    bool replayed = false; // Idempotent-Replayed: true
    QString requestId;     // Request-Id

    bool ok() const { return http.status >= 200 && http.status < 300; }
};

class StripeClient
{
public:
    StripeClient(HttpTransport &transport, StripeConfig config);

    StripeReply send(const StoredRequest &request, const QString &idempotencyKey);
    StripeReply getCharge(const QString &chargeId);
    StripeReply getPaymentIntent(const QString &paymentIntentId);
    StripeReply listRefunds(const QString &chargeId, int limit, const QString &startingAfter = {});
    StripeReply getRefund(const QString &refundId);
    // GET /v1/events with these query pairs (limit, starting_after, ending_before, created[gte]…).
    StripeReply getEvent(const QString &eventId);
    StripeReply listEvents(const QList<std::pair<QString, QString>> &query);

    // What the classification table needs from a reply to a stored request.
    static ProviderAnswer answerFor(const StripeReply &reply);

    const StripeConfig &config() const { return m_config; }

private:
    StripeReply exchange(const QByteArray &method, const QString &pathAndQuery,
                         const QByteArray &body, const QByteArray &contentType,
                         const QString &idempotencyKey);

    HttpTransport &m_transport;
    StripeConfig m_config;
};

// A short excerpt of a provider answer safe to store: no secret, no API key, bounded length.
QString redactedExcerpt(const QByteArray &body, const QString &secret, int maxChars = 1000);

} // namespace ops
