// The console's item models: lazy fetching, checking queue order, countdown from the clock,
// reload without reset, live refresh from another connection, detail models. Every model runs
// under QAbstractItemModelTester. Each actor in its role (rolesfixture.h, issue 50): on PostgreSQL
// the agent's login generates and opens the rows, alice attaches evidence on hers, and the
// others' writes the list must follow come from the service's (the console reads there).

#include "itemmodels/detailmodels.h"
#include "itemmodels/operationtablemodel.h"
#include "storage/bulkgenerator.h"
#include "storage/changewatcher.h"
#include "support/rolesfixture.h"

#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QSqlQuery>
#include <QTest>
#include <map>

using namespace Qt::StringLiterals;
using namespace ops;

namespace {

// The Checking queue with the service targets off: ordered by the retention deadline alone, the
// order these cases move rows by (tst_operationquery checks the targets' order).
QueryFilter deadlineQueue()
{
    QueryFilter f = QueryFilter::checkingQueue();
    f.targets = {std::chrono::milliseconds(0), std::chrono::milliseconds(0),
                 std::chrono::milliseconds(0)};
    return f;
}

constexpr qint64 kRows = 500;

NewOperation newRefund(const QString &order)
{
    NewOperation op;
    op.id = u"op_live_"_s + order;
    op.unitOfWork = order + u"|500|usd"_s;
    op.orderId = order;
    op.chargeId = u"ch_live"_s;
    op.amount = {500, u"usd"_s};
    op.idempotencyKey = u"live-key-"_s + order;
    op.request = {"POST", u"/v1/refunds"_s, "amount=500", "application/x-www-form-urlencoded"};
    op.createdBy = u"agent:test"_s;
    return op;
}

using Tester = QAbstractItemModelTester;

} // namespace

class TestOperationModels : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();
    void init();
    void cleanup();
    void fetchesPagesLazily();
    void checkingQueueHoldsUnknownRowsSoonestFirst();
    void sortByColumn_data();
    void sortByColumn();
    void columnsShowDesignFields();
    void countdownFollowsTheClock();
    void reloadKeepsRowsWhenIdsAreUnchanged();
    void reloadInsertsArrivingRowsWithoutReset();
    void reloadAppliesMovesAndRemovalsWithoutReset();
    void reloadKeepsAWholeListWhole();
    void updateRowReplacesMovesAndRemovesByValue();
    void liveRefreshShowsAnotherConnectionsRowWithinTwoSeconds();
    void detailModels();
    void evidenceModelChecksItems();

private:
    // `op` opened by the agent's engine, naming its login on PostgreSQL (migration 0013).
    OpenResult open(NewOperation op);

    std::unique_ptr<test::RolesFixture> m_fx;
    std::unique_ptr<OperationQuery> m_query;
};

void TestOperationModels::initTestCase()
{
    const QString error = test::prepareRoles();
    QVERIFY2(error.isEmpty(), qPrintable(error));
}

void TestOperationModels::cleanupTestCase()
{
    const QString error = test::dropRoles();
    QVERIFY2(error.isEmpty(), qPrintable(error));
}

OpenResult TestOperationModels::open(NewOperation op)
{
    op.agent = m_fx->agentOf();
    return m_fx->agent().openOrGet(op);
}

void TestOperationModels::init()
{
    m_fx = std::make_unique<test::RolesFixture>();
    // agent:bench's rows, written by the agent (naming its login on PostgreSQL).
    ops::generateOperations(connectionOf(m_fx->agent()), kRows, m_fx->clock().nowMs(),
                            m_fx->agentOf());
    m_query = std::make_unique<OperationQuery>(connectionOf(m_fx->store()), m_fx->clock());
}

void TestOperationModels::cleanup()
{
    m_query.reset();
    m_fx.reset();
}

