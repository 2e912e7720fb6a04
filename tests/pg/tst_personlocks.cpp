// Issue 28, item 1: on PostgreSQL a person's action locks only the operation it acts on. While
// another writer holds operation A's scope (its transaction open on a second connection), a
// close by hand, a close asked for, an approval decided and an applied proposal on other
// operations finish at once, and each of them on A waits for A (lock_timeout turns that wait
// into an error here, and nothing is written). On SQLite the file has one writer and there is
// nothing to show: it skips.

#include "domain/storeerror.h"
#include "storage/access/approvals.h"
#include "storage/closeapproval.h"
#include "storage/db/sqlconnection.h"
#include "storage/operationstore.h"
#include "storage/reconcile/proposalapply.h"
#include "storage/writescope.h"
#include "support/proposalfixture.h"
#include "support/storefixture.h"

#include <QSqlQuery>
#include <QTest>
#include <functional>
#include <vector>

using namespace Qt::StringLiterals;
using namespace ops;
using namespace ops::test;

namespace {

const QString kAlice = u"operator:alice"_s; // supervisor
const QString kBob = u"operator:bob"_s;     // supervisor

ManualClose failedClose(StoreFixture &f, const QString &id, const QString &actor)
{
    return {id,    OperationState::Failed,        {}, {reading(f, id)},
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
    void init();
    void cleanup();
    void personActionsWaitOnlyForTheirOperation();

private:
    std::unique_ptr<StoreFixture> m_fx;
};

void TestPersonLocks::init()
{
    if (!onPostgres())
        QSKIP("SQLite has one writer: a person's action waits for every other writer there");
    m_fx = std::make_unique<StoreFixture>();
}

void TestPersonLocks::cleanup()
{
    m_fx.reset();
}

void TestPersonLocks::personActionsWaitOnlyForTheirOperation()
{
    StoreFixture &f = *m_fx;
    for (const QString &id : {u"op_a"_s, u"op_b"_s, u"op_c"_s, u"op_d"_s})
        unknownRefund(f, id);
    const Proposal proposal = propose(f, u"op_d"_s);
    const Proposal proposalA = propose(f, u"op_a"_s);
    // Four-eyes for refunds above 1.00 usd: a person's close waits for a second person.
    setApprovalThreshold(connectionOf(f.store()), f.clock().nowMs(), kAlice, u"usd"_s, 100);
    const ManualClose closeA = failedClose(f, u"op_a"_s, kAlice);
    const qint64 approvalA = f.store().closeManually(closeA).approvalId;
    QVERIFY(approvalA > 0);

    // Another writer (an engine settling op_a) holds op_a's scope and has not committed.
    Connection other = f.secondConnection();
    OperationStore otherStore(other, f.clock());
    WriteScope holdsA(otherStore, u"op_a"_s);
    QVERIFY(otherStore.operation(u"op_a"_s)); // the scope's locks are taken by now

    QSqlQuery q(connectionOf(f.store()));
    QVERIFY(q.exec(u"SET lock_timeout = '1500ms'"_s));

    // Above the threshold: alice's close of op_b is stored as a request, bob approves it.
    const ManualCloseResult asked = f.store().closeManually(failedClose(f, u"op_b"_s, kAlice));
    QVERIFY(asked.refusal == ManualCloseRefusal::AwaitingApproval);
    approveRequest(f.store(), asked.approvalId, kBob, u"checked the list"_s);
    QVERIFY(f.store().operation(u"op_b"_s)->state == OperationState::Failed);
    const ManualCloseResult askedC = askForClose(f.store(), failedClose(f, u"op_c"_s, kAlice));
    QVERIFY(askedC.refusal == ManualCloseRefusal::AwaitingApproval);
    rejectRequest(f.store(), askedC.approvalId, kBob, u"not yet"_s);
    const ApplyResult applied = applyProposal(f.store(), proposal.id, kBob);
    QVERIFY2(applied.kind == ApplyKind::SentForApproval, qPrintable(applied.message));

    // On op_a each of them waits for its writer; nothing is written.
    const int auditBefore = auditEntries(q);
    const std::vector<std::pair<const char *, std::function<void()>>> onA = {
        {"close",
         [&] {
             f.store().closeManually(closeA);
         }},
        {"ask",
         [&] {
             askForClose(f.store(), closeA);
         }},
        {"approve",
         [&] {
             approveRequest(f.store(), approvalA, kBob, u"checked"_s);
         }},
        {"reject",
         [&] {
             rejectRequest(f.store(), approvalA, kBob, u"not yet"_s);
         }},
        {"apply",
         [&] {
             applyProposal(f.store(), proposalA.id, kBob);
         }},
    };
    for (const auto &[name, action] : onA) {
        const QString waited = lockWait(action);
        QVERIFY2(waited.contains(u"lock timeout"_s), name);
    }
    QCOMPARE(auditEntries(q), auditBefore);
    QVERIFY(q.exec(u"RESET lock_timeout"_s));
    holdsA.rollback();
    QVERIFY(f.store().operation(u"op_a"_s)->state == OperationState::Unknown);
    approveRequest(f.store(), approvalA, kBob, u"checked the list"_s);
    QVERIFY(f.store().operation(u"op_a"_s)->state == OperationState::Failed);
}

QTEST_GUILESS_MAIN(TestPersonLocks)
#include "tst_personlocks.moc"
