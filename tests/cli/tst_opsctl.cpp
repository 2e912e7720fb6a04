// opsctl as the agent runs it: a real process, a real SQLite file, real HTTP to provider-sim.
// Covers the process-level guarantees (a SIGKILLed caller, two racing callers) and every bad
// input path of the command line. On PostgreSQL (the _pg variant) opsctl logs in as the agent;
// the owner only migrates (issue 50).

#include "support/rolesfixture.h"
#include "support/simprocess.h"
#include "support/testpaths.h"

#include <QDeadlineTimer>
#include <QProcess>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>
#include <csignal>

using namespace Qt::StringLiterals;
using nlohmann::json;
using ops::test::SimProcess;

namespace {

struct Run
{
    int exitCode = -1;
    QByteArray out;
    QByteArray err;
    json result() const { return json::parse(out.constData(), nullptr, false); }
    QString status() const
    {
        const json j = result();
        return j.is_object() ? QString::fromStdString(j.value("status", "")) : QString();
    }
};

QString str(const json &j)
{
    return j.is_string() ? QString::fromStdString(j.get<std::string>()) : QString();
}

class Cli
{
public:
    Cli() { m_db = m_roles.path(); }
    bool start()
    {
        if (!m_sim.start())
            return false;
        m_env = m_roles.programEnv(u"agent"_s, QProcessEnvironment::systemEnvironment());
        m_env.insert(u"OPS_STRIPE_URL"_s, m_sim.baseUrl().toString());
        m_env.insert(u"OPS_STRIPE_KEY"_s, u"sk_test_demo"_s);
        m_env.insert(u"OPS_ATTEMPT_TIMEOUT_MS"_s, u"500"_s);
        m_env.insert(u"OPS_BACKOFF_BASE_MS"_s, u"20"_s);
        m_env.insert(u"OPS_BACKOFF_CAP_MS"_s, u"100"_s);
        m_env.remove(u"OPS_OPERATOR"_s);
        return true;
    }
    std::unique_ptr<QProcess> spawn(const QStringList &args) const
    {
        auto p = std::make_unique<QProcess>();
        p->setProcessEnvironment(m_env);
        p->start(ops::test::opsctlPath(), args);
        return p;
    }
    static Run finish(QProcess &p)
    {
        p.waitForFinished(60000);
        return {p.exitCode(), p.readAllStandardOutput().trimmed(), p.readAllStandardError()};
    }
    Run run(const QStringList &args) const
    {
        auto p = spawn(args);
        return finish(*p);
    }
    int rows(const QString &where = u"1 = 1"_s) const
    {
        return ops::test::TestDatabase::probeCount(
            m_db, u"SELECT COUNT(*) FROM operations WHERE "_s + where);
    }
    json posts()
    {
        json out = json::array();
        const json all = m_sim.requests();
        for (const auto &r : all["requests"]) {
            if (r.value("method", "") == "POST")
                out.push_back(r);
        }
        return out;
    }
    SimProcess &sim() { return m_sim; }
    QProcessEnvironment &env() { return m_env; }
    QString db() const { return m_db; }

private:
    ops::test::RolesFixture m_roles{ops::test::RolesFixture::ForPrograms{}};
    QString m_db;
    SimProcess m_sim{ops::test::providerSimPath(),
                     SimProcess::demoSeedPath(ops::test::sourceDir())};
    QProcessEnvironment m_env;
    mutable int m_probe = 0;
};

const QStringList kRefund4417 = {u"refund"_s,  u"--order"_s,  u"4417"_s, u"--charge"_s,
                                 u"ch_4417"_s, u"--amount"_s, u"3800"_s};

} // namespace

class TestOpsctl : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { QCOMPARE(ops::test::prepareRoles(), QString()); }
    void cleanupTestCase() { QCOMPARE(ops::test::dropRoles(), QString()); }
    void refundPrintsTheToolResult();
    void sigkilledCallerIsResumedWithTheSameKeyAndBytes();
    void killedBetweenCommitAndSendResumesWithTheSameKey();
    void twoProcessesRacingEndWithOneRowAndOneKey();
    void storedFiveHundredThenCheckingWithoutARequest();
    void badInput_data();
    void badInput();
    void environmentProblems_data();
    void environmentProblems();
    void showListAndSweep();
};

