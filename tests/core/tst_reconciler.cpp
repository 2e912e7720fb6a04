// The reconciler against a real provider-sim over loopback, on a real database (docs/design.md
// §10, issue 14 item 1): every outcome of the §10 table, the schedule, held rows, the one list
// read per charge, and that it never sends anything that could move money. Each actor in its role
// (reconcilefixture.h): on PostgreSQL the engine logs in as the agent, the reconciler and the
// receiver as the service, and alice and carol set, ask and lease as themselves.

#include "adyen/adyennotification.h"
#include "domain/evidencemaking.h"
#include "engine/adyenrefundengine.h"
#include "reconcile/reconcileschedule.h"
#include "storage/access/approvals.h"
#include "storage/audit/auditlog.h"
#include "storage/events/eventstore.h"
#include "storage/operations/resendlease.h"
#include "storage/reconcile/proposals.h"
#include "storage/reconcile/reconcilerows.h"
#include "storage/reconcile/reconcilesettings.h"
#include "storage/reconcile/reconcilestore.h"
#include "support/adyendelivery.h"
#include "support/messagefixture.h"
#include "support/reconcilefixture.h"
#include "support/simtestutil.h"

using namespace Qt::StringLiterals;
using namespace ops;
using nlohmann::json;
using ops::test::ReconcileFixture;

namespace {

const RowReport *reportOf(const PassReport &pass, const QString &id)
{
    for (const RowReport &r : pass.rows) {
        if (r.operationId == id)
            return &r;
    }
    return nullptr;
}

QString resultOf(const PassReport &pass, const QString &id)
{
    const RowReport *r = reportOf(pass, id);
    return r ? r->result : u"(not looked at)"_s;
}

int auditCount(ReconcileFixture &f, const QString &id, const QString &action)
{
    int n = 0;
    for (const AuditEntry &e : f.db.store().audit(id))
        n += e.action == action ? 1 : 0;
    return n;
}

int readingsOf(ReconcileFixture &f, const QString &id)
{
    int n = 0;
    for (const Evidence &e : f.db.store().evidence(id))
        n += e.createdBy == u"system:reconciler"_s ? 1 : 0;
    return n;
}

void postClaimingRefund(ReconcileFixture &f, const QString &charge, qint64 amount,
                        const QString &operationId)
{
    const ops::test::HttpReply reply =
        ops::test::postRefund(f.sim, ops::test::form({{u"charge"_s, charge},
                                                      {u"amount"_s, QString::number(amount)},
                                                      {u"metadata[operation_id]"_s, operationId}}));
    QCOMPARE(reply.status, 200);
}

} // namespace

class TestReconciler : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
    void schedule_data();
    void schedule();
    void closesAStored500WhoseMoneyMoved();
    void proposesWhenNoRefundExists();
    void proposesTheStepThatFinishesTheRefund();
    void twoRefundObjectsRaiseAttention();
    void amountDisagreementRaisesAttention();
    void pendingRefundIsFollowedThenAttention();
    void unreachableProviderReschedules();
    void autoCloseOffOnlyProposes();
    void heldRowsAreUntouched();
    void onePassReadsEachChargeOnce();
    void rowsFollowTheirSlots();
    void adyenRowsAreNotReadAtStripe();
    void adyenRowsCloseByTheirStoredNotification();
    void adyenStored500ProposesCloseFailed();

private:
    ToolResult adyenRefund(ReconcileFixture &f, qint64 amount);
};

void TestReconciler::initTestCase()
{
    const QString error = ops::test::prepareRoles();
    QVERIFY2(error.isEmpty(), qPrintable(error));
}

void TestReconciler::cleanupTestCase()
{
    const QString error = ops::test::dropRoles();
    QVERIFY2(error.isEmpty(), qPrintable(error));
}

