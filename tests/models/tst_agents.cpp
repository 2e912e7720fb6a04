// The agent directory at the store (issue 27, DESIGN §13): a supervisor adds, revokes, rotates and
// limits agents; everyone else is refused with nothing written; a token is handed back once and
// stored only as its hash (never in the audit, never in the database file); rotation grace is
// measured on the injected clock, so expiry is tested to the millisecond without sleeping.
// Runs on SQLite and, as tst_agents_pg, on PostgreSQL, each actor in its role (rolesfixture.h,
// issue 50): alice and bob change the directory on their own logins, carol (sam there) and the
// agent try on theirs, a name without a login (dave) at alice's console; the agents' calls are
// written by the agent's login.

#include "agentsdb.h"
#include "storage/access/accessstore.h"
#include "storage/audit/auditlog.h"
#include "support/rolesfixture.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSqlQuery>
#include <QSqlRecord>
#include <QTest>
#include <functional>
#include <nlohmann/json.hpp>

using namespace Qt::StringLiterals;
using namespace ops;
using nlohmann::json;
using namespace ops::test::agents;
using ops::test::personName;
using ops::test::RolesFixture;

namespace {

// The backend's actors (operator:alice_<pid> on PostgreSQL), of RolesFixture's directory.
const QString kAlice = ops::test::personActorOf(u"alice"_s); // supervisor
const QString kBob = ops::test::personActorOf(u"bob"_s);     // supervisor
const QString kCarol = ops::test::personActorOf(u"carol"_s); // support
constexpr qint64 kHour = 3'600'000;

// The ActionRefused message of `action`, or "" when it was not refused.
QString refusal(const std::function<void()> &action)
{
    try {
        action();
    } catch (const ActionRefused &e) {
        return e.message().isEmpty() ? u"(refused without a message)"_s : e.message();
    }
    return {};
}

// The name of whoever holds `token` now, or "" when nobody does.
QString holder(AccessStore access, const QString &token)
{
    const auto agent = access.agentForToken(token);
    return agent ? agent->name : QString();
}

// An audit entry written as an agent's call would write it (actor agent:NAME:<client>:<id>).
void agentCall(Connection &db, qint64 atMs, const QString &actor)
{
    WriteTransaction tx(db);
    AuditLog::append(db, atMs, actor, u"tool.called"_s, QString(), {{"tool", "refund"}});
    tx.commit();
}

QByteArray fileBytes(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

} // namespace

class TestAgents : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void cleanupTestCase();
    void addReturnsATokenThatMapsToTheAgent();
    void twoAgentsEachOwnTheirToken();
    void onlyAnEnabledSupervisorChangesAgents_data();
    void onlyAnEnabledSupervisorChangesAgents();
    void badNamesAreRefused_data();
    void badNamesAreRefused();
    void addingTwiceIsRefused();
    void revokeCutsTheTokenOff();
    void rotationGraceEndsOnTheClock();
    void rotationWithoutGraceEndsTheOldTokenAtOnce();
    void secondRotationEndsTheFirstGrace();
    void setLimitsKeepsAndChangesLimits();
    void auditNamesTheSupervisorAndNeverTheToken();
    void lastUsedIsTheAgentsOwnNewestEntry();
    void malformedTokensMapToNobody_data();
    void malformedTokensMapToNobody();
    void tokenBytesAreNowhereInTheDatabaseFiles();
};

// bot: a person named like an agent, whose entries are not the agent's (lastUsed…); a login of
// their own on PostgreSQL.
void TestAgents::initTestCase()
{
    const QString error = test::prepareRoles({u"bot"_s});
    QVERIFY2(error.isEmpty(), qPrintable(error));
}

void TestAgents::cleanupTestCase()
{
    const QString error = test::dropRoles({u"bot"_s});
    QVERIFY2(error.isEmpty(), qPrintable(error));
}

