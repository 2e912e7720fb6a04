#pragma once

// The reconciler as a long-running loop (opsctl reconcile, opsctl serve; docs/design.md §10):
// on every tick it claims or renews the database's "reconciler" service lease and, only while
// it holds it, makes one pass over the rows whose slot has come. So however many consoles and
// services run against one database, exactly one reads the provider; when its holder dies, the
// lease expires and another takes over. drain() finishes the pass in progress (passes run on
// the event loop's thread, so the tick that is running completes first) and gives the lease up.

#include "reconcile/reconciler.h"

#include <QObject>
#include <QTimer>

namespace ops {

struct ReconcilerServiceOptions
{
    QString holder;             // "host:pid:start": who holds the lease
    int tickMs = 5'000;         // how often it renews and looks for due rows
    qint64 leaseTtlMs = 30'000; // a dead holder blocks a successor for at most this long
};

class ReconcilerService final : public QObject
{
public:
    ReconcilerService(Session &session, Reconciler &reconciler, ReconcilerServiceOptions options,
                      std::function<void(const RowReport &)> onRow = {}, QObject *parent = nullptr);
    ~ReconcilerService() override;

    void start();
    // Stops ticking and releases the lease (if held).
    void drain();
    bool holdsLease() const { return m_holds; }
    // Called when this service gains or loses the lease.
    std::function<void(bool holds)> onLeaseChange;

    // One tick: claim or renew, then a pass when held. Public for tests.
    void tick();

private:
    Session &m_session;
    Reconciler &m_reconciler;
    ReconcilerServiceOptions m_options;
    std::function<void(const RowReport &)> m_onRow;
    QTimer m_timer;
    bool m_holds = false;
};

// "host:pid:start-ms": a holder name unique per process start.
QString serviceHolderName();

} // namespace ops
