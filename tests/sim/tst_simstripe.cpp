// Stripe v1 subset of provider-sim over real HTTP: refunds, charges, lists, events, auth and
// request validation (docs/design.md §5).

#include "support/simtestutil.h"

using namespace ops::test;

class TestSimStripe : public QObject
{
    Q_OBJECT

    std::unique_ptr<SimProcess> m_sim;

    QString createRefund(const QString &charge, qint64 amount)
    {
        const HttpReply r =
            postRefund(*m_sim, form({{QStringLiteral("charge"), charge},
                                     {QStringLiteral("amount"), QString::number(amount)}}));
        return r.status == 200 ? str(r.json(), "id") : QString();
    }

private slots:
    void initTestCase()
    {
        m_sim = startDemoSim();
        QVERIFY2(m_sim->isRunning(), qPrintable(m_sim->error()));
    }

    void init() { m_sim->reset(); }

    void createsRefundWithStripeShape()
    {
        const QByteArray body =
            form({{QStringLiteral("charge"), QStringLiteral("ch_4417")},
                  {QStringLiteral("amount"), QStringLiteral("1200")},
                  {QStringLiteral("reason"), QStringLiteral("requested_by_customer")},
                  {QStringLiteral("metadata[operation_id]"), QStringLiteral("op_77")},
                  {QStringLiteral("metadata[note]"), QStringLiteral("Возврат + 50% & co")}});
        const HttpReply r = postRefund(*m_sim, body, QStringLiteral("key-create"));
        QCOMPARE(r.status, 200);
        const auto j = r.json();
        QVERIFY(str(j, "id").startsWith(QLatin1String("re_")));
        QCOMPARE(str(j, "object"), QStringLiteral("refund"));
        QCOMPARE(j["amount"].get<int>(), 1200);
        QCOMPARE(str(j, "charge"), QStringLiteral("ch_4417"));
        QCOMPARE(str(j, "currency"), QStringLiteral("usd"));
        QCOMPARE(str(j, "status"), QStringLiteral("succeeded"));
        QCOMPARE(str(j, "payment_intent"), QStringLiteral("pi_4417"));
        QCOMPARE(str(j, "reason"), QStringLiteral("requested_by_customer"));
        QVERIFY(j["failure_reason"].is_null());
        QVERIFY(j["created"].is_number_integer());
        QCOMPARE(str(j["metadata"], "operation_id"), QStringLiteral("op_77"));
        QCOMPARE(str(j["metadata"], "note"), QStringLiteral("Возврат + 50% & co"));
        QVERIFY(r.header("request-id").startsWith("req_"));
        QCOMPARE(r.header("idempotency-key"), QByteArray("key-create"));
        QVERIFY(r.header("idempotent-replayed").isEmpty());

        const auto charge = stripeGet(*m_sim, QStringLiteral("/v1/charges/ch_4417")).json();
        QCOMPARE(charge["amount_refunded"].get<int>(), 1200);
        QCOMPARE(charge["refunded"].get<bool>(), false);
    }

    void refundByPaymentIntentDefaultsToRemainingAmount()
    {
        const HttpReply r = postRefund(
            *m_sim, form({{QStringLiteral("payment_intent"), QStringLiteral("pi_1001")}}));
        QCOMPARE(r.status, 200);
        QCOMPARE(r.json()["amount"].get<int>(), 5000);
        QCOMPARE(str(r.json(), "charge"), QStringLiteral("ch_1001"));
        const auto charge = stripeGet(*m_sim, QStringLiteral("/v1/charges/ch_1001")).json();
        QCOMPARE(charge["refunded"].get<bool>(), true);
        QCOMPARE(charge["amount_refunded"].get<int>(), 5000);
    }

    void overRefundIsRefused_data()
    {
        QTest::addColumn<int>("first");
        QTest::addColumn<int>("second");
        QTest::addColumn<QString>("code");
        QTest::addRow("more than the charge") << 0 << 3801 << QStringLiteral("amount_too_large");
        QTest::addRow("more than what is left")
            << 3000 << 801 << QStringLiteral("amount_too_large");
        QTest::addRow("fully refunded") << 3800 << 1 << QStringLiteral("charge_already_refunded");
    }

    void overRefundIsRefused()
    {
        QFETCH(int, first);
        QFETCH(int, second);
        QFETCH(QString, code);
        if (first > 0)
            QVERIFY(!createRefund(QStringLiteral("ch_4417"), first).isEmpty());
        const HttpReply r =
            postRefund(*m_sim, form({{QStringLiteral("charge"), QStringLiteral("ch_4417")},
                                     {QStringLiteral("amount"), QString::number(second)}}));
        QCOMPARE(r.status, 400);
        QCOMPARE(errorType(r), QStringLiteral("invalid_request_error"));
        QCOMPARE(errorCode(r), code);
        QCOMPARE(r.header("stripe-should-retry"), QByteArray("false"));
        QCOMPARE(m_sim->ledger()["movements"].size(), first > 0 ? 1u : 0u);
    }

