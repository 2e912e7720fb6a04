// `opsctl mcp` as a host runs it: a real process over stdio and over HTTP, a real database,
// provider-sim as Stripe. Every bad input gets a JSON-RPC error (or an HTTP refusal), nothing
// is stored, and the server keeps answering. Also runs on PostgreSQL (tst_mcpserver_pg). Over
// HTTP the bearer token is a real agent's (`opsctl agent add legacy`); the agents' own cases
// (several agents, revocation, rotation, the shared token) are in tst_mcpagents. On PostgreSQL
// the server logs in as the agent and alice adds `legacy` (issue 50).

#include "support/mcpstdio.h"
#include "support/processrun.h"
#include "support/rawhttp.h"
#include "support/rolesfixture.h"
#include "support/simprocess.h"
#include "support/testpaths.h"

#include <QProcess>
#include <QSqlQuery>
#include <QTest>

using namespace Qt::StringLiterals;
using nlohmann::json;
using ops::test::initializeMessage;
using ops::test::SimProcess;
using ops::test::StdioServer;
using ops::test::toolCall;

class TestMcpServer : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase() { QCOMPARE(ops::test::dropRoles(), QString()); }
    void init();
    void cleanup();

    void refundOverStdio();
    void repeatReferenceAndPaymentIntentOverStdio();
    void workerReusesItsConnection();
    void badInputOverStdio_data();
    void badInputOverStdio();
    void lineOverOneMiB();
    void toolsCallBeforeInitialize();
    void protocolVersions();
    void httpRefusals();
    void httpSession();
    void httpNeedsLoopback();

private:
    int rows(const QString &table);
    void exec(const QStringList &statements);
    QProcessEnvironment env() const;
    QByteArray agentToken();
    struct Http
    {
        std::unique_ptr<QProcess> process;
        quint16 port = 0;
    };
    Http startHttp();
    ops::test::HttpReply post(quint16 port, const json &message, ops::test::HeaderList headers,
                              bool withToken = true);

    std::unique_ptr<SimProcess> m_sim;
    std::unique_ptr<ops::test::RolesFixture> m_db;
    QByteArray m_token; // the agent `legacy`'s, once an HTTP case asked for it
};

void TestMcpServer::initTestCase()
{
    QCOMPARE(ops::test::prepareRoles(), QString());
    m_sim = std::make_unique<SimProcess>(ops::test::providerSimPath(),
                                         SimProcess::demoSeedPath(ops::test::sourceDir()));
    QVERIFY2(m_sim->start(), qPrintable(m_sim->error()));
}

void TestMcpServer::init()
{
    m_sim->reset();
    m_db = std::make_unique<ops::test::RolesFixture>(ops::test::RolesFixture::ForPrograms{});
    m_token.clear();
}

void TestMcpServer::cleanup()
{
    m_db.reset();
}

QProcessEnvironment TestMcpServer::env() const
{
    QProcessEnvironment e = QProcessEnvironment::systemEnvironment();
    e.insert(u"OPS_STRIPE_URL"_s, m_sim->baseUrl().toString());
    e.insert(u"OPS_STRIPE_KEY"_s, u"sk_test_demo"_s);
    e.insert(u"OPS_ATTEMPT_TIMEOUT_MS"_s, u"1000"_s);
    e.insert(u"OPS_BACKOFF_BASE_MS"_s, u"20"_s);
    e.insert(u"OPS_BACKOFF_CAP_MS"_s, u"100"_s);
    // No shared token from the machine running the tests (variable or ~/.config/…/mcp.key):
    // HTTP requests carry an agent's own token.
    for (const char *name : {"OPS_MCP_TOKEN", "OPS_MCP_KEY", "OPS_MCP_AGENT", "OPS_OPERATOR"})
        e.remove(QString::fromLatin1(name));
    e.insert(u"HOME"_s, m_db->scratchDir());
    e.insert(u"XDG_CONFIG_HOME"_s, m_db->scratchDir());
    return m_db->programEnv(u"agent"_s, e);
}

