// Audit sequencing on PostgreSQL (issue 28 item 2, docs/design.md §14, migration 0015): writers
// queue entries; the sequencer chains committed ones in one total order. Real server, real
// concurrent connections; PostgreSQL only (SQLite chains inline and never queues). Writers log in
// as agents, the sequencer (and the verify that drains it) as the service, the merge delay is
// alice's setting: nobody writes as the owner (issue 50, teamfixture.h).

#include "storage/access/durationsetting.h"
#include "storage/audit/auditlog.h"
#include "storage/audit/auditsequencer.h"
#include "storage/db/sqlconnection.h"
#include "storage/db/sqltransaction.h"
#include "support/onthreads.h"
#include "support/teamfixture.h"

#include <QSqlDriver>
#include <QSqlError>
#include <QSqlQuery>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace ops;
using ops::test::onThreads;

namespace {

qint64 scalar(Connection &db, const QString &sql)
{
    Query q = runQuery(db, sql);
    return q.next() ? q.value(0).toLongLong() : -1;
}

void appendOne(Connection &db, int writer, int n)
{
    WriteTransaction tx(db);
    AuditLog::append(db, 1'700'000'000'000 + n, u"agent:w%1"_s.arg(writer), u"test.entry"_s,
                     u"op_%1_%2"_s.arg(writer).arg(n), {{"n", n}, {"writer", writer}});
    tx.commit();
}

// Begins a transaction on `hold`'s connection that runs one sequencer batch and so keeps the
// sequencer's lock until that transaction ends; the batch's count, -2 when a statement failed.
int holdSequencer(QSqlQuery &hold, int batch)
{
    if (!hold.exec(u"BEGIN"_s) || !hold.exec(u"SELECT ops_audit_sequence(%1)"_s.arg(batch)) ||
        !hold.next())
        return -2;
    return hold.value(0).toInt();
}

} // namespace

class TestAuditSequencing : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();
    void init();
    void cleanup();
    void writersQueueAndTheCommitChains();
    void sixtyFourWritersMakeOneChainWithoutGapsOrDuplicates();
    void rolledBackEntriesNeverReachTheChain();
    void aTransactionsEntriesQueueInOrderAtItsCommit();
    void aRefusedEntryFailsTheCommitAndStoresNothing();
    void aLargeTransactionIsChainedWhole();
    void anUndoneSavepointTakesItsEntriesWithIt();
    void anUndoneSavepointForgetsItsLocks();
    void commitsOfOneProcessLeaveNothingWaiting();
    void hashesMatchTheApplicationsForAwkwardText();
    void sequencerKilledMidBatchIsContinuedByTheNext();
    void aBatchAdvancesTheTipAndAnnouncesEachOperation();
    void stalledSequencerFailsVerifyAfterTheMergeDelay();
    void queuedEntriesCountForDecisions();

private:
    // `writers` threads, each on its own connection of the agent's login, each committing
    // `each` entries one transaction at a time; the threads' errors.
    QStringList writeOnThreads(int writers, int each)
    {
        const QString agentUrl = test::LoginConnection::loginUrl(m_fx->path(), u"agent"_s);
        return onThreads(agentUrl, writers, [each](Connection &db, int w) {
            for (int n = 0; n < each; ++n)
                appendOne(db, w, n);
        });
    }
    // The writers' connection (an agent's login) and the sequencer's (the service's).
    Connection &writer() { return m_fx->db(u"agent"_s); }
    Connection &sequencer() { return m_fx->db(u"svc"_s); }

    std::unique_ptr<test::TeamFixture> m_fx;
};

void TestAuditSequencing::initTestCase()
{
    QVERIFY2(test::onPostgres(), "tst_auditsequencing runs on PostgreSQL only (OPS_TEST_BACKEND)");
    const QString error = test::prepareTeam();
    QVERIFY2(error.isEmpty(), qPrintable(error));
}

void TestAuditSequencing::cleanupTestCase()
{
    const QString error = test::dropTeam({});
    QVERIFY2(error.isEmpty(), qPrintable(error));
}

