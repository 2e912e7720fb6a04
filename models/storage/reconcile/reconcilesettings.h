#pragma once

// The reconciler's settings (docs/design.md §10, issue 14 item 5), kept in the settings table:
// whether it closes rows on positive evidence or only proposes, and its schedule. Changing either
// takes the Approve right (a supervisor's) and is an audit entry.

#include "domain/result.h"
#include "storage/db/connection.h"

#include <QList>
#include <QString>

namespace ops {

struct ReconcileSettings
{
    // Off: every outcome, even one the evidence settles, is a proposal for a person.
    bool autoClose = true;
    // Seconds after a row needs checking at which it is read; the last gap then repeats until
    // pastDeadlineSeconds after the row's deadline.
    QList<qint64> checkTimes = {60, 300, 3600, 6 * 3600};
    qint64 pastDeadlineSeconds = 24 * 3600;
};

ReconcileSettings reconcileSettings(Connection &db);
// Throw ActionRefused (nothing written) without the Approve right or with an empty schedule.
void setReconcileAutoClose(Connection &db, qint64 nowMs, const QString &actor, bool on);
void setReconcileSchedule(Connection &db, qint64 nowMs, const QString &actor,
                          const QList<qint64> &checkTimes);

// "1m,5m,1h,6h" (s, m, h, d suffixes; a bare number is seconds), strictly increasing, each at
// least one second. A failure for anything else.
Result<QList<qint64>> parseReconcileSchedule(QStringView text);
QString formatReconcileSchedule(const QList<qint64> &checkTimes);

} // namespace ops
