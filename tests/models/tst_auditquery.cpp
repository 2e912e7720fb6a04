// The audit view's read side: each filter alone and combined (data-driven), bound values
// (LIKE wildcards and quotes are plain text), keyset paging newest first, the item model under
// QAbstractItemModelTester, and the chart figures. On a generated history larger than the count
// bound: every plan (index range or newest-first walk) returns what a plain scan finds, the
// view's count is exact or marked as a lower bound, migration 0008's indexes exist and the
// generated chain verifies.

#include "itemmodels/auditentrymodel.h"
#include "storage/audit/auditlog.h"
#include "storage/audit/auditquery.h"
#include "storage/audit/auditstats.h"
#include "storage/bulkgenerator.h"
#include "support/auditseed.h"

#include <QAbstractItemModelTester>
#include <QTest>
#include <memory>
#include <set>

using namespace Qt::StringLiterals;
using namespace ops;
using namespace ops::test;

namespace {

constexpr qint64 kDayMs = 86'400'000;
constexpr qint64 kGeneratedRows = 5000; // × 4 entries: twice AuditQuery::kCountBound

// A filter made by `set` (data rows stay one line each).
template<typename Set> AuditFilter f(Set set)
{
    AuditFilter filter;
    set(filter);
    return filter;
}

struct Plain
{
    qint64 id = 0;
    qint64 at = 0;
    QString actor;
    QString action;
    QString operationId;
    QString kind;
};

// Every entry, newest first, read without any of AuditQuery's SQL.
std::vector<Plain> allEntries(Connection &db)
{
    QSqlQuery q(db);
    q.setForwardOnly(true);
    if (!q.exec(u"SELECT a.id, a.at, a.actor, a.action, a.operation_id, o.kind FROM audit a "
                "LEFT JOIN operations o ON o.id = a.operation_id ORDER BY a.id DESC"_s))
        qFatal("%s", qPrintable(q.lastError().text()));
    std::vector<Plain> out;
    while (q.next())
        out.push_back({q.value(0).toLongLong(), q.value(1).toLongLong(), q.value(2).toString(),
                       q.value(3).toString(), q.value(4).toString(), q.value(5).toString()});
    return out;
}

bool matches(const Plain &e, const AuditFilter &f)
{
    return e.actor.startsWith(f.actor) && e.action.startsWith(f.action) &&
           e.operationId.startsWith(f.operationPrefix) && (!f.fromMs || e.at >= *f.fromMs) &&
           (!f.toMs || e.at < *f.toMs) && (!f.kind || e.kind == toString(*f.kind));
}

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
    void migrationIndexesEveryFilter();
    void plansAgreeWithAPlainScan_data();
    void plansAgreeWithAPlainScan();
    void sparseFiltersReadTheirIndex();
    void generatedHistoryIsAValidChain();
    void verifyReportsProgressAndCancels();
    void initTestCase() { QCOMPARE(prepareRoles(), QString()); }
    void cleanupTestCase()
    {
        m_generated.reset();
        QCOMPARE(dropRoles(), QString());
    }

private:
    // kGeneratedRows operations and their history, generated once for the plan cases: by the
    // owner (RolesFixture::owner(); bulkgenerator.h inserts into audit itself).
    RolesFixture &generated();
    std::unique_ptr<RolesFixture> m_generated;
};

RolesFixture &TestAuditQuery::generated()
{
    if (!m_generated) {
        m_generated = std::make_unique<RolesFixture>();
        Connection &db = m_generated->owner();
        generateOperations(db, kGeneratedRows, m_generated->clock().nowMs());
        generateAuditHistory(db, kGeneratedRows, m_generated->clock().nowMs());
    }
    return *m_generated;
}

