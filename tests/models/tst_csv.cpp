// RFC 4180 CSV: quoting, the reader, and the audit export (awkward text round trip, progress,
// cancel and failure leave no file).

#include "domain/csv.h"
#include "storage/access/auditaccess.h"
#include "storage/audit/auditexport.h"
#include "storage/audit/auditlog.h"
#include "storage/db/sqltransaction.h"
#include "support/auditseed.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace ops;
using namespace ops::test;

namespace {

QByteArray readAll(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

// Every file in `dir`, so a test can say "nothing else was left behind".
QStringList filesIn(const QString &dir)
{
    return QDir(dir).entryList(QDir::Files | QDir::Hidden | QDir::System);
}

void appendEntries(Connection &db, int n, const QString &actor)
{
    WriteTransaction tx(db);
    for (int i = 0; i < n; ++i)
        AuditLog::append(db, 1'800'000'000'000 + i, actor, u"test.bulk"_s, {}, {{"i", i}});
    tx.commit();
}

} // namespace

class TestCsv : public QObject
{
    Q_OBJECT
private slots:
    void fieldQuoting_data();
    void fieldQuoting();
    void recordsEndWithCrlf();
    void roundTrip_data();
    void roundTrip();
    void badInputIsRefused_data();
    void badInputIsRefused();
    void recordsKnowTheirLines();
    void auditExportRoundTripsAwkwardText();
    void exportReportsProgressInChunks();
    void cancelledExportLeavesNoFile_data();
    void cancelledExportLeavesNoFile();
    void unwritableTargetFailsCleanly();
    void initTestCase() { QCOMPARE(prepareRoles(), QString()); }
    void cleanupTestCase() { QCOMPARE(dropRoles(), QString()); }
};

void TestCsv::fieldQuoting_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QByteArray>("expected");
    QTest::addRow("plain") << u"operator:alice"_s << QByteArray("operator:alice");
    QTest::addRow("empty") << QString() << QByteArray();
    QTest::addRow("spaces kept, not quoted") << u" a b "_s << QByteArray(" a b ");
    QTest::addRow("comma") << u"a,b"_s << QByteArray("\"a,b\"");
    QTest::addRow("quote doubled") << u"say \"hi\""_s << QByteArray("\"say \"\"hi\"\"\"");
    QTest::addRow("only a quote") << u"\""_s << QByteArray("\"\"\"\"");
    QTest::addRow("LF") << u"a\nb"_s << QByteArray("\"a\nb\"");
    QTest::addRow("CR") << u"a\rb"_s << QByteArray("\"a\rb\"");
    QTest::addRow("Cyrillic is UTF-8, unquoted")
        << u"Возврат"_s << QByteArray("\xD0\x92\xD0\xBE\xD0\xB7\xD0\xB2\xD1\x80\xD0\xB0\xD1\x82");
    QTest::addRow("semicolon is not special") << u"a;b"_s << QByteArray("a;b");
}

void TestCsv::fieldQuoting()
{
    QFETCH(QString, text);
    QFETCH(QByteArray, expected);
    QCOMPARE(csv::field(text), expected);
}

void TestCsv::recordsEndWithCrlf()
{
    QCOMPARE(csv::record({u"a"_s, QString(), u"c,d"_s}), QByteArray("a,,\"c,d\"\r\n"));
    QCOMPARE(csv::record({QString()}), QByteArray("\r\n"));
}

void TestCsv::roundTrip_data()
{
    QTest::addColumn<QList<QStringList>>("records");
    QTest::addRow("simple") << QList<QStringList>{{u"a"_s, u"b"_s}, {u"1"_s, u"2"_s}};
    QTest::addRow("empty fields") << QList<QStringList>{{QString(), QString(), QString()},
                                                        {u"x"_s, QString(), QString()}};
    QTest::addRow("awkward") << QList<QStringList>{
        {u"\"quoted\""_s, u"a,b,c"_s, u"line1\r\nline2"_s, u"bare\nLF"_s, u"bare\rCR"_s},
        {u"Клиент: \"деньги пришли\", да"_s, u"Українська ґ є ї"_s, u",,,"_s, u"\"\""_s, u" "_s}};
    QTest::addRow("trailing empty field") << QList<QStringList>{{u"a"_s, QString()}};
    QTest::addRow("emoji and CJK") << QList<QStringList>{{u"💸"_s, u"退款"_s}};
}

