// The reconciler's proposals applied by a person (issue 14 item 2), the preview the console's bulk
// flow shows (each exclusion of docs/design.md §10), the reconciler's settings and the service
// lease. Real databases; rows are made the way the store makes them.

#include "storage/access/approvals.h"
#include "storage/audit/auditlog.h"
#include "storage/closeapproval.h"
#include "storage/events/eventstore.h"
#include "storage/reconcile/proposalapply.h"
#include "storage/reconcile/reconcilesettings.h"
#include "storage/reconcile/servicelease.h"
#include "storage/resendlease.h"
#include "support/proposalfixture.h"
#include "support/storefixture.h"

#include <QSqlQuery>
#include <QTest>
#include <QThread>

using namespace Qt::StringLiterals;
using namespace ops;
using ops::test::propose;
using ops::test::reading;
using ops::test::StoreFixture;
using ops::test::unknownRefund;

namespace {

int auditRows(StoreFixture &f)
{
    QSqlQuery q(connectionOf(f.store()));
    q.exec(u"SELECT COUNT(*) FROM audit"_s);
    return q.next() ? q.value(0).toInt() : -1;
}

} // namespace

class TestProposals : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void applyClosesAsTheOperator();
    void refusalsWriteNothing_data();
    void refusalsWriteNothing();
    void aboveThresholdRequestsApproval();
    void previewNamesEachExclusion();
    void previewAndApplyAgree();
    void twoAppliersCloseEachRowOnce();
    void proposalsNeedEvidenceOfTheirRow();
    void serviceLeaseHasOneHolder();
    void scheduleSettingIsParsedAndAudited();
};

void TestProposals::applyClosesAsTheOperator()
{
    StoreFixture f;
    const QString id = unknownRefund(f, u"op_a"_s);
    const Proposal p = propose(f, id);
    const ApplyResult r = applyProposal(f.store(), p.id, u"operator:alice"_s);
    QCOMPARE(toString(r.kind), u"applied"_s);
    const Operation op = *f.store().operation(id);
    QCOMPARE(toString(op.state), u"failed"_s);
    QCOMPARE(op.closedBy, u"operator:alice"_s);
    QVERIFY(op.closeReason.contains(u"No refund at the provider"_s));
    QCOMPARE(toString(findProposal(connectionOf(f.store()), p.id)->state), u"applied"_s);
    const auto audit = f.store().audit(id);
    QCOMPARE(audit.back().action, u"proposal.applied"_s);
    QCOMPARE(audit[audit.size() - 2].action, u"state.closed_manually"_s);
    QVERIFY(AuditLog::verify(connectionOf(f.store())).holds());
}

void TestProposals::refusalsWriteNothing_data()
{
    QTest::addColumn<QString>("situation");
    QTest::addColumn<QString>("exclusion");
    QTest::addRow("proposal unknown") << u"unknown"_s << u"unknown_proposal"_s;
    QTest::addRow("row closed") << u"closed"_s << u"row_closed"_s;
    QTest::addRow("older than the newest evidence") << u"newer"_s << u"newer_evidence"_s;
    QTest::addRow("no close right") << u"support"_s << u"not_permitted"_s;
    QTest::addRow("already applied") << u"applied"_s << u"proposal_not_open"_s;
}

void TestProposals::refusalsWriteNothing()
{
    QFETCH(QString, situation);
    QFETCH(QString, exclusion);
    StoreFixture f;
    const QString id = unknownRefund(f, u"op_r"_s);
    const Proposal p = propose(f, id);
    qint64 proposalId = p.id;
    QString actor = u"operator:alice"_s;
    if (situation == u"unknown"_s)
        proposalId = p.id + 100;
    if (situation == u"closed"_s) {
        const auto closed = f.store().closeManually({id,
                                                     OperationState::Failed,
                                                     {},
                                                     {p.evidenceIds},
                                                     u"operator:bob"_s,
                                                     u"checked the dashboard"_s,
                                                     false});
        QVERIFY(closed.closed());
    }
    if (situation == u"newer"_s)
        reading(f, id, u"operator:carol"_s);
    if (situation == u"support"_s)
        actor = u"operator:carol"_s;
    if (situation == u"applied"_s)
        QCOMPARE(toString(applyProposal(f.store(), p.id, u"operator:bob"_s).kind), u"applied"_s);
    const int before = auditRows(f);
    const ApplyResult r = applyProposal(f.store(), proposalId, actor);
    QCOMPARE(toString(r.kind), u"excluded"_s);
    QCOMPARE(toString(r.exclusion), exclusion);
    QVERIFY(!r.message.isEmpty());
    QCOMPARE(auditRows(f), before);
}

