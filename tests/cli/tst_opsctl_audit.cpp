// opsctl audit verify / audit export as a script runs them: a real opsctl process over a seeded
// SQLite file. Filters, RFC 4180 output, bad input refused with exit 2 and no file written, and
// verify naming the tampered entry.

#include "domain/csv.h"
#include "storage/audit/auditexport.h"
#include "support/auditseed.h"
#include "support/processrun.h"
#include "support/testpaths.h"

#include <QSqlQuery>
#include <QTest>
#include <nlohmann/json.hpp>

using namespace Qt::StringLiterals;
using namespace ops;
using namespace ops::test;
using nlohmann::json;

namespace {

using Run = ProcessRun;

// Reading the audit trail is a person's action: alice (a seeded supervisor) unless the
// arguments name someone else.
Run opsctl(const QString &db, const QStringList &args)
{
    const QStringList who =
        args.contains(u"--operator"_s) ? QStringList() : QStringList{u"--operator"_s, u"alice"_s};
    return runProcess(ops::test::opsctlPath(), QStringList{u"--db"_s, db} + who + args);
}

std::vector<QStringList> readCsv(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return csv::parse(f.readAll()).valueOr({});
}

} // namespace

class TestOpsctlAudit : public QObject
{
    Q_OBJECT
private slots:
    void exportFilters_data();
    void exportFilters();
    void exportKeepsAwkwardText();
    void badInputIsRefused_data();
    void badInputIsRefused();
    void verifyNamesTheTamperedEntry();
};

void TestOpsctlAudit::exportFilters_data()
{
    QTest::addColumn<QStringList>("filters");
    QTest::addColumn<int>("rows");
    QTest::addRow("all") << QStringList() << 19;
    QTest::addRow("kind") << QStringList{u"--kind"_s, u"credit_topup"_s} << 8;
    QTest::addRow("actor") << QStringList{u"--actor"_s, u"operator:"_s} << 3;
    QTest::addRow("action and operation")
        << QStringList{u"--action"_s, u"attempt."_s, u"--operation"_s, u"op_r"_s} << 4;
    QTest::addRow("from a date") << QStringList{u"--from"_s, u"2026-11-30"_s} << 9;
    QTest::addRow("until a time") << QStringList{u"--to"_s, u"2026-11-29T12:01:00Z"_s}
                                  << 4; // op_r1's four entries
    QTest::addRow("progress on stderr") << QStringList{u"--progress"_s} << 19;
}

void TestOpsctlAudit::exportFilters()
{
    QFETCH(QStringList, filters);
    QFETCH(int, rows);
    StoreFixture f;
    seedAuditHistory(f);
    const QString path = f.scratchDir() + u"/audit.csv"_s;
    const Run run =
        opsctl(f.path(), QStringList{u"audit"_s, u"export"_s, u"--csv"_s, path} + filters);
    QCOMPARE(run.exitCode, 0);
    QCOMPARE(run.result().value("exported", -1), rows);
    const auto parsed = readCsv(path);
    QCOMPARE(int(parsed.size()), rows + 1);
    QCOMPARE(parsed.front(), AuditCsvExport::header());
    if (filters.contains(u"--progress"_s))
        QVERIFY2(run.err.contains("exported 19/19"), run.err.constData());
    else
        QVERIFY(run.err.isEmpty());
}

void TestOpsctlAudit::exportKeepsAwkwardText()
{
    StoreFixture f;
    seedAuditHistory(f);
    const QString path = f.scratchDir() + u"/audit.csv"_s;
    const Run run = opsctl(f.path(), {u"audit"_s, u"export"_s, u"--csv"_s, path, u"--action"_s,
                                      u"state.closed_manually"_s});
    QCOMPARE(run.exitCode, 0);
    const auto parsed = readCsv(path);
    QCOMPARE(parsed.size(), size_t(2));
    const json detail = json::parse(parsed.at(1).at(6).toStdString());
    QCOMPARE(QString::fromStdString(detail.at("reason").get<std::string>()), awkwardReason());
}