void TestCsv::roundTrip()
{
    QFETCH(QList<QStringList>, records);
    QByteArray document;
    for (const QStringList &r : records)
        document += csv::record(r);
    const auto parsed = csv::parse(document);
    QVERIFY2(parsed, qPrintable(parsed.error()));
    QCOMPARE(QList<QStringList>(parsed->begin(), parsed->end()), records);
}

void TestCsv::badInputIsRefused_data()
{
    QTest::addColumn<QByteArray>("document");
    QTest::addColumn<QString>("errorPart");
    QTest::addRow("stray quote") << QByteArray("a,b\"c\r\n") << u"unquoted"_s;
    QTest::addRow("unterminated") << QByteArray("a,\"b\r\n") << u"not closed"_s;
    QTest::addRow("text after quote") << QByteArray("\"a\"b,c\r\n") << u"after a closing"_s;
    QTest::addRow("second record bad") << QByteArray("a\r\n\"x\"y\r\n") << u"line 2"_s;
    QTest::addRow("not UTF-8") << QByteArray("a,\xff\xfe\r\n") << u"UTF-8"_s;
    QTest::addRow("not UTF-8 on line 3") << QByteArray("a\nb\nc\xff\n") << u"line 3"_s;
    QTest::addRow("unterminated after a quoted break")
        << QByteArray("a,\"b\nc\"\nd,\"e\n") << u"line 3"_s;
}

void TestCsv::recordsKnowTheirLines()
{
    // A quoted line break makes a record span two lines; the byte-order mark is skipped.
    const auto parsed = csv::parseRecords("\xEF\xBB\xBF"
                                          "a;b\r\n\"x\ny\";z\n\nlast;1\n",
                                          u';');
    QVERIFY2(parsed, qPrintable(parsed.error()));
    QCOMPARE(parsed->size(), size_t(4));
    QCOMPARE(parsed->at(0).line, 1);
    QCOMPARE(parsed->at(0).fields, QStringList({u"a"_s, u"b"_s}));
    QCOMPARE(parsed->at(1).line, 2);
    QCOMPARE(parsed->at(1).fields, QStringList({u"x\ny"_s, u"z"_s}));
    QCOMPARE(parsed->at(2).line, 4); // the blank line is a record of one empty field
    QCOMPARE(parsed->at(3).line, 5);
    QCOMPARE(parsed->at(3).fields, QStringList({u"last"_s, u"1"_s}));
    // A last record that ends in a separator and no line end is still a record.
    const auto unterminated = csv::parseRecords("h,t\nx,", u',');
    QVERIFY(unterminated);
    QCOMPARE(unterminated->size(), size_t(2));
    QCOMPARE(unterminated->back().fields, QStringList({u"x"_s, QString()}));
    // With ',' as the separator the same text is one field per record.
    const auto commas = csv::parseRecords("a;b\n", u',');
    QVERIFY(commas);
    QCOMPARE(commas->front().fields, QStringList({u"a;b"_s}));
}

void TestCsv::badInputIsRefused()
{
    QFETCH(QByteArray, document);
    QFETCH(QString, errorPart);
    const auto parsed = csv::parse(document);
    QVERIFY(!parsed);
    QVERIFY2(parsed.error().contains(errorPart), qPrintable(parsed.error()));
}

void TestCsv::auditExportRoundTripsAwkwardText()
{
    RolesFixture f;
    const SeededHistory h = seedAuditHistory(f);
    // An actor name with every CSV special character (only possible through a direct append,
    // which is what an integration could do; no login is named so: the owner's, on PostgreSQL).
    const QString actor = u"operator:o'neil, \"jr\"\r\nзам."_s;
    appendEntries(f.owner(), 1, actor);
    AuditQuery query(connectionOf(f.as(u"alice"_s))); // alice exports
    QTemporaryDir dir;
    const QString path = dir.filePath(u"audit.csv"_s);
    const auto written = exportAuditCsv(query, f.person(u"alice"_s), {}, path);
    QCOMPARE(written.value_or(-1), h.entries + 1);

    const auto rows = csv::parse(readAll(path));
    QVERIFY2(rows, qPrintable(rows.error()));
    QCOMPARE(qint64(rows->size()), h.entries + 2); // header + entries
    QCOMPARE(rows->front(), AuditCsvExport::header());
    const std::vector<AuditRow> all = query.page({}, std::nullopt, 1000);
    for (size_t i = 0; i < all.size(); ++i)
        QCOMPARE(rows->at(i + 1), AuditCsvExport::fields(all[i]));
    QCOMPARE(rows->at(1).at(2), actor); // newest first
    // The close reason's quotes, commas and Cyrillic survive inside the JSON detail.
    bool found = false;
    for (const QStringList &r : *rows) {
        if (r.at(3) == u"state.closed_manually"_s) {
            found = true;
            QVERIFY(r.at(6).contains(u"Клиент: \\\"деньги пришли\\\", проверено\\nвручную"_s));
            QCOMPARE(r.at(4), u"op_r1"_s);
            QCOMPARE(r.at(5), u"refund"_s);
        }
    }
    QVERIFY(found);
    QVERIFY(readAll(path).endsWith("\r\n"));
}

