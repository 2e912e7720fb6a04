// The Adyen refund engine against provider-sim's Adyen side over loopback HTTP, on a real
// SQLite file (and, as tst_adyenrefund_pg, PostgreSQL): DESIGN §15 and docs/adyen.md. A 201 is
// only `received`: the row stays open with the pspReference, the call answers `accepted` with the
// fixed note, and a repeat sends nothing. The Northwind story's sends: commit-then-hang resent
// under the same key is one refund; 422/704 while the key runs backs off; a stored 500 is
// checking; refusals close the row failed with Adyen's code; our key refused keeps it open; bad
// input stores and sends nothing. Notifications that settle rows are the receiver's (not here).
// Each actor in its role (rolesfixture.h, issue 50): on PostgreSQL the engine runs the agent's
// refunds on the agent's login, a person's resend and approval run on an engine of alice's
// store, the receiver and the reconciler are the service.

#include "batch/batchcheck.h"
#include "engine/refunddispatch.h"
#include "storage/access/accessstore.h"
#include "support/adyendelivery.h"
#include "support/rolesfixture.h"
#include "support/simprocess.h"
#include "support/testpaths.h"

#include <QTest>

using namespace Qt::StringLiterals;
using namespace ops;
using nlohmann::json;

namespace {

const QString kPayment = u"DZ4DPSHB4WD2WN82"_s; // the demo seed's: 5000 EUR, NorthwindECOM
const QString kMerchant = u"NorthwindECOM"_s;
const QString kAgent = u"agent:toolu_01"_s;

RefundInput adyenInput(const QString &order, qint64 amount, const QString &payment = kPayment)
{
    RefundInput in;
    in.orderId = order;
    in.adyenPaymentId = payment;
    in.amountMinor = amount;
    in.currency = u"eur"_s;
    return in;
}

} // namespace

class TestAdyenRefund : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();
    void init();
    void cleanup();

    void receivedIsAcceptedWithTheFixedNote();
    void repeatBeforeTheNotificationSendsNothing();
    void commitThenHangResentIsOneRefund();
    void keyInUseBacksOffThenOneRefund();
    void storedFiveHundredIsChecking();
    void refusalClosesFailedWithTheCode_data();
    void refusalClosesFailedWithTheCode();
    void refusedKeyKeepsTheRowOpen();
    void operatorResendOfAnUnknownRowLeavesItUnknown();
    void resendAfterAStoredFiveHundredRecordsTheReceivedRefund();
    void heldRefundApprovedGoesToAdyenNotStripe();
    void ruleNineUsesTheStoredPaymentAmount();
    void badInputStoresAndSendsNothing_data();
    void badInputStoresAndSendsNothing();

private:
    void startEngine(const QString &apiKey = u"adyen_test_demo"_s,
                     const QString &merchant = kMerchant);
    ToolResult refund(const RefundInput &in) { return m_engine->refund(in, kAgent); }
    // The engine of `person`'s resend: on their own store (the agent's engine on SQLite, where
    // every actor shares one store).
    AdyenRefundEngine &engineOf(const QString &person);
    Operation row(const QString &id)
    {
        const auto op = m_fixture->store().operation(id);
        return op ? *op : Operation{};
    }
    // The refund POSTs the simulator saw, in order.
    json refundPosts();
    json simRefunds() { return m_sim->admin("GET", u"/_sim/adyen/refunds"_s)["refunds"]; }
    int rowCount()
    {
        return test::TestDatabase::probeCount(m_fixture->path(),
                                              u"SELECT COUNT(*) FROM operations"_s);
    }

    std::unique_ptr<test::SimProcess> m_sim;
    std::unique_ptr<test::RolesFixture> m_fixture;
    QtHttpTransport m_transport;
    std::unique_ptr<AdyenClient> m_client;
    std::unique_ptr<AdyenRefundEngine> m_engine; // the agent's
    std::unique_ptr<AdyenRefundEngine> m_person; // alice's, on PostgreSQL
    QList<qint64> m_sleeps;
};

void TestAdyenRefund::initTestCase()
{
    m_sim = std::make_unique<test::SimProcess>(
        ops::test::providerSimPath(), test::SimProcess::demoSeedPath(ops::test::sourceDir()));
    QVERIFY2(m_sim->start(), qPrintable(m_sim->error()));
    const QString error = test::prepareRoles();
    QVERIFY2(error.isEmpty(), qPrintable(error));
}

