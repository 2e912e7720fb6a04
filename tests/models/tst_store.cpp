// OperationStore on real SQLite files (and, as tst_store_pg, real PostgreSQL databases): rule 2
// (partial unique indexes), rule 4 (attempts counted and committed first), rule 7 (deadline,
// sweep), rule 12 (append-only audit chain). Each actor in its role (rolesfixture.h, issue 50):
// on PostgreSQL the agent opens and sends, the sweeper is the service, alice attaches and closes
// on her own login; only the two tampering cases write as the owner, who alone holds the grants
// that reach audit's and evidence's no-change triggers.

#include "domain/dblocation.h"
#include "storage/access/repeatwindow.h"
#include "storage/audit/auditlog.h"
#include "storage/db/sqltransaction.h"
#include "support/rolesfixture.h"

#include <QCryptographicHash>
#include <QSqlError>
#include <QSqlQuery>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace ops;
using ops::test::RolesFixture;
using ops::test::StoreFixture;

namespace {

NewOperation refundOp(const QString &id, const QString &order = u"4417"_s, qint64 amount = 3800)
{
    NewOperation op;
    op.id = id;
    op.kind = OperationKind::Refund;
    op.provider = Provider::Stripe;
    op.unitOfWork = order + u'|' + QString::number(amount) + u"|usd"_s;
    op.orderId = order;
    op.chargeId = u"ch_"_s + order;
    op.amount = {amount, u"usd"_s};
    op.idempotencyKey = u"key-"_s + id;
    op.request = {"POST", u"/v1/refunds"_s, "amount=" + QByteArray::number(amount),
                  "application/x-www-form-urlencoded"};
    op.attemptCap = 6;
    op.createdBy = u"agent:test"_s;
    return op;
}

NewOperation workOp(OperationKind kind, const QString &id, const QString &work,
                    const QString &project = u"demo"_s)
{
    NewOperation op = refundOp(id);
    op.kind = kind;
    op.provider = Provider::Slen;
    op.project = project;
    op.unitOfWork = work;
    op.idempotencyKey = work;
    op.orderId.clear();
    op.chargeId.clear();
    op.customerId = u"u_1"_s;
    return op;
}

AttemptResult answer(int status, Outcome outcome, const QString &requestId = {})
{
    AttemptResult r;
    r.httpStatus = status;
    r.outcome = outcome;
    r.providerRequestId = requestId;
    return r;
}

Evidence evidenceItem(const QString &op, const QString &kind, const QByteArray &body)
{
    Evidence e;
    e.operationId = op;
    e.kind = kind;
    e.title = kind;
    e.contentType = u"application/json"_s;
    e.body = body;
    e.createdBy = ops::test::personActorOf(u"alice"_s);
    return e;
}

// `op` opened by the agent's engine: on PostgreSQL the row names the agent's login (0013).
OpenResult open(RolesFixture &f, NewOperation op)
{
    op.agent = f.agentOf();
    return f.agent().openOrGet(op);
}

int count(Connection db, const QString &sql)
{
    QSqlQuery q(db);
    if (!q.exec(sql) || !q.next())
        return -1;
    return q.value(0).toInt();
}

} // namespace

class TestStore : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
    void migrationsAreRecordedAndIdempotent();
    void pragmasAreDurable();
    void openOrGetReturnsTheLiveRowForTheSameUnit();
    void confirmedRefundFreesTheUnit();
    void liveUniqueness_data();
    void liveUniqueness();
    void creditKindsShareOneKeySpace();
    void attemptIsCommittedBeforeTheSend();
    void attemptCapMakesTheRowUnknown();
    void deadlineIsFirstAttemptPlusWindowMinusMargin();
    void anOpeningCountsItsFirstAttemptAsItInsertsTheRow();
    void closedWindowRefusesAndMarksUnknown();
    void sweepMovesOverdueOpenRowsOnly();
    void lateAnswerClosesUnknownNeverFinal();
    void rule8_manualCloseNeedsReasonAndEvidence_data();
    void rule8_manualCloseNeedsReasonAndEvidence();
    void rule8_manualCloseIsAudited();
    void auditRefusesUpdateAndDelete_data();
    void auditRefusesUpdateAndDelete();
    void auditChainDetectsTampering();
    void evidenceIsImmutableAndHashed();
    void unwritableLocationIsAClearError_data();
    void unwritableLocationIsAClearError();
};

