// provider-sim's admin surface (/_sim/…) and the message sink over real HTTP: runtime seeding,
// the clock, the bounded request log, messages with Idempotency-Key, reset, loopback-only.

#include "support/simtestutil.h"
#include "support/testpaths.h"

#include <QNetworkInterface>

using namespace ops::test;

class TestSimAdmin : public QObject
{
    Q_OBJECT

    std::unique_ptr<SimProcess> m_sim;

    HttpReply postMessage(const QString &conversation, const QByteArray &body,
                          const QString &key = {})
    {
        HeaderList h;
        h.append(std::pair<QByteArray, QByteArray>("Content-Type", "application/json"));
        if (!key.isNull())
            h.append(std::pair<QByteArray, QByteArray>("Idempotency-Key", key.toUtf8()));
        return m_sim->request(
            "POST", QStringLiteral("/v1/conversations/%1/messages").arg(conversation), body, h);
    }

private slots:
    void initTestCase()
    {
        m_sim = startDemoSim();
        QVERIFY2(m_sim->isRunning(), qPrintable(m_sim->error()));
    }

    void init() { m_sim->reset(); }

    void seedAtRuntime()
    {
        m_sim->seed({{"api_keys", {{{"key", "sk_test_new"}, {"project", "p2"}}}},
                     {"charges", {{{"id", "ch_new"}, {"amount", 999}, {"currency", "gbp"}}}}});
        const HttpReply r = m_sim->request("GET", QStringLiteral("/v1/charges/ch_new"), {},
                                           stripeHeaders({}, "Bearer sk_test_new"));
        QCOMPARE(r.status, 200);
        QCOMPARE(r.json()["amount"].get<int>(), 999);
        QCOMPARE(str(r.json(), "currency"), QStringLiteral("gbp"));

        const HttpReply bad = m_sim->request("POST", QStringLiteral("/_sim/seed"),
                                             R"({"charges":[{"id":"ch_bad"}]})");
        QCOMPARE(bad.status, 400);
        QCOMPARE(str(bad.json()["error"], "code"), QStringLiteral("invalid_seed"));
    }

    void resetKeepsSeedsAndClearsActivity()
    {
        m_sim->seed({{"charges", {{{"id", "ch_runtime"}, {"amount", 100}}}}});
        QCOMPARE(postRefund(*m_sim, "charge=ch_runtime&amount=100", QStringLiteral("r1")).status,
                 200);
        m_sim->addFault({{"route", "GET /nothing"}, {"mode", "503"}});
        m_sim->advanceClock(3600);
        m_sim->reset();
        QVERIFY(m_sim->ledger()["movements"].empty());
        QVERIFY(m_sim->requests()["requests"].empty());
        QVERIFY(m_sim->admin("GET", QStringLiteral("/_sim/faults"))["rules"].empty());
        QVERIFY(std::abs(m_sim->admin("GET", QStringLiteral("/_sim/clock"))["offset_seconds"]
                             .get<qint64>()) < 5);
        // The runtime seed is still there and its refund is undone; the key is forgotten.
        const auto charge = stripeGet(*m_sim, QStringLiteral("/v1/charges/ch_runtime")).json();
        QCOMPARE(charge["amount_refunded"].get<int>(), 0);
        const HttpReply again =
            postRefund(*m_sim, "charge=ch_runtime&amount=100", QStringLiteral("r1"));
        QCOMPARE(again.status, 200);
        QVERIFY(again.header("idempotent-replayed").isEmpty());
    }

    void clock()
    {
        const auto before = m_sim->admin("GET", QStringLiteral("/_sim/clock"));
        QVERIFY(before.contains("now"));
        const auto advanced =
            m_sim->admin("POST", QStringLiteral("/_sim/clock"), {{"advance_seconds", 86400}});
        QVERIFY(advanced["now_unix"].get<qint64>() - before["now_unix"].get<qint64>() >= 86400);
        const auto set =
            m_sim->admin("POST", QStringLiteral("/_sim/clock"), {{"now", "2030-01-02T03:04:05Z"}});
        QVERIFY(str(set, "now").startsWith(QLatin1String("2030-01-02T03:04:0")));
        // Provider objects carry simulator time.
        const HttpReply r = postRefund(*m_sim, "charge=ch_4417&amount=1");
        const qint64 created = r.json()["created"];
        const qint64 expected =
            QDateTime(QDate(2030, 1, 2), QTime(3, 4, 5), Qt::UTC).toSecsSinceEpoch();
        QVERIFY(created >= expected && created < expected + 60);
        const HttpReply bad =
            m_sim->request("POST", QStringLiteral("/_sim/clock"), R"({"now":"yesterday"})");
        QCOMPARE(bad.status, 400);
        QCOMPARE(m_sim->request("POST", QStringLiteral("/_sim/clock"), "{}").status, 400);
    }

