#pragma once

// One reconciler pass's state, shared by reconciler.cpp and its Adyen half (adyenrows.cpp); not
// for use outside the reconciler.

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

} // namespace ops
