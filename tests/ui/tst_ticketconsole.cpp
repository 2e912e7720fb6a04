// A row's helpdesk ticket in the console (issue 51, DESIGN §17), offscreen with real widgets, a
// real provider-sim speaking Zendesk and the console's own controller and writer: Link to
// ticket… (Ctrl+Shift+K) stores the ticket through the writer, the detail pane shows it and the
// list's search finds the row by it; a ticket that is not one is refused with the reason and
// nothing stored; Message customer… then offers that ticket, and Ctrl+M, Enter sends the status
// message to it: one reply on the Zendesk ticket, in two keys. Each actor in its role: on
// PostgreSQL the agent opens the row and carol's window and jobs are on her login.

#include "console/bulkworker.h"
#include "console/consolecontroller.h"
#include "console/sessionreads.h"
#include "dialogs/closedialog.h"
#include "dialogs/composedialog.h"
#include "mainwindow/detailpresenter.h"
#include "mainwindow/mainwindow.h"
#include "mainwindow/rowactions.h"
#include "storage/messages/messagestore.h"
#include "storage/session.h"
#include "support/messagefixture.h"
#include "support/proposalfixture.h"
#include "support/rolesfixture.h"
#include "support/screenshots.h"
#include "support/shortcuts.h"
#include "support/simprocess.h"
#include "support/testpaths.h"
#include "widgets/detailpane.h"

#include <QAction>
#include <QInputDialog>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSettings>
#include <QTest>

using namespace ops;
using ops::ui::ComposeDialog;
using ops::ui::MainWindow;

namespace {

void saveShot(QWidget *w, const QString &name)
{
    const QString path = test::screenshotDir() + u'/' + name;
    QVERIFY(w->grab().save(path));
    qInfo("screenshot: %s", qPrintable(path));
}

// The ticket dialog Link to ticket… opened, with `ticket` typed and OK pressed.
void linkThroughTheDialog(MainWindow &window, console::ConsoleController &controller,
                          const QString &ticket)
{
    window.rows()->linkTicketAction()->trigger();
    auto *dialog = window.findChild<QInputDialog *>(u"ticketDialog"_s);
    QVERIFY(dialog);
    QVERIFY(dialog->isVisible());
    dialog->setTextValue(ticket);
    dialog->accept();
    controller.waitForIdle();
    QTest::qWait(0); // the writer's answer is delivered on the UI thread
}

} // namespace

class TestTicketConsole : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase() { QVERIFY(test::prepareRoles().isEmpty()); }
    void cleanupTestCase() { QVERIFY(test::dropRoles().isEmpty()); }
    void init() { QSettings().clear(); }
    void linkedTicketReceivesTheMessageInTwoKeys();
    void aCloseByHandNotesTheDecisionOnTheTicket();
    void aBulkAppliedProposalNotesTheDecisionToo();
};

void TestTicketConsole::linkedTicketReceivesTheMessageInTwoKeys()
{
    test::SimProcess sim(ops::test::providerSimPath());
    QVERIFY2(sim.start(), qPrintable(sim.error()));
    test::RolesFixture f;
    NewOperation n = test::refundOperation(u"op_t1"_s, u"5501"_s);
    n.agent = f.agentOf();
    const Operation op = test::operationIn(f.agent(), n, OperationState::Unknown);
    Session session(f.location(u"carol"_s), f.clock());
    MainWindow window(console::readsOf(session), f.person(u"carol"_s),
                      f.person(u"carol"_s) + u"#1"_s);
    console::JobConfig config;
    config.dbLocation = f.location(u"carol"_s);
    config.helpdesk.vendor = HelpdeskVendor::Zendesk;
    config.helpdesk.baseUrl = sim.baseUrl();
    config.helpdesk.user = u"agent@example.com"_s;
    config.helpdesk.secret = u"zd_test_token"_s;
    config.helpdesk.timeout = std::chrono::milliseconds(2000);
    console::ConsoleController controller(window, config, f.clock());
    window.resize(1280, 800);
    window.show();
    QVERIFY(window.selectOperation(op.id));
    QCOMPARE(window.rows()->linkTicketAction()->shortcut(), QKeySequence(u"Ctrl+Shift+K"_s));
    QVERIFY(window.rows()->linkTicketAction()->isEnabled());

    // Not a ticket: refused with the reason, nothing stored.
    linkThroughTheDialog(window, controller, u"48 213"_s);
    QVERIFY2(window.bannerText().contains(u"Not linked"_s) &&
                 window.bannerText().contains(u"only letters, digits"_s),
             qPrintable(window.bannerText()));
    QCOMPARE(session.store().operation(op.id)->ticket, QString());

    linkThroughTheDialog(window, controller, u"1001"_s);
    QCOMPARE(session.store().operation(op.id)->ticket, u"1001"_s);
    QVERIFY2(window.statusText().contains(u"linked to ticket 1001"_s),
             qPrintable(window.statusText()));
    QCOMPARE(window.bannerText(), QString()); // the earlier refusal no longer stands
    QVERIFY(QTest::qWaitFor([&] {
        return window.detailArea()->pane()->factsLabel()->text().contains(u"ticket 1001"_s);
    }));

    // Ctrl+M, Enter: the status message goes to the linked ticket at Zendesk.
    test::pressInWindow(window, Qt::Key_M, Qt::ControlModifier);
    auto *compose = window.findChild<ComposeDialog *>();
    QVERIFY(compose);
    QCOMPARE(compose->findChild<QLineEdit *>(u"conversation"_s)->text(), u"1001"_s);
    saveShot(compose, u"compose-zendesk-ticket.png"_s);
    QVERIFY(compose->sendButton()->isDefault());
    QTest::keyClick(compose, Qt::Key_Return); // Send is the default button
    controller.waitForIdle();
    QVERIFY2(QTest::qWaitFor([&] {
                 return window.statusText().contains(u"Message sent to conversation 1001"_s);
             }),
             qPrintable(window.statusText() + u" | "_s + window.bannerText()));
    const nlohmann::json ledger = sim.admin("GET", u"/_sim/helpdesk"_s);
    QCOMPARE(ledger["tickets"].size(), 1u);
    QCOMPARE(ledger["tickets"][0]["vendor"].get<std::string>(), "zendesk");
    QCOMPARE(ledger["tickets"][0]["id"].get<std::string>(), "1001");
    QCOMPARE(ledger["tickets"][0]["posts"].size(), 1u);
    QVERIFY(ledger["tickets"][0]["posts"][0]["public"].get<bool>());
    saveShot(&window, u"console-ticket-linked.png"_s);
}

