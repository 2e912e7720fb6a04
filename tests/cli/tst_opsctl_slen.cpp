// opsctl credit and opsctl execute as the agent runs them: a real process, a real SQLite file,
// real HTTP to provider-sim. Exit codes and stdout are the docs/design.md §9 contract. On
// PostgreSQL (the _pg variant) opsctl logs in as the agent; the owner only migrates (issue 50).

#include "support/rolesfixture.h"
#include "support/simprocess.h"
#include "support/testpaths.h"

#include <QProcess>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>

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
    QString field(const char *name) const
    {
        const json j = result();
        return j.is_object() && j.contains(name) && j[name].is_string()
                   ? QString::fromStdString(j[name].get<std::string>())
                   : QString();
    }
    QString status() const { return field("status"); }
};

class Cli
{
public:
    bool start()
    {
        if (!m_sim.start())
            return false;
        m_env = m_roles.programEnv(u"agent"_s, QProcessEnvironment::systemEnvironment());
        m_env.insert(u"OPS_SLEN_URL"_s, m_sim.baseUrl().toString());
        m_env.insert(u"OPS_SLEN_KEY"_s, u"sk_test_demo"_s);
        m_env.insert(u"OPS_SLEN_PROJECT"_s, u"demo"_s);
        m_env.insert(u"OPS_ATTEMPT_TIMEOUT_MS"_s, u"500"_s);
        m_env.insert(u"OPS_BACKOFF_BASE_MS"_s, u"20"_s);
        m_env.insert(u"OPS_BACKOFF_CAP_MS"_s, u"100"_s);
        m_env.remove(u"OPS_OPERATOR"_s);
        return true;
    }
    Run run(const QStringList &args) const
    {
        QProcess p;
        p.setProcessEnvironment(m_env);
        p.start(ops::test::opsctlPath(), args);
        p.waitForFinished(60000);
        return {p.exitCode(), p.readAllStandardOutput().trimmed(), p.readAllStandardError()};
    }
    int rows() const
    {
        return ops::test::TestDatabase::probeCount(m_roles.path(),
                                                   u"SELECT COUNT(*) FROM operations"_s);
    }
    size_t posts()
    {
        size_t n = 0;
        const json all = m_sim.requests();
        for (const auto &r : all["requests"])
            n += r.value("method", "") == "POST" ? 1 : 0;
        return n;
    }
    bool onTeam() const { return m_roles.onTeam(); }
    SimProcess &sim() { return m_sim; }
    QProcessEnvironment &env() { return m_env; }

private:
    ops::test::RolesFixture m_roles{ops::test::RolesFixture::ForPrograms{}};
    SimProcess m_sim{ops::test::providerSimPath(),
                     SimProcess::demoSeedPath(ops::test::sourceDir())};
    QProcessEnvironment m_env;
    mutable int m_probe = 0;
};

QStringList topup(const QString &amount, const QString &work)
{
    return {u"credit"_s,  u"topup"_s,    u"--customer"_s, u"u_1"_s,    u"--credit-type"_s,
            u"credits"_s, u"--amount"_s, amount,          u"--work"_s, work};
}

} // namespace

class TestOpsctlSlen : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { QCOMPARE(ops::test::prepareRoles(), QString()); }
    void cleanupTestCase() { QCOMPARE(ops::test::dropRoles(), QString()); }
    void creditTopupOnceAcrossProcesses();
    void rejectedChargeThenSameWorkNameAfterTopup();
    void executeRunsAndLaterCallCompletes();
    void badInputIsRejectedWithNothingStoredOrSent_data();
    void badInputIsRejectedWithNothingStoredOrSent();
    void aPersonWithoutTheRightsMovesNothing();
    void missingConfigurationIsAUsageError();
    void listShowsTheCustomerAsSubject();
};

