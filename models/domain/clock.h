#pragma once

// Time source for everything that stores or compares times. Always UTC. Tests use ManualClock so
// a 24-hour retention window is crossed in microseconds.

#include <QDateTime>

namespace ops {

class Clock
{
public:
    virtual ~Clock() = default;
    virtual QDateTime now() const = 0;
    qint64 nowMs() const { return now().toMSecsSinceEpoch(); }
};

class SystemClock final : public Clock
{
public:
    QDateTime now() const override { return QDateTime::currentDateTimeUtc(); }
};

class ManualClock final : public Clock
{
public:
    explicit ManualClock(QDateTime start = QDateTime::currentDateTimeUtc())
        : m_now(start.toUTC())
    {}
    QDateTime now() const override { return m_now; }
    void advanceSecs(qint64 seconds) { m_now = m_now.addSecs(seconds); }
    void advanceMs(qint64 ms) { m_now = m_now.addMSecs(ms); }
    void set(const QDateTime &t) { m_now = t.toUTC(); }

private:
    QDateTime m_now;
};

} // namespace ops
