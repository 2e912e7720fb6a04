#include "changewatcher.h"

#include "database.h"
#include "logging.h"

namespace ops {

ChangeWatcher::ChangeWatcher(OperationQuery &query, QObject *parent)
    : QObject(parent)
    , m_query(query)
{
    connect(&m_timer, &QTimer::timeout, this, &ChangeWatcher::checkNow);
}

void ChangeWatcher::start(int intervalMs)
{
    checkNow(); // the baseline: changes before start() are already on screen
    m_timer.start(intervalMs);
}

void ChangeWatcher::stop()
{
    m_timer.stop();
}

void ChangeWatcher::checkNow()
{
    qint64 version = -1;
    try {
        version = m_query.dataVersion();
    } catch (const StoreError &e) {
        qCWarning(lcModels) << "data_version poll failed:" << e.message();
        return;
    }
    const bool moved = m_lastVersion >= 0 && version != m_lastVersion;
    m_lastVersion = version;
    if (moved)
        emit changed();
}

} // namespace ops
