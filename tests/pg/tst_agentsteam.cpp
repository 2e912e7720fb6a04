// The agent directory in team mode (issue 27, migration 0012): only a supervisor's login changes
// `agents`, whatever program it uses. Each case opens in-process connections as real logins with
// scram passwords (tests/support/teamlogins.h) on a fresh database, and goes through storage and
// around it with raw SQL; refusals are the database's (SQLSTATE 42501). What a refusal left is
// read as the tables' owner. PostgreSQL only (ctest: tst_agentsteam, fixture pg_server).

#include "storage/access/agentdirectory.h"
#include "storage/audit/auditlog.h"
#include "storage/operations/operationstore.h"
#include "support/storefixture.h"
#include "support/teamloginshistory.h" // operatorActor; teamlogins.h

#include <QSqlError>
#include <QSqlQuery>
#include <QTest>
#include <functional>

using namespace Qt::StringLiterals;
using namespace ops;

namespace {

// How the database answered one statement: its SQLSTATE ("" when it ran) and its message.
struct Answer
{
    QString sqlState;
    QString message;
    QString describe() const { return sqlState + u": "_s + message; }
};

Answer rawSql(Connection &db, const QString &sql)
{
    QSqlQuery q(db);
    if (q.exec(sql))
        return {};
    return {q.lastError().nativeErrorCode(), q.lastError().databaseText()};
}

// The ActionRefused `action` threw (message and database code), or nullopt when it did not.
std::optional<std::pair<QString, QString>> refusal(const std::function<void()> &action)
{
    try {
        action();
    } catch (const ActionRefused &e) {
        return std::pair{e.message(), e.databaseCode()};
    }
    return std::nullopt;
}

const AgentLimits kLimits{Money{5000, u"usd"_s}, Money{20000, u"usd"_s}, 5};

// A refund row as a client would insert it by hand (migration 0013's trigger decides).
QString insertRefund(const QString &id, const QString &agent, const QString &state, qint64 amount)
{
    return u"INSERT INTO operations (id, kind, provider, unit_of_work, amount_minor, currency, "
           "idempotency_key, request_method, request_path, request_body, request_content_type, "
           "state, attempt_cap, window_seconds, margin_seconds, created_by, created_at, "
           "updated_at, agent) VALUES ('%1', 'refund', 'stripe', '%1|%4|usd', %4, 'usd', 'k-%1', "
           "'POST', '/v1/refunds', 'x'::bytea, 'x', '%3', 6, 86400, 900, 'agent:%2:psql:1', 1, 1, "
           "%5)"_s.arg(id, agent, state)
               .arg(amount)
               .arg(agent.isEmpty() ? u"NULL"_s : u"'"_s + agent + u"'"_s);
}

} // namespace

class TestAgentsTeam : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void cleanup();
    void cleanupTestCase();
    void supervisorLoginsChangeAgents();
    void supportLoginIsRefusedThroughStorage();
    void supportLoginIsRefusedByTheDatabase();
    void agentLoginReadsButDoesNotWrite();
    void nobodyDeletesAnAgent_data();
    void nobodyDeletesAnAgent();
    void agentLoginsLimitsHoldInTheDatabase();

private:
    // The owner's answer to `sql`, one line per row, or "error: …".
    QString ownerRead(const QString &sql) const;
    // The agents table and the audit head as the owner sees them.
    QString directoryState() const;
    qint64 now() const { return m_fx->clock().nowMs(); }

    std::unique_ptr<test::StoreFixture> m_fx;
};

void TestAgentsTeam::initTestCase()
{
    QVERIFY2(test::onPostgres(), "tst_agentsteam runs on PostgreSQL only (OPS_TEST_BACKEND)");
    QVERIFY2(!test::psqlProgram().isEmpty(), "psql is needed (the postgresql-client package)");
    {
        test::StoreFixture groups(false); // migration 0011 creates the four groups if missing
    }
    const QString error = test::createTeam();
    QVERIFY2(error.isEmpty(), qPrintable(error));
}

