// provider-sim's webhook delivery over real HTTP to a receiver in this process: Stripe's
// signature (checked here with an independent HMAC), type filters, asynchronous delivery,
// retries with backoff after a 5xx, a timeout or a refused connection, giving up, endpoint
// registration and removal, and each WEBHOOK fault mode as the deliveries list shows it
// (docs/design.md §9, §10; app/tools/providersim/README.md).

#include "support/simtestutil.h"
#include "webhookreceiver.h"

using namespace ops::test;

namespace {

const QByteArray secret = "whsec_test_simwebhooks";
constexpr int waitMs = 15000;

} // namespace

class TestSimWebhooks : public QObject
{
    Q_OBJECT

    std::unique_ptr<SimProcess> m_sim;

    // Registers `receiver` with fast retries; extra fields override.
    QString addEndpoint(const WebhookReceiver &receiver,
                        nlohmann::json extra = nlohmann::json::object(),
                        const QByteArray &key = secret)
    {
        nlohmann::json body = {{"url", receiver.url().toStdString()},
                               {"secret", key.toStdString()},
                               {"retry_base_ms", 50},
                               {"retry_max_ms", 200},
                               {"timeout_ms", 2000}};
        body.update(extra);
        const auto r = m_sim->admin("POST", QStringLiteral("/_sim/webhooks"), body);
        return str(r["endpoint"], "id");
    }
    nlohmann::json deliveries()
    {
        return m_sim->admin("GET", QStringLiteral("/_sim/webhooks/deliveries"))["deliveries"];
    }
    int finishedCount()
    {
        int n = 0;
        for (const auto &d : deliveries())
            n += str(d, "outcome") != QLatin1String("retrying") ? 1 : 0;
        return n;
    }
    void fault(const nlohmann::json &rule)
    {
        const auto added = m_sim->admin("POST", QStringLiteral("/_sim/faults"), rule);
        QVERIFY2(added.contains("rule"), added.dump().c_str());
    }
    QString refund(const QByteArray &body = "charge=ch_4417&amount=100")
    {
        const HttpReply r = postRefund(*m_sim, body);
        return r.status == 200 ? str(r.json(), "id") : QString();
    }
    // Under one fault rule: `receiver` (listening) is registered for refund.created, one
    // refund is made, and this waits until `finished` deliveries have an end outcome.
    void oneRefundUnder(WebhookReceiver &receiver, const nlohmann::json &rule, int finished = 1)
    {
        fault(rule);
        addEndpoint(receiver, only("refund.created"));
        QVERIFY(!refund().isEmpty());
        QTRY_COMPARE_WITH_TIMEOUT(finishedCount(), finished, waitMs);
    }
    // {"type":["refund.created"]}-style endpoint events field.
    static nlohmann::json only(const char *type) { return {{"events", {type}}}; }

private slots:
    void initTestCase()
    {
        m_sim = startDemoSim();
        QVERIFY2(m_sim->isRunning(), qPrintable(m_sim->error()));
    }

    void init() { m_sim->reset(); }

