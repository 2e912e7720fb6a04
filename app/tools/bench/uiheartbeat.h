#pragma once

// How a console benchmark sees the UI thread (issues 14 and 54): a 5 ms timer on it that records,
// for the phase it is in, the longest gap between two of its ticks and the most UI-thread CPU time
// between two (the window's own work within a gap, not its wait for a core on a loaded machine).
// Qt Core only; the benchmarks that drive a window link the widgets themselves.

#include <QElapsedTimer>
#include <QTimer>
#include <functional>

namespace ops::bench {

// CPU time of the calling thread.
double threadCpuMs();

class UiHeartbeat
{
public:
    struct Phase
    {
        qint64 longestGapMs = 0;
        double busiestCpuMs = 0;
        int ticks = 0;
    };

    UiHeartbeat(); // ticking from here on
    // Closes the phase before (one last beat) and records into `phase` from now on.
    void enter(Phase *phase);
    void stop();

private:
    void beat();

    QTimer m_timer;
    QElapsedTimer m_gap;
    double m_cpuSince = 0;
    Phase m_scratch;
    Phase *m_phase = &m_scratch;
};

// Runs the event loop until `done` says so or `maxMs` passed (-1: no limit).
void spinUntil(const std::function<bool()> &done, qint64 maxMs = -1);
// Runs it for `ms`.
void spinFor(qint64 ms);

} // namespace ops::bench
