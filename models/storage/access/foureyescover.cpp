#include "storage/access/foureyescover.h"

#include "storage/access/approvals.h"
#include "storage/access/identity.h"
#include "storage/access/operatordirectory.h"
#include "storage/db/sqltransaction.h"

using namespace Qt::StringLiterals;

namespace ops {

namespace {

QStringList teamApprovers(Connection &db)
{
    Query q = runQuery(db, u"SELECT rolname FROM pg_roles WHERE rolcanlogin AND "
                           "pg_has_role(rolname, 'ops_supervisor', 'MEMBER') AND "
                           "ops_role_of(rolname) = 'supervisor' ORDER BY rolname"_s);
    QStringList names;
    while (q.next())
        names << q.value(0).toString();
    return names;
}

QStringList directoryApprovers(Connection &db)
{
    QStringList names;
    for (const OperatorRecord &r : listOperators(db)) {
        if (!r.disabled && r.effectiveRights().testFlag(Right::Approve))
            names << r.name;
    }
    names.sort();
    return names;
}

} // namespace

FourEyesCover fourEyesCover(Connection &db)
{
    FourEyesCover cover;
    for (const auto &threshold : approvalThresholds(db))
        cover.thresholds << threshold.first;
    cover.approvers = fourEyesApprovers(db);
    return cover;
}

QStringList fourEyesApprovers(Connection &db)
{
    return identityOf(db).teamMode ? teamApprovers(db) : directoryApprovers(db);
}

} // namespace ops