void TestAdyenRefund::cleanupTestCase()
{
    const QString error = test::dropRoles();
    QVERIFY2(error.isEmpty(), qPrintable(error));
}

void TestAdyenRefund::init()
{
    m_sim->reset();
    // Refunds stay `received` until a test settles them: nothing here waits for a notification.
    m_sim->admin("POST", u"/_sim/adyen/config"_s, {{"auto_settle_ms", -1}});
    m_fixture = std::make_unique<test::RolesFixture>();
    m_sleeps.clear();
    startEngine();
}

void TestAdyenRefund::cleanup()
{
    m_person.reset();
    m_engine.reset();
    m_client.reset();
    m_fixture.reset();
}

void TestAdyenRefund::startEngine(const QString &apiKey, const QString &merchant)
{
    m_client =
        std::make_unique<AdyenClient>(m_transport, AdyenConfig{m_sim->baseUrl(), apiKey, merchant,
                                                               std::chrono::milliseconds(400)});
    AdyenEngineConfig config;
    config.jitterSeed = 1;
    m_person.reset();
    m_engine = std::make_unique<AdyenRefundEngine>(
        m_fixture->agentSession(), *m_client, config,
        [this](std::chrono::milliseconds ms) { m_sleeps << ms.count(); });
}

AdyenRefundEngine &TestAdyenRefund::engineOf(const QString &person)
{
    Session &session = m_fixture->sessionAs(person);
    if (&session == &m_fixture->agentSession())
        return *m_engine;
    if (!m_person) {
        AdyenEngineConfig config;
        config.jitterSeed = 1;
        m_person = std::make_unique<AdyenRefundEngine>(
            session, *m_client, config,
            [this](std::chrono::milliseconds ms) { m_sleeps << ms.count(); });
    }
    return *m_person;
}

json TestAdyenRefund::refundPosts()
{
    json posts = json::array();
    const json all = m_sim->requests(); // kept alive while its array is walked
    for (const auto &r : all["requests"]) {
        if (r.value("method", "") == "POST" && r.value("path", "").rfind("/v71/payments/", 0) == 0)
            posts.push_back(r);
    }
    return posts;
}

void TestAdyenRefund::receivedIsAcceptedWithTheFixedNote()
{
    const ToolResult r = refund(adyenInput(u"4417"_s, 1200));
    const json refunds = simRefunds();
    QCOMPARE(refunds.size(), std::size_t(1));
    const QString psp = QString::fromStdString(refunds[0].value("pspReference", ""));
    QVERIFY(!psp.isEmpty());
    const json expected = {{"status", "accepted"},
                           {"operation_id", r.operationId.toStdString()},
                           {"provider_reference", psp.toStdString()},
                           {"note", "The provider received this refund and will confirm it. Tell "
                                    "the customer it is being processed, not that it is done."}};
    QCOMPARE(json(r.toJson()).dump(), expected.dump());

    const Operation op = row(r.operationId);
    QVERIFY(op.state == OperationState::Open);
    QVERIFY(op.provider == Provider::Adyen);
    QCOMPARE(op.providerStatus, u"received"_s);
    QCOMPARE(op.providerRef, psp);
    QCOMPARE(op.project, kMerchant);
    QCOMPARE(op.chargeId, kPayment);
    QCOMPARE(op.request.path, u"/v71/payments/DZ4DPSHB4WD2WN82/refunds"_s);
    const QByteArray reference = "\"reference\":\"" + r.operationId.toUtf8() + '"';
    QVERIFY(op.request.body.contains(reference));
    // Rule 7 with Adyen's window: 7 days from the first attempt, less the margin.
    QVERIFY(op.deadline);
    QCOMPARE(op.firstAttemptAt->secsTo(*op.deadline), kAdyenKeyLifeSeconds - 15 * 60);
    // The 201 as evidence, and the note that no payment amount was there for rule 9.
    const auto evidence = m_fixture->store().evidence(op.id);
    QCOMPARE(evidence.size(), std::size_t(2));
    QCOMPARE(evidence[0].title, u"Balance not checked at the provider"_s);
    // Our key went out as Idempotency-Key, and the ledger has not moved: nothing settled yet.
    const json posts = refundPosts();
    QCOMPARE(posts.size(), std::size_t(1));
    QCOMPARE(QString::fromStdString(posts[0].value("idempotency_key", "")), op.idempotencyKey);
    QCOMPARE(m_sim->ledger()["movements"].size(), std::size_t(0));
}

