#include "providersim/webhookdispatcher.h"

#include "providersim/simlog.h"
#include "providersim/simtypes.h"

#include <QNetworkReply>
#include <QNetworkRequest>
#include <QTimer>

namespace ops::sim {

namespace {

nlohmann::json nullable(const QString &s)
{
    return s.isEmpty() ? nlohmann::json(nullptr) : nlohmann::json(s.toStdString());
}

} // namespace

WebhookDispatcher::WebhookDispatcher(SimWorld &world, FaultTable &faults, QObject *parent)
    : QObject(parent)
    , m_world(world)
    , m_faults(faults)
{}

std::variant<nlohmann::json, QString> WebhookDispatcher::addEndpoint(const nlohmann::json &body)
{
    auto parsed = WebhookEndpoint::fromJson(body);
    if (auto *error = std::get_if<QString>(&parsed))
        return *error;
    WebhookEndpoint endpoint = std::get<WebhookEndpoint>(std::move(parsed));
    endpoint.id = QStringLiteral("we_%1").arg(m_nextEndpoint++, 6, 10, QLatin1Char('0'));
    m_endpoints.push_back(endpoint);
    qCInfo(lcSim) << "webhook endpoint" << endpoint.id << endpoint.url.toString()
                  << endpoint.events;
    return endpoint.toJson();
}

void WebhookDispatcher::removeEndpoints()
{
    ++m_generation;
    m_endpoints.clear();
    m_held.clear();
    // abort() finishes each reply at once; its handler sees the new generation and records
    // nothing.
    const auto replies = m_network.findChildren<QNetworkReply *>();
    for (QNetworkReply *reply : replies)
        reply->abort();
}

void WebhookDispatcher::clear()
{
    removeEndpoints();
    clearAttempts();
}

void WebhookDispatcher::publish(const StripeEvent &event)
{
    // Stripe sends its event bodies indented; a receiver must verify the raw bytes anyway.
    const QByteArray body = QByteArray::fromStdString(
        event.toJson().dump(2, ' ', false, nlohmann::json::error_handler_t::replace));
    for (const WebhookEndpoint &e : m_endpoints) {
        if (e.format != WebhookEndpoint::Format::Stripe || !e.accepts(event.type))
            continue;
        Delivery d;
        d.id = m_nextDelivery++;
        d.endpointId = e.id;
        d.eventId = event.id;
        d.eventType = event.type;
        d.body = body;
        begin(d);
    }
}

void WebhookDispatcher::publishAdyen(const nlohmann::json &item)
{
    const auto text = [&item](const char *name) {
        const auto it = item.find(name);
        return it != item.end() && it->is_string() ? QString::fromStdString(it->get<std::string>())
                                                   : QString();
    };
    const QString code = text("eventCode");
    const QString psp = text("pspReference");
    for (const WebhookEndpoint &e : m_endpoints) {
        if (e.format != WebhookEndpoint::Format::Adyen || !e.accepts(code))
            continue;
        Delivery d;
        d.id = m_nextDelivery++;
        d.endpointId = e.id;
        d.eventId = psp + u':' + code;
        d.eventType = code;
        d.adyenItem = item;
        begin(d);
    }
}

void WebhookDispatcher::begin(Delivery delivery)
{
    // Duplicating or reordering is about the first delivery of an event; a retry may still be
    // delayed, ignored or badly signed.
    const bool first = delivery.attempt == 1;
    const FaultDecision f = m_faults.decideWebhook([first](FaultMode mode) {
        return first || (mode != FaultMode::WebhookDuplicate && mode != FaultMode::WebhookReorder);
    });
    const FaultMode mode = f.fault.mode;
    switch (mode) {
    case FaultMode::WebhookDuplicate: {
        Delivery copy = delivery;
        copy.id = m_nextDelivery++;
        later(0, [this, delivery, f] { send(delivery, f.name, FaultMode::None); });
        later(0, [this, copy, f] { send(copy, f.name, FaultMode::None); });
        return;
    }
    case FaultMode::WebhookReorder:
        hold(delivery, f.name, qMax(0, f.fault.delayMs));
        return;
    case FaultMode::WebhookDelay:
        later(qMax(0, f.fault.delayMs),
              [this, delivery, f] { send(delivery, f.name, f.fault.mode); });
        return;
    default:
        later(0, [this, delivery, f] { send(delivery, f.name, f.fault.mode); });
        return;
    }
}

void WebhookDispatcher::hold(Delivery delivery, const QString &fault, int maxHoldMs)
{
    // One held delivery per endpoint: a second reorder lets the first one go.
    releaseHeld(delivery.endpointId);
    const qint64 id = delivery.id;
    const QString endpointId = delivery.endpointId;
    m_held.insert(endpointId, Held{delivery, fault});
    later(maxHoldMs, [this, endpointId, id] { releaseHeld(endpointId, id); });
}

void WebhookDispatcher::releaseHeld(const QString &endpointId, qint64 heldId)
{
    const auto it = m_held.find(endpointId);
    if (it == m_held.end() || (heldId != 0 && it->delivery.id != heldId))
        return;
    const Held held = *it;
    m_held.erase(it);
    send(held.delivery, held.fault, FaultMode::WebhookReorder);
}

void WebhookDispatcher::send(Delivery delivery, const QString &fault, FaultMode mode)
{
    const WebhookEndpoint *e = endpoint(delivery.endpointId);
    if (!e)
        return;
    const qint64 t = m_world.clock.nowSecs();
    QByteArray body;
    const QNetworkRequest request = requestFor(*e, delivery, mode, t, body);
    QNetworkReply *reply = m_network.post(request, body);
    const quint64 generation = m_generation;
    const QString url = e->url.toString();
    connect(reply, &QNetworkReply::finished, this,
            [this, reply, generation, delivery, fault, mode, t, url] {
                reply->deleteLater();
                if (generation == m_generation)
                    finish(delivery, reply, fault, mode, t, url);
            });
}

// The request of one attempt, and its body: Stripe's event with the signature in a header, or an
// Adyen batch whose item carries its signature. The bad_signature fault signs with a wrong secret
// or key.
QNetworkRequest WebhookDispatcher::requestFor(const WebhookEndpoint &e, const Delivery &delivery,
                                              FaultMode mode, qint64 t, QByteArray &body) const
{
    const bool forged = mode == FaultMode::WebhookBadSignature;
    QNetworkRequest request(e.url);
    request.setRawHeader("Content-Type", "application/json; charset=utf-8");
    if (!delivery.adyenItem.is_null()) {
        // A leading byte, not a trailing one: HMAC pads a short key with zero bytes.
        const QByteArray key = forged ? "ff" + e.hmacKey : e.hmacKey;
        body = adyenSignedBatch(delivery.adyenItem, key);
        request.setRawHeader("User-Agent", "Adyen HttpClient 1.0 (provider-sim)");
    } else {
        const QByteArray secret = forged ? e.secret + "-not-the-secret" : e.secret;
        body = delivery.body;
        request.setRawHeader("User-Agent", "Stripe/1.0 (+https://stripe.com/docs/webhooks)");
        request.setRawHeader("Stripe-Signature", stripeSignatureHeader(secret, t, body));
    }
    // A redirect is not a delivery (Stripe counts 3xx as a failure).
    request.setAttribute(QNetworkRequest::RedirectPolicyAttribute,
                         QNetworkRequest::ManualRedirectPolicy);
    request.setTransferTimeout(e.timeoutMs);
    return request;
}

void WebhookDispatcher::finish(const Delivery &delivery, QNetworkReply *reply, const QString &fault,
                               FaultMode mode, qint64 t, const QString &url)
{
    Attempt a;
    a.seq = m_nextSeq++;
    a.delivery = delivery;
    a.url = url;
    a.fault = fault;
    a.signatureT = t;
    a.at = m_world.clock.now();
    const QVariant code = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute);
    if (code.isValid())
        a.status = code.toInt();
    else
        a.error = reply->error() == QNetworkReply::OperationCanceledError
                      ? QStringLiteral("timeout")
                      : reply->errorString();
    const bool delivered =
        a.status && *a.status >= 200 && *a.status < 300 && mode != FaultMode::WebhookFailEndpoint;
    const WebhookEndpoint *e = endpoint(delivery.endpointId);
    if (delivered)
        a.outcome = QStringLiteral("delivered");
    else if (e && delivery.attempt < e->maxAttempts)
        a.outcome = QStringLiteral("retrying");
    else
        a.outcome = QStringLiteral("gave_up");
    qCInfo(lcSim) << "webhook" << delivery.eventId << delivery.eventType << "to" << url << "attempt"
                  << delivery.attempt << (a.status ? *a.status : 0) << a.error << a.fault
                  << a.outcome;
    m_attempts.push_back(a);
    while (m_attempts.size() > maxAttemptsKept)
        m_attempts.pop_front();

