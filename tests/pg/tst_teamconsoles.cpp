// Team mode with people logged in as themselves (issue 26): two consoles on one PostgreSQL
// database, alice's and bob's, each connected with its own scram login. A close above the
// threshold that alice asks for reaches bob's Approvals tab by live refresh; bob approves it with
// his window's button; alice's window sees the approval leave and the row close; the database
// recorded both names and the actors nobody could have typed.

#include "mainwindow/mainwindow.h"
#include "storage/access/accessstore.h"
#include "storage/audit/auditlog.h"
#include "storage/db/sqltransaction.h"
#include "storage/session.h"
#include "supervisor/approvalspanel.h"
#include "support/storefixture.h"

#include <QLineEdit>
#include <QPushButton>
#include <QSqlError>
#include <QSqlQuery>
#include <QTest>
#include <QUrl>

using namespace Qt::StringLiterals;
using namespace ops;

namespace {

const QString kPid = QString::number(QCoreApplication::applicationPid());

// A login in ops_supervisor with a scram password, made by the test server's superuser.
QString makeSupervisor(Connection &owner, const QString &name)
{
    for (const QString &sql : {u"DROP ROLE IF EXISTS %1"_s.arg(name),
                               u"CREATE ROLE %1 LOGIN PASSWORD 'pw-%1'"_s.arg(name),
                               u"GRANT ops_supervisor TO %1"_s.arg(name)}) {
        QSqlQuery q(owner); // DDL: not preparable
        if (!q.exec(sql))
            qFatal("%s: %s", qPrintable(sql), qPrintable(q.lastError().text()));
    }
    return name;
}

QString urlAs(const QString &location, const QString &login)
{
    QUrl url(location);
    url.setUserName(login);
    url.setPassword(u"pw-"_s + login);
    return url.toString();
}

NewOperation unknownCandidate()
{
    NewOperation op;
    op.id = u"op_two"_s;
    op.kind = OperationKind::Refund;
    op.provider = Provider::Stripe;
    op.unitOfWork = u"order-two"_s;
    op.orderId = u"two"_s;
    op.chargeId = u"ch_two"_s;
    op.amount = {3800, u"usd"_s};
    op.idempotencyKey = u"key-two"_s;
    op.request = {"POST", u"/v1/refunds"_s, "charge=ch_two", "application/x-www-form-urlencoded"};
    op.createdBy = u"agent:t"_s;
    return op;
}

} // namespace

class TestTeamConsoles : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void cleanupTestCase();
    void approvalMadeInOneConsoleIsSeenInTheOther();

private:
    std::unique_ptr<test::StoreFixture> m_fx;
    QString m_alice;
    QString m_bob;
};

void TestTeamConsoles::initTestCase()
{
    QVERIFY2(test::onPostgres(), "tst_teamconsoles runs on PostgreSQL only (OPS_TEST_BACKEND)");
    m_fx = std::make_unique<test::StoreFixture>();
    Connection &owner = connectionOf(m_fx->store());
    m_alice = makeSupervisor(owner, u"alice_tc_"_s + kPid);
    m_bob = makeSupervisor(owner, u"bob_tc_"_s + kPid);
}

void TestTeamConsoles::cleanupTestCase()
{
    QString location = m_fx ? m_fx->path() : QString();
    m_fx.reset(); // drops the database, and with it what the logins owned there
    for (const QString &name : {m_alice, m_bob}) {
        if (!name.isEmpty())
            test::TestDatabase::admin(u"DROP ROLE IF EXISTS %1"_s.arg(name));
    }
}

void TestTeamConsoles::approvalMadeInOneConsoleIsSeenInTheOther()
{
    const QString alice = u"operator:"_s + m_alice;
    const QString bob = u"operator:"_s + m_bob;
    OperationStore &ownerStore = m_fx->store();
    const QString id = ownerStore.openOrGet(unknownCandidate()).operation.id;
    QVERIFY(ownerStore.markUnknown(id, u"answer lost"_s, u"system:sweeper"_s));

    Session aliceSession(urlAs(m_fx->path(), m_alice), m_fx->clock());
    Session bobSession(urlAs(m_fx->path(), m_bob), m_fx->clock());
    QCOMPARE(aliceSession.access().identity().login, m_alice);
    QVERIFY(aliceSession.access().identity().authenticated());
    aliceSession.access().setApprovalThreshold(alice, u"usd"_s, 1000);
    const qint64 evidence = aliceSession.store().addEvidence({0,
                                                              id,
                                                              u"provider_object"_s,
                                                              u"dashboard"_s,
                                                              u"text/plain"_s,
                                                              "re_two succeeded",
                                                              {},
                                                              {},
                                                              alice});

    ui::MainWindow aliceWindow(aliceSession, alice, alice + u"#desk1"_s);
    ui::MainWindow bobWindow(bobSession, bob, bob + u"#desk2"_s);
    aliceWindow.startLiveRefresh(60000); // the probe interval: refresh must come by NOTIFY
    bobWindow.startLiveRefresh(60000);
    aliceWindow.show();
    bobWindow.show();
    QCOMPARE(bobWindow.approvalsPanel()->count(), 0);

    ManualClose close;
    close.operationId = id;
    close.outcome = OperationState::Succeeded;
    close.providerRef = u"re_two"_s;
    close.evidenceIds = {evidence};
    close.actor = alice;
    close.reason = u"the dashboard shows re_two"_s;
    const ManualCloseResult asked = aliceSession.store().closeManually(close);
    QCOMPARE(int(asked.refusal), int(ManualCloseRefusal::AwaitingApproval));
    QTRY_COMPARE_WITH_TIMEOUT(bobWindow.approvalsPanel()->count(), 1, 15000);

    ui::ApprovalsPanel *panel = bobWindow.approvalsPanel();
    QVERIFY(panel->selectApproval(asked.approvalId));
    panel->reasonEdit()->setText(u"checked the dashboard"_s);
    QVERIFY(panel->approveButton()->isEnabled());
    QTest::mouseClick(panel->approveButton(), Qt::LeftButton);

    QTRY_COMPARE_WITH_TIMEOUT(bobWindow.approvalsPanel()->count(), 0, 15000);
    QTRY_COMPARE_WITH_TIMEOUT(aliceWindow.approvalsPanel()->count(), 0, 15000);
    const Operation closed = *ownerStore.operation(id);
    QCOMPARE(toString(closed.state), u"succeeded"_s);
    QCOMPARE(closed.closedBy, u"%1, approved by %2"_s.arg(alice, bob));
    const auto trail = ownerStore.audit(id);
    QCOMPARE(trail.back().action, u"state.closed_manually"_s);
    QCOMPARE(trail.back().actor, bob);
    QCOMPARE(trail.at(trail.size() - 2).actor, bob); // approval.approved
    QVERIFY(AuditLog::verify(connectionOf(ownerStore)).holds());
}

QTEST_MAIN(TestTeamConsoles)
#include "tst_teamconsoles.moc"