void TestAdyenRefund::repeatBeforeTheNotificationSendsNothing()
{
    const ToolResult first = refund(adyenInput(u"4417"_s, 1200));
    QVERIFY(first.status == ToolResult::Status::Accepted);
    const ToolResult again = refund(adyenInput(u"4417"_s, 1200));
    QVERIFY(again.status == ToolResult::Status::Accepted);
    QCOMPARE(again.operationId, first.operationId);
    QCOMPARE(again.providerReference, first.providerReference);
    QCOMPARE(refundPosts().size(), std::size_t(1));
    QCOMPARE(row(first.operationId).attempts, 1);
    // Under the row's lock too: a caller that read the row before the 201 was recorded is
    // refused its attempt, and nothing is counted.
    const AttemptTicket late = m_fixture->agent().beginAttempt(first.operationId, kAgent);
    QVERIFY(late.refusal == AttemptRefusal::AwaitingProvider);
    QCOMPARE(row(first.operationId).attempts, 1);
    // Another amount is another unit of work: its own row and its own refund.
    const ToolResult other = refund(adyenInput(u"4417"_s, 800));
    QVERIFY(other.status == ToolResult::Status::Accepted);
    QVERIFY(other.operationId != first.operationId);
    QCOMPARE(simRefunds().size(), std::size_t(2));
}

void TestAdyenRefund::commitThenHangResentIsOneRefund()
{
    m_sim->addFault(
        {{"route", "POST /v71/payments/*"}, {"mode", "commit_then_hang"}, {"count", 1}});
    const ToolResult r = refund(adyenInput(u"4417"_s, 1200));
    QVERIFY2(r.status == ToolResult::Status::Accepted, r.toJson().dump().c_str());
    QCOMPARE(m_sleeps.size(), 1); // one backoff between the hung send and its resend
    const json posts = refundPosts();
    QCOMPARE(posts.size(), std::size_t(2));
    QCOMPARE(posts[0].value("idempotency_key", ""), posts[1].value("idempotency_key", ""));
    QCOMPARE(simRefunds().size(), std::size_t(1));
    const auto attempts = m_fixture->store().attempts(r.operationId);
    QCOMPARE(attempts.size(), std::size_t(2));
    QVERIFY(attempts[0].outcome == Outcome::NoAnswer);
    QVERIFY(attempts[1].outcome == Outcome::Succeeded);
}

void TestAdyenRefund::keyInUseBacksOffThenOneRefund()
{
    // The first send holds the key for 1.5 s and times out after 0.4 s; the next sends meet it.
    m_sim->addFault(
        {{"route", "POST /v71/payments/*"}, {"mode", "latency"}, {"delay_ms", 1500}, {"count", 1}});
    const ToolResult busy = refund(adyenInput(u"4417"_s, 1200));
    QVERIFY2(busy.status == ToolResult::Status::Unconfirmed, busy.toJson().dump().c_str());
    const auto attempts = m_fixture->store().attempts(busy.operationId);
    QCOMPARE(attempts.size(), std::size_t(3));
    QVERIFY(attempts[0].outcome == Outcome::NoAnswer);
    QVERIFY(attempts[1].outcome == Outcome::InProgress);
    QCOMPARE(attempts[1].providerCode, u"704"_s);
    QCOMPARE(m_sleeps.size(), 2);
    QVERIFY(row(busy.operationId).state == OperationState::Open);

    QTRY_COMPARE_WITH_TIMEOUT(simRefunds().size(), std::size_t(1), 5000);
    const ToolResult done = refund(adyenInput(u"4417"_s, 1200));
    QVERIFY2(done.status == ToolResult::Status::Accepted, done.toJson().dump().c_str());
    QCOMPARE(done.operationId, busy.operationId);
    QCOMPARE(simRefunds().size(), std::size_t(1));
}

