#pragma once

// Live refresh on PostgreSQL: a dedicated connection LISTENs on the lower-case channel
// "ops_changes", which triggers on operations, attempts, evidence and audit notify at commit
// (migrations/postgresql/0001_initial.sql). QPSQL quotes the channel name, so it must be
// lower-case to match pg_notify's.
//
// The server may go away. A periodic probe notices it; then the listener reports unreachable()
// once, retries with backoff, and on success re-opens the shared main connection if it died too,
// reports reachable() and changed() (notifications sent meanwhile are lost).

#include "domain/result.h"

#include <QObject>
#include <QSqlDatabase>
#include <QTimer>

namespace ops {

class PgListener final : public QObject
{
    Q_OBJECT
public:
    static constexpr int kFirstRetryMs = 500;
    static constexpr int kMaxRetryMs = 10000;

    // `main` is the console's connection; the listener opens a clone of it.
    explicit PgListener(QSqlDatabase main, QObject *parent = nullptr);
    ~PgListener() override;

    void start(int probeIntervalMs);
    void stop();
    // Probes the listening connection now (and reconnects when it is down and a retry is due).
    void probe();
    bool isConnected() const { return m_connected; }

signals:
    void changed();
    void unreachable(const QString &message);
    void reachable();

private:
    // A failure carries the reason, never empty.
    Result<void> connectListener();
    void dropListener();
    void lost(const QString &message);
    void retry();

    QSqlDatabase m_main;
    QString m_name;
    QTimer m_probe;
    QTimer m_retry;
    QTimer m_coalesce;
    int m_retryMs = kFirstRetryMs;
    bool m_connected = false;
    bool m_reported = false;
};

} // namespace ops