void TestOpsctl::refundPrintsTheToolResult()
{
    Cli cli;
    QVERIFY2(cli.start(), qPrintable(cli.sim().error()));
    const Run r = cli.run(
        kRefund4417 + QStringList{u"--tool-call"_s, u"toolu_01"_s, u"--ticket"_s, u"zd-4417"_s});
    QCOMPARE(r.exitCode, 0);
    QVERIFY2(
        QRegularExpression(
            uR"(^\{"status":"refunded","operation_id":"op_[0-9a-f]{32}","refund_id":"re_[A-Za-z0-9]+"\}$)"_s)
            .match(QString::fromUtf8(r.out))
            .hasMatch(),
        r.out.constData());
    const Run shown = cli.run({u"show"_s, str(r.result()["operation_id"]), u"--json"_s});
    QCOMPARE(str(json::parse(shown.out.constData())["created_by"]),
             ops::test::opsctlAgentActor(u"toolu_01"_s));
    QCOMPARE(str(json::parse(shown.out.constData())["ticket"]), u"zd-4417"_s);
}

void TestOpsctl::sigkilledCallerIsResumedWithTheSameKeyAndBytes()
{
    Cli cli;
    QVERIFY2(cli.start(), qPrintable(cli.sim().error()));
    // The provider applies the refund and never answers; the caller waits a long time.
    cli.sim().addFault({{"route", "POST /v1/refunds"},
                        {"mode", "commit_then_hang"},
                        {"count", 1},
                        {"delay_ms", -1}});
    cli.env().insert(u"OPS_ATTEMPT_TIMEOUT_MS"_s, u"60000"_s);
    auto victim = cli.spawn(kRefund4417);
    QTRY_VERIFY_WITH_TIMEOUT(cli.sim().ledger()["movements"].size() == 1, 15000);
    QCOMPARE(cli.rows(u"attempts = 1"_s), 1); // committed before the send
    ::kill(pid_t(victim->processId()), SIGKILL);
    victim->waitForFinished(5000);

    cli.env().insert(u"OPS_ATTEMPT_TIMEOUT_MS"_s, u"2000"_s);
    const Run again = cli.run(kRefund4417);
    QCOMPARE(again.status(), u"refunded"_s);
    const json posts = cli.posts();
    QCOMPARE(posts.size(), 2u);
    QCOMPARE(str(posts.at(1)["idempotency_key"]), str(posts.at(0)["idempotency_key"]));
    QCOMPARE(str(posts.at(1)["body"]), str(posts.at(0)["body"]));
    QVERIFY(posts.at(1)["replayed"].get<bool>());
    QCOMPARE(cli.sim().ledger()["movements"].size(), 1u);
    QCOMPARE(cli.rows(), 1);
}

// The row, its key and attempt 1 are one commit; the caller dies after it and before the POST
// leaves (the stall hook holds it there). What the send relied on is on disk, and the next call
// sends attempt 2 with the same key: one refund.
void TestOpsctl::killedBetweenCommitAndSendResumesWithTheSameKey()
{
    Cli cli;
    QVERIFY2(cli.start(), qPrintable(cli.sim().error()));
    QProcessEnvironment stalled = cli.env();
    cli.env().insert(u"OPS_TEST_STALL_BEFORE_SEND_MS"_s, u"60000"_s);
    auto victim = cli.spawn(kRefund4417);
    cli.env() = stalled;
    QTRY_VERIFY_WITH_TIMEOUT(cli.rows(u"attempts = 1"_s) == 1, 15000);
    QVERIFY(victim->state() == QProcess::Running);
    QCOMPARE(cli.posts().size(), 0u); // stalled before the send
    ::kill(pid_t(victim->processId()), SIGKILL);
    victim->waitForFinished(5000);

    // On disk: the row with its key, and the counted attempt still in flight.
    QCOMPARE(cli.rows(u"attempts = 1 AND state = 'open' AND idempotency_key <> ''"_s), 1);
    QCOMPARE(ops::test::TestDatabase::probeCount(
                 cli.db(), u"SELECT COUNT(*) FROM attempts WHERE classification = 'in_flight'"_s),
             1);
    const Run again = cli.run(kRefund4417);
    QCOMPARE(again.status(), u"refunded"_s);
    const json posts = cli.posts();
    QCOMPARE(posts.size(), 1u);
    QCOMPARE(cli.rows(u"attempts = 2 AND state = 'succeeded'"_s), 1);
    QCOMPARE(ops::test::TestDatabase::probeCount(
                 cli.db(), u"SELECT COUNT(*) FROM operations WHERE idempotency_key = '%1'"_s.arg(
                               str(posts.at(0)["idempotency_key"]))),
             1);
    QCOMPARE(cli.sim().ledger()["movements"].size(), 1u);
    QCOMPARE(cli.rows(), 1);
}

