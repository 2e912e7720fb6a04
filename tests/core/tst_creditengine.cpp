// Credit movements against the real provider-sim over loopback HTTP, on real SQLite files
// (or PostgreSQL, where the engine logs in as the agent: issue 50): the engine's rules for
// top-up, charge and adjust, and work names.

#include "support/slenenginefixture.h"

#include <QTest>

using namespace Qt::StringLiterals;
using namespace ops;
using nlohmann::json;
using ops::test::field;
using ops::test::status;
using ops::test::str;
using Harness = ops::test::SlenEngineHarness;

class TestCreditEngine : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
    void credit_succeedsOnceAndLaterCallsSendNothing();
    void credit_outcomes_data();
    void credit_outcomes();
    void credit_conflictGoesToAPerson();
    void credit_replayAfter24hIsSuccess();
    void credit_ourWindowClosesBeforeTheProviderForgets();
    void credit_rejectedChargeRetriedAfterTopup();
    void credit_workNameForAnotherMovementIsRefused();
    void credit_adjustMaySubtract();
    void credit_sameWorkNameInTwoProjectsIsTwoOperations();
    void workName_190Works191RefusedNothingStored();
    void workName_emptyRefusedBeforeAnyRequest();
    void credit_badInputStoresAndSendsNothing_data();
    void credit_badInputStoresAndSendsNothing();
    void transport_attemptsMatchRequestsOnADroppedConnection();
};

void TestCreditEngine::initTestCase()
{
    const QString error = ops::test::prepareRoles();
    QVERIFY2(error.isEmpty(), qPrintable(error));
}

void TestCreditEngine::cleanupTestCase()
{
    const QString error = ops::test::dropRoles();
    QVERIFY2(error.isEmpty(), qPrintable(error));
}

void TestCreditEngine::credit_succeedsOnceAndLaterCallsSendNothing()
{
    Harness h;
    QVERIFY2(h.start(), qPrintable(h.sim.error()));
    const ToolResult first = h.topup(u"u_1"_s, 100, u"invoice-7781:topup"_s);
    QCOMPARE(status(first), u"succeeded"_s);
    QVERIFY(first.movementId.startsWith(u"mv_"_s));
    QCOMPARE(first.balanceAfter.value_or(-1), 1100);
    const Operation op = h.row(first.operationId);
    QCOMPARE(toString(op.state), toString(OperationState::Succeeded));
    QCOMPARE(op.providerRef, first.movementId);
    QCOMPARE(op.idempotencyKey, u"invoice-7781:topup"_s);
    QCOMPARE(op.project, u"demo"_s);
    QCOMPARE(h.fixture.agent().evidence(op.id).size(), size_t(1));
    // Rule 10: the movement maps back to the row through its note.
    const json ledger = h.movements();
    QCOMPARE(ledger.size(), size_t(1));
    QCOMPARE(str(ledger[0]["operation_id"]), op.id);
    QCOMPARE(str(ledger[0]["idempotency_key"]), u"invoice-7781:topup"_s);

    const ToolResult again = h.topup(u"u_1"_s, 100, u"invoice-7781:topup"_s);
    QCOMPARE(status(again), u"succeeded"_s);
    QCOMPARE(again.operationId, first.operationId);
    QCOMPARE(again.movementId, first.movementId);
    QCOMPARE(h.posts().size(), size_t(1)); // answered from the row
    QCOMPARE(h.movements().size(), size_t(1));
}

