// The console's network actions against the real provider-sim: look up an unknown refund, attach
// the answer, close it; resend refused once the window passed; two consoles resending the same
// row at once send one request. The small items of issue 31: File → Quit (Ctrl+Q) closes the
// window through its close event, the View menu switches to every tab with its key, and the
// Approvals tab's selection drives the detail pane. QTest drives the real widgets offscreen.
// Issue 50: every menu path README.md and docs/*.md name is a menu and an item of this window.
// Each actor in its role (consolefixture.h): on PostgreSQL (tst_consoleactions_pg) the agent's
// engine makes the unknown rows and each console logs in as its person.

#include "console/consolecontroller.h"
#include "dialogs/closedialog.h"
#include "dialogs/lookupdialog.h"
#include "dialogs/resendconfirmdialog.h"
#include "dialogs/shortcutsdialog.h"
#include "engine/refundengine.h"
#include "itemmodels/approvallistmodel.h"
#include "itemmodels/operationtablemodel.h"
#include "mainwindow/decisionspresenter.h"
#include "mainwindow/detailpresenter.h"
#include "mainwindow/eventspresenter.h"
#include "mainwindow/mainwindow.h"
#include "mainwindow/navigationactions.h"
#include "mainwindow/queuepresenter.h"
#include "mainwindow/rowactions.h"
#include "storage/access/approvals.h"
#include "storage/operations/resendlease.h"
#include "storage/session.h"
#include "supervisor/approvalspanel.h"
#include "support/consolefixture.h"
#include "support/testpaths.h"
#include "widgets/attentionpanel.h"
#include "widgets/detailpane.h"
#include "widgets/operationlistview.h"

#include <QAction>
#include <QApplication>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QLabel>
#include <QLineEdit>
#include <QMap>
#include <QMenu>
#include <QMenuBar>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QRadioButton>
#include <QRegularExpression>
#include <QTabWidget>
#include <QTableView>
#include <QTableWidget>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace ops;

namespace {

// One console: its own session, window and controller over the fixture's database.
struct Console : test::OperatorConsole
{
    Console(test::ConsoleFixture &fx, const QString &name)
        : OperatorConsole(fx, name, name, {.operations = true, .checking = true})
    {}

    // The window active, so its shortcuts take the keys QTest sends.
    bool activate()
    {
        QApplication::setActiveWindow(&window);
        return QTest::qWaitForWindowActive(&window);
    }

    bool select(const QString &id)
    {
        window.tabs()->setCurrentIndex(ui::MainWindow::CheckingTab);
        window.reloadAll();
        return window.queue()->checkingView()->selectOperation(id);
    }
};

// Stands for whoever asks before the window closes: refuses close events while `refuse`.
struct CloseWatcher : QObject
{
    bool refuse = true;
    int closeEvents = 0;
    bool eventFilter(QObject *watched, QEvent *event) override
    {
        if (event->type() != QEvent::Close)
            return QObject::eventFilter(watched, event);
        ++closeEvents;
        if (refuse)
            event->ignore();
        return refuse;
    }
};

// An unknown refund whose close as failed, asked for by bob, waits for a second person (the
// threshold is 10.00 USD). The approval's id.
qint64 closeAwaitingApproval(test::ConsoleFixture &fx, const QString &id)
{
    OperationStore &bob = fx.as(u"bob"_s);
    const QString actor = fx.person(u"bob"_s);
    const qint64 evidence = bob.addEvidence({0,
                                             id,
                                             u"note"_s,
                                             u"provider dashboard"_s,
                                             u"text/plain"_s,
                                             "no refund listed",
                                             {},
                                             {},
                                             actor});
    const ManualCloseResult r = bob.closeManually(
        {id, OperationState::Failed, {}, {evidence}, actor, u"no refund listed"_s});
    return r.refusal == ManualCloseRefusal::AwaitingApproval ? r.approvalId : 0;
}

// A menu or item title as a reader sees it: "&Audit and charts…" -> "Audit and charts".
QString plainTitle(QString text)
{
    text.replace(u"&&"_s, u"\x01"_s).remove(u'&').replace(u'\x01', u'&');
    text.remove(u'…');
    if (text.endsWith(u"..."_s))
        text.chop(3);
    return text.trimmed();
}

// README.md and docs/*.md, each as one line (a menu path may wrap), by file name.
QMap<QString, QString> documentation()
{
    QStringList files{test::sourceDir() + u"/README.md"_s};
    QDirIterator docs(test::sourceDir() + u"/docs"_s, {u"*.md"_s}, QDir::Files);
    while (docs.hasNext())
        files << docs.next();
    QMap<QString, QString> texts;
    for (const QString &path : files) {
        QFile f(path);
        if (f.open(QIODevice::ReadOnly))
            texts.insert(QFileInfo(path).fileName(),
                         QString::fromUtf8(f.readAll()).replace(u'\n', u' '));
    }
    return texts;
}

} // namespace

