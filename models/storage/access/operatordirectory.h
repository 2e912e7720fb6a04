#pragma once

// The operator directory (migration 0003): who may do what. Enforcement reads it inside the
// caller's write transaction, so the console, opsctl and any future caller obey the same rights.
//
// Bootstrap: while the directory is empty, anyone may add the first operator, and that operator
// must be a supervisor (nobody could grant roles otherwise). After that only an enabled
// supervisor adds operators, changes roles or rights, or disables someone. Every change is an
// audit entry.

#include "domain/operatoraccess.h"
#include "domain/result.h"
#include "domain/rights.h"
#include "storage/db/connection.h"

#include <optional>
#include <vector>

namespace ops {

std::optional<OperatorRecord> findOperator(Connection &db, const QString &name);
std::vector<OperatorRecord> listOperators(Connection &db);
// An unknown, disabled or non-operator actor has view only.
OperatorAccess accessOf(Connection &db, const QString &actor);
inline Rights rightsOf(Connection &db, const QString &actor)
{
    return accessOf(db, actor).rights;
}

// Throws ActionRefused ("operator alice (support) may not close") unless `actor` has `right`.
// Reads only; call it inside the write transaction that performs the action.
void requireRight(Connection &db, const QString &actor, Right right);
// The same check without throwing: fails with the refusal's text.
Result<void> hasRight(Connection &db, const QString &actor, Right right);

// Throws ActionRefused ("operator alice (support) may not change the operator directory: only a
// supervisor may") unless `byActor` is an enabled supervisor; `what` names the change.
void requireSupervisor(Connection &db, const QString &byActor,
                       const QString &what = QStringLiteral("change the operator directory"));

// Directory changes; each runs in its own write transaction with an audit entry and throws
// ActionRefused (nothing written) when `byActor` may not make it or the input is invalid.
OperatorRecord addOperator(Connection &db, qint64 nowMs, const QString &byActor,
                           const QString &name, Role role,
                           const std::optional<Rights> &rightsOverride = {});
OperatorRecord grantRole(Connection &db, qint64 nowMs, const QString &byActor, const QString &name,
                         Role role, const std::optional<Rights> &rightsOverride = {});
OperatorRecord setOperatorDisabled(Connection &db, qint64 nowMs, const QString &byActor,
                                   const QString &name, bool disabled);

} // namespace ops
