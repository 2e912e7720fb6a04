// OperationQuery: filters, search (SQL metacharacters included), keyset paging in every sort
// order, counts, and index use. Each actor in its role (rolesfixture.h, issue 50): on PostgreSQL
// the agent's login generates and opens the rows, the service's reads and writes from elsewhere.

#include "storage/bulkgenerator.h"
#include "storage/operations/operationquery.h"
#include "support/rolesfixture.h"

#include <QSet>
#include <QSqlQuery>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace ops;

Q_DECLARE_METATYPE(ops::QueryFilter)

namespace {

constexpr qint64 kRows = 400;

NewOperation refundWithOrder(const QString &order, qint64 amount)
{
    NewOperation op;
    op.id = u"op_meta_"_s + QString::number(qHash(order), 16) + QString::number(amount);
    op.unitOfWork = order + u"|"_s + QString::number(amount);
    op.orderId = order;
    op.chargeId = u"ch_meta"_s;
    op.amount = {amount, u"usd"_s};
    op.idempotencyKey = u"meta-key-"_s + op.id;
    op.request = {"POST", u"/v1/refunds"_s, "amount=1", "application/x-www-form-urlencoded"};
    op.createdBy = u"agent:test"_s;
    return op;
}

} // namespace

class TestOperationQuery : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();
    void init();
    void cleanup();
    void filters_data();
    void filters();
    void pagingVisitsEveryRowOnce_data();
    void pagingVisitsEveryRowOnce();
    void searchFindsEachField_data();
    void searchFindsEachField();
    void metacharactersAreLiteral_data();
    void metacharactersAreLiteral();
    void checkingQueueIsSoonestDueFirst();
    void pageQueriesUseIndexes_data();
    void pageQueriesUseIndexes();
    void dataVersionMovesOnOtherConnectionsCommit();

private:
    std::unique_ptr<test::RolesFixture> m_fx;
    std::unique_ptr<OperationQuery> m_query;
};

void TestOperationQuery::initTestCase()
{
    const QString error = test::prepareRoles();
    QVERIFY2(error.isEmpty(), qPrintable(error));
}

void TestOperationQuery::cleanupTestCase()
{
    const QString error = test::dropRoles();
    QVERIFY2(error.isEmpty(), qPrintable(error));
}

void TestOperationQuery::init()
{
    m_fx = std::make_unique<test::RolesFixture>();
    // agent:bench's rows, written by the agent (naming its login on PostgreSQL, as 0013 asks).
    ops::generateOperations(connectionOf(m_fx->agent()), kRows, m_fx->clock().nowMs(),
                            m_fx->agentOf());
    m_query = std::make_unique<OperationQuery>(connectionOf(m_fx->store()), m_fx->clock());
}

void TestOperationQuery::cleanup()
{
    m_query.reset();
    m_fx.reset();
}

void TestOperationQuery::filters_data()
{
    QTest::addColumn<QueryFilter>("filter");
    QTest::addColumn<qint64>("expected");
    QueryFilter f;
    QTest::newRow("all") << f << kRows;
    f.state = OperationState::Unknown;
    QTest::newRow("unknown") << f << kRows / 20;
    f = {};
    f.kind = OperationKind::Refund;
    QTest::newRow("refunds") << f << kRows * 7 / 10;
    f = {};
    f.provider = Provider::Slen;
    QTest::newRow("slen") << f << kRows * 3 / 10;
    f = {};
    f.maxAgeSeconds = 3000; // rows are 30 s apart: the newest 100 and the one on the boundary
    QTest::newRow("age 50 min") << f << qint64(101);
    f = {};
    f.state = OperationState::Succeeded;
    f.kind = OperationKind::Execution;
    QTest::newRow("succeeded executions") << f << kRows / 20; // x%20 == 9 of x%10 == 9
}

void TestOperationQuery::filters()
{
    QFETCH(QueryFilter, filter);
    QFETCH(qint64, expected);
    QCOMPARE(m_query->count(filter), expected);
    const auto rows = m_query->page(filter, std::nullopt, int(kRows) + 10);
    QCOMPARE(qint64(rows.size()), expected);
    for (const auto &row : rows) {
        if (filter.state)
            QVERIFY(row.state == *filter.state);
        if (filter.kind)
            QVERIFY(row.kind == *filter.kind);
        if (filter.provider)
            QVERIFY(row.provider == *filter.provider);
    }
}