void TestAgents::addReturnsATokenThatMapsToTheAgent()
{
    RolesFixture f;
    const AgentLimits limits{Money{5000, u"usd"_s}, Money{20000, u"usd"_s}, 5};
    const IssuedAgent a =
        f.sessionAs(u"alice"_s).access().addAgent(kAlice, u"support-bot"_s, limits);
    // "opsa_" + base64url of 32 random bytes (43 characters, no padding).
    QCOMPARE(a.token.size(), 48);
    QVERIFY(a.token.startsWith(u"opsa_"_s));
    QVERIFY(looksLikeAgentToken(a.token));
    const QByteArray raw = QByteArray::fromBase64(
        a.token.mid(5).toLatin1(), QByteArray::Base64UrlEncoding | QByteArray::OmitTrailingEquals);
    QCOMPARE(raw.size(), 32);
    QCOMPARE(a.record.name, u"support-bot"_s);
    QVERIFY(a.record.limits == limits);
    QCOMPARE(a.record.createdBy, kAlice);
    QCOMPARE(a.record.createdAtMs, f.clock().nowMs());
    QCOMPARE(toString(a.record.state()), u"active"_s);
    QVERIFY(!a.record.lastUsedMs);

    const auto found = f.session().access().agentForToken(a.token);
    QVERIFY(found);
    QCOMPARE(found->name, u"support-bot"_s);
    QVERIFY(found->limits == limits);
    // Stored: the SHA-256 of the token, not the token.
    Connection &db = connectionOf(f.store());
    QCOMPARE(storedHash(db, u"support-bot"_s), agentTokenHash(a.token));
    QCOMPARE(count(db, u"SELECT COUNT(*) FROM agents WHERE token_hash LIKE 'opsa_%'"_s), 0);
}

void TestAgents::twoAgentsEachOwnTheirToken()
{
    RolesFixture f;
    AccessStore access = f.sessionAs(u"alice"_s).access();
    const IssuedAgent one = access.addAgent(kAlice, u"bot-one"_s, {});
    const IssuedAgent two = f.sessionAs(u"bob"_s).access().addAgent(kBob, u"bot-two"_s, {});
    QVERIFY(one.token != two.token);
    QCOMPARE(holder(access, one.token), u"bot-one"_s);
    QCOMPARE(holder(access, two.token), u"bot-two"_s);
    QCOMPARE(access.agents().size(), size_t(2));
    QCOMPARE(access.agent(u"bot-two"_s)->createdBy, kBob);
}

void TestAgents::onlyAnEnabledSupervisorChangesAgents_data()
{
    QTest::addColumn<QString>("actor");
    QTest::addColumn<QString>("action");
    QTest::addColumn<QString>("message");
    const struct
    {
        QString actor;
        QString label;
        QString message;
    } actors[] = {
        {kCarol, u"support"_s,
         u"operator %1 (support) may not change the agents"_s.arg(personName(u"carol"_s))},
        {u"operator:dave"_s, u"unknown operator"_s, u"operator dave (not an operator)"_s},
        // In team mode a disabled person has a login (erin would have none): bob, disabled there.
        {test::onPostgres() ? kBob : u"operator:erin"_s, u"disabled supervisor"_s,
         u"operator %1 (disabled)"_s.arg(test::onPostgres() ? personName(u"bob"_s) : u"erin"_s)},
        {u"agent:bot:claude:1"_s, u"an agent"_s, u"only a supervisor may"_s},
    };
    for (const auto &a : actors) {
        for (const QString &action : {u"add"_s, u"revoke"_s, u"rotate"_s, u"set-limits"_s})
            QTest::addRow("%s %s", qPrintable(a.label), qPrintable(action))
                << a.actor << action << a.message;
    }
}

