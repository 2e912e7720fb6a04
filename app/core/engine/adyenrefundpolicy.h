#pragma once

// What an Adyen refund decides for itself under Settlement's rules (DESIGN §15, docs/adyen.md):
// a 201 is only `received`. The row stays open with the refund's pspReference and the sub-status
// `received`, nothing more is sent for it, and it reads as `accepted` with the fixed note until
// its REFUND notification settles it. Adyen cannot read a refund back, so an operator resend of
// an unknown row learns at most that Adyen received it: the row stays unknown. Defined in
// adyenrefundpolicy.cpp.

#include "engine/refundpolicy.h"

namespace ops {

inline const QString kAdyenReceived = QStringLiteral("received");

// How an Adyen refund row reads: `accepted` while Adyen has it `received`, else as any refund.
ToolResult adyenRefundRowResult(const Operation &row);

class AdyenRefundPolicy final : public ProviderPolicy<AdyenClient, ToolResult::Subject::Refund>
{
public:
    using ProviderPolicy::ProviderPolicy;

    // An open row Adyen answered `received` for: its notification settles it.
    bool awaitsProvider(const Operation &row) const override;
};

} // namespace ops
