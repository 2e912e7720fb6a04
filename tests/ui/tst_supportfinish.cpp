// Issue 31 item 4, each role sees only what it can finish. Against the real provider-sim, on a
// real database, driven with the keyboard: support's look-up offers no close but "Attach evidence
// and ask a supervisor" (the default), which files the proposed close as an approval the
// supervisor approves in the Approvals tab (the close is carried out under both names); where a
// resend helps, Resend is support's default; the status bar and Help → Keyboard shortcuts name
// only keys the operator may use; a key of an action the operator may not take says why. Each
// actor in its role (consolefixture.h): on PostgreSQL (tst_supportfinish_pg) the agent's engine
// makes the rows, the service reads and proposes, and each console and each request or close made
// by hand is on its person's login.

#include "console/consolecontroller.h"
#include "dialogs/lookupdialog.h"
#include "dialogs/shortcutsdialog.h"
#include "itemmodels/approvallistmodel.h"
#include "mainwindow/bulkactions.h"
#include "mainwindow/decisionspresenter.h"
#include "mainwindow/mainwindow.h"
#include "mainwindow/queuepresenter.h"
#include "mainwindow/rowactions.h"
#include "storage/access/approvals.h"
#include "storage/operations/closeapproval.h"
#include "storage/session.h"
#include "supervisor/approvalspanel.h"
#include "support/consolefixture.h"
#include "support/messagefixture.h"
#include "support/proposalfixture.h"
#include "support/screenshots.h"
#include "widgets/operationlistview.h"

#include <QAction>
#include <QApplication>
#include <QLabel>
#include <QPushButton>
#include <QStatusBar>
#include <QTabWidget>
#include <QTableView>
#include <QTableWidget>
#include <QTest>
#include <QUrl>

using namespace Qt::StringLiterals;
using namespace ops;

namespace {

struct Console : test::OperatorConsole
{
    Console(test::ConsoleFixture &fx, const QString &name)
        : OperatorConsole(fx, name, u"1"_s)
    {
        QApplication::setActiveWindow(&window);
    }

    bool activate()
    {
        window.raise();
        QApplication::setActiveWindow(&window);
        return QTest::qWaitForWindowActive(&window);
    }

    // Selects `id` in Checking (Ctrl+2) and presses Ctrl+L; the look-up's dialog, or null.
    ui::LookupDialog *lookUp(const QString &id)
    {
        if (!activate())
            return nullptr;
        QTest::keyClick(&window, Qt::Key_2, Qt::ControlModifier);
        if (window.tabs()->currentIndex() != ui::MainWindow::CheckingTab ||
            !window.queue()->checkingView()->selectOperation(id))
            return nullptr;
        QTest::keyClick(&window, Qt::Key_L, Qt::ControlModifier);
        controller.waitForIdle();
        QTest::qWait(0);
        return window.findChild<ui::LookupDialog *>();
    }

    QString status() const { return window.statusBar()->currentMessage(); }

    // Help → Keyboard shortcuts (F1): "what = keys" per row.
    QStringList shortcutsListed()
    {
        QTest::keyClick(&window, Qt::Key_F1);
        auto *dialog = window.findChild<ui::ShortcutsDialog *>();
        if (!dialog)
            return {};
        QStringList rows;
        for (int r = 0; r < dialog->table()->rowCount(); ++r)
            rows << dialog->table()->item(r, 0)->text() + u" = "_s +
                        dialog->table()->item(r, 1)->text();
        dialog->close();
        return rows;
    }
};

bool anyContains(const QStringList &rows, const QString &text)
{
    return std::any_of(rows.begin(), rows.end(),
                       [&](const QString &row) { return row.contains(text); });
}

} // namespace

