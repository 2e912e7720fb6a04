// Stripe idempotency in provider-sim over real HTTP (docs/design.md §5): replay with
// Idempotent-Replayed, parameter and endpoint mismatches, stored 500s, concurrent requests,
// 24 h of simulator time, and keys scoped per API key project.

#include "support/simtestutil.h"

using namespace ops::test;

class TestSimIdempotency : public QObject
{
    Q_OBJECT

    std::unique_ptr<SimProcess> m_sim;

    static QByteArray refundBody(int amount = 500, const QString &op = QStringLiteral("op_1"))
    {
        return form({{QStringLiteral("charge"), QStringLiteral("ch_4417")},
                     {QStringLiteral("amount"), QString::number(amount)},
                     {QStringLiteral("metadata[operation_id]"), op}});
    }

    qsizetype movements() { return qsizetype(m_sim->ledger()["movements"].size()); }

private slots:
    void initTestCase()
    {
        m_sim = startDemoSim();
        QVERIFY2(m_sim->isRunning(), qPrintable(m_sim->error()));
    }

    void init() { m_sim->reset(); }

    void sameKeyReplaysTheFirstResponse()
    {
        const QString key = QStringLiteral("a3c1a8a2-5a9e-4c38-9c55-0c2f4f1a8e01");
        const HttpReply first = postRefund(*m_sim, refundBody(), key);
        QCOMPARE(first.status, 200);
        const HttpReply second = postRefund(*m_sim, refundBody(), key);
        QCOMPARE(second.status, 200);
        QCOMPARE(second.header("idempotent-replayed"), QByteArray("true"));
        QCOMPARE(second.body, first.body);
        QCOMPARE(second.header("idempotency-key"), key.toUtf8());
        QCOMPARE(second.header("original-request"), first.header("request-id"));
        QVERIFY(second.header("request-id") != first.header("request-id"));
        QCOMPARE(movements(), 1);
        // The request log shows the two byte-identical sends, the second replayed.
        const auto log = m_sim->requests()["requests"];
        QCOMPARE(log.size(), 2u);
        QCOMPARE(log[0]["body"], log[1]["body"]);
        QCOMPARE(log[0]["replayed"].get<bool>(), false);
        QCOMPARE(log[1]["replayed"].get<bool>(), true);
        QCOMPARE(log[1]["status"].get<int>(), 200);
    }

    void parameterOrderDoesNotMatter()
    {
        const QString key = QStringLiteral("order-key");
        QCOMPARE(postRefund(*m_sim, "charge=ch_4417&amount=10&metadata[a]=1", key).status, 200);
        const HttpReply again = postRefund(*m_sim, "metadata[a]=1&amount=10&charge=ch_4417", key);
        QCOMPARE(again.status, 200);
        QCOMPARE(again.header("idempotent-replayed"), QByteArray("true"));
    }

    void mismatchIsIdempotencyError_data()
    {
        QTest::addColumn<QByteArray>("secondMethodPath");
        QTest::addColumn<QByteArray>("secondBody");
        QTest::addRow("other amount") << QByteArray("POST /v1/refunds") << refundBody(501);
        QTest::addRow("other metadata")
            << QByteArray("POST /v1/refunds") << refundBody(500, QStringLiteral("op_2"));
        QTest::addRow("other endpoint")
            << QByteArray("POST /v1/refunds/{first}") << QByteArray("metadata[x]=1");
    }

    void mismatchIsIdempotencyError()
    {
        QFETCH(QByteArray, secondMethodPath);
        QFETCH(QByteArray, secondBody);
        const QString key = QStringLiteral("mismatch-key");
        const HttpReply first = postRefund(*m_sim, refundBody(), key);
        QCOMPARE(first.status, 200);
        const QString path = QString::fromLatin1(secondMethodPath.mid(5))
                                 .replace(QStringLiteral("{first}"), str(first.json(), "id"));
        const HttpReply second = m_sim->request("POST", path, secondBody, stripeHeaders(key));
        QCOMPARE(second.status, 400);
        QCOMPARE(errorType(second), QStringLiteral("idempotency_error"));
        QCOMPARE(second.header("stripe-should-retry"), QByteArray("false"));
        QVERIFY(second.header("idempotent-replayed").isEmpty());
        QCOMPARE(movements(), 1);
        // The stored response is untouched by the rejected request.
        const HttpReply third = postRefund(*m_sim, refundBody(), key);
        QCOMPARE(third.header("idempotent-replayed"), QByteArray("true"));
        QCOMPARE(third.body, first.body);
    }

