// Adyen's notifications through the real receiver component on a real store (SQLite, or
// PostgreSQL in the _pg variant; DESIGN §15, docs/adyen.md): a checked batch is stored whole or
// not at all, each item matched to its refund row and decided forward only. The batches are
// signed by adyennotification.h's own signer; tests/node/adyen-webhook-receiver.test.mjs signs
// them with Adyen's official library instead, against a running opsctl. Each actor in its role
// (rolesfixture.h, issue 50): on PostgreSQL the agent opens the rows and records Adyen's
// `received`, the receiver writes as the service, and alice sets auto-close as herself.

#include "adyen/adyennotification.h"
#include "storage/db/sqlconnection.h"
#include "storage/events/eventstore.h"
#include "storage/reconcile/proposals.h"
#include "storage/reconcile/reconcilestore.h"
#include "support/adyendelivery.h"
#include "support/rolesfixture.h"
#include "webhook/webhookreceiver.h"

#include <QTest>

using namespace Qt::StringLiterals;
using namespace ops;

namespace {

const QByteArray kKey = "44782DEF547AAA06C910C43932B1EB0C71FC68D9D0C057550C48EC2ACF6BA056";
const QString kMerchant = u"NorthwindECOM"_s;
const QString kPayment = u"DZ4DPSHB4WD2WN82"_s;

struct Item
{
    QString op = QString(); // merchantReference (empty leaves it out)
    QString psp = u"RFND000000000001"_s;
    QString code = u"REFUND"_s;
    bool success = true;
    qint64 value = 1200;
    QString currency = u"EUR"_s;
    QString reason = QString();
    QString date = u"2026-11-29T12:05:00Z"_s;
    QString merchant = kMerchant;
    QString payment = kPayment;
};

AdyenItem adyenItem(const Item &i)
{
    AdyenItem a;
    a.eventCode = i.code;
    a.pspReference = i.psp;
    a.originalReference = i.payment;
    a.merchantAccountCode = i.merchant;
    a.merchantReference = i.op;
    a.value = i.value;
    a.currency = i.currency;
    a.success = i.success;
    a.reason = i.reason;
    a.eventDate = i.date;
    return a;
}

QByteArray batch(const std::vector<Item> &items, bool live = false, const QByteArray &key = kKey)
{
    std::vector<AdyenItem> out;
    for (const Item &i : items)
        out.push_back(adyenItem(i));
    return signedAdyenBatch(out, key, live);
}

} // namespace

class TestAdyenEvents : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
    void init();
    void cleanup();
    void refundSuccessSettlesTheReceivedRow();
    void refundFailureClosesFailedWithTheReason();
    void laterFailureOrReversalRaisesAttention();
    void reorderedFailureBeforeSuccessStaysFailed();
    void duplicatesChangeNothing();
    void aRefundWithoutOurReferenceOnlyRaisesAttention();
    void aRefundOfAnotherPaymentOrKindDecidesNothing();
    void amountDisagreeingRaisesAttention();
    void paymentEventsAreKeptForRuleNine();
    void autoCloseOffProposesInstead();
    void oneBadItemRefusesTheWholeBatch();
    void badInputIsRefusedWithNothingStored_data();
    void badInputIsRefusedWithNothingStored();
    void withoutAKeyNothingIsTaken();

private:
    // Opens an Adyen refund row Adyen answered `received` for, with refund reference `psp`.
    Operation receivedRow(const QString &id, const QString &psp, qint64 amount = 1200);
    // Each body posted to a receiver on the fixture's store, then one group commit.
    WebhookStats deliver(const QList<QByteArray> &bodies, const AdyenExpectation &expected);
    WebhookStats deliver(const QList<QByteArray> &bodies) { return deliver(bodies, expectation()); }
    static AdyenExpectation expectation() { return {{kKey}, {kMerchant}, false}; }
    Operation row(const QString &id) { return *m_f->store().operation(id); }
    qint64 storedEvents() { return test::TestDatabase::probeCount(m_f->path(), kCount); }

    static inline const QString kCount = u"SELECT COUNT(*) FROM provider_events"_s;
    std::unique_ptr<test::RolesFixture> m_f;
};

void TestAdyenEvents::initTestCase()
{
    const QString error = test::prepareRoles();
    QVERIFY2(error.isEmpty(), qPrintable(error));
}

void TestAdyenEvents::cleanupTestCase()
{
    const QString error = test::dropRoles();
    QVERIFY2(error.isEmpty(), qPrintable(error));
}

