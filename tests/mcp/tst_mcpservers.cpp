// Several servers on one database (issue 28 item 3, DESIGN §14): two `opsctl mcp --http`
// processes on the same SQLite file or PostgreSQL database (tst_mcpservers_pg), one agent calling
// both, provider-sim as Stripe. Sixteen calls race one refund across the two servers, and sixteen
// race different amounts on one charge; each race ends with one operation per unit and at most
// one refund per unit, and rule 9 admits only what the charge holds. Also the servers' bound on
// database connections (--db-connections), printed at start, and its bad values. On PostgreSQL
// the servers log in as the agent and alice, a supervisor of the team, adds it (issue 50).

#include "support/mcphttp.h"
#include "support/processrun.h"
#include "support/rolesfixture.h"
#include "support/simprocess.h"
#include "support/testpaths.h"

#include <QTest>
#include <set>

using namespace Qt::StringLiterals;
using nlohmann::json;
using ops::test::HttpReply;

namespace {

constexpr int kCalls = 16;
constexpr qint64 kCharge4417 = 3800; // resources/sim/demo-seed.json

} // namespace

class TestMcpServers : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase() { QCOMPARE(ops::test::dropRoles(), QString()); }
    void init();
    void cleanup();

    void twoServersRaceOneRefund();
    void twoServersRaceAmountsOnOneCharge();
    void badConnectionBound_data();
    void badConnectionBound();

private:
    QProcessEnvironment env() const;
    ops::test::ProcessRun opsctl(const QStringList &args) const;
    // Two servers (each bounded to `connections`) with one session each for the agent `token`.
    void startTwo(int connections);
    // Sends call(i) for i < kCalls at once, alternating between the two servers; the replies.
    QList<HttpReply> race(const std::function<json(int)> &call);
    qint64 probe(const QString &sql) const;
    // What the provider refunded, once per idempotency key it answered 200 to.
    qint64 refundedByProvider();
    std::set<std::string> refundKeys();

    std::unique_ptr<ops::test::SimProcess> m_sim;
    std::unique_ptr<ops::test::RolesFixture> m_db;
    QByteArray m_token;
    ops::test::McpHttpServer m_servers[2];
    QByteArray m_sessions[2];
};

void TestMcpServers::initTestCase()
{
    QCOMPARE(ops::test::prepareRoles(), QString());
    m_sim = std::make_unique<ops::test::SimProcess>(
        ops::test::providerSimPath(), ops::test::SimProcess::demoSeedPath(ops::test::sourceDir()));
    QVERIFY2(m_sim->start(), qPrintable(m_sim->error()));
}

void TestMcpServers::init()
{
    m_sim->reset();
    m_db = std::make_unique<ops::test::RolesFixture>(ops::test::RolesFixture::ForPrograms{});
    if (!m_db->onTeam()) { // on PostgreSQL alice, a supervisor of the team's directory, adds it
        const auto sam = opsctl({u"operator"_s, u"add"_s, u"sam"_s, u"--role"_s, u"supervisor"_s});
        QVERIFY2(sam.exitCode == 0, sam.err.constData());
    }
    const auto agent = opsctl({u"agent"_s, u"add"_s, u"desk"_s});
    m_token = QByteArray::fromStdString(agent.result().value("token", std::string()));
    QVERIFY2(!m_token.isEmpty(), agent.err.constData());
}

void TestMcpServers::cleanup()
{
    // Both servers stop before anything is compared, so a failure leaves none running.
    QList<int> codes;
    for (auto &server : m_servers) {
        if (!server.process)
            continue;
        server.process->terminate();
        codes << (server.process->waitForFinished(10000) ? server.process->exitCode() : -1);
        server = {};
    }
    m_db.reset();
    for (const int code : codes)
        QCOMPARE(code, 0);
}

