// The per-connection statement cache behind runQuery (statementcache.h, issue 15): a kept
// statement runs again with new bindings and no leftovers, a second use of the same SQL while
// the first is still read gets its own statement, a refused statement runs again, one that
// cannot be prepared is not kept, the cache is bounded, a kept statement holds no read snapshot,
// and closing or reopening a connection leaves nothing stale. Real SQLite files (and PostgreSQL as
// tst_statementcache_pg), no fakes.

#include "storage/db/database.h"
#include "storage/db/sqltransaction.h"
#include "storage/db/statementcache.h"
#include "storage/operations/operationstore.h"
#include "storage/session.h"
#include "support/testdatabase.h"

#include <QRegularExpression>
#include <QTest>
#include <thread>

using namespace Qt::StringLiterals;
using namespace ops;

class TestStatementCache : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void cleanup();
    void keptStatementRunsAgainWithNewBindings();
    void sameSqlWhileLentGetsItsOwnStatement();
    void refusedStatementRunsAgain();
    void cacheIsBounded();
    void keptStatementHoldsNoReadSnapshot();
    void reopenedConnectionPreparesAnew();
    void forgetDropsTheStatementsButNotALentOne();
    void foreignThreadRunsUncached();

private:
    QSqlDatabase &db() { return connectionOf(m_session->store()); }
    QStringList names(const QString &sql, const QVariantList &bindings);

    std::unique_ptr<test::TestDatabase> m_database;
    std::unique_ptr<Session> m_session;
    SystemClock m_clock;
};

void TestStatementCache::init()
{
    m_database = std::make_unique<test::TestDatabase>();
    m_session = std::make_unique<Session>(m_database->location(), m_clock);
    // DDL runs plain: PostgreSQL cannot prepare it.
    QVERIFY(QSqlQuery(db()).exec(
        u"CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE)"_s));
    WriteTransaction tx(db());
    for (int i = 1; i <= 5; ++i)
        runQuery(db(), u"INSERT INTO t (id, name) VALUES (?, ?)"_s, {i, u"n%1"_s.arg(i)});
    tx.commit();
}

void TestStatementCache::cleanup()
{
    m_session.reset();
    m_database.reset();
}

QStringList TestStatementCache::names(const QString &sql, const QVariantList &bindings)
{
    QStringList out;
    Query q = runQuery(db(), sql, bindings);
    while (q.next())
        out << q.value(0).toString();
    return out;
}

void TestStatementCache::keptStatementRunsAgainWithNewBindings()
{
    const QString sql = u"SELECT name FROM t WHERE id BETWEEN ? AND ? ORDER BY id"_s;
    const int before = StatementCache::size(db());
    QCOMPARE(names(sql, {2, 3}), QStringList({u"n2"_s, u"n3"_s}));
    QCOMPARE(StatementCache::size(db()), before + 1);
    // Bindings replace the last run's, they do not add to them.
    QCOMPARE(names(sql, {4, 5}), QStringList({u"n4"_s, u"n5"_s}));
    QCOMPARE(names(sql, {9, 9}), QStringList());
    QCOMPARE(StatementCache::size(db()), before + 1);
    // A write through a kept statement reports its own row count each time.
    const QString update = u"UPDATE t SET name = name || '+' WHERE id <= ?"_s;
    QCOMPARE(runQuery(db(), update, {2}).numRowsAffected(), 2);
    QCOMPARE(runQuery(db(), update, {4}).numRowsAffected(), 4);
    QCOMPARE(names(sql, {1, 1}), QStringList({u"n1++"_s}));
}

void TestStatementCache::sameSqlWhileLentGetsItsOwnStatement()
{
    const QString sql = u"SELECT name FROM t WHERE id >= ? ORDER BY id"_s;
    const int before = StatementCache::size(db());
    Query outer = runQuery(db(), sql, {4});
    QVERIFY(outer.next());
    QCOMPARE(outer.value(0).toString(), u"n4"_s);
    // The same SQL again while `outer` is read: its rows are its own, and `outer` goes on.
    QCOMPARE(names(sql, {1}).size(), 5);
    QVERIFY(outer.next());
    QCOMPARE(outer.value(0).toString(), u"n5"_s);
    QVERIFY(!outer.next());
    QCOMPARE(StatementCache::size(db()), before + 1);
    outer.finish();
    QVERIFY(!outer.next());
    QCOMPARE(names(sql, {5}), QStringList({u"n5"_s}));
    // A moved-from Query reads nothing; the moved-to one has the rows.
    Query a = runQuery(db(), sql, {5});
    Query b = std::move(a);
    QVERIFY(!a.next()); // NOLINT(bugprone-use-after-move): the contract under test
    QVERIFY(b.next());
    QCOMPARE(b.value(0).toString(), u"n5"_s);
}