// The token of the agent `legacy`, added by the supervisor `sam` (who bootstraps the empty
// database); on PostgreSQL by alice, a supervisor of the team, on her login. Empty when opsctl
// refused.
QByteArray TestMcpServer::agentToken()
{
    if (!m_token.isEmpty())
        return m_token;
    const QString opsctl = ops::test::opsctlPath();
    const QStringList sam = {u"--operator"_s, u"sam"_s};
    if (!m_db->onTeam() &&
        ops::test::runProcess(
            opsctl,
            sam + QStringList{u"operator"_s, u"add"_s, u"sam"_s, u"--role"_s, u"supervisor"_s},
            env())
                .exitCode != 0)
        return {};
    const auto added =
        m_db->onTeam() ? ops::test::runProcess(opsctl, {u"agent"_s, u"add"_s, u"legacy"_s},
                                               m_db->programEnv(u"alice"_s, env()))
                       : ops::test::runProcess(
                             opsctl, sam + QStringList{u"agent"_s, u"add"_s, u"legacy"_s}, env());
    if (added.exitCode == 0)
        m_token = QByteArray::fromStdString(added.result().value("token", std::string()));
    return m_token;
}

int TestMcpServer::rows(const QString &table)
{
    const QString name = u"tst-mcp-count"_s;
    int n = -1;
    {
        QSqlDatabase db = ops::Database::open(m_db->path(), name);
        QSqlQuery q(db);
        if (q.exec(u"SELECT COUNT(*) FROM "_s + table) && q.next())
            n = q.value(0).toInt();
    }
    QSqlDatabase::removeDatabase(name);
    return n;
}

void TestMcpServer::exec(const QStringList &statements)
{
    const QString name = u"tst-mcp-exec"_s;
    {
        QSqlDatabase db = ops::Database::open(m_db->path(), name);
        for (const QString &sql : statements) {
            QSqlQuery q(db);
            QVERIFY2(q.exec(sql), qPrintable(q.lastError().text()));
        }
    }
    QSqlDatabase::removeDatabase(name);
}

void TestMcpServer::refundOverStdio()
{
    StdioServer server(env());
    QVERIFY(server.initialize());
    const json answer = server.ask(
        toolCall(7, "refund", {{"order", "4417"}, {"charge", "ch_4417"}, {"amount", 700}}));
    const json result = answer["result"];
    QVERIFY(result["structuredContent"]["status"] == "refunded");
    QVERIFY(result["isError"] == false);
    QVERIFY(json::parse(result["content"][0]["text"].get<std::string>()) ==
            result["structuredContent"]);
    QCOMPARE(rows(u"operations"_s), 1);
    QSqlDatabase db = ops::Database::open(m_db->path(), u"tst-mcp-actor"_s);
    {
        QSqlQuery q(db);
        QVERIFY(q.exec(u"SELECT created_by FROM operations"_s) && q.next());
        QCOMPARE(q.value(0).toString(), ops::test::mcpStdioActor(u"tst:7"_s));
    }
    db = {};
    QSqlDatabase::removeDatabase(u"tst-mcp-actor"_s);
    QCOMPARE(m_sim->ledger()["movements"].size(), 1u);
}

// Rule 13 and the payment-intent path through the tool: the repeat is answered from the row
// (nothing sent), another reference is a second refund, an unknown intent stores nothing.
void TestMcpServer::repeatReferenceAndPaymentIntentOverStdio()
{
    StdioServer server(env());
    QVERIFY(server.initialize());
    const json listed = server.ask({{"jsonrpc", "2.0"}, {"id", 1}, {"method", "tools/list"}});
    const json refundTool = listed["result"]["tools"][0];
    QVERIFY(refundTool["name"] == "refund");
    QVERIFY(refundTool["outputSchema"]["properties"]["repeat"]["type"] == "boolean");
    QVERIFY(refundTool["inputSchema"]["properties"].contains("payment_intent"));
    QVERIFY(refundTool["inputSchema"]["required"] == json({"order", "amount"}));

    const json args = {
        {"order", "4417"}, {"payment_intent", "pi_4417"}, {"amount", 700}, {"reason", "duplicate"}};
    const json first = server.ask(toolCall(2, "refund", args))["result"]["structuredContent"];
    QVERIFY2(first["status"] == "refunded", first.dump().c_str());
    QVERIFY(!first.contains("repeat"));
    const size_t requests = m_sim->requests()["requests"].size();
    const json again = server.ask(toolCall(3, "refund", args))["result"];
    QVERIFY(again["isError"] == false);
    QVERIFY(again["structuredContent"]["repeat"] == true);
    QVERIFY(again["structuredContent"]["operation_id"] == first["operation_id"]);
    QVERIFY(again["structuredContent"]["refund_id"] == first["refund_id"]);
    QCOMPARE(m_sim->requests()["requests"].size(), requests); // not even a read
    json other = args;
    other["reference"] = "ticket-8812";
    const json second = server.ask(toolCall(4, "refund", other))["result"]["structuredContent"];
    QVERIFY(second["status"] == "refunded");
    QVERIFY(second["operation_id"] != first["operation_id"]);
    QCOMPARE(m_sim->ledger()["movements"].size(), 2u);

    json unknown = args;
    unknown["payment_intent"] = "pi_nobody";
    unknown["amount"] = 100;
    const json refused = server.ask(toolCall(5, "refund", unknown))["result"];
    QVERIFY(refused["isError"] == true);
    QVERIFY2(refused["structuredContent"]["error"]["code"] == "resource_missing",
             refused.dump().c_str());
    QCOMPARE(rows(u"operations"_s), 2);
    QCOMPARE(m_sim->ledger()["movements"].size(), 2u);
}