class TestSupportFinish : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();
    void init();
    void cleanup();
    void supportAsksASupervisorWhoApproves();
    void supportAsksOnceAndSeesARefusalTheSecondTime();
    void supportDefaultsToResendWhereItHelps();
    void supervisorKeepsTheClose();
    void viewOnlyMayNotAsk();
    void aWaitingRequestHoldsTheClose();
    void hintsNameOnlyAllowedKeys();
    void refusedKeySaysWhy();
    // Team mode (run with OPS_TEST_BACKEND=postgresql): the database lets a support login ask and
    // a supervisor login carry the close out.
    void teamModeSupportLoginAsksSupervisorLoginApproves();

private:
    // A stored 500 with nothing applied: unknown, no refund at the provider, no resend helps.
    QString stored500(const QString &charge)
    {
        return m_fx.unknownRefund(
            charge, 2900, {{"route", "POST /v1/refunds"}, {"mode", "stored_500"}, {"count", 1}});
    }

    test::ConsoleFixture m_fx;
    QStringList m_logins;
};

void TestSupportFinish::initTestCase()
{
    QVERIFY2(m_fx.startSim(), qPrintable(m_fx.sim().error()));
    const QString error = test::prepareRoles();
    QVERIFY2(error.isEmpty(), qPrintable(error));
}

void TestSupportFinish::cleanupTestCase()
{
    const QString error = test::dropRoles();
    QVERIFY2(error.isEmpty(), qPrintable(error));
}

void TestSupportFinish::init()
{
    m_fx.beginCase(); // alice, bob supervisors; carol support
}

void TestSupportFinish::cleanup()
{
    m_fx.sim().clearFaults();
    m_fx.endCase();
    for (const QString &login : std::exchange(m_logins, {}))
        test::TestDatabase::admin(u"DROP ROLE IF EXISTS %1"_s.arg(login));
}

void TestSupportFinish::supportAsksASupervisorWhoApproves()
{
    const QString id = stored500(u"ch_1002"_s);
    {
        Console carol(m_fx, u"carol"_s);
        ui::LookupDialog *lookup = carol.lookUp(id);
        QVERIFY2(lookup, qPrintable(carol.window.bannerText()));
        QVERIFY(lookup->answer().proposedOutcome == OperationState::Failed);
        // No close is offered to a person who may not close; asking is, by default.
        QVERIFY(!lookup->closeButton()->isVisible());
        QVERIFY(lookup->askButton()->isVisible());
        QVERIFY(lookup->askButton()->isEnabled());
        QVERIFY(lookup->askButton()->isDefault());
        QVERIFY(lookup->askButton()->text().remove(u'&').contains(u"ask a supervisor"_s));
        test::screenshots(&carol.window, u"lookup-support-ask"_s, lookup);
        const QString summary = lookup->findChild<QLabel *>(u"lookupSummary"_s)->text();
        QVERIFY2(summary.contains(u"Only a supervisor closes operations"_s), qPrintable(summary));

        QTest::keyClick(lookup, Qt::Key_Return);
        carol.controller.waitForIdle(); // attach, then ask: the console's jobs
        QVERIFY2(lookup->statusText().contains(u"approval #"_s), qPrintable(lookup->statusText()));
        QVERIFY(!lookup->askButton()->isEnabled()); // asked once
        QVERIFY2(carol.status().contains(u"a supervisor was asked"_s), qPrintable(carol.status()));
        QCOMPARE(int(m_fx.store().evidence(id).size()), 1);
        QVERIFY(m_fx.store().operation(id)->state == OperationState::Unknown); // not closed
    }
    const auto pending = listApprovals(connectionOf(m_fx.store()), ApprovalState::Pending);
    QCOMPARE(int(pending.size()), 1);
    const Approval asked = pending.front();
    QCOMPARE(asked.operationId, id);
    QVERIFY(asked.action == ApprovalAction::Close);
    QCOMPARE(asked.requestedBy, m_fx.person(u"carol"_s));
    QVERIFY(asked.requestedClose()->outcome == OperationState::Failed);
    QCOMPARE(asked.requestedClose()->evidenceIds,
             QList<qint64>{m_fx.store().evidence(id).front().id});

    // The supervisor sees it in the Approvals tab (Ctrl+4) and approves it (Alt+A).
    Console bob(m_fx, u"bob"_s);
    QVERIFY(bob.activate());
    QTest::keyClick(&bob.window, Qt::Key_4, Qt::ControlModifier);
    ui::ApprovalsPanel *panel = bob.window.decisions()->approvalsPanel();
    QVERIFY(panel);
    QCOMPARE(bob.window.tabs()->currentWidget(), panel);
    QCOMPARE(panel->count(), 1);
    QCOMPARE(panel->selectedId(), asked.id);
    QCOMPARE(bob.window.currentOperationId(), id);
    const QString request =
        panel->model()->index(0, ApprovalListModel::RequestColumn).data().toString();
    QVERIFY2(request.contains(u"close as failed"_s), qPrintable(request));
    QVERIFY(panel->approveButton()->isEnabled());
    QTest::keyClick(&bob.window, Qt::Key_A, Qt::AltModifier);
    QTRY_VERIFY(m_fx.store().operation(id)->state == OperationState::Failed);
    const Operation closed = *m_fx.store().operation(id);
    QCOMPARE(closed.closedBy,
             u"%1, approved by %2"_s.arg(m_fx.person(u"carol"_s), m_fx.person(u"bob"_s)));
    QVERIFY(findApproval(connectionOf(m_fx.store()), asked.id)->state == ApprovalState::Approved);
    QTRY_COMPARE(panel->count(), 0); // once the console has the writer's answer
}