void TestTicketConsole::aCloseByHandNotesTheDecisionOnTheTicket()
{
    test::SimProcess sim(ops::test::providerSimPath());
    QVERIFY2(sim.start(), qPrintable(sim.error()));
    test::RolesFixture f;
    const QString alice = f.person(u"alice"_s);
    NewOperation n = test::refundOperation(u"op_t2"_s, u"5502"_s);
    n.agent = f.agentOf();
    n.ticket = u"1002"_s;
    const Operation op = test::operationIn(f.agent(), n, OperationState::Unknown);
    MessageStore(connectionOf(f.as(u"alice"_s)), f.clock()).setDecisionNotes(alice, true);
    Evidence e;
    e.operationId = op.id;
    e.kind = u"provider_object"_s;
    e.title = u"refund re_3Q9x"_s;
    e.contentType = u"application/json"_s;
    e.body = R"({"id":"re_3Q9x","status":"succeeded"})";
    e.createdBy = alice;
    const qint64 evidence = f.as(u"alice"_s).addEvidence(e);
    Session session(f.location(u"alice"_s), f.clock());
    MainWindow window(console::readsOf(session), alice, alice + u"#1"_s);
    console::JobConfig config;
    config.dbLocation = f.location(u"alice"_s);
    config.helpdesk.vendor = HelpdeskVendor::Freshdesk;
    config.helpdesk.baseUrl = sim.baseUrl();
    config.helpdesk.secret = u"fd_test_key"_s;
    console::ConsoleController controller(window, config, f.clock());
    window.show();
    QVERIFY(window.selectOperation(op.id));

    ui::CloseDialog *dialog = window.rows()->openCloseDialog(OperationState::Succeeded);
    QVERIFY(dialog);
    dialog->setProviderRef(u"re_3Q9x"_s);
    dialog->setReason(u"the bank statement shows it"_s);
    dialog->checkEvidence(evidence);
    QTest::mouseClick(dialog->closeButton(), Qt::LeftButton);
    QVERIFY(QTest::qWaitFor([&] { return !dialog->isVisible(); }));
    controller.waitForIdle();
    QVERIFY2(
        QTest::qWaitFor([&] { return window.statusText().contains(u"noted on its ticket"_s); }),
        qPrintable(window.statusText() + u" | "_s + window.bannerText()));
    const nlohmann::json ledger = sim.admin("GET", u"/_sim/helpdesk"_s);
    QCOMPARE(ledger["tickets"].size(), 1u);
    QCOMPARE(ledger["tickets"][0]["id"].get<std::string>(), "1002");
    QVERIFY(ledger["tickets"][0]["posts"][0]["internal"].get<bool>());
    QVERIFY(QString::fromStdString(ledger["tickets"][0]["posts"][0]["body"].get<std::string>())
                .contains(u"the bank statement shows it"_s));
}

void TestTicketConsole::aBulkAppliedProposalNotesTheDecisionToo()
{
    test::SimProcess sim(ops::test::providerSimPath());
    QVERIFY2(sim.start(), qPrintable(sim.error()));
    test::RolesFixture f;
    const QString alice = f.person(u"alice"_s);
    const QString id = test::unknownRefund(f, u"op_t3"_s);
    QCOMPARE(f.as(u"alice"_s).linkTicket(id, u"1003"_s, alice), QString());
    MessageStore(connectionOf(f.as(u"alice"_s)), f.clock()).setDecisionNotes(alice, true);
    const Proposal p = test::propose(f, id);
    console::JobConfig config;
    config.dbLocation = f.location(u"alice"_s);
    config.helpdesk.vendor = HelpdeskVendor::Gorgias;
    config.helpdesk.baseUrl = sim.baseUrl();
    config.helpdesk.user = u"agent@example.com"_s;
    config.helpdesk.secret = u"gg_test_key"_s;
    console::BulkWorker worker(config, f.clock(), alice, alice + u"#1"_s);
    console::BulkItem item;
    item.operationId = id;
    item.proposalId = p.id;
    item.versionMs = f.store().operation(id)->updatedAt.toMSecsSinceEpoch();
    item.closesAs = OperationState::Failed;
    worker.start({item});
    worker.wait();
    QCOMPARE(toString(f.store().operation(id)->state), toString(OperationState::Failed));
    const nlohmann::json ledger = sim.admin("GET", u"/_sim/helpdesk"_s);
    QCOMPARE(ledger["tickets"].size(), 1u);
    QCOMPARE(ledger["tickets"][0]["id"].get<std::string>(), "1003");
    QVERIFY(ledger["tickets"][0]["posts"][0]["internal"].get<bool>());
}

QTEST_MAIN(TestTicketConsole)
#include "tst_ticketconsole.moc"
