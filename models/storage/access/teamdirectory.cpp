#include "storage/access/teamdirectory.h"

#include "storage/access/identity.h"
#include "storage/audit/auditlog.h"
#include "storage/db/sqltransaction.h"

using namespace Qt::StringLiterals;

namespace ops {

namespace {

bool mayCreateRoles(Connection &db)
{
    Query q = runQuery(
        db, u"SELECT rolcreaterole OR rolsuper FROM pg_roles WHERE rolname = session_user"_s);
    return q.next() && q.value(0).toBool();
}

// Only the DBA's SQL, when this login may not run it: exit 2 in opsctl, nothing written.
void requireRoleAdmin(Connection &db, const QString &dbaSql)
{
    if (!mayCreateRoles(db))
        throw ActionRefused(
            u"your login may not create or change logins; a DBA runs:\n%1"_s.arg(dbaSql));
}

QString otherGroup(Role role)
{
    return role == Role::Supervisor ? u"support"_s : u"supervisor"_s;
}

QString groupSql(const QString &name, Role role)
{
    return u"REVOKE ops_%1 FROM \"%3\"; GRANT ops_%2 TO \"%3\";"_s.arg(otherGroup(role),
                                                                       toString(role), name);
}

bool loginExists(Connection &db, const QString &name)
{
    Query q = runQuery(db, u"SELECT 1 FROM pg_roles WHERE rolname = ?"_s, {name});
    return q.next();
}

// The person's one group: the other person group is revoked, so a demotion takes effect.
void setGroup(Connection &db, const QString &name, Role role)
{
    execControlOrThrow(db, u"REVOKE ops_%1 FROM \"%2\""_s.arg(otherGroup(role), name));
    execControlOrThrow(db, u"GRANT ops_%1 TO \"%2\""_s.arg(toString(role), name));
}

OperatorRecord upsertRow(Connection &db, qint64 nowMs, const QString &byActor, const QString &name,
                         Role role, bool disabled)
{
    runQuery(db,
             u"INSERT INTO operators (name, role, created_by, created_at, disabled) "
             "VALUES (?, ?, ?, ?, ?) ON CONFLICT (name) DO UPDATE SET role = excluded.role, "
             "disabled = excluded.disabled"_s,
             {name, toString(role), byActor, nowMs, disabled ? 1 : 0});
    return *findOperator(db, name);
}

nlohmann::json detailOf(const OperatorRecord &r)
{
    return {{"operator", r.name.toStdString()},
            {"role", toString(r.role).toStdString()},
            {"disabled", r.disabled},
            {"login", true}};
}

Role currentRole(Connection &db, const QString &name)
{
    const auto member = memberRoleOf(db, name);
    if (member && member->role)
        return *member->role;
    const auto row = findOperator(db, name);
    if (!row)
        throw ActionRefused(
            u"no operator %1 (no login in ops_support or ops_supervisor)"_s.arg(name));
    return row->role;
}

} // namespace

std::vector<OperatorRecord> listTeamOperators(Connection &db)
{
    // Every person login (a member of ops_support, which ops_supervisor is in) but the groups
    // and the tables' owner, with what the directory remembers of them; then directory rows
    // that have no login yet (a database upgraded from one shared login).
    Query q = runQuery(
        db, u"SELECT r.rolname, CASE WHEN pg_has_role(r.rolname, 'ops_supervisor', 'MEMBER') "
            "THEN 'supervisor' ELSE 'support' END, COALESCE(o.created_by, ''), "
            "COALESCE(o.created_at, 0), NOT r.rolcanlogin OR COALESCE(o.disabled, 0) = 1 "
            "FROM pg_roles r LEFT JOIN operators o ON o.name = r.rolname "
            "WHERE NOT r.rolsuper AND r.rolname NOT IN ('ops_support', 'ops_supervisor', "
            "'ops_agent', 'ops_service') AND pg_has_role(r.rolname, 'ops_support', 'MEMBER') "
            "AND NOT pg_has_role(r.rolname, (SELECT relowner FROM pg_class WHERE oid = "
            "'public.operations'::regclass), 'MEMBER') "
            "UNION ALL SELECT o.name, o.role, o.created_by, o.created_at, o.disabled = 1 "
            "FROM operators o WHERE NOT EXISTS (SELECT 1 FROM pg_roles r WHERE r.rolname = o.name) "
            "ORDER BY 1"_s);
    std::vector<OperatorRecord> out;
    while (q.next()) {
        OperatorRecord r;
        r.name = q.value(0).toString();
        r.role = roleFromString(q.value(1).toString()).value_or(Role::Support);
        r.createdBy = q.value(2).toString();
        r.createdAtMs = q.value(3).toLongLong();
        r.disabled = q.value(4).toBool();
        out.push_back(r);
    }
    return out;
}

OperatorRecord addTeamOperator(Connection &db, qint64 nowMs, const QString &byActor,
                               const QString &name, Role role)
{
    WriteTransaction tx(db);
    requireSupervisor(db, byActor);
    if (findOperator(db, name))
        throw ActionRefused(
            u"operator %1 already exists; use grant to change the role"_s.arg(name));
    const bool exists = loginExists(db, name);
    requireRoleAdmin(db, exists ? groupSql(name, role) : loginSql(name, role));
    if (!exists)
        execControlOrThrow(db, u"CREATE ROLE \"%1\" LOGIN"_s.arg(name));
    setGroup(db, name, role);
    const OperatorRecord r = upsertRow(db, nowMs, byActor, name, role, false);
    AuditLog::append(db, nowMs, byActor, u"operator.added"_s, QString(), detailOf(r));
    tx.commit();
    return r;
}

OperatorRecord grantTeamRole(Connection &db, qint64 nowMs, const QString &byActor,
                             const QString &name, Role role)
{
    WriteTransaction tx(db);
    requireSupervisor(db, byActor);
    const Role before = currentRole(db, name);
    requireRoleAdmin(db, groupSql(name, role));
    setGroup(db, name, role);
    const auto row = findOperator(db, name);
    const OperatorRecord r = upsertRow(db, nowMs, byActor, name, role, row && row->disabled);
    nlohmann::json detail = detailOf(r);
    detail["previous_role"] = toString(before).toStdString();
    AuditLog::append(db, nowMs, byActor, u"operator.granted"_s, QString(), detail);
    tx.commit();
    return r;
}

OperatorRecord setTeamOperatorDisabled(Connection &db, qint64 nowMs, const QString &byActor,
                                       const QString &name, bool disabled)
{
    WriteTransaction tx(db);
    requireSupervisor(db, byActor);
    const Role role = currentRole(db, name);
    const OperatorRecord r = upsertRow(db, nowMs, byActor, name, role, disabled);
    // NOLOGIN also refuses their next connection; without CREATEROLE the flag alone refuses
    // their next write (ops_role_of reads it).
    if (mayCreateRoles(db) && loginExists(db, name))
        execControlOrThrow(
            db, u"ALTER ROLE \"%1\" %2"_s.arg(name, disabled ? u"NOLOGIN"_s : u"LOGIN"_s));
    AuditLog::append(db, nowMs, byActor, disabled ? u"operator.disabled"_s : u"operator.enabled"_s,
                     QString(), detailOf(r));
    tx.commit();
    return r;
}

} // namespace ops