void TestOpsctl::twoProcessesRacingEndWithOneRowAndOneKey()
{
    Cli cli;
    QVERIFY2(cli.start(), qPrintable(cli.sim().error()));
    // Slow balance look-ups make both callers find no row and both try to insert.
    cli.sim().addFault({{"route", "GET /v1/charges/ch_4417"},
                        {"mode", "latency"},
                        {"count", 2},
                        {"delay_ms", 400}});
    auto a = cli.spawn(kRefund4417 + QStringList{u"--tool-call"_s, u"toolu_a"_s});
    auto b = cli.spawn(kRefund4417 + QStringList{u"--tool-call"_s, u"toolu_b"_s});
    const Run ra = Cli::finish(*a);
    const Run rb = Cli::finish(*b);
    QVERIFY2(ra.exitCode == 0, QByteArray(ra.out + ra.err).constData());
    QVERIFY2(rb.exitCode == 0, QByteArray(rb.out + rb.err).constData());
    QVERIFY2(str(ra.result()["operation_id"]) == str(rb.result()["operation_id"]),
             QByteArray(ra.out + " / " + rb.out).constData());
    QCOMPARE(cli.rows(), 1);
    const json posts = cli.posts();
    QVERIFY(!posts.empty());
    for (const auto &p : posts)
        QCOMPARE(str(p["idempotency_key"]), str(posts.at(0)["idempotency_key"]));
    QCOMPARE(cli.sim().ledger()["movements"].size(), 1u);
}

void TestOpsctl::storedFiveHundredThenCheckingWithoutARequest()
{
    Cli cli;
    QVERIFY2(cli.start(), qPrintable(cli.sim().error()));
    cli.sim().addFault({{"route", "POST /v1/refunds"}, {"mode", "stored_500"}, {"count", 1}});
    const Run first = cli.run(kRefund4417);
    QCOMPARE(first.exitCode, 0);
    QCOMPARE(QString::fromUtf8(first.out),
             u"{\"status\":\"checking\",\"operation_id\":\"%1\",\"note\":\"Outcome unknown. A "
             "person is checking. Do not say the refund succeeded or failed.\"}"_s.arg(
                 str(first.result()["operation_id"])));
    const size_t before = cli.sim().requests()["requests"].size();
    QCOMPARE(cli.run(kRefund4417).status(), u"checking"_s);
    QCOMPARE(cli.sim().requests()["requests"].size(), before);
}