void TestOpsctlAudit::badInputIsRefused_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("message");
    QTest::addRow("no --csv") << QStringList{u"audit"_s, u"export"_s} << u"usage"_s;
    QTest::addRow("empty --csv") << QStringList{u"audit"_s, u"export"_s, u"--csv"_s, u""_s}
                                 << u"usage"_s;
    QTest::addRow("bad kind") << QStringList{u"audit"_s, u"export"_s, u"--csv"_s,
                                             u"@"_s,     u"--kind"_s, u"refunds"_s}
                              << u"--kind must be"_s;
    QTest::addRow("bad time") << QStringList{u"audit"_s, u"export"_s, u"--csv"_s,
                                             u"@"_s,     u"--from"_s, u"yesterday"_s}
                              << u"not an ISO 8601"_s;
    QTest::addRow("unknown option")
        << QStringList{u"audit"_s, u"export"_s, u"--csv"_s, u"@"_s, u"--where"_s, u"1=1"_s}
        << u"--where"_s;
    QTest::addRow("folder missing")
        << QStringList{u"audit"_s, u"export"_s, u"--csv"_s, u"@/no/such/dir/a.csv"_s}
        << u"cannot write"_s;
    QTest::addRow("bad subcommand") << QStringList{u"audit"_s, u"verfy"_s} << u"usage"_s;
    // Rights: export needs export (and audit), verify needs audit.
    QTest::addRow("support exports")
        << QStringList{u"--operator"_s, u"carol"_s, u"audit"_s, u"export"_s, u"--csv"_s, u"@"_s}
        << u"operator carol (support) may not export"_s;
    QTest::addRow("unknown operator exports")
        << QStringList{u"--operator"_s, u"dave"_s, u"audit"_s, u"export"_s, u"--csv"_s, u"@"_s}
        << u"operator dave (not an operator) may not export"_s;
    QTest::addRow("exporter without the audit right")
        << QStringList{u"--operator"_s, u"xena"_s, u"audit"_s, u"export"_s, u"--csv"_s, u"@"_s}
        << u"operator xena (supervisor) may not audit"_s;
    QTest::addRow("support verifies")
        << QStringList{u"--operator"_s, u"carol"_s, u"audit"_s, u"verify"_s}
        << u"operator carol (support) may not audit"_s;
    QTest::addRow("unknown operator verifies")
        << QStringList{u"--operator"_s, u"dave"_s, u"audit"_s, u"verify"_s}
        << u"operator dave (not an operator) may not audit"_s;
}

void TestOpsctlAudit::badInputIsRefused()
{
    QFETCH(QStringList, args);
    QFETCH(QString, message);
    StoreFixture f;
    seedAuditHistory(f);
    // A supervisor whose rights were narrowed to export without reading the trail.
    addOperator(connectionOf(f.store()), 0, u"operator:alice"_s, u"xena"_s, Role::Supervisor,
                Rights(Right::View) | Right::Export);
    const QString target = f.scratchDir() + u"/audit.csv"_s;
    for (QString &a : args)
        a.replace(u"@"_s, target);
    const Run run = opsctl(f.path(), args);
    QCOMPARE(run.exitCode, 2);
    QVERIFY2(QString::fromUtf8(run.err).contains(message), run.err.constData());
    QVERIFY(run.out.isEmpty());
    QVERIFY(!QFile::exists(target));
}

void TestOpsctlAudit::verifyNamesTheTamperedEntry()
{
    StoreFixture f;
    seedAuditHistory(f);
    Run run = opsctl(f.path(), {u"audit"_s, u"verify"_s});
    QCOMPARE(run.exitCode, 0);
    QCOMPARE(run.result().value("verified", false), true);
    QCOMPARE(run.result().value("entries", -1), 19);
    QSqlQuery q(connectionOf(f.store()));
    QVERIFY(q.exec(test::onPostgres() ? u"DROP TRIGGER audit_no_change ON audit"_s
                                      : u"DROP TRIGGER audit_no_update"_s));
    QVERIFY(q.exec(u"UPDATE audit SET detail = '{\"reason\":\"nothing\"}' WHERE id = 6"_s));
    run = opsctl(f.path(), {u"audit"_s, u"verify"_s});
    QCOMPARE(run.exitCode, 3); // the chain does not hold; the JSON says why
    QCOMPARE(run.result().value("verified", true), false);
    QCOMPARE(run.result().value("first_broken_entry", -1), 6);
    QCOMPARE(run.result().value("entries_verified", -1), 5);
    QVERIFY(run.result().value("reason", "").find("edited") != std::string::npos);
}

QTEST_GUILESS_MAIN(TestOpsctlAudit)
#include "tst_opsctl_audit.moc"