void TestAdyenRefund::storedFiveHundredIsChecking()
{
    m_sim->addFault({{"route", "POST /v71/payments/*"}, {"mode", "stored_500"}, {"count", 1}});
    const ToolResult r = refund(adyenInput(u"4417"_s, 1200));
    QVERIFY(r.status == ToolResult::Status::Checking);
    QCOMPARE(QString::fromStdString(r.toJson().value("note", "")),
             QString::fromLatin1(kCheckingNote));
    QVERIFY(row(r.operationId).state == OperationState::Unknown);
    // Unknown is sticky: the agent's retry reads the row and sends nothing.
    QVERIFY(refund(adyenInput(u"4417"_s, 1200)).status == ToolResult::Status::Checking);
    QCOMPARE(refundPosts().size(), std::size_t(1));
}

void TestAdyenRefund::refusalClosesFailedWithTheCode_data()
{
    QTest::addColumn<QString>("payment");
    QTest::addColumn<QString>("currency");
    QTest::addColumn<QString>("code");
    QTest::newRow("unknown payment") << u"0000000000000000"_s << u"eur"_s << u"167"_s;
    QTest::newRow("not the payment's currency") << kPayment << u"usd"_s << u"137"_s;
}

void TestAdyenRefund::refusalClosesFailedWithTheCode()
{
    QFETCH(QString, payment);
    QFETCH(QString, currency);
    QFETCH(QString, code);
    RefundInput in = adyenInput(u"4417"_s, 1200, payment);
    in.currency = currency;
    const ToolResult r = refund(in);
    QVERIFY2(r.status == ToolResult::Status::Failed, r.toJson().dump().c_str());
    QCOMPARE(r.reason, code);
    QVERIFY(row(r.operationId).state == OperationState::Failed);
    QCOMPARE(simRefunds().size(), std::size_t(0));
}

void TestAdyenRefund::refusedKeyKeepsTheRowOpen()
{
    startEngine(u"adyen_wrong"_s);
    const ToolResult r = refund(adyenInput(u"4417"_s, 1200));
    QVERIFY(r.status == ToolResult::Status::Unconfirmed);
    QCOMPARE(r.errorCode, u"provider_credentials"_s);
    QVERIFY(row(r.operationId).state == OperationState::Open);
    // Fixed, the same call resends the same row with the same key.
    startEngine();
    const ToolResult fixed = refund(adyenInput(u"4417"_s, 1200));
    QVERIFY(fixed.status == ToolResult::Status::Accepted);
    QCOMPARE(fixed.operationId, r.operationId);
    QCOMPARE(simRefunds().size(), std::size_t(1));
}

void TestAdyenRefund::operatorResendOfAnUnknownRowLeavesItUnknown()
{
    // Received, then no notification came: the row went to the Checking queue.
    const ToolResult accepted = refund(adyenInput(u"4417"_s, 1200));
    QVERIFY(accepted.status == ToolResult::Status::Accepted);
    QVERIFY(m_fixture->by(u"system:reconciler"_s)
                .markUnknown(accepted.operationId,
                             u"no notification after the reconciler's slots"_s,
                             u"system:reconciler"_s)); // the reconciler's actor (reconciler.h)

    // A person's resend replays the 201: proof Adyen has the refund, not of how it ended.
    const ToolResult resent =
        engineOf(u"alice"_s).resend(accepted.operationId, m_fixture->person(u"alice"_s));
    QVERIFY2(resent.status == ToolResult::Status::Checking, resent.toJson().dump().c_str());
    QVERIFY2(resent.errorMessage.contains(accepted.providerReference),
             qPrintable(resent.errorMessage));
    QVERIFY2(resent.errorMessage.contains(u"REFUND notification"_s),
             qPrintable(resent.errorMessage));
    QVERIFY(row(accepted.operationId).state == OperationState::Unknown);
    QCOMPARE(simRefunds().size(), std::size_t(1));
    QCOMPARE(refundPosts().size(), std::size_t(2));
}