// Refused with ActionRefused, and nothing written: the agent's row as it was, no new agent, no
// audit entry, and the token still the agent's.
void TestAgents::onlyAnEnabledSupervisorChangesAgents()
{
    QFETCH(QString, actor);
    QFETCH(QString, action);
    QFETCH(QString, message);
    RolesFixture f;
    Connection &db = connectionOf(f.as(u"alice"_s));
    if (f.onTeam()) {
        setOperatorDisabled(db, f.clock().nowMs(), kAlice, personName(u"bob"_s), true);
    } else {
        addOperator(db, f.clock().nowMs(), kAlice, u"erin"_s, Role::Supervisor);
        setOperatorDisabled(db, f.clock().nowMs(), kAlice, u"erin"_s, true);
    }
    AccessStore access = f.sessionAs(u"alice"_s).access();
    const IssuedAgent bot = access.addAgent(kAlice, u"bot"_s, {});
    f.clock().advanceMs(1000);
    const QString row = agentRow(db, u"bot"_s);
    const int audit = auditCount(db);
    const AgentLimits limits{Money{100, u"usd"_s}, {}, 1};

    // At the console of whoever acts (their own login on PostgreSQL); dave and erin have none
    // and try at alice's. The store refuses before anything is written.
    const bool noLogin = actor == u"operator:dave"_s || actor == u"operator:erin"_s;
    AccessStore acting = noLogin ? access : f.sessionBy(actor).access();
    const QString why = refusal([&] {
        if (action == u"add"_s)
            acting.addAgent(actor, u"intruder"_s, limits);
        else if (action == u"revoke"_s)
            acting.revokeAgent(actor, u"bot"_s);
        else if (action == u"rotate"_s)
            acting.rotateAgent(actor, u"bot"_s, std::chrono::milliseconds(0));
        else
            acting.setAgentLimits(actor, u"bot"_s, limits);
    });
    QVERIFY2(why.contains(message), qPrintable(why));
    QCOMPARE(count(db, u"SELECT COUNT(*) FROM agents"_s), 1);
    QCOMPARE(agentRow(db, u"bot"_s), row);
    QCOMPARE(auditCount(db), audit);
    QCOMPARE(holder(access, bot.token), u"bot"_s);
}

void TestAgents::badNamesAreRefused_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<QString>("message");
    QTest::addRow("empty") << QString() << u"the agent name is empty"_s;
    QTest::addRow("65 characters") << QString(65, u'a') << u"over 64 characters"_s;
    QTest::addRow("upper case") << u"Bot"_s << u"a-z, 0-9, _ and -"_s;
    QTest::addRow("dot") << u"a.b"_s << u"a-z, 0-9, _ and -"_s;
    QTest::addRow("colon") << u"bot:1"_s << u"a-z, 0-9, _ and -"_s;
    QTest::addRow("space") << u"my bot"_s << u"a-z, 0-9, _ and -"_s;
    QTest::addRow("percent") << u"bot%"_s << u"a-z, 0-9, _ and -"_s;
}

void TestAgents::badNamesAreRefused()
{
    QFETCH(QString, name);
    QFETCH(QString, message);
    RolesFixture f;
    Connection &db = connectionOf(f.store());
    const int audit = auditCount(db);
    const QString why =
        refusal([&] { f.sessionAs(u"alice"_s).access().addAgent(kAlice, name, {}); });
    QVERIFY2(why.contains(message), qPrintable(why));
    QVERIFY(!isValidAgentName(name));
    QCOMPARE(count(db, u"SELECT COUNT(*) FROM agents"_s), 0);
    QCOMPARE(auditCount(db), audit);
}

void TestAgents::addingTwiceIsRefused()
{
    RolesFixture f;
    Connection &db = connectionOf(f.store());
    AccessStore access = f.sessionAs(u"alice"_s).access();
    QVERIFY(isValidAgentName(QString(64, u'z'))); // the longest name is a name
    const IssuedAgent first = access.addAgent(kAlice, u"bot"_s, {});
    const QString row = agentRow(db, u"bot"_s);
    const int audit = auditCount(db);
    QString why = refusal([&] { f.sessionAs(u"bob"_s).access().addAgent(kBob, u"bot"_s, {}); });
    QVERIFY2(why.contains(u"agent bot already exists (active)"_s), qPrintable(why));
    QCOMPARE(agentRow(db, u"bot"_s), row);
    QCOMPARE(auditCount(db), audit);
    QCOMPARE(holder(access, first.token), u"bot"_s);
    // A revoked name is not reused either.
    access.revokeAgent(kAlice, u"bot"_s);
    why = refusal([&] { access.addAgent(kAlice, u"bot"_s, {}); });
    QVERIFY2(why.contains(u"already exists (revoked)"_s), qPrintable(why));
    QCOMPARE(count(db, u"SELECT COUNT(*) FROM agents"_s), 1);
}