void TestOperationModels::fetchesPagesLazily()
{
    OperationTableModel model(*m_query);
    Tester tester(&model, Tester::FailureReportingMode::QtTest);
    model.setPageSize(60);
    model.setFilter({});
    QCOMPARE(model.rowCount(), 60);
    QVERIFY(model.canFetchMore({}));
    model.fetchMore({});
    QCOMPARE(model.rowCount(), 120);
    while (model.canFetchMore({}))
        model.fetchMore({});
    QCOMPARE(model.rowCount(), int(kRows));
    QSet<QString> ids;
    for (int r = 0; r < model.rowCount(); ++r)
        ids.insert(model.index(r, 0).data(OperationTableModel::OperationIdRole).toString());
    QCOMPARE(ids.size(), int(kRows));
    // Newest first by default.
    QCOMPARE(model.index(0, 0).data().toString(), ops::generatedId(kRows));
}

void TestOperationModels::checkingQueueHoldsUnknownRowsSoonestFirst()
{
    OperationTableModel model(*m_query, OperationTableModel::Scope::CheckingQueue);
    Tester tester(&model, Tester::FailureReportingMode::QtTest);
    QueryFilter tryOpen = deadlineQueue();
    tryOpen.state = OperationState::Open; // the scope keeps it to unknown rows
    model.setFilter(tryOpen);
    QCOMPARE(model.rowCount(), int(kRows / 20));
    qint64 previous = std::numeric_limits<qint64>::min();
    for (int r = 0; r < model.rowCount(); ++r) {
        QCOMPARE(model.index(r, 0).data(OperationTableModel::StateRole).toString(), u"unknown"_s);
        const qint64 left =
            model.index(r, 0).data(OperationTableModel::WindowLeftRole).toLongLong();
        QVERIFY(left >= previous);
        previous = left;
    }
}

void TestOperationModels::sortByColumn_data()
{
    QTest::addColumn<int>("column");
    QTest::addColumn<Qt::SortOrder>("order");
    QTest::addColumn<int>("role");
    QTest::newRow("amount asc") << int(OperationTableModel::AmountColumn) << Qt::AscendingOrder
                                << int(OperationTableModel::AmountColumn);
    QTest::newRow("window left desc")
        << int(OperationTableModel::WindowLeftColumn) << Qt::DescendingOrder
        << int(OperationTableModel::WindowLeftColumn);
}

void TestOperationModels::sortByColumn()
{
    QFETCH(int, column);
    QFETCH(Qt::SortOrder, order);
    OperationTableModel model(*m_query);
    Tester tester(&model, Tester::FailureReportingMode::QtTest);
    model.setFilter({});
    model.sort(column, order);
    QCOMPARE(model.filter().descending, order == Qt::DescendingOrder);
    QVERIFY(model.rowCount() > 0);
    if (column == OperationTableModel::AmountColumn) {
        QVERIFY(model.filter().sort == SortKey::Amount);
        // Amounts are (x*37)%10000+100: the smallest is 100 + the smallest residue.
        const auto *first = model.summaryAt(0);
        const auto *last = model.summaryAt(model.rowCount() - 1);
        QVERIFY(first->amount.minor <= last->amount.minor);
    } else {
        QVERIFY(model.filter().sort == SortKey::Deadline);
    }
}

void TestOperationModels::columnsShowDesignFields()
{
    OperationTableModel model(*m_query);
    Tester tester(&model, Tester::FailureReportingMode::QtTest);
    model.setFilter({});
    QCOMPARE(model.columnCount(), int(OperationTableModel::ColumnCount));
    const QStringList expected = {u"Operation"_s,   u"Kind"_s,     u"Subject"_s, u"Amount"_s,
                                  u"State"_s,       u"Attempts"_s, u"Key"_s,     u"Last attempt"_s,
                                  u"Window left"_s, u"Evidence"_s, u"Age"_s};
    for (int c = 0; c < expected.size(); ++c)
        QCOMPARE(model.headerData(c, Qt::Horizontal).toString(), expected.at(c));
    const int row = model.rowOf(ops::generatedId(kRows)); // x = 500: unknown refund
    QVERIFY(row >= 0);
    auto cell = [&](int column) {
        return model.index(row, column).data().toString();
    };
    QCOMPARE(cell(OperationTableModel::KindColumn), u"refund"_s);
    QCOMPARE(cell(OperationTableModel::SubjectColumn), u"ord_500"_s);
    QCOMPARE(cell(OperationTableModel::AmountColumn), u"86.00 USD"_s); // 500*37%10000+100
    QCOMPARE(cell(OperationTableModel::StateColumn), u"unknown"_s);
    QCOMPARE(cell(OperationTableModel::AttemptsColumn), u"1/6"_s);
    QCOMPARE(cell(OperationTableModel::KeyColumn), u"key-00000500"_s);
    QCOMPARE(cell(OperationTableModel::WindowLeftColumn), u"23h 45m"_s);
    QCOMPARE(cell(OperationTableModel::EvidenceColumn), u"0"_s);
    QVERIFY(model.index(row, OperationTableModel::KeyColumn)
                .data(OperationTableModel::MonospaceRole)
                .toBool());
}