    void overRefundErrorIsStoredAndReplayed()
    {
        // amount_too_large comes from the endpoint running, so it is stored under the key
        // (validation errors are not; see TestSimStripe::invalidRequestsAreRefused).
        const QString key = QStringLiteral("too-large-key");
        const HttpReply first = postRefund(*m_sim, refundBody(9999), key);
        QCOMPARE(errorCode(first), QStringLiteral("amount_too_large"));
        const HttpReply second = postRefund(*m_sim, refundBody(9999), key);
        QCOMPARE(second.status, 400);
        QCOMPARE(second.header("idempotent-replayed"), QByteArray("true"));
        QCOMPARE(second.body, first.body);
    }

    void stored500Replays_data()
    {
        QTest::addColumn<bool>("apply");
        QTest::addColumn<int>("expectedMovements");
        QTest::addRow("not applied") << false << 0;
        QTest::addRow("applied") << true << 1;
    }

    void stored500Replays()
    {
        QFETCH(bool, apply);
        QFETCH(int, expectedMovements);
        m_sim->addFault({{"route", "POST /v1/refunds"},
                         {"mode", "stored_500"},
                         {"count", 1},
                         {"apply", apply}});
        const QString key = QStringLiteral("k500");
        const HttpReply first = postRefund(*m_sim, refundBody(), key);
        QCOMPARE(first.status, 500);
        QCOMPARE(errorType(first), QStringLiteral("api_error"));
        QCOMPARE(first.header("stripe-should-retry"), QByteArray("false"));
        for (int i = 0; i < 2; ++i) {
            const HttpReply again = postRefund(*m_sim, refundBody(), key);
            QCOMPARE(again.status, 500);
            QCOMPARE(again.header("idempotent-replayed"), QByteArray("true"));
            QCOMPARE(again.body, first.body);
        }
        QCOMPARE(movements(), expectedMovements);
        // A new key is a new request and runs (the fault was count 1).
        QCOMPARE(postRefund(*m_sim, refundBody(), QStringLiteral("k500-new")).status, 200);
    }

    void concurrentRequestGets409_data()
    {
        QTest::addColumn<QString>("mode");
        QTest::addColumn<int>("firstStatus"); // 0: the first connection is dropped
        QTest::addColumn<int>("expectedMovements");
        QTest::addRow("hang_before_commit") << QStringLiteral("hang_before_commit") << 0 << 0;
        QTest::addRow("latency") << QStringLiteral("latency") << 200 << 1;
    }

    void concurrentRequestGets409()
    {
        QFETCH(QString, mode);
        QFETCH(int, firstStatus);
        QFETCH(int, expectedMovements);
        m_sim->addFault({{"route", "POST /v1/refunds"},
                         {"mode", mode.toStdString()},
                         {"count", 1},
                         {"delay_ms", 1500}});
        const QString key = QStringLiteral("concurrent-key");
        RawHttpConnection a(QStringLiteral("127.0.0.1"), m_sim->port());
        QVERIFY(a.send("POST", QStringLiteral("/v1/refunds"), refundBody(), stripeHeaders(key)));
        QTest::qWait(200); // let the first request claim the key
        const HttpReply second = postRefund(*m_sim, refundBody(), key);
        QCOMPARE(second.status, 409);
        QCOMPARE(errorType(second), QStringLiteral("idempotency_error"));
        QCOMPARE(errorCode(second), QStringLiteral("idempotency_key_in_use"));
        QCOMPARE(second.header("stripe-should-retry"), QByteArray("true"));

        const HttpReply first = a.receive(5000);
        QCOMPARE(first.status, firstStatus);
        QCOMPARE(movements(), expectedMovements);
        // Nothing was stored for the 409; after the first request ends the key either
        // replays (latency) or runs as new (hang_before_commit released it).
        const HttpReply third = postRefund(*m_sim, refundBody(), key);
        QCOMPARE(third.status, 200);
        QCOMPARE(third.header("idempotent-replayed").isEmpty(), firstStatus == 0);
        QCOMPARE(movements(), 1);
    }