void TestAuditSequencing::init()
{
    m_fx = std::make_unique<test::TeamFixture>();
}

void TestAuditSequencing::cleanup()
{
    m_fx.reset();
}

void TestAuditSequencing::writersQueueAndTheCommitChains()
{
    Connection &db = writer();
    {
        WriteTransaction tx(db);
        AuditLog::append(db, 1, u"agent:a"_s, u"test.entry"_s, QString(), {{"k", 1}});
        // Inside the transaction the entry waits for the commit, which queues it with the
        // transaction's other entries in one statement: not queued, not chained yet.
        QCOMPARE(scalar(db, u"SELECT COUNT(*) FROM audit_pending"_s), 0);
        QCOMPARE(scalar(db, u"SELECT COUNT(*) FROM audit WHERE action = 'test.entry'"_s), 0);
        tx.commit();
    }
    // The committer's own try chained it.
    QCOMPARE(scalar(db, u"SELECT COUNT(*) FROM audit_pending"_s), 0);
    QCOMPARE(scalar(db, u"SELECT COUNT(*) FROM audit WHERE action = 'test.entry'"_s), 1);
    QVERIFY(AuditLog::verify(db).holds());
}

void TestAuditSequencing::sixtyFourWritersMakeOneChainWithoutGapsOrDuplicates()
{
    constexpr int kWriters = 64;
    constexpr int kEach = 5;
    const qint64 before = scalar(sequencer(), u"SELECT COUNT(*) FROM audit"_s);
    const QStringList errors = writeOnThreads(kWriters, kEach);
    QVERIFY2(errors.isEmpty(), qPrintable(errors.join(u"; "_s)));
    Connection &db = sequencer();
    AuditSequencer::drain(db); // a straggler whose try met another sequencer
    QCOMPARE(scalar(db, u"SELECT COUNT(*) FROM audit_pending"_s), 0);
    QCOMPARE(scalar(db, u"SELECT COUNT(*) FROM audit"_s), before + kWriters * kEach);
    // One chain: every entry links to a distinct predecessor, every hash is distinct.
    QCOMPARE(scalar(db, u"SELECT COUNT(DISTINCT prev_hash) FROM audit"_s),
             before + kWriters * kEach);
    QCOMPARE(scalar(db, u"SELECT COUNT(DISTINCT hash) FROM audit"_s), before + kWriters * kEach);
    // Each writer's entries keep their own order within the total order.
    QCOMPARE(scalar(db, u"SELECT COUNT(*) FROM (SELECT actor, detail, LAG(detail) OVER "
                        "(PARTITION BY actor ORDER BY id) AS previous FROM audit WHERE action = "
                        "'test.entry') e WHERE previous IS NOT NULL AND "
                        "(previous::json->>'n')::int > (detail::json->>'n')::int"_s),
             0);
    const ChainCheck check = AuditLog::verify(db);
    QVERIFY2(check.holds(), qPrintable(check.reason));
    QCOMPARE(check.entries, before + kWriters * kEach);
}

void TestAuditSequencing::rolledBackEntriesNeverReachTheChain()
{
    Connection &db = sequencer();
    const QString agentUrl = test::LoginConnection::loginUrl(m_fx->path(), u"agent"_s);
    const QStringList errors = onThreads(agentUrl, 16, [&](Connection &c, int w) {
        for (int n = 0; n < 4; ++n) {
            WriteTransaction tx(c);
            AuditLog::append(c, n, u"agent:w%1"_s.arg(w),
                             n % 2 ? u"test.kept"_s : u"test.rolled_back"_s, QString(), {{"n", n}});
            if (n % 2)
                tx.commit();
            else
                tx.rollback();
        }
    });
    QVERIFY2(errors.isEmpty(), qPrintable(errors.join(u"; "_s)));
    AuditSequencer::drain(db);
    QCOMPARE(scalar(db, u"SELECT COUNT(*) FROM audit WHERE action = 'test.kept'"_s), 32);
    QCOMPARE(scalar(db, u"SELECT COUNT(*) FROM audit WHERE action = 'test.rolled_back'"_s), 0);
    QCOMPARE(scalar(db, u"SELECT COUNT(*) FROM audit_pending"_s), 0);
    QVERIFY(AuditLog::verify(db).holds());
}

