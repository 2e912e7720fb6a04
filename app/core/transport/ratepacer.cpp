#include "transport/ratepacer.h"

#include <algorithm>
#include <cmath>

namespace ops {

RatePacer::RatePacer(const Clock &clock, Sleeper sleeper, double perSecond)
    : m_clock(clock)
    , m_sleeper(std::move(sleeper))
    , m_intervalMs(perSecond > 0 ? 1000.0 / perSecond : 0)
{}

void RatePacer::wait()
{
    qint64 waitMs = 0;
    {
        const std::lock_guard lock(m_mutex);
        const qint64 now = m_clock.nowMs();
        const qint64 slot = std::max(m_nextMs, now);
        waitMs = slot - now;
        // From the later of the planned time and now: a slow caller does not earn a burst.
        m_nextMs = slot + qint64(std::llround(m_intervalMs));
    }
    if (waitMs > 0)
        m_sleeper(std::chrono::milliseconds(waitMs));
}

void RatePacer::holdFor(std::chrono::milliseconds ms)
{
    const std::lock_guard lock(m_mutex);
    m_nextMs = std::max(m_nextMs, m_clock.nowMs() + qint64(ms.count()));
}

} // namespace ops
