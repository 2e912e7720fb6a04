// Agents as principals over HTTP (issue 27, DESIGN §13): `opsctl mcp --http` as a real process,
// agents added, revoked and rotated by a real `opsctl agent`, provider-sim as Stripe. Every
// request's bearer token names an agent; anything else is 401 and runs nothing. Calls are
// audited as agent:NAME:<client>:<request id>. The old shared OPS_MCP_TOKEN works only for the
// active agent OPS_MCP_AGENT names. No token ever reaches the server's output. Also runs on
// PostgreSQL (tst_mcpagents_pg), where the server logs in as the agent and alice, a supervisor
// of the team, manages the agents (issue 50).

#include "support/mcphttp.h"
#include "support/processrun.h"
#include "support/rawhttp.h"
#include "support/rolesfixture.h"
#include "support/simprocess.h"
#include "support/testpaths.h"

#include <QCryptographicHash>
#include <QDir>
#include <QProcess>
#include <QSqlQuery>
#include <QTest>

using namespace Qt::StringLiterals;
using nlohmann::json;
using ops::test::HttpReply;
using ops::test::mcpInitialize;
using ops::test::mcpRefundCall;

namespace {

// The shared token of the old configuration (OPS_MCP_TOKEN, OPS_MCP_KEY or mcp.key).
const QByteArray kShared = "tst-shared-mcp-token-0123456789";

const json kPing = {{"jsonrpc", "2.0"}, {"id", 99}, {"method", "ping"}};

QByteArray bearer(const QByteArray &token)
{
    return "Bearer " + token;
}

std::string statusOf(const HttpReply &reply)
{
    return reply.json()["result"]["structuredContent"].value("status", std::string());
}

} // namespace

class TestMcpAgents : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase() { QCOMPARE(ops::test::dropRoles(), QString()); }
    void init();
    void cleanup();

    void twoAgentsRefundUnderTheirNames();
    void revokedTokenStoresNothing();
    void revokedWhileItsSessionIsOpen();
    void badAuthorization_data();
    void badAuthorization();
    void anotherAgentsSessionIsNotFound();
    void rotateWithoutGrace();
    void rotateWithGrace();
    void sharedTokenWithoutAgent_data();
    void sharedTokenWithoutAgent();
    void sharedTokenNamingNoActiveAgent_data();
    void sharedTokenNamingNoActiveAgent();
    void sharedTokenActsAsItsAgent();
    void everyLogCategoryKeepsTokensOut();

private:
    using Server = ops::test::McpHttpServer;
    QProcessEnvironment env() const;
    ops::test::ProcessRun opsctl(const QStringList &args) const;
    QByteArray addAgent(const QString &name);
    QByteArray rotateAgent(const QString &name, const QString &grace);
    int revokeAgent(const QString &name) const;
    Server startServer(const QProcessEnvironment &environment);
    void stopServer(Server &server);
    void verifyNoToken(const QByteArray &bytes, const char *where) const;
    HttpReply post(quint16 port, const json &message, const QByteArray &authorization,
                   const QByteArray &session = {}) const;
    QByteArray openSession(quint16 port, const QByteArray &token, const std::string &client) const;
    QStringList column(const QString &sql) const;
    int count(const QString &sql) const;
    size_t providerRequests() { return m_sim->requests()["requests"].size(); }
    void verifyRefused(const HttpReply &reply) const;

    std::unique_ptr<ops::test::SimProcess> m_sim;
    std::unique_ptr<ops::test::RolesFixture> m_db;
    QList<QByteArray> m_tokens; // every token this case issued or configured
};

void TestMcpAgents::initTestCase()
{
    QCOMPARE(ops::test::prepareRoles(), QString());
    m_sim = std::make_unique<ops::test::SimProcess>(
        ops::test::providerSimPath(), ops::test::SimProcess::demoSeedPath(ops::test::sourceDir()));
    QVERIFY2(m_sim->start(), qPrintable(m_sim->error()));
}

void TestMcpAgents::init()
{
    m_sim->reset();
    m_db = std::make_unique<ops::test::RolesFixture>(ops::test::RolesFixture::ForPrograms{});
    m_tokens = {kShared};
    if (m_db->onTeam())
        return; // alice, a supervisor of the team's directory, manages the agents
    const auto sam = opsctl({u"operator"_s, u"add"_s, u"sam"_s, u"--role"_s, u"supervisor"_s});
    QVERIFY2(sam.exitCode == 0, sam.err.constData());
}

