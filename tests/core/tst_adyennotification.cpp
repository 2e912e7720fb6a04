// Adyen's notification check (app/core/adyen/adyennotification.h), pure: the signing text and
// HMAC against Adyen's published test vector, key rotation, and every way a batch is refused
// whole (shape, signature, merchant, mode, size, count) with the status a receiver answers.

#include "adyen/adyennotification.h"

#include <QTest>

using namespace Qt::StringLiterals;
using ops::AdyenBatch;
using ops::AdyenItem;
using ops::AdyenRefusal;

namespace {

// The example key and item of Adyen's HMAC documentation and of @adyen/api-library's tests.
const QByteArray kKey = "44782DEF547AAA06C910C43932B1EB0C71FC68D9D0C057550C48EC2ACF6BA056";
const QByteArray kOtherKey = "0F1E2D3C4B5A69788796A5B4C3D2E1F00F1E2D3C4B5A69788796A5B4C3D2E1F0";

AdyenItem refundItem(const QString &psp = u"8835511210681212"_s)
{
    AdyenItem item;
    item.eventCode = u"REFUND"_s;
    item.pspReference = psp;
    item.originalReference = u"DZ4DPSHB4WD2WN82"_s;
    item.merchantAccountCode = u"NorthwindECOM"_s;
    item.merchantReference = u"op_0001"_s;
    item.value = 1200;
    item.currency = u"EUR"_s;
    item.success = true;
    item.eventDate = u"2026-12-05T06:00:00Z"_s;
    return item;
}

ops::AdyenExpectation expectation(QList<QByteArray> keys = {kKey})
{
    return {std::move(keys), {u"NorthwindECOM"_s}, false};
}

QString refusalCode(const std::variant<AdyenBatch, AdyenRefusal> &result)
{
    const auto *refusal = std::get_if<AdyenRefusal>(&result);
    return refusal ? refusal->code : u"accepted"_s;
}

int refusalStatus(const std::variant<AdyenBatch, AdyenRefusal> &result)
{
    const auto *refusal = std::get_if<AdyenRefusal>(&result);
    return refusal ? refusal->status : 200;
}

// A signed batch with one field of its first item replaced after signing (the JSON path is
// "field" or "amount.value").
QByteArray tampered(const QByteArray &batch, const std::string &field, const nlohmann::json &value)
{
    nlohmann::json j = nlohmann::json::parse(batch.toStdString());
    auto &item = j["notificationItems"][0]["NotificationRequestItem"];
    if (field == "amount.value")
        item["amount"]["value"] = value;
    else if (value.is_null())
        item.erase(field);
    else
        item[field] = value;
    return QByteArray::fromStdString(j.dump());
}

} // namespace

class TestAdyenNotification : public QObject
{
    Q_OBJECT

private slots:
    void publishedVectorMatches()
    {
        // Adyen's documented example: pspReference 7914073381342284, no originalReference,
        // TestMerchant, TestPayment-1407325143704, 1130 EUR, AUTHORISATION, true.
        AdyenItem item;
        item.pspReference = u"7914073381342284"_s;
        item.merchantAccountCode = u"TestMerchant"_s;
        item.merchantReference = u"TestPayment-1407325143704"_s;
        item.value = 1130;
        item.currency = u"EUR"_s;
        item.eventCode = u"AUTHORISATION"_s;
        item.success = true;
        QCOMPARE(ops::adyenSigningText(item),
                 "7914073381342284::TestMerchant:TestPayment-1407325143704:1130:EUR:"
                 "AUTHORISATION:true");
        QCOMPARE(ops::adyenHmac(kKey, ops::adyenSigningText(item)),
                 "coqCmt/IZ4E3CzPvMY8zTjQVL5hYJUiBRg8UU+iCWo0=");
        // The key's case does not matter: it is hex.
        QCOMPARE(ops::adyenHmac(kKey.toLower(), ops::adyenSigningText(item)),
                 "coqCmt/IZ4E3CzPvMY8zTjQVL5hYJUiBRg8UU+iCWo0=");
    }

    void keyThatIsNotHexSignsNothing()
    {
        QVERIFY(ops::adyenHmac("", "x").isEmpty());
        QVERIFY(ops::adyenHmac("ABC", "x").isEmpty());  // odd length
        QVERIFY(ops::adyenHmac("GG00", "x").isEmpty()); // not hex
        AdyenItem item = refundItem();
        item.hmacSignature = ops::adyenHmac(kKey, ops::adyenSigningText(item));
        QVERIFY(!ops::adyenSignatureValid(item, {"not hex"}));
    }

    void signedBatchPassesTheWholeCheck()
    {
        const QByteArray body =
            ops::signedAdyenBatch({refundItem(), refundItem(u"8835511210681213"_s)}, kKey, false);
        const auto result = ops::checkAdyenBatch(body, expectation());
        QCOMPARE(refusalCode(result), u"accepted"_s);
        const AdyenBatch &batch = std::get<AdyenBatch>(result);
        QCOMPARE(batch.live, false);
        QCOMPARE(batch.items.size(), std::size_t(2));
        const AdyenItem &first = batch.items[0];
        QCOMPARE(first.eventCode, u"REFUND"_s);
        QCOMPARE(first.originalReference, u"DZ4DPSHB4WD2WN82"_s);
        QCOMPARE(first.merchantReference, u"op_0001"_s);
        QCOMPARE(first.value, 1200);
        QCOMPARE(first.currency, u"EUR"_s);
        QVERIFY(first.success);
        QCOMPARE(QString::fromStdString(first.raw["eventDate"].get<std::string>()),
                 u"2026-12-05T06:00:00Z"_s);
    }

