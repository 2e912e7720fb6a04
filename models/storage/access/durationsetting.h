#pragma once

// Changing a named duration (records/settings.h): rule 13's repeat window and the audit chain's
// merge delay. One way to change one: only someone with the approve right (the database grants
// settings to ops_supervisor alone), audited with the value before and after, nullopt returning
// to the default.

#include "storage/records/settings.h"

namespace ops {

// Stores `value` (nullopt: back to the default) in its own transaction, audited as
// s.auditAction with {row: value or null, effective_ms, previous_ms}. Throws ActionRefused when
// the value lies outside [min, max] or `actor` lacks the approve right.
void setDuration(Connection &db, qint64 nowMs, const QString &actor, const DurationSetting &s,
                 std::optional<std::chrono::milliseconds> value);

} // namespace ops
