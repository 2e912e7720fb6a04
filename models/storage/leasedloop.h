#pragma once

// Work exactly one process does per database (docs/design.md §10 and §18): on every tick it
// claims or renews the named service lease (reconcile/servicelease.h) and, only while it holds
// it, runs `pass`. However many services run against one database, one of them works; when its
// holder dies the lease expires and another takes over. drain() stops ticking and gives the lease
// up (ticks run on the owning thread's event loop, so a tick in progress completes first). The
// reconciler and the alert loop of `opsctl serve` are two of these.

#include <QObject>
#include <QTimer>
#include <functional>

namespace ops {

class Session;

struct LeasedLoopOptions
{
    QString lease;              // kReconcilerLease, kAlertsLease
    QString holder;             // "host:pid:start": who holds the lease
    int tickMs = 5'000;         // how often it renews and runs a pass
    qint64 leaseTtlMs = 30'000; // a dead holder blocks a successor for at most this long
};

class LeasedLoop final : public QObject
{
public:
    LeasedLoop(Session &session, LeasedLoopOptions options, std::function<void()> pass,
               QObject *parent = nullptr);
    ~LeasedLoop() override;

    void start();
    void drain();
    bool holdsLease() const { return m_holds; }
    // Called when this loop gains or loses the lease.
    std::function<void(bool holds)> onLeaseChange;
    // One tick: claim or renew, then a pass when held; a StoreError is logged and the next tick
    // tries again (the lease runs out on its own). Public for tests.
    void tick();
    // Claims or renews the lease now; whether this loop holds it. A pass that may outlast the
    // lease calls it between its steps and stops when it is lost. Throws StoreError.
    bool renew();

private:
    Session &m_session;
    LeasedLoopOptions m_options;
    std::function<void()> m_pass;
    QTimer m_timer;
    bool m_holds = false;
};

// "host:pid:start-ms": a holder name unique per process start.
QString serviceHolderName();

} // namespace ops