void TestReconciler::schedule_data()
{
    QTest::addColumn<qint64>("nowS");
    QTest::addColumn<qint64>("expectedS"); // -1: ended
    // Row needed checking at 0; deadline at 24 h; the schedule ends one day after it.
    QTest::addRow("before the first slot") << qint64(0) << qint64(60);
    QTest::addRow("after 1 min") << qint64(60) << qint64(300);
    QTest::addRow("after 5 min") << qint64(301) << qint64(3600);
    QTest::addRow("after 1 h") << qint64(3600) << qint64(6 * 3600);
    QTest::addRow("after 6 h: every 6 h") << qint64(6 * 3600) << qint64(12 * 3600);
    QTest::addRow("a late pass moves on") << qint64(13 * 3600) << qint64(18 * 3600);
    QTest::addRow("last slot inside deadline + 1 day") << qint64(47 * 3600) << qint64(48 * 3600);
    QTest::addRow("past deadline + 1 day") << qint64(48 * 3600) << qint64(-1);
}

void TestReconciler::schedule()
{
    QFETCH(qint64, nowS);
    QFETCH(qint64, expectedS);
    const ReconcileSchedule s{ReconcileSettings{}};
    const auto next = s.nextAfter(0, nowS * 1000, 24 * 3600 * 1000);
    QCOMPARE(next ? *next / 1000 : -1, expectedS);
}

void TestReconciler::closesAStored500WhoseMoneyMoved()
{
    ReconcileFixture f;
    QVERIFY2(f.start(), qPrintable(f.sim.error()));
    const QString id = f.unknownRefund(u"4417"_s, u"ch_4417"_s, 3800, true);
    f.clearRequests();
    const PassReport pass = f.reconciler().pass(true);
    QCOMPARE(resultOf(pass, id), u"closed_succeeded"_s);
    const Operation op = f.row(id);
    QCOMPARE(toString(op.state), u"succeeded"_s);
    QCOMPARE(op.closedBy, u"system:reconciler"_s);
    QVERIFY(op.providerRef.startsWith(u"re_"_s));
    QCOMPARE(op.providerStatus, u"succeeded"_s);
    // The refund object is the evidence, stored before the close, and the close names it.
    const auto evidence = f.db.store().evidence(id);
    QCOMPARE(evidence.back().kind, u"provider_object"_s);
    const json body = json::parse(evidence.back().body.toStdString());
    QCOMPARE(body["claiming_refunds"].size(), 1u);
    QCOMPARE(QString::fromStdString(body["claiming_refunds"][0]["id"]), op.providerRef);
    QVERIFY(body["list_complete"].get<bool>());
    // The engine's close, audited as system:reconciler, names the provider object and evidence.
    const auto audit = f.db.store().audit(id);
    QCOMPARE(audit.back().action, u"state.succeeded"_s);
    QCOMPARE(audit.back().actor, u"system:reconciler"_s);
    const json detail = json::parse(audit.back().detail.toStdString());
    QCOMPARE(QString::fromStdString(detail["provider_ref"]), op.providerRef);
    QVERIFY(QString::fromStdString(detail["reason"])
                .contains(u"Evidence #%1."_s.arg(evidence.back().id)));
    QCOMPARE(f.moneyPosts(), 0); // rule 6: reads only
    QVERIFY(AuditLog::verify(connectionOf(f.db.store())).holds());
}

void TestReconciler::proposesWhenNoRefundExists()
{
    ReconcileFixture f;
    QVERIFY2(f.start(), qPrintable(f.sim.error()));
    const QString id = f.unknownRefund(u"4417"_s, u"ch_4417"_s, 3800, false);
    f.clearRequests();
    const PassReport pass = f.reconciler().pass(true);
    QCOMPARE(resultOf(pass, id), u"proposal"_s);
    QCOMPARE(toString(f.row(id).state), u"unknown"_s); // never an automatic failed
    const auto p = openProposal(connectionOf(f.db.store()), id);
    QVERIFY(p);
    QCOMPARE(toString(*p->outcome), u"failed"_s);
    QVERIFY2(p->reason.startsWith(u"No refund at the provider (list complete at "_s),
             qPrintable(p->reason));
    QVERIFY2(p->reason.contains(u"replays its stored 5xx"_s), qPrintable(p->reason));
    QVERIFY(p->action == ProposalAction::Close);
    QCOMPARE(p->evidenceIds, QList<qint64>{f.db.store().evidence(id).back().id});
    QCOMPARE(auditCount(f, id, u"proposal.made"_s), 1);
    QCOMPARE(f.moneyPosts(), 0);

    // The next reading supersedes the proposal: one open, the old one points at it.
    const PassReport again = f.reconciler().pass(true);
    const auto newer = openProposal(connectionOf(f.db.store()), id);
    QVERIFY(newer && newer->id != p->id);
    const auto old = findProposal(connectionOf(f.db.store()), p->id);
    QCOMPARE(toString(old->state), u"superseded"_s);
    QCOMPARE(old->supersededBy, newer->id);
}

