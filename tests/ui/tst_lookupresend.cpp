// Issue 18 item 6: the look-up offers what helps the customer. Against the real provider-sim:
// a refund row the provider shows no refund for gets Resend beside "close as failed" while its
// window is open (through the same confirm dialog, lease and engine as Ctrl+R), none past the
// window, and a refusal with the reason (nothing sent) when the window closes while the answer
// is shown; after a close as failed the console offers the next step (message the customer with
// the "failed" template; the new refund that replaces the failed one). Screenshots at 1440×900 and
// 1024×700 in <test binary dir>/screenshots.

#include "console/consolecontroller.h"
#include "dialogs/closedialog.h"
#include "dialogs/composedialog.h"
#include "dialogs/lookupdialog.h"
#include "dialogs/nextstepdialog.h"
#include "dialogs/resendconfirmdialog.h"
#include "domain/messagetemplates.h"
#include "engine/refundengine.h"
#include "mainwindow/detailpresenter.h"
#include "mainwindow/mainwindow.h"
#include "mainwindow/queuepresenter.h"
#include "mainwindow/rowactions.h"
#include "storage/session.h"
#include "support/consolefixture.h"
#include "support/screenshots.h"
#include "widgets/detailpane.h"
#include "widgets/operationlistview.h"

#include <QApplication>
#include <QClipboard>
#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QRadioButton>
#include <QTabWidget>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace ops;

namespace {

struct Console : test::OperatorConsole
{
    explicit Console(test::ConsoleFixture &fx)
        : OperatorConsole(fx, u"alice"_s, u"1"_s)
    {}

    // Selects the row in the checking queue and looks it up; the dialog, or null.
    ui::LookupDialog *lookUp(const QString &id)
    {
        window.tabs()->setCurrentIndex(ui::MainWindow::CheckingTab);
        window.reloadAll();
        if (!window.queue()->checkingView()->selectOperation(id))
            return nullptr;
        window.rows()->lookUpAction()->trigger();
        controller.waitForIdle();
        QTest::qWait(0);
        return window.findChild<ui::LookupDialog *>();
    }
};

} // namespace

class TestLookupResend : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void cleanup();
    void noRefundInsideTheWindowOffersResend();
    void noResendAfterAStored500();
    void noResendPastTheWindow();
    void resendRefusedWhenTheWindowClosedMeanwhile();
    void closeAsFailedOffersTheNextStep();
    void newRefundCommandQuotesAndNamesTheRefund();

private:
    // A refund whose first attempt got a stored 500 with nothing applied: unknown, and the
    // provider shows no refund for it.
    QString unknownRefundWithoutMoney(const QString &charge, qint64 amount);
    // A refund that used up its six attempts on 503s: unknown, no refund at the provider, and
    // nothing stored under the key, so a resend with it makes the refund once.
    QString unknownRefundAfterTimeouts(const QString &charge, qint64 amount);

    test::ConsoleFixture m_fx;
};

void TestLookupResend::initTestCase()
{
    QVERIFY2(m_fx.startSim(), qPrintable(m_fx.sim().error()));
}

void TestLookupResend::init()
{
    m_fx.beginCase();
}

void TestLookupResend::cleanup()
{
    m_fx.sim().clearFaults();
    m_fx.endCase();
}

QString TestLookupResend::unknownRefundWithoutMoney(const QString &charge, qint64 amount)
{
    return m_fx.unknownRefund(
        charge, amount, {{"route", "POST /v1/refunds"}, {"mode", "stored_500"}, {"count", 1}});
}

QString TestLookupResend::unknownRefundAfterTimeouts(const QString &charge, qint64 amount)
{
    return m_fx.unknownRefund(charge, amount, {{"route", "POST /v1/refunds"}, {"mode", "503"}}, 2);
}