void TestAdyenRefund::resendAfterAStoredFiveHundredRecordsTheReceivedRefund()
{
    m_sim->addFault({{"route", "POST /v71/payments/*"}, {"mode", "stored_500"}, {"count", 1}});
    const ToolResult checking = refund(adyenInput(u"4417"_s, 1200));
    QVERIFY(checking.status == ToolResult::Status::Checking);
    QCOMPARE(simRefunds().size(), std::size_t(0));
    // Adyen no longer holds the key (the fault drops it): the person's resend makes the refund.
    m_sim->addFault({{"route", "POST /v71/payments/*"}, {"mode", "prune_key"}, {"count", 1}});
    const ToolResult resent =
        engineOf(u"alice"_s).resend(checking.operationId, m_fixture->person(u"alice"_s));
    QVERIFY(resent.status == ToolResult::Status::Checking);
    QCOMPARE(simRefunds().size(), std::size_t(1));
    const QString psp = QString::fromStdString(simRefunds()[0].value("pspReference", ""));
    QVERIFY2(resent.errorMessage.contains(psp), qPrintable(resent.errorMessage));
    // The row stays unknown (only the notification says how it ended) and keeps the refund's
    // reference and the answer for whoever reads it next: the look-up says Adyen received it.
    const Operation op = row(checking.operationId);
    QVERIFY(op.state == OperationState::Unknown);
    QCOMPARE(op.providerRef, psp);
    QCOMPARE(op.providerStatus, u"received"_s);
    // The resend's 201 beside the opening's note that rule 9 had no payment amount.
    const auto evidence = m_fixture->store().evidence(op.id);
    QCOMPARE(evidence.size(), std::size_t(2));
    QVERIFY(evidence[1].body.contains(psp.toUtf8()));
}

void TestAdyenRefund::heldRefundApprovedGoesToAdyenNotStripe()
{
    AgentLimits limits;
    limits.maxRefund = Money{1000, u"eur"_s};
    m_fixture->sessionAs(u"alice"_s)
        .access()
        .addAgent(m_fixture->person(u"alice"_s), u"bot"_s, limits);
    const ToolResult held = m_engine->refund(adyenInput(u"4417"_s, 1200), u"agent:bot:test:1"_s);
    QVERIFY2(held.status == ToolResult::Status::NeedsApproval, held.toJson().dump().c_str());
    QCOMPARE(refundPosts().size(), std::size_t(0));

    // The approval is a person's send through the row's provider: Adyen, whatever else is set.
    QtHttpTransport transport;
    StripeClient stripe(transport, {m_sim->baseUrl(), u"sk_test_demo"_s});
    const RefundClients clients{&stripe, {}, m_client.get(), {}};
    const ToolResult approved =
        resendRefundThrough(m_fixture->sessionAs(u"alice"_s), clients, EngineConfig{},
                            row(held.operationId), m_fixture->person(u"alice"_s));
    QVERIFY2(approved.status == ToolResult::Status::Accepted, approved.toJson().dump().c_str());
    QCOMPARE(refundPosts().size(), std::size_t(1));
    size_t stripePosts = 0;
    const json all = m_sim->requests();
    for (const auto &r : all["requests"])
        stripePosts += r.value("path", "") == "/v1/refunds" ? 1 : 0;
    QCOMPARE(stripePosts, std::size_t(0));
}