void TestAdyenEvents::init()
{
    m_f = std::make_unique<test::RolesFixture>();
}

void TestAdyenEvents::cleanup()
{
    m_f.reset();
}

Operation TestAdyenEvents::receivedRow(const QString &id, const QString &psp, qint64 amount)
{
    NewOperation op;
    op.id = id;
    op.provider = Provider::Adyen;
    op.project = kMerchant;
    op.unitOfWork = u"order-"_s + id + u"|"_s + QString::number(amount) + u"|eur"_s;
    op.orderId = u"order-"_s + id;
    op.chargeId = kPayment;
    op.amount = {amount, u"eur"_s};
    op.idempotencyKey = u"key-"_s + id;
    op.windowSeconds = 7 * 24 * 3600;
    op.request = {"POST", u"/v71/payments/"_s + kPayment + u"/refunds"_s, "{}", "application/json"};
    // The agent's call opens it and its engine records Adyen's answer under that call's actor
    // (engine/adyenrefundpolicy.cpp), naming the agent's login on PostgreSQL (migration 0013).
    const QString actor = m_f->agentActor(u"test"_s);
    op.createdBy = actor;
    op.agent = m_f->agentOf();
    OperationStore &agent = m_f->as(u"agent"_s);
    agent.openOrGet(op);
    if (!psp.isEmpty())
        agent.recordProviderObject(id, psp, u"received"_s, actor);
    return row(id);
}

WebhookStats TestAdyenEvents::deliver(const QList<QByteArray> &bodies,
                                      const AdyenExpectation &expected)
{
    return test::deliverAdyen(m_f->sessionAs(u"svc"_s), bodies, expected);
}

void TestAdyenEvents::refundSuccessSettlesTheReceivedRow()
{
    QVERIFY(awaitsProviderNotification(receivedRow(u"op_a"_s, u"RFND000000000001"_s)));
    const WebhookStats stats = deliver({batch({{.op = u"op_a"_s}})});
    QCOMPARE(stats.stored, qint64(1));
    QCOMPARE(stats.refusedTotal(), qint64(0));
    const Operation op = row(u"op_a"_s);
    QCOMPARE(toString(op.state), u"succeeded"_s);
    QCOMPARE(op.providerRef, u"RFND000000000001"_s);
    QCOMPARE(op.closedBy, u"system:webhook"_s);
    const auto events = m_f->session().events().eventsOf(u"op_a"_s);
    QCOMPARE(events.size(), 1u);
    QCOMPARE(events[0].id, u"RFND000000000001:REFUND:true"_s);
    QCOMPARE(toString(events[0].provider), u"adyen"_s);
    QCOMPARE(toString(events[0].matchedBy), u"merchant_reference"_s);
    QCOMPARE(toString(events[0].outcome), u"applied"_s);
    // The item is kept as received, and it is the row's evidence.
    QVERIFY(events[0].raw.contains("\"hmacSignature\""));
    bool evidence = false;
    for (const Evidence &e : m_f->store().evidence(u"op_a"_s))
        evidence = evidence || (e.kind == u"provider_event"_s && e.body.contains("REFUND"));
    QVERIFY(evidence);
}

void TestAdyenEvents::refundFailureClosesFailedWithTheReason()
{
    receivedRow(u"op_f"_s, u"RFND000000000002"_s);
    deliver({batch({{.op = u"op_f"_s,
                     .psp = u"RFND000000000002"_s,
                     .success = false,
                     .reason = u"Insufficient balance on payment"_s}})});
    const Operation op = row(u"op_f"_s);
    QCOMPARE(toString(op.state), u"failed"_s);
    QCOMPARE(op.failureCode, u"refund_refused: Insufficient balance on payment"_s);
    QCOMPARE(op.providerStatus, u"refused"_s);
}

