// The main window's truthful states (issue 18), driven through real widgets offscreen: a refund
// the provider still reports pending gets its own badge and detail line, Resend asks first
// (amount, key, window left; always with a live key) and reports its outcome in the detail pane,
// and empty lists say why ("Nothing to check", no match with a button that clears the filter).
// Screenshots at 1440×900 and 1024×700 go to the build's tests/ui/screenshots/.

#include "adyen/adyennotification.h"
#include "console/sessionreads.h"
#include "dialogs/resendconfirmdialog.h"
#include "itemmodels/operationtablemodel.h"
#include "mainwindow/detailpresenter.h"
#include "mainwindow/mainwindow.h"
#include "mainwindow/queuepresenter.h"
#include "mainwindow/rowactions.h"
#include "storage/reconcile/reconcilestore.h"
#include "storage/session.h"
#include "support/adyendelivery.h"
#include "support/messagefixture.h"
#include "support/screenshots.h"
#include "support/storefixture.h"
#include "widgets/detailpane.h"
#include "widgets/operationdelegate.h"
#include "widgets/operationlistview.h"

#include <QAbstractItemModelTester>
#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QDir>
#include <QLabel>
#include <QLineEdit>
#include <QPainter>
#include <QPushButton>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTableView>
#include <QTest>
#include <algorithm>

using namespace Qt::StringLiterals;
using namespace ops;
using ops::test::screenshots;
using ops::ui::MainWindow;
using ops::ui::OperationListView;
using ops::ui::ResendConfirmDialog;

namespace {

const QString kPendingId = u"op_pending"_s;
const QString kUnknownId = u"op_unknown"_s;

// An unknown refund inside its window: one attempt answered with a stored 500.
void addUnknownRefund(OperationStore &store)
{
    NewOperation op = test::refundOperation(kUnknownId, u"ord_u"_s);
    op.idempotencyKey = u"6f1c2a4e-7b7d-4c1e-9a55-0d2b8e4f7a10"_s;
    test::unknownAfterStored500(store, op);
}

} // namespace

class TestMainWindowStates : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void cleanup();
    void pendingRefundHasItsOwnBadge();
    void receivedAdyenRefundSaysPending();
    void settledAdyenRefundWithClosesOffWaitsInChecking();
    void emptyQueueSaysNothingToCheck();
    void searchWithoutMatchOffersToClearIt();
    void filterWithoutMatchOffersToClearIt();
    void resendAsksFirstWithAmountKeyAndWindow();
    void resendQuestionCancelledSendsNothing();
    void resendAsksAlwaysWithALiveKey_data();
    void resendAsksAlwaysWithALiveKey();
    void resendOutcomeShowsInTheDetailPane();

private:
    void startWindow();
    bool select(const QString &id);

    std::unique_ptr<test::StoreFixture> m_fx;
    std::unique_ptr<Session> m_session;
    std::unique_ptr<MainWindow> m_window;
    std::unique_ptr<QAbstractItemModelTester> m_tester;
};

void TestMainWindowStates::init()
{
    ui::storeConfirmResendWithTestKey(true); // the default
    m_fx = std::make_unique<test::StoreFixture>();
    test::operationIn(m_fx->store(), test::refundOperation(kPendingId, u"ord_p"_s),
                      OperationState::Succeeded, u"pending"_s);
}

void TestMainWindowStates::startWindow()
{
    m_session = std::make_unique<Session>(m_fx->path(), m_fx->clock());
    m_window = std::make_unique<MainWindow>(console::readsOf(*m_session), u"operator:alice"_s,
                                            u"operator:alice#one"_s);
    m_tester = std::make_unique<QAbstractItemModelTester>(
        m_window->queue()->operationsModel(),
        QAbstractItemModelTester::FailureReportingMode::QtTest);
    m_window->resize(1440, 900);
    m_window->show();
    QApplication::setActiveWindow(m_window.get());
    QVERIFY(QTest::qWaitForWindowActive(m_window.get()));
}

