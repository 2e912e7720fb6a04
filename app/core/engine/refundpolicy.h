#pragma once

// What a Stripe refund decides for itself under Settlement's rules: a success is a refund whose
// metadata names this operation (failed or canceled refunds close the row as failed), and a row
// reads as the refund tool's result (docs/design.md §9). Defined in refundpolicy.cpp.

#include "engine/settlement.h"

namespace ops {

using RefundPolicy = ProviderPolicy<StripeClient, ToolResult::Subject::Refund>;

// How a refund row reads as the refund tool's result, whichever provider: refunded, failed,
// checking, needs_approval, or unconfirmed while open (§9). Adyen's `received` reads first.
ToolResult refundRowResult(const Operation &row);

} // namespace ops
