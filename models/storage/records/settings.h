#pragma once

// The settings table: one named text value per row, read by every layer above. Who may change a
// shared setting, and its audit entry, are the writer's (access/durationsetting.h,
// access/approvals.h); this file only reads and stores values.

#include "domain/result.h"
#include "storage/db/connection.h"

#include <QString>
#include <chrono>
#include <optional>

namespace ops {

std::optional<QString> readSetting(Connection &db, const QString &name);
// Inserts or replaces inside the caller's write transaction.
void putSettingLocked(Connection &db, qint64 nowMs, const QString &actor, const QString &name,
                      const QString &value);

// A named duration in the settings table (value in milliseconds): rule 13's repeat window and
// the audit chain's merge delay.
struct DurationSetting
{
    QString row;         // settings.name, e.g. "repeat_window_ms"
    QString auditAction; // e.g. "settings.repeat_window"
    QString what;        // in messages: "the repeat window"
    std::chrono::milliseconds fallback{0};
    std::chrono::milliseconds min{0};
    std::chrono::milliseconds max{0};
};

// The stored value, or nullopt when none is stored or it lies outside [min, max]: a value this
// build cannot read, or one written by hand outside the bounds, counts as unset and the default
// applies (settings show prints the value in force).
std::optional<std::chrono::milliseconds> storedDuration(Connection &db, const DurationSetting &s);
// The stored value or the setting's default.
std::chrono::milliseconds effectiveDuration(Connection &db, const DurationSetting &s);
// What a person typed ("500ms", "2s", "24h"), within the setting's bounds; the failure names
// the setting ("the audit merge delay is at least 300ms").
Result<std::chrono::milliseconds> parseDurationSetting(const QString &text,
                                                       const DurationSetting &s);

} // namespace ops
