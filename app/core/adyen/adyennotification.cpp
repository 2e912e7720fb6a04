#include "adyen/adyennotification.h"

#include "transport/constanttime.h"
#include "transport/jsonfields.h"

#include <QDateTime>
#include <QMessageAuthenticationCode>
#include <cctype>

using namespace Qt::StringLiterals;

namespace ops {

namespace {

AdyenRefusal refusal(int status, const QString &code, const QString &message)
{
    return AdyenRefusal{status, code, message};
}

QString itemLabel(std::size_t index)
{
    return u"notificationItems[%1]"_s.arg(index);
}

// Adyen sends booleans as the strings "true" and "false"; a JSON boolean is taken as well.
std::optional<bool> flagText(const nlohmann::json &j, const char *key)
{
    const auto it = j.find(key);
    if (it == j.end())
        return std::nullopt;
    if (it->is_boolean())
        return it->get<bool>();
    if (!it->is_string())
        return std::nullopt;
    const std::string text = it->get<std::string>();
    if (text == "true")
        return true;
    if (text == "false")
        return false;
    return std::nullopt;
}

bool isCurrency(const QString &code)
{
    if (code.size() != 3)
        return false;
    for (const QChar c : code) {
        if (c < u'A' || c > u'Z')
            return false;
    }
    return true;
}

std::optional<AdyenRefusal> readAmount(const nlohmann::json &object, AdyenItem &item,
                                       const QString &where)
{
    const auto amount = object.find("amount");
    if (amount == object.end() || !amount->is_object())
        return refusal(400, u"bad_amount"_s, where + u": amount {value, currency} is required"_s);
    const auto value = jsonfields::integer(*amount, "value");
    if (!value || *value < 0)
        return refusal(400, u"bad_amount"_s,
                       where + u": amount.value must be a whole number of minor units"_s);
    item.value = *value;
    item.currency = jsonfields::text(*amount, "currency");
    if (!isCurrency(item.currency))
        return refusal(400, u"bad_amount"_s,
                       where + u": amount.currency must be a three-letter ISO code"_s);
    return std::nullopt;
}

std::variant<AdyenItem, AdyenRefusal> readItem(const nlohmann::json &wrapper, std::size_t index)
{
    const QString where = itemLabel(index);
    const auto object = wrapper.is_object() ? wrapper.find("NotificationRequestItem")
                                            : nlohmann::json::const_iterator();
    if (!wrapper.is_object() || object == wrapper.end() || !object->is_object())
        return refusal(400, u"malformed"_s, where + u" has no NotificationRequestItem object"_s);
    AdyenItem item;
    item.raw = *object;
    item.eventCode = jsonfields::text(*object, "eventCode");
    item.pspReference = jsonfields::text(*object, "pspReference");
    item.originalReference = jsonfields::text(*object, "originalReference");
    item.merchantAccountCode = jsonfields::text(*object, "merchantAccountCode");
    item.merchantReference = jsonfields::text(*object, "merchantReference");
    item.reason = jsonfields::text(*object, "reason");
    item.eventDate = jsonfields::text(*object, "eventDate");
    if (item.eventCode.isEmpty() || item.pspReference.isEmpty() ||
        item.merchantAccountCode.isEmpty())
        return refusal(400, u"malformed"_s,
                       where + u": eventCode, pspReference and merchantAccountCode are required"_s);
    if (isAdyenRefundEvent(item.eventCode) && item.originalReference.isEmpty())
        return refusal(400, u"malformed"_s,
                       where + u": a refund event needs the payment's originalReference"_s);
    const auto success = flagText(*object, "success");
    if (!success)
        return refusal(400, u"malformed"_s, where + u": success must be \"true\" or \"false\""_s);
    item.success = *success;
    if (auto bad = readAmount(*object, item, where))
        return *bad;
    const auto extra = object->find("additionalData");
    if (extra != object->end() && extra->is_object())
        item.hmacSignature = jsonfields::text(*extra, "hmacSignature").toLatin1();
    return item;
}

} // namespace

bool isAdyenRefundEvent(const QString &eventCode)
{
    return eventCode == u"REFUND"_s || eventCode == u"REFUND_FAILED"_s ||
           eventCode == u"REFUNDED_REVERSED"_s || eventCode == u"CANCEL_OR_REFUND"_s;
}

std::optional<AdyenItem> adyenItemFromJson(const nlohmann::json &object)
{
    auto item = readItem(nlohmann::json{{"NotificationRequestItem", object}}, 0);
    if (auto *read = std::get_if<AdyenItem>(&item))
        return std::move(*read);
    return std::nullopt;
}

qint64 adyenEventSeconds(const AdyenItem &item)
{
    const QDateTime at = QDateTime::fromString(item.eventDate, Qt::ISODate);
    return at.isValid() ? at.toSecsSinceEpoch() : 0;
}

bool isKnownAdyenEvent(const QString &eventCode)
{
    static const QStringList known = {
        u"AUTHORISATION"_s,    u"CAPTURE"_s, u"CAPTURE_FAILED"_s, u"CANCELLATION"_s,
        u"CANCEL_OR_REFUND"_s, u"REFUND"_s,  u"REFUND_FAILED"_s,  u"REFUNDED_REVERSED"_s};
    return known.contains(eventCode);
}

QByteArray adyenSigningText(const AdyenItem &item)
{
    const QStringList fields = {item.pspReference,
                                item.originalReference,
                                item.merchantAccountCode,
                                item.merchantReference,
                                QString::number(item.value),
                                item.currency,
                                item.eventCode,
                                item.success ? u"true"_s : u"false"_s};
    return fields.join(u':').toUtf8();
}

QByteArray adyenHmac(const QByteArray &hexKey, const QByteArray &text)
{
    if (hexKey.isEmpty() || hexKey.size() % 2 != 0)
        return {};
    for (const char c : hexKey) {
        if (!std::isxdigit(static_cast<unsigned char>(c)))
            return {};
    }
    const QByteArray key = QByteArray::fromHex(hexKey);
    return QMessageAuthenticationCode::hash(text, key, QCryptographicHash::Sha256).toBase64();
}

bool adyenSignatureValid(const AdyenItem &item, const QList<QByteArray> &hexKeys)
{
    if (item.hmacSignature.isEmpty())
        return false;
    const QByteArray text = adyenSigningText(item);
    bool valid = false;
    // Every key is tried, so the time does not say which one matched.
    for (const QByteArray &key : hexKeys) {
        const QByteArray expected = adyenHmac(key, text);
        valid = (!expected.isEmpty() && sameBytes(item.hmacSignature, expected)) || valid;
    }
    return valid;
}

QByteArray signedAdyenBatch(const std::vector<AdyenItem> &items, const QByteArray &hexKey,
                            bool live)
{
    nlohmann::json list = nlohmann::json::array();
    for (const AdyenItem &item : items) {
        nlohmann::json object = {
            {"eventCode", item.eventCode.toStdString()},
            {"pspReference", item.pspReference.toStdString()},
            {"merchantAccountCode", item.merchantAccountCode.toStdString()},
            {"success", item.success ? "true" : "false"},
            {"amount", {{"value", item.value}, {"currency", item.currency.toStdString()}}},
            {"additionalData",
             {{"hmacSignature", adyenHmac(hexKey, adyenSigningText(item)).toStdString()}}}};
        const std::pair<const char *, QString> extras[] = {
            {"originalReference", item.originalReference},
            {"merchantReference", item.merchantReference},
            {"reason", item.reason},
            {"eventDate", item.eventDate}};
        for (const auto &[name, value] : extras) {
            if (!value.isEmpty())
                object[name] = value.toStdString();
        }
        list.push_back({{"NotificationRequestItem", object}});
    }
    const nlohmann::json batch = {{"live", live ? "true" : "false"}, {"notificationItems", list}};
    return QByteArray::fromStdString(
        batch.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace));
}

