// The command-line contract of issue 17 (docs/design.md §9 additions), against a real opsctl
// process: audit verify exits 3 when the chain does not hold, list pages with "next"/--after and
// never truncates silently (ties on created_at included), a --json error is one JSON object on
// stdout with the same reason on stderr, --help names every command the documentation shows, and
// the three programs print the version CMake gave them. Wave 2: refund --reference,
// --payment-intent and --reason, and rule 13's repeat answer and window setting.

#include "opsversion.h"
#include "storage/bulkgenerator.h"
#include "support/auditseed.h"
#include "support/processrun.h"
#include "support/rolesfixture.h"
#include "support/simprocess.h"
#include "support/testpaths.h"

#include <QDir>
#include <QDirIterator>
#include <QRegularExpression>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>
#include <nlohmann/json.hpp>
#include <set>

using namespace Qt::StringLiterals;
using namespace ops;
using namespace ops::test;
using nlohmann::json;

namespace {

using Run = ProcessRun;

Run opsctl(const QString &db, const QStringList &args,
           const QProcessEnvironment &env = QProcessEnvironment::systemEnvironment())
{
    return runProcess(ops::test::opsctlPath(),
                      QStringList{u"--db"_s, db, u"--operator"_s, u"alice"_s} + args, env);
}

// As the person --operator names, alice if none; on PostgreSQL on their own login (issue 50).
Run opsctl(const RolesFixture &f, QStringList args,
           const QProcessEnvironment &env = QProcessEnvironment::systemEnvironment())
{
    if (!args.contains(u"--operator"_s))
        args = QStringList{u"--operator"_s, u"alice"_s} + args;
    const QString who = routeOperator(args);
    return runProcess(ops::test::opsctlPath(), args, f.programEnv(who, env));
}

// `rows` generated operations, with created_at squeezed onto seven instants so that most pages
// start and end inside a run of equal times and only the id orders them.
void seedRows(StoreFixture &f, qint64 rows)
{
    generateOperations(connectionOf(f.store()), rows, f.clock().nowMs());
    QSqlQuery q(connectionOf(f.store()));
    // The generator spaces rows 30 s apart, so created_at / 30000 counts them.
    QVERIFY(q.exec(u"UPDATE operations SET created_at = 1764000000000 + "
                   "1000 * ((created_at / 30000) % 7)"_s));
}

// A JSON value as text, for QCOMPARE: a string's content, anything else dumped.
QString text(const json &value)
{
    return QString::fromStdString(value.is_string() ? value.get<std::string>() : value.dump());
}

QStringList operationIds(const json &page)
{
    QStringList ids;
    for (const json &op : page.at("operations"))
        ids << QString::fromStdString(op.at("operation_id").get<std::string>());
    return ids;
}

// The last line of a table: "N more — use --after CURSOR", or nothing when the list ended.
std::optional<std::pair<int, QString>> moreLine(const QByteArray &table)
{
    static const QRegularExpression more(u"^(\\d+) more — use --after (\\S+)$"_s);
    const QStringList lines = QString::fromUtf8(table).trimmed().split(u'\n');
    const auto m = more.match(lines.last());
    if (!m.hasMatch())
        return std::nullopt;
    return std::pair{m.captured(1).toInt(), m.captured(2)};
}

// Every fenced block of the documentation that starts with the opsctl synopsis: the commands a
// reader is promised.
QStringList documentedCommandLines()
{
    QStringList files{ops::test::sourceDir() + u"/README.md"_s};
    QDirIterator docs(ops::test::sourceDir() + u"/docs"_s, {u"*.md"_s}, QDir::Files);
    while (docs.hasNext())
        files << docs.next();
    QStringList lines;
    for (const QString &path : files) {
        QFile file(path);
        if (!file.open(QIODevice::ReadOnly))
            continue;
        bool inBlock = false, synopsis = false;
        for (const QString &line : QString::fromUtf8(file.readAll()).split(u'\n')) {
            if (line.startsWith(u"```"_s)) {
                inBlock = !inBlock;
                synopsis = false;
                continue;
            }
            if (inBlock && !synopsis && line.startsWith(u"opsctl ["_s)) {
                synopsis = true;
                continue;
            }
            if (synopsis)
                lines << line;
        }
    }
    return lines;
}

} // namespace

