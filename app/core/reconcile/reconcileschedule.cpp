#include "reconcile/reconcileschedule.h"

namespace ops {

ReconcileSchedule::ReconcileSchedule(const ReconcileSettings &settings)
    : m_graceMs(settings.pastDeadlineSeconds * 1000)
{
    for (const qint64 s : settings.checkTimes)
        m_offsetsMs << s * 1000;
    if (m_offsetsMs.isEmpty())
        m_offsetsMs << ReconcileSettings().checkTimes.first() * 1000;
    // "then every 6 h": the gap that repeats is the last time of the list.
    m_repeatMs = m_offsetsMs.back();
}

qint64 ReconcileSchedule::first(qint64 baseMs) const
{
    return baseMs + m_offsetsMs.first();
}

std::optional<qint64> ReconcileSchedule::nextAfter(qint64 baseMs, qint64 nowMs,
                                                   qint64 deadlineMs) const
{
    const qint64 last = deadlineMs + m_graceMs;
    qint64 slot = 0;
    for (const qint64 offset : m_offsetsMs) {
        slot = baseMs + offset;
        if (slot > nowMs)
            return slot <= last ? std::optional(slot) : std::nullopt;
    }
    const qint64 repeats = (nowMs - slot) / m_repeatMs + 1;
    slot += repeats * m_repeatMs;
    return slot <= last ? std::optional(slot) : std::nullopt;
}

} // namespace ops