void TestCreditEngine::credit_outcomes_data()
{
    QTest::addColumn<QString>("mode");
    QTest::addColumn<int>("delayMs");
    QTest::addColumn<QString>("expected");
    QTest::addColumn<int>("state");
    QTest::addColumn<int>("posts");
    QTest::addColumn<int>("movements");
    const int open = int(OperationState::Open), unknown = int(OperationState::Unknown),
              succeeded = int(OperationState::Succeeded);
    QTest::addRow("503 backs off, same key")
        << u"503"_s << -1 << u"succeeded"_s << succeeded << 2 << 1;
    QTest::addRow("429 backs off, same key")
        << u"429"_s << -1 << u"succeeded"_s << succeeded << 2 << 1;
    QTest::addRow("timeout after commit replays")
        << u"commit_then_hang"_s << -1 << u"succeeded"_s << succeeded << 2 << 1;
    QTest::addRow("timeout before commit resends")
        << u"hang_before_commit"_s << -1 << u"succeeded"_s << succeeded << 2 << 1;
    QTest::addRow("dropped connection")
        << u"drop_connection"_s << -1 << u"succeeded"_s << succeeded << 2 << 1;
    QTest::addRow("500 is unknown") << u"stored_500"_s << -1 << u"checking"_s << unknown << 1 << 0;
    // The first request holds the key past our timeout: the retries meet 409 in progress.
    QTest::addRow("in progress stays open")
        << u"latency"_s << 2000 << u"unconfirmed"_s << open << 3 << 1;
}

void TestCreditEngine::credit_outcomes()
{
    QFETCH(QString, mode);
    QFETCH(int, delayMs);
    QFETCH(QString, expected);
    QFETCH(int, state);
    QFETCH(int, posts);
    QFETCH(int, movements);
    Harness h;
    QVERIFY2(h.start(), qPrintable(h.sim.error()));
    h.fault("POST /v1/customers/*/topup", mode.toUtf8().constData(), 1, delayMs);
    const ToolResult r = h.topup(u"u_1"_s, 100, u"job:41:topup"_s);
    QCOMPARE(status(r), expected);
    QCOMPARE(int(h.row(r.operationId).state), state);
    const json sent = h.posts();
    QCOMPARE(int(sent.size()), posts);
    for (const auto &p : sent) // every attempt: the same key and the same bytes
        QCOMPARE(str(p["idempotency_key"]).toUtf8() + str(p["body"]).toUtf8(),
                 u"job:41:topup"_s.toUtf8() + h.row(r.operationId).request.body);
    if (mode == u"latency"_s)
        QTRY_COMPARE_WITH_TIMEOUT(h.movements().size(), size_t(movements), 5000);
    else
        QCOMPARE(int(h.movements().size()), movements);
    QCOMPARE(int(h.sleeps.size()), posts - 1);
}

void TestCreditEngine::credit_conflictGoesToAPerson()
{
    Harness h;
    QVERIFY2(h.start(), qPrintable(h.sim.error()));
    // Someone else used the work name at the provider with another body.
    const auto raw = h.sim.request("POST", u"/v1/customers/u_1/topup"_s,
                                   R"({"credit_type":"credits","amount":5})",
                                   {{"Authorization", "Bearer sk_test_demo"},
                                    {"Content-Type", "application/json"},
                                    {"Idempotency-Key", "invoice-9:topup"}});
    QCOMPARE(raw.status, 200);
    const ToolResult r = h.topup(u"u_1"_s, 100, u"invoice-9:topup"_s);
    QCOMPARE(status(r), u"checking"_s);
    QCOMPARE(field(r, "note"), QString::fromLatin1(kCreditCheckingNote));
    QCOMPARE(toString(h.row(r.operationId).state), toString(OperationState::Unknown));
    // Rule 6: sticky, nothing more is sent.
    const size_t before = h.posts().size();
    QCOMPARE(status(h.topup(u"u_1"_s, 100, u"invoice-9:topup"_s)), u"checking"_s);
    QCOMPARE(h.posts().size(), before);
    QCOMPARE(h.movements().size(), size_t(1)); // only the raw request's
}

