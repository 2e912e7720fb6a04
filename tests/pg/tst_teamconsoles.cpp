// Team mode with people logged in as themselves (issue 26): two consoles on one PostgreSQL
// database, alice's and bob's, each connected with its own scram login. A close above the
// threshold that alice asks for reaches bob's Approvals tab by live refresh; bob approves it with
// his window's button; alice's window sees the approval leave and the row close; the database
// recorded both names and the actors nobody could have typed. The row is opened by the agent's
// login and read back as sam's (issue 50: nobody writes as the owner; teamfixture.h).

#include "console/consolewriter.h"
#include "console/sessionreads.h"
#include "mainwindow/decisionspresenter.h"
#include "mainwindow/mainwindow.h"
#include "storage/access/accessstore.h"
#include "storage/audit/auditlog.h"
#include "storage/db/sqltransaction.h"
#include "storage/session.h"
#include "supervisor/approvalspanel.h"
#include "support/teamfixture.h"

#include <QLineEdit>
#include <QPushButton>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace ops;

namespace {

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
    std::unique_ptr<test::TeamFixture> m_fx;
};

void TestTeamConsoles::initTestCase()
{
    QVERIFY2(test::onPostgres(), "tst_teamconsoles runs on PostgreSQL only (OPS_TEST_BACKEND)");
    const QString error = test::prepareTeam();
    QVERIFY2(error.isEmpty(), qPrintable(error));
    m_fx = std::make_unique<test::TeamFixture>();
}

void TestTeamConsoles::cleanupTestCase()
{
    m_fx.reset(); // drops the database, and with it what the logins owned there
    const QString error = test::dropTeam({});
    QVERIFY2(error.isEmpty(), qPrintable(error));
}

void TestTeamConsoles::approvalMadeInOneConsoleIsSeenInTheOther()
{
    const QString alice = test::personActor(u"alice"_s);
    const QString bob = test::personActor(u"bob"_s);
    OperationStore &agent = m_fx->as(u"agent"_s);
    NewOperation candidate = unknownCandidate();
    candidate.agent = test::pidName(u"agent"_s); // an agent's row names its login (0013)
    const QString id = agent.openOrGet(candidate).operation.id;
    QVERIFY(agent.markUnknown(id, u"answer lost"_s, u"system:sweeper"_s));

    using test::LoginConnection;
    Session aliceSession(LoginConnection::loginUrl(m_fx->path(), u"alice"_s), m_fx->clock());
    Session bobSession(LoginConnection::loginUrl(m_fx->path(), u"bob"_s), m_fx->clock());
    QCOMPARE(aliceSession.access().identity().login, test::pidName(u"alice"_s));
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

    // Bob's approval is a write: his console's writer carries it out on bob's own login.
    console::ConsoleWriter bobWrites(bobSession.location(), m_fx->clock());
    ui::MainWindow aliceWindow(console::readsOf(aliceSession), alice, alice + u"#desk1"_s);
    ui::MainWindow bobWindow(console::readsOf(bobSession), bob, bob + u"#desk2"_s);
    bobWindow.setWrites(bobWrites);
    aliceWindow.startLiveRefresh(60000); // the probe interval: refresh must come by NOTIFY
    bobWindow.startLiveRefresh(60000);
    aliceWindow.show();
    bobWindow.show();
    QCOMPARE(bobWindow.decisions()->approvalsPanel()->count(), 0);

    ManualClose close;
    close.operationId = id;
    close.outcome = OperationState::Succeeded;
    close.providerRef = u"re_two"_s;
    close.evidenceIds = {evidence};
    close.actor = alice;
    close.reason = u"the dashboard shows re_two"_s;
    const ManualCloseResult asked = aliceSession.store().closeManually(close);
    QCOMPARE(int(asked.refusal), int(ManualCloseRefusal::AwaitingApproval));
    QTRY_COMPARE_WITH_TIMEOUT(bobWindow.decisions()->approvalsPanel()->count(), 1, 15000);

    ui::ApprovalsPanel *panel = bobWindow.decisions()->approvalsPanel();
    QVERIFY(panel->selectApproval(asked.approvalId));
    panel->reasonEdit()->setText(u"checked the dashboard"_s);
    QVERIFY(panel->approveButton()->isEnabled());
    QTest::mouseClick(panel->approveButton(), Qt::LeftButton);

    QTRY_COMPARE_WITH_TIMEOUT(bobWindow.decisions()->approvalsPanel()->count(), 0, 15000);
    QTRY_COMPARE_WITH_TIMEOUT(aliceWindow.decisions()->approvalsPanel()->count(), 0, 15000);
    OperationStore &reader = m_fx->as(u"sam"_s); // reads only
    const Operation closed = *reader.operation(id);
    QCOMPARE(toString(closed.state), u"succeeded"_s);
    QCOMPARE(closed.closedBy, u"%1, approved by %2"_s.arg(alice, bob));
    const auto trail = reader.audit(id);
    QCOMPARE(trail.back().action, u"state.closed_manually"_s);
    QCOMPARE(trail.back().actor, bob);
    QCOMPARE(trail.at(trail.size() - 2).actor, bob); // approval.approved
    QVERIFY(AuditLog::verify(connectionOf(reader)).holds());
}

QTEST_MAIN(TestTeamConsoles)
#include "tst_teamconsoles.moc"
