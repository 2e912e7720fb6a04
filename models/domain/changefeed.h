#pragma once

// What tells a window that other connections committed (storage's ChangeWatcher is the one
// implementation): the window holds this, never the watcher, so ui/ needs nothing of storage.

#include <QObject>
#include <QString>

namespace ops {

class ChangeFeed : public QObject
{
    Q_OBJECT
public:
    using QObject::QObject;

    // Checks every `intervalMs` from now on (SQLite polls; PostgreSQL listens and probes).
    virtual void start(int intervalMs) = 0;
    virtual void stop() = 0;
    // Checks once now; emits changed() when a commit happened since the last check.
    virtual void checkNow() = 0;

signals:
    void changed();
    // PostgreSQL only: the server cannot be reached (the feed keeps retrying) / is back.
    void unreachable(const QString &message);
    void reachable();
};

} // namespace ops