void TestSupportFinish::supportAsksOnceAndSeesARefusalTheSecondTime()
{
    const QString id = stored500(u"ch_1002"_s);
    Console carol(m_fx, u"carol"_s);
    ui::LookupDialog *first = carol.lookUp(id);
    QVERIFY(first);
    QTest::keyClick(first, Qt::Key_Return);
    carol.controller.waitForIdle(); // attach, then ask: the console's jobs
    QVERIFY(first->statusText().contains(u"approval #"_s));
    QTest::keyClick(first, Qt::Key_Escape);
    QTRY_VERIFY(!carol.window.findChild<ui::LookupDialog *>());
    // A second look-up and ask: the request already waits; nothing new is stored.
    ui::LookupDialog *second = carol.lookUp(id);
    QVERIFY(second);
    QTest::keyClick(second, Qt::Key_Return);
    carol.controller.waitForIdle(); // attach, then ask: the console's jobs
    QVERIFY2(second->statusText().contains(u"Not asked"_s) &&
                 second->statusText().contains(u"already waiting"_s),
             qPrintable(second->statusText()));
    QCOMPARE(int(listApprovals(connectionOf(m_fx.store()), ApprovalState::Pending).size()), 1);
}

void TestSupportFinish::supportDefaultsToResendWhereItHelps()
{
    // Six 503s: nothing stored under the key and the window open, so a resend finishes the
    // refund (DESIGN §16), and support may resend: that is the default. Nobody is asked to close
    // it failed: that would end a refund the customer is owed.
    const QString id =
        m_fx.unknownRefund(u"ch_4417"_s, 3800, {{"route", "POST /v1/refunds"}, {"mode", "503"}}, 2);
    Console carol(m_fx, u"carol"_s);
    ui::LookupDialog *lookup = carol.lookUp(id);
    QVERIFY2(lookup, qPrintable(carol.window.bannerText()));
    QVERIFY(lookup->answer().resendHelps);
    QVERIFY(!lookup->closeButton()->isVisible());
    QVERIFY(lookup->resendButton()->isVisible());
    QVERIFY(lookup->resendButton()->isDefault());
    QVERIFY(!lookup->askButton()->isVisible());
    QVERIFY(!lookup->askButton()->isDefault());
    QVERIFY2(!lookup->summaryText().contains(u"Only a supervisor closes"_s),
             qPrintable(lookup->summaryText()));
    // Issue 50 item 6: why a resend finishes it, said where support decides.
    QVERIFY2(lookup->summaryText().contains(u"Nothing is stored under this operation's key"_s) &&
                 lookup->summaryText().contains(u"so a resend finishes this refund, once"_s),
             qPrintable(lookup->summaryText()));
    test::screenshots(&carol.window, u"lookup-support-resend"_s, lookup);
}