void TestCreditEngine::credit_replayAfter24hIsSuccess()
{
    Harness h;
    h.config.attemptsPerCall = 1; // the call ends on the timeout, before any replay
    QVERIFY2(h.start(), qPrintable(h.sim.error()));
    h.fault("POST /v1/customers/*/topup", "commit_then_hang", 1);
    const ToolResult first = h.topup(u"u_1"_s, 100, u"invoice-24h:topup"_s);
    QCOMPARE(status(first), u"unconfirmed"_s);
    // The provider's 24 h pass; ours do not (our ManualClock stays inside the window).
    h.sim.advanceClock(25 * 3600);
    const ToolResult second = h.topup(u"u_1"_s, 100, u"invoice-24h:topup"_s);
    QCOMPARE(status(second), u"succeeded"_s);
    QCOMPARE(second.operationId, first.operationId);
    QVERIFY(second.replayed);
    QVERIFY(second.movementId.isEmpty()); // the account came back, not the movement
    const Operation op = h.row(first.operationId);
    QCOMPARE(op.providerRef, u"key:invoice-24h:topup"_s);
    QCOMPARE(h.movements().size(), size_t(1)); // credits moved once
    QCOMPARE(
        h.sim.request("GET", u"/v1/customers/u_1"_s, {}, {{"Authorization", "Bearer sk_test_demo"}})
            .status,
        200);
}

void TestCreditEngine::credit_ourWindowClosesBeforeTheProviderForgets()
{
    Harness h;
    h.config.attemptsPerCall = 1;
    QVERIFY2(h.start(), qPrintable(h.sim.error()));
    h.fault("POST /v1/customers/*/topup", "commit_then_hang", 1);
    const ToolResult first = h.topup(u"u_1"_s, 100, u"invoice-late:topup"_s);
    QCOMPARE(status(first), u"unconfirmed"_s);
    // Our clock: 24 h minus the 15 min margin is the deadline. Past it nothing is sent.
    h.fixture.clock().advanceSecs(24 * 3600 - 15 * 60);
    const ToolResult late = h.topup(u"u_1"_s, 100, u"invoice-late:topup"_s);
    QCOMPARE(status(late), u"checking"_s);
    QCOMPARE(h.posts().size(), size_t(1));
}

void TestCreditEngine::credit_rejectedChargeRetriedAfterTopup()
{
    Harness h;
    QVERIFY2(h.start(), qPrintable(h.sim.error()));
    // u_2 holds 250 credits.
    const ToolResult refused =
        h.move(OperationKind::CreditCharge, u"u_2"_s, 400, u"job:77:charge"_s);
    QCOMPARE(status(refused), u"failed"_s);
    QCOMPARE(refused.reason, u"insufficient_credits"_s);
    QCOMPARE(field(refused, "note"), QString::fromLatin1(kCreditFailedNote));
    QCOMPARE(toString(h.row(refused.operationId).state), toString(OperationState::Failed));
    QCOMPARE(status(h.topup(u"u_2"_s, 500, u"job:77:topup"_s)), u"succeeded"_s);

    const ToolResult retried =
        h.move(OperationKind::CreditCharge, u"u_2"_s, 400, u"job:77:charge"_s);
    QCOMPARE(status(retried), u"succeeded"_s);
    QVERIFY(retried.operationId != refused.operationId); // a new operation, the same key
    QCOMPARE(h.row(retried.operationId).idempotencyKey, u"job:77:charge"_s);
    QCOMPARE(retried.balanceAfter.value_or(-1), 350);
    QCOMPARE(h.movements().size(), size_t(2));
}

void TestCreditEngine::credit_workNameForAnotherMovementIsRefused()
{
    Harness h;
    QVERIFY2(h.start(), qPrintable(h.sim.error()));
    QCOMPARE(status(h.topup(u"u_1"_s, 100, u"job:5:step"_s)), u"succeeded"_s);
    const size_t before = h.posts().size();
    for (const ToolResult &r :
         {h.topup(u"u_1"_s, 101, u"job:5:step"_s),
          h.move(OperationKind::CreditCharge, u"u_1"_s, 100, u"job:5:step"_s)}) {
        QCOMPARE(status(r), u"rejected"_s);
        QCOMPARE(r.errorCode, u"work_name_in_use"_s);
    }
    QCOMPARE(h.posts().size(), before);
    QCOMPARE(h.rows(), 1);
}