    void invalidRequestsAreRefused_data()
    {
        QTest::addColumn<QByteArray>("body");
        QTest::addColumn<int>("status");
        QTest::addColumn<QString>("code");
        QTest::addColumn<QString>("param");
        QTest::addRow("unknown charge")
            << QByteArray("charge=ch_nope&amount=1") << 404 << QStringLiteral("resource_missing")
            << QStringLiteral("charge");
        QTest::addRow("no charge")
            << QByteArray("amount=1") << 400 << QStringLiteral("parameter_missing")
            << QStringLiteral("charge");
        QTest::addRow("zero amount")
            << QByteArray("charge=ch_4417&amount=0") << 400
            << QStringLiteral("parameter_invalid_integer") << QStringLiteral("amount");
        QTest::addRow("text amount")
            << QByteArray("charge=ch_4417&amount=ten") << 400
            << QStringLiteral("parameter_invalid_integer") << QStringLiteral("amount");
        QTest::addRow("bad reason")
            << QByteArray("charge=ch_4417&reason=bored") << 400
            << QStringLiteral("parameter_invalid_string") << QStringLiteral("reason");
        QTest::addRow("unknown parameter") << QByteArray("charge=ch_4417&colour=red") << 400
                                           << QStringLiteral("parameter_unknown") << QString();
        QTest::addRow("bad percent escape")
            << QByteArray("charge=ch_4417&amount=%zz") << 400 << QString() << QString();
        QTest::addRow("invalid utf-8")
            << QByteArray("charge=ch_4417&metadata[a]=%ff%fe") << 400 << QString() << QString();
        QTest::addRow("json body") << QByteArray(R"({"charge":"ch_4417"})") << 400
                                   << QStringLiteral("parameter_unknown") << QString();
    }

    void invalidRequestsAreRefused()
    {
        QFETCH(QByteArray, body);
        QFETCH(int, status);
        QFETCH(QString, code);
        QFETCH(QString, param);
        const HttpReply r = postRefund(*m_sim, body, QStringLiteral("key-invalid"));
        QCOMPARE(r.status, status);
        QCOMPARE(errorType(r), QStringLiteral("invalid_request_error"));
        QVERIFY(!str(r.json()["error"], "message").isEmpty());
        if (!code.isNull())
            QCOMPARE(errorCode(r), code);
        if (!param.isNull())
            QCOMPARE(str(r.json()["error"], "param"), param);
        QCOMPARE(r.header("stripe-should-retry"), QByteArray("false"));
        // Validation errors are not stored: the key still works for a valid request.
        const HttpReply ok = postRefund(*m_sim, QByteArray("charge=ch_4417&amount=5"),
                                        QStringLiteral("key-invalid"));
        QCOMPARE(ok.status, 200);
        QVERIFY(ok.header("idempotent-replayed").isEmpty());
    }

    void authentication_data()
    {
        QTest::addColumn<QByteArray>("authorization");
        QTest::addColumn<int>("status");
        QTest::addRow("bearer") << QByteArray("Bearer sk_test_demo") << 200;
        QTest::addRow("basic, key as user")
            << ("Basic " + QByteArray("sk_test_demo:").toBase64()) << 200;
        QTest::addRow("missing") << QByteArray() << 401;
        QTest::addRow("unknown key") << QByteArray("Bearer sk_test_wrong") << 401;
        QTest::addRow("garbage basic") << QByteArray("Basic !!!") << 401;
    }

    void authentication()
    {
        QFETCH(QByteArray, authorization);
        QFETCH(int, status);
        HeaderList headers;
        if (!authorization.isEmpty())
            headers.append(std::pair<QByteArray, QByteArray>("Authorization", authorization));
        const HttpReply r = m_sim->request("POST", QStringLiteral("/v1/refunds"),
                                           "charge=ch_4417&amount=10", headers);
        QCOMPARE(r.status, status);
        if (status == 401) {
            QCOMPARE(errorType(r), QStringLiteral("invalid_request_error"));
            QVERIFY(!str(r.json()["error"], "message").isEmpty());
            QVERIFY(m_sim->ledger()["movements"].empty());
        }
    }

