#include "engine/adyenrefundpolicy.h"

#include "domain/evidencemaking.h"

using namespace Qt::StringLiterals;

namespace ops {

namespace {

using Base = ProviderPolicy<AdyenClient, ToolResult::Subject::Refund>;

// The refund in a 201, when it is this operation's (rule 10: our id as `reference`, and the
// amount we stored).
std::optional<AdyenRefund> ourRefund(const Operation &op, const ProviderReply &reply)
{
    auto refund = parseAdyenRefund(reply.http.body);
    if (!refund || refund->reference != op.id || refund->amount != op.amount)
        return std::nullopt;
    return refund;
}

} // namespace

bool AdyenRefundPolicy::awaitsProvider(const Operation &row) const
{
    return awaitsProviderNotification(row);
}

template<>
ToolResult Base::succeed(Settlement &rules, const Operation &op, const SentAttempt &sent,
                         const QString &actor)
{
    const auto refund = ourRefund(op, sent.reply);
    if (!refund)
        return rules.checking(op, u"provider received a refund that is not this operation's"_s,
                              actor);
    if (refund->status != kAdyenReceived)
        return rules.checking(op,
                              u"provider answered refund %1 with status '%2', not received"_s.arg(
                                  refund->pspReference, refund->status.left(40)),
                              actor);
    // The key is pinned to one refund: a 201 naming another is not this row's answer.
    if (!op.providerRef.isEmpty() && op.providerRef != refund->pspReference)
        return rules.checking(op,
                              u"provider answered refund %1, the row holds %2"_s.arg(
                                  refund->pspReference, op.providerRef),
                              actor);
    // A second send that met the first answer (a repeat under the key) records nothing new.
    if (op.providerRef.isEmpty()) {
        m_store.addEvidence(providerObject(
            op.id,
            u"Refund %1 received by the provider (not yet an outcome)"_s.arg(refund->pspReference),
            sent.reply.http.body, actor));
        m_store.recordProviderObject(op.id, refund->pspReference, kAdyenReceived, actor);
    }
    return rules.resultForRow(op.id);
}

ToolResult adyenRefundRowResult(const Operation &row)
{
    if (awaitsProviderNotification(row))
        return ToolResult::accepted(row.id, row.providerRef);
    return refundRowResult(row);
}

template<> ToolResult Base::rowResult(const Operation &row)
{
    return adyenRefundRowResult(row);
}

template<>
ResendVerdict Base::readResendAnswer(Settlement &, const Operation &op, const SentAttempt &sent,
                                     const QString &actor)
{
    const auto refund = ourRefund(op, sent.reply);
    if (!refund || (!op.providerRef.isEmpty() && op.providerRef != refund->pspReference))
        return LeaveAsIs{u"the refund is not this operation's; a person decides"_s};
    if (refund->status != kAdyenReceived)
        return LeaveAsIs{u"Adyen answered refund %1 with status '%2', not received; a person "
                         "decides"_s.arg(refund->pspReference, refund->status.left(40))};
    // The 201 proves the refund exists at Adyen, not how it ended: the row stays unknown, and
    // keeps the refund's reference and the answer for whoever reads it next.
    if (op.providerRef.isEmpty()) {
        m_store.addEvidence(providerObject(
            op.id,
            u"Refund %1 received by the provider, answered to an operator resend"_s.arg(
                refund->pspReference),
            sent.reply.http.body, actor));
        m_store.recordProviderObject(op.id, refund->pspReference, kAdyenReceived, actor);
    }
    return LeaveAsIs{u"Adyen received this refund as %1; only its REFUND notification says how "
                     "it ended"_s.arg(refund->pspReference)};
}

} // namespace ops