void TestAuditQuery::filters_data()
{
    QTest::addColumn<AuditFilter>("filter");
    QTest::addColumn<qint64>("expected");
    const qint64 day1 = QDateTime(QDate(2026, 11, 29), QTime(0, 0), Qt::UTC).toMSecsSinceEpoch();
    QTest::addRow("none") << AuditFilter{} << qint64(19);
    QTest::addRow("actor prefix operator:")
        << f([](AuditFilter &x) { x.actor = u"operator:"_s; }) << qint64(3);
    QTest::addRow("actor operator:alice")
        << f([](AuditFilter &x) { x.actor = personActorOf(u"alice"_s); }) << qint64(2);
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
        x.actor = personActorOf(u"alice"_s);
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
    RolesFixture f;
    seedAuditHistory(f);
    AuditQuery query(connectionOf(f.store()));
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
    RolesFixture f;
    seedAuditHistory(f);
    AuditQuery query(connectionOf(f.store()));
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
    RolesFixture f;
    seedAuditHistory(f);
    QSqlQuery q(connectionOf(f.store()));
    QVERIFY(q.exec(u"SELECT COUNT(*) FROM attempts"_s) && q.next());
    const qint64 attempts = q.value(0).toLongLong();
    QCOMPARE(attempts, qint64(5));
    AuditQuery query(connectionOf(f.store()));
    AuditFilter started;
    started.action = u"attempt.started"_s;
    QCOMPARE(query.count(started), attempts);
    AuditFilter finished;
    finished.action = u"attempt.finished"_s;
    QCOMPARE(query.count(finished), attempts);
}

void TestAuditQuery::modelFetchesPagesAndPassesTheTester()
{
    RolesFixture f;
    seedAuditHistory(f);
    AuditQuery query(connectionOf(f.store()));
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
    alice.actor = f.person(u"alice"_s);
    model.setFilter(alice);
    QCOMPARE(model.rowCount(), 2);
    QVERIFY(!model.canFetchMore({}));
    // New entries appear at the top after reload.
    f.as(u"alice"_s).markUnknown(u"op_e1"_s, u"window closed"_s, f.person(u"alice"_s));
    model.reload();
    QCOMPARE(model.rowCount(), 3);
    QCOMPARE(model.index(0, AuditEntryModel::ActionColumn).data().toString(), u"state.unknown"_s);
}

void TestAuditQuery::modelShowsColumns()
{
    RolesFixture f;
    seedAuditHistory(f);
    AuditQuery query(connectionOf(f.store()));
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
    QCOMPARE(cell(AuditEntryModel::ActorColumn).toString(), f.person(u"alice"_s));
    QCOMPARE(cell(AuditEntryModel::OperationColumn).toString(), u"op_r1"_s);
    QCOMPARE(cell(AuditEntryModel::KindColumn).toString(), u"refund"_s);
    // The column shows a one-line summary; the stored JSON stays whole behind DetailRole.
    QVERIFY(cell(AuditEntryModel::DetailColumn, AuditEntryModel::DetailRole)
                .toString()
                .contains(u"\"outcome\":\"failed\""_s));
    QCOMPARE(cell(AuditEntryModel::TimeColumn, Qt::ToolTipRole).toString(),
             u"2026-11-29 14:01:00 UTC"_s); // formatUtc, the format every UTC tooltip uses
    QCOMPARE(model.headerData(AuditEntryModel::ActorColumn, Qt::Horizontal).toString(), u"Actor"_s);
    QVERIFY(!model.index(0, 0).data(AuditEntryModel::MonospaceRole).toBool());
    // Ids are monospace; the Detail column is a prose summary now (the JSON is in the side panel).
    QVERIFY(cell(AuditEntryModel::OperationColumn, AuditEntryModel::MonospaceRole).toBool());
    QVERIFY(!cell(AuditEntryModel::DetailColumn, AuditEntryModel::MonospaceRole).toBool());
}

void TestAuditQuery::unknownPerDay()
{
    RolesFixture f;
    const SeededHistory h = seedAuditHistory(f);
    AuditStats stats(connectionOf(f.store()));
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
    RolesFixture f;
    seedAuditHistory(f);
    AuditStats stats(connectionOf(f.store()));
    const auto bins = stats.attemptsPerOperation(3);
    const std::vector<Bin> expected = {{u"1"_s, 1, 2}, {u"2"_s, 2, 0}, {u"3+"_s, 3, 1}};
    QCOMPARE(bins, expected);
    QCOMPARE(stats.attemptsPerOperation(2).back(), (Bin{u"2+"_s, 2, 1}));
}