std::variant<AdyenBatch, AdyenRefusal> parseAdyenBatch(const QByteArray &body)
{
    if (body.size() > kAdyenMaxBatchBytes)
        return refusal(413, u"too_large"_s, u"a notification body is at most 1 MiB"_s);
    const auto json = jsonfields::parseObject(body);
    if (!json)
        return refusal(400, u"malformed"_s, u"the body is not a JSON object"_s);
    const auto live = flagText(*json, "live");
    if (!live)
        return refusal(400, u"malformed"_s, u"live must be \"true\" or \"false\""_s);
    const auto items = json->find("notificationItems");
    if (items == json->end() || !items->is_array() || items->empty())
        return refusal(400, u"malformed"_s, u"notificationItems must be a non-empty array"_s);
    if (qsizetype(items->size()) > kAdyenMaxItems)
        return refusal(413, u"too_many_items"_s,
                       u"a batch holds at most %1 items; this one has %2"_s.arg(kAdyenMaxItems)
                           .arg(items->size()));
    AdyenBatch batch;
    batch.live = *live;
    for (std::size_t i = 0; i < items->size(); ++i) {
        auto item = readItem((*items)[i], i);
        if (auto *bad = std::get_if<AdyenRefusal>(&item))
            return *bad;
        batch.items.push_back(std::get<AdyenItem>(std::move(item)));
    }
    return batch;
}

std::variant<AdyenBatch, AdyenRefusal> checkAdyenBatch(const QByteArray &body,
                                                       const AdyenExpectation &expected)
{
    if (expected.hmacKeys.isEmpty())
        return refusal(503, u"no_key"_s, u"this receiver has no Adyen HMAC key configured"_s);
    auto parsed = parseAdyenBatch(body);
    if (std::holds_alternative<AdyenRefusal>(parsed))
        return parsed;
    const AdyenBatch &batch = std::get<AdyenBatch>(parsed);
    // Signatures first: nothing about our configuration is told to an unsigned sender.
    for (std::size_t i = 0; i < batch.items.size(); ++i) {
        const AdyenItem &item = batch.items[i];
        if (item.hmacSignature.isEmpty())
            return refusal(401, u"missing_signature"_s,
                           itemLabel(i) + u" has no additionalData.hmacSignature"_s);
        if (!adyenSignatureValid(item, expected.hmacKeys))
            return refusal(401, u"bad_signature"_s,
                           itemLabel(i) + u": the HMAC signature does not match"_s);
    }
    for (std::size_t i = 0; i < batch.items.size(); ++i) {
        if (!isKnownAdyenEvent(batch.items[i].eventCode))
            return refusal(400, u"unknown_event"_s,
                           itemLabel(i) + u": eventCode '%1' is not one this receiver takes"_s.arg(
                                              batch.items[i].eventCode.left(40)));
        if (!expected.merchantAccounts.contains(batch.items[i].merchantAccountCode))
            return refusal(400, u"wrong_merchant"_s,
                           itemLabel(i) + u": merchant account '%1' is not one of ours"_s.arg(
                                              batch.items[i].merchantAccountCode.left(80)));
    }
    if (batch.live != expected.live)
        return refusal(400, u"live_mismatch"_s,
                       batch.live ? u"a live notification reached a test receiver"_s
                                  : u"a test notification reached a live receiver"_s);
    return parsed;
}

} // namespace ops
