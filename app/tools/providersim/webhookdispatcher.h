#pragma once

// Webhook delivery of provider-sim: every event the Stripe side records is POSTed, signed as
// Stripe signs (Stripe-Signature: t=<sim clock>,v1=HMAC-SHA256(secret, "<t>.<body>")), to each
// registered Stripe endpoint whose type patterns accept it; every Adyen notification item goes
// to each Adyen endpoint as a one-item batch signed under that endpoint's HMAC key (the type
// patterns match the eventCode). Delivery is asynchronous (the API answer
// that caused an event never waits for it), at least once, and retried with the endpoint's
// backoff until a 2xx or its attempts run out. Faults on route "WEBHOOK" (FaultTable) bend a
// delivery: duplicate, reorder, delay, fail_endpoint, bad_signature. Every attempt is listed.

#include "providersim/faulttable.h"
#include "providersim/stripestate.h"
#include "providersim/webhookendpoint.h"

#include <QDateTime>
#include <QHash>
#include <QNetworkAccessManager>
#include <QNetworkRequest>
#include <QObject>
#include <deque>
#include <optional>
#include <vector>

class QNetworkReply;

namespace ops::sim {

struct SimWorld;

class WebhookDispatcher final : public QObject
{
    Q_OBJECT

public:
    static constexpr std::size_t maxAttemptsKept = 10000;

    WebhookDispatcher(SimWorld &world, FaultTable &faults, QObject *parent = nullptr);

    // Registers an endpoint; its JSON (without the secret), or an error message.
    std::variant<nlohmann::json, QString> addEndpoint(const nlohmann::json &body);
    // Removes every endpoint; deliveries waiting or in flight are dropped. The attempt list
    // stays.
    void removeEndpoints();
    void clearAttempts() { m_attempts.clear(); }
    // Endpoints, deliveries and attempts all gone (simulator reset).
    void clear();

    void publish(const StripeEvent &event);
    // An Adyen NotificationRequestItem without its signature (AdyenHandler builds it).
    void publishAdyen(const nlohmann::json &item);

    nlohmann::json endpointsJson() const;
    // {"deliveries":[{seq,delivery,event,type,endpoint,url,attempt,status,error,fault,outcome,
    //  signature_t,at}]}, oldest first.
    nlohmann::json attemptsJson() const;

private:
    // One event on its way to one endpoint; a duplicate is a second delivery of its own.
    struct Delivery
    {
        qint64 id = 0;
        QString endpointId;
        QString eventId;
        QString eventType;
        QByteArray body;          // Stripe: the event; Adyen: signed at each attempt
        nlohmann::json adyenItem; // Adyen: the unsigned item; null for Stripe
        int attempt = 1;
    };
    struct Attempt
    {
        qint64 seq = 0;
        Delivery delivery;
        QString url;
        std::optional<int> status;
        QString error;
        QString fault;
        QString outcome; // delivered | retrying | gave_up
        qint64 signatureT = 0;
        QDateTime at;
    };
    struct Held // a delivery the reorder fault keeps back until the endpoint's next one
    {
        Delivery delivery;
        QString fault;
    };

    void begin(Delivery delivery);
    void send(Delivery delivery, const QString &fault, FaultMode mode);
    QNetworkRequest requestFor(const WebhookEndpoint &e, const Delivery &delivery, FaultMode mode,
                               qint64 t, QByteArray &body) const;
    void finish(const Delivery &delivery, QNetworkReply *reply, const QString &fault,
                FaultMode mode, qint64 t, const QString &url);
    void hold(Delivery delivery, const QString &fault, int maxHoldMs);
    void releaseHeld(const QString &endpointId, qint64 heldId = 0);
    const WebhookEndpoint *endpoint(const QString &id) const;
    void later(int ms, std::function<void()> fn);

    SimWorld &m_world;
    FaultTable &m_faults;
    QNetworkAccessManager m_network;
    std::vector<WebhookEndpoint> m_endpoints;
    QHash<QString, Held> m_held; // endpoint id → held delivery
    std::deque<Attempt> m_attempts;
    qint64 m_nextDelivery = 1;
    qint64 m_nextSeq = 1;
    qint64 m_nextEndpoint = 1;
    quint64 m_generation = 0; // bumped when endpoints go: their pending work is dropped
};

} // namespace ops::sim