class TestOpsctlContract : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase() { QCOMPARE(prepareRoles(), QString()); }
    void cleanupTestCase() { QCOMPARE(dropRoles(), QString()); }
    void verifyExitsThreeWhenTheChainBreaks();
    void jsonPagesReturnEveryRowOnce();
    void tableSaysHowManyMore();
    void badCursorIsRefused_data();
    void badCursorIsRefused();
    void jsonErrorsAreJsonOnStdout_data();
    void jsonErrorsAreJsonOnStdout();
    void toolCommandErrorIsARejectedResult();
    void refundRepeatReferenceAndPaymentIntent();
    void refundRefusesBadChargeChoicesAndReasons_data();
    void refundRefusesBadChargeChoicesAndReasons();
    void refundThroughAdyenAnswersAccepted();
    void auditMergeDelayIsASupervisorsSetting();
    void badAuditMergeDelayStoresNothing_data();
    void badAuditMergeDelayStoresNothing();
    void helpNamesEveryDocumentedCommand();
    void versionComesFromCMake_data();
    void versionComesFromCMake();
};

void TestOpsctlContract::verifyExitsThreeWhenTheChainBreaks()
{
    StoreFixture f;
    seedAuditHistory(f);
    QCOMPARE(opsctl(f.path(), {u"audit"_s, u"verify"_s}).exitCode, 0);
    QSqlQuery q(connectionOf(f.store()));
    QVERIFY(q.exec(onPostgres() ? u"DROP TRIGGER audit_no_change ON audit"_s
                                : u"DROP TRIGGER audit_no_update"_s));
    QVERIFY(q.exec(u"UPDATE audit SET actor = 'operator:mallory' WHERE id = 10"_s));
    const Run run = opsctl(f.path(), {u"audit"_s, u"verify"_s});
    QCOMPARE(run.exitCode, 3);
    QCOMPARE(run.result().value("verified", true), false);
    QCOMPARE(run.result().value("first_broken_entry", -1), 10);
    QVERIFY(run.result().value("reason", "").find("edited") != std::string::npos);
    // A script chained on it stops.
    const Run chained = runProcess(u"/bin/sh"_s, {u"-c"_s,
                                                  u"\"$0\" --db \"$1\" --operator alice "
                                                  "audit verify >/dev/null && echo ran"_s,
                                                  ops::test::opsctlPath(), f.path()});
    QCOMPARE(chained.exitCode, 3);
    QVERIFY(!chained.out.contains("ran"));
}

void TestOpsctlContract::jsonPagesReturnEveryRowOnce()
{
    StoreFixture f;
    seedRows(f, 250);
    QStringList seen;
    QList<int> pageSizes;
    QString after;
    for (int page = 0; page < 10; ++page) {
        QStringList args{u"list"_s, u"--json"_s};
        if (!after.isEmpty())
            args << u"--after"_s << after;
        const Run run = opsctl(f.path(), args);
        QCOMPARE(run.exitCode, 0);
        const json result = run.result();
        QVERIFY2(result.is_object() && result.contains("next"), run.out.constData());
        seen << operationIds(result);
        pageSizes << int(result.at("operations").size());
        if (result.at("next").is_null())
            break;
        after = QString::fromStdString(result.at("next").get<std::string>());
    }
    QCOMPARE(pageSizes, (QList<int>{100, 100, 50}));
    QCOMPARE(seen.size(), 250);
    QCOMPARE(int(std::set<QString>(seen.begin(), seen.end()).size()), 250);
    // The pages together are the list's order: the same as one page of everything.
    const Run all = opsctl(f.path(), {u"list"_s, u"--json"_s, u"--limit"_s, u"1000"_s});
    QCOMPARE(operationIds(all.result()), seen);
    QVERIFY(all.result().at("next").is_null());
    // The cursor is stable: asking again gives the same one.
    const Run again = opsctl(f.path(), {u"list"_s, u"--json"_s});
    const Run twice = opsctl(f.path(), {u"list"_s, u"--json"_s});
    QCOMPARE(text(again.result().at("next")), text(twice.result().at("next")));
}