void TestCreditEngine::credit_adjustMaySubtract()
{
    Harness h;
    QVERIFY2(h.start(), qPrintable(h.sim.error()));
    const ToolResult r = h.move(OperationKind::CreditAdjust, u"u_1"_s, -300, u"fix:1:adjust"_s);
    QCOMPARE(status(r), u"succeeded"_s);
    QCOMPARE(r.balanceAfter.value_or(-1), 700);
    QCOMPARE(h.row(r.operationId).amount.minor, -300);
}

void TestCreditEngine::credit_sameWorkNameInTwoProjectsIsTwoOperations()
{
    Harness demo;
    QVERIFY2(demo.start(), qPrintable(demo.sim.error()));
    demo.sim.seed(
        {{"api_keys", {{{"key", "sk_test_other"}, {"project", "other"}}}},
         {"customers", {{{"id", "u_1"}, {"project", "other"}, {"balances", {{"credits", 10}}}}}}});
    SlenClient otherClient(demo.transport, {demo.sim.baseUrl(), u"sk_test_other"_s, u"other"_s,
                                            std::chrono::milliseconds(400)});
    CreditEngine other(demo.fixture.agentSession(), otherClient, demo.config,
                       [](std::chrono::milliseconds) {});
    const ToolResult a = demo.topup(u"u_1"_s, 100, u"invoice-1:topup"_s);
    const ToolResult b = other.move(
        {OperationKind::CreditTopup, u"u_1"_s, u"credits"_s, 100, u"invoice-1:topup"_s, {}},
        u"agent:toolu_02"_s);
    QCOMPARE(status(a), u"succeeded"_s);
    QCOMPARE(status(b), u"succeeded"_s);
    QVERIFY(a.operationId != b.operationId);
    QCOMPARE(b.balanceAfter.value_or(-1), 110);
    QCOMPARE(demo.row(b.operationId).project, u"other"_s);
    QCOMPARE(demo.movements().size(), size_t(2));
}

void TestCreditEngine::workName_190Works191RefusedNothingStored()
{
    Harness h;
    QVERIFY2(h.start(), qPrintable(h.sim.error()));
    const QString at190 = u"job:"_s + QString(186, u'7');
    QCOMPARE(at190.size(), 190);
    const ToolResult ok = h.topup(u"u_1"_s, 1, at190);
    QCOMPARE(status(ok), u"succeeded"_s);
    const size_t posts = h.posts().size();
    const ToolResult refused = h.topup(u"u_1"_s, 1, at190 + u'7');
    QCOMPARE(status(refused), u"rejected"_s);
    QCOMPARE(h.rows(), 1);
    QCOMPARE(h.posts().size(), posts);
    QCOMPARE(status(h.execute(u"generate_email"_s, json::object(), at190 + u'7')), u"rejected"_s);
    QCOMPARE(h.rows(), 1);
}

void TestCreditEngine::workName_emptyRefusedBeforeAnyRequest()
{
    Harness h;
    QVERIFY2(h.start(), qPrintable(h.sim.error()));
    QCOMPARE(status(h.topup(u"u_1"_s, 1, QString())), u"rejected"_s);
    QCOMPARE(status(h.execute(u"generate_email"_s, json::object(), QString())), u"rejected"_s);
    // The client itself refuses a keyless POST without touching the network.
    const SlenReply reply =
        h.client->send({"POST", u"/v1/customers/u_1/topup"_s,
                        R"({"credit_type":"credits","amount":1})", "application/json"},
                       QString());
    QCOMPARE(reply.error ? reply.error->code : QString(), u"invalid_request"_s);
    QCOMPARE(h.rows(), 0);
    QCOMPARE(h.sim.requests()["requests"].size(), size_t(0));
}

