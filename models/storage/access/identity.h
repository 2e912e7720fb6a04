#pragma once

// Who the database says is acting (DESIGN §13, migration 0011). In team mode (PostgreSQL) a
// person or an agent logs in as themselves: the login is the name, its group is its right, and
// the database refuses any write that names someone else. The tables' owner (and a superuser)
// is exempt, like a SQLite file: there names are typed, not authenticated.

#include "domain/result.h"
#include "domain/rights.h"
#include "storage/db/connection.h"

#include <optional>
#include <vector>

namespace ops {

// What the login is to the database: ops_role_of() of migration 0011.
enum class Principal
{
    Unchecked,  // a SQLite file or the tables' owner: names are not authenticated
    Supervisor, // member of ops_supervisor
    Support,    // member of ops_support
    Agent,      // member of ops_agent
    Service,    // member of ops_service (receiver, reconciler)
    Disabled,   // NOLOGIN or disabled in the directory
    NoGroup,    // a login in none of the four groups: may do nothing
};

QString toString(Principal p); // "supervisor", "support", … "unchecked", "no group"

struct Identity
{
    QString login; // session_user; empty on SQLite
    Principal principal = Principal::Unchecked;
    bool teamMode = false; // PostgreSQL

    // True when the database proves who acts: a team login other than the owner.
    bool authenticated() const { return principal != Principal::Unchecked; }
    bool isPerson() const;            // supervisor, support, disabled or in no group
    std::optional<Role> role() const; // the group as a directory role

    // The operator a person's action names: the login when authenticated, else `typed`.
    QString operatorFor(const QString &typed) const;
    // Whether a person may act under `typed`: an empty name or the login itself passes; another
    // name than an authenticated login fails ("you are logged in as bob").
    Result<void> mayActAs(const QString &typed) const;
};

Identity identityOf(Connection &db);

// The role an operator name holds by group membership, when the database enforces rights;
// nullopt otherwise (the directory decides). Disabled logins come back as {role, true}.
struct MemberRole
{
    std::optional<Role> role;
    bool disabled = false;
};
std::optional<MemberRole> memberRoleOf(Connection &db, const QString &name);

// The SQL a DBA runs to give `name` a login in `role`'s group (docs/team.md).
QString loginSql(const QString &name, Role role);
// The SQL a DBA runs so an agent that runs opsctl or stdio MCP logs in as itself (ops_agent).
QString agentLoginSql(const QString &name);
// For each directory row without a login in its group: loginSql of it. Empty on SQLite.
std::vector<QString> pendingLogins(Connection &db);

} // namespace ops
