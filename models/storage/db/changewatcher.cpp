#include "storage/db/changewatcher.h"

#include "storage/db/database.h"
#include "storage/storagelogging.h"
#include "storage/db/pglistener.h"
#include "storage/db/sqldialect.h"

namespace ops {

ChangeWatcher::ChangeWatcher(OperationQuery &query, QObject *parent)
    : QObject(parent)
    , m_query(query)
{
    connect(&m_timer, &QTimer::timeout, this, &ChangeWatcher::checkNow);
}

void ChangeWatcher::start(int intervalMs)
{
    if (dialectOf(m_query.database()) == SqlDialect::Postgres) {
        if (!m_listener) {
            m_listener = new PgListener(m_query.database(), this);
            connect(m_listener, &PgListener::changed, this, &ChangeWatcher::changed);
            connect(m_listener, &PgListener::unreachable, this, &ChangeWatcher::unreachable);
            connect(m_listener, &PgListener::reachable, this, &ChangeWatcher::reachable);
        }
        m_listener->start(intervalMs);
        return;
    }
    checkNow(); // the baseline: changes before start() are already on screen
    m_timer.start(intervalMs);
}

void ChangeWatcher::stop()
{
    m_timer.stop();
    if (m_listener)
        m_listener->stop();
}

void ChangeWatcher::checkNow()
{
    if (m_listener) {
        m_listener->probe();
        return;
    }
    qint64 version = -1;
    try {
        version = m_query.dataVersion();
    } catch (const StoreError &e) {
        qCWarning(lcStore) << "data_version poll failed:" << e.message();
        return;
    }
    const bool moved = m_lastVersion >= 0 && version != m_lastVersion;
    m_lastVersion = version;
    if (moved)
        emit changed();
}

} // namespace ops