void TestAuditQuery::unknownToClosed()
{
    RolesFixture f;
    seedAuditHistory(f);
    AuditStats stats(connectionOf(f.store()));
    const auto bins = stats.unknownToClosed();
    QCOMPARE(bins.size(), size_t(6));
    qint64 total = 0;
    for (const Bin &b : bins)
        total += b.count;
    QCOMPARE(total, qint64(1)); // op_r1 only: op_c1 is still unknown, op_r2 never was
    QCOMPARE(bins.at(1).label, u"1-4h"_s);
    QCOMPARE(bins.at(1).count, qint64(1)); // unknown at 12:00, closed at 14:01
}

void TestAuditQuery::migrationIndexesEveryFilter()
{
    RolesFixture f;
    Connection &db = connectionOf(f.store());
    QCOMPARE(Database::schemaVersion(db), Database::latestVersion());
    QSqlQuery q(db);
    QVERIFY(q.exec(onPostgres()
                       ? u"SELECT indexname FROM pg_indexes WHERE schemaname = current_schema()"_s
                       : u"SELECT name FROM sqlite_master WHERE type = 'index'"_s));
    QStringList names;
    while (q.next())
        names << q.value(0).toString();
    for (const QString &index :
         {u"audit_actor"_s, u"audit_action"_s, u"audit_at"_s, u"operations_kind"_s})
        QVERIFY2(names.contains(index), qPrintable(index));
}

void TestAuditQuery::plansAgreeWithAPlainScan_data()
{
    QTest::addColumn<AuditFilter>("filter");
    const qint64 now = QDateTime(QDate(2026, 11, 29), QTime(12, 0), Qt::UTC).toMSecsSinceEpoch();
    QTest::addRow("none") << AuditFilter{};
    QTest::addRow("dense actor") << f([](AuditFilter &x) { x.actor = u"system:"_s; });
    QTest::addRow("sparse actor") << f([](AuditFilter &x) { x.actor = u"operator:alice"_s; });
    QTest::addRow("no such actor") << f([](AuditFilter &x) { x.actor = u"operator:zed"_s; });
    QTest::addRow("dense action") << f([](AuditFilter &x) { x.action = u"attempt."_s; });
    QTest::addRow("sparse action")
        << f([](AuditFilter &x) { x.action = u"state.closed_manually"_s; });
    QTest::addRow("dense operation") << f([](AuditFilter &x) { x.operationPrefix = u"op_"_s; });
    QTest::addRow("one operation")
        << f([](AuditFilter &x) { x.operationPrefix = generatedId(42); });
    QTest::addRow("dense kind") << f([](AuditFilter &x) { x.kind = OperationKind::Refund; });
    QTest::addRow("sparse kind") << f([](AuditFilter &x) { x.kind = OperationKind::Execution; });
    QTest::addRow("kind with no entries")
        << f([](AuditFilter &x) { x.kind = OperationKind::CreditAdjust; });
    QTest::addRow("last hour") << f([now](AuditFilter &x) { x.fromMs = now - 3'600'000; });
    QTest::addRow("before the last hour") << f([now](AuditFilter &x) { x.toMs = now - 3'600'000; });
    QTest::addRow("dense actor, sparse kind") << f([](AuditFilter &x) {
        x.actor = u"system:engine"_s;
        x.kind = OperationKind::Execution;
    });
    QTest::addRow("two dense conditions") << f([](AuditFilter &x) {
        x.actor = u"system:engine"_s;
        x.action = u"state."_s;
    });
}