// One worker thread keeps its connection and transports between calls (WorkerCache): two
// refunds of different charges on it are two operations with their own keys, and a call that
// failed in the database (a trigger refuses the row) leaves nothing behind for the next one.
void TestMcpServer::workerReusesItsConnection()
{
    StdioServer server(env(), {u"--workers"_s, u"1"_s});
    QVERIFY(server.initialize());
    const json first = server.ask(toolCall(
        1, "refund", {{"order", "1001"}, {"charge", "ch_1001"}, {"amount", 300}}))["result"];
    QVERIFY2(first["structuredContent"]["status"] == "refunded", first.dump().c_str());

    if (ops::test::onPostgres())
        exec({u"CREATE FUNCTION tst_refuse() RETURNS trigger AS $$ BEGIN "
              "IF NEW.order_id = 'boom' THEN RAISE EXCEPTION 'refused by the test'; END IF; "
              "RETURN NEW; END $$ LANGUAGE plpgsql"_s,
              u"CREATE TRIGGER tst_refuse BEFORE INSERT ON operations FOR EACH ROW "
              "EXECUTE FUNCTION tst_refuse()"_s});
    else
        exec({u"CREATE TRIGGER tst_refuse BEFORE INSERT ON operations WHEN NEW.order_id = 'boom' "
              "BEGIN SELECT RAISE(ABORT, 'refused by the test'); END"_s});
    const json failed = server.ask(
        toolCall(2, "refund", {{"order", "boom"}, {"charge", "ch_4417"}, {"amount", 100}}));
    QVERIFY2(failed.contains("error"), failed.dump().c_str());
    QCOMPARE(failed["error"]["code"].get<int>(), -32603);

    const json second = server.ask(toolCall(
        3, "refund", {{"order", "1002"}, {"charge", "ch_1002"}, {"amount", 200}}))["result"];
    QVERIFY2(second["structuredContent"]["status"] == "refunded", second.dump().c_str());
    QVERIFY(second["structuredContent"]["operation_id"] !=
            first["structuredContent"]["operation_id"]);

    QCOMPARE(rows(u"operations"_s), 2);
    QSqlDatabase db = ops::Database::open(m_db->path(), u"tst-mcp-reuse"_s);
    {
        QSqlQuery q(db);
        QVERIFY(q.exec(u"SELECT order_id, charge_id, amount_minor, state, idempotency_key "
                       "FROM operations ORDER BY order_id"_s));
        QVERIFY(q.next());
        QCOMPARE(q.value(0).toString() + q.value(1).toString(), u"1001ch_1001"_s);
        QCOMPARE(q.value(2).toLongLong(), 300);
        QCOMPARE(q.value(3).toString(), u"succeeded"_s);
        const QString firstKey = q.value(4).toString();
        QVERIFY(q.next());
        QCOMPARE(q.value(0).toString() + q.value(1).toString(), u"1002ch_1002"_s);
        QCOMPARE(q.value(2).toLongLong(), 200);
        QCOMPARE(q.value(3).toString(), u"succeeded"_s);
        QVERIFY(q.value(4).toString() != firstKey);
    }
    db = {};
    QSqlDatabase::removeDatabase(u"tst-mcp-reuse"_s);
    // Exactly the two refunds, each of its own charge and amount; nothing for the refused one.
    const json movements = m_sim->ledger()["movements"];
    QCOMPARE(movements.size(), 2u);
    QVERIFY2(movements.dump().find("ch_4417") == std::string::npos, movements.dump().c_str());
    QVERIFY(server.alive());
}