void TestOpsctlContract::tableSaysHowManyMore()
{
    StoreFixture f;
    seedRows(f, 250);
    Run run = opsctl(f.path(), {u"list"_s});
    QCOMPARE(run.exitCode, 0);
    const auto first = moreLine(run.out);
    QVERIFY2(first, run.out.right(200).constData());
    QCOMPARE(first->first, 150);
    const json page = opsctl(f.path(), {u"list"_s, u"--json"_s}).result();
    QCOMPARE(first->second, text(page.at("next")));

    run = opsctl(f.path(), {u"list"_s, u"--after"_s, first->second});
    const auto second = moreLine(run.out);
    QVERIFY(second);
    QCOMPARE(second->first, 50);
    run = opsctl(f.path(), {u"list"_s, u"--after"_s, second->second});
    QCOMPARE(run.exitCode, 0);
    QVERIFY2(!moreLine(run.out), run.out.right(200).constData());
    QCOMPARE(QString::fromUtf8(run.out).trimmed().split(u'\n').size(), 1 + 50); // header + rows
    // With a filter the count is of the filtered rows.
    run = opsctl(f.path(), {u"list"_s, u"--state"_s, u"succeeded"_s, u"--limit"_s, u"10"_s});
    const json filtered = opsctl(f.path(), {u"list"_s, u"--json"_s, u"--state"_s, u"succeeded"_s,
                                            u"--limit"_s, u"1000"_s})
                              .result();
    const auto more = moreLine(run.out);
    QVERIFY(more);
    QCOMPARE(more->first, int(filtered.at("operations").size()) - 10);
}

void TestOpsctlContract::badCursorIsRefused_data()
{
    QTest::addColumn<QString>("cursor");
    QTest::addRow("not base64") << u"%%%"_s;
    QTest::addRow("no time") << QString::fromLatin1(QByteArray("op_1").toBase64(
        QByteArray::Base64UrlEncoding | QByteArray::OmitTrailingEquals));
    QTest::addRow("no id") << QString::fromLatin1(
        QByteArray("1764000000000.")
            .toBase64(QByteArray::Base64UrlEncoding | QByteArray::OmitTrailingEquals));
    QTest::addRow("empty") << QString();
}

void TestOpsctlContract::badCursorIsRefused()
{
    QFETCH(QString, cursor);
    StoreFixture f;
    seedRows(f, 5);
    const Run run = opsctl(f.path(), {u"list"_s, u"--json"_s, u"--after"_s, cursor});
    QCOMPARE(run.exitCode, 2);
    QVERIFY2(run.errText().contains(u"--after"_s), run.err.constData());
    QCOMPARE(text(run.result().at("error").at("code")), u"invalid_request"_s);
}

void TestOpsctlContract::jsonErrorsAreJsonOnStdout_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("reason");
    QTest::addRow("list, bad state")
        << QStringList{u"list"_s, u"--state"_s, u"done"_s, u"--json"_s} << u"--state must be"_s;
    QTest::addRow("list, unknown option")
        << QStringList{u"list"_s, u"--json"_s, u"--sort"_s, u"id"_s} << u"unknown option --sort"_s;
    QTest::addRow("show, no such operation")
        << QStringList{u"show"_s, u"op_nope"_s, u"--json"_s} << u"no operation op_nope"_s;
    QTest::addRow("operator list, stray argument")
        << QStringList{u"operator"_s, u"list"_s, u"--json"_s, u"--role"_s} << u"--role"_s;
    QTest::addRow("message list, no such operation")
        << QStringList{u"message"_s, u"list"_s, u"op_nope"_s, u"--json"_s} << u"op_nope"_s;
    QTest::addRow("sweep takes no --json")
        << QStringList{u"sweep"_s, u"--json"_s} << u"sweep takes no arguments"_s;
    QTest::addRow("unknown command")
        << QStringList{u"lst"_s, u"--json"_s} << u"unknown command 'lst'"_s;
    QTest::addRow("support may not audit")
        << QStringList{u"--operator"_s, u"carol"_s, u"audit"_s, u"verify"_s, u"--json"_s}
        << u"operator carol (support) may not audit"_s;
}