void TestAuditQuery::plansAgreeWithAPlainScan()
{
    QFETCH(AuditFilter, filter);
    Connection &db = connectionOf(generated().store());
    std::vector<qint64> expected;
    for (const Plain &e : allEntries(db)) {
        if (matches(e, filter))
            expected.push_back(e.id);
    }
    AuditQuery query(db);
    QCOMPARE(query.count(filter), qint64(expected.size()));
    const AuditCount view = query.countForView(filter);
    if (view.atLeast) {
        QCOMPARE(view.value, AuditQuery::kCountBound);
        QVERIFY(qint64(expected.size()) >= AuditQuery::kCountBound);
    } else {
        QCOMPARE(view.value, qint64(expected.size()));
    }
    // Three keyset pages, then the export's stream: the same ids in the same order.
    std::vector<qint64> paged;
    std::optional<qint64> before;
    for (int i = 0; i < 3; ++i) {
        const auto rows = query.page(filter, before, 200);
        for (const AuditRow &r : rows)
            paged.push_back(r.id);
        if (rows.size() < 200)
            break;
        before = rows.back().id;
    }
    const std::vector<qint64> head(expected.begin(),
                                   expected.begin() + qMin<qsizetype>(600, expected.size()));
    QCOMPARE(paged, head);
    AuditStream stream = query.stream(filter);
    std::vector<AuditRow> streamed;
    while (stream.read(streamed, 1000) == 1000) {
    }
    QCOMPARE(streamed.size(), expected.size());
    for (size_t i = 0; i < expected.size(); ++i)
        QCOMPARE(streamed[i].id, expected[i]);
}

void TestAuditQuery::sparseFiltersReadTheirIndex()
{
    if (onPostgres())
        QSKIP("the plan hints are SQLite's; PostgreSQL plans with the bound values");
    AuditQuery query(connectionOf(generated().store()));
    AuditFilter sparse;
    sparse.actor = u"operator:alice"_s;
    QVERIFY2(query.explainPage(sparse).join(u' ').contains(u"audit_actor"_s),
             qPrintable(query.explainPage(sparse).join(u" | "_s)));
    AuditFilter dense;
    dense.actor = u"system:"_s;
    const QString densePlan = query.explainPage(dense).join(u" | "_s);
    QVERIFY2(!densePlan.contains(u"audit_actor"_s) && !densePlan.contains(u"TEMP B-TREE"_s),
             qPrintable(densePlan));
    AuditFilter kind;
    kind.kind = OperationKind::Execution;
    QVERIFY2(query.explainPage(kind).join(u' ').contains(u"operations_kind"_s),
             qPrintable(query.explainPage(kind).join(u" | "_s)));
}

void TestAuditQuery::generatedHistoryIsAValidChain()
{
    RolesFixture f;
    f.addOperator(u"dave"_s, Role::Support); // an entry before: the generator continues the chain
    generateOperations(f.owner(), 1000, f.clock().nowMs());
    generateAuditHistory(f.owner(), 1000, f.clock().nowMs());
    Connection &db = connectionOf(f.store());
    const ChainCheck check = AuditLog::verify(db);
    QVERIFY2(check.holds(), qPrintable(check.reason));
    QCOMPARE(check.entries, qint64(4001));
    // The hashes are the canonical ones, recomputed here through the JSON parser.
    int sampled = 0;
    const QString mismatch = parsedHashMismatch(db, u"id % 97 = 0"_s, sampled);
    QVERIFY2(mismatch.isEmpty(), qPrintable(mismatch));
    QCOMPARE(sampled, 4001 / 97);
    AuditQuery query(db);
    AuditFilter closes;
    closes.action = u"state.closed_manually"_s;
    QCOMPARE(query.count(closes), qint64(1)); // row 1000
}

void TestAuditQuery::verifyReportsProgressAndCancels()
{
    RolesFixture f;
    generateOperations(f.owner(), 3000, f.clock().nowMs());
    generateAuditHistory(f.owner(), 3000, f.clock().nowMs());
    Connection &db = connectionOf(f.store());
    std::vector<qint64> done;
    const auto full = AuditLog::verify(db, [&done](qint64 n, qint64 total) {
        done.push_back(n);
        return n <= total;
    });
    QVERIFY(full && full->holds());
    QCOMPARE(full->entries, qint64(12000));
    QCOMPARE(done.size(), size_t(12000 / AuditLog::kProgressEvery + 1));
    QVERIFY(std::is_sorted(done.begin(), done.end()));
    QCOMPARE(done.back(), qint64(12000));
    int calls = 0;
    const auto cancelled = AuditLog::verify(db, [&calls](qint64, qint64) { return ++calls < 2; });
    QVERIFY(!cancelled);
    QCOMPARE(calls, 2);
}

QTEST_GUILESS_MAIN(TestAuditQuery)
#include "tst_auditquery.moc"
