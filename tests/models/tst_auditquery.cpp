// The audit view's read side: each filter alone and combined (data-driven), bound values
// (LIKE wildcards and quotes are plain text), keyset paging newest first, the item model under
// QAbstractItemModelTester, and the chart figures.

#include "auditentrymodel.h"
#include "auditquery.h"
#include "auditseed.h"
#include "auditstats.h"

#include <QAbstractItemModelTester>
#include <QTest>
#include <set>

using namespace Qt::StringLiterals;
using namespace ops;
using namespace ops::test;

namespace {

constexpr qint64 kDayMs = 86'400'000;

} // namespace

class TestAuditQuery : public QObject
{
    Q_OBJECT
private slots:
    void filters_data();
    void filters();
    void pagingIsNewestFirstWithoutGapsOrRepeats_data();
    void pagingIsNewestFirstWithoutGapsOrRepeats();
    void attemptsAreAllInTheAuditTrail();
    void modelFetchesPagesAndPassesTheTester();
    void modelShowsColumns();
    void unknownPerDay();
    void attemptsPerOperation();
    void unknownToClosed();
};

void TestAuditQuery::filters_data()
{
    QTest::addColumn<AuditFilter>("filter");
    QTest::addColumn<qint64>("expected");
    const qint64 day1 = QDateTime(QDate(2026, 11, 29), QTime(0, 0), Qt::UTC).toMSecsSinceEpoch();
    auto f = [](auto set) {
        AuditFilter filter;
        set(filter);
        return filter;
    };
    QTest::addRow("none") << AuditFilter{} << qint64(19);
    QTest::addRow("actor prefix operator:")
        << f([](AuditFilter &x) { x.actor = u"operator:"_s; }) << qint64(3);
    QTest::addRow("actor operator:alice")
        << f([](AuditFilter &x) { x.actor = u"operator:alice"_s; }) << qint64(2);
    QTest::addRow("actor engine") << f([](AuditFilter &x) { x.actor = u"system:engine"_s; })
                                  << qint64(5);
    QTest::addRow("actor nobody") << f([](AuditFilter &x) { x.actor = u"operator:zed"_s; })
                                  << qint64(0);
    QTest::addRow("action attempt.")
        << f([](AuditFilter &x) { x.action = u"attempt."_s; }) << qint64(10);
    QTest::addRow("action attempt.started")
        << f([](AuditFilter &x) { x.action = u"attempt.started"_s; }) << qint64(5);
    QTest::addRow("action state.")
        << f([](AuditFilter &x) { x.action = u"state."_s; }) << qint64(4);
    QTest::addRow("operation op_r")
        << f([](AuditFilter &x) { x.operationPrefix = u"op_r"_s; }) << qint64(10);
    QTest::addRow("operation op_r1")
        << f([](AuditFilter &x) { x.operationPrefix = u"op_r1"_s; }) << qint64(6);
    QTest::addRow("kind refund") << f([](AuditFilter &x) { x.kind = OperationKind::Refund; })
                                 << qint64(10);
    QTest::addRow("kind credit top-up")
        << f([](AuditFilter &x) { x.kind = OperationKind::CreditTopup; }) << qint64(8);
    QTest::addRow("kind execution")
        << f([](AuditFilter &x) { x.kind = OperationKind::Execution; }) << qint64(1);
    QTest::addRow("kind credit charge (none)")
        << f([](AuditFilter &x) { x.kind = OperationKind::CreditCharge; }) << qint64(0);
    QTest::addRow("from day two") << f([day1](AuditFilter &x) { x.fromMs = day1 + kDayMs; })
                                  << qint64(9);
    QTest::addRow("until day two")
        << f([day1](AuditFilter &x) { x.toMs = day1 + kDayMs; }) << qint64(10);
    QTest::addRow("empty range") << f([day1](AuditFilter &x) {
        x.fromMs = day1 + kDayMs;
        x.toMs = day1 + kDayMs;
    }) << qint64(0);
    QTest::addRow("refund state changes") << f([](AuditFilter &x) {
        x.kind = OperationKind::Refund;
        x.action = u"state."_s;
    }) << qint64(3);
    QTest::addRow("alice on op_r1 on day one") << f([day1](AuditFilter &x) {
        x.actor = u"operator:alice"_s;
        x.operationPrefix = u"op_r1"_s;
        x.fromMs = day1;
        x.toMs = day1 + kDayMs;
    }) << qint64(2);
    QTest::addRow("LIKE wildcard is plain")
        << f([](AuditFilter &x) { x.operationPrefix = u"op%"_s; }) << qint64(0);
    QTest::addRow("underscore is plain")
        << f([](AuditFilter &x) { x.actor = u"agent_"_s; }) << qint64(0);
    // Byte order on both backends (PostgreSQL: COLLATE "C"), so case is never folded.
    QTest::addRow("case matters") << f([](AuditFilter &x) { x.actor = u"Operator:"_s; })
                                  << qint64(0);
    QTest::addRow("quote is plain")
        << f([](AuditFilter &x) { x.action = u"' OR 1=1 --"_s; }) << qint64(0);
    QTest::addRow("surrounding spaces ignored")
        << f([](AuditFilter &x) { x.operationPrefix = u"  op_e1 "_s; }) << qint64(1);
}