void TestOpsctlSlen::creditTopupOnceAcrossProcesses()
{
    Cli cli;
    QVERIFY2(cli.start(), qPrintable(cli.sim().error()));
    const Run first =
        cli.run(topup(u"100"_s, u"invoice-7781:topup"_s) + QStringList{u"--note"_s, u"goodwill"_s});
    QCOMPARE(first.exitCode, 0);
    QCOMPARE(first.status(), u"succeeded"_s);
    QVERIFY(first.field("movement_id").startsWith(u"mv_"_s));
    QCOMPARE(first.result().value("balance_after", 0), 1100);
    const Run second = cli.run(topup(u"100"_s, u"invoice-7781:topup"_s));
    QCOMPARE(second.exitCode, 0);
    QCOMPARE(second.field("operation_id"), first.field("operation_id"));
    QCOMPARE(cli.posts(), size_t(1));
    QCOMPARE(cli.rows(), 1);
    // The caller's note is kept as evidence on the row.
    const Run shown = cli.run({u"show"_s, first.field("operation_id"), u"--json"_s});
    QCOMPARE(shown.exitCode, 0);
    QVERIFY2(shown.out.contains("goodwill") || shown.out.contains("Caller's note"),
             shown.out.constData());
}

void TestOpsctlSlen::rejectedChargeThenSameWorkNameAfterTopup()
{
    Cli cli;
    QVERIFY2(cli.start(), qPrintable(cli.sim().error()));
    const QStringList charge = {u"credit"_s,        u"charge"_s,       u"--customer"_s, u"u_2"_s,
                                u"--credit-type"_s, u"credits"_s,      u"--amount"_s,   u"400"_s,
                                u"--work"_s,        u"job:77:charge"_s};
    const Run refused = cli.run(charge);
    QCOMPARE(refused.exitCode, 0);
    QCOMPARE(refused.status(), u"failed"_s);
    QCOMPARE(refused.field("reason"), u"insufficient_credits"_s);
    QCOMPARE(cli.run({u"credit"_s, u"topup"_s, u"--customer"_s, u"u_2"_s, u"--credit-type"_s,
                      u"credits"_s, u"--amount"_s, u"500"_s, u"--work"_s, u"job:77:topup"_s})
                 .status(),
             u"succeeded"_s);
    const Run retried = cli.run(charge);
    QCOMPARE(retried.status(), u"succeeded"_s);
    QVERIFY(retried.field("operation_id") != refused.field("operation_id"));
}

void TestOpsctlSlen::executeRunsAndLaterCallCompletes()
{
    Cli cli;
    QVERIFY2(cli.start(), qPrintable(cli.sim().error()));
    const QStringList args = {u"execute"_s,
                              u"--flow"_s,
                              u"slow_report"_s,
                              u"--input"_s,
                              uR"({"month":"2026-11"})"_s,
                              u"--work"_s,
                              u"report:11"_s,
                              u"--context"_s,
                              uR"({"ticket":"T-1"})"_s,
                              u"--mode"_s,
                              u"async"_s};
    const Run first = cli.run(args);
    QCOMPARE(first.exitCode, 0);
    QVERIFY2(first.status() == u"queued"_s || first.status() == u"running"_s,
             first.out.constData());
    cli.sim().advanceClock(31);
    const Run done = cli.run(args);
    QCOMPARE(done.status(), u"succeeded"_s);
    QCOMPARE(done.field("execution_id"), first.field("execution_id"));
    QCOMPARE(cli.posts(), size_t(1));
}

void TestOpsctlSlen::badInputIsRejectedWithNothingStoredOrSent_data()
{
    QTest::addColumn<QStringList>("args");
    const auto credit = [](const QString &kind, const QString &amount) {
        return QStringList{u"credit"_s,        kind,         u"--customer"_s, u"u_1"_s,
                           u"--credit-type"_s, u"credits"_s, u"--amount"_s,   amount,
                           u"--work"_s,        u"job:1:x"_s};
    };
    const auto execute = [](const QString &input, const QString &work) {
        return QStringList{u"execute"_s, u"--flow"_s, u"generate_email"_s, u"--input"_s, input,
                           u"--work"_s,  work};
    };
    QTest::addRow("zero top-up") << credit(u"topup"_s, u"0"_s);
    QTest::addRow("negative top-up") << credit(u"topup"_s, u"-5"_s);
    QTest::addRow("negative charge") << credit(u"charge"_s, u"-5"_s);
    QTest::addRow("zero adjust") << credit(u"adjust"_s, u"0"_s);
    QTest::addRow("decimal amount") << credit(u"topup"_s, u"1.5"_s);
    QTest::addRow("unknown movement") << credit(u"refund"_s, u"5"_s);
    QTest::addRow("missing work") << QStringList{
        u"credit"_s,        u"topup"_s,   u"--customer"_s, u"u_1"_s,
        u"--credit-type"_s, u"credits"_s, u"--amount"_s,   u"5"_s};
    QTest::addRow("191-character work") << topup(u"5"_s, QString(191, u'w'));
    QTest::addRow("empty work") << topup(u"5"_s, QString());
    QTest::addRow("non-JSON input") << execute(u"{to: a}"_s, u"job:2:x"_s);
    QTest::addRow("input not an object") << execute(u"[1,2]"_s, u"job:2:x"_s);
    QTest::addRow("oversized input")
        << execute(uR"({"t":")"_s + QString(70 * 1024, u'a') + u"\"}"_s, u"job:2:x"_s);
    QTest::addRow("bad mode") << execute(u"{}"_s, u"job:2:x"_s) +
                                     QStringList{u"--mode"_s, u"now"_s};
}

