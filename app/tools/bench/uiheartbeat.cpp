#include "bench/uiheartbeat.h"

#include <QCoreApplication>
#include <ctime>

namespace ops::bench {

double threadCpuMs()
{
    timespec ts{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return double(ts.tv_sec) * 1e3 + double(ts.tv_nsec) / 1e6;
}

UiHeartbeat::UiHeartbeat()
{
    m_timer.setInterval(5);
    QObject::connect(&m_timer, &QTimer::timeout, [this] {
        beat();
        ++m_phase->ticks;
    });
    m_cpuSince = threadCpuMs();
    m_gap.start();
    m_timer.start();
}

void UiHeartbeat::beat()
{
    const double cpu = threadCpuMs();
    m_phase->longestGapMs = qMax(m_phase->longestGapMs, m_gap.restart());
    m_phase->busiestCpuMs = qMax(m_phase->busiestCpuMs, cpu - m_cpuSince);
    m_cpuSince = cpu;
}

void UiHeartbeat::enter(Phase *phase)
{
    beat();
    m_phase = phase ? phase : &m_scratch;
}

void UiHeartbeat::stop()
{
    beat();
    m_timer.stop();
}

void spinUntil(const std::function<bool()> &done, qint64 maxMs)
{
    QElapsedTimer total;
    total.start();
    while (!done() && (maxMs < 0 || total.elapsed() < maxMs))
        QCoreApplication::processEvents(QEventLoop::WaitForMoreEvents, 50);
}

void spinFor(qint64 ms)
{
    spinUntil([] { return false; }, ms);
}

} // namespace ops::bench