void TestMcpServer::badInputOverStdio_data()
{
    QTest::addColumn<QByteArray>("line");
    QTest::addColumn<int>("code");
    const auto call = [](const json &arguments, const std::string &tool = "refund") {
        return QByteArray::fromStdString(toolCall(5, tool, arguments).dump());
    };
    const json good = {{"order", "4417"}, {"charge", "ch_4417"}, {"amount", 700}};
    const auto with = [&](const char *key, const json &value) {
        json a = good;
        a[key] = value;
        return a;
    };
    const json credit = {{"customer", "u_1"},
                         {"credit_type", "credits"},
                         {"amount", 5},
                         {"work", std::string(191, 'w')}};
    QTest::newRow("malformed JSON") << QByteArray(R"({"jsonrpc":"2.0","id":1,)") << -32700;
    QTest::newRow("not UTF-8") << QByteArray(
                                      "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\","
                                      "\"params\":{\"name\":\"refund\",\"arguments\":"
                                      "{\"order\":\"\xff\xfe\",\"charge\":\"ch_4417\","
                                      "\"amount\":700}}}")
                               << -32700;
    QTest::newRow("batch") << QByteArray(R"([{"jsonrpc":"2.0","id":1,"method":"ping"}])") << -32600;
    QTest::newRow("not an object") << QByteArray("42") << -32600;
    QTest::newRow("wrong jsonrpc")
        << QByteArray(R"({"jsonrpc":"1.0","id":1,"method":"ping"})") << -32600;
    QTest::newRow("notification with an id")
        << QByteArray(R"({"jsonrpc":"2.0","id":3,"method":"notifications/initialized"})") << -32600;
    QTest::newRow("unknown method")
        << QByteArray(R"({"jsonrpc":"2.0","id":1,"method":"x/y"})") << -32601;
    QTest::newRow("unknown tool") << call(good, "refund_everything") << -32602;
    json missing = good;
    missing.erase("amount");
    QTest::newRow("missing field") << call(missing) << -32602;
    json neither = good;
    neither.erase("charge");
    QTest::newRow("neither charge nor payment_intent") << call(neither) << -32602;
    QTest::newRow("both charge and payment_intent")
        << call(with("payment_intent", "pi_4417")) << -32602;
    json adyen = neither;
    adyen["adyen_payment"] = "DZ4DPSHB4WD2WN82";
    QTest::newRow("adyen_payment without currency") << call(adyen) << -32602;
    json adyenAndCharge = with("adyen_payment", "DZ4DPSHB4WD2WN82");
    adyenAndCharge["currency"] = "eur"; // so only the one-of rule refuses it
    QTest::newRow("adyen_payment and a charge") << call(adyenAndCharge) << -32602;
    adyen["currency"] = "eur";
    adyen["adyen_payment"] = "DZ4D";
    QTest::newRow("adyen_payment of the wrong shape") << call(adyen) << -32602;
    QTest::newRow("bad reason") << call(with("reason", "because")) << -32602;
    QTest::newRow("191-character reference")
        << call(with("reference", std::string(191, 'r'))) << -32602;
    QTest::newRow("wrong type") << call(with("amount", "700")) << -32602;
    QTest::newRow("amount 0") << call(with("amount", 0)) << -32602;
    QTest::newRow("amount negative") << call(with("amount", -700)) << -32602;
    QTest::newRow("amount over the maximum") << call(with("amount", 100000000)) << -32602;
    QTest::newRow("amount a float") << call(with("amount", 7.5)) << -32602;
    QTest::newRow("unknown argument") << call(with("charge_id", "ch_4417")) << -32602;
    QTest::newRow("191-character work name") << call(credit, "credit_topup") << -32602;
    QTest::newRow("adjust by zero") << call(with("amount", 0), "credit_adjust") << -32602;
}

