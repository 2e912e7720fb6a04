#include "stripe/stripeobjects.h"

#include "transport/jsonfields.h"

#include <nlohmann/json.hpp>

using nlohmann::json;

namespace ops {

namespace {

using jsonfields::flag;
using jsonfields::integer;
using jsonfields::parseObject;
using jsonfields::text;

std::optional<StripeRefund> refundFrom(const json &j)
{
    if (text(j, "object") != QLatin1String("refund") || text(j, "id").isEmpty())
        return std::nullopt;
    const auto amount = integer(j, "amount");
    if (!amount)
        return std::nullopt;
    StripeRefund r;
    r.id = text(j, "id");
    r.amount = *amount;
    r.charge = text(j, "charge");
    r.currency = text(j, "currency");
    r.status = text(j, "status");
    r.failureReason = text(j, "failure_reason");
    r.created = integer(j, "created").value_or(0);
    if (const auto m = j.find("metadata"); m != j.end() && m->is_object()) {
        for (const auto &[k, v] : m->items()) {
            if (v.is_string())
                r.metadata.insert(QString::fromStdString(k),
                                  QString::fromStdString(v.get<std::string>()));
        }
    }
    return r;
}

} // namespace

std::optional<StripeError> parseStripeError(const QByteArray &body)
{
    const auto j = parseObject(body);
    if (!j)
        return std::nullopt;
    const auto e = j->find("error");
    if (e == j->end() || !e->is_object())
        return std::nullopt;
    return StripeError{text(*e, "type"), text(*e, "code"), text(*e, "message"), text(*e, "param")};
}

std::optional<StripeRefund> parseStripeRefund(const QByteArray &body)
{
    const auto j = parseObject(body);
    return j ? refundFrom(*j) : std::nullopt;
}

std::optional<StripeCharge> parseStripeCharge(const QByteArray &body)
{
    const auto j = parseObject(body);
    if (!j || text(*j, "object") != QLatin1String("charge"))
        return std::nullopt;
    const auto amount = integer(*j, "amount");
    const auto refunded = integer(*j, "amount_refunded");
    if (!amount || !refunded || text(*j, "id").isEmpty())
        return std::nullopt;
    const auto flag = j->find("refunded");
    return StripeCharge{text(*j, "id"), *amount, *refunded,
                        flag != j->end() && flag->is_boolean() && flag->get<bool>(),
                        text(*j, "currency")};
}

std::optional<StripePaymentIntent> parseStripePaymentIntent(const QByteArray &body)
{
    const auto j = parseObject(body);
    if (!j || text(*j, "object") != QLatin1String("payment_intent") || text(*j, "id").isEmpty())
        return std::nullopt;
    QString charge = text(*j, "latest_charge");
    if (const auto it = j->find("latest_charge"); it != j->end() && it->is_object())
        charge = text(*it, "id");
    return StripePaymentIntent{text(*j, "id"), charge, text(*j, "currency")};
}

std::optional<StripeRefundList> parseStripeRefundList(const QByteArray &body)
{
    const auto j = parseObject(body);
    if (!j || text(*j, "object") != QLatin1String("list"))
        return std::nullopt;
    const auto data = j->find("data");
    if (data == j->end() || !data->is_array())
        return std::nullopt;
    StripeRefundList list;
    for (const auto &item : *data) {
        auto r = refundFrom(item);
        if (!r)
            return std::nullopt;
        list.data.push_back(std::move(*r));
    }
    const auto more = j->find("has_more");
    list.hasMore = more != j->end() && more->is_boolean() && more->get<bool>();
    return list;
}

} // namespace ops
