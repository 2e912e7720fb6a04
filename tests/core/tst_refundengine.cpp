// The refund engine against the real provider-sim over loopback HTTP, on real SQLite files.
// One named test per docs/design.md rule (8 lands with the console's manual close), plus the
// issue's "done when" scenario. The clock is manual and the sleeper records instead of sleeping.

#include "refundengine.h"
#include "repeatwindow.h"
#include "simprocess.h"
#include "storefixture.h"

#include <QRegularExpression>
#include <QSqlQuery>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace ops;
using nlohmann::json;
using ops::test::SimProcess;
using ops::test::StoreFixture;

namespace {

// Real HTTP, plus a check made at the moment of sending: the attempt about to go out must
// already be committed, visible from another connection (rule 1 and rule 4).
class CommitCheckingTransport final : public HttpTransport
{
public:
    explicit CommitCheckingTransport(QString dbPath)
        : m_dbPath(std::move(dbPath))
    {}
    HttpResponse send(const HttpRequest &request, std::chrono::milliseconds timeout) override
    {
        if (request.method == "POST")
            checkCommitted(request);
        return m_real.send(request, timeout);
    }
    QStringList violations;

private:
    void checkCommitted(const HttpRequest &request)
    {
        QString key;
        for (const auto &[name, value] : request.headers) {
            if (name == "Idempotency-Key")
                key = QString::fromUtf8(value);
        }
        QSqlDatabase db = Database::open(m_dbPath, StoreFixture::nextConnection());
        QSqlQuery q(db);
        q.prepare(u"SELECT o.request_body, (SELECT COUNT(*) FROM attempts a WHERE "
                  "a.operation_id = o.id AND a.classification = 'in_flight') FROM operations o "
                  "WHERE o.idempotency_key = ?"_s);
        q.addBindValue(key);
        if (!q.exec() || !q.next())
            violations << u"no committed row holds key %1"_s.arg(key);
        else if (q.value(1).toInt() != 1)
            violations << u"attempt not committed before sending"_s;
        else if (q.value(0).toByteArray() != request.body)
            violations << u"sent bytes differ from the stored request"_s;
    }

    QString m_dbPath;
    QtHttpTransport m_real;
};

struct Harness
{
    StoreFixture fixture;
    SimProcess sim{QStringLiteral(OPS_PROVIDER_SIM_PATH),
                   SimProcess::demoSeedPath(QStringLiteral(OPS_SOURCE_DIR))};
    std::unique_ptr<CommitCheckingTransport> transport;
    std::unique_ptr<StripeClient> client;
    std::unique_ptr<RefundEngine> engine;
    QList<qint64> sleeps;

    bool start(const QString &secret = u"sk_test_demo"_s)
    {
        if (!sim.isRunning() && !sim.start())
            return false;
        transport = std::make_unique<CommitCheckingTransport>(fixture.path());
        client = std::make_unique<StripeClient>(
            *transport, StripeConfig{sim.baseUrl(), secret, std::chrono::milliseconds(400)});
        EngineConfig config;
        config.jitterSeed = 1;
        engine = std::make_unique<RefundEngine>(
            fixture.store(), *client, config,
            [this](std::chrono::milliseconds ms) { sleeps << ms.count(); });
        return true;
    }
    ToolResult refund(const QString &order, const QString &charge, qint64 amount)
    {
        return engine->refund({order, charge, amount, u"usd"_s}, u"agent:toolu_01"_s);
    }
    ToolResult refund(const RefundInput &input)
    {
        return engine->refund(input, u"agent:toolu_01"_s);
    }
    json refundPosts()
    {
        json posts = json::array();
        const json all = sim.requests(); // keep the document alive while iterating its array
        for (const auto &r : all["requests"]) {
            if (r.value("method", "") == "POST" && r.value("path", "") == "/v1/refunds")
                posts.push_back(r);
        }
        return posts;
    }
    size_t movements() { return sim.ledger()["movements"].size(); }
    size_t paymentIntentReads()
    {
        size_t n = 0;
        const json all = sim.requests();
        for (const auto &r : all["requests"])
            n += r.value("path", "").rfind("/v1/payment_intents/", 0) == 0;
        return n;
    }
    // The audit entries of one action, oldest first.
    std::vector<AuditEntry> audit(const QString &operationId, const QString &action)
    {
        std::vector<AuditEntry> out;
        for (const auto &e : fixture.store().audit(operationId)) {
            if (e.action == action)
                out.push_back(e);
        }
        return out;
    }
    void fault(const char *mode, int count, int delayMs = 0)
    {
        sim.addFault({{"route", "POST /v1/refunds"},
                      {"mode", mode},
                      {"count", count},
                      {"delay_ms", delayMs}});
    }
};

QString str(const json &j)
{
    return j.is_string() ? QString::fromStdString(j.get<std::string>()) : QString();
}
QByteArray bytes(const json &j)
{
    return str(j).toUtf8();
}
QString status(const ToolResult &r)
{
    return QString::fromStdString(r.toJson()["status"].get<std::string>());
}

} // namespace