void TestAuditQuery::filters()
{
    QFETCH(AuditFilter, filter);
    QFETCH(qint64, expected);
    StoreFixture f;
    seedAuditHistory(f);
    AuditQuery query(f.store().database());
    QCOMPARE(query.count(filter), expected);
    const auto rows = query.page(filter, std::nullopt, 100);
    QCOMPARE(qint64(rows.size()), expected);
    for (const AuditRow &r : rows) {
        QVERIFY(r.actor.startsWith(filter.actor.trimmed()));
        QVERIFY(r.action.startsWith(filter.action.trimmed()));
        QVERIFY(r.operationId.startsWith(filter.operationPrefix.trimmed()));
        if (filter.kind)
            QCOMPARE(r.kind, filter.kind);
        if (filter.fromMs)
            QVERIFY(r.at.toMSecsSinceEpoch() >= *filter.fromMs);
        if (filter.toMs)
            QVERIFY(r.at.toMSecsSinceEpoch() < *filter.toMs);
    }
}

void TestAuditQuery::pagingIsNewestFirstWithoutGapsOrRepeats_data()
{
    QTest::addColumn<int>("pageSize");
    QTest::addRow("1") << 1;
    QTest::addRow("4") << 4;
    QTest::addRow("19, exactly all") << 19;
    QTest::addRow("50") << 50;
}

void TestAuditQuery::pagingIsNewestFirstWithoutGapsOrRepeats()
{
    QFETCH(int, pageSize);
    StoreFixture f;
    seedAuditHistory(f);
    AuditQuery query(f.store().database());
    std::vector<qint64> ids;
    std::optional<qint64> before;
    for (;;) {
        const auto rows = query.page({}, before, pageSize);
        for (const AuditRow &r : rows)
            ids.push_back(r.id);
        if (int(rows.size()) < pageSize)
            break;
        before = rows.back().id;
    }
    QCOMPARE(ids.size(), size_t(19));
    for (size_t i = 0; i < ids.size(); ++i)
        QCOMPARE(ids[i], qint64(19 - i));
}

void TestAuditQuery::attemptsAreAllInTheAuditTrail()
{
    // The view reads the audit table alone: every attempts row must have its audit entry.
    StoreFixture f;
    seedAuditHistory(f);
    QSqlQuery q(f.store().database());
    QVERIFY(q.exec(u"SELECT COUNT(*) FROM attempts"_s) && q.next());
    const qint64 attempts = q.value(0).toLongLong();
    QCOMPARE(attempts, qint64(5));
    AuditQuery query(f.store().database());
    AuditFilter started;
    started.action = u"attempt.started"_s;
    QCOMPARE(query.count(started), attempts);
    AuditFilter finished;
    finished.action = u"attempt.finished"_s;
    QCOMPARE(query.count(finished), attempts);
}

void TestAuditQuery::modelFetchesPagesAndPassesTheTester()
{
    StoreFixture f;
    seedAuditHistory(f);
    AuditQuery query(f.store().database());
    AuditEntryModel model(query);
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setPageSize(5);
    model.setFilter({});
    QCOMPARE(model.rowCount(), 5);
    QVERIFY(model.canFetchMore({}));
    while (model.canFetchMore({}))
        model.fetchMore({});
    QCOMPARE(model.rowCount(), 19);
    std::set<qint64> ids;
    for (int r = 0; r < model.rowCount(); ++r)
        ids.insert(model.index(r, 0).data(AuditEntryModel::EntryIdRole).toLongLong());
    QCOMPARE(ids.size(), size_t(19));
    AuditFilter alice;
    alice.actor = u"operator:alice"_s;
    model.setFilter(alice);
    QCOMPARE(model.rowCount(), 2);
    QVERIFY(!model.canFetchMore({}));
    // New entries appear at the top after reload.
    f.store().markUnknown(u"op_e1"_s, u"window closed"_s, u"operator:alice"_s);
    model.reload();
    QCOMPARE(model.rowCount(), 3);
    QCOMPARE(model.index(0, AuditEntryModel::ActionColumn).data().toString(), u"state.unknown"_s);
}