void TestOpsctlSlen::badInputIsRejectedWithNothingStoredOrSent()
{
    QFETCH(QStringList, args);
    Cli cli;
    QVERIFY2(cli.start(), qPrintable(cli.sim().error()));
    const Run r = cli.run(args);
    QCOMPARE(r.exitCode, 2);
    QCOMPARE(r.status(), u"rejected"_s);
    QVERIFY(!r.err.isEmpty());
    QCOMPARE(cli.rows(), 0);
    QCOMPARE(cli.sim().requests()["requests"].size(), size_t(0));
}

// A person (--operator) who may not move money (not in the directory: view only) is refused
// before anything is stored or sent, for a credit movement and an execution alike; before, the
// movement went out and only attaching its answer failed.
void TestOpsctlSlen::aPersonWithoutTheRightsMovesNothing()
{
    Cli cli;
    QVERIFY2(cli.start(), qPrintable(cli.sim().error()));
    if (cli.onTeam())
        QSKIP("team mode names the login, whose group has the rights (tst_identity)");
    const QStringList person = {u"--operator"_s, u"ghost"_s};
    for (const QStringList &args :
         {person + topup(u"5"_s, u"job:7:topup"_s),
          person + QStringList{u"execute"_s, u"--flow"_s, u"generate_email"_s, u"--input"_s,
                               u"{}"_s, u"--work"_s, u"job:7:run"_s}}) {
        const Run r = cli.run(args);
        QCOMPARE(r.status(), u"rejected"_s);
        const json error = r.result()["error"];
        QCOMPARE(QString::fromStdString(error.value("code", "")), u"not_permitted"_s);
        QVERIFY2(QString::fromStdString(error.value("message", ""))
                     .contains(u"ghost (not an operator) may not resend"_s),
                 r.out.constData());
        QCOMPARE(cli.rows(), 0);
        QCOMPARE(cli.sim().requests()["requests"].size(), size_t(0));
    }
}

void TestOpsctlSlen::missingConfigurationIsAUsageError()
{
    Cli cli;
    QVERIFY2(cli.start(), qPrintable(cli.sim().error()));
    cli.env().remove(u"OPS_SLEN_URL"_s);
    const Run r = cli.run(topup(u"5"_s, u"job:1:x"_s));
    QCOMPARE(r.exitCode, 2);
    QVERIFY(r.err.contains("OPS_SLEN_URL"));
    QCOMPARE(cli.rows(), 0);
}

void TestOpsctlSlen::listShowsTheCustomerAsSubject()
{
    Cli cli;
    QVERIFY2(cli.start(), qPrintable(cli.sim().error()));
    QCOMPARE(cli.run(topup(u"100"_s, u"invoice-1:topup"_s)).status(), u"succeeded"_s);
    const Run list = cli.run({u"list"_s});
    QCOMPARE(list.exitCode, 0);
    const QList<QByteArray> lines = list.out.split('\n');
    QCOMPARE(lines.size(), 2);
    QVERIFY2(lines.at(1).contains("credit_topup") && lines.at(1).contains(" u_1 ") &&
                 lines.at(1).contains("succeeded"),
             lines.at(1).constData());
}

QTEST_GUILESS_MAIN(TestOpsctlSlen)
#include "tst_opsctl_slen.moc"
