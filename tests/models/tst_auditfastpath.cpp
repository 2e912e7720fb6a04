// The audit walks over every entry read SQLite through the sqlite3 handle (sqliteread.h):
// the CSV export and the chain check must give exactly what the QSqlQuery path gives on the same
// database, byte for byte and verdict for verdict, including text CSV quotes, Cyrillic, line
// breaks, entries about no operation, and rows someone rewrote behind the triggers.

#include "storage/audit/auditexport.h"
#include "storage/audit/auditlog.h"
#include "storage/bulkgenerator.h"
#include "storage/db/sqltransaction.h"
#include "support/auditseed.h"

#include <QFile>
#include <QSqlError>
#include <QSqlQuery>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace ops;
using namespace ops::test;

namespace {

// The seeded history (awkward text, every kind, each actor as its role) followed by a
// generated one (many rows; by the owner, as bulkgenerator.h inserts into audit itself).
void seedBoth(RolesFixture &f)
{
    seedAuditHistory(f);
    f.addOperator(u"dave"_s, Role::Support); // an entry about no operation
    generateOperations(f.owner(), 700, f.clock().nowMs());
    generateAuditHistory(f.owner(), 700, f.clock().nowMs());
}

QByteArray exported(RolesFixture &f, const AuditFilter &filter, AuditReadPath path,
                    const QString &name)
{
    AuditQuery query(connectionOf(f.store()));
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
    void parallelGivesTheSameVerdict_data();
    void parallelGivesTheSameVerdict();
    void parallelWalkCancels();
    void appendWritesTheParsedHash();
    void initTestCase() { QCOMPARE(prepareRoles(), QString()); }
    void cleanupTestCase() { QCOMPARE(dropRoles(), QString()); }
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
    RolesFixture f;
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
    RolesFixture f;
    seedBoth(f);
    Connection db = f.owner(); // the tampering is the owner's
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

namespace {

// A small chunk, so the seeded chain spans many chunks and the cases below sit on boundaries.
constexpr int kChunk = 256;

std::vector<qint64> auditIds(Connection &db)
{
    QSqlQuery q(u"SELECT id FROM audit ORDER BY id"_s, db);
    std::vector<qint64> ids;
    while (q.next())
        ids.push_back(q.value(0).toLongLong());
    return ids;
}

// Position -1: the last entry.
qint64 idAt(const std::vector<qint64> &ids, int position)
{
    return position < 0 ? ids.back() : ids.at(std::size_t(position));
}

struct Walked
{
    std::optional<ChainCheck> check;
    std::vector<std::pair<qint64, qint64>> progress;
};

Walked walk(Connection &db, AuditReadPath path, int hashThreads, int stopAfterCalls = -1)
{
    Walked w;
    ChainWalkOptions options;
    options.path = path;
    options.hashThreads = hashThreads;
    options.chunkEntries = kChunk;
    w.check = AuditLog::verify(
        db,
        [&](qint64 done, qint64 total) {
            w.progress.emplace_back(done, total);
            return stopAfterCalls < 0 || int(w.progress.size()) < stopAfterCalls;
        },
        options);
    return w;
}

} // namespace

void TestAuditFastPath::parallelGivesTheSameVerdict_data()
{
    QTest::addColumn<QString>("statement"); // %1: the id at `position`
    QTest::addColumn<int>("position");
    QTest::addColumn<int>("brokenAt"); // the position of the first broken entry; -2: holds
    const QString edit = u"UPDATE audit SET actor = 'operator:mallory' WHERE id = %1"_s;
    const QString remove = u"DELETE FROM audit WHERE id = %1"_s;
    QTest::addRow("untouched") << QString() << 0 << -2;
    QTest::addRow("first entry edited") << edit << 0 << 0;
    QTest::addRow("first entry not from genesis")
        << u"UPDATE audit SET prev_hash = hash WHERE id = %1"_s << 0 << 0;
    QTest::addRow("last entry of the first chunk edited") << edit << kChunk - 1 << kChunk - 1;
    QTest::addRow("first entry of the second chunk edited") << edit << kChunk << kChunk;
    QTest::addRow("first entry of the second chunk not JSON")
        << u"UPDATE audit SET detail = 'gone' WHERE id = %1"_s << kChunk << kChunk;
    QTest::addRow("last entry of the first chunk removed") << remove << kChunk - 1 << kChunk;
    QTest::addRow("first entry of the second chunk removed") << remove << kChunk << kChunk + 1;
    QTest::addRow("first entry of the third chunk edited") << edit << 2 * kChunk << 2 * kChunk;
    QTest::addRow("last entry edited") << edit << -1 << -1;
    QTest::addRow("last entry removed (end cut off)") << remove << -1 << -1;
}

void TestAuditFastPath::parallelGivesTheSameVerdict()
{
    QFETCH(QString, statement);
    QFETCH(int, position);
    QFETCH(int, brokenAt);
    RolesFixture f;
    seedBoth(f);
    Connection db = f.owner(); // the tampering is the owner's
    const std::vector<qint64> ids = auditIds(db);
    QVERIFY(ids.size() > 3 * kChunk);
    if (!statement.isEmpty()) {
        const QString drop = onPostgres() ? u"DROP TRIGGER audit_no_change ON audit"_s
                             : statement.startsWith(u"DELETE"_s)
                                 ? u"DROP TRIGGER audit_no_delete"_s
                                 : u"DROP TRIGGER audit_no_update"_s;
        const QString failed = tamper(db, {drop, statement.arg(idAt(ids, position))});
        QVERIFY2(failed.isEmpty(), qPrintable(failed));
    }
    for (const AuditReadPath path : {AuditReadPath::Fastest, AuditReadPath::QtSql}) {
        const Walked reference = walk(db, path, 0);
        QVERIFY(reference.check);
        QCOMPARE(reference.check->holds(), brokenAt == -2);
        if (brokenAt != -2)
            QCOMPARE(reference.check->brokenId, idAt(ids, brokenAt));
        for (const int threads : {1, 2, 3}) {
            const Walked parallel = walk(db, path, threads);
            QVERIFY(parallel.check);
            QCOMPARE(parallel.check->entries, reference.check->entries);
            QCOMPARE(parallel.check->brokenId, reference.check->brokenId);
            QCOMPARE(parallel.check->reason, reference.check->reason);
            QCOMPARE(parallel.progress, reference.progress);
        }
    }
}

void TestAuditFastPath::parallelWalkCancels()
{
    RolesFixture f;
    Connection db = f.owner(); // the generated history is the owner's (bulkgenerator.h)
    generateOperations(db, 2100, f.clock().nowMs());
    generateAuditHistory(db, 2100, f.clock().nowMs()); // 8,400 entries: three progress calls
    const Walked whole = walk(db, AuditReadPath::Fastest, 2);
    QVERIFY(whole.check && whole.check->holds());
    QVERIFY(whole.progress.size() > 2);
    const Walked cancelled = walk(db, AuditReadPath::Fastest, 2, 2);
    QVERIFY(!cancelled.check);
    QCOMPARE(cancelled.progress.size(), std::size_t(2));
    QCOMPARE(cancelled.progress.back().first, 2 * AuditLog::kProgressEvery);
}

// append() hashes the detail as it stores it (canonicalEntryHash, no parse): the hash must still be
// the one the chain's definition gives, entryHash() over the parsed detail, for every entry the
// store writes and for details with escapes, control characters, Cyrillic and non-BMP text.
void TestAuditFastPath::appendWritesTheParsedHash()
{
    RolesFixture f;
    seedAuditHistory(f);
    // Actors no login is (operator:ёж "x"), appended straight: the owner's on PostgreSQL.
    Connection db = f.owner();
    const nlohmann::json awkward = {
        {"reason", awkwardReason().toStdString()},
        {"control", "tab\there \x01 bell\x07 nul-free \\ slash / quote \" \u2028"},
        {"emoji", "refund \xF0\x9F\x92\xB8 ok"},
        {"nested", {{"amount", -1250}, {"big", 9007199254740993LL}, {"flag", true}}},
        {"list", nlohmann::json::array({1, "two", nullptr})},
        {"empty", ""}};
    {
        WriteTransaction tx(db);
        AuditLog::append(db, f.clock().nowMs(), u"operator:ёж \"x\""_s, u"test.awkward"_s, {},
                         awkward);
        AuditLog::append(db, f.clock().nowMs(), u"agent:mcp:c:1"_s, u"test.empty"_s, u"op_x"_s,
                         nlohmann::json::object());
        tx.commit();
    }
    int checked = 0;
    const QString mismatch = parsedHashMismatch(db, u"1 = 1"_s, checked);
    QVERIFY2(mismatch.isEmpty(), qPrintable(mismatch));
    QVERIFY2(checked > 20, qPrintable(QString::number(checked)));
}

QTEST_GUILESS_MAIN(TestAuditFastPath)
#include "tst_auditfastpath.moc"
