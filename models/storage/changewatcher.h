#pragma once

// Notices commits by other connections (the agent's opsctl, another console, this console's own
// worker threads). SQLite: polls PRAGMA data_version, which changes exactly when another
// connection has committed to the file; commits on the watched connection itself do not count
// (whoever writes through it reloads by hand). PostgreSQL: LISTEN/NOTIFY through PgListener,
// which also reports an unreachable server and reconnects. Beside operationquery.h, which it polls
// through, above db/.

#include "domain/changefeed.h"
#include "storage/operations/operationquery.h"

#include <QObject>
#include <QTimer>

namespace ops {

class PgListener;

class ChangeWatcher final : public ChangeFeed
{
    Q_OBJECT
public:
    static constexpr int kDefaultIntervalMs = 1000;

    explicit ChangeWatcher(OperationQuery &query, QObject *parent = nullptr);

    // SQLite: polls every `intervalMs`. PostgreSQL: listens, and probes the server that often.
    void start(int intervalMs = kDefaultIntervalMs) override;
    void stop() override;
    // Polls (SQLite) or probes the server (PostgreSQL) once now; emits changed() when the file
    // moved on since the last poll.
    void checkNow() override;

private:
    OperationQuery &m_query;
    QTimer m_timer;
    qint64 m_lastVersion = -1;
    PgListener *m_listener = nullptr;
};

} // namespace ops
