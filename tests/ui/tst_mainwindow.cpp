// The console's main window driven through real widgets offscreen: search shortcuts, filters,
// selection → detail, Enter, the close dialog's refusals, Resend's disabled reasons, the
// checking tab's count.

#include "console/consolewriter.h"
#include "console/sessionreads.h"
#include "dialogs/closedialog.h"
#include "itemmodels/detailmodels.h"
#include "itemmodels/operationtablemodel.h"
#include "mainwindow/decisionspresenter.h"
#include "mainwindow/detailpresenter.h"
#include "mainwindow/mainwindow.h"
#include "mainwindow/queuepresenter.h"
#include "mainwindow/rowactions.h"
#include "storage/bulkgenerator.h"
#include "storage/operations/resendlease.h"
#include "storage/session.h"
#include "support/storefixture.h"
#include "widgets/elidingstatusbar.h"
#include "widgets/operationlistview.h"

#include <QAbstractItemModelTester>
#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QListView>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QRadioButton>
#include <QStatusBar>
#include <QTabWidget>
#include <QTableView>
#include <QTest>
#include <QToolTip>
#include <algorithm>

using namespace Qt::StringLiterals;
using namespace ops;
using ops::ui::MainWindow;
using Tester = QAbstractItemModelTester;

namespace {

constexpr qint64 kRows = 300;
const QString kUnknownId = u"op_window_unknown"_s;

// An unknown refund with two real attempts (a 503, then a stored 500).
void addUnknownRefund(OperationStore &store)
{
    NewOperation op;
    op.id = kUnknownId;
    op.unitOfWork = u"ord_w|700|usd"_s;
    op.orderId = u"ord_w"_s;
    op.chargeId = u"ch_w"_s;
    op.amount = {700, u"usd"_s};
    op.idempotencyKey = u"11111111-2222-4333-8444-555555555555"_s;
    op.request = {"POST", u"/v1/refunds"_s, "charge=ch_w&amount=700&metadata%5Boperation_id%5D=x",
                  "application/x-www-form-urlencoded"};
    op.createdBy = u"agent:toolu_w"_s;
    store.openOrGet(op);
    for (const int status : {503, 500}) {
        const AttemptTicket t = store.beginAttempt(kUnknownId, u"agent:toolu_w"_s);
        AttemptResult r;
        r.httpStatus = status;
        r.outcome = status == 503 ? Outcome::NoAnswer : Outcome::Undefined;
        r.latencyMs = 30;
        store.finishAttempt(kUnknownId, t.attemptId, r);
    }
    store.markUnknown(kUnknownId, u"provider answered HTTP 500"_s, u"agent:toolu_w"_s);
}

// The Checking tab's title for `count` rows, with the late ones among them as the model counts
// them (DESIGN §18: the generated rows are hours old, past the one-hour target without owner).
QString checkingTitle(MainWindow &window, qint64 count)
{
    const int late = window.queue()->checkingModel()->lateCount();
    return late > 0 ? u"Checking (%1, %2 late)"_s.arg(count).arg(late)
                    : u"Checking (%1)"_s.arg(count);
}

} // namespace

class TestMainWindow : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void cleanup();
    void searchShortcutsFocusSearch_data();
    void searchShortcutsFocusSearch();
    void searchFiltersRows();
    void kindFilterRunsInSql();
    void selectingRowShowsAttemptsAndEnterOpensThem();
    void arrowKeysMoveThroughTheQueue();
    void checkingTabShowsCount();
    void closeDialogRefusesWithoutEvidence();
    void closeWithEvidenceLeavesTheQueue();
    void resendDisabledReason_data();
    void resendDisabledReason();
    void resendTurnsOffWhenTheWindowCloses();
    void resendOffWhileAnotherConsoleHoldsTheLease();
    void statusBarTextsDoNotOverlapAt1024();
    void elidedStatusMessageKeepsItsWholeText_data();
    void elidedStatusMessageKeepsItsWholeText();

private:
    void selectInChecking(const QString &id);

    std::unique_ptr<test::StoreFixture> m_fx;
    std::unique_ptr<Session> m_session;
    std::unique_ptr<console::ConsoleWriter> m_writer; // the window's writes
    std::unique_ptr<MainWindow> m_window;
    std::vector<std::unique_ptr<Tester>> m_testers;
};