void TestMcpAgents::cleanup()
{
    m_db.reset();
}

// Our own log categories at full detail, so the output the token check reads is not empty.
QProcessEnvironment TestMcpAgents::env() const
{
    QProcessEnvironment e = QProcessEnvironment::systemEnvironment();
    for (const char *name : {"OPS_MCP_TOKEN", "OPS_MCP_KEY", "OPS_MCP_AGENT", "OPS_OPERATOR"})
        e.remove(QString::fromLatin1(name));
    e.insert(u"HOME"_s, m_db->scratchDir()); // no mcp.key of the machine's user
    e.insert(u"XDG_CONFIG_HOME"_s, m_db->scratchDir());
    e.insert(u"OPS_STRIPE_URL"_s, m_sim->baseUrl().toString());
    e.insert(u"OPS_STRIPE_KEY"_s, u"sk_test_demo"_s);
    e.insert(u"OPS_ATTEMPT_TIMEOUT_MS"_s, u"1000"_s);
    e.insert(u"QT_LOGGING_RULES"_s, u"ops.*.debug=true"_s);
    return m_db->programEnv(u"agent"_s, e); // the tool server logs in as the agent
}

// As the supervisor who manages the agents: sam on SQLite, alice's login on PostgreSQL.
ops::test::ProcessRun TestMcpAgents::opsctl(const QStringList &args) const
{
    if (m_db->onTeam())
        return ops::test::runProcess(ops::test::opsctlPath(), args,
                                     m_db->programEnv(u"alice"_s, env()));
    return ops::test::runProcess(ops::test::opsctlPath(),
                                 QStringList{u"--operator"_s, u"sam"_s} + args, env());
}

QByteArray TestMcpAgents::addAgent(const QString &name)
{
    const auto r = opsctl({u"agent"_s, u"add"_s, name});
    const auto token = QByteArray::fromStdString(r.result().value("token", std::string()));
    if (!token.isEmpty())
        m_tokens << token;
    return token;
}

QByteArray TestMcpAgents::rotateAgent(const QString &name, const QString &grace)
{
    const auto r = opsctl({u"agent"_s, u"rotate"_s, name, u"--grace"_s, grace});
    const auto token = QByteArray::fromStdString(r.result().value("token", std::string()));
    if (!token.isEmpty())
        m_tokens << token;
    return token;
}

int TestMcpAgents::revokeAgent(const QString &name) const
{
    return opsctl({u"agent"_s, u"revoke"_s, name}).exitCode;
}

TestMcpAgents::Server TestMcpAgents::startServer(const QProcessEnvironment &environment)
{
    return ops::test::startMcpHttp(ops::test::opsctlPath(), environment);
}

// SIGTERM: the server exits 0, and nothing it wrote holds a token.
void TestMcpAgents::stopServer(Server &server)
{
    server.process->terminate();
    QVERIFY(server.process->waitForFinished(10000));
    QCOMPARE(server.process->exitCode(), 0);
    verifyNoToken(server.process->readAllStandardError(), "stderr");
    verifyNoToken(server.process->readAllStandardOutput(), "stdout");
}

void TestMcpAgents::verifyNoToken(const QByteArray &bytes, const char *where) const
{
    for (qsizetype i = 0; i < m_tokens.size(); ++i)
        QVERIFY2(!bytes.contains(m_tokens[i]),
                 qPrintable(u"token %1 of this case is in the server's %2"_s.arg(i).arg(
                     QString::fromLatin1(where))));
}

HttpReply TestMcpAgents::post(quint16 port, const json &message, const QByteArray &authorization,
                              const QByteArray &session) const
{
    return ops::test::mcpPost(port, message, authorization, session);
}

QByteArray TestMcpAgents::openSession(quint16 port, const QByteArray &token,
                                      const std::string &client) const
{
    return ops::test::mcpOpenSession(port, token, client);
}

QStringList TestMcpAgents::column(const QString &sql) const
{
    const QString name = u"tst-mcpagents-read"_s;
    QStringList values;
    {
        QSqlDatabase db = ops::Database::open(m_db->path(), name);
        QSqlQuery q(db);
        if (q.exec(sql))
            while (q.next())
                values << q.value(0).toString();
    }
    QSqlDatabase::removeDatabase(name);
    return values;
}

int TestMcpAgents::count(const QString &sql) const
{
    return ops::test::TestDatabase::probeCount(m_db->path(), sql);
}

