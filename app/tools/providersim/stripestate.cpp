#include "providersim/stripestate.h"

#include <QRandomGenerator>
#include <algorithm>

namespace ops::sim {

namespace {

nlohmann::json nullable(const QString &s)
{
    return s.isEmpty() ? nlohmann::json(nullptr) : nlohmann::json(s.toStdString());
}

QString str(const nlohmann::json &j, const char *name)
{
    const auto it = j.find(name);
    return it != j.end() && it->is_string() ? QString::fromStdString(it->get<std::string>())
                                            : QString();
}

} // namespace

nlohmann::json StripeCharge::toJson() const
{
    return {
        {"id", id.toStdString()},
        {"object", "charge"},
        {"amount", amount},
        {"amount_captured", amount},
        {"amount_refunded", amountRefunded},
        {"captured", true},
        {"created", created},
        {"currency", currency.toStdString()},
        {"livemode", false},
        {"metadata", nlohmann::json::object()},
        {"paid", true},
        {"payment_intent", nullable(paymentIntent)},
        {"refunded", amount > 0 && amountRefunded >= amount},
        {"status", "succeeded"},
    };
}

nlohmann::json StripeRefund::toJson() const
{
    return {
        {"id", id.toStdString()},
        {"object", "refund"},
        {"amount", amount},
        {"balance_transaction", nullptr},
        {"charge", charge.toStdString()},
        {"created", created},
        {"currency", currency.toStdString()},
        {"failure_reason", nullable(failureReason)},
        {"metadata", metadata},
        {"payment_intent", nullable(paymentIntent)},
        {"reason", nullable(reason)},
        {"receipt_number", nullptr},
        {"status", status.toStdString()},
    };
}

nlohmann::json StripeEvent::toJson() const
{
    nlohmann::json data = {{"object", object}};
    if (!previousAttributes.is_null())
        data["previous_attributes"] = previousAttributes;
    return {
        {"id", id.toStdString()},
        {"object", "event"},
        {"api_version", apiVersion},
        {"created", created},
        {"data", data},
        {"livemode", false},
        {"pending_webhooks", 0},
        {"request",
         {{"id", nullable(requestId)},
          {"idempotency_key",
           idempotencyKey ? nlohmann::json(idempotencyKey->toStdString()) : nullptr}}},
        {"type", type.toStdString()},
    };
}

nlohmann::json previousAttributes(const nlohmann::json &before, const nlohmann::json &after)
{
    nlohmann::json previous = nlohmann::json::object();
    for (auto it = after.begin(); it != after.end(); ++it) {
        const auto old = before.find(it.key());
        const nlohmann::json oldValue = old == before.end() ? nlohmann::json() : *old;
        if (oldValue == *it)
            continue;
        if (!oldValue.is_object() || !it->is_object()) {
            previous[it.key()] = oldValue;
            continue;
        }
        nlohmann::json keys = nlohmann::json::object();
        for (auto k = oldValue.begin(); k != oldValue.end(); ++k) {
            if (!it->contains(k.key()) || (*it)[k.key()] != *k)
                keys[k.key()] = *k;
        }
        for (auto k = it->begin(); k != it->end(); ++k) {
            if (!oldValue.contains(k.key()))
                keys[k.key()] = nullptr;
        }
        previous[it.key()] = keys;
    }
    return previous;
}

void StripeState::seed(const nlohmann::json &seed, qint64 nowSecs)
{
    const auto charges = seed.find("charges");
    if (charges == seed.end() || !charges->is_array())
        return;
    for (const auto &c : *charges) {
        StripeCharge charge;
        charge.id = str(c, "id");
        if (charge.id.isEmpty())
            continue;
        charge.amount = c.value("amount", qint64(0));
        charge.amountRefunded = c.value("amount_refunded", qint64(0));
        charge.currency = str(c, "currency").toLower();
        if (charge.currency.isEmpty())
            charge.currency = QStringLiteral("usd");
        charge.paymentIntent = str(c, "payment_intent");
        charge.created = c.value("created", nowSecs);
        if (const QString s = str(c, "refund_status"); !s.isEmpty())
            charge.refundStatus = s;
        charge.refundFailureReason = str(c, "refund_failure_reason");
        m_charges.insert(charge.id, charge);
    }
}

void StripeState::clear()
{
    m_charges.clear();
    m_refunds.clear();
    m_refundIndex.clear();
    m_events.clear();
}

StripeCharge *StripeState::charge(const QString &id)
{
    const auto it = m_charges.find(id);
    return it == m_charges.end() ? nullptr : &*it;
}

StripeCharge *StripeState::chargeForPaymentIntent(const QString &paymentIntent)
{
    for (auto &c : m_charges) {
        if (!paymentIntent.isEmpty() && c.paymentIntent == paymentIntent)
            return &c;
    }
    return nullptr;
}

const StripeRefund *StripeState::refund(const QString &id) const
{
    const auto it = m_refundIndex.constFind(id);
    return it == m_refundIndex.constEnd() ? nullptr : &m_refunds[*it];
}

StripeRefund *StripeState::refund(const QString &id)
{
    const auto it = m_refundIndex.constFind(id);
    return it == m_refundIndex.constEnd() ? nullptr : &m_refunds[*it];
}

StripeRefund &StripeState::addRefund(StripeRefund refund)
{
    m_refundIndex.insert(refund.id, m_refunds.size());
    m_refunds.push_back(std::move(refund));
    return m_refunds.back();
}

const StripeEvent &StripeState::addEvent(const QString &type, nlohmann::json object, qint64 created,
                                         const EventCause &cause, nlohmann::json previous)
{
    StripeEvent e;
    e.id = nextId("evt_");
    e.type = type;
    e.created = created;
    e.object = std::move(object);
    e.previousAttributes = std::move(previous);
    e.requestId = cause.requestId;
    e.idempotencyKey = cause.idempotencyKey;
    m_events.push_back(std::move(e));
    if (m_sink)
        m_sink(m_events.back());
    return m_events.back();
}

const StripeEvent *StripeState::event(const QString &id) const
{
    for (const StripeEvent &e : m_events) {
        if (e.id == id)
            return &e;
    }
    return nullptr;
}

void StripeState::pruneEvents(qint64 nowSecs)
{
    std::erase_if(m_events, [nowSecs](const StripeEvent &e) {
        return nowSecs - e.created > eventRetentionSecs;
    });
}

std::vector<const StripeRefund *> StripeState::refundsNewestFirst() const
{
    // Creation order is time order (the clock only moves forward between refunds in
    // practice); reverse it rather than sort by `created`, which ties within a second.
    std::vector<const StripeRefund *> out;
    out.reserve(m_refunds.size());
    for (auto it = m_refunds.rbegin(); it != m_refunds.rend(); ++it)
        out.push_back(&*it);
    return out;
}

std::vector<const StripeEvent *> StripeState::eventsNewestFirst() const
{
    std::vector<const StripeEvent *> out;
    out.reserve(m_events.size());
    for (auto it = m_events.rbegin(); it != m_events.rend(); ++it)
        out.push_back(&*it);
    return out;
}

QString StripeState::nextId(const char *prefix)
{
    // Counter first (readable, ordered), then random characters so ids stay unique across a
    // reset of the simulator, like Stripe's opaque ids: re_000001Xk3…
    static const char alphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
    QString id =
        QString::fromLatin1(prefix) + QStringLiteral("%1").arg(m_nextId++, 6, 10, QLatin1Char('0'));
    for (int i = 0; i < 12; ++i)
        id += QLatin1Char(alphabet[QRandomGenerator::global()->bounded(62)]);
    return id;
}

} // namespace ops::sim
