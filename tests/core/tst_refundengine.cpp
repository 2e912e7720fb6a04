// The refund engine against the real provider-sim over loopback HTTP, on real SQLite files.
// One named test per docs/design.md rule 1–10 (8 lands with the console's manual close), plus the
// issue's "done when" scenario; rule 13 and refund by PaymentIntent are in tst_refundrepeat.
// As tst_refundengine_pg on PostgreSQL, the engine runs as the agent's login and alice resends
// as hers (refundharness.h, issue 50).

#include "refundharness.h"
#include "storage/access/repeatwindow.h"

#include <QRegularExpression>
#include <QSqlQuery>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace ops;
using namespace ops::test::refund;
using nlohmann::json;
using ops::test::SimProcess;

class TestRefundEngine : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
    void rule1_keyIsOursAndCommittedBeforeTheFirstRequest();
    void rule2_retriesReuseTheLiveOperation();
    void rule3_everyAttemptSendsTheStoredBytes();
    void rule4_attemptsAreCountedAndCapped();
    void rule5_classification_data();
    void rule5_classification();
    void rule5_credentialsLeaveTheRowOpen();
    void rule5_keyMismatchGoesToAPerson();
    void rule5_refundObjectStatus_data();
    void rule5_refundObjectStatus();
    void rule6_unknownIsStickyAndSendsNothing();
    void rule7_closedWindowSendsNothing();
    void rule9_refundableBalance();
    void rule10_operationIdTravelsInMetadata();
    void doneWhen_timeoutThenReplayIsOneRefund();
    void invalidInputStoresAndSendsNothing_data();
    void invalidInputStoresAndSendsNothing();
    void unreachableProviderIsRejectedWithNothingStored();
    void resend_unknownRowLeftAsIsSaysWhy();
    void resend_unknownRowClosesThroughAPersonsClose();
};