void TestMcpAgents::verifyRefused(const HttpReply &reply) const
{
    QCOMPARE(reply.status, 401);
    QCOMPARE(reply.header("www-authenticate"), QByteArray("Bearer"));
}

// Two agents, each with its own token and session, each refund audited under its own name.
void TestMcpAgents::twoAgentsRefundUnderTheirNames()
{
    const QByteArray alpha = addAgent(u"alpha"_s);
    const QByteArray beta = addAgent(u"beta"_s);
    QVERIFY(alpha.startsWith("opsa_") && beta.startsWith("opsa_") && alpha != beta);
    Server server = startServer(env());
    QVERIFY(server.port != 0);
    const QByteArray a = openSession(server.port, alpha, "desk-a");
    const QByteArray b = openSession(server.port, beta, "desk-b");
    QVERIFY(!a.isEmpty() && !b.isEmpty() && a != b);
    const HttpReply ra =
        post(server.port, mcpRefundCall(11, "4417", "ch_4417", 700), bearer(alpha), a);
    QVERIFY2(statusOf(ra) == "refunded", ra.body.constData());
    const HttpReply rb =
        post(server.port, mcpRefundCall(12, "1001", "ch_1001", 300), bearer(beta), b);
    QVERIFY2(statusOf(rb) == "refunded", rb.body.constData());
    QCOMPARE(m_sim->ledger()["movements"].size(), 2u);

    const QStringList actors = {u"agent:alpha:desk-a:11"_s, u"agent:beta:desk-b:12"_s};
    QCOMPARE(column(u"SELECT created_by FROM operations ORDER BY created_by"_s), actors);
    QCOMPARE(column(u"SELECT DISTINCT actor FROM audit WHERE actor LIKE 'agent:%' "
                    "ORDER BY actor"_s),
             actors);
    for (const char *order : {"4417", "1001"}) // each operation's entries name one agent
        QCOMPARE(column(u"SELECT DISTINCT actor FROM audit WHERE actor LIKE 'agent:%' AND "
                        "operation_id = (SELECT id FROM operations WHERE order_id = '%1')"_s.arg(
                            QString::fromLatin1(order)))
                     .size(),
                 1);
    const json listed = opsctl({u"agent"_s, u"list"_s, u"--json"_s}).result();
    QCOMPARE(listed["agents"].size(), 2u);
    for (const json &agent : listed["agents"])
        QVERIFY2(agent["last_used_at"].is_string(), agent.dump().c_str());
    if (!ops::test::onPostgres()) // the file and its WAL hold hashes, never a token
        for (const QString &suffix : {u""_s, u"-wal"_s}) {
            QFile file(m_db->path() + suffix);
            if (file.open(QIODevice::ReadOnly))
                verifyNoToken(file.readAll(), "database");
        }
    stopServer(server);
}

// A revoked agent's token is refused before anything runs: no session, no row, no request.
void TestMcpAgents::revokedTokenStoresNothing()
{
    const QByteArray alpha = addAgent(u"alpha"_s);
    const QByteArray beta = addAgent(u"beta"_s);
    QCOMPARE(revokeAgent(u"alpha"_s), 0);
    Server server = startServer(env());
    QVERIFY(server.port != 0);
    verifyRefused(post(server.port, mcpInitialize("desk-a"), bearer(alpha)));
    verifyRefused(post(server.port, mcpRefundCall(1, "4417", "ch_4417", 700), bearer(alpha)));
    QVERIFY(!openSession(server.port, beta, "desk-b").isEmpty()); // the server does take tokens
    QCOMPARE(count(u"SELECT COUNT(*) FROM operations"_s), 0);
    QCOMPARE(count(u"SELECT COUNT(*) FROM audit WHERE actor LIKE 'agent:%'"_s), 0);
    QCOMPARE(providerRequests(), 0u);
    stopServer(server);
}

