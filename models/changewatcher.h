#pragma once

// Notices commits by other connections (the agent's opsctl, another console, this console's own
// worker threads) by polling SQLite's PRAGMA data_version, which changes exactly when another
// connection has committed to the file. Commits on the watched connection itself do not count:
// whoever writes through it reloads by hand.

#include "operationquery.h"

#include <QObject>
#include <QTimer>

namespace ops {

class ChangeWatcher final : public QObject
{
    Q_OBJECT
public:
    static constexpr int kDefaultIntervalMs = 1000;

    explicit ChangeWatcher(OperationQuery &query, QObject *parent = nullptr);

    void start(int intervalMs = kDefaultIntervalMs);
    void stop();
    // Polls once now; emits changed() when the file moved on since the last poll.
    void checkNow();

signals:
    void changed();

private:
    OperationQuery &m_query;
    QTimer m_timer;
    qint64 m_lastVersion = -1;
};

} // namespace ops
