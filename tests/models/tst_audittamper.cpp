// Rule 12: the database refuses UPDATE and DELETE on the audit table, and when someone with
// file access drops the triggers and rewrites history anyway, verify names the first entry that
// no longer holds and says why.

#include "storage/audit/auditlog.h"
#include "support/auditseed.h"

#include <QSqlError>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace ops;
using namespace ops::test;

class TestAuditTamper : public QObject
{
    Q_OBJECT
private slots:
    void untouchedChainHolds();
    void triggersRefuseChanges_data();
    void triggersRefuseChanges();
    void tamperingIsFound_data();
    void tamperingIsFound();
    void rolledBackAppendLeavesNoGap();
    void initTestCase() { QCOMPARE(prepareRoles(), QString()); }
    void cleanupTestCase() { QCOMPARE(dropRoles(), QString()); }
};

void TestAuditTamper::untouchedChainHolds()
{
    RolesFixture f;
    const SeededHistory h = seedAuditHistory(f);
    const ChainCheck check = AuditLog::verify(connectionOf(f.store()));
    QVERIFY(check.holds());
    QCOMPARE(check.entries, h.entries);
    QCOMPARE(h.entries, qint64(19));
}

void TestAuditTamper::triggersRefuseChanges_data()
{
    QTest::addColumn<QString>("sql");
    QTest::addRow("update actor") << u"UPDATE audit SET actor = 'operator:mallory' WHERE id = 3"_s;
    QTest::addRow("update every row") << u"UPDATE audit SET detail = '{}'"_s;
    QTest::addRow("delete one") << u"DELETE FROM audit WHERE id = 3"_s;
    QTest::addRow("delete all") << u"DELETE FROM audit"_s;
}

void TestAuditTamper::triggersRefuseChanges()
{
    QFETCH(QString, sql);
    RolesFixture f;
    const SeededHistory h = seedAuditHistory(f);
    // The owner, whom the trigger refuses too (a login has no right to change audit at all).
    QSqlQuery q(f.owner());
    QVERIFY(!q.exec(sql));
    QVERIFY2(q.lastError().text().contains(u"append-only"_s), qPrintable(q.lastError().text()));
    const ChainCheck check = AuditLog::verify(connectionOf(f.store()));
    QVERIFY(check.holds());
    QCOMPARE(check.entries, h.entries);
}

void TestAuditTamper::tamperingIsFound_data()
{
    QTest::addColumn<QStringList>("statements");
    QTest::addColumn<qint64>("brokenId");
    QTest::addColumn<QString>("reasonPart");
    // PostgreSQL has one row trigger for both (migration 0001).
    const QString dropUpdate = onPostgres() ? u"DROP TRIGGER audit_no_change ON audit"_s
                                            : u"DROP TRIGGER audit_no_update"_s;
    const QString dropDelete = onPostgres() ? u"DROP TRIGGER audit_no_change ON audit"_s
                                            : u"DROP TRIGGER audit_no_delete"_s;
    QTest::addRow("actor rewritten")
        << QStringList{dropUpdate, u"UPDATE audit SET actor = 'operator:mallory' WHERE id = 10"_s}
        << qint64(10) << u"edited"_s;
    QTest::addRow("time moved by a millisecond")
        << QStringList{dropUpdate, u"UPDATE audit SET at = at + 1 WHERE id = 4"_s} << qint64(4)
        << u"edited"_s;
    QTest::addRow("detail rewritten, same JSON shape")
        << QStringList{dropUpdate,
                       u"UPDATE audit SET detail = replace(detail, 'failed', 'succeeded') "
                       "WHERE action = 'state.closed_manually'"_s}
        << qint64(10) << u"edited"_s;
    QTest::addRow("detail not JSON")
        << QStringList{dropUpdate, u"UPDATE audit SET detail = 'gone' WHERE id = 7"_s} << qint64(7)
        << u"not JSON"_s;
    // Its first hex digit changes whatever it was: writing a fixed 'f' left one hash in 16 as it
    // was (the hash covers the actor, whose PostgreSQL login name carries a process id).
    QTest::addRow("stored hash replaced")
        << QStringList{dropUpdate,
                       u"UPDATE audit SET hash = CASE WHEN substr(hash, 1, 1) = 'f' THEN 'e' ELSE "
                       "'f' END || substr(hash, 2) WHERE id = 5"_s}
        << qint64(5) << u"edited"_s;
    QTest::addRow("middle entry deleted")
        << QStringList{dropDelete, u"DELETE FROM audit WHERE id = 8"_s} << qint64(9)
        << u"does not follow entry #7"_s;
    QTest::addRow("first entry deleted")
        << QStringList{dropDelete, u"DELETE FROM audit WHERE id = 1"_s} << qint64(2)
        << u"genesis"_s;
    QTest::addRow("last entries cut off")
        << QStringList{dropDelete, u"DELETE FROM audit WHERE id >= 18"_s} << qint64(18)
        << u"cut off"_s;
    // Reordering: entries 3 and 4 swap contents (ids stay), as if history were rearranged.
    QTest::addRow("two entries reordered")
        << QStringList{dropUpdate,
                       u"CREATE TEMP TABLE swap AS SELECT * FROM audit WHERE id IN (3, 4)"_s,
                       u"UPDATE audit SET at = s.at, actor = s.actor, action = s.action, "
                       "operation_id = s.operation_id, detail = s.detail, prev_hash = s.prev_hash, "
                       "hash = 'x' || s.hash FROM swap s WHERE audit.id + s.id = 7"_s,
                       u"UPDATE audit SET hash = substr(hash, 2) WHERE id IN (3, 4)"_s}
        << qint64(3) << u"does not follow"_s;
}