// Rule 9 on Adyen: the payment's amount as its stored notifications said it (its successful
// captures summed, a failed one not counted, at most the authorisation), less every refund of it
// this product made.
void TestAdyenRefund::ruleNineUsesTheStoredPaymentAmount()
{
    const QByteArray key(64, 'D');
    AdyenItem item;
    item.pspReference = kPayment;
    item.merchantAccountCode = kMerchant;
    item.currency = u"EUR"_s;
    item.success = true;
    item.eventCode = u"AUTHORISATION"_s;
    item.value = 5000;
    AdyenItem capture = item;
    capture.eventCode = u"CAPTURE"_s;
    capture.pspReference = u"CAPT000000000001"_s;
    capture.originalReference = kPayment;
    capture.value = 1500; // partial captures: 1500 + 2500 is the refundable base
    AdyenItem second = capture;
    second.pspReference = u"CAPT000000000002"_s;
    second.value = 2500;
    AdyenItem failed = capture; // captured, then its CAPTURE_FAILED: no money
    failed.pspReference = u"CAPT000000000003"_s;
    failed.value = 1000;
    AdyenItem failure = failed;
    failure.eventCode = u"CAPTURE_FAILED"_s;
    const WebhookStats stored =
        test::deliverAdyen(m_fixture->session(),
                           {signedAdyenBatch({item, capture, second, failed, failure}, key, false)},
                           {{key}, {kMerchant}, false});
    QCOMPARE(stored.stored, qint64(5));
    const int before = rowCount();
    const ToolResult over = refund(adyenInput(u"4417"_s, 4001));
    QCOMPARE(over.errorCode, u"amount_exceeds_refundable"_s);
    QVERIFY2(over.errorMessage.contains(u"40.00"_s), qPrintable(over.errorMessage));
    QCOMPARE(rowCount(), before);
    QCOMPARE(refundPosts().size(), std::size_t(0));
    const ToolResult first = refund(adyenInput(u"4417"_s, 3000));
    QVERIFY(first.status == ToolResult::Status::Accepted);
    // Checked, so no note on the row; the 3000 in progress counts against the next one.
    for (const Evidence &e : m_fixture->store().evidence(first.operationId))
        QVERIFY(e.title != u"Balance not checked at the provider"_s);
    // A batch's check decides the same room (1000 left) down its file, before anything opens: a
    // payment with no stored notification is left to its opening.
    const BatchFile file = readBatchFile("order,adyen_payment,amount,currency\n"
                                         "5001,DZ4DPSHB4WD2WN82,6.00,EUR\n"
                                         "5002,DZ4DPSHB4WD2WN82,5.00,EUR\n"
                                         "5003,QQ4DPSHB4WD2WN99,9000.00,EUR\n",
                                         u"adyen-room"_s);
    QVERIFY(file.problems.empty());
    BatchCheckOptions options;
    options.adyenProject = kMerchant;
    const BatchStanding standing = checkBatch(m_fixture->session(), file, options);
    QCOMPARE(standing.problems.size(), std::size_t(1));
    QCOMPARE(standing.problems.front().line, 3);
    QVERIFY2(standing.problems.front().message.contains(
                 u"left to refund on payment DZ4DPSHB4WD2WN82 after the file's earlier rows"_s),
             qPrintable(standing.problems.front().message));
    QCOMPARE(rowCount(), before + 1);
    QCOMPARE(refund(adyenInput(u"4418"_s, 1001)).errorCode, u"amount_exceeds_refundable"_s);
    QVERIFY(refund(adyenInput(u"4418"_s, 1000)).status == ToolResult::Status::Accepted);
    QCOMPARE(refundPosts().size(), std::size_t(2));
}

void TestAdyenRefund::badInputStoresAndSendsNothing_data()
{
    QTest::addColumn<QString>("payment");
    QTest::addColumn<QString>("charge");
    QTest::addColumn<QString>("reason");
    QTest::addColumn<QString>("merchant");
    QTest::addColumn<QString>("message");
    QTest::newRow("payment too short")
        << u"DZ4D"_s << QString() << QString() << kMerchant << u"16 letters and digits"_s;
    QTest::newRow("payment with a slash") << u"DZ4DPSHB4WD2WN8/"_s << QString() << QString()
                                          << kMerchant << u"16 letters and digits"_s;
    QTest::newRow("a charge as well")
        << kPayment << u"ch_4417"_s << QString() << kMerchant << u"give only one of"_s;
    QTest::newRow("a Stripe reason")
        << kPayment << QString() << u"duplicate"_s << kMerchant << u"reason is Stripe's"_s;
    QTest::newRow("no merchant account")
        << kPayment << QString() << QString() << QString() << u"OPS_ADYEN_MERCHANT"_s;
}

void TestAdyenRefund::badInputStoresAndSendsNothing()
{
    QFETCH(QString, payment);
    QFETCH(QString, charge);
    QFETCH(QString, reason);
    QFETCH(QString, merchant);
    QFETCH(QString, message);
    startEngine(u"adyen_test_demo"_s, merchant);
    RefundInput in = adyenInput(u"4417"_s, 1200, payment);
    in.chargeId = charge;
    in.reason = reason;
    const ToolResult r = refund(in);
    QVERIFY(r.status == ToolResult::Status::Rejected);
    QVERIFY2(r.errorMessage.contains(message), qPrintable(r.errorMessage));
    QCOMPARE(rowCount(), 0);
    QCOMPARE(refundPosts().size(), std::size_t(0));
}

QTEST_GUILESS_MAIN(TestAdyenRefund)
#include "tst_adyenrefund.moc"
