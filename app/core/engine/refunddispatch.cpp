#include "engine/refunddispatch.h"

using namespace Qt::StringLiterals;

namespace ops {

namespace {

ToolResult notConfigured(const QString &provider, const QString &problem)
{
    return ToolResult::rejected(
        u"not_configured"_s,
        problem.isEmpty() ? u"%1 is not configured; nothing was stored or sent"_s.arg(provider)
                          : problem);
}

} // namespace

ToolResult refundThrough(Session &session, const RefundClients &clients, const EngineConfig &config,
                         const RefundInput &input, const QString &actor)
{
    if (input.toAdyen()) {
        if (!clients.adyen)
            return notConfigured(u"Adyen"_s, clients.adyenProblem);
        return AdyenRefundEngine(session, *clients.adyen, AdyenEngineConfig(config))
            .refund(input, actor);
    }
    if (!clients.stripe)
        return notConfigured(u"Stripe"_s, clients.stripeProblem);
    return RefundEngine(session, *clients.stripe, config).refund(input, actor);
}

ToolResult resendRefundThrough(Session &session, const RefundClients &clients,
                               const EngineConfig &config, const Operation &op,
                               const QString &actor)
{
    if (op.kind != OperationKind::Refund)
        return ToolResult::rejected(u"not_a_refund"_s, u"%1 is not a refund"_s.arg(op.id));
    if (op.provider == Provider::Adyen) {
        if (!clients.adyen)
            return notConfigured(u"Adyen"_s, clients.adyenProblem);
        return AdyenRefundEngine(session, *clients.adyen, AdyenEngineConfig(config))
            .resend(op.id, actor);
    }
    if (!clients.stripe)
        return notConfigured(u"Stripe"_s, clients.stripeProblem);
    return RefundEngine(session, *clients.stripe, config).resend(op.id, actor);
}

} // namespace ops
