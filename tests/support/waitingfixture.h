#pragma once

// Three unknown rows that each wait for someone (issue 50 item 7), and one that waits for nobody,
// made the way the console and the reconciler make them: a close above the four-eyes threshold
// asked by alice, an open reconciler proposal, and a resend lease held by bob's console. Shared by
// the model suite (tst_waitingmarkers) and the queue in view (tst_queuelayout). Each written by
// its role's login on PostgreSQL (rolesfixture.h): the rows by the agent, the reading and the
// proposal by the service, the threshold and the close by alice, the lease by bob.

#include "storage/access/approvals.h"
#include "storage/operations/resendlease.h"
#include "support/proposalfixture.h"

namespace ops::test {

struct WaitingRows
{
    QString approval = QStringLiteral("op_wait_approval");
    QString proposal = QStringLiteral("op_wait_proposal");
    QString lease = QStringLiteral("op_wait_lease");
    QString plain = QStringLiteral("op_wait_plain");
    qint64 approvalId = 0;
    QString leaseHolder; // bob's console: operator:bob#two (operator:bob_<pid>#two)
    qint64 leaseSeconds = 60;
};

inline WaitingRows addWaitingRows(RolesFixture &f)
{
    WaitingRows rows;
    rows.leaseHolder = f.person(QStringLiteral("bob")) + QStringLiteral("#two");
    const QString alice = f.person(QStringLiteral("alice"));
    OperationStore &aliceStore = f.as(QStringLiteral("alice"));
    setApprovalThreshold(connectionOf(aliceStore), f.clock().nowMs(), alice, QStringLiteral("usd"),
                         100);
    unknownRefund(f, rows.approval, 5000);
    const qint64 evidence = reading(f, rows.approval);
    const ManualCloseResult asked =
        aliceStore.closeManually({rows.approval,
                                  OperationState::Failed,
                                  {},
                                  {evidence},
                                  alice,
                                  QStringLiteral("no refund at the provider")});
    if (asked.refusal != ManualCloseRefusal::AwaitingApproval)
        qFatal("the close was not held for approval: %s", qPrintable(asked.message));
    rows.approvalId = asked.approvalId;
    unknownRefund(f, rows.proposal);
    propose(f, rows.proposal, OperationState::Failed);
    unknownRefund(f, rows.lease);
    if (!claimResendLease(f.as(QStringLiteral("bob")), rows.lease, rows.leaseHolder,
                          rows.leaseSeconds))
        qFatal("bob's console did not get the lease");
    unknownRefund(f, rows.plain);
    return rows;
}

} // namespace ops::test
