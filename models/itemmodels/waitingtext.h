#pragma once

// What a list row waits for (issue 50 item 7), as the Waiting column says it: a compact marker
// for the cell and the full sentences for its tooltip. Translated in OperationTableModel's
// context. A lease that has expired by `nowMs` is not shown: nobody is resending any more.

#include "domain/operationsummary.h"

namespace ops {

// "bob is resending · approval #12 (asked by alice; another supervisor decides) · proposal:
// close failed"; empty when the row waits for nobody.
QString waitingLabel(const RowWaiting &waiting, qint64 nowMs);
// One sentence per marker, one per line, in waitingLabel's order; empty when it is empty.
QString waitingTooltip(const RowWaiting &waiting, qint64 nowMs);

// The name a person reads for an actor: "alice" for operator:alice and operator:alice#<session>,
// the actor as stored otherwise.
QString actorName(const QString &actor);

} // namespace ops
