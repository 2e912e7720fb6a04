// provider-sim's Adyen side over real HTTP (app/tools/providersim/README.md, Adyen Checkout
// refunds): every refusal answered with Adyen's error shape and nothing made or kept under the
// key; the 7-day key life; a refund larger than what is left failing at its settle; a stored 500
// with the refund made; notifications that pass the product's receiver check, and a forged one
// that does not; the admin routes' refusals; a reset dropping a pending settle. The
// official library's view of the same routes is tests/node/adyen-real-client.test.mjs.

#include "adyen/adyennotification.h"
#include "support/simtestutil.h"
#include "webhookreceiver.h"

using namespace ops::test;

namespace {

const QString kRefunds = QStringLiteral("/v71/payments/DZ4DPSHB4WD2WN82/refunds");

QByteArray body(qint64 value, const char *currency = "EUR", const char *merchant = "NorthwindECOM",
                const std::string &reference = "op_1")
{
    return QByteArray::fromStdString(nlohmann::json{
        {"merchantAccount", merchant},
        {"amount", {{"value", value}, {"currency", currency}}},
        {"reference", reference}}.dump());
}

HeaderList adyenHeaders(const QByteArray &key = {}, const QByteArray &apiKey = "adyen_test_demo")
{
    HeaderList h;
    h.append(std::pair<QByteArray, QByteArray>("Content-Type", "application/json"));
    if (!apiKey.isEmpty())
        h.append(std::pair<QByteArray, QByteArray>("X-API-Key", apiKey));
    if (!key.isEmpty())
        h.append(std::pair<QByteArray, QByteArray>("Idempotency-Key", key));
    return h;
}

} // namespace

class TestSimAdyen : public QObject
{
    Q_OBJECT

    std::unique_ptr<SimProcess> m_sim;

    HttpReply refund(const QByteArray &payload, const QByteArray &key = {},
                     const QString &path = kRefunds, const QByteArray &apiKey = "adyen_test_demo")
    {
        return m_sim->request("POST", path, payload, adyenHeaders(key, apiKey));
    }
    std::size_t refundsMade()
    {
        return m_sim->admin("GET", QStringLiteral("/_sim/adyen/refunds"))["refunds"].size();
    }

private slots:
    void initTestCase()
    {
        m_sim = startDemoSim();
        QVERIFY2(m_sim->isRunning(), qPrintable(m_sim->error()));
    }

    void init()
    {
        m_sim->reset();
        m_sim->admin("POST", QStringLiteral("/_sim/adyen/config"), {{"auto_settle_ms", -1}});
    }

    void refusalsKeepNothing_data()
    {
        QTest::addColumn<QString>("path");
        QTest::addColumn<QByteArray>("apiKey");
        QTest::addColumn<QByteArray>("payload");
        QTest::addColumn<int>("status");
        QTest::addColumn<QString>("code");
        const QByteArray key = "adyen_test_demo";
        QTest::newRow("no api key") << kRefunds << QByteArray() << body(100) << 401 << "000";
        QTest::newRow("unknown api key")
            << kRefunds << QByteArray("nope") << body(100) << 401 << "000";
        QTest::newRow("not json") << kRefunds << key << QByteArray("{merchantAccount") << 400
                                  << "702";
        QTest::newRow("json array") << kRefunds << key << QByteArray("[]") << 400 << "702";
        QTest::newRow("no merchant")
            << kRefunds << key << QByteArray("{\"amount\":{}}") << 422 << "901";
        QTest::newRow("amount zero") << kRefunds << key << body(0) << 422 << "137";
        QTest::newRow("amount as text")
            << kRefunds << key
            << QByteArray("{\"merchantAccount\":\"NorthwindECOM\",\"amount\":{\"value\":\"12\","
                          "\"currency\":\"EUR\"}}")
            << 422 << "137";
        QTest::newRow("other currency") << kRefunds << key << body(100, "USD") << 422 << "137";
        QTest::newRow("reference over 80")
            << kRefunds << key << body(100, "EUR", "NorthwindECOM", std::string(81, 'r')) << 422
            << "702";
        QTest::newRow("unknown payment") << QStringLiteral("/v71/payments/0000000000000000/refunds")
                                         << key << body(100) << 422 << "167";
        QTest::newRow("another merchant")
            << kRefunds << key << body(100, "EUR", "OtherECOM") << 403 << "901";
        QTest::newRow("no such route")
            << QStringLiteral("/v71/payments/DZ4DPSHB4WD2WN82") << key << body(100) << 404 << "000";
    }
    void refusalsKeepNothing()
    {
        QFETCH(QString, path);
        QFETCH(QByteArray, apiKey);
        QFETCH(QByteArray, payload);
        QFETCH(int, status);
        QFETCH(QString, code);
        const HttpReply r = refund(payload, "key-refused", path, apiKey);
        QCOMPARE(r.status, status);
        // Adyen's error shape, `status` repeating the HTTP status (the library reads it there).
        QCOMPARE(r.json()["status"].get<int>(), status);
        QCOMPARE(str(r.json(), "errorCode"), code);
        QVERIFY(!str(r.json(), "message").isEmpty());
        QCOMPARE(refundsMade(), std::size_t(0));
        // Nothing was kept under the key: a good request with it makes the refund.
        QCOMPARE(refund(body(100), "key-refused").status, 201);
        QCOMPARE(refundsMade(), std::size_t(1));
    }

