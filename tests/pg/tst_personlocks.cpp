// Issue 28, item 1: on PostgreSQL a person's action locks only the operation it acts on. While
// another writer holds operation A's scope (its transaction open on a second connection), a
// close by hand, a close asked for, an approval decided and an applied proposal on other
// operations finish at once, and each of them on A waits for A (lock_timeout turns that wait
// into an error here, and nothing is written). On SQLite the file has one writer and there is
// nothing to show: it skips. Each actor logs in as itself (issue 50, teamfixture.h): the agent
// opens the rows, the service proposes, alice closes and asks, bob decides and applies.

#include "domain/storeerror.h"
#include "storage/access/approvals.h"
#include "storage/db/sqlconnection.h"
#include "storage/operations/closeapproval.h"
#include "storage/operations/operationstore.h"
#include "storage/operations/proposalapply.h"
#include "storage/operations/writescope.h"
#include "support/proposalfixture.h"
#include "support/teamfixture.h"

#include <QSqlQuery>
#include <QTest>
#include <functional>
#include <vector>

using namespace Qt::StringLiterals;
using namespace ops;
using namespace ops::test;

namespace {

const QString kAgent = u"agent"_s;
const QString kService = u"svc"_s;

// A close as failed by `actor`, resting on the service's reading of the provider.
ManualClose failedClose(TeamFixture &f, const QString &id, const QString &actor)
{
    return {id,    OperationState::Failed,        {}, {reading(f.as(kService), id)},
            actor, u"no refund at the provider"_s};
}

// The StoreError of `action`, which must be the lock timeout; empty when it did not wait.
QString lockWait(const std::function<void()> &action)
{
    try {
        action();
    } catch (const StoreError &e) {
        return e.message().contains(u"lock timeout"_s) ? e.message() : u"other: "_s + e.message();
    }
    return {};
}

int auditEntries(QSqlQuery &q)
{
    return q.exec(u"SELECT COUNT(*) FROM audit_entries"_s) && q.next() ? q.value(0).toInt() : -1;
}

} // namespace

class TestPersonLocks : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();
    void init();
    void cleanup();
    void personActionsWaitOnlyForTheirOperation();

private:
    std::unique_ptr<TeamFixture> m_fx;
};

void TestPersonLocks::initTestCase()
{
    if (!onPostgres())
        QSKIP("SQLite has one writer: a person's action waits for every other writer there");
    const QString error = prepareTeam();
    QVERIFY2(error.isEmpty(), qPrintable(error));
}

void TestPersonLocks::cleanupTestCase()
{
    if (onPostgres())
        QVERIFY(dropTeam({}).isEmpty());
}

void TestPersonLocks::init()
{
    m_fx = std::make_unique<TeamFixture>();
}

void TestPersonLocks::cleanup()
{
    m_fx.reset();
}

void TestPersonLocks::personActionsWaitOnlyForTheirOperation()
{
    TeamFixture &f = *m_fx;
    const QString kAlice = personActor(u"alice"_s); // supervisor
    const QString kBob = personActor(u"bob"_s);     // supervisor
    OperationStore &alice = f.as(u"alice"_s);
    OperationStore &bob = f.as(u"bob"_s);
    for (const QString &id : {u"op_a"_s, u"op_b"_s, u"op_c"_s, u"op_d"_s})
        unknownRefund(f.as(kAgent), id, 3800, pidName(kAgent));
    const Proposal proposal = propose(f.as(kService), f.clock().nowMs(), u"op_d"_s);
    const Proposal proposalA = propose(f.as(kService), f.clock().nowMs(), u"op_a"_s);
    // Four-eyes for refunds above 1.00 usd: a person's close waits for a second person.
    setApprovalThreshold(connectionOf(alice), f.clock().nowMs(), kAlice, u"usd"_s, 100);
    const ManualClose closeA = failedClose(f, u"op_a"_s, kAlice);
    const qint64 approvalA = alice.closeManually(closeA).approvalId;
    QVERIFY(approvalA > 0);

    // Another writer (an agent's engine settling op_a) holds op_a's scope, not committed.
    const auto other = f.another(kAgent);
    OperationStore otherStore(other->db(), f.clock());
    WriteScope holdsA(otherStore, u"op_a"_s);
    QVERIFY(otherStore.operation(u"op_a"_s)); // the scope's locks are taken by now

    QSqlQuery q(connectionOf(alice));
    QVERIFY(q.exec(u"SET lock_timeout = '1500ms'"_s));
    QSqlQuery qBob(connectionOf(bob));
    QVERIFY(qBob.exec(u"SET lock_timeout = '1500ms'"_s));

    // Above the threshold: alice's close of op_b is stored as a request, bob approves it.
    const ManualCloseResult asked = alice.closeManually(failedClose(f, u"op_b"_s, kAlice));
    QVERIFY(asked.refusal == ManualCloseRefusal::AwaitingApproval);
    approveRequest(bob, asked.approvalId, kBob, u"checked the list"_s);
    QVERIFY(bob.operation(u"op_b"_s)->state == OperationState::Failed);
    const ManualCloseResult askedC = askForClose(alice, failedClose(f, u"op_c"_s, kAlice));
    QVERIFY(askedC.refusal == ManualCloseRefusal::AwaitingApproval);
    rejectRequest(bob, askedC.approvalId, kBob, u"not yet"_s);
    const ApplyResult applied = applyProposal(bob, proposal.id, kBob);
    QVERIFY2(applied.kind == ApplyKind::SentForApproval, qPrintable(applied.message));

    // On op_a each of them waits for its writer; nothing is written.
    const int auditBefore = auditEntries(q);
    const std::vector<std::pair<const char *, std::function<void()>>> onA = {
        {"close",
         [&] {
             alice.closeManually(closeA);
         }},
        {"ask",
         [&] {
             askForClose(alice, closeA);
         }},
        {"approve",
         [&] {
             approveRequest(bob, approvalA, kBob, u"checked"_s);
         }},
        {"reject",
         [&] {
             rejectRequest(bob, approvalA, kBob, u"not yet"_s);
         }},
        {"apply",
         [&] {
             applyProposal(bob, proposalA.id, kBob);
         }},
    };
    for (const auto &[name, action] : onA) {
        const QString waited = lockWait(action);
        QVERIFY2(waited.contains(u"lock timeout"_s), name);
    }
    QCOMPARE(auditEntries(q), auditBefore);
    QVERIFY(q.exec(u"RESET lock_timeout"_s));
    QVERIFY(qBob.exec(u"RESET lock_timeout"_s));
    holdsA.rollback();
    QVERIFY(bob.operation(u"op_a"_s)->state == OperationState::Unknown);
    approveRequest(bob, approvalA, kBob, u"checked the list"_s);
    QVERIFY(bob.operation(u"op_a"_s)->state == OperationState::Failed);
}

QTEST_GUILESS_MAIN(TestPersonLocks)
#include "tst_personlocks.moc"