void TestReconciler::proposesTheStepThatFinishesTheRefund()
{
    // DESIGN §16: six 503s stored nothing under the key, so inside the window the proposal is a
    // resend with the stored key; once the window has closed, close failed and start anew.
    ReconcileFixture f;
    QVERIFY2(f.start(), qPrintable(f.sim.error()));
    f.sim.addFault({{"route", "POST /v1/refunds"}, {"mode", "503"}, {"count", 100}});
    QString id;
    for (int call = 0; call < 2; ++call)
        id = f.engine
                 ->refund({u"6503"_s, u"ch_4417"_s, 2500, u"usd"_s}, f.db.agentActor(u"toolu_01"_s))
                 .operationId;
    f.sim.clearFaults();
    QVERIFY(f.db.store().operation(id));
    QCOMPARE(toString(f.row(id).state), u"unknown"_s);
    QCOMPARE(f.row(id).attempts, 6);
    f.clearRequests();

    QCOMPARE(resultOf(f.reconciler().pass(true), id), u"proposal"_s);
    const auto resend = openProposal(connectionOf(f.db.store()), id);
    QVERIFY(resend);
    QVERIFY(resend->action == ProposalAction::Resend);
    QVERIFY(!resend->outcome);
    QVERIFY2(resend->reason.contains(u"Nothing is stored under the key"_s),
             qPrintable(resend->reason));
    QCOMPARE(f.moneyPosts(), 0); // the reconciler proposes the resend; a person sends it

    f.db.clock().advanceSecs(25 * 3600);
    QCOMPARE(resultOf(f.reconciler().pass(true), id), u"proposal"_s);
    const auto close = openProposal(connectionOf(f.db.store()), id);
    QVERIFY(close && close->id != resend->id);
    QVERIFY(close->action == ProposalAction::Close);
    QCOMPARE(toString(*close->outcome), u"failed"_s);
    QVERIFY2(close->reason.contains(u"window closed"_s), qPrintable(close->reason));
    QCOMPARE(toString(f.row(id).state), u"unknown"_s);
}

void TestReconciler::twoRefundObjectsRaiseAttention()
{
    ReconcileFixture f;
    QVERIFY2(f.start(), qPrintable(f.sim.error()));
    const QString id = f.unknownRefund(u"1002"_s, u"ch_1002"_s, 1000, false);
    postClaimingRefund(f, u"ch_1002"_s, 1000, id);
    postClaimingRefund(f, u"ch_1002"_s, 1000, id);
    const PassReport pass = f.reconciler().pass(true);
    QCOMPARE(resultOf(pass, id), u"attention"_s);
    QCOMPARE(toString(f.row(id).state), u"unknown"_s);
    QVERIFY(!openProposal(connectionOf(f.db.store()), id));
    const auto attention = EventStore(connectionOf(f.db.store()), f.db.clock()).attentionOf(id);
    QVERIFY(attention);
    QCOMPARE(attention->raisedBy, u"system:reconciler"_s);
    QVERIFY(attention->reason.startsWith(u"2 refund objects"_s));
}

void TestReconciler::amountDisagreementRaisesAttention()
{
    ReconcileFixture f;
    QVERIFY2(f.start(), qPrintable(f.sim.error()));
    const QString id = f.unknownRefund(u"1002"_s, u"ch_1002"_s, 1000, false);
    postClaimingRefund(f, u"ch_1002"_s, 999, id);
    const PassReport pass = f.reconciler().pass(true);
    QCOMPARE(resultOf(pass, id), u"attention"_s);
    QVERIFY(reportOf(pass, id)->detail.contains(u"9.99"_s));
    QCOMPARE(toString(f.row(id).state), u"unknown"_s);
}