void TestOperationModels::countdownFollowsTheClock()
{
    OperationTableModel model(*m_query, OperationTableModel::Scope::CheckingQueue);
    Tester tester(&model, Tester::FailureReportingMode::QtTest);
    model.setFilter({});
    const int row = model.rowOf(ops::generatedId(kRows));
    QVERIFY(row >= 0);
    const QModelIndex cell = model.index(row, OperationTableModel::WindowLeftColumn);
    QVERIFY(!cell.data(OperationTableModel::UrgentRole).toBool());
    QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
    m_fx->clock().advanceSecs(23 * 3600); // 45 min 1 s left
    model.refreshCountdown();
    QVERIFY(changed.count() >= 1);
    QCOMPARE(cell.data().toString(), u"45m 01s"_s);
    QVERIFY(cell.data(OperationTableModel::UrgentRole).toBool());
    m_fx->clock().advanceSecs(3600);
    model.refreshCountdown();
    QCOMPARE(cell.data().toString(), u"closed"_s);
}

void TestOperationModels::reloadKeepsRowsWhenIdsAreUnchanged()
{
    OperationTableModel model(*m_query);
    Tester tester(&model, Tester::FailureReportingMode::QtTest);
    model.setFilter({});
    QSignalSpy resets(&model, &QAbstractItemModel::modelReset);
    QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
    QSqlQuery(connectionOf(m_fx->store()))
        .exec(u"UPDATE operations SET provider_status = 'pending' WHERE id = '"_s +
              ops::generatedId(kRows - 1) + u"'"_s);
    model.reload();
    QCOMPARE(resets.count(), 0);
    QCOMPARE(changed.count(), 1);
    model.reload(); // nothing changed: no signal at all
    QCOMPARE(changed.count(), 1);
}

void TestOperationModels::reloadInsertsArrivingRowsWithoutReset()
{
    OperationTableModel model(*m_query);
    Tester tester(&model, Tester::FailureReportingMode::QtTest);
    model.setFilter({});
    const QPersistentModelIndex first = model.index(0, 0);
    const QString firstId = first.data(OperationTableModel::OperationIdRole).toString();
    QSignalSpy resets(&model, &QAbstractItemModel::modelReset);
    QSignalSpy inserted(&model, &QAbstractItemModel::rowsInserted);
    m_fx->clock().advanceSecs(1);
    open(newRefund(u"fresh"_s));
    model.reload();
    QCOMPARE(resets.count(), 0);
    QCOMPARE(inserted.count(), 1);
    QCOMPARE(model.index(0, 0).data().toString(), u"op_live_fresh"_s);
    QCOMPARE(first.row(), 1); // a view's selection and current row follow their operation
    QCOMPARE(first.data(OperationTableModel::OperationIdRole).toString(), firstId);
}

