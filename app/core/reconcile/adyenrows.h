#pragma once

// What the reconciler does with an Adyen refund row (DESIGN §15, docs/adyen.md). Adyen cannot be
// asked for a refund: only its notifications settle the row, and a Stripe reading of its payment
// reference would prove nothing. An open row whose slot came without one goes to the Checking
// queue (unknown), where a person resends with the stored key or waits; nothing is read and
// nothing proposed.

#include "storage/operationstore.h"

namespace ops {

struct AdyenRowStep
{
    QString result; // "checking" (moved to the Checking queue) or "unsupported"
    QString detail;
};

AdyenRowStep reconcileAdyenRow(OperationStore &store, const Operation &op, const QString &actor);

} // namespace ops