    void oversizedBodyIs413()
    {
        const QByteArray body = "charge=ch_4417&metadata[x]=" + QByteArray(1024 * 1024 + 10, 'a');
        const HttpReply r = postRefund(*m_sim, body);
        QCOMPARE(r.status, 413);
        QVERIFY(!str(r.json()["error"], "message").isEmpty());
        QVERIFY(r.header("request-id").startsWith("req_"));
        QVERIFY(m_sim->ledger()["movements"].empty());
        // Exactly at the limit is accepted (and then judged on its content).
        const QByteArray prefix = "charge=ch_4417&metadata[x]=";
        const HttpReply limit =
            postRefund(*m_sim, prefix + QByteArray(1024 * 1024 - prefix.size(), 'a'));
        QCOMPARE(limit.status, 400); // a 1 MiB metadata value is invalid, but not too large
        // The server still serves afterwards.
        QCOMPARE(stripeGet(*m_sim, QStringLiteral("/v1/charges/ch_4417")).status, 200);
    }

    void retrievesRefundAndCharge()
    {
        const QString id = createRefund(QStringLiteral("ch_eur"), 700);
        QVERIFY(!id.isEmpty());
        const HttpReply r = stripeGet(*m_sim, QStringLiteral("/v1/refunds/") + id);
        QCOMPARE(r.status, 200);
        QCOMPARE(str(r.json(), "id"), id);
        QCOMPARE(str(r.json(), "currency"), QStringLiteral("eur"));
        const auto charge = stripeGet(*m_sim, QStringLiteral("/v1/charges/ch_eur")).json();
        QCOMPARE(str(charge, "object"), QStringLiteral("charge"));
        QCOMPARE(charge["amount"].get<int>(), 2500);
        QCOMPARE(charge["amount_refunded"].get<int>(), 700);
        QCOMPARE(str(charge, "payment_intent"), QStringLiteral("pi_eur"));

        const HttpReply missing = stripeGet(*m_sim, QStringLiteral("/v1/refunds/re_missing"));
        QCOMPARE(missing.status, 404);
        QCOMPARE(errorCode(missing), QStringLiteral("resource_missing"));
        QCOMPARE(stripeGet(*m_sim, QStringLiteral("/v1/charges/ch_missing")).status, 404);
        QCOMPARE(stripeGet(*m_sim, QStringLiteral("/v1/nothing")).status, 404);
    }

    // GET /v1/payment_intents/{id}: the client finds the charge to refund from latest_charge.
    void retrievesPaymentIntent()
    {
        const HttpReply r = stripeGet(*m_sim, QStringLiteral("/v1/payment_intents/pi_eur"));
        QCOMPARE(r.status, 200);
        const auto pi = r.json();
        QCOMPARE(str(pi, "object"), QStringLiteral("payment_intent"));
        QCOMPARE(str(pi, "id"), QStringLiteral("pi_eur"));
        QCOMPARE(str(pi, "latest_charge"), QStringLiteral("ch_eur"));
        QCOMPARE(str(pi, "currency"), QStringLiteral("eur"));
        QCOMPARE(pi["amount"].get<int>(), 2500);

        const HttpReply missing = stripeGet(*m_sim, QStringLiteral("/v1/payment_intents/pi_none"));
        QCOMPARE(missing.status, 404);
        QCOMPARE(errorCode(missing), QStringLiteral("resource_missing"));
        // A charge id is not a PaymentIntent id.
        QCOMPARE(stripeGet(*m_sim, QStringLiteral("/v1/payment_intents/ch_eur")).status, 404);
    }

    void listsNewestFirstWithPagination()
    {
        QStringList ids; // creation order
        for (int i = 0; i < 5; ++i)
            ids << createRefund(QStringLiteral("ch_1002"), 100 + i);
        ids << createRefund(QStringLiteral("ch_4417"), 50);
        QVERIFY(!ids.contains(QString()));

        auto list = [this](const QString &query) {
            return stripeGet(*m_sim, QStringLiteral("/v1/refunds?") + query).json();
        };
        auto idsOf = [](const nlohmann::json &l) {
            QStringList out;
            for (const auto &r : l["data"])
                out << str(r, "id");
            return out;
        };

        const auto all = list(QStringLiteral("limit=100"));
        QCOMPARE(str(all, "object"), QStringLiteral("list"));
        QCOMPARE(str(all, "url"), QStringLiteral("/v1/refunds"));
        QCOMPARE(idsOf(all), (QStringList{ids[5], ids[4], ids[3], ids[2], ids[1], ids[0]}));
        QCOMPARE(all["has_more"].get<bool>(), false);

        const auto page1 = list(QStringLiteral("charge=ch_1002&limit=2"));
        QCOMPARE(idsOf(page1), (QStringList{ids[4], ids[3]}));
        QCOMPARE(page1["has_more"].get<bool>(), true);
        const auto page2 = list(QStringLiteral("charge=ch_1002&limit=2&starting_after=") + ids[3]);
        QCOMPARE(idsOf(page2), (QStringList{ids[2], ids[1]}));
        QCOMPARE(page2["has_more"].get<bool>(), true);
        const auto page3 = list(QStringLiteral("charge=ch_1002&limit=2&starting_after=") + ids[1]);
        QCOMPARE(idsOf(page3), (QStringList{ids[0]}));
        QCOMPARE(page3["has_more"].get<bool>(), false);
        const auto back = list(QStringLiteral("charge=ch_1002&limit=2&ending_before=") + ids[1]);
        QCOMPARE(idsOf(back), (QStringList{ids[3], ids[2]}));
        QCOMPARE(back["has_more"].get<bool>(), true);

        QCOMPARE(idsOf(list(QStringLiteral("payment_intent=pi_4417"))), QStringList{ids[5]});
        QCOMPARE(stripeGet(*m_sim, QStringLiteral("/v1/refunds?limit=0")).status, 400);
        QCOMPARE(stripeGet(*m_sim, QStringLiteral("/v1/refunds?limit=101")).status, 400);
        QCOMPARE(stripeGet(*m_sim, QStringLiteral("/v1/refunds?starting_after=re_nope")).status,
                 404);
    }