void TestMainWindowStates::cleanup()
{
    m_tester.reset();
    m_window.reset();
    m_session.reset();
    m_fx.reset();
}

bool TestMainWindowStates::select(const QString &id)
{
    m_window->tabs()->setCurrentIndex(MainWindow::OperationsTab);
    return m_window->selectOperation(id) && m_window->currentOperationId() == id;
}

void TestMainWindowStates::pendingRefundHasItsOwnBadge()
{
    test::operationIn(m_fx->store(), test::refundOperation(u"op_settled"_s, u"ord_s"_s),
                      OperationState::Succeeded);
    startWindow();
    OperationTableModel *model = m_window->queue()->operationsModel();
    const QModelIndex pending =
        model->index(model->rowOf(kPendingId), OperationTableModel::StateColumn);
    const QModelIndex settled =
        model->index(model->rowOf(u"op_settled"_s), OperationTableModel::StateColumn);
    QCOMPARE(pending.data(OperationTableModel::StateRole).toString(), u"succeeded"_s);
    QCOMPARE(pending.data(OperationTableModel::BadgeRole).toString(), u"pending"_s);
    QCOMPARE(pending.data().toString(), u"accepted · pending"_s);
    QVERIFY(pending.data(Qt::ToolTipRole).toString().contains(u"not arrived"_s));
    QCOMPARE(settled.data(OperationTableModel::BadgeRole).toString(), u"succeeded"_s);
    QCOMPARE(settled.data().toString(), u"succeeded"_s);
    // Not the green of a settled refund.
    QVERIFY(ui::OperationDelegate::badgeColors(u"pending"_s) !=
            ui::OperationDelegate::badgeColors(u"succeeded"_s));

    QVERIFY(select(kPendingId));
    const QList<QLabel *> labels = m_window->detailArea()->pane()->findChildren<QLabel *>();
    const bool saysOnItsWay = std::any_of(labels.begin(), labels.end(), [](QLabel *l) {
        return l->text().contains(u"the money is on its way, not arrived"_s);
    });
    QVERIFY(saysOnItsWay);
    const bool badgeInTitle = std::any_of(labels.begin(), labels.end(), [](QLabel *l) {
        return l->text().contains(u"ACCEPTED · PENDING"_s);
    });
    QVERIFY(badgeInTitle);
    screenshots(m_window.get(), u"pending-badge"_s);
}

// Issue 30: an Adyen refund Adyen received is open until its notification; the list says
// "received · pending", never a plain "open" a person might resend.
void TestMainWindowStates::receivedAdyenRefundSaysPending()
{
    NewOperation adyen = test::refundOperation(u"op_adyen"_s, u"ord_a"_s);
    adyen.provider = Provider::Adyen;
    adyen.project = u"NorthwindECOM"_s;
    adyen.chargeId = u"DZ4DPSHB4WD2WN82"_s;
    m_fx->store().openOrGet(adyen);
    m_fx->store().recordProviderObject(u"op_adyen"_s, u"RFND000000000001"_s, u"received"_s,
                                       u"system:engine"_s);
    startWindow();
    OperationTableModel *model = m_window->queue()->operationsModel();
    const QModelIndex state =
        model->index(model->rowOf(u"op_adyen"_s), OperationTableModel::StateColumn);
    QCOMPARE(state.data(OperationTableModel::StateRole).toString(), u"open"_s);
    QCOMPARE(state.data(OperationTableModel::BadgeRole).toString(), u"pending"_s);
    QCOMPARE(state.data().toString(), u"received · pending"_s);
    QVERIFY(state.data(Qt::ToolTipRole).toString().contains(u"not done"_s));
    QVERIFY(select(u"op_adyen"_s));
    const QList<QLabel *> labels = m_window->detailArea()->pane()->findChildren<QLabel *>();
    QVERIFY(std::any_of(labels.begin(), labels.end(), [](QLabel *l) {
        return l->text().contains(u"will confirm it by notification"_s);
    }));
    screenshots(m_window.get(), u"adyen-received"_s);
}