class TestConsoleActions : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();
    void init();
    void cleanup();
    void lookUpFindsRefundAndClosesSucceeded();
    void lookUpWithoutRefundProposesFailed();
    void lookUpErrorSaysWhatToDo();
    void resendRefusedOnceTheWindowPassed();
    void twoConsolesResendingAtOnceSendOneRequest();
    void ctrlQClosesTheWindowAsItsCloseButtonDoes();
    void documentedMenuPathsExist();
    void viewMenuSwitchesToEveryTabWithItsKey();
    void supportHasNoApprovalsKey();
    void approvalsSelectionDrivesTheDetailPane();

private:
    test::ConsoleFixture m_fx;
};

void TestConsoleActions::initTestCase()
{
    QVERIFY2(m_fx.startSim(), qPrintable(m_fx.sim().error()));
    const QString error = test::prepareRoles();
    QVERIFY2(error.isEmpty(), qPrintable(error));
}

void TestConsoleActions::cleanupTestCase()
{
    const QString error = test::dropRoles();
    QVERIFY2(error.isEmpty(), qPrintable(error));
}

void TestConsoleActions::init()
{
    m_fx.beginCase();
}

void TestConsoleActions::cleanup()
{
    m_fx.endCase();
}

void TestConsoleActions::lookUpFindsRefundAndClosesSucceeded()
{
    // The provider applied the refund, then stored a 500: nobody knows, the row is unknown.
    const QString id = m_fx.unknownRefund(
        u"ch_1001"_s, 5000,
        {{"route", "POST /v1/refunds"}, {"mode", "stored_500"}, {"count", 1}, {"apply", true}});
    QVERIFY(m_fx.store().operation(id)->state == OperationState::Unknown);
    Console c(m_fx, u"alice"_s);
    QCOMPARE(c.window.tabs()->tabText(ui::MainWindow::CheckingTab), u"Checking (1)"_s);
    QVERIFY(c.select(id));

    c.window.rows()->lookUpAction()->trigger();
    QVERIFY(c.controller.isRunning() || c.window.findChild<ui::LookupDialog *>());
    QTRY_VERIFY_WITH_TIMEOUT(c.window.findChild<ui::LookupDialog *>(), 10000);
    auto *lookup = c.window.findChild<ui::LookupDialog *>();
    QVERIFY(lookup->answer().proposedOutcome == OperationState::Succeeded);
    QVERIFY(lookup->answer().providerRef.startsWith(u"re_"_s));
    QVERIFY2(lookup->answer().summary.contains(u"50.00 USD refunded"_s),
             qPrintable(lookup->answer().summary));
    const QString ref = lookup->answer().providerRef;

    QTest::mouseClick(lookup->closeButton(), Qt::LeftButton); // attach + propose the close
    QTRY_VERIFY(c.window.findChild<ui::CloseDialog *>());
    auto *close = c.window.findChild<ui::CloseDialog *>();
    QCOMPARE(close->providerRefEdit()->text(), ref);
    QVERIFY(close->succeededButton()->isChecked());
    QVERIFY(!close->reasonEdit()->toPlainText().isEmpty());
    QTest::mouseClick(close->closeButton(), Qt::LeftButton);
    QTRY_VERIFY(!c.window.findChild<ui::CloseDialog *>());

    const auto op = m_fx.store().operation(id);
    QVERIFY(op->state == OperationState::Succeeded);
    QCOMPARE(op->providerRef, ref);
    const auto evidence = m_fx.store().evidence(id);
    QCOMPARE(int(evidence.size()), 1);
    QVERIFY(evidence.front().body.contains(ref.toUtf8()));
    QCOMPARE(c.window.tabs()->tabText(ui::MainWindow::CheckingTab), u"Checking (0)"_s);
}

