// The queue in view (issue 18, items 9 and 10), through real widgets offscreen: at 1024×700 the
// checking queue shows every column with the key elided in the middle (whole in the tooltip and
// the detail), Window left never behind a scrollbar, column widths and the splitter remembered
// per operator, the detail's facts never cut; times in local time with their zone (UTC in the
// tooltip), one date format for the table and the audit filters, and the window's margin
// explained where the window is shown.

#include "console/sessionreads.h"
#include "itemmodels/auditentrymodel.h"
#include "itemmodels/detailmodels.h"
#include "itemmodels/localeformat.h"
#include "itemmodels/operationtablemodel.h"
#include "mainwindow/detailpresenter.h"
#include "mainwindow/mainwindow.h"
#include "mainwindow/queuepresenter.h"
#include "mainwindow/supervisorpresenter.h"
#include "storage/session.h"
#include "supervisor/auditview.h"
#include "supervisor/supervisorwindow.h"
#include "support/messagefixture.h"
#include "support/rolesfixture.h"
#include "support/screenshots.h"
#include "support/waitingfixture.h"
#include "widgets/detailpane.h"
#include "widgets/operationlistview.h"

#include <QApplication>
#include <QDateTimeEdit>
#include <QFontDatabase>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QScrollBar>
#include <QSettings>
#include <QSplitter>
#include <QTabWidget>
#include <QTableView>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace ops;
using ops::test::screenshots;
using ops::ui::MainWindow;

namespace {

const QString kUnknownId = u"op_5d2c9a7e41b84f0e"_s;
const QString kLongKey = u"6f1c2a4e-7b7d-4c1e-9a55-0d2b8e4f7a10"_s;

// An unknown refund inside its window, with one attempt (a stored 500), evidence and a long
// customer id: the row that used to push the last columns off screen.
void addUnknownRefund(OperationStore &store)
{
    NewOperation op = test::refundOperation(kUnknownId, u"ord_20261201_7781"_s);
    op.idempotencyKey = kLongKey;
    op.customerId = u"cus_QZ8fj3kLm2Np7Rt"_s;
    test::unknownAfterStored500(store, op, u"provider answered HTTP 500 (stored under the key)"_s);
}

// Whether `column` lies wholly inside the table's viewport (no scrolling needed to read it).
bool wholeInView(QTableView *table, int column)
{
    const QHeaderView *h = table->horizontalHeader();
    const int left = h->sectionViewportPosition(column);
    return left >= 0 && left + h->sectionSize(column) <= table->viewport()->width();
}

// The Waiting column, found by its title.
int waitingColumn(const QAbstractItemModel *model)
{
    for (int c = 0; c < model->columnCount(); ++c) {
        if (model->headerData(c, Qt::Horizontal).toString() == u"Waiting"_s)
            return c;
    }
    return -1;
}

} // namespace

class TestQueueLayout : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void cleanup();
    void narrowWindowKeepsEveryColumnInView();
    void keyIsWholeInTooltipAndDetail();
    void columnWidthsAndSplitterArePerOperator();
    void detailFactsAreNotCut();
    void timesSayTheirZoneWithUtcInTheTooltip();
    void auditFiltersUseTheTableFormat();
    void windowExplainsTheMargin();
    void queueMarksWhoARowWaitsFor();

private:
    MainWindow *startWindow(const QString &actor = u"operator:alice"_s);

    std::unique_ptr<test::RolesFixture> m_fx; // SQLite only: one store (rolesfixture.h)
    std::unique_ptr<Session> m_session;
    std::unique_ptr<MainWindow> m_window;
};

void TestQueueLayout::init()
{
    QSettings().clear();
    m_fx = std::make_unique<test::RolesFixture>();
    addUnknownRefund(m_fx->store());
}

void TestQueueLayout::cleanup()
{
    m_window.reset();
    m_session.reset();
    m_fx.reset();
}

