// Compiled only by the sql_probe test (tests/probe/CMakeLists.txt): storage's own transaction
// header needs Qt Sql, so above the storage floor it must not compile.
#include "storage/db/sqltransaction.h"

int opsProbeInternal()
{
    return ops::Database::latestVersion();
}