void TestAdyenEvents::laterFailureOrReversalRaisesAttention()
{
    receivedRow(u"op_l"_s, u"RFND000000000003"_s);
    receivedRow(u"op_r"_s, u"RFND000000000004"_s, 900);
    deliver({batch({{.op = u"op_l"_s, .psp = u"RFND000000000003"_s},
                    {.op = u"op_r"_s, .psp = u"RFND000000000004"_s, .value = 900}})});
    QCOMPARE(toString(row(u"op_l"_s).state), u"succeeded"_s);
    QCOMPARE(toString(row(u"op_r"_s).state), u"succeeded"_s);
    deliver({batch({{.op = u"op_l"_s,
                     .psp = u"RFND000000000003"_s,
                     .code = u"REFUND_FAILED"_s,
                     .reason = u"account closed"_s,
                     .date = u"2026-11-30T09:00:00Z"_s},
                    {.op = u"op_r"_s,
                     .psp = u"RFND000000000004"_s,
                     .code = u"REFUNDED_REVERSED"_s,
                     .value = 900,
                     .date = u"2026-11-30T09:00:00Z"_s}})});
    // Forward only: the rows stay succeeded, say what Adyen said, and wait for a person.
    for (const auto &[id, status] :
         {std::pair{u"op_l"_s, u"refund_failed"_s}, std::pair{u"op_r"_s, u"refunded_reversed"_s}}) {
        const Operation op = row(id);
        QCOMPARE(toString(op.state), u"succeeded"_s);
        QCOMPARE(op.providerStatus, status);
        const auto attention = m_f->session().events().attentionOf(id);
        QVERIFY2(attention, qPrintable(id));
        QVERIFY2(attention->reason.contains(u"did not reach the customer"_s),
                 qPrintable(attention->reason));
    }
    QVERIFY(m_f->session().events().attentionOf(u"op_l"_s)->reason.contains(u"account closed"_s));
}

void TestAdyenEvents::reorderedFailureBeforeSuccessStaysFailed()
{
    // Both in the same second, the failure first: a REFUND_FAILED can only follow its REFUND.
    receivedRow(u"op_o"_s, u"RFND000000000005"_s);
    deliver({batch({{.op = u"op_o"_s,
                     .psp = u"RFND000000000005"_s,
                     .code = u"REFUND_FAILED"_s,
                     .date = u"2026-11-29T12:05:00Z"_s}})});
    QCOMPARE(toString(row(u"op_o"_s).state), u"failed"_s);
    QCOMPARE(row(u"op_o"_s).failureCode, u"refund_failed"_s);
    deliver({batch({{.op = u"op_o"_s, .psp = u"RFND000000000005"_s}})});
    QCOMPARE(toString(row(u"op_o"_s).state), u"failed"_s);
    QVERIFY(!m_f->session().events().attentionOf(u"op_o"_s));
    QCOMPARE(m_f->session().events().eventsOf(u"op_o"_s).size(), 2u);
}

void TestAdyenEvents::duplicatesChangeNothing()
{
    receivedRow(u"op_d"_s, u"RFND000000000006"_s);
    const QByteArray body = batch({{.op = u"op_d"_s, .psp = u"RFND000000000006"_s}});
    QCOMPARE(deliver({body}).stored, qint64(1));
    const int audits = int(m_f->store().audit(u"op_d"_s).size());
    const WebhookStats again = deliver({body, body});
    QCOMPARE(again.stored, qint64(0));
    QCOMPARE(again.duplicates, qint64(2));
    QCOMPARE(storedEvents(), qint64(1));
    QCOMPARE(int(m_f->store().audit(u"op_d"_s).size()), audits);
}

void TestAdyenEvents::aRefundWithoutOurReferenceOnlyRaisesAttention()
{
    // A refund of the row's payment for the row's amount that names no operation of ours may
    // have been made outside the product: Attention, never a close, and no claim on the row.
    receivedRow(u"op_p"_s, u"RFND000000000007"_s, 700);
    deliver({batch({{.psp = u"RFND000000000099"_s, .value = 700}})});
    QCOMPARE(toString(row(u"op_p"_s).state), u"open"_s);
    QCOMPARE(m_f->session().events().eventsOf(u"op_p"_s).size(), 1u);
    QCOMPARE(toString(m_f->session().events().eventsOf(u"op_p"_s)[0].matchedBy),
             u"original_reference"_s);
    QVERIFY(m_f->session().events().attentionOf(u"op_p"_s)->reason.contains(u"twice"_s));
    // Its own notification still settles it.
    deliver({batch({{.op = u"op_p"_s, .psp = u"RFND000000000007"_s, .value = 700}})});
    QCOMPARE(toString(row(u"op_p"_s).state), u"succeeded"_s);
    QCOMPARE(row(u"op_p"_s).providerRef, u"RFND000000000007"_s);
    // Two live rows of the payment with one amount: naming either would be a guess.
    receivedRow(u"op_q1"_s, QString(), 500);
    receivedRow(u"op_q2"_s, QString(), 500);
    deliver({batch({{.psp = u"RFND000000000008"_s, .value = 500}})});
    QVERIFY(!m_f->session().events().attentionOf(u"op_q1"_s));
    QVERIFY(!m_f->session().events().attentionOf(u"op_q2"_s));
    QCOMPARE(m_f->session().events().unmatchedCount(), qint64(1));
}