void TestCreditEngine::credit_badInputStoresAndSendsNothing_data()
{
    QTest::addColumn<int>("kind");
    QTest::addColumn<QString>("customer");
    QTest::addColumn<QString>("type");
    QTest::addColumn<qint64>("amount");
    QTest::addColumn<QString>("work");
    QTest::addColumn<QString>("code");
    const int topup = int(OperationKind::CreditTopup), charge = int(OperationKind::CreditCharge),
              adjust = int(OperationKind::CreditAdjust);
    const QString c = u"credits"_s, w = u"job:1:x"_s, bad = u"invalid_request"_s;
    QTest::addRow("zero top-up") << topup << u"u_1"_s << c << qint64(0) << w << bad;
    QTest::addRow("negative top-up") << topup << u"u_1"_s << c << qint64(-5) << w << bad;
    QTest::addRow("zero charge") << charge << u"u_1"_s << c << qint64(0) << w << bad;
    QTest::addRow("negative charge") << charge << u"u_1"_s << c << qint64(-5) << w << bad;
    QTest::addRow("zero adjust") << adjust << u"u_1"_s << c << qint64(0) << w << bad;
    QTest::addRow("huge amount") << topup << u"u_1"_s << c << qint64(kMaxMinorUnits + 1) << w
                                 << bad;
    QTest::addRow("empty credit type") << topup << u"u_1"_s << QString() << qint64(5) << w << bad;
    QTest::addRow("prose credit type")
        << topup << u"u_1"_s << u"some credits"_s << qint64(5) << w << bad;
    QTest::addRow("empty customer") << topup << QString() << c << qint64(5) << w << bad;
    QTest::addRow("blank work name") << topup << u"u_1"_s << c << qint64(5) << u" "_s << bad;
    QTest::addRow("unknown customer")
        << topup << u"u_404"_s << c << qint64(5) << w << u"unknown_customer"_s;
    QTest::addRow("unknown credit type")
        << topup << u"u_1"_s << u"gems"_s << qint64(5) << w << u"unknown_credit_type"_s;
}

void TestCreditEngine::credit_badInputStoresAndSendsNothing()
{
    QFETCH(int, kind);
    QFETCH(QString, customer);
    QFETCH(QString, type);
    QFETCH(qint64, amount);
    QFETCH(QString, work);
    QFETCH(QString, code);
    Harness h;
    QVERIFY2(h.start(), qPrintable(h.sim.error()));
    const ToolResult r = h.move(OperationKind(kind), customer, amount, work, type);
    QCOMPARE(status(r), u"rejected"_s);
    QCOMPARE(r.errorCode, code);
    QVERIFY(!r.errorMessage.isEmpty());
    QCOMPARE(h.rows(), 0);
    QCOMPARE(h.posts().size(), size_t(0));
}

void TestCreditEngine::transport_attemptsMatchRequestsOnADroppedConnection()
{
    // hang_before_commit with a delay: the simulator closes the connection without answering
    // while the client still waits. Every request that reaches the provider must be an attempt
    // we counted and committed (rule 4), so the transport must not resend on its own.
    Harness h;
    QVERIFY2(h.start(), qPrintable(h.sim.error()));
    h.fault("POST /v1/customers/*/topup", "hang_before_commit", 1, 150);
    const ToolResult r = h.topup(u"u_1"_s, 100, u"job:11:topup"_s);
    QCOMPARE(status(r), u"succeeded"_s);
    QCOMPARE(h.posts().size(), h.fixture.agent().attempts(r.operationId).size());
    QCOMPARE(h.movements().size(), size_t(1));
}

QTEST_GUILESS_MAIN(TestCreditEngine)
#include "tst_creditengine.moc"
