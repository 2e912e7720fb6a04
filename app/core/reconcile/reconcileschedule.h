#pragma once

// When the reconciler reads a row (docs/design.md §10): at the configured times after the row
// needed checking — by default 1 min, 5 min, 1 h and 6 h — then every last gap (6 h) until one
// day past the row's deadline, after which the schedule ends. Pure arithmetic on milliseconds.

#include "storage/reconcile/reconcilesettings.h"

#include <optional>

namespace ops {

class ReconcileSchedule
{
public:
    explicit ReconcileSchedule(const ReconcileSettings &settings);

    // The first slot strictly after nowMs for a row that needed checking from baseMs; nullopt
    // once that slot would fall later than deadlineMs + the grace after it. A late pass does
    // not replay missed slots: it moves on to the next one after now.
    std::optional<qint64> nextAfter(qint64 baseMs, qint64 nowMs, qint64 deadlineMs) const;
    // The first slot of a row that needed checking from baseMs.
    qint64 first(qint64 baseMs) const;

private:
    QList<qint64> m_offsetsMs;
    qint64 m_repeatMs = 0;
    qint64 m_graceMs = 0;
};

} // namespace ops
