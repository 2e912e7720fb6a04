// provider-sim fault injection over real HTTP: each mode's contract (app/tools/providersim/README.md),
// route wildcards, count/probability, the seeded random source, stats, and a server that
// survives clients leaving in the middle of delayed replies.

#include "support/simtestutil.h"

#include <QElapsedTimer>

using namespace ops::test;

class TestSimFaults : public QObject
{
    Q_OBJECT

    std::unique_ptr<SimProcess> m_sim;

    static QByteArray refundBody()
    {
        return "charge=ch_1002&amount=300&metadata[operation_id]=op_f";
    }
    qsizetype movements() { return qsizetype(m_sim->ledger()["movements"].size()); }
    void fault(const nlohmann::json &rule)
    {
        const auto added = m_sim->admin("POST", QStringLiteral("/_sim/faults"), rule);
        QVERIFY2(added.contains("rule"), added.dump().c_str());
    }

    // Statuses of n GETs of a charge; 0 for a dropped connection.
    static QList<int> statusPattern(const SimProcess &sim, int n)
    {
        QList<int> out;
        for (int i = 0; i < n; ++i)
            out << stripeGet(sim, QStringLiteral("/v1/charges/ch_4417")).status;
        return out;
    }

private slots:
    void initTestCase()
    {
        m_sim = startDemoSim();
        QVERIFY2(m_sim->isRunning(), qPrintable(m_sim->error()));
    }

    void init() { m_sim->reset(); }

    void answeredBeforeClaimNothingStored_data()
    {
        QTest::addColumn<QString>("mode");
        QTest::addColumn<int>("status");
        QTest::addRow("503") << QStringLiteral("503") << 503;
        QTest::addRow("429") << QStringLiteral("429") << 429;
        QTest::addRow("drop_connection") << QStringLiteral("drop_connection") << 0;
    }

    void answeredBeforeClaimNothingStored()
    {
        QFETCH(QString, mode);
        QFETCH(int, status);
        fault({{"route", "POST /v1/refunds"}, {"mode", mode.toStdString()}, {"count", 1}});
        const QString key = QStringLiteral("pre-claim-") + mode;
        const HttpReply r = postRefund(*m_sim, refundBody(), key);
        QCOMPARE(r.status, status);
        if (status != 0) {
            QCOMPARE(r.header("stripe-should-retry"), QByteArray("true"));
            QVERIFY(!str(r.json()["error"], "message").isEmpty());
            QVERIFY(r.header("request-id").startsWith("req_"));
        }
        QCOMPARE(movements(), 0);
        // Nothing was stored under the key: the retry runs for real.
        const HttpReply retry = postRefund(*m_sim, refundBody(), key);
        QCOMPARE(retry.status, 200);
        QVERIFY(retry.header("idempotent-replayed").isEmpty());
        QCOMPARE(movements(), 1);
        const auto log = m_sim->requests()["requests"];
        QCOMPARE(str(log[0], "fault"), mode);
        if (status == 0)
            QVERIFY(log[0]["status"].is_null());
        else
            QCOMPARE(log[0]["status"].get<int>(), status);
    }

    void latencyAnswersAfterTheDelay()
    {
        fault({{"route", "GET /v1/charges/*"}, {"mode", "latency"}, {"delay_ms", 400}});
        QElapsedTimer t;
        t.start();
        const HttpReply r = stripeGet(*m_sim, QStringLiteral("/v1/charges/ch_4417"));
        QCOMPARE(r.status, 200);
        QVERIFY2(t.elapsed() >= 380, qPrintable(QString::number(t.elapsed())));
        QCOMPARE(m_sim->faultStats()["injected"]["latency"].get<int>(), 1);
    }

    void commitThenHangAppliesThenAnswersLate()
    {
        fault({{"route", "POST /v1/refunds"},
               {"mode", "commit_then_hang"},
               {"count", 1},
               {"delay_ms", 600}});
        QElapsedTimer t;
        t.start();
        const HttpReply r = postRefund(*m_sim, refundBody(), QStringLiteral("cth-late"));
        QCOMPARE(r.status, 200);
        QVERIFY(t.elapsed() >= 580);
        QCOMPARE(movements(), 1);
    }

    void commitThenHangSurvivesAGoneClient_data()
    {
        QTest::addColumn<int>("delayMs");
        QTest::addRow("answer after the client left") << 800;
        QTest::addRow("never answer") << -1;
    }