    void keyOver64CharactersIsRefused()
    {
        const HttpReply r = refund(body(100), QByteArray(65, 'k'));
        QCOMPARE(r.status, 422);
        QCOMPARE(str(r.json(), "errorCode"), QStringLiteral("702"));
        QCOMPARE(refund(body(100), QByteArray(64, 'k')).status, 201);
        QCOMPARE(refundsMade(), std::size_t(1));
    }

    void getIsNotAllowed()
    {
        const HttpReply r = m_sim->request("GET", kRefunds, {}, adyenHeaders());
        QCOMPARE(r.status, 405);
    }

    void keyLivesSevenDays()
    {
        const HttpReply first = refund(body(100), "key-week");
        QCOMPARE(first.status, 201);
        m_sim->advanceClock(7 * 24 * 3600 - 60);
        const HttpReply replay = refund(body(100), "key-week");
        QCOMPARE(str(replay.json(), "pspReference"), str(first.json(), "pspReference"));
        m_sim->advanceClock(120);
        const HttpReply fresh = refund(body(100), "key-week");
        QCOMPARE(fresh.status, 201);
        QVERIFY(str(fresh.json(), "pspReference") != str(first.json(), "pspReference"));
        QCOMPARE(refundsMade(), std::size_t(2));
    }

    void refundOverWhatIsLeftFailsAtItsSettle()
    {
        const HttpReply big = refund(body(4000));
        const HttpReply more = refund(body(1500, "EUR", "NorthwindECOM", "op_2"));
        QCOMPARE(big.status, 201); // received: Adyen checks the balance when it settles
        QCOMPARE(more.status, 201);
        const QString first = str(big.json(), "pspReference");
        const QString second = str(more.json(), "pspReference");
        m_sim->admin("POST", QStringLiteral("/_sim/adyen/refunds/") + first + u"/settle",
                     {{"success", true}});
        const auto settled =
            m_sim->admin("POST", QStringLiteral("/_sim/adyen/refunds/") + second + u"/settle",
                         {{"success", true}});
        QCOMPARE(str(settled, "state"), QStringLiteral("failed"));
        QCOMPARE(str(settled, "reason"),
                 QStringLiteral("Refund amount exceeds the refundable amount"));
        const auto movements = m_sim->ledger()["movements"];
        QCOMPARE(movements.size(), std::size_t(1));
        QCOMPARE(movements[0]["amount"].get<qint64>(), 4000);
        QCOMPARE(str(movements[0], "provider"), QStringLiteral("adyen"));
    }

    void storedFiveHundredWithTheRefundMade()
    {
        m_sim->addFault({{"route", "POST /v71/payments/*"},
                         {"mode", "stored_500"},
                         {"apply", true},
                         {"count", 1}});
        const HttpReply first = refund(body(700), "key-500");
        QCOMPARE(first.status, 500);
        QCOMPARE(str(first.json(), "errorType"), QStringLiteral("internal"));
        QCOMPARE(refund(body(700), "key-500").status, 500); // kept under the key
        QCOMPARE(refundsMade(), std::size_t(1));
    }