void TestAuditSequencing::aTransactionsEntriesQueueInOrderAtItsCommit()
{
    // More entries than one queueing statement holds (WriteTransaction::kRowsPerInsert), and
    // an entry of another table's insert between them: the chain keeps the order they were
    // appended in.
    constexpr int kEntries = 2 * WriteTransaction::kRowsPerInsert + 3;
    Connection &db = writer();
    {
        WriteTransaction tx(db);
        for (int n = 0; n < kEntries; ++n)
            AuditLog::append(db, n, u"agent:batch"_s, u"test.ordered"_s, QString(), {{"n", n}});
        tx.commit();
    }
    QCOMPARE(scalar(db, u"SELECT COUNT(*) FROM audit_pending"_s), 0);
    QCOMPARE(scalar(db, u"SELECT COUNT(*) FROM audit WHERE action = 'test.ordered'"_s), kEntries);
    QCOMPARE(scalar(db, u"SELECT COUNT(*) FROM (SELECT (detail::json->>'n')::int AS n, "
                        "ROW_NUMBER() OVER (ORDER BY id) - 1 AS position FROM audit "
                        "WHERE action = 'test.ordered') e WHERE n <> position"_s),
             0);
    QVERIFY(AuditLog::verify(db).holds());
}

void TestAuditSequencing::aLargeTransactionIsChainedWhole()
{
    // More entries than a bounded pass's batches hold (AuditSequencer::kBatchesPerPass): the
    // pass after the commit goes on while its batches are full, so none is left waiting.
    const int entries = AuditSequencer::kBatchesPerPass * AuditSequencer::kBatch + 1;
    Connection &db = writer();
    {
        WriteTransaction tx(db);
        for (int n = 0; n < entries; ++n)
            AuditLog::append(db, n, u"agent:bulk"_s, u"test.bulk"_s, QString(), {{"n", n}});
        tx.commit();
    }
    QCOMPARE(scalar(db, u"SELECT COUNT(*) FROM audit_pending"_s), 0);
    QCOMPARE(scalar(db, u"SELECT COUNT(*) FROM audit WHERE action = 'test.bulk'"_s), entries);
}

void TestAuditSequencing::aRefusedEntryFailsTheCommitAndStoresNothing()
{
    // An agent's login writing in a person's name: the queue's guard refuses it when the
    // transaction queues its entries, before COMMIT, so the commit fails and nothing of the
    // transaction stays, the entries before the forged one included.
    Connection &db = writer();
    const qint64 before = scalar(db, u"SELECT COUNT(*) FROM audit"_s);
    QString refusal;
    try {
        WriteTransaction tx(db);
        AuditLog::append(db, 1, u"agent:honest"_s, u"test.refused"_s, QString(), {{"n", 1}});
        AuditLog::append(db, 2, u"operator:alice"_s, u"test.refused"_s, QString(), {{"n", 2}});
        tx.commit();
    } catch (const StoreError &e) {
        refusal = e.message();
    }
    QVERIFY2(refusal.contains(u"audit_pending.actor names operator:alice"_s), qPrintable(refusal));
    QCOMPARE(scalar(db, u"SELECT COUNT(*) FROM audit_pending"_s), 0);
    QCOMPARE(scalar(db, u"SELECT COUNT(*) FROM audit"_s), before);
    // The connection is usable again, and its next transaction queues only its own entry.
    appendOne(db, 1, 1);
    QCOMPARE(scalar(db, u"SELECT COUNT(*) FROM audit"_s), before + 1);
    QCOMPARE(scalar(db, u"SELECT COUNT(*) FROM audit WHERE action = 'test.refused'"_s), 0);
}

