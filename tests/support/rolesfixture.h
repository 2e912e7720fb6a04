#pragma once

// A fresh database on either backend where each actor acts in its role (issue 50). On SQLite a
// StoreFixture: every actor writes through its one store, exactly as the suites always did. On
// PostgreSQL a TeamFixture (teamfixture.h): the owner migrates and leaves, and each actor writes
// on its own connection as its own login, so the guard of migration 0011 meets every write.
//
// Who acts: the people of StoreFixture's directory, alice and bob (supervisors) and carol
// (support; on PostgreSQL the team's support login, sam), by hand, and dave, who is not in it
// (on PostgreSQL nobody, a login in no group); the engine as the agent
// (agent, agent2); the receiver, the reconciler and the sequencer as the service (svc). A suite
// calls prepareRoles() in initTestCase and dropRoles() in cleanupTestCase.
//
// Suites that run programs (opsctl, its MCP server) construct it with ForPrograms: on SQLite a
// bare TestDatabase the program creates and migrates, as those suites always did; on PostgreSQL
// the same TeamFixture, and each program logs in as the actor that runs it (programEnv).

#include "support/storefixture.h"
#include "support/teamfixture.h"

#include <memory>

namespace ops::test {

// For initTestCase: the team's logins on PostgreSQL (teamfixture.h), nothing on SQLite; and
// `others`, people of the support group beyond the team whom a suite names (bot: the login
// bot_<pid>, whom as(u"bot") logs in as). The error, or empty.
inline QString prepareRoles(const QStringList &others = {})
{
    if (!onPostgres())
        return {};
    QString error = prepareTeam();
    for (const QString &who : others) {
        const QString name = pidName(who);
        if (error.isEmpty())
            error = adminSql(QStringLiteral("DROP ROLE IF EXISTS %1; CREATE ROLE %1 LOGIN "
                                            "PASSWORD '%2'; GRANT ops_support TO %1;")
                                 .arg(name, passwordOf(name)));
    }
    return error;
}

// The logins RolesFixture::addOperator made in this run (short names), for dropRoles().
inline QStringList &addedLogins()
{
    static QStringList names;
    return names;
}

// For cleanupTestCase: drops the logins prepareRoles(others) and addOperator made. The error, or
// empty.
inline QString dropRoles(const QStringList &others = {})
{
    return onPostgres() ? dropTeam(others + addedLogins()) : QString();
}

// The team login that acts for `who`: StoreFixture's support person, carol, is sam there, and
// dave, whom StoreFixture's directory does not name (no role), is nobody (in no group).
inline QString teamLoginName(const QString &who)
{
    if (who == QStringLiteral("carol"))
        return QStringLiteral("sam");
    return who == QStringLiteral("dave") ? QStringLiteral("nobody") : who;
}

// The name `person` (alice, bob: supervisors; carol: support, as StoreFixture seeds them) has
// on this backend: itself on SQLite, its team login on PostgreSQL (alice_<pid>, carol ->
// sam_<pid>). For suites that compare a name without a fixture at hand.
inline QString personName(const QString &person)
{
    return onPostgres() ? pidName(teamLoginName(person)) : person;
}

// The actor `person` writes: operator:alice, on PostgreSQL operator:alice_<pid>.
inline QString personActorOf(const QString &person)
{
    return QStringLiteral("operator:") + personName(person);
}

// A connection of its own for `who` (what another process of that login would hold), closed
// with this object: a second connection to the SQLite file, or a new login connection.
class ActorConnection
{
public:
    ActorConnection(std::unique_ptr<LoginConnection> login, Connection plain)
        : m_login(std::move(login))
        , m_plain(std::move(plain))
    {}
    ~ActorConnection()
    {
        if (m_login)
            return;
        const QString name = m_plain.connectionName();
        m_plain = {};
        QSqlDatabase::removeDatabase(name);
    }
    ActorConnection(const ActorConnection &) = delete;
    ActorConnection &operator=(const ActorConnection &) = delete;
    Connection &db() { return m_login ? m_login->db() : m_plain; }

private:
    std::unique_ptr<LoginConnection> m_login;
    Connection m_plain;
};

// The actor opsctl's tool commands write for --tool-call `call` ("" for none) when run with
// programEnv(agent): agent:<call> (agent:opsctl without one) on SQLite, as the suites named it;
// agent:<login>:opsctl:<call or cli> on PostgreSQL, as opsctl names an agent login's call
// (app/cli/toolcommand.cpp).
inline QString opsctlAgentActor(const QString &call, const QString &who = QStringLiteral("agent"))
{
    if (onPostgres())
        return QStringLiteral("agent:%1:opsctl:%2")
            .arg(pidName(who), call.isEmpty() ? QStringLiteral("cli") : call);
    return QStringLiteral("agent:") + (call.isEmpty() ? QStringLiteral("opsctl") : call);
}

// The actor of `opsctl mcp`'s stdio call `call` (<client>:<request id>) run with
// programEnv(agent): agent:mcp:<call> on SQLite; agent:<login>:<call> on PostgreSQL, where the
// stdio server names the agent's login (app/cli/mcpcommand.cpp, DESIGN §13).
inline QString mcpStdioActor(const QString &call, const QString &who = QStringLiteral("agent"))
{
    return QStringLiteral("agent:%1:%2")
        .arg(onPostgres() ? pidName(who) : QStringLiteral("mcp"), call);
}

// Who runs opsctl with `args`: the person its --operator NAME names (alice, bob, carol), else
// the agent (a tool command, a read, a sweep). `args` gets NAME as this backend names that person
// (personName), so a person's login is not refused for a name other than its own.
inline QString routeOperator(QStringList &args)
{
    const qsizetype at = args.indexOf(QStringLiteral("--operator"));
    if (at < 0 || at + 1 >= args.size())
        return QStringLiteral("agent");
    const QString who = args.at(at + 1);
    args[at + 1] = personName(who);
    return who;
}

// `base` for a program run by `who` (alice, bob, carol, agent, agent2, svc) on `location` (a
// TestDatabase's: a file, or the owner's URL of a database migrated by the owner): OPS_DB the
// file on SQLite; on PostgreSQL who's login's URL, PGPASSWORD its password and no OPS_OPERATOR
// (a person's login is its own name).
inline QProcessEnvironment programEnvironment(const QString &location, const QString &who,
                                              QProcessEnvironment base)
{
    if (!onPostgres()) {
        base.insert(QStringLiteral("OPS_DB"), location);
        return base;
    }
    const QString login = pidName(teamLoginName(who));
    base.insert(QStringLiteral("OPS_DB"), locationAs(location, login));
    base.insert(QStringLiteral("PGPASSWORD"), passwordOf(login));
    base.remove(QStringLiteral("OPS_OPERATOR"));
    return base;
}

class RolesFixture
{
public:
    // seedDirectory: alice, bob and carol in `operators` (on PostgreSQL alice_<pid>, bob_<pid>
    // and sam_<pid>, written by alice); false leaves the directory empty on both backends.
    explicit RolesFixture(bool seedDirectory = true)
    {
        if (onPostgres())
            m_team = std::make_unique<TeamFixture>(seedDirectory);
        else
            m_single = std::make_unique<StoreFixture>(seedDirectory);
    }
    ~RolesFixture()
    {
        // The owner's connection closes before the database goes (TeamFixture drops it).
        if (m_owner.isValid()) {
            const QString name = m_owner.connectionName();
            m_owner = {};
            QSqlDatabase::removeDatabase(name);
        }
    }
    // For suites that run programs: on SQLite only a bare database (no file yet, no directory,
    // no store: as() is not for them), on PostgreSQL the TeamFixture of RolesFixture().
    struct ForPrograms
    {
    };
    explicit RolesFixture(ForPrograms)
    {
        if (onPostgres())
            m_team = std::make_unique<TeamFixture>();
        else
            m_bare = std::make_unique<TestDatabase>();
    }
    RolesFixture(const RolesFixture &) = delete;
    RolesFixture &operator=(const RolesFixture &) = delete;