// Revocation takes effect on the next request, also inside a session the token opened.
void TestMcpAgents::revokedWhileItsSessionIsOpen()
{
    const QByteArray alpha = addAgent(u"alpha"_s);
    Server server = startServer(env());
    QVERIFY(server.port != 0);
    const QByteArray session = openSession(server.port, alpha, "desk-a");
    QVERIFY(!session.isEmpty());
    QVERIFY(statusOf(post(server.port, mcpRefundCall(1, "4417", "ch_4417", 700), bearer(alpha),
                          session)) == "refunded");
    const size_t sent = providerRequests();
    QCOMPARE(revokeAgent(u"alpha"_s), 0);
    verifyRefused(
        post(server.port, mcpRefundCall(2, "1001", "ch_1001", 300), bearer(alpha), session));
    verifyRefused(post(server.port, kPing, bearer(alpha), session));
    QCOMPARE(column(u"SELECT order_id FROM operations"_s), QStringList{u"4417"_s});
    QCOMPARE(providerRequests(), sent);
    stopServer(server);
}

void TestMcpAgents::badAuthorization_data()
{
    // {token} is replaced by the agent's real token.
    QTest::addColumn<QByteArray>("authorization");
    QTest::newRow("no header") << QByteArray();
    QTest::newRow("empty header") << QByteArray("");
    QTest::newRow("Bearer and nothing") << QByteArray("Bearer");
    QTest::newRow("Bearer and spaces") << QByteArray("Bearer   ");
    QTest::newRow("not an agent token") << QByteArray("Bearer tst-not-a-token");
    QTest::newRow("opsa_ too short") << QByteArray("Bearer opsa_abc");
    QTest::newRow("opsa_ with a bad character") << "Bearer opsa_" + QByteArray(42, 'A') + '*';
    QTest::newRow("opsa_ one character too long") << "Bearer opsa_" + QByteArray(44, 'A');
    QTest::newRow("unknown well-formed opsa_") << "Bearer opsa_" + QByteArray(42, 'Q') + 'w';
    QTest::newRow("another scheme") << QByteArray("Basic {token}");
    QTest::newRow("no scheme") << QByteArray("{token}");
    QTest::newRow("the token twice") << QByteArray("Bearer {token} {token}");
    QTest::newRow("the token's stored hash") << QByteArray("Bearer {hash}");
}

// Anything but an active agent's token is 401 — also with a live session's id — and stores
// nothing; the same session still answers the real token.
void TestMcpAgents::badAuthorization()
{
    QFETCH(QByteArray, authorization);
    const QByteArray token = addAgent(u"alpha"_s);
    QVERIFY(!token.isEmpty());
    const QByteArray hash = QCryptographicHash::hash(token, QCryptographicHash::Sha256).toHex();
    if (!authorization.isNull())
        authorization.replace("{token}", token).replace("{hash}", hash);
    Server server = startServer(env());
    QVERIFY(server.port != 0);
    const QByteArray session = openSession(server.port, token, "desk-a");
    QVERIFY(!session.isEmpty());
    verifyRefused(post(server.port, mcpInitialize("thief"), authorization));
    verifyRefused(
        post(server.port, mcpRefundCall(1, "4417", "ch_4417", 700), authorization, session));
    verifyRefused(post(server.port, kPing, authorization, session));
    QCOMPARE(post(server.port, kPing, bearer(token), session).status, 200);
    QCOMPARE(count(u"SELECT COUNT(*) FROM operations"_s), 0);
    QCOMPARE(providerRequests(), 0u);
    stopServer(server);
}

// A session belongs to the agent that opened it: another agent's valid token naming it is told
// the session does not exist, and cannot end it.
void TestMcpAgents::anotherAgentsSessionIsNotFound()
{
    const QByteArray alpha = addAgent(u"alpha"_s);
    const QByteArray beta = addAgent(u"beta"_s);
    Server server = startServer(env());
    QVERIFY(server.port != 0);
    const QByteArray session = openSession(server.port, alpha, "desk-a");
    QVERIFY(!session.isEmpty());
    QCOMPARE(post(server.port, kPing, bearer(beta), session).status, 404);
    QCOMPARE(
        post(server.port, mcpRefundCall(1, "4417", "ch_4417", 700), bearer(beta), session).status,
        404);
    const ops::test::HeaderList asBeta = {{"Authorization", bearer(beta)},
                                          {"Mcp-Session-Id", session}};
    QCOMPARE(ops::test::httpRequest(server.port, "DELETE", u"/mcp"_s, {}, asBeta).status, 404);
    QCOMPARE(count(u"SELECT COUNT(*) FROM operations"_s), 0);
    QCOMPARE(providerRequests(), 0u);

    QCOMPARE(post(server.port, kPing, bearer(alpha), session).status, 200);
    QVERIFY(statusOf(post(server.port, mcpRefundCall(2, "4417", "ch_4417", 700), bearer(alpha),
                          session)) == "refunded");
    QCOMPARE(column(u"SELECT created_by FROM operations"_s),
             QStringList{u"agent:alpha:desk-a:2"_s});
    stopServer(server);
}

