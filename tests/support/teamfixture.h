#pragma once

// A fresh database whose actors each log in as themselves (issue 50): the owner migrates it
// and leaves; every actor of a case then writes on its own connection as its own login of
// team() (teamlogins.h), so migration 0011's guard meets each write. PostgreSQL only: a suite
// calls prepareTeam() in initTestCase and dropTeam({}) in cleanupTestCase.
//
// Which login acts: the engine as an agent (agent, agent2) or as the person at the console;
// the receiver, the reconciler and the sequencer as the service (svc); closes, approvals and
// settings as people (alice and bob supervise, sam supports).

#include "domain/clock.h"
#include "storage/db/sqltransaction.h"
#include "storage/operations/operationstore.h"
#include "storage/session.h"
#include "support/teamlogins.h"

#include <map>
#include <memory>

namespace ops::test {

// The actor a person's login writes: operator:alice_<pid>.
inline QString personActor(const QString &who)
{
    return QStringLiteral("operator:") + pidName(who);
}

class TeamFixture
{
public:
    // seedDirectory: alice and bob supervisors, sam support in `operators`, written by alice's
    // login before the case begins (no audit entry, as StoreFixture's seed).
    explicit TeamFixture(bool seedDirectory = true)
        : m_clock(QDateTime(QDate(2026, 11, 29), QTime(12, 0), Qt::UTC))
    {
        migrateAsOwner();
        if (seedDirectory)
            seed();
    }
    TeamFixture(const TeamFixture &) = delete;
    TeamFixture &operator=(const TeamFixture &) = delete;
    ~TeamFixture()
    {
        m_sessions.clear();
        m_logins.clear();
    }

    // `who`'s session on its own connection, opened on first use and kept for the case: the
    // way in for what takes a Session (engines, the reconciler, the webhook receiver).
    Session &session(const QString &who)
    {
        auto it = m_sessions.find(who);
        if (it == m_sessions.end())
            it = m_sessions.emplace(who, std::make_unique<Session>(db(who), m_clock)).first;
        return *it->second;
    }
    // `who`'s store: session(who).store().
    OperationStore &as(const QString &who) { return session(who).store(); }
    // `who`'s connection of as(who).
    Connection &db(const QString &who)
    {
        auto it = m_logins.find(who);
        if (it == m_logins.end())
            it = m_logins.emplace(who, std::make_unique<LoginConnection>(m_testDb.location(), who))
                     .first;
        return it->second->db();
    }
    // Another connection as `who` (a second process of the same login), closed with the result.
    std::unique_ptr<LoginConnection> another(const QString &who) const
    {
        return std::make_unique<LoginConnection>(m_testDb.location(), who);
    }

    ManualClock &clock() { return m_clock; }
    // The database's URL as the owner: for reading what a case left, not for writing.
    QString path() const { return m_testDb.location(); }
    // A folder for the other files a case writes (exports, a program's HOME).
    QString scratchDir() const { return m_testDb.scratchDir(); }

private:
    // The only owner write: the migration, on a connection closed before any actor starts.
    void migrateAsOwner()
    {
        static int n = 0;
        const QString name = QStringLiteral("team-migrate-%1").arg(++n);
        {
            Connection owner = Database::open(m_testDb.location(), name);
            Database::migrate(owner);
        }
        QSqlDatabase::removeDatabase(name);
    }

    void seed()
    {
        const std::pair<const char *, const char *> people[] = {
            {"alice", "supervisor"}, {"bob", "supervisor"}, {"sam", "support"}};
        for (const auto &[who, role] : people)
            runQuery(db(QStringLiteral("alice")),
                     QStringLiteral("INSERT INTO operators (name, role, created_by, created_at) "
                                    "VALUES (?, ?, ?, ?)"),
                     {pidName(QString::fromLatin1(who)), QString::fromLatin1(role),
                      personActor(QStringLiteral("alice")), m_clock.nowMs()});
    }

    TestDatabase m_testDb;
    ManualClock m_clock;
    std::map<QString, std::unique_ptr<LoginConnection>> m_logins;
    std::map<QString, std::unique_ptr<Session>> m_sessions;
};

// For initTestCase: migrates one throwaway database (migration 0011 makes the groups, which are
// cluster-wide) and creates team()'s logins. The error, or empty.
inline QString prepareTeam()
{
    {
        TeamFixture groups(false);
    }
    return createTeam();
}

} // namespace ops::test