void TestConsoleActions::lookUpWithoutRefundProposesFailed()
{
    // A stored 500 with nothing applied: the provider shows no refund for this operation.
    const QString id = m_fx.unknownRefund(
        u"ch_1002"_s, 2900, {{"route", "POST /v1/refunds"}, {"mode", "stored_500"}, {"count", 1}});
    Console c(m_fx, u"alice"_s);
    QVERIFY(c.select(id));
    c.window.rows()->lookUpAction()->trigger();
    QTRY_VERIFY_WITH_TIMEOUT(c.window.findChild<ui::LookupDialog *>(), 10000);
    auto *lookup = c.window.findChild<ui::LookupDialog *>();
    QVERIFY(lookup->answer().proposedOutcome == OperationState::Failed);
    QTest::mouseClick(lookup->attachButton(), Qt::LeftButton); // attach only, in one click
    QVERIFY(!lookup->attachButton()->isEnabled());             // off while it is stored
    c.controller.waitForIdle();                                // the write is the console's job
    QVERIFY(!lookup->attachButton()->isEnabled());
    QCOMPARE(int(m_fx.store().evidence(id).size()), 1);
    QTest::mouseClick(lookup->closeButton(), Qt::LeftButton); // no second copy of the evidence
    QTRY_VERIFY(c.window.findChild<ui::CloseDialog *>());
    auto *close = c.window.findChild<ui::CloseDialog *>();
    QVERIFY(close->failedButton()->isChecked());
    QTest::mouseClick(close->closeButton(), Qt::LeftButton);
    QTRY_VERIFY(m_fx.store().operation(id)->state == OperationState::Failed);
    QCOMPARE(int(m_fx.store().evidence(id).size()), 1); // attached once, used by the close
}

void TestConsoleActions::lookUpErrorSaysWhatToDo()
{
    const QString id = m_fx.unknownRefund(
        u"ch_1002"_s, 2900, {{"route", "POST /v1/refunds"}, {"mode", "stored_500"}, {"count", 1}});
    Console c(m_fx, u"alice"_s);
    QVERIFY(c.select(id));
    m_fx.sim().addFault({{"route", "GET /v1/charges/*"}, {"mode", "503"}});
    c.window.rows()->lookUpAction()->trigger();
    QTRY_VERIFY_WITH_TIMEOUT(!c.controller.isRunning() && !c.window.bannerText().isEmpty(), 10000);
    QVERIFY2(c.window.bannerText().contains(u"What to do next"_s),
             qPrintable(c.window.bannerText()));
    QVERIFY(c.window.bannerText().contains(u"HTTP 503"_s));
    m_fx.sim().clearFaults();
}

void TestConsoleActions::resendRefusedOnceTheWindowPassed()
{
    const QString id =
        m_fx.unknownRefund(u"ch_4417"_s, 3800, {{"route", "POST /v1/refunds"}, {"mode", "503"}}, 2);
    QVERIFY(m_fx.store().operation(id)->state == OperationState::Unknown);
    Console c(m_fx, u"alice"_s);
    QVERIFY(c.select(id));
    QVERIFY2(c.window.rows()->resendAction()->isEnabled(),
             qPrintable(c.window.rows()->resendBlockedReason()));
    m_fx.sim().advanceClock(24 * 3600);
    m_fx.clock().advanceSecs(24 * 3600);
    QTRY_VERIFY_WITH_TIMEOUT(!c.window.rows()->resendAction()->isEnabled(), 10000);
    QVERIFY(c.window.rows()->resendBlockedReason().contains(u"retention window closed"_s));
    c.window.rows()->resendAction()->trigger(); // the shortcut still fires: nothing may be sent
    QVERIFY(!c.controller.isRunning());
    QCOMPARE(int(m_fx.store().attempts(id).size()), 6);
}