class TestRefundEngine : public QObject
{
    Q_OBJECT

private Q_SLOTS:
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
    void rule13_repeatInsideTheWindowAnswersWithoutSending();
    void rule13_anotherReferenceIsASecondRefund();
    void rule13_pastTheWindowOpensANewOperationOnlyIfMoneyIsLeft();
    void rule13_theWindowSettingIsAudited();
    void paymentIntent_resolvesTheChargeBeforeTheRowIsWritten();
    void paymentIntent_unknownIsRejectedWithNothingStored();
    void chargeOrPaymentIntentAndReasonAreValidated_data();
    void chargeOrPaymentIntentAndReasonAreValidated();
    void doneWhen_timeoutThenReplayIsOneRefund();
    void invalidInputStoresAndSendsNothing_data();
    void invalidInputStoresAndSendsNothing();
    void unreachableProviderIsRejectedWithNothingStored();
    void resend_unknownRowLeftAsIsSaysWhy();
    void resend_unknownRowClosesThroughAPersonsClose();
};

void TestRefundEngine::rule1_keyIsOursAndCommittedBeforeTheFirstRequest()
{
    Harness h;
    QVERIFY2(h.start(), qPrintable(h.sim.error()));
    const ToolResult r = h.refund(u"4417"_s, u"ch_4417"_s, 3800);
    QCOMPARE(status(r), u"refunded"_s);
    QVERIFY2(h.transport->violations.isEmpty(), qPrintable(h.transport->violations.join(u"; ")));
    const auto op = h.fixture.store().operation(r.operationId);
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
    QCOMPARE(h.fixture.store().list({}).size(), 1u);
    QCOMPARE(h.movements(), 1u);
}

void TestRefundEngine::rule3_everyAttemptSendsTheStoredBytes()
{
    Harness h;
    QVERIFY2(h.start(), qPrintable(h.sim.error()));
    h.fault("429", 2);
    const ToolResult r = h.refund(u"4417"_s, u"ch_4417"_s, 3800);
    QCOMPARE(status(r), u"refunded"_s);
    const auto op = h.fixture.store().operation(r.operationId);
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
    QCOMPARE(h.fixture.store().operation(first.operationId)->attempts, 3);
    const ToolResult second = h.refund(u"4417"_s, u"ch_4417"_s, 3800);
    QCOMPARE(status(second), u"checking"_s);
    const auto op = h.fixture.store().operation(first.operationId);
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
    QCOMPARE(toString(h.fixture.store().operation(r.operationId)->state), expectedState);
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
    const auto op = h.fixture.store().operation(first.operationId);
    QCOMPARE(toString(op->state), u"open"_s);
    QCOMPARE(op->attempts, 4); // one attempt answered 401, then the call stopped
    QCOMPARE(toString(h.fixture.store().attempts(op->id).back().outcome), u"credentials"_s);
    QCOMPARE(h.movements(), 0u);
}