void TestAgents::revokeCutsTheTokenOff()
{
    RolesFixture f;
    Connection &db = connectionOf(f.store());
    AccessStore access = f.sessionAs(u"alice"_s).access();
    const IssuedAgent bot = access.addAgent(kAlice, u"bot"_s, {});
    // Revoked inside a rotation's grace: neither token works afterwards.
    const IssuedAgent rotated = access.rotateAgent(kAlice, u"bot"_s, std::chrono::hours(1));
    QCOMPARE(holder(access, bot.token), u"bot"_s);
    f.clock().advanceMs(10);
    const AgentRecord revoked = f.sessionAs(u"bob"_s).access().revokeAgent(kBob, u"bot"_s);
    QCOMPARE(toString(revoked.state()), u"revoked"_s);
    QCOMPARE(revoked.revokedAtMs.value_or(0), f.clock().nowMs());
    QCOMPARE(revoked.updatedBy, kBob);
    QVERIFY(!access.agentForToken(bot.token));
    QVERIFY(!access.agentForToken(rotated.token));

    const QString row = agentRow(db, u"bot"_s);
    const int audit = auditCount(db);
    QString why = refusal([&] { access.revokeAgent(kAlice, u"bot"_s); });
    QVERIFY2(why.contains(u"agent bot is revoked"_s), qPrintable(why));
    why = refusal([&] { access.rotateAgent(kAlice, u"bot"_s, std::chrono::hours(1)); });
    QVERIFY2(why.contains(u"agent bot is revoked"_s), qPrintable(why));
    why = refusal([&] { access.setAgentLimits(kAlice, u"bot"_s, {{}, {}, 3}); });
    QVERIFY2(why.contains(u"agent bot is revoked"_s), qPrintable(why));
    why = refusal([&] { access.revokeAgent(kAlice, u"ghost"_s); });
    QVERIFY2(why.contains(u"no agent ghost"_s), qPrintable(why));
    QCOMPARE(agentRow(db, u"bot"_s), row);
    QCOMPARE(auditCount(db), audit);
    QVERIFY(!access.agentForToken(rotated.token));
}

void TestAgents::rotationGraceEndsOnTheClock()
{
    RolesFixture f;
    AccessStore access = f.sessionAs(u"alice"_s).access();
    const IssuedAgent bot = access.addAgent(kAlice, u"bot"_s, {});
    const qint64 rotatedAt = f.clock().nowMs();
    const IssuedAgent fresh =
        access.rotateAgent(kAlice, u"bot"_s, std::chrono::milliseconds(kHour));
    QVERIFY(fresh.token != bot.token);
    QVERIFY(looksLikeAgentToken(fresh.token));
    QCOMPARE(fresh.record.previousValidUntilMs.value_or(0), rotatedAt + kHour);
    QCOMPARE(holder(access, bot.token), u"bot"_s);
    QCOMPARE(holder(access, fresh.token), u"bot"_s);

    f.clock().advanceMs(kHour - 1); // the last millisecond of the grace
    QCOMPARE(holder(access, bot.token), u"bot"_s);
    f.clock().advanceMs(1); // the grace's end: the old token is out
    QCOMPARE(holder(access, bot.token), QString());
    QCOMPARE(holder(access, fresh.token), u"bot"_s);
    f.clock().advanceMs(kHour);
    QCOMPARE(holder(access, bot.token), QString());
    QCOMPARE(holder(access, fresh.token), u"bot"_s);
}

void TestAgents::rotationWithoutGraceEndsTheOldTokenAtOnce()
{
    RolesFixture f;
    Connection &db = connectionOf(f.store());
    AccessStore access = f.sessionAs(u"alice"_s).access();
    const IssuedAgent bot = access.addAgent(kAlice, u"bot"_s, {});
    const IssuedAgent fresh = access.rotateAgent(kAlice, u"bot"_s, std::chrono::milliseconds(0));
    QVERIFY(!fresh.record.previousValidUntilMs);
    QCOMPARE(holder(access, bot.token), QString());
    QCOMPARE(holder(access, fresh.token), u"bot"_s);
    QVERIFY(storedHash(db, u"bot"_s, u"previous_token_hash"_s).isEmpty());
    // A negative grace is refused, nothing written.
    const int audit = auditCount(db);
    const QString why =
        refusal([&] { access.rotateAgent(kAlice, u"bot"_s, std::chrono::milliseconds(-1)); });
    QVERIFY2(why.contains(u"cannot be negative"_s), qPrintable(why));
    QCOMPARE(auditCount(db), audit);
    QCOMPARE(holder(access, fresh.token), u"bot"_s);
}