void TestReconciler::pendingRefundIsFollowedThenAttention()
{
    ReconcileFixture f;
    QVERIFY2(f.start(), qPrintable(f.sim.error()));
    const QString settles = f.unknownRefund(u"p1"_s, u"ch_pending"_s, 1000, true);
    const QString fails = f.unknownRefund(u"p2"_s, u"ch_pending"_s, 2000, true);
    f.reconciler().pass(true);
    for (const QString &id : {settles, fails}) {
        QCOMPARE(toString(f.row(id).state), u"succeeded"_s);
        QCOMPARE(f.row(id).providerStatus, u"pending"_s);
    }
    QVERIFY(!f.sim
                 .admin("POST", u"/_sim/refunds/%1/settle"_s.arg(f.row(settles).providerRef),
                        {{"status", "succeeded"}})
                 .is_discarded());
    QVERIFY(!f.sim
                 .admin("POST", u"/_sim/refunds/%1/settle"_s.arg(f.row(fails).providerRef),
                        {{"status", "failed"}, {"failure_reason", "expired_or_canceled_card"}})
                 .is_discarded());
    const PassReport pass = f.reconciler().pass(true);
    QCOMPARE(resultOf(pass, settles), u"status_advanced"_s);
    QCOMPARE(f.row(settles).providerStatus, u"succeeded"_s);
    QCOMPARE(resultOf(pass, fails), u"attention"_s);
    QCOMPARE(toString(f.row(fails).state), u"succeeded"_s); // nothing reopens a final row
    QCOMPARE(f.row(fails).providerStatus, u"failed"_s);
    QVERIFY(EventStore(connectionOf(f.db.store()), f.db.clock()).attentionOf(fails));
    QVERIFY(!EventStore(connectionOf(f.db.store()), f.db.clock()).attentionOf(settles));
    // Both are settled at the provider: neither is read again.
    QCOMPARE(reconcileMark(connectionOf(f.db.store()), settles).ended, true);
    QCOMPARE(f.reconciler().pass(true).rows.size(), 0u);
}

void TestReconciler::unreachableProviderReschedules()
{
    ReconcileFixture f;
    QVERIFY2(f.start(), qPrintable(f.sim.error()));
    const QString id = f.unknownRefund(u"4417"_s, u"ch_4417"_s, 3800, true);
    const qint64 base = f.row(id).lastAttemptAt->toMSecsSinceEpoch();
    f.sim.addFault({{"route", "GET /v1/refunds"}, {"mode", "503"}, {"count", 100}});
    f.db.clock().advanceSecs(61);
    const PassReport down = f.reconciler().pass(false);
    QCOMPARE(resultOf(down, id), u"rescheduled"_s);
    QCOMPARE(*reportOf(down, id)->nextCheckAtMs, base + 300 * 1000);
    QCOMPARE(toString(f.row(id).state), u"unknown"_s);
    QCOMPARE(readingsOf(f, id), 0);
    QCOMPARE(reconcileMark(connectionOf(f.db.store()), id).nextAt->toMSecsSinceEpoch(),
             base + 300 * 1000);
    // Not due before its slot; read and closed at it once the provider is back.
    QCOMPARE(f.reconciler().pass(false).rows.size(), 0u);
    f.sim.clearFaults();
    f.db.clock().advanceSecs(300 - 61);
    QCOMPARE(resultOf(f.reconciler().pass(false), id), u"closed_succeeded"_s);
}