void TestStore::initTestCase()
{
    const QString error = ops::test::prepareRoles();
    QVERIFY2(error.isEmpty(), qPrintable(error));
}

void TestStore::cleanupTestCase()
{
    const QString error = ops::test::dropRoles();
    QVERIFY2(error.isEmpty(), qPrintable(error));
}

void TestStore::migrationsAreRecordedAndIdempotent()
{
    RolesFixture f;
    QCOMPARE(Database::schemaVersion(connectionOf(f.store())), Database::latestVersion());
    if (f.onTeam()) // the owner migrates: its second run applies nothing and does not fail
        Database::migrate(f.owner());
    else // second run applies nothing and does not fail
        Database::migrate(connectionOf(f.store()));
    QCOMPARE(count(connectionOf(f.store()), u"SELECT COUNT(*) FROM schema_version"_s),
             Database::latestVersion());
}

void TestStore::pragmasAreDurable()
{
    if (ops::test::onPostgres())
        QSKIP("SQLite pragmas; PostgreSQL durability is the server's configuration");
    StoreFixture f;
    Connection db = connectionOf(f.store());
    QCOMPARE(count(db, u"PRAGMA synchronous"_s), 2); // FULL
    QCOMPARE(count(db, u"PRAGMA foreign_keys"_s), 1);
    QSqlQuery q(db);
    QVERIFY(q.exec(u"PRAGMA journal_mode"_s) && q.next());
    QCOMPARE(q.value(0).toString(), u"wal"_s);
}

void TestStore::openOrGetReturnsTheLiveRowForTheSameUnit()
{
    RolesFixture f;
    const OpenResult first = open(f, refundOp(u"op_a"_s));
    QVERIFY(first.created);
    // A second caller with a fresh id and key for the same (order, amount) gets the first row.
    const OpenResult second = open(f, refundOp(u"op_b"_s));
    QVERIFY(!second.created);
    QCOMPARE(second.operation.id, u"op_a"_s);
    QCOMPARE(second.operation.idempotencyKey, u"key-op_a"_s);
    QCOMPARE(count(connectionOf(f.store()), u"SELECT COUNT(*) FROM operations"_s), 1);
    // Another amount on the same order is another unit.
    QVERIFY(open(f, refundOp(u"op_c"_s, u"4417"_s, 1000)).created);
}

void TestStore::confirmedRefundFreesTheUnit()
{
    RolesFixture f;
    open(f, refundOp(u"op_a"_s));
    QVERIFY(f.agent().closeSucceeded(u"op_a"_s, u"re_1"_s, u"succeeded"_s, u"agent:t"_s, u"ok"_s));
    // Past the repeat window: within it a row naming its agent (as on PostgreSQL) is a repeat
    // that the confirmed row answers (rule 13), not a new refund.
    f.clock().advanceMs(kDefaultRepeatWindow.count() + 1);
    const OpenResult again = open(f, refundOp(u"op_b"_s));
    QVERIFY(again.created);
    QCOMPARE(again.operation.id, u"op_b"_s);
}

void TestStore::liveUniqueness_data()
{
    QTest::addColumn<int>("kind");
    QTest::addColumn<QString>("firstCloses"); // "", "succeeded", "failed"
    QTest::addColumn<bool>("secondCreated");
    const int credit = int(OperationKind::CreditTopup);
    const int exec = int(OperationKind::Execution);
    QTest::addRow("credit open blocks") << credit << u""_s << false;
    QTest::addRow("credit succeeded blocks") << credit << u"succeeded"_s << false;
    QTest::addRow("credit failed frees the key") << credit << u"failed"_s << true;
    QTest::addRow("execution open blocks") << exec << u""_s << false;
    QTest::addRow("execution failed keeps its key") << exec << u"failed"_s << false;
}