MainWindow *TestQueueLayout::startWindow(const QString &actor)
{
    m_window.reset();
    if (!m_session)
        m_session = std::make_unique<Session>(m_fx->path(), m_fx->clock());
    m_window = std::make_unique<MainWindow>(console::readsOf(*m_session), actor, actor + u"#one"_s);
    m_window->show();
    QApplication::setActiveWindow(m_window.get());
    if (!QTest::qWaitForWindowActive(m_window.get()))
        qWarning("window did not become active");
    return m_window.get();
}

void TestQueueLayout::narrowWindowKeepsEveryColumnInView()
{
    startWindow();
    QCOMPARE(m_window->tabs()->currentIndex(), int(MainWindow::CheckingTab));
    QTableView *table = m_window->queue()->checkingView()->table();
    for (const QSize size : {QSize(1024, 700), QSize(1440, 900)}) {
        m_window->resize(size);
        QApplication::processEvents();
        for (const int column :
             {int(OperationTableModel::WindowLeftColumn),
              int(OperationTableModel::LastAttemptColumn), int(OperationTableModel::EvidenceColumn),
              int(OperationTableModel::AgeColumn), int(OperationTableModel::AmountColumn)})
            QVERIFY2(wholeInView(table, column),
                     qPrintable(u"column %1 at %2 px"_s.arg(column).arg(size.width())));
        QVERIFY(!table->horizontalScrollBar()->isVisible());
    }
    // At 1024 px the key is narrower than its text: it is elided, not pushing columns away.
    m_window->resize(1024, 700);
    QApplication::processEvents();
    const QFontMetrics mono(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    QVERIFY(table->columnWidth(OperationTableModel::KeyColumn) < mono.horizontalAdvance(kLongKey));
    QCOMPARE(table->textElideMode(), Qt::ElideMiddle);
    // Window left comes right after the state, whatever the width; the queue holds only
    // unknown rows, so it shows no state column there.
    const QHeaderView *h = table->horizontalHeader();
    QCOMPARE(h->visualIndex(OperationTableModel::WindowLeftColumn),
             h->visualIndex(OperationTableModel::StateColumn) + 1);
    QVERIFY(table->isColumnHidden(OperationTableModel::StateColumn));
    QVERIFY(!m_window->queue()->operationsView()->table()->isColumnHidden(
        OperationTableModel::StateColumn));
    // The full header titles fit (no "Window lef…").
    for (const int column :
         {int(OperationTableModel::WindowLeftColumn), int(OperationTableModel::AttemptsColumn)}) {
        const QString title = table->model()->headerData(column, Qt::Horizontal).toString();
        QVERIFY(h->sectionSize(column) > h->fontMetrics().horizontalAdvance(title));
    }
    screenshots(m_window.get(), u"checking-queue-columns"_s);
}

void TestQueueLayout::keyIsWholeInTooltipAndDetail()
{
    startWindow();
    m_window->resize(1024, 700);
    OperationTableModel *model = m_window->queue()->checkingModel();
    const int row = model->rowOf(kUnknownId);
    QVERIFY(row >= 0);
    QVERIFY(model->index(row, OperationTableModel::KeyColumn)
                .data(Qt::ToolTipRole)
                .toString()
                .contains(kLongKey));
    QCOMPARE(
        model->index(row, OperationTableModel::OperationColumn).data(Qt::ToolTipRole).toString(),
        kUnknownId);
    QVERIFY(m_window->selectOperation(kUnknownId));
    QCOMPARE(m_window->detailArea()->pane()->findChild<QLineEdit *>(u"detailKey"_s)->text(),
             kLongKey);
}

void TestQueueLayout::columnWidthsAndSplitterArePerOperator()
{
    startWindow();
    QTableView *table = m_window->queue()->checkingView()->table();
    const int defaultAge = table->columnWidth(OperationTableModel::AgeColumn);
    table->setColumnWidth(OperationTableModel::AgeColumn, defaultAge + 37);
    m_window->queue()->operationsView()->table()->setColumnWidth(OperationTableModel::KindColumn,
                                                                 161);
    m_window->splitter()->setSizes({300, 500});
    const QList<int> sizes = m_window->splitter()->sizes();

    startWindow(); // the first window saves as it goes
    QCOMPARE(
        m_window->queue()->checkingView()->table()->columnWidth(OperationTableModel::AgeColumn),
        defaultAge + 37);
    QCOMPARE(
        m_window->queue()->operationsView()->table()->columnWidth(OperationTableModel::KindColumn),
        161);
    QCOMPARE(m_window->splitter()->sizes(), sizes);

    startWindow(u"operator:bob"_s); // another operator keeps the defaults
    QCOMPARE(
        m_window->queue()->checkingView()->table()->columnWidth(OperationTableModel::AgeColumn),
        defaultAge);
    QVERIFY(m_window->splitter()->sizes() != sizes);
}

void TestQueueLayout::detailFactsAreNotCut()
{
    startWindow();
    QVERIFY(m_window->selectOperation(kUnknownId));
    for (const QSize size : {QSize(1024, 700), QSize(1440, 900)}) {
        m_window->resize(size);
        QApplication::processEvents();
        QLabel *facts = m_window->detailArea()->pane()->factsLabel();
        QVERIFY(facts->text().contains(u"unknown because"_s));
        QVERIFY2(facts->height() >= facts->heightForWidth(facts->width()),
                 qPrintable(u"%1 < %2 at %3"_s.arg(facts->height())
                                .arg(facts->heightForWidth(facts->width()))
                                .arg(size.width())));
    }
    screenshots(m_window.get(), u"detail-facts"_s);
}

void TestQueueLayout::timesSayTheirZoneWithUtcInTheTooltip()
{
    startWindow();
    OperationTableModel *model = m_window->queue()->checkingModel();
    const int row = model->rowOf(kUnknownId);
    const QModelIndex last = model->index(row, OperationTableModel::LastAttemptColumn);
    const Operation op = *m_fx->store().operation(kUnknownId);
    QVERIFY(!localZoneName().isEmpty());
    QCOMPARE(last.data().toString(), formatDateTime(*op.lastAttemptAt, QLocale()));
    QVERIFY2(last.data().toString().endsWith(u' ' + localZoneName()),
             qPrintable(last.data().toString()));
    QCOMPARE(last.data(Qt::ToolTipRole).toString(), formatUtc(*op.lastAttemptAt));
    QVERIFY(formatUtc(*op.lastAttemptAt).endsWith(u" UTC"_s));
    const QString window =
        model->index(row, OperationTableModel::WindowLeftColumn).data(Qt::ToolTipRole).toString();
    QVERIFY2(window.contains(formatDateTime(*op.deadline, QLocale())) &&
                 window.contains(formatUtc(*op.deadline)),
             qPrintable(window));
    // The timeline says its zone too.
    QVERIFY(m_window->selectOperation(kUnknownId));
    const QModelIndex started = m_window->detailArea()->pane()->attempts()->index(0, 1);
    QVERIFY(started.data().toString().endsWith(localZoneName()));
    QCOMPARE(started.data(Qt::ToolTipRole).toString(), formatUtc(op.firstAttemptAt.value()));
}

void TestQueueLayout::auditFiltersUseTheTableFormat()
{
    startWindow();
    ui::SupervisorWindow *sup = m_window->supervision()->openSupervisorWindow();
    QVERIFY(sup);
    ui::AuditView *audit = sup->auditView();
    QCOMPARE(audit->fromEdit()->displayFormat(), dateTimeFormat(QLocale()));
    QCOMPARE(audit->toEdit()->displayFormat(), dateTimeFormat(QLocale()));
    QVERIFY(audit->model()->rowCount() > 0);
    // A time read in the table can be typed into the filter as it reads.
    const QModelIndex time = audit->model()->index(0, AuditEntryModel::TimeColumn);
    QString shown = time.data().toString();
    QVERIFY(shown.endsWith(u' ' + localZoneName()));
    shown.chop(localZoneName().size() + 1);
    const QDateTime typed = QLocale().toDateTime(shown, audit->fromEdit()->displayFormat());
    QVERIFY2(typed.isValid(), qPrintable(shown));
    QCOMPARE(typed.toMSecsSinceEpoch() / 1000,
             time.data(AuditEntryModel::AtMsRole).toLongLong() / 1000);
    QCOMPARE(sup->findChild<QLabel *>(u"zoneLabel"_s)->text(), localZoneName());
    test::screenshots(sup, u"audit-filters-zone"_s);
    sup->close();
}

void TestQueueLayout::windowExplainsTheMargin()
{
    startWindow();
    QVERIFY(m_window->selectOperation(kUnknownId));
    QLabel *window = m_window->detailArea()->pane()->windowLabel();
    QVERIFY2(window->text().contains(u"15 min before the provider forgets the key"_s),
             qPrintable(window->text()));
    QVERIFY(window->toolTip().contains(u"15 min before the provider forgets the key"_s));
    QVERIFY(window->toolTip().contains(u" UTC"_s));
    const QString cell = m_window->queue()
                             ->checkingModel()
                             ->index(m_window->queue()->checkingModel()->rowOf(kUnknownId),
                                     OperationTableModel::WindowLeftColumn)
                             .data(Qt::ToolTipRole)
                             .toString();
    QVERIFY2(cell.contains(u"15 min before the provider forgets the key"_s), qPrintable(cell));
    QCOMPARE(formatMargin(3600), u"1 h"_s);
    QCOMPARE(formatMargin(90), u"90 s"_s);
    screenshots(m_window.get(), u"detail-window-margin"_s);
}

void TestQueueLayout::queueMarksWhoARowWaitsFor()
{
    const test::WaitingRows rows = test::addWaitingRows(*m_fx);
    startWindow();
    QCOMPARE(m_window->tabs()->currentIndex(), int(MainWindow::CheckingTab));
    QTableView *table = m_window->queue()->checkingView()->table();
    const int column = waitingColumn(table->model());
    QVERIFY2(column >= 0, "the checking queue has no Waiting column");
    const QHeaderView *h = table->horizontalHeader();
    // Read right after the window left, and in view at the narrowest screen.
    QCOMPARE(h->visualIndex(column), h->visualIndex(OperationTableModel::WindowLeftColumn) + 1);
    m_window->resize(1024, 700);
    QApplication::processEvents();
    QVERIFY(!table->isColumnHidden(column));
    QVERIFY(wholeInView(table, column));
    QVERIFY(!table->horizontalScrollBar()->isVisible());
    const QHash<QString, QString> marker = {
        {rows.approval,
         u"approval #%1 (asked by alice; another supervisor decides)"_s.arg(rows.approvalId)},
        {rows.proposal, u"proposal: close failed"_s},
        {rows.lease, u"bob is resending"_s},
        {rows.plain, QString()},
        {kUnknownId, QString()}};
    OperationTableModel *model = m_window->queue()->checkingModel();
    for (auto it = marker.begin(); it != marker.end(); ++it) {
        const QModelIndex cell = model->index(model->rowOf(it.key()), column);
        QVERIFY2(cell.isValid(), qPrintable(it.key()));
        QCOMPARE(cell.data().toString(), it.value());
        QCOMPARE(cell.data(Qt::ToolTipRole).toString().isEmpty(), it.value().isEmpty());
        QVERIFY(table->visualRect(cell).intersects(table->viewport()->rect()));
    }
    QVERIFY(model->index(model->rowOf(rows.approval), column)
                .data(Qt::ToolTipRole)
                .toString()
                .endsWith(u"A supervisor other than alice decides it: bob."_s));
    screenshots(m_window.get(), u"checking-queue-markers"_s);
}

QTEST_MAIN(TestQueueLayout)
#include "tst_queuelayout.moc"
