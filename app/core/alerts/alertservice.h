#pragma once

// The alert loop of `opsctl serve` (DESIGN §18): a LeasedLoop on the "alerts" lease whose pass
// is an AlertPass, so of all the servers of one database exactly one sends alerts, and another
// takes over when it dies. It runs on a thread of its own with its own Session: a channel call
// may block for its whole timeout, and the receiver's event loop must not wait for it.

#include "alerts/alertconfig.h"
#include "alerts/alertpass.h"
#include "domain/clock.h"

#include <QString>
#include <functional>
#include <memory>
#include <vector>

class QThread;

namespace ops {

struct AlertServiceOptions
{
    QString location; // the database, as the server opened it
    AlertChannelsConfig channels;
    AlertPassOptions pass;
    QString holder;             // serviceHolderName()
    int tickMs = 15'000;        // a condition reaches the channels within about one tick
    qint64 leaseTtlMs = 60'000; // a dead holder blocks a successor for at most this long
};

// The channels `config` sets up: the webhook first, then mail; none when neither is set.
std::vector<std::unique_ptr<AlertChannel>> alertChannelsOf(const AlertChannelsConfig &config);

class AlertService
{
public:
    // `clock` outlives the service. Nothing starts before start().
    AlertService(AlertServiceOptions options, const Clock &clock);
    ~AlertService();
    AlertService(const AlertService &) = delete;
    AlertService &operator=(const AlertService &) = delete;

    // Called on the alert thread: the lease changed hands, a pass ended, or the thread could not
    // open the database (the text says why; the loop then does not run).
    std::function<void(bool holds)> onLeaseChange;
    std::function<void(const AlertPassReport &)> onPass;
    std::function<void(const QString &)> onFailure;

    void start();
    // Finishes the pass in progress, gives the lease up and stops the thread.
    void drain();

private:
    class Worker;
    AlertServiceOptions m_options;
    const Clock &m_clock;
    std::unique_ptr<QThread> m_thread;
    Worker *m_worker = nullptr; // lives on m_thread
};

} // namespace ops