void TestConsoleActions::twoConsolesResendingAtOnceSendOneRequest()
{
    const QString id =
        m_fx.unknownRefund(u"ch_4417"_s, 3800, {{"route", "POST /v1/refunds"}, {"mode", "503"}}, 2);
    QCOMPARE(int(m_fx.store().attempts(id).size()), 6);
    Console alice(m_fx, u"alice"_s);
    Console bob(m_fx, u"bob"_s);
    QVERIFY(alice.select(id));
    QVERIFY(bob.select(id));
    // The provider takes its time: both consoles press Resend while the first is in flight.
    m_fx.sim().addFault({{"route", "POST /v1/refunds"}, {"mode", "latency"}, {"delay_ms", 1500}});
    alice.window.rows()->resendAction()->trigger();
    // Resend asks first (a test key asks by default): Alice answers yes.
    QVERIFY(alice.window.rows()->resendConfirmDialog());
    alice.window.rows()->resendConfirmDialog()->accept();
    QTest::qWait(300);
    // Bob's window read the row before Alice's lease existed (the race the lease is for): his
    // job goes straight to the claim.
    bob.controller.resend(id);
    alice.controller.waitForIdle();
    bob.controller.waitForIdle();
    QTRY_VERIFY(!alice.controller.isRunning() && !bob.controller.isRunning());

    const auto attempts = m_fx.store().attempts(id);
    qInfo() << "alice:" << alice.window.bannerText() << alice.window.statusText()
            << alice.window.rows()->resendBlockedReason();
    qInfo() << "bob:" << bob.window.bannerText() << bob.window.statusText();
    QCOMPARE(int(attempts.size()), 7); // six by the agent, one resend
    QCOMPARE(attempts.back().actor, m_fx.person(u"alice"_s));
    QVERIFY(m_fx.store().operation(id)->state == OperationState::Succeeded);
    const QString aliceResends = test::personName(u"alice"_s) + u" is resending"_s;
    QVERIFY2(bob.window.bannerText().contains(aliceResends), qPrintable(bob.window.bannerText()));
    // The outcome stays in each console's detail pane, not only in the status bar.
    QVERIFY2(alice.window.detailArea()->pane()->outcomeLabel()->text().contains(
                 u"closed as succeeded"_s),
             qPrintable(alice.window.detailArea()->pane()->outcomeLabel()->text()));
    QVERIFY2(bob.window.detailArea()->pane()->outcomeLabel()->text().contains(aliceResends),
             qPrintable(bob.window.detailArea()->pane()->outcomeLabel()->text()));
    const auto ledger = m_fx.sim().ledger();
    QCOMPARE(ledger["movements"].size(), 1u);      // the money moved once
    QVERIFY(!activeResendLease(m_fx.store(), id)); // released
}

void TestConsoleActions::ctrlQClosesTheWindowAsItsCloseButtonDoes()
{
    Console c(m_fx, u"alice"_s);
    QVERIFY(c.activate());
    // File is the first menu, and Quit is in it with Ctrl+Q.
    const QList<QAction *> menus = c.window.menuBar()->actions();
    QVERIFY(!menus.isEmpty() && menus.first()->menu());
    QCOMPARE(menus.first()->text(), u"&File"_s);
    QVERIFY(menus.first()->menu()->actions().contains(c.window.navigation()->quitAction()));
    QVERIFY(c.window.navigation()->quitAction()->shortcuts().contains(QKeySequence(u"Ctrl+Q"_s)));
    // Whoever asks before closing still asks: Ctrl+Q sends the close event a refusal keeps open.
    CloseWatcher watcher;
    c.window.installEventFilter(&watcher);
    QTest::keyClick(&c.window, Qt::Key_Q, Qt::ControlModifier);
    QCOMPARE(watcher.closeEvents, 1);
    QVERIFY(c.window.isVisible());
    watcher.refuse = false;
    QTest::keyClick(&c.window, Qt::Key_Q, Qt::ControlModifier);
    QCOMPARE(watcher.closeEvents, 2);
    QTRY_VERIFY(!c.window.isVisible());
}