void TestStore::liveUniqueness()
{
    QFETCH(int, kind);
    QFETCH(QString, firstCloses);
    QFETCH(bool, secondCreated);
    RolesFixture f;
    const auto k = OperationKind(kind);
    open(f, workOp(k, u"op_1"_s, u"invoice-7781:topup"_s));
    if (firstCloses == u"succeeded"_s)
        QVERIFY(f.agent().closeSucceeded(u"op_1"_s, u"mv_1"_s, {}, u"agent:t"_s, u"ok"_s));
    if (firstCloses == u"failed"_s)
        QVERIFY(f.agent().closeFailed(u"op_1"_s, u"insufficient_credits"_s, u"agent:t"_s, u"no"_s));
    const OpenResult second = open(f, workOp(k, u"op_2"_s, u"invoice-7781:topup"_s));
    QCOMPARE(second.created, secondCreated);
    QCOMPARE(second.operation.id, secondCreated ? u"op_2"_s : u"op_1"_s);
    // The same work name under another project is another operation.
    QVERIFY(open(f, workOp(k, u"op_3"_s, u"invoice-7781:topup"_s, u"other"_s)).created);
}

void TestStore::creditKindsShareOneKeySpace()
{
    RolesFixture f;
    open(f, workOp(OperationKind::CreditTopup, u"op_1"_s, u"invoice-1"_s));
    // A charge under the same work name loses to the top-up and reads it back.
    const OpenResult second =
        open(f, workOp(OperationKind::CreditCharge, u"op_2"_s, u"invoice-1"_s));
    QVERIFY(!second.created);
    QCOMPARE(second.operation.id, u"op_1"_s);
    QCOMPARE(toString(second.operation.kind), u"credit_topup"_s);
}

void TestStore::attemptIsCommittedBeforeTheSend()
{
    RolesFixture f;
    open(f, refundOp(u"op_a"_s));
    const AttemptTicket t = f.agent().beginAttempt(u"op_a"_s, u"agent:t"_s);
    QCOMPARE(t.refusal, AttemptRefusal::None);
    QCOMPARE(t.seq, 1);
    // Another connection (another process) already sees the counted, in-flight attempt.
    const auto second = f.another(u"agent"_s);
    Connection other = second->db();
    QCOMPARE(count(other, u"SELECT attempts FROM operations WHERE id = 'op_a'"_s), 1);
    QCOMPARE(count(other, u"SELECT COUNT(*) FROM attempts WHERE classification = 'in_flight'"_s),
             1);
    f.agent().finishAttempt(u"op_a"_s, t.attemptId, answer(503, Outcome::NoAnswer, u"req_1"_s));
    QCOMPARE(toString(f.agent().attempts(u"op_a"_s).at(0).outcome), toString(Outcome::NoAnswer));
    QCOMPARE(f.agent().attempts(u"op_a"_s).at(0).providerRequestId, u"req_1"_s);
}

void TestStore::attemptCapMakesTheRowUnknown()
{
    RolesFixture f;
    open(f, refundOp(u"op_a"_s));
    for (int i = 1; i <= 6; ++i) {
        const AttemptTicket t = f.agent().beginAttempt(u"op_a"_s, u"agent:t"_s);
        QCOMPARE(t.seq, i);
        f.agent().finishAttempt(u"op_a"_s, t.attemptId, answer(0, Outcome::NoAnswer));
    }
    const AttemptTicket seventh = f.agent().beginAttempt(u"op_a"_s, u"agent:t"_s);
    QCOMPARE(seventh.refusal, AttemptRefusal::CapReached);
    QCOMPARE(toString(seventh.operation.state), toString(OperationState::Unknown));
    QCOMPARE(f.agent().attempts(u"op_a"_s).size(), 6u);
}

void TestStore::deadlineIsFirstAttemptPlusWindowMinusMargin()
{
    RolesFixture f;
    open(f, refundOp(u"op_a"_s));
    f.clock().advanceSecs(3600); // the row may wait before its first attempt
    const QDateTime first = f.clock().now();
    f.agent().beginAttempt(u"op_a"_s, u"agent:t"_s);
    f.clock().advanceSecs(600);
    f.agent().beginAttempt(u"op_a"_s, u"agent:t"_s); // later attempts do not move it
    const auto op = f.agent().operation(u"op_a"_s);
    QCOMPARE(op->deadline.value(), first.addSecs(24 * 3600 - 15 * 60));
    QCOMPARE(op->firstAttemptAt.value(), first);
}

