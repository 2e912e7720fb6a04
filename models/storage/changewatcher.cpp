#include "storage/changewatcher.h"

#include "storage/db/database.h"
#include "storage/db/pglistener.h"
#include "storage/db/sqldialect.h"
#include "storage/db/storagelogging.h"

namespace ops {

ChangeWatcher::ChangeWatcher(OperationQuery &query, QObject *parent)
    : ChangeFeed(parent)
    , m_query(query)
{
    connect(&m_timer, &QTimer::timeout, this, &ChangeWatcher::checkNow);
}

void ChangeWatcher::start(int intervalMs)
{
    if (dialectOf(connectionOf(m_query)) == SqlDialect::Postgres) {
        if (!m_listener) {
            m_listener = new PgListener(connectionOf(m_query), this);
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
