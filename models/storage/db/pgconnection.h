#pragma once

// Opening a PostgreSQL connection for team mode (QPSQL). Used by Database::open.

#include "domain/dblocation.h"

#include <QSqlDatabase>

namespace ops {

// Connects, and creates schema_version under the writer lock so two processes opening a fresh
// database at once do not race on it. Throws StoreError naming the server (never the password);
// no connection named `connectionName` is left behind on failure.
QSqlDatabase openPostgres(const DbLocation &location, const QString &connectionName);

} // namespace ops
