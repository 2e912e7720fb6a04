#pragma once

// Who the database says is acting (DESIGN §13, migration 0011). In team mode (PostgreSQL) a
// person or an agent logs in as themselves: the login is the name, its group is its right, and
// the database refuses any write that names someone else. The tables' owner (and a superuser)
// is exempt, like a SQLite file: there names are typed, not authenticated.

#include "domain/identity.h"
#include "domain/result.h"
#include "domain/rights.h"
#include "storage/db/connection.h"

#include <optional>
#include <vector>

namespace ops {

Identity identityOf(Connection &db);

// The role an operator name holds by group membership, when the database enforces rights;
// nullopt otherwise (the directory decides). Disabled logins come back as {role, true}.
std::optional<MemberRole> memberRoleOf(Connection &db, const QString &name);

// The SQL a DBA runs to give `name` a login in `role`'s group (docs/team.md).
QString loginSql(const QString &name, Role role);
// The SQL a DBA runs so an agent that runs opsctl or stdio MCP logs in as itself (ops_agent).
QString agentLoginSql(const QString &name);
// For each directory row without a login in its group: loginSql of it. Empty on SQLite.
std::vector<QString> pendingLogins(Connection &db);

} // namespace ops
