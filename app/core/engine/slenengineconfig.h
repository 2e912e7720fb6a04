#pragma once

// The Slen engines' configuration (credit movements and flow executions).

#include <QtGlobal>
#include <chrono>
#include <cstdint>

namespace ops {

struct SlenEngineConfig
{
    int attemptsPerCall = 3;
    int attemptsPerOperation = 6;
    // Retention windows per kind (rule 7). Slen replays a movement's answer for 24 h. It keeps an
    // execution's key while the execution exists; we stop sending after 7 days so a person
    // looks at anything that old. Both are configurable.
    qint64 creditWindowSeconds = 24 * 3600;
    qint64 executionWindowSeconds = 7 * 24 * 3600;
    qint64 marginSeconds = 15 * 60;
    std::chrono::milliseconds backoffBase{250};
    std::chrono::milliseconds backoffCap{4000};
    std::uint64_t jitterSeed = 0; // 0: seeded from the clock
};

} // namespace ops
