#pragma once

// What a Stripe refund decides for itself under Settlement's rules: a success is a refund whose
// metadata names this operation (failed or canceled refunds close the row as failed), and a row
// reads as the refund tool's result (docs/design.md §9).

#include "engine/settlement.h"

namespace ops {

class RefundPolicy final : public ProviderPolicy<StripeClient>
{
public:
    using ProviderPolicy::ProviderPolicy;

    ToolResult::Subject subject() const override { return ToolResult::Subject::Refund; }
    ToolResult succeed(Settlement &rules, const Operation &op, const SentAttempt &sent,
                       const QString &actor) override;
    ToolResult rowResult(const Operation &row) override;
    ResendVerdict readResendAnswer(Settlement &rules, const Operation &op, const SentAttempt &sent,
                                   const QString &actor) override;
};

} // namespace ops