void TestAuditSequencing::anUndoneSavepointTakesItsEntriesWithIt()
{
    // A step undone to its savepoint (WriteScope::step, a webhook delivery's item) leaves no
    // entry behind: the entries wait for the commit, so the undo must drop them too.
    Connection &db = writer();
    {
        WriteTransaction tx(db);
        AuditLog::append(db, 1, u"agent:sp"_s, u"test.before"_s, QString(), {{"n", 1}});
        WriteTransaction::Savepoint undone(db, u"undone_step"_s);
        AuditLog::append(db, 2, u"agent:sp"_s, u"test.undone"_s, QString(), {{"n", 2}});
        undone.undo();
        WriteTransaction::Savepoint kept(db, u"kept_step"_s);
        AuditLog::append(db, 3, u"agent:sp"_s, u"test.after"_s, QString(), {{"n", 3}});
        kept.release();
        tx.commit();
    }
    QCOMPARE(scalar(db, u"SELECT COUNT(*) FROM audit WHERE action = 'test.undone'"_s), 0);
    QCOMPARE(scalar(db, u"SELECT COUNT(*) FROM audit WHERE action IN ('test.before', "
                        "'test.after')"_s),
             2);
    QCOMPARE(scalar(db, u"SELECT COUNT(*) FROM audit_pending"_s), 0);
}

void TestAuditSequencing::anUndoneSavepointForgetsItsLocks()
{
    // PostgreSQL releases the advisory locks taken since a savepoint at ROLLBACK TO, so a scope
    // asked for again after the undo must be locked again, not taken as still held.
    Connection &db = writer();
    const QString held = u"SELECT COUNT(*) FROM pg_locks WHERE locktype = 'advisory' AND "
                         "pid = pg_backend_pid() AND mode = 'ExclusiveLock'"_s;
    WriteTransaction tx(db, WriteLocks::scoped({operationScope(u"op_outer"_s)}));
    QCOMPARE(scalar(db, held), 1);
    {
        WriteTransaction::Savepoint step(db, u"locked_step"_s);
        WriteTransaction inner(db, WriteLocks::scoped({operationScope(u"op_inner"_s)}));
        QCOMPARE(scalar(db, held), 2);
        inner.commit();
        step.undo();
    }
    QCOMPARE(scalar(db, held), 1);
    {
        WriteTransaction again(db, WriteLocks::scoped({operationScope(u"op_inner"_s)}));
        QCOMPARE(scalar(db, held), 2);
        again.commit();
    }
    tx.rollback();
}

void TestAuditSequencing::commitsOfOneProcessLeaveNothingWaiting()
{
    // Writers of one process share sequencer passes (AuditSequencer::drainAfterCommit): a
    // commit that finds another thread sequencing waits for a pass that began after it. No
    // other process sequences here, so once every writer has returned nothing may wait, with
    // no drain of the test's own.
    constexpr int kWriters = 16;
    constexpr int kEach = 10;
    const qint64 before = scalar(sequencer(), u"SELECT COUNT(*) FROM audit"_s);
    const QStringList errors = writeOnThreads(kWriters, kEach);
    QVERIFY2(errors.isEmpty(), qPrintable(errors.join(u"; "_s)));
    Connection &db = sequencer();
    QCOMPARE(scalar(db, u"SELECT COUNT(*) FROM audit_pending"_s), 0);
    QCOMPARE(scalar(db, u"SELECT COUNT(*) FROM audit"_s), before + kWriters * kEach);
    QVERIFY(AuditLog::verify(db).holds());
}