void TestMcpServer::badInputOverStdio()
{
    QFETCH(QByteArray, line);
    QFETCH(int, code);
    StdioServer server(env());
    QVERIFY(server.initialize());
    server.write(line + '\n');
    const json answer = server.read();
    QVERIFY2(answer.contains("error"), answer.dump().c_str());
    QCOMPARE(answer["error"]["code"].get<int>(), code);
    QVERIFY(server.alive());
    QCOMPARE(rows(u"operations"_s), 0);
    QCOMPARE(rows(u"attempts"_s), 0);
    QCOMPARE(m_sim->requests()["requests"].size(), 0u);
}

void TestMcpServer::lineOverOneMiB()
{
    StdioServer server(env());
    QVERIFY(server.initialize());
    const std::string big =
        toolCall(1, "refund",
                 {{"order", std::string(1100 * 1024, 'x')}, {"charge", "ch_4417"}, {"amount", 700}})
            .dump();
    server.write(QByteArray::fromStdString(big) + '\n');
    const json answer = server.read();
    QCOMPARE(answer["error"]["code"].get<int>(), -32700);
    QVERIFY(server.alive());
    QCOMPARE(rows(u"operations"_s), 0);
}

void TestMcpServer::toolsCallBeforeInitialize()
{
    StdioServer server(env());
    const json early = server.ask(
        toolCall(1, "refund", {{"order", "4417"}, {"charge", "ch_4417"}, {"amount", 700}}));
    QCOMPARE(early["error"]["code"].get<int>(), -32600);
    QCOMPARE(server.ask({{"jsonrpc", "2.0"}, {"id", 2}, {"method", "tools/list"}})["error"]["code"]
                 .get<int>(),
             -32600);
    QVERIFY(server.alive()); // ping works before initialize
    QVERIFY(server.initialize());
    QCOMPARE(server.ask(initializeMessage())["error"]["code"].get<int>(), -32600); // only once
    QCOMPARE(rows(u"operations"_s), 0);
}

void TestMcpServer::protocolVersions()
{
    for (const char *version : {"2025-03-26", "2025-06-18", "2025-11-25"}) {
        StdioServer server(env());
        QVERIFY(server.ask(initializeMessage(version))["result"]["protocolVersion"] == version);
    }
    StdioServer unsupported(env());
    QVERIFY(unsupported.ask(initializeMessage("2024-11-05"))["result"]["protocolVersion"] ==
            "2025-11-25");
    StdioServer malformed(env());
    QCOMPARE(malformed.ask(initializeMessage("latest"))["error"]["code"].get<int>(), -32602);
    QVERIFY(malformed.alive());
}

TestMcpServer::Http TestMcpServer::startHttp()
{
    Http http;
    if (agentToken().isEmpty())
        return http;
    http.process = std::make_unique<QProcess>();
    http.process->setProcessEnvironment(env());
    http.process->start(ops::test::opsctlPath(), {u"mcp"_s, u"--http"_s, u"127.0.0.1:0"_s});
    if (!http.process->waitForReadyRead(10000))
        return http;
    const QString line = QString::fromUtf8(http.process->readLine()).trimmed();
    static const QRegularExpression first(
        u"^opsctl mcp listening on http://127\\.0\\.0\\.1:(\\d+)/mcp$"_s);
    const auto match = first.match(line);
    if (match.hasMatch())
        http.port = quint16(match.captured(1).toUInt());
    return http;
}

ops::test::HttpReply TestMcpServer::post(quint16 port, const json &message,
                                         ops::test::HeaderList headers, bool withToken)
{
    ops::test::RawHttpConnection connection(u"127.0.0.1"_s, port);
    headers.append(std::make_pair(QByteArray("Content-Type"), QByteArray("application/json")));
    headers.append(
        std::make_pair(QByteArray("Accept"), QByteArray("application/json, text/event-stream")));
    if (withToken)
        headers.append(std::make_pair(QByteArray("Authorization"), "Bearer " + agentToken()));
    return connection.request("POST", u"/mcp"_s, QByteArray::fromStdString(message.dump()),
                              headers);
}