void TestConsoleActions::viewMenuSwitchesToEveryTabWithItsKey()
{
    // A supervisor: Operations, Checking, Attention, Mine, Approvals.
    Console c(m_fx, u"alice"_s);
    QVERIFY(c.activate());
    QTabWidget *tabs = c.window.tabs();
    QCOMPARE(tabs->count(), 5);
    // In the tabs' order: Mine came last and took Ctrl+5, the older tabs kept their keys.
    const QList<std::pair<QKeySequence, QWidget *>> expected = {
        {QKeySequence(u"Ctrl+1"_s), c.window.queue()->operationsView()},
        {QKeySequence(u"Ctrl+2"_s), c.window.queue()->checkingView()},
        {QKeySequence(u"Ctrl+3"_s), c.window.events()->panel()},
        {QKeySequence(u"Ctrl+5"_s), c.window.queue()->mineView()},
        {QKeySequence(u"Ctrl+4"_s), c.window.decisions()->approvalsPanel()}};
    auto *view = c.window.menuBar()->findChild<QMenu *>(u"viewMenu"_s);
    QVERIFY(view);
    QList<QAction *> listed; // the menu's items that switch tabs, with their keys
    for (QAction *a : view->actions())
        if (a->isVisible() && a != c.window.navigation()->quitAction() &&
            std::any_of(expected.begin(), expected.end(),
                        [a](const auto &e) { return a->shortcut() == e.first; }))
            listed << a;
    QCOMPARE(listed.size(), tabs->count()); // every tab, each once
    // Backwards from the last tab, so every key moves the selection.
    tabs->setCurrentIndex(tabs->count() - 1);
    for (auto it = expected.rbegin(); it != expected.rend(); ++it) {
        const auto &[key, page] = *it;
        QVERIFY(page);
        QVERIFY(tabs->indexOf(page) >= 0);
        const QKeyCombination combination = key[0];
        QTest::keyClick(&c.window, combination.key(), combination.keyboardModifiers());
        QVERIFY2(tabs->currentWidget() == page, qPrintable(key.toString()));
        // The menu's item for this tab shows the key and names the tab.
        const auto item = std::find_if(listed.begin(), listed.end(),
                                       [&](QAction *a) { return a->shortcut() == key; });
        QVERIFY(item != listed.end());
        const QString tabText = tabs->tabText(tabs->indexOf(page)).section(u" ("_s, 0, 0);
        QVERIFY2(QString((*item)->text()).remove(u'&').contains(tabText.left(5)),
                 qPrintable((*item)->text() + u" / "_s + tabText));
    }
    // Help → Keyboard shortcuts reads the same actions: Approvals is there with Ctrl+4.
    ui::ShortcutsDialog *help = c.window.navigation()->openShortcutsDialog();
    QVERIFY(help);
    QStringList rows;
    for (int r = 0; r < help->table()->rowCount(); ++r)
        rows << help->table()->item(r, 0)->text() + u" = "_s + help->table()->item(r, 1)->text();
    for (const QString &row :
         {u"Approvals = Ctrl+4"_s, u"Attention queue = Ctrl+3"_s, u"Mine = Ctrl+5"_s})
        QVERIFY2(rows.contains(row), qPrintable(rows.join(u"; "_s)));
    help->close();
}

void TestConsoleActions::supportHasNoApprovalsKey()
{
    Console c(m_fx, u"carol"_s); // support: no Approvals tab, so no item or key for it
    QVERIFY(c.activate());
    QVERIFY(!c.window.decisions()->approvalsPanel());
    QCOMPARE(c.window.tabs()->count(), 4); // Operations, Checking, Attention, Mine
    QAction *approvals = c.window.navigation()->tabAction(ui::MainWindow::ApprovalsTab);
    QVERIFY(approvals && !approvals->isVisible());
    QTest::keyClick(&c.window, Qt::Key_3, Qt::ControlModifier);
    QCOMPARE(c.window.tabs()->currentWidget(), c.window.events()->panel());
    QTest::keyClick(&c.window, Qt::Key_4, Qt::ControlModifier);
    QCOMPARE(c.window.tabs()->currentWidget(), c.window.events()->panel());
}

