#pragma once

// One reconciler pass's state, shared by reconciler.cpp and its Adyen half (adyenrows.cpp); not
// for use outside the reconciler.

#include "domain/classification.h"
#include "reconcile/reconciler.h"
#include "reconcile/reconcileschedule.h"
#include "reconcile/refundreading.h"
#include "storage/reconcile/reconcilesettings.h"

#include <optional>

namespace ops {

struct Reconciler::Pass
{
    ReconcileSettings settings;
    ReconcileSchedule schedule;
    bool ignoreSlots = false;
    qint64 nowMs = 0;
    std::optional<ChargeReading> reading; // the charge read last: rows come grouped by charge
    int requests = 0;
    int charges = 0;
};

// DESIGN §16's reason to close failed and start a new refund when a resend cannot finish the
// refund: the key holds a stored 5xx or another request (keyMemoryFor), or else the window closed
// at `deadlineMs`. One sentence for Stripe and Adyen rows, starting with a space.
QString closeFailedStep(KeyMemory memory, qint64 deadlineMs);

} // namespace ops