void TestMcpServer::httpRefusals()
{
    Http http = startHttp();
    QVERIFY(http.port != 0);
    const json ping = {{"jsonrpc", "2.0"}, {"id", 1}, {"method", "ping"}};
    QCOMPARE(post(http.port, initializeMessage(), {}, false).status, 401);
    QCOMPARE(post(http.port, initializeMessage(), {{"Authorization", "Bearer nope"}}, false).status,
             401);
    QCOMPARE(post(http.port, initializeMessage(), {{"Origin", "https://evil.example"}}).status,
             403);
    QCOMPARE(post(http.port, initializeMessage(), {{"Origin", "null"}}).status, 403);
    QCOMPARE(post(http.port, initializeMessage(), {{"Origin", "http://localhost:3000"}}).status,
             200);
    QCOMPARE(post(http.port, ping, {{"Mcp-Session-Id", "no-such-session"}}).status, 404);
    QCOMPARE(post(http.port, ping, {}).status, 400); // no session at all
    const json big = {{"jsonrpc", "2.0"}, {"id", 1}, {"method", std::string(1100 * 1024, 'p')}};
    QCOMPARE(post(http.port, big, {}).status, 413);
    QCOMPARE(post(http.port, initializeMessage(), {{"MCP-Protocol-Version", "1999-01-01"}}).status,
             400);
    QCOMPARE(rows(u"operations"_s), 0);
    http.process->terminate();
    QVERIFY(http.process->waitForFinished(10000));
    QCOMPARE(http.process->exitCode(), 0);
}

void TestMcpServer::httpSession()
{
    Http http = startHttp();
    QVERIFY(http.port != 0);
    const auto init = post(http.port, initializeMessage("2025-11-25"), {});
    QCOMPARE(init.status, 200);
    const QByteArray session = init.header("mcp-session-id");
    QVERIFY(!session.isEmpty());
    const ops::test::HeaderList inSession = {{"Mcp-Session-Id", session},
                                             {"MCP-Protocol-Version", "2025-11-25"}};
    const json bad =
        post(http.port, toolCall(2, "refund", {{"order", "1"}, {"amount", 5}}), inSession).json();
    QCOMPARE(bad["error"]["code"].get<int>(), -32602);
    const auto good =
        post(http.port,
             toolCall(3, "refund", {{"order", "4417"}, {"charge", "ch_4417"}, {"amount", 700}}),
             inSession);
    QCOMPARE(good.status, 200);
    QVERIFY(good.json()["result"]["structuredContent"]["status"] == "refunded");
    QCOMPARE(rows(u"operations"_s), 1);
    {
        QSqlDatabase db = ops::Database::open(m_db->path(), u"tst-mcp-http-actor"_s);
        QSqlQuery q(db);
        QVERIFY(q.exec(u"SELECT created_by FROM operations"_s) && q.next());
        QCOMPARE(q.value(0).toString(), u"agent:legacy:tst:3"_s); // the token's agent
    }
    QSqlDatabase::removeDatabase(u"tst-mcp-http-actor"_s);

    ops::test::RawHttpConnection connection(u"127.0.0.1"_s, http.port);
    ops::test::HeaderList auth = {{"Authorization", "Bearer " + agentToken()},
                                  {"Mcp-Session-Id", session}};
    QCOMPARE(connection.request("GET", u"/mcp"_s, {}, auth).status, 405);
    QCOMPARE(connection.request("DELETE", u"/mcp"_s, {}, auth).status, 204);
    QCOMPARE(post(http.port, {{"jsonrpc", "2.0"}, {"id", 4}, {"method", "ping"}}, inSession).status,
             404);
    http.process->terminate();
    QVERIFY(http.process->waitForFinished(10000));
    QCOMPARE(http.process->exitCode(), 0);
}

// Without --allow-non-loopback the server refuses to listen beyond this machine. (Which tokens
// it takes, and the shared token's exit 2, are tst_mcpagents' cases.)
void TestMcpServer::httpNeedsLoopback()
{
    QProcess wide;
    wide.setProcessEnvironment(env());
    wide.start(ops::test::opsctlPath(), {u"mcp"_s, u"--http"_s, u"0.0.0.0:0"_s});
    QVERIFY(wide.waitForFinished(10000));
    QCOMPARE(wide.exitCode(), 2);
    QVERIFY(wide.readAllStandardError().contains("--allow-non-loopback"));
}

QTEST_GUILESS_MAIN(TestMcpServer)
#include "tst_mcpserver.moc"