// Rotation with no grace: the old token is refused at once (in its open session too); the new
// one opens sessions, refunds, and — being the same agent's — continues the open session.
void TestMcpAgents::rotateWithoutGrace()
{
    const QByteArray old = addAgent(u"alpha"_s);
    Server server = startServer(env());
    QVERIFY(server.port != 0);
    const QByteArray session = openSession(server.port, old, "desk-a");
    QVERIFY(!session.isEmpty());
    // `--grace 0` (no unit) is refused by parseDuration today; 0s is the same duration.
    const QByteArray fresh = rotateAgent(u"alpha"_s, u"0s"_s);
    QVERIFY(fresh.startsWith("opsa_") && fresh != old);
    verifyRefused(post(server.port, kPing, bearer(old), session));
    verifyRefused(post(server.port, mcpInitialize("desk-a"), bearer(old)));
    verifyRefused(
        post(server.port, mcpRefundCall(1, "4417", "ch_4417", 700), bearer(old), session));
    QCOMPARE(count(u"SELECT COUNT(*) FROM operations"_s), 0);

    QCOMPARE(post(server.port, kPing, bearer(fresh), session).status, 200);
    const QByteArray second = openSession(server.port, fresh, "desk-a2");
    QVERIFY(!second.isEmpty());
    QVERIFY(statusOf(post(server.port, mcpRefundCall(2, "4417", "ch_4417", 700), bearer(fresh),
                          second)) == "refunded");
    QCOMPARE(column(u"SELECT created_by FROM operations"_s),
             QStringList{u"agent:alpha:desk-a2:2"_s});
    stopServer(server);
}

// Rotation with a grace period: both tokens act for the agent until it ends.
void TestMcpAgents::rotateWithGrace()
{
    const QByteArray old = addAgent(u"alpha"_s);
    const QByteArray fresh = rotateAgent(u"alpha"_s, u"1h"_s);
    QVERIFY(fresh.startsWith("opsa_") && fresh != old);
    Server server = startServer(env());
    QVERIFY(server.port != 0);
    const QByteArray session = openSession(server.port, old, "desk-a");
    QVERIFY(!session.isEmpty());
    QVERIFY(!openSession(server.port, fresh, "desk-b").isEmpty());
    QVERIFY(statusOf(post(server.port, mcpRefundCall(3, "4417", "ch_4417", 700), bearer(old),
                          session)) == "refunded");
    QCOMPARE(column(u"SELECT created_by FROM operations"_s),
             QStringList{u"agent:alpha:desk-a:3"_s});
    stopServer(server);
}

void TestMcpAgents::sharedTokenWithoutAgent_data()
{
    QTest::addColumn<QString>("source");
    QTest::newRow("OPS_MCP_TOKEN") << u"OPS_MCP_TOKEN"_s;
    QTest::newRow("OPS_MCP_KEY") << u"OPS_MCP_KEY"_s;
    QTest::newRow("mcp.key file") << u"file"_s;
}

// The shared token alone is one token for every agent: opsctl mcp --http refuses to start and
// names the fix, without echoing the token.
void TestMcpAgents::sharedTokenWithoutAgent()
{
    QFETCH(QString, source);
    QVERIFY(!addAgent(u"legacy"_s).isEmpty()); // an agent exists; none is named
    QProcessEnvironment e = env();
    if (source == u"file"_s) {
        const QString dir = m_db->scratchDir() + u"/opsconsole"_s;
        QVERIFY(QDir().mkpath(dir));
        QFile key(dir + u"/mcp.key"_s);
        QVERIFY(key.open(QIODevice::WriteOnly));
        key.write(kShared + '\n');
        key.close();
        QVERIFY(key.setPermissions(QFileDevice::ReadOwner | QFileDevice::WriteOwner));
    } else {
        e.insert(source, QString::fromLatin1(kShared));
    }
    QProcess p;
    p.setProcessEnvironment(e);
    p.start(ops::test::opsctlPath(), {u"mcp"_s, u"--http"_s, u"127.0.0.1:0"_s});
    QVERIFY(p.waitForFinished(10000));
    QCOMPARE(p.exitCode(), 2);
    const QByteArray err = p.readAllStandardError();
    QVERIFY2(err.contains("OPS_MCP_AGENT"), err.constData());
    verifyNoToken(err + p.readAllStandardOutput(), "output");
}