QProcessEnvironment TestMcpServers::env() const
{
    QProcessEnvironment e = QProcessEnvironment::systemEnvironment();
    for (const char *name : {"OPS_MCP_TOKEN", "OPS_MCP_KEY", "OPS_MCP_AGENT", "OPS_OPERATOR"})
        e.remove(QString::fromLatin1(name));
    e.insert(u"HOME"_s, m_db->scratchDir());
    e.insert(u"XDG_CONFIG_HOME"_s, m_db->scratchDir());
    e.insert(u"OPS_STRIPE_URL"_s, m_sim->baseUrl().toString());
    e.insert(u"OPS_STRIPE_KEY"_s, u"sk_test_demo"_s);
    e.insert(u"OPS_ATTEMPT_TIMEOUT_MS"_s, u"5000"_s);
    return m_db->programEnv(u"agent"_s, e); // the tool servers log in as the agent
}

// As the supervisor who adds the agent: sam on SQLite, alice's login on PostgreSQL.
ops::test::ProcessRun TestMcpServers::opsctl(const QStringList &args) const
{
    if (m_db->onTeam())
        return ops::test::runProcess(ops::test::opsctlPath(), args,
                                     m_db->programEnv(u"alice"_s, env()));
    return ops::test::runProcess(ops::test::opsctlPath(),
                                 QStringList{u"--operator"_s, u"sam"_s} + args, env());
}

void TestMcpServers::startTwo(int connections)
{
    for (int i = 0; i < 2; ++i) {
        m_servers[i] = ops::test::startMcpHttp(
            ops::test::opsctlPath(), env(), {u"--db-connections"_s, QString::number(connections)});
        QVERIFY(m_servers[i].port != 0);
        m_sessions[i] = ops::test::mcpOpenSession(m_servers[i].port, m_token, "desk");
        QVERIFY(!m_sessions[i].isEmpty());
    }
    // The bound is printed at start: the calls' connections, the server's own and the gate's.
    QProcess &first = *m_servers[0].process;
    first.setReadChannel(QProcess::StandardError);
    if (!first.canReadLine())
        first.waitForReadyRead(5000);
    const QByteArray announced = first.readAll();
    const QByteArray expected = "at most " + QByteArray::number(connections + 2) +
                                " database connections (" + QByteArray::number(connections) +
                                " for calls";
    QVERIFY2(announced.contains(expected), announced.constData());
}

QList<HttpReply> TestMcpServers::race(const std::function<json(int)> &call)
{
    // Every request is written before any answer is read, so the two servers run them at once.
    std::vector<std::unique_ptr<ops::test::RawHttpConnection>> connections;
    for (int i = 0; i < kCalls; ++i) {
        const int s = i % 2;
        auto c = std::make_unique<ops::test::RawHttpConnection>(u"127.0.0.1"_s, m_servers[s].port);
        c->send("POST", u"/mcp"_s, QByteArray::fromStdString(call(i).dump()),
                ops::test::mcpHeaders("Bearer " + m_token, m_sessions[s]));
        connections.push_back(std::move(c));
    }
    QList<HttpReply> replies;
    for (auto &c : connections)
        replies << c->receive(60000);
    return replies;
}

qint64 TestMcpServers::probe(const QString &sql) const
{
    return ops::test::TestDatabase::probeCount(m_db->path(), sql);
}

std::set<std::string> TestMcpServers::refundKeys()
{
    std::set<std::string> keys;
    const json log = m_sim->requests(); // kept: a range over a temporary's member dangles
    for (const json &r : log["requests"])
        if (r.value("method", "") == "POST" && r.value("path", "") == "/v1/refunds")
            keys.insert(r.value("idempotency_key", ""));
    return keys;
}

qint64 TestMcpServers::refundedByProvider()
{
    qint64 sum = 0;
    const json ledger = m_sim->ledger();
    for (const json &m : ledger["movements"])
        if (m.value("kind", "") == "refund")
            sum += m.value("amount", qint64(0));
    return sum;
}