void TestOperationModels::reloadAppliesMovesAndRemovalsWithoutReset()
{
    // Issue 50 item 2: others' writes reach the list as row changes, so persistent indexes (a
    // view's selection) stay on their operations, and the rows equal a fresh read.
    QueryFilter f;
    f.sort = SortKey::Amount;
    f.descending = false;
    const auto ids = [](const OperationTableModel &m) {
        QStringList out;
        for (int r = 0; r < m.rowCount(); ++r)
            out << m.index(r, 0).data(OperationTableModel::OperationIdRole).toString();
        return out;
    };
    OperationTableModel model(*m_query);
    Tester tester(&model, Tester::FailureReportingMode::QtTest);
    model.setPageSize(40);
    model.setFilter(f);
    const QStringList before = ids(model);
    std::map<QString, QPersistentModelIndex> held;
    for (const int row : {3, 10, 12, 20, 30})
        held[before.at(row)] = model.index(row, OperationTableModel::AmountColumn);
    const auto setAmount = [this](const QString &id, const QString &amount) {
        QVERIFY(QSqlQuery(connectionOf(m_fx->store()))
                    .exec(u"UPDATE operations SET amount_minor = %1 WHERE id = '%2'"_s.arg(amount,
                                                                                           id)));
    };
    setAmount(before.at(10), u"0"_s);         // moves to the top
    setAmount(before.at(20), u"999999999"_s); // past the rows loaded: leaves
    setAmount(before.at(30), u"(SELECT amount_minor FROM operations WHERE id = '%1')"_s.arg(
                                 before.at(5))); // moves up, next to row 5
    setAmount(before.at(3), u"amount_minor"_s);  // unchanged
    QSqlQuery(connectionOf(m_fx->store()))
        .exec(u"UPDATE operations SET provider_status = 'pending' WHERE id = '"_s + before.at(12) +
              u"'"_s);
    m_fx->clock().advanceSecs(1);
    NewOperation cheap = newRefund(u"cheap"_s);
    cheap.amount = {1, u"usd"_s};
    open(cheap); // comes in near the top

    QSignalSpy resets(&model, &QAbstractItemModel::modelReset);
    model.reload();
    QCOMPARE(resets.count(), 0);
    OperationTableModel fresh(*m_query); // as many rows as the tester's fetchMore left loaded
    fresh.setPageSize(model.rowCount());
    fresh.setFilter(f);
    QCOMPARE(ids(model), ids(fresh));
    QVERIFY(model.rowOf(u"op_live_cheap"_s) >= 0);
    for (const auto &[id, index] : held) {
        if (id == before.at(20)) {
            QVERIFY(!index.isValid());
            continue;
        }
        QVERIFY(index.isValid());
        QCOMPARE(index.data(OperationTableModel::OperationIdRole).toString(), id);
        QCOMPARE(index.column(), int(OperationTableModel::AmountColumn));
    }
    QCOMPARE(held[before.at(12)].data(OperationTableModel::ProviderStatusRole).toString(),
             u"pending"_s);

    QSignalSpy any(&model, &QAbstractItemModel::dataChanged);
    QSignalSpy layout(&model, &QAbstractItemModel::layoutChanged);
    model.reload(); // nothing changed since: no signal
    QCOMPARE(any.count() + layout.count(), 0);
}

void TestOperationModels::reloadKeepsAWholeListWhole()
{
    // Ctrl+Shift+P loads the whole checking queue; rows turning unknown elsewhere must not push
    // its last (selected) rows out of what is loaded.
    OperationTableModel model(*m_query, OperationTableModel::Scope::CheckingQueue);
    Tester tester(&model, Tester::FailureReportingMode::QtTest);
    const int unknown = int(kRows / 20);
    model.setPageSize(unknown + 5);
    model.setFilter(deadlineQueue());
    QCOMPARE(model.rowCount(), unknown);
    QVERIFY(!model.canFetchMore({}));
    const QPersistentModelIndex last = model.index(unknown - 1, 0);
    QSignalSpy removed(&model, &QAbstractItemModel::rowsRemoved);
    QVERIFY(QSqlQuery(connectionOf(m_fx->store()))
                .exec(u"UPDATE operations SET state = 'unknown' WHERE id IN (SELECT id FROM "
                      "operations WHERE state = 'open' ORDER BY id LIMIT 8)"_s));
    model.reload();
    QCOMPARE(removed.count(), 0);
    QCOMPARE(model.rowCount(), unknown + 8);
    QVERIFY(last.isValid());
    QVERIFY(!model.canFetchMore({}));
}