void TestAgents::secondRotationEndsTheFirstGrace()
{
    RolesFixture f;
    AccessStore access = f.sessionAs(u"alice"_s).access();
    const IssuedAgent t0 = access.addAgent(kAlice, u"bot"_s, {});
    const IssuedAgent t1 = access.rotateAgent(kAlice, u"bot"_s, std::chrono::hours(1));
    f.clock().advanceMs(1000);
    const IssuedAgent t2 = access.rotateAgent(kAlice, u"bot"_s, std::chrono::hours(1));
    QCOMPARE(holder(access, t0.token), QString()); // its grace ended with the second rotation
    QCOMPARE(holder(access, t1.token), u"bot"_s);  // in the second rotation's grace
    QCOMPARE(holder(access, t2.token), u"bot"_s);
    QCOMPARE(t2.record.previousValidUntilMs.value_or(0), f.clock().nowMs() + kHour);
    f.clock().advanceMs(kHour);
    QCOMPARE(holder(access, t1.token), QString());
    QCOMPARE(holder(access, t2.token), u"bot"_s);
}

void TestAgents::setLimitsKeepsAndChangesLimits()
{
    RolesFixture f;
    Connection &db = connectionOf(f.store());
    AccessStore access = f.sessionAs(u"alice"_s).access();
    const AgentLimits first{Money{5000, u"usd"_s}, Money{20000, u"usd"_s}, 5};
    const IssuedAgent bot = access.addAgent(kAlice, u"bot"_s, first);
    f.clock().advanceMs(500);

    // The same limits again: kept, still audited.
    AgentRecord r = f.sessionAs(u"bob"_s).access().setAgentLimits(kBob, u"bot"_s, first);
    QVERIFY(r.limits == first);
    QCOMPARE(r.updatedBy, kBob);
    QCOMPARE(r.updatedAtMs, f.clock().nowMs());
    const AgentLimits second{{}, Money{700000, u"jpy"_s}, {}};
    r = access.setAgentLimits(kAlice, u"bot"_s, second);
    QVERIFY(r.limits == second);
    QVERIFY(access.agent(u"bot"_s)->limits == second);
    QCOMPARE(holder(access, bot.token), u"bot"_s); // the token is not touched

    const auto audit = agentAudit(db);
    QCOMPARE(audit.size(), size_t(3));
    QCOMPARE(audit[2].action, u"agent.limits_changed"_s);
    QCOMPARE(audit[2].actor, kAlice);
    json d = audit[2].parsed();
    QVERIFY2(d.is_object(), qPrintable(audit[2].detail));
    QCOMPARE(text(d["agent"]), u"\"bot\""_s);
    QVERIFY(d["max_refund"].is_null());
    QCOMPARE(text(d["daily"]["amount_minor"]), u"700000"_s);
    QCOMPARE(text(d["daily"]["currency"]), u"\"jpy\""_s);
    QVERIFY(d["rate_per_second"].is_null());
    // With what the limits were before.
    QCOMPARE(text(d["previous"]["max_refund"]["amount_minor"]), u"5000"_s);
    QCOMPARE(text(d["previous"]["max_refund"]["currency"]), u"\"usd\""_s);
    QCOMPARE(text(d["previous"]["daily"]["amount_minor"]), u"20000"_s);
    QCOMPARE(text(d["previous"]["rate_per_second"]), u"5"_s);
    QCOMPARE(audit[1].actor, kBob);
    QCOMPARE(text(audit[1].parsed()["previous"]["rate_per_second"]), u"5"_s);
}

