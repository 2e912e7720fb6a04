#pragma once

// Look-up at the provider for one operation (docs/design.md §6 Actions): for a Stripe refund, read
// the charge (amount_refunded) and page through its refunds looking for metadata.operation_id. The
// answer proposes the close it supports and carries the provider's JSON as evidence.

#include "domain/lookupanswer.h"

#include <atomic>

namespace ops {

class StripeClient;

namespace console {

// At most this many refunds are read per charge (100 per page).
inline constexpr int kMaxRefundPages = 20;

LookupAnswer lookUpRefund(StripeClient &client, const Operation &op,
                          const std::atomic_bool &cancelled);

} // namespace console
} // namespace ops