void TestOperationModels::updateRowReplacesMovesAndRemovesByValue()
{
    OperationTableModel model(*m_query, OperationTableModel::Scope::CheckingQueue);
    Tester tester(&model, Tester::FailureReportingMode::QtTest);
    model.setFilter(deadlineQueue()); // every unknown row: the page is the list
    const int rows = model.rowCount();
    QVERIFY(rows > 3 && !model.canFetchMore({}));
    const auto ids = [](const OperationTableModel &m) {
        QStringList out;
        for (int r = 0; r < m.rowCount(); ++r)
            out << m.index(r, 0).data(OperationTableModel::OperationIdRole).toString();
        return out;
    };
    const auto sameAsQuery = [&] {
        OperationTableModel fresh(*m_query, OperationTableModel::Scope::CheckingQueue);
        fresh.setFilter(deadlineQueue());
        return ids(fresh) == ids(model);
    };
    QSignalSpy resets(&model, &QAbstractItemModel::modelReset);
    QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
    QSignalSpy removed(&model, &QAbstractItemModel::rowsRemoved);
    QSignalSpy inserted(&model, &QAbstractItemModel::rowsInserted);
    QSignalSpy moved(&model, &QAbstractItemModel::rowsMoved);
    const QString id = ids(model).at(1);
    Operation op = *m_fx->store().operation(id);

    op.operatorAttempts += 1; // in place: one row's dataChanged
    model.updateRow(op);
    QCOMPARE(changed.count(), 1);
    QCOMPARE(changed.at(0).at(0).value<QModelIndex>().row(), 1);
    QCOMPARE(changed.at(0).at(1).value<QModelIndex>().row(), 1);
    QVERIFY(model.index(1, OperationTableModel::AttemptsColumn)
                .data()
                .toString()
                .contains(u"by operator"_s));
    model.updateRow(op); // the same row again: no signal
    QCOMPARE(changed.count(), 1);

    op.state = OperationState::Succeeded; // no longer in the queue: leaves it
    model.updateRow(op);
    QCOMPARE(removed.count(), 1);
    QCOMPARE(model.rowOf(id), -1);
    QCOMPARE(model.rowCount(), rows - 1);

    op.state = OperationState::Unknown; // back in: where the query puts it
    model.updateRow(op);
    QCOMPARE(inserted.count(), 1);
    QCOMPARE(model.rowOf(id), 1);

    // Its deadline moves past every other row's (written, so the query can be compared): the
    // row moves to the end, as a fresh read orders it.
    QSqlQuery(connectionOf(m_fx->store()))
        .exec(u"UPDATE operations SET deadline_at = 9000000000000 WHERE id = '"_s + id + u"'"_s);
    op = *m_fx->store().operation(id);
    model.updateRow(op);
    QCOMPARE(moved.count(), 1);
    QCOMPARE(model.rowOf(id), rows - 1);
    QVERIFY(sameAsQuery());
    QCOMPARE(resets.count(), 0);

    // With more rows to fetch, a place past the loaded ones is not guessed: the row leaves and
    // fetchMore brings it where it belongs.
    OperationTableModel paged(*m_query, OperationTableModel::Scope::CheckingQueue);
    Tester pagedTester(&paged, Tester::FailureReportingMode::QtTest);
    paged.setPageSize(2);
    QSqlQuery(connectionOf(m_fx->store()))
        .exec(u"UPDATE operations SET deadline_at = 1 WHERE id = '"_s + id + u"'"_s);
    paged.setFilter(deadlineQueue());
    QCOMPARE(paged.rowOf(id), 0);
    QSqlQuery(connectionOf(m_fx->store()))
        .exec(u"UPDATE operations SET deadline_at = 9000000000000 WHERE id = '"_s + id + u"'"_s);
    paged.updateRow(*m_fx->store().operation(id));
    QVERIFY(paged.rowOf(id) != 0);
    while (paged.canFetchMore({}))
        paged.fetchMore({});
    QCOMPARE(ids(paged), ids(model)); // once, at the end, as the query orders it
}

void TestOperationModels::liveRefreshShowsAnotherConnectionsRowWithinTwoSeconds()
{
    OperationTableModel model(*m_query);
    Tester tester(&model, Tester::FailureReportingMode::QtTest);
    model.setFilter({});
    ChangeWatcher watcher(*m_query);
    connect(&watcher, &ChangeWatcher::changed, &model, &OperationTableModel::reload);
    watcher.start();
    {
        // Another process's view of the file: its own connection, its own store (the agent's
        // opsctl on its own login on PostgreSQL).
        const auto agent = m_fx->another(u"agent"_s);
        ManualClock later(m_fx->clock().now().addSecs(5));
        OperationStore otherStore(agent->db(), later);
        NewOperation op = newRefund(u"from_opsctl"_s);
        op.agent = m_fx->agentOf();
        otherStore.openOrGet(op);
    }
    QTRY_COMPARE_WITH_TIMEOUT(model.index(0, 0).data().toString(), u"op_live_from_opsctl"_s, 2000);
}