void TestAuditTamper::tamperingIsFound()
{
    QFETCH(QStringList, statements);
    QFETCH(qint64, brokenId);
    QFETCH(QString, reasonPart);
    RolesFixture f;
    seedAuditHistory(f);
    Connection db = f.owner(); // the tampering is the owner's
    const QString failed = tamper(db, statements);
    QVERIFY2(failed.isEmpty(), qPrintable(failed));
    const ChainCheck check = AuditLog::verify(db);
    QVERIFY(!check.holds());
    QCOMPARE(check.brokenId.value_or(-1), brokenId);
    QVERIFY2(check.reason.contains(reasonPart), qPrintable(check.reason));
    QCOMPARE(AuditLog::firstBroken(db).value_or(-1), brokenId);
}

// An append whose transaction rolls back (a refused approval, a failed close) leaves no trace:
// verify must not take it for entries cut off the end (PostgreSQL's identity sequence does move).
void TestAuditTamper::rolledBackAppendLeavesNoGap()
{
    RolesFixture f;
    const SeededHistory h = seedAuditHistory(f);
    Connection &db = connectionOf(f.as(u"alice"_s)); // alice notes
    const QString alice = f.person(u"alice"_s);
    {
        WriteTransaction tx(db);
        AuditLog::append(db, f.clock().nowMs(), alice, u"note"_s, QString(), {});
        tx.rollback();
    }
    ChainCheck check = AuditLog::verify(db);
    QVERIFY2(check.holds(), qPrintable(check.reason));
    QCOMPARE(check.entries, h.entries);
    AuditLog::append(db, f.clock().nowMs(), alice, u"note"_s, QString(), {});
    check = AuditLog::verify(db);
    QVERIFY2(check.holds(), qPrintable(check.reason));
    QCOMPARE(check.entries, h.entries + 1);
    // The newest entry cut off is still found after the gap (the tampering is the owner's).
    QSqlQuery q(f.owner());
    QVERIFY(q.exec(onPostgres() ? u"DROP TRIGGER audit_no_change ON audit"_s
                                : u"DROP TRIGGER audit_no_delete"_s));
    QVERIFY(q.exec(u"DELETE FROM audit WHERE id = (SELECT MAX(id) FROM audit)"_s));
    check = AuditLog::verify(db);
    QVERIFY(!check.holds());
    QVERIFY2(check.reason.contains(u"cut off"_s), qPrintable(check.reason));
}

QTEST_GUILESS_MAIN(TestAuditTamper)
#include "tst_audittamper.moc"
