#pragma once

// What the lists and the detail pane say for an operation's durations, kind, state and
// attempts: translated texts from stored values. Stored values and roles keep toString()'s
// identifiers; only what a person reads comes from here.

#include "domain/operation.h"

#include <QDateTime>
#include <QString>

namespace ops {

// "5h 12m", "12m 30s", "3d 4h": the two largest units of a duration (translated).
QString formatDuration(qint64 seconds);
// A safety margin as a person says it: "15 min", "1 h", "90 s".
QString formatMargin(qint64 seconds);
// "The window ends 15 min before the provider forgets the key, …" from a row's margin.
QString marginExplanation(qint64 marginSeconds);
// The Window left tooltip: the deadline in local time and UTC, and the margin explained.
QString windowTooltip(const QDateTime &deadline, qint64 marginSeconds);
// What the operator reads for a kind or state: "refund", "unknown" in English, translated
// otherwise. Stored values and roles keep toString()'s identifiers.
QString kindLabel(OperationKind kind);
// Attempts as the row shows them: "5/6", or "5/5 + 2 by operator" when operators resent (the cap
// limits automation only, rule 4).
QString attemptsLabel(int attempts, int cap, int byOperator);
QString stateLabel(OperationState state);
// The state as its badge reads: a succeeded refund the provider still reports pending is
// "accepted · pending", never plain "succeeded" (rule 11).
QString stateBadgeLabel(OperationState state, const QString &providerStatus);
// The badge's colour family: toString(state), or "pending" for the case above.
QString stateBadgeKind(OperationState state, const QString &providerStatus);

} // namespace ops