void TestOpsctlContract::jsonErrorsAreJsonOnStdout()
{
    QFETCH(QStringList, args);
    QFETCH(QString, reason);
    RolesFixture f;
    reason.replace(u"carol"_s, personName(u"carol"_s));
    const QString who = routeOperator(args); // the agent unless a person is named
    const Run run = runProcess(ops::test::opsctlPath(), args,
                               f.programEnv(who, QProcessEnvironment::systemEnvironment()));
    QCOMPARE(run.exitCode, 2);
    QVERIFY2(run.errText().contains(reason), run.err.constData());
    QCOMPARE(run.out.count('\n'), 1); // one JSON object, one line
    const json result = run.result();
    QVERIFY2(result.is_object(), run.out.constData());
    QCOMPARE(text(result.at("error").at("code")), u"invalid_request"_s);
    // The message is the reason stderr gives, without the program's prefix.
    const QString message = QString::fromStdString(result.at("error").at("message"));
    QVERIFY2(run.errText().startsWith(u"opsctl: "_s + message), qPrintable(message));
}

void TestOpsctlContract::toolCommandErrorIsARejectedResult()
{
    // No Stripe secret anywhere: refused before anything is stored or sent.
    RolesFixture f;
    QTemporaryDir home;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.remove(u"OPS_STRIPE_KEY"_s);
    env.insert(u"HOME"_s, home.path());
    env.insert(u"XDG_CONFIG_HOME"_s, home.path() + u"/.config"_s);
    const Run run = opsctl(f,
                           {u"refund"_s, u"--order"_s, u"4417"_s, u"--charge"_s, u"ch_4417"_s,
                            u"--amount"_s, u"100"_s},
                           env);
    QCOMPARE(run.exitCode, 2);
    QVERIFY2(run.errText().contains(u"no Stripe secret"_s), run.err.constData());
    const json result = run.result();
    QCOMPARE(text(result.value("status", json())), u"rejected"_s);
    QCOMPARE(text(result.at("error").at("code")), u"invalid_request"_s);
    QVERIFY(
        QString::fromStdString(result.at("error").at("message")).contains(u"no Stripe secret"_s));
    QCOMPARE(opsctl(f, {u"list"_s, u"--json"_s}).result().at("operations").size(), 0u);
}

