#pragma once

// Durations people type: "500ms", "90s", "15m", "24h", "7d" (a whole number and a unit), or a
// bare "0". Used by the repeat window (rule 13), the audit merge delay and an agent token's
// rotation grace.

#include "domain/result.h"

#include <chrono>

namespace ops {

// The largest unit that states `value` exactly: "250ms", "90s", "15m", "24h", "7d"; 0 is "0".
QString formatDuration(std::chrono::milliseconds value);

// `what` names the value in the failure ("the repeat window", "--grace"). A value below `min`
// (0 by default, and "0" is then allowed) or above `max` is a failure.
Result<std::chrono::milliseconds> parseDuration(const QString &text, const QString &what,
                                                std::chrono::milliseconds max,
                                                std::chrono::milliseconds min = {});

} // namespace ops