    void commitThenHangSurvivesAGoneClient()
    {
        QFETCH(int, delayMs);
        fault({{"route", "POST /v1/refunds"},
               {"mode", "commit_then_hang"},
               {"count", 1},
               {"delay_ms", delayMs}});
        const QString key = QStringLiteral("cth-gone");
        {
            RawHttpConnection client(QStringLiteral("127.0.0.1"), m_sim->port());
            QVERIFY(client.send("POST", QStringLiteral("/v1/refunds"), refundBody(),
                                stripeHeaders(key)));
            const HttpReply timedOut = client.receive(300); // the client's timeout
            QCOMPARE(timedOut.status, 0);
            client.abort(); // the client gives up while the server still holds the reply
        }
        QTest::qWait(delayMs > 0 ? delayMs + 300 : 300); // the delayed write meets no socket
        QVERIFY(m_sim->isRunning());
        QCOMPARE(m_sim->request("GET", QStringLiteral("/_sim/health")).status, 200);
        // The refund was applied once; the client's retry with the key gets the stored answer.
        QCOMPARE(movements(), 1);
        const HttpReply retry = postRefund(*m_sim, refundBody(), key);
        QCOMPARE(retry.status, 200);
        QCOMPARE(retry.header("idempotent-replayed"), QByteArray("true"));
        QCOMPARE(movements(), 1);
        const auto log = m_sim->requests()["requests"];
        QVERIFY(log[0]["status"].is_null()); // no reply ever reached the first client
        QCOMPARE(str(log[0], "body"), str(log[1], "body"));
    }

    // A client that times out and leaves before a delayed answer: the server must drop the
    // answer, not crash writing to a socket whose end Qt has not yet seen close.
    void lateReplyAfterTheClientLeft_data()
    {
        QTest::addColumn<QString>("mode");
        QTest::addColumn<QString>("route");
        QTest::addColumn<bool>("clean");
        const QString refunds = QStringLiteral("/v1/refunds");
        const QString topup = QStringLiteral("/v1/customers/u_1/topup");
        for (const bool clean : {true, false}) {
            const char *how = clean ? "FIN" : "RST";
            QTest::addRow("latency, stripe, %s", how) << QStringLiteral("latency") << refunds << clean;
            QTest::addRow("commit_then_hang, stripe, %s", how)
                << QStringLiteral("commit_then_hang") << refunds << clean;
            QTest::addRow("latency, slen, %s", how) << QStringLiteral("latency") << topup << clean;
        }
    }

    void lateReplyAfterTheClientLeft()
    {
        QFETCH(QString, mode);
        QFETCH(QString, route);
        QFETCH(bool, clean);
        const bool slen = route.contains(QStringLiteral("customers"));
        fault({{"route", "POST " + route.toStdString()},
               {"mode", mode.toStdString()},
               {"count", 1},
               {"delay_ms", 600}});
        HeaderList headers = stripeHeaders(QStringLiteral("clean-close"));
        QByteArray body = refundBody();
        if (slen) {
            headers.append(std::pair<QByteArray, QByteArray>("Content-Type", "application/json"));
            body = R"({"credit_type":"credits","amount":5})";
        }
        {
            RawHttpConnection client(QStringLiteral("127.0.0.1"), m_sim->port());
            QVERIFY(client.send("POST", route, body, headers));
            QCOMPARE(client.receive(200).status, 0);
            if (clean)
                client.close();
            else
                client.abort();
        }
        QTest::qWait(900);
        QVERIFY(m_sim->isRunning());
        QCOMPARE(m_sim->request("GET", QStringLiteral("/_sim/health")).status, 200);
        QVERIFY(m_sim->requests()["requests"][0]["status"].is_null());
    }

    void hangBeforeCommitHoldsUntilTheClientLeaves()
    {
        fault({{"route", "POST /v1/refunds"}, {"mode", "hang_before_commit"}, {"count", 1}});
        const QString key = QStringLiteral("hbc-gone");
        auto client =
            std::make_unique<RawHttpConnection>(QStringLiteral("127.0.0.1"), m_sim->port());
        QVERIFY(
            client->send("POST", QStringLiteral("/v1/refunds"), refundBody(), stripeHeaders(key)));
        QTest::qWait(200);
        QCOMPARE(postRefund(*m_sim, refundBody(), key).status, 409);
        client.reset(); // the client leaves; the claim goes with it
        QTest::qWait(200);
        const HttpReply retry = postRefund(*m_sim, refundBody(), key);
        QCOMPARE(retry.status, 200);
        QVERIFY(retry.header("idempotent-replayed").isEmpty());
        QCOMPARE(movements(), 1);
    }

    void hangBeforeCommitDropsAfterTheDelay()
    {
        fault({{"route", "POST /v1/refunds"},
               {"mode", "hang_before_commit"},
               {"count", 1},
               {"delay_ms", 300}});
        const HttpReply r = postRefund(*m_sim, refundBody(), QStringLiteral("hbc-delay"), 5000);
        QCOMPARE(r.status, 0);
        QCOMPARE(r.error, QStringLiteral("closed without reply"));
        QCOMPARE(movements(), 0);
    }

    void countFiresExactlyNTimes()
    {
        fault({{"route", "GET /v1/charges/*"}, {"mode", "503"}, {"count", 2}});
        QCOMPARE(statusPattern(*m_sim, 4), (QList<int>{503, 503, 200, 200}));
        QVERIFY(m_sim->admin("GET", QStringLiteral("/_sim/faults"))["rules"].empty());
    }