void TestOpsctlContract::refundRepeatReferenceAndPaymentIntent()
{
    RolesFixture f;
    SimProcess sim{ops::test::providerSimPath(), SimProcess::demoSeedPath(ops::test::sourceDir())};
    QVERIFY2(sim.start(), qPrintable(sim.error()));
    const QProcessEnvironment env = sim.stripeEnvironment();
    const QStringList byIntent = {
        u"refund"_s,   u"--order"_s, u"4417"_s,     u"--payment-intent"_s,     u"pi_4417"_s,
        u"--amount"_s, u"1000"_s,    u"--reason"_s, u"requested_by_customer"_s};
    const QStringList byCharge = {u"refund"_s,  u"--order"_s,  u"4417"_s, u"--charge"_s,
                                  u"ch_4417"_s, u"--amount"_s, u"1000"_s};
    const Run first = opsctl(f, byIntent, env);
    QCOMPARE(first.exitCode, 0);
    QCOMPARE(text(first.result()["status"]), u"refunded"_s);
    QVERIFY(!first.result().contains("repeat"));
    // The same unit named by its charge, inside the window: the same refund, nothing sent.
    const Run again = opsctl(f, byCharge, env);
    QCOMPARE(again.exitCode, 0);
    QVERIFY(again.result()["repeat"] == true);
    QCOMPARE(text(again.result()["operation_id"]), text(first.result()["operation_id"]));
    QCOMPARE(text(again.result()["refund_id"]), text(first.result()["refund_id"]));
    QCOMPARE(sim.ledger()["movements"].size(), 1u);
    const Run meant = opsctl(f, byCharge + QStringList{u"--reference"_s, u"ticket-2"_s}, env);
    QCOMPARE(text(meant.result()["status"]), u"refunded"_s);
    QVERIFY(meant.result()["operation_id"] != first.result()["operation_id"]);
    QCOMPARE(sim.ledger()["movements"].size(), 2u);

    // The window is a supervisor's setting, audited; past it a new refund opens (money is left).
    const Run refused = opsctl(
        f, {u"--operator"_s, u"carol"_s, u"settings"_s, u"set"_s, u"repeat-window"_s, u"1ms"_s},
        env);
    QCOMPARE(refused.exitCode, 2);
    QVERIFY2(refused.errText().contains(u"approve right"_s), refused.err.constData());
    QCOMPARE(opsctl(f, {u"settings"_s, u"set"_s, u"repeat-window"_s, u"soon"_s}, env).exitCode, 2);
    const Run set = opsctl(f, {u"settings"_s, u"set"_s, u"repeat-window"_s, u"1ms"_s}, env);
    QCOMPARE(set.exitCode, 0);
    QVERIFY(set.result()["repeat_window_ms"] == 1);
    QVERIFY(opsctl(f, {u"settings"_s, u"show"_s}, env).result()["repeat_window_ms"] == 1);
    QSqlQuery q(connectionOf(f.store()));
    QVERIFY(q.exec(u"SELECT actor FROM audit WHERE action = 'settings.repeat_window'"_s));
    QVERIFY(q.next());
    QCOMPARE(q.value(0).toString(), f.person(u"alice"_s));
    QVERIFY(!q.next());
    const Run past = opsctl(f, byCharge, env); // a process start is longer than 1 ms
    QCOMPARE(text(past.result()["status"]), u"refunded"_s);
    QVERIFY(!past.result().contains("repeat"));
    QVERIFY(past.result()["operation_id"] != first.result()["operation_id"]);
    QCOMPARE(sim.ledger()["movements"].size(), 3u);
    QVERIFY(q.exec(u"SELECT COUNT(*) FROM audit WHERE action = 'refund.repeat'"_s) && q.next());
    QCOMPARE(q.value(0).toInt(), 1);
}

// Issue 28: how long an audit entry may wait for its chain position before audit verify fails.
void TestOpsctlContract::auditMergeDelayIsASupervisorsSetting()
{
    RolesFixture f;
    QVERIFY(opsctl(f, {u"settings"_s, u"show"_s}).result()["audit_merge_delay_ms"] == 2000);
    const Run set = opsctl(f, {u"settings"_s, u"set"_s, u"audit-merge-delay"_s, u"750ms"_s});
    QCOMPARE(set.exitCode, 0);
    QVERIFY(set.result()["audit_merge_delay_ms"] == 750);
    QVERIFY(set.result()["default"] == false);
    QVERIFY(opsctl(f, {u"settings"_s, u"show"_s}).result()["audit_merge_delay_ms"] == 750);
    const Run cleared = opsctl(f, {u"settings"_s, u"clear"_s, u"audit-merge-delay"_s});
    QCOMPARE(cleared.exitCode, 0);
    QVERIFY(cleared.result()["audit_merge_delay_ms"] == 2000);
    QVERIFY(cleared.result()["default"] == true);
    // Both changes are audited with what they replaced, and the chain still verifies.
    QSqlQuery q(connectionOf(f.store()));
    QVERIFY(q.exec(u"SELECT actor, detail FROM audit WHERE action = 'settings.audit_merge_delay' "
                   "ORDER BY id"_s));
    QVERIFY(q.next());
    QCOMPARE(q.value(0).toString(), f.person(u"alice"_s));
    const json first = json::parse(q.value(1).toString().toStdString());
    QVERIFY2(first["audit_merge_delay_ms"] == 750 && first["previous_ms"] == 2000,
             first.dump().c_str());
    QVERIFY(q.next());
    const json second = json::parse(q.value(1).toString().toStdString());
    QVERIFY2(second["audit_merge_delay_ms"].is_null() && second["previous_ms"] == 750,
             second.dump().c_str());
    QVERIFY(!q.next());
    QCOMPARE(opsctl(f, {u"audit"_s, u"verify"_s}).exitCode, 0);
}

