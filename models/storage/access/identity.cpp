#include "storage/access/identity.h"

#include "domain/storeerror.h"
#include "storage/db/sqlconnection.h"
#include "storage/db/sqldialect.h"
#include "storage/db/sqltransaction.h"

using namespace Qt::StringLiterals;

namespace ops {

namespace {

Principal principalFrom(const QString &name)
{
    static const std::pair<QStringView, Principal> kNames[] = {
        {u"supervisor", Principal::Supervisor}, {u"support", Principal::Support},
        {u"agent", Principal::Agent},           {u"service", Principal::Service},
        {u"disabled", Principal::Disabled},     {u"none", Principal::NoGroup},
    };
    for (const auto &[text, p] : kNames) {
        if (name == text)
            return p;
    }
    return Principal::Unchecked; // "owner"
}

bool onPostgres(const QSqlDatabase &db)
{
    return dialectOf(db) == SqlDialect::Postgres;
}

} // namespace

Identity identityOf(Connection &db)
{
    Identity me;
    if (!onPostgres(db))
        return me;
    me.teamMode = true;
    Query q = runQuery(db, u"SELECT session_user, ops_role_of(session_user)"_s);
    if (!q.next())
        throw StoreError(u"the database did not say who is logged in"_s);
    me.login = q.value(0).toString();
    me.principal = principalFrom(q.value(1).toString());
    return me;
}

std::optional<MemberRole> memberRoleOf(Connection &db, const QString &name)
{
    if (!onPostgres(db))
        return std::nullopt;
    Query q = runQuery(db, u"SELECT ops_role_of(session_user), ops_role_of(?)"_s, {name});
    if (!q.next() || principalFrom(q.value(0).toString()) == Principal::Unchecked)
        return std::nullopt;
    const Principal p = principalFrom(q.value(1).toString());
    if (p != Principal::Disabled)
        return MemberRole{Identity{name, p, true}.role(), false};
    // A disabled person keeps the role the directory last knew, to show who they were.
    Query r = runQuery(db, u"SELECT role FROM operators WHERE name = ?"_s, {name});
    return MemberRole{r.next() ? roleFromString(r.value(0).toString()) : std::optional<Role>(),
                      true};
}

QString loginSql(const QString &name, Role role)
{
    return u"CREATE ROLE \"%1\" LOGIN PASSWORD '…'; GRANT ops_%2 TO \"%1\";"_s.arg(name,
                                                                                   toString(role));
}

QString agentLoginSql(const QString &name)
{
    return u"CREATE ROLE \"%1\" LOGIN PASSWORD '…'; GRANT ops_agent TO \"%1\";"_s.arg(name);
}

std::vector<QString> pendingLogins(Connection &db)
{
    if (!onPostgres(db))
        return {};
    Query q = runQuery(db, u"SELECT o.name, o.role FROM operators o WHERE o.disabled = 0 AND NOT "
                           "EXISTS (SELECT 1 FROM pg_roles r WHERE r.rolname = o.name AND "
                           "pg_has_role(r.rolname, 'ops_' || o.role, 'MEMBER')) ORDER BY o.name"_s);
    std::vector<QString> out;
    while (q.next())
        out.push_back(loginSql(q.value(0).toString(),
                               roleFromString(q.value(1).toString()).value_or(Role::Support)));
    return out;
}

} // namespace ops
