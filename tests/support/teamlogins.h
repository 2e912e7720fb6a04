#pragma once

// Real PostgreSQL logins for the identity suite (tests/pg/tst_identity.cpp, issue 26): people and
// agents who log in as themselves with a scram-sha-256 password (scripts/pg.sh trusts only
// `postgres`, the owner of every test database). Roles are cluster-wide, so every name carries
// the test process's pid. A program runs as a login with the URL
// postgresql://NAME@127.0.0.1:PORT/DB and the password in PGPASSWORD, never in the URL.

#include "support/processrun.h"
#include "support/testdatabase.h"

#include <QStandardPaths>
#include <QUrl>
#include <vector>

namespace ops::test {

// The tables' owner: trusted by pg_hba.conf, exempt from migration 0011's guard.
inline QString ownerLogin()
{
    return QStringLiteral("postgres");
}

// `name` with this run's pid: alice -> alice_4242.
inline QString pidName(const QString &name)
{
    return name + u'_' + QString::number(QCoreApplication::applicationPid());
}

inline QString passwordOf(const QString &login)
{
    return QStringLiteral("pw-") + login;
}

// `location` (a postgresql:// URL of the test server) as `login`, without a password.
inline QString locationAs(const QString &location, const QString &login)
{
    QUrl url(location);
    url.setUserName(login);
    url.setPassword({});
    return url.toString();
}

// The environment of a program that logs in as `login`: its password in PGPASSWORD (none for
// the owner), the OS account named like the login, English messages, and nothing inherited that
// could name another database, person or password file.
inline QProcessEnvironment environmentAs(const QString &login)
{
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    for (const char *name : {"OPS_DB", "OPS_OPERATOR", "PGPASSWORD", "PGUSER", "PGDATABASE",
                             "PGHOST", "PGPORT", "PGSERVICE", "LC_ALL", "LC_MESSAGES"})
        env.remove(QString::fromLatin1(name));
    env.insert(QStringLiteral("PGPASSFILE"), QStringLiteral("/dev/null"));
    if (login != ownerLogin())
        env.insert(QStringLiteral("PGPASSWORD"), passwordOf(login));
    env.insert(QStringLiteral("USER"), login);
    env.insert(QStringLiteral("LANGUAGE"), QStringLiteral("en"));
    return env;
}

inline QString psqlProgram()
{
    const QString onPath = QStandardPaths::findExecutable(QStringLiteral("psql"));
    return !onPath.isEmpty()
               ? onPath
               : QStandardPaths::findExecutable(QStringLiteral("psql"),
                                                {QStringLiteral("/usr/lib/postgresql/15/bin")});
}

// psql as `login` on `location`: the statement(s) of `sql` in one transaction, stopping at the
// first error (exit code not 0), rows unaligned without headers.
inline ProcessRun psqlAs(const QString &login, const QString &location, const QString &sql)
{
    return runProcess(psqlProgram(),
                      {QStringLiteral("-X"), QStringLiteral("-q"), QStringLiteral("-A"),
                       QStringLiteral("-t"), QStringLiteral("-1"), QStringLiteral("-v"),
                       QStringLiteral("ON_ERROR_STOP=1"), QStringLiteral("-d"),
                       locationAs(location, login), QStringLiteral("-c"), sql},
                      environmentAs(login), 30000);
}

// A script file through psql as `login`, in one transaction (a migration script).
inline ProcessRun psqlFileAs(const QString &login, const QString &location, const QString &file)
{
    return runProcess(psqlProgram(),
                      {QStringLiteral("-X"), QStringLiteral("-q"), QStringLiteral("-1"),
                       QStringLiteral("-v"), QStringLiteral("ON_ERROR_STOP=1"),
                       QStringLiteral("-d"), locationAs(location, login), QStringLiteral("-f"),
                       file},
                      environmentAs(login), 60000);
}

// The login of team()'s short name `who` (alice -> alice_<pid>); the owner is itself.
inline QString loginOf(const QString &who)
{
    return who == ownerLogin() ? who : pidName(who);
}

// The owner's answer to `sql` on `location`, one line per row, or "error: …": what a test reads
// back after the logins acted.
inline QString ownerRead(const QString &location, const QString &sql)
{
    const ProcessRun r = psqlAs(ownerLogin(), location, sql);
    return r.exitCode == 0 ? QString::fromUtf8(r.out).trimmed()
                           : QStringLiteral("error: ") + r.errText();
}

// opsctl (`program`) as `login` on `location`; `extra` adds to the login's environment.
inline ProcessRun opsctlAs(const QString &program, const QString &login, const QString &location,
                           const QStringList &args, const QProcessEnvironment &extra = {})
{
    QProcessEnvironment env = environmentAs(login);
    env.insert(extra);
    return runProcess(program,
                      QStringList{QStringLiteral("--db"), locationAs(location, login)} + args, env,
                      60000);
}

// What an attack must leave as it was, read as the owner: the row count of every table a login
// writes, a digest of the rows a refused close, approval or setting would change, the audit
// chain's head (highest id and the hash of the last entry), and this run's logins with their
// login flag, CREATEROLE and groups (cluster-wide). One "name=value" line each, so a comparison
// names what changed; empty when the owner could not read it.
inline QStringList databaseState(const QString &location)
{
    QStringList parts;
    for (const char *table : {"operations", "attempts", "evidence", "audit", "messages",
                              "approvals", "settings", "operators", "proposals"})
        parts << QStringLiteral("('%1 rows', (SELECT count(*)::text FROM %1))")
                     .arg(QString::fromLatin1(table));
    parts << QStringLiteral("('audit head', (SELECT id || ' ' || hash FROM audit ORDER BY id DESC "
                            "LIMIT 1))");
    for (const char *table : {"operations", "approvals", "settings", "operators", "messages"})
        // Null columns left out: a migration that adds a column (0013's agent and hold) does
        // not rewrite a row; a value changed or cleared still changes the digest.
        parts << QStringLiteral("('%1 digest', (SELECT md5(string_agg(r, '|' ORDER BY r)) FROM "
                                "(SELECT jsonb_strip_nulls(to_jsonb(t))::text AS r FROM %1 t) "
                                "s))")
                     .arg(QString::fromLatin1(table));
    parts << QStringLiteral(
                 "('logins', (SELECT string_agg(r.rolname || ':' || r.rolcanlogin || ':' || "
                 "r.rolcreaterole || ':' || coalesce((SELECT string_agg(g.rolname, ',' ORDER BY "
                 "g.rolname) FROM pg_auth_members m JOIN pg_roles g ON g.oid = m.roleid WHERE "
                 "m.member = r.oid), ''), ' ' ORDER BY r.rolname) FROM pg_roles r WHERE "
                 "r.rolname LIKE '%\\_%1'))")
                 .arg(QCoreApplication::applicationPid());
    const ProcessRun r =
        psqlAs(ownerLogin(), location,
               QStringLiteral("SELECT k || '=' || coalesce(v, '-') FROM (VALUES ") +
                   parts.join(QStringLiteral(", ")) + QStringLiteral(") AS s(k, v)"));
    if (r.exitCode != 0)
        return {QStringLiteral("unreadable: ") + r.errText()};
    return QString::fromUtf8(r.out).split(u'\n', Qt::SkipEmptyParts);
}

// One login's own in-process connection to a database of the test server, closed with it: `who`
// is a short name of team() (alice), logged in as pidName(who) with its scram password.
class LoginConnection
{
public:
    LoginConnection(const QString &location, const QString &who)
        : m_name(QStringLiteral("login-%1-%2").arg(who).arg(++s_opened))
    {
        m_db = Database::open(loginUrl(location, who), m_name);
    }
    // `location` as `who`'s login with its password, for an in-process Session or store (a
    // program gets the password in PGPASSWORD instead: environmentAs).
    static QString loginUrl(const QString &location, const QString &who)
    {
        QUrl url(location);
        url.setUserName(pidName(who));
        url.setPassword(passwordOf(pidName(who)));
        return url.toString();
    }
    ~LoginConnection()
    {
        m_db = {};
        QSqlDatabase::removeDatabase(m_name);
    }
    LoginConnection(const LoginConnection &) = delete;
    LoginConnection &operator=(const LoginConnection &) = delete;
    Connection &db() { return m_db; }

private:
    static inline int s_opened = 0;
    QString m_name;
    Connection m_db;
};

// One person or agent of the suite: the short name (alice) and the group; empty: in no group.
struct TeamLogin
{
    QString who;
    QString group;
};

// The team of issue 50: alice and bob supervise, sam supports, agent and agent2 are two agents,
// svc is the service (receiver, reconciler, sequencer), nobody is in no group. The owner
// (ownerLogin()) is not in it: it migrates and tampers, and a suite says where it does.
inline const std::vector<TeamLogin> &team()
{
    static const std::vector<TeamLogin> logins = {
        {QStringLiteral("alice"), QStringLiteral("ops_supervisor")},
        {QStringLiteral("bob"), QStringLiteral("ops_supervisor")},
        {QStringLiteral("sam"), QStringLiteral("ops_support")},
        {QStringLiteral("agent"), QStringLiteral("ops_agent")},
        {QStringLiteral("agent2"), QStringLiteral("ops_agent")},
        {QStringLiteral("svc"), QStringLiteral("ops_service")},
        {QStringLiteral("nobody"), QString()},
    };
    return logins;
}

// Runs `sql` as the owner on the server's maintenance database; the error, or empty.
inline QString adminSql(const QString &sql)
{
    const ProcessRun r = psqlAs(ownerLogin(), TestDatabase::serverUrl(), sql);
    return r.exitCode == 0 ? QString() : sql + QStringLiteral(": ") + r.errText();
}

// Creates team() with passwords (leftovers of an earlier run with this pid dropped first). The
// groups come from migration 0011: migrate a database before. Returns the error, or empty.
inline QString createTeam()
{
    QStringList sql;
    for (const TeamLogin &l : team()) {
        const QString name = pidName(l.who);
        sql << QStringLiteral("DROP ROLE IF EXISTS %1;").arg(name)
            << QStringLiteral("CREATE ROLE %1 LOGIN PASSWORD '%2';").arg(name, passwordOf(name));
        if (!l.group.isEmpty())
            sql << QStringLiteral("GRANT %1 TO %2;").arg(l.group, name);
    }
    return adminSql(sql.join(u' '));
}

// Drops team() and `others` (short names, pid added). The suite's databases are gone by then,
// so no login owns or holds anything in one; the error, or empty.
inline QString dropTeam(const QStringList &others)
{
    QStringList sql;
    for (const TeamLogin &l : team())
        sql << QStringLiteral("DROP ROLE IF EXISTS %1;").arg(pidName(l.who));
    for (const QString &o : others)
        sql << QStringLiteral("DROP ROLE IF EXISTS %1;").arg(pidName(o));
    return adminSql(sql.join(u' '));
}

} // namespace ops::test
