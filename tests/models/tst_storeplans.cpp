// The plans of the store's hot and scanning queries (issue 52): each must seek or walk the index
// it was given, on both backends (tst_storeplans_pg on PostgreSQL), also before the table has
// statistics. Each case names the migration that made it so and fails on the index before it.

#include "storage/db/sqlconnection.h"
#include "storage/db/sqldialect.h"
#include "storage/reconcile/reconcilerows.h"
#include "support/messagefixture.h"
#include "support/rolesfixture.h"

#include <QRegularExpression>
#include <QSqlError>
#include <QSqlQuery>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace ops;
using ops::test::RolesFixture;

namespace {

// A refund of order `order` opened by the agent's engine (on PostgreSQL the agent's login).
bool openRefund(RolesFixture &f, const QString &id, const QString &order)
{
    NewOperation op = ops::test::refundOperation(id, order);
    op.attemptCap = 6;
    op.agent = f.agentOf();
    return f.agent().openOrGet(op).created;
}

// The plan of `sql` on `db`, one line per step (EXPLAIN QUERY PLAN on SQLite, EXPLAIN on
// PostgreSQL).
QString planOf(const Connection &db, const QString &sql)
{
    const SqlDialect dialect = dialectOf(db);
    QSqlQuery q(db);
    if (!q.exec(explainPrefix(dialect) + sql))
        return u"EXPLAIN failed: "_s + q.lastError().text();
    QStringList plan;
    while (q.next())
        plan << q.value(explainColumn(dialect)).toString();
    return plan.join(u" | "_s);
}

} // namespace

class TestStorePlans : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    // The team's logins on PostgreSQL (rolesfixture.h); nothing on SQLite.
    void initTestCase() { QCOMPARE(ops::test::prepareRoles(), QString()); }
    void cleanupTestCase() { QCOMPARE(ops::test::dropRoles(), QString()); }
    void latestRefundOfAUnitIsOneIndexSeek();
    void chargeBalanceSeeksItsCharge();
    void reconcilerPassReadsItsIndex();
};

// Rule 13's look-up, as OperationStore::latestRefund runs it. Before migration 0010 the unit's
// index could not give created_at DESC, id DESC, and SQLite walked operations_provider_created
// back through every refund of the provider instead: the whole table for a new unit.
void TestStorePlans::latestRefundOfAUnitIsOneIndexSeek()
{
    if (ops::test::onPostgres())
        QSKIP("PostgreSQL plans from statistics; the index is created the same way there");
    RolesFixture f;
    const QString text = planOf(connectionOf(f.store()),
                                u"SELECT id FROM operations WHERE kind = 'refund' AND "
                                "provider = 'stripe' AND project = 'p' AND unit_of_work = 'u' AND "
                                "reference = '' ORDER BY created_at DESC, id DESC LIMIT 1"_s);
    QVERIFY2(text.contains(u"USING INDEX operations_refund_unit_latest"_s), qPrintable(text));
    QVERIFY2(!text.contains(u"TEMP B-TREE"_s), qPrintable(text));
}

// Rule 9's balance, as the opening's guard runs it (OperationStore::liveRefundTotal), on a
// table that has no statistics yet (a new database, or one that grew fast since its last
// ANALYZE): the plan must seek the charge. Before migration 0019 PostgreSQL costed every one-row
// estimate alike there and, from a few hundred refunds on, took a refund index whose condition
// is the provider alone (operations_refund_unit_latest or _refund_key): every refund of the
// provider was read for each new refund.
void TestStorePlans::chargeBalanceSeeksItsCharge()
{
    RolesFixture f;
    for (int i = 0; i < 500; ++i)
        QVERIFY(openRefund(f, u"op_bal_%1"_s.arg(i), u"o%1"_s.arg(i)));
    const QString text =
        planOf(connectionOf(f.store()),
               u"SELECT COALESCE(SUM(amount_minor), 0) FROM operations WHERE kind = 'refund' AND "
               "provider = 'stripe' AND charge_id = 'ch_o7' AND (state IN ('open', 'unknown', "
               "'awaiting_approval') OR (state = 'succeeded' AND closed_at > 0))"_s);
    static const QRegularExpression seeksCharge(
        uR"((Index Cond: \(+charge_id = )|(USING INDEX \w+ \([^)]*charge_id=))"_s);
    QVERIFY2(text.contains(seeksCharge), qPrintable(text));
}

// The reconciler's candidates (reconcilerows.cpp) walk operations_reconcile_candidates in the
// pass's order and stop at the limit. Before migration 0019 no index matched the query, and a
// pass read the whole table and sorted what it kept. PostgreSQL is asked with sequential scans
// and sorts priced out, which shows the index can serve the query (a small table is otherwise
// rightly scanned); SQLite plans by the index's terms.
void TestStorePlans::reconcilerPassReadsItsIndex()
{
    RolesFixture f;
    for (int i = 0; i < 20; ++i)
        QVERIFY(openRefund(f, u"op_rec_%1"_s.arg(i), u"r%1"_s.arg(i)));
    Connection &db = connectionOf(f.store());
    const bool postgres = ops::test::onPostgres();
    if (postgres)
        for (const QString &off : {u"SET enable_seqscan = off"_s, u"SET enable_sort = off"_s})
            QVERIFY(QSqlQuery(db).exec(off));
    QString sql = reconcileCandidatesSql(dialectOf(db));
    for (const QString &value : {u"1000"_s, u"500"_s, u"0"_s, u"1000"_s, u"100"_s})
        sql.replace(sql.indexOf(u'?'), 1, value);
    const QString text = planOf(db, sql);
    if (postgres)
        for (const QString &on : {u"RESET enable_seqscan"_s, u"RESET enable_sort"_s})
            QVERIFY(QSqlQuery(db).exec(on));
    static const QRegularExpression walksIt(
        u"(USING INDEX|Scan using) operations_reconcile_candidates"_s);
    QVERIFY2(text.contains(walksIt), qPrintable(text));
    QVERIFY2(!text.contains(u"TEMP B-TREE"_s) && !text.contains(u"Sort Key"_s), qPrintable(text));
}

QTEST_GUILESS_MAIN(TestStorePlans)
#include "tst_storeplans.moc"