void TestMcpAgents::sharedTokenNamingNoActiveAgent_data()
{
    QTest::addColumn<QString>("agent");
    QTest::newRow("missing") << u"ghost"_s;
    QTest::newRow("revoked") << u"retired"_s;
}

void TestMcpAgents::sharedTokenNamingNoActiveAgent()
{
    QFETCH(QString, agent);
    QVERIFY(!addAgent(u"retired"_s).isEmpty());
    QCOMPARE(revokeAgent(u"retired"_s), 0);
    QProcessEnvironment e = env();
    e.insert(u"OPS_MCP_TOKEN"_s, QString::fromLatin1(kShared));
    e.insert(u"OPS_MCP_AGENT"_s, agent);
    QProcess p;
    p.setProcessEnvironment(e);
    p.start(ops::test::opsctlPath(), {u"mcp"_s, u"--http"_s, u"127.0.0.1:0"_s});
    QVERIFY(p.waitForFinished(10000));
    QCOMPARE(p.exitCode(), 2);
    const QByteArray err = p.readAllStandardError();
    QVERIFY2(err.contains("OPS_MCP_AGENT") && err.contains(agent.toUtf8()), err.constData());
    verifyNoToken(err + p.readAllStandardOutput(), "output");
}

// With OPS_MCP_AGENT the shared token acts for that agent (the agent's own token too), and the
// agent's revocation cuts the shared token off on its next request.
void TestMcpAgents::sharedTokenActsAsItsAgent()
{
    const QByteArray own = addAgent(u"legacy"_s);
    QProcessEnvironment e = env();
    e.insert(u"OPS_MCP_TOKEN"_s, QString::fromLatin1(kShared));
    e.insert(u"OPS_MCP_AGENT"_s, u"legacy"_s);
    Server server = startServer(e);
    QVERIFY(server.port != 0);
    const QByteArray session = openSession(server.port, kShared, "old-host");
    QVERIFY(!session.isEmpty());
    QVERIFY(statusOf(post(server.port, mcpRefundCall(21, "4417", "ch_4417", 700), bearer(kShared),
                          session)) == "refunded");
    QVERIFY(!openSession(server.port, own, "new-host").isEmpty());
    const QStringList actor = {u"agent:legacy:old-host:21"_s};
    QCOMPARE(column(u"SELECT created_by FROM operations"_s), actor);
    QCOMPARE(column(u"SELECT DISTINCT actor FROM audit WHERE actor LIKE 'agent:%'"_s), actor);
    const size_t sent = providerRequests();

    QCOMPARE(revokeAgent(u"legacy"_s), 0);
    verifyRefused(post(server.port, kPing, bearer(kShared), session));
    verifyRefused(
        post(server.port, mcpRefundCall(22, "1001", "ch_1001", 300), bearer(kShared), session));
    verifyRefused(post(server.port, mcpInitialize("old-host"), bearer(kShared)));
    QCOMPARE(column(u"SELECT created_by FROM operations"_s), actor);
    QCOMPARE(providerRequests(), sent);
    stopServer(server);
}

// With every log category on (what someone debugging a host might set), the output still
// should hold no token. Known to fail: Qt's own qt.httpserver debug category prints each
// request's headers, Authorization included (reported; the server has to silence it).
void TestMcpAgents::everyLogCategoryKeepsTokensOut()
{
    const QByteArray token = addAgent(u"alpha"_s);
    QProcessEnvironment e = env();
    e.insert(u"QT_LOGGING_RULES"_s, u"*.debug=true"_s);
    Server server = startServer(e);
    QVERIFY(server.port != 0);
    const QByteArray session = openSession(server.port, token, "desk-a");
    QVERIFY(!session.isEmpty());
    QVERIFY(statusOf(post(server.port, mcpRefundCall(1, "4417", "ch_4417", 700), bearer(token),
                          session)) == "refunded");
    server.process->terminate();
    QVERIFY(server.process->waitForFinished(10000));
    QCOMPARE(server.process->exitCode(), 0);
    const QByteArray err = server.process->readAllStandardError();
    QVERIFY(err.contains("ops.mcp")); // the rules took effect
    QVERIFY(!err.contains(token));
}

QTEST_GUILESS_MAIN(TestMcpAgents)
#include "tst_mcpagents.moc"