void TestMcpServers::twoServersRaceOneRefund()
{
    startTwo(8);
    if (QTest::currentTestFailed())
        return;
    // The first request waits 300 ms at the provider, so the other fifteen arrive meanwhile.
    m_sim->addFault(
        {{"route", "POST /v1/refunds"}, {"mode", "latency"}, {"delay_ms", 300}, {"count", 1}});
    const QList<HttpReply> replies =
        race([](int i) { return ops::test::mcpRefundCall(100 + i, "4417", "ch_4417", 700); });
    std::set<std::string> operations;
    for (const HttpReply &r : replies) {
        QVERIFY2(r.status == 200 && r.json()["result"]["structuredContent"].is_object(),
                 qPrintable(r.error + QString::fromUtf8(r.body)));
        const json result = r.json()["result"]["structuredContent"];
        const std::string status = result.value("status", "");
        QVERIFY2(status == "refunded" || status == "unconfirmed" || status == "checking",
                 r.body.constData());
        operations.insert(result.value("operation_id", ""));
    }
    QCOMPARE(operations.size(), size_t(1));
    QCOMPARE(probe(u"SELECT COUNT(*) FROM operations"_s), 1);
    QCOMPARE(refundKeys().size(), size_t(1));
    QCOMPARE(refundedByProvider(), qint64(700));
}

void TestMcpServers::twoServersRaceAmountsOnOneCharge()
{
    startTwo(4);
    if (QTest::currentTestFailed())
        return;
    // Sixteen refunds of one charge, 300 to 315 each (4,920 together): the charge holds 3,800,
    // so rule 9 admits what fits, across both servers, and refuses the rest unsent.
    const QList<HttpReply> replies =
        race([](int i) { return ops::test::mcpRefundCall(200 + i, "4417", "ch_4417", 300 + i); });
    for (const HttpReply &r : replies)
        QVERIFY2(r.status == 200 && r.json()["result"].is_object(),
                 qPrintable(r.error + QString::fromUtf8(r.body)));
    const qint64 stored =
        probe(u"SELECT COALESCE(SUM(amount_minor), 0) FROM operations WHERE state <> 'failed'"_s);
    const qint64 rows = probe(u"SELECT COUNT(*) FROM operations"_s);
    QVERIFY2(stored <= kCharge4417, qPrintable(u"%1 stored of %2"_s.arg(stored).arg(kCharge4417)));
    QVERIFY2(rows >= 1 && rows < kCalls, qPrintable(u"%1 rows"_s.arg(rows)));
    QCOMPARE(qint64(refundKeys().size()), rows);
    QCOMPARE(refundedByProvider(), stored);
}

void TestMcpServers::badConnectionBound_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("message");
    const QString bound = u"--db-connections must be a whole number of connections from 1 to 256"_s;
    QTest::newRow("mcp zero") << QStringList{u"mcp"_s, u"--db-connections"_s, u"0"_s} << bound;
    QTest::newRow("mcp over") << QStringList{u"mcp"_s, u"--db-connections"_s, u"257"_s} << bound;
    QTest::newRow("mcp text") << QStringList{u"mcp"_s, u"--db-connections"_s, u"many"_s} << bound;
    QTest::newRow("mcp empty") << QStringList{u"mcp"_s, u"--db-connections="_s} << bound;
    QTest::newRow("mcp both names")
        << QStringList{u"mcp"_s, u"--db-connections"_s, u"4"_s, u"--workers"_s, u"4"_s}
        << u"not both"_s;
    QTest::newRow("old name, bad")
        << QStringList{u"mcp"_s, u"--workers"_s, u"-1"_s}
        << u"--workers must be a whole number of connections from 1 to 256"_s;
    QTest::newRow("serve zero") << QStringList{u"serve"_s, u"--db-connections"_s, u"0"_s} << bound;
    QTest::newRow("webhook serve text")
        << QStringList{u"webhook"_s, u"serve"_s, u"--db-connections"_s, u"1.5"_s} << bound;
}

void TestMcpServers::badConnectionBound()
{
    QFETCH(QStringList, args);
    QFETCH(QString, message);
    QProcessEnvironment e = env();
    e.insert(u"OPS_STRIPE_WEBHOOK_SECRET"_s, u"whsec_test"_s);
    const auto run = ops::test::runProcess(ops::test::opsctlPath(), args, e, 30000);
    QCOMPARE(run.exitCode, 2);
    QVERIFY2(run.errText().contains(message), run.err.constData());
    QCOMPARE(probe(u"SELECT COUNT(*) FROM operations"_s), 0);
}

QTEST_GUILESS_MAIN(TestMcpServers)
#include "tst_mcpservers.moc"