    void deliveryIsSignedAsStripeSigns()
    {
        WebhookReceiver receiver;
        QVERIFY(receiver.listen());
        m_sim->advanceClock(5000); // t comes from the simulator's clock, not the wall
        const QString endpointId = addEndpoint(receiver, only("refund.created"));
        QVERIFY(endpointId.startsWith(QLatin1String("we_")));
        // The API answer arrives while this process cannot answer the webhook: delivery
        // does not hold the answer back.
        const QString id = refund("charge=ch_4417&amount=100&metadata[note]=Возврат");
        QVERIFY(!id.isEmpty());
        const qint64 simNow = m_sim->admin("GET", QStringLiteral("/_sim/clock"))["now_unix"];

        QTRY_COMPARE_WITH_TIMEOUT(receiver.hits().size(), 1, waitMs);
        const WebhookHit &hit = receiver.hits()[0];
        QCOMPARE(hit.path, QByteArray("/webhooks/stripe"));
        QVERIFY(hit.headers.value("content-type").startsWith("application/json"));
        const ParsedSignature sig = parseSignature(hit.signature());
        QVERIFY2(hit.signature().startsWith("t="), hit.signature().constData());
        QVERIFY(qAbs(sig.t - simNow) <= 2);
        QCOMPARE(sig.v1.size(), 1);
        QCOMPARE(sig.v1[0], expectedSignature(secret, sig.t, hit.body));
        QVERIFY(!signatureHolds(hit, "whsec_other"));
        // The body is the event as GET /v1/events/{id} serves it.
        const auto event = hit.json();
        QCOMPARE(str(event, "type"), QStringLiteral("refund.created"));
        QCOMPARE(str(event["data"]["object"], "id"), id);
        QCOMPARE(str(event["data"]["object"]["metadata"], "note"), QStringLiteral("Возврат"));
        QCOMPARE(stripeGet(*m_sim, QStringLiteral("/v1/events/") + str(event, "id")).json(), event);

        QTRY_COMPARE_WITH_TIMEOUT(finishedCount(), 1, waitMs);
        const auto d = deliveries()[0];
        QCOMPARE(str(d, "event"), str(event, "id"));
        QCOMPARE(str(d, "endpoint"), endpointId);
        QCOMPARE(str(d, "url"), receiver.url());
        QCOMPARE(d["attempt"].get<int>(), 1);
        QCOMPARE(d["status"].get<int>(), 200);
        QVERIFY(d["error"].is_null());
        QVERIFY(d["fault"].is_null());
        QCOMPARE(str(d, "outcome"), QStringLiteral("delivered"));
        QCOMPARE(d["signature_t"].get<qint64>(), sig.t);
        QVERIFY(!str(d, "at").isEmpty());
    }

    void endpointsGetOnlyTheTypesTheyAskFor()
    {
        WebhookReceiver all, refunds, other;
        QVERIFY(all.listen() && refunds.listen() && other.listen());
        addEndpoint(all);
        addEndpoint(refunds, only("refund.*"), "whsec_second");
        addEndpoint(other, only("payout.*"));
        QVERIFY(!refund().isEmpty());
        QTRY_COMPARE_WITH_TIMEOUT(all.hits().size(), 2, waitMs);
        QTRY_COMPARE_WITH_TIMEOUT(finishedCount(), 3, waitMs);
        QCOMPARE(all.eventTypes(), QList<QByteArray>({"refund.created", "charge.refunded"}));
        QCOMPARE(refunds.eventTypes(), QList<QByteArray>({"refund.created"}));
        QVERIFY(other.hits().isEmpty());
        // Each endpoint's deliveries are signed with its own secret.
        QVERIFY(signatureHolds(refunds.hits()[0], "whsec_second"));
        QVERIFY(!signatureHolds(refunds.hits()[0], secret));
        QVERIFY(signatureHolds(all.hits()[1], secret));
        QCOMPARE(m_sim->admin("GET", QStringLiteral("/_sim/webhooks"))["endpoints"].size(), 3u);
    }

    void settleEventsAreDeliveredWithoutRequest()
    {
        WebhookReceiver receiver;
        QVERIFY(receiver.listen());
        const QString id = refund("charge=ch_pending&amount=500");
        addEndpoint(receiver, only("*refund.*"));
        QCOMPARE(m_sim
                     ->request("POST", QStringLiteral("/_sim/refunds/%1/settle").arg(id),
                               R"({"status":"failed","failure_reason":"declined"})")
                     .status,
                 200);
        QTRY_COMPARE_WITH_TIMEOUT(receiver.hits().size(), 2, waitMs);
        QCOMPARE(receiver.eventTypes(),
                 QList<QByteArray>({"refund.failed", "charge.refund.updated"}));
        for (const WebhookHit &hit : receiver.hits()) {
            QVERIFY(hit.json()["request"]["id"].is_null());
            QCOMPARE(str(hit.json()["data"]["previous_attributes"], "status"),
                     QStringLiteral("pending"));
            QVERIFY(signatureHolds(hit, secret));
        }
    }