    void rotationAcceptsEitherKey()
    {
        const QByteArray oldSigned = ops::signedAdyenBatch({refundItem()}, kKey, false);
        const QByteArray newSigned = ops::signedAdyenBatch({refundItem()}, kOtherKey, false);
        QCOMPARE(refusalCode(ops::checkAdyenBatch(oldSigned, expectation({kOtherKey, kKey}))),
                 u"accepted"_s);
        QCOMPARE(refusalCode(ops::checkAdyenBatch(newSigned, expectation({kOtherKey, kKey}))),
                 u"accepted"_s);
        QCOMPARE(refusalCode(ops::checkAdyenBatch(newSigned, expectation({kKey}))),
                 u"bad_signature"_s);
    }

    void refusals_data()
    {
        QTest::addColumn<QByteArray>("body");
        QTest::addColumn<QString>("code");
        QTest::addColumn<int>("status");
        const QByteArray good = ops::signedAdyenBatch({refundItem()}, kKey, false);
        QTest::newRow("not json") << QByteArray("[accepted") << u"malformed"_s << 400;
        QTest::newRow("array") << QByteArray("[]") << u"malformed"_s << 400;
        QTest::newRow("live not a flag")
            << QByteArray(R"({"live":"maybe","notificationItems":[]})") << u"malformed"_s << 400;
        QTest::newRow("no items") << QByteArray(R"({"live":"false","notificationItems":[]})")
                                  << u"malformed"_s << 400;
        QTest::newRow("item without wrapper")
            << QByteArray(R"({"live":"false","notificationItems":[{"eventCode":"REFUND"}]})")
            << u"malformed"_s << 400;
        AdyenItem payout = refundItem();
        payout.eventCode = u"PAYOUT_THIRDPARTY"_s;
        QTest::newRow("unknown eventCode, signed")
            << ops::signedAdyenBatch({payout}, kKey, false) << u"unknown_event"_s << 400;
        // Unsigned, the same item learns nothing about the codes this receiver takes.
        QTest::newRow("unknown eventCode, forged")
            << tampered(good, "eventCode", "PAYOUT_THIRDPARTY") << u"bad_signature"_s << 401;
        QTest::newRow("no eventCode")
            << tampered(good, "eventCode", nullptr) << u"malformed"_s << 400;
        QTest::newRow("amount as text")
            << tampered(good, "amount.value", "12.00") << u"bad_amount"_s << 400;
        QTest::newRow("amount fractional")
            << tampered(good, "amount.value", 12.5) << u"bad_amount"_s << 400;
        QTest::newRow("amount negative")
            << tampered(good, "amount.value", -1) << u"bad_amount"_s << 400;
        QTest::newRow("refund without originalReference")
            << tampered(good, "originalReference", nullptr) << u"malformed"_s << 400;
        QTest::newRow("success not a flag")
            << tampered(good, "success", "yes") << u"malformed"_s << 400;
        QTest::newRow("missing signature")
            << tampered(good, "additionalData", nlohmann::json::object()) << u"missing_signature"_s
            << 401;
        QTest::newRow("flipped field")
            << tampered(good, "merchantReference", "op_0002") << u"bad_signature"_s << 401;
        QTest::newRow("flipped amount")
            << tampered(good, "amount.value", 12000) << u"bad_signature"_s << 401;
        QTest::newRow("signed with another key")
            << ops::signedAdyenBatch({refundItem()}, kOtherKey, false) << u"bad_signature"_s << 401;
        AdyenItem foreign = refundItem();
        foreign.merchantAccountCode = u"SomeoneElseECOM"_s;
        QTest::newRow("wrong merchant account")
            << ops::signedAdyenBatch({foreign}, kKey, false) << u"wrong_merchant"_s << 400;
        QTest::newRow("live against a test key")
            << ops::signedAdyenBatch({refundItem()}, kKey, true) << u"live_mismatch"_s << 400;
        std::vector<AdyenItem> many(1000, refundItem());
        QTest::newRow("1000 items")
            << ops::signedAdyenBatch(many, kKey, false) << u"too_many_items"_s << 413;
        QTest::newRow("over 1 MiB")
            << QByteArray(ops::kAdyenMaxBatchBytes + 1, ' ') << u"too_large"_s << 413;
        // One bad item refuses the whole batch.
        const QByteArray mixed =
            ops::signedAdyenBatch({refundItem(), refundItem(u"8835511210681213"_s)}, kKey, false);
        nlohmann::json j = nlohmann::json::parse(mixed.toStdString());
        j["notificationItems"][1]["NotificationRequestItem"]["additionalData"]["hmacSignature"] =
            "AAAA";
        QTest::newRow("second item forged")
            << QByteArray::fromStdString(j.dump()) << u"bad_signature"_s << 401;
    }

    void refusals()
    {
        QFETCH(QByteArray, body);
        QFETCH(QString, code);
        QFETCH(int, status);
        const auto result = ops::checkAdyenBatch(body, expectation());
        QCOMPARE(refusalCode(result), code);
        QCOMPARE(refusalStatus(result), status);
        // A refusal names what is wrong and never a key.
        const QString message = std::get<AdyenRefusal>(result).message;
        QVERIFY(!message.isEmpty());
        QVERIFY(!message.contains(QString::fromLatin1(kKey), Qt::CaseInsensitive));
    }

    void receiverWithoutKeyRefusesEverything()
    {
        const QByteArray body = ops::signedAdyenBatch({refundItem()}, kKey, false);
        const auto result = ops::checkAdyenBatch(body, expectation({}));
        QCOMPARE(refusalCode(result), u"no_key"_s);
        QCOMPARE(refusalStatus(result), 503);
    }
};

QTEST_GUILESS_MAIN(TestAdyenNotification)
#include "tst_adyennotification.moc"