void TestOperationQuery::pagingVisitsEveryRowOnce_data()
{
    QTest::addColumn<QueryFilter>("filter");
    const std::pair<SortKey, const char *> keys[] = {{SortKey::Created, "created"},
                                                     {SortKey::Id, "id"},
                                                     {SortKey::Amount, "amount"},
                                                     {SortKey::Deadline, "deadline"},
                                                     {SortKey::LastAttempt, "last attempt"}};
    for (const auto &[key, name] : keys) {
        for (const bool descending : {false, true}) {
            QueryFilter f;
            f.sort = key;
            f.descending = descending;
            QTest::addRow("%s %s", name, descending ? "desc" : "asc") << f;
            f.kind = OperationKind::Refund;
            QTest::addRow("refunds by %s %s", name, descending ? "desc" : "asc") << f;
        }
    }
}

void TestOperationQuery::pagingVisitsEveryRowOnce()
{
    QFETCH(QueryFilter, filter);
    QSet<QString> seen;
    std::optional<PageCursor> cursor;
    QVariant previous;
    for (int pages = 0; pages < 1000; ++pages) {
        const auto rows = m_query->page(filter, cursor, 37); // ties cross page boundaries
        for (const auto &row : rows) {
            QVERIFY2(!seen.contains(row.id), qPrintable(row.id));
            seen.insert(row.id);
            if (previous.isValid() && filter.sort != SortKey::Id) {
                const bool ordered = filter.descending
                                         ? row.sortValue.toLongLong() <= previous.toLongLong()
                                         : row.sortValue.toLongLong() >= previous.toLongLong();
                QVERIFY(ordered);
            }
            previous = row.sortValue;
        }
        if (rows.size() < 37)
            break;
        cursor = OperationQuery::cursorAfter(rows.back());
    }
    QCOMPARE(qint64(seen.size()), m_query->count(filter));
}

void TestOperationQuery::searchFindsEachField_data()
{
    QTest::addColumn<QString>("search");
    QTest::addColumn<QString>("expectedId");
    QTest::newRow("operation id") << ops::generatedId(123) << ops::generatedId(123);
    QTest::newRow("key") << u"key-00000123"_s << ops::generatedId(123);
    QTest::newRow("order") << u"ord_123"_s << ops::generatedId(123);
    QTest::newRow("charge") << u"ch_122"_s << ops::generatedId(122);
    QTest::newRow("provider ref") << u"re_124"_s << ops::generatedId(124);
    QTest::newRow("customer") << u"u_397"_s << ops::generatedId(397);
    QTest::newRow("padded with spaces") << u"  key-00000123 "_s << ops::generatedId(123);
}

void TestOperationQuery::searchFindsEachField()
{
    QFETCH(QString, search);
    QFETCH(QString, expectedId);
    QueryFilter f;
    f.search = search;
    const auto rows = m_query->page(f, std::nullopt, 50);
    QVERIFY(!rows.empty());
    QVERIFY(
        std::any_of(rows.begin(), rows.end(), [&](const auto &r) { return r.id == expectedId; }));
    for (const auto &r : rows) {
        const QString s = search.trimmed();
        QVERIFY(r.id.startsWith(s) || r.idempotencyKey.startsWith(s) || r.orderId.startsWith(s) ||
                r.customerId.startsWith(s) || r.chargeId.startsWith(s) ||
                r.providerRef.startsWith(s));
    }
}

void TestOperationQuery::metacharactersAreLiteral_data()
{
    QTest::addColumn<QString>("search");
    QTest::addColumn<int>("expected");
    QTest::newRow("percent") << u"100%"_s << 1;
    QTest::newRow("lone percent") << u"%"_s << 0;
    QTest::newRow("underscore") << u"a_b"_s << 1;
    QTest::newRow("underscore is not a wildcard") << u"a_"_s << 1;
    QTest::newRow("quote") << u"o'brien"_s << 1;
    QTest::newRow("double quote") << u"\"quoted\""_s << 1;
    QTest::newRow("backslash") << u"back\\slash"_s << 1;
    QTest::newRow("injection") << u"x'; DROP TABLE operations; --"_s << 1;
    QTest::newRow("injection prefix") << u"x' OR '1'='1"_s << 0;
    QTest::newRow("bracket glob") << u"[a-z]*"_s << 1;
    QTest::newRow("non-latin") << u"заказ-7"_s << 1;
}

void TestOperationQuery::metacharactersAreLiteral()
{
    QFETCH(QString, search);
    QFETCH(int, expected);
    const QStringList orders = {
        u"100%"_s,       u"a_b"_s,         u"axb"_s,    u"o'brien"_s,
        u"\"quoted\""_s, u"back\\slash"_s, u"[a-z]*"_s, u"x'; DROP TABLE operations; --"_s,
        u"заказ-7"_s};
    qint64 amount = 100;
    for (const QString &order : orders) {
        NewOperation op = refundWithOrder(order, ++amount);
        op.agent = m_fx->agentOf();
        m_fx->agent().openOrGet(op);
    }
    QueryFilter f;
    f.search = search;
    QCOMPARE(int(m_query->page(f, std::nullopt, 50).size()), expected);
    QCOMPARE(m_query->count(f), qint64(expected));
    QCOMPARE(m_query->count({}), kRows + orders.size()); // the table is still there
}

