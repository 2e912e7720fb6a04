#include "engine/adyenrefundengine.h"

using namespace Qt::StringLiterals;

namespace ops {

ToolResult AdyenRefundEngine::refund(const RefundInput &input, const QString &actor)
{
    if (auto invalid = validateRefund(input))
        return *invalid;
    if (!input.toAdyen())
        return ToolResult::rejected(u"invalid_request"_s,
                                    u"a Stripe charge or payment intent is refunded through "
                                    "Stripe, not Adyen"_s);
    if (project().isEmpty())
        return ToolResult::rejected(u"provider_configuration"_s,
                                    u"no Adyen merchant account: set OPS_ADYEN_MERCHANT; nothing "
                                    "was stored or sent"_s);
    if (auto existing =
            refundBeforeOpening(m_store, m_rules, Provider::Adyen, project(), input, actor))
        return *existing;
    // No balance guard: Adyen has no read of a payment's refundable amount (docs/adyen.md).
    const auto opening = openRefundRow(m_store, buildOperation(input, actor), std::nullopt, actor);
    if (const auto *done = std::get_if<ToolResult>(&opening))
        return *done;
    return m_rules.drive(std::get<OpenResult>(opening), actor);
}

NewOperation AdyenRefundEngine::buildOperation(const RefundInput &in, const QString &actor) const
{
    NewOperation op = newRefundRow(in, Provider::Adyen, project(), actor);
    op.chargeId = in.adyenPaymentId; // the payment refunded, where a Stripe row keeps its charge
    // Rule 10: the operation id is the request's `reference`, echoed as merchantReference.
    op.request = adyenRefundRequest(in.adyenPaymentId, project(), op.amount, op.id);
    op.attemptCap = m_config.attemptsPerOperation;
    op.windowSeconds = m_config.windowSeconds;
    op.marginSeconds = m_config.marginSeconds;
    return op;
}

} // namespace ops