    void keyRunsAsNewAfter24HoursOfSimulatorTime()
    {
        const QString key = QStringLiteral("day-key");
        QCOMPARE(postRefund(*m_sim, refundBody(), key).status, 200);
        m_sim->advanceClock(24 * 3600 - 60);
        QCOMPARE(postRefund(*m_sim, refundBody(), key).header("idempotent-replayed"),
                 QByteArray("true"));
        QCOMPARE(movements(), 1);
        m_sim->advanceClock(120);
        const HttpReply later = postRefund(*m_sim, refundBody(), key);
        QCOMPARE(later.status, 200);
        QVERIFY(later.header("idempotent-replayed").isEmpty());
        QCOMPARE(movements(), 2);
        // Pruned means forgotten: other parameters are now accepted under the key too.
        m_sim->advanceClock(24 * 3600);
        QCOMPARE(postRefund(*m_sim, refundBody(77), key).status, 200);
    }

    void pruneKeyFaultForgetsTheKey()
    {
        const QString key = QStringLiteral("prune-key");
        QCOMPARE(postRefund(*m_sim, refundBody(), key).status, 200);
        m_sim->addFault({{"route", "POST /v1/refunds"}, {"mode", "prune_key"}, {"count", 1}});
        const HttpReply again = postRefund(*m_sim, refundBody(), key);
        QCOMPARE(again.status, 200);
        QVERIFY(again.header("idempotent-replayed").isEmpty());
        QCOMPARE(movements(), 2); // the double refund a lost key causes
    }

    void keysAreScopedPerProject()
    {
        m_sim->seed({{"api_keys", {{{"key", "sk_test_other"}, {"project", "other"}}}}});
        const QString key = QStringLiteral("shared-key");
        QCOMPARE(postRefund(*m_sim, refundBody(), key).status, 200);
        const HttpReply other =
            m_sim->request("POST", QStringLiteral("/v1/refunds"), refundBody(600),
                           stripeHeaders(key, "Bearer sk_test_other"));
        QCOMPARE(other.status, 200);
        QVERIFY(other.header("idempotent-replayed").isEmpty());
        QCOMPARE(movements(), 2);
    }

    void keyLengthAndAbsence()
    {
        const HttpReply tooLong = postRefund(*m_sim, refundBody(), QString(256, u'k'));
        QCOMPARE(tooLong.status, 400);
        QCOMPARE(errorType(tooLong), QStringLiteral("invalid_request_error"));
        QCOMPARE(postRefund(*m_sim, refundBody(), QString(255, u'k')).status, 200);
        // Without a key every request runs.
        QCOMPARE(postRefund(*m_sim, refundBody(1)).status, 200);
        QCOMPARE(postRefund(*m_sim, refundBody(1)).status, 200);
        QCOMPARE(movements(), 3);
    }

    void ledgerRecordsKeyAndOperation()
    {
        QCOMPARE(postRefund(*m_sim, refundBody(250, QStringLiteral("op_ledger")),
                            QStringLiteral("ledger-key"))
                     .status,
                 200);
        const auto m = m_sim->ledger()["movements"];
        QCOMPARE(m.size(), 1u);
        QCOMPARE(str(m[0], "provider"), QStringLiteral("stripe"));
        QCOMPARE(str(m[0], "kind"), QStringLiteral("refund"));
        QVERIFY(str(m[0], "id").startsWith(QLatin1String("re_")));
        QCOMPARE(str(m[0], "charge"), QStringLiteral("ch_4417"));
        QCOMPARE(m[0]["amount"].get<int>(), 250);
        QCOMPARE(str(m[0], "currency"), QStringLiteral("usd"));
        QCOMPARE(str(m[0], "idempotency_key"), QStringLiteral("ledger-key"));
        QCOMPARE(str(m[0], "operation_id"), QStringLiteral("op_ledger"));
        QVERIFY(QDateTime::fromString(str(m[0], "at"), Qt::ISODateWithMs).isValid());
    }
};

QTEST_GUILESS_MAIN(TestSimIdempotency)
#include "tst_simidempotency.moc"