void TestProposals::aboveThresholdRequestsApproval()
{
    StoreFixture f;
    setApprovalThreshold(connectionOf(f.store()), f.clock().nowMs(), u"operator:alice"_s, u"usd"_s,
                         1000);
    const QString id = unknownRefund(f, u"op_big"_s, 5000);
    const Proposal p = propose(f, id);
    const ApplyPreviewRow preview = previewProposal(f.store(), p.id, u"operator:alice"_s);
    QVERIFY(preview.applicable());
    QVERIFY(preview.needsApproval);
    const ApplyResult r = applyProposal(f.store(), p.id, u"operator:alice"_s);
    QCOMPARE(toString(r.kind), u"sent_for_approval"_s);
    QVERIFY(r.approvalId > 0);
    QCOMPARE(toString(f.store().operation(id)->state), u"unknown"_s);
    QCOMPARE(toString(findProposal(connectionOf(f.store()), p.id)->state), u"approval"_s);
    // The second person approves: the proposed close happens under both names.
    approveRequest(f.store(), r.approvalId, u"operator:bob"_s);
    QCOMPARE(toString(f.store().operation(id)->state), u"failed"_s);
}

void TestProposals::previewNamesEachExclusion()
{
    StoreFixture f;
    setApprovalThreshold(connectionOf(f.store()), f.clock().nowMs(), u"operator:alice"_s, u"usd"_s,
                         10'000);
    const QString none = unknownRefund(f, u"op_none"_s);
    const QString newer = unknownRefund(f, u"op_newer"_s);
    propose(f, newer);
    reading(f, newer, u"system:webhook"_s);
    const QString changed = unknownRefund(f, u"op_changed"_s);
    propose(f, changed);
    const QString leased = unknownRefund(f, u"op_leased"_s);
    propose(f, leased);
    QVERIFY(claimResendLease(f.store(), leased, u"operator:bob#2"_s, 120));
    const QString conflicting = unknownRefund(f, u"op_conflicting"_s);
    propose(f, conflicting);
    EventStore(connectionOf(f.store()), f.clock())
        .raiseAttention(conflicting, u"2 refund objects claim this operation"_s,
                        u"system:reconciler"_s);
    const QString waiting = unknownRefund(f, u"op_waiting"_s, 20'000);
    const Proposal first = propose(f, waiting);
    QCOMPARE(toString(applyProposal(f.store(), first.id, u"operator:bob"_s).kind),
             u"sent_for_approval"_s);
    propose(f, waiting); // a newer reading while the approval waits
    const QString big = unknownRefund(f, u"op_big"_s, 20'000);
    propose(f, big);
    const QString ok = unknownRefund(f, u"op_ok"_s);
    propose(f, ok);

    const QStringList ids = {none, newer, changed, leased, conflicting, waiting, big, ok};
    const auto shown =
        previewApply(f.store(), ids, u"operator:alice"_s, {{}, u"operator:alice#1"_s});
    // Someone changes a row after the preview was shown.
    f.clock().advanceSecs(1);
    f.store().recordProviderObject(changed, u"re_9"_s, u"pending"_s, u"operator:bob"_s);
    QStringList exclusions;
    for (const ApplyPreviewRow &row : shown) {
        const auto again = previewApply(f.store(), {row.operationId}, u"operator:alice"_s,
                                        {row.versionMs, u"operator:alice#1"_s});
        exclusions << toString(again.front().exclusion);
    }
    QCOMPARE(exclusions,
             (QStringList{u"no_proposal"_s, u"newer_evidence"_s, u"changed_since_preview"_s,
                          u"leased_by_colleague"_s, u"conflicting_evidence"_s,
                          u"pending_approval"_s, QString(), QString()}));
    QVERIFY(shown[6].needsApproval);
    QVERIFY(!shown[7].needsApproval);
}

void TestProposals::previewAndApplyAgree()
{
    StoreFixture f;
    QStringList ids;
    for (int i = 0; i < 6; ++i) {
        ids << unknownRefund(f, u"op_%1"_s.arg(i));
        if (i % 2 == 0)
            propose(f, ids.back());
    }
    const auto preview = previewApply(f.store(), ids, u"operator:alice"_s);
    int applied = 0;
    for (const ApplyPreviewRow &row : preview) {
        if (!row.applicable())
            continue;
        const ApplyResult r =
            applyProposal(f.store(), row.proposal->id, u"operator:alice"_s, {row.versionMs, {}});
        applied += r.kind == ApplyKind::Applied ? 1 : 0;
    }
    QCOMPARE(applied, 3);
    for (int i = 0; i < 6; ++i)
        QCOMPARE(isFinal(f.store().operation(ids[i])->state), i % 2 == 0);
}

void TestProposals::twoAppliersCloseEachRowOnce()
{
    StoreFixture f;
    QList<qint64> proposals;
    for (int i = 0; i < 30; ++i)
        proposals << propose(f, unknownRefund(f, u"op_%1"_s.arg(i))).id;
    QAtomicInt applied = 0;
    auto applier = [&](const QString &who) {
        return QThread::create([&, who] {
            {
                Connection db = f.secondConnection();
                ManualClock clock(f.clock().now());
                OperationStore store(db, clock);
                for (const qint64 id : proposals)
                    applied += applyProposal(store, id, who).kind == ApplyKind::Applied ? 1 : 0;
            }
        });
    };
    std::unique_ptr<QThread> a(applier(u"operator:alice"_s));
    std::unique_ptr<QThread> b(applier(u"operator:bob"_s));
    a->start();
    b->start();
    QVERIFY(a->wait(60'000) && b->wait(60'000));
    QCOMPARE(applied.loadRelaxed(), 30);
    QSqlQuery q(connectionOf(f.store()));
    QVERIFY(q.exec(u"SELECT operation_id, COUNT(*) FROM audit WHERE action = "
                   "'state.closed_manually' GROUP BY operation_id"_s));
    int rows = 0;
    while (q.next()) {
        QCOMPARE(q.value(1).toInt(), 1);
        ++rows;
    }
    QCOMPARE(rows, 30);
}

void TestProposals::proposalsNeedEvidenceOfTheirRow()
{
    StoreFixture f;
    const QString a = unknownRefund(f, u"op_a"_s);
    const QString b = unknownRefund(f, u"op_b"_s);
    NewProposal p;
    p.operationId = a;
    p.outcome = OperationState::Failed;
    p.evidenceIds = {reading(f, b)};
    p.reason = u"x"_s;
    const int before = auditRows(f);
    QVERIFY_THROWS_EXCEPTION(ActionRefused,
                             storeProposal(connectionOf(f.store()), f.clock().nowMs(), p));
    p.evidenceIds.clear();
    QVERIFY_THROWS_EXCEPTION(ActionRefused,
                             storeProposal(connectionOf(f.store()), f.clock().nowMs(), p));
    QCOMPARE(auditRows(f), before);
}

void TestProposals::serviceLeaseHasOneHolder()
{
    StoreFixture f;
    Connection other = f.secondConnection();
    const qint64 t = f.clock().nowMs();
    QVERIFY(claimServiceLease(connectionOf(f.store()), kReconcilerLease, u"a"_s, t, 30'000));
    QVERIFY(!claimServiceLease(other, kReconcilerLease, u"b"_s, t + 1, 30'000));
    QVERIFY(
        claimServiceLease(connectionOf(f.store()), kReconcilerLease, u"a"_s, t + 10'000, 30'000));
    QVERIFY(!claimServiceLease(other, kReconcilerLease, u"b"_s, t + 39'999, 30'000));
    // The holder dies (stops renewing): the lease expires and the other one takes over.
    QVERIFY(claimServiceLease(other, kReconcilerLease, u"b"_s, t + 40'000, 30'000));
    QVERIFY(
        !claimServiceLease(connectionOf(f.store()), kReconcilerLease, u"a"_s, t + 40'001, 30'000));
    QCOMPARE(serviceLease(other, kReconcilerLease)->holder, u"b"_s);
    releaseServiceLease(other, kReconcilerLease, u"b"_s);
    QVERIFY(
        claimServiceLease(connectionOf(f.store()), kReconcilerLease, u"a"_s, t + 40'002, 30'000));
}

void TestProposals::scheduleSettingIsParsedAndAudited()
{
    QCOMPARE(*parseReconcileSchedule(u"1m,5m,1h,6h"), (QList<qint64>{60, 300, 3600, 21600}));
    QCOMPARE(*parseReconcileSchedule(u"30, 2m ,1d"), (QList<qint64>{30, 120, 86400}));
    for (const QStringView bad : {u"", u"5m,1m", u"1x", u"-1m", u"0s", u"1m,,5m"})
        QVERIFY2(!parseReconcileSchedule(bad), qPrintable(bad.toString()));
    QCOMPARE(formatReconcileSchedule({60, 300, 3600, 21600}), u"1m,5m,1h,6h"_s);

    StoreFixture f;
    QCOMPARE(reconcileSettings(connectionOf(f.store())).checkTimes, ReconcileSettings().checkTimes);
    QVERIFY(reconcileSettings(connectionOf(f.store())).autoClose);
    QVERIFY_THROWS_EXCEPTION(ActionRefused,
                             setReconcileSchedule(connectionOf(f.store()), f.clock().nowMs(),
                                                  u"operator:carol"_s, {30, 60}));
    setReconcileSchedule(connectionOf(f.store()), f.clock().nowMs(), u"operator:alice"_s, {30, 60});
    QCOMPARE(reconcileSettings(connectionOf(f.store())).checkTimes, (QList<qint64>{30, 60}));
    QSqlQuery q(connectionOf(f.store()));
    QVERIFY(
        q.exec(u"SELECT actor, detail FROM audit WHERE action = 'settings.reconcile.schedule'"_s));
    QVERIFY(q.next());
    QCOMPARE(q.value(0).toString(), u"operator:alice"_s);
    QVERIFY(q.value(1).toString().contains(u"30s,1m"_s));
    QVERIFY(!q.next());
}

QTEST_GUILESS_MAIN(TestProposals)
#include "tst_proposals.moc"
