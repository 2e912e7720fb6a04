// The reconciler's proposals applied by a person (issue 14 item 2), the preview the console's bulk
// flow shows (each exclusion of docs/design.md §10), the reconciler's settings and the service
// lease. Real databases; rows are made the way the store makes them. Each actor in its role
// (rolesfixture.h, issue 50): on PostgreSQL the agent opens the rows, the service reads and
// proposes, alice, bob and carol apply, close, approve and set on their own logins.

#include "domain/classification.h"
#include "storage/access/approvals.h"
#include "storage/audit/auditlog.h"
#include "storage/events/eventstore.h"
#include "storage/operations/closeapproval.h"
#include "storage/operations/proposalapply.h"
#include "storage/operations/resendlease.h"
#include "storage/reconcile/reconcilesettings.h"
#include "storage/reconcile/servicelease.h"
#include "support/proposalfixture.h"

#include <QSqlQuery>
#include <QTest>
#include <QThread>

using namespace Qt::StringLiterals;
using namespace ops;
using ops::test::propose;
using ops::test::reading;
using ops::test::RolesFixture;
using ops::test::unknownRefund;

namespace {

// Evidence of `id` as the reader named by `kind` stores it, attached by carol.
qint64 attach(RolesFixture &f, const QString &id, const QString &kind, const QByteArray &body)
{
    Evidence e;
    e.operationId = id;
    e.kind = kind;
    e.title = u"test "_s + kind;
    e.contentType = kind == u"note"_s ? u"text/plain"_s : u"application/json"_s;
    e.body = body;
    e.createdBy = f.person(u"carol"_s);
    return f.as(u"carol"_s).addEvidence(e);
}

QByteArray refundJson(const QString &id, const QString &refund, const QString &status,
                      qint64 amount = 3800)
{
    return uR"({"id":"%1","object":"refund","status":"%2","amount":%3,"currency":"usd",)"
           uR"("metadata":{"operation_id":"%4"}})"_s.arg(refund, status)
               .arg(amount)
               .arg(id)
               .toUtf8();
}

// The reconciler's reading of the charge (reconciler.cpp decideFromReading): no refund of ours,
// or the one refund that claims the operation.
QByteArray reconcilerReading(const QString &id, const QByteArray &claim = {})
{
    return uR"({"reader":"system:reconciler","read_at":"2026-12-02T10:00:00.000Z",)"
           uR"("operation_id":"%1","charge_id":"ch_%1","list_complete":true,)"
           uR"("refunds_examined":3,"claiming_refunds":[%2]})"_s.arg(id, QString::fromUtf8(claim))
               .toUtf8();
}

// The console's look-up (providerlookup.cpp): the charge, and the refund carrying the
// operation id or null.
QByteArray lookUp(const QString &id, const QByteArray &match, bool complete = true)
{
    return uR"({"looked_up_at":"2026-12-02T11:00:00.000Z","operation_id":"%1",)"
           uR"("charge":{"id":"ch_%1","amount":9900,"amount_refunded":0},"refunds_examined":3,)"
           uR"("list_complete":%2,"matching_refund":%3})"_s
               .arg(id, complete ? u"true"_s : u"false"_s,
                    match.isEmpty() ? u"null"_s : QString::fromUtf8(match))
               .toUtf8();
}

// The reconciler's proposal, written as the service.
Proposal proposeOn(RolesFixture &f, const QString &id, qint64 evidenceId, ProposalAction action,
                   std::optional<OperationState> outcome, const QString &ref = {})
{
    NewProposal p;
    p.operationId = id;
    p.action = action;
    p.outcome = outcome;
    p.providerRef = ref;
    p.evidenceIds = {evidenceId};
    p.reason = u"as read"_s;
    return storeProposal(connectionOf(f.as(u"svc"_s)), f.clock().nowMs(), p);
}

int auditRows(RolesFixture &f)
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
    void initTestCase();
    void cleanupTestCase();
    void applyClosesAsTheOperator();
    void refusalsWriteNothing_data();
    void refusalsWriteNothing();
    void aboveThresholdRequestsApproval();
    void previewNamesEachExclusion();
    void previewAndApplyAgree();
    void twoAppliersCloseEachRowOnce();
    void newerEvidenceThatAgreesDoesNotExclude_data();
    void newerEvidenceThatAgreesDoesNotExclude();
    void newerEvidenceReasonIsShortAndNamesIt();
    void keyMemoryIsReadForStripeAndAdyenRows();
    void proposalsNeedEvidenceOfTheirRow();
    void serviceLeaseHasOneHolder();
    void scheduleSettingIsParsedAndAudited();
    void proposalIsWithdrawnWhenItsRowCloses();
};