// Issue 50 item 5: with automatic closes off, Adyen's signed REFUND success=true is a proposal,
// and the row it settles waits in Checking with it: unknown, saying why, and no longer promising
// a notification that has come.
void TestMainWindowStates::settledAdyenRefundWithClosesOffWaitsInChecking()
{
    NewOperation adyen = test::refundOperation(u"op_adyen"_s, u"ord_a"_s);
    adyen.provider = Provider::Adyen;
    adyen.project = u"NorthwindECOM"_s;
    adyen.chargeId = u"DZ4DPSHB4WD2WN82"_s;
    adyen.amount = {1200, u"eur"_s};
    m_fx->store().openOrGet(adyen);
    m_fx->store().recordProviderObject(u"op_adyen"_s, u"RFND000000000001"_s, u"received"_s,
                                       u"system:engine"_s);
    m_fx->session().reconcile().setAutoClose(u"operator:alice"_s, false);
    const QByteArray key(64, 'a');
    const AdyenItem item = test::demoRefundItem(u"RFND000000000001"_s, u"op_adyen"_s, 1200);
    QCOMPARE(test::deliverAdyen(m_fx->session(), {signedAdyenBatch({item}, key, false)},
                                {{key}, {u"NorthwindECOM"_s}, false})
                 .stored,
             qint64(1));
    startWindow();
    QAbstractItemModelTester checkingTester(m_window->queue()->checkingModel(),
                                            QAbstractItemModelTester::FailureReportingMode::QtTest);
    m_window->tabs()->setCurrentIndex(MainWindow::CheckingTab);
    m_window->reloadAll();
    QVERIFY(m_window->queue()->checkingModel()->rowOf(u"op_adyen"_s) >= 0);
    QVERIFY(m_window->queue()->checkingView()->selectOperation(u"op_adyen"_s));
    const QList<QLabel *> labels = m_window->detailArea()->pane()->findChildren<QLabel *>();
    QVERIFY(std::none_of(labels.begin(), labels.end(), [](QLabel *l) {
        return l->text().contains(u"will confirm it by notification"_s);
    }));
    QVERIFY(std::any_of(labels.begin(), labels.end(), [](QLabel *l) {
        return l->text().contains(u"provider settled it; automatic closes are off"_s);
    }));
    screenshots(m_window.get(), u"adyen-settled-closes-off"_s);
}

void TestMainWindowStates::emptyQueueSaysNothingToCheck()
{
    startWindow();
    m_window->tabs()->setCurrentIndex(MainWindow::CheckingTab);
    OperationListView *view = m_window->queue()->checkingView();
    QCOMPARE(view->model()->rowCount(), 0);
    QVERIFY(view->emptyState()->isVisible());
    QCOMPARE(view->emptyTitle()->text(), u"Nothing to check"_s);
    QVERIFY(!view->clearFilterButton()->isVisible());
    QCOMPARE(view->emptyState()->geometry(), view->table()->viewport()->rect());
    // The Operations tab is not empty: no empty state over its rows.
    QVERIFY(!m_window->queue()->operationsView()->emptyState()->isVisibleTo(
        m_window->queue()->operationsView()));
    screenshots(m_window.get(), u"empty-checking-queue"_s);

    // A row turning unknown fills the queue, and the empty state goes.
    addUnknownRefund(m_fx->store());
    m_window->reloadAll();
    QCOMPARE(view->model()->rowCount(), 1);
    QVERIFY(!view->emptyState()->isVisible());
}

