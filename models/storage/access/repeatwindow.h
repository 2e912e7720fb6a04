#pragma once

// Rule 13's repeat window (docs/design.md): how long a confirmed refund answers an identical
// refund call with its own result instead of a new operation. One named setting, changed only by
// someone with the approve right (it decides when the same refund may be paid again), audited.

#include "domain/result.h"
#include "storage/db/connection.h"

#include <QString>
#include <chrono>
#include <optional>

namespace ops {

inline constexpr std::chrono::milliseconds kDefaultRepeatWindow = std::chrono::hours(24);
// A year: longer than any provider keeps a refund's idempotency key, and than any ticket lives.
inline constexpr std::chrono::milliseconds kMaxRepeatWindow = std::chrono::hours(24 * 365);

// The stored window, or kDefaultRepeatWindow when none is set.
std::chrono::milliseconds repeatWindow(Connection &db);
// Needs the approve right; nullopt returns to the default. 0 turns the guard off. Outside
// [0, kMaxRepeatWindow] throws ActionRefused. Audited as settings.repeat_window.
void setRepeatWindow(Connection &db, qint64 nowMs, const QString &actor,
                     std::optional<std::chrono::milliseconds> window);

// The audit line of a repeat answer: `actor` asked again for operation `operationId`'s refund
// and got its result back, nothing sent.
void recordRepeatAnswer(Connection &db, qint64 nowMs, const QString &actor,
                        const QString &operationId, const QString &refundId,
                        std::chrono::milliseconds window);

// "500ms", "90s", "15m", "24h", "7d": a whole number and a unit. A failure otherwise.
Result<std::chrono::milliseconds> parseRepeatWindow(const QString &text);

} // namespace ops