    void adminRefusals_data()
    {
        QTest::addColumn<QString>("path");
        QTest::addColumn<QByteArray>("payload");
        QTest::addColumn<int>("status");
        QTest::newRow("settle unknown") << QStringLiteral("/_sim/adyen/refunds/NOPE/settle")
                                        << QByteArray("{\"success\":true}") << 404;
        QTest::newRow("settle without success")
            << QStringLiteral("/_sim/adyen/refunds/%1/settle") << QByteArray("{}") << 400;
        QTest::newRow("settle success as text") << QStringLiteral("/_sim/adyen/refunds/%1/settle")
                                                << QByteArray("{\"success\":\"true\"}") << 400;
        QTest::newRow("fail-later before settled")
            << QStringLiteral("/_sim/adyen/refunds/%1/fail-later")
            << QByteArray("{\"event\":\"REFUND_FAILED\"}") << 409;
        QTest::newRow("fail-later other event")
            << QStringLiteral("/_sim/adyen/refunds/%1/fail-later")
            << QByteArray("{\"event\":\"CHARGEBACK\"}") << 400;
        QTest::newRow("config below -1")
            << QStringLiteral("/_sim/adyen/config") << QByteArray("{\"auto_settle_ms\":-2}") << 400;
        QTest::newRow("config too long") << QStringLiteral("/_sim/adyen/config")
                                         << QByteArray("{\"auto_settle_ms\":600001}") << 400;
        QTest::newRow("config text") << QStringLiteral("/_sim/adyen/config")
                                     << QByteArray("{\"auto_settle_ms\":\"50\"}") << 400;
        QTest::newRow("seed malformed")
            << QStringLiteral("/_sim/seed")
            << QByteArray("{\"adyen_payments\":[{\"pspReference\":\"X\",\"amount\":1}]}") << 400;
        QTest::newRow("adyen endpoint without key")
            << QStringLiteral("/_sim/webhooks")
            << QByteArray("{\"url\":\"http://127.0.0.1:9/\",\"format\":\"adyen\"}") << 400;
        QTest::newRow("adyen endpoint odd hex")
            << QStringLiteral("/_sim/webhooks")
            << QByteArray("{\"url\":\"http://127.0.0.1:9/\",\"format\":\"adyen\","
                          "\"hmac_key\":\"ABC\"}")
            << 400;
        QTest::newRow("unknown format")
            << QStringLiteral("/_sim/webhooks")
            << QByteArray("{\"url\":\"http://127.0.0.1:9/\",\"format\":\"paypal\","
                          "\"secret\":\"s\"}")
            << 400;
    }
    void adminRefusals()
    {
        QFETCH(QString, path);
        QFETCH(QByteArray, payload);
        QFETCH(int, status);
        const QString psp = str(refund(body(100)).json(), "pspReference");
        const HttpReply r =
            m_sim->request("POST", path.contains(u"%1") ? path.arg(psp) : path, payload);
        QCOMPARE(r.status, status);
        const auto refunds = m_sim->admin("GET", QStringLiteral("/_sim/adyen/refunds"))["refunds"];
        QCOMPARE(refunds.size(), std::size_t(1));
        QCOMPARE(str(refunds[0], "state"), QStringLiteral("received")); // nothing changed
        QVERIFY(m_sim->ledger()["movements"].empty());
    }

    void faultsSpeakAdyen()
    {
        m_sim->addFault({{"route", "POST /v71/payments/*"}, {"mode", "503"}, {"count", 1}});
        const HttpReply busy = refund(body(100), "key-503");
        QCOMPARE(busy.status, 503);
        QCOMPARE(busy.json()["status"].get<int>(), 503); // what the official library reads
        QCOMPARE(str(busy.json(), "errorType"), QStringLiteral("internal"));
        // prune_key finds the Adyen key (X-API-Key's project): the same key runs again.
        const HttpReply first = refund(body(100), "key-prune");
        m_sim->addFault({{"route", "POST /v71/payments/*"}, {"mode", "prune_key"}, {"count", 1}});
        const HttpReply again = refund(body(100), "key-prune");
        QCOMPARE(again.status, 201);
        QVERIFY(str(again.json(), "pspReference") != str(first.json(), "pspReference"));
        QCOMPARE(refundsMade(), std::size_t(2));
    }