// Every change is an entry by the supervisor who made it, and no entry holds a token (current or
// rotated out) or a token's hash.
void TestAgents::auditNamesTheSupervisorAndNeverTheToken()
{
    RolesFixture f;
    Connection &db = connectionOf(f.store());
    AccessStore access = f.sessionAs(u"alice"_s).access();
    QStringList secrets;
    const IssuedAgent a = access.addAgent(kAlice, u"bot"_s, {Money{100, u"eur"_s}, {}, {}});
    const IssuedAgent b =
        f.sessionAs(u"bob"_s).access().rotateAgent(kBob, u"bot"_s, std::chrono::hours(1));
    access.setAgentLimits(kAlice, u"bot"_s, {{}, {}, 9});
    f.sessionAs(u"bob"_s).access().revokeAgent(kBob, u"bot"_s);
    for (const QString &t : {a.token, b.token})
        secrets << t << t.mid(5) << agentTokenHash(t) << agentTokenHash(t).toUpper();

    const auto audit = agentAudit(db);
    QStringList seen;
    for (const auto &row : audit)
        seen << row.action + u' ' + row.actor;
    QCOMPARE(seen, QStringList({u"agent.added "_s + kAlice, u"agent.rotated "_s + kBob,
                                u"agent.limits_changed "_s + kAlice, u"agent.revoked "_s + kBob}));
    QCOMPARE(text(audit[1].parsed()["grace_ms"]), QString::number(kHour));
    QCOMPARE(text(audit[3].parsed()["state"]), u"\"revoked\""_s);
    // The whole audit table, every column: no secret in any of it.
    QSqlQuery q(db);
    QVERIFY(q.exec(u"SELECT * FROM audit"_s));
    int rows = 0;
    while (q.next()) {
        ++rows;
        for (int i = 0; i < q.record().count(); ++i) {
            const QString value = q.value(i).toString();
            for (const QString &s : secrets)
                QVERIFY2(!value.contains(s),
                         qPrintable(u"audit column %1 holds %2"_s.arg(i).arg(s)));
        }
    }
    QCOMPARE(rows, auditCount(db));
    QVERIFY(rows >= 4);
    QVERIFY(AuditLog::verify(db).holds());
}

// lastUsedMs is the newest audit entry whose actor is agent:NAME:…: not an agent whose name starts
// with this one's (bot vs bot_2), and `_` in a name is a character, not LIKE's wildcard.
void TestAgents::lastUsedIsTheAgentsOwnNewestEntry()
{
    RolesFixture f;
    AccessStore access = f.sessionAs(u"alice"_s).access();
    for (const QString &name : {u"bot"_s, u"bot_2"_s, u"b_t"_s, u"quiet"_s})
        access.addAgent(kAlice, name, {});
    const qint64 t = f.clock().nowMs();
    QVERIFY(!access.agent(u"bot"_s)->lastUsedMs); // the supervisor's agent.added is not a use
    // Each decoy is newer than the entries it could be mistaken for.
    // The calls on the agent's login; the person bot on their own (bot_<pid> on PostgreSQL).
    Connection &calls = connectionOf(f.agent());
    agentCall(calls, t + 1000, u"agent:bot:claude:req-1"_s);
    agentCall(calls, t + 2000, u"agent:bot:claude:req-2"_s);   // bot's newest; b_t's if `_` matched
    agentCall(calls, t + 3000, u"agent:bot_2:cursor:req-1"_s); // bot's if matched by prefix
    agentCall(calls, t + 5000, u"agent:botany:x:1"_s);         // bot's if matched without the colon
    agentCall(connectionOf(f.as(u"bot"_s)), t + 6000, f.person(u"bot"_s));
    agentCall(calls, t + 8000, u"agent:botx2:x:1"_s); // bot_2's if `_` matched any character

    QCOMPARE(access.agent(u"bot"_s)->lastUsedMs.value_or(-1), t + 2000);
    QCOMPARE(access.agent(u"bot_2"_s)->lastUsedMs.value_or(-1), t + 3000);
    QCOMPARE(access.agent(u"b_t"_s)->lastUsedMs.value_or(-1), qint64(-1));
    QCOMPARE(access.agent(u"quiet"_s)->lastUsedMs.value_or(-1), qint64(-1));
    // The list says the same.
    QStringList listed;
    for (const AgentRecord &r : access.agents())
        listed << u"%1=%2"_s.arg(r.name).arg(r.lastUsedMs ? *r.lastUsedMs - t : -1);
    listed.sort(); // the list's order is the database's collation
    QCOMPARE(listed, QStringList({u"b_t=-1"_s, u"bot=2000"_s, u"bot_2=3000"_s, u"quiet=-1"_s}));
}

