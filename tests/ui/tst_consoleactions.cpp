// The console's network actions against the real provider-sim: look up an unknown refund, attach
// the answer, close it; resend refused once the window passed; two consoles resending the same
// row at once send one request. QTest drives the real widgets offscreen.

#include "console/consolecontroller.h"
#include "dialogs/closedialog.h"
#include "dialogs/lookupdialog.h"
#include "dialogs/resendconfirmdialog.h"
#include "engine/refundengine.h"
#include "itemmodels/operationtablemodel.h"
#include "mainwindow/mainwindow.h"
#include "storage/resendlease.h"
#include "storage/session.h"
#include "support/consolefixture.h"
#include "widgets/detailpane.h"
#include "widgets/operationlistview.h"

#include <QAction>
#include <QApplication>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QRadioButton>
#include <QTabWidget>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace ops;

namespace {

// One console: its own session, window and controller over the fixture's database.
struct Console : test::OperatorConsole
{
    Console(test::ConsoleFixture &fx, const QString &name)
        : OperatorConsole(fx, name, u"operator:%1#%2"_s.arg(name, name),
                          {.operations = true, .checking = true})
    {}

    bool select(const QString &id)
    {
        window.tabs()->setCurrentIndex(ui::MainWindow::CheckingTab);
        window.reloadAll();
        return window.checkingView()->selectOperation(id);
    }
};

} // namespace

class TestConsoleActions : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void cleanup();
    void lookUpFindsRefundAndClosesSucceeded();
    void lookUpWithoutRefundProposesFailed();
    void lookUpErrorSaysWhatToDo();
    void resendRefusedOnceTheWindowPassed();
    void twoConsolesResendingAtOnceSendOneRequest();

private:
    test::ConsoleFixture m_fx;
};

void TestConsoleActions::initTestCase()
{
    QVERIFY2(m_fx.startSim(), qPrintable(m_fx.sim().error()));
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

    c.window.lookUpAction()->trigger();
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
    c.window.lookUpAction()->trigger();
    QTRY_VERIFY_WITH_TIMEOUT(c.window.findChild<ui::LookupDialog *>(), 10000);
    auto *lookup = c.window.findChild<ui::LookupDialog *>();
    QVERIFY(lookup->answer().proposedOutcome == OperationState::Failed);
    QTest::mouseClick(lookup->attachButton(), Qt::LeftButton); // attach only, in one click
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
    c.window.lookUpAction()->trigger();
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
    QVERIFY2(c.window.resendAction()->isEnabled(), qPrintable(c.window.resendBlockedReason()));
    m_fx.sim().advanceClock(24 * 3600);
    m_fx.clock().advanceSecs(24 * 3600);
    QTRY_VERIFY_WITH_TIMEOUT(!c.window.resendAction()->isEnabled(), 2500);
    QVERIFY(c.window.resendBlockedReason().contains(u"retention window closed"_s));
    c.window.resendAction()->trigger(); // the shortcut still fires: nothing may be sent
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
    alice.window.resendAction()->trigger();
    // Resend asks first (a test key asks by default): Alice answers yes.
    QVERIFY(alice.window.resendConfirmDialog());
    alice.window.resendConfirmDialog()->accept();
    QTest::qWait(300);
    // Bob's window read the row before Alice's lease existed (the race the lease is for): his
    // job goes straight to the claim.
    bob.controller.resend(id);
    alice.controller.waitForIdle();
    bob.controller.waitForIdle();
    QTRY_VERIFY(!alice.controller.isRunning() && !bob.controller.isRunning());

    const auto attempts = m_fx.store().attempts(id);
    qInfo() << "alice:" << alice.window.bannerText() << alice.window.statusText()
            << alice.window.resendBlockedReason();
    qInfo() << "bob:" << bob.window.bannerText() << bob.window.statusText();
    QCOMPARE(int(attempts.size()), 7); // six by the agent, one resend
    QCOMPARE(attempts.back().actor, u"operator:alice"_s);
    QVERIFY(m_fx.store().operation(id)->state == OperationState::Succeeded);
    QVERIFY2(bob.window.bannerText().contains(u"alice is resending"_s),
             qPrintable(bob.window.bannerText()));
    // The outcome stays in each console's detail pane, not only in the status bar.
    QVERIFY2(alice.window.detail()->outcomeLabel()->text().contains(u"closed as succeeded"_s),
             qPrintable(alice.window.detail()->outcomeLabel()->text()));
    QVERIFY2(bob.window.detail()->outcomeLabel()->text().contains(u"alice is resending"_s),
             qPrintable(bob.window.detail()->outcomeLabel()->text()));
    const auto ledger = m_fx.sim().ledger();
    QCOMPARE(ledger["movements"].size(), 1u);      // the money moved once
    QVERIFY(!activeResendLease(m_fx.store(), id)); // released
}

QTEST_MAIN(TestConsoleActions)
#include "tst_consoleactions.moc"