void TestSupportFinish::supervisorKeepsTheClose()
{
    const QString id = stored500(u"ch_1002"_s);
    Console alice(m_fx, u"alice"_s);
    ui::LookupDialog *lookup = alice.lookUp(id);
    QVERIFY(lookup);
    QVERIFY(lookup->closeButton()->isVisible());
    QVERIFY(lookup->closeButton()->isDefault());
    QVERIFY(!lookup->askButton()->isVisible());
}

void TestSupportFinish::viewOnlyMayNotAsk()
{
    // dave is in no directory: he may look, and the answer says why he cannot store it.
    const QString id = stored500(u"ch_1002"_s);
    Console dave(m_fx, u"dave"_s);
    ui::LookupDialog *lookup = dave.lookUp(id);
    if (test::onPostgres()) {
        // Team mode: a login in no group may not even read (docs/roles.md): no row to look up.
        QVERIFY(!lookup);
        QVERIFY2(dave.status().contains(u"Could not read the operations"_s),
                 qPrintable(dave.status()));
    } else {
        QVERIFY(lookup);
        QVERIFY(!lookup->closeButton()->isVisible());
        QVERIFY(lookup->askButton()->isVisible());
        QVERIFY(!lookup->askButton()->isEnabled());
        QVERIFY(!lookup->attachButton()->isEnabled());
        QVERIFY2(lookup->askButton()->toolTip().contains(u"may not attach evidence"_s),
                 qPrintable(lookup->askButton()->toolTip()));
    }
    // The store refuses the request too, and writes nothing.
    const qint64 evidence = test::reading(m_fx.db(), id);
    const ManualCloseResult r = askForClose(m_fx.as(u"dave"_s), {id,
                                                                 OperationState::Failed,
                                                                 {},
                                                                 {evidence},
                                                                 m_fx.person(u"dave"_s),
                                                                 u"no refund at the provider"_s});
    QVERIFY(r.refusal == ManualCloseRefusal::NotPermitted);
    QVERIFY(listApprovals(connectionOf(m_fx.store())).empty());
}

// Below the threshold too, a supervisor's direct close does not overtake support's request (it
// would leave the request waiting on a closed row); and only an unknown row is asked about.
void TestSupportFinish::aWaitingRequestHoldsTheClose()
{
    const QString id = stored500(u"ch_1002"_s);
    const qint64 evidence = test::reading(m_fx.db(), id);
    OperationStore &carol = m_fx.as(u"carol"_s);
    const ManualClose ask{id,         OperationState::Failed,  {},
                          {evidence}, m_fx.person(u"carol"_s), u"no refund at the provider"_s};
    const ManualCloseResult asked = askForClose(carol, ask);
    QVERIFY(asked.refusal == ManualCloseRefusal::AwaitingApproval);
    ManualClose direct = ask;
    direct.actor = m_fx.person(u"alice"_s);
    const ManualCloseResult close = m_fx.as(u"alice"_s).closeManually(direct);
    QVERIFY(close.refusal == ManualCloseRefusal::AlreadyAwaitingApproval);
    QCOMPARE(close.approvalId, asked.approvalId);
    QVERIFY(m_fx.store().operation(id)->state == OperationState::Unknown);

    NewOperation opened = test::refundOperation(u"op_open"_s, u"5100"_s);
    opened.agent = m_fx.db().agentOf(); // the agent opens it (on PostgreSQL its row names it)
    const Operation open = test::operationIn(m_fx.db().agent(), opened, OperationState::Open);
    Evidence note;
    note.operationId = open.id;
    note.kind = u"note"_s;
    note.title = u"customer call"_s;
    note.contentType = u"text/plain"_s;
    note.body = "asked about the refund";
    note.createdBy = m_fx.person(u"carol"_s);
    ManualClose early = ask;
    early.operationId = open.id;
    early.evidenceIds = {carol.addEvidence(note)};
    const ManualCloseResult refused = askForClose(carol, early);
    QVERIFY(refused.refusal == ManualCloseRefusal::NotPermitted);
    QVERIFY2(refused.message.contains(u"not unknown"_s), qPrintable(refused.message));
    QCOMPARE(listApprovals(connectionOf(m_fx.store())).size(), size_t(1));
}