void TestOperationModels::detailModels()
{
    OperationStore &store = m_fx->agent();
    const Operation op = open(newRefund(u"detail"_s)).operation;
    const AttemptTicket ticket = store.beginAttempt(op.id, u"agent:toolu_1"_s);
    AttemptResult result;
    result.httpStatus = 500;
    result.outcome = Outcome::Undefined;
    result.providerRequestId = u"req_1"_s;
    result.latencyMs = 42;
    store.finishAttempt(op.id, ticket.attemptId, result);
    m_fx->as(u"alice"_s)
        .addEvidence({0,
                      op.id,
                      u"provider_object"_s,
                      u"Refund re_1"_s,
                      u"application/json"_s,
                      R"({"id":"re_1","amount":500})",
                      {},
                      {},
                      m_fx->person(u"alice"_s)});

    AttemptTableModel attempts;
    Tester t1(&attempts, Tester::FailureReportingMode::QtTest);
    attempts.setRows(store.attempts(op.id));
    QCOMPARE(attempts.rowCount(), 1);
    QCOMPARE(attempts.index(0, AttemptTableModel::HttpColumn).data().toString(), u"500"_s);
    QCOMPARE(attempts.index(0, AttemptTableModel::OutcomeColumn).data().toString(), u"undefined"_s);
    QCOMPARE(attempts.index(0, AttemptTableModel::LatencyColumn).data().toString(), u"42 ms"_s);
    QCOMPARE(attempts.index(0, AttemptTableModel::RequestIdColumn).data().toString(), u"req_1"_s);

    EvidenceListModel evidence;
    Tester t2(&evidence, Tester::FailureReportingMode::QtTest);
    evidence.setRows(store.evidence(op.id));
    QCOMPARE(evidence.rowCount(), 1);
    QVERIFY(evidence.index(0)
                .data(EvidenceListModel::ReadableBodyRole)
                .toString()
                .contains(u"\"amount\": 500"_s));

    AuditTableModel audit;
    Tester t3(&audit, Tester::FailureReportingMode::QtTest);
    audit.setRows(store.audit(op.id));
    QCOMPARE(audit.rowCount(), 4); // opened, attempt started, attempt finished, evidence
    QCOMPARE(audit.index(0, AuditTableModel::ActionColumn).data().toString(),
             u"operation.opened"_s);
}

void TestOperationModels::evidenceModelChecksItems()
{
    OperationStore &store = m_fx->store();
    const Operation op = open(newRefund(u"check"_s)).operation;
    for (int i = 0; i < 3; ++i)
        m_fx->as(u"alice"_s)
            .addEvidence({0,
                          op.id,
                          u"note"_s,
                          u"note %1"_s.arg(i),
                          u"text/plain"_s,
                          "seen",
                          {},
                          {},
                          m_fx->person(u"alice"_s)});
    EvidenceListModel model;
    Tester tester(&model, Tester::FailureReportingMode::QtTest);
    model.setRows(store.evidence(op.id));
    QVERIFY(!model.setData(model.index(0), Qt::Checked, Qt::CheckStateRole)); // not checkable yet
    model.setCheckable(true);
    QVERIFY(model.flags(model.index(0)).testFlag(Qt::ItemIsUserCheckable));
    QVERIFY(model.setData(model.index(2), Qt::Checked, Qt::CheckStateRole));
    QCOMPARE(model.checkedIds(),
             QList<qint64>{model.index(2).data(EvidenceListModel::EvidenceIdRole).toLongLong()});
    QCOMPARE(model.index(0).data(EvidenceListModel::ReadableBodyRole).toString(), u"seen"_s);
}

QTEST_GUILESS_MAIN(TestOperationModels)
#include "tst_operationmodels.moc"