void TestMainWindow::init()
{
    m_fx = std::make_unique<test::StoreFixture>();
    ops::generateOperations(connectionOf(m_fx->store()), kRows, m_fx->clock().nowMs() - 60'000);
    addUnknownRefund(m_fx->store());
    m_session = std::make_unique<Session>(m_fx->path(), m_fx->clock());
    m_window = std::make_unique<MainWindow>(console::readsOf(*m_session), u"operator:alice"_s,
                                            u"operator:alice#one"_s);
    m_writer = std::make_unique<console::ConsoleWriter>(m_fx->path(), m_fx->clock());
    m_window->setWrites(*m_writer);
    for (QAbstractItemModel *model :
         {static_cast<QAbstractItemModel *>(m_window->queue()->operationsModel()),
          static_cast<QAbstractItemModel *>(m_window->queue()->checkingModel()),
          static_cast<QAbstractItemModel *>(m_window->detailArea()->pane()->attempts()),
          static_cast<QAbstractItemModel *>(m_window->detailArea()->pane()->evidence()),
          static_cast<QAbstractItemModel *>(m_window->detailArea()->pane()->audit())})
        m_testers.push_back(std::make_unique<Tester>(model, Tester::FailureReportingMode::QtTest));
    m_window->show();
    QApplication::setActiveWindow(m_window.get());
    QVERIFY(QTest::qWaitForWindowActive(m_window.get()));
}

void TestMainWindow::cleanup()
{
    m_testers.clear();
    m_window.reset();
    m_writer.reset();
    m_session.reset();
    m_fx.reset();
}

void TestMainWindow::selectInChecking(const QString &id)
{
    m_window->tabs()->setCurrentIndex(MainWindow::CheckingTab);
    QVERIFY(m_window->queue()->checkingView()->selectOperation(id));
    QCOMPARE(m_window->currentOperationId(), id);
}

void TestMainWindow::searchShortcutsFocusSearch_data()
{
    QTest::addColumn<QKeySequence>("keys");
    QTest::newRow("slash") << QKeySequence(u"/"_s);
    QTest::newRow("ctrl+f") << QKeySequence(QKeySequence::Find);
}

void TestMainWindow::searchShortcutsFocusSearch()
{
    QFETCH(QKeySequence, keys);
    QTableView *table = m_window->queue()->currentView()->table();
    table->setFocus();
    QTRY_VERIFY(table->hasFocus());
    QTest::keySequence(table, keys);
    QTRY_VERIFY(m_window->queue()->currentView()->searchBox()->hasFocus());
    // Typing a slash inside the box is text, not the shortcut.
    QTest::keyClicks(m_window->queue()->currentView()->searchBox(), u"a/b"_s);
    QCOMPARE(m_window->queue()->currentView()->searchBox()->text(), u"a/b"_s);
}

void TestMainWindow::searchFiltersRows()
{
    m_window->tabs()->setCurrentIndex(MainWindow::OperationsTab);
    ui::OperationListView *view = m_window->queue()->operationsView();
    QTest::keyClicks(view->searchBox(), u"key-00000123"_s);
    QTRY_COMPARE(view->model()->rowCount(), 1);
    QCOMPARE(view->model()->index(0, 0).data().toString(), ops::generatedId(123));
    view->searchBox()->clear();
    QTRY_VERIFY(view->model()->rowCount() > 1);
}

void TestMainWindow::kindFilterRunsInSql()
{
    m_window->tabs()->setCurrentIndex(MainWindow::OperationsTab);
    ui::OperationListView *view = m_window->queue()->operationsView();
    view->kindFilter()->setCurrentIndex(view->kindFilter()->findData(u"execution"_s));
    QCOMPARE(view->model()->rowCount(), int(kRows / 10));
    for (int r = 0; r < view->model()->rowCount(); ++r)
        QCOMPARE(view->model()->index(r, OperationTableModel::KindColumn).data().toString(),
                 u"execution"_s);
    QVERIFY(view->model()->filter().kind == OperationKind::Execution);
}

void TestMainWindow::selectingRowShowsAttemptsAndEnterOpensThem()
{
    selectInChecking(kUnknownId);
    QCOMPARE(m_window->detailArea()->pane()->operationId(), kUnknownId);
    QCOMPARE(m_window->detailArea()->pane()->attempts()->rowCount(), 2);
    QCOMPARE(
        m_window->detailArea()->pane()->attempts()->index(1, AttemptTableModel::HttpColumn).data(),
        QVariant(u"500"_s));
    QVERIFY(m_window->detailArea()->pane()->requestView()->toPlainText().contains(
        u"Idempotency-Key: 11111111-2222-4333-8444-555555555555"_s));
    QVERIFY(
        m_window->detailArea()->pane()->requestView()->toPlainText().contains(u"amount = 700"_s));
    QCOMPARE(m_window->detailArea()->pane()->audit()->rowCount(), 6);
    QTableView *table = m_window->queue()->checkingView()->table();
    table->setFocus();
    QTest::keyClick(table, Qt::Key_Return);
    QCOMPARE(m_window->detailArea()->pane()->tabs()->currentIndex(),
             int(ui::DetailPane::AttemptsTab));
    QTRY_VERIFY(m_window->detailArea()->pane()->tabs()->currentWidget()->hasFocus());
}

void TestMainWindow::arrowKeysMoveThroughTheQueue()
{
    m_window->tabs()->setCurrentIndex(MainWindow::CheckingTab);
    QTableView *table = m_window->queue()->checkingView()->table();
    table->setFocus();
    table->setCurrentIndex(m_window->queue()->checkingModel()->index(0, 0));
    const QString first = m_window->currentOperationId();
    QTest::keyClick(table, Qt::Key_Down);
    const QString second = m_window->currentOperationId();
    QVERIFY(second != first);
    QCOMPARE(m_window->detailArea()->pane()->operationId(), second);
    QTest::keyClick(table, Qt::Key_Up);
    QCOMPARE(m_window->currentOperationId(), first);
}

void TestMainWindow::checkingTabShowsCount()
{
    const int expected = int(kRows / 20) + 1;
    QCOMPARE(m_window->tabs()->tabText(MainWindow::CheckingTab),
             checkingTitle(*m_window, expected));
    QCOMPARE(m_window->queue()->checkingModel()->rowCount(), expected);
}

void TestMainWindow::closeDialogRefusesWithoutEvidence()
{
    selectInChecking(kUnknownId);
    ui::CloseDialog *dialog = m_window->rows()->openCloseDialog(OperationState::Failed);
    QVERIFY(dialog);
    QTRY_VERIFY(dialog->isVisible());
    dialog->reasonEdit()->setPlainText(u"customer says nothing arrived"_s);
    QTest::mouseClick(dialog->closeButton(), Qt::LeftButton);
    QVERIFY(dialog->isVisible());
    QVERIFY2(dialog->refusal().contains(u"no evidence"_s), qPrintable(dialog->refusal()));
    QVERIFY(m_fx->store().operation(kUnknownId)->state == OperationState::Unknown);
    dialog->reject();
}

void TestMainWindow::closeWithEvidenceLeavesTheQueue()
{
    const qint64 evidence = m_fx->store().addEvidence({0,
                                                       kUnknownId,
                                                       u"note"_s,
                                                       u"Dashboard: no refund"_s,
                                                       u"text/plain"_s,
                                                       "no refund on ch_w",
                                                       {},
                                                       {},
                                                       u"operator:alice"_s});
    selectInChecking(kUnknownId);
    ui::CloseDialog *dialog = m_window->rows()->openCloseDialog(OperationState::Succeeded);
    QTRY_VERIFY(dialog->isVisible());
    dialog->reasonEdit()->setPlainText(u"checked the dashboard"_s);
    dialog->checkEvidence(evidence);
    QTest::mouseClick(dialog->closeButton(), Qt::LeftButton);
    QVERIFY2(dialog->refusal().contains(u"provider's reference"_s), qPrintable(dialog->refusal()));
    dialog->failedButton()->click();
    QPointer<ui::CloseDialog> guard(dialog);
    QTest::mouseClick(dialog->closeButton(), Qt::LeftButton);
    QTRY_VERIFY(guard.isNull()); // accepted and deleted
    const auto op = m_fx->store().operation(kUnknownId);
    QVERIFY(op->state == OperationState::Failed);
    QCOMPARE(op->closedBy, u"operator:alice"_s);
    QCOMPARE(m_window->tabs()->tabText(MainWindow::CheckingTab),
             checkingTitle(*m_window, kRows / 20));
    QVERIFY(m_window->queue()->checkingModel()->rowOf(kUnknownId) < 0);
    // The selection moved on to the next row in the queue.
    QVERIFY(!m_window->currentOperationId().isEmpty());
}

void TestMainWindow::resendDisabledReason_data()
{
    QTest::addColumn<QString>("operationId");
    QTest::addColumn<QString>("reason");
    QTest::newRow("unknown, inside the window") << kUnknownId << QString();
    QTest::newRow("succeeded") << ops::generatedId(3) << u"already succeeded"_s;
    QTest::newRow("failed") << ops::generatedId(17) << u"already failed"_s;
    QTest::newRow("open") << ops::generatedId(1) << u"automation still owns it"_s;
}

void TestMainWindow::resendDisabledReason()
{
    QFETCH(QString, operationId);
    QFETCH(QString, reason);
    m_window->tabs()->setCurrentIndex(MainWindow::OperationsTab);
    while (m_window->queue()->operationsModel()->rowOf(operationId) < 0 &&
           m_window->queue()->operationsModel()->canFetchMore({}))
        m_window->queue()->operationsModel()->fetchMore({});
    QVERIFY(m_window->selectOperation(operationId));
    QCOMPARE(m_window->rows()->resendAction()->isEnabled(), reason.isEmpty());
    if (reason.isEmpty())
        return;
    QVERIFY2(m_window->rows()->resendBlockedReason().contains(reason),
             qPrintable(m_window->rows()->resendBlockedReason()));
    QCOMPARE(m_window->rows()->resendAction()->toolTip(), m_window->rows()->resendBlockedReason());
    QVERIFY(m_window->detailArea()->pane()->resendLabel()->text().contains(reason));
}

void TestMainWindow::resendTurnsOffWhenTheWindowCloses()
{
    selectInChecking(kUnknownId);
    QVERIFY(m_window->rows()->resendAction()->isEnabled());
    m_fx->clock().advanceSecs(24 * 3600);
    QTRY_VERIFY_WITH_TIMEOUT(!m_window->rows()->resendAction()->isEnabled(), 10000); // the 1 s tick
    QVERIFY(m_window->rows()->resendBlockedReason().contains(u"retention window closed"_s));
    const QModelIndex window = m_window->queue()->checkingModel()->index(
        m_window->queue()->checkingModel()->rowOf(kUnknownId),
        OperationTableModel::WindowLeftColumn);
    QCOMPARE(window.data().toString(), u"closed"_s);
}

void TestMainWindow::resendOffWhileAnotherConsoleHoldsTheLease()
{
    QVERIFY(claimResendLease(m_fx->store(), kUnknownId, u"operator:bob#two"_s, 60));
    selectInChecking(kUnknownId);
    QVERIFY(!m_window->rows()->resendAction()->isEnabled());
    QVERIFY2(m_window->rows()->resendBlockedReason().contains(u"operator:bob is resending"_s),
             qPrintable(m_window->rows()->resendBlockedReason()));
    releaseResendLease(m_fx->store(), kUnknownId, u"operator:bob#two"_s);
    m_window->reloadAll();
    QVERIFY(m_window->rows()->resendAction()->isEnabled());
}

// At 1024 px the permanent texts give up width and elide, and the message stops a gap before
// them: no two texts share a pixel, and each shows its whole text on hover (text() is whole).
void TestMainWindow::statusBarTextsDoNotOverlapAt1024()
{
    const QString longMessage = u"A long message to the operator "_s.repeated(8);
    for (const int width : {1024, 800}) {
        m_window->resize(width, 700);
        m_window->show();
        QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
        m_window->statusBar()->showMessage(longMessage);
        QApplication::processEvents();
        auto *bar = qobject_cast<ui::ElidingStatusBar *>(m_window->statusBar());
        QVERIFY(bar);
        QRect previous = bar->messageArea();
        QVERIFY(previous.width() > 0);
        QList<QWidget *> widgets;
        for (QWidget *w : bar->findChildren<QWidget *>(Qt::FindDirectChildrenOnly)) {
            if (w->isVisible())
                widgets.append(w);
        }
        std::sort(widgets.begin(), widgets.end(),
                  [](const QWidget *a, const QWidget *b) { return a->x() < b->x(); });
        QVERIFY(!widgets.isEmpty());
        for (const QWidget *w : widgets) {
            QVERIFY2(w->x() > previous.right(),
                     qPrintable(u"%1 at %2 overlaps what is left of it (ends at %3), width %4"_s
                                    .arg(w->objectName())
                                    .arg(w->x())
                                    .arg(previous.right())
                                    .arg(width)));
            QVERIFY(w->geometry().right() < bar->width());
            previous = w->geometry();
        }
        QCOMPARE(bar->currentMessage(), longMessage);
        QVERIFY(m_window->decisions()->operatorLabel()->text().startsWith(u"Operator: "_s));
    }
}

void TestMainWindow::elidedStatusMessageKeepsItsWholeText_data()
{
    QTest::addColumn<int>("width");
    QTest::newRow("800") << 800;
    QTest::newRow("1024") << 1024;
    QTest::newRow("1440") << 1440;
}

// Issue 50 item 9: the permanent texts leave the message at least a third of the bar; a message
// wider than that room is drawn elided at the right, a sensible part of it shown; the whole
// message is the bar's tooltip, shown on hover over the message. A message that fits has no
// tooltip. A permanent text elided to make that room shows its whole text on hover.
void TestMainWindow::elidedStatusMessageKeepsItsWholeText()
{
    QFETCH(int, width);
    const QString longMessage =
        u"Resend of op_window_unknown: the provider accepted the refund re_3PqY7d2eZvKYlo2C; it "
        "stays unknown until its answer is read. What to do next: look it up in a minute, then "
        "close it with that evidence and tell the customer when the money arrives."_s;
    m_window->resize(width, 700);
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
    auto *bar = qobject_cast<ui::ElidingStatusBar *>(m_window->statusBar());
    QVERIFY(bar);
    QTRY_COMPARE(bar->width(), width);
    bar->showMessage(longMessage);
    QTest::qWait(50); // the bar lays its permanent texts out
    const QRect area = bar->messageArea();
    // What paintEvent draws: the message elided into its area.
    const QString shown = bar->fontMetrics().elidedText(longMessage, Qt::ElideRight, area.width());
    QVERIFY2(shown != longMessage, "the message must not fit for this test");
    QVERIFY2(shown.endsWith(u'…') && longMessage.startsWith(shown.chopped(1)), qPrintable(shown));
    QVERIFY2(shown.size() >= 30, qPrintable(shown)); // the start of the message, not a stub
    QVERIFY2(area.width() >= bar->width() / 3 - 24,
             qPrintable(u"the message has %1 px of %2"_s.arg(area.width()).arg(bar->width())));
    QCOMPARE(bar->currentMessage(), longMessage);

    // Hovering the message shows the whole text.
    const auto hover = [bar, at = area.center()] {
        QToolTip::hideText();
        QHelpEvent event(QEvent::ToolTip, at, bar->mapToGlobal(at));
        QApplication::sendEvent(bar, &event);
    };
    hover();
    QTRY_COMPARE(QToolTip::text(), longMessage);
    QCOMPARE(bar->toolTip(), longMessage);

    for (auto *label : bar->findChildren<ui::ElidingLabel *>()) {
        const bool elided =
            label->fontMetrics().horizontalAdvance(label->text()) > label->contentsRect().width();
        if (!label->isVisible() || !elided)
            continue;
        QToolTip::hideText();
        const QPoint middle = label->rect().center();
        QHelpEvent event(QEvent::ToolTip, middle, label->mapToGlobal(middle));
        QApplication::sendEvent(label, &event);
        QTRY_VERIFY2(QToolTip::text().startsWith(label->text()),
                     qPrintable(label->objectName() + u": "_s + QToolTip::text()));
    }

    // A message that fits has no tooltip.
    bar->showMessage(u"Saved."_s);
    QTest::qWait(50);
    hover();
    QVERIFY2(bar->toolTip().isEmpty(), qPrintable(bar->toolTip()));
}

QTEST_MAIN(TestMainWindow)
#include "tst_mainwindow.moc"