void TestStore::anOpeningCountsItsFirstAttemptAsItInsertsTheRow()
{
    // The engine's opening counts attempt 1 in the row it inserts (one write of the row, issue
    // 52): the same counters, deadline and audit as an opening followed by beginAttempt.
    RolesFixture f;
    NewOperation op = refundOp(u"op_a"_s);
    op.agent = f.agentOf();
    op.windowSeconds = 24 * 3600;
    op.marginSeconds = 15 * 60;
    const QDateTime now = f.clock().now();
    const OpenResult opened = f.agent().openOrGet(op, std::nullopt, op.createdBy);
    QVERIFY(opened.created);
    QVERIFY(opened.firstAttemptId.value_or(0) > 0);
    QCOMPARE(opened.operation.attempts, 1);
    QCOMPARE(opened.operation.operatorAttempts, 0);
    QCOMPARE(opened.operation.firstAttemptAt.value(), now);
    QCOMPARE(opened.operation.lastAttemptAt.value(), now);
    QCOMPARE(opened.operation.deadline.value(), now.addSecs(24 * 3600 - 15 * 60));
    const auto attempts = f.agent().attempts(u"op_a"_s);
    QCOMPARE(attempts.size(), 1u);
    QCOMPARE(attempts.at(0).id, *opened.firstAttemptId);
    QCOMPARE(attempts.at(0).seq, 1);
    QCOMPARE(toString(attempts.at(0).outcome), toString(Outcome::InFlight));
    QStringList actions;
    for (const AuditEntry &e : f.agent().audit(u"op_a"_s))
        actions << e.action;
    QCOMPARE(actions, (QStringList{u"operation.opened"_s, u"attempt.started"_s}));
    // The next attempt follows it: seq 2, the deadline of the first.
    f.clock().advanceSecs(60);
    const AttemptTicket second = f.agent().beginAttempt(u"op_a"_s, op.createdBy);
    QCOMPARE(second.seq, 2);
    QCOMPARE(second.operation.attempts, 2);
    QCOMPARE(second.operation.deadline.value(), now.addSecs(24 * 3600 - 15 * 60));
}

void TestStore::closedWindowRefusesAndMarksUnknown()
{
    RolesFixture f;
    open(f, refundOp(u"op_a"_s));
    f.agent().beginAttempt(u"op_a"_s, u"agent:t"_s);
    f.clock().advanceSecs(24 * 3600 - 15 * 60); // exactly at the deadline
    const AttemptTicket t = f.agent().beginAttempt(u"op_a"_s, u"agent:t"_s);
    QCOMPARE(t.refusal, AttemptRefusal::WindowClosed);
    QCOMPARE(toString(t.operation.state), toString(OperationState::Unknown));
    QCOMPARE(t.operation.unknownReason, u"retention window closed"_s);
    QCOMPARE(f.agent().attempts(u"op_a"_s).size(), 1u);
    // An operator resend is refused as well: nobody sends after the deadline.
    QCOMPARE(f.as(u"alice"_s)
                 .beginAttempt(u"op_a"_s, f.person(u"alice"_s), AttemptMode::OperatorResend)
                 .refusal,
             AttemptRefusal::WindowClosed);
}

void TestStore::sweepMovesOverdueOpenRowsOnly()
{
    RolesFixture f;
    open(f, refundOp(u"op_due"_s, u"1"_s));
    f.agent().beginAttempt(u"op_due"_s, u"agent:t"_s);
    open(f, refundOp(u"op_fresh"_s, u"2"_s));
    open(f, refundOp(u"op_done"_s, u"3"_s));
    f.agent().beginAttempt(u"op_done"_s, u"agent:t"_s);
    f.agent().closeSucceeded(u"op_done"_s, u"re_3"_s, {}, u"agent:t"_s, u"ok"_s);
    f.clock().advanceSecs(23 * 3600);
    QCOMPARE(f.as(u"svc"_s).sweep(u"system:sweeper"_s), 0);
    f.clock().advanceSecs(3600);
    f.agent().beginAttempt(u"op_fresh"_s, u"agent:t"_s); // its own window starts now
    QCOMPARE(f.as(u"svc"_s).sweep(u"system:sweeper"_s), 1);
    QCOMPARE(toString(f.agent().operation(u"op_due"_s)->state), toString(OperationState::Unknown));
    QCOMPARE(toString(f.agent().operation(u"op_fresh"_s)->state), toString(OperationState::Open));
    QCOMPARE(toString(f.agent().operation(u"op_done"_s)->state),
             toString(OperationState::Succeeded));
    QCOMPARE(f.agent().audit(u"op_due"_s).back().actor, u"system:sweeper"_s);
}

