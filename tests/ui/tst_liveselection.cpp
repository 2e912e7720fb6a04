// Issue 50 items 2 and 9: the lists keep what the operator picked while others write. Another
// connection to the same SQLite file (the service, the agent) turns rows unknown and closes
// them; the window's change watcher reloads; the rows selected in Checking stay selected by
// operation id (no row that came in between becomes selected), the current row stays on its
// operation, and a selected row that left the list is named in the status bar. Every list model
// runs under QAbstractItemModelTester throughout.

#include "console/sessionreads.h"
#include "itemmodels/operationtablemodel.h"
#include "mainwindow/bulkactions.h"
#include "mainwindow/detailpresenter.h"
#include "mainwindow/mainwindow.h"
#include "mainwindow/queuepresenter.h"
#include "storage/session.h"
#include "support/storefixture.h"
#include "widgets/operationlistview.h"

#include <QAbstractItemModelTester>
#include <QApplication>
#include <QItemSelectionModel>
#include <QLabel>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTableView>
#include <QTest>
#include <QUuid>

using namespace Qt::StringLiterals;
using namespace ops;
using ops::ui::MainWindow;
using Tester = QAbstractItemModelTester;

namespace {

constexpr int kRows = 12;
const QString kWriter = u"system:webhook"_s;

QString rowId(int i)
{
    return u"op_sel_%1"_s.arg(i, 2, 10, QChar(u'0'));
}

// A refund with one attempt that got no answer, a minute after the one before it: the checking
// queue (ordered by deadline, i.e. by first attempt) lists them in the order they were made.
void addRefund(test::StoreFixture &fx, int i)
{
    fx.clock().advanceSecs(60);
    NewOperation op;
    op.id = rowId(i);
    op.unitOfWork = u"ord_sel_%1|700|usd"_s.arg(i);
    op.orderId = u"ord_sel_%1"_s.arg(i);
    op.chargeId = u"ch_sel_%1"_s.arg(i);
    op.amount = {700 + i, u"usd"_s};
    op.idempotencyKey = QUuid::createUuid().toString(QUuid::WithoutBraces);
    op.request = {"POST", u"/v1/refunds"_s, "charge=ch_sel&amount=700",
                  "application/x-www-form-urlencoded"};
    op.createdBy = u"agent:toolu_sel"_s;
    fx.store().openOrGet(op);
    const AttemptTicket t = fx.store().beginAttempt(op.id, op.createdBy);
    AttemptResult r;
    r.httpStatus = 503;
    r.outcome = Outcome::NoAnswer;
    r.latencyMs = 30;
    fx.store().finishAttempt(op.id, t.attemptId, r);
}

void markUnknown(test::StoreFixture &fx, int i)
{
    QVERIFY(fx.store().markUnknown(rowId(i), u"no answer"_s, kWriter));
}

void closeElsewhere(test::StoreFixture &fx, int i)
{
    QVERIFY(fx.store().closeSucceeded(rowId(i), u"re_sel_%1"_s.arg(i), u"succeeded"_s, kWriter,
                                      u"provider event"_s));
}

} // namespace

class TestLiveSelection : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void cleanup();
    void selectionSurvivesALiveRefresh();
    void selectedRowsThatLeaveAreReported();
    void currentRowKeepsItsOperationAndOutcomeAfterAReload();

private:
    // Selects `rows` of Checking (as Ctrl+click does) with `current` the current row.
    void selectInChecking(const QList<int> &rows, int current);
    QStringList checkingIds(const QList<int> &rows) const;
    // Waits until the watcher's reload shows `id` in Checking (or no longer, `listed` false).
    void waitForChecking(const QString &id, bool listed);

    std::unique_ptr<test::StoreFixture> m_fx;
    std::unique_ptr<Session> m_session;
    std::unique_ptr<MainWindow> m_window;
    std::vector<std::unique_ptr<Tester>> m_testers;
};

void TestLiveSelection::init()
{
    m_fx = std::make_unique<test::StoreFixture>();
    // Rows 3 and 7 stay open for now (not in Checking); the others are unknown.
    for (int i = 0; i < kRows; ++i) {
        addRefund(*m_fx, i);
        if (i != 3 && i != 7)
            markUnknown(*m_fx, i);
    }
    m_session = std::make_unique<Session>(m_fx->path(), m_fx->clock());
    m_window = std::make_unique<MainWindow>(console::readsOf(*m_session), u"operator:alice"_s,
                                            u"operator:alice#one"_s);
    for (QAbstractItemModel *model :
         {static_cast<QAbstractItemModel *>(m_window->queue()->operationsModel()),
          static_cast<QAbstractItemModel *>(m_window->queue()->checkingModel())})
        m_testers.push_back(std::make_unique<Tester>(model, Tester::FailureReportingMode::QtTest));
    m_window->show();
    QApplication::setActiveWindow(m_window.get());
    QVERIFY(QTest::qWaitForWindowActive(m_window.get()));
    m_window->tabs()->setCurrentIndex(MainWindow::CheckingTab);
    QCOMPARE(m_window->queue()->checkingModel()->rowCount(), kRows - 2);
    m_window->startLiveRefresh(50);
    QTest::qWait(150); // the watcher's baseline
}

void TestLiveSelection::cleanup()
{
    m_testers.clear();
    m_window.reset();
    m_session.reset();
    m_fx.reset();
}

QStringList TestLiveSelection::checkingIds(const QList<int> &rows) const
{
    QStringList ids;
    for (const int i : rows)
        ids << rowId(i);
    return ids;
}