void TestOperationQuery::checkingQueueIsSoonestDueFirst()
{
    // The default targets: the earlier of the deadline and the target (DESIGN §18).
    const QueryFilter queue = QueryFilter::checkingQueue();
    const auto rows = m_query->page(queue, std::nullopt, 1000);
    QCOMPARE(qint64(rows.size()), kRows / 20);
    const auto due = [&](const OperationSummary &r) {
        return queueDue({r.state, r.createdAt, r.ownedBy, r.deadline}, queue.targets);
    };
    for (size_t i = 1; i < rows.size(); ++i) {
        QVERIFY(rows[i].state == OperationState::Unknown);
        QVERIFY(*due(rows[i - 1]) <= *due(rows[i]));
        QCOMPARE(rows[i].sortValue.toLongLong(), due(rows[i])->toMSecsSinceEpoch());
    }
    // Targets off: the deadline alone.
    QueryFilter deadlineOnly = queue;
    deadlineOnly.targets = {std::chrono::milliseconds(0), std::chrono::milliseconds(0),
                            std::chrono::milliseconds(0)};
    const auto byDeadline = m_query->page(deadlineOnly, std::nullopt, 1000);
    for (size_t i = 1; i < byDeadline.size(); ++i)
        QVERIFY(*byDeadline[i - 1].deadline <= *byDeadline[i].deadline);
}

void TestOperationQuery::pageQueriesUseIndexes_data()
{
    QTest::addColumn<QueryFilter>("filter");
    QTest::addColumn<bool>("withCursor");
    QueryFilter f;
    QTest::newRow("newest first") << f << false;
    QTest::newRow("newest first, next page") << f << true;
    QTest::newRow("checking queue") << QueryFilter::checkingQueue() << false;
    QTest::newRow("checking queue, next page") << QueryFilter::checkingQueue() << true;
    f.state = OperationState::Failed;
    QTest::newRow("failed") << f << true;
    f = {};
    f.kind = OperationKind::Execution;
    QTest::newRow("executions") << f << true;
    f = {};
    f.sort = SortKey::Deadline;
    QTest::newRow("by deadline") << f << true;
    f.sort = SortKey::Amount;
    QTest::newRow("by amount") << f << true;
    f.sort = SortKey::LastAttempt;
    QTest::newRow("by last attempt") << f << true;
    f = {};
    f.search = u"key-0000012"_s;
    QTest::newRow("search") << f << false;
    f.state = OperationState::Unknown;
    QTest::newRow("search in unknown rows, next page") << f << true;
}

void TestOperationQuery::pageQueriesUseIndexes()
{
    QFETCH(QueryFilter, filter);
    QFETCH(bool, withCursor);
    const QStringList plan = m_query->explainPage(filter, withCursor);
    const QString text = plan.join(u" | "_s);
    if (ops::test::onPostgres()) {
        // PostgreSQL picks plans from statistics (a small test table is read whole); only the
        // EXPLAIN path itself is checked here.
        QVERIFY2(text.contains(u"operations"_s), qPrintable(text));
        return;
    }
    // The Checking queue's order (the earlier of deadline and target) has no index: its unknown
    // rows are found through one and sorted; a full scan is refused as for every other list.
    if (filter.sort == SortKey::Due)
        QVERIFY2(!text.contains(u"SCAN operations"_s), qPrintable(text));
    else if (filter.search.isEmpty())
        QVERIFY2(!text.contains(u"TEMP B-TREE"_s), qPrintable(text));
    else // the matches are few: sorting them is cheap, scanning the table is not
        QVERIFY2(!text.contains(u"SCAN operations"_s), qPrintable(text));
    QVERIFY2(text.contains(u"INDEX"_s), qPrintable(text));
}

void TestOperationQuery::dataVersionMovesOnOtherConnectionsCommit()
{
    const qint64 before = m_query->dataVersion();
    QCOMPARE(m_query->dataVersion(), before);
    {
        const auto service = m_fx->another(u"svc"_s); // the receiver, another process
        Connection other = service->db();
        QVERIFY(QSqlQuery(other).exec(
            u"UPDATE operations SET provider_status = 'pending' WHERE id = '"_s +
            ops::generatedId(1) + u"'"_s));
        other.close();
    }
    QVERIFY(m_query->dataVersion() != before);
}

QTEST_GUILESS_MAIN(TestOperationQuery)
#include "tst_operationquery.moc"
