#pragma once

// The refund engine: docs/design.md rules 1–10 and 13 for Stripe refunds (Adyen's:
// adyenrefundengine.h). One call of refund() is
// one tool call of the agent: it finds the live row, or answers a repeat of a confirmed refund
// (rule 13), or opens the operation row; then makes at most attemptsPerCall attempts with the
// stored key and bytes, and returns an honest ToolResult.

#include "engine/enginebase.h"
#include "engine/refundpolicy.h"
#include "engine/refundunit.h"

#include <variant>

namespace ops {

struct EngineConfig
{
    int attemptsPerCall = 3;
    int attemptsPerOperation = 6;
    qint64 windowSeconds = 24 * 3600; // Stripe v1 keeps keys for 24 h
    qint64 marginSeconds = 15 * 60;
    std::chrono::milliseconds backoffBase{250};
    std::chrono::milliseconds backoffCap{4000};
    std::uint64_t jitterSeed = 0; // 0: seeded from the clock
    QString project;              // Stripe account label; '' for the default account
};

// The reads before a Stripe refund row is written; a batch check makes the same ones.
// input.chargeId's charge, or the rejection to return (unknown, unreadable, other currency).
std::variant<StripeCharge, ToolResult> readCharge(StripeClient &client, const RefundInput &input);
// The charge id of input.paymentIntentId, or the rejection to return.
std::variant<QString, ToolResult> resolvePaymentIntent(StripeClient &client,
                                                       const RefundInput &input);

// resend(operationId, actor): the operator resend of a refund row (EngineBase).
class RefundEngine : public EngineBase<RefundPolicy, StripeClient, EngineConfig>
{
public:
    // (store, client, config, sleeper = threadSleep)
    using EngineBase::EngineBase;

    // actor: "agent:toolu_01", "operator:alice", …
    ToolResult refund(const RefundInput &input, const QString &actor);

    // Input checks that need no database and no provider (validateRefund); nullopt when
    // acceptable. An Adyen payment is valid input, refunded by AdyenRefundEngine.
    static std::optional<ToolResult> validate(const RefundInput &input)
    {
        return validateRefund(input);
    }

private:
    ToolResult openNew(const RefundInput &input, const QString &actor);
    NewOperation buildOperation(const RefundInput &input, const QString &actor) const;
    // The row another caller opened for the same unit while this call read the charge.
    std::optional<ToolResult> concurrentResult(const RefundInput &input, const QDateTime &since,
                                               const QString &actor);
};

} // namespace ops