    void requestLogIsBounded()
    {
        RawHttpConnection c(QStringLiteral("127.0.0.1"), m_sim->port());
        const int total = 10000 + 25;
        for (int i = 0; i < total; ++i) {
            const HttpReply r =
                c.request("GET", QStringLiteral("/v1/charges/ch_x%1").arg(i), {}, stripeHeaders());
            QCOMPARE(r.status, 404);
        }
        const auto log = m_sim->requests();
        QCOMPARE(log["requests"].size(), 10000u);
        QCOMPARE(log["dropped"].get<int>(), 25);
        QCOMPARE(str(log["requests"][0], "path"), QStringLiteral("/v1/charges/ch_x25"));
        const auto filtered =
            m_sim->admin("GET", QStringLiteral("/_sim/requests?path=/v1/charges/ch_x9999"));
        QCOMPARE(filtered["requests"].size(), 1u);
    }

    void messageSinkHonoursIdempotencyKey()
    {
        const QByteArray body = R"({"body":"We are checking your refund."})";
        const HttpReply first = postMessage(QStringLiteral("conv_1"), body, QStringLiteral("m-1"));
        QCOMPARE(first.status, 200);
        QVERIFY(str(first.json(), "id").startsWith(QLatin1String("msg_")));
        const HttpReply replay = postMessage(QStringLiteral("conv_1"), body, QStringLiteral("m-1"));
        QCOMPARE(replay.status, 200);
        QCOMPARE(replay.header("idempotent-replayed"), QByteArray("true"));
        QCOMPARE(replay.body, first.body);
        const HttpReply other = postMessage(QStringLiteral("conv_1"), R"({"body":"Refund done!"})",
                                            QStringLiteral("m-1"));
        QCOMPARE(other.status, 400);
        QCOMPARE(errorType(other), QStringLiteral("idempotency_error"));
        QCOMPARE(postMessage(QStringLiteral("conv_2"), body, QStringLiteral("m-1")).status, 400);
        QCOMPARE(postMessage(QStringLiteral("conv_1"), body).status, 200); // no key: stored

        const auto messages = m_sim->messages()["messages"];
        QCOMPARE(messages.size(), 2u);
        QCOMPARE(str(messages[0], "conversation"), QStringLiteral("conv_1"));
        QCOMPARE(str(messages[0], "body"), QStringLiteral("We are checking your refund."));
        QCOMPARE(str(messages[0], "idempotency_key"), QStringLiteral("m-1"));
        QVERIFY(!str(messages[0], "at").isEmpty());
        QCOMPARE(str(messages[1], "idempotency_key"), QString());
    }

    void messageSinkRejectsMalformedBodies_data()
    {
        QTest::addColumn<QByteArray>("body");
        QTest::addRow("not json") << QByteArray("body=hello");
        QTest::addRow("no body field") << QByteArray(R"({"text":"hi"})");
        QTest::addRow("empty body") << QByteArray(R"({"body":""})");
    }

    void messageSinkRejectsMalformedBodies()
    {
        QFETCH(QByteArray, body);
        const HttpReply r = postMessage(QStringLiteral("conv_1"), body, QStringLiteral("bad"));
        QCOMPARE(r.status, 400);
        QVERIFY(!str(r.json()["error"], "message").isEmpty());
        QVERIFY(m_sim->messages()["messages"].empty());
    }

    void unknownAdminRouteIs404()
    {
        QCOMPARE(m_sim->request("GET", QStringLiteral("/_sim/nothing")).status, 404);
        QCOMPARE(m_sim->request("POST", QStringLiteral("/_sim/seed"), "{not json").status, 400);
    }

    void adminAnswersLoopbackOnly()
    {
        QHostAddress external;
        for (const QHostAddress &a : QNetworkInterface::allAddresses()) {
            if (!a.isLoopback() && a.protocol() == QAbstractSocket::IPv4Protocol) {
                external = a;
                break;
            }
        }
        if (external.isNull())
            QSKIP("no non-loopback IPv4 address on this machine");
        SimProcess sim(ops::test::providerSimPath());
        QVERIFY2(sim.start({QStringLiteral("--listen"), QStringLiteral("0.0.0.0:0"),
                            QStringLiteral("--allow-non-loopback")}),
                 qPrintable(sim.error()));
        RawHttpConnection remote(external.toString(), sim.port());
        const HttpReply r = remote.request("GET", QStringLiteral("/_sim/ledger"));
        QCOMPARE(r.status, 403);
        QCOMPARE(sim.request("GET", QStringLiteral("/_sim/ledger")).status, 200);
    }
};

QTEST_GUILESS_MAIN(TestSimAdmin)
#include "tst_simadmin.moc"