    bool onTeam() const { return m_team != nullptr; }

    // The store `who` writes through: alice, bob, carol, agent, agent2 or svc. SQLite: the one.
    OperationStore &as(const QString &who)
    {
        if (!m_team && !m_single)
            qFatal("RolesFixture(ForPrograms): no store on SQLite");
        return m_team ? m_team->as(loginName(who)) : m_single->store();
    }
    // The store of the engine that runs an agent's refunds: the agent's login on PostgreSQL (an
    // ops_agent login that is no named agent, as the MCP HTTP server's: its rows may name
    // whichever agent called).
    OperationStore &agent() { return as(QStringLiteral("agent")); }
    // The session `who` writes through (as(who) is its store): for what takes a Session.
    Session &sessionAs(const QString &who)
    {
        if (!m_team && !m_single)
            qFatal("RolesFixture(ForPrograms): no session on SQLite");
        return m_team ? m_team->session(loginName(who)) : m_single->session();
    }
    Session &agentSession() { return sessionAs(QStringLiteral("agent")); }
    Session &sessionBy(const QString &actor) { return sessionAs(whoActs(actor)); }
    // The store of the login that writes as `actor` (operator:alice, operator:bob#2, agent:…,
    // system:…): for helpers that are handed an actor name rather than a person.
    OperationStore &by(const QString &actor) { return as(whoActs(actor)); }
    // For reading what the actors left (every group reads every table): the service's store on
    // PostgreSQL, which writes only as system:*, so a write left unrouted is refused, not hidden.
    OperationStore &store() { return as(QStringLiteral("svc")); }
    Session &session() { return sessionAs(QStringLiteral("svc")); }

