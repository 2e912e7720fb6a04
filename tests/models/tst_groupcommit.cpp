// Shared WAL syncs between the writer threads of one process (CommitDurability::SharedSync,
// writegate.h, issue 15): commits that finish while one sync runs share the next, no commit()
// returns before a sync that began after its COMMIT, and a unit that fails rolls back alone.
// Counted, not timed: the test hook holds the first sync until every thread is waiting, which
// makes the grouping deterministic. Real SQLite files, one connection per thread.

#include "storage/db/sqlconnection.h"
#include "storage/db/sqltransaction.h"
#include "storage/db/writegate.h"
#include "storage/operations/operationstore.h"
#include "storage/session.h"

#include <QElapsedTimer>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>
#include <atomic>
#include <thread>

using namespace Qt::StringLiterals;
using namespace ops;

namespace {

constexpr int kThreads = 8;

// Holds the first sync of a run until `expected` threads wait for durability (every one of them
// has run its COMMIT or ROLLBACK and taken its place), and records how many commit() calls had
// returned by then.
struct FirstSyncHold
{
    explicit FirstSyncHold(int expected)
        : m_expected(expected)
    {
        WriteGate::setBeforeSyncHook([this](const QString &path) { onSync(path); });
    }
    ~FirstSyncHold() { WriteGate::setBeforeSyncHook({}); }

    void onSync(const QString &path)
    {
        if (m_held.exchange(true))
            return;
        QElapsedTimer waited;
        waited.start();
        while (WriteGate::waitingForSync(path) < m_expected && waited.elapsed() < 20000)
            std::this_thread::sleep_for(std::chrono::milliseconds(1));
        m_allWaiting = WriteGate::waitingForSync(path) >= m_expected;
        m_returnedAtFirstSync = returned.load();
    }

    std::atomic_int returned = 0;
    int m_expected = 0;
    std::atomic_bool m_held = false;
    bool m_allWaiting = false;
    int m_returnedAtFirstSync = -1;
};

void createTable(const QString &location)
{
    const SystemClock clock;
    Session session(location, clock);
    QSqlQuery q(connectionOf(session.store()));
    QVERIFY(q.exec(u"CREATE TABLE units (id INTEGER PRIMARY KEY, unit TEXT NOT NULL UNIQUE, "
                   "caller INTEGER NOT NULL)"_s));
}

int rowCount(const QString &location)
{
    const SystemClock clock;
    Session session(location, clock);
    QSqlQuery q(connectionOf(session.store()));
    return q.exec(u"SELECT COUNT(*) FROM units"_s) && q.next() ? q.value(0).toInt() : -1;
}

// Caller `i` stores unit `unitOf(i)` in its own transaction; a loser of the unique index rolls
// back and reports the winner's caller. Returns the caller whose row holds the unit.
int storeUnit(const QString &location, int i, const QString &unit, FirstSyncHold &hold)
{
    const SystemClock clock;
    Session session(location, clock, CommitDurability::SharedSync);
    Connection &db = connectionOf(session.store());
    {
        WriteTransaction tx(db);
        QSqlQuery q(db);
        q.prepare(u"INSERT INTO units (unit, caller) VALUES (?, ?)"_s);
        q.addBindValue(unit);
        q.addBindValue(i);
        const bool inserted = q.exec();
        q = QSqlQuery();
        if (inserted) {
            tx.commit();
            ++hold.returned;
            return i;
        }
        tx.rollback();
    }
    ++hold.returned;
    QSqlQuery q(db);
    q.prepare(u"SELECT caller FROM units WHERE unit = ?"_s);
    q.addBindValue(unit);
    return q.exec() && q.next() ? q.value(0).toInt() : -1;
}

} // namespace

class TestGroupCommit : public QObject
{
    Q_OBJECT

private slots:
    void concurrentCommitsShareSyncs();
    void uniqueLoserRollsBackAloneAndGetsTheWinner();
    void eachCommitConnectionsSyncInsideCommit();
};

void TestGroupCommit::concurrentCommitsShareSyncs()
{
    QTemporaryDir dir;
    const QString location = dir.path() + u"/ops.sqlite"_s;
    createTable(location);
    const qint64 syncsBefore = WriteGate::syncCount(location);
    FirstSyncHold hold(kThreads);
    std::vector<std::thread> threads;
    std::vector<int> owners(kThreads, -1);
    for (int i = 0; i < kThreads; ++i)
        threads.emplace_back([&, i] { owners[i] = storeUnit(location, i, u"u%1"_s.arg(i), hold); });
    for (auto &t : threads)
        t.join();

    QVERIFY(hold.m_allWaiting);
    // No commit() returned while the first sync was held, though every COMMIT had run.
    QCOMPARE(hold.m_returnedAtFirstSync, 0);
    // The first sync covers its own commit; the next one covers all the others.
    QCOMPARE(WriteGate::syncCount(location) - syncsBefore, qint64(2));
    for (int i = 0; i < kThreads; ++i)
        QCOMPARE(owners[i], i);
    QCOMPARE(rowCount(location), kThreads);
}

void TestGroupCommit::uniqueLoserRollsBackAloneAndGetsTheWinner()
{
    QTemporaryDir dir;
    const QString location = dir.path() + u"/ops.sqlite"_s;
    createTable(location);
    FirstSyncHold hold(kThreads);
    std::vector<std::thread> threads;
    std::vector<int> owners(kThreads, -1);
    // Callers 0 and 1 want the same unit; one of them loses the unique index.
    const auto unitOf = [](int i) {
        return i < 2 ? u"shared"_s : u"u%1"_s.arg(i);
    };
    for (int i = 0; i < kThreads; ++i)
        threads.emplace_back([&, i] { owners[i] = storeUnit(location, i, unitOf(i), hold); });
    for (auto &t : threads)
        t.join();

    QVERIFY(hold.m_allWaiting);
    QCOMPARE(hold.m_returnedAtFirstSync, 0);
    QVERIFY(owners[0] == 0 || owners[0] == 1);
    QCOMPARE(owners[1], owners[0]); // the loser gets the winner's row
    for (int i = 2; i < kThreads; ++i)
        QCOMPARE(owners[i], i); // the others committed despite the loser
    QCOMPARE(rowCount(location), kThreads - 1);
}

void TestGroupCommit::eachCommitConnectionsSyncInsideCommit()
{
    QTemporaryDir dir;
    const QString location = dir.path() + u"/ops.sqlite"_s;
    createTable(location);
    const SystemClock clock;
    Session session(location, clock);
    Connection &db = connectionOf(session.store());
    QVERIFY(!Database::sharesSync(db));
    QSqlQuery sync(db);
    QVERIFY(sync.exec(u"PRAGMA synchronous"_s) && sync.next());
    QCOMPARE(sync.value(0).toInt(), 2); // FULL
    sync = QSqlQuery();
    const qint64 before = WriteGate::syncCount(location);
    WriteTransaction tx(db);
    QVERIFY(QSqlQuery(db).exec(u"INSERT INTO units (unit, caller) VALUES ('x', 1)"_s));
    tx.commit();
    QCOMPARE(WriteGate::syncCount(location), before);
}

QTEST_GUILESS_MAIN(TestGroupCommit)
#include "tst_groupcommit.moc"