    void eachEndpointGetsItsOwnFormat()
    {
        const auto stripeEndpoint = m_sim->admin(
            "POST", QStringLiteral("/_sim/webhooks"),
            {{"url", "http://127.0.0.1:9/stripe"}, {"secret", "whsec_x"}, {"max_attempts", 1}});
        const auto adyenEndpoint = m_sim->admin("POST", QStringLiteral("/_sim/webhooks"),
                                                {{"url", "http://127.0.0.1:9/adyen"},
                                                 {"format", "adyen"},
                                                 {"hmac_key", "44782DEF"},
                                                 {"max_attempts", 1}});
        QCOMPARE(str(adyenEndpoint["endpoint"], "format"), QStringLiteral("adyen"));
        const QString psp = str(refund(body(100)).json(), "pspReference");
        m_sim->admin("POST", QStringLiteral("/_sim/adyen/refunds/") + psp + u"/settle",
                     {{"success", true}});
        QCOMPARE(postRefund(*m_sim, "charge=ch_4417&amount=100").status, 200);
        const QString adyenId = str(adyenEndpoint["endpoint"], "id");
        const QString stripeId = str(stripeEndpoint["endpoint"], "id");
        QTRY_COMPARE(
            m_sim->admin("GET", QStringLiteral("/_sim/webhooks/deliveries"))["deliveries"].size(),
            std::size_t(3)); // REFUND to Adyen; refund.created, charge.refunded to Stripe
        // Kept in a local: a range-for over a member of a temporary would read freed memory.
        const nlohmann::json deliveries =
            m_sim->admin("GET", QStringLiteral("/_sim/webhooks/deliveries"))["deliveries"];
        for (const auto &d : deliveries) {
            const bool toAdyen = str(d, "endpoint") == adyenId;
            QCOMPARE(str(d, "type") == QStringLiteral("REFUND"), toAdyen);
            QCOMPARE(str(d, "endpoint") == stripeId, !toAdyen);
        }
    }

    void notificationsPassTheReceiversCheck()
    {
        const QByteArray key = "44782DEF547AAA06C910C43932B1EB0C71FC68D9D0C057550C48EC2ACF6BA056";
        WebhookReceiver receiver;
        QVERIFY(receiver.listen());
        m_sim->admin("POST", QStringLiteral("/_sim/webhooks"),
                     {{"url", receiver.url(QStringLiteral("/webhooks/adyen")).toStdString()},
                      {"format", "adyen"},
                      {"hmac_key", key.toStdString()},
                      {"max_attempts", 1}});
        const QString forged =
            str(refund(body(300, "EUR", "NorthwindECOM", "op_f")).json(), "pspReference");
        const QString good =
            str(refund(body(400, "EUR", "NorthwindECOM", "op_g")).json(), "pspReference");
        m_sim->addFault({{"route", "WEBHOOK"}, {"mode", "bad_signature"}, {"count", 1}});
        m_sim->admin("POST", QStringLiteral("/_sim/adyen/refunds/") + forged + u"/settle",
                     {{"success", true}});
        QTRY_COMPARE(receiver.hits().size(), 1);
        m_sim->admin("POST", QStringLiteral("/_sim/adyen/refunds/") + good + u"/settle",
                     {{"success", false}, {"reason", "Refund declined"}});
        QTRY_COMPARE(receiver.hits().size(), 2);
        const ops::AdyenExpectation ours{{key}, {QStringLiteral("NorthwindECOM")}, false};
        const auto refused = ops::checkAdyenBatch(receiver.hits()[0].body, ours);
        QCOMPARE(std::get<ops::AdyenRefusal>(refused).code, QStringLiteral("bad_signature"));
        const auto accepted = ops::checkAdyenBatch(receiver.hits()[1].body, ours);
        QVERIFY(std::holds_alternative<ops::AdyenBatch>(accepted));
        const ops::AdyenItem &item = std::get<ops::AdyenBatch>(accepted).items.at(0);
        QCOMPARE(item.eventCode, QStringLiteral("REFUND"));
        QCOMPARE(item.pspReference, good);
        QCOMPARE(item.originalReference, QStringLiteral("DZ4DPSHB4WD2WN82"));
        QCOMPARE(item.merchantReference, QStringLiteral("op_g"));
        QCOMPARE(item.value, 400);
        QCOMPARE(item.currency, QStringLiteral("EUR"));
        QVERIFY(!item.success);
        QCOMPARE(item.reason, QStringLiteral("Refund declined"));
    }

    void resetDropsAPendingSettle()
    {
        // Long enough that the refund and the reset are both done before it would fire.
        m_sim->admin("POST", QStringLiteral("/_sim/adyen/config"), {{"auto_settle_ms", 1000}});
        QCOMPARE(refund(body(100)).status, 201);
        m_sim->reset();
        QTest::qWait(1300);
        QVERIFY(m_sim->ledger()["movements"].empty());
        QCOMPARE(refundsMade(), std::size_t(0));
    }
};

QTEST_GUILESS_MAIN(TestSimAdyen)
#include "tst_simadyen.moc"