    // The actor a person's login writes: operator:alice, on PostgreSQL operator:alice_<pid>.
    QString person(const QString &who) const { return personActorOf(who); }
    // An agent's actor for the tool call `call`: agent:<call> on SQLite, as the suites named it;
    // agent:<login>:<call> on PostgreSQL, as opsctl names a team login's call (toolcommand.cpp),
    // so the row names the login (operations.agent, migration 0013).
    QString agentActor(const QString &call, const QString &who = QStringLiteral("agent")) const
    {
        return m_team ? QStringLiteral("agent:%1:%2").arg(pidName(who), call)
                      : QStringLiteral("agent:") + call;
    }
    // The agent a row `who` opens names (operations.agent): its login on PostgreSQL, none on
    // SQLite (as StoreFixture's rows).
    QString agentOf(const QString &who = QStringLiteral("agent")) const
    {
        return m_team ? pidName(who) : QString();
    }

    // Another connection as `who`, opened in the calling thread.
    std::unique_ptr<ActorConnection> another(const QString &who) const
    {
        if (m_team)
            return std::make_unique<ActorConnection>(m_team->another(loginName(who)), Connection{});
        return std::make_unique<ActorConnection>(nullptr, m_single->secondConnection());
    }

    // Added to the directory by alice (audited), as StoreFixture::addOperator. On PostgreSQL
    // that creates the login <name>_<pid> (dropped by dropRoles()), which takes a supervisor whose
    // login has CREATEROLE (docs/team.md): the DBA gives alice's login CREATEROLE for this step
    // only. The name the directory holds.
    QString addOperator(const QString &name, Role role)
    {
        const QString alice = QStringLiteral("alice");
        if (!m_team) {
            ops::addOperator(connectionOf(as(alice)), clock().nowMs(), person(alice), name, role);
            return name;
        }
        const QString login = pidName(name);
        addedLogins().append(name);
        auto createRole = [](bool on) {
            const QString error = adminSql(
                QStringLiteral("ALTER ROLE %1 %2")
                    .arg(pidName(QStringLiteral("alice")),
                         on ? QStringLiteral("CREATEROLE") : QStringLiteral("NOCREATEROLE")));
            if (!error.isEmpty())
                qFatal("RolesFixture::addOperator: %s", qPrintable(error));
        };
        createRole(true);
        try {
            ops::addOperator(connectionOf(as(alice)), clock().nowMs(), person(alice), login, role);
        } catch (...) {
            createRole(false);
            throw;
        }
        createRole(false);
        return login;
    }

