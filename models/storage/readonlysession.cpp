#include "storage/readonlysession.h"

#include "storage/db/readonlyconnection.h"
#include "storage/db/sqlconnection.h"
#include "storage/operations/operationstore.h"
#include "storage/session.h"

namespace ops {

void keepReadOnly(Session &session, const QString &why)
{
    keepReadOnly(connectionOf(session.store()), why);
}

} // namespace ops
