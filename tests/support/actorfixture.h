#pragma once

// A case's database and the store each of its actors writes through (issue 50), for the engine
// suites that run on both backends. On SQLite every actor shares StoreFixture's one connection,
// exactly as before. On PostgreSQL each acts on its own login of TeamFixture: the engine of an
// agent's refunds as the agent (an ops_agent login that is no named agent, as the MCP HTTP
// server's: its rows may name whichever agent called), alice and bob (supervisors) and carol
// (support: the team's sam) as themselves; the owner only migrates. A suite calls
// prepareActors() in initTestCase and dropActors() in cleanupTestCase.

#include "support/storefixture.h"
#include "support/teamfixture.h"

#include <memory>

namespace ops::test {

// The name `person` (alice, bob: supervisors; carol: support, as StoreFixture seeds them) has on
// this backend: itself on SQLite, its team login on PostgreSQL (alice_<pid>, carol -> sam_<pid>).
inline QString personName(const QString &person)
{
    if (!onPostgres())
        return person;
    return pidName(person == QStringLiteral("carol") ? QStringLiteral("sam") : person);
}

// The actor `person` writes: operator:alice, or operator:alice_<pid> on PostgreSQL.
inline QString personActorOf(const QString &person)
{
    return QStringLiteral("operator:") + personName(person);
}

class ActorFixture
{
public:
    ActorFixture()
    {
        if (onPostgres())
            m_team = std::make_unique<TeamFixture>();
        else
            m_single = std::make_unique<StoreFixture>();
    }

    // The store of the engine that runs an agent's refunds: the agent's login on PostgreSQL.
    OperationStore &agent()
    {
        return m_team ? m_team->as(QStringLiteral("agent")) : m_single->store();
    }
    // `person`'s store (alice, bob, carol): their own login on PostgreSQL.
    OperationStore &as(const QString &person)
    {
        if (!m_team)
            return m_single->store();
        return m_team->as(person == QStringLiteral("carol") ? QStringLiteral("sam") : person);
    }
    ManualClock &clock() { return m_team ? m_team->clock() : m_single->clock(); }
    // The database's location; on PostgreSQL the owner's URL, for reading what a case left.
    QString path() const { return m_team ? m_team->path() : m_single->path(); }
    // Where another connection of the agent logs in (a second caller on a thread of its own).
    QString agentLocation() const
    {
        return m_team ? LoginConnection::loginUrl(m_team->path(), QStringLiteral("agent"))
                      : m_single->path();
    }

private:
    std::unique_ptr<StoreFixture> m_single;
    std::unique_ptr<TeamFixture> m_team;
};

// For initTestCase: the team's logins on PostgreSQL (nothing on SQLite); the error, or empty.
inline QString prepareActors()
{
    return onPostgres() ? prepareTeam() : QString();
}

// For cleanupTestCase: drops the logins prepareActors() made; the error, or empty.
inline QString dropActors()
{
    return onPostgres() ? dropTeam({}) : QString();
}

} // namespace ops::test