void TestOpsctlContract::badAuditMergeDelayStoresNothing_data()
{
    QTest::addColumn<QString>("person");
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("message");
    const QStringList set = {u"settings"_s, u"set"_s, u"audit-merge-delay"_s};
    QTest::addRow("zero") << u"alice"_s << set + QStringList{u"0"_s} << u"is at least 300ms"_s;
    QTest::addRow("below 300 ms") << u"alice"_s << set + QStringList{u"299ms"_s}
                                  << u"is at least 300ms"_s;
    QTest::addRow("over a day") << u"alice"_s << set + QStringList{u"25h"_s}
                                << u"the audit merge delay is at most 1d"_s;
    QTest::addRow("no unit") << u"alice"_s << set + QStringList{u"2000"_s}
                             << u"whole number and a unit"_s;
    QTest::addRow("negative") << u"alice"_s << set + QStringList{u"-2s"_s}
                              << u"whole number and a unit"_s;
    QTest::addRow("empty") << u"alice"_s << set + QStringList{u""_s} << u"whole number"_s;
    QTest::addRow("missing") << u"alice"_s << set << u"usage: opsctl settings"_s;
    QTest::addRow("extra") << u"alice"_s << set + QStringList{u"2s"_s, u"3s"_s}
                           << u"usage: opsctl settings"_s;
    QTest::addRow("clear with a value")
        << u"alice"_s << QStringList{u"settings"_s, u"clear"_s, u"audit-merge-delay"_s, u"2s"_s}
        << u"usage: opsctl settings"_s;
    QTest::addRow("no approve right")
        << u"carol"_s << set + QStringList{u"5s"_s} << u"approve right"_s;
}

void TestOpsctlContract::badAuditMergeDelayStoresNothing()
{
    QFETCH(QString, person);
    QFETCH(QStringList, args);
    QFETCH(QString, message);
    RolesFixture f;
    const Run run = opsctl(f, QStringList{u"--operator"_s, person} + args);
    QCOMPARE(run.exitCode, 2);
    QVERIFY2(run.errText().contains(message), run.err.constData());
    QSqlQuery q(connectionOf(f.store()));
    QVERIFY(q.exec(u"SELECT (SELECT COUNT(*) FROM settings WHERE name = 'audit_merge_delay_ms') + "
                   "(SELECT COUNT(*) FROM audit WHERE action = 'settings.audit_merge_delay')"_s));
    QVERIFY(q.next());
    QCOMPARE(q.value(0).toInt(), 0);
}

