#include "stripe/stripeevents.h"

#include "transport/jsonfields.h"

#include <nlohmann/json.hpp>

using nlohmann::json;

namespace ops {

namespace {

using jsonfields::integer;
using jsonfields::parseObject;
using jsonfields::text;

QByteArray bytesOf(const json &j)
{
    return QByteArray::fromStdString(j.dump(2));
}

std::optional<StripeEvent> eventFrom(const json &j, QByteArray raw)
{
    if (!j.is_object() || text(j, "object") != QLatin1String("event"))
        return std::nullopt;
    const auto created = integer(j, "created");
    const auto live = j.find("livemode");
    const auto data = j.find("data");
    if (text(j, "id").isEmpty() || text(j, "type").isEmpty() || !created || live == j.end() ||
        !live->is_boolean() || data == j.end() || !data->is_object())
        return std::nullopt;
    const auto object = data->find("object");
    if (object == data->end() || !object->is_object())
        return std::nullopt;
    StripeEvent e;
    e.id = text(j, "id");
    e.type = text(j, "type");
    e.created = *created;
    e.livemode = live->get<bool>();
    e.objectType = text(*object, "object");
    e.objectId = text(*object, "id");
    e.objectStatus = text(*object, "status");
    if (e.objectType == QLatin1String("refund"))
        e.refund = parseStripeRefund(bytesOf(*object));
    if (const auto request = j.find("request"); request != j.end() && request->is_object()) {
        e.requestId = text(*request, "id");
        e.idempotencyKey = text(*request, "idempotency_key");
    }
    e.raw = std::move(raw);
    return e;
}

} // namespace

std::optional<StripeEvent> parseStripeEvent(const QByteArray &body)
{
    const auto j = parseObject(body);
    return j ? eventFrom(*j, body) : std::nullopt;
}

std::optional<StripeEventList> parseStripeEventList(const QByteArray &body)
{
    const auto j = parseObject(body);
    if (!j || text(*j, "object") != QLatin1String("list"))
        return std::nullopt;
    const auto data = j->find("data");
    if (data == j->end() || !data->is_array())
        return std::nullopt;
    StripeEventList list;
    for (const auto &item : *data) {
        auto e = eventFrom(item, bytesOf(item));
        if (!e)
            return std::nullopt;
        list.data.push_back(std::move(*e));
    }
    const auto more = j->find("has_more");
    list.hasMore = more != j->end() && more->is_boolean() && more->get<bool>();
    return list;
}

} // namespace ops
