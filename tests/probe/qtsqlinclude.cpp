// Compiled only by the sql_probe test (tests/probe/CMakeLists.txt): above the storage floor this
// include must not be found.
#include <QSqlDatabase>
#include <QStringList>

int opsProbeQtSql()
{
    return int(QSqlDatabase::drivers().size());
}