void TestMainWindowStates::searchWithoutMatchOffersToClearIt()
{
    addUnknownRefund(m_fx->store());
    startWindow();
    m_window->tabs()->setCurrentIndex(MainWindow::OperationsTab);
    OperationListView *view = m_window->queue()->operationsView();
    QCOMPARE(view->model()->rowCount(), 2);
    QVERIFY(!view->emptyState()->isVisible());
    QTest::keyClicks(view->searchBox(), u"zz-no-such-order"_s);
    view->applyFilter();
    QCOMPARE(view->model()->rowCount(), 0);
    QVERIFY(view->emptyState()->isVisible());
    QCOMPARE(view->emptyTitle()->text(), u"No operation matches \u201czz-no-such-order\u201d"_s);
    QVERIFY(view->clearFilterButton()->isVisible());
    screenshots(m_window.get(), u"search-no-match"_s);

    QTest::mouseClick(view->clearFilterButton(), Qt::LeftButton);
    QVERIFY(view->searchBox()->text().isEmpty());
    QCOMPARE(view->model()->rowCount(), 2);
    QVERIFY(!view->emptyState()->isVisible());
    QVERIFY(view->searchBox()->hasFocus());
}

void TestMainWindowStates::filterWithoutMatchOffersToClearIt()
{
    addUnknownRefund(m_fx->store());
    startWindow();
    m_window->tabs()->setCurrentIndex(MainWindow::CheckingTab);
    OperationListView *view = m_window->queue()->checkingView();
    QCOMPARE(view->model()->rowCount(), 1);
    view->kindFilter()->setCurrentIndex(view->kindFilter()->findData(u"execution"_s));
    QCOMPARE(view->model()->rowCount(), 0);
    QVERIFY(view->emptyState()->isVisible());
    QCOMPARE(view->emptyTitle()->text(), u"No operation matches these filters"_s);
    QVERIFY(view->clearFilterButton()->isVisible());
    view->clearFilterButton()->click();
    QCOMPARE(view->kindFilter()->currentIndex(), 0);
    QCOMPARE(view->model()->rowCount(), 1);
    QVERIFY(!view->emptyState()->isVisible());
}

void TestMainWindowStates::resendAsksFirstWithAmountKeyAndWindow()
{
    addUnknownRefund(m_fx->store());
    startWindow();
    QSignalSpy requested(&m_window->requests(), &ui::ConsoleRequests::resendRequested);
    QVERIFY(select(kUnknownId));
    QVERIFY2(m_window->rows()->resendAction()->isEnabled(),
             qPrintable(m_window->rows()->resendBlockedReason()));
    m_window->rows()->resendAction()->trigger();
    ResendConfirmDialog *ask = m_window->rows()->resendConfirmDialog();
    QVERIFY(ask);
    QVERIFY(ask->isVisible());
    QCOMPARE(requested.count(), 0); // nothing sent before the answer
    QCOMPARE(ask->operationId(), kUnknownId);
    QCOMPARE(ask->keyField()->text(), u"6f1c2a4e-7b7d-4c1e-9a55-0d2b8e4f7a10"_s);
    QCOMPARE(ask->findChild<QLabel *>(u"resendAmount"_s)->text(), u"38.00 USD"_s);
    const QString window = ask->findChild<QLabel *>(u"resendWindow"_s)->text();
    QVERIFY2(window.startsWith(u"23h 45m"_s) && window.contains(u"until"_s), qPrintable(window));
    QVERIFY(ask->summary()->text().contains(u"Test key"_s));
    // Enter on a stray key press does not resend: Cancel is the default button.
    QVERIFY(!ask->resendButton()->isDefault());
    screenshots(m_window.get(), u"resend-confirm"_s, ask);

    QTest::mouseClick(ask->resendButton(), Qt::LeftButton);
    QCOMPARE(requested.count(), 1);
    QCOMPARE(requested.first().first().toString(), kUnknownId);
}