    void retriedAfter500ThenDelivered()
    {
        WebhookReceiver receiver;
        QVERIFY(receiver.listen());
        receiver.script({500, 503});
        addEndpoint(receiver, only("refund.created"));
        QVERIFY(!refund().isEmpty());
        QTRY_COMPARE_WITH_TIMEOUT(finishedCount(), 1, waitMs);
        const auto list = deliveries();
        QCOMPARE(list.size(), 3u);
        for (int i = 0; i < 3; ++i) {
            QCOMPARE(list[i]["attempt"].get<int>(), i + 1);
            QCOMPARE(str(list[i], "event"), str(list[0], "event"));
            QCOMPARE(list[i]["delivery"], list[0]["delivery"]);
        }
        QCOMPARE(list[0]["status"].get<int>(), 500);
        QCOMPARE(str(list[0], "outcome"), QStringLiteral("retrying"));
        QCOMPARE(list[1]["status"].get<int>(), 503);
        QCOMPARE(list[2]["status"].get<int>(), 200);
        QCOMPARE(str(list[2], "outcome"), QStringLiteral("delivered"));
        // Every attempt carries the same bytes, each with a valid signature of its own.
        QCOMPARE(receiver.hits().size(), 3);
        for (const WebhookHit &hit : receiver.hits()) {
            QCOMPARE(hit.body, receiver.hits()[0].body);
            QVERIFY(signatureHolds(hit, secret));
        }
    }

    void givesUpAfterItsAttempts()
    {
        WebhookReceiver receiver;
        QVERIFY(receiver.listen());
        receiver.script({500, 500, 500, 500, 500});
        addEndpoint(receiver, {{"events", {"refund.created"}}, {"max_attempts", 3}});
        QVERIFY(!refund().isEmpty());
        QTRY_COMPARE_WITH_TIMEOUT(finishedCount(), 1, waitMs);
        const auto list = deliveries();
        QCOMPARE(list.size(), 3u);
        QCOMPARE(str(list[2], "outcome"), QStringLiteral("gave_up"));
        QCOMPARE(receiver.hits().size(), 3);
    }

    void transportFailuresAreRetried()
    {
        // A receiver that never answers (the attempt times out), then one that answers.
        WebhookReceiver receiver;
        QVERIFY(receiver.listen());
        receiver.script({0});
        addEndpoint(receiver, {{"events", {"refund.created"}}, {"timeout_ms", 300}});
        QVERIFY(!refund().isEmpty());
        QTRY_COMPARE_WITH_TIMEOUT(finishedCount(), 1, waitMs);
        auto list = deliveries();
        QCOMPARE(list.size(), 2u);
        QVERIFY(list[0]["status"].is_null());
        QCOMPARE(str(list[0], "error"), QStringLiteral("timeout"));
        QCOMPARE(str(list[1], "outcome"), QStringLiteral("delivered"));

        // Nobody listening: connection refused on every attempt, then given up.
        m_sim->admin("DELETE", QStringLiteral("/_sim/webhooks"));
        m_sim->admin("DELETE", QStringLiteral("/_sim/webhooks/deliveries"));
        QTcpServer closed;
        QVERIFY(closed.listen(QHostAddress::LocalHost, 0));
        const quint16 port = closed.serverPort();
        closed.close();
        m_sim->admin("POST", QStringLiteral("/_sim/webhooks"),
                     {{"url", QStringLiteral("http://127.0.0.1:%1/x").arg(port).toStdString()},
                      {"secret", "s"},
                      {"events", {"refund.created"}},
                      {"retry_base_ms", 20},
                      {"max_attempts", 2}});
        QVERIFY(!refund().isEmpty());
        QTRY_COMPARE_WITH_TIMEOUT(finishedCount(), 1, waitMs);
        list = deliveries();
        QCOMPARE(list.size(), 2u);
        QVERIFY(list[0]["status"].is_null());
        QVERIFY(!str(list[0], "error").isEmpty());
        QCOMPARE(str(list[1], "outcome"), QStringLiteral("gave_up"));
    }

