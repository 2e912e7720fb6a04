#pragma once

// Paces calls to one account under its documented rate: a batch's refund writes (docs/design.md
// §19) and a helpdesk connection's requests (§17) both go through one of these.

#include "domain/clock.h"
#include "transport/backoff.h"

#include <mutex>

namespace ops {

// Starts calls at most perSecond a second: each wait() returns one interval after the previous
// one's slot (the first at once). A caller that fell behind starts at once and goes on from
// there, so it never bursts to catch up. wait() may be called from several threads: each takes
// its own slot under the lock and sleeps outside it. perSecond <= 0 never waits.
class RatePacer
{
public:
    RatePacer(const Clock &clock, Sleeper sleeper, double perSecond);
    void wait();
    // Nothing starts before `ms` from now: the account answered 429 with Retry-After.
    void holdFor(std::chrono::milliseconds ms);

private:
    const Clock &m_clock;
    Sleeper m_sleeper;
    double m_intervalMs = 0;
    std::mutex m_mutex;
    qint64 m_nextMs = -1;
};

} // namespace ops
