#pragma once

// Exponential backoff with full jitter: the n-th wait is uniform in [0, min(cap, base * 2^n)].
// Sleeping and randomness are injected so tests run instantly and repeatably.

#include <chrono>
#include <functional>
#include <random>

namespace ops {

using Sleeper = std::function<void(std::chrono::milliseconds)>;

class Backoff
{
public:
    Backoff(std::chrono::milliseconds base, std::chrono::milliseconds cap, std::uint64_t seed);
    // Wait before retry number `retry` (1 for the first retry).
    std::chrono::milliseconds delay(int retry);
    static std::chrono::milliseconds ceiling(std::chrono::milliseconds base,
                                             std::chrono::milliseconds cap, int retry);

private:
    std::chrono::milliseconds m_base{250};
    std::chrono::milliseconds m_cap{4000};
    std::mt19937_64 m_random;
};

// Blocks the calling thread; the default for the command line.
void threadSleep(std::chrono::milliseconds ms);

} // namespace ops