void TestAgents::malformedTokensMapToNobody_data()
{
    // "@" stands for a real token's 43 characters, "~" for its first 42; "#" for its hash.
    QTest::addColumn<QString>("token");
    QTest::addRow("empty") << QString();
    QTest::addRow("prefix only") << u"opsa_"_s;
    QTest::addRow("wrong prefix") << u"opsb_@"_s;
    QTest::addRow("upper-case prefix") << u"OPSA_@"_s;
    QTest::addRow("no prefix") << u"@"_s;
    QTest::addRow("one short") << u"opsa_~"_s;
    QTest::addRow("one long") << u"opsa_@A"_s;
    QTest::addRow("standard base64 '+'") << u"opsa_~+"_s;
    QTest::addRow("standard base64 '/'") << u"opsa_~/"_s;
    QTest::addRow("padding") << u"opsa_~="_s;
    QTest::addRow("space inside") << u"opsa_~ "_s;
    QTest::addRow("trailing newline") << u"opsa_@\n"_s;
    QTest::addRow("with the Bearer word") << u"Bearer opsa_@"_s;
    QTest::addRow("non-ASCII letter") << u"opsa_~\u00e9"_s;
    QTest::addRow("the hash instead of the token") << u"#"_s;
    QTest::addRow("well formed, never issued") << u"opsa_"_s + QString(43, u'A');
}

void TestAgents::malformedTokensMapToNobody()
{
    QFETCH(QString, token);
    RolesFixture f;
    AccessStore access = f.sessionAs(u"alice"_s).access();
    const IssuedAgent bot = access.addAgent(kAlice, u"bot"_s, {});
    const QString body = bot.token.mid(5);
    token.replace(u"#"_s, agentTokenHash(bot.token));
    token.replace(u"@"_s, body);
    token.replace(u"~"_s, body.left(42));
    QVERIFY(token != bot.token);
    QCOMPARE(holder(access, token), QString());
    QCOMPARE(holder(access, bot.token), u"bot"_s); // the real one still works
}

// The token bytes are in no file of the database (SQLite only: a PostgreSQL server's files are not
// this process's to read). The hash is, which shows the search reads the right bytes.
void TestAgents::tokenBytesAreNowhereInTheDatabaseFiles()
{
    if (test::onPostgres())
        QSKIP("the database files are the server's; searched on SQLite");
    RolesFixture f; // SQLite: StoreFixture
    AccessStore access = f.sessionAs(u"alice"_s).access();
    QStringList tokens;
    for (const QString &name : {u"bot-a"_s, u"bot-b"_s, u"bot-c"_s}) {
        tokens << access.addAgent(kAlice, name, {Money{100, u"usd"_s}, {}, 2}).token;
        f.clock().advanceMs(10);
    }
    tokens << access.rotateAgent(kAlice, u"bot-a"_s, std::chrono::hours(1)).token;
    tokens << access.rotateAgent(kAlice, u"bot-b"_s, std::chrono::milliseconds(0)).token;
    tokens << access.rotateAgent(kAlice, u"bot-a"_s, std::chrono::minutes(5)).token;
    access.revokeAgent(kAlice, u"bot-c"_s);
    QCOMPARE(holder(access, tokens.last()), u"bot-a"_s);

    const QString path = f.path();
    QByteArray all;
    for (const QString &suffix : {QString(), u"-wal"_s, u"-shm"_s}) {
        const QByteArray bytes = fileBytes(path + suffix);
        QVERIFY2(!bytes.isEmpty() || suffix == u"-shm"_s, qPrintable(path + suffix));
        all += bytes;
        for (const QString &t : tokens) {
            QVERIFY2(!bytes.contains(t.toUtf8()), qPrintable(u"token in "_s + path + suffix));
            // Not even the random part alone, nor in UTF-16.
            QVERIFY(!bytes.contains(t.mid(5).toUtf8()));
            const QByteArray utf16(reinterpret_cast<const char *>(t.utf16()), t.size() * 2);
            QVERIFY(!bytes.contains(utf16));
        }
    }
    // The current hashes are stored, so the bytes read are the database's.
    QVERIFY(all.contains(agentTokenHash(tokens.last()).toLatin1()));
    QVERIFY(all.contains(agentTokenHash(tokens.at(4)).toLatin1()));
    // Nothing else in the folder (journals, temp files) holds a token either.
    const QDir dir = QFileInfo(path).absoluteDir();
    for (const QString &file : dir.entryList(QDir::Files)) {
        const QByteArray bytes = fileBytes(dir.filePath(file));
        for (const QString &t : tokens)
            QVERIFY2(!bytes.contains(t.mid(5).toUtf8()), qPrintable(file));
    }
}

QTEST_GUILESS_MAIN(TestAgents)
#include "tst_agents.moc"
