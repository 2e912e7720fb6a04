// The audit walks over every entry read SQLite through the sqlite3 handle (sqliteread.h):
// the CSV export and the chain check must give exactly what the QSqlQuery path gives on the same
// database, byte for byte and verdict for verdict, including text CSV quotes, Cyrillic, line
// breaks, entries about no operation, and rows someone rewrote behind the triggers.

#include "auditexport.h"
#include "auditlog.h"
#include "auditseed.h"
#include "bulkgenerator.h"

#include <QFile>
#include <QSqlError>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace ops;
using namespace ops::test;

namespace {

// The seeded history (awkward text, every kind) followed by a generated one (many rows).
void seedBoth(StoreFixture &f)
{
    seedAuditHistory(f);
    f.addOperator(u"dave"_s, Role::Support); // an entry about no operation
    generateOperations(f.store().database(), 700, f.clock().nowMs());
    generateAuditHistory(f.store().database(), 700, f.clock().nowMs());
}

QByteArray exported(StoreFixture &f, const AuditFilter &filter, AuditReadPath path,
                    const QString &name)
{
    AuditQuery query(f.store().database());
    const QString file = f.scratchDir() + u'/' + name;
    AuditCsvExport exporter(query, filter, file, path);
    while (!exporter.step(333)) {
    }
    exporter.finish();
    QFile in(file);
    if (!in.open(QIODevice::ReadOnly))
        return {};
    return in.readAll();
}

} // namespace

class TestAuditFastPath : public QObject
{
    Q_OBJECT
private slots:
    void exportWritesTheSameBytes_data();
    void exportWritesTheSameBytes();
    void verifyGivesTheSameVerdict_data();
    void verifyGivesTheSameVerdict();
};

void TestAuditFastPath::exportWritesTheSameBytes_data()
{
    QTest::addColumn<AuditFilter>("filter");
    QTest::addRow("everything") << AuditFilter{};
    AuditFilter closes;
    closes.action = u"state.closed_manually"_s;
    QTest::addRow("the awkward close") << closes;
    AuditFilter refunds;
    refunds.kind = OperationKind::Refund;
    refunds.fromMs = 0;
    QTest::addRow("kind and time") << refunds;
    AuditFilter quote;
    quote.actor = u"operator:'\""_s;
    QTest::addRow("no match") << quote;
}

void TestAuditFastPath::exportWritesTheSameBytes()
{
    QFETCH(AuditFilter, filter);
    StoreFixture f;
    seedBoth(f);
    const QByteArray reference = exported(f, filter, AuditReadPath::QtSql, u"qt.csv"_s);
    const QByteArray fast = exported(f, filter, AuditReadPath::Fastest, u"fast.csv"_s);
    QVERIFY(reference.startsWith("id,at_utc,"));
    QCOMPARE(fast.size(), reference.size());
    QVERIFY(fast == reference);
    if (filter == AuditFilter{}) {
        // The close reason sits in a JSON detail: Cyrillic kept, its quotes doubled by CSV.
        QVERIFY(reference.contains(awkwardReason().left(6).toUtf8()));
        QVERIFY(reference.contains("\\\"\"деньги"));
        QVERIFY(reference.count("\r\n") > 2800);
    }
}

void TestAuditFastPath::verifyGivesTheSameVerdict_data()
{
    QTest::addColumn<QStringList>("statements");
    QTest::addColumn<bool>("holds");
    const QString dropUpdate = onPostgres() ? u"DROP TRIGGER audit_no_change ON audit"_s
                                            : u"DROP TRIGGER audit_no_update"_s;
    const QString dropDelete = onPostgres() ? u"DROP TRIGGER audit_no_change ON audit"_s
                                            : u"DROP TRIGGER audit_no_delete"_s;
    QTest::addRow("untouched") << QStringList{} << true;
    QTest::addRow("actor rewritten")
        << QStringList{dropUpdate, u"UPDATE audit SET actor = 'operator:mallory' WHERE id = 10"_s}
        << false;
    QTest::addRow("detail not JSON")
        << QStringList{dropUpdate, u"UPDATE audit SET detail = 'gone' WHERE id = 7"_s} << false;
    QTest::addRow("detail not canonical, same meaning")
        << QStringList{dropUpdate, u"UPDATE audit SET detail = ' ' || detail WHERE id = 3"_s}
        << true;
    QTest::addRow("one removed") << QStringList{dropDelete, u"DELETE FROM audit WHERE id = 900"_s}
                                 << false;
    QTest::addRow("end cut off") << QStringList{dropDelete, u"DELETE FROM audit WHERE id > 2000"_s}
                                 << false;
    if (!onPostgres())
        QTest::addRow("actor not UTF-8")
            << QStringList{dropUpdate, u"UPDATE audit SET actor = CAST(x'ff6f70' AS TEXT) "
                                       "WHERE id = 12"_s}
            << false;
}

void TestAuditFastPath::verifyGivesTheSameVerdict()
{
    QFETCH(QStringList, statements);
    QFETCH(bool, holds);
    StoreFixture f;
    seedBoth(f);
    QSqlDatabase db = f.store().database();
    const QString failed = tamper(db, statements);
    QVERIFY2(failed.isEmpty(), qPrintable(failed));
    const auto reference = AuditLog::verify(db, {}, AuditReadPath::QtSql);
    const auto fast = AuditLog::verify(db, {}, AuditReadPath::Fastest);
    QVERIFY(reference && fast);
    QCOMPARE(fast->holds(), holds);
    QCOMPARE(fast->holds(), reference->holds());
    QCOMPARE(fast->entries, reference->entries);
    QCOMPARE(fast->brokenId, reference->brokenId);
    QCOMPARE(fast->reason, reference->reason);
}

QTEST_GUILESS_MAIN(TestAuditFastPath)
#include "tst_auditfastpath.moc"