void TestAgentsTeam::init()
{
    m_fx = std::make_unique<test::StoreFixture>(false);
}

void TestAgentsTeam::cleanup()
{
    m_fx.reset(); // drops the database, with any grant a case gave on its tables
}

void TestAgentsTeam::cleanupTestCase()
{
    const QString error = test::dropTeam({});
    QVERIFY2(error.isEmpty(), qPrintable(error));
}

QString TestAgentsTeam::ownerRead(const QString &sql) const
{
    return test::ownerRead(m_fx->path(), sql);
}

QString TestAgentsTeam::directoryState() const
{
    return ownerRead(u"SELECT (SELECT md5(coalesce(string_agg(a::text, '|' ORDER BY a.name), '')) "
                     "FROM agents a) || ' ' || (SELECT count(*) FROM agents) || ' ' || "
                     "(SELECT coalesce(max(id), 0) FROM audit)"_s);
}

// alice adds, bob rotates, alice sets limits, bob revokes: each row and audit entry names the
// login that wrote it, and the chain verifies.
void TestAgentsTeam::supervisorLoginsChangeAgents()
{
    const QString alice = test::operatorActor(u"alice"_s);
    const QString bob = test::operatorActor(u"bob"_s);
    test::LoginConnection a(m_fx->path(), u"alice"_s);
    test::LoginConnection b(m_fx->path(), u"bob"_s);
    const IssuedAgent added = addAgent(a.db(), now(), alice, u"bot"_s, kLimits);
    QCOMPARE(
        ownerRead(u"SELECT created_by || ' ' || updated_by || ' ' || token_hash FROM agents"_s),
        alice + u' ' + alice + u' ' + agentTokenHash(added.token));
    QCOMPARE(ownerRead(u"SELECT actor FROM audit WHERE action = 'agent.added'"_s), alice);
    QCOMPARE(agentForToken(b.db(), added.token, now())->name, u"bot"_s);

    m_fx->clock().advanceMs(1000);
    const IssuedAgent rotated = rotateAgent(b.db(), now(), bob, u"bot"_s, 60'000);
    QCOMPARE(agentForToken(a.db(), added.token, now())->name, u"bot"_s); // in its grace
    setAgentLimits(a.db(), now(), alice, u"bot"_s, {{}, {}, 2});
    revokeAgent(b.db(), now(), bob, u"bot"_s);
    QVERIFY(!agentForToken(a.db(), rotated.token, now()));
    QCOMPARE(ownerRead(u"SELECT action || ' ' || actor FROM audit ORDER BY id"_s).split(u'\n'),
             QStringList({u"agent.added "_s + alice, u"agent.rotated "_s + bob,
                          u"agent.limits_changed "_s + alice, u"agent.revoked "_s + bob}));
    QCOMPARE(ownerRead(u"SELECT updated_by || ' ' || (revoked_at IS NOT NULL) FROM agents"_s),
             bob + u" true"_s);
    QCOMPARE(ownerRead(u"SELECT count(*) FROM audit WHERE detail LIKE '%%1%' OR detail LIKE "
                       "'%%2%'"_s.arg(added.token.mid(5), agentTokenHash(added.token))),
             u"0"_s);
    QVERIFY(AuditLog::verify(connectionOf(m_fx->store())).holds());

    // Naming the other supervisor passes storage's check, and the database refuses the name.
    const QString before = directoryState();
    const auto why = refusal([&] { addAgent(a.db(), now(), bob, u"bot-2"_s, {}); });
    QVERIFY2(why, "alice wrote an agent as bob");
    QCOMPARE(why->second, u"actor"_s);
    QVERIFY2(why->first.contains(u"you are logged in as "_s + test::pidName(u"alice"_s)),
             qPrintable(why->first));
    QCOMPARE(directoryState(), before);
}

// sam (ops_support) asks storage as himself: refused before any write. Naming alice gets past
// storage's check, and then the database's grants refuse the insert.
void TestAgentsTeam::supportLoginIsRefusedThroughStorage()
{
    test::LoginConnection sam(m_fx->path(), u"sam"_s);
    const QString before = directoryState();
    auto why = refusal(
        [&] { addAgent(sam.db(), now(), test::operatorActor(u"sam"_s), u"bot"_s, kLimits); });
    QVERIFY2(why, "support added an agent");
    QVERIFY2(why->first.contains(u"(support) may not change the agents: only a supervisor may"_s),
             qPrintable(why->first));
    QCOMPARE(directoryState(), before);

    why = refusal(
        [&] { addAgent(sam.db(), now(), test::operatorActor(u"alice"_s), u"bot"_s, kLimits); });
    QVERIFY2(why, "support added an agent naming a supervisor");
    QCOMPARE(why->second, u"grant"_s);
    QVERIFY2(why->first.contains(u"permission denied for table agents"_s), qPrintable(why->first));
    QCOMPARE(directoryState(), before);
    QCOMPARE(ownerRead(u"SELECT count(*) FROM agents"_s), u"0"_s);
}

// Raw SQL over sam's own connection: INSERT and un-revoking UPDATE are refused with SQLSTATE
// 42501. The grants stop them first (only ops_supervisor may write `agents`); with the grants
// widened by mistake, migration 0012's trigger still refuses as `supervisor`.
void TestAgentsTeam::supportLoginIsRefusedByTheDatabase()
{
    {
        test::LoginConnection alice(m_fx->path(), u"alice"_s);
        const QString actor = test::operatorActor(u"alice"_s);
        addAgent(alice.db(), now(), actor, u"gone"_s, {});
        revokeAgent(alice.db(), now(), actor, u"gone"_s);
    }
    test::LoginConnection sam(m_fx->path(), u"sam"_s);
    const QString me = test::operatorActor(u"sam"_s);
    const QString insert =
        u"INSERT INTO agents (name, token_hash, created_by, created_at, updated_by, updated_at) "
        "VALUES ('mine', '%1', '%2', 1, '%2', 1)"_s.arg(QString(64, u'a'), me);
    const QString unrevoke = u"UPDATE agents SET revoked_at = NULL WHERE name = 'gone'"_s;
    const QString before = directoryState();
    QVERIFY(!before.startsWith(u"error"_s));

    for (const QString &sql : {insert, unrevoke}) {
        const Answer a = rawSql(sam.db(), sql);
        QVERIFY2(a.sqlState == u"42501"_s, qPrintable(sql + u" → "_s + a.describe()));
        QVERIFY2(a.message.contains(u"permission denied for table agents"_s),
                 qPrintable(a.describe()));
    }
    QCOMPARE(directoryState(), before);

    const test::ProcessRun granted =
        test::psqlAs(test::ownerLogin(), m_fx->path(),
                     u"GRANT INSERT, UPDATE ON agents TO %1"_s.arg(test::pidName(u"sam"_s)));
    QVERIFY2(granted.exitCode == 0, qPrintable(granted.errText()));
    for (const QString &sql : {insert, unrevoke}) {
        const Answer a = rawSql(sam.db(), sql);
        QVERIFY2(a.sqlState == u"42501"_s, qPrintable(sql + u" → "_s + a.describe()));
        QVERIFY2(a.message.contains(u"ops-refused[supervisor]"_s), qPrintable(a.describe()));
        QVERIFY2(
            a.message.contains(test::pidName(u"sam"_s) + u" (support) may not change agents"_s),
            qPrintable(a.describe()));
    }
    QCOMPARE(directoryState(), before);
    QCOMPARE(ownerRead(u"SELECT revoked_at IS NOT NULL FROM agents WHERE name = 'gone'"_s), u"t"_s);
}

// An ops_agent login reads the directory (an HTTP server running as it checks tokens), and
// cannot change its own row, neither through storage nor with SQL.
void TestAgentsTeam::agentLoginReadsButDoesNotWrite()
{
    const QString self = test::pidName(u"agent"_s);
    QString token;
    {
        test::LoginConnection alice(m_fx->path(), u"alice"_s);
        token = addAgent(alice.db(), now(), test::operatorActor(u"alice"_s), self, kLimits).token;
    }
    test::LoginConnection agent(m_fx->path(), u"agent"_s);
    QSqlQuery q(agent.db());
    QVERIFY2(q.exec(u"SELECT name, rate_per_second FROM agents"_s),
             qPrintable(q.lastError().text()));
    QVERIFY(q.next());
    QCOMPARE(q.value(0).toString(), self);
    QCOMPARE(q.value(1).toInt(), 5);
    q.finish();
    QCOMPARE(agentForToken(agent.db(), token, now())->name, self);
    QCOMPARE(listAgents(agent.db()).size(), size_t(1));

    const QString before = directoryState();
    for (const QString &sql :
         {u"UPDATE agents SET rate_per_second = 1000, max_refund_minor = NULL, "
          "max_refund_currency = NULL WHERE name = '%1'"_s.arg(self),
          u"UPDATE agents SET token_hash = '%1' WHERE name = '%2'"_s.arg(QString(64, u'b'), self),
          u"INSERT INTO agents (name, token_hash, created_by, created_at, updated_by, updated_at) "
          "VALUES ('twin', '%1', 'agent:x', 1, 'agent:x', 1)"_s.arg(QString(64, u'c'))}) {
        const Answer a = rawSql(agent.db(), sql);
        QVERIFY2(a.sqlState == u"42501"_s, qPrintable(sql + u" → "_s + a.describe()));
    }
    const auto why = refusal([&] {
        setAgentLimits(agent.db(), now(), u"agent:%1:opsctl:1"_s.arg(self), self, AgentLimits{});
    });
    QVERIFY2(why, "an agent lifted its own limits");
    QCOMPARE(directoryState(), before);
    QCOMPARE(ownerRead(u"SELECT rate_per_second FROM agents"_s), u"5"_s);
}

void TestAgentsTeam::nobodyDeletesAnAgent_data()
{
    QTest::addColumn<QString>("who");
    for (const test::TeamLogin &l : test::team())
        QTest::addRow("%s (%s)", qPrintable(l.who),
                      l.group.isEmpty() ? "no group" : qPrintable(l.group))
            << l.who;
}

// No login may DELETE from agents (a revoked agent keeps its row and name); a supervisor given
// DELETE by mistake is still refused by the guard.
void TestAgentsTeam::nobodyDeletesAnAgent()
{
    QFETCH(QString, who);
    {
        test::LoginConnection alice(m_fx->path(), u"alice"_s);
        const QString actor = test::operatorActor(u"alice"_s);
        addAgent(alice.db(), now(), actor, u"bot"_s, {});
        addAgent(alice.db(), now(), actor, u"old"_s, {});
        revokeAgent(alice.db(), now(), actor, u"old"_s);
    }
    const QString before = directoryState();
    test::LoginConnection login(m_fx->path(), who);
    for (const QString &sql : {u"DELETE FROM agents WHERE name = 'old'"_s, u"DELETE FROM agents"_s,
                               u"TRUNCATE agents"_s}) {
        const Answer a = rawSql(login.db(), sql);
        QVERIFY2(a.sqlState == u"42501"_s, qPrintable(sql + u" → "_s + a.describe()));
    }
    QCOMPARE(directoryState(), before);

    if (who != u"alice"_s && who != u"bob"_s)
        return;
    const test::ProcessRun granted =
        test::psqlAs(test::ownerLogin(), m_fx->path(),
                     u"GRANT DELETE ON agents TO %1"_s.arg(test::pidName(who)));
    QVERIFY2(granted.exitCode == 0, qPrintable(granted.errText()));
    const Answer a = rawSql(login.db(), u"DELETE FROM agents WHERE name = 'old'"_s);
    QVERIFY2(a.sqlState == u"42501"_s, qPrintable(a.describe()));
    QVERIFY2(a.message.contains(u"ops-refused[delete]"_s), qPrintable(a.describe()));
    QCOMPARE(directoryState(), before);
}

// An agent login over its per-refund limit: the engine's open stores the row held; written by
// hand as open, or naming no agent or another one, the database refuses it. Only a supervisor's
// login takes a held row out of awaiting_approval.
void TestAgentsTeam::agentLoginsLimitsHoldInTheDatabase()
{
    const QString self = test::pidName(u"agent"_s);
    {
        test::LoginConnection alice(m_fx->path(), u"alice"_s);
        const QString actor = test::operatorActor(u"alice"_s);
        addAgent(alice.db(), now(), actor, self, {Money{1000, u"usd"_s}, {}, {}});
        addAgent(alice.db(), now(), actor, u"other"_s, {});
    }
    test::LoginConnection agent(m_fx->path(), u"agent"_s);
    OperationStore store(agent.db(), m_fx->clock());
    NewOperation op;
    op.id = u"op_held"_s;
    op.unitOfWork = u"7001|1500|usd"_s;
    op.orderId = u"7001"_s;
    op.chargeId = u"ch_1002"_s;
    op.amount = {1500, u"usd"_s};
    op.idempotencyKey = u"key-held"_s;
    op.request = {"POST", u"/v1/refunds"_s, "charge=ch_1002", "application/x-www-form-urlencoded"};
    op.createdBy = u"agent:%1:opsctl:1"_s.arg(self);
    op.agent = self;
    const OpenResult opened = store.openOrGet(op);
    QCOMPARE(toString(opened.operation.state), toString(OperationState::AwaitingApproval));
    QCOMPARE(ownerRead(u"SELECT state || ' ' || hold || ' ' || agent FROM operations"_s),
             u"awaiting_approval max_refund "_s + self);

    const struct
    {
        QString sql;
        QString code;
    } refused[] = {
        {insertRefund(u"op_open"_s, self, u"open"_s, 1500), u"ops-refused[limit]"_s},
        {insertRefund(u"op_none"_s, QString(), u"open"_s, 100), u"ops-refused[agent]"_s},
        {insertRefund(u"op_other"_s, u"other"_s, u"open"_s, 100), u"ops-refused[agent]"_s},
        {u"UPDATE operations SET state = 'open' WHERE id = 'op_held'"_s, u"ops-refused[approve]"_s},
        {u"UPDATE operations SET agent = 'other' WHERE id = 'op_held'"_s, u"ops-refused[agent]"_s},
    };
    const QString before = ownerRead(u"SELECT md5(string_agg(o::text, '|')) FROM operations o"_s);
    for (const auto &r : refused) {
        const Answer a = rawSql(agent.db(), r.sql);
        QVERIFY2(a.sqlState == u"42501"_s && a.message.contains(r.code),
                 qPrintable(r.sql + u" → "_s + a.describe()));
    }
    QCOMPARE(ownerRead(u"SELECT md5(string_agg(o::text, '|')) FROM operations o"_s), before);
    // Within its limit, by hand, it may open a row that names it.
    QCOMPARE(rawSql(agent.db(), insertRefund(u"op_small"_s, self, u"open"_s, 900)).sqlState,
             QString());

    test::LoginConnection sam(m_fx->path(), u"sam"_s);
    const Answer bySupport =
        rawSql(sam.db(), u"UPDATE operations SET state = 'open' WHERE id = 'op_held'"_s);
    QVERIFY2(bySupport.message.contains(u"ops-refused[approve]"_s),
             qPrintable(bySupport.describe()));
    QCOMPARE(ownerRead(u"SELECT state FROM operations WHERE id = 'op_held'"_s),
             u"awaiting_approval"_s);

    test::LoginConnection alice(m_fx->path(), u"alice"_s);
    OperationStore supervisor(alice.db(), m_fx->clock());
    QVERIFY(supervisor.rejectAgentRequest(u"op_held"_s, test::operatorActor(u"alice"_s),
                                          u"not ours"_s));
    QCOMPARE(ownerRead(u"SELECT state || ' ' || failure_code || ' ' || closed_by FROM operations "
                       "WHERE id = 'op_held'"_s),
             u"failed rejected "_s + test::operatorActor(u"alice"_s));
}

QTEST_GUILESS_MAIN(TestAgentsTeam)
#include "tst_agentsteam.moc"