    if (a.outcome == QLatin1String("retrying")) {
        Delivery next = delivery;
        ++next.attempt;
        later(e->retryDelayMs(next.attempt), [this, next] { begin(next); });
    }
    // The delivery held back by a reorder goes right after a later one has been answered.
    const auto held = m_held.constFind(delivery.endpointId);
    if (held != m_held.constEnd() && held->delivery.id < delivery.id)
        releaseHeld(delivery.endpointId);
}

const WebhookEndpoint *WebhookDispatcher::endpoint(const QString &id) const
{
    for (const WebhookEndpoint &e : m_endpoints) {
        if (e.id == id)
            return &e;
    }
    return nullptr;
}

void WebhookDispatcher::later(int ms, std::function<void()> fn)
{
    const quint64 generation = m_generation;
    QTimer::singleShot(ms, this, [this, generation, fn = std::move(fn)] {
        if (generation == m_generation)
            fn();
    });
}

nlohmann::json WebhookDispatcher::endpointsJson() const
{
    nlohmann::json list = nlohmann::json::array();
    for (const WebhookEndpoint &e : m_endpoints)
        list.push_back(e.toJson());
    return {{"endpoints", list}};
}

nlohmann::json WebhookDispatcher::attemptsJson() const
{
    nlohmann::json list = nlohmann::json::array();
    for (const Attempt &a : m_attempts) {
        list.push_back({{"seq", a.seq},
                        {"delivery", a.delivery.id},
                        {"event", a.delivery.eventId.toStdString()},
                        {"type", a.delivery.eventType.toStdString()},
                        {"endpoint", a.delivery.endpointId.toStdString()},
                        {"url", a.url.toStdString()},
                        {"attempt", a.delivery.attempt},
                        {"status", a.status ? nlohmann::json(*a.status) : nlohmann::json()},
                        {"error", nullable(a.error)},
                        {"fault", nullable(a.fault)},
                        {"outcome", a.outcome.toStdString()},
                        {"signature_t", a.signatureT},
                        {"at", a.at.toString(Qt::ISODateWithMs).toStdString()}});
    }
    return {{"deliveries", list}};
}

} // namespace ops::sim