void TestRefundEngine::initTestCase()
{
    const QString error = ops::test::prepareRoles();
    QVERIFY2(error.isEmpty(), qPrintable(error));
}
void TestRefundEngine::cleanupTestCase()
{
    const QString error = ops::test::dropRoles();
    QVERIFY2(error.isEmpty(), qPrintable(error));
}
void TestRefundEngine::rule1_keyIsOursAndCommittedBeforeTheFirstRequest()
{
    Harness h;
    QVERIFY2(h.start(), qPrintable(h.sim.error()));
    const ToolResult r = h.refund(u"4417"_s, u"ch_4417"_s, 3800);
    QCOMPARE(status(r), u"refunded"_s);
    QVERIFY2(h.transport->violations.isEmpty(), qPrintable(h.transport->violations.join(u"; ")));
    const auto op = h.fixture.agent().operation(r.operationId);
    static const QRegularExpression uuid4(
        u"^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$"_s);
    QVERIFY(uuid4.match(op->idempotencyKey).hasMatch());
    QCOMPARE(str(h.refundPosts().at(0)["idempotency_key"]), op->idempotencyKey);
}
void TestRefundEngine::rule2_retriesReuseTheLiveOperation()
{
    Harness h;
    QVERIFY2(h.start(), qPrintable(h.sim.error()));
    h.fault("503", 3);
    const ToolResult first = h.refund(u"4417"_s, u"ch_4417"_s, 3800);
    QCOMPARE(status(first), u"unconfirmed"_s);
    // "Try again": a new tool call for the same (order, amount) finds the row and its key.
    const ToolResult second = h.refund(u"4417"_s, u"ch_4417"_s, 3800);
    QCOMPARE(status(second), u"refunded"_s);
    QCOMPARE(second.operationId, first.operationId);
    const json posts = h.refundPosts();
    QCOMPARE(posts.size(), 4u);
    for (const auto &p : posts)
        QCOMPARE(str(p["idempotency_key"]), str(posts.at(0)["idempotency_key"]));
    QCOMPARE(h.fixture.agent().list({}).size(), 1u);
    QCOMPARE(h.movements(), 1u);
}
void TestRefundEngine::rule3_everyAttemptSendsTheStoredBytes()
{
    Harness h;
    QVERIFY2(h.start(), qPrintable(h.sim.error()));
    h.fault("429", 2);
    const ToolResult r = h.refund(u"4417"_s, u"ch_4417"_s, 3800);
    QCOMPARE(status(r), u"refunded"_s);
    const auto op = h.fixture.agent().operation(r.operationId);
    const json posts = h.refundPosts();
    QCOMPARE(posts.size(), 3u);
    for (const auto &p : posts)
        QCOMPARE(bytes(p["body"]), op->request.body);
    QVERIFY(h.transport->violations.isEmpty());
    // Backoff happened between attempts, with full jitter under the ceiling.
    QCOMPARE(h.sleeps.size(), 2);
    QVERIFY(h.sleeps.at(0) <= 250 && h.sleeps.at(1) <= 500);
}
void TestRefundEngine::rule4_attemptsAreCountedAndCapped()
{
    Harness h;
    QVERIFY2(h.start(), qPrintable(h.sim.error()));
    h.fault("503", 100);
    const ToolResult first = h.refund(u"4417"_s, u"ch_4417"_s, 3800);
    QCOMPARE(status(first), u"unconfirmed"_s);
    QCOMPARE(h.fixture.agent().operation(first.operationId)->attempts, 3);
    const ToolResult second = h.refund(u"4417"_s, u"ch_4417"_s, 3800);
    QCOMPARE(status(second), u"checking"_s);
    const auto op = h.fixture.agent().operation(first.operationId);
    QCOMPARE(op->attempts, 6);
    QCOMPARE(toString(op->state), u"unknown"_s);
    QCOMPARE(h.refundPosts().size(), 6u);
}
void TestRefundEngine::rule5_classification_data()
{
    QTest::addColumn<QString>("mode");
    QTest::addColumn<int>("count");
    QTest::addColumn<QString>("expectedStatus");
    QTest::addColumn<QString>("expectedState");
    QTest::addColumn<int>("expectedPosts");
    QTest::addColumn<int>("expectedMovements");
    QTest::addRow("stored 500 without applying")
        << u"stored_500"_s << 1 << u"checking"_s << u"unknown"_s << 1 << 0;
    QTest::addRow("503 then success") << u"503"_s << 1 << u"refunded"_s << u"succeeded"_s << 2 << 1;
    QTest::addRow("429 then success") << u"429"_s << 2 << u"refunded"_s << u"succeeded"_s << 3 << 1;
    QTest::addRow("dropped connection then success")
        << u"drop_connection"_s << 1 << u"refunded"_s << u"succeeded"_s << 2 << 1;
    QTest::addRow("three timeouts before commit")
        << u"hang_before_commit"_s << 3 << u"unconfirmed"_s << u"open"_s << 3 << 0;
}
void TestRefundEngine::rule5_classification()
{
    QFETCH(QString, mode);
    QFETCH(int, count);
    QFETCH(QString, expectedStatus);
    QFETCH(QString, expectedState);
    QFETCH(int, expectedPosts);
    QFETCH(int, expectedMovements);
    Harness h;
    QVERIFY2(h.start(), qPrintable(h.sim.error()));
    h.fault(mode.toLatin1().constData(), count, 1500);
    const ToolResult r = h.refund(u"4417"_s, u"ch_4417"_s, 3800);
    QCOMPARE(status(r), expectedStatus);
    QCOMPARE(toString(h.fixture.agent().operation(r.operationId)->state), expectedState);
    QCOMPARE(int(h.refundPosts().size()), expectedPosts);
    QCOMPARE(int(h.movements()), expectedMovements);
}
void TestRefundEngine::rule5_credentialsLeaveTheRowOpen()
{
    Harness h;
    QVERIFY2(h.start(), qPrintable(h.sim.error()));
    h.fault("503", 3);
    const ToolResult first = h.refund(u"4417"_s, u"ch_4417"_s, 3800);
    QCOMPARE(status(first), u"unconfirmed"_s);
    QVERIFY(h.start(u"sk_test_revoked"_s));
    const ToolResult second = h.refund(u"4417"_s, u"ch_4417"_s, 3800);
    QCOMPARE(status(second), u"unconfirmed"_s);
    QCOMPARE(second.errorCode, u"provider_credentials"_s);
    const auto op = h.fixture.agent().operation(first.operationId);
    QCOMPARE(toString(op->state), u"open"_s);
    QCOMPARE(op->attempts, 4); // one attempt answered 401, then the call stopped
    QCOMPARE(toString(h.fixture.agent().attempts(op->id).back().outcome), u"credentials"_s);
    QCOMPARE(h.movements(), 0u);
}
void TestRefundEngine::rule5_keyMismatchGoesToAPerson()
{
    Harness h;
    QVERIFY2(h.start(), qPrintable(h.sim.error()));
    h.fault("503", 3);
    const ToolResult first = h.refund(u"4417"_s, u"ch_4417"_s, 1000);
    const auto op = h.fixture.agent().operation(first.operationId);
    // Someone else used our key for a different request: the provider remembers theirs.
    const auto reply = h.sim.request("POST", u"/v1/refunds"_s, "charge=ch_4417&amount=500",
                                     {{"Authorization", "Bearer sk_test_demo"},
                                      {"Idempotency-Key", op->idempotencyKey.toUtf8()},
                                      {"Content-Type", "application/x-www-form-urlencoded"}});
    QCOMPARE(reply.status, 200);
    const ToolResult second = h.refund(u"4417"_s, u"ch_4417"_s, 1000);
    QCOMPARE(status(second), u"checking"_s);
    QCOMPARE(toString(h.fixture.agent().operation(op->id)->state), u"unknown"_s);
    QCOMPARE(toString(h.fixture.agent().attempts(op->id).back().outcome), u"key_mismatch"_s);
}
void TestRefundEngine::rule5_refundObjectStatus_data()
{
    QTest::addColumn<QString>("charge");
    QTest::addColumn<qint64>("amount");
    QTest::addColumn<QString>("expectedStatus");
    QTest::addColumn<QString>("expectedState");
    QTest::addColumn<QString>("expectedSubStatus");
    QTest::addColumn<QString>("expectedCode");
    QTest::addRow("succeeded") << u"ch_1001"_s << qint64(5000) << u"refunded"_s << u"succeeded"_s
                               << u"succeeded"_s << u""_s;
    // Stripe accepted the refund; the money is on its way: succeeded, sub-status kept.
    QTest::addRow("pending") << u"ch_pending"_s << qint64(4200) << u"refunded"_s << u"succeeded"_s
                             << u"pending"_s << u""_s;
    // The refund object exists but failed: no money moved.
    QTest::addRow("failed object") << u"ch_declined"_s << qint64(1500) << u"failed"_s << u"failed"_s
                                   << u""_s << u"expired_or_canceled_card"_s;
}
void TestRefundEngine::rule5_refundObjectStatus()
{
    QFETCH(QString, charge);
    QFETCH(qint64, amount);
    QFETCH(QString, expectedStatus);
    QFETCH(QString, expectedState);
    QFETCH(QString, expectedSubStatus);
    QFETCH(QString, expectedCode);
    Harness h;
    QVERIFY2(h.start(), qPrintable(h.sim.error()));
    const ToolResult r = h.refund(u"o-"_s + charge, charge, amount);
    QCOMPARE(status(r), expectedStatus);
    const auto op = h.fixture.agent().operation(r.operationId);
    QCOMPARE(toString(op->state), expectedState);
    QCOMPARE(op->providerStatus, expectedSubStatus);
    QCOMPARE(op->failureCode, expectedCode);
    QCOMPARE(h.fixture.agent().evidence(r.operationId).size(), 1u); // the object is kept
}
void TestRefundEngine::rule6_unknownIsStickyAndSendsNothing()
{
    Harness h;
    QVERIFY2(h.start(), qPrintable(h.sim.error()));
    h.sim.addFault(
        {{"route", "POST /v1/refunds"}, {"mode", "stored_500"}, {"count", 1}, {"apply", true}});
    const ToolResult first = h.refund(u"4417"_s, u"ch_4417"_s, 3800);
    QCOMPARE(status(first), u"checking"_s);
    QCOMPARE(
        QString::fromStdString(first.toJson()["note"].get<std::string>()),
        u"Outcome unknown. A person is checking. Do not say the refund succeeded or failed."_s);
    const size_t before = h.sim.requests()["requests"].size();
    const ToolResult again = h.refund(u"4417"_s, u"ch_4417"_s, 3800);
    QCOMPARE(status(again), u"checking"_s);
    QCOMPARE(again.operationId, first.operationId);
    QCOMPARE(h.sim.requests()["requests"].size(), before); // not even a balance look-up
    QCOMPARE(h.movements(), 1u);
}
void TestRefundEngine::rule7_closedWindowSendsNothing()
{
    Harness h;
    QVERIFY2(h.start(), qPrintable(h.sim.error()));
    h.fault("503", 3);
    const ToolResult first = h.refund(u"4417"_s, u"ch_4417"_s, 3800);
    QCOMPARE(status(first), u"unconfirmed"_s);
    h.fixture.clock().advanceSecs(24 * 3600 - 15 * 60);
    const ToolResult late = h.refund(u"4417"_s, u"ch_4417"_s, 3800);
    QCOMPARE(status(late), u"checking"_s);
    QCOMPARE(h.refundPosts().size(), 3u);
    QCOMPARE(h.fixture.agent().operation(first.operationId)->unknownReason,
             u"retention window closed"_s);
}
void TestRefundEngine::rule9_refundableBalance()
{
    Harness h;
    QVERIFY2(h.start(), qPrintable(h.sim.error()));
    const ToolResult first = h.refund(u"4417"_s, u"ch_4417"_s, 3000);
    QCOMPARE(status(first), u"refunded"_s);
    // "Try again" after the confirmed refund: rule 13 answers with that refund (before rule 13
    // this was a rejection naming it), and nothing is sent.
    const ToolResult again = h.refund(u"4417"_s, u"ch_4417"_s, 3000);
    QCOMPARE(status(again), u"refunded"_s);
    QVERIFY(again.repeat);
    QCOMPARE(again.refundId, first.refundId);
    const ToolResult over = h.refund(u"4417"_s, u"ch_4417"_s, 1000);
    QCOMPARE(status(over), u"rejected"_s);
    QCOMPARE(over.errorCode, u"amount_exceeds_refundable"_s);
    QCOMPARE(h.fixture.agent().list({}).size(), 1u);
    // Live rows count too: an unconfirmed 500 leaves 300.
    h.fault("503", 3);
    QCOMPARE(status(h.refund(u"4417"_s, u"ch_4417"_s, 500)), u"unconfirmed"_s);
    QCOMPARE(status(h.refund(u"4417"_s, u"ch_4417"_s, 400)), u"rejected"_s);
    QCOMPARE(status(h.refund(u"4417"_s, u"ch_4417"_s, 300)), u"refunded"_s);
    QCOMPARE(h.refundPosts().size(), 5u); // 1 + 3 + 1: nothing sent for the refusals
    QCOMPARE(h.movements(), 2u);
}
void TestRefundEngine::rule10_operationIdTravelsInMetadata()
{
    Harness h;
    QVERIFY2(h.start(), qPrintable(h.sim.error()));
    const ToolResult r = h.refund(u"4417"_s, u"ch_4417"_s, 3800);
    const json movements = h.sim.ledger()["movements"];
    QCOMPARE(movements.size(), 1u);
    QCOMPARE(str(movements.at(0)["operation_id"]), r.operationId);
    QCOMPARE(str(movements.at(0)["id"]), r.refundId);
    QVERIFY(
        bytes(h.refundPosts().at(0)["body"])
            .contains(QByteArray(QByteArray("metadata[operation_id]=") + r.operationId.toUtf8())));
    const auto evidence = h.fixture.agent().evidence(r.operationId);
    QCOMPARE(evidence.size(), 1u);
    QVERIFY(evidence.at(0).body.contains(r.refundId.toUtf8()));
}
void TestRefundEngine::doneWhen_timeoutThenReplayIsOneRefund()
{
    Harness h;
    QVERIFY2(h.start(), qPrintable(h.sim.error()));
    h.fault("commit_then_hang", 1, -1); // applies, then never answers
    const ToolResult r = h.refund(u"4417"_s, u"ch_4417"_s, 3800);
    QCOMPARE(status(r), u"refunded"_s);
    QCOMPARE(h.movements(), 1u);
    const auto attempts = h.fixture.agent().attempts(r.operationId);
    QCOMPARE(attempts.size(), 2u);
    QCOMPARE(toString(attempts.at(0).outcome), u"no_answer"_s);
    QCOMPARE(attempts.at(0).transportError, u"timeout"_s);
    QCOMPARE(toString(attempts.at(1).outcome), u"succeeded"_s);
    QVERIFY(attempts.at(1).replayed);
    QCOMPARE(h.fixture.agent().operation(r.operationId)->providerRef, r.refundId);
}
void TestRefundEngine::invalidInputStoresAndSendsNothing_data()
{
    QTest::addColumn<QString>("order");
    QTest::addColumn<QString>("charge");
    QTest::addColumn<qint64>("amount");
    QTest::addColumn<QString>("currency");
    QTest::addColumn<QString>("code");
    QTest::addRow("empty order") << u""_s << u"ch_4417"_s << qint64(100) << u"usd"_s
                                 << u"invalid_request"_s;
    QTest::addRow("blank order") << u"   "_s << u"ch_4417"_s << qint64(100) << u"usd"_s
                                 << u"invalid_request"_s;
    QTest::addRow("blank charge") << u"4417"_s << u"\t"_s << qint64(100) << u"usd"_s
                                  << u"invalid_request"_s;
    QTest::addRow("order not UTF-8")
        << u"44\uFFFD17"_s << u"ch_4417"_s << qint64(100) << u"usd"_s << u"invalid_request"_s;
    QTest::addRow("zero") << u"4417"_s << u"ch_4417"_s << qint64(0) << u"usd"_s
                          << u"invalid_request"_s;
    QTest::addRow("negative") << u"4417"_s << u"ch_4417"_s << qint64(-100) << u"usd"_s
                              << u"invalid_request"_s;
    QTest::addRow("too large") << u"4417"_s << u"ch_4417"_s << qint64(100000000) << u"usd"_s
                               << u"invalid_request"_s;
    QTest::addRow("unknown currency")
        << u"4417"_s << u"ch_4417"_s << qint64(100) << u"xyz"_s << u"invalid_request"_s;
    QTest::addRow("currency differs from charge")
        << u"4417"_s << u"ch_4417"_s << qint64(100) << u"eur"_s << u"currency_mismatch"_s;
    QTest::addRow("unknown charge")
        << u"4417"_s << u"ch_missing"_s << qint64(100) << u"usd"_s << u"unknown_charge"_s;
    QTest::addRow("more than the charge")
        << u"4417"_s << u"ch_4417"_s << qint64(3801) << u"usd"_s << u"amount_exceeds_refundable"_s;
}
void TestRefundEngine::invalidInputStoresAndSendsNothing()
{
    QFETCH(QString, order);
    QFETCH(QString, charge);
    QFETCH(qint64, amount);
    QFETCH(QString, currency);
    QFETCH(QString, code);
    Harness h;
    QVERIFY2(h.start(), qPrintable(h.sim.error()));
    const ToolResult r = h.engine->refund({order, charge, amount, currency}, u"agent:t"_s);
    QCOMPARE(status(r), u"rejected"_s);
    QCOMPARE(r.errorCode, code);
    QVERIFY(!r.errorMessage.isEmpty());
    QCOMPARE(h.fixture.agent().list({}).size(), 0u);
    QCOMPARE(h.refundPosts().size(), 0u);
}
void TestRefundEngine::unreachableProviderIsRejectedWithNothingStored()
{
    Harness h;
    QVERIFY2(h.start(), qPrintable(h.sim.error()));
    const QUrl gone = h.sim.baseUrl();
    h.sim.stop();
    h.client = std::make_unique<StripeClient>(
        *h.transport, StripeConfig{gone, u"sk_test_demo"_s, std::chrono::milliseconds(400)});
    h.engine = std::make_unique<RefundEngine>(h.fixture.agentSession(), *h.client, EngineConfig{},
                                              [](std::chrono::milliseconds) {});
    const ToolResult r = h.refund(u"4417"_s, u"ch_4417"_s, 3800);
    QCOMPARE(status(r), u"rejected"_s);
    QCOMPARE(r.errorCode, u"provider_unreachable"_s);
    QCOMPARE(h.fixture.agent().list({}).size(), 0u);
}
void TestRefundEngine::resend_unknownRowLeftAsIsSaysWhy()
{
    Harness h;
    QVERIFY2(h.start(), qPrintable(h.sim.error()));
    h.fault("stored_500", 1); // the provider keeps a 500 under our key: undefined, unknown
    const ToolResult first = h.refund(u"4417"_s, u"ch_4417"_s, 3800);
    QCOMPARE(status(first), u"checking"_s);
    // The operator resend replays the same 500: the row stays unknown and the result says why.
    const ToolResult resent = h.resend(first.operationId, u"alice"_s);
    QCOMPARE(status(resent), u"checking"_s);
    QVERIFY2(resent.errorMessage.startsWith(u"operator resend: provider answered HTTP 500"_s),
             qPrintable(resent.errorMessage));
    QVERIFY(resent.errorMessage.endsWith(u"the row stays as it is"_s));
    const auto op = h.fixture.agent().operation(first.operationId);
    QCOMPARE(toString(op->state), u"unknown"_s);
    QCOMPARE(h.fixture.agent().attempts(op->id).back().actor, ops::test::personActorOf(u"alice"_s));
    QCOMPARE(h.movements(), 0u);
}
void TestRefundEngine::resend_unknownRowClosesThroughAPersonsClose()
{
    Harness h;
    QVERIFY2(h.start(), qPrintable(h.sim.error()));
    h.fault("stored_500", 1);
    const ToolResult first = h.refund(u"4417"_s, u"ch_4417"_s, 3800);
    QCOMPARE(status(first), u"checking"_s);
    h.fault("prune_key", 1); // the provider forgets the key: the resend runs the refund
    const ToolResult resent = h.resend(first.operationId, u"alice"_s);
    QCOMPARE(status(resent), u"refunded"_s);
    const auto op = h.fixture.agent().operation(first.operationId);
    QCOMPARE(toString(op->state), u"succeeded"_s);
    // rule 8: a person's close, not automation's
    QCOMPARE(op->closedBy, ops::test::personActorOf(u"alice"_s));
    QVERIFY(
        op->closeReason.startsWith(u"operator resend with the stored key: provider answered"_s));
    const auto evidence = h.fixture.agent().evidence(op->id);
    QCOMPARE(evidence.size(), 1u);
    QVERIFY(evidence.front().title.endsWith(u"as returned to an operator resend"_s));
    QCOMPARE(h.movements(), 1u);
}

QTEST_GUILESS_MAIN(TestRefundEngine)
#include "tst_refundengine.moc"