void TestLookupResend::noRefundInsideTheWindowOffersResend()
{
    const QString id = unknownRefundAfterTimeouts(u"ch_4417"_s, 3800);
    QVERIFY(m_fx.store().operation(id)->state == OperationState::Unknown);
    Console c(m_fx);
    auto *lookup = c.lookUp(id);
    QVERIFY2(lookup, qPrintable(c.window.bannerText()));
    QVERIFY(lookup->answer().resendHelps);
    QVERIFY(lookup->answer().proposedOutcome == OperationState::Failed);
    QVERIFY(lookup->closeButton()->isVisible()); // close as failed stays on offer
    QVERIFY(lookup->resendButton()->isVisible());
    QVERIFY(lookup->resendButton()->isEnabled());
    test::screenshots(&c.window, u"lookup-resend-offered"_s, lookup);

    QTest::mouseClick(lookup->resendButton(), Qt::LeftButton);
    // The same question as Ctrl+R: amount, key, window left; nothing sent before the answer.
    auto *confirm = c.window.rows()->resendConfirmDialog();
    QVERIFY(confirm);
    QCOMPARE(confirm->operationId(), id);
    QCOMPARE(confirm->keyField()->text(), m_fx.store().operation(id)->idempotencyKey);
    QCOMPARE(int(m_fx.store().attempts(id).size()), 6);
    QTRY_VERIFY(!c.window.findChild<ui::LookupDialog *>());
    confirm->accept();
    c.controller.waitForIdle();
    QTRY_VERIFY(m_fx.store().operation(id)->state == OperationState::Succeeded);
    const auto attempts = m_fx.store().attempts(id);
    QCOMPARE(int(attempts.size()), 7); // six by the agent, one resend past the cap
    QCOMPARE(attempts.back().actor, u"operator:alice"_s);
    QVERIFY(attempts.back().byOperator);
    const Operation op = *m_fx.store().operation(id);
    QCOMPARE(op.attempts, 6);
    QCOMPARE(op.operatorAttempts, 1);
    QCOMPARE(m_fx.sim().ledger()["movements"].size(), 1u); // the customer's money, once
    QVERIFY2(c.window.detailArea()->pane()->outcomeLabel()->text().contains(u"succeeded"_s),
             qPrintable(c.window.detailArea()->pane()->outcomeLabel()->text()));
}

void TestLookupResend::noResendAfterAStored500()
{
    // DESIGN §16: Stripe replays a stored 500 to every resend under the key, so the look-up
    // offers no resend and names the step that finishes the refund instead.
    const QString id = unknownRefundWithoutMoney(u"ch_1002"_s, 2900);
    Console c(m_fx);
    auto *lookup = c.lookUp(id);
    QVERIFY2(lookup, qPrintable(c.window.bannerText()));
    QVERIFY(!lookup->answer().resendHelps);
    QVERIFY(lookup->answer().proposedOutcome == OperationState::Failed);
    QVERIFY(!lookup->resendButton()->isVisible());
    QVERIFY(lookup->closeButton()->isVisible());
    const QString summary = lookup->findChild<QLabel *>(u"lookupSummary"_s)->text();
    QVERIFY2(summary.contains(u"replays it to every resend"_s) &&
                 summary.contains(u"start a new refund"_s),
             qPrintable(summary));
}

void TestLookupResend::noResendPastTheWindow()
{
    const QString id = unknownRefundAfterTimeouts(u"ch_1002"_s, 2900);
    m_fx.clock().advanceSecs(24 * 3600);
    m_fx.sim().advanceClock(24 * 3600);
    Console c(m_fx);
    auto *lookup = c.lookUp(id);
    QVERIFY2(lookup, qPrintable(c.window.bannerText()));
    QVERIFY(lookup->answer().resendHelps);
    QVERIFY(!lookup->resendButton()->isVisible());
    QVERIFY(lookup->closeButton()->isVisible());
    const QString summary = lookup->findChild<QLabel *>(u"lookupSummary"_s)->text();
    QVERIFY2(summary.contains(u"retention window has closed"_s), qPrintable(summary));
    test::screenshots(&c.window, u"lookup-past-window"_s, lookup);
}