void TestCsv::exportReportsProgressInChunks()
{
    RolesFixture f;
    appendEntries(connectionOf(f.by(u"system:bulk"_s)), 2345, u"system:bulk"_s);
    AuditQuery query(connectionOf(f.as(u"alice"_s))); // alice exports
    QTemporaryDir dir;
    const QString path = dir.filePath(u"big.csv"_s);
    QList<qint64> seen;
    const auto written = exportAuditCsv(
        query, f.person(u"alice"_s), {}, path,
        [&seen](qint64 done, qint64 total) {
            seen << done;
            return total == 2345;
        },
        500);
    QCOMPARE(written.value_or(-1), qint64(2345));
    QCOMPARE(seen, (QList<qint64>{500, 1000, 1500, 2000, 2345}));
    QCOMPARE(filesIn(dir.path()), QStringList{u"big.csv"_s});
    QCOMPARE(readAll(path).count("\r\n"), qsizetype(2346));
}

void TestCsv::cancelledExportLeavesNoFile_data()
{
    QTest::addColumn<bool>("targetExisted");
    QTest::addColumn<int>("cancelAt");
    QTest::addRow("new file, cancel after the first chunk") << false << 1;
    QTest::addRow("new file, cancel after the last chunk") << false << 5;
    QTest::addRow("existing file stays as it was") << true << 2;
}

void TestCsv::cancelledExportLeavesNoFile()
{
    QFETCH(bool, targetExisted);
    QFETCH(int, cancelAt);
    RolesFixture f;
    appendEntries(connectionOf(f.by(u"system:bulk"_s)), 2345, u"system:bulk"_s);
    AuditQuery query(connectionOf(f.as(u"alice"_s))); // alice exports
    QTemporaryDir dir;
    const QString path = dir.filePath(u"audit.csv"_s);
    if (targetExisted) {
        QFile old(path);
        QVERIFY(old.open(QIODevice::WriteOnly));
        old.write("earlier export\r\n");
    }
    int calls = 0;
    const auto written = exportAuditCsv(
        query, f.person(u"alice"_s), {}, path, [&](qint64, qint64) { return ++calls < cancelAt; },
        500);
    QVERIFY(!written);
    QCOMPARE(calls, cancelAt);
    if (targetExisted) {
        QCOMPARE(readAll(path), QByteArray("earlier export\r\n"));
        QCOMPARE(filesIn(dir.path()), QStringList{u"audit.csv"_s});
    } else {
        QVERIFY(!QFile::exists(path));
        QCOMPARE(filesIn(dir.path()), QStringList());
    }
}

void TestCsv::unwritableTargetFailsCleanly()
{
    RolesFixture f;
    seedAuditHistory(f);
    AuditQuery query(connectionOf(f.as(u"alice"_s)));
    QTemporaryDir dir;
    QVERIFY_THROWS_EXCEPTION(StoreError, exportAuditCsv(query, f.person(u"alice"_s), {},
                                                        dir.filePath(u"missing/dir/a.csv"_s)));
    QVERIFY_THROWS_EXCEPTION(StoreError,
                             exportAuditCsv(query, f.person(u"alice"_s), {}, QString()));
    // Without the export right nothing is opened, not even the temporary file: carol, support.
    AuditQuery carol(connectionOf(f.as(u"carol"_s)));
    QVERIFY_THROWS_EXCEPTION(
        ActionRefused, exportAuditCsv(carol, f.person(u"carol"_s), {}, dir.filePath(u"a.csv"_s)));
    QCOMPARE(filesIn(dir.path()), QStringList());
}

QTEST_GUILESS_MAIN(TestCsv)
#include "tst_csv.moc"
