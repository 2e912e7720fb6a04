#pragma once

// The reconciler as a long-running loop (opsctl reconcile, opsctl serve; docs/design.md §10): a
// LeasedLoop (storage/leasedloop.h) on the database's "reconciler" lease whose pass is one
// Reconciler::pass over the rows whose slot has come, so however many consoles and services run
// against one database, exactly one reads the provider.

#include "reconcile/reconciler.h"
#include "storage/leasedloop.h"

#include <QObject>
#include <memory>

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

    void start() { m_loop.start(); }
    // Stops ticking and releases the lease (if held).
    void drain() { m_loop.drain(); }
    bool holdsLease() const { return m_loop.holdsLease(); }
    // Called when this service gains or loses the lease.
    void setOnLeaseChange(std::function<void(bool holds)> f)
    {
        m_loop.onLeaseChange = std::move(f);
    }

    // One tick: claim or renew, then a pass when held. Public for tests.
    void tick() { m_loop.tick(); }

private:
    LeasedLoop m_loop;
};

} // namespace ops
