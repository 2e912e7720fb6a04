#pragma once

// Whether four-eyes can work at all (issue 50): a threshold (approvals.h) holds every close by
// hand, and every operator resend, above it until a second person with the approve right decides.
// With fewer than two such people active, a supervisor's own request above the threshold waits
// for ever. `opsctl db check` prints the warning and the console may show it; neither refuses
// anything because of it.

#include "domain/foureyescover.h"
#include "storage/db/connection.h"

#include <QStringList>

namespace ops {

// Who counts as an approver:
// - PostgreSQL (team mode): each login the database itself treats as a supervisor
//   (ops_role_of() = 'supervisor': a member of ops_supervisor that may log in, not disabled in the
//   directory, not the owner or a superuser), whoever runs the check. Directory rows without such
//   a login do not count: nobody can approve under them. Logins are cluster-wide, so a supervisor
//   login made for another database on the same server counts too.
// - SQLite (one file, names typed): the enabled directory rows whose effective rights include
//   approve (a supervisor, unless --rights says otherwise). Four-eyes there is a habit, but the
//   approval still needs a second such name, so a lone supervisor is warned about as well.
FourEyesCover fourEyesCover(Connection &db);
// FourEyesCover::approvers alone (no thresholds read): the people who may decide an approval.
QStringList fourEyesApprovers(Connection &db);

} // namespace ops