void TestReconciler::autoCloseOffOnlyProposes()
{
    ReconcileFixture f;
    QVERIFY2(f.start(), qPrintable(f.sim.error()));
    setReconcileAutoClose(connectionOf(f.db.as(u"alice"_s)), f.db.clock().nowMs(),
                          f.db.person(u"alice"_s), false);
    QVERIFY_THROWS_EXCEPTION(ActionRefused, setReconcileAutoClose(connectionOf(f.db.as(u"carol"_s)),
                                                                  f.db.clock().nowMs(),
                                                                  f.db.person(u"carol"_s), true));
    const QString moved = f.unknownRefund(u"4417"_s, u"ch_4417"_s, 3800, true);
    const QString notMoved = f.unknownRefund(u"1001"_s, u"ch_1001"_s, 5000, false);
    const PassReport pass = f.reconciler().pass(true);
    QCOMPARE(resultOf(pass, moved), u"proposal"_s);
    QCOMPARE(resultOf(pass, notMoved), u"proposal"_s);
    QCOMPARE(toString(f.row(moved).state), u"unknown"_s);
    const auto p = openProposal(connectionOf(f.db.store()), moved);
    QCOMPARE(toString(*p->outcome), u"succeeded"_s);
    QVERIFY(p->providerRef.startsWith(u"re_"_s));
    // The setting is audited (a global entry, no operation); the refused change wrote nothing.
    QSqlQuery q(connectionOf(f.db.store()));
    QVERIFY(q.exec(u"SELECT COUNT(*) FROM audit WHERE action = 'settings.reconcile.auto_close'"_s));
    QVERIFY(q.next());
    QCOMPARE(q.value(0).toInt(), 1);
}

void TestReconciler::heldRowsAreUntouched()
{
    ReconcileFixture f;
    QVERIFY2(f.start(), qPrintable(f.sim.error()));
    const QString leased = f.unknownRefund(u"4417"_s, u"ch_4417"_s, 3800, true);
    const QString awaiting = f.unknownRefund(u"1001"_s, u"ch_1001"_s, 5000, true);
    const QString alice = f.db.person(u"alice"_s);
    QVERIFY(claimResendLease(f.db.as(u"carol"_s), leased, f.db.person(u"carol"_s) + u"#1"_s, 120));
    setApprovalThreshold(connectionOf(f.db.as(u"alice"_s)), f.db.clock().nowMs(), alice, u"usd"_s,
                         1000);
    const Evidence note = noteEvidence(awaiting, u"dashboard"_s, "seen in the dashboard", alice);
    const qint64 ev = f.db.as(u"alice"_s).addEvidence(note);
    const auto r =
        f.db.as(u"alice"_s)
            .closeManually(
                {awaiting, OperationState::Failed, {}, {ev}, alice, u"no refund"_s, false});
    QCOMPARE(r.refusal, ManualCloseRefusal::AwaitingApproval);
    f.clearRequests();
    const PassReport pass = f.reconciler().pass(true);
    QCOMPARE(resultOf(pass, leased), u"skipped_leased"_s);
    QCOMPARE(resultOf(pass, awaiting), u"skipped_approval"_s);
    for (const QString &id : {leased, awaiting}) {
        QCOMPARE(toString(f.row(id).state), u"unknown"_s);
        QCOMPARE(readingsOf(f, id), 0);
        QCOMPARE(reconcileMark(connectionOf(f.db.store()), id).checks, 0);
    }
    QCOMPARE(f.refundListReads(), 0);
}

void TestReconciler::onePassReadsEachChargeOnce()
{
    ReconcileFixture f;
    QVERIFY2(f.start(), qPrintable(f.sim.error()));
    QStringList ids;
    for (int i = 1; i <= 4; ++i)
        ids << f.unknownRefund(u"o%1"_s.arg(i), u"ch_1002"_s, 1000 * i, i % 2 == 0);
    ids << f.unknownRefund(u"1001"_s, u"ch_1001"_s, 5000, true);
    f.clearRequests();
    const PassReport pass = f.reconciler().pass(true);
    QCOMPARE(int(pass.rows.size()), 5);
    QCOMPARE(pass.chargesRead, 2);
    QCOMPARE(pass.providerRequests, 2);
    QCOMPARE(f.refundListReads(), 2);
    QCOMPARE(pass.count(u"closed_succeeded"_s), 3);
    QCOMPARE(pass.count(u"proposal"_s), 2);
}

