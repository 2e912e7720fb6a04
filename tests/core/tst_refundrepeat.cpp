// Rule 13 (a confirmed refund answers its repeat; `reference` makes a second one) and refund by
// PaymentIntent with a reason, against the real provider-sim over loopback on real SQLite files.
// As tst_refundrepeat_pg on PostgreSQL, the engine runs as the agent's login and the window is
// set by the supervisors on theirs (refundharness.h, issue 50).

#include "refundharness.h"
#include "storage/access/repeatwindow.h"
#include "storage/db/sqlconnection.h"

#include <QRegularExpression>
#include <QSqlQuery>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace ops;
using namespace ops::test::refund;
using nlohmann::json;
using ops::test::personActorOf;
using ops::test::RolesFixture;
using ops::test::SimProcess;

class TestRefundRepeat : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
    void rule13_repeatInsideTheWindowAnswersWithoutSending();
    void rule13_anotherReferenceIsASecondRefund();
    void rule13_pastTheWindowOpensANewOperationOnlyIfMoneyIsLeft();
    void rule13_theWindowSettingIsAudited();
    void paymentIntent_resolvesTheChargeBeforeTheRowIsWritten();
    void paymentIntent_unknownIsRejectedWithNothingStored();
    void chargeOrPaymentIntentAndReasonAreValidated_data();
    void chargeOrPaymentIntentAndReasonAreValidated();
};

void TestRefundRepeat::initTestCase()
{
    const QString error = ops::test::prepareRoles();
    QVERIFY2(error.isEmpty(), qPrintable(error));
}
void TestRefundRepeat::cleanupTestCase()
{
    const QString error = ops::test::dropRoles();
    QVERIFY2(error.isEmpty(), qPrintable(error));
}
void TestRefundRepeat::rule13_repeatInsideTheWindowAnswersWithoutSending()
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
    QCOMPARE(h.fixture.agent().list({}).size(), 1u);
    const auto repeats = h.audit(first.operationId, u"refund.repeat"_s);
    QCOMPARE(repeats.size(), 1u);
    QCOMPARE(repeats.at(0).actor, u"agent:toolu_01"_s);
    QVERIFY2(repeats.at(0).detail.contains(first.refundId), qPrintable(repeats.at(0).detail));
}
void TestRefundRepeat::rule13_anotherReferenceIsASecondRefund()
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
    QCOMPARE(h.fixture.agent().operation(second.operationId)->reference, u"ticket-8812"_s);
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
void TestRefundRepeat::rule13_pastTheWindowOpensANewOperationOnlyIfMoneyIsLeft()
{
    Harness h;
    QVERIFY2(h.start(), qPrintable(h.sim.error()));
    setRepeatWindow(connectionOf(h.fixture.as(u"alice"_s)), h.fixture.clock().nowMs(),
                    personActorOf(u"alice"_s), std::chrono::milliseconds(500));
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
    QCOMPARE(h.fixture.agent().list({}).size(), 2u);
}
void TestRefundRepeat::rule13_theWindowSettingIsAudited()
{
    RolesFixture f; // each person sets it on their own connection (their login on PostgreSQL)
    Connection &db = connectionOf(f.as(u"alice"_s));
    const auto set = [&](const QString &person, std::optional<std::chrono::milliseconds> window) {
        setRepeatWindow(connectionOf(f.as(person)), f.clock().nowMs(), personActorOf(person),
                        window);
    };
    QCOMPARE(repeatWindow(db).count(), kDefaultRepeatWindow.count());
    QVERIFY_THROWS_EXCEPTION(ActionRefused, set(u"carol"_s, std::chrono::hours(1)));
    QVERIFY_THROWS_EXCEPTION(ActionRefused, set(u"alice"_s, std::chrono::milliseconds(-1)));
    QCOMPARE(repeatWindow(db).count(), kDefaultRepeatWindow.count());
    set(u"alice"_s, std::chrono::minutes(90));
    QCOMPARE(repeatWindow(db).count(), qint64(5'400'000));
    set(u"bob"_s, std::nullopt);
    QCOMPARE(repeatWindow(db).count(), kDefaultRepeatWindow.count());
    QSqlQuery q(db);
    QVERIFY(q.exec(u"SELECT actor, detail FROM audit WHERE action = 'settings.repeat_window' "
                   "ORDER BY id"_s));
    QVERIFY(q.next());
    QCOMPARE(q.value(0).toString(), personActorOf(u"alice"_s));
    QVERIFY2(q.value(1).toString().contains(u"5400000"_s), qPrintable(q.value(1).toString()));
    QVERIFY(q.next());
    QCOMPARE(q.value(0).toString(), personActorOf(u"bob"_s));
    QVERIFY(!q.next()); // the refused changes wrote nothing
    QCOMPARE(parseRepeatWindow(u"24h"_s).valueOr(std::chrono::milliseconds(0)).count(),
             qint64(86'400'000));
    QCOMPARE(parseRepeatWindow(u"250ms"_s).valueOr(std::chrono::milliseconds(0)).count(),
             qint64(250));
    QVERIFY(!parseRepeatWindow(u"24"_s));
    QVERIFY(!parseRepeatWindow(u"366d"_s));
    QVERIFY(!parseRepeatWindow(u"-1h"_s));
}
void TestRefundRepeat::paymentIntent_resolvesTheChargeBeforeTheRowIsWritten()
{
    Harness h;
    QVERIFY2(h.start(), qPrintable(h.sim.error()));
    RefundInput byIntent{u"4417"_s, {}, 1000, u"usd"_s};
    byIntent.paymentIntentId = u"pi_4417"_s;
    byIntent.reason = u"duplicate"_s;
    const ToolResult r = h.refund(byIntent);
    QCOMPARE(status(r), u"refunded"_s);
    const auto row = h.fixture.agent().operation(r.operationId);
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
void TestRefundRepeat::paymentIntent_unknownIsRejectedWithNothingStored()
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
    QCOMPARE(h.fixture.agent().list({}).size(), 0u);
    QCOMPARE(h.refundPosts().size(), 0u);
}
void TestRefundRepeat::chargeOrPaymentIntentAndReasonAreValidated_data()
{
    QTest::addColumn<QString>("charge");
    QTest::addColumn<QString>("paymentIntent");
    QTest::addColumn<QString>("reason");
    QTest::addColumn<QString>("reference");
    QTest::addColumn<QString>("message");
    QTest::addRow("both") << u"ch_4417"_s << u"pi_4417"_s << QString() << QString()
                          << u"give only one of a charge, a payment intent"_s;
    QTest::addRow("neither") << QString() << QString() << QString() << QString()
                             << u"give a charge, a payment intent or an Adyen payment"_s;
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
void TestRefundRepeat::chargeOrPaymentIntentAndReasonAreValidated()
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
    QCOMPARE(h.fixture.agent().list({}).size(), 0u);
    QCOMPARE(h.refundPosts().size(), 0u);
    QCOMPARE(h.paymentIntentReads(), 0u);
}
QTEST_GUILESS_MAIN(TestRefundRepeat)
#include "tst_refundrepeat.moc"