void TestProposals::initTestCase()
{
    const QString error = ops::test::prepareRoles();
    QVERIFY2(error.isEmpty(), qPrintable(error));
}

void TestProposals::cleanupTestCase()
{
    const QString error = ops::test::dropRoles();
    QVERIFY2(error.isEmpty(), qPrintable(error));
}

void TestProposals::applyClosesAsTheOperator()
{
    RolesFixture f;
    const QString id = unknownRefund(f, u"op_a"_s);
    const Proposal p = propose(f, id);
    const ApplyResult r = applyProposal(f.as(u"alice"_s), p.id, f.person(u"alice"_s));
    QCOMPARE(toString(r.kind), u"applied"_s);
    const Operation op = *f.store().operation(id);
    QCOMPARE(toString(op.state), u"failed"_s);
    QCOMPARE(op.closedBy, f.person(u"alice"_s));
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
    // A close by hand withdraws the row's proposal with it (issue 50 item 8).
    QTest::addRow("row closed") << u"closed"_s << u"proposal_not_open"_s;
    QTest::addRow("older than the newest evidence") << u"newer"_s << u"newer_evidence"_s;
    QTest::addRow("no close right") << u"support"_s << u"not_permitted"_s;
    QTest::addRow("already applied") << u"applied"_s << u"proposal_not_open"_s;
}

void TestProposals::refusalsWriteNothing()
{
    QFETCH(QString, situation);
    QFETCH(QString, exclusion);
    RolesFixture f;
    const QString id = unknownRefund(f, u"op_r"_s);
    const Proposal p = propose(f, id);
    qint64 proposalId = p.id;
    QString who = u"alice"_s;
    if (situation == u"unknown"_s)
        proposalId = p.id + 100;
    if (situation == u"closed"_s) {
        const auto closed = f.as(u"bob"_s).closeManually({id,
                                                          OperationState::Failed,
                                                          {},
                                                          {p.evidenceIds},
                                                          f.person(u"bob"_s),
                                                          u"checked the dashboard"_s,
                                                          false});
        QVERIFY(closed.closed());
    }
    if (situation == u"newer"_s)
        reading(f, id, f.person(u"carol"_s));
    if (situation == u"support"_s)
        who = u"carol"_s;
    if (situation == u"applied"_s)
        QCOMPARE(toString(applyProposal(f.as(u"bob"_s), p.id, f.person(u"bob"_s)).kind),
                 u"applied"_s);
    const int before = auditRows(f);
    const ApplyResult r = applyProposal(f.as(who), proposalId, f.person(who));
    QCOMPARE(toString(r.kind), u"excluded"_s);
    QCOMPARE(toString(r.exclusion), exclusion);
    QVERIFY(!r.message.isEmpty());
    QCOMPARE(auditRows(f), before);
}

void TestProposals::aboveThresholdRequestsApproval()
{
    RolesFixture f;
    OperationStore &alice = f.as(u"alice"_s);
    setApprovalThreshold(connectionOf(alice), f.clock().nowMs(), f.person(u"alice"_s), u"usd"_s,
                         1000);
    const QString id = unknownRefund(f, u"op_big"_s, 5000);
    const Proposal p = propose(f, id);
    const ApplyPreviewRow preview = previewProposal(alice, p.id, f.person(u"alice"_s));
    QVERIFY(preview.applicable());
    QVERIFY(preview.needsApproval);
    const ApplyResult r = applyProposal(alice, p.id, f.person(u"alice"_s));
    QCOMPARE(toString(r.kind), u"sent_for_approval"_s);
    QVERIFY(r.approvalId > 0);
    QCOMPARE(toString(f.store().operation(id)->state), u"unknown"_s);
    QCOMPARE(toString(findProposal(connectionOf(f.store()), p.id)->state), u"approval"_s);
    // The second person approves: the proposed close happens under both names.
    approveRequest(f.as(u"bob"_s), r.approvalId, f.person(u"bob"_s));
    QCOMPARE(toString(f.store().operation(id)->state), u"failed"_s);
}