    void removedEndpointsGetNothing()
    {
        WebhookReceiver receiver;
        QVERIFY(receiver.listen());
        addEndpoint(receiver, only("refund.created"));
        QVERIFY(!refund().isEmpty());
        QTRY_COMPARE_WITH_TIMEOUT(finishedCount(), 1, waitMs);
        QCOMPARE(m_sim->admin("DELETE", QStringLiteral("/_sim/webhooks"))["removed"],
                 nlohmann::json(true));
        QCOMPARE(m_sim->admin("GET", QStringLiteral("/_sim/webhooks"))["endpoints"].size(), 0u);
        // Sentinel: a second endpoint registered after the removal gets the next event, the
        // removed one does not.
        WebhookReceiver sentinel;
        QVERIFY(sentinel.listen());
        addEndpoint(sentinel, only("refund.created"));
        QVERIFY(!refund().isEmpty());
        QTRY_COMPARE_WITH_TIMEOUT(sentinel.hits().size(), 1, waitMs);
        QTRY_COMPARE_WITH_TIMEOUT(finishedCount(), 2, waitMs);
        QCOMPARE(receiver.hits().size(), 1);
        QCOMPARE(deliveries().size(), 2u); // the attempt list outlives the endpoints
        m_sim->reset();
        QCOMPARE(deliveries().size(), 0u);
        QCOMPARE(m_sim->admin("GET", QStringLiteral("/_sim/webhooks"))["endpoints"].size(), 0u);
    }

    void badRegistrationIsRefused_data()
    {
        QTest::addColumn<QByteArray>("body");
        QTest::addRow("no url") << QByteArray(R"({"secret":"s"})");
        QTest::addRow("no secret") << QByteArray(R"({"url":"HTTP"})");
        QTest::addRow("empty secret") << QByteArray(R"({"url":"HTTP","secret":""})");
        QTest::addRow("ftp url") << QByteArray(R"({"url":"FTP","secret":"s"})");
        QTest::addRow("relative url") << QByteArray(R"({"url":"/hooks","secret":"s"})");
        QTest::addRow("not a url") << QByteArray(R"({"url":"http:nowhere","secret":"s"})");
        QTest::addRow("url number") << QByteArray(R"({"url":5,"secret":"s"})");
        QTest::addRow("events empty") << QByteArray(R"({"url":"HTTP","secret":"s","events":[]})");
        QTest::addRow("events not strings")
            << QByteArray(R"({"url":"HTTP","secret":"s","events":[1]})");
        QTest::addRow("attempts 0")
            << QByteArray(R"({"url":"HTTP","secret":"s","max_attempts":0})");
        QTest::addRow("backoff inverted")
            << QByteArray(R"({"url":"HTTP","secret":"s","retry_base_ms":500,"retry_max_ms":100})");
        QTest::addRow("array") << QByteArray("[]");
    }

    void badRegistrationIsRefused()
    {
        QFETCH(QByteArray, body);
        // Addresses are spliced in here: moc misreads "//" inside raw string literals.
        body.replace("HTTP", "http:/"
                             "/127.0.0.1:9/x")
            .replace("FTP", "ftp:/"
                            "/127.0.0.1/x");
        const HttpReply r = m_sim->request("POST", QStringLiteral("/_sim/webhooks"), body,
                                           {{"Content-Type", "application/json"}});
        QCOMPARE(r.status, 400);
        QCOMPARE(errorCode(r), QStringLiteral("invalid_webhook"));
        QVERIFY(!str(r.json()["error"], "message").isEmpty());
        QCOMPARE(m_sim->admin("GET", QStringLiteral("/_sim/webhooks"))["endpoints"].size(), 0u);
        QVERIFY(!refund().isEmpty()); // nothing registered: nothing attempted
        QCOMPARE(deliveries().size(), 0u);
    }