void TestMainWindowStates::resendQuestionCancelledSendsNothing()
{
    addUnknownRefund(m_fx->store());
    startWindow();
    QSignalSpy requested(&m_window->requests(), &ui::ConsoleRequests::resendRequested);
    QVERIFY(select(kUnknownId));
    m_window->rows()->resendAction()->trigger();
    QVERIFY(m_window->rows()->resendConfirmDialog());
    QTest::keyClick(m_window->rows()->resendConfirmDialog(), Qt::Key_Escape);
    QTRY_VERIFY(!m_window->rows()->resendConfirmDialog());
    QCOMPARE(requested.count(), 0);

    // The window closes while the question is open: answering yes sends nothing either.
    m_window->rows()->resendAction()->trigger();
    QVERIFY(m_window->rows()->resendConfirmDialog());
    m_fx->clock().advanceSecs(24 * 3600);
    m_window->rows()->resendConfirmDialog()->accept();
    QCOMPARE(requested.count(), 0);
    QVERIFY2(m_window->detailArea()->pane()->outcomeLabel()->text().contains(u"Not resent"_s),
             qPrintable(m_window->detailArea()->pane()->outcomeLabel()->text()));
}

void TestMainWindowStates::resendAsksAlwaysWithALiveKey_data()
{
    QTest::addColumn<bool>("live");
    QTest::addColumn<bool>("askWithTestKey");
    QTest::addColumn<bool>("asks");
    QTest::newRow("test key, default: asks") << false << true << true;
    QTest::newRow("test key, turned off: sends at once") << false << false << false;
    QTest::newRow("live key, turned off: still asks") << true << false << true;
    QTest::newRow("live key: asks") << true << true << true;
}

void TestMainWindowStates::resendAsksAlwaysWithALiveKey()
{
    QFETCH(bool, live);
    QFETCH(bool, askWithTestKey);
    QFETCH(bool, asks);
    ui::storeConfirmResendWithTestKey(askWithTestKey);
    addUnknownRefund(m_fx->store());
    startWindow();
    m_window->setLiveKeys(live, false, false);
    QSignalSpy requested(&m_window->requests(), &ui::ConsoleRequests::resendRequested);
    QVERIFY(select(kUnknownId));
    m_window->rows()->resendAction()->trigger();
    QCOMPARE(m_window->rows()->resendConfirmDialog() != nullptr, asks);
    QCOMPARE(requested.count(), asks ? 0 : 1);
    if (asks && live)
        QVERIFY(m_window->rows()->resendConfirmDialog()->summary()->text().contains(u"LIVE key"_s));
    QVERIFY(ui::isLiveApiKey(u"sk_live_51Habc"_s) && ui::isLiveApiKey(u"rk_live_x"_s));
    QVERIFY(!ui::isLiveApiKey(u"sk_test_demo"_s) && !ui::isLiveApiKey(u"xsk_live_"_s));
}

void TestMainWindowStates::resendOutcomeShowsInTheDetailPane()
{
    addUnknownRefund(m_fx->store());
    startWindow();
    QVERIFY(select(kUnknownId));
    QLabel *outcome = m_window->detailArea()->pane()->outcomeLabel();
    QVERIFY(!outcome->isVisible());
    m_window->showResendOutcome(kUnknownId, true,
                                u"Resend: the provider confirmed the refund (re_9)."_s);
    QVERIFY(outcome->isVisible());
    QVERIFY(outcome->text().contains(u"re_9"_s));
    QCOMPARE(m_window->statusText(), outcome->text());
    screenshots(m_window.get(), u"resend-outcome"_s);
    // Selecting another row clears it.
    QVERIFY(select(kPendingId));
    QVERIFY(!outcome->isVisible());
    // The row a resend closed may have left the list: its outcome still shows, naming it.
    m_window->showResendOutcome(kUnknownId, false, u"Resend: refused"_s);
    QVERIFY(outcome->isVisible());
    QCOMPARE(outcome->text(), kUnknownId + u": Resend: refused"_s);
}

QTEST_MAIN(TestMainWindowStates)
#include "tst_mainwindowstates.moc"