void TestOpsctlContract::refundRefusesBadChargeChoicesAndReasons_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<int>("exitCode");
    QTest::addColumn<QString>("code");
    QTest::addColumn<QString>("message");
    const QStringList base = {u"refund"_s, u"--order"_s, u"4417"_s, u"--amount"_s, u"100"_s};
    QTest::addRow("both") << base + QStringList{u"--charge"_s, u"ch_4417"_s, u"--payment-intent"_s,
                                                u"pi_4417"_s}
                          << 2 << u"invalid_request"_s << u"exactly one of"_s;
    QTest::addRow("neither") << base << 2 << u"invalid_request"_s << u"exactly one of"_s;
    QTest::addRow("bad reason") << base + QStringList{u"--charge"_s, u"ch_4417"_s, u"--reason"_s,
                                                      u"because"_s}
                                << 2 << u"invalid_request"_s << u"reason must be"_s;
    QTest::addRow("empty reference")
        << base + QStringList{u"--charge"_s, u"ch_4417"_s, u"--reference"_s, u""_s} << 2
        << u"invalid_request"_s << u"--reference is empty"_s;
    const QStringList adyen = {u"--adyen-payment"_s, u"DZ4DPSHB4WD2WN82"_s};
    QTest::addRow("adyen without currency")
        << base + adyen << 2 << u"invalid_request"_s << u"--currency is required"_s;
    QTest::addRow("adyen and a charge")
        << base + adyen + QStringList{u"--charge"_s, u"ch_4417"_s, u"--currency"_s, u"eur"_s} << 2
        << u"invalid_request"_s << u"exactly one of"_s;
    QTest::addRow("adyen payment of the wrong shape")
        << base + QStringList{u"--adyen-payment"_s, u"ch_4417"_s, u"--currency"_s, u"eur"_s} << 2
        << u"invalid_request"_s << u"16 letters and digits"_s;
    // Refused by the provider: a result was printed (exit 0), nothing stored.
    QTest::addRow("unknown payment intent")
        << base + QStringList{u"--payment-intent"_s, u"pi_nobody"_s} << 0 << u"resource_missing"_s
        << u"pi_nobody"_s;
}

void TestOpsctlContract::refundRefusesBadChargeChoicesAndReasons()
{
    QFETCH(QStringList, args);
    QFETCH(int, exitCode);
    QFETCH(QString, code);
    QFETCH(QString, message);
    RolesFixture f;
    SimProcess sim{ops::test::providerSimPath(), SimProcess::demoSeedPath(ops::test::sourceDir())};
    QVERIFY2(sim.start(), qPrintable(sim.error()));
    const Run r = opsctl(f, args, sim.stripeEnvironment());
    QCOMPARE(r.exitCode, exitCode);
    QCOMPARE(text(r.result()["status"]), u"rejected"_s);
    QCOMPARE(text(r.result()["error"]["code"]), code);
    QVERIFY2(text(r.result()["error"]["message"]).contains(message), r.out.constData());
    QCOMPARE(opsctl(f, {u"list"_s, u"--json"_s}).result().at("operations").size(), 0u);
    size_t posts = 0;
    const json requests = sim.requests();
    for (const auto &req : requests["requests"])
        posts += req.value("method", "") == "POST";
    QCOMPARE(posts, 0u);
}

// An Adyen refund is only received: `accepted` with the fixed note, and the agent's retry reads
// the row without a second request. Without the merchant account nothing is stored.
void TestOpsctlContract::refundThroughAdyenAnswersAccepted()
{
    RolesFixture f;
    SimProcess sim{ops::test::providerSimPath(), SimProcess::demoSeedPath(ops::test::sourceDir())};
    QVERIFY2(sim.start(), qPrintable(sim.error()));
    sim.admin("POST", u"/_sim/adyen/config"_s, {{"auto_settle_ms", -1}});
    QProcessEnvironment env = sim.stripeEnvironment();
    env.insert(u"OPS_ADYEN_URL"_s, sim.baseUrl().toString());
    env.insert(u"OPS_ADYEN_KEY"_s, u"adyen_test_demo"_s);
    const QStringList args =
        u"refund --order 4417 --adyen-payment DZ4DPSHB4WD2WN82 --amount 1200 --currency eur"_s
            .split(u' ');
    const Run unset = opsctl(f, args, env);
    QCOMPARE(unset.exitCode, 2);
    QVERIFY2(unset.err.contains("OPS_ADYEN_MERCHANT"), unset.err.constData());
    QCOMPARE(opsctl(f, {u"list"_s, u"--json"_s}).result().at("operations").size(), 0u);

    env.insert(u"OPS_ADYEN_MERCHANT"_s, u"NorthwindECOM"_s);
    const Run first = opsctl(f, args, env);
    QCOMPARE(first.exitCode, 0);
    QCOMPARE(text(first.result()["status"]), u"accepted"_s);
    QVERIFY(text(first.result()["note"]).startsWith(u"The provider received this refund"_s));
    const Run again = opsctl(f, args, env);
    QVERIFY2(again.result() == first.result(), again.out.constData());
    const json refunds = sim.admin("GET", u"/_sim/adyen/refunds"_s)["refunds"];
    QCOMPARE(refunds.size(), 1u);
    size_t posts = 0; // the repeat read the row: one request, not a replayed second one
    const json requests = sim.requests();
    for (const auto &req : requests["requests"])
        posts += req.value("path", "").rfind("/v71/payments/", 0) == 0 ? 1 : 0;
    QCOMPARE(posts, 1u);
    QCOMPARE(text(first.result()["provider_reference"]), text(refunds[0]["pspReference"]));
}