void TestRefundEngine::rule5_keyMismatchGoesToAPerson()
{
    Harness h;
    QVERIFY2(h.start(), qPrintable(h.sim.error()));
    h.fault("503", 3);
    const ToolResult first = h.refund(u"4417"_s, u"ch_4417"_s, 1000);
    const auto op = h.fixture.store().operation(first.operationId);
    // Someone else used our key for a different request: the provider remembers theirs.
    const auto reply = h.sim.request("POST", u"/v1/refunds"_s, "charge=ch_4417&amount=500",
                                     {{"Authorization", "Bearer sk_test_demo"},
                                      {"Idempotency-Key", op->idempotencyKey.toUtf8()},
                                      {"Content-Type", "application/x-www-form-urlencoded"}});
    QCOMPARE(reply.status, 200);
    const ToolResult second = h.refund(u"4417"_s, u"ch_4417"_s, 1000);
    QCOMPARE(status(second), u"checking"_s);
    QCOMPARE(toString(h.fixture.store().operation(op->id)->state), u"unknown"_s);
    QCOMPARE(toString(h.fixture.store().attempts(op->id).back().outcome), u"key_mismatch"_s);
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
    const auto op = h.fixture.store().operation(r.operationId);
    QCOMPARE(toString(op->state), expectedState);
    QCOMPARE(op->providerStatus, expectedSubStatus);
    QCOMPARE(op->failureCode, expectedCode);
    QCOMPARE(h.fixture.store().evidence(r.operationId).size(), 1u); // the object is kept
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
    QCOMPARE(h.fixture.store().operation(first.operationId)->unknownReason,
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
    QCOMPARE(h.fixture.store().list({}).size(), 1u);
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
    const auto evidence = h.fixture.store().evidence(r.operationId);
    QCOMPARE(evidence.size(), 1u);
    QVERIFY(evidence.at(0).body.contains(r.refundId.toUtf8()));
}

void TestRefundEngine::rule13_repeatInsideTheWindowAnswersWithoutSending()
{
    Harness h;
    QVERIFY2(h.start(), qPrintable(h.sim.error()));
    const ToolResult first = h.refund(u"4417"_s, u"ch_4417"_s, 1000);
    QCOMPARE(status(first), u"refunded"_s);
    QVERIFY(!first.repeat);
    QVERIFY(!first.toJson().contains("repeat"));
    h.fixture.clock().advanceSecs(23 * 3600); // inside the default 24 h
    const ToolResult again = h.refund(u"4417"_s, u"ch_4417"_s, 1000);
    QCOMPARE(status(again), u"refunded"_s);
    QCOMPARE(again.operationId, first.operationId);
    QCOMPARE(again.refundId, first.refundId);
    QVERIFY(again.toJson()["repeat"] == true);
    QCOMPARE(h.refundPosts().size(), 1u);
    QCOMPARE(h.movements(), 1u);
    QCOMPARE(h.fixture.store().list({}).size(), 1u);
    const auto repeats = h.audit(first.operationId, u"refund.repeat"_s);
    QCOMPARE(repeats.size(), 1u);
    QCOMPARE(repeats.at(0).actor, u"agent:toolu_01"_s);
    QVERIFY2(repeats.at(0).detail.contains(first.refundId), qPrintable(repeats.at(0).detail));
}

void TestRefundEngine::rule13_anotherReferenceIsASecondRefund()
{
    Harness h;
    QVERIFY2(h.start(), qPrintable(h.sim.error()));
    const ToolResult first = h.refund(u"4417"_s, u"ch_4417"_s, 1000);
    RefundInput meant{u"4417"_s, u"ch_4417"_s, 1000, u"usd"_s};
    meant.reference = u"ticket-8812"_s;
    const ToolResult second = h.refund(meant);
    QCOMPARE(status(second), u"refunded"_s);
    QVERIFY(!second.repeat);
    QVERIFY(second.operationId != first.operationId);
    QVERIFY(second.refundId != first.refundId);
    QCOMPARE(h.movements(), 2u);
    QCOMPARE(h.fixture.store().operation(second.operationId)->reference, u"ticket-8812"_s);
    QVERIFY(bytes(h.refundPosts().at(1)["body"]).contains("metadata[reference]=ticket-8812"));
    // Each unit answers its own repeat.
    const ToolResult again = h.refund(meant);
    QCOMPARE(again.operationId, second.operationId);
    QVERIFY(again.repeat);
    QCOMPARE(h.refund(u"4417"_s, u"ch_4417"_s, 1000).operationId, first.operationId);
    QCOMPARE(h.movements(), 2u);
    // Still bounded by rule 9: 1800 are left of 3800.
    meant.reference = u"ticket-8813"_s;
    meant.amountMinor = 1900;
    const ToolResult over = h.refund(meant);
    QCOMPARE(over.errorCode, u"amount_exceeds_refundable"_s);
    QCOMPARE(h.refundPosts().size(), 2u);
}

void TestRefundEngine::rule13_pastTheWindowOpensANewOperationOnlyIfMoneyIsLeft()
{
    Harness h;
    QVERIFY2(h.start(), qPrintable(h.sim.error()));
    setRepeatWindow(h.fixture.store().database(), h.fixture.clock().nowMs(), u"operator:alice"_s,
                    std::chrono::milliseconds(500));
    const ToolResult first = h.refund(u"4417"_s, u"ch_4417"_s, 1900);
    QCOMPARE(status(first), u"refunded"_s);
    h.fixture.clock().advanceMs(499);
    QVERIFY(h.refund(u"4417"_s, u"ch_4417"_s, 1900).repeat);
    h.fixture.clock().advanceMs(1); // the window is over
    const ToolResult second = h.refund(u"4417"_s, u"ch_4417"_s, 1900);
    QCOMPARE(status(second), u"refunded"_s);
    QVERIFY(!second.repeat);
    QVERIFY(second.operationId != first.operationId);
    QCOMPARE(h.movements(), 2u);
    // Inside the second refund's window the repeat names the newest operation.
    QCOMPARE(h.refund(u"4417"_s, u"ch_4417"_s, 1900).operationId, second.operationId);
    h.fixture.clock().advanceMs(500);
    const ToolResult third = h.refund(u"4417"_s, u"ch_4417"_s, 1900);
    QCOMPARE(status(third), u"rejected"_s);
    QCOMPARE(third.errorCode, u"amount_exceeds_refundable"_s);
    QVERIFY2(third.errorMessage.contains(second.refundId), qPrintable(third.errorMessage));
    QCOMPARE(h.refundPosts().size(), 2u);
    QCOMPARE(h.fixture.store().list({}).size(), 2u);
}

void TestRefundEngine::rule13_theWindowSettingIsAudited()
{
    StoreFixture f;
    QSqlDatabase &db = f.store().database();
    QCOMPARE(repeatWindow(db).count(), kDefaultRepeatWindow.count());
    QVERIFY_THROWS_EXCEPTION(
        ActionRefused,
        setRepeatWindow(db, f.clock().nowMs(), u"operator:carol"_s, std::chrono::hours(1)));
    QVERIFY_THROWS_EXCEPTION(
        ActionRefused,
        setRepeatWindow(db, f.clock().nowMs(), u"operator:alice"_s, std::chrono::milliseconds(-1)));
    QCOMPARE(repeatWindow(db).count(), kDefaultRepeatWindow.count());
    setRepeatWindow(db, f.clock().nowMs(), u"operator:alice"_s, std::chrono::minutes(90));
    QCOMPARE(repeatWindow(db).count(), qint64(5'400'000));
    setRepeatWindow(db, f.clock().nowMs(), u"operator:bob"_s, std::nullopt);
    QCOMPARE(repeatWindow(db).count(), kDefaultRepeatWindow.count());
    QSqlQuery q(db);
    QVERIFY(q.exec(u"SELECT actor, detail FROM audit WHERE action = 'settings.repeat_window' "
                   "ORDER BY id"_s));
    QVERIFY(q.next());
    QCOMPARE(q.value(0).toString(), u"operator:alice"_s);
    QVERIFY2(q.value(1).toString().contains(u"5400000"_s), qPrintable(q.value(1).toString()));
    QVERIFY(q.next());
    QCOMPARE(q.value(0).toString(), u"operator:bob"_s);
    QVERIFY(!q.next()); // the refused changes wrote nothing
    QString error;
    QCOMPARE(parseRepeatWindow(u"24h"_s, &error).value_or(std::chrono::milliseconds(0)).count(),
             qint64(86'400'000));
    QCOMPARE(parseRepeatWindow(u"250ms"_s, &error).value_or(std::chrono::milliseconds(0)).count(),
             qint64(250));
    QVERIFY(!parseRepeatWindow(u"24"_s, &error));
    QVERIFY(!parseRepeatWindow(u"366d"_s, &error));
    QVERIFY(!parseRepeatWindow(u"-1h"_s, &error));
}

void TestRefundEngine::paymentIntent_resolvesTheChargeBeforeTheRowIsWritten()
{
    Harness h;
    QVERIFY2(h.start(), qPrintable(h.sim.error()));
    RefundInput byIntent{u"4417"_s, {}, 1000, u"usd"_s};
    byIntent.paymentIntentId = u"pi_4417"_s;
    byIntent.reason = u"duplicate"_s;
    const ToolResult r = h.refund(byIntent);
    QCOMPARE(status(r), u"refunded"_s);
    const auto row = h.fixture.store().operation(r.operationId);
    QCOMPARE(row->chargeId, u"ch_4417"_s);
    const QByteArray body = bytes(h.refundPosts().at(0)["body"]);
    QVERIFY2(body.startsWith("charge=ch_4417&amount=1000&reason=duplicate&"), body.constData());
    QVERIFY(body.contains("metadata[payment_intent]=pi_4417"));
    QCOMPARE(row->request.body, body); // rule 3: the reason is in the stored bytes
    const json movement = h.sim.ledger()["movements"].at(0);
    QCOMPARE(str(movement["charge"]), u"ch_4417"_s);
    // One unit of work for both ways of naming the charge: the charge call is its repeat.
    const ToolResult byCharge = h.refund(u"4417"_s, u"ch_4417"_s, 1000);
    QCOMPARE(byCharge.operationId, r.operationId);
    QVERIFY(byCharge.repeat);
    // A repeat needs no read of the payment intent; rule 9 counts the charge either way.
    const size_t reads = h.paymentIntentReads();
    QVERIFY(h.refund(byIntent).repeat);
    QCOMPARE(h.paymentIntentReads(), reads);
    byIntent.reference = u"line-2"_s;
    byIntent.amountMinor = 2801;
    QCOMPARE(h.refund(byIntent).errorCode, u"amount_exceeds_refundable"_s);
    byIntent.amountMinor = 2800;
    QCOMPARE(status(h.refund(byIntent)), u"refunded"_s);
    QCOMPARE(h.movements(), 2u);
}

void TestRefundEngine::paymentIntent_unknownIsRejectedWithNothingStored()
{
    Harness h;
    QVERIFY2(h.start(), qPrintable(h.sim.error()));
    RefundInput in{u"4417"_s, {}, 1000, u"usd"_s};
    in.paymentIntentId = u"pi_missing"_s;
    const ToolResult r = h.refund(in);
    QCOMPARE(status(r), u"rejected"_s);
    QCOMPARE(r.errorCode, u"resource_missing"_s); // the provider's code
    QVERIFY2(r.errorMessage.contains(u"pi_missing"_s), qPrintable(r.errorMessage));
    QCOMPARE(h.paymentIntentReads(), 1u);
    QCOMPARE(h.fixture.store().list({}).size(), 0u);
    QCOMPARE(h.refundPosts().size(), 0u);
}

void TestRefundEngine::chargeOrPaymentIntentAndReasonAreValidated_data()
{
    QTest::addColumn<QString>("charge");
    QTest::addColumn<QString>("paymentIntent");
    QTest::addColumn<QString>("reason");
    QTest::addColumn<QString>("reference");
    QTest::addColumn<QString>("message");
    QTest::addRow("both") << u"ch_4417"_s << u"pi_4417"_s << QString() << QString()
                          << u"not both"_s;
    QTest::addRow("neither") << QString() << QString() << QString() << QString()
                             << u"give a charge or a payment intent"_s;
    QTest::addRow("bad reason") << u"ch_4417"_s << QString() << u"changed_mind"_s << QString()
                                << u"reason must be"_s;
    QTest::addRow("reason in capitals")
        << QString() << u"pi_4417"_s << u"DUPLICATE"_s << QString() << u"reason must be"_s;
    QTest::addRow("reference too long")
        << u"ch_4417"_s << QString() << QString() << QString(191, u'r') << u"190 characters"_s;
    QTest::addRow("reference with spaces around")
        << u"ch_4417"_s << QString() << QString() << u" t-1"_s << u"spaces"_s;
    QTest::addRow("payment intent not UTF-8")
        << QString() << u"pi_\uFFFD"_s << QString() << QString() << u"UTF-8"_s;
}

void TestRefundEngine::chargeOrPaymentIntentAndReasonAreValidated()
{
    QFETCH(QString, charge);
    QFETCH(QString, paymentIntent);
    QFETCH(QString, reason);
    QFETCH(QString, reference);
    QFETCH(QString, message);
    Harness h;
    QVERIFY2(h.start(), qPrintable(h.sim.error()));
    RefundInput in{u"4417"_s, charge, 1000, u"usd"_s};
    in.reference = reference;
    in.paymentIntentId = paymentIntent;
    in.reason = reason;
    const ToolResult r = h.refund(in);
    QCOMPARE(status(r), u"rejected"_s);
    QCOMPARE(r.errorCode, u"invalid_request"_s);
    QVERIFY2(r.errorMessage.contains(message), qPrintable(r.errorMessage));
    QCOMPARE(h.fixture.store().list({}).size(), 0u);
    QCOMPARE(h.refundPosts().size(), 0u);
    QCOMPARE(h.paymentIntentReads(), 0u);
}

void TestRefundEngine::doneWhen_timeoutThenReplayIsOneRefund()
{
    Harness h;
    QVERIFY2(h.start(), qPrintable(h.sim.error()));
    h.fault("commit_then_hang", 1, -1); // applies, then never answers
    const ToolResult r = h.refund(u"4417"_s, u"ch_4417"_s, 3800);
    QCOMPARE(status(r), u"refunded"_s);
    QCOMPARE(h.movements(), 1u);
    const auto attempts = h.fixture.store().attempts(r.operationId);
    QCOMPARE(attempts.size(), 2u);
    QCOMPARE(toString(attempts.at(0).outcome), u"no_answer"_s);
    QCOMPARE(attempts.at(0).transportError, u"timeout"_s);
    QCOMPARE(toString(attempts.at(1).outcome), u"succeeded"_s);
    QVERIFY(attempts.at(1).replayed);
    QCOMPARE(h.fixture.store().operation(r.operationId)->providerRef, r.refundId);
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
    QCOMPARE(h.fixture.store().list({}).size(), 0u);
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
    h.engine = std::make_unique<RefundEngine>(h.fixture.store(), *h.client, EngineConfig{},
                                              [](std::chrono::milliseconds) {});
    const ToolResult r = h.refund(u"4417"_s, u"ch_4417"_s, 3800);
    QCOMPARE(status(r), u"rejected"_s);
    QCOMPARE(r.errorCode, u"provider_unreachable"_s);
    QCOMPARE(h.fixture.store().list({}).size(), 0u);
}

void TestRefundEngine::resend_unknownRowLeftAsIsSaysWhy()
{
    Harness h;
    QVERIFY2(h.start(), qPrintable(h.sim.error()));
    h.fault("stored_500", 1); // the provider keeps a 500 under our key: undefined, unknown
    const ToolResult first = h.refund(u"4417"_s, u"ch_4417"_s, 3800);
    QCOMPARE(status(first), u"checking"_s);
    // The operator resend replays the same 500: the row stays unknown and the result says why.
    const ToolResult resent = h.engine->resend(first.operationId, u"operator:alice"_s);
    QCOMPARE(status(resent), u"checking"_s);
    QVERIFY2(resent.errorMessage.startsWith(u"operator resend: provider answered HTTP 500"_s),
             qPrintable(resent.errorMessage));
    QVERIFY(resent.errorMessage.endsWith(u"the row stays as it is"_s));
    const auto op = h.fixture.store().operation(first.operationId);
    QCOMPARE(toString(op->state), u"unknown"_s);
    QCOMPARE(h.fixture.store().attempts(op->id).back().actor, u"operator:alice"_s);
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
    const ToolResult resent = h.engine->resend(first.operationId, u"operator:alice"_s);
    QCOMPARE(status(resent), u"refunded"_s);
    const auto op = h.fixture.store().operation(first.operationId);
    QCOMPARE(toString(op->state), u"succeeded"_s);
    QCOMPARE(op->closedBy, u"operator:alice"_s); // rule 8: a person's close, not automation's
    QVERIFY(
        op->closeReason.startsWith(u"operator resend with the stored key: provider answered"_s));
    const auto evidence = h.fixture.store().evidence(op->id);
    QCOMPARE(evidence.size(), 1u);
    QVERIFY(evidence.front().title.endsWith(u"as returned to an operator resend"_s));
    QCOMPARE(h.movements(), 1u);
}

QTEST_GUILESS_MAIN(TestRefundEngine)
#include "tst_refundengine.moc"