void TestOpsctl::badInput_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<int>("exitCode");
    QTest::addColumn<QString>("status"); // "" when no JSON result is printed
    const auto refund = [](const QString &order, const QString &charge, const QString &amount) {
        return QStringList{u"refund"_s, u"--order"_s,  order, u"--charge"_s,
                           charge,      u"--amount"_s, amount};
    };
    QTest::addRow("empty order") << refund(u""_s, u"ch_4417"_s, u"100"_s) << 2 << u"rejected"_s;
    QTest::addRow("blank order") << refund(u"  "_s, u"ch_4417"_s, u"100"_s) << 2 << u"rejected"_s;
    QTest::addRow("blank charge") << refund(u"4417"_s, u" "_s, u"100"_s) << 2 << u"rejected"_s;
    QTest::addRow("non-numeric amount")
        << refund(u"4417"_s, u"ch_4417"_s, u"ten"_s) << 2 << u"rejected"_s;
    QTest::addRow("decimal amount")
        << refund(u"4417"_s, u"ch_4417"_s, u"38.00"_s) << 2 << u"rejected"_s;
    QTest::addRow("zero amount") << refund(u"4417"_s, u"ch_4417"_s, u"0"_s) << 2 << u"rejected"_s;
    QTest::addRow("negative amount")
        << refund(u"4417"_s, u"ch_4417"_s, u"-100"_s) << 2 << u"rejected"_s;
    QTest::addRow("overflowing amount")
        << refund(u"4417"_s, u"ch_4417"_s, u"922337203685477580799"_s) << 2 << u"rejected"_s;
    QTest::addRow("unknown currency")
        << refund(u"4417"_s, u"ch_4417"_s, u"100"_s) + QStringList{u"--currency"_s, u"zzz"_s} << 2
        << u"rejected"_s;
    QTest::addRow("missing charge")
        << QStringList{u"refund"_s, u"--order"_s, u"4417"_s, u"--amount"_s, u"100"_s} << 2
        << u"rejected"_s;
    QTest::addRow("unknown option")
        << refund(u"4417"_s, u"ch_4417"_s, u"100"_s) + QStringList{u"--amout"_s, u"5"_s} << 2
        << u"rejected"_s;
    QTest::addRow("bad tool-call id")
        << refund(u"4417"_s, u"ch_4417"_s, u"100"_s) + QStringList{u"--tool-call"_s, u"a b;c"_s}
        << 2 << u"rejected"_s;
    QTest::addRow("ticket with a space")
        << refund(u"4417"_s, u"ch_4417"_s, u"100"_s) + QStringList{u"--ticket"_s, u"48 213"_s} << 2
        << u"rejected"_s;
    QTest::addRow("empty ticket") << refund(u"4417"_s, u"ch_4417"_s, u"100"_s) +
                                         QStringList{u"--ticket"_s, u""_s}
                                  << 2 << u"rejected"_s;
    QTest::addRow("unknown command") << QStringList{u"refnud"_s} << 2 << u""_s;
    QTest::addRow("no command") << QStringList{} << 2 << u""_s;
    QTest::addRow("unknown charge")
        << refund(u"4417"_s, u"ch_nope"_s, u"100"_s) << 0 << u"rejected"_s;
    QTest::addRow("more than charged")
        << refund(u"4417"_s, u"ch_4417"_s, u"3801"_s) << 0 << u"rejected"_s;
    QTest::addRow("bad state filter")
        << QStringList{u"list"_s, u"--state"_s, u"done"_s} << 2 << u""_s;
    QTest::addRow("show unknown op") << QStringList{u"show"_s, u"op_nope"_s} << 2 << u""_s;
}

void TestOpsctl::badInput()
{
    QFETCH(QStringList, args);
    QFETCH(int, exitCode);
    QFETCH(QString, status);
    Cli cli;
    QVERIFY2(cli.start(), qPrintable(cli.sim().error()));
    const Run r = cli.run(args);
    QCOMPARE(r.exitCode, exitCode);
    QCOMPARE(r.status(), status);
    if (exitCode == 2)
        QVERIFY2(!r.err.trimmed().isEmpty(), "a usage error explains itself on stderr");
    QCOMPARE(cli.rows(), 0);
    QCOMPARE(cli.posts().size(), 0u);
}

