#pragma once

// The operator directory in team mode (identity.h): adding, regrouping or disabling a person
// changes their PostgreSQL login, since the login is the name and the group is the right. Each
// change also keeps the `operators` row (who added whom, disabled) and an audit entry. A login
// without CREATEROLE gets ActionRefused carrying the SQL a DBA runs instead; disabling needs no
// CREATEROLE, since ops_role_of() reads the directory's flag.

#include "storage/access/operatordirectory.h"

namespace ops {

// The people who can log in (and directory rows still waiting for a login), by name.
std::vector<OperatorRecord> listTeamOperators(Connection &db);
OperatorRecord addTeamOperator(Connection &db, qint64 nowMs, const QString &byActor,
                               const QString &name, Role role);
OperatorRecord grantTeamRole(Connection &db, qint64 nowMs, const QString &byActor,
                             const QString &name, Role role);
OperatorRecord setTeamOperatorDisabled(Connection &db, qint64 nowMs, const QString &byActor,
                                       const QString &name, bool disabled);

} // namespace ops
