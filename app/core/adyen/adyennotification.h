#pragma once

// Adyen's standard notifications (docs/adyen.md) as pure functions: Qt Core
// and nlohmann/json only, so tests/fuzz compiles this file alone.
//
// A batch is {"live":"true"|"false","notificationItems":[{"NotificationRequestItem":{…}}]}.
// Each item is signed on its own: HMAC-SHA256 under the hex-decoded key over
//   pspReference:originalReference:merchantAccountCode:merchantReference:value:currency:
//   eventCode:success
// (absent fields as empty text), base64, in additionalData.hmacSignature.
//
// checkAdyenBatch() is the whole check a receiver makes before storing anything. It refuses the
// entire batch when any one item is wrong, so a batch is stored whole or not at all.

#include <QByteArray>
#include <QList>
#include <QString>
#include <QStringList>
#include <nlohmann/json.hpp>
#include <optional>
#include <variant>
#include <vector>

namespace ops {

struct AdyenItem
{
    QString eventCode; // REFUND, REFUND_FAILED, REFUNDED_REVERSED, AUTHORISATION, CAPTURE, …
    QString pspReference;
    QString originalReference; // for a refund: the payment's pspReference
    QString merchantAccountCode;
    QString merchantReference; // for our refunds: the operation id (rule 10)
    qint64 value = 0;          // minor units
    QString currency;
    bool success = false;
    QString reason;
    QString eventDate;
    QByteArray hmacSignature; // base64, as sent
    nlohmann::json raw;       // the NotificationRequestItem object as received
};

struct AdyenBatch
{
    bool live = false;
    std::vector<AdyenItem> items;
};

// Why a batch was refused; the receiver answers `status` and logs/counts `code`.
struct AdyenRefusal
{
    int status = 400;
    QString code;    // too_large, malformed, too_many_items, unknown_event, bad_amount,
                     // missing_signature, bad_signature, wrong_merchant, live_mismatch, no_key
    QString message; // for the sender: which item and what is wrong; never a key
};

struct AdyenExpectation
{
    QList<QByteArray> hmacKeys;   // hex; more than one while a key is rotated
    QStringList merchantAccounts; // the accounts this desk refunds for
    bool live = false;            // the mode of our API key
};

inline constexpr qsizetype kAdyenMaxBatchBytes = 1024 * 1024;
inline constexpr qsizetype kAdyenMaxItems = 100;

// The event codes a receiver stores; any other code refuses the (signed) batch.
bool isKnownAdyenEvent(const QString &eventCode);

// The signed text of one item (fields exactly as sent).
QByteArray adyenSigningText(const AdyenItem &item);
// Base64 HMAC-SHA256 of `text` under the hex-decoded key; empty when the key is not even-length
// hex.
QByteArray adyenHmac(const QByteArray &hexKey, const QByteArray &text);
// True when the item's signature matches any of the keys, compared in constant time.
bool adyenSignatureValid(const AdyenItem &item, const QList<QByteArray> &hexKeys);

// A batch as Adyen sends it, every item signed under `hexKey`: the tests' own notifications
// (provider-sim signs its deliveries with its own code). Empty fields are left out, as Adyen
// leaves them out.
QByteArray signedAdyenBatch(const std::vector<AdyenItem> &items, const QByteArray &hexKey,
                            bool live);

// One stored NotificationRequestItem read back (the receiver stores each item's object as
// received); nullopt when it is not one. No signature is checked here.
std::optional<AdyenItem> adyenItemFromJson(const nlohmann::json &object);
// The refund family: REFUND, REFUND_FAILED, REFUNDED_REVERSED and CANCEL_OR_REFUND.
bool isAdyenRefundEvent(const QString &eventCode);
// The item's eventDate (ISO 8601 with an offset, as Adyen sends it) in unix seconds; 0 when it
// has none or it does not parse.
qint64 adyenEventSeconds(const AdyenItem &item);

// Shape only: a batch, or why not. No signature is checked here.
std::variant<AdyenBatch, AdyenRefusal> parseAdyenBatch(const QByteArray &body);
// Shape, then every item's signature, then its event code and merchant account, then the
// batch's mode: nothing about what this receiver takes is told to an unsigned sender.
std::variant<AdyenBatch, AdyenRefusal> checkAdyenBatch(const QByteArray &body,
                                                       const AdyenExpectation &expected);

} // namespace ops