    void routePatterns_data()
    {
        QTest::addColumn<QString>("route");
        QTest::addColumn<QByteArray>("method");
        QTest::addColumn<QString>("path");
        QTest::addColumn<bool>("hit");
        QTest::addRow("exact") << QStringLiteral("GET /v1/charges/ch_4417") << QByteArray("GET")
                               << QStringLiteral("/v1/charges/ch_4417") << true;
        QTest::addRow("everything")
            << QStringLiteral("*") << QByteArray("GET") << QStringLiteral("/v1/refunds") << true;
        QTest::addRow("slen topup")
            << QStringLiteral("POST /v1/customers/*/topup") << QByteArray("POST")
            << QStringLiteral("/v1/customers/u_1/topup") << true;
        QTest::addRow("slen topup vs charge")
            << QStringLiteral("POST /v1/customers/*/topup") << QByteArray("POST")
            << QStringLiteral("/v1/customers/u_1/charge") << false;
        QTest::addRow("method matters") << QStringLiteral("POST /v1/refunds") << QByteArray("GET")
                                        << QStringLiteral("/v1/refunds") << false;
        QTest::addRow("admin never faulted")
            << QStringLiteral("*") << QByteArray("GET") << QStringLiteral("/_sim/ledger") << false;
    }

    void routePatterns()
    {
        QFETCH(QString, route);
        QFETCH(QByteArray, method);
        QFETCH(QString, path);
        QFETCH(bool, hit);
        fault({{"route", route.toStdString()}, {"mode", "429"}});
        const HttpReply r =
            m_sim->request(method, path, method == "POST" ? "{}" : "", stripeHeaders());
        QCOMPARE(r.status == 429, hit);
    }

    void seededProbabilityRepeats()
    {
        const nlohmann::json rule = {
            {"route", "GET /v1/charges/*"}, {"mode", "503"}, {"probability", 0.3}};
        auto run = [&](const QStringList &args) {
            auto sim = startDemoSim(args);
            sim->addFault(rule);
            return statusPattern(*sim, 40);
        };
        const QList<int> a = run({QStringLiteral("--fault-seed"), QStringLiteral("42")});
        const QList<int> b = run({QStringLiteral("--fault-seed"), QStringLiteral("42")});
        const QList<int> c = run({QStringLiteral("--fault-seed"), QStringLiteral("7")});
        QCOMPARE(a, b);
        QVERIFY(a != c);
        const auto fired = a.count(503);
        QVERIFY2(fired > 2 && fired < 25, qPrintable(QString::number(fired))); // ~12 expected

        // Reseeding at runtime gives the same sequence as the command-line seed.
        fault(
            {{"seed", 42}, {"route", "GET /v1/charges/*"}, {"mode", "503"}, {"probability", 0.3}});
        QCOMPARE(statusPattern(*m_sim, 40), a);
    }

    void statsCountEachMode()
    {
        fault({{"route", "GET /v1/charges/*"}, {"mode", "429"}, {"count", 2}});
        fault({{"route", "GET /v1/charges/*"}, {"mode", "503"}, {"count", 1}});
        statusPattern(*m_sim, 4);
        const auto stats = m_sim->faultStats();
        QCOMPARE(stats["injected"]["429"].get<int>(), 2);
        QCOMPARE(stats["injected"]["503"].get<int>(), 1);
        QCOMPARE(stats["total"].get<int>(), 3);
        m_sim->clearFaults();
        QCOMPARE(m_sim->faultStats()["total"].get<int>(), 0);
        QCOMPARE(statusPattern(*m_sim, 1), QList<int>{200});
    }

    void invalidRulesAreRefused_data()
    {
        QTest::addColumn<QByteArray>("rule");
        QTest::addRow("unknown mode") << QByteArray(R"({"route":"*","mode":"explode"})");
        QTest::addRow("no mode") << QByteArray(R"({"route":"*"})");
        QTest::addRow("probability > 1") << QByteArray(R"({"mode":"503","probability":2})");
        QTest::addRow("count 0") << QByteArray(R"({"mode":"503","count":0})");
        QTest::addRow("route not a string") << QByteArray(R"({"mode":"503","route":5})");
        QTest::addRow("not json") << QByteArray("{mode:");
    }

    void invalidRulesAreRefused()
    {
        QFETCH(QByteArray, rule);
        const HttpReply r = m_sim->request("POST", QStringLiteral("/_sim/faults"), rule);
        QCOMPARE(r.status, 400);
        QVERIFY(!str(r.json()["error"], "message").isEmpty());
        QVERIFY(m_sim->admin("GET", QStringLiteral("/_sim/faults"))["rules"].empty());
    }
};

QTEST_GUILESS_MAIN(TestSimFaults)
#include "tst_simfaults.moc"
