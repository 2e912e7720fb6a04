#include "providersim/helpdesk/ratebucket.h"

#include <algorithm>
#include <cmath>

namespace ops::sim {

RateBucket::RateBucket(int requests, int seconds)
    : m_requests(std::max(1, requests))
    , m_seconds(std::max(1, seconds))
    , m_tokens(m_requests)
{}

void RateBucket::refill()
{
    const Clock::time_point now = Clock::now();
    const double elapsed = std::chrono::duration<double>(now - m_last).count();
    m_last = now;
    m_tokens = std::min<double>(m_requests, m_tokens + elapsed * m_requests / m_seconds);
}

std::optional<int> RateBucket::take()
{
    refill();
    if (m_tokens >= 1) {
        m_tokens -= 1;
        return std::nullopt;
    }
    const double wait = (1 - m_tokens) * m_seconds / m_requests;
    return std::max(1, int(std::ceil(wait)));
}

} // namespace ops::sim