void TestStatementCache::refusedStatementRunsAgain()
{
    const QString insert = u"INSERT INTO t (id, name) VALUES (?, ?)"_s;
    const int before = StatementCache::size(db());
    QVERIFY_THROWS_EXCEPTION(StoreError, runQuery(db(), insert, {6, u"n1"_s})); // UNIQUE(name)
    QCOMPARE(StatementCache::size(db()), before); // init() kept it, and it stays
    QCOMPARE(runQuery(db(), insert, {6, u"n6"_s}).numRowsAffected(), 1);
    QCOMPARE(names(u"SELECT name FROM t WHERE id = ?"_s, {6}), QStringList({u"n6"_s}));
    // A statement that cannot be prepared says so and is not kept either.
    const int kept = StatementCache::size(db());
    try {
        runQuery(db(), u"SELECT nope FROM t"_s);
        QFAIL("a statement naming a missing column ran");
    } catch (const StoreError &e) {
        QVERIFY2(e.message().contains(u"cannot prepare"_s), qPrintable(e.message()));
    }
    QCOMPARE(StatementCache::size(db()), kept);
}

void TestStatementCache::cacheIsBounded()
{
    for (int i = 0; i < StatementCache::kMaxStatements + 20; ++i)
        QCOMPARE(names(u"SELECT name FROM t WHERE id = ? AND %1 = %1"_s.arg(i), {1}).size(), 1);
    QCOMPARE(StatementCache::size(db()), StatementCache::kMaxStatements);
    // The most recent ones are the ones kept: running the last again adds nothing.
    const QString last =
        u"SELECT name FROM t WHERE id = ? AND %1 = %1"_s.arg(StatementCache::kMaxStatements + 19);
    QCOMPARE(names(last, {2}), QStringList({u"n2"_s}));
    QCOMPARE(StatementCache::size(db()), StatementCache::kMaxStatements);
}

void TestStatementCache::keptStatementHoldsNoReadSnapshot()
{
    const QString sql = u"SELECT name FROM t WHERE id >= ? ORDER BY id"_s;
    {
        Query q = runQuery(db(), sql, {1});
        QVERIFY(q.next()); // one row of five read, then the statement goes back to the cache
        QCOMPARE(q.value(0).toString(), u"n1"_s);
    }
    QCOMPARE(StatementCache::size(db()) > 0, true);
    {
        Session other(m_database->location(), m_clock);
        WriteTransaction tx(connectionOf(other.store()));
        runQuery(connectionOf(other.store()), u"UPDATE t SET name = 'changed' WHERE id = 1"_s);
        tx.commit();
        if (dialectOf(db()) == SqlDialect::Sqlite) {
            // A reader left inside its snapshot would keep the log from being reset.
            QSqlQuery cp(connectionOf(other.store()));
            QVERIFY(cp.exec(u"PRAGMA wal_checkpoint(TRUNCATE)"_s));
            QVERIFY(cp.next());
            QCOMPARE(cp.value(0).toInt(), 0); // 0: not blocked by a reader
        }
    }
    QCOMPARE(names(sql, {1}).value(0), u"changed"_s);
}

void TestStatementCache::reopenedConnectionPreparesAnew()
{
    const QString sql = u"SELECT name FROM t WHERE id = ?"_s;
    QCOMPARE(names(sql, {3}), QStringList({u"n3"_s}));
    // Someone else's close and open of the same connection (not through Session).
    db().close();
    QVERIFY(db().open());
    if (dialectOf(db()) != SqlDialect::Sqlite)
        StatementCache::forget(db()); // QPSQL connections are closed only after forget()
    QCOMPARE(names(sql, {3}), QStringList({u"n3"_s}));
}

void TestStatementCache::forgetDropsTheStatementsButNotALentOne()
{
    const QString sql = u"SELECT name FROM t ORDER BY id"_s;
    QCOMPARE(names(sql, {}).size(), 5);
    Query lent = runQuery(db(), sql);
    QVERIFY(StatementCache::size(db()) > 0);
    StatementCache::forget(db());
    QCOMPARE(StatementCache::size(db()), 0);
    int rows = 0;
    while (lent.next())
        ++rows;
    QCOMPARE(rows, 5);
    lent.finish();
    QCOMPARE(names(sql, {}).size(), 5);
    QCOMPARE(StatementCache::size(db()), 1);
}

// Qt Sql allows a connection only in the thread that opened it; a caller that breaks the rule
// still gets its rows, and the cache (a child of the driver) is neither touched nor grown.
void TestStatementCache::foreignThreadRunsUncached()
{
    const int before = StatementCache::size(db());
    // Parenting to the driver from here would fail with a warning and leave the cache orphaned.
    QTest::failOnWarning(QRegularExpression(u".*"_s));
    QStringList rows;
    std::thread other(
        [&] { rows = names(u"SELECT name FROM t WHERE id <= ? ORDER BY id"_s, {2}); });
    other.join();
    QCOMPARE(rows, QStringList({u"n1"_s, u"n2"_s}));
    QCOMPARE(StatementCache::size(db()), before);
}

QTEST_GUILESS_MAIN(TestStatementCache)
#include "tst_statementcache.moc"