void TestOpsctlContract::helpNamesEveryDocumentedCommand()
{
    const Run help = runProcess(ops::test::opsctlPath(), {u"--help"_s});
    QCOMPARE(help.exitCode, 0);
    const QString text = QString::fromUtf8(help.out);
    const QStringList lines = documentedCommandLines();
    QVERIFY2(lines.size() > 10, "the opsctl synopsis block was not found in README.md or docs/");
    // "  audit export --csv FILE …" and "  operator disable|enable NAME · operator list": the
    // command and, when there is one, its sub-command.
    static const QRegularExpression command(u"^\\s*([a-z]+)(?: ([a-z][a-z|-]*))?(?=\\s|$)"_s);
    int checked = 0;
    for (const QString &line : lines) {
        if (!line.startsWith(u"  "_s) || line.startsWith(u"   "_s))
            continue; // continuation lines are indented further
        for (const QString &segment : line.split(u'·')) {
            const auto m = command.match(segment);
            if (!m.hasMatch())
                continue;
            const QString name = m.captured(1);
            const QRegularExpression listed(u"^  "_s + name + u"(\\s|$)"_s,
                                            QRegularExpression::MultilineOption);
            QVERIFY2(listed.match(text).hasMatch(),
                     qPrintable(u"opsctl --help does not list '%1'"_s.arg(name)));
            for (const QString &sub : m.captured(2).split(u'|', Qt::SkipEmptyParts)) {
                QVERIFY2(QRegularExpression(u"\\b"_s + QRegularExpression::escape(sub) + u"\\b"_s)
                             .match(text)
                             .hasMatch(),
                         qPrintable(u"opsctl --help does not list '%1 %2'"_s.arg(name, sub)));
            }
            ++checked;
        }
    }
    QVERIFY(checked >= 15);
}

void TestOpsctlContract::versionComesFromCMake_data()
{
    QTest::addColumn<QString>("program");
    QTest::addColumn<QString>("name");
    QTest::addRow("opsctl") << ops::test::opsctlPath() << u"opsctl"_s;
    QTest::addRow("opsconsole") << ops::test::consolePath() << u"opsconsole"_s;
    QTest::addRow("provider-sim") << ops::test::providerSimPath() << u"provider-sim"_s;
}

void TestOpsctlContract::versionComesFromCMake()
{
    QFETCH(QString, program);
    QFETCH(QString, name);
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.remove(u"DISPLAY"_s);
    env.remove(u"WAYLAND_DISPLAY"_s);
    env.remove(u"QT_QPA_PLATFORM"_s); // --version needs no display
    const Run run = runProcess(program, {u"--version"_s}, env);
    QCOMPARE(run.exitCode, 0);
    QCOMPARE(QString::fromUtf8(run.out), name + u' ' + QString::fromLatin1(kVersion) + u'\n');
    QVERIFY(QRegularExpression(u"^\\d+\\.\\d+\\.\\d+$"_s)
                .match(QString::fromLatin1(kVersion))
                .hasMatch());
}

QTEST_GUILESS_MAIN(TestOpsctlContract)
#include "tst_opsctl_contract.moc"