void TestAdyenEvents::aRefundOfAnotherPaymentOrKindDecidesNothing()
{
    // Our reference on a refund of another payment: Attention, no close.
    receivedRow(u"op_y"_s, u"RFND000000000020"_s);
    deliver({batch(
        {{.op = u"op_y"_s, .psp = u"RFND000000000020"_s, .payment = u"OTHERPAYMENT0001"_s}})});
    QCOMPARE(toString(row(u"op_y"_s).state), u"open"_s);
    QVERIFY(m_f->session().events().attentionOf(u"op_y"_s)->reason.contains(u"OTHERPAYMENT0001"_s));
    // CANCEL_OR_REFUND is not a refund this product sends: kept, and it decides nothing.
    receivedRow(u"op_c"_s, u"RFND000000000021"_s);
    const WebhookStats stats = deliver(
        {batch({{.op = u"op_c"_s, .psp = u"RFND000000000021"_s, .code = u"CANCEL_OR_REFUND"_s}})});
    QCOMPARE(stats.stored, qint64(1));
    QCOMPARE(toString(row(u"op_c"_s).state), u"open"_s);
    QVERIFY(!m_f->session().events().attentionOf(u"op_c"_s));
}

void TestAdyenEvents::amountDisagreeingRaisesAttention()
{
    receivedRow(u"op_m"_s, u"RFND000000000009"_s);
    deliver({batch({{.op = u"op_m"_s, .psp = u"RFND000000000009"_s, .value = 1300}})});
    QCOMPARE(toString(row(u"op_m"_s).state), u"open"_s);
    QVERIFY(m_f->session().events().attentionOf(u"op_m"_s));
    // A second refund naming the row is no proof either.
    receivedRow(u"op_n"_s, u"RFND000000000010"_s);
    deliver({batch({{.op = u"op_n"_s, .psp = u"RFND000000000011"_s}})});
    QCOMPARE(toString(row(u"op_n"_s).state), u"open"_s);
    QVERIFY(
        m_f->session().events().attentionOf(u"op_n"_s)->reason.contains(u"two Adyen refunds"_s));
}

void TestAdyenEvents::paymentEventsAreKeptForRuleNine()
{
    receivedRow(u"op_k"_s, u"RFND000000000012"_s);
    const WebhookStats stats = deliver({batch(
        {{.psp = kPayment, .code = u"AUTHORISATION"_s, .value = 5000, .payment = QString()}})});
    QCOMPARE(stats.stored, qint64(1));
    const auto stored = m_f->session().events().event(kPayment + u":AUTHORISATION:true"_s);
    QVERIFY(stored);
    QCOMPARE(stored->objectType, u"payment"_s);
    QCOMPARE(stored->objectId, kPayment);
    QVERIFY(stored->operationId.isEmpty());
    QCOMPARE(toString(row(u"op_k"_s).state), u"open"_s);
}

void TestAdyenEvents::autoCloseOffProposesInstead()
{
    m_f->sessionAs(u"alice"_s).reconcile().setAutoClose(m_f->person(u"alice"_s), false);
    receivedRow(u"op_x"_s, u"RFND000000000013"_s);
    deliver({batch({{.op = u"op_x"_s, .psp = u"RFND000000000013"_s}})});
    // Issue 50 item 5: the row waited only for this notification, so it turns unknown and is in
    // Checking beside its proposal, where a person or a bulk run applies it (§10, rule 6).
    const Operation settled = row(u"op_x"_s);
    QCOMPARE(toString(settled.state), u"unknown"_s);
    QCOMPARE(settled.unknownReason, u"provider settled it; automatic closes are off"_s);
    QCOMPARE(settled.providerStatus, u"received"_s); // nothing closed: the proposal decides
    const auto proposal = openProposal(connectionOf(m_f->store()), u"op_x"_s);
    QVERIFY(proposal);
    QCOMPARE(toString(*proposal->outcome), u"succeeded"_s);
    QCOMPARE(proposal->providerRef, u"RFND000000000013"_s);
    QCOMPARE(proposal->evidenceIds.size(), 1);
}

