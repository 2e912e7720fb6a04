#pragma once

// Which engine refunds what, decided here once for opsctl, the MCP server and the console: a
// Stripe charge or payment intent goes to RefundEngine, an Adyen payment to AdyenRefundEngine,
// and a person's resend of a refund row to the engine of the row's provider. A provider the
// caller has no client for answers `rejected` / not_configured with the caller's reason, and
// nothing is stored or sent.

#include "engine/adyenrefundengine.h"
#include "engine/refundengine.h"

namespace ops {

struct RefundClients
{
    StripeClient *stripe = nullptr; // null: Stripe is not configured; stripeProblem says why
    QString stripeProblem;
    AdyenClient *adyen = nullptr; // null: Adyen is not configured; adyenProblem says why
    QString adyenProblem;
};

// The refund tool's call: RefundEngine::refund or AdyenRefundEngine::refund by the input.
ToolResult refundThrough(Session &session, const RefundClients &clients, const EngineConfig &config,
                         const RefundInput &input, const QString &actor);
// A person's resend (or approval) of refund row `op` through its provider's engine.
ToolResult resendRefundThrough(Session &session, const RefundClients &clients,
                               const EngineConfig &config, const Operation &op,
                               const QString &actor);

} // namespace ops
