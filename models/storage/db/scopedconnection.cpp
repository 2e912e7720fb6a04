#include "scopedconnection.h"

#include <atomic>

namespace ops {

ScopedConnection::ScopedConnection(const QString &location, const QString &prefix)
{
    static std::atomic_int counter = 0;
    m_name = prefix + QLatin1Char('-') + QString::number(++counter);
    m_db = Database::open(location, m_name);
}

ScopedConnection::~ScopedConnection()
{
    m_db.close();
    m_db = {};
    QSqlDatabase::removeDatabase(m_name);
}

} // namespace ops