    // The owner's connection, for what only the owner may do, and only where the suite says why
    // in tests/pg/owner_writers.txt: tampering with the audit chain (dropping its triggers), the
    // bulk generator's synthetic history (bulkgenerator.h: it inserts into audit itself). On
    // SQLite the one store's connection, as before; on PostgreSQL the owner's own connection,
    // opened on first use.
    Connection &owner()
    {
        if (!m_team)
            return connectionOf(m_single->store());
        if (!m_owner.isValid())
            m_owner = Database::open(m_team->path(), StoreFixture::nextConnection());
        return m_owner;
    }

    ManualClock &clock() { return m_team ? m_team->clock() : m_single->clock(); }
    // The database's location (on PostgreSQL the owner's URL: for reading only).
    QString path() const
    {
        return m_team ? m_team->path() : m_single ? m_single->path() : m_bare->location();
    }
    // A folder for the other files a case writes (exports, a program's HOME).
    QString scratchDir() const
    {
        return m_team     ? m_team->scratchDir()
               : m_single ? m_single->scratchDir()
                          : m_bare->scratchDir();
    }
    // Where a program run by `who` logs in (--db, OPS_DB): the database itself on SQLite;
    // who's login's URL on PostgreSQL, whose password only programEnv gives (PGPASSWORD).
    QString locationAs(const QString &who) const
    {
        return m_team ? ops::test::locationAs(path(), pidName(loginName(who))) : path();
    }
    // `base` for a program run by `who` on this database (programEnvironment).
    QProcessEnvironment programEnv(const QString &who, QProcessEnvironment base) const
    {
        return programEnvironment(path(), who, std::move(base));
    }
    // Where another connection of `who` logs in (a Session, a job on a thread of its own): the
    // SQLite file, or the database's URL as who's login with its password.
    QString location(const QString &who) const
    {
        return m_team ? LoginConnection::loginUrl(m_team->path(), loginName(who)) : path();
    }
    // Where another connection of the agent logs in (a second caller on a thread of its own).
    QString agentLocation() const { return location(QStringLiteral("agent")); }

    static QString loginName(const QString &who) { return teamLoginName(who); }

private:
    // The short name whose login writes `actor`.
    QString whoActs(const QString &actor) const
    {
        if (actor.startsWith(QStringLiteral("system:")))
            return QStringLiteral("svc");
        if (actor.startsWith(QStringLiteral("agent:")))
            return m_team && actor.startsWith(agentActor({}, QStringLiteral("agent2")))
                       ? QStringLiteral("agent2")
                       : QStringLiteral("agent");
        for (const char *who : {"alice", "bob", "carol"}) {
            const QString name = QString::fromLatin1(who);
            const QString p = person(name);
            if (actor == p || actor.startsWith(p + u'#') || actor.startsWith(p + u','))
                return name;
        }
        qFatal("RolesFixture: no login acts as %s", qPrintable(actor));
        return {};
    }

    std::unique_ptr<TeamFixture> m_team;
    std::unique_ptr<StoreFixture> m_single;
    Connection m_owner; // PostgreSQL: owner()'s connection, once asked for
    std::unique_ptr<TestDatabase> m_bare;
};

// `op` opened by the engine as the agent (agent:test on SQLite, as messagefixture.h's rows) and
// moved to `state` (Open or Unknown) under the same call. With `firstAttempt` the opening also
// counts attempt 1, as a real call does, so the row's retention deadline is set.
inline Operation agentsOperation(RolesFixture &f, NewOperation op, OperationState state,
                                 bool firstAttempt = false)
{
    op.createdBy = f.agentActor(QStringLiteral("test"));
    op.agent = f.agentOf();
    OperationStore &agent = f.agent();
    const QString id =
        agent.openOrGet(op, std::nullopt, firstAttempt ? op.createdBy : QString()).operation.id;
    if (state == OperationState::Unknown)
        agent.markUnknown(id, QStringLiteral("stored 500"), op.createdBy);
    return *agent.operation(id);
}

} // namespace ops::test
