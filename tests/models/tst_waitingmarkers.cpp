// Who a row waits for (issue 50 item 7): the list's read hands each row its pending approval (and
// who may decide it), its open proposal and a live resend lease, in the same statement that lists
// the rows, and the table model shows them in the Waiting column as a marker with the full
// sentence in the tooltip. Runs on SQLite and, as tst_waitingmarkers_pg, on PostgreSQL, where
// each row is written by its role's login (waitingfixture.h) and the queue is read as the service.

#include "itemmodels/localeformat.h"
#include "itemmodels/operationtablemodel.h"
#include "storage/operations/operationquery.h"
#include "support/waitingfixture.h"

#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QTest>
#include <algorithm>

using namespace Qt::StringLiterals;
using namespace ops;

namespace {

using Tester = QAbstractItemModelTester;

// The Waiting column, found by its title (the suite says so on a model without one).
int waitingColumn(const QAbstractItemModel &model)
{
    for (int c = 0; c < model.columnCount(); ++c) {
        if (model.headerData(c, Qt::Horizontal).toString() == u"Waiting"_s)
            return c;
    }
    return -1;
}

} // namespace

class TestWaitingMarkers : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();
    void init();
    void cleanup();
    void queueMarksWhoEachRowWaitsFor();
    void expiredLeaseLeavesTheMarker();

private:
    QString cell(int role, const QString &id) const;

    std::unique_ptr<test::RolesFixture> m_fx;
    std::unique_ptr<OperationQuery> m_query;
    std::unique_ptr<OperationTableModel> m_model;
    std::unique_ptr<Tester> m_tester;
    test::WaitingRows m_rows;
};

void TestWaitingMarkers::initTestCase()
{
    const QString error = test::prepareRoles();
    QVERIFY2(error.isEmpty(), qPrintable(error));
}

void TestWaitingMarkers::cleanupTestCase()
{
    const QString error = test::dropRoles();
    QVERIFY2(error.isEmpty(), qPrintable(error));
}

void TestWaitingMarkers::init()
{
    m_fx = std::make_unique<test::RolesFixture>();
    m_rows = test::addWaitingRows(*m_fx);
    m_query = std::make_unique<OperationQuery>(connectionOf(m_fx->store()), m_fx->clock());
    m_model =
        std::make_unique<OperationTableModel>(*m_query, OperationTableModel::Scope::CheckingQueue);
    m_tester = std::make_unique<Tester>(m_model.get(), Tester::FailureReportingMode::QtTest);
    m_model->setFilter(QueryFilter::checkingQueue());
}

void TestWaitingMarkers::cleanup()
{
    m_tester.reset();
    m_model.reset();
    m_query.reset();
    m_fx.reset();
}

QString TestWaitingMarkers::cell(int role, const QString &id) const
{
    const int row = m_model->rowOf(id);
    const int column = waitingColumn(*m_model);
    if (row < 0 || column < 0)
        return u"<no row %1 or no Waiting column>"_s.arg(id);
    return m_model->index(row, column).data(role).toString();
}

void TestWaitingMarkers::queueMarksWhoEachRowWaitsFor()
{
    QVERIFY2(waitingColumn(*m_model) >= 0, "the queue has no Waiting column");
    QCOMPARE(m_model->rowCount(), 4);
    const QString id = QString::number(m_rows.approvalId);
    const QString alice = test::personName(u"alice"_s);
    QCOMPARE(cell(Qt::DisplayRole, m_rows.approval),
             u"approval #%1 (asked by %2; another supervisor decides)"_s.arg(id, alice));
    const QString asked = u"Waiting on approval #%1: %2 asked to close it. A supervisor other "
                          "than %2 decides it"_s.arg(id, alice);
    const QString approvalTip = cell(Qt::ToolTipRole, m_rows.approval);
    if (test::onPostgres()) {
        // Team mode: the deciders are the server's supervisor logins (cluster-wide, so other
        // suites' logins may be among them); never the requester.
        QVERIFY2(approvalTip.startsWith(asked), qPrintable(approvalTip));
        QVERIFY2(!approvalTip.mid(asked.size()).contains(alice), qPrintable(approvalTip));
    } else { // the directory: alice and bob are supervisors, carol is support
        QCOMPARE(approvalTip, asked + u": bob."_s);
    }

    QCOMPARE(cell(Qt::DisplayRole, m_rows.proposal), u"proposal: close failed"_s);
    QCOMPARE(cell(Qt::ToolTipRole, m_rows.proposal),
             u"The reconciler proposes closing this operation as failed; a person applies it or "
             "decides otherwise."_s);

    const QString bob = test::personName(u"bob"_s);
    QCOMPARE(cell(Qt::DisplayRole, m_rows.lease), bob + u" is resending"_s);
    const QDateTime until = m_fx->clock().now().addSecs(m_rows.leaseSeconds);
    QCOMPARE(cell(Qt::ToolTipRole, m_rows.lease),
             u"%1 is resending this operation right now (until %2); wait for the result before "
             "acting on it."_s.arg(bob, formatDateTime(until, QLocale())));

    QCOMPARE(cell(Qt::DisplayRole, m_rows.plain), QString());
    QCOMPARE(cell(Qt::ToolTipRole, m_rows.plain), QString());
}

void TestWaitingMarkers::expiredLeaseLeavesTheMarker()
{
    const int column = waitingColumn(*m_model);
    QVERIFY2(column >= 0, "the queue has no Waiting column");
    QSignalSpy changed(m_model.get(), &QAbstractItemModel::dataChanged);
    m_fx->clock().advanceSecs(m_rows.leaseSeconds + 1);
    m_model->refreshCountdown();
    const bool waitingChanged =
        std::any_of(changed.begin(), changed.end(), [column](const auto &s) {
            return s.at(0).toModelIndex().column() <= column &&
                   s.at(1).toModelIndex().column() >= column;
        });
    QVERIFY(waitingChanged);
    QCOMPARE(cell(Qt::DisplayRole, m_rows.lease), QString());
    QCOMPARE(cell(Qt::ToolTipRole, m_rows.lease), QString());
    // Read again: the expired lease is not handed over at all.
    m_model->reload();
    QCOMPARE(cell(Qt::DisplayRole, m_rows.lease), QString());
    QCOMPARE(cell(Qt::DisplayRole, m_rows.proposal), u"proposal: close failed"_s);
}

QTEST_GUILESS_MAIN(TestWaitingMarkers)
#include "tst_waitingmarkers.moc"