void TestStore::lateAnswerClosesUnknownNeverFinal()
{
    // A counted attempt's answer is proof: it closes a row that turned unknown while it was in
    // flight (stop 56's CI: sixteen callers reached the cap before the first one's 200 came
    // back). Nothing automatic sends for that row, and a final row stays as it is.
    // The answer is to a counted attempt of the closing engine's (as the engine closes: the
    // PostgreSQL guard of 0018 lets only that login close an unknown row on it).
    RolesFixture f;
    open(f, refundOp(u"op_a"_s));
    open(f, refundOp(u"op_b"_s, u"4418"_s));
    const AttemptTicket a = f.agent().beginAttempt(u"op_a"_s, u"agent:t"_s);
    const AttemptTicket b = f.agent().beginAttempt(u"op_b"_s, u"agent:t"_s);
    QVERIFY(f.agent().markUnknown(u"op_a"_s, u"attempt cap reached"_s, u"agent:t"_s));
    QCOMPARE(f.agent().beginAttempt(u"op_a"_s, u"agent:t"_s).refusal, AttemptRefusal::NotOpen);
    f.agent().finishAttempt(u"op_a"_s, a.attemptId, answer(200, Outcome::Succeeded, u"req_a"_s));
    QVERIFY(f.agent().closeSucceeded(u"op_a"_s, u"re_1"_s, {}, u"agent:t"_s, u"late"_s));
    QCOMPARE(toString(f.agent().operation(u"op_a"_s)->state), toString(OperationState::Succeeded));
    QVERIFY(!f.agent().closeFailed(u"op_a"_s, u"x"_s, u"agent:t"_s, u"later"_s));
    QCOMPARE(toString(f.agent().operation(u"op_a"_s)->state), toString(OperationState::Succeeded));
    QVERIFY(f.agent().markUnknown(u"op_b"_s, u"attempt cap reached"_s, u"agent:t"_s));
    f.agent().finishAttempt(u"op_b"_s, b.attemptId, answer(402, Outcome::Refused, u"req_b"_s));
    QVERIFY(f.agent().closeFailed(u"op_b"_s, u"x"_s, u"agent:t"_s, u"late"_s));
    QVERIFY(!f.agent().closeSucceeded(u"op_b"_s, u"re_2"_s, {}, u"agent:t"_s, u"later"_s));
    QCOMPARE(toString(f.agent().operation(u"op_b"_s)->state), toString(OperationState::Failed));
}

void TestStore::rule8_manualCloseNeedsReasonAndEvidence_data()
{
    QTest::addColumn<QString>("outcome");
    QTest::addColumn<QString>("reason");
    QTest::addColumn<QString>("providerRef");
    QTest::addColumn<bool>("ownEvidence");
    QTest::addColumn<bool>("otherEvidence");
    QTest::addColumn<int>("refusal");
    const auto row = [](const char *name, const char *outcome, const char *reason, const char *ref,
                        bool own, bool other, ManualCloseRefusal r) {
        QTest::addRow("%s", name) << QString::fromLatin1(outcome) << QString::fromLatin1(reason)
                                  << QString::fromLatin1(ref) << own << other << int(r);
    };
    row("succeeded with all", "succeeded", "found re_1 at provider", "re_1", true, false,
        ManualCloseRefusal::None);
    row("failed with all", "failed", "no refund at provider", "", true, false,
        ManualCloseRefusal::None);
    row("no reason", "failed", "  ", "", true, false, ManualCloseRefusal::NeedsReason);
    row("no evidence", "failed", "r", "", false, false, ManualCloseRefusal::NeedsEvidence);
    row("succeeded without ref", "succeeded", "r", "", true, false,
        ManualCloseRefusal::NeedsProviderRef);
    row("evidence of another operation", "failed", "r", "", false, true,
        ManualCloseRefusal::EvidenceOfAnotherOperation);
    row("open is not an outcome", "open", "r", "", true, false, ManualCloseRefusal::NotAnOutcome);
}