    void refundStatusesFromSeed()
    {
        const HttpReply pending = postRefund(*m_sim, "charge=ch_pending&amount=100");
        QCOMPARE(str(pending.json(), "status"), QStringLiteral("pending"));
        const HttpReply failed = postRefund(*m_sim, "charge=ch_declined&amount=100");
        QCOMPARE(str(failed.json(), "status"), QStringLiteral("failed"));
        QCOMPARE(str(failed.json(), "failure_reason"), QStringLiteral("expired_or_canceled_card"));
        // A failed refund moved no money.
        QCOMPARE(m_sim->ledger()["movements"].size(), 1u);
    }

    void eventsFilterByTypeAndTime()
    {
        const QString key = QStringLiteral("evt-key-1");
        QCOMPARE(
            postRefund(*m_sim, "charge=ch_4417&amount=100&metadata[operation_id]=op_e", key).status,
            200);
        const qint64 firstAt = m_sim->admin("GET", QStringLiteral("/_sim/clock"))["now_unix"];
        m_sim->advanceClock(3600);
        QCOMPARE(postRefund(*m_sim, "charge=ch_1001&amount=100").status, 200);

        auto events = [this](const QString &query) {
            return stripeGet(*m_sim, QStringLiteral("/v1/events?") + query).json();
        };
        const auto refundEvents = events(QStringLiteral("type=refund.*"));
        QCOMPARE(refundEvents["data"].size(), 2u);
        QCOMPARE(str(refundEvents, "object"), QStringLiteral("list"));
        const auto newest = refundEvents["data"][0];
        const auto oldest = refundEvents["data"][1];
        QCOMPARE(str(newest["data"]["object"], "charge"), QStringLiteral("ch_1001"));
        QVERIFY(newest["request"]["idempotency_key"].is_null());
        QCOMPARE(str(oldest, "type"), QStringLiteral("refund.created"));
        QCOMPARE(str(oldest["request"], "idempotency_key"), key);
        QVERIFY(str(oldest["request"], "id").startsWith(QLatin1String("req_")));
        QCOMPARE(str(oldest["data"]["object"]["metadata"], "operation_id"), QStringLiteral("op_e"));

        QCOMPARE(events(QStringLiteral("type=charge.refunded"))["data"].size(), 2u);
        QCOMPARE(events(QStringLiteral("type=charge.*"))["data"].size(), 2u);
        QCOMPARE(events(QStringLiteral("type=*"))["data"].size(), 4u);
        QCOMPARE(
            events(
                QStringLiteral("type=refund.created&created%5Bgt%5D=%1").arg(firstAt + 60))["data"]
                .size(),
            1u);
        QCOMPARE(
            events(QStringLiteral("type=refund.created&created[lte]=%1").arg(firstAt + 60))["data"]
                .size(),
            1u);
        QCOMPARE(events(QStringLiteral("created[gte]=%1&created[lt]=%2")
                            .arg(firstAt)
                            .arg(firstAt + 7200))["data"]
                     .size(),
                 4u);
        QCOMPARE(events(QStringLiteral("limit=1"))["has_more"].get<bool>(), true);
        QCOMPARE(stripeGet(*m_sim, QStringLiteral("/v1/events?created[gte]=soon")).status, 400);

        // Events older than 30 days are gone.
        m_sim->advanceClock(30 * 24 * 3600 - 1800);
        QCOMPARE(events(QStringLiteral("type=refund.*"))["data"].size(), 1u);
    }
};

QTEST_GUILESS_MAIN(TestSimStripe)
#include "tst_simstripe.moc"