void TestAdyenEvents::oneBadItemRefusesTheWholeBatch()
{
    receivedRow(u"op_b1"_s, u"RFND000000000014"_s);
    receivedRow(u"op_b2"_s, u"RFND000000000015"_s);
    QByteArray body = batch({{.op = u"op_b1"_s, .psp = u"RFND000000000014"_s},
                             {.op = u"op_b2"_s, .psp = u"RFND000000000015"_s}});
    // The second item's amount changed after signing.
    const qsizetype at = body.lastIndexOf("\"value\":1200");
    QVERIFY(at > 0);
    body.replace(at, 12, "\"value\":1201");
    const WebhookStats stats = deliver({body});
    QCOMPARE(stats.refused.at(u"adyen_bad_signature"_s), qint64(1));
    QCOMPARE(stats.stored, qint64(0));
    QCOMPARE(storedEvents(), qint64(0));
    QCOMPARE(toString(row(u"op_b1"_s).state), u"open"_s);
    QCOMPARE(toString(row(u"op_b2"_s).state), u"open"_s);
}

void TestAdyenEvents::badInputIsRefusedWithNothingStored_data()
{
    QTest::addColumn<QByteArray>("body");
    QTest::addColumn<QString>("code");
    const Item ok{.op = u"op_z"_s};
    QByteArray unsigned_ = batch({ok});
    unsigned_.replace("\"hmacSignature\"", "\"otherField\"");
    QTest::newRow("missing signature") << unsigned_ << u"adyen_missing_signature"_s;
    QTest::newRow("another key") << batch({ok}, false, QByteArray(64, 'A'))
                                 << u"adyen_bad_signature"_s;
    QTest::newRow("wrong merchant")
        << batch({{.op = u"op_z"_s, .merchant = u"OtherShop"_s}}) << u"adyen_wrong_merchant"_s;
    QTest::newRow("live against a test key") << batch({ok}, true) << u"adyen_live_mismatch"_s;
    QTest::newRow("unknown event")
        << batch({{.op = u"op_z"_s, .code = u"CHARGEBACK_MAGIC"_s}}) << u"adyen_unknown_event"_s;
    QByteArray fractional = batch({ok});
    fractional.replace("\"value\":1200", "\"value\":12.5");
    QTest::newRow("amount not an integer") << fractional << u"adyen_bad_amount"_s;
    QTest::newRow("not JSON") << QByteArray("[accepted]") << u"adyen_malformed"_s;
    QTest::newRow("over 1 MiB") << QByteArray(1024 * 1024 + 1, ' ')
                                << u"adyen_too_large"_s; // the receiver's own limit
    QTest::newRow("second item of another merchant")
        << batch({ok, {.op = u"op_z"_s, .merchant = u"OtherShop"_s}}) << u"adyen_wrong_merchant"_s;
    QByteArray yes = batch({ok, ok});
    yes.replace(yes.lastIndexOf("\"success\":\"true\""), 16, "\"success\":\"yes\"");
    QTest::newRow("second item's success not a flag") << yes << u"adyen_malformed"_s;
    QByteArray noItems = R"({"live":"false","notificationItems":[]})";
    QTest::newRow("no items") << noItems << u"adyen_malformed"_s;
    std::vector<Item> many(1000, ok);
    QTest::newRow("1,000 items") << batch(many) << u"adyen_too_many_items"_s;
}

void TestAdyenEvents::badInputIsRefusedWithNothingStored()
{
    QFETCH(QByteArray, body);
    QFETCH(QString, code);
    receivedRow(u"op_z"_s, u"RFND000000000001"_s);
    const WebhookStats stats = deliver({body});
    QCOMPARE(stats.refusedTotal(), qint64(1));
    QVERIFY2(stats.refused.count(code) == 1, qPrintable(code));
    QCOMPARE(stats.stored, qint64(0));
    QCOMPARE(storedEvents(), qint64(0));
    QCOMPARE(toString(row(u"op_z"_s).state), u"open"_s);
}

void TestAdyenEvents::withoutAKeyNothingIsTaken()
{
    receivedRow(u"op_w"_s, u"RFND000000000001"_s);
    const WebhookStats stats = deliver({batch({{.op = u"op_w"_s}})}, AdyenExpectation{});
    QCOMPARE(stats.refused.at(u"adyen_no_key"_s), qint64(1));
    QCOMPARE(storedEvents(), qint64(0));
}

QTEST_GUILESS_MAIN(TestAdyenEvents)
#include "tst_adyenevents.moc"