void TestStore::rule8_manualCloseNeedsReasonAndEvidence()
{
    QFETCH(QString, outcome);
    QFETCH(QString, reason);
    QFETCH(QString, providerRef);
    QFETCH(bool, ownEvidence);
    QFETCH(bool, otherEvidence);
    QFETCH(int, refusal);
    RolesFixture f;
    open(f, refundOp(u"op_a"_s, u"1"_s));
    open(f, refundOp(u"op_b"_s, u"2"_s));
    f.agent().markUnknown(u"op_a"_s, u"stored 500"_s, u"agent:t"_s);
    ManualClose c;
    c.operationId = u"op_a"_s;
    c.outcome = stateFromString(outcome).value();
    c.reason = reason;
    c.providerRef = providerRef;
    c.actor = f.person(u"alice"_s);
    if (ownEvidence)
        c.evidenceIds
            << f.as(u"alice"_s).addEvidence(evidenceItem(u"op_a"_s, u"provider_object"_s, "{}"));
    if (otherEvidence)
        c.evidenceIds
            << f.as(u"alice"_s).addEvidence(evidenceItem(u"op_b"_s, u"provider_object"_s, "{}"));
    QCOMPARE(describe(f.as(u"alice"_s).closeManually(c).refusal),
             describe(ManualCloseRefusal(refusal)));
    const auto op = f.agent().operation(u"op_a"_s);
    QCOMPARE(toString(op->state),
             refusal == int(ManualCloseRefusal::None) ? outcome : u"unknown"_s);
}

void TestStore::rule8_manualCloseIsAudited()
{
    RolesFixture f;
    open(f, refundOp(u"op_a"_s));
    f.agent().markUnknown(u"op_a"_s, u"stored 500"_s, u"agent:t"_s);
    const qint64 ev =
        f.as(u"alice"_s).addEvidence(evidenceItem(u"op_a"_s, u"provider_object"_s, "{}"));
    ManualClose c{
        u"op_a"_s, OperationState::Succeeded, u"re_9"_s,
        {ev},      f.person(u"alice"_s),      u"refund re_9 found by metadata.operation_id"_s};
    QCOMPARE(describe(f.as(u"alice"_s).closeManually(c).refusal), QString());
    const auto op = f.agent().operation(u"op_a"_s);
    QCOMPARE(op->providerRef, u"re_9"_s);
    QCOMPARE(op->closedBy, f.person(u"alice"_s));
    const AuditEntry last = f.agent().audit(u"op_a"_s).back();
    QCOMPARE(last.action, u"state.closed_manually"_s);
    QCOMPARE(last.actor, f.person(u"alice"_s));
    QVERIFY(last.detail.contains(u"\"evidence_ids\":[%1]"_s.arg(ev)));
    // Final is final: a second close is refused.
    QCOMPARE(describe(f.as(u"alice"_s).closeManually(c).refusal),
             describe(ManualCloseRefusal::AlreadyFinal));
}

void TestStore::auditRefusesUpdateAndDelete_data()
{
    QTest::addColumn<QString>("sql");
    QTest::addRow("update audit") << u"UPDATE audit SET actor = 'x'"_s;
    QTest::addRow("delete audit") << u"DELETE FROM audit"_s;
    QTest::addRow("update evidence") << u"UPDATE evidence SET title = 'x'"_s;
    QTest::addRow("delete evidence") << u"DELETE FROM evidence"_s;
}

void TestStore::auditRefusesUpdateAndDelete()
{
    QFETCH(QString, sql);
    RolesFixture f;
    open(f, refundOp(u"op_a"_s));
    f.as(u"alice"_s).addEvidence(evidenceItem(u"op_a"_s, u"note"_s, "x"));
    // As the owner on PostgreSQL, who holds every grant: the trigger itself refuses (a login
    // would be stopped earlier, for want of the grant).
    QSqlQuery q(f.owner());
    QVERIFY(!q.exec(sql));
    QVERIFY2(q.lastError().text().contains(u"immutable"_s) ||
                 q.lastError().text().contains(u"append-only"_s),
             qPrintable(q.lastError().text()));
}

