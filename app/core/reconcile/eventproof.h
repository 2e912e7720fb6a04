#pragma once

// What the provider events already stored for a refund row prove, so the reconciler need not
// read the provider for it (issue 14, "the events by key", docs/design.md §10). The events are
// those the receiver or the import matched to the row (by metadata.operation_id, key or provider
// reference). Positive proof only: a proof exists when every stored refund event of the row
// names one and the same refund object, its newest event (by `created`) shows the row's amount
// and currency and a status that settles the row (succeeded, pending, failed, canceled).
// Anything else — no event, two refund objects, a disagreeing amount, requires_action — is no
// proof, and the reconciler reads the charge's refund list as before.

#include "domain/operation.h"
#include "stripe/stripeevents.h"

#include <optional>
#include <vector>

namespace ops {

struct StoredEvent;

struct EventProof
{
    StripeEvent event;   // the newest stored event of the refund object
    StripeRefund refund; // its data.object
    QDateTime receivedAt;
};

// Pure: over the row's stored events (any order).
std::optional<EventProof> eventProof(const Operation &op, const std::vector<StoredEvent> &events);

} // namespace ops
