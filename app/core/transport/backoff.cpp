#include "transport/backoff.h"

#include <QThread>
#include <algorithm>

namespace ops {

Backoff::Backoff(std::chrono::milliseconds base, std::chrono::milliseconds cap, std::uint64_t seed)
    : m_base(base)
    , m_cap(cap)
    , m_random(seed)
{}

std::chrono::milliseconds Backoff::ceiling(std::chrono::milliseconds base,
                                           std::chrono::milliseconds cap, int retry)
{
    const int shift = std::clamp(retry - 1, 0, 30);
    const auto grown = base.count() * (qint64(1) << shift);
    return std::chrono::milliseconds(std::min<qint64>(grown, cap.count()));
}

std::chrono::milliseconds Backoff::delay(int retry)
{
    const auto top = ceiling(m_base, m_cap, retry).count();
    std::uniform_int_distribution<qint64> pick(0, top);
    return std::chrono::milliseconds(pick(m_random));
}

void threadSleep(std::chrono::milliseconds ms)
{
    QThread::msleep(ulong(ms.count()));
}

} // namespace ops