void TestProposals::previewNamesEachExclusion()
{
    RolesFixture f;
    const QString alice = f.person(u"alice"_s);
    const QString bob = f.person(u"bob"_s);
    setApprovalThreshold(connectionOf(f.as(u"alice"_s)), f.clock().nowMs(), alice, u"usd"_s,
                         10'000);
    const QString none = unknownRefund(f, u"op_none"_s);
    const QString newer = unknownRefund(f, u"op_newer"_s);
    propose(f, newer);
    reading(f, newer, u"system:webhook"_s);
    const QString changed = unknownRefund(f, u"op_changed"_s);
    propose(f, changed);
    const QString leased = unknownRefund(f, u"op_leased"_s);
    propose(f, leased);
    QVERIFY(claimResendLease(f.as(u"bob"_s), leased, bob + u"#2"_s, 120));
    const QString conflicting = unknownRefund(f, u"op_conflicting"_s);
    propose(f, conflicting);
    EventStore(connectionOf(f.as(u"svc"_s)), f.clock())
        .raiseAttention(conflicting, u"2 refund objects claim this operation"_s,
                        u"system:reconciler"_s);
    const QString waiting = unknownRefund(f, u"op_waiting"_s, 20'000);
    const Proposal first = propose(f, waiting);
    QCOMPARE(toString(applyProposal(f.as(u"bob"_s), first.id, bob).kind), u"sent_for_approval"_s);
    propose(f, waiting); // a newer reading while the approval waits
    const QString big = unknownRefund(f, u"op_big"_s, 20'000);
    propose(f, big);
    const QString ok = unknownRefund(f, u"op_ok"_s);
    propose(f, ok);

    const QStringList ids = {none, newer, changed, leased, conflicting, waiting, big, ok};
    const auto shown = previewApply(f.as(u"alice"_s), ids, alice, {{}, alice + u"#1"_s});
    // Someone changes a row after the preview was shown.
    f.clock().advanceSecs(1);
    f.as(u"bob"_s).recordProviderObject(changed, u"re_9"_s, u"pending"_s, bob);
    QStringList exclusions;
    for (const ApplyPreviewRow &row : shown) {
        const auto again = previewApply(f.as(u"alice"_s), {row.operationId}, alice,
                                        {row.versionMs, alice + u"#1"_s});
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
    RolesFixture f;
    OperationStore &alice = f.as(u"alice"_s);
    QStringList ids;
    for (int i = 0; i < 6; ++i) {
        ids << unknownRefund(f, u"op_%1"_s.arg(i));
        if (i % 2 == 0)
            propose(f, ids.back());
    }
    const auto preview = previewApply(alice, ids, f.person(u"alice"_s));
    int applied = 0;
    for (const ApplyPreviewRow &row : preview) {
        if (!row.applicable())
            continue;
        const ApplyResult r =
            applyProposal(alice, row.proposal->id, f.person(u"alice"_s), {row.versionMs, {}});
        applied += r.kind == ApplyKind::Applied ? 1 : 0;
    }
    QCOMPARE(applied, 3);
    for (int i = 0; i < 6; ++i)
        QCOMPARE(isFinal(f.store().operation(ids[i])->state), i % 2 == 0);
}

void TestProposals::twoAppliersCloseEachRowOnce()
{
    RolesFixture f;
    QList<qint64> proposals;
    for (int i = 0; i < 30; ++i)
        proposals << propose(f, unknownRefund(f, u"op_%1"_s.arg(i))).id;
    QAtomicInt applied = 0;
    // Each person's console on a connection of its own, opened in its thread.
    auto applier = [&](const QString &who) {
        return QThread::create([&, who, actor = f.person(who)] {
            const auto connection = f.another(who);
            ManualClock clock(f.clock().now());
            OperationStore store(connection->db(), clock);
            for (const qint64 id : proposals)
                applied += applyProposal(store, id, actor).kind == ApplyKind::Applied ? 1 : 0;
        });
    };
    std::unique_ptr<QThread> a(applier(u"alice"_s));
    std::unique_ptr<QThread> b(applier(u"bob"_s));
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

void TestProposals::newerEvidenceThatAgreesDoesNotExclude_data()
{
    // basis: what the proposal rests on ("none": no refund of ours; else the claiming refund's
    // status); newer: what came after it; agrees: the row is not excluded for it.
    QTest::addColumn<QString>("basis");
    QTest::addColumn<QString>("newer");
    QTest::addColumn<bool>("agrees");
    QTest::addRow("look-up: no refund either") << u"none"_s << u"lookup-none"_s << true;
    QTest::addRow("reconciler reads no refund again") << u"none"_s << u"reading-none"_s << true;
    QTest::addRow("resend: look-up shows no refund") << u"resend"_s << u"lookup-none"_s << true;
    QTest::addRow("look-up of an incomplete list") << u"none"_s << u"lookup-partial"_s << false;
    QTest::addRow("look-up finds a refund") << u"none"_s << u"lookup-re_1"_s << false;
    QTest::addRow("look-up of another operation") << u"none"_s << u"lookup-other"_s << false;
    QTest::addRow("a note") << u"none"_s << u"note"_s << false;
    QTest::addRow("an agreeing one, then a note") << u"none"_s << u"lookup-none+note"_s << false;
    QTest::addRow("basis not a reading") << u"fixture"_s << u"lookup-none"_s << false;
    QTest::addRow("same refund, pending") << u"succeeded"_s << u"lookup-re_1"_s << true;
    QTest::addRow("same refund in a stored event") << u"succeeded"_s << u"event-re_1"_s << true;
    QTest::addRow("same refund, failed now") << u"succeeded"_s << u"lookup-failed"_s << false;
    QTest::addRow("same refund, other amount") << u"succeeded"_s << u"lookup-3700"_s << false;
    QTest::addRow("another refund") << u"succeeded"_s << u"lookup-re_2"_s << false;
    QTest::addRow("no refund any more") << u"succeeded"_s << u"lookup-none"_s << false;
    QTest::addRow("failed refund, read again") << u"failed"_s << u"reading-failed"_s << true;
    QTest::addRow("failed refund gone") << u"failed"_s << u"lookup-none"_s << false;
}

void TestProposals::newerEvidenceThatAgreesDoesNotExclude()
{
    QFETCH(QString, basis);
    QFETCH(QString, newer);
    QFETCH(bool, agrees);
    RolesFixture f;
    const QString id = unknownRefund(f, u"op_agree"_s);
    const QString other = unknownRefund(f, u"op_other"_s);
    Proposal p;
    if (basis == u"fixture"_s)
        p = propose(f, id);
    else if (basis == u"none"_s || basis == u"resend"_s)
        p = proposeOn(f, id, attach(f, id, u"provider_object"_s, reconcilerReading(id)),
                      basis == u"resend"_s ? ProposalAction::Resend : ProposalAction::Close,
                      basis == u"resend"_s ? std::nullopt
                                           : std::optional<OperationState>(OperationState::Failed));
    else if (basis == u"succeeded"_s)
        p = proposeOn(f, id,
                      attach(f, id, u"provider_object"_s,
                             reconcilerReading(id, refundJson(id, u"re_1"_s, u"succeeded"_s))),
                      ProposalAction::Close, OperationState::Succeeded, u"re_1"_s);
    else
        p = proposeOn(f, id,
                      attach(f, id, u"provider_object"_s,
                             reconcilerReading(id, refundJson(id, u"re_1"_s, u"canceled"_s))),
                      ProposalAction::Close, OperationState::Failed);
    for (const QString &item : newer.split(u'+')) {
        QByteArray body;
        QString kind = u"provider_object"_s;
        if (item == u"lookup-none"_s)
            body = lookUp(id, {});
        else if (item == u"reading-none"_s)
            body = reconcilerReading(id);
        else if (item == u"lookup-partial"_s)
            body = lookUp(id, {}, false);
        else if (item == u"lookup-re_1"_s)
            body = lookUp(id, refundJson(id, u"re_1"_s, u"pending"_s));
        else if (item == u"lookup-other"_s)
            body = lookUp(other, {});
        else if (item == u"lookup-failed"_s)
            body = lookUp(id, refundJson(id, u"re_1"_s, u"failed"_s));
        else if (item == u"lookup-3700"_s)
            body = lookUp(id, refundJson(id, u"re_1"_s, u"succeeded"_s, 3700));
        else if (item == u"lookup-re_2"_s)
            body = lookUp(id, refundJson(id, u"re_2"_s, u"succeeded"_s));
        else if (item == u"reading-failed"_s)
            body = reconcilerReading(id, refundJson(id, u"re_1"_s, u"failed"_s));
        else if (item == u"event-re_1"_s) {
            kind = u"provider_event"_s;
            body = uR"({"id":"evt_1","object":"event","type":"refund.updated","data":{"object":)"_s
                       .toUtf8() +
                   refundJson(id, u"re_1"_s, u"succeeded"_s) + "}}";
        } else {
            kind = u"note"_s;
            body = "The customer says the money has not arrived.";
        }
        attach(f, id, kind, body);
    }
    OperationStore &alice = f.as(u"alice"_s);
    const ApplyPreviewRow row = previewProposal(alice, p.id, f.person(u"alice"_s));
    QCOMPARE(row.exclusion == ApplyExclusion::NewerEvidence, !agrees);
    if (!agrees)
        return;
    if (basis == u"resend"_s) { // applied by resending, elsewhere
        QCOMPARE(toString(row.exclusion), u"resend_not_here"_s);
        return;
    }
    const ApplyResult r = applyProposal(alice, p.id, f.person(u"alice"_s), {row.versionMs, {}});
    QCOMPARE(toString(r.kind), u"applied"_s);
    QCOMPARE(toString(f.store().operation(id)->state), toString(*p.outcome));
}

void TestProposals::newerEvidenceReasonIsShortAndNamesIt()
{
    RolesFixture f;
    const QString id = unknownRefund(f, u"op_reason"_s);
    const Proposal p = proposeOn(f, id, attach(f, id, u"provider_object"_s, reconcilerReading(id)),
                                 ProposalAction::Close, OperationState::Failed);
    attach(f, id, u"provider_object"_s, lookUp(id, {})); // agrees
    const qint64 note = attach(f, id, u"note"_s, "Refund seen in the dashboard.");
    attach(f, id, u"provider_object"_s, lookUp(id, {})); // agrees
    const ApplyPreviewRow row = previewProposal(f.as(u"alice"_s), p.id, f.person(u"alice"_s));
    QCOMPARE(toString(row.exclusion), u"newer_evidence"_s);
    // One complete sentence naming the item that may change the decision.
    QCOMPARE(row.reason,
             u"evidence #%1 came after proposal #%2 and may change it"_s.arg(note).arg(p.id));
    QVERIFY2(row.reason.size() <= 70, qPrintable(row.reason));
    QCOMPARE(disagreeingEvidence(f.store(), p), note);
}

void TestProposals::keyMemoryIsReadForStripeAndAdyenRows()
{
    // The one rule the look-up and the bulk preview share (classification.h keyMemoryFor).
    RolesFixture f;
    const QString id = unknownRefund(f, u"op_key"_s); // a stored 500
    Operation op = *f.store().operation(id);
    const auto attempts = f.store().attempts(id);
    QCOMPARE(toString(keyMemoryFor(op, attempts)), u"stored_answer"_s);
    QCOMPARE(toString(keyMemoryFor(op, attempts)), toString(keyMemory(attempts)));
    // Adyen replays a 5xx kept under the key as Stripe does (issue 50 item 5): a stored answer.
    op.provider = Provider::Adyen;
    QCOMPARE(toString(keyMemoryFor(op, attempts)), u"stored_answer"_s);
    // Its 201 `received` is the read a resend is for: nothing that advises "close failed".
    std::vector<Attempt> received = attempts;
    for (Attempt &a : received) {
        a.httpStatus = 201;
        a.outcome = Outcome::Succeeded;
    }
    QCOMPARE(toString(keyMemoryFor(op, received)), u"nothing"_s);
    op.provider = Provider::Slen; // keeps only a success under a key: nothing blocks a resend
    QCOMPARE(toString(keyMemoryFor(op, attempts)), u"nothing"_s);
}

void TestProposals::proposalsNeedEvidenceOfTheirRow()
{
    RolesFixture f;
    const QString a = unknownRefund(f, u"op_a"_s);
    const QString b = unknownRefund(f, u"op_b"_s);
    NewProposal p;
    p.operationId = a;
    p.outcome = OperationState::Failed;
    p.evidenceIds = {reading(f, b)};
    p.reason = u"x"_s;
    const int before = auditRows(f);
    Connection &service = connectionOf(f.as(u"svc"_s));
    QVERIFY_THROWS_EXCEPTION(ActionRefused, storeProposal(service, f.clock().nowMs(), p));
    p.evidenceIds.clear();
    QVERIFY_THROWS_EXCEPTION(ActionRefused, storeProposal(service, f.clock().nowMs(), p));
    QCOMPARE(auditRows(f), before);
}

void TestProposals::serviceLeaseHasOneHolder()
{
    // Two reconcilers of the service, each on a connection of its own.
    RolesFixture f;
    Connection &one = connectionOf(f.as(u"svc"_s));
    const auto otherConnection = f.another(u"svc"_s);
    Connection &other = otherConnection->db();
    const qint64 t = f.clock().nowMs();
    QVERIFY(claimServiceLease(one, kReconcilerLease, u"a"_s, t, 30'000));
    QVERIFY(!claimServiceLease(other, kReconcilerLease, u"b"_s, t + 1, 30'000));
    QVERIFY(claimServiceLease(one, kReconcilerLease, u"a"_s, t + 10'000, 30'000));
    QVERIFY(!claimServiceLease(other, kReconcilerLease, u"b"_s, t + 39'999, 30'000));
    // The holder dies (stops renewing): the lease expires and the other one takes over.
    QVERIFY(claimServiceLease(other, kReconcilerLease, u"b"_s, t + 40'000, 30'000));
    QVERIFY(!claimServiceLease(one, kReconcilerLease, u"a"_s, t + 40'001, 30'000));
    QCOMPARE(serviceLease(other, kReconcilerLease)->holder, u"b"_s);
    releaseServiceLease(other, kReconcilerLease, u"b"_s);
    QVERIFY(claimServiceLease(one, kReconcilerLease, u"a"_s, t + 40'002, 30'000));
}

void TestProposals::scheduleSettingIsParsedAndAudited()
{
    QCOMPARE(*parseReconcileSchedule(u"1m,5m,1h,6h"), (QList<qint64>{60, 300, 3600, 21600}));
    QCOMPARE(*parseReconcileSchedule(u"30, 2m ,1d"), (QList<qint64>{30, 120, 86400}));
    for (const QStringView bad : {u"", u"5m,1m", u"1x", u"-1m", u"0s", u"1m,,5m"})
        QVERIFY2(!parseReconcileSchedule(bad), qPrintable(bad.toString()));
    QCOMPARE(formatReconcileSchedule({60, 300, 3600, 21600}), u"1m,5m,1h,6h"_s);

    RolesFixture f;
    QCOMPARE(reconcileSettings(connectionOf(f.store())).checkTimes, ReconcileSettings().checkTimes);
    QVERIFY(reconcileSettings(connectionOf(f.store())).autoClose);
    QVERIFY_THROWS_EXCEPTION(ActionRefused,
                             setReconcileSchedule(connectionOf(f.as(u"carol"_s)), f.clock().nowMs(),
                                                  f.person(u"carol"_s), {30, 60}));
    setReconcileSchedule(connectionOf(f.as(u"alice"_s)), f.clock().nowMs(), f.person(u"alice"_s),
                         {30, 60});
    QCOMPARE(reconcileSettings(connectionOf(f.store())).checkTimes, (QList<qint64>{30, 60}));
    QSqlQuery q(connectionOf(f.store()));
    QVERIFY(
        q.exec(u"SELECT actor, detail FROM audit WHERE action = 'settings.reconcile.schedule'"_s));
    QVERIFY(q.next());
    QCOMPARE(q.value(0).toString(), f.person(u"alice"_s));
    QVERIFY(q.value(1).toString().contains(u"30s,1m"_s));
    QVERIFY(!q.next());
}

// Issue 50 item 8: a row closed by any path but the proposal's own apply leaves no open
// proposal behind, and the audit says who closed it. A person's resend carries a resend proposal
// out: that one reads applied.
void TestProposals::proposalIsWithdrawnWhenItsRowCloses()
{
    RolesFixture f;
    Connection &db = connectionOf(f.store());
    const QString alice = f.person(u"alice"_s);
    const QString bot = f.agentActor(u"bot"_s);
    OperationStore &agent = f.as(u"agent"_s);
    const QString byHand = unknownRefund(f, u"op_hand"_s);
    // The agent's attempt on this row is in flight when the row turns unknown (another call
    // reached the cap); its answer comes later and closes the row under the attempt's actor, as
    // the engine records it (engine/refundpolicy.cpp; migration 0018 on PostgreSQL).
    const QString byAnswer = u"op_answer"_s;
    agent.openOrGet(ops::test::openedRefund(byAnswer, 3800, f.agentOf(), bot));
    const AttemptTicket inFlight = agent.beginAttempt(byAnswer, bot);
    QVERIFY(agent.markUnknown(byAnswer, u"attempt cap reached"_s, bot));
    const QString byResend = unknownRefund(f, u"op_resend"_s);
    const Proposal handProposal = propose(f, byHand);
    const Proposal answerProposal = propose(f, byAnswer, OperationState::Succeeded);
    const Proposal resendProposal =
        propose(f, byResend, OperationState::Failed, ProposalAction::Resend);

    ManualClose c;
    c.operationId = byHand;
    c.evidenceIds = {reading(f, byHand)};
    c.actor = alice;
    c.reason = u"the provider has no refund"_s;
    QVERIFY(f.as(u"alice"_s).closeManually(c).closed());
    agent.finishAttempt(byAnswer, inFlight.attemptId,
                        {200, Outcome::Succeeded, {}, {}, false, 5, {}, {}});
    QVERIFY(agent.closeSucceeded(byAnswer, u"re_9"_s, u"succeeded"_s, bot, u"late answer"_s));
    // alice resends with the stored key and the provider's answer closes the row (refused: it
    // moved nothing), as the console's resend job does (engine/operatorresend.cpp).
    const AttemptTicket resent =
        f.as(u"alice"_s).beginAttempt(byResend, alice, AttemptMode::OperatorResend);
    QCOMPARE(int(resent.refusal), int(AttemptRefusal::None));
    f.as(u"alice"_s)
        .finishAttempt(byResend, resent.attemptId,
                       {402, Outcome::Refused, {}, {}, false, 5, {}, {}});
    c.operationId = byResend;
    c.evidenceIds = {reading(f, byResend)};
    c.fromResend = true;
    const ManualCloseResult closedByResend = f.as(u"alice"_s).closeManually(c);
    QVERIFY2(closedByResend.closed(), qPrintable(closedByResend.message));

    const auto withdrawnBy = [&](const Proposal &p, const QString &state, const QString &who) {
        const auto now = findProposal(db, p.id);
        QVERIFY(now);
        QCOMPARE(toString(now->state), state);
        QCOMPARE(now->decidedBy, who);
        const auto audit = f.store().audit(p.operationId);
        QCOMPARE(audit.back().action,
                 state == u"applied"_s ? u"proposal.applied"_s : u"proposal.withdrawn"_s);
        QCOMPARE(audit.back().actor, who);
    };
    withdrawnBy(handProposal, u"withdrawn"_s, alice);
    withdrawnBy(answerProposal, u"withdrawn"_s, bot);
    withdrawnBy(resendProposal, u"applied"_s, alice);
    QVERIFY(listProposals(db, ProposalState::Open).empty());
    QVERIFY(AuditLog::verify(db).holds());
}

QTEST_GUILESS_MAIN(TestProposals)
#include "tst_proposals.moc"