void TestAuditSequencing::hashesMatchTheApplicationsForAwkwardText()
{
    // The database hashes what the application's verify recomputes: quotes, backslashes,
    // control characters, non-ASCII text and an entry without an operation (an agent's actor
    // may carry any text after "agent:").
    Connection &db = writer();
    const QString awkward = u"a\"b\\c\nd\te\u0001f\u001fg/h \u00e9\u4e2d\U0001F600"_s;
    {
        WriteTransaction tx(db);
        AuditLog::append(db, -5, u"agent:"_s + awkward, u"test."_s + awkward, awkward,
                         {{"text", awkward.toStdString()}, {"list", {1, 2}}, {"empty", nullptr}});
        AuditLog::append(db, 0, u"agent:x"_s, u"test.none"_s, QString(), nlohmann::json::object());
        tx.commit();
    }
    QCOMPARE(scalar(db, u"SELECT COUNT(*) FROM audit_pending"_s), 0);
    const ChainCheck check = AuditLog::verify(db, {}, AuditReadPath::QtSql).value();
    QVERIFY2(check.holds(), qPrintable(check.reason));
    Query q = runQuery(db, u"SELECT at, actor, action, operation_id, detail, prev_hash, hash "
                           "FROM audit ORDER BY id DESC LIMIT 2"_s);
    while (q.next()) {
        const QString expected = AuditLog::entryHash(q.value(5).toString(), q.value(0).toLongLong(),
                                                     q.value(1).toString(), q.value(2).toString(),
                                                     q.value(3).toString(), q.value(4).toString());
        QCOMPARE(q.value(6).toString(), expected);
    }
}

void TestAuditSequencing::sequencerKilledMidBatchIsContinuedByTheNext()
{
    Connection &db = sequencer();
    // Entries queued and committed with nobody sequencing (the sequencer's lock is held).
    const auto holder = m_fx->another(u"svc"_s);
    QSqlQuery hold(holder->db());
    QCOMPARE(holdSequencer(hold, 3), 0);
    for (int n = 0; n < 10; ++n)
        appendOne(writer(), 1, n);
    QCOMPARE(scalar(db, u"SELECT COUNT(*) FROM audit_pending"_s), 10);
    QVERIFY(hold.exec(u"ROLLBACK"_s));
    // A sequencer that dies mid-batch: its session chains three entries, holds the lock, and
    // its server process is killed before it commits.
    QCOMPARE(holdSequencer(hold, 3), 3);
    QVERIFY(hold.exec(u"SELECT pg_backend_pid()"_s) && hold.next());
    const qint64 pid = hold.value(0).toLongLong();
    QCOMPARE(AuditSequencer::runOnce(db), -1); // the dying one holds the lease
    QCOMPARE(scalar(db, u"SELECT pg_terminate_backend(%1)::int"_s.arg(pid)), 1);
    QTRY_COMPARE(scalar(db, u"SELECT COUNT(*) FROM pg_stat_activity WHERE pid = %1"_s.arg(pid)), 0);
    QCOMPARE(AuditSequencer::drain(db), 10); // the next one takes over from the chain's end
    QCOMPARE(scalar(db, u"SELECT COUNT(*) FROM audit_pending"_s), 0);
    QCOMPARE(scalar(db, u"SELECT COUNT(*) FROM audit WHERE action = 'test.entry'"_s), 10);
    const ChainCheck check = AuditLog::verify(db);
    QVERIFY2(check.holds(), qPrintable(check.reason));
}

void TestAuditSequencing::aBatchAdvancesTheTipAndAnnouncesEachOperation()
{
    // Since 0021 a batch is chained by one INSERT, and the tip and the change notices run once
    // for the statement: the tip must still reach the batch's last id, and every operation of
    // the batch must still be announced to the consoles (their live refresh).
    Connection &db = sequencer();
    QSet<QString> announced; // outlives the listener whose notices fill it
    const auto listener = m_fx->another(u"svc"_s);
    QSqlDriver *driver = listener->db().driver();
    QVERIFY(driver->subscribeToNotification(u"ops_changes"_s));
    connect(driver, &QSqlDriver::notification, this,
            [&](const QString &, QSqlDriver::NotificationSource, const QVariant &payload) {
                announced.insert(payload.toString());
            });
    const auto holder = m_fx->another(u"svc"_s);
    QSqlQuery hold(holder->db());
    QCOMPARE(holdSequencer(hold, 1), 0);
    QSet<QString> queued;
    for (int n = 0; n < 9; ++n) {
        appendOne(writer(), n % 3, n);
        queued.insert(u"op_%1_%2"_s.arg(n % 3).arg(n));
    }
    QVERIFY(hold.exec(u"ROLLBACK"_s));
    const qint64 tipBefore = scalar(db, u"SELECT last_id FROM audit_tip"_s);
    QCOMPARE(AuditSequencer::runOnce(db), 9);
    QCOMPARE(scalar(db, u"SELECT COUNT(*) FROM audit WHERE id > %1"_s.arg(tipBefore)), 9);
    QCOMPARE(scalar(db, u"SELECT last_id FROM audit_tip"_s),
             scalar(db, u"SELECT MAX(id) FROM audit"_s));
    QTRY_VERIFY2(announced.contains(queued),
                 qPrintable(QStringList(announced.values()).join(u' ')));
    const ChainCheck check = AuditLog::verify(db);
    QVERIFY2(check.holds(), qPrintable(check.reason));
}