void TestReconciler::rowsFollowTheirSlots()
{
    ReconcileFixture f;
    QVERIFY2(f.start(), qPrintable(f.sim.error()));
    const QString id = f.unknownRefund(u"4417"_s, u"ch_4417"_s, 3800, false);
    const qint64 base = f.row(id).lastAttemptAt->toMSecsSinceEpoch();
    auto next = [&] {
        return reconcileMark(connectionOf(f.db.store()), id).nextAt->toMSecsSinceEpoch();
    };
    f.clearRequests();
    QCOMPARE(resultOf(f.reconciler().pass(false), id), u"scheduled"_s);
    QCOMPARE(next(), base + 60'000);
    QCOMPARE(f.refundListReads(), 0);
    f.db.clock().advanceSecs(61);
    QCOMPARE(resultOf(f.reconciler().pass(false), id), u"proposal"_s);
    QCOMPARE(next(), base + 300'000);
    QCOMPARE(f.reconciler().pass(false).rows.size(), 0u); // not due
    f.db.clock().advanceSecs(240);
    QCOMPARE(resultOf(f.reconciler().pass(false), id), u"proposal"_s);
    QCOMPARE(next(), base + 3'600'000);
    QCOMPARE(reconcileMark(connectionOf(f.db.store()), id).checks, 2);
    // Past one day after the deadline the schedule ends.
    f.db.clock().set(f.row(id).deadline->addSecs(24 * 3600 - 60));
    f.reconciler().pass(false);
    QVERIFY(reconcileMark(connectionOf(f.db.store()), id).ended);
    QCOMPARE(f.reconciler().pass(true).rows.size(), 0u);
    QCOMPARE(f.refundListReads(), 3);
}

// Issue 30: an Adyen refund is settled by its notifications. The reconciler must not read its
// payment reference as a Stripe charge (an empty list there would prove nothing): it decides by
// the notifications stored for the row, and without one it asks a person to resend with the
// stored key, which reads Adyen's answer.
ToolResult TestReconciler::adyenRefund(ReconcileFixture &f, qint64 amount)
{
    f.sim.admin("POST", u"/_sim/adyen/config"_s, {{"auto_settle_ms", -1}});
    QtHttpTransport transport;
    AdyenClient adyen(transport, {f.sim.baseUrl(), u"adyen_test_demo"_s, u"NorthwindECOM"_s});
    RefundInput in;
    in.orderId = u"4417"_s;
    in.adyenPaymentId = u"DZ4DPSHB4WD2WN82"_s;
    in.amountMinor = amount;
    in.currency = u"eur"_s;
    return AdyenRefundEngine(f.db.sessionAs(u"agent"_s), adyen, AdyenEngineConfig{})
        .refund(in, f.db.agentActor(u"t"_s));
}

void TestReconciler::adyenRowsAreNotReadAtStripe()
{
    ReconcileFixture f;
    QVERIFY2(f.start(), qPrintable(f.sim.error()));
    const ToolResult r = adyenRefund(f, 1200);
    QVERIFY(r.status == ToolResult::Status::Accepted);
    f.clearRequests();
    // Open and stale: its slot came without a notification. To the Checking queue, naming the
    // received refund.
    f.db.clock().advanceSecs(6 * 60);
    const PassReport first = f.reconciler().pass(true);
    QCOMPARE(resultOf(first, r.operationId), u"checking"_s);
    const Operation row = f.row(r.operationId);
    QCOMPARE(toString(row.state), u"unknown"_s);
    QVERIFY2(row.unknownReason.contains(r.providerReference), qPrintable(row.unknownReason));
    // Unknown with no notification, inside the key's 7 days: a resend with the stored key.
    const PassReport second = f.reconciler().pass(true);
    QCOMPARE(resultOf(second, r.operationId), u"proposal"_s);
    const auto proposal = openProposal(connectionOf(f.db.store()), r.operationId);
    QVERIFY(proposal);
    QVERIFY(proposal->action == ProposalAction::Resend);
    QVERIFY2(proposal->reason.contains(u"stored key"_s), qPrintable(proposal->reason));
    QCOMPARE(f.refundListReads(), 0);
    QCOMPARE(f.moneyPosts(), 0);
    QCOMPARE(toString(f.row(r.operationId).state), u"unknown"_s);
    // After the key's window no resend is offered: a person looks it up at Adyen.
    f.db.clock().advanceSecs(8 * 24 * 3600);
    QCOMPARE(resultOf(f.reconciler().pass(true), r.operationId), u"no_decision"_s);
    QCOMPARE(f.moneyPosts(), 0);
}

void TestReconciler::adyenRowsCloseByTheirStoredNotification()
{
    ReconcileFixture f;
    QVERIFY2(f.start(), qPrintable(f.sim.error()));
    const ToolResult r = adyenRefund(f, 900);
    QVERIFY(r.status == ToolResult::Status::Accepted);
    // The notification arrives while automatic closes are off: kept, and a proposal filed.
    f.db.sessionAs(u"alice"_s).reconcile().setAutoClose(f.db.person(u"alice"_s), false);
    const QByteArray key(64, 'C');
    const AdyenItem item = test::demoRefundItem(r.providerReference, r.operationId, 900);
    const WebhookStats stats =
        test::deliverAdyen(f.db.sessionAs(u"svc"_s), {signedAdyenBatch({item}, key, false)},
                           {{key}, {u"NorthwindECOM"_s}, false});
    QCOMPARE(stats.stored, qint64(1));
    // In Checking beside its proposal (issue 50 item 5), not left open and out of reach.
    QCOMPARE(toString(f.row(r.operationId).state), u"unknown"_s);
    // Turned back on, the reconciler closes it from the stored notification, reading nothing.
    f.db.sessionAs(u"alice"_s).reconcile().setAutoClose(f.db.person(u"alice"_s), true);
    f.clearRequests();
    f.db.clock().advanceSecs(6 * 60);
    QCOMPARE(resultOf(f.reconciler().pass(true), r.operationId), u"closed_succeeded"_s);
    const Operation row = f.row(r.operationId);
    QCOMPARE(toString(row.state), u"succeeded"_s);
    QCOMPARE(row.providerRef, r.providerReference);
    QCOMPARE(row.providerStatus, u"succeeded"_s);
    QCOMPARE(f.refundListReads(), 0);
    QCOMPARE(f.moneyPosts(), 0);
    bool reading = false;
    for (const Evidence &e : f.db.store().evidence(r.operationId))
        reading = reading || e.title.startsWith(u"Reconciler: stored Adyen notification"_s);
    QVERIFY(reading);
}

// Issue 50 item 5: Adyen replays a 500 kept under the key, so a resend cannot finish the refund.
// The step is Stripe's (DESIGN §16): close failed and start a new refund, never a resend.
void TestReconciler::adyenStored500ProposesCloseFailed()
{
    ReconcileFixture f;
    QVERIFY2(f.start(), qPrintable(f.sim.error()));
    f.sim.addFault({{"route", "POST /v71/payments/*"}, {"mode", "stored_500"}, {"count", 1}});
    const ToolResult r = adyenRefund(f, 1500);
    f.sim.clearFaults();
    QCOMPARE(toString(f.row(r.operationId).state), u"unknown"_s);
    f.clearRequests();
    f.db.clock().advanceSecs(6 * 60);
    QCOMPARE(resultOf(f.reconciler().pass(true), r.operationId), u"proposal"_s);
    const auto proposal = openProposal(connectionOf(f.db.store()), r.operationId);
    QVERIFY(proposal);
    QVERIFY(proposal->action == ProposalAction::Close);
    QVERIFY(proposal->outcome && *proposal->outcome == OperationState::Failed);
    QVERIFY2(proposal->reason.contains(u"stored 5xx"_s) &&
                 proposal->reason.contains(u"start a new refund"_s),
             qPrintable(proposal->reason));
    QCOMPARE(f.moneyPosts(), 0);
    QCOMPARE(f.refundListReads(), 0);
}

QTEST_GUILESS_MAIN(TestReconciler)
#include "tst_reconciler.moc"
