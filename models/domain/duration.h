#pragma once

// Durations people type: "500ms", "90s", "15m", "24h", "7d" (a whole number and a unit), or a
// bare "0". Used by the repeat window (rule 13) and an agent token's rotation grace.

#include "domain/result.h"

#include <chrono>

namespace ops {

// `what` names the value in the failure ("a repeat window", "--grace"); 0 is allowed.
Result<std::chrono::milliseconds> parseDuration(const QString &text, const QString &what,
                                                std::chrono::milliseconds max);

} // namespace ops