void TestLookupResend::resendRefusedWhenTheWindowClosedMeanwhile()
{
    const QString id = unknownRefundAfterTimeouts(u"ch_1002"_s, 2900);
    Console c(m_fx);
    auto *lookup = c.lookUp(id);
    QVERIFY2(lookup, qPrintable(c.window.bannerText()));
    QVERIFY(lookup->resendButton()->isEnabled());
    // The operator reads the answer for a day: the window closes under the open dialog.
    m_fx.clock().advanceSecs(24 * 3600);
    m_fx.sim().advanceClock(24 * 3600);
    QTest::mouseClick(lookup->resendButton(), Qt::LeftButton);
    QVERIFY(!c.window.rows()->resendConfirmDialog());
    QVERIFY(!c.controller.isRunning());
    QVERIFY2(lookup->statusText().contains(u"retention window closed"_s),
             qPrintable(lookup->statusText()));
    QVERIFY(!lookup->resendButton()->isEnabled());
    QVERIFY2(c.window.detailArea()->pane()->outcomeLabel()->text().contains(u"Not resent"_s),
             qPrintable(c.window.detailArea()->pane()->outcomeLabel()->text()));
    QCOMPARE(int(m_fx.store().attempts(id).size()), 6); // nothing more sent
    QCOMPARE(m_fx.sim().ledger()["movements"].size(), 0u);
}

void TestLookupResend::closeAsFailedOffersTheNextStep()
{
    const QString id = unknownRefundWithoutMoney(u"ch_1002"_s, 2900);
    Console c(m_fx);
    auto *lookup = c.lookUp(id);
    QVERIFY2(lookup, qPrintable(c.window.bannerText()));
    QTest::mouseClick(lookup->closeButton(), Qt::LeftButton);
    QTRY_VERIFY(c.window.findChild<ui::CloseDialog *>());
    auto *close = c.window.findChild<ui::CloseDialog *>();
    QVERIFY(close->failedButton()->isChecked());
    QTest::mouseClick(close->closeButton(), Qt::LeftButton);
    QTRY_VERIFY(m_fx.store().operation(id)->state == OperationState::Failed);

    QTRY_VERIFY(c.window.rows()->nextStepDialog());
    auto *next = c.window.rows()->nextStepDialog();
    QCOMPARE(next->operationId(), id);
    QVERIFY(next->copyCommandButton());
    QCOMPARE(next->commandField()->text(),
             u"opsctl refund --order order-ch_1002 --charge ch_1002 --amount 2900 --currency usd "
             "--replaces "_s +
                 id);
    test::screenshots(&c.window, u"lookup-next-step"_s, next);
    QTest::mouseClick(next->copyCommandButton(), Qt::LeftButton);
    QCOMPARE(QApplication::clipboard()->text(), next->commandField()->text());
    QVERIFY(next->statusText().contains(u"Copied"_s));

    QTest::mouseClick(next->messageButton(), Qt::LeftButton);
    QTRY_VERIFY(c.window.findChild<ui::ComposeDialog *>());
    auto *compose = c.window.findChild<ui::ComposeDialog *>();
    QCOMPARE(compose->templateBox()->currentData().toInt(), int(MessageTemplate::Failed));
    test::screenshots(&c.window, u"lookup-next-step-message"_s, compose);
}

void TestLookupResend::newRefundCommandQuotesAndNamesTheRefund()
{
    Operation op;
    op.id = u"op_1"_s;
    op.kind = OperationKind::Refund;
    op.orderId = u"order 7 'b'"_s;
    op.chargeId = u"ch_9"_s;
    op.amount = {1250, u"eur"_s};
    op.reference = u"line-2"_s;
    op.request.body = "amount=1250&charge=ch_9&reason=duplicate";
    QCOMPARE(ui::newRefundCommand(op),
             u"opsctl refund --order 'order 7 '\\''b'\\''' --charge ch_9 --amount 1250 "
             "--currency eur --reference line-2 --reason duplicate --replaces op_1"_s);
    // A row with no charge id: its request's metadata names the payment intent.
    op.chargeId.clear();
    op.reference.clear();
    op.request.body =
        "amount=1250&metadata%5Bpayment_intent%5D=pi_9&metadata%5Boperation_id%5D=op_1";
    QCOMPARE(ui::newRefundCommand(op),
             u"opsctl refund --order 'order 7 '\\''b'\\''' --payment-intent pi_9 --amount 1250 "
             "--currency eur --replaces op_1"_s);
    op.kind = OperationKind::CreditTopup;
    QVERIFY(ui::newRefundCommand(op).isEmpty());
}

QTEST_MAIN(TestLookupResend)
#include "tst_lookupresend.moc"