void TestConsoleActions::approvalsSelectionDrivesTheDetailPane()
{
    // Two closes waiting for approval, on two operations, and a third row selected elsewhere.
    const QString first = m_fx.unknownRefund(
        u"ch_1001"_s, 5000, {{"route", "POST /v1/refunds"}, {"mode", "stored_500"}, {"count", 1}});
    const QString second = m_fx.unknownRefund(
        u"ch_1002"_s, 2900, {{"route", "POST /v1/refunds"}, {"mode", "stored_500"}, {"count", 1}});
    const QString other =
        m_fx.unknownRefund(u"ch_4417"_s, 3800, {{"route", "POST /v1/refunds"}, {"mode", "503"}});
    QVERIFY(first != second && second != other);
    setApprovalThreshold(connectionOf(m_fx.as(u"alice"_s)), 0, m_fx.person(u"alice"_s), u"usd"_s,
                         1000);
    QVERIFY(closeAwaitingApproval(m_fx, first) > 0);
    QVERIFY(closeAwaitingApproval(m_fx, second) > 0);

    Console c(m_fx, u"alice"_s);
    QVERIFY(c.activate());
    // The Operations list's row, which the pane showed on the Approvals tab before the fix.
    QTest::keyClick(&c.window, Qt::Key_1, Qt::ControlModifier);
    QVERIFY(c.window.queue()->operationsView()->selectOperation(other));
    QCOMPARE(c.window.detailArea()->pane()->operationId(), other);
    ui::ApprovalsPanel *panel = c.window.decisions()->approvalsPanel();
    QVERIFY(panel);
    QCOMPARE(panel->count(), 2);
    QTest::keyClick(&c.window, Qt::Key_4, Qt::ControlModifier);
    QCOMPARE(c.window.tabs()->currentWidget(), panel);
    panel->table()->setFocus();
    // Row by row with the arrows: the pane shows the selected request's operation.
    for (const auto &[key, row] : {std::pair{Qt::Key_Home, 0}, std::pair{Qt::Key_Down, 1},
                                   std::pair{Qt::Key_Up, 0}, std::pair{Qt::Key_Down, 1}}) {
        QTest::keyClick(panel->table(), key);
        QCOMPARE(panel->table()->currentIndex().row(), row);
        const QString expected = panel->model()->approvalAt(row)->operationId;
        QCOMPARE(panel->selectedOperationId(), expected);
        QCOMPARE(c.window.currentOperationId(), expected);
        QCOMPARE(c.window.detailArea()->pane()->operationId(), expected);
    }
    QVERIFY(panel->model()->approvalAt(0)->operationId !=
            panel->model()->approvalAt(1)->operationId);
    // Back on Checking, the pane follows that list again.
    QTest::keyClick(&c.window, Qt::Key_2, Qt::ControlModifier);
    QCOMPARE(c.window.detailArea()->pane()->operationId(),
             c.window.queue()->checkingView()->currentOperationId());
}

// A menu path in the documentation is "Title → Item", the title one capitalised word. Checked:
// every path whose title is a menu of the window, and every path written in emphasis (*…* or
// **…**, the documents' way of naming a control) whatever its title, so "*Edit → Preferences*"
// fails as well as "*View → Audit and charts*". The item must be in that menu (its text without
// "&" and "…"); the documented item may go on ("Connections file"), and a third step (a tab of
// the window the item opens) is not checked.
void TestConsoleActions::documentedMenuPathsExist()
{
    Console c(m_fx, u"alice"_s); // a supervisor: every menu item is there
    QMap<QString, QStringList> menus;
    for (QAction *menu : c.window.menuBar()->actions()) {
        if (!menu->menu())
            continue;
        QStringList items;
        for (QAction *a : menu->menu()->actions())
            if (!a->isSeparator())
                items << plainTitle(a->text());
        menus.insert(plainTitle(menu->text()), items);
    }
    QVERIFY2(menus.contains(u"Supervisor"_s) && menus.contains(u"Tools"_s),
             qPrintable(QStringList(menus.keys()).join(u", "_s)));
    static const QRegularExpression path(
        u"(\\*{0,2})\\b([A-Z][A-Za-z]*) → ([^*`|()\\[\\],;:→]+)"_s);
    const QMap<QString, QString> docs = documentation();
    QVERIFY(docs.size() > 10);
    int checked = 0;
    for (auto doc = docs.cbegin(); doc != docs.cend(); ++doc) {
        for (auto it = path.globalMatch(doc.value()); it.hasNext();) {
            const auto m = it.next();
            const QString title = m.captured(2);
            if (m.captured(1).isEmpty() && !menus.contains(title))
                continue; // prose ("Transactions → the payment's"), not a console menu
            const QString where = u"%1: \"%2\""_s.arg(doc.key(), m.captured(0).trimmed());
            QVERIFY2(menus.contains(title),
                     qPrintable(u"%1 names a menu %2; the console's menus are %3"_s.arg(
                         where, title, QStringList(menus.keys()).join(u", "_s))));
            const QString item = m.captured(3).trimmed().remove(u'…');
            const bool found =
                std::any_of(menus[title].begin(), menus[title].end(), [&](const QString &i) {
                    return item.startsWith(i) &&
                           (item.size() == i.size() || !item.at(i.size()).isLetterOrNumber());
                });
            QVERIFY2(found, qPrintable(u"%1: the %2 menu has no item \"%3\"; it has %4"_s.arg(
                                where, title, item, menus[title].join(u", "_s))));
            ++checked;
        }
    }
    QVERIFY(checked > 10);
}

QTEST_MAIN(TestConsoleActions)
#include "tst_consoleactions.moc"