    void faultRulesKeepToTheirRoute_data()
    {
        QTest::addColumn<QByteArray>("rule");
        QTest::addRow("webhook mode elsewhere")
            << QByteArray(R"({"route":"POST /v1/refunds","mode":"duplicate"})");
        QTest::addRow("api mode on WEBHOOK") << QByteArray(R"({"route":"WEBHOOK","mode":"503"})");
        QTest::addRow("bad delay") << QByteArray(R"({"mode":"delay","delay_ms":"soon"})");
    }

    void faultRulesKeepToTheirRoute()
    {
        QFETCH(QByteArray, rule);
        const HttpReply r = m_sim->request("POST", QStringLiteral("/_sim/faults"), rule,
                                           {{"Content-Type", "application/json"}});
        QCOMPARE(r.status, 400);
        QCOMPARE(m_sim->admin("GET", QStringLiteral("/_sim/faults"))["rules"].size(), 0u);
    }

    void webhookFaultsNeverTouchTheApi()
    {
        WebhookReceiver receiver;
        QVERIFY(receiver.listen());
        fault({{"mode", "fail_endpoint"}, {"count", 1}}); // route defaults to WEBHOOK
        fault({{"route", "*"}, {"mode", "latency"}, {"delay_ms", 0}, {"count", 1}});
        addEndpoint(receiver, only("refund.created"));
        const HttpReply r = postRefund(*m_sim, "charge=ch_4417&amount=100");
        QCOMPARE(r.status, 200);
        QTRY_COMPARE_WITH_TIMEOUT(finishedCount(), 1, waitMs);
        const auto list = deliveries();
        QCOMPARE(list.size(), 2u);
        QCOMPARE(str(list[0], "fault"), QStringLiteral("fail_endpoint"));
        QVERIFY(list[1]["fault"].is_null()); // the API's latency rule never met the webhook
        const auto requests = m_sim->requests()["requests"];
        QCOMPARE(str(requests[0], "fault"), QStringLiteral("latency"));
    }

    void duplicateDeliversTheEventTwice()
    {
        WebhookReceiver receiver;
        QVERIFY(receiver.listen());
        oneRefundUnder(receiver, {{"route", "WEBHOOK"}, {"mode", "duplicate"}, {"count", 1}}, 2);
        if (QTest::currentTestFailed())
            return;
        const auto list = deliveries();
        QCOMPARE(list.size(), 2u);
        QCOMPARE(str(list[0], "event"), str(list[1], "event"));
        QVERIFY(list[0]["delivery"] != list[1]["delivery"]);
        for (const auto &d : list) {
            QCOMPARE(str(d, "fault"), QStringLiteral("duplicate"));
            QCOMPARE(str(d, "outcome"), QStringLiteral("delivered"));
        }
        QCOMPARE(receiver.hits().size(), 2);
        QCOMPARE(receiver.hits()[0].json()["id"], receiver.hits()[1].json()["id"]);
        QCOMPARE(m_sim->faultStats()["injected"]["duplicate"].get<int>(), 1);
    }

    void reorderDeliversAfterTheNextEvent()
    {
        WebhookReceiver receiver;
        QVERIFY(receiver.listen());
        fault({{"mode", "reorder"}, {"count", 1}, {"delay_ms", 60000}});
        addEndpoint(receiver, only("refund.created"));
        const QString first = refund();
        QVERIFY(!first.isEmpty());
        const QString second = refund();
        QVERIFY(!second.isEmpty());
        QTRY_COMPARE_WITH_TIMEOUT(finishedCount(), 2, waitMs);
        const auto list = deliveries();
        QCOMPARE(str(receiver.hits()[0].json()["data"]["object"], "id"), second);
        QCOMPARE(str(receiver.hits()[1].json()["data"]["object"], "id"), first);
        QVERIFY(list[0]["fault"].is_null());
        QCOMPARE(str(list[1], "fault"), QStringLiteral("reorder"));
        QCOMPARE(str(list[1], "outcome"), QStringLiteral("delivered"));
    }