void TestSupportFinish::hintsNameOnlyAllowedKeys()
{
    const QString id = stored500(u"ch_1002"_s);
    test::propose(m_fx.db(), id);
    {
        Console carol(m_fx, u"carol"_s);
        QVERIFY(carol.activate());
        QTest::keyClick(&carol.window, Qt::Key_P, Qt::ControlModifier | Qt::ShiftModifier);
        QCOMPARE(carol.window.bulk()->selectedIds(), QStringList{id});
        QVERIFY2(!carol.status().contains(u"Ctrl+Shift+Y"_s), qPrintable(carol.status()));
        QVERIFY2(carol.status().contains(u"Ctrl+Shift+R"_s), qPrintable(carol.status()));
        const QStringList listed = carol.shortcutsListed();
        QVERIFY(anyContains(listed, u"Ctrl+L"_s));
        QVERIFY(anyContains(listed, u"Ctrl+Shift+R"_s));
        for (const QString &denied :
             {u"Ctrl+Shift+Y"_s, u"Ctrl+Shift+F"_s, u"Ctrl+Shift+S"_s, u"Ctrl+Shift+A"_s})
            QVERIFY2(!anyContains(listed, denied), qPrintable(denied));
        QVERIFY(!anyContains(listed, u"audit window"_s)); // support cannot open it
    }
    Console alice(m_fx, u"alice"_s);
    QVERIFY(alice.activate());
    QTest::keyClick(&alice.window, Qt::Key_P, Qt::ControlModifier | Qt::ShiftModifier);
    QVERIFY2(alice.status().contains(u"Ctrl+Shift+Y"_s), qPrintable(alice.status()));
    const QStringList listed = alice.shortcutsListed();
    for (const QString &key :
         {u"Ctrl+Shift+Y"_s, u"Ctrl+Shift+F"_s, u"Ctrl+Shift+A"_s, u"audit window"_s})
        QVERIFY2(anyContains(listed, key), qPrintable(key));
}

void TestSupportFinish::refusedKeySaysWhy()
{
    const QString id = stored500(u"ch_1002"_s);
    test::propose(m_fx.db(), id);
    Console carol(m_fx, u"carol"_s);
    QVERIFY(carol.activate());
    QTest::keyClick(&carol.window, Qt::Key_2, Qt::ControlModifier);
    QVERIFY(carol.window.queue()->checkingView()->selectOperation(id));
    carol.window.statusBar()->clearMessage();
    QTest::keyClick(&carol.window, Qt::Key_F, Qt::ControlModifier | Qt::ShiftModifier);
    const QString you =
        u"needs the close right; you are %1 (support)"_s.arg(test::personName(u"carol"_s));
    QVERIFY2(carol.status().contains(you) && carol.status().contains(u"ask a supervisor"_s),
             qPrintable(carol.status()));
    QVERIFY(!carol.window.findChild<QDialog *>()); // nothing opened

    QTest::keyClick(&carol.window, Qt::Key_P, Qt::ControlModifier | Qt::ShiftModifier);
    carol.window.statusBar()->clearMessage();
    QTest::keyClick(&carol.window, Qt::Key_Y, Qt::ControlModifier | Qt::ShiftModifier);
    QVERIFY2(carol.status().startsWith(u"Apply proposals needs the close right"_s),
             qPrintable(carol.status()));

    carol.window.statusBar()->clearMessage();
    QTest::keyClick(&carol.window, Qt::Key_A, Qt::ControlModifier | Qt::ShiftModifier);
    QVERIFY2(carol.status().contains(u"needs the audit right"_s), qPrintable(carol.status()));

    // Not only rights: a supervisor's close key on a closed row says it is closed.
    Console alice(m_fx, u"alice"_s);
    const Operation op = *m_fx.store().operation(id);
    QCOMPARE(m_fx.as(u"alice"_s)
                 .closeManually({id,
                                 OperationState::Failed,
                                 {},
                                 {m_fx.store().evidence(id).front().id},
                                 m_fx.person(u"alice"_s),
                                 u"no refund at the provider"_s})
                 .refusal,
             ManualCloseRefusal::None);
    QVERIFY(alice.activate());
    alice.window.reloadAll();
    QTest::keyClick(&alice.window, Qt::Key_1, Qt::ControlModifier);
    QVERIFY(alice.window.queue()->operationsView()->selectOperation(op.id));
    QVERIFY(!alice.window.rows()->closeFailedAction()->isEnabled());
    alice.window.statusBar()->clearMessage();
    QTest::keyClick(&alice.window, Qt::Key_F, Qt::ControlModifier | Qt::ShiftModifier);
    QVERIFY2(alice.status().contains(u"is already closed"_s), qPrintable(alice.status()));
}