void TestStore::auditChainDetectsTampering()
{
    RolesFixture f;
    open(f, refundOp(u"op_a"_s));
    f.agent().beginAttempt(u"op_a"_s, u"agent:t"_s);
    f.agent().markUnknown(u"op_a"_s, u"r"_s, u"agent:t"_s);
    QVERIFY(!AuditLog::firstBroken(connectionOf(f.store())));
    const auto entries = f.agent().audit(u"op_a"_s);
    QCOMPARE(entries.size(), 3u);
    QCOMPARE(entries.at(1).prevHash, entries.at(0).hash);
    // Someone with file access drops the trigger and rewrites history: the chain shows it. On
    // PostgreSQL that is the owner, on a connection of its own.
    Connection &db = f.owner();
    QSqlQuery q(db);
    QVERIFY(q.exec(ops::test::onPostgres() ? u"DROP TRIGGER audit_no_change ON audit"_s
                                           : u"DROP TRIGGER audit_no_update"_s));
    QVERIFY(q.exec(u"UPDATE audit SET actor = 'operator:mallory' WHERE id = 2"_s));
    QCOMPARE(AuditLog::firstBroken(db).value_or(-1), qint64(2));
}

void TestStore::evidenceIsImmutableAndHashed()
{
    RolesFixture f;
    open(f, refundOp(u"op_a"_s));
    f.as(u"alice"_s).addEvidence(evidenceItem(u"op_a"_s, u"provider_object"_s, R"({"id":"re_1"})"));
    const auto ev = f.agent().evidence(u"op_a"_s);
    QCOMPARE(ev.size(), 1u);
    QCOMPARE(ev.at(0).sha256,
             QString::fromLatin1(
                 QCryptographicHash::hash(R"({"id":"re_1"})", QCryptographicHash::Sha256).toHex()));
    QCOMPARE(f.agent().audit(u"op_a"_s).back().action, u"evidence.added"_s);
}

void TestStore::unwritableLocationIsAClearError_data()
{
    QTest::addColumn<QString>("location");
    QTest::addRow("empty") << u""_s;
    QTest::addRow("under /proc") << u"/proc/nope/ops.sqlite"_s;
    QTest::addRow("a folder") << u"/tmp"_s;
    QTest::addRow("unknown scheme") << u"mysql://ops@127.0.0.1/ops"_s;
    QTest::addRow("postgres without database") << u"postgresql://ops@127.0.0.1:5432"_s;
    QTest::addRow("postgres without host") << u"postgresql:///ops"_s;
    QTest::addRow("postgres bad port") << u"postgresql://ops@127.0.0.1:99999/ops"_s;
    QTest::addRow("postgres unknown option") << u"postgresql://ops@127.0.0.1/ops?sslmod=require"_s;
    QTest::addRow("postgres bad host in a list")
        << u"postgresql://ops@127.0.0.1:5432,bad_host!:5433/ops"_s;
    QTest::addRow("postgres empty host in a list") << u"postgresql://ops@127.0.0.1,,h2/ops"_s;
    QTest::addRow("postgres bad port in a list") << u"postgresql://ops@h1:5432,h2:0/ops"_s;
    QTest::addRow("postgres port not a number") << u"postgresql://ops@h1:5432,h2:pg/ops"_s;
    QTest::addRow("postgres standby sessions")
        << u"postgresql://ops@h1,h2/ops?target_session_attrs=standby"_s;
    QTest::addRow("postgres prefer-standby")
        << u"postgresql://ops@h1/ops?target_session_attrs=prefer-standby"_s;
    QTest::addRow("postgres any with two hosts")
        << u"postgresql://ops@h1,h2/ops?target_session_attrs=any"_s;
    QTest::addRow("postgres read-only")
        << u"postgresql://ops@h1/ops?target_session_attrs=read-only"_s;
    // Port 1 on loopback: nothing listens, the connection is refused at once.
    QTest::addRow("postgres unreachable") << u"postgres://ops:s3cret-pw@127.0.0.1:1/ops"_s;
}

void TestStore::unwritableLocationIsAClearError()
{
    QFETCH(QString, location);
    const QString name = StoreFixture::nextConnection();
    try {
        Database::open(location, name);
        QFAIL("opened an unusable location");
    } catch (const StoreError &e) {
        QVERIFY(!e.message().isEmpty());
        QVERIFY2(!e.message().contains(u"s3cret-pw"_s), "a password is never echoed");
    }
    if (DbLocation::isPostgresUrl(location))
        QVERIFY2(!QSqlDatabase::contains(name), "a failed PostgreSQL open leaves no connection");
}

QTEST_GUILESS_MAIN(TestStore)
#include "tst_store.moc"