void TestLiveSelection::selectInChecking(const QList<int> &rows, int current)
{
    OperationTableModel *model = m_window->queue()->checkingModel();
    QItemSelectionModel *selection = m_window->queue()->checkingView()->table()->selectionModel();
    selection->clear();
    for (const int i : rows) {
        const int row = model->rowOf(rowId(i));
        QVERIFY(row >= 0);
        selection->select(model->index(row, 0),
                          QItemSelectionModel::Select | QItemSelectionModel::Rows);
    }
    selection->setCurrentIndex(model->index(model->rowOf(rowId(current)), 0),
                               QItemSelectionModel::NoUpdate);
    QCOMPARE(m_window->bulk()->selectedIds(), checkingIds(rows));
    QCOMPARE(m_window->currentOperationId(), rowId(current));
}

void TestLiveSelection::waitForChecking(const QString &id, bool listed)
{
    QTRY_COMPARE_WITH_TIMEOUT(m_window->queue()->checkingModel()->rowOf(id) >= 0, listed, 5000);
}

void TestLiveSelection::selectionSurvivesALiveRefresh()
{
    // Checking: 0 1 2 4 5 6 8 9 10 11. Picked: 1 2 4 (one range) and 9; 4 is current.
    selectInChecking({1, 2, 4, 9}, 4);
    const int reloads = m_window->queue()->reloadCount();

    // The others write: 3 turns unknown inside the picked range, 0 (above it, not picked)
    // closes, and a new unknown row arrives at the end.
    markUnknown(*m_fx, 3);
    closeElsewhere(*m_fx, 0);
    addRefund(*m_fx, 12);
    markUnknown(*m_fx, 12);
    waitForChecking(rowId(12), true);
    QVERIFY(m_window->queue()->reloadCount() > reloads);
    QCOMPARE(m_window->queue()->checkingModel()->rowOf(rowId(3)), 2);

    // The same operations, and no other: 3 came in between 2 and 4 but was never picked.
    QCOMPARE(m_window->bulk()->selectedIds(), checkingIds({1, 2, 4, 9}));
    QCOMPARE(m_window->currentOperationId(), rowId(4));
    QCOMPARE(m_window->detailArea()->pane()->operationId(), rowId(4));

    // More writers, more reloads: the selection still holds.
    closeElsewhere(*m_fx, 6);
    markUnknown(*m_fx, 7);
    waitForChecking(rowId(7), true);
    QCOMPARE(m_window->bulk()->selectedIds(), checkingIds({1, 2, 4, 9}));
    QCOMPARE(m_window->currentOperationId(), rowId(4));
}

void TestLiveSelection::selectedRowsThatLeaveAreReported()
{
    selectInChecking({2, 5, 8, 10}, 5);

    // The service closes two picked rows, the current one among them.
    closeElsewhere(*m_fx, 5);
    closeElsewhere(*m_fx, 10);
    waitForChecking(rowId(10), false);
    QCOMPARE(m_window->queue()->checkingModel()->rowOf(rowId(5)), -1);

    // The rest of the pick stays; nothing else was added to it.
    QCOMPARE(m_window->bulk()->selectedIds(), checkingIds({2, 8}));
    // The current row moves to the row that took its place, without collapsing the pick.
    QCOMPARE(m_window->currentOperationId(), rowId(6));
    QCOMPARE(m_window->detailArea()->pane()->operationId(), rowId(6));
    // Said, not silently dropped.
    const QString status = m_window->statusText();
    QVERIFY2(status.contains(rowId(5)) && status.contains(rowId(10)), qPrintable(status));
    // (English runs on the source texts: "2 selected row(s) left Checking …".)
    QVERIFY2(status.contains(u"2 selected row"_s) && status.contains(u"left Checking"_s),
             qPrintable(status));
}

void TestLiveSelection::currentRowKeepsItsOperationAndOutcomeAfterAReload()
{
    // Item 9: a resend's result sits in the detail pane of its row. The list reloads (the
    // console does after some jobs; the watcher after others' commits) and new rows come in
    // above it: the current row, the detail and its outcome stay with the operation.
    m_window->tabs()->setCurrentIndex(MainWindow::OperationsTab);
    ui::OperationListView *view = m_window->queue()->operationsView();
    QVERIFY(view->selectOperation(rowId(8)));
    m_window->showResendOutcome(rowId(8), true, u"provider accepted the refund"_s);
    QSignalSpy currentChanged(view, &ui::OperationListView::currentOperationChanged);

    addRefund(*m_fx, 12); // the newest: listed first in Operations
    addRefund(*m_fx, 13);
    closeElsewhere(*m_fx, 9);
    m_window->reloadAll();

    QCOMPARE(m_window->queue()->operationsModel()->rowOf(rowId(13)), 0);
    QCOMPARE(m_window->currentOperationId(), rowId(8));
    QCOMPARE(view->table()->currentIndex().data(OperationTableModel::OperationIdRole).toString(),
             rowId(8));
    QCOMPARE(currentChanged.count(), 0); // the pane was neither cleared nor re-read
    QCOMPARE(m_window->detailArea()->pane()->operationId(), rowId(8));
    QVERIFY2(m_window->detailArea()->pane()->outcomeLabel()->text().contains(rowId(8)),
             qPrintable(m_window->detailArea()->pane()->outcomeLabel()->text()));
    QVERIFY(m_window->detailArea()->pane()->outcomeLabel()->isVisible());
}

QTEST_MAIN(TestLiveSelection)
#include "tst_liveselection.moc"
