#pragma once

// A token bucket on the monotonic clock: `requests` tokens that refill evenly over `seconds`.
// It runs on real time, not on the simulator clock, because the clients it paces wait real
// seconds (moving the simulator clock must not refill a vendor's rate limit).

#include <chrono>
#include <optional>

namespace ops::sim {

class RateBucket
{
public:
    RateBucket() = default;
    RateBucket(int requests, int seconds);

    // Takes one token: nullopt when one was free, else the whole seconds (at least 1) until
    // the next token frees. A refused request takes nothing.
    std::optional<int> take();
    int requests() const { return m_requests; }
    int seconds() const { return m_seconds; }

private:
    using Clock = std::chrono::steady_clock;

    void refill();

    int m_requests = 1;
    int m_seconds = 1;
    double m_tokens = 1;
    Clock::time_point m_last = Clock::now();
};

} // namespace ops::sim