void TestAuditSequencing::stalledSequencerFailsVerifyAfterTheMergeDelay()
{
    Connection &db = sequencer();
    // What `opsctl settings set audit-merge-delay 300ms` stores (tst_opsctl_contract drives it).
    setDuration(m_fx->db(u"alice"_s), m_fx->clock().nowMs(), test::personActor(u"alice"_s),
                AuditSequencer::mergeDelaySetting(), std::chrono::milliseconds(300));
    QCOMPARE(AuditSequencer::mergeDelay(db), std::chrono::milliseconds(300));
    const auto holder = m_fx->another(u"svc"_s);
    QSqlQuery hold(holder->db());
    QCOMPARE(holdSequencer(hold, 0), 0);
    appendOne(writer(), 2, 1);
    appendOne(writer(), 2, 2);
    // Within the merge delay a waiting entry is not a failure.
    QVERIFY(AuditLog::verify(db).holds());
    QTest::qWait(400);
    const ChainCheck stale = AuditLog::verify(db);
    QVERIFY(!stale.holds());
    QVERIFY2(stale.reason.startsWith(u"2 audit entries unsequenced for "_s),
             qPrintable(stale.reason));
    QVERIFY2(stale.reason.endsWith(u"(merge delay 0.3 s)"_s), qPrintable(stale.reason));
    QCOMPARE(*stale.brokenId, scalar(db, u"SELECT MAX(id) FROM audit"_s) + 1);
    // The stalled sequencer goes away; the next verify chains the two and holds.
    QVERIFY(hold.exec(u"ROLLBACK"_s));
    QVERIFY(AuditLog::verify(db).holds());
    QCOMPARE(AuditSequencer::waiting(db).entries, 0);
}

void TestAuditSequencing::queuedEntriesCountForDecisions()
{
    // audit_entries sees a committed entry before the sequencer chains it (an agent's calls per
    // day must not miss a call whose entry waits).
    Connection &db = sequencer();
    const auto holder = m_fx->another(u"svc"_s);
    QSqlQuery hold(holder->db());
    QCOMPARE(holdSequencer(hold, 0), 0);
    appendOne(writer(), 3, 1);
    QCOMPARE(scalar(db, u"SELECT COUNT(*) FROM audit WHERE actor = 'agent:w3'"_s), 0);
    QCOMPARE(scalar(db, u"SELECT COUNT(*) FROM audit_entries WHERE actor = 'agent:w3'"_s), 1);
    QTest::qWait(200);
    const AuditWaiting waiting = AuditSequencer::waiting(db);
    QCOMPARE(waiting.entries, 1);
    QVERIFY2(waiting.oldestMs >= 200, qPrintable(QString::number(waiting.oldestMs)));
    QVERIFY(hold.exec(u"ROLLBACK"_s));
    QCOMPARE(AuditSequencer::drain(db), 1);
    QCOMPARE(scalar(db, u"SELECT COUNT(*) FROM audit_entries WHERE actor = 'agent:w3'"_s), 1);
}

QTEST_GUILESS_MAIN(TestAuditSequencing)
#include "tst_auditsequencing.moc"