void TestOpsctl::environmentProblems_data()
{
    QTest::addColumn<QString>("variable");
    QTest::addColumn<QString>("value");
    QTest::addColumn<int>("exitCode");
    QTest::addColumn<QString>("status");
    // A tool command answers with a tool result even when the environment is unusable: exit 2
    // and a rejected result (nothing stored, nothing sent), the reason also on stderr.
    QTest::addRow("unwritable database")
        << u"OPS_DB"_s << u"/proc/none/ops.sqlite"_s << 2 << u"rejected"_s;
    QTest::addRow("postgres url without database")
        << u"OPS_DB"_s << u"postgresql://ops@127.0.0.1"_s << 2 << u"rejected"_s;
    QTest::addRow("unreachable postgres server")
        << u"OPS_DB"_s << u"postgresql://ops:s3cret-pw@127.0.0.1:1/ops"_s << 2 << u"rejected"_s;
    QTest::addRow("no secret") << u"OPS_STRIPE_KEY"_s << u""_s << 2 << u"rejected"_s;
    QTest::addRow("bad provider url") << u"OPS_STRIPE_URL"_s << u"ftp://x"_s << 2 << u"rejected"_s;
    QTest::addRow("unreachable provider")
        << u"OPS_STRIPE_URL"_s << u"http://127.0.0.1:9"_s << 0 << u"rejected"_s;
    QTest::addRow("wrong secret") << u"OPS_STRIPE_KEY"_s << u"sk_test_wrong"_s << 0
                                  << u"rejected"_s;
    QTest::addRow("bad timeout") << u"OPS_ATTEMPT_TIMEOUT_MS"_s << u"soon"_s << 2 << u"rejected"_s;
}

void TestOpsctl::environmentProblems()
{
    QFETCH(QString, variable);
    QFETCH(QString, value);
    QFETCH(int, exitCode);
    QFETCH(QString, status);
    Cli cli;
    QVERIFY2(cli.start(), qPrintable(cli.sim().error()));
    cli.env().insert(variable, value);
    const Run r = cli.run(kRefund4417);
    QCOMPARE(r.exitCode, exitCode);
    QCOMPARE(r.status(), status);
    QVERIFY(!r.err.isEmpty() || exitCode == 0);
    QVERIFY2(!r.err.contains("s3cret-pw") && !r.out.contains("s3cret-pw"),
             "a database password is never printed");
    QCOMPARE(cli.rows(), 0);
    QCOMPARE(cli.posts().size(), 0u);
}

void TestOpsctl::showListAndSweep()
{
    Cli cli;
    QVERIFY2(cli.start(), qPrintable(cli.sim().error()));
    // A five-second window once the margin is taken: the sweeper finds the row overdue soon,
    // and not before (a slow, sanitized run took more than one second to get here).
    cli.env().insert(u"OPS_STRIPE_WINDOW_SECONDS"_s, u"6"_s);
    cli.env().insert(u"OPS_MARGIN_SECONDS"_s, u"1"_s);
    cli.sim().addFault({{"route", "POST /v1/refunds"}, {"mode", "503"}, {"count", 3}});
    const Run r = cli.run(kRefund4417);
    QCOMPARE(r.status(), u"unconfirmed"_s);
    const QString op = str(r.result()["operation_id"]);

    const json shown = json::parse(cli.run({u"show"_s, op, u"--json"_s}).out.constData());
    QCOMPARE(shown["attempts_detail"].size(), 3u);
    QCOMPARE(str(shown["attempts_detail"][0]["classification"]), u"no_answer"_s);
    QCOMPARE(shown["attempts_detail"][0]["http_status"].get<int>(), 503);
    QVERIFY(shown["audit"].size() >= 7u); // opened + 3 × (started, finished)
    QVERIFY(shown.dump().find("sk_test_demo") == std::string::npos); // never the secret

    QCOMPARE(json::parse(cli.run({u"sweep"_s}).out.constData())["swept"].get<int>(), 0);
    // Once the deadline has passed, one sweep moves it (the wall clock: opsctl is a process).
    // Not QTRY: it evaluates the sweep once more after it succeeded.
    int swept = 0;
    const QDeadlineTimer until(15000);
    while (swept == 0 && !until.hasExpired()) {
        swept = json::parse(cli.run({u"sweep"_s}).out.constData())["swept"].get<int>();
        if (swept == 0)
            QTest::qWait(200);
    }
    QCOMPARE(swept, 1);
    const json listed =
        json::parse(cli.run({u"list"_s, u"--state"_s, u"unknown"_s, u"--json"_s}).out.constData());
    QCOMPARE(listed["operations"].size(), 1u);
    QCOMPARE(cli.run(kRefund4417).status(), u"checking"_s);
    const Run table = cli.run({u"list"_s});
    QVERIFY(table.out.contains(op.toUtf8()));
    QVERIFY(table.out.contains("38.00 USD"));
}

QTEST_GUILESS_MAIN(TestOpsctl)
#include "tst_opsctl.moc"