    void reorderWithoutANextEventStillDelivers()
    {
        WebhookReceiver receiver;
        QVERIFY(receiver.listen());
        oneRefundUnder(receiver, {{"mode", "reorder"}, {"count", 1}, {"delay_ms", 200}});
        if (QTest::currentTestFailed())
            return;
        QCOMPARE(str(deliveries()[0], "fault"), QStringLiteral("reorder"));
        QCOMPARE(str(deliveries()[0], "outcome"), QStringLiteral("delivered"));
    }

    void delayHoldsTheAttempt()
    {
        WebhookReceiver receiver;
        QVERIFY(receiver.listen());
        oneRefundUnder(receiver, {{"mode", "delay"}, {"delay_ms", 300}, {"count", 1}});
        if (QTest::currentTestFailed())
            return;
        const auto list = deliveries();
        QCOMPARE(list.size(), 1u);
        QCOMPARE(str(list[0], "fault"), QStringLiteral("delay"));
        QCOMPARE(str(list[0], "outcome"), QStringLiteral("delivered"));
        QCOMPARE(m_sim->admin("GET", QStringLiteral("/_sim/faults"))["rules"].size(), 0u);
    }

    void failEndpointIgnoresTheAnswer()
    {
        WebhookReceiver receiver;
        QVERIFY(receiver.listen());
        // probability 1 with count 2: exactly the first two attempts.
        oneRefundUnder(receiver, {{"mode", "fail_endpoint"}, {"probability", 1.0}, {"count", 2}});
        if (QTest::currentTestFailed())
            return;
        const auto list = deliveries();
        QCOMPARE(list.size(), 3u);
        for (int i = 0; i < 2; ++i) {
            QCOMPARE(list[i]["status"].get<int>(), 200); // answered, and ignored
            QCOMPARE(str(list[i], "fault"), QStringLiteral("fail_endpoint"));
            QCOMPARE(str(list[i], "outcome"), QStringLiteral("retrying"));
        }
        QVERIFY(list[2]["fault"].is_null());
        QCOMPARE(str(list[2], "outcome"), QStringLiteral("delivered"));
        QCOMPARE(receiver.hits().size(), 3);
    }

    void badSignatureIsRefusedByTheReceiverThenRetried()
    {
        WebhookReceiver receiver;
        QVERIFY(receiver.listen());
        receiver.verifyWith(secret);
        oneRefundUnder(receiver, {{"mode", "bad_signature"}, {"count", 1}});
        if (QTest::currentTestFailed())
            return;
        const auto list = deliveries();
        QCOMPARE(list.size(), 2u);
        QCOMPARE(str(list[0], "fault"), QStringLiteral("bad_signature"));
        QCOMPARE(list[0]["status"].get<int>(), 400);
        QCOMPARE(list[1]["status"].get<int>(), 200);
        QVERIFY(!signatureHolds(receiver.hits()[0], secret));
        QVERIFY(parseSignature(receiver.hits()[0].signature()).t >= 0); // well-formed, wrong
        QVERIFY(signatureHolds(receiver.hits()[1], secret));
    }

    void probabilityZeroNeverFires()
    {
        WebhookReceiver receiver;
        QVERIFY(receiver.listen());
        fault({{"mode", "duplicate"}, {"probability", 0.0}});
        addEndpoint(receiver);
        QVERIFY(!refund().isEmpty());
        QVERIFY(!refund("charge=ch_1001&amount=5").isEmpty());
        QTRY_COMPARE_WITH_TIMEOUT(finishedCount(), 4, waitMs);
        for (const auto &d : deliveries())
            QVERIFY(d["fault"].is_null());
        QCOMPARE(
            m_sim->admin("GET", QStringLiteral("/_sim/faults"))["rules"][0]["fired"].get<int>(), 0);
    }
};

QTEST_GUILESS_MAIN(TestSimWebhooks)
#include "tst_simwebhooks.moc"