void TestAuditQuery::modelShowsColumns()
{
    StoreFixture f;
    seedAuditHistory(f);
    AuditQuery query(f.store().database());
    AuditEntryModel model(query);
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    AuditFilter closes;
    closes.action = u"state.closed_manually"_s;
    model.setFilter(closes);
    QCOMPARE(model.rowCount(), 1);
    auto cell = [&model](int column, int role = Qt::DisplayRole) {
        return model.index(0, column).data(role);
    };
    QCOMPARE(cell(AuditEntryModel::IdColumn).toLongLong(), qint64(10));
    QCOMPARE(cell(AuditEntryModel::ActorColumn).toString(), u"operator:alice"_s);
    QCOMPARE(cell(AuditEntryModel::OperationColumn).toString(), u"op_r1"_s);
    QCOMPARE(cell(AuditEntryModel::KindColumn).toString(), u"refund"_s);
    QVERIFY(cell(AuditEntryModel::DetailColumn).toString().contains(u"\"outcome\":\"failed\""_s));
    QCOMPARE(cell(AuditEntryModel::TimeColumn, Qt::ToolTipRole).toString(),
             u"2026-11-29T14:01:00.000Z"_s);
    QCOMPARE(model.headerData(AuditEntryModel::ActorColumn, Qt::Horizontal).toString(), u"Actor"_s);
    QVERIFY(!model.index(0, 0).data(AuditEntryModel::MonospaceRole).toBool());
    QVERIFY(cell(AuditEntryModel::DetailColumn, AuditEntryModel::MonospaceRole).toBool());
}

void TestAuditQuery::unknownPerDay()
{
    StoreFixture f;
    const SeededHistory h = seedAuditHistory(f);
    AuditStats stats(f.store().database());
    const QDate d1(2026, 11, 29);
    const auto days = stats.unknownPerDay(h.dayOneStartMs - kDayMs, h.dayOneStartMs + 3 * kDayMs);
    const std::vector<DayCount> expected = {
        {d1.addDays(-1), 0}, {d1, 1}, {d1.addDays(1), 1}, {d1.addDays(2), 0}};
    QCOMPARE(days, expected);
    QVERIFY(stats.unknownPerDay(h.dayOneStartMs, h.dayOneStartMs).empty());
    // A range ending mid-day includes that day.
    QCOMPARE(stats.unknownPerDay(h.dayOneStartMs, h.dayOneStartMs + kDayMs / 2).size(), size_t(1));
}

void TestAuditQuery::attemptsPerOperation()
{
    StoreFixture f;
    seedAuditHistory(f);
    AuditStats stats(f.store().database());
    const auto bins = stats.attemptsPerOperation(3);
    const std::vector<Bin> expected = {{u"1"_s, 1, 2}, {u"2"_s, 2, 0}, {u"3+"_s, 3, 1}};
    QCOMPARE(bins, expected);
    QCOMPARE(stats.attemptsPerOperation(2).back(), (Bin{u"2+"_s, 2, 1}));
}

void TestAuditQuery::unknownToClosed()
{
    StoreFixture f;
    seedAuditHistory(f);
    AuditStats stats(f.store().database());
    const auto bins = stats.unknownToClosed();
    QCOMPARE(bins.size(), size_t(6));
    qint64 total = 0;
    for (const Bin &b : bins)
        total += b.count;
    QCOMPARE(total, qint64(1)); // op_r1 only: op_c1 is still unknown, op_r2 never was
    QCOMPARE(bins.at(1).label, u"1-4h"_s);
    QCOMPARE(bins.at(1).count, qint64(1)); // unknown at 12:00, closed at 14:01
}

QTEST_GUILESS_MAIN(TestAuditQuery)
#include "tst_auditquery.moc"