void TestSupportFinish::teamModeSupportLoginAsksSupervisorLoginApproves()
{
    if (!test::onPostgres())
        QSKIP("team mode needs PostgreSQL (OPS_TEST_BACKEND=postgresql)");
    const QString pid = QString::number(QCoreApplication::applicationPid());
    const QString ann = u"ann_sf_"_s + pid;
    const QString ben = u"ben_sf_"_s + pid;
    m_logins = {ann, ben}; // dropped in cleanup(), after the case's database
    for (const auto &[login, group] :
         {std::pair{ann, u"ops_support"_s}, std::pair{ben, u"ops_supervisor"_s}}) {
        test::TestDatabase::admin(u"DROP ROLE IF EXISTS %1"_s.arg(login));
        test::TestDatabase::admin(u"CREATE ROLE %1 LOGIN PASSWORD 'pw-%1'"_s.arg(login));
        test::TestDatabase::admin(u"GRANT %1 TO %2"_s.arg(group, login));
    }
    const auto urlAs = [this](const QString &login) {
        QUrl url(m_fx.db().path());
        url.setUserName(login);
        url.setPassword(u"pw-"_s + login);
        return url.toString();
    };
    const QString id = stored500(u"ch_1002"_s);
    {
        Session annSession(urlAs(ann), m_fx.clock());
        Session benSession(urlAs(ben), m_fx.clock());
        const QString annActor = u"operator:"_s + ann;
        Evidence e;
        e.operationId = id;
        e.kind = u"provider_object"_s;
        e.title = u"refund list"_s;
        e.contentType = u"application/json"_s;
        e.body = R"({"data":[]})";
        e.createdBy = annActor;
        const qint64 evidence = annSession.store().addEvidence(e);
        const ManualCloseResult asked = askForClose(
            annSession.store(),
            {id, OperationState::Failed, {}, {evidence}, annActor, u"no refund at the provider"_s});
        QVERIFY2(asked.refusal == ManualCloseRefusal::AwaitingApproval, qPrintable(asked.message));
        // Ann may not carry it out herself: the database refuses her close.
        QVERIFY(annSession.store()
                    .closeManually({id,
                                    OperationState::Failed,
                                    {},
                                    {evidence},
                                    annActor,
                                    u"no refund at the provider"_s})
                    .refusal == ManualCloseRefusal::NotPermitted);
        const Approval a = approveRequest(benSession.store(), asked.approvalId,
                                          u"operator:"_s + ben, u"checked"_s);
        QVERIFY(a.state == ApprovalState::Approved);
        QCOMPARE(m_fx.store().operation(id)->closedBy,
                 u"%1, approved by operator:%2"_s.arg(annActor, ben));
    }
}

QTEST_MAIN(TestSupportFinish)
#include "tst_supportfinish.moc"
